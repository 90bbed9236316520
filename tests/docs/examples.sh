#!/bin/sh
# examples.sh -- every command example of the docs runs, and where a doc shows its output, the
# program prints that output.  The docs are README.md, docs/*.md and the man page's example
# blocks; the examples are taken from
#  - in Markdown, the fenced blocks ```sh, ```console and plain ``` (other languages, such as
#    ```text for a synopsis or ```c, are not examples);
#  - in the man page, its .EX/.EE and .nf/.fi blocks (escapes undone: \- is -, \e is \).
# A block with lines that start with "$ " is a transcript: each "$ " line is a command and the
# lines after it, up to the next "$ " line or the end of the block, are what it prints (standard
# output and standard error together), compared line by line.  In the shown output a line "..."
# stands for any number of lines, and times and sizes ("0.01 s", "1.3 MiB", JSON's
# wall_seconds, cpu_seconds and memory_kib, and so the test a judge summary names as the slowest
# or the largest) match any value, with the spaces around them free.
# A "$ " command that does not run ojdoku (such as "$ cc -o sol tests/judge/progs/corner.c") is
# a step the later examples need: it must exit 0 and print what is shown (byte for byte).  A
# block without "$ " lines is commands alone:
# each line that runs ojdoku (first, or after a "|") is run, and so is a "mkdir" line (a step,
# for a directory the next examples need); the others (make, cc with pkg-config, ...: what needs
# an install) are shown but not run; "#" starts a comment and a line that ends in "\" goes on in
# the next.
#
# Each doc's examples run in order, in a scratch directory of their own where samples/ and
# tests/ are the tree's (read them, do not write there) and files an example makes stay for the
# next ones; `ojdoku` is OJDOKU, first on PATH.  An example fails, naming the doc and its line,
# when its output differs from the shown one, or, where none is shown, when it could not run as
# written: a missing file, a bad option ("No such file or directory", "unknown option", ...,
# or a checker's FAIL line), exit status 2 or more (for check, a failure status: 3, 255), a
# command not found, or more than 60 seconds.
#
# Usage: sh tests/docs/examples.sh OJDOKU [DOC...]   (from the top of the tree; the DOCs default
# to README.md, docs/*.md and src/cli/ojdoku.1).  `make docs` (so `make test`) runs it.  Closes
# with "examples: N run, N compared (and N steps), N failed".
ojdoku=$1
[ -n "$ojdoku" ] || { echo "usage: examples.sh OJDOKU [DOC...]" >&2; exit 2; }
shift
[ $# -gt 0 ] || set -- README.md docs/*.md src/cli/ojdoku.1
export LC_ALL=C
top=$(pwd)
case $ojdoku in /*) ;; *) ojdoku=$top/$ojdoku ;; esac
[ -x "$ojdoku" ] || { echo "examples: $ojdoku is not a program" >&2; exit 2; }

tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/bin"
ln -s "$ojdoku" "$tmp/bin/ojdoku"
PATH=$tmp/bin:$PATH
export PATH
# The examples write to files, not to a terminal: no progress lines, no colour.
limit=
command -v timeout > /dev/null && limit="timeout 60"

run=0
steps=0
compared=0
failed=0
fail() { failed=$((failed + 1)); echo "FAIL examples: $*"; }

# extract DOC DIR: writes DIR/N.cmd (the command), DIR/N.line (its line in DOC), DIR/N.kind
# (example or step) and, in a transcript, DIR/N.want (the output shown), N = 1, 2, ... in order.
extract() {
    awk -v dir="$2" -v man="$(case $1 in *.1) echo 1 ;; esac)" '
    function unescape(s) {
        gsub(/\\-/, "-", s); gsub(/\\\(aq/, "\047", s); gsub(/\\\(dq/, "\"", s)
        gsub(/\\&/, "", s); gsub(/\\f[BIRP]/, "", s); gsub(/\\e/, "\\", s)
        return s
    }
    function ojdoku_line(s) { return s ~ /^ojdoku( |$)/ || s ~ /\| *ojdoku( |$)/ }
    function emit(cmd, line, kind, f) {
        n++
        f = dir "/" n
        printf "%s\n", cmd > (f ".cmd"); close(f ".cmd")
        printf "%s\n", line > (f ".line"); close(f ".line")
        printf "%s\n", kind > (f ".kind"); close(f ".kind")
        last = f
    }
    function block(   i, s, cmd, line, transcript) {
        transcript = 0
        for (i = 1; i <= nb; i++) if (b[i] ~ /^\$ /) transcript = 1
        last = ""
        for (i = 1; i <= nb; i++) {
            s = b[i]
            if (transcript && s !~ /^\$ /) {
                if (last != "") printf "%s\n", s > (last ".want")
                continue
            }
            if (transcript) s = substr(s, 3)
            else { sub(/^[ \t]+/, "", s); if (s == "" || s ~ /^#/) continue }
            cmd = s; line = bl[i]
            while (cmd ~ /\\$/ && i < nb) { i++; s = b[i]; sub(/^> /, "", s); cmd = cmd "\n" s }
            if (last != "") close(last ".want")
            last = ""
            if (ojdoku_line(cmd)) emit(cmd, line, "example")
            else if (transcript || cmd ~ /^mkdir /) emit(cmd, line, "step")
            if (transcript && last != "") printf "" > (last ".want")
            else last = ""
        }
        if (last != "") close(last ".want")
        nb = 0
    }
    man && /^\.(EX|nf)$/ { inb = 1; nb = 0; next }
    man && inb && /^\.(EE|fi)$/ { inb = 0; block(); next }
    man && inb { b[++nb] = unescape($0); bl[nb] = NR; next }
    man { next }
    /^```/ {
        if (skip) { skip = 0; next }
        if (inb) { inb = 0; block(); next }
        if ($0 ~ /^```(sh|console)?[ \t]*$/) { inb = 1; nb = 0 } else skip = 1
        next
    }
    inb { b[++nb] = $0; bl[nb] = NR }
    ' "$1"
}
# normalise FILE: the masks of the comparison (times and sizes), spaces squeezed where one hit
normalise() {
    sed -E -e '/[0-9]+\.[0-9]+ s( |$)|[0-9]+(\.[0-9]+)? MiB|_seconds"|"memory_kib"/{
        s/[0-9]+\.[0-9]+ s( |$)/T s\1/g
        s/[0-9]+(\.[0-9]+)? MiB/M MiB/g
        s/"(wall|cpu)_seconds":[0-9.]+/"\1_seconds":T/g
        s/"memory_kib":[0-9]+/"memory_kib":M/g
        s/(slowest T s|most memory M MiB) \(test [^)]*\)/\1 (test X)/g
        s/  +/ /g
    }' "$1"
}

# matches WANT GOT: each line of WANT is the line of GOT, but "..." takes any lines
matches() {
    awk 'NR == FNR { w[++nw] = $0; next } { g[++ng] = $0 }
    function dots(s) { return s ~ /^[ \t]*\.\.\.[ \t]*$/ }
    END {
        # glob matching with "..." as the star: i over w, j over g, backtracking to the last star
        i = 1; j = 1; star = 0
        while (j <= ng) {
            if (i <= nw && dots(w[i])) { star = i; mark = j; i++ }
            else if (i <= nw && w[i] == g[j]) { i++; j++ }
            else if (star) { i = star + 1; mark++; j = mark }
            else exit 1
        }
        while (i <= nw && dots(w[i])) i++
        exit i <= nw
    }' "$1" "$2"
}

for doc in "$@"; do
    [ -f "$doc" ] || { fail "$doc: no such doc"; continue; }
    d=$tmp/$(echo "$doc" | tr '/.' '__')
    mkdir -p "$d/x" "$d/work"
    ln -s "$top/samples" "$d/work/samples"
    ln -s "$top/tests" "$d/work/tests"
    extract "$doc" "$d/x" || { fail "$doc: could not read its examples"; continue; }
    n=1
    while [ -f "$d/x/$n.cmd" ]; do
        cmd=$(cat "$d/x/$n.cmd")
        line=$(cat "$d/x/$n.line")
        kind=$(cat "$d/x/$n.kind")
        where="$doc:$line: $(echo "$cmd" | head -1)"
        (cd "$d/work" && $limit sh -c "$cmd") < /dev/null > "$d/out" 2>&1
        status=$?
        n=$((n + 1))
        want=$d/x/$((n - 1)).want
        if [ "$kind" = step ]; then
            steps=$((steps + 1))
            if [ "$status" != 0 ]; then
                fail "$where: exit $status"
                sed 's/^/    /' "$d/out" | head -20
            elif [ -f "$want" ] && ! cmp -s "$want" "$d/out"; then
                fail "$where: the output is not the one shown"
                diff "$want" "$d/out" | head -40 | sed 's/^/    /'
            fi
            continue
        fi
        run=$((run + 1))
        if [ "$status" -ge 124 ] && [ "$status" -ne 255 ]; then
            fail "$where: exit $status (not found, killed or over 60 s)"
            sed 's/^/    /' "$d/out" | head -20
            continue
        fi
        if [ -f "$want" ]; then
            compared=$((compared + 1))
            normalise "$want" > "$d/want.n"
            normalise "$d/out" > "$d/out.n"
            if ! matches "$d/want.n" "$d/out.n"; then
                fail "$where: the output is not the one shown"
                diff "$want" "$d/out" | head -40 | sed 's/^/    /'
            fi
            continue
        fi
        bad=$(grep -m 1 -e 'No such file or directory' -e 'unknown option' -e 'needs a value' \
                       -e 'takes no value' -e 'not found' -e 'Permission denied' -e '^FAIL' \
                       "$d/out")
        case $cmd in
        *"ojdoku check "*) [ "$status" = 3 ] || [ "$status" = 255 ] || status=0 ;;
        esac
        if [ -n "$bad" ]; then
            fail "$where: $bad"
        elif [ "$status" -ge 2 ]; then
            fail "$where: exit $status"
            sed 's/^/    /' "$d/out" | head -20
        fi
    done
done

echo "examples: $run run, $compared compared (and $steps steps), $failed failed"
[ "$failed" = 0 ]
