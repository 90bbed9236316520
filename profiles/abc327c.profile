# abc327c
#
# The judge problem's profile: how its input is written and exactly how it wants
# answers (docs/profiles.md has every key; samples/abc327c.in and .out its statement's sample,
# samples/PROVENANCE.md where the statement was read).

id = abc327c
title = Number Place
url = https://atcoder.jp/contests/abc327/tasks/abc327_c
summary = AtCoder ABC327 C: a complete 9x9 grid; Yes if it is a solution
task = validity
method = complete

# input
grammar = spaced
side = 9
count-line = no
blank = 0

# output
style = verdict
framing = none
verdict-line = {word}
word-unique = Yes
word-conflict = No
# AtCoder's judge compares the tokens as written; the statement allows no other case
word-case = sensitive

# what the statement promises of its input
kinds = unique conflict
max-cases = 1
blanks = none
