/*
 * cmd_solve.c -- `ojdoku [solve] [OPTIONS] [FILE...]`.
 *
 * Every puzzle read gets exactly one outcome: an answer on stdout (a grid or the profile's word)
 * or one diagnostic on stderr; exit 0 all answered, 1 some not, 2 usage or I/O (the highest
 * wins).  The batch is an ordered pipeline (pipeline.h) in constant memory, so stdout, stderr
 * and the status are the same for every -j N (bar --timeout, a wall-clock budget); threads start
 * after THREADS_AFTER_SECONDS.  More: docs/performance.md, "Notes moved from the source".
 */
#include "cli.h"
#include "cli/batch/pipeline.h"
#include "cli/batch/progress.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* Cases in flight per solving thread: the outputs a thread may run ahead by while another one's
 * case holds the output up (some milliseconds of easy puzzles: a busy machine deschedules a
 * thread for that long); a few hundred bytes each, and only those used are touched */
#define CASES_PER_THREAD 4096
#define MAX_WINDOW 65536     /* cases in flight at most, whatever the threads */
#define MAX_BATCH 64         /* cases handed to a thread at once, at most (each one's input, the
                              * case as read, is some 6 KiB) */
/* Solving alone for this long first: starting the threads costs about a millisecond (thread
 * start-up, first touches of their records' memory), which a batch that ends within it never
 * gets back.  OJDOKU_THREADS_AFTER=SECONDS sets it (0: threads from the first
 * case), for tests that want the threads on small inputs. */
#define THREADS_AFTER_SECONDS 2e-3
#define DEFAULT_ALL 100     /* --all without N */
#define MAX_ALL 1000000ULL  /* --all=N at most: each solution is listed, so a cap a person reads */

typedef struct solve_options {
    const ojd_profile *format;
    cli_box box;              /* --box: rows 0 = each side's conventional shape */
    const ojd_solver *solver;
    ojd_search search;
    unsigned long count_cap;  /* --count: > 0 */
    unsigned long all_cap;    /* --all: > 0, list every solution up to this many */
    size_t jobs;              /* solving threads; 0 = one per online processor */
    bool stats;
    bool quiet;               /* no progress line */
    bool smallest;            /* --smallest: the lexicographically smallest solution */
    unsigned variant;         /* --variant: OJD_UNITS_* bits (cli_inputs applies them) */
    const char *output_dir;   /* --output-dir: each answer to DIR/case-NNNN.svg, not stdout */
    bool figure;              /* --format svg: an answer is a whole document */
} solve_options;

/* Totals for --stats; every case read lands in exactly one of the outcome counters. */
typedef struct solve_stats {
    unsigned long solved, multiple, unsolvable, conflict, limited, malformed;
    unsigned long long nodes, guesses;
    double seconds;           /* time spent solving, summed over the cases (and so the threads) */
} solve_stats;

/*
 * What printing a case needs, from its solving to its turn to print (the output of the
 * pipeline's record; its input is the cli_case as read).  Everything printed about a case waits
 * here for its turn, warnings first, so `-j N` prints what `-j 1` does.  Small, so a thread can
 * run far ahead of a slow one: most cases keep their answer's text and counters alone.
 */
typedef struct solved_case {
    cli_case_kind kind;
    /* the case as read (malloc'd by the solving thread, freed when printed) when printing needs
     * more than the answer: reader warnings, a step that is no puzzle, a puzzle with no answer
     * written (a diagnostic says where), --all (the printer lists the solutions) */
    cli_case *kept;
    bool lost;                 /* it needed keeping, and memory ran out */
    ojd_status status;         /* the solving's outcome */
    unsigned long solutions;
    unsigned long long nodes, guesses;
    double seconds;
    const ojd_profile *format;  /* the profile that governs the case (with its layout) */
    /* the text to write (not with --all: the solution itself is in it, a result is 4 KiB); kept
     * for the slot's next case */
    ojd_answer *answer;
    ojd_status formatted;      /* what ojd_writer_format() said of it */
} solved_case;

/* What a solving thread owns: its engine (engines are never shared), the result it solves into,
 * and the shared options and writer (only read: ojd_writer_format()). */
typedef struct solve_worker {
    ojd_engine *engine;
    const solve_options *opt;
    const ojd_writer *writer;
    bool format_ahead;         /* format the answer here (not with --all: the printer lists) */
    bool timed;                /* --stats: time every solve */
    ojd_result result;
    char apart[64];            /* the next thread's context is on another cache line */
} solve_worker;

