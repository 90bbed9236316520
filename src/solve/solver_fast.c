/*
 * solver_fast.c -- "fast", the default solver: two engines for 9x9 that search alike, and for every
 * other box shape the strong-propagation engine of solver_fast_large.c (declared in solve.h);
 * other unit sets (jigsaw regions, X, windoku) take the general path at the end of this file.
 *
 * Model of the 9x9 engines: a band of one digit is a 27-bit word, so the state is 27 words plus
 * per band the unplaced and two-candidate cells, copied whole on a guess.  The rules (band
 * filter by row-to-box permutations, column locks along stacks, rows with one place, naked
 * singles) only remove candidates, so their fixpoint is the same in any order; the search
 * branches on the two-candidate cell with the most unplaced peers.  Invariant of a fixpoint with
 * no unplaced cell: the words are a solution.  Two engines run the rules: "words" (portable C,
 * one changed word at a time, 512-entry tables) and "sweeps" (AVX2, checked at run time: every
 * rule on every word per pass); they reach the same state at every node and give the same
 * answers, counts, nodes and guesses (tests/unit/test_fast.c).  The long form:
 * docs/performance.md, "Notes moved from the source".
 */
#include "solve.h"

#include <stdlib.h>
#include <string.h>
#if defined(__SSE2__) && !defined(OJD_FAST_SCALAR)
#include <emmintrin.h>
#endif

/*
 * The sweeps engine needs GNU C (vector extensions, target attributes, __builtin_cpu_supports)
 * on x86-64.  OJD_FAST_SCALAR builds the words engine alone in plain C: tests/unit/test_fast.c
 * compiles this file a second time that way, as a solver of its own to compare with the library.
 */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(OJD_FAST_SCALAR)
#define OJD_FAST_SWEEPS 1
#include <immintrin.h>
#else
#define OJD_FAST_SWEEPS 0
#endif

/* ---- 9x9: the words and the tables of the rules --------------------------------------------- */

#define BAND_ALL 0x7FFFFFFu  /* the 27 cells of a band */
#define ROW_ALL 0x1FFu       /* the 9 cells of row 0 of a band; also "all nine columns" */
#define BOX0 0x1C0E07u       /* the 9 cells of box 0 of a band (columns 0-2, three rows) */
#define MINI 0x1249249u      /* bit 3k of every row: the first cell of each mini-row */
#define COLREP 0x40201u      /* column 0 in the three rows of a band */
#define GROUPS 0x49u         /* bit 0, 3, 6: the first column of each box (of a 9-bit column set) */

/* What one search node of the words engine owns; copied on every guess (132 bytes). */
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
    bool sweeps;             /* the engine: sweeps (AVX2) or words */
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
 * force the plain path (tests/unit/test_fast.c builds it that way too).  Both give the same result.
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

/* ---- 9x9 engine "words": one changed word at a time ----------------------------------------- */

/*
 * Propagates word i = 9 * b + d (band b, digit d) after it changed: band filter, column claims
 * against the other two bands of d, locked columns out of them, and placement of the rows of the
 * band that have one candidate left.  Words that lose candidates are added to *dirty (bit i).
 * false on a contradiction.  b is passed as a constant at each call, so that every band gets its
 * own inlined copy with the other two words' indices folded.
 */
static OJD_ALWAYS_INLINE bool update_word(f9_state *st, f9_node *n, int i, int b,
                                         uint32_t *dirty)
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
static bool words_propagate(f9_state *st, f9_node *n, uint32_t dirty)
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

/* ---- 9x9: what both engines share ----------------------------------------------------------- */

/*
 * The engines lay their words out differently: in both, F[dstep * d + bstep * b] is the word of
 * digit d + 1 in band b, and unsolved[b], pairs[b] are the node's sets of band b.
 */

/* Writes the solved words F into *out (only the 81 cells and the shape: the classic unit set). */
static void write_solution(const uint32_t *F, int dstep, int bstep, ojd_board *out)
{
    out->box_rows = out->box_cols = 3;
    out->side = 9;
    out->units = 0;
    for (int d = 0; d < 9; d++)
        for (int b = 0; b < 3; b++)
            for (uint32_t x = F[dstep * d + bstep * b]; x; x &= x - 1)
                out->cell[27 * b + ojd_ctz64(x)] = (uint8_t)(d + 1);
}

