/*
 * killer.c -- killer puzzles: a random complete grid (the generator's), a cage layout drawn from
 * the rng, each cage's sum taken from the grid, and no givens; then made unique.
 *
 * Layout: the cells are visited in random order; an uncaged cell opens a cage of a size drawn
 * from the profile's weights (mostly 2-4 cells, as printed puzzles have them) and grows it by
 * uncaged edge neighbours whose grid values the cage does not hold yet, so every cage is
 * connected and its cells are distinct in the grid (the grid solves the puzzle by construction).
 * A cage that could not grow past one cell joins a neighbour cage that has room, where its value
 * fits.  Uniqueness: the engine (the default solver) counts to two; while a second solution S is
 * found, a cage holding a cell where S differs from the grid is merged with a neighbour cage
 * (when the profile asks for merges and S repeats a value across the two) or split in two
 * connected parts whose sums in S differ from the grid's: either step rules S out.  Givens are
 * added only where the options allow them (clues: at most that many), in place of a split that
 * would leave a one-cell cage.  Splits only add cages, so the loop ends: at worst every cage is a
 * single cell.  The last question asked is the engine's "exactly one" on the puzzle handed out.
 * Everything depends only on the rng stream.
 */
#include "gen.h"

#include <stdlib.h>
#include <string.h>

enum {
    MAX_CAGE = 8,        /* cells of a cage the layout and the merges may make, at most */
    SPLIT_MAX = 12,      /* larger cages are not split (none is made: MAX_CAGE) */
    KILLER_NODES = 5000,    /* the engine's budget per uniqueness question (undecided: a split) */
    UNDECIDED = 20,         /* grids tried beyond the attempts when none came out unique */
};

/* How a difficulty shapes the layout: the weights of the cage sizes 1..MAX_CAGE, how often (in
 * percent) an ambiguity is answered by a merge, and the largest cage a merge may make.  Larger
 * cages and fewer single cells leave more combinations open: harder (as rated:
 * docs/performance.md, "Notes moved from the source"). */
typedef struct kprofile {
    unsigned char weight[MAX_CAGE + 1];
    unsigned char merge;
    unsigned char merge_max;
} kprofile;

static const kprofile profiles[OJD_GRADE_COUNT_ + 1] = {
    /* any */ {{0, 4, 34, 34, 20, 8, 0, 0, 0}, 20, 5},
    /* easy */ {{0, 14, 46, 28, 12, 0, 0, 0, 0}, 0, 4},
    /* medium */ {{0, 6, 36, 34, 19, 5, 0, 0, 0}, 10, 5},
    /* hard */ {{0, 2, 24, 36, 26, 12, 0, 0, 0}, 30, 6},
    /* expert */ {{0, 0, 14, 34, 32, 16, 4, 0, 0}, 50, 7},
    /* extreme */ {{0, 0, 8, 28, 34, 22, 6, 2, 0}, 70, 8},
};

typedef struct kwork {
    int side, cells, ncages, givens;
    unsigned long long nodes;     /* the engine's nodes, all questions */
    int cage[OJD_MAX_CELLS];      /* 1..ncages for every cell */
    int sum[OJD_MAX_CELLS + 1];   /* of each cage, from the grid */
    uint8_t grid[OJD_MAX_CELLS], given[OJD_MAX_CELLS], other[OJD_MAX_CELLS];
    int order[OJD_MAX_CELLS], list[OJD_MAX_CELLS], target[OJD_MAX_CELLS + 1];
    int split[1 << (SPLIT_MAX - 1)];
    ojd_board shape, board, flip;
    ojd_result result;
} kwork;

static int draw(ojd_rng *rng, int n) { return (int)ojd_rng_below(rng, (uint64_t)n); }

static void shuffle(ojd_rng *rng, int *a, int n)
{
    for (int k = n - 1; k > 0; k--) {
        int j = draw(rng, k + 1), t = a[k];
        a[k] = a[j], a[j] = t;
    }
}

