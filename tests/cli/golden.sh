#!/bin/sh
# Golden CLI cases: for every NAME.in in the case folders, run
#   ojdoku $(cat NAME.args) < NAME.in
# and compare standard output with NAME.out, standard error with NAME.err (empty when there is no
# such file) and the exit status with NAME.status (0 when there is no such file), byte for byte;
# where NAME.statement exists (a judge's sample output), standard output with it but for white
# space at the ends of lines; and where NAME.accepted exists (another right answer), `ojdoku
# check` takes it.
# Usage: golden.sh OJDOKU [--case NAME] [FOLDER...]   (default folders: samples tests/cli/golden)
# From any directory: OJDOKU and the folders as given, relative or not.  --case NAME runs only the
# cases NAME.in of the folders (NAME may be a shell pattern: 'bad_*'), and fails when none is.
. "$(dirname "$0")/lib.sh"
cli_start golden "golden.sh OJDOKU [--case NAME] [FOLDER...]" "$@"
shift
only='*'
if [ "$1" = --case ]; then
    [ -n "$2" ] || { echo "usage: golden.sh OJDOKU [--case NAME] [FOLDER...]" >&2; exit 2; }
    only=$2
    shift 2
fi
[ $# -gt 0 ] || set -- "$top/samples" "$top/tests/cli/golden"
folders=
for dir in "$@"; do
    case $dir in /*) ;; *) dir=$(pwd)/$dir ;; esac
    folders="$folders ${dir#"$top"/}"   # the tree's own folders named from its top
done
cd "$top" || exit 2   # the cases' .args name files from the top of the tree
# shellcheck disable=SC2086  # a folder name with a space in it is not supported
set -- $folders
for dir in "$@"; do
    for input in "$dir"/$only.in; do
        [ -e "$input" ] || continue
        name=${input%.in}
        args=
        [ -f "$name.args" ] && args=$(cat "$name.args")
        # shellcheck disable=SC2086  # args are words on purpose
        "$bin" $args < "$input" > "$tmp/out" 2> "$tmp/err"
        status=$?
        want_status=0
        [ -f "$name.status" ] && want_status=$(cat "$name.status")
        : > "$tmp/empty"
        want_err="$tmp/empty"
        [ -f "$name.err" ] && want_err="$name.err"
        problem=
        cmp -s "$tmp/out" "$name.out" || problem="stdout differs"
        cmp -s "$tmp/err" "$want_err" || problem="$problem${problem:+, }stderr differs"
        [ "$status" = "$want_status" ] || problem="$problem${problem:+, }exit $status, want $want_status"
        # NAME.statement: the judge's sample output where its page shows trailing spaces that
        # ojdoku does not write (SPOJ SUDOGOB, Luogu P1784); their judges ignore them, so the
        # two must agree but for white space at the ends of lines
        if [ -f "$name.statement" ] && ! diff -Z "$name.statement" "$tmp/out" > /dev/null; then
            problem="$problem${problem:+, }stdout differs from $name.statement beyond line ends"
        fi
        # NAME.accepted: another right answer, where the statement accepts any (Codeforces
        # 1335D's own sample output): the checker must take it
        if [ -f "$name.accepted" ] &&
           ! "$bin" check $args "$input" "$name.accepted" > /dev/null 2>&1; then
            problem="$problem${problem:+, }check rejects $name.accepted"
        fi
        if [ -z "$problem" ]; then
            pass=$((pass + 1))
        else
            fail=$((fail + 1))
            echo "FAIL $name: $problem"
            diff "$name.out" "$tmp/out" | head -5
            diff "$want_err" "$tmp/err" | head -5
        fi
    done
done
cli_done || exit 1
if [ "$only" != '*' ] && [ $((pass + fail)) -eq 0 ]; then
    echo "golden: no case $only.in in $*"
    exit 1
fi
