/*
 * test_killer_solve.c -- killer puzzles through the engine's "fast" and "auto": random cage
 * layouts drawn over known solved grids (4x4, 6x6, 9x9, 16x16; boxes, X, a jigsaw), their
 * solution counts at limit 2 (and up to 50 on small grids) compared with a plain counter
 * written here apart from the library (row-major backtracking that checks units and cages by
 * their definitions), every answer checked by the same rules, and the cases a solver must get
 * right: a cage set no grid fills, givens that break a cage, the node budget.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "ojdoku.h"

/* ---- the independent rules and counter --------------------------------------------------- */

typedef struct puzzle {
    int side, box_rows, box_cols;
    int cell[625];
    int cage[625];         /* 1..ncages, 0 = none */
    int sum[625];          /* sum[k - 1] */
    int ncages;
    bool x;                /* the two diagonals are units too */
    const int *region;     /* a jigsaw's region map, or NULL for boxes */
} puzzle;

static int region_of(const puzzle *p, int i)
{
    int r = i / p->side, c = i % p->side;
    return p->region ? p->region[i] : (r / p->box_rows) * p->box_rows + c / p->box_cols;
}

/* Whether value v in cell i agrees with every filled cell by the rules: units distinct, cage
 * distinct, cage sum not passed, and exact once the cage is full. */
static bool allowed(const puzzle *p, int i, int v)
{
    int n = p->side, cells = n * n, r = i / n, c = i % n;
    int cage_sum = v, cage_free = 0;
    for (int j = 0; j < cells; j++) {
        if (j == i)
            continue;
        int rj = j / n, cj = j % n, w = p->cell[j];
        bool same_cage = p->cage[i] && p->cage[j] == p->cage[i];
        if (same_cage) {
            cage_sum += w;
            cage_free += w == 0;
        }
        if (w != v)
            continue;
        if (rj == r || cj == c || region_of(p, j) == region_of(p, i) || same_cage)
            return false;
        if (p->x && ((r == c && rj == cj) || (r + c == n - 1 && rj + cj == n - 1)))
            return false;
    }
    if (!p->cage[i])
        return true;
    int target = p->sum[p->cage[i] - 1];
    return cage_free == 0 ? cage_sum == target : cage_sum < target;
}

/* Whether the givens keep the rules among themselves (a full cage of givens makes its sum). */
static bool givens_keep_rules(puzzle *p)
{
    for (int i = 0; i < p->side * p->side; i++) {
        int v = p->cell[i];
        if (!v)
            continue;
        p->cell[i] = 0;
        bool ok = allowed(p, i, v);
        p->cell[i] = v;
        if (!ok)
            return false;
    }
    return true;
}

/* Solutions up to limit, by plain backtracking in row-major order (none when the givens
 * already break a rule). */
static long count_plain(puzzle *p, int from, long limit)
{
    int cells = p->side * p->side;
    if (from == 0 && !givens_keep_rules(p))
        return 0;
    while (from < cells && p->cell[from])
        from++;
    if (from == cells)
        return 1;
    long found = 0;
    for (int v = 1; v <= p->side && found < limit; v++)
        if (allowed(p, from, v)) {
            p->cell[from] = v;
            found += count_plain(p, from + 1, limit - found);
            p->cell[from] = 0;
        }
    return found;
}

/* The first solution of row-major backtracking with values in increasing order, which is the
 * lexicographically smallest: into grid; false when there is none. */
static bool first_plain(puzzle *p, int from, uint8_t *grid)
{
    int cells = p->side * p->side;
    while (from < cells && p->cell[from])
        from++;
    if (from == cells) {
        for (int i = 0; i < cells; i++)
            grid[i] = (uint8_t)p->cell[i];
        return true;
    }
    bool found = false;
    for (int v = 1; v <= p->side && !found; v++)
        if (allowed(p, from, v)) {
            p->cell[from] = v;
            found = first_plain(p, from + 1, grid);
            p->cell[from] = 0;
        }
    return found;
}

