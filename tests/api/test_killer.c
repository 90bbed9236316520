/*
 * test_killer.c -- killer cages (OJD_UNITS_KILLER) through every solver that takes them, on the
 * public API alone.
 *
 * The puzzles are made here: a solved grid, cages drawn over it (dominoes and trominoes grown
 * from a seed, each over distinct values of the grid; some cells left in no cage), their sums
 * taken from the grid, mostly without givens.  Every answer is checked by killer_ok(), written
 * from the rules and not from the library: complete, givens kept, no value twice in a row,
 * column, box (by its formula) or region, long diagonal or window, and each cage's cells
 * distinct and adding up to its sum.  On 4x4 grids the counts and the smallest solution come from
 * a brute force over every 4x4 Latin square; on larger ones every solver must agree with the
 * others, dfs included, whose cage rule is the board's own scan, written apart from the cage
 * tracker the other seed solvers share.  dfs and bitmask search row-major with no propagation,
 * yet the 9x9 puzzles here need no givens: dominoes over distinct values cut a row-major search
 * to 4000-40000 nodes (under 0.5 s for dfs under ASan), where cages of up to four cells took
 * dfs millions.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "ojdoku.h"

/* The solved 9x9 grid of Wikipedia's "Sudoku" article. */
static const char *const solved9 =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

/* The solvers issue 42 gives cages first; every other one may refuse a killer board (OJD_ERR_USAGE)
 * until it takes them, and is then held to the same checks. */
static const char *const seed_solvers[] = {"dfs", "bitmask", "mrv", "dlx"};

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* ---- the rule check ---------------------------------------------------------------------- */

/* Is a value of 1..side repeated among cells[0..n) of b (0 = empty is no value)? */
static bool repeats(const ojd_board *b, const int *cells, int n)
{
    uint64_t seen = 0;
    for (int k = 0; k < n; k++) {
        int v = b->cell[cells[k]];
        if (!v)
            continue;
        if (seen >> v & 1)
            return true;
        seen |= (uint64_t)1 << v;
    }
    return false;
}

/*
 * The independent check: sol is complete, keeps puzzle's givens, repeats no value in a row, a
 * column, a box (box_rows x box_cols by its formula) or region (puzzle's map), a long diagonal
 * (X) or a windoku window (rows and columns 2-4 and 6-8), and each of puzzle's cages holds
 * distinct values that add up to its sum.
 */
static bool killer_ok(const ojd_board *puzzle, const ojd_board *sol)
{
    int n = puzzle->side, cells = n * n;
    unsigned units = ojd_board_units(puzzle);
    int list[OJD_MAX_SIDE];
    for (int i = 0; i < cells; i++) {
        int v = sol->cell[i];
        if (v < 1 || v > n || (puzzle->cell[i] && puzzle->cell[i] != v))
            return false;
    }
    for (int r = 0; r < n; r++) {
        for (int c = 0; c < n; c++)
            list[c] = r * n + c;
        if (repeats(sol, list, n))
            return false;
        for (int c = 0; c < n; c++)
            list[c] = c * n + r;
        if (repeats(sol, list, n))
            return false;
    }
    for (int g = 0; g < n; g++) {
        int m = 0;
        for (int i = 0; i < cells; i++) {
            int r = i / n, c = i % n;
            int in = units & OJD_UNITS_REGIONS
                         ? puzzle->region[i]
                         : (r / puzzle->box_rows) * puzzle->box_rows + c / puzzle->box_cols;
            if (in == g)
                list[m++] = i;
        }
        if (repeats(sol, list, m))
            return false;
    }
    if (units & OJD_UNITS_X) {
        for (int k = 0; k < n; k++)
            list[k] = k * n + k;
        if (repeats(sol, list, n))
            return false;
        for (int k = 0; k < n; k++)
            list[k] = k * n + n - 1 - k;
        if (repeats(sol, list, n))
            return false;
    }
    if (units & OJD_UNITS_WINDOKU)
        for (int w = 0; w < 4; w++) {
            int r0 = w / 2 ? 5 : 1, c0 = w % 2 ? 5 : 1, m = 0;
            for (int r = r0; r < r0 + 3; r++)
                for (int c = c0; c < c0 + 3; c++)
                    list[m++] = r * n + c;
            if (repeats(sol, list, m))
                return false;
        }
    for (int k = 1; k <= ojd_board_cage_count(puzzle); k++) {
        int m = ojd_board_cage_cells(puzzle, k, list), sum = 0;
        if (m < 1 || repeats(sol, list, m))
            return false;
        for (int j = 0; j < m; j++)
            sum += sol->cell[list[j]];
        if (sum != ojd_board_cage_sum(puzzle, k))
            return false;
    }
    return true;
}

