/*
 * units9.c -- the general path of "fast" for 9x9 grids of any unit set: a jigsaw's regions in
 * place of the boxes, the X diagonals, the windoku windows (solve.h declares it).
 *
 * Model: digit planes.  The 81 cells are two words, and the state is one plane per digit (the
 * cells where it is still possible) plus the placed cells; a placed cell keeps its digit's bit
 * alone.  The unit set is a table of up to 33 cell masks and a peer mask per cell, built when the
 * unit set changes, which also checks that it is usable (checks_units).  Each round of
 * propagation finds every naked single (then every hidden single) of the state and places them
 * all at once (place_all); the fixpoint is the same in any order.  The search branches on the
 * first unplaced cell with the fewest candidates, each digit on a copy of the 160-byte state.
 * Invariant at a fixpoint without contradiction or unplaced cell: the planes are a solution.
 * The long form: docs/performance.md, "Notes moved from the source".
 */
#include "solve.h"

#include <stdlib.h>
#include <string.h>
#if defined(__SSE2__) && !defined(OJD_FAST_SCALAR)
#include <emmintrin.h>
#endif

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

/*
 * The cells of 81 bytes (a board's cells or region numbers) by value: eq[v] the cells holding v
 * for v < values, and the result the cells holding values or more.  Both the givens and a
 * jigsaw's region map come in this way once per puzzle (HDU 4069 has a map per puzzle), so it
 * is a fixed cost of every solve: with SSE2, 16 bytes are compared at a time (the reads go up
 * to byte 95, inside the board's arrays of OJD_MAX_CELLS bytes; the bytes past 80 are masked
 * off); else one cell at a time.
 */
static m81 byte_planes(const uint8_t *bytes, unsigned values, m81 *eq)
{
#if defined(__SSE2__) && !defined(OJD_FAST_SCALAR)
    const __m128i *in = (const __m128i *)(const void *)bytes;
    __m128i c0 = _mm_loadu_si128(in), c1 = _mm_loadu_si128(in + 1), c2 = _mm_loadu_si128(in + 2),
            c3 = _mm_loadu_si128(in + 3), c4 = _mm_loadu_si128(in + 4), c5 = _mm_loadu_si128(in + 5);
#define MASK16(c, x) ((uint64_t)_mm_movemask_epi8(_mm_cmpeq_epi8((c), (x))))
    /* a byte of values or more: its difference from values - 1, saturated, is not 0 */
    __m128i top = _mm_set1_epi8((char)(values - 1)), zero = _mm_setzero_si128();
    uint64_t lo_in = MASK16(_mm_subs_epu8(c0, top), zero) | MASK16(_mm_subs_epu8(c1, top), zero)
                                                                  << 16 |
                     MASK16(_mm_subs_epu8(c2, top), zero) << 32 |
                     MASK16(_mm_subs_epu8(c3, top), zero) << 48;
    uint64_t hi_in = MASK16(_mm_subs_epu8(c4, top), zero) | MASK16(_mm_subs_epu8(c5, top), zero)
                                                                  << 16;
    __m128i x = zero, one = _mm_set1_epi8(1);
    for (unsigned v = 0; v < values; v++, x = _mm_add_epi8(x, one)) {
        eq[v] = mk81(MASK16(c0, x) | MASK16(c1, x) << 16 | MASK16(c2, x) << 32 | MASK16(c3, x) << 48,
                     (MASK16(c4, x) | MASK16(c5, x) << 16) & HI_ALL);
    }
#undef MASK16
    return mk81(~lo_in, ~hi_in & HI_ALL);
#else
    uint64_t lo[16] = {0}, hi[16] = {0}, lo_above = 0, hi_above = 0; /* values <= 16 */
    for (int i = 0; i < 81; i++) {
        unsigned v = bytes[i], in = v < values;
        uint64_t *word = i < 64 ? lo : hi, *above = i < 64 ? &lo_above : &hi_above;
        word[in ? v : 0] |= (uint64_t)in << (i & 63);
        *above |= (uint64_t)!in << (i & 63);
    }
    for (unsigned v = 0; v < values; v++)
        eq[v] = mk81(lo[v], hi[v]);
    return mk81(lo_above, hi_above);
#endif
}

