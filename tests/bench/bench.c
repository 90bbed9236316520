/*
 * bench.c -- `make bench`: every registered solver on every benchmark data set, one table.
 *
 * For each (solver, data set) a child process loads the puzzles (one per line, its own tiny
 * parser), then:
 *  - a checking run solves puzzles in file order (first solution, limit 1) until the file ends or
 *    the sampling budget is spent, verifying every answer with ojd_board_solves(); each puzzle
 *    also has a node and time budget, and a puzzle that hits it counts as "stopped";
 *  - timed runs solve the same sample again (up to --runs times, within the pair's budget); the
 *    table shows the median time per puzzle over them.
 * Children keep one row's memory apart, so the peak RSS column is that row's own.  Then every
 * 9x9 set is solved whole by each 9x9 engine of "fast" at limit 1 (solve) and limit 2
 * (uniqueness), and by the CLI (`--format line`, and `--count=2`) with its CPU time compared
 * with tdoku's: measured beside it when --tdoku names a driver (it reads 81-character lines and
 * takes the limit as its argument, as /work/cmp/tdoku_cli does), else the figures of
 * docs/performance.md.
 * Afterwards the whole CLI is timed on the 17-clue file against the solver alone (wall and CPU
 * time: the CPU time is the steadier measure on a shared machine), and `-j 2` against `-j 1` on
 * every 9x9 set (each repeated to a few tenths of a second), in line and json (median and best of
 * at least 15 runs), beside two -j 1 processes at once on its two halves (the machine's ceiling
 * for any -j 2).  Last, the
 * grader: its score's Spearman with four rated sets on the halves kept out of its calibration
 * ("rate calibration"), and its time per puzzle for each grid size ("rate speed"), and the
 * generator's puzzles per second for each grid size ("generate speed").  Then the killer
 * section (bench_killer.c): the killer sets of data/killer at limits 1 and 2, against Gecode
 * when built with `make bench GECODE=1`, and against classic puzzles of the same solutions.
 *
 * Usage: bench [--data DIR] [--cli PATH] [--tdoku PATH] [--budget SECONDS] [--runs N]
 *              [--solver NAME] [--hard-for-only | --variants-only | --large-only |
 *              --killer-only]
 */
#define _POSIX_C_SOURCE 200809L
/* The solvers' own interface (struct ojd_solver, private to the library): a row times solve()
 * alone, without the engine around it. */
#include "solve/solve.h"

#include "bench_killer.h"

#include <fcntl.h>
#include <stdbool.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define NODE_BUDGET 2000000ULL   /* per puzzle: one hopeless puzzle cannot stall a row */
#define PUZZLE_SECONDS 0.25      /* per puzzle */
#define MAX_RUNS 15
#define THREAD_RUNS 15 /* runs of each -j 1 / -j 2 comparison, at least */

typedef struct dataset {
    const char *name;
    const char *file;
    int fill;         /* > 0: only the lines whose givens are this percent of the cells (rounded) */
} dataset;

static const dataset datasets[] = {
    {"kaggle_first20000", "kaggle_first20000.txt", 0},
    {"17clue_49158", "17clue_49158_first10000.txt", 0},
    {"magictour_top1465", "magictour_top1465.txt", 0},
    {"forum_hardest_1905_11plus", "forum_hardest_1905_11plus_first10000.txt", 0},
    {"kr_vu_16x16_100", "kr_vu_16x16_100.txt", 0},
    {"forum_p275765_16x16", "forum_p275765_16x16.txt", 0},
    /* the references are per fill level (Gecode: 150 ms at 40%, 3 s at 45%) */
    {"lloyd_25x25_fill35", "lloyd_general_25x25_fill35-45.txt", 35},
    {"lloyd_25x25_fill40", "lloyd_general_25x25_fill35-45.txt", 40},
    {"lloyd_25x25_fill45", "lloyd_general_25x25_fill35-45.txt", 45},
    {NULL, NULL, 0},
};

/* A loaded file: n puzzles of one side, cells packed side*side bytes each. */
typedef struct puzzles {
    int side, box;
    size_t n, skipped;
    uint8_t *cells;
} puzzles;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Value of one symbol: digits for sides up to 9, letters A=1 beyond; 0 for a blank. */
static int symbol_value(int ch, int side)
{
    if (side <= 9)
        return ch >= '1' && ch <= '0' + side ? ch - '0' : 0;
    return ch >= 'A' && ch < 'A' + side ? ch - 'A' + 1 : 0;
}

/* Reads a one-puzzle-per-line file; lines of another length than the first, or with conflicting
 * givens, are skipped (counted); with fill > 0, so are (uncounted) lines of another fill
 * level.  false if the file cannot be read. */
static bool load(const char *path, int fill, puzzles *p)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return false;
    char *line = NULL;
    size_t cap = 0, alloc = 0;
    ssize_t len;
    ojd_board board;
    memset(p, 0, sizeof *p);
    while ((len = getline(&line, &cap, f)) > 0) {
        while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
            len--;
        if (len == 0)
            continue;
        int side = (int)lround(sqrt((double)len)), box = (int)lround(sqrt((double)side));
        if (side * side != len || box * box != side || side > OJD_MAX_SIDE ||
            (p->side && side != p->side)) {
            p->skipped++;
            continue;
        }
        p->side = side, p->box = box;
        ojd_board_init(&board, box, box);
        for (int i = 0; i < len; i++)
            board.cell[i] = (uint8_t)symbol_value((unsigned char)line[i], side);
        if (ojd_board_find_conflict(&board, NULL)) {
            p->skipped++;
            continue;
        }
        int givens = 0;
        for (int i = 0; i < len; i++)
            givens += board.cell[i] != 0;
        if (fill > 0 && (int)lround(100.0 * givens / (double)len) != fill)
            continue; /* another fill level of the same file: not this dataset */
        if (p->n == alloc) {
            alloc = alloc ? 2 * alloc : 1024;
            uint8_t *grown = realloc(p->cells, alloc * (size_t)len);
            if (!grown) {
                free(line);
                fclose(f);
                return false;
            }
            p->cells = grown;
        }
        memcpy(p->cells + p->n * (size_t)len, board.cell, (size_t)len);
        p->n++;
    }
    free(line);
    fclose(f);
    return p->n > 0;
}

