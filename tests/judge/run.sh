#!/bin/sh
# run.sh OJDOKU PROGS JSON_CHECK -- `ojdoku judge`, `ojdoku stress` and `ojdoku check --explain` from the
# outside (issue #15), with the contestant programs of tests/judge/progs (PROGS: where make built
# them):
#  - the exact verdict and message of every program, limits included (TLE within 2.5 s, MLE for
#    1 GiB under --ml 256 and AC without, OLE), lenient and --strict;
#  - every judge profile: `ojdoku solve` is accepted in it and stress finds nothing;
#  - test discovery: DOMjudge's data/sample and data/secret, oj's test/, Polygon's tests/, names
#    and natural order; a wrong jury answer is FAIL;
#  - the report is the same with -j 1 and -j 3 (times and memory aside); --format json is valid
#    JSON lines (checked by json_check, which shares no code with ojdoku);
#  - colours and a progress line on a terminal only (script(1)), none in a pipe;
#  - stress: the failure it finds and the input it shrinks it to, for fixed seeds: the same on
#    every run, equal to tests/judge/stress_corner.in, and checked here on its own terms: the
#    program still fails it, it is a valid hdu1426 input, and blanking any one more given makes
#    it pass or makes an input the statement does not allow (a puzzle of two solutions);
#  - --hard-for: a naive row-by-row backtracking program is TLE on tests made hard for it where
#    the MRV program is AC, with 10 times the nodes; the cases keep to their statement;
#  - check --explain marks the cells the checker's message names;
#  - an output that is no grid is shown as the program's own lines, a blank is called one, and
#    judge and stress without --format say once on stderr how they judge (issue #30, item 4);
#  - usage errors exit 2 with one line.
# Test data comes from `ojdoku generate` with fixed seeds; its answers are checked by `ojdoku
# check` before use.  Closes with "judge: N passed, N failed".
bin=$1
progs=$2
JSON_CHECK=$3
here=$(dirname "$0")
export LC_ALL=C
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "judge: FAIL: $*"; }
# check DESCRIPTION COMMAND...: passes when COMMAND succeeds.
check() {
    what=$1
    shift
    if "$@"; then ok; else bad "$what"; return 1; fi
}
# The checks of timing alone (how close to a limit a program is stopped, the wall-clock guard's
# 4.5 s, the verdicts on a loaded machine, stress's budget) cost the contestant programs' time,
# which ASan does not change: with OJD_SANITIZED set (make sanitize) they are left to the plain
# build's run; each verdict's code path still runs under ASan in a shorter case.
timing() { [ -z "$OJD_SANITIZED" ]; }
timing || echo "judge: the checks of timing alone run in the plain build only"
# The field of a test line: verdict, name, seconds, MiB, message.
field() { # LINE N
    echo "$1" | awk -v n="$2" '{
        if (n == 5) { sub(/^[A-Z]+ +test +[^ ]+ +[0-9.]+ s +[0-9.]+ MiB  /, ""); print; exit }
        print (n == 1 ? $1 : n == 2 ? $3 : n == 3 ? $4 : $6); exit }'
}
# The report's test lines (those that start with a verdict).
lines() { grep -E '^(AC|WA|PE|RE|TLE|MLE|OLE|FAIL) +test ' "$1"; }

# ---- test data ---------------------------------------------------------------------------------
t=$tmp/hdu
mkdir "$t"
for i in 1 2 3; do
    "$bin" generate -n 4 --seed "$i" --format hdu1426 --answers "$t/0$i.ans" > "$t/0$i.in"
    check "the jury answer $i is right" "$bin" check --format hdu1426 "$t/0$i.in" "$t/0$i.ans" \
        2>/dev/null
done
one=$tmp/one
mkdir "$one"
cp "$t/01.in" "$t/01.ans" "$one/"

# judge PROGRAM [OPTIONS] TESTS: the report in $tmp/report, the exit status in $status.
judge() {
    prog=$1
    shift
    "$bin" judge -q --show "$progs" "$@" -- "$progs/$prog" > "$tmp/report" 2> "$tmp/err"
    status=$?
}
# expect PROGRAM VERDICT MESSAGE-REGEX STATUS OPTIONS... TESTS: every test line has VERDICT and a
# message matching MESSAGE-REGEX (an extended regular expression, whole message).
expect() {
    prog=$1 want=$2 message=$3 want_status=$4
    shift 4
    judge "$prog" "$@"
    label="$prog $*"
    check "$label: exit $want_status (got $status)" [ "$status" = "$want_status" ] ||
        cat "$tmp/report" "$tmp/err"
    n=$(lines "$tmp/report" | wc -l)
    check "$label: a line per test" [ "$n" -ge 1 ]
    lines "$tmp/report" > "$tmp/lines"
    while IFS= read -r line; do
        got=$(field "$line" 1)
        msg=$(field "$line" 5)
        check "$label: $want, not '$line'" [ "$got" = "$want" ] &&
            check "$label: message '$msg' ~ /$message/" \
                sh -c 'printf "%s\n" "$1" | grep -Eqx -- "$2"' - "$msg" "$message"
    done < "$tmp/lines"
}

