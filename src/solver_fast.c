/*
 * solver_fast.c -- "fast", the default solver: a bitboard engine for 9x9, and for every other box
 * shape the strong-propagation engine of solver_fast_large.c (declared in fast.h).
 *
 * Model of the 9x9 engine.  The grid is three bands of three rows; a band of one digit is a 27-bit
 * word (bit 9 * row-in-band + column), so the whole candidate state is F[27] (F[9 * band + digit])
 * plus the set of unplaced cells of each band: 120 bytes, copied whole on a guess instead of
 * keeping an undo log.  Propagation works on one digit at a time with whole-word operations:
 *  - band filter: inside a band the digit occupies one cell in each row and in each box, so its
 *    nine "mini-rows" (row x box) must contain one of the six row-to-box permutations; the
 *    candidates are cut to the union of the permutations that fit.  This is pointing and claiming
 *    inside the band, hidden singles in rows and boxes, and detects an empty row or box;
 *  - columns: a box whose candidates lie in one column locks that column (the other bands lose
 *    it); a column whose candidates lie in one band forces its box there (the box loses its other
 *    columns in that band).  Together: locked candidates along stacks and hidden singles in
 *    columns; a column with no candidate at all is a contradiction;
 *  - a row of a band with one candidate places the digit: the cell leaves the other digits.
 * When no digit changes any more, naked singles are found with bit-sliced counting over the nine
 * digits; a cell with no candidate is a contradiction.  At the fixpoint, if cells remain, the
 * search branches on a cell with two candidates (fewest otherwise): a copy of the state takes the
 * first digit, then the original state loses that digit and continues (a guess).
 * Invariant of a fixpoint with no unplaced cell: every digit has one cell per row, box and column
 * and every cell one digit, i.e. F is a solution.
 */
#include "fast.h"

#include <stdlib.h>
#include <string.h>
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
} f9_node;

typedef struct f9_state {
    /*
     * Cache of band-filter fixpoints, keyed by value: filt[i] == v means band_filter(v) == v, so
     * it holds whatever node the value came from.  Initialised to a value no band can take.
     */
    uint32_t filt[27];
    ojd_budget budget;
    unsigned long limit, solutions;
    unsigned long long nodes, guesses;
    bool stop;               /* solution limit reached or budget exhausted */
    ojd_board *first;        /* where the first solution goes */
} f9_state;

/* The three permutations row -> box of a band as mini-row first-cell masks (bit 9r + 3k). */
#define PERM(k0, k1, k2) ((1u << (3 * (k0))) | (1u << (9 + 3 * (k1))) | (1u << (18 + 3 * (k2))))

/* Cuts a band of one digit to the mini-rows that lie on some row-to-box permutation; 0 if none. */
static inline uint32_t band_filter(uint32_t a)
{
    uint32_t t = (a | a >> 1 | a >> 2) & MINI;
    uint32_t keep = 0;
#define TRY(p) keep |= (0u - (uint32_t)((t & (p)) == (p))) & (p)
    TRY(PERM(0, 1, 2));
    TRY(PERM(0, 2, 1));
    TRY(PERM(1, 0, 2));
    TRY(PERM(1, 2, 0));
    TRY(PERM(2, 0, 1));
    TRY(PERM(2, 1, 0));
#undef TRY
    return a & keep * 7u;
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

/*
 * The rows of a filtered band (no row empty) that have exactly one candidate, as their cells:
 * subtracting 1 from each row clears its lowest candidate without borrowing across rows.
 */
static inline uint32_t single_rows(uint32_t a)
{
    uint32_t z = a & (a - COLREP);
    uint32_t many = ((0u - (uint32_t)((z & ROW_ALL) != 0)) & ROW_ALL) |
                    ((0u - (uint32_t)((z & ROW_ALL << 9) != 0)) & ROW_ALL << 9) |
                    ((0u - (uint32_t)((z & ROW_ALL << 18) != 0)) & ROW_ALL << 18);
    return a & ~many;
}

/* The peers of cell pos inside its band: its row and its box, without the cell. */
static inline uint32_t band_peers(int pos)
{
    int r = pos / 9, c = pos % 9;
    return ((ROW_ALL << 9 * r) | (BOX0 << 3 * (c / 3))) & ~(1u << pos);
}

/*
 * Removes cells s from the nine digit words of a band; returns the digits (bit e) that lost any.
 * SSE2 when the compiler targets it (x86-64 always does), else plain C; define OJD_FAST_SCALAR to
 * force the plain path.  Both give the same result.
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
    for (int e = 0; e < 9; e++)
        if (band[e] & s) {
            band[e] &= ~s;
            changed |= 1u << e;
        }
    return changed;
#endif
}

/*
 * Propagates word i = 9 * b + d (band b, digit d) after it changed: band filter, column claims
 * against the other two bands of d, locked columns out of them, and placement of the rows of the
 * band that have one candidate left.  Words that lose candidates are added to *dirty (bit i).
 * false on a contradiction.
 */
static bool update_word(f9_state *st, f9_node *n, int i, uint32_t *dirty)
{
    int b = (i >= 9) + (i >= 18);
    int j = b == 2 ? i - 18 : i + 9, k = b == 0 ? i + 18 : i - 9; /* the other two bands */
    uint32_t a = n->F[i], fj = n->F[j], fk = n->F[k];
    uint32_t cj = fold(fj), ck = fold(fk), c;
    for (;;) {
        if (a != st->filt[i]) {
            if (!(a = band_filter(a)))
                return false;
            st->filt[i] = a;
        }
        c = fold(a);
        if ((c | cj | ck) != ROW_ALL)
            return false;
        uint32_t claimed = a & spread(claim_keep(c & ~(cj | ck)));
        if (claimed == a)
            break;
        a = claimed;
    }
    /*
     * The other bands lose the columns locked here (a box of this band confined to one column),
     * and may claim the columns this band lost.  Neither step changes the columns outside c that
     * the claims look at, so the old column sets of j and k serve.
     */
    uint32_t lock = ~spread(locked_columns(c));
    uint32_t nj = fj & lock, nk = fk & lock;
    if (c != fold(n->F[i])) {
        nj &= spread(claim_keep(cj & ~(c | ck)));
        nk &= spread(claim_keep(ck & ~(c | cj)));
    }
    n->F[i] = a;
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
        uint32_t s = single_rows(a) & u;
        if (s) {
            /* Placed cells leave the other digits of the band. */
            n->unsolved[b] = u & ~s;
            *dirty |= (clear_cells(&n->F[9 * b], s) << 9 * b) & ~(1u << i);
            n->F[i] = a;
        }
    }
    return true;
}