static bool same_cells(const ojd_board *a, const ojd_board *b)
{
    return a->side == b->side && memcmp(a->cell, b->cell, (size_t)(a->side * a->side)) == 0;
}

/* ---- making puzzles ---------------------------------------------------------------------- */

static void grid_from(ojd_board *b, int side, const char *digits)
{
    assert_int_equal(ojd_board_init_side(b, side), OJD_OK);
    for (int i = 0; i < side * side; i++)
        b->cell[i] = (uint8_t)(digits[i] - '0');
}

/*
 * Cages over grid's values: from each cell in no cage yet (row by row), a cage of 2..max_size
 * cells (1 when no neighbour fits) grown by random free neighbours whose values are not in it
 * yet; with `loose`, about one cage in six is dropped again (its cells in no cage).  cage[] gets
 * each cell's cage (1..count, 0 = none); returns count.
 */
static int draw_cages(const ojd_board *grid, ojd_rng *rng, int max_size, bool loose, int *cage)
{
    int side = grid->side, cells = side * side, count = 0;
    memset(cage, 0, (size_t)cells * sizeof *cage);
    for (int i = 0; i < cells; i++) {
        if (cage[i])
            continue;
        int want = 2 + (int)ojd_rng_below(rng, (uint64_t)max_size - 1);
        int members[OJD_MAX_SIDE] = {i}, m = 1;
        uint64_t held = (uint64_t)1 << grid->cell[i];
        cage[i] = ++count;
        while (m < want) {
            int next[4 * OJD_MAX_SIDE], nn = 0;
            for (int a = 0; a < m; a++) {
                int x = members[a], r = x / side, c = x % side;
                int around[4] = {r > 0 ? x - side : -1, r < side - 1 ? x + side : -1,
                                 c > 0 ? x - 1 : -1, c < side - 1 ? x + 1 : -1};
                for (int d = 0; d < 4; d++)
                    if (around[d] >= 0 && !cage[around[d]] && !(held >> grid->cell[around[d]] & 1))
                        next[nn++] = around[d];
            }
            if (nn == 0)
                break;
            int pick = next[ojd_rng_below(rng, (uint64_t)nn)];
            cage[pick] = count;
            members[m++] = pick;
            held |= (uint64_t)1 << grid->cell[pick];
        }
        if (loose && ojd_rng_below(rng, 6) == 0) {
            for (int a = 0; a < m; a++)
                cage[members[a]] = -1; /* no cage, and not to be drawn again */
            count--;
        }
    }
    for (int i = 0; i < cells; i++)
        cage[i] = cage[i] < 0 ? 0 : cage[i];
    return count;
}

/* *p: empty, grid's shape and units, with the cages cage[] (count of them) and their sums from
 * grid's values. */
static void make_killer(ojd_board *p, const ojd_board *grid, const int *cage, int count)
{
    int cells = grid->side * grid->side, sum[OJD_MAX_CAGES] = {0};
    for (int i = 0; i < cells; i++)
        if (cage[i])
            sum[cage[i] - 1] += grid->cell[i];
    *p = *grid;
    memset(p->cell, 0, (size_t)cells);
    ojd_error err;
    if (ojd_board_set_cages(p, cage, sum, count, &err) != OJD_OK)
        fail_msg("set_cages: %s", err.message);
    assert_true(killer_ok(p, grid));
}

/* ---- the solvers --------------------------------------------------------------------------- */

typedef struct takers {
    const ojd_solver *solver[16];
    ojd_engine *engine[16];
    size_t n;
} takers;

static bool is_seed_solver(const ojd_solver *s)
{
    for (size_t k = 0; k < sizeof seed_solvers / sizeof seed_solvers[0]; k++)
        if (strcmp(ojd_solver_name(s), seed_solvers[k]) == 0)
            return true;
    return false;
}

