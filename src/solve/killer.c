/*
 * killer.c -- the killer engine of "fast": Sudoku with cages (OJD_UNITS_KILLER) over any unit set
 * the board has (boxes or a jigsaw's regions, the X diagonals, the windoku windows), any side.
 *
 * Model: a candidate set per cell (bit v-1 for value v) and the values placed, one frame per
 * search depth, copied whole on a branch.  A node propagates to a fixpoint:
 *  - a placed value leaves the cell's peers (ojd_geo) and the other cells of its cage;
 *  - a cell with one candidate is placed (naked single); a value with one place in a unit is
 *    placed there, a value with none is a contradiction (hidden single);
 *  - every cage's combinations: the sets of distinct values that make the sum still missing with
 *    as many values as it has free cells, drawn from what those cells still hold and meeting
 *    every one of them.  Their union bounds each free cell; a value in all of them that only one
 *    free cell can hold goes there; no set at all is a contradiction;
 *  - the 45-rule: the cages that lie inside a unit leave the unit's other cells ("innies") the
 *    rest of the unit's sum.  Those cells are a virtual cage, distinct because they share a
 *    unit, computed once per puzzle and propagated like a real one.
 * Then it branches on the free cell with the fewest candidates, values in increasing order,
 * counting solutions exactly up to the limit.
 *
 * The combinations come from a table of every value set ordered by (size, sum), built per side
 * up to 16 (65536 sets, 256 KiB).  Above 16 a cage keeps the values v of a free cell for which
 * the smallest and largest sums of the other free cells' values still bracket the rest: weaker,
 * still exact, since a full cage must make its sum exactly.
 */
#include "solve.h"

#include <stdlib.h>
#include <string.h>

#define TABLE_MAX_SIDE 16
#define CELL_CAGES 12 /* a real cage, an innie set per unit of the cell (6 at most), outies */
#define MAX_OUTIES 4
#define BIG_SET 5     /* free cells from which a cage above 9x9 is bounded, not enumerated */  /* outie sets of more cells prune too little for their cost */

/* A cage as the engine propagates it: cells[first .. first + size) of the cell lists. */
typedef struct kcage {
    int first, size, sum;
    bool distinct; /* false: an outie set, cells of several units, held to its sum alone */
} kcage;

/* One search depth: candidates and placed values of every cell. */
typedef struct kframe {
    uint64_t *cand;
    uint8_t *value;
    int free; /* cells without a value */
} kframe;

struct ojd_killer {
    ojd_geo *geo;
    int side, cells;
    uint64_t all;
    /* the combination table of side (<= TABLE_MAX_SIDE): the value sets of size n and sum s are
     * combo[combo_at[n][s] .. combo_at[n][s + 1]) */
    int table_side;
    uint32_t *combo;
    int *combo_at; /* (side + 1) x (max_sum + 2) */
    int max_sum;
    /* the puzzle's cages: the real ones (board cage k at k-1, so cage_of[i] - 1 indexes them),
     * then the virtual ones of the 45-rule */
    kcage *cage;
    int ncages;
    int16_t *cage_cell;   /* every cage's cells, one list after another */
    uint8_t *cage_of;     /* [cells]: 1 + the real cage of a cell, 0 for none */
    /* the cages (real and virtual) of each cell, at most CELL_CAGES, and which cages have lost
     * candidates since their last step: only those are looked at again (a frame branched from
     * is at a fixpoint, so a child starts with none dirty but the ones its placement touches) */
    /* load_cages()'s scratch: cells of a real cage in the unit at hand (0 between units), and
     * the unit a cell was last seen in (1 + unit), stamped anew for every puzzle */
    int inside[OJD_MAX_CAGES + 1];
    int seen_in[OJD_MAX_CELLS];
    int16_t (*cell_cages)[CELL_CAGES];
    uint8_t *ncell_cages;
    uint8_t *dirty;
    bool any_dirty;
    /* frames, grown on demand up to cells + 1 deep */
    kframe *frame;
    int nframes;
    int16_t *queue; /* cells placed but not yet taken from their peers */
    int queued;
    /* the search */
    ojd_budget budget;
    unsigned long limit, solutions;
    unsigned long long nodes, guesses;
    ojd_board *solution;
};

/* ---- tables -------------------------------------------------------------------------------- */

