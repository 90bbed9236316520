#!/bin/sh
# profiles.sh OJDOKU -- profile files through the command line: every statement sample answered
# through `--format profiles/ID.profile` exactly as through `--format ID` (bytes and status), and
# through the written form `ojdoku formats --profile ID` too; every command that takes --format
# takes a file (solve, check, validate --input, generate, rate, judge, stress, formats); ids
# found in OJDOKU_PROFILES and the XDG config directory; ids as judges write them; and a
# profile file with mistakes refused before any input is read, one FILE:LINE diagnostic each.
# Usage: profiles.sh OJDOKU   (from the top of the tree)
. "$(dirname "$0")/lib.sh"
cli_start "profiles" "profiles.sh OJDOKU" "$@"
cd "$top" || exit 2   # the test runs from the top of the tree

# ---- 1. every sample: the id, the file, and the written form answer alike ----------------------
for args in samples/*.args; do
    name=${args%.args}
    [ -f "$name.in" ] || continue
    set -- $(cat "$args")
    [ "$1" = --format ] || continue
    id=$2
    shift 2
    main=$("$bin" formats --profile "$id" | sed -n 's/^id = //p')
    [ -f "profiles/$main.profile" ] || { bad "$id: no profiles/$main.profile"; continue; }
    "$bin" --format "$id" "$@" "$name.in" > "$tmp/by_id" 2> "$tmp/by_id.err"
    want=$?
    "$bin" --format "profiles/$main.profile" "$@" "$name.in" > "$tmp/by_file" 2> "$tmp/by_file.err"
    got=$?
    if [ "$want" = "$got" ] && cmp -s "$tmp/by_id" "$tmp/by_file"; then ok
    else bad "$name: --format profiles/$main.profile differs from --format $id"; fi
    "$bin" formats --profile "$id" > "$tmp/$main.profile"
    "$bin" --format "$tmp/$main.profile" "$@" "$name.in" > "$tmp/by_written" 2> /dev/null
    if [ "$want" = $? ] && cmp -s "$tmp/by_id" "$tmp/by_written"; then ok
    else bad "$name: the written profile of $id answers otherwise"; fi
done

# ---- 2. every command takes a file ---------------------------------------------------------------
p=profiles/poj2918.profile
check "check --format FILE accepts the sample" \
    "$bin" check --format "$p" samples/poj2918.in samples/poj2918.out 2> /dev/null
"$bin" check --format "$p" samples/poj2918.in samples/poj2676.out > /dev/null 2>&1
check "check --format FILE rejects another problem's answer" [ $? = 1 ]
"$bin" validate --input --format "$p" samples/poj2918.in > /dev/null
check "validate --input --format FILE" [ $? = 0 ]
"$bin" generate --format poj2918 -n 3 --seed 5 > "$tmp/gen_id"
"$bin" generate --format "$p" -n 3 --seed 5 > "$tmp/gen_file"
check "generate --format FILE writes what --format ID writes" cmp -s "$tmp/gen_id" "$tmp/gen_file"
"$bin" rate --format poj2918 samples/poj2918.in > "$tmp/rate_id"
"$bin" rate --format "$p" samples/poj2918.in > "$tmp/rate_file"
check "rate --format FILE" cmp -s "$tmp/rate_id" "$tmp/rate_file"
"$bin" judge --format "$p" samples/poj2918.in -- "$bin" --format "$p" > "$tmp/judge" 2>&1
check "judge --format FILE with a program that reads the same file" \
    grep -q '^AC ' "$tmp/judge"
"$bin" stress --format "$p" --seed 3 --cases 3 -n 2 -- "$bin" --format "$p" > "$tmp/stress" 2>&1
check "stress --format FILE finds nothing wrong with ojdoku itself" [ $? = 0 ]
"$bin" formats "$p" > "$tmp/formats_file"
"$bin" formats poj2918 | sed '/^sample input/,$d' > "$tmp/formats_id"
check "formats FILE shows the rules of the built-in, without a sample" \
    cmp -s "$tmp/formats_id" "$tmp/formats_file"

# package --format FILE: the emitted programs carry the profile's text
sed 's/^id = poj2918$/id = myscen/; s/^aliases = .*//; s/^header = .*/header = Case {case}:/' \
    "$p" > "$tmp/myscen.profile"
