#!/bin/sh
# formats.sh OJDOKU -- `ojdoku formats [ID]` against the files it speaks of (issue #27):
#  - every id the listing names, and every alias it shows, opens the same problem page;
#  - where samples/ID.args is "--format ID", the page's sample input and output are samples/ID.in
#    and .out byte for byte (the page indents each line by four spaces; an empty line is empty);
#  - a mistyped id is one line on stderr naming the nearest id, exit 2.
# Closes with "formats: N passed, N failed".
bin=$1
# the command as given, relative or not; the test runs from the top of the tree
case $bin in /*) ;; */*) bin=$(pwd)/$bin ;; esac
cd "$(dirname "$0")/../.." || exit 2
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
pass=0
fail=0
check() { # description, then the test
    what=$1
    shift
    if "$@"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "formats: FAIL: $what"; fi
}
# the lines between the heading $2 and the next heading (a line not indented), unindented
section() {
    awk -v head="$2" 'index($0, head) == 1 { on = 1; next }
                      on && /^[^ ]/ && $0 != "" { on = 0 }
                      on { sub(/^    /, ""); print }' "$1"
}
# a file as the page shows it: every line ended, a last line without its newline given one
ended() { cat "$1"; [ -z "$(tail -c 1 "$1")" ] || echo; }
"$bin" formats > "$tmp/list" || { echo "formats: FAIL: ojdoku formats exits 0"; exit 1; }
for id in $(awk '{ print $1 }' "$tmp/list"); do
    "$bin" formats "$id" > "$tmp/page" 2> "$tmp/err"
    check "formats $id exits 0 and says nothing on stderr" [ $? -eq 0 ] && [ ! -s "$tmp/err" ]
    check "formats $id opens with its id" [ "$(head -n 1 "$tmp/page" | cut -d' ' -f1)" = "$id" ]
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
echo "formats: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
