/*
 * solver_mrv.c -- constraint propagation plus minimum-remaining-values branching: the singles
 * core of singles.c with its default options.
 *
 * Model (singles.c has the whole of it): every cell holds a candidate set; at every search node
 * naked and hidden singles run to a fixpoint, a cell without candidates or a unit value without a
 * place is a contradiction, and the search branches on the unplaced cell with the fewest
 * candidates (ties: the most unplaced peers, then the lowest index), its values in increasing
 * order.  The first solution found is in general NOT the lexicographically smallest (ask the
 * engine for search->lexmin for that).  Undo is a trail bounded by cells * (side + 1) entries.
 * Any shape up to 64x64.  The generator asks the same core its uniqueness questions, so this
 * solver's answers and the generator's are one engine's.  Any unit set: a puzzle with regions or
 * extra units has the core follow its ojd_geo (rebuilt when the unit set changes), and this is
 * also the general path of "fast".  A killer board's cages are the core's too
 * (ojd_singles_use_cages()): a placement anywhere, by a single or a branch, must fit its cage.
 */
#include "solve.h"

#include <stdlib.h>

typedef struct mrv_state {
    ojd_geo *geo;
    ojd_singles *core;
    bool caged;                 /* the core keeps a killer board's cages */
} mrv_state;

static void mrv_destroy(void *state)
{
    mrv_state *st = state;
    if (!st)
        return;
    ojd_singles_free(st->core);
    free(st->geo);
    free(st);
}

static void *mrv_create(int box_rows, int box_cols)
{
    mrv_state *st = calloc(1, sizeof *st);
    if (!st)
        return NULL;
    st->geo = ojd_geo_new(box_rows, box_cols);
    st->core = st->geo ? ojd_singles_new(st->geo) : NULL;
    if (!st->core) {
        mrv_destroy(st);
        return NULL;
    }
    return st;
}

static ojd_status mrv_solve(void *state, const ojd_board *in, const ojd_search *search,
                            ojd_result *out)
{
    mrv_state *st = state;
    if (!st->geo || (in->units != 0 && !ojd_geo_fits_board(st->geo, in))) {
        /* the general path's unit set changed (the engine keeps classic puzzles apart) */
        if (!ojd_geo_follow(&st->geo, in))
            return OJD_ERR_NOMEM;
        ojd_singles_use_geo(st->core, st->geo);
    }
    /* the cages are the puzzle's own: a killer board's taken, and dropped again for the next
     * board without them (whatever the caller mixes: the engine keeps classic boards apart,
     * "fast" hands this solver its other grids) */
    bool killer = in->units & OJD_UNITS_KILLER;
    if (killer || st->caged) {
        st->caged = ojd_singles_use_cages(st->core, killer ? in : NULL) && killer;
        if (killer && !st->caged)
            return OJD_ERR_NOMEM; /* the core keeps no cages */
    }
    /* Unsettled: propagating the givens is the search's first node. */
    ojd_singles_load(st->core, in->cell, false);
    return ojd_singles_search(st->core, search, NULL, out);
}

const ojd_solver ojd_solver_mrv = {
    .name = "mrv",
    .summary = "naked and hidden singles to a fixpoint, then the cell with the fewest candidates",
    .max_side = OJD_MAX_SIDE,
    .create = mrv_create,
    .destroy = mrv_destroy,
    .solve = mrv_solve,
    .takes_cages = true,
};
