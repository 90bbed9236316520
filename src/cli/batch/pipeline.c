/*
 * pipeline.c -- ordered batches of records, each filled, worked and emitted by the thread that
 * read it (POSIX threads).
 *
 * Thread t owns max_batch input slots (its batch) and a ring of `share` output slots, numbered
 * by a sequence [emitted, filled) that restarts at 0 when the ring empties; batches, in input
 * order, are in a ring of `window`.  Invariants: filled - emitted <= share per ring; one thread
 * holds the read turn (`reading`); a batch is emitted by its own thread once it is the oldest
 * in flight.  One mutex; an idle thread spins on `changes` first.  Why: docs/performance.md.
 */
#include "pipeline.h"

#include "jobs.h"
#include "cli/batch/progress.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

/* How long a thread with nothing to do polls `changes` before it sleeps: longer than filling a
 * batch of easy puzzles takes, and than waking a sleeping thread costs (which can be a
 * millisecond on a virtual machine whose idle processor the host has descheduled). */
#define SPIN_SECONDS 500e-6

typedef struct batch {
    size_t thread;            /* whose ring holds its records */
    unsigned long long first; /* that ring's sequence number of its first record */
    size_t count;
    bool done;                /* worked: may be emitted */
} batch;

typedef struct ring {
    unsigned char *inputs;    /* max_batch input slots: the batch being filled and worked */
    unsigned char *outputs;   /* share output slots */
    unsigned long long filled, emitted;
    size_t used;              /* output slots ever used: [0, used) */
    char apart[64];           /* the next thread's ring state is on another cache line */
} ring;

typedef struct thread_arg {
    cli_pipeline *pipeline;
    size_t thread;
} thread_arg;

struct cli_pipeline {
    cli_fill_fn fill;
    cli_work_fn work;
    cli_emit_fn emit;
    void *context;
    void *const *workers;
    size_t threads, input_size, output_size, window, share;
    ring *rings;
    batch *batches;           /* ring of `window` descriptors, indexed by batch number */
    unsigned long long filled_batches, emitted_batches;
    size_t batch_size, max_batch;
    double start_seconds;     /* work alone that starts the threads (cli_pipeline_start_after) */
    unsigned long long alone_records; /* filled before the threads started (in slots 0) */
    bool reading;             /* the read turn is held */
    bool ended;               /* fill() said there is no more */
    bool stopping;            /* emit() said stop: fill no more */
    pthread_mutex_t lock;
    pthread_cond_t changed;
    _Atomic unsigned long changes; /* bumped (under the lock) whenever `changed` is signalled */
    size_t sleepers;
    pthread_t *started;       /* threads-1 of them while cli_pipeline_run() runs */
    thread_arg *args;
};

static void *input_slot(const cli_pipeline *p, size_t thread, size_t i)
{
    return p->rings[thread].inputs + i * p->input_size;
}

static void *output_slot(const cli_pipeline *p, size_t thread, unsigned long long seq)
{
    return p->rings[thread].outputs + (size_t)(seq % p->share) * p->output_size;
}

/* The output slot after `output` in thread's ring (a division per record costs more than it
 * seems: some 3% of an easy puzzle). */
static void *next_output(const cli_pipeline *p, size_t thread, void *output)
{
    unsigned char *next = (unsigned char *)output + p->output_size;
    unsigned char *outputs = p->rings[thread].outputs;
    return next == outputs + p->share * p->output_size ? outputs : next;
}

/* Tells the threads something changed; under the lock. */
static void wake_all(cli_pipeline *p)
{
    atomic_store_explicit(&p->changes, atomic_load_explicit(&p->changes, memory_order_relaxed) + 1,
                          memory_order_release);
    if (p->sleepers > 0)
        pthread_cond_broadcast(&p->changed);
}

static void pause_briefly(void)
{
#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
    __builtin_ia32_pause();
#endif
}

/* Waits until wake_all() has been called; under the lock (released meanwhile). */
static void wait_for_change(cli_pipeline *p)
{
    unsigned long seen = atomic_load_explicit(&p->changes, memory_order_relaxed);
    pthread_mutex_unlock(&p->lock);
    /* the clock is read every 64 pauses: a pause takes from a few to some 40 ns by processor */
    double until = cli_progress_clock() + SPIN_SECONDS;
    while (atomic_load_explicit(&p->changes, memory_order_acquire) == seen) {
        for (int i = 0; i < 64; i++)
            pause_briefly();
        if (cli_progress_clock() > until)
            break;
    }
    pthread_mutex_lock(&p->lock);
    p->sleepers++;
    while (atomic_load_explicit(&p->changes, memory_order_relaxed) == seen)
        pthread_cond_wait(&p->changed, &p->lock);
    p->sleepers--;
}

/* Whether the oldest batch not yet emitted is thread t's, and done: then it is t's turn to emit
 * (the thread that filled a batch emits it, so its records never leave that thread's cache, and
 * only one thread at a time can be the one whose turn it is). */