typedef struct u9_node {
    m81 plane[9];   /* digit d + 1 still possible in these cells */
    m81 placed;
} u9_node;

struct ojd_units9 {
    /* the unit set the tables are for; ~0u: none (no set yet, or the last was not usable) */
    unsigned units;
    uint8_t region[81];
    int nunits;
    m81 unit[33];       /* rows 0-8 and columns 9-17 (made once), regions or boxes, then extras */
    /* per unit from 18 on, a rotation that moves its high word's cells onto bits its low word
     * leaves free: a unit's cells of one digit fold into one word, lo | rotl(hi, fold[u]), with
     * the same count (a unit has 9 cells, so at most 20 of the 64 rotations collide); rows and
     * columns are scanned another way (lines_hidden) */
    uint8_t fold[33];
    /* the units' words apart, for the hidden-singles scan (cheaper than reading unit[]) */
    uint64_t unit_lo[33], unit_hi[33];
    m81 peer[81];       /* the other cells of each cell's units */
    m81 line_peer[81];  /* the other cells of each cell's row and column (made once) */
    m81 self[81];       /* each cell alone (made once) */
    m81 box[9];         /* the boxes (made once), the third group when there is no region map */
    /* one search */
    ojd_budget budget;
    ojd_result *out;
    unsigned long limit;
};

/* each cell's box, the third group of units when there is no region map */
static const uint8_t box_of[81] = {
    0, 0, 0, 1, 1, 1, 2, 2, 2, 0, 0, 0, 1, 1, 1, 2, 2, 2, 0, 0, 0, 1, 1, 1, 2, 2, 2,
    3, 3, 3, 4, 4, 4, 5, 5, 5, 3, 3, 3, 4, 4, 4, 5, 5, 5, 3, 3, 3, 4, 4, 4, 5, 5, 5,
    6, 6, 6, 7, 7, 7, 8, 8, 8, 6, 6, 6, 7, 7, 7, 8, 8, 8, 6, 6, 6, 7, 7, 7, 8, 8, 8,
};

ojd_units9 *ojd_units9_new(void)
{
    ojd_units9 *e = calloc(1, sizeof *e);
    if (!e)
        return NULL;
    e->units = ~0u;
    for (int u = 0; u < 18; u++)
        e->unit[u] = mk81(0, 0);
    for (int g = 0; g < 9; g++)
        e->box[g] = mk81(0, 0);
    for (int i = 0; i < 81; i++) {
        e->unit[i / 9] = or81(e->unit[i / 9], bit81(i));
        e->unit[9 + i % 9] = or81(e->unit[9 + i % 9], bit81(i));
        e->box[box_of[i]] = or81(e->box[box_of[i]], bit81(i));
    }
    for (int i = 0; i < 81; i++) {
        e->self[i] = bit81(i);
        e->line_peer[i] = andnot81(or81(e->unit[i / 9], e->unit[9 + i % 9]), bit81(i));
    }
    return e;
}

void ojd_units9_free(ojd_units9 *e) { free(e); }

/*
 * The tables of board's unit set: the third group of units (the region map's, or the boxes),
 * the extras, the folds, every cell's peers; false when the set is not one the solvers take
 * (unknown unit bits, or a region map that is not 9 regions of 9 cells), the very test of
 * ojd_board_units_usable(), which the engine leaves to "fast" (checks_units).  It runs per
 * puzzle (HDU 4069's each have their own regions), so it is kept short: the map is read 16 cells
 * at a time (byte_planes), the rows' and columns' part of the peers is made once, and the loops
 * have no branch on the map.
 */