# a program named without ./ that is in the working directory: the message says how to name it
case $bin in /*) abs_bin=$bin ;; *) abs_bin=$PWD/$bin ;; esac
(cd "$progs" && "$abs_bin" judge -q --format hdu1426 "$t" -- correct) > /dev/null 2> "$tmp/err"
check "judge -- correct, ./correct there: 'did you mean ./correct?'" \
    grep -q "cannot run 'correct': .* (did you mean ./correct?)" "$tmp/err"

# ---- the verdict of every program --------------------------------------------------------------
fmt="--format hdu1426"
expect correct AC '4 cases' 0 $fmt "$t"
expect wrong_digit WA 'case 3: (row|column|box) [1-9] repeats [1-9]' 1 $fmt "$t"
expect first_case WA 'case 2: missing \(the output ends after 1 case\)' 1 $fmt "$t"
expect echo.sh WA "case 1: row 1 column [1-9]: cell left blank [(][?][)]" 1 $fmt "$t"
expect segv RE 'killed by SIGSEGV' 1 $fmt "$t"
expect exit3.sh RE 'exit code 3' 1 $fmt "$t"
expect xcpu.sh RE 'killed by SIGXCPU' 1 $fmt "$t"
expect blank_line.sh AC '4 cases \(not byte-exact: line 40 column 1: blank line at the end; --strict to reject\)' 0 $fmt "$t"
expect blank_line.sh PE 'line 40 column 1: blank line at the end' 1 --strict $fmt "$t"
expect trailing.sh AC '4 cases \(not byte-exact: line 1 column 18: trailing whitespace; --strict to reject\)' 0 $fmt "$t"
expect trailing.sh PE 'line 1 column 18: trailing whitespace' 1 --strict $fmt "$t"
expect print1g OLE 'output limit 64 MiB: stopped there' 1 $fmt "$one"
expect print1g OLE 'output limit 1 MiB: stopped there' 1 --ol 1 $fmt "$one"

# time limits (issue #45): on CPU time, a CPU burner stopped within 2.5 s of CPU time; a shell
# waiting on a child uses none, and is stopped by the wall-clock guard (5 x 0.5 + 2 s), "idle"
expect spin TLE 'time limit 0\.5 s: stopped at 0\.[5-9][0-9] s of CPU time' 1 --tl 0.5 $fmt "$one"
if timing; then
expect spin TLE 'time limit 2 s: stopped at 2\.[0-4][0-9] s of CPU time' 1 --tl 2 $fmt "$one"
seconds=$(field "$(lines "$tmp/report")" 3)
check "spin: stopped within 2.5 s of CPU time ($seconds s)" \
    awk -v s="$seconds" 'BEGIN { exit !(s >= 2.0 && s < 2.5) }'
expect sleep.sh TLE 'time limit 0\.5 s: idle: stopped by the wall-clock guard after 4\.[5-9][0-9] s with 0\.0[0-9] s of CPU time' 1 --tl 0.5 $fmt "$one"
fi

# The same verdicts at every -j on a loaded machine (issue #45, item 2): a spinning shell takes
# a processor while a program well inside the limit (0.2 s of CPU time at --tl 0.4) and one
# well outside it (spin) are judged at -j 1, 2 and 8; -j above the processors is capped, with a
# warning.  On wall-clock time the first was TLE as soon as the runs shared the processors.
if timing; then
sh -c 'while :; do :; done' &
load=$!
cpus=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)
for j in 1 2 8; do
    "$bin" judge -q $fmt --tl 0.4 --generate 3 --seed 3 -j $j -- "$progs/burn" 200 \
        > "$tmp/burn$j" 2> "$tmp/burn$j.err"
    check "burn 0.2 s of CPU at --tl 0.4, -j $j, loaded: 3 AC" grep -q '^3 tests: 3 AC;' \
        "$tmp/burn$j" || cat "$tmp/burn$j"
    "$bin" judge -q $fmt --tl 0.4 --generate 2 --seed 3 -j $j -- "$progs/spin" \
        > "$tmp/spin$j" 2> "$tmp/spin$j.err"
    check "spin at --tl 0.4, -j $j, loaded: 2 TLE" grep -q '^2 tests: 2 TLE;' "$tmp/spin$j" ||
        cat "$tmp/spin$j"
    if [ "$j" -gt "$cpus" ]; then
        check "-j $j on $cpus processors: capped, with a warning" \
            grep -q "^ojdoku: judge: -j $j is more than the $cpus processors\{0,1\} here: $cpus runs at once\$" \
            "$tmp/burn$j.err"
    fi
done
kill "$load"
wait "$load" 2>/dev/null
fi

# 1 GiB under a 256 MiB address space: MLE (the allocation fails, and with more room the program
# goes on); without --ml the same program is right and its peak memory is the gigabyte
expect alloc1g MLE 'memory limit 256 MiB: killed by SIGSEGV under it; ends normally with more room, reaching [0-9.]+ MiB' 1 --ml 256 --tl 10 $fmt "$one"
mib=$(field "$(lines "$tmp/report")" 4)
check "alloc1g --ml 256: the memory shown is over the limit ($mib MiB)" \
    awk -v m="$mib" 'BEGIN { exit !(m > 256) }'
# MLE only on evidence of memory (issue #29, item 3): a program that fails unpredictably is RE
# under --ml, and the message says what the run with more room did; an allocation failure's
# message on stderr is MLE under --ml and RE without
expect randexit.sh RE 'exit code [0-9]+ \(not memory: with more room, exit code [0-9]+(, the same)?\)' 1 --ml 256 $fmt "$t"
expect badalloc.sh MLE 'memory limit 64 MiB: killed by SIGABRT, and its stderr says an allocation failed' 1 --ml 64 $fmt "$one"
expect badalloc.sh RE 'killed by SIGABRT' 1 $fmt "$one"
expect exit3.sh RE 'exit code 3 \(not memory: with more room, exit code 3, the same\)' 1 --ml 256 $fmt "$one"
expect alloc1g AC '4 cases' 0 --tl 10 $fmt "$one"
mib=$(field "$(lines "$tmp/report")" 4)
check "alloc1g without --ml: peak memory 1 GiB or more ($mib MiB)" \
    awk -v m="$mib" 'BEGIN { exit !(m >= 1024) }'

# correct only for unique puzzles: Kattis with a grid of many solutions (the empty one) as case 3
k=$tmp/kattis
mkdir "$k"
"$bin" generate -n 2 --seed 5 --format kattis > "$k/unique.in"
{ cat "$k/unique.in"; echo; for r in 1 2 3 4 5 6 7 8 9; do echo "0 0 0 0 0 0 0 0 0"; done; } \
    > "$k/empty.in"
expect unique_only WA 'case 3: expected "Non-unique", found "[1-9]( [1-9]){8}"' 1 --format kattis \
    "$k/empty.in"
check "unique_only: the view says what was expected" grep -q '"Non-unique"' "$tmp/report"
expect unique_only AC '2 cases' 0 --format kattis "$k/unique.in"

# the side-by-side view under a wrong answer, stderr under a failure, the summary
judge wrong_digit $fmt "$one"
check "a WA is shown side by side" grep -q "^      puzzle  *program's output  *a solution$" \
    "$tmp/report"
check "the summary counts the verdicts" grep -Eq '^1 test: 1 WA; slowest ' "$tmp/report"
"$bin" judge -q $fmt "$one" -- sh -c 'cat > /dev/null; echo "no memory left" >&2; exit 1' \
    > "$tmp/report" 2>&1
check "the program's stderr follows its RE" grep -qx '      | no memory left' "$tmp/report"

# ---- every judge profile -----------------------------------------------------------------------
# `ojdoku solve --format P` is a right program for every profile P: generated tests in P, judged
# in P, are all AC; stress, whose tests hold every kind of case P has words for, finds nothing.
# (solve exits 1 when a case has no unique answer, which a judge would call a runtime error: the
# wrapper makes it the contestant that exits 0 after answering every case.)  Its answers in
# another profile's format are wrong.
solve_as_contestant='"$0" solve --format "$1"; [ $? -le 1 ]'
# (svg aside: a figure, which no checker reads)
for p in $("$bin" formats | awk '$1 != "json" && $1 != "svg" { print $1 }'); do
    cases=3 # as many as one input holds: judge and stress refuse more
    "$bin" formats "$p" | grep -q '^input:  one case' && cases=1
    "$bin" judge -q --format "$p" --generate 2 --cases $cases --seed 4 -- \
        sh -c "$solve_as_contestant" "$bin" "$p" > "$tmp/report" 2>&1
    check "$p: ojdoku solve is accepted on generated tests" \
        sh -c "[ $? = 0 ] && grep -q '^2 tests: 2 AC;' '$tmp/report'" || cat "$tmp/report"
    "$bin" stress -q --format "$p" -n 2 --cases $cases --seed 4 --dir "$tmp/p" -- \
        sh -c "$solve_as_contestant" "$bin" "$p" > "$tmp/report" 2>&1
    check "$p: stress finds no failure in ojdoku solve" \
        sh -c "[ $? = 0 ] && grep -q 'no failure found' '$tmp/report'" || cat "$tmp/report"
done
"$bin" stress -q --format uva10957 --kinds unique -n 2 --cases 4 --seed 1 --dir "$tmp/words" -- \
    "$bin" solve --format line > "$tmp/report" 2>&1
check "uva10957 answered with grids: shrunk to the empty grid, which wants a word" \
    sh -c "grep -q '^shrunk in [0-9]* runs: 4 cases -> 1, [0-9]* givens -> 0 ' '$tmp/report' &&
           grep -q 'expected \"Case 1: Ambiguous.\", found' '$tmp/report'" || cat "$tmp/report"

# ---- tests on disk ---------------------------------------------------------------------------------
d=$tmp/layouts
mkdir -p "$d/data/sample" "$d/data/secret" "$d/test" "$d/tests"
for i in 1 2 10; do cp "$t/01.in" "$d/data/secret/$i.in"; cp "$t/01.ans" "$d/data/secret/$i.ans"; done
cp "$t/02.in" "$d/data/sample/1.in"
cp "$t/02.ans" "$d/data/sample/1.ans"
for i in 1 2; do cp "$t/03.in" "$d/test/sample-$i.in"; cp "$t/03.ans" "$d/test/sample-$i.out"; done
for i in 01 02 11 3; do cp "$t/01.in" "$d/tests/$i"; cp "$t/01.ans" "$d/tests/$i.a"; done
touch "$d/data/secret/notes.txt" "$d/tests/.hidden.in"
names() { lines "$tmp/report" | awk '{ print $3 }' | tr '\n' ' '; }
judge correct $fmt "$d/data"
check "DOMjudge data/: sample first, numbers by value ($(names))" \
    [ "$(names)" = "sample/1 secret/1 secret/2 secret/10 " ]
judge correct $fmt "$d/test" "$d/tests"
check "oj test/ and Polygon tests/ ($(names))" \
    [ "$(names)" = "$d/test/sample-1 $d/test/sample-2 $d/tests/01 $d/tests/02 $d/tests/3 $d/tests/11 " ]
judge correct $fmt "$d/tests/11" "$d/test/sample-2.in"
check "files in the order given ($(names))" [ "$(names)" = "$d/tests/11 $d/test/sample-2 " ]
sed '1s/^./x/' "$t/01.ans" > "$d/data/secret/2.ans"
judge correct $fmt "$d/data"
check "a wrong jury answer is FAIL, exit 1" \
    sh -c "grep -q '^FAIL test secret/2 .*ANSWER' '$tmp/report' && [ $status = 1 ]"

# an input the statement does not allow is FAIL whatever the program does (issue #45, item 3):
# validated before the run, so a TLE or a crash no longer hides it; a valid test beside it is
# judged as ever
inv=$tmp/invalid
mkdir "$inv"
"$bin" generate -n 2 --seed 1 --format poj3074 > "$inv/ok.in"
{ cat "$inv/ok.in"; echo "junk"; } > "$inv/after_end.in"
"$bin" generate -n 2 --seed 1 --format spoj > "$inv/spoj_ok.in"
sed '2s/$/ /' "$inv/spoj_ok.in" > "$inv/trailing.in"
for prog in spin segv; do
    "$bin" judge -q --format poj3074 --tl 0.3 "$inv/ok.in" "$inv/after_end.in" -- "$progs/$prog" \
        > "$tmp/report" 2>&1
    check "poj3074, text after 'end', $prog: FAIL, before the run" \
        grep -q "^FAIL test $inv/after_end .* invalid test: INPUT line 4: text after the line 'end'\$" \
        "$tmp/report" || cat "$tmp/report"
    check "poj3074, the valid test beside it, $prog: judged" \
        grep -Eq "^(TLE|RE) +test $inv/ok " "$tmp/report"
    "$bin" judge -q --format spoj --tl 0.3 "$inv/trailing.in" -- "$progs/$prog" > "$tmp/report" 2>&1
    check "spoj, trailing space, $prog: FAIL, exit 1 ($?)" \
        sh -c "[ $? = 1 ] && grep -q '^FAIL test .* invalid test: INPUT line 2: trailing whitespace\$' '$tmp/report'" ||
        cat "$tmp/report"
done

# ---- -j, JSON --------------------------------------------------------------------------------------
# times and memory vary from run to run: everything else must be equal
# (and -j 3 on fewer processors is capped, which stderr says)
strip() {
    sed -E '/^ojdoku: judge: -j 3 is more than/d
            s/ +[0-9]+\.[0-9]+ s +[0-9]+\.[0-9]+ MiB  / T M  /; s/; slowest.*//' "$1"
}
for prog in wrong_digit exit3.sh first_case correct; do
    "$bin" judge -q --show "$progs" $fmt --generate 12 --seed 9 -j 1 -- "$progs/$prog" > "$tmp/j1" 2>&1
    s1=$?
    "$bin" judge -q --show "$progs" $fmt --generate 12 --seed 9 -j 3 -- "$progs/$prog" > "$tmp/j3" 2>&1
    s3=$?
    strip "$tmp/j1" > "$tmp/j1.s"
    strip "$tmp/j3" > "$tmp/j3.s"
    check "$prog: -j 3 reports what -j 1 does" cmp -s "$tmp/j1.s" "$tmp/j3.s" ||
        diff "$tmp/j1.s" "$tmp/j3.s" | head -5
    check "$prog: -j 3 exits as -j 1 ($s1, $s3)" [ "$s1" = "$s3" ]
    check "$prog: 12 tests" [ "$(lines "$tmp/j1" | wc -l)" = 12 ]