/*
 * The cell to branch on: of the cells with two candidates, the first with the most unplaced
 * peers (most constrained, then most constraining); with no pair, the first cell with the fewest candidates.  Sets *band
 * and returns the cell's bit (an unplaced cell exists).  The pairs are ranked by one key, score
 * above and the cell's place (27 * band + bit) below, inverted so that the earlier cell wins a
 * tie: a maximum without a branch per pair.
 */
static OJD_ALWAYS_INLINE uint32_t fast_pick_cell(const uint32_t *F, int dstep, int bstep,
                                             const uint32_t *unsolved, const uint32_t *pairs,
                                             int *band)
{
    uint32_t best = 0;
    for (int b = 0; b < 3; b++) {
        uint32_t u1 = unsolved[b == 0 ? 1 : 0], u2 = unsolved[b == 2 ? 1 : 2];
        for (uint32_t x = pairs[b]; x; x &= x - 1) {
            int pos = ojd_ctz64(x);
            uint32_t col = spread(1u << (pos % 9));
            /* The band peers, and above them the column in the other bands (u2 one bit up). */
            uint32_t score = (uint32_t)ojd_popcount64((uint64_t)(unsolved[b] & band_peers(pos)) |
                                                      (uint64_t)((u1 & col) | (u2 & col) << 1)
                                                          << 32);
            uint32_t key = score << 8 | (uint32_t)(255 - (27 * b + pos));
            best = key > best ? key : best;
        }
    }
    if (best) {
        int place = 255 - (int)(best & 255);
        *band = place / 27;
        return 1u << place % 27;
    }
    int fewest = 10;
    uint32_t best_bit = 0;
    for (int b = 0; b < 3; b++)
        for (uint32_t u = unsolved[b]; u; u &= u - 1) {
            uint32_t bit = u & (0u - u);
            int count = 0;
            for (int d = 0; d < 9; d++)
                count += (F[dstep * d + bstep * b] & bit) != 0;
            if (count < fewest)
                fewest = count, best_bit = bit, *band = b;
        }
    return best_bit;
}

/* ---- 9x9 engine "words": the search --------------------------------------------------------- */

/*
 * Depth-first search from node n (modified in place); words in dirty have pending changes.
 * sweeps_search is the same search over the other engine's node.
 */
