/*
 * solver_fast.c -- "fast", the default solver: a bitboard engine for 9x9, and for every other box
 * shape the strong-propagation engine of solver_fast_large.c (declared in fast.h).
 *
 * Model of the 9x9 engine.  The grid is three bands of three rows; a band of one digit is a 27-bit
 * word (bit 9 * row-in-band + column), so the whole candidate state is F[27] (F[9 * band + digit])
 * plus, per band, the unplaced cells and the cells with two candidates: 132 bytes, copied whole on
 * a guess instead of keeping an undo log.  Propagation works on one word at a time, with
 * whole-word operations and 512-entry tables built once per solver state:
 *  - band filter: inside a band the digit occupies one cell in each row and in each box, so its
 *    nine "mini-rows" (row x box) must contain one of the six row-to-box permutations; the
 *    candidates are cut to the union of the permutations that fit (a table indexed by which
 *    mini-rows are occupied).  This is pointing and claiming inside the band, hidden singles in
 *    rows and boxes, and detects an empty row or box;
 *  - columns: a box whose candidates lie in one column locks that column (the other bands lose
 *    it); a column whose candidates lie in one band forces its box there (the box loses its other
 *    columns in that band).  Together: locked candidates along stacks and hidden singles in
 *    columns; a column with no candidate at all is a contradiction;
 *  - a row of a band with one candidate places the digit: the cell leaves the other digits.
 * A word is processed only when it changed (a 27-bit "dirty" set); when none is left, naked
 * singles are found with bit-sliced counting over the nine digits of each band that changed; a
 * cell with no candidate is a contradiction.  At the fixpoint, if cells remain, the search
 * branches on the cell with two candidates that has the most unplaced peers (fewest candidates
 * when no cell has two): a copy of the state takes the cell's first digit, then the original
 * state loses that digit and continues (a guess).
 * Invariant of a fixpoint with no unplaced cell: every digit has one cell per row, box and column
 * and every cell one digit, i.e. F is a solution.
 */
#include "fast.h"

#include <stdlib.h>
#if defined(__SSE2__) && !defined(OJD_FAST_SCALAR)
#include <emmintrin.h>
#endif

/* ---- 9x9 engine ---------------------------------------------------------------------------- */

#define BAND_ALL 0x7FFFFFFu  /* the 27 cells of a band */
#define ROW_ALL 0x1FFu       /* the 9 cells of row 0 of a band; also "all nine columns" */
#define BOX0 0x1C0E07u       /* the 9 cells of box 0 of a band (columns 0-2, three rows) */
#define MINI 0x1249249u      /* bit 3k of every row: the first cell of each mini-row */
#define COLREP 0x40201u      /* column 0 in the three rows of a band */
#define GROUPS 0x49u         /* bit 0, 3, 6: the first column of each box (of a 9-bit column set) */

/* What one search node owns; copied on every guess. */
typedef struct f9_node {
    uint32_t F[27];          /* F[9 * b + d]: candidates of digit d + 1 in band b */
    uint32_t unsolved[3];    /* cells of band b with no digit placed yet */
    uint32_t pairs[3];       /* at a fixpoint: the cells of unsolved[b] with two candidates */
} f9_node;

typedef struct f9_state {
    /* Tables of the propagation rules, filled once by f9_init (read-only afterwards). */
    uint32_t keep[512];       /* band_filter's table: see build_filter_table */
    uint32_t unlocked[512];   /* ~spread(locked_columns(c)) for each column set c */
    uint32_t claim[512];      /* spread(claim_keep(only)) for each column set only */
    uint16_t row_single[512]; /* a 9-bit row if it has exactly one bit, else 0 */
    ojd_budget budget;
    unsigned long limit, solutions;
    unsigned long long nodes, guesses;
    bool stop;               /* solution limit reached or budget exhausted */
    ojd_board *first;        /* where the first solution goes */
} f9_state;

