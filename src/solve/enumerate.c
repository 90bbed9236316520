/*
 * enumerate.c -- every solution of a puzzle, in lexicographic (row-major) order, for --all.
 *
 * Model: a depth-first walk over the first empty cell in row-major order, trying its values from
 * the smallest, that descends only into partial grids the engine calls solvable (one solution
 * asked for).  Every leaf is a solution and no dead branch is entered, so each solution costs at
 * most side*side*side oracle calls whatever the solver, and the solutions come out in increasing
 * row-major order (the first is the one UVa 989 wants).  The walk keeps one board and recurses
 * once per empty cell (at most OJD_MAX_CELLS frames of a few words).
 */
#include "solve.h"

typedef struct walk {
    ojd_engine *engine;
    ojd_search search;        /* the caller's budgets, limit 1: "is this partial grid solvable?" */
    unsigned long max;
    unsigned long found;
    bool (*visit)(void *context, const ojd_board *solution);
    void *context;
    ojd_result scratch;
    ojd_status status;        /* OJD_OK, or what stopped the walk */
    bool stop;
} walk;

static void descend(walk *w, ojd_board *b, int from)
{
    int cells = b->side * b->side;
    int i = from;
    while (i < cells && b->cell[i])
        i++;
    if (i == cells) {
        w->found++;
        if (!w->visit(w->context, b)) {
            w->status = OJD_ERR_IO;
            w->stop = true;
        }
        if (w->found >= w->max)
            w->stop = true;
        return;
    }
    for (int v = 1; v <= b->side && !w->stop; v++) {
        if (!ojd_board_fits(b, i, v))
            continue;
        b->cell[i] = (uint8_t)v;
        ojd_status st = ojd_engine_solve(w->engine, b, &w->search, &w->scratch);
        if (st == OJD_OK || st == OJD_MULTIPLE)
            descend(w, b, i + 1);
        else if (st != OJD_UNSOLVABLE && st != OJD_CONFLICT) {
            w->status = st; /* a budget ran out, or an error */
            w->stop = true;
        }
    }
    b->cell[i] = 0;
}

ojd_status ojd_engine_each_solution(ojd_engine *engine, const ojd_board *puzzle,
                                    const ojd_search *search, unsigned long max,
                                    bool (*visit)(void *context, const ojd_board *solution),
                                    void *context, unsigned long *found)
{
    if (found)
        *found = 0;
    if (!engine || !puzzle || !visit || max == 0)
        return OJD_ERR_INVALID;
    walk w = {.engine = engine, .max = max, .visit = visit, .context = context,
              .status = OJD_OK};
    if (search)
        w.search = *search;
    w.search.limit = 1;
    w.search.lexmin = false;
    /* the puzzle itself first: conflicts, no solution, bad boards end here */
    ojd_status st = ojd_engine_solve(engine, puzzle, &w.search, &w.scratch);
    if (st != OJD_OK && st != OJD_MULTIPLE)
        return st;
    ojd_board b = *puzzle;
    descend(&w, &b, 0);
    if (found)
        *found = w.found;
    return w.status;
}
