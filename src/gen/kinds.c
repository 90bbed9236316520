/*
 * kinds.c -- test data for every verdict: cases of each kind (unique, multiple, unsolvable,
 * conflict) and the edge cases setters add by hand (the empty grid, a full grid, a 17-clue
 * puzzle, the hardest known).
 *
 * Every kind starts from a unique puzzle P of ojd_generate() with its solution S and changes it
 * by the smallest step that gives the kind: multiple relaxes P (removes givens; on a killer
 * board drops cages too) while the count stays at most k (a relaxation never loses S);
 * unsolvable adds a given (c, v), v != S[c], that breaks nothing (at hard and above one singles
 * do not refute); conflict copies a given's value into a cell of one unit of the kind asked
 * for, so the case repeats one value once.  The steps see the board through the public API
 * alone: its units (ojd_board_unit_count(), ojd_board_unit_cells()) named as
 * ojd_board_find_conflict() names them, its cages, the engine at limit 2 for counts; and every
 * step is checked by ojd_board_find_conflict(), never assumed from the units, so any unit set
 * works, and a board with constraints beyond its units (killer cages) as well.  A step that
 * cannot be taken on P is tried on another P, up to KIND_ATTEMPTS (KIND_MAX_ATTEMPTS when no
 * case is left to hand out).  The conflict unit type is drawn among the board's, in unit order
 * (rows, columns, boxes or regions, the extras, then cages), one draw among three on a classic
 * grid.  Everything depends only on the rng stream.  The long form: docs/performance.md,
 * "Notes moved from the source".
 */
#include "gen.h"

#include <stdlib.h>
#include <string.h>

/* Unique puzzles tried for one case before a kind's target is given up. */
#define KIND_ATTEMPTS 50
/* ... and, for unsolvable and conflict, before the step is given up when it could not be taken
 * on any of them (no case to hand out at all, OJD_ERR_INVALID): with a clue target near the
 * full grid (HDU 2780's five blanks) a wrong given that no unit holds fits about one puzzle in
 * 14, so 50 of them missed it for about one unsolvable case in 40; so many puzzles of few
 * blanks take a few milliseconds. */
#define KIND_MAX_ATTEMPTS 2000
/* Blank cells tried, one at a time, to bring an overshooting removal back under the target. */
#define PULL_BACK_TRIES 8
/* Conflict unit types a board can have: row, column, box or region, diagonal, window, cage,
 * and room for unit families to come. */
#define MAX_TYPES 8

/* ---- the board's units ------------------------------------------------------------------- */

/* The units of the puzzle at hand as the public API gives them, with each cell's units and
 * each unit's type (the name ojd_board_find_conflict() gives a repeat in it).  Kept while the
 * puzzles keep their unit set (a jigsaw's map is new with each puzzle: rebuilt then); cages
 * are read from the board itself, so they are not part of it. */
typedef struct unitset {
    ojd_board shape;             /* the unit set (no cells, no cages) these tables are of */
    int side, cells, count;
    const char *names[MAX_TYPES]; /* the types, in unit order, then "cage" on a killer board */
    int ntypes;
    int pairs;                   /* the most conflict pairs one type can offer (pool size) */
    int *cell;                   /* [count * side]: the cells of unit u */
    int *first;                  /* [cells + 1]: cell i's units are of[first[i] .. first[i+1]) */
    int *of;                     /* [count * side]: the units of each cell, ascending */
    int *type;                   /* [count]: index of unit u's type in names[] */
    int data[];
} unitset;

/* The units cells x and y share. */
static int shared_units(const unitset *t, int x, int y)
{
    int n = 0, i = t->first[x], j = t->first[y];
    while (i < t->first[x + 1] && j < t->first[y + 1]) {
        if (t->of[i] == t->of[j])
            n++, i++, j++;
        else if (t->of[i] < t->of[j])
            i++;
        else
            j++;
    }
    return n;
}

/* The index of name among t's types, added when new (-1 when there is no room). */
static int type_index(unitset *t, const char *name)
{
    for (int k = 0; k < t->ntypes; k++)
        if (strcmp(t->names[k], name) == 0)
            return k;
    if (t->ntypes == MAX_TYPES)
        return -1;
    t->names[t->ntypes] = name;
    return t->ntypes++;
}

/* Names unit u by the repeat ojd_board_find_conflict() reports for two of its cells that share
 * no other unit (scratch: the unit set with empty cells, left empty); the first two cells when
 * every pair shares another unit (no case can repeat in u alone then). */
static void name_unit(unitset *t, ojd_board *scratch, int u)
{
    const int *cell = t->cell + (size_t)u * (size_t)t->side;
    int x = cell[0], y = cell[1];
    for (int i = 0, found = 0; i < t->side && !found; i++)
        for (int j = i + 1; j < t->side && !found; j++)
            if (shared_units(t, cell[i], cell[j]) == 1) {
                x = cell[i], y = cell[j];
                found = 1;
            }
    scratch->cell[x] = scratch->cell[y] = 1;
    ojd_conflict c;
    bool repeats = ojd_board_find_conflict(scratch, &c);
    OJD_ASSERT(repeats); /* x and y share unit u */
    scratch->cell[x] = scratch->cell[y] = 0;
    t->type[u] = repeats ? type_index(t, c.unit) : -1;
}

