#!/bin/sh
# registries.sh -- the profile table (src/io/format.c) and the solver table
# (src/solve/solvers.def) are the one lists of judge profiles and solvers; `ojdoku formats` and
# `ojdoku solvers` print them, and everything else that lists them is checked against those,
# both ways:
#  - the rows of src/solve/solvers.def are `ojdoku solvers`, in order, and every ojd_solver a
#    library file defines (`const ojd_solver ojd_solver_NAME = {`) is a row, and every row is
#    defined;
#  - the man page's PROFILES entries (.TP, .B NAME) are `ojdoku formats`, in order, and its
#    SOLVERS entries are `ojdoku solvers` (in the page's own order: by speed);
#  - the --format table of docs/profiles.md names every profile, in that order, and the table of
#    every solver's times in docs/performance.md every solver but auto (which is fast under
#    another name), and nothing else;
#  - every profile has a sample, samples/NAME.args (tests/unit/test_samples.c checks what is in it).
# So adding a profile or a solver without its documentation, or documenting one that is not
# there, fails, naming what is missing or extra.
#
# Usage: sh tests/docs/registries.sh OJDOKU [MANPAGE]   (from the top of the tree; MANPAGE
# defaults to src/cli/ojdoku.1).  `make golden` and tests/install/check.sh run it.  Closes with
# "registries: N passed, N failed".
ojdoku=$1
man=${2:-src/cli/ojdoku.1}
table=src/solve/solvers.def
export LC_ALL=C
[ -n "$ojdoku" ] || { echo "usage: registries.sh OJDOKU [MANPAGE]" >&2; exit 2; }

. tests/install/lib.sh
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

formats=$("$ojdoku" formats | awk '{ print $1 }')
solvers=$("$ojdoku" solvers | awk '{ print $1 }')
check "ojdoku formats lists profiles" [ -n "$formats" ]
check "ojdoku solvers lists solvers" [ -n "$solvers" ]

# ---- the solver table and its sources ----------------------------------------------------------
rows=$(sed -n 's/^OJD_SOLVER(\([a-z0-9_]*\))$/\1/p' "$table")
check "every OJD_SOLVER line of $table is a well-formed row" \
    [ "$(grep -c '^OJD_SOLVER' "$table")" = "$(echo "$rows" | wc -l)" ]
same "$rows" "$solvers" "ojdoku solvers (the rows of $table)" ordered
defined=$(sed -n 's/^const ojd_solver ojd_solver_\([a-z0-9_]*\) = {$/\1/p' src/solve/*.c)
same "$rows" "$defined" \
    "the ojd_solver definitions in src/solve/*.c (const ojd_solver ojd_solver_NAME)"

# ---- man page ----------------------------------------------------------------------------------
# The source with escapes undone: \- is -, fonts and \& vanish.  An entry is a .B line after .TP.
sed -e 's/\\-/-/g' -e 's/\\f[BIRP]//g' -e 's/\\&//g' "$man" > "$tmp/man"
entries() {
    sed -n "/^\.SH $1/,/^\.SH/p" "$tmp/man" | awk 'prev == ".TP" && /^\.B / { print $2 } { prev = $0 }'
}
same "$formats" "$(entries PROFILES)" "man page PROFILES entries (.TP, .B NAME)" ordered
same "$solvers" "$(entries SOLVERS)" "man page SOLVERS entries (.TP, .B NAME)"

# ---- docs --------------------------------------------------------------------------------------
# table FILE HEADER: the first column of the rows of FILE's table whose header starts with HEADER
table_names() {
    awk -v head="$2" 'index($0, head) == 1 { on = 1; next }
                      on && !/^\|/ { exit }
                      on && !/^\|[-|: ]*$/ { split($0, f, "|"); print f[2] }' "$1" |
        sed -e 's/^ *//' -e 's/ *$//' -e 's/`//g'
}
check "docs/profiles.md has the --format table" \
    [ -n "$(table_names docs/profiles.md '| `--format` |')" ]
same "$formats" "$(table_names docs/profiles.md '| `--format` |')" \
    "docs/profiles.md's --format table" ordered
check "docs/performance.md has the table of every solver" \
    [ -n "$(table_names docs/performance.md '| solver |')" ]
same "$(echo "$solvers" | grep -vx auto)" "$(table_names docs/performance.md '| solver |')" \
    "docs/performance.md's table of every solver (all but auto)"

# ---- samples -----------------------------------------------------------------------------------
for f in $formats; do
    check "profile $f has a sample (samples/$f.args)" [ -f "samples/$f.args" ]
done

echo "registries: $pass passed, $fail failed"
[ "$fail" = 0 ]