/* The combination table of side: every subset of 1..side grouped by (size, sum). */
static bool build_table(ojd_killer *k, int side)
{
    free(k->combo);
    free(k->combo_at);
    k->combo = NULL;
    k->combo_at = NULL;
    k->table_side = 0;
    if (side > TABLE_MAX_SIDE)
        return true;
    int max_sum = side * (side + 1) / 2, rows = max_sum + 2;
    uint32_t sets = 1u << side;
    k->combo = malloc(sizeof *k->combo * sets);
    k->combo_at = calloc((size_t)(side + 1) * (size_t)rows, sizeof *k->combo_at);
    if (!k->combo || !k->combo_at)
        return false;
    /* counting sort on (size, sum): counts, prefix sums, then the sets in increasing order */
    for (uint32_t m = 0; m < sets; m++) {
        int n = ojd_popcount64(m), s = 0;
        for (uint32_t b = m; b; b &= b - 1)
            s += ojd_ctz64(b) + 1;
        k->combo_at[n * rows + s + 1]++;
    }
    for (int i = 1; i < (side + 1) * rows; i++)
        k->combo_at[i] += k->combo_at[i - 1];
    int *fill = malloc(sizeof *fill * (size_t)(side + 1) * (size_t)rows);
    if (!fill)
        return false;
    memcpy(fill, k->combo_at, sizeof *fill * (size_t)(side + 1) * (size_t)rows);
    for (uint32_t m = 0; m < sets; m++) {
        int n = ojd_popcount64(m), s = 0;
        for (uint32_t b = m; b; b &= b - 1)
            s += ojd_ctz64(b) + 1;
        k->combo[fill[n * rows + s]++] = m;
    }
    free(fill);
    k->max_sum = max_sum;
    k->table_side = side;
    return true;
}

ojd_killer *ojd_killer_new(void) { return calloc(1, sizeof(ojd_killer)); }

/* The per-grid buffers: frames, queue, cage map (the cage lists are per puzzle). */
static void free_grid(ojd_killer *k)
{
    for (int d = 0; d < k->nframes; d++) {
        free(k->frame[d].cand);
        free(k->frame[d].value);
    }
    free(k->frame);
    free(k->queue);
    free(k->cage_of);
    free(k->cell_cages);
    free(k->ncell_cages);
    k->cell_cages = NULL;
    k->ncell_cages = NULL;
    k->frame = NULL;
    k->nframes = 0;
    k->queue = NULL;
    k->cage_of = NULL;
    k->cells = 0;
}

void ojd_killer_free(ojd_killer *k)
{
    if (!k)
        return;
    free_grid(k);
    free(k->cage);
    free(k->cage_cell);
    free(k->dirty);
    free(k->combo);
    free(k->combo_at);
    free(k->geo);
    free(k);
}

/* The frame of depth d, made when first reached. */
static kframe *frame_at(ojd_killer *k, int d)
{
    if (d < k->nframes)
        return &k->frame[d];
    kframe *grown = realloc(k->frame, sizeof *grown * (size_t)(d + 1));
    if (!grown)
        return NULL;
    k->frame = grown;
    for (; k->nframes <= d; k->nframes++) {
        kframe *f = &k->frame[k->nframes];
        f->cand = malloc(sizeof *f->cand * (size_t)k->cells);
        f->value = malloc((size_t)k->cells);
        if (!f->cand || !f->value) {
            free(f->cand), free(f->value);
            return NULL;
        }
    }
    return &k->frame[d];
}

/* ---- the puzzle's cages -------------------------------------------------------------------- */

/*
 * The 45-rule's other half: a unit whose every cell is in a cage, with cages that reach out of
 * it, leaves the cells of those cages outside the unit ("outies") the cages' sums less the
 * unit's.  The outies lie in several units, so they are held to the sum alone (not distinct).
 * Kept for sets of up to MAX_OUTIES cells.  false when a set's sum is out of its reach.
 */