typedef struct solve_run {
    solve_options opt;         /* read by the solving threads */
    ojd_writer *writer;
    /* what printing changes at every case, apart from what the solving threads read (on one
     * cache line, every case printed on one processor would cost a miss to the other's next) */
    char apart[64];
    solve_stats stats;
    int exit_status;
    bool write_failed;         /* stdout failed: stop reading, print nothing more */
    int write_errno;           /* why, read where the write failed (0: not known) */
    bool stopped;              /* a case could not be written where it goes: read no more */
    unsigned long cases_seen;  /* cases printed so far, malformed ones included */
    unsigned long documents;   /* answers written (--format svg: documents) */
    solve_worker *workers;
    void **contexts;           /* &workers[i], for the pipeline */
    size_t threads;
    cli_inputs inputs;         /* read by whichever thread holds the pipeline's read turn */
    cli_pipeline *pipeline;    /* the cases in flight, solved by the threads, printed in order */
    ojd_engine *lister;        /* --all: the printing thread's engine for listing solutions */
    cli_progress progress;
} solve_run;

/* The help text; every line fits 80 columns. */
static void usage(FILE *out)
{
    fputs("Usage: ojdoku [solve] [OPTIONS] [FILE...]\n"
          "       ojdoku COMMAND [OPTIONS] ...\n"
          "Solve every Sudoku puzzle in FILEs (or standard input, also '-') and write\n"
          "the answers on standard output in the judge's format.  The input format is\n"
          "detected; without --format the output mirrors the input.\n"
          "\n"
          "Options:\n"
          "  -f, --format=NAME     answer in the judge profile NAME ('ojdoku formats');\n"
          "                        json: one JSON object per case and line, for scripts\n"
          "  -s, --solver=NAME     solve with NAME ('ojdoku solvers'; default auto)\n"
          "      --box=RxC         every grid has boxes of R rows and C columns (default:\n"
          "                        square boxes, else boxes wider than tall: 6x6 has 2x3)\n"
          "  -c, --count[=N]       count solutions up to N (default 2), print the count\n"
          "      --all[=N]         list every solution up to N (default 100), smallest\n"
          "                        first, each with the count\n"
          "      --smallest        the lexicographically smallest solution (row by row)\n"
          "                        where a puzzle has several, in any profile\n"
          "      --variant=LIST    jigsaw, x, windoku, killer, or several comma-separated:\n"
          "                        the diagonals (x) or windows (windoku) are units too;\n"
          "                        jigsaw: every puzzle brings its regions; killer:\n"
          "                        its cages (GIVENS:REGIONS:CAGES:SUMS on one line)\n"
          "      --max-nodes=N     give up a puzzle after N search nodes\n"
          "      --timeout=SECONDS give up a puzzle after SECONDS\n"
          "  -j, --jobs=N          solve on N threads (0 = one per processor, and never\n"
          "                        more than that; default 1);\n"
          "                        the output is the same for every N\n"
          "  -q, --quiet           no progress line\n"
          "      --stats           print totals and per-puzzle costs on stderr at the end\n"
          "      --output-dir=DIR  with --format svg: each case's figure to its own file,\n"
          "                        DIR/case-0001.svg, ... (case numbers over all inputs,\n"
          "                        malformed cases counted); without it standard output\n"
          "                        gets one SVG document, so one case\n"
          "  -h, --help            print this help and exit\n"
          "  -V, --version         print the version and exit\n"
          "\n"
          "A batch that runs over a second shows a progress line on stderr when stderr\n"
          "is a terminal and stdout is not.\n"
          "\n"
          "Commands:\n",
          out);
    cli_print_commands(out);
    fputs("\n"
          "Exit status: 0 every puzzle answered (the profile's word, such as\n"
          "'No solution', is an answer); 1 some puzzle malformed, unsolvable or\n"
          "ambiguous where the profile has no word for it and needs a solution, or\n"
          "stopped by a limit; 2 usage or I/O error.\n"
          "\n"
          "Examples:\n"
          "  ojdoku < poj3074.in                   mirror the input's format\n"
          "  ojdoku --format poj2918 in.txt        'Scenario #i:' headers, blank lines\n"
          "  ojdoku --format uva10957 boards.in    'Case N: Unique.' verdicts\n"
          "  ojdoku --format line --count=10 x.txt PUZZLE:COUNT:SOLUTION lines\n"
          "  ojdoku -j 0 --format json big.txt     every processor, JSON lines\n",
          out);
}

