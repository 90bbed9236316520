# spojhs12disu
#
# SPOJ HS12DISU "O-Diagonal sudoku" (High School Programming League 2012/13): an X-Sudoku, "each
# of the two diagonals must contain all the different numbers from 1 to 9".
# Input: "nine characters in nine rows ... Unknown fields in sudoku are represented with dots".
# Output: "Print your solution in the same format as in the input ... ours can have multiple
# solutions. You are allowed to print any of them. For every test case at least one solution
# exists."  samples/spojhs12disu.in and .out are its sample; samples/PROVENANCE.md says where it
# was read.

id = spojhs12disu
title = O-Diagonal sudoku
url = https://www.spoj.com/problems/HS12DISU/
summary = SPOJ HS12DISU: one X-Sudoku of 9 rows, '.' blanks; any solution
task = solve

# input
grammar = packed
side = 9
count-line = no
blank = .
variant = x

# output
style = packed
framing = none

# what the statement promises of its input
kinds = unique multiple
max-cases = 1