/* The edge neighbours of cell i (up to 4) into nb; returns how many. */
static int neighbours(int side, int i, int *nb)
{
    int r = i / side, c = i % side, n = 0;
    if (r > 0)
        nb[n++] = i - side;
    if (c > 0)
        nb[n++] = i - 1;
    if (c < side - 1)
        nb[n++] = i + 1;
    if (r < side - 1)
        nb[n++] = i + side;
    return n;
}

static uint64_t bit(int v) { return (uint64_t)1 << (v - 1); }

/* The cells of cage id into k->list; returns how many. */
static int members(kwork *k, int id)
{
    int n = 0;
    for (int i = 0; i < k->cells; i++)
        if (k->cage[i] == id)
            k->list[n++] = i;
    return n;
}

/* The grid values of cage id. */
static uint64_t values_of(const kwork *k, int id, const uint8_t *grid)
{
    uint64_t m = 0;
    for (int i = 0; i < k->cells; i++)
        if (k->cage[i] == id)
            m |= bit(grid[i]);
    return m;
}

static int size_of(const kwork *k, int id)
{
    int n = 0;
    for (int i = 0; i < k->cells; i++)
        n += k->cage[i] == id;
    return n;
}

/* A cage size drawn from the profile's weights (sizes above side left out). */
static int draw_size(ojd_rng *rng, const kprofile *p, int side)
{
    int total = 0;
    for (int s = 1; s <= MAX_CAGE && s <= side; s++)
        total += p->weight[s];
    int x = draw(rng, total);
    for (int s = 1; s <= MAX_CAGE && s <= side; s++) {
        if (x < p->weight[s])
            return s;
        x -= p->weight[s];
    }
    return 1;
}

/* Renumbers the cages 1..ncages in the order their first cells come (row by row). */
static void compact(kwork *k)
{
    int map[OJD_MAX_CELLS + 1] = {0}, n = 0;
    for (int i = 0; i < k->cells; i++) {
        if (!map[k->cage[i]])
            map[k->cage[i]] = ++n;
        k->cage[i] = map[k->cage[i]];
    }
    k->ncages = n;
}

/* Grows cage id from its one cell i towards target cells. */
static void grow(kwork *k, ojd_rng *rng, int id, int i, int target)
{
    int n = 1, nb[4];
    uint64_t held = bit(k->grid[i]);
    k->list[0] = i;
    while (n < target) {
        int frontier[4 * MAX_CAGE], nf = 0;
        for (int m = 0; m < n; m++)
            for (int t = neighbours(k->side, k->list[m], nb); t-- > 0;) {
                int q = nb[t];
                bool listed = false;
                for (int f = 0; f < nf; f++)
                    listed |= frontier[f] == q;
                if (!k->cage[q] && !(held & bit(k->grid[q])) && !listed)
                    frontier[nf++] = q;
            }
        if (!nf)
            return;
        int q = frontier[draw(rng, nf)];
        k->cage[q] = id;
        k->list[n++] = q;
        held |= bit(k->grid[q]);
    }
}

/* A one-cell cage that wanted more joins a neighbour cage with room that lacks its value: another
 * such cell first (a pair), else any. */
static void adopt_strays(kwork *k, ojd_rng *rng, const kprofile *p)
{
    for (int j = 0; j < k->cells; j++) {
        int i = k->order[j], id = k->cage[i], nb[4], options[4], no = 0;
        if (k->target[id] < 2 || size_of(k, id) != 1)
            continue;
        for (int pass = 0; pass < 2 && !no; pass++)
            for (int t = neighbours(k->side, i, nb); t-- > 0;) {
                int other = k->cage[nb[t]], size = size_of(k, other);
                if (other != id && size < p->merge_max && (pass || size == 1) &&
                    !(values_of(k, other, k->grid) & bit(k->grid[i])))
                    options[no++] = other;
            }
        if (no)
            k->cage[i] = options[draw(rng, no)];
    }
}

