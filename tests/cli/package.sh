#!/bin/sh
# package.sh OJDOKU -- the self-contained validators of `ojdoku package --validator` (issue #31):
#  1. each kind, written for two profiles (poj3074: grids only; kattis: Unique Sudoku's verdict
#     words too), is one C file; each main compiles on its own with `cc -std=c11 -Wall -Werror`
#     (no include path, nothing of ojdoku), for poj3074, and the Kattis output validator for
#     kattis too (one of them at -O1 for the warnings that need the optimizer, the rest at -O0,
#     which compiles the 200-300 KB files fastest: a second each, the cost of this test);
#  2. the checkers compiled (kattis-output, testlib-checker, hustoj-spj) give the exit status
#     `ojdoku check` gives in the same convention (--judge domjudge, testlib, hustoj) on right, wrong,
#     cut short, malformed, respaced and empty outputs, with a jury answer and with an empty
#     one, with Kattis's space_change_sensitive flag too, and the Kattis validator writes the
#     same judgemessage.txt; the right output is accepted and the wrong ones rejected, so the
#     agreement is not that of two programs that reject everything;
#  3. the input validators (kattis-input, testlib-validator) accept and reject what `ojdoku
#     validate --input` does, on generated inputs of every kind of case and on broken copies
#     (a trailing space, a CR, a letter, a row cut short, no final newline, an empty file);
#  4. the reference solution answers every good input byte for byte as `ojdoku solve` does;
#  5. a Kattis package (--layout kattis) holds every file of the layout, the statement's sample
#     (written again in the judge's grammar where the published one breaks it: SPOJ's),
#     valid tests whose answers `check` and the emitted output validator accept, the same
#     validators and solution as --validator writes, and `ojdoku judge` accepts the compiled
#     solution on all its tests; a DIR that holds files and an unknown layout are refused;
#  5b. DOMjudge, Polygon and HUSTOJ packages, read back (their XML parsed), with the same
#     checks, the measured time limit, --tl, and the sample's figure;
#  6. the amalgamation script renames a file-local name two sources share, and stops with a
#     message when the rename cannot work (a header uses the name), in trees made here.
# Closes with "package: N passed, N failed".
. "$(dirname "$0")/lib.sh"
cli_start "package" "package.sh OJDOKU" "$@"
cd "$top" || exit 2   # the test runs from the top of the tree
cc=${CC:-cc}
status_of() { "$@" > /dev/null 2>&1; echo $?; }

kinds="kattis-output kattis-input testlib-checker testlib-validator hustoj-spj solution"
profiles="poj3074 kattis"

# ---- 1. emit and compile ---------------------------------------------------------------------
for p in $profiles; do
    mkdir -p "$tmp/$p"
    for k in $kinds; do
        "$bin" package --format "$p" --validator "$k" > "$tmp/$p/$k.c"
        check "$p $k: written, exit 0" [ $? = 0 ]
    done
done
# the file is what --validator writes to DIR too, under the kind's name
mkdir "$tmp/dir"
"$bin" package --format poj3074 --validator kattis-output "$tmp/dir"
check "--validator KIND DIR writes DIR/output_validator.c, as stdout has it" \
    cmp -s "$tmp/dir/output_validator.c" "$tmp/poj3074/kattis-output.c"
check "the file names the profile once, first" \
    [ "$(grep -c '^#define OJD_PROFILE' "$tmp/poj3074/kattis-output.c")" = 1 ]
check "the file includes no project header" \
    sh -c "! grep -q '^[ \t]*#[ \t]*include[ \t]*\"' '$tmp/poj3074/kattis-output.c'"