/* Fills the cell lists of t (allocated for p's unit set); false when out of memory. */
static bool list_units(unitset *t, const ojd_board *p)
{
    int side = t->side, *at = malloc((size_t)t->cells * sizeof *at);
    if (!at)
        return false;
    memset(t->first, 0, (size_t)(t->cells + 1) * sizeof *t->first);
    for (int u = 0; u < t->count; u++) {
        ojd_board_unit_cells(p, u, t->cell + (size_t)u * (size_t)side);
        for (int k = 0; k < side; k++)
            t->first[t->cell[(size_t)u * (size_t)side + k] + 1]++;
    }
    for (int i = 0; i < t->cells; i++) {
        t->first[i + 1] += t->first[i];
        at[i] = t->first[i];
    }
    for (int u = 0; u < t->count; u++) /* u ascending: each cell's list is sorted */
        for (int k = 0; k < side; k++)
            t->of[at[t->cell[(size_t)u * (size_t)side + k]]++] = u;
    free(at);
    return true;
}

/* *tp made the tables of p's unit set unless it already is; false when out of memory. */
static bool units_follow(unitset **tp, const ojd_board *p)
{
    ojd_board *shape = malloc(sizeof *shape);
    if (!shape)
        return false;
    *shape = *p;
    ojd_board_set_cages(shape, NULL, NULL, 0, NULL); /* cages come from the board itself */
    memset(shape->cell, 0, (size_t)p->side * (size_t)p->side);
    if (*tp && ojd_board_same_units(&(*tp)->shape, shape)) {
        free(shape);
        return true;
    }
    free(*tp);
    int side = p->side, cells = side * side, count = ojd_board_unit_count(p);
    size_t ints = 2 * (size_t)count * (size_t)side + (size_t)cells + 1 + (size_t)count;
    unitset *t = *tp = malloc(sizeof *t + ints * sizeof(int));
    if (!t) {
        free(shape);
        return false;
    }
    t->shape = *shape;
    t->side = side, t->cells = cells, t->count = count, t->ntypes = 0;
    t->cell = t->data;
    t->of = t->cell + (size_t)count * (size_t)side;
    t->first = t->of + (size_t)count * (size_t)side;
    t->type = t->first + cells + 1;
    bool ok = list_units(t, p);
    int per_type[MAX_TYPES] = {0};
    for (int u = 0; u < count; u++)
        t->type[u] = -1; /* a 1x1 grid's units: no two cells, no type */
    for (int u = 0; ok && side >= 2 && u < count; u++) {
        name_unit(t, shape, u);
        if (t->type[u] >= 0)
            per_type[t->type[u]]++;
    }
    /* pairs: a given and a blank cell of one of its units of a type, side cells each; a
     * cage's pairs are fewer than a row's (a cage has at most side cells) */
    t->pairs = cells * (side + 1) > 2 * cells + OJD_MAX_CAGES ? cells * (side + 1)
                                                               : 2 * cells + OJD_MAX_CAGES;
    for (int k = 0; k < t->ntypes; k++)
        if (per_type[k] * side * side > t->pairs)
            t->pairs = per_type[k] * side * side;
    if ((p->units & OJD_UNITS_KILLER) && side >= 2)
        type_index(t, "cage");
    free(shape);
    if (!ok) {
        free(t);
        *tp = NULL;
    }
    return ok;
}

/* The type named name on t's board: its index, or -1 when the board has none. */
static int find_type(const unitset *t, const char *name)
{
    for (int k = 0; k < t->ntypes; k++)
        if (strcmp(t->names[k], name) == 0)
            return k;
    return -1;
}

static bool is_cage_type(const unitset *t, int type)
{
    return strcmp(t->names[type], "cage") == 0;
}

/* The values among the givens of cell i's units, all but unit `except` (-1: all). */
static uint64_t unit_values(const unitset *t, const ojd_board *b, int i, int except)
{
    uint64_t seen = 0;
    for (int k = t->first[i]; k < t->first[i + 1]; k++) {
        int u = t->of[k];
        if (u == except)
            continue;
        const int *cell = t->cell + (size_t)u * (size_t)t->side;
        for (int j = 0; j < t->side; j++) {
            int v = b->cell[cell[j]];
            if (v)
                seen |= (uint64_t)1 << (v - 1);
        }
    }
    return seen;
}

/* ---- the kinds --------------------------------------------------------------------------- */

/* What one case is made with. */
typedef struct maker {
    ojd_generator *gen;
    ojd_engine *engine;
    ojd_rng *rng;
    ojd_result result;
    int side, cells;
    int *pool;                /* [npool]: candidate steps, shuffled */
    int npool;
    unitset *units;           /* the units of the puzzle at hand (units_follow()) */
    ojd_board saved;          /* a board before a cage was dropped */
} maker;

/* m's tables made those of p, the pool as large as they need; false when out of memory. */
static bool maker_follow(maker *m, const ojd_board *p)
{
    if (!units_follow(&m->units, p))
        return false;
    int need = m->units->pairs;
    if (need > m->npool) {
        int *pool = realloc(m->pool, (size_t)need * sizeof *pool);
        if (!pool)
            return false;
        m->pool = pool;
        m->npool = need;
    }
    return true;
}

