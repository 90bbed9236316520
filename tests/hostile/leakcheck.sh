#!/bin/sh
# leakcheck.sh OJDOKU "VALGRIND COMMAND" -- `make leakcheck`: a few CLI runs under valgrind.
#
# Each run must end with its expected exit status and valgrind must report nothing: no invalid
# access, no use of uninitialised memory, no definite or indirect leak.  valgrind's own
# --error-exitcode=1 is the same number as ojdoku's "some puzzle unanswered", so the verdict
# also requires valgrind's log (written with -q: errors only) to be empty.
set -u
ojdoku=$1
valgrind=$2
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/ojdoku-leak.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
pass=0
fail=0

# run NAME STATUS [ARGS...] < STDIN
run() {
    name=$1 want=$2
    shift 2
    $valgrind --log-file="$tmp/vg.log" "$ojdoku" "$@" > "$tmp/out" 2> "$tmp/err"
    st=$?
    if [ "$st" = "$want" ] && [ ! -s "$tmp/vg.log" ]; then
        pass=$((pass + 1))
        echo "ok   $name (exit $st)"
    else
        fail=$((fail + 1))
        echo "FAIL $name: exit $st (expected $want)"
        sed 40q "$tmp/vg.log"
        sed 5q "$tmp/err"
    fi
}

s=$root/samples
run "solve poj3074" 0 --format poj3074 "$s/poj3074.in" < /dev/null
run "solve mirror mixed" 0 "$s/mirror_mixed.in" < /dev/null
run "solve poj3076 16x16" 0 --format poj3076 "$s/poj3076.in" < /dev/null
run "solve uva989 (NO SOLUTION case: answered by its word)" 0 --format uva989 "$s/uva989_multi.in" < /dev/null
run "solve --jobs 2" 0 --jobs 2 --format line "$s/poj3074.in" < /dev/null
run "solve --count, --stats" 0 --count=3 --stats "$s/line.in" < /dev/null
run "solve malformed input" 1 "$root/tests/cli/golden/bad_char.in" < /dev/null
run "solve hostile bytes" 1 < "$here/hostile_bytes.bin"
run "solve 25x25 under a budget" 1 --max-nodes=5 "$here/empty25.txt" < /dev/null
run "generate" 0 generate -n 3 --seed 1
run "generate 16x16 with answers" 0 generate --side 16 -n 1 --seed 2 --format poj3076 \
    --answers "$tmp/answers16.out"
run "rate" 0 rate --steps "$s/poj3074.in" < /dev/null
# gradings given up part way (the deductions made so far are dropped, not leaked)
run "rate --steps under --max-nodes" 1 rate --steps --max-nodes=100 \
    "$root/tests/cli/golden/rate_max_nodes.in" < /dev/null
run "rate 49x49 under --timeout" 1 rate --steps --timeout=0.5 \
    "$root/tests/fixtures/rate_budget_49x49.txt" < /dev/null
run "validate" 0 validate "$s/line.out" < /dev/null
"$ojdoku" generate -n 2 --seed 3 --format poj2676 --answers "$tmp/gen.out" > "$tmp/gen.in"
run "check right answer" 0 check "$tmp/gen.in" "$tmp/gen.out"
printf '123\n' > "$tmp/wrong.out"
run "check wrong answer" 1 check "$tmp/gen.in" "$tmp/wrong.out"
run "usage error" 2 --no-such-option < /dev/null

echo "leakcheck: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
