#!/bin/sh
# variants.sh OJDOKU -- `solve --variant` and the jigsaw inputs through the command line (issue
# #28).  Every answer is checked here by awk from the variant's definition (rows, columns,
# diagonals, windows, the line's own region map), not compared with a stored output:
#  - --variant x and x,windoku: each solution repeats no value in a diagonal or window, and the
#    count of an X puzzle with one given differs from nothing the classic rules would bound;
#  - a jigsaw line (PUZZLE:REGIONS) is solved within its regions, read without --variant too;
#  - --variant jigsaw on a puzzle without regions, windoku on 4x4, a bad region map and walls
#    that disagree are one diagnostic each, and the batch goes on (exit 1);
#  - validate --variant judges a grid by the variant's units;
#  - rate --variant grades by the variant's units: a step through a diagonal is found and named,
#    and every step of generated x, windoku and jigsaw puzzles agrees with the solution that
#    solve --variant gives (a placement is its value, an elimination is not); generate --variant
#    --difficulty, which asks the grader, meets its target;
#  - an unknown variant is a usage error (exit 2).
# Closes with "variants: N passed, N failed".
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
    if "$@"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "variants: FAIL: $what"; fi
}
# Is $1 (81 digits) a solution whose units are rows, columns, boxes (unless $3 holds a region
# map) and the extra units in $2 (x, windoku)?
solved() {
    echo "$1 ${2:--} ${3:-}" | awk '{
        g = $1; extra = $2; map = $3; ok = length(g) == 81
        for (i = 0; i < 81; i++) {
            v = substr(g, i + 1, 1); r = int(i / 9); c = i % 9
            if (v !~ /[1-9]/) ok = 0
            reg = map != "" ? substr(map, i + 1, 1) : int(r / 3) * 3 + int(c / 3)
            key[1] = "r" r; key[2] = "c" c; key[3] = "g" reg; n = 3
            if (extra ~ /x/ && r == c) key[++n] = "d1"
            if (extra ~ /x/ && r + c == 8) key[++n] = "d2"
            if (extra ~ /windoku/ && r % 4 && c % 4) key[++n] = "w" int(r / 4) int(c / 4)
            for (k = 1; k <= n; k++) { if (seen[key[k], v]++) ok = 0 }
        }
        exit !ok }'
}
one_given=$(awk 'BEGIN { for (i = 0; i < 81; i++) printf "%s", i == 40 ? "5" : "."; print "" }')
echo "$one_given" > "$tmp/x.txt"
"$bin" --variant x --count=2 --format line "$tmp/x.txt" > "$tmp/out"
check "--variant x counts 2 (or more) for one given" \
    [ "$(cut -d: -f2 "$tmp/out")" = 2 ]
check "--variant x: the solution repeats nothing on a diagonal" solved "$(cut -d: -f3 "$tmp/out")" x
"$bin" --variant x,windoku --format line "$tmp/x.txt" > "$tmp/out"
check "--variant x,windoku: the solution repeats nothing in a window or diagonal" \
    solved "$(cat "$tmp/out")" x,windoku
"$bin" --format line "$tmp/x.txt" > "$tmp/classic"
not_solved() { ! solved "$@"; }
check "without --variant the first solution breaks a diagonal (so the rule is applied)" \
    not_solved "$(cat "$tmp/classic")" x
# a jigsaw: HDU 4069's first case as one line (its region map from the walls)
jigsaw=".2...96..763.9.12.9...27....4....7.51.7.6.8.28.2....5....67...9.79.1.583..83...4.:aaabbbbccaadddbbccaadeebcccaadebbfccdddeeefffggdhhefiigggheefiigghhfffiigghhhhiii"
echo "$jigsaw" > "$tmp/j.txt"
"$bin" "$tmp/j.txt" > "$tmp/out"
check "a jigsaw line is answered with its region map" [ "$(cut -d: -f2 "$tmp/out")" = "$(echo "$jigsaw" | cut -d: -f2)" ]
check "a jigsaw line is solved within its regions" \
    solved "$(cut -d: -f1 "$tmp/out")" "" "$(echo "$jigsaw" | cut -d: -f2)"
"$bin" --variant jigsaw "$tmp/j.txt" | cmp -s - "$tmp/out"
check "--variant jigsaw reads a jigsaw line as without it" [ $? -eq 0 ]
# diagnostics, and the batch goes on
printf '%s\n%s\n' "$one_given" "$jigsaw" > "$tmp/mixed.txt"
"$bin" --variant jigsaw "$tmp/mixed.txt" > "$tmp/out" 2> "$tmp/err"
status=$?
check "--variant jigsaw: a puzzle without regions is a diagnostic (exit 1)" [ $status -eq 1 ]
check "--variant jigsaw: the diagnostic names line 1" \
    grep -q ':1:1: error: --variant jigsaw: the puzzle has no region map' "$tmp/err"
