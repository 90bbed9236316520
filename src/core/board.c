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
    board->units = 0;
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

/* ---- unit sets ------------------------------------------------------------------------------ */

int ojd_board_region_of(const ojd_board *board, int row, int col)
{
    if (board->units & OJD_UNITS_REGIONS)
        return board->region[row * board->side + col];
    return ojd_box_of(board->box_rows, board->box_cols, row, col);
}

unsigned ojd_board_units(const ojd_board *board) { return board->units; }

/* Whether region (a side*side map) is a partition into regions of side cells each and, with
 * connected, whether each region is connected: OJD_OK, or OJD_ERR_INVALID with why in *err
 * (may be NULL). */
static ojd_status check_partition(int side, const uint8_t *region, bool connected,
                                  ojd_error *err)
{
    int cells = side * side, count[256] = {0}, first[OJD_MAX_SIDE] = {0};
    /* the counts first, without a branch per cell (the engine asks this of every jigsaw a solver
     * without checks_units solves); the first cell out of range is looked for only when there
     * is one */
    unsigned out_of_range = 0;
    for (int i = 0; i < cells; i++) {
        out_of_range |= region[i] >= side;
        count[region[i]]++;
    }
    for (int i = 0; out_of_range && i < cells; i++)
        if (region[i] >= side) {
            ojd_error_set(err, OJD_ERR_INVALID, 0, 0,
                          "row %d column %d: region %d is out of range (%d regions)",
                          i / side + 1, i % side + 1, region[i] + 1, side);
            return OJD_ERR_INVALID;
        }
    for (int g = 0; g < side; g++)
        if (count[g] != side) {
            ojd_error_set(err, OJD_ERR_INVALID, 0, 0, "region %d has %d cells, not %d", g + 1,
                          count[g], side);
            return OJD_ERR_INVALID;
        }
    if (!connected)
        return OJD_OK;
    for (int i = cells - 1; i >= 0; i--)
        first[region[i]] = i;
    /* connected: a flood fill from each region's first cell reaches all of its side cells
     * (every jigsaw read or set is asked this: no division per cell) */
    uint8_t seen[OJD_MAX_CELLS], col[OJD_MAX_CELLS];
    int16_t stack[OJD_MAX_CELLS];
    memset(seen, 0, (size_t)cells);
    for (int i = 0, c = 0; i < cells; i++, c = c + 1 == side ? 0 : c + 1)
        col[i] = (uint8_t)c;
    for (int g = 0; g < side; g++) {
        int top = 0, reached = 1;
        stack[top++] = (int16_t)first[g];
        seen[first[g]] = 1;
        while (top > 0) {
            int i = stack[--top];
            int next[4] = {i >= side ? i - side : -1, i + side < cells ? i + side : -1,
                           col[i] > 0 ? i - 1 : -1, col[i] + 1 < side ? i + 1 : -1};
            for (int d = 0; d < 4; d++) {
                int j = next[d];
                if (j < 0 || seen[j] || region[j] != g)
                    continue;
                seen[j] = 1;
                reached++;
                stack[top++] = (int16_t)j;
            }
        }
        if (reached != side) {
            ojd_error_set(err, OJD_ERR_INVALID, 0, 0, "region %d is not connected", g + 1);
            return OJD_ERR_INVALID;
        }
    }
    return OJD_OK;
}

static ojd_status check_regions(int side, const uint8_t *region, ojd_error *err)
{
    return check_partition(side, region, true, err);
}

ojd_status ojd_board_set_regions(ojd_board *board, const uint8_t *region, ojd_error *err)
{
    if (!board)
        return OJD_ERR_INVALID;
    if (!region) {
        board->units &= ~OJD_UNITS_REGIONS;
        return OJD_OK;
    }
    ojd_status st = check_regions(board->side, region, err);
    if (st != OJD_OK)
        return st;
    memcpy(board->region, region, (size_t)board->side * (size_t)board->side);
    board->units |= OJD_UNITS_REGIONS;
    return OJD_OK;
}

ojd_status ojd_board_set_extras(ojd_board *board, unsigned extras)
{
    /* the region map and the cages come with their own data: their setters alone set them */
    const unsigned kept = OJD_UNITS_REGIONS | OJD_UNITS_KILLER;
    extras &= ~kept;
    if (!board || (extras & ~OJD_UNITS_ALL) || ((extras & OJD_UNITS_WINDOKU) && board->side != 9))
        return OJD_ERR_INVALID;
    board->units = (board->units & kept) | extras;
    return OJD_OK;
}

