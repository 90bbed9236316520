/*
 * solver_fast_large.c -- the "fast" engine for every shape except 9x9 (1x1, 4x4, 6x6, 16x16,
 * 25x25, ... any box_rows x box_cols up to 8x8).
 *
 * Model: one uint64_t candidate set per cell (bit v-1 = value v); a frame is the candidates plus,
 * per unit, the values placed, and the count of unsolved cells.  Propagation runs to a fixpoint,
 * cheapest rule first: naked singles, hidden singles, locked candidates, then all-different
 * filtering per unit (Regin's matching); rules 2-4 look only at units changed since they last
 * looked (the three unit sets, touch()), which deduces exactly what full scans would.  After
 * PROBE_AFTER contradictions, on sides up to PROBE_MAX_SIDE, every node is also probed (probe())
 * and frames keep place counts and value boards (lose()).  The search is binary on a (cell, value)
 * pair: the cell minimises candidates / weighted degree (dom/wdeg), the value first tried has the
 * fewest places in the cell's units; before the first solution it restarts.  Frames are copied on
 * branching into a stack that the engine owns (no undo trail, no globals).  The long form, with
 * its measurements: docs/performance.md, "Notes moved from the source".
 */
#include "solve.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

typedef int16_t idx_t;

/*
 * Restarts: until a first solution, the search starts again from the root after RESTART_FIRST
 * contradictions, then after 1.5 times as many each time (weights and tie-breaks carry over).
 * The last run is never cut and the run that finds a solution goes on to its end, so no solution
 * is counted twice.  On grids that probe, the first restart (as probing starts) is the last.
 * Target phases: a cell's value in the deepest consistent state so far is tried first (value
 * order changes no count).  Measurements: docs/performance.md, "Notes moved".
 */
#define RESTART_FIRST 50

/*
 * Probing (probe() below) starts after PROBE_AFTER contradictions of a search, so that puzzles
 * propagation and a few guesses solve pay nothing for it, and only up to PROBE_MAX_SIDE: on
 * larger grids the probes of every cell cost more than they save.
 */
#define PROBE_AFTER 50
#define PROBE_MAX_SIDE 16
_Static_assert(PROBE_MAX_SIDE <= UINT8_MAX, "a place count (at most side) fits its byte");
_Static_assert(RESTART_FIRST == PROBE_AFTER,
               "a probing grid restarts once, when probing starts (see RESTART_FIRST)");

typedef struct fl_engine {
    int side, box_rows, box_cols, cells, nunits, npeers;
    uint64_t all;
    ojd_geo *geo;         /* the shape's tables; the three below point into it */
    const idx_t *unit_cell; /* nunits x side: the cells of each unit (rows, then columns, boxes) */
    const idx_t *cell_unit; /* cells x 3: row, column and box unit of each cell */
    const idx_t *peer;    /* cells x npeers: the box, then the row and column outside it */
    /*
     * Value boards, on frames with place counts (side <= PROBE_MAX_SIDE, so cells <= 256): per
     * value, board_words words with bit i set while cell i holds the value as a candidate.  A
     * placed value's peers that still hold it are then a few ANDs with the cell's peer mask,
     * not a scan of every peer, and a hidden single's cell is its unit's mask ANDed with them.
     */
    int board_words;
    uint64_t *peer_mask;  /* cells x board_words: the peers of each cell */
    uint64_t *unit_mask;  /* nunits x board_words: the cells of each unit */
    /*
     * Search frames: cand[cells], placed[nunits], unsolved count, branch cell and value of the
     * pending branch, whether the frame has place counts, three unit sets of dirty_words each
     * (below), the place counts (nunits x side bytes) and value boards (side x board_words), both
     * only when countable, then the box/line segment unions rseg[side x box_rows] (candidates
     * of row r inside box column j) and cseg[side x box_cols] (column c inside box row j), valid
     * for every line not in the locked set.
     */
    size_t frame_words;
    int off_placed, off_unsolved, off_branch, off_counted, off_dirty, off_count, off_board,
        off_rseg, off_cseg; /* word offsets */
    int dirty_words;      /* words of one unit set */
    uint64_t *stack;
    uint64_t *root;       /* the propagated root frame, kept for restarts */
    size_t stack_cap;     /* frames allocated */
    idx_t *queue;         /* cells waiting for naked-single propagation (each at most once) */
    int qtail;
    bool countable;       /* side <= PROBE_MAX_SIDE: frames have room for place counts */
    int *hqueue;          /* unit * side + value: counts that fell to 1 (hidden single candidates) */
    int hqtail;
    idx_t *probe_placed;  /* cells a probe's singles placed, in order (each at most once) */
    int probe_nplaced;
    uint64_t *implied;    /* per cell: values a successful probe of this node placed (probe()) */
    uint32_t *weight;     /* per unit: 1 + contradictions found in it during this search */
    uint8_t *phase;       /* per cell: the value it had in the target state (below), 0 = none */
    uint64_t target_unsolved; /* unsolved cells of the target state of this run */
    int fail_unit, fail_cell; /* where the last contradiction was found, -1 = unknown */
    uint64_t rng;         /* xorshift state for tie-breaking, reseeded per puzzle */
    ojd_budget budget;
} fl_engine;

/* ---- tables ------------------------------------------------------------------------------ */

void ojd_fast_large_destroy(void *state)
{
    fl_engine *e = state;
    if (!e)
        return;
    free(e->geo);
    free(e->stack);
    free(e->root);
    free(e->queue);
    free(e->hqueue);
    free(e->probe_placed);
    free(e->peer_mask);
    free(e->unit_mask);
    free(e->implied);
    free(e->weight);
    free(e->phase);
    free(e);
}

/*
 * Frames allocated up front.  A search rarely goes deeper than a few dozen levels on 16x16 and a
 * few hundred on sparse 25x25 grids; the stack doubles on demand (and stays grown for the next
 * puzzle), so a 64x64 engine does not reserve its worst case of cells + 1 frames (~140 MB).
 */
static size_t initial_frames(const fl_engine *e)
{
    size_t want = (size_t)e->cells + 2;
    return want < 32 ? want : 32;
}

