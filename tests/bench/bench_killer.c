/*
 * bench_killer.c -- make bench's killer section (issue 42, "Speed"): every killer set of
 * data/killer/ (line form, a solutions file beside it) solved at limit 1 (first solution) and
 * limit 2 (uniqueness) by ojdoku's "auto" engine, by the Gecode model of killer_gecode.cc when
 * the bench is built with GECODE=1, and, for scale, by "auto" on classic puzzles of the same
 * solution grids with the same number of givens (see classic_of()).
 *
 * Each puzzle is timed on its own, in CPU time of the thread (the machine is shared: wall time
 * there measures the neighbours), less the cost of reading that clock twice, and the best of a
 * few runs is kept; so the table gives the median, 90th percentile and worst time per puzzle,
 * not only a mean.  Every answer is checked by killer_check(), the harness's own rule check,
 * and against the set's solutions file; at limit 2 every puzzle must be found unique.  Both
 * solvers get a time limit per puzzle (the set's seconds of CPU time): a puzzle not finished
 * within it counts as "stopped" at that time, so a median or worst is then a lower bound (and
 * the ratio of two such is no bound).
 */
#define _POSIX_C_SOURCE 200809L
#include "bench_killer.h"

#include "killer_line.h"
#ifdef BENCH_GECODE
#include "killer_gecode.h"
#endif

#include <ojdoku.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define OJDOKU_RUNS 5   /* runs per puzzle, the best kept, while a run takes under REPEAT_BELOW s */
#define GECODE_RUNS 3   /* the same for Gecode */
#define REPEAT_BELOW 0.05

/* The sets, easiest first, and the time limit per puzzle and limit of each, for both solvers:
 * the plain Gecode model needs seconds on a few printed puzzles, and both stop on many of the
 * forums' hardest, where a short limit keeps the section to minutes (figures are then lower
 * bounds). */
static const struct {
    const char *name;
    double seconds;
} killer_sets[] = {
    {"codingame_4", 10},   {"generated_200", 10}, {"krazydad_intermediate_800", 10},
    {"tarek_hard", 2},      {"forum_extreme", 2},  {NULL, 0},
};

/* One set in memory: puzzles, their solutions, the ojdoku boards and the classic boards. */
typedef struct killer_set {
    size_t n;
    killer_puzzle *puzzle;
    uint8_t (*solution)[KILLER_CELLS];
    ojd_board *board, *classic;
} killer_set;

/* Per-puzzle figures of one solver at one limit. */
typedef struct timing {
    double *seconds;        /* per puzzle */
    double work;            /* guesses (ojdoku) or nodes (Gecode) per puzzle */
    size_t stopped, wrong;
    bool unavailable;       /* the solver refused the puzzles (OJD_ERR_USAGE) */
} timing;

static double cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The least time two back-to-back readings of the clock differ by: what every measurement
 * carries besides the solve (a system call, some tenths of a microsecond). */
static double clock_cost;

static void measure_clock_cost(void)
{
    clock_cost = 1;
    for (int i = 0; i < 2000; i++) {
        double a = cpu_now(), b = cpu_now();
        if (b - a < clock_cost)
            clock_cost = b - a;
    }
}

/* Seconds since a (a cpu_now() reading), less the clock's own cost. */
static double cpu_since(double a)
{
    double t = cpu_now() - a - clock_cost;
    return t > 0 ? t : 0;
}

