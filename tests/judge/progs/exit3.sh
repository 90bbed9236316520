#!/bin/sh
# exit3.sh -- the right answers, then exit status 3 (a main() that returns garbage): Runtime
# Error, "exit code 3", whatever the output.
"$(dirname "$0")/correct"
exit 3
