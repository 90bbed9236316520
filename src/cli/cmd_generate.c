/*
 * cmd_generate.c -- `ojdoku generate`: puzzles, solved grids and judges' test data (cases of
 * every verdict, edge cases) as a judge input file in profile --format NAME, the expected output
 * in --answers FILE.  The options and the making and writing of a case are the test-data path
 * judge and stress share (batch/testdata.h); this file adds the count, the threads and the
 * files.  A case has its own random stream, so -j N writes what one thread writes, and is
 * forgotten once written, so memory is flat in -n.  Why and the figures: docs/generating.md,
 * "Notes moved from the source".
 */
#include "cli.h"
#include "cli/batch/pipeline.h"
#include "cli/batch/progress.h"
#include "cli/batch/testdata.h"

#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/stat.h>
#include <unistd.h>

#define CASES_PER_THREAD 16 /* cases in flight per thread */

static void generate_usage(FILE *out)
{
    fputs("Usage: ojdoku generate [OPTIONS]\n"
          "Make Sudoku puzzles with exactly one solution (checked by the solver at limit 2)\n"
          "by removing givens from a random complete grid, or complete grids (--solved),\n"
          "or judge test data with cases of every verdict (--kinds, --mix, --edge).\n"
          "Killer puzzles (--variant killer) have cages with their sums in place of\n"
          "givens: connected cages of 1 to 5 cells or so, drawn from the seed over a\n"
          "random grid and made unique by splitting and merging them (up to 16x16).\n"
          "\n"
          "Options:\n"
          "  -n COUNT             how many (default 1; 0 with --edge: the edge cases only)\n"
          "      --side N         4, 6, 8, 9, 10, 12, 16, 25, ... 64 (default 9): square\n"
          "                       boxes, else boxes wider than tall (6x6 has 2x3); above\n"
          "                       25x25 only with --format grid or json (spaced numbers)\n"
          "      --box RxC        boxes of R rows and C columns (the side is R*C)\n"
          "      --seed S         a number: the same seed and options give the same output\n"
          "                       on every machine (default: from the clock, and stderr\n"
          "                       says 'ojdoku: generate: seed S')\n"
          "      --solved         random complete grids instead of puzzles\n"
          "      --symmetry NAME  of the pattern of givens: none, rotate180, rotate90,\n"
          "                       mirror, flip, diagonal, antidiagonal (default rotate180,\n"
          "                       or none with --minimal or --hard-for)\n"
          "      --clues N        aim at N givens (killer: at most N, where cages alone\n"
          "                       leave a choice; none by default)\n"
          "      --minimal        no given can be removed without losing uniqueness\n"
          "                       (not with killer)\n"
          "      --difficulty G   easy, medium, hard, expert or extreme ('ojdoku rate');\n"
          "                       4x4 puzzles are all easy; killer: larger cages, fewer\n"
          "                       single cells, then graded (--attempts, default 50)\n"
          "      --attempts N     grids to try per puzzle for a target (default 1000 up\n"
          "                       to 9x9, 20 for larger grids)\n"
          "      --variant LIST   jigsaw (random connected regions in place of the\n"
          "                       boxes, up to 9x9), x (both diagonals), windoku (four\n"
          "                       extra 3x3 windows, 9x9); comma-separated to combine;\n"
          "                       every kind (each given placed checked against the\n"
          "                       units), --edge and --hard-for under its units\n"
          "      --hard-for NAME  of the puzzle's relabellings and row and column\n"
          "                       permutations, keep one on which solver NAME ('ojdoku\n"
          "                       solvers': dfs, bitmask, mrv, dlx, ...) searches most\n",
          out);
    /* the text is two strings (C11's 4095 bytes a literal): flushed between them, so that a
     * write that fails is seen by cli_flush_stdout(), which keeps its errno, and not inside
     * the next fputs(), where it would be lost ("write error" without a reason) */
    if (out == stdout)
        cli_flush_stdout(NULL);
    /* two strings: one would pass the 4095 bytes C11 promises a string literal */
    fputs("      --kinds LIST     cases of these kinds, comma-separated, taking turns in an\n"
          "                       order drawn from the seed: unique (one solution),\n"
          "                       multiple (two or more), unsolvable (no repeated given,\n"
          "                       no solution; at --difficulty hard and above not refuted\n"
          "                       by singles alone), conflict (a given repeated in a unit);\n"
          "                       each made from a unique puzzle of the options above\n"
          "      --mix            every kind the profile's input may hold (all four for\n"
          "                       kattis, uva10957, uva989, json; PROFILES in ojdoku(1))\n"
          "      --solutions K    multiple cases have exactly K solutions (2 to 1000)\n"
          "      --conflict-unit U  conflict cases repeat a value in a row, column, box,\n"
          "                       or with --variant a region, diagonal or window\n"
          "                       (default: one of the grid's, drawn)\n"
          "      --edge[=NAME]    first the edge cases the profile and size allow: the\n"
          "                       empty grid, a full grid, a 17-clue puzzle and one of the\n"
          "                       hardest known (9x9; bundled public puzzles); NAME picks\n"
          "                       some: empty,full,17-clue,hardest ('--edge NAME' too);\n"
          "                       a file keeps its statement's bound: -n is cut to fit\n"
          "  -f, --format NAME    write a judge input file in profile NAME (see\n"
          "                       'ojdoku formats'); default: line, one puzzle per line;\n"
          "                       json: each case as 'ojdoku solve --format json' answers\n"
          "                       it: {\"case\":1,\"status\":\"solved\",\"puzzle\":...}\n"
          "      --answers FILE   write the judge's expected output to FILE: what\n"
          "                       'ojdoku solve --format NAME' prints for the input\n"
          "      --output-dir DIR one file per case: DIR/case-0001.in and its answer\n"
          "                       DIR/case-0001.ans, ...; with --format svg each figure,\n"
          "                       DIR/case-0001.svg, ... (stdout takes one)\n"
          "  -j, --jobs N         make the puzzles on N threads (0 = one per processor);\n"
          "                       the output is the same for every N\n"
          "  -q, --quiet          no progress line (shown on a terminal's stderr when\n"
          "                       stdout is not one)\n"
          "  -h, --help           print this help and exit\n"
          "\n"
          "A judge input file keeps to its statement: kinds, sizes and numbers of cases\n"
          "it rules out are refused, and hdu2780's cases have exactly five blanks.\n"
          "\n"
          "Exit status: 0 done; 1 a target (--clues, --minimal, --difficulty,\n"
          "--solutions) was not met for some puzzle (the closest puzzle found is written,\n"
          "and stderr says so, with the grade 'ojdoku rate' gives it); 2 usage or I/O\n"
          "error.\n"
          "\n"
          "Examples (judge test data):\n"
          "  ojdoku generate --side 16 -n 10 --format poj3076 --answers t.out > t.in\n"
          "  ojdoku generate -n 20 --mix --edge --format kattis --answers t.ans > t.in\n",
          out);
}

