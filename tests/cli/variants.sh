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
#  - generate --variant makes every kind of case (--mix: unique, multiple, unsolvable, conflict),
#    the empty and full edges, a conflict in each unit type, and --hard-for cases, on 9x9 and
#    other sides: each case's status is dlx's, its repeats are counted by awk;
#  - an unknown variant is a usage error (exit 2).
# Closes with "variants: N passed, N failed".
. "$(dirname "$0")/lib.sh"
cli_start "variants" "variants.sh OJDOKU" "$@"
cd "$top" || exit 2   # the test runs from the top of the tree
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
# Every kind, edge and hard-for case of every variant (issue #42), each checked here: its status
# by dlx (solve -s dlx), which is not the generator's solver; its repeats by awk from the units'
# definitions (any side up to 9: 4x4 2x2 boxes, 6x6 2x3, 8x8 2x4).
# The repeats of grid $1 ('.' blanks) under the extra units $2 and region map $3: "N TYPE", N the
# values held twice in a unit, TYPE the type of the last such unit.
repeats() {
    echo "$1 ${2:--} ${3:-}" | awk '{
        g = $1; extra = $2; map = $3; n = int(sqrt(length(g)) + 0.5)
        br = n == 9 ? 3 : 2; bc = n / br; found = 0; type = "-"
        for (i = 0; i < n * n; i++) {
            v = substr(g, i + 1, 1); r = int(i / n); c = i % n
            if (v == ".") continue
            reg = map != "" ? substr(map, i + 1, 1) : int(r / br) * br + int(c / bc)
            k = 0
            key[++k] = "r" r; name[k] = "row"; key[++k] = "c" c; name[k] = "column"
            key[++k] = "g" reg; name[k] = map != "" ? "region" : "box"
            if (extra ~ /x/ && r == c) { key[++k] = "d1"; name[k] = "diagonal" }
            if (extra ~ /x/ && r + c == n - 1) { key[++k] = "d2"; name[k] = "diagonal" }
            if (extra ~ /windoku/ && r % 4 && c % 4) { key[++k] = "w" int(r / 4) int(c / 4); name[k] = "window" }
            for (j = 1; j <= k; j++) if (seen[key[j], v]++) { found++; type = name[j] }
        }
        print found, type }'
}
# Is $1 a complete grid that repeats nothing under $2 and $3?
full_ok() { case $1 in *.*) return 1 ;; esac; [ "$(repeats "$@")" = "0 -" ]; }
field() { sed -n "s/.*\"$1\":\"\\([^\"]*\\)\".*/\\1/p"; }
# Checks every json line of file $2 made under variant $1: "KINDS SEEN" on stdout, a FAIL line
# for each case whose kind does not hold.
check_cases() {
    extra=$(echo "$1" | sed 's/jigsaw//; s/^,//; s/,$//')
    seen=
    while IFS= read -r line; do
        status=$(echo "$line" | field status)
        puzzle=$(echo "$line" | field puzzle)
        regions=$(echo "$line" | field regions)
        solution=$(echo "$line" | field solution)
        input=$puzzle${regions:+:$regions}
        seen="$seen $status"
        case $puzzle in *[1-9]*) ;; *) # the empty grid: a solution, so every relabelling of it
            [ "$status" = multiple ] && full_ok "$solution" "$extra" "$regions" && continue
            echo "FAIL: $1: empty grid: $line"; continue ;;
        esac
        got=$(echo "$input" | "$bin" -s dlx ${extra:+--variant "$extra"} --format json 2>/dev/null | field status)
        rep=$(repeats "$puzzle" "$extra" "$regions")
        ok=0
        case $status in
        solved) [ "$got" = solved ] && full_ok "$solution" "$extra" "$regions" && ok=1 ;;
        multiple) [ "$got" = multiple ] && full_ok "$solution" "$extra" "$regions" && ok=1 ;;
        unsolvable) [ "$got" = unsolvable ] && [ "$rep" = "0 -" ] && ok=1 ;;
        conflict) [ "$got" = conflict ] && [ "${rep%% *}" = 1 ] && ok=1 ;;
        esac
        [ $ok = 1 ] || echo "FAIL: $1: $status (dlx: $got, repeats: $rep): $line"
    done < "$2"
    echo "SEEN$seen"
}
for spec in 9:x 9:windoku 9:jigsaw 9:x,windoku 9:x,jigsaw 6:x 6:jigsaw 4:x,jigsaw; do
    side=${spec%%:*} v=${spec#*:}
    "$bin" generate --side "$side" --variant "$v" --mix --edge=empty,full --format json -n 8 \
        --seed 42 -q > "$tmp/cases" 2> "$tmp/err"
    check_cases "$v" "$tmp/cases" > "$tmp/verdict"
    check "generate --side $side --variant $v --mix --edge: every case of its kind" \
        [ "$(grep -c FAIL "$tmp/verdict")" = 0 ]
    for kind in solved multiple unsolvable conflict; do
        check "generate --side $side --variant $v --mix: a $kind case" \
            grep -q "^SEEN.* $kind" "$tmp/verdict"
    done
    grep FAIL "$tmp/verdict"
    # a conflict in each unit type the variant has, named by the checker
    units="row column $(case $v in *jigsaw*) echo region ;; *) echo box ;; esac)"
    case $v in *x*) units="$units diagonal" ;; esac
    case $v in *windoku*) units="$units window" ;; esac
    for unit in $units; do
        "$bin" generate --side "$side" --variant "$v" --kinds conflict --conflict-unit "$unit" \
            --format json -n 2 --seed 7 -q > "$tmp/cases"
        check_cases "$v" "$tmp/cases" > "$tmp/verdict"
        bad=$(grep -c FAIL "$tmp/verdict")
        ones=0
        while IFS= read -r line; do
            p=$(echo "$line" | field puzzle) r=$(echo "$line" | field regions)
            [ "$(repeats "$p" "$(echo "$v" | sed 's/jigsaw//')" "$r")" = "1 $unit" ] && ones=$((ones + 1))
        done < "$tmp/cases"
        check "generate --side $side --variant $v --conflict-unit $unit: one repeat, in a $unit" \
            [ "$bad.$ones" = 0.2 ]
    done
    # --hard-for: unique puzzles and conflicts stay of their kind
    "$bin" generate --side "$side" --variant "$v" --kinds unique,conflict --hard-for dfs \
        --format json -n 4 --seed 5 -q > "$tmp/cases"
    check_cases "$v" "$tmp/cases" > "$tmp/verdict"
    check "generate --side $side --variant $v --hard-for dfs: every case of its kind" \
        [ "$(grep -c FAIL "$tmp/verdict")" = 0 ]
    check "generate --side $side --variant $v --hard-for dfs: conflicts among them" \
        grep -q 'SEEN.* conflict' "$tmp/verdict"
done
"$bin" --variant diagonal "$tmp/x.txt" > /dev/null 2> "$tmp/err"
check "an unknown variant is a usage error" [ $? -eq 2 ]
cli_done