/* The solvers that take a killer board (each with an engine): the seed solvers must. */
static void takers_open(takers *t)
{
    ojd_board grid, p;
    grid_from(&grid, 4, "1234341221434321");
    int cage[16];
    for (int i = 0; i < 16; i++)
        cage[i] = i / 2 + 1;
    make_killer(&p, &grid, cage, 8);
    t->n = 0;
    size_t seeds = 0;
    for (const ojd_solver *const *s = ojd_solver_list(); *s; s++) {
        ojd_engine *e = ojd_engine_new(*s);
        assert_non_null(e);
        ojd_result r;
        ojd_status st = ojd_engine_solve(e, &p, NULL, &r);
        if (st == OJD_ERR_USAGE && !is_seed_solver(*s)) {
            ojd_engine_free(e);
            continue;
        }
        if (st < 0)
            fail_msg("%s refuses a killer board (%d)", ojd_solver_name(*s), st);
        assert_true(t->n < sizeof t->solver / sizeof t->solver[0]);
        t->solver[t->n] = *s;
        t->engine[t->n++] = e;
        seeds += is_seed_solver(*s);
    }
    assert_int_equal(seeds, sizeof seed_solvers / sizeof seed_solvers[0]);
}

static void takers_close(takers *t)
{
    for (size_t k = 0; k < t->n; k++)
        ojd_engine_free(t->engine[k]);
    t->n = 0;
}

/* Whose first solution is, by their documented order, the lexicographically smallest. */
static bool first_is_lexmin(const ojd_solver *s)
{
    return strcmp(ojd_solver_name(s), "dfs") == 0 || strcmp(ojd_solver_name(s), "bitmask") == 0;
}

static ojd_status status_for(unsigned long solutions)
{
    return solutions == 0 ? OJD_UNSOLVABLE : solutions == 1 ? OJD_OK : OJD_MULTIPLE;
}

/* What the engine answers a puzzle without a solution: a conflict when its givens already
 * break a unit or a cage. */
static ojd_status none_status(const ojd_board *p)
{
    return ojd_board_find_conflict(p, NULL) ? OJD_CONFLICT : OJD_UNSOLVABLE;
}

/* Solves p with solver k at limit; checks the status against the count and the answer by the
 * rules; returns the count. */
static unsigned long solve_checked(takers *t, size_t k, const ojd_board *p, unsigned long limit,
                                   bool lexmin, ojd_board *first)
{
    ojd_result r;
    ojd_search search = {.limit = limit, .lexmin = lexmin};
    ojd_status st = ojd_engine_solve(t->engine[k], p, &search, &r);
    if (st != (r.solutions ? status_for(r.solutions) : none_status(p)))
        fail_msg("%s: status %d with %lu solutions", ojd_solver_name(t->solver[k]), st,
                 r.solutions);
    assert_true(r.solutions <= limit);
    if (r.solutions > 0) {
        if (!killer_ok(p, &r.solution))
            fail_msg("%s: an answer that breaks the rules", ojd_solver_name(t->solver[k]));
        assert_true(ojd_board_same_units(&r.solution, p));
        if (first)
            *first = r.solution;
    }
    return r.solutions;
}

/* ---- 4x4: counts against a brute force --------------------------------------------------- */

/* Every 4x4 Latin square (rows and columns permutations of 1..4), in lexicographic order. */
static uint8_t latin[576][16];
static int nlatin;

static void latin_fill(uint8_t *g, int i)
{
    if (i == 16) {
        memcpy(latin[nlatin++], g, 16);
        return;
    }
    for (int v = 1; v <= 4; v++) {
        bool free_here = true;
        for (int k = 0; k < 4; k++)
            if ((k < i % 4 && g[i - i % 4 + k] == v) || (k < i / 4 && g[k * 4 + i % 4] == v))
                free_here = false;
        if (free_here) {
            g[i] = (uint8_t)v;
            latin_fill(g, i + 1);
        }
    }
}

/* The solutions of 4x4 puzzle p by killer_ok() over every Latin square: how many, and the
 * cells of the first max of them (in increasing order) in sols. */