typedef struct gen_args {
    unsigned long count;
    cli_testdata data;        /* the shared test-data options (testdata.h) */
    const ojd_profile *format; /* --format, or NULL: the default lines */
    const char *answers;
    const char *output_dir;   /* --output-dir: with svg, each figure to DIR/case-NNNN.svg */
    size_t jobs;              /* -j: worker threads asked for (0 = one per processor) */
    bool quiet;               /* -q: no progress line */
} gen_args;

static int generate_parse(int argc, char **argv, gen_args *a)
{
    static const struct option longs[] = {
        CLI_TESTDATA_OPTIONS,
        {"format", required_argument, NULL, 'f'},   {"answers", required_argument, NULL, 'A'},
        {"output-dir", required_argument, NULL, 'O'},
        {"jobs", required_argument, NULL, 'j'},     {"quiet", no_argument, NULL, 'q'},
        {"help", no_argument, NULL, 'h'},           {NULL, 0, NULL, 0},
    };
    unsigned long long n;
    int c;
    char why[CLI_MESSAGE_SIZE];
    opterr = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, ":n:f:j:qh", longs, NULL)) != -1) {
        const char *value = optarg;
        /* --edge NAME as well as --edge=NAME: a next argument that names edge cases is its */
        if (c == CLI_OPT_EDGE && !value && optind < argc && cli_edge_names(argv[optind]))
            value = argv[optind++];
        int shared = cli_testdata_option("generate", c, value, &a->data);
        if (shared < 0)
            return CLI_EXIT_USAGE;
        if (shared > 0)
            continue;
        switch (c) {
        case 'n':
            if (!cli_parse_number(optarg, 100000000ULL, &n)) {
                cli_fail("generate: -n wants a count from 1 to 100000000, not '%s'", optarg);
                return CLI_EXIT_USAGE;
            }
            a->count = (unsigned long)n;
            break;
        case 'f':
            a->format = cli_find_format(optarg, why, sizeof why);
            if (!a->format) {
                cli_fail("generate: %s", why);
                return CLI_EXIT_USAGE;
            }
            break;
        case 'A':
            a->answers = optarg;
            break;
        case 'O':
            a->output_dir = optarg;
            break;
        case 'j':
            if (!cli_parse_jobs("generate", optarg, CLI_MAX_JOBS, &a->jobs))
                return CLI_EXIT_USAGE;
            break;
        case 'q':
            a->quiet = true;
            break;
        case 'h':
            generate_usage(stdout);
            return CLI_EXIT_OK;
        case ':':
        default:
            return cli_option_error("generate", longs, c, optopt, optind, argv);
        }
    }
    if (optind < argc) {
        cli_fail("generate: unexpected argument '%s'", argv[optind]);
        return CLI_EXIT_USAGE;
    }
    if (!cli_testdata_settle("generate", a->format, &a->data))
        return CLI_EXIT_USAGE;
    /* a figure is a whole document: one on stdout, or one per file in --output-dir; a judge's
     * input and answer go to DIR/case-NNNN.in and .ans, one case each */
    if (a->output_dir && a->data.json) {
        cli_fail("generate: --output-dir writes one file per case: json's lines are one stream");
        return CLI_EXIT_USAGE;
    }
    if (a->output_dir && a->answers) {
        cli_fail("generate: --output-dir writes each case's answer beside it (case-NNNN.ans): "
                 "--answers does not combine with it");
        return CLI_EXIT_USAGE;
    }
    if (a->data.figure && a->answers) {
        cli_fail("generate: --format svg draws the puzzles: --answers does not combine with it "
                 "('ojdoku solve --format svg' draws the solutions)");
        return CLI_EXIT_USAGE;
    }
    if (a->data.figure && !a->output_dir && (a->count > 1 || a->data.edge)) {
        cli_fail("generate: --format svg writes one document on standard output: -n 1, or "
                 "--output-dir DIR for one file per case");
        return CLI_EXIT_USAGE;
    }
    if (a->data.json && a->answers) {
        cli_fail("generate: --format json writes each solution beside its puzzle: "
                 "--answers does not combine with it");
        return CLI_EXIT_USAGE;
    }
    if (a->count == 0 && !a->data.edge) {
        cli_fail("generate: -n wants a count from 1 to 100000000, not '0' (0 only with "
                 "--edge)");
        return CLI_EXIT_USAGE;
    }
    return -1;
}

