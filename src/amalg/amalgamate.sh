#!/bin/sh
# amalgamate.sh [ROOT] -- writes (to stdout) ojdoku's amalgamation: the layers that checking and
# input validation need (src/core, src/solve, src/io, src/check: the check layer and every layer
# below it, by HACKING.md's layer rule) as one C file, as SQLite ships sqlite3.c, so that a judge
# host compiles a validator from one file with a plain C compiler and nothing of ojdoku installed.
# The mains that make a validator of it (src/amalg/main_*.c) are appended by `ojdoku package`.
#
# The file is: the project headers (include/ojdoku.h and each private header, once, in the order
# the sources first include them), then every source file of those layers in layer order, each
# with its `#include "x.h"` lines taken out (the header is above) and each `#include "x.def"`
# (a table included with a macro of the includer's: no include guard) put in its place.
#
# Names.  Two sources may each have a file-local name of their own -- a static function or
# variable, a typedef, a struct, union or enum tag, an enum constant -- that is the same name:
# fine in separate files, a clash in one.  The scan below lists every file-scope declaration of
# each source (a small C tokenizer: comments, strings and preprocessor lines skipped, brace and
# parenthesis depth followed); a name declared in two sources is renamed in each of them to
# FILE_NAME (reader.c's `say` becomes reader_say) by `#define say reader_say` before the file and
# `#undef say` after it.  The macros a source defines are #undef'd after it too, so none reaches
# the next file.  A rename the preprocessor cannot do safely stops the script (exit 1, the reason
# on stderr): a clashing name that a project header also uses (the header is outside the
# #define's reach, so a member or a declaration there would not follow), and a new name that is
# already a name somewhere.  Whatever the scan misses cannot pass silently either: the tests
# compile the result with -Wall -Werror, where a clash is a redefinition error.
set -e
root=${1:-.}
cd "$root"
layers="core solve io check"
sources=
for layer in $layers; do
    for f in src/"$layer"/*.c; do
        [ -f "$f" ] && sources="$sources $f"
    done
done
tmp=${TMPDIR:-/tmp}/ojd-amalg.$$
trap 'rm -f "$tmp".*' EXIT
[ -z "$OJD_AMALG_DEBUG" ] || trap - EXIT

# ---- the tokenizer, shared by both passes --------------------------------------------------
# tokenize(line) calls token(t) for each identifier and punctuation character of a line of C,
# outside comments, string and character literals and preprocessor lines (state kept across
# lines in in_comment and in_directive).
lexer='
function tokenize(line,    i, n, c, rest) {
    if (in_directive) { in_directive = (line ~ /\\$/); return }
    if (!in_comment && line ~ /^[ \t]*#/) {
        directive(line)
        in_directive = (line ~ /\\$/)
        return
    }
    n = length(line)
    i = 1
    while (i <= n) {
        if (in_comment) {
            rest = substr(line, i)
            c = index(rest, "*/")
            if (!c) return
            i += c + 1
            in_comment = 0
            continue
        }
        c = substr(line, i, 1)
        if (c == "/" && substr(line, i + 1, 1) == "*") { in_comment = 1; i += 2; continue }
        if (c == "/" && substr(line, i + 1, 1) == "/") return
        if (c == "\"" || c == "\047") {
            rest = substr(line, i + 1)
            while (1) {
                if (match(rest, /^[^"\047\\]+/)) { i += RLENGTH; rest = substr(rest, RLENGTH + 1) }
                if (substr(rest, 1, 1) == "\\") { i += 2; rest = substr(rest, 3); continue }
                if (substr(rest, 1, 1) == c || rest == "") break
                i++; rest = substr(rest, 2)
            }
            i += 2
            continue
        }
        rest = substr(line, i)
        if (match(rest, /^[A-Za-z_][A-Za-z0-9_]*/)) { token(substr(rest, 1, RLENGTH)); i += RLENGTH; continue }
        if (match(rest, /^[0-9][A-Za-z0-9_.]*/)) { token("0"); i += RLENGTH; continue }
        if (c != " " && c != "\t") token(c)
        i++
    }
}
function is_ident(t) { return t ~ /^[A-Za-z_]/ }
'

# ---- pass 1: what each source declares at file scope, and every name the headers use ---------
# Prints "decl NAME FILE" per file-local declaration, "macro NAME FILE" per #define of a source,
# "word NAME" per identifier of a project header or table (.h, .def), "any NAME" per identifier
# of a source.
scan='
function directive(line,    name) {
    if (kind == "src" && match(line, /^[ \t]*#[ \t]*define[ \t]+[A-Za-z_][A-Za-z0-9_]*/)) {
        name = substr(line, RSTART, RLENGTH)
        sub(/.*[ \t]/, "", name)
        print "macro", name, file
    }
}
function token(t) {
    if (kind != "src") { if (is_ident(t)) print "word", t; return }
    if (is_ident(t)) print "any", t
    if (depth > 0) {
        if (enum_depth && depth == enum_depth) {
            if (t == "(") epar++
            else if (t == ")") epar--
            else if (epar == 0 && t == ",") expect_enum = 1
            else if (expect_enum && is_ident(t)) { print "decl", t, file; expect_enum = 0 }
        }
        if (t == "{") depth++
        else if (t == "}") {
            depth--
            if (depth < enum_depth) enum_depth = 0
            if (depth == 0 && in_body) { in_body = 0; ntok = 0 }
        }
        return
    }
    if (t == "{") {
        prev = ntok ? tok[ntok] : ""
        prev2 = ntok > 1 ? tok[ntok - 1] : ""
        if (is_ident(prev) && (prev2 == "struct" || prev2 == "union" || prev2 == "enum"))
            print "decl", prev, file
        if (prev == "enum" || prev2 == "enum") { enum_depth = 1; expect_enum = 1; epar = 0 }
        if (prev == ")" && par == 0 && !has("=")) { declare(); in_body = 1 }
        depth = 1
        return
    }
    if (t == "(") par++
    if (t == ")") par--
    if (t == ";" && par == 0) { declare(); ntok = 0; return }
    tok[++ntok] = t
}
function has(w,    i) { for (i = 1; i <= ntok; i++) if (tok[i] == w) return 1; return 0 }
# The names a declaration (tok[1..ntok], its brace bodies left out) declares, if it is file-local:
# static or a typedef.  Each declarator is cut at a comma outside parentheses; an initializer
# (from "=" on) is skipped; the name is the last identifier before the first "(" or "[" outside
# parentheses, or inside "(*NAME)" for a pointer to a function.
function declare(    i, t, pd, last, fnptr, skip, local, done) {
    local = has("static") || has("typedef")
    if (!local) return
    pd = 0; last = ""; fnptr = 0; skip = 0; done = 0
    for (i = 1; i <= ntok; i++) {
        t = tok[i]
        if (t == "(") {
            if (pd == 0 && !skip && !done && last != "" && tok[i + 1] != "*") { emit(last); done = 1 }
            if (pd == 0 && tok[i + 1] == "*") fnptr = 1
            pd++
            continue
        }
        if (t == ")") {
            pd--
            if (fnptr && pd == 0 && !done && !skip && last != "") { emit(last); done = 1 }
            fnptr = 0
            continue
        }
        if (pd == 0 && t == ",") { if (!done && !skip && last != "") emit(last); last = ""; done = 0; skip = 0; continue }
        if (pd == 0 && t == "=") { if (!done && last != "") emit(last); done = 1; skip = 1; continue }
        if (pd == 0 && t == "[" && !done && !skip && last != "") { emit(last); done = 1; continue }
        if ((pd == 0 || fnptr) && is_ident(t) && !(t in keyword)) last = t
    }
    if (!done && !skip && last != "") emit(last)
}
function emit(name) { print "decl", name, file }
BEGIN {
    split("static const volatile typedef extern unsigned signed int char long short void float " \
          "double struct union enum inline restrict register _Bool _Noreturn __attribute__ " \
          "__restrict __inline", k, " ")
    for (i in k) keyword[k[i]] = 1
}
FNR == 1 {
    file = FILENAME
    kind = (file ~ /\.c$/) ? "src" : "hdr"
    depth = 0; par = 0; ntok = 0; in_body = 0; enum_depth = 0; in_comment = 0; in_directive = 0
}
{ tokenize($0) }
'
headers=$(find include src/core src/solve src/io src/check -name '*.h' -o -name '*.def' | sort)
# shellcheck disable=SC2086
awk "$lexer$scan" $headers $sources > "$tmp.scan"

# ---- the clashes: names declared in two sources ----------------------------------------------
awk '
$1 == "decl" { if (!(($2, $3) in seen)) { seen[$2, $3] = 1; files[$2] = files[$2] " " $3; n[$2]++ } }
$1 == "word" { word[$2] = 1 }
$1 == "any" { any[$2] = 1 }
END {
    bad = 0
    for (name in n) {
        if (n[name] < 2) continue
        if (name in word) {
            printf "amalgamate.sh: cannot rename %s per file (declared in%s): a project header " \
                   "uses the name too\n", name, files[name] > "/dev/stderr"
            bad = 1
            continue
        }
        m = split(files[name], f, " ")
        for (i = 1; i <= m; i++) {
            base = f[i]; sub(/.*\//, "", base); sub(/\.c$/, "", base)
            renamed = base "_" name
            if (renamed in any || renamed in word) {
                printf "amalgamate.sh: cannot rename %s in %s to %s: that name is taken\n",
                       name, f[i], renamed > "/dev/stderr"
                bad = 1
            }
            print f[i], name, renamed
        }
    }
    exit bad
}' "$tmp.scan" > "$tmp.clashes" || {
    echo "amalgamate.sh: a file-local name clash cannot be handled; rename it in the source" >&2
    exit 1
}
sort "$tmp.clashes" > "$tmp.renames"
awk '$1 == "macro" && $2 !~ /^_/ { print $3, $2 }' "$tmp.scan" | sort -u > "$tmp.macros"

# ---- pass 2: the file ------------------------------------------------------------------------
version=$(sed -n 's/^#define OJD_VERSION "\(.*\)"/\1/p' include/ojdoku.h)
cat <<EOF
/*
 * ojdoku-amalg.c -- ojdoku $version's check and validate layers (and the core, solve and io
 * layers under them) as one C file, made by src/amalg/amalgamate.sh: do not edit; edit the
 * sources.  C11 and POSIX only; compile with any C11 compiler, e.g. cc -std=c11 -O2 FILE -lm.
 * Each source's file-local names that clash with another source's are renamed for its part of
 * the file (#define NAME FILE_NAME ... #undef NAME).
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
/* The headers' static inline helpers are now in the file being compiled, where clang (not gcc)
 * warns of those a source does not use. */
#if defined(__clang__)
#pragma clang diagnostic ignored "-Wunused-function"
#endif
EOF
# shellcheck disable=SC2086
awk -v renames="$tmp.renames" -v macros="$tmp.macros" -v sources="$sources" -v gen="${OJD_GEN:-build/gen}" '
# The path an #include "name" in file means: beside the file, else under src/, else include/,
# else the generated files of the build (OJD_GEN: the profile table, profiles.def).
function resolve(name, from,    dir, p) {
    dir = from; sub(/[^\/]*$/, "", dir)
    p = dir name
    if (exists(p)) return p
    if (exists("src/" name)) return "src/" name
    if (exists("include/" name)) return "include/" name
    if (gen != "" && exists(gen "/" name)) return gen "/" name
    print "amalgamate.sh: " from ": cannot find \"" name "\"" > "/dev/stderr"
    failed = 1
    exit 1
}
function exists(p,    line, r) { r = (getline line < p) >= 0; close(p); return r }
function included(line) {
    if (!match(line, /^[ \t]*#[ \t]*include[ \t]*"[^"]*"/)) return ""
    line = substr(line, RSTART, RLENGTH); sub(/^[^"]*"/, "", line); sub(/"$/, "", line)
    return line
}
# Writes a header (or table) with its own project includes expanded; a header once only.
function expand(path, as_header,    line, inc, p) {
    if (path ~ /\.h$/) { if (path in done) return; done[path] = 1 }
    print "/* ======== " path " ======== */"
    while ((getline line < path) > 0) {
        inc = included(line)
        if (inc == "") { print line; continue }
        p = resolve(inc, path)
        if (p ~ /\.h$/) { expand(p, 1); print "/* " line ": above */" }
        else expand(p, 0)
    }
    close(path)
    if (!as_header) print "/* ======== end of " path " ======== */"
}
BEGIN {
    while ((getline line < renames) > 0) { split(line, r, " "); ren[r[1]] = ren[r[1]] " " r[2] ":" r[3] }
    while ((getline line < macros) > 0) { split(line, r, " "); mac[r[1]] = mac[r[1]] " " r[2] }
    n = split(sources, src, " ")
    # the headers first, in the order the sources include them: outside every rename
    for (i = 1; i <= n; i++) {
        while ((getline line < src[i]) > 0) {
            inc = included(line)
            if (inc != "" && inc ~ /\.h$/) expand(resolve(inc, src[i]), 1)
        }
        close(src[i])
    }
    for (i = 1; i <= n; i++) {
        f = src[i]
        print ""
        print "/* ======== " f " ======== */"
        m = split(ren[f], pairs, " ")
        for (j = 1; j <= m; j++) { split(pairs[j], nr, ":"); print "#define " nr[1] " " nr[2] }
        while ((getline line < f) > 0) {
            inc = included(line)
            if (inc == "") { print line; continue }
            p = resolve(inc, f)
            if (p ~ /\.h$/) print "/* " line ": above */"
            else expand(p, 0)
        }
        close(f)
        for (j = 1; j <= m; j++) { split(pairs[j], nr, ":"); print "#undef " nr[1] }
        m = split(mac[f], names, " ")
        for (j = 1; j <= m; j++) print "#undef " names[j]
        print "/* ======== end of " f " ======== */"
    }
}' </dev/null
