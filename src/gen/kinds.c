/*
 * kinds.c -- test data for every verdict: cases of each kind (unique, multiple, unsolvable,
 * conflict) and the edge cases setters add by hand (the empty grid, a full grid, a 17-clue
 * puzzle, the hardest known).
 *
 * Every kind starts from a unique puzzle P of ojd_generate() with its solution S and changes it
 * by the smallest step that gives the kind: multiple removes givens while the count stays at
 * most k (a removal never loses S); unsolvable adds a given (c, v), v != S[c], that repeats
 * nothing (at hard and above one singles do not refute); conflict copies a given's value into a
 * cell of one unit of the kind asked for, so the case repeats one value once.  Units are the
 * puzzle's own (ojd_geo), variants included.  A step that cannot be taken on P is tried on
 * another P, up to KIND_ATTEMPTS (KIND_MAX_ATTEMPTS when no case is left to hand out).  Classic
 * grids draw the unit type from three, one unit of each per cell, so that a seed's classic cases
 * do not depend on the variants.  Everything depends only on the rng stream.  The long form:
 * docs/performance.md, "Notes moved from the source".
 */
#include "rate.h"

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

/* ---- the kinds --------------------------------------------------------------------------- */

/* Unit types, named as ojd_board_find_conflict() names them: rows, columns, boxes (or a
 * jigsaw's regions: type 2 either way), the X diagonals, the windoku windows. */
enum { TYPE_ROW, TYPE_COLUMN, TYPE_BOX, TYPE_DIAGONAL, TYPE_WINDOW, TYPE_COUNT };
static const char *const unit_names[TYPE_COUNT] = {"row", "column", "box", "diagonal", "window"};

/* The name of a type on a board of `units` (type 2 is "region" on a jigsaw). */
static const char *type_name(unsigned units, int type)
{
    return type == TYPE_BOX && (units & OJD_UNITS_REGIONS) ? "region" : unit_names[type];
}

/* The types a board of `units` has, in order, into types[]; how many (3 when classic, so that
 * a type drawn for a classic grid is the rng draw it always was). */
static int unit_types(unsigned units, int *types)
{
    int n = 0;
    types[n++] = TYPE_ROW;
    types[n++] = TYPE_COLUMN;
    types[n++] = TYPE_BOX;
    if (units & OJD_UNITS_X)
        types[n++] = TYPE_DIAGONAL;
    if (units & OJD_UNITS_WINDOKU)
        types[n++] = TYPE_WINDOW;
    return n;
}

/* What one case is made with. */
typedef struct maker {
    ojd_generator *gen;
    ojd_engine *engine;
    ojd_rng *rng;
    ojd_result result;
    int side, cells;
    int *pool;                /* [cells * (side + 1)]: candidate steps, shuffled */
    ojd_geo *geo;             /* the units of the puzzle at hand (ojd_geo_follow(): a jigsaw's
                               * map is new with each puzzle) */
} maker;

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

/* The type of unit u of geo g (its numbering: rows, columns, boxes or regions, then the X
 * diagonals, then the windows). */
static int unit_type(const ojd_geo *g, int u)
{
    int side = g->side;
    if (u < 3 * side)
        return u / side;
    return (g->units & OJD_UNITS_X) && u < 3 * side + 2 ? TYPE_DIAGONAL : TYPE_WINDOW;
}

/* The units of cell i of a type, into u[] (up to 2: the centre of an X grid is on both
 * diagonals); how many (a cell off the diagonals has no diagonal). */
static int units_of_type(const ojd_geo *g, int i, int type, int *u)
{
    int n = 0;
    for (int k = 0; k < g->nunits_of[i]; k++) {
        int unit = ojd_geo_unit_of(g, i, k);
        if (unit_type(g, unit) == type)
            u[n++] = unit;
    }
    return n;
}

/* The values among the givens of cell i's units, all but `except` (-1: all). */
static uint64_t unit_values(const ojd_geo *g, const ojd_board *b, int i, int except)
{
    uint64_t seen = 0;
    for (int k = 0; k < g->nunits_of[i]; k++) {
        int u = ojd_geo_unit_of(g, i, k);
        if (u == except)
            continue;
        const int16_t *cell = ojd_geo_unit(g, u);
        for (int j = 0; j < g->side; j++) {
            int v = b->cell[cell[j]];
            if (v)
                seen |= (uint64_t)1 << (v - 1);
        }
    }
    return seen;
}

