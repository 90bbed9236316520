# leetcode36
#
# The judge problem's profile: how its input is written and exactly how it wants
# answers (docs/profiles.md has every key; samples/leetcode36.in and .out its statement's sample,
# samples/PROVENANCE.md where the statement was read).
#
# "only the filled cells need to be validated": solvable or not, a board without a repeat is
# valid

id = leetcode36
title = Valid Sudoku
url = https://leetcode.com/problems/valid-sudoku/
summary = LeetCode 36: board literal; true if no given repeats in a unit, else false
task = validity
method = givens

# input
grammar = literal
side = any
count-line = no
blank = .

# output
style = verdict
framing = none
verdict-line = {word}
word-unique = true
word-conflict = false
# LeetCode compares the value returned: true or false, nothing else
word-case = sensitive

# what the statement promises of its input
kinds = all
sides = 9