static void shuffle(ojd_rng *rng, int *a, int n)
{
    for (int k = n - 1; k > 0; k--) {
        int j = (int)ojd_rng_below(rng, (uint64_t)k + 1);
        int t = a[k];
        a[k] = a[j], a[j] = t;
    }
}

/* Node budget for one count: none for a classic grid up to 9x9 (every count there is quick); a
 * large grid's count, or a variant's, that runs out is taken as "too many" (the removal is
 * undone): a variant's general search path can take minutes on a sparse grid's count, while
 * most of its counts take a few hundred nodes. */
#define VARIANT_COUNT_NODES 20000ULL
static unsigned long long count_budget(int side, unsigned units)
{
    if (units)
        return VARIANT_COUNT_NODES > 200ULL * (unsigned long long)side * (unsigned long long)side
                   ? VARIANT_COUNT_NODES
                   : 200ULL * (unsigned long long)side * (unsigned long long)side;
    return side <= 9 ? 0 : 200ULL * (unsigned long long)side * (unsigned long long)side;
}

/* p without the cage of cell i (p has two cages or more): fewer constraints, the same cells. */
static void drop_cage(ojd_board *p, int i)
{
    int drop = p->cage[i], n = ojd_board_cage_count(p);
    int cage[OJD_MAX_CELLS], sum[OJD_MAX_CAGES];
    for (int k = 1; k <= n; k++)
        if (k != drop)
            sum[k - 1 - (k > drop)] = ojd_board_cage_sum(p, k);
    for (int c = 0; c < p->side * p->side; c++) {
        int k = p->cage[c];
        cage[c] = k == drop ? 0 : k - (k > drop);
    }
    ojd_status st = ojd_board_set_cages(p, cage, sum, n - 1, NULL);
    OJD_ASSERT(st == OJD_OK); /* a subset of valid cages */
    (void)st;
}

/* The relaxations of p into order[], shuffled: each given (its cell, i) and, on a killer board,
 * each cage (-1 - i, i its first cell): each can only add solutions and keeps every one.  How
 * many. */
static int relaxations(maker *m, const ojd_board *p, int *order)
{
    int n = 0;
    for (int i = 0; i < m->cells; i++)
        if (p->cell[i])
            order[n++] = i;
    for (int k = 1; k <= ojd_board_cage_count(p); k++) {
        int cells[OJD_MAX_SIDE];
        if (ojd_board_cage_cells(p, k, cells) > 0)
            order[n++] = -1 - cells[0];
    }
    shuffle(m->rng, order, n);
    return n;
}

/* Takes relaxation r of p (relaxations()); false when it cannot be taken (the last cage: a
 * board without cages is no longer a killer board).  undo_relax() puts it back. */
static bool relax(maker *m, ojd_board *p, int r, uint8_t *value)
{
    if (r >= 0) {
        *value = p->cell[r];
        p->cell[r] = 0;
        return true;
    }
    if (ojd_board_cage_count(p) < 2)
        return false;
    m->saved = *p;
    drop_cage(p, -1 - r);
    return true;
}

static void undo_relax(maker *m, ojd_board *p, int r, uint8_t value)
{
    if (r >= 0)
        p->cell[r] = value;
    else
        *p = m->saved;
}

/*
 * multiple: relaxes *p (unique, solution s) as the opening comment says; want 0 = two or more.
 * A relaxation that overshoots the target may still be kept with one of the blank cells given
 * its value in s (which can only lower the count, and keeps s a solution), to reach the counts
 * between two relaxations, which large targets need.  true in *met when the count reached the
 * target; *best and *best_gap keep the case nearest to it seen so far with two or more
 * solutions (gap: how far its count is from want).
 */
static ojd_status make_multiple(maker *m, ojd_board *p, const ojd_board *s, unsigned long want,
                                ojd_board *best, unsigned long *best_gap, bool *met)
{
    ojd_search search = {.limit = want ? want + 1 : 2, .max_nodes = count_budget(m->side, p->units)};
    int *order = m->pool, *blank = m->pool + m->cells + OJD_MAX_CAGES;
    int n = relaxations(m, p, order);
    unsigned long now = 1; /* p's count */
    *met = false;
    for (int j = 0; j < n; j++) {
        int r = order[j], c = r >= 0 ? r : -1;
        uint8_t v = 0;
        if (!relax(m, p, r, &v))
            continue;
        /* the relaxation, then (when it overshoots) with one blank cell filled back */
        int nblank = 0, tries = 0, filled = -1;
        for (;;) {
            ojd_status st = ojd_engine_solve(m->engine, p, &search, &m->result);
            if (st < 0)
                return st;
            unsigned long got = m->result.solutions;
            bool over = st == OJD_LIMIT || (want ? got > want : got >= 2);
            if (st != OJD_LIMIT && got >= 2) {
                unsigned long gap = want == 0 ? 0 : got > want ? got - want : want - got;
                if (gap < *best_gap) {
                    *best_gap = gap;
                    *best = *p;
                }
                if (gap == 0) {
                    *met = true;
                    return OJD_OK;
                }
            }
            if (!over && got >= now) {
                now = got; /* kept: the count grew towards the target */
                break;
            }
            if (filled >= 0)
                p->cell[filled] = 0;
            if (filled < 0 && st != OJD_LIMIT && want) {
                for (int i = 0; i < m->cells; i++)
                    if (!p->cell[i] && i != c)
                        blank[nblank++] = i;
                shuffle(m->rng, blank, nblank);
            }
            if (tries >= nblank || tries >= PULL_BACK_TRIES) {
                undo_relax(m, p, r, v); /* past the target every way tried: put it back */
                break;
            }
            filled = blank[tries++];
            p->cell[filled] = s->cell[filled];
        }
    }
    return OJD_OK;
}

