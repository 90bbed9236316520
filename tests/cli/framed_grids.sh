#!/bin/sh
# framed_grids.sh OJDOKU -- COCI 2023/24 #1 Sudoku (profile coci2324c1sudoku, key frame): one
# 9x9 grid drawn in a frame, "+---+---+---+" lines above, between and below the bands and rows
# "|52.|...|.81|"; the answer is GRESKA when a digit repeats in a row, a column or a 3x3 box, else
# OK ("It is not necessary to check whether the sudoku grid is solvable").  Each verdict of the
# samples, of the golden cases and of generated inputs is recomputed by that rule, apart from
# ojdoku; generate writes inputs validate --input takes; check takes ojdoku's answer and refuses
# the other word.  Closes with "framed grids: N passed, N failed".
. "$(dirname "$0")/lib.sh"
cli_start "framed grids" "framed_grids.sh OJDOKU" "$@"
cd "$top" || exit 2   # the test runs from the top of the tree
id=coci2324c1sudoku

# The statement's rule on a framed grid: no verdict (nothing printed) for a file that is not one.
verdict() {
    awk '/^\+(---\+)+$/ { next }
    {
        if ($0 !~ /^(\|[1-9.][1-9.][1-9.])+\|$/ || length($0) != 13) { bad = 1; next }
        gsub(/\|/, "")
        for (c = 1; c <= 9; c++) {
            v = substr($0, c, 1)
            if (v == ".") continue
            b = int(r / 3) * 3 + int((c - 1) / 3)
            if (("r" r v) in seen || ("c" c v) in seen || ("b" b v) in seen) wrong = 1
            seen["r" r v]; seen["c" c v]; seen["b" b v]
        }
        r++
    }
    END { if (!bad && r == 9) print (wrong ? "GRESKA" : "OK") }' "$1"
}

# one input file: the rule's verdict is ojdoku's, and the file's .out where there is one; check
# takes it and refuses the other word
judge_one() {
    verdict "$1" > "$tmp/want"
    "$bin" --format "$id" "$1" > "$tmp/got" 2> /dev/null
    if [ -s "$tmp/want" ] && cmp -s "$tmp/want" "$tmp/got" &&
       { [ -z "$2" ] || cmp -s "$tmp/got" "$2"; }; then
        ok
    else
        bad "$1: ojdoku's verdict '$(cat "$tmp/got")' differs from the statement's rule's '$(cat "$tmp/want")'"
    fi
    "$bin" check --format "$id" "$1" "$tmp/got" > /dev/null 2>&1 && ok ||
        bad "$1: check refuses ojdoku's answer"
    if grep -qx OK "$tmp/got"; then echo GRESKA; else echo OK; fi > "$tmp/flipped"
    "$bin" check --format "$id" "$1" "$tmp/flipped" > "$tmp/verdict" 2>&1
    if [ $? = 1 ] && grep -q "^wrong answer" "$tmp/verdict"; then
        ok
    else
        bad "$1: check took the other word: $(head -n 1 "$tmp/verdict")"
    fi
}

for file in samples/$id.in samples/${id}_2.in samples/${id}_3.in tests/cli/golden/coci_ok.in \
            tests/cli/golden/coci_greska.in; do
    judge_one "$file" "${file%.in}.out"
done
# generated inputs of every kind the statement allows: in its frame, both words among them
words=
for seed in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16; do
    "$bin" generate --format "$id" --mix -n 1 --seed "$seed" > "$tmp/gen.in" 2> /dev/null ||
        { bad "generate --mix --seed $seed failed"; continue; }
    "$bin" validate --input --format "$id" "$tmp/gen.in" > /dev/null 2>&1 && ok ||
        bad "generate --mix --seed $seed: validate --input refuses it"
    judge_one "$tmp/gen.in" ""
    words="$words $(cat "$tmp/got")"
done
case $words in *OK*GRESKA* | *GRESKA*OK*) ok ;;
    *) bad "generate --mix: not both words in 16 inputs:$words" ;; esac
# a file that is not the statement's: a diagnostic, and the jury's fault under check
"$bin" check --format "$id" tests/cli/golden/coci_hostile.in samples/$id.out > "$tmp/verdict" 2>&1
if [ $? = 3 ] && grep -q "^FAIL: INPUT line 7" "$tmp/verdict"; then ok
else bad "check of a hostile input: $(head -n 1 "$tmp/verdict")"; fi
cli_done
