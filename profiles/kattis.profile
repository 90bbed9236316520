# kattis
#
# The judge problem's profile: how its input is written and exactly how it wants
# answers (docs/profiles.md has every key; samples/kattis.in and .out its statement's sample,
# samples/PROVENANCE.md where the statement was read).
#
# "up to 100 boards"

id = kattis
aliases = kattissudokunique
title = Unique Sudoku
url = https://open.kattis.com/problems/sudokunique
summary = Kattis sudokunique: grid, "Non-unique" or "Find another job"
task = solve

# input
grammar = spaced
side = 9
count-line = no
separator = blank
blank = 0

# output
style = spaced
framing = between
output-separator = blank
unique = yes
word-multiple = Non-unique
word-unsolvable = Find another job
word-conflict = Find another job
# Kattis judges with its default output validator (problemtools' default_validator: tokens,
# whitespace free, letters in any case unless the problem's validator flags say case_sensitive;
# the statement names no custom validator, so none is assumed)
word-case = insensitive

# what the statement promises of its input
kinds = all
max-cases = 100
