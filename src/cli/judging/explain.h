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
 * Writes the view of report's wrong case on out, each line after indent: the checker's message
 * when heading is set, then puzzle, program's grid and what format's rules expect (a solution,
 * or the profile's word in quotes), side by side within 100 columns.  Marks: a changed given
 * ('*'), or the two cells repeating a value ('*') and their unit ('<' after a row, '^' under a
 * column); else the first cell that differs.  colour: ANSI colours.  Writes nothing unless
 * report->verdict is OJD_VERDICT_WRONG with a failed_case.
 */
void cli_explain(FILE *out, const ojd_check_report *report, const ojd_profile *format,
                 bool heading, bool colour, const char *indent);

#endif
