# vijos1586
#
# The judge problem's profile: how its input is written and exactly how it wants
# answers (docs/profiles.md has every key; samples/vijos1586.in and .out its statement's sample,
# samples/PROVENANCE.md where the statement was read).
#
# One grid of 9 digit rows, '0' blanks, answered a row each, as several statements ask (their
# samples agree byte for byte).

id = vijos1586
title = Vs Rum
url = https://vijos.org/d/sycsycsyc/p/1586
summary = Vijos 1586 (domain sycsycsyc): one grid of 9 digit rows
task = solve

# input
grammar = packed
side = 9
count-line = no
blank = 0

# output
style = packed
framing = none

# what the statement promises of its input
kinds = unique
max-cases = 1