static void board_of(const puzzles *p, size_t i, ojd_board *b)
{
    size_t cells = (size_t)p->side * (size_t)p->side;
    b->box_rows = b->box_cols = p->box;
    b->side = p->side;
    b->units = 0; /* classic */
    memcpy(b->cell, p->cells + i * cells, cells);
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static double fastest(const double *v, int n)
{
    double best = v[0];
    for (int i = 1; i < n; i++)
        if (v[i] < best)
            best = v[i];
    return best;
}

static void print_header(void)
{
    printf("%-8s %-26s %13s %7s %5s %12s %10s %9s %8s %9s\n", "solver", "dataset", "puzzles",
           "stopped", "wrong", "puzzles/s", "us/puzzle", "guesses", "noguess%", "rss_KB");
}

/* One row: runs in a child process.  Returns the exit code for the parent (0 = all right). */
static int bench_row(const ojd_solver *s, const dataset *d, const char *dir, double budget,
                     int runs)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, d->file);
    puzzles p;
    if (!load(path, d->fill, &p)) {
        printf("%-8s %-26s cannot read %s\n", s->name, d->name, path);
        return 1;
    }
    if (p.side > s->max_side) {
        printf("%-8s %-26s skipped: side %d > max_side %d\n", s->name, d->name, p.side,
               s->max_side);
        return 0;
    }
    void *state = s->create ? s->create(p.box, p.box) : NULL;
    ojd_board *board = malloc(sizeof *board);
    ojd_result *res = malloc(sizeof *res);
    if ((s->create && !state) || !board || !res) {
        printf("%-8s %-26s out of memory\n", s->name, d->name);
        return 1;
    }
    memset(board, 0, sizeof *board);
    ojd_search search = {.limit = 1, .max_nodes = NODE_BUDGET, .max_seconds = PUZZLE_SECONDS};

    /* Checking run: sample in file order within a quarter of the budget. */
    size_t n = 0, stopped = 0, wrong = 0, noguess = 0;
    unsigned long long guesses = 0;
    double t0 = now(), sample_budget = budget / 4;
    while (n < p.n && (n == 0 || now() - t0 < sample_budget)) {
        board_of(&p, n, board);
        res->solutions = 0, res->nodes = 0, res->guesses = 0;
        ojd_status st = s->solve(state, board, &search, res);
        if (st == OJD_LIMIT)
            stopped++;
        else if ((st != OJD_OK && st != OJD_MULTIPLE) || res->solutions < 1 ||
                 !ojd_board_solves(board, &res->solution))
            wrong++;
        guesses += res->guesses;
        noguess += st != OJD_LIMIT && res->guesses == 0;
        n++;
    }
    double check_time = now() - t0;

    /* Timed runs over the same sample, as many as the rest of the budget allows. */
    double per[MAX_RUNS];
    int want = check_time > 0 ? (int)((budget - check_time) / check_time) : runs;
    if (want > runs)
        want = runs;
    if (want < 1)
        want = 1;
    for (int r = 0; r < want; r++) {
        double a = now();
        for (size_t i = 0; i < n; i++) {
            board_of(&p, i, board);
            res->solutions = 0, res->nodes = 0, res->guesses = 0;
            s->solve(state, board, &search, res);
        }
        per[r] = (now() - a) / (double)n;
    }
    double us = median(per, want) * 1e6;
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    char count[32];
    snprintf(count, sizeof count, "%zu/%zu", n, p.n);
    printf("%-8s %-26s %13s %7zu %5zu %12.0f %10.2f %9.2f %8.1f %9ld\n", s->name, d->name, count,
           stopped, wrong, 1e6 / us, us, (double)guesses / (double)n,
           100.0 * (double)noguess / (double)n, ru.ru_maxrss);
    if (s->destroy)
        s->destroy(state);
    free(board);
    free(res);
    free(p.cells);
    return wrong ? 1 : 0;
}

static double cpu_seconds(const struct timeval *user, const struct timeval *sys)
{
    return (double)(user->tv_sec + sys->tv_sec) + (double)(user->tv_usec + sys->tv_usec) * 1e-6;
}

/* Starts argv[0] with argv, standard input from the file `in`, output to /dev/null; its pid, or
 * -1. */
static pid_t spawn(char *const argv[], const char *in)
{
    pid_t pid = fork();
    if (pid == 0) {
        int fd_in = open(in, O_RDONLY), fd_out = open("/dev/null", O_WRONLY);
        if (fd_in < 0 || fd_out < 0)
            _exit(127);
        dup2(fd_in, 0);
        dup2(fd_out, 1);
        dup2(fd_out, 2);
        execv(argv[0], argv);
        _exit(127);
    }
    return pid;
}

/* Waits for a child spawn() started; false unless it exited with status 0. */
static bool exited_well(pid_t pid)
{
    int status;
    return pid > 0 && waitpid(pid, &status, 0) == pid && WIFEXITED(status) &&
           WEXITSTATUS(status) == 0;
}

/* Runs `copies` (1 or 2) copies of argv[0] with argv at once, copy i with standard input from
 * the file in[i], stdout and stderr to /dev/null; *wall (unless NULL) is the seconds until the
 * last ended, *cpu (unless NULL) their user + system time (getrusage of the children, so the
 * machine's other load, which stretches wall time on a shared box, mostly drops out).  false if
 * one cannot run or exits non-zero. */
static bool time_at_once(char *const argv[], const char *const in[], int copies, double *wall,
                         double *cpu)
{
    if (access(argv[0], X_OK) != 0)
        return false;
    struct rusage before, after;
    getrusage(RUSAGE_CHILDREN, &before);
    double start = now();
    pid_t pid[2];
    int spawned = 0;
    bool ok = copies >= 1 && copies <= 2;
    while (ok && spawned < copies) {
        pid[spawned] = spawn(argv, in[spawned]);
        ok = pid[spawned] > 0;
        if (ok)
            spawned++;
    }
    for (int i = 0; i < spawned; i++)
        ok &= exited_well(pid[i]);
    if (!ok)
        return false;
    if (wall)
        *wall = now() - start;
    getrusage(RUSAGE_CHILDREN, &after);
    if (cpu)
        *cpu = cpu_seconds(&after.ru_utime, &after.ru_stime) -
               cpu_seconds(&before.ru_utime, &before.ru_stime);
    return true;
}

/* Runs argv[0] with argv, standard input from the file `in`, timed (time_at_once()). */
static bool time_command(char *const argv[], const char *in, double *wall, double *cpu)
{
    return time_at_once(argv, &in, 1, wall, cpu);
}

/* Runs `cli --format FORMAT [-j JOBS] < in > /dev/null` once (time_command()). */
static bool time_cli_as(const char *cli, const char *in, const char *format, const char *jobs,
                        double *wall, double *cpu)
{
    char *argv[] = {(char *)cli, "--format", (char *)format, jobs ? "-j" : NULL, (char *)jobs,
                    NULL};
    return time_command(argv, in, wall, cpu);
}

static bool time_cli(const char *cli, const char *in, const char *jobs, double *wall, double *cpu)
{
    return time_cli_as(cli, in, "line", jobs, wall, cpu);
}

/* The file at path written `times` over into a new temporary file, whose name goes to out (a
 * buffer of at least 64 bytes); false if it cannot be made.  The caller removes it. */
static bool repeated_file(const char *path, int times, char *out)
{
    snprintf(out, 64, "/tmp/ojdoku-bench-XXXXXX");
    int fd = mkstemp(out);
    FILE *in = fopen(path, "rb");
    bool ok = fd >= 0 && in;
    char buf[1 << 16];
    for (int t = 0; ok && t < times; t++) {
        rewind(in);
        size_t n;
        while (ok && (n = fread(buf, 1, sizeof buf, in)) > 0)
            ok = write(fd, buf, n) == (ssize_t)n;
    }
    if (in)
        fclose(in);
    if (fd >= 0)
        close(fd);
    if (!ok && fd >= 0)
        remove(out);
    return ok;
}

static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Median seconds (wall, and CPU in *cpu) for the whole file with the solver alone (parsed
 * boards, no I/O). */
