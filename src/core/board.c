/*
 * board.c -- ojd_board: shapes, givens, validity, solved-ness; and ojd_geo, the unit and peer
 * tables of a shape that every solver, the generator and the grader work from.
 *
 * Boxes are box_rows x box_cols; ojd_shape_of_side() is the one place a side's conventional
 * shape is decided (square boxes for a square side, else boxes wider than tall: 6x6 has 2x3
 * boxes, 12x12 3x4).  The box arithmetic itself is core.h's (ojd_box_of() and companions).
 */
#include "core.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

ojd_status ojd_board_init(ojd_board *board, int box_rows, int box_cols)
{
    if (!board || box_rows < 1 || box_cols < 1 || box_rows > OJD_MAX_BOX || box_cols > OJD_MAX_BOX)
        return OJD_ERR_INVALID;
    board->box_rows = box_rows;
    board->box_cols = box_cols;
    board->side = box_rows * box_cols;
    /* only the meaningful cells: clearing all 4 KiB cost more than reading a 9x9 puzzle */
    memset(board->cell, 0, (size_t)board->side * (size_t)board->side);
    return OJD_OK;
}

bool ojd_shape_of_side(int side, int *box_rows, int *box_cols)
{
    /* The most square factoring side = rows x cols with rows <= cols (boxes wider than tall, as
     * puzzle books print 6x6 as 2x3 and 12x12 as 3x4): the largest rows <= sqrt(side) that
     * divides side.  A box one cell tall (a prime side) is no Sudoku box, so it is refused, except
     * for the one-cell grid. */
    for (int rows = OJD_MAX_BOX; rows >= 1; rows--) {
        if (rows * rows > side || side % rows != 0)
            continue;
        int cols = side / rows;
        if (cols > OJD_MAX_BOX || (rows == 1 && side != 1))
            return false;
        if (box_rows)
            *box_rows = rows;
        if (box_cols)
            *box_cols = cols;
        return true;
    }
    return false;
}

ojd_status ojd_board_init_side(ojd_board *board, int side)
{
    int box_rows, box_cols;
    if (!ojd_shape_of_side(side, &box_rows, &box_cols))
        return OJD_ERR_INVALID;
    return ojd_board_init(board, box_rows, box_cols);
}

int ojd_board_cells(const ojd_board *board) { return board->side * board->side; }

int ojd_board_box_of(const ojd_board *board, int row, int col)
{
    return ojd_box_of(board->box_rows, board->box_cols, row, col);
}

int ojd_board_givens(const ojd_board *board)
{
    int count = 0, cells = ojd_board_cells(board);
    for (int i = 0; i < cells; i++)
        count += board->cell[i] != 0;
    return count;
}

/* The cell index of the k-th cell (0..side-1) of unit u of a kind (0 row, 1 column, 2 box). */
static int unit_cell(const ojd_board *b, int kind, int u, int k)
{
    switch (kind) {
    case 0: return u * b->side + k;
    case 1: return k * b->side + u;
    default:
        return ojd_box_cell_row(b->box_rows, b->box_cols, u, k) * b->side +
               ojd_box_cell_col(b->box_rows, b->box_cols, u, k);
    }
}

bool ojd_board_find_conflict(const ojd_board *board, ojd_conflict *conflict)
{
    static const char *const kinds[3] = {"row", "column", "box"};
    int side = board->side;
    for (int kind = 0; kind < 3; kind++) {
        for (int u = 0; u < side; u++) {
            int seen_at[OJD_MAX_SIDE + 1];
            for (int v = 0; v <= side; v++)
                seen_at[v] = -1;
            for (int k = 0; k < side; k++) {
                int cell = unit_cell(board, kind, u, k);
                int v = board->cell[cell];
                if (v == 0 || v > side)
                    continue;
                if (seen_at[v] >= 0) {
                    if (conflict) {
                        conflict->unit = kinds[kind];
                        conflict->index = u + 1;
                        conflict->value = v;
                        conflict->cell_a = seen_at[v];
                        conflict->cell_b = cell;
                    }
                    return true;
                }
                seen_at[v] = cell;
            }
        }
    }
    return false;
}

static bool shape_ok(const ojd_board *board)
{
    return board->box_rows >= 1 && board->box_cols >= 1 && board->box_rows <= OJD_MAX_BOX &&
           board->box_cols <= OJD_MAX_BOX && board->side == board->box_rows * board->box_cols;
}

bool ojd_board_is_valid(const ojd_board *board)
{
    if (!shape_ok(board))
        return false;
    int cells = ojd_board_cells(board);
    for (int i = 0; i < cells; i++)
        if (board->cell[i] > board->side)
            return false;
    return !ojd_board_find_conflict(board, NULL);
}

bool ojd_board_is_solved(const ojd_board *board)
{
    if (!ojd_board_is_valid(board))
        return false;
    return ojd_board_givens(board) == ojd_board_cells(board);
}

bool ojd_board_solves(const ojd_board *puzzle, const ojd_board *solution)
{
    if (puzzle->box_rows != solution->box_rows || puzzle->box_cols != solution->box_cols ||
        !ojd_board_is_solved(solution))
        return false;
    int cells = ojd_board_cells(puzzle);
    for (int i = 0; i < cells; i++)
        if (puzzle->cell[i] && puzzle->cell[i] != solution->cell[i])
            return false;
    return true;
}

