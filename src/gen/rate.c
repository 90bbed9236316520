/*
 * rate.c -- the human-style grader.
 *
 * Model: a logical solver over candidate masks (bit v-1 = value v) that applies at every step
 * the cheapest technique making progress, in Sudoku Explainer's order and ratings (hidden single
 * 1.2 in a compact unit, 1.5 in a line, ... hidden quad 5.4), over the puzzle's whole unit set
 * (ojd_geo); a classic grid meets only rows, columns and boxes, in that order, so no variant's
 * units change its grades.  When those are stuck: forcing chains by singles (6.6 and up),
 * dynamic forcing chains (8.5 and up), then a guess of the solution's value (10.0 and up).  Every
 * deduction is sound, so a grid solved without guesses has one solution.  The score
 * (ojd_rate_score, gen.h) is the hardest step plus terms fitted by `make rate-calibrate`; the
 * grade is the hardest technique's, one more when that grade's techniques were needed many
 * times.  The long form: docs/performance.md, "Notes moved from the source".
 */
#include "gen.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- names and tables -------------------------------------------------------------------- */

static const char *const grade_names[OJD_GRADE_COUNT_] = {"easy", "medium", "hard", "expert",
                                                          "extreme"};

const char *ojd_grade_name(ojd_grade grade)
{
    return grade >= 0 && grade < OJD_GRADE_COUNT_ ? grade_names[grade] : "any";
}

bool ojd_grade_find(const char *name, ojd_grade *out)
{
    for (int g = 0; name && g < OJD_GRADE_COUNT_; g++)
        if (strcmp(name, grade_names[g]) == 0) {
            *out = (ojd_grade)g;
            return true;
        }
    return false;
}

typedef struct tech_info {
    const char *name;
    ojd_grade grade;
    double difficulty; /* Sudoku Explainer's rating of the technique (the base, for chains) */
} tech_info;

static const tech_info techs[OJD_TECH_COUNT_] = {
    [OJD_TECH_HIDDEN_SINGLE] = {"hidden single", OJD_GRADE_EASY, 1.2},
    [OJD_TECH_NAKED_SINGLE] = {"naked single", OJD_GRADE_EASY, 2.3},
    [OJD_TECH_POINTING] = {"pointing", OJD_GRADE_MEDIUM, 2.6},
    [OJD_TECH_CLAIMING] = {"claiming", OJD_GRADE_MEDIUM, 2.8},
    [OJD_TECH_NAKED_PAIR] = {"naked pair", OJD_GRADE_MEDIUM, 3.0},
    [OJD_TECH_X_WING] = {"X-wing", OJD_GRADE_HARD, 3.2},
    [OJD_TECH_HIDDEN_PAIR] = {"hidden pair", OJD_GRADE_MEDIUM, 3.4},
    [OJD_TECH_NAKED_TRIPLE] = {"naked triple", OJD_GRADE_HARD, 3.6},
    [OJD_TECH_SWORDFISH] = {"swordfish", OJD_GRADE_EXPERT, 3.8},
    [OJD_TECH_HIDDEN_TRIPLE] = {"hidden triple", OJD_GRADE_HARD, 4.0},
    [OJD_TECH_XY_WING] = {"XY-wing", OJD_GRADE_EXPERT, 4.2},
    [OJD_TECH_XYZ_WING] = {"XYZ-wing", OJD_GRADE_EXPERT, 4.4},
    [OJD_TECH_NAKED_QUAD] = {"naked quad", OJD_GRADE_EXPERT, 5.0},
    [OJD_TECH_JELLYFISH] = {"jellyfish", OJD_GRADE_EXPERT, 5.2},
    [OJD_TECH_HIDDEN_QUAD] = {"hidden quad", OJD_GRADE_EXPERT, 5.4},
    [OJD_TECH_CONTRADICTION] = {"forcing chain", OJD_GRADE_EXTREME, 6.6},
    [OJD_TECH_DEEP_CONTRADICTION] = {"dynamic forcing chain", OJD_GRADE_EXTREME, 8.5},
    [OJD_TECH_GUESS] = {"guess", OJD_GRADE_EXTREME, 10.0},
    /* killer: no Sudoku Explainer rating; placed on its scale where they are tried */
    [OJD_TECH_CAGE_COMBINATION] = {"cage combination", OJD_GRADE_EASY, 1.4},
    [OJD_TECH_CAGE_COMBINATIONS] = {"cage combinations", OJD_GRADE_MEDIUM, 2.4},
    [OJD_TECH_RULE_45] = {"45 rule", OJD_GRADE_MEDIUM, 2.5},
    [OJD_TECH_RULE_45_UNITS] = {"45 rule over units", OJD_GRADE_HARD, 3.3},
};

const char *ojd_technique_name(ojd_technique t)
{
    return t >= 0 && t < OJD_TECH_COUNT_ ? techs[t].name : "?";
}

ojd_grade ojd_technique_grade(ojd_technique t)
{
    return t >= 0 && t < OJD_TECH_COUNT_ ? techs[t].grade : OJD_GRADE_EXTREME;
}

/* ---- state and deductions ---------------------------------------------------------------- */

/* Invariants: val[i] != 0 iff cell i is solved, and then cand[i] == 0; placed[u] is the set of
 * values solved in unit u (so a unit is broken iff placed[u] | the union of its cand != all). */
typedef struct rstate {
    uint64_t cand[OJD_MAX_CELLS];
    uint64_t placed[3 * OJD_MAX_SIDE + 6]; /* per unit: rows, columns, boxes, extras (X 2, windoku 4) */
    uint8_t val[OJD_MAX_CELLS];
    int left;
    bool broken; /* a contradiction was met (only in assumption states) */
} rstate;

/* One deduction: placements and/or eliminations, and what to say about it. */
typedef struct deduction {
    ojd_technique tech;
    double difficulty;            /* the technique's base (1.5 for a hidden single in a line) */
    double extra;                 /* chains and guesses: how much harder this one is (>= 0) */
    int place_cell, place_value;  /* place_value 0 = no placement */
    int nelim;
    int16_t ecell[OJD_MAX_CELLS]; /* eliminate emask[k] from cell ecell[k] */
    uint64_t emask[OJD_MAX_CELLS];
    char why[160];
} deduction;

/* Two units that share two cells or more (find_locked()): B, and where they meet as a mask of
 * A's cells (bit j = A's cell j). */
typedef struct unit_pair {
    int b;
    uint64_t in_a;
} unit_pair;

enum { KILLER_SIDE = 16, GROUP_MOST = 4 };

typedef struct group {
    int n, sum;
    int16_t cell[OJD_MAX_SIDE];
    uint64_t support[OJD_MAX_SIDE];
    uint64_t must;    /* group_support(): the values in every set that completes */
} group;

/* A cell is in at most this many units: its row, column, box or region, two X diagonals (the
 * centre of an odd side) and a window (core.h, ojd_geo_new_units()). */
enum { MAX_UNITS_OF_CELL = 6 };

static bool build_pairs(ojd_rater *r);

struct ojd_rater {
    const ojd_geo *g;
    int *pair_start; /* [nunits + 1] and pair[]: the table of build_pairs() */
    unit_pair *pair;
    ojd_rate_trace trace;         /* of the last ojd_rater_run(); steps grow on demand */
    rstate cur, tmp, tmp2;
    deduction ded, inner;
    int combo[OJD_MAX_SIDE];
    char text[4096];
    /* the search probe (probe_depth): one candidate and value array per branching level,
     * [levels * cells] each, grown on demand */
    uint64_t *probe_cand;
    uint8_t *probe_val;
    int probe_levels;
    unsigned long probe_nodes;
    int probe_deepest;
    ojd_rng probe_rng;
    /* the budget of ojd_rater_bound() (NULL: none) and the nodes counted against it */
    ojd_budget *budget;
    unsigned long long nodes;
    /* killer cages (ojd_rater_cages; ncages 0: none): each cell's cage (0: none), cage k's
     * cells cage_cell[cage_start[k] .. cage_start[k + 1]) and its sum */
    int ncages;
    uint8_t cage_of[OJD_MAX_CELLS];
    int16_t cage_cell[OJD_MAX_CELLS];
    int cage_start[OJD_MAX_CAGES + 2];
    int cage_sum[OJD_MAX_CAGES + 1];
    /* group_support()'s sets of values, [1 << side] each (side <= KILLER_SIDE; NULL: the cage
     * techniques are off), tagged per call; stamp and count: the 45 rule's work arrays */
    uint32_t *reach, *good, *kset;
    uint16_t *ksum;
    uint32_t tag;
    unsigned stamp[OJD_MAX_CELLS], stamp_tag;
    int count[OJD_MAX_CAGES + 1];
    group group;
    int16_t region_cell[4 * OJD_MAX_SIDE];
};