/* The long options of solve (getopt_long's table; the short ones are -f -s -c -j -q -h -V). */
static const struct option solve_longs[] = {
    {"format", required_argument, NULL, 'f'}, {"solver", required_argument, NULL, 's'},
    {"count", optional_argument, NULL, 'c'},  {"max-nodes", required_argument, NULL, 'N'},
    {"all", optional_argument, NULL, 'A'},
    {"timeout", required_argument, NULL, 'T'}, {"stats", no_argument, NULL, 'S'},
    {"help", no_argument, NULL, 'h'},          {"version", no_argument, NULL, 'V'},
    {"jobs", required_argument, NULL, 'j'},    {"quiet", no_argument, NULL, 'q'},
    {"box", required_argument, NULL, 'B'},      {"smallest", no_argument, NULL, 'L'},
    {"variant", required_argument, NULL, 'U'},
    {"output-dir", required_argument, NULL, 'O'},
    {NULL, 0, NULL, 0},
};

/* solve_option()'s answer for what getopt returns for an unknown option or a missing value */
#define NOT_AN_OPTION (-2)

/* One option c with its value (NULL when it has none): -1 to go on, NOT_AN_OPTION, or an exit
 * status (help and version are answered here). */
static int solve_option(int c, const char *value, solve_options *opt)
{
    char why[CLI_MESSAGE_SIZE];
    unsigned long long n;
    switch (c) {
    case 'j':
        if (!cli_parse_jobs(NULL, value, CLI_MAX_JOBS, &opt->jobs))
            return CLI_EXIT_USAGE;
        break;
    case 'q':
        opt->quiet = true;
        break;
    case 'L':
        opt->smallest = true;
        break;
    case 'f':
        opt->format = cli_find_format(value, why, sizeof why);
        if (!opt->format) {
            cli_fail("%s", why);
            return CLI_EXIT_USAGE;
        }
        break;
    case 'B':
        if (!cli_parse_box("solve", value, &opt->box))
            return CLI_EXIT_USAGE;
        break;
    case 'U':
        if (!cli_parse_variant("solve", value, &opt->variant))
            return CLI_EXIT_USAGE;
        break;
    case 's':
        opt->solver = cli_find_solver(value, why, sizeof why);
        if (!opt->solver) {
            cli_fail("%s", why);
            return CLI_EXIT_USAGE;
        }
        break;
    case 'c':
        opt->count_cap = 2;
        if (value && (!cli_parse_number(value, 1000000000ULL, &n) || n == 0)) {
            cli_fail("--count wants a number from 1 to 1000000000, not '%s'", value);
            return CLI_EXIT_USAGE;
        }
        if (value)
            opt->count_cap = (unsigned long)n;
        break;
    case 'A':
        opt->all_cap = DEFAULT_ALL;
        if (value && (!cli_parse_number(value, MAX_ALL, &n) || n == 0)) {
            cli_fail("--all wants a number from 1 to %llu, not '%s'", MAX_ALL, value);
            return CLI_EXIT_USAGE;
        }
        if (value)
            opt->all_cap = (unsigned long)n;
        break;
    case 'N':
        if (!cli_parse_max_nodes(NULL, value, &opt->search))
            return CLI_EXIT_USAGE;
        break;
    case 'T':
        if (!cli_parse_timeout(NULL, value, &opt->search))
            return CLI_EXIT_USAGE;
        break;
    case 'S':
        opt->stats = true;
        break;
    case 'O':
        opt->output_dir = value;
        break;
    case 'h':
        usage(stdout);
        return CLI_EXIT_OK;
    case 'V':
        printf("ojdoku %s\n", OJD_VERSION);
        return CLI_EXIT_OK;
    default:
        return NOT_AN_OPTION; /* the caller reports it: it knows getopt's state */
    }
    return -1;
}

/* What the options mean together, once all are read: -1 to go on, or an exit status. */
static int settle_options(solve_options *opt)
{
    /* --all counts at least as far as it lists, so the count printed with every solution is
     * exact up to the cap */
    if (opt->all_cap && opt->count_cap < opt->all_cap)
        opt->count_cap = opt->all_cap;
    if (!cli_box_fits_format("solve", opt->box, opt->format))
        return CLI_EXIT_USAGE;
    bool figure = opt->format && ojd_profile_style(opt->format) == OJD_STYLE_SVG;
    opt->figure = figure;
    if (opt->output_dir && !figure) {
        cli_fail("solve: --output-dir writes one figure per case, for --format svg");
        return CLI_EXIT_USAGE;
    }
    /* a figure is the puzzle and one solution, the whole document */
    if (figure && (opt->count_cap || opt->all_cap)) {
        cli_fail("solve: --format svg draws one solution per case, not with --%s",
                 opt->all_cap ? "all" : "count");
        return CLI_EXIT_USAGE;
    }
    return -1;
}

