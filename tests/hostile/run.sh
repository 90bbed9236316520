#!/bin/sh
# run.sh OJDOKU HOSTILE_TOOL -- the hostile-input tests of issue #7 (`make hostile`).
#
# Every input is made on the fly in a temporary directory (nothing big is committed).  For each
# input the test asserts the exit status, that the --stats total equals the number of cases the
# input holds, that every case got exactly one outcome (an answer line on stdout or one "error:"
# diagnostic on stderr), and that every good puzzle's answer is right (checked by hostile_tool,
# which shares no code with the library).  The 400,000-puzzle stream must stay under 16 MB of
# peak resident memory (getrusage of the child, measured by hostile_tool rss).  write_errors.sh,
# run at the end, covers failing writes and closed standard streams.
set -u
ojdoku=$1
tool=$2
here=$(cd "$(dirname "$0")" && pwd)
puzzles=$here/puzzles.txt
tmp=$(mktemp -d "${TMPDIR:-/tmp}/ojdoku-hostile.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
pass=0
fail=0
ok() { pass=$((pass + 1)); echo "ok   $1"; }
bad() { fail=$((fail + 1)); echo "FAIL $1: $2"; }

# stat_of FIELD FILE: one number of the "--stats" summary line in FILE
stat_of() {
    line=$(grep '^ojdoku: stats: [0-9]* puzzles read' "$2")
    case $1 in
    read) echo "$line" | sed 's/^ojdoku: stats: \([0-9]*\) puzzles read.*/\1/' ;;
    solved) echo "$line" | sed 's/.* read: \([0-9]*\) solved.*/\1/' ;;
    limit) echo "$line" | sed 's/.* \([0-9]*\) stopped by a limit.*/\1/' ;;
    malformed) echo "$line" | sed 's/.* \([0-9]*\) malformed$/\1/' ;;
    esac
}

# check NAME CASES STATUS [GREP]: judges the run of case NAME (files $tmp/NAME.{in,good,out,err,st})
check() {
    name=$1 cases=$2 want=$3 pattern=${4:-}
    got=$(cat "$tmp/$name.st")
    if [ "$got" != "$want" ]; then
        bad "$name" "exit status $got, expected $want"; sed 5q "$tmp/$name.err"; return
    fi
    read=$(stat_of read "$tmp/$name.err")
    if [ -z "$read" ]; then bad "$name" "no --stats line"; return; fi
    if [ "$cases" != any ] && [ "$read" != "$cases" ]; then
        bad "$name" "--stats counts $read puzzles, the input holds $cases"; return
    fi
    answers=$(wc -l < "$tmp/$name.out")
    errors=$(grep -c ': error: ' "$tmp/$name.err")
    if [ $((answers + errors)) -ne "$read" ]; then
        bad "$name" "$answers answers + $errors diagnostics for $read puzzles"; return
    fi
    if [ -n "$pattern" ] && ! grep -q -- "$pattern" "$tmp/$name.err"; then
        bad "$name" "no diagnostic matching '$pattern'"; sed 5q "$tmp/$name.err"; return
    fi
    if [ -f "$tmp/$name.good" ]; then
        if ! verdict=$("$tool" check "$tmp/$name.good" < "$tmp/$name.out" 2>&1); then
            bad "$name" "$verdict"; return
        fi
    else
        verdict="no good puzzle"
    fi
    ok "$name: $read cases, $answers answered, $errors diagnosed; $verdict"
}

# solve NAME [OPTIONS...]: ojdoku --format line --stats OPTIONS < NAME.in, at most 60 s
solve() {
    name=$1
    shift
    timeout 60 "$ojdoku" --format line --stats "$@" < "$tmp/$name.in" > "$tmp/$name.out" \
        2> "$tmp/$name.err"
    echo $? > "$tmp/$name.st"
}

"$tool" stream "$puzzles" 4 > "$tmp/four"
good() { sed -n "${1}p" "$tmp/four"; }

# --- a 10 MB line with no newline, alone and between good puzzles -------------------------------
head -c 10485760 /dev/zero | tr '\0' '1' > "$tmp/longline.in"
solve longline
check longline 1 1 "longer than"
{ good 1; cat "$tmp/longline.in"; echo; good 2; } > "$tmp/longline_between.in"
{ good 1; good 2; } > "$tmp/longline_between.good"
solve longline_between
check longline_between 3 1 "longer than"

# --- NUL bytes ------------------------------------------------------------------------------------
{ good 1; good 2 | tr '.' '\000'; head -c 81 /dev/zero; echo; good 3 | sed 's/\./\x00/5'
  good 4; } > "$tmp/nul.in"
{ good 1; good 4; } > "$tmp/nul.good"
solve nul
check nul 5 1 "byte 0x00"