static double time_solver(const ojd_solver *s, const puzzles *p, unsigned long limit, int runs,
                          double *cpu)
{
    void *state = s->create ? s->create(p->box, p->box) : NULL;
    ojd_board *board = malloc(sizeof *board);
    ojd_result *res = malloc(sizeof *res);
    double per[MAX_RUNS], per_cpu[MAX_RUNS], t = -1;
    ojd_search search = {.limit = limit};
    *cpu = -1;
    if (board && res && (state || !s->create)) {
        memset(board, 0, sizeof *board);
        for (int r = 0; r < runs; r++) {
            double a = now(), c = cpu_now();
            for (size_t i = 0; i < p->n; i++) {
                board_of(p, i, board);
                res->solutions = 0, res->nodes = 0, res->guesses = 0;
                s->solve(state, board, &search, res);
            }
            per[r] = now() - a;
            per_cpu[r] = cpu_now() - c;
        }
        t = median(per, runs);
        *cpu = median(per_cpu, runs);
    }
    if (s->destroy && state)
        s->destroy(state);
    free(board);
    free(res);
    return t;
}

/* Medians over runs of the CLI on one file; false if a run failed. */
static bool time_cli_runs(const char *cli, const char *path, const char *jobs, int runs,
                          double *wall, double *cpu)
{
    double per[MAX_RUNS], per_cpu[MAX_RUNS];
    for (int r = 0; r < runs; r++)
        if (!cli || !time_cli(cli, path, jobs, &per[r], &per_cpu[r]))
            return false;
    *wall = median(per, runs);
    *cpu = median(per_cpu, runs);
    return true;
}


/*
 * tdoku (TdokuSolverDpllTriadSimd, clang -O3 -march=native) through a driver that reads one
 * puzzle per line, on the development machine (docs/performance.md): CPU microseconds per puzzle
 * for the whole process on these files at limit 1 and limit 2, median of 11 runs; the reference
 * when no --tdoku is given (a ratio against another machine's figures is only indicative).
 */
typedef struct tdoku_reference {
    const char *dataset;
    double solve_us, unique_us;
} tdoku_reference;

static const tdoku_reference tdoku_figures[] = {
    {"kaggle_first20000", 1.72, 1.64},
    {"17clue_49158", 4.41, 4.55},
    {"magictour_top1465", 9.93, 13.66},
    {"forum_hardest_1905_11plus", 36.99, 69.39},
    {NULL, 0, 0},
};

/*
 * Every 9x9 set, whole: the solver alone per engine, solve (limit 1) and uniqueness (limit 2),
 * median of runs; then the CLI's CPU time per puzzle in both modes against tdoku's, in
 * interleaved runs when a tdoku driver is given.  The targets (issue 17) are ratios <= 0.90.
 */
static void bench_nine(const char *cli, const char *tdoku, const char *dir, int runs)
{
    static const struct {
        ojd_fast9_engine engine;
        const char *name;
    } engines[] = {{OJD_FAST9_SWEEPS, "sweeps"}, {OJD_FAST9_WORDS, "words"}};
    const ojd_solver *fast = ojd_solver_find("fast");
    printf("\n9x9, every puzzle of each file, median of %d runs: solve = first solution (limit 1), "
           "unique = looking for a second (limit 2);\nsolver alone per engine (\"fast\" uses %s "
           "on this CPU), then the CLI (--format line [--count=2]) against tdoku\n",
           runs, ojd_fast9_has(OJD_FAST9_SWEEPS) ? "sweeps, AVX2," : "words");
    printf("%-26s %7s %-7s %11s %11s %11s %11s\n", "dataset", "puzzles", "engine", "solve/s",
           "us/puzzle", "unique/s", "us/puzzle");
    for (const dataset *d = datasets; d->name && fast; d++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, d->file);
        puzzles p;
        if (!load(path, d->fill, &p) || p.side != 9) {
            if (p.side == 9)
                printf("%-26s cannot read %s\n", d->name, path);
            continue;
        }
        for (size_t e = 0; e < sizeof engines / sizeof engines[0]; e++) {
            if (!ojd_fast9_has(engines[e].engine))
                continue;
            double t[2];
            for (int limit = 1; limit <= 2; limit++) {
                void *state = ojd_fast_create_with(3, 3, engines[e].engine);
                ojd_board *board = malloc(sizeof *board);
                ojd_result *res = malloc(sizeof *res);
                double per[MAX_RUNS];
                ojd_search search = {.limit = (unsigned long)limit};
                t[limit - 1] = -1;
                if (state && board && res) {
                    memset(board, 0, sizeof *board);
                    for (int r = 0; r < runs; r++) {
                        double c = cpu_now();
                        for (size_t i = 0; i < p.n; i++) {
                            board_of(&p, i, board);
                            fast->solve(state, board, &search, res);
                        }
                        per[r] = cpu_now() - c;
                    }
                    t[limit - 1] = median(per, runs) / (double)p.n * 1e6;
                }
                if (state)
                    fast->destroy(state);
                free(board);
                free(res);
            }
            printf("%-26s %7zu %-7s %11.0f %11.2f %11.0f %11.2f\n", e ? "" : d->name, p.n,
                   engines[e].name, 1e6 / t[0], t[0], 1e6 / t[1], t[1]);
        }

        /* the whole CLI against tdoku: CPU time per puzzle, interleaved runs */
        char *solve_argv[] = {(char *)cli, "--format", "line", "-q", NULL};
        char *count_argv[] = {(char *)cli, "--format", "line", "-q", "--count=2", NULL};
        char *tdoku1_argv[] = {(char *)tdoku, "1", NULL}, *tdoku2_argv[] = {(char *)tdoku, "2",
                                                                              NULL};
        double oj[2][MAX_RUNS], td[2][MAX_RUNS], n = (double)(p.n + p.skipped);
        bool cli_ok = cli != NULL, td_ok = tdoku != NULL;
        for (int r = 0; r < runs && cli_ok; r++)
            for (int m = 0; m < 2; m++) {
                cli_ok = cli_ok &&
                         time_command(m ? count_argv : solve_argv, path, NULL, &oj[m][r]);
                if (td_ok)
                    td_ok = time_command(m ? tdoku2_argv : tdoku1_argv, path, NULL, &td[m][r]);
            }
        if (!cli_ok) {
            printf("%-26s cli: unavailable\n", "");
            free(p.cells);
            continue;
        }
        const tdoku_reference *ref = NULL;
        for (const tdoku_reference *f = tdoku_figures; f->dataset; f++)
            if (!strcmp(f->dataset, d->name))
                ref = f;
        for (int m = 0; m < 2; m++) {
            double ours = median(oj[m], runs) / n * 1e6, theirs = -1;
            if (td_ok)
                theirs = median(td[m], runs) / n * 1e6;
            else if (ref)
                theirs = m ? ref->unique_us : ref->solve_us;
            printf("%-26s cli %-6s CPU %8.2f us/puzzle", "", m ? "unique" : "solve", ours);
            if (theirs > 0)
                printf(", tdoku %8.2f (%s): ratio %.2f", theirs,
                       td_ok ? "measured beside" : "README figure", ours / theirs);
            printf("\n");
        }
        free(p.cells);
    }
}

