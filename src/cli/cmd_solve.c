/*
 * cmd_solve.c -- `ojdoku [solve] [OPTIONS] [FILE...]`, and the `solvers` / `formats` listings.
 *
 * Every puzzle read gets exactly one outcome: an answer on stdout (a grid, or the profile's words
 * for "no solution" and the like), or one diagnostic on stderr.  Exit 0 when every puzzle was
 * answered, 1 when any was malformed, had no solution, was ambiguous where the profile needs a
 * unique answer, or was stopped by a limit; 2 for usage and I/O errors.
 */
#include "cli.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct solve_options {
    const ojd_format *format;
    const ojd_solver *solver;
    ojd_search search;
    unsigned long count_cap;  /* --count: > 0 */
    bool stats;
} solve_options;

/* Totals for --stats; every puzzle read lands in exactly one of the outcome counters. */
typedef struct solve_stats {
    unsigned long read, solved, multiple, unsolvable, conflict, limited, malformed;
    unsigned long long nodes, guesses;
    double seconds;           /* time spent solving */
} solve_stats;

typedef struct solve_run {
    solve_options opt;
    ojd_engine *engine;
    ojd_writer *writer;
    solve_stats stats;
    int exit_status;
} solve_run;

static void usage(FILE *out)
{
    fputs("Usage: ojdoku [solve] [OPTIONS] [FILE...]\n"
          "       ojdoku COMMAND [OPTIONS] ...\n"
          "Solve every Sudoku puzzle in FILEs (or standard input, also '-') and write the answers\n"
          "on standard output in the judge's format.  The input format is detected; without\n"
          "--format the output mirrors the input.\n"
          "\n"
          "Options:\n"
          "  -f, --format=NAME     read and write the judge profile NAME ('ojdoku formats')\n"
          "  -s, --solver=NAME     solve with NAME ('ojdoku solvers'; default auto)\n"
          "  -c, --count[=N]       count solutions up to N (default 2) and print the count\n"
          "      --max-nodes=N     give up a puzzle after N search nodes\n"
          "      --timeout=SECONDS give up a puzzle after SECONDS\n"
          "      --stats           print totals and per-puzzle costs on stderr at the end\n"
          "  -h, --help            print this help and exit\n"
          "  -V, --version         print the version and exit\n"
          "\n"
          "Commands:\n",
          out);
    ojd_cli_print_commands(out);
    fputs("\n"
          "Exit status: 0 every puzzle answered, 1 some puzzle malformed, unsolvable, ambiguous\n"
          "where the profile needs a unique answer, or stopped by a limit; 2 usage or I/O error.\n"
          "\n"
          "Examples:\n"
          "  ojdoku < poj3074.in                    mirror the input's format\n"
          "  ojdoku --format poj2918 scenarios.in   'Scenario #i:' headers, blank line after each\n"
          "  ojdoku --format uva10957 boards.in     'Case N: Unique.' verdicts\n"
          "  ojdoku --format line --count=10 x.txt  PUZZLE:COUNT:SOLUTION lines\n",
          out);
}

static bool parse_ulong(const char *text, unsigned long long *value)
{
    char *end;
    errno = 0;
    if (!text || !*text || *text == '-')
        return false;
    *value = strtoull(text, &end, 10);
    return errno == 0 && *end == '\0';
}