/* Parses the options; returns -1 to go on, or an exit status. */
static int parse_options(int argc, char **argv, solve_options *opt, int *first_file)
{
    int c;
    opterr = 0;
    opt->jobs = 1;
    while ((c = getopt_long(argc, argv, ":f:s:c::j:qhV", solve_longs, NULL)) != -1) {
        int status = solve_option(c, optarg, opt);
        if (status == NOT_AN_OPTION) {
            cli_option_error(NULL, solve_longs, c, optopt, optind, argv);
            return CLI_EXIT_USAGE;
        }
        if (status != -1)
            return status;
    }
    int settled = settle_options(opt);
    if (settled != -1)
        return settled;
    *first_file = optind;
    return -1;
}

/* ---- solving (any thread) -------------------------------------------------------------------- */

/* The search a case gets: the budgets of the options, and the solution limit and order that
 * the profile governing the case (`format`: the chosen one, or the one its input grammar
 * implies) sets for --count. */
static ojd_search case_search(const solve_options *opt, const ojd_profile *format)
{
    ojd_search search = opt->search;
    ojd_profile_search(format, opt->count_cap, &search);
    /* --smallest: any profile answers with the smallest of several solutions (the engine's
     * lexmin, built on every solver); a task with a method of its own has no solutions to
     * order */
    if (opt->smallest && search.method == OJD_METHOD_SEARCH)
        search.lexmin = true;
    /* a sum (Project Euler 96) adds each grid's top-left number, defined by its one solution
     * only: a second is looked for, as check and validate --input do */
    if (ojd_profile_task(format) == OJD_TASK_SUM && search.limit < 2)
        search.limit = 2;
    return search;
}

/* Whether a sum's case is refused: it has several solutions, so no top-left number. */
static bool sum_refused(const ojd_profile *format, ojd_status status)
{
    return status == OJD_MULTIPLE && ojd_profile_task(format) == OJD_TASK_SUM;
}

/* Whether the case got the answer its judge wants: ojd_profile_answered(), and also an outcome
 * the statement answers with a word ("Non-unique", "No solution", "-1"), which is as right an
 * answer as a grid: so that `ojdoku solve` can be a reference program under judge and stress. */
static bool case_answered(const ojd_profile *format, ojd_status status, unsigned long count)
{
    ojd_outcome outcome = status == OJD_MULTIPLE     ? OJD_OUTCOME_MULTIPLE
                          : status == OJD_UNSOLVABLE ? OJD_OUTCOME_UNSOLVABLE
                          : status == OJD_CONFLICT   ? OJD_OUTCOME_CONFLICT
                                                     : OJD_OUTCOME_SOLVED;
    if (outcome != OJD_OUTCOME_SOLVED &&
        ojd_profile_answer(format, outcome, NULL) == OJD_ANSWER_WORD)
        return true;
    return ojd_profile_answered(format, status, count);
}

/* Whether printing a case needs more than its answer's text and counters (see solved_case): a
 * diagnostic follows when no text was made (ojd_writer_put() then returns what formatting said)
 * and for an engine error. */
static bool needs_case(const cli_case *c, const solved_case *sc, bool format_ahead)
{
    return c->kind != CLI_CASE_PUZZLE || c->warnings > 0 || !format_ahead ||
           sc->formatted != OJD_OK || sc->status < 0;
}

static void solve_case(void *worker_context, void *input, void *output)
{
    solve_worker *worker = worker_context;
    const cli_case *c = input;
    solved_case *sc = output;
    sc->kind = c->kind;
    sc->kept = NULL;
    sc->lost = false;
    sc->status = OJD_OK;
    sc->formatted = OJD_OK;
    if (c->kind == CLI_CASE_PUZZLE) {
        const ojd_puzzle *pz = &c->puzzle;
        double t0 = worker->timed ? cli_progress_clock() : 0;
        sc->format = ojd_profile_effective(worker->opt->format, &pz->layout);
        ojd_search search = case_search(worker->opt, sc->format);
        ojd_result *res = &worker->result;
        sc->status = ojd_engine_solve(worker->engine, &pz->board, &search, res);
        sc->seconds = worker->timed ? cli_progress_clock() - t0 : 0;
        sc->solutions = res->solutions;
        sc->nodes = res->nodes;
        sc->guesses = res->guesses;
        if (worker->format_ahead) {
            if (!sc->answer)
                sc->answer = ojd_answer_new(); /* once per slot of the ring, reused after */
            sc->formatted = sc->answer ? ojd_writer_format(worker->writer, pz, sc->status, res,
                                                           sc->answer)
                                       : OJD_ERR_NOMEM;
            if (sum_refused(sc->format, sc->status))
                sc->formatted = OJD_MULTIPLE; /* not put: the sum leaves it out */
        }
    }
    if (needs_case(c, sc, worker->format_ahead)) {
        sc->kept = malloc(sizeof *sc->kept);
        if (sc->kept)
            *sc->kept = *c;
        else
            sc->lost = true;
    }
}