void *ojd_fast_large_create(int box_rows, int box_cols)
{
    fl_engine *e = calloc(1, sizeof *e);
    if (!e)
        return NULL;
    e->geo = ojd_geo_new(box_rows, box_cols); /* NULL for a shape out of range */
    if (!e->geo) {
        free(e);
        return NULL;
    }
    const ojd_geo *g = e->geo;
    int side = g->side, cells = g->cells;
    e->side = side;
    e->box_rows = box_rows;
    e->box_cols = box_cols;
    e->cells = cells;
    e->nunits = g->nunits;
    e->npeers = g->npeers;
    e->all = g->all;
    e->unit_cell = g->unit;
    e->cell_unit = g->cell_unit;
    e->peer = g->peer;
    e->off_placed = cells;
    e->off_unsolved = e->off_placed + e->nunits;
    e->off_branch = e->off_unsolved + 1;
    e->off_counted = e->off_branch + 1;
    e->off_dirty = e->off_counted + 1;
    e->dirty_words = (e->nunits + 63) / 64;
    e->countable = side <= PROBE_MAX_SIDE;
    e->off_count = e->off_dirty + 3 * e->dirty_words;
    e->off_board = e->off_count + (e->countable ? (e->nunits * side + 7) / 8 : 0);
    e->board_words = e->countable ? (cells + 63) / 64 : 0;
    e->off_rseg = e->off_board + side * e->board_words;
    e->off_cseg = e->off_rseg + side * box_rows;
    e->frame_words = (size_t)e->off_cseg + (size_t)side * (size_t)box_cols;
    e->queue = malloc(sizeof *e->queue * (size_t)cells);
    e->hqueue = malloc(sizeof *e->hqueue * (size_t)e->nunits * (size_t)side);
    e->probe_placed = malloc(sizeof *e->probe_placed * (size_t)cells);
    e->implied = malloc(sizeof *e->implied * (size_t)cells);
    e->weight = malloc(sizeof *e->weight * (size_t)e->nunits);
    e->phase = malloc((size_t)cells);
    e->stack_cap = initial_frames(e);
    e->stack = malloc(sizeof *e->stack * e->frame_words * e->stack_cap);
    e->root = malloc(sizeof *e->root * e->frame_words);
    if (!e->queue || !e->hqueue || !e->probe_placed || !e->implied || !e->weight || !e->phase ||
        !e->root || !e->stack) {
        ojd_fast_large_destroy(e);
        return NULL;
    }
    if (e->countable) {
        int bw = e->board_words;
        e->peer_mask = calloc((size_t)cells * (size_t)bw, sizeof *e->peer_mask);
        e->unit_mask = calloc((size_t)e->nunits * (size_t)bw, sizeof *e->unit_mask);
        if (!e->peer_mask || !e->unit_mask) {
            ojd_fast_large_destroy(e);
            return NULL;
        }
        for (int i = 0; i < cells; i++)
            for (int k = 0; k < e->npeers; k++) {
                int j = e->peer[i * e->npeers + k];
                e->peer_mask[i * bw + (j >> 6)] |= (uint64_t)1 << (j & 63);
            }
        for (int u = 0; u < e->nunits; u++)
            for (int k = 0; k < side; k++) {
                int j = e->unit_cell[u * side + k];
                e->unit_mask[u * bw + (j >> 6)] |= (uint64_t)1 << (j & 63);
            }
    }
    return e;
}

/* Makes room for frame index `need`; false when out of memory. */
static bool ensure_frames(fl_engine *e, size_t need)
{
    if (need < e->stack_cap)
        return true;
    size_t cap = e->stack_cap * 2;
    if (cap <= need)
        cap = need + 1;
    if (cap > (size_t)e->cells + 2)
        cap = (size_t)e->cells + 2; /* every first branch places a cell: depth <= cells */
    if (cap <= need)
        return false;
    uint64_t *s = realloc(e->stack, sizeof *s * e->frame_words * cap);
    if (!s)
        return false;
    e->stack = s;
    e->stack_cap = cap;
    return true;
}

/* ---- propagation ------------------------------------------------------------------------- */

static inline bool single(uint64_t x) { return (x & (x - 1)) == 0; }

/*
 * The frame's unit sets, dirty_words each: units changed since hidden singles last scanned them
 * (HIDDEN), locked candidates looked at them (LOCKED) and all-different filtered them
 * (ALLDIFF).  touch() marks HIDDEN and ALLDIFF; hidden() hands each unit it scans on to LOCKED (on
 * a frame with place counts it scans none and hands on the whole set).  That is enough because
 * propagate() runs hidden singles to a fixpoint before locked candidates, so every change reaches
 * LOCKED through HIDDEN before locked() reads it.  At a fixpoint all three sets are empty, but for
 * ALLDIFF on a frame with place counts (see touch()).
 */
enum { HIDDEN, LOCKED, ALLDIFF };

static inline uint64_t *unit_set(const fl_engine *e, uint64_t *f, int which)
{
    return f + e->off_dirty + which * e->dirty_words;
}

/* The frame's place counts: count[u * side + v] = cells of unit u with value v + 1 a candidate. */
static inline uint8_t *counts(const fl_engine *e, uint64_t *f)
{
    return (uint8_t *)(f + e->off_count);
}

/* The frame's value boards: board(e, f) + v * board_words is value v + 1's (frames with counts). */
static inline uint64_t *boards(const fl_engine *e, uint64_t *f) { return f + e->off_board; }

/* Marks the three units of cell i as changed (cell i lost a candidate).  Also in ALLDIFF on a
 * frame with place counts, where no rule reads it (propagate() runs no matching on such frames,
 * and a frame never loses its counts): no test on the hot path. */
static inline void fast_large_touch(const fl_engine *e, uint64_t *f, int i)
{
    uint64_t *hid = unit_set(e, f, HIDDEN), *ad = unit_set(e, f, ALLDIFF);
    const idx_t *cu = e->cell_unit + 3 * i;
    for (int k = 0; k < 3; k++) {
        uint64_t b = (uint64_t)1 << (cu[k] & 63);
        hid[cu[k] >> 6] |= b;
        ad[cu[k] >> 6] |= b;
    }
}

/* The cell's part of a removal: the values m leave cell p (marked in the unit sets with mark);
 * false when p is left without a candidate. */
