#!/bin/sh
# package_size.sh OJDOKU -- what `ojdoku package --validator` leaves in a program (issue #44):
# src/cli/package_trim.c cuts each program down to what its main needs.
#  1. every kind of program for every built-in profile: its size (with SIZE_TABLE=1 in the
#     environment, a table of them first, the numbers docs/package.md gives), under CEILING
#     bytes, without a comment, with its own profile's catalogue row and no other;
#  2. what the cut leaves out, by name: the solvers the program does not run (dlx, bitmask, dfs),
#     the engine of grids past 9x9 (solver_fast_large.c's ojd_fast_large_solve) where the
#     profile's side is 9 (poj3074), kept where it is 16 (poj3076), the checker in the
#     reference solution;
#  3. each kind for a 16x16 profile (poj3076) and for a profile file (--format FILE) compiles
#     with cc -std=c11 -Wall -Wextra -Werror and links (tests/cli/package.sh compiles and runs
#     the 9x9 ones), and the 16x16 solution answers as `ojdoku solve` does, byte for byte.
# Closes with "package_size: N passed, N failed".
. "$(dirname "$0")/lib.sh"
cli_start "package_size" "package_size.sh OJDOKU" "$@"
cd "$top" || exit 2   # the test runs from the top of the tree
cc=${CC:-cc}
# The largest program, in bytes, as the cut stands (a checker that may meet killer cages, about
# 371 KB since killer Sudoku): the judges' 64 KiB needs the library's readers and checker split
# by grammar (docs/package.md).
CEILING=${CEILING:-380000}
kinds="kattis-output kattis-input testlib-checker testlib-validator hustoj-spj solution"
profiles=$("$bin" formats | awk '{ print $1 }')
check "the profiles are listed" [ -n "$profiles" ]

# ---- 1. every program of every profile -------------------------------------------------------
table() { [ -z "$SIZE_TABLE" ] || printf "$@"; }
table '%-20s' profile
for k in $kinds; do table ' %17s' "$k"; done
table '\n'
for p in $profiles; do
    mkdir -p "$tmp/$p"
    sizes=
    for k in $kinds; do
        f=$tmp/$p/$k.c
        "$bin" package --format "$p" --validator "$k" > "$f"
        check "$p $k: written" [ $? = 0 ]
        size=$(wc -c < "$f")
        sizes="$sizes $size"
        check "$p $k: $size bytes, at most $CEILING" [ "$size" -le "$CEILING" ]
        # the banner is the one comment: after it, no /* or // outside a string
        check "$p $k: no comment past the banner" \
            sh -c "sed '1,/^ \*\//d' '$f' | sed 's/\"\([^\"\\\\]\|\\\\.\)*\"//g' | grep -q '/\*\|//' && exit 1 || exit 0"
        check "$p $k: its own catalogue row, no other" \
            sh -c "grep -q '^OJD_CATALOGUE_ROW($p,' '$f' && ! grep '^OJD_CATALOGUE_ROW(' '$f' |
                   grep -qv '^OJD_CATALOGUE_ROW($p,'"
    done
    table '%-20s' "$p"
    for s in $sizes; do table ' %17s' "$s"; done
    table '\n'
done

# ---- 2. what is left out ---------------------------------------------------------------------
for k in $kinds; do
    for name in ojd_solver_dlx ojd_solver_bitmask ojd_solver_dfs; do
        check "poj3074 $k: no $name" sh -c "! grep -q '\\<$name\\>' '$tmp/poj3074/$k.c'"
    done
    check "poj3074 $k (9x9): no engine of larger grids" \
        sh -c "! grep -q '^ojd_status ojd_fast_large_solve(' '$tmp/poj3074/$k.c'"
    check "poj3076 $k (16x16): the engine of larger grids" \
        grep -q '^ojd_status ojd_fast_large_solve(' "$tmp/poj3076/$k.c"
done
check "the solution has no checker" sh -c "! grep -q '\\<ojd_check_stream\\>' '$tmp/poj3074/solution.c'"
check "the output validator has the checker" grep -q '\<ojd_check_stream\>' "$tmp/poj3074/kattis-output.c"

# ---- 3. the 16x16 programs and a profile file's, compiled and run ----------------------------
"$bin" formats --profile poj3076 | sed 's/^id *=.*/id = mine16/' > "$tmp/mine.profile"
mkdir -p "$tmp/file"
for k in $kinds; do
    "$bin" package --format "$tmp/mine.profile" --validator "$k" > "$tmp/file/$k.c"
    check "profile file $k: written" [ $? = 0 ]
done
for d in poj3076 file; do
    for k in $kinds; do
        (cd "$tmp/$d" && $cc -std=c11 -Wall -Wextra -Werror -O0 -o "$k" "$k.c" -lm 2> "$k.cc") ||
            cat "$tmp/$d/$k.cc"
        check "$d $k: compiles with -Wall -Wextra -Werror and links" [ -x "$tmp/$d/$k" ]
    done
done
"$bin" generate --format poj3076 -n 3 --seed 11 > "$tmp/in16" 2> /dev/null
check "poj3076: an input generated" [ -s "$tmp/in16" ]
"$bin" solve --format poj3076 < "$tmp/in16" > "$tmp/want16" 2> /dev/null
for d in poj3076 file; do
    "$tmp/$d/solution" < "$tmp/in16" > "$tmp/$d/got16" 2> /dev/null
    check "$d solution: answers as ojdoku solve does" cmp -s "$tmp/want16" "$tmp/$d/got16"
done
check "the answers are grids" [ -s "$tmp/want16" ]

cli_done