/* What the owner asks a worker for: the pipeline record's input. */
typedef struct gen_request {
    unsigned long index;      /* 1-based among every case asked for, edge cases first */
    int edge;                 /* an ojd_edge, or -1 */
    ojd_outcome kind;
} gen_request;

/* A worker thread's own generator and engines. */
typedef struct gen_worker {
    cli_case_maker *maker;
    const struct gen_run *run;
} gen_worker;

/* What the cases share; emit_case() is the only writer (one thread at a time, in case order). */
typedef struct gen_run {
    const gen_args *a;
    /* what fill_case() asks for, in case order (whichever thread holds the read turn) */
    unsigned long next, total;
    const int *edges;         /* the edge cases, asked for first */
    int nedges;
    const cli_test_case *edge_cases; /* each of edges[] as made before the run (made_edges) */
    cli_kind_turns turns;     /* the kinds take turns in an order drawn from the seed */
    FILE *answers;
    ojd_writer *answer_writer; /* the answers (--answers), or json's lines on stdout */
    unsigned long to_write;   /* the cases the input holds (its count line) */
    unsigned long missed, written;
    int exit_status;
    bool failed;              /* stop: an error was reported (or a write failed) */
    bool out_failed, answers_failed;
    int out_errno, answers_errno;
    cli_progress progress;
} gen_run;

