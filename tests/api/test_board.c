/* test_board.c -- ojd_board: shapes, validity, conflicts, solved-ness. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "ojdoku.h"

static const char *const solved9 =
    "527389416819426735436751829375692184194538267268174593643217958951843672782965341";

static void load(ojd_board *b, const char *digits)
{
    size_t n = strlen(digits);
    int side = n == 81 ? 9 : n == 16 ? 4 : 1;
    assert_int_equal(ojd_board_init_side(b, side), OJD_OK);
    for (size_t i = 0; i < n; i++)
        b->cell[i] = (uint8_t)(digits[i] == '.' ? 0 : digits[i] - '0');
}

static void test_shapes(void **state)
{
    (void)state;
    ojd_board b;
    /* side -> the conventional shape: square boxes for a square side, else the most square
     * factoring with boxes wider than tall */
    static const int good[][3] = {{1, 1, 1},  {4, 2, 2},  {6, 2, 3},  {8, 2, 4},  {9, 3, 3},
                                  {10, 2, 5}, {12, 3, 4}, {14, 2, 7}, {15, 3, 5}, {16, 4, 4},
                                  {18, 3, 6}, {20, 4, 5}, {24, 4, 6}, {25, 5, 5}, {30, 5, 6},
                                  {32, 4, 8}, {36, 6, 6}, {48, 6, 8}, {49, 7, 7}, {56, 7, 8},
                                  {64, 8, 8}};
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        int rows = 0, cols = 0;
        assert_true(ojd_shape_of_side(good[i][0], &rows, &cols));
        assert_int_equal(rows, good[i][1]);
        assert_int_equal(cols, good[i][2]);
        assert_int_equal(ojd_board_init_side(&b, good[i][0]), OJD_OK);
        assert_int_equal(b.side, good[i][0]);
        assert_int_equal(b.box_rows, good[i][1]);
        assert_int_equal(b.box_cols, good[i][2]);
        assert_int_equal(ojd_board_givens(&b), 0);
    }
    /* primes (a box one cell tall is no box), a factor above 8, out of range */
    static const int bad[] = {0, 2, 3, 5, 7, 11, 13, 22, 27, 81, 65, -1};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        assert_false(ojd_shape_of_side(bad[i], NULL, NULL));
        assert_int_equal(ojd_board_init_side(&b, bad[i]), OJD_ERR_INVALID);
    }
    assert_int_equal(ojd_board_init(&b, 9, 1), OJD_ERR_INVALID);
    assert_int_equal(ojd_board_init(&b, 2, 3), OJD_OK);
    assert_int_equal(b.side, 6);
}

static void test_box_of(void **state)
{
    (void)state;
    ojd_board b;
    ojd_board_init_side(&b, 9);
    assert_int_equal(ojd_board_box_of(&b, 0, 0), 0);
    assert_int_equal(ojd_board_box_of(&b, 0, 8), 2);
    assert_int_equal(ojd_board_box_of(&b, 4, 4), 4);
    assert_int_equal(ojd_board_box_of(&b, 8, 0), 6);
    ojd_board_init(&b, 2, 3); /* 6x6: boxes of 2 rows x 3 columns, 3 bands of 2 boxes */
    assert_int_equal(ojd_board_box_of(&b, 1, 2), 0);
    assert_int_equal(ojd_board_box_of(&b, 1, 3), 1);
    assert_int_equal(ojd_board_box_of(&b, 2, 0), 2);
    assert_int_equal(ojd_board_box_of(&b, 5, 5), 5);
}