/* A random layout of connected cages over every cell, each distinct in the grid. */
static void draw_layout(kwork *k, ojd_rng *rng, const kprofile *p)
{
    int id = 0;
    memset(k->cage, 0, sizeof k->cage[0] * (size_t)k->cells);
    for (int i = 0; i < k->cells; i++)
        k->order[i] = i;
    shuffle(rng, k->order, k->cells);
    for (int j = 0; j < k->cells; j++) {
        int i = k->order[j];
        if (k->cage[i])
            continue;
        k->cage[i] = ++id;
        k->target[id] = draw_size(rng, p, k->side);
        grow(k, rng, id, i, k->target[id]);
    }
    adopt_strays(k, rng, p);
    compact(k);
}

/* k->board: the shape, the givens and the cages with the grid's sums.  false when the cages
 * do not fit a board (more than OJD_MAX_CAGES: a grid too large for this layout). */
static bool build(kwork *k, ojd_board *board, bool complement)
{
    int sums[OJD_MAX_CAGES], size[OJD_MAX_CAGES + 1] = {0};
    if (k->ncages > OJD_MAX_CAGES)
        return false;
    memset(sums, 0, sizeof sums);
    for (int i = 0; i < k->cells; i++) {
        sums[k->cage[i] - 1] += k->grid[i];
        size[k->cage[i]]++;
    }
    *board = k->shape;
    for (int i = 0; i < k->cells; i++)
        board->cell[i] = (uint8_t)(complement && k->given[i] ? k->side + 1 - k->given[i]
                                                             : k->given[i]);
    /* the complement v -> side + 1 - v maps the solutions one to one (sums follow) */
    for (int c = 1; complement && c <= k->ncages; c++)
        sums[c - 1] = size[c] * (k->side + 1) - sums[c - 1];
    return ojd_board_set_cages(board, k->cage, sums, k->ncages, NULL) == OJD_OK;
}

static ojd_status ask(kwork *k, ojd_engine *engine, const ojd_board *board)
{
    ojd_search search = {.limit = 2, .max_nodes = KILLER_NODES};
    ojd_status st = ojd_engine_solve(engine, board, &search, &k->result);
    k->nodes += k->result.nodes;
    return st;
}

/* A walk's visit: keeps the first solution other than the grid, then stops. */
static bool keep_other(void *context, const ojd_board *solution)
{
    kwork *k = context;
    if (memcmp(solution->cell, k->grid, (size_t)k->cells) == 0)
        return true;
    memcpy(k->other, solution->cell, (size_t)k->cells);
    return false;
}

/*
 * After the engine found two solutions: one other than the grid into k->other.  The engine's
 * first one, unless it is the grid; then the complement puzzle's first (the search meets the
 * values in the other order); then, rarely, the lexicographic walk.  false when none was found
 * within the budgets.
 */
static bool find_other(kwork *k, ojd_engine *engine)
{
    if (memcmp(k->result.solution.cell, k->grid, (size_t)k->cells) != 0) {
        memcpy(k->other, k->result.solution.cell, (size_t)k->cells);
        return true;
    }
    if (build(k, &k->flip, true) && ask(k, engine, &k->flip) == OJD_MULTIPLE) {
        for (int i = 0; i < k->cells; i++)
            k->other[i] = (uint8_t)(k->side + 1 - k->result.solution.cell[i]);
        if (memcmp(k->other, k->grid, (size_t)k->cells) != 0)
            return true;
    }
    ojd_search search = {.max_nodes = KILLER_NODES};
    unsigned long found = 0;
    return ojd_engine_each_solution(engine, &k->board, &search, 2, keep_other, k, &found) ==
           OJD_ERR_IO;
}