done
: > "$tmp/all.json"
for prog in correct wrong_digit segv exit3.sh print1g; do
    "$bin" judge -q --show "$progs" --format json $fmt --ol 1 "$t" -- "$progs/$prog" >> "$tmp/all.json" 2>&1
done
"$bin" judge -q -f json $fmt "$one" -- sh -c 'printf "\001\377\"\\\\ x\n" >&2; exit 1' \
    >> "$tmp/all.json" 2>&1
"$bin" judge -q --show "$progs" -f json $fmt "$one" -- "$progs/utf8_err.sh" >> "$tmp/all.json" 2>&1
check "--format json: valid JSON lines ($("$JSON_CHECK" < "$tmp/all.json" | head -1))" \
    "$JSON_CHECK" < "$tmp/all.json"
check "--format json: a line per test and a summary per run" [ "$(wc -l < "$tmp/all.json")" = 24 ]
check "--format json: the case of a wrong answer" \
    grep -q '"verdict":"WA",.*"message":"case 3: .*","case":3,' "$tmp/all.json"
check "--format json: a signal by name" grep -q '"signal":"SIGSEGV"' "$tmp/all.json"
check "--format json: stderr escaped" grep -qF '"stderr":"\u0001\ufffd\"\\ x\n"' "$tmp/all.json"
check "--format json: UTF-8 written through, a stray byte as U+FFFD" \
    grep -qF "\"stderr\":\"$(printf 'caf\303\251 \342\230\203') \\ufffd\\n\"" "$tmp/all.json"