static int cmp_seconds(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The q-quantile (0..1) of n sorted values, nearest rank. */
static double quantile(const double *sorted, size_t n, double q)
{
    size_t i = (size_t)(q * (double)n + 0.999999);
    return sorted[i == 0 ? 0 : (i > n ? n : i) - 1];
}

static void free_set(killer_set *s)
{
    free(s->puzzle);
    free(s->solution);
    free(s->board);
    free(s->classic);
    memset(s, 0, sizeof *s);
}

/* Reads path (line form) and its solutions file (81 digits a line); false with a message. */
static bool read_set(const char *path, const char *solutions, killer_set *s)
{
    FILE *f = fopen(path, "r"), *g = fopen(solutions, "r");
    char line[4096], sol[256], why[128];
    size_t cap = 0;
    bool ok = f && g;
    memset(s, 0, sizeof *s);
    if (!ok)
        printf("  cannot read %s or %s\n", path, solutions);
    while (ok && fgets(line, sizeof line, f)) {
        if (s->n == cap) {
            cap = cap ? 2 * cap : 256;
            void *p = realloc(s->puzzle, cap * sizeof *s->puzzle);
            void *q = p ? realloc(s->solution, cap * sizeof *s->solution) : NULL;
            if (p)
                s->puzzle = p;
            if (q)
                s->solution = q;
            ok = p && q;
            if (!ok)
                break;
        }
        killer_puzzle *p = &s->puzzle[s->n];
        ok = killer_parse(line, strcspn(line, "\r\n"), p, why, sizeof why) &&
             fgets(sol, sizeof sol, g) && strcspn(sol, "\r\n") == KILLER_CELLS;
        for (int i = 0; ok && i < KILLER_CELLS; i++)
            s->solution[s->n][i] = (uint8_t)(sol[i] - '0');
        ok = ok && killer_check(p, s->solution[s->n], why, sizeof why);
        if (!ok)
            printf("  %s line %zu: %s\n", path, s->n + 1, why);
        s->n++;
    }
    if (f)
        fclose(f);
    if (g)
        fclose(g);
    return ok && s->n > 0;
}

/* The ojdoku board of a killer puzzle; false (with a message) if the library refuses its cages. */
static bool board_of_killer(const killer_puzzle *p, ojd_board *b)
{
    int cage[KILLER_CELLS], sum[KILLER_MAX_CAGES];
    ojd_error err;
    ojd_board_init(b, 3, 3);
    for (int i = 0; i < KILLER_CELLS; i++) {
        b->cell[i] = p->given[i];
        cage[i] = p->cage[i];
    }
    for (int k = 1; k <= p->cage_count; k++)
        sum[k - 1] = p->sum[k];
    if (ojd_board_set_cages(b, cage, sum, p->cage_count, &err) != OJD_OK) {
        printf("  ojd_board_set_cages: %s\n", err.message);
        return false;
    }
    return true;
}

/*
 * The classic puzzle "of the same solution with the same number of givens": the killer's solution
 * grid emptied cell by cell in a seeded random order, each cell left filled when emptying it
 * would give a second solution ("auto" counts to 2), until the grid has the killer's number of
 * givens.  A killer with fewer givens than any unique classic puzzle (most have none) gets the
 * fewest this removal reaches: a minimal puzzle, from which no given can go.
 */
static void classic_of(ojd_engine *e, const uint8_t *solution, int givens, ojd_rng *rng,
                       ojd_board *out, ojd_result *res)
{
    int order[KILLER_CELLS], left = KILLER_CELLS;
    ojd_search two = {.limit = 2};
    ojd_board_init(out, 3, 3);
    memcpy(out->cell, solution, KILLER_CELLS);
    for (int i = 0; i < KILLER_CELLS; i++)
        order[i] = i;
    for (int i = KILLER_CELLS - 1; i > 0; i--) {
        int j = (int)ojd_rng_below(rng, (uint64_t)i + 1), t = order[i];
        order[i] = order[j], order[j] = t;
    }
    for (int k = 0; k < KILLER_CELLS && left > givens; k++) {
        uint8_t keep = out->cell[order[k]];
        out->cell[order[k]] = 0;
        if (ojd_engine_solve(e, out, &two, res) == OJD_OK)
            left--;
        else
            out->cell[order[k]] = keep;
    }
}

/* The best of up to OJDOKU_RUNS runs of "auto" on board at limit; a run of more than seconds of
 * CPU time counts as stopped at seconds, as Gecode's does.  The library's own budget reads the
 * wall clock, which on a shared machine runs faster than the thread's CPU clock: it gets four
 * times the seconds, so as to stop only what would not end anyway.  false when the library
 * refuses the board. */
static bool time_ojdoku(ojd_engine *e, const ojd_board *board, unsigned long limit,
                        double seconds, const killer_puzzle *p, const uint8_t *solution,
                        ojd_result *res, double *best, timing *t, double *guesses)
{
    ojd_search search = {.limit = limit, .max_seconds = 4 * seconds};
    char why[128];
    for (int r = 0; r < OJDOKU_RUNS; r++) {
        double a = cpu_now();
        ojd_status st = ojd_engine_solve(e, board, &search, res);
        double sec = cpu_since(a);
        if (st == OJD_ERR_USAGE)
            return false;
        if (r == 0 || sec < *best)
            *best = sec;
        if (r == 0) {
            *guesses += (double)res->guesses;
            if (st == OJD_LIMIT || sec > seconds) { /* a lower bound, as Gecode's stops */
                if (sec > seconds)
                    *best = seconds;
                t->stopped++;
                break;
            }
            /* every puzzle of the sets is unique: OJD_OK at either limit */
            bool right = st == OJD_OK && res->solutions == 1 &&
                         !memcmp(res->solution.cell, solution, KILLER_CELLS);
            if (p && right)
                right = killer_check(p, res->solution.cell, why, sizeof why);
            t->wrong += !right;
        }
        if (sec > REPEAT_BELOW)
            break;
    }
    return true;
}

static void time_set_ojdoku(ojd_engine *e, const killer_set *s, bool classic,
                            unsigned long limit, double seconds, timing *t)
{
    ojd_result *res = malloc(sizeof *res);
    double guesses = 0;
    for (size_t i = 0; res && i < s->n && !t->unavailable; i++)
        t->unavailable = !time_ojdoku(e, classic ? &s->classic[i] : &s->board[i], limit,
                                      seconds, classic ? NULL : &s->puzzle[i], s->solution[i],
                                      res, &t->seconds[i], t, &guesses);
    t->work = guesses / (double)s->n;
    free(res);
}

#ifdef BENCH_GECODE
static void time_set_gecode(const killer_set *s, int limit, double seconds, timing *t)
{
    double nodes = 0;
    char why[128];
    for (size_t i = 0; i < s->n; i++) {
        uint8_t first[KILLER_CELLS];
        for (int r = 0; r < GECODE_RUNS; r++) {
            unsigned long visited = 0;
            double a = cpu_now();
            int found = killer_gecode_solve(&s->puzzle[i], limit, seconds, first, &visited);
            double sec = cpu_since(a);
            if (r == 0 || sec < t->seconds[i])
                t->seconds[i] = sec;
            if (r == 0) {
                nodes += (double)visited;
                if (found < 0) { /* its time so far: a lower bound */
                    t->stopped++;
                    break;
                }
                t->wrong += found != 1 || memcmp(first, s->solution[i], KILLER_CELLS) ||
                            !killer_check(&s->puzzle[i], first, why, sizeof why);
            }
            if (sec > REPEAT_BELOW)
                break;
        }
    }
    t->work = nodes / (double)s->n;
}
#endif

/* One row of the table: "SOLVER  median  p90  worst  work  stopped  wrong"; *median and *worst
 * (seconds) for the ratios. */
static void print_row(const char *who, const char *work_name, const timing *t, size_t n,
                      double *median, double *worst)
{
    if (t->unavailable) {
        printf("    %-22s not available (OJD_ERR_USAGE: no solver takes cages yet)\n", who);
        *median = *worst = 0;
        return;
    }
    double *sorted = malloc(n * sizeof *sorted);
    if (!sorted)
        return;
    memcpy(sorted, t->seconds, n * sizeof *sorted);
    qsort(sorted, n, sizeof *sorted, cmp_seconds);
    *median = quantile(sorted, n, 0.5);
    *worst = sorted[n - 1];
    printf("    %-22s %11.1f %11.1f %13.1f %12.1f %-7s %7zu %5zu\n", who, *median * 1e6,
           quantile(sorted, n, 0.9) * 1e6, *worst * 1e6, t->work, work_name, t->stopped,
           t->wrong);
    free(sorted);
}

/* Reads the set called name and makes its boards and classic counterparts; false if unusable. */
static bool load_set(const char *dir, const char *name, ojd_engine *e, ojd_rng *rng,
                     killer_set *s, int *givens, int *classic_givens)
{
    char path[1024], sol[1024];
    snprintf(path, sizeof path, "%s/killer/%s.txt", dir, name);
    snprintf(sol, sizeof sol, "%s/killer/%s.solutions.txt", dir, name);
    if (!read_set(path, sol, s))
        return false;
    s->board = calloc(s->n, sizeof *s->board);
    s->classic = calloc(s->n, sizeof *s->classic);
    ojd_result *res = malloc(sizeof *res);
    bool ok = s->board && s->classic && res;
    *givens = *classic_givens = 0;
    for (size_t i = 0; ok && i < s->n; i++) {
        ok = board_of_killer(&s->puzzle[i], &s->board[i]);
        *givens += killer_givens(&s->puzzle[i]);
        classic_of(e, s->solution[i], killer_givens(&s->puzzle[i]), rng, &s->classic[i], res);
        *classic_givens += ojd_board_givens(&s->classic[i]);
    }
    free(res);
    return ok;
}

/* Times one set; returns its wrong answers (1 for a set that cannot be used). */
static size_t bench_one_set(const char *dir, const char *name, double seconds,
                            ojd_engine *e, ojd_rng *rng)
{
    killer_set s;
    int givens, classic_givens;
    size_t wrong = 0;
    if (!load_set(dir, name, e, rng, &s, &givens, &classic_givens)) {
        printf("  %s: cannot be used\n", name);
        free_set(&s);
        return 1;
    }
    printf("  %s: %zu puzzles, %.1f givens; classic: the same grids with %.1f givens; solvers "
           "stop at %.0f s a puzzle\n", name, s.n, (double)givens / (double)s.n,
           (double)classic_givens / (double)s.n, seconds);
    for (unsigned long limit = 1; limit <= 2; limit++) {
        timing killer = {0}, classic = {0}, gecode = {0};
        killer.seconds = calloc(s.n, sizeof(double));
        classic.seconds = calloc(s.n, sizeof(double));
        gecode.seconds = calloc(s.n, sizeof(double));
        if (!killer.seconds || !classic.seconds || !gecode.seconds)
            goto next;
        double km, kw, cm, cw, gm = 0, gw = 0;
        printf("   limit %lu %-13s %11s %11s %13s %12s %-7s %7s %5s\n", limit, "", "median_us",
               "p90_us", "worst_us", "work", "", "stopped", "wrong");
        time_set_ojdoku(e, &s, false, limit, seconds, &killer);
        print_row("ojdoku auto, killer", "guesses", &killer, s.n, &km, &kw);
#ifdef BENCH_GECODE
        time_set_gecode(&s, (int)limit, seconds, &gecode);
        print_row("gecode, killer", "nodes", &gecode, s.n, &gm, &gw);
#endif
        time_set_ojdoku(e, &s, true, limit, seconds, &classic);
        print_row("ojdoku auto, classic", "guesses", &classic, s.n, &cm, &cw);
        if (km > 0 && gm > 0)
            printf("    gecode / ojdoku: median %.1fx, worst %.1fx (target >= 10x both)%s\n",
                   gm / km, gw / kw,
                   killer.stopped  ? " (not bounds: ojdoku stopped too)"
                   : gecode.stopped ? " (lower bounds: Gecode stopped)"
                                    : "");
        if (km > 0 && cm > 0)
            printf("    killer / classic (ojdoku): median %.2fx, worst %.2fx\n", km / cm, kw / cw);
        wrong += killer.wrong + classic.wrong + gecode.wrong;
    next:
        free(killer.seconds);
        free(classic.seconds);
        free(gecode.seconds);
    }
    free_set(&s);
    return wrong;
}

int bench_killer(const char *dir)
{
    size_t wrong = 0;
    ojd_engine *e = ojd_engine_new(NULL);
    ojd_rng rng;
    ojd_rng_seed(&rng, 42);
    measure_clock_cost();
    printf("\nkiller (issue 42): us per puzzle, each puzzle timed alone (thread CPU time less "
           "%.2f us of clock; best of %d runs, Gecode %d, while a run takes under %.0f ms), "
           "answers checked by the bench's own rule check and the sets' solutions\n",
           clock_cost * 1e6, OJDOKU_RUNS, GECODE_RUNS, REPEAT_BELOW * 1e3);
#ifdef BENCH_GECODE
    printf("  gecode model: %s\n", killer_gecode_model());
#else
    printf("  gecode: not built (make bench GECODE=1 with libgecode-dev)\n");
#endif
    for (int k = 0; e && killer_sets[k].name; k++) {
        wrong += bench_one_set(dir, killer_sets[k].name, killer_sets[k].seconds, e, &rng);
        fflush(stdout);
    }
    ojd_engine_free(e);
    if (wrong)
        printf("  killer: %zu wrong answers or unusable sets\n", wrong);
    return e && wrong < 1000 ? (int)wrong : 1000;
}