/* Whether grid (side*side values) solves p: every cell filled, every rule kept. */
static bool solves(const puzzle *p, const uint8_t *grid)
{
    puzzle q = *p;
    int cells = p->side * p->side;
    for (int i = 0; i < cells; i++)
        if (p->cell[i] && p->cell[i] != grid[i])
            return false;
    for (int i = 0; i < cells; i++) {
        int v = grid[i];
        if (v < 1 || v > p->side)
            return false;
        q.cell[i] = 0;
        for (int j = 0; j < cells; j++)
            q.cell[j] = j == i ? 0 : grid[j];
        if (!allowed(&q, i, v))
            return false;
    }
    return true;
}

/* ---- drawing puzzles --------------------------------------------------------------------- */

/* Connected cages of up to most cells, grown at random over the solution, values distinct. */
static void draw_cages(puzzle *p, const uint8_t *solution, ojd_rng *rng, int most)
{
    int n = p->side, cells = n * n;
    memset(p->cage, 0, sizeof p->cage);
    memset(p->sum, 0, sizeof p->sum);
    p->ncages = 0;
    for (int i = 0; i < cells; i++) {
        if (p->cage[i])
            continue;
        int want = 1 + (int)ojd_rng_below(rng, (uint64_t)most), members[64] = {i}, size = 1;
        uint64_t used = 1ull << solution[i];
        p->cage[i] = ++p->ncages;
        for (int tries = 0; tries < 40 && size < want; tries++) {
            int from = members[ojd_rng_below(rng, (uint64_t)size)], d = (int)ojd_rng_below(rng, 4);
            int j = d == 0 ? from - n : d == 1 ? from + n : d == 2 ? from - 1 : from + 1;
            if (j < 0 || j >= cells || (d >= 2 && j / n != from / n) || p->cage[j] ||
                (used >> solution[j] & 1))
                continue;
            used |= 1ull << solution[j];
            p->cage[j] = p->ncages;
            members[size++] = j;
        }
    }
    for (int i = 0; i < cells; i++)
        p->sum[p->cage[i] - 1] += solution[i];
}

static void to_board(const puzzle *p, ojd_board *b)
{
    assert_int_equal(ojd_board_init(b, p->box_rows, p->box_cols), OJD_OK);
    for (int i = 0; i < p->side * p->side; i++)
        b->cell[i] = (uint8_t)p->cell[i];
    if (p->region) {
        uint8_t map[625];
        for (int i = 0; i < p->side * p->side; i++)
            map[i] = (uint8_t)p->region[i];
        assert_int_equal(ojd_board_set_regions(b, map, NULL), OJD_OK);
    }
    if (p->x)
        assert_int_equal(ojd_board_set_extras(b, OJD_UNITS_X), OJD_OK);
    assert_int_equal(ojd_board_set_cages(b, p->cage, p->sum, p->ncages, NULL), OJD_OK);
}

/* The engine's count at limit against the plain counter's, and its answer by the rules. */
static void agree(ojd_engine *e, puzzle *p, unsigned long limit)
{
    ojd_board b;
    to_board(p, &b);
    ojd_result *r = malloc(sizeof *r);
    assert_non_null(r);
    ojd_search s = {.limit = limit};
    ojd_status st = ojd_engine_solve(e, &b, &s, r);
    long plain = count_plain(p, 0, (long)limit);
    bool broken = !givens_keep_rules(p);
    assert_int_equal((long)r->solutions, plain);
    /* givens that break a rule are a conflict; the library also calls a conflict a partly
     * given cage whose rest no distinct values can make, which the plain rules call unsolvable */
    if (broken || (plain == 0 && st == OJD_CONFLICT))
        assert_int_equal(st, OJD_CONFLICT);
    else
        assert_int_equal(st, plain == 0 ? OJD_UNSOLVABLE : plain == 1 ? OJD_OK : OJD_MULTIPLE);
    if (plain > 0) {
        assert_true(solves(p, r->solution.cell));
        assert_true(ojd_board_solves(&b, &r->solution));
    }
    free(r);
}