/*
 * unsolvable: adds to *p (unique, solution s) a wrong given that breaks nothing
 * ojd_board_find_conflict() sees (no unit holds it, no cage sum is out of reach); with `hard`,
 * one that singles do not refute.  true in *met when such a given was found; otherwise *p gets
 * the first wrong given of the drawn order that breaks nothing (there is one when *p has a
 * blank cell whose units do not hold every other value and whose cage allows it) or stays as
 * it was (*placed false).
 */
static void make_unsolvable(maker *m, ojd_board *p, const ojd_board *s, bool hard, bool *met,
                            bool *placed)
{
    int n = 0;
    for (int i = 0; i < m->cells; i++) {
        if (p->cell[i])
            continue;
        uint64_t seen = unit_values(m->units, p, i, -1);
        for (int v = 1; v <= m->side; v++)
            if (v != s->cell[i] && !(seen & ((uint64_t)1 << (v - 1))))
                m->pool[n++] = i * (m->side + 1) + v;
    }
    shuffle(m->rng, m->pool, n);
    *met = *placed = false;
    ojd_singles *core = ojd_generator_singles(m->gen);
    int fallback = -1;
    for (int j = 0; j < n; j++) {
        int i = m->pool[j] / (m->side + 1), v = m->pool[j] % (m->side + 1);
        p->cell[i] = (uint8_t)v;
        if (ojd_board_find_conflict(p, NULL)) { /* a cage the units do not know of */
            p->cell[i] = 0;
            continue;
        }
        if (fallback < 0)
            fallback = j;
        if (!hard || ojd_singles_load(core, p->cell, true)) {
            *met = *placed = true;
            return;
        }
        p->cell[i] = 0;
    }
    if (fallback >= 0) {
        p->cell[m->pool[fallback] / (m->side + 1)] = (uint8_t)(m->pool[fallback] % (m->side + 1));
        *placed = true;
    }
}

/* The conflict pairs of *p of type `type` (a unit type) into the pool, a * cells + b: a holds a
 * value (a given; with `both`, a blank cell to get its value in s) that cell b, blank, of a
 * unit of the type does not see in its other units.  How many. */
static int conflict_pairs(maker *m, const ojd_board *p, const ojd_board *s, int type, bool both)
{
    const unitset *t = m->units;
    int n = 0;
    for (int a = 0; a < m->cells; a++) {
        int v = both ? (p->cell[a] ? 0 : s->cell[a]) : p->cell[a];
        if (!v)
            continue;
        uint64_t bit = (uint64_t)1 << (v - 1);
        for (int x = t->first[a]; x < t->first[a + 1]; x++) {
            int u = t->of[x];
            if (t->type[u] != type)
                continue;
            const int *cell = t->cell + (size_t)u * (size_t)t->side;
            for (int k = 0; k < t->side; k++) {
                int b = cell[k];
                /* b's other units must not hold the value: so b shares no other unit with a,
                 * and the value repeats in u alone */
                if (!p->cell[b] && b != a && !(unit_values(t, p, b, u) & bit))
                    m->pool[n++] = a * m->cells + b;
            }
        }
    }
    return n;
}

/* Gives a and b (blank) value v (a may hold it already) when that makes exactly one repeat,
 * of v once, in a unit of `type`, and nothing else breaks: each of the two cells alone breaks
 * nothing (so every broken unit or cage holds both), they share that one unit and no other,
 * and no cage, and ojd_board_find_conflict() names the type.  false with *p as it was
 * otherwise. */
static bool place_pair(maker *m, ojd_board *p, int a, int b, int v, int type)
{
    const unitset *t = m->units;
    uint8_t old = p->cell[a];
    bool ok = shared_units(t, a, b) == 1 &&
              !((p->units & OJD_UNITS_KILLER) && p->cage[a] && p->cage[a] == p->cage[b]);
    if (ok) {
        p->cell[a] = 0, p->cell[b] = (uint8_t)v;
        ok = !ojd_board_find_conflict(p, NULL);
    }
    if (ok && !old) {
        p->cell[a] = (uint8_t)v, p->cell[b] = 0;
        ok = !ojd_board_find_conflict(p, NULL);
    }
    ojd_conflict c;
    p->cell[a] = (uint8_t)v, p->cell[b] = (uint8_t)v;
    ok = ok && ojd_board_find_conflict(p, &c) && strcmp(c.unit, t->names[type]) == 0;
    if (!ok)
        p->cell[a] = old, p->cell[b] = 0;
    return ok;
}

