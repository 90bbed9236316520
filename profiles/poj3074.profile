# poj3074
#
# The judge problem's profile: how its input is written and exactly how it wants
# answers (docs/profiles.md has every key; samples/poj3074.in and .out its statement's sample,
# samples/PROVENANCE.md where the statement was read).
#
# "Each puzzle has exactly one solution"

id = poj3074
aliases = acwing166 luogu10482
title = Sudoku
url = http://poj.org/problem?id=3074
summary = POJ 3074 / AcWing 166: 81-character lines with '.' blanks, "end"
task = solve

# input
grammar = line
side = 9
count-line = no
terminator = yes
blank = .

# output
style = line
framing = none

# what the statement promises of its input
kinds = unique
