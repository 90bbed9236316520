/*
 * units9.c -- the general path of "fast" for 9x9 grids of any unit set: a jigsaw's regions in
 * place of the boxes, the X diagonals, the windoku windows (solve.h declares it).
 *
 * Model: digit planes.  The 81 cells are two words (cells 0-63, then 64-80), and the state is one
 * plane per digit, the cells where that digit is still possible, plus the set of placed cells; a
 * placed cell keeps its digit's bit alone.  The unit set is a table of up to 33 cell masks (rows,
 * columns, regions, extras) and a peer mask per cell (the other cells of its units), built from
 * the board in one pass when the unit set changes: no per-shape layout is assumed anywhere, so a
 * jigsaw costs what a classic grid of the same givens costs this engine.
 * Rules, to a fixpoint at every node:
 *  - naked single: an unplaced cell in exactly one plane takes that digit (bit-sliced counts over
 *    the nine planes find them all at once; a cell in no plane is a contradiction);
 *  - hidden single: a digit whose plane meets a unit in one unplaced cell goes there (a plane
 *    that misses a unit is a contradiction).
 * Placing removes the cell from the other planes and the cell's peers from its digit's plane.
 * Both rules only remove what no solution has, so the fixpoint is the same in any order.  Then
 * the search branches on the first unplaced cell with two candidates (else the fewest), digits
 * in increasing order, each on a copy of the 160-byte state (no undo log).
 * Invariant at a fixpoint without contradiction and without unplaced cell: every unit holds each
 * digit once, i.e. the planes are a solution.  Counting: a node is one propagation; a guess is
 * every digit tried at a branch after the first.
 */
#include "solve.h"

#include <stdlib.h>
#include <string.h>

typedef struct m81 {
    uint64_t lo, hi; /* cells 0-63, cells 64-80 */
} m81;

#define HI_ALL ((UINT64_C(1) << 17) - 1)

static inline m81 bit81(int i)
{
    return i < 64 ? (m81){UINT64_C(1) << i, 0} : (m81){0, UINT64_C(1) << (i - 64)};
}
static inline bool has81(m81 m, int i)
{
    return i < 64 ? (m.lo >> i) & 1 : (m.hi >> (i - 64)) & 1;
}
static inline bool none81(m81 m) { return !(m.lo | m.hi); }
static inline bool single81(m81 m)
{
    return m.lo ? !(m.lo & (m.lo - 1)) && !m.hi : m.hi && !(m.hi & (m.hi - 1));
}
static inline int first81(m81 m) { return m.lo ? ojd_ctz64(m.lo) : 64 + ojd_ctz64(m.hi); }

typedef struct u9_node {
    m81 plane[9];   /* digit d + 1 still possible in these cells */
    m81 placed;
} u9_node;

struct ojd_units9 {
    /* the unit set the tables are for */
    unsigned units;
    uint8_t region[81];
    int nunits;
    m81 unit[33];
    m81 peer[81];
    /* one search */
    ojd_budget budget;
    ojd_result *out;
    unsigned long limit;
};

ojd_units9 *ojd_units9_new(void)
{
    ojd_units9 *e = calloc(1, sizeof *e);
    if (e)
        e->units = ~0u; /* no unit set yet */
    return e;
}

void ojd_units9_free(ojd_units9 *e) { free(e); }

/* The tables of board's unit set (9x9, a valid unit set: the engine checked it), in one pass
 * over the cells: every puzzle of HDU 4069 has regions of its own, so this is per puzzle. */