/* ---- printing (one thread at a time, in input order) ----------------------------------------- */

/* The diagnostic for a puzzle that got no answer on stdout. */
static void diagnose_outcome(const char *file, const ojd_puzzle *pz, ojd_status st,
                             unsigned long long nodes, const ojd_search *search,
                             const ojd_profile *format)
{
    ojd_error e = {.code = st, .line = pz->line, .col = pz->col};
    ojd_conflict c;
    switch (st) {
    case OJD_CONFLICT:
        if (ojd_board_find_conflict(&pz->board, &c)) {
            /* a repeat in the checker's old words; a cage's sum as ojd_conflict_text() says */
            char why[sizeof e.message - 32];
            ojd_conflict_text(&pz->board, &c, why, sizeof why);
            if (c.value > 0)
                snprintf(e.message, sizeof e.message, "no solution: the givens repeat %d in %s %d",
                         c.value, c.unit, c.index);
            else
                snprintf(e.message, sizeof e.message, "no solution: in the givens, %s", why);
            /* at the line of the row that holds the second of the two givens */
            long line = pz->row_line[c.cell_b / pz->board.side];
            if (line > 0 && line != pz->line) {
                e.line = line;
                e.col = 1;
            }
        }
        else
            snprintf(e.message, sizeof e.message, "no solution: the givens conflict");
        break;
    case OJD_LIMIT: {
        /* a count or a listing stopped at its cap, not by a budget: say the cap */
        ojd_task task = ojd_profile_task(format);
        bool budget = (search->max_nodes && nodes > search->max_nodes) || search->max_seconds > 0;
        if (!budget && (task == OJD_TASK_ALL || task == OJD_TASK_COUNT))
            snprintf(e.message, sizeof e.message, "more than %lu solutions: task %s %s at most "
                     "%lu", search->limit - 1, ojd_task_name(task),
                     task == OJD_TASK_ALL ? "lists" : "counts", search->limit - 1);
        else
            cli_limit_message(e.message, sizeof e.message, search, nodes);
        break;
    }
    case OJD_MULTIPLE:
        snprintf(e.message, sizeof e.message, "several solutions%s",
                 ojd_profile_task(format) == OJD_TASK_SUM
                     ? ": its top-left number is not defined, and the sum leaves it out" : "");
        break;
    case OJD_ERR_INVALID: {
        /* a task on complete grids (a verdict on a solution, an anti-sudoku) given a blank */
        const uint8_t *blank = search->method == OJD_METHOD_COMPLETE ||
                                       search->method == OJD_METHOD_ANTI
                                   ? memchr(pz->board.cell, 0, (size_t)ojd_board_cells(&pz->board))
                                   : NULL;
        if (!blank) {
            snprintf(e.message, sizeof e.message, "%s", ojd_strerror(st));
            break;
        }
        int at = (int)(blank - pz->board.cell), side = pz->board.side;
        snprintf(e.message, sizeof e.message,
                 "row %d column %d is blank: the statement's grids are complete", at / side + 1,
                 at % side + 1);
        if (pz->row_line[at / side] > 0) {
            e.line = pz->row_line[at / side];
            e.col = 1;
        }
        break;
    }
    case OJD_ERR_USAGE:
        /* the engine's refusal of cages to a solver without them, else the writer's one
         * refusal: no one-character alphabet for the grid */
        if (ojd_board_units(&pz->board) & OJD_UNITS_KILLER) {
            snprintf(e.message, sizeof e.message,
                     "the solver does not take killer cages (--solver NAME: one that does)");
            break;
        }
        snprintf(e.message, sizeof e.message,
                 "a %dx%d grid cannot be written one character per cell (letters end at Y = "
                 "25); answer it with spaced numbers (--format grid or json, or spaced input "
                 "mirrored)", pz->board.side, pz->board.side);
        break;
    default:
        snprintf(e.message, sizeof e.message, "%s", ojd_strerror(st));
        break;
    }
    cli_diagnose(file, &e, "error");
}

/* --all: every solution of a case, smallest first, each written as the profile writes a solution
 * (with the case's count, as --count does).  The walk runs here, on the printing thread, with an
 * engine of its own, so no case in flight holds more than its first solution. */
typedef struct lister {
    solve_run *run;
    const ojd_puzzle *puzzle;
    ojd_status status;
    ojd_result result;        /* the case's counters and count, one solution at a time */
    ojd_status written;
} lister;