/* Asks for the next case: its index, and its edge or kind. */
static bool fill_case(void *context, void *input)
{
    gen_run *run = context;
    gen_request *q = input;
    if (run->next == run->total)
        return false;
    unsigned long i = run->next++;
    q->index = i + 1;
    if (i < (unsigned long)run->nedges) {
        q->edge = run->edges[i];
        q->kind = ojd_edge_kind((ojd_edge)q->edge);
    } else {
        q->edge = -1;
        q->kind = cli_kind_turns_next(&run->turns);
    }
    return true;
}

/* Makes one case (on the thread that asked for it) and works out its answer. */
static void make_case(void *worker, void *input, void *output)
{
    gen_worker *w = worker;
    const gen_request *q = input;
    cli_test_case *c = output;
    const gen_args *a = w->run->a;
    if (q->edge >= 0) { /* made and judged already, before the run: the edge cases come first */
        *c = w->run->edge_cases[q->index - 1];
        return;
    }
    cli_case_make(w->maker, &a->data, a->data.seed, q->index, -1, q->kind, true, c);
}

/* --output-dir, a judge's profile: case `number` as a test of its own, DIR/case-NNNN.in and its
 * answer DIR/case-NNNN.ans, each file one case (so within any statement's bound). */
static bool write_case_files(gen_run *run, const cli_test_case *c, unsigned long number)
{
    const gen_args *a = run->a;
    char in_path[PATH_MAX], ans_path[PATH_MAX];
    if (snprintf(in_path, sizeof in_path, "%s/case-%04lu.in", a->output_dir, number) >=
            (int)sizeof in_path ||
        snprintf(ans_path, sizeof ans_path, "%s/case-%04lu.ans", a->output_dir, number) >=
            (int)sizeof ans_path) {
        cli_fail("generate: --output-dir %s: name too long", a->output_dir);
        return false;
    }
    errno = 0;
    FILE *in = fopen(in_path, "w"), *ans = in ? fopen(ans_path, "w") : NULL;
    const char *failed = !in ? in_path : !ans ? ans_path : NULL;
    ojd_writer *w = ans ? ojd_writer_new(ans, a->data.writes, NULL) : NULL;
    int which = 0;
    ojd_status st = failed ? OJD_ERR_IO : !w ? OJD_ERR_NOMEM
                                             : cli_case_write(&a->data, in, w, c, 1, 1, &which);
    if (st == OJD_OK && ojd_writer_finish(w) != OJD_OK) {
        st = OJD_ERR_IO;
        which = 1;
    }
    int err = errno;
    ojd_writer_free(w);
    if (in && fclose(in) != 0 && st == OJD_OK) {
        st = OJD_ERR_IO;
        which = 0;
        err = errno;
    }
    if (ans && fclose(ans) != 0 && st == OJD_OK) {
        st = OJD_ERR_IO;
        which = 1;
        err = errno;
    }
    if (st == OJD_OK)
        return true;
    if (!failed)
        failed = which ? ans_path : in_path;
    cli_fail("generate: cannot write %s: %s", failed,
             st == OJD_ERR_IO ? strerror(err ? err : EIO) : ojd_strerror(st));
    return false;
}

/* --output-dir: case run->written's figure as a document of its own (cli_write_case_file). */
typedef struct figure_of {
    gen_run *run;
    const cli_test_case *c;
} figure_of;

static ojd_status put_figure(void *context, FILE *file)
{
    const figure_of *f = context;
    int which;
    return cli_case_write(&f->run->a->data, file, NULL, f->c, 1, 1, &which);
}

