/* naive_dfs.c -- right answers by the plainest search: the blanks filled in row-major order,
 * values 1..9 in order, each checked by a scan of its row, column and box, no candidate
 * counting.  Fast on random puzzles, slow on those `--hard-for dfs` makes: the test that
 * --hard-for catches a program --difficulty lets through (tests/judge/run.sh). */
#include "contestant.h"

static int fits(const int g[81], int cell, int v)
{
    int r = cell / 9, c = cell % 9;
    for (int k = 0; k < 9; k++)
        if (g[r * 9 + k] == v || g[k * 9 + c] == v ||
            g[(r / 3 * 3 + k / 3) * 9 + c / 3 * 3 + k % 3] == v)
            return 0;
    return 1;
}

/* Fills g from cell on; 1 when solved (g holds the solution), 0 with g as it was. */
static int fill(int g[81], int cell)
{
    while (cell < 81 && g[cell])
        cell++;
    if (cell == 81)
        return 1;
    for (int v = 1; v <= 9; v++) {
        if (!fits(g, cell, v))
            continue;
        g[cell] = v;
        if (fill(g, cell + 1))
            return 1;
    }
    g[cell] = 0;
    return 0;
}

int main(void)
{
    int g[81], index = 0;
    while (read_case(g)) {
        fill(g, 0);
        print_case(g, ++index);
    }
    return 0;
}