static void words_search(f9_state *st, f9_node *n, uint32_t dirty)
{
    for (;;) {
        if (ojd_budget_exhausted(&st->budget, ++st->nodes)) {
            st->stop = true;
            return;
        }
        if (!words_propagate(st, n, dirty))
            return;
        if (!(n->unsolved[0] | n->unsolved[1] | n->unsolved[2])) {
            if (st->solutions++ == 0)
                write_solution(n->F, 1, 9, st->first);
            if (st->solutions >= st->limit)
                st->stop = true;
            return;
        }
        int b = 0;
        uint32_t bit = fast_pick_cell(n->F, 1, 9, n->unsolved, n->pairs, &b);
        int d = 0;
        while (!(n->F[9 * b + d] & bit))
            d++;
        f9_node child = *n;
        child.F[9 * b + d] &= ~band_peers(ojd_ctz64(bit));
        words_search(st, &child, 1u << (9 * b + d));
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

/* ---- 9x9 engine "sweeps": every word at once, with AVX2 ------------------------------------- */

#if OJD_FAST_SWEEPS
/*
 * The engine is compiled for AVX2 whatever the build's flags, and only run where the CPU has it
 * (sweeps_supported).  Its node keeps word 4 * d + b = digit d + 1 in band b, so that one 256-bit
 * register holds two digits, each as its three bands and a zero lane: F[0..39] are five registers
 * (the tenth digit, words 36..39, stays zero).  The rules are written once on eight words at a
 * time with GNU C vector operators; lane moves and tests use AVX2 intrinsics.
 */
#define SWEEPS_TARGET __attribute__((target("avx2,popcnt")))
#define SWEEPS_INLINE static inline __attribute__((target("avx2,popcnt"), always_inline))

typedef uint32_t v8 __attribute__((vector_size(32))); /* eight words */

/* What one search node of the sweeps engine owns; copied on every guess (224 bytes). */
typedef struct sweeps_node {
    _Alignas(32) uint32_t F[40]; /* F[4 * d + b]; lanes 4d + 3 and words 36..39 are zero */
    uint32_t unsolved[8];        /* [b], and again [4 + b] for the upper half of a register */
    uint32_t pairs[8];           /* at a fixpoint: the cells of unsolved[b] with two candidates */
} sweeps_node;

#define MINI_BOXES01 0x0241209u /* the mini-row bits (9r + 3k) of boxes 0 and 1 */
#define MINI_BOX2 0x1008040u    /* ... of box 2 */
#define MINI_BOX0 COLREP        /* ... of box 0 (bits 0, 9, 18) */
#define MINI_BOXES12 0x1209048u /* ... of boxes 1 and 2 */
#define ROW1 (ROW_ALL << 9)
#define ROW2 (ROW_ALL << 18)

SWEEPS_INLINE v8 load8(const uint32_t *p)
{
    v8 v;
    memcpy(&v, p, sizeof v);
    return v;
}

SWEEPS_INLINE void store8(uint32_t *p, v8 v) { memcpy(p, &v, sizeof v); }

SWEEPS_INLINE bool any8(v8 x) { return !_mm256_testz_si256((__m256i)x, (__m256i)x); }

/* The two digits of a register swapped (the upper four words and the lower four). */
SWEEPS_INLINE v8 swap_digits(v8 x)
{
    return (v8)_mm256_permute2x128_si256((__m256i)x, (__m256i)x, 1);
}

/*
 * band_filter on eight words, computed instead of looked up: mini-row (r, k) lies on a
 * permutation that fits iff it is occupied and rows r+1, r+2 can take boxes k+1, k+2 (indices mod
 * 3): m(r+1,k+1) m(r+2,k+2) or m(r+1,k+2) m(r+2,k+1).  p and q are the occupancy m moved one and
 * two boxes left within each row; x >> 9 | x << 18 moves every row one row up (row r takes row
 * r + 1), leaving bits above bit 26 that the & with p or q (then with m) drops.  g has at (r, k)
 * m(r,k+1) m(r+1,k+2) | m(r,k+2) m(r+1,k+1), so g moved one row up is the condition.
 */
SWEEPS_INLINE v8 band_filter8(v8 a)
{
    v8 m = (a | a >> 1 | a >> 2) & MINI;
    v8 p = (m >> 3 & MINI_BOXES01) | (m << 6 & MINI_BOX2);
    v8 q = (m >> 6 & MINI_BOX0) | (m << 3 & MINI_BOXES12);
    v8 g = (p & (q >> 9 | q << 18)) | (q & (p >> 9 | p << 18));
    v8 keep = m & (g >> 9 | g << 18);
    return a & (keep | keep << 1 | keep << 2);
}

/* A 9-bit column set with every column taking the next one of its box (x takes x + 1 mod 3). */
SWEEPS_INLINE v8 next_column(v8 c) { return (c >> 1 & 0x0DBu) | (c << 2 & 0x124u); }

/*
 * The column rules on eight words: the band filter's matching between the three bands and the
 * three columns of each stack.  Column x stays in band b iff bands b+1, b+2 can take the stack's
 * other columns: c1(x+1) c2(x+2) or c1(x+2) c2(x+1), with c1, c2 the column sets of bands b+1,
 * b+2 (the lanes of the same digit, moved over).  This is locked_columns and claim_keep at once.
 */
SWEEPS_INLINE v8 column_filter8(v8 a)
{
    v8 c = (a | a >> 9 | a >> 18) & ROW_ALL;
    v8 c1 = (v8)_mm256_shuffle_epi32((__m256i)c, _MM_SHUFFLE(3, 0, 2, 1));
    v8 c2 = (v8)_mm256_shuffle_epi32((__m256i)c, _MM_SHUFFLE(3, 1, 0, 2));
    v8 keep = c & next_column((c1 & next_column(c2)) | (c2 & next_column(c1)));
    return a & (keep | keep << 9 | keep << 18);
}

/*
 * The cells of eight words that are alone in their row.  a - COLREP takes one from every row
 * without a borrow across rows while no row is empty, which the band filter has just checked.  A
 * row the column rules empty afterwards gives wrong cells here, in a node that fails anyway: the
 * emptied row is a change, so another pass runs, and its band filter finds the row still empty
 * (no rule adds a candidate).
 */
SWEEPS_INLINE v8 single_rows8(v8 a)
{
    v8 y = a & (a - COLREP); /* every row without its lowest cell */
    return a & (((v8)((y & ROW_ALL) == 0) & ROW_ALL) | ((v8)((y & ROW1) == 0) & ROW1) |
                ((v8)((y & ROW2) == 0) & ROW2));
}

/* The cells of the band lanes with at least one, two, three candidates (bit-sliced counting). */
SWEEPS_INLINE void count_candidates(const v8 F[5], v8 *ones, v8 *twos, v8 *threes)
{
    v8 one = F[0], two = F[0] & 0u, three = two;
#pragma GCC unroll 4
    for (int v = 1; v < 5; v++) {
        three |= two & F[v];
        two |= one & F[v];
        one |= F[v];
    }
    /* the two digits of each register: the lower four lanes and the upper four */
    v8 one_x = swap_digits(one), two_x = swap_digits(two);
    *threes = three | swap_digits(three) | (two & one_x) | (one & two_x);
    *twos = two | two_x | (one & one_x);
    *ones = one | one_x;
}

/*
 * Runs every rule on every word until a pass changes nothing: the band filter, the column rules,
 * rows with one candidate (their cells leave the other digits), naked singles (their rows lose
 * the digit elsewhere; the band filter then clears the box, the column rules the column).  false
 * on a contradiction: a word left without a permutation (an empty row, box or column ends there),
 * a cell placed twice or left without a candidate, two naked singles of a digit in one row.
 */
SWEEPS_TARGET static bool sweeps_propagate(sweeps_node *n)
{
    static const v8 real[5] = {
        /* the lanes of real words: not lanes 3 and 7, nor the tenth digit (upper half of F[4]) */
        {~0u, ~0u, ~0u, 0, ~0u, ~0u, ~0u, 0}, {~0u, ~0u, ~0u, 0, ~0u, ~0u, ~0u, 0},
        {~0u, ~0u, ~0u, 0, ~0u, ~0u, ~0u, 0}, {~0u, ~0u, ~0u, 0, ~0u, ~0u, ~0u, 0},
        {~0u, ~0u, ~0u, 0, 0, 0, 0, 0},
    };
    v8 F[5], placed[5], zero = {0};
    v8 unsolved = load8(n->unsolved);
#pragma GCC unroll 5
    for (int v = 0; v < 5; v++)
        F[v] = load8(&n->F[8 * v]);
    for (;;) {
        v8 empty = zero;
#pragma GCC unroll 5
        for (int v = 0; v < 5; v++) {
            F[v] = band_filter8(F[v]);
            empty |= (v8)(F[v] == 0) & real[v];
        }
        if (any8(empty))
            return false;
#pragma GCC unroll 5
        for (int v = 0; v < 5; v++)
            F[v] = column_filter8(F[v]);

        /* rows with one candidate: all = the cells placed now, twice = those placed twice */
        v8 all = zero, twice = zero;
#pragma GCC unroll 5
        for (int v = 0; v < 5; v++) {
            placed[v] = single_rows8(F[v]) & unsolved;
            twice |= all & placed[v];
            all |= placed[v];
        }
        twice |= (all & swap_digits(all)) | swap_digits(twice);
        all |= swap_digits(all);
        if (any8(twice))
            return false;
#pragma GCC unroll 5
        for (int v = 0; v < 5; v++)
            F[v] &= ~all | placed[v];
        unsolved &= ~all;

        v8 ones, twos, threes; /* threes unused here: the compiler drops its steps */
        count_candidates(F, &ones, &twos, &threes);
        if (any8(unsolved & ~ones))
            return false;
        v8 singles = unsolved & ~twos;
        if (any8(singles)) {
            v8 clash = zero;
#pragma GCC unroll 5
            for (int v = 0; v < 5; v++) {
                v8 x = F[v] & singles, x0 = x & ROW_ALL, x1 = x & ROW1, x2 = x & ROW2;
                /* a row of x with two cells: x_r without its lowest bit is not empty */
                clash |= (x0 & (x0 - 1u)) | (x1 & (x1 - (1u << 9))) | (x2 & (x2 - (1u << 18)));
                F[v] &= ((v8)(x0 == 0) & ROW_ALL) | ((v8)(x1 == 0) & ROW1) |
                        ((v8)(x2 == 0) & ROW2) | x;
            }
            if (any8(clash))
                return false;
        }

        /* the node keeps the state the pass started from: compare, then keep this one */
        v8 changed = all;
#pragma GCC unroll 5
        for (int v = 0; v < 5; v++) {
            changed |= F[v] ^ load8(&n->F[8 * v]);
            store8(&n->F[8 * v], F[v]);
        }
        if (!any8(changed)) {
            count_candidates(F, &ones, &twos, &threes);
            store8(n->unsolved, unsolved);
            store8(n->pairs, unsolved & twos & ~threes);
            return true;
        }
    }
}

/* words_search over the sweeps engine's node: the same nodes, guesses and order. */
SWEEPS_TARGET static void sweeps_search(f9_state *st, sweeps_node *n)
{
    for (;;) {
        if (ojd_budget_exhausted(&st->budget, ++st->nodes)) {
            st->stop = true;
            return;
        }
        if (!sweeps_propagate(n))
            return;
        if (!(n->unsolved[0] | n->unsolved[1] | n->unsolved[2])) {
            if (st->solutions++ == 0)
                write_solution(n->F, 4, 1, st->first);
            if (st->solutions >= st->limit)
                st->stop = true;
            return;
        }
        int b = 0;
        uint32_t bit = fast_pick_cell(n->F, 4, 1, n->unsolved, n->pairs, &b);
        int d = 0;
        while (!(n->F[4 * d + b] & bit))
            d++;
        sweeps_node child = *n;
        child.F[4 * d + b] &= ~band_peers(ojd_ctz64(bit));
        sweeps_search(st, &child);
        if (st->stop)
            return;
        st->guesses++;
        n->F[4 * d + b] &= ~bit;
        if (n->pairs[b] & bit) {
            int e = d + 1;
            while (!(n->F[4 * e + b] & bit))
                e++;
            n->F[4 * e + b] &= ~band_peers(ojd_ctz64(bit));
        }
    }
}

/* Searches from the words of the givens (F[9 * b + d], as words_search takes them). */
SWEEPS_TARGET static void sweeps_run(f9_state *st, const f9_node *root)
{
    sweeps_node n;
    memset(&n, 0, sizeof n);
    for (int b = 0; b < 3; b++) {
        for (int d = 0; d < 9; d++)
            n.F[4 * d + b] = root->F[9 * b + d];
        n.unsolved[b] = n.unsolved[4 + b] = root->unsolved[b];
    }
    sweeps_search(st, &n);
}

/* Whether this CPU runs the sweeps engine (the OS saving AVX registers is part of the check). */
static bool sweeps_supported(void)
{
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("popcnt");
}
#endif

/* ---- 9x9: state and solve ------------------------------------------------------------------- */

static void f9_init(f9_state *st, bool sweeps)
{
    st->sweeps = sweeps;
    build_filter_table(st->keep);
    for (uint32_t c = 0; c < 512; c++) {
        st->unlocked[c] = ~spread(locked_columns(c)) & BAND_ALL;
        st->claim[c] = spread(claim_keep(c));
        st->row_single[c] = (uint16_t)((c & (c - 1)) == 0 ? c : 0);
    }
}

/*
 * The givens as words: own[9 * b + d] = the cells of band b that hold digit d + 1.  Returns
 * whether every cell holds 0..9.  SSE2 where the compiler targets it (a byte compare per digit
 * gives a word at once; the board's cell array is far longer than the 32 bytes read past each
 * band's start), else a loop without a branch per cell; both give the same words.
 */
static bool givens_words(const ojd_board *in, uint32_t own[27])
{
#if defined(__SSE2__) && !defined(OJD_FAST_SCALAR)
    unsigned high = 0;
    for (int b = 0; b < 3; b++) {
        __m128i lo = _mm_loadu_si128((const __m128i *)(in->cell + 27 * b));
        __m128i hi = _mm_loadu_si128((const __m128i *)(in->cell + 27 * b + 16));
        __m128i nine = _mm_set1_epi8(9), zero = _mm_setzero_si128();
        /* a byte above 9 stays nonzero after a saturating subtraction of 9 */
        unsigned small =
            (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_subs_epu8(lo, nine), zero)) |
            (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_subs_epu8(hi, nine), zero)) << 16;
        high |= ~small & BAND_ALL;
        for (int d = 0; d < 9; d++) {
            __m128i v = _mm_set1_epi8((char)(d + 1));
            own[9 * b + d] = ((unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(lo, v)) |
                              (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(hi, v)) << 16) &
                             BAND_ALL;
        }
    }
    return high == 0;
#else
    uint32_t by_value[3][10] = {{0}}; /* [b][v]: the cells of band b holding v (v = 0: blanks) */
    unsigned high = 0;
    for (int b = 0; b < 3; b++)
        for (int pos = 0; pos < 27; pos++) {
            unsigned v = in->cell[27 * b + pos];
            high |= v > 9;
            by_value[b][v > 9 ? 0 : v] |= 1u << pos;
        }
    for (int b = 0; b < 3; b++)
        for (int d = 0; d < 9; d++)
            own[9 * b + d] = by_value[b][d + 1];
    return high == 0;
#endif
}

