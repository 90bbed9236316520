#!/bin/sh
# amalgamate.sh [ROOT] -- writes (to stdout) ojdoku's amalgamation: the layers that checking and
# input validation need (src/core, src/solve, src/io, src/check: the check layer and every layer
# below it, by HACKING.md's layer rule) as one C file, as SQLite ships sqlite3.c, so that a judge
# host compiles a validator from one file with a plain C compiler and nothing of ojdoku installed.
# The mains that make a validator of it (src/amalg/main_*.c) are appended by `ojdoku package`.
#
# A plain concatenation in a fixed order: the project headers (each once, in the order the
# sources first include them), then every source of those layers in layer order, each with its
# `#include "x.h"` lines taken out (the header is above) and each `#include "x.def"` (a table
# included under a macro of the includer's: no include guard) put in its place.  It works because
# no two sources share a file-local name (a static function or variable, a tag, a typedef, an
# enum constant, a macro): HACKING.md ("Names") asks it of every source, and the -Wall -Werror
# compile of the result in the tests is the guard, where a shared name is a redefinition.
set -e
cd "${1:-.}"
sources=
for layer in core solve io check; do
    for f in src/"$layer"/*.c; do
        [ -f "$f" ] && sources="$sources $f"
    done
done
version=$(sed -n 's/^#define OJD_VERSION "\(.*\)"/\1/p' include/ojdoku.h)
cat <<HEAD
/*
 * ojdoku-amalg.c -- ojdoku $version's check and validate layers (and the core, solve and io
 * layers under them) as one C file, made by src/amalg/amalgamate.sh: do not edit; edit the
 * sources.  C11 and POSIX only; compile with any C11 compiler, e.g. cc -std=c11 -O2 FILE -lm.
 */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
/* The headers' static inline helpers are now in the file being compiled, where clang (not gcc)
 * warns of those a source does not use. */
#if defined(__clang__)
#pragma clang diagnostic ignored "-Wunused-function"
#endif
HEAD
# shellcheck disable=SC2086
awk -v sources="$sources" -v gen="${OJD_GEN:-build/gen}" '
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
    exit 1
}
function exists(p,    line, r) { r = (getline line < p) >= 0; close(p); return r }
function included(line) {
    if (!match(line, /^[ \t]*#[ \t]*include[ \t]*"[^"]*"/)) return ""
    line = substr(line, RSTART, RLENGTH); sub(/^[^"]*"/, "", line); sub(/"$/, "", line)
    return line
}
# Writes a file with its project includes resolved: a header once only (later includes of it
# become a comment), a table (.def) in place each time.
function expand(path,    line, inc, p) {
    if (path ~ /\.h$/) { if (path in done) return; done[path] = 1 }
    print "/* ======== " path " ======== */"
    while ((getline line < path) > 0) {
        inc = included(line)
        if (inc == "") { print line; continue }
        p = resolve(inc, path)
        if (p ~ /\.h$/ && (p in done)) print "/* " line ": above */"
        else expand(p)
    }
    close(path)
    if (path !~ /\.h$/) print "/* ======== end of " path " ======== */"
}
BEGIN {
    n = split(sources, src, " ")
    for (i = 1; i <= n; i++) {      # the headers first, in the order the sources include them
        while ((getline line < src[i]) > 0) {
            inc = included(line)
            if (inc ~ /\.h$/) expand(resolve(inc, src[i]))
        }
        close(src[i])
    }
    for (i = 1; i <= n; i++) { print ""; expand(src[i]) }
}' </dev/null
