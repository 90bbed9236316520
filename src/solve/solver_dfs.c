/*
 * solver_dfs.c -- plain recursive backtracking, the simple oracle the other solvers are tested
 * against.
 *
 * Model: the empty cells are filled in row-major order; each one tries the values 1..side in
 * increasing order, and a value is accepted when a scan of the cell's row, column and box finds
 * it nowhere (no bitmasks, no propagation: the point is that it is obviously right).  The scan is
 * the board's own (ojd_board_fits), deliberately not the ojd_geo tables every other solver shares,
 * so that checking them against this oracle checks the tables too.  The same scan keeps a
 * killer board's cages (a value new in the cell's cage, the cage's sum still reachable): the
 * rule the other seed solvers keep with their cage tracker (ojd_cages, solve.h), written apart
 * from it, so the oracle checks the tracker as well.  Because
 * both the cell order and the value order are the natural ones, the first solution found is the
 * lexicographically smallest (row-major) solution of the puzzle.  Any shape up to 64x64; the
 * state is the working grid plus the list of empty cells, owned by the per-shape struct.
 */
#include "solve.h"

#include <stdlib.h>

typedef struct dfs_state {
    int side, box_rows, box_cols, cells;
    int empty[OJD_MAX_CELLS];   /* indices of the empty cells, row-major */
    int empties;
    ojd_board work;             /* the givens plus the values placed so far */
    ojd_budget budget;
    ojd_result *out;
    unsigned long limit;
} dfs_state;

static void *dfs_create(int box_rows, int box_cols)
{
    dfs_state *st = malloc(sizeof *st);
    if (!st)
        return NULL;
    st->box_rows = box_rows;
    st->box_cols = box_cols;
    st->side = box_rows * box_cols;
    st->cells = st->side * st->side;
    return st;
}

static void dfs_destroy(void *state) { free(state); }

/* Fills empty cells k.. ; true when the search must stop (solution limit or budget reached). */
static bool dfs_search_from(dfs_state *st, int k)
{
    if (k == st->empties) {
        if (st->out->solutions++ == 0)
            st->out->solution = st->work;
        return st->out->solutions >= st->limit;
    }
    if (ojd_budget_exhausted(&st->budget, ++st->out->nodes))
        return true;
    int i = st->empty[k];
    bool first = true;
    for (int v = 1; v <= st->side; v++) {
        if (!ojd_board_fits(&st->work, i, v))
            continue;
        if (!first)
            st->out->guesses++;
        first = false;
        st->work.cell[i] = (uint8_t)v;
        bool stop = dfs_search_from(st, k + 1);
        st->work.cell[i] = 0;
        if (stop)
            return true;
    }
    return false;
}

static ojd_status dfs_solve(void *state, const ojd_board *in, const ojd_search *search,
                            ojd_result *out)
{
    dfs_state *st = state;
    st->work = *in;
    st->empties = 0;
    for (int i = 0; i < st->cells; i++)
        if (!in->cell[i])
            st->empty[st->empties++] = i;
    /* The counters start from zero whatever the caller left in *out. */
    st->out = out;
    st->limit = ojd_search_begin(out, search, &st->budget);
    dfs_search_from(st, 0);
    return ojd_search_status(&st->budget, out->solutions, st->limit);
}

const ojd_solver ojd_solver_dfs = {
    .name = "dfs",
    .summary = "plain backtracking in row-major order, values in increasing order (the oracle)",
    .max_side = OJD_MAX_SIDE,
    .create = dfs_create,
    .destroy = dfs_destroy,
    .solve = dfs_solve,
    .takes_cages = true,
};
