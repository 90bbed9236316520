#!/bin/sh
# The failures the golden cases cannot stage (issue #29, items 10 and 13): a score file left
# from an earlier call, and a standard output or a file that cannot be written (/dev/full).
#  - Lemon: a failure of any kind leaves SCOREFILE empty, always, and a score is in SCOREFILE
#    only when REPORTFILE was written too; the FAIL line goes to REPORTFILE where it can.
#  - standard output (CMS's score, the --explain view, --help) that cannot be written ends with
#    the convention's own failure status and a FAIL line, never with 2 (testlib's presentation
#    error) and "ojdoku: write error".
# Usage: failures.sh OJDOKU   (from any directory; run.sh calls it)
. "$(dirname "$0")/../lib.sh"
cli_start "check failures" "failures.sh OJDOKU" "$@"
cd "$top/tests/cli/check" || exit 2

if [ ! -w /dev/full ]; then
    echo "failures.sh: /dev/full is not writable: writes that fail are not tested"
    bad "/dev/full"
    echo "check failures: $pass passed, $fail failed"
    exit 1
fi

in=data/poj2676.in
ok=data/poj2676.ok.out
wa=data/poj2676.wa_row_repeat.out
enospc='No space left on device'

# run NAME STATUS STDERR STDOUT ARGS...: ojdoku check ARGS (< /dev/null), with standard output
# sent to STDOUT (a path), must exit STATUS with exactly the line STDERR on stderr.
run() {
    name=$1 want_status=$2 want_err=$3 out=$4
    shift 4
    "$bin" check "$@" < /dev/null > "$out" 2> "$tmp/err"
    status=$?
    if [ "$status" = "$want_status" ] && [ "$(cat "$tmp/err")" = "$want_err" ]; then
        pass=$((pass + 1))
    else
        bad "$name: exit $status (want $want_status): $(head -c 300 "$tmp/err")"
    fi
}
# has NAME FILE TEXT: FILE holds exactly TEXT (and its newline, when TEXT is not empty)
has() {
    if [ -e "$2" ] && [ "$(cat "$2")" = "$3" ] && { [ -n "$3" ] || [ ! -s "$2" ]; }; then
        pass=$((pass + 1))
    else
        bad "$1: $2 holds '$(head -c 200 "$2" 2>/dev/null)', want '$3'"
    fi
}

