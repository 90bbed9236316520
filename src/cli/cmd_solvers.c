/*
 * cmd_solvers.c -- `ojdoku solvers`: the solvers --solver can name (the library's registry), one
 * line each: name and summary.
 */
#include "cli.h"

#include <stdio.h>

int cmd_solvers(int argc, char **argv)
{
    int status = cli_parse_help_only(argc, argv,
                                     "Usage: ojdoku solvers\n"
                                     "List the solvers for --solver, one per line: name and "
                                     "summary.\n"
                                     "\n"
                                     "Options:\n"
                                     "  -h, --help            print this help and exit\n");
    if (status >= 0)
        return status;
    for (const ojd_solver *const *s = ojd_solver_list(); *s; s++)
        printf("%-8s %s\n", ojd_solver_name(*s), ojd_solver_summary(*s));
    return CLI_EXIT_OK;
}
