#!/bin/sh
# slow_many.sh -- slow on big inputs, wrong on small ones: an input of more than one HDU 1426
# case (more than 9 lines) makes it spin past any CPU time limit (TLE); one case, it prints
# nothing (WA).
# Stress shrinks the TLE and must say that it met a wrong answer on the way (issue #30, item 3).
lines=$(wc -l)
if [ "$lines" -gt 9 ]; then
    while :; do :; done
fi
