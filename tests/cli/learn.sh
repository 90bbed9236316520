#!/bin/sh
# learn.sh OJDOKU -- `ojdoku learn SAMPLE.in SAMPLE.out` on every built-in profile's statement
# sample, from the sample pair alone: the profile it writes reproduces the sample byte for byte;
# holds no line of the sample's answers; and, where the sample shows every kind of case the
# built-in's statement allows, answers that problem's generated tests (generate --mix, --edge)
# as the built-in does, bytes and exit status.  Then: a sample no profile can reproduce exits 1
# with the closest candidate and a side-by-side diff; usage errors exit 2.
# Usage: learn.sh OJDOKU   (from the top of the tree)
. "$(dirname "$0")/lib.sh"
cli_start "learn" "learn.sh OJDOKU" "$@"
cd "$top" || exit 2   # the test runs from the top of the tree
learned=0
samples=0
generalised=0

# The kinds line of a profile file, as a sorted list.
kinds_of() { sed -n 's/^kinds = //p' "$1" | tr ' ' '\n' | sort; }

for args in samples/*.args; do
    name=${args%.args}
    base=$(basename "$name")
    set -- $(cat "$args")
    # the built-in samples: `--format ID` and nothing else
    [ $# = 2 ] && [ "$1" = --format ] && [ -f "$name.in" ] && [ -f "$name.out" ] || continue
    id=$2
    samples=$((samples + 1))
    p=$tmp/$base.profile
    if ! "$bin" learn "$name.in" "$name.out" > "$p" 2> "$tmp/err"; then
        bad "$base: learn found no profile: $(head -n 1 "$tmp/err")"
        continue
    fi
    "$bin" --format "$p" "$name.in" > "$tmp/got" 2> /dev/null
    if cmp -s "$tmp/got" "$name.out"; then ok; learned=$((learned + 1))
    else bad "$base: the learned profile does not reproduce the sample"; continue; fi
    # the rule, not the answers: no line of the sample's output longer than 8 bytes is in it
    copied=$(awk 'length > 8' "$name.out" | grep -Fxf - "$p" | head -n 1)
    if [ -z "$copied" ]; then ok; else bad "$base: the profile copies the line '$copied'"; fi
    # generated tests, where the sample shows every kind the statement allows
    "$bin" formats --profile "$id" > "$tmp/builtin.profile"
    kinds_of "$tmp/builtin.profile" > "$tmp/want_kinds"
    [ -s "$tmp/want_kinds" ] || echo unique > "$tmp/want_kinds"
    grep -qx all "$tmp/want_kinds" && printf 'conflict\nmultiple\nunique\nunsolvable\n' > "$tmp/want_kinds"
    kinds_of "$p" > "$tmp/have_kinds"
    missing=$(comm -23 "$tmp/want_kinds" "$tmp/have_kinds")
    [ -z "$missing" ] || continue
    # one case shows no framing: only where the statement has one case too
    if grep -q '^# The sample has one case' "$p" && ! grep -qx 'max-cases = 1' "$tmp/builtin.profile"
    then continue; fi
    case $id in svg) continue ;; esac # one document per case: no batch to compare
    for how in "--mix -n 6" "--edge"; do
        # shellcheck disable=SC2086
        "$bin" generate --format "$id" $how --seed 11 > "$tmp/gen.in" 2> /dev/null || continue
        "$bin" --format "$id" "$tmp/gen.in" > "$tmp/want" 2> /dev/null
        want=$?
        "$bin" --format "$p" "$tmp/gen.in" > "$tmp/got" 2> /dev/null
        got=$?
        if [ "$want" = "$got" ] && cmp -s "$tmp/want" "$tmp/got"; then ok
        else bad "$base: generate --format $id $how: the learned profile answers otherwise"; fi
    done
    generalised=$((generalised + 1))
done
echo "learn: $learned of $samples built-in samples learned; $generalised also answer generated tests as the built-in"
[ "$learned" = "$samples" ] || bad "not every built-in sample was learned"

# ---- no profile reproduces it: the closest, and where it differs ------------------------------
printf '1\n' > "$tmp/one.in"
printf '530070000\n' > "$tmp/bad.in"
cp samples/poj2676.in "$tmp/p.in"
sed '1s/.*/this line no profile writes/' samples/poj2676.out > "$tmp/p.out"
"$bin" learn "$tmp/p.in" "$tmp/p.out" > "$tmp/out" 2> "$tmp/err"
if [ $? = 1 ]; then ok; else bad "an unlearnable sample: exit 1"; fi
if [ ! -s "$tmp/out" ]; then ok; else bad "an unlearnable sample: nothing on stdout"; fi
if grep -q 'closest candidate' "$tmp/err" && grep -q '^style = ' "$tmp/err" &&
   grep -q '| this line no profile writes$' "$tmp/err"; then ok
else bad "an unlearnable sample: the closest candidate and the differing line, side by side"; fi
"$bin" learn "$tmp/bad.in" "$tmp/one.in" > /dev/null 2>&1
if [ $? = 1 ]; then ok; else bad "an input with no puzzle: exit 1"; fi
"$bin" learn samples/poj2676.in > /dev/null 2>&1
if [ $? = 2 ]; then ok; else bad "one operand: exit 2"; fi
"$bin" learn "$tmp/none.in" samples/poj2676.out > /dev/null 2>&1
if [ $? = 2 ]; then ok; else bad "a missing file: exit 2"; fi

cli_done