/* The cells of the rows and boxes of a band that hold a cell of x. */
static inline uint32_t rows_and_boxes(uint32_t x)
{
    uint32_t rows = ((0u - (uint32_t)((x & ROW_ALL) != 0)) & ROW_ALL) |
                    ((0u - (uint32_t)((x >> 9 & ROW_ALL) != 0)) & ROW_ALL << 9) |
                    ((0u - (uint32_t)((x >> 18) != 0)) & ROW_ALL << 18);
    uint32_t m = (x | x >> 1 | x >> 2) & MINI;        /* occupied mini-rows */
    uint32_t boxes = (m | m >> 9 | m >> 18) & GROUPS; /* occupied boxes, as their first column */
    return rows | spread(boxes * 7u);
}

/* Whether a row or a box of a band holds two cells of x. */
static inline bool two_in_row_or_box(uint32_t x)
{
    uint32_t r0 = x & ROW_ALL, r1 = x >> 9 & ROW_ALL, r2 = x >> 18;
    uint32_t m = (x | x >> 1 | x >> 2) & MINI; /* a box twice: mini-rows of two rows, one box */
    return ((r0 & (r0 - 1)) | (r1 & (r1 - 1)) | (r2 & (r2 - 1)) | (m & (m >> 9 | m >> 18))) != 0;
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
    uint32_t own[27], placed[3] = {0};
    bool in_range = givens_words(in, own);
    for (int b = 0; b < 3; b++)
        for (int d = 0; d < 9; d++)
            placed[b] |= own[9 * b + d];
    /* checks_givens: two givens of a digit in a row, box or column are a repeat; the engine's
     * full check then names the status. */
    bool repeats = false;
    f9_node n;
    for (int d = 0; d < 9; d++) {
        uint32_t peers[3], cols[3];
        for (int b = 0; b < 3; b++) {
            peers[b] = rows_and_boxes(own[9 * b + d]);
            cols[b] = spread(fold(own[9 * b + d]));
            repeats |= two_in_row_or_box(own[9 * b + d]);
        }
        repeats |= ((own[d] & (cols[1] | cols[2])) | (own[9 + d] & (cols[0] | cols[2])) |
                    (own[18 + d] & (cols[0] | cols[1]))) != 0;
        n.F[d] = (BAND_ALL & ~(placed[0] | peers[0] | cols[1] | cols[2])) | own[d];
        n.F[9 + d] = (BAND_ALL & ~(placed[1] | peers[1] | cols[0] | cols[2])) | own[9 + d];
        n.F[18 + d] = (BAND_ALL & ~(placed[2] | peers[2] | cols[0] | cols[1])) | own[18 + d];
    }
    if (!in_range || repeats)
        return ojd_givens_check(in);
    for (int b = 0; b < 3; b++) {
        n.unsolved[b] = BAND_ALL & ~placed[b];
        n.pairs[b] = 0;
    }
    st->solutions = 0;
    st->nodes = st->guesses = 0;
    st->stop = false;
    st->first = &out->solution;
#if OJD_FAST_SWEEPS
    if (st->sweeps)
        sweeps_run(st, &n);
    else
#endif
        words_search(st, &n, (1u << 27) - 1);
    out->solutions = st->solutions;
    out->nodes = st->nodes;
    out->guesses = st->guesses;
    return ojd_search_status(&st->budget, st->solutions, st->limit);
}

