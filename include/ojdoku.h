/*
 * ojdoku.h -- the one public header of libojdoku: read puzzles in the online judges' formats, solve
 * them with a solver chosen by name, write answers byte-exact, generate and grade puzzles, check
 * contestants' answers.  What OJD_EXPORT declares is API; the rest is private.  Invariants: names
 * start with ojd_ / OJD_; statuses >= 0 are outcomes, < 0 errors; the library never prints, exits
 * or aborts, and has no mutable globals; an ojd_X_new() object is the caller's, freed by
 * ojd_X_free() (NULL accepted); a pointer may be NULL only where its comment says so.  In full, and
 * how the API grows: docs/library.md.
 */
#ifndef OJDOKU_H
#define OJDOKU_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

#define OJD_VERSION "0.3.0"

/* Marks a declaration as part of the API.  The library is compiled with -fvisibility=hidden, so
 * the functions declared with OJD_EXPORT are exactly what the shared library exports; every other
 * function stays inside it, whatever its linkage. */
#if defined(__GNUC__) && __GNUC__ >= 4
#define OJD_EXPORT __attribute__((visibility("default")))
#else
#define OJD_EXPORT
#endif

/* The version of the library the program runs with: OJD_VERSION as it was when the library was
 * built (a static string).  A program compares it with the OJD_VERSION it was compiled with to
 * tell that the shared library found at run time is the one it was built against. */
OJD_EXPORT const char *ojd_version(void);

/* ------------------------------------------------------------------------------------------ */
/* Status codes                                                                               */
/* ------------------------------------------------------------------------------------------ */

typedef enum ojd_status {
    OJD_OK = 0,          /* exactly one solution found (or: first solution found when limit is 1) */
    OJD_UNSOLVABLE = 1,  /* the search finished and found no solution */
    OJD_MULTIPLE = 2,    /* two or more solutions found */
    OJD_LIMIT = 3,       /* the node or time budget stopped the search before it could decide */
    OJD_CONFLICT = 4,    /* the givens already repeat a value in a row, column or box */
    OJD_END = 5,         /* reader: no more puzzles */
    OJD_ERR_PARSE = -1,  /* malformed input */
    OJD_ERR_INVALID = -2,/* an argument is out of range (bad side, value, name, ...) */
    OJD_ERR_NOMEM = -3,  /* out of memory */
    OJD_ERR_IO = -4,     /* read or write failed */
    OJD_ERR_USAGE = -5,  /* the call does not make sense (wrong order, unsupported request) */
    OJD_ERR_VERSION = -6 /* a versioned struct's size is not the library's: the program was
                          * compiled against another version of this header */
} ojd_status;

/* A static, never-NULL English description of a status code ("no solution", "malformed input"),
 * lower case, no final period; "unknown status" for a value outside the enum. */
OJD_EXPORT const char *ojd_strerror(ojd_status status);

/* A diagnostic with a source position.  line and col count from 1; 0 means "unknown". */
typedef struct ojd_error {
    ojd_status code;
    long line;
    long col;
    char message[200];
} ojd_error;

/* The outcome class of a case: what a profile may have its own words for, and, as a "kind of
 * case", what a setter asks test data of (ojd_generate_kind(), `--kinds`): the kind of a case
 * is the outcome its reference answer has. */
typedef enum ojd_outcome {
    OJD_OUTCOME_SOLVED = 0,   /* a (unique when the profile asks) solution */
    OJD_OUTCOME_MULTIPLE,
    OJD_OUTCOME_UNSOLVABLE,
    OJD_OUTCOME_CONFLICT,
    OJD_OUTCOME_COUNT_
} ojd_outcome;

/* The bit of a kind of case (an ojd_outcome) in a set of kinds (ojd_profile_kinds());
 * OJD_KINDS_ALL has every kind. */
#define OJD_KIND_BIT(outcome) (1u << (unsigned)(outcome))
#define OJD_KINDS_ALL ((1u << OJD_OUTCOME_COUNT_) - 1u)
/* Static names: never freed.  ojd_kind_name() gives "?" for a value outside the kinds;
 * ojd_kind_find(): true and *out set if name is a kind's name (false, *out untouched, else). */
OJD_EXPORT const char *ojd_kind_name(ojd_outcome kind);
OJD_EXPORT bool ojd_kind_find(const char *name, ojd_outcome *out);
/* The names of a set of kinds (OJD_KIND_BIT set), in kind order, comma-separated ("unique,
 * multiple"), into buf (truncated to size, always terminated); returns buf. */
OJD_EXPORT const char *ojd_kind_list(unsigned kinds, char *buf, size_t size);

/* ------------------------------------------------------------------------------------------ */
/* Board                                                                                      */
/* ------------------------------------------------------------------------------------------ */

#define OJD_MAX_BOX 8                        /* box_rows, box_cols <= 8 */
#define OJD_MAX_SIDE 64                      /* side = box_rows * box_cols */
#define OJD_MAX_CELLS (OJD_MAX_SIDE * OJD_MAX_SIDE)
#define OJD_MAX_CAGES 255                    /* cages of a killer board, numbered 1..255 */
/* A cell that holds a number outside 1..side, where a profile's statement makes such a grid no
 * solution (the key `values`: Kick Start's 999 in a 9x9 grid).  Only a reader under such a
 * profile writes it; the engine's validity methods answer OJD_CONFLICT for it, and every other
 * use of the board takes it as any value above side: OJD_ERR_INVALID. */
#define OJD_CELL_OUTSIDE 255

/*
 * A value type (copy with =).  Cells are row-major; 0 = empty, 1..side = value.
 * Boxes are box_rows x box_cols; there are box_cols boxes down and box_rows boxes across, so the
 * box of (r, c) is (r / box_rows) * box_rows + c / box_cols.  Only the first side*side cells are
 * meaningful.  A side's conventional shape is ojd_shape_of_side()'s (6x6 has 2x3 boxes); the
 * readers use it unless told another shape (ojd_reader_set_box()).
 */
typedef struct ojd_board {
    int box_rows;
    int box_cols;
    int side;
    unsigned units;              /* the unit set beyond rows and columns: OJD_UNITS_* bits; 0 is
                                  * classic (boxes).  Set by ojd_board_set_regions() and
                                  * ojd_board_set_extras(), which validate; 0 after init */
    uint8_t cell[OJD_MAX_CELLS];
    /* With OJD_UNITS_REGIONS: the region (0..side-1) of each of the side*side cells, in place
     * of the boxes; unspecified otherwise.  Last in the struct, so that a classic grid's work
     * touches the bytes it would without it (box_rows and box_cols stay the side's conventional
     * shape, for writers that draw boxes).  In the board, not behind a pointer: a board stays a
     * value that owns what it says (copied with =; no map outlives its reader).  Its cost:
     * docs/performance.md, "Notes moved from the source". */
    uint8_t region[OJD_MAX_CELLS];
    /* With OJD_UNITS_KILLER (set by ojd_board_set_cages(), which validates): the cage (1..
     * cage_count) of each of the side*side cells, 0 for a cell in no cage, cages numbered in the
     * order their first cells come row by row; cage_sum[k] is the sum of cage k ([0] unused).
     * Unspecified otherwise.  After the region map for the same reason: a grid without cages
     * touches none of it. */
    uint8_t cage[OJD_MAX_CELLS];
    uint16_t cage_sum[OJD_MAX_CAGES + 1];
    int cage_count;
} ojd_board;

/*
 * Variants are unit sets.  Every board has its rows and columns; its third family of units is
 * its boxes, or with OJD_UNITS_REGIONS a region map (jigsaw: any partition of the grid into side
 * connected regions of side cells each); extra units may be added:
 *  - OJD_UNITS_X: both long diagonals (any side);
 *  - OJD_UNITS_WINDOKU: the four 3x3 windows of windoku (hyper) Sudoku, rows and columns 1-3
 *    and 5-7 counted from 0 (9x9 only).
 * Every unit has side cells, so a solution places each value once in every unit.
 */
#define OJD_UNITS_REGIONS 1u
#define OJD_UNITS_X 2u
#define OJD_UNITS_WINDOKU 4u
#define OJD_UNITS_EXTRAS (OJD_UNITS_X | OJD_UNITS_WINDOKU)
/*
 * Killer Sudoku: cages (OJD_UNITS_KILLER) with any of the unit sets above.  A cage is a set of
 * cells (connected or not) and a sum: its cells hold distinct values that add up to the sum.
 * Cages are not units (they need not have side cells): ojd_board_unit_count() and
 * ojd_board_unit_cells() leave them out, and ojd_board_cage_cells() lists them.  A cell may be
 * in no cage.  The bit is set by ojd_board_set_cages() alone.
 */
#define OJD_UNITS_KILLER 8u
#define OJD_UNITS_ALL (OJD_UNITS_REGIONS | OJD_UNITS_EXTRAS | OJD_UNITS_KILLER)

/* Empties *board (its side*side cells; the cells beyond are left as they were) and gives it the
 * shape box_rows x box_cols (each 1..OJD_MAX_BOX) and the classic unit set (units 0).  OJD_OK, or OJD_ERR_INVALID (board NULL or a
 * size out of range; *board is then unchanged). */
OJD_EXPORT ojd_status ojd_board_init(ojd_board *board, int box_rows, int box_cols);
/* The conventional box shape of a side: the most square factoring box_rows x box_cols with
 * box_rows <= box_cols <= OJD_MAX_BOX (square boxes for 4, 9, 16, ... 64; 6 -> 2x3, 8 -> 2x4,
 * 10 -> 2x5, 12 -> 3x4, 24 -> 4x6).  false for a side with no such shape (a prime side above 1,
 * a side above 64, ...); box_rows and box_cols may be NULL (just the test). */
OJD_EXPORT bool ojd_shape_of_side(int side, int *box_rows, int *box_cols);
/* Empties *board with the conventional shape of side (ojd_shape_of_side()).  OJD_ERR_INVALID for
 * a side without one (or a NULL board), leaving *board unchanged. */
