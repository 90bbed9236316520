#!/bin/sh
# rate_timeout.sh -- `ojdoku rate --timeout`: a puzzle whose grading outruns the time budget gets
# one outcome, a diagnostic, and the batch goes on; nothing of it reaches standard output.  Not a
# golden case: the diagnostic names the nodes searched by then, which depend on the machine.
#
# The puzzle, tests/fixtures/rate_budget_49x49.txt, takes 15 s and more to grade in full (the
# forcing chains of a 49x49 grid), so a run that ends within LIMIT seconds has been stopped by
# --timeout 0.2, whatever part of the grading it was in.
# Usage: rate_timeout.sh OJDOKU   (from any directory)
. "$(dirname "$0")/lib.sh"
cli_start "rate --timeout" "rate_timeout.sh OJDOKU" "$@"
cd "$top" || exit 2   # the test runs from the top of the tree
big=tests/fixtures/rate_budget_49x49.txt
easy='......95....64..7......7.1..38.15..25..87..6...72.....7...5...9.5.....2.3.94.....'
LIMIT=5

# run ARGS...: ojdoku rate ARGS < the easy puzzle; status, stdout, stderr and seconds in $tmp
run() {
    start=$(date +%s)
    echo "$easy" | "$bin" rate "$@" > "$tmp/out" 2> "$tmp/err"
    echo $? > "$tmp/status"
    echo $(($(date +%s) - start)) > "$tmp/seconds"
}

# given_up N: stderr is N diagnostics of the puzzle given up, each in solve's words
given_up() {
    [ "$(wc -l < "$tmp/err")" -eq "$1" ] &&
        [ "$(grep -Ec "^ojdoku: $big:1:1: error: cannot rate: no answer within --timeout 0\.2 seconds \([0-9]+ nodes searched\)\$" "$tmp/err")" -eq "$1" ]
}

# the 49x49 puzzle given up, then the easy one from standard input graded
run --timeout 0.2 "$big" -
check "exit 1 after a puzzle given up" [ "$(cat "$tmp/status")" = 1 ]
check "stopped within $LIMIT s (took $(cat "$tmp/seconds") s)" [ "$(cat "$tmp/seconds")" -lt $LIMIT ]
check "the diagnostic" given_up 1
check "the next puzzle graded" [ "$(cat "$tmp/out")" = "<stdin>:1 easy 1.50 hidden single x55" ]

# --steps: no deduction of the puzzle given up reaches stdout, as it ends in no summary line
run --steps --timeout 0.2 "$big"
check "--steps: exit 1" [ "$(cat "$tmp/status")" = 1 ]
check "--steps: stopped within $LIMIT s" [ "$(cat "$tmp/seconds")" -lt $LIMIT ]
check "--steps: the diagnostic" given_up 1
check "--steps: nothing on stdout" [ ! -s "$tmp/out" ]

# -j 2: each thread's puzzle given up on its own clock, the output in input order
run -j 2 --timeout 0.2 "$big" - "$big"
check "-j 2: exit 1" [ "$(cat "$tmp/status")" = 1 ]
check "-j 2: stopped within $LIMIT s" [ "$(cat "$tmp/seconds")" -lt $LIMIT ]
check "-j 2: two diagnostics" given_up 2
check "-j 2: the puzzle between graded" [ "$(cat "$tmp/out")" = "<stdin>:1 easy 1.50 hidden single x55" ]

cli_done
