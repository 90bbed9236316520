#!/bin/sh
# `ojdoku check --score cases` in every calling convention that has a score (testlib, its
# -appes XML, Kattis, Lemon, CMS), on outputs with all cases right, some, none, a
# malformed case, and output after the last case.
#
# Two checks per run:
#  - the golden: exit status, standard output, standard error and every file the checker wrote,
#    in one transcript, byte for byte against score/PROFILE.MODE.CONVENTION (written by the
#    program: `score.sh OJDOKU --regen`, to be read against the rules before committing);
#  - the rule, computed here without --score: the outputs are the solver's with mutations this
#    script makes (the first two symbols of a case swapped: a whole grid, wrong; a cell made
#    'x': malformed), each case alone is judged by the plain checker to confirm what the
#    mutation did, and the expected count is the cases right before the first malformed one
#    (none with output after the last case); the score each convention reports (its exit
#    status, the fraction on stdout or in score.txt, Lemon's FULLSCORE * right / total rounded
#    down, testlib's points) must be that count over the cases.
# The profiles: line (one answer per line) and poj2676 (a 9-line grid per case, a count line
# in INPUT).  Usage: score.sh OJDOKU [--regen]   (from any directory)
. "$(dirname "$0")/../lib.sh"
cli_start "check --score" "score.sh OJDOKU [--regen]" "$@"
cd "$top/tests/cli/check/score" || exit 2
regen=$2
problem() { bad "$@"; }

# mutate LINES_PER_CASE SWAPPED BAD EXTRA < right > mutated: SWAPPED is ",k,...," (cases whose
# first two symbols are swapped), BAD the case whose first symbol becomes 'x' (0: none), EXTRA
# 1 to add a line after the last case
mutate() {
    awk -v L="$1" -v swap="$2" -v bad="$3" -v extra="$4" '{
        k = int((NR - 1) / L) + 1
        if ((NR - 1) % L == 0 && index(swap, "," k ",")) $0 = substr($0, 2, 1) substr($0, 1, 1) substr($0, 3)
        if ((NR - 1) % L == 0 && k == bad) $0 = "x" substr($0, 2)
        print
    } END { if (extra) print "1" }'
}

# case_alone PROFILE K FILE LINES_PER_CASE HEADER: case K of FILE (of INPUT when HEADER is 1,
# which then has a count line, and gets "1")
case_alone() {
    first=$(( ($2 - 1) * $4 + 1 + $5 ))
    [ "$5" = 1 ] && echo 1
    sed -n "${first},$((first + $4 - 1))p" "$3"
}

# near A B: the two decimals agree to 1e-9
near() {
    awk -v a="$1" -v b="$2" 'BEGIN { d = a - b; exit !(d < 1e-9 && d > -1e-9 && a != "") }'
}

