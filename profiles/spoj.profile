# spoj
#
# The judge problem's profile: how its input is written and exactly how it wants
# answers (docs/profiles.md has every key; samples/spoj.in and .out its statement's sample,
# samples/PROVENANCE.md where the statement was read).
#
# K <= 10

id = spoj
aliases = spojsudoku
title = Sudoku
url = https://www.spoj.com/problems/SUDOKU/
summary = SPOJ SUDOKU: count, then 16x16 letter grids like POJ 3076
task = solve

# input
grammar = packed
side = 16
count-line = yes
separator = blank
blank = -
letters = yes

# output
style = packed
framing = between
output-separator = blank

# what the statement promises of its input
kinds = unique
max-cases = 10
