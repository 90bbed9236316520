/*
 * cmd_rate.c -- `ojdoku rate`: grade every puzzle the way a human solves it (ojd_rate(): the
 * cheapest technique that makes progress, forcing chains, guesses), one summary line per puzzle.
 * rate reads its inputs as solve does (cli_inputs): a file that cannot be read is reported
 * and skipped (exit 2 at the end), and with several inputs every line names its file.
 */
#include "cli.h"
#include "cli/batch/pipeline.h"
#include "cli/batch/progress.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define CASES_PER_THREAD 16 /* puzzles in flight per thread: grading is never cheap */

static void rate_usage(FILE *out)
{
    fputs("Usage: ojdoku rate [OPTIONS] [FILE...]\n"
          "Grade every puzzle of FILEs (or standard input, also '-') the way a human\n"
          "solves it: a logical solver applies the cheapest technique that makes progress\n"
          "(singles, locked candidates, naked and hidden pairs, triples and quads, X-wing,\n"
          "swordfish, jellyfish, XY-wing, XYZ-wing; on a killer's cages, cage combinations\n"
          "and the 45 rule), then forcing chains by contradiction,\n"
          "then guesses.  For each puzzle it prints: its number, grade, score and the\n"
          "techniques used with their counts.  The score follows Sudoku Explainer's scale\n"
          "(1.2 hidden single .. 11+ needs guessing).\n"
          "\n"
          "Grades: easy (singles only), medium (+ locked candidates, pairs), hard\n"
          "(+ triples, X-wing, or 4+ medium steps), expert (+ swordfish, jellyfish, quads,\n"
          "XY/XYZ-wings, or 3+ hard steps), extreme (forcing chains or guessing).\n"
          "Killer: a cage whose sum one set of values makes is easy; a cage of several\n"
          "sets and the 45 rule on a unit (its innies and outies) medium; the 45 rule over\n"
          "several rows or columns hard.\n"
          "\n"
          "With several inputs, every summary line starts with the input's name and a\n"
          "colon ('a.txt:2 hard 3.03 ...'; '<stdin>' for standard input).  A file that\n"
          "cannot be read is reported and the next one is graded, as solve does.\n"
          "\n"
          "Options:\n"
          "      --steps          print the deductions, one per line, before each summary\n"
          "  -f, --format NAME    read the judge profile NAME (default: detect)\n"
          "      --box RxC        every grid has boxes of R rows and C columns (default:\n"
          "                       square boxes, else boxes wider than tall: 6x6 has 2x3)\n"
          "      --max-nodes N    give up a puzzle after N nodes: the uniqueness check's\n"
          "                       search nodes, then one per pass of the techniques,\n"
          "                       per forcing chain assumption or step, per probe node\n"
          "      --timeout SECONDS\n"
          "                       give up a puzzle after SECONDS\n"
          "      --variant LIST   jigsaw, x, windoku, killer (comma-separated): the units\n"
          "                       every puzzle has (a jigsaw line brings its regions,\n"
          "                       a killer line its cages)\n"
          "  -j, --jobs N         grade on N threads (0 = one per processor, and never\n"
          "                       more than that; default 1); the output is the same\n"
          "  -q, --quiet          no progress line\n"
          "  -h, --help           print this help and exit\n"
          "\n"
          "No budget by default, so that a grade is the same on every machine; a large\n"
          "grid can take minutes (49x49, 64x64).  A puzzle given up is reported on\n"
          "standard error, its deductions left out, and the next one is graded.\n"
          "\n"
          "Exit status: 0 every puzzle graded; 1 some puzzle malformed, without exactly\n"
          "one solution, or stopped by a limit; 2 usage or I/O error (such as a file that\n"
          "cannot be read).\n",
          out);
}

static void print_step(void *ctx, const char *text)
{
    fprintf((FILE *)ctx, "  %s\n", text);
}

/* One case in flight, from its grading to its turn to print (the output of the pipeline's
 * record, whose input is the cli_case as read): the case, and what grading it gave.  Grading
 * costs far more than copying a case, so the whole case is kept. */