static bool build(ojd_units9 *e, const ojd_board *b)
{
    e->units = ~0u; /* until the set is known to be usable */
    if (b->units & ~OJD_UNITS_ALL)
        return false;
    if (b->units & OJD_UNITS_REGIONS) {
        if (!none81(byte_planes(b->region, 9, &e->unit[18])))
            return false; /* a region number out of range */
        for (int g = 0; g < 9; g++)
            if (ojd_popcount64(LO(e->unit[18 + g])) + ojd_popcount64(HI(e->unit[18 + g])) != 9)
                return false;
        memcpy(e->region, b->region, 81);
    } else {
        memcpy(&e->unit[18], e->box, sizeof e->box);
    }
    e->nunits = ojd_board_unit_count(b);
    for (int u = 27; u < e->nunits; u++) { /* the extras */
        int cells[9];
        ojd_board_unit_cells(b, u, cells);
        e->unit[u] = mk81(0, 0);
        for (int k = 0; k < 9; k++)
            e->unit[u] = or81(e->unit[u], bit81(cells[k]));
    }
    for (int u = 18; u < e->nunits; u++) {
        unsigned k = 0;
        while (LO(e->unit[u]) & rotl64(HI(e->unit[u]), k))
            k++;
        e->fold[u] = (uint8_t)k;
        e->unit_lo[u] = LO(e->unit[u]);
        e->unit_hi[u] = HI(e->unit[u]);
    }
    /* each cell's row and column peers, and the other cells of its third-group unit */
    const uint8_t *group = (b->units & OJD_UNITS_REGIONS) ? b->region : box_of;
    for (int i = 0; i < 81; i++)
        e->peer[i] = or81(e->line_peer[i], andnot81(e->unit[18 + group[i]], e->self[i]));
    for (int u = 27; u < e->nunits; u++)
        for (int i = 0; i < 81; i++)
            if (has81(e->unit[u], i))
                e->peer[i] = or81(e->peer[i], andnot81(e->unit[u], bit81(i)));
    e->units = b->units;
    return true;
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
 * Reads cells' digit numbers (0-8) from one word (0: cells 0-63, 1: cells 64-80) of digit_bits'
 * four planes: place_all's one step per cell, so it is a few instructions.  With SSE2, the four
 * words sit in two registers, shifted so the cell's bit is each lane's sign, and read with two
 * movemasks; else bit by bit (digit_at).
 */
#if defined(__SSE2__) && !defined(OJD_FAST_SCALAR)
typedef struct digit_reader {
    __m128i planes01, planes23; /* the word of planes 0 and 1, of planes 2 and 3 */
} digit_reader;

static inline digit_reader digit_reader_of(const m81 *bit, int word)
{
    __m128i b0 = (__m128i)bit[0], b1 = (__m128i)bit[1], b2 = (__m128i)bit[2], b3 = (__m128i)bit[3];
    return word == 0 ? (digit_reader){_mm_unpacklo_epi64(b0, b1), _mm_unpacklo_epi64(b2, b3)}
                     : (digit_reader){_mm_unpackhi_epi64(b0, b1), _mm_unpackhi_epi64(b2, b3)};
}

static inline int read_digit(const digit_reader *r, int at)
{
    __m128i to_sign = _mm_cvtsi32_si128(63 - at);
    return _mm_movemask_pd(_mm_castsi128_pd(_mm_sll_epi64(r->planes01, to_sign))) |
           _mm_movemask_pd(_mm_castsi128_pd(_mm_sll_epi64(r->planes23, to_sign))) << 2;
}
#else
typedef struct digit_reader {
    uint64_t w[4];
} digit_reader;

static inline digit_reader digit_reader_of(const m81 *bit, int word)
{
    return word == 0 ? (digit_reader){{LO(bit[0]), LO(bit[1]), LO(bit[2]), LO(bit[3])}}
                     : (digit_reader){{HI(bit[0]), HI(bit[1]), HI(bit[2]), HI(bit[3])}};
}

static inline int read_digit(const digit_reader *r, int at) { return digit_at(r->w, at); }
#endif

/*
 * Places every cell of fresh[d] with digit d + 1, all at once: the cells are open, no cell is in
 * two of the sets, and each holds its digit in its plane.  False when two new cells of one digit
 * see each other.  A placed cell keeps its digit's bit alone; its peers lose the digit.  Per
 * batch, not per cell: clearing the nine planes is the costly part.  The cells are visited in one loop, each finding its digit in four bit
 * planes of the digits' numbers (digit_reader): one unpredictable loop exit per batch.
 */
static bool place_all(const ojd_units9 *e, u9_node *n, const m81 *fresh)
{
    m81 bit[4];
    digit_bits(fresh, bit);
    m81 all = or81(or81(bit[0], bit[1]), or81(or81(bit[2], bit[3]), fresh[0]));
    digit_reader lo = digit_reader_of(bit, 0), hi = digit_reader_of(bit, 1);
    for (uint64_t w = LO(all); w; w &= w - 1) {
        int i = ojd_ctz64(w), d = read_digit(&lo, i);
        n->plane[d] = andnot81(n->plane[d], e->peer[i]);
    }
    for (uint64_t w = HI(all); w; w &= w - 1) {
        int i = ojd_ctz64(w), d = read_digit(&hi, i);
        n->plane[d] = andnot81(n->plane[d], e->peer[64 + i]);
    }
    /* a new cell that a new cell of its own digit took out: the two see each other */
    m81 lost = mk81(0, 0);
#pragma GCC unroll 9
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
    uint64_t row[9], one = 0, two = 0, lone_rows[9], empty = 0;
#pragma GCC unroll 9
    for (int r = 0; r < 7; r++)
        row[r] = (lo >> (9 * r)) & 0x1FF;
    row[7] = ((lo >> 63) | (hi << 1)) & 0x1FF;
    row[8] = (hi >> 8) & 0x1FF;
    /* a row and its "many" are 9 bits: x - 1 has bit 63 set exactly when x is 0 */
#pragma GCC unroll 9
    for (int r = 0; r < 9; r++) {
        uint64_t below = row[r] - 1, many = row[r] & below;
        empty |= below;
        lone_rows[r] = (uint64_t)0 - ((many - 1) >> 63);
        two |= one & row[r];
        one |= row[r];
    }
    *dead |= empty | (uint64_t)(one != 0x1FF) << 63;
    uint64_t lone_columns = one & ~two, out_lo = 0, out_hi = 0;
#pragma GCC unroll 9
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
static bool units9_propagate(const ojd_units9 *e, u9_node *n)
{
    for (;;) {
        m81 one = mk81(0, 0), two = mk81(0, 0);
#pragma GCC unroll 9
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
#pragma GCC unroll 9
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

/*
 * Sixteen cells' digits (1-9), from bit `at` of the words w[0..3] of digit_bits' planes, into
 * out[0..15]: each plane's sixteen bits spread to sixteen bytes and tested against each byte's
 * bit (SSE2), or a nibble at a time through a table.  No branch on the data either way.
 */
#if defined(__SSE2__) && !defined(OJD_FAST_SCALAR)
static inline void sixteen_digits(const uint64_t *w, int at, uint8_t *out)
{
    const __m128i bit_of_byte = _mm_set1_epi64x((long long)UINT64_C(0x8040201008040201));
    __m128i digits = _mm_set1_epi8(1);
#pragma GCC unroll 4
    for (int k = 0; k < 4; k++) {
        __m128i x = _mm_cvtsi32_si128((int)((w[k] >> at) & 0xFFFF));
        x = _mm_unpacklo_epi8(x, x);  /* bytes b0 b0 b1 b1 */
        x = _mm_unpacklo_epi16(x, x); /* b0 x4, b1 x4 */
        x = _mm_unpacklo_epi32(x, x); /* b0 x8, b1 x8: byte j holds the byte of cell at + j */
        __m128i set = _mm_cmpeq_epi8(_mm_and_si128(x, bit_of_byte), bit_of_byte);
        digits = _mm_add_epi8(digits, _mm_and_si128(set, _mm_set1_epi8((char)(1 << k))));
    }
    _mm_storeu_si128((__m128i *)(void *)out, digits);
}
#else
/* A nibble's bits as the low bits of four bytes (bit j -> byte j). */
static const uint32_t spread4[16] = {
    0x00000000, 0x00000001, 0x00000100, 0x00000101, 0x00010000, 0x00010001, 0x00010100,
    0x00010101, 0x01000000, 0x01000001, 0x01000100, 0x01000101, 0x01010000, 0x01010001,
    0x01010100, 0x01010101,
};

static inline void sixteen_digits(const uint64_t *w, int at, uint8_t *out)
{
    for (int i = 0; i < 16; i += 4) {
        uint32_t v = 0x01010101u + (spread4[(w[0] >> (at + i)) & 15] |
                                    spread4[(w[1] >> (at + i)) & 15] << 1 |
                                    spread4[(w[2] >> (at + i)) & 15] << 2 |
                                    spread4[(w[3] >> (at + i)) & 15] << 3);
        for (int k = 0; k < 4; k++) /* byte k is cell at + i + k, whatever the byte order */
            out[i + k] = (uint8_t)(v >> 8 * k);
    }
}
#endif

/* The first solution into out: every cell's digit read from four bit planes of the digits'
 * numbers, sixteen cells at a time (a fixed cost of every solve). */
static void units9_record(ojd_units9 *e, const u9_node *n)
{
    if (e->out->solutions++ > 0)
        return;
    m81 bit[4];
    digit_bits(n->plane, bit);
    uint64_t lo[4] = {LO(bit[0]), LO(bit[1]), LO(bit[2]), LO(bit[3])};
    uint64_t hi[4] = {HI(bit[0]), HI(bit[1]), HI(bit[2]), HI(bit[3])};
    uint8_t *cell = e->out->solution.cell;
    for (int i = 0; i < 64; i += 16)
        sixteen_digits(lo, i, cell + i);
    sixteen_digits(hi, 0, cell + 64);
    cell[80] = (uint8_t)(1 + digit_at(hi, 16));
}

/* Propagates *n and searches below it; true when the search must stop. */
static bool u9_visit(ojd_units9 *e, u9_node *n)
{
    if (ojd_budget_exhausted(&e->budget, ++e->out->nodes))
        return true;
    if (!units9_propagate(e, n))
        return false;
    m81 open = open81(n->placed);
    if (none81(open)) {
        units9_record(e, n);
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
#if defined(__GNUC__)
    /* the region map lies 4 KiB past the cells: its two lines are asked for first, so that a
     * board out of the cache costs one wait, not two in turn */
    __builtin_prefetch(in->region);
    __builtin_prefetch(in->region + 64);
#endif
    e->out = out;
    e->limit = ojd_search_begin(out, search, &e->budget);
    /* the givens, digit by digit (cells[0] the blanks), with the range check */
    m81 cells[10];
    if (!none81(byte_planes(in->cell, 10, cells)))
        return OJD_ERR_INVALID;
    /* the unit set: "fast" checks it for the engine (checks_units); the engine tests it before
     * the values, this after, but both give OJD_ERR_INVALID, and both come before a repeat */
    if (e->units != in->units ||
        ((in->units & OJD_UNITS_REGIONS) && memcmp(e->region, in->region, 81) != 0))
        if (!build(e, in))
            return OJD_ERR_INVALID;
    u9_node root;
    for (int d = 0; d < 9; d++)
        root.plane[d] = mk81(~UINT64_C(0), HI_ALL);
    root.placed = mk81(0, 0);
    /* two givens of one digit that see each other repeat it in a unit: the givens check */
    if (!place_all(e, &root, &cells[1]))
        return OJD_CONFLICT;
    u9_visit(e, &root);
    if (out->solutions > 0) {
        out->solution.box_rows = in->box_rows;
        out->solution.box_cols = in->box_cols;
        out->solution.side = 9; /* its unit set: the engine copies it, as for every solver */
    }
    return ojd_search_status(&e->budget, out->solutions, e->limit);
}