ojd_rater *ojd_rater_new(const ojd_geo *geo)
{
    ojd_rater *r = geo->per_cell <= MAX_UNITS_OF_CELL ? malloc(sizeof *r) : NULL;
    if (r) {
        r->g = geo;
        r->pair_start = NULL;
        r->pair = NULL;
        r->trace = (ojd_rate_trace){.cells = geo->cells};
        r->probe_cand = NULL;
        r->probe_val = NULL;
        r->probe_levels = 0;
        r->budget = NULL;
        r->nodes = 0;
        r->ncages = 0;
        r->reach = r->good = r->kset = NULL;
        r->ksum = NULL;
        r->tag = 0;
        r->stamp_tag = 0;
        memset(r->stamp, 0, sizeof r->stamp);
        memset(r->count, 0, sizeof r->count);
        if (!build_pairs(r)) {
            ojd_rater_free(r);
            r = NULL;
        }
    }
    return r;
}

void ojd_rater_free(ojd_rater *rater)
{
    if (rater) {
        free(rater->pair_start);
        free(rater->pair);
        free(rater->trace.step);
        free(rater->probe_cand);
        free(rater->probe_val);
        free(rater->reach);
        free(rater->good);
        free(rater->kset);
        free(rater->ksum);
    }
    free(rater);
}

const ojd_rate_trace *ojd_rater_trace(const ojd_rater *rater) { return &rater->trace; }

void ojd_rater_bound(ojd_rater *rater, ojd_budget *budget, unsigned long long nodes)
{
    rater->budget = budget;
    rater->nodes = nodes;
}

unsigned long long ojd_rater_nodes(const ojd_rater *rater) { return rater->nodes; }

/*
 * One node of the grader's work (a pass of the techniques, an assumption or a step of a forcing
 * chain, a node of the search probe), counted against the budget: true once the budget has run
 * out, and from then on (sticky), so every loop of the grader unwinds at its next node.  A node here can cost what thousands of a solver's do (a pass
 * of the expert techniques over a 49x49 grid), so with a deadline the clock is read at every
 * node, not every OJD_CLOCK_STRIDE: the deadline is overshot by one node at most.
 */
static bool rater_spent(ojd_rater *r)
{
    ojd_budget *b = r->budget;
    if (!b)
        return false;
    b->next_clock = ++r->nodes;
    return ojd_budget_exhausted(b, r->nodes);
}

/* Whether the budget has run out (no node counted). */
static bool rater_out(const ojd_rater *r) { return r->budget && r->budget->exhausted; }

/* Appends one step; false when out of memory (the score then misses the step, nothing else). */
static bool trace_step(ojd_rate_trace *t, const deduction *d, int empty)
{
    if (t->nsteps == t->cap) {
        int cap = t->cap ? 2 * t->cap : 128;
        ojd_rate_step *grown = realloc(t->step, (size_t)cap * sizeof *grown);
        if (!grown)
            return false;
        t->step = grown;
        t->cap = cap;
    }
    t->step[t->nsteps++] = (ojd_rate_step){d->tech, empty, d->difficulty, d->extra};
    return true;
}

static void copy_state(const ojd_geo *g, rstate *dst, const rstate *src)
{
    memcpy(dst->cand, src->cand, (size_t)g->cells * sizeof src->cand[0]);
    memcpy(dst->placed, src->placed, (size_t)g->nunits * sizeof src->placed[0]);
    memcpy(dst->val, src->val, (size_t)g->cells);
    dst->left = src->left;
    dst->broken = src->broken;
}

/* v leaves cell p, a peer of i (or i itself) where v is placed: p holding v too, or left with
 * no candidate, breaks the grid. */
static void drop_from(rstate *s, int p, int i, int v)
{
    uint64_t bit = (uint64_t)1 << (v - 1);
    if (s->val[p] == v && p != i)
        s->broken = true;
    if (s->cand[p] & bit) {
        s->cand[p] &= ~bit;
        if (!s->cand[p])
            s->broken = true;
    }
}

/* Places v in i and removes v from the peers and the cage's other cells.  Marks the state
 * broken on a contradiction. */
static void place(const ojd_rater *r, rstate *s, int i, int v)
{
    const ojd_geo *g = r->g;
    uint64_t bit = (uint64_t)1 << (v - 1);
    if (s->val[i] || !(s->cand[i] & bit)) {
        s->broken = true;
        return;
    }
    s->val[i] = (uint8_t)v;
    s->cand[i] = 0;
    s->left--;
    for (int k = 0; k < g->nunits_of[i]; k++) { /* row, column, box or region, extras */
        const int16_t *u = ojd_geo_unit(g, ojd_geo_unit_of(g, i, k));
        s->placed[ojd_geo_unit_of(g, i, k)] |= bit;
        for (int j = 0; j < g->side; j++)
            drop_from(s, u[j], i, v);
    }
    int cage = r->ncages ? r->cage_of[i] : 0;
    for (int k = cage ? r->cage_start[cage] : 0; cage && k < r->cage_start[cage + 1]; k++)
        drop_from(s, r->cage_cell[k], i, v);
}

static void apply(const ojd_rater *r, rstate *s, const deduction *d)
{
    for (int k = 0; k < d->nelim; k++) {
        int c = d->ecell[k];
        s->cand[c] &= ~d->emask[k];
        if (!s->val[c] && !s->cand[c])
            s->broken = true;
    }
    if (d->place_value)
        place(r, s, d->place_cell, d->place_value);
}

static void add_elim(deduction *d, int cell, uint64_t mask)
{
    for (int k = 0; k < d->nelim; k++)
        if (d->ecell[k] == cell) {
            d->emask[k] |= mask;
            return;
        }
    d->ecell[d->nelim] = (int16_t)cell;
    d->emask[d->nelim++] = mask;
}

static void start(deduction *d, ojd_technique t)
{
    d->tech = t;
    d->difficulty = techs[t].difficulty;
    d->extra = 0;
    d->place_value = 0;
    d->nelim = 0;
    d->why[0] = '\0';
}

/* Is unit u a line (a row, column or X diagonal), or compact (a box, region or window)? */
static bool unit_is_line(const ojd_geo *g, int u)
{
    int extra = u - 3 * g->side;
    return u < 2 * g->side || (extra >= 0 && extra < 2 && (g->units & OJD_UNITS_X));
}

/* "row 3", "column 5", "box 2", "region 4", "diagonal 1" (top left to bottom right),
 * "diagonal 2" (top right to bottom left), "window 3" (row by row): 1-based, in the words of
 * ojd_board_find_conflict(). */
static void unit_name(const ojd_geo *g, int u, char *buf, size_t size)
{
    int side = g->side;
    const char *kind;
    int index;
    if (u < 3 * side) {
        static const char *const family[3] = {"row", "column", "box"};
        kind = u >= 2 * side && (g->units & OJD_UNITS_REGIONS) ? "region" : family[u / side];
        index = u % side;
    } else {
        index = u - 3 * side;
        kind = "window";
        if (g->units & OJD_UNITS_X) {
            if (index < 2)
                kind = "diagonal";
            else
                index -= 2;
        }
    }
    snprintf(buf, size, "%s %d", kind, index + 1);
}

static void value_set(uint64_t m, char *buf, size_t size)
{
    size_t n = 0;
    buf[0] = '\0';
    for (; m && n + 4 < size; m &= m - 1)
        n += (size_t)snprintf(buf + n, size - n, "%s%d", n ? "," : "{", ojd_ctz64(m) + 1);
    if (n + 2 <= size)
        snprintf(buf + n, size - n, "}");
}

/* ---- singles ----------------------------------------------------------------------------- */

/* Hidden singles in compact units first (easier to see: boxes or regions, then windows), then
 * in lines (rows, columns, then diagonals). */
static bool find_hidden_single(const ojd_geo *g, const rstate *s, deduction *d)
{
    for (int pass = 0; pass < 2; pass++) {
        /* compact units are 2 side .. 3 side and extras; lines 0 .. 2 side and extras */
        int from = pass == 0 ? 2 * g->side : 0;
        for (int un = from; un < g->nunits; un++) {
            if (unit_is_line(g, un) != (pass == 1))
                continue;
            const int16_t *u = ojd_geo_unit(g, un);
            uint64_t once = 0, twice = 0;
            for (int j = 0; j < g->side; j++) {
                twice |= once & s->cand[u[j]];
                once |= s->cand[u[j]];
            }
            uint64_t single = once & ~twice;
            if (!single)
                continue;
            uint64_t bit = single & (0 - single);
            for (int j = 0; j < g->side; j++)
                if (s->cand[u[j]] & bit) {
                    start(d, OJD_TECH_HIDDEN_SINGLE);
                    if (pass == 1)
                        d->difficulty = 1.5;
                    d->place_cell = u[j];
                    d->place_value = ojd_ctz64(bit) + 1;
                    char un_s[32];
                    unit_name(g, un, un_s, sizeof un_s);
                    snprintf(d->why, sizeof d->why, "hidden single in %s", un_s);
                    return true;
                }
        }
    }
    return false;
}

