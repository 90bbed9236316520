/*
 * gen.h -- private to the generator and the grader: the grader's reusable state.  Both ask the
 * singles core (singles.h) their solution-counting questions and work on the shape's ojd_geo
 * (internal.h).  Nothing here is API.
 */
#ifndef OJD_GEN_H
#define OJD_GEN_H

#include "singles.h"

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

/*
 * What kinds.c asks the generator for, so that a test case of any kind is judged by the same
 * engine and singles core as the unique puzzle it starts from: the engine (the default solver,
 * which has the last word on every puzzle handed out) and the singles core of the shape of the
 * last puzzle ojd_generate() made (NULL before the first).
 */
ojd_engine *ojd_generator_engine(ojd_generator *gen);
ojd_singles *ojd_generator_singles(ojd_generator *gen);

#endif
