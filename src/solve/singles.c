/*
 * singles.c -- the singles + MRV core: constraint propagation by naked and hidden singles, and
 * branching on the cell with the fewest candidates.  The "mrv" solver is this core with its
 * defaults; the generator and the grader use it with the options of solve.h.
 *
 * Model: a candidate set and a value per cell; each node propagates to the fixpoint of naked and
 * hidden singles (order-independent: the same tree whatever the order), then branches on the
 * cell with the fewest candidates, values in increasing or shuffled order.  Changes are undone
 * from a trail, which never holds more than cells * (side + 1) entries: along one branch a cell
 * is logged once per candidate lost and once when placed.  Invariants (outside propagate()):
 * val[i] != 0 implies cand[i] == bit(val[i]) and no peer of i has that bit; queue holds
 * unplaced cells whose candidate set became a single bit.  The long form: docs/performance.md,
 * "Notes moved from the source".
 * Killer cages (ojd_singles_use_cages()): every placement, wherever singles or a branch make it,
 * must fit its cage (ojd_cages, solve.h) or is a contradiction, and then narrows the candidates of
 * the cage's empty cells to what the cage still allows (no more: no cage combinations, no 45
 * rule), which may make naked singles.  One more invariant then: an unplaced cell's candidates
 * are within what its cage allows.
 */
#include "solve.h"

#include <stdlib.h>
#include <string.h>

typedef struct trail_entry {
    int cell;
    uint8_t val;
    uint64_t cand;
} trail_entry;

struct ojd_singles {
    const ojd_geo *g;
    uint64_t *cand;         /* [cells] candidate sets */
    uint8_t *val;           /* [cells] placed values, 0 = empty */
    int *queue;             /* [cells] naked singles waiting to be placed */
    int qlen;
    trail_entry *trail;     /* [cells * (side + 1)] */
    size_t tlen;
    int unplaced;           /* cells with val == 0 */
    bool dead;              /* the load met a contradiction */
    bool settled;           /* the load was propagated to the fixpoint */
    ojd_cages *cages;       /* a killer board's cages, else NULL */
    ojd_cages *cage_buf;    /* their storage, allocated by the first killer board */
    /* one search */
    const ojd_singles_opts *o;
    ojd_budget budget;
    unsigned long limit;
    unsigned long long branches;
    ojd_result *out;
};

ojd_singles *ojd_singles_new(const ojd_geo *geo)
{
    ojd_singles *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    size_t cells = (size_t)geo->cells;
    s->g = geo;
    s->cand = malloc(cells * sizeof *s->cand);
    s->val = malloc(cells);
    s->queue = malloc(cells * sizeof *s->queue);
    s->trail = malloc(cells * (size_t)(geo->side + 1) * sizeof *s->trail);
    if (!s->cand || !s->val || !s->queue || !s->trail) {
        ojd_singles_free(s);
        return NULL;
    }
    return s;
}

void ojd_singles_use_geo(ojd_singles *s, const ojd_geo *geo)
{
    s->g = geo;
    s->dead = true; /* nothing loaded for these units yet */
}

void ojd_singles_free(ojd_singles *s)
{
    if (!s)
        return;
    free(s->cand);
    free(s->val);
    free(s->queue);
    free(s->trail);
    free(s->cage_buf);
    free(s);
}

bool ojd_singles_use_cages(ojd_singles *s, const ojd_board *board)
{
    s->dead = true; /* nothing loaded for these cages yet */
    s->cages = NULL;
    if (!board || !(board->units & OJD_UNITS_KILLER))
        return true;
    if (!s->cage_buf)
        s->cage_buf = malloc(sizeof *s->cage_buf);
    if (!s->cage_buf)
        return false;
    ojd_cages_init(s->cage_buf, board);
    s->cages = s->cage_buf;
    return true;
}

/* ---- propagation ------------------------------------------------------------------------- */

static void log_cell(ojd_singles *s, int i)
{
    s->trail[s->tlen++] = (trail_entry){i, s->val[i], s->cand[i]};
}