compile() { # profile kind optimization
    (cd "$tmp/$1" && $cc -std=c11 -Wall -Werror "$3" -o "$2" "$2.c" -lm 2> "$2.cc") ||
        { cat "$tmp/$1/$2.cc"; return 1; }
}
# one at a time: make test runs this beside the other tests on a machine of few cores (two
# compilers at once here slowed a timed example of docs/ into a time limit)
for p in $profiles; do
    for k in $kinds; do
        # each main once for poj3074; for kattis, whose verdict words go through the same
        # checker code, the Kattis output validator alone
        case $p/$k in
        poj3074/kattis-output) opt=-O1 ;;
        poj3074/*) opt=-O0 ;;
        kattis/kattis-output) opt=-O0 ;;
        *) continue ;;
        esac
        compile "$p" "$k" "$opt" > "$tmp/$p/$k.log" 2>&1
    done
done
for p in $profiles; do
    for k in $kinds; do
        [ -f "$tmp/$p/$k.log" ] || continue
        check "$p $k compiles with -std=c11 -Wall -Werror" [ -x "$tmp/$p/$k" ]
        [ -s "$tmp/$p/$k.log" ] && cat "$tmp/$p/$k.log"
    done
done

# ---- 2. the checkers agree with ojdoku check --------------------------------------------------
for p in $profiles; do
    d=$tmp/$p
    "$bin" generate --format "$p" --mix -n 4 --seed 7 > "$d/in" 2>/dev/null
    "$bin" --format "$p" "$d/in" > "$d/right" 2>/dev/null
    # wrong: the first digit of the first line with one made the next digit (a complete
    # grid's row then repeats a value); cut: the first three lines; respaced: a space at the end of every line
    awk '!done && match($0, /[1-9]/) { d = substr($0, RSTART, 1); $0 = substr($0, 1, RSTART - 1) \
         (d % 9 + 1) substr($0, RSTART + 1); done = 1 } { print }' "$d/right" > "$d/wrong"
    head -n 3 "$d/right" > "$d/cut"
    printf 'hello\n' > "$d/malformed"
    sed 's/$/ /' "$d/right" > "$d/respaced"
    : > "$d/empty"
    : > "$d/noanswer"
    for out in right wrong cut malformed respaced empty; do
        for ans in right noanswer; do
            for flag in "" space_change_sensitive; do
                mkdir -p "$d/fb1" "$d/fb2"
                rm -f "$d/fb1"/* "$d/fb2"/*
                # shellcheck disable=SC2086
                want=$("$bin" check --judge domjudge --format "$p" "$d/in" "$d/$ans" "$d/fb1" \
                       $flag < "$d/$out" 2>/dev/null; echo $?)
                # shellcheck disable=SC2086
                got=$("$d/kattis-output" "$d/in" "$d/$ans" "$d/fb2" $flag < "$d/$out" \
                      2>/dev/null; echo $?)
                check "$p kattis-output, $out, answer $ans $flag: exit $got, check says $want" \
                    [ "$got" = "$want" ]
                check "$p kattis-output, $out, answer $ans $flag: judgemessage.txt as check's" \
                    cmp -s "$d/fb1/judgemessage.txt" "$d/fb2/judgemessage.txt"
                check "$p kattis-output, $out: teammessage.txt" [ -s "$d/fb2/teammessage.txt" ]
                case $out/$flag in
                right/*) check "$p kattis-output accepts the right output" [ "$got" = 42 ] ;;
                wrong/* | cut/* | malformed/* | empty/* | respaced/space_change_sensitive)
                    check "$p kattis-output rejects the $out output $flag" [ "$got" = 43 ] ;;
                esac
            done
            [ -x "$d/testlib-checker" ] || continue
            want=$(status_of "$bin" check --format "$p" "$d/in" "$d/$out" "$d/$ans")
            got=$(status_of "$d/testlib-checker" "$d/in" "$d/$out" "$d/$ans")
            check "$p testlib-checker, $out, answer $ans: exit $got, check says $want" \
                [ "$got" = "$want" ]
            want=$(status_of "$bin" check --judge hustoj --format "$p" "$d/in" "$d/$ans" "$d/$out")
            got=$(status_of "$d/hustoj-spj" "$d/in" "$d/$ans" "$d/$out")
            check "$p hustoj-spj, $out, answer $ans: exit $got, check says $want" \
                [ "$got" = "$want" ]
        done
    done
    # testlib's result file, in its XML with -appes, as check writes it
    [ -x "$d/testlib-checker" ] || continue
    "$bin" check --format "$p" "$d/in" "$d/wrong" "$d/right" "$d/r1" -appes 2>/dev/null
    "$d/testlib-checker" "$d/in" "$d/wrong" "$d/right" "$d/r2" -appes 2>/dev/null
    check "$p testlib-checker: -appes result file as check's" cmp -s "$d/r1" "$d/r2"
done

# the Kattis validator's message is written once: DOMjudge appends the validator's stderr to
# judgemessage.txt, so stderr stays empty while the file can be written
d=$tmp/poj3074
mkdir -p "$d/fb3"
"$d/kattis-output" "$d/in" "$d/right" "$d/fb3" < "$d/wrong" 2> "$d/ko.err"
check "kattis-output: the verdict in judgemessage.txt, nothing on stderr" \
    sh -c "[ -s '$d/fb3/judgemessage.txt' ] && [ ! -s '$d/ko.err' ]"
cat "$d/ko.err" >> "$d/fb3/judgemessage.txt" # what DOMjudge does
check "kattis-output: judgemessage.txt as DOMjudge leaves it holds the message once" \
    [ "$(grep -c 'wrong answer' "$d/fb3/judgemessage.txt")" = 1 ]
"$d/kattis-output" "$d/in" "$d/right" "$d/no-such-dir" < "$d/wrong" 2> "$d/ko.err"
check "kattis-output: no feedback folder: exit 1, the message on stderr once" \
    sh -c "[ $? = 1 ] && [ \"\$(grep -c 'wrong answer' '$d/ko.err')\" = 1 ]"
"$d/kattis-output" "$d/no-such-input" "$d/right" "$d/fb3" < "$d/wrong" 2> "$d/ko.err"
check "kattis-output: a judge error in judgemessage.txt alone" \
    sh -c "grep -q '^FAIL: .*no-such-input' '$d/fb3/judgemessage.txt' && [ ! -s '$d/ko.err' ]"

# ---- 2b. Windows: MinGW builds every file; the stand-ins for what it lacks ---------------------
# src/amalg/portable.h stands in for open_memstream and strerror_r where Windows' C library has
# none; built on Linux with OJD_PORTABLE_STDIO, the checkers must still give check's verdicts and
# messages.  MinGW (Debian's gcc-mingw-w64) compiles and links each emitted file; Wine, where
# installed, runs the Windows checkers and solution against ojdoku's own verdicts.
d=$tmp/poj3074
for k in testlib-checker kattis-output; do
    (cd "$d" && $cc -std=c11 -Wall -Werror -O0 -DOJD_PORTABLE_STDIO -o "$k-portable" "$k.c" -lm) ||
        check "$k compiles with OJD_PORTABLE_STDIO" false
done
for out in right wrong cut malformed respaced empty; do
    want=$(status_of "$bin" check --format poj3074 "$d/in" "$d/$out" "$d/right")
    "$bin" check --format poj3074 "$d/in" "$d/$out" "$d/right" 2> "$d/msg1"
    got=$(status_of "$d/testlib-checker-portable" "$d/in" "$d/$out" "$d/right")
    "$d/testlib-checker-portable" "$d/in" "$d/$out" "$d/right" 2> "$d/msg2"
    check "portable testlib-checker, $out: exit $got, check says $want" [ "$got" = "$want" ]
    check "portable testlib-checker, $out: check's message" cmp -s "$d/msg1" "$d/msg2"
    mkdir -p "$d/fbp" && rm -f "$d/fbp"/* "$d/fb1"/*
    "$d/kattis-output-portable" "$d/in" "$d/right" "$d/fbp" space_change_sensitive < "$d/$out" \
        2> /dev/null
    got=$?
    want=$(status_of "$bin" check --judge domjudge --format poj3074 "$d/in" "$d/right" "$d/fb1" \
           space_change_sensitive < "$d/$out")
    check "portable kattis-output (strict), $out: exit $got, check says $want" [ "$got" = "$want" ]
    check "portable kattis-output (strict), $out: check's judgemessage.txt" \
        cmp -s "$d/fb1/judgemessage.txt" "$d/fbp/judgemessage.txt"
done
check "portable testlib-checker: the respaced output is ok, not byte-exact (the rendering read)" \
    sh -c "'$d/testlib-checker-portable' '$d/in' '$d/respaced' '$d/right' 2>&1 | grep -q 'not byte-exact'"
mingw=x86_64-w64-mingw32-gcc
if command -v "$mingw" > /dev/null 2>&1; then
    for k in $kinds; do
        (cd "$d" && "$mingw" -std=c11 -Wall -Wextra -Wpedantic -Werror -O0 -o "$k.exe" "$k.c" \
            -lm 2> "$k.mingw")
        check "poj3074 $k builds with MinGW ($mingw -Werror)" [ -s "$d/$k.exe" ] ||
            head -20 "$d/$k.mingw"
    done
else
    echo "package: skipped: the MinGW builds: no $mingw (Debian's gcc-mingw-w64 installs it)"
fi
wine=$(command -v wine || command -v wine64 || ls /usr/lib/wine/wine64 2> /dev/null)
if [ -n "$wine" ] && [ -s "$d/testlib-checker.exe" ]; then
    export WINEPREFIX="$tmp/wine" WINEDEBUG=-all
    for out in right wrong malformed respaced; do
        want=$(status_of "$bin" check --format poj3074 "$d/in" "$d/$out" "$d/right")
        got=$(status_of "$wine" "$d/testlib-checker.exe" "$d/in" "$d/$out" "$d/right")
        check "Windows testlib-checker (Wine), $out: exit $got, check says $want" \
            [ "$got" = "$want" ]
    done
    "$wine" "$d/testlib-checker.exe" "$d/in" "$d/respaced" "$d/right" 2> "$d/msgw"
    "$bin" check --format poj3074 "$d/in" "$d/respaced" "$d/right" 2> "$d/msg1"
    check "Windows testlib-checker (Wine): check's message" \
        sh -c "tr -d '\r' < '$d/msgw' | cmp -s - '$d/msg1'"
    "$wine" "$d/solution.exe" < "$d/in" > "$d/sol.exe.out" 2> /dev/null
    check "Windows solution (Wine): the bytes of ojdoku solve, no CR" \
        cmp -s "$d/sol.exe.out" "$d/right"
    printf '1234\n' > "$d/short.in"
    got=$(status_of "$wine" "$d/testlib-validator.exe" < "$d/short.in")
    check "Windows testlib-validator (Wine): a short line is invalid ($got)" [ "$got" = 3 ]
    check "Windows testlib-validator (Wine): its message's %zu printed as a number" \
        sh -c "'$wine' '$d/testlib-validator.exe' < '$d/short.in' 2>&1 | grep -q 'is 4 characters long'"
else
    echo "package: skipped: the Windows programs run: no Wine or no MinGW build"
fi

# ---- 3. the input validators agree with ojdoku validate --input ------------------------------
d=$tmp/poj3074
cp "$d/in" "$d/good"
"$bin" generate --format poj3074 -n 2 --seed 3 > "$d/good2" 2>/dev/null
sed '2s/$/ /' "$d/good" > "$d/trailing"
sed '2s/$/\r/' "$d/good" > "$d/cr"
sed '3s/[1-9]/a/' "$d/good" > "$d/letter"
sed '2s/.$//' "$d/good" > "$d/shortrow"
printf '%s' "$(cat "$d/good")" > "$d/nonewline"
: > "$d/emptyin"
for input in good good2 trailing cr letter shortrow nonewline emptyin; do
    want=$(status_of "$bin" validate --input --format poj3074 "$d/$input")
    got=$(status_of "$d/kattis-input" < "$d/$input")
    case $want/$got in
    0/42 | 1/43) check "kattis-input, $input: $got" true ;;
    *) check "kattis-input, $input: exit $got where validate --input exits $want" false ;;
    esac
    got=$(status_of "$d/testlib-validator" < "$d/$input")
    case $want/$got in
    0/0 | 1/3) check "testlib-validator, $input: $got" true ;;
    *) check "testlib-validator, $input: exit $got where validate --input exits $want" false ;;
    esac
    case $input in
    good*) check "$input is valid" [ "$want" = 0 ] ;;
    *) check "$input is invalid" [ "$want" = 1 ] ;;
    esac
done

# ---- 3b. the options Polygon passes, taken as testlib.h takes them -----------------------------
# the checker (registerTestlibCmd): --testset NAME and --group NAME anywhere, taken out before
# the file names; the validator (registerValidation): those and --testOverviewLogFileName,
# --testMarkupFileName, --testCase, --testCaseFileName, written only for a valid input
for out in right wrong respaced; do
    want=$(status_of "$d/testlib-checker" "$d/in" "$d/$out" "$d/right")
    got=$(status_of "$d/testlib-checker" --testset tests --group g1 "$d/in" "$d/$out" "$d/right")
    check "testlib-checker --testset tests --group g1, $out: exit $got, as without ($want)" \
        [ "$got" = "$want" ]
    got=$(status_of "$d/testlib-checker" "$d/in" "$d/$out" --group "" "$d/right")
    check "testlib-checker with an empty --group among the files, $out: exit $got ($want)" \
        [ "$got" = "$want" ]
done
check "testlib-checker: the wrong output is still wrong with --testset (1)" \
    [ "$(status_of "$d/testlib-checker" --testset tests "$d/in" "$d/wrong" "$d/right")" = 1 ]
"$d/testlib-checker" --testset tests --group 1 "$d/in" "$d/wrong" "$d/right" "$d/r3" -appes \
    2> /dev/null
check "testlib-checker --testset --group: the -appes result file as without" cmp -s "$d/r1" "$d/r3"
check "testlib-checker --testset with an empty name: a failure (3), as testlib" \
    [ "$(status_of "$d/testlib-checker" --testset "" "$d/in" "$d/right" "$d/right")" = 3 ]
check "testlib-checker --group with no name: a failure (3)" \
    [ "$(status_of "$d/testlib-checker" "$d/in" "$d/right" "$d/right" --group)" = 3 ]
v=$d/testlib-validator
rm -f "$d/ov" "$d/mu" "$d/tc"
"$v" --testset tests --group g1 --testOverviewLogFileName "$d/ov" --testMarkupFileName "$d/mu" \
    --testCase 1 --testCaseFileName "$d/tc" < "$d/good" 2> "$d/v.err"
check "testlib-validator with Polygon's options: a good input is valid (0)" [ $? = 0 ]
check "testlib-validator: the overview log written, empty (no bounds declared)" \
    sh -c "[ -f '$d/ov' ] && [ ! -s '$d/ov' ]"
check "testlib-validator: the markup is testlib's header and the input" \
    sh -c "{ printf 'MU\363\001'; cat '$d/good'; } | cmp -s - '$d/mu'"
check "testlib-validator: no test case file (the input marks none)" [ ! -e "$d/tc" ]
printf 'a!b\\c\n' > "$d/bang"
"$v" --testMarkupFileName "$d/mu2" < "$d/bang" 2> /dev/null
check "testlib-validator: an invalid input: 3, no markup written" \
    sh -c "[ $? = 3 ] && [ ! -e '$d/mu2' ]"
"$v" --testMarkupFileName stdout < "$d/good" > "$d/mu3" 2> /dev/null
check "testlib-validator --testMarkupFileName stdout: the markup on stdout" cmp -s "$d/mu" "$d/mu3"
rm -f "$d/ov"
"$v" --testOverviewLogFileName "$d/ov" < "$d/trailing" 2> /dev/null
check "testlib-validator: an invalid input with options is still invalid (3), no overview" \
    sh -c "[ $? = 3 ] && [ ! -e '$d/ov' ]"
for bad in "--testCase 0" "--testCase x" "--testOverviewLogFileName" "--testset"; do
    # shellcheck disable=SC2086
    got=$(status_of "$v" $bad < "$d/good")
    check "testlib-validator $bad: a failure (3), as testlib" [ "$got" = 3 ]
done
check "testlib-validator: an option it does not know is passed over, as testlib" \
    [ "$(status_of "$v" --verbose < "$d/good")" = 0 ]

# ---- 4. the reference solution ---------------------------------------------------------------
for input in good good2; do
    "$d/solution" < "$d/$input" > "$d/sol.out" 2>/dev/null
    st=$?
    "$bin" --format poj3074 "$d/$input" > "$d/solve.out" 2>/dev/null
    check "solution on $input: exit 0" [ "$st" = 0 ]
    check "solution on $input: the bytes of ojdoku solve" cmp -s "$d/sol.out" "$d/solve.out"
done
check "solution: the sample's answer" \
    sh -c "'$d/solution' < samples/poj3074.in | cmp -s - samples/poj3074.out"

# ---- 5. a Kattis package, read back ----------------------------------------------------------
for p in $profiles; do
    k=$tmp/kattis-$p
    d=$tmp/$p
    "$bin" package --format "$p" --layout kattis --tests 3 --seed 5 "$k" 2> "$k.err"
    check "$p --layout kattis: exit 0" [ $? = 0 ]
    for f in problem.yaml data/sample/1.in data/sample/1.ans problem_statement/problem.en.tex \
             output_validators/ojdoku/output_validator.c input_validators/ojdoku/input_validator.c \
             submissions/accepted/solution.c data/secret/01.in data/secret/03.ans; do
        check "$p package: $f" [ -s "$k/$f" ]
    done
    check "$p package: validation: custom" grep -qx 'validation: custom' "$k/problem.yaml"
    case $p in
    poj3074) credit='source: "POJ, problem 3074"' ;;
    kattis) credit='source: "Kattis, problem sudokunique"' ;;
    esac
    check "$p package: source credits the judge and its problem, not the title" \
        grep -qx "$credit" "$k/problem.yaml"
    check "$p package: the statement's sample" cmp -s "$k/data/sample/1.in" "samples/$p.in"
    check "$p package: the sample's answer" cmp -s "$k/data/sample/1.ans" "samples/$p.out"
    check "$p package: the output validator is --validator kattis-output's" \
        cmp -s "$k/output_validators/ojdoku/output_validator.c" "$d/kattis-output.c"
    check "$p package: the input validator is --validator kattis-input's" \
        cmp -s "$k/input_validators/ojdoku/input_validator.c" "$d/kattis-input.c"
    check "$p package: the solution is --validator solution's" \
        cmp -s "$k/submissions/accepted/solution.c" "$d/solution.c"
    check "$p package: no test kept for another run" [ ! -e "$k/data/secret/04.in" ]
    for t in "$k"/data/secret/*.in "$k/data/sample/1.in"; do
        name=${t#"$k"/data/}
        check "$p package: $name is valid" \
            "$bin" validate --input --format "$p" "$t" > /dev/null
        check "$p package: $name's answer is right" \
            "$bin" check --format "$p" "$t" "${t%.in}.ans" "${t%.in}.ans" 2> /dev/null
        if [ -x "$d/kattis-output" ]; then
            mkdir -p "$k.fb"
            "$d/kattis-output" "$t" "${t%.in}.ans" "$k.fb" < "${t%.in}.ans" 2> /dev/null
            check "$p package: the output validator accepts $name's answer" [ $? = 42 ]
        fi
    done
done
# the reference solution, compiled, is accepted on every test of the package
"$bin" judge --format poj3074 "$tmp/kattis-poj3074/data" -- "$tmp/poj3074/solution" \
    > "$tmp/judge.out" 2>&1
check "judge: the package's solution is accepted on its tests" [ $? = 0 ]
# 3 generated tests, the edge cases POJ 3074 allows (17-clue, full, hardest: no empty grid,
# which has many solutions) and the sample
check "judge: 7 tests run, 7 AC" grep -q '^7 tests: 7 AC' "$tmp/judge.out" ||
    cat "$tmp/judge.out"
check "poj3074 package: the edge cases it allows, and only those" \
    [ "$(cd "$tmp/kattis-poj3074/data/secret" && echo edge-*.in)" = \
      "edge-17-clue.in edge-full.in edge-hardest.in" ]
check "poj3074 package: says it left out the empty grid" \
    grep -q "skipped 'edge-empty': the statement has no case of kind multiple" \
    "$tmp/kattis-poj3074.err"
# SPOJ's published sample has trailing spaces, which its own grammar rules out: written again
k=$tmp/kattis-spoj
"$bin" package --format spoj --layout kattis --tests 1 --seed 1 "$k" 2> "$k.err"
check "spoj package: exit 0" [ $? = 0 ]
check "spoj package: says the sample was written again" \
    grep -q 'published sample breaks the statement' "$k.err"
check "spoj package: the sample, written again, is valid" \
    "$bin" validate --input --format spoj "$k/data/sample/1.in" > /dev/null
check "spoj package: its answer is right" \
    "$bin" check --format spoj "$k/data/sample/1.in" "$k/data/sample/1.ans" 2> /dev/null
check "spoj package: the same puzzles as the published sample" \
    sh -c "'$bin' --format line samples/spoj.in > '$k.a' && '$bin' --format line \
           '$k/data/sample/1.in' > '$k.b' && cmp -s '$k.a' '$k.b'"
"$bin" package --format poj3074 --layout kattis "$tmp/kattis-poj3074" 2> "$tmp/err"
check "--layout kattis DIR that holds files: exit 2" [ $? = 2 ]
"$bin" package --format poj3074 --layout nonsense "$tmp/dj" 2> "$tmp/err"
check "--layout nonsense: exit 2, naming the layouts" \
    sh -c "[ $? = 2 ] && grep -q 'kattis, domjudge, polygon or hustoj' '$tmp/err'"

# ---- 5b. the DOMjudge, Polygon and HUSTOJ layouts, read back --------------------------------
# Each package of poj3074 is read back: the files its format requires, its XML parsed with the
# elements the format requires (tests/cli/package_read.py, which also takes the tests out of
# Polygon's tests/NN and HUSTOJ's XML into NN.in and NN.ans), every test input valid for
# `validate --input` and the emitted input validator, every answer accepted by `check`, the
# emitted files the same as --validator's (so the binaries compiled in section 1 are theirs:
# no compile here), and `ojdoku judge` accepts the reference solution on all the tests.
d=$tmp/poj3074
svg_givens() { grep -c '<text' "$1"; }
sample_givens=$(head -n 1 samples/poj3074.in | tr -d '.\n' | wc -c)
read_back() { # layout, folder of NN.in/NN.ans, input validator, its exit status for valid
    n=0
    for t in "$2"/*.in; do
        n=$((n + 1))
        name="$1 package: test ${t##*/}"
        check "$name is valid" "$bin" validate --input --format poj3074 "$t" > /dev/null
        "$3" < "$t" > /dev/null 2>&1
        check "$name passes the emitted input validator" [ $? = "$4" ]
        check "$name's answer is right" \
            "$bin" check --format poj3074 "$t" "${t%.in}.ans" "${t%.in}.ans" 2> /dev/null
    done
    # the sample, 2 generated tests, 3 edge cases
    check "$1 package: 6 tests ($n)" [ "$n" = 6 ]
    "$bin" judge --format poj3074 "$2" -- "$d/solution" > "$tmp/judge-$1.out" 2>&1
    check "$1 package: judge accepts the reference solution on every test" [ $? = 0 ]
    check "$1 package: 6 tests, 6 AC" grep -q '^6 tests: 6 AC' "$tmp/judge-$1.out" ||
        cat "$tmp/judge-$1.out"
}

