/*
 * test_fast.c -- the "fast" solver's 9x9 engine in depth: hundreds of puzzles from the public
 * benchmark sets (easy, hard, hardest, multi-solution, Sudopedia edge cases), every answer checked
 * with ojd_board_solves(), solution counts at limits 1, 2, 10 compared with the bitmask solver
 * where that finishes within a node budget, second solutions of multi-solution puzzles
 * constructed and checked, the node and time budgets, and every 9x9 engine this CPU runs (words
 * with SSE2, sweeps with AVX2) searching exactly like the words engine's plain-C build
 * (OJD_FAST_SCALAR).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ojdoku.h"

/*
 * A second copy of the 9x9 engine built with OJD_FAST_SCALAR, so that the plain-C path is tested
 * on every machine, also where the library itself uses SSE2 or AVX2: registered here as
 * ojd_solver_fast_scalar, it must agree with the library's engines on everything they report.
 * The copy has the words engine only; ojd_fast9_has and ojd_fast_create_with are the library's.
 */
#define OJD_FAST_SCALAR 1
#define ojd_solver_fast ojd_solver_fast_scalar
#include "solve/solver_fast.c"
#undef ojd_solver_fast
/* The same for units9.c, the general 9x9 path (jigsaw, X, windoku): this copy's cell sets are
 * plain structs of two words, the library's GNU C vectors. */
#define ojd_units9_new ojd_units9_new_scalar
#define ojd_units9_free ojd_units9_free_scalar
#define ojd_units9_solve ojd_units9_solve_scalar
ojd_units9 *ojd_units9_new(void);
void ojd_units9_free(ojd_units9 *e);
ojd_status ojd_units9_solve(ojd_units9 *e, const ojd_board *in, const ojd_search *search,
                            ojd_result *out);
#include "solve/units9.c"
#undef ojd_units9_new
#undef ojd_units9_free
#undef ojd_units9_solve
#if defined(__x86_64__) && defined(__GNUC__)
#define OJD_FAST_X86_GNUC 1 /* the library has the sweeps engine (the copy does not) */
#else
#define OJD_FAST_X86_GNUC 0
#endif

#define MAX_LINES 128
#define REFERENCE_NODES 200000ULL /* bitmask budget: beyond it the comparison is skipped */

typedef struct fixture {
    char line[MAX_LINES][128];
    int n;
} fixture;

static fixture *read_fixture(const char *path)
{
    fixture *f = calloc(1, sizeof *f);
    assert_non_null(f);
    FILE *in = fopen(path, "r");
    assert_non_null(in);
    while (f->n < MAX_LINES && fgets(f->line[f->n], sizeof f->line[0], in)) {
        f->line[f->n][strcspn(f->line[f->n], "\r\n")] = 0;
        if (strlen(f->line[f->n]) >= 81)
            f->n++;
    }
    fclose(in);
    assert_true(f->n > 0);
    return f;
}

static void board_from(ojd_board *b, const char *line)
{
    assert_int_equal(ojd_board_init(b, 3, 3), OJD_OK);
    for (int i = 0; i < 81; i++)
        b->cell[i] = (uint8_t)(line[i] >= '1' && line[i] <= '9' ? line[i] - '0' : 0);
}

typedef struct run {
    const ojd_solver *solver;
    void *state;
} run;

static run open_solver(const char *name)
{
    run r = {ojd_solver_find(name), NULL};
    assert_non_null(r.solver);
    r.state = r.solver->create(3, 3);
    assert_non_null(r.state);
    return r;
}

static void close_solver(run *r) { r->solver->destroy(r->state); }

static ojd_status solve(run *r, const ojd_board *b, unsigned long limit,
                        unsigned long long max_nodes, ojd_result *out)
{
    ojd_search s = {.limit = limit, .max_nodes = max_nodes};
    memset(out, 0, sizeof *out);
    return r->solver->solve(r->state, b, &s, out);
}

/* The status a finished search must report for a count at a limit. */
static ojd_status expected_status(unsigned long solutions)
{
    return solutions == 0 ? OJD_UNSOLVABLE : solutions == 1 ? OJD_OK : OJD_MULTIPLE;
}