static bool find_naked_single(const ojd_geo *g, const rstate *s, deduction *d)
{
    for (int i = 0; i < g->cells; i++) {
        uint64_t m = s->cand[i];
        if (m && !(m & (m - 1))) {
            start(d, OJD_TECH_NAKED_SINGLE);
            d->place_cell = i;
            d->place_value = ojd_ctz64(m) + 1;
            snprintf(d->why, sizeof d->why, "naked single");
            return true;
        }
    }
    return false;
}

/* ---- locked candidates ------------------------------------------------------------------- */

/*
 * Locked candidates: the candidates for a value in unit A all lie in the cells A shares with
 * unit B, so the value leaves the rest of B: pointing when A is compact, claiming when A is a
 * line.  The pairs are ojd_rater_new()'s table (units sharing two cells or more; one shared cell
 * would be a hidden single, found before).  A's units, the values, then each A's B are met in
 * order (on a classic grid: rows, columns, then boxes).
 */
static void say_locked(const ojd_geo *g, deduction *d, bool claiming, int v, int from, int to)
{
    char a[32], b[32];
    unit_name(g, from, a, sizeof a);
    unit_name(g, to, b, sizeof b);
    snprintf(d->why, sizeof d->why, "%s: %d in %s is locked in %s",
             claiming ? "claiming" : "pointing", v + 1, a, b);
}

/* Is cell i in unit u? */
static bool cell_in_unit(const ojd_geo *g, int i, int u)
{
    for (int k = 0; k < g->nunits_of[i]; k++)
        if (ojd_geo_unit_of(g, i, k) == u)
            return true;
    return false;
}

static bool find_locked(const ojd_rater *r, const rstate *s, bool claiming, deduction *d)
{
    const ojd_geo *g = r->g;
    int side = g->side;
    for (int a = 0; a < g->nunits; a++) {
        if (unit_is_line(g, a) != claiming || r->pair_start[a] == r->pair_start[a + 1])
            continue;
        const int16_t *u = ojd_geo_unit(g, a);
        /* pos[v]: where in A value v + 1 is a candidate (bit j = A's cell j) */
        uint64_t pos[OJD_MAX_SIDE] = {0}, seen = 0;
        for (int j = 0; j < side; j++) {
            seen |= s->cand[u[j]];
            for (uint64_t m = s->cand[u[j]]; m; m &= m - 1)
                pos[ojd_ctz64(m)] |= (uint64_t)1 << j;
        }
        for (; seen; seen &= seen - 1) {
            int v = ojd_ctz64(seen);
            uint64_t bit = (uint64_t)1 << v;
            for (int k = r->pair_start[a]; k < r->pair_start[a + 1]; k++) {
                const unit_pair *pr = &r->pair[k];
                if (pos[v] & ~pr->in_a)
                    continue;
                start(d, claiming ? OJD_TECH_CLAIMING : OJD_TECH_POINTING);
                const int16_t *ub = ojd_geo_unit(g, pr->b);
                for (int j = 0; j < side; j++)
                    if ((s->cand[ub[j]] & bit) && !cell_in_unit(g, ub[j], a))
                        add_elim(d, ub[j], bit);
                if (d->nelim) {
                    say_locked(g, d, claiming, v, a, pr->b);
                    return true;
                }
            }
        }
    }
    return false;
}

/*
 * The table of find_locked(): for each unit A (pair[pair_start[A] .. pair_start[A + 1])), the
 * units B != A that share two cells or more with it, in unit order, with where they meet in A.
 * Built for every puzzle ojd_rate() grades, so from the units that A's cells are in (a box of
 * 9x9 meets 7 units, itself included), not from all pairs of units.  false when out of memory.
 */
static bool build_pairs(ojd_rater *r)
{
    const ojd_geo *g = r->g;
    int side = g->side, n = 0, cap = 4 * g->nunits, words = (g->nunits + 63) / 64;
    /* meet[B]: A's cells in B (bit j = A's cell j); touched: the units B with meet[B] != 0 */
    uint64_t *meet = calloc((size_t)g->nunits, sizeof *meet);
    uint64_t touched[(3 * OJD_MAX_SIDE + 6 + 63) / 64];
    r->pair_start = malloc(((size_t)g->nunits + 1) * sizeof *r->pair_start);
    r->pair = malloc((size_t)cap * sizeof *r->pair);
    bool ok = meet && r->pair_start && r->pair;
    for (int a = 0; ok && a < g->nunits; a++) {
        const int16_t *u = ojd_geo_unit(g, a);
        memset(touched, 0, sizeof touched);
        r->pair_start[a] = n;
        for (int j = 0; j < side; j++)
            for (int k = 0; k < g->nunits_of[u[j]]; k++) {
                int b = ojd_geo_unit_of(g, u[j], k);
                meet[b] |= (uint64_t)1 << j;
                touched[b / 64] |= (uint64_t)1 << (b % 64);
            }
        for (int w = 0; w < words; w++) /* in unit order */
            for (uint64_t m = touched[w]; m; m &= m - 1) {
                int b = 64 * w + ojd_ctz64(m);
                if (ok && b != a && (meet[b] & (meet[b] - 1))) {
                    if (n == cap) {
                        unit_pair *grown = realloc(r->pair, 2 * (size_t)cap * sizeof *grown);
                        ok = grown != NULL;
                        r->pair = ok ? grown : r->pair;
                        cap *= 2;
                    }
                    if (ok)
                        r->pair[n++] = (unit_pair){b, meet[b]};
                }
                meet[b] = 0;
            }
    }
    if (ok)
        r->pair_start[g->nunits] = n;
    free(meet);
    return ok;
}

/* ---- naked and hidden subsets ------------------------------------------------------------ */

static const ojd_technique naked_tech[5] = {0, 0, OJD_TECH_NAKED_PAIR, OJD_TECH_NAKED_TRIPLE,
                                            OJD_TECH_NAKED_QUAD};
static const ojd_technique hidden_tech[5] = {0, 0, OJD_TECH_HIDDEN_PAIR, OJD_TECH_HIDDEN_TRIPLE,
                                             OJD_TECH_HIDDEN_QUAD};
static const ojd_technique fish_tech[5] = {0, 0, OJD_TECH_X_WING, OJD_TECH_SWORDFISH,
                                           OJD_TECH_JELLYFISH};

/*
 * Enumerates every k-subset whose union is exactly k bits, and keeps the first one that
 * eliminates something; check() fills d for a candidate subset and says whether it did.
 */
typedef bool (*subset_check)(ojd_rater *r, const rstate *s, int unit, const int *pick, int k,
                             uint64_t uni, const int *map, deduction *d);

static bool enumerate(ojd_rater *r, const rstate *s, int unit, const uint64_t *items,
                      const int *map, int n, int k, int from, int depth, uint64_t acc,
                      subset_check check, deduction *d)
{
    if (depth == k)
        return ojd_popcount64(acc) == k && check(r, s, unit, r->combo, k, acc, map, d);
    for (int i = from; i <= n - (k - depth); i++) {
        uint64_t u = acc | items[i];
        if (ojd_popcount64(u) > k)
            continue;
        r->combo[depth] = i;
        if (enumerate(r, s, unit, items, map, n, k, i + 1, depth + 1, u, check, d))
            return true;
    }
    return false;
}

/* naked: items are the candidate masks of cells map[i] of the unit; uni is the value set. */
static bool naked_check(ojd_rater *r, const rstate *s, int unit, const int *pick, int k,
                        uint64_t uni, const int *map, deduction *d)
{
    const ojd_geo *g = r->g;
    const int16_t *u = ojd_geo_unit(g, unit);
    start(d, naked_tech[k]);
    for (int j = 0; j < g->side; j++) {
        int p = u[j];
        bool member = false;
        for (int t = 0; t < k; t++)
            member |= map[pick[t]] == j;
        if (!member && (s->cand[p] & uni))
            add_elim(d, p, s->cand[p] & uni);
    }
    if (!d->nelim)
        return false;
    char vs[64], un[32];
    value_set(uni, vs, sizeof vs);
    unit_name(g, unit, un, sizeof un);
    snprintf(d->why, sizeof d->why, "%s %s in %s", techs[d->tech].name, vs, un);
    return true;
}

/* hidden: items are the position masks (bit j = unit cell j) of values map[i]+1. */
static bool hidden_check(ojd_rater *r, const rstate *s, int unit, const int *pick, int k,
                         uint64_t uni, const int *map, deduction *d)
{
    const ojd_geo *g = r->g;
    const int16_t *u = ojd_geo_unit(g, unit);
    uint64_t values = 0;
    for (int t = 0; t < k; t++)
        values |= (uint64_t)1 << map[pick[t]];
    start(d, hidden_tech[k]);
    for (uint64_t m = uni; m; m &= m - 1) {
        int p = u[ojd_ctz64(m)];
        if (s->cand[p] & ~values)
            add_elim(d, p, s->cand[p] & ~values);
    }
    if (!d->nelim)
        return false;
    char vs[64], un[32];
    value_set(values, vs, sizeof vs);
    unit_name(g, unit, un, sizeof un);
    snprintf(d->why, sizeof d->why, "%s %s in %s", techs[d->tech].name, vs, un);
    return true;
}

