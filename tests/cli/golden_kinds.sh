#!/bin/sh
# The golden cases of `generate --kinds/--mix/--edge` (tests/cli/golden/gen_*) are what the program
# wrote; this checks them by other means than the generator used, so that a golden file can
# never freeze a wrong case:
#  - json lines (--format json, and the default lines): each puzzle's status is what the dlx
#    solver finds (solved, multiple, unsolvable, conflict), with exactly K solutions for --solutions K;
#  - judge input files with --answers /dev/stderr: the input passes `validate --input` (grammar
#    and the statement's promises), the answers pass the special judge `check`, and the cases
#    cover the kinds the profile takes (as many as there are cases, up to all of them).
# Usage: golden_kinds.sh OJDOKU
. "$(dirname "$0")/lib.sh"
cli_start "generated goldens" "golden_kinds.sh OJDOKU" "$@"
cd "$top" || exit 2   # the test runs from the top of the tree

# The dlx status of one puzzle line: solved, multiple, unsolvable or conflict.
status_of() {
    printf '%s\n' "$1" | "$bin" -s dlx --format json 2>/dev/null |
        sed -n 's/.*"status":"\([a-z]*\)".*/\1/p'
}

for args_file in tests/cli/golden/gen_*.args; do
    name=${args_file%.args}
    args=$(cat "$args_file")
    [ -f "$name.status" ] && continue # usage errors: nothing generated
    ok=1
    case " $args " in
    *" --format json "*)
        k=$(printf '%s\n' "$args" | sed -n 's/.*--solutions \([0-9]*\).*/\1/p')
        while IFS= read -r line; do
            kind=$(printf '%s\n' "$line" | sed 's/.*"status":"\([a-z]*\)".*/\1/')
            puzzle=$(printf '%s\n' "$line" | sed 's/.*"puzzle":"\([^"]*\)".*/\1/')
            got=$(status_of "$puzzle")
            [ "$got" = "$kind" ] || { bad "$name: case '$puzzle' made as $kind, dlx says $got"; ok=0; }
            if [ "$kind" = multiple ] && [ -n "$k" ]; then
                count=$(printf '%s\n' "$puzzle" | "$bin" -s dlx --count=$((k + 1)) | cut -d: -f2)
                [ "$count" = "$k" ] || { bad "$name: '$puzzle' has $count solutions, not $k"; ok=0; }
            fi
        done < "$name.out"
        ;;
    *" --format "*)
        format=$(printf '%s\n' "$args" | sed 's/.*--format \([a-z0-9]*\).*/\1/')
        "$bin" validate --input --format "$format" "$name.out" > /dev/null 2> "$tmp/v" ||
            { bad "$name: validate --input: $(head -1 "$tmp/v")"; ok=0; }
        case " $args " in *" --answers /dev/stderr "*)
            "$bin" check --format "$format" "$name.out" "$name.err" 2> "$tmp/c" ||
                { bad "$name: check: $(cat "$tmp/c")"; ok=0; } ;;
        esac
        case $format in
        kattis | uva10957 | uva989) takes=4 ;;
        hdu2780 | hdu3111) takes=3 ;;
        poj2676) takes=2 ;;
        *) takes=1 ;;
        esac
        cases=$("$bin" -s dlx --format json < "$name.out" 2>/dev/null | wc -l)
        kinds=$("$bin" -s dlx --format json < "$name.out" 2>/dev/null |
                sed -n 's/.*"status":"\([a-z]*\)".*/\1/p' | sort -u | wc -l)
        want=$takes
        case " $args " in *" --mix "*) ;; *) want=1 ;; esac
        [ "$cases" -lt "$want" ] && want=$cases
        [ "$kinds" -ge "$want" ] || { bad "$name: $kinds kinds of case, want $want"; ok=0; }
        ;;
    *) # the default lines
        first=1
        while IFS= read -r puzzle; do
            got=$(status_of "$puzzle")
            want=solved
            case " $args " in *" --edge "*) [ $first = 1 ] && want=multiple ;; esac
            [ "$got" = "$want" ] || { bad "$name: '$puzzle' is $got, want $want"; ok=0; }
            first=0
        done < "$name.out"
        ;;
    esac
    [ $ok = 1 ] && pass=$((pass + 1))
done
cli_done
