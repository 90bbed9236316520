/*
 * generate.c -- random complete grids and puzzles with exactly one solution.
 *
 * A grid is the first solution the singles core (solve.h, the engine of the "mrv" solver) finds
 * from the empty grid with its values tried in an order shuffled by the caller's rng (restarted
 * on the rare runaway search).  A puzzle is made by visiting the symmetry orbits of the cells in
 * random order and removing each orbit's givens when the puzzle stays acceptable:
 *  - unique: the engine's default solver counts the solutions up to two within a node budget
 *    (check_budget: undecided counts as not removable); the grid is one of them, so one means
 *    it is the only one;
 *  - for a grade below extreme: the grader, limited to the techniques of that grade, still solves
 *    it (which also proves uniqueness) and grades it no higher.
 * One pass of single-cell removals leaves a minimal puzzle (removing more givens never restores
 * uniqueness); with symmetry, minimality is checked afterwards.  Targets (clues, minimal, grade)
 * are met by trying new grids, keeping the closest puzzle.  Every puzzle handed out is checked
 * once more by the engine's default solver at limit 2.  The result depends only on the rng stream.
 */
#include "gen.h"

#include <stdlib.h>
#include <string.h>

#define REGION_MAPS 100           /* jigsaw maps drawn, at most, for one that has a grid */
#define REGION_MAP_NODES 100000ULL /* the engine's budget to complete an empty jigsaw grid */
#define MAP_FILL_TRIES 100         /* random fills of a jigsaw map before its found grid */

struct ojd_generator {
    int box_rows, box_cols;   /* the shape the members below were made for (0 = none yet), and
                               * its unit set in board (set by prepare(); a question of
                               * uniqueness fills its cells) */
    ojd_geo *geo;
    ojd_singles *core;
    ojd_rater *rater;
    ojd_engine *engine;
    ojd_symmetry symmetry;    /* the orbits below are for this symmetry */
    int norbits;
    int orbit_start[OJD_MAX_CELLS + 1];
    int16_t orbit_cell[OJD_MAX_CELLS];
    int order[OJD_MAX_CELLS];
    uint8_t grid[OJD_MAX_CELLS], puzzle[OJD_MAX_CELLS], work[OJD_MAX_CELLS];
    /* the complete grid draw_regions() found for the jigsaw map in hand (has_map_grid), for
     * fill_grid() to fall back on where random fills of the map keep running out of budget */
    uint8_t map_grid[OJD_MAX_CELLS];
    bool has_map_grid;
    ojd_board board;
    ojd_result result;
};

ojd_generator *ojd_generator_new(void)
{
    ojd_generator *gen = calloc(1, sizeof *gen);
    if (!gen)
        return NULL;
    gen->engine = ojd_engine_new(NULL);
    if (!gen->engine) {
        free(gen);
        return NULL;
    }
    gen->symmetry = OJD_SYMMETRY_COUNT_;
    return gen;
}

static void drop_shape(ojd_generator *gen)
{
    ojd_rater_free(gen->rater);
    ojd_singles_free(gen->core);
    free(gen->geo);
    gen->rater = NULL;
    gen->core = NULL;
    gen->geo = NULL;
    gen->box_rows = gen->box_cols = 0;
}

void ojd_generator_free(ojd_generator *gen)
{
    if (!gen)
        return;
    drop_shape(gen);
    ojd_engine_free(gen->engine);
    free(gen);
}

ojd_engine *ojd_generator_engine(ojd_generator *gen) { return gen->engine; }
ojd_singles *ojd_generator_singles(ojd_generator *gen) { return gen->core; }
ojd_rater *ojd_generator_rater(ojd_generator *gen) { return gen->rater; }

/* The tables of shape's unit set (its boxes, or a variant's regions and extras), kept while the
 * puzzles keep it (a jigsaw's map is new with each puzzle: rebuilt then). */
