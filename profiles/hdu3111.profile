# hdu3111
#
# The judge problem's profile: how its input is written and exactly how it wants
# answers (docs/profiles.md has every key; samples/hdu3111.in and .out its statement's sample,
# samples/PROVENANCE.md where the statement was read).
#
# solvable cases are unique

id = hdu3111
title = Sudoku
url = https://acm.hdu.edu.cn/showproblem.php?pid=3111
summary = HDU 3111: count, '?' digit rows, "---" between cases, "impossible"
task = solve

# input
grammar = packed
side = 9
count-line = yes
separator = dashes
blank = ?

# output
style = packed
framing = between
output-separator = dashes
word-unsolvable = impossible
word-conflict = impossible
# HDU compares the output as written
word-case = sensitive

# what the statement promises of its input
kinds = unique unsolvable conflict
