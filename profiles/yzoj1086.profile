# yzoj1086
#
# The judge problem's profile: how its input is written and exactly how it wants
# answers (docs/profiles.md has every key; samples/yzoj1086.in and .out its statement's sample,
# samples/PROVENANCE.md where the statement was read).

id = yzoj1086
title = 九阶数独 (Sudoku)
url = https://yzoj.top/d/ys2026/homework/66504eb6c626f80001dfbd4e/1551
summary = yzoj 1086: one grid of 9 rows, '?' blanks, unique
task = solve

# input
grammar = packed
side = 9
count-line = no
blank = ?

# output
style = packed
framing = none

# what the statement promises of its input
kinds = unique
max-cases = 1
