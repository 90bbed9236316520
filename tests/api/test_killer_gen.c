/*
 * test_killer_gen.c -- generate --variant killer and the grader's killer techniques, through the
 * public API: generated killer puzzles have one solution (asked of a solver other than the
 * generator's "auto" where one takes cages), their solution passes a rule check written here
 * (units, cage sums, distinct cells in a cage), their cages are connected and of the sizes
 * printed puzzles have, the same seed makes the same puzzle, givens come only when allowed, the
 * variants combine, and the grader's every step agrees with the solution and harder settings
 * rate harder on average.
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

/* ---- an independent rule check ------------------------------------------------------------- */

/* Does every unit of the board (rows, columns, boxes or regions, extras) hold 1..side once? */
static bool units_hold(const ojd_board *b)
{
    int cells[OJD_MAX_SIDE];
    for (int u = 0; u < ojd_board_unit_count(b); u++) {
        uint64_t seen = 0;
        if (!ojd_board_unit_cells(b, u, cells))
            return false;
        for (int j = 0; j < b->side; j++) {
            int v = b->cell[cells[j]];
            if (v < 1 || v > b->side || (seen >> (v - 1) & 1u))
                return false;
            seen |= (uint64_t)1 << (v - 1);
        }
    }
    return true;
}

/* Cage k's cells, listed by scanning the map (not the library's list). */
static int cage_cells(const ojd_board *b, int k, int *cells)
{
    int n = 0;
    for (int i = 0; i < b->side * b->side; i++)
        if (b->cage[i] == k)
            cells[n++] = i;
    return n;
}

/* Is the set of cells connected across edges? */
static bool cells_connected(int side, const int *cells, int n)
{
    bool in[64] = {false};
    int queue[64], head = 0, tail = 0;
    in[0] = true;
    queue[tail++] = 0;
    while (head < tail) {
        int a = cells[queue[head++]];
        for (int j = 0; j < n; j++) {
            int b = cells[j], d = a > b ? a - b : b - a;
            bool edge = d == side || (d == 1 && a / side == b / side);
            if (!in[j] && edge) {
                in[j] = true;
                queue[tail++] = j;
            }
        }
    }
    return tail == n;
}

/* The solution of a killer puzzle by the rules: units, each cage's cells distinct and adding
 * up to its sum; every cell in a cage of at most `most` connected cells; givens kept. */
static void check_killer(const ojd_board *puzzle, const ojd_board *solution, int most)
{
    int side = puzzle->side, cells[OJD_MAX_SIDE];
    assert_true(ojd_board_units(puzzle) & OJD_UNITS_KILLER);
    assert_true(units_hold(solution));
    int covered = 0;
    for (int k = 1; k <= puzzle->cage_count; k++) {
        int n = cage_cells(puzzle, k, cells), sum = 0;
        uint64_t seen = 0;
        assert_true(n >= 1 && n <= most);
        assert_true(cells_connected(side, cells, n));
        for (int j = 0; j < n; j++) {
            int v = solution->cell[cells[j]];
            assert_false(seen >> (v - 1) & 1u);
            seen |= (uint64_t)1 << (v - 1);
            sum += v;
        }
        assert_int_equal(sum, puzzle->cage_sum[k]);
        covered += n;
    }
    assert_int_equal(covered, side * side);
    for (int i = 0; i < side * side; i++)
        assert_true(!puzzle->cell[i] || puzzle->cell[i] == solution->cell[i]);
}

/* ---- fixture ------------------------------------------------------------------------------ */

/* The generator asks "auto" (fast) its questions: uniqueness is asked here of the first of these
 * that takes cages, else of "fast" itself. */
static const char *const checker_order[] = {"dlx", "mrv", "bitmask", "dfs", "fast", NULL};

typedef struct fixture {
    ojd_generator *gen;
    ojd_engine *verify;
} fixture;

static int setup(void **state)
{
    fixture *f = calloc(1, sizeof *f);
    if (!f)
        return -1;
    f->gen = ojd_generator_new();
    *state = f;
    return f->gen ? 0 : -1;
}

static int teardown(void **state)
{
    fixture *f = *state;
    ojd_generator_free(f->gen);
    ojd_engine_free(f->verify);
    free(f);
    return 0;
}

