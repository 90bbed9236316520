#!/bin/sh
# commits.sh -- commit messages keep the project's form (HACKING.md, "Commit messages").  Run from
# anywhere.  Two parts:
#  1. the hook .githooks/commit-msg accepts and rejects the messages below as it should;
#  2. every commit after BASE (the commit before the hook was added; earlier subjects are one long
#     line and stay as they are) passes the hook's rules: `git log BASE..HEAD`, merges and the
#     commits they bring in included, a merge's generated subject allowed past the limit.
# Part 2 is skipped, with the reason, outside a git checkout of this tree or when BASE is not in
# its history (a shallow clone).  Closes with "commits: N passed, N failed"; exit 1 on a failure.
BASE=b765262
cd "$(dirname "$0")/../.." || exit 2
root=$(pwd)
hook=$root/.githooks/commit-msg
pass=0
fail=0
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

# expect STATUS MERGE MESSAGE: the hook's exit status on MESSAGE (a printf format), as a merge or not
expect() {
    printf "$3" > "$tmp/msg"
    OJD_COMMIT_IS_MERGE=$2 sh "$hook" "$tmp/msg" 2>"$tmp/err"
    got=$?
    if [ "$got" = "$1" ]; then
        pass=$((pass + 1))
    else
        echo "commits: FAIL: the hook gave $got, not $1, for: $(sed -n 1p "$tmp/msg")"
        sed 's/^/    /' "$tmp/err"
        fail=$((fail + 1))
    fi
}
s72=$(printf '%072d' 0 | tr 0 x)
expect 0 0 'Fix the reader\n'
expect 0 0 'Fix the reader\n\nWhy and what was measured.\n'
expect 0 0 "$s72\n\nbody\n"
expect 1 0 "${s72}y\n\nbody\n"
expect 1 0 'Fix the reader\nno blank line before the body\n'
expect 0 0 '# a comment line first\nFix the reader\n# and after\n\nbody\n'
expect 1 0 "$(printf '%080d' 0)\n"
expect 0 1 "Merge branch '$s72'\n"
expect 0 1 "Merge pull request #12 from someone/$s72\n\nTitle\n"
expect 1 0 "Merge branch '$s72'\n"
expect 1 1 "Merged by hand, $s72\n"
# 72 letters of two bytes each: characters are counted, not bytes
expect 0 0 "$(printf '%072d' 0 | sed 's/0/é/g')\n"

if ! command -v git >/dev/null 2>&1; then
    echo "commits: the log is not checked: git is not installed"
elif [ "$(git rev-parse --show-toplevel 2>/dev/null)" != "$root" ]; then
    echo "commits: the log is not checked: $root is not a git checkout"
elif ! git cat-file -e "$BASE^{commit}" 2>/dev/null; then
    echo "commits: the log is not checked: $BASE is not in this clone's history (shallow?)"
else
    for c in $(git rev-list "$BASE..HEAD"); do
        git log -1 --format=%B "$c" > "$tmp/msg"
        merge=0
        [ "$(git log -1 --format=%P "$c" | wc -w)" -gt 1 ] && merge=1
        if OJD_COMMIT_IS_MERGE=$merge sh "$hook" "$tmp/msg" 2>"$tmp/err"; then
            pass=$((pass + 1))
        else
            echo "commits: FAIL: $(git log -1 --format='%h %s' "$c" | cut -c1-90)"
            sed 's/^/    /' "$tmp/err" | grep -v 'message kept in'
            fail=$((fail + 1))
        fi
    done
fi
echo "commits: $pass passed, $fail failed"
[ "$fail" = 0 ]
