#!/bin/sh
# complete_grids.sh OJDOKU -- the verdict problems on complete grids (ABC 327 C, beecrowd 1383,
# Kattis sudokuverify: "each cell holds 1 to 9") given a grid with a blank cell, which their
# statements do not allow.  For every cell of the first grid of each profile's sample, blanked
# in turn (a 0 in place of its value):
#  - solve gives that case a diagnostic, ojdoku: FILE:LINE:1: error: row R column C is blank: the
#    statement's grids are complete, at the line of the blanked row, and no answer; the other
#    cases are answered as before; exit 1 (the verdict "SIM"/"Yes"/"VALID" was printed before);
#  - check with the sample's output is the jury's fault: FAIL ... (bad INPUT), exit 3.
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
cli_done