/* undo_to() on a killer board: a value taken back leaves its cage too. */
static OJD_NOINLINE void undo_caged(ojd_singles *s, size_t mark)
{
    while (s->tlen > mark) {
        trail_entry *e = &s->trail[--s->tlen];
        if (s->val[e->cell] && !e->val) {
            s->unplaced++;
            ojd_cages_unplace(s->cages, e->cell, s->val[e->cell]);
        }
        s->val[e->cell] = e->val;
        s->cand[e->cell] = e->cand;
    }
}

static inline void undo_to(ojd_singles *s, size_t mark)
{
    if (s->cages) {
        undo_caged(s, mark);
        return;
    }
    while (s->tlen > mark) {
        trail_entry *e = &s->trail[--s->tlen];
        if (s->val[e->cell] && !e->val)
            s->unplaced++;
        s->val[e->cell] = e->val;
        s->cand[e->cell] = e->cand;
    }
}

/* Narrows candidate set j to mask (logged; a single queued); false when nothing is left. */
static inline bool narrow(ojd_singles *s, int j, uint64_t mask)
{
    uint64_t c = s->cand[j] & mask;
    if (c == s->cand[j])
        return true;
    log_cell(s, j);
    s->cand[j] = c;
    if (c && !(c & (c - 1)))
        s->queue[s->qlen++] = j;
    return c != 0;
}

/* Removes bit from the candidates of cell i's peers (the rest of placing it there); false on
 * contradiction. */
static inline bool take_from_peers(ojd_singles *s, int i, uint64_t bit)
{
    const int16_t *p = ojd_geo_peers(s->g, i);
    for (int k = 0, n = s->g->npeers; k < n; k++) {
        int j = p[k];
        if (!(s->cand[j] & bit))
            continue;
        if (s->val[j])
            return false; /* cannot happen when the invariant holds; be safe */
        log_cell(s, j);
        uint64_t c = s->cand[j] &= ~bit;
        if (!c)
            return false;
        if (!(c & (c - 1)))
            s->queue[s->qlen++] = j;
    }
    return true;
}

/* place() on a killer board, for an empty cell i with v among its candidates: v must fit the
 * cell's cage, which takes it; the cage's empty cells keep only what it still allows. */
static OJD_NOINLINE bool place_caged(ojd_singles *s, int i, int v)
{
    ojd_cages *c = s->cages;
    if (!ojd_cages_fits(c, i, v))
        return false;
    uint64_t bit = (uint64_t)1 << (v - 1);
    log_cell(s, i);
    s->val[i] = (uint8_t)v;
    s->cand[i] = bit;
    s->unplaced--;
    ojd_cages_place(c, i, v);
    int n;
    const int16_t *mates = ojd_cages_mates(c, i, &n);
    for (int k = 0; k < n; k++)
        if (!s->val[mates[k]] && !narrow(s, mates[k], ojd_cages_allowed(c, mates[k])))
            return false;
    return take_from_peers(s, i, bit);
}

/* Places value v (1-based) in cell i and removes it from the peers; false on contradiction
 * (on a killer board also when v breaks cell i's cage).  The cage work is a call of its own,
 * so that classic grids pay one test of s->cages for it. */
static bool singles_place(ojd_singles *s, int i, int v)
{
    uint64_t bit = (uint64_t)1 << (v - 1);
    if (s->val[i])
        return s->val[i] == v;
    if (!(s->cand[i] & bit))
        return false;
    if (s->cages)
        return place_caged(s, i, v);
    log_cell(s, i);
    s->val[i] = (uint8_t)v;
    s->cand[i] = bit;
    s->unplaced--;
    return take_from_peers(s, i, bit);
}

/*
 * One sweep of hidden singles over every unit.  For a unit, once = values possible in at least
 * one cell, twice = in at least two; a value in once but not twice and not yet placed has a
 * single home.  Returns -1 on contradiction, else the number of values placed.
 */