static inline bool lose_cell(fl_engine *e, uint64_t *f, int p, uint64_t m, bool mark)
{
    uint64_t c = f[p] & ~m;
    f[p] = c;
    if (mark)
        fast_large_touch(e, f, p);
    if (!c) {
        e->fail_cell = p;
        return false;
    }
    return true;
}

/*
 * Removes the values m (nonzero, all candidates of cell p) from cell p.  On a frame with place
 * counts (f[off_counted]) p leaves the value boards of m, and each count of p's three units for
 * each value of m goes down: one that falls to 1 queues its (unit, value) for hidden singles (so
 * each pair is queued at most once between two resets of the queue, which bounds it by nunits x
 * side), one that falls to 0 is a contradiction (the value has no place left in the unit).  A
 * cell left without candidates is one on any frame.  Does not queue p for naked singles: the
 * callers do.  Always inlined: the inner step of every rule.
 */
static OJD_ALWAYS_INLINE bool lose_marked(fl_engine *e, uint64_t *f, int p, uint64_t m, bool mark)
{
    if (!lose_cell(e, f, p, m, mark))
        return false;
    if (!f[e->off_counted])
        return true;
    uint8_t *count = counts(e, f);
    const idx_t *cu = e->cell_unit + 3 * p;
    int side = e->side, bw = e->board_words;
    int at0 = cu[0] * side, at1 = cu[1] * side, at2 = cu[2] * side;
    uint64_t *board = boards(e, f) + (p >> 6), keep = ~((uint64_t)1 << (p & 63));
    for (; m; m &= m - 1) {
        int v = ojd_ctz64(m);
        board[v * bw] &= keep;
        /* the row's, column's and box's counts of v; a fall to 1 or 0 is rare: one test */
        int l0 = --count[at0 + v], l1 = --count[at1 + v], l2 = --count[at2 + v];
        if ((l0 <= 1) | (l1 <= 1) | (l2 <= 1)) {
            if (l0 == 0 || l1 == 0 || l2 == 0) {
                e->fail_unit = l0 == 0 ? cu[0] : l1 == 0 ? cu[1] : cu[2];
                return false;
            }
            if (l0 == 1)
                e->hqueue[e->hqtail++] = at0 + v;
            if (l1 == 1)
                e->hqueue[e->hqtail++] = at1 + v;
            if (l2 == 1)
                e->hqueue[e->hqtail++] = at2 + v;
        }
    }
    return true;
}

static inline bool lose(fl_engine *e, uint64_t *f, int p, uint64_t m)
{
    return lose_marked(e, f, p, m, true);
}

/*
 * Removes the values m from cell p.  Returns false on a contradiction; queues p when it becomes a
 * single.  *changed is set when anything was removed.
 */
static inline bool drop(fl_engine *e, uint64_t *f, int p, uint64_t m, bool *changed)
{
    m &= f[p];
    if (!m)
        return true;
    *changed = true;
    if (!lose(e, f, p, m))
        return false;
    if (single(f[p]))
        e->queue[e->qtail++] = (idx_t)p;
    return true;
}

/*
 * Naked singles: places every queued cell and removes its value from its peers.  counted: the
 * frame keeps place counts and value boards (the peers holding the value come from its board,
 * and removals go through lose_marked(), which keeps both); mark: the unit sets are marked (a
 * probe's frame reads none of them, and a probe's placed cells are listed in probe_placed
 * instead).  Both are constants where it is called, so each caller gets its own loop: the frames
 * without counts (every 25x25 search, and 16x16 ones until probing starts) pay nothing for them.
 */
static inline bool naked_with(fl_engine *e, uint64_t *f, bool counted, bool mark)
{
    uint64_t *cand = f, *placed = f + e->cells, *unsolved = placed + e->nunits;
    for (int qh = 0; qh < e->qtail; qh++) {
        int i = e->queue[qh];
        uint64_t b = cand[i];
        const idx_t *cu = e->cell_unit + 3 * i;
        placed[cu[0]] |= b;
        placed[cu[1]] |= b;
        placed[cu[2]] |= b;
        (*unsolved)--;
        if (counted) {
            /* the peers holding b: the value's board under i's peer mask */
            int bw = e->board_words;
            const uint64_t *holds = boards(e, f) + ojd_ctz64(b) * bw,
                           *near = e->peer_mask + (size_t)i * (size_t)bw;
            if (!mark)
                e->probe_placed[e->probe_nplaced++] = (idx_t)i;
            for (int w = 0; w < bw; w++)
                for (uint64_t hit = holds[w] & near[w]; hit; hit &= hit - 1) {
                    int j = 64 * w + ojd_ctz64(hit);
                    if (!lose_marked(e, f, j, b, mark))
                        return false;
                    if (single(cand[j]))
                        e->queue[e->qtail++] = (idx_t)j;
                }
            continue;
        }
        const idx_t *p = e->peer + (size_t)i * (size_t)e->npeers;
        for (int k = 0; k < e->npeers; k++) {
            int j = p[k];
            if (cand[j] & b) {
                if (!lose_cell(e, f, j, b, mark))
                    return false;
                if (single(cand[j]))
                    e->queue[e->qtail++] = (idx_t)j;
            }
        }
    }
    e->qtail = 0;
    return true;
}

static bool naked(fl_engine *e, uint64_t *f)
{
    return f[e->off_counted] ? naked_with(e, f, true, true) : naked_with(e, f, false, true);
}

/*
 * Hidden singles from the queued (unit, value) pairs whose place count fell to 1: the one cell
 * of the unit with that value gets it, unless the value is placed there already or the cell holds
 * it alone (then it waits in the naked queue).  The pairs its own removals queue are handled in
 * the same pass.  *changed when a cell was fixed.
 */
