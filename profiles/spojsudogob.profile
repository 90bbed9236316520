# spojsudogob
#
# The judge problem's profile: how its input is written and exactly how it wants
# answers (docs/profiles.md has every key; samples/spojsudogob.in and .out its statement's sample,
# samples/PROVENANCE.md where the statement was read).
#
# "erased or added some numbers"

id = spojsudogob
title = Sudoku goblin
url = https://www.spoj.com/problems/SUDOGOB/
summary = SPOJ SUDOGOB: count, spaced 9x9 grids; number of solutions, grid when one
task = count

# input
grammar = spaced
side = 9
count-line = yes
separator = blank
blank = 0

# output
style = spaced
framing = none
tally = {count}

# what the statement promises of its input
kinds = all