static void test_solved_and_conflicts(void **state)
{
    (void)state;
    ojd_board b, puzzle;
    ojd_conflict c;
    load(&b, solved9);
    assert_true(ojd_board_is_valid(&b));
    assert_true(ojd_board_is_solved(&b));
    assert_false(ojd_board_find_conflict(&b, &c));

    puzzle = b;
    puzzle.cell[10] = 0;
    assert_true(ojd_board_is_valid(&puzzle));
    assert_false(ojd_board_is_solved(&puzzle));
    assert_true(ojd_board_solves(&puzzle, &b));
    puzzle.cell[11] = (uint8_t)(b.cell[11] % 9 + 1); /* a different given */
    assert_false(ojd_board_solves(&puzzle, &b));

    /* swap two cells of row 1: columns and boxes repeat, rows do not */
    ojd_board bad = b;
    uint8_t t = bad.cell[0];
    bad.cell[0] = bad.cell[4];
    bad.cell[4] = t;
    assert_false(ojd_board_is_valid(&bad));
    assert_true(ojd_board_find_conflict(&bad, &c));
    assert_string_equal(c.unit, "column");
    assert_int_equal(c.index, 1);

    /* same value twice in row 3 */
    ojd_board_init_side(&bad, 9);
    bad.cell[2 * 9 + 1] = 7;
    bad.cell[2 * 9 + 8] = 7;
    assert_true(ojd_board_find_conflict(&bad, &c));
    assert_string_equal(c.unit, "row");
    assert_int_equal(c.index, 3);
    assert_int_equal(c.value, 7);
    assert_int_equal(c.cell_a, 19);
    assert_int_equal(c.cell_b, 26);

    /* same value twice in box 5 only */
    ojd_board_init_side(&bad, 9);
    bad.cell[3 * 9 + 3] = 2;
    bad.cell[5 * 9 + 5] = 2;
    assert_true(ojd_board_find_conflict(&bad, &c));
    assert_string_equal(c.unit, "box");
    assert_int_equal(c.index, 5);

    /* out-of-range value */
    ojd_board_init_side(&bad, 4);
    bad.cell[0] = 5;
    assert_false(ojd_board_is_valid(&bad));
}

/* Region maps: validation (size, connectedness, range), and a board keeps its map unchanged
 * when refused. */
static void test_regions(void **state)
{
    (void)state;
    ojd_board b;
    ojd_error err;
    assert_int_equal(ojd_board_init_side(&b, 4), OJD_OK);
    assert_int_equal(ojd_board_units(&b), 0u);
    /* 4x4 as four horizontal strips of 4: a partition, each strip connected */
    static const uint8_t strips[16] = {0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3};
    assert_int_equal(ojd_board_set_regions(&b, strips, &err), OJD_OK);
    assert_int_equal(ojd_board_units(&b), OJD_UNITS_REGIONS);
    assert_int_equal(ojd_board_region_of(&b, 2, 3), 2);
    /* region 0 with 5 cells, region 1 with 3 */
    static const uint8_t sizes[16] = {0, 0, 0, 0, 0, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3};
    assert_int_equal(ojd_board_set_regions(&b, sizes, &err), OJD_ERR_INVALID);
    assert_string_equal(err.message, "region 1 has 5 cells, not 4");
    /* region 0 in two pieces (top left and bottom right corners) */
    static const uint8_t apart[16] = {0, 0, 1, 1, 0, 2, 1, 1, 2, 2, 2, 3, 3, 3, 3, 0};
    assert_int_equal(ojd_board_set_regions(&b, apart, &err), OJD_ERR_INVALID);
    assert_string_equal(err.message, "region 1 is not connected");
    static const uint8_t range[16] = {0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 4};
    assert_int_equal(ojd_board_set_regions(&b, range, &err), OJD_ERR_INVALID);
    assert_int_equal(ojd_board_region_of(&b, 2, 3), 2); /* unchanged */
    assert_int_equal(ojd_board_set_regions(&b, NULL, NULL), OJD_OK);
    assert_int_equal(ojd_board_units(&b), 0u);
    assert_int_equal(ojd_board_region_of(&b, 2, 3), 3); /* the box again */
    /* random maps: valid, reproducible from the seed, not the boxes */
    ojd_rng r1, r2;
    uint8_t m1[81], m2[81];
    ojd_rng_seed(&r1, 7);
    ojd_rng_seed(&r2, 7);
    assert_int_equal(ojd_regions_random(9, &r1, m1), OJD_OK);
    assert_int_equal(ojd_regions_random(9, &r2, m2), OJD_OK);
    assert_memory_equal(m1, m2, 81);
    assert_int_equal(ojd_board_init_side(&b, 9), OJD_OK);
    assert_int_equal(ojd_board_set_regions(&b, m1, &err), OJD_OK);
    int differ = 0;
    for (int i = 0; i < 81; i++)
        differ += m1[i] != ojd_board_box_of(&b, i / 9, i % 9);
    assert_true(differ > 0);
    assert_int_equal(ojd_regions_random(7, &r1, m1), OJD_ERR_INVALID);
}