static int singles_hidden_singles(ojd_singles *s)
{
    const ojd_geo *g = s->g;
    const int16_t *cells = g->unit;
    int side = g->side, nunits = g->nunits, placed_now = 0;
    uint64_t all = g->all;
    for (int u = 0; u < nunits; u++, cells += side) {
        uint64_t once = 0, twice = 0, placed = 0;
        for (int k = 0; k < side; k++) {
            uint64_t c = s->cand[cells[k]];
            twice |= once & c;
            once |= c;
            if (s->val[cells[k]])
                placed |= c;
        }
        if (once != all)
            return -1; /* some value has no possible cell in this unit */
        uint64_t hidden = once & ~twice & ~placed;
        while (hidden) {
            uint64_t bit = hidden & (~hidden + 1);
            hidden &= hidden - 1;
            for (int k = 0; k < side; k++)
                if (s->cand[cells[k]] & bit) {
                    if (!singles_place(s, cells[k], ojd_ctz64(bit) + 1))
                        return -1;
                    placed_now++;
                    break;
                }
        }
    }
    return placed_now;
}

/* Naked and hidden singles to a fixpoint; false on contradiction (the queue is then emptied). */
static bool singles_propagate(ojd_singles *s)
{
    for (;;) {
        while (s->qlen > 0) {
            int j = s->queue[--s->qlen];
            uint64_t c = s->cand[j];
            if (!c || !singles_place(s, j, ojd_ctz64(c) + 1)) {
                s->qlen = 0;
                return false;
            }
        }
        if (s->unplaced == 0)
            return true;
        int n = singles_hidden_singles(s);
        if (n < 0) {
            s->qlen = 0;
            return false;
        }
        if (n == 0 && s->qlen == 0)
            return true;
    }
}

/* ---- search ------------------------------------------------------------------------------ */

/* Unplaced peers of cell i: how many cells a value placed in i would still constrain. */
static int degree(const ojd_singles *s, int i)
{
    const int16_t *p = ojd_geo_peers(s->g, i);
    int n = 0;
    for (int k = 0; k < s->g->npeers; k++)
        n += !s->val[p[k]];
    return n;
}

/*
 * mrv's branching cell: fewest candidates; among those, the most unplaced peers (the degree
 * heuristic: the choice that prunes the most), then the lowest index.  The tie-break matters:
 * against lowest-index-only it cuts kr_vu 16x16 from 920 to 93 nodes per puzzle and hard 25x25
 * by a factor of 4.  Needs at least one unplaced cell.
 */
static int pick_by_degree(const ojd_singles *s)
{
    int best = -1, best_count = s->g->side + 1, best_degree = -1, cells = s->g->cells;
    const uint64_t *cand = s->cand;
    const uint8_t *val = s->val;
    for (int i = 0; i < cells; i++) {
        if (val[i])
            continue;
        int n = ojd_popcount64(cand[i]);
        if (n > best_count)
            continue;
        int d = degree(s, i);
        if (n < best_count || d > best_degree) {
            best = i;
            best_count = n;
            best_degree = d;
        }
    }
    return best;
}

/* The generator's branching cell: the first with the fewest candidates (two is the fewest an
 * unplaced cell has at a fixpoint, so the scan stops at the first pair). */
static int pick_first(const ojd_singles *s)
{
    int best = -1, best_count = OJD_MAX_SIDE + 1;
    for (int i = 0; i < s->g->cells; i++) {
        if (s->val[i])
            continue;
        int n = ojd_popcount64(s->cand[i]);
        if (n < best_count) {
            best = i;
            best_count = n;
            if (n <= 2)
                break;
        }
    }
    return best;
}

static void record_solution(ojd_singles *s)
{
    if (s->out->solutions++ == 0)
        memcpy(s->out->solution.cell, s->val, (size_t)s->g->cells);
}

static bool visit(ojd_singles *s);

/*
 * Expands a propagated node: a solution when every cell is placed, else one child per value of
 * the branching cell.  true when the search must stop (solution limit or budget).
 */