static bool list_one(void *context, const ojd_board *solution)
{
    lister *l = context;
    l->result.solution = *solution;
    l->written = ojd_writer_answer(l->run->writer, l->puzzle, l->status, &l->result);
    return l->written == OJD_OK;
}

static ojd_status list_all(solve_run *run, const ojd_puzzle *pz, ojd_status st,
                           const ojd_result *res)
{
    lister l = {.run = run, .puzzle = pz, .status = st, .result = *res, .written = OJD_OK};
    unsigned long listed;
    ojd_status walked = ojd_engine_each_solution(run->lister, &pz->board, &run->opt.search,
                                                 run->opt.all_cap, list_one, &l, &listed);
    if (l.written != OJD_OK)
        return l.written;
    return walked == OJD_OK ? OJD_OK : walked;
}

/* A case of task all with several solutions: its text is no one answer made ahead (the writer
 * refuses one), so the case is kept and the printer lists them, with an engine of its own. */
static bool listed(const solved_case *sc)
{
    return sc->status == OJD_MULTIPLE && sc->kept && ojd_profile_task(sc->format) == OJD_TASK_ALL;
}

static ojd_status list_task_all(solve_run *run, const solved_case *sc)
{
    if (!run->lister && !(run->lister = ojd_engine_new(run->opt.solver)))
        return OJD_ERR_NOMEM;
    static const ojd_result no_solution;
    ojd_result res = no_solution;
    res.solutions = sc->solutions;
    ojd_search search = case_search(&run->opt, sc->format);
    return cli_write_answer(run->writer, run->lister, run->opt.format, &sc->kept->puzzle,
                            sc->status, &res, &search);
}

/* --output-dir: the answer made ahead into its own file (cli_write_case_file), numbered over
 * all inputs (run->cases_seen). */
typedef struct answer_of {
    const solve_run *run;
    const ojd_answer *text;
} answer_of;

static ojd_status put_answer(void *context, FILE *file)
{
    const answer_of *a = context;
    ojd_writer *w = ojd_writer_new(file, a->run->opt.format, NULL);
    ojd_status st = w ? ojd_writer_put(w, a->text) : OJD_ERR_NOMEM;
    if (st == OJD_OK)
        st = ojd_writer_finish(w);
    ojd_writer_free(w);
    return st;
}

/* Writes the outcome of a solved case; sc->kept is there whenever what is written is no answer's
 * text made ahead (needs_case()). */
static void answer(solve_run *run, const solved_case *sc)
{
    ojd_status st = sc->status;
    run->stats.seconds += sc->seconds;
    run->stats.nodes += sc->nodes;
    run->stats.guesses += sc->guesses;
    switch (st) {
    case OJD_OK: run->stats.solved++; break;
    case OJD_MULTIPLE: run->stats.multiple++; break;
    case OJD_UNSOLVABLE: run->stats.unsolvable++; break;
    case OJD_CONFLICT: run->stats.conflict++; break;
    case OJD_LIMIT: run->stats.limited++; break;
    default: run->stats.limited++; break; /* out of memory: no answer, reported below */
    }
    ojd_status written;
    if (listed(sc)) { /* with or without --all: task all lists every solution */
        written = list_task_all(run, sc);
    } else if (run->opt.all_cap) {
        /* the counters of the case's result; each solution is put in as it is listed */
        static const ojd_result no_solution;
        ojd_result res = no_solution;
        res.solutions = sc->solutions;
        res.nodes = sc->nodes;
        res.guesses = sc->guesses;
        const ojd_puzzle *pz = &sc->kept->puzzle;
        written = st == OJD_OK || st == OJD_MULTIPLE ? list_all(run, pz, st, &res)
                                                     : ojd_writer_answer(run->writer, pz, st, &res);
    } else if (sc->answer && sc->formatted == OJD_OK && run->opt.figure) {
        /* a figure is a whole document: one per file (--output-dir), or one on stdout */
        if (!run->opt.output_dir && run->documents > 0) {
            cli_progress_clear(&run->progress);
            cli_fail("solve: --format svg writes one SVG document on standard output, and case "
                     "%lu is a second one: --output-dir DIR writes one file per case",
                     run->cases_seen);
            cli_raise_status(&run->exit_status, CLI_EXIT_USAGE);
            run->stopped = true;
            return;
        }
        answer_of figure = {run, sc->answer};
        if (run->opt.output_dir && !cli_write_case_file("solve", run->opt.output_dir,
                                                        run->cases_seen, put_answer, &figure)) {
            cli_raise_status(&run->exit_status, CLI_EXIT_USAGE);
            run->stopped = true;
            return;
        }
        written = run->opt.output_dir ? OJD_OK : ojd_writer_put(run->writer, sc->answer);
    } else if (sum_refused(sc->format, st)) {
        written = OJD_MULTIPLE;
    } else {
        /* made where the case was solved */
        written = sc->answer ? ojd_writer_put(run->writer, sc->answer) : sc->formatted;
    }
    if (written == OJD_OK && sc->formatted == OJD_OK)
        run->documents++;
    if (written == OJD_ERR_IO) {
        run->write_errno = errno;
        run->write_failed = true;
        return;
    }
    if (written != OJD_OK || st < 0) { /* an engine error is on stderr even when written */
        cli_progress_clear(&run->progress);
        ojd_search search = case_search(&run->opt, sc->format); /* the case's task and budgets */
        diagnose_outcome(sc->kept->file, &sc->kept->puzzle, written != OJD_OK ? written : st,
                         sc->nodes, &search, sc->format);
    }
    if (written != OJD_OK || sum_refused(sc->format, st) ||
        !case_answered(sc->format, st, run->opt.count_cap))
        cli_raise_status(&run->exit_status, CLI_EXIT_UNANSWERED);
}

