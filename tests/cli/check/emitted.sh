#!/bin/sh
# emitted.sh OJDOKU -- the checkers `ojdoku package` emits say what `ojdoku check` says in their
# conventions (issue 41, items 3, 8 and 10), compiled for kattis, whose judge takes the verdict
# words in any case (word-case = insensitive):
#   - testlib-checker: an OUTPUT that does not exist is the contestant's, a presentation error
#     (exit 2), with check's message on stderr, in RESULT_FILE and as testlib's XML outcome;
#   - an ok that is not byte-exact: check's line, without "--strict to reject", on the testlib
#     checker's stderr and RESULT_FILE and in the Kattis validator's judgemessage.txt;
#   - a verdict word in another case: accepted by each (testlib 0, Kattis 42, HUSTOJ 0), and
#     rejected by the Kattis validator given DOMjudge's case_sensitive flag (43), as check does.
# Closes with "check emitted: N passed, N failed".
# Usage: emitted.sh OJDOKU   (from any directory; run.sh calls it; CC, else cc, compiles)
. "$(dirname "$0")/../lib.sh"
cli_start "check emitted" "emitted.sh OJDOKU" "$@"
cd "$top" || exit 2
cc=${CC:-cc}
status_of() { "$@" > /dev/null 2>&1; echo $?; }
for k in testlib-checker kattis-output hustoj-spj; do
    "$bin" package --format kattis --validator "$k" > "$tmp/$k.c" &&
        $cc -std=c11 -O0 -o "$tmp/$k" "$tmp/$k.c" -lm 2> "$tmp/$k.cc" ||
        { cat "$tmp/$k.cc"; echo "check emitted: FAIL: $k does not compile"; exit 1; }
done
d=$tmp
cp samples/kattis.in "$d/in"
cp samples/kattis.out "$d/right"
sed 's/$/ /' "$d/right" > "$d/respaced"
sed 's/Find another job/FIND another JOB/; s/Non-unique/non-UNIQUE/' "$d/right" > "$d/cased"
check "the output in another case differs from the right one" \
    sh -c "! cmp -s '$d/cased' '$d/right'"

# ---- a missing OUTPUT: testlib's presentation error ----
"$bin" check -f kattis "$d/in" "$d/none" "$d/right" 2> "$d/want"
want=$?
"$d/testlib-checker" "$d/in" "$d/none" "$d/right" "$d/result" 2> "$d/got"
got=$?
check "testlib-checker, no OUTPUT: exit $got, check says $want" [ "$got" = "$want" ]
check "testlib-checker, no OUTPUT: exit $got, want 2" [ "$got" = 2 ]
check "testlib-checker, no OUTPUT: check's message" cmp -s "$d/want" "$d/got"
check "testlib-checker, no OUTPUT: RESULT_FILE is the message" \
    [ "$(cat "$d/result")" = "$(cat "$d/want")" ]
"$d/testlib-checker" "$d/in" "$d/none" "$d/right" "$d/xml" -appes 2> /dev/null
check "testlib-checker, no OUTPUT: -appes outcome presentation-error" \
    grep -q 'outcome = "presentation-error">presentation error: cannot read OUTPUT' "$d/xml"

# ---- an ok that is not byte-exact: no advice for a terminal ----
"$bin" check -f kattis "$d/in" "$d/respaced" "$d/right" 2> "$d/want"
"$d/testlib-checker" "$d/in" "$d/respaced" "$d/right" "$d/result" 2> "$d/got"
check "testlib-checker, respaced: ok, not byte-exact" grep -q '^ok 3 cases (not byte-exact' "$d/got"
check "testlib-checker, respaced: check's message" cmp -s "$d/want" "$d/got"
check "testlib-checker, respaced: no --strict on stderr or in RESULT_FILE" \
    sh -c "! grep -q strict '$d/got' '$d/result'"
mkdir "$d/fb"
"$d/kattis-output" "$d/in" "$d/right" "$d/fb" < "$d/respaced" 2> /dev/null
check "kattis-output, respaced: no --strict in judgemessage.txt" \
    sh -c "grep -q 'not byte-exact' '$d/fb/judgemessage.txt' && ! grep -q strict '$d/fb/judgemessage.txt'"

# ---- verdict words in another case ----
check "testlib-checker accepts the words in another case" \
    [ "$(status_of "$d/testlib-checker" "$d/in" "$d/cased" "$d/right")" = 0 ]
check "hustoj-spj accepts the words in another case" \
    [ "$(status_of "$d/hustoj-spj" "$d/in" "$d/right" "$d/cased")" = 0 ]
for flag in "" case_sensitive; do
    want=42
    [ -n "$flag" ] && want=43
    # shellcheck disable=SC2086  # the flag is a word, or none
    got=$("$d/kattis-output" "$d/in" "$d/right" "$d/fb" $flag < "$d/cased" 2> /dev/null; echo $?)
    # shellcheck disable=SC2086
    says=$("$bin" check --judge domjudge -f kattis "$d/in" "$d/right" "$d/fb" $flag \
           < "$d/cased" 2> /dev/null; echo $?)
    check "kattis-output, words in another case ${flag:-(no flag)}: exit $got, want $want" \
        [ "$got" = "$want" ]
    check "kattis-output, words in another case ${flag:-(no flag)}: check says $says" \
        [ "$got" = "$says" ]
done
cli_done