typedef uint8_t cells4[16];
static int brute_solutions(const ojd_board *p, cells4 *sols, int max)
{
    if (nlatin == 0) {
        uint8_t g[16];
        latin_fill(g, 0);
    }
    assert_int_equal(nlatin, 576);
    int count = 0;
    for (int k = 0; k < nlatin; k++) {
        ojd_board b = *p;
        memcpy(b.cell, latin[k], 16);
        if (killer_ok(p, &b)) {
            if (count < max)
                memcpy(sols[count], b.cell, 16);
            count++;
        }
    }
    return count;
}

/* The cells (of grids up to 9x9) of the first 64 solutions a walk visits, and how many. */
typedef struct listing {
    uint8_t sol[64][81];
    int n;
} listing;

static bool collect(void *context, const ojd_board *solution)
{
    listing *l = context;
    if (l->n < 64)
        memcpy(l->sol[l->n], solution->cell, (size_t)(solution->side * solution->side));
    l->n++;
    return true;
}

/* A random grid of the unit set of empty (4x4) from the brute force's list; false if none. */
static bool random_grid4(const ojd_board *empty, ojd_rng *rng, ojd_board *grid)
{
    static cells4 all[576];
    int n = brute_solutions(empty, all, 576);
    if (n == 0)
        return false;
    *grid = *empty;
    memcpy(grid->cell, all[ojd_rng_below(rng, (uint64_t)n)], 16);
    return true;
}

/*
 * Random 4x4 killer puzzles of every unit set (classic, X, jigsaw, X + jigsaw): cages of 2 or 3
 * cells, some cells in none, some puzzles with two givens, a third of them with a cage sum moved
 * by one (mostly no solution then).  Every solver's exact count (limit 1000) and count at limit
 * 2 must be the brute force's, its answer pass the rules, its lexmin answer (and dfs's and
 * bitmask's first one) be the brute force's smallest, and ojd_engine_each_solution() list the
 * brute force's solutions in order.
 */
static void test_counts_4x4(void **state)
{
    (void)state;
    takers t;
    takers_open(&t);
    static const unsigned variants[] = {0, OJD_UNITS_X, OJD_UNITS_REGIONS,
                                        OJD_UNITS_REGIONS | OJD_UNITS_X};
    ojd_rng rng;
    ojd_rng_seed(&rng, 42);
    int outcomes[3] = {0};
    for (size_t vi = 0; vi < sizeof variants / sizeof variants[0]; vi++) {
        for (int trial = 0; trial < 40; trial++) {
            ojd_board empty, grid, p;
            assert_int_equal(ojd_board_init_side(&empty, 4), OJD_OK);
            if (variants[vi] & OJD_UNITS_REGIONS) {
                uint8_t map[16];
                assert_int_equal(ojd_regions_random(4, &rng, map), OJD_OK);
                assert_int_equal(ojd_board_set_regions(&empty, map, NULL), OJD_OK);
            }
            assert_int_equal(ojd_board_set_extras(&empty, variants[vi]), OJD_OK);
            if (!random_grid4(&empty, &rng, &grid))
                continue; /* a region map X leaves no grid */
            int cage[16], count = draw_cages(&grid, &rng, 3, true, cage);
            if (count == 0)
                continue;
            make_killer(&p, &grid, cage, count);
            if (trial % 3 == 2) {
                /* a cage sum moved by one, where its size still allows the new sum */
                int k = 1 + (int)ojd_rng_below(&rng, (uint64_t)count), cells[4], lo, hi;
                int size = ojd_board_cage_cells(&p, k, cells), sums[OJD_MAX_CAGES];
                int moved = ojd_board_cage_sum(&p, k) + (ojd_rng_below(&rng, 2) ? 1 : -1);
                assert_true(ojd_cage_sum_range(4, size, &lo, &hi));
                if (moved >= lo && moved <= hi) {
                    int map[16];
                    for (int i = 0; i < 16; i++)
                        map[i] = p.cage[i];
                    for (int j = 1; j <= count; j++)
                        sums[j - 1] = j == k ? moved : ojd_board_cage_sum(&p, j);
                    assert_int_equal(ojd_board_set_cages(&p, map, sums, count, NULL), OJD_OK);
                }
            }
            if (trial % 4 == 1)
                for (int g = 0; g < 2; g++) {
                    int i = (int)ojd_rng_below(&rng, 16);
                    p.cell[i] = grid.cell[i];
                }
            static cells4 sols[576];
            int expect = brute_solutions(&p, sols, 576);
            outcomes[expect > 1 ? 2 : expect]++;
            for (size_t k = 0; k < t.n; k++) {
                const char *name = ojd_solver_name(t.solver[k]);
                ojd_board first;
                unsigned long n = solve_checked(&t, k, &p, 1000, false, &first);
                if (n != (unsigned long)expect)
                    fail_msg("%s: variant %u trial %d: %lu solutions, brute force %d", name,
                             variants[vi], trial, n, expect);
                if (n > 0 && first_is_lexmin(t.solver[k]))
                    assert_memory_equal(first.cell, sols[0], 16);
                n = solve_checked(&t, k, &p, 2, true, &first);
                assert_int_equal(n, expect < 2 ? expect : 2);
                if (n > 0 && memcmp(first.cell, sols[0], 16) != 0)
                    fail_msg("%s: lexmin is not the smallest solution", name);
                listing all = {.n = 0};
                unsigned long found = 0;
                ojd_status st = ojd_engine_each_solution(t.engine[k], &p, NULL, 1000, collect,
                                                         &all, &found);
                assert_int_equal(st, expect ? OJD_OK : none_status(&p));
                assert_int_equal(found, (unsigned long)expect);
                for (int j = 0; j < all.n && j < 64; j++)
                    assert_memory_equal(all.sol[j], sols[j], 16);
            }
        }
    }
    print_message("4x4: %d unsolvable, %d unique, %d multiple\n", outcomes[0], outcomes[1],
                  outcomes[2]);
    assert_true(outcomes[0] > 0 && outcomes[1] > 0 && outcomes[2] > 0);
    takers_close(&t);
}