static bool load_outies(ojd_killer *k, const int *size, int *used, int most)
{
    const ojd_geo *g = k->geo;
    int side = k->side, total = side * (side + 1) / 2, *inside = k->inside;
    for (int i = 0; i < k->cells; i++)
        k->seen_in[i] = 0;
    for (int u = 0; u < g->nunits && k->ncages < most; u++) {
        const int16_t *cells = ojd_geo_unit(g, u);
        int sum = -total, out = 0, first = *used;
        bool all_caged = true, reaches_out = false;
        for (int j = 0; j < side; j++) {
            all_caged &= k->cage_of[cells[j]] != 0;
            inside[k->cage_of[cells[j]]]++;
            k->seen_in[cells[j]] = u + 1;
        }
        for (int j = 0; all_caged && j < side; j++) {
            int c = k->cage_of[cells[j]];
            if (inside[c] <= 0)
                continue;
            sum += k->cage[c - 1].sum;
            reaches_out |= inside[c] < size[c];
            if (inside[c] < size[c]) {
                const kcage *cg = &k->cage[c - 1];
                for (int m = 0; m < cg->size; m++) {
                    int i = k->cage_cell[cg->first + m];
                    bool in_unit = k->seen_in[i] == u + 1;
                    if (!in_unit && out < MAX_OUTIES && out < side)
                        k->cage_cell[first + out] = (int16_t)i; /* room: side per set */
                    out += !in_unit;
                }
            }
            inside[c] = -1; /* counted once */
        }
        for (int j = 0; j < side; j++)
            inside[k->cage_of[cells[j]]] = 0; /* zero again for the next unit */
        if (!all_caged || !reaches_out || out > MAX_OUTIES || out > side)
            continue;
        if (sum < out || sum > out * side)
            return false;
        k->cage[k->ncages++] = (kcage){first, out, sum, false};
        *used += out;
    }
    return true;
}

/*
 * The 45-rule's innies of one unit (cells): when real cages lie inside it, its other cells are a
 * virtual cage of what the unit's sum leaves them.  false when cages that fill the unit do not
 * make its sum.  k->inside is zero on entry and on return.
 */
static bool load_innies(ojd_killer *k, const int16_t *cells, const int *size, int *used)
{
    int side = k->side, *inside = k->inside, sum = side * (side + 1) / 2, rest = 0;
    for (int j = 0; j < side; j++)
        inside[k->cage_of[cells[j]]]++;
    bool any = false;
    for (int j = 0; j < side; j++) {
        int c = k->cage_of[cells[j]];
        if (c && inside[c] == size[c]) {
            any = true;
            sum -= k->cage[c - 1].sum;
            inside[c] = -1; /* counted once */
        }
    }
    int first = *used;
    for (int j = 0; any && j < side; j++) {
        int c = k->cage_of[cells[j]];
        if (!c || inside[c] != -1)
            k->cage_cell[(*used)++] = cells[j], rest++;
    }
    for (int j = 0; j < side; j++)
        inside[k->cage_of[cells[j]]] = 0; /* zero again for the next unit */
    if (any && rest > 0)
        k->cage[k->ncages++] = (kcage){first, rest, sum, true};
    return !any || rest > 0 || sum == 0;
}

/*
 * The real cages of b, then one virtual cage per unit that real cages partly fill: the unit's
 * other cells, with what the unit's sum leaves them.  At most real + nunits cages, each of at
 * most side cells.  1 loaded, 0 when the cages inside a unit cannot make its sum (no solution),
 * -1 out of memory.
 */