# ---- a terminal: colours and the progress line -----------------------------------------------------
if command -v script > /dev/null; then
    script -qfec "$bin judge $fmt --tl 1.2 $one -- $progs/spin" /dev/null > "$tmp/tty" 2>&1
    check "on a terminal: the verdict in colour" grep -q "$(printf '\033')\[35mTLE" "$tmp/tty"
    check "on a terminal: a progress line, rewritten with CR" \
        sh -c "tr '\r' '\n' < '$tmp/tty' | grep -q '^ojdoku: judge: 0/1 tests, 0 failed, 1\\.[0-9] s'"
    "$bin" judge $fmt "$one" -- "$progs/correct" > "$tmp/pipe" 2>&1
    check "in a pipe: no colour, no progress line" \
        sh -c "! grep -q '$(printf '\033')' '$tmp/pipe' && ! grep -q \"\$(printf '\r')\" '$tmp/pipe'"
else
    bad "script(1) not found: the terminal is not tested"
fi

# ---- stress ----------------------------------------------------------------------------------------
# The off-by-one that never sees the bottom-right given, on 50-case tests: shrunk to one case.
st=$tmp/stress
"$bin" stress -q $fmt --kinds unique --seed 7 --cases 50 -n 20 --dir "$st" -- "$progs/corner" \
    > "$tmp/s1" 2>&1
status=$?
check "stress corner: exit 1 (a failure found)" [ "$status" = 1 ] || cat "$tmp/s1"
check "stress corner: the first test fails" \
    grep -q '^test 1 of 20 (seed 7, 50 cases, 9x9): WA  case [0-9]*: row 9 column 9: given' \
    "$tmp/s1"
check "stress corner: the shrunk input is tests/judge/stress_corner.in" \
    cmp -s "$st/minimal.in" "$here/stress_corner.in" || diff "$st/minimal.in" "$here/stress_corner.in"
check "stress corner: the output and the expected answer are there" \
    sh -c "[ -s '$st/minimal.output' ] && [ -s '$st/minimal.ans' ]"
check "stress corner: the expected answer is right" \
    "$bin" check $fmt "$st/minimal.in" "$st/minimal.ans" 2>/dev/null
check "stress corner: the program's output is what it prints" \
    sh -c "'$progs/corner' < '$st/minimal.in' | cmp -s - '$st/minimal.output'"
check "stress corner: the report names the files and the command" \
    sh -c "grep -q '^minimal input: *$st/minimal.in' '$tmp/s1' &&
           grep -q '^reproduce: *ojdoku judge --format hdu1426 --tl 2 $st -- $progs/corner$' '$tmp/s1'"
# the same seed: the same failure, the same shrunk input, the same report
rm -rf "$st"
"$bin" stress -q $fmt --kinds unique --seed 7 --cases 50 -n 20 --dir "$st" -- "$progs/corner" \
    > "$tmp/s2" 2>&1
