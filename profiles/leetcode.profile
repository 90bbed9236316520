# leetcode
#
# The judge problem's profile: how its input is written and exactly how it wants
# answers (docs/profiles.md has every key; samples/leetcode.in and .out its statement's sample,
# samples/PROVENANCE.md where the statement was read).
#
# board.length == 9, one solution

id = leetcode
aliases = leetcode37
title = Sudoku Solver
url = https://leetcode.com/problems/sudoku-solver/
summary = LeetCode 37: [["5","3",".",...],...] board literal, one per line
task = solve

# input
grammar = literal
side = any
count-line = no
blank = .

# output
style = literal
framing = none

# what the statement promises of its input
kinds = unique
sides = 9
