#!/bin/sh
# hostile.sh OJDOKU PROGS -- containment as a property (issue #29): programs that try to outlive
# their run or hide from the judge (tests/judge/progs/hostile.c: setsid and double-fork escapees,
# a process that leaves its group holding the pipes, a bounded fork bomb, a stderr flood, orphans
# in sessions of their own) and one that scans its descriptors for jury files (fd_scan.c) are
# judged, each under -j 1 and -j 3; then
#  - the verdict and the wall time are what the run itself earned (an escapee neither keeps a
#    run going past its leader nor turns it into Accepted late);
#  - no process of the judge's is left on the machine: every one carries a tag in its
#    environment (the judge hands its environment on), and /proc is searched for it.
# Closes with "hostile programs: N passed, N failed".
bin=$1
progs=$2
export LC_ALL=C
tmp=$(mktemp -d) || exit 2
tag=ojdoku_hostile_$$_$(date +%s)
trap 'rm -rf "$tmp"; sweep >/dev/null' EXIT

pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "hostile: FAIL: $*"; }

# The processes whose environment holds the tag, one "pid command" line each.
tagged() {
    grep -lsxz "OJDOKU_HOSTILE=$tag" /proc/[0-9]*/environ | while read -r environ; do
        pid=${environ#/proc/}
        pid=${pid%/environ}
        echo "$pid $({ tr '\0' ' ' < "/proc/$pid/cmdline"; } 2>/dev/null)"
    done
}
# Kills whatever carries the tag (after a failure, so that one test's leftovers do not fail the next).
sweep() {
    tagged | while read -r pid rest; do kill -9 "$pid" 2>/dev/null; done
}
# No tagged process may be left; the launcher goes when the judge's socket closes, so it may take
# a moment, and a leftover stays asleep for 30 s: waited for up to 2 s.
nothing_left() {
    what=$1
    tries=0
    while [ -n "$(tagged)" ] && [ $tries -lt 20 ]; do
        sleep 0.1
        tries=$((tries + 1))
    done
    left=$(tagged)
    if [ -z "$left" ]; then ok; else bad "$what: processes left: $(echo "$left" | head -5)"; sweep; fi
}

# ---- test data: 3 tests of 2 HDU 1426 puzzles, their answers checked --------------------------
t=$tmp/tests
mkdir "$t"
for i in 1 2 3; do
    "$bin" generate -n 2 --seed "$i" --format hdu1426 --answers "$t/0$i.ans" > "$t/0$i.in"
    "$bin" check --format hdu1426 "$t/0$i.in" "$t/0$i.ans" 2>/dev/null || bad "jury answer $i"
done

# hostile VERDICT MAX_SECONDS MODE [JUDGE OPTIONS]: every test has VERDICT, each run took at most
# MAX_SECONDS, and nothing is left, under -j 1 and -j 3.
hostile() {
    want=$1 max=$2 mode=$3
    shift 3
    for j in 1 3; do
        what="$mode -j $j"
        OJDOKU_HOSTILE=$tag "$bin" judge -q --format hdu1426 -j $j "$@" "$t" -- \
            "$progs/hostile" "$mode" > "$tmp/report" 2> "$tmp/err"
        grep -E '^[A-Z]+ +test ' "$tmp/report" > "$tmp/lines"
        n=$(wc -l < "$tmp/lines")
        if [ "$n" = 3 ]; then ok; else bad "$what: $n test lines"; cat "$tmp/report" "$tmp/err"; fi
        verdicts=$(awk '{print $1}' "$tmp/lines" | sort -u | tr '\n' ' ')
        if [ "$verdicts" = "$want " ]; then ok; else bad "$what: verdicts '$verdicts', want $want"; cat "$tmp/lines"; fi
        slowest=$(awk '{print $4}' "$tmp/lines" | sort -n | tail -1)
        if awk -v s="$slowest" -v m="$max" 'BEGIN { exit !(s <= m) }'; then ok
        else bad "$what: a run took $slowest s (at most $max s)"; fi
        nothing_left "$what"
    done
}

hostile AC 0.4 escape --tl 2
hostile WA 0.4 late --tl 2
hostile AC 0.4 pgrp --tl 2
hostile AC 0.4 orphans --tl 2
hostile TLE 1.5 bomb --tl 1
hostile TLE 1.5 flood --tl 1

# a descriptor scanner finds nothing of the jury's under parallel runs (it exits 3 when it does)
for j in 1 3; do
    OJDOKU_HOSTILE=$tag "$bin" judge -q --format hdu1426 -j $j "$t" -- "$progs/fd_scan" \
        > "$tmp/report" 2> "$tmp/err"
    n=$(grep -cE '^AC +test ' "$tmp/report")
    if [ "$n" = 3 ]; then ok; else bad "fd_scan -j $j: $n of 3 AC"; cat "$tmp/report"; fi
    nothing_left "fd_scan -j $j"
done

echo "hostile programs: $pass passed, $fail failed"
[ "$fail" = 0 ]
