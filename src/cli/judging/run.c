/*
 * run.c -- one run of a contestant's program under a judge's limits; see run.h for the contract.
 *
 * The judge feeds the input and collects the outputs in one non-blocking poll() loop.  A
 * launcher, forked at cli_run_start() while the judge is small, forks a keeper per run (a
 * subreaper; PID 1 of new namespaces under limits.sandbox), which forks the program, then
 * kills and reaps its whole tree and reports over a socket.  Invariants: launcher and keepers
 * never return into the judge's code (they _exit); programs start with stdin, stdout and
 * stderr alone and default signals; a SIGPIPE they cause is taken back.  Why: docs/judge.md.
 */
#define _DEFAULT_SOURCE /* wait4() is BSD's, not POSIX's: glibc declares it only with this */

#include "run.h"

#include "cli/batch/progress.h"
#include "sandbox.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <time.h>
#if defined(__linux__)
#include <sys/prctl.h>   /* PR_SET_CHILD_SUBREAPER (Linux 3.4), PR_SET_PDEATHSIG */
#include <sys/syscall.h> /* SYS_close_range (Linux 5.9) */
#endif
#include <unistd.h>

extern char **environ;

#define CHUNK 65536               /* bytes written or read per system call */
#define POLL_SLICE_MS 50          /* the leader's exit is looked for at least this often */
#define CPU_WATCH_NS 10000000L    /* the keeper adds up its tree's CPU time this often */
#define DRAIN_SECONDS 1.0         /* after the leader's exit, how long the pipes may stay open */

/* ---- resolving a command name --------------------------------------------------------------- */

static bool executable_file(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode) && access(path, X_OK) == 0;
}

char *cli_run_resolve(const char *name)
{
    if (!name || !*name) {
        errno = ENOENT;
        return NULL;
    }
    if (strchr(name, '/')) {
        struct stat st;
        if (stat(name, &st) != 0)
            return NULL; /* errno from stat(): ENOENT, ... */
        if (!S_ISREG(st.st_mode) || access(name, X_OK) != 0) {
            errno = EACCES;
            return NULL;
        }
        char *copy = strdup(name);
        if (!copy)
            errno = ENOMEM;
        return copy;
    }
    const char *path = getenv("PATH");
    if (!path)
        path = "/bin:/usr/bin";
    size_t name_len = strlen(name);
    int found_errno = ENOENT;
    for (const char *dir = path;; ) {
        size_t dir_len = strcspn(dir, ":");
        /* an empty entry is the current directory, as execvp() takes it */
        char *candidate = malloc(dir_len + name_len + 3);
        if (!candidate) {
            errno = ENOMEM;
            return NULL;
        }
        if (dir_len == 0)
            snprintf(candidate, name_len + 3, "./%s", name);
        else
            snprintf(candidate, dir_len + name_len + 2, "%.*s/%s", (int)dir_len, dir, name);
        if (executable_file(candidate))
            return candidate;
        if (access(candidate, F_OK) == 0)
            found_errno = EACCES; /* there, but not a file we may run */
        free(candidate);
        if (dir[dir_len] == '\0')
            break;
        dir += dir_len + 1;
    }
    errno = found_errno;
    return NULL;
}

/* ---- the run -------------------------------------------------------------------------------- */

/* The buffers of one run and the descriptors still open. */
typedef struct session {
    const char *input;
    size_t input_len, input_pos;
    int in_fd, out_fd, err_fd;     /* -1 once closed */
    FILE *spool;                   /* standard output so far: out_len bytes */
    size_t out_len, out_limit;
    bool out_over;                 /* one byte past out_limit arrived */
    int spool_errno;               /* the spool could not be written: 0, or why */
    char *err;
    size_t err_len, err_cap, err_limit;
    unsigned long long err_dropped;
} session;

static void close_fd(int *fd)
{
    if (*fd >= 0) {
        close(*fd);
        *fd = -1;
    }
}

static bool set_nonblocking(int fd)
{
    int flags = fcntl(fd, F_GETFL);
    return flags >= 0 && fcntl(fd, F_SETFL, flags | O_NONBLOCK) == 0;
}

static bool set_cloexec(int fd)
{
    int flags = fcntl(fd, F_GETFD);
    return flags >= 0 && fcntl(fd, F_SETFD, flags | FD_CLOEXEC) == 0;
}

/* Writes what the pipe takes of the rest of the input; closes it when all is written or the
 * program closed its end (EPIPE: the rest is not wanted). */
static void feed_input(session *s)
{
    while (s->in_fd >= 0 && s->input_pos < s->input_len) {
        size_t n = s->input_len - s->input_pos;
        ssize_t w = write(s->in_fd, s->input + s->input_pos, n < CHUNK ? n : CHUNK);
        if (w > 0) {
            s->input_pos += (size_t)w;
            continue;
        }
        if (w < 0 && errno == EINTR)
            continue;
        if (w < 0 && errno == EAGAIN)
            return;
        close_fd(&s->in_fd); /* EPIPE, or any other failure: the program gets no more */
    }
    close_fd(&s->in_fd);
}

/* Grows a buffer to hold at least need bytes, doubling, never beyond cap_max; false when memory
 * runs out. */
static bool grow(char **buf, size_t *cap, size_t need, size_t cap_max)
{
    if (*cap >= need)
        return true;
    size_t cap_new = *cap ? *cap : CHUNK;
    while (cap_new < need)
        cap_new = cap_new > cap_max / 2 ? cap_max : cap_new * 2;
    char *p = realloc(*buf, cap_new);
    if (!p)
        return false;
    *buf = p;
    *cap = cap_new;
    return true;
}

/* Moves what standard output has into the spool, up to the limit (a byte past it proves the
 * overflow and is not kept).  false at its end, or with out_over (the limit) or spool_errno set. */