/* Exactly one solution, and it is `solution`: asked of the checker solver at limit 2. */
static void check_unique(fixture *f, const ojd_board *puzzle, const ojd_board *solution)
{
    ojd_result *res = malloc(sizeof *res);
    ojd_search search = {.limit = 2};
    ojd_status st = OJD_ERR_USAGE;
    assert_non_null(res);
    for (const char *const *n = checker_order; st == OJD_ERR_USAGE && *n; n++) {
        if (!f->verify) {
            f->verify = ojd_engine_new(ojd_solver_find(*n));
            assert_non_null(f->verify);
        }
        st = ojd_engine_solve(f->verify, puzzle, &search, res);
        if (st == OJD_ERR_USAGE) { /* this solver takes no cages: the next one */
            ojd_engine_free(f->verify);
            f->verify = NULL;
        }
    }
    assert_int_equal(st, OJD_OK);
    assert_memory_equal(res->solution.cell, solution->cell, (size_t)(puzzle->side * puzzle->side));
    free(res);
}

static ojd_status make(fixture *f, uint64_t seed, const ojd_generate_options *o, ojd_board *p,
                       ojd_board *s, ojd_generate_info *info)
{
    ojd_rng rng;
    ojd_rng_seed(&rng, seed);
    return ojd_generate(f->gen, &rng, o, p, s, info);
}

/* ---- generation --------------------------------------------------------------------------- */

static void test_unique_no_givens(void **state)
{
    fixture *f = *state;
    ojd_board *b = malloc(2 * sizeof *b);
    assert_non_null(b);
    ojd_generate_options o = {.units = OJD_UNITS_KILLER, .grade = OJD_GRADE_ANY};
    for (uint64_t seed = 1; seed <= 12; seed++) {
        ojd_generate_info info;
        assert_int_equal(make(f, seed, &o, &b[0], &b[1], &info), OJD_OK);
        assert_int_equal(ojd_board_givens(&b[0]), 0);
        assert_int_equal(info.clues, 0);
        check_killer(&b[0], &b[1], 8);
        check_unique(f, &b[0], &b[1]);
    }
    free(b);
}

/* Sizes like printed puzzles: over 40 puzzles, most cages have 2 to 4 cells, some 1 and 5. */
static void test_cage_sizes(void **state)
{
    fixture *f = *state;
    ojd_board *b = malloc(2 * sizeof *b);
    int cells[OJD_MAX_SIDE], hist[OJD_MAX_SIDE + 1] = {0}, total = 0;
    assert_non_null(b);
    ojd_generate_options o = {.units = OJD_UNITS_KILLER, .grade = OJD_GRADE_ANY};
    for (uint64_t seed = 100; seed < 140; seed++) {
        assert_int_equal(make(f, seed, &o, &b[0], &b[1], NULL), OJD_OK);
        for (int k = 1; k <= b[0].cage_count; k++, total++)
            hist[cage_cells(&b[0], k, cells)]++;
    }
    int mid = hist[2] + hist[3] + hist[4];
    print_message("cage sizes over 40 puzzles (%d cages): 1:%d 2:%d 3:%d 4:%d 5:%d 6+:%d\n",
                  total, hist[1], hist[2], hist[3], hist[4], hist[5], total - mid - hist[1] - hist[5]);
    assert_true(mid * 100 >= 75 * total);          /* mostly 2-4 */
    assert_true(hist[1] > 0 && hist[1] * 100 <= 15 * total); /* some single cells */
    assert_true(hist[5] > 0 && hist[5] * 100 <= 15 * total); /* some of five */
    free(b);
}

static void test_deterministic(void **state)
{
    fixture *f = *state;
    ojd_board *b = malloc(4 * sizeof *b);
    assert_non_null(b);
    ojd_generate_options o = {.units = OJD_UNITS_KILLER, .grade = OJD_GRADE_ANY};
    ojd_generator *other = ojd_generator_new();
    assert_non_null(other);
    for (uint64_t seed = 7; seed <= 9; seed++) {
        ojd_rng rng;
        assert_int_equal(make(f, seed, &o, &b[0], &b[1], NULL), OJD_OK);
        ojd_rng_seed(&rng, seed);
        assert_int_equal(ojd_generate(other, &rng, &o, &b[2], &b[3], NULL), OJD_OK);
        assert_memory_equal(b[0].cell, b[2].cell, 81);
        assert_memory_equal(b[0].cage, b[2].cage, 81);
        assert_int_equal(b[0].cage_count, b[2].cage_count);
        assert_memory_equal(b[0].cage_sum, b[2].cage_sum, sizeof b[0].cage_sum);
        assert_memory_equal(b[1].cell, b[3].cell, 81);
    }
    /* another seed, another puzzle */
    assert_int_equal(make(f, 10, &o, &b[2], &b[3], NULL), OJD_OK);
    assert_false(memcmp(b[0].cage, b[2].cage, 81) == 0 && memcmp(b[1].cell, b[3].cell, 81) == 0);
    ojd_generator_free(other);
    free(b);
}