/* A row-to-box permutation of a band as mini-row first-cell masks (bit 9r + 3k). */
#define PERM(k0, k1, k2) ((1u << (3 * (k0))) | (1u << (9 + 3 * (k1))) | (1u << (18 + 3 * (k2))))

/*
 * The mini-rows of a band that hold a candidate, as a 9-bit index (bit 3r + k: row r, box k).
 * t has bit 9r + 3k per occupied mini-row; multiplying by 0x54 (bits 2, 4, 6) moves the three bits
 * of row r to 9r + 6, 9r + 7, 9r + 8 and no other product reaches those places or collides.
 */
static inline uint32_t mini_index(uint32_t a)
{
    uint32_t u = ((a | a >> 1 | a >> 2) & MINI) * 0x54u;
    return (u >> 6 & 7u) | (u >> 12 & 070u) | (u >> 18 & 0700u);
}

/* Fills keep[i]: the cells of the mini-rows of index i that lie on a permutation that fits. */
static void build_filter_table(uint32_t keep[512])
{
    static const uint32_t perms[6] = {PERM(0, 1, 2), PERM(0, 2, 1), PERM(1, 0, 2),
                                      PERM(1, 2, 0), PERM(2, 0, 1), PERM(2, 1, 0)};
    for (uint32_t i = 0; i < 512; i++) {
        uint32_t t = 0, k = 0;
        for (int m = 0; m < 9; m++)
            if (i >> m & 1)
                t |= 1u << (9 * (m / 3) + 3 * (m % 3));
        for (int p = 0; p < 6; p++)
            if ((t & perms[p]) == perms[p])
                k |= perms[p];
        keep[i] = k * 7u;
    }
}

/* Cuts a band of one digit to the mini-rows that lie on some row-to-box permutation; 0 if none. */
static inline uint32_t band_filter(const uint32_t keep[512], uint32_t a)
{
    return a & keep[mini_index(a)];
}

/* The columns (9 bits) where a band has a candidate. */
static inline uint32_t fold(uint32_t a) { return (a | a >> 9 | a >> 18) & ROW_ALL; }

/* A 9-bit column set copied into the three rows of a band. */
static inline uint32_t spread(uint32_t cols) { return cols * COLREP; }

/* Of a band's column set, the columns that are alone in their box. */
static inline uint32_t locked_columns(uint32_t c)
{
    uint32_t b0 = c & GROUPS, b1 = c >> 1 & GROUPS, b2 = c >> 2 & GROUPS;
    uint32_t two = (b0 & b1) | (b0 & b2) | (b1 & b2);
    return c & ((b0 | b1 | b2) & ~two) * 7u;
}

/* Columns a band may keep when the columns in only must be in it: their boxes lose the rest. */
static inline uint32_t claim_keep(uint32_t only)
{
    uint32_t boxes = (only | only >> 1 | only >> 2) & GROUPS;
    return (~(boxes * 7u) | only) & ROW_ALL;
}

/* The rows of band a that have exactly one candidate, as their cells (row_single: see f9_init). */
static inline uint32_t single_rows(const uint16_t row_single[512], uint32_t a)
{
    return (uint32_t)row_single[a & ROW_ALL] | (uint32_t)row_single[a >> 9 & ROW_ALL] << 9 |
           (uint32_t)row_single[a >> 18] << 18;
}

/* The peers of cell pos inside its band: its row and its box, without the cell, i.e.
 * ((ROW_ALL << 9 * (pos / 9)) | (BOX0 << 3 * (pos % 9 / 3))) & ~(1u << pos). */
static inline uint32_t band_peers(int pos)
{
    static const uint32_t peers[27] = {
        0x01C0FFEu, 0x01C0FFDu, 0x01C0FFBu, 0x0E071F7u, 0x0E071EFu, 0x0E071DFu,
        0x70381BFu, 0x703817Fu, 0x70380FFu, 0x01FFC07u, 0x01FFA07u, 0x01FF607u,
        0x0E3EE38u, 0x0E3DE38u, 0x0E3BE38u, 0x7037FC0u, 0x702FFC0u, 0x701FFC0u,
        0x7F80E07u, 0x7F40E07u, 0x7EC0E07u, 0x7DC7038u, 0x7BC7038u, 0x77C7038u,
        0x6FF81C0u, 0x5FF81C0u, 0x3FF81C0u,
    };
    return peers[pos];
}

