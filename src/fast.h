/*
 * fast.h -- the two halves of the "fast" solver: a 9x9 bitboard engine (solver_fast.c) and a
 * strong-propagation engine for every other shape (solver_fast_large.c).  solver_fast.c registers
 * "fast" and dispatches on the shape; the large engine exposes the usual three entry points.
 */
#ifndef OJD_FAST_H
#define OJD_FAST_H

#include "internal.h"

void *ojd_fast_large_create(int box_rows, int box_cols);
void ojd_fast_large_destroy(void *state);
/* Checks the givens itself, as "fast" promises (checks_givens). */
ojd_status ojd_fast_large_solve(void *state, const ojd_board *in, const ojd_search *search,
                                ojd_result *out);

#endif
