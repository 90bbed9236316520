/*
 * test_solvers.c -- every registered solver (ojd_solver_list(), so new ones are covered without
 * edits), through ojd_engine: fixture puzzles with known counts and solutions, exact counting
 * up to a limit, lexicographic minimum, budgets, general box shapes, and pairwise cross-checks
 * on puzzles derived from fixture solutions.
 *
 * Fixtures (tests/fixtures/solve_*.txt, see solvers.PROVENANCE.md) are tdoku's
 * `puzzle:count:solution` lines, read here with a parser of our own.  The solution is the unique
 * one when count is 1 and the lexicographically smallest when count is 2 (= two or more).
 *
 * dfs and bitmask (row-major backtracking) cannot do the hard sets in reasonable time: they get a
 * node budget there and may answer OJD_LIMIT, but whatever they do answer must be right.  Every
 * other solver must decide every fixture puzzle.
 *
 * Two private pieces the solvers stand on are checked here directly: the grid geometry (ojd_geo,
 * internal.h) against the board's own box arithmetic, and the singles core (singles.h) with the
 * options only the generator and the grader use (forbidden value, shuffled values, budget on
 * branching nodes).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ojdoku.h"
#include "solve/solve.h"

/* ---- fixtures ---------------------------------------------------------------------------- */

typedef struct fixture {
    ojd_board puzzle;
    long count;          /* capped at 2 (solve_sudopedia_counts.txt: at 1000) */
    ojd_board solution;  /* valid when count > 0 */
} fixture;

typedef struct fixture_set {
    fixture *items;
    size_t n;
} fixture_set;

/* One board from n characters: '.', '0', '-' blank; digits for side <= 9; letters A=1 beyond. */
static bool parse_board(const char *s, size_t n, ojd_board *b)
{
    int side = 0;
    while ((size_t)(side * side) < n)
        side++;
    if (n == 0 || (size_t)(side * side) != n || ojd_board_init_side(b, side) != OJD_OK)
        return false;
    for (size_t i = 0; i < n; i++) {
        char ch = s[i];
        int v = ch == '.' || ch == '0' || ch == '-' ? 0
                : side <= 9 && ch >= '1' && ch <= '9' ? ch - '0'
                : ch >= 'A' && ch <= 'Z' ? ch - 'A' + 1 : -1;
        if (v < 0 || v > side)
            return false;
        b->cell[i] = (uint8_t)v;
    }
    return true;
}

static fixture_set load(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        fail_msg("cannot open %s", path);
    fixture_set set = {0};
    size_t cap = 0;
    char line[4096];
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\r\n")] = 0;
        if (!line[0])
            continue;
        char *c1 = strchr(line, ':');
        assert_non_null(c1);
        char *c2 = strchr(c1 + 1, ':');
        assert_non_null(c2);
        if (set.n == cap) {
            cap = cap ? 2 * cap : 64;
            set.items = realloc(set.items, cap * sizeof *set.items);
            assert_non_null(set.items);
        }
        fixture *fx = &set.items[set.n++];
        assert_true(parse_board(line, (size_t)(c1 - line), &fx->puzzle));
        fx->count = strtol(c1 + 1, NULL, 10);
        if (fx->count > 0) {
            assert_true(parse_board(c2 + 1, strlen(c2 + 1), &fx->solution));
            assert_int_equal(fx->solution.side, fx->puzzle.side);
            /* The fixture itself is checked, independently of every solver. */
            assert_true(ojd_board_solves(&fx->puzzle, &fx->solution));
        }
    }
    fclose(f);
    assert_true(set.n > 0);
    return set;
}

static void unload(fixture_set *set)
{
    free(set->items);
    set->items = NULL;
    set->n = 0;
}

/* ---- helpers ----------------------------------------------------------------------------- */

/* The row-major backtrackers: no propagation, so hard puzzles need a budget. */
static bool is_slow(const ojd_solver *s)
{
    return strcmp(s->name, "dfs") == 0 || strcmp(s->name, "bitmask") == 0;
}

/* Whose first solution is, by their documented order, the lexicographically smallest. */
static bool first_is_lexmin(const ojd_solver *s) { return is_slow(s); }

