/* burn.c -- burns MS milliseconds of CPU time (argv[1], default 200), then solves every case:
 * Accepted under a CPU time limit well above MS, however many programs share the machine. */
#include "contestant.h"

#include <stdlib.h>
#include <time.h>

int main(int argc, char **argv)
{
    double ms = argc > 1 ? atof(argv[1]) : 200;
    volatile unsigned long n = 0;
    while ((double)clock() < ms / 1000.0 * CLOCKS_PER_SEC)
        n++;
    int g[81], index = 0;
    while (read_case(g)) {
        solve(g, 1);
        print_case(g, ++index);
    }
    return 0;
}
