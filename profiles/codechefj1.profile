# codechefj1
#
# CodeChef J1 "SudokuX" (November Challenge 2009): "the numbers must only occur once in each of
# the two diagonals".
# Input: "The first line contains t, the number of test cases (about 10) ... Each test case
# consists of 9 lines. Each line contains 9 characters '.' (blank grid), or '1'..'9' ... Each
# test case is separated by a blank line. You are guaranteed that each given SudokuX puzzle has a
# unique solution."
# Output: "the solution in the same format as the input. Print a blank line after each test
# case."  The page's sample shows no blank line after the last case (a comment under it says so);
# the statement's rule is followed: one after every case, the last one included.

id = codechefj1
title = SudokuX
url = https://www.codechef.com/problems/J1
summary = CodeChef J1 SudokuX: count, X-Sudoku digit rows, '.' blanks; blank line after each
task = solve

# input
grammar = packed
side = 9
count-line = yes
separator = blank
blank = .
variant = x

# output
style = packed
framing = after
output-separator = blank

# what the statement promises of its input
kinds = unique