static bool same_grid(const ojd_board *a, const ojd_board *b)
{
    int cells = ojd_board_cells(a);
    return a->side == b->side && memcmp(a->cell, b->cell, (size_t)cells) == 0;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static ojd_status status_for(unsigned long solutions)
{
    return solutions == 0 ? OJD_UNSOLVABLE : solutions == 1 ? OJD_OK : OJD_MULTIPLE;
}

/* Checks one answer against the facts: status, count, validity; never a wrong answer. */
static void check_answer(const ojd_solver *s, const char *what, size_t idx, const ojd_board *p,
                         ojd_status st, const ojd_result *r, unsigned long limit,
                         unsigned long expected, bool allow_limit)
{
    if (st == OJD_LIMIT) {
        if (!allow_limit)
            fail_msg("%s: %s #%zu: OJD_LIMIT", s->name, what, idx);
        /* stopped: whatever was found so far must still be true */
        assert_true(r->solutions < limit && r->solutions <= expected);
        if (r->solutions > 0)
            assert_true(ojd_board_solves(p, &r->solution));
        return;
    }
    unsigned long want = expected < limit ? expected : limit;
    if (st != status_for(want) || r->solutions != want)
        fail_msg("%s: %s #%zu: status %d solutions %lu, want %d / %lu", s->name, what, idx, st,
                 r->solutions, status_for(want), want);
    if (want > 0 && !ojd_board_solves(p, &r->solution))
        fail_msg("%s: %s #%zu: invalid solution", s->name, what, idx);
}

/* ---- registry ---------------------------------------------------------------------------- */

static void test_registry(void **state)
{
    (void)state;
    static const char *const mine[] = {"dfs", "bitmask", "mrv", "dlx"};
    for (size_t i = 0; i < sizeof mine / sizeof mine[0]; i++) {
        const ojd_solver *s = ojd_solver_find(mine[i]);
        assert_non_null(s);
        assert_string_equal(ojd_solver_name(s), mine[i]);
        assert_true(ojd_solver_max_side(s) >= 25 && ojd_solver_max_side(s) <= OJD_MAX_SIDE);
        assert_non_null(s->solve);
    }
    /* the accessors answer each solver's own fields; names are unique */
    const ojd_solver *const *list = ojd_solver_list();
    for (size_t i = 0; list[i]; i++) {
        assert_ptr_equal(ojd_solver_find(ojd_solver_name(list[i])), list[i]);
        assert_string_equal(ojd_solver_name(list[i]), list[i]->name);
        assert_string_equal(ojd_solver_summary(list[i]), list[i]->summary);
        assert_int_equal(ojd_solver_max_side(list[i]), list[i]->max_side);
        assert_true(ojd_solver_summary(list[i])[0] != '\0');
        for (size_t j = i + 1; list[j]; j++)
            assert_true(strcmp(list[i]->name, list[j]->name) != 0);
    }
    assert_string_equal(ojd_solver_name(list[0]), "auto");
}

/* ---- fixture sets ------------------------------------------------------------------------ */

typedef struct set_spec {
    const char *path;
    unsigned long long slow_budget; /* node budget for dfs/bitmask; 0 = they must decide */
} set_spec;

static const set_spec sets[] = {
    {"fixtures/solve_sudopedia.txt", 1000000}, /* "Unsolvable Column" takes dfs 13M nodes */
    {"fixtures/solve_small.txt", 0},
    {"fixtures/solve_lloyd_logic.txt", 100000},
    {"fixtures/solve_17clue.txt", 100000},
    {"fixtures/solve_top1465.txt", 100000},
    {"fixtures/solve_forum_hardest.txt", 100000},
    {"fixtures/solve_serg_multi.txt", 100000},
    {"fixtures/solve_kr_vu_16.txt", 20000},
    {"fixtures/solve_lloyd_16.txt", 20000},
    {"fixtures/solve_lloyd_25.txt", 10000},
};

/* Limits 1 and 2 on every puzzle of every set, for every solver. */
static void test_fixture_sets(void **state)
{
    (void)state;
    const ojd_solver *const *list = ojd_solver_list();
    for (size_t k = 0; k < sizeof sets / sizeof sets[0]; k++) {
        fixture_set set = load(sets[k].path);
        for (size_t si = 0; list[si]; si++) {
            const ojd_solver *s = list[si];
            ojd_engine *e = ojd_engine_new(s);
            assert_non_null(e);
            bool budgeted = is_slow(s) && sets[k].slow_budget;
            size_t decided = 0;
            for (size_t i = 0; i < set.n; i++) {
                const fixture *fx = &set.items[i];
                ojd_result r;
                for (unsigned long limit = 1; limit <= 2; limit++) {
                    ojd_search search = {.limit = limit,
                                         .max_nodes = budgeted ? sets[k].slow_budget : 0,
                                         .max_seconds = 60};
                    ojd_status st = ojd_engine_solve(e, &fx->puzzle, &search, &r);
                    check_answer(s, sets[k].path, i + 1, &fx->puzzle, st, &r, limit,
                                 (unsigned long)fx->count, budgeted);
                    if (budgeted)
                        assert_true(r.nodes <= sets[k].slow_budget + 1);
                    if (st == OJD_LIMIT)
                        continue;
                    decided += limit == 2;
                    if (r.solutions == 0)
                        continue;
                    /* a unique solution is THE solution; a row-major first one is the lexmin */
                    if (fx->count == 1 || first_is_lexmin(s))
                        if (!same_grid(&r.solution, &fx->solution))
                            fail_msg("%s: %s #%zu: not the expected solution", s->name,
                                     sets[k].path, i + 1);
                }
            }
            if (!budgeted)
                assert_int_equal(decided, set.n);
            ojd_engine_free(e);
        }
        unload(&set);
    }
}

/* Duplicate givens are conflicts, whatever the solver. */
static void test_conflicts(void **state)
{
    (void)state;
    fixture_set set = load("fixtures/solve_sudopedia_conflict.txt");
    assert_int_equal(set.n, 3);
    const ojd_solver *const *list = ojd_solver_list();
    for (size_t si = 0; list[si]; si++) {
        ojd_engine *e = ojd_engine_new(list[si]);
        for (size_t i = 0; i < set.n; i++) {
            ojd_result r;
            ojd_search search = {.limit = 2};
            assert_false(ojd_board_is_valid(&set.items[i].puzzle));
            assert_int_equal(ojd_engine_solve(e, &set.items[i].puzzle, &search, &r),
                             OJD_CONFLICT);
            assert_int_equal(r.solutions, 0);
        }
        ojd_engine_free(e);
    }
    unload(&set);
}

/*
 * Exact counting: the Sudopedia cases with 0, 1, 2, 3, 4, 10, 125 and 1000+ solutions, at limits
 * 1, 2, 3, 10, 1000; the answer is min(limit, count) (count is capped at 1000 in the fixture).
 * All solutions of one search are distinct, so counting many of them also checks that every
 * solver explores each branch once.
 */
static void test_exact_counts(void **state)
{
    (void)state;
    fixture_set set = load("fixtures/solve_sudopedia_counts.txt");
    static const unsigned long limits[] = {1, 2, 3, 10, 1000};
    const ojd_solver *const *list = ojd_solver_list();
    bool seen[5] = {false};
    for (size_t i = 0; i < set.n; i++) {
        long c = set.items[i].count;
        seen[0] |= c == 2, seen[1] |= c == 3, seen[2] |= c == 4, seen[3] |= c == 10;
        seen[4] |= c == 125;
    }
    for (int k = 0; k < 5; k++)
        assert_true(seen[k]);
    for (size_t si = 0; list[si]; si++) {
        ojd_engine *e = ojd_engine_new(list[si]);
        size_t decided = 0, runs = 0;
        for (size_t i = 0; i < set.n; i++)
            for (size_t l = 0; l < sizeof limits / sizeof limits[0]; l++) {
                ojd_result r;
                ojd_search search = {.limit = limits[l], .max_seconds = 60,
                                     .max_nodes = is_slow(list[si]) ? 1000000 : 0};
                ojd_status st = ojd_engine_solve(e, &set.items[i].puzzle, &search, &r);
                check_answer(list[si], "sudopedia counts", i + 1, &set.items[i].puzzle, st, &r,
                             limits[l], (unsigned long)set.items[i].count, is_slow(list[si]));
                /* two solutions take at least one branch beyond a node's first choice */
                if (r.solutions >= 2)
                    assert_true(r.guesses >= 1 && r.nodes >= 1);
                decided += st != OJD_LIMIT;
                runs++;
            }
        /* the slow solvers may give up on the one 13M-node unsolvable case, nothing else */
        assert_true(decided + (is_slow(list[si]) ? 5 : 0) >= runs);
        ojd_engine_free(e);
    }
    unload(&set);
}

/* ---- lexmin ------------------------------------------------------------------------------ */

/*
 * search.lexmin through the engine, for every solver, equals dfs's first solution (and the
 * fixture's, which the generator computed independently) on multi-solution puzzles.
 */
static void test_lexmin(void **state)
{
    (void)state;
    static const char *const paths[] = {"fixtures/solve_sudopedia.txt", "fixtures/solve_small.txt",
                                        "fixtures/solve_serg_multi.txt",
                                        "fixtures/solve_lloyd_16.txt",
                                        "fixtures/solve_lloyd_25.txt"};
    const ojd_solver *dfs = ojd_solver_find("dfs");
    assert_non_null(dfs);
    ojd_engine *oracle = ojd_engine_new(dfs);
    const ojd_solver *const *list = ojd_solver_list();
    size_t compared = 0;
    for (size_t k = 0; k < sizeof paths / sizeof paths[0]; k++) {
        fixture_set set = load(paths[k]);
        size_t multi = 0;
        for (size_t i = 0; i < set.n && multi < 8; i++) {
            const fixture *fx = &set.items[i];
            if (fx->count < 2)
                continue;
            multi++;
            ojd_result first;
            ojd_search plain = {.limit = 1, .max_nodes = 200000};
            ojd_status st = ojd_engine_solve(oracle, &fx->puzzle, &plain, &first);
            bool have_oracle = st == OJD_OK;
            if (have_oracle)
                assert_true(same_grid(&first.solution, &fx->solution));
            for (size_t si = 0; list[si]; si++) {
                ojd_engine *e = ojd_engine_new(list[si]);
                ojd_result r;
                ojd_search search = {.limit = 2, .lexmin = true, .max_seconds = 60,
                                     .max_nodes = is_slow(list[si]) ? 200000 : 0};
                st = ojd_engine_solve(e, &fx->puzzle, &search, &r);
                ojd_engine_free(e);
                if (st == OJD_LIMIT && is_slow(list[si]))
                    continue;
                assert_int_equal(st, OJD_MULTIPLE);
                assert_int_equal(r.solutions, 2);
                assert_true(ojd_board_solves(&fx->puzzle, &r.solution));
                if (!same_grid(&r.solution, &fx->solution) ||
                    (have_oracle && !same_grid(&r.solution, &first.solution)))
                    fail_msg("%s: %s #%zu: lexmin differs", list[si]->name, paths[k], i + 1);
                compared += have_oracle;
            }
        }
        unload(&set);
    }
    assert_true(compared > 0);
    ojd_engine_free(oracle);
}

/* ---- budgets ----------------------------------------------------------------------------- */

/*
 * Counting the solutions of an empty 25x25 grid up to ULONG_MAX cannot finish, for any solver:
 * a node yields at most side solutions.  A node budget must stop it promptly with OJD_LIMIT,
 * and so must a time budget.  Then dfs on a hard 16x16 (a kr_vu puzzle) with a node budget.
 */
static void test_budgets(void **state)
{
    (void)state;
    ojd_board empty;
    assert_int_equal(ojd_board_init_side(&empty, 25), OJD_OK);
    const ojd_solver *const *list = ojd_solver_list();
    for (size_t si = 0; list[si]; si++) {
        ojd_engine *e = ojd_engine_new(list[si]);
        ojd_result r;
        ojd_search by_nodes = {.limit = ULONG_MAX, .max_nodes = 20000};
        double t0 = now();
        assert_int_equal(ojd_engine_solve(e, &empty, &by_nodes, &r), OJD_LIMIT);
        assert_true(r.nodes <= 20001);
        assert_true(now() - t0 < 10.0);
        if (r.solutions > 0)
            assert_true(ojd_board_solves(&empty, &r.solution));

        ojd_search by_time = {.limit = ULONG_MAX, .max_seconds = 0.2};
        t0 = now();
        assert_int_equal(ojd_engine_solve(e, &empty, &by_time, &r), OJD_LIMIT);
        double took = now() - t0;
        assert_true(took >= 0.15 && took < 5.0);
        if (r.solutions > 0)
            assert_true(ojd_board_solves(&empty, &r.solution));
        /* the state is intact after a stopped search: the next puzzle is still right */
        fixture_set set = load("fixtures/solve_lloyd_25.txt");
        ojd_search again = {.limit = 2, .max_nodes = is_slow(list[si]) ? 10000 : 0};
        ojd_status st = ojd_engine_solve(e, &set.items[0].puzzle, &again, &r);
        check_answer(list[si], "after a stop", 1, &set.items[0].puzzle, st, &r, 2,
                     (unsigned long)set.items[0].count, is_slow(list[si]));
        unload(&set);
        ojd_engine_free(e);
    }

    fixture_set hard = load("fixtures/solve_kr_vu_16.txt");
    ojd_engine *e = ojd_engine_new(ojd_solver_find("dfs"));
    size_t stopped = 0;
    for (size_t i = 0; i < hard.n; i++) {
        ojd_result r;
        ojd_search search = {.limit = 2, .max_nodes = 50000};
        double t0 = now();
        ojd_status st = ojd_engine_solve(e, &hard.items[i].puzzle, &search, &r);
        assert_true(now() - t0 < 5.0);
        check_answer(ojd_solver_find("dfs"), "kr_vu budget", i + 1, &hard.items[i].puzzle, st, &r,
                     2, (unsigned long)hard.items[i].count, true);
        stopped += st == OJD_LIMIT;
    }
    assert_true(stopped > 0);
    ojd_engine_free(e);
    unload(&hard);
}

/* ---- shapes and cross-checks --------------------------------------------------------------- */

static uint64_t next_rand(uint64_t *rng)
{
    *rng = *rng * 6364136223846793005ULL + 1442695040888963407ULL;
    return *rng >> 33;
}

/* A solved grid of any box shape (the shifted pattern), values relabelled by the generator. */
static void pattern_grid(ojd_board *g, int box_rows, int box_cols, uint64_t *rng)
{
    int side = box_rows * box_cols;
    assert_int_equal(ojd_board_init(g, box_rows, box_cols), OJD_OK);
    int perm[OJD_MAX_SIDE];
    for (int v = 0; v < side; v++)
        perm[v] = v + 1;
    for (int v = side - 1; v > 0; v--) {
        int j = (int)(next_rand(rng) % (uint64_t)(v + 1)), t = perm[v];
        perm[v] = perm[j];
        perm[j] = t;
    }
    for (int r = 0; r < side; r++)
        for (int c = 0; c < side; c++)
            g->cell[r * side + c] =
                (uint8_t)perm[(box_cols * (r % box_rows) + r / box_rows + c) % side];
    assert_true(ojd_board_is_solved(g));
}

/* Empties `holes` distinct cells of a copy of grid. */
static void punch(ojd_board *p, const ojd_board *grid, int holes, uint64_t *rng)
{
    *p = *grid;
    int cells = ojd_board_cells(p);
    for (int h = 0; h < holes && h < cells; h++) {
        int i;
        do
            i = (int)(next_rand(rng) % (uint64_t)cells);
        while (!p->cell[i]);
        p->cell[i] = 0;
    }
}

/*
 * Solves p with every solver at limit 2 and asserts they agree.  Solvers that are not slow must
 * decide; slow ones get budget nodes and are compared when they decide.  Returns the count.
 */
static unsigned long cross_check(ojd_engine *const *engines, const ojd_solver *const *list,
                                 const ojd_board *p, unsigned long long budget,
                                 size_t *slow_decided)
{
    long agreed = -1;
    for (size_t si = 0; list[si]; si++) {
        if (list[si]->max_side < p->side)
            continue;
        ojd_result r;
        ojd_search search = {.limit = 2, .max_seconds = 60,
                             .max_nodes = is_slow(list[si]) ? budget : 0};
        ojd_status st = ojd_engine_solve(engines[si], p, &search, &r);
        if (st == OJD_LIMIT && is_slow(list[si])) {
            if (r.solutions > 0)
                assert_true(ojd_board_solves(p, &r.solution));
            continue;
        }
        assert_true(st == OJD_OK || st == OJD_UNSOLVABLE || st == OJD_MULTIPLE);
        assert_int_equal(st, status_for(r.solutions));
        if (r.solutions > 0)
            assert_true(ojd_board_solves(p, &r.solution));
        if (agreed < 0)
            agreed = (long)r.solutions;
        else if ((long)r.solutions != agreed)
            fail_msg("%s counts %lu, an earlier solver %ld (side %d)", list[si]->name,
                     r.solutions, agreed, p->side);
        if (is_slow(list[si]))
            (*slow_decided)++;
    }
    assert_true(agreed >= 0);
    return (unsigned long)agreed;
}

static ojd_engine **new_engines(const ojd_solver *const *list)
{
    size_t n = 0;
    while (list[n])
        n++;
    ojd_engine **engines = calloc(n + 1, sizeof *engines);
    assert_non_null(engines);
    for (size_t i = 0; i < n; i++) {
        engines[i] = ojd_engine_new(list[i]);
        assert_non_null(engines[i]);
    }
    return engines;
}

static void free_engines(ojd_engine **engines)
{
    for (size_t i = 0; engines[i]; i++)
        ojd_engine_free(engines[i]);
    free(engines);
}

/*
 * General box shapes, up to each solver's max_side: shuffled pattern grids with holes.  The
 * count is compared across solvers and each solution checked; the grids keep a majority of
 * givens so that the row-major solvers finish too.
 */
static void test_shapes(void **state)
{
    (void)state;
    static const int shapes[][2] = {{1, 1}, {1, 2}, {2, 1}, {2, 2}, {2, 3}, {3, 2}, {2, 4},
                                    {4, 2}, {3, 3}, {3, 4}, {4, 3}, {2, 5}, {4, 4}, {5, 5},
                                    {6, 6}, {7, 7}, {8, 8}, {8, 7}, {1, 8}};
    const ojd_solver *const *list = ojd_solver_list();
    ojd_engine **engines = new_engines(list);
    uint64_t rng = 12345;
    size_t slow_decided = 0, runs = 0;
    for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; k++) {
        ojd_board grid, p;
        int side = shapes[k][0] * shapes[k][1];
        for (int t = 0; t < 6; t++) {
            pattern_grid(&grid, shapes[k][0], shapes[k][1], &rng);
            int holes = side <= 9 ? (int)(next_rand(&rng) % (uint64_t)(side * side + 1))
                                  : side + (int)(next_rand(&rng) % (uint64_t)(side * 2));
            punch(&p, &grid, holes, &rng);
            unsigned long n = cross_check(engines, list, &p, 100000, &slow_decided);
            assert_true(n >= 1); /* the grid it came from solves it */
            runs++;
        }
    }
    assert_true(slow_decided >= runs);
    free_engines(engines);
}