/* ---- cages --------------------------------------------------------------------------------- */

bool ojd_cage_sum_range(int side, int size, int *lo, int *hi)
{
    int low = 0, high = 0;
    bool ok = side >= 1 && size >= 1 && size <= side;
    if (ok) {
        low = size * (size + 1) / 2;
        high = size * (2 * side - size + 1) / 2;
    }
    if (lo)
        *lo = low;
    if (hi)
        *hi = high;
    return ok;
}

/* Whether cage[0..cells) with sum[] is a valid cage set for the side (the caller's numbers):
 * OJD_OK, or OJD_ERR_INVALID with why in *err.  size[] gets each cage's cell count. */
static ojd_status check_cages(int side, const int *cage, const int *sum, int count, int *size,
                              ojd_error *err)
{
    int cells = side * side;
    if (count < 1 || count > OJD_MAX_CAGES) {
        ojd_error_set(err, OJD_ERR_INVALID, 0, 0, "%d cages: a grid holds 1 to %d", count,
                      OJD_MAX_CAGES);
        return OJD_ERR_INVALID;
    }
    memset(size, 0, (size_t)(count + 1) * sizeof *size);
    for (int i = 0; i < cells; i++) {
        if (cage[i] < 0 || cage[i] > count) {
            ojd_error_set(err, OJD_ERR_INVALID, 0, 0,
                          "row %d column %d: cage %d is out of range (%d cages)", i / side + 1,
                          i % side + 1, cage[i], count);
            return OJD_ERR_INVALID;
        }
        size[cage[i]]++;
    }
    for (int k = 1; k <= count; k++) {
        int lo, hi;
        if (size[k] == 0) {
            ojd_error_set(err, OJD_ERR_INVALID, 0, 0, "cage %d has no cell", k);
            return OJD_ERR_INVALID;
        }
        if (size[k] > side) {
            ojd_error_set(err, OJD_ERR_INVALID, 0, 0,
                          "cage %d has %d cells, more than the %d values", k, size[k], side);
            return OJD_ERR_INVALID;
        }
        ojd_cage_sum_range(side, size[k], &lo, &hi);
        if (sum[k - 1] < lo || sum[k - 1] > hi) {
            ojd_error_set(err, OJD_ERR_INVALID, 0, 0,
                          "cage %d sums to %d, but %d distinct values sum to %d to %d", k,
                          sum[k - 1], size[k], lo, hi);
            return OJD_ERR_INVALID;
        }
    }
    return OJD_OK;
}

ojd_status ojd_board_set_cages(ojd_board *board, const int *cage, const int *sum, int count,
                               ojd_error *err)
{
    if (!board)
        return OJD_ERR_INVALID;
    if (!cage) {
        board->units &= ~OJD_UNITS_KILLER;
        return OJD_OK;
    }
    int size[OJD_MAX_CAGES + 1];
    if (!sum || check_cages(board->side, cage, sum, count, size, err) != OJD_OK)
        return OJD_ERR_INVALID;
    /* renumbered by first cell, row by row: the order the line form's sums are written in */
    int renumber[OJD_MAX_CAGES + 1] = {0}, next = 0, cells = board->side * board->side;
    for (int i = 0; i < cells; i++) {
        int k = cage[i];
        if (k && !renumber[k]) {
            renumber[k] = ++next;
            board->cage_sum[next] = (uint16_t)sum[k - 1];
        }
        board->cage[i] = (uint8_t)(k ? renumber[k] : 0);
    }
    board->cage_sum[0] = 0;
    board->cage_count = next;
    board->units |= OJD_UNITS_KILLER;
    return OJD_OK;
}

int ojd_board_cage_count(const ojd_board *board)
{
    return board->units & OJD_UNITS_KILLER ? board->cage_count : 0;
}

int ojd_board_cage_cells(const ojd_board *board, int k, int *cells)
{
    int n = 0, count = ojd_board_cells(board);
    if (k < 1 || k > ojd_board_cage_count(board))
        return 0;
    for (int i = 0; i < count && n < board->side; i++)
        if (board->cage[i] == k)
            cells[n++] = i;
    return n;
}

