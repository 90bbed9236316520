# hdu1426
#
# The judge problem's profile: how its input is written and exactly how it wants
# answers (docs/profiles.md has every key; samples/hdu1426.in and .out its statement's sample,
# samples/PROVENANCE.md where the statement was read).
#
# "exactly one solution is guaranteed"

id = hdu1426
title = Sudoku Killer
url = https://acm.hdu.edu.cn/showproblem.php?pid=1426
summary = HDU 1426: 9x9, '?' blanks, spaced cells, blank line between
task = solve

# input
grammar = spaced
side = 9
count-line = no
separator = blank
blank = ?

# output
style = spaced
framing = between
output-separator = blank

# what the statement promises of its input
kinds = unique
