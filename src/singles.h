/*
 * singles.h -- the singles + MRV search core (singles.c), private: the "mrv" solver is this core
 * with its defaults, and the generator and the grader ask it their "how many solutions?"
 * questions with the extras below.  Nothing here is API.
 *
 * Usage: ojd_singles_new() for a shape, then per question ojd_singles_load() the givens and
 * ojd_singles_search() from them, as often as wanted (a settled load is kept across searches).
 */
#ifndef OJD_SINGLES_H
#define OJD_SINGLES_H

#include "internal.h"

typedef struct ojd_singles ojd_singles;

/* How a search branches and counts beyond the defaults (all zero: the "mrv" solver). */
typedef struct ojd_singles_opts {
    /* Ties on fewest candidates: false = most unplaced peers, then the lowest index (mrv's rule,
     * worth 10x fewer nodes on 16x16); true = the lowest index (cheaper per node; the generator's
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

#endif /* OJD_SINGLES_H */