/*
 * Every pair of solvers on a few hundred puzzles per size, made by removing cells from fixture
 * solutions (deterministically), with as many holes as make both unique and multi-solution
 * puzzles likely.  Counts at limit 2 must agree.
 */
static void test_cross_check(void **state)
{
    (void)state;
    static const struct {
        const char *path;
        int per_solution, min_holes, max_holes;
        unsigned long long budget;
    } plan[] = {
        {"fixtures/solve_small.txt", 8, 4, 16, 100000},
        {"fixtures/solve_17clue.txt", 4, 40, 60, 20000},
        {"fixtures/solve_top1465.txt", 4, 40, 60, 20000},
        {"fixtures/solve_kr_vu_16.txt", 8, 60, 140, 5000},
        {"fixtures/solve_lloyd_25.txt", 10, 120, 260, 2000},
    };
    const ojd_solver *const *list = ojd_solver_list();
    ojd_engine **engines = new_engines(list);
    uint64_t rng = 2026;
    for (size_t k = 0; k < sizeof plan / sizeof plan[0]; k++) {
        fixture_set set = load(plan[k].path);
        size_t made = 0, slow_decided = 0, counts[3] = {0};
        for (size_t i = 0; i < set.n; i++) {
            if (set.items[i].count == 0)
                continue;
            for (int t = 0; t < plan[k].per_solution; t++) {
                ojd_board p;
                int span = plan[k].max_holes - plan[k].min_holes + 1;
                int holes = plan[k].min_holes + (int)(next_rand(&rng) % (uint64_t)span);
                punch(&p, &set.items[i].solution, holes, &rng);
                unsigned long n = cross_check(engines, list, &p, plan[k].budget, &slow_decided);
                assert_true(n >= 1);
                counts[n]++;
                made++;
            }
        }
        /* the sample must exercise both outcomes, and the slow solvers must take part */
        assert_true(made >= 100);
        assert_true(counts[1] > 0 && counts[2] > 0);
        assert_true(slow_decided > 0);
        unload(&set);
    }
    free_engines(engines);
}

