#!/bin/sh
# paths.sh -- every `src/...` and `tests/...` path that the docs, the comments and the build files
# name exists, so a file moved or renamed leaves no stale pointer behind.  Run from anywhere.
#
# Where it looks: README.md, HACKING.md, docs/*.md, the man page, the Makefile, .ci/run and every
# source, script, make and markdown file under src/ and tests/.  NEWS.md is left out: it records
# what was true at each release, paths included.
#
# What is a path: a word starting with src/ or tests/ (not preceded by a letter, digit, `/`, `.`,
# `$`, `-` or `_`, so ../src/x, $(BUILD)/tests/x and build/tests/x are not), of letters, digits
# and . _ - / * ? % $ ( ) { }, without the trailing punctuation of a sentence.  The rule:
#  1. the path exists as written (a file or a folder); otherwise
#  2. it is a pattern, and matches at least one file or folder: `*`, `?` and make's `%` match any
#     part of a name, and so does an all-capitals word of two or more letters, the placeholder the
#     docs write for a name (cmd_NAME.c, tests/cli/golden/CASE/), and a make or shell variable
#     ($(layer), ${x}, $x, make's $*).
# A path that is neither fails, with the file and line that names it.
# Closes with "paths: N passed, N failed"; exit 1 on any failure.
cd "$(dirname "$0")/../.." || exit 2
pass=0
fail=0
tmp=$(mktemp) || exit 2
trap 'rm -f "$tmp"' EXIT

{
    ls README.md HACKING.md Makefile .ci/run src/cli/ojdoku.1 docs/*.md
    find src tests -type f \( -name '*.c' -o -name '*.h' -o -name '*.def' -o -name '*.sh' \
        -o -name '*.mk' -o -name '*.md' -o -name '*.py' -o -name '*.in' \) \
        ! -path 'tests/fuzz/corpus/*' ! -path 'tests/cli/golden/*'
} | sort -u | while read -r f; do
    # FILE:LINE:PATH for every candidate, the path stripped of a sentence's trailing punctuation
    grep -n -o -E '(^|[^A-Za-z0-9/.$_#%-])(src|tests)/[A-Za-z0-9._/*?%$(){}-]*' "$f" |
        sed -E "s#^([0-9]+):[^st]*((src|tests)/.*)#$f:\1:\2#; s#[.,:;)]+\$##"
done > "$tmp"

# every file and folder of the tree, then each candidate: rule 1 by lookup, rule 2 as a regular
# expression over the whole list (`*`, `?`, placeholders and variables stay within one name,
# `%` may span folders as make's stem does)
find src tests | awk -v cands="$tmp" '
    { exists[$0] = 1; all[++n] = $0 }
    END {
        while ((getline c < cands) > 0) {
            split(c, f, ":"); file = f[1]; line = f[2]; path = substr(c, length(file line) + 3)
            if (path ~ /^(src|tests)\/?$/) continue
            # Polygon packages have a tests/ folder of their own: tests/01, tests/01.a, tests/%02d
            if (path ~ /^tests\/([0-9%]|NN|test$)/) continue
            p = path; sub(/\/$/, "", p)
            if (p in exists) { pass++; continue }
            re = p
            gsub(/\$\$/, "$", re)
            gsub(/[.+^|]/, "\\\\&", re)
            gsub(/\$\([^)]*\)|\$\{[^}]*\}|\$[A-Za-z_][A-Za-z0-9_]*|\$[*@<^?%]/, "\001", re)
            gsub(/(^|[^A-Za-z])[A-Z][A-Z0-9_]+/, "&\002", re)
            gsub(/[A-Z][A-Z0-9_]+\002/, "\003", re)
            gsub(/[a-z0-9_][A-Z][A-Z0-9_]+/, "&\002", re)
            gsub(/[A-Z][A-Z0-9_]+\002/, "\003", re)
            gsub(/\*/, "\003", re); gsub(/\?/, "[^/]", re); gsub(/%/, "\001", re)
            gsub(/\001/, ".*", re); gsub(/\003/, "[^/]*", re)
            found = 0
            for (i = 1; i <= n && !found; i++) if (all[i] ~ ("^" re "$")) found = 1
            if (found) pass++
            else { printf "paths: FAIL: %s:%s: %s does not exist\n", file, line, path; fail++ }
        }
        printf "paths: %d passed, %d failed\n", pass, fail
        exit fail > 0
    }'
