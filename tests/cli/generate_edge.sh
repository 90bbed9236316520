#!/bin/sh
# generate_edge.sh OJDOKU -- every judge input `generate` writes is one `ojdoku --format P`
# answers: for every profile P of `ojdoku formats` (line, grid, json and svg aside: they have
# no grammar of their own to validate), `generate --format P --mix --edge` with its answers
#  1. exits 0 and says nothing but the edge cases it skipped (those P's statement rules out, and
#     those P cannot answer: SPOJ SUDOGOB counts up to 1,000,000 solutions, and the empty grid
#     has 6.7e21, which was written, and `--answers` then failed with "write error on 'FILE':
#     Inappropriate ioctl for device", an errno left over from isatty());
#  2. writes the same input without --answers;
#  3. writes an input `validate --input --format P` accepts;
#  4. writes an input `ojdoku --format P` answers, every case with no diagnostic, exactly as
#     the answers say.
# A profile of one case per input has no room for the edge cases (--edge adds up to four): it
# gets --mix alone, on two seeds.  Small -n: the test is about which cases are written, and each
# kind and edge case comes up at -n 4.
# Closes with "generate_edge: N passed, N failed".
bin=$1
# the command as given, relative or not; the test runs from the top of the tree
case $bin in /*) ;; */*) bin=$(pwd)/$bin ;; esac
cd "$(dirname "$0")/../.." || exit 2
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
pass=0
fail=0
check() { # description, then the test
    what=$1
    shift
    if "$@"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "generate_edge: FAIL: $what"; fi
}
only_skips() { # every line of the file says an edge case was skipped
    ! grep -v "^ojdoku: generate: --edge: skipped '[a-z0-9-]*': " "$1" | grep -q .
}
for p in $("$bin" formats | awk '{ print $1 }'); do
    case $p in line | grid | json | svg) continue ;; esac
    seeds=1
    opts="-n 4 --mix --edge"
    if "$bin" formats "$p" | grep -q '^input:  one case'; then
        seeds="1 2"
        opts="-n 1 --mix"
    fi
    for seed in $seeds; do
        run="$p --seed $seed $opts"
        # shellcheck disable=SC2086  # opts are words on purpose
        "$bin" generate -q --seed "$seed" $opts --format "$p" --answers "$tmp/t.ans" \
            > "$tmp/t.in" 2> "$tmp/gen.err"
        check "$run: generate exits 0 ($(grep -v ' skipped ' "$tmp/gen.err" | head -n 1))" \
            [ $? -eq 0 ]
        check "$run: generate says only which edge cases it skipped" only_skips "$tmp/gen.err"
        # shellcheck disable=SC2086
        "$bin" generate -q --seed "$seed" $opts --format "$p" > "$tmp/plain.in" 2> /dev/null
        check "$run: the same input without --answers" cmp -s "$tmp/t.in" "$tmp/plain.in"
        "$bin" validate --input --format "$p" "$tmp/t.in" > /dev/null 2> "$tmp/v.err"
        check "$run: validate --input accepts it ($(head -n 1 "$tmp/v.err"))" [ $? -eq 0 ]
        "$bin" --format "$p" "$tmp/t.in" > "$tmp/t.out" 2> "$tmp/s.err"
        check "$run: solve answers every case ($(head -n 1 "$tmp/s.err"))" [ ! -s "$tmp/s.err" ]
        check "$run: solve writes the answers" cmp -s "$tmp/t.out" "$tmp/t.ans"
    done
done
echo "generate_edge: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