static bool find_naked(ojd_rater *r, const rstate *s, int k, deduction *d)
{
    const ojd_geo *g = r->g;
    uint64_t items[OJD_MAX_SIDE];
    int map[OJD_MAX_SIDE];
    for (int un = 0; un < g->nunits; un++) {
        int n = 0, open = 0;
        for (int j = 0; j < g->side; j++) {
            uint64_t m = s->cand[ojd_geo_unit(g, un)[j]];
            int c = ojd_popcount64(m);
            open += c > 0;
            if (c >= 2 && c <= k) {
                items[n] = m;
                map[n++] = j;
            }
        }
        if (n >= k && open > k &&
            enumerate(r, s, un, items, map, n, k, 0, 0, 0, naked_check, d))
            return true;
    }
    return false;
}

static bool find_hidden(ojd_rater *r, const rstate *s, int k, deduction *d)
{
    const ojd_geo *g = r->g;
    uint64_t items[OJD_MAX_SIDE];
    int map[OJD_MAX_SIDE];
    for (int un = 0; un < g->nunits; un++) {
        uint64_t pos[OJD_MAX_SIDE] = {0};
        int open = 0;
        for (int j = 0; j < g->side; j++) {
            uint64_t m = s->cand[ojd_geo_unit(g, un)[j]];
            open += m != 0;
            for (; m; m &= m - 1)
                pos[ojd_ctz64(m)] |= (uint64_t)1 << j;
        }
        int n = 0;
        for (int v = 0; v < g->side; v++) {
            int c = ojd_popcount64(pos[v]);
            if (c >= 2 && c <= k) {
                items[n] = pos[v];
                map[n++] = v;
            }
        }
        if (n >= k && open > k &&
            enumerate(r, s, un, items, map, n, k, 0, 0, 0, hidden_check, d))
            return true;
    }
    return false;
}

/* ---- fish -------------------------------------------------------------------------------- */

/*
 * A fish of size k on value v: k base lines (rows, or columns) whose candidates for v lie in k
 * cover lines of the other orientation, so v leaves the rest of the cover lines.  Rows and
 * columns only, in every unit set: each family is a partition of the grid, which is what makes
 * k base lines hold v exactly k times, so these fish are sound whatever other units a variant
 * has.  Franken and mutant fish (a box, region or extra unit among the lines) are not rated.
 */

static bool fish_check(ojd_rater *r, const rstate *s, int unit, const int *pick, int k,
                       uint64_t uni, const int *map, deduction *d)
{
    /* unit encodes the fish: v * 2 + orientation */
    const ojd_geo *g = r->g;
    int v = unit / 2, orient = unit % 2, side = g->side;
    uint64_t bit = (uint64_t)1 << v, base = 0;
    for (int t = 0; t < k; t++)
        base |= (uint64_t)1 << map[pick[t]];
    start(d, fish_tech[k]);
    for (uint64_t m = uni; m; m &= m - 1) {
        int cover = ojd_ctz64(m);
        for (int line = 0; line < side; line++) {
            if (base & ((uint64_t)1 << line))
                continue;
            int p = orient == 0 ? line * side + cover : cover * side + line;
            if (s->cand[p] & bit)
                add_elim(d, p, bit);
        }
    }
    if (!d->nelim)
        return false;
    char lines[96];
    size_t n = 0;
    for (uint64_t m = base; m && n + 4 < sizeof lines; m &= m - 1)
        n += (size_t)snprintf(lines + n, sizeof lines - n, "%s%d", n ? "," : "", ojd_ctz64(m) + 1);
    snprintf(d->why, sizeof d->why, "%s on %d, %s %s", techs[d->tech].name, v + 1,
             orient == 0 ? "rows" : "columns", lines);
    return true;
}

static bool find_fish(ojd_rater *r, const rstate *s, int k, deduction *d)
{
    const ojd_geo *g = r->g;
    int side = g->side;
    uint64_t items[OJD_MAX_SIDE];
    int map[OJD_MAX_SIDE];
    for (int v = 0; v < side; v++) {
        uint64_t bit = (uint64_t)1 << v;
        for (int orient = 0; orient < 2; orient++) {
            int n = 0, lines = 0;
            for (int line = 0; line < side; line++) {
                uint64_t m = 0;
                for (int j = 0; j < side; j++) {
                    int p = orient == 0 ? line * side + j : j * side + line;
                    if (s->cand[p] & bit)
                        m |= (uint64_t)1 << j;
                }
                lines += m != 0;
                int c = ojd_popcount64(m);
                if (c >= 2 && c <= k) {
                    items[n] = m;
                    map[n++] = line;
                }
            }
            if (n >= k && lines > k &&
                enumerate(r, s, v * 2 + orient, items, map, n, k, 0, 0, 0, fish_check, d))
                return true;
        }
    }
    return false;
}

/* ---- wings ------------------------------------------------------------------------------- */

static void cell_name(const ojd_geo *g, int i, char *buf, size_t size)
{
    snprintf(buf, size, "r%dc%d", i / g->side + 1, i % g->side + 1);
}

/* XY-wing (pivot {a,b}, pincers {a,c} and {b,c}) and XYZ-wing (pivot {a,b,c}): remove c from the
 * cells that see both pincers (and the pivot, for XYZ). */
static bool find_wing(ojd_rater *r, const rstate *s, bool xyz, deduction *d)
{
    const ojd_geo *g = r->g;
    int peers[MAX_UNITS_OF_CELL * OJD_MAX_SIDE], np;
    for (int p = 0; p < g->cells; p++) {
        uint64_t pm = s->cand[p];
        if (ojd_popcount64(pm) != (xyz ? 3 : 2))
            continue;
        np = 0;
        for (int k = 0; k < g->nunits_of[p]; k++) /* a peer in two units is listed twice */
            for (int j = 0; j < g->side; j++) {
                int q = ojd_geo_unit(g, ojd_geo_unit_of(g, p, k))[j];
                if (q != p && ojd_popcount64(s->cand[q]) == 2)
                    peers[np++] = q;
            }
        for (int a = 0; a < np; a++) {
            uint64_t qm = s->cand[peers[a]];
            if (xyz ? (qm & ~pm) != 0 : ojd_popcount64(qm & pm) != 1)
                continue;
            for (int b = a + 1; b < np; b++) {
                int q = peers[a], w = peers[b];
                uint64_t wm = s->cand[w];
                if (q == w || wm == qm)
                    continue;
                uint64_t c;
                if (xyz) {
                    if ((wm & ~pm) || (qm | wm) != pm)
                        continue;
                    c = qm & wm;
                } else {
                    c = qm & wm & ~pm;
                    if (ojd_popcount64(c) != 1 || ojd_popcount64(wm & pm) != 1 ||
                        (qm & pm) == (wm & pm))
                        continue;
                }
                if (ojd_popcount64(c) != 1)
                    continue;
                start(d, xyz ? OJD_TECH_XYZ_WING : OJD_TECH_XY_WING);
                for (int t = 0; t < g->cells; t++)
                    if (t != p && t != q && t != w && (s->cand[t] & c) && ojd_geo_sees(g, t, q) &&
                        ojd_geo_sees(g, t, w) && (!xyz || ojd_geo_sees(g, t, p)))
                        add_elim(d, t, c);
                if (d->nelim) {
                    char a1[32], a2[32], a3[32];
                    cell_name(g, p, a1, sizeof a1);
                    cell_name(g, q, a2, sizeof a2);
                    cell_name(g, w, a3, sizeof a3);
                    snprintf(d->why, sizeof d->why, "%s: pivot %s, pincers %s %s",
                             techs[d->tech].name, a1, a2, a3);
                    return true;
                }
            }
        }
    }
    return false;
}

/* ---- killer cages ------------------------------------------------------------------------ */

/*
 * Cages (ojd_rater_cages()): a placement removes its value from the cage's other cells (place()), a
 * cage whose open cells cannot make up the rest of its sum breaks the grid (broken()).  A group is
 * cells with a known sum: a cage's open cells (cage combinations, find_cage()), or the innies or
 * outies of the 45 rule (rule_45()).  Its support is what each cell takes in some assignment of
 * candidates that adds up to the sum, distinct where two cells share a unit or a cage.  Sets of
 * values are subsets of 1..side, so the cage techniques run up to KILLER_SIDE.
 */
