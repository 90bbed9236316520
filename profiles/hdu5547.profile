# hdu5547
#
# The judge problem's profile: how its input is written and exactly how it wants
# answers (docs/profiles.md has every key; samples/hdu5547.in and .out its statement's sample,
# samples/PROVENANCE.md where the statement was read).
#
# "Each test case starts with an empty line"
#
# "the solution is unique", T <= 100

id = hdu5547
aliases = uva12988
title = Sudoku
url = https://acm.hdu.edu.cn/showproblem.php?pid=5547
summary = HDU 5547 / UVa 12988: count, 4x4 with '*' blanks; "Case #x:"
task = solve

# input
grammar = packed
side = 4
count-line = yes
separator = blank
separator-first = yes
blank = *

# output
style = packed
framing = none
header = Case #{case}:

# what the statement promises of its input
kinds = unique
max-cases = 100
