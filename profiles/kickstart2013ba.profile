# kickstart2013ba
#
# Google Kick Start 2013 Round B (the APAC test of the time), Problem A "Sudoku Checker":
# "Given a completed N^2 x N^2 Sudoku matrix, your task is to determine whether it is a valid
# solution ... Each row contains each number from 1 to N^2, once each" (and each column, and each
# of the N^2 N x N sub-matrices).  Input: "The first line of the input gives the number of test
# cases, T. T test cases follow. Each test case starts with an integer N. The next N^2 lines
# describe a completed Sudoku solution, with each line contains exactly N^2 integers. All input
# integers are positive and less than 1000."  Output: "Case #x: y ... y is "Yes" ... if it is a
# valid solution, or "No" ... Note that the judge is case-sensitive".  Limits: 1 <= T <= 100,
# 3 <= N <= 6 (the small dataset N = 3).  The sample's third grid holds a 999: "No", so a number
# outside 1..N^2 is a no (values), not a malformed case.  ACdream 1195 is the same statement.
# samples/kickstart2013ba.in and .out are its sample; samples/PROVENANCE.md says where it was read.

id = kickstart2013ba
aliases = acdream1195
title = Sudoku Checker
url = https://code.google.com/codejam/contest/2929486/dashboard#s=p0
summary = Kick Start 2013 B-A: count, box size N, N^2 rows of numbers; Case #x: Yes/No
task = validity
method = complete

# input
grammar = spaced
side = any
count-line = yes
size-prefix = yes
values = 1..999

# output
style = verdict
framing = none
verdict-line = Case #{case}: {word}
word-unique = Yes
word-conflict = No
word-case = sensitive

# what the statement promises of its input
kinds = unique conflict
max-cases = 100
blanks = none
sides = 9..36
