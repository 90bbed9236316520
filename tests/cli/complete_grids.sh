#!/bin/sh
# complete_grids.sh OJDOKU -- the verdict problems on complete grids (ABC 327 C, beecrowd 1383,
# Kattis sudokuverify: "each cell holds 1 to 9") given a grid with a blank cell, which their
# statements do not allow.  For every cell of the first grid of each profile's sample, blanked
# in turn (a 0 in place of its value):
#  - solve gives that case a diagnostic, ojdoku: FILE:LINE:1: error: row R column C is blank: the
#    statement's grids are complete, at the line of the blanked row, and no answer; the other
#    cases are answered as before; exit 1 (the verdict "SIM"/"Yes"/"VALID" was printed before);
#  - check with the sample's output is the jury's fault: FAIL ... (bad INPUT), exit 3.
# Then Kick Start's Sudoku Checker, where a number outside 1..N^2 is a "No" (below).
# Closes with "complete grids: N passed, N failed".
. "$(dirname "$0")/lib.sh"
cli_start "complete grids" "complete_grids.sh OJDOKU" "$@"
cd "$top" || exit 2   # the test runs from the top of the tree
for id in abc327c beecrowd1383 kattissudokuverify; do
    sample=samples/$id.in
    first=1 # the line of the first grid's first row
    [ "$id" = beecrowd1383 ] && first=2
    "$bin" solve --format "$id" "$sample" > "$tmp/all.out" 2> /dev/null
    cmp -s "$tmp/all.out" "samples/$id.out" || { bad "$id: the sample's answers"; continue; }
    answers=$(grep -c . "$tmp/all.out")
    for r in 0 1 2 3 4 5 6 7 8; do
        line=$((first + r))
        for c in 1 2 3 4 5 6 7 8 9; do
            awk -v at="$line" -v c="$c" 'NR == at { $c = 0 } { print }' "$sample" > "$tmp/in"
            "$bin" solve --format "$id" "$tmp/in" > "$tmp/out" 2> "$tmp/err"
            status=$?
            want="ojdoku: $tmp/in:$line:1: error: row $((r + 1)) column $c is blank: the statement's grids are complete"
            # the other cases keep their answers: all of the sample's but case 1's (a header and
            # a verdict for beecrowd 1383, the one verdict line for the others)
            kept=$((answers - 1))
            [ "$id" = beecrowd1383 ] && kept=$((answers - 2))
            if [ "$status" = 1 ] && [ "$(cat "$tmp/err")" = "$want" ] &&
               [ "$(grep -c . "$tmp/out")" = "$kept" ]; then
                pass=$((pass + 1))
            else
                bad "$id row $((r + 1)) column $c blank: exit $status (want 1), stdout lines $(grep -c . "$tmp/out") (want $kept), stderr:"
                cat "$tmp/err"
            fi
        done
    done
    "$bin" check --format "$id" "$tmp/in" "samples/$id.out" > "$tmp/verdict" 2>&1
    status=$?
    if [ "$status" = 3 ] && grep -q "(bad INPUT)" "$tmp/verdict"; then
        pass=$((pass + 1))
    else
        bad "$id: check of a grid with a blank: exit $status (want 3), $(cat "$tmp/verdict")"
    fi
done

# ---- Kick Start 2013 B-A, Sudoku Checker: a number outside 1..N^2 is "No" ------------------------
# Each verdict of the sample and of the golden cases (sides 9 to 36 in one file; hostile numbers,
# box sizes 0, 7 and 9, rows that are no row) recomputed by the statement's rule, apart from
# ojdoku: a grid is "Yes" when every row, column and N x N box holds 1 to N^2 once each; a case
# whose box size is outside 1..8 (past the 64x64 grids ojdoku reads) or that has a row of another
# width or a token that is no integer has no verdict, only a diagnostic.  Then check takes
# ojdoku's answers and refuses each with one verdict flipped.
verdicts() {
    awk '{ line[NR] = $0 }
    END {
        i = 2
        for (k = 1; i <= NR; k++) {
            n = line[i++]
            if (n !~ /^[0-9]+$/ || n < 1 || n > 8) { # its grid runs to the next lone number
                while (i <= NR && split(line[i], g, " ") != 1) i++
                continue
            }
            side = n * n; ok = 1; bad = 0
            split("", seen)
            for (r = 0; r < side; r++) {
                cells = split(line[i++], g, " ")
                if (cells != side) bad = 1
                for (j = 1; j <= cells; j++) {
                    if (g[j] !~ /^-?[0-9]+$/) bad = 1
                    v = g[j] + 0
                    if (g[j] !~ /^[0-9]+$/ || v < 1 || v > side) { ok = 0; continue }
                    b = int(r / n) * n + int((j - 1) / n)
                    if (("r" r "," v) in seen || ("c" j "," v) in seen || ("b" b "," v) in seen)
                        ok = 0
                    seen["r" r "," v]; seen["c" j "," v]; seen["b" b "," v]
                }
            }
            if (!bad) print "Case #" k ": " (ok ? "Yes" : "No")
        }
    }' "$1"
}
# generated tests: both verdicts, a "No" by a 999 among them, within the statement's bounds
"$bin" generate --format kickstart2013ba --mix -n 30 --seed 4 --answers "$tmp/gen.out" \
    > "$tmp/gen.in" 2> /dev/null
grep -qw 999 "$tmp/gen.in" || bad "generate --mix: no number outside 1..N^2"
"$bin" validate --input --format kickstart2013ba "$tmp/gen.in" > /dev/null 2>&1 ||
    bad "generate --mix: validate --input refuses it"
for file in samples/kickstart2013ba.in tests/cli/golden/kickstart_mixed.in \
          tests/cli/golden/kickstart_hostile.in "$tmp/gen.in"; do
    name=${file%.in}
    verdicts "$name.in" > "$tmp/want"
    "$bin" --format kickstart2013ba "$name.in" > "$tmp/got" 2> /dev/null
    if [ -s "$tmp/want" ] && cmp -s "$tmp/want" "$tmp/got" && cmp -s "$tmp/got" "$name.out"; then
        pass=$((pass + 1))
    else
        bad "$name: ojdoku's verdicts differ from the statement's rule"
        diff "$tmp/want" "$tmp/got" | head -5
    fi
    grep -q ': No$' "$tmp/got" && grep -q ': Yes$' "$tmp/got" || bad "$name: not both verdicts"
    "$bin" check --format kickstart2013ba "$name.in" "$tmp/got" > /dev/null 2>&1
    status=$?
    # the hostile file's malformed cases are the jury's fault (bad INPUT); its answers are not
    case $name in *hostile) want=3 ;; *) want=0 ;; esac
    [ "$status" = "$want" ] || bad "$name: check of ojdoku's answers: exit $status (want $want)"
    [ "$want" = 0 ] || continue
    for k in $(sed -n 's/^Case #\([0-9]*\): .*/\1/p' "$tmp/got"); do
        sed "s/^Case #$k: Yes\$/Case #$k: N0/; s/^Case #$k: No\$/Case #$k: Yes/; s/^Case #$k: N0\$/Case #$k: No/" \
            "$tmp/got" > "$tmp/flipped"
        "$bin" check --format kickstart2013ba "$name.in" "$tmp/flipped" > "$tmp/verdict" 2>&1
        if [ $? = 1 ] && grep -q "^wrong answer: case $k:" "$tmp/verdict"; then
            pass=$((pass + 1))
        else
            bad "$name: check took case $k flipped: $(head -n 1 "$tmp/verdict")"
        fi
    done
done
cli_done