for profile in line poj2676; do
    lines=1 header=0
    [ "$profile" = poj2676 ] && lines=9 header=1
    in=$profile.in
    "$bin" solve --format "$profile" "$in" > "$tmp/right" || { problem "$profile: solve"; continue; }
    total=$(( ($(wc -l < "$tmp/right")) / lines ))
    # MODE SWAPPED BAD EXTRA
    for spec in "all , 0 0" "some ,2,4, 0 0" "none ,1,2,3,4,5, 0 0" "malformed ,1, 3 0" \
                "extra , 0 1"; do
        set -- $spec
        mode=$1 swapped=$2 bad=$3 extra=$4
        out=$tmp/$profile.$mode
        mutate "$lines" "$swapped" "$bad" "$extra" < "$tmp/right" > "$out"
        # the rule, case by case, with the plain checker confirming each mutation
        right=0
        k=1
        while [ "$k" -le "$total" ]; do
            case_alone "$profile" "$k" "$in" "$lines" "$header" > "$tmp/in1"
            case_alone "$profile" "$k" "$out" "$lines" 0 > "$tmp/out1"
            "$bin" check --format "$profile" "$tmp/in1" "$tmp/out1" > /dev/null 2>&1
            alone=$?
            want_alone=0
            case $swapped in *",$k,"*) want_alone=1 ;; esac
            [ "$k" = "$bad" ] && want_alone=1
            [ "$alone" = "$want_alone" ] || problem "$profile.$mode: case $k alone exits $alone, want $want_alone"
            if [ "$alone" = 0 ] && { [ "$bad" = 0 ] || [ "$k" -lt "$bad" ]; }; then
                right=$((right + 1))
            fi
            k=$((k + 1))
        done
        [ "$extra" = 1 ] && right=0
        fraction=$(awk -v r="$right" -v t="$total" 'BEGIN { printf "%.12f", r / t }')
        for conv in testlib appes kattis lemon cms; do
            fb=$tmp/fb
            rm -rf "$fb" && mkdir "$fb" || exit 2
            stdin=/dev/null
            case $conv in
            testlib) set -- "$in" "$out" "$tmp/right" "$fb/result" ;;
            appes) set -- "$in" "$out" "$tmp/right" "$fb/result" -appes ;;
            kattis) set -- --judge=kattis "$in" "$tmp/right" "$fb"; stdin=$out ;;
            lemon) set -- --judge=lemon "$in" "$out" "$tmp/right" 10 "$fb/score" "$fb/report" ;;
            cms) set -- --judge=cms "$in" "$tmp/right" "$out" ;;
            esac
            "$bin" check --score cases --format "$profile" "$@" < "$stdin" > "$tmp/stdout" 2> "$tmp/stderr"
            status=$?
            {
                echo "exit $status"
                echo "--- stdout"; cat "$tmp/stdout"
                echo "--- stderr"; cat "$tmp/stderr"
                for f in "$fb"/*; do
                    [ -e "$f" ] || continue
                    echo "--- ${f##*/}"; cat "$f"; echo
                done
            } > "$tmp/transcript"
            golden=$profile.$mode.$conv
            if [ "$regen" = --regen ]; then
                cp "$tmp/transcript" "$golden"
            elif ! cmp -s "$tmp/transcript" "$golden"; then
                problem "$golden: the transcript differs from the golden"
                diff "$golden" "$tmp/transcript" | head -6
            fi
            # the rule, in the convention's terms
            partial=0
            [ "$right" -gt 0 ] && [ "$right" -lt "$total" ] && partial=1
            said= want_status=
            case $conv in
            testlib|appes)
                want_status=1
                [ "$right" = "$total" ] && want_status=0
                [ "$partial" = 1 ] && want_status=7
                if [ "$partial" = 1 ] && [ "$conv" = testlib ]; then
                    said=$(cut -d' ' -f1 "$fb/result")
                elif [ "$partial" = 1 ]; then
                    said=$(sed -n 's/.*outcome = "points" points = "\([0-9.]*\)".*/\1/p' "$fb/result")
                fi ;;
            kattis)
                want_status=43
                [ "$right" -gt 0 ] && want_status=42
                said=$(cat "$fb/score.txt") ;;
            lemon)
                want_status=0
                said=$(cat "$fb/score")
                [ "$said" = $((10 * right / total)) ] ||
                    problem "$golden: Lemon's score $said, want $((10 * right / total))"
                said= ;;
            cms)
                want_status=0
                said=$(cat "$tmp/stdout") ;;
            esac
            [ "$status" = "$want_status" ] || problem "$golden: exit $status, want $want_status"
            if [ "$conv" != lemon ] &&
               { [ "$conv" = kattis ] || [ "$conv" = cms ] || [ "$partial" = 1 ]; }; then
                near "$said" "$fraction" || problem "$golden: score '$said', want $right/$total"
            fi
            pass=$((pass + 1))
        done
    done
done
# a wrong verdict phrase is read whole (uva10957: case 2 of 4 says Unique for Ambiguous); a
# profile with one answer for the whole file (euler96's sum) scores 1 or 0: a wrong sum is no
# case right; a presentation error (--strict) scores 0, its cases right or not
data=../data
for spec in "uva10957 wa_wrong_word 0.75" "euler96 ok 1.0" "euler96 wa_wrong_sum 0.0"; do
    set -- $spec
    said=$("$bin" check --score cases --judge=cms --format "$1" "$data/$1.in" /dev/null \
           "$data/$1.$2.out" 2> /dev/null)
    [ "$said" = "$3" ] || problem "$1.$2: cms score '$said', want $3"
done
"$bin" check --score cases --strict --format poj2676 $data/poj2676.in $data/poj2676.pe_trailing_space.out \
    > /dev/null 2>&1
[ $? = 2 ] || problem "poj2676.pe_trailing_space --strict: want testlib's 2 (presentation error)"
said=$("$bin" check --score cases --strict --judge=cms --format poj2676 $data/poj2676.in /dev/null \
       $data/poj2676.pe_trailing_space.out 2> /dev/null)
[ "$said" = 0.0 ] || problem "poj2676.pe_trailing_space --strict: cms score '$said', want 0.0"
# a convention without a score refuses the option, as its failure; DOMjudge reads no
# score.txt, so its 42 for a partly right output would be a wrong answer accepted
mkdir "$tmp/fbd" || exit 2
"$bin" check --score cases --judge=domjudge --format poj2676 poj2676.in poj2676.in "$tmp/fbd" \
    < poj2676.in > /dev/null 2>&1
[ $? = 1 ] || problem "domjudge --score: want its failure status 1"
[ ! -e "$tmp/fbd/score.txt" ] || problem "domjudge --score: wrote score.txt"
grep -q "reads no score.txt" "$tmp/fbd/judgemessage.txt" ||
    problem "domjudge --score: judgemessage.txt does not give the reason"
"$bin" check --score cases --judge=hustoj --format line line.in line.in line.in > /dev/null 2>&1
[ $? = 3 ] || problem "hustoj --score: want its failure status 3"
"$bin" check --score cases --judge=qduoj --format line line.in line.in > /dev/null 2>&1
[ $? = 255 ] || problem "qduoj --score: want its failure status 255"
"$bin" check --score points --format line line.in line.in > /dev/null 2>&1
[ $? = 3 ] || problem "--score points: want testlib's failure status 3"
echo "check --score: $pass runs, $fail problems"
[ "$fail" -eq 0 ]
