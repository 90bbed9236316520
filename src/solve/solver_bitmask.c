/*
 * solver_bitmask.c -- backtracking with row/column/box bitmasks.
 *
 * Model: the same search as the plain DFS (empty cells in row-major order, values in increasing
 * order), but the candidates of a cell are computed in O(1) as the complement of the values used
 * in its three units, used[row] | used[column] | used[box] (unit numbers from the shape's
 * ojd_geo), and iterated as set bits.  Invariant: bit v-1 of used[u] is set iff value v is placed
 * in unit u.  The first solution found is the lexicographically smallest one.  Any side up to 64
 * (one uint64_t per unit).  Another unit set (regions, extras) is the same search over the units
 * of its ojd_geo, rebuilt when the unit set changes: every unit slot of the cell (padded by
 * repetition, which OR and AND-NOT do not mind) instead of the three.  A killer board's cages
 * are a third twin of the search: the same order again, each cell's candidates also ANDed with
 * what its cage allows (ojd_cages, solve.h), so the first solution is still the smallest.
 */
#include "solve.h"

#include <stdlib.h>
#include <string.h>

typedef struct bitmask_state {
    ojd_geo *geo;
    uint64_t used[3 * OJD_MAX_SIDE + 6]; /* per unit (rows, columns, boxes, extras): the values
                                          * placed */
    int empty[OJD_MAX_CELLS];   /* indices of the empty cells, row-major */
    int empties;
    ojd_board work;
    ojd_budget budget;
    ojd_result *out;
    unsigned long limit;
    ojd_cages cages;            /* a killer board's cages, with the values placed in them */
} bitmask_state;

static void bitmask_destroy(void *state)
{
    bitmask_state *st = state;
    if (st)
        free(st->geo);
    free(st);
}

static void *bitmask_create(int box_rows, int box_cols)
{
    bitmask_state *st = malloc(sizeof *st);
    if (!st)
        return NULL;
    st->geo = ojd_geo_new(box_rows, box_cols);
    if (!st->geo) {
        free(st);
        return NULL;
    }
    return st;
}

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
    int i = st->empty[k];
    uint64_t *u0 = &st->used[ojd_geo_unit_of(st->geo, i, 0)];
    uint64_t *u1 = &st->used[ojd_geo_unit_of(st->geo, i, 1)];
    uint64_t *u2 = &st->used[ojd_geo_unit_of(st->geo, i, 2)];
    uint64_t cand = st->geo->all & ~(*u0 | *u1 | *u2);
    bool first = true;
    while (cand) {
        int v = ojd_ctz64(cand);
        uint64_t bit = (uint64_t)1 << v;
        cand &= cand - 1;
        if (!first)
            st->out->guesses++;
        first = false;
        *u0 |= bit, *u1 |= bit, *u2 |= bit;
        st->work.cell[i] = (uint8_t)(v + 1);
        bool stop = search_from(st, k + 1);
        *u0 &= ~bit, *u1 &= ~bit, *u2 &= ~bit;
        st->work.cell[i] = 0;
        if (stop)
            return true;
    }
    return false;
}

/* search_from() for any unit set: the same order, every unit slot of the cell.  A twin, not one
 * function for both: on classic grids this loop over a variable number of slots costs far more
 * than search_from()'s three fixed ones; the two must search alike (test_solvers' cross-checks
 * hold them to the same counts). */
static bool search_units(bitmask_state *st, int k)
{
    if (k == st->empties) {
        if (st->out->solutions++ == 0)
            st->out->solution = st->work;
        return st->out->solutions >= st->limit;
    }
    if (ojd_budget_exhausted(&st->budget, ++st->out->nodes))
        return true;
    int i = st->empty[k], n = st->geo->per_cell;
    uint64_t *u[8], taken = 0;
    for (int t = 0; t < n; t++) {
        u[t] = &st->used[ojd_geo_unit_of(st->geo, i, t)];
        taken |= *u[t];
    }
    uint64_t cand = st->geo->all & ~taken;
    bool first = true;
    while (cand) {
        int v = ojd_ctz64(cand);
        uint64_t bit = (uint64_t)1 << v;
        cand &= cand - 1;
        if (!first)
            st->out->guesses++;
        first = false;
        for (int t = 0; t < n; t++)
            *u[t] |= bit;
        st->work.cell[i] = (uint8_t)(v + 1);
        bool stop = search_units(st, k + 1);
        for (int t = 0; t < n; t++)
            *u[t] &= ~bit;
        st->work.cell[i] = 0;
        if (stop)
            return true;
    }
    return false;
}

/* search_units() with a killer board's cages: the values a cell's cage allows are the cage
 * check (ojd_cages_allowed()), kept out of the two searches above, which classic and variant
 * grids run at full speed. */
static bool search_cages(bitmask_state *st, int k)
{
    if (k == st->empties) {
        if (st->out->solutions++ == 0)
            st->out->solution = st->work;
        return st->out->solutions >= st->limit;
    }
    if (ojd_budget_exhausted(&st->budget, ++st->out->nodes))
        return true;
    int i = st->empty[k], n = st->geo->per_cell;
    uint64_t *u[8], taken = 0;
    for (int t = 0; t < n; t++) {
        u[t] = &st->used[ojd_geo_unit_of(st->geo, i, t)];
        taken |= *u[t];
    }
    uint64_t cand = ojd_cages_allowed(&st->cages, i) & ~taken;
    bool first = true;
    while (cand) {
        int v = ojd_ctz64(cand);
        uint64_t bit = (uint64_t)1 << v;
        cand &= cand - 1;
        if (!first)
            st->out->guesses++;
        first = false;
        for (int t = 0; t < n; t++)
            *u[t] |= bit;
        st->work.cell[i] = (uint8_t)(v + 1);
        ojd_cages_place(&st->cages, i, v + 1);
        bool stop = search_cages(st, k + 1);
        ojd_cages_unplace(&st->cages, i, v + 1);
        for (int t = 0; t < n; t++)
            *u[t] &= ~bit;
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
    if (!st->geo || (in->units != 0 && !ojd_geo_fits_board(st->geo, in))) {
        /* the general path's unit set changed (the engine keeps classic puzzles apart) */
        if (!ojd_geo_follow(&st->geo, in))
            return OJD_ERR_NOMEM;
    }
    const ojd_geo *g = st->geo;
    memset(st->used, 0, (size_t)g->nunits * sizeof st->used[0]);
    st->work = *in;
    st->empties = 0;
    for (int i = 0; i < g->cells; i++) {
        int v = in->cell[i];
        if (!v) {
            st->empty[st->empties++] = i;
            continue;
        }
        uint64_t bit = (uint64_t)1 << (v - 1);
        for (int t = 0; t < g->per_cell; t++)
            st->used[ojd_geo_unit_of(g, i, t)] |= bit;
    }
    /* The counters start from zero whatever the caller left in *out. */
    st->out = out;
    st->limit = ojd_search_begin(out, search, &st->budget);
    if (in->units & OJD_UNITS_KILLER) {
        if (ojd_cages_load(&st->cages, in))
            search_cages(st, 0);
    } else if (g->units) {
        search_units(st, 0);
    }
    else {
        search_from(st, 0);
    }
    return ojd_search_status(&st->budget, out->solutions, st->limit);
}

const ojd_solver ojd_solver_bitmask = {
    .name = "bitmask",
    .summary = "backtracking in row-major order with row/column/box bitmasks",
    .max_side = OJD_MAX_SIDE,
    .create = bitmask_create,
    .destroy = bitmask_destroy,
    .solve = bitmask_solve,
    .takes_cages = true,
};
