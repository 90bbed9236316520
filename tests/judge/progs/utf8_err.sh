#!/bin/sh
# utf8_err.sh -- the right answers, and on stderr a line of UTF-8 ("café ☃") and a byte that is
# none (0xff): judge --format json writes the UTF-8 through and the stray byte as U+FFFD
# (issue #29, item 6).
printf 'caf\303\251 \342\230\203 \377\n' >&2
exec "$(dirname "$0")/correct"