k=$tmp/domjudge
"$bin" package --format poj3074 --layout domjudge --tests 2 --seed 5 "$k" 2> "$k.err"
check "domjudge: exit 0" [ $? = 0 ]
for f in problem.yaml domjudge-problem.ini data/sample/1.in data/sample/1.ans \
         data/secret/02.ans output_validators/ojdoku/output_validator.c \
         input_validators/ojdoku/input_validator.c submissions/accepted/solution.c \
         problem_statement/problem.en.tex problem_statement/sample.svg; do
    check "domjudge package: $f" [ -s "$k/$f" ]
done
check "domjudge package: an executable build script that leaves run" \
    sh -c "[ -x '$k/output_validators/ojdoku/build' ] && sh -n '$k/output_validators/ojdoku/build' \
           && grep -q -- '-o run output_validator.c' '$k/output_validators/ojdoku/build'"
check "domjudge package: problem.yaml names it, validation custom, memory" \
    sh -c "grep -qx 'name: \"Sudoku\"' '$k/problem.yaml' && grep -qx 'validation: custom' \
           '$k/problem.yaml' && grep -qx '  memory: 256' '$k/problem.yaml'"
check "domjudge package: domjudge-problem.ini has the short name and the measured time limit" \
    sh -c "grep -qx 'short-name = poj3074' '$k/domjudge-problem.ini' && \
           grep -qx 'timelimit = 1' '$k/domjudge-problem.ini'"
