/*
 * progress.h -- the progress line of a long batch (`ojdoku solve` on a terminal).
 *
 * "ojdoku: 123456 puzzles, 20345/s, 6.1 s" on stderr, rewritten in place with '\r': only when
 * enabled (stderr a terminal, no --quiet), after CLI_PROGRESS_DELAY seconds, at most every
 * CLI_PROGRESS_PERIOD, and erased before anything else goes to stderr and at the end.  The
 * clock is read every `stride` cases, a stride that adapts so easy puzzles read it a few times
 * per redraw, not once each.
 */
#ifndef CLI_PROGRESS_H
#define CLI_PROGRESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#define CLI_PROGRESS_DELAY 1.0   /* seconds before the first line */
#define CLI_PROGRESS_PERIOD 0.25 /* seconds between redraws */

typedef struct cli_progress {
    FILE *out;
    bool enabled;
    double start;                /* clock at the start of the batch */
    double last_check;           /* clock at the last read */
    double last_draw;            /* clock at the last redraw, 0 = never drawn */
    unsigned long done;          /* cases finished */
    unsigned long stride;        /* cases between clock reads */
    unsigned long until_check;   /* cases left before the next clock read */
    size_t shown;                /* width of the line on screen, 0 = none */
} cli_progress;

/* The monotonic clock in seconds (the progress line's, and the CLI's timings). */
double cli_progress_clock(void);
/* enabled: whether a line may ever be shown; now: the clock (seconds) at the start. */
void cli_progress_start(cli_progress *p, FILE *out, bool enabled, double now);
/* One case finished.  Cheap: reads the clock only when the stride says so. */
void cli_progress_step(cli_progress *p);
/* Erases the line if one is shown (before other stderr output, and at the end). */
void cli_progress_clear(cli_progress *p);

/* Pure parts, for tests. */
/* Should a line be drawn now?  Seconds since the start, and since the last draw (< 0: never). */
bool cli_progress_due(double since_start, double since_draw);
/* The text of the line (no '\r'): "ojdoku: N puzzles, R/s, E s".  Returns its length. */
size_t cli_progress_format(char *buf, size_t size, unsigned long done, double elapsed);
/* The next stride after a clock read that found `seconds` elapsed over the last `stride` cases. */
unsigned long cli_progress_next_stride(unsigned long stride, double seconds);

#endif