static bool take_output(session *s)
{
    char chunk[CHUNK];
    for (;;) {
        ssize_t r = read(s->out_fd, chunk, sizeof chunk);
        if (r > 0) {
            size_t keep = (size_t)r, room = s->out_limit - s->out_len;
            if (keep > room) {
                keep = room;
                s->out_over = true;
            }
            if (keep && fwrite(chunk, 1, keep, s->spool) != keep) {
                s->spool_errno = errno ? errno : EIO;
                return false;
            }
            s->out_len += keep;
            if (s->out_over)
                return false;
            continue;
        }
        if (r < 0 && errno == EINTR)
            continue;
        return r < 0 && errno == EAGAIN;
    }
}

/* Reads what standard error has: the first err_limit bytes are kept, the rest counted.  false
 * at its end. */
static bool take_errors(session *s)
{
    char scratch[4096];
    for (;;) {
        size_t room = s->err_limit - s->err_len;
        char *into = scratch;
        size_t n = sizeof scratch;
        if (room > 0 && grow(&s->err, &s->err_cap, s->err_len + (room < n ? room : n),
                             s->err_limit + 1)) {
            into = s->err + s->err_len;
            n = room < n ? room : n;
        }
        ssize_t r = read(s->err_fd, into, n);
        if (r > 0) {
            if (into == scratch)
                s->err_dropped += (unsigned long long)r;
            else
                s->err_len += (size_t)r;
            continue;
        }
        if (r < 0 && errno == EINTR)
            continue;
        return r < 0 && errno == EAGAIN;
    }
}

/* ---- the messages between judge, launcher and keeper ------------------------------------------ */

/* A run asked of the launcher: this head, then path, the argv strings and the environment's
 * (each with its NUL; the judge's environment as it is now, not as it was at the launcher's
 * fork), in one datagram, with four descriptors: the program's stdin (read end), stdout and stderr
 * (write ends) and the keeper's end of the run's socket. */
typedef struct run_request {
    bool has_as, has_cpu;
    struct rlimit as, cpu;
    double cpu_seconds;     /* the CPU time the keeper lets the tree use, 0 = no limit */
    bool sandbox;           /* the keeper is cloned into namespaces (sandbox.h) */
    bool probe;             /* only try the sandbox: REPORT_PROBED, no program */
    size_t tmp_bytes;       /* the sandbox's /tmp and working directory, each */
    uint32_t argc, envc, showc; /* showc: the sandbox's shown paths, after the environment */
    uint32_t bytes;         /* of path + strings after the head */
} run_request;

#define REQUEST_MAX (256 * 1024) /* a datagram of the launcher's socket; a longer argv is E2BIG */
#define REQUEST_FDS 4

/* What a keeper reports: first STARTED (or NOT_STARTED / FAILED and nothing more), then ENDED
 * with how the leader ended and what the whole tree used. */
typedef enum report_kind {
    REPORT_STARTED, REPORT_NOT_STARTED, REPORT_FAILED, REPORT_ENDED, REPORT_PROBED
} report_kind;

typedef struct run_report {
    report_kind kind;
    int error;              /* NOT_STARTED: execve's errno; FAILED: the keeper's; PROBED: 0 or
                             * why the sandbox could not be made */
    char stage[48];         /* FAILED, PROBED: the step of the sandbox that failed, or "" */
    bool stopped;           /* ENDED: the judge asked for the stop (a limit) */
    bool cpu_stopped;       /* ENDED: the keeper stopped the tree at its CPU time limit */
    int wstatus;            /* ENDED: the leader's wait status */
    double wall;            /* ENDED: seconds from the fork to the leader's end or the stop */
    double cpu;             /* ENDED: user + system seconds of every process of the run */
    long peak_kib;          /* ENDED: the largest peak RSS among them */
} run_report;

/* Writes all of a report; false when the judge is gone (nothing more to tell). */
static bool send_report(int fd, const run_report *r)
{
    const char *p = (const char *)r;
    size_t left = sizeof *r;
    while (left > 0) {
        ssize_t w = send(fd, p, left, MSG_NOSIGNAL);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return false;
        p += w;
        left -= (size_t)w;
    }
    return true;
}

/* Reads a whole report; false at the end of the socket (the keeper died) or an error. */
static bool receive_report(int fd, run_report *r)
{
    char *p = (char *)r;
    size_t left = sizeof *r;
    while (left > 0) {
        ssize_t n = read(fd, p, left);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            if (n == 0)
                errno = ECHILD; /* the keeper is gone without a word */
            return false;
        }
        p += n;
        left -= (size_t)n;
    }
    return true;
}

static double monotonic_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* ---- the program's side of the fork (async-signal-safe calls only) ---------------------------- */

/* Closes descriptors from..to, both included: one call where the kernel has close_range, else
 * one close() each up to open_max. */
static void close_span(int from, int to, long open_max)
{
    if (from > to)
        return;
#if defined(SYS_close_range)
    if (syscall(SYS_close_range, (unsigned)from, (unsigned)to, 0u) == 0)
        return;
#endif
    for (long fd = from; fd <= to && fd < open_max; fd++)
        close((int)fd);
}

static void child(const char *path, char *const argv[], char *const envp[], int in_fd,
                  int out_fd, int err_fd, int status_fd, const struct rlimit *as,
                  const struct rlimit *cpu, long open_max, bool sandbox)
{
    static const struct rlimit no_core = {0, 0};
    if (sandbox)
        cli_sandbox_drop();
    setpgid(0, 0);
#if defined(PR_SET_PDEATHSIG)
    prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0); /* a keeper killed takes its program along */
#endif
    if (dup2(in_fd, STDIN_FILENO) < 0 || dup2(out_fd, STDOUT_FILENO) < 0 ||
        dup2(err_fd, STDERR_FILENO) < 0)
        goto failed;
    /* the program holds its stdin, stdout and stderr and nothing else: every other descriptor
     * goes, but the status pipe (close-on-exec), which says whether execve failed */
    close_span(3, status_fd - 1, open_max);
    close_span(status_fd + 1, INT_MAX, open_max);
    /* every signal at its default (the keeper ignores some) and none blocked: the mask and the
     * ignored ones would be inherited across execve */
    struct sigaction dfl;
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    for (int sig = 1; sig < NSIG; sig++)
        if (sig != SIGKILL && sig != SIGSTOP)
            sigaction(sig, &dfl, NULL);
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    setrlimit(RLIMIT_CORE, &no_core); /* a crash leaves no core file behind */
    if (as && setrlimit(RLIMIT_AS, as) != 0)
        goto failed;
    if (cpu && setrlimit(RLIMIT_CPU, cpu) != 0)
        goto failed;
    execve(path, argv, envp);