typedef struct rate_case {
    cli_case in;
    ojd_status status;
    ojd_rating rating;
    unsigned long long nodes; /* the work the grading took, for the message of a limit */
    char *steps;              /* --steps: the deductions' text (malloc'd), printed in turn */
    size_t steps_size;
} rate_case;

/* What the cases share. */
typedef struct rate_run {
    ojd_search search;        /* --max-nodes, --timeout: the budget per puzzle; none by default */
    bool steps;
    bool named;               /* several inputs: every summary line starts with "NAME:" */
    int exit_status;
    bool write_failed;        /* stdout failed: write_errno holds the errno of the failed write */
    int write_errno;
    cli_inputs inputs;        /* read by whichever thread holds the pipeline's read turn */
    cli_pipeline *pipeline;
    cli_progress progress;
} rate_run;

/* Grades one case (on the thread that read it).  The steps go to a buffer of
 * the case's own, so that they print in input order whatever thread graded it. */
static void grade(void *worker, void *input, void *output)
{
    const rate_run *run = worker;
    rate_case *rc = output;
    rc->in = *(const cli_case *)input;
    rc->steps = NULL;
    rc->steps_size = 0;
    if (rc->in.kind != CLI_CASE_PUZZLE)
        return;
    FILE *steps = run->steps ? open_memstream(&rc->steps, &rc->steps_size) : NULL;
    if (run->steps && !steps) {
        rc->status = OJD_ERR_NOMEM;
        return;
    }
    rc->rating = (ojd_rating){.size = sizeof rc->rating};
    rc->status = ojd_rate_within(&rc->in.puzzle.board, &run->search, &rc->rating,
                                 steps ? print_step : NULL, steps, &rc->nodes);
    if (steps && fclose(steps) != 0 && rc->status == OJD_OK)
        rc->status = OJD_ERR_NOMEM;
}

/* Prints one case, in input order (and reports anything else the inputs held). */
static void print_case(rate_run *run, rate_case *rc)
{
    const cli_case *c = &rc->in;
    if (run->write_failed) {
        free(rc->steps);
        return;
    }
    if (c->kind != CLI_CASE_PUZZLE || c->warnings > 0)
        cli_progress_clear(&run->progress);
    cli_raise_status(&run->exit_status, cli_report(c));
    if (c->kind != CLI_CASE_PUZZLE)
        return;
    const ojd_puzzle *pz = &c->puzzle;
    cli_progress_step(&run->progress);
    if (rc->status != OJD_OK) {
        /* one outcome per puzzle: the diagnostic alone, without the deductions a budget cut
         * short (--steps), which end in no summary line */
        free(rc->steps);
        rc->steps = NULL;
        ojd_error e = {.code = rc->status, .line = pz->line, .col = pz->col};
        static const char prefix[] = "cannot rate: ";
        char *why = e.message + sizeof prefix - 1;
        size_t room = sizeof e.message - (sizeof prefix - 1);
        memcpy(e.message, prefix, sizeof prefix - 1);
        if (rc->status == OJD_LIMIT) /* solve's words for the budget that ran out */
            cli_limit_message(why, room, &run->search, rc->nodes);
        else
            snprintf(why, room, "%s", rc->status == OJD_MULTIPLE ? "several solutions"
                                                                 : ojd_strerror(rc->status));
        cli_progress_clear(&run->progress);
        cli_diagnose(c->file, &e, "error");
        cli_raise_status(&run->exit_status, CLI_EXIT_UNANSWERED);
        return;
    }
    if (rc->steps)
        fwrite(rc->steps, 1, rc->steps_size, stdout);
    free(rc->steps);
    rc->steps = NULL;
    const ojd_rating *rating = &rc->rating;
    if (run->named)
        printf("%s:", c->file);
    printf("%lu %s %.2f", pz->index, ojd_grade_name(rating->grade), rating->score);
    const char *sep = " ";
    for (int t = 0; t < OJD_TECH_COUNT_; t++)
        if (rating->counts[t]) {
            printf("%s%s x%lu", sep, ojd_technique_name((ojd_technique)t), rating->counts[t]);
            sep = ", ";
        }
    putchar('\n');
    if (ferror(stdout)) {
        run->write_errno = errno;
        run->write_failed = true;
    }
}