/* ---- variants: other unit sets ------------------------------------------------------------- */

/*
 * An independent check of a variant answer, written from the definitions and not from the
 * library's unit tables: solution is complete, keeps puzzle's givens, and repeats no value in a
 * row, a column, a region (puzzle's region map, else its boxes by their formula), a long diagonal
 * (X) or a windoku window (rows and columns 1-3 and 5-7).
 */
static bool variant_answer_ok(const ojd_board *puzzle, const ojd_board *solution)
{
    int n = puzzle->side;
    uint64_t row[OJD_MAX_SIDE] = {0}, col[OJD_MAX_SIDE] = {0}, reg[OJD_MAX_SIDE] = {0};
    uint64_t diag[2] = {0}, window[4] = {0};
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) {
            int i = r * n + c, v = solution->cell[i];
            if (v < 1 || v > n || (puzzle->cell[i] && puzzle->cell[i] != v))
                return false;
            uint64_t bit = (uint64_t)1 << (v - 1);
            int g = (puzzle->units & OJD_UNITS_REGIONS)
                        ? puzzle->region[i]
                        : (r / puzzle->box_rows) * puzzle->box_rows + c / puzzle->box_cols;
            uint64_t *units[5] = {&row[r], &col[c], &reg[g], NULL, NULL};
            int m = 3;
            if ((puzzle->units & OJD_UNITS_X) && r == c)
                units[m++] = &diag[0];
            if ((puzzle->units & OJD_UNITS_X) && r + c == n - 1)
                units[m++] = &diag[1];
            for (int k = 0; k < m; k++) {
                if (*units[k] & bit)
                    return false;
                *units[k] |= bit;
            }
            bool in_window = (puzzle->units & OJD_UNITS_WINDOKU) && r % 4 != 0 && c % 4 != 0;
            if (in_window) {
                uint64_t *w = &window[(r / 4) * 2 + c / 4];
                if (*w & bit)
                    return false;
                *w |= bit;
            }
        }
    return true;
}

typedef struct variant_case {
    const char *name;
    int side;
    unsigned units;
    int min_holes, max_holes;
} variant_case;

static const variant_case variant_cases[] = {
    {"jigsaw 9x9", 9, OJD_UNITS_REGIONS, 30, 56},
    {"X 9x9", 9, OJD_UNITS_X, 34, 64},
    {"windoku 9x9", 9, OJD_UNITS_WINDOKU, 34, 64},
    {"X+jigsaw 9x9", 9, OJD_UNITS_REGIONS | OJD_UNITS_X, 36, 66},
    {"X+windoku 9x9", 9, OJD_UNITS_X | OJD_UNITS_WINDOKU, 38, 66},
    {"jigsaw 6x6", 6, OJD_UNITS_REGIONS, 10, 24},
    {"X+jigsaw 4x4", 4, OJD_UNITS_REGIONS | OJD_UNITS_X, 8, 15},
};

/* An empty board of the case's unit set, its regions (if any) random from seed. */
static void variant_board(const variant_case *vc, uint64_t seed, ojd_board *b)
{
    assert_int_equal(ojd_board_init_side(b, vc->side), OJD_OK);
    if (vc->units & OJD_UNITS_REGIONS) {
        ojd_rng rng;
        uint8_t map[OJD_MAX_CELLS];
        ojd_rng_seed(&rng, seed);
        assert_int_equal(ojd_regions_random(vc->side, &rng, map), OJD_OK);
        assert_int_equal(ojd_board_set_regions(b, map, NULL), OJD_OK);
    }
    assert_int_equal(ojd_board_set_extras(b, vc->units), OJD_OK);
}

/* A solved grid of b's unit set: a few random givens that fit, solved by mrv (retried until a
 * solution comes); checked by variant_answer_ok(), not by the solver that made it.  false when
 * none comes (a region map may leave X no solution at all). */
