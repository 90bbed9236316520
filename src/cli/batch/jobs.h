/*
 * jobs.h -- an ordered work pool for `ojdoku judge -j N` (solve, rate and generate run on
 * pipeline.h, where each thread reads its own cases).
 *
 * The owner submits tasks in order; worker threads run them in whatever order they finish; the
 * owner takes them back strictly in submission order.  So output can be written by one thread, in
 * input order, while the solving runs in parallel.  The pool holds at most `window` tasks between
 * submission and take-back (the owner must take the oldest back before submitting more), which
 * keeps memory bounded however long the input is.
 */
#ifndef CLI_JOBS_H
#define CLI_JOBS_H

#include <stdbool.h>
#include <stddef.h>

typedef struct cli_pool cli_pool;

/* Runs one task on one worker thread.  worker is that thread's own context (e.g. its engine). */
typedef void (*cli_pool_run_fn)(void *worker, void *task);

/*
 * Starts one thread per element of workers[0..threads-1]; each runs `run` with its context.
 * NULL when a thread or memory could not be had (nothing is left running then).
 */
cli_pool *cli_pool_new(size_t threads, void *const *workers, cli_pool_run_fn run,
                       size_t window);
/* Hands over a task.  Precondition: fewer than `window` tasks are in flight. */
void cli_pool_submit(cli_pool *pool, void *task);
/* Tasks submitted and not yet taken back. */
size_t cli_pool_in_flight(const cli_pool *pool);
/* Waits until the oldest `count` tasks in flight (or all of them, if fewer) have run. */
void cli_pool_wait(cli_pool *pool, size_t count);
/* The oldest task in flight if it has already run, else NULL (no waiting). */
void *cli_pool_take_done(cli_pool *pool);
/* Waits until the oldest task in flight has run, and returns it (NULL when none is in flight). */
void *cli_pool_take_oldest(cli_pool *pool);
/* Stops the threads (tasks not yet started are dropped, running ones finish) and frees the pool. */
void cli_pool_free(cli_pool *pool);

/* Online processor count (at least 1): what `-j 0` means. */
size_t cli_pool_online_cpus(void);

#endif