OJD_EXPORT ojd_status ojd_board_init_side(ojd_board *board, int side);

/*
 * The unit set of an initialised board; the setters do not look at the cells.
 * ojd_board_set_regions() puts the region map region[0..side*side) (numbers 0..side-1, row-major)
 * in place of the boxes (NULL: back to the boxes); OJD_ERR_INVALID unless it is a partition into
 * side edge-connected regions of side cells, with why in *err (may be NULL; line and col 0), *board
 * unchanged.  ojd_board_set_extras() sets the OJD_UNITS_EXTRAS bits (the region bit ignored);
 * OJD_ERR_INVALID, *board unchanged, for a bit outside OJD_UNITS_ALL or windoku off 9x9.
 * ojd_board_units() is board->units; ojd_board_region_of() a cell's region (or box), 0..side-1.
 */
OJD_EXPORT ojd_status ojd_board_set_regions(ojd_board *board, const uint8_t *region,
                                            ojd_error *err);
OJD_EXPORT ojd_status ojd_board_set_extras(ojd_board *board, unsigned extras);
OJD_EXPORT unsigned ojd_board_units(const ojd_board *board);
OJD_EXPORT int ojd_board_region_of(const ojd_board *board, int row, int col);
/*
 * The cages of an initialised board: cage[0..side*side) is each cell's cage, 1..count in any order
 * (0 = none), and sum[k-1] cage k's sum; NULL cage takes the cages away.  Checked: count is
 * 1..OJD_MAX_CAGES, each cage has 1..side cells and a sum distinct values of 1..side can make
 * (ojd_cage_sum_range()).  Kept renumbered by first cell, row by row (the line form's order of
 * sums).  OJD_ERR_INVALID otherwise, with why in *err (may be NULL; line and col 0; cages by the
 * caller's numbers), *board unchanged.  The cells are not looked at.
 */
OJD_EXPORT ojd_status ojd_board_set_cages(ojd_board *board, const int *cage, const int *sum,
                                          int count, ojd_error *err);
/* The number of cages (0 without OJD_UNITS_KILLER); the cells (row-major, in row-major order) of
 * cage k (1..count) into cells[0..side), returning how many (0 for k out of range); its sum (0
 * for k out of range). */
OJD_EXPORT int ojd_board_cage_count(const ojd_board *board);
OJD_EXPORT int ojd_board_cage_cells(const ojd_board *board, int k, int *cells);
OJD_EXPORT int ojd_board_cage_sum(const ojd_board *board, int k);
/* The sums size distinct values of 1..side can make: *lo = 1 + 2 + ... + size, *hi = side +
 * (side-1) + ... ; false (both 0) when size is not 1..side. */
OJD_EXPORT bool ojd_cage_sum_range(int side, int size, int *lo, int *hi);

/* true when a and b have the same side, shape and unit set (the same partition into regions
 * when they have regions, whatever numbers the regions have): a solution of one is a solution
 * of the other's units. */
OJD_EXPORT bool ojd_board_same_units(const ojd_board *a, const ojd_board *b);
/* Copies src's unit set (units and region map) to dst, which must have src's side. */
OJD_EXPORT void ojd_board_copy_units(ojd_board *dst, const ojd_board *src);
/* The number of units of the board (3 side, plus 2 with X, plus 4 with windoku), and the cells
 * (row-major indices, in row-major order) of unit u (0..count-1: rows, columns, boxes or
 * regions, then the extras) into cells[0..side): returns false for u out of range. */
OJD_EXPORT int ojd_board_unit_count(const ojd_board *board);
OJD_EXPORT bool ojd_board_unit_cells(const ojd_board *board, int u, int *cells);

/* Accessors of an initialised board (no checks: board must be non-NULL and initialised, row and
 * col in 0..side-1).  Cells: side * side.  Box of (row, col): 0..side-1, numbered row by row. */
OJD_EXPORT int ojd_board_cells(const ojd_board *board);                      /* side * side */
OJD_EXPORT int ojd_board_box_of(const ojd_board *board, int row, int col);   /* 0 .. side-1 */
OJD_EXPORT int ojd_board_givens(const ojd_board *board);  /* number of non-empty cells */

/* true if the shape is consistent (box sizes in range, side = box_rows * box_cols), the unit set
 * is valid, every value is in 0..side and no value repeats in a unit (row, column, box or
 * region, extra units).  Empty cells are allowed. */
OJD_EXPORT bool ojd_board_is_valid(const ojd_board *board);
/* true if every cell is filled and the board is valid (so it is a correct complete grid). */
OJD_EXPORT bool ojd_board_is_solved(const ojd_board *board);
/* true if solution is solved, has the same shape as puzzle, and keeps every given of puzzle.
 * Says nothing about uniqueness: any solution of the puzzle passes. */
OJD_EXPORT bool ojd_board_solves(const ojd_board *puzzle, const ojd_board *solution);

/* Why a board is invalid, for messages: unit is "row", "column", "box", "region" (a region map's),
 * "diagonal" (1: top left to bottom right, 2: top right to bottom left), "window" or "cage";
 * index counts from 1.  A cage breaks either by a repeat (value > 0, as a unit does) or by its
 * sum (value 0): sum is then what its filled cells add up to, with cell_a = cell_b its first
 * cell; a full cage's sum differs from its own (cage_sum), a partly filled one's leaves no
 * distinct values that could make up the rest. */
typedef struct ojd_conflict {
    const char *unit;
    int index;
    int value;
    int cell_a, cell_b;  /* the two cells (row-major indices) holding value */
    int sum;             /* a cage's sum conflict (value 0): the sum of its filled cells */
} ojd_conflict;
/* Finds the first repeated value (rows, then columns, then boxes or regions, then the extra units,
 * then the cages, where a sum that cannot be made is a conflict too; values above side are
 * skipped).
 * true if one was found, with *conflict filled (conflict->unit is a static string); false leaves
 * *conflict unchanged.  conflict may be NULL (just the test).  board must be initialised. */
OJD_EXPORT bool ojd_board_find_conflict(const ojd_board *board, ojd_conflict *conflict);
/* A conflict of board (from ojd_board_find_conflict()) in the checker's words, snprintf-style
 * into buf: "row 2 repeats 8", "cage 7 repeats 3", "cage 7 sums to 14, not 15", "cage 7: 2
 * of its cells sum to 16, the other 1 cannot make 15".  Values as numbers. */
OJD_EXPORT int ojd_conflict_text(const ojd_board *board, const ojd_conflict *conflict, char *buf,
                                 size_t size);
/*
 * LeetCode 36 / AtCoder ABC 327 C: true when no value repeats in a row, column or box of board
 * (so its givens are consistent, and a complete board is a correct solution).  Otherwise false,
 * with the first repeat in message as the checker words it: "row 2 repeats 8" (units count from
 * 1, boxes row by row; rows first, then columns, then boxes).  message may be NULL.
 */
OJD_EXPORT bool ojd_board_consistent(const ojd_board *board, char *message, size_t size);

/* Formats one value as the symbol a layout uses: '.' for 0 (empty); letters A=1, B=2, ... when
 * letters; else digits 1..9, then A=10, B=11, ... for larger values. */
OJD_EXPORT char ojd_symbol(int value, bool letters);

/* Which cells are removed together, so that the pattern of givens keeps a symmetry. */
typedef enum ojd_symmetry {
    OJD_SYMMETRY_NONE = 0,
    OJD_SYMMETRY_ROTATE180,    /* (r,c) ~ (n-1-r, n-1-c) */
    OJD_SYMMETRY_ROTATE90,     /* (r,c) ~ (c, n-1-r), orbits of up to 4 cells */
    OJD_SYMMETRY_MIRROR,       /* left-right: (r,c) ~ (r, n-1-c) */
    OJD_SYMMETRY_FLIP,         /* up-down: (r,c) ~ (n-1-r, c) */
    OJD_SYMMETRY_DIAGONAL,     /* (r,c) ~ (c, r) */
    OJD_SYMMETRY_ANTIDIAGONAL, /* (r,c) ~ (n-1-c, n-1-r) */
    OJD_SYMMETRY_COUNT_
} ojd_symmetry;

/* Static names: never freed.  ojd_symmetry_name() gives "?" for a value outside the enum. */
OJD_EXPORT const char *ojd_symmetry_name(ojd_symmetry symmetry);   /* "none", "rotate180", ... */
/* true and *out set if name is a symmetry name; false (and *out untouched) otherwise or for a
 * NULL name. */
OJD_EXPORT bool ojd_symmetry_find(const char *name, ojd_symmetry *out);
/* true if the pattern of givens of board (which cells are non-empty) has the symmetry; false for
 * a NULL board or a value outside the enum. */
OJD_EXPORT bool ojd_board_has_symmetry(const ojd_board *board, ojd_symmetry symmetry);

/* Random numbers: xoshiro256** seeded through splitmix64, so that one seed gives the same stream
 * (and the same puzzles) on every machine.  A value type owned by the caller; no hidden state. */
typedef struct ojd_rng {
    uint64_t s[4];
} ojd_rng;

/* Sets *rng to the start of the stream of seed (any value, 0 included). */
OJD_EXPORT void ojd_rng_seed(ojd_rng *rng, uint64_t seed);
/* The next 64 random bits; advances *rng.  rng must have been seeded. */
OJD_EXPORT uint64_t ojd_rng_next(ojd_rng *rng);
/* Uniform in 0 .. bound-1 (no modulo bias); 0 when bound is 0.  Advances *rng. */
OJD_EXPORT uint64_t ojd_rng_below(ojd_rng *rng, uint64_t bound);

/* A random jigsaw region map for a side with a conventional shape (ojd_shape_of_side()) into
 * region[0..side*side): the boxes, reshaped by swaps of two neighbouring cells of different
 * regions that keep both regions connected (valid for ojd_board_set_regions()).  The same seed
 * gives the same map on every machine.  OJD_ERR_INVALID for a side without a shape. */
OJD_EXPORT ojd_status ojd_regions_random(int side, ojd_rng *rng, uint8_t *region);

