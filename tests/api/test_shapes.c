/*
 * test_shapes.c -- the reader and the writer on every grid shape beyond square boxes (6x6 with
 * 2x3 and 3x2 boxes, 8x8, 10x10, 12x12 with 3x4 and 4x3 boxes) and on the largest grid, 36x36.
 *
 * The inputs are built here from the documented alphabet rule (digits 1-9 up to 9x9, letters
 * A=1.. above, spaced numbers for 36x36), not by the writer, and the writer's output is decoded
 * here by the same rule, so a reader and a writer that agreed with each other on a wrong rule
 * would still fail.  Every grid is a permuted pattern solution (valid for its boxes by
 * construction, checked by valid_for_boxes()) with about half of its cells blanked.
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

typedef struct shape {
    int rows, cols; /* box rows x box columns; side = rows * cols */
    bool conventional; /* the side's default boxes (ojd_shape_of_side), so no --box is needed */
} shape;

static const shape shapes[] = {
    {2, 3, true}, {3, 2, false}, {2, 4, true}, {4, 2, false}, {2, 5, true},
    {3, 4, true}, {4, 3, false}, {4, 4, true}, {5, 5, true}, {6, 6, true},
};
#define NSHAPES (sizeof shapes / sizeof *shapes)

/* A solution for boxes of r x c: value(row, col) = ((row % r) * c + row / r + col) % side + 1,
 * then every cell value relabelled by a fixed permutation, so that no row reads 1, 2, 3, ... */
static void pattern(ojd_board *b, int r, int c)
{
    assert_int_equal(ojd_board_init(b, r, c), OJD_OK);
    int side = r * c;
    int relabel[64];
    for (int v = 0; v < side; v++)
        relabel[v] = (v * 7 + 3) % side; /* a permutation whenever gcd(7, side) = 1 */
    for (int row = 0; row < side; row++)
        for (int col = 0; col < side; col++)
            b->cell[row * side + col] =
                (uint8_t)(relabel[((row % r) * c + row / r + col) % side] + 1);
}

/* Independent of the library: every row, column and r x c box holds each value once. */
static bool valid_for_boxes(const ojd_board *b, int r, int c)
{
    int side = r * c;
    for (int unit = 0; unit < side; unit++) {
        uint64_t row = 0, col = 0, box = 0;
        for (int k = 0; k < side; k++) {
            int br = (unit / (side / c)) * r + k / c, bc = (unit % (side / c)) * c + k % c;
            row |= (uint64_t)1 << (b->cell[unit * side + k] - 1);
            col |= (uint64_t)1 << (b->cell[k * side + unit] - 1);
            box |= (uint64_t)1 << (b->cell[br * side + bc] - 1);
        }
        uint64_t all = side == 64 ? ~0ULL : ((uint64_t)1 << side) - 1;
        if (row != all || col != all || box != all)
            return false;
    }
    return true;
}

/* About half of the cells blanked, in a fixed scattered order. */
static void blank_half(ojd_board *b)
{
    int cells = b->side * b->side;
    for (int i = 0; i < cells; i++)
        if ((i * 2654435761u >> 7) % 2 == 0)
            b->cell[i] = 0;
}

/* The documented symbol of value v (0 = blank) on a grid of this side, one character. */
static char symbol(int side, int v)
{
    if (v == 0)
        return '.';
    return side <= 9 ? (char)('0' + v) : (char)('A' + v - 1);
}

/* The board as input text: one line of side*side symbols, or for 36x36 rows of spaced numbers. */
static char *input_text(const ojd_board *b)
{
    int side = b->side;
    size_t cap = (size_t)side * side * 3 + (size_t)side + 2, n = 0;
    char *text = malloc(cap);
    assert_non_null(text);
    for (int row = 0; row < side; row++) {
        for (int col = 0; col < side; col++) {
            int v = b->cell[row * side + col];
            if (side > 25)
                n += (size_t)snprintf(text + n, cap - n, col ? " %d" : "%d", v);
            else
                text[n++] = symbol(side, v);
            if (side > 25 && v == 0)
                text[n - 1] = '.';
        }
        if (side > 25 || row == side - 1)
            text[n++] = '\n';
    }
    text[n] = '\0';
    return text;
}

/* Reads exactly one case of text with boxes r x c (given with set_box unless conventional). */
static void read_one(const char *text, const shape *s, ojd_puzzle *pz)
{
    ojd_reader *rd = ojd_reader_new_mem(text, strlen(text), "shape", NULL);
    assert_non_null(rd);
    if (!s->conventional)
        assert_int_equal(ojd_reader_set_box(rd, s->rows, s->cols), OJD_OK);
    ojd_error err;
    ojd_status st = ojd_reader_next(rd, pz, &err);
    if (st != OJD_OK)
        fprintf(stderr, "  %dx%d boxes: %ld:%ld %s\n", s->rows, s->cols, err.line, err.col,
                err.message);
    assert_int_equal(st, OJD_OK);
    assert_int_equal(ojd_reader_next(rd, pz + 1, &err), OJD_END);
    ojd_reader_free(rd);
}