int ojd_board_cage_sum(const ojd_board *board, int k)
{
    return k >= 1 && k <= ojd_board_cage_count(board) ? board->cage_sum[k] : 0;
}

/* Whether the cages of a board with OJD_UNITS_KILLER are a valid set (its numbers in 1..count,
 * each used, sizes and sums in range): what set_cages checked, for a board written by hand. */
static bool cages_valid(const ojd_board *b)
{
    int cage[OJD_MAX_CELLS], sum[OJD_MAX_CAGES], size[OJD_MAX_CAGES + 1];
    int cells = b->side * b->side;
    if (b->cage_count < 1 || b->cage_count > OJD_MAX_CAGES)
        return false;
    for (int i = 0; i < cells; i++)
        cage[i] = b->cage[i];
    for (int k = 1; k <= b->cage_count; k++)
        sum[k - 1] = b->cage_sum[k];
    return check_cages(b->side, cage, sum, b->cage_count, size, NULL) == OJD_OK;
}

bool ojd_board_units_valid(const ojd_board *board)
{
    if ((board->units & ~OJD_UNITS_ALL) ||
        ((board->units & OJD_UNITS_WINDOKU) && board->side != 9))
        return false;
    if ((board->units & OJD_UNITS_KILLER) && !cages_valid(board))
        return false;
    return !(board->units & OJD_UNITS_REGIONS) ||
           check_regions(board->side, board->region, NULL) == OJD_OK;
}

bool ojd_board_units_usable(const ojd_board *board)
{
    if ((board->units & ~OJD_UNITS_ALL) ||
        ((board->units & OJD_UNITS_WINDOKU) && board->side != 9))
        return false;
    if ((board->units & OJD_UNITS_KILLER) && !cages_valid(board))
        return false;
    return !(board->units & OJD_UNITS_REGIONS) ||
           check_partition(board->side, board->region, false, NULL) == OJD_OK;
}

bool ojd_board_same_units(const ojd_board *a, const ojd_board *b)
{
    if (a->side != b->side || a->box_rows != b->box_rows || a->box_cols != b->box_cols ||
        a->units != b->units)
        return false;
    if (a->units & OJD_UNITS_KILLER) {
        /* both numbered by first cell: the same cages have the same numbers and sums */
        int cells = a->side * a->side;
        if (a->cage_count != b->cage_count || memcmp(a->cage, b->cage, (size_t)cells) ||
            memcmp(a->cage_sum, b->cage_sum, (size_t)(a->cage_count + 1) * sizeof a->cage_sum[0]))
            return false;
    }
    if (!(a->units & OJD_UNITS_REGIONS))
        return true;
    /* the same partition, whatever the regions' numbers: a one-to-one renaming */
    int to_b[OJD_MAX_SIDE], to_a[OJD_MAX_SIDE], cells = a->side * a->side;
    for (int g = 0; g < a->side; g++)
        to_b[g] = to_a[g] = -1;
    for (int i = 0; i < cells; i++) {
        int x = a->region[i], y = b->region[i];
        if (x >= a->side || y >= a->side)
            return false;
        if (to_b[x] < 0 && to_a[y] < 0)
            to_b[x] = y, to_a[y] = x;
        else if (to_b[x] != y || to_a[y] != x)
            return false;
    }
    return true;
}

void ojd_board_copy_units(ojd_board *dst, const ojd_board *src)
{
    dst->units = src->units;
    if (src->units & OJD_UNITS_REGIONS)
        memcpy(dst->region, src->region, (size_t)src->side * (size_t)src->side);
    if (src->units & OJD_UNITS_KILLER) {
        memcpy(dst->cage, src->cage, (size_t)src->side * (size_t)src->side);
        memcpy(dst->cage_sum, src->cage_sum, sizeof dst->cage_sum);
        dst->cage_count = src->cage_count;
    }
}

int ojd_board_unit_count(const ojd_board *board)
{
    return 3 * board->side + (board->units & OJD_UNITS_X ? 2 : 0) +
           (board->units & OJD_UNITS_WINDOKU ? 4 : 0);
}

/* The k-th cell of windoku window w (0..3): rows and columns 1-3 and 5-7, windows row by row. */
static int window_cell(int w, int k)
{
    return (1 + 4 * (w / 2) + k / 3) * 9 + 1 + 4 * (w % 2) + k % 3;
}