strip "$tmp/s1" > "$tmp/s1.s"
strip "$tmp/s2" > "$tmp/s2.s"
check "stress corner: the same seed, the same report" cmp -s "$tmp/s1.s" "$tmp/s2.s"
check "stress corner: the same seed, the same input" cmp -s "$st/minimal.in" "$here/stress_corner.in"
# on its own terms: it fails, and it is 1-minimal (no given can go, no case can go, but into an
# input the statement does not allow)
judge corner $fmt "$st/minimal.in"
check "the shrunk input still fails (WA)" [ "$(field "$(lines "$tmp/report")" 1)" = WA ]
given=0
cells=$(tr -cd '?0-9\n' < "$st/minimal.in" | tr -d '\n' | wc -c)
i=0
while [ "$i" -lt "$cells" ]; do
    i=$((i + 1))
    # the i-th cell (the file's non-space characters), blanked if it is a given
    cell=$(tr -cd '?0-9' < "$st/minimal.in" | cut -c "$i")
    [ "$cell" = "?" ] && continue
    given=$((given + 1))
    awk -v n="$i" '{ out = ""; for (k = 1; k <= length($0); k++) { c = substr($0, k, 1);
                     if (c ~ /[?0-9]/ && ++seen == n) c = "?"; out = out c } print out }' \
        "$st/minimal.in" > "$tmp/less.in"
    # one step more is not a step when the statement does not allow its input (issue #30, item
    # 2: hdu1426's puzzles are unique); when it does, the program passes it
    if "$bin" validate --input $fmt "$tmp/less.in" > /dev/null 2>&1; then
        judge corner $fmt "$tmp/less.in"
        check "blanking given $given (cell $i) makes it pass" [ "$(field "$(lines "$tmp/report")" 1)" = AC ]
    else
        ok
    fi
done
check "the shrunk input is one hdu1426's statement allows" \
    sh -c '"$0" validate --input --format hdu1426 "$1" > /dev/null' "$bin" "$st/minimal.in"
check "the shrunk input has a given ($given)" [ "$given" -ge 1 ]
cases=$(awk 'BEGIN { RS = "" } END { print NR }' "$st/minimal.in")
check "the shrunk input has one case: none can go ($cases)" [ "$cases" = 1 ]
# a correct program: nothing found, exit 0
"$bin" stress -q $fmt --seed 1 -n 3 --dir "$tmp/none" -- "$progs/correct" > "$tmp/s3" 2>&1
check "stress correct: exit 0, nothing found" \
    sh -c "[ $? = 0 ] && grep -q 'no failure found' '$tmp/s3' && [ ! -e '$tmp/none' ]"
# a profile of any size and no --side: smaller sides are tried
"$bin" stress -q --seed 3 --cases 3 -n 10 --dir "$tmp/small" -- "$progs/corner" > "$tmp/s4" 2>&1
check "stress without --side: shrunk to a 4x4 grid ($(cat "$tmp/small/minimal.in"))" \
    sh -c "grep -q ', 9x9 -> 4x4 ' '$tmp/s4' && [ \$(tr -d '\n' < '$tmp/small/minimal.in' | wc -c) = 16 ]"
# the program right only for unique puzzles: stress with multiple cases finds it, and shrinks the
# failure to one case that wants "Non-unique"
"$bin" stress -q --format kattis --seed 1 -n 5 --cases 4 --kinds unique,multiple \
    --dir "$tmp/multi" -- "$progs/unique_only" > "$tmp/s5" 2>&1
check "stress --kinds unique,multiple: finds the unique-only program, exit 1" \
    sh -c "[ $? = 1 ] && grep -q '^shrunk in [0-9]* runs: [0-9]* cases -> 1,' '$tmp/s5' &&
           grep -q 'expected \"Non-unique\", found' '$tmp/s5'" || cat "$tmp/s5"
check "stress --kinds unique,multiple: its shrunk input has more than one solution" \
    sh -c "'$bin' --format json --count '$tmp/multi/minimal.in' | grep -q '\"solutions\":2'"

# a time limit is shrunk with a margin, a wrong answer met on the way is reported and kept, and
# the --budget ends the run (issue #30, item 3)
start=$(date +%s)
"$bin" stress -q $fmt --seed 2 -n 3 --cases 4 --tl 0.3 --budget 4 --dir "$tmp/slow" -- \
    "$progs/slow_many.sh" > "$tmp/s6" 2>&1
status=$?
took=$(( $(date +%s) - start ))
check "stress slow_many: exit 1, a TLE found and shrunk" \
    sh -c "[ $status = 1 ] && grep -q '^test 1 of 3 .*: TLE ' '$tmp/s6' && grep -q '^shrunk in ' '$tmp/s6'" ||
    cat "$tmp/s6"
check "stress slow_many: a shrunk TLE runs past 1.5 times the limit" \
    grep -q '^kept only inputs that run past 0.45 s, 1.5 times the limit (0.3 s)$' "$tmp/s6"
check "stress slow_many: two cases left (one is the wrong answer)" \
    sh -c "[ \$(wc -l < '$tmp/slow/minimal.in') -gt 9 ]"
check "stress slow_many: the wrong answer met on the way is reported and kept" \
    sh -c "grep -q '^also seen:       WA on $tmp/slow/other.in while shrinking: ' '$tmp/s6' &&
           [ \$(wc -l < '$tmp/slow/other.in') = 9 ]"
timing && check "stress slow_many: within the budget of 4 s (took $took s)" [ "$took" -le 6 ]
"$bin" stress -q $fmt --seed 2 -n 1000 --cases 2 --budget 1 --dir "$tmp/none2" -- "$progs/correct" \
    > "$tmp/s7" 2>&1
check "stress --budget 1: stops the search, exit 0, says so" \
    sh -c "[ $? = 0 ] && grep -q 'no failure found before the --budget of 1 s ran out' '$tmp/s7'" ||
    cat "$tmp/s7"

# judge --generate makes every test before the first timed run (issue #45, item 1): the first
# run already finds all of them kept in --dir, and a program that needs 0.6 s of CPU time is AC
# at --tl 1 on tests made hard for a naive search (made between the runs, they were TLE at -j 1)
# (--show lets the sandboxed program see the directory, and the script its helper)
OJDOKU_TEST_DIR=$tmp/made OJDOKU_TEST_COUNT=4 "$bin" judge -q $fmt --generate 4 --seed 2 \
    --cases 2 --dir "$tmp/made" --show "$tmp/made" --show "$progs" -- "$progs/all_made.sh" \
    > "$tmp/m1" 2>&1
