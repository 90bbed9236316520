/*
 * solve.h -- the face of the solve layer (src/solve), private: the solver contract every
 * solver_NAME.c fulfils, the search budget (budget.c), the engine's givens check, the registered
 * solvers, the singles + MRV core (singles.c) and the two halves of "fast".  Nothing here is API.
 * Layer rule: solve includes core only.
 */
#ifndef OJD_SOLVE_H
#define OJD_SOLVE_H

#include "core/core.h"

/* A hot inner step of a solver, inlined even where the compiler would call it (solver_fast.c's
 * word updates, solver_fast_large.c's removal of candidates: a call there costs about a third of
 * the step). */
#if defined(__GNUC__)
#define OJD_ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define OJD_ALWAYS_INLINE inline
#endif
/* A rare branch of a hot step kept out of line, so that the step stays small and the common
 * path saves no registers for it (singles.c's placement on a killer board; its cost inlined:
 * docs/performance.md, "Notes moved from the source"). */
#if defined(__GNUC__)
#define OJD_NOINLINE __attribute__((noinline))
#else
#define OJD_NOINLINE
#endif

/*
 * A solver (opaque in ojdoku.h): one const instance per solver_NAME.c file, listed in the
 * registry.  solve() must count solutions exactly up to search->limit, put the first one found in
 * out->solution, count nodes and guesses, return OJD_LIMIT when the budget runs out
 * (ojd_budget_exhausted() below), and touch no global state.  It may assume board->side <=
 * max_side.  Unless checks_givens is set it may also assume the givens are valid (in range, no
 * value repeated in a unit): the engine checks them first; unless checks_units is set, that the
 * unit set is usable (ojd_board_units_usable()).
 */
struct ojd_solver {
    const char *name;
    const char *summary;
    int max_side;
    void *(*create)(int box_rows, int box_cols); /* per-shape state; NULL result = out of memory */
    void (*destroy)(void *state);
    ojd_status (*solve)(void *state, const ojd_board *in, const ojd_search *search,
                        ojd_result *out);
    /* true: solve() validates the givens itself and returns OJD_ERR_INVALID for a value above
     * side and OJD_CONFLICT for a repeat, exactly as the engine's check would, so the engine
     * skips that check (a second pass over the board). */
    bool checks_givens;
    /* true: solve() also validates a unit set other than the classic one (known units, a
     * region map that is side regions of side cells) and returns OJD_ERR_INVALID exactly where
     * ojd_board_units_usable() is false, before any OJD_CONFLICT, so the engine skips that test
     * when it searches ("fast" reads the map once, for its tables and the test together). */
    bool checks_units;
    /* true: solve() keeps a killer board's cages (OJD_UNITS_KILLER) as well as its units; the
     * engine gives a board with cages to no other solver (OJD_ERR_USAGE). */
    bool takes_cages;
};

/*
 * The search budget.  Solvers call ojd_budget_exhausted() once per node with their running node
 * count; it compares against the node budget every time and reads the clock only every
 * OJD_CLOCK_STRIDE nodes, so the check costs a compare on the hot path.
 */
#define OJD_CLOCK_STRIDE 4096ULL

typedef struct ojd_budget {
    unsigned long long max_nodes;   /* 0 = unlimited */
    double deadline;                /* monotonic seconds, 0 = none */
    unsigned long long next_clock;  /* node count at which to read the clock next */
    bool exhausted;                 /* sticky once the budget ran out */
} ojd_budget;

double ojd_now_seconds(void);
void ojd_budget_start(ojd_budget *budget, const ojd_search *search);
bool ojd_budget_clock_expired(ojd_budget *budget, unsigned long long nodes);

static inline bool ojd_budget_exhausted(ojd_budget *budget, unsigned long long nodes)
{
    if (budget->exhausted)
        return true;
    if (budget->max_nodes && nodes > budget->max_nodes)
        return budget->exhausted = true;
    if (budget->deadline > 0 && nodes >= budget->next_clock)
        return ojd_budget_clock_expired(budget, nodes);
    return false;
}

