#!/bin/sh
# matrix.sh OJDOKU -- `ojdoku judge --package DIR` and its `--report FILE.html` (issue #44):
#  1. a Kattis package of poj3074 (ojdoku package) with submissions of every kind: right (a
#     script), wrong (a script changing a digit), slow and crashing (C sources the judge
#     compiles), and two misfiled (a wrong one in accepted/, a right one in wrong_answer/): the
#     matrix gives each column the verdict its program earns on every test, the misfiled ones
#     are named and the run exits 1; without them it exits 0;
#  2. the report, read as source: one file, no script, nothing fetched (no src or href), the
#     matrix, a section per failing run with the command to reproduce it, three figures per
#     wrong case with the differing cell marked;
#  3. the report as Chromium shows it (headless; skipped, saying so, without Chromium): the
#     DOM it parsed (--dump-dom) holds the same table, sections, figures and marks, and its
#     screenshot (--screenshot, read pixel by pixel) shows the verdicts' colours and the marks;
#  4. `ojdoku stress --report`: a row per test passed and the shrunk case, its WA drawn, the
#     summary, the command that judges DIR/minimal.in again (run: WA), a report with no
#     failure; Chromium's DOM of it as written.
# The reference solution.c (180 KB of the amalgamation, cut to what it runs: seconds to compile
# at -O2 on a loaded machine) is left out of the runs: slow.c and crash.c are the compiled sources.
# Closes with "matrix: N passed, N failed".
. "$(dirname "$0")/lib.sh"
cli_start "matrix" "matrix.sh OJDOKU" "$@"
here=$top/tests/cli

# ---- 1. the matrix ------------------------------------------------------------------------------
p=$tmp/pkg
"$bin" package --format poj3074 --layout kattis --tests 1 --seed 5 "$p" 2> /dev/null
check "the package is written" [ -d "$p/data/secret" ]
rm "$p/submissions/accepted/solution.c"
mkdir -p "$p/submissions/wrong_answer" "$p/submissions/time_limit_exceeded" \
    "$p/submissions/run_time_error"
printf '#!/bin/sh\nexec "%s" --format poj3074\n' "$bin" > "$p/submissions/accepted/right.sh"
# the first digit of the first line made the next one: a row then repeats a value
cat > "$p/submissions/wrong_answer/wrong.sh" <<EOF
#!/bin/sh
"$bin" --format poj3074 | awk '!done && match(\$0, /[1-9]/) { d = substr(\$0, RSTART, 1);
    \$0 = substr(\$0, 1, RSTART - 1) (d % 9 + 1) substr(\$0, RSTART + 1); done = 1 } { print }'
EOF
echo 'int main(void) { for (;;) ; }' > "$p/submissions/time_limit_exceeded/slow.c"
printf '#include <stdlib.h>\nint main(void) { abort(); }\n' > "$p/submissions/run_time_error/crash.c"
cp "$p/submissions/wrong_answer/wrong.sh" "$p/submissions/accepted/oops.sh"
cp "$p/submissions/accepted/right.sh" "$p/submissions/wrong_answer/lucky.sh"
ntests=$(find "$p/data" -name '*.in' | wc -l)

# TMPDIR: the programs are built under a folder of this test's own, which must be empty after
mkdir "$tmp/builds"
(cd "$tmp" && TMPDIR=$tmp/builds "$bin" judge --show "$bin" --package pkg --tl 0.5 \
    --report "$tmp/r.html" > "$tmp/out" 2> "$tmp/err")
