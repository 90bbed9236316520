/*
 * cmd_rate.c -- `ojdoku rate`: grade every puzzle the way a human solves it (ojd_rate(): the
 * cheapest technique that makes progress, forcing chains, guesses), one summary line per puzzle.
 * rate reads its inputs as solve does (cli_each_input): a file that cannot be read is reported
 * and skipped (exit 2 at the end), and with several inputs every line names its file.
 */
#include "cli.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>

static void rate_usage(FILE *out)
{
    fputs("Usage: ojdoku rate [OPTIONS] [FILE...]\n"
          "Grade every puzzle of FILEs (or standard input, also '-') the way a human\n"
          "solves it: a logical solver applies the cheapest technique that makes progress\n"
          "(singles, locked candidates, naked and hidden pairs, triples and quads, X-wing,\n"
          "swordfish, jellyfish, XY-wing, XYZ-wing), then forcing chains by contradiction,\n"
          "then guesses.  For each puzzle it prints: its number, grade, score and the\n"
          "techniques used with their counts.  The score follows Sudoku Explainer's scale\n"
          "(1.2 hidden single .. 11+ needs guessing).\n"
          "\n"
          "Grades: easy (singles only), medium (+ locked candidates, pairs), hard\n"
          "(+ triples, X-wing, or 4+ medium steps), expert (+ swordfish, jellyfish, quads,\n"
          "XY/XYZ-wings, or 3+ hard steps), extreme (forcing chains or guessing).\n"
          "\n"
          "With several inputs, every summary line starts with the input's name and a\n"
          "colon ('a.txt:2 hard 3.03 ...'; '<stdin>' for standard input).  A file that\n"
          "cannot be read is reported and the next one is graded, as solve does.\n"
          "\n"
          "Options:\n"
          "      --steps          print the deductions, one per line, before each summary\n"
          "  -f, --format NAME    read the judge profile NAME (default: detect)\n"
          "  -h, --help           print this help and exit\n"
          "\n"
          "Exit status: 0 every puzzle graded; 1 some puzzle malformed or without exactly\n"
          "one solution; 2 usage or I/O error (such as a file that cannot be read).\n",
          out);
}

static void print_step(void *ctx, const char *text)
{
    fprintf((FILE *)ctx, "  %s\n", text);
}

/* What rate_case() needs besides the case. */
typedef struct rate_run {
    bool steps;
    bool named;               /* several inputs: every summary line starts with "NAME:" */
    int exit_status;
    bool write_failed;        /* stdout failed: write_errno holds the errno of the failed write */
    int write_errno;
} rate_run;

/* Grades one puzzle the input loop read (and reports anything else it met).  false when standard
 * output failed: the batch stops there. */
static bool rate_case(void *context, cli_case *c)
{
    rate_run *run = context;
    cli_raise_status(&run->exit_status, cli_report(c));
    if (c->kind != CLI_CASE_PUZZLE)
        return true;
    const ojd_puzzle *pz = &c->puzzle;
    ojd_rating rating = {.size = sizeof rating};
    ojd_status st = ojd_rate(&pz->board, &rating, run->steps ? print_step : NULL, stdout);
    if (st != OJD_OK) {
        ojd_error e = {.code = st, .line = pz->line, .col = pz->col};
        snprintf(e.message, sizeof e.message, "cannot rate: %s",
                 st == OJD_MULTIPLE ? "several solutions" : ojd_strerror(st));
        cli_diagnose(c->file, &e, "error");
        cli_raise_status(&run->exit_status, CLI_EXIT_UNANSWERED);
        return true;
    }
    if (run->named)
        printf("%s:", c->file);
    printf("%lu %s %.2f", pz->index, ojd_grade_name(rating.grade), rating.score);
    const char *sep = " ";
    for (int t = 0; t < OJD_TECH_COUNT_; t++)
        if (rating.counts[t]) {
            printf("%s%s x%lu", sep, ojd_technique_name((ojd_technique)t), rating.counts[t]);
            sep = ", ";
        }
    putchar('\n');
    if (ferror(stdout)) {
        run->write_errno = errno;
        run->write_failed = true;
        return false;
    }
    return true;
}

int cmd_rate(int argc, char **argv)
{
    static const struct option longs[] = {
        {"steps", no_argument, NULL, 's'},
        {"format", required_argument, NULL, 'f'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    rate_run run = {.exit_status = CLI_EXIT_OK};
    const ojd_format *format = NULL;
    int c;
    char why[CLI_MESSAGE_SIZE];
    opterr = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, ":f:h", longs, NULL)) != -1) {
        switch (c) {
        case 's':
            run.steps = true;
            break;
        case 'f':
            format = cli_find_format(optarg, why, sizeof why);
            if (!format) {
                cli_fail("rate: %s", why);
                return CLI_EXIT_USAGE;
            }
            break;
        case 'h':
            rate_usage(stdout);
            return CLI_EXIT_OK;
        case ':':
        default:
            return cli_option_error("rate", longs, c, optopt, optind, argv);
        }
    }
    run.named = argc - optind > 1;
    cli_each_input(argc - optind, argv + optind, format, NULL, rate_case, &run);
    if (run.write_failed)
        return cli_write_error(run.write_errno);
    /* the rest of stdout is flushed, and a failure reported, by main() after every command */
    return run.exit_status;
}
