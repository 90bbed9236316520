# codingamekillersudokusolver
#
# CodinGame "Killer Sudoku Solver" (by odaxav, medium): one killer Sudoku, "The cages are
# represented in a 9x9 grid with an identifier from a to z and A to Z".
# Input: "First 9 lines: First 9 characters: the sudoku grid with empty cells represented by .
# character, Last 9 characters: cage ID for each of the nine cells in this row of the sudoku
# grid.  Line 10: The list of the cages with sum of the cells cage ID=value".
# Output: "9 lines: Solution for the sudoku".  "Each test case has only one solution".
# samples/codingamekillersudokusolver.in and .out are its first test case, which the statement
# shows; samples/PROVENANCE.md says where it was read.

id = codingamekillersudokusolver
title = Killer Sudoku Solver
url = https://www.codingame.com/training/medium/killer-sudoku-solver
summary = CodinGame Killer Sudoku Solver: 9 rows of GRID CAGES, then ID=SUM pairs
task = solve

# input
grammar = packed
side = 9
count-line = no
blank = .
variant = killer

# output
style = packed
framing = none

# what the statement promises of its input
kinds = unique
max-cases = 1