/* ---- the registered solver: dispatch on the shape ------------------------------------------ */

typedef struct fast_state {
    void *large;             /* the large engine's state, or NULL for 3x3 boxes */
    void *general;           /* mrv's state for another unit set (regions, extra units): made on
                              * first use, NULL until then */
    ojd_units9 *units9;      /* the same for 9x9 grids (units9.c), NULL until first used */
    ojd_killer *killer;      /* boards with cages (killer.c), NULL until first used */
    f9_state nine;
} fast_state;

/* Whether this build and CPU run the 9x9 engine. */
static bool engine_runs(ojd_fast9_engine engine)
{
    switch (engine) {
    case OJD_FAST9_BEST:
    case OJD_FAST9_WORDS:
        return true;
    case OJD_FAST9_SWEEPS:
#if OJD_FAST_SWEEPS
        return sweeps_supported();
#else
        return false;
#endif
    }
    return false;
}

static void *create_with(int box_rows, int box_cols, ojd_fast9_engine engine)
{
    if (!engine_runs(engine))
        return NULL;
    fast_state *st = malloc(sizeof *st);
    if (!st)
        return NULL;
    st->large = NULL;
    st->general = NULL;
    st->units9 = NULL;
    st->killer = NULL;
    if (box_rows == 3 && box_cols == 3) {
        f9_init(&st->nine, engine == OJD_FAST9_SWEEPS ||
                               (engine == OJD_FAST9_BEST && engine_runs(OJD_FAST9_SWEEPS)));
        return st;
    }
    st->large = ojd_fast_large_create(box_rows, box_cols);
    if (!st->large) {
        free(st);
        return NULL;
    }
    return st;
}

