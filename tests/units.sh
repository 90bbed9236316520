#!/bin/sh
# units.sh JOBS [--linking "OBJ..."] SUITE... -- runs the cmocka suites, JOBS at a time (each moves
# into tests/, where its fixtures are, by itself: tests/common/in_tests_dir.c), and prints each
# one's output whole, in the order given, as `== SUITE` and its lines: the log reads as if they
# had run one after the other.  Exit 1 when any suite failed (each failed one named again at the
# end), 0 otherwise.  `make unit` runs it with 2 jobs: the suites are independent processes, and
# on CI's two cores this halves the longest step of `make check` (the suites under ASan + UBSan).
# --linking keeps the suites that link one of the objects (define one of its global symbols):
# make scalar-io's, since OJD_SCALAR_IO changes the reader and the writer alone, and a suite
# that links neither runs the very same code in every build.
jobs=$1
shift
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
globals() { nm -g --defined-only "$@" | awk 'NF == 3 { print $3 }' | sort -u; }
if [ "$1" = --linking ]; then
    # shellcheck disable=SC2086  # the objects are words
    globals $2 > "$tmp/objects" || exit 2
    shift 2
    for suite in "$@"; do
        shift
        if globals "$suite" | comm -12 - "$tmp/objects" | grep -q .; then
            set -- "$@" "$suite"
        else
            echo "== $suite: links none of the objects, not run"
        fi
    done
fi
i=0
for suite in "$@"; do
    i=$((i + 1))
    printf '%s %s\n' "$i" "$suite"
done > "$tmp/list"
# each line "N SUITE": its output in $tmp/N.log, its exit status in $tmp/N.status
xargs -P "$jobs" -L 1 sh -c '"$2" > "$0/$1.log" 2>&1; echo $? > "$0/$1.status"' \
    "$tmp" < "$tmp/list"
failed=
i=0
for suite in "$@"; do
    i=$((i + 1))
    echo "== $suite"
    cat "$tmp/$i.log"
    status=$(cat "$tmp/$i.status" 2>/dev/null || echo 127)
    [ "$status" = 0 ] || failed="$failed $suite"
done
if [ -n "$failed" ]; then
    echo "units: failed:$failed"
    exit 1
fi