# --- invalid UTF-8: overlong, lone continuation, 0xFF 0xFE, a cut 3-byte sequence, a BOM mid-file
{ good 1; printf '\300\200'; good 2 | cut -c3-; printf '\200'; good 3 | cut -c2-
  printf '\377\376'; good 4 | cut -c3-; good 1 | cut -c3-81 | sed 's/^/\xe2\x82/'
  printf '\357\273\277'; good 2; printf '\300\200\377\376\n'; good 3; } > "$tmp/utf8.in"
{ good 1; good 3; } > "$tmp/utf8.good"
solve utf8
check utf8 8 1 "byte 0x"

# --- random bytes: every profile and detection; never a crash, every case accounted --------------
"$tool" random 7 1048576 > "$tmp/random.in"
solve random
check random any 1
for format in $("$ojdoku" formats | awk '{ print $1 }'); do
    "$tool" random "$(printf '%s' "$format" | cksum | cut -d' ' -f1)" 65536 > "$tmp/rnd.in"
    timeout 60 "$ojdoku" --format "$format" --stats --max-nodes=100000 < "$tmp/rnd.in" \
        > /dev/null 2> "$tmp/rnd.err"
    st=$?
    n=$(stat_of read "$tmp/rnd.err")
    if [ "$st" -gt 1 ] || [ -z "$n" ]; then
        bad "random --format $format" "exit status $st, stats '$n'"; sed 3q "$tmp/rnd.err"
    else
        ok "random --format $format: status $st, $n cases"
    fi
done

# --- count lines of 10^20 and -5: a warning, every puzzle still read -----------------------------
for count in 100000000000000000000 -5; do
    name=count_$(echo "$count" | tr -d -- '-')
    { echo "$count"; good 1; good 2; good 3; } > "$tmp/$name.in"
    { good 1; good 2; good 3; } > "$tmp/$name.good"
    solve "$name"
    check "$name" 3 0 "count line"
done

# --- "end" in the middle: the input ends there (POJ 3074), the rest is ignored with a warning ----
{ good 1; good 2; echo end; good 3; good 4; } > "$tmp/end_middle.in"
{ good 1; good 2; } > "$tmp/end_middle.good"
solve end_middle
check end_middle 2 0 "ignored"

# --- unsupported and non-square sizes: one case each, a diagnostic naming the size ----------------
# (10x10 and 6x6 are supported shapes, 2x5 and 2x3 boxes: 11x11 and 7x7 have none)
row11="1 2 3 4 5 6 7 8 9 10 11"
{ for i in 1 2 3 4 5 6 7 8 9 10 11; do echo "$row11"; done; good 1; } > "$tmp/size11x11.in"
good 1 > "$tmp/size11x11.good"
solve size11x11
check size11x11 2 1 "unsupported size 11x11"
{ for i in 1 2 3 4 5 6 7; do echo "12.4567"; done; good 2; } > "$tmp/size7x7.in"
good 2 > "$tmp/size7x7.good"
solve size7x7
check size7x7 2 1 "unsupported size 7x7"
{ for i in 1 2 3 4 5 6 7; do echo "1 2 3 4 5 6 7 8 9 10 11"; done; good 3; } > "$tmp/size7x11.in"
good 3 > "$tmp/size7x11.good"
solve size7x11
check size7x11 2 1 "unsupported size: 7 rows of 11 cells"
{ echo 003020600; echo 900305001; echo 001806400; echo 008102900; echo 700000008; echo 006708200
  echo 002609500; echo; good 4; } > "$tmp/size7rows.in"
good 4 > "$tmp/size7rows.good"
solve size7rows
check size7rows 2 1 "ends after 7 of 9 rows"

# the same inside a stream of 9x9 grids written as rows: one case, the grids after it still read;
# and a single row of the wrong width inside such a stream: one case, the stream stays aligned
rows() { good "$1" | fold -w 9; }
{ rows 1; for i in 1 2 3 4 5 6 7 8 9 10 11; do echo "$row11"; done; rows 2; rows 3; } \
    > "$tmp/size11x11_midstream.in"
{ good 1; good 2; good 3; } > "$tmp/size11x11_midstream.good"
solve size11x11_midstream
check size11x11_midstream 4 1 "unsupported size 11x11"
{ rows 1; rows 2 | sed '4s/$/5/'; rows 3; rows 4; } > "$tmp/typo_row_midstream.in"
{ good 1; good 3; good 4; } > "$tmp/typo_row_midstream.good"
solve typo_row_midstream
check typo_row_midstream 4 1 "the row has 10 cells; expected 9"

# --- an empty 25x25 grid: solved, or stopped by the budget; never a hang -------------------------
printf '%625s\n' '' | tr ' ' '.' > "$tmp/empty25.in"
cp "$tmp/empty25.in" "$tmp/empty25.good"
solve empty25
check empty25 1 0
solve empty25 --max-nodes=10
cp "$tmp/empty25.st" "$tmp/empty25_budget.st"; cp "$tmp/empty25.err" "$tmp/empty25_budget.err"
cp "$tmp/empty25.out" "$tmp/empty25_budget.out"; cp "$tmp/empty25.in" "$tmp/empty25_budget.in"
if [ "$(cat "$tmp/empty25_budget.st")" = 0 ]; then
    check empty25_budget 1 0       # solved within 10 nodes by propagation: fine
