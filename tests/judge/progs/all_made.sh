#!/bin/sh
# all_made.sh -- for `judge --generate N --dir DIR`: AC (the answers of correct) only when all N
# tests and their answers are in DIR ($OJDOKU_TEST_DIR, N in $OJDOKU_TEST_COUNT) when it runs,
# even as the first test: the judge makes every test before the first timed run.  Exit 3 when
# one is missing.
n=$(ls "$OJDOKU_TEST_DIR" | grep -c '\.in$')
a=$(ls "$OJDOKU_TEST_DIR" | grep -c '\.ans$')
if [ "$n" != "$OJDOKU_TEST_COUNT" ] || [ "$a" != "$OJDOKU_TEST_COUNT" ]; then
    echo "only $n tests and $a answers of $OJDOKU_TEST_COUNT made" >&2
    exit 3
fi
exec "$(dirname "$0")/correct"
