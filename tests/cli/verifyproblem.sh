#!/bin/sh
# verifyproblem.sh OJDOKU PROBLEMTOOLS [PROFILE...] -- Kattis problemtools' own verdict on the
# packages `ojdoku package --layout kattis` and `--layout domjudge` (the same tree with
# DOMjudge's additions; LAYOUTS="kattis" for one) write: for each PROFILE (default: a handful that
# between them have every task: solve, unique, classify, validity, count, score, deduce,
# transform, a 16x16 grid, a one-case input), a package of 3 tests and its edge cases, then
# `verifyproblem -p config validators data submissions` on it (the statement part needs LaTeX
# and its fonts), which compiles the emitted validators and solution as problemtools compiles C,
# runs the input validator on every test and on its own junk, and runs the solution through the
# output validator on every test.  A package passes with "0 errors" (the one warning expected is
# `license: unknown`, the setter's to set).
# PROBLEMTOOLS is a checkout of github.com/Kattis/problemtools at a release whose Python needs
# Debian provides (1.20231016: python3-yaml, python3-plastex; later releases want pydantic 2);
# it runs with Debian's /usr/bin/python3.  Not part of `make check` (problemtools is no Debian
# package): `make kattischeck PROBLEMTOOLS=DIR`.  Closes with "verifyproblem: N passed, N failed".
. "$(dirname "$0")/lib.sh"
cli_start verifyproblem "verifyproblem.sh OJDOKU PROBLEMTOOLS [PROFILE...]" "$@"
tools=$2
shift 2
[ -n "$tools" ] && [ -f "$tools/problemtools/verifyproblem.py" ] || {
    echo "verifyproblem.sh: PROBLEMTOOLS=DIR names a problemtools checkout" >&2; exit 2; }
[ $# -gt 0 ] || set -- poj3074 kattis uva10957 abc327c spojsudogob luogu1074 cocicross cf1335d \
                       poj3076 hdu2780 spoj
python=/usr/bin/python3
[ -x "$python" ] || python=python3
for p in "$@"; do
  for layout in ${LAYOUTS:-kattis domjudge}; do
    k=$tmp/$layout/$p
    mkdir -p "$tmp/$layout"
    "$bin" package --format "$p" --layout "$layout" --tests 3 --seed 1 "$k" 2> /dev/null
    (cd "$tools" && PYTHONPATH=. "$python" -m problemtools.verifyproblem \
        -p config validators data submissions -- "$k") > "$k.log" 2>&1
    summary=$(grep " tested: " "$k.log")
    echo "$layout: $summary"
    case $summary in
    *" tested: 0 errors"*) pass=$((pass + 1)) ;;
    *) fail=$((fail + 1)); grep -i "error" "$k.log" | head -5 ;;
    esac
  done
done
cli_done
