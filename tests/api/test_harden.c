/*
 * test_harden.c -- ojd_harden(): the puzzle it returns is one of the same kind, givens count,
 * grade and symmetry as the one it was given, its solution transformed alike, it costs the
 * solver at least as many nodes (for dfs on random 9x9 puzzles, several times as many), and the
 * same seed gives the same puzzle.  What is checked is checked with the public API alone, by
 * solvers other than the one hardened for where a count is asked.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "ojdoku.h"

static int givens(const ojd_board *b)
{
    int n = 0;
    for (int i = 0; i < b->side * b->side; i++)
        n += b->cell[i] != 0;
    return n;
}

/* Solutions of b up to 3, by dlx (never the solver hardened for below). */
static ojd_status count(const ojd_board *b, ojd_result *res)
{
    ojd_engine *e = ojd_engine_new(ojd_solver_find("dlx"));
    assert_non_null(e);
    ojd_search s = {.limit = 3};
    ojd_status st = ojd_engine_solve(e, b, &s, res);
    ojd_engine_free(e);
    return st;
}

static unsigned long long dfs_nodes(const ojd_board *b)
{
    ojd_engine *e = ojd_engine_new(ojd_solver_find("dfs"));
    assert_non_null(e);
    ojd_search s = {.limit = 1};
    ojd_result res;
    assert_int_equal(ojd_engine_solve(e, b, &s, &res), OJD_OK);
    ojd_engine_free(e);
    return res.nodes;
}

/* One case of a kind, hardened for solver; *before the case as made. */
static void make(const char *solver, ojd_outcome kind, ojd_grade grade, ojd_symmetry symmetry,
                 uint64_t seed, ojd_board *before, ojd_board *puzzle, ojd_board *solution,
                 unsigned long long *nodes)
{
    ojd_generator *gen = ojd_generator_new();
    ojd_engine *e = ojd_engine_new(ojd_solver_find(solver));
    assert_non_null(gen);
    assert_non_null(e);
    ojd_rng rng;
    ojd_rng_seed(&rng, seed);
    ojd_generate_options o = {.side = 9, .grade = grade, .symmetry = symmetry};
    ojd_kind_options k = {.kind = kind, .unit = "row"};
    ojd_status st = ojd_generate_kind(gen, &rng, &o, &k, puzzle, solution, NULL);
    assert_true(st == OJD_OK || st == OJD_LIMIT);
    *before = *puzzle;
    ojd_harden_options h = {.tries = 30, .symmetry = symmetry};
    assert_int_equal(ojd_harden(e, &rng, &h, puzzle, solution, nodes), OJD_OK);
    ojd_engine_free(e);
    ojd_generator_free(gen);
}

/* A unique puzzle stays unique, with as many givens, its solution the transformed one (every
 * given kept), and dfs visits more nodes on it: measured, not assumed. */
static void test_unique_kept_and_harder(void **state)
{
    (void)state;
    double ratio_sum = 0;
    for (uint64_t seed = 1; seed <= 5; seed++) {
        ojd_board before, p, s;
        unsigned long long nodes;
        make("dfs", OJD_OUTCOME_SOLVED, OJD_GRADE_ANY, OJD_SYMMETRY_NONE, seed, &before, &p, &s,
             &nodes);
        assert_int_equal(givens(&p), givens(&before));
        ojd_result res;
        assert_int_equal(count(&p, &res), OJD_OK);
        assert_memory_equal(res.solution.cell, s.cell, 81);
        for (int i = 0; i < 81; i++)
            if (p.cell[i])
                assert_int_equal(p.cell[i], s.cell[i]);
        unsigned long long was = dfs_nodes(&before);
        assert_int_equal(dfs_nodes(&p), nodes);
        assert_true(nodes >= was);
        ratio_sum += (double)nodes / (double)was;
    }
    /* the climb finds a lot more: 10 to 100 times on these five seeds (30 tries each) */
    assert_true(ratio_sum / 5 >= 5.0);
}

/* The grade is the techniques, which the moves carry over: ojd_rate() agrees before and after. */
static void test_grade_kept(void **state)
{
    (void)state;
    ojd_board before, p, s;
    unsigned long long nodes;
    make("mrv", OJD_OUTCOME_SOLVED, OJD_GRADE_HARD, OJD_SYMMETRY_NONE, 3, &before, &p, &s,
         &nodes);
    ojd_rating a = {.size = sizeof a}, b = {.size = sizeof b};
    assert_int_equal(ojd_rate(&before, &a, NULL, NULL), OJD_OK);
    assert_int_equal(ojd_rate(&p, &b, NULL, NULL), OJD_OK);
    assert_int_equal(a.grade, b.grade);
    assert_int_equal(a.hardest, b.hardest);
}