static ojd_status prepare(ojd_generator *gen, const ojd_board *shape, ojd_symmetry sym)
{
    int box_rows = shape->box_rows, box_cols = shape->box_cols;
    if (gen->box_rows != box_rows || gen->box_cols != box_cols || !gen->geo ||
        !ojd_geo_fits_board(gen->geo, shape)) {
        drop_shape(gen);
        gen->geo = ojd_geo_new_units(shape);
        gen->core = gen->geo ? ojd_singles_new(gen->geo) : NULL;
        gen->rater = gen->core ? ojd_rater_new(gen->geo) : NULL;
        if (!gen->rater) {
            drop_shape(gen);
            return OJD_ERR_NOMEM;
        }
        gen->box_rows = box_rows;
        gen->box_cols = box_cols;
        gen->board = *shape;
        gen->symmetry = OJD_SYMMETRY_COUNT_;
    }
    if (gen->symmetry != sym) {
        /* orbits: closures under the map, each listed once, in cell order */
        int n = gen->geo->side, cells = gen->geo->cells, k = 0;
        uint8_t *seen = gen->work;
        memset(seen, 0, (size_t)cells);
        gen->norbits = 0;
        for (int i = 0; i < cells; i++) {
            if (seen[i])
                continue;
            gen->orbit_start[gen->norbits++] = k;
            for (int j = i; !seen[j]; j = ojd_symmetry_image(sym, n, j)) {
                seen[j] = 1;
                gen->orbit_cell[k++] = (int16_t)j;
            }
        }
        gen->orbit_start[gen->norbits] = k;
        OJD_ASSERT(k == cells); /* the orbits partition the cells */
        gen->symmetry = sym;
    }
    return OJD_OK;
}

static void shuffle(ojd_rng *rng, int *a, int n)
{
    for (int k = n - 1; k > 0; k--) {
        int j = (int)ojd_rng_below(rng, (uint64_t)k + 1);
        int t = a[k];
        a[k] = a[j], a[j] = t;
    }
}

/* A random complete grid in gen->grid. */
static ojd_status fill_grid(ojd_generator *gen, ojd_rng *rng)
{
    int cells = gen->geo->cells;
    ojd_search search = {.limit = 1, .max_nodes = 20ULL * (unsigned long long)cells};
    ojd_singles_opts opts = {.first_fewest = true, .budget_branches = true, .rng = rng};
    memset(gen->work, 0, (size_t)cells);
    ojd_singles_load(gen->core, gen->work, true);
    /* some jigsaw maps have few complete grids, and a random fill finds none in budget try after
     * try (seconds on one 9x9 map of the tests): after MAP_FILL_TRIES the map's own grid */
    int most = gen->has_map_grid ? MAP_FILL_TRIES : 1000;
    for (int tries = 0; tries < most; tries++) {
        ojd_status st = ojd_singles_search(gen->core, &search, &opts, &gen->result);
        if (st == OJD_OK) {
            memcpy(gen->grid, gen->result.solution.cell, (size_t)cells);
            return OJD_OK;
        }
        if (st != OJD_LIMIT)
            break; /* cannot happen: the empty grid has solutions */
    }
    if (gen->has_map_grid) {
        memcpy(gen->grid, gen->map_grid, (size_t)cells);
        return OJD_OK;
    }
    return OJD_ERR_NOMEM;
}

ojd_status ojd_generator_grid(ojd_generator *gen, ojd_rng *rng, uint8_t *grid)
{
    ojd_status st = fill_grid(gen, rng);
    if (st == OJD_OK)
        memcpy(grid, gen->grid, (size_t)gen->geo->cells);
    return st;
}

/*
 * Node budget of the engine per uniqueness question during removal: undecided means "keep the
 * given".  The 9x9 engine decides every question in microseconds, so 9x9 has a budget in name
 * only.  On larger grids the question is asked of the root only (one node): a removal is kept
 * when the large-grid engine's propagation (singles, locked candidates, all-different filtering)
 * still solves the whole grid, which proves the solution unique without a guess: the searches
 * that branch are the slow ones and rarely decide.
 */
static unsigned long long check_budget(const ojd_geo *g)
{
    return g->side <= 9 ? 100000ULL : 1ULL;
}

/*
 * The budget of the questions that prove a puzzle minimal (and of the second look at the givens
 * the removal pass kept): here a second solution must be found, not just propagated away,
 * which on 25x25 takes some 10000 nodes (docs/performance.md, "Notes moved from the source").
 */