/* Prints everything about one case; called for every case in input order. */
static void emit(solve_run *run, const solved_case *sc)
{
    if (run->write_failed || run->stopped)
        return; /* as -j 1 would: nothing after the failed write */
    if (sc->lost) { /* the one thing left to say of it */
        cli_progress_clear(&run->progress);
        cli_fail("out of memory");
        cli_raise_status(&run->exit_status, CLI_EXIT_USAGE);
        return;
    }
    const cli_case *c = sc->kept; /* NULL: a puzzle with its answer made, or an END */
    if (c && c->warnings > 0) {
        cli_progress_clear(&run->progress);
        cli_print_warnings(c);
    }
    switch (sc->kind) {
    case CLI_CASE_PUZZLE:
        run->cases_seen++;
        answer(run, sc);
        cli_progress_step(&run->progress);
        break;
    case CLI_CASE_MALFORMED: {
        cli_raise_status(&run->exit_status, CLI_EXIT_UNANSWERED);
        if (c->index > 0) { /* "the input holds no puzzle" is no case */
            run->stats.malformed++;
            run->cases_seen++;
        }
        /* A profile with a record for bad cases (json) writes it; the diagnostic goes to stderr
         * in every profile, so bad input is reported the same way whatever the output. */
        ojd_status written = ojd_writer_error(run->writer, c->index, &c->error);
        if (written == OJD_ERR_IO) {
            run->write_errno = errno;
            run->write_failed = true;
        } else {
            cli_progress_clear(&run->progress);
            cli_diagnose(c->file, &c->error, "error");
        }
        cli_progress_step(&run->progress);
        break;
    }
    case CLI_CASE_FAILED:
        cli_progress_clear(&run->progress);
        cli_fail("%s", c->message);
        cli_raise_status(&run->exit_status, CLI_EXIT_USAGE);
        break;
    case CLI_CASE_END:
        break;
    }
}

/* ---- the cases in flight ------------------------------------------------------------------- */

/* Reads the next step of the inputs into a case record of the pipeline (on the thread that
 * holds the read turn, which then solves it). */
static bool fill_case(void *context, void *input)
{
    solve_run *run = context;
    return cli_inputs_next(&run->inputs, input);
}

/* Prints everything about one case, and lets go of its copy; false (read no more) once
 * standard output has failed. */
static bool emit_case(void *context, void *output)
{
    solve_run *run = context;
    solved_case *sc = output;
    emit(run, sc);
    free(sc->kept);
    sc->kept = NULL;
    return !run->write_failed && !run->stopped;
}

/* Frees the answer a slot of the ring kept. */
static void free_answer(void *output)
{
    solved_case *sc = output;
    ojd_answer_free(sc->answer);
    sc->answer = NULL;
}

static void print_stats(solve_stats *s)
{
    unsigned long read = s->solved + s->multiple + s->unsolvable + s->conflict + s->limited +
                         s->malformed;
    unsigned long n = read ? read : 1;
    fprintf(stderr,
            "ojdoku: stats: %lu puzzles read: %lu solved, %lu several solutions, %lu no solution"
            " (%lu with conflicting givens), %lu stopped by a limit, %lu malformed\n",
            read, s->solved, s->multiple, s->unsolvable + s->conflict, s->conflict,
            s->limited, s->malformed);
    fprintf(stderr,
            "ojdoku: stats: %.3f s solving; per puzzle %.1f us, %.1f nodes, %.1f guesses\n",
            s->seconds, s->seconds * 1e6 / (double)n, (double)s->nodes / (double)n,
            (double)s->guesses / (double)n);
}