/* Writes one case, in order: its messages, then the case. */
static void write_case(gen_run *run, cli_test_case *c)
{
    const gen_args *a = run->a;
    if (run->failed)
        return;
    cli_progress_step(&run->progress);
    if (c->misfit) {
        cli_progress_clear(&run->progress);
        if (strcmp(c->misfit, "bound") != 0) /* fit_bound() said those */
            cli_case_report_misfit("generate", &a->data, c);
        return;
    }
    if (c->made == OJD_LIMIT) {
        if (run->missed++ < 10) {
            cli_progress_clear(&run->progress);
            cli_case_report_miss("generate", &a->data, run->written + 1, c);
        }
        run->exit_status = CLI_EXIT_UNANSWERED;
    }
    if (c->made != OJD_OK && c->made != OJD_LIMIT) {
        cli_progress_clear(&run->progress);
        cli_fail("generate: %s", ojd_strerror(c->made));
        run->failed = true;
        return;
    }
    run->written++;
    if (c->verdict != CLI_CASE_OK) {
        cli_progress_clear(&run->progress);
        cli_case_report_wrong("generate", &a->data, run->written, c);
        run->failed = true;
        return;
    }
    /* a json case is its answer line (puzzle, status, solution), on stdout */
    if (a->output_dir && !a->data.figure) {
        if (!write_case_files(run, c, run->written))
            run->failed = true;
        return;
    }
    if (a->output_dir) {
        figure_of f = {run, c};
        if (!cli_write_case_file("generate", a->output_dir, run->written, put_figure, &f))
            run->failed = true;
        return;
    }
    int which;
    ojd_status st = cli_case_write(&a->data, a->data.json ? NULL : stdout, run->answer_writer, c,
                                   run->written, run->to_write, &which);
    if (st == OJD_OK)
        return;
    run->failed = true;
    if (st == OJD_ERR_NOMEM) {
        cli_fail("generate: out of memory");
    } else if (st == OJD_ERR_IO && (which == 0 || a->data.json)) {
        run->out_errno = errno;
        run->out_failed = true;
    } else if (st == OJD_ERR_IO) {
        run->answers_errno = errno;
        run->answers_failed = true;
    } else {
        cli_fail("generate: case %lu of a file of %lu: the writer refused it (a bug: please "
                 "report it with the seed)", run->written, run->to_write);
    }
}

/* Emits one case; false (ask for no more) once an error was reported. */
static bool emit_case(void *context, void *record)
{
    gen_run *run = context;
    write_case(run, record);
    return !run->failed;
}

/*
 * Makes and judges the edge cases, before the run, on the first worker: a judge input file may
 * open with the count of its cases, written before the first, and the edge cases the profile
 * cannot hold or answer are not written, so which they are must be known first.  Each is made
 * from its own stream as any case is, and handed to the pipeline as made (make_case).  Returns
 * how many are written (fit the profile, or failed: that failure then stops the run).
 */
static int made_edges(const gen_args *a, const gen_worker *w, const int *edges, int nedges,
                      cli_test_case *made)
{
    int fit = 0;
    for (int i = 0; i < nedges; i++) {
        cli_case_make(w->maker, &a->data, a->data.seed, (unsigned long)i + 1, edges[i],
                      OJD_OUTCOME_SOLVED, true, &made[i]);
        fit += !made[i].misfit;
    }
    return fit;
}

/*
 * --edge in one file: the statement's bound on the cases (spoj: 10, one-grid profiles: 1) holds
 * the edge cases that fit first, the generated ones after them.  Edge cases past the bound are
 * left out (marked misfit "bound", said when written) and -n is cut to what is left, said once.
 * Returns the edge cases written.
 */
