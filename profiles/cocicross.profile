# cocicross
#
# The judge problem's profile: how its input is written and exactly how it wants
# answers (docs/profiles.md has every key; samples/cocicross.in and .out its statement's sample,
# samples/PROVENANCE.md where the statement was read).
#
# "the initial placement of the numbers may be invalid"

id = cocicross
aliases = dmojcoci08c3p3 kattiscross
title = CROSS
url = https://dmoj.ca/problem/coci08c3p3
summary = COCI 2008/09 CROSS: 9 rows, '.' blanks; what cross-hatching fills, or ERROR
task = deduce
method = cross-hatching

# input
grammar = packed
side = 9
count-line = no
blank = .

# output
style = packed
framing = none
word-conflict = ERROR
# DMOJ's standard checker compares tokens as written (COCI's own: the exact file)
word-case = sensitive

# what the statement promises of its input
kinds = all
max-cases = 1