/* ---- larger grids: unique, two solutions, impossible --------------------------------------- */

/* A solved grid of empty's unit set: solved by mrv (which the rule check then checks), with a
 * few random givens that fit so that each seed gives another grid; false when none comes (a
 * region map may leave X no solution). */
static bool variant_grid(const ojd_board *empty, ojd_rng *rng, ojd_board *grid)
{
    ojd_engine *mrv = ojd_engine_new(ojd_solver_find("mrv"));
    assert_non_null(mrv);
    bool made = false;
    for (int attempt = 0; attempt < 20 && !made; attempt++) {
        ojd_board b = *empty;
        int cells = b.side * b.side;
        for (int k = 0; k < b.side; k++) {
            int i = (int)ojd_rng_below(rng, (uint64_t)cells);
            b.cell[i] = (uint8_t)(1 + ojd_rng_below(rng, (uint64_t)b.side));
            if (!ojd_board_is_valid(&b))
                b.cell[i] = 0;
        }
        ojd_result r;
        ojd_search search = {.limit = 1, .max_nodes = 10000};
        if (ojd_engine_solve(mrv, &b, &search, &r) == OJD_OK) {
            assert_true(killer_ok(empty, &r.solution));
            *grid = r.solution;
            made = true;
        }
    }
    ojd_engine_free(mrv);
    return made;
}

/* The first layout of dominoes over grid (seeds 1, 2, ...) whose killer puzzle (no givens) has
 * want solutions by the first solver (counted to want + 1); the others must agree. */
static void puzzle_with(const ojd_board *grid, unsigned long want, ojd_board *p)
{
    for (uint64_t seed = 1; seed <= 40; seed++) {
        ojd_rng rng;
        ojd_rng_seed(&rng, seed);
        int cage[OJD_MAX_CELLS], count = draw_cages(grid, &rng, 2, false, cage);
        make_killer(p, grid, cage, count);
        ojd_search search = {.limit = want + 1, .max_nodes = 200000};
        ojd_result r;
        ojd_engine *mrv = ojd_engine_new(ojd_solver_find("mrv"));
        ojd_status st = ojd_engine_solve(mrv, p, &search, &r);
        ojd_engine_free(mrv);
        if (st != OJD_LIMIT && r.solutions == want)
            return;
    }
    fail_msg("no domino layout with %lu solutions", want);
}

