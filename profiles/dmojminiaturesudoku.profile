# dmojminiaturesudoku
#
# The judge problem's profile: how its input is written and exactly how it wants
# answers (docs/profiles.md has every key; samples/dmojminiaturesudoku.in and .out its statement's sample,
# samples/PROVENANCE.md where the statement was read).
#
# "Any valid solution will be accepted"

id = dmojminiaturesudoku
title = Miniature Sudoku
url = https://dmoj.ca/problem/miniaturesudoku
summary = DMOJ miniaturesudoku: count, 4x4 with 'X' blanks
task = solve

# input
grammar = packed
side = 4
count-line = yes
blank = X

# output
style = packed
framing = none

# what the statement promises of its input
kinds = unique multiple
