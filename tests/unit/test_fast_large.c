/*
 * test_fast_large.c -- the large-grid engine of the "fast" solver (every shape but 9x9), called
 * directly through ojd_fast_large_create/solve/destroy (fast.h).
 *
 * Fixtures (fixtures/large_*.txt, provenance in fixtures/large.PROVENANCE.md) are lines
 * `puzzle:count:solution` whose counts (capped at 2) were confirmed by another solver when the
 * fixture was made.  Every puzzle is solved at limits 1, 2 and 3 with one engine per shape (tables
 * reused across puzzles): the counts must match, every solution must pass ojd_board_solves(), and
 * a unique puzzle must give the fixture's solution.  Boxes of 2x3, 3x2, 2x4 and 3x4 are checked
 * against the bitmask solver on puzzles built here; counts under probing (16x16, and 15x15 whose
 * rows straddle the value boards' words) against mrv; node and time budgets must stop a hopeless
 * count (all solutions of an empty 25x25 grid) promptly with OJD_LIMIT.
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

#include "solve/solve.h"

#define MAX_ITEMS 128

typedef struct item {
    ojd_board puzzle, solution;
    unsigned long count; /* capped at 2 */
} item;

typedef struct fixture {
    item it[MAX_ITEMS];
    int n;
} fixture;

/* The side of a line of `len` cells; 6x6 grids have 2x3 boxes, the others square boxes. */
static void shape_of(size_t len, ojd_board *b)
{
    int side = 1;
    while ((size_t)(side * side) < len)
        side++;
    assert_int_equal((size_t)(side * side), len);
    if (side == 6)
        assert_int_equal(ojd_board_init(b, 2, 3), OJD_OK);
    else
        assert_int_equal(ojd_board_init_side(b, side), OJD_OK);
}

/* Cells as written in the fixtures: digits for side <= 9, letters A=1.. otherwise, '-' blank. */
static void parse_cells(const char *s, size_t len, ojd_board *b)
{
    shape_of(len, b);
    for (size_t i = 0; i < len; i++) {
        char ch = s[i];
        int v;
        if (ch == '-')
            v = 0;
        else if (b->side <= 9)
            v = ch - '0';
        else
            v = ch - 'A' + 1;
        assert_true(v >= 0 && v <= b->side);
        b->cell[i] = (uint8_t)v;
    }
}

static fixture *read_fixture(const char *path)
{
    fixture *f = calloc(1, sizeof *f);
    assert_non_null(f);
    FILE *in = fopen(path, "r");
    assert_non_null(in);
    static char line[4096];
    while (fgets(line, sizeof line, in)) {
        line[strcspn(line, "\r\n")] = 0;
        if (!line[0])
            continue;
        assert_true(f->n < MAX_ITEMS);
        item *it = &f->it[f->n++];
        char *c1 = strchr(line, ':');
        assert_non_null(c1);
        char *c2 = strchr(c1 + 1, ':');
        assert_non_null(c2);
        parse_cells(line, (size_t)(c1 - line), &it->puzzle);
        it->count = strtoul(c1 + 1, NULL, 10);
        assert_true(it->count <= 2);
        if (it->count) {
            parse_cells(c2 + 1, strlen(c2 + 1), &it->solution);
            /* the fixture itself must be right: its solution solves its puzzle */
            assert_true(ojd_board_solves(&it->puzzle, &it->solution));
        }
    }
    fclose(in);
    assert_true(f->n > 0);
    return f;
}

/* One engine per box shape, created on first use. */
typedef struct engines {
    void *e[OJD_MAX_BOX + 1][OJD_MAX_BOX + 1];
} engines;

static void *engine_for(engines *es, const ojd_board *b)
{
    void **slot = &es->e[b->box_rows][b->box_cols];
    if (!*slot)
        *slot = ojd_fast_large_create(b->box_rows, b->box_cols);
    assert_non_null(*slot);
    return *slot;
}

static void engines_free(engines *es)
{
    for (int r = 0; r <= OJD_MAX_BOX; r++)
        for (int c = 0; c <= OJD_MAX_BOX; c++)
            ojd_fast_large_destroy(es->e[r][c]);
}

static ojd_status solve(void *eng, const ojd_board *b, unsigned long limit, ojd_result *out)
{
    ojd_search s = {.limit = limit};
    memset(out, 0, sizeof *out);
    return ojd_fast_large_solve(eng, b, &s, out);
}

