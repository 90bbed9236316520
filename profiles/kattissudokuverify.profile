# kattissudokuverify
#
# The judge problem's profile: how its input is written and exactly how it wants
# answers (docs/profiles.md has every key; samples/kattissudokuverify.in and .out its statement's sample,
# samples/PROVENANCE.md where the statement was read).

id = kattissudokuverify
title = Sudoku Verify
url = https://open.kattis.com/problems/sudokuverify
summary = Kattis sudokuverify: a complete 9x9 grid; VALID or INVALID!
task = validity
method = complete

# input
grammar = spaced
side = 9
count-line = no
blank = 0

# output
style = verdict
framing = none
verdict-line = {word}
word-unique = VALID
word-conflict = INVALID!
# Kattis judges with its default output validator (problemtools' default_validator: tokens,
# whitespace free, letters in any case unless the problem's validator flags say case_sensitive;
# the statement names no custom validator, so none is assumed)
word-case = insensitive

# what the statement promises of its input
kinds = unique conflict
max-cases = 1
blanks = none