static const char *const solved4 = "1234341221434321";
static const char *const solved6 = "123456456123231564564231312645645312";
static const char *const solved9 =
    "527389416819426735436751829375692184194538267268174593643217958951843672782965341";

static void from_text(puzzle *p, uint8_t *solution, const char *text, int side)
{
    memset(p, 0, sizeof *p);
    p->side = side;
    p->box_rows = side == 6 ? 2 : side == 4 ? 2 : 3;
    p->box_cols = side == 6 ? 3 : side == 4 ? 2 : 3;
    for (int i = 0; i < side * side; i++)
        solution[i] = (uint8_t)(text[i] - '0');
}

/* ---- the tests ---------------------------------------------------------------------------- */

/* Small grids, no givens: every count up to 50 agrees (many layouts have several solutions). */
static void test_small_counts(void **state)
{
    (void)state;
    ojd_engine *e = ojd_engine_new(ojd_solver_find("fast"));
    ojd_rng rng;
    ojd_rng_seed(&rng, 42);
    puzzle p;
    uint8_t solution[256];
    for (int t = 0; t < 60; t++) {
        from_text(&p, solution, t % 2 ? solved6 : solved4, t % 2 ? 6 : 4);
        draw_cages(&p, solution, &rng, 2 + t % 3);
        agree(e, &p, 50);
        agree(e, &p, 2);
    }
    ojd_engine_free(e);
}

/* The engine's smallest solution (search->lexmin) of layouts with several is the plain
 * backtracking's first. */
static void test_smallest(void **state)
{
    (void)state;
    ojd_engine *e = ojd_engine_new(ojd_solver_find("fast"));
    ojd_rng rng;
    ojd_rng_seed(&rng, 19);
    puzzle p;
    uint8_t solution[256], smallest[256];
    ojd_result *r = malloc(sizeof *r);
    int several = 0;
    for (int t = 0; t < 40; t++) {
        from_text(&p, solution, t % 2 ? solved6 : solved4, t % 2 ? 6 : 4);
        draw_cages(&p, solution, &rng, 3);
        ojd_board b;
        to_board(&p, &b);
        ojd_search s = {.limit = 2, .lexmin = true};
        ojd_status st = ojd_engine_solve(e, &b, &s, r);
        assert_true(first_plain(&p, 0, smallest));
        assert_memory_equal(r->solution.cell, smallest, (size_t)(p.side * p.side));
        several += st == OJD_MULTIPLE;
    }
    assert_true(several > 5);
    free(r);
    ojd_engine_free(e);
}

/* 9x9 with some givens (the plain counter's time stays small), boxes and X. */
static void test_nine_with_givens(void **state)
{
    (void)state;
    ojd_engine *e = ojd_engine_new(NULL); /* auto */
    ojd_rng rng;
    ojd_rng_seed(&rng, 7);
    puzzle p;
    uint8_t solution[256];
    for (int t = 0; t < 40; t++) {
        from_text(&p, solution, solved9, 9);
        draw_cages(&p, solution, &rng, 2 + t % 4);
        for (int i = 0; i < 81; i++)
            p.cell[i] = ojd_rng_below(&rng, 100) < 45 ? solution[i] : 0;
        agree(e, &p, 2);
        /* one given changed: the rest may force that cell to another value before the given
         * is read (a bug once), or break a cage or unit outright */
        int at = (int)ojd_rng_below(&rng, 81);
        p.cell[at] = 1 + (solution[at] + (int)ojd_rng_below(&rng, 8)) % 9;
        agree(e, &p, 2);
    }
    ojd_engine_free(e);
}