/*
 * multiple: removes givens of *p (unique, solution s) as the opening comment says; want 0 = two
 * or more.  A removal that overshoots the target may still be kept with one of the other blank
 * cells given its value in s (which can only lower the count, and keeps s a solution), to
 * reach the counts between two removals, which large targets need.  true in *met
 * when the count reached the target; *best and *best_gap keep the case nearest to it seen so far
 * with two or more solutions (gap: how far its count is from want).
 */
static ojd_status make_multiple(maker *m, ojd_board *p, const ojd_board *s, unsigned long want,
                                ojd_board *best, unsigned long *best_gap, bool *met)
{
    ojd_search search = {.limit = want ? want + 1 : 2, .max_nodes = count_budget(m->side, p->units)};
    int *order = m->pool, *blank = m->pool + m->cells;
    int n = 0;
    for (int i = 0; i < m->cells; i++)
        if (p->cell[i])
            order[n++] = i;
    shuffle(m->rng, order, n);
    unsigned long now = 1; /* p's count */
    *met = false;
    for (int j = 0; j < n; j++) {
        int c = order[j];
        uint8_t v = p->cell[c];
        p->cell[c] = 0;
        /* the removal, then (when it overshoots) the removal with one blank cell filled back */
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
                p->cell[c] = v; /* past the target every way tried: put the given back */
                break;
            }
            filled = blank[tries++];
            p->cell[filled] = s->cell[filled];
        }
    }
    return OJD_OK;
}

/*
 * unsolvable: adds to *p (unique, solution s) a wrong given no unit repeats; with `hard`, one that
 * singles do not refute.  true in *met when such a given was found; otherwise *p gets the first
 * wrong given of the drawn order (there always is one when *p has a blank cell whose units do
 * not hold every other value) or stays as it was (*placed false).
 */
static void make_unsolvable(maker *m, ojd_board *p, const ojd_board *s, bool hard, bool *met,
                            bool *placed)
{
    int n = 0;
    for (int i = 0; i < m->cells; i++) {
        if (p->cell[i])
            continue;
        uint64_t seen = unit_values(m->geo, p, i, -1);
        for (int v = 1; v <= m->side; v++)
            if (v != s->cell[i] && !(seen & ((uint64_t)1 << (v - 1))))
                m->pool[n++] = i * (m->side + 1) + v;
    }
    shuffle(m->rng, m->pool, n);
    *met = *placed = false;
    ojd_singles *core = ojd_generator_singles(m->gen);
    for (int j = 0; j < n; j++) {
        int i = m->pool[j] / (m->side + 1), v = m->pool[j] % (m->side + 1);
        p->cell[i] = (uint8_t)v;
        OJD_ASSERT(!ojd_board_find_conflict(p, NULL)); /* v is absent from i's units */
        if (!hard || ojd_singles_load(core, p->cell, true)) {
            *met = *placed = true;
            return;
        }
        p->cell[i] = 0;
    }
    if (n > 0) {
        p->cell[m->pool[0] / (m->side + 1)] = (uint8_t)(m->pool[0] % (m->side + 1));
        *placed = true;
    }
}

/* conflict: copies a given of *p into a cell of a unit of `type` as the opening comment says.
 * false when no pair of cells fits (*p unchanged). */
static bool make_conflict(maker *m, ojd_board *p, int type)
{
    const ojd_geo *g = m->geo;
    int n = 0;
    for (int a = 0; a < m->cells; a++) {
        if (!p->cell[a])
            continue;
        int units[2], nu = units_of_type(g, a, type, units);
        for (int x = 0; x < nu; x++) {
            const int16_t *cell = ojd_geo_unit(g, units[x]);
            for (int k = 0; k < m->side; k++) {
                int b = cell[k];
                if (p->cell[b])
                    continue;
                /* b's other units must not hold the value: so b shares no other unit with a,
                 * and the value repeats in units[x] alone */
                uint64_t bit = (uint64_t)1 << (p->cell[a] - 1);
                if (!(unit_values(g, p, b, units[x]) & bit))
                    m->pool[n++] = a * m->cells + b;
            }
        }
    }
    if (n == 0)
        return false;
    int pick = m->pool[ojd_rng_below(m->rng, (uint64_t)n)];
    p->cell[pick % m->cells] = p->cell[pick / m->cells];
    OJD_ASSERT(ojd_board_find_conflict(p, NULL)); /* P repeated nothing: now one value repeats */
    return true;
}