check "domjudge package: says the time limit and how it was measured" \
    grep -q 'time limit 1 s: the slowest reference run took' "$k.err"
check "domjudge package: the output validator is --validator kattis-output's" \
    cmp -s "$k/output_validators/ojdoku/output_validator.c" "$d/kattis-output.c"
check "domjudge package: the solution is --validator solution's" \
    cmp -s "$k/submissions/accepted/solution.c" "$d/solution.c"
check "domjudge package: the sample figure is SVG with a digit per given of the first puzzle" \
    sh -c "python3 -c 'import sys, xml.etree.ElementTree as E; \
           sys.exit(E.parse(sys.argv[1]).getroot().tag != \"{http://www.w3.org/2000/svg}svg\")' \
           '$k/problem_statement/sample.svg' && \
           [ \"\$(grep -c '<text' '$k/problem_statement/sample.svg')\" = $sample_givens ]"
check "domjudge package: the statement shows the figure" \
    grep -q 'includegraphics.*{sample.pdf}' "$k/problem_statement/problem.en.tex"
mkdir "$k.tests"
for t in "$k"/data/*/*.in; do # one folder of NN.in, as read_back wants them
    cp "$t" "$k.tests/$(basename "$(dirname "$t")")-${t##*/}"
    cp "${t%.in}.ans" "$k.tests/$(basename "$(dirname "$t")")-$(basename "${t%.in}").ans"