/* Emits one case; false (read no more) once standard output has failed. */
static bool emit(void *context, void *record)
{
    rate_run *run = context;
    print_case(run, record);
    return !run->write_failed;
}

/* Reads the next step of the inputs (on the thread with the read turn, which then grades it). */
static bool fill(void *context, void *input)
{
    rate_run *run = context;
    return cli_inputs_next(&run->inputs, input);
}

int cmd_rate(int argc, char **argv)
{
    static const struct option longs[] = {
        {"steps", no_argument, NULL, 's'},
        {"format", required_argument, NULL, 'f'},
        {"jobs", required_argument, NULL, 'j'},
        {"quiet", no_argument, NULL, 'q'},
        {"box", required_argument, NULL, 'B'},
        {"max-nodes", required_argument, NULL, 'N'},
        {"timeout", required_argument, NULL, 'T'},
        {"variant", required_argument, NULL, 'U'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    rate_run run = {.exit_status = CLI_EXIT_OK};
    const ojd_profile *format = NULL;
    cli_box box = {0, 0};
    unsigned variant = 0;     /* --variant: OJD_UNITS_* bits */
    size_t jobs = 1;
    bool quiet = false;
    int c;
    char why[CLI_MESSAGE_SIZE];
    opterr = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, ":f:j:qh", longs, NULL)) != -1) {
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
        case 'j':
            if (!cli_parse_jobs("rate", optarg, CLI_MAX_JOBS, &jobs))
                return CLI_EXIT_USAGE;
            break;
        case 'q':
            quiet = true;
            break;
        case 'B':
            if (!cli_parse_box("rate", optarg, &box))
                return CLI_EXIT_USAGE;
            break;
        case 'N':
            if (!cli_parse_max_nodes("rate", optarg, &run.search))
                return CLI_EXIT_USAGE;
            break;
        case 'T':
            if (!cli_parse_timeout("rate", optarg, &run.search))
                return CLI_EXIT_USAGE;
            break;
        case 'U':
            if (!cli_parse_variant("rate", optarg, &variant))
                return CLI_EXIT_USAGE;
            break;
        case 'h':
            rate_usage(stdout);
            return CLI_EXIT_OK;
        case ':':
        default:
            return cli_option_error("rate", longs, c, optopt, optind, argv);
        }
    }
    if (!cli_box_fits_format("rate", box, format))
        return CLI_EXIT_USAGE;
    run.named = argc - optind > 1;
    size_t threads = cli_pipeline_threads(jobs);
    void **workers = malloc(threads * sizeof *workers);
    for (size_t i = 0; workers && i < threads; i++)
        workers[i] = &run; /* grading needs nothing of its own per thread: ojd_rate() allocates */
    /* one puzzle per hand-off: the cheapest grading (a 9x9 of singles) outweighs it */
    run.pipeline = workers ? cli_pipeline_new(threads, workers, sizeof(cli_case),
                                              sizeof(rate_case), threads * CASES_PER_THREAD, 1,
                                              fill, grade, emit, &run)
                           : NULL;
    if (!run.pipeline) {
        cli_fail("out of memory"); /* threads that cannot start leave the batch to this one */
        free(workers);
        return CLI_EXIT_USAGE;
    }
    /* a progress line only where a person watches stderr and it will not mix with the grades */
    bool show_progress = !quiet && isatty(fileno(stderr)) && !isatty(fileno(stdout));
    cli_progress_start(&run.progress, stderr, show_progress, cli_progress_clock());
    cli_inputs_init(&run.inputs, argc - optind, argv + optind, format, box);
    run.inputs.variant = variant; /* the techniques read the puzzle's units (ojd_rate()) */
    cli_pipeline_run(run.pipeline);
    cli_inputs_close(&run.inputs);
    cli_progress_clear(&run.progress);
    cli_pipeline_free(run.pipeline);
    free(workers);
    if (run.write_failed)
        return cli_write_error(run.write_errno);
    /* the rest of stdout is flushed, and a failure reported, by main() after every command */
    return run.exit_status;
}
