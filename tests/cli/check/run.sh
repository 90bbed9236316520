#!/bin/sh
# Golden cases of `ojdoku check` and `ojdoku validate` (tests/cli/check/cases, data in tests/cli/check/data;
# make_data.py says how both were made).  For every cases/NAME.args, from tests/cli/check:
#   ojdoku check $(cat NAME.args) < $(cat NAME.stdin or /dev/null)
# (`ojdoku validate ...` when the arguments start with "validate"; the word @FEEDBACK@ becomes a
# fresh empty directory, DOMjudge's FEEDBACK_DIR, also where a case has the checker write a
# testlib result file or Lemon's score and report, as @FEEDBACK@/result, /score, /report).
# Standard output must equal NAME.out, standard error NAME.err (both empty when the file is
# missing), the exit status NAME.status, and every file the run wrote in that directory the
# case's golden: judgemessage.txt NAME.feedback, any other FILE NAME.FILE; a golden NAME.feedback,
# NAME.result, NAME.score or NAME.report whose file was not written fails; all byte for byte.
# Then stream.sh: outputs too large to keep, piped in, judged in bounded memory; and failures.sh:
# a score file left from an earlier call, and writes that fail (/dev/full), in each convention;
# and score.sh: --score cases in every convention that has a score; and numbers.sh: a number
# token is the judge's integer (no leading zero, '+' or sign on 0) in every convention; and
# property.sh: every profile's answer, written as judges accept and reject it, in every convention;
# and terminal.sh: "--strict to reject" on a terminal only, never in a judge's files; and
# emitted.sh: the checkers `ojdoku package` emits, compiled, say what check says.
# Usage: run.sh OJDOKU   (from any directory)
. "$(dirname "$0")/../lib.sh"
cli_start "check goldens" "run.sh OJDOKU" "$@"
cd "$top/tests/cli/check" || exit 2
: > "$tmp/empty"
for argfile in cases/*.args; do
    [ -e "$argfile" ] || continue
    name=${argfile%.args}
    rm -rf "$tmp/feedback"
    mkdir "$tmp/feedback" || exit 2
    args=$(sed "s|@FEEDBACK@|$tmp/feedback|g" "$argfile")
    case $args in
    validate*) ;;
    *) args="check $args" ;;
    esac
    stdin=/dev/null
    [ -f "$name.stdin" ] && stdin=$(cat "$name.stdin")
    # shellcheck disable=SC2086  # args are words on purpose
    "$bin" $args < "$stdin" > "$tmp/out" 2> "$tmp/err"
    status=$?
    want_status=0
    [ -f "$name.status" ] && want_status=$(cat "$name.status")
    want_out=$tmp/empty
    [ -f "$name.out" ] && want_out=$name.out
    want_err=$tmp/empty
    [ -f "$name.err" ] && want_err=$name.err
    problem=
    cmp -s "$tmp/out" "$want_out" || problem="stdout differs"
    cmp -s "$tmp/err" "$want_err" || problem="$problem${problem:+, }stderr differs"
    [ "$status" = "$want_status" ] ||
        problem="$problem${problem:+, }exit $status, want $want_status"
    for written in "$tmp"/feedback/*; do
        [ -e "$written" ] || continue
        file=${written##*/}
        golden=$name.$file
        [ "$file" = judgemessage.txt ] && golden=$name.feedback
        cmp -s "$written" "$golden" || problem="$problem${problem:+, }$file differs from $golden"
    done
    for file in feedback result score report; do
        written=$file
        [ "$file" = feedback ] && written=judgemessage.txt
        [ -f "$name.$file" ] && [ ! -f "$tmp/feedback/$written" ] &&
            problem="$problem${problem:+, }$written not written"
    done
    if [ -z "$problem" ]; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "FAIL $name: $problem"
        diff "$want_err" "$tmp/err" | head -5
    fi
done
# check --help names every profile whose task is the smallest solution, as `formats` lists them
for id in $("$bin" formats | awk '$2 == "smallest" { print $1 }'); do
    "$bin" check --help | tr -s ' \n' '  ' | grep -q "asks for the smallest (.*\b$id\b.*)\." ||
        { fail=$((fail + 1)); echo "FAIL check --help does not name $id as a smallest-solution profile"; }
done
# validate --input rejects exactly the statement samples docs/checker.md names as breaking their
# statement's grammar (issue 41, item 6): every other sample is valid for its profile
rejected=$(for args in ../../../samples/*.args; do
    s=${args%.args}
    case $(cat "$args") in *"--format line"* | *"--format grid"* | *"--format json"* | \
        *"--format svg"*) continue ;; esac
    # shellcheck disable=SC2046  # the arguments are words
    "$bin" validate --input $(cat "$args") "$s.in" > /dev/null 2>&1 || echo "${s##*/}"
done | tr '\n' ' ')
if [ "$rejected" = "hdu5547 spoj uva989_multi " ]; then pass=$((pass + 1)); else
    fail=$((fail + 1)); echo "FAIL validate --input rejects the samples: $rejected"; fi
echo "check goldens: $pass passed, $fail failed"
sh ./stream.sh "$bin" || fail=$((fail + 1))
sh ./failures.sh "$bin" || fail=$((fail + 1))
sh ./score.sh "$bin" || fail=$((fail + 1))
sh ./numbers.sh "$bin" || fail=$((fail + 1))
sh ./property.sh "$bin" || fail=$((fail + 1))
sh ./terminal.sh "$bin" || fail=$((fail + 1))
sh ./emitted.sh "$bin" || fail=$((fail + 1))
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
