# boj2580
#
# The judge problem's profile: how its input is written and exactly how it wants
# answers (docs/profiles.md has every key; samples/boj2580.in and .out its statement's sample,
# samples/PROVENANCE.md where the statement was read).
#
# BOJ: "print any one of them"

id = boj2580
aliases = luogu1784 jdoj1520
title = 스도쿠 (Sudoku)
url = https://www.acmicpc.net/problem/2580
summary = BOJ 2580 / Luogu P1784 / JDOJ 1520: one grid, 9 spaced rows
task = solve

# input
grammar = spaced
side = 9
count-line = no
blank = 0

# output
style = spaced
framing = none

# what the statement promises of its input
kinds = unique multiple
# Luogu P1784's copy of the sample ends its lines in spaces
trailing-spaces = yes
max-cases = 1