static void bench_cli(const char *cli, const char *dir, int runs)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, datasets[1].file);
    puzzles p;
    const ojd_solver *s = ojd_solver_find("auto");
    if (!s || !load(path, datasets[1].fill, &p)) {
        printf("cli: unavailable (cannot load %s)\n", path);
        return;
    }
    double one_cpu, two_cpu;
    double one = time_solver(s, &p, 1, runs, &one_cpu), two = time_solver(s, &p, 2, runs, &two_cpu);
    printf("\n17clue_49158 (%zu puzzles), median of %d runs: solver alone %.3f s (%.2f us/puzzle) "
           "at limit 1, %.3f s (%.2f us/puzzle) at limit 2; CPU time %.3f s at limit 1\n",
           p.n, runs, one, one / (double)p.n * 1e6, two, two / (double)p.n * 1e6, one_cpu);
    double t, cpu;
    if (!time_cli_runs(cli, path, NULL, runs, &t, &cpu)) {
        printf("cli: unavailable (%s --format line did not run or did not exit 0)\n",
               cli ? cli : "no --cli given");
        free(p.cells);
        return;
    }
    printf("cli: %s --format line < file > /dev/null: %.3f s (%.2f us/puzzle), overhead "
           "%+.0f%% over the solver at limit 1, %+.0f%% at limit 2\n",
           cli, t, t / (double)p.n * 1e6, (t - one) / one * 100, (t - two) / two * 100);
    /* CPU time is what the CLI adds; wall time also holds whatever else the machine ran */
    printf("cli: CPU time %.3f s (%.2f us/puzzle), overhead %+.0f%% over the solver's CPU time at "
           "limit 1\n", cpu, cpu / (double)p.n * 1e6, (cpu - one_cpu) / one_cpu * 100);
    free(p.cells);

    /* threads: every 9x9 set, -j 1 against -j 2, in line and json (wall time: the speed-up a
     * user sees), runs interleaved.  Each set is repeated so that a -j 1 run takes about half a
     * second (top1465's 1,465 puzzles x20 took 0.17 s): a 20 ms run (kaggle's 20,000 trivial
     * puzzles) is mostly process start-up and noise, and solve starts its threads only after
     * 2 ms, which with the new thread's start (up to a few ms on a busy virtual machine) is a
     * few percent of a 0.1 s run.  Beside them, the machine's ceiling:
     * two -j 1 processes at once, each on half of the input, which share nothing but the
     * machine (caches, memory, clock) -- no threaded run can beat that speed-up. */
    static const struct {
        int set, times;
    } sets[] = {{0, 20}, {1, 20}, {2, 60}, {3, 2}};
    static const char *const formats[] = {"line", "json"};
    /* more runs than elsewhere: a -j 2 run needs both processors, so it is what a shared
     * machine's other tenants disturb most */
    int trials = runs > THREAD_RUNS ? runs : THREAD_RUNS;
    for (size_t k = 0; k < sizeof sets / sizeof sets[0]; k++) {
        const dataset *d = &datasets[sets[k].set];
        snprintf(path, sizeof path, "%s/%s", dir, d->file);
        char copy[64], half[64];
        if (!cli || !repeated_file(path, sets[k].times, copy)) {
            printf("cli -j: %s unavailable\n", d->name);
            continue;
        }
        if (!repeated_file(path, sets[k].times / 2, half)) {
            printf("cli -j: %s unavailable\n", d->name);
            remove(copy);
            continue;
        }
        for (size_t f = 0; f < sizeof formats / sizeof formats[0]; f++) {
            double w[3][MAX_RUNS], c[2][MAX_RUNS];
            char *halves_argv[] = {(char *)cli, "--format", (char *)formats[f], NULL};
            const char *const halves[] = {half, half};
            bool ok = true;
            for (int r = 0; r < trials && ok; r++) {
                for (int j = 0; j < 2 && ok; j++)
                    ok = time_cli_as(cli, copy, formats[f], j ? "2" : "1", &w[j][r], &c[j][r]);
                ok = ok && time_at_once(halves_argv, halves, 2, &w[2][r], NULL);
            }
            if (!ok) {
                printf("cli -j: %s unavailable\n", d->name);
                continue;
            }
            /* the machine's speed swings from run to run (by 1.5x on a shared virtual machine,
             * for both processors or one), so beside the medians: -j 2 against the halves of
             * the same trial, taken seconds apart, which cancels most of the swing */
            double of_ceiling[MAX_RUNS];
            for (int r = 0; r < trials; r++)
                of_ceiling[r] = w[2][r] / w[1][r];
            double w1 = median(w[0], trials), w2 = median(w[1], trials);
            printf("cli -j: %-26s x%-2d %-4s -j 1 %.3f s, -j 2 %.3f s: speed-up %.2fx (best runs "
                   "%.2fx; CPU %.3f s / %.3f s); two -j 1 on halves at once %.2fx; -j 2 at %.2f "
                   "of the halves' speed in the same trial\n", d->name, sets[k].times,
                   formats[f], w1, w2, w1 / w2, fastest(w[0], trials) / fastest(w[1], trials),
                   median(c[0], trials), median(c[1], trials), w1 / median(w[2], trials),
                   median(of_ceiling, trials));
        }
        remove(copy);
        remove(half);
    }
}

/* ---- the grader ------------------------------------------------------------------------------ */

/* Ranks with ties averaged (O(n^2): the rated sets are a few thousand lines). */
static void rank_of(const double *v, double *rank, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        size_t less = 0, equal = 0;
        for (size_t j = 0; j < n; j++) {
            less += v[j] < v[i];
            equal += v[j] == v[i];
        }
        rank[i] = (double)less + (double)(equal - 1) / 2.0;
    }
}

/* Spearman's rho of x and y taken every second element from first (0 = odd lines). */
static double spearman_half(const double *x, const double *y, size_t n, size_t first)
{
    size_t m = 0;
    double *buf = calloc(4 * (n / 2 + 1), sizeof *buf);
    if (!buf)
        return 0;
    double *a = buf, *b = buf + (n / 2 + 1), *ra = b + (n / 2 + 1), *rb = ra + (n / 2 + 1);
    for (size_t i = first; i < n; i += 2, m++)
        a[m] = x[i], b[m] = y[i];
    rank_of(a, ra, m);
    rank_of(b, rb, m);
    double ma = 0, mb = 0, c = 0, va = 0, vb = 0;
    for (size_t i = 0; i < m; i++)
        ma += ra[i] / (double)m, mb += rb[i] / (double)m;
    for (size_t i = 0; i < m; i++) {
        c += (ra[i] - ma) * (rb[i] - mb);
        va += (ra[i] - ma) * (ra[i] - ma);
        vb += (rb[i] - mb) * (rb[i] - mb);
    }
    free(buf);
    return va > 0 && vb > 0 ? c / sqrt(va * vb) : 0;
}

/*
 * "rate calibration": ojd_rate's score against each rated set's labels (LABEL TAB PUZZLE), on
 * the held-out half (odd lines, never used by `make rate-calibrate`) and the tune half.
 */
static void bench_rate_calibration(const char *dir)
{
    static const char *const files[] = {"se_quasi_uniform_834.tsv",
                                        "se_exchange_diabolical_320.tsv",
                                        "radcliffe_3m_curated_5000.tsv",
                                        "demczyk_levels_2000.tsv", NULL};
    printf("\nrate calibration: Spearman of ojd_rate's score with each set's rating, on the half "
           "kept out of the fit (odd lines) and the half it was fitted on\n");
    printf("%-32s %6s %10s %10s\n", "set", "n", "held-out", "tune");
    for (const char *const *f = files; *f; f++) {
        char path[4096], line[512];
        snprintf(path, sizeof path, "%s/rate/%s", dir, *f);
        FILE *in = fopen(path, "r");
        size_t n = 0, cap = 0, bad = 0;
        double *label = NULL, *score = NULL;
        ojd_board board;
        while (in && fgets(line, sizeof line, in)) {
            line[strcspn(line, "\r\n")] = '\0';
            char *tab = strchr(line, '\t');
            if (!tab || strlen(tab + 1) != 81)
                continue;
            ojd_board_init_side(&board, 9);
            for (int i = 0; i < 81; i++)
                board.cell[i] = (uint8_t)symbol_value((unsigned char)tab[1 + i], 9);
            ojd_rating r = {.size = sizeof r};
            if (ojd_rate(&board, &r, NULL, NULL) != OJD_OK) {
                bad++;
                continue;
            }
            if (n == cap) {
                cap = cap ? 2 * cap : 1024;
                double *l2 = realloc(label, cap * sizeof *l2);
                if (l2)
                    label = l2;
                double *s2 = realloc(score, cap * sizeof *s2);
                if (s2)
                    score = s2;
                if (!l2 || !s2)
                    break;
            }
            label[n] = atof(line);
            score[n++] = r.score;
        }
        if (in)
            fclose(in);
        if (n < 4)
            printf("%-32s cannot read %s\n", *f, path);
        else
            printf("%-32s %6zu %10.4f %10.4f%s\n", *f, n, spearman_half(label, score, n, 0),
                   spearman_half(label, score, n, 1), bad ? " (some puzzles not unique)" : "");
        free(label);
        free(score);
    }
}

