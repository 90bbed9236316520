#!/bin/sh
# write_errors.sh OJDOKU -- writes that fail must be reported, and files must not mix (issue #12,
# item 9).  Run by run.sh (`make hostile`); takes a few seconds.
#
#   - a closed standard stream (>&-, 2>&-) is never taken over by a file the command opens, so
#     stdout or stderr text cannot land in the --answers file, and writing to a closed stdout is a
#     write error (exit 2);
#   - every command, its --help, --version and the listings, into a full device (/dev/full):
#     exit 2 and exactly one line "ojdoku: write error: No space left on device" (check: its
#     convention's failure status and a FAIL line);
#   - generate's --answers FILE on a full device: exit 2, a message naming FILE and the reason;
#   - a long output into a full device stops early instead of running to the end, also for an
#     endless input.
set -u
ojdoku=$1
case $ojdoku in
*/*) ojdoku=$(cd "$(dirname "$ojdoku")" && pwd)/$(basename "$ojdoku") ;; # the test runs in $tmp
esac
tmp=$(mktemp -d "${TMPDIR:-/tmp}/ojdoku-write.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM
pass=0
fail=0
ok() { pass=$((pass + 1)); echo "ok   $1"; }
bad() { fail=$((fail + 1)); echo "FAIL $1: $2"; }
enospc='ojdoku: write error: No space left on device'
ebadf='ojdoku: write error: Bad file descriptor'

# expect NAME STATUS ERRLINE: the last run ($st, $tmp/err) exited STATUS and its stderr is exactly
# the one line ERRLINE
expect() {
    if [ "$st" != "$2" ]; then
        bad "$1" "exit status $st, expected $2; stderr '$(sed 1q "$tmp/err")'"
    elif [ "$(cat "$tmp/err")" != "$3" ]; then
        bad "$1" "stderr '$(cat "$tmp/err")', expected '$3'"
    else
        ok "$1: exit $st, '$3'"
    fi
}

# answers_only NAME FILE N: FILE holds exactly N solved grids (81 digits a line), nothing else
answers_only() {
    lines=$(wc -l < "$2")
    if [ "$lines" -ne "$3" ] || grep -qv '^[1-9]\{81\}$' "$2"; then
        bad "$1" "$2 is not just $3 answers: $(head -c 300 "$2")"
    else
        ok "$1: $lines answers, nothing else"
    fi
}

sudoku=003020600900305001001806400008102900700000008006708200002609500800203009005010300
echo "$sudoku" > "$tmp/one.in"
cd "$tmp" || exit 2

# --- closed standard streams: no file takes their place -------------------------------------
"$ojdoku" generate -n 2 --seed 1 --answers a.txt >&- 2> err
st=$?
expect "generate --answers, stdout closed" 2 "$ebadf"
answers_only "generate --answers, stdout closed" a.txt 2

# the "target not met" message goes to a closed stderr, never into the answers file
"$ojdoku" generate -n 1 --seed 5 --clues 17 --attempts 1 --answers b.txt > /dev/null 2>&-
st=$?
if [ "$st" != 1 ]; then bad "generate --answers, stderr closed" "exit status $st, expected 1"
else answers_only "generate --answers, stderr closed" b.txt 1; fi

for cmd in formats solvers --version "rate one.in"; do
    # shellcheck disable=SC2086  # cmd is words on purpose
    "$ojdoku" $cmd >&- 2> err
    st=$?
    expect "$cmd, stdout closed" 2 "$ebadf"
done

# --- everything that writes stdout, into a full device ------------------------------------------
# full ARGS...: ojdoku ARGS > /dev/full must exit 2 with the one line $enospc
full() {
    "$ojdoku" "$@" > /dev/full 2> err
    st=$?
    expect "$* > /dev/full" 2 "$enospc"
}
full --help
full -h
full --version
full -V
full solvers
full formats
full rate one.in
full generate -n 2 --seed 1
full generate -n 2 --seed 1 --format poj2676
full generate -n 2 --seed 1 --solved --answers a.txt
# every command's --help, the commands taken from the overview
commands=$("$ojdoku" --help | sed -n '/^Commands/,/^$/p' | awk 'NF > 1 && $1 != "Commands" { print $1 }')
[ -n "$commands" ] || bad "commands" "no command list in 'ojdoku --help'"
for cmd in $commands; do
    [ "$cmd" = check ] && continue
    full "$cmd" --help
done
# check speaks its judge convention's codes, a failure to write included: testlib's is 3 (its 2
# is a presentation error), CMS's 1
"$ojdoku" check --help > /dev/full 2> err
st=$?
expect "check --help > /dev/full" 3 "FAIL: cannot write standard output: No space left on device"
"$ojdoku" check --judge=cms --help > /dev/full 2> err
st=$?
expect "check --judge=cms --help > /dev/full" 1 \
    "FAIL: cannot write standard output: No space left on device"

# --- the answers file on a full device ------------------------------------------------------------
for opts in "" "--format poj2676"; do
    # shellcheck disable=SC2086  # opts is words on purpose
    "$ojdoku" generate -n 2 --seed 1 $opts --answers /dev/full > /dev/null 2> err
    st=$?
    expect "generate $opts${opts:+ }--answers /dev/full" 2 \
        "ojdoku: generate: write error on '/dev/full': No space left on device"
done

# --- long outputs into a full device: one message, and they stop at the first failure -----------
"$ojdoku" generate -n 3000 --seed 1 > many.in
"$ojdoku" rate many.in > /dev/full 2> err
st=$?
expect "rate (3000 puzzles) > /dev/full" 2 "$enospc"
# an endless input: every command that reads puzzles (the one input loop, cli_each_input)
# stops at the first failed write
for cmd in solve rate validate; do
    yes "$sudoku" | timeout 20 "$ojdoku" "$cmd" > /dev/full 2> err
    st=$?
    expect "endless input | $cmd > /dev/full (stops)" 2 "$enospc"
done
for opts in "" "--answers /dev/null"; do
    # 10^8 grids would take minutes to make: a run that ends in seconds stopped at the failure
    # shellcheck disable=SC2086  # opts is words on purpose
    timeout 20 "$ojdoku" generate -n 100000000 --seed 1 --solved $opts > /dev/full 2> err
    st=$?
    expect "generate -n 100000000 --solved $opts${opts:+ }> /dev/full (stops)" 2 "$enospc"
done
timeout 20 "$ojdoku" generate -n 100000000 --seed 1 --solved --answers /dev/full > /dev/null 2> err
st=$?
expect "generate -n 100000000 --solved --answers /dev/full (stops)" 2 \
    "ojdoku: generate: write error on '/dev/full': No space left on device"

echo "write errors: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
