/*
 * contestant.h -- what the tiny contestant programs of tests/judge share: a 9x9 solver as a
 * contestant writes it for HDU 1426 (and Kattis sudokunique).  Each program is this plus its one
 * behaviour, so that the verdict `ojdoku judge` gives it says something about that behaviour
 * alone.
 *
 * Input: cases of 81 cells, any non-space character each ('?', '.' and '0' are blanks, digits
 * are givens), whitespace ignored.  Output: each case as nine rows of space-separated digits, a
 * blank line between cases (HDU 1426's framing).  The search is backtracking on the cell with the
 * fewest candidates, values in increasing order, so that every run answers alike.
 */
#ifndef CONTESTANT_H
#define CONTESTANT_H

#include <stdio.h>

/* Reads the next case into g (0 = blank); 0 at the end of the input (a partial case included). */
static inline int read_case(int g[81])
{
    for (int i = 0; i < 81; i++) {
        int c;
        do
            c = getchar();
        while (c == ' ' || c == '\n' || c == '\r' || c == '\t');
        if (c == EOF)
            return 0;
        g[i] = c >= '1' && c <= '9' ? c - '0' : 0;
    }
    return 1;
}

static inline int candidates(const int g[81], int cell)
{
    int r = cell / 9, c = cell % 9, used = 0;
    for (int k = 0; k < 9; k++) {
        used |= 1 << g[r * 9 + k];
        used |= 1 << g[k * 9 + c];
        used |= 1 << g[(r / 3 * 3 + k / 3) * 9 + c / 3 * 3 + k % 3];
    }
    return ~used & 0x3fe;
}

/* Counts the solutions of g up to limit; g holds the first one found (or is left as it was). */
static inline int solve(int g[81], int limit)
{
    int best = -1, best_count = 10, best_mask = 0;
    for (int i = 0; i < 81; i++) {
        if (g[i])
            continue;
        int mask = candidates(g, i), count = __builtin_popcount((unsigned)mask);
        if (count < best_count) {
            best = i;
            best_count = count;
            best_mask = mask;
        }
    }
    if (best < 0)
        return 1;
    int found = 0, first[81];
    for (int v = 1; v <= 9 && found < limit; v++) {
        if (!(best_mask & 1 << v))
            continue;
        g[best] = v;
        int n = solve(g, limit - found);
        if (n && !found)
            for (int i = 0; i < 81; i++)
                first[i] = g[i];
        found += n;
        g[best] = 0;
    }
    if (found)
        for (int i = 0; i < 81; i++)
            g[i] = first[i];
    return found;
}

/* Prints case number index (from 1) of the output. */
static inline void print_case(const int g[81], int index)
{
    if (index > 1)
        putchar('\n');
    for (int i = 0; i < 81; i++)
        printf("%d%c", g[i], i % 9 == 8 ? '\n' : ' ');
}

#endif
