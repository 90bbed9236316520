/* unique_only.c -- Kattis sudokunique as if every puzzle had one solution: prints the first
 * solution found and never looks for a second ("Find another job" when there is none).  Right
 * for unique puzzles; Wrong Answer on one with several solutions ("Non-unique" expected). */
#include "contestant.h"

int main(void)
{
    int g[81], index = 0;
    while (read_case(g)) {
        ++index;
        if (solve(g, 1))
            print_case(g, index);
        else
            printf("%sFind another job\n", index > 1 ? "\n" : "");
    }
    return 0;
}