/* Parses the options; returns -1 to go on, or an exit status. */
static int parse_options(int argc, char **argv, solve_options *opt, int *first_file)
{
    static const struct option longs[] = {
        {"format", required_argument, NULL, 'f'}, {"solver", required_argument, NULL, 's'},
        {"count", optional_argument, NULL, 'c'},  {"max-nodes", required_argument, NULL, 'N'},
        {"timeout", required_argument, NULL, 'T'}, {"stats", no_argument, NULL, 'S'},
        {"help", no_argument, NULL, 'h'},          {"version", no_argument, NULL, 'V'},
        {NULL, 0, NULL, 0},
    };
    int c;
    unsigned long long n;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":f:s:c::hV", longs, NULL)) != -1) {
        switch (c) {
        case 'f':
            opt->format = ojd_format_find(optarg);
            if (!opt->format) {
                ojd_cli_fail("unknown format '%s' (see 'ojdoku formats')", optarg);
                return OJD_EXIT_USAGE;
            }
            break;
        case 's':
            opt->solver = ojd_solver_find(optarg);
            if (!opt->solver) {
                ojd_cli_fail("unknown solver '%s' (see 'ojdoku solvers')", optarg);
                return OJD_EXIT_USAGE;
            }
            break;
        case 'c':
            opt->count_cap = 2;
            if (optarg && (!parse_ulong(optarg, &n) || n == 0 || n > 1000000000UL)) {
                ojd_cli_fail("--count wants a number from 1 to 1000000000, not '%s'", optarg);
                return OJD_EXIT_USAGE;
            }
            if (optarg)
                opt->count_cap = (unsigned long)n;
            break;
        case 'N':
            if (!parse_ulong(optarg, &n)) {
                ojd_cli_fail("--max-nodes wants a whole number, not '%s'", optarg);
                return OJD_EXIT_USAGE;
            }
            opt->search.max_nodes = n;
            break;
        case 'T': {
            char *end;
            errno = 0;
            double s = strtod(optarg, &end);
            if (errno || *end || !(s > 0) || s > 1e9) {
                ojd_cli_fail("--timeout wants a positive number of seconds, not '%s'", optarg);
                return OJD_EXIT_USAGE;
            }
            opt->search.max_seconds = s;
            break;
        }
        case 'S':
            opt->stats = true;
            break;
        case 'h':
            usage(stdout);
            return OJD_EXIT_OK;
        case 'V':
            printf("ojdoku %s\n", OJD_VERSION);
            return OJD_EXIT_OK;
        case ':':
            ojd_cli_fail("option '%s' needs a value", argv[optind - 1]);
            return OJD_EXIT_USAGE;
        default:
            ojd_cli_fail("unknown option '%s' (see 'ojdoku --help')", argv[optind - 1]);
            return OJD_EXIT_USAGE;
        }
    }
    *first_file = optind;
    return -1;
}

/* The diagnostic for a puzzle that got no answer on stdout. */
static void diagnose_outcome(const char *file, const ojd_puzzle *pz, ojd_status st,
                             const ojd_result *res)
{
    ojd_error e = {.code = st, .line = pz->line, .col = pz->col};
    ojd_conflict c;
    switch (st) {
    case OJD_CONFLICT:
        if (ojd_board_find_conflict(&pz->board, &c))
            snprintf(e.message, sizeof e.message, "no solution: the givens repeat %d in %s %d",
                     c.value, c.unit, c.index);
        else
            snprintf(e.message, sizeof e.message, "no solution: the givens conflict");
        break;
    case OJD_LIMIT:
        snprintf(e.message, sizeof e.message, "search limit reached after %llu nodes",
                 res->nodes);
        break;
    case OJD_MULTIPLE:
        snprintf(e.message, sizeof e.message, "several solutions");
        break;
    default:
        snprintf(e.message, sizeof e.message, "%s", ojd_strerror(st));
        break;
    }
    ojd_cli_diagnose(file, &e, "error");
}

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Solves one puzzle and writes its outcome.  false on a write error. */
static bool answer(solve_run *run, const char *file, const ojd_puzzle *pz)
{
    ojd_result res;
    double t0 = now_seconds();
    ojd_status st = ojd_engine_solve(run->engine, &pz->board, &run->opt.search, &res);
    run->stats.seconds += now_seconds() - t0;
    run->stats.nodes += res.nodes;
    run->stats.guesses += res.guesses;
    switch (st) {
    case OJD_OK: run->stats.solved++; break;
    case OJD_MULTIPLE: run->stats.multiple++; break;
    case OJD_UNSOLVABLE: run->stats.unsolvable++; break;
    case OJD_CONFLICT: run->stats.conflict++; break;
    case OJD_LIMIT: run->stats.limited++; break;
    default: run->stats.limited++; break; /* out of memory: no answer, reported below */
    }
    ojd_status written = ojd_writer_answer(run->writer, pz, st, &res);
    if (written == OJD_ERR_IO)
        return false;
    bool counting = run->opt.count_cap > 0;
    bool unique_needed = run->opt.format && run->opt.format->unique;
    if (written != OJD_OK)
        diagnose_outcome(file, pz, written, &res);
    if (written != OJD_OK || st == OJD_LIMIT || st < 0 ||
        (!counting && (st == OJD_UNSOLVABLE || st == OJD_CONFLICT ||
                       (st == OJD_MULTIPLE && unique_needed))))
        run->exit_status = OJD_EXIT_UNANSWERED;
    return true;
}

static void print_warnings(ojd_reader *reader, const char *file)
{
    ojd_error w;
    while (ojd_reader_warning(reader, &w))
        ojd_cli_diagnose(file, &w, "warning");
}

