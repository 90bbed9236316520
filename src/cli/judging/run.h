/*
 * run.h -- runs a contestant's program once, the way a judge does (`ojdoku judge`, `ojdoku
 * stress`): the test on its stdin, its stdout and stderr kept (bounded), under a CPU time
 * limit (every process of the run), a wall-clock guard and an address-space limit.  Every
 * process it starts is killed and reaped with the run, so the time and memory are its alone.
 * argv is executed as is, no shell.  POSIX fork/execve, pipes, poll, setrlimit, wait4,
 * SCM_RIGHTS; Linux's child subreaper and /proc where they exist.  Command-line code: the
 * library never forks, waits or kills.
 */
#ifndef CLI_RUN_H
#define CLI_RUN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* What one run may use.  Zero means "no limit" for seconds and memory; output must be > 0. */
typedef struct cli_run_limits {
    double seconds;   /* CPU time limit: user + system seconds of every process of the run,
                       * watched by the keeper, which stops the run when they reach it (and
                       * RLIMIT_CPU a second above it stops a single process the watch missed) */
    double wall;      /* wall-clock guard: the run is stopped when it is reached (a program that
                       * sleeps or waits uses no CPU time); 0 = none */
    size_t memory;    /* address-space limit in bytes (RLIMIT_AS): allocations beyond it fail */
    size_t output;    /* standard output kept (in a temporary file, not in memory); one byte
                       * more and the group is killed */
    size_t errors;    /* standard error kept; the rest is read and dropped (counted) */
    bool sandbox;     /* run in namespaces (sandbox.h; see cli_run_sandbox_probe()) */
    char *const *shown; /* sandbox: more files and directories shown read-only, NULL-ended
                         * (NULL: none) */
} cli_run_limits;

/* How a run ended. */
typedef enum cli_run_end {
    CLI_RUN_EXITED = 0,     /* the program exited: exit_code */
    CLI_RUN_SIGNALED,       /* a signal ended it: signal (SIGXCPU: the CPU time cap) */
    CLI_RUN_TIME_LIMIT,     /* still running at the wall-clock guard: the run was stopped */
    CLI_RUN_CPU_LIMIT,      /* its processes used limits.seconds of CPU time: stopped there */
    CLI_RUN_OUTPUT_LIMIT,   /* it wrote more than limits.output bytes: the group was killed */
    CLI_RUN_CANCELLED,      /* cli_run_stop_all() was called: stopped, or never started */
    CLI_RUN_NOT_STARTED,    /* execv failed in the child (error = its errno) */
    CLI_RUN_SYSTEM_ERROR    /* the runner could not run it (pipe, fork; error = errno) */
} cli_run_end;

typedef struct cli_run_result {
    cli_run_end end;
    int exit_code;            /* CLI_RUN_EXITED */
    int signal;               /* CLI_RUN_SIGNALED */
    int error;                /* CLI_RUN_NOT_STARTED, CLI_RUN_SYSTEM_ERROR: an errno value */
    double wall;              /* seconds from the program's start to its end or its stop */
    double cpu;               /* user + system seconds of every process of the run */
    long peak_kib;            /* the largest peak resident set size among them (ru_maxrss), KiB;
                               * a process's figure counts from its fork, so it includes the
                               * launcher's memory (cli_run_start()), about 1 MiB, and never
                               * the judge's tests or outputs: the same at every -j */
    FILE *out;                /* standard output, an unlinked temporary file at its start */
    size_t out_len;           /* holding out_len bytes, at most limits.output (NULL only for */
                              /* CLI_RUN_SYSTEM_ERROR) */
    char *err;                /* standard error, the first limits.errors bytes (NUL-terminated) */
    size_t err_len;
    unsigned long long err_dropped; /* bytes of standard error past those */
} cli_run_result;

/*
 * The file execv() should run for command name: name itself when it holds a '/', else the first
 * executable regular file called name in a directory of $PATH (the default path "/bin:/usr/bin"
 * without PATH), as execvp() searches.  malloc'd; NULL with errno set (ENOENT, EACCES, ENOMEM)
 * when there is none.  Resolving once, in the parent, keeps the child between fork and exec to
 * async-signal-safe calls even when other threads run (judge -j).
 */
char *cli_run_resolve(const char *name);

/*
 * Starts the launcher, the process that forks every run (see run.c): once, while the caller is
 * small and has one thread (a command calls it before it reads tests or starts workers; the
 * first cli_run_program() calls it otherwise).  false with errno set when it cannot fork.  It
 * ends by itself when the caller exits.
 */
bool cli_run_start(void);

/*
 * Runs path with argv (argv[0] as the program sees it, NULL-terminated) and the environment,
 * input[0..input_len) on its standard input, under limits; fills *result (free it with
 * cli_run_result_free()).  Returns false only for CLI_RUN_SYSTEM_ERROR (error ECHILD when the
 * run's keeper process vanished without a report: something, the program perhaps, killed it).  Safe to call from
 * several threads at once: the judge itself never forks, and a program gets its own three
 * descriptors and no other, so no run holds another's pipe (which would hang it) or file.
 */
bool cli_run_program(const char *path, char *const argv[], const char *input, size_t input_len,
                     const cli_run_limits *limits, cli_run_result *result);

/*
 * Can runs be sandboxed here (sandbox.h)?  The launcher clones a keeper into the namespaces and
 * has it build a root, with no program: true when it could; false with why filled ("mount
 * /proc: Operation not permitted", "Operation not permitted": the kernel or a container
 * forbids user namespaces) when not, and runs must then go without (limits.sandbox false).
 */
bool cli_run_sandbox_probe(char *why, size_t size);

/*
 * Stops every run now and refuses new ones (CLI_RUN_CANCELLED): for a judge that was asked to
 * end (SIGTERM).  Async-signal-safe: it only sets a flag, which each run looks at every
 * POLL_SLICE_MS (50 ms).  cli_run_stopping() says whether it was called.
 */
void cli_run_stop_all(void);
bool cli_run_stopping(void);

/* Frees what a run kept; the result may then be reused.  NULL is allowed. */
void cli_run_result_free(cli_run_result *result);

/* "SIGSEGV", "SIGKILL", ... for the usual signals; "signal N" (in buf) for others. */
const char *cli_run_signal_name(int signal, char *buf, size_t size);

#endif
