# poj3076
#
# The judge problem's profile: how its input is written and exactly how it wants
# answers (docs/profiles.md has every key; samples/poj3076.in and .out its statement's sample,
# samples/PROVENANCE.md where the statement was read).

id = poj3076
aliases = uva1309 zoj3122 acwing169
title = Sudoku
url = http://poj.org/problem?id=3076
summary = POJ 3076 / UVa 1309 / ZOJ 3122: 16x16 letters A-P, '-' blanks
task = solve

# input
grammar = packed
side = 16
count-line = no
separator = blank
blank = -
letters = yes

# output
style = packed
framing = between
output-separator = blank

# what the statement promises of its input
kinds = unique