static bool variant_grid(ojd_engine *mrv, const ojd_board *empty, uint64_t *rng, ojd_board *grid)
{
    for (int attempt = 0; attempt < 50; attempt++) {
        ojd_board b = *empty;
        int cells = ojd_board_cells(&b);
        for (int k = 0; k < b.side / 2; k++) {
            int i = (int)(next_rand(rng) % (uint64_t)cells);
            int v = 1 + (int)(next_rand(rng) % (uint64_t)b.side);
            if (!b.cell[i] && ojd_board_fits(&b, i, v))
                b.cell[i] = (uint8_t)v;
        }
        ojd_result r;
        ojd_search search = {.limit = 1, .max_nodes = 500};
        if (ojd_engine_solve(mrv, &b, &search, &r) == OJD_OK) {
            assert_true(variant_answer_ok(&b, &r.solution));
            *grid = r.solution;
            return true;
        }
    }
    return false;
}

/*
 * Every solver counts (to 2) the same on puzzles of every variant: holes punched at random in
 * random solved grids (so 1 or 2+ solutions), a third of them with one given changed to another
 * value that fits its units (mostly 0 solutions).  Each answer is checked by the independent
 * check above, so a solver that ignored a unit (or solved the classic grid instead) fails here.
 * Each variant must show all three outcomes.
 */
static void test_variants_cross_check(void **state)
{
    (void)state;
    const ojd_solver *const *list = ojd_solver_list();
    ojd_engine **engines = new_engines(list);
    ojd_engine *mrv = ojd_engine_new(ojd_solver_find("mrv"));
    assert_non_null(mrv);
    uint64_t rng = 28;
    for (size_t k = 0; k < sizeof variant_cases / sizeof variant_cases[0]; k++) {
        const variant_case *vc = &variant_cases[k];
        size_t counts[3] = {0}, slow_decided = 0;
        double start = now();
        for (int t = 0; t < 30; t++) {
            ojd_board empty, grid, p;
            uint64_t seed = 1000 * k + (uint64_t)t / 4; /* 4 puzzles a region map */
            do
                variant_board(vc, seed += 100, &empty);
            while (!variant_grid(mrv, &empty, &rng, &grid));
            int span = vc->max_holes - vc->min_holes + 1;
            punch(&p, &grid, vc->min_holes + (int)(next_rand(&rng) % (uint64_t)span), &rng);
            if (t % 3 == 2) {
                /* a given changed to another value that repeats nothing */
                int cells = ojd_board_cells(&p);
                for (int tries = 0; tries < 1000; tries++) {
                    int i = (int)(next_rand(&rng) % (uint64_t)cells);
                    int v = 1 + (int)(next_rand(&rng) % (uint64_t)p.side);
                    ojd_board q = p;
                    q.cell[i] = (uint8_t)v;
                    if (p.cell[i] && p.cell[i] != v && ojd_board_is_valid(&q)) {
                        p = q;
                        break;
                    }
                }
            }
            long agreed = -1;
            for (size_t si = 0; list[si]; si++) {
                ojd_result r;
                ojd_search search = {.limit = 2, .max_nodes = is_slow(list[si]) ? 4000 : 0};
                ojd_status st = ojd_engine_solve(engines[si], &p, &search, &r);
                if (st == OJD_LIMIT && is_slow(list[si]))
                    continue;
                slow_decided += is_slow(list[si]);
                assert_int_equal(st, status_for(r.solutions));
                if (r.solutions > 0) {
                    if (!variant_answer_ok(&p, &r.solution))
                        fail_msg("%s: %s: a wrong solution", list[si]->name, vc->name);
                    assert_true(ojd_board_solves(&p, &r.solution));
                }
                if (agreed < 0)
                    agreed = (long)r.solutions;
                else if ((long)r.solutions != agreed)
                    fail_msg("%s: %s counts %lu, an earlier solver %ld", vc->name,
                             list[si]->name, r.solutions, agreed);
            }
            assert_true(agreed >= 0);
            counts[agreed]++;
        }
        print_message("%s: %zu unsolvable, %zu unique, %zu multiple, %zu by dfs or bitmask "
                      "(%.2f s)\n", vc->name, counts[0], counts[1], counts[2], slow_decided,
                      now() - start);
        assert_true(counts[0] > 0 && counts[1] > 0 && counts[2] > 0);
        assert_true(slow_decided > 0);
    }
    ojd_engine_free(mrv);
    free_engines(engines);
}

/*
 * Solvers with checks_givens validate the givens themselves (the engine then skips its pass), so
 * their own solve() must say exactly what the engine's check would: OJD_ERR_INVALID for a value
 * above side, else OJD_CONFLICT for a repeat, else a search outcome.  Boards: solved grids of
 * several shapes, punched, then overwritten at random cells with random values (0..side+2), so
 * most boards repeat a value somewhere and some hold a value out of range.  The oracle is
 * ojd_board_find_conflict() plus a range test, not the engine's code.
 */
static void test_solvers_checking_givens(void **state)
{
    (void)state;
    static const int shapes[][2] = {{2, 2}, {3, 3}, {2, 3}, {4, 4}, {3, 4}};
    const ojd_solver *const *list = ojd_solver_list();
    uint64_t rng = 77;
    size_t checked = 0, conflicts = 0, invalid = 0;
    for (size_t si = 0; list[si]; si++) {
        const ojd_solver *s = list[si];
        if (!s->checks_givens)
            continue;
        for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; k++) {
            int br = shapes[k][0], bc = shapes[k][1], side = br * bc;
            void *st = s->create ? s->create(br, bc) : NULL;
            for (int trial = 0; trial < 300; trial++) {
                ojd_board grid, p;
                pattern_grid(&grid, br, bc, &rng);
                punch(&p, &grid, side * side * 2 / 3, &rng);
                int changes = (int)(next_rand(&rng) % 3);
                for (int c = 0; c < changes; c++)
                    p.cell[next_rand(&rng) % (uint64_t)(side * side)] =
                        (uint8_t)(next_rand(&rng) % (uint64_t)(side + 3));
                bool out_of_range = false;
                for (int i = 0; i < side * side; i++)
                    out_of_range |= p.cell[i] > side;
                ojd_search search = {.limit = 1, .max_nodes = 20000};
                ojd_result r;
                ojd_status got = s->solve(st, &p, &search, &r);
                if (out_of_range) {
                    assert_int_equal(got, OJD_ERR_INVALID);
                    invalid++;
                } else if (ojd_board_find_conflict(&p, NULL)) {
                    assert_int_equal(got, OJD_CONFLICT);
                    assert_int_equal(r.solutions, 0);
                    conflicts++;
                } else {
                    if (!(got == OJD_OK || got == OJD_UNSOLVABLE || got == OJD_LIMIT))
                        fail_msg("%s %dx%d trial %d: status %d", s->name, br, bc, trial, got);
                    if (got == OJD_OK)
                        assert_true(ojd_board_solves(&p, &r.solution));
                }
                checked++;
            }
            if (s->destroy)
                s->destroy(st);
        }
    }
    /* fast and auto at least, and both kinds of bad board met */
    assert_true(checked >= 2 * 5 * 300);
    assert_true(conflicts > 100 && invalid > 20);
}