/* A cage conflict: one given added to a blank cell of a cage, a value no unit of the cell
 * holds, that breaks that cage alone (repeats one of its values, or leaves its sum out of
 * reach), as ojd_board_find_conflict() sees it; false when none does (*p unchanged). */
static bool make_cage_conflict(maker *m, ojd_board *p)
{
    int n = 0;
    for (int i = 0; i < m->cells; i++) {
        if (p->cell[i] || !p->cage[i])
            continue;
        uint64_t seen = unit_values(m->units, p, i, -1);
        for (int v = 1; v <= m->side; v++)
            if (!(seen & ((uint64_t)1 << (v - 1))))
                m->pool[n++] = i * (m->side + 1) + v;
    }
    while (n > 0) {
        int j = (int)ojd_rng_below(m->rng, (uint64_t)n);
        int i = m->pool[j] / (m->side + 1), v = m->pool[j] % (m->side + 1);
        ojd_conflict c;
        p->cell[i] = (uint8_t)v; /* only i's cage can break: no unit holds v, no other cage i */
        if (ojd_board_find_conflict(p, &c) && strcmp(c.unit, "cage") == 0)
            return true;
        p->cell[i] = 0;
        m->pool[j] = m->pool[--n];
    }
    return false;
}

/* conflict: copies a given of *p into a cell of a unit of `type` as the opening comment says;
 * on a killer board where no given has such a cell (its puzzles may have no givens), a blank
 * cell gets its value in s and the other cell the same (elsewhere another puzzle is tried: a
 * clue target counts one given added); a cage's conflict is make_cage_conflict()'s.  false
 * when no pair of cells fits (*p unchanged). */
static bool make_conflict(maker *m, ojd_board *p, const ojd_board *s, int type)
{
    if (is_cage_type(m->units, type))
        return make_cage_conflict(m, p);
    bool both = false;
    int n = conflict_pairs(m, p, s, type, both);
    if (n == 0 && (p->units & OJD_UNITS_KILLER))
        n = conflict_pairs(m, p, s, type, both = true);
    while (n > 0) {
        int j = (int)ojd_rng_below(m->rng, (uint64_t)n), pick = m->pool[j];
        int a = pick / m->cells, b = pick % m->cells;
        if (place_pair(m, p, a, b, both ? s->cell[a] : p->cell[a], type))
            return true;
        m->pool[j] = m->pool[--n];
    }
    return false;
}

/* conflict in a complete grid (options->solved: the inputs of the verdict profiles, ABC 327 C):
 * the value of a random cell a is written over another cell b of one of a's units of `type` (its
 * cage for "cage"), so that the unit repeats it (and misses b's old value); every cell stays
 * filled.  A cell in no unit of the type (off the diagonals, in no cage, ...; never on a
 * classic grid) is drawn again; one in several (the centre of an X grid) has one of them drawn. */
static void make_full_conflict(maker *m, ojd_board *p, int type)
{
    const unitset *t = m->units;
    int a, units[MAX_TYPES * 2], nu, cells[OJD_MAX_SIDE], size;
    bool cage = is_cage_type(t, type);
    do {
        a = (int)ojd_rng_below(m->rng, (uint64_t)m->cells);
        nu = 0;
        if (cage)
            nu = p->cage[a] && ojd_board_cage_cells(p, p->cage[a], cells) > 1;
        else
            for (int x = t->first[a]; x < t->first[a + 1]; x++)
                if (t->type[t->of[x]] == type && nu < MAX_TYPES * 2)
                    units[nu++] = t->of[x];
    } while (nu == 0);
    if (cage) {
        size = ojd_board_cage_cells(p, p->cage[a], cells);
    } else {
        int u = units[nu > 1 ? ojd_rng_below(m->rng, (uint64_t)nu) : 0];
        size = t->side;
        memcpy(cells, t->cell + (size_t)u * (size_t)t->side, (size_t)size * sizeof *cells);
    }
    int b;
    do
        b = cells[ojd_rng_below(m->rng, (uint64_t)size)];
    while (b == a);
    p->cell[b] = p->cell[a];
}

static int count_givens(const ojd_board *b)
{
    int k = 0;
    for (int i = 0; i < b->side * b->side; i++)
        k += b->cell[i] != 0;
    return k;
}

/* The conflict type of one case on the board of m: the one named unit, else one drawn among
 * the board's; -1 when the board has no such unit (or no unit that can repeat). */
static int conflict_type(maker *m, const char *unit)
{
    const unitset *t = m->units;
    if (unit)
        return find_type(t, unit);
    return t->ntypes ? (int)ojd_rng_below(m->rng, (uint64_t)t->ntypes) : -1;
}

