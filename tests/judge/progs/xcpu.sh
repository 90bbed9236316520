#!/bin/sh
# xcpu.sh -- the right answers, then the program sends itself SIGXCPU without having used any
# CPU time to speak of: a Runtime Error by that signal, not a time limit (issue #29, item 4).
"$(dirname "$0")/correct"
kill -XCPU $$
