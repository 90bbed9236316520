# euler96
#
# The judge problem's profile: how its input is written and exactly how it wants
# answers (docs/profiles.md has every key; samples/euler96.in and .out its statement's sample,
# samples/PROVENANCE.md where the statement was read).

id = euler96
title = Su Doku
url = https://projecteuler.net/problem=96
summary = Project Euler 96: "Grid NN" + 9 digit rows; answer = sum of top-left numbers
task = solve

# input
grammar = packed
side = 9
count-line = no
blank = 0
input-header = Grid {case:02}

# output
style = sum
framing = none

# what the statement promises of its input
kinds = unique
