# ecnu1021
#
# The judge problem's profile: how its input is written and exactly how it wants
# answers (docs/profiles.md has every key; samples/ecnu1021.in and .out its statement's sample,
# samples/PROVENANCE.md where the statement was read).
#
# "the solution is not guaranteed to be unique"

id = ecnu1021
title = 数独问题 (Sudoku)
url = https://acm.ecnu.edu.cn/contest/297/problem/1021/
summary = ECNU 1021: one grid of 9 rows, '.' blanks; smallest solution, row by row
task = solve

# input
grammar = packed
side = 9
count-line = no
blank = .

# output
style = packed
framing = none
smallest = yes

# what the statement promises of its input
kinds = unique multiple
max-cases = 1
