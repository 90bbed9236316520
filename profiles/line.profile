# line
#
# A profile of ojdoku's own, no judge's (docs/profiles.md has every key).
#
# answered with a solution; no words for the others

id = line
summary = one puzzle per line (81/256/625 characters); input in any grammar
task = solve

# input
grammar = auto
side = any
count-line = optional
blank = .

# output
style = line
framing = none

# what the statement promises of its input
kinds = unique multiple
