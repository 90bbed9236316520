# uva989
#
# The judge problem's profile: how its input is written and exactly how it wants
# answers (docs/profiles.md has every key; samples/uva989.in and .out its statement's sample,
# samples/PROVENANCE.md where the statement was read).
#
# 1 <= n <= 3

id = uva989
title = Su Doku
url = https://onlinejudge.org/external/9/989.pdf
summary = UVa 989: box size n, n^2 x n^2 spaced grid; smallest solution; NO SOLUTION
task = solve

# input
grammar = spaced
side = any
count-line = no
size-prefix = yes
separator = blank
blank = 0

# output
style = spaced
framing = between
output-separator = blank
smallest = yes
word-unsolvable = NO SOLUTION
word-conflict = NO SOLUTION
# UVa compares the output as written
word-case = sensitive

# what the statement promises of its input
kinds = all
sides = 1..9
