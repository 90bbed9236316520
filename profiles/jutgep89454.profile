# jutgep89454
#
# The judge problem's profile: how its input is written and exactly how it wants
# answers (docs/profiles.md has every key; samples/jutgep89454.in and .out its statement's
# sample, samples/PROVENANCE.md where the statement was read).
#
# One 9x9 grid drawn with " | " between boxes and a line of 21 dashes between bands, '0'
# blanks; every solution in lexicographic order, each drawn the same way and followed by an
# empty line, or "-1" when there is none.
#
# "print all the possible solutions of the given sudoku, in lexicographical order, and each one
# with a line in white in the end. It must print "-1" if there is not any possible solution."

id = jutgep89454
title = Sudoku (1)
url = https://jutge.org/problems/P89454_en
summary = Jutge.org P89454: one framed 9x9 grid; every solution in lexicographic order, or -1
task = all

# input
grammar = spaced
side = 9
count-line = no
blank = 0
max-cases = 1

# output
style = pretty
band-rule = dashes
framing = after
output-separator = blank
word-unsolvable = -1

# what the statement promises of its input ("there will not be any repeated number")
kinds = unique multiple unsolvable
