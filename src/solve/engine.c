/*
 * engine.c -- the solver registry, "auto" (the default) and ojd_engine: one
 * solver run over a batch of puzzles of mixed shapes, with the checks every solver relies on
 * (valid shape and values, no conflicting givens) and the lexicographic-minimum request, which is
 * built on top of any solver so that no solver has to order its search for it.
 */
#define _POSIX_C_SOURCE 200809L
#include "solve.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

/* ---- registry ---------------------------------------------------------------------------- */

/* The rows of solvers.def, in order. */
static const ojd_solver *const registry[] = {
#define OJD_SOLVER(name) &ojd_solver_##name,
#include "solvers.def"
#undef OJD_SOLVER
    NULL,
};

const ojd_solver *const *ojd_solver_list(void) { return registry; }

const char *ojd_solver_name(const ojd_solver *solver) { return solver->name; }
const char *ojd_solver_summary(const ojd_solver *solver) { return solver->summary; }
int ojd_solver_max_side(const ojd_solver *solver) { return solver->max_side; }

const ojd_solver *ojd_solver_find(const char *name)
{
    if (!name)
        return NULL;
    for (const ojd_solver *const *s = registry; *s; s++)
        if (strcmp((*s)->name, name) == 0)
            return *s;
    return NULL;
}

/* ---- auto: the default --------------------------------------------------------------------- */

/*
 * "auto" is the name the command line, the engine (ojd_engine_new(NULL)) and the generator's
 * last check use for the default, and it is "fast" under that name (one forwarding call): fast
 * is the fastest registered solver on real puzzles of every size (docs/performance.md).  A solver
 * that wins at some size belongs in fast's own dispatch on the shape, so that both names gain it.
 */
static void *auto_create(int box_rows, int box_cols)
{
    return ojd_solver_fast.create(box_rows, box_cols);
}

static void auto_destroy(void *state) { ojd_solver_fast.destroy(state); }

static ojd_status auto_solve(void *state, const ojd_board *in, const ojd_search *search,
                             ojd_result *out)
{
    return ojd_solver_fast.solve(state, in, search, out);
}

const ojd_solver ojd_solver_auto = {
    .name = "auto",
    .summary = "the best registered solver for the grid size (default)",
    .max_side = OJD_MAX_SIDE,
    .create = auto_create,
    .destroy = auto_destroy,
    .solve = auto_solve,
    .checks_givens = true, /* as fast */
    .checks_units = true,
    .takes_cages = true,
};

/* ---- engine ------------------------------------------------------------------------------ */

/* One solver state per box shape and kind of unit set (classic, or any other: a solver's general
 * path follows the unit set of the puzzle in hand), created on first use.  Classic puzzles and
 * jigsaws of one side keep apart states, so a batch that mixes them rebuilds nothing. */
typedef struct engine_slot {
    int box_rows, box_cols;
    bool classic;
    void *state;
} engine_slot;

struct ojd_engine {
    const ojd_solver *solver;
    engine_slot slots[2 * OJD_MAX_BOX * OJD_MAX_BOX];
    int used;
};

ojd_engine *ojd_engine_new(const ojd_solver *solver)
{
    ojd_engine *e = calloc(1, sizeof *e);
    if (!e)
        return NULL;
    e->solver = solver ? solver : &ojd_solver_auto;
    return e;
}

void ojd_engine_free(ojd_engine *engine)
{
    if (!engine)
        return;
    for (int i = 0; i < engine->used; i++)
        if (engine->solver->destroy)
            engine->solver->destroy(engine->slots[i].state);
    free(engine);
}

/* The state for a shape; *status is OJD_ERR_NOMEM when it could not be created. */
static void *engine_state(ojd_engine *e, const ojd_board *b, ojd_status *status)
{
    *status = OJD_OK;
    bool classic = b->units == 0;
    for (int i = 0; i < e->used; i++)
        if (e->slots[i].box_rows == b->box_rows && e->slots[i].box_cols == b->box_cols &&
            e->slots[i].classic == classic)
            return e->slots[i].state;
    void *state = NULL;
    if (e->solver->create) {
        state = e->solver->create(b->box_rows, b->box_cols);
        if (!state) {
            *status = OJD_ERR_NOMEM;
            return NULL;
        }
    }
    e->slots[e->used++] = (engine_slot){b->box_rows, b->box_cols, classic, state};
    return state;
}

/* Work spent on one puzzle over all the searches made for it. */
typedef struct search_spent {
    unsigned long long nodes, guesses;
} search_spent;

