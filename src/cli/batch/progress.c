/*
 * progress.c -- the progress line of a long batch; see progress.h for when it shows.
 */
#include "cli/batch/progress.h"

#include <string.h>
#include <time.h>

#define MAX_STRIDE 65536UL

double cli_progress_clock(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

bool cli_progress_due(double since_start, double since_draw)
{
    if (since_start < CLI_PROGRESS_DELAY)
        return false;
    return since_draw < 0 || since_draw >= CLI_PROGRESS_PERIOD;
}

size_t cli_progress_format(char *buf, size_t size, unsigned long done, double elapsed)
{
    double rate = elapsed > 0 ? (double)done / elapsed : 0;
    int n = snprintf(buf, size, "ojdoku: %lu puzzle%s, %.0f/s, %.1f s", done,
                     done == 1 ? "" : "s", rate, elapsed);
    if (n < 0)
        return 0;
    return (size_t)n < size ? (size_t)n : size - 1;
}

unsigned long cli_progress_next_stride(unsigned long stride, double seconds)
{
    /* aim at about four clock reads per redraw period */
    if (seconds < CLI_PROGRESS_PERIOD / 8 && stride < MAX_STRIDE)
        return stride * 2;
    if (seconds > CLI_PROGRESS_PERIOD / 2 && stride > 1)
        return stride / 2;
    return stride;
}

void cli_progress_start(cli_progress *p, FILE *out, bool enabled, double now)
{
    memset(p, 0, sizeof *p);
    p->out = out;
    p->enabled = enabled;
    p->start = p->last_check = now;
    p->stride = p->until_check = 1;
}

void cli_progress_step(cli_progress *p)
{
    p->done++;
    if (!p->enabled || --p->until_check > 0)
        return;
    double now = cli_progress_clock();
    p->stride = cli_progress_next_stride(p->stride, now - p->last_check);
    p->until_check = p->stride;
    p->last_check = now;
    if (!cli_progress_due(now - p->start, p->last_draw > 0 ? now - p->last_draw : -1))
        return;
    char line[96];
    size_t n = cli_progress_format(line, sizeof line, p->done, now - p->start);
    /* pad with spaces over a longer previous line, then put the cursor back at its start */
    fprintf(p->out, "\r%s%*s", line, p->shown > n ? (int)(p->shown - n) : 0, "");
    fflush(p->out);
    p->shown = n > p->shown ? n : p->shown;
    p->last_draw = now;
}

void cli_progress_clear(cli_progress *p)
{
    if (!p->shown)
        return;
    fprintf(p->out, "\r%*s\r", (int)p->shown, "");
    fflush(p->out);
    p->shown = 0;
}
