/*
 * cmd_rate.c -- `ojdoku rate`: grade every puzzle the way a human solves it (ojd_rate(): the
 * cheapest technique that makes progress, forcing chains, guesses), one summary line per puzzle.
 * rate reads its inputs as solve does (cli_open_input): a file that cannot be read is
 * reported and skipped (exit 2 at the end), and with several inputs every line names its file.
 */
#include "cli.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <string.h>

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

/* What rate_stream() needs besides the stream. */
typedef struct rate_run {
    const ojd_format *format;
    bool steps;
    bool named;               /* several inputs: every summary line starts with "NAME:" */
    int exit_status;
    bool write_failed;        /* stdout failed: write_errno holds the errno of the failed write */
    int write_errno;
} rate_run;

static void raise_status(rate_run *run, int status)
{
    if (status > run->exit_status) /* the highest status met wins */
        run->exit_status = status;
}

/* Grades every puzzle of a stream.  Returns false on a read error (reported) or when standard
 * output failed (run->write_failed). */
static bool rate_stream(rate_run *run, FILE *in, const char *name)
{
    ojd_reader *r = ojd_reader_new(in, name, run->format);
    if (!r) {
        cli_fail("rate: out of memory");
        return false;
    }
    ojd_puzzle pz;
    ojd_error err;
    ojd_status st;
    bool ok = true;
    while ((st = ojd_reader_next(r, &pz, &err)) != OJD_END) {
        int read_errno = errno;
        if (st == OJD_ERR_PARSE) {
            cli_diagnose(name, &err, "error");
            raise_status(run, CLI_EXIT_UNANSWERED);
            continue;
        }
        if (st != OJD_OK) { /* as solve: the batch stops after a stream that cannot be read */
            cli_fail("%s: %s", name,
                     st == OJD_ERR_IO && read_errno ? strerror(read_errno) : ojd_strerror(st));
            ok = false;
            break;
        }
        ojd_rating rating;
        st = ojd_rate(&pz.board, &rating, run->steps ? print_step : NULL, stdout);
        if (st != OJD_OK) {
            ojd_error e = {.code = st, .line = pz.line, .col = pz.col};
            snprintf(e.message, sizeof e.message, "cannot rate: %s",
                     st == OJD_MULTIPLE ? "several solutions" : ojd_strerror(st));
            cli_diagnose(name, &e, "error");
            raise_status(run, CLI_EXIT_UNANSWERED);
            continue;
        }
        if (run->named)
            printf("%s:", name);
        printf("%lu %s %.2f", pz.index, ojd_grade_name(rating.grade), rating.score);
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
            ok = false;
            break;
        }
    }
    ojd_error w;
    while (ojd_reader_warning(r, &w))
        cli_diagnose(name, &w, "warning");
    ojd_reader_free(r);
    return ok;
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
            run.format = cli_find_format(optarg, why, sizeof why);
            if (!run.format) {
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
    bool io_ok = true;
    run.named = argc - optind > 1;
    if (optind >= argc)
        io_ok = rate_stream(&run, stdin, "<stdin>");
    for (int i = optind; i < argc && io_ok; i++) {
        const char *name;
        FILE *in = cli_open_input(argv[i], &name);
        if (!in) { /* as solve: say so, go on with the next file, exit 2 at the end */
            cli_fail("%s: %s", argv[i], strerror(errno));
            raise_status(&run, CLI_EXIT_USAGE);
            continue;
        }
        io_ok = rate_stream(&run, in, name);
        cli_close_input(in);
    }
    if (run.write_failed)
        cli_write_error(run.write_errno);
    /* the rest of stdout is flushed, and a failure reported, by main() after every command */
    return io_ok ? run.exit_status : CLI_EXIT_USAGE;
}
