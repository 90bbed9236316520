/*
 * units9.c -- the general path of "fast" for 9x9 grids of any unit set: a jigsaw's regions in
 * place of the boxes, the X diagonals, the windoku windows (solve.h declares it).
 *
 * Model: digit planes.  The 81 cells are two words (cells 0-63, then 64-80), and the state is one
 * plane per digit, the cells where that digit is still possible, plus the set of placed cells; a
 * placed cell keeps its digit's bit alone.  The unit set is a table of up to 33 cell masks (rows,
 * columns, regions, extras) and a peer mask per cell (the other cells of its units), built from
 * the board when the unit set changes (per puzzle for HDU 4069, whose every puzzle has regions
 * of its own): no per-shape layout is assumed anywhere.
 * Rules, to a fixpoint at every node, in rounds: each round finds every single of one rule in
 * the state as it stands and places them all at once (place_all), naked singles while there are
 * any, then hidden singles:
 *  - naked single: an unplaced cell in exactly one plane takes that digit (bit-sliced counts over
 *    the nine planes find them all at once; a cell in no plane is a contradiction);
 *  - hidden single: a digit whose plane meets a unit in one unplaced cell goes there (a plane
 *    that misses a unit is a contradiction; a cell that is the only place of two digits too).
 *    A unit's two words fold into one (a rotation per unit, chosen when the tables are built),
 *    so that "one cell" is one test on one word, with no branch per unit.
 * Placing a batch removes its cells from the other planes and each cell's peers from its digit's
 * plane; two new cells of one digit that see each other are a contradiction.  Both rules only
 * remove what no solution has, so the fixpoint is the same in any order.  Then the search
 * branches on the first unplaced cell with the fewest candidates (two when there is one),
 * digits in increasing order, each on a copy of the 160-byte state (no undo log).
 * Invariant at a fixpoint without contradiction and without unplaced cell: every unit holds each
 * digit once, i.e. the planes are a solution.  Counting: a node is one propagation; a guess is
 * every digit tried at a branch after the first.
 */
#include "solve.h"

#include <stdlib.h>
#include <string.h>

/*
 * A set of the 81 cells: two 64-bit words (cells 0-63, then 64-80).  Under GNU C it is a 16-byte
 * vector, so that one operation on a set is one SSE2 instruction on x86-64 (and two word
 * operations elsewhere); the hot loops below are nine such operations, one per digit plane.
 * OJD_FAST_SCALAR builds the plain struct, the same operations word by word.
 */
#if defined(__GNUC__) && !defined(OJD_FAST_SCALAR)
typedef uint64_t m81 __attribute__((vector_size(16)));
#define LO(m) ((m)[0])
#define HI(m) ((m)[1])
static inline m81 mk81(uint64_t lo, uint64_t hi) { return (m81){lo, hi}; }
static inline m81 or81(m81 a, m81 b) { return a | b; }
static inline m81 and81(m81 a, m81 b) { return a & b; }
static inline m81 andnot81(m81 a, m81 b) { return a & ~b; }
#else
typedef struct m81 {
    uint64_t lo, hi;
} m81;
#define LO(m) ((m).lo)
#define HI(m) ((m).hi)
static inline m81 mk81(uint64_t lo, uint64_t hi) { return (m81){lo, hi}; }
static inline m81 or81(m81 a, m81 b) { return (m81){a.lo | b.lo, a.hi | b.hi}; }
static inline m81 and81(m81 a, m81 b) { return (m81){a.lo & b.lo, a.hi & b.hi}; }
static inline m81 andnot81(m81 a, m81 b) { return (m81){a.lo & ~b.lo, a.hi & ~b.hi}; }
#endif

#define HI_ALL ((UINT64_C(1) << 17) - 1)

static inline m81 bit81(int i)
{
    return i < 64 ? mk81(UINT64_C(1) << i, 0) : mk81(0, UINT64_C(1) << (i - 64));
}
static inline bool has81(m81 m, int i)
{
    return i < 64 ? (LO(m) >> i) & 1 : (HI(m) >> (i - 64)) & 1;
}
static inline bool none81(m81 m) { return !(LO(m) | HI(m)); }
static inline int first81(m81 m) { return LO(m) ? ojd_ctz64(LO(m)) : 64 + ojd_ctz64(HI(m)); }
static inline uint64_t rotl64(uint64_t x, unsigned k) { return (x << k) | (x >> ((64 - k) & 63)); }
static inline m81 open81(m81 placed) { return mk81(~LO(placed), ~HI(placed) & HI_ALL); }