check "two misfiled: exit 1" [ $? = 1 ]
# the column of each submission: its cells' verdicts, one a line
column() { # NAME: the verdicts of its column
    # the columns are padded: a cell starts where its heading does
    awk -v name="$1" 'NR == 1 { at = index($0 " ", "  " name " ") + 2; if (at == 2) exit; next }
        $1 == "got" { exit } { print substr($0, at, 3) }' \
        "$tmp/out" | sed 's/ *$//' | sort | uniq -c | awk '{print $1, $2}'
}
for case in accepted/right.sh:AC accepted/oops.sh:WA wrong_answer/wrong.sh:WA \
            wrong_answer/lucky.sh:AC time_limit_exceeded/slow.c:TLE run_time_error/crash.c:RE; do
    name=${case%:*} want=${case#*:}
    check "$name: $want on each of the $ntests tests" [ "$(column "$name")" = "$ntests $want" ] ||
        cat "$tmp/out" "$tmp/err"
done
check "the matrix has a row per test, the heading and the verdicts" \
    [ "$(sed -n '/^test /,/^got /p' "$tmp/out" | wc -l)" = $((ntests + 2)) ]
check "oops.sh named: WA on the sample, filed as AC" \
    grep -q '^accepted/oops.sh: WA on test sample/1 (case 1: .*), but filed as AC$' "$tmp/out"
check "lucky.sh named: accepted everywhere, filed as WA" \
    grep -qx 'wrong_answer/lucky.sh: accepted on every test, but filed as WA' "$tmp/out"
check "the summary: 6 submissions, 4 as filed, 2 not" \
    grep -qx '6 submissions: 4 as filed, 2 not' "$tmp/out"
check "no built program left in \$TMPDIR" [ -z "$(ls -A "$tmp/builds")" ]

rm "$p/submissions/accepted/oops.sh" "$p/submissions/wrong_answer/lucky.sh"
"$bin" judge --show "$bin" --package "$p" --tl 0.5 > "$tmp/out2" 2> /dev/null
check "every submission as filed: exit 0" [ $? = 0 ]
check "the summary: 4 as filed, 0 not" grep -qx '4 submissions: 4 as filed, 0 not' "$tmp/out2"
mkdir -p "$p/submissions/run_time_error"
echo 'int main(void) { return' > "$p/submissions/run_time_error/broken.c"
"$bin" judge --show "$bin" --package "$p" --tl 0.5 > "$tmp/out3" 2> /dev/null
check "a source that does not compile: exit 1, a compile error" \
    sh -c "[ $? = 1 ] && grep -q '^run_time_error/broken.c: compile error' '$tmp/out3'"
rm "$p/submissions/run_time_error/broken.c"
for bad in "--package $p -- /bin/true" \
           "--package $p $p/data" "--package $tmp/nothing-here"; do
    # shellcheck disable=SC2086
    "$bin" judge $bad > /dev/null 2>&1
    check "judge $bad: exit 2" [ $? = 2 ]
done

# programs named on the command line: the same matrix, each expected to be accepted
(cd "$tmp" && "$bin" judge --format poj3074 --tl 0.5 pkg/data -- \
    sh pkg/submissions/wrong_answer/wrong.sh -- "$bin" --format poj3074 > "$tmp/prog" 2> /dev/null)
check "judge TESTS -- WRONG -- RIGHT: exit 1" [ $? = 1 ]
check "judge TESTS -- WRONG -- RIGHT: a column each" \
    grep -q "^test  *sh pkg/submissions/wrong_answer/wrong.sh  *$bin --format poj3074\$" "$tmp/prog"
check "judge TESTS -- WRONG -- RIGHT: the wrong one named, on the sample" \
    grep -q "^sh pkg/submissions/wrong_answer/wrong.sh: WA on test sample/1 (case 1: " "$tmp/prog"
check "judge TESTS -- WRONG -- RIGHT: 1 of 2 accepted" \
    grep -qx '2 programs: 1 accepted on every test, 1 not' "$tmp/prog"
"$bin" judge --format poj3074 --report "$tmp/one.html" "$p/data/sample/1.in" -- "$bin" \
    --format poj3074 > /dev/null 2>&1
check "judge --report TEST -- RIGHT: exit 0, the report written" \
    sh -c "[ $? = 0 ] && grep -q 'accepted on every test, 0 not' '$tmp/one.html'"
"$bin" judge --format poj3074 --report "$tmp/x.html" --generate 2 -- "$bin" > /dev/null 2>&1
check "judge --report --generate: exit 2 (keep the tests with --dir)" [ $? = 2 ]

# ---- 2. the report, as written ----------------------------------------------------------------
r=$tmp/r.html
wa_sections=$((2 * ntests))
failing=$((4 * ntests)) # oops, wrong: WA; slow: TLE; crash: RE
python3 "$here/report_read.py" dom "$r" > "$tmp/src.txt"
val() { awk -v k="$1" '$1 == k { print $2 }' "$2"; }
check "report: no script, nothing fetched" \
    [ "$(val scripts "$tmp/src.txt")/$(val external "$tmp/src.txt")" = 0/0 ]
check "report: the matrix, a row per test" [ "$(val rows "$tmp/src.txt")" = $((ntests + 2)) ]
check "report: a section per failing run ($failing)" [ "$(val sections "$tmp/src.txt")" = $failing ]
check "report: a command per failing run" [ "$(val commands "$tmp/src.txt")" = $failing ]
check "report: three figures per wrong case" \
    [ "$(val figures "$tmp/src.txt")" = $((3 * wa_sections)) ]
check "report: the differing cell marked in each wrong case" \
    [ "$(val marks "$tmp/src.txt")" = $wa_sections ]
check "report: the two misfiled marked" [ "$(val misfiled "$tmp/src.txt")" = 2 ]
check "report: the command compiles the source and judges it on the test" \
    grep -q ">cc -std=gnu11 -O2 -o /tmp/slow pkg/submissions/time_limit_exceeded/slow.c \
-lm &amp;&amp;" "$r"
check "report: the command of a script runs it under sh" \
    grep -q "ojdoku judge --format poj3074 --tl 0.5 pkg/data/sample/1.in -- sh \
pkg/submissions/accepted/oops.sh" "$r"
# the reproducing command, run, gives the verdict of its cell
(cd "$tmp" && "$bin" judge --format poj3074 --tl 0.5 pkg/data/sample/1.in -- \
    sh pkg/submissions/wrong_answer/wrong.sh > "$tmp/again" 2>&1)
check "report: the command, run, gives the cell's WA" grep -q '^WA ' "$tmp/again"

# ---- 3. the report in a browser -------------------------------------------------------------
chrome=$(command -v chromium || command -v chromium-browser || command -v google-chrome)
if [ -z "$chrome" ]; then
    echo "matrix: skipped: the report in a browser: no chromium (Debian's chromium package)"
else
    run_chrome() {
        timeout 120 "$chrome" --headless --no-sandbox --disable-gpu --no-first-run \
            --user-data-dir="$tmp/chrome" "$@" "file://$r" 2> "$tmp/chrome.err"
    }
    run_chrome --dump-dom > "$tmp/dom.html"
    check "chromium --dump-dom: the page" [ -s "$tmp/dom.html" ] || tail -3 "$tmp/chrome.err"
    python3 "$here/report_read.py" dom "$tmp/dom.html" > "$tmp/dom.txt"
    for key in rows sections figures marks misfiled commands cells.ac cells.wa cells.tle \
               cells.re; do
        check "chromium's DOM: $key as written ($(val "$key" "$tmp/src.txt"))" \
            [ "$(val "$key" "$tmp/dom.txt")" = "$(val "$key" "$tmp/src.txt")" ]
    done
    check "chromium's DOM: the summary says 2 not as filed" \
        grep -q '^summary Profile poj3074; 6 submissions on .* 4 as filed, 2 not.$' "$tmp/dom.txt"
    run_chrome --screenshot="$tmp/shot.png" --window-size=1400,1400 > /dev/null
    check "chromium --screenshot: a PNG" [ -s "$tmp/shot.png" ]
    python3 "$here/report_read.py" png "$tmp/shot.png" > "$tmp/png.txt" 2>&1
    # the first screen holds the matrix (a cell is ~130 x 18 pixels) and the first wrong case
    for colour in ac wa tle re; do
        check "the screenshot shows the $colour cells (more than 1000 pixels)" \
            [ "$(val "colour.$colour" "$tmp/png.txt")" -gt 1000 ]
    done
    check "the screenshot shows the mark of a differing cell (its outline's red)" \
        [ "$(val colour.mark "$tmp/png.txt")" -gt 300 ]
fi

# ---- 4. stress --report: the same report of one program --------------------------------------
cp "$p/submissions/wrong_answer/wrong.sh" "$tmp/wrong" && chmod +x "$tmp/wrong"
"$bin" stress -q --format poj3074 --seed 3 --cases 5 -n 5 --dir "$tmp/st" \
    --report "$tmp/st.html" -- "$tmp/wrong" > "$tmp/st.out" 2>&1
check "stress --report WRONG: exit 1, a failure" [ $? = 1 ]
python3 "$here/report_read.py" dom "$tmp/st.html" > "$tmp/st.txt"
first=$(sed -n 's/^test \([0-9]*\) of 5 .*/\1/p' "$tmp/st.out")
others=$(grep -c '^also seen:' "$tmp/st.out")
check "stress report: a row per test passed ($((first - 1))) and the shrunk case, each other" \
    [ "$(val rows "$tmp/st.txt")" = $((first - 1 + 1 + others + 2)) ]
check "stress report: no script, nothing fetched" \
    [ "$(val scripts "$tmp/st.txt")/$(val external "$tmp/st.txt")" = 0/0 ]
check "stress report: the shrunk WA's section, three figures, the cell marked" \
    [ "$(val sections "$tmp/st.txt")/$(val figures "$tmp/st.txt")/$(val marks "$tmp/st.txt")" \
      = "$((1 + others))/3/1" ]
check "stress report: the summary says what stress said" \
    grep -q "^summary Test $first of 5 (seed 3, 5 cases) got WA; shrunk in .* to [0-9]* cases\? \
with [0-9]* givens, written to $tmp/st/minimal.in.\$" "$tmp/st.txt"
# the command the report gives, run, judges the shrunk case WA
cmd=$(sed -n 's|.*<pre class="command"><code>\(ojdoku judge [^<]*minimal.in -- [^<]*\)</code>.*|\1|p' \
      "$tmp/st.html" | head -1)
check "stress report: the command judges DIR/minimal.in" [ -n "$cmd" ]
"$bin" ${cmd#ojdoku } > "$tmp/st.again" 2>&1
check "stress report: the command, run, gives WA" grep -q '^WA ' "$tmp/st.again"
"$bin" stress -q --format poj3074 --seed 3 --cases 5 -n 2 --dir "$tmp/st2" \
    --report "$tmp/st2.html" -- "$bin" --format poj3074 > /dev/null 2>&1
check "stress --report RIGHT: exit 0" [ $? = 0 ]
python3 "$here/report_read.py" dom "$tmp/st2.html" > "$tmp/st2.txt"
check "stress report, no failure: 2 rows of AC, no section, not marked" \
    [ "$(val cells.ac "$tmp/st2.txt")/$(val sections "$tmp/st2.txt")/$(val misfiled "$tmp/st2.txt")" = 2/0/0 ]
if [ -n "$chrome" ]; then
    r=$tmp/st.html
    run_chrome --dump-dom > "$tmp/st.dom.html"
    python3 "$here/report_read.py" dom "$tmp/st.dom.html" > "$tmp/st.dom.txt"
    for key in rows sections figures marks commands cells.wa summary; do
        check "chromium's DOM of the stress report: $key as written" \
            [ "$(val "$key" "$tmp/st.dom.txt")" = "$(val "$key" "$tmp/st.txt")" ]
    done
fi

cli_done