# ---- Lemon: SCOREFILE empty after every failure ------------------------------------------------
score=$tmp/score
report=$tmp/report
# lemon NAME STATUS STDERR FULLSCORE SCOREFILE REPORTFILE [OUTPUT [OPTIONS...]]: a Lemon call
# on poj2676 (SCOREFILE first filled with an earlier call's score), with stdout to /dev/null
lemon() {
    name=$1 st=$2 err=$3 full=$4 sc=$5 rep=$6 output=${7:-$ok}
    shift 6
    [ $# -gt 0 ] && shift
    echo 99 > "$score"
    rm -f "$report"
    run "lemon $name" "$st" "$err" /dev/null --judge=lemon -f poj2676 "$@" "$in" "$output" "$ok" \
        "$full" "$sc" "$rep"
}
# the report cannot be written: the score must not be there either (it was: 10)
lemon "report on a full disk" 1 \
    "FAIL: cannot write /dev/full: $enospc (the verdict was: ok 2 cases)" 10 "$score" /dev/full
has "lemon report on a full disk: SCOREFILE" "$score" ""
# the report cannot be opened: SCOREFILE is emptied all the same (it kept 99)
lemon "report in no directory" 1 \
    "FAIL: cannot write $tmp/nosuch/report: No such file or directory" 10 "$score" \
    "$tmp/nosuch/report"
has "lemon report in no directory: SCOREFILE" "$score" ""
# a bad FULLSCORE: the FAIL line in REPORTFILE, SCOREFILE emptied (both were left as they were);
# a negative one is a bad FULLSCORE too, not an unknown option '-5'
for full in ten -5; do
    why="FAIL: FULLSCORE wants a whole number from 0 up (the score of an accepted test), \
not '$full'"
    lemon "FULLSCORE $full" 1 "$why" "$full" "$score" "$report"
    has "lemon FULLSCORE $full: SCOREFILE" "$score" ""
    has "lemon FULLSCORE $full: REPORTFILE" "$report" "$why"
done
# an option error: the same
lemon "bad --max-nodes" 1 "FAIL: --max-nodes wants a whole number, not 'x'" 10 "$score" \
    "$report" "$ok" --max-nodes x
has "lemon bad --max-nodes: SCOREFILE" "$score" ""
has "lemon bad --max-nodes: REPORTFILE" "$report" "FAIL: --max-nodes wants a whole number, not 'x'"
# a bad INPUT (judged, a failure): the same
echo 99 > "$score"
run "lemon bad INPUT" 1 "FAIL: INPUT line 6 column 6: the row has 5 cells; expected 9" /dev/null \
    --judge=lemon -f poj2676 data/poj2676_malformed.in "$ok" "$ok" 10 "$score" "$report"
has "lemon bad INPUT: SCOREFILE" "$score" ""
# the score cannot be written: a failure, exit 1
lemon "score on a full disk" 1 \
    "FAIL: cannot write /dev/full: $enospc (the verdict was: ok 2 cases)" 10 /dev/full "$report"
# the --explain view cannot be written: a failure, and no score (the view comes before the files)
echo 99 > "$score"
view_fail="FAIL: cannot write standard output: $enospc (the verdict was: wrong answer: case 2: \
row 1 repeats 3)"
run "lemon --explain > /dev/full" 1 "$view_fail" /dev/full --judge=lemon --explain -f poj2676 \
    "$in" "$wa" "$ok" 10 "$score" "$report"
has "lemon --explain > /dev/full: SCOREFILE" "$score" ""
has "lemon --explain > /dev/full: REPORTFILE" "$report" "$view_fail"
# and when all goes well, the score is there
lemon "accepted" 0 "ok 2 cases" 10 "$score" "$report"
has "lemon accepted: SCOREFILE" "$score" 10
has "lemon accepted: REPORTFILE" "$report" "ok 2 cases"

# ---- standard output that cannot be written: each convention's failure status -----------------
run "cms > /dev/full" 1 "FAIL: cannot write standard output: $enospc (the verdict was: ok 2 \
cases)" /dev/full --judge=cms -f poj2676 "$in" "$ok" "$ok"
run "cms wrong > /dev/full" 1 "FAIL: cannot write standard output: $enospc (the verdict was: \
wrong answer: case 2: row 1 repeats 3)" /dev/full --judge=cms -f poj2676 "$in" "$ok" "$wa"
run "testlib --explain > /dev/full" 3 "$view_fail" /dev/full --explain -f poj2676 "$in" "$wa"
run "hustoj --explain > /dev/full" 3 "$view_fail" /dev/full --judge=hustoj --explain -f poj2676 \
    "$in" "$ok" "$wa"
run "qduoj --explain > /dev/full" 255 "$view_fail" /dev/full --judge=qduoj --explain -f poj2676 \
    "$in" "$wa"
mkdir "$tmp/feedback"
"$bin" check --judge=domjudge --explain -f poj2676 "$in" "$ok" "$tmp/feedback" < "$wa" \
    > /dev/full 2> "$tmp/err"
status=$?
if [ "$status" = 1 ] && [ "$(cat "$tmp/err")" = "$view_fail" ]; then
    pass=$((pass + 1))
else
    bad "domjudge --explain > /dev/full: exit $status (want 1): $(head -c 300 "$tmp/err")"
fi
has "domjudge --explain > /dev/full: judgemessage.txt" "$tmp/feedback/judgemessage.txt" \
    "$view_fail"
# nothing to write: no failure (the view of an accepted output is empty)
run "testlib --explain, accepted, > /dev/full" 0 "ok 2 cases" /dev/full --explain -f poj2676 \
    "$in" "$ok"
# --help, in the convention's terms as well
run "testlib --help > /dev/full" 3 "FAIL: cannot write standard output: $enospc" /dev/full --help
run "cms --help > /dev/full" 1 "FAIL: cannot write standard output: $enospc" /dev/full \
    --judge=cms --help

echo "check failures: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
