/*
 * pipeline.h -- read, work in parallel, emit in order: the batch loop of `solve -j N` and
 * `rate -j N`.
 *
 * The owner thread asks for a record, fills it (reads a case into it) and commits it; worker
 * threads run `work` on committed records; the owner runs `emit` on every record strictly in
 * commit order.  So a command prints exactly what it would print with one thread, whatever N.
 * The owner is one of the N solving threads: when the window is full, and at the end, it works
 * the oldest batch no thread has started instead of sleeping; so N threads run on N processors
 * (reading is not a thread of its own, and hard puzzles keep every thread solving).
 *
 * Records live in a ring of `window` slots, so memory is bounded however long the input is.
 * Records travel to the workers in batches of consecutive records: one hand-off (a lock, a
 * signal, and often a thread's sleep and wake-up) costs more than solving an easy puzzle, so a
 * batch of many easy puzzles pays it once.  The batch size adapts to the work: it doubles while a
 * batch takes less than CLI_PIPELINE_BATCH_SECONDS / 2 and halves while it takes more than twice
 * that, between 1 and the largest size that still leaves every thread several batches in the
 * window; hard puzzles travel one at a time, so one slow case never holds easy ones back on its
 * thread.  With one thread there is no worker and no batch: each record is worked and emitted as
 * soon as it is committed.  With more, the records are worked that way too until the work has
 * taken the time set by cli_pipeline_start_after() (0 by default: from the first record), so a
 * batch that ends sooner never pays for starting threads; the threads then start, with batches
 * sized by what a record cost so far.  If they cannot be started, the pipeline goes on inline:
 * slower, never different.
 */
#ifndef CLI_PIPELINE_H
#define CLI_PIPELINE_H

#include <stdbool.h>
#include <stddef.h>

#define CLI_PIPELINE_BATCH_SECONDS 200e-6 /* the work a batch aims at: 100x one hand-off */

typedef struct cli_pipeline cli_pipeline;

/* Runs on a worker thread (or on the owner, with one thread); worker is that thread's context. */
typedef void (*cli_work_fn)(void *worker, void *record);
/* Runs on the owner thread, for every record, in commit order. */
typedef void (*cli_emit_fn)(void *context, void *record);

/*
 * A pipeline of `threads` solving threads (workers[i] is the context of the i-th: an engine, say;
 * workers[0] is the owner's, the others those of the threads-1 started threads) over a
 * ring of records of record_size bytes, zeroed, at most `window` of them in flight (at least
 * 4 per thread are used whatever window says).  max_batch caps the batch size (1 = hand-off per
 * record, for work that is never cheap).  NULL when memory could not be had.
 */
cli_pipeline *cli_pipeline_new(size_t threads, void *const *workers, size_t record_size,
                               size_t window, size_t max_batch, cli_work_fn work,
                               cli_emit_fn emit, void *context);
/* Starts the threads only once the records worked inline have taken `seconds` (a clock read per
 * record until then).  Call before the first record. */
void cli_pipeline_start_after(cli_pipeline *pipeline, double seconds);
/* A free record to fill.  When the window is full, first frees its older half: works the
 * batches no thread has started on this thread, emits what is finished, and waits for the rest. */
void *cli_pipeline_record(cli_pipeline *pipeline);
/* Hands over the record cli_pipeline_record() gave last, filled. */
void cli_pipeline_commit(cli_pipeline *pipeline, void *record);
/* Works and emits every record committed so far (the end of the input). */
void cli_pipeline_finish(cli_pipeline *pipeline);
/* Runs release on every record slot of the ring (zeroed ones included), for records that own
 * memory: call after cli_pipeline_finish(), before cli_pipeline_free(). */
void cli_pipeline_release(cli_pipeline *pipeline, void (*release)(void *record));
/* Stops the workers (call cli_pipeline_finish() first to emit everything) and frees it all. */
void cli_pipeline_free(cli_pipeline *pipeline);

/* Batches handed to the workers so far (0 without threads): how well batching pays, for tests. */
unsigned long long cli_pipeline_handoffs(const cli_pipeline *pipeline);

/* The number of solving threads (the owner included) that pays for `requested` (0 = one per
 * online processor): never more than the processors, since a CPU-bound thread beyond them only
 * adds switches. */
size_t cli_pipeline_threads(size_t requested);

#endif
