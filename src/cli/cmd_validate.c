/*
 * cmd_validate.c -- `ojdoku validate`: LeetCode 36 / AtCoder ABC 327 C, does any value repeat in
 * a row, column or box of each grid (and, with --complete, is every cell filled).  No solving:
 * one verdict line per grid on stdout.  Inputs are read as solve reads them (cli_each_input).
 * With --input, each FILE is instead checked whole as a test input in the judge's exact grammar
 * (ojd_validate_input(): testlib's and Polygon's validators), one summary line per file.
 */
#include "cli.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#define DEFAULT_MAX_NODES 10000000UL /* --input: the search budget per case for its promises */

static void validate_usage(FILE *out)
{
    fputs("Usage: ojdoku validate [OPTIONS] [FILE...]\n"
          "       ojdoku validate --input --format=NAME [FILE...]\n"
          "Check every grid of FILEs (or standard input, also '-') as LeetCode 36 and\n"
          "AtCoder ABC 327 C do: no value may repeat in a row, column or box, so the\n"
          "givens are consistent and a complete grid is a correct solution.  One line\n"
          "per grid on standard output, naming it: 'FILE: case 1: valid' (a complete\n"
          "grid), '... valid (incomplete: 45 blanks)' (consistent, with blanks left),\n"
          "'... invalid: row 2 repeats 8' (rows, columns and boxes count from 1, boxes\n"
          "row by row), or '... malformed' (the reason goes to standard error).\n"
          "With --input, check instead that each FILE is a test input exactly as judge\n"
          "NAME's statement writes it (a validator, as testlib's and Polygon's): the\n"
          "count line, row widths, the judge's blank and alphabet, separators, 'end',\n"
          "a final newline, no CR, tab or trailing space, and the statement's bounds\n"
          "(cases, blanks, sizes, unique or solvable cases where it promises them).\n"
          "Each violation goes to standard error as 'ojdoku: FILE:LINE:COL: error: ...';\n"
          "one line per file on standard output: 'FILE: valid, 12 cases' or 'FILE:\n"
          "invalid, 2 violations in 12 cases'.\n"
          "\n"
          "Options:\n"
          "      --complete      every cell must be filled: a grid with blanks is\n"
          "                      'invalid: incomplete (45 blanks)'\n"
          "      --input         validate test inputs against --format NAME's grammar\n"
          "  -f, --format=NAME   read the judge profile NAME (default: detect)\n"
          "      --box=RxC       every grid has boxes of R rows and C columns (default:\n"
          "                      square boxes, else boxes wider than tall: 6x6 has 2x3)\n"
          "      --variant=LIST  jigsaw, x, windoku, killer (comma-separated to combine):\n"
          "                      the diagonals or windows are units too ('diagonal 1\n"
          "                      repeats 5'); jigsaw: every grid brings its regions;\n"
          "                      killer: its cages ('cage 7 sums to 14, not 15')\n"
          "  -h, --help          print this help and exit\n"
          "\n"
          "Exit status: 0 every grid (with --input: every file) valid, 1 some grid\n"
          "invalid or malformed (some file invalid), 2 usage or I/O error (such as a\n"
          "file that cannot be read).\n",
          out);
}

/* What validate_case() needs besides the case. */
typedef struct validate_run {
    bool complete;            /* --complete: a grid with blanks is invalid */
    int exit_status;
    bool write_failed;        /* stdout failed: write_errno holds the errno of the failed write */
    int write_errno;
} validate_run;

/* The verdict line for one grid the input loop read ("malformed" for a case that cannot be
 * read; anything else it met is reported on stderr).  false when standard output failed: the
 * batch stops there. */
static bool validate_case(void *context, cli_case *c)
{
    validate_run *run = context;
    cli_raise_status(&run->exit_status, cli_report(c));
    /* each line names its grid, as --input's name their file: "t.out: case 2: valid" */
    if (c->kind == CLI_CASE_MALFORMED && c->index > 0) {
        printf("%s: case %lu: malformed\n", c->file, c->index);
    } else if (c->kind == CLI_CASE_MALFORMED) {
        printf("%s: malformed\n", c->file);
    } else if (c->kind == CLI_CASE_PUZZLE) {
        printf("%s: case %lu: ", c->file, c->puzzle.index);
        const ojd_board *board = &c->puzzle.board;
        char why[128];
        int cells = board->side * board->side, blanks = 0;
        for (int i = 0; i < cells; i++)
            blanks += board->cell[i] == 0;
        ojd_conflict conflict;
        if (ojd_board_find_conflict(board, &conflict)) {
            /* in the checker's words, a killer cage's sum too ("cage 7 sums to 14, not 15") */
            ojd_conflict_text(board, &conflict, why, sizeof why);
            printf("invalid: %s\n", why);
            cli_raise_status(&run->exit_status, CLI_EXIT_UNANSWERED);
        } else if (blanks == 0) {
            printf("valid\n");
        } else if (run->complete) {
            printf("invalid: incomplete (%d blank%s)\n", blanks, blanks == 1 ? "" : "s");
            cli_raise_status(&run->exit_status, CLI_EXIT_UNANSWERED);
        } else {
            printf("valid (incomplete: %d blank%s)\n", blanks, blanks == 1 ? "" : "s");
        }
    }
    if (ferror(stdout)) {
        run->write_errno = errno;
        run->write_failed = true;
        return false;
    }
    return true;
}