/* ------------------------------------------------------------------------------------------ */
/* Solvers                                                                                    */
/* ------------------------------------------------------------------------------------------ */

/* What a search may do.  Zero-initialised means: first solution, no budget. */
/* What the engine does with a puzzle: search it (the default), or what a judge problem's task
 * asks instead.  Every method but SEARCH ignores limit and lexmin, and returns OJD_CONFLICT for
 * givens that repeat a value in a unit (the engine's givens check) before anything else. */
typedef enum ojd_method {
    OJD_METHOD_SEARCH = 0,    /* the solutions, counted up to limit, by the engine's solver */
    OJD_METHOD_GIVENS,        /* the givens check alone: OJD_OK when no given repeats; no
                               * solution (LeetCode 36: blanks allowed) */
    OJD_METHOD_CROSS_HATCHING,/* every value cross-hatching places, until none is left: for a
                               * value, a box whose one free cell the value's rows and columns
                               * leave gets it (COCI 2008/09 CROSS).  OJD_OK with the grid so far
                               * (blanks where nothing was deduced) as the solution; OJD_CONFLICT
                               * when a box has no cell left for a value it lacks */
    OJD_METHOD_TARGET,        /* the solution of the highest target score, every cell's value
                               * times its ring's weight: 10 at the centre down to 6 at the edge
                               * (NOIP 2009, Luogu P1074; 9x9 only): OJD_OK with it and its
                               * score, OJD_UNSOLVABLE when none */
    OJD_METHOD_ANTI,          /* an anti-sudoku of a solved grid: every 2 written as 1, so each
                               * row, column and box repeats a value, side cells changed
                               * (Codeforces 1335D); OJD_ERR_INVALID for a grid with a blank */
    OJD_METHOD_COMPLETE,      /* the givens check of a grid that must be complete (ABC 327 C,
                               * beecrowd 1383, Kattis sudokuverify: "each cell holds 1 to 9"):
                               * OJD_OK when no value repeats, no solution; OJD_ERR_INVALID for a
                               * grid with a blank, which their statements do not allow.  This
                               * method and GIVENS answer OJD_CONFLICT for an OJD_CELL_OUTSIDE */
    OJD_METHOD_COUNT_
} ojd_method;

typedef struct ojd_search {
    unsigned long limit;          /* stop after this many solutions; 0 is taken as 1 */
    unsigned long long max_nodes; /* node budget, 0 = unlimited */
    double max_seconds;           /* time budget per puzzle, 0 = unlimited */
    bool lexmin;                  /* return the lexicographically smallest solution (row-major) */
    ojd_method method;            /* what to do with the puzzle: OJD_METHOD_SEARCH = 0 */
} ojd_search;

typedef struct ojd_result {
    ojd_board solution;           /* the first solution found (valid when solutions >= 1) */
    unsigned long solutions;      /* solutions found: exact when < limit, "at least" at == limit */
    unsigned long long nodes;     /* search nodes visited (solver-defined, monotone in work) */
    unsigned long long guesses;   /* branches taken beyond the first choice at a node */
    long long score;              /* OJD_METHOD_TARGET: the best solution's score, else 0 */
} ojd_result;

/* A solver of the registry ("auto", "fast", "mrv", "dlx", ...): an opaque, static object, never
 * freed, which an engine runs (ojd_engine_new()). */
typedef struct ojd_solver ojd_solver;
/* Its name and one-line summary, what `ojdoku solvers` lists (static strings), and the largest
 * grid side it takes (ojd_engine_solve() answers OJD_ERR_INVALID above it).  They never change
 * for the life of the program. */
OJD_EXPORT const char *ojd_solver_name(const ojd_solver *solver);
OJD_EXPORT const char *ojd_solver_summary(const ojd_solver *solver);
OJD_EXPORT int ojd_solver_max_side(const ojd_solver *solver);

/* NULL-terminated list of the registered solvers, "auto" first.  A static table: never freed. */
OJD_EXPORT const ojd_solver *const *ojd_solver_list(void);
/* The solver called name (exact, case-sensitive), or NULL for an unknown or NULL name.  Static. */
OJD_EXPORT const ojd_solver *ojd_solver_find(const char *name);

/*
 * An engine runs one solver over a batch of puzzles of any shapes, keeping one solver state per
 * shape (created on first use, reused after).  ojd_engine_solve() validates the givens first
 * (OJD_CONFLICT), handles search->lexmin for every solver, and fills *out.  Returns one of OJD_OK,
 * OJD_UNSOLVABLE, OJD_MULTIPLE, OJD_LIMIT, OJD_CONFLICT, or an error.
 */
typedef struct ojd_engine ojd_engine;
/* A new engine for solver (NULL = "auto"; the solver table is static and not copied).  NULL when
 * out of memory.  The caller owns it: ojd_engine_free() releases it and every per-shape state. */
OJD_EXPORT ojd_engine *ojd_engine_new(const ojd_solver *solver);   /* NULL solver = "auto" */
OJD_EXPORT void ojd_engine_free(ojd_engine *engine);               /* NULL is allowed */
/*
 * Solves board with search (NULL = first solution, no budget; limit 0 is taken as 1); *out is
 * cleared first, then holds the first (or lexmin) solution, the solution count (capped at the
 * limit) and the work done.  Outcomes: OJD_OK one solution (or the first, with limit 1);
 * OJD_MULTIPLE; OJD_UNSOLVABLE; OJD_CONFLICT (givens repeat, no search); OJD_LIMIT (budget ran
 * out: out->solution is meaningful only when out->solutions >= 1).  Errors: OJD_ERR_INVALID
 * (NULL argument, inconsistent shape, side above the solver's max_side, value above side),
 * OJD_ERR_NOMEM.  One engine serves one thread at a time; use one engine per thread.
 */
OJD_EXPORT ojd_status ojd_engine_solve(ojd_engine *engine, const ojd_board *board,
                                       const ojd_search *search, ojd_result *out);
/*
 * Every solution of puzzle, up to max, in increasing row-major (lexicographic) order: visit is
 * called with each (the board is the walk's own, valid during the call); returning false stops
 * the walk.  search's budgets bound each step of the walk (its limit and lexmin are ignored).
 * *found (may be NULL) is the number of solutions visited.  Returns OJD_OK when the walk ended
 * (every solution visited, or max of them), OJD_CONFLICT or OJD_UNSOLVABLE for a puzzle without
 * a solution, OJD_LIMIT when a budget ran out, OJD_ERR_IO when visit stopped it, or an error.
 */
OJD_EXPORT ojd_status ojd_engine_each_solution(ojd_engine *engine, const ojd_board *puzzle,
                                               const ojd_search *search, unsigned long max,
                                               bool (*visit)(void *context,
                                                             const ojd_board *solution),
                                               void *context, unsigned long *found);

/* ------------------------------------------------------------------------------------------ */
/* Formats: reading and writing                                                               */
/* ------------------------------------------------------------------------------------------ */

/* How the cells of a grid are laid out in text. */
typedef enum ojd_grammar {
    OJD_GRAMMAR_AUTO = 0,
    OJD_GRAMMAR_SPACED,   /* one row per line, cells as whitespace-separated tokens */
    OJD_GRAMMAR_PACKED,   /* one row per line, one character per cell */
    OJD_GRAMMAR_LINE,     /* a whole puzzle on one line, one character per cell */
    OJD_GRAMMAR_LITERAL   /* LeetCode's [["5","3","."],...] board literal */
} ojd_grammar;

/* What separates consecutive cases. */
typedef enum ojd_separator {
    OJD_SEP_NONE = 0,
    OJD_SEP_BLANK,        /* an empty line */
    OJD_SEP_DASHES        /* a line "---" (HDU 3111) */
} ojd_separator;

/* How a puzzle was written in the input, so that output can mirror it. */
typedef struct ojd_layout {
    ojd_grammar grammar;
    ojd_separator separator;  /* what stood between this case and the previous one */
    char blank;               /* the blank symbol used ('0', '.', '?', '-', ...) */
    bool letters;             /* values written as letters A=1, B=2, ... */
    bool counted;             /* the stream opened with a count line */
    bool size_prefix;         /* the case was preceded by its box size n (UVa 989) */
    char label[40];           /* a header line such as "Grid 01" that preceded the case, or "" */
} ojd_layout;

typedef struct ojd_puzzle {
    ojd_board board;
    ojd_layout layout;
    unsigned long index;      /* 1-based case number in its stream */
    long line, col;           /* where the case starts (first cell, or its header / prefix) */
    long row_line[OJD_MAX_SIDE]; /* the line each row of the board was read from (one line for
                                  * a puzzle on one line); 0 where unknown; the entries past
                                  * the board's side are unspecified */
} ojd_puzzle;

/* Output cell styles. */
typedef enum ojd_style {
    OJD_STYLE_MIRROR = 0,     /* as the input was written */
    OJD_STYLE_SPACED,         /* rows of space-separated values */
    OJD_STYLE_PACKED,         /* rows of one character per cell */
    OJD_STYLE_LINE,           /* one line per case */
    OJD_STYLE_LITERAL,        /* LeetCode board literal */
    OJD_STYLE_PRETTY,         /* human-readable grid with box rules */
    OJD_STYLE_VERDICT,        /* no grid: one verdict line per case */
    OJD_STYLE_SUM,            /* no grid: one number at the end (Project Euler 96) */
    OJD_STYLE_JSON,           /* one JSON object per line per case, malformed cases included */
    OJD_STYLE_SVG             /* a figure: one SVG document, the givens bold, filled values
                               * blue; one case per stream (a second is OJD_ERR_USAGE) */
} ojd_style;

/* A judge profile ("poj2676", "uva10957", "json", ...): the input grammar the judge uses and its
 * exact output framing, opaque and static (never freed, shared by threads).  The reader, writer
 * and checker are driven by it; the functions below answer what a caller may ask of it. */
typedef struct ojd_profile ojd_profile;
/* Its name and one-line summary, what `ojdoku formats` lists (static strings); the grid side its
 * input has, 0 for any; how it writes answers (never OJD_STYLE_MIRROR). */