failed:;
    int e = errno;
    ssize_t w = write(status_fd, &e, sizeof e);
    (void)w;
    _exit(127);
}

/* The launcher and the keepers end when the judge's socket closes, and a keeper then ends its
 * run: a Ctrl-C, a hangup or a TERM sent to the judge's process group is the judge's to take,
 * and a closed pipe of theirs is no reason to die (the program's child() sets every signal back
 * to its default). */
static void ignore_the_judges_signals(void)
{
    static const int signals[] = {SIGINT, SIGQUIT, SIGHUP, SIGTERM, SIGPIPE};
    struct sigaction ign;
    memset(&ign, 0, sizeof ign);
    ign.sa_handler = SIG_IGN;
    for (size_t i = 0; i < sizeof signals / sizeof signals[0]; i++)
        sigaction(signals[i], &ign, NULL);
}

/* ---- the keeper: one run's process tree ------------------------------------------------------ */

static void on_child(int sig)
{
    (void)sig; /* only to interrupt pselect() */
}

/* Sends SIGKILL to every process whose parent is this one, leader excepted (it is dead or
 * dying already): the escapees that came back to the subreaper.  Their children come back in
 * turn when they die, so the caller repeats until none is left.  True when one was found. */
static bool kill_children(pid_t leader)
{
    DIR *proc = opendir("/proc");
    if (!proc)
        return false;
    pid_t self = getpid();
    bool found = false;
    struct dirent *e;
    while ((e = readdir(proc)) != NULL) {
        char *end;
        long pid = strtol(e->d_name, &end, 10);
        if (*end != '\0' || pid <= 0 || (pid_t)pid == leader)
            continue;
        char path[64], line[512];
        snprintf(path, sizeof path, "/proc/%ld/stat", pid);
        FILE *f = fopen(path, "r");
        if (!f)
            continue;
        bool got = fgets(line, sizeof line, f) != NULL;
        fclose(f);
        /* "pid (comm) state ppid ...": comm may hold anything, ')' included: the last one */
        char *close_paren = got ? strrchr(line, ')') : NULL;
        char state;
        long ppid;
        if (close_paren && sscanf(close_paren + 1, " %c %ld", &state, &ppid) == 2 &&
            (pid_t)ppid == self && state != 'Z') {
            kill((pid_t)pid, SIGKILL);
            found = true;
        }
    }
    closedir(proc);
    return found;
}

/* Kills and reaps everything of the run: the leader's group at once (the leader is a zombie
 * or alive, so its group id is not reused yet), then every process that comes back to the
 * keeper; *leader_status gets the leader's wait status. */
static void end_the_tree(pid_t leader, int *leader_status, bool sandbox)
{
    if (sandbox)
        kill(-1, SIGKILL); /* PID 1 of the namespace: every other process in it */
    kill(-leader, SIGKILL);
    kill(leader, SIGKILL);
    for (;;) {
        int st;
        pid_t w = waitpid(-1, &st, WNOHANG);
        if (w == leader)
            *leader_status = st;
        if (w > 0)
            continue;
        if (w < 0 && errno == EINTR)
            continue;
        if (w < 0)
            return; /* ECHILD: nothing of the run is left */
        /* live children: escapees (another group or session); kill them, then wait for one */
        kill_children(leader);
        do
            w = waitpid(-1, &st, 0);
        while (w < 0 && errno == EINTR);
        if (w == leader)
            *leader_status = st;
        if (w < 0)
            return;
    }
}

/* Has the leader exited?  Leaves the zombie, whose group id end_the_tree() still uses. */
static bool leader_exited(pid_t pid)
{
    siginfo_t info;
    memset(&info, 0, sizeof info);
    int r;
    do
        r = waitid(P_PID, (id_t)pid, &info, WEXITED | WNOHANG | WNOWAIT);
    while (r < 0 && errno == EINTR);
    return r == 0 && info.si_pid == pid;
}

/* The clock ticks of CPU time in /proc/PID/stat: user, system, and those of its children it has
 * reaped (fields 14-17, after the command name, which may hold any byte: from its last ')'). */
static unsigned long long stat_ticks(long pid)
{
    char path[64], line[1024];
    snprintf(path, sizeof path, "/proc/%ld/stat", pid);
    FILE *f = fopen(path, "r");
    if (!f)
        return 0;
    bool got = fgets(line, sizeof line, f) != NULL;
    fclose(f);
    char *p = got ? strrchr(line, ')') : NULL;
    unsigned long long t[4];
    /* ") state ppid pgrp session tty_nr tpgid flags minflt cminflt majflt cmajflt utime ..." */
    if (!p || sscanf(p + 1, " %*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %llu %llu %llu %llu",
                     &t[0], &t[1], &t[2], &t[3]) != 4)
        return 0;
    return t[0] + t[1] + t[2] + t[3];
}

/* The clock ticks of every live (or unreaped) process below pid, found through each of its
 * threads' children lists (Linux 3.5); depth bounds a chain that forks without end. */
