# poj2676
#
# The judge problem's profile: how its input is written and exactly how it wants
# answers (docs/profiles.md has every key; samples/poj2676.in and .out its statement's sample,
# samples/PROVENANCE.md where the statement was read).
#
# "may print any one of them"

id = poj2676
aliases = luogu10481
title = Sudoku
url = http://poj.org/problem?id=2676
summary = POJ 2676: count, 9x9 rows of digits, '0' blanks, no separators
task = solve

# input
grammar = packed
side = 9
count-line = yes
blank = 0

# output
style = packed
framing = none

# what the statement promises of its input
kinds = unique multiple
