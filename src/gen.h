/*
 * gen.h -- private to the generator and the grader: the unit geometry of a shape, a small
 * propagating solver used for the generator's many uniqueness questions, and the grader's
 * reusable state.  Nothing here is API.
 */
#ifndef OJD_GEN_H
#define OJD_GEN_H

#include "internal.h"

/*
 * Units of a shape: rows are units 0..side-1, columns side..2*side-1, boxes 2*side..3*side-1;
 * unit[u][k] is the k-th cell of unit u (row-major inside a box).  cell_unit[i] lists the row,
 * column and box unit of cell i.
 */
typedef struct ojd_geo {
    int box_rows, box_cols, side, cells;
    uint64_t all;
    int16_t unit[3 * OJD_MAX_SIDE][OJD_MAX_SIDE];
    int16_t cell_unit[OJD_MAX_CELLS][3];
} ojd_geo;

ojd_geo *ojd_geo_new(int box_rows, int box_cols);
static inline int ojd_geo_row(const ojd_geo *g, int i) { return g->cell_unit[i][0]; }
static inline int ojd_geo_col(const ojd_geo *g, int i) { return g->cell_unit[i][1] - g->side; }
static inline int ojd_geo_box(const ojd_geo *g, int i) { return g->cell_unit[i][2] - 2 * g->side; }
static inline bool ojd_geo_sees(const ojd_geo *g, int i, int j)
{
    return g->cell_unit[i][0] == g->cell_unit[j][0] || g->cell_unit[i][1] == g->cell_unit[j][1] ||
           g->cell_unit[i][2] == g->cell_unit[j][2];
}

/*
 * The quick solver: naked and hidden singles to a fixpoint, then branching on a cell with the
 * fewest candidates (values in increasing order, or shuffled by rng).  Counts solutions up to a
 * limit within a node budget.  Usage: ojd_qs_load() a board, optionally ojd_qs_forbid() some
 * values of some cells, then ojd_qs_run().
 */
typedef struct ojd_qs ojd_qs;
ojd_qs *ojd_qs_new(const ojd_geo *geo);
void ojd_qs_free(ojd_qs *qs);
void ojd_qs_load(ojd_qs *qs, const uint8_t *cells);
void ojd_qs_forbid(ojd_qs *qs, int cell, int value);
/*
 * Searches; returns the number of solutions found (<= limit); the first one is copied to
 * solution when not NULL.  *complete is false when the node budget (0 = none) ran out or memory
 * did, in which case the count is a lower bound.
 */
unsigned long ojd_qs_run(ojd_qs *qs, unsigned long limit, unsigned long long max_nodes,
                         ojd_rng *rng, uint8_t *solution, bool *complete);

/* After ojd_qs_load(): did singles alone fill the grid (consistently)? */
bool ojd_qs_solved_by_singles(const ojd_qs *qs);

/*
 * After ojd_qs_load(): is there a solution with value not in cell?  Leaves the loaded frame as it
 * was, so several cells can be asked about after one load.  Returns 0 or 1.
 */
unsigned long ojd_qs_run_forbid(ojd_qs *qs, int cell, int value, unsigned long long max_nodes,
                                bool *complete);

/* The grader's state, reused across puzzles of one shape (rate.c). */
typedef struct ojd_rater ojd_rater;
ojd_rater *ojd_rater_new(const ojd_geo *geo);
void ojd_rater_free(ojd_rater *rater);
/*
 * Solves cells (0 = empty) logically with the techniques of grades <= cap.  With cap ==
 * OJD_GRADE_EXTREME and solution given (the unique solution), always finishes (contradiction
 * sweeps, then guesses).  Returns true if the grid was solved; fills *rating either way (for a
 * stuck grid, the steps made so far and grade = OJD_GRADE_EXTREME).
 */
bool ojd_rater_run(ojd_rater *rater, const uint8_t *cells, const uint8_t *solution, ojd_grade cap,
                   ojd_rating *rating, ojd_step_fn step, void *ctx);

#endif
