/*
 * main.c -- ojdoku's entry point: picks the subcommand and hands it the rest of argv.
 * Without a subcommand name the arguments go to `solve`, so `ojdoku < in > out` just works.
 */
#include "cli.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

typedef struct command {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
} command;

static const command commands[] = {
    {"solve", ojd_cmd_solve, "solve every puzzle of FILEs (default command)"},
    {"generate", ojd_cmd_generate, "make puzzles with a unique solution, or solved grids"},
    {"rate", ojd_cmd_rate, "grade puzzles by the techniques a human needs"},
    {"solvers", ojd_cmd_solvers, "list the solvers"},
    {"formats", ojd_cmd_formats, "list the judge profiles"},
    {NULL, NULL, NULL},
};

void ojd_cli_fail(const char *fmt, ...)
{
    va_list ap;
    fputs("ojdoku: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

void ojd_cli_diagnose(const char *file, const ojd_error *err, const char *kind)
{
    fprintf(stderr, "ojdoku: %s:%ld:%ld: %s: %s\n", file, err->line, err->col, kind, err->message);
}

void ojd_cli_print_commands(FILE *out)
{
    for (const command *c = commands; c->name; c++)
        fprintf(out, "  %-10s %s\n", c->name, c->summary);
}

int main(int argc, char **argv)
{
    if (argc > 1)
        for (const command *c = commands; c->name; c++)
            if (strcmp(argv[1], c->name) == 0)
                return c->run(argc - 1, argv + 1);
    return ojd_cmd_solve(argc, argv);
}
