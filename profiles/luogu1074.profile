# luogu1074
#
# The judge problem's profile: how its input is written and exactly how it wants
# answers (docs/profiles.md has every key; samples/luogu1074.in and .out its statement's sample,
# samples/PROVENANCE.md where the statement was read).

id = luogu1074
aliases = noip2009targetsudoku
title = 靶形数独 (target Sudoku)
url = https://www.luogu.com.cn/problem/P1074
summary = Luogu P1074 (NOIP 2009 target Sudoku): 9 spaced rows; the best score, or -1
task = score
method = target

# input
grammar = spaced
side = 9
count-line = no
blank = 0

# output
style = spaced
framing = none
word-unsolvable = -1
word-conflict = -1
# Luogu compares tokens as written (its word, -1, has no letter)
word-case = sensitive

# what the statement promises of its input
kinds = all
# "100% of the data: the grid has at least 24 non-zero numbers" (NOIP 2009; OpenJudge copy)
givens = 24..
# NOIP's official data files end their lines in spaces, as the sample does
trailing-spaces = yes
max-cases = 1