bool ojd_board_unit_cells(const ojd_board *b, int u, int *cells)
{
    int side = b->side, n = 0;
    if (u < 0 || u >= ojd_board_unit_count(b))
        return false;
    if (u < side) {
        for (int k = 0; k < side; k++)
            cells[k] = u * side + k;
    } else if (u < 2 * side) {
        for (int k = 0; k < side; k++)
            cells[k] = k * side + u - side;
    } else if (u < 3 * side && (b->units & OJD_UNITS_REGIONS)) {
        for (int i = 0; i < side * side; i++)
            if (b->region[i] == u - 2 * side)
                cells[n++] = i;
    } else if (u < 3 * side) {
        for (int k = 0; k < side; k++)
            cells[k] = ojd_box_cell_row(b->box_rows, b->box_cols, u - 2 * side, k) * side +
                       ojd_box_cell_col(b->box_rows, b->box_cols, u - 2 * side, k);
    } else if ((u -= 3 * side) < 2 && (b->units & OJD_UNITS_X)) {
        for (int k = 0; k < side; k++)
            cells[k] = k * side + (u == 0 ? k : side - 1 - k);
    } else {
        u -= b->units & OJD_UNITS_X ? 2 : 0;
        for (int k = 0; k < 9; k++)
            cells[k] = window_cell(u, k);
    }
    return true;
}

/* The name of unit u's kind and its number from 1 (find_conflict's words). */
static const char *unit_name(const ojd_board *b, int u, int *index)
{
    int side = b->side;
    if (u < 3 * side) {
        *index = u % side + 1;
        if (u < side)
            return "row";
        if (u < 2 * side)
            return "column";
        return b->units & OJD_UNITS_REGIONS ? "region" : "box";
    }
    u -= 3 * side;
    if (b->units & OJD_UNITS_X) {
        if (u < 2) {
            *index = u + 1;
            return "diagonal";
        }
        u -= 2;
    }
    *index = u + 1;
    return "window";
}
/* The first cage that breaks (a repeat, or a sum its filled cells cannot reach or already
 * pass), as find_conflict reports it.  Only sound bounds on what is left: any n distinct values
 * of 1..side sum to at least 1 + ... + n and at most side + ... + (side - n + 1). */
static bool find_cage_conflict(const ojd_board *b, ojd_conflict *conflict)
{
    int side = b->side, cells = side * side, count = ojd_board_cage_count(b);
    int sum[OJD_MAX_CAGES + 1] = {0}, filled[OJD_MAX_CAGES + 1] = {0};
    int size[OJD_MAX_CAGES + 1] = {0}, first[OJD_MAX_CAGES + 1];
    uint64_t seen[OJD_MAX_CAGES + 1] = {0};
    for (int i = cells - 1; i >= 0; i--)
        if (b->cage[i] && b->cage[i] <= count)
            first[b->cage[i]] = i;
    for (int i = 0; i < cells; i++) {
        int k = b->cage[i], v = b->cell[i];
        if (!k || k > count)
            continue;
        size[k]++;
        if (v == 0 || v > side)
            continue;
        if (seen[k] >> v & 1) {
            if (conflict) {
                *conflict = (ojd_conflict){.unit = "cage", .index = k, .value = v, .cell_b = i};
                for (int j = 0; j < i; j++)
                    if (b->cage[j] == k && b->cell[j] == v)
                        conflict->cell_a = j;
            }
            return true;
        }
        seen[k] |= 1ull << v;
        sum[k] += v;
        filled[k]++;
    }
    for (int k = 1; k <= count; k++) {
        int left = size[k] - filled[k], lo = 0, hi = 0;
        if (left > 0)
            ojd_cage_sum_range(side, left, &lo, &hi);
        if (filled[k] == 0 || (sum[k] + lo <= b->cage_sum[k] && sum[k] + hi >= b->cage_sum[k]))
            continue;
        if (conflict)
            *conflict = (ojd_conflict){.unit = "cage", .index = k, .value = 0, .sum = sum[k],
                                       .cell_a = first[k], .cell_b = first[k]};
        return true;
    }
    return false;
}

