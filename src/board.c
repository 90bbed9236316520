/*
 * board.c -- ojd_board: shapes, givens, validity, solved-ness.
 *
 * Boxes are box_rows x box_cols; square boxes are what the readers produce, but nothing here
 * assumes it.
 */
#include "internal.h"

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

ojd_status ojd_board_init_side(ojd_board *board, int side)
{
    for (int box = 1; box <= OJD_MAX_BOX; box++)
        if (box * box == side)
            return ojd_board_init(board, box, box);
    return OJD_ERR_INVALID;
}

int ojd_board_cells(const ojd_board *board) { return board->side * board->side; }

int ojd_board_box_of(const ojd_board *board, int row, int col)
{
    return (row / board->box_rows) * board->box_rows + col / board->box_cols;
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
    default: {
        int row = (u / b->box_rows) * b->box_rows + k / b->box_cols;
        int col = (u % b->box_rows) * b->box_cols + k % b->box_cols;
        return row * b->side + col;
    }
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
    int r0 = row - row % b->box_rows, c0 = col - col % b->box_cols;
    for (int r = r0; r < r0 + b->box_rows; r++)
        for (int c = c0; c < c0 + b->box_cols; c++)
            if (g[r * side + c] == v)
                return false;
    return true;
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