static inline bool hidden_counted(fl_engine *e, uint64_t *f, bool *changed, bool mark)
{
    uint64_t *cand = f, *placed = f + e->cells;
    uint64_t *hid = unit_set(e, f, HIDDEN), *lock = unit_set(e, f, LOCKED);
    int side = e->side;
    for (int w = 0; w < e->dirty_words; w++) {
        lock[w] |= hid[w]; /* as unit scans would hand them on */
        hid[w] = 0;
    }
    int bw = e->board_words;
    for (int h = 0; h < e->hqtail; h++) {
        int u = e->hqueue[h] / side, v = e->hqueue[h] % side;
        uint64_t b = (uint64_t)1 << v;
        if (placed[u] & b)
            continue;
        /* the count is 1 (or 0, queued by start_counting()): the first cell is the one */
        const uint64_t *holds = boards(e, f) + v * bw, *in_unit = e->unit_mask + u * bw;
        int i = -1;
        for (int w = 0; w < bw; w++) {
            uint64_t x = holds[w] & in_unit[w];
            if (x) {
                i = 64 * w + ojd_ctz64(x);
                break;
            }
        }
        if (i < 0) {
            e->fail_unit = u; /* the value has no place left in the unit */
            return false;
        }
        if (cand[i] == b)
            continue;
        *changed = true;
        if (!lose_marked(e, f, i, cand[i] & ~b, mark))
            return false;
        e->queue[e->qtail++] = (idx_t)i;
    }
    e->hqtail = 0;
    return true;
}

/* Hidden singles in unit u (and a value with no place left there is a contradiction). */
static bool hidden_unit(fl_engine *e, uint64_t *f, int u, bool *changed)
{
    uint64_t *cand = f, *placed = f + e->cells;
    int side = e->side;
    if (placed[u] == e->all)
        return true;
    const idx_t *uc = e->unit_cell + u * side;
    uint64_t once = 0, twice = 0;
    for (int k = 0; k < side; k++) {
        uint64_t c = cand[uc[k]];
        twice |= once & c;
        once |= c;
    }
    if (once != e->all) {
        e->fail_unit = u; /* some value has no place left in this unit */
        return false;
    }
    uint64_t hs = once & ~twice & ~placed[u];
    for (int k = 0; hs && k < side; k++) {
        int i = uc[k];
        uint64_t c = cand[i], m = c & hs;
        if (!m)
            continue;
        if (!single(m)) {
            e->fail_unit = u; /* one cell is the only place of two values */
            return false;
        }
        hs ^= m;
        if (c != m) {
            cand[i] = m; /* unit scans run on frames without counts */
            fast_large_touch(e, f, i);
            e->queue[e->qtail++] = (idx_t)i;
            *changed = true;
        }
    }
    return true;
}

/*
 * Hidden singles over the units of the HIDDEN set, in unit order; a unit changed during the pass
 * is scanned in this pass if it comes later, else in the next.  *changed when a cell was placed.
 */
static bool hidden(fl_engine *e, uint64_t *f, bool *changed)
{
    if (f[e->off_counted])
        return hidden_counted(e, f, changed, true);
    uint64_t *hid = unit_set(e, f, HIDDEN), *lock = unit_set(e, f, LOCKED);
    for (int w = 0; w < e->dirty_words; w++) {
        uint64_t passed = 0; /* bits of this word at or below the unit being scanned */
        for (uint64_t todo; (todo = hid[w] & ~passed) != 0;) {
            uint64_t bit = todo & (~todo + 1);
            passed |= bit | (bit - 1);
            hid[w] ^= bit;
            lock[w] |= bit; /* locked candidates must look at it again */
            if (!hidden_unit(e, f, 64 * w + ojd_ctz64(bit), changed))
                return false;
        }
    }
    return true;
}

/* Bits that occur in exactly one of n sets. */
static inline uint64_t exactly_once(const uint64_t *s, int n, int stride)
{
    uint64_t once = 0, twice = 0;
    for (int k = 0; k < n; k++) {
        uint64_t c = s[k * stride];
        twice |= once & c;
        once |= c;
    }
    return once & ~twice;
}

/* Whether unit u is in the unit set s. */
static inline bool in_set(const uint64_t *s, int u) { return s[u >> 6] >> (u & 63) & 1; }

/* Refreshes the segment unions of the lines in work: rseg[r * br + j] = row r's candidates in
 * box column j, cseg[c * bc + j] = column c's in box row j. */
static inline void refresh_segments(const fl_engine *e, uint64_t *f, const uint64_t *work)
{
    const uint64_t *cand = f;
    uint64_t *rseg = f + e->off_rseg, *cseg = f + e->off_cseg;
    int side = e->side, br = e->box_rows, bc = e->box_cols;
    for (int r = 0; r < side; r++)
        if (in_set(work, r))
            for (int j = 0; j < br; j++) {
                const uint64_t *p = cand + r * side + j * bc;
                uint64_t u = 0;
                for (int k = 0; k < bc; k++)
                    u |= p[k];
                rseg[r * br + j] = u;
            }
    for (int c = 0; c < side; c++)
        if (in_set(work, side + c))
            for (int j = 0; j < bc; j++) {
                const uint64_t *p = cand + j * br * side + c;
                uint64_t u = 0;
                for (int k = 0; k < br; k++)
                    u |= p[k * side];
                cseg[c * bc + j] = u;
            }
}

/* Pointing from the boxes in work: a box's value confined to one of its rows (columns) leaves
 * the rest of that row (column). */
static inline bool pointing(fl_engine *e, uint64_t *f, const uint64_t *work, bool *changed)
{
    const uint64_t *placed = f + e->cells;
    const uint64_t *rseg = f + e->off_rseg, *cseg = f + e->off_cseg;
    int side = e->side, br = e->box_rows, bc = e->box_cols;
    /* Boxes across = side / bc = br; boxes down = side / br = bc. */
    for (int b = 0; b < side; b++) {
        if (!in_set(work, 2 * side + b))
            continue;
        int R = b / br, C = b % br; /* box row R (0..bc-1), box column C (0..br-1) */
        uint64_t free_b = ~placed[2 * side + b];
        /* along rows: segments rseg[r][C] for the br rows of the box */
        int r0 = R * br, c0 = C * bc;
        uint64_t only = exactly_once(rseg + r0 * br + C, br, br) & free_b;
        if (only)
            for (int k = 0; k < br; k++) {
                uint64_t m = rseg[(r0 + k) * br + C] & only;
                if (!m)
                    continue;
                /* a segment without the values (its union holds every candidate) is skipped */
                for (int j = 0; j < br; j++)
                    if (j != C && (rseg[(r0 + k) * br + j] & m))
                        for (int c = j * bc; c < (j + 1) * bc; c++)
                            if (!drop(e, f, (r0 + k) * side + c, m, changed))
                                return false;
            }
        /* along columns: segments cseg[c][R] for the bc columns of the box */
        only = exactly_once(cseg + c0 * bc + R, bc, bc) & free_b;
        if (only)
            for (int k = 0; k < bc; k++) {
                uint64_t m = cseg[(c0 + k) * bc + R] & only;
                if (!m)
                    continue;
                for (int j = 0; j < bc; j++)
                    if (j != R && (cseg[(c0 + k) * bc + j] & m))
                        for (int r = j * br; r < (j + 1) * br; r++)
                            if (!drop(e, f, r * side + c0 + k, m, changed))
                                return false;
            }
    }
    return true;
}