/* A conflict case from a complete grid (--solved): one value of the grid repeated. */
static ojd_status full_conflict(ojd_generator *gen, ojd_rng *rng, const ojd_generate_options *base,
                                const char *unit, ojd_board *puzzle, ojd_board *solution,
                                ojd_generate_info *info)
{
    ojd_board s;
    ojd_status st = ojd_generate(gen, rng, base, puzzle, &s, info);
    if (st < 0)
        return st;
    if (puzzle->side < 2)
        return OJD_ERR_INVALID; /* one cell cannot repeat */
    maker m = {.gen = gen, .rng = rng, .side = puzzle->side, .cells = puzzle->side * puzzle->side};
    if (!units_follow(&m.units, puzzle))
        return OJD_ERR_NOMEM;
    int t = conflict_type(&m, unit);
    if (t >= 0)
        make_full_conflict(&m, puzzle, t);
    free(m.units);
    if (t < 0)
        return OJD_ERR_INVALID;
    if (solution)
        *solution = s;
    return st;
}

/* The case nearest to the kind's target so far, and whether it met the target. */
typedef struct kind_best {
    ojd_board board, solution;
    unsigned long gap; /* multiple: how far its count is from the target */
    bool have, met;
} kind_best;

/* One step of the kind on the unique puzzle p (solution s), kept in *best when it comes nearer;
 * OJD_ERR_INVALID for a conflict unit the board does not have. */
static ojd_status kind_step(maker *m, const ojd_kind_options *k, bool hard, ojd_board *p,
                            const ojd_board *s, kind_best *best)
{
    switch (k->kind) {
    case OJD_OUTCOME_MULTIPLE: {
        unsigned long gap = best->gap;
        ojd_status st = make_multiple(m, p, s, k->solutions, &best->board, &best->gap, &best->met);
        if (gap != best->gap) {
            best->solution = *s;
            best->have = true;
        }
        return st;
    }
    case OJD_OUTCOME_UNSOLVABLE: {
        bool placed;
        make_unsolvable(m, p, s, hard, &best->met, &placed);
        if (placed && (best->met || !best->have)) {
            best->board = *p;
            best->solution = *s;
            best->have = true;
        }
        return OJD_OK;
    }
    default: { /* conflict */
        int t = conflict_type(m, k->unit);
        if (t < 0)
            return OJD_ERR_INVALID;
        best->met = make_conflict(m, p, s, t);
        if (best->met) {
            best->board = *p;
            best->solution = *s;
            best->have = true;
        }
        return OJD_OK;
    }
    }
}

ojd_status ojd_kind_step(ojd_generator *gen, ojd_rng *rng, const ojd_kind_options *kind,
                         ojd_board *puzzle, const ojd_board *solution, bool *met)
{
    if (!gen || !rng || !kind || !puzzle || !solution || !met ||
        kind->kind <= OJD_OUTCOME_SOLVED || kind->kind >= OJD_OUTCOME_COUNT_)
        return OJD_ERR_INVALID;
    maker m = {.gen = gen, .engine = ojd_generator_engine(gen), .rng = rng,
               .side = puzzle->side, .cells = puzzle->side * puzzle->side};
    kind_best *best = malloc(sizeof *best);
    ojd_status st = best && maker_follow(&m, puzzle) ? OJD_OK : OJD_ERR_NOMEM;
    if (st == OJD_OK) {
        *best = (kind_best){.gap = (unsigned long)-1};
        st = kind_step(&m, kind, false, puzzle, solution, best);
        *met = best->met;
        if (st == OJD_OK && best->have)
            *puzzle = best->board;
    }
    free(best);
    free(m.pool);
    free(m.units);
    return st;
}

/* The unique puzzles of base, one step of the kind on each, until one meets the target (or the
 * attempts run out); the nearest case in *best.  *base_met false when a unique puzzle missed its
 * own targets. */
static ojd_status kind_attempts(maker *m, const ojd_kind_options *k,
                                const ojd_generate_options *base, ojd_board *p, ojd_board *s,
                                kind_best *best, ojd_generate_info *total, bool *base_met)
{
    ojd_generate_info bi;
    ojd_status st = OJD_OK;
    bool patient = k->kind != OJD_OUTCOME_MULTIPLE; /* KIND_MAX_ATTEMPTS */
    for (int attempt = 0; !best->met && (attempt < KIND_ATTEMPTS ||
                                         (patient && !best->have && attempt < KIND_MAX_ATTEMPTS));
         attempt++) {
        st = ojd_generate(m->gen, m->rng, base, p, s, &bi);
        if (st < 0)
            return st;
        total->attempts += bi.attempts;
        total->grade = bi.grade;
        if (st == OJD_LIMIT)
            *base_met = false;
        if (!maker_follow(m, p))
            return OJD_ERR_NOMEM;
        st = kind_step(m, k, base->grade >= OJD_GRADE_HARD, p, s, best);
        if (st < 0)
            return st;
    }
    return OJD_OK;
}

