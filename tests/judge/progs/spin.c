/* spin.c -- an endless loop that burns CPU: Time Limit Exceeded. */
int main(void)
{
    volatile unsigned long n = 0;
    for (;;)
        n++;
}
