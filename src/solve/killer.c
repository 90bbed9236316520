/*
 * killer.c -- the killer engine of "fast": Sudoku with cages (OJD_UNITS_KILLER) over any unit set
 * the board has (boxes or a jigsaw's regions, the X diagonals, the windoku windows), any side.
 *
 * Model: a candidate set per cell (bit v-1 for value v) and the values placed, one frame per
 * search depth, copied whole on a branch.  A node propagates to a fixpoint:
 *  - a placed value leaves the cell's peers; a cell with one candidate is placed; a value with
 *    one place in a unit goes there, with none it is a contradiction (singles);
 *  - each cage's combinations: the sets of distinct values that make its missing sum with its
 *    free cells, from what they still hold.  Their union bounds every free cell (placed values
 *    leave the cage-mates here); a value in all of them with one place goes there;
 *  - the 45-rule: the cages inside a unit leave its other cells ("innies") the rest of the
 *    unit's sum, a virtual cage; the cells by which cages filling a unit reach out of it
 *    ("outies") are held to a sum.  Their tables are built at depth 0, and only when the real
 *    cages left cells free (add_rule45()).
 * Only the cages of cells that lost candidates are stepped again.  Then it branches on the free
 * cell with the fewest candidates, values in increasing order, counting up to the limit.
 *
 * The combinations come from a table of every value set ordered by (size, sum), per side up to
 * 16; above, a cage keeps the values of a free cell that the others' smallest and largest sums
 * still allow (weaker, still exact on a full cage).  Costs: docs/performance.md, "Killer".
 */
#include "solve.h"

#include <stdlib.h>
#include <string.h>

#define TABLE_MAX_SIDE 16
#define CELL_CAGES 12 /* a real cage, an innie set per unit of the cell (6 at most), outies */
#define MAX_OUTIES 4  /* outie sets of more cells prune too little for their cost */
#define BIG_SET 5     /* free cells from which a cage above 9x9 is bounded, not enumerated */

/* A cage as the engine propagates it: cells[first .. first + size) of the cell lists. */
typedef struct kcage {
    int first, size, sum;
    bool distinct; /* false: an outie set, cells of several units, held to its sum alone */
} kcage;

/* What load_cages() gathers of one unit from the real cages that touch it. */
typedef struct kunit {
    int stamp, cnt; /* the cage last counted in the unit (c, then -c once added), its cells there */
    int caged, inside_cells, inside_sum, touch_cells, touch_sum;
} kunit;

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
    /* the cages (real and virtual) of each cell, at most CELL_CAGES; the cells that lost
     * candidates since their cages were last marked (bits, cwords words), and the cages due a
     * step (bits, dwords words): only those are looked at again (a frame branched from is at a
     * fixpoint, so a child starts with none due but the ones its placement touches) */
    /* load_cages()'s scratch: per unit (unit_room of them), per real cage (1-based) the unit
     * slots of its first cell that hold it whole and the unit whose outies took it (1 + unit) */
    kunit *unit;
    uint64_t *unit_used; /* load_givens()'s: the givens' values of each unit */
    int unit_room, cage_room, cells_used; /* cells_used: of cage_cell, by the real cages */
    bool rule45; /* the 45-rule's cages are loaded (after the real ones) */ /* cage, cage_cell (side cells a cage) and dirty hold cage_room */
    uint16_t inside_slots[OJD_MAX_CAGES + 1];
    int cage_seen[OJD_MAX_CAGES + 1];
    int16_t (*cell_cages)[CELL_CAGES];
    uint8_t *ncell_cages;
    uint64_t *changed, *dirty;
    int cwords, dwords;
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
    free(k->changed);
    k->changed = NULL;
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
    free(k->unit);
    free(k->unit_used);
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

/* Is cell i in unit u? */
static inline bool in_unit(const ojd_geo *g, int i, int u)
{
    for (int s = 0; s < g->nunits_of[i]; s++)
        if (ojd_geo_unit_of(g, i, s) == u)
            return true;
    return false;
}

/* Does real cage c (1-based) lie whole inside unit u?  Such a unit holds its first cell: one of
 * that cell's unit slots, as measure_units() marked them. */
