#!/bin/sh
# package_size.sh OJDOKU -- what `ojdoku package --validator` leaves in a program (issue #44):
# src/cli/package_trim.c cuts each program down to what its main needs.
#  1. every kind of program for every built-in profile: its size (with SIZE_TABLE=1 in the
#     environment, a table of them first, the numbers docs/package.md gives), under the ceiling
#     of its class (below), without a comment, with its own profile's catalogue row and no
#     other, indented with tabs;
#  2. what the cut leaves out, by name: the solvers the program does not run (dlx, bitmask, dfs),
#     the engine of grids past 9x9 (solver_fast_large.c's ojd_fast_large_solve) where the
#     profile's side is 9 (poj3074), kept where it is 16 (poj3076), the checker in the
#     reference solution, the AVX2 sweeps engine everywhere, the Windows memory streams where
#     no checker opens one; and the functions the profile rules out (package_trim.c's
#     cli_package_stubs()) written as stubs: the grammars, cages, tasks, box size line, count
#     of blanks and (where every count is allowed) engine a validator's profile has not, the
#     tasks and styles a checker's has not;
#  3. each kind for a 16x16 profile (poj3076) and for a profile file (--format FILE) compiles
#     with cc -std=c11 -Wall -Wextra -Werror and links (tests/cli/package.sh compiles and runs
#     the 9x9 ones), the 16x16 solution answers as `ojdoku solve` does, byte for byte, and the
#     16x16 validators say what `validate --input` says of unique and multiple cases;
#  4. for each profile whose fields rule out other functions, the programs run as ojdoku does.
# Closes with "package_size: N passed, N failed".
. "$(dirname "$0")/lib.sh"
cli_start "package_size" "package_size.sh OJDOKU" "$@"
cd "$top" || exit 2   # the test runs from the top of the tree
cc=${CC:-cc}
# The ceilings, in bytes, as the cut stands (docs/package.md has the table): a validator of a
# classic profile (side 9 or 16, no variant, no walls) of 9x9 grids, and of 16x16 ones; any
# other program of a classic profile of each side; and every program (the largest: a checker of
# an any-side profile file).  A validator of a classic 9x9 profile is within the judges' 64 KiB
# (Codeforces, Polygon, HUSTOJ: 65 536 bytes, issue #44); the other programs are not yet: the
# 16x16 engine, the reader, the checker and the writer stay (docs/package.md says why).
# PROGRAM9 was 240000 until the reader read framed grids (issue #40: its band rules, about 1 KB
# of a checker); each program ceiling rose 1.5 to 2 KB with task all, values outside 1..side and
# packed rows with '|' rules (COCI's frame key: scan_ruled_row(), 450 bytes, kept in every checker
# since a contestant's output may hold such a row, and a stub aborts).  PROGRAM16 was 257500
# until key symbols (1..9 then A = 10): the reader's, writer's and checker's few lines for it
# are inside functions every 16x16 program keeps, so no stub can cut them (about 20 bytes over).
VALIDATOR9=${VALIDATOR9:-65536}
VALIDATOR16=${VALIDATOR16:-93000}
PROGRAM9=${PROGRAM9:-242000}
PROGRAM16=${PROGRAM16:-257600}
CEILING=${CEILING:-283000}
kinds="kattis-output kattis-input testlib-checker testlib-validator hustoj-spj solution"
profiles=$("$bin" formats | awk '{ print $1 }')
check "the profiles are listed" [ -n "$profiles" ]

# ---- 1. every program of every profile -------------------------------------------------------
table() { [ -z "$SIZE_TABLE" ] || printf "$@"; }
table '%-20s' profile
for k in $kinds; do table ' %17s' "$k"; done
table '\n'
# The ceiling of program kind $1 of profile $2 (see above).
ceiling() {
    set -- "$1" "$("$bin" formats --profile "$2" | awk '
        $1 == "side" { side = $3 } $1 == "variant" || ($1 == "walls" && $3 == "yes") { odd = 1 }
        END { print (odd || (side != 9 && side != 16)) ? 0 : side }')"
    case $2:$1 in
    9:*-input | 9:*-validator) echo "$VALIDATOR9" ;;
    16:*-input | 16:*-validator) echo "$VALIDATOR16" ;;
    9:*) echo "$PROGRAM9" ;;
    16:*) echo "$PROGRAM16" ;;
    *) echo "$CEILING" ;;
    esac
}
for p in $profiles; do
    mkdir -p "$tmp/$p"
    sizes=
    for k in $kinds; do
        f=$tmp/$p/$k.c
        "$bin" package --format "$p" --validator "$k" > "$f"
        check "$p $k: written" [ $? = 0 ]
        size=$(wc -c < "$f")
        sizes="$sizes $size"
        most=$(ceiling "$k" "$p")
        check "$p $k: $size bytes, at most $most" [ "$size" -le "$most" ]
        check "$p $k: indented with tabs (four spaces only after a backslash)" \
            awk '/^    / && prev !~ /\\$/ { bad = 1 } { prev = $0 } END { exit bad }' "$f"
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
for k in $kinds; do
    for p in poj3074 poj3076; do
        check "$p $k: no sweeps engine" sh -c "! grep -q '\\<sweeps_search\\>' '$tmp/$p/$k.c'"
    done