/*
 * Checks fast on one puzzle at limits 1, 2 and 10: statuses agree with the counts, counts are
 * monotone and capped, every first solution solves the puzzle, and when bitmask finishes within
 * its budget the counts agree (and, for a unique puzzle, the solutions).  Returns the count at
 * limit 10.
 */
static unsigned long check_puzzle(run *fast, run *ref, const ojd_board *b, int *compared)
{
    static const unsigned long limits[] = {1, 2, 10};
    ojd_result *res = malloc(sizeof *res), *ref_res = malloc(sizeof *ref_res);
    assert_non_null(res);
    assert_non_null(ref_res);
    unsigned long prev = 0;
    for (size_t k = 0; k < 3; k++) {
        unsigned long limit = limits[k];
        ojd_status st = solve(fast, b, limit, 0, res);
        assert_int_equal(st, expected_status(res->solutions));
        assert_true(res->solutions <= limit);
        assert_true(res->solutions >= prev);
        assert_true(res->nodes >= 1);
        assert_true(res->guesses < res->nodes);
        if (res->solutions > 0)
            assert_true(ojd_board_solves(b, &res->solution));
        prev = res->solutions;
        ojd_status rst = solve(ref, b, limit, REFERENCE_NODES, ref_res);
        if (rst != OJD_LIMIT) {
            assert_int_equal(res->solutions, ref_res->solutions);
            assert_int_equal(st, rst);
            if (limit >= 2 && res->solutions == 1) /* unique: the same solution */
                assert_memory_equal(res->solution.cell, ref_res->solution.cell, 81);
            (*compared)++;
        }
    }
    free(res);
    free(ref_res);
    return prev;
}

/* A set whose puzzles have exactly one solution each (per the source): fast must agree. */
static void check_unique_set(const char *path)
{
    fixture *f = read_fixture(path);
    run fast = open_solver("fast"), ref = open_solver("bitmask");
    ojd_board *b = malloc(sizeof *b);
    assert_non_null(b);
    int compared = 0;
    for (int i = 0; i < f->n; i++) {
        board_from(b, f->line[i]);
        assert_int_equal(check_puzzle(&fast, &ref, b, &compared), 1);
    }
    print_message("%s: %d puzzles, %d counts compared with bitmask\n", path, f->n, compared);
    free(b);
    close_solver(&fast);
    close_solver(&ref);
    free(f);
}

static void test_17clue(void **state)
{
    (void)state;
    check_unique_set("fixtures/fast_17clue.txt");
}

static void test_top1465(void **state)
{
    (void)state;
    check_unique_set("fixtures/fast_top1465.txt");
}

static void test_forum_hardest(void **state)
{
    (void)state;
    check_unique_set("fixtures/fast_forum_hardest.txt");
}

/*
 * A second solution, found independently of fast's counting: some empty cell takes a value other
 * than in the first solution and the rest is solved at limit 1.  true if one was found.
 */
static bool second_solution(run *fast, const ojd_board *b, const ojd_board *first,
                            ojd_board *second)
{
    ojd_result *res = malloc(sizeof *res);
    assert_non_null(res);
    bool found = false;
    for (int i = 0; i < 81 && !found; i++) {
        if (b->cell[i])
            continue;
        for (int v = 1; v <= 9 && !found; v++) {
            if (v == first->cell[i])
                continue;
            *second = *b;
            second->cell[i] = (uint8_t)v;
            if (ojd_board_find_conflict(second, NULL))
                continue;
            if (solve(fast, second, 1, 0, res) == OJD_OK) {
                *second = res->solution;
                found = true;
            }
        }
    }
    free(res);
    return found;
}