/* "rate speed": seconds per puzzle of ojd_rate (CPU time, one thread) per grid size. */
/*
 * The hardest 16x16 sets we hold (issue 32; tests/bench/data/PROVENANCE.md): benchmarked by
 * bench_large in both modes only, against CaDiCaL in docs/performance.md; the solvers that
 * explore without propagation would spend their whole budget on each of them in bench_row.
 */
static const dataset hard16_sets[] = {
    {"blue_ultimate_16x16", "blue_ultimate_16x16.txt", 0},
    {"sat_hardest_p275765_16x16", "sat_hardest_p275765_16x16.txt", 0},
    {"forum_p276187_16x16", "forum_p276187_16x16.txt", 0},
    {"generated_16x16", "generated_16x16.txt", 0},
    {NULL, NULL, 0},
};

/*
 * Blue's puzzles are few (15), and which of them a search finds hard moves with its order (a
 * change of rule order or tie-break turns one easy and another hard), so a tail figure over them
 * alone is a handful of draws.  The set is also timed as ISOMORPHS copies of each puzzle, each
 * relabelled, with its bands, stacks, and rows and columns within them permuted and maybe
 * transposed: the same puzzle to CaDiCaL's encoding up to renaming, a new order to `fast`.  The
 * copies come from the library's rng with a fixed seed (ISOMORPH_SEED), so every run on every
 * machine times the same 120 grids (its line "blue_16x16 x8 isomorphs"; the worst one's line is
 * the file's line it was made from).
 */
#define ISOMORPHS 8
#define ISOMORPH_SEED 32

/* A random permutation of 0..n-1 into perm. */
static void iso_shuffle(int *perm, int n, ojd_rng *rng)
{
    for (int i = 0; i < n; i++)
        perm[i] = i;
    for (int i = n - 1; i > 0; i--) {
        int j = (int)ojd_rng_below(rng, (uint64_t)i + 1), t = perm[i];
        perm[i] = perm[j], perm[j] = t;
    }
}

/* A random line order that keeps bands (or stacks) together: bands permuted, lines within. */
static void iso_lines(int *line, int box, ojd_rng *rng)
{
    int band[OJD_MAX_BOX], within[OJD_MAX_BOX];
    iso_shuffle(band, box, rng);
    for (int b = 0; b < box; b++) {
        iso_shuffle(within, box, rng);
        for (int k = 0; k < box; k++)
            line[b * box + k] = band[b] * box + within[k];
    }
}

/* Replaces the puzzles of p by `copies` isomorphs of each (square boxes); false when out of memory. */
static bool expand_isomorphs(puzzles *p, int copies)
{
    int n = p->side;
    size_t cells = (size_t)n * (size_t)n;
    uint8_t *out = malloc(p->n * (size_t)copies * cells);
    if (!out)
        return false;
    ojd_rng rng;
    ojd_rng_seed(&rng, ISOMORPH_SEED);
    for (size_t i = 0; i < p->n; i++)
        for (int k = 0; k < copies; k++) {
            const uint8_t *in = p->cells + i * cells;
            uint8_t *o = out + (i * (size_t)copies + (size_t)k) * cells;
            int row[OJD_MAX_SIDE], col[OJD_MAX_SIDE], value[OJD_MAX_SIDE + 1];
            iso_lines(row, p->box, &rng);
            iso_lines(col, p->box, &rng);
            iso_shuffle(value + 1, n, &rng); /* value v becomes value[v] + 1 */
            bool transpose = ojd_rng_below(&rng, 2) == 1;
            for (int r = 0; r < n; r++)
                for (int c = 0; c < n; c++) {
                    int v = in[row[r] * n + col[c]];
                    o[transpose ? c * n + r : r * n + c] = (uint8_t)(v ? value[v] + 1 : 0);
                }
        }
    free(p->cells);
    p->cells = out;
    p->n *= (size_t)copies;
    return true;
}

/*
 * Large grids: every puzzle of a 16x16 or 25x25 set solved by "fast" (no budget) with the given
 * limit, each RUNS times; a puzzle's time is the median of its runs (CPU time: the machine may
 * be shared), and the set's line gives the median, 90th percentile and worst of those times, with
 * the worst puzzle's line in the file (counting only the lines of its fill level).  The worst
 * case is the figure the heavy tail of hard grids shows in, which a mean hides.
 */
static void large_set(const ojd_solver *fast, const dataset *d, const char *dir, int runs,
                      unsigned long limit, int isomorphs)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, d->file);
    puzzles p;
    if (!load(path, d->fill, &p))
        return;
    if (p.side == 9 || p.n == 0) {
        free(p.cells);
        return;
    }
    if (isomorphs > 0 && !expand_isomorphs(&p, isomorphs)) {
        printf("%-26s out of memory\n", d->name);
        exit(1);
    }
    void *state = fast->create(p.box, p.box);
    double *ms = malloc(sizeof *ms * p.n), *sorted = malloc(sizeof *sorted * p.n);
    ojd_board *board = malloc(sizeof *board);
    ojd_result *res = malloc(sizeof *res);
    if (!state || !ms || !sorted || !board || !res) {
        printf("%-26s out of memory\n", d->name);
        exit(1);
    }
    memset(board, 0, sizeof *board);
    ojd_search search = {.limit = limit};
    unsigned long long guesses = 0;
    size_t worst = 0;
    for (size_t i = 0; i < p.n; i++) {
        double per[MAX_RUNS];
        board_of(&p, i, board);
        for (int r = 0; r < runs; r++) {
            res->solutions = 0, res->nodes = 0, res->guesses = 0;
            double c = cpu_now();
            fast->solve(state, board, &search, res);
            per[r] = (cpu_now() - c) * 1e3;
        }
        guesses += res->guesses;
        ms[i] = sorted[i] = median(per, runs);
        if (ms[i] > ms[worst])
            worst = i;
    }
    qsort(sorted, p.n, sizeof *sorted, cmp_double);
    size_t p90 = (p.n * 9 + 9) / 10 - 1; /* the smallest time >= 90% of them */
    size_t line = isomorphs > 0 ? worst / (size_t)isomorphs + 1 : worst + 1; /* of the file */
    printf("%-26s %7zu %5lu %9.2f %9.2f %9.2f %7zu %9.1f\n", d->name, p.n, limit,
           median(sorted, (int)p.n), sorted[p90], ms[worst], line, (double)guesses / (double)p.n);
    fflush(stdout);
    fast->destroy(state);
    free(ms);
    free(sorted);
    free(board);
    free(res);
    free(p.cells);
}