done
read_back domjudge "$k.tests" "$d/kattis-input" 42
"$bin" package --format poj3074 --layout domjudge --tests 1 --seed 5 --tl 7 "$k-tl" 2> /dev/null
check "domjudge --tl 7: timelimit = 7" grep -qx 'timelimit = 7' "$k-tl/domjudge-problem.ini"
"$bin" package --format poj3074 --layout domjudge --tl 0 "$k-tl0" 2> /dev/null
check "--tl 0: exit 2" [ $? = 2 ]

k=$tmp/polygon
"$bin" package --format poj3074 --layout polygon --tests 2 --seed 5 "$k" 2> "$k.err"
check "polygon: exit 0" [ $? = 0 ]
for f in problem.xml files/check.c files/validator.c solutions/solution.c check.c tests/01 \
         tests/01.a tests/06 tests/06.a statements/english/problem.tex \
         statements/english/sample.svg; do
    check "polygon package: $f" [ -s "$k/$f" ]
done
check "polygon package: no test 07" [ ! -e "$k/tests/07" ]
check "polygon package: problem.xml read back" python3 tests/cli/package_read.py polygon "$k" "$k.read"
check "polygon package: test 01 is the statement's sample" cmp -s "$k.read/sample-input.txt" samples/poj3074.in
check "polygon package: a time limit of 1 s" grep -qx 1 "$k.read/tl"
check "polygon package: the checker is --validator testlib-checker's" \
    cmp -s "$k/files/check.c" "$d/testlib-checker.c"