/*
 * The outcome of a finished search, the one rule every solver returns by: running out of budget
 * before `limit` solutions were found is OJD_LIMIT (undecided); otherwise the count decides.
 */
static inline ojd_status ojd_search_status(const ojd_budget *budget, unsigned long solutions,
                                           unsigned long limit)
{
    if (budget->exhausted && solutions < limit)
        return OJD_LIMIT;
    if (solutions == 0)
        return OJD_UNSOLVABLE;
    return solutions > 1 ? OJD_MULTIPLE : OJD_OK;
}

static inline unsigned long ojd_search_limit(const ojd_search *search)
{
    return search && search->limit ? search->limit : 1;
}

/* Where every solve starts: the result's counters at zero whatever the caller left in *out, and
 * the budget started.  Returns the number of solutions to stop at. */
static inline unsigned long ojd_search_begin(ojd_result *out, const ojd_search *search,
                                             ojd_budget *budget)
{
    out->solutions = 0;
    out->nodes = out->guesses = 0;
    ojd_budget_start(budget, search);
    return ojd_search_limit(search);
}
/* The engine's givens check: OJD_ERR_INVALID for a value above side, else OJD_CONFLICT for a
 * value repeated in a row, column or box, else OJD_OK.  For solvers with checks_givens. */
ojd_status ojd_givens_check(const ojd_board *board);

/* The methods other than a search (methods.c; ojd_method says what each returns).  The givens
 * check has passed: the board's givens repeat nothing. */
ojd_status ojd_cross_hatch(const ojd_board *in, ojd_board *out);
ojd_status ojd_target_best(const ojd_board *in, const ojd_search *search, ojd_result *out);
ojd_status ojd_anti_sudoku(const ojd_board *in, ojd_board *out);

/* The registered solvers: ojd_solver_NAME for each row of solvers.def. */
#define OJD_SOLVER(name) extern const ojd_solver ojd_solver_##name;
#include "solvers.def"
#undef OJD_SOLVER

/* ---- killer cages, as the seed solvers check them (cages.c) ------------------------------- */
/*
 * The cages of a killer board (OJD_UNITS_KILLER) with the values placed in them so far: what
 * dfs's oracle (ojd_board_fits()) scans the board for, kept up to date as a search places and
 * takes back values, so that bitmask, mrv and dlx ask it in O(1) (the rule: ojd_cages_allowed()).
 * Invariant: used[k], left[k] and open[k] are exactly those of the values placed in cage k
 * (ojd_cages_place() and not yet ojd_cages_unplace()).  Cage 0 stands for "no cage": place and
 * unplace write its entries too (no branch), and nothing reads them.
 */
typedef struct ojd_cages {
    int side, count;
    uint64_t all;                      /* every value: ojd_all_values(side) */
    int lo[OJD_MAX_SIDE + 1];          /* the sums n distinct values can make: lo[n] .. hi[n] */
    int hi[OJD_MAX_SIDE + 1];          /* (n = 0: exactly 0) */
    int sum[OJD_MAX_CAGES + 1];        /* each cage's sum ([0] = 0) */
    uint64_t used[OJD_MAX_CAGES + 1];  /* the values placed in each cage */
    int left[OJD_MAX_CAGES + 1];       /* its sum less the values placed */
    int open[OJD_MAX_CAGES + 1];       /* its empty cells */
    int start[OJD_MAX_CAGES + 2];      /* cage k's cells: cells[start[k] .. start[k + 1]) */
    int16_t cells[OJD_MAX_CELLS];      /* row-major within each cage */
    uint8_t cage[OJD_MAX_CELLS];       /* each cell's cage, 0 = in none */
} ojd_cages;

/* Takes board's cages (OJD_UNITS_KILLER, valid: the engine checked them) with nothing placed. */
void ojd_cages_init(ojd_cages *c, const ojd_board *board);
/* Takes every value back: the state ojd_cages_init() left. */
void ojd_cages_clear(ojd_cages *c);
/* ojd_cages_init(), then board's givens placed: false when they break a cage (a repeat, or a sum
 * the rest cannot make: what ojd_board_find_conflict() reports), and then nothing may be asked
 * of c but another load or init. */
