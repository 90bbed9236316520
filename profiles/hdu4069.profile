# hdu4069
#
# The judge problem's profile: how its input is written and exactly how it wants
# answers (docs/profiles.md has every key; samples/hdu4069.in and .out its statement's sample,
# samples/PROVENANCE.md where the statement was read).
#
# "16: wall to the up, 32: right, 64: down, 128: left"
#
# T <= 2500

id = hdu4069
title = Squiggly Sudoku
url = https://acm.hdu.edu.cn/showproblem.php?pid=4069
summary = HDU 4069 Squiggly Sudoku: count, 9x9 value+wall-bit rows; "Case N:" + rows
task = solve

# input
grammar = spaced
side = 9
count-line = yes
separator = blank
blank = 0
walls = yes

# output
style = packed
framing = none
header = Case {case}:
unique = yes
word-multiple = Multiple Solutions
word-unsolvable = No solution
word-conflict = No solution
# HDU compares the output as written
word-case = sensitive

# what the statement promises of its input
kinds = all
max-cases = 2500
