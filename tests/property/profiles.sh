#!/bin/sh
# profiles.sh OJDOKU [SEEDS] -- the catalogue's promise, profile by profile (issue #27): for every
# judge problem P of `ojdoku formats` (line, grid and json aside: they read any grammar, which
# prop_reader covers; svg draws figures, which no program reads) and seeds 1..SEEDS (default 3):
#   1. `generate --format P --mix` makes an input of every kind P's statement allows, with its
#      answers; `validate --input --format P` accepts it, with as many cases as were made;
#   2. `solve --format P` answers it and `check --format P` (against the generated answers too)
#      says ok: every case got its one right outcome;
#   3. -j 2 and -j 7 give the same stdout, stderr and exit status as -j 1;
#   4. hostile inputs -- the generated one with a line dropped, a line doubled, a byte made
#      garbage, NUL or CR, cut at a random byte, a garbage line spliced in -- never crash, hang
#      or exit 2: exit 0 or 1, each stderr line a diagnostic "ojdoku: FILE:LINE:COL: error: ..."
#      (or a warning), the same at -j 1 and -j 2; and when the exit is 0 every case was
#      answered (no error on stderr).
# The mutations are drawn from the seed (awk's srand), so a failure names what reproduces it.
# Closes with "profiles: N passed, N failed".
bin=$1
seeds=${2:-3}
case $bin in /*) ;; *) bin=$(pwd)/$bin ;; esac
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
pass=0
fail=0
limit=
command -v timeout > /dev/null && limit="timeout 20"
check() { # description, then the test
    what=$1
    shift
    if "$@"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "profiles: FAIL: $what"; fi
}
# run ARGS...: ojdoku's stdout, stderr and status into $tmp/run.{out,err,st}
run() {
    $limit "$bin" "$@" > "$tmp/run.out" 2> "$tmp/run.err"
    echo $? > "$tmp/run.st"
}
same_as() { # SUFFIX: the last run equals the one saved with that suffix
    cmp -s "$tmp/run.out" "$tmp/keep$1.out" && cmp -s "$tmp/run.err" "$tmp/keep$1.err" &&
        cmp -s "$tmp/run.st" "$tmp/keep$1.st"
}
keep() { for x in out err st; do cp "$tmp/run.$x" "$tmp/keep$1.$x"; done; }
diagnostics_only() { # every stderr line of the last run is a diagnostic
    ! grep -v -E '^ojdoku: [^:]+:[0-9]+:[0-9]+: (error|warning): .' "$tmp/run.err" | grep -q .
}
# mutate SEED KIND FILE: the file changed as KIND says, on stdout
mutate() {
    LC_ALL=C awk -v seed="$1" -v kind="$2" '
        { line[NR] = $0 }
        END {
            srand(seed); n = NR; if (n == 0) exit
            at = int(rand() * n) + 1
            for (i = 1; i <= n; i++) {
                s = line[i]
                if (i == at) {
                    if (kind == "drop") continue
                    if (kind == "double") print s
                    if (kind == "splice") print "#@! garbage " seed
                    if (kind == "byte" || kind == "nul" || kind == "cr") {
                        c = length(s) ? int(rand() * length(s)) + 1 : 1
                        b = kind == "byte" ? "%" : kind == "nul" ? "\000" : "\r"
                        s = substr(s, 1, c - 1) b substr(s, c + 1)
                    }
                }
                print s
            }
        }' "$3"
}

for p in $("$bin" formats | awk '{ print $1 }'); do
    case $p in line | grid | json | svg) continue ;; esac
    # a statement of one case per input gets more seeds instead (each draws one kind)
    n=6
    last=$seeds
    if "$bin" formats "$p" | grep -q '^input:  one case'; then
        n=1
        last=$((seeds * 4))
    fi
    s=1
    while [ "$s" -le "$last" ]; do
        # 1. generated input, valid by the profile's own validator
        if ! $limit "$bin" generate --format "$p" --mix -n "$n" --seed "$s" -q \
            --answers "$tmp/t.ans" > "$tmp/t.in" 2> "$tmp/gen.err"; then
            check "$p seed $s: generate --mix ($(head -n 1 "$tmp/gen.err"))" false
            s=$((s + 1))
            continue
        fi
        run validate --input --format "$p" "$tmp/t.in"
        check "$p seed $s: validate --input accepts the generated input" \
            [ "$(cat "$tmp/run.st")" = 0 ]
        # 2. solved, and the checker agrees, with and without the generated answers
        run --format "$p" "$tmp/t.in"
        keep 1
        check "$p seed $s: solve exits 0 or 1" [ "$(cat "$tmp/run.st")" -le 1 ]
        check "$p seed $s: solve writes what generate --answers wrote" \
            cmp -s "$tmp/run.out" "$tmp/t.ans"
        cp "$tmp/run.out" "$tmp/t.out"
        run check --format "$p" "$tmp/t.in" "$tmp/t.out" "$tmp/t.ans"
        check "$p seed $s: check says ok ($(cat "$tmp/run.out"))" [ "$(cat "$tmp/run.st")" = 0 ]
        # 3. the same at every -j
        for j in 2 7; do
            run -j "$j" --format "$p" "$tmp/t.in"
            check "$p seed $s: -j $j is -j 1" same_as 1
        done
        # 4. hostile
        k=0
        for kind in drop double splice byte nul cr cut; do
            k=$((k + 1))
            m=$((s * 100 + k))
            if [ "$kind" = cut ]; then
                size=$(wc -c < "$tmp/t.in")
                head -c $((m * 7919 % (size + 1))) "$tmp/t.in" > "$tmp/h.in"
            else
                mutate "$m" "$kind" "$tmp/t.in" > "$tmp/h.in"
            fi
            run --format "$p" "$tmp/h.in"
            st=$(cat "$tmp/run.st")
            check "$p seed $s $kind: exit 0 or 1, not $st" [ "$st" -le 1 ]
            check "$p seed $s $kind: stderr holds diagnostics only" diagnostics_only
            if [ "$st" = 0 ]; then
                check "$p seed $s $kind: exit 0 with no error" \
                    sh -c "! grep -q ': error: ' '$tmp/run.err'"
            fi
            keep 2
            run -j 2 --format "$p" "$tmp/h.in"
            check "$p seed $s $kind: -j 2 is -j 1" same_as 2
        done
        s=$((s + 1))
    done
done
echo "profiles: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
