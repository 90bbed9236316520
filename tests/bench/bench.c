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
 * Children keep one row's memory apart, so the peak RSS column is that row's own.  Afterwards the
 * whole CLI is timed on the 17-clue file against the solver alone (wall and CPU time: the
 * CPU time is the steadier measure on a shared machine), and `-j 2` against `-j 1` on the hard
 * sets.
 *
 * Usage: bench [--data DIR] [--cli PATH] [--budget SECONDS] [--runs N] [--solver NAME]
 */
#define _POSIX_C_SOURCE 200809L
/* The solvers' own interface (struct ojd_solver, private to the library): a row times solve()
 * alone, without the engine around it. */
#include "internal.h"

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

/*
 * Runs `cli --format line [-j JOBS] < in > /dev/null` once: *wall is its wall time, *cpu its
 * user + system time (from getrusage of the children, so the machine's other load, which
 * stretches wall time on a shared box, mostly drops out).  false if it cannot run or fails.
 */
static bool time_cli(const char *cli, const char *in, const char *jobs, double *wall, double *cpu)
{
    if (access(cli, X_OK) != 0)
        return false;
    struct rusage before, after;
    getrusage(RUSAGE_CHILDREN, &before);
    double a = now();
    pid_t pid = fork();
    if (pid < 0)
        return false;
    if (pid == 0) {
        int fd_in = open(in, O_RDONLY), fd_out = open("/dev/null", O_WRONLY);
        if (fd_in < 0 || fd_out < 0)
            _exit(127);
        dup2(fd_in, 0);
        dup2(fd_out, 1);
        dup2(fd_out, 2);
        if (jobs)
            execl(cli, cli, "--format", "line", "-j", jobs, (char *)NULL);
        else
            execl(cli, cli, "--format", "line", (char *)NULL);
        _exit(127);
    }
    int status;
    if (waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
        return false;
    *wall = now() - a;
    getrusage(RUSAGE_CHILDREN, &after);
    *cpu = cpu_seconds(&after.ru_utime, &after.ru_stime) -
           cpu_seconds(&before.ru_utime, &before.ru_stime);
    return true;
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

    /* threads: the hard sets, -j 1 against -j 2 (wall time: the speed-up a user sees) */
    static const int sets[] = {3, 4};
    for (size_t k = 0; k < sizeof sets / sizeof sets[0]; k++) {
        const dataset *d = &datasets[sets[k]];
        snprintf(path, sizeof path, "%s/%s", dir, d->file);
        double w1, c1, w2, c2;
        if (!time_cli_runs(cli, path, "1", runs, &w1, &c1) ||
            !time_cli_runs(cli, path, "2", runs, &w2, &c2)) {
            printf("cli -j: %s unavailable\n", d->name);
            continue;
        }
        printf("cli -j: %-26s -j 1 %.3f s, -j 2 %.3f s: speed-up %.2fx (CPU %.3f s / %.3f s)\n",
               d->name, w1, w2, w1 / w2, c1, c2);
    }
}

int main(int argc, char **argv)
{
    const char *dir = "data", *cli = NULL, *only = NULL;
    double budget = 2.0;
    int runs = 5;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--data") && i + 1 < argc)
            dir = argv[++i];
        else if (!strcmp(argv[i], "--cli") && i + 1 < argc)
            cli = argv[++i];
        else if (!strcmp(argv[i], "--budget") && i + 1 < argc)
            budget = atof(argv[++i]);
        else if (!strcmp(argv[i], "--runs") && i + 1 < argc)
            runs = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--solver") && i + 1 < argc)
            only = argv[++i];
        else {
            fprintf(stderr, "usage: %s [--data DIR] [--cli PATH] [--budget SECONDS] [--runs N] "
                            "[--solver NAME]\n", argv[0]);
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
    bench_cli(cli, dir, runs);
    if (failures)
        printf("\nbench: %d row(s) failed (wrong answers, unreadable data or a crash)\n", failures);
    return failures ? 1 : 0;
}