bool ojd_board_find_conflict(const ojd_board *board, ojd_conflict *conflict)
{
    int side = board->side, units = ojd_board_unit_count(board);
    for (int u = 0; u < units; u++) {
        int cells[OJD_MAX_SIDE], seen_at[OJD_MAX_SIDE + 1];
        ojd_board_unit_cells(board, u, cells);
        for (int v = 0; v <= side; v++)
            seen_at[v] = -1;
        for (int k = 0; k < side; k++) {
            int cell = cells[k];
            int v = board->cell[cell];
            if (v == 0 || v > side)
                continue;
            if (seen_at[v] >= 0) {
                if (conflict) {
                    conflict->unit = unit_name(board, u, &conflict->index);
                    conflict->value = v;
                    conflict->cell_a = seen_at[v];
                    conflict->cell_b = cell;
                }
                return true;
            }
            seen_at[v] = cell;
        }
    }
    return (board->units & OJD_UNITS_KILLER) && find_cage_conflict(board, conflict);
}

int ojd_conflict_text(const ojd_board *board, const ojd_conflict *c, char *buf, size_t size)
{
    if (c->value > 0)
        return snprintf(buf, size, "%s %d repeats %d", c->unit, c->index, c->value);
    int cells[OJD_MAX_SIDE], n = ojd_board_cage_cells(board, c->index, cells), filled = 0;
    for (int k = 0; k < n; k++)
        filled += board->cell[cells[k]] != 0;
    if (filled == n)
        return snprintf(buf, size, "cage %d sums to %d, not %d", c->index, c->sum,
                        ojd_board_cage_sum(board, c->index));
    return snprintf(buf, size, "cage %d: %d of its cells sum to %d, the other %d cannot make %d",
                    c->index, filled, c->sum, n - filled, ojd_board_cage_sum(board, c->index));
}

static bool shape_fits(const ojd_board *board)
{
    return board->box_rows >= 1 && board->box_cols >= 1 && board->box_rows <= OJD_MAX_BOX &&
           board->box_cols <= OJD_MAX_BOX && board->side == board->box_rows * board->box_cols;
}

static bool shape_ok(const ojd_board *board)
{
    return shape_fits(board) && (board->units == 0 || ojd_board_units_valid(board));
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
    if (!ojd_board_same_units(puzzle, solution) || !ojd_board_is_solved(solution))
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
    if (b->units & OJD_UNITS_REGIONS) {
        /* the cell's region: every cell of the map with its number */
        for (int j = 0, cells = side * side; j < cells; j++)
            if (b->region[j] == b->region[i] && g[j] == v)
                return false;
    } else {
        int r0 = ojd_box_row0(b->box_rows, row), c0 = ojd_box_col0(b->box_cols, col);
        for (int r = r0; r < r0 + b->box_rows; r++)
            for (int c = c0; c < c0 + b->box_cols; c++)
                if (g[r * side + c] == v)
                    return false;
    }
    if (b->units & OJD_UNITS_X)
        for (int k = 0; k < side; k++)
            if ((row == col && g[k * side + k] == v) ||
                (row + col == side - 1 && g[k * side + side - 1 - k] == v))
                return false;
    if ((b->units & OJD_UNITS_WINDOKU) && row % 4 != 0 && col % 4 != 0) {
        /* windows at rows and columns 1-3 and 5-7 of a 9x9 grid */
        int r0 = row < 4 ? 1 : 5, c0 = col < 4 ? 1 : 5;
        for (int r = r0; r < r0 + 3; r++)
            for (int c = c0; c < c0 + 3; c++)
                if (g[r * side + c] == v)
                    return false;
    }
    if ((b->units & OJD_UNITS_KILLER) && b->cage[i]) {
        /* its cage: v new there, and the sum still reachable with v placed */
        int k = b->cage[i], sum = v, size = 0, filled = 1, lo = 0, hi = 0;
        for (int j = 0, cells = side * side; j < cells; j++) {
            if (b->cage[j] != k || j == i)
                continue;
            size++;
            if (g[j] == v)
                return false;
            sum += g[j];
            filled += g[j] != 0;
        }
        if (size + 1 > filled)
            ojd_cage_sum_range(side, size + 1 - filled, &lo, &hi);
        if (sum + lo > b->cage_sum[k] || sum + hi < b->cage_sum[k])
            return false;
    }
    return true;
}

/* ---- geometry ------------------------------------------------------------------------------ */