/* Is the subset `set` (bit m = k->list[m]) of n cells connected across edges? */
static bool connected(const kwork *k, int n, unsigned set)
{
    unsigned reached = set & (0u - set), grown;
    do {
        grown = reached;
        for (int a = 0; a < n; a++)
            for (int b = 0; b < n && (reached >> a & 1u); b++) {
                int d = k->list[a] - k->list[b];
                bool edge = (d == 1 || d == -1) ? k->list[a] / k->side == k->list[b] / k->side
                                                : d == k->side || d == -k->side;
                if (edge && (set >> b & 1u))
                    reached |= 1u << b;
            }
    } while (reached != grown);
    return reached == set;
}

/* Are the grid values of the cells of `set` (bit m = k->list[m]) distinct? */
static bool distinct_part(const kwork *k, int n, unsigned set)
{
    uint64_t seen = 0;
    for (int m = 0; m < n; m++)
        if (set >> m & 1u) {
            if (seen & bit(k->grid[k->list[m]]))
                return false;
            seen |= bit(k->grid[k->list[m]]);
        }
    return true;
}

/*
 * Splits the n cells of k->list (cage a, or cages a and b) in two connected parts, drawn among
 * those whose sums in k->other differ from the grid's (any, when other is NULL), each distinct in
 * the grid, with two cells a part or more unless single is set, and most at the most: the
 * part of the first cell stays a, the other becomes b (0: a new cage).  false when there is none.
 */
static bool split_cells(kwork *k, ojd_rng *rng, int n, int a, int b, const uint8_t *other,
                        bool single, int most)
{
    int found = 0;
    if (n < 2 || n > SPLIT_MAX || (n < 4 && !single))
        return false;
    /* the parts: sets holding cell 0, so each split is met once */
    for (unsigned set = 1; set < (1u << n) - 1; set += 2) {
        int in = ojd_popcount64(set), diff = 0;
        unsigned rest = ((1u << n) - 1) & ~set;
        if ((!single && (in < 2 || n - in < 2)) || in > most || n - in > most)
            continue;
        for (int m = 0; m < n && other; m++)
            if (set >> m & 1u)
                diff += k->grid[k->list[m]] - other[k->list[m]];
        if ((!other || diff) && connected(k, n, set) && connected(k, n, rest) &&
            (!b || (distinct_part(k, n, set) && distinct_part(k, n, rest))))
            k->split[found++] = (int)rest;
    }
    if (!found)
        return false;
    unsigned rest = (unsigned)k->split[draw(rng, found)];
    if (!b)
        b = ++k->ncages;
    for (int m = 0; m < n; m++)
        k->cage[k->list[m]] = rest >> m & 1u ? b : a;
    return true;
}

static bool split(kwork *k, ojd_rng *rng, int id, const uint8_t *other, bool single)
{
    return split_cells(k, rng, members(k, id), id, 0, other, single, MAX_CAGE);
}

/* Cage id and a neighbour cage (tried in random order) split anew in two parts of two to most
 * cells that rule k->other out: as many cages, none of one cell.  false when none does. */
static bool reshape(kwork *k, ojd_rng *rng, int id, int most)
{
    int n = members(k, id), options[4 * MAX_CAGE], no = 0, nb[4];
    for (int m = 0; m < n; m++)
        for (int t = neighbours(k->side, k->list[m], nb); t-- > 0;) {
            int o = k->cage[nb[t]];
            bool listed = o == id;
            for (int f = 0; f < no; f++)
                listed |= options[f] == o;
            if (!listed)
                options[no++] = o;
        }
    shuffle(rng, options, no);
    for (int f = 0; f < no; f++) {
        int both = 0;
        for (int i = 0; i < k->cells; i++)
            if (k->cage[i] == id || k->cage[i] == options[f])
                k->list[both++] = i;
        if (split_cells(k, rng, both, id, options[f], k->other, false, most))
            return true;
    }
    return false;
}

/* Merges cage id with a neighbour cage (drawn) where the two hold distinct grid values, k->other
 * repeats a value across them, and the whole has at most most cells.  false when none does. */