static unsigned long long minimal_budget(const ojd_geo *g)
{
    return g->side <= 9 ? 100ULL * check_budget(g) : 10000ULL;
}

/* Has gen->puzzle (with cells[0..n) already removed) still only gen->grid as solution? */
static bool still_unique(ojd_generator *gen, const int16_t *cells, int n,
                         unsigned long long budget, bool *undecided)
{
    const ojd_geo *g = gen->geo;
    /* Fast path: a removed cell that sees every other value among the givens is forced, and so
     * are the cells of an orbit that all are (they are then determined one by one). */
    bool forced = true;
    for (int k = 0; k < n && forced; k++) {
        uint64_t seen = 0;
        for (int t = 0; t < 3; t++) {
            const int16_t *u = ojd_geo_unit(g, ojd_geo_unit_of(g, cells[k], t));
            for (int j = 0; j < g->side; j++)
                if (gen->puzzle[u[j]])
                    seen |= (uint64_t)1 << (gen->puzzle[u[j]] - 1);
        }
        forced = ojd_popcount64(seen) == g->side - 1;
    }
    if (forced)
        return true;
    /* The engine counts to two: the grid is a solution, so one solution means it is the only. */
    ojd_search search = {.limit = 2, .max_nodes = budget};
    memcpy(gen->board.cell, gen->puzzle, (size_t)g->cells);
    ojd_status st = ojd_engine_solve(gen->engine, &gen->board, &search, &gen->result);
    if (st == OJD_LIMIT)
        *undecided = true;
    return st == OJD_OK;
}

static bool acceptable(ojd_generator *gen, const ojd_generate_options *o, const int16_t *cells,
                       int n)
{
    if (o->grade >= OJD_GRADE_EASY && o->grade < OJD_GRADE_EXTREME) {
        /* singles alone (the core's propagation) settle most questions cheaply */
        ojd_singles_load(gen->core, gen->puzzle, true);
        if (ojd_singles_solved(gen->core))
            return true;
        if (o->grade == OJD_GRADE_EASY)
            return false;
        ojd_rating rating;
        return ojd_rater_run(gen->rater, gen->puzzle, NULL, o->grade, &rating, NULL, NULL) &&
               rating.grade <= o->grade;
    }
    bool undecided = false;
    return still_unique(gen, cells, n, check_budget(gen->geo), &undecided);
}

static int count_givens(const uint8_t *cells, int n)
{
    int k = 0;
    for (int i = 0; i < n; i++)
        k += cells[i] != 0;
    return k;
}

/* Proven minimal: every given's removal was shown to allow a second solution. */
static bool is_minimal(ojd_generator *gen)
{
    unsigned long long budget = minimal_budget(gen->geo);
    for (int i = 0; i < gen->geo->cells; i++) {
        if (!gen->puzzle[i])
            continue;
        int16_t c = (int16_t)i;
        bool undecided = false;
        gen->puzzle[i] = 0;
        bool removable = still_unique(gen, &c, 1, budget, &undecided);
        gen->puzzle[i] = gen->grid[i];
        if (removable || undecided)
            return false;
    }
    return true;
}

/* One attempt: a new grid and a removal pass; gen->puzzle holds the result. */
static ojd_status attempt(ojd_generator *gen, ojd_rng *rng, const ojd_generate_options *o)
{
    ojd_status st = fill_grid(gen, rng);
    if (st != OJD_OK)
        return st;
    int cells = gen->geo->cells, givens = cells;
    memcpy(gen->puzzle, gen->grid, (size_t)cells);
    for (int k = 0; k < gen->norbits; k++)
        gen->order[k] = k;
    shuffle(rng, gen->order, gen->norbits);
    for (int k = 0; k < gen->norbits; k++) {
        int a = gen->orbit_start[gen->order[k]], n = gen->orbit_start[gen->order[k] + 1] - a;
        const int16_t *orb = gen->orbit_cell + a;
        if (o->clues && givens - n < o->clues)
            continue;
        for (int j = 0; j < n; j++)
            gen->puzzle[orb[j]] = 0;
        if (acceptable(gen, o, orb, n)) {
            givens -= n;
            if (o->clues && givens == o->clues)
                break;
        } else {
            for (int j = 0; j < n; j++)
                gen->puzzle[orb[j]] = gen->grid[orb[j]];
        }
    }
    /* --minimal on a large grid: the givens kept because their question was undecided get a
     * second look with a larger budget (single cells: only without symmetry or other targets) */
    if (o->minimal && gen->geo->side > 9 && o->symmetry == OJD_SYMMETRY_NONE && !o->clues &&
        o->grade == OJD_GRADE_ANY) {
        unsigned long long budget = minimal_budget(gen->geo);
        for (int k = 0; k < gen->norbits; k++) {
            int16_t c = gen->orbit_cell[gen->orbit_start[gen->order[k]]];
            bool undecided = false;
            if (!gen->puzzle[c])
                continue;
            gen->puzzle[c] = 0;
            if (!still_unique(gen, &c, 1, budget, &undecided))
                gen->puzzle[c] = gen->grid[c];
        }
    }
    return OJD_OK;
}

