/*
 * cmd_validate.c -- `ojdoku validate`: LeetCode 36 / AtCoder ABC 327 C, does any value repeat in
 * a row, column or box of each grid (and, with --complete, is every cell filled).  No solving:
 * one verdict line per grid on stdout.  Inputs are read as solve reads them.
 */
#include "cli.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <string.h>

static void validate_usage(FILE *out)
{
    fputs("Usage: ojdoku validate [OPTIONS] [FILE...]\n"
          "Check every grid of FILEs (or standard input, also '-') as LeetCode 36 and\n"
          "AtCoder ABC 327 C do: no value may repeat in a row, column or box, so the\n"
          "givens are consistent and a complete grid is a correct solution.  One line\n"
          "per grid on standard output: 'valid' (a complete grid), 'valid (incomplete:\n"
          "45 blanks)' (consistent, with blanks left), 'invalid: row 2 repeats 8' (rows,\n"
          "columns and boxes count from 1, boxes row by row), or 'malformed' (the\n"
          "reason goes to standard error).\n"
          "\n"
          "Options:\n"
          "      --complete      every cell must be filled: a grid with blanks is\n"
          "                      'invalid: incomplete (45 blanks)'\n"
          "  -f, --format=NAME   read the judge profile NAME (default: detect)\n"
          "  -h, --help          print this help and exit\n"
          "\n"
          "Exit status: 0 every grid valid, 1 some grid invalid or malformed,\n"
          "2 usage or I/O error (such as a file that cannot be read).\n",
          out);
}

/* What validate_stream() needs besides the stream. */
typedef struct validate_run {
    const ojd_format *format;
    bool complete; /* --complete: a grid with blanks is invalid */
    int status;    /* the highest exit status met */
} validate_run;

static void validate_raise(validate_run *run, int status)
{
    if (status > run->status)
        run->status = status;
}

/* Validates every grid of one stream.  false on an I/O error (already reported). */
static bool validate_stream(validate_run *run, FILE *in, const char *file)
{
    ojd_reader *reader = ojd_reader_new(in, file, run->format);
    if (!reader) {
        cli_fail("out of memory");
        return false;
    }
    bool ok = true;
    for (;;) {
        ojd_puzzle pz;
        ojd_error err, warning;
        ojd_status st = ojd_reader_next(reader, &pz, &err);
        int read_errno = errno;
        while (ojd_reader_warning(reader, &warning))
            cli_diagnose(file, &warning, "warning");
        if (st == OJD_END)
            break;
        if (st == OJD_ERR_PARSE) {
            cli_diagnose(file, &err, "error");
            puts("malformed");
            validate_raise(run, CLI_EXIT_UNANSWERED);
            continue;
        }
        if (st != OJD_OK) {
            cli_fail("%s: %s", file,
                     st == OJD_ERR_IO && read_errno ? strerror(read_errno) : ojd_strerror(st));
            ok = false;
            break;
        }
        char why[128];
        int cells = pz.board.side * pz.board.side, blanks = 0;
        for (int i = 0; i < cells; i++)
            blanks += pz.board.cell[i] == 0;
        if (!ojd_check_grid(&pz.board, why, sizeof why)) {
            printf("invalid: %s\n", why);
            validate_raise(run, CLI_EXIT_UNANSWERED);
        } else if (blanks == 0) {
            puts("valid");
        } else if (run->complete) {
            printf("invalid: incomplete (%d blank%s)\n", blanks, blanks == 1 ? "" : "s");
            validate_raise(run, CLI_EXIT_UNANSWERED);
        } else {
            printf("valid (incomplete: %d blank%s)\n", blanks, blanks == 1 ? "" : "s");
        }
    }
    ojd_reader_free(reader);
    return ok;
}

int cmd_validate(int argc, char **argv)
{
    static const struct option longs[] = {
        {"complete", no_argument, NULL, 'C'},
        {"format", required_argument, NULL, 'f'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    validate_run run = {.status = CLI_EXIT_OK};
    int c;
    char why[CLI_MESSAGE_SIZE];
    opterr = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, ":f:h", longs, NULL)) != -1) {
        switch (c) {
        case 'C':
            run.complete = true;
            break;
        case 'f':
            run.format = cli_find_format(optarg, why, sizeof why);
            if (!run.format) {
                cli_fail("%s", why);
                return CLI_EXIT_USAGE;
            }
            break;
        case 'h':
            validate_usage(stdout);
            return CLI_EXIT_OK;
        case ':':
        default:
            return cli_option_error("validate", longs, c, optopt, optind, argv);
        }
    }
    bool io_ok = true;
    if (optind >= argc)
        io_ok = validate_stream(&run, stdin, "<stdin>");
    for (int i = optind; io_ok && i < argc; i++) {
        const char *name;
        FILE *in = cli_open_input(argv[i], &name);
        if (!in) { /* as solve: say so, go on with the next file, exit 2 at the end */
            cli_fail("%s: %s", argv[i], strerror(errno));
            validate_raise(&run, CLI_EXIT_USAGE);
            continue;
        }
        io_ok = validate_stream(&run, in, name);
        cli_close_input(in);
    }
    int status = run.status;
    if (fflush(stdout) != 0 || ferror(stdout)) {
        cli_fail("write error: %s", strerror(errno ? errno : EIO));
        io_ok = false;
    }
    return io_ok ? status : CLI_EXIT_USAGE;
}
