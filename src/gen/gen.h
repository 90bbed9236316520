/*
 * gen.h -- the face of the gen layer (src/gen), private to the generator and the grader: the
 * grader's reusable state.  Both ask the singles core (solve/solve.h) their solution-counting
 * questions and work on the shape's ojd_geo (core/core.h).  Nothing here is API.  Layer rule:
 * gen includes solve and core.
 */
#ifndef OJD_RATE_H
#define OJD_RATE_H

#include "solve/solve.h"

/* The grader's state, reused across puzzles of one unit set (rate.c): its techniques read every
 * unit of geo, the extras included; NULL when out of memory. */
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
 * Bounds the next ojd_rater_run()s by budget (started by the caller, which owns it; NULL, as
 * after ojd_rater_new(), for none), with nodes already spent (the uniqueness check's).  Every
 * node of the grader's work counts one: a pass of the techniques over the grid, an assumption
 * of a forcing chain and each step inside it, a node of the search probe.  Once the budget has
 * run out (budget->exhausted), a run stops at its next node and returns false with a rating
 * that means nothing; the steps made until then have been passed to step.
 */
void ojd_rater_bound(ojd_rater *rater, ojd_budget *budget, unsigned long long nodes);
/* The nodes counted so far: those given to ojd_rater_bound() and the runs' since. */
unsigned long long ojd_rater_nodes(const ojd_rater *rater);

/*
 * What the score is made of: one entry per deduction of the last ojd_rater_run(), in order.  The
 * score is a function of the trace and a model (ojd_rate_score), so a calibration can fit the
 * model's constants without grading the puzzles again (tests/bench/rate_calibrate.c).
 */
typedef struct ojd_rate_step {
    int tech;      /* ojd_technique */
    int empty;     /* empty cells before the step */
    double base;   /* the technique's difficulty (Sudoku Explainer's scale) */
    double extra;  /* chains and guesses: length and rarity, >= 0 */
} ojd_rate_step;

typedef struct ojd_rate_trace {
    int cells;              /* of the grid */
    int nsteps, cap;
    ojd_rate_step *step;
    /* the search probe (rate.c): the deepest branching level a singles + random-MRV search
     * reached, averaged over fixed seeds; 0 when singles solve the givens or no solution was
     * given to ojd_rater_run */
    double search_depth;
} ojd_rate_trace;

/*
 * score = the hardest step (base + chain_scale * extra, + late_weight * (empty/cells)^late_power
 * for a step other than a single) + stuck_weight * (empty/cells when singles first ran
 * dry)^stuck_power + sweep_weight * log2(1 + chain and guess steps) + work_weight * W / (W + 200)
 * with W the sum of the steps' difficulties + search_weight * search_depth.  A puzzle solved by
 * singles alone scores the hardest single plus the work term (every other term is 0 there).
 */
typedef struct ojd_rate_model {
    double chain_scale, late_weight, late_power, stuck_weight, stuck_power, sweep_weight,
        work_weight, search_weight;
} ojd_rate_model;

extern const ojd_rate_model ojd_rate_model_fitted;   /* what ojd_rate() scores with */
const ojd_rate_trace *ojd_rater_trace(const ojd_rater *rater);
double ojd_rate_score(const ojd_rate_trace *trace, const ojd_rate_model *model);
bool ojd_rate_step_is_single(ojd_technique technique);

/* What killer.c asks of the generator (after ojd_generate() prepared the shape): a random
 * complete grid into grid[0..cells), as every puzzle starts from, and the grader of the shape. */
ojd_status ojd_generator_grid(ojd_generator *gen, ojd_rng *rng, uint8_t *grid);
ojd_rater *ojd_generator_rater(ojd_generator *gen);
/*
 * A killer puzzle (killer.c) for ojd_generate() with OJD_UNITS_KILLER in o->units (o with its
 * defaults filled in, shape its unit set without cages, the generator prepared for it): no
 * givens but, when o->clues allows them, at most o->clues; a grade target met by the layout's
 * profile and up to o->attempts tries.  What ojd_generate() returns.
 */
ojd_status ojd_killer_generate(ojd_generator *gen, ojd_rng *rng, const ojd_generate_options *o,
                               const ojd_board *shape, ojd_board *puzzle, ojd_board *solution,
                               ojd_generate_info *info);
/* The cages the next ojd_rater_run()s read (board's, with OJD_UNITS_KILLER; NULL or a board
 * without cages: none).  The board must have the rater's unit set. */
void ojd_rater_cages(ojd_rater *rater, const ojd_board *board);

/*
 * What kinds.c asks the generator for, so that a test case of any kind is judged by the same
 * engine and singles core as the unique puzzle it starts from: the engine (the default solver,
 * which has the last word on every puzzle handed out) and the singles core of the shape of the
 * last puzzle ojd_generate() made (NULL before the first).
 */
ojd_engine *ojd_generator_engine(ojd_generator *gen);
ojd_singles *ojd_generator_singles(ojd_generator *gen);

/*
 * The step of ojd_generate_kind() on one unique puzzle (kinds.c): *puzzle (unique, with the
 * solution given, any unit set, cages included) made a case of kind->kind (multiple, unsolvable
 * or conflict; an unsolvable one as for a grade below hard), *met when the step met the
 * kind's target, *puzzle unchanged when no case could be made.  OJD_ERR_INVALID for a kind
 * outside those three or a conflict unit the board lacks; an engine's error (a board its
 * solver does not take).  For tests that hand it boards ojd_generate() does not make.
 */
ojd_status ojd_kind_step(ojd_generator *gen, ojd_rng *rng, const ojd_kind_options *kind,
                         ojd_board *puzzle, const ojd_board *solution, bool *met);

#endif
