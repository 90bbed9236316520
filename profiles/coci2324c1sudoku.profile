# coci2324c1sudoku
#
# COCI 2023/2024, Contest #1, task "Sudoku" (DMOJ coci23c1p1, BOJ 30649, Luogu P9903): "For a
# given not yet finished sudoku grid, determine if there is a mistake in it.  Note: It is not
# necessary to check whether the sudoku grid is solvable."  Input: "The characters |, - and +
# frame the 3 x 3 subgrids.  The character . represents an empty cell.  All the other characters
# in the input will be digits from 1 to 9."  Output: "Output the word GRESKA if there is a mistake
# in the sudoku board. Otherwise, output the word OK."  (The Croatian original and some mirrors
# write GREŠKA; DMOJ, BOJ and Luogu, whose judges compare the bytes, write GRESKA, as the sample
# outputs do everywhere.)  Luogu adds: "the positions of -, |, + are the same as in the sample".
# samples/coci2324c1sudoku.in, _2 and _3 are its three samples; samples/PROVENANCE.md says where
# they were read.

id = coci2324c1sudoku
aliases = dmojcoci23c1p1 boj30649 luogu9903
title = Sudoku
url = https://dmoj.ca/problem/coci23c1p1
summary = COCI 2023/24 #1 Sudoku: one framed grid, '.' blanks; OK, or GRESKA if a given repeats
task = validity
method = givens

# input
grammar = packed
side = 9
count-line = no
blank = .
frame = yes

# output
style = verdict
framing = none
verdict-line = {word}
word-unique = OK
word-conflict = GRESKA
word-case = sensitive

# what the statement promises of its input
kinds = all
max-cases = 1