/* With the variants: their units hold in the solution as well as the cages. */
static void test_variants(void **state)
{
    fixture *f = *state;
    static const unsigned variants[] = {OJD_UNITS_X, OJD_UNITS_WINDOKU, OJD_UNITS_REGIONS,
                                        OJD_UNITS_X | OJD_UNITS_REGIONS};
    ojd_board *b = malloc(2 * sizeof *b);
    assert_non_null(b);
    for (size_t v = 0; v < sizeof variants / sizeof variants[0]; v++) {
        ojd_generate_options o = {.units = OJD_UNITS_KILLER | variants[v],
                                  .grade = OJD_GRADE_ANY};
        assert_int_equal(make(f, 20 + v, &o, &b[0], &b[1], NULL), OJD_OK);
        assert_int_equal(ojd_board_units(&b[0]), o.units);
        assert_int_equal(ojd_board_units(&b[1]), o.units);
        assert_int_equal(ojd_board_givens(&b[0]), 0);
        check_killer(&b[0], &b[1], 8);
        check_unique(f, &b[0], &b[1]);
    }
    /* another size: 6x6 */
    ojd_generate_options o = {.side = 6, .units = OJD_UNITS_KILLER, .grade = OJD_GRADE_ANY};
    assert_int_equal(make(f, 5, &o, &b[0], &b[1], NULL), OJD_OK);
    check_killer(&b[0], &b[1], 6);
    check_unique(f, &b[0], &b[1]);
    free(b);
}

/* clues N allows up to N givens, and only then are there any; solved is the grid and its cages. */
static void test_givens_and_solved(void **state)
{
    fixture *f = *state;
    ojd_board *b = malloc(2 * sizeof *b);
    ojd_generate_info info;
    assert_non_null(b);
    int with = 0;
    for (uint64_t seed = 1; seed <= 8; seed++) {
        ojd_generate_options o = {.units = OJD_UNITS_KILLER, .clues = 3,
                                  .grade = OJD_GRADE_ANY};
        assert_int_equal(make(f, seed, &o, &b[0], &b[1], &info), OJD_OK);
        assert_true(ojd_board_givens(&b[0]) <= 3);
        assert_int_equal(ojd_board_givens(&b[0]), info.clues);
        with += info.clues > 0;
        check_killer(&b[0], &b[1], 8);
        check_unique(f, &b[0], &b[1]);
    }
    print_message("%d of 8 puzzles took givens\n", with);
    assert_true(with > 0); /* where a split would leave a cell alone (seeds 1 and 5) */
    ojd_generate_options o = {.units = OJD_UNITS_KILLER, .solved = true,
                              .grade = OJD_GRADE_ANY};
    assert_int_equal(make(f, 3, &o, &b[0], &b[1], &info), OJD_OK);
    assert_int_equal(ojd_board_givens(&b[0]), 81);
    check_killer(&b[0], &b[1], 8);
    ojd_generate_options bad = {.units = OJD_UNITS_KILLER, .minimal = true,
                                .grade = OJD_GRADE_ANY};
    assert_int_equal(make(f, 3, &bad, &b[0], &b[1], &info), OJD_ERR_INVALID);
    free(b);
}

/* ---- the grader --------------------------------------------------------------------------- */

typedef struct steps_seen {
    const ojd_board *solution;
    int wrong, cage_steps, rule45_steps;
} steps_seen;

/* Every "rXcY=V" a step places is the solution's value, and every "rXcY<>V" it removes is not. */
static void check_step(void *ctx, const char *step)
{
    steps_seen *s = ctx;
    int side = s->solution->side, r, c, v, n;
    for (const char *p = step; *p == 'r'; p += n) {
        char op[3] = {0};
        n = 0;
        if (sscanf(p, "r%dc%d%2[=<>]%d%n", &r, &c, op, &v, &n) != 4 || n == 0)
            break;
        bool placed = strcmp(op, "=") == 0;
        if (placed != (s->solution->cell[(r - 1) * side + (c - 1)] == v))
            s->wrong++;
        while (p[n] == ' ')
            n++;
    }
    s->cage_steps += strstr(step, "(cage combination") != NULL;
    s->rule45_steps += strstr(step, "(45 rule") != NULL;
}