/*
 * Removes cells s from the nine digit words of a band; returns the digits (bit e) that lost any.
 * SSE2 when the compiler targets it (x86-64 always does), else plain C; define OJD_FAST_SCALAR to
 * force the plain path (tests/test_fast.c builds it that way too).  Both give the same result.
 * The caller stores its own word only afterwards: a 128-bit load of a word stored just before
 * stalls store forwarding, which made SSE2 no faster than plain C.
 */
static inline uint32_t clear_cells(uint32_t *band, uint32_t s)
{
#if defined(__SSE2__) && !defined(OJD_FAST_SCALAR)
    __m128i sv = _mm_set1_epi32((int)s), zero = _mm_setzero_si128();
    __m128i v0 = _mm_loadu_si128((const __m128i *)band);
    __m128i v1 = _mm_loadu_si128((const __m128i *)(band + 4));
    uint32_t kept = (uint32_t)_mm_movemask_ps(_mm_castsi128_ps(
                        _mm_cmpeq_epi32(_mm_and_si128(v0, sv), zero))) |
                    (uint32_t)_mm_movemask_ps(_mm_castsi128_ps(
                        _mm_cmpeq_epi32(_mm_and_si128(v1, sv), zero))) << 4;
    _mm_storeu_si128((__m128i *)band, _mm_andnot_si128(sv, v0));
    _mm_storeu_si128((__m128i *)(band + 4), _mm_andnot_si128(sv, v1));
    uint32_t changed = ~kept & 0xFFu;
    changed |= (uint32_t)((band[8] & s) != 0) << 8;
    band[8] &= ~s;
    return changed;
#else
    uint32_t changed = 0;
    /* Unrolled and branch-free: a loop with a branch per digit mispredicted often. */
#define CLEAR(e)                                                                                   \
    do {                                                                                           \
        changed |= (uint32_t)((band[e] & s) != 0) << (e);                                          \
        band[e] &= ~s;                                                                             \
    } while (0)
    CLEAR(0);
    CLEAR(1);
    CLEAR(2);
    CLEAR(3);
    CLEAR(4);
    CLEAR(5);
    CLEAR(6);
    CLEAR(7);
    CLEAR(8);
#undef CLEAR
    return changed;
#endif
}

#if defined(__GNUC__)
#define F9_INLINE static inline __attribute__((always_inline))
#else
#define F9_INLINE static inline
#endif

/*
 * Propagates word i = 9 * b + d (band b, digit d) after it changed: band filter, column claims
 * against the other two bands of d, locked columns out of them, and placement of the rows of the
 * band that have one candidate left.  Words that lose candidates are added to *dirty (bit i).
 * false on a contradiction.  b is passed as a constant at each call, so that every band gets its
 * own inlined copy with the other two words' indices folded.
 */