void ojd_rater_cages(ojd_rater *r, const ojd_board *board)
{
    const ojd_geo *g = r->g;
    r->ncages = 0;
    if (!board || !(board->units & OJD_UNITS_KILLER) || board->side != g->side)
        return;
    int n = board->cage_count, at = 0;
    for (int k = 1; k <= n; k++) {
        r->cage_start[k] = at;
        r->cage_sum[k] = board->cage_sum[k];
        for (int i = 0; i < g->cells; i++)
            if (board->cage[i] == k)
                r->cage_cell[at++] = (int16_t)i;
    }
    r->cage_start[n + 1] = at;
    for (int i = 0; i < g->cells; i++)
        r->cage_of[i] = board->cage[i];
    r->ncages = n;
    if (!r->reach && g->side <= KILLER_SIDE) {
        size_t sets = (size_t)1 << g->side;
        r->reach = calloc(sets, sizeof *r->reach);
        r->good = calloc(sets, sizeof *r->good);
        r->kset = malloc(sets * sizeof *r->kset);
        r->ksum = malloc(sets * sizeof *r->ksum);
        if (!r->reach || !r->good || !r->kset || !r->ksum) { /* the techniques stay off */
            free(r->reach), free(r->good), free(r->kset), free(r->ksum);
            r->reach = r->good = r->kset = NULL;
            r->ksum = NULL;
        }
    }
}

/* The smallest and largest sums of n distinct values of 1..side. */
static int least(int n) { return n * (n + 1) / 2; }
static int most(int side, int n) { return n * side - n * (n - 1) / 2; }

/*
 * The support of a group of distinct cells: layered over the sets of values taken so far (a set
 * fixes its sum and, by its size, its layer), forwards the sets reachable, backwards the ones
 * that complete.  Returns how many sets complete (0: none, a contradiction); gr->must their
 * common values.
 */
static int group_support(ojd_rater *r, const rstate *s, group *gr)
{
    int n = gr->n, side = r->g->side, start[OJD_MAX_SIDE + 2], end = 1;
    if (++r->tag == 0) { /* the tags wrapped: clear them once */
        memset(r->reach, 0, ((size_t)1 << side) * sizeof *r->reach);
        memset(r->good, 0, ((size_t)1 << side) * sizeof *r->good);
        r->tag = 1;
    }
    uint32_t tag = r->tag;
    r->kset[0] = 0;
    r->ksum[0] = 0;
    start[0] = 0;
    for (int j = 0; j < n; j++) {
        start[j + 1] = end;
        uint64_t c = s->cand[gr->cell[j]];
        int left = n - j - 1;
        for (int x = start[j]; x < start[j + 1]; x++) {
            uint32_t m = r->kset[x];
            for (uint64_t v = c & ~(uint64_t)m; v; v &= v - 1) {
                int sum = r->ksum[x] + ojd_ctz64(v) + 1;
                uint32_t m2 = m | (uint32_t)(v & (0 - v));
                if (sum + least(left) > gr->sum || sum + most(side, left) < gr->sum ||
                    r->reach[m2] == tag)
                    continue;
                r->reach[m2] = tag;
                r->kset[end] = m2;
                r->ksum[end++] = (uint16_t)sum;
            }
        }
    }
    start[n + 1] = end;
    gr->must = r->g->all;
    for (int x = start[n]; x < end; x++) {
        r->good[r->kset[x]] = tag;
        gr->must &= r->kset[x];
    }
    for (int j = n - 1; j >= 0; j--) {
        gr->support[j] = 0;
        for (int x = start[j]; x < start[j + 1]; x++) {
            uint32_t m = r->kset[x];
            for (uint64_t v = s->cand[gr->cell[j]] & ~(uint64_t)m; v; v &= v - 1)
                if (r->good[m | (uint32_t)(v & (0 - v))] == tag) {
                    r->good[m] = tag;
                    gr->support[j] |= v & (0 - v);
                }
        }
    }
    return end - start[n];
}

/* Must cells i and j of a grid hold distinct values (a unit or a cage in common)? */
static bool distinct(const ojd_rater *r, int i, int j)
{
    return ojd_geo_sees(r->g, i, j) || (r->cage_of[i] && r->cage_of[i] == r->cage_of[j]);
}

/* The support of a small group whose cells may repeat a value (cells sharing no unit or cage):
 * every assignment, depth first from cell j with the sum left. */
static bool small_support(const ojd_rater *r, const rstate *s, group *gr, int j, int left,
                          uint8_t *value)
{
    int side = r->g->side, rest = gr->n - j - 1;
    bool any = false;
    for (uint64_t m = s->cand[gr->cell[j]]; m; m &= m - 1) {
        int v = ojd_ctz64(m) + 1;
        bool clash = v > left || left - v < rest || left - v > rest * side;
        for (int t = 0; t < j && !clash; t++)
            clash = value[t] == v && distinct(r, gr->cell[t], gr->cell[j]);
        if (clash)
            continue;
        value[j] = (uint8_t)v;
        bool ok = rest ? small_support(r, s, gr, j + 1, left - v, value) : left == v;
        if (ok) {
            for (int t = 0; t <= j; t++)
                gr->support[t] |= (uint64_t)1 << (value[t] - 1);
            any = true;
        }
    }
    return any;
}

/* The eliminations the group's support makes, and with outside (a cage: distinct cells, stamped
 * by stamp_cells()) what its common values take from the cells outside it that see each of its
 * cells that may hold one.  false when none. */
static bool group_eliminations(ojd_rater *r, const rstate *s, const group *gr, bool outside,
                               deduction *d)
{
    const ojd_geo *g = r->g;
    for (int j = 0; j < gr->n; j++)
        if (s->cand[gr->cell[j]] & ~gr->support[j])
            add_elim(d, gr->cell[j], s->cand[gr->cell[j]] & ~gr->support[j]);
    for (uint64_t m = outside ? gr->must : 0; m; m &= m - 1) {
        uint64_t bit = m & (0 - m);
        for (int t = 0; t < g->cells; t++) {
            bool sees = (s->cand[t] & bit) && r->stamp[t] != r->stamp_tag;
            for (int j = 0; j < gr->n && sees; j++)
                sees = !(gr->support[j] & bit) || ojd_geo_sees(g, t, gr->cell[j]);
            if (sees)
                add_elim(d, t, bit);
        }
    }
    return d->nelim > 0;
}

static void stamp_cells(ojd_rater *r, const int16_t *cells, int n)
{
    if (++r->stamp_tag == 0) { /* the tags wrapped (a generator's rater lives long) */
        memset(r->stamp, 0, sizeof r->stamp);
        r->stamp_tag = 1;
    }
    for (int j = 0; j < n; j++)
        r->stamp[cells[j]] = r->stamp_tag;
}

/* Cage combinations: the first cage whose support takes a candidate; with one_only, among the
 * cages with one set of values left ("cage combination": 3 in two cells is {1,2}).  A value
 * every set holds also leaves the cells outside the cage that see each of its cells that may
 * hold it. */
static bool find_cage(ojd_rater *r, const rstate *s, bool one_only, deduction *d)
{
    group *gr = &r->group;
    for (int k = 1; k <= r->ncages; k++) {
        gr->n = 0;
        gr->sum = r->cage_sum[k];
        for (int x = r->cage_start[k]; x < r->cage_start[k + 1]; x++) {
            int c = r->cage_cell[x];
            if (s->val[c])
                gr->sum -= s->val[c];
            else
                gr->cell[gr->n++] = (int16_t)c;
        }
        if (!gr->n)
            continue;
        int sets = group_support(r, s, gr);
        if (one_only && sets != 1)
            continue;
        start(d, sets == 1 ? OJD_TECH_CAGE_COMBINATION : OJD_TECH_CAGE_COMBINATIONS);
        stamp_cells(r, gr->cell, gr->n);
        if (!group_eliminations(r, s, gr, true, d))
            continue;
        char vs[64];
        value_set(gr->must, vs, sizeof vs);
        if (sets == 1)
            snprintf(d->why, sizeof d->why, "cage combination: cage %d, %d in %d cell%s, is %s",
                     k, gr->sum, gr->n, gr->n == 1 ? "" : "s", vs);
        else
            snprintf(d->why, sizeof d->why, "cage combinations: cage %d, %d in %d cells, has %d",
                     k, gr->sum, gr->n, sets);
        return true;
    }
    return false;
}

/* What a group of the 45 rule (innies or outies of `name`, n cells, at most GROUP_MOST)
 * eliminates, or places for one cell; false when nothing. */
static bool try_group(ojd_rater *r, const rstate *s, group *gr, ojd_technique tech,
                      const char *side_of, const char *name, deduction *d)
{
    if (gr->n < 1 || gr->n > GROUP_MOST)
        return false;
    bool all_distinct = true;
    for (int a = 0; a < gr->n; a++)
        for (int b = a + 1; b < gr->n; b++)
            all_distinct &= distinct(r, gr->cell[a], gr->cell[b]);
    uint8_t value[GROUP_MOST];
    memset(gr->support, 0, (size_t)gr->n * sizeof gr->support[0]);
    if (all_distinct)
        group_support(r, s, gr);
    else
        small_support(r, s, gr, 0, gr->sum, value);
    start(d, tech);
    int c = gr->cell[0];
    if (gr->n == 1 && ojd_popcount64(gr->support[0]) == 1 && s->cand[c] != gr->support[0]) {
        d->place_cell = c;
        d->place_value = ojd_ctz64(gr->support[0]) + 1;
    } else if (!group_eliminations(r, s, gr, false, d)) {
        return false;
    }
    snprintf(d->why, sizeof d->why, "%s: %s of %s make %d", techs[tech].name, side_of, name,
             gr->sum);
    return true;
}

