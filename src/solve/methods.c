/*
 * methods.c -- what the engine does with a puzzle when a judge problem asks something else than
 * its solutions (ojd_method, chosen by the profile's task): cross-hatching alone (COCI CROSS),
 * the best target score (NOIP 2009), an anti-sudoku of a solved grid (Codeforces 1335D).  The
 * givens check has run before any of them (engine.c): the givens repeat nothing.
 *
 * Cross-hatching.  For a value v and a box without v, a cell of the box is free when it is empty
 * and neither its row nor its column holds v; one free cell gets v, none is a contradiction.
 * Placing only adds crossings, so the fixpoint does not depend on the order the placements are
 * made in, and neither does a contradiction: sweeping every value over every box until a sweep
 * places nothing reaches it.  State: the grid and, per row, column and box, the set of values it
 * holds (bit v-1).
 *
 * Target score.  A depth-first search over the cell with the fewest candidates (lowest index on
 * ties), values from the largest, that keeps the best complete grid: a branch and bound, where a
 * node is cut when its score so far plus, for every empty cell, its largest candidate times its
 * weight, cannot beat the best found.  That bound is never below the truth, so the best grid is
 * the best of all solutions.  A node is counted against the budget like any solver's.
 */
#include "solve.h"

#include <string.h>

/* The weight of cell (r, c) of a 9x9 target: 10 at the centre, one less per ring outwards. */
static int target_weight(int r, int c)
{
    int dr = r > 4 ? r - 4 : 4 - r, dc = c > 4 ? c - 4 : 4 - c;
    return 10 - (dr > dc ? dr : dc);
}

/* The values each unit holds (bit v-1), from a board. */
typedef struct units {
    uint64_t row[OJD_MAX_SIDE], col[OJD_MAX_SIDE], box[OJD_MAX_SIDE];
} units;

static void units_of(const ojd_board *b, units *u)
{
    memset(u, 0, sizeof *u);
    int n = b->side;
    for (int i = 0; i < n * n; i++)
        if (b->cell[i]) {
            uint64_t bit = (uint64_t)1 << (b->cell[i] - 1);
            int r = i / n, c = i % n;
            u->row[r] |= bit;
            u->col[c] |= bit;
            u->box[ojd_box_of(b->box_rows, b->box_cols, r, c)] |= bit;
        }
}

/* ---- cross-hatching ------------------------------------------------------------------------ */

ojd_status ojd_cross_hatch(const ojd_board *in, ojd_board *out)
{
    *out = *in;
    int n = in->side, br = in->box_rows, bc = in->box_cols;
    units u;
    units_of(out, &u);
    for (bool placed = true; placed;) {
        placed = false;
        for (int v = 1; v <= n; v++) {
            uint64_t bit = (uint64_t)1 << (v - 1);
            for (int b = 0; b < n; b++) {
                if (u.box[b] & bit)
                    continue;
                int free_cells = 0, at = -1;
                for (int k = 0; k < n; k++) {
                    int r = ojd_box_cell_row(br, bc, b, k), c = ojd_box_cell_col(br, bc, b, k);
                    if (!out->cell[r * n + c] && !((u.row[r] | u.col[c]) & bit)) {
                        free_cells++;
                        at = r * n + c;
                    }
                }
                if (free_cells == 0)
                    return OJD_CONFLICT;
                if (free_cells == 1) {
                    out->cell[at] = (uint8_t)v;
                    u.row[at / n] |= bit;
                    u.col[at % n] |= bit;
                    u.box[b] |= bit;
                    placed = true;
                }
            }
        }
    }
    return OJD_OK;
}

/* ---- target score -------------------------------------------------------------------------- */

typedef struct target {
    units u;
    uint8_t cell[81];
    int box[81];
    long long best;
    uint8_t best_cell[81];
    unsigned long long nodes;
    ojd_budget *budget;
} target;

static void target_search(target *t, long long score)
{
    if (ojd_budget_exhausted(t->budget, ++t->nodes))
        return;
    int pick = -1, fewest = 10;
    uint64_t pick_cand = 0;
    long long bound = score;
    for (int i = 0; i < 81; i++) {
        if (t->cell[i])
            continue;
        int r = i / 9, c = i % 9;
        uint64_t cand = ~(t->u.row[r] | t->u.col[c] | t->u.box[t->box[i]]) & 0x1ff;
        if (!cand)
            return;
        int k = ojd_popcount64(cand);
        bound += (long long)(64 - __builtin_clzll(cand)) * target_weight(r, c);
        if (k < fewest) {
            fewest = k;
            pick = i;
            pick_cand = cand;
        }
    }
    if (pick < 0) { /* complete: a solution */
        if (score > t->best) {
            t->best = score;
            memcpy(t->best_cell, t->cell, sizeof t->cell);
        }
        return;
    }
    if (bound <= t->best)
        return;
    int r = pick / 9, c = pick % 9, w = target_weight(r, c);
    while (pick_cand) {
        int v = 64 - __builtin_clzll(pick_cand); /* the largest candidate first */
        uint64_t bit = (uint64_t)1 << (v - 1);
        pick_cand &= ~bit;
        t->cell[pick] = (uint8_t)v;
        t->u.row[r] |= bit;
        t->u.col[c] |= bit;
        t->u.box[t->box[pick]] |= bit;
        target_search(t, score + (long long)v * w);
        t->u.row[r] &= ~bit;
        t->u.col[c] &= ~bit;
        t->u.box[t->box[pick]] &= ~bit;
        t->cell[pick] = 0;
        if (t->budget->exhausted)
            return;
    }
}

ojd_status ojd_target_best(const ojd_board *in, const ojd_search *search, ojd_result *out)
{
    if (in->side != 9 || in->box_rows != 3 || in->box_cols != 3)
        return OJD_ERR_INVALID; /* the target's rings are a 9x9 grid's */
    ojd_budget budget;
    ojd_search_begin(out, search, &budget);
    target t = {.best = -1, .budget = &budget};
    units_of(in, &t.u);
    long long score = 0;
    for (int i = 0; i < 81; i++) {
        t.cell[i] = in->cell[i];
        t.box[i] = ojd_box_of(3, 3, i / 9, i % 9);
        score += (long long)in->cell[i] * target_weight(i / 9, i % 9);
    }
    target_search(&t, score);
    out->nodes = t.nodes;
    if (budget.exhausted)
        return OJD_LIMIT;
    if (t.best < 0)
        return OJD_UNSOLVABLE;
    out->solution = *in;
    memcpy(out->solution.cell, t.best_cell, sizeof t.best_cell);
    out->solutions = 1;
    out->score = t.best;
    return OJD_OK;
}

/* ---- anti-sudoku --------------------------------------------------------------------------- */

ojd_status ojd_anti_sudoku(const ojd_board *in, ojd_board *out)
{
    int cells = in->side * in->side;
    if (in->side < 2)
        return OJD_ERR_INVALID; /* one cell cannot repeat */
    *out = *in;
    for (int i = 0; i < cells; i++) {
        if (!in->cell[i])
            return OJD_ERR_INVALID; /* not a solved grid */
        /* each unit of a solved grid holds one 1 and one 2: it ends up with two 1s */
        if (in->cell[i] == 2)
            out->cell[i] = 1;
    }
    return OJD_OK;
}