/* The extra units: the cells of each (from their definitions), the conflicts named by them,
 * windoku only on 9x9, and a solution must have its puzzle's units. */
static void test_extra_units(void **state)
{
    (void)state;
    ojd_board b;
    assert_int_equal(ojd_board_init_side(&b, 4), OJD_OK);
    assert_int_equal(ojd_board_set_extras(&b, OJD_UNITS_WINDOKU), OJD_ERR_INVALID);
    assert_int_equal(ojd_board_set_extras(&b, 64u), OJD_ERR_INVALID);
    assert_int_equal(ojd_board_init_side(&b, 9), OJD_OK);
    assert_int_equal(ojd_board_unit_count(&b), 27);
    assert_int_equal(ojd_board_set_extras(&b, OJD_UNITS_X | OJD_UNITS_WINDOKU), OJD_OK);
    assert_int_equal(ojd_board_unit_count(&b), 27 + 2 + 4);
    int cells[9];
    assert_true(ojd_board_unit_cells(&b, 27, cells)); /* main diagonal */
    for (int k = 0; k < 9; k++)
        assert_int_equal(cells[k], 10 * k);
    assert_true(ojd_board_unit_cells(&b, 28, cells)); /* anti-diagonal */
    for (int k = 0; k < 9; k++)
        assert_int_equal(cells[k], 9 * k + 8 - k);
    assert_true(ojd_board_unit_cells(&b, 32, cells)); /* the last window: rows, columns 5-7 */
    for (int k = 0; k < 9; k++)
        assert_int_equal(cells[k], (5 + k / 3) * 9 + 5 + k % 3);
    assert_false(ojd_board_unit_cells(&b, 33, cells));
    /* the classic solved grid repeats values on its diagonals */
    load(&b, solved9);
    assert_true(ojd_board_is_solved(&b));
    ojd_board x = b;
    assert_int_equal(ojd_board_set_extras(&x, OJD_UNITS_X), OJD_OK);
    ojd_conflict c;
    assert_true(ojd_board_find_conflict(&x, &c));
    assert_string_equal(c.unit, "diagonal");
    assert_false(ojd_board_is_solved(&x));
    assert_false(ojd_board_solves(&x, &b)); /* b is no solution of the X puzzle x */
    assert_false(ojd_board_same_units(&x, &b));
    ojd_board w = b;
    assert_int_equal(ojd_board_set_extras(&w, OJD_UNITS_WINDOKU), OJD_OK);
    assert_true(ojd_board_find_conflict(&w, &c));
    assert_string_equal(c.unit, "window");
    char message[64];
    assert_false(ojd_board_consistent(&w, message, sizeof message));
    assert_true(strncmp(message, "window ", 7) == 0);
}

/* Killer cages on the 4x4 grid 1234/3412/2143/4321: dominoes along the rows, given to
 * set_cages numbered backwards, come out numbered by first cell with their sums in that order. */
