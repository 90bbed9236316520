# palmasvk2017b
#
# The judge problem's profile: how its input is written and exactly how it wants
# answers (docs/profiles.md has every key; samples/palmasvk2017b.in and .out its statement's sample,
# samples/PROVENANCE.md where the statement was read).
#
# any solution; "Neda sa" when there is none

id = palmasvk2017b
title = Sudoku
url = https://palma.strom.sk/SVK2017/SVK-B/
summary = Palma SVK2017-B: one 4x4 spaced grid, '0' blanks; a solution or "Neda sa"
task = solve

# input
grammar = spaced
side = 4
count-line = no
blank = 0

# output
style = spaced
framing = none
word-unsolvable = Neda sa
word-conflict = Neda sa
# Palma compares the output as written
word-case = sensitive

# what the statement promises of its input
kinds = all
max-cases = 1