/*
 * Solvers with checks_units validate a unit set other than the classic one themselves (the
 * engine then skips ojd_board_units_usable() when it searches), so their solve() must say
 * exactly what the engine would: OJD_ERR_INVALID for an unusable unit set or a value above
 * side, else OJD_CONFLICT for a repeat, else a search outcome.  Boards: puzzles of every
 * variant, each solved as it is, then with its region map or unit bits spoiled (a cell moved
 * to another region, a region number out of range, an unknown unit bit) or two cells of
 * different regions swapped (still a partition: usable, though not connected), some with a
 * given spoiled too, one after another on one state, so that a state that keeps the tables of
 * the last unit set is asked about a spoiled copy of it and then about the original again.
 * The oracle is ojd_board_units_usable() and ojd_board_find_conflict(), not the solver's code.
 */
static void test_solvers_checking_units(void **state)
{
    (void)state;
    const ojd_solver *const *list = ojd_solver_list();
    ojd_engine *mrv = ojd_engine_new(ojd_solver_find("mrv"));
    assert_non_null(mrv);
    uint64_t rng = 32;
    size_t solvers = 0, unusable = 0, swapped = 0, conflicts = 0, solved = 0;
    for (size_t si = 0; list[si]; si++) {
        const ojd_solver *s = list[si];
        if (!s->checks_units)
            continue;
        solvers++;
        ojd_engine *engine = ojd_engine_new(s);
        assert_non_null(engine);
        for (size_t k = 0; k < sizeof variant_cases / sizeof variant_cases[0]; k++) {
            const variant_case *vc = &variant_cases[k];
            int cells = vc->side * vc->side;
            int box_rows = vc->side == 9 ? 3 : 2;
            void *st = s->create ? s->create(box_rows, vc->side / box_rows) : NULL;
            for (int t = 0; t < 12; t++) {
                ojd_board empty, grid, original;
                uint64_t seed = 5000 + 100 * k + (uint64_t)t;
                do
                    variant_board(vc, seed += 1000, &empty);
                while (!variant_grid(mrv, &empty, &rng, &grid));
                punch(&original, &grid, vc->min_holes, &rng);
                for (int kind = 0; kind < 6; kind++) {
                    ojd_board p = original;
                    int i = (int)(next_rand(&rng) % (uint64_t)cells);
                    int j = (int)(next_rand(&rng) % (uint64_t)cells);
                    bool regions = (p.units & OJD_UNITS_REGIONS) != 0;
                    if (kind == 1 && regions) /* a cell moved to another region */
                        p.region[i] = (uint8_t)((p.region[i] + 1) % vc->side);
                    else if (kind == 2 && regions) /* a region number out of range */
                        p.region[i] = (uint8_t)(vc->side + (int)(next_rand(&rng) % 200));
                    else if (kind == 3) /* a unit bit no solver knows */
                        p.units |= OJD_UNITS_ALL + 1;
                    else if (kind == 4 && regions && p.region[i] != p.region[j]) {
                        uint8_t r = p.region[i];
                        p.region[i] = p.region[j];
                        p.region[j] = r;
                        swapped++;
                    }
                    if (next_rand(&rng) % 3 == 0) /* and a given spoiled: a repeat, or too big */
                        p.cell[j] = (uint8_t)(1 + next_rand(&rng) % (uint64_t)(vc->side + 1));
                    bool out_of_range = false;
                    for (int c = 0; c < cells; c++)
                        out_of_range |= p.cell[c] > vc->side;
                    ojd_search search = {.limit = 2, .max_nodes = 20000};
                    ojd_result r;
                    ojd_status got = s->solve(st, &p, &search, &r);
                    /* and through the engine, which leaves the test to the solver */
                    assert_int_equal(ojd_engine_solve(engine, &p, &search, &r), got);
                    if (!ojd_board_units_usable(&p) || out_of_range) {
                        if (got != OJD_ERR_INVALID)
                            fail_msg("%s %s board %d kind %d: status %d, not invalid", s->name,
                                     vc->name, t, kind, got);
                        unusable += !ojd_board_units_usable(&p);
                    } else if (ojd_board_find_conflict(&p, NULL)) {
                        assert_int_equal(got, OJD_CONFLICT);
                        conflicts++;
                    } else {
                        if (!(got == OJD_OK || got == OJD_MULTIPLE || got == OJD_UNSOLVABLE))
                            fail_msg("%s %s board %d kind %d: status %d", s->name, vc->name, t,
                                     kind, got);
                        if (r.solutions > 0)
                            assert_true(variant_answer_ok(&p, &r.solution));
                        solved++;
                    }
                }
            }
            if (s->destroy)
                s->destroy(st);
        }
        ojd_engine_free(engine);
    }
    print_message("checks_units: %zu solvers, %zu unusable unit sets, %zu swapped maps, %zu "
                  "conflicts, %zu searched\n", solvers, unusable, swapped, conflicts, solved);
    assert_true(solvers >= 2); /* fast and auto */
    assert_true(unusable > 100 && swapped > 20 && conflicts > 20 && solved > 100);
    ojd_engine_free(mrv);
}

/* "auto", the default, is "fast" under another name: the same answers and the same counts. */
static void test_auto_is_fast(void **state)
{
    (void)state;
    static const char *const paths[] = {"fixtures/solve_small.txt", "fixtures/solve_17clue.txt",
                                        "fixtures/solve_kr_vu_16.txt",
                                        "fixtures/solve_lloyd_25.txt"};
    ojd_engine *a = ojd_engine_new(ojd_solver_find("auto"));
    ojd_engine *f = ojd_engine_new(ojd_solver_find("fast"));
    assert_non_null(a);
    assert_non_null(f);
    ojd_result *ra = malloc(sizeof *ra), *rf = malloc(sizeof *rf);
    assert_non_null(ra);
    assert_non_null(rf);
    for (size_t k = 0; k < sizeof paths / sizeof paths[0]; k++) {
        fixture_set set = load(paths[k]);
        for (size_t i = 0; i < set.n; i++) {
            ojd_search search = {.limit = 2};
            ojd_status sa = ojd_engine_solve(a, &set.items[i].puzzle, &search, ra);
            ojd_status sf = ojd_engine_solve(f, &set.items[i].puzzle, &search, rf);
            assert_int_equal(sa, sf);
            assert_int_equal(ra->solutions, rf->solutions);
            assert_int_equal(ra->nodes, rf->nodes);
            assert_int_equal(ra->guesses, rf->guesses);
            if (ra->solutions > 0)
                assert_true(same_grid(&ra->solution, &rf->solution));
        }
        unload(&set);
    }
    free(ra);
    free(rf);
    ojd_engine_free(a);
    ojd_engine_free(f);
}

/* ---- the shared geometry and singles core --------------------------------------------------- */