bool ojd_board_fits(const ojd_board *b, int i, int v)
{
    const uint8_t *g = b->cell;
    int side = b->side, row = i / side, col = i % side;
    for (int k = 0; k < side; k++)
        if (g[row * side + k] == v || g[k * side + col] == v)
            return false;
    int r0 = ojd_box_row0(b->box_rows, row), c0 = ojd_box_col0(b->box_cols, col);
    for (int r = r0; r < r0 + b->box_rows; r++)
        for (int c = c0; c < c0 + b->box_cols; c++)
            if (g[r * side + c] == v)
                return false;
    return true;
}

/* ---- geometry ------------------------------------------------------------------------------ */

ojd_geo *ojd_geo_new(int box_rows, int box_cols)
{
    if (box_rows < 1 || box_cols < 1 || box_rows > OJD_MAX_BOX || box_cols > OJD_MAX_BOX)
        return NULL;
    int side = box_rows * box_cols, cells = side * side;
    int npeers = 2 * (side - 1) + (box_rows - 1) * (box_cols - 1);
    size_t nunit = 3 * (size_t)side * (size_t)side, ncu = 3 * (size_t)cells;
    size_t npeer = (size_t)cells * (size_t)npeers;
    ojd_geo *g = malloc(sizeof *g + (nunit + ncu + npeer) * sizeof(int16_t));
    if (!g)
        return NULL;
    int16_t *unit = (int16_t *)(g + 1), *cell_unit = unit + nunit, *peer = cell_unit + ncu;
    g->box_rows = box_rows;
    g->box_cols = box_cols;
    g->side = side;
    g->cells = cells;
    g->nunits = 3 * side;
    g->npeers = npeers;
    g->all = ojd_all_values(side);
    g->unit = unit;
    g->cell_unit = cell_unit;
    g->peer = peer;
    /* units filled in cell order, so each lists its cells row-major */
    int fill[3 * OJD_MAX_SIDE] = {0};
    for (int i = 0; i < cells; i++) {
        int r = i / side, c = i % side;
        int u[3] = {r, side + c, 2 * side + ojd_box_of(box_rows, box_cols, r, c)};
        for (int k = 0; k < 3; k++) {
            cell_unit[3 * i + k] = (int16_t)u[k];
            unit[u[k] * side + fill[u[k]]++] = (int16_t)i;
        }
    }
    for (int i = 0; i < cells; i++) {
        int r = i / side, c = i % side, n = 0;
        int r0 = ojd_box_row0(box_rows, r), c0 = ojd_box_col0(box_cols, c);
        int16_t *p = peer + (size_t)i * (size_t)npeers;
        const int16_t *in_box = unit + cell_unit[3 * i + 2] * side;
        for (int k = 0; k < side; k++)
            if (in_box[k] != i)
                p[n++] = in_box[k];
        for (int k = 0; k < side; k++) {
            if (k < c0 || k >= c0 + box_cols)
                p[n++] = (int16_t)(r * side + k);
            if (k < r0 || k >= r0 + box_rows)
                p[n++] = (int16_t)(k * side + c);
        }
    }
    return g;
}

char ojd_symbol(int value, bool letters)
{
    if (value <= 0)
        return '.';
    if (letters)
        return (char)('A' + value - 1);
    if (value <= 9)
        return (char)('0' + value);
    return (char)('A' + value - 10); /* 10 = A, ... as in hexadecimal-style alphabets */
}

bool ojd_board_consistent(const ojd_board *board, char *message, size_t size)
{
    ojd_conflict c;
    if (!board || !ojd_board_find_conflict(board, &c)) {
        if (message && size)
            message[0] = '\0';
        return true;
    }
    if (message && size)
        snprintf(message, size, "%s %d repeats %d", c.unit, c.index, c.value);
    return false;
}

/* ---- symmetries of the pattern of givens ----------------------------------------------------- */

static const char *const symmetry_names[OJD_SYMMETRY_COUNT_] = {
    "none", "rotate180", "rotate90", "mirror", "flip", "diagonal", "antidiagonal"};

const char *ojd_symmetry_name(ojd_symmetry symmetry)
{
    return symmetry >= 0 && symmetry < OJD_SYMMETRY_COUNT_ ? symmetry_names[symmetry] : "?";
}

bool ojd_symmetry_find(const char *name, ojd_symmetry *out)
{
    for (int s = 0; name && s < OJD_SYMMETRY_COUNT_; s++)
        if (strcmp(name, symmetry_names[s]) == 0) {
            *out = (ojd_symmetry)s;
            return true;
        }
    return false;
}

int ojd_symmetry_image(ojd_symmetry sym, int n, int i)
{
    int r = i / n, c = i % n;
    switch (sym) {
    case OJD_SYMMETRY_ROTATE180: return (n - 1 - r) * n + (n - 1 - c);
    case OJD_SYMMETRY_ROTATE90: return c * n + (n - 1 - r);
    case OJD_SYMMETRY_MIRROR: return r * n + (n - 1 - c);
    case OJD_SYMMETRY_FLIP: return (n - 1 - r) * n + c;
    case OJD_SYMMETRY_DIAGONAL: return c * n + r;
    case OJD_SYMMETRY_ANTIDIAGONAL: return (n - 1 - c) * n + (n - 1 - r);
    default: return i;
    }
}

bool ojd_board_has_symmetry(const ojd_board *board, ojd_symmetry symmetry)
{
    if (!board || symmetry < 0 || symmetry >= OJD_SYMMETRY_COUNT_)
        return false;
    int n = board->side;
    for (int i = 0; i < n * n; i++)
        if ((board->cell[i] != 0) != (board->cell[ojd_symmetry_image(symmetry, n, i)] != 0))
            return false;
    return true;
}