typedef struct big_case {
    const char *name;
    int side;
    unsigned units;
} big_case;

static const big_case big_cases[] = {
    {"9x9", 9, 0},
    {"6x6", 6, 0},
    {"X 9x9", 9, OJD_UNITS_X},
    {"windoku 9x9", 9, OJD_UNITS_WINDOKU},
    {"jigsaw 9x9", 9, OJD_UNITS_REGIONS},
    {"X + jigsaw 6x6", 6, OJD_UNITS_REGIONS | OJD_UNITS_X},
};

/* A solved grid of a case (9x9 classic: Wikipedia's grid), with its units (a random region
 * map, drawn again while X leaves it no solution). */
static void big_grid(const big_case *bc, ojd_rng *rng, ojd_board *grid)
{
    for (int map_tries = 0; map_tries < 50; map_tries++) {
        ojd_board empty;
        assert_int_equal(ojd_board_init_side(&empty, bc->side), OJD_OK);
        if (bc->units & OJD_UNITS_REGIONS) {
            uint8_t map[OJD_MAX_CELLS];
            assert_int_equal(ojd_regions_random(bc->side, rng, map), OJD_OK);
            assert_int_equal(ojd_board_set_regions(&empty, map, NULL), OJD_OK);
        }
        assert_int_equal(ojd_board_set_extras(&empty, bc->units), OJD_OK);
        if (bc->side == 9 && bc->units == 0) {
            grid_from(grid, 9, solved9);
            assert_true(killer_ok(&empty, grid));
            return;
        }
        if (variant_grid(&empty, rng, grid))
            return;
    }
    fail_msg("%s: no grid", bc->name);
}

/*
 * Killer puzzles without givens whose only solution is the grid the cages were drawn over, of
 * every unit set: every solver answers it (OJD_OK, one solution at limit 2, with lexmin too),
 * and its answer is that grid.
 */
static void test_unique(void **state)
{
    (void)state;
    takers t;
    takers_open(&t);
    ojd_rng rng;
    ojd_rng_seed(&rng, 7);
    for (size_t c = 0; c < sizeof big_cases / sizeof big_cases[0]; c++) {
        ojd_board grid, p;
        big_grid(&big_cases[c], &rng, &grid);
        puzzle_with(&grid, 1, &p);
        for (size_t k = 0; k < t.n; k++) {
            ojd_board first;
            double t0 = now();
            assert_int_equal(solve_checked(&t, k, &p, 2, false, &first), 1);
            assert_true(same_cells(&first, &grid));
            assert_int_equal(solve_checked(&t, k, &p, 2, true, &first), 1);
            assert_true(same_cells(&first, &grid));
            print_message("%s: %s %.3f s\n", big_cases[c].name, ojd_solver_name(t.solver[k]),
                          now() - t0);
        }
    }
    takers_close(&t);
}

/*
 * Two solutions that no cage tells apart: the unique 9x9 puzzle above, with four cells of a
 * rectangle over two boxes holding a, b / b, a taken out of their cages and made two cages of
 * their own, one per row, each summing to a + b.  The grid and the grid with a and b swapped
 * there both solve it; every solver counts exactly 2 (limits 2 and 3) and lists those two.
 */
