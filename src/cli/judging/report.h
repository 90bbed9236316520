/*
 * report.h -- the HTML report of `ojdoku judge --package DIR --report FILE.html`: one
 * self-contained file (no script, no network, no file beside it) with the invocation matrix,
 * the times as a small chart, and each failing run with the command that reproduces it; a wrong
 * case is drawn as SVG figures side by side (the puzzle, a correct solution, the program's grid
 * with the cells that differ marked), made by the library's svg profile.
 */
#ifndef CLI_REPORT_H
#define CLI_REPORT_H

#include "matrix.h"

/* Writes the report of m to path; false after saying why. */
bool cli_report_html(const cli_matrix *m, const char *path);

#endif
