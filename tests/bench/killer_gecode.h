/*
 * killer_gecode.h -- the CP comparison of make bench's killer section: a Gecode model of a killer
 * puzzle (killer_gecode.cc, C++, built only with `make bench GECODE=1`; never part of ojdoku).
 */
#ifndef KILLER_GECODE_H
#define KILLER_GECODE_H

#include "killer_line.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Solves p with Gecode, counting solutions up to limit (1 or 2) within max_seconds of the
 * thread's CPU time (0 = no limit): the solutions found (0..limit), or -1 when the time ran out
 * first.  The first
 * solution goes to first (81 values) when one is found; *nodes is the search's node count.
 * The whole cost is counted: the model is posted anew for every call. */
int killer_gecode_solve(const killer_puzzle *p, int limit, double max_seconds, uint8_t *first,
                        unsigned long *nodes);

/* A one-line description of the model (propagation levels, branching), for the bench's table. */
const char *killer_gecode_model(void);

#ifdef __cplusplus
}
#endif

#endif
