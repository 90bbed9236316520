/*
 * solver_bitmask.c -- backtracking with row/column/box bitmasks.
 *
 * Model: the same search as the plain DFS (empty cells in row-major order, values in increasing
 * order), but the candidates of a cell are computed in O(1) as the complement of
 * rows[r] | cols[c] | boxes[b], and iterated as set bits.  Invariant: bit v-1 of rows[r] (cols,
 * boxes) is set iff value v is placed in row r (column, box).  The first solution found is the
 * lexicographically smallest one.  Any side up to 64 (one uint64_t per unit).
 */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

typedef struct bitmask_state {
    int side, box_rows, box_cols, cells;
    uint64_t rows[OJD_MAX_SIDE], cols[OJD_MAX_SIDE], boxes[OJD_MAX_SIDE];
    int empty[OJD_MAX_CELLS];   /* indices of the empty cells, row-major */
    int empties;
    uint8_t box_of[OJD_MAX_CELLS];
    ojd_board work;
    ojd_budget budget;
    ojd_result *out;
    unsigned long limit;
} bitmask_state;

static void *bitmask_create(int box_rows, int box_cols)
{
    bitmask_state *st = malloc(sizeof *st);
    if (!st)
        return NULL;
    st->box_rows = box_rows;
    st->box_cols = box_cols;
    st->side = box_rows * box_cols;
    st->cells = st->side * st->side;
    for (int i = 0; i < st->cells; i++) {
        int r = i / st->side, c = i % st->side;
        st->box_of[i] = (uint8_t)((r / box_rows) * box_rows + c / box_cols);
    }
    return st;
}

static void bitmask_destroy(void *state) { free(state); }

/* Returns true when the search must stop (limit of solutions reached or budget exhausted). */
static bool search_from(bitmask_state *st, int k)
{
    if (k == st->empties) {
        if (st->out->solutions++ == 0)
            st->out->solution = st->work;
        return st->out->solutions >= st->limit;
    }
    if (ojd_budget_exhausted(&st->budget, ++st->out->nodes))
        return true;
    int i = st->empty[k], r = i / st->side, c = i % st->side, b = st->box_of[i];
    uint64_t cand = ojd_all_values(st->side) & ~(st->rows[r] | st->cols[c] | st->boxes[b]);
    bool first = true;
    while (cand) {
        int v = ojd_ctz64(cand);
        uint64_t bit = (uint64_t)1 << v;
        cand &= cand - 1;
        if (!first)
            st->out->guesses++;
        first = false;
        st->rows[r] |= bit, st->cols[c] |= bit, st->boxes[b] |= bit;
        st->work.cell[i] = (uint8_t)(v + 1);
        bool stop = search_from(st, k + 1);
        st->rows[r] &= ~bit, st->cols[c] &= ~bit, st->boxes[b] &= ~bit;
        st->work.cell[i] = 0;
        if (stop)
            return true;
    }
    return false;
}

static ojd_status bitmask_solve(void *state, const ojd_board *in, const ojd_search *search,
                                ojd_result *out)
{
    bitmask_state *st = state;
    memset(st->rows, 0, sizeof st->rows);
    memset(st->cols, 0, sizeof st->cols);
    memset(st->boxes, 0, sizeof st->boxes);
    st->work = *in;
    st->empties = 0;
    for (int i = 0; i < st->cells; i++) {
        int v = in->cell[i];
        if (!v) {
            st->empty[st->empties++] = i;
            continue;
        }
        uint64_t bit = (uint64_t)1 << (v - 1);
        st->rows[i / st->side] |= bit;
        st->cols[i % st->side] |= bit;
        st->boxes[st->box_of[i]] |= bit;
    }
    /* The counters start from zero whatever the caller left in *out. */
    st->out = out;
    st->limit = ojd_search_begin(out, search, &st->budget);
    search_from(st, 0);
    return ojd_search_status(&st->budget, out->solutions, st->limit);
}

const ojd_solver ojd_solver_bitmask = {
    .name = "bitmask",
    .summary = "backtracking in row-major order with row/column/box bitmasks",
    .max_side = OJD_MAX_SIDE,
    .create = bitmask_create,
    .destroy = bitmask_destroy,
    .solve = bitmask_solve,
};