static bool merge(kwork *k, ojd_rng *rng, int id, int most)
{
    int n = members(k, id), options[4 * MAX_CAGE], no = 0, nb[4];
    uint64_t mine = values_of(k, id, k->grid), theirs = values_of(k, id, k->other);
    for (int m = 0; m < n; m++)
        for (int t = neighbours(k->side, k->list[m], nb); t-- > 0;) {
            int o = k->cage[nb[t]];
            bool listed = false;
            for (int f = 0; f < no; f++)
                listed |= options[f] == o;
            if (o == id || listed || n + size_of(k, o) > most ||
                (values_of(k, o, k->grid) & mine) || !(values_of(k, o, k->other) & theirs))
                continue;
            options[no++] = o;
        }
    if (!no)
        return false;
    int o = options[draw(rng, no)];
    for (int i = 0; i < k->cells; i++)
        if (k->cage[i] == o)
            k->cage[i] = id;
    compact(k);
    return true;
}

/* Rules k->other out: a merge, a split into parts of two cells or more (of the cage, or of it
 * and a neighbour cage), a given (when allowed), a split with a one-cell part; at worst the
 * cage falls apart into single cells. */
static void rule_out(kwork *k, ojd_rng *rng, const kprofile *p, int max_givens, bool merges)
{
    int nd = 0;
    for (int i = 0; i < k->cells; i++)
        if (k->other[i] != k->grid[i])
            k->order[nd++] = i;
    int d = k->order[draw(rng, nd)], id = k->cage[d];
    if (merges && draw(rng, 100) < p->merge && merge(k, rng, id, p->merge_max))
        return;
    if (split(k, rng, id, k->other, false) || reshape(k, rng, id, p->merge_max))
        return;
    if (k->givens < max_givens) {
        k->given[d] = k->grid[d];
        k->givens++;
        return;
    }
    if (split(k, rng, id, k->other, true))
        return;
    int n = members(k, id);
    for (int m = 1; m < n; m++)
        k->cage[k->list[m]] = ++k->ncages;
}

/* Makes the layout unique; OJD_OK, OJD_LIMIT when it took too long, or the engine's error. */
static ojd_status make_unique(kwork *k, ojd_engine *engine, ojd_rng *rng, const kprofile *p,
                              int max_givens)
{
    int merges = 0, most_merges = k->cells / 8;
    for (int round = 0; round < 4 * k->cells; round++) {
        if (!build(k, &k->board, false))
            return OJD_LIMIT;
        ojd_status st = ask(k, engine, &k->board);
        if (st == OJD_OK)
            return memcmp(k->result.solution.cell, k->grid, (size_t)k->cells) == 0
                       ? OJD_OK
                       : OJD_ERR_USAGE; /* the grid is a solution: a bug somewhere */
        if (st != OJD_MULTIPLE && st != OJD_LIMIT)
            return st < 0 ? st : OJD_ERR_USAGE;
        if (st == OJD_LIMIT || !find_other(k, engine)) {
            /* undecided: the largest cage is split, blindly */
            int best = 0, most = 1;
            for (int c = 1; c <= k->ncages; c++)
                if (size_of(k, c) > most)
                    best = c, most = size_of(k, c);
            if (!best || !split(k, rng, best, NULL, true))
                return OJD_LIMIT;
            continue;
        }
        int before = k->ncages;
        rule_out(k, rng, p, max_givens, merges < most_merges);
        merges += k->ncages < before;
    }
    return OJD_LIMIT;
}

/* How far a rated puzzle is from the grade asked for (0 = met), as generate.c's targets.  The
 * techniques up to expert decide the grade: stuck with them is extreme (what the chains would
 * say too), and the chains' sweeps, the slow part of a rating, are not run. */
