/*
 * jobs.h -- an ordered work pool for `ojdoku solve -j N`.
 *
 * The owner submits tasks in order; worker threads run them in whatever order they finish; the
 * owner takes them back strictly in submission order.  So output can be written by one thread, in
 * input order, while the solving runs in parallel.  The pool holds at most `window` tasks between
 * submission and take-back (the owner must take the oldest back before submitting more), which
 * keeps memory bounded however long the input is.
 */
#ifndef OJD_CLI_JOBS_H
#define OJD_CLI_JOBS_H

#include <stddef.h>

typedef struct ojd_pool ojd_pool;

/* Runs one task on one worker thread.  worker is that thread's own context (e.g. its engine). */
typedef void (*ojd_pool_run_fn)(void *worker, void *task);

/*
 * Starts one thread per element of workers[0..threads-1]; each runs `run` with its context.
 * NULL when a thread or memory could not be had (nothing is left running then).
 */
ojd_pool *ojd_pool_new(size_t threads, void *const *workers, ojd_pool_run_fn run,
                       size_t window);
/* Hands over a task.  Precondition: fewer than `window` tasks are in flight. */
void ojd_pool_submit(ojd_pool *pool, void *task);
/* Tasks submitted and not yet taken back. */
size_t ojd_pool_in_flight(const ojd_pool *pool);
/* Waits until the oldest `count` tasks in flight (or all of them, if fewer) have run. */
void ojd_pool_wait(ojd_pool *pool, size_t count);
/* The oldest task in flight if it has already run, else NULL (no waiting). */
void *ojd_pool_take_done(ojd_pool *pool);
/* Waits until the oldest task in flight has run, and returns it (NULL when none is in flight). */
void *ojd_pool_take_oldest(ojd_pool *pool);
/* Stops the threads (tasks not yet started are dropped, running ones finish) and frees the pool. */
void ojd_pool_free(ojd_pool *pool);

/* Online processor count (at least 1): what `-j 0` means. */
size_t ojd_pool_online_cpus(void);

#endif