check "--variant jigsaw: the jigsaw after it is answered" [ "$(wc -l < "$tmp/out")" -eq 1 ]
printf '................\n' | "$bin" --variant windoku > "$tmp/out" 2> "$tmp/err"
check "--variant windoku on 4x4 is a diagnostic" \
    grep -q 'error: --variant windoku: a 4x4 grid has no windoku windows' "$tmp/err"
printf '%s\n%s\n' "$(echo "$jigsaw" | sed 's/:aaab/:aaaa/')" "$jigsaw" | "$bin" > "$tmp/out" 2> "$tmp/err"
check "a bad region map is a diagnostic at the map's column" grep -q ':1:83: error: the region map' "$tmp/err"
check "a bad region map: the next line is answered" [ "$(wc -l < "$tmp/out")" -eq 1 ]
sed '3s/^135/167/' samples/hdu4069.in | "$bin" --format hdu4069 > "$tmp/out" 2> "$tmp/err"
check "hdu4069: walls that disagree are a diagnostic" \
    grep -q ':3:1: error: row 2 column 1: its right wall and the next cell' "$tmp/err"
check "hdu4069: the cases after it are answered" grep -q '^Case 3:$' "$tmp/out"
# validate --variant: the classic solution breaks a diagonal, the X solution does not
"$bin" validate --variant x "$tmp/classic" > "$tmp/out"
check "validate --variant x: a classic solution repeats on a diagonal" \
    grep -q ': case 1: invalid: diagonal [12] repeats [1-9]$' "$tmp/out"
"$bin" --variant x --format line "$tmp/x.txt" | "$bin" validate --variant x > "$tmp/out"
check "validate --variant x: the X solution is valid" [ "$(cat "$tmp/out")" = "<stdin>: case 1: valid" ]
"$bin" "$tmp/j.txt" | "$bin" validate > "$tmp/out"
check "validate: a solved jigsaw line is valid by its regions" \
    [ "$(cat "$tmp/out")" = "<stdin>: case 1: valid" ]
# rate --variant: the steps of `rate --steps` output $2 against the solutions in $1, one a line
# (a jigsaw's SOLUTION:REGIONS too); true when every placement is the solution's value and no
# elimination removes it, and every puzzle has its summary line
agrees() {
    awk 'NR == FNR { split($0, f, ":"); sol[NR] = f[1]; n = NR; next }
        /^  / {
            line = $0; sub(/ \(.*$/, "", line); k = split(line, tok, " ")
            for (t = 1; t <= k; t++) {
                if (!match(tok[t], /^r[1-9]c[1-9](=|<>)[1-9]$/)) { bad++; continue }
                r = substr(tok[t], 2, 1); c = substr(tok[t], 4, 1); v = substr(tok[t], length(tok[t]), 1)
                s = substr(sol[p + 1], (r - 1) * 9 + c, 1)
                if (tok[t] ~ /=/ ? s != v : s == v) bad++
            }
            next
        }
        { p++ }
        END { exit !(bad == 0 && p == n) }' "$1" "$2"
}
echo '.3....5...........9...167.....8...3..62...89..8...5.....638...1...........1....4.' > "$tmp/xr.txt"
"$bin" rate --variant x --steps -q "$tmp/xr.txt" > "$tmp/out"
check "rate --variant x: locked candidates in a diagonal, named" \
    grep -q '(pointing: [1-9] in box [1-9] is locked in diagonal [12])$' "$tmp/out"
check "rate --variant x: graded medium by it" grep -q '^1 medium ' "$tmp/out"
"$bin" --variant x --format line "$tmp/xr.txt" > "$tmp/sol"
check "rate --variant x: its steps agree with the solution" agrees "$tmp/sol" "$tmp/out"
for v in x windoku jigsaw; do
    "$bin" generate --variant $v --seed 28 -n 5 -q > "$tmp/gen" 2> /dev/null
    "$bin" --variant $v "$tmp/gen" > "$tmp/sol"
    "$bin" rate --variant $v --steps -q "$tmp/gen" > "$tmp/out"
    check "rate --variant $v: every step of 5 generated puzzles agrees with its solution" \
        agrees "$tmp/sol" "$tmp/out"
done
# generate --difficulty asks the grader: with the diagonals and windows read, the targets are met
for v in x windoku; do
    "$bin" generate --variant $v --difficulty medium --seed 28 -n 2 -q > "$tmp/gen" 2> "$tmp/err"
    status=$?
    check "generate --variant $v --difficulty medium meets its target (exit 0)" [ $status -eq 0 ]
    check "generate --variant $v --difficulty medium: no target missed on stderr" [ ! -s "$tmp/err" ]
    "$bin" rate --variant $v -q "$tmp/gen" > "$tmp/out"
    check "generate --variant $v --difficulty medium: rate says medium twice" \
        [ "$(grep -c '^[12] medium ' "$tmp/out")" -eq 2 ]
done
"$bin" --variant diagonal "$tmp/x.txt" > /dev/null 2> "$tmp/err"
check "an unknown variant is a usage error" [ $? -eq 2 ]
echo "variants: $pass passed, $fail failed"
[ "$fail" = 0 ]