static inline bool cage_inside(const ojd_killer *k, int c, int u)
{
    int head = k->cage_cell[k->cage[c - 1].first];
    for (unsigned s = k->inside_slots[c]; s; s &= s - 1)
        if (ojd_geo_unit_of(k->geo, head, ojd_ctz64(s)) == u)
            return true;
    return false;
}

/*
 * What the 45-rule needs of every unit, from one walk over the real cages' cells and their units
 * (not over every unit's cells per cage): its caged cells, the cells and sums of the cages
 * inside it and of all that touch it, and each cage's inside_slots.
 */
static void measure_units(ojd_killer *k, int real)
{
    const ojd_geo *g = k->geo;
    memset(k->unit, 0, sizeof *k->unit * (size_t)g->nunits);
    for (int c = 1; c <= real; c++) {
        const kcage *cg = &k->cage[c - 1];
        const int16_t *cell = k->cage_cell + cg->first;
        for (int m = 0; m < cg->size; m++) /* the cage's cells per unit, stamped c */
            for (int s = 0; s < g->nunits_of[cell[m]]; s++) {
                kunit *un = &k->unit[ojd_geo_unit_of(g, cell[m], s)];
                if (un->stamp != c)
                    un->stamp = c, un->cnt = 0;
                un->cnt++;
            }
        for (int m = 0; m < cg->size; m++) /* each unit counted once: stamped -c after */
            for (int s = 0; s < g->nunits_of[cell[m]]; s++) {
                kunit *un = &k->unit[ojd_geo_unit_of(g, cell[m], s)];
                if (un->stamp != c)
                    continue;
                un->stamp = -c;
                un->caged += un->cnt;
                un->touch_cells += cg->size;
                un->touch_sum += cg->sum;
                if (un->cnt == cg->size)
                    un->inside_cells += cg->size, un->inside_sum += cg->sum;
            }
        k->inside_slots[c] = 0;
        for (int s = 0; s < g->nunits_of[cell[0]]; s++)
            if (k->unit[ojd_geo_unit_of(g, cell[0], s)].cnt == cg->size)
                k->inside_slots[c] |= 1u << s;
    }
}

/*
 * The 45-rule's innies: a unit with real cages inside it leaves its other cells a virtual cage
 * of what its sum leaves them.  false when cages that fill a unit do not make its sum.
 */
static bool load_innies(ojd_killer *k, int *used)
{
    const ojd_geo *g = k->geo;
    int side = k->side, total = side * (side + 1) / 2;
    for (int u = 0; u < g->nunits; u++) {
        const kunit *un = &k->unit[u];
        if (!un->inside_cells)
            continue;
        int rest = side - un->inside_cells, sum = total - un->inside_sum, first = *used;
        if (rest == 0) {
            if (sum != 0)
                return false;
            continue;
        }
        const int16_t *cells = ojd_geo_unit(g, u);
        for (int j = 0; j < side; j++) {
            int c = k->cage_of[cells[j]];
            if (!c || !cage_inside(k, c, u))
                k->cage_cell[(*used)++] = cells[j];
        }
        k->cage[k->ncages++] = (kcage){first, rest, sum, true};
    }
    return true;
}

/*
 * The 45-rule's other half: a unit whose every cell is in a cage, with cages that reach out of
 * it, leaves the cells of those cages outside the unit ("outies") the cages' sums less the
 * unit's.  The outies lie in several units, so they are held to the sum alone (not distinct).
 * Kept for sets of up to MAX_OUTIES cells.  false when a set's sum is out of its reach.
 */
static bool load_outies(ojd_killer *k, int real, int *used)
{
    const ojd_geo *g = k->geo;
    int side = k->side, total = side * (side + 1) / 2;
    memset(k->cage_seen, 0, sizeof *k->cage_seen * (size_t)(real + 1));
    for (int u = 0; u < g->nunits; u++) {
        const kunit *un = &k->unit[u];
        int out = un->touch_cells - side, sum = un->touch_sum - total, first = *used;
        if (un->caged != side || out <= 0 || out > MAX_OUTIES || out > side)
            continue;
        if (sum < out || sum > out * side)
            return false;
        const int16_t *cells = ojd_geo_unit(g, u);
        for (int j = 0; j < side; j++) {
            int c = k->cage_of[cells[j]];
            if (k->cage_seen[c] == u + 1 || cage_inside(k, c, u))
                continue;
            k->cage_seen[c] = u + 1;
            const kcage *cg = &k->cage[c - 1];
            for (int m = 0; m < cg->size; m++) {
                int i = k->cage_cell[cg->first + m];
                if (!in_unit(g, i, u))
                    k->cage_cell[(*used)++] = (int16_t)i;
            }
        }
        k->cage[k->ncages++] = (kcage){first, out, sum, false};
    }
    return true;
}