typedef struct u9_node {
    m81 plane[9];   /* digit d + 1 still possible in these cells */
    m81 placed;
} u9_node;

struct ojd_units9 {
    /* the unit set the tables are for */
    unsigned units;
    uint8_t region[81];
    int nunits;
    m81 unit[33];       /* rows 0-8 and columns 9-17 (made once), regions or boxes, then extras */
    /* per unit, a rotation that moves its high word's cells onto bits its low word leaves
     * free: a unit's cells of one digit fold into one word, lo | rotl(hi, fold[u]), with the
     * same count (a unit has 9 cells, so at most 20 of the 64 rotations collide) */
    uint8_t fold[33];
    /* the units' words apart, for the hidden-singles scan: read there from unit[] instead, the
     * scan costs 4.4% more instructions on minimal-givens jigsaws (callgrind) */
    uint64_t unit_lo[33], unit_hi[33];
    m81 peer[81];       /* the other cells of each cell's units */
    /* one search */
    ojd_budget budget;
    ojd_result *out;
    unsigned long limit;
};

ojd_units9 *ojd_units9_new(void)
{
    ojd_units9 *e = calloc(1, sizeof *e);
    if (!e)
        return NULL;
    e->units = ~0u; /* no unit set yet */
    for (int u = 0; u < 33; u++)
        e->unit[u] = mk81(0, 0);
    for (int i = 0; i < 81; i++) {
        e->unit[i / 9] = or81(e->unit[i / 9], bit81(i));
        e->unit[9 + i % 9] = or81(e->unit[9 + i % 9], bit81(i));
    }
    return e;
}

void ojd_units9_free(ojd_units9 *e) { free(e); }

/* The tables of board's unit set (9x9, a valid unit set: the engine checked it): the third group
 * of units (regions, or the boxes under extras), the extras, the folds, every cell's peers.
 * Every puzzle of HDU 4069 has regions of its own, so this runs per puzzle and is kept short:
 * no branch per cell on the word a cell lives in (the loop splits at cell 64).  (Peers made on
 * the fly from three units instead of this table cost more than the table: measured.) */
static void build(ojd_units9 *e, const ojd_board *b)
{
    uint8_t group[81];
    e->units = b->units;
    if (b->units & OJD_UNITS_REGIONS) {
        memcpy(e->region, b->region, 81);
        memcpy(group, b->region, 81);
    } else {
        for (int i = 0; i < 81; i++)
            group[i] = (uint8_t)((i / 27) * 3 + (i % 9) / 3);
    }
    e->nunits = ojd_board_unit_count(b);
    uint64_t lo[9] = {0}, hi[9] = {0};
    for (int i = 0; i < 64; i++)
        lo[group[i]] |= UINT64_C(1) << i;
    for (int i = 64; i < 81; i++)
        hi[group[i]] |= UINT64_C(1) << (i - 64);
    for (int g = 0; g < 9; g++)
        e->unit[18 + g] = mk81(lo[g], hi[g]);
    for (int u = 27; u < e->nunits; u++) { /* the extras */
        int cells[9];
        ojd_board_unit_cells(b, u, cells);
        e->unit[u] = mk81(0, 0);
        for (int k = 0; k < 9; k++)
            e->unit[u] = or81(e->unit[u], bit81(cells[k]));
    }
    for (int u = 0; u < e->nunits; u++) {
        unsigned k = 0;
        while (LO(e->unit[u]) & rotl64(HI(e->unit[u]), k))
            k++;
        e->fold[u] = (uint8_t)k;
        e->unit_lo[u] = LO(e->unit[u]);
        e->unit_hi[u] = HI(e->unit[u]);
    }
    for (int r = 0, i = 0; r < 9; r++)
        for (int c = 0; c < 9; c++, i++)
            e->peer[i] = or81(or81(e->unit[r], e->unit[9 + c]), e->unit[18 + group[i]]);
    for (int u = 27; u < e->nunits; u++)
        for (int i = 0; i < 81; i++)
            if (has81(e->unit[u], i))
                e->peer[i] = or81(e->peer[i], e->unit[u]);
    for (int i = 0; i < 81; i++)
        e->peer[i] = andnot81(e->peer[i], bit81(i));
}

