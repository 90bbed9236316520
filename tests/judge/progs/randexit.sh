#!/bin/sh
# randexit.sh -- fails unpredictably: an exit code from the clock, 1 to 200, never 0 and never
# about memory.  Under --ml it is Runtime Error, not MLE: a run with more room that ends
# differently is no evidence of memory (issue #29, item 3).
ns=$(date +%N | sed 's/^0*//')
exit $(( ${ns:-0} % 200 + 1 ))
