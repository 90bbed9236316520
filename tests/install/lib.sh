# lib.sh -- what the install checks share, sourced by check.sh, commands.sh and registries.sh
# (from the top of the tree): the pass/fail counts, check(), and same(), which compares two lists
# of names and says what one lacks and what it has too many.  The sourcing script owns $tmp, a
# scratch directory, and prints the counts at its end.

pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
# check DESCRIPTION COMMAND...: one test, passing when COMMAND succeeds.
check() {
    what=$1
    shift
    if "$@"; then ok; else bad "$what"; return 1; fi
}

# same WANT GOT WHAT [ordered]: one test, passing when the two newline-separated lists of names
# hold the same names (order ignored; in the same order with "ordered").  A failure says which
# names of WANT GOT lacks, which of its names WANT does not have, or that only the order differs.
same() {
    if [ "$4" = ordered ] && [ "$1" = "$2" ]; then ok; return; fi
    printf '%s\n' "$1" | sort -u > "$tmp/same.want"
    printf '%s\n' "$2" | sort -u > "$tmp/same.got"
    if [ "$4" != ordered ] && cmp -s "$tmp/same.want" "$tmp/same.got"; then ok; return; fi
    why=
    missing=$(comm -23 "$tmp/same.want" "$tmp/same.got" | tr '\n' ' ')
    extra=$(comm -13 "$tmp/same.want" "$tmp/same.got" | tr '\n' ' ')
    [ -n "$missing" ] && why=" lacks: $missing"
    [ -n "$extra" ] && why="$why${why:+;} names what is not there: $extra"
    [ -z "$why" ] && why=" not in the order of the list: $(printf '%s\n' "$2" | tr '\n' ' ')"
    bad "$3:$why"
}