/* The cells of cages from.. list them among their cages (cell_cages), and those cages are due
 * a step; a cage that would give a cell more than CELL_CAGES is dropped (it only prunes). */
static void list_cell_cages(ojd_killer *k, int from)
{
    for (int c = from; c < k->ncages; c++) {
        const kcage *cg = &k->cage[c];
        bool room = true; /* always for the real cages (from 0): a cell is in one at most */
        for (int m = 0; from > 0 && m < cg->size; m++)
            room &= k->ncell_cages[k->cage_cell[cg->first + m]] < CELL_CAGES;
        if (!room) {
            k->cage[c] = k->cage[--k->ncages];
            c--;
            continue;
        }
        for (int m = 0; m < cg->size; m++) {
            int i = k->cage_cell[cg->first + m];
            k->cell_cages[i][k->ncell_cages[i]++] = (int16_t)c;
        }
        k->dirty[(unsigned)c / 64] |= (uint64_t)1 << ((unsigned)c % 64);
    }
}

/*
 * The real cages of b, each due a step (the 45-rule's come later: add_rule45()), with room for
 * the 45-rule's: real + 2 nunits cages, each of at most side cells.  0 loaded, -1 out of memory.
 */
static int load_cages(ojd_killer *k, const ojd_board *b)
{
    const ojd_geo *g = k->geo;
    int real = ojd_board_cage_count(b), most = real + 2 * g->nunits;
    if (most > k->cage_room || g->nunits > k->unit_room) {
        free(k->cage);
        free(k->cage_cell);
        free(k->dirty);
        free(k->unit);
        free(k->unit_used);
        k->cage_room = most > k->cage_room ? most : k->cage_room;
        k->unit_room = g->nunits > k->unit_room ? g->nunits : k->unit_room;
        k->dwords = (k->cage_room + 63) / 64;
        k->cage = malloc(sizeof *k->cage * (size_t)k->cage_room);
        k->cage_cell = malloc(sizeof *k->cage_cell * (size_t)k->cage_room * OJD_MAX_SIDE);
        k->dirty = malloc(sizeof *k->dirty * (size_t)k->dwords);
        k->unit = malloc(sizeof *k->unit * (size_t)k->unit_room);
        k->unit_used = malloc(sizeof *k->unit_used * (size_t)k->unit_room);
        if (!k->cage || !k->cage_cell || !k->dirty || !k->unit || !k->unit_used) {
            k->cage_room = k->unit_room = 0;
            return -1;
        }
    }
    /* the real cages' cell lists by one counting pass over the cells */
    int used = 0, size[OJD_MAX_CAGES + 1];
    memset(size, 0, sizeof *size * (size_t)(real + 1));
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
    k->cells_used = used;
    k->rule45 = false;
    memset(k->ncell_cages, 0, (size_t)k->cells);
    memset(k->dirty, 0, sizeof *k->dirty * (size_t)k->dwords);
    memset(k->changed, 0, sizeof *k->changed * (size_t)k->cwords);
    list_cell_cages(k, 0);
    return 0;
}

/* Cell i lost candidates: its cages are looked at again (marked due by mark_due()). */
static inline void touch(ojd_killer *k, int i)
{
    k->changed[(unsigned)i / 64] |= (uint64_t)1 << ((unsigned)i % 64);
}

