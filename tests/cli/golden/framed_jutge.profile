# Jutge.org P89454 "Sudoku (1)"'s framing (jutge.org/problems/P89454_en), for the golden case
# framed_jutge_profile: the grid as the input draws it, " | " between boxes and a line of
# dashes as wide as a row between bands, then an empty line.  Not the problem's profile: the
# statement asks for every solution in lexicographic order and "-1" for none, a task ojdoku
# does not have yet (issue #40); a unique puzzle's answer is the same bytes.
id = jutgeframed
style = pretty
band-rule = dashes
framing = after
output-separator = blank
