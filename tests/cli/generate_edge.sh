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
# A profile of one case per input has no room for all the edge cases (--edge adds up to four): it
# gets --mix alone, on two seeds, and each edge case picked by name (`--edge NAME -n 0`: one case,
# the same checks; one its statement rules out is skipped, said so, and nothing is written).
# Small -n: the test is about which cases are written, and each kind and edge case comes up at
# -n 4.  Then the statement's bound with --edge: spoj's `-n 10 --edge` is a valid file of at most
# 10 cases, the generated ones cut to leave room (said once); and `--edge --output-dir DIR` on a
# one-case profile writes each case as DIR/case-NNNN.in and .ans, each valid and answered so.
# Last, stress's default rotation: without --edge it finds a program that crashes on a puzzle
# of more than 60 blanks (its edge cases hold the 17-clue puzzle).
# Closes with "generate_edge: N passed, N failed".
. "$(dirname "$0")/lib.sh"
cli_start "generate_edge" "generate_edge.sh OJDOKU" "$@"
cd "$top" || exit 2   # the test runs from the top of the tree
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
    runs=
    for seed in $seeds; do runs="$runs $seed:$(echo "$opts" | tr ' ' '_')"; done
    if [ "$seeds" = "1 2" ]; then
        for e in empty full 17-clue hardest; do runs="$runs 1:-n_0_--edge_$e"; done
    fi
    for spec in $runs; do
        seed=${spec%%:*}
        opts=$(echo "${spec#*:}" | tr '_' ' ')
        run="$p --seed $seed $opts"
        # shellcheck disable=SC2086  # opts are words on purpose
        "$bin" generate -q --seed "$seed" $opts --format "$p" --answers "$tmp/t.ans" \
            > "$tmp/t.in" 2> "$tmp/gen.err"
        status=$?
        # a named edge case the statement rules out: skipped, said, nothing written (exit 1)
        case $opts in *"-n 0 --edge"*)
            if [ ! -s "$tmp/t.in" ] && grep -q " skipped " "$tmp/gen.err"; then
                check "$run: skipped, and no case written (exit $status)" [ "$status" -eq 1 ]
                continue
            fi ;;
        esac
        check "$run: generate exits 0 ($(grep -v ' skipped ' "$tmp/gen.err" | head -n 1))" \
            [ "$status" -eq 0 ]
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
# the statement's bound with --edge: SPOJ SUDOKU holds at most 10 cases
"$bin" generate -q --seed 1 -n 10 --edge --format spoj --answers "$tmp/t.ans" > "$tmp/t.in" \
    2> "$tmp/gen.err"
check "spoj -n 10 --edge: exits 0" [ $? -eq 0 ]
"$bin" validate --input --format spoj "$tmp/t.in" > /dev/null 2> "$tmp/v.err"
check "spoj -n 10 --edge: within its bound ($(head -n 1 "$tmp/v.err"))" [ $? -eq 0 ]
check "spoj -n 10 --edge: says -n was cut" grep -q "^ojdoku: generate: -n 10 cut to " "$tmp/gen.err"
# one file per case: each a valid one-case input with its answer beside it
"$bin" generate -q --seed 1 -n 1 --edge --format boj2239 --output-dir "$tmp/dir" \
    2> "$tmp/gen.err"
check "boj2239 --edge --output-dir: exits 0" [ $? -eq 0 ]
files=0
for f in "$tmp"/dir/case-*.in; do
    [ -e "$f" ] || continue
    files=$((files + 1))
    check "boj2239 --output-dir ${f##*/}: valid" \
        sh -c "'$bin' validate --input --format boj2239 '$f' > /dev/null 2>&1"
    "$bin" --format boj2239 "$f" > "$tmp/f.out" 2> /dev/null
    check "boj2239 --output-dir ${f##*/}: its answer is solve's" cmp -s "$tmp/f.out" "${f%.in}.ans"
done
check "boj2239 --edge --output-dir: the 4 edge cases and 1 generated, a file each ($files)" \
    [ "$files" -eq 5 ]
# stress's default rotation holds the edge cases the statement allows: a program that crashes on
# a puzzle of more than 60 blanks (hdu1426: the 17-clue has 64) is found without --edge, and
# shrunk to such a puzzle (100 tests of generated puzzles alone passed)
cat > "$tmp/blanks60" << 'EOF2'
#!/bin/sh
in=$(cat)
printf '%s\n' "$in" | awk -v RS= '{ if (gsub(/[?]/, "?") > 60) bad = 1 } END { exit !bad }' &&
    exit 139
printf '%s\n' "$in" | "$OJDOKU_BIN" --format hdu1426
EOF2
chmod +x "$tmp/blanks60"
OJDOKU_BIN=$bin "$bin" stress -q --format hdu1426 -n 100 --seed 1 --dir "$tmp/st" -- \
    "$tmp/blanks60" > "$tmp/stress.out" 2>&1
check "stress finds a crash above 60 blanks without --edge ($(head -n 1 "$tmp/stress.out"))" \
    grep -q "^test [0-9]* of 100 (seed 1, .*): RE" "$tmp/stress.out"
check "stress shrinks it to a puzzle of more than 60 blanks" \
    sh -c "[ \$(tr -cd '?' < '$tmp/st/minimal.in' | wc -c) -gt 60 ]"
cli_done