static long grade_penalty(ojd_rater *rater, kwork *k, ojd_grade want, ojd_rating *rating)
{
    memset(rating, 0, sizeof *rating);
    if (want == OJD_GRADE_ANY)
        return 0;
    ojd_rater_cages(rater, &k->board);
    bool solved = ojd_rater_run(rater, k->given, NULL, OJD_GRADE_EXPERT, rating, NULL, NULL);
    ojd_rater_cages(rater, NULL);
    if (!solved)
        rating->grade = OJD_GRADE_EXTREME;
    long diff = (long)rating->grade - (long)want;
    return diff < 0 ? -diff : diff;
}

/* One attempt: a grid, a layout, made unique (or, solved, the grid with its cages). */
static ojd_status attempt(ojd_generator *gen, kwork *k, ojd_rng *rng,
                          const ojd_generate_options *o, const kprofile *p)
{
    ojd_status st = ojd_generator_grid(gen, rng, k->grid);
    if (st != OJD_OK)
        return st;
    draw_layout(k, rng, p);
    k->givens = 0;
    if (o->solved) {
        memcpy(k->given, k->grid, (size_t)k->cells);
        k->givens = k->cells;
        return build(k, &k->board, false) ? OJD_OK : OJD_ERR_INVALID;
    }
    memset(k->given, 0, (size_t)k->cells);
    st = make_unique(k, ojd_generator_engine(gen), rng, p, o->clues);
    return st == OJD_LIMIT && k->ncages > OJD_MAX_CAGES ? OJD_ERR_INVALID : st;
}

ojd_status ojd_killer_generate(ojd_generator *gen, ojd_rng *rng, const ojd_generate_options *o,
                               const ojd_board *shape, ojd_board *puzzle, ojd_board *solution,
                               ojd_generate_info *info)
{
    if (o->minimal)
        return OJD_ERR_INVALID; /* a killer's minimality is its cages': not made */
    kwork *k = malloc(sizeof *k);
    ojd_board *best = malloc(2 * sizeof *best);
    if (!k || !best) {
        free(k);
        free(best);
        return OJD_ERR_NOMEM;
    }
    k->side = shape->side;
    k->cells = shape->side * shape->side;
    k->shape = *shape;
    k->nodes = 0;
    const kprofile *p = &profiles[o->grade + 1];
    unsigned attempts = o->grade == OJD_GRADE_ANY || o->solved ? 1
                        : o->attempts                         ? o->attempts
                                                              : 50;
    long best_penalty = -1;
    ojd_rating rating = {.size = sizeof rating}, best_rating = {.grade = OJD_GRADE_ANY};
    ojd_status st = OJD_OK;
    /* an attempt left undecided (the engine's budget, the rounds) is not counted: up to
     * UNDECIDED more grids until one puzzle is made */
    for (unsigned a = 0; best_penalty != 0 && (a < attempts || (best_penalty < 0 &&
                                                                a < attempts + UNDECIDED));
         a++) {
        info->attempts = a + 1;
        st = attempt(gen, k, rng, o, p);
        if (st == OJD_LIMIT)
            continue;
        if (st != OJD_OK)
            break;
        long penalty = o->solved ? 0 : grade_penalty(ojd_generator_rater(gen), k, o->grade,
                                                     &rating);
        if (best_penalty < 0 || penalty < best_penalty) {
            best_penalty = penalty;
            best[0] = k->board;
            best[1] = k->board;
            memcpy(best[1].cell, k->grid, (size_t)k->cells);
            best_rating = rating;
            info->clues = k->givens;
        }
    }
    if (best_penalty >= 0) {
        *puzzle = best[0];
        if (solution)
            *solution = best[1];
        info->grade = o->grade != OJD_GRADE_ANY && !o->solved ? best_rating.grade
                                                              : OJD_GRADE_ANY;
        st = best_penalty == 0 ? OJD_OK : OJD_LIMIT;
    } else if (st == OJD_OK || st == OJD_LIMIT) {
        st = OJD_ERR_INVALID; /* no attempt came out unique: not a layout this grid takes */
    }
    free(k);
    free(best);
    return st;
}
