/* alloc1g.c -- a right answer that first takes 1 GiB and touches every page of it, as a
 * contestant's oversized global table does.  Without it malloc() fails, and the careless program
 * writes through the null pointer.  Memory Limit Exceeded under --ml 256; Accepted without. */
#include "contestant.h"

#include <stdlib.h>

#define SIZE ((size_t)1 << 30)

int main(void)
{
    char *volatile table = malloc(SIZE);
    for (size_t i = 0; i < SIZE; i += 4096)
        table[i] = 1;
    int g[81], index = 0;
    while (read_case(g)) {
        solve(g, 1);
        print_case(g, ++index);
    }
    return table[SIZE - 4096] == 1 ? 0 : 1;
}
