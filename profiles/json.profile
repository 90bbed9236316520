# json
#
# A profile of ojdoku's own, no judge's (docs/profiles.md has every key).
#
# For scripts: every case, malformed ones included, as one JSON object per line (writer.c has
# the schema).  unique: solutions are counted up to 2, so "solved" means exactly one.
#
# a status for every case

id = json
summary = one JSON object per line per case, for scripts; input in any grammar
task = solve

# input
grammar = auto
side = any
count-line = optional
blank = .

# output
style = json
framing = none
unique = yes

# what the statement promises of its input
kinds = all