static void test_reader_takes_every_shape(void **state)
{
    (void)state;
    for (size_t k = 0; k < NSHAPES; k++) {
        const shape *s = &shapes[k];
        ojd_board solution, puzzle;
        pattern(&solution, s->rows, s->cols);
        assert_true(valid_for_boxes(&solution, s->rows, s->cols));
        puzzle = solution;
        blank_half(&puzzle);
        char *text = input_text(&puzzle);
        ojd_puzzle got[2];
        read_one(text, s, got);
        assert_int_equal(got[0].board.side, s->rows * s->cols);
        assert_int_equal(got[0].board.box_rows, s->rows);
        assert_int_equal(got[0].board.box_cols, s->cols);
        assert_memory_equal(got[0].board.cell, puzzle.cell, (size_t)puzzle.side * puzzle.side);
        free(text);
    }
}

/* The writer's answer for puzzle in profile name, as text (NULL and status when none). */
static char *written(const char *name, const ojd_board *puzzle, const ojd_board *solution,
                     ojd_status *status)
{
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    assert_non_null(out);
    ojd_writer *w = ojd_writer_new(out, ojd_profile_find(name), NULL);
    assert_non_null(w);
    *status = ojd_writer_solution(w, 1, puzzle, solution);
    if (*status == OJD_OK)
        assert_int_equal(ojd_writer_finish(w), OJD_OK);
    ojd_writer_free(w);
    fclose(out);
    return text;
}

/* Decodes a one-line answer by the documented alphabet into *b (side given). */
static void decode_line(const char *text, int side, ojd_board *b)
{
    assert_int_equal(strlen(text), (size_t)side * side + 1);
    assert_int_equal(text[side * side], '\n');
    for (int i = 0; i < side * side; i++) {
        int v = side <= 9 ? text[i] - '0' : text[i] - 'A' + 1;
        assert_true(v >= 1 && v <= side);
        b->cell[i] = (uint8_t)v;
    }
}

static void test_writer_answers_every_shape(void **state)
{
    (void)state;
    ojd_engine *engine = ojd_engine_new(NULL);
    assert_non_null(engine);
    for (size_t k = 0; k < NSHAPES; k++) {
        const shape *s = &shapes[k];
        int side = s->rows * s->cols;
        ojd_board solution, puzzle;
        pattern(&solution, s->rows, s->cols);
        puzzle = solution;
        blank_half(&puzzle);
        ojd_search search = {.limit = 1};
        ojd_result result;
        assert_int_equal(ojd_engine_solve(engine, &puzzle, &search, &result), OJD_OK);
        assert_true(valid_for_boxes(&result.solution, s->rows, s->cols));

        /* line: one character a cell, except 36x36, which no one-character alphabet reaches */
        ojd_status st;
        char *text = written("line", &puzzle, &result.solution, &st);
        if (side > 25) {
            assert_int_not_equal(st, OJD_OK);
            assert_true(text == NULL || text[0] == '\0');
        } else {
            assert_int_equal(st, OJD_OK);
            ojd_board decoded = puzzle;
            decode_line(text, side, &decoded);
            assert_memory_equal(decoded.cell, result.solution.cell, (size_t)side * side);
        }
        free(text);

        /* grid: drawn with the puzzle's boxes; read back with them, it is the solution */
        text = written("grid", &puzzle, &result.solution, &st);
        assert_int_equal(st, OJD_OK);
        ojd_puzzle back[2];
        read_one(text, s, back);
        assert_int_equal(back[0].board.box_rows, s->rows);
        assert_memory_equal(back[0].board.cell, result.solution.cell, (size_t)side * side);
        free(text);
    }
    ojd_engine_free(engine);
}

/* A grid drawn with 2x3 boxes is not a 3x2-box grid: reading it with the other boxes gives a
 * board that the other shape's rules reject or, where its cells happen to fit, other boxes. */
static void test_boxes_are_not_interchangeable(void **state)
{
    (void)state;
    ojd_board solution;
    pattern(&solution, 2, 3);
    assert_true(valid_for_boxes(&solution, 2, 3));
    assert_false(valid_for_boxes(&solution, 3, 2));
    ojd_board other = solution;
    assert_int_equal(ojd_board_init(&other, 3, 2), OJD_OK);
    memcpy(other.cell, solution.cell, 36);
    assert_false(ojd_board_is_solved(&other));
    assert_true(ojd_board_is_solved(&solution));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reader_takes_every_shape),
        cmocka_unit_test(test_writer_answers_every_shape),
        cmocka_unit_test(test_boxes_are_not_interchangeable),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