F9_INLINE bool update_word(f9_state *st, f9_node *n, int i, int b, uint32_t *dirty)
{
    int j = b == 2 ? i - 18 : i + 9, k = b == 0 ? i + 18 : i - 9; /* the other two bands */
    uint32_t a = n->F[i], fj = n->F[j], fk = n->F[k];
    uint32_t cj = fold(fj), ck = fold(fk), cjk = cj | ck, c;
    for (;;) {
        if (!(a = band_filter(st->keep, a)))
            return false;
        c = fold(a);
        if ((c | cjk) != ROW_ALL)
            return false;
        uint32_t claimed = a & st->claim[c & ~cjk];
        if (claimed == a)
            break;
        a = claimed;
    }
    /*
     * The other bands lose the columns locked here (a box of this band confined to one column),
     * and each claims the columns that only it still has.  Applied every time, not only when c
     * shrank: a band's columns also shrink outside its own update (locks, placements), and
     * waiting for that band's next update missed claims.  Sound with the column sets read before
     * the locks: a lock removes only columns of c, which no claim here looks at, and a stale
     * (larger) set of the third band only makes the claimed columns fewer.
     */
    uint32_t lock = st->unlocked[c];
    uint32_t nj = fj & lock & st->claim[cj & ~(c | ck)];
    uint32_t nk = fk & lock & st->claim[ck & ~(c | cj)];
    if (nj != fj) {
        n->F[j] = nj;
        *dirty |= 1u << j;
    }
    if (nk != fk) {
        n->F[k] = nk;
        *dirty |= 1u << k;
    }
    uint32_t u = n->unsolved[b];
    if (a & u) {
        uint32_t s = single_rows(st->row_single, a) & u;
        if (s) {
            /* Placed cells leave the other digits of the band (word i is rewritten below). */
            n->unsolved[b] = u & ~s;
            *dirty |= (clear_cells(&n->F[9 * b], s) << 9 * b) & ~(1u << i);
        }
    }
    n->F[i] = a;
    return true;
}

/*
 * Runs every rule to the fixpoint, starting from the words in dirty.  false on a contradiction.
 * At the fixpoint n->pairs[b] holds the unplaced cells of band b with two candidates.  A band is
 * counted again only when one of its words changed since its last count (every word that changes
 * passes through dirty), so n->pairs of the other bands, inherited from the parent, stay exact.
 */
static bool propagate(f9_state *st, f9_node *n, uint32_t dirty)
{
    uint32_t seen = 0;
    for (;;) {
        while (dirty) {
            seen |= dirty;
            int i = ojd_ctz64(dirty);
            dirty &= dirty - 1;
            bool ok = i < 9    ? update_word(st, n, i, 0, &dirty)
                      : i < 18 ? update_word(st, n, i, 1, &dirty)
                               : update_word(st, n, i, 2, &dirty);
            if (!ok)
                return false;
        }
        /* Naked singles: cells of exactly one candidate (bit-sliced count to three). */
        for (int b = 0; b < 3; b++) {
            if (!(seen >> 9 * b & ROW_ALL))
                continue;
            uint32_t u = n->unsolved[b];
            const uint32_t *band = &n->F[9 * b];
            uint32_t ones = 0, twos = 0, threes = 0;
            for (int d = 0; d < 9; d++) {
                threes |= twos & band[d];
                twos |= ones & band[d];
                ones |= band[d];
            }
            if (u & ~ones)
                return false;
            n->pairs[b] = u & twos & ~threes;
            uint32_t singles = u & ~twos;
            if (!singles)
                continue;
            for (int d = 0; d < 9; d++) {
                uint32_t x = band[d] & singles;
                if (!x)
                    continue;
                dirty |= 1u << (9 * b + d);
                for (; x; x &= x - 1)
                    n->F[9 * b + d] &= ~band_peers(ojd_ctz64(x));
            }
        }
        if (!dirty)
            return true;
        seen = 0;
    }
}

/* Writes the solved node n into *out (only the 81 cells and the shape). */
static void write_solution(const f9_node *n, ojd_board *out)
{
    out->box_rows = out->box_cols = 3;
    out->side = 9;
    for (int d = 0; d < 9; d++)
        for (int b = 0; b < 3; b++)
            for (uint32_t x = n->F[9 * b + d]; x; x &= x - 1)
                out->cell[27 * b + ojd_ctz64(x)] = (uint8_t)(d + 1);
}

/* Bits set in x; SWAR, since __builtin_popcount is a library call unless the target has POPCNT. */
static inline int bit_count(uint64_t x)
{
#if defined(__POPCNT__)
    return __builtin_popcountll(x);
#else
    x = x - (x >> 1 & 0x5555555555555555u);
    x = (x & 0x3333333333333333u) + (x >> 2 & 0x3333333333333333u);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Fu;
    return (int)((x * 0x0101010101010101u) >> 56);
#endif
}