static int load_cages(ojd_killer *k, const ojd_board *b)
{
    const ojd_geo *g = k->geo;
    int side = k->side, real = ojd_board_cage_count(b), most = real + 2 * g->nunits;
    free(k->cage);
    free(k->cage_cell);
    free(k->dirty);
    k->cage = malloc(sizeof *k->cage * (size_t)most);
    k->cage_cell = malloc(sizeof *k->cage_cell * (size_t)most * (size_t)side);
    k->dirty = malloc((size_t)most);
    if (!k->cage || !k->cage_cell || !k->dirty)
        return -1;
    /* the real cages' cell lists by one counting pass over the cells */
    int used = 0, size[OJD_MAX_CAGES + 1] = {0};
    for (int i = 0; i < k->cells; i++) {
        k->cage_of[i] = (uint8_t)(real ? b->cage[i] : 0);
        size[k->cage_of[i]]++;
    }
    for (int c = 1; c <= real; c++) {
        k->cage[c - 1] = (kcage){used, 0, b->cage_sum[c], true};
        used += size[c];
    }
    for (int i = 0; i < k->cells; i++)
        if (k->cage_of[i]) {
            kcage *cg = &k->cage[k->cage_of[i] - 1];
            k->cage_cell[cg->first + cg->size++] = (int16_t)i;
        }
    k->ncages = real;
    bool cages_fit = true;
    for (int u = 0; u < g->nunits && cages_fit; u++)
        cages_fit = load_innies(k, ojd_geo_unit(g, u), size, &used);
    if (!cages_fit)
        return 0;
    if (!load_outies(k, size, &used, most))
        return 0;
    memset(k->ncell_cages, 0, (size_t)k->cells);
    for (int c = 0; c < k->ncages; c++) {
        const kcage *cg = &k->cage[c];
        bool room = true;
        for (int m = 0; m < cg->size; m++)
            room &= k->ncell_cages[k->cage_cell[cg->first + m]] < CELL_CAGES;
        if (!room) { /* a cell in too many sets: this one is dropped (it only prunes) */
            k->cage[c] = k->cage[--k->ncages];
            c--;
            continue;
        }
        for (int m = 0; m < cg->size; m++) {
            int i = k->cage_cell[cg->first + m];
            k->cell_cages[i][k->ncell_cages[i]++] = (int16_t)c;
        }
    }
    /* every cage is looked at once from the givens */
    memset(k->dirty, 1, (size_t)k->ncages);
    k->any_dirty = k->ncages > 0;
    return 1;
}

/* Cell i lost candidates: its cages are looked at again. */
static inline void touch(ojd_killer *k, int i)
{
    for (int m = 0; m < k->ncell_cages[i]; m++)
        k->dirty[k->cell_cages[i][m]] = 1;
    k->any_dirty |= k->ncell_cages[i] > 0;
}

/* ---- propagation --------------------------------------------------------------------------- */

/* Places v (1..side) in free cell i; its peers and cage-mates lose v when the queue is run. */
static inline void place(ojd_killer *k, kframe *f, int i, int v)
{
    f->value[i] = (uint8_t)v;
    f->cand[i] = (uint64_t)1 << (v - 1);
    f->free--;
    k->queue[k->queued++] = (int16_t)i;
    touch(k, i);
}

/* Removes bits from cell j: false on a contradiction (j left no value, or j is placed with one
 * of bits: its candidate set is its value alone); a cell left one value is placed. */
static inline bool strike(ojd_killer *k, kframe *f, int j, uint64_t bits)
{
    uint64_t cand = f->cand[j];
    if (!(cand & bits))
        return true;
    uint64_t left = cand & ~bits;
    if (!left || f->value[j])
        return false;
    f->cand[j] = left;
    if (!(left & (left - 1)))
        place(k, f, j, ojd_ctz64(left) + 1);
    else
        touch(k, j);
    return true;
}

/* Takes every queued value from its cell's peers (which may queue more).  Its cage-mates lose it
 * in cage_step(), which place() made due: a cage's combinations hold no placed value. */
static bool run_queue(ojd_killer *k, kframe *f)
{
    const ojd_geo *g = k->geo;
    while (k->queued > 0) {
        int i = k->queue[--k->queued];
        uint64_t bit = (uint64_t)1 << (f->value[i] - 1);
        const int16_t *peer = ojd_geo_peers(g, i);
        for (int p = 0; p < g->npeers; p++)
            if (!strike(k, f, peer[p], bit))
                return false;
    }
    return true;
}

/* Hidden singles in every unit: -1 contradiction, 1 something placed, 0 nothing. */
static int hidden_singles(ojd_killer *k, kframe *f)
{
    const ojd_geo *g = k->geo;
    int side = k->side, placed = 0;
    for (int u = 0; u < g->nunits; u++) {
        const int16_t *cells = ojd_geo_unit(g, u);
        uint64_t once = 0, twice = 0, fixed = 0;
        for (int j = 0; j < side; j++) {
            int i = cells[j];
            if (f->value[i]) {
                fixed |= f->cand[i];
                continue;
            }
            twice |= once & f->cand[i];
            once |= f->cand[i];
        }
        if ((once | fixed) != k->all)
            return -1;
        uint64_t single = once & ~twice & ~fixed;
        for (; single; single &= single - 1) {
            uint64_t bit = single & -single;
            for (int j = 0; j < side; j++) {
                int i = cells[j];
                if (!f->value[i] && (f->cand[i] & bit)) {
                    place(k, f, i, ojd_ctz64(bit) + 1);
                    placed = 1;
                    break;
                }
            }
        }
        if (placed && !run_queue(k, f))
            return -1;
    }
    return placed;
}

