#!/bin/sh
# symbols.sh OJDOKU -- profile key symbols: values 1 to 9 as digits, 10 on as A, B, ... (HDU
# 3909's "1 to G" for 16x16), read and written one character a cell after a box-size line.
# Generated inputs of 4x4, 9x9 and 16x16 (and the statement's 16x16 sample grid) are solved; each
# answer is checked apart from ojdoku by an awk that spells the alphabet out: every row, column
# and box holds each symbol once, and every given stands where it was.  generate's own answers are
# ojdoku's, check takes them and refuses one with two cells swapped, validate --input takes the
# inputs.  Closes with "symbols: N passed, N failed".
. "$(dirname "$0")/lib.sh"
cli_start "symbols" "symbols.sh OJDOKU" "$@"
cd "$top" || exit 2   # the test runs from the top of the tree
profile=$tmp/hex.profile
printf '%s\n' 'id = hex' 'grammar = packed' 'side = any' 'size-prefix = yes' 'blank = .' \
    'symbols = 123456789ABCDEFG' 'style = packed' 'framing = none' 'unique = yes' \
    'word-multiple = Multiple Solutions' 'word-unsolvable = No Solution' \
    'word-conflict = No Solution' 'sides = 4..16' > "$profile"

# IN (n, then n*n rows, per case) and OUT (the n*n rows of each answer): "ok" when every answer
# solves its case under the alphabet 123456789ABCDEFG, else the first fault.
solves() {
    awk -v out="$2" 'BEGIN { abc = "123456789ABCDEFG" }
    function fail(why) { print why; bad = 1; exit }
    /^[0-9]+$/ && r == side { n = $1; side = n * n; r = 0; cases++
        for (i = 0; i < side; i++) {
            if ((getline line < out) <= 0 || length(line) != side) fail("case " cases ": short answer")
            for (c = 1; c <= side; c++) {
                v = index(abc, substr(line, c, 1))
                if (v < 1 || v > side) fail("case " cases ": symbol " substr(line, c, 1))
                b = int(i / n) * n + int((c - 1) / n)
                if (("r", i, v) in seen || ("c", c, v) in seen || ("b", b, v) in seen)
                    fail("case " cases ": " substr(line, c, 1) " twice near row " i + 1)
                seen["r", i, v]; seen["c", c, v]; seen["b", b, v]
                ans[i, c] = substr(line, c, 1)
            }
        }
        next }
    { r++; for (c = 1; c <= side; c++) { g = substr($0, c, 1)
          if (g != "." && g != ans[r - 1, c]) fail("case " cases ": given " g " moved") }
      if (r == side) delete seen }
    END { if (!bad) print (cases ? "ok" : "no case") }' r=0 side=0 "$1"
}

judge() {   # judge FILE WHAT: ojdoku's answers solve FILE; check takes them, refuses a swap
    "$bin" --format "$profile" "$1" > "$tmp/got" 2> /dev/null
    verdict=$(solves "$1" "$tmp/got")
    if [ "$verdict" = ok ]; then ok; else bad "$2: $verdict"; fi
    cli_quiet=1 check "$2: check takes the answer" "$bin" check --format "$profile" "$1" "$tmp/got"
    cli_quiet=
    awk 'NR == 2 { $0 = substr($0, 2, 1) substr($0, 1, 1) substr($0, 3) } 1' "$tmp/got" \
        > "$tmp/swapped"
    "$bin" check --format "$profile" "$1" "$tmp/swapped" > "$tmp/verdict" 2>&1
    if [ $? = 1 ] && grep -q "^wrong answer" "$tmp/verdict"; then ok
    else bad "$2: check took a swapped answer: $(head -n 1 "$tmp/verdict")"; fi
}

for side in 4 9 16; do
    for seed in 1 2 3; do
        what="side $side seed $seed"
        "$bin" generate -n 3 --seed "$seed" --side "$side" --format "$profile" \
            --answers "$tmp/answers" > "$tmp/in" 2> /dev/null || { bad "$what: generate"; continue; }
        judge "$tmp/in" "$what"
        "$bin" --format "$profile" "$tmp/in" 2> /dev/null | cmp -s - "$tmp/answers" && ok ||
            bad "$what: generate's answers are not ojdoku's"
        cli_quiet=1 check "$what: validate --input" \
            "$bin" validate --input --format "$profile" "$tmp/in"
        cli_quiet=
        grep -q '[A-G]' "$tmp/in" || [ "$side" != 16 ] && ok || bad "$what: no letter given"
    done
done
# HDU 3909's sample, its 16x16 case: digits and letters in one row
sed -n '/^4$/,$p' <<'GRID' > "$tmp/sample"
4
...86.....D.A...
.A.C.G.49....65E
.......3B61C..DG
3...89.D7....24.
....4..G.9F2BD..
49...C5.....7...
1.C..8.B6.......
.6A.2.D...4.89.5
8F3BG.E24.A...7.
...6.3.A.1......
D.........5.1E2.
.G...D.9........
......F6.7.....3
6D.9.7..EG...B..
51B.A..8........
........F.C..71.
GRID
judge "$tmp/sample" "HDU 3909's 16x16 sample"
# a letter past the side's alphabet is a diagnostic, not a value
printf '2\n4H12\n12.4\n....\n...1\n' > "$tmp/past"
"$bin" --format "$profile" "$tmp/past" > /dev/null 2> "$tmp/err"
if [ $? = 1 ] && grep -q "past:2:2: error" "$tmp/err"; then ok
else bad "a letter in a 4x4 grid: $(cat "$tmp/err")"; fi
cli_done
