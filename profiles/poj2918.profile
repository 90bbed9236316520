# poj2918
#
# The judge problem's profile: how its input is written and exactly how it wants
# answers (docs/profiles.md has every key; samples/poj2918.in and .out its statement's sample,
# samples/PROVENANCE.md where the statement was read).

id = poj2918
aliases = boj7517
title = Tudoku
url = http://poj.org/problem?id=2918
summary = POJ 2918 Tudoku: count, 9x9 digit rows, "Scenario #i:" + blank line after
task = solve

# input
grammar = packed
side = 9
count-line = yes
separator = blank
blank = 0

# output
style = packed
framing = after
output-separator = blank
header = Scenario #{case}:

# what the statement promises of its input
kinds = unique