/* conflict in a complete grid (options->solved: the inputs of the verdict profiles, ABC 327 C):
 * the value of a random cell a is written over another cell b of one of a's units of `type`, so
 * that the unit repeats it (and misses b's old value); every cell stays filled.  A cell in no
 * unit of the type (off the diagonals, outside the windows) is drawn again; one in two (the
 * centre of an X grid) has one of them drawn.  Rows, columns and boxes hold every cell once, so
 * a classic grid's draws are what they always were. */
static void make_full_conflict(maker *m, ojd_board *p, int type)
{
    const ojd_geo *g = m->geo;
    int a, units[2], nu;
    do {
        a = (int)ojd_rng_below(m->rng, (uint64_t)m->cells);
        nu = units_of_type(g, a, type, units);
    } while (nu == 0);
    const int16_t *cell = ojd_geo_unit(g, units[nu > 1 ? ojd_rng_below(m->rng, 2) : 0]);
    int b;
    do
        b = cell[ojd_rng_below(m->rng, (uint64_t)m->side)];
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

/* The conflict unit types of the variant (types, *ntypes) and the one named unit (-1: drawn for
 * each case among them; -2: the variant has no such unit type). */
static int conflict_type(unsigned units, const char *unit, int *types, int *ntypes)
{
    *ntypes = unit_types(units, types);
    if (!unit)
        return -1;
    for (int t = 0; t < *ntypes; t++)
        if (strcmp(unit, type_name(units, types[t])) == 0)
            return types[t];
    return -2;
}

/* A conflict case from a complete grid (--solved): one value of the grid repeated. */
static ojd_status full_conflict(ojd_generator *gen, ojd_rng *rng, const ojd_generate_options *base,
                                int type, const int *types, int ntypes, ojd_board *puzzle,
                                ojd_board *solution, ojd_generate_info *info)
{
    ojd_board s;
    ojd_status st = ojd_generate(gen, rng, base, puzzle, &s, info);
    if (st < 0)
        return st;
    if (puzzle->side < 2)
        return OJD_ERR_INVALID; /* one cell cannot repeat */
    maker m = {.gen = gen, .rng = rng, .side = puzzle->side, .cells = puzzle->side * puzzle->side};
    if (!ojd_geo_follow(&m.geo, puzzle))
        return OJD_ERR_NOMEM;
    int t = type >= 0 ? type : types[ojd_rng_below(rng, (uint64_t)ntypes)];
    make_full_conflict(&m, puzzle, t);
    free(m.geo);
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

/* One step of the kind on the unique puzzle p (solution s), kept in *best when it comes nearer. */
static ojd_status kind_step(maker *m, const ojd_kind_options *k, const ojd_generate_options *base,
                            int type, const int *types, int ntypes, ojd_board *p,
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
        make_unsolvable(m, p, s, base->grade >= OJD_GRADE_HARD, &best->met, &placed);
        if (placed && (best->met || !best->have)) {
            best->board = *p;
            best->solution = *s;
            best->have = true;
        }
        return OJD_OK;
    }
    default: { /* conflict */
        int t = type >= 0 ? type : types[ojd_rng_below(m->rng, (uint64_t)ntypes)];
        best->met = make_conflict(m, p, t);
        if (best->met) {
            best->board = *p;
            best->solution = *s;
            best->have = true;
        }
        return OJD_OK;
    }
    }
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
    int types[TYPE_COUNT], ntypes;
    int type = conflict_type(base.units, k.unit, types, &ntypes);
    if (type == -2)
        return OJD_ERR_INVALID;
    if (base.solved)
        return full_conflict(gen, rng, &base, type, types, ntypes, puzzle, solution, info);
    /* a clue target counts the case's givens: unsolvable and conflict add one */
    if ((k.kind == OJD_OUTCOME_UNSOLVABLE || k.kind == OJD_OUTCOME_CONFLICT) && base.clues > 1)
        base.clues--;

    maker m = {.gen = gen, .engine = ojd_generator_engine(gen), .rng = rng};
    int side = base.side ? base.side : 9;
    if (side < 1 || side > OJD_MAX_SIDE)
        return OJD_ERR_INVALID;
    m.side = side;
    m.cells = side * side;
    m.pool = malloc((size_t)m.cells * (size_t)(side + 1) * sizeof *m.pool);
    if (!m.pool)
        return OJD_ERR_NOMEM;

    ojd_generate_info bi, total = {0};
    ojd_board p, s;
    kind_best best = {.gap = (unsigned long)-1};
    bool base_met = true;
    ojd_status st = OJD_OK;
    bool patient = k.kind != OJD_OUTCOME_MULTIPLE; /* KIND_MAX_ATTEMPTS */
    for (int attempt = 0; !best.met && (attempt < KIND_ATTEMPTS ||
                                        (patient && !best.have && attempt < KIND_MAX_ATTEMPTS));
         attempt++) {
        st = ojd_generate(gen, rng, &base, &p, &s, &bi);
        if (st < 0)
            break;
        total.attempts += bi.attempts;
        total.grade = bi.grade;
        if (st == OJD_LIMIT)
            base_met = false;
        if (!ojd_geo_follow(&m.geo, &p)) {
            st = OJD_ERR_NOMEM;
            break;
        }
        st = kind_step(&m, &k, &base, type, types, ntypes, &p, &s, &best);
        if (st < 0)
            break;
    }
    free(m.pool);
    free(m.geo);
    if (st < 0)
        return st;
    if (!best.have) {
        /* multiple: every count ran out of budget (large grids only): the empty grid is the
         * one case sure to have several solutions.  The others: no puzzle these options allow
         * had a blank cell the step fits (a clue target near the full grid). */
        if (k.kind != OJD_OUTCOME_MULTIPLE)
            return OJD_ERR_INVALID;
        ojd_board_init(&best.board, p.box_rows, p.box_cols);
        ojd_board_copy_units(&best.board, &p);
        best.solution = s;
    }
    *puzzle = best.board;
    if (solution)
        *solution = best.solution;
    if (info) {
        *info = total;
        info->clues = count_givens(&best.board);
    }
    return best.met && base_met ? OJD_OK : OJD_LIMIT;
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

ojd_status ojd_generate_edge_units(ojd_generator *gen, ojd_rng *rng, int side, unsigned units,
                                   ojd_edge edge, ojd_board *puzzle, ojd_board *solution)
{
    if (!gen || !rng || !puzzle || edge < 0 || edge >= OJD_EDGE_COUNT_ ||
        (units & ~OJD_UNITS_ALL))
        return OJD_ERR_INVALID;
    if (side == 0)
        side = 9;
    ojd_board p;
    if (ojd_board_init_side(&p, side) != OJD_OK)
        return OJD_ERR_INVALID;
    if (edge == OJD_EDGE_FULL) {
        ojd_generate_options o = {.side = side, .solved = true, .units = units};
        ojd_board grid;
        ojd_status st = ojd_generate(gen, rng, &o, &grid, NULL, NULL);
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
         * solutions (not every jigsaw map has one: ojd_generate() keeps one that does) */
        ojd_generate_options o = {.side = side, .solved = true, .units = units};
        ojd_board grid;
        ojd_status st = ojd_generate(gen, rng, &o, &grid, NULL, NULL);
        if (st != OJD_OK)
            return st;
        ojd_board_copy_units(&p, &grid);
    }
    /* the solution, asked of the generator's engine (the empty grid's smallest: a fixed one) */
    ojd_search search = {.limit = 1, .lexmin = edge == OJD_EDGE_EMPTY};
    ojd_result *res = malloc(sizeof *res);
    if (!res)
        return OJD_ERR_NOMEM;
    ojd_status st = ojd_engine_solve(ojd_generator_engine(gen), &p, &search, res);
    if (st == OJD_OK && solution)
        *solution = res->solution;
    free(res);
    if (st != OJD_OK)
        return st < 0 ? st : OJD_ERR_USAGE; /* a bundled puzzle without a solution: a bug */
    *puzzle = p;
    return OJD_OK;
}