static void test_cages(void **state)
{
    (void)state;
    ojd_board b;
    load(&b, "1234341221434321");
    int cage[16], sum[8];
    for (int i = 0; i < 16; i++)
        cage[i] = 8 - i / 2; /* cell 0 and 1 in cage 8, ..., cells 14, 15 in cage 1 */
    for (int k = 1; k <= 8; k++) {
        int first = (8 - k) * 2;
        sum[k - 1] = b.cell[first] + b.cell[first + 1];
    }
    ojd_board k = b;
    assert_int_equal(ojd_board_set_cages(&k, cage, sum, 8, NULL), OJD_OK);
    assert_int_equal(ojd_board_units(&k), OJD_UNITS_KILLER);
    assert_int_equal(ojd_board_unit_count(&k), 12); /* cages are no units */
    assert_int_equal(ojd_board_cage_count(&k), 8);
    assert_int_equal(ojd_board_cage_count(&b), 0);
    int cells[4];
    assert_int_equal(ojd_board_cage_cells(&k, 1, cells), 2);
    assert_int_equal(cells[0], 0);
    assert_int_equal(cells[1], 1);
    assert_int_equal(ojd_board_cage_sum(&k, 1), 3);
    assert_int_equal(ojd_board_cage_sum(&k, 3), 7); /* 4 + 3, row 2 */
    assert_int_equal(ojd_board_cage_cells(&k, 9, cells), 0);
    assert_int_equal(ojd_board_cage_sum(&k, 0), 0);
    assert_true(ojd_board_is_solved(&k));
    assert_false(ojd_board_same_units(&k, &b));
    ojd_board copy;
    assert_int_equal(ojd_board_init_side(&copy, 4), OJD_OK);
    ojd_board_copy_units(&copy, &k);
    assert_true(ojd_board_same_units(&copy, &k));
    /* the extras keep the cages; ojd_board_set_extras() cannot set the bit alone */
    assert_int_equal(ojd_board_set_extras(&copy, OJD_UNITS_X), OJD_OK);
    assert_int_equal(ojd_board_units(&copy), OJD_UNITS_X | OJD_UNITS_KILLER);
    ojd_board plain = b;
    assert_int_equal(ojd_board_set_extras(&plain, OJD_UNITS_KILLER), OJD_OK);
    assert_int_equal(ojd_board_units(&plain), 0u);

    /* a full cage that sums wrong, then one whose givens leave no room */
    char text[96];
    ojd_conflict c;
    ojd_board wrong = b;
    sum[7] = 4; /* cage 1 after renumbering: cells 0, 1 hold 1 + 2 */
    assert_int_equal(ojd_board_set_cages(&wrong, cage, sum, 8, NULL), OJD_OK);
    assert_true(ojd_board_find_conflict(&wrong, &c));
    assert_string_equal(c.unit, "cage");
    assert_int_equal(c.index, 1);
    assert_int_equal(c.value, 0);
    assert_int_equal(c.sum, 3);
    ojd_conflict_text(&wrong, &c, text, sizeof text);
    assert_string_equal(text, "cage 1 sums to 3, not 4");
    assert_false(ojd_board_is_solved(&wrong));
    memset(wrong.cell, 0, sizeof wrong.cell);
    wrong.cell[0] = 4; /* 4 + any other value passes 4 */
    assert_true(ojd_board_find_conflict(&wrong, &c));
    ojd_conflict_text(&wrong, &c, text, sizeof text);
    assert_string_equal(text, "cage 1: 1 of its cells sum to 4, the other 1 cannot make 4");
    wrong.cell[0] = 1;
    assert_false(ojd_board_find_conflict(&wrong, NULL));
    wrong.cell[1] = 2; /* 1 + 2 is not 4 */
    assert_true(ojd_board_find_conflict(&wrong, &c));
    wrong.cell[1] = 3;
    assert_false(ojd_board_find_conflict(&wrong, NULL));

    /* a cage across rows and boxes repeats a value no unit holds twice: cells 0 and 6 */
    int diag[16] = {1, 2, 2, 3, 3, 4, 1, 4, 5, 5, 6, 6, 7, 7, 8, 8};
    int dsum[8] = {2, 5, 7, 6, 3, 7, 7, 3};
    ojd_error err;
    assert_int_equal(ojd_board_set_cages(&k, diag, dsum, 8, &err), OJD_ERR_INVALID);
    assert_string_equal(err.message, "cage 1 sums to 2, but 2 distinct values sum to 3 to 7");
    dsum[0] = 3;
    assert_int_equal(ojd_board_set_cages(&k, diag, dsum, 8, NULL), OJD_OK);
    assert_true(ojd_board_find_conflict(&k, &c));
    assert_string_equal(c.unit, "cage");
    assert_int_equal(c.value, 1);
    assert_int_equal(c.cell_a, 0);
    assert_int_equal(c.cell_b, 6);
    ojd_conflict_text(&k, &c, text, sizeof text);
    assert_string_equal(text, "cage 1 repeats 1");

    /* the checks of set_cages, each with its message; the board keeps its cages */
    ojd_board before = k;
    assert_int_equal(ojd_board_set_cages(&k, diag, dsum, 0, &err), OJD_ERR_INVALID);
    assert_string_equal(err.message, "0 cages: a grid holds 1 to 255");
    int big[16] = {1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2};
    int bigsum[2] = {10, 30};
    assert_int_equal(ojd_board_set_cages(&k, big, bigsum, 2, &err), OJD_ERR_INVALID);
    assert_string_equal(err.message, "cage 1 has 5 cells, more than the 4 values");
    big[4] = 3;
    assert_int_equal(ojd_board_set_cages(&k, big, bigsum, 2, &err), OJD_ERR_INVALID);
    assert_string_equal(err.message, "row 2 column 1: cage 3 is out of range (2 cages)");
    int none[16] = {0};
    assert_int_equal(ojd_board_set_cages(&k, none, bigsum, 1, &err), OJD_ERR_INVALID);
    assert_string_equal(err.message, "cage 1 has no cell");
    assert_true(ojd_board_same_units(&k, &before));
    /* cells in no cage are allowed; NULL takes the cages away */
    none[5] = 1;
    assert_int_equal(ojd_board_set_cages(&k, none, (int[]){4}, 1, NULL), OJD_OK);
    assert_int_equal(ojd_board_cage_count(&k), 1);
    assert_int_equal(ojd_board_set_cages(&k, NULL, NULL, 0, NULL), OJD_OK);
    assert_int_equal(ojd_board_units(&k), 0u);
    int lo, hi;
    assert_true(ojd_cage_sum_range(9, 3, &lo, &hi));
    assert_int_equal(lo, 6);
    assert_int_equal(hi, 24);
    assert_false(ojd_cage_sum_range(9, 10, &lo, &hi));
}

static void test_strerror(void **state)
{
    (void)state;
    assert_string_equal(ojd_strerror(OJD_OK), "solved");
    assert_string_equal(ojd_strerror(OJD_ERR_USAGE), "usage error");
    assert_string_equal(ojd_strerror(OJD_ERR_VERSION), "version mismatch");
    assert_string_equal(ojd_strerror(OJD_END), "end of input");
    assert_string_equal(ojd_strerror((ojd_status)99), "unknown status");
    assert_string_equal(ojd_strerror((ojd_status)-99), "unknown status");
}

/* The library's version is the header's (the static library here; installcheck asks the
 * installed shared library the same question). */
static void test_version(void **state)
{
    (void)state;
    assert_non_null(ojd_version());
    assert_string_equal(ojd_version(), OJD_VERSION);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_shapes),
        cmocka_unit_test(test_box_of),
        cmocka_unit_test(test_solved_and_conflicts),
        cmocka_unit_test(test_regions),
        cmocka_unit_test(test_extra_units),
        cmocka_unit_test(test_cages),
        cmocka_unit_test(test_strerror),
        cmocka_unit_test(test_version),
    };
    return cmocka_run_group_tests_name("board", tests, NULL, NULL);
}
