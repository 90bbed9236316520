# grid
#
# A profile of ojdoku's own, no judge's (docs/profiles.md has every key).

id = grid
summary = human-readable grid with box rules; input in any grammar
task = solve

# input
grammar = auto
side = any
count-line = optional
blank = .

# output
style = pretty
framing = between
output-separator = blank

# what the statement promises of its input
kinds = unique multiple
