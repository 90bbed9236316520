/*
 * pipeline.h -- read, work in parallel, emit in order: the batch loop of `solve -j N`, `rate -j N`
 * and `generate -j N`.
 *
 * Every thread, the caller's too, takes the read turn to fill a batch of consecutive records,
 * works it, and emits it after every earlier batch: the output is the same for any N.  A record
 * is an input (fill writes, work reads; reused once worked) and a small output (work writes,
 * emit reads; in a per-thread ring): memory is bounded.  Batch sizes adapt to
 * CLI_PIPELINE_BATCH_SECONDS; threads start after cli_pipeline_start_after(), if at all.  Why:
 * docs/performance.md.
 */
#ifndef CLI_PIPELINE_H
#define CLI_PIPELINE_H

#include <stdbool.h>
#include <stddef.h>

#define CLI_PIPELINE_BATCH_SECONDS 200e-6 /* the work a batch aims at: many times one hand-off */

typedef struct cli_pipeline cli_pipeline;

/* Fills the input of the next record (reads a case into it); false when there is none left (the
 * input is then unused).  Runs on any thread, never two at once, in sequence order. */
typedef bool (*cli_fill_fn)(void *context, void *input);
/* Works a filled record on the thread that filled it, from its input into its output (which
 * holds whatever the slot's last record left there: memory it owns may be reused); worker is
 * that thread's context.  The input slot is reused after, so nothing that emitting needs may
 * stay only there. */
typedef void (*cli_work_fn)(void *worker, void *input, void *output);
/* Emits the output of a worked record: runs on any thread, never two at once, for every record
 * in sequence order.  false: fill no more records (standard output failed, say); those filled
 * are still worked and emitted. */
typedef bool (*cli_emit_fn)(void *context, void *output);

/*
 * A pipeline of `threads` threads (workers[i] is the context of the i-th: an engine, say;
 * workers[0] is the caller's, the others those of the threads-1 started threads) over records of
 * input_size and output_size bytes (slots zeroed at first), at most `window` records in flight
 * in all (at least 4 per thread whatever window says).  max_batch caps the batch size (1 = a read
 * turn per record, for work that is never cheap).  NULL when memory could not be had.
 */
cli_pipeline *cli_pipeline_new(size_t threads, void *const *workers, size_t input_size,
                               size_t output_size, size_t window, size_t max_batch,
                               cli_fill_fn fill, cli_work_fn work, cli_emit_fn emit,
                               void *context);
/* Starts the threads only once the records worked alone have taken `seconds` (a clock read per
 * record until then).  Call before cli_pipeline_run(). */
void cli_pipeline_start_after(cli_pipeline *pipeline, double seconds);
/* Fills, works and emits records until fill() has no more (or emit() said stop); returns when
 * every record filled has been emitted.  Call once. */
void cli_pipeline_run(cli_pipeline *pipeline);
/* Runs release on every output slot ever used, for outputs that own memory (inputs may not): call
 * after cli_pipeline_run(), before cli_pipeline_free(). */
void cli_pipeline_release(cli_pipeline *pipeline, void (*release)(void *output));
/* Frees it all (the threads ended with cli_pipeline_run()); NULL is allowed. */
void cli_pipeline_free(cli_pipeline *pipeline);

/* Batches filled by the threads so far (0 without threads): how well batching pays, for tests. */
unsigned long long cli_pipeline_handoffs(const cli_pipeline *pipeline);

/* The number of threads (the caller's included) that pays for `requested` (0 = one per online
 * processor): never more than the processors, since a CPU-bound thread beyond them only adds
 * switches. */
size_t cli_pipeline_threads(size_t requested);

#endif