/* Every large-grid set at limit 1, then the hardest 16x16 sets at limit 1 and 2, then blue's
 * isomorphs at both limits. */
static void bench_large(const char *dir, int runs)
{
    const ojd_solver *fast = ojd_solver_find("fast");
    if (runs > 3)
        runs = 3; /* per puzzle; the 25x25 sets take seconds per run */
    printf("\nLarge grids, \"fast\" on every puzzle (limit 1 = first solution, 2 = uniqueness), "
           "CPU ms per puzzle, median of %d runs each\n", runs);
    printf("%-26s %7s %5s %9s %9s %9s %7s %9s\n", "dataset", "puzzles", "limit", "median", "p90",
           "worst", "line", "guesses");
    for (const dataset *d = datasets; d->name; d++)
        large_set(fast, d, dir, runs, 1, 0);
    for (const dataset *d = hard16_sets; d->name; d++)
        for (unsigned long limit = 1; limit <= 2; limit++)
            large_set(fast, d, dir, runs, limit, 0);
    static const dataset blue_isomorphs = {"blue_16x16 x8 isomorphs", "blue_ultimate_16x16.txt", 0};
    for (unsigned long limit = 1; limit <= 2; limit++)
        large_set(fast, &blue_isomorphs, dir, runs, limit, ISOMORPHS);
}

static void bench_rate_speed(const char *dir)
{
    static const struct {
        const char *name, *file;
        size_t max;
    } sets[] = {
        {"9x9 magictour_top1465 (first 200)", "magictour_top1465.txt", 200},
        {"16x16 forum_p275765 (one solution)", "rate/speed_16x16_forum_unique.txt", 0},
        {"25x25 lloyd 50-60% (one solution)", "rate/speed_25x25_lloyd_unique.txt", 0},
        {"25x25 generated (--seed 7)", "rate/speed_25x25_generated.txt", 0},
    };
    printf("\nrate speed: ojd_rate per puzzle, CPU time of one thread (uniqueness check "
           "included)\n");
    printf("%-36s %8s %12s %12s\n", "set", "puzzles", "mean s", "worst s");
    for (size_t k = 0; k < sizeof sets / sizeof sets[0]; k++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, sets[k].file);
        puzzles p;
        if (!load(path, 0, &p)) {
            printf("%-36s cannot read %s\n", sets[k].name, path);
            continue;
        }
        size_t n = sets[k].max && sets[k].max < p.n ? sets[k].max : p.n;
        ojd_board *board = malloc(sizeof *board);
        double total = 0, worst = 0;
        for (size_t i = 0; board && i < n; i++) {
            board_of(&p, i, board);
            ojd_rating r = {.size = sizeof r};
            double a = cpu_now();
            ojd_rate(board, &r, NULL, NULL);
            double t = cpu_now() - a;
            total += t;
            worst = t > worst ? t : worst;
        }
        printf("%-36s %8zu %12.4f %12.4f\n", sets[k].name, n, total / (double)n, worst);
        free(board);
        free(p.cells);
    }
}

/* "generate speed": unique puzzles per second of CPU of one thread (ojd_generate, the CLI's
 * default rotate180 symmetry, seeds 1..), median over runs, against the targets. */
static void bench_generate_speed(int runs)
{
    static const struct {
        int side, count;
        double target;    /* puzzles per second asked for (#16), 0 = none */
    } sizes[] = {{9, 200, 0}, {16, 50, 50}, {25, 10, 2}};
    printf("\ngenerate speed: unique puzzles (rotate180) per second, CPU time of one thread, "
           "median of %d runs\n", runs);
    printf("%-8s %8s %12s %10s %8s\n", "side", "puzzles", "puzzles/s", "givens", "target");
    ojd_generator *gen = ojd_generator_new();
    ojd_board *puzzle = malloc(sizeof *puzzle);
    for (size_t k = 0; gen && puzzle && k < sizeof sizes / sizeof sizes[0]; k++) {
        ojd_generate_options o = {.side = sizes[k].side, .symmetry = OJD_SYMMETRY_ROTATE180,
                                  .grade = OJD_GRADE_ANY};
        double rate[MAX_RUNS];
        long givens = 0;
        bool failed = false;
        for (int r = 0; r < runs && !failed; r++) {
            double a = cpu_now();
            for (int i = 0; i < sizes[k].count && !failed; i++) {
                ojd_rng rng;
                ojd_rng_seed(&rng, (uint64_t)i + 1);
                ojd_generate_info info;
                failed = ojd_generate(gen, &rng, &o, puzzle, NULL, &info) != OJD_OK;
                if (r == 0)
                    givens += info.clues;
            }
            double t = cpu_now() - a;
            rate[r] = t > 0 ? sizes[k].count / t : 0;
        }
        char name[16], target[16] = "-";
        snprintf(name, sizeof name, "%dx%d", sizes[k].side, sizes[k].side);
        if (sizes[k].target > 0)
            snprintf(target, sizeof target, ">= %.0f", sizes[k].target);
        if (failed)
            printf("%-8s generation failed\n", name);
        else
            printf("%-8s %8d %12.1f %10.1f %8s\n", name, sizes[k].count, median(rate, runs),
                   (double)givens / sizes[k].count, target);
    }
    free(puzzle);
    ojd_generator_free(gen);
}

/* "hard-for": the nodes each solver visits (first solution) on random 9x9 puzzles (no symmetry,
 * seeds 1..) and on the same puzzles after ojd_harden() for that solver (what `generate
 * --hard-for` does, default tries and budget), medians and their ratio, for any grade and for
 * extreme: the measure that --hard-for makes a solver search more, and by how much. */
static void bench_hard_for(void)
{
    enum { PUZZLES = 15 };
    static const ojd_grade grades[] = {OJD_GRADE_ANY, OJD_GRADE_EXTREME};
    printf("\nhard-for: nodes to a first solution of %d random 9x9 puzzles and of the same after "
           "--hard-for that solver (%u tries of at most %llu nodes), medians\n", PUZZLES,
           OJD_HARDEN_TRIES, OJD_HARDEN_NODES);
    printf("%-8s %-8s %12s %12s %8s %9s %8s\n", "solver", "grade", "random", "hard-for", "ratio",
           "at budget", "s/case");
    ojd_generator *gen = ojd_generator_new();
    for (const ojd_solver *const *s = ojd_solver_list(); gen && *s; s++) {
        if (!strcmp((*s)->name, "auto"))
            continue;
        ojd_engine *e = ojd_engine_new(*s);
        for (size_t g = 0; e && g < sizeof grades / sizeof grades[0]; g++) {
            double before[PUZZLES], after[PUZZLES], seconds = 0;
            int at_budget = 0;
            bool failed = false;
            for (int i = 0; i < PUZZLES && !failed; i++) {
                ojd_rng rng;
                ojd_rng_seed(&rng, (uint64_t)i + 1);
                ojd_generate_options o = {.side = 9, .grade = grades[g]};
                ojd_board p;
                ojd_status st = ojd_generate(gen, &rng, &o, &p, NULL, NULL);
                ojd_search search = {.limit = 1};
                ojd_result res;
                failed = (st != OJD_OK && st != OJD_LIMIT) ||
                         ojd_engine_solve(e, &p, &search, &res) != OJD_OK;
                before[i] = (double)res.nodes;
                unsigned long long nodes = 0;
                double a = cpu_now();
                failed = failed || ojd_harden(e, &rng, NULL, &p, NULL, &nodes) != OJD_OK;
                seconds += cpu_now() - a;
                after[i] = (double)nodes;
                at_budget += nodes >= OJD_HARDEN_NODES;
            }
            if (failed) {
                printf("%-8s %-8s failed\n", (*s)->name, ojd_grade_name(grades[g]));
                continue;
            }
            double mb = median(before, PUZZLES), ma = median(after, PUZZLES);
            printf("%-8s %-8s %12.0f %12.0f %8.1f %9d %8.3f\n", (*s)->name,
                   ojd_grade_name(grades[g]), mb, ma, mb > 0 ? ma / mb : 0.0, at_budget,
                   seconds / PUZZLES);
            fflush(stdout);
        }
        ojd_engine_free(e);
    }
    ojd_generator_free(gen);
}

