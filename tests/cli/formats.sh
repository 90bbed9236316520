#!/bin/sh
# formats.sh OJDOKU -- `ojdoku formats [ID]` against the files it speaks of (issue #27):
#  - every id the listing names, and every alias it shows, opens the same problem page;
#  - where samples/ID.args is "--format ID", the page's sample input and output are samples/ID.in
#    and .out byte for byte (the page indents each line by four spaces; an empty line is empty);
#  - the page states, from the profile file (`formats --profile ID`) and the listing's task,
#    the bounds `validate --input` enforces (max-cases, side or sides, givens or blanks), what the
#    task outputs (each word-* value, the task's answer) and how the judge compares (its tokens,
#    the words' case from word-case, numbers as integers for a score, count or sum);
#  - a mistyped id is one line on stderr naming the nearest id, exit 2.
# Closes with "formats: N passed, N failed".
. "$(dirname "$0")/lib.sh"
cli_start "formats" "formats.sh OJDOKU" "$@"
cd "$top" || exit 2   # the test runs from the top of the tree
# the lines between the heading $2 and the next heading (a line not indented), unindented
section() {
    awk -v head="$2" 'index($0, head) == 1 { on = 1; next }
                      on && /^[^ ]/ && $0 != "" { on = 0 }
                      on { sub(/^    /, ""); print }' "$1"
}
# a file as the page shows it: every line ended, a last line without its newline given one
ended() { cat "$1"; [ -z "$(tail -c 1 "$1")" ] || echo; }
# the rules line that starts with $2 ("bounds:", "output:", ...), its folded lines joined
rule() {
    awk -v head="$2" 'index($0, head) == 1 { on = 1; printf "%s", $0; next }
                      on && /^        [^ ]/ { sub(/^ +/, " "); printf "%s", $0; next }
                      { on = 0 }
                      END { print "" }' "$1"
}
# has TEXT WANT: TEXT holds WANT (fixed string); lacks: it does not
has() { case $1 in *"$2"*) return 0 ;; esac; return 1; }
lacks() { ! has "$@"; }
# the value of a key in the profile file $tmp/profile ("" when not given)
key() { sed -n "s/^$1 = //p" "$tmp/profile"; }
# rules ID TASK: the bounds, the output and the comparison the page states for profile ID
rules() {
    id=$1 task=$2
    "$bin" formats --profile "$id" > "$tmp/profile"
    bounds=$(rule "$tmp/page" "bounds:") output=$(rule "$tmp/page" "output:")
    judged=$(rule "$tmp/page" "judged:")
    # bounds: the cases, the sides, the givens or blanks
    cases=$(key max-cases)
    case $cases in
    "") want="any number of cases" ;;
    1) want="one case" ;;
    *) want="at most $cases cases" ;;
    esac
    check "formats $id states its bound on cases ($want)" has "$bounds" "$want"
    side=$(key side) sides=$(key sides)
    if [ "$side" != any ]; then want="${side}x$side"
    elif [ -n "$sides" ]; then
        lo=${sides%%..*} hi=${sides##*..}
        want="${lo}x$lo to ${hi}x$hi"
        [ "$lo" = "$hi" ] && want="${lo}x$lo"
    else want="any size"; fi
    check "formats $id states its sides ($want)" has "$bounds" "; $want"
    givens=$(key givens) blanks=$(key blanks)
    case $blanks/$givens in
    none/*) want="complete grids" ;;
    [0-9]*/*) want="exactly $blanks blanks" ;;
    */*..) want="at least ${givens%..} givens" ;;
    */..*) want="at most ${givens#..} givens" ;;
    */*..*) want="${givens%%..*} to ${givens##*..} givens" ;;
    */) want="any number of givens" ;;
    *) want="$givens to $givens givens" ;;
    esac
    check "formats $id states its givens ($want)" has "$bounds" "$want"
    # the output: every word of the profile, and what the task answers
    grep -v '^word-case' "$tmp/profile" | sed -n 's/^word-[a-z]* = //p' | sed 's/{count}/N/' |
        sort -u > "$tmp/words"
    while IFS= read -r word; do
        check "formats $id names its word \"$word\"" has "$output" "\"$word"
    done < "$tmp/words"
    case $task in
    smallest) want="smallest solution" ;;
    unique) want="unique" ;;
    count) want="number of solutions" ;;
    sum) want="the sum of" ;;
    all) want="every solution" ;;
    deduce) want="cross-hatching" ;;
    score) want="highest score" ;;
    transform) want="the statement's rule" ;;
    classify | validity) want="where {word} is" ;;
    *) want="a solution (any)" ;;
    esac
    check "formats $id says what its task ($task) outputs: $want" has "$output" "$want"
    # the comparison: tokens, the words' case, numbers
    check "formats $id says the judge compares tokens" has "$judged" "judged: token by token"
    if grep -q '[A-Za-z]' "$tmp/words"; then
        if [ "$(key word-case)" = insensitive ]; then want="the words in any letter case"
        else want="the words as written, case-sensitive"; fi
        check "formats $id says how the judge compares its words ($want)" has "$judged" "$want"
    else
        check "formats $id says nothing of words it has none of" lacks "$judged" "the words"
    fi
    case $task in
    score | count | sum)
        check "formats $id: its number is the judge's integer" has "$judged" "judge's integer" ;;
    esac
}
"$bin" formats > "$tmp/list" || { echo "formats: FAIL: ojdoku formats exits 0"; exit 1; }
for id in $(awk '{ print $1 }' "$tmp/list"); do
    "$bin" formats "$id" > "$tmp/page" 2> "$tmp/err"
    check "formats $id exits 0" [ $? -eq 0 ]
    check "formats $id says nothing on stderr" [ ! -s "$tmp/err" ]
    check "formats $id opens with its id" [ "$(head -n 1 "$tmp/page" | cut -d' ' -f1)" = "$id" ]
    rules "$id" "$(awk -v id="$id" '$1 == id { print $2 }' "$tmp/list")"
    aliases=$(sed -n "s/^$id .*\[also: \(.*\)\]\$/\1/p" "$tmp/list" | tr -d ',')
    for alias in $aliases; do
        "$bin" formats "$alias" | head -n 4 > "$tmp/alias"
        head -n 4 "$tmp/page" > "$tmp/head"
        check "formats $alias is $id's page" cmp -s "$tmp/alias" "$tmp/head"
    done
    if [ "$(cat "samples/$id.args" 2> /dev/null)" = "--format $id" ]; then
        section "$tmp/page" "sample input (samples/$id.in)" > "$tmp/in"
        section "$tmp/page" "sample output (samples/$id.out)" > "$tmp/out"
        ended "samples/$id.in" > "$tmp/want_in"
        ended "samples/$id.out" > "$tmp/want_out"
        check "formats $id shows samples/$id.in" cmp -s "$tmp/in" "$tmp/want_in"
        check "formats $id shows samples/$id.out" cmp -s "$tmp/out" "$tmp/want_out"
    fi
done
"$bin" formats poj267 > "$tmp/out" 2> "$tmp/err"
check "a mistyped id exits 2" [ $? -eq 2 ]
check "a mistyped id names the nearest" grep -q "did you mean 'poj2676'" "$tmp/err"
check "a mistyped id is one line on stderr" [ "$(wc -l < "$tmp/err")" -eq 1 ]
"$bin" formats qqqqqqqqqq > "$tmp/out" 2> "$tmp/err"
check "an id near nothing suggests nothing" sh -c "! grep -q 'did you mean' '$tmp/err'"
cli_done