/* The digits' numbers (0-8) bit by bit: bit[k] holds the cells of set[d] for every d with bit k
 * set, so a cell of exactly one set reads its d from the four planes, without a branch. */
static inline void digit_bits(const m81 *set, m81 *bit)
{
    bit[0] = or81(or81(set[1], set[3]), or81(set[5], set[7]));
    bit[1] = or81(or81(set[2], set[3]), or81(set[6], set[7]));
    bit[2] = or81(or81(set[4], set[5]), or81(set[6], set[7]));
    bit[3] = set[8];
}

/* The digit number (0-8) of the cell at bit `at` of the words w[0..3] (digit_bits' planes, one
 * word of each). */
static inline int digit_at(const uint64_t *w, int at)
{
    return (int)((w[0] >> at) & 1) | (int)((w[1] >> at) & 1) << 1 | (int)((w[2] >> at) & 1) << 2 |
           (int)((w[3] >> at) & 1) << 3;
}

/*
 * Places every cell of fresh[d] with digit d + 1, all at once: the cells are open, no cell is in
 * two of the sets, and each holds its digit in its plane.  False when two new cells of one digit
 * see each other.  A placed cell keeps its digit's bit alone; its peers lose the digit.  Done
 * per batch, not per cell, because clearing the nine planes is the costly part and a batch
 * clears them once (a puzzle of singles places some 50 cells in about 11 batches).  The cells
 * are visited in one loop, each finding its digit in four bit planes of the digits' numbers, so
 * that a batch costs one unpredictable loop exit, not one per digit.
 */
static bool place_all(const ojd_units9 *e, u9_node *n, const m81 *fresh)
{
    m81 bit[4];
    digit_bits(fresh, bit);
    m81 all = or81(or81(bit[0], bit[1]), or81(or81(bit[2], bit[3]), fresh[0]));
    uint64_t lo[4] = {LO(bit[0]), LO(bit[1]), LO(bit[2]), LO(bit[3])};
    uint64_t hi[4] = {HI(bit[0]), HI(bit[1]), HI(bit[2]), HI(bit[3])};
    for (uint64_t w = LO(all); w; w &= w - 1) {
        int i = ojd_ctz64(w), d = digit_at(lo, i);
        n->plane[d] = andnot81(n->plane[d], e->peer[i]);
    }
    for (uint64_t w = HI(all); w; w &= w - 1) {
        int i = ojd_ctz64(w), d = digit_at(hi, i);
        n->plane[d] = andnot81(n->plane[d], e->peer[64 + i]);
    }
    /* a new cell that a new cell of its own digit took out: the two see each other */
    m81 lost = mk81(0, 0);
    for (int d = 0; d < 9; d++) {
        lost = or81(lost, andnot81(fresh[d], n->plane[d]));
        n->plane[d] = andnot81(n->plane[d], andnot81(all, fresh[d]));
    }
    n->placed = or81(n->placed, all);
    return none81(lost);
}

/*
 * The hidden singles of one digit's plane (words lo, hi) in the rows and the columns, all 18 at
 * once: the plane as nine 9-bit rows (cell 9r + c is bit c of row r; row 7 straddles the
 * words), a row with one cell keeps it, and the columns' counts bit-sliced over the rows (one,
 * two or more) keep the cells of columns with one.  Bit 63 of *dead is set when a row or a
 * column has no cell.  (The same as the general test per unit below, at a third of its cost.)
 */
static inline m81 lines_hidden(uint64_t lo, uint64_t hi, uint64_t *dead)
{
    uint64_t row[9], one = 0, two = 0, lone_rows[9];
    for (int r = 0; r < 7; r++)
        row[r] = (lo >> (9 * r)) & 0x1FF;
    row[7] = ((lo >> 63) | (hi << 1)) & 0x1FF;
    row[8] = (hi >> 8) & 0x1FF;
    for (int r = 0; r < 9; r++) {
        uint64_t many = row[r] & (row[r] - 1);
        *dead |= (row[r] - 1) & ~row[r];
        lone_rows[r] = (uint64_t)0 - (((many - 1) & ~many) >> 63);
        two |= one & row[r];
        one |= row[r];
    }
    *dead |= (uint64_t)(one != 0x1FF) << 63;
    uint64_t lone_columns = one & ~two, out_lo = 0, out_hi = 0;
    for (int r = 0; r < 7; r++)
        out_lo |= (row[r] & (lone_rows[r] | lone_columns)) << (9 * r);
    uint64_t r7 = row[7] & (lone_rows[7] | lone_columns);
    out_lo |= r7 << 63;
    out_hi |= (r7 >> 1) | (row[8] & (lone_rows[8] | lone_columns)) << 8;
    return mk81(out_lo, out_hi);
}

