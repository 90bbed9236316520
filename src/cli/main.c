/*
 * main.c -- ojdoku's entry point: picks the subcommand and hands it the rest of argv.
 * Without a subcommand name the arguments go to `solve`, so `ojdoku < in > out` just works.
 * `ojdoku --help` is the overview (every command, the solve options); each command has its own
 * --help.  `ojdoku help [COMMAND]` and `ojdoku version` are the same as `ojdoku [COMMAND] --help`
 * and `ojdoku --version`.  Every help text fits 80 columns (tests/install/check.sh checks it).
 *
 * The commands are the rows of commands.def, each in its cmd_NAME.c; what they share is in
 * cli.c (cli.h), the command table with them.  Here: the dispatch, `help` and `version`, and the
 * standard streams.
 *
 * Standard streams, for every command (gnulib's stdopen and close_stdout):
 *  - at start-up a closed fd 0, 1 or 2 (`>&-`) is occupied by /dev/null, opened so that using it
 *    fails (fd 0 write-only, fd 1 and 2 read-only).  Otherwise the first file a command opens
 *    (generate's --answers FILE) would get that number, and what the command meant for stdout or
 *    stderr would land in the file; now writing to a closed stdout is a write error like any other.
 *  - every command ends through cli_close_stdout() (cli.c): standard output is flushed and
 *    closed, and a failure the command did not report itself is "ojdoku: write error: REASON",
 *    exit 2 (a command that did, such as check in its convention's terms, keeps its status).
 *    So the listings, --help and --version cannot fail silently either.
 */
#include "cli.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* The overview: what `ojdoku --help` prints.  The solve options are repeated here because solve
 * is the default command; 'ojdoku solve --help' has the details. */
static void overview(FILE *out)
{
    fputs("Usage: ojdoku [solve] [OPTIONS] [FILE...]\n"
          "       ojdoku COMMAND [OPTIONS] [ARGS...]\n"
          "       ojdoku help [COMMAND]      the same as 'ojdoku [COMMAND] --help'\n"
          "       ojdoku version             the same as 'ojdoku --version'\n"
          "Solve every Sudoku puzzle of FILEs (or standard input, also '-') and write the\n"
          "answers on standard output in an online judge's exact format.  The input format\n"
          "is detected; without --format the output mirrors the input.\n"
          "\n"
          "Commands ('ojdoku COMMAND --help' for each):\n",
          out);
    cli_print_commands(out);
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

static bool is_help(const char *arg)
{
    return strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0;
}

/* `ojdoku help [COMMAND]`: the overview, or `ojdoku COMMAND --help`. */
static int help_command(int argc, char **argv)
{
    if (argc > 2) {
        cli_fail("help: unexpected argument '%s' (see 'ojdoku --help')", argv[2]);
        return CLI_EXIT_USAGE;
    }
    if (argc < 2 || is_help(argv[1]) || strcmp(argv[1], "help") == 0) {
        overview(stdout);
        return CLI_EXIT_OK;
    }
    if (strcmp(argv[1], "version") == 0) {
        puts("Usage: ojdoku version\n"
             "Print the version (the same as 'ojdoku --version') and exit.");
        return CLI_EXIT_OK;
    }
    const cli_command *c = cli_find_command(argv[1]);
    if (c) {
        char *args[] = {argv[1], (char *)"--help", NULL};
        return c->run(2, args);
    }
    const char *nearest = cli_nearest_command(argv[1]);
    if (nearest)
        cli_fail("help: unknown command '%s' (did you mean '%s'? see 'ojdoku --help')", argv[1],
                 nearest);
    else
        cli_fail("help: unknown command '%s' (see 'ojdoku --help')", argv[1]);
    return CLI_EXIT_USAGE;
}

/* Runs the command argv names (solve when it names none); returns its exit status. */
static int run_command(int argc, char **argv)
{
    if (argc > 1 && is_help(argv[1])) {
        overview(stdout);
        return CLI_EXIT_OK;
    }
    if (argc > 1 && strcmp(argv[1], "help") == 0)
        return help_command(argc - 1, argv + 1);
    if (argc > 1 && strcmp(argv[1], "version") == 0) {
        if (argc > 2) {
            cli_fail("version: unexpected argument '%s' (see 'ojdoku --help')", argv[2]);
            return CLI_EXIT_USAGE;
        }
        char *args[] = {argv[0], (char *)"--version", NULL};
        return cmd_solve(2, args);
    }
    const cli_command *c = argc > 1 ? cli_find_command(argv[1]) : NULL;
    if (c)
        return c->run(argc - 1, argv + 1);
    /* a word that is no file but a typo of a command ("ojdoku slove") is that typo, not a
     * puzzle file solve cannot open */
    const char *nearest = argc > 1 && argv[1][0] != '-' ? cli_nearest_command(argv[1]) : NULL;
    if (nearest && access(argv[1], F_OK) != 0 && errno == ENOENT) {
        cli_fail("unknown command '%s' (did you mean '%s'? see 'ojdoku --help')", argv[1],
                 nearest);
        return CLI_EXIT_USAGE;
    }
    /* alone at a terminal it would wait in silence for puzzles: say what it waits for */
    if (argc == 1 && isatty(STDIN_FILENO))
        fputs("ojdoku: reading puzzles from standard input (end with Ctrl-D; 'ojdoku --help' "
              "for usage)\n", stderr);
    return cmd_solve(argc, argv);
}

/* Occupies every closed standard descriptor with /dev/null, opened the way that makes its use
 * fail.  false when /dev/null cannot be opened. */
static bool occupy_standard_fds(void)
{
    for (int fd = STDIN_FILENO; fd <= STDERR_FILENO; fd++) {
        if (fcntl(fd, F_GETFD) != -1 || errno != EBADF)
            continue;
        /* the lower descriptors are open by now, so open() returns fd itself */
        int got = open("/dev/null", fd == STDIN_FILENO ? O_WRONLY : O_RDONLY);
        if (got != fd) {
            if (got >= 0)
                close(got);
            return false;
        }
    }
    return true;
}

int main(int argc, char **argv)
{
    if (!occupy_standard_fds()) {
        cli_fail("cannot open /dev/null: %s", strerror(errno));
        return CLI_EXIT_USAGE;
    }
    return cli_close_stdout(run_command(argc, argv));
}
