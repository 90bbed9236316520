#!/bin/sh
# --format svg, checked as a picture: every figure is drawn by a real renderer (librsvg's
# rsvg-convert, Debian's librsvg2-bin; .ci/run installs it) into a PNG, which svg_picture.py
# decodes and looks at without trusting the SVG: ink where the givens are and none in blank cells
# (a puzzle's figure, from `generate --format svg`), the givens black and the filled-in values
# blue (a solution's figure, from `solve --format svg`), lines thick where boxes meet and thin
# inside them; for 4x4, 9x9, 16x16 (letters) and 6x6 (boxes of 2x3).  Then the document rules:
# one SVG document on standard output (a second case is a usage error, exit 2, standard output
# left one whole document), one file per case with --output-dir (case-0001.svg, ..., numbered
# over all inputs, a malformed case counted), each the figure that case alone gets, and a 64x64
# grid of numbers drawn whole, and a killer's cages dashed with their sums.
# Usage: svg.sh OJDOKU   (from any directory)
. "$(dirname "$0")/lib.sh"
cli_start "svg" "svg.sh OJDOKU" "$@"
cd "$top" || exit 2   # the test runs from the top of the tree
here=$top/tests/cli
for tool in rsvg-convert python3; do
    command -v "$tool" > /dev/null || { bad "$tool is needed (apt-get install librsvg2-bin python3)"; exit 1; }
done
# well-formed XML, one document
xml_ok() { python3 -c 'import sys, xml.etree.ElementTree as E; E.parse(sys.argv[1])' "$1" 2>/dev/null; }

# SIDE BOX_ROWS BOX_COLS SEED
for spec in "4 2 2 7" "9 3 3 3" "16 4 4 5" "6 2 3 11"; do
    set -- $spec
    side=$1 rows=$2 cols=$3 seed=$4
    "$bin" generate --side "$side" --seed "$seed" --format line > "$tmp/p.in" 2> /dev/null &&
        "$bin" generate --side "$side" --seed "$seed" --format svg > "$tmp/puzzle.svg" 2> /dev/null &&
        "$bin" solve --format svg "$tmp/p.in" > "$tmp/solution.svg" ||
        { bad "${side}x$side: ojdoku failed"; continue; }
    for figure in puzzle solution; do
        if ! xml_ok "$tmp/$figure.svg"; then
            bad "${side}x$side $figure: not well-formed XML"
        elif ! rsvg-convert --format=png -o "$tmp/$figure.png" "$tmp/$figure.svg"; then
            bad "${side}x$side $figure: rsvg-convert cannot draw it"
        elif python3 "$here/svg_picture.py" "$tmp/$figure.png" "$rows" "$cols" \
                "$(cat "$tmp/p.in")" "$figure" > "$tmp/said"; then
            ok
        else
            bad "${side}x$side $figure:"
            cat "$tmp/said"
        fi
    done
done

# one document on standard output: the second case is refused, the first stays whole
"$bin" generate -n 3 --side 4 --seed 2 --format line > "$tmp/three.in" 2> /dev/null
"$bin" solve --format svg "$tmp/three.in" > "$tmp/out.svg" 2> "$tmp/err"
status=$?
if [ "$status" = 2 ] && xml_ok "$tmp/out.svg" && [ "$(grep -c '</svg>' "$tmp/out.svg")" = 1 ] &&
   grep -q 'case 2 is a second one: --output-dir DIR' "$tmp/err"; then
    ok
else
    bad "three cases on stdout: exit $status, want 2, one document and a message"
    cat "$tmp/err"
fi
# --output-dir: a file per case, numbered over the inputs, a malformed case counted (the second
# input's first line is cut short); each file is the figure of its case alone
{ sed -n 1p "$tmp/three.in"; echo "12.."; sed -n 2,3p "$tmp/three.in"; } > "$tmp/four.in"
"$bin" solve --format svg --output-dir "$tmp/figs" "$tmp/four.in" 2> "$tmp/err"
status=$?
files=$(cd "$tmp/figs" 2>/dev/null && echo *)
if [ "$status" = 1 ] && [ "$files" = "case-0001.svg case-0003.svg case-0004.svg" ]; then
    ok
else
    bad "--output-dir: exit $status (want 1: a malformed case), files '$files'"
    cat "$tmp/err"
