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

#endif