static void check_fixture(const char *path)
{
    fixture *f = read_fixture(path);
    engines es = {0};
    static ojd_result res;
    for (int k = 0; k < f->n; k++) {
        const item *it = &f->it[k];
        void *eng = engine_for(&es, &it->puzzle);
        for (unsigned long limit = 1; limit <= 3; limit++) {
            ojd_status st = solve(eng, &it->puzzle, limit, &res);
            unsigned long want = it->count < limit ? it->count : limit;
            if (it->count == 2 && limit == 3) {
                /* "2 or more": 2 exactly, or the limit reached */
                assert_true(res.solutions == 2 || res.solutions == 3);
            } else {
                if (res.solutions != want)
                    fail_msg("%s line %d limit %lu: %lu solutions, want %lu", path, k + 1, limit,
                             res.solutions, want);
            }
            assert_int_equal(st, res.solutions == 0   ? OJD_UNSOLVABLE
                                 : res.solutions == 1 ? OJD_OK
                                                      : OJD_MULTIPLE);
            assert_true(res.nodes >= 1);
            assert_true(res.guesses <= res.nodes);
            if (res.solutions) {
                assert_true(ojd_board_solves(&it->puzzle, &res.solution));
                if (it->count == 1)
                    assert_memory_equal(res.solution.cell, it->solution.cell,
                                        (size_t)ojd_board_cells(&it->puzzle));
            }
        }
    }
    engines_free(&es);
    free(f);
}

static void test_small_fixtures(void **state)
{
    (void)state;
    check_fixture("fixtures/large_small.txt");
}

static void test_16x16_fixtures(void **state)
{
    (void)state;
    check_fixture("fixtures/large_16x16.txt");
}

/* Blue's ultimate 16x16 #4 (tests/bench/data/blue_ultimate_16x16.txt), one of the hardest public
 * 16x16 puzzles: unique. */
static const char blue4[] =
    "A-C-G-----M-F-B--L-M-----C-B-I-KE-F-----I-H-P-D--N-----O-G-K-E-L"
    "J-----N-G-I-A-L------O-B-L-J-D-M----J-G-M-O-B-E----P-C-H-E-F-G--"
    "--P-F-O-A-L-I----K-E-M-L-O-I----H-O-I-C-N-E------M-N-P-K-J-----H"
    "K-E-N-F-D-----G--A-F-J-E-----C-IC-J-M-L-----N-P--D-B-I-----P-M-F";

/*
 * A puzzle of the hardest 16x16 class (blue's ultimate 16x16s, line 4 of
 * tests/bench/data/blue_ultimate_16x16.txt; unique: CaDiCaL and this engine agree, see that
 * file's PROVENANCE.md).  Its search meets far more than PROBE_AFTER contradictions, so probing
 * runs at most nodes: a value removed wrongly would lose the solution (count 0) or, at limit 2,
 * could not add one; the count must stay 1 and the solution must solve the puzzle.
 */
static void test_16x16_hardest_probed(void **state)
{
    (void)state;
    static ojd_board puzzle;
    static ojd_result res;
    parse_cells(blue4, strlen(blue4), &puzzle);
    void *eng = ojd_fast_large_create(4, 4);
    assert_non_null(eng);
    for (unsigned long limit = 1; limit <= 2; limit++) {
        assert_int_equal(solve(eng, &puzzle, limit, &res), OJD_OK);
        assert_int_equal(res.solutions, 1);
        assert_true(ojd_board_solves(&puzzle, &res.solution));
    }
    /* every guess follows a contradiction: probing was on for most of the search */
    assert_true(res.guesses >= 50);
    ojd_fast_large_destroy(eng);
}

/*
 * Counts under probing: the puzzle above with its 36th given blanked has 51 solutions (mrv
 * counts them here too), and the search for them meets far more than PROBE_AFTER contradictions,
 * so probes run while solutions are counted.  A probe that failed wrongly (a place count or a
 * hidden single of a probe gone wrong) would remove a value some solution needs and lower the
 * count: every limit up to the whole count must be met exactly.
 */