static unsigned long long below_ticks(long pid, int depth)
{
    char path[64];
    snprintf(path, sizeof path, "/proc/%ld/task", pid);
    DIR *tasks = depth > 0 ? opendir(path) : NULL;
    if (!tasks)
        return 0;
    unsigned long long sum = 0;
    struct dirent *e;
    while ((e = readdir(tasks)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        char list[96];
        snprintf(list, sizeof list, "/proc/%ld/task/%.20s/children", pid, e->d_name);
        FILE *f = fopen(list, "r");
        long child;
        while (f && fscanf(f, "%ld", &child) == 1)
            sum += stat_ticks(child) + below_ticks(child, depth - 1);
        if (f)
            fclose(f);
    }
    closedir(tasks);
    return sum;
}

/* The CPU seconds of this keeper's whole tree so far: the processes it has reaped (exact), and
 * those still there (from /proc, to the clock tick).  Only for the watch: the report's figure
 * is taken when everything is reaped. */
static double tree_cpu(long ticks_per_second)
{
    struct rusage ru;
    memset(&ru, 0, sizeof ru);
    getrusage(RUSAGE_CHILDREN, &ru);
    double reaped = (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec * 1e-6 +
                    (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec * 1e-6;
    return reaped + (double)below_ticks((long)getpid(), 64) / (double)ticks_per_second;
}

/* Waits for the leader's end, the judge's word or the CPU time limit, whichever comes first;
 * true when the run is to be stopped (*cpu_stopped: by the limit).  SIGCHLD is taken only
 * inside pselect(), so no exit slips between the check and the wait. */
static bool wait_for_the_end(pid_t pid, int chan, double cpu_seconds,
                             const sigset_t *without_chld, bool *cpu_stopped)
{
    long ticks = sysconf(_SC_CLK_TCK);
    const struct timespec watch = {0, CPU_WATCH_NS};
    while (!leader_exited(pid)) {
        if (cpu_seconds > 0 && tree_cpu(ticks > 0 ? ticks : 100) >= cpu_seconds) {
            *cpu_stopped = true;
            return true;
        }
        fd_set readable;
        FD_ZERO(&readable);
        FD_SET(chan, &readable);
        int r = pselect(chan + 1, &readable, NULL, NULL, cpu_seconds > 0 ? &watch : NULL,
                        without_chld);
        if (r > 0 && FD_ISSET(chan, &readable))
            return true; /* a stop byte, or the judge's end: the same */
        if (r < 0 && errno != EINTR)
            return false;
    }
    return false;
}

/* A run as the launcher hands it to its keeper. */
typedef struct keeper_job {
    int chan, in_fd, out_fd, err_fd;
    const char *path;
    char *const *argv, *const *envp;
    const struct rlimit *as, *cpu;
    double cpu_seconds;
    bool sandbox, probe;
    cli_sandbox_spec spec;
} keeper_job;

/* A keeper cloned into the namespaces builds the program's root: false when it cannot, the
 * report then said why (a probe's report says it either way). */
static bool enter_sandbox(const keeper_job *job)
{
    const char *stage = "";
    run_report report = {.kind = job->probe ? REPORT_PROBED : REPORT_FAILED};
    bool ok = cli_sandbox_enter(&job->spec, &stage);
    report.error = ok ? 0 : errno ? errno : EPERM;
    snprintf(report.stage, sizeof report.stage, "%s", ok ? "" : stage);
    if (!ok || job->probe)
        send_report(job->chan, &report);
    return ok && !job->probe;
}

/* One run, from the fork of the program to the report of its end; never returns. */
static void keeper(void *arg)
{
    const keeper_job *job = arg;
    int chan = job->chan, in_fd = job->in_fd, out_fd = job->out_fd, err_fd = job->err_fd;
    double cpu_seconds = job->cpu_seconds;
    if (job->sandbox && !enter_sandbox(job))
        _exit(0);
    run_report report = {.kind = REPORT_FAILED};
#if defined(PR_SET_CHILD_SUBREAPER)
    prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
#endif
    ignore_the_judges_signals();
    struct sigaction chld;
    memset(&chld, 0, sizeof chld);
    chld.sa_handler = on_child;
    sigaction(SIGCHLD, &chld, NULL);
    sigset_t with_chld, without_chld;
    sigemptyset(&with_chld);
    sigaddset(&with_chld, SIGCHLD);
    sigprocmask(SIG_BLOCK, &with_chld, &without_chld);
    sigdelset(&without_chld, SIGCHLD);

    long open_max = sysconf(_SC_OPEN_MAX);
    if (open_max < 0)
        open_max = 1024;
    int status[2];
    if (pipe(status) != 0 || fcntl(status[0], F_SETFD, FD_CLOEXEC) != 0 ||
        fcntl(status[1], F_SETFD, FD_CLOEXEC) != 0) {
        report.error = errno;
        send_report(chan, &report);
        _exit(0);
    }
    double start = monotonic_seconds();
    pid_t pid = fork();
    if (pid == 0)
        child(job->path, job->argv, job->envp, in_fd, out_fd, err_fd, status[1], job->as,
              job->cpu, open_max, job->sandbox);
    int fork_errno = errno;
    close(in_fd);
    close(out_fd);
    close(err_fd);
    close(status[1]);
    if (pid < 0) {
        report.error = fork_errno;
        send_report(chan, &report);
        _exit(0);
    }
    setpgid(pid, pid); /* also here: a stop right away must reach the group */
    /* the status pipe closes at a successful execve; an errno arrives when it failed */
    int exec_errno = 0;
    ssize_t got;
    do
        got = read(status[0], &exec_errno, sizeof exec_errno);
    while (got < 0 && errno == EINTR);
    close(status[0]);
    if (got == (ssize_t)sizeof exec_errno) {
        int ignored;
        end_the_tree(pid, &ignored, job->sandbox);
        report.kind = REPORT_NOT_STARTED;
        report.error = exec_errno;
        send_report(chan, &report);
        _exit(0);
    }
    report.kind = REPORT_STARTED;
    send_report(chan, &report);

    bool cpu_stopped = false;
    bool stopped = wait_for_the_end(pid, chan, cpu_seconds, &without_chld, &cpu_stopped);
    double wall = monotonic_seconds() - start;
    int leader_status = 0;
    end_the_tree(pid, &leader_status, job->sandbox);
    struct rusage ru;
    memset(&ru, 0, sizeof ru);
    getrusage(RUSAGE_CHILDREN, &ru); /* every process of the run, reaped now */
    report = (run_report){
        .kind = REPORT_ENDED, .stopped = stopped, .cpu_stopped = cpu_stopped,
        .wstatus = leader_status, .wall = wall,
        .cpu = (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec * 1e-6 +
               (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec * 1e-6,
        .peak_kib = ru.ru_maxrss, /* KiB on Linux and the BSDs */
    };
    send_report(chan, &report);
    _exit(0);
}

/* ---- the launcher ---------------------------------------------------------------------------- */

/* Takes the descriptors of a request out of its control message; -1 where one is missing. */
static void take_fds(struct msghdr *msg, int fds[REQUEST_FDS])
{
    for (int i = 0; i < REQUEST_FDS; i++)
        fds[i] = -1;
    for (struct cmsghdr *c = CMSG_FIRSTHDR(msg); c; c = CMSG_NXTHDR(msg, c)) {
        if (c->cmsg_level != SOL_SOCKET || c->cmsg_type != SCM_RIGHTS)
            continue;
        size_t n = (c->cmsg_len - CMSG_LEN(0)) / sizeof(int);
        for (size_t i = 0; i < n; i++) {
            int fd;
            memcpy(&fd, CMSG_DATA(c) + i * sizeof(int), sizeof fd);
            if (i < REQUEST_FDS && fds[i] < 0)
                fds[i] = fd;
            else
                close(fd);
        }
    }
}

/* The launcher's socket, which a keeper closes first. */
static int launcher_sock_fd = -1;

static void keeper_entry(void *job)
{
    close(launcher_sock_fd);
    keeper(job);
}

/* Serves requests until the judge's end of the socket closes; never returns. */
static void launcher(int sock)
{
    /* nothing of the judge stays open here: not its files, not its standard streams */
    int null_fd = open("/dev/null", O_RDWR);
    if (null_fd >= 0) {
        dup2(null_fd, STDIN_FILENO);
        dup2(null_fd, STDOUT_FILENO);
        dup2(null_fd, STDERR_FILENO);
    }
    long open_max = sysconf(_SC_OPEN_MAX);
    if (open_max < 0)
        open_max = 1024;
    close_span(3, sock - 1, open_max);
    close_span(sock + 1, INT_MAX, open_max);
    ignore_the_judges_signals();
    char *buf = malloc(REQUEST_MAX);
    if (!buf)
        _exit(1);
    for (;;) {
        while (waitpid(-1, NULL, WNOHANG) > 0)
            ; /* keepers that have ended */
        union {
            struct cmsghdr align;
            char bytes[CMSG_SPACE(REQUEST_FDS * sizeof(int))];
        } control;
        struct iovec iov = {.iov_base = buf, .iov_len = REQUEST_MAX};
        struct msghdr msg = {.msg_iov = &iov, .msg_iovlen = 1, .msg_control = control.bytes,
                             .msg_controllen = sizeof control.bytes};
        ssize_t n = recvmsg(sock, &msg, MSG_CMSG_CLOEXEC);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            _exit(0); /* the judge is done (or gone) */
        int fds[REQUEST_FDS];
        take_fds(&msg, fds);
        run_request head;
        bool whole = (size_t)n >= sizeof head && fds[3] >= 0;
        if (whole)
            memcpy(&head, buf, sizeof head);
        whole = whole && head.bytes == (size_t)n - sizeof head && head.argc < REQUEST_MAX / 4 &&
                head.envc < REQUEST_MAX / 4 && head.showc < REQUEST_MAX / 4;
        char **argv = whole ? calloc((size_t)head.argc + head.envc + head.showc + 3, sizeof *argv)
                            : NULL;
        if (argv) {
            /* path, then argc + envc + showc strings, each NUL-terminated and inside the
             * datagram; the environment follows argv's NULL in the same array, the shown paths
             * the environment's */
            char **envp = argv + head.argc + 1, **shown = envp + head.envc + 1;
            char *p = buf + sizeof head, *end = buf + n;
            char *path = p;
            p = memchr(p, '\0', (size_t)(end - p));
            for (uint32_t i = 0; p && i < head.argc + head.envc + head.showc + 2; i++) {
                if (i == head.argc || i == head.argc + 1 + head.envc)
                    continue; /* the NULL after argv, after the environment */
                argv[i] = ++p;
                p = p < end ? memchr(p, '\0', (size_t)(end - p)) : NULL;
            }
            if (p) {
                keeper_job job = {
                    .chan = fds[3], .in_fd = fds[0], .out_fd = fds[1], .err_fd = fds[2],
                    .path = path, .argv = argv, .envp = envp,
                    .as = head.has_as ? &head.as : NULL, .cpu = head.has_cpu ? &head.cpu : NULL,
                    .cpu_seconds = head.cpu_seconds, .sandbox = head.sandbox || head.probe,
                    .probe = head.probe,
                    .spec = {.uid = getuid(), .gid = getgid(), .path = path, .argv = argv,
                             .shown = shown, .tmp_bytes = head.tmp_bytes},
                };
                /* the socket goes in the child (keeper_entry): a clone has no "pid == 0" */
                launcher_sock_fd = sock;
                pid_t pid = job.sandbox ? cli_sandbox_clone(keeper_entry, &job) : fork();
                if (pid == 0)
                    keeper_entry(&job);
                if (pid < 0) {
                    run_report failed = {.kind = REPORT_FAILED, .error = errno};
                    if (job.sandbox)
                        snprintf(failed.stage, sizeof failed.stage, "make the namespaces");
                    send_report(fds[3], &failed);
                }
            } else {
                run_report failed = {.kind = REPORT_FAILED, .error = EINVAL};
                send_report(fds[3], &failed);
            }
        }
        free(argv);
        for (int i = 0; i < REQUEST_FDS; i++)
            if (fds[i] >= 0)
                close(fds[i]);
    }
}

static pthread_mutex_t launcher_lock = PTHREAD_MUTEX_INITIALIZER;
static int launcher_sock = -1;

bool cli_run_start(void)
{
    pthread_mutex_lock(&launcher_lock);
    bool ok = launcher_sock >= 0;
    int sv[2];
    if (!ok && socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sv) == 0) {
        fflush(NULL); /* nothing buffered is copied into the launcher (it never writes it) */
        pid_t pid = fork();
        if (pid == 0) {
            close(sv[0]);
            launcher(sv[1]);
        }
        int saved = errno;
        close(sv[1]);
        if (pid > 0) {
            launcher_sock = sv[0];
            ok = true;
        } else {
            close(sv[0]);
            errno = saved;
        }
    }
    pthread_mutex_unlock(&launcher_lock);
    return ok;
}

/* Asks the launcher for a run: false with errno set when the request cannot go. */
static bool request_run(const char *path, char *const argv[], char *const shown[],
                        run_request head, const int fds[REQUEST_FDS])
{
    if (!cli_run_start())
        return false;
    /* path, argv's strings, then the environment's, then the shown paths */
    size_t bytes = strlen(path) + 1;
    uint32_t argc = 0, envc = 0, showc = 0;
    for (; argv[argc]; argc++)
        if ((bytes += strlen(argv[argc]) + 1) > REQUEST_MAX - sizeof head)
            break;
    for (; environ && environ[envc]; envc++)
        if ((bytes += strlen(environ[envc]) + 1) > REQUEST_MAX - sizeof head)
            break;
    for (; shown && shown[showc]; showc++)
        if ((bytes += strlen(shown[showc]) + 1) > REQUEST_MAX - sizeof head)
            break;
    if (bytes > REQUEST_MAX - sizeof head) {
        errno = E2BIG;
        return false;
    }
    head.argc = argc;
    head.envc = envc;
    head.showc = showc;
    head.bytes = (uint32_t)bytes;
    char *buf = malloc(sizeof head + bytes);
    if (!buf) {
        errno = ENOMEM;
        return false;
    }
    memcpy(buf, &head, sizeof head);
    char *p = buf + sizeof head;
    size_t len = strlen(path) + 1;
    memcpy(p, path, len);
    p += len;
    for (uint32_t i = 0; i < argc + envc + showc; i++) {
        const char *str = i < argc ? argv[i] : i < argc + envc ? environ[i - argc]
                                                               : shown[i - argc - envc];
        len = strlen(str) + 1;
        memcpy(p, str, len);
        p += len;
    }
    union {
        struct cmsghdr align;
        char bytes[CMSG_SPACE(REQUEST_FDS * sizeof(int))];
    } control;
    memset(&control, 0, sizeof control);
    struct iovec iov = {.iov_base = buf, .iov_len = sizeof head + bytes};
    struct msghdr msg = {.msg_iov = &iov, .msg_iovlen = 1, .msg_control = control.bytes,
                         .msg_controllen = sizeof control.bytes};
    struct cmsghdr *c = CMSG_FIRSTHDR(&msg);
    c->cmsg_level = SOL_SOCKET;
    c->cmsg_type = SCM_RIGHTS;
    c->cmsg_len = CMSG_LEN(REQUEST_FDS * sizeof(int));
    memcpy(CMSG_DATA(c), fds, REQUEST_FDS * sizeof(int));
    ssize_t sent;
    do
        sent = sendmsg(launcher_sock, &msg, MSG_NOSIGNAL);
    while (sent < 0 && errno == EINTR);
    int saved = errno;
    free(buf);
    errno = saved;
    return sent == (ssize_t)iov.iov_len;
}

/* ---- the judge's side -------------------------------------------------------------------------- */

static volatile sig_atomic_t stop_all; /* cli_run_stop_all() */

void cli_run_stop_all(void)
{
    stop_all = 1;
}

bool cli_run_stopping(void)
{
    return stop_all != 0;
}

/* Milliseconds from now to when (at least 0, at most cap). */
static int ms_until(double when, double now, int cap)
{
    double ms = ceil((when - now) * 1000.0);
    if (ms < 0)
        return 0;
    return ms < cap ? (int)ms : cap;
}

/* Tells the keeper to stop the run now (a limit); its ENDED report follows. */
static void ask_stop(int chan)
{
    char stop = 'k';
    ssize_t w;
    do
        w = send(chan, &stop, 1, MSG_NOSIGNAL);
    while (w < 0 && errno == EINTR);
}

/* The poll loop (see the top of the file): the pipes, and the keeper's socket for the end.
 * Returns how the run ended with *end_report filled (or CLI_RUN_SYSTEM_ERROR with *error set).
 * After the leader's end the keeper has killed the rest of the tree, so the pipes reach their
 * end at once; DRAIN_SECONDS only bounds a reader that something else still holds. */
static cli_run_end supervise(session *s, int chan, double start, double seconds,
                             run_report *end_report, int *error)
{
    double deadline = seconds > 0 ? start + seconds : 0;
    bool done = false; /* the keeper reported the leader's end */
    double drain_until = 0;
    feed_input(s);
    for (;;) {
        if (done && s->out_fd < 0 && s->err_fd < 0)
            return CLI_RUN_EXITED;
        double now = cli_progress_clock();
        cli_run_end limit = CLI_RUN_EXITED;
        if (!done && deadline > 0 && now >= deadline)
            limit = CLI_RUN_TIME_LIMIT;
        if (!done && stop_all)
            limit = CLI_RUN_CANCELLED;
        if (done && now >= drain_until)
            return CLI_RUN_EXITED;
        struct pollfd fds[4];
        int nfds = 0, in_at = -1, out_at = -1, err_at = -1, chan_at = -1;
        if (limit == CLI_RUN_EXITED) {
            if (s->in_fd >= 0) {
                in_at = nfds;
                fds[nfds++] = (struct pollfd){.fd = s->in_fd, .events = POLLOUT};
            }
            if (s->out_fd >= 0) {
                out_at = nfds;
                fds[nfds++] = (struct pollfd){.fd = s->out_fd, .events = POLLIN};
            }
            if (s->err_fd >= 0) {
                err_at = nfds;
                fds[nfds++] = (struct pollfd){.fd = s->err_fd, .events = POLLIN};
            }
            if (!done) {
                chan_at = nfds;
                fds[nfds++] = (struct pollfd){.fd = chan, .events = POLLIN};
            }
            int timeout = done ? ms_until(drain_until, now, POLL_SLICE_MS)
                          : deadline > 0 ? ms_until(deadline, now, POLL_SLICE_MS) : POLL_SLICE_MS;
            int ready = poll(fds, (nfds_t)nfds, timeout);
            if (ready < 0 && errno != EINTR) {
                *error = errno;
                limit = CLI_RUN_SYSTEM_ERROR;
            } else if (ready <= 0) {
                continue;
            }
        }
        if (limit == CLI_RUN_EXITED) {
            if (in_at >= 0 && fds[in_at].revents)
                feed_input(s); /* room in the pipe, or its reader is gone: the write says which */
            if (out_at >= 0 && fds[out_at].revents && !take_output(s)) {
                if (s->out_over)
                    limit = CLI_RUN_OUTPUT_LIMIT;
                else if (s->spool_errno) {
                    *error = s->spool_errno;
                    limit = CLI_RUN_SYSTEM_ERROR;
                } else {
                    close_fd(&s->out_fd);
                }
            }
            if (err_at >= 0 && fds[err_at].revents && !take_errors(s))
                close_fd(&s->err_fd);
            if (limit == CLI_RUN_EXITED && chan_at >= 0 && fds[chan_at].revents) {
                if (!receive_report(chan, end_report) || end_report->kind != REPORT_ENDED) {
                    *error = errno ? errno : EPROTO;
                    return CLI_RUN_SYSTEM_ERROR;
                }
                done = true;
                close_fd(&s->in_fd);
                drain_until = cli_progress_clock() + DRAIN_SECONDS;
            }
            if (limit == CLI_RUN_EXITED)
                continue;
        }
        /* a limit (or a failure of ours): the keeper stops the whole tree and reports */
        ask_stop(chan);
        int saved = *error;
        if (!receive_report(chan, end_report) || end_report->kind != REPORT_ENDED) {
            *error = errno ? errno : EPROTO;
            return CLI_RUN_SYSTEM_ERROR;
        }
        *error = saved;
        return limit;
    }
}

/* The head of the request for a run under limits. */
static run_request request_of(const cli_run_limits *limits)
{
    run_request head = {.cpu_seconds = limits->seconds, .sandbox = limits->sandbox,
                        .tmp_bytes = limits->output};
    if (limits->memory) {
        head.has_as = true;
        head.as.rlim_cur = head.as.rlim_max = (rlim_t)limits->memory;
    }
    if (limits->seconds > 0) {
        /* the keeper's watch stops the tree first; this stops one process it did not see */
        rlim_t secs = (rlim_t)ceil(limits->seconds) + 1;
        head.has_cpu = true;
        head.cpu.rlim_cur = secs;
        head.cpu.rlim_max = secs + 1;
    }
    return head;
}

/*
 * Starts path through the keeper with the program's pipes and the spool: true with s's ends of
 * the pipes set and *chan the keeper's socket once the keeper says the program started;
 * otherwise false with res filled as the run's whole result (not started, or a failure of
 * ours), every descriptor closed.
 */
static bool start_run(session *s, const char *path, char *const argv[],
                      const cli_run_limits *limits, int *chan_fd, cli_run_result *res)
{
    /* every descriptor of the judge's is close-on-exec from its creation; the program's ends
     * reach the keeper through the launcher's socket and are closed here once sent */
    int in[2] = {-1, -1}, out[2] = {-1, -1}, err[2] = {-1, -1}, chan[2] = {-1, -1};
    s->spool = tmpfile();
    bool ok = s->spool && set_cloexec(fileno(s->spool)) && pipe(in) == 0 && pipe(out) == 0 &&
              pipe(err) == 0 && socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, chan) == 0;
    for (int i = 0; ok && i < 2; i++)
        ok = set_cloexec(in[i]) && set_cloexec(out[i]) && set_cloexec(err[i]);
    double start = cli_progress_clock();
    if (ok) {
        int fds[REQUEST_FDS] = {in[0], out[1], err[1], chan[1]};
        ok = request_run(path, argv, limits->shown, request_of(limits), fds);
    }
    int saved = errno;
    close_fd(&in[0]);
    close_fd(&out[1]);
    close_fd(&err[1]);
    close_fd(&chan[1]);
    run_report first = {.kind = REPORT_FAILED, .error = saved};
    if (ok && !receive_report(chan[0], &first))
        first.error = errno;
    if (first.kind == REPORT_STARTED) {
        s->in_fd = in[1];
        s->out_fd = out[0];
        s->err_fd = err[0];
        *chan_fd = chan[0];
        return true;
    }
    close_fd(&in[1]);
    close_fd(&out[0]);
    close_fd(&err[0]);
    close_fd(&chan[0]);
    res->wall = cli_progress_clock() - start;
    res->error = first.error;
    res->end = first.kind == REPORT_NOT_STARTED ? CLI_RUN_NOT_STARTED : CLI_RUN_SYSTEM_ERROR;
    if (res->end == CLI_RUN_NOT_STARTED)
        res->out = s->spool; /* empty, as for any run that printed nothing */
    else if (s->spool)
        fclose(s->spool);
    return false;
}

/* Feeds and drains the started program until it ends or a limit stops it (supervise()), with
 * SIGPIPE from this thread's writes held and taken back; *last gets the keeper's last report. */
static cli_run_end watch_run(session *s, int chan, double start, const cli_run_limits *limits,
                             run_report *last, int *error)
{
    if (!set_nonblocking(s->in_fd) || !set_nonblocking(s->out_fd) ||
        !set_nonblocking(s->err_fd)) {
        *error = errno;
        ask_stop(chan);
        return CLI_RUN_SYSTEM_ERROR;
    }
    /* this thread's writes into the pipe may raise SIGPIPE: held, then taken back */
    sigset_t pipe_only, before, pending;
    sigemptyset(&pipe_only);
    sigaddset(&pipe_only, SIGPIPE);
    sigpending(&pending);
    bool was_pending = sigismember(&pending, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe_only, &before);
    cli_run_end end = supervise(s, chan, start, limits->wall, last, error);
    sigpending(&pending);
    int sig;
    if (!was_pending && sigismember(&pending, SIGPIPE))
        sigwait(&pipe_only, &sig);
    pthread_sigmask(SIG_SETMASK, &before, NULL);
    return end;
}

/* The result of a run that started, from how it ended and the keeper's last report; hands
 * the spool (rewound) and the captured error output over to res. */
static bool finish_run(session *s, cli_run_end end, const run_report *last, double start,
                       cli_run_result *res)
{
    if (last->kind == REPORT_ENDED) {
        res->wall = last->wall;
        res->cpu = last->cpu;
        res->peak_kib = last->peak_kib;
    } else {
        res->wall = cli_progress_clock() - start;
    }
    if (end == CLI_RUN_EXITED && last->kind == REPORT_ENDED && last->cpu_stopped)
        end = CLI_RUN_CPU_LIMIT;
    if (end == CLI_RUN_EXITED) {
        if (WIFSIGNALED(last->wstatus)) {
            end = CLI_RUN_SIGNALED;
            res->signal = WTERMSIG(last->wstatus);
        } else {
            res->exit_code = WEXITSTATUS(last->wstatus);
        }
    }
    /* the spool is handed over rewound, at the start of the output */
    if (end != CLI_RUN_SYSTEM_ERROR && (fflush(s->spool) != 0 || fseek(s->spool, 0, SEEK_SET))) {
        res->error = errno ? errno : EIO;
        end = CLI_RUN_SYSTEM_ERROR;
    }
    res->end = end;
    if (s->err && !grow(&s->err, &s->err_cap, s->err_len + 1, s->err_len + 1) && s->err_len > 0)
        s->err_len--;
    if (s->err)
        s->err[s->err_len] = '\0';
    res->out = s->spool;
    res->out_len = s->out_len;
    res->err = s->err;
    res->err_len = s->err_len;
    res->err_dropped = s->err_dropped;
    return end != CLI_RUN_SYSTEM_ERROR;
}

bool cli_run_program(const char *path, char *const argv[], const char *input, size_t input_len,
                     const cli_run_limits *limits, cli_run_result *res)
{
    memset(res, 0, sizeof *res);
    if (stop_all) {
        res->end = CLI_RUN_CANCELLED;
        return true;
    }
    session s = {.input = input, .input_len = input_len, .in_fd = -1, .out_fd = -1,
                 .err_fd = -1, .out_limit = limits->output, .err_limit = limits->errors};
    int chan = -1;
    if (!start_run(&s, path, argv, limits, &chan, res))
        return res->end != CLI_RUN_SYSTEM_ERROR;
    /* the clock of the limit starts now, when the program has started: the keeper's own clock,
     * from its fork, is a little ahead, so a stopped run's wall time is never under its limit */
    double start = cli_progress_clock();
    run_report last = {.kind = REPORT_FAILED};
    cli_run_end end = watch_run(&s, chan, start, limits, &last, &res->error);
    close_fd(&chan); /* the keeper, if still there, ends the run at this */
    close_fd(&s.in_fd);
    close_fd(&s.out_fd);
    close_fd(&s.err_fd);
    return finish_run(&s, end, &last, start, res);
}

bool cli_run_sandbox_probe(char *why, size_t size)
{
    /* a run of nothing: the keeper builds the sandbox and says how it went */
    int in[2] = {-1, -1}, chan[2] = {-1, -1};
    char *argv[] = {"", NULL};
    bool ok = pipe(in) == 0 && set_cloexec(in[0]) && set_cloexec(in[1]) &&
              socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, chan) == 0;
    run_request head = {.probe = true, .tmp_bytes = 1 << 20};
    int fds[REQUEST_FDS] = {in[0], in[1], in[1], chan[1]};
    ok = ok && request_run("", argv, NULL, head, fds);
    int saved = errno;
    close_fd(&in[0]);
    close_fd(&in[1]);
    close_fd(&chan[1]);
    run_report report = {.kind = REPORT_FAILED, .error = saved};
    if (ok && !receive_report(chan[0], &report))
        report.error = errno;
    close_fd(&chan[0]);
    if (report.kind == REPORT_PROBED && report.error == 0)
        return true;
    if (report.stage[0])
        snprintf(why, size, "%.48s: %s", report.stage, strerror(report.error));
    else
        snprintf(why, size, "%s", strerror(report.error ? report.error : EPROTO));
    return false;
}

void cli_run_result_free(cli_run_result *res)
{
    if (!res)
        return;
    if (res->out)
        fclose(res->out);
    free(res->err);
    res->out = NULL;
    res->err = NULL;
    res->out_len = res->err_len = 0;
}

const char *cli_run_signal_name(int sig, char *buf, size_t size)
{
    static const struct {
        int number;
        const char *name;
    } names[] = {
        {SIGABRT, "SIGABRT"}, {SIGALRM, "SIGALRM"}, {SIGBUS, "SIGBUS"},   {SIGFPE, "SIGFPE"},
        {SIGHUP, "SIGHUP"},   {SIGILL, "SIGILL"},   {SIGINT, "SIGINT"},   {SIGKILL, "SIGKILL"},
        {SIGPIPE, "SIGPIPE"}, {SIGQUIT, "SIGQUIT"}, {SIGSEGV, "SIGSEGV"}, {SIGSYS, "SIGSYS"},
        {SIGTERM, "SIGTERM"}, {SIGTRAP, "SIGTRAP"}, {SIGUSR1, "SIGUSR1"}, {SIGUSR2, "SIGUSR2"},
        {SIGXCPU, "SIGXCPU"}, {SIGXFSZ, "SIGXFSZ"},
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (names[i].number == sig)
            return names[i].name;
    snprintf(buf, size, "signal %d", sig);
    return buf;
}
