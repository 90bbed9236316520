# cf1335d
#
# The judge problem's profile: how its input is written and exactly how it wants
# answers (docs/profiles.md has every key; samples/cf1335d.in and .out its statement's sample,
# samples/PROVENANCE.md where the statement was read).
#
# "a correct solution of the sudoku puzzle"

id = cf1335d
title = Anti-Sudoku
url = https://codeforces.com/contest/1335/problem/D
summary = Codeforces 1335D Anti-Sudoku: count, solved 9x9 digit rows; 9 cells changed
task = transform
method = anti

# input
grammar = packed
side = 9
count-line = yes
blank = 0

# output
style = packed
framing = none

# what the statement promises of its input
kinds = unique
max-cases = 10000
blanks = none