/* The tables of the unit set of board b (its shape, units and region map). */
static ojd_geo *geo_build(const ojd_board *b)
{
    int side = b->side, cells = side * side, nunits = ojd_board_unit_count(b);
    /* the units of each cell: row, column, region, then the extras that hold it */
    int16_t (*cu)[6] = malloc((size_t)cells * sizeof *cu); /* at most 3 + 2 X + 1 window */
    uint8_t nu[OJD_MAX_CELLS];
    int per_cell = 3;
    int16_t *units_flat = malloc((size_t)nunits * (size_t)side * sizeof(int16_t));
    if (!units_flat || !cu) {
        free(units_flat), free(cu);
        return NULL;
    }
    for (int u = 0; u < nunits; u++) {
        int list[OJD_MAX_SIDE];
        ojd_board_unit_cells(b, u, list);
        for (int k = 0; k < side; k++) {
            int i = list[k];
            units_flat[u * side + k] = (int16_t)i;
            if (u < side)
                nu[i] = 0; /* rows come first: every cell is met here before its other units */
            cu[i][nu[i]++] = (int16_t)u;
            if (nu[i] > per_cell)
                per_cell = nu[i];
        }
    }
    /* the peers: region, then row and column interleaved, then the extras, each cell once */
    int npeers = 0;
    int16_t *peers_of = malloc((size_t)cells * (size_t)6 * (size_t)side * sizeof(int16_t));
    int *count = malloc((size_t)cells * sizeof(int));
    int *stamp = calloc((size_t)cells, sizeof(int));
    if (!peers_of || !count || !stamp) {
        free(units_flat), free(peers_of), free(count), free(stamp), free(cu);
        return NULL;
    }
    size_t stride = (size_t)6 * (size_t)side; /* at most 6 units per cell: 3 + 2 X + 1 window */
    for (int i = 0; i < cells; i++) {
        int16_t *p = peers_of + (size_t)i * stride;
        int n = 0, r = i / side, c = i % side;
        stamp[i] = i + 1;
        const int16_t *in_region = units_flat + cu[i][2] * side;
        for (int k = 0; k < side; k++)
            if (stamp[in_region[k]] != i + 1)
                stamp[in_region[k]] = i + 1, p[n++] = in_region[k];
        for (int k = 0; k < side; k++) {
            int a = r * side + k, d = k * side + c;
            if (stamp[a] != i + 1)
                stamp[a] = i + 1, p[n++] = (int16_t)a;
            if (stamp[d] != i + 1)
                stamp[d] = i + 1, p[n++] = (int16_t)d;
        }
        for (int x = 3; x < nu[i]; x++) {
            const int16_t *in_unit = units_flat + cu[i][x] * side;
            for (int k = 0; k < side; k++)
                if (stamp[in_unit[k]] != i + 1)
                    stamp[in_unit[k]] = i + 1, p[n++] = in_unit[k];
        }
        count[i] = n;
        if (n > npeers)
            npeers = n;
    }
    size_t nunit = (size_t)nunits * (size_t)side, ncu = (size_t)per_cell * (size_t)cells;
    size_t npeer = (size_t)cells * (size_t)npeers;
    size_t bytes = (nunit + ncu + npeer) * sizeof(int16_t) + 2 * (size_t)cells;
    ojd_geo *g = malloc(sizeof *g + bytes);
    if (g) {
        int16_t *unit = (int16_t *)(g + 1), *cell_unit = unit + nunit, *peer = cell_unit + ncu;
        uint8_t *nunits_of = (uint8_t *)(peer + npeer), *region = nunits_of + cells;
        g->box_rows = b->box_rows;
        g->box_cols = b->box_cols;
        g->side = side;
        g->cells = cells;
        g->nunits = nunits;
        g->npeers = npeers;
        g->per_cell = per_cell;
        /* cages are no units: a killer board's geo is that of its unit set alone */
        g->units = b->units & ~OJD_UNITS_KILLER;
        OJD_ASSERT(g->units || (per_cell == 3 && /* core.h's classic layout */
                                npeers == 2 * (side - 1) + (b->box_rows - 1) * (b->box_cols - 1)));
        g->all = ojd_all_values(side);
        memcpy(unit, units_flat, nunit * sizeof(int16_t));
        for (int i = 0; i < cells; i++) {
            for (int k = 0; k < per_cell; k++)
                cell_unit[i * per_cell + k] = cu[i][k < nu[i] ? k : 2];
            nunits_of[i] = nu[i];
            const int16_t *p = peers_of + (size_t)i * stride;
            for (int k = 0; k < npeers; k++)
                peer[(size_t)i * (size_t)npeers + (size_t)k] = p[k < count[i] ? k : 0];
        }
        if (b->units & OJD_UNITS_REGIONS)
            memcpy(region, b->region, (size_t)cells);
        g->unit = unit;
        g->cell_unit = cell_unit;
        g->nunits_of = nunits_of;
        g->peer = peer;
        g->region = b->units & OJD_UNITS_REGIONS ? region : NULL;
    }
    free(units_flat), free(peers_of), free(count), free(stamp), free(cu);
    return g;
}