/* The union and intersection of the value sets that can fill a cage's n free cells with sum
 * rest, from avail, meeting every free cell: the table's sets. */
static bool combos_table(const ojd_killer *k, const kframe *f, const int *freec, int n, int rest,
                         uint64_t avail, uint64_t *uni, uint64_t *req)
{
    if (rest < 1 || rest > k->max_sum)
        return false;
    int rows = k->max_sum + 2;
    const uint32_t *set = k->combo + k->combo_at[n * rows + rest],
                   *end = k->combo + k->combo_at[n * rows + rest + 1];
    uint64_t u = 0, r = k->all;
    for (; set < end; set++) {
        uint64_t m = *set;
        if (m & ~avail)
            continue;
        int j = 0;
        while (j < n && (f->cand[freec[j]] & m))
            j++;
        if (j < n)
            continue;
        u |= m;
        r &= m;
    }
    *uni = u;
    *req = u ? r : 0;
    return u != 0;
}

/* The same by bounds, for sides above the table's: v stays in a free cell when n - 1 distinct
 * values of avail without v can make rest - v (smallest and largest sums bracket it). */
static bool combos_bounds(const ojd_killer *k, const kframe *f, const int *freec, int n, int rest,
                          uint64_t avail, uint64_t *uni, uint64_t *req)
{
    int vals[OJD_MAX_SIDE], m = 0;
    for (uint64_t b = avail; b; b &= b - 1)
        vals[m++] = ojd_ctz64(b) + 1;
    if (m < n)
        return false;
    uint64_t u = 0, cells_hold = 0;
    for (int j = 0; j < n; j++)
        cells_hold |= f->cand[freec[j]];
    for (uint64_t b = avail & cells_hold; b; b &= b - 1) {
        int v = ojd_ctz64(b) + 1, lo = 0, hi = 0, taken = 0;
        for (int x = 0; x < m && taken < n - 1; x++)
            if (vals[x] != v)
                lo += vals[x], taken++;
        taken = 0;
        for (int x = m - 1; x >= 0 && taken < n - 1; x--)
            if (vals[x] != v)
                hi += vals[x], taken++;
        if (lo <= rest - v && rest - v <= hi)
            u |= (uint64_t)1 << (v - 1);
    }
    *uni = u;
    *req = 0;
    (void)k;
    return u != 0;
}

/* One cage's combinations applied: -1 contradiction, 1 a change, 0 none. */
/* The smallest and largest value of a non-empty candidate set. */
static inline int low_value(uint64_t set) { return ojd_ctz64(set) + 1; }
static inline int high_value(uint64_t set)
{
    int v = 0;
    for (; set; set >>= 1)
        v++;
    return v;
}

/* An outie set: each free cell's values bracketed by what the others' smallest and largest
 * candidates leave of the sum.  -1 contradiction, 1 a change, 0 none. */
static int sum_step(ojd_killer *k, kframe *f, const kcage *c)
{
    int freec[MAX_OUTIES], n = 0, rest = c->sum, lo = 0, hi = 0;
    for (int m = 0; m < c->size; m++) {
        int i = k->cage_cell[c->first + m];
        if (f->value[i]) {
            rest -= f->value[i];
            continue;
        }
        freec[n++] = i;
        lo += low_value(f->cand[i]);
        hi += high_value(f->cand[i]);
    }
    if (rest < lo || rest > hi)
        return -1;
    int changed = 0;
    for (int j = 0; j < n; j++) {
        int i = freec[j], low = low_value(f->cand[i]), high = high_value(f->cand[i]);
        int from = rest - (hi - high), to = rest - (lo - low); /* v in from..to */
        uint64_t keep = k->all;
        if (from > 1)
            keep &= ~(((uint64_t)1 << (from - 1)) - 1);
        if (to < k->side)
            keep &= ((uint64_t)1 << to) - 1;
        if (!(f->cand[i] & ~keep))
            continue;
        if (!strike(k, f, i, ~keep))
            return -1;
        changed = 1;
    }
    if (changed && !run_queue(k, f))
        return -1;
    return changed;
}