/* Naked and hidden singles to the fixpoint; false on a contradiction.  Each round finds every
 * single of one rule in the state as it stands and places them together (place_all): naked
 * singles while there are any, then hidden singles. */
static bool propagate(const ojd_units9 *e, u9_node *n)
{
    for (;;) {
        m81 one = mk81(0, 0), two = mk81(0, 0);
        for (int d = 0; d < 9; d++) {
            two = or81(two, and81(one, n->plane[d]));
            one = or81(one, n->plane[d]);
        }
        m81 open = open81(n->placed);
        if (!none81(andnot81(open, one)))
            return false; /* a cell with no candidate */
        if (none81(open))
            return true;
        m81 fresh[9], naked = andnot81(open, two);
        if (!none81(naked)) {
            for (int d = 0; d < 9; d++)
                fresh[d] = and81(naked, n->plane[d]);
            if (!place_all(e, n, fresh))
                return false;
            continue;
        }
        /* hidden singles, without a branch per unit (a scan is 9 digits x 27-33 units, and
         * which units hold a single is random): a unit whose cells of digit d are one cell
         * adds it, one with none is a contradiction */
        m81 any = mk81(0, 0), twice = mk81(0, 0);
        uint64_t dead = 0;
        for (int d = 0; d < 9; d++) {
            uint64_t plo = LO(n->plane[d]), phi = HI(n->plane[d]);
            m81 hidden = lines_hidden(plo, phi, &dead);
            uint64_t hidden_lo = LO(hidden), hidden_hi = HI(hidden);
            for (int u = 18; u < e->nunits; u++) {
                uint64_t lo = plo & e->unit_lo[u], hi = phi & e->unit_hi[u];
                uint64_t folded = lo | rotl64(hi, e->fold[u]), below = folded - 1;
                dead |= below & ~folded; /* bit 63 set: no cell */
                uint64_t many = folded & below;
                /* all ones when the unit has one cell (or none, which adds nothing) */
                uint64_t keep = (uint64_t)0 - (((many - 1) & ~many) >> 63);
                hidden_lo |= lo & keep;
                hidden_hi |= hi & keep;
            }
            fresh[d] = and81(mk81(hidden_lo, hidden_hi), open);
            twice = or81(twice, and81(any, fresh[d]));
            any = or81(any, fresh[d]);
        }
        if (dead >> 63)
            return false; /* a digit with no place in some unit */
        if (none81(any))
            return true;
        if (!none81(twice))
            return false; /* a cell that is the only place of two digits */
        if (!place_all(e, n, fresh))
            return false;
    }
}

/* A nibble's bits as the low bits of four bytes (bit j -> byte j). */
static const uint32_t spread4[16] = {
    0x00000000, 0x00000001, 0x00000100, 0x00000101, 0x00010000, 0x00010001, 0x00010100,
    0x00010101, 0x01000000, 0x01000001, 0x01000100, 0x01000101, 0x01010000, 0x01010001,
    0x01010100, 0x01010101,
};

/* Four cells' digits from four bit planes of their numbers, starting at bit `at`. */
static inline uint32_t four_digits(const uint64_t *w, int at)
{
    return 0x01010101u + (spread4[(w[0] >> at) & 15] | spread4[(w[1] >> at) & 15] << 1 |
                          spread4[(w[2] >> at) & 15] << 2 | spread4[(w[3] >> at) & 15] << 3);
}

/* The first solution into out: every cell's digit read from four bit planes of the digits'
 * numbers, four cells at a time with no branch on the data. */