/*
 * The 45 rule on one region: cells[0..n), `units` whole units (named by name), each holding
 * 1..side once (side(side+1)/2 in all: 45 on 9x9).  The innies are
 * its cells outside the cages wholly inside it; when every cell of it is in a cage, the outies
 * are the cells outside it of the cages that cross its edge.
 */
static bool rule_45(ojd_rater *r, const rstate *s, const int16_t *cells, int n, int units,
                    ojd_technique tech, const char *name, deduction *d)
{
    int side = r->g->side, total = units * side * (side + 1) / 2, touched[4 * OJD_MAX_SIDE];
    int nt = 0, inside = 0, crossing = 0;
    bool caged = true, found = false;
    for (int j = 0; j < n; j++) {
        int k = r->cage_of[cells[j]];
        caged &= k != 0;
        if (k && r->count[k]++ == 0)
            touched[nt++] = k;
    }
    group *gr = &r->group;
    gr->n = 0;
    for (int t = 0; t < nt; t++) {
        int k = touched[t];
        bool whole = r->count[k] == r->cage_start[k + 1] - r->cage_start[k];
        *(whole ? &inside : &crossing) += r->cage_sum[k];
    }
    gr->sum = total - inside;
    for (int j = 0; j < n && gr->n <= GROUP_MOST; j++) {
        int c = cells[j], k = r->cage_of[c];
        if (k && r->count[k] == r->cage_start[k + 1] - r->cage_start[k])
            continue;
        if (s->val[c])
            gr->sum -= s->val[c];
        else
            gr->cell[gr->n++] = (int16_t)c;
    }
    found = try_group(r, s, gr, tech, "innies", name, d);
    if (!found && caged && crossing) {
        stamp_cells(r, cells, n);
        gr->n = 0;
        gr->sum = crossing - (total - inside);
        for (int t = 0; t < nt && gr->n <= GROUP_MOST; t++) {
            int k = touched[t];
            if (r->count[k] == r->cage_start[k + 1] - r->cage_start[k])
                continue;
            for (int x = r->cage_start[k]; x < r->cage_start[k + 1]; x++) {
                int c = r->cage_cell[x];
                if (r->stamp[c] == r->stamp_tag)
                    continue;
                if (s->val[c])
                    gr->sum -= s->val[c];
                else if (gr->n <= GROUP_MOST)
                    gr->cell[gr->n++] = (int16_t)c;
            }
        }
        found = try_group(r, s, gr, tech, "outies", name, d);
    }
    for (int t = 0; t < nt; t++)
        r->count[touched[t]] = 0;
    return found;
}

/* The 45 rule on each unit, or (several) on 2..4 consecutive rows, then columns. */
static bool find_45(ojd_rater *r, const rstate *s, bool several, deduction *d)
{
    const ojd_geo *g = r->g;
    int side = g->side;
    char name[48];
    for (int u = 0; !several && u < g->nunits; u++) {
        unit_name(g, u, name, sizeof name);
        if (rule_45(r, s, ojd_geo_unit(g, u), side, 1, OJD_TECH_RULE_45, name, d))
            return true;
    }
    for (int orient = 0; several && orient < 2; orient++)
        for (int t = 2; t <= 4 && t < side; t++)
            for (int first = 0; first + t <= side; first++) {
                int n = 0;
                for (int line = first; line < first + t; line++)
                    for (int j = 0; j < side; j++)
                        r->region_cell[n++] =
                            (int16_t)(orient == 0 ? line * side + j : j * side + line);
                snprintf(name, sizeof name, "%s %d-%d", orient == 0 ? "rows" : "columns",
                         first + 1, first + t);
                if (rule_45(r, s, r->region_cell, n, t, OJD_TECH_RULE_45_UNITS, name, d))
                    return true;
            }
    return false;
}

/* Does a cage's rest of the sum lie beyond what its open cells' candidates can make? */
static bool cage_broken(const ojd_rater *r, const rstate *s, int k)
{
    int left = r->cage_sum[k], open = 0;
    uint64_t may = 0;
    for (int x = r->cage_start[k]; x < r->cage_start[k + 1]; x++) {
        int c = r->cage_cell[x];
        if (s->val[c])
            left -= s->val[c];
        else
            open++, may |= s->cand[c];
    }
    if (!open)
        return left != 0;
    if (ojd_popcount64(may) < open)
        return true;
    int lo = 0, hi = 0, n = 0;
    for (uint64_t m = may; m && n < open; m &= m - 1, n++)
        lo += ojd_ctz64(m) + 1;
    n = 0;
    for (int v = r->g->side; v >= 1 && n < open; v--)
        if (may >> (v - 1) & 1u)
            hi += v, n++;
    return lo > left || hi < left;
}

/* ---- the basic step ---------------------------------------------------------------------- */

/* The cheapest deduction among the techniques of grade <= cap. */
static bool find_basic(ojd_rater *r, const rstate *s, ojd_grade cap, deduction *d)
{
    const ojd_geo *g = r->g;
    if (find_hidden_single(g, s, d) || find_naked_single(g, s, d))
        return true;
    bool cages = r->ncages && r->reach;
    if (cages && find_cage(r, s, true, d))
        return true;
    if (cap < OJD_GRADE_MEDIUM)
        return false;
    if (cages && (find_cage(r, s, false, d) || find_45(r, s, false, d)))
        return true;
    if (find_locked(r, s, false, d) || find_locked(r, s, true, d) || find_naked(r, s, 2, d))
        return true;
    if (cap >= OJD_GRADE_HARD && find_fish(r, s, 2, d))
        return true;
    if (cap >= OJD_GRADE_HARD && cages && find_45(r, s, true, d))
        return true;
    if (find_hidden(r, s, 2, d))
        return true;
    if (cap < OJD_GRADE_HARD)
        return false;
    if (find_naked(r, s, 3, d))
        return true;
    if (cap >= OJD_GRADE_EXPERT && find_fish(r, s, 3, d))
        return true;
    if (find_hidden(r, s, 3, d))
        return true;
    if (cap < OJD_GRADE_EXPERT)
        return false;
    return find_wing(r, s, false, d) || find_wing(r, s, true, d) || find_naked(r, s, 4, d) ||
           find_fish(r, s, 4, d) || find_hidden(r, s, 4, d);
}

/* true if some unit misses a value entirely, a cell has no candidate or a cage cannot make
 * its sum. */
static bool broken(const ojd_rater *r, rstate *s)
{
    const ojd_geo *g = r->g;
    if (s->broken)
        return true;
    for (int k = 1; k <= r->ncages; k++)
        if (cage_broken(r, s, k))
            return s->broken = true;
    for (int un = 0; un < g->nunits; un++) {
        const int16_t *u = ojd_geo_unit(g, un);
        uint64_t have = s->placed[un];
        for (int j = 0; j < g->side; j++)
            have |= s->cand[u[j]];
        if (have != g->all)
            return s->broken = true;
    }
    return false;
}

/* ---- contradictions ---------------------------------------------------------------------- */

/* One step of an assumption's sweep into r->inner: naked and hidden singles alone (a forcing
 * chain), or every basic technique (deep: a dynamic forcing chain). */
static bool find_sweep_step(ojd_rater *r, rstate *s, bool deep)
{
    if (deep)
        return find_basic(r, s, OJD_GRADE_EXPERT, &r->inner);
    return find_hidden_single(r->g, s, &r->inner) || find_naked_single(r->g, s, &r->inner);
}

/* Sweeps an assumption state with find_sweep_step(); returns the number of placements made
 * until the grid broke (>= 1), or 0 if it did not break. */
static int sweep_breaks(ojd_rater *r, rstate *s, bool deep)
{
    int steps = 1;
    for (;;) {
        if (broken(r, s))
            return steps;
        if (s->left == 0)
            return 0;
        if (rater_spent(r))
            return 0; /* not broken, as far as the budget went: the sweep stops at once */
        if (!find_sweep_step(r, s, deep))
            return 0;
        apply(r, s, &r->inner);
        steps++;
    }
}