/* Claiming from the lines in work: a line's value confined to one box leaves the rest of it. */
static inline bool claiming(fl_engine *e, uint64_t *f, const uint64_t *work, bool *changed)
{
    const uint64_t *placed = f + e->cells;
    const uint64_t *rseg = f + e->off_rseg, *cseg = f + e->off_cseg;
    int side = e->side, br = e->box_rows, bc = e->box_cols;
    /* claiming from rows */
    for (int r = 0; r < side; r++) {
        if (!in_set(work, r))
            continue;
        uint64_t only = exactly_once(rseg + r * br, br, 1) & ~placed[r];
        if (!only)
            continue;
        int r0 = r - r % br;
        for (int j = 0; j < br; j++) {
            uint64_t m = rseg[r * br + j] & only;
            if (!m)
                continue;
            for (int rr = r0; rr < r0 + br; rr++)
                if (rr != r && (rseg[rr * br + j] & m))
                    for (int c = j * bc; c < (j + 1) * bc; c++)
                        if (!drop(e, f, rr * side + c, m, changed))
                            return false;
        }
    }
    /* claiming from columns */
    for (int c = 0; c < side; c++) {
        if (!in_set(work, side + c))
            continue;
        uint64_t only = exactly_once(cseg + c * bc, bc, 1) & ~placed[side + c];
        if (!only)
            continue;
        int c0 = c - c % bc;
        for (int j = 0; j < bc; j++) {
            uint64_t m = cseg[c * bc + j] & only;
            if (!m)
                continue;
            for (int cc = c0; cc < c0 + bc; cc++)
                if (cc != c && (cseg[cc * bc + j] & m))
                    for (int r = j * br; r < (j + 1) * br; r++)
                        if (!drop(e, f, r * side + cc, m, changed))
                            return false;
        }
    }
    return true;
}

/*
 * Locked candidates on the boxes and lines of the LOCKED set (which it empties).  A value of a
 * box confined to one row (column) of the box leaves the rest of that row (column) -- pointing; a
 * value of a row (column) confined to one box leaves the rest of that box -- claiming.  Each
 * reads only its box or line, so an unchanged one has nothing new to give.  The changed lines'
 * segment unions are refreshed first, not during the call, as a full scan would compute them.
 */
static bool locked(fl_engine *e, uint64_t *f, bool *changed)
{
    uint64_t *lock = unit_set(e, f, LOCKED), work[(3 * OJD_MAX_SIDE + 63) / 64];
    for (int w = 0; w < e->dirty_words; w++) {
        work[w] = lock[w];
        lock[w] = 0;
    }
    if (e->box_rows == 1 || e->box_cols == 1)
        return true; /* boxes are whole lines: nothing to lock */
    refresh_segments(e, f, work);
    return pointing(e, f, work, changed) && claiming(e, f, work, changed);
}

/*
 * A perfect matching of the n free cells (candidates dom) to the free values free_v: greedy,
 * then an augmenting path (BFS over alternating paths) for each cell left over.  mate_val: free
 * cell k -> value (bit index); mate_cell: value -> free cell.  false = none exists.
 */
static inline bool match_unit(int side, int n, const uint64_t *dom, uint64_t free_v,
                              int *mate_val, int *mate_cell)
{
    for (int v = 0; v < side; v++)
        mate_cell[v] = -1;
    uint64_t unmatched_v = free_v;
    for (int k = 0; k < n; k++) {
        uint64_t m = dom[k] & unmatched_v;
        if (m) {
            int v = ojd_ctz64(m);
            mate_val[k] = v;
            mate_cell[v] = k;
            unmatched_v &= ~((uint64_t)1 << v);
        } else {
            mate_val[k] = -1;
        }
    }
    for (int k = 0; k < n; k++) {
        if (mate_val[k] >= 0)
            continue;
        /* BFS from free cell k over alternating paths; parent links on values. */
        int qcell[OJD_MAX_SIDE], parent[OJD_MAX_SIDE];
        int qh = 0, qt = 0, found = -1;
        uint64_t seen = 0;
        qcell[qt++] = k;
        while (qh < qt && found < 0) {
            int x = qcell[qh++];
            uint64_t m = dom[x] & ~seen;
            while (m) {
                int v = ojd_ctz64(m);
                m &= m - 1;
                seen |= (uint64_t)1 << v;
                parent[v] = x;
                if (mate_cell[v] < 0) {
                    found = v;
                    break;
                }
                qcell[qt++] = mate_cell[v];
            }
        }
        if (found < 0)
            return false;
        for (int v = found; v >= 0;) {
            int x = parent[v], prev = mate_val[x];
            mate_val[x] = v;
            mate_cell[v] = x;
            v = prev;
        }
    }
    return true;
}

/*
 * The strongly connected components of the graph on the free values free_v with an edge w -> v
 * whenever v is a candidate of the cell matched to w (adj[w]), as forward and backward
 * reachability sets (bit-parallel, side <= 64): comp[v] = v's component.  false = a single
 * component (comp is then left unset).
 */
