/*
 * report.h -- the HTML report of `ojdoku judge --package DIR --report FILE.html` (and of
 * `ojdoku stress --report FILE.html`, a matrix of one program): one
 * self-contained file (no script, no network, no file beside it) with the invocation matrix,
 * the times as a small chart, and each failing run with the command that reproduces it; a wrong
 * case is drawn as SVG figures side by side (the puzzle, a correct solution, the program's grid
 * with the cells that differ marked), made by the library's svg profile.
 */
#ifndef CLI_REPORT_H
#define CLI_REPORT_H

#include "matrix.h"

/* Writes the report of m to path, as `ojdoku judge` heads it; false after saying why. */
bool cli_report_html(const cli_matrix *m, const char *path);

/* What a report says above its matrix: the command it is of ("stress": in the title and the
 * messages), its heading and its summary line (plain text, escaped when written). */
typedef struct cli_report_text {
    const char *command;
    const char *heading;
    const char *summary;
} cli_report_text;

/* Writes the report of m with text to path; false after saying why.  A submission with argv
 * is a program named on the command line: its failing runs' commands run it as it is. */
bool cli_report_html_text(const cli_matrix *m, const cli_report_text *text, const char *path);

#endif