static void build(ojd_units9 *e, const ojd_board *b)
{
    e->units = b->units;
    if (b->units & OJD_UNITS_REGIONS)
        memcpy(e->region, b->region, 81);
    e->nunits = ojd_board_unit_count(b);
    memset(e->unit, 0, sizeof e->unit);
    for (int r = 0, i = 0; r < 9; r++)
        for (int c = 0; c < 9; c++, i++) {
            int g = b->units & OJD_UNITS_REGIONS ? b->region[i] : (r / 3) * 3 + c / 3;
            uint64_t bit = UINT64_C(1) << (i & 63);
            m81 *u = e->unit;
            if (i < 64)
                u[r].lo |= bit, u[9 + c].lo |= bit, u[18 + g].lo |= bit;
            else
                u[r].hi |= bit, u[9 + c].hi |= bit, u[18 + g].hi |= bit;
        }
    for (int u = 27; u < e->nunits; u++) { /* the extras */
        int cells[9];
        ojd_board_unit_cells(b, u, cells);
        for (int k = 0; k < 9; k++) {
            m81 m = bit81(cells[k]);
            e->unit[u].lo |= m.lo, e->unit[u].hi |= m.hi;
        }
    }
    for (int r = 0, i = 0; r < 9; r++)
        for (int c = 0; c < 9; c++, i++) {
            int g = b->units & OJD_UNITS_REGIONS ? b->region[i] : (r / 3) * 3 + c / 3;
            m81 p = {e->unit[r].lo | e->unit[9 + c].lo | e->unit[18 + g].lo,
                     e->unit[r].hi | e->unit[9 + c].hi | e->unit[18 + g].hi};
            for (int u = 27; u < e->nunits; u++)
                if (has81(e->unit[u], i))
                    p.lo |= e->unit[u].lo, p.hi |= e->unit[u].hi;
            m81 self = bit81(i);
            e->peer[i] = (m81){p.lo & ~self.lo, p.hi & ~self.hi};
        }
}

/* Places digit d (0-based) in cell i; false when d is no longer possible there. */
static inline bool place(const ojd_units9 *e, u9_node *n, int i, int d)
{
    m81 c = bit81(i);
    if (!has81(n->plane[d], i))
        return false;
    for (int k = 0; k < 9; k++)
        n->plane[k].lo &= ~c.lo, n->plane[k].hi &= ~c.hi;
    n->plane[d].lo = (n->plane[d].lo & ~e->peer[i].lo) | c.lo;
    n->plane[d].hi = (n->plane[d].hi & ~e->peer[i].hi) | c.hi;
    n->placed.lo |= c.lo, n->placed.hi |= c.hi;
    return true;
}

/* Naked and hidden singles to the fixpoint; false on a contradiction. */
static bool propagate(const ojd_units9 *e, u9_node *n)
{
    for (;;) {
        m81 one = {0, 0}, two = {0, 0};
        for (int d = 0; d < 9; d++) {
            two.lo |= one.lo & n->plane[d].lo, two.hi |= one.hi & n->plane[d].hi;
            one.lo |= n->plane[d].lo, one.hi |= n->plane[d].hi;
        }
        m81 open = {~n->placed.lo, ~n->placed.hi & HI_ALL};
        if ((open.lo & ~one.lo) | (open.hi & ~one.hi))
            return false; /* a cell with no candidate */
        if (none81(open))
            return true;
        m81 naked = {open.lo & ~two.lo, open.hi & ~two.hi};
        bool placed_any = !none81(naked);
        /* digit by digit: the naked singles of plane d are its cells among them */
        for (int d = 0; d < 9 && !none81(naked); d++) {
            m81 mine = {naked.lo & n->plane[d].lo, naked.hi & n->plane[d].hi};
            naked.lo &= ~mine.lo, naked.hi &= ~mine.hi;
            while (!none81(mine)) {
                int i = first81(mine);
                m81 c = bit81(i);
                mine.lo &= ~c.lo, mine.hi &= ~c.hi;
                if (!place(e, n, i, d))
                    return false; /* a peer single of this pass took d first */
            }
        }
        if (!none81(naked))
            return false; /* a single whose digit an earlier one of this pass took */
        if (placed_any)
            continue;
        for (int u = 0; u < e->nunits; u++)
            for (int d = 0; d < 9; d++) {
                m81 m = {n->plane[d].lo & e->unit[u].lo, n->plane[d].hi & e->unit[u].hi};
                if (none81(m))
                    return false; /* digit d + 1 has no place in unit u */
                if (single81(m) && !((m.lo & n->placed.lo) | (m.hi & n->placed.hi))) {
                    if (!place(e, n, first81(m), d))
                        return false;
                    placed_any = true;
                }
            }
        if (!placed_any)
            return true;
    }
}