ojd_status ojd_generate_kind(ojd_generator *gen, ojd_rng *rng, const ojd_generate_options *options,
                             const ojd_kind_options *kind, ojd_board *puzzle, ojd_board *solution,
                             ojd_generate_info *info)
{
    ojd_generate_options base = options ? *options : (ojd_generate_options){0};
    ojd_kind_options k = kind ? *kind : (ojd_kind_options){0};
    if (!gen || !rng || !puzzle || k.kind < 0 || k.kind >= OJD_OUTCOME_COUNT_)
        return OJD_ERR_INVALID;
    if (k.kind == OJD_OUTCOME_SOLVED)
        return ojd_generate(gen, rng, &base, puzzle, solution, info);
    /* a complete grid can be only right (unique) or wrong (conflict) */
    if ((base.solved && k.kind != OJD_OUTCOME_CONFLICT) || k.solutions == 1 ||
        k.solutions > OJD_KIND_MAX_SOLUTIONS)
        return OJD_ERR_INVALID;
    if (base.solved)
        return full_conflict(gen, rng, &base, k.unit, puzzle, solution, info);
    /* a clue target counts the case's givens: unsolvable and conflict add one */
    if ((k.kind == OJD_OUTCOME_UNSOLVABLE || k.kind == OJD_OUTCOME_CONFLICT) && base.clues > 1)
        base.clues--;
    int side = base.side ? base.side : 9;
    if (side < 1 || side > OJD_MAX_SIDE)
        return OJD_ERR_INVALID;
    maker m = {.gen = gen, .engine = ojd_generator_engine(gen), .rng = rng, .side = side,
               .cells = side * side};
    ojd_generate_info total = {0};
    ojd_board p, s;
    kind_best *best = malloc(sizeof *best);
    bool base_met = true;
    ojd_status st = best ? OJD_OK : OJD_ERR_NOMEM;
    if (st == OJD_OK) {
        *best = (kind_best){.gap = (unsigned long)-1};
        st = kind_attempts(&m, &k, &base, &p, &s, best, &total, &base_met);
    }
    free(m.pool);
    free(m.units);
    if (st == OJD_OK && !best->have) {
        /* multiple: every count ran out of budget (large grids only): the empty grid is the
         * one case sure to have several solutions.  The others: no puzzle these options allow
         * had a blank cell the step fits (a clue target near the full grid). */
        if (k.kind == OJD_OUTCOME_MULTIPLE) {
            best->board = p;
            memset(best->board.cell, 0, (size_t)side * (size_t)side);
            ojd_board_set_cages(&best->board, NULL, NULL, 0, NULL); /* cages may pin it down */
            best->solution = s;
        } else {
            st = OJD_ERR_INVALID;
        }
    }
    bool met = st == OJD_OK && best->met && base_met;
    if (st == OJD_OK) {
        *puzzle = best->board;
        if (solution)
            *solution = best->solution;
        if (info) {
            *info = total;
            info->clues = count_givens(&best->board);
        }
    }
    free(best);
    return st != OJD_OK ? st : met ? OJD_OK : OJD_LIMIT;
}

/* ---- edge cases -------------------------------------------------------------------------- */

static const char *const edge_names[OJD_EDGE_COUNT_] = {"empty", "full", "17-clue", "hardest"};

/* 17-clue puzzles: lines 1, 6146, 12291, ... (every 6145th) of Royle's list as completed by the
 * Enjoy Sudoku forum (49,158 puzzles; tests/fixtures/edge.PROVENANCE.md). */
static const char *const seventeen_clue[] = {
    ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...",
    "................12..3..4........53.6....7.8..15...........2.......19...7.34......",
    "................12..3.45.........4.6.7.......81.2........1........89.....46...5..",
    "..............1..2..3....4.........5..637.....8......9.1...9...5..4....67.....3..",
    "..............1..2.34.....5....3.......25......1....6....7..2.31.......786.......",
    "..............1.23.45.6............1....7.......84.95....2.......7...4..2....3...",
    "........1.......2...3.45........63...1......782..........7........81......5...94.",
    "........1.......23..4.56.........2....7..4....1....6......3.......2...7.5.6.....8",
    NULL,
};

/* The hardest known: the named ones (AI Escargot, Golden Nugget, Platinum Blond, Red Dwarf), the
 * three rated 11.8 by Sudoku Explainer in the forum's quasi-uniform set, and the first of the
 * forum's hardest list (rated 11 and more). */
static const char *const hardest[] = {
    "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..41.....7..7...3..",
    ".......39....1...5..3..58....8..9..6.7..2....1..4.......9..8.5..2....6..4..7.....",
    ".......12........3..23..4....18....5.6..7.8.......9.....85.....9...4.5..47...6...",
    "12.3....435....1....4........54..2..6...7.........8.9...31..5.......9.7.....6...8",
    "..1...2...9...8.5.6.......7.....3.4.....2.....8.9.5...7.......6.5.4...3...2...1..",
    ".1.7....3....9..2...2...6...7...8.....6....4.5..1....7....4.9..3....7..5.8.3.....",
    "..1.5..6.6.......2.4....3...3.7.......6.1...8.....9...5...2...1.7...49....8....2.",
    "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6",
    NULL,
};

const char *ojd_edge_name(ojd_edge edge)
{
    return edge >= 0 && edge < OJD_EDGE_COUNT_ ? edge_names[edge] : "?";
}

ojd_outcome ojd_edge_kind(ojd_edge edge)
{
    return edge == OJD_EDGE_EMPTY ? OJD_OUTCOME_MULTIPLE : OJD_OUTCOME_SOLVED;
}