/* Engines, threads and the pipeline for `threads` solving threads (1 = solve inline). */
static bool start_workers(solve_run *run, size_t threads)
{
    run->threads = threads;
    run->workers = calloc(threads, sizeof *run->workers);
    run->contexts = calloc(threads, sizeof *run->contexts);
    if (!run->workers || !run->contexts)
        return false;
    for (size_t i = 0; i < threads; i++) {
        run->workers[i].opt = &run->opt;
        run->workers[i].writer = run->writer;
        run->workers[i].format_ahead = run->opt.all_cap == 0;
        run->workers[i].timed = run->opt.stats;
        run->workers[i].engine = ojd_engine_new(run->opt.solver);
        if (!run->workers[i].engine)
            return false;
        run->contexts[i] = &run->workers[i];
    }
    /* enough cases in flight that a slow puzzle (or a descheduled thread) does not idle the
     * other threads, and a bound on memory however many threads there are */
    size_t window = threads * CASES_PER_THREAD;
    run->pipeline = cli_pipeline_new(threads, run->contexts, sizeof(cli_case), sizeof(solved_case),
                                     window < MAX_WINDOW ? window : MAX_WINDOW, MAX_BATCH,
                                     fill_case, solve_case, emit_case, run);
    if (!run->pipeline)
        return false;
    const char *after = getenv("OJDOKU_THREADS_AFTER");
    char *end;
    double seconds = after ? strtod(after, &end) : THREADS_AFTER_SECONDS;
    if (!after || *end || !(seconds >= 0))
        seconds = THREADS_AFTER_SECONDS;
    cli_pipeline_start_after(run->pipeline, seconds);
    return true;
}

static void stop_workers(solve_run *run)
{
    if (run->pipeline)
        cli_pipeline_release(run->pipeline, free_answer);
    cli_pipeline_free(run->pipeline);
    for (size_t i = 0; run->workers && i < run->threads; i++)
        ojd_engine_free(run->workers[i].engine);
    free(run->workers);
    free(run->contexts);
    ojd_engine_free(run->lister);
}

int cmd_solve(int argc, char **argv)
{
    solve_run run = {.exit_status = CLI_EXIT_OK};
    int first;
    int st = parse_options(argc, argv, &run.opt, &first);
    if (st >= 0)
        return st;
    size_t threads = cli_pipeline_threads(run.opt.jobs);
    ojd_writer_options wopt = {.count_cap = run.opt.count_cap};
    /* answers to a file or pipe go out in large blocks (one write per 64 KiB, not per 4 KiB) */
    if (!isatty(fileno(stdout)))
        setvbuf(stdout, NULL, _IOFBF, (size_t)1 << 16);
    if (run.opt.output_dir && mkdir(run.opt.output_dir, 0777) != 0 && errno != EEXIST) {
        cli_fail("solve: --output-dir %s: %s", run.opt.output_dir, strerror(errno));
        return CLI_EXIT_USAGE;
    }
    run.writer = ojd_writer_new(stdout, run.opt.format, &wopt);
    if (run.opt.all_cap)
        run.lister = ojd_engine_new(run.opt.solver);
    if (!run.writer || (run.opt.all_cap && !run.lister) || !start_workers(&run, threads)) {
        cli_fail("out of memory"); /* threads that cannot start leave the batch on this one */
        stop_workers(&run);
        ojd_writer_free(run.writer);
        return CLI_EXIT_USAGE;
    }
    /* a progress line only where a person watches stderr and it will not mix with answers */
    bool show_progress = !run.opt.quiet && isatty(fileno(stderr)) && !isatty(fileno(stdout));
    cli_progress_start(&run.progress, stderr, show_progress, cli_progress_clock());

    cli_inputs_init(&run.inputs, argc - first, argv + first, run.opt.format, run.opt.box);
    run.inputs.variant = run.opt.variant;
    cli_pipeline_run(run.pipeline);
    cli_inputs_close(&run.inputs);
    cli_progress_clear(&run.progress);
    errno = 0;
    if (!run.write_failed && ojd_writer_finish(run.writer) != OJD_OK) {
        run.write_errno = errno;
        run.write_failed = true;
    }
    if (run.write_failed) { /* errno now is whatever came after the failed write */
        int err = run.write_errno ? run.write_errno : EIO;
        cli_raise_status(&run.exit_status, cli_write_error(err));
    }
    if (run.opt.stats)
        print_stats(&run.stats);
    stop_workers(&run);
    ojd_writer_free(run.writer);
    return run.exit_status;
}
