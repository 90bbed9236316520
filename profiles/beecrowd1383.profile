# beecrowd1383
#
# The judge problem's profile: how its input is written and exactly how it wants
# answers (docs/profiles.md has every key; samples/beecrowd1383.in and .out its statement's sample,
# samples/PROVENANCE.md where the statement was read).

id = beecrowd1383
aliases = spojbrsudoime
title = Sudoku
url = https://www.beecrowd.com.br/repository/UOJ_1383_en.html
summary = beecrowd 1383: count, complete 9x9 grids; "Instancia k", SIM or NAO, blank line
task = validity
method = complete

# input
grammar = spaced
side = 9
count-line = yes
blank = 0

# output
style = verdict
framing = after
output-separator = blank
header = Instancia {case}
verdict-line = {word}
word-unique = SIM
word-conflict = NAO
# beecrowd compares the output as written
word-case = sensitive

# what the statement promises of its input
kinds = unique conflict
blanks = none
