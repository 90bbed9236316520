# spojnovice42
#
# The judge problem's profile: how its input is written and exactly how it wants
# answers (docs/profiles.md has every key; samples/spojnovice42.in and .out its statement's sample,
# samples/PROVENANCE.md where the statement was read).
#
# "print lexicographically minimum solution"

id = spojnovice42
title = Problem 2
url = https://www.spoj.com/problems/NOVICE42/
summary = SPOJ NOVICE42: count, "Grid NN" + 9 digit rows; header echoed, smallest solution
task = solve

# input
grammar = packed
side = 9
count-line = yes
blank = 0
input-header = Grid {case:02}

# output
style = packed
framing = between
output-separator = blank
header = {label}
smallest = yes

# what the statement promises of its input
kinds = unique multiple