static int cage_step(ojd_killer *k, kframe *f, const kcage *c)
{
    if (!c->distinct)
        return sum_step(k, f, c);
    int freec[OJD_MAX_SIDE], n = 0, rest = c->sum;
    uint64_t used = 0, avail = 0;
    for (int m = 0; m < c->size; m++) {
        int i = k->cage_cell[c->first + m];
        if (f->value[i]) {
            rest -= f->value[i];
            used |= f->cand[i];
        } else {
            freec[n++] = i;
            avail |= f->cand[i];
        }
    }
    if (ojd_popcount64(used) != c->size - n) /* two cells placed with one value */
        return -1;
    if (n == 0)
        return rest == 0 ? 0 : -1;
    avail &= ~used;
    uint64_t uni, req;
    /* above 9x9 a big set has thousands of combinations: bounds do nearly as well there */
    bool table = k->table_side && (k->side <= 9 || n <= BIG_SET);
    bool any = table ? combos_table(k, f, freec, n, rest, avail, &uni, &req)
                     : combos_bounds(k, f, freec, n, rest, avail, &uni, &req);
    if (!any)
        return -1;
    int changed = 0;
    for (int j = 0; j < n; j++) {
        int i = freec[j];
        if (f->value[i] || !(f->cand[i] & ~uni))
            continue;
        if (!strike(k, f, i, ~uni))
            return -1;
        changed = 1;
    }
    /* a value every combination has, with one free cell left for it */
    for (uint64_t b = req; b; b &= b - 1) {
        uint64_t bit = b & -b;
        int at = -1, places = 0;
        for (int j = 0; j < n; j++)
            if (f->cand[freec[j]] & bit)
                at = freec[j], places++;
        if (places == 0)
            return -1;
        if (places == 1 && !f->value[at]) {
            place(k, f, at, ojd_ctz64(bit) + 1);
            changed = 1;
        }
    }
    if (changed && !run_queue(k, f))
        return -1;
    return changed;
}

/* Everything above to a fixpoint: false on a contradiction. */
static bool propagate(ojd_killer *k, kframe *f)
{
    if (!run_queue(k, f))
        return false;
    for (;;) {
        int hs = hidden_singles(k, f);
        if (hs < 0)
            return false;
        int changed = hs;
        while (k->any_dirty) {
            k->any_dirty = false;
            for (int c = 0; c < k->ncages; c++) {
                if (!k->dirty[c])
                    continue;
                k->dirty[c] = 0;
                int step = cage_step(k, f, &k->cage[c]);
                if (step < 0)
                    return false;
                changed |= step;
            }
        }
        if (!changed)
            return true;
    }
}

/* ---- search -------------------------------------------------------------------------------- */

static int pick_cell(const ojd_killer *k, const kframe *f)
{
    int best = -1, best_score = 1 << 30;
    for (int i = 0; i < k->cells; i++) {
        if (f->value[i])
            continue;
        int n = ojd_popcount64(f->cand[i]), c = k->cage_of[i], left = 0;
        if (c) {
            const kcage *cg = &k->cage[c - 1];
            for (int m = 0; m < cg->size; m++)
                left += !f->value[k->cage_cell[cg->first + m]];
        }
        int score = n * 64 + left;
        if (score < best_score)
            best_score = score, best = i;
    }
    return best;
}

/* The search below depth d (its frame propagated): true to stop (limit, budget, memory). */
static bool search(ojd_killer *k, int d, bool *nomem)
{
    kframe *f = &k->frame[d];
    if (ojd_budget_exhausted(&k->budget, ++k->nodes))
        return true;
    if (f->free == 0) {
        if (k->solutions++ == 0)
            memcpy(k->solution->cell, f->value, (size_t)k->cells);
        return k->solutions >= k->limit;
    }
    int i = pick_cell(k, f);
    kframe *child = frame_at(k, d + 1);
    if (!child) {
        *nomem = true;
        return true;
    }
    f = &k->frame[d]; /* frame_at may have moved the frames */
    bool first = true;
    for (uint64_t b = f->cand[i]; b; b &= b - 1) {
        if (!first)
            k->guesses++;
        first = false;
        memcpy(child->cand, f->cand, sizeof *f->cand * (size_t)k->cells);
        memcpy(child->value, f->value, (size_t)k->cells);
        child->free = f->free;
        k->queued = 0;
        memset(k->dirty, 0, (size_t)k->ncages); /* f is at a fixpoint */
        k->any_dirty = false;
        place(k, child, i, ojd_ctz64(b) + 1);
        if (propagate(k, child) && search(k, d + 1, nomem))
            return true;
        f = &k->frame[d];
        child = &k->frame[d + 1];
    }
    return false;
}