static void *fast_create(int box_rows, int box_cols)
{
    return create_with(box_rows, box_cols, OJD_FAST9_BEST);
}

/* Not in the plain-C copy of tests/unit/test_fast.c, which uses the library's. */
#ifndef OJD_FAST_SCALAR
bool ojd_fast9_has(ojd_fast9_engine engine) { return engine_runs(engine); }

void *ojd_fast_create_with(int box_rows, int box_cols, ojd_fast9_engine engine)
{
    return create_with(box_rows, box_cols, engine);
}
#endif

static void fast_destroy(void *state)
{
    fast_state *st = state;
    if (!st)
        return;
    if (st->large)
        ojd_fast_large_destroy(st->large);
    if (st->general)
        ojd_solver_mrv.destroy(st->general);
    ojd_units9_free(st->units9);
    ojd_killer_free(st->killer);
    free(st);
}

/*
 * The general path: a unit set other than rows, columns and boxes (a jigsaw's regions, the X
 * diagonals, the windoku windows).  9x9 grids go to units9.c's digit planes, built from any
 * unit set; other sides to the singles + MRV core ("mrv"), whose tables follow any unit set.
 * The bitboards of the 9x9 engines and the large engine's box-line tables are the classic
 * layout's and stay as they were.  Both check the givens, as "fast" promises.
 */