static bool expand(ojd_singles *s)
{
    if (s->unplaced == 0) {
        record_solution(s);
        return s->out->solutions >= s->limit;
    }
    if (s->o->budget_branches && ojd_budget_exhausted(&s->budget, ++s->branches))
        return true;
    int best = s->o->first_fewest ? pick_first(s) : pick_by_degree(s);
    /* the values in increasing order, or shuffled as the generator asks */
    uint64_t cand = s->cand[best];
    int values[OJD_MAX_SIDE], count = ojd_popcount64(cand);
    ojd_rng *rng = s->o->rng;
    if (rng) {
        for (int k = 0; k < count; k++, cand &= cand - 1)
            values[k] = ojd_ctz64(cand) + 1;
        for (int k = count - 1; k > 0; k--) {
            int j = (int)ojd_rng_below(rng, (uint64_t)k + 1);
            int t = values[k];
            values[k] = values[j], values[j] = t;
        }
    }
    for (int k = 0; k < count; k++, cand &= cand - 1) {
        if (k > 0)
            s->out->guesses++;
        size_t mark = s->tlen;
        int v = rng ? values[k] : ojd_ctz64(cand) + 1;
        bool stop = singles_place(s, best, v) && visit(s);
        s->qlen = 0;
        undo_to(s, mark);
        if (stop)
            return true;
    }
    return false;
}

/* One search node: count it, propagate the placement that made it, expand. */
static bool visit(ojd_singles *s)
{
    ++s->out->nodes;
    if (!s->o->budget_branches && ojd_budget_exhausted(&s->budget, s->out->nodes))
        return true;
    if (!singles_propagate(s))
        return false;
    return expand(s);
}

/*
 * Removes value from cell; a cell left with one candidate is placed and propagated, and only
 * then, so that the search branches from the state the removal leaves: the one the generator's
 * node budgets were set for.  false on contradiction.
 */
static bool forbid(ojd_singles *s, int cell, int value)
{
    uint64_t bit = (uint64_t)1 << (value - 1);
    if (s->val[cell])
        return s->val[cell] != value;
    if (s->cand[cell] & bit)
        log_cell(s, cell);
    uint64_t m = s->cand[cell] &= ~bit;
    if (!m)
        return false;
    if (m & (m - 1))
        return true;
    return singles_place(s, cell, ojd_ctz64(m) + 1) && singles_propagate(s);
}

bool ojd_singles_load(ojd_singles *s, const uint8_t *cells, bool settle)
{
    const ojd_geo *g = s->g;
    for (int i = 0; i < g->cells; i++)
        s->cand[i] = g->all;
    memset(s->val, 0, (size_t)g->cells);
    s->unplaced = g->cells;
    s->tlen = 0;
    s->qlen = 0;
    bool ok = true;
    if (s->cages) {
        /* what each cage allows before any value is placed (a one-cell cage: its sum) */
        ojd_cages_clear(s->cages);
        for (int i = 0; i < g->cells && ok; i++)
            ok = narrow(s, i, ojd_cages_allowed(s->cages, i));
    }
    /* The givens are logged like any placement; the trail bound above counts them. */
    for (int i = 0; i < g->cells && ok; i++)
        if (cells[i])
            ok = singles_place(s, i, cells[i]);
    if (ok && settle)
        ok = singles_propagate(s);
    if (!ok)
        s->qlen = 0;
    s->dead = !ok;
    s->settled = settle;
    return ok;
}

bool ojd_singles_solved(const ojd_singles *s) { return !s->dead && s->unplaced == 0; }

ojd_status ojd_singles_search(ojd_singles *s, const ojd_search *search,
                              const ojd_singles_opts *opts, ojd_result *out)
{
    static const ojd_singles_opts defaults;
    s->o = opts ? opts : &defaults;
    s->out = out;
    s->limit = ojd_search_begin(out, search, &s->budget);
    s->branches = 0;
    if (s->dead) {
        /* nothing to search */
    } else if (!s->settled) {
        visit(s); /* mrv's whole solve: the root's propagation stays (nobody searches again) */
    } else {
        size_t mark = s->tlen;
        if (s->o->forbid_value > 0) {
            if (forbid(s, s->o->forbid_cell, s->o->forbid_value))
                expand(s);
        } else {
            expand(s);
        }
        s->qlen = 0;
        undo_to(s, mark);
    }
    if (out->solutions > 0) {
        const ojd_geo *g = s->g;
        out->solution.box_rows = g->box_rows;
        out->solution.box_cols = g->box_cols;
        out->solution.side = g->side;
        out->solution.units = g->units;
        if (g->region)
            memcpy(out->solution.region, g->region, (size_t)g->cells);
    }
    return ojd_search_status(&s->budget, out->solutions, s->limit);
}