"$bin" --format "$tmp/myscen.profile" samples/poj2918.in > "$tmp/myscen.ans"
"$bin" package --format "$tmp/myscen.profile" --validator kattis-output > "$tmp/v.c"
check "package --format FILE --validator: the file compiles" \
    cc -std=c11 -Wall -Werror -O1 -o "$tmp/v" "$tmp/v.c" -lm
mkdir "$tmp/fb"
"$tmp/v" samples/poj2918.in "$tmp/myscen.ans" "$tmp/fb" < "$tmp/myscen.ans" > /dev/null 2>&1
check "... accepts the answer the profile file gives (42)" [ $? = 42 ]
"$tmp/v" samples/poj2918.in "$tmp/myscen.ans" "$tmp/fb" < samples/poj2918.out > /dev/null 2>&1
check "... rejects the built-in's own framing (43)" [ $? = 43 ]
check "... saying which line" grep -q 'expected "Case 1:"' "$tmp/fb/judgemessage.txt"
"$bin" package --format "$tmp/myscen.profile" --layout kattis "$tmp/pkg" > /dev/null 2>&1
check "package --format FILE --layout kattis writes a package" [ -f "$tmp/pkg/problem.yaml" ]

# ---- the variant key: a classic solution that repeats on a diagonal is no X-Sudoku's ---------
# the X-Sudoku sample has several classic solutions: the smallest one breaks a diagonal
"$bin" --format ecnu1021 samples/spojhs12disu.in > "$tmp/classic.out"
check "the smallest classic solution is not the X-Sudoku's" \
    sh -c "! cmp -s '$tmp/classic.out' samples/spojhs12disu.out"
"$bin" check --format ecnu1021 samples/spojhs12disu.in "$tmp/classic.out" > /dev/null 2>&1
check "it is right where the problem is classic" [ $? = 0 ]
"$bin" check --format spojhs12disu samples/spojhs12disu.in "$tmp/classic.out" > "$tmp/x.err" 2>&1
check "... and wrong (exit 1) where the profile says variant = x" [ $? = 1 ]
check "... for its diagonal" grep -q diagonal "$tmp/x.err"
"$bin" validate --input --format spojhs12disu samples/spojhs12disu.in > /dev/null 2>&1
check "validate --input takes the statement's sample" [ $? = 0 ]
printf '1........\n.........\n.........\n...1.....\n.........\n.........\n.........\n.........\n.........\n' > "$tmp/diag.in"
"$bin" --format spojhs12disu "$tmp/diag.in" > /dev/null 2> "$tmp/diag.err"
check "a given repeated on a diagonal: no solution (exit 1)" [ $? = 1 ]
check "... said as the diagonal's" grep -q "diagonal" "$tmp/diag.err"

# ---- the statement's bounds: givens, and trailing spaces where the official data has them ------
for i in 1 2 3 4 5 6 7 8 9; do echo "0 0 0 0 0 0 0 0 0"; done > "$tmp/empty9.in"
"$bin" validate --input --format luogu1074 "$tmp/empty9.in" > /dev/null 2> "$tmp/givens.err"
check "luogu1074: an empty grid breaks 'at least 24 givens' (exit 1)" [ $? = 1 ]
check "... said so" grep -q "has 0 givens; the statement's cases have at least 24" "$tmp/givens.err"
for s in luogu1074 luogu1074_2 boj2580_luogu1784; do
    "$bin" validate --input $(cat "samples/$s.args") "samples/$s.in" > /dev/null 2>&1
    check "$s: the statement's sample (lines ending in spaces) is valid" [ $? = 0 ]
done
printf '1 2 \n' > "$tmp/trail.in"
"$bin" generate --format luogu1074 -n 1 --seed 2 > "$tmp/l.in"
"$bin" validate --input --format luogu1074 "$tmp/l.in" > /dev/null 2>&1
check "generate --format luogu1074 keeps to 24 givens" [ $? = 0 ]
"$bin" generate --format luogu1074 --clues 20 -n 1 --seed 2 > /dev/null 2>&1
check "generate --format luogu1074 --clues 20 is refused (exit 2)" [ $? = 2 ]