static ojd_status general_solve(fast_state *st, const ojd_board *in, const ojd_search *search,
                                ojd_result *out)
{
    if (in->side == 9) {
        if (!st->units9 && !(st->units9 = ojd_units9_new()))
            return OJD_ERR_NOMEM;
        return ojd_units9_solve(st->units9, in, search, out);
    }
    out->solutions = 0;
    out->nodes = out->guesses = 0;
    if (!ojd_board_units_usable(in)) /* checks_units: the engine left it to "fast" */
        return OJD_ERR_INVALID;
    ojd_status valid = ojd_givens_check(in);
    if (valid != OJD_OK)
        return valid;
    if (!st->general && !(st->general = ojd_solver_mrv.create(in->box_rows, in->box_cols)))
        return OJD_ERR_NOMEM;
    return ojd_solver_mrv.solve(st->general, in, search, out);
}

static ojd_status fast_solve(void *state, const ojd_board *in, const ojd_search *search_opts,
                             ojd_result *out)
{
    fast_state *st = state;
    if (in->units & OJD_UNITS_KILLER) {
        if (!st->killer && !(st->killer = ojd_killer_new()))
            return OJD_ERR_NOMEM;
        return ojd_killer_solve(st->killer, in, search_opts, out);
    }
    if (in->units != 0)
        return general_solve(st, in, search_opts, out);
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
    .checks_units = true,
    .takes_cages = true,
};
