/*
 * core.h -- the face of the core layer (src/core: board.c, status.c, rng.c), private: bit tricks on
 * candidate sets, the grid geometry (the box formula, unit and peer tables), the error helpers.
 * Nothing here is API.  Layer rule: core includes nothing of ours but the public header; every
 * other layer may include this file.
 */
#ifndef OJD_CORE_H
#define OJD_CORE_H

#include "ojdoku.h"

#include <assert.h>
#include <stdarg.h>
#include <stdint.h>

/*
 * OJD_ASSERT(cond): an invariant the code relies on, checked unless NDEBUG is defined.  No build
 * of ours defines NDEBUG (the normal -O2 -g build and make sanitize alike), so it is live in both.
 * A failure is a library bug: assert() names it and aborts.  Use it where it runs once per call,
 * puzzle or shape, never in a search's inner loop.
 */
#define OJD_ASSERT(cond) assert(cond)

/*
 * OJD_PRINTF(f, a), after a declaration: parameter f is a printf format and the values start at
 * parameter a (0 for a va_list), so GCC and Clang check every call (-Wformat=2); elsewhere it is
 * nothing.
 */
#if defined(__GNUC__)
#define OJD_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define OJD_PRINTF(f, a)
#endif

/* Bit tricks on candidate sets (bit v-1 set = value v possible; side <= 64 fits a uint64_t). */
/* SWAR unless the target has POPCNT: without it __builtin_popcountll is a call into libgcc. */
static inline int ojd_popcount64(uint64_t x)
{
#if defined(__POPCNT__)
    return __builtin_popcountll(x);
#else
    x = x - (x >> 1 & UINT64_C(0x5555555555555555));
    x = (x & UINT64_C(0x3333333333333333)) + (x >> 2 & UINT64_C(0x3333333333333333));
    x = (x + (x >> 4)) & UINT64_C(0x0F0F0F0F0F0F0F0F);
    return (int)((x * UINT64_C(0x0101010101010101)) >> 56);
#endif
}
static inline int ojd_ctz64(uint64_t x) { return __builtin_ctzll(x); }
static inline uint64_t ojd_all_values(int side)
{
    return side >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << side) - 1);
}

/*
 * Grid geometry.  Boxes are box_rows x box_cols and numbered row by row: there are box_rows boxes
 * across (side / box_cols) and box_cols down.  These functions are the only place the box
 * arithmetic is written; everything else asks them or the tables of an ojd_geo built from them.
 */
static inline int ojd_box_of(int box_rows, int box_cols, int row, int col)
{
    return (row / box_rows) * box_rows + col / box_cols;
}
/* The first row (column) of the box that holds a cell of row `row` (column `col`). */
static inline int ojd_box_row0(int box_rows, int row) { return row - row % box_rows; }
static inline int ojd_box_col0(int box_cols, int col) { return col - col % box_cols; }
/* The row and column of the k-th cell (row-major inside the box, 0..side-1) of box b. */
static inline int ojd_box_cell_row(int box_rows, int box_cols, int b, int k)
{
    return (b / box_rows) * box_rows + k / box_cols;
}
static inline int ojd_box_cell_col(int box_rows, int box_cols, int b, int k)
{
    return (b % box_rows) * box_cols + k % box_cols;
}

/*
 * The tables of one unit set, built once (ojd_geo_new for a classic shape, ojd_geo_new_units for
 * a board's own unit set) and kept by whoever solves it: every solver state, the generator, the
 * grader.  One allocation: free() releases it.  A list shorter than its slot is padded by
 * repeating an entry, which keeps every set operation on a list exact (remove a value from the
 * peers, OR the units' values); only code that counts (a degree, exact-cover columns) must stop
 * at nunits_of or look past repeats.
 */