bool ojd_cages_load(ojd_cages *c, const ojd_board *board);

/* The values empty cell i may take by its cage (every value when it is in none): those new in
 * the cage that leave a rest of its sum the cage's other empty cells can make with distinct
 * values of 1..side (ojd_cage_sum_range()): exactly 0 when the value fills the cage.  Every
 * solution passes this at every placement in any order (it asks only what a completion needs),
 * so no solution is lost, and a grid a search completes is a killer solution: counts stay exact. */
static inline uint64_t ojd_cages_allowed(const ojd_cages *c, int i)
{
    int k = c->cage[i];
    if (!k)
        return c->all;
    int rest = c->open[k] - 1, vmin = c->left[k] - c->hi[rest], vmax = c->left[k] - c->lo[rest];
    if (vmin < 1)
        vmin = 1;
    if (vmax > c->side)
        vmax = c->side;
    if (vmin > vmax)
        return 0;
    return ojd_all_values(vmax) & ~ojd_all_values(vmin - 1) & ~c->used[k];
}

/* May value v (1..side) go in empty cell i by its cage? */
static inline bool ojd_cages_fits(const ojd_cages *c, int i, int v)
{
    return ojd_cages_allowed(c, i) >> (v - 1) & 1;
}

/* Value v goes in empty cell i (it fits, or a load is checking givens), and is taken back. */
static inline void ojd_cages_place(ojd_cages *c, int i, int v)
{
    int k = c->cage[i];
    c->used[k] |= (uint64_t)1 << (v - 1);
    c->left[k] -= v;
    c->open[k]--;
}
static inline void ojd_cages_unplace(ojd_cages *c, int i, int v)
{
    int k = c->cage[i];
    c->used[k] &= ~((uint64_t)1 << (v - 1));
    c->left[k] += v;
    c->open[k]++;
}

/* The cells of cell i's cage (*n of them; none when it is in no cage). */
static inline const int16_t *ojd_cages_mates(const ojd_cages *c, int i, int *n)
{
    int k = c->cage[i];
    *n = k ? c->start[k + 1] - c->start[k] : 0;
    return c->cells + c->start[k];
}

/* ---- the singles + MRV core (singles.c) ----------------------------------------------------- */
/*
 * the singles + MRV search core (singles.c), private: the "mrv" solver is this core
 * with its defaults, and the generator and the grader ask it their "how many solutions?"
 * questions with the extras below.  Nothing here is API.
 *
 * Usage: ojd_singles_new() for a shape, then per question ojd_singles_load() the givens and
 * ojd_singles_search() from them, as often as wanted (a settled load is kept across searches).
 */
typedef struct ojd_singles ojd_singles;

/* How a search branches and counts beyond the defaults (all zero: the "mrv" solver). */
typedef struct ojd_singles_opts {
    /* Ties on fewest candidates: false = most unplaced peers, then the lowest index (mrv's rule,
     * far fewer nodes on 16x16); true = the lowest index (cheaper per node; the generator's
     * rule, on which the puzzles of every --seed depend). */
    bool first_fewest;
    /* The node budget counts only the nodes that branch, as the generator's budgets were set,
     * instead of every node. */
    bool budget_branches;
    /* NULL: a cell's values in increasing order; else shuffled with it at every branch. */
    ojd_rng *rng;
    /* forbid_value > 0: only the solutions without forbid_value in forbid_cell (the generator's
     * "is there another solution?").  Needs a settled load. */
    int forbid_cell, forbid_value;
} ojd_singles_opts;

/* A core for geo's shape (geo must outlive it); NULL when out of memory. */
ojd_singles *ojd_singles_new(const ojd_geo *geo);
void ojd_singles_free(ojd_singles *s); /* NULL is allowed */
/* Points the core at geo instead: another unit set of the same side (a jigsaw's regions, extra
 * units).  geo must outlive it; load again before searching. */
void ojd_singles_use_geo(ojd_singles *s, const ojd_geo *geo);
/* Keeps board's cages (OJD_UNITS_KILLER; NULL or a board without them: none) in every search
 * from now on, with every placement checked against them (ojd_cages).  Load again before
 * searching.  false when out of memory (then no cages). */