/*
 * The cell to branch on: of the cells with two candidates, the first with the most unplaced
 * peers (most constrained, then most constraining: on forum_hardest this takes ~40% fewer guesses
 * than the first pair did); with no pair, the first cell with the fewest candidates.  Sets *band
 * and returns the cell's bit (an unplaced cell exists).
 */
static uint32_t pick_cell(const f9_node *n, int *band)
{
    const uint32_t *pairs = n->pairs;
    int best = -1;
    uint32_t best_bit = 0;
    for (int b = 0; b < 3; b++) {
        uint32_t u1 = n->unsolved[b == 0 ? 1 : 0], u2 = n->unsolved[b == 2 ? 1 : 2];
        for (uint32_t x = pairs[b]; x; x &= x - 1) {
            int pos = ojd_ctz64(x);
            uint32_t col = spread(1u << (pos % 9));
            /* The band peers, and above them the column in the other bands (u2 one bit up). */
            int score = bit_count((uint64_t)(n->unsolved[b] & band_peers(pos)) |
                                  (uint64_t)((u1 & col) | (u2 & col) << 1) << 32);
            if (score > best) {
                best = score;
                best_bit = x & (0u - x);
                *band = b;
            }
        }
    }
    if (best >= 0)
        return best_bit;
    int fewest = 10;
    for (int b = 0; b < 3; b++)
        for (uint32_t u = n->unsolved[b]; u; u &= u - 1) {
            uint32_t bit = u & (0u - u);
            int count = 0;
            for (int d = 0; d < 9; d++)
                count += (n->F[9 * b + d] & bit) != 0;
            if (count < fewest)
                fewest = count, best_bit = bit, *band = b;
        }
    return best_bit;
}

/* Depth-first search from node n (modified in place); digits in dirty have pending changes. */
static void search(f9_state *st, f9_node *n, uint32_t dirty)
{
    for (;;) {
        if (ojd_budget_exhausted(&st->budget, ++st->nodes)) {
            st->stop = true;
            return;
        }
        if (!propagate(st, n, dirty))
            return;
        if (!(n->unsolved[0] | n->unsolved[1] | n->unsolved[2])) {
            if (st->solutions++ == 0)
                write_solution(n, st->first);
            if (st->solutions >= st->limit)
                st->stop = true;
            return;
        }
        int b = 0;
        uint32_t bit = pick_cell(n, &b);
        int d = 0;
        while (!(n->F[9 * b + d] & bit))
            d++;
        f9_node child = *n;
        child.F[9 * b + d] &= ~band_peers(ojd_ctz64(bit));
        search(st, &child, 1u << (9 * b + d));
        if (st->stop)
            return;
        st->guesses++;
        n->F[9 * b + d] &= ~bit;
        dirty = 1u << (9 * b + d);
        if (n->pairs[b] & bit) {
            /* The cell had two digits: place the other now, not in the next naked-single pass. */
            int e = d + 1;
            while (!(n->F[9 * b + e] & bit))
                e++;
            n->F[9 * b + e] &= ~band_peers(ojd_ctz64(bit));
            dirty |= 1u << (9 * b + e);
        }
    }
}

static void f9_init(f9_state *st)
{
    build_filter_table(st->keep);
    for (uint32_t c = 0; c < 512; c++) {
        st->unlocked[c] = ~spread(locked_columns(c)) & BAND_ALL;
        st->claim[c] = spread(claim_keep(c));
        st->row_single[c] = (uint16_t)((c & (c - 1)) == 0 ? c : 0);
    }
}