check "judge --generate --dir: all 4 tests made before the first run" \
    grep -q '^4 tests: 4 AC;' "$tmp/m1" || cat "$tmp/m1"
if timing; then
"$bin" judge -q $fmt --tl 1 --generate 3 --cases 3 --seed 1 --hard-for bitmask -- \
    "$progs/burn" 600 > "$tmp/m2" 2>&1
check "judge --generate --hard-for: 0.6 s of CPU time at --tl 1 is AC" \
    grep -q '^3 tests: 3 AC;' "$tmp/m2" || cat "$tmp/m2"
fi

# judge --generate --dir keeps the tests it made, as judge reads them back (issue #30, item 5)
"$bin" judge -q $fmt --generate 3 --seed 2 --cases 4 --dir "$tmp/kept" -- "$progs/corner" > "$tmp/k1" 2>&1
check "judge --generate --dir: the tests kept, and said so" \
    sh -c "[ -f '$tmp/kept/01.in' ] && [ -f '$tmp/kept/03.ans' ] && grep -q '^tests kept in $tmp/kept: ' '$tmp/k1'"
for k in 01 02 03; do
    check "judge --generate --dir: test $k's answer is right" \
        "$bin" check $fmt "$tmp/kept/$k.in" "$tmp/kept/$k.ans" 2>/dev/null
done
"$bin" judge -q $fmt "$tmp/kept" -- "$progs/corner" > "$tmp/k2" 2>&1
# (times and memory aside)
lines "$tmp/k1" | awk '{ $4 = $5 = $6 = $7 = ""; print }' > "$tmp/k1.v"
lines "$tmp/k2" | awk '{ $4 = $5 = $6 = $7 = ""; print }' > "$tmp/k2.v"
check "judge DIR on the kept tests: the same verdicts and messages" \
    sh -c "[ -s '$tmp/k1.v' ] && cmp -s '$tmp/k1.v' '$tmp/k2.v'"
"$bin" judge -q $fmt --generate 3 --seed 2 --cases 4 -- "$progs/corner" > "$tmp/k3" 2>&1
check "judge --generate without --dir: a failure says how to keep the tests" \
    grep -qx 'the tests are not kept: --seed 2 with --dir DIR writes them again' "$tmp/k3"
"$bin" judge -q $fmt --generate 3 --seed 2 --dir /proc/nope -- "$progs/corner" > "$tmp/k4" 2>&1
check "judge --generate --dir /proc/nope: exit 2 before any run" \
    sh -c "[ $? = 2 ] && grep -q 'cannot write in /proc/nope' '$tmp/k4' && ! grep -q 'test 01' '$tmp/k4'"

# ---- --hard-for: tests a plain backtracking program times out on (issue #30, item 6) -----------
# naive_dfs fills the blanks row by row trying 1..9, as `--solver dfs` does.  The tests are made
# hard for bitmask, whose search is the same (row-major, values in increasing order: the same
# node counts, so the same hill climb and the same puzzles, checked on one puzzle below) and ten
# times faster to measure.  Measured on a loaded 2-core machine: naive_dfs takes about 3 s on
# these 30 cases and 0.1-0.3 s on 30 made without --hard-for; correct (MRV) 0.02 s on
# either.  A limit of 0.5 s leaves the slow program six times its limit and the right one
# twenty-five times its time, so the verdicts hold on a faster or a busier machine.  The node
# counts (`solve --stats`) are the deterministic half: at least 10 times those of the random
# puzzles made without it.
"$bin" judge -q $fmt --generate 1 --cases 30 --seed 7 --hard-for bitmask --tl 0.5 \
    --dir "$tmp/hard" -- "$progs/naive_dfs" > "$tmp/h1" 2>&1
check "judge --hard-for bitmask: naive row-by-row backtracking is TLE" \
    grep -Eq '^TLE +test 01 ' "$tmp/h1" || cat "$tmp/h1"
"$bin" judge -q $fmt --tl 0.5 "$tmp/hard" -- "$progs/correct" > "$tmp/h2" 2>&1
check "judge --hard-for bitmask: the MRV program is AC on the same tests" \
    grep -Eq '^AC +test 01 ' "$tmp/h2" || cat "$tmp/h2"
"$bin" judge -q $fmt --generate 1 --cases 30 --seed 7 --dir "$tmp/easy" -- "$progs/correct" \
    > /dev/null 2>&1
# "per puzzle 123.4 us, 26157.0 nodes, ...": the nodes
nodes() { "$bin" solve -q --solver dfs --stats $fmt "$1" 2>&1 >/dev/null |
    sed -n 's/.* us, \([0-9]*\)\.[0-9] nodes.*/\1/p'; }
hard_nodes=$(nodes "$tmp/hard/01.in")
easy_nodes=$(nodes "$tmp/easy/01.in")
check "judge --hard-for bitmask: dfs nodes $hard_nodes per puzzle, >= 10 x $easy_nodes random" \
    sh -c "[ -n '$hard_nodes' ] && [ -n '$easy_nodes' ] && [ $hard_nodes -ge \$((10 * $easy_nodes)) ]"
"$bin" generate -n 1 --seed 3 --hard-for dfs > "$tmp/h_dfs"
"$bin" generate -n 1 --seed 3 --hard-for bitmask > "$tmp/h_bitmask"
check "generate --hard-for: dfs and bitmask, one search, choose the same puzzle" \
    sh -c "[ -s '$tmp/h_dfs' ] && cmp -s '$tmp/h_dfs' '$tmp/h_bitmask'"
"$bin" stress -q $fmt --seed 2 -n 1 --cases 5 --hard-for bitmask -- "$progs/correct" \
    > "$tmp/hs" 2>&1
check "stress --hard-for bitmask: the MRV program passes, exit 0" \
    sh -c "[ $? = 0 ] && grep -q 'no failure' '$tmp/hs'" || cat "$tmp/hs"