bool ojd_singles_use_cages(ojd_singles *s, const ojd_board *board);

/*
 * Starts from the givens cells[0..cells) (0 = empty, values in range): places them, and with
 * settle also runs singles to the fixpoint.  false when that meets a contradiction (then every
 * search finds nothing).  Without settle, propagating the givens is the search's first node and
 * is not undone afterwards: load again before another search (mrv loads for every solve).
 */
bool ojd_singles_load(ojd_singles *s, const uint8_t *cells, bool settle);

/* After a settled load: did singles alone fill the grid, without contradiction? */
bool ojd_singles_solved(const ojd_singles *s);

/*
 * Counts solutions from the loaded state up to search->limit (NULL search: first solution, no
 * budget) as a solver does: out gets the count, nodes, guesses and the first solution (cells and
 * shape; the rest of the board is left alone).  Returns the solver outcome (ojd_search_status:
 * OJD_LIMIT when the budget ran out first).  A settled load is unchanged afterwards.
 */
ojd_status ojd_singles_search(ojd_singles *s, const ojd_search *search,
                              const ojd_singles_opts *opts, ojd_result *out);

/* ---- "fast" (solver_fast.c, solver_fast_large.c) --------------------------------------------- */
/*
 * the two halves of the "fast" solver: a 9x9 bitboard engine (solver_fast.c) and a
 * strong-propagation engine for every other shape (solver_fast_large.c).  solver_fast.c registers
 * "fast" and dispatches on the shape; the large engine exposes the usual three entry points.
 */
void *ojd_fast_large_create(int box_rows, int box_cols);
void ojd_fast_large_destroy(void *state);
/* Checks the givens itself, as "fast" promises (checks_givens). */
ojd_status ojd_fast_large_solve(void *state, const ojd_board *in, const ojd_search *search,
                                ojd_result *out);

/*
 * The general path of "fast" for 9x9 grids of any other unit set (units9.c: digit planes over
 * the unit set's masks).  new: NULL when out of memory.  solve() checks the givens itself (as
 * "fast" promises) and rebuilds its tables when the unit set differs from the last one's.
 */
typedef struct ojd_units9 ojd_units9;
ojd_units9 *ojd_units9_new(void);
void ojd_units9_free(ojd_units9 *e);
ojd_status ojd_units9_solve(ojd_units9 *e, const ojd_board *in, const ojd_search *search,
                            ojd_result *out);

/*
 * The killer engine of "fast" (killer.c): boards with cages, any unit set and side.  new: NULL
 * when out of memory.  solve() checks the unit set, cages and givens itself (as "fast"
 * promises) and keeps its tables for the next puzzle of the same side and unit set.
 */
typedef struct ojd_killer ojd_killer;
ojd_killer *ojd_killer_new(void);
void ojd_killer_free(ojd_killer *k);
ojd_status ojd_killer_solve(ojd_killer *k, const ojd_board *in, const ojd_search *search,
                            ojd_result *out);

/*
 * The 9x9 engines of "fast" (solver_fast.c opens with both): they give the same answers, counts,
 * nodes and guesses, so the choice is only speed.  The registered solver takes the best one the
 * CPU runs; tests and the benchmark name one.
 */
typedef enum ojd_fast9_engine {
    OJD_FAST9_BEST,   /* sweeps where the CPU has AVX2, else words */
    OJD_FAST9_WORDS,  /* portable: one changed word at a time */
    OJD_FAST9_SWEEPS, /* x86-64 with AVX2: every word at once */
} ojd_fast9_engine;

/* Whether this build and CPU run the engine (WORDS and BEST always do). */
bool ojd_fast9_has(ojd_fast9_engine engine);
/* A state for ojd_solver_fast's solve and destroy whose 9x9 grids use the engine; NULL when the
 * engine does not run here or memory runs out. */
void *ojd_fast_create_with(int box_rows, int box_cols, ojd_fast9_engine engine);

#endif /* OJD_SOLVE_H */
