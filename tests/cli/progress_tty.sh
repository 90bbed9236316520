#!/bin/sh
# progress_tty.sh OJDOKU -- the progress line of `ojdoku solve` (issue #8) through a real
# pseudo-terminal, with util-linux script(1):
#  1. stderr on a terminal, stdout not, a batch of over a second: '\r' progress lines appear, the
#     last one is erased ("\r<spaces>\r"), and a diagnostic printed mid-batch starts on a clean
#     line (the progress line is erased right before it);
#  2. the same with --quiet: nothing at all on the terminal;
#  3. stderr not a terminal: nothing on stderr but the diagnostic.
# The batch is the 30 forum-hardest fixture puzzles four times over, solved by the plain DFS
# solver, which takes 2.5-4 s here (well over the 1 s delay even on a fast idle machine), with one
# malformed line in the middle.
. "$(dirname "$0")/lib.sh"
cli_start "progress_tty" "progress_tty.sh OJDOKU" "$@"
cd "$top" || exit 2   # the test runs from the top of the tree
here=tests/cli
command -v script > /dev/null || { echo "progress_tty: FAIL: script(1) not found"; exit 1; }
cut -d: -f1 "$here/../fixtures/solve_forum_hardest.txt" > "$tmp/a"
# Under ASan (OJD_SANITIZED, make sanitize) each puzzle takes 2.6 times as long: half the batch,
# and half of generate's below, last longer than the whole does in the plain build.
half="$tmp/a $tmp/a"
gen_n=100
[ -n "$OJD_SANITIZED" ] && half=$tmp/a gen_n=50
# shellcheck disable=SC2086  # $half is file names without spaces
{ cat $half; echo "12345"; cat $half; } > "$tmp/in"
at=$(($(grep -c . "$tmp/in") / 2 + 1)) # the malformed line's number
run="$bin --solver dfs --format line $tmp/in > /dev/null"
script -qfec "$run" /dev/null > "$tmp/tty" 2>&1
od -An -c "$tmp/tty" | tr -s ' ' > "$tmp/tty.c"
check "a progress line is drawn" eval "grep -q 'ojdoku: [0-9]* puzzles, [0-9]*/s' '$tmp/tty'"
check "the line is rewritten with CR" eval "[ \$(tr -cd '\r' < '$tmp/tty' | wc -c) -ge 3 ]"
check "the output ends with the line erased" eval \
      "[ \"\$(tail -c 1 '$tmp/tty' | od -An -c | tr -d ' ')\" = '\\r' ] &&
       [ \"\$(tail -c 3 '$tmp/tty' | head -c 2)\" = '  ' ]"
# the diagnostic (line $at: "12345" is not a grid) must never follow a drawn line directly
check "a diagnostic starts on a clean line" eval \
      "grep -q ':$at:6: error:' '$tmp/tty' &&
       ! tr '\r' '\n' < '$tmp/tty' | grep -B1 'error:' | grep -q 'puzzles,'"
script -qfec "$run --quiet" /dev/null > "$tmp/quiet" 2>&1
check "--quiet draws nothing" eval \
      "! grep -q 'puzzles,' '$tmp/quiet' && [ \$(grep -c ':$at:6: error:' '$tmp/quiet') = 1 ]"
eval "$run" 2> "$tmp/err"
check "stderr not a terminal: only the diagnostic" eval \
      "[ \$(wc -l < '$tmp/err') = 1 ] && grep -q ':$at:6: error:' '$tmp/err' &&
       ! grep -q \"\$(printf '\r')\" '$tmp/err'"
# generate (#16): 25x25 puzzles on two threads, well over a second; the line is drawn and erased
gen="$bin generate --side 25 -n $gen_n --seed 1 -j 2 > /dev/null"
script -qfec "$gen" /dev/null > "$tmp/gen" 2>&1
check "generate -j 2 draws a progress line and erases it" eval \
      "grep -q 'ojdoku: [0-9]* puzzles, [0-9]*/s' '$tmp/gen' &&
       [ \"\$(tail -c 1 '$tmp/gen' | od -An -c | tr -d ' ')\" = '\\r' ]"
script -qfec "$gen -q" /dev/null > "$tmp/genq" 2>&1
check "generate -q draws nothing" eval "[ ! -s '$tmp/genq' ]"
# `ojdoku` alone at a terminal says it reads standard input (it waited in silence); with its
# input from a file or a pipe it says nothing of the kind
script -qfec "$bin" /dev/null < /dev/null > "$tmp/alone" 2>&1
check "ojdoku alone at a terminal says it reads standard input" eval \
      "grep -q '^ojdoku: reading puzzles from standard input' '$tmp/alone'"
"$bin" < /dev/null 2> "$tmp/alone_pipe"
check "ojdoku with standard input from a file says nothing of it" eval \
      "! grep -q 'reading puzzles' '$tmp/alone_pipe'"
cli_done