/* Runs the solver with the remaining budget, adding its counters to *total. */
static ojd_status run(ojd_engine *e, void *state, const ojd_board *b, ojd_search search,
                      double deadline, ojd_result *out, search_spent *total)
{
    if (search.max_nodes) {
        if (total->nodes >= search.max_nodes)
            return OJD_LIMIT;
        search.max_nodes -= total->nodes;
    }
    if (deadline > 0) {
        search.max_seconds = deadline - ojd_now_seconds();
        if (search.max_seconds <= 0)
            return OJD_LIMIT;
    }
    /* the counters only: a 4 KiB memset of the solution board per puzzle costs more than
     * reading the puzzle (the solution is defined only when solutions >= 1) */
    out->solutions = 0;
    out->nodes = 0;
    out->guesses = 0;
    ojd_status st = e->solver->solve(state, b, &search, out);
    total->nodes += out->nodes;
    total->guesses += out->guesses;
    return st;
}

/*
 * Lexicographic minimum of a puzzle known to be solvable: fix the empty cells in row-major order,
 * each to the smallest value with which the rest still has a solution.  At most cells * side
 * first-solution searches, whatever order the solver searches in.
 */
static ojd_status lexmin(ojd_engine *e, void *state, const ojd_board *in, ojd_search search,
                         double deadline, search_spent *total, ojd_board *solution)
{
    ojd_board work = *in;
    ojd_result probe;
    int cells = ojd_board_cells(&work);
    search.limit = 1;
    search.lexmin = false;
    for (int i = 0; i < cells; i++) {
        if (work.cell[i])
            continue;
        bool placed = false;
        for (int v = 1; v <= work.side && !placed; v++) {
            if (!ojd_board_fits(&work, i, v))
                continue;
            work.cell[i] = (uint8_t)v;
            ojd_status st = run(e, state, &work, search, deadline, &probe, total);
            if (st == OJD_LIMIT || st < 0)
                return st;
            if (probe.solutions > 0)
                placed = true;
            else
                work.cell[i] = 0;
        }
        if (!placed)
            return OJD_UNSOLVABLE; /* cannot happen for a solvable puzzle */
    }
    *solution = work;
    return OJD_OK;
}

/*
 * One pass over the cells with a bitmask per row, column and box: OJD_ERR_INVALID for a value
 * out of range, else OJD_CONFLICT for a repeat.  (ojd_board_find_conflict() says where; this only
 * says whether, because every solve by a solver without checks_givens starts here.)  The loop has
 * no data-dependent branch: an empty cell contributes the bit 0, and a repeat or a bad value is
 * only recorded, so the givens, scattered at random, cost no mispredictions (they were most of
 * this function's time).
 */
ojd_status ojd_givens_check(const ojd_board *b)
{
    if (b->units != 0) {
        /* another unit set: the board's own scan of every unit (not a hot path) */
        int cells = b->side * b->side;
        for (int i = 0; i < cells; i++)
            if (b->cell[i] > b->side)
                return OJD_ERR_INVALID;
        return ojd_board_find_conflict(b, NULL) ? OJD_CONFLICT : OJD_OK;
    }
    uint64_t cols[OJD_MAX_SIDE], boxes[OJD_MAX_SIDE];
    int side = b->side, box_rows = b->box_rows, box_cols = b->box_cols;
    memset(cols, 0, (size_t)side * sizeof cols[0]);
    memset(boxes, 0, (size_t)side * sizeof boxes[0]);
    uint64_t repeated = 0;
    unsigned out_of_range = 0;
    const uint8_t *cell = b->cell;
    for (int r = 0; r < side; r++) {
        uint64_t row = 0;
        uint64_t *box = &boxes[ojd_box_of(box_rows, box_cols, r, 0)];
        for (int c = 0; c < side; box++) {
            uint64_t in_box = *box;
            for (int end = c + box_cols; c < end; c++) {
                unsigned v = *cell++;
                out_of_range |= v > (unsigned)side;
                uint64_t bit = (uint64_t)(v != 0) << ((v - 1) & 63); /* 0 for an empty cell */
                repeated |= (row | cols[c] | in_box) & bit;
                row |= bit;
                cols[c] |= bit;
                in_box |= bit;
            }
            *box = in_box;
        }
    }
    if (out_of_range)
        return OJD_ERR_INVALID;
    return repeated ? OJD_CONFLICT : OJD_OK;
}

/* A board the givens check refused, under a validity method: a cell outside the alphabet
 * (OJD_CELL_OUTSIDE) makes it no solution, OJD_CONFLICT, unless something else is wrong with it
 * (another value above side; a blank where the grid must be complete): OJD_ERR_INVALID. */
static ojd_status outside_verdict(const ojd_board *b, ojd_method method)
{
    int cells = ojd_board_cells(b);
    bool outside = false;
    for (int i = 0; i < cells; i++) {
        unsigned v = b->cell[i];
        if (v == OJD_CELL_OUTSIDE)
            outside = true;
        else if (v > (unsigned)b->side || (v == 0 && method == OJD_METHOD_COMPLETE))
            return OJD_ERR_INVALID;
    }
    return outside ? OJD_CONFLICT : OJD_ERR_INVALID;
}

