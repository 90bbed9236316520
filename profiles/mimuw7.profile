# mimuw7
#
# The judge problem's profile: how its input is written and exactly how it wants
# answers (docs/profiles.md has every key; samples/mimuw7.in and .out its statement's sample,
# samples/PROVENANCE.md where the statement was read).

id = mimuw7
title = Zadanie 7 (sudoku)
url = https://www.mimuw.edu.pl/~janusz/dydaktyka/2005-2006/zsi_lab_pascala_i_c/zadania/zad7/
summary = MIMUW lab task 7: 9 digit rows; the grid if unique, else "Liczba rozwiazan: N"
task = count

# input
grammar = packed
side = 9
count-line = no
blank = 0

# output
style = packed
framing = none
word-multiple = Liczba rozwiazan: {count}
word-unsolvable = Liczba rozwiazan: {count}
word-conflict = Liczba rozwiazan: {count}
# the lab's tests compare the output as written
word-case = sensitive

# what the statement promises of its input
kinds = all
max-cases = 1