static void test_multisol(void **state)
{
    (void)state;
    fixture *f = read_fixture("fixtures/fast_multisol.txt");
    run fast = open_solver("fast"), ref = open_solver("bitmask");
    ojd_board *b = malloc(sizeof *b), *other = malloc(sizeof *other);
    ojd_result *res = malloc(sizeof *res);
    assert_non_null(b);
    assert_non_null(other);
    assert_non_null(res);
    int compared = 0;
    for (int i = 0; i < f->n; i++) {
        board_from(b, f->line[i]);
        assert_true(check_puzzle(&fast, &ref, b, &compared) >= 2);
        assert_int_equal(solve(&fast, b, 2, 0, res), OJD_MULTIPLE);
        assert_int_equal(res->solutions, 2);
        if (i < 20) {
            /* The count of two is real: a different solution exists and solves the puzzle. */
            assert_true(second_solution(&fast, b, &res->solution, other));
            assert_true(ojd_board_solves(b, other));
            assert_memory_not_equal(other->cell, res->solution.cell, 81);
        }
    }
    print_message("multisol: %d puzzles, %d counts compared with bitmask\n", f->n, compared);
    free(b);
    free(other);
    free(res);
    close_solver(&fast);
    close_solver(&ref);
    free(f);
}

/* Sudopedia's edge cases through the engine (which reports conflicting givens) at several
 * limits; the expected count is the source's verified count, capped. */
static void test_sudopedia(void **state)
{
    (void)state;
    fixture *f = read_fixture("fixtures/fast_sudopedia.txt");
    ojd_engine *e = ojd_engine_new(ojd_solver_find("fast"));
    assert_non_null(e);
    ojd_board *b = malloc(sizeof *b);
    ojd_result *res = malloc(sizeof *res);
    assert_non_null(b);
    assert_non_null(res);
    static const unsigned long limits[] = {1, 2, 10, 1000};
    for (int i = 0; i < f->n; i++) {
        const char *line = f->line[i];
        assert_int_equal(line[81], ':');
        unsigned long count = strtoul(line + 82, NULL, 10);
        board_from(b, line);
        bool conflict = ojd_board_find_conflict(b, NULL);
        for (size_t k = 0; k < 4; k++) {
            ojd_search s = {.limit = limits[k]};
            ojd_status st = ojd_engine_solve(e, b, &s, res);
            unsigned long want = count < limits[k] ? count : limits[k];
            if (conflict) {
                assert_int_equal(st, OJD_CONFLICT);
                assert_int_equal(count, 0);
                continue;
            }
            assert_int_equal(res->solutions, want);
            assert_int_equal(st, expected_status(want));
            if (want > 0)
                assert_true(ojd_board_solves(b, &res->solution));
        }
    }
    free(b);
    free(res);
    ojd_engine_free(e);
    free(f);
}

/* A node budget smaller than the search needs gives OJD_LIMIT, never an answer; the exact
 * budget gives the unlimited result. */
static void test_node_budget(void **state)
{
    (void)state;
    fixture *f = read_fixture("fixtures/fast_forum_hardest.txt");
    run fast = open_solver("fast");
    ojd_board *b = malloc(sizeof *b);
    ojd_result *res = malloc(sizeof *res), *full = malloc(sizeof *full);
    assert_non_null(b);
    assert_non_null(res);
    assert_non_null(full);
    int tried = 0;
    for (int i = 0; i < f->n; i++) {
        board_from(b, f->line[i]);
        ojd_status st = solve(&fast, b, 2, 0, full);
        if (full->nodes < 3)
            continue;
        tried++;
        assert_int_equal(solve(&fast, b, 2, full->nodes - 1, res), OJD_LIMIT);
        assert_int_equal(solve(&fast, b, 2, 1, res), OJD_LIMIT);
        assert_int_equal(solve(&fast, b, 2, full->nodes, res), st);
        assert_int_equal(res->solutions, full->solutions);
        assert_int_equal(res->nodes, full->nodes);
        assert_int_equal(res->guesses, full->guesses);
        assert_memory_equal(res->solution.cell, full->solution.cell, 81);
    }
    assert_true(tried > 10);
    free(b);
    free(res);
    free(full);
    close_solver(&fast);
    free(f);
}

/* A time budget stops a search that would run long (all solutions of the empty grid). */
static void test_time_budget(void **state)
{
    (void)state;
    run fast = open_solver("fast");
    ojd_board *b = malloc(sizeof *b);
    ojd_result *res = malloc(sizeof *res);
    assert_non_null(b);
    assert_non_null(res);
    assert_int_equal(ojd_board_init(b, 3, 3), OJD_OK);
    ojd_search s = {.limit = 100000000UL, .max_seconds = 0.02};
    memset(res, 0, sizeof *res);
    assert_int_equal(fast.solver->solve(fast.state, b, &s, res), OJD_LIMIT);
    assert_true(res->solutions < s.limit);
    if (res->solutions > 0)
        assert_true(ojd_board_is_solved(&res->solution));
    free(b);
    free(res);
    close_solver(&fast);
}