check "polygon package: the validator is --validator testlib-validator's" \
    cmp -s "$k/files/validator.c" "$d/testlib-validator.c"
check "polygon package: the solution is --validator solution's" \
    cmp -s "$k/solutions/solution.c" "$d/solution.c"
check "polygon package: the statement shows the figure" \
    grep -q 'includegraphics.*{sample.pdf}' "$k/statements/english/problem.tex"
read_back polygon "$k.read" "$d/testlib-validator" 0
# judge reads Polygon's own tests/ folder (NN and NN.a) too
"$bin" judge --format poj3074 "$k/tests" -- "$d/solution" > "$tmp/judge-tests.out" 2>&1
check "polygon package: judge on tests/ itself: 6 tests, 6 AC" \
    grep -q '^6 tests: 6 AC' "$tmp/judge-tests.out"

k=$tmp/hustoj
"$bin" package --format poj3074 --layout hustoj --tests 2 --seed 5 "$k" 2> "$k.err"
check "hustoj: exit 0" [ $? = 0 ]
check "hustoj package: poj3074.xml, alone, read back" \
    python3 tests/cli/package_read.py hustoj "$k" "$k.read"
check "hustoj package: the sample is the statement's" cmp -s "$k.read/sample-input.txt" samples/poj3074.in
check "hustoj package: a time limit of 1 s" grep -qx 1 "$k.read/tl"
check "hustoj package: the spj is --validator hustoj-spj's" cmp -s "$k.read/spj.c" "$d/hustoj-spj.c"
check "hustoj package: the solution is --validator solution's" \
    cmp -s "$k.read/solution.c" "$d/solution.c"
