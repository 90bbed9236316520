/* first_case.c -- reads and answers only the first case (a "while" that should have been there):
 * Wrong Answer on case 2, missing. */
#include "contestant.h"

int main(void)
{
    int g[81];
    if (read_case(g)) {
        solve(g, 1);
        print_case(g, 1);
    }
    return 0;
}
