#!/bin/sh
# The checker's verdict against the judges' own rule (issue 41's property test).  For every judge
# profile of `ojdoku formats` (svg and json aside: no judge reads them), a generated input of
# every kind the statement allows and, as OUTPUT, the solver's answer written in each way a real
# judge accepts and in each way it rejects; every calling convention (conventions.sh) must give
# the verdict the rule says, with ANSWER the solver's answer (and with none, for qduoj):
#   accepted (token comparators, testlib's readers: whitespace is free)
#     as written; CRLF line ends; a space at the end of every line; no final newline; the
#     spaces between tokens doubled;
#   rejected (wrong answer)
#     the last line (that holds a token) missing; a line after the last case; the file cut in the middle; a '0'
#     before the first token when it is a number (testlib's readInt: no leading zero) and a
#     '+' before it (no sign); the case of its first letter changed, in a profile whose judge
#     compares words as written (headers and letter cells are case-sensitive everywhere);
#   a verdict word in another case (the case of its first letter changed)
#     accepted exactly where the profile says its judge takes words in any case (word-case =
#     insensitive: Kattis' default validator), else a wrong answer; and a wrong answer
#     everywhere under DOMjudge's and Kattis's case_sensitive flag.
# Closes with "check property: N runs, N wrong"; exit 1 when a verdict differs from the rule.
# Usage: property.sh OJDOKU   (from any directory; run.sh calls it)
. "$(dirname "$0")/../lib.sh"
cli_start "check property" "property.sh OJDOKU" "$@"
cd "$top/tests/cli/check" || exit 2
. ./conventions.sh
runs=0
wrong=0
: > "$tmp/empty"

# expect PROFILE WANT WHAT [CONVENTIONS [FLAGS]]: the mutated output $tmp/out against $tmp/in,
# in every convention (or those named), with the validator flags FLAGS (domjudge, kattis)
expect() {
    for conv in ${4:-testlib domjudge kattis hustoj lemon cms qduoj}; do
        ans=$tmp/right
        [ "$conv" = qduoj ] && ans=$tmp/empty
        got=$(judged "$conv" "$1" "$tmp/in" "$tmp/out" "$ans" "$5")
        runs=$((runs + 1))
        if [ "$got" != "$2" ]; then
            wrong=$((wrong + 1))
            echo "FAIL property $1: $3 ($conv${5:+ $5}): $got, want $2"
        fi
    done
}
any_case=   # the profiles whose verdict words were judged in another case

for p in $("$bin" formats | awk '$1 != "svg" && $1 != "json" { print $1 }'); do
    cases=3
    "$bin" formats "$p" | grep -q '^input:  one case' && cases=1
    "$bin" generate -q --format "$p" --mix -n "$cases" --seed 5 > "$tmp/in" 2> /dev/null ||
        "$bin" generate -q --format "$p" -n "$cases" --seed 5 > "$tmp/in" 2> /dev/null ||
        { wrong=$((wrong + 1)); echo "FAIL property $p: generate"; continue; }
    "$bin" solve --format "$p" "$tmp/in" > "$tmp/right" 2> /dev/null
    # accepted
    cp "$tmp/right" "$tmp/out"
    expect "$p" AC "as written"
    sed 's/$/\r/' "$tmp/right" > "$tmp/out"
    expect "$p" AC "CRLF line ends"
    sed 's/$/ /' "$tmp/right" > "$tmp/out"
    expect "$p" AC "a space at the end of every line"
    printf '%s' "$(cat "$tmp/right")" > "$tmp/out"
    expect "$p" AC "no final newline"
    sed 's/ /  /g' "$tmp/right" > "$tmp/out"
    expect "$p" AC "spaces doubled"
    # rejected
    # (the last line that holds a token: an empty line after the last case is whitespace)
    last=$(grep -n '[^ ]' "$tmp/right" | tail -n 1 | cut -d: -f1)
    sed "${last}d" "$tmp/right" > "$tmp/out"
    expect "$p" WA "the last line missing"
    { cat "$tmp/right"; echo 1; } > "$tmp/out"
    expect "$p" WA "a line after the last case"
    size=$(wc -c < "$tmp/right")
    head -c $((size / 2)) "$tmp/right" > "$tmp/out"
    expect "$p" WA "cut after $((size / 2)) of $size bytes"
    if head -n 1 "$tmp/right" | grep -q '^[0-9]'; then
        sed '1s/^/0/' "$tmp/right" > "$tmp/out"
        expect "$p" WA "a leading zero on the first number"
        sed '1s/^/+/' "$tmp/right" > "$tmp/out"
        expect "$p" WA "a '+' on the first number"
    fi
    # the judge's comparison of its words: the profile file says which (word-case)
    "$bin" formats --profile "$p" > "$tmp/profile"
    insensitive=no
    grep -qx 'word-case = insensitive' "$tmp/profile" && insensitive=yes
    # the first line of the answer that holds a word with a letter: its first letter's case
    # changed (a word's text up to its first placeholder, {count} and the like)
    sed -n 's/^word-[a-z]* = \([^{]*\).*/\1/p' "$tmp/profile" | sed 's/ *$//' | grep '[A-Za-z]' |
        sort -u > "$tmp/words"
    if [ -s "$tmp/words" ] && grep -qFf "$tmp/words" "$tmp/right"; then
        awk -v words="$tmp/words" 'BEGIN { while ((getline w < words) > 0) list[++n] = w }
             !done { for (i = 1; i <= n; i++) if ((at = index($0, list[i])) > 0) {
                         j = at - 1 + match(substr($0, at), /[A-Za-z]/)
                         c = substr($0, j, 1)
                         d = toupper(c) == c ? tolower(c) : toupper(c)
                         $0 = substr($0, 1, j - 1) d substr($0, j + 1); done = 1; break } }
             { print }' "$tmp/right" > "$tmp/out"
        if [ "$insensitive" = yes ]; then
            expect "$p" AC "a verdict word in another case (word-case = insensitive)"
            any_case="$any_case $p"
        else
            expect "$p" WA "a verdict word in another case (word-case = sensitive)"
        fi
        expect "$p" WA "a verdict word in another case, case_sensitive" "domjudge kattis" \
            case_sensitive
    fi
    if [ "$insensitive" = no ] && grep -q '[A-Za-z]' "$tmp/right"; then
        awk '!done && match($0, /[A-Za-z]/) {
                 c = substr($0, RSTART, 1)
                 d = toupper(c) == c ? tolower(c) : toupper(c)
                 $0 = substr($0, 1, RSTART - 1) d substr($0, RSTART + 1); done = 1 }
             { print }' "$tmp/right" > "$tmp/out"
        expect "$p" WA "the case of the first letter changed"
    fi
done
# the profiles whose judge takes words in any case met a word in their answers
for p in $("$bin" formats | awk '{ print $1 }'); do
    "$bin" formats --profile "$p" | grep -qx 'word-case = insensitive' || continue
    case " $any_case " in
    *" $p "*) ;;
    *) wrong=$((wrong + 1)); echo "FAIL property $p: no verdict word in its answers to change" ;;
    esac
done
echo "check property: $runs runs, $wrong wrong"
[ "$wrong" -eq 0 ] && [ "$runs" -gt 0 ]