/* A symmetry asked for is kept: the moves that would break it are not taken. */
static void test_symmetry_kept(void **state)
{
    (void)state;
    for (int sym = OJD_SYMMETRY_ROTATE180; sym < OJD_SYMMETRY_COUNT_; sym++) {
        ojd_board before, p, s;
        unsigned long long nodes;
        make("bitmask", OJD_OUTCOME_SOLVED, OJD_GRADE_ANY, (ojd_symmetry)sym, 11, &before, &p,
             &s, &nodes);
        assert_true(ojd_board_has_symmetry(&p, (ojd_symmetry)sym));
    }
}

/* The other kinds stay of their kind: several solutions, none, a value repeated in a row. */
static void test_kinds_kept(void **state)
{
    (void)state;
    ojd_board before, p, s;
    unsigned long long nodes;
    ojd_result res;
    make("bitmask", OJD_OUTCOME_MULTIPLE, OJD_GRADE_ANY, OJD_SYMMETRY_NONE, 4, &before, &p, &s,
         &nodes);
    assert_int_equal(count(&p, &res), OJD_MULTIPLE);
    make("bitmask", OJD_OUTCOME_UNSOLVABLE, OJD_GRADE_ANY, OJD_SYMMETRY_NONE, 4, &before, &p, &s,
         &nodes);
    assert_int_equal(count(&p, &res), OJD_UNSOLVABLE);
    make("bitmask", OJD_OUTCOME_CONFLICT, OJD_GRADE_ANY, OJD_SYMMETRY_NONE, 4, &before, &p, &s,
         &nodes);
    ojd_conflict c;
    assert_true(ojd_board_find_conflict(&p, &c));
    assert_string_equal(c.unit, "row");
    assert_int_equal(nodes, 0);
    assert_memory_equal(p.cell, before.cell, 81); /* no search to measure: left alone */
}

/* The same seed, the same puzzle; another seed, another. */
static void test_deterministic(void **state)
{
    (void)state;
    ojd_board before, a, b, c, s;
    unsigned long long nodes;
    make("dlx", OJD_OUTCOME_SOLVED, OJD_GRADE_ANY, OJD_SYMMETRY_NONE, 21, &before, &a, &s, &nodes);
    make("dlx", OJD_OUTCOME_SOLVED, OJD_GRADE_ANY, OJD_SYMMETRY_NONE, 21, &before, &b, &s, &nodes);
    make("dlx", OJD_OUTCOME_SOLVED, OJD_GRADE_ANY, OJD_SYMMETRY_NONE, 22, &before, &c, &s, &nodes);
    assert_memory_equal(a.cell, b.cell, 81);
    assert_memory_not_equal(a.cell, c.cell, 81);
}

/* Bad arguments are refused, and a 16x16 puzzle for a solver that takes it works too. */
static void test_arguments(void **state)
{
    (void)state;
    ojd_engine *e = ojd_engine_new(NULL);
    ojd_rng rng;
    ojd_rng_seed(&rng, 1);
    ojd_board p, s;
    ojd_board_init(&p, 3, 3);
    ojd_board_init(&s, 2, 2);
    assert_int_equal(ojd_harden(NULL, &rng, NULL, &p, NULL, NULL), OJD_ERR_INVALID);
    assert_int_equal(ojd_harden(e, NULL, NULL, &p, NULL, NULL), OJD_ERR_INVALID);
    assert_int_equal(ojd_harden(e, &rng, NULL, NULL, NULL, NULL), OJD_ERR_INVALID);
    assert_int_equal(ojd_harden(e, &rng, NULL, &p, &s, NULL), OJD_ERR_INVALID);
    ojd_engine_free(e);

    ojd_generator *gen = ojd_generator_new();
    e = ojd_engine_new(ojd_solver_find("mrv"));
    ojd_generate_options o = {.side = 16};
    assert_int_equal(ojd_generate(gen, &rng, &o, &p, &s, NULL), OJD_OK);
    int had = givens(&p);
    ojd_harden_options h = {.tries = 5};
    assert_int_equal(ojd_harden(e, &rng, &h, &p, &s, NULL), OJD_OK);
    assert_int_equal(givens(&p), had);
    ojd_result res;
    assert_int_equal(count(&p, &res), OJD_OK);
    assert_memory_equal(res.solution.cell, s.cell, 256);
    ojd_engine_free(e);
    ojd_generator_free(gen);
}

/* ---- variants (issue #28) --------------------------------------------------------------- */

/* Solutions of b up to 3 by solver (the board's own units). */
static ojd_status count_with(const char *solver, const ojd_board *b, ojd_result *res)
{
    ojd_engine *e = ojd_engine_new(ojd_solver_find(solver));
    assert_non_null(e);
    ojd_search s = {.limit = 3};
    ojd_status st = ojd_engine_solve(e, b, &s, res);
    ojd_engine_free(e);
    return st;
}

/* Is b's pattern of givens the same as a's? */
static bool same_pattern(const ojd_board *a, const ojd_board *b)
{
    for (int i = 0; i < a->side * a->side; i++)
        if (!a->cell[i] != !b->cell[i])
            return false;
    return true;
}