/* 9x9 with no givens: the engine's unique answers are the solution the cages came from. */
static void test_nine_no_givens(void **state)
{
    (void)state;
    ojd_engine *e = ojd_engine_new(ojd_solver_find("fast"));
    ojd_rng rng;
    ojd_rng_seed(&rng, 3);
    puzzle p;
    uint8_t solution[256];
    int unique = 0;
    for (int t = 0; t < 30; t++) {
        from_text(&p, solution, solved9, 9);
        draw_cages(&p, solution, &rng, 4);
        ojd_board b;
        to_board(&p, &b);
        ojd_result *r = malloc(sizeof *r);
        ojd_search s = {.limit = 2};
        ojd_status st = ojd_engine_solve(e, &b, &s, r);
        assert_true(st == OJD_OK || st == OJD_MULTIPLE);
        assert_true(solves(&p, r->solution.cell));
        if (st == OJD_OK) {
            unique++;
            assert_memory_equal(r->solution.cell, solution, 81);
        }
        free(r);
    }
    assert_true(unique > 0);
    ojd_engine_free(e);
}

/* The X variant and a jigsaw: the cages and the other units together. */
static void test_variants(void **state)
{
    (void)state;
    /* a 4x4 solution of both diagonals too, and a jigsaw of the 6x6 grid solved6 keeps */
    static const char *const x4 = "1234341243212143";
    static const int jig6[36] = {0, 0, 0, 1, 1, 1, 0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3,
                                 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 4, 4, 4, 5, 5, 5};
    ojd_engine *e = ojd_engine_new(ojd_solver_find("fast"));
    ojd_rng rng;
    ojd_rng_seed(&rng, 11);
    puzzle p;
    uint8_t solution[256];
    for (int t = 0; t < 30; t++) {
        from_text(&p, solution, x4, 4);
        p.x = true;
        draw_cages(&p, solution, &rng, 3);
        agree(e, &p, 20);
        from_text(&p, solution, solved6, 6);
        p.region = jig6;
        draw_cages(&p, solution, &rng, 3);
        agree(e, &p, 20);
    }
    ojd_engine_free(e);
}

/* No grid fills these: cages of a row that make too little; givens that break a cage. */
static void test_unsolvable_and_conflicts(void **state)
{
    (void)state;
    ojd_engine *e = ojd_engine_new(ojd_solver_find("fast"));
    puzzle p;
    uint8_t solution[256];
    from_text(&p, solution, solved4, 4);
    /* every row two dominoes: 3 + 6 is 9, not 10, in row 1 */
    for (int i = 0; i < 16; i++)
        p.cage[i] = i / 2 + 1;
    p.ncages = 8;
    for (int k = 0; k < 8; k++)
        p.sum[k] = solution[2 * k] + solution[2 * k + 1];
    p.sum[1] = 6;
    agree(e, &p, 2); /* the plain counter finds none, and so must the engine */
    ojd_board b;
    to_board(&p, &b);
    ojd_result *r = malloc(sizeof *r);
    assert_int_equal(ojd_engine_solve(e, &b, NULL, r), OJD_UNSOLVABLE);
    /* givens repeating in a cage that no unit holds twice: a conflict, as the givens check says */
    p.sum[1] = 7;
    int diag[16] = {1, 2, 2, 3, 3, 4, 1, 4, 5, 5, 6, 6, 7, 7, 8, 8};
    memcpy(p.cage, diag, sizeof diag);
    p.sum[0] = 3;
    p.cell[0] = 1;
    p.cell[6] = 1;
    to_board(&p, &b);
    assert_int_equal(ojd_engine_solve(e, &b, NULL, r), OJD_CONFLICT);
    /* every other solver that does not take cages is refused, not answered wrongly */
    const ojd_solver *const *list = ojd_solver_list();
    for (; *list; list++) {
        ojd_engine *other = ojd_engine_new(*list);
        ojd_status st = ojd_engine_solve(other, &b, NULL, r);
        assert_true(st == OJD_CONFLICT || st == OJD_ERR_USAGE);
        ojd_engine_free(other);
    }
    free(r);
    ojd_engine_free(e);
}