OJD_EXPORT const char *ojd_profile_name(const ojd_profile *format);
OJD_EXPORT const char *ojd_profile_summary(const ojd_profile *format);
OJD_EXPORT int ojd_profile_side(const ojd_profile *format);
OJD_EXPORT ojd_style ojd_profile_style(const ojd_profile *format);
/* The grammar its input is read in: a judge's own, or OJD_GRAMMAR_AUTO for a profile that reads
 * any grammar (line, grid, json) and so has none to validate against. */
OJD_EXPORT ojd_grammar ojd_profile_grammar(const ojd_profile *format);

/* How a profile answers a case of an outcome class: with a solution grid, with its word for the
 * outcome (in the VERDICT style, the verdict line around it), or not at all, where it has no way
 * to say the outcome and the case gets a diagnostic instead. */
typedef enum ojd_answer_form {
    OJD_ANSWER_NOTHING = 0,
    OJD_ANSWER_GRID,
    OJD_ANSWER_WORD
} ojd_answer_form;
/* The form in which format answers outcome.  A solution is always a grid outside the VERDICT
 * style; several solutions are one of them unless the profile has a word for them.  format NULL
 * (the mirror) answers solutions with grids and nothing else; an outcome outside the enum is
 * OJD_ANSWER_NOTHING.  word (may be NULL) gets the word, a static string, for OJD_ANSWER_WORD,
 * else NULL.  Whether the case then counts as answered is ojd_profile_answered()'s to say. */
OJD_EXPORT ojd_answer_form ojd_profile_answer(const ojd_profile *format, ojd_outcome outcome,
                                              const char **word);

/* What a profile's statement promises about its input (docs/formats.md; `validate --input`
 * checks it, `generate` keeps to it), besides the kinds of case (ojd_profile_kinds()):
 * the sides a case may have, *min_side to *max_side (the side twice for a profile of one side,
 * UVa 989's 1 to 9; both 0 when any side goes); the most cases one input holds (0: no bound);
 * the blanks every case has (0: any number; HDU 2780: 5; OJD_NO_BLANKS:
 * none, the cases are complete grids). */
OJD_EXPORT void ojd_profile_sides(const ojd_profile *format, int *min_side, int *max_side);
OJD_EXPORT unsigned long ojd_profile_max_cases(const ojd_profile *format);
OJD_EXPORT int ojd_profile_blanks(const ojd_profile *format);
/* The givens every case of a profile has, *min_givens to *max_givens (its `givens` key: NOIP
 * 2009's at least 24); 0 where the statement sets no bound on that side. */
OJD_EXPORT void ojd_profile_givens(const ojd_profile *format, int *min_givens, int *max_givens);
/* Whether a cell of the profile's input may hold any number, one outside 1..side making the case
 * a no (its `values` key: Kick Start's Sudoku Checker); then the statement's bound on them in
 * *min_value to *max_value (1 to 999), both 0 for none.  false, both 0, for NULL or a profile
 * whose cells are 1..side alone.  A generator writes OJD_CELL_OUTSIDE as *max_value, or side + 1
 * when there is no bound. */
OJD_EXPORT bool ojd_profile_values(const ojd_profile *format, long *min_value, long *max_value);
/* ojd_profile_blanks() of a profile whose cases are complete grids (ABC 327 C): no blank at all. */
#define OJD_NO_BLANKS (-1)

/* The kinds (OJD_KIND_BIT set) a profile's input may hold: those its statement allows, unique
 * alone when it names none; every kind for NULL (no statement). */
OJD_EXPORT unsigned ojd_profile_kinds(const ojd_profile *format);
/* Does a profile (NULL: the line profile) answer a case of this kind?  Every profile answers a
 * unique puzzle; the others need the profile's word for the outcome (or, for several solutions,
 * any one of them as the answer), a JSON status answers all, a sum (euler96) only unique ones. */
OJD_EXPORT bool ojd_profile_answerable(const ojd_profile *format, ojd_outcome kind);
/* The kinds (OJD_KIND_BIT set) a profile's test data may hold: ojd_profile_kinds() that
 * ojd_profile_answerable() answers (`generate --mix`, `judge --generate`, packages). */
OJD_EXPORT unsigned ojd_profile_test_kinds(const ojd_profile *format);
/* The variant every case of a profile is (its `variant` key): OJD_UNITS_* bits beyond rows,
 * columns and boxes, which the reader gives each case it reads; 0 for a classic problem. */
OJD_EXPORT unsigned ojd_profile_units(const ojd_profile *format);
/* Whether each cell of its input carries its region's wall bits (the `walls` key: HDU 4069's
 * jigsaw); the line before each input case (the `input-header` template, "Grid {case:02}"),
 * NULL when there is none.  False and NULL for NULL. */
OJD_EXPORT bool ojd_profile_walls(const ojd_profile *format);
/* Whether its packed rows are drawn in a frame, "|52.|...|.81|" between "+---+---+---+" lines
 * (the `frame` key: COCI 2023/24 #1); false for NULL. */
OJD_EXPORT bool ojd_profile_frame(const ojd_profile *format);
OJD_EXPORT const char *ojd_profile_input_header(const ojd_profile *format);

/* What a judge problem asks of each case (the catalogue's "task" column, docs/formats.md). */
typedef enum ojd_task {
    OJD_TASK_SOLVE = 0,   /* a solution: any, or the unique one, or the smallest (lexmin) */
    OJD_TASK_CLASSIFY,    /* a word for the outcome: unique, several, none, bad (UVa 10957) */
    OJD_TASK_VALIDITY,    /* whether no given repeats in a unit: no search (LeetCode 36; on a
                           * complete grid, whether it is a solution: ABC 327 C) */
    OJD_TASK_COUNT,       /* the number of solutions, and the grid when there is one (SUDOGOB) */
    OJD_TASK_SUM,         /* one number over every case's solution (Project Euler 96) */
    OJD_TASK_DEDUCE,      /* what one technique deduces, blanks where it does not (COCI CROSS) */
    OJD_TASK_SCORE,       /* the best score over every solution (NOIP 2009 target Sudoku) */
    OJD_TASK_TRANSFORM,   /* a grid made from the input by the statement's rule; any grid that
                           * keeps the rule is right (Codeforces 1335D Anti-Sudoku) */
    OJD_TASK_ALL,         /* every solution in lexicographic order (Jutge.org P89454) */
    OJD_TASK_COUNT_
} ojd_task;
/* The task's name in `ojdoku formats` ("solve", "classify", "validity", "count", "sum",
 * "deduce", "score", "transform", "all"): a static string; "?" for a value outside the enum. */
OJD_EXPORT const char *ojd_task_name(ojd_task task);
/* The task of a profile, and the name `ojdoku formats` shows for it: "smallest" and "unique" are
 * the solve task of a profile that wants the smallest or the only solution. */
OJD_EXPORT ojd_task ojd_profile_task(const ojd_profile *format);
OJD_EXPORT const char *ojd_profile_task_name(const ojd_profile *format);
/* The problem's title as its statement gives it (e.g. "Sudoku Killer") and the address of its
 * statement on its judge (samples/PROVENANCE.md says where each was read): static strings,
 * never NULL; "" for a profile that is no judge's
 * problem (line, grid, json).  ojd_profile_alias(): its k-th other id (the same statement on
 * another judge), from k = 0, a static string; NULL past the last. */
OJD_EXPORT const char *ojd_profile_title(const ojd_profile *format);
OJD_EXPORT const char *ojd_profile_url(const ojd_profile *format);
OJD_EXPORT const char *ojd_profile_alias(const ojd_profile *format, int k);

/* The profile's input and output rules in English, as `ojdoku formats ID` prints them: two or
 * more lines, each ended by '\n', derived from the same fields the reader and writer follow.
 * Written into buf, cut at size - 1 bytes and always terminated (when size > 0); returns the
 * length the whole text has (as snprintf), 0 for NULL. */
OJD_EXPORT size_t ojd_profile_rules(const ojd_profile *format, char *buf, size_t size);

/* NULL-terminated table of profiles, in `ojdoku formats` order.  A static table: never freed. */
OJD_EXPORT const ojd_profile *const *ojd_profile_list(void);
/* The built-in profile whose id or one of whose aliases is name, or NULL for an unknown or NULL
 * name.  The name may be written as judges write ids: in any case, with spaces, '-', '_' or '.'
 * ("POJ 2676", "poj-2676"), and Luogu's "P1074" for luogu1074.  Static: the pointer stays
 * valid for the life of the program and may be shared between threads.  A user's profile file
 * is read with ojd_profile_parse(). */
OJD_EXPORT const ojd_profile *ojd_profile_find(const char *name);
/* What ojd_profile_parse() calls for each mistake of a profile file (its line, and a message). */
typedef void (*ojd_profile_report)(void *context, int line, const char *message);
/*
 * Profile files (docs/profiles.md): `key = value` and `#` comment lines.  ojd_profile_parse()
 * reads length bytes of text (no NUL needed; copied) into a new profile, or returns NULL after
 * calling report (may be NULL) once per mistake with its line (from 1; 0 for the whole file) and
 * a message.  ojd_profile_free() frees a parsed profile (a built-in or NULL is left alone).
 * ojd_profile_write() writes a profile as a file that parses back into it, into buf, cut at
 * size - 1 bytes and terminated when size > 0; returns the whole text's length (as snprintf).
 * More: docs/library.md, "Notes moved from the header".
 */
OJD_EXPORT ojd_profile *ojd_profile_parse(const char *text, size_t length,
                                          ojd_profile_report report, void *context);
OJD_EXPORT void ojd_profile_free(ojd_profile *format);
OJD_EXPORT size_t ojd_profile_write(const ojd_profile *format, char *buf, size_t size);
/* The name of the k-th key of a profile file (from 0, in the order ojd_profile_write() writes
 * them), and in *help (may be NULL) what it says, in a few words: static strings; NULL past the
 * last key. */