static void test_16x16_probed_counts(void **state)
{
    (void)state;
    static ojd_board puzzle;
    static ojd_result res, ref;
    parse_cells(blue4, strlen(blue4), &puzzle);
    for (int i = 0, seen = 0; i < 256; i++)
        if (puzzle.cell[i] && seen++ == 35) {
            puzzle.cell[i] = 0;
            break;
        }
    const ojd_solver *mrv = ojd_solver_find("mrv");
    assert_non_null(mrv);
    void *rst = mrv->create(4, 4), *eng = ojd_fast_large_create(4, 4);
    assert_non_null(rst);
    assert_non_null(eng);
    ojd_search all = {.limit = 1000};
    memset(&ref, 0, sizeof ref);
    assert_int_equal(mrv->solve(rst, &puzzle, &all, &ref), OJD_MULTIPLE);
    assert_int_equal(ref.solutions, 51);
    const unsigned long limits[] = {2, 52};
    for (size_t k = 0; k < sizeof limits / sizeof limits[0]; k++) {
        assert_int_equal(solve(eng, &puzzle, limits[k], &res), OJD_MULTIPLE);
        unsigned long want = limits[k] < 51 ? limits[k] : 51;
        if (res.solutions != want)
            fail_msg("limit %lu: %lu solutions, want %lu", limits[k], res.solutions, want);
        assert_true(ojd_board_solves(&puzzle, &res.solution));
    }
    /* every guess follows a contradiction: probing was on for most of the search */
    assert_true(res.guesses >= 500);
    mrv->destroy(rst);
    ojd_fast_large_destroy(eng);
}

/*
 * Probing on a shape whose rows straddle the words of the value boards: 15x15 (boxes of 3 rows
 * and 5 columns, 225 cells in 4 words).  The puzzle is the hardest of ten that
 * `ojdoku generate --box 3x5 -n 10 --minimal --hard-for fast --seed 1` made (unique, 67 guesses at
 * limit 2 when it was made); with one given blanked it has hundreds of solutions, and counting
 * them meets more than PROBE_AFTER contradictions, so probes, place counts and value boards
 * run while solutions are counted.  A board that kept a cell after the cell lost the value, or
 * missed one, would make a placed value skip a peer or touch a cell without it, and the counts
 * would drift from the reference's (mrv, counted here at the same limit).
 */
static const char hard15[] =
    ".G..N.O...E.L.....C....A.NJ.B.FI...N.......K...A....I.FMGKN..LM..KJ.C.A..EO"
    "...D...E.A.C..........B......A....B.E....OI...KLFO...JIG...C...N..M.GH....."
    ".J.E..F....L..NDB.LH..C..J..IKICK.D..N.GL......BGJ.I...C.D.....M...KHEI....";

static void test_15x15_probed_counts(void **state)
{
    (void)state;
    static ojd_board base, puzzle;
    static ojd_result res, ref;
    assert_int_equal(ojd_board_init(&base, 3, 5), OJD_OK);
    assert_int_equal(strlen(hard15), 225);
    for (int i = 0; i < 225; i++)
        base.cell[i] = hard15[i] == '.' ? 0 : (uint8_t)(hard15[i] - 'A' + 1);
    const ojd_solver *mrv = ojd_solver_find("mrv");
    assert_non_null(mrv);
    void *rst = mrv->create(3, 5), *eng = ojd_fast_large_create(3, 5);
    assert_non_null(rst);
    assert_non_null(eng);
    static const int blanked[] = {-1, 0, 5, 10, 20, 30, 40}; /* -1: the puzzle itself */
    int probed = 0;
    for (size_t k = 0; k < sizeof blanked / sizeof blanked[0]; k++) {
        puzzle = base;
        for (int i = 0, seen = 0; blanked[k] >= 0 && i < 225; i++)
            if (puzzle.cell[i] && seen++ == blanked[k]) {
                puzzle.cell[i] = 0;
                break;
            }
        ojd_search all = {.limit = 1000};
        memset(&ref, 0, sizeof ref);
        mrv->solve(rst, &puzzle, &all, &ref);
        assert_true(ref.solutions >= 1);
        solve(eng, &puzzle, 1000, &res);
        if (res.solutions != ref.solutions)
            fail_msg("given %d blanked: %lu solutions, mrv %lu", blanked[k], res.solutions,
                     ref.solutions);
        assert_true(ojd_board_solves(&puzzle, &res.solution));
        /* a second branch follows each contradiction and each solution but the last */
        probed += res.guesses >= res.solutions + 50;
    }
    assert_true(probed >= 4);
    mrv->destroy(rst);
    ojd_fast_large_destroy(eng);
}

