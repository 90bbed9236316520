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
        cmocka_unit_test(test_strerror),
        cmocka_unit_test(test_version),
    };
    return cmocka_run_group_tests_name("board", tests, NULL, NULL);
}