static void test_rate_steps_sound(void **state)
{
    fixture *f = *state;
    ojd_board *b = malloc(2 * sizeof *b);
    assert_non_null(b);
    ojd_generate_options o = {.units = OJD_UNITS_KILLER, .grade = OJD_GRADE_ANY};
    steps_seen all = {0};
    for (uint64_t seed = 50; seed < 58; seed++) {
        assert_int_equal(make(f, seed, &o, &b[0], &b[1], NULL), OJD_OK);
        steps_seen s = {.solution = &b[1]};
        ojd_rating rating = {.size = sizeof rating};
        assert_int_equal(ojd_rate(&b[0], &rating, check_step, &s), OJD_OK);
        assert_int_equal(s.wrong, 0);
        /* no givens: the first step reads a cage */
        assert_true(rating.counts[OJD_TECH_CAGE_COMBINATION] +
                        rating.counts[OJD_TECH_CAGE_COMBINATIONS] > 0);
        all.cage_steps += s.cage_steps;
        all.rule45_steps += s.rule45_steps;
    }
    assert_true(all.cage_steps > 0);
    assert_true(all.rule45_steps > 0);
    free(b);
}

/* A cage of one cell is a given: the grader places it with a cage step, and the easy grade. */
static void test_rate_single_cells(void **state)
{
    (void)state;
    ojd_board *b = malloc(2 * sizeof *b);
    ojd_generator *gen = ojd_generator_new();
    ojd_rng rng;
    assert_true(b && gen);
    ojd_rng_seed(&rng, 4);
    ojd_generate_options o = {.solved = true, .grade = OJD_GRADE_ANY};
    assert_int_equal(ojd_generate(gen, &rng, &o, &b[0], &b[1], NULL), OJD_OK);
    int cage[81], sum[81];
    for (int i = 0; i < 81; i++) {
        cage[i] = i + 1;
        sum[i] = b[1].cell[i];
        b[0].cell[i] = 0;
    }
    assert_int_equal(ojd_board_set_cages(&b[0], cage, sum, 81, NULL), OJD_OK);
    ojd_rating rating = {.size = sizeof rating};
    steps_seen s = {.solution = &b[1]};
    assert_int_equal(ojd_rate(&b[0], &rating, check_step, &s), OJD_OK);
    assert_int_equal(s.wrong, 0);
    assert_int_equal(rating.grade, OJD_GRADE_EASY);
    assert_true(rating.counts[OJD_TECH_CAGE_COMBINATION] > 0);
    assert_string_equal(ojd_technique_name(OJD_TECH_RULE_45), "45 rule");
    assert_int_equal(ojd_technique_grade(OJD_TECH_CAGE_COMBINATION), OJD_GRADE_EASY);
    ojd_generator_free(gen);
    free(b);
}

/* --difficulty: the easy layouts rate easier on average than the expert ones, and a target
 * met is the grade ojd_rate() gives. */
static void test_difficulty(void **state)
{
    fixture *f = *state;
    ojd_board *b = malloc(2 * sizeof *b);
    assert_non_null(b);
    double mean[2] = {0, 0};
    int grades[2] = {0, 0};
    static const ojd_grade want[2] = {OJD_GRADE_EASY, OJD_GRADE_EXPERT};
    enum { N = 6 };
    for (int w = 0; w < 2; w++)
        for (uint64_t seed = 60; seed < 60 + N; seed++) {
            ojd_generate_options o = {.units = OJD_UNITS_KILLER, .grade = want[w],
                                      .attempts = 4};
            ojd_generate_info info;
            ojd_status st = make(f, seed, &o, &b[0], &b[1], &info);
            assert_true(st == OJD_OK || st == OJD_LIMIT);
            check_killer(&b[0], &b[1], 8);
            ojd_rating rating = {.size = sizeof rating};
            assert_int_equal(ojd_rate(&b[0], &rating, NULL, NULL), OJD_OK);
            assert_int_equal(rating.grade, info.grade);
            assert_true(st != OJD_OK || rating.grade == want[w]);
            mean[w] += rating.score / N;
            grades[w] += rating.grade;
        }
    print_message("mean score: easy %.2f, expert %.2f; grade sums %d, %d\n", mean[0], mean[1],
                  grades[0], grades[1]);
    assert_true(mean[1] > mean[0]);
    assert_true(grades[1] > grades[0]);
    free(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_unique_no_givens, setup, teardown),
        cmocka_unit_test_setup_teardown(test_cage_sizes, setup, teardown),
        cmocka_unit_test_setup_teardown(test_deterministic, setup, teardown),
        cmocka_unit_test_setup_teardown(test_variants, setup, teardown),
        cmocka_unit_test_setup_teardown(test_givens_and_solved, setup, teardown),
        cmocka_unit_test_setup_teardown(test_rate_steps_sound, setup, teardown),
        cmocka_unit_test(test_rate_single_cells),
        cmocka_unit_test_setup_teardown(test_difficulty, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
