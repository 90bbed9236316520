#!/bin/sh
# commands.sh -- the command table, src/cli/commands.def, is the one list of ojdoku's commands;
# everything else that lists them is checked against it, both ways:
#  - every row NAME has src/cli/cmd_NAME.c defining cmd_NAME, and every cmd_*.c is a row;
#  - `ojdoku --help` and `ojdoku solve --help` list exactly the rows, in the table's order;
#  - `ojdoku help NAME` is `ojdoku NAME --help` byte for byte, exit 0, starting "Usage: ojdoku";
#  - the man page has a COMMANDS section (.SS NAME) and a SYNOPSIS line (.B ojdoku NAME) for
#    every row and for nothing else (help and version are the options' aliases, not rows), and
#    its EXIT STATUS headings name every row and nothing else;
#  - README.md's Usage block names every row and nothing else (beside help and version).
# So adding a command without its documentation, or documenting one that is not there, fails.
#
# Usage: sh tests/docs/commands.sh OJDOKU [MANPAGE]   (from the top of the tree; MANPAGE
# defaults to src/cli/ojdoku.1).  `make golden` and tests/install/check.sh run it.  Closes with
# "commands: N passed, N failed".
ojdoku=$1
man=${2:-src/cli/ojdoku.1}
table=src/cli/commands.def
export LC_ALL=C
[ -n "$ojdoku" ] || { echo "usage: commands.sh OJDOKU [MANPAGE]" >&2; exit 2; }

. tests/install/lib.sh
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

# ---- the table -------------------------------------------------------------------------------
rows=$(sed -n 's/^CLI_COMMAND(\([a-z_]*\), ".*")$/\1/p' "$table")
check "$table has rows CLI_COMMAND(name, \"summary\")" [ -n "$rows" ] || {
    echo "commands: $pass passed, $fail failed"; exit 1; }
check "every CLI_COMMAND line of $table is a well-formed row" \
    [ "$(grep -c '^CLI_COMMAND' "$table")" = "$(echo "$rows" | wc -l)" ]

# ---- source files ----------------------------------------------------------------------------
for name in $rows; do
    check "src/cli/cmd_$name.c defines int cmd_$name(int argc, char **argv)" \
        grep -q "^int cmd_$name(int argc, char \*\*argv)\$" "src/cli/cmd_$name.c"
done
files=$(for f in src/cli/cmd_*.c; do f=${f#src/cli/cmd_}; echo "${f%.c}"; done)
same "$rows" "$files" "src/cli/cmd_*.c"

# ---- help texts ------------------------------------------------------------------------------
# the lines "  NAME  summary" after a "Commands" heading, up to the next empty line
listed() { sed -n '/^Commands/,/^$/p' "$1" | awk 'NF > 1 && $1 ~ /^[a-z_]+$/ { print $1 }'; }
"$ojdoku" --help > "$tmp/help" 2>&1
check "ojdoku --help lists the table's rows in order" [ "$(listed "$tmp/help")" = "$rows" ] ||
    listed "$tmp/help"
"$ojdoku" solve --help > "$tmp/help" 2>&1
check "ojdoku solve --help lists the table's rows in order" [ "$(listed "$tmp/help")" = "$rows" ]
for name in $rows; do
    "$ojdoku" help "$name" > "$tmp/alias" 2>&1
    st=$?
    "$ojdoku" "$name" --help > "$tmp/h" 2>&1
    check "ojdoku help $name: exit 0" [ "$st" = 0 ]
    check "ojdoku help $name = ojdoku $name --help" cmp -s "$tmp/h" "$tmp/alias"
    check "ojdoku $name --help starts 'Usage: ojdoku'" grep -q '^Usage: ojdoku' "$tmp/h"
done

# ---- man page --------------------------------------------------------------------------------
# The source with escapes undone: \- is -, fonts and \& vanish.
sed -e 's/\\-/-/g' -e 's/\\f[BIRP]//g' -e 's/\\&//g' "$man" > "$tmp/man"
section() { sed -n "/^\.SH \"\{0,1\}$1/,/^\.SH/p" "$tmp/man"; }
# COMMANDS: ".SS generate", ".SS "solve (the default command)""
same "$rows" "$(section COMMANDS | sed -n 's/^\.SS "\{0,1\}\([a-z_]*\).*/\1/p')" \
    "man page COMMANDS sections (.SS NAME)"
# SYNOPSIS: ".B ojdoku NAME ..." lines, and solve's ".RB [ solve ]"
synopsis=$(section SYNOPSIS | sed -n -e 's/^\.B ojdoku \([a-z_]*\).*/\1/p' \
                                   -e 's/^\.RB \[ \([a-z_]*\) \]$/\1/p' |
           grep -vx 'help\|version')
same "$rows" "$synopsis" "man page SYNOPSIS lines (.B ojdoku NAME)"
# each usage line of SYNOPSIS on a line of its own: a .br before every ".B ojdoku" but the first
joined=$(section SYNOPSIS | awk '/^\.B ojdoku/ && n++ && prev != ".br" { print } { prev = $0 }')
check "man page SYNOPSIS: a .br before each usage line${joined:+ (not before: $joined)}" \
    [ -z "$joined" ]
# EXIT STATUS: the commands named in its headings (".SS "solve, generate, ..."", ".SS check")
exits=$(section 'EXIT STATUS' | sed -n 's/^\.SS "\{0,1\}\([^"]*\)"\{0,1\}$/\1/p' |
        tr ',' ' ' | tr ' ' '\n' | grep -v '^$')
same "$rows" "$exits" "man page EXIT STATUS headings"

# ---- README ----------------------------------------------------------------------------------
# The Usage block: "ojdoku NAME ..." and "ojdoku formats | solvers" lines; [solve] is solve.
usage=$(awk '/^## Usage/ { on = 1 } on && /^```/ { n++; if (n == 2) exit; next } on && n == 1' \
        README.md)
readme=$(printf '%s\n' "$usage" | grep '^ojdoku' |
         sed -e 's/  .*//' -e 's/\[solve\]/solve/' |
         grep -o '\(^ojdoku \|| \)[a-z_][a-z_]*' | sed 's/^ojdoku //; s/^| //' |
         grep -vx 'ojdoku\|help\|version')
check "README.md has a Usage block" [ -n "$usage" ]
same "$rows" "$readme" "README.md's Usage block"

echo "commands: $pass passed, $fail failed"
[ "$fail" = 0 ]
