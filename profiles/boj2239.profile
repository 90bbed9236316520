# boj2239
#
# The judge problem's profile: how its input is written and exactly how it wants
# answers (docs/profiles.md has every key; samples/boj2239.in and .out its statement's sample,
# samples/PROVENANCE.md where the statement was read).
#
# One grid of 9 digit rows, '0' blanks, answered a row each, as several statements ask (their
# samples agree byte for byte).
#
# "the one that comes first as an 81-digit number"

id = boj2239
title = 스도쿠 (Sudoku)
url = https://www.acmicpc.net/problem/2239
summary = BOJ 2239: one grid of 9 digit rows, '0' blanks; smallest solution
task = solve

# input
grammar = packed
side = 9
count-line = no
blank = 0

# output
style = packed
framing = none
smallest = yes

# what the statement promises of its input
kinds = unique multiple
max-cases = 1