/* 16x16 (the combination table's largest side) and a node budget. */
static void test_sixteen_and_budget(void **state)
{
    (void)state;
    ojd_engine *e = ojd_engine_new(ojd_solver_find("fast"));
    ojd_board b;
    assert_int_equal(ojd_board_init_side(&b, 16), OJD_OK);
    /* a solved 16x16: the pattern (r * 4 + r / 4 + c) % 16 + 1 */
    uint8_t solution[256];
    puzzle p;
    memset(&p, 0, sizeof p);
    p.side = 16;
    p.box_rows = p.box_cols = 4;
    for (int i = 0; i < 256; i++) {
        int r = i / 16, c = i % 16;
        solution[i] = (uint8_t)((r * 4 + r / 4 + c) % 16 + 1);
    }
    ojd_rng rng;
    ojd_rng_seed(&rng, 5);
    draw_cages(&p, solution, &rng, 3);
    for (int i = 0; i < 256; i++)
        p.cell[i] = ojd_rng_below(&rng, 100) < 50 ? solution[i] : 0;
    to_board(&p, &b);
    ojd_result *r = malloc(sizeof *r);
    ojd_search s = {.limit = 2};
    ojd_status st = ojd_engine_solve(e, &b, &s, r);
    assert_true(st == OJD_OK || st == OJD_MULTIPLE);
    assert_true(solves(&p, r->solution.cell));
    /* no givens, a budget of 3 nodes: the limit status, not a guess */
    memset(p.cell, 0, sizeof p.cell);
    to_board(&p, &b);
    s.max_nodes = 3;
    st = ojd_engine_solve(e, &b, &s, r);
    assert_true(st == OJD_LIMIT || st == OJD_OK || st == OJD_MULTIPLE);
    assert_true(r->nodes <= 4);
    free(r);
    ojd_engine_free(e);
}

/* 25x25, above the combination table's sides (cages bounded by their extremes): cages over the
 * first rows only (the rest in no cage), half the givens; answers by the rules. */
static void test_twenty_five(void **state)
{
    (void)state;
    ojd_engine *e = ojd_engine_new(ojd_solver_find("fast"));
    puzzle *p = calloc(1, sizeof *p);
    uint8_t solution[625];
    p->side = 25;
    p->box_rows = p->box_cols = 5;
    for (int i = 0; i < 625; i++) {
        int r = i / 25, c = i % 25;
        solution[i] = (uint8_t)((r * 5 + r / 5 + c) % 25 + 1);
    }
    ojd_rng rng;
    ojd_rng_seed(&rng, 8);
    draw_cages(p, solution, &rng, 4);
    for (int i = 0; i < 625; i++) /* cages of rows 0-7 kept, numbered as drawn */
        if (p->cage[i] > p->cage[8 * 25 - 1])
            p->cage[i] = 0;
    p->ncages = p->cage[8 * 25 - 1];
    for (int i = 0; i < 625; i++)
        p->cell[i] = ojd_rng_below(&rng, 100) < 50 ? solution[i] : 0;
    ojd_board *b = malloc(sizeof *b);
    to_board(p, b);
    ojd_result *r = malloc(sizeof *r);
    ojd_search s = {.limit = 1};
    assert_int_equal(ojd_engine_solve(e, b, &s, r), OJD_OK);
    assert_true(ojd_board_solves(b, &r->solution));
    uint8_t grid[625];
    memcpy(grid, r->solution.cell, sizeof grid);
    assert_true(solves(p, grid));
    free(b);
    free(r);
    free(p);
    ojd_engine_free(e);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_small_counts),
        cmocka_unit_test(test_smallest),
        cmocka_unit_test(test_nine_with_givens),
        cmocka_unit_test(test_nine_no_givens),
        cmocka_unit_test(test_variants),
        cmocka_unit_test(test_unsolvable_and_conflicts),
        cmocka_unit_test(test_sixteen_and_budget),
        cmocka_unit_test(test_twenty_five),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