OJD_EXPORT const char *ojd_profile_key(int k, const char **help);
/* The id or alias nearest to a name that is none (fewest single-character edits, a swap of two
 * neighbours counting as one, at most a third of the name's length, ties in table order), for
 * "did you mean": a static string, or NULL when none is near. */
OJD_EXPORT const char *ojd_profile_nearest(const char *name);
/* The single-character edits (insert, delete, change, or swap two neighbours: one each) that
 * make the first typed_len bytes of typed into name, the distance ojd_profile_nearest() uses; a
 * large number when either is over 63 bytes.  For "did you mean" on other names (commands,
 * options). */
OJD_EXPORT int ojd_name_distance(const char *typed, size_t typed_len, const char *name);
/* The judge profile whose input a puzzle is written in, for "the input looks like X's" hints:
 * the first in ojd_profile_list() order whose input grammar reads the puzzle as the reader met it
 * without a format (puzzle->layout: the grammar, count line, size prefix, letters, header, and
 * the blank symbol when the puzzle has a blank; its side).  Judges that share a grammar share
 * their puzzles: the first is named.  line, grid and json, which read any grammar, never are.
 * NULL for a NULL puzzle or when no judge's grammar fits. */
OJD_EXPORT const ojd_profile *ojd_profile_detect(const ojd_puzzle *puzzle);
/* The profile whose rules govern a puzzle: `chosen` when one was chosen; otherwise (mirror mode)
 * the profile whose input grammar the puzzle's layout belongs to alone (a size-prefixed stream
 * is UVa 989's: its answers are the smallest solutions, in its words), or NULL to mirror. */
OJD_EXPORT const ojd_profile *ojd_profile_effective(const ojd_profile *chosen,
                                                    const ojd_layout *layout);

/*
 * The search a case gets under format, the profile that governs it (ojd_profile_effective();
 * NULL, the mirror, asks for the first solution): sets search->limit and search->lexmin, and
 * leaves the other fields of *search alone, so budgets may be set before or after.  count is
 * how many solutions the caller wants counted (the writer's count_cap; 0 = none).  The limit is
 * count, or 1 without one, raised to 2 where the profile needs a unique answer (a second solution
 * is looked for); lexmin is the profile's (UVa 989 answers the smallest solution).
 */
OJD_EXPORT void ojd_profile_search(const ojd_profile *format, unsigned long count,
                                   ojd_search *search);
/*
 * Whether a case counts as answered under format (as for ojd_profile_search()), given the status
 * ojd_engine_solve() returned for it and the count asked for; `ojdoku` exits 1 when some case is
 * not.  A solution is answered, and so are several unless the profile needs a unique answer.  No
 * solution and conflicting givens are not, even where the profile has words for them.  With
 * count > 0 every decided outcome is answered by its count.  OJD_LIMIT and errors never are.
 * Whether the case can be written is the writer's to say (ojd_writer_answer()).
 */
OJD_EXPORT bool ojd_profile_answered(const ojd_profile *format, ojd_status status,
                                     unsigned long count);

/* Reader ------------------------------------------------------------------------------------ */

/*
 * A reader pulls puzzles one at a time from a stream in constant memory.  With format == NULL it
 * detects the grammar (count line, size prefixes, packed/spaced/line/literal, alphabet, blank
 * symbol, separators); with a format it expects that judge's grammar.
 */
typedef struct ojd_reader ojd_reader;

/* Reads from in, which must stay open until ojd_reader_free() (the reader never closes it).
 * name is copied and used in diagnostics (NULL: "<input>"); format may be NULL (detect).  NULL
 * when in is NULL or memory runs out.  The caller owns the reader: ojd_reader_free(). */
OJD_EXPORT ojd_reader *ojd_reader_new(FILE *in, const char *name, const ojd_profile *format);
/* Reads from size bytes at data, which are not copied and must outlive the reader (data NULL is
 * an empty input).  Otherwise as ojd_reader_new(); NULL only when memory runs out. */
OJD_EXPORT ojd_reader *ojd_reader_new_mem(const void *data, size_t size, const char *name,
                                          const ojd_profile *format);
OJD_EXPORT void ojd_reader_free(ojd_reader *reader);  /* NULL is allowed; does not close the FILE */
/* Every case has boxes of box_rows x box_cols (each 1..OJD_MAX_BOX; both 0: back to the side's
 * conventional shape, ojd_shape_of_side()): rows of box_rows * box_cols cells, or lines of its
 * square, are expected as a profile's side is.  Call before the first ojd_reader_next().
 * OJD_OK; OJD_ERR_INVALID for a NULL reader or a size out of range; OJD_ERR_USAGE after a case
 * was read. */
OJD_EXPORT ojd_status ojd_reader_set_box(ojd_reader *reader, int box_rows, int box_cols);

/*
 * Next puzzle.  Returns OJD_OK with *puzzle filled; OJD_END at the end of input; OJD_ERR_PARSE
 * with *err filled when a case is malformed (the reader has skipped past it, so call again for the
 * next one); OJD_ERR_IO on a read error (final); OJD_ERR_NOMEM.
 */
OJD_EXPORT ojd_status ojd_reader_next(ojd_reader *reader, ojd_puzzle *puzzle, ojd_error *err);
/* Pops a pending warning (e.g. a count line that disagrees with the data, text after "end").
 * true if one was, copied into *warning (which may be NULL to discard it).  Warnings do not
 * stop reading; call after each ojd_reader_next() to report them in input order. */
OJD_EXPORT bool ojd_reader_warning(ojd_reader *reader, ojd_error *warning);
/* The most warnings one call of ojd_reader_next() can queue; a caller that keeps a case's
 * warnings with it needs room for this many. */
#define OJD_READER_MAX_WARNINGS 4
/* The name given to ojd_reader_new() ("<input>" for NULL); owned by the reader, valid until
 * ojd_reader_free(). */
OJD_EXPORT const char *ojd_reader_name(const ojd_reader *reader);
/* Cases met so far, well-formed or not (an input with no case at all counts none). */
OJD_EXPORT unsigned long ojd_reader_cases(const ojd_reader *reader);

/* Parses the first puzzle of a NUL-terminated string (any grammar the reader detects; text is
 * not kept).  OJD_OK with *puzzle filled; OJD_ERR_PARSE with *err filled when it is malformed or
 * holds no puzzle (text NULL or empty); OJD_ERR_NOMEM.  Convenience for tests and tools. */
OJD_EXPORT ojd_status ojd_puzzle_parse(const char *text, ojd_puzzle *puzzle, ojd_error *err);

/* Writer ------------------------------------------------------------------------------------ */

/*
 * A writer formats cases on a stream.  With format == NULL it mirrors each puzzle's layout.
 * Write errors are sticky: every call after one returns OJD_ERR_IO.
 */
typedef struct ojd_writer ojd_writer;

typedef struct ojd_writer_options {
    unsigned long count_cap;  /* > 0: --count mode, print solution counts capped at this */
} ojd_writer_options;

/* A writer on out, which must stay open until ojd_writer_free() (never closed by the writer).
 * format NULL mirrors each puzzle's layout; opts may be NULL (no options; it is copied).  NULL
 * when out is NULL or memory runs out.  The caller owns the writer: ojd_writer_free(). */
OJD_EXPORT ojd_writer *ojd_writer_new(FILE *out, const ojd_profile *format,
                                      const ojd_writer_options *opts);
OJD_EXPORT void ojd_writer_free(ojd_writer *writer);  /* NULL is allowed; does not flush or close */

/*
 * Writes the answer for one case; status is what ojd_engine_solve() returned.  Cases come in input
 * order.  OJD_OK when something was written.  When the profile has no way to say the outcome (e.g.
 * "no solution" for HDU 1426), or status is an error (< 0; json writes an "error" line and returns
 * OJD_OK), nothing is written and status is returned for the caller to diagnose.  OJD_ERR_IO when
 * this or an earlier write failed; OJD_ERR_NOMEM; OJD_ERR_INVALID for a NULL argument;
 * OJD_ERR_USAGE for a second case under the svg profile (one document per writer).
 */
OJD_EXPORT ojd_status ojd_writer_answer(ojd_writer *writer, const ojd_puzzle *puzzle,
                                        ojd_status status, const ojd_result *result);
/*
 * A profile of task all (every solution in lexicographic order): writes solution (which must be
 * one of puzzle's) as the nth (from 1) of the case's count solutions, as the writer frames each:
 * the header before the first, the output separator after each (framing after), the tally after
 * the last.  ojd_writer_answer() writes a case of no solution (its word), of one, or of more than
 * the task lists (OJD_LIMIT: nothing written); a case of several is written by this, once for
 * each solution in order (ojd_engine_each_solution() lists them).  OJD_ERR_INVALID for a NULL
 * argument or nth outside 1..count; OJD_ERR_USAGE when the case's profile is not of task all;
 * OJD_LIMIT for a count above the task's bound; otherwise as ojd_writer_answer().
 */
OJD_EXPORT ojd_status ojd_writer_listed(ojd_writer *writer, const ojd_puzzle *puzzle,
                                        const ojd_board *solution, unsigned long nth,
                                        unsigned long count);
/*
 * Writes case `index` (from 1) of a batch whose answers are known (generated puzzles): solution,
 * which must solve puzzle, as ojd_writer_answer() writes a case whose search found exactly that
 * solution.  puzzle is printed only where the profile prints it; a writer without a format writes
 * one line.  Cases in order.  OJD_OK; OJD_ERR_INVALID for a NULL argument or a solution that does
 * not solve puzzle (nothing written); OJD_ERR_USAGE for a profile whose answer is not a solution (a
 * deduction, a score, a transform); otherwise as ojd_writer_answer().  More: docs/library.md,
 * "Notes moved from the header".
 */
OJD_EXPORT ojd_status ojd_writer_solution(ojd_writer *writer, unsigned long index,
                                          const ojd_board *puzzle, const ojd_board *solution);