const char *const *ojd_edge_puzzles(ojd_edge edge)
{
    return edge == OJD_EDGE_17_CLUE ? seventeen_clue : edge == OJD_EDGE_HARDEST ? hardest : NULL;
}

ojd_status ojd_generate_edge(ojd_generator *gen, ojd_rng *rng, int side, ojd_edge edge,
                             ojd_board *puzzle, ojd_board *solution)
{
    return ojd_generate_edge_units(gen, rng, side, 0, edge, puzzle, solution);
}

/* Cages on b that say nothing its rows do not: each row a cage of side cells summing to
 * 1 + 2 + ... + side.  A killer board's empty grid (and a full grid made without cages) keeps
 * its form, a killer board with cages, and every solution of its units. */
static void row_cages(ojd_board *b)
{
    int n = b->side, cage[OJD_MAX_CELLS], sum[OJD_MAX_SIDE];
    for (int i = 0; i < n * n; i++)
        cage[i] = i / n + 1;
    for (int r = 0; r < n; r++)
        sum[r] = n * (n + 1) / 2;
    ojd_status st = ojd_board_set_cages(b, cage, sum, n, NULL);
    OJD_ASSERT(st == OJD_OK); /* side cells and the sum of every value: always valid */
    (void)st;
}

/* A complete grid of the variant (options o), cages included for killer: the generator's, or
 * the rows' (row_cages()) when it made none. */
static ojd_status full_grid(ojd_generator *gen, ojd_rng *rng, const ojd_generate_options *o,
                            ojd_board *grid)
{
    ojd_status st = ojd_generate(gen, rng, o, grid, NULL, NULL);
    if (st != OJD_OK)
        return st;
    if ((o->units & OJD_UNITS_KILLER) && !(grid->units & OJD_UNITS_KILLER))
        row_cages(grid);
    return OJD_OK;
}

ojd_status ojd_generate_edge_units(ojd_generator *gen, ojd_rng *rng, int side, unsigned units,
                                   ojd_edge edge, ojd_board *puzzle, ojd_board *solution)
{
    if (!gen || !rng || !puzzle || edge < 0 || edge >= OJD_EDGE_COUNT_ ||
        (units & ~OJD_UNITS_ALL))
        return OJD_ERR_INVALID;
    if (side == 0)
        side = 9;
    ojd_board p, variant_grid;
    bool have_grid = false;
    if (ojd_board_init_side(&p, side) != OJD_OK)
        return OJD_ERR_INVALID;
    ojd_generate_options o = {.side = side, .solved = true, .units = units};
    if (edge == OJD_EDGE_FULL) {
        ojd_board grid;
        ojd_status st = full_grid(gen, rng, &o, &grid);
        if (st != OJD_OK)
            return st;
        *puzzle = grid;
        if (solution)
            *solution = grid;
        return OJD_OK;
    }
    const char *const *list = ojd_edge_puzzles(edge);
    if (list) {
        /* classic 9x9 puzzles: under a variant's units their one solution breaks a diagonal,
         * window or region (or another's count is anyone's guess) */
        if (side != 9 || units)
            return OJD_ERR_INVALID;
        size_t n = 0;
        while (list[n])
            n++;
        const char *line = list[ojd_rng_below(rng, n)];
        for (int i = 0; i < 81; i++)
            p.cell[i] = (uint8_t)(line[i] == '.' ? 0 : line[i] - '0');
    } else if (units) {
        /* the empty grid of a variant: the units of one of its complete grids, so that it has
         * solutions (not every jigsaw map has one: ojd_generate() keeps one that does); a
         * killer grid's cages are its rows (row_cages()), which pin nothing down */
        ojd_board grid;
        ojd_status st = ojd_generate(gen, rng, &o, &grid, NULL, NULL);
        if (st != OJD_OK)
            return st;
        ojd_board_copy_units(&p, &grid);
        ojd_board_set_cages(&p, NULL, NULL, 0, NULL);
        variant_grid = grid;
        have_grid = true;
    }
    /* the solution, asked of the generator's engine (the empty grid's smallest: a fixed one);
     * without the rows' cages, which every grid of the units keeps.  A variant's empty grid
     * takes the complete grid its units came from instead: the smallest is a search of every
     * cell in turn, slow on a jigsaw map with few complete grids (docs/performance.md) */
    ojd_search search = {.limit = 1, .lexmin = edge == OJD_EDGE_EMPTY && !have_grid};
    ojd_result *res = malloc(sizeof *res);
    if (!res)
        return OJD_ERR_NOMEM;
    ojd_status st = OJD_OK;
    if (have_grid) {
        res->solution = variant_grid;
        ojd_board_set_cages(&res->solution, NULL, NULL, 0, NULL);
    } else {
        st = ojd_engine_solve(ojd_generator_engine(gen), &p, &search, res);
    }
    if (st == OJD_OK && solution)
        *solution = res->solution;
    free(res);
    if (st != OJD_OK)
        return st < 0 ? st : OJD_ERR_USAGE; /* a bundled puzzle without a solution: a bug */
    if (units & OJD_UNITS_KILLER) {
        row_cages(&p);
        if (solution)
            ojd_board_copy_units(solution, &p);
    }
    *puzzle = p;
    return OJD_OK;
}