static void record(ojd_units9 *e, const u9_node *n)
{
    if (e->out->solutions++ > 0)
        return;
    m81 bit[4];
    digit_bits(n->plane, bit);
    uint64_t lo[4] = {LO(bit[0]), LO(bit[1]), LO(bit[2]), LO(bit[3])};
    uint64_t hi[4] = {HI(bit[0]), HI(bit[1]), HI(bit[2]), HI(bit[3])};
    uint8_t *cell = e->out->solution.cell;
    for (int i = 0; i < 80; i += 4) {
        uint32_t v = i < 64 ? four_digits(lo, i) : four_digits(hi, i - 64);
        for (int k = 0; k < 4; k++) /* byte k is cell i + k, whatever the byte order */
            cell[i + k] = (uint8_t)(v >> 8 * k);
    }
    cell[80] = (uint8_t)(1 + digit_at(hi, 16));
}

/* Propagates *n and searches below it; true when the search must stop. */
static bool u9_visit(ojd_units9 *e, u9_node *n)
{
    if (ojd_budget_exhausted(&e->budget, ++e->out->nodes))
        return true;
    if (!propagate(e, n))
        return false;
    m81 open = open81(n->placed);
    if (none81(open)) {
        record(e, n);
        return e->out->solutions >= e->limit;
    }
    /* the first cell with the fewest candidates (two, when there is one): at_least[k] holds
     * the cells with more than k, counted bit-sliced over the planes; every open cell has two
     * or more at a fixpoint */
    m81 at_least[10];
    for (int k = 0; k < 10; k++)
        at_least[k] = mk81(0, 0);
    for (int d = 0; d < 9; d++) {
        for (int k = d + 1; k > 0; k--)
            at_least[k] = or81(at_least[k], and81(at_least[k - 1], n->plane[d]));
        at_least[0] = or81(at_least[0], n->plane[d]);
    }
    int best = -1;
    for (int k = 1; k < 9 && best < 0; k++) {
        m81 exactly = andnot81(and81(open, at_least[k]), at_least[k + 1]);
        if (!none81(exactly))
            best = first81(exactly);
    }
    bool first = true;
    for (int d = 0; d < 9; d++) {
        if (!has81(n->plane[d], best))
            continue;
        if (!first)
            e->out->guesses++;
        first = false;
        u9_node child = *n;
        m81 fresh[9];
        for (int k = 0; k < 9; k++)
            fresh[k] = mk81(0, 0);
        fresh[d] = bit81(best);
        if (place_all(e, &child, fresh) && u9_visit(e, &child))
            return true;
    }
    return false;
}

ojd_status ojd_units9_solve(ojd_units9 *e, const ojd_board *in, const ojd_search *search,
                            ojd_result *out)
{
    e->out = out;
    e->limit = ojd_search_begin(out, search, &e->budget);
    /* the givens, digit by digit, and the range check in the same pass */
    uint64_t lo[10] = {0}, hi[10] = {0};
    unsigned out_of_range = 0;
    for (int i = 0; i < 64; i++) {
        unsigned v = in->cell[i];
        out_of_range |= v > 9;
        lo[v < 10 ? v : 0] |= UINT64_C(1) << i;
    }
    for (int i = 64; i < 81; i++) {
        unsigned v = in->cell[i];
        out_of_range |= v > 9;
        hi[v < 10 ? v : 0] |= UINT64_C(1) << (i - 64);
    }
    if (out_of_range)
        return OJD_ERR_INVALID;
    if (e->units != in->units ||
        ((in->units & OJD_UNITS_REGIONS) && memcmp(e->region, in->region, 81) != 0))
        build(e, in);
    u9_node root;
    m81 given[9];
    for (int d = 0; d < 9; d++) {
        given[d] = mk81(lo[d + 1], hi[d + 1]);
        root.plane[d] = mk81(~UINT64_C(0), HI_ALL);
    }
    root.placed = mk81(0, 0);
    /* two givens of one digit that see each other repeat it in a unit: the givens check */
    if (!place_all(e, &root, given))
        return OJD_CONFLICT;
    u9_visit(e, &root);
    if (out->solutions > 0) {
        out->solution.box_rows = in->box_rows;
        out->solution.box_cols = in->box_cols;
        out->solution.side = 9; /* its unit set: the engine copies it, as for every solver */
    }
    return ojd_search_status(&e->budget, out->solutions, e->limit);
}