/* The state is reused across puzzles: results do not depend on what was solved before. */
static void test_state_reuse(void **state)
{
    (void)state;
    fixture *f = read_fixture("fixtures/fast_top1465.txt");
    run shared = open_solver("fast");
    ojd_board *b = malloc(sizeof *b);
    ojd_result *a = malloc(sizeof *a), *c = malloc(sizeof *c);
    assert_non_null(b);
    assert_non_null(a);
    assert_non_null(c);
    for (int i = f->n - 1; i >= 0; i--) {
        board_from(b, f->line[i]);
        run fresh = open_solver("fast");
        ojd_status sa = solve(&shared, b, 2, 0, a), sc = solve(&fresh, b, 2, 0, c);
        assert_int_equal(sa, sc);
        assert_int_equal(a->nodes, c->nodes);
        assert_int_equal(a->guesses, c->guesses);
        assert_memory_equal(a->solution.cell, c->solution.cell, 81);
        close_solver(&fresh);
    }
    free(b);
    free(a);
    free(c);
    close_solver(&shared);
    free(f);
}

/* Other shapes go to the large engine: counts agree with bitmask on small grids. */
static void test_other_shapes(void **state)
{
    (void)state;
    static const int shapes[][2] = {{1, 1}, {2, 2}, {2, 3}, {3, 2}};
    for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; k++) {
        ojd_board *b = malloc(sizeof *b);
        ojd_result *r1 = malloc(sizeof *r1), *r2 = malloc(sizeof *r2);
        assert_non_null(b);
        assert_non_null(r1);
        assert_non_null(r2);
        assert_int_equal(ojd_board_init(b, shapes[k][0], shapes[k][1]), OJD_OK);
        b->cell[0] = 1; /* one given, so the grid has many but not too many solutions */
        const ojd_solver *fast = ojd_solver_find("fast"), *ref = ojd_solver_find("bitmask");
        void *fs = fast->create(shapes[k][0], shapes[k][1]);
        void *rs = ref->create(shapes[k][0], shapes[k][1]);
        assert_non_null(fs);
        assert_non_null(rs);
        ojd_search s = {.limit = 1000};
        memset(r1, 0, sizeof *r1);
        memset(r2, 0, sizeof *r2);
        ojd_status st = fast->solve(fs, b, &s, r1);
        assert_int_equal(st, ref->solve(rs, b, &s, r2));
        assert_int_equal(r1->solutions, r2->solutions);
        assert_true(ojd_board_solves(b, &r1->solution));
        fast->destroy(fs);
        ref->destroy(rs);
        free(b);
        free(r1);
        free(r2);
    }
}

/*
 * The plain-C engine (OJD_FAST_SCALAR) and every 9x9 engine of the library that runs here (words,
 * with SSE2 on x86-64; sweeps, with AVX2) agree exactly: status, count, first solution, nodes and
 * guesses, on every fixture at limits 1, 2 and 10.  The registered "fast" uses sweeps exactly
 * when the CPU runs them.
 */
/*
 * The general 9x9 path agrees with its plain-C build on every unit set: generated jigsaw, X,
 * windoku and X+windoku puzzles, whole (one solution) and with a third of their givens blanked
 * (several, so the search branches and backtracks), and with a given changed (none, or a
 * conflict), at limits 1, 2 and 10: status, count, first solution, nodes and guesses.
 */
