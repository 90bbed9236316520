# hdu2780
#
# The judge problem's profile: how its input is written and exactly how it wants
# answers (docs/profiles.md has every key; samples/hdu2780.in and .out its statement's sample,
# samples/PROVENANCE.md where the statement was read).
#
# "exactly five 0s"

id = hdu2780
title = Su-Su-Sudoku
url = https://acm.hdu.edu.cn/showproblem.php?pid=2780
summary = HDU 2780: count, digit rows, blank line between, "Could not complete this grid."
task = solve

# input
grammar = packed
side = 9
count-line = yes
blank = 0

# output
style = packed
framing = between
output-separator = blank
word-unsolvable = Could not complete this grid.
word-conflict = Could not complete this grid.
# HDU compares the output as written
word-case = sensitive

# what the statement promises of its input
kinds = unique unsolvable conflict
blanks = 5