static void test_25x25_fixtures(void **state)
{
    (void)state;
    check_fixture("fixtures/large_25x25.txt");
}

/* A valid full grid of any box shape (a shifted pattern), then cells blanked pseudo-randomly. */
static void make_puzzle(ojd_board *b, int br, int bc, int keep_percent, unsigned *seed)
{
    assert_int_equal(ojd_board_init(b, br, bc), OJD_OK);
    int n = b->side;
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) {
            /* rows of a band shift by bc, bands by 1: a Latin square with valid boxes */
            b->cell[r * n + c] = (uint8_t)((bc * (r % br) + r / br + c) % n + 1);
        }
    assert_true(ojd_board_is_solved(b));
    for (int i = 0; i < n * n; i++) {
        *seed = *seed * 1103515245u + 12345u;
        if ((int)((*seed >> 16) % 100) >= keep_percent)
            b->cell[i] = 0;
    }
}

/* Other box shapes: counts (limit 2) must agree with the bitmask solver, solutions must solve. */
static void test_rectangular_boxes(void **state)
{
    (void)state;
    static const int shapes[][3] = {{2, 3, 0}, {3, 2, 0}, {2, 4, 40}, {4, 2, 40}, {3, 4, 55}};
    const ojd_solver *bitmask = ojd_solver_find("bitmask");
    assert_non_null(bitmask);
    unsigned seed = 7;
    int unique = 0, multiple = 0;
    static ojd_result mine, ref;
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
        int br = shapes[s][0], bc = shapes[s][1], low = shapes[s][2];
        void *eng = ojd_fast_large_create(br, bc);
        void *bst = bitmask->create(br, bc);
        assert_non_null(eng);
        for (int keep = low; keep <= 100; keep += 5)
            for (int rep = 0; rep < 4; rep++) {
                ojd_board b;
                make_puzzle(&b, br, bc, keep, &seed);
                ojd_status st = solve(eng, &b, 2, &mine);
                ojd_search sr = {.limit = 2, .max_nodes = 2000000};
                memset(&ref, 0, sizeof ref);
                ojd_status rst = bitmask->solve(bst, &b, &sr, &ref);
                assert_int_not_equal(st, OJD_LIMIT);
                if (rst == OJD_LIMIT)
                    continue; /* the reference gave up: nothing to compare */
                assert_int_equal(mine.solutions, ref.solutions);
                assert_int_equal(st, rst);
                assert_true(mine.solutions >= 1); /* blanked from a full grid */
                assert_true(ojd_board_solves(&b, &mine.solution));
                unique += mine.solutions == 1;
                multiple += mine.solutions == 2;
            }
        bitmask->destroy(bst);
        ojd_fast_large_destroy(eng);
    }
    /* the sweep covers both outcomes */
    assert_true(unique > 10);
    assert_true(multiple > 10);
}

/*
 * Exact counts after restarts.  fixtures/large_counts.txt holds 25x25 puzzles with 4 to 14
 * solutions (lines `puzzle:count`) on which the engine restarted before its first solution when
 * the file was made (large.PROVENANCE.md).  Whatever the search learns or keeps across restarts
 * (unit weights, target phases) may change the order of the search but never its outcome: every
 * count must equal the file's and the reference solver's (mrv, counted here), at every limit.
 * A rule that dropped a solution, or counted one again in a later run, fails here.
 */