/* The options with their defaults filled in (*o) and the shape they ask for (*shape), its
 * variant's extra units set; OJD_ERR_INVALID for options no puzzle fits. */
static ojd_status check_options(const ojd_generate_options *options, ojd_generate_options *o,
                                ojd_board *shape)
{
    *o = options ? *options : (ojd_generate_options){0};
    if (o->side == 0)
        o->side = 9;
    if (o->symmetry < 0 || o->symmetry >= OJD_SYMMETRY_COUNT_ || o->grade < OJD_GRADE_ANY ||
        o->grade >= OJD_GRADE_COUNT_ || o->clues < 0)
        return OJD_ERR_INVALID;
    /* the shape: the one asked for, else the side's conventional one */
    if (o->box_rows || o->box_cols) {
        if ((options->side && options->side != o->box_rows * o->box_cols) ||
            ojd_board_init(shape, o->box_rows, o->box_cols) != OJD_OK)
            return OJD_ERR_INVALID;
        o->side = shape->side;
    } else if (ojd_board_init_side(shape, o->side) != OJD_OK) {
        return OJD_ERR_INVALID;
    }
    if (o->clues > o->side * o->side || (o->units & ~OJD_UNITS_ALL))
        return OJD_ERR_INVALID;
    if ((o->units & OJD_UNITS_EXTRAS) &&
        ojd_board_set_extras(shape, o->units & OJD_UNITS_EXTRAS) != OJD_OK)
        return OJD_ERR_INVALID;
    return OJD_OK;
}

/* A jigsaw's regions in place of the boxes, drawn before anything else so that the rest of the
 * stream is used as for any puzzle.  Not every region map has a complete grid, less so with the
 * extras (the windoku windows cut across the regions): a map is kept when the engine completes
 * the empty grid within a budget, else another is drawn. */
static ojd_status draw_regions(ojd_generator *gen, ojd_rng *rng, const ojd_generate_options *o,
                               ojd_board *shape)
{
    uint8_t region[OJD_MAX_CELLS];
    for (int map = 0; map < REGION_MAPS; map++) {
        if (o->box_rows || o->box_cols || ojd_regions_random(o->side, rng, region) != OJD_OK ||
            ojd_board_set_regions(shape, region, NULL) != OJD_OK)
            return OJD_ERR_INVALID;
        ojd_search search = {.limit = 1, .max_nodes = REGION_MAP_NODES};
        if (ojd_engine_solve(gen->engine, shape, &search, &gen->result) == OJD_OK) {
            memcpy(gen->map_grid, gen->result.solution.cell,
                   (size_t)o->side * (size_t)o->side);
            gen->has_map_grid = true;
            return OJD_OK;
        }
    }
    return OJD_ERR_INVALID; /* no map of this variant found a complete grid */
}

/* How far gen->puzzle is from the targets, grade first, then minimality, then clues (0 = every
 * target met); *rating gets its grade when a grade is asked for. */
