/*
 * jobs.c -- the ordered work pool behind `ojdoku judge -j N` (POSIX threads).
 *
 * A ring of `window` task pointers, each with a done flag, indexed by ticket modulo window:
 * [taken, claimed) handed to workers, [claimed, submitted) waiting, [taken, ready) run.
 * Invariants: taken <= ready <= claimed <= submitted, submitted - taken <= window (an entry is
 * reused only once its task was taken back).  One mutex; `finished` is signalled only when
 * `ready` reaches what the owner waits for: one wake-up per batch, dearer than an easy puzzle.
 */
#include "jobs.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <unistd.h>

struct cli_pool {
    pthread_mutex_t lock;
    pthread_cond_t work;      /* a task was submitted, or the pool is stopping */
    pthread_cond_t finished;  /* the task the owner waits for has run */
    void **task;
    bool *done;
    size_t window;
    unsigned long long submitted, claimed, ready, taken;
    unsigned long long owner_target;  /* the owner sleeps until ready >= this */
    bool owner_waiting;
    bool stopping;
    cli_pool_run_fn run;
    size_t threads;           /* started */
    pthread_t *thread;
    struct worker_arg {
        cli_pool *pool;
        void *worker;
    } *arg;
};

/* Marks the task of `ticket` run and moves `ready` past every run task; under the lock. */
static void finish_task(cli_pool *pool, unsigned long long ticket)
{
    pool->done[ticket % pool->window] = true;
    while (pool->ready < pool->claimed && pool->done[pool->ready % pool->window])
        pool->ready++;
    if (pool->owner_waiting && pool->ready >= pool->owner_target)
        pthread_cond_signal(&pool->finished);
}

static void *worker_main(void *p)
{
    struct worker_arg *arg = p;
    cli_pool *pool = arg->pool;
    pthread_mutex_lock(&pool->lock);
    for (;;) {
        while (!pool->stopping && pool->claimed == pool->submitted)
            pthread_cond_wait(&pool->work, &pool->lock);
        if (pool->stopping)
            break;
        unsigned long long ticket = pool->claimed++;
        void *task = pool->task[ticket % pool->window];
        pthread_mutex_unlock(&pool->lock);
        pool->run(arg->worker, task);
        pthread_mutex_lock(&pool->lock);
        finish_task(pool, ticket);
    }
    pthread_mutex_unlock(&pool->lock);
    return NULL;
}

cli_pool *cli_pool_new(size_t threads, void *const *workers, cli_pool_run_fn run, size_t window)
{
    if (threads == 0 || window == 0)
        return NULL;
    cli_pool *pool = calloc(1, sizeof *pool);
    if (!pool)
        return NULL;
    pool->task = calloc(window, sizeof *pool->task);
    pool->done = calloc(window, sizeof *pool->done);
    pool->thread = calloc(threads, sizeof *pool->thread);
    pool->arg = calloc(threads, sizeof *pool->arg);
    if (!pool->task || !pool->done || !pool->thread || !pool->arg) {
        cli_pool_free(pool);
        return NULL;
    }
    pool->window = window;
    pool->run = run;
    pthread_mutex_init(&pool->lock, NULL);
    pthread_cond_init(&pool->work, NULL);
    pthread_cond_init(&pool->finished, NULL);
    for (size_t i = 0; i < threads; i++) {
        pool->arg[i] = (struct worker_arg){pool, workers[i]};
        if (pthread_create(&pool->thread[i], NULL, worker_main, &pool->arg[i]) != 0) {
            cli_pool_free(pool);
            return NULL;
        }
        pool->threads++;
    }
    return pool;
}

void cli_pool_submit(cli_pool *pool, void *task)
{
    pthread_mutex_lock(&pool->lock);
    size_t slot = pool->submitted % pool->window;
    pool->task[slot] = task;
    pool->done[slot] = false;
    pool->submitted++;
    pthread_cond_signal(&pool->work);
    pthread_mutex_unlock(&pool->lock);
}

size_t cli_pool_in_flight(const cli_pool *pool)
{
    /* only the owner changes submitted and taken, and only the owner calls this */
    return (size_t)(pool->submitted - pool->taken);
}

void cli_pool_wait(cli_pool *pool, size_t count)
{
    size_t in_flight = cli_pool_in_flight(pool);
    if (count > in_flight)
        count = in_flight;
    pthread_mutex_lock(&pool->lock);
    pool->owner_target = pool->taken + count;
    pool->owner_waiting = true;
    while (pool->ready < pool->owner_target)
        pthread_cond_wait(&pool->finished, &pool->lock);
    pool->owner_waiting = false;
    pthread_mutex_unlock(&pool->lock);
}

void *cli_pool_take_done(cli_pool *pool)
{
    void *task = NULL;
    pthread_mutex_lock(&pool->lock);
    if (pool->taken < pool->ready)
        task = pool->task[pool->taken++ % pool->window];
    pthread_mutex_unlock(&pool->lock);
    return task;
}

void *cli_pool_take_oldest(cli_pool *pool)
{
    cli_pool_wait(pool, 1);
    return cli_pool_take_done(pool);
}

void cli_pool_free(cli_pool *pool)
{
    if (!pool)
        return;
    if (pool->window) { /* the lock and conditions were initialised */
        pthread_mutex_lock(&pool->lock);
        pool->stopping = true;
        pthread_cond_broadcast(&pool->work);
        pthread_mutex_unlock(&pool->lock);
        for (size_t i = 0; i < pool->threads; i++)
            pthread_join(pool->thread[i], NULL);
        pthread_mutex_destroy(&pool->lock);
        pthread_cond_destroy(&pool->work);
        pthread_cond_destroy(&pool->finished);
    }
    free(pool->task);
    free(pool->done);
    free(pool->thread);
    free(pool->arg);
    free(pool);
}

size_t cli_pool_online_cpus(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n >= 1 ? (size_t)n : 1;
}