/* ojd_geo against ojd_board_box_of() and the definition of a peer, for every kind of shape. */
static void test_geometry(void **state)
{
    (void)state;
    static const int shapes[][2] = {{1, 1}, {1, 2}, {2, 1}, {2, 2}, {2, 3}, {3, 2}, {3, 3},
                                    {2, 5}, {4, 4}, {5, 5}, {8, 7}, {1, 8}, {8, 8}};
    assert_null(ojd_geo_new(0, 3));
    assert_null(ojd_geo_new(3, OJD_MAX_BOX + 1));
    for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; k++) {
        int br = shapes[k][0], bc = shapes[k][1], side = br * bc;
        ojd_board b;
        assert_int_equal(ojd_board_init(&b, br, bc), OJD_OK);
        ojd_geo *g = ojd_geo_new(br, bc);
        assert_non_null(g);
        assert_int_equal(g->side, side);
        assert_int_equal(g->cells, side * side);
        assert_int_equal(g->nunits, 3 * side);
        for (int i = 0; i < g->cells; i++) {
            int r = i / side, c = i % side;
            assert_int_equal(ojd_geo_row(g, i), r);
            assert_int_equal(ojd_geo_col(g, i), c);
            assert_int_equal(ojd_geo_box(g, i), ojd_board_box_of(&b, r, c));
        }
        /* units: side distinct cells in row-major order, each of which lists the unit */
        for (int u = 0; u < g->nunits; u++) {
            const int16_t *cells = ojd_geo_unit(g, u);
            for (int j = 0; j < side; j++) {
                assert_true(j == 0 || cells[j] > cells[j - 1]);
                assert_int_equal(ojd_geo_unit_of(g, cells[j], u / side), u);
            }
        }
        /* peers: every other cell that shares a unit, once; the box's first */
        for (int i = 0; i < g->cells; i++) {
            const int16_t *p = ojd_geo_peers(g, i);
            static bool seen[OJD_MAX_CELLS];
            memset(seen, 0, sizeof seen);
            for (int j = 0; j < g->npeers; j++) {
                assert_true(p[j] != i && !seen[p[j]] && ojd_geo_sees(g, i, p[j]));
                assert_int_equal(j < side - 1, ojd_geo_box(g, p[j]) == ojd_geo_box(g, i));
                seen[p[j]] = true;
            }
            int sharing = 0;
            for (int j = 0; j < g->cells; j++)
                sharing += j != i && ojd_geo_sees(g, i, j);
            assert_int_equal(sharing, g->npeers);
        }
        free(g);
    }
}

/*
 * The cage tracker (ojd_cages) against the board's own rule: on random killer boards (random
 * cages of 1 to 4 cells over random values, so sums of every kind, and random cells filled, so
 * repeats and sums out of reach), for every empty cell and value, ojd_board_fits() on the board
 * with cages says yes exactly when it says yes without them and the tracker loaded from the
 * board does too; a load fails exactly when ojd_board_find_conflict() finds a cage conflict
 * and no unit one; and placing a value and taking it back leaves the tracker as it was.
 */
static void test_cage_tracker(void **state)
{
    (void)state;
    static const int sides[] = {4, 6, 9};
    ojd_cages *c = malloc(sizeof *c), *before = malloc(sizeof *before);
    assert_non_null(c);
    assert_non_null(before);
    uint64_t rng = 42;
    size_t loaded = 0, refused = 0;
    for (int trial = 0; trial < 300; trial++) {
        int side = sides[trial % 3], cells = side * side;
        ojd_board b, plain;
        assert_int_equal(ojd_board_init_side(&b, side), OJD_OK);
        /* cages: runs of 1..4 cells in row-major order, a few cells left out */
        int cage[OJD_MAX_CELLS], sum[OJD_MAX_CAGES], count = 0;
        for (int i = 0; i < cells;) {
            int len = 1 + (int)(next_rand(&rng) % 4);
            bool out = next_rand(&rng) % 8 == 0;
            if (!out)
                count++;
            for (int k = 0; k < len && i < cells; k++, i++)
                cage[i] = out ? 0 : count;
        }
        for (int k = 1; k <= count; k++) {
            int size = 0, lo, hi;
            for (int i = 0; i < cells; i++)
                size += cage[i] == k;
            assert_true(ojd_cage_sum_range(side, size, &lo, &hi));
            sum[k - 1] = lo + (int)(next_rand(&rng) % (uint64_t)(hi - lo + 1));
        }
        assert_int_equal(ojd_board_set_cages(&b, cage, sum, count, NULL), OJD_OK);
        /* cells filled at random where no unit repeats (cages may break) */
        plain = b;
        assert_int_equal(ojd_board_set_cages(&plain, NULL, NULL, 0, NULL), OJD_OK);
        for (int n = 0; n < cells / 3; n++) {
            int i = (int)(next_rand(&rng) % (uint64_t)cells);
            int v = 1 + (int)(next_rand(&rng) % (uint64_t)side);
            if (!plain.cell[i] && ojd_board_fits(&plain, i, v))
                plain.cell[i] = b.cell[i] = (uint8_t)v;
        }
        bool ok = ojd_cages_load(c, &b);
        assert_int_equal(ok, !ojd_board_find_conflict(&b, NULL));
        if (!ok) {
            refused++;
            continue;
        }
        loaded++;
        for (int i = 0; i < cells; i++) {
            if (b.cell[i])
                continue;
            for (int v = 1; v <= side; v++) {
                bool units = ojd_board_fits(&plain, i, v);
                if (ojd_board_fits(&b, i, v) != (units && ojd_cages_fits(c, i, v)))
                    fail_msg("side %d trial %d: cell %d value %d", side, trial, i, v);
                if (!ojd_cages_fits(c, i, v))
                    continue;
                *before = *c;
                ojd_cages_place(c, i, v);
                ojd_cages_unplace(c, i, v);
                /* cage 0 ("no cage") is written, never read: not compared */
                size_t n = (size_t)count;
                assert_memory_equal(c->used + 1, before->used + 1, n * sizeof c->used[0]);
                assert_memory_equal(c->left + 1, before->left + 1, n * sizeof c->left[0]);
                assert_memory_equal(c->open + 1, before->open + 1, n * sizeof c->open[0]);
            }
        }
    }
    assert_true(loaded > 50 && refused > 10);
    free(c);
    free(before);
}

/*
 * A solver state called directly (as "fast" calls mrv's for its other grids), not through the
 * engine, which keeps classic boards apart: after a killer board, a board without cages is
 * searched without them.  The empty 4x4 has 288 solutions; with its rows' halves made cages
 * summing to 3 or 7 fewer.
 */
static void test_cages_dropped(void **state)
{
    (void)state;
    ojd_board plain, killer;
    assert_int_equal(ojd_board_init_side(&plain, 4), OJD_OK);
    killer = plain;
    int cage[16], sum[8] = {3, 7, 7, 3, 3, 7, 7, 3}; /* those of 1234/3412/2143/4321 */
    for (int i = 0; i < 16; i++)
        cage[i] = i / 2 + 1;
    assert_int_equal(ojd_board_set_cages(&killer, cage, sum, 8, NULL), OJD_OK);
    ojd_result *r = malloc(sizeof *r);
    assert_non_null(r);
    ojd_search search = {.limit = 1000};
    for (const ojd_solver *const *s = ojd_solver_list(); *s; s++) {
        if (!(*s)->takes_cages)
            continue;
        void *st = (*s)->create(2, 2);
        assert_non_null(st);
        assert_int_equal((*s)->solve(st, &killer, &search, r), OJD_MULTIPLE);
        unsigned long caged = r->solutions;
        assert_true(caged > 1 && caged < 288);
        assert_int_equal((*s)->solve(st, &plain, &search, r), OJD_MULTIPLE);
        if (r->solutions != 288)
            fail_msg("%s: %lu solutions without cages after a killer board", (*s)->name,
                     r->solutions);
        assert_int_equal((*s)->solve(st, &killer, &search, r), OJD_MULTIPLE);
        assert_int_equal(r->solutions, caged);
        (*s)->destroy(st);
    }
    free(r);
}

