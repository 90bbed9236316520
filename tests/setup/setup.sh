#!/bin/sh
# The set-up promises of README.md, checked on the Makefile itself (dry runs and a scratch build
# directory; nothing is installed):
#   - `make` and `make samples` never need cmocka, and do not turn warnings into errors (a user's
#     newer compiler must not fail a build or an install over a new warning);
#   - the test targets do (-Werror), and when cmocka is missing they stop with one line that says
#     what to install;
#   - a cmocka suite needs cmocka alone: not rsvg-convert and python3, which the golden drivers
#     need (the plan of a suite does not look for them, the plan of `make golden` does).
# Usage: sh tests/setup/setup.sh   (from the top of the repository)
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL setup: $*"; }

for target in all samples install; do
    make -n -B BUILD="$tmp/b" DESTDIR="$tmp/stage" "$target" > "$tmp/plan" 2>&1
    if grep -q -- '-Werror' "$tmp/plan"; then bad "make $target builds with -Werror"; else ok; fi
    if grep -q 'cmocka' "$tmp/plan"; then bad "make $target needs cmocka"; else ok; fi
done
make -n -B BUILD="$tmp/b" unit > "$tmp/plan" 2>&1
if grep -q -- '-Werror' "$tmp/plan"; then ok; else bad "make unit does not build with -Werror"; fi

make -n -B BUILD="$tmp/b" "$tmp/b/tests/api/test_board" > "$tmp/plan" 2>&1
if grep -q 'rsvg-convert\|python3' "$tmp/plan"; then bad "a suite needs rsvg-convert or python3"; else ok; fi
make -n -B BUILD="$tmp/b" golden > "$tmp/plan" 2>&1
if grep -q 'rsvg-convert' "$tmp/plan"; then ok; else bad "make golden does not look for rsvg-convert"; fi

make BUILD="$tmp/b" TEST_NEEDS=/nonexistent/cmocka.h:libcmocka-dev test > "$tmp/out" 2> "$tmp/err"
status=$?
[ "$status" -eq 2 ] && ok || bad "make test without cmocka exits $status, want 2"
if grep -q '^ojdoku: the tests need: libcmocka-dev; install with: apt-get install -y libcmocka-dev' \
       "$tmp/err"; then ok; else bad "make test without cmocka says: $(head -c 300 "$tmp/err")"; fi
if grep -q 'cmocka.h: No such file' "$tmp/err"; then bad "the compiler ran without cmocka"; else ok; fi

echo "setup: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