else
    check empty25_budget 1 1 "no answer within --max-nodes 10"
fi
for solver in $("$ojdoku" solvers | awk '{ print $1 }'); do
    cp "$tmp/empty25.in" "$tmp/empty25_$solver.in"
    solve "empty25_$solver" --solver "$solver" --max-nodes=200000
    st=$(cat "$tmp/empty25_$solver.st")
    if [ "$st" = 0 ]; then
        cp "$tmp/empty25.in" "$tmp/empty25_$solver.good"
        check "empty25_$solver" 1 0
    else
        check "empty25_$solver" 1 1 "error"
    fi
done

# --- 10,000 malformed puzzles in a row between good ones, and interleaved -----------------------
"$tool" mixed "$puzzles" 10000 10000 "$tmp/malformed_run.good" > "$tmp/malformed_run.in"
solve malformed_run
check malformed_run 10002 1
[ "$(stat_of malformed "$tmp/malformed_run.err")" = 10000 ] ||
    bad malformed_run "not 10000 malformed"
"$tool" mixed "$puzzles" 10000 10 "$tmp/malformed_mixed.good" > "$tmp/malformed_mixed.in"
solve malformed_mixed
check malformed_mixed 11001 1
[ "$(stat_of malformed "$tmp/malformed_mixed.err")" = 10000 ] ||
    bad malformed_mixed "not 10000 malformed"

# the same with two solving threads: answers still in input order, every case accounted for
cp "$tmp/malformed_mixed.in" "$tmp/malformed_mixed_jobs.in"
cp "$tmp/malformed_mixed.good" "$tmp/malformed_mixed_jobs.good"
solve malformed_mixed_jobs --jobs 2
check malformed_mixed_jobs 11001 1

# --- 400,000 puzzles in constant memory ----------------------------------------------------------
"$tool" stream "$puzzles" 400000 > "$tmp/stream.in"
cp "$tmp/stream.in" "$tmp/stream.good"
"$tool" rss "$tmp/stream.rss" "$ojdoku" --format line --stats < "$tmp/stream.in" \
    > "$tmp/stream.out" 2> "$tmp/stream.err"
echo $? > "$tmp/stream.st"
check stream 400000 0
# HOSTILE_RSS_LIMIT_KB raises the limit for sanitizer builds, whose shadow memory alone is larger
limit=${HOSTILE_RSS_LIMIT_KB:-16384}
rss=$(cat "$tmp/stream.rss")
if [ "$rss" -lt "$limit" ]; then ok "stream: peak RSS $rss KiB < $limit KiB"
else bad stream "peak RSS $rss KiB, limit $limit KiB"; fi

# --- output into a closed pipe: ends quietly (killed by SIGPIPE, status 141 in the shell) --------
for jobs in 1 2; do
    { timeout 60 "$ojdoku" --jobs $jobs < "$tmp/stream.in" 2> "$tmp/pipe.err"
      echo $? > "$tmp/pipe.st"; } | head -1 > "$tmp/pipe.out"
    st=$(cat "$tmp/pipe.st")
    if [ -s "$tmp/pipe.err" ]; then
        bad "closed_pipe --jobs $jobs" "stderr: $(sed 1q "$tmp/pipe.err")"
    elif [ "$st" != 141 ] && [ "$st" != 0 ]; then bad "closed_pipe --jobs $jobs" "exit status $st"
    elif [ "$(wc -l < "$tmp/pipe.out")" != 1 ]; then bad "closed_pipe --jobs $jobs" "no answer"
    else ok "closed_pipe --jobs $jobs: quiet, exit status $st"; fi
done

# --- output to a full disk: exit 2 with a message, for a small and a big output -------------------
for name in four stream.in; do
    for jobs in 1 2; do
        timeout 60 "$ojdoku" --jobs $jobs < "$tmp/$name" > /dev/full 2> "$tmp/full.err"
        st=$?
        if [ "$st" = 2 ] && grep -q "write error" "$tmp/full.err"; then
            ok "dev_full ($name, --jobs $jobs): exit 2, '$(sed 1q "$tmp/full.err")'"
        else
            bad "dev_full ($name, --jobs $jobs)" \
                "exit status $st, stderr '$(sed 1q "$tmp/full.err")'"
        fi
    done
done

# --- failing writes and closed standard streams, for every command: write_errors.sh ------------
if sh "$here/write_errors.sh" "$ojdoku"; then ok "write_errors.sh"
else bad write_errors.sh "see the FAIL lines above"; fi

echo "hostile: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
