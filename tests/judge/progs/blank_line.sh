#!/bin/sh
# blank_line.sh -- the right answers and one blank line too many at the end (a separator printed
# after every case instead of between them): Accepted, noted as not byte-exact; with --strict,
# Presentation Error.
"$(dirname "$0")/correct" && echo