/* ---- variants: jigsaw against classic, auto against dlx ------------------------------------ */

/*
 * A 9x9 puzzle of the unit set of `empty` (its regions and extras) with `givens` givens (0: as
 * few as removal reaches, a minimal puzzle) and one solution, seeded by rng: a random solved
 * grid (a few random givens that fit, solved by mrv), then its cells emptied in a random order
 * while the puzzle stays unique (auto counts to 2).  false when this grid cannot get down to
 * `givens`.
 */
static bool make_unique(ojd_engine *mrv, ojd_engine *check, const ojd_board *empty, ojd_rng *rng,
                        int givens, ojd_board *out)
{
    ojd_board *b = malloc(sizeof *b);
    ojd_result *res = malloc(sizeof *res);
    bool ok = false;
    if (!b || !res)
        goto done;
    *b = *empty;
    for (int k = 0; k < 6; k++) {
        int i = (int)ojd_rng_below(rng, 81), v = 1 + (int)ojd_rng_below(rng, 9);
        if (!b->cell[i] && ojd_board_fits(b, i, v))
            b->cell[i] = (uint8_t)v;
    }
    ojd_search first = {.limit = 1, .max_nodes = 2000}, two = {.limit = 2, .max_nodes = 100000};
    if (ojd_engine_solve(mrv, b, &first, res) != OJD_OK)
        goto done;
    *b = res->solution;
    int order[81], left = 81;
    for (int i = 0; i < 81; i++)
        order[i] = i;
    for (int i = 80; i > 0; i--) {
        int j = (int)ojd_rng_below(rng, (uint64_t)i + 1), t = order[i];
        order[i] = order[j], order[j] = t;
    }
    for (int k = 0; k < 81 && left > givens; k++) {
        uint8_t keep = b->cell[order[k]];
        b->cell[order[k]] = 0;
        if (ojd_engine_solve(check, b, &two, res) == OJD_OK)
            left--;
        else
            b->cell[order[k]] = keep;
    }
    ok = givens == 0 || left == givens;
    if (ok)
        *out = *b;
done:
    free(b);
    free(res);
    return ok;
}

#define HDU4069_GIVENS 35 /* the givens of HDU 4069's first sample case */

/* Nodes and guesses per puzzle of one run. */
typedef struct work_done {
    double nodes, guesses;
} work_done;

/* One pass of engine over set: CPU seconds per puzzle; *counted the solutions, *work the nodes
 * and guesses per puzzle (when work is not NULL). */
static double engine_pass(ojd_engine *engine, const ojd_board *set, size_t n, unsigned long limit,
                          ojd_result *res, unsigned long *counted, work_done *work)
{
    ojd_search search = {.limit = limit};
    double a = cpu_now();
    unsigned long total = 0;
    unsigned long long nodes = 0, guesses = 0;
    for (size_t i = 0; i < n; i++) {
        ojd_engine_solve(engine, &set[i], &search, res);
        total += res->solutions;
        nodes += res->nodes;
        guesses += res->guesses;
    }
    double t = (cpu_now() - a) / (double)n;
    *counted = total;
    if (work)
        *work = (work_done){(double)nodes / (double)n, (double)guesses / (double)n};
    return t;
}

/* Median seconds per puzzle over runs of solving every board of set (limit) with engine; the
 * solutions counted and (work may be NULL) the nodes and guesses per puzzle of the last run. */
static double time_engine(ojd_engine *engine, const ojd_board *set, size_t n, unsigned long limit,
                          int runs, unsigned long *counted, work_done *work)
{
    ojd_result *res = malloc(sizeof *res);
    double per[MAX_RUNS];
    if (!res)
        return -1;
    for (int r = 0; r < runs; r++)
        per[r] = engine_pass(engine, set, n, limit, res, counted, work);
    free(res);
    return median(per, runs);
}

/*
 * The variants' figures (issue #28): a 9x9 jigsaw set with the givens of a classic set, puzzle
 * for puzzle (the first 1000 kaggle puzzles; each jigsaw has its own random regions, seeded),
 * solved by auto, against the classic set (target: at most 1.5x) and against classic puzzles made
 * the way the jigsaws are, with the same givens (the like-for-like figure: kaggle's puzzles are
 * easier than random unique ones of their givens); and HDU 4069-style puzzles
 * (unique jigsaws with the givens of the statement's first case, 35, each with its own
 * regions) asked "one, several or none?" (limit 2) by auto and by dlx (target: auto at least 10x
 * faster).  Every generated puzzle's uniqueness
 * is checked again by dlx, a solver the generator did not use.
 */