static void test_counts_after_restarts(void **state)
{
    (void)state;
    FILE *in = fopen("fixtures/large_counts.txt", "r");
    assert_non_null(in);
    const ojd_solver *mrv = ojd_solver_find("mrv");
    assert_non_null(mrv);
    static char line[4096];
    static ojd_result res, ref;
    engines es = {0};
    int puzzles = 0;
    while (fgets(line, sizeof line, in)) {
        line[strcspn(line, "\r\n")] = 0;
        char *colon = strchr(line, ':');
        if (!colon)
            continue;
        ojd_board b;
        parse_cells(line, (size_t)(colon - line), &b);
        unsigned long want = strtoul(colon + 1, NULL, 10);
        assert_true(want >= 2);
        void *eng = engine_for(&es, &b);
        void *rst = mrv->create(b.box_rows, b.box_cols);
        ojd_search all = {.limit = 1000};
        memset(&ref, 0, sizeof ref);
        assert_int_equal(mrv->solve(rst, &b, &all, &ref), OJD_MULTIPLE);
        assert_int_equal(ref.solutions, want);
        mrv->destroy(rst);
        const unsigned long limits[] = {1, 2, want - 1, want, want + 1, 1000};
        for (size_t k = 0; k < sizeof limits / sizeof limits[0]; k++) {
            ojd_status st = solve(eng, &b, limits[k], &res);
            unsigned long expect = want < limits[k] ? want : limits[k];
            if (res.solutions != expect)
                fail_msg("line %d limit %lu: %lu solutions, want %lu", puzzles + 1, limits[k],
                         res.solutions, expect);
            assert_int_equal(st, expect == 1 ? OJD_OK : OJD_MULTIPLE);
            assert_true(ojd_board_solves(&b, &res.solution));
        }
        puzzles++;
    }
    fclose(in);
    engines_free(&es);
    assert_int_equal(puzzles, 3);
}

/* Empty grids: a first solution quickly, and "2 or more" at limit 2. */
static void test_empty_grids(void **state)
{
    (void)state;
    static const int shapes[][2] = {{1, 1}, {2, 2}, {2, 3}, {4, 4}, {5, 5}, {6, 6}};
    static ojd_result res;
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
        ojd_board b;
        assert_int_equal(ojd_board_init(&b, shapes[s][0], shapes[s][1]), OJD_OK);
        void *eng = ojd_fast_large_create(shapes[s][0], shapes[s][1]);
        assert_non_null(eng);
        ojd_search search = {.limit = 2, .max_seconds = 60};
        memset(&res, 0, sizeof res);
        ojd_status st = ojd_fast_large_solve(eng, &b, &search, &res);
        assert_int_equal(st, b.side == 1 ? OJD_OK : OJD_MULTIPLE);
        assert_true(ojd_board_solves(&b, &res.solution));
        ojd_fast_large_destroy(eng);
    }
}

/* Counting every solution of the empty 25x25 grid is hopeless: the budgets must stop it. */
static void test_budgets(void **state)
{
    (void)state;
    ojd_board b;
    assert_int_equal(ojd_board_init(&b, 5, 5), OJD_OK);
    void *eng = ojd_fast_large_create(5, 5);
    assert_non_null(eng);
    static ojd_result res;

    ojd_search nodes = {.limit = ULONG_MAX, .max_nodes = 3000};
    memset(&res, 0, sizeof res);
    assert_int_equal(ojd_fast_large_solve(eng, &b, &nodes, &res), OJD_LIMIT);
    assert_true(res.nodes <= nodes.max_nodes + 1);
    assert_true(res.solutions >= 1); /* solutions found on the way are still reported */
    assert_true(ojd_board_solves(&b, &res.solution));

    ojd_search time = {.limit = ULONG_MAX, .max_seconds = 0.3};
    memset(&res, 0, sizeof res);
    double t0 = ojd_now_seconds();
    assert_int_equal(ojd_fast_large_solve(eng, &b, &time, &res), OJD_LIMIT);
    double spent = ojd_now_seconds() - t0;
    assert_true(spent >= 0.3);
    assert_true(spent < 3.0); /* promptly, even under the sanitizers */

    /* the engine is still usable after a stopped search */
    ojd_search one = {.limit = 1};
    memset(&res, 0, sizeof res);
    assert_int_equal(ojd_fast_large_solve(eng, &b, &one, &res), OJD_OK);
    assert_true(ojd_board_solves(&b, &res.solution));
    ojd_fast_large_destroy(eng);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_small_fixtures),   cmocka_unit_test(test_16x16_fixtures),
        cmocka_unit_test(test_16x16_hardest_probed), cmocka_unit_test(test_16x16_probed_counts),
        cmocka_unit_test(test_25x25_fixtures),   cmocka_unit_test(test_rectangular_boxes),
        cmocka_unit_test(test_empty_grids),      cmocka_unit_test(test_budgets),
        cmocka_unit_test(test_counts_after_restarts), cmocka_unit_test(test_15x15_probed_counts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