fi
for k in 1 3 4; do
    line=$k
    [ "$k" -gt 1 ] && line=$((k - 1))
    sed -n "${line}p" "$tmp/three.in" | "$bin" solve --format svg > "$tmp/alone.svg"
    cmp -s "$tmp/alone.svg" "$tmp/figs/case-000$k.svg" && ok ||
        bad "--output-dir: case-000$k.svg is not the figure of that case alone"
done
# a file that cannot be made stops the run with why, for solve and generate alike (one writer
# of case files): case 1 written, exit 2, "COMMAND: cannot write DIR/case-0002.svg: ..."
for command in solve generate; do
    rm -rf "$tmp/blocked"
    mkdir -p "$tmp/blocked/case-0002.svg"
    if [ "$command" = solve ]; then
        "$bin" solve --format svg --output-dir "$tmp/blocked" "$tmp/three.in" 2> "$tmp/err"
    else
        "$bin" generate --format svg -n 3 --seed 1 --output-dir "$tmp/blocked" 2> "$tmp/err"
    fi
    status=$?
    if [ "$status" = 2 ] && [ -s "$tmp/blocked/case-0001.svg" ] &&
       grep -q "^ojdoku: $command: cannot write $tmp/blocked/case-0002.svg: " "$tmp/err"; then
        ok
    else
        bad "$command --output-dir, case-0002.svg blocked: exit $status (want 2), message:"
        cat "$tmp/err"
    fi
done
"$bin" solve --format line --output-dir "$tmp/x" "$tmp/three.in" > /dev/null 2>&1
[ $? = 2 ] && ok || bad "--output-dir without --format svg: want exit 2"
"$bin" solve --format svg --count "$tmp/three.in" > /dev/null 2>&1
[ $? = 2 ] && ok || bad "--format svg --count: want exit 2"
"$bin" generate -n 2 --format svg > /dev/null 2>&1
[ $? = 2 ] && ok || bad "generate -n 2 --format svg: want exit 2 (one document on stdout)"

# 64x64: a solved grid with every fifth cell blank, drawn with numbers, each cell once, the
# givens in bold
"$bin" generate --side 64 --solved --seed 1 --format grid 2> /dev/null |
    awk '!/^-/ { for (i = 1; i <= NF; i++) if ($i != "|") { n++; printf "%s ", (n % 5 == 1 ? "." : $i) } print "" }' \
    > "$tmp/p64.in"
"$bin" solve --format svg --box 8x8 "$tmp/p64.in" > "$tmp/p64.svg"
status=$?
texts=$(grep -c '<text ' "$tmp/p64.svg")
bold=$(grep -c 'font-weight="bold"' "$tmp/p64.svg")
if [ "$status" = 0 ] && xml_ok "$tmp/p64.svg" && [ "$texts" = 4096 ] && [ "$bold" = $((4096 - 820)) ] &&
   grep -q '>64</text>' "$tmp/p64.svg" && rsvg-convert --format=png -o "$tmp/p64.png" "$tmp/p64.svg"; then
    ok
else
    bad "64x64: exit $status, $texts cells drawn (want 4096), $bold givens (want 3276)"
fi
# a killer (CodinGame's sample): each cage a dashed outline inside its cells, its sum in its
# first cell's top-left corner (svg_killer.py, by its own reading of the cages); the sample's
# cages as the line form writes them are what it is held to.  (Solving it takes a solver that
# takes cages.)
killer=samples/codingamekillersudokusolver.in
map=$(head -9 "$killer" | cut -c11-19 | tr -d '\n')
sums=$(tail -1 "$killer" | tr ' ' '\n' | cut -d= -f2 | paste -sd, -)
givens=$(head -9 "$killer" | cut -c1-9 | tr -d '\n')
: > "$tmp/said"
if "$bin" solve --format svg "$killer" > "$tmp/killer.svg" && xml_ok "$tmp/killer.svg" &&
   rsvg-convert --format=png -o "$tmp/killer.png" "$tmp/killer.svg" &&
   python3 "$here/svg_killer.py" "$tmp/killer.png" "$givens::$map:$sums" > "$tmp/said"; then
    ok
else
    bad "killer:"
    cat "$tmp/said" 2> /dev/null
fi
cli_done
