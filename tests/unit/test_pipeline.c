/*
 * test_pipeline.c -- the ordered batch pipeline behind `solve -j N`, `rate -j N` and `generate
 * -j N`: every record is filled once, worked once on the thread that filled it, and emitted once,
 * in fill order, whatever the threads; cheap records travel in batches (far fewer read turns
 * than records), costly ones one at a time; an emit that says stop ends the filling; a thread
 * held up on one record does not hold up the others' work.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli/batch/jobs.c"
#include "cli/batch/pipeline.c"
#include "cli/batch/progress.c"

/* A record's input (filled) and output (worked, then emitted). */
typedef struct input {
    unsigned long seq;        /* set by fill() */
    pthread_t filler;         /* the thread that filled it */
    double cost;              /* seconds of work to spend on it */
} input;

typedef struct output {
    unsigned long seq;        /* set by work(), from the input */
    unsigned long value;      /* f(seq) */
    int on_filler;            /* work() ran on the thread that filled it */
} output;

typedef struct owner {
    unsigned long filled, n;  /* records filled so far, of n */
    double cost_every, cost;  /* every cost_every-th record costs `cost` seconds */
    unsigned long stop_after; /* emit() says stop after this many (0: never) */
    unsigned long emitted;    /* records emitted so far: the next must have this seq */
    unsigned long bad_order, bad_value;
    _Atomic unsigned char *worked; /* times each record was worked, by seq (n of them) */
    _Atomic int stalled;      /* a costly record is being worked */
    _Atomic unsigned long worked_in_stall; /* records worked meanwhile (by the other threads) */
} owner;

static unsigned long f(unsigned long seq) { return seq * 2654435761u + 7; }

static void spin(double seconds)
{
    double until = cli_progress_clock() + seconds;
    while (cli_progress_clock() < until)
        continue;
}

static bool fill(void *context, void *p)
{
    owner *o = context;
    if (o->filled == o->n)
        return false;
    input *in = p;
    in->seq = o->filled++;
    in->filler = pthread_self();
    in->cost = o->cost_every > 0 && in->seq % (unsigned long)o->cost_every == 0 ? o->cost : 0;
    return true;
}

/* every thread's worker context is the owner */
static void work(void *worker, void *i, void *p)
{
    const input *in = i;
    output *out = p;
    owner *o = worker;
    if (in->cost > 0) {
        atomic_fetch_add(&o->stalled, 1);
        spin(in->cost);
        atomic_fetch_sub(&o->stalled, 1);
    } else if (atomic_load(&o->stalled) > 0) {
        atomic_fetch_add(&o->worked_in_stall, 1);
    }
    out->seq = in->seq;
    out->value = f(in->seq);
    out->on_filler = pthread_equal(in->filler, pthread_self()) != 0;
    if (in->seq < o->n)
        atomic_fetch_add(&o->worked[in->seq], 1);
}

static bool emit(void *context, void *p)
{
    owner *o = context;
    const output *out = p;
    if (out->seq != o->emitted)
        o->bad_order++;
    if (out->value != f(out->seq) || !out->on_filler || atomic_load(&o->worked[out->seq]) != 1)
        o->bad_value++;
    o->emitted++;
    return o->stop_after == 0 || o->emitted < o->stop_after;
}

/* An owner of n records (free with drop()). */
static owner *make_owner(unsigned long n)
{
    owner *o = calloc(1, sizeof *o);
    assert_non_null(o);
    o->n = n;
    o->worked = calloc(n ? n : 1, sizeof *o->worked);
    assert_non_null(o->worked);
    return o;
}

static void drop(owner *o)
{
    free((void *)o->worked);
    free(o);
}

/* Runs o's records through a pipeline of `threads` threads (every one's worker context is o)
 * over a window of `window`, whose threads start after `after` seconds of work; returns its
 * hand-offs.  Every record filled was emitted once, in order, worked once on its filler. */
static unsigned long long run_owner(owner *o, size_t threads, size_t window, double after)
{
    void *workers[8] = {o, o, o, o, o, o, o, o};
    cli_pipeline *p = cli_pipeline_new(threads, workers, sizeof(input), sizeof(output), window, 64,
                                       fill, work, emit, o);
    assert_non_null(p);
    cli_pipeline_start_after(p, after);
    cli_pipeline_run(p);
    unsigned long long handoffs = cli_pipeline_handoffs(p);
    cli_pipeline_free(p);
    assert_int_equal(o->emitted, o->filled);
    assert_int_equal(o->bad_order, 0);
    assert_int_equal(o->bad_value, 0);
    return handoffs;
}

/* Runs n records through a pipeline of `threads` threads whose threads start after `after`
 * seconds of work; returns its hand-offs. */
static unsigned long long run_after(size_t threads, unsigned long n, size_t window,
                                    double cost_every, double cost, double after)
{
    owner *o = make_owner(n);
    o->cost_every = cost_every;
    o->cost = cost;
    unsigned long long handoffs = run_owner(o, threads, window, after);
    assert_int_equal(o->emitted, n);
    drop(o);
    return handoffs;
}

