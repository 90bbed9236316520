/*
 * budget.c -- the search budget's clock (solve.h): solvers test ojd_budget_exhausted() once per
 * node, which compares the node count every time and calls ojd_budget_clock_expired() only every
 * OJD_CLOCK_STRIDE nodes, so reading the monotonic clock stays off the hot path.  A file of its
 * own so that nothing that only needs the budget depends on the engine.
 */
#define _POSIX_C_SOURCE 200809L
#include "solve.h"

#include <time.h>

double ojd_now_seconds(void)
{
#if defined(_WIN32) /* MinGW has clock_gettime only with winpthreads; clock() is wall time there */
    return (double)clock() / CLOCKS_PER_SEC;
#else
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
#endif
}

void ojd_budget_start(ojd_budget *budget, const ojd_search *search)
{
    budget->max_nodes = search ? search->max_nodes : 0;
    budget->deadline = search && search->max_seconds > 0 ? ojd_now_seconds() + search->max_seconds
                                                         : 0;
    budget->next_clock = OJD_CLOCK_STRIDE;
    budget->exhausted = false;
}

bool ojd_budget_clock_expired(ojd_budget *budget, unsigned long long nodes)
{
    budget->next_clock = nodes + OJD_CLOCK_STRIDE;
    if (ojd_now_seconds() >= budget->deadline)
        budget->exhausted = true;
    return budget->exhausted;
}
