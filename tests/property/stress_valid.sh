#!/bin/sh
# stress_valid.sh OJDOKU [SEEDS] -- what stress shrinks to can join the tests (issue #30, item
# 2): for every judge problem P of `ojdoku formats` (line, grid and json aside, and svg's
# figures: no grammar of their own) and seeds 1..SEEDS (default 2), `stress --format P` against a program that prints
# nothing (every input fails it, so shrinking goes as far as it can: the hardest case for the
# rule) must
#   1. find the failure at the first test and shrink it, exit 1;
#   2. leave a minimal.in that `validate --input --format P` accepts: every step kept the input
#      one the statement allows (no ambiguous puzzle in a unique-only profile, no blank in a
#      complete-grid one, no more cases than one input holds, ...);
#   3. and a minimal.ans that `check --format P minimal.in minimal.ans` accepts.
# A --budget of a few seconds keeps the count and score problems (a nearly empty grid costs a
# search) short: a shrink cut by it must be valid all the same.
# Closes with "stress validity: N passed, N failed".
bin=$1
seeds=${2:-2}
case $bin in /*) ;; *) bin=$(pwd)/$bin ;; esac
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
pass=0
fail=0
check() { # description, then the test
    what=$1
    shift
    if "$@"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "stress validity: FAIL: $what"; fi
}
silent=$(command -v true)
for p in $("$bin" formats | awk '{print $1}'); do
    case $p in line | grid | json | svg) continue ;; esac
    seed=1
    while [ "$seed" -le "$seeds" ]; do
        dir=$tmp/$p.$seed
        "$bin" stress -q --format "$p" -n 1 --seed "$seed" --budget 4 --dir "$dir" -- "$silent" \
            > "$tmp/out" 2> "$tmp/err"
        st=$?
        check "$p seed $seed: stress exit 1 (got $st: $(head -c 300 "$tmp/err"))" [ "$st" = 1 ]
        check "$p seed $seed: shrunk" grep -q '^shrunk in ' "$tmp/out"
        if "$bin" validate --input --format "$p" "$dir/minimal.in" > /dev/null 2> "$tmp/verr"; then
            pass=$((pass + 1))
        else
            fail=$((fail + 1))
            echo "stress validity: FAIL: $p seed $seed: minimal.in is no valid input: $(head -c 300 "$tmp/verr")"
        fi
        if [ -f "$dir/minimal.ans" ]; then
            check "$p seed $seed: minimal.ans answers minimal.in" \
                "$bin" check --format "$p" "$dir/minimal.in" "$dir/minimal.ans" 2>/dev/null
        fi
        seed=$((seed + 1))
    done
done
echo "stress validity: $pass passed, $fail failed"
[ "$fail" = 0 ]