/* A task other than solving: the givens check, then what the task asks (methods.c).  Its own
 * function so that a program that only searches (a validator) leaves it out (package_trim.c). */
static ojd_status run_method(const ojd_board *board, const ojd_search *search, ojd_result *out)
{
    if ((unsigned)search->method >= OJD_METHOD_COUNT_)
        return OJD_ERR_INVALID;
    /* the judge problems' other tasks are classic Sudoku's (boxes, no extra units) */
    if (board->units != 0 && search->method != OJD_METHOD_GIVENS &&
        search->method != OJD_METHOD_COMPLETE)
        return OJD_ERR_USAGE;
    ojd_status valid = ojd_givens_check(board);
    if (valid == OJD_ERR_INVALID &&
        (search->method == OJD_METHOD_GIVENS || search->method == OJD_METHOD_COMPLETE))
        return outside_verdict(board, search->method);
    if (valid != OJD_OK || search->method == OJD_METHOD_GIVENS)
        return valid;
    if (search->method == OJD_METHOD_COMPLETE)
        return memchr(board->cell, 0, (size_t)ojd_board_cells(board)) ? OJD_ERR_INVALID
                                                                       : OJD_OK;
    if (search->method == OJD_METHOD_TARGET)
        return ojd_target_best(board, search, out);
    valid = search->method == OJD_METHOD_CROSS_HATCHING ? ojd_cross_hatch(board, &out->solution)
                                                        : ojd_anti_sudoku(board, &out->solution);
    out->solutions = valid == OJD_OK;
    return valid;
}

ojd_status ojd_engine_solve(ojd_engine *engine, const ojd_board *board, const ojd_search *search,
                            ojd_result *out)
{
    ojd_search s = search ? *search : (ojd_search){0};
    if (!engine || !board || !out)
        return OJD_ERR_INVALID;
    /* not the whole result: its 4 KiB solution board is defined only when solutions >= 1 */
    out->solutions = 0;
    out->nodes = 0;
    out->guesses = 0;
    if (s.limit == 0)
        s.limit = 1;
    if (board->side > engine->solver->max_side)
        return OJD_ERR_INVALID;
    if (board->side != board->box_rows * board->box_cols || board->box_rows < 1 ||
        board->box_cols < 1 || board->box_rows > OJD_MAX_BOX || board->box_cols > OJD_MAX_BOX)
        return OJD_ERR_INVALID;
    /* a unit set other than the classic one must be one the solvers can take: known units, a
     * region map that partitions the grid into side cells a region (connectedness, which
     * ojd_board_set_regions() and the readers check, is no solver's concern) */
    if (board->units != 0 && (s.method != OJD_METHOD_SEARCH || !engine->solver->checks_units) &&
        !ojd_board_units_usable(board))
        return OJD_ERR_INVALID;
    if ((board->units & OJD_UNITS_KILLER) && !engine->solver->takes_cages)
        return OJD_ERR_USAGE;
    out->score = 0;
    if (s.method != OJD_METHOD_SEARCH)
        return run_method(board, &s, out);
    if (!engine->solver->checks_givens) {
        ojd_status valid = ojd_givens_check(board);
        if (valid != OJD_OK)
            return valid;
    }

    ojd_status st;
    void *state = engine_state(engine, board, &st);
    if (st != OJD_OK)
        return st;
    double deadline = s.max_seconds > 0 ? ojd_now_seconds() + s.max_seconds : 0;
    /* lexmin must know whether the first solution is the only one, so it looks for two. */
    unsigned long asked = s.limit;
    if (s.lexmin && s.limit < 2)
        s.limit = 2;
    /* The first search writes straight into *out (no copy of the board). */
    search_spent spent = {0, 0};
    st = run(engine, state, board, s, deadline, out, &spent);
    unsigned long found = out->solutions;
    out->solutions = found < asked ? found : asked;
    if (found > 0 && board->units != 0)
        ojd_board_copy_units(&out->solution, board); /* whatever the solver wrote of it */
    bool smallest = st >= 0 && st != OJD_LIMIT && found > 1 && s.lexmin;
    if (smallest)
        st = lexmin(engine, state, board, s, deadline, &spent, &out->solution);
    out->nodes = spent.nodes;
    out->guesses = spent.guesses;
    /* errors, budget stops and (from a solver that checks givens) conflicts are final */
    if (st < 0 || st == OJD_LIMIT || st == OJD_CONFLICT || (smallest && st != OJD_OK))
        return st;
    if (found == 0)
        return OJD_UNSOLVABLE;
    return out->solutions > 1 ? OJD_MULTIPLE : OJD_OK;
}
