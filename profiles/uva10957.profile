# uva10957
#
# The judge problem's profile: how its input is written and exactly how it wants
# answers (docs/profiles.md has every key; samples/uva10957.in and .out its statement's sample,
# samples/PROVENANCE.md where the statement was read).

id = uva10957
title = So Doku Checker
url = https://onlinejudge.org/external/109/10957.pdf
summary = UVa 10957 So Doku Checker: "Case N: Unique/Ambiguous/Impossible/Illegal."
task = solve

# input
grammar = spaced
side = 9
count-line = no
separator = blank
blank = 0

# output
style = verdict
framing = none
verdict-line = Case {case}: {word}.
unique = yes
word-unique = Unique
word-multiple = Ambiguous
word-unsolvable = Impossible
word-conflict = Illegal
# UVa compares the output as written
word-case = sensitive

# what the statement promises of its input
kinds = all