# ---- 3. a user's directory of profiles -------------------------------------------------------------
mkdir -p "$tmp/dir1" "$tmp/dir2" "$tmp/xdg/ojdoku/profiles"
sed 's/^id = poj2918$/id = myjudge42/; s/^aliases = .*//' "$p" > "$tmp/dir2/myjudge42.profile"
sed 's/^id = poj2918$/id = myxdg/; s/^aliases = .*//; s/^header = .*/header = Case {case}:/' \
    "$p" > "$tmp/xdg/ojdoku/profiles/myxdg.profile"
OJDOKU_PROFILES="$tmp/dir1:$tmp/dir2" "$bin" --format myjudge42 samples/poj2918.in > "$tmp/user"
check "OJDOKU_PROFILES: --format ID finds ID.profile in the second directory" \
    cmp -s "$tmp/user" samples/poj2918.out
XDG_CONFIG_HOME="$tmp/xdg" "$bin" --format myxdg samples/poj2918.in > "$tmp/xdg.out"
check "XDG_CONFIG_HOME/ojdoku/profiles: --format ID finds it" grep -q '^Case 1:$' "$tmp/xdg.out"
OJDOKU_PROFILES="$tmp/dir1" XDG_CONFIG_HOME="$tmp/none" "$bin" --format myjudge42 \
    samples/poj2918.in > /dev/null 2> "$tmp/unknown.err"
check "an id in no directory is unknown (exit 2)" [ $? = 2 ]
check "... and says so" grep -q "unknown format 'myjudge42'" "$tmp/unknown.err"
OJDOKU_PROFILES="$tmp/dir2" "$bin" --format ../dir2/myjudge42 samples/poj2918.in > /dev/null 2>&1
check "an id that climbs out of the directory is a path, and no such file (exit 2)" [ $? = 2 ]

# ---- 4. ids as judges write them ---------------------------------------------------------------------
for spelling in POJ2918 "POJ 2918" poj-2918 BOJ7517; do
    "$bin" --format "$spelling" samples/poj2918.in > "$tmp/spelled" 2>&1
    check "--format '$spelling' is poj2918" cmp -s "$tmp/spelled" samples/poj2918.out
done
"$bin" --format P1074 samples/luogu1074.in > "$tmp/spelled" 2>&1
check "--format P1074 is luogu1074" cmp -s "$tmp/spelled" samples/luogu1074.out

# ---- 5. a profile file with mistakes ---------------------------------------------------------------
printf 'id = Bad\nsdie = 9\nframing = betwen\nstyle = packed\n' > "$tmp/bad.profile"
printf '1\n' | "$bin" --format "$tmp/bad.profile" > "$tmp/bad.out" 2> "$tmp/bad.err"
check "a bad profile: exit 2" [ $? = 2 ]
check "a bad profile: nothing on standard output" [ ! -s "$tmp/bad.out" ]
check "a bad profile: the unknown key, its line and the nearest key" \
    grep -q "^ojdoku: $tmp/bad.profile:2: error: unknown key 'sdie' (did you mean 'side'?)$" \
    "$tmp/bad.err"
check "a bad profile: the bad value, the allowed ones and the nearest" \
    grep -q "^ojdoku: $tmp/bad.profile:3: error: framing: 'betwen' is not one of none, between, after or mirror (did you mean 'between'?)$" \
    "$tmp/bad.err"
check "a bad profile: the id" grep -q "$tmp/bad.profile:1: error: id: 'Bad'" "$tmp/bad.err"
check "a bad profile: the count of mistakes, once" \
    [ "$(grep -c '3 mistakes' "$tmp/bad.err")" = 1 ]
printf 'id = selfcontradicting\nstyle = verdict\n' > "$tmp/contra.profile"
"$bin" check --format "$tmp/contra.profile" samples/poj2918.in samples/poj2918.out \
    > /dev/null 2> "$tmp/contra.err"
check "check: a contradicting profile is the jury's failure (exit 3)" [ $? = 3 ]
check "check: ... named on its line" \
    grep -q "contra.profile:2: error: style verdict: no word" "$tmp/contra.err"
"$bin" --format "$tmp/missing.profile" samples/poj2918.in > /dev/null 2> "$tmp/missing.err"
check "a missing profile file: exit 2" [ $? = 2 ]
check "... named with the reason" grep -q "cannot read profile $tmp/missing.profile" \
    "$tmp/missing.err"

cli_done