/*
 * The singles core with cages as the generator would ask it (a settled load, forbidden values),
 * against dfs through the engine: on the 4x4 killer of test_cages_dropped with one cage sum
 * moved (so several solutions), the settled core counts what dfs counts, the solutions without
 * value v in cell 0 number the total less those with it, summing over v to the total, and the
 * load is unchanged after every question.
 */
static void test_singles_cages(void **state)
{
    (void)state;
    ojd_board killer;
    assert_int_equal(ojd_board_init_side(&killer, 4), OJD_OK);
    int cage[16], sum[8] = {3, 7, 7, 3, 3, 7, 7, 3};
    for (int i = 0; i < 16; i++)
        cage[i] = i < 8 ? i / 2 + 1 : 5 + (i - 8) / 4; /* the lower rows: two cages of 4 */
    sum[4] = sum[5] = 10;
    assert_int_equal(ojd_board_set_cages(&killer, cage, sum, 6, NULL), OJD_OK);
    ojd_result *r = malloc(sizeof *r);
    assert_non_null(r);
    ojd_engine *dfs = ojd_engine_new(ojd_solver_find("dfs"));
    ojd_search many = {.limit = 1000};
    assert_int_equal(ojd_engine_solve(dfs, &killer, &many, r), OJD_MULTIPLE);
    unsigned long total = r->solutions;
    ojd_engine_free(dfs);
    ojd_geo *g = ojd_geo_new(2, 2);
    ojd_singles *core = g ? ojd_singles_new(g) : NULL;
    assert_non_null(core);
    assert_true(ojd_singles_use_cages(core, &killer));
    assert_true(ojd_singles_load(core, killer.cell, true));
    assert_int_equal(ojd_singles_search(core, &many, NULL, r), OJD_MULTIPLE);
    assert_int_equal(r->solutions, total);
    unsigned long with = 0;
    for (int v = 1; v <= 4; v++) {
        ojd_singles_opts opts = {.forbid_cell = 0, .forbid_value = v};
        ojd_singles_search(core, &many, &opts, r);
        assert_true(r->solutions <= total);
        with += total - r->solutions;
        assert_int_equal(ojd_singles_search(core, &many, NULL, r), OJD_MULTIPLE);
        assert_int_equal(r->solutions, total);
    }
    assert_int_equal(with, total);
    /* and without cages again: the empty 4x4's 288 */
    assert_true(ojd_singles_use_cages(core, NULL));
    assert_true(ojd_singles_load(core, killer.cell, true));
    assert_int_equal(ojd_singles_search(core, &many, NULL, r), OJD_MULTIPLE);
    assert_int_equal(r->solutions, 288);
    ojd_singles_free(core);
    free(g);
    free(r);
}

/*
 * The singles core's options, against fixture facts: a forbidden value that the unique solution
 * needs leaves no solution, any other leaves exactly that solution, and the loaded givens survive
 * every question; shuffled values give valid grids that depend on the rng only; a budget on
 * branching nodes stops a search that cannot end.
 */
static void test_singles_options(void **state)
{
    (void)state;
    ojd_geo *g = ojd_geo_new(3, 3);
    assert_non_null(g);
    ojd_singles *core = ojd_singles_new(g);
    assert_non_null(core);
    ojd_result *r = malloc(sizeof *r);
    assert_non_null(r);
    const ojd_search one = {.limit = 1}, two = {.limit = 2};

    fixture_set set = load("fixtures/solve_17clue.txt");
    size_t asked = 0;
    for (size_t i = 0; i < set.n; i++) {
        const fixture *fx = &set.items[i];
        assert_int_equal(fx->count, 1);
        assert_true(ojd_singles_load(core, fx->puzzle.cell, true));
        for (int cell = 0; cell < g->cells; cell += 7) {
            if (fx->puzzle.cell[cell])
                continue;
            for (int v = 1; v <= 9; v++) {
                ojd_singles_opts opts = {.first_fewest = i % 2 == 0, .forbid_cell = cell,
                                         .forbid_value = v};
                ojd_status st = ojd_singles_search(core, &two, &opts, r);
                if (v == fx->solution.cell[cell]) {
                    assert_int_equal(st, OJD_UNSOLVABLE);
                } else {
                    assert_int_equal(st, OJD_OK);
                    assert_memory_equal(r->solution.cell, fx->solution.cell, 81);
                }
                asked++;
            }
        }
        /* and the plain question still has its answer after all of them */
        assert_int_equal(ojd_singles_search(core, &two, NULL, r), OJD_OK);
        assert_memory_equal(r->solution.cell, fx->solution.cell, 81);
    }
    assert_true(asked > 1000);
    unload(&set);

    /* shuffled values: valid grids, the same for the same rng state */
    ojd_board empty, grid[3];
    assert_int_equal(ojd_board_init_side(&empty, 9), OJD_OK);
    assert_true(ojd_singles_load(core, empty.cell, true));
    assert_false(ojd_singles_solved(core));
    static const uint64_t seeds[3] = {7, 7, 8};
    for (int k = 0; k < 3; k++) {
        ojd_rng rng;
        ojd_rng_seed(&rng, seeds[k]);
        ojd_singles_opts opts = {.first_fewest = true, .rng = &rng};
        assert_int_equal(ojd_singles_search(core, &one, &opts, r), OJD_OK);
        grid[k] = r->solution;
        assert_true(ojd_board_is_solved(&grid[k]));
    }
    assert_memory_equal(grid[0].cell, grid[1].cell, 81);
    assert_memory_not_equal(grid[0].cell, grid[2].cell, 81);
    assert_true(ojd_singles_load(core, grid[2].cell, true));
    assert_true(ojd_singles_solved(core));

    /* a budget on branching nodes ends the count of an empty 16x16 grid */
    ojd_geo *g16 = ojd_geo_new(4, 4);
    ojd_singles *core16 = g16 ? ojd_singles_new(g16) : NULL;
    assert_non_null(core16);
    assert_int_equal(ojd_board_init_side(&empty, 16), OJD_OK);
    assert_true(ojd_singles_load(core16, empty.cell, true));
    ojd_search many = {.limit = ULONG_MAX, .max_nodes = 50};
    ojd_singles_opts by_branches = {.budget_branches = true};
    assert_int_equal(ojd_singles_search(core16, &many, &by_branches, r), OJD_LIMIT);
    assert_int_equal(r->nodes, 50); /* the root branches too: 50 nodes, then the 51st branch */
    assert_int_equal(ojd_singles_search(core16, &many, NULL, r), OJD_LIMIT);
    assert_int_equal(r->nodes, 51);

    ojd_singles_free(core16);
    free(g16);
    free(r);
    ojd_singles_free(core);
    free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_registry),
        cmocka_unit_test(test_conflicts),
        cmocka_unit_test(test_solvers_checking_givens),
        cmocka_unit_test(test_solvers_checking_units),
        cmocka_unit_test(test_exact_counts),
        cmocka_unit_test(test_fixture_sets),
        cmocka_unit_test(test_lexmin),
        cmocka_unit_test(test_budgets),
        cmocka_unit_test(test_shapes),
        cmocka_unit_test(test_cross_check),
        cmocka_unit_test(test_variants_cross_check),
        cmocka_unit_test(test_auto_is_fast),
        cmocka_unit_test(test_geometry),
        cmocka_unit_test(test_singles_options),
        cmocka_unit_test(test_cage_tracker),
        cmocka_unit_test(test_cages_dropped),
        cmocka_unit_test(test_singles_cages),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
