/*
 * main.c -- ojdoku's entry point: picks the subcommand and hands it the rest of argv.
 * Without a subcommand name the arguments go to `solve`, so `ojdoku < in > out` just works.
 * `ojdoku --help` is the overview (every command, the solve options); each command has its own
 * --help.  Every help text fits 80 columns (tests/install/check.sh checks it).
 */
#include "cli.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
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
    {"check", ojd_cmd_check, "judge a contestant's answers (special judge)"},
    {"validate", ojd_cmd_validate, "say whether grids repeat a value in a unit"},
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

bool ojd_cli_parse_number(const char *text, unsigned long long max, unsigned long long *value)
{
    char *end;
    if (!text || *text < '0' || *text > '9') /* strtoull would accept a sign or spaces */
        return false;
    errno = 0;
    *value = strtoull(text, &end, 10);
    return errno == 0 && *end == '\0' && *value <= max;
}

void ojd_cli_print_commands(FILE *out)
{
    for (const command *c = commands; c->name; c++)
        fprintf(out, "  %-10s %s\n", c->name, c->summary);
}

/* The overview: what `ojdoku --help` prints.  The solve options are repeated here because solve
 * is the default command; 'ojdoku solve --help' has the details. */
static void overview(FILE *out)
{
    fputs("Usage: ojdoku [solve] [OPTIONS] [FILE...]\n"
          "       ojdoku COMMAND [OPTIONS] [ARGS...]\n"
          "Solve every Sudoku puzzle of FILEs (or standard input, also '-') and write the\n"
          "answers on standard output in an online judge's exact format.  The input format\n"
          "is detected; without --format the output mirrors the input.\n"
          "\n"
          "Commands ('ojdoku COMMAND --help' for each):\n",
          out);
    ojd_cli_print_commands(out);
    fputs("\n"
          "Options of solve, the default command:\n"
          "  -f, --format=NAME     judge profile NAME ('ojdoku formats'), or json\n"
          "  -s, --solver=NAME     solver NAME ('ojdoku solvers'; default auto)\n"
          "  -c, --count[=N]       count solutions up to N (default 2), print the count\n"
          "      --max-nodes=N     give up a puzzle after N search nodes\n"
          "      --timeout=SECONDS give up a puzzle after SECONDS\n"
          "  -j, --jobs=N          solve with N threads (0: one per core), output in order\n"
          "  -q, --quiet           no progress line on a terminal\n"
          "      --stats           print totals and per-puzzle costs on stderr at the end\n"
          "  -h, --help            print this help and exit\n"
          "  -V, --version         print the version and exit\n"
          "\n"
          "Exit status of solve: 0 every puzzle answered; 1 some puzzle malformed,\n"
          "unsolvable, ambiguous where the profile needs a unique answer, or stopped by a\n"
          "limit; 2 usage or I/O error.  'ojdoku check' exits with the judge's codes.\n"
          "\n"
          "Examples:\n"
          "  ojdoku < poj3074.in                     mirror the input's format\n"
          "  ojdoku --format poj2918 scenarios.in    'Scenario #i:' headers\n"
          "  ojdoku --format uva10957 boards.in      'Case N: Unique.' verdicts\n"
          "  ojdoku generate -n 10 --format poj2676 --answers t.out > t.in\n"
          "  ojdoku check --format poj2676 t.in contestant.out t.out\n"
          "\n"
          "The manual: man ojdoku.\n",
          out);
}

/* `solvers` and `formats` take no argument but --help.  Returns -1 to go on, else the exit
 * status. */
static int listing_args(int argc, char **argv, const char *what)
{
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            printf("Usage: ojdoku %s\n"
                   "List the %s, one per line: name and summary.\n"
                   "\n"
                   "Options:\n"
                   "  -h, --help            print this help and exit\n",
                   argv[0], what);
            return OJD_EXIT_OK;
        }
        if (argv[i][0] == '-')
            ojd_cli_fail("%s: unknown option '%s' (see 'ojdoku %s --help')", argv[0], argv[i],
                         argv[0]);
        else
            ojd_cli_fail("%s: unexpected argument '%s'", argv[0], argv[i]);
        return OJD_EXIT_USAGE;
    }
    return -1;
}

int main(int argc, char **argv)
{
    if (argc > 1 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
        overview(stdout);
        return fflush(stdout) == 0 && !ferror(stdout) ? OJD_EXIT_OK : OJD_EXIT_USAGE;
    }
    if (argc > 1 && (strcmp(argv[1], "solvers") == 0 || strcmp(argv[1], "formats") == 0)) {
        int st = listing_args(argc - 1, argv + 1,
                              argv[1][0] == 's' ? "solvers for --solver"
                                                : "judge profiles for --format");
        if (st >= 0)
            return st;
    }
    if (argc > 1)
        for (const command *c = commands; c->name; c++)
            if (strcmp(argv[1], c->name) == 0)
                return c->run(argc - 1, argv + 1);
    return ojd_cmd_solve(argc, argv);
}