/* Every candidate whose assumption breaks the grid: removed at once, rated by the shortest. */
static bool find_contradictions(ojd_rater *r, bool deep, deduction *d)
{
    const ojd_geo *g = r->g;
    const rstate *s = &r->cur;
    int shortest = 0;
    start(d, deep ? OJD_TECH_DEEP_CONTRADICTION : OJD_TECH_CONTRADICTION);
    for (int i = 0; i < g->cells; i++)
        for (uint64_t m = s->cand[i]; m; m &= m - 1) {
            if (rater_spent(r))
                return false; /* the caller sees the budget out and gives up the rating */
            copy_state(g, &r->tmp, s);
            place(r, &r->tmp, i, ojd_ctz64(m) + 1);
            int len = sweep_breaks(r, &r->tmp, deep);
            if (len) {
                add_elim(d, i, m & (0 - m));
                if (!shortest || len < shortest)
                    shortest = len;
            }
        }
    if (!d->nelim)
        return false;
    /* longer chains are harder, and so are rarer ones (few of the open candidates break) */
    int open = 0;
    for (int i = 0; i < g->cells; i++)
        open += ojd_popcount64(s->cand[i]);
    double extra = 0.3 * log2((double)shortest) + 0.15 * log2((double)open / d->nelim);
    double cap = deep ? 1.4 : 1.8;
    d->extra = extra < cap ? extra : cap;
    snprintf(d->why, sizeof d->why, "%s: assuming %s breaks the grid (%d step%s)",
             techs[d->tech].name, d->nelim > 1 ? "each" : "it", shortest,
             shortest == 1 ? "" : "s");
    return true;
}

/* ---- the search probe -------------------------------------------------------------------- */

/*
 * How deep a plain search has to go: the 3M set's own measure of difficulty, which the hardest
 * technique and the chain count see only in part.  From the givens: singles to a fixpoint, then
 * a branch on a cell with the fewest candidates (random ties, random value order), depth first,
 * to the first solution.  The figure is the deepest branching level reached, averaged over
 * PROBE_SEARCHES searches with fixed seeds (the same on every machine).  A search stops after
 * PROBE_WORK / cells nodes, which keeps the probe's time about the same for every grid size.
 */
enum { PROBE_SEARCHES = 10, PROBE_WORK = 96 * 81 };

/* Places v in i and removes it from the peers; false on contradiction.  Invariant: val[i] != 0
 * implies cand[i] == bit(val[i]). */
static bool probe_place(const ojd_geo *g, uint64_t *cand, uint8_t *val, int i, int v)
{
    uint64_t bit = (uint64_t)1 << (v - 1);
    if (val[i])
        return val[i] == v;
    if (!(cand[i] & bit))
        return false;
    val[i] = (uint8_t)v;
    cand[i] = bit;
    const int16_t *p = ojd_geo_peers(g, i);
    for (int k = 0; k < g->npeers; k++) {
        int j = p[k];
        if (cand[j] & bit) {
            if (val[j])
                return false;
            cand[j] &= ~bit;
            if (!cand[j])
                return false;
        }
    }
    return true;
}

/* Naked and hidden singles to a fixpoint; false on contradiction. */
static bool probe_settle(const ojd_geo *g, uint64_t *cand, uint8_t *val)
{
    for (bool changed = true; changed;) {
        changed = false;
        for (int i = 0; i < g->cells; i++)
            if (!val[i] && !(cand[i] & (cand[i] - 1))) {
                if (!probe_place(g, cand, val, i, ojd_ctz64(cand[i]) + 1))
                    return false;
                changed = true;
            }
        for (int un = 0; un < g->nunits; un++) {
            const int16_t *u = ojd_geo_unit(g, un);
            uint64_t once = 0, twice = 0, placed = 0;
            for (int j = 0; j < g->side; j++) {
                uint64_t c = cand[u[j]];
                twice |= once & c;
                once |= c;
                if (val[u[j]])
                    placed |= c;
            }
            if (once != g->all)
                return false;
            for (uint64_t h = once & ~twice & ~placed; h; h &= h - 1)
                for (int j = 0; j < g->side; j++)
                    if (cand[u[j]] & h & (0 - h)) {
                        if (!probe_place(g, cand, val, u[j], ojd_ctz64(h) + 1))
                            return false;
                        changed = true;
                        break;
                    }
        }
    }
    return true;
}

/* One node at branching level `level` (its state in the level's arrays, the placement that made
 * it not yet propagated): true when the search stops (a solution, or the node budget). */
static bool probe_visit(ojd_rater *r, int level)
{
    const ojd_geo *g = r->g;
    size_t cells = (size_t)g->cells;
    uint64_t *cand = r->probe_cand + (size_t)level * cells;
    uint8_t *val = r->probe_val + (size_t)level * cells;
    if (level > r->probe_deepest)
        r->probe_deepest = level;
    if (++r->probe_nodes > (unsigned long)(PROBE_WORK / g->cells) || rater_spent(r))
        return true;
    if (!probe_settle(g, cand, val))
        return false;
    /* a cell with the fewest candidates, each of the tied ones with the same chance */
    int fewest = g->side + 1, ties = 0, best = -1;
    for (int i = 0; i < g->cells; i++) {
        if (val[i])
            continue;
        int n = ojd_popcount64(cand[i]);
        if (n < fewest)
            fewest = n, ties = 0;
        ties += n == fewest;
    }
    if (!ties)
        return true; /* solved */
    for (int i = 0, pick = (int)ojd_rng_below(&r->probe_rng, (uint64_t)ties); best < 0; i++)
        if (!val[i] && ojd_popcount64(cand[i]) == fewest && pick-- == 0)
            best = i;
    int values[OJD_MAX_SIDE], count = 0;
    for (uint64_t m = cand[best]; m; m &= m - 1)
        values[count++] = ojd_ctz64(m) + 1;
    for (int k = count - 1; k > 0; k--) {
        int j = (int)ojd_rng_below(&r->probe_rng, (uint64_t)k + 1);
        int t = values[k];
        values[k] = values[j], values[j] = t;
    }
    /* room for the children (this level's cand and val pointers are stale after this) */
    if (level + 1 >= r->probe_levels) {
        int levels = r->probe_levels ? 2 * r->probe_levels : 16;
        uint64_t *c = realloc(r->probe_cand, (size_t)levels * cells * sizeof *c);
        if (c)
            r->probe_cand = c;
        uint8_t *v = realloc(r->probe_val, (size_t)levels * cells);
        if (v)
            r->probe_val = v;
        if (!c || !v)
            return true; /* out of memory: the depth so far */
        r->probe_levels = levels;
    }
    for (int k = 0; k < count; k++) {
        /* from the arrays anew: a deeper level may have moved them */
        cand = r->probe_cand + (size_t)level * cells;
        val = r->probe_val + (size_t)level * cells;
        uint64_t *child_cand = cand + cells;
        uint8_t *child_val = val + cells;
        memcpy(child_cand, cand, cells * sizeof *cand);
        memcpy(child_val, val, cells);
        if (probe_place(g, child_cand, child_val, best, values[k]) && probe_visit(r, level + 1))
            return true;
    }
    return false;
}

/* The probe's average deepest level over its searches from the givens; 0 when singles solve. */
static double probe_depth(ojd_rater *r, const uint8_t *cells)
{
    const ojd_geo *g = r->g;
    if (!r->probe_levels) {
        r->probe_cand = malloc(16 * (size_t)g->cells * sizeof *r->probe_cand);
        r->probe_val = malloc(16 * (size_t)g->cells);
        if (!r->probe_cand || !r->probe_val)
            return 0;
        r->probe_levels = 16;
    }
    double sum = 0;
    for (int k = 0; k < PROBE_SEARCHES; k++) {
        for (int i = 0; i < g->cells; i++) {
            r->probe_cand[i] = g->all;
            r->probe_val[i] = 0;
        }
        bool ok = true;
        for (int i = 0; i < g->cells && ok; i++)
            if (cells[i])
                ok = probe_place(g, r->probe_cand, r->probe_val, i, cells[i]);
        ojd_rng_seed(&r->probe_rng, (uint64_t)k + 1);
        r->probe_nodes = 0;
        r->probe_deepest = 0;
        if (ok)
            probe_visit(r, 0);
        sum += r->probe_deepest;
    }
    return sum / PROBE_SEARCHES;
}

/* ---- the score ------------------------------------------------------------------------------ */

/*
 * The constants fitted by tests/bench/rate_calibrate.c (`make rate-calibrate`) on the tune halves
 * of four rated sets at once (Sudoku Explainer ratings of two sets, the 3M set's search-depth
 * difficulty, Demczyk's levels); the held-out halves' figures are in `make bench`.
 */
const ojd_rate_model ojd_rate_model_fitted = {
    .chain_scale = 0.537,
    .late_weight = 2.0,
    .late_power = 1.834,
    .stuck_weight = 0.0, /* the search depth (search_weight) tells more */
    .stuck_power = 2.498,
    .sweep_weight = 0.886,
    .work_weight = 0.005,
    .search_weight = 0.377,
};

/* A killer cage of one combination counts as a single: it is what a killer with no givens opens
 * with, not a sign of being stuck in a full grid. */
bool ojd_rate_step_is_single(ojd_technique t)
{
    return t == OJD_TECH_HIDDEN_SINGLE || t == OJD_TECH_NAKED_SINGLE ||
           t == OJD_TECH_CAGE_COMBINATION;
}