/* --input: reports each violation of the judge's grammar as a diagnostic. */
static void report_violation(void *ctx, const ojd_error *violation)
{
    cli_diagnose((const char *)ctx, violation, "error");
}

/* --input: validates each operand ("-" or none: standard input) whole as a test input of format
 * (ojd_validate_input()), one summary line each; a file that cannot be read is reported and the
 * next one is validated, as every command does.  Returns the exit status. */
static int validate_inputs(int count, char *const *paths, const ojd_profile *format)
{
    static char standard_input[] = "-";
    static char *const no_operand[] = {standard_input};
    if (count <= 0) {
        paths = no_operand;
        count = 1;
    }
    int status = CLI_EXIT_OK;
    for (int i = 0; i < count; i++) {
        const char *file;
        FILE *in = cli_open_input(paths[i], &file);
        if (!in) {
            cli_fail("%s: %s", paths[i], strerror(errno));
            cli_raise_status(&status, CLI_EXIT_USAGE);
            continue;
        }
        ojd_validate_options opt = {.max_nodes = DEFAULT_MAX_NODES};
        ojd_validate_report rep;
        ojd_status st = ojd_validate_input(in, format, &opt, report_violation, (void *)file,
                                           &rep);
        int read_errno = errno;
        cli_close_input(in);
        if (st == OJD_ERR_IO || st == OJD_ERR_NOMEM) {
            cli_fail("%s: %s", file, st == OJD_ERR_IO && read_errno ? strerror(read_errno)
                                                                     : ojd_strerror(st));
            cli_raise_status(&status, CLI_EXIT_USAGE);
            continue;
        }
        if (st == OJD_OK) {
            printf("%s: valid, %lu case%s\n", file, rep.cases, rep.cases == 1 ? "" : "s");
        } else {
            printf("%s: invalid, %lu violation%s in %lu case%s\n", file, rep.violations,
                   rep.violations == 1 ? "" : "s", rep.cases, rep.cases == 1 ? "" : "s");
            cli_raise_status(&status, CLI_EXIT_UNANSWERED);
        }
        if (ferror(stdout))
            return cli_write_error(errno);
    }
    return status;
}

int cmd_validate(int argc, char **argv)
{
    static const struct option longs[] = {
        {"complete", no_argument, NULL, 'C'},
        {"input", no_argument, NULL, 'I'},
        {"format", required_argument, NULL, 'f'},
        {"box", required_argument, NULL, 'B'},
        {"variant", required_argument, NULL, 'U'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    validate_run run = {.exit_status = CLI_EXIT_OK};
    bool input = false;       /* --input: each file is a test input of format's grammar */
    const ojd_profile *format = NULL;
    cli_box box = {0, 0};
    unsigned variant = 0;     /* --variant: OJD_UNITS_* bits */
    int c;
    char why[CLI_MESSAGE_SIZE];
    opterr = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, ":f:h", longs, NULL)) != -1) {
        switch (c) {
        case 'C':
            run.complete = true;
            break;
        case 'I':
            input = true;
            break;
        case 'f':
            format = cli_find_format(optarg, why, sizeof why);
            if (!format) {
                cli_fail("%s", why);
                return CLI_EXIT_USAGE;
            }
            break;
        case 'B':
            if (!cli_parse_box("validate", optarg, &box))
                return CLI_EXIT_USAGE;
            break;
        case 'U':
            if (!cli_parse_variant("validate", optarg, &variant))
                return CLI_EXIT_USAGE;
            break;
        case 'h':
            validate_usage(stdout);
            return CLI_EXIT_OK;
        case ':':
        default:
            return cli_option_error("validate", longs, c, optopt, optind, argv);
        }
    }
    if (input && run.complete) {
        cli_fail("validate: --input checks test inputs, --complete answers: they do not "
                 "combine");
        return CLI_EXIT_USAGE;
    }
    if (input && !format) {
        cli_fail("validate: --input needs --format NAME, the judge whose grammar to check "
                 "(see 'ojdoku formats')");
        return CLI_EXIT_USAGE;
    }
    if (input && ojd_profile_grammar(format) == OJD_GRAMMAR_AUTO) {
        cli_fail("validate: --input needs a judge's grammar: format '%s' reads any (see "
                 "'ojdoku formats')", ojd_profile_name(format));
        return CLI_EXIT_USAGE;
    }
    if (input)
        return validate_inputs(argc - optind, argv + optind, format);
    if (!cli_box_fits_format("validate", box, format))
        return CLI_EXIT_USAGE;
    cli_each_input(argc - optind, argv + optind, format, box, variant, validate_case, &run);
    if (run.write_failed)
        return cli_write_error(run.write_errno);
    /* the rest of stdout is flushed, and a failure reported, by main() after every command */
    return run.exit_status;
}
