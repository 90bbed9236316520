/* wrong_digit.c -- right, except that in case 3 the first cell it fills holds the next digit:
 * Wrong Answer on case 3, a row, column or box of which repeats that digit. */
#include "contestant.h"

int main(void)
{
    int g[81], index = 0;
    while (read_case(g)) {
        int first_blank = -1;
        for (int i = 80; i >= 0; i--)
            if (!g[i])
                first_blank = i;
        solve(g, 1);
        if (++index == 3 && first_blank >= 0)
            g[first_blank] = g[first_blank] % 9 + 1;
        print_case(g, index);
    }
    return 0;
}