/* Runs every rule to the fixpoint, starting from the words in dirty.  false on a contradiction. */
static bool propagate(f9_state *st, f9_node *n, uint32_t dirty)
{
    for (;;) {
        while (dirty) {
            int i = ojd_ctz64(dirty);
            dirty &= dirty - 1;
            if (!update_word(st, n, i, &dirty))
                return false;
        }
        /* Naked singles: cells of exactly one candidate (bit-sliced count to two). */
        for (int b = 0; b < 3; b++) {
            uint32_t u = n->unsolved[b];
            if (!u)
                continue;
            const uint32_t *band = &n->F[9 * b];
            uint32_t ones = 0, twos = 0;
            for (int d = 0; d < 9; d++) {
                twos |= ones & band[d];
                ones |= band[d];
            }
            if (u & ~ones)
                return false;
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

/*
 * The cell to branch on: the first one with two candidates, else one with the fewest.  Sets
 * *band and returns the cell's bit (an unplaced cell exists).
 */
static uint32_t pick_cell(const f9_node *n, int *band)
{
    for (int b = 0; b < 3; b++) {
        uint32_t u = n->unsolved[b];
        if (!u)
            continue;
        uint32_t ones = 0, twos = 0, threes = 0;
        for (int d = 0; d < 9; d++) {
            uint32_t x = n->F[9 * b + d];
            threes |= twos & x;
            twos |= ones & x;
            ones |= x;
        }
        uint32_t pairs = u & twos & ~threes;
        if (pairs) {
            *band = b;
            return pairs & (0u - pairs);
        }
    }
    int best = 10;
    uint32_t best_bit = 0;
    for (int b = 0; b < 3; b++)
        for (uint32_t u = n->unsolved[b]; u; u &= u - 1) {
            uint32_t bit = u & (0u - u);
            int count = 0;
            for (int d = 0; d < 9; d++)
                count += (n->F[9 * b + d] & bit) != 0;
            if (count < best)
                best = count, best_bit = bit, *band = b;
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
    }
}

static void f9_init(f9_state *st)
{
    for (int i = 0; i < 27; i++)
        st->filt[i] = ~0u; /* no band value has bits above 26 */
}

static ojd_status f9_solve(f9_state *st, const ojd_board *in, const ojd_search *search_opts,
                           ojd_result *out)
{
    f9_node n;
    for (int i = 0; i < 27; i++)
        n.F[i] = BAND_ALL;
    n.unsolved[0] = n.unsolved[1] = n.unsolved[2] = BAND_ALL;
    /* Place the givens directly: the cell leaves the other digits, the digit its peers. */
    for (int i = 0; i < 81; i++) {
        int v = in->cell[i];
        if (!v)
            continue;
        int d = v - 1, b = i / 27, pos = i - 27 * b;
        uint32_t bit = 1u << pos, col = spread(1u << (pos % 9));
        for (int e = 0; e < 9; e++)
            n.F[9 * b + e] &= ~bit;
        n.F[9 * b + d] |= bit;
        n.F[9 * b + d] &= ~band_peers(pos);
        n.F[9 * ((b + 1) % 3) + d] &= ~col;
        n.F[9 * ((b + 2) % 3) + d] &= ~col;
        n.unsolved[b] &= ~bit;
    }
    st->limit = ojd_search_limit(search_opts);
    st->solutions = 0;
    st->nodes = st->guesses = 0;
    st->stop = false;
    st->first = &out->solution;
    ojd_budget_start(&st->budget, search_opts);
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
};
