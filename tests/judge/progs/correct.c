/* correct.c -- solves every case: Accepted. */
#include "contestant.h"

int main(void)
{
    int g[81], index = 0;
    while (read_case(g)) {
        solve(g, 1);
        print_case(g, ++index);
    }
    return 0;
}