ojd_geo *ojd_geo_new(int box_rows, int box_cols)
{
    ojd_board shape;
    shape.box_rows = box_rows; /* only the shape: geo_build reads no cells */
    shape.box_cols = box_cols;
    shape.side = box_rows * box_cols;
    shape.units = 0;
    if (box_rows < 1 || box_cols < 1 || box_rows > OJD_MAX_BOX || box_cols > OJD_MAX_BOX)
        return NULL;
    return geo_build(&shape);
}

ojd_geo *ojd_geo_new_units(const ojd_board *board)
{
    if (!shape_fits(board) || !ojd_board_units_usable(board))
        return NULL;
    return geo_build(board);
}

bool ojd_geo_fits_board(const ojd_geo *g, const ojd_board *b)
{
    if (g->box_rows != b->box_rows || g->box_cols != b->box_cols ||
        g->units != (b->units & ~OJD_UNITS_KILLER))
        return false;
    return !(b->units & OJD_UNITS_REGIONS) ||
           memcmp(g->region, b->region, (size_t)g->cells) == 0;
}

bool ojd_geo_follow(ojd_geo **geo, const ojd_board *board)
{
    if (*geo && ojd_geo_fits_board(*geo, board))
        return true;
    free(*geo);
    *geo = ojd_geo_new_units(board);
    return *geo != NULL;
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

/* ---- random region maps ------------------------------------------------------------------- */

ojd_status ojd_regions_random(int side, ojd_rng *rng, uint8_t *region)
{
    int box_rows, box_cols;
    if (!rng || !region || !ojd_shape_of_side(side, &box_rows, &box_cols))
        return OJD_ERR_INVALID;
    int cells = side * side;
    for (int i = 0; i < cells; i++)
        region[i] = (uint8_t)ojd_box_of(box_rows, box_cols, i / side, i % side);
    if (side < 3)
        return OJD_OK; /* 1x1 and 2x2 boards have no other partition worth the name */
    /* Each swap keeps every region's size; one that disconnects a region is undone.  20 tries
     * a cell mix the map well past the boxes; the walk is a function of the rng alone. */
    static const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
    long swaps = 20L * cells < 20000 ? 20L * cells : 20000;
    for (long t = 0; t < swaps; t++) {
        int i = (int)ojd_rng_below(rng, (uint64_t)cells), d = (int)ojd_rng_below(rng, 4);
        int r = i / side + dr[d], c = i % side + dc[d];
        if (r < 0 || r >= side || c < 0 || c >= side)
            continue;
        int j = r * side + c;
        /* a swap of the two cells alone would leave each region as it was: move i into j's
         * region and a random other cell of j's region, next to i's region, back into it */
        uint8_t a = region[i], b = region[j];
        if (a == b)
            continue;
        int k = (int)ojd_rng_below(rng, (uint64_t)cells), tries = 0;
        for (; tries < cells; tries++, k = (k + 1) % cells) {
            if (region[k] != b || k == j)
                continue;
            bool touches = false;
            for (int e = 0; e < 4 && !touches; e++) {
                int rr = k / side + dr[e], cc = k % side + dc[e];
                touches = rr >= 0 && rr < side && cc >= 0 && cc < side &&
                          region[rr * side + cc] == a && rr * side + cc != i;
            }
            if (touches)
                break;
        }
        if (tries == cells)
            continue;
        region[i] = b;
        region[k] = a;
        if (check_regions(side, region, NULL) != OJD_OK) {
            region[i] = a;
            region[k] = b;
        }
    }
    return OJD_OK;
}