static void test_units9_plain_c_agrees(void **state)
{
    (void)state;
    static const unsigned variants[] = {OJD_UNITS_REGIONS, OJD_UNITS_X, OJD_UNITS_WINDOKU,
                                        OJD_UNITS_X | OJD_UNITS_WINDOKU,
                                        OJD_UNITS_REGIONS | OJD_UNITS_X};
    static const unsigned long limits[] = {1, 2, 10};
    ojd_generator *gen = ojd_generator_new();
    ojd_units9 *lib = ojd_units9_new(), *plain = ojd_units9_new_scalar();
    ojd_board *puzzle = malloc(sizeof *puzzle), *solution = malloc(sizeof *solution);
    ojd_board *b = malloc(sizeof *b);
    ojd_result *r1 = malloc(sizeof *r1), *r2 = malloc(sizeof *r2);
    assert_true(gen && lib && plain && puzzle && solution && b && r1 && r2);
    ojd_rng rng, spoil; /* spoil: the invalid forms' own draws, so the puzzles stay the same */
    ojd_rng_seed(&rng, 9);
    ojd_rng_seed(&spoil, 10);
    int compared = 0, outcomes[5] = {0};
    for (size_t v = 0; v < sizeof variants / sizeof variants[0]; v++)
        for (int k = 0; k < 8; k++) {
            ojd_generate_options opt = {.side = 9, .units = variants[v], .grade = OJD_GRADE_ANY};
            assert_int_equal(ojd_generate(gen, &rng, &opt, puzzle, solution, NULL), OJD_OK);
            for (int form = 0; form < 5; form++) {
                *b = *puzzle;
                for (int i = 0, seen = 0; i < 81 && form > 0 && form < 3; i++) {
                    if (!b->cell[i] || seen++ % 3)
                        continue;
                    if (form == 1)
                        b->cell[i] = 0; /* blanked: several solutions */
                    else if (seen < 4)
                        b->cell[i] = (uint8_t)(b->cell[i] % 9 + 1); /* changed: none, or a conflict */
                }
                /* invalid: a region number out of range or a cell moved to another region
                 * (the map is read 16 cells at a time), else a value out of range */
                int at = (int)ojd_rng_below(&spoil, 81);
                bool map = (b->units & OJD_UNITS_REGIONS) != 0;
                if (form == 3 && map)
                    b->region[at] = (uint8_t)(9 + ojd_rng_below(&spoil, 247));
                else if (form == 4 && map)
                    b->region[at] = (uint8_t)((b->region[at] + 1) % 9);
                else if (form >= 3)
                    b->cell[at] = (uint8_t)(10 + ojd_rng_below(&spoil, 246));
                for (size_t l = 0; l < 3; l++) {
                    ojd_search search = {.limit = limits[l]};
                    r1->solutions = r1->nodes = r1->guesses = 0;
                    r2->solutions = r2->nodes = r2->guesses = 0;
                    ojd_status s1 = ojd_units9_solve(lib, b, &search, r1);
                    ojd_status s2 = ojd_units9_solve_scalar(plain, b, &search, r2);
                    assert_int_equal(s1, s2);
                    assert_int_equal(r1->solutions, r2->solutions);
                    assert_int_equal(r1->nodes, r2->nodes);
                    assert_int_equal(r1->guesses, r2->guesses);
                    if (r2->solutions > 0) {
                        assert_memory_equal(r1->solution.cell, r2->solution.cell, 81);
                        /* the solution's unit set is the puzzle's: the engine copies it for
                         * every solver, and this calls the solver without the engine */
                        ojd_board_copy_units(&r2->solution, b);
                        assert_true(ojd_board_solves(b, &r2->solution));
                    }
                    outcomes[s2 == OJD_ERR_INVALID ? 4
                             : s2 == OJD_CONFLICT  ? 3
                             : r2->solutions > 1   ? 2
                                                   : r2->solutions]++;
                    compared++;
                }
            }
        }
    print_message("units9: %d searches identical to the plain-C build's (%d none, %d one "
                  "solution, %d several, %d conflicts, %d invalid)\n", compared, outcomes[0],
                  outcomes[1], outcomes[2], outcomes[3], outcomes[4]);
    assert_true(outcomes[0] > 0 && outcomes[1] > 0 && outcomes[2] > 0 && outcomes[3] > 0);
    assert_int_equal(outcomes[4], 5 * 8 * 2 * 3); /* forms 3 and 4: every one invalid */
    free(b);
    free(r1);
    free(r2);
    free(puzzle);
    free(solution);
    ojd_units9_free_scalar(plain);
    ojd_units9_free(lib);
    ojd_generator_free(gen);
}