static inline bool value_components(const uint64_t *adj, uint64_t free_v, uint64_t *comp)
{
    uint64_t left = free_v;
    while (left) {
        int v = ojd_ctz64(left);
        uint64_t fw = (uint64_t)1 << v, fr = fw;
        while (fr) {
            uint64_t nx = 0;
            for (uint64_t m = fr; m; m &= m - 1)
                nx |= adj[ojd_ctz64(m)];
            fr = nx & ~fw;
            fw |= nx;
        }
        /* Backward: the nodes of the forward set with an edge into the backward set join it,
         * until none does (no reverse adjacency to build; a few passes in practice). */
        uint64_t bw = (uint64_t)1 << v;
        for (bool grew = true; grew;) {
            grew = false;
            for (uint64_t m = fw & ~bw; m; m &= m - 1) {
                int w = ojd_ctz64(m);
                if (adj[w] & bw) {
                    bw |= (uint64_t)1 << w;
                    grew = true;
                }
            }
        }
        uint64_t scc = fw & bw;
        if (scc == free_v)
            return false;
        for (uint64_t m = scc; m; m &= m - 1)
            comp[ojd_ctz64(m)] = scc;
        left &= ~scc;
    }
    return true;
}

/*
 * All-different filtering for one unit (Regin).  Free cells x_0..x_{n-1} (unsolved) and free
 * values (not placed) are equally many.  A perfect matching must exist; then an edge (x, v) is
 * consistent iff it is in the matching or x's matched value and v lie on a common alternating
 * cycle, i.e. in the same strongly connected component of the graph on values where
 * w -> v whenever the cell matched to w still has candidate v.
 */
static bool alldiff_unit(fl_engine *e, uint64_t *f, int u, bool *changed)
{
    const uint64_t *placed = f + e->off_placed;
    int side = e->side;
    const idx_t *uc = e->unit_cell + u * side;
    int cell_of[OJD_MAX_SIDE];      /* free cell k -> grid cell */
    uint64_t dom[OJD_MAX_SIDE];     /* candidates of free cell k */
    int mate_val[OJD_MAX_SIDE];     /* free cell k -> matched value (bit index), -1 = none */
    int mate_cell[OJD_MAX_SIDE];    /* value -> free cell k, -1 = none */
    int n = 0;
    uint64_t free_v = e->all & ~placed[u];
    for (int k = 0; k < side; k++) {
        int i = uc[k];
        uint64_t c = f[i];
        if (single(c))
            continue;
        cell_of[n] = i;
        dom[n] = c;
        n++;
    }
    if (n <= 2)
        return true; /* pairs of cells are fully handled by singles on 2 values */
    if (!match_unit(side, n, dom, free_v, mate_val, mate_cell)) {
        e->fail_unit = u; /* no perfect matching: the unit cannot be completed */
        return false;
    }
    uint64_t adj[OJD_MAX_SIDE], comp[OJD_MAX_SIDE];
    for (int v = 0; v < side; v++)
        adj[v] = 0;
    for (int k = 0; k < n; k++)
        adj[mate_val[k]] = dom[k] & ~((uint64_t)1 << mate_val[k]);
    if (!value_components(adj, free_v, comp))
        return true; /* one component: every edge is on an alternating cycle */
    for (int k = 0; k < n; k++) {
        uint64_t keep = comp[mate_val[k]];
        if ((dom[k] & ~keep) && !drop(e, f, cell_of[k], dom[k] & ~keep, changed))
            return false;
    }
    return true;
}

static bool alldiff(fl_engine *e, uint64_t *f, bool *changed)
{
    uint64_t *placed = f + e->off_placed, *dirty = unit_set(e, f, ALLDIFF);
    for (int u = 0; u < e->nunits; u++) {
        uint64_t bit = (uint64_t)1 << (u & 63);
        if (!(dirty[u >> 6] & bit))
            continue;
        if (placed[u] == e->all) {
            dirty[u >> 6] &= ~bit;
            continue;
        }
        bool here = false;
        if (!alldiff_unit(e, f, u, &here))
            return false;
        dirty[u >> 6] &= ~bit; /* filtered; only later removals can make it filterable again */
        /* Place new singles before the next unit: alldiff_unit needs every single placed. */
        if (here) {
            *changed = true;
            if (!naked(e, f))
                return false;
        }
    }
    return true;
}

/* Runs every rule to a fixpoint.  false = contradiction. */
static bool fast_large_propagate(fl_engine *e, uint64_t *f)
{
    uint64_t *unsolved = f + e->off_unsolved;
    for (;;) {
        bool changed = false;
        if (!naked(e, f))
            return false;
        if (*unsolved == 0)
            return true;
        if (!hidden(e, f, &changed))
            return false;
        if (changed)
            continue;
        if (!locked(e, f, &changed))
            return false;
        if (changed)
            continue;
        /* Not on frames with counts: every node there is probed, and the probes find most of
         * what the matching finds, for less. */
        if (f[e->off_counted])
            return true;
        if (!alldiff(e, f, &changed))
            return false;
        if (!changed)
            return true;
    }
}

/*
 * Credits the contradiction just found to its unit (a value without a place, a unit that cannot
 * be completed) or to the three units of its cell (no candidate left), for dom/wdeg branching.
 * A failed probe is credited the same way.
 */
static void credit(fl_engine *e)
{
    if (e->fail_unit >= 0) {
        e->weight[e->fail_unit]++;
    } else if (e->fail_cell >= 0) {
        const idx_t *cu = e->cell_unit + 3 * e->fail_cell;
        e->weight[cu[0]]++, e->weight[cu[1]]++, e->weight[cu[2]]++;
    }
}

/* ---- probing ----------------------------------------------------------------------------- */

/* Naked and hidden singles only, to a fixpoint, on a probe frame g (with counts, no unit sets). */
static bool singles(fl_engine *e, uint64_t *f)
{
    for (;;) {
        bool changed = false;
        if (!naked_with(e, f, true, false))
            return false;
        if (f[e->off_unsolved] == 0)
            return true;
        if (!hidden_counted(e, f, &changed, false))
            return false;
        if (!changed)
            return true;
    }
}

/*
 * Failed-literal probing at a propagated frame f with unsolved cells: each value of each
 * two-candidate cell is placed in the scratch frame g and followed by singles alone; a value
 * that ends in a contradiction leaves its cell, whose other value is then placed and propagated
 * in f.  Only impossible values go, so counts stay exact.
 * Rounds go on until one removes nothing.  A value an earlier passing probe of the round placed
 * is skipped: singles are monotone.  false = f is a contradiction.  g gets f up to the segment
 * unions (counts and boards included).
 */