static ojd_status f9_solve(f9_state *st, const ojd_board *in, const ojd_search *search_opts,
                           ojd_result *out)
{
    /*
     * Place the givens directly: own[w] holds the givens of word w, placed[b] the given cells of
     * band b.  A given leaves the other digits of its cell; its digit leaves the given's row and
     * box (band peers) and its column in the other two bands.
     */
    st->limit = ojd_search_begin(out, search_opts, &st->budget);
    uint32_t own[27] = {0}, placed[3] = {0};
    unsigned out_of_range = 0;
    for (int b = 0; b < 3; b++)
        for (int pos = 0; pos < 27; pos++) {
            unsigned v = in->cell[27 * b + pos];
            out_of_range |= v > 9;
            if (v && v <= 9) {
                own[9 * b + v - 1] |= 1u << pos;
                placed[b] |= 1u << pos;
            }
        }
    /* checks_givens: a given that sees another given of its digit (band peers, or the same
     * column in another band) is a repeat; the engine's full check then names the status. */
    uint32_t repeats = 0;
    f9_node n;
    for (int d = 0; d < 9; d++) {
        uint32_t peers[3], cols[3];
        for (int b = 0; b < 3; b++) {
            peers[b] = 0;
            for (uint32_t x = own[9 * b + d]; x; x &= x - 1)
                peers[b] |= band_peers(ojd_ctz64(x));
            cols[b] = spread(fold(own[9 * b + d]));
            repeats |= own[9 * b + d] & peers[b];
        }
        repeats |= (own[d] & (cols[1] | cols[2])) | (own[9 + d] & (cols[0] | cols[2])) |
                   (own[18 + d] & (cols[0] | cols[1]));
        n.F[d] = (BAND_ALL & ~(placed[0] | peers[0] | cols[1] | cols[2])) | own[d];
        n.F[9 + d] = (BAND_ALL & ~(placed[1] | peers[1] | cols[0] | cols[2])) | own[9 + d];
        n.F[18 + d] = (BAND_ALL & ~(placed[2] | peers[2] | cols[0] | cols[1])) | own[18 + d];
    }
    if (out_of_range | repeats)
        return ojd_givens_check(in);
    for (int b = 0; b < 3; b++) {
        n.unsolved[b] = BAND_ALL & ~placed[b];
        n.pairs[b] = 0;
    }
    st->solutions = 0;
    st->nodes = st->guesses = 0;
    st->stop = false;
    st->first = &out->solution;
    search(st, &n, (1u << 27) - 1);
    out->solutions = st->solutions;
    out->nodes = st->nodes;
    out->guesses = st->guesses;
    return ojd_search_status(&st->budget, st->solutions, st->limit);
}

/* ---- the registered solver: dispatch on the shape ------------------------------------------ */

typedef struct fast_state {
    void *large;             /* the large engine's state, or NULL for 3x3 boxes */
    f9_state nine;
} fast_state;

static void *fast_create(int box_rows, int box_cols)
{
    fast_state *st = malloc(sizeof *st);
    if (!st)
        return NULL;
    st->large = NULL;
    if (box_rows == 3 && box_cols == 3) {
        f9_init(&st->nine);
        return st;
    }
    st->large = ojd_fast_large_create(box_rows, box_cols);
    if (!st->large) {
        free(st);
        return NULL;
    }
    return st;
}

static void fast_destroy(void *state)
{
    fast_state *st = state;
    if (!st)
        return;
    if (st->large)
        ojd_fast_large_destroy(st->large);
    free(st);
}

static ojd_status fast_solve(void *state, const ojd_board *in, const ojd_search *search_opts,
                             ojd_result *out)
{
    fast_state *st = state;
    if (st->large)
        return ojd_fast_large_solve(st->large, in, search_opts, out);
    return f9_solve(&st->nine, in, search_opts, out);
}

const ojd_solver ojd_solver_fast = {
    .name = "fast",
    .summary = "9x9 band bitboards with singles and locked candidates; strong propagation beyond",
    .max_side = OJD_MAX_SIDE,
    .create = fast_create,
    .destroy = fast_destroy,
    .solve = fast_solve,
    .checks_givens = true,
};