static unsigned long long run(size_t threads, unsigned long n, size_t window, double cost_every,
                              double cost)
{
    return run_after(threads, n, window, cost_every, cost, 0);
}

static void test_every_record_once_in_order(void **state)
{
    (void)state;
    static const size_t threads[] = {1, 2, 3, 7};
    static const size_t windows[] = {1, 5, 64, 1000};
    for (size_t t = 0; t < sizeof threads / sizeof *threads; t++)
        for (size_t w = 0; w < sizeof windows / sizeof *windows; w++) {
            run(threads[t], 0, windows[w], 0, 0);
            run(threads[t], 1, windows[w], 0, 0);
            run(threads[t], 10007, windows[w], 0, 0);
            /* a costly record now and then among cheap ones */
            run(threads[t], 3001, windows[w], 97, 200e-6);
        }
}

static void test_cheap_records_travel_in_batches(void **state)
{
    (void)state;
    unsigned long n = 200000;
    unsigned long long handoffs = run(2, n, 512, 0, 0);
    print_message("%lu cheap records, %llu hand-offs\n", n, handoffs);
    assert_true(handoffs * 8 < n);
}

static void test_costly_records_travel_alone(void **state)
{
    (void)state;
    unsigned long n = 40;
    unsigned long long handoffs = run(2, n, 512, 1, 2e-3); /* 2 ms each: 10x a batch's aim */
    print_message("%lu costly records, %llu hand-offs\n", n, handoffs);
    assert_true(handoffs >= n - 2); /* the first ones may go together before any is timed */
}

/* A batch that ends before the start time never starts threads: no hand-off at all. */
static void test_short_batches_start_no_threads(void **state)
{
    (void)state;
    assert_int_equal(run_after(2, 20000, 512, 0, 0, 10.0), 0);
    assert_int_equal(run_after(7, 3, 512, 0, 0, 10.0), 0);
}

/* One that outlasts it starts them part way, every record still once and in order: 30 records
 * of 1 ms, threads after 5 ms, so some go inline and the rest in hand-offs. */
static void test_threads_start_part_way(void **state)
{
    (void)state;
    static const size_t threads[] = {2, 3};
    for (size_t t = 0; t < sizeof threads / sizeof *threads; t++) {
        unsigned long long handoffs = run_after(threads[t], 30, 64, 1, 1e-3, 5e-3);
        print_message("%zu threads: 30 records of 1 ms, %llu hand-offs\n", threads[t], handoffs);
        assert_true(handoffs > 0 && handoffs < 30);
    }
    /* cheap records around costly ones, any window */
    run_after(2, 5000, 5, 50, 100e-6, 1e-3);
    run_after(3, 5000, 1000, 50, 100e-6, 1e-3);
}

/* An emit that says stop (standard output failed) ends the filling soon after: every record
 * filled is still worked and emitted, in order, and no more than a window's worth past the stop
 * is filled. */
static void test_emit_stop_ends_filling(void **state)
{
    (void)state;
    static const size_t threads[] = {1, 2, 3};
    for (size_t t = 0; t < sizeof threads / sizeof *threads; t++) {
        owner *o = make_owner(100000);
        o->stop_after = 5000;
        run_owner(o, threads[t], 256, 0);
        assert_true(o->filled >= 5000 && o->filled <= 5000 + 256);
        drop(o);
    }
}

/* A thread held up on one record (a hard puzzle, or descheduled by a busy machine) holds up the
 * output, not the other threads: they go on working records until their rings of outputs are
 * full.  Two threads, rings of 1024, a record of 50 ms among cheap ones: the other thread works
 * at least half a ring meanwhile. */
static void test_a_held_up_thread_holds_up_no_work(void **state)
{
    (void)state;
    owner *o = make_owner(20000);
    o->cost_every = 7000;
    o->cost = 50e-3;
    run_owner(o, 2, 2048, 0);
    assert_int_equal(o->emitted, o->n);
    unsigned long meanwhile = atomic_load(&o->worked_in_stall);
    print_message("%lu records worked during the 50 ms ones\n", meanwhile);
    /* 3 stalls (records 0, 7000, 14000; the first before the threads start, worked alone) */
    assert_true(meanwhile >= 1024 / 2);
    drop(o);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_record_once_in_order),
        cmocka_unit_test(test_cheap_records_travel_in_batches),
        cmocka_unit_test(test_costly_records_travel_alone),
        cmocka_unit_test(test_short_batches_start_no_threads),
        cmocka_unit_test(test_threads_start_part_way),
        cmocka_unit_test(test_emit_stop_ends_filling),
        cmocka_unit_test(test_a_held_up_thread_holds_up_no_work),
    };
    return cmocka_run_group_tests_name("pipeline", tests, NULL, NULL);
}
