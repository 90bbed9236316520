# hackerrankeuler096
#
# The judge problem's profile: how its input is written and exactly how it wants
# answers (docs/profiles.md has every key; samples/hackerrankeuler096.in and .out its statement's sample,
# samples/PROVENANCE.md where the statement was read).
#
# One grid of 9 digit rows, '0' blanks, answered a row each, as several statements ask (their
# samples agree byte for byte).

id = hackerrankeuler096
title = Project Euler #96: Su Doku
url = https://www.hackerrank.com/contests/projecteuler/challenges/euler096
summary = HackerRank Project Euler+ 96: one grid of 9 digit rows, '0' blanks
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