/*
 * Reports a malformed case (what ojd_reader_next() returned OJD_ERR_PARSE for, with index its
 * 1-based case number, i.e. ojd_reader_cases() after the call).  Styles that answer every case in
 * the output (OJD_STYLE_JSON) write a line for it and return OJD_OK; the others write nothing and
 * return err->code for the caller to diagnose.  OJD_ERR_IO after a write error.
 */
OJD_EXPORT ojd_status ojd_writer_error(ojd_writer *writer, unsigned long index,
                                       const ojd_error *err);
/*
 * Formatting ahead of writing, for a program that solves on several threads: ojd_writer_format()
 * makes a case's answer into an ojd_answer on the thread that solved it (it only reads the writer,
 * so threads may share one), and the one writing thread writes it, in case order, with
 * ojd_writer_put().  Together they are ojd_writer_answer(): the same bytes, the same status.  An
 * ojd_answer is an opaque text buffer that grows as needed and is reused from case to case (one per
 * case in flight).
 */
typedef struct ojd_answer ojd_answer;
OJD_EXPORT ojd_answer *ojd_answer_new(void);          /* NULL when memory runs out */
OJD_EXPORT void ojd_answer_free(ojd_answer *answer);  /* NULL is allowed */
/* The text ojd_writer_put() writes for it, without the separator that may go before it; *length
 * bytes, not NUL-terminated, valid until the answer is formatted again or freed. */
OJD_EXPORT const char *ojd_answer_text(const ojd_answer *answer, size_t *length);
/*
 * Makes the answer of a case (as ojd_writer_answer() takes it) into *answer, writing nothing.
 * Returns what ojd_writer_answer() would return but for write errors and the svg profile's one
 * document per stream (which ojd_writer_put() keeps): OJD_OK when there is
 * something to write, else the status to diagnose (nothing will be written); OJD_ERR_NOMEM when
 * the text could not grow; OJD_ERR_INVALID for a NULL argument.
 */
OJD_EXPORT ojd_status ojd_writer_format(const ojd_writer *writer, const ojd_puzzle *puzzle,
                                        ojd_status status, const ojd_result *result,
                                        ojd_answer *answer);
/* Writes an answer made by ojd_writer_format() as the next case, with the separator the profile
 * puts before it when an earlier case wrote anything.  Returns what ojd_writer_answer() returns
 * for the case (the status ojd_writer_format() returned, or OJD_ERR_IO).  Cases in order. */
OJD_EXPORT ojd_status ojd_writer_put(ojd_writer *writer, const ojd_answer *answer);
/* Writes any trailer the profile has (e.g. Project Euler's sum) and flushes out.  Call once, after
 * the last case.  OJD_OK; OJD_ERR_IO if any write or the flush failed; OJD_ERR_INVALID for NULL. */
OJD_EXPORT ojd_status ojd_writer_finish(ojd_writer *writer);


/*
 * Writes a whole judge INPUT file holding n puzzles in the format's input grammar (count line,
 * size prefixes, separators, blanks as the judge writes them).  format NULL = "line".  boards is
 * an array of n boards (may be NULL when n is 0), read only.  out is flushed at the end.  OJD_OK;
 * OJD_ERR_IO when a write or the flush failed; OJD_ERR_NOMEM; OJD_ERR_INVALID for NULL arguments.
 * The svg profile draws the puzzle as one SVG document, so a file holds one: n > 1 is
 * OJD_ERR_USAGE, nothing written (the same for ojd_write_puzzle()).  OJD_CELL_OUTSIDE: only
 * under values (ojd_profile_values()), else OJD_ERR_INVALID.
 */
OJD_EXPORT ojd_status ojd_write_puzzles(FILE *out, const ojd_profile *format,
                                        const ojd_board *boards, size_t n);
/*
 * Writes puzzle `index` (from 1) of a judge INPUT file of n puzzles: the count line before the
 * first and the terminator after the n-th where the format has them, and the puzzle's separator,
 * size prefix, header and grid.  Called for 1..n in order it writes exactly the bytes of
 * ojd_write_puzzles(), in memory that does not grow with n.  format NULL = "line".  out is not
 * flushed.  OJD_OK; OJD_ERR_IO when a write failed; OJD_ERR_NOMEM (nothing of the puzzle written;
 * the count line may be); OJD_ERR_INVALID for a NULL out or board, index 0 or index > n.
 */
OJD_EXPORT ojd_status ojd_write_puzzle(FILE *out, const ojd_profile *format,
                                       const ojd_board *board, size_t index, size_t n);

/* JSON strings ------------------------------------------------------------------------------ */

/* What ojd_json_string() does with the bytes from 0x80 (the control characters and the quote
 * and backslash are escaped in both). */
typedef enum ojd_json_mode {
    OJD_JSON_ASCII = 0, /* each as \u00XX: the text is plain ASCII whatever the bytes (the json
                         * profile's lines); a newline is \u000a */
    OJD_JSON_UTF8       /* well-formed UTF-8 (RFC 3629) kept as it is, any other byte as \ufffd
                         * (U+FFFD); a newline is \n: text a person reads (judge --format json) */
} ojd_json_mode;
/* Where ojd_json_string() puts its text: n bytes at bytes, in order, a piece per call. */
typedef void (*ojd_put_fn)(void *ctx, const char *bytes, size_t n);
/* Writes the n bytes at s (NUL bytes included) as one JSON string, its quotes included, through
 * emit(ctx, ...): '"' and '\\' as \" and \\, the other bytes below 0x20 and 0x7f as \u00XX,
 * the bytes from 0x80 as mode says, the rest as they are.  s may be NULL when n is 0. */
OJD_EXPORT void ojd_json_string(const char *s, size_t n, ojd_json_mode mode, ojd_put_fn emit,
                                void *ctx);


/* ------------------------------------------------------------------------------------------ */
/* Generator and grader (generate.c, rate.c)                                                  */
/* ------------------------------------------------------------------------------------------ */



/* Human-style grades, from the hardest technique a logical solver needs and the work done. */
typedef enum ojd_grade {
    OJD_GRADE_EASY = 0,  /* naked and hidden singles only (killer: + cages of one combination) */
    OJD_GRADE_MEDIUM,    /* + locked candidates, naked and hidden pairs (killer: + cages of
                          * several combinations, the 45 rule on one unit) */
    OJD_GRADE_HARD,      /* + naked and hidden triples, X-wing (killer: + the 45 rule over
                          * several rows or columns) (or 4+ medium steps) */
    OJD_GRADE_EXPERT,    /* + swordfish, jellyfish, quads, XY-wing, XYZ-wing (or 3+ hard steps) */
    OJD_GRADE_EXTREME,   /* the techniques above get stuck: chains by contradiction or guessing */
    OJD_GRADE_COUNT_,
    OJD_GRADE_ANY = -1   /* generator: no grade asked for */
} ojd_grade;

/* Static names: never freed.  ojd_grade_name() gives "any" for OJD_GRADE_ANY (or any value
 * outside the grades).  ojd_grade_find(): true and *out set if name is a grade's name. */
OJD_EXPORT const char *ojd_grade_name(ojd_grade grade);             /* "easy", ..., "extreme" */
OJD_EXPORT bool ojd_grade_find(const char *name, ojd_grade *out);

/* The techniques of the grader, in the order it tries them (cheapest first, as Sudoku Explainer).
 * The values are fixed: a technique added later gets the next value, whatever its place in that
 * order. */
typedef enum ojd_technique {
    OJD_TECH_HIDDEN_SINGLE = 0,
    OJD_TECH_NAKED_SINGLE,
    OJD_TECH_POINTING,
    OJD_TECH_CLAIMING,
    OJD_TECH_NAKED_PAIR,
    OJD_TECH_X_WING,
    OJD_TECH_HIDDEN_PAIR,
    OJD_TECH_NAKED_TRIPLE,
    OJD_TECH_SWORDFISH,
    OJD_TECH_HIDDEN_TRIPLE,
    OJD_TECH_XY_WING,
    OJD_TECH_XYZ_WING,
    OJD_TECH_NAKED_QUAD,
    OJD_TECH_JELLYFISH,
    OJD_TECH_HIDDEN_QUAD,
    OJD_TECH_CONTRADICTION,         /* a candidate whose assumption breaks the grid by singles */
    OJD_TECH_DEEP_CONTRADICTION,    /* ... by the techniques above (a dynamic forcing chain) */
    OJD_TECH_GUESS,                 /* nothing above applies: the solution's value is placed */
    /* killer cages (tried after the singles, the first two before locked candidates, the 45
     * rule over several units after X-wing) */
    OJD_TECH_CAGE_COMBINATION,      /* one set of values makes up a cage's sum: its cells take
                                     * those values */
    OJD_TECH_CAGE_COMBINATIONS,     /* several sets are left: what none allows leaves the cells */
    OJD_TECH_RULE_45,               /* a unit's sum less its whole cages: innies and outies */
    OJD_TECH_RULE_45_UNITS,         /* the same over several consecutive rows or columns */
    OJD_TECH_COUNT_
} ojd_technique;

/* Static names: never freed; "?" (and OJD_GRADE_EXTREME) for a value outside the enum. */
OJD_EXPORT const char *ojd_technique_name(ojd_technique technique);  /* "hidden single", ... */
OJD_EXPORT ojd_grade ojd_technique_grade(ojd_technique technique);   /* the grade it belongs to */

/* A versioned struct (docs/library.md, "How the API grows"): set size to sizeof(ojd_rating)
 * before the call, `ojd_rating rating = {.size = sizeof rating};`.  Its size changes when a
 * technique is added. */
typedef struct ojd_rating {
    size_t size;                           /* sizeof(ojd_rating), set by the caller */
    ojd_grade grade;
    double score;                          /* Sudoku Explainer's scale: hardest
                                            * step, + stuck early */
    ojd_technique hardest;                 /* the hardest technique used */
    unsigned long counts[OJD_TECH_COUNT_]; /* how many steps used each technique */
    unsigned long steps;                   /* deductions made (placements and eliminations) */
} ojd_rating;

/* Called with each deduction, e.g. "r4c7=5 (hidden single in box 6)", in the order they are made.
 * step points into the grader's buffer: valid only during the call (copy it to keep it). */
