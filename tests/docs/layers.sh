#!/bin/sh
# layers.sh [BUILD] -- the library's layers include and call only the layers below them
# (HACKING.md, "The layers"):
#
#     core   -> (nothing of ours)        solve -> core          io -> core
#     gen    -> solve, core              check -> io, solve, core
#     cli    -> the public header and its own folders, nothing private of the library
#
# Two checks, both from the top of the tree:
#  1. every #include "..." of a file under src/LAYER names a header of LAYER itself (a bare name,
#     found beside the file) or, as "OTHER/...", a header of an allowed layer;
#  2. with BUILD (default build), every ojd_ symbol an object of src/LAYER leaves undefined is
#     defined by an object of LAYER or of an allowed layer: a call to a public function of a
#     higher layer breaks the rule as much as an include does.
# Closes with "layers: N passed, N failed"; exit 1 on any failure.
build=${1:-build}
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { echo "layers: FAIL: $*"; fail=$((fail + 1)); }

allowed() { # layer -> the layers it may use, itself included
    case $1 in
    core) echo "core" ;;
    solve) echo "solve core" ;;
    io) echo "io core" ;;
    gen) echo "gen solve core" ;;
    check) echo "check io solve core" ;;
    cli) echo "cli" ;;
    esac
}
layers="core solve io gen check cli"

# ---- 1. includes -----------------------------------------------------------------------------
for layer in $layers; do
    may=$(allowed "$layer")
    for f in $(find "src/$layer" -name '*.[ch]' -o -name '*.def' | sort); do
        for inc in $(sed -n 's/^[ \t]*#[ \t]*include[ \t]*"\([^"]*\)".*/\1/p' "$f"); do
            case $inc in
            ojdoku.h) ok; continue ;;
            profiles.def) # the io layer's own table, generated from profiles/ (Makefile)
                if [ "$f" = src/io/format.c ]; then ok
                else bad "$f includes the generated profiles.def: only src/io/format.c may"; fi
                continue ;;
            */*) used=${inc%%/*} ;;
            *)
                if [ -e "$(dirname "$f")/$inc" ]; then ok
                else bad "$f includes \"$inc\", which is not beside it"; fi
                continue ;;
            esac
            case " $may " in
            *" $used "*) ok ;;
            *) bad "$f (layer $layer) includes \"$inc\" of layer $used; $layer may use: $may" ;;
            esac
        done
    done
done
# A bare include is found beside the file, so one header name in two folders would be ambiguous
# to a reader: each face has a name of its own.
for h in $(find src -name '*.h' | sed 's#.*/##' | sort | uniq -d); do
    bad "the header name $h stands in two folders: $(find src -name "$h" | tr '\n' ' ')"
done

# ---- 2. symbols ------------------------------------------------------------------------------
if command -v nm > /dev/null && [ -d "$build/src" ]; then
    tmp=$(mktemp -d) || exit 2
    trap 'rm -rf "$tmp"' EXIT
    for layer in core solve io gen check; do
        [ -d "$build/src/$layer" ] ||
            { bad "no objects in $build/src/$layer (build first)"; continue; }
        nm --defined-only "$build/src/$layer"/*.o 2> /dev/null |
            awk '$2 ~ /^[TDRBC]$/ && $3 ~ /^ojd_/ {print $3}' | sort -u > "$tmp/$layer.def"
    done
    for layer in core solve io gen check; do
        may=$(allowed "$layer")
        : > "$tmp/may"
        for m in $may; do cat "$tmp/$m.def" >> "$tmp/may" 2> /dev/null; done
        sort -u -o "$tmp/may" "$tmp/may"
        for o in "$build/src/$layer"/*.o; do
            [ -e "$o" ] || continue
            nm -u "$o" | awk '$2 ~ /^ojd_/ {print $2}' | sort -u > "$tmp/need"
            missing=$(comm -23 "$tmp/need" "$tmp/may")
            if [ -z "$missing" ]; then ok; else
                bad "$o (layer $layer) calls $(echo $missing) of a layer it may not use ($may)"
            fi
        done
    done
else
    bad "no objects in $build/src or no nm: the symbol check did not run"
fi

echo "layers: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
