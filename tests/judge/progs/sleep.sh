#!/bin/sh
# sleep.sh -- waits forever in a child process (sleep), printing nothing: Time Limit Exceeded.
# The judge must kill the whole process group, the sleep included: with OJDOKU_TEST_PIDS set, the
# two process ids are written there for the test to look for afterwards.
sleep 1000 &
[ -n "$OJDOKU_TEST_PIDS" ] && echo "$$ $!" > "$OJDOKU_TEST_PIDS"
wait
