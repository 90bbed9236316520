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
# Then the sandbox (issue #45): tests/judge/progs/intruder.c reads the answers by path, destroys
# the tests and writes outside its directory, stops or terminates the judge, traces and kills its
# keeper, connects to a port on the loopback; the judge must end with honest verdicts, the files
# intact and nothing written; without namespaces it says so once; python3 sol.py still runs.
# Last, the judge's own SIGTERM: the report of what it judged, exit 1.
# Closes with "hostile programs: N passed, N failed".
# (absolute: some runs are made from a working directory of their own)
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
progs=$(cd "$2" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
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

# ---- the sandbox (issue #45) -----------------------------------------------------------------------
# tests/judge/progs/intruder.c finds the tests through its ancestors' command lines, as it could on
# the judge before, and goes after them, the judge and the network.  Each is judged at -j 1 and -j 2
# from a working directory of its own; the judge must end (timeout: a stopped judge never does),
# with the verdicts a sandboxed run earns, the jury's files as they were, nothing written outside
# the run, and nothing left.
work=$tmp/work
mkdir "$work"
cp -r "$t" "$tmp/tests.orig"
# intrude VERDICT MODE [ARGS]: every test has VERDICT; the tests are intact; no junk anywhere
intrude() {
    want=$1
    shift
    for j in 1 2; do
        what="intruder $* -j $j"
        (cd "$work" && OJDOKU_HOSTILE=$tag timeout -s KILL 30 "$bin" judge -q --format hdu1426 \
            --tl 1 -j $j -f json "$t" -- "$progs/intruder" "$@") > "$tmp/report" 2> "$tmp/err"
        st=$?
        if [ "$st" -le 1 ]; then ok; else bad "$what: the judge exited $st"; cat "$tmp/err"; fi
        n=$(grep -c "\"verdict\":\"$want\"" "$tmp/report")
        if [ "$n" = 3 ]; then ok; else bad "$what: $n of 3 $want"; cat "$tmp/report"; fi
        slowest=$(sed -n 's/.*"wall_seconds":\([0-9.]*\).*/\1/p' "$tmp/report" | sort -n | tail -1)
        if awk -v s="${slowest:-99}" 'BEGIN { exit !(s < 2) }'; then ok
        else bad "$what: a run took $slowest s of wall-clock time"; fi
        if diff -r "$tmp/tests.orig" "$t" > /dev/null; then ok
        else bad "$what: the tests were changed"; rm -rf "$t"; cp -r "$tmp/tests.orig" "$t"; fi
        for junk in "$work" /tmp "$progs"; do
            if [ ! -e "$junk/ojdoku_intruder_junk" ]; then ok
            else bad "$what: it wrote $junk/ojdoku_intruder_junk"; rm -f "$junk/ojdoku_intruder_junk"; fi
        done
        if [ -z "$(ls -A "$work")" ]; then ok; else bad "$what: it wrote in its working directory"; fi
        nothing_left "$what"
    done
}
intrude WA peek            # the answers by path: not there to read
intrude AC vandal          # the tests overwritten and deleted, files written: in the sandbox only
intrude AC stop            # SIGSTOP to the judge: no judge there; the keeper, PID 1, ignores it
intrude AC term            # SIGTERM likewise
intrude AC trace           # ptrace of the keeper: refused
intrude AC kill            # SIGKILL to the keeper: PID 1 of its namespace, ignored
# a network connect to a port open on this machine's loopback fails inside (no network there)
if command -v /usr/bin/python3 > /dev/null; then
    /usr/bin/python3 -c '
import socket, sys
s = socket.socket(); s.bind(("127.0.0.1", 0)); s.listen(8)
print(s.getsockname()[1], flush=True)
while True: s.accept()[0].close()' > "$tmp/port" &
    listener=$!
    tries=0
    while [ ! -s "$tmp/port" ] && [ $tries -lt 50 ]; do sleep 0.1; tries=$((tries + 1)); done
    port=$(cat "$tmp/port")
    "$progs/intruder" net "$port" < /dev/null > /dev/null 2>&1
    if [ $? = 3 ]; then ok; else bad "net: the listener on port $port cannot be reached outside"; fi
    intrude AC net "$port"
    kill "$listener"
    wait "$listener" 2>/dev/null
else
    bad "/usr/bin/python3 not found: the network is not tested"
fi
# --no-sandbox chooses today's isolation: the answers can be read by path again
(cd "$work" && "$bin" judge -q --format hdu1426 --no-sandbox "$t" -- "$progs/intruder" peek) \
    > "$tmp/report" 2>&1
if grep -q '^3 tests: 3 AC' "$tmp/report"; then ok; else bad "peek --no-sandbox: not 3 AC"; cat "$tmp/report"; fi

# where namespaces cannot be made (here: none allowed in a user namespace of the test's), the judge
# says so once and judges as with --no-sandbox
if unshare -Ur true 2> /dev/null; then
    (cd "$work" && unshare -Ur sh -c 'echo 0 > /proc/sys/user/max_user_namespaces &&
        exec "$0" judge -q --format hdu1426 "$1" -- "$2" peek' "$bin" "$t" "$progs/intruder") \
        > "$tmp/report" 2> "$tmp/err"
    if [ $? = 0 ] && grep -q '^3 tests: 3 AC' "$tmp/report" && [ "$(wc -l < "$tmp/err")" = 1 ] &&
        grep -q '^ojdoku: judge: no sandbox here (make the namespaces: .*): programs run with' "$tmp/err"
    then ok; else bad "no namespaces: not one note and 3 AC"; cat "$tmp/report" "$tmp/err"; fi
else
    bad "unshare -Ur fails: the fallback is not tested"
fi

# interpreted programs still run: python3 with its script named relative to the working directory
# (the interpreter of the system: a PATH without a per-user shim), and a shell script
if [ -x /usr/bin/python3 ]; then
    (cd "$here/progs" && PATH=/usr/bin:/bin "$bin" judge -q --format hdu1426 "$t" -- python3 sol.py) \
        > "$tmp/report" 2>&1
    if grep -q '^3 tests: 3 AC' "$tmp/report"; then ok; else bad "python3 sol.py: not 3 AC"; cat "$tmp/report"; fi
fi
# and a JVM: java with the class file's directory shown (the JDK from the system, under /usr)
if command -v javac > /dev/null 2>&1 && command -v java > /dev/null 2>&1 &&
    javac -d "$tmp/java" "$here/progs/Main.java" 2> "$tmp/javac.err"; then
    "$bin" judge -q --format hdu1426 --show "$tmp/java" "$t" -- java -cp "$tmp/java" Main \
        > "$tmp/report" 2>&1
    if grep -q '^3 tests: 3 AC' "$tmp/report"; then ok
    else bad "java -cp DIR Main: not 3 AC"; cat "$tmp/report"; fi
else
    echo "hostile: skipped: java Main: no JDK here (Debian's default-jdk-headless)"
fi
"$bin" judge -q --format hdu1426 --show "$progs" "$t" -- "$progs/exit3.sh" > "$tmp/report" 2>&1
if [ "$(grep -c '^RE  test .* exit code 3$' "$tmp/report")" = 3 ]; then ok
else bad "exit3.sh (a script running its helper, shown): not 3 'exit code 3'"; cat "$tmp/report"; fi

# ---- the judge's own SIGTERM (issue #45) -------------------------------------------------------------
# A judge sent SIGTERM while it runs stops the runs, prints the report of the tests it judged and a
# line saying so, and exits 1 (it died with no report, exit 143, before); nothing is left.  The
# signal is sent once the first verdict is out, so at least one test and not all six are judged.
six=$tmp/six
mkdir "$six"
for i in 1 2 3 4 5 6; do cp "$t/01.in" "$six/0$i.in"; done
for j in 1 2; do
    OJDOKU_HOSTILE=$tag "$bin" judge --format hdu1426 --tl 0.3 -j $j "$six" -- "$progs/spin" \
        > "$tmp/report" 2> "$tmp/err" &
    judge=$!
    tries=0
    while ! grep -q '^TLE' "$tmp/report" && [ $tries -lt 300 ]; do sleep 0.05; tries=$((tries + 1)); done
    kill -TERM "$judge"
    wait "$judge"
    st=$?
    judged=$(grep -c '^TLE  *test ' "$tmp/report")
    if [ "$st" = 1 ] && grep -q "^judging stopped by SIGTERM: $judged of 6 tests judged\$" "$tmp/report" &&
        grep -q "^$judged tests\{0,1\}: $judged TLE;" "$tmp/report" && [ "$judged" -ge 1 ] &&
        [ "$judged" -lt 6 ]
    then ok; else bad "SIGTERM -j $j: exit $st, $judged judged, not the report of what was judged"; cat "$tmp/report" "$tmp/err"; fi
    nothing_left "SIGTERM -j $j"
done

echo "hostile programs: $pass passed, $fail failed"
[ "$fail" = 0 ]