static bool my_turn_to_emit(const cli_pipeline *p, size_t t)
{
    if (p->emitted_batches == p->filled_batches)
        return false;
    const batch *oldest = &p->batches[p->emitted_batches % p->window];
    return oldest->thread == t && oldest->done;
}

/* Emits thread t's batches while it is its turn; under the lock. */
static void emit_mine(cli_pipeline *p, size_t t)
{
    while (my_turn_to_emit(p, t)) {
        batch mine = p->batches[p->emitted_batches % p->window];
        pthread_mutex_unlock(&p->lock);
        bool go_on = true;
        void *output = output_slot(p, t, mine.first);
        for (size_t i = 0; i < mine.count; i++, output = next_output(p, t, output))
            go_on &= p->emit(p->context, output);
        pthread_mutex_lock(&p->lock);
        p->emitted_batches++;
        ring *r = &p->rings[t];
        r->emitted += mine.count;
        /* an empty ring starts again at its first slot: a thread runs deep into its ring only
         * while another holds its output up, and otherwise reuses the few slots still in its
         * cache */
        if (r->emitted == r->filled)
            r->emitted = r->filled = 0;
        if (!go_on)
            p->stopping = true;
        wake_all(p); /* the next batch's turn, room in a ring, or the end */
    }
}

/* A batch size doubled, but never past max_batch (the input slots a thread has). */
static size_t grown(size_t batch_size, size_t max_batch)
{
    return batch_size * 2 < max_batch ? batch_size * 2 : max_batch;
}

/* Fills a batch into thread t's input slots, works it into its ring of outputs, and marks it
 * done; under the lock, with the read turn taken. */
static void fill_and_work(cli_pipeline *p, size_t t)
{
    ring *r = &p->rings[t];
    size_t want = p->batch_size;
    unsigned long long first = r->filled;
    pthread_mutex_unlock(&p->lock);
    size_t count = 0;
    while (count < want && p->fill(p->context, input_slot(p, t, count)))
        count++;
    pthread_mutex_lock(&p->lock);
    p->reading = false;
    if (count < want)
        p->ended = true;
    if (count == 0) {
        wake_all(p);
        return;
    }
    batch *b = &p->batches[p->filled_batches++ % p->window];
    *b = (batch){.thread = t, .first = first, .count = count, .done = false};
    r->filled += count;
    if (r->filled > r->used) /* sequences start at slot 0 */
        r->used = r->filled < p->share ? (size_t)r->filled : p->share;
    wake_all(p); /* the read turn is free */
    pthread_mutex_unlock(&p->lock);

    double start = cli_progress_clock();
    void *output = output_slot(p, t, first);
    for (size_t i = 0; i < count; i++, output = next_output(p, t, output))
        p->work(p->workers[t], input_slot(p, t, i), output);
    double seconds = cli_progress_clock() - start;

    pthread_mutex_lock(&p->lock);
    b->done = true;
    /* size the next batches by what this one cost: only a full batch says what one costs */
    if (count == p->batch_size) {
        if (seconds < CLI_PIPELINE_BATCH_SECONDS / 2 && p->batch_size < p->max_batch)
            p->batch_size = grown(p->batch_size, p->max_batch);
        else if (seconds > CLI_PIPELINE_BATCH_SECONDS * 2 && p->batch_size > 1)
            p->batch_size /= 2;
    }
    wake_all(p);
}

/* The loop every thread runs once the threads have started: emit its batches whose turn has
 * come, else fill and work a batch, else wait; until every record filled has been emitted. */
static void run_thread(cli_pipeline *p, size_t t)
{
    ring *r = &p->rings[t];
    pthread_mutex_lock(&p->lock);
    for (;;) {
        if (my_turn_to_emit(p, t)) {
            emit_mine(p, t);
            continue;
        }
        if (!p->reading && !p->ended && !p->stopping &&
            p->share - (size_t)(r->filled - r->emitted) >= p->batch_size) {
            p->reading = true;
            fill_and_work(p, t);
            continue;
        }
        if ((p->ended || p->stopping) && !p->reading && p->emitted_batches == p->filled_batches)
            break;
        wait_for_change(p);
    }
    pthread_mutex_unlock(&p->lock);
}

static void *thread_main(void *a)
{
    thread_arg *arg = a;
    run_thread(arg->pipeline, arg->thread);
    return NULL;
}

