/* cmd_solve.c -- placeholder; the solve command is being written. */
#include "cli.h"

#include <stdio.h>

int ojd_cmd_solve(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    ojd_cli_fail("solve: not implemented yet");
    return OJD_EXIT_USAGE;
}

int ojd_cmd_solvers(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    for (const ojd_solver *const *s = ojd_solver_list(); *s; s++)
        printf("%-8s %s\n", (*s)->name, (*s)->summary);
    return OJD_EXIT_OK;
}

int ojd_cmd_formats(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    return OJD_EXIT_OK;
}
