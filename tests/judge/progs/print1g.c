/* print1g.c -- prints 1 GB (10^9 bytes) of digits, as a loop that forgot to stop does: Output
 * Limit Exceeded, found at the limit (64 MiB by default), long before the gigabyte. */
#include <stdio.h>
#include <string.h>

int main(void)
{
    static char block[1 << 16];
    for (size_t i = 0; i < sizeof block; i++)
        block[i] = i % 10 == 9 ? '\n' : (char)('1' + i % 10);
    for (long long written = 0; written < 1000000000LL; written += (long long)sizeof block)
        if (fwrite(block, 1, sizeof block, stdout) != sizeof block)
            return 1;
    return 0;
}
