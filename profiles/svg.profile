# svg
#
# A profile of ojdoku's own, no judge's (docs/profiles.md has every key).
#
# For statements and puzzle books: a case as one SVG document (svg.c draws it), the puzzle and
# its solution; one document per stream, so one case per file (`--output-dir`).

id = svg
summary = a figure: one SVG document per case; input in any grammar
task = solve

# input
grammar = auto
side = any
count-line = optional
blank = .

# output
style = svg
framing = none

# what the statement promises of its input
kinds = unique multiple