static void test_two_solutions(void **state)
{
    (void)state;
    takers t;
    takers_open(&t);
    ojd_board grid, unique, p;
    grid_from(&grid, 9, solved9);
    puzzle_with(&grid, 1, &unique);
    bool made = false;
    /* rows r1 < r2 of a band, columns c1 < c2 of different stacks */
    for (int r1 = 0; r1 < 9 && !made; r1++)
        for (int r2 = r1 + 1; r2 < (r1 / 3 + 1) * 3 && !made; r2++)
            for (int c1 = 0; c1 < 9 && !made; c1++)
                for (int c2 = (c1 / 3 + 1) * 3; c2 < 9 && !made; c2++) {
                    const uint8_t *g = grid.cell;
                    if (g[r1 * 9 + c1] != g[r2 * 9 + c2] || g[r1 * 9 + c2] != g[r2 * 9 + c1])
                        continue;
                    /* the other cages keep their cells (renumbered), these four get two */
                    int cage[81], renumber[OJD_MAX_CAGES + 1] = {0}, count = 0;
                    int rect[4] = {r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2};
                    for (int i = 0; i < 81; i++)
                        cage[i] = unique.cage[i];
                    for (int k = 0; k < 4; k++)
                        cage[rect[k]] = 0;
                    for (int i = 0; i < 81; i++)
                        if (cage[i]) {
                            if (!renumber[cage[i]])
                                renumber[cage[i]] = ++count;
                            cage[i] = renumber[cage[i]];
                        }
                    cage[rect[0]] = cage[rect[1]] = count + 1;
                    cage[rect[2]] = cage[rect[3]] = count + 2;
                    make_killer(&p, &grid, cage, count + 2);
                    ojd_board swapped = grid;
                    for (int k = 0; k < 4; k++)
                        swapped.cell[rect[k]] = grid.cell[rect[k ^ 1]];
                    assert_true(killer_ok(&p, &swapped));
                    /* the first rectangle whose puzzle has no third solution */
                    ojd_result r;
                    ojd_search search = {.limit = 3};
                    assert_int_equal(ojd_engine_solve(t.engine[0], &p, &search, &r), OJD_MULTIPLE);
                    if (r.solutions != 2)
                        continue;
                    made = true;
                    const ojd_board *smaller = memcmp(grid.cell, swapped.cell, 81) < 0 ? &grid
                                                                                      : &swapped;
                    const ojd_board *larger = smaller == &grid ? &swapped : &grid;
                    for (size_t k = 0; k < t.n; k++) {
                        ojd_board first;
                        assert_int_equal(solve_checked(&t, k, &p, 2, false, &first), 2);
                        assert_true(same_cells(&first, &grid) || same_cells(&first, &swapped));
                        assert_int_equal(solve_checked(&t, k, &p, 3, false, NULL), 2);
                        assert_int_equal(solve_checked(&t, k, &p, 2, true, &first), 2);
                        assert_true(same_cells(&first, smaller));
                        listing all = {.n = 0};
                        assert_int_equal(ojd_engine_each_solution(t.engine[k], &p, NULL, 10,
                                                                  collect, &all, NULL),
                                         OJD_OK);
                        assert_int_equal(all.n, 2);
                        assert_memory_equal(all.sol[0], smaller->cell, 81);
                        assert_memory_equal(all.sol[1], larger->cell, 81);
                    }
                }
    assert_true(made);
    takers_close(&t);
}

/*
 * Cages that cannot all hold: each is valid alone (its sum in range), but two cages of a row ask
 * for the same values, and every solver finds no solution (a 4x4 and a 9x9 with no givens), nor
 * for the unique 9x9 puzzle above with one given its grid does not have.  Givens that break a
 * cage (a sum the rest cannot reach, a value twice in a cage across units) are the engine's
 * conflict, for every solver.
 */
