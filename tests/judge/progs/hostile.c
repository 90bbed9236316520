/*
 * hostile.c -- a contestant program that tries to outlive its run or hide from the judge, one way
 * per mode (argv[1]); tests/judge/hostile.sh runs each under `ojdoku judge` and then looks for any
 * process of it left on the machine.  Every mode that answers solves its input as correct.c does.
 *
 *   escape     answers, then leaves a grandchild in a session of its own (setsid, double fork)
 *              that holds stdout open and, 30 s on, would print a wrong line: Accepted, at once
 *   late       prints nothing itself; its setsid grandchild answers 0.5 s later, after the
 *              leader's exit: the run ended with the leader, so Wrong Answer, at once
 *   pgrp       answers; a child leaves the process group (setpgid) and sleeps holding the pipes
 *   bomb       forks until a few hundred processes (or fork fails), every one asleep, some in
 *              sessions of their own: Time Limit Exceeded, and nothing left after
 *   flood      answers, then writes to stderr without end: Time Limit Exceeded
 *   orphans    answers, then forks 20 children that each setsid and sleep, and exits (their
 *              ids in the file $OJDOKU_TEST_PIDS names, when set)
 *
 * Every process stays on the machine until killed (pause or sleep); none opens a file but the
 * list of orphans.
 */
#define _POSIX_C_SOURCE 200809L
#include "contestant.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static void answer(void)
{
    int g[81], index = 0;
    while (read_case(g)) {
        solve(g, 1);
        print_case(g, ++index);
    }
    fflush(stdout);
}

static void nap(double seconds)
{
    struct timespec ts = {(time_t)seconds, (long)((seconds - (double)(time_t)seconds) * 1e9)};
    while (nanosleep(&ts, &ts) != 0)
        ;
}

/* Forks a grandchild in a session of its own, the middle process exiting at once; returns true
 * in the grandchild, false in the caller. */
static int detached(void)
{
    pid_t middle = fork();
    if (middle == 0) {
        setsid();
        if (fork() == 0)
            return 1;
        _exit(0);
    }
    return 0;
}

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "";
    if (strcmp(mode, "escape") == 0) {
        answer();
        if (detached()) {
            nap(30);
            puts("9 9 9");
            return 0;
        }
        return 0;
    }
    if (strcmp(mode, "late") == 0) {
        if (detached()) {
            nap(0.5);
            answer();
            return 0;
        }
        return 0;
    }
    if (strcmp(mode, "pgrp") == 0) {
        answer();
        if (fork() == 0) {
            setpgid(0, 0);
            nap(30);
            return 0;
        }
        return 0;
    }
    if (strcmp(mode, "bomb") == 0) {
        /* eight generations of two children each: up to 510 processes, every third one in a
         * session of its own */
        for (int generation = 0; generation < 8; generation++) {
            pid_t a = fork();
            if (a == 0) {
                if (generation % 3 == 0)
                    setsid();
                continue;
            }
            pid_t b = fork();
            if (b == 0)
                continue;
            break;
        }
        for (;;)
            pause();
    }
    if (strcmp(mode, "flood") == 0) {
        answer();
        static char line[4096];
        memset(line, 'e', sizeof line - 1);
        line[sizeof line - 1] = '\n';
        for (;;)
            fwrite(line, 1, sizeof line, stderr);
    }
    if (strcmp(mode, "orphans") == 0) {
        answer();
        /* with OJDOKU_TEST_PIDS set, their ids go there, a line each, for a test to look for */
        const char *pids = getenv("OJDOKU_TEST_PIDS");
        FILE *list = pids ? fopen(pids, "w") : NULL;
        for (int i = 0; i < 20; i++) {
            pid_t pid = fork();
            if (pid == 0) {
                setsid();
                nap(30);
                _exit(0);
            }
            if (list && pid > 0)
                fprintf(list, "%ld\n", (long)pid);
        }
        if (list)
            fclose(list);
        return 0;
    }
    fprintf(stderr, "hostile: unknown mode '%s'\n", mode);
    return 2;
}
