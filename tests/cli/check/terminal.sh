#!/bin/sh
# terminal.sh OJDOKU -- "--strict to reject" is advice for the person at a terminal (issue 41,
# item 10): on a pseudo-terminal (util-linux script(1)) `ojdoku check` adds it to an ok that is
# not byte-exact, on its stderr line only; the files a judge shows (RESULT_FILE, testlib's XML,
# judgemessage.txt, REPORTFILE) never hold it, terminal or not (the goldens *_no_advice hold
# stderr that is no terminal to the same line).
# Closes with "check terminal: N passed, N failed".
# Usage: terminal.sh OJDOKU   (from any directory; run.sh calls it)
. "$(dirname "$0")/../lib.sh"
cli_start "check terminal" "terminal.sh OJDOKU" "$@"
cd "$top/tests/cli/check" || exit 2
command -v script > /dev/null || { echo "check terminal: FAIL: script(1) not found"; exit 1; }
note='ok 3 cases (not byte-exact: line 10 column 1: missing blank line'
files="-f hdu1426 data/hdu1426.in data/hdu1426.pe_no_blank_line.out data/hdu1426.ok.out"
# testlib with a result file, then with -appes, then DOMjudge and Lemon: each on a terminal
script -qfec "'$bin' check $files '$tmp/result'" /dev/null > "$tmp/tty" 2>&1
check "a terminal gets the advice" grep -qF "$note; --strict to reject)" "$tmp/tty"
check "RESULT_FILE has the line without it" [ "$(cat "$tmp/result")" = "$note)" ]
script -qfec "'$bin' check $files '$tmp/xml' -appes" /dev/null > /dev/null 2>&1
check "testlib's XML has the line without it" grep -qF ">$note)</result>" "$tmp/xml"
mkdir "$tmp/fb"
script -qfec "'$bin' check --judge=domjudge -f hdu1426 data/hdu1426.in data/hdu1426.ok.out \
    '$tmp/fb' < data/hdu1426.pe_no_blank_line.out" /dev/null > "$tmp/tty" 2>&1
check "domjudge on a terminal: the advice on the terminal" \
    grep -qF "$note; --strict to reject)" "$tmp/tty"
check "judgemessage.txt has the line without it" \
    [ "$(cat "$tmp/fb/judgemessage.txt")" = "$note)" ]
script -qfec "'$bin' check --judge=lemon $files 10 '$tmp/score' '$tmp/report'" /dev/null \
    > /dev/null 2>&1
check "Lemon's REPORTFILE has the line without it" [ "$(cat "$tmp/report")" = "$note)" ]
check "Lemon's score is full" [ "$(cat "$tmp/score")" = 10 ]
# standard error that is no terminal: a judge may read it (testlib's without RESULT_FILE)
# shellcheck disable=SC2086  # the arguments are words
"$bin" check $files 2> "$tmp/err"
check "stderr that is no terminal has the line without it" [ "$(cat "$tmp/err")" = "$note)" ]
cli_done