static void bench_variants(const char *dir, int runs)
{
    char path[1024];
    puzzles classic;
    snprintf(path, sizeof path, "%s/kaggle_first20000.txt", dir);
    if (!load(path, 0, &classic) || classic.side != 9) {
        printf("\nvariants: cannot read %s\n", path);
        return;
    }
    size_t n = classic.n < 1000 ? classic.n : 1000, hdu_n = 300;
    ojd_board *plain = calloc(n, sizeof *plain), *jigsaw = calloc(n, sizeof *jigsaw);
    ojd_board *made_classic = calloc(n, sizeof *made_classic);
    ojd_board *hdu = calloc(hdu_n, sizeof *hdu), *empty = calloc(1, sizeof *empty);
    ojd_engine *mrv = ojd_engine_new(ojd_solver_find("mrv")), *fast = ojd_engine_new(NULL);
    ojd_engine *dlx = ojd_engine_new(ojd_solver_find("dlx"));
    ojd_result *res = malloc(sizeof *res);
    if (!plain || !jigsaw || !made_classic || !hdu || !empty || !mrv || !fast || !dlx || !res) {
        printf("\nvariants: out of memory\n");
        goto done;
    }
    ojd_rng rng;
    ojd_rng_seed(&rng, 28);
    double made_at = cpu_now();
    for (size_t i = 0; i < n + hdu_n; i++) {
        ojd_board *b = i < n ? &plain[i] : NULL;
        int givens = HDU4069_GIVENS;
        if (b) {
            board_of(&classic, i, b);
            givens = ojd_board_givens(b);
        }
        for (;;) {
            uint8_t map[81];
            ojd_board_init_side(empty, 9);
            ojd_regions_random(9, &rng, map);
            ojd_board_set_regions(empty, map, NULL);
            if (make_unique(mrv, fast, empty, &rng, givens, i < n ? &jigsaw[i] : &hdu[i - n]))
                break;
        }
        /* and a classic grid made the same way with the same givens: the like-for-like set */
        ojd_board_init_side(empty, 9);
        while (b && !make_unique(mrv, fast, empty, &rng, givens, &made_classic[i]))
            ;
    }
    double made = cpu_now() - made_at;
    unsigned long unique_by_dlx = 0, hdu_givens = 0;
    ojd_search two = {.limit = 2};
    for (size_t i = 0; i < n + hdu_n; i++)
        unique_by_dlx += ojd_engine_solve(dlx, i < n ? &jigsaw[i] : &hdu[i - n], &two, res) == OJD_OK;
    for (size_t i = 0; i < hdu_n; i++)
        hdu_givens += (unsigned long)ojd_board_givens(&hdu[i]);
    /* the three 9x9 sets pass after pass, interleaved, so that each pass's ratios compare
     * times taken moments apart (the machine is shared): the medians of the ratios */
    unsigned long c1 = 0, c2 = 0, c3, c4, c5 = 0;
    work_done w1 = {0, 0}, w2 = {0, 0}, w5 = {0, 0};
    double p[MAX_RUNS], j[MAX_RUNS], m[MAX_RUNS], to_plain[MAX_RUNS], to_made[MAX_RUNS];
    for (int r = 0; r < runs; r++) {
        p[r] = engine_pass(fast, plain, n, 1, res, &c1, &w1);
        j[r] = engine_pass(fast, jigsaw, n, 1, res, &c2, &w2);
        m[r] = engine_pass(fast, made_classic, n, 1, res, &c5, &w5);
        to_plain[r] = j[r] / p[r];
        to_made[r] = j[r] / m[r];
    }
    double t_plain = median(p, runs), t_jigsaw = median(j, runs), t_made = median(m, runs);
    double t_auto = time_engine(fast, hdu, hdu_n, 2, runs, &c3, NULL);
    double t_dlx = time_engine(dlx, hdu, hdu_n, 2, runs, &c4, NULL);
    printf("\nvariants (CPU time per puzzle, median of %d runs; %zu + %zu + %zu puzzles made in "
           "%.2f s, the jigsaws %lu of them unique by dlx too):\n", runs, n, n, hdu_n, made,
           unique_by_dlx);
    printf("  auto, classic 9x9 (kaggle, first %zu)          %8.2f us   %5.2f nodes %5.2f guesses\n",
           n, t_plain * 1e6, w1.nodes, w1.guesses);
    printf("  auto, classic 9x9 made as the jigsaws are      %8.2f us   %5.2f nodes %5.2f guesses\n",
           t_made * 1e6, w5.nodes, w5.guesses);
    printf("  auto, 9x9 jigsaw with the same givens          %8.2f us   %5.2f nodes %5.2f guesses: "
           "%.2fx made alike (target <= 1.5x), %.2fx kaggle (medians of the runs' ratios)\n",
           t_jigsaw * 1e6, w2.nodes, w2.guesses, median(to_made, runs), median(to_plain, runs));
    if (c1 != n || c2 != n || c5 != n)
        printf("  variants: %lu, %lu and %lu of the %zu puzzles of each set solved: WRONG\n", c1,
               c2, c5, n);
    printf("  HDU 4069-style (unique jigsaws, %.1f givens, limit 2): auto %.2f us, dlx %.2f us: "
           "auto %.1fx faster (target >= 10x)\n", (double)hdu_givens / (double)hdu_n,
           t_auto * 1e6, t_dlx * 1e6, t_dlx / t_auto);
    if (c3 != c4)
        printf("  variants: auto and dlx counted %lu and %lu solutions: WRONG\n", c3, c4);
done:
    ojd_engine_free(mrv);
    ojd_engine_free(fast);
    ojd_engine_free(dlx);
    free(plain);
    free(jigsaw);
    free(made_classic);
    free(res);
    free(hdu);
    free(empty);
    free(classic.cells);
}

int main(int argc, char **argv)
{
    const char *dir = "data", *cli = NULL, *only = NULL, *tdoku = NULL;
    double budget = 2.0;
    int runs = 5;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--data") && i + 1 < argc)
            dir = argv[++i];
        else if (!strcmp(argv[i], "--cli") && i + 1 < argc)
            cli = argv[++i];
        else if (!strcmp(argv[i], "--tdoku") && i + 1 < argc)
            tdoku = argv[++i];
        else if (!strcmp(argv[i], "--budget") && i + 1 < argc)
            budget = atof(argv[++i]);
        else if (!strcmp(argv[i], "--runs") && i + 1 < argc)
            runs = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--solver") && i + 1 < argc)
            only = argv[++i];
        else if (!strcmp(argv[i], "--hard-for-only")) { /* that section alone: minutes less */
            bench_hard_for();
            return 0;
        } else if (!strcmp(argv[i], "--variants-only")) { /* the variants' figures alone */
            bench_variants(dir, runs);
            return 0;
        } else if (!strcmp(argv[i], "--large-only")) { /* the large grids' figures alone */
            bench_large(dir, runs);
            return 0;
        } else if (!strcmp(argv[i], "--killer-only")) { /* the killer section alone */
            return bench_killer(dir) ? 1 : 0;
        } else {
            fprintf(stderr, "usage: %s [--data DIR] [--cli PATH] [--tdoku PATH] [--budget SECONDS] "
                            "[--runs N] [--solver NAME] [--hard-for-only] [--variants-only] "
                            "[--large-only] [--killer-only]\n", argv[0]);
            return 2;
        }
    }
    if (runs < 1 || runs > MAX_RUNS || !(budget > 0)) {
        fprintf(stderr, "bench: --runs must be 1..%d and --budget positive\n", MAX_RUNS);
        return 2;
    }
    printf("ojdoku bench: first solution (limit 1); per (solver, dataset) at most %.1f s, per "
           "puzzle %llu nodes and %.2f s (\"stopped\"); puzzles = sampled/in file; us/puzzle = "
           "median of up to %d timed runs\n\n", budget, NODE_BUDGET, PUZZLE_SECONDS, runs);
    print_header();
    fflush(stdout);
    int failures = 0;
    for (const ojd_solver *const *s = ojd_solver_list(); *s; s++) {
        if (!strcmp((*s)->name, "auto") || (only && strcmp((*s)->name, only)))
            continue;
        for (const dataset *d = datasets; d->name; d++) {
            fflush(stdout);
            pid_t pid = fork();
            if (pid < 0) {
                perror("bench: fork");
                return 2;
            }
            if (pid == 0) {
                int code = bench_row(*s, d, dir, budget, runs);
                fflush(stdout);
                _exit(code);
            }
            int status;
            waitpid(pid, &status, 0);
            if (!WIFEXITED(status)) {
                printf("%-8s %-26s crashed (signal %d)\n", (*s)->name, d->name,
                       WIFSIGNALED(status) ? WTERMSIG(status) : 0);
                failures++;
            } else if (WEXITSTATUS(status) != 0) {
                failures++;
            }
        }
    }
    fflush(stdout);
    if (!only || !strcmp(only, "fast"))
        bench_nine(cli, tdoku, dir, runs);
    bench_cli(cli, dir, runs);
    if (!only || !strcmp(only, "fast"))
        bench_large(dir, runs);
    bench_rate_calibration(dir);
    bench_rate_speed(dir);
    bench_generate_speed(runs);
    bench_hard_for();
    bench_variants(dir, runs);
    failures += bench_killer(dir);
    if (failures)
        printf("\nbench: %d row(s) or killer answers failed (wrong answers, unreadable data or a "
               "crash)\n", failures);
    return failures ? 1 : 0;
}