static long target_penalty(ojd_generator *gen, const ojd_generate_options *o, ojd_rating *rating)
{
    int givens = count_givens(gen->puzzle, o->side * o->side);
    long penalty = 0;
    memset(rating, 0, sizeof *rating);
    if (o->solved)
        return 0;
    if (o->grade == OJD_GRADE_EXTREME) {
        /* stuck with every basic technique = extreme (the rater then says so itself); solved =
         * the grade it found, which is what a missed target reports */
        if (ojd_rater_run(gen->rater, gen->puzzle, NULL, OJD_GRADE_EXPERT, rating, NULL, NULL))
            penalty += 1000000L * (long)(OJD_GRADE_EXTREME - rating->grade);
    } else if (o->grade != OJD_GRADE_ANY) {
        ojd_rater_run(gen->rater, gen->puzzle, NULL, OJD_GRADE_EXTREME, rating, NULL, NULL);
        long diff = (long)rating->grade - (long)o->grade;
        penalty += 1000000L * (diff < 0 ? -diff : diff);
    }
    if (o->minimal &&
        (o->symmetry != OJD_SYMMETRY_NONE || o->clues || o->grade != OJD_GRADE_ANY ||
         o->side > 9) &&
        penalty == 0 && !is_minimal(gen))
        penalty += 100000L;
    if (o->clues)
        penalty += givens > o->clues ? givens - o->clues : o->clues - givens;
    return penalty;
}

ojd_status ojd_generate(ojd_generator *gen, ojd_rng *rng, const ojd_generate_options *options,
                        ojd_board *puzzle, ojd_board *solution, ojd_generate_info *info)
{
    ojd_generate_info dummy;
    if (!info)
        info = &dummy;
    memset(info, 0, sizeof *info);
    if (!gen || !rng || !puzzle)
        return OJD_ERR_INVALID;
    ojd_generate_options o;
    ojd_board shape;
    ojd_status st = check_options(options, &o, &shape);
    gen->has_map_grid = false;
    if (st == OJD_OK && (o.units & OJD_UNITS_REGIONS))
        st = draw_regions(gen, rng, &o, &shape);
    if (st == OJD_OK)
        st = prepare(gen, &shape, o.symmetry);
    if (st != OJD_OK)
        return st;
    if (o.units & OJD_UNITS_KILLER) /* cages in place of removed givens: killer.c */
        return ojd_killer_generate(gen, rng, &o, &shape, puzzle, solution, info);
    int cells = o.side * o.side;
    unsigned attempts = o.attempts ? o.attempts : o.side <= 9 ? 1000 : 20;
    bool targeted = o.clues || o.minimal || o.grade != OJD_GRADE_ANY;
    if (!targeted || o.solved)
        attempts = 1;

    long best_penalty = -1;
    ojd_board best = shape, best_solution = shape;
    ojd_rating best_rating;
    memset(&best_rating, 0, sizeof best_rating);
    for (unsigned a = 0; a < attempts; a++) {
        info->attempts = a + 1;
        if (o.solved) {
            st = fill_grid(gen, rng);
            if (st != OJD_OK)
                return st;
            memcpy(gen->puzzle, gen->grid, (size_t)cells);
        } else {
            st = attempt(gen, rng, &o);
            if (st != OJD_OK)
                return st;
        }
        ojd_rating rating;
        long penalty = target_penalty(gen, &o, &rating);
        if (best_penalty < 0 || penalty < best_penalty) {
            best_penalty = penalty;
            best = shape;
            best_solution = shape;
            memcpy(best.cell, gen->puzzle, (size_t)cells);
            memcpy(best_solution.cell, gen->grid, (size_t)cells);
            best_rating = rating;
        }
        if (penalty == 0)
            break;
    }
    /* the engine's default solver has the last word on uniqueness */
    ojd_search search = {.limit = 2};
    st = ojd_engine_solve(gen->engine, &best, &search, &gen->result);
    if (st != OJD_OK)
        return st < 0 ? st : OJD_ERR_USAGE; /* a generator bug: never hand out such a puzzle */
    if (memcmp(gen->result.solution.cell, best_solution.cell, (size_t)cells) != 0)
        return OJD_ERR_USAGE;
    *puzzle = best;
    if (solution)
        *solution = best_solution;
    info->clues = count_givens(best.cell, cells);
    info->grade = o.grade != OJD_GRADE_ANY && !o.solved ? best_rating.grade : OJD_GRADE_ANY;
    return best_penalty == 0 ? OJD_OK : OJD_LIMIT;
}
