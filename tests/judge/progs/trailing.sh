#!/bin/sh
# trailing.sh -- the right answers with a space at the end of every line: Accepted, noted as not
# byte-exact; with --strict, Presentation Error.
"$(dirname "$0")/correct" | sed 's/$/ /'