static void test_impossible(void **state)
{
    (void)state;
    takers t;
    takers_open(&t);
    /* 4x4: row 1 split into two cages of sum 3 (both {1, 2}) */
    ojd_board p4;
    assert_int_equal(ojd_board_init_side(&p4, 4), OJD_OK);
    int cage4[16] = {1, 1, 2, 2}, sum4[2] = {3, 3};
    assert_int_equal(ojd_board_set_cages(&p4, cage4, sum4, 2, NULL), OJD_OK);
    cells4 none[1];
    assert_int_equal(brute_solutions(&p4, none, 1), 0);
    /* 9x9: row 1's first six cells as two cages of sum 6 (both {1, 2, 3}) */
    ojd_board p9;
    assert_int_equal(ojd_board_init_side(&p9, 9), OJD_OK);
    int cage9[81] = {1, 1, 1, 2, 2, 2}, sum9[2] = {6, 6};
    assert_int_equal(ojd_board_set_cages(&p9, cage9, sum9, 2, NULL), OJD_OK);
    /* the unique 9x9 puzzle with one given its grid does not have */
    ojd_board grid, wrong;
    grid_from(&grid, 9, solved9);
    puzzle_with(&grid, 1, &wrong);
    wrong.cell[40] = (uint8_t)(grid.cell[40] % 9 + 1);
    /* 4x4 givens: 3 in a cage of sum 3 and two cells; 2 twice in a cage over two boxes */
    ojd_board unreachable = p4, twice;
    unreachable.cell[0] = 3;
    assert_int_equal(ojd_board_init_side(&twice, 4), OJD_OK);
    twice.cell[0] = twice.cell[10] = 2;
    assert_true(ojd_board_is_valid(&twice)); /* no unit holds both */
    int diagonal[16] = {[0] = 1, [10] = 1}, sum[1] = {4};
    assert_int_equal(ojd_board_set_cages(&twice, diagonal, sum, 1, NULL), OJD_OK);
    assert_false(ojd_board_is_valid(&twice)); /* the cage does */
    for (size_t k = 0; k < t.n; k++) {
        const char *name = ojd_solver_name(t.solver[k]);
        ojd_result r;
        ojd_search search = {.limit = 2};
        if (ojd_engine_solve(t.engine[k], &p4, &search, &r) != OJD_UNSOLVABLE ||
            ojd_engine_solve(t.engine[k], &p9, &search, &r) != OJD_UNSOLVABLE)
            fail_msg("%s solves an impossible cage set", name);
        assert_int_equal(solve_checked(&t, k, &wrong, 2, false, NULL), 0);
        assert_int_equal(ojd_engine_solve(t.engine[k], &unreachable, &search, &r), OJD_CONFLICT);
        assert_int_equal(ojd_engine_solve(t.engine[k], &twice, &search, &r), OJD_CONFLICT);
    }
    takers_close(&t);
}

/*
 * Budgets stay exact with cages: a 9x9 with a few cages and most cells in none has more
 * solutions than any search can count, so a node budget stops every solver with OJD_LIMIT after
 * at most that many nodes; the same engine then answers the unique puzzle, and a jigsaw without
 * cages after a killer jigsaw is solved without the cages (engines keep one state for both).
 */
static void test_budgets_and_reuse(void **state)
{
    (void)state;
    takers t;
    takers_open(&t);
    ojd_board grid, few, unique;
    grid_from(&grid, 9, solved9);
    int cage[81] = {0};
    cage[0] = cage[1] = 1;
    cage[40] = cage[41] = cage[42] = 2;
    make_killer(&few, &grid, cage, 2);
    puzzle_with(&grid, 1, &unique);
    ojd_rng rng;
    ojd_rng_seed(&rng, 3);
    ojd_board jgrid, jkiller, jplain;
    big_grid(&big_cases[4], &rng, &jgrid);
    puzzle_with(&jgrid, 1, &jkiller);
    jplain = jkiller; /* without cages, and its first two rows given: many solutions */
    assert_int_equal(ojd_board_set_cages(&jplain, NULL, NULL, 0, NULL), OJD_OK);
    memcpy(jplain.cell, jgrid.cell, 18);
    for (size_t k = 0; k < t.n; k++) {
        double t0 = now();
        ojd_result r;
        ojd_search budget = {.limit = ULONG_MAX, .max_nodes = 2000};
        assert_int_equal(ojd_engine_solve(t.engine[k], &few, &budget, &r), OJD_LIMIT);
        assert_true(r.nodes <= 2001);
        if (r.solutions > 0)
            assert_true(killer_ok(&few, &r.solution));
        ojd_board first;
        assert_int_equal(solve_checked(&t, k, &unique, 2, false, &first), 1);
        assert_true(same_cells(&first, &grid));
        /* killer jigsaw, the same jigsaw without cages (many solutions), the killer again */
        assert_int_equal(solve_checked(&t, k, &jkiller, 2, false, &first), 1);
        assert_int_equal(solve_checked(&t, k, &jplain, 2, false, &first), 2);
        assert_int_equal(solve_checked(&t, k, &jkiller, 2, false, &first), 1);
        assert_true(same_cells(&first, &jgrid));
        print_message("%s: %.3f s\n", ojd_solver_name(t.solver[k]), now() - t0);
    }
    takers_close(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_counts_4x4),
        cmocka_unit_test(test_unique),
        cmocka_unit_test(test_two_solutions),
        cmocka_unit_test(test_impossible),
        cmocka_unit_test(test_budgets_and_reuse),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