static bool probe(fl_engine *e, uint64_t *f, uint64_t *g)
{
    /* singles read and write no segment unions: the frame up to them is enough; f has counts */
    size_t words = (size_t)e->off_rseg;
    uint64_t *implied = e->implied;
    for (bool again = true; again;) {
        again = false;
        memset(implied, 0, sizeof *implied * (size_t)e->cells);
        for (int i = 0; i < e->cells; i++) {
            uint64_t c = f[i];
            if (single(c) || !single(c & (c - 1)))
                continue;
            for (uint64_t m = c & ~implied[i]; m; m &= m - 1) {
                uint64_t b = m & (~m + 1);
                memcpy(g, f, words * sizeof *f);
                e->qtail = e->hqtail = 0;
                e->fail_unit = e->fail_cell = -1;
                e->probe_nplaced = 0;
                if (lose_marked(e, g, i, c & ~b, false)) {
                    e->queue[e->qtail++] = (idx_t)i;
                    if (singles(e, g)) {
                        /* what this probe placed holds after i = b: its own probe would pass */
                        for (int k = 0; k < e->probe_nplaced; k++) {
                            int j = e->probe_placed[k];
                            if (j > i)
                                implied[j] |= g[j];
                        }
                        continue;
                    }
                }
                credit(e);
                e->qtail = e->hqtail = 0;
                e->fail_unit = e->fail_cell = -1;
                if (!lose(e, f, i, b))
                    return false;
                e->queue[e->qtail++] = (idx_t)i; /* a two-candidate cell: one value is left */
                if (!fast_large_propagate(e, f))
                    return false;
                if (f[e->off_unsolved] == 0)
                    return true;
                /* f is stronger now: a pass under the old f says nothing */
                memset(implied, 0, sizeof *implied * (size_t)e->cells);
                again = true;
                break;
            }
        }
    }
    return true;
}

/*
 * Gives frame f place counts (counted from its candidates) and queues every (unit, value) with at
 * most one place for hidden singles, as if each count had just fallen there.
 */
static void start_counting(fl_engine *e, uint64_t *f)
{
    int side = e->side;
    uint8_t *count = counts(e, f);
    e->hqtail = 0; /* all pending pairs are queued again below */
    memset(count, 0, (size_t)e->nunits * (size_t)side);
    for (int u = 0; u < e->nunits; u++) {
        const idx_t *uc = e->unit_cell + u * side;
        uint8_t *cu = count + u * side;
        for (int k = 0; k < side; k++)
            for (uint64_t m = f[uc[k]]; m; m &= m - 1)
                cu[ojd_ctz64(m)]++;
        for (int v = 0; v < side; v++)
            if (cu[v] <= 1)
                e->hqueue[e->hqtail++] = u * side + v;
    }
    uint64_t *board = boards(e, f);
    memset(board, 0, sizeof *board * (size_t)side * (size_t)e->board_words);
    for (int i = 0; i < e->cells; i++)
        for (uint64_t m = f[i]; m; m &= m - 1)
            board[ojd_ctz64(m) * e->board_words + (i >> 6)] |= (uint64_t)1 << (i & 63);
    f[e->off_counted] = 1;
}

/* ---- branching --------------------------------------------------------------------------- */

static inline uint64_t next_random(fl_engine *e)
{
    uint64_t x = e->rng;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return e->rng = x;
}

/*
 * Chooses the branch (cell, value bit).  The cell minimises candidates / weighted degree (dom/wdeg:
 * the weights of its three units, which grow with every contradiction found in them, so search
 * turns to the part of the grid that keeps failing); exact ties are broken at random.  The value
 * tried first is the one with the fewest places left in the cell's units.  Called at a fixpoint
 * with unsolved cells, so every single is placed and some cell has two candidates or more.
 * The cell's target phase, when it is still a candidate, goes before that rule.
 */
static void choose(fl_engine *e, const uint64_t *f, int *cell, uint64_t *bit)
{
    const uint64_t *cand = f;
    int side = e->side, best = 0, best_cell = -1;
    uint64_t best_w = 1, ties = 0;
    for (int i = 0; i < e->cells; i++) {
        uint64_t c = cand[i];
        if (single(c))
            continue;
        int n = ojd_popcount64(c);
        const idx_t *cu = e->cell_unit + 3 * i;
        uint64_t w = (uint64_t)e->weight[cu[0]] + e->weight[cu[1]] + e->weight[cu[2]];
        /* n / w < best / best_w, compared without division */
        uint64_t lhs = (uint64_t)n * best_w, rhs = (uint64_t)best * w;
        if (best_cell < 0 || lhs < rhs) {
            best = n;
            best_w = w;
            best_cell = i;
            ties = 1;
        } else if (lhs == rhs && next_random(e) % ++ties == 0) {
            best_cell = i; /* reservoir sampling: each tied cell equally likely */
        }
    }
    *cell = best_cell;
    int saved = e->phase[best_cell];
    if (saved && (cand[best_cell] >> (saved - 1) & 1)) {
        *bit = (uint64_t)1 << (saved - 1); /* the target phase */
        return;
    }
    *bit = cand[best_cell] & (~cand[best_cell] + 1);
    int fewest = 3 * side + 1;
    const idx_t *cu = e->cell_unit + 3 * best_cell;
    for (uint64_t m = cand[best_cell]; m; m &= m - 1) {
        uint64_t b = m & (~m + 1);
        int places = 0;
        for (int t = 0; t < 3; t++) {
            const idx_t *uc = e->unit_cell + cu[t] * side;
            for (int k = 0; k < side; k++)
                places += (cand[uc[k]] & b) != 0;
        }
        if (places < fewest) {
            fewest = places;
            *bit = b;
        }
    }
}

/* ---- search ------------------------------------------------------------------------------ */

static void record(const fl_engine *e, const uint64_t *f, const ojd_board *in, ojd_result *out)
{
    if (out->solutions++ > 0)
        return;
    out->solution = *in;
    for (int i = 0; i < e->cells; i++)
        out->solution.cell[i] = (uint8_t)(ojd_ctz64(f[i]) + 1);
}

/* Frame 0 of a new puzzle: all candidates open, givens queued as singles, every unit new to
 * every rule; weights, phases and the tie-break stream start afresh. */