# the cases keep to their statement (hdu2780: exactly five blanks; kattis: every kind), their
# answers are right, and -j changes nothing
for p in hdu2780 kattis; do
    more="-n 3"
    [ $p = kattis ] && more="-n 8 --mix"
    "$bin" generate -q --seed 5 --hard-for bitmask --format $p $more --answers "$tmp/hv.ans" \
        > "$tmp/hv.in" 2> "$tmp/hv.err"
    check "generate --hard-for bitmask --format $p: valid input, right answers" \
        sh -c "[ -s '$tmp/hv.in' ] && '$bin' validate --input --format $p '$tmp/hv.in' >/dev/null &&
               '$bin' check --format $p '$tmp/hv.in' '$tmp/hv.ans' 2>/dev/null" ||
        cat "$tmp/hv.err"
    "$bin" generate -q --seed 5 --hard-for bitmask --format $p $more -j 3 > "$tmp/hv3.in"
    check "generate --hard-for bitmask --format $p: the same with -j 3" \
        cmp -s "$tmp/hv.in" "$tmp/hv3.in"
done

# ---- a full standard output, a --dir that cannot be written (issue #29, item 13) --------------------
# full NAME ARGS...: ojdoku ARGS > /dev/full exits 2 with the one line that gives the real reason
# (the errno of the failed write was overwritten, by isatty() among others: "Inappropriate ioctl
# for device"), and stress stops at the failed write instead of shrinking for no one
if [ -w /dev/full ]; then
    full() {
        what=$1
        shift
        "$bin" "$@" > /dev/full 2> "$tmp/full.err"
        s=$?
        check "$what > /dev/full: exit 2 (got $s), 'No space left on device'" \
            sh -c "[ $s = 2 ] && [ \"\$(cat '$tmp/full.err')\" = \
                   'ojdoku: write error: No space left on device' ]" || cat "$tmp/full.err"
    }
    full "stress corner" stress -q $fmt --kinds unique --seed 7 --cases 50 -n 20 \
        --dir "$tmp/full_dir" -- "$progs/corner"
    check "stress corner > /dev/full: stopped before the shrunk case was written" \
        [ ! -e "$tmp/full_dir" ]
    full "stress correct" stress -q $fmt --seed 1 -n 2 --dir "$tmp/full_dir" -- "$progs/correct"
    full "judge wrong_digit" judge -q $fmt "$t" -- "$progs/wrong_digit"
    full "judge correct -j 2" judge -q -j 2 $fmt "$t" -- "$progs/correct"
else
    bad "/dev/full is not writable: a full standard output is not tested"
fi

# ---- check --explain --------------------------------------------------------------------------------
# case 2, row 5: two digits swapped, so a column repeats; the view marks both cells of it (seed 1:
# both cells are blanks of the puzzle, so the checker names the column, not a changed given)
"$bin" generate -n 3 --seed 1 --format poj2676 --answers "$tmp/x.ans" > "$tmp/x.in"
awk 'NR == 14 { $0 = substr($0, 1, 7) substr($0, 9, 1) substr($0, 8, 1) } { print }' \
    "$tmp/x.ans" > "$tmp/x.out"
"$bin" check --explain --format poj2676 "$tmp/x.in" "$tmp/x.out" > "$tmp/view" 2> "$tmp/verdict"
status=$?
check "check --explain: exit 1, the verdict on stderr" \
    sh -c "[ $status = 1 ] && grep -Eq '^wrong answer: case 2: column [0-9] repeats [0-9]$' '$tmp/verdict'"
col=$(sed -n 's/^wrong answer: case 2: column \([0-9]\) repeats \([0-9]\)$/\1/p' "$tmp/verdict")
digit=$(sed -n 's/^wrong answer: case 2: column \([0-9]\) repeats \([0-9]\)$/\2/p' "$tmp/verdict")
# the program's grid is the second one: the marks ('*' before a digit) must be the repeated
# digit, twice, in the column named, and a '^' must stand under that column
marks=$(awk -v want="$col" 'NR > 2 && /\|/ {
            grid = substr($0, 27, 22)
            for (c = 1; c <= 9; c++) {
                at = 2 * (c - 1) + 2 * int((c - 1) / 3) + 1
                if (substr(grid, at, 1) == "*") print c ":" substr(grid, at + 1, 1)
            } }' "$tmp/view" | tr '\n' ' ')
check "check --explain: two cells marked, column $col, digit $digit ($marks)" \
    [ "$marks" = "$col:$digit $col:$digit " ]
caret=$(awk '/\^/ { print index($0, "^") }' "$tmp/view")
check "check --explain: '^' under column $col" \
    [ "$caret" = "$((26 + 2 * (col - 1) + 2 * ((col - 1) / 3) + 2))" ]

# ---- feedback a contestant understands (issue #30, item 4) ------------------------------------------
# without --format: one line on stderr says how the outputs are judged, and names the profile the
# tests are written for; the verdicts do not change
"$bin" judge -q "$t" -- "$progs/correct" > "$tmp/report" 2> "$tmp/err"
check "judge without --format: one note naming hdu1426 on stderr" \
    sh -c "[ \$(wc -l < '$tmp/err') = 1 ] &&
           grep -q '^ojdoku: judge: no --format: .*(--format hdu1426)\$' '$tmp/err'" ||
    cat "$tmp/err"
check "judge without --format: still judged, AC" grep -q '^3 tests: 3 AC' "$tmp/report"
"$bin" judge -q --generate 1 --seed 1 -- "$progs/correct" > "$tmp/report" 2> "$tmp/err"
check "judge --generate without --format: one note, the line profile" \
    sh -c "[ \$(wc -l < '$tmp/err') = 1 ] &&
           grep -q '^ojdoku: judge: no --format: .*(the line profile)' '$tmp/err'" ||
    cat "$tmp/err"
"$bin" stress -q -n 2 --seed 1 --dir "$tmp/nofmt" -- "$progs/correct" > "$tmp/report" 2> "$tmp/err"
check "stress without --format: one note, the line profile" \
    sh -c "[ \$(wc -l < '$tmp/err') = 1 ] &&
           grep -q '^ojdoku: stress: no --format: .*(the line profile)' '$tmp/err'" ||
    cat "$tmp/err"
