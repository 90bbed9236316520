#!/bin/sh
# `ojdoku check` on outputs too large to hold in memory, made on the fly and piped in: each must
# get the verdict its content deserves (never a FAIL, never refused for its size), in bounded
# memory: every run is under `ulimit -v` (150000 KB of address space; skipped, with a note, for
# a binary that cannot start under it, such as an ASan build, which then gets smaller streams).
# Also: the INPUT with no puzzle and the same standard input named twice are judge failures, and
# a DOMjudge judgemessage.txt that cannot be written (on a full disk) is one too.
# Usage: stream.sh OJDOKU   (from any directory; run.sh calls it)
. "$(dirname "$0")/../lib.sh"
cli_start "check streams" "stream.sh OJDOKU" "$@"
cd "$top/tests/cli/check" || exit 2

limit=150000
mib256=268435456
garbage=300000000
if (ulimit -v "$limit" && "$bin" --version) > /dev/null 2>&1; then
    limited=yes
else
    limited=no
    mib256=16777216
    garbage=30000000
    echo "stream.sh: $bin cannot run under ulimit -v: no memory limit, smaller streams"
fi

ok=data/poj2676.ok.out
ok_size=$(wc -c < "$ok")

# spaces N: N spaces on stdout
spaces() { head -c "$1" /dev/zero | tr '\0' ' '; }

# judge NAME STATUS MESSAGE PRODUCER ARGS...: PRODUCER's output piped into `ojdoku check ARGS`
# (under the memory limit) must give exit status STATUS and the one line MESSAGE on stderr.
judge() {
    name=$1 want_status=$2 want_err=$3 producer=$4
    shift 4
    (
        [ "$limited" = yes ] && ulimit -v "$limit"
        eval "$producer" | "$bin" check "$@"
    ) > "$tmp/out" 2> "$tmp/err"
    status=$?
    if [ "$status" = "$want_status" ] && [ "$(cat "$tmp/err")" = "$want_err" ] &&
        [ ! -s "$tmp/out" ]; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "FAIL stream $name: exit $status (want $want_status): $(head -c 300 "$tmp/err")"
    fi
}

# garbage of ~300 MB: wrong at its first cell, read no further
judge garbage 1 "wrong answer: case 1: row 1 column 3: given 3 changed to 1" \
    "yes 1 | head -c $garbage" -f poj2676 data/poj2676.in -
# garbage that never ends
judge endless_garbage 1 "wrong answer: case 1: row 1 column 1: bad symbol 'y'" \
    "yes" -f poj2676 data/poj2676.in -
# right answers that never end: the extra output is wrong as soon as it starts
judge endless_answers 1 "wrong answer: extra output after case 2" \
    "yes \"\$(cat $ok)\"" -f poj2676 data/poj2676.in -
# a right answer padded to exactly 256 MiB is read to its end and judged: nothing is too large
# (and the ok says where it stops being byte-exact)
judge exactly_256_mib 0 \
    "ok 2 cases (not byte-exact: line 19 column 1: trailing whitespace)" \
    "{ cat $ok; spaces $((mib256 - ok_size)); }" -f poj2676 data/poj2676.in -
# one byte more, strictly: the padding is trailing whitespace, found past what is kept
judge over_256_mib_strict 2 "presentation error: line 19 column 1: trailing whitespace" \
    "{ cat $ok; spaces $((mib256 - ok_size + 1)); }" --strict -f poj2676 data/poj2676.in -
# standard input can be only one of the files
judge stdin_twice 3 "FAIL: only one of INPUT, OUTPUT and ANSWER can be standard input ('-')" \
    "cat $ok" -f poj2676 - -

# DOMjudge: a judgemessage.txt that cannot be written (a full disk) is the verdict, a failure
# (exit 1), never an ok printed and then contradicted
if [ -w /dev/full ]; then
    mkdir "$tmp/full" && ln -s /dev/full "$tmp/full/judgemessage.txt"
    judge domjudge_feedback_full 1 "FAIL: cannot write $tmp/full/judgemessage.txt: No space \
left on device (the verdict was: ok 2 cases)" "cat $ok" --judge=domjudge -f poj2676 \
        data/poj2676.in data/poj2676.ok.out "$tmp/full"
fi

cli_done
