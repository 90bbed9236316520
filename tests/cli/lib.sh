# lib.sh -- the preamble every driver of tests/cli and tests/cli/check shares (POSIX sh, sourced
# first thing:  . "$(dirname "$0")/lib.sh"  or, from tests/cli/check,  . "$(dirname "$0")/../lib.sh"):
#   cli_start SUITE USAGE "$@"   bin: the driver's first argument, the ojdoku binary, made
#                       absolute when it is a path (a bare name is looked up in PATH); no
#                       argument: USAGE on stderr, exit 2.  tmp: a scratch directory, removed on
#                       exit.  pass=0, fail=0.  SUITE names the driver in its FAIL lines and its
#                       closing line.
#   top                 the top of the tree, absolute (known once sourced): a driver cds there,
#                       or below, after cli_start, so that relative paths given to it still work
#   cli_abs PATH        PATH made absolute as bin is (for a driver's other path arguments)
#   check WHAT CMD...   one test: COMMAND succeeds, or "SUITE: FAIL: WHAT" and status 1 (so
#                       `check ... || cat LOG` shows why); cli_quiet=1 first: the command's
#                       own output is not shown
#   ok, bad WHAT        a pass; a failure said as check says it
#   cli_done            the closing line "SUITE: N passed, N failed"; true when none failed

top=$(cd "$(dirname "$0")" && while [ ! -f tests/cli/lib.sh ] && [ "$PWD" != / ]; do cd ..; done &&
      pwd) || exit 2
[ -f "$top/tests/cli/lib.sh" ] || { echo "lib.sh: no tests/cli/lib.sh above $0" >&2; exit 2; }

cli_abs() {
    case $1 in
    /*) printf '%s\n' "$1" ;;
    */*) printf '%s\n' "$PWD/$1" ;;
    *) if [ -e "$1" ]; then printf '%s\n' "$PWD/$1"; else printf '%s\n' "$1"; fi ;;
    esac
}

cli_start() {
    suite=$1
    [ -n "$3" ] || { echo "usage: $2" >&2; exit 2; }
    bin=$(cli_abs "$3")
    tmp=$(mktemp -d) || exit 2
    trap 'rm -rf "$tmp"' EXIT
    pass=0
    fail=0
    cli_quiet=
}

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "$suite: FAIL: $*"; }
check() {
    what=$1
    shift
    if [ -n "$cli_quiet" ]; then "$@" > /dev/null 2>&1; else "$@"; fi && { ok; return; }
    bad "$what"
    return 1
}

cli_done() {
    echo "$suite: $pass passed, $fail failed"
    [ "$fail" -eq 0 ]
}