done
# Whether function $2 of program $1 is a stub: its body (`{` to `}` at the start of a line)
# only uses its parameters, and aborts unless $3 is "returns".
stubbed() {
    awk -v fn="$2" -v how="${3:-aborts}" '
        !body && $0 ~ "^[A-Za-z_].*[ *]" fn "\\(" && $0 !~ /;$/ { head = 1 }
        head && /^\{/ { body = 1; head = 0; next }
        body && /^\}/ { exit !(ok && (how == "returns" ? !aborts : aborts)) }
        body && /^\t\(void\)[A-Za-z_0-9]*;$/ { ok = 1; next }
        body && /^\tabort\(\);$/ { aborts = 1; ok = 1; next }
        body { exit 1 }
        END { if (!body) exit 1 }' "$1"
}
# Whether function $2 of program $1 is there, and not a stub.
whole() {
    grep -q "^[A-Za-z_].*[ *]$2(" "$1" && ! stubbed "$1" "$2" && ! stubbed "$1" "$2" returns
}
for k in kattis-input testlib-validator; do
    for fn in read_caged_row read_cage_sums read_walled_row read_line_case find_cage_conflict \
              general_solve lexmin run_method read_box_size check_blank_count ojd_givens_check; do
        check "poj2676 $k: $fn is a stub" stubbed "$tmp/poj2676/$k.c" "$fn"
    done
    # a validator only searches: methods.c's tasks, and the Windows memory streams, are left out
    for name in ojd_cross_hatch ojd_target_best ojd_memstream_fflush; do
        check "poj2676 $k: no $name" sh -c "! grep -q '\\<$name\\>' '$tmp/poj2676/$k.c'"
    done
    check "hdu2780 $k (5 blanks): the count of blanks is whole" \
        whole "$tmp/hdu2780/$k.c" check_blank_count
    # every count of solutions allowed: no case is solved, so no engine is made
    for fn in ojd_engine_new ojd_engine_solve; do
        check "luogu1074 $k (kinds all): $fn is a stub" stubbed "$tmp/luogu1074/$k.c" "$fn"
    done
    check "poj2676 $k (kinds unique multiple): the engine is whole" \
        whole "$tmp/poj2676/$k.c" ojd_engine_solve
    check "poj3074 $k (line form): the killer engine is a stub" \
        stubbed "$tmp/poj3074/$k.c" ojd_killer_solve
    check "poj3074 $k: its grammar's reader is whole" whole "$tmp/poj3074/$k.c" read_line_case
done
for k in kattis-output testlib-checker hustoj-spj; do
    for fn in count_case method_case sum_add_case sum_judge_total read_literal_cells put_json_answer \
              put_svg put_pretty; do
        check "poj2676 $k: $fn is a stub" stubbed "$tmp/poj2676/$k.c" "$fn"
    done
    check "poj2676 $k: suggest_format returns at once" \
        stubbed "$tmp/poj2676/$k.c" suggest_format returns
    check "poj2676 $k: its task's judge is whole" whole "$tmp/poj2676/$k.c" solution_case
done
check "the output validator has the checker" grep -q '\<ojd_check_stream\>' "$tmp/poj3074/kattis-output.c"
check "the output validator has the Windows memory streams" \
    grep -q '\<ojd_memstream_fflush\>' "$tmp/poj3074/kattis-output.c"
check "the solution has no Windows memory streams" \
    sh -c "! grep -q '\\<ojd_memstream_fflush\\>' '$tmp/poj3074/solution.c'"

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
# The 16x16 validators, cut to a plain profile's code (no box size line, no count of blanks, no
# task of methods.c), on unique and multiple cases (a profile of poj3076's grammar that allows
# both writes them): what validate --input says, case by case, and its exit status.
"$bin" formats --profile poj3076 |
    sed 's/^id *=.*/id = any16/; s/^kinds *=.*/kinds = all/; /^aliases/d' > "$tmp/any16.profile"
