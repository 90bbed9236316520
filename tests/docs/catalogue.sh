#!/bin/sh
# catalogue.sh OJDOKU [--write] -- docs/catalogue.md, the reference of every built-in profile, is
# made from the profiles alone: for each, in `ojdoku formats` order, what `ojdoku formats ID`
# prints (statement, rules, sample) and its profile file.  Without --write, fails when the file
# differs from what the binary makes now (a profile changed and the doc did not): run
# `make catalogue` to write it.
bin=$1
[ -n "$bin" ] || { echo "usage: catalogue.sh OJDOKU [--write]" >&2; exit 2; }
doc=docs/catalogue.md
make_doc() {
    echo "# The catalogue: every built-in profile"
    echo
    echo "Made by \`make catalogue\` from the profiles (\`ojdoku formats ID\` and"
    echo "\`ojdoku formats --profile ID\` for each): do not edit; edit profiles/ID.profile and"
    echo "run \`make catalogue\`. [profiles.md](profiles.md) says what each key means; the"
    echo "judges' grammars and their sources are in [formats.md](formats.md)."
    echo
    "$bin" formats | while read -r id rest; do
        echo "- [\`$id\`](#$id): $("$bin" formats "$id" | sed -n 2p)"
    done
    "$bin" formats | while read -r id rest; do
        echo
        echo "## $id"
        echo
        echo '```text'
        "$bin" formats "$id"
        echo '```'
        echo
        echo "Its profile file, [profiles/$id.profile](../profiles/$id.profile), as read:"
        echo
        echo '```text'
        "$bin" formats --profile "$id"
        echo '```'
    done
}
if [ "$2" = --write ]; then
    make_doc > "$doc.tmp" && mv "$doc.tmp" "$doc"
    exit 0
fi
tmp=$(mktemp) || exit 2
trap 'rm -f "$tmp"' EXIT
make_doc > "$tmp"
if cmp -s "$tmp" "$doc"; then
    echo "catalogue: 1 passed, 0 failed"
else
    echo "FAIL catalogue: $doc is not what the profiles make: run make catalogue"
    diff "$doc" "$tmp" | head -20
    echo "catalogue: 0 passed, 1 failed"
    exit 1
fi