static void record(ojd_units9 *e, const u9_node *n)
{
    if (e->out->solutions++ > 0)
        return;
    for (int d = 0; d < 9; d++)
        for (m81 m = n->plane[d]; !none81(m);) {
            int i = first81(m);
            m81 c = bit81(i);
            m.lo &= ~c.lo, m.hi &= ~c.hi;
            e->out->solution.cell[i] = (uint8_t)(d + 1);
        }
}

/* Propagates *n and searches below it; true when the search must stop. */
static bool u9_visit(ojd_units9 *e, u9_node *n)
{
    if (ojd_budget_exhausted(&e->budget, ++e->out->nodes))
        return true;
    if (!propagate(e, n))
        return false;
    m81 open = {~n->placed.lo, ~n->placed.hi & HI_ALL};
    if (none81(open)) {
        record(e, n);
        return e->out->solutions >= e->limit;
    }
    /* the first cell with two candidates, else the first with the fewest */
    m81 one = {0, 0}, two = {0, 0}, three = {0, 0};
    for (int d = 0; d < 9; d++) {
        m81 p = n->plane[d];
        three.lo |= two.lo & p.lo, three.hi |= two.hi & p.hi;
        two.lo |= one.lo & p.lo, two.hi |= one.hi & p.hi;
        one.lo |= p.lo, one.hi |= p.hi;
    }
    m81 pairs = {open.lo & two.lo & ~three.lo, open.hi & two.hi & ~three.hi};
    int best = -1;
    if (!none81(pairs)) {
        best = first81(pairs);
    } else {
        int fewest = 10;
        for (int i = 0; i < 81; i++) {
            if (!has81(open, i))
                continue;
            int count = 0;
            for (int d = 0; d < 9; d++)
                count += has81(n->plane[d], i);
            if (count < fewest)
                fewest = count, best = i;
        }
    }
    bool first = true;
    for (int d = 0; d < 9; d++) {
        if (!has81(n->plane[d], best))
            continue;
        if (!first)
            e->out->guesses++;
        first = false;
        u9_node child = *n;
        place(e, &child, best, d);
        if (u9_visit(e, &child))
            return true;
    }
    return false;
}

ojd_status ojd_units9_solve(ojd_units9 *e, const ojd_board *in, const ojd_search *search,
                            ojd_result *out)
{
    e->out = out;
    e->limit = ojd_search_begin(out, search, &e->budget);
    for (int i = 0; i < 81; i++)
        if (in->cell[i] > 9)
            return OJD_ERR_INVALID;
    if (e->units != in->units ||
        ((in->units & OJD_UNITS_REGIONS) && memcmp(e->region, in->region, 81) != 0))
        build(e, in);
    u9_node root;
    for (int d = 0; d < 9; d++)
        root.plane[d] = (m81){~UINT64_C(0), HI_ALL};
    root.placed = (m81){0, 0};
    /* a given whose digit a peer given already took repeats it in a unit: the givens check */
    for (int i = 0; i < 81; i++)
        if (in->cell[i] && !place(e, &root, i, in->cell[i] - 1))
            return OJD_CONFLICT;
    u9_visit(e, &root);
    if (out->solutions > 0) {
        out->solution.box_rows = in->box_rows;
        out->solution.box_cols = in->box_cols;
        out->solution.side = 9;
        ojd_board_copy_units(&out->solution, in);
    }
    return ojd_search_status(&e->budget, out->solutions, e->limit);
}
