/*
 * explain.h -- the side-by-side view of a wrong answer (`ojdoku judge`, `ojdoku stress`,
 * `ojdoku check --explain`): the case's puzzle, the program's grid and a correct solution, with
 * what is wrong marked.
 */
#ifndef CLI_EXPLAIN_H
#define CLI_EXPLAIN_H

#include "ojdoku.h"

#include <stdbool.h>
#include <stdio.h>

/*
 * Writes the view of report's wrong case on out, each line starting with indent: a heading with
 * the checker's message when heading is set, then the three grids (side by side when they fit
 * 100 columns, else one under the other).  Marks, in the program's grid: a given it changed
 * ('*' in all three grids), or the two cells that repeat a value ('*') and their unit ('<' after
 * its rows, '^' under its columns); for a valid grid that is still wrong (not the smallest
 * solution), the first cell where it differs from the solution.  colour adds ANSI colours to the
 * marked cells.  format is the profile the check used (NULL: mirror); the third grid is what its
 * rules expect: the profile's word for the outcome where it has one ("Non-unique", shown in
 * quotes instead of a grid), else a solution (the smallest for uva989).  Writes nothing unless
 * report->verdict is OJD_VERDICT_WRONG with a failed_case.
 */
void cli_explain(FILE *out, const ojd_check_report *report, const ojd_format *format,
                 bool heading, bool colour, const char *indent);

#endif
