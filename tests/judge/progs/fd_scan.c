/*
 * fd_scan.c -- a contestant program that looks for what it should not see: it asks for every
 * file descriptor from 3 to 4095 (with fcntl, which opens nothing itself).  None open: it solves
 * its input as correct.c does (Accepted).  Any open: it prints them on stdout and stderr, one
 * line, and exits 3, so that a judge that leaks its own descriptors (tests, answers, temporary
 * files) gets a runtime error, and the runner's test sees which.
 */
#define _POSIX_C_SOURCE 200809L
#include "contestant.h"

#include <fcntl.h>

int main(void)
{
    int leaked = 0;
    for (int fd = 3; fd < 4096; fd++)
        if (fcntl(fd, F_GETFD) != -1) {
            printf("%s%d", leaked ? " " : "open: ", fd);
            fprintf(stderr, "%s%d", leaked ? " " : "open: ", fd);
            leaked++;
        }
    if (leaked) {
        printf("\n");
        fprintf(stderr, "\n");
        return 3;
    }
    int g[81], index = 0;
    while (read_case(g)) {
        solve(g, 1);
        print_case(g, ++index);
    }
    return 0;
}