/* The cages of every changed cell are due a step: false when none is. */
static bool mark_due(ojd_killer *k)
{
    for (int w = 0; w < k->cwords; w++) {
        uint64_t b = k->changed[w];
        k->changed[w] = 0;
        for (; b; b &= b - 1) {
            int i = w * 64 + ojd_ctz64(b);
            for (int m = 0; m < k->ncell_cages[i]; m++) {
                int c = k->cell_cages[i][m];
                k->dirty[(unsigned)c / 64] |= (uint64_t)1 << ((unsigned)c % 64);
            }
        }
    }
    uint64_t any = 0;
    for (int w = 0; w < k->dwords; w++)
        any |= k->dirty[w];
    return any != 0;
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

/* One cage's combinations applied: -1 contradiction, 1 a change, 0 none. */
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
        while (mark_due(k)) {
            for (int w = 0; w < k->dwords; w++) {
                for (uint64_t b; (b = k->dirty[w]) != 0;) {
                    k->dirty[w] = b & (b - 1);
                    int step = cage_step(k, f, &k->cage[w * 64 + ojd_ctz64(b)]);
                    if (step < 0)
                        return false;
                    changed |= step;
                }
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
        /* f is at a fixpoint: nothing due */
        memset(k->dirty, 0, sizeof *k->dirty * (size_t)k->dwords);
        memset(k->changed, 0, sizeof *k->changed * (size_t)k->cwords);
        place(k, child, i, ojd_ctz64(b) + 1);
        if (propagate(k, child) && search(k, d + 1, nomem))
            return true;
        f = &k->frame[d];
        child = &k->frame[d + 1];
    }
    return false;
}

/* The 45-rule's virtual cages (innies, then outies) added to the real ones, each due a step:
 * false when they leave no solution. */
static bool load_rule45(ojd_killer *k)
{
    int real = k->ncages, used = k->cells_used;
    k->rule45 = true;
    measure_units(k, real);
    if (!load_innies(k, &used) || !load_outies(k, real, &used))
        return false;
    list_cell_cages(k, real);
    return true;
}

/*
 * Depth 0 with the 45-rule: its cages come before the first propagation when there are no
 * givens (printed killers need it), else only when the real cages and the units leave cells
 * free, so an easy puzzle with givens (CodinGame's) skips the rule's tables: a grid they fill
 * makes every unit's sum, so the rule holds there.  false when there is no solution.
 */
static bool add_rule45(ojd_killer *k, kframe *f)
{
    if (k->rule45 || f->free == 0)
        return true;
    return load_rule45(k) && propagate(k, f);
}

/* Depth 0 from the givens: false when they contradict the cages already. */
static bool load_givens(ojd_killer *k, const ojd_board *in, kframe *f)
{
    const ojd_geo *g = k->geo;
    uint64_t *used = k->unit_used; /* the givens' values in each unit */
    memset(used, 0, sizeof *used * (size_t)g->nunits);
    f->free = k->cells;
    k->queued = 0;
    for (int i = 0; i < k->cells; i++) {
        f->value[i] = in->cell[i];
        if (!in->cell[i])
            continue;
        uint64_t bit = (uint64_t)1 << (in->cell[i] - 1);
        f->cand[i] = bit;
        f->free--;
        for (int s = 0; s < g->nunits_of[i]; s++) {
            int u = ojd_geo_unit_of(g, i, s);
            if (used[u] & bit)
                return false; /* a given repeats in a unit */
            used[u] |= bit;
        }
    }
    if (f->free == k->cells && !load_rule45(k)) /* no givens: add_rule45() says why */
        return false;
    /* the givens are taken from their peers here at once rather than through the queue; their
     * cages are due already (every cage is, from load_cages()) */
    for (int i = 0; i < k->cells; i++) {
        if (f->value[i])
            continue;
        uint64_t seen = 0;
        for (int s = 0; s < g->nunits_of[i]; s++)
            seen |= used[ojd_geo_unit_of(g, i, s)];
        f->cand[i] = k->all & ~seen;
        if (!f->cand[i])
            return false;
        if (!(f->cand[i] & (f->cand[i] - 1)))
            place(k, f, i, ojd_ctz64(f->cand[i]) + 1);
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
        k->cwords = (k->cells + 63) / 64;
        k->changed = malloc(sizeof *k->changed * (size_t)k->cwords);
        k->cage_of = malloc((size_t)k->cells);
        k->cell_cages = malloc(sizeof *k->cell_cages * (size_t)k->cells);
        k->ncell_cages = malloc((size_t)k->cells);
        if (!k->queue || !k->changed || !k->cage_of || !k->cell_cages || !k->ncell_cages || !frame_at(k, 0)) {
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
    if (load_cages(k, in) < 0)
        nomem = true;
    else if (load_givens(k, in, &k->frame[0]) && add_rule45(k, &k->frame[0]))
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
