#!/bin/sh
# A number the judge reads as an integer (luogu1074's best score, spojsudogob's count line,
# euler96's sum, a spaced cell above 9x9) is the judge's integer, as testlib's readInt takes
# it: no leading zero, no '+', no sign on 0.  Each right output is the solver's; each mutation
# of its number must be a wrong answer in every calling convention (conventions.sh), and the
# right one accepted.  Usage: numbers.sh OJDOKU   (from any directory; run.sh calls it)
. "$(dirname "$0")/../lib.sh"
cli_start "check numbers" "numbers.sh OJDOKU" "$@"
cd "$top/tests/cli/check" || exit 2
. ./conventions.sh
samples=../../../samples
: > "$tmp/empty"

# expect PROFILE INPUT OUTPUT VERDICT WHAT: in every convention, with and without the jury's answer
expect() {
    for conv in testlib domjudge kattis hustoj lemon cms qduoj; do
        for ans in "$tmp/right" "$tmp/empty"; do
            [ "$conv" = qduoj ] && [ "$ans" = "$tmp/right" ] && continue
            got=$(judged "$conv" "$1" "$2" "$3" "$ans")
            if [ "$got" = "$4" ]; then
                pass=$((pass + 1))
            else
                fail=$((fail + 1))
                echo "FAIL numbers $1 $5 ($conv, answer ${ans##*/}): $got, want $4"
            fi
        done
    done
}

# number PROFILE INPUT LINE: the solver's output, and that output with the first token of line
# LINE rewritten (leading zero, '+', a sign on 0 where it is 0)
number() {
    prof=$1 in=$2 line=$3
    "$bin" solve -f "$prof" "$in" > "$tmp/right" || { fail=$((fail + 1)); return; }
    expect "$prof" "$in" "$tmp/right" AC "as solved"
    for how in zero plus; do
        awk -v L="$line" -v how="$how" 'NR == L {
            if ($1 == "0") $1 = (how == "zero" ? "00" : "-0")
            else $1 = (how == "zero" ? "0" : "+") $1
        } { print }' "$tmp/right" > "$tmp/mutated"
        expect "$prof" "$in" "$tmp/mutated" WA "$how: $(sed -n "${line}p" "$tmp/mutated")"
    done
}

number luogu1074 "$samples/luogu1074.in" 1
number spojsudogob "$samples/spojsudogob.in" 1
number euler96 "$samples/euler96.in" 1
# a 16x16 grid of spaced numbers (mirrored): "07" is no cell value
"$bin" generate -n 1 --seed 4 --side 16 --format line > "$tmp/line16"
awk '{ for (r = 0; r < 16; r++) { s = ""
         for (c = 1; c <= 16; c++) { ch = substr($0, r * 16 + c, 1)
           v = ch == "." ? 0 : index("ABCDEFGHIJKLMNOP", ch)
           s = s (c > 1 ? " " : "") v }
         print s } }' "$tmp/line16" > "$tmp/spaced16.in"
"$bin" solve "$tmp/spaced16.in" > "$tmp/right"
first=$(awk 'NR == 1 { print $1 }' "$tmp/right")
awk 'NR == 1 { $1 = "0" $1 } { print }' "$tmp/right" > "$tmp/mutated"
for out in right mutated; do
    want=AC
    [ $out = mutated ] && want=WA
    "$bin" check "$tmp/spaced16.in" "$tmp/$out" > /dev/null 2>&1
    st=$?
    got=$( [ $st = 0 ] && echo AC || { [ $st = 1 ] && echo WA || echo "?$st"; })
    if [ "$got" = "$want" ] && [ -n "$first" ]; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "FAIL numbers spaced 16x16 $out: $got, want $want"
    fi
done
echo "check numbers: $pass passed, $fail failed"
[ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