/*
 * Each variant, hardened for dlx: the puzzle keeps its unit set (X's diagonals and windoku's
 * windows where they were; a jigsaw's regions moved along, still a valid map), its givens count
 * and its one solution (the solution moved alike, counted by mrv), and dlx visits at least as
 * many nodes, more over the seeds.  The moves are more than relabelled values: on some seed the
 * pattern of givens moves (line moves that keep the units), and a jigsaw's map with it.  On the
 * code before, ojd_harden() moved rows within bands of any board: an X puzzle lost its diagonals
 * (several solutions, or none, under X).
 */
static void test_variants_kept(void **state)
{
    (void)state;
    static const unsigned variants[] = {OJD_UNITS_REGIONS, OJD_UNITS_X, OJD_UNITS_WINDOKU,
                                        OJD_UNITS_X | OJD_UNITS_WINDOKU};
    ojd_generator *gen = ojd_generator_new();
    ojd_engine *dlx = ojd_engine_new(ojd_solver_find("dlx"));
    assert_non_null(gen);
    assert_non_null(dlx);
    for (size_t v = 0; v < sizeof variants / sizeof *variants; v++) {
        unsigned long long before_sum = 0, after_sum = 0;
        bool moved = false, map_moved = false;
        for (uint64_t seed = 1; seed <= 4; seed++) {
            ojd_rng rng;
            ojd_rng_seed(&rng, seed);
            ojd_generate_options o = {.side = 9, .units = variants[v], .grade = OJD_GRADE_ANY};
            ojd_board p, s, before;
            assert_int_equal(ojd_generate(gen, &rng, &o, &p, &s, NULL), OJD_OK);
            before = p;
            ojd_result res;
            ojd_search first = {.limit = 1}; /* what ojd_harden() measures */
            assert_int_equal(ojd_engine_solve(dlx, &before, &first, &res), OJD_OK);
            unsigned long long was = res.nodes;
            unsigned long long nodes;
            ojd_harden_options h = {.tries = 20};
            assert_int_equal(ojd_harden(dlx, &rng, &h, &p, &s, &nodes), OJD_OK);
            assert_int_equal(ojd_board_units(&p), variants[v]);
            assert_true(ojd_board_is_valid(&p)); /* a connected map, nothing repeated */
            assert_true(ojd_board_same_units(&p, &s));
            assert_int_equal(givens(&p), givens(&before));
            assert_int_equal(count_with("mrv", &p, &res), OJD_OK);
            assert_memory_equal(res.solution.cell, s.cell, 81);
            assert_true(ojd_board_solves(&p, &s));
            assert_true(nodes >= was);
            assert_int_equal(ojd_engine_solve(dlx, &p, &first, &res), OJD_OK);
            assert_int_equal(res.nodes, nodes);
            before_sum += was;
            after_sum += nodes;
            moved |= !same_pattern(&p, &before);
            map_moved |= (variants[v] & OJD_UNITS_REGIONS) && !ojd_board_same_units(&p, &before);
        }
        assert_true(after_sum > before_sum);
        assert_true(moved);
        if (variants[v] & OJD_UNITS_REGIONS)
            assert_true(map_moved);
    }
    ojd_engine_free(dlx);
    ojd_generator_free(gen);
}

/* The other kinds of an X puzzle stay of their kind under X: several solutions, none. */
static void test_variant_kinds_kept(void **state)
{
    (void)state;
    ojd_generator *gen = ojd_generator_new();
    ojd_engine *e = ojd_engine_new(ojd_solver_find("mrv"));
    assert_non_null(gen);
    assert_non_null(e);
    ojd_rng rng;
    ojd_rng_seed(&rng, 7);
    ojd_generate_options o = {.side = 9, .units = OJD_UNITS_X, .grade = OJD_GRADE_ANY};
    for (int kind = OJD_OUTCOME_MULTIPLE; kind <= OJD_OUTCOME_UNSOLVABLE; kind++) {
        ojd_kind_options k = {.kind = (ojd_outcome)kind};
        ojd_board p, s;
        assert_int_equal(ojd_generate_kind(gen, &rng, &o, &k, &p, &s, NULL), OJD_OK);
        ojd_harden_options h = {.tries = 20};
        assert_int_equal(ojd_harden(e, &rng, &h, &p, &s, NULL), OJD_OK);
        ojd_result res;
        assert_int_equal(count_with("dlx", &p, &res),
                         kind == OJD_OUTCOME_MULTIPLE ? OJD_MULTIPLE : OJD_UNSOLVABLE);
        assert_true(ojd_board_is_valid(&p));
    }
    ojd_engine_free(e);
    ojd_generator_free(gen);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_unique_kept_and_harder), cmocka_unit_test(test_grade_kept),
        cmocka_unit_test(test_symmetry_kept),          cmocka_unit_test(test_kinds_kept),
        cmocka_unit_test(test_deterministic),          cmocka_unit_test(test_arguments),
        cmocka_unit_test(test_variants_kept),          cmocka_unit_test(test_variant_kinds_kept),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