"$bin" generate --format "$tmp/any16.profile" -n 6 --kinds unique,multiple --seed 5 \
    > "$tmp/mixed16" 2> /dev/null
# The messages of the program and the exit status ($1: what sed makes of each)
said() { sed -n "$1"; }
for input in in16 mixed16; do
    want=$("$bin" validate --input --format poj3076 "$tmp/$input" 2>&1 > /dev/null; echo "exit $?")
    want=$(echo "$want" | said 's/^ojdoku: [^:]*:\([0-9]*:[0-9]*\): error: /\1: /p; /^exit/p')
    got=$("$tmp/poj3076/kattis-input" < "$tmp/$input" 2>&1 > /dev/null; echo "exit $?")
    got=$(echo "$got" | said '/^[0-9]*:[0-9]*: /p; s/^exit 42$/exit 0/p; s/^exit 43$/exit 1/p')
    check "poj3076 kattis-input, $input: the verdicts of validate --input" [ "$want" = "$got" ]
    got=$("$tmp/poj3076/testlib-validator" < "$tmp/$input" 2>&1 > /dev/null; echo "exit $?")
    got=$(echo "$got" | said 's/^FAIL line \([0-9]*\) column \([0-9]*\): /\1:\2: /p
                             s/^exit 0$/exit 0/p; s/^exit 3$/exit 1/p')
    check "poj3076 testlib-validator, $input: the verdicts of validate --input" [ "$want" = "$got" ]
done
check "the mixed 16x16 input has a case of two solutions" \
    sh -c "'$bin' validate --input --format poj3076 '$tmp/mixed16' 2>&1 | grep -q 'two or more'"

# ---- 4. the profiles the stubs differ for, run ------------------------------------------------
# A stub where the program does run aborts: each profile whose fields rule out other functions
# (a method: cocicross, luogu1074, cf1335d; killer cages; walls; the sum style; lexmin; a
# literal; a diagonal variant; a size line; 16x16 grids alone) has its solution, input
# validator and output validator compiled and run on a generated case, against ojdoku's
# answer, validate --input and check (exit status and judgemessage.txt).
for p in cocicross luogu1074 cf1335d codingamekillersudokusolver hdu4069 euler96 mimuw7 leetcode \
         spojhs12disu uva989 poj3076; do
    d=$tmp/run/$p
    mkdir -p "$d/fb1" "$d/fb2"
    "$bin" generate --format "$p" -n 1 --seed 7 > "$d/in" 2> /dev/null
    "$bin" --format "$p" "$d/in" > "$d/right" 2> /dev/null
    awk '!done && match($0, /[1-9]/) { d = substr($0, RSTART, 1); $0 = substr($0, 1, RSTART - 1) \
         (d % 9 + 1) substr($0, RSTART + 1); done = 1 } { print }' "$d/right" > "$d/wrong"
    for k in solution kattis-input kattis-output; do
        "$bin" package --format "$p" --validator "$k" > "$d/$k.c" &&
            (cd "$d" && $cc -std=c11 -Wall -Wextra -Werror -O0 -o "$k" "$k.c" -lm 2> "$k.cc") ||
            cat "$d/$k.cc"
        check "$p $k: compiles" [ -x "$d/$k" ]
    done
    "$d/solution" < "$d/in" > "$d/got" 2> /dev/null
    check "$p solution: answers as ojdoku does" cmp -s "$d/right" "$d/got"
    want=$("$bin" validate --input --format "$p" "$d/in" > /dev/null 2>&1; echo $?)
    got=$("$d/kattis-input" < "$d/in" > /dev/null 2>&1; echo $?)
    check "$p kattis-input: exit $got, validate --input $want" [ "$want/$got" = 0/42 ]
    for out in right wrong; do
        rm -f "$d/fb1"/* "$d/fb2"/*
        want=$("$bin" check --judge domjudge --format "$p" "$d/in" "$d/right" "$d/fb1" \
               < "$d/$out" 2> /dev/null; echo $?)
        got=$("$d/kattis-output" "$d/in" "$d/right" "$d/fb2" < "$d/$out" 2> /dev/null; echo $?)
        check "$p kattis-output, $out: exit $got, check says $want" [ "$got" = "$want" ]
        check "$p kattis-output, $out: judgemessage.txt as check's" \
            cmp -s "$d/fb1/judgemessage.txt" "$d/fb2/judgemessage.txt"
    done
done

cli_done