typedef void (*ojd_step_fn)(void *ctx, const char *step);

/*
 * Grades a puzzle with a human-style logical solver.  OJD_OK with *rating filled when the puzzle
 * has exactly one solution; OJD_CONFLICT, OJD_UNSOLVABLE, OJD_MULTIPLE otherwise (no rating);
 * OJD_ERR_INVALID for a bad board, OJD_ERR_NOMEM; OJD_ERR_VERSION, with *rating untouched, when
 * rating->size is not sizeof(ojd_rating) as the library knows it.  step may be NULL.
 * puzzle is read only; ctx is passed to step as it is.  Thread-safe: no shared state.
 */
OJD_EXPORT ojd_status ojd_rate(const ojd_board *puzzle, ojd_rating *rating, ojd_step_fn step,
                               void *ctx);
/*
 * ojd_rate() within a budget: search's max_nodes and max_seconds bound the whole grading (its other
 * fields are ignored; search may be NULL; both 0: no budget).  The nodes are counted as `ojdoku
 * rate --max-nodes` counts them (docs/generating.md); the deadline is max_seconds from the call.
 * Returns what ojd_rate() does, or OJD_LIMIT when a budget ran out first: *rating is then cleared,
 * and step has had the deductions made until then.  *nodes (may be NULL) gets the nodes spent
 * whatever the outcome (0 when decided before any search).
 */
OJD_EXPORT ojd_status ojd_rate_within(const ojd_board *puzzle, const ojd_search *search,
                                      ojd_rating *rating, ojd_step_fn step, void *ctx,
                                      unsigned long long *nodes);

typedef struct ojd_generate_options {
    int side;                 /* 4, 6, 8, 9, 10, 12, 16, ... in its shape (ojd_shape_of_side());
                               * 0 = 9 */
    ojd_symmetry symmetry;    /* of the givens; zero = none */
    int clues;                /* target number of givens; 0 = as few as the removal reaches */
    bool minimal;             /* no given may be removable without losing uniqueness */
    bool solved;              /* make a complete random grid instead of a puzzle */
    ojd_grade grade;          /* OJD_GRADE_ANY or the grade wanted */
    unsigned attempts;        /* grids to try for a target (clues, minimal, grade); 0 = default */
    int box_rows, box_cols;   /* another box shape (1..OJD_MAX_BOX each; side then 0 or their
                               * product); both 0 = the side's conventional shape */
    unsigned units;           /* a variant: OJD_UNITS_* bits.  OJD_UNITS_REGIONS: a jigsaw, its
                               * region map drawn from the rng (ojd_regions_random()) for each
                               * puzzle, in place of the boxes (the conventional shape only);
                               * the extras add the X diagonals, the windoku windows (9x9).  The
                               * puzzle and solution carry the unit set.  0 = classic */
} ojd_generate_options;

/* Filled by ojd_generate(): what the returned puzzle achieved. */
typedef struct ojd_generate_info {
    unsigned attempts;        /* grids tried */
    int clues;                /* givens of the puzzle */
    ojd_grade grade;          /* its grade when a grade was asked for, else OJD_GRADE_ANY (for the
                               * whole rating, ask ojd_rate()) */
} ojd_generate_info;

/*
 * A generator keeps the solver engine and work space between puzzles.  ojd_generate() makes one
 * puzzle with exactly one solution (checked by the engine's default solver at limit 2) and its
 * solution; with options->solved, a random complete grid in both.  The result depends only on
 * the rng stream and the options.  OJD_OK when every target was met; OJD_LIMIT when a target
 * (clues, minimal, grade) could not be met within the attempts: *puzzle is then the closest
 * unique puzzle found; OJD_ERR_INVALID for bad options; OJD_ERR_NOMEM.  info may be NULL.
 */
typedef struct ojd_generator ojd_generator;
/* A new generator, owned by the caller; NULL when out of memory.  Free with ojd_generator_free()
 * (NULL allowed).  One generator per thread; rng, options and outputs belong to the caller. */
OJD_EXPORT ojd_generator *ojd_generator_new(void);
OJD_EXPORT void ojd_generator_free(ojd_generator *gen);
OJD_EXPORT ojd_status ojd_generate(ojd_generator *gen, ojd_rng *rng,
                                   const ojd_generate_options *options, ojd_board *puzzle,
                                   ojd_board *solution, ojd_generate_info *info);

/* Test data for every verdict (kinds.c) ----------------------------------------------------- */
/*
 * A kind of test case is the outcome class a judge's reference answer gives it (ojd_outcome):
 *   OJD_OUTCOME_SOLVED      "unique"      exactly one solution;
 *   OJD_OUTCOME_MULTIPLE    "multiple"    two or more solutions (exactly k when asked);
 *   OJD_OUTCOME_UNSOLVABLE  "unsolvable"  no value repeated among the givens, and no solution;
 *   OJD_OUTCOME_CONFLICT    "conflict"    a given repeated in a row, column or box (or a
 *                                         variant's unit; on a killer board, a broken cage).
 * ojd_profile_kinds() says which of them a profile's judge input may hold.
 */

/* The generator's options for a test case of a profile's problem: its side (the profile's, else
 * 9 where the statement allows it, else its smallest), its variant, its givens (none blank for
 * complete grids, exactly the statement's blanks, or a few above its fewest givens); any grade. */
OJD_EXPORT ojd_generate_options ojd_profile_case_options(const ojd_profile *format);

/* The most solutions ojd_generate_kind() can be asked to give a "multiple" case exactly. */
#define OJD_KIND_MAX_SOLUTIONS 1000

typedef struct ojd_kind_options {
    ojd_outcome kind;         /* which kind of case; zero = unique */
    unsigned long solutions;  /* multiple: exactly this many (2..OJD_KIND_MAX_SOLUTIONS);
                               * 0 = two or more */
    const char *unit;         /* conflict: the unit that repeats, "row", "column", "box", or of a
                               * variant (options->units) "region" (a jigsaw's, in place of
                               * "box"), "diagonal" (X), "window" (windoku), "cage" (a killer
                               * board's: a given no unit holds that repeats in a cage or puts
                               * its sum out of reach): the names of ojd_conflict.unit; NULL =
                               * one of the board's, drawn from the rng */
} ojd_kind_options;

/*
 * One test case of kind->kind, made from a unique puzzle of ojd_generate() with options (may be
 * NULL: 9x9 defaults) by the smallest step that gives the kind: unique, that puzzle; multiple,
 * givens removed; unsolvable and conflict, one given added.  Each step is checked under the
 * puzzle's own units and cages.  *solution and info may be NULL.  Deterministic in the rng stream
 * and the options.  OJD_OK when every target was met; OJD_LIMIT when one was not (the case is still
 * of its kind); OJD_ERR_INVALID for bad options; OJD_ERR_NOMEM.  The steps, targets and errors in
 * full: docs/generating.md, "Notes moved from the source".
 */
OJD_EXPORT ojd_status ojd_generate_kind(ojd_generator *gen, ojd_rng *rng,
                                        const ojd_generate_options *options,
                                        const ojd_kind_options *kind, ojd_board *puzzle,
                                        ojd_board *solution, ojd_generate_info *info);

/* Edge cases test setters add by hand. */
typedef enum ojd_edge {
    OJD_EDGE_EMPTY = 0,   /* no givens (kind multiple) */
    OJD_EDGE_FULL,        /* a random complete grid: nothing to fill (kind unique) */
    OJD_EDGE_17_CLUE,     /* 9x9: a 17-clue puzzle, the fewest givens a 9x9 puzzle with one
                           * solution can have (kind unique); one of the bundled ones */
    OJD_EDGE_HARDEST,     /* 9x9: one of the hardest known puzzles (kind unique), bundled */
    OJD_EDGE_COUNT_
} ojd_edge;

/* Static names: "empty", "full", "17-clue", "hardest"; "?" for a value outside the enum. */
OJD_EXPORT const char *ojd_edge_name(ojd_edge edge);
/* The kind of an edge's puzzles: OJD_OUTCOME_MULTIPLE for the empty grid, else SOLVED. */
OJD_EXPORT ojd_outcome ojd_edge_kind(ojd_edge edge);
/* The bundled public puzzles of an edge (17-clue, hardest): a static NULL-terminated list of
 * 81-character lines (digits, '.' blanks; tests/fixtures/edge.PROVENANCE.md names the sources);
 * NULL for the edges made on the spot (empty, full) and for a value outside the enum. */
OJD_EXPORT const char *const *ojd_edge_puzzles(ojd_edge edge);
/*
 * The edge case `edge` for a grid of side `side` (0 = 9): the empty grid, a random complete
 * grid, or one of the bundled puzzles drawn with the rng.  *solution (may be NULL) gets a
 * solution (for the empty grid the lexicographically smallest).  OJD_OK; OJD_ERR_INVALID for
 * a side ojd_generate() refuses, or a bundled edge on a side other than 9; OJD_ERR_NOMEM.
 */
OJD_EXPORT ojd_status ojd_generate_edge(ojd_generator *gen, ojd_rng *rng, int side, ojd_edge edge,
                                        ojd_board *puzzle, ojd_board *solution);
/*
 * The same for a variant (units: OJD_UNITS_* bits as in ojd_generate_options; 0 is
 * ojd_generate_edge()): the empty grid, and a complete grid under the variant's units (a jigsaw's
 * region map drawn with the rng).  With OJD_UNITS_KILLER the empty grid's cages are its rows, each
 * summing to 1 + 2 + ... + side (pinning nothing down), and the full grid has the generator's cages
 * or the rows.  OJD_ERR_INVALID for a bundled edge (17-clue, hardest: classic puzzles) with a
 * variant, and for an invalid variant (windoku off 9x9).
 */
OJD_EXPORT ojd_status ojd_generate_edge_units(ojd_generator *gen, ojd_rng *rng, int side,
                                              unsigned units, ojd_edge edge, ojd_board *puzzle,
                                              ojd_board *solution);