check "hustoj package: README.txt says how to compile the spj on the judge host" \
    grep -q 'gcc -std=c11 -O2 -o spj spj.c -lm' "$k/README.txt"
check "hustoj package: README.txt says what the spj's exit statuses mean" \
    sh -c "grep -q '0   accepted' '$k/README.txt' && grep -q '1   wrong answer' '$k/README.txt' \
           && grep -q '3   the special judge failed' '$k/README.txt'"
check "hustoj package: the README's command builds the spj" \
    sh -c "cd '$k.read' && \$(sed -n 's/^ *cd [^ ]* && //p' '$k/README.txt') 2> /dev/null && [ -x spj ]"
check "hustoj package: tests named 02 to 06, as the export names them (file names)" \
    [ "$(grep -o '<test_input name="[^"]*"' "$k/poj3074.xml" | cut -d'"' -f2 | tr '\n' ' ')" = \
      '02 03 04 05 06 ' ]
check "hustoj package: the <img> is the sample figure" \
    cmp -s "$k.read/sample.svg" "$tmp/domjudge/problem_statement/sample.svg"
rm "$k.read/sample.svg" "$k.read/spj"
read_back hustoj "$k.read" "$d/kattis-input" 42
"$bin" package --format poj3074 --layout hustoj --tests 1 --seed 5 --tl 3 "$k-tl" 2> /dev/null
check "hustoj --tl 3: time_limit 3" grep -q '<time_limit unit="s">3</time_limit>' "$k-tl/poj3074.xml"
# --help (its golden is tests/cli/golden/package_help.out) names every layout and --tl
"$bin" package --help > "$tmp/help"
for word in kattis domjudge polygon hustoj --tl=SECONDS; do
    check "package --help names $word" grep -q -- "$word" "$tmp/help"
done
"$bin" package --format poj3074 --validator nonsense > /dev/null 2>&1
check "--validator nonsense: exit 2" [ $? = 2 ]
"$bin" package --validator kattis-output > /dev/null 2>&1
check "no --format: exit 2" [ $? = 2 ]

# ---- 6. the amalgamation script on trees made here -------------------------------------------
# A plain concatenation: each header once and before every source, a table (.def) in place each
# time it is included, the sources in layer order; and the guard that keeps it plain: the
# -Werror compile fails when two sources share a file-local name.
t=$tmp/tree
mkdir -p "$t/include" "$t/src/core" "$t/src/solve" "$t/src/io" "$t/src/check"
printf '#ifndef OJDOKU_H\n#define OJDOKU_H\n#define OJD_VERSION "9.9"\nint ojd_a(void);\nint ojd_b(void);\n#endif\n' \
    > "$t/include/ojdoku.h"
printf 'ROW(1)\nROW(2)\n' > "$t/src/io/rows.def"
printf '#include "ojdoku.h"\n#define ROW(n) + n\nint ojd_a(void) { return 0\n#include "rows.def"\n; }\n#undef ROW\n' \
    > "$t/src/io/a.c"
printf '#include "ojdoku.h"\nstatic int b_helper(void) { return 1; }\n#define ROW(n) * n\nint ojd_b(void) { return b_helper()\n#include "io/rows.def"\n; }\n#undef ROW\n' \
    > "$t/src/check/b.c"
sh src/amalg/amalgamate.sh "$t" > "$t/out.c" 2> "$t/err"
check "amalgamate.sh: exit 0 on a tree" [ $? = 0 ]
check "amalgamate.sh: the header once, before the sources" \
    sh -c "[ \$(grep -c '^int ojd_a(void);' '$t/out.c') = 1 ] && \
           [ \$(grep -n '^int ojd_a(void);' '$t/out.c' | cut -d: -f1) -lt \$(grep -n '^int ojd_a(void) {' '$t/out.c' | cut -d: -f1) ]"
check "amalgamate.sh: a table in place at each include" [ "$(grep -c '^ROW(1)$' "$t/out.c")" = 2 ]
check "amalgamate.sh: the sources in layer order (io before check)" \
    sh -c "[ \$(grep -n '^int ojd_a' '$t/out.c' | tail -1 | cut -d: -f1) -lt \$(grep -n '^int ojd_b' '$t/out.c' | tail -1 | cut -d: -f1) ]"
check "amalgamate.sh: the file compiles" $cc -std=c11 -Wall -Werror -c -o "$t/out.o" "$t/out.c"
check "amalgamate.sh: both functions are there" \
    sh -c "nm '$t/out.o' | grep -q ' T ojd_a' && nm '$t/out.o' | grep -q ' T ojd_b'"
# two sources with the same file-local name: the concatenation does not compile
printf '#include "ojdoku.h"\nstatic int b_helper(void) { return 2; }\nint ojd_a(void) { return b_helper(); }\n' \
    > "$t/src/io/a.c"
sh src/amalg/amalgamate.sh "$t" > "$t/out.c" 2> "$t/err"
check "amalgamate.sh: a shared static name fails the -Werror compile" \
    sh -c "! $cc -std=c11 -Wall -Werror -c -o '$t/out.o' '$t/out.c' 2> /dev/null"

# the project's own: every source of the four layers in one file, no file-local name shared
check "the amalgamation of the sources compiles with -Wall -Wextra -Werror" \
    $cc -std=c11 -Wall -Wextra -Werror -c -o "$tmp/amalg.o" "$(dirname "$bin")/ojdoku-amalg.c"

# ---- every profile, a layout each -------------------------------------------------------------
# every judge problem of the catalogue writes a package: exit 0, the layout's metadata file, and
# a first secret test whose input passes `validate --input`.  The layouts take turns (profile k
# the k-th, cyclically), so each is written for a quarter of the catalogue: what a package holds
# is the same in every layout but for its arrangement, and all 33 x 4 cost 17 s of CPU here
# (luogu1074's reference solution alone 1.9 s a package), too much for make check
k=0
for id in $("$bin" formats | awk '{print $1}'); do
    case $id in line | grid | json | svg) continue ;; esac
    k=$((k + 1))
    for layout in $(echo kattis domjudge polygon hustoj | cut -d' ' -f$((k % 4 + 1))); do
        d=$tmp/every/$id.$layout
        "$bin" package --format "$id" --layout "$layout" --tests 2 --seed 1 "$d" \
            > /dev/null 2> "$tmp/every.err"
        st=$?
        case $layout in
        kattis | domjudge) meta=$d/problem.yaml first=$(ls "$d"/data/secret/*.in 2>/dev/null | head -1) ;;
        polygon) meta=$d/problem.xml first=$d/tests/02 ;;
        hustoj) meta=$d/$id.xml first= ;;
        esac
        if [ "$st" = 0 ] && [ -s "$meta" ] &&
           { [ -z "$first" ] || "$bin" validate --input --format "$id" "$first" > /dev/null 2>&1; }; then
            pass=$((pass + 1))
        else
            fail=$((fail + 1))
            echo "package: FAIL: --format $id --layout $layout (exit $st): $(head -1 "$tmp/every.err")"
        fi
    done
done

cli_done