static void load_root(fl_engine *e, const ojd_board *in)
{
    uint64_t *f = e->stack;
    uint64_t *placed = f + e->off_placed;
    for (int u = 0; u < e->nunits; u++)
        placed[u] = 0;
    f[e->off_unsolved] = (uint64_t)e->cells;
    f[e->off_counted] = 0;
    for (int w = 0; w < e->dirty_words; w++) {
        int bits = e->nunits - 64 * w; /* units in this word */
        uint64_t every = bits >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << bits) - 1;
        unit_set(e, f, HIDDEN)[w] = unit_set(e, f, ALLDIFF)[w] = every;
        unit_set(e, f, LOCKED)[w] = 0;
    }
    e->qtail = e->hqtail = 0;
    for (int u = 0; u < e->nunits; u++)
        e->weight[u] = 1;
    memset(e->phase, 0, (size_t)e->cells);
    e->target_unsolved = UINT64_MAX;
    e->rng = 0x9E3779B97F4A7C15ULL;
    for (int i = 0; i < e->cells; i++) {
        int v = in->cell[i];
        f[i] = v ? (uint64_t)1 << (v - 1) : e->all;
        if (single(f[i])) /* a given, or any cell of the 1x1 grid */
            e->queue[e->qtail++] = (idx_t)i;
    }
}

/* The consistent fixpoint f is deeper than the run's target: its values become the phases. */
static void save_target(fl_engine *e, const uint64_t *f)
{
    e->target_unsolved = f[e->off_unsolved];
    for (int i = 0; i < e->cells; i++)
        if (single(f[i]))
            e->phase[i] = (uint8_t)(ojd_ctz64(f[i]) + 1);
}

/* Branches at the fixpoint f (frame d): frame d + 1 gets cell = value and frame d keeps the
 * second branch, which removes the value when it is resumed.  false = frame d + 1 is already a
 * contradiction. */
static bool fast_large_descend(fl_engine *e, uint64_t *f)
{
    int cell;
    uint64_t bit;
    choose(e, f, &cell, &bit);
    uint64_t *g = f + e->frame_words;
    memcpy(g, f, e->frame_words * sizeof *f);
    f[e->off_branch] = (uint64_t)cell | (uint64_t)ojd_ctz64(bit) << 32;
    e->qtail = e->hqtail = 0;
    bool ok = lose(e, g, cell, g[cell] & ~bit);
    e->queue[e->qtail++] = (idx_t)cell;
    return ok;
}

/* Resumes the second branch of frame f: the branch cell loses its first value, and is a naked
 * single now iff one is left.  false = a contradiction. */
static bool resume(fl_engine *e, uint64_t *f)
{
    e->qtail = e->hqtail = 0;
    int cell = (int)(uint32_t)f[e->off_branch];
    bool ok = lose(e, f, cell, (uint64_t)1 << (f[e->off_branch] >> 32));
    if (ok && single(f[cell]))
        e->queue[e->qtail++] = (idx_t)cell;
    return ok;
}

/* Whether the search's node budget or deadline has run out.  A node here costs microseconds to
 * a millisecond: the clock is read every 64 nodes rather than every OJD_CLOCK_STRIDE, so that a
 * time budget is kept closely on 64x64 grids. */
static inline bool out_of_budget(fl_engine *e, unsigned long long nodes)
{
    return ojd_budget_exhausted(&e->budget, nodes) ||
           (e->budget.deadline > 0 && (nodes & 63) == 0 &&
            ojd_budget_clock_expired(&e->budget, nodes));
}

ojd_status ojd_fast_large_solve(void *state, const ojd_board *in, const ojd_search *search,
                                ojd_result *out)
{
    fl_engine *e = state;
    /* the state is the shape's (create()); the engine keeps one per shape */
    OJD_ASSERT(in->box_rows == e->box_rows && in->box_cols == e->box_cols);
    size_t fw = e->frame_words;
    unsigned long limit = ojd_search_begin(out, search, &e->budget);
    ojd_status valid = ojd_givens_check(in); /* "fast" checks givens (checks_givens) */
    if (valid != OJD_OK)
        return valid;
    load_root(e, in);
    bool ok = true; /* frame d is consistent so far (before propagation) */

    /*
     * Invariant: frames 0..d-1 hold the pending second branches (value removed from cell, not yet
     * propagated), frame d the state being explored.
     */
    size_t d = 0;
    bool rooted = false;
    unsigned long long fails = 0, cutoff = RESTART_FIRST, contradictions = 0;
    for (;;) {
        if (out_of_budget(e, ++out->nodes))
            return OJD_LIMIT;
        e->fail_unit = e->fail_cell = -1;
        /* frame d + 1 is probe()'s scratch until it becomes the first branch */
        if (!ensure_frames(e, d + 1))
            return OJD_ERR_NOMEM;
        uint64_t *f = e->stack + d * fw;
        if (ok && contradictions >= PROBE_AFTER && e->countable && !f[e->off_counted])
            start_counting(e, f); /* probing starts: from here on every frame counts */
        if (ok && fast_large_propagate(e, f) &&
            (f[e->off_unsolved] == 0 || contradictions < PROBE_AFTER ||
             e->side > PROBE_MAX_SIDE || probe(e, f, f + fw))) {
            if (!rooted) {
                memcpy(e->root, f, fw * sizeof *f);
                rooted = true;
            }
            if (out->solutions == 0 && f[e->off_unsolved] < e->target_unsolved)
                save_target(e, f);
            if (f[e->off_unsolved] > 0) {
                ok = fast_large_descend(e, f);
                d++;
                continue;
            }
            record(e, f, in, out);
            if (out->solutions >= limit)
                break;
        }
        credit(e);
        fails++;
        contradictions++;
        if (out->solutions == 0 && fails >= cutoff && rooted) {
            fails = 0;
            cutoff = e->countable ? ULLONG_MAX : cutoff + cutoff / 2; /* see RESTART_FIRST */
            e->target_unsolved = UINT64_MAX; /* each run has its own target; phases stay */
            d = 0;
            memcpy(e->stack, e->root, fw * sizeof *e->stack);
            e->qtail = e->hqtail = 0;
            ok = true;
            continue;
        }
        if (d == 0) /* no pending second branch: the search is over */
            break;
        d--;
        out->guesses++;
        ok = resume(e, e->stack + d * fw);
    }
    return ojd_search_status(&e->budget, out->solutions, limit);
}