"$bin" judge -q --format hdu1426 "$t" -- "$progs/correct" > "$tmp/report" 2> "$tmp/err"
check "judge with --format: no note" [ ! -s "$tmp/err" ]
# a program that echoes its input, blanks as the input writes them ('?'): there is no grid to show,
# so the view shows the program's own lines for the case, and the message says the cell was left
# blank rather than calling '?' a bad symbol
"$bin" judge -q --format hdu1426 "$t/01.in" -- "$progs/echo.sh" > "$tmp/report" 2> "$tmp/err"
check "an echo of the input: a cell left blank (?)" \
    grep -Eq '^WA  test .* case 1: row [0-9] column [0-9]: cell left blank [(][?][)]$' \
    "$tmp/report" || cat "$tmp/report"
first=$(head -n 1 "$t/01.in")
check "an echo of the input: its lines 1-9, the first as it wrote it" \
    sh -c "grep -q \"program's output, lines 1-9\" '$tmp/report' &&
           grep -qF -- '$first' '$tmp/report'" || cat "$tmp/report"

# ---- usage -------------------------------------------------------------------------------------------
usage() { # DESCRIPTION ARGS...: exit 2 and one line on stderr
    what=$1
    shift
    "$bin" "$@" > "$tmp/u.out" 2> "$tmp/u.err"
    s=$?
    check "$what: exit 2 (got $s), one line" \
        sh -c "[ $s = 2 ] && [ \$(wc -l < '$tmp/u.err') = 1 ] && [ ! -s '$tmp/u.out' ]" ||
        cat "$tmp/u.err"
}
usage "judge without --" judge "$t"
usage "judge without tests" judge -- "$progs/correct"
usage "judge --hard-for an unknown solver" judge $fmt --generate 1 --hard-for nope -- "$progs/correct"
usage "stress --hard-for an unknown solver" stress $fmt --hard-for nope -- "$progs/correct"
usage "judge --hard-for without --generate" judge $fmt --hard-for dfs "$t" -- "$progs/correct"
usage "judge with tests and --generate" judge --generate 2 "$t" -- "$progs/correct"
usage "judge --seed without --generate" judge --seed 3 "$t" -- "$progs/correct"
usage "judge a program that is not there" judge "$t" -- "$tmp/no-such-program"
usage "judge tests that are not there" judge "$tmp/no-such-tests" -- "$progs/correct"
usage "judge --side for a 9x9 profile" judge $fmt --generate 1 --side 16 -- "$progs/correct"
usage "judge --tl 0" judge --tl 0 "$t" -- "$progs/correct"
usage "stress without --" stress --seed 1
usage "stress --kinds nonsense" stress --kinds nonsense -- "$progs/correct"
# a --dir stress cannot make or write in is found before the first test (issue #29, item 13): it
# was found after the failure, found and shrunk, could not be written (stdout then held the
# report); a directory it makes and writes nothing in is not left behind
: > "$tmp/not_a_dir"
for d in "$tmp/no/such/dir" "$tmp/not_a_dir" /proc/nope; do
    [ "$d" = /proc/nope ] && [ ! -d /proc ] && continue
    usage "stress --dir $d" stress -q $fmt --kinds unique --seed 7 --cases 50 -n 20 --dir "$d" \
        -- "$progs/corner"
    check "stress --dir $d: the message names it" \
        grep -Eq "^ojdoku: stress: cannot (make|write in) --dir $d: " "$tmp/u.err"
done

# ---- a program sees no jury file (issue #29, item 1) --------------------------------------------
# 20 tests of 200 puzzles: while one program runs, other threads read the next tests and their
# answers; fd_scan exits 3 (RE) when it finds any descriptor beyond 0, 1 and 2
many=$tmp/many
mkdir "$many"
for i in 01 02 03 04 05 06 07 08 09 10 11 12 13 14 15 16 17 18 19 20; do
    "$bin" generate -q -n 200 --seed "$i" --format hdu1426 --answers "$many/$i.ans" > "$many/$i.in"
done
for j in 1 4; do
    judge fd_scan --format hdu1426 -j "$j" "$many"
    check "fd_scan -j $j: every run sees only stdin, stdout and stderr (AC on all 20)" \
        grep -q '^20 tests: 20 AC' "$tmp/report" || { cat "$tmp/report"; cat "$tmp/err"; }
done

# ---- test names are shown, not obeyed (issue #29, item 12) ----------------------------------------
odd=$tmp/odd
mkdir "$odd"
nl_name=$(printf 'a\nb')
esc_name=$(printf 'c\033[31md')
cp "$t/01.in" "$odd/$nl_name.in"
cp "$t/01.ans" "$odd/$nl_name.ans"
cp "$t/01.in" "$odd/$esc_name.in"
cp "$t/01.ans" "$odd/$esc_name.ans"
judge correct --format hdu1426 "$odd"
check "a newline in a test name does not split its line" grep -q '^AC  test a?b ' "$tmp/report" ||
    cat "$tmp/report"
check "an escape byte in a test name is no escape" \
    sh -c "grep -q '^AC  test c?\\[31md ' '$tmp/report' && ! grep -q \"\$(printf '\\033')\" '$tmp/report'"
check "the report of two tests is two lines and a summary" [ "$(wc -l < "$tmp/report")" = 3 ]

# ---- a symlink loop in the tests is reported and the rest judged (issue #29, item 11) -------------
loop=$tmp/loop
mkdir -p "$loop/sub"
cp "$t/01.in" "$t/01.ans" "$loop/"
cp "$t/02.in" "$t/02.ans" "$loop/sub/"
ln -s .. "$loop/sub/up"
ln -s . "$loop/self"
judge correct --format hdu1426 "$loop"
check "a symlink loop: both tests judged, exit 0 (got $status)" \
    sh -c "[ $status = 0 ] && grep -q '^2 tests: 2 AC' '$tmp/report'" || cat "$tmp/report" "$tmp/err"
check "a symlink loop: each link back is reported" \
    sh -c "[ \$(grep -c 'a link back to a directory above it' '$tmp/err') = 2 ]"

echo "judge: $pass passed, $fail failed"
[ "$fail" = 0 ]