/* Reads and answers every puzzle of one stream.  false on an I/O error (already reported). */
static bool solve_stream(solve_run *run, FILE *in, const char *file)
{
    ojd_reader *reader = ojd_reader_new(in, file, run->opt.format);
    if (!reader) {
        ojd_cli_fail("out of memory");
        return false;
    }
    bool ok = true;
    for (;;) {
        ojd_puzzle pz;
        ojd_error err;
        ojd_status st = ojd_reader_next(reader, &pz, &err);
        print_warnings(reader, file);
        if (st == OJD_END)
            break;
        if (st == OJD_ERR_PARSE) {
            ojd_cli_diagnose(file, &err, "error");
            run->exit_status = OJD_EXIT_UNANSWERED;
            continue;
        }
        if (st != OJD_OK) {
            ojd_cli_fail("%s: %s", file, st == OJD_ERR_IO ? strerror(errno) : ojd_strerror(st));
            ok = false;
            break;
        }
        if (!answer(run, file, &pz)) {
            ok = false;
            break;
        }
    }
    /* every case the reader met was answered above or is malformed */
    run->stats.read += ojd_reader_cases(reader);
    ojd_reader_free(reader);
    return ok;
}

static void print_stats(solve_stats *s)
{
    s->malformed = s->read - s->solved - s->multiple - s->unsolvable - s->conflict - s->limited;
    unsigned long n = s->read ? s->read : 1;
    fprintf(stderr,
            "ojdoku: stats: %lu puzzles read: %lu solved, %lu several solutions, %lu no solution"
            " (%lu with conflicting givens), %lu stopped by a limit, %lu malformed\n",
            s->read, s->solved, s->multiple, s->unsolvable + s->conflict, s->conflict,
            s->limited, s->malformed);
    fprintf(stderr,
            "ojdoku: stats: %.3f s solving; per puzzle %.1f us, %.1f nodes, %.1f guesses\n",
            s->seconds, s->seconds * 1e6 / (double)n, (double)s->nodes / (double)n,
            (double)s->guesses / (double)n);
}

int ojd_cmd_solve(int argc, char **argv)
{
    solve_run run = {.exit_status = OJD_EXIT_OK};
    int first;
    int st = parse_options(argc, argv, &run.opt, &first);
    if (st >= 0)
        return st;
    ojd_format_search(run.opt.format, &run.opt.search);
    if (run.opt.count_cap)
        run.opt.search.limit = run.opt.count_cap;
    if (run.opt.format && run.opt.format->unique && run.opt.search.limit < 2)
        run.opt.search.limit = 2;
    ojd_writer_options wopt = {.count_cap = run.opt.count_cap};
    run.engine = ojd_engine_new(run.opt.solver);
    run.writer = ojd_writer_new(stdout, run.opt.format, &wopt);
    if (!run.engine || !run.writer) {
        ojd_cli_fail("out of memory");
        ojd_engine_free(run.engine);
        ojd_writer_free(run.writer);
        return OJD_EXIT_USAGE;
    }
    bool io_ok = true;
    if (first >= argc)
        io_ok = solve_stream(&run, stdin, "<stdin>");
    for (int i = first; io_ok && i < argc; i++) {
        if (strcmp(argv[i], "-") == 0) {
            io_ok = solve_stream(&run, stdin, "<stdin>");
            continue;
        }
        FILE *in = fopen(argv[i], "rb");
        if (!in) {
            ojd_cli_fail("%s: %s", argv[i], strerror(errno));
            run.exit_status = OJD_EXIT_USAGE;
            continue;
        }
        io_ok = solve_stream(&run, in, argv[i]);
        fclose(in);
    }
    if (ojd_writer_finish(run.writer) != OJD_OK) {
        ojd_cli_fail("write error: %s", strerror(errno ? errno : EIO));
        io_ok = false;
    }
    if (run.opt.stats)
        print_stats(&run.stats);
    ojd_engine_free(run.engine);
    ojd_writer_free(run.writer);
    if (!io_ok)
        return OJD_EXIT_USAGE;
    return run.exit_status;
}

int ojd_cmd_solvers(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    for (const ojd_solver *const *s = ojd_solver_list(); *s; s++)
        printf("%-8s %s\n", (*s)->name, (*s)->summary);
    return OJD_EXIT_OK;
}

int ojd_cmd_formats(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    for (const ojd_format *const *f = ojd_format_list(); *f; f++)
        printf("%-9s %s\n", (*f)->name, (*f)->summary);
    return OJD_EXIT_OK;
}
