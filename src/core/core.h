/*
 * core.h -- the face of the core layer (src/core: board.c, status.c, rng.c), private: bit tricks on
 * candidate sets, the grid geometry (the box formula, unit and peer tables), the error helpers.
 * Nothing here is API.  Layer rule: core includes nothing of ours but the public header; every
 * other layer may include this file.
 */
#ifndef OJD_CORE_H
#define OJD_CORE_H

#include "ojdoku.h"

#include <stdarg.h>
#include <stdint.h>

/* Bit tricks on candidate sets (bit v-1 set = value v possible; side <= 64 fits a uint64_t). */
static inline int ojd_popcount64(uint64_t x) { return __builtin_popcountll(x); }
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
 * The tables of one shape, built once (ojd_geo_new) and kept by whoever solves that shape: every
 * solver state, the generator, the grader.  Units: rows are units 0..side-1, columns
 * side..2*side-1, boxes 2*side..3*side-1; unit u lists its cells in row-major order.  The peers of
 * a cell are the other cells of its box (row-major), then the cells of its row and column outside
 * the box, interleaved (row cell k, column cell k, for k = 0..side-1): the order solver_fast_large
 * was tuned with (it decides which contradiction is met first, so its unit weights and counts).
 * One allocation: free() releases it.
 */
typedef struct ojd_geo {
    int box_rows, box_cols, side, cells;
    int nunits;                /* 3 * side */
    int npeers;                /* 2 (side - 1) + (box_rows - 1)(box_cols - 1) */
    uint64_t all;              /* every value: ojd_all_values(side) */
    const int16_t *unit;       /* [nunits * side]: the cells of each unit */
    const int16_t *cell_unit;  /* [cells * 3]: the row, column and box unit of each cell */
    const int16_t *peer;       /* [cells * npeers] */
} ojd_geo;

/* The tables of the shape box_rows x box_cols; NULL for a shape out of range or out of memory. */
ojd_geo *ojd_geo_new(int box_rows, int box_cols);

static inline const int16_t *ojd_geo_unit(const ojd_geo *g, int u)
{
    return g->unit + (size_t)u * (size_t)g->side;
}
/* Unit k (0 row, 1 column, 2 box) of cell i, as a unit number. */
static inline int ojd_geo_unit_of(const ojd_geo *g, int i, int k)
{
    return g->cell_unit[3 * i + k];
}
static inline const int16_t *ojd_geo_peers(const ojd_geo *g, int i)
{
    return g->peer + (size_t)i * (size_t)g->npeers;
}
static inline int ojd_geo_row(const ojd_geo *g, int i) { return g->cell_unit[3 * i]; }
static inline int ojd_geo_col(const ojd_geo *g, int i) { return g->cell_unit[3 * i + 1] - g->side; }
static inline int ojd_geo_box(const ojd_geo *g, int i)
{
    return g->cell_unit[3 * i + 2] - 2 * g->side;
}
/* Do cells i and j share a unit (or are they the same cell)? */
static inline bool ojd_geo_sees(const ojd_geo *g, int i, int j)
{
    const int16_t *a = g->cell_unit + 3 * i, *b = g->cell_unit + 3 * j;
    return a[0] == b[0] || a[1] == b[1] || a[2] == b[2];
}
/* Formats an ojd_error (code, position, printf-style message); the va_list form serves wrappers. */
void ojd_error_vset(ojd_error *err, ojd_status code, long line, long col, const char *fmt,
                    va_list ap)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 0)))
#endif
    ;
/* Formats an ojd_error (code, position, printf-style message). */
void ojd_error_set(ojd_error *err, ojd_status code, long line, long col, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;

/* The image of cell i of an n x n grid under the symmetry's map (board.c); i itself for NONE. */
int ojd_symmetry_image(ojd_symmetry symmetry, int n, int i);

/* Can value v go in cell i of b without repeating in its row, column or box?  A linear scan. */
bool ojd_board_fits(const ojd_board *b, int i, int v);
#endif /* OJD_CORE_H */