cli_pipeline *cli_pipeline_new(size_t threads, void *const *workers, size_t input_size,
                               size_t output_size, size_t window, size_t max_batch,
                               cli_fill_fn fill, cli_work_fn work, cli_emit_fn emit,
                               void *context)
{
    if (threads == 0 || input_size == 0 || output_size == 0)
        return NULL;
    cli_pipeline *p = calloc(1, sizeof *p);
    if (!p)
        return NULL;
    p->fill = fill;
    p->work = work;
    p->emit = emit;
    p->context = context;
    p->workers = workers;
    p->threads = threads;
    p->input_size = input_size;
    p->output_size = output_size;
    /* alone, one record is all there is; with threads, at least 4 per thread, so that each has
     * batches to go on with while another one's wait their turn to be emitted */
    p->window = threads == 1 ? 1 : window > threads * 4 ? window : threads * 4;
    p->share = p->window / threads;
    /* a batch no larger than a quarter of a ring: a thread fills its next batches while its
     * earlier ones wait for their turn */
    p->max_batch = max_batch < p->share / 4 ? max_batch : p->share / 4;
    if (p->max_batch < 1)
        p->max_batch = 1;
    p->batch_size = 1;
    p->rings = calloc(threads, sizeof *p->rings);
    p->batches = calloc(p->window, sizeof *p->batches);
    bool ok = p->rings && p->batches;
    for (size_t t = 0; ok && t < threads; t++) {
        ring *r = &p->rings[t];
        ok = (r->inputs = calloc(p->max_batch, input_size)) != NULL &&
             (r->outputs = calloc(p->share, output_size)) != NULL;
    }
    if (!ok) {
        cli_pipeline_free(p);
        return NULL;
    }
    return p;
}

void cli_pipeline_start_after(cli_pipeline *p, double seconds)
{
    p->start_seconds = seconds;
}

/* Starts the threads-1 other threads, with a first batch size fitted to what a record has cost
 * so far (so easy records go in large batches from the start, not after a ramp of doublings).
 * false when they cannot be had: the caller goes on alone. */
static bool start_threads(cli_pipeline *p, double per_record)
{
    p->started = calloc(p->threads - 1, sizeof *p->started);
    p->args = calloc(p->threads - 1, sizeof *p->args);
    if (!p->started || !p->args || pthread_mutex_init(&p->lock, NULL) != 0)
        return false;
    if (pthread_cond_init(&p->changed, NULL) != 0) {
        pthread_mutex_destroy(&p->lock);
        return false;
    }
    atomic_init(&p->changes, 0);
    while (p->batch_size < p->max_batch &&
           per_record * (double)(p->batch_size * 2) <= CLI_PIPELINE_BATCH_SECONDS)
        p->batch_size = grown(p->batch_size, p->max_batch);
    size_t running = 0;
    for (size_t t = 1; t < p->threads; t++) {
        p->args[t - 1] = (thread_arg){p, t};
        if (pthread_create(&p->started[t - 1], NULL, thread_main, &p->args[t - 1]) != 0)
            break;
        running++;
    }
    if (running == 0) {
        pthread_cond_destroy(&p->changed);
        pthread_mutex_destroy(&p->lock);
        return false;
    }
    /* threads that could not start have an empty ring the others never touch */
    run_thread(p, 0);
    for (size_t i = 0; i < running; i++)
        pthread_join(p->started[i], NULL);
    pthread_cond_destroy(&p->changed);
    pthread_mutex_destroy(&p->lock);
    return true;
}

void cli_pipeline_run(cli_pipeline *p)
{
    /* alone: each record filled, worked and emitted in turn, in input and output slots 0 of
     * thread 0 */
    bool alone = p->threads == 1;
    double start = 0;
    void *input = input_slot(p, 0, 0), *output = output_slot(p, 0, 0);
    for (;;) {
        if (!alone && p->alone_records > 0 &&
            (p->start_seconds <= 0 || cli_progress_clock() - start >= p->start_seconds)) {
            double per_record = (cli_progress_clock() - start) / (double)p->alone_records;
            if (start_threads(p, per_record))
                return;
            alone = true; /* the same output, on this thread alone */
        }
        if (!alone && p->alone_records == 0)
            start = cli_progress_clock();
        if (!p->fill(p->context, input))
            return;
        p->work(p->workers[0], input, output);
        p->alone_records++;
        if (!p->emit(p->context, output))
            return;
    }
}

void cli_pipeline_release(cli_pipeline *p, void (*release)(void *output))
{
    /* only the slots ever used: the others are zeroes never touched (touching them would cost a
     * page fault each, more than a short batch's work) */
    for (size_t t = 0; p && t < p->threads; t++) {
        size_t used = p->rings[t].used;
        if (t == 0 && p->alone_records > 0 && used == 0)
            used = 1; /* slot 0, used before the threads started */
        for (size_t i = 0; i < used; i++)
            release(output_slot(p, t, i));
    }
}

void cli_pipeline_free(cli_pipeline *p)
{
    if (!p)
        return;
    for (size_t t = 0; p->rings && t < p->threads; t++) {
        free(p->rings[t].inputs);
        free(p->rings[t].outputs);
    }
    free(p->rings);
    free(p->batches);
    free(p->started);
    free(p->args);
    free(p);
}

unsigned long long cli_pipeline_handoffs(const cli_pipeline *p)
{
    return p->filled_batches;
}

size_t cli_pipeline_threads(size_t requested)
{
    size_t cpus = cli_pool_online_cpus();
    return requested == 0 || requested > cpus ? cpus : requested;
}