typedef struct ojd_geo {
    int box_rows, box_cols, side, cells;
    int nunits;                /* 3 * side, plus the extra units */
    int npeers;                /* classic: 2 (side - 1) + (box_rows - 1)(box_cols - 1) */
    int per_cell;              /* unit slots per cell: 3 when classic */
    unsigned units;            /* the board's OJD_UNITS_* bits: 0 when classic */
    uint64_t all;              /* every value: ojd_all_values(side) */
    /* [nunits * side]: the cells of each unit, row-major.  Rows are units 0..side-1, columns
     * side..2*side-1, boxes (or regions) 2*side..3*side-1, then the X diagonals, then the
     * windoku windows. */
    const int16_t *unit;
    /* [cells * per_cell]: each cell's row, column and box (or region), then the extra units
     * that hold it, padded by repeating its box (or region). */
    const int16_t *cell_unit;
    const uint8_t *nunits_of;  /* [cells]: the real units of each cell (3 when classic) */
    /* [cells * npeers]: the other cells of the box (or region, row-major), then those of the row
     * and column not yet listed, interleaved (row cell k, column cell k, for k = 0..side-1),
     * then those of the extra units; padded by repeating the first peer (npeers is the largest
     * count).  For a classic shape, the order solver_fast_large was tuned with: it decides which
     * contradiction is met first, so its unit weights and counts. */
    const int16_t *peer;
    const uint8_t *region;     /* [cells] with OJD_UNITS_REGIONS: the region map; else NULL */
} ojd_geo;

/* The tables of the shape box_rows x box_cols; NULL for a shape out of range or out of memory. */
ojd_geo *ojd_geo_new(int box_rows, int box_cols);
/* The tables of board's unit set (its shape, regions and extras: ojd_geo_new for a classic
 * board); NULL for an invalid unit set or out of memory. */
ojd_geo *ojd_geo_new_units(const ojd_board *board);
/* Are g the tables of board's unit set?  A few compares for a classic board. */
bool ojd_geo_fits_board(const ojd_geo *g, const ojd_board *board);
/* *geo made the tables of board's unit set unless it already is (freed and rebuilt): the
 * general path of a solver that caches one unit set.  false when out of memory (*geo NULL). */
bool ojd_geo_follow(ojd_geo **geo, const ojd_board *board);

static inline const int16_t *ojd_geo_unit(const ojd_geo *g, int u)
{
    return g->unit + (size_t)u * (size_t)g->side;
}
/* Unit k (0 row, 1 column, 2 box or region, 3.. extras, padded) of cell i, as a unit number. */
static inline int ojd_geo_unit_of(const ojd_geo *g, int i, int k)
{
    return g->cell_unit[g->per_cell * i + k];
}
static inline const int16_t *ojd_geo_peers(const ojd_geo *g, int i)
{
    return g->peer + (size_t)i * (size_t)g->npeers;
}
static inline int ojd_geo_row(const ojd_geo *g, int i) { return g->cell_unit[g->per_cell * i]; }
static inline int ojd_geo_col(const ojd_geo *g, int i)
{
    return g->cell_unit[g->per_cell * i + 1] - g->side;
}
static inline int ojd_geo_box(const ojd_geo *g, int i)
{
    return g->cell_unit[g->per_cell * i + 2] - 2 * g->side;
}
/* Do cells i and j share a unit (or are they the same cell)? */
static inline bool ojd_geo_sees(const ojd_geo *g, int i, int j)
{
    int n = g->per_cell;
    const int16_t *a = g->cell_unit + n * i, *b = g->cell_unit + n * j;
    if (a[0] == b[0] || a[1] == b[1] || a[2] == b[2])
        return true;
    for (int x = 3; x < n; x++)
        for (int y = 3; y < n; y++)
            if (a[x] == b[y])
                return true;
    return false;
}
/* Formats an ojd_error (code, position, printf-style message); the va_list form serves wrappers. */
void ojd_error_vset(ojd_error *err, ojd_status code, long line, long col, const char *fmt,
                    va_list ap) OJD_PRINTF(5, 0);
/* Formats an ojd_error (code, position, printf-style message). */
void ojd_error_set(ojd_error *err, ojd_status code, long line, long col, const char *fmt, ...)
    OJD_PRINTF(5, 6);

/* The image of cell i of an n x n grid under the symmetry's map (board.c); i itself for NONE. */
int ojd_symmetry_image(ojd_symmetry symmetry, int n, int i);

/* Can value v go in cell i of b without repeating in a unit of its own (row, column, box or
 * region, extras)?  A linear scan, independent of the ojd_geo tables. */
bool ojd_board_fits(const ojd_board *b, int i, int v);
/* Is the board's unit set valid (known bits, windoku on 9x9, a region map that partitions the
 * grid into connected regions of side cells)? */
bool ojd_board_units_valid(const ojd_board *board);
/* The same but for connectedness: all a solver needs (every unit has side cells, every region
 * number is in range), and a tenth of the cost, so the engine asks it of every jigsaw it
 * solves.  A map with disconnected regions gets in only by writing board->region directly:
 * ojd_board_set_regions() and the readers refuse one. */
bool ojd_board_units_usable(const ojd_board *board);
#endif /* OJD_CORE_H */