static void test_engines_agree(void **state)
{
    (void)state;
    static const char *const files[] = {"fixtures/fast_17clue.txt", "fixtures/fast_top1465.txt",
                                        "fixtures/fast_forum_hardest.txt",
                                        "fixtures/fast_multisol.txt"};
    static const unsigned long limits[] = {1, 2, 10};
    const ojd_solver *lib = ojd_solver_find("fast");
    assert_non_null(lib);
    bool sweeps = ojd_fast9_has(OJD_FAST9_SWEEPS);
#if OJD_FAST_X86_GNUC
    assert_int_equal(sweeps, __builtin_cpu_supports("avx2") && __builtin_cpu_supports("popcnt"));
#endif
    assert_true(ojd_fast9_has(OJD_FAST9_WORDS) && ojd_fast9_has(OJD_FAST9_BEST));
    run engines[3] = {
        {lib, lib->create(3, 3)},
        {lib, ojd_fast_create_with(3, 3, OJD_FAST9_WORDS)},
        {lib, ojd_fast_create_with(3, 3, OJD_FAST9_SWEEPS)},
    };
    const char *names[3] = {"fast", "words", "sweeps"};
    assert_non_null(engines[0].state);
    assert_non_null(engines[1].state);
    assert_int_equal(engines[2].state != NULL, sweeps);
    /* the same struct in this copy and in the library: the registered solver's choice */
    assert_int_equal(((const fast_state *)engines[0].state)->nine.sweeps, sweeps);
    assert_false(((const fast_state *)engines[1].state)->nine.sweeps);
    int n_engines = sweeps ? 3 : 2;
    run plain = {&ojd_solver_fast_scalar, ojd_solver_fast_scalar.create(3, 3)};
    assert_non_null(plain.state);
    ojd_board *b = malloc(sizeof *b);
    ojd_result *r1 = malloc(sizeof *r1), *r2 = malloc(sizeof *r2);
    assert_non_null(b);
    assert_non_null(r1);
    assert_non_null(r2);
    int compared = 0;
    for (size_t f = 0; f < sizeof files / sizeof files[0]; f++) {
        fixture *fx = read_fixture(files[f]);
        for (int i = 0; i < fx->n; i++) {
            board_from(b, fx->line[i]);
            for (size_t k = 0; k < 3; k++) {
                ojd_status s2 = solve(&plain, b, limits[k], 0, r2);
                assert_true(r2->solutions > 0);
                assert_true(ojd_board_solves(b, &r2->solution));
                for (int e = 0; e < n_engines; e++) {
                    ojd_status s1 = solve(&engines[e], b, limits[k], 0, r1);
                    if (s1 != s2 || r1->nodes != r2->nodes || r1->guesses != r2->guesses)
                        print_message("%s differs on %s line %d at limit %lu\n", names[e],
                                      files[f], i + 1, limits[k]);
                    assert_int_equal(s1, s2);
                    assert_int_equal(r1->solutions, r2->solutions);
                    assert_int_equal(r1->nodes, r2->nodes);
                    assert_int_equal(r1->guesses, r2->guesses);
                    assert_memory_equal(r1->solution.cell, r2->solution.cell, 81);
                    compared++;
                }
            }
        }
        free(fx);
    }
    print_message("engines: %d searches of %s identical to the plain-C engine's\n", compared,
                  sweeps ? "fast, words and sweeps" : "fast and words");
    free(b);
    free(r1);
    free(r2);
    for (int e = 0; e < n_engines; e++)
        close_solver(&engines[e]);
    close_solver(&plain);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_17clue),        cmocka_unit_test(test_top1465),
        cmocka_unit_test(test_forum_hardest), cmocka_unit_test(test_multisol),
        cmocka_unit_test(test_sudopedia),     cmocka_unit_test(test_node_budget),
        cmocka_unit_test(test_time_budget),   cmocka_unit_test(test_state_reuse),
        cmocka_unit_test(test_other_shapes),  cmocka_unit_test(test_engines_agree),
        cmocka_unit_test(test_units9_plain_c_agrees),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
