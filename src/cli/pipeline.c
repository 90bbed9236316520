/*
 * pipeline.c -- ordered batches of records over the work pool (jobs.c).
 *
 * Records are numbered by a sequence that counts up: [emitted, committed) have been committed and
 * not yet emitted, [open_first, committed) is the open batch (committed, not yet handed to a
 * worker), and [emitted, handed_out) are the slots in use (handed_out - committed is 0 or 1: the
 * record being filled).  Invariant: handed_out - emitted <= window, so a slot (sequence modulo
 * window) is reused only after its record was emitted.  Batches are consecutive records, handed
 * to the pool in sequence order, and taken back in that order; each batch descriptor lives in a
 * ring of `window` entries (a batch holds at least one record, so no more than `window` batches
 * are ever in flight).  Only the owner thread touches any of this but the batch a worker runs.
 *
 * Before the threads start (the inline phase: no pool yet) every record is slot 0, worked and
 * emitted at commit, and the sequences stay 0; so the threads start with an empty ring.
 */
#include "pipeline.h"

#include "jobs.h"
#include "progress.h"

#include <stdlib.h>
#include <string.h>

typedef struct batch {
    cli_pipeline *pipeline;
    unsigned long long first; /* sequence number of its first record */
    size_t count;
    double seconds;           /* the time its worker took (set by the worker) */
} batch;

struct cli_pipeline {
    cli_work_fn work;
    cli_emit_fn emit;
    void *context;
    void *const *workers;     /* workers[0] serves a pipeline without threads */
    unsigned char *records;
    size_t record_size, window;
    unsigned long long handed_out, committed, emitted, open_first;
    batch *batches;           /* ring of `window` descriptors, indexed by batches_submitted */
    unsigned long long batches_submitted;
    size_t batch_size, max_batch;
    size_t threads;           /* workers to start (1: none, ever) */
    double start_seconds;     /* inline work that starts the threads (cli_pipeline_start_after) */
    double inline_start;      /* clock at the first inline record, 0 before it */
    unsigned long long inline_records;
    bool start_failed;        /* the threads could not be had: inline to the end */
    cli_pool *pool;           /* NULL: no threads (yet), work and emit at commit */
};

static void *slot(const cli_pipeline *p, unsigned long long seq)
{
    return p->records + (size_t)(seq % p->window) * p->record_size;
}

static void run_batch(void *worker, void *task)
{
    batch *b = task;
    cli_pipeline *p = b->pipeline;
    double start = cli_progress_clock();
    for (size_t i = 0; i < b->count; i++)
        p->work(worker, slot(p, b->first + i));
    b->seconds = cli_progress_clock() - start;
}

/* Hands the open batch (if it holds any record) to the workers. */
static void submit_open(cli_pipeline *p)
{
    if (p->committed == p->open_first)
        return;
    batch *b = &p->batches[p->batches_submitted++ % p->window];
    *b = (batch){.pipeline = p, .first = p->open_first,
                 .count = (size_t)(p->committed - p->open_first)};
    p->open_first = p->committed;
    cli_pool_submit(p->pool, b);
}


/* Emits a batch taken back from the pool, and sizes the next batches by what this one cost: only
 * a full batch says how long a full batch takes. */
static void emit_batch(cli_pipeline *p, const batch *b)
{
    for (size_t i = 0; i < b->count; i++)
        p->emit(p->context, slot(p, b->first + i));
    p->emitted = b->first + b->count;
    if (b->count == p->batch_size) {
        if (b->seconds < CLI_PIPELINE_BATCH_SECONDS / 2 && p->batch_size < p->max_batch)
            p->batch_size *= 2;
        else if (b->seconds > CLI_PIPELINE_BATCH_SECONDS * 2 && p->batch_size > 1)
            p->batch_size /= 2;
    }
}

cli_pipeline *cli_pipeline_new(size_t threads, void *const *workers, size_t record_size,
                               size_t window, size_t max_batch, cli_work_fn work,
                               cli_emit_fn emit, void *context)
{
    if (threads == 0 || record_size == 0)
        return NULL;
    cli_pipeline *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    p->work = work;
    p->emit = emit;
    p->context = context;
    p->workers = workers;
    p->record_size = record_size;
    /* without threads one record is all there is; with them, at least 4 per thread, so that each
     * has work queued while the owner prints */
    p->window = threads == 1 ? 1 : window > threads * 4 ? window : threads * 4;
    /* a batch no larger than a quarter of a thread's share of the window: every thread keeps
     * several batches to go on with while the owner emits */
    size_t share = p->window / (threads * 4);
    p->max_batch = max_batch < share ? max_batch : share;
    if (p->max_batch < 1)
        p->max_batch = 1;
    p->batch_size = 1;
    p->records = calloc(p->window, record_size);
    p->batches = threads == 1 ? NULL : calloc(p->window, sizeof *p->batches);
    if (!p->records || (threads > 1 && !p->batches)) {
        cli_pipeline_free(p);
        return NULL;
    }
    p->threads = threads;
    return p;
}

