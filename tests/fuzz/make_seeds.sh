#!/bin/sh
# make_seeds.sh OJDOKU OUTDIR -- writes the seed inputs of every fuzz target into OUTDIR/<target>.
#
# Seeds are the project's own test inputs (samples/*.in, tests/cli/golden/*.in, the first lines of
# each tests/fixtures file), each cut to 4 KB and prefixed with the selector bytes the targets
# expect: the profile the sample is meant for (from its .args) and 0 = detect.  The committed
# corpus (tests/fuzz/corpus/) is these seeds plus what fuzzing found, minimised with -merge=1.
set -eu
ojdoku=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
out=$2
case $out in /*) ;; *) out=$(pwd)/$out ;; esac
cd "$(dirname "$0")"   # the paths below are relative to tests/fuzz
mkdir -p "$out/fuzz_reader" "$out/fuzz_solve" "$out/fuzz_check" "$out/fuzz_profile" \
    "$out/fuzz_killer"
# the profile parser: every built-in profile file
for p in ../../profiles/*.profile; do cp "$p" "$out/fuzz_profile/seed_$(basename "$p" .profile)"; done

# profile index as the targets count it: 0 = detect, k = k-th line of `ojdoku formats`
profile_index() {
    "$ojdoku" formats | awk -v n="$1" '$1 == n { print NR; exit }'
}
octal() { printf '\\%03o' "$1"; }

n=0
seed() {   # seed FILE PROFILE_INDEX
    n=$((n + 1))
    sel=$(octal "$2")
    { printf "$sel"; head -c 4096 "$1"; } > "$out/fuzz_reader/seed$n"
    { printf "$sel"; printf "$(octal $((n % 6)))"; head -c 4096 "$1"; } > "$out/fuzz_solve/seed$n"
    # checker: INPUT, 0xFF, the expected OUTPUT when there is one
    expected="${1%.in}.out"
    if [ -f "$expected" ]; then
        { printf "$sel"; head -c 4096 "$1"; printf '\377'; head -c 4096 "$expected"; } \
            > "$out/fuzz_check/seed$n"
    fi
}

for f in ../../samples/*.in ../golden/*.in; do
    [ -f "$f" ] || continue
    seed "$f" 0
    args="${f%.in}.args"
    if [ -f "$args" ]; then
        name=$(sed -n 's/.*--format[= ]\([a-z0-9]*\).*/\1/p' "$args")
        [ -n "$name" ] && idx=$(profile_index "$name") && [ -n "$idx" ] && seed "$f" "$idx"
    fi
done
for f in ../fixtures/*.txt ../fixtures/*.tsv; do
    [ -f "$f" ] || continue
    tmp=$(mktemp)
    head -n 3 "$f" > "$tmp"
    seed "$tmp" 0
    rm -f "$tmp"
done
# killer cages through the API: per shape (4x4, 6x6, 9x9; 4x4 X) and solver, cells in dominoes
# (cage byte k = cell / 2 + 1), every fifth cell a given (bit 7); fuzz_killer.c reads the bytes
for shape in 0 1 2 4; do
    for solver in 0 1 2 3 4 5; do
        cells=$(( shape % 4 == 0 ? 16 : shape == 1 ? 36 : 81 ))
        LC_ALL=C awk -v shape="$shape" -v solver="$solver" -v cells="$cells" 'BEGIN {
            printf "%c%c", shape, solver
            for (i = 0; i < cells; i++) printf "%c", ((int(i / 2) % 41) + 1) + (i % 5 == 0 ? 128 : 0)
        }' > "$out/fuzz_killer/seed_${shape}_$solver"
        n=$((n + 1))
    done
done
echo "$n seeds in $out"