static int fit_bound(gen_args *a, cli_test_case *made, int nedges, int fit)
{
    unsigned long most = ojd_profile_max_cases(a->data.rules);
    if (!most || a->count + (unsigned long)fit <= most)
        return fit;
    const char *name = ojd_profile_name(a->data.rules);
    int kept = 0;
    for (int i = 0; i < nedges; i++) {
        if (made[i].misfit)
            continue;
        if ((unsigned long)kept < most) {
            kept++;
            continue;
        }
        made[i].misfit = "bound";
        cli_fail("generate: --edge: left out '%s': format '%s' holds at most %lu case%s "
                 "(--edge NAME picks which, --output-dir DIR writes each to its own file)",
                 ojd_edge_name((ojd_edge)made[i].edge), name, most, most == 1 ? "" : "s");
    }
    unsigned long room = most - (unsigned long)kept;
    if (a->count > room) {
        cli_fail("generate: -n %lu cut to %lu: format '%s' holds at most %lu case%s, %d of them "
                 "edge cases", a->count, room, name, most, most == 1 ? "" : "s", kept);
        a->count = room;
    }
    return kept;
}

/* Opens --answers FILE and makes --output-dir DIR: -1 to go on, or an exit status. */
static int open_destinations(const gen_args *a, gen_run *run)
{
    if (a->answers) {
        run->answers = fopen(a->answers, "w");
        if (!run->answers) {
            cli_fail("generate: cannot write '%s': %s", a->answers, strerror(errno));
            return CLI_EXIT_USAGE;
        }
    }
    if (a->output_dir && mkdir(a->output_dir, 0777) != 0 && errno != EEXIST) {
        cli_fail("generate: --output-dir %s: %s", a->output_dir, strerror(errno));
        return CLI_EXIT_USAGE;
    }
    return -1;
}

/* The threads' state: a case maker each, and the edge cases made before the run. */
typedef struct gen_crew {
    size_t threads;
    gen_worker *workers;
    void **contexts;          /* &workers[i], as the pipeline takes them */
    cli_test_case *edge_cases;
} gen_crew;

/* Gives each thread its maker, and the answers their writer; false when out of memory. */
static bool crew_start(gen_crew *crew, gen_run *run, int nedges)
{
    const gen_args *a = run->a;
    crew->threads = cli_pipeline_threads(a->jobs);
    crew->workers = calloc(crew->threads, sizeof *crew->workers);
    crew->contexts = calloc(crew->threads, sizeof *crew->contexts);
    crew->edge_cases = calloc(nedges ? (size_t)nedges : 1, sizeof *crew->edge_cases);
    bool ready = crew->workers && crew->contexts && crew->edge_cases;
    for (size_t i = 0; ready && i < crew->threads; i++) {
        crew->workers[i].maker = cli_case_maker_new(&a->data);
        crew->workers[i].run = run;
        crew->contexts[i] = &crew->workers[i];
        ready = crew->workers[i].maker != NULL;
    }
    /* the answers: --answers FILE, or json's lines (each case's answer) on stdout */
    FILE *answers_to = a->data.json ? stdout : run->answers;
    if (ready && answers_to) {
        run->answer_writer = ojd_writer_new(answers_to, a->data.writes, NULL);
        ready = run->answer_writer != NULL;
    }
    return ready;
}

static void crew_free(gen_crew *crew)
{
    for (size_t i = 0; crew->workers && i < crew->threads; i++)
        cli_case_maker_free(crew->workers[i].maker);
    free(crew->workers);
    free(crew->contexts);
    free(crew->edge_cases);
}

/* Makes, judges and writes every case through the pipeline (none when !ready: out of memory,
 * reported here), with the progress line. */
static void run_cases(gen_run *run, const gen_crew *crew, bool ready)
{
    const gen_args *a = run->a;
    /* hand-offs in batches: an easy 9x9 puzzle takes about as long as one */
    cli_pipeline *pipeline =
        ready ? cli_pipeline_new(crew->threads, crew->contexts, sizeof(gen_request),
                                 sizeof(cli_test_case), crew->threads * CASES_PER_THREAD,
                                 CASES_PER_THREAD, fill_case, make_case, emit_case, run)
              : NULL;
    if (!pipeline) {
        cli_fail("generate: out of memory"); /* threads that cannot start leave it to this one */
        run->failed = true;
    }
    /* a progress line only where a person watches stderr and it will not mix with the puzzles */
    bool show_progress = !a->quiet && isatty(fileno(stderr)) && !isatty(fileno(stdout));
    cli_progress_start(&run->progress, stderr, show_progress, cli_progress_clock());
    /* the kinds take turns in an order drawn from stream 0, in case order (the read turn) */
    cli_kind_turns_start(&run->turns, &a->data, a->data.seed);
    run->edge_cases = crew->edge_cases;
    if (pipeline) {
        cli_pipeline_run(pipeline);
        cli_pipeline_free(pipeline);
    }
    cli_progress_clear(&run->progress);
    if (run->missed > 10)
        cli_fail("generate: ... %lu puzzles in all missed their target", run->missed);
}