void cli_pipeline_start_after(cli_pipeline *p, double seconds)
{
    p->start_seconds = seconds;
}

/* Leaves the inline phase: starts the threads, with a first batch size fitted to what a record
 * has cost so far (so easy records travel in large batches from the start, not after a ramp of
 * doublings). */
static void start_threads(cli_pipeline *p)
{
    /* the owner solves too (when the window is full), with workers[0]: one started thread less */
    p->pool = cli_pool_new(p->threads - 1, p->workers + 1, run_batch, p->window);
    if (!p->pool) {
        p->start_failed = true; /* the same output, on this thread alone */
        return;
    }
    if (p->inline_records > 0) {
        double per_record = (cli_progress_clock() - p->inline_start) / (double)p->inline_records;
        while (p->batch_size < p->max_batch &&
               per_record * (double)(p->batch_size * 2) <= CLI_PIPELINE_BATCH_SECONDS)
            p->batch_size *= 2;
    }
}

/* In the inline phase: whether the work so far has earned the threads. */
static bool threads_pay(cli_pipeline *p)
{
    if (p->threads == 1 || p->start_failed)
        return false;
    if (p->start_seconds <= 0)
        return true;
    return p->inline_records > 0 && cli_progress_clock() - p->inline_start >= p->start_seconds;
}

/* Emits every batch the workers have finished, oldest first; waits for at least the oldest half
 * of those in flight when `wait` (one sleep for many batches, not one per batch). */
static void emit_finished(cli_pipeline *p, bool wait)
{
    if (wait)
        cli_pool_wait(p->pool, (cli_pool_in_flight(p->pool) + 1) / 2);
    const batch *b;
    while ((b = cli_pool_take_done(p->pool)) != NULL)
        emit_batch(p, b);
}

void *cli_pipeline_record(cli_pipeline *p)
{
    if (!p->pool && threads_pay(p))
        start_threads(p);
    if (!p->pool) {
        if (p->inline_records == 0 && p->threads > 1)
            p->inline_start = cli_progress_clock();
        return slot(p, 0);
    }
    if (p->handed_out - p->emitted == p->window) {
        submit_open(p); /* the open batch may be all the window holds */
        /* The window is full: free its older half before reading on (freeing one batch at a
         * time would leave room for only a small batch next time, and small batches would
         * breed).  Meanwhile, rather than sleep, the owner solves the oldest batch no thread has
         * started (so it is one of the solving threads, and -j 2 is two threads on two
         * processors); with none left, it waits for the oldest ones to finish. */
        while (p->handed_out - p->emitted > p->window / 2)
            if (cli_pool_help(p->pool, p->workers[0]))
                emit_finished(p, false);
            else
                emit_finished(p, true);
    }
    return slot(p, p->handed_out++);
}

void cli_pipeline_commit(cli_pipeline *p, void *record)
{
    if (!p->pool) {
        p->work(p->workers[0], record);
        p->emit(p->context, record);
        p->inline_records++;
        return;
    }
    p->committed++;
    if (p->committed - p->open_first >= p->batch_size)
        submit_open(p);
    else if (cli_pool_in_flight(p->pool) == 0)
        submit_open(p); /* the workers are idle: do not keep them waiting for a full batch */
}

void cli_pipeline_finish(cli_pipeline *p)
{
    if (!p->pool)
        return;
    submit_open(p);
    while (cli_pool_help(p->pool, p->workers[0]))
        emit_finished(p, false);
    while (cli_pool_in_flight(p->pool) > 0) {
        const batch *b = cli_pool_take_oldest(p->pool);
        if (b)
            emit_batch(p, b);
    }
}

void cli_pipeline_release(cli_pipeline *p, void (*release)(void *record))
{
    for (size_t i = 0; p && i < p->window; i++)
        release(slot(p, i));
}

void cli_pipeline_free(cli_pipeline *p)
{
    if (!p)
        return;
    cli_pool_free(p->pool);
    free(p->batches);
    free(p->records);
    free(p);
}

unsigned long long cli_pipeline_handoffs(const cli_pipeline *p)
{
    return p->batches_submitted;
}

size_t cli_pipeline_threads(size_t requested)
{
    size_t cpus = cli_pool_online_cpus();
    return requested == 0 || requested > cpus ? cpus : requested;
}
