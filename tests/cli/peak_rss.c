/*
 * peak_rss.c -- runs a command and writes its peak resident set size, for the tests that hold a
 * command's memory to a bound (tests/cli/generate_memory.sh).
 *
 *   peak_rss FILE COMMAND [ARG...]
 *
 * runs COMMAND with the same standard input, output and error, waits for it, writes its peak
 * resident set in KiB (getrusage's ru_maxrss of the waited child: KiB on Linux and the BSDs,
 * bytes on macOS) and a newline to FILE, and exits with the command's status (128 + the signal that ended it; 127
 * when it could not be run).  A shell cannot read a child's peak memory (GNU time's -f %M can,
 * but it is not installed everywhere), and the address-space bound of `ulimit -v` is no measure
 * of memory: it counts the thread arenas glibc reserves and cannot be used under ASan at all,
 * which reserves terabytes of shadow.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    if (argc < 3) {
        fputs("usage: peak_rss FILE COMMAND [ARG...]\n", stderr);
        return 2;
    }
    pid_t pid = fork();
    if (pid < 0) {
        fprintf(stderr, "peak_rss: fork: %s\n", strerror(errno));
        return 2;
    }
    if (pid == 0) {
        execvp(argv[2], argv + 2);
        fprintf(stderr, "peak_rss: cannot run %s: %s\n", argv[2], strerror(errno));
        _exit(127);
    }
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR) {
            fprintf(stderr, "peak_rss: waitpid: %s\n", strerror(errno));
            return 2;
        }
    /* the only child, so the children's peak is its peak */
    struct rusage usage;
    if (getrusage(RUSAGE_CHILDREN, &usage) != 0) {
        fprintf(stderr, "peak_rss: getrusage: %s\n", strerror(errno));
        return 2;
    }
    long kib = (long)usage.ru_maxrss;
#ifdef __APPLE__
    kib /= 1024;
#endif
    FILE *out = fopen(argv[1], "w");
    if (!out || fprintf(out, "%ld\n", kib) < 0 || fclose(out) != 0) {
        fprintf(stderr, "peak_rss: cannot write %s: %s\n", argv[1], strerror(errno));
        return 2;
    }
    if (WIFSIGNALED(status))
        return 128 + WTERMSIG(status);
    return WEXITSTATUS(status);
}