/* Finishes the answers' writer and closes --answers, reporting a failed write. */
static void finish_outputs(gen_run *run)
{
    const gen_args *a = run->a;
    /* a judge's input holds at least one case: a file of none (every --edge case skipped,
     * -n 0) is one its own validator rejects, so none is written */
    if (!run->failed && run->written == 0) {
        cli_fail("generate: no case to write (every --edge case was skipped and -n is 0): "
                 "format '%s' wants at least one", ojd_profile_name(a->data.writes));
        cli_raise_status(&run->exit_status, CLI_EXIT_UNANSWERED);
    } else if (!run->failed && run->answer_writer) {
        errno = 0; /* only a failed write sets it */
        if (ojd_writer_finish(run->answer_writer) != OJD_OK) {
            if (a->data.json) { /* json's lines are stdout */
                run->out_errno = errno;
                run->out_failed = run->failed = true;
            } else {
                run->answers_errno = errno;
                run->answers_failed = run->failed = true;
            }
        }
    }
    if (run->out_failed)
        cli_write_error(run->out_errno);
    /* the rest of stdout is flushed, and a failure reported, by main() after every command */
    if (run->answers) {
        errno = 0; /* ferror() without a failed fflush() sets none */
        if (!run->answers_failed && (fflush(run->answers) != 0 || ferror(run->answers))) {
            run->answers_errno = errno;
            run->answers_failed = true;
        }
        if (fclose(run->answers) != 0 && !run->answers_failed) {
            run->answers_errno = errno;
            run->answers_failed = true;
        }
    }
    if (run->answers_failed) {
        if (run->answers_errno)
            cli_fail("generate: write error on '%s': %s", a->answers,
                     strerror(run->answers_errno));
        else
            cli_fail("generate: write error on '%s'", a->answers);
        run->failed = true;
    }
}

int cmd_generate(int argc, char **argv)
{
    gen_args a = {.count = 1, .data = cli_testdata_default(), .jobs = 1};
    int st = generate_parse(argc, argv, &a);
    if (st >= 0)
        return st;
    /* the edge cases first, then the generated ones */
    int edges[OJD_EDGE_COUNT_];
    int nedges = cli_testdata_edges("generate", &a.data, edges, true);
    unsigned long total = a.count + (unsigned long)nedges;
    /* one file per case (--output-dir) holds one case: the statement's bound is each file's;
     * with --edge the bound is kept by fit_bound() once the edge cases that fit are known */
    if (!a.output_dir && !a.data.edge && !cli_testdata_fit_cases("generate", &a.data, &total, true))
        return CLI_EXIT_USAGE;
    gen_run run = {.a = &a, .exit_status = CLI_EXIT_OK};
    st = open_destinations(&a, &run);
    if (st >= 0)
        return st;
    cli_seed("generate", a.data.seeded, &a.data.seed);
    gen_crew crew = {0};
    bool ready = crew_start(&crew, &run, nedges);
    /* the cases written: every generated one, and the edge cases that fit */
    if (ready) {
        int fit = made_edges(&a, &crew.workers[0], edges, nedges, crew.edge_cases);
        if (!a.output_dir && a.data.edge)
            fit = fit_bound(&a, crew.edge_cases, nedges, fit);
        run.to_write = a.count + (unsigned long)fit;
        total = a.count + (unsigned long)nedges;
    }
    run.total = total;
    run.edges = edges;
    run.nedges = nedges;
    run_cases(&run, &crew, ready);
    finish_outputs(&run);
    crew_free(&crew);
    ojd_writer_free(run.answer_writer);
    return run.failed ? CLI_EXIT_USAGE : run.exit_status;
}