/* Puzzles hard for a solver (hard.c) ------------------------------------------------------- */
/*
 * A puzzle hard for a program's search, not a human (ojd_rate()): ojd_harden() looks, among the
 * puzzles equal to *puzzle up to relabelling values and permuting rows within a band, bands,
 * columns within a stack and stacks (no transposition), for the one on which the engine's
 * solver visits the most nodes to a first solution.  The moves keep the solution and givens
 * counts, the kind and the grade; one that breaks options->symmetry is not taken.  A variant's board gets only the moves that keep its units
 * and cages (hard.c).  A given solution must have the puzzle's units.
 */
typedef struct ojd_harden_options {
    unsigned tries;               /* candidates measured; 0 = OJD_HARDEN_TRIES */
    unsigned long long max_nodes; /* node budget per candidate; 0 = OJD_HARDEN_NODES.  A candidate
                                   * that spends it all is as hard as it gets: the search stops */
    ojd_symmetry symmetry;        /* keep this symmetry of the givens; zero = none to keep */
} ojd_harden_options;

#define OJD_HARDEN_TRIES 40
#define OJD_HARDEN_NODES 1000000ULL

/*
 * A hill climb from *puzzle, deterministic in the rng stream: each try applies one to three random
 * moves to the hardest candidate yet, solves it with engine (limit 1, the budget) and keeps it
 * when the solver visited more nodes.  *puzzle becomes the hardest candidate, *solution (may be
 * NULL) the same transform of the given solution, *nodes (may be NULL) the nodes visited on it.
 * options may be NULL.  A puzzle with repeated givens is left alone.  OJD_OK; OJD_ERR_INVALID
 * for a NULL engine, rng or puzzle, a solution of another shape, or a side above the solver's;
 * OJD_ERR_NOMEM.
 */
OJD_EXPORT ojd_status ojd_harden(ojd_engine *engine, ojd_rng *rng,
                                 const ojd_harden_options *options, ojd_board *puzzle,
                                 ojd_board *solution, unsigned long long *nodes);

/* ------------------------------------------------------------------------------------------ */
/* Checker (check.c)                                                                          */
/* ------------------------------------------------------------------------------------------ */
/*
 * A special judge.  The verdicts are testlib's, in its exit-code order; the CLI maps them onto
 * other judges' conventions (DOMjudge 42/43, HUSTOJ 0/1).
 */
typedef enum ojd_verdict {
    OJD_VERDICT_OK = 0,       /* every case right */
    OJD_VERDICT_WRONG = 1,    /* wrong answer: a case is wrong, missing or extra */
    OJD_VERDICT_PRESENTATION = 2, /* right answers, wrong framing (only when strict) */
    OJD_VERDICT_FAIL = 3      /* cannot judge: bad arguments, bad jury INPUT/ANSWER, or a
                               * wrong jury */
} ojd_verdict;

typedef struct ojd_check_options {
    const ojd_profile *format; /* the judge profile; NULL = detect INPUT's grammar, mirror output */
    bool strict;              /* any deviation from the profile's exact framing is a PE */
    const ojd_solver *solver; /* for verdict words and jury cross-checks; NULL = "auto" */
    unsigned long max_nodes;  /* per-case search budget for verdicts, 0 = none */
    int box_rows, box_cols;   /* INPUT's boxes (ojd_reader_set_box()); 0, 0 = the side's
                               * conventional shape (ojd_shape_of_side()) */
    bool score_cases;         /* judge on past a wrong case, to count the cases right
                               * (report->cases_right; `ojdoku check --score cases`) */
    unsigned units;           /* a variant every INPUT puzzle is of (OJD_UNITS_* bits): the
                               * extras are added to each puzzle read, and with
                               * OJD_UNITS_REGIONS each must bring its region map; answers are
                               * judged by the puzzle's units.  0 = as INPUT says */
    bool case_sensitive;      /* verdict words compare byte for byte even where the profile's
                               * judge takes them in any case (its word-case key): DOMjudge's
                               * and problemtools' case_sensitive flag */
} ojd_check_options;

/* A versioned struct (docs/library.md, "How the API grows"): set size to
 * sizeof(ojd_check_report) before the call,
 * `ojd_check_report report = {.size = sizeof report};`. */
typedef struct ojd_check_report {
    size_t size;              /* sizeof(ojd_check_report), set by the caller */
    ojd_verdict verdict;
    unsigned long cases;      /* cases in INPUT */
    unsigned long failed_case;/* 1-based case the verdict is about, 0 = none / whole file */
    char message[256];        /* "ok 12 cases", "wrong answer: case 3: column 4 repeats 7", ... */
    /* An OK verdict: OUTPUT is byte for byte what `strict` demands.  When it is not (lenient
     * mode), the message says where it first differs: "ok 3 cases (not byte-exact: line 10
     * column 1: missing blank line)". */
    bool byte_exact;
    /* Without options->format, when the judgement fails at one of the first 16 cases: the first
     * profile whose input grammar INPUT fits and which accepts OUTPUT up to that case (headers,
     * verdict words, a board literal, ...), also named in the message: "... (did you mean
     * --format poj2918?)".  NULL when none does; the verdict is the same either way. */
    const ojd_profile *suggested;
    /* A wrong answer about one case (verdict OJD_VERDICT_WRONG, failed_case > 0): that case's
     * puzzle as INPUT holds it, and the grid OUTPUT gave for it, as read, for a side-by-side
     * view (`ojdoku check --explain`).  failed_grid.side is 0 when OUTPUT held no whole grid
     * there (the case is missing, cut short, a word, a bad symbol); both are all zero for any
     * other verdict. */
    ojd_puzzle failed_puzzle;
    ojd_board failed_grid;
    /* The same wrong case as OUTPUT wrote it, for what is not a grid (a 0 blank, letters, a word):
     * failed_line is the OUTPUT line the case begins on (0 when OUTPUT ended before it);
     * failed_text that line and as many more as a grid answer takes (9 for a 9x9 spaced grid, 1 for
     * one line), each ended by '\n', at most 100 characters (then "..."), control and non-ASCII
     * bytes escaped (\t, \r, \xHH), a CRLF's CR left out.  Both 0 / "" for any other verdict. */
    unsigned long failed_line;
    char failed_text[4096];
    /* The cases OUTPUT answers right, each judged as the verdict judges it (the framing is not
     * counted).  Judging stops at the first wrong case unless options->score_cases; then it goes on
     * past a wrong answer read whole (a grid, a verdict phrase, a score); any other fault leaves
     * the reading out of step, and no case from it on is right.  Output after the last case, or a
     * wrong answer for the whole file (Project Euler's sum), makes it 0.  The verdict and message
     * stay the first wrong case's. */
    unsigned long cases_right;
} ojd_check_report;

/*
 * Judges a contestant's OUTPUT against INPUT's puzzles and, when answer is neither NULL nor empty,
 * the jury's ANSWER (cross-checked against the solver; an empty ANSWER is none, as most judges
 * always pass a file).  The buffers are not copied and need no NUL.  options and report may be
 * NULL.  Never prints; returns the verdict, also in report->verdict.  FAIL for an INPUT with no
 * puzzle, and for a report whose size is not sizeof(ojd_check_report) (the report then untouched).
 */
OJD_EXPORT ojd_verdict ojd_check(const char *input, size_t input_size, const char *output,
                                 size_t output_size, const char *answer, size_t answer_size,
                                 const ojd_check_options *options, ojd_check_report *report);
/*
 * The same judge on streams (answer may be NULL, or hold nothing: no jury answer), in memory that
 * does not depend on their sizes (fixed buffers: about 1 MiB more for the byte-exact comparison,
 * and without a format 140 KiB for `suggested`), so a huge or endless OUTPUT gets a verdict,
 * never a FAIL for memory.
 * Each stream is read only as far as the verdict needs and never closed; a read error is a FAIL.
 * The streams must be distinct.
 */
OJD_EXPORT ojd_verdict ojd_check_stream(FILE *input, FILE *output, FILE *answer,
                                        const ojd_check_options *options, ojd_check_report *report);


/* ------------------------------------------------------------------------------------------ */
/* Input validator (validate.c)                                                               */
/* ------------------------------------------------------------------------------------------ */

/* Called with each violation, in input order: code OJD_ERR_PARSE for the grammar (bytes, lines,
 * cells, count, separators, "end"), OJD_CONFLICT, OJD_MULTIPLE or OJD_UNSOLVABLE for a case of
 * a kind the statement's input never holds, OJD_LIMIT when the search budget ran out before a
 * case's kind was known; line and col where it is (col 1 for a whole line or case).  The error
 * is the validator's: valid only during the call. */
typedef void (*ojd_violation_fn)(void *ctx, const ojd_error *violation);

typedef struct ojd_validate_options {
    unsigned long long max_nodes; /* search budget per case for its kind; 0 = none */
} ojd_validate_options;

typedef struct ojd_validate_report {
    unsigned long cases;      /* cases met, well-formed or not */
    unsigned long violations; /* violations reported */
} ojd_validate_report;

/*
 * A strict input validator (testlib's, Polygon's validator step): does in follow format's input
 * grammar exactly as the statement gives it (docs/formats.md), within the statement's bounds
 * (ojd_profile_sides(), ojd_profile_max_cases(), ojd_profile_blanks(), ojd_profile_kinds())?
 * What is checked: docs/checker.md, "input validators".  violation (may be NULL) is called once per
 * violation, in input order (the count line's last); report may be NULL.  Reads a line at a time.
 * OJD_OK when valid; OJD_ERR_PARSE after a violation; OJD_ERR_IO; OJD_ERR_INVALID for a NULL in or
 * format or a profile without a judge grammar (line, grid, json); OJD_ERR_NOMEM.
 */
OJD_EXPORT ojd_status ojd_validate_input(FILE *in, const ojd_profile *format,
                                         const ojd_validate_options *options,
                                         ojd_violation_fn violation, void *ctx,
                                         ojd_validate_report *report);

#ifdef __cplusplus
}
#endif

#endif /* OJDOKU_H */