/* Depth 0 from the givens: false when they contradict the cages already. */
static bool load_givens(ojd_killer *k, const ojd_board *in, kframe *f)
{
    for (int i = 0; i < k->cells; i++) {
        f->cand[i] = k->all;
        f->value[i] = 0;
    }
    f->free = k->cells;
    k->queued = 0;
    for (int i = 0; i < k->cells; i++) {
        if (!in->cell[i])
            continue;
        /* an earlier given's consequences may have placed this cell already: the same value */
        if (f->value[i] && f->value[i] != in->cell[i])
            return false;
        if (f->value[i])
            continue;
        if (!(f->cand[i] >> (in->cell[i] - 1) & 1))
            return false;
        place(k, f, i, in->cell[i]);
        if (!run_queue(k, f))
            return false;
    }
    return propagate(k, f);
}

/* The tables and buffers of in's side and unit set, kept from the last puzzle when they fit. */
static ojd_status prepare(ojd_killer *k, const ojd_board *in)
{
    if (!ojd_geo_follow(&k->geo, in))
        return OJD_ERR_NOMEM;
    if (k->table_side != in->side && in->side <= TABLE_MAX_SIDE && !build_table(k, in->side))
        return OJD_ERR_NOMEM;
    if (in->side > TABLE_MAX_SIDE && k->table_side)
        build_table(k, in->side); /* drops a smaller side's table: bounds from here on */
    if (k->cells != in->side * in->side) {
        free_grid(k);
        k->cells = in->side * in->side;
        k->queue = malloc(sizeof *k->queue * (size_t)k->cells);
        k->cage_of = malloc((size_t)k->cells);
        k->cell_cages = malloc(sizeof *k->cell_cages * (size_t)k->cells);
        k->ncell_cages = malloc((size_t)k->cells);
        if (!k->queue || !k->cage_of || !k->cell_cages || !k->ncell_cages || !frame_at(k, 0)) {
            free_grid(k);
            return OJD_ERR_NOMEM;
        }
    }
    k->side = in->side;
    k->all = ojd_all_values(in->side);
    return OJD_OK;
}

ojd_status ojd_killer_solve(ojd_killer *k, const ojd_board *in, const ojd_search *search_opts,
                            ojd_result *out)
{
    k->limit = ojd_search_begin(out, search_opts, &k->budget);
    k->solutions = 0;
    k->nodes = k->guesses = 0;
    if (!ojd_board_units_usable(in)) /* checks_units: the engine left it to "fast" */
        return OJD_ERR_INVALID;
    for (int i = 0, cells = in->side * in->side; i < cells; i++)
        if (in->cell[i] > in->side)
            return OJD_ERR_INVALID; /* as the givens check says; repeats are looked for below */
    ojd_status st = prepare(k, in);
    if (st != OJD_OK)
        return st;
    out->solution.box_rows = in->box_rows;
    out->solution.box_cols = in->box_cols;
    out->solution.side = in->side;
    out->solution.units = 0; /* the engine copies the unit set and cages */
    k->solution = &out->solution;
    bool nomem = false;
    int loaded = load_cages(k, in);
    if (loaded < 0)
        nomem = true;
    else if (loaded > 0 && load_givens(k, in, &k->frame[0]))
        search(k, 0, &nomem);
    out->solutions = k->solutions;
    out->nodes = k->nodes;
    out->guesses = k->guesses;
    if (nomem)
        return OJD_ERR_NOMEM;
    /* givens that repeat a value or break a cage have no solution: the givens check, which
     * says conflict, is asked only then (most puzzles have a solution and skip its scan) */
    if (k->solutions == 0 && ojd_givens_check(in) == OJD_CONFLICT)
        return OJD_CONFLICT;
    return ojd_search_status(&k->budget, k->solutions, k->limit);
}
