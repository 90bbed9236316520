/* segv.c -- reads the first case and writes through a null pointer: Runtime Error, SIGSEGV. */
#include "contestant.h"

int main(void)
{
    int g[81];
    volatile int *volatile nowhere = NULL;
    if (read_case(g))
        *nowhere = g[0];
    return 0;
}