double ojd_rate_score(const ojd_rate_trace *t, const ojd_rate_model *m)
{
    double hardest = 0, work = 0, cells = t->cells > 0 ? t->cells : 1;
    int stuck_empty = 0, sweeps = 0;
    bool stuck = false;
    for (int k = 0; k < t->nsteps; k++) {
        const ojd_rate_step *st = &t->step[k];
        double d = st->base + m->chain_scale * st->extra;
        if (!ojd_rate_step_is_single((ojd_technique)st->tech)) {
            /* the first time singles ran dry, and a technique seen in a fuller grid */
            if (!stuck)
                stuck_empty = st->empty;
            stuck = true;
            d += m->late_weight * pow(st->empty / cells, m->late_power);
        }
        if (st->tech == OJD_TECH_CONTRADICTION || st->tech == OJD_TECH_DEEP_CONTRADICTION ||
            st->tech == OJD_TECH_GUESS)
            sweeps++;
        if (d > hardest)
            hardest = d;
        work += st->base + st->extra;
    }
    return hardest + m->stuck_weight * pow(stuck_empty / cells, m->stuck_power) +
           m->sweep_weight * log2(1.0 + sweeps) + m->work_weight * work / (work + 200.0) +
           m->search_weight * t->search_depth;
}

/* ---- the driver -------------------------------------------------------------------------- */

static void describe(ojd_rater *r, const deduction *d, ojd_step_fn step, void *ctx)
{
    const ojd_geo *g = r->g;
    size_t n = 0, size = sizeof r->text;
    if (d->place_value) {
        n += (size_t)snprintf(r->text, size, "r%dc%d=%d", d->place_cell / g->side + 1,
                              d->place_cell % g->side + 1, d->place_value);
    }
    for (int k = 0; k < d->nelim && n + 64 < size; k++)
        for (uint64_t m = d->emask[k]; m && n + 64 < size; m &= m - 1)
            n += (size_t)snprintf(r->text + n, size - n, "%sr%dc%d<>%d", n ? " " : "",
                                  d->ecell[k] / g->side + 1, d->ecell[k] % g->side + 1,
                                  ojd_ctz64(m) + 1);
    snprintf(r->text + n, size - n, " (%s)", d->why);
    step(ctx, r->text);
}

bool ojd_rater_run(ojd_rater *r, const uint8_t *cells, const uint8_t *solution, ojd_grade cap,
                   ojd_rating *rating, ojd_step_fn step, void *ctx)
{
    const ojd_geo *g = r->g;
    rstate *s = &r->cur;
    *rating = (ojd_rating){.size = sizeof *rating};
    s->left = g->cells;
    s->broken = false;
    for (int i = 0; i < g->cells; i++) {
        s->cand[i] = g->all;
        s->val[i] = 0;
    }
    memset(s->placed, 0, sizeof s->placed);
    for (int i = 0; i < g->cells; i++)
        if (cells[i])
            place(r, s, i, cells[i]);
    int guesses = 0;
    r->trace.nsteps = 0;
    /* the probe for a full rating only: the generator's grade questions (no solution) read only
     * the grade, which the probe does not change, and would pay for it on every candidate */
    r->trace.search_depth = solution && !r->ncages ? probe_depth(r, cells) : 0;
    bool solved = true;
    deduction *d = &r->ded;
    while (s->left > 0 && !s->broken) {
        if (rater_spent(r)) {
            solved = false; /* the budget ran out: the caller gives the rating up */
            break;
        }
        if (!find_basic(r, s, cap, d)) {
            if (cap < OJD_GRADE_EXTREME || !solution) {
                solved = false;
                break;
            }
            if (!find_contradictions(r, false, d) && !find_contradictions(r, true, d)) {
                if (rater_out(r)) {
                    solved = false; /* a sweep stopped part way: not a reason to guess */
                    break;
                }
                /* a guess: the solution's value in the first cell with fewest candidates */
                int best = -1;
                for (int i = 0; i < g->cells; i++)
                    if (s->cand[i] && (best < 0 || ojd_popcount64(s->cand[i]) <
                                                       ojd_popcount64(s->cand[best])))
                        best = i;
                start(d, OJD_TECH_GUESS);
                d->place_cell = best;
                d->place_value = solution[best];
                /* stuck earlier (more candidates open) is harder */
                int open = 0;
                for (int i = 0; i < g->cells; i++)
                    open += ojd_popcount64(s->cand[i]);
                d->extra = 0.2 * log2(1.0 + open) + 0.1 * (guesses < 9 ? guesses : 9);
                guesses++;
                snprintf(d->why, sizeof d->why, "guess among %d candidates",
                         ojd_popcount64(s->cand[best]));
            }
        }
        trace_step(&r->trace, d, s->left);
        apply(r, s, d);
        rating->counts[d->tech]++;
        rating->steps++;
        if (techs[d->tech].grade > techs[rating->hardest].grade ||
            (techs[d->tech].grade == techs[rating->hardest].grade &&
             techs[d->tech].difficulty > techs[rating->hardest].difficulty))
            rating->hardest = d->tech;
        if (step)
            describe(r, d, step, ctx);
    }
    if (s->broken)
        solved = false;
    /* grade: of the hardest technique; medium and hard go one up when needed many times (not
     * for the cage combinations a killer needs all the way) */
    ojd_grade grade = solved ? techs[rating->hardest].grade : OJD_GRADE_EXTREME;
    if (solved && (grade == OJD_GRADE_MEDIUM || grade == OJD_GRADE_HARD)) {
        unsigned long at_grade = 0;
        for (int t = 0; t < OJD_TECH_COUNT_; t++)
            if (techs[t].grade == grade && t != OJD_TECH_CAGE_COMBINATIONS)
                at_grade += rating->counts[t];
        if (at_grade >= (grade == OJD_GRADE_MEDIUM ? 4u : 3u))
            grade++;
    }
    rating->grade = grade;
    rating->score = ojd_rate_score(&r->trace, &ojd_rate_model_fitted);
    return solved;
}

/* ---- public entry ------------------------------------------------------------------------ */

ojd_status ojd_rate(const ojd_board *puzzle, ojd_rating *rating, ojd_step_fn step, void *ctx)
{
    return ojd_rate_within(puzzle, NULL, rating, step, ctx, NULL);
}

/*
 * One budget for the whole grading, started before anything else so that its deadline covers
 * it all: the engine's uniqueness check gets the same budgets (its node count is the first of
 * the nodes spent), then the grader counts its own nodes on from there against the same budget
 * (ojd_rater_bound()), so --max-nodes N stops a rating once the two together pass N.
 */
ojd_status ojd_rate_within(const ojd_board *puzzle, const ojd_search *search, ojd_rating *rating,
                           ojd_step_fn step, void *ctx, unsigned long long *nodes)
{
    if (nodes)
        *nodes = 0;
    if (!puzzle || !rating)
        return OJD_ERR_INVALID;
    if (rating->size != sizeof *rating)
        return OJD_ERR_VERSION; /* the caller's struct is another header's: not ours to fill */
    *rating = (ojd_rating){.size = sizeof *rating};
    if (puzzle->side < 1 || puzzle->side != puzzle->box_rows * puzzle->box_cols ||
        puzzle->box_rows > OJD_MAX_BOX || puzzle->box_cols > OJD_MAX_BOX)
        return OJD_ERR_INVALID;
    for (int i = 0; i < puzzle->side * puzzle->side; i++)
        if (puzzle->cell[i] > puzzle->side)
            return OJD_ERR_INVALID;
    if (ojd_board_find_conflict(puzzle, NULL))
        return OJD_CONFLICT;
    ojd_budget budget;
    ojd_budget_start(&budget, search);
    ojd_geo *g = ojd_geo_new_units(puzzle); /* a variant's units, or the boxes */
    ojd_rater *r = g ? ojd_rater_new(g) : NULL;
    ojd_engine *engine = ojd_engine_new(NULL);
    ojd_result *res = malloc(sizeof *res);
    ojd_status st = OJD_ERR_NOMEM;
    if (g && r && engine && res) {
        /* uniqueness and the solution first, from the engine's default solver (the generator's
         * last word too): on hard 16x16 puzzles the singles core's limit-2 search took seconds */
        ojd_search unique = {.limit = 2};
        if (search) {
            unique.max_nodes = search->max_nodes;
            unique.max_seconds = search->max_seconds;
        }
        st = ojd_engine_solve(engine, puzzle, &unique, res);
        ojd_rater_bound(r, &budget, res->nodes);
        ojd_rater_cages(r, puzzle);
        if (st == OJD_OK) {
            ojd_rater_run(r, puzzle->cell, res->solution.cell, OJD_GRADE_EXTREME, rating, step,
                          ctx);
            if (budget.exhausted) {
                st = OJD_LIMIT; /* a rating cut short is no rating: none is returned */
                *rating = (ojd_rating){.size = sizeof *rating};
            }
        }
        if (nodes)
            *nodes = ojd_rater_nodes(r);
    }
    free(res);
    ojd_engine_free(engine);
    ojd_rater_free(r);
    free(g);
    return st;
}
