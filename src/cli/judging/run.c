/*
 * run.c -- one run of a contestant's program under a judge's limits; see run.h for the contract.
 *
 * The parent feeds the input and collects both outputs in one poll() loop, so that neither side
 * waits on the other: a program that prints before it has read all of its input (or never reads
 * it) cannot deadlock the judge, whose writes are non-blocking.  Standard output goes on from the
 * pipe into an unlinked temporary file (the spool), a chunk at a time, so the judge's memory does
 * not grow with what a program prints: a gigabyte is stopped at the output limit with 64 KiB of
 * buffer.  That also keeps the judge small where it matters: a forked child's peak RSS (what
 * wait4 reports) starts from the judge's own RSS at the fork, which must not hold another run's
 * output (-j).  The loop ends when the program
 * (the group leader) has exited and its pipes are drained, or at a limit, when the whole process
 * group is killed with SIGKILL.  The leader's exit is seen with waitid(WNOWAIT), which leaves
 * the zombie in place: the group id cannot be reused while the group is killed (stragglers a
 * shell script left in the background included), and wait4() then reaps it with its rusage.
 *
 * Invariants of a run: the child runs only async-signal-safe calls between fork and execve
 * (the path was resolved before, the rlimits computed before); every pipe is close-on-exec from
 * its creation to the fork (one lock covers both), so a parallel run's child never holds it.
 * A program that stops reading its input makes the judge's next write fail with EPIPE, and
 * raise SIGPIPE: SIGPIPE is blocked in the running thread while it feeds a program, and one
 * raised there is taken back before it is unblocked, so the judge's own disposition (default:
 * `ojdoku judge | head` ends quietly) stays as it is and a child starts with it.
 */
#define _DEFAULT_SOURCE /* wait4() is BSD's, not POSIX's: glibc declares it only with this */

#include "run.h"

#include "cli/batch/progress.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#if defined(__linux__)
#include <sys/syscall.h> /* SYS_close_range (Linux 5.9) */
#endif
#include <unistd.h>

extern char **environ;

#define CHUNK 65536               /* bytes written or read per system call */
#define POLL_SLICE_MS 50          /* the leader's exit is looked for at least this often */
#define DRAIN_SECONDS 1.0         /* after the leader's exit, how long the pipes may stay open */

/* Pipes and fork together: no child of another thread may inherit a pipe before it is marked
 * close-on-exec. */
static pthread_mutex_t fork_lock = PTHREAD_MUTEX_INITIALIZER;

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

/* Has the group leader exited?  Leaves the zombie for wait4(). */
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

/* Milliseconds from now to when (at least 0, at most cap). */
static int ms_until(double when, double now, int cap)
{
    double ms = ceil((when - now) * 1000.0);
    if (ms < 0)
        return 0;
    return ms < cap ? (int)ms : cap;
}

/* The poll loop (see the top of the file); returns how the run ended when a limit ended it (or
 * CLI_RUN_SYSTEM_ERROR with *error set when poll() failed), else CLI_RUN_EXITED: the leader has
 * exited, to be reaped. */
static cli_run_end supervise(session *s, pid_t pid, double start, double seconds, int *error)
{
    double deadline = seconds > 0 ? start + seconds : 0;
    bool done = false;            /* the leader has exited */
    double drain_until = 0;
    int idle_ms = 1;              /* with no pipe left, the wait for the exit grows to a slice */
    feed_input(s);
    for (;;) {
        if (!done && leader_exited(pid)) {
            done = true;
            kill(-pid, SIGKILL);  /* whatever it left running in its group */
            close_fd(&s->in_fd);
            drain_until = cli_progress_clock() + DRAIN_SECONDS;
        }
        if (done && s->out_fd < 0 && s->err_fd < 0)
            return CLI_RUN_EXITED;
        double now = cli_progress_clock();
        if (!done && deadline > 0 && now >= deadline)
            return CLI_RUN_TIME_LIMIT;
        if (done && now >= drain_until)
            return CLI_RUN_EXITED; /* a process outside the group holds a pipe: stop reading */
        struct pollfd fds[3];
        int nfds = 0, in_at = -1, out_at = -1, err_at = -1;
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
        int slice = nfds ? POLL_SLICE_MS : idle_ms;
        if (nfds == 0 && idle_ms < POLL_SLICE_MS)
            idle_ms *= 2;
        int timeout = done ? ms_until(drain_until, now, slice)
                      : deadline > 0 ? ms_until(deadline, now, slice) : slice;
        int ready = poll(fds, (nfds_t)nfds, timeout);
        if (ready < 0 && errno != EINTR) {
            *error = errno;
            return CLI_RUN_SYSTEM_ERROR;
        }
        if (ready <= 0)
            continue;
        if (in_at >= 0 && fds[in_at].revents)
            feed_input(s); /* room in the pipe, or its reader is gone: the write says which */
        if (out_at >= 0 && fds[out_at].revents && !take_output(s)) {
            if (s->out_over)
                return CLI_RUN_OUTPUT_LIMIT;
            if (s->spool_errno) {
                *error = s->spool_errno;
                return CLI_RUN_SYSTEM_ERROR;
            }
            close_fd(&s->out_fd);
        }
        if (err_at >= 0 && fds[err_at].revents && !take_errors(s))
            close_fd(&s->err_fd);
    }
}

/* What the child does between fork and execve: async-signal-safe calls only. */
/* Closes the child's descriptors from..to, both included (async-signal-safe): one call where the
 * kernel has close_range, else one close() each up to open_max. */
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

static void child(const char *path, char *const argv[], int in_fd, int out_fd, int err_fd,
                  int status_fd, const struct rlimit *as, const struct rlimit *cpu, long open_max)
{
    static const struct rlimit no_core = {0, 0};
    sigset_t none;
    setpgid(0, 0);
    if (dup2(in_fd, STDIN_FILENO) < 0 || dup2(out_fd, STDOUT_FILENO) < 0 ||
        dup2(err_fd, STDERR_FILENO) < 0)
        goto failed;
    /* the program holds its stdin, stdout and stderr and nothing else of the judge: every other
     * descriptor goes, whether or not it was close-on-exec (a file another thread opened just
     * now, a test's answer) -- but the status pipe, itself close-on-exec, which says whether
     * execve failed */
    close_span(3, status_fd - 1, open_max);
    close_span(status_fd + 1, INT_MAX, open_max);
    sigemptyset(&none); /* the mask is inherited across execve: the program gets none */
    sigprocmask(SIG_SETMASK, &none, NULL);
    setrlimit(RLIMIT_CORE, &no_core); /* a crash leaves no core file behind */
    if (as && setrlimit(RLIMIT_AS, as) != 0)
        goto failed;
    if (cpu && setrlimit(RLIMIT_CPU, cpu) != 0)
        goto failed;
    execve(path, argv, environ);
failed:;
    int e = errno;
    ssize_t w = write(status_fd, &e, sizeof e);
    (void)w;
    _exit(127);
}

bool cli_run_program(const char *path, char *const argv[], const char *input, size_t input_len,
                     const cli_run_limits *limits, cli_run_result *res)
{
    memset(res, 0, sizeof *res);
    session s = {.input = input, .input_len = input_len, .in_fd = -1, .out_fd = -1,
                 .err_fd = -1, .out_limit = limits->output, .err_limit = limits->errors};
    /* everything the child needs is computed here, before the fork */
    struct rlimit as_limit, cpu_limit;
    const struct rlimit *as = NULL, *cpu = NULL;
    if (limits->memory) {
        as_limit.rlim_cur = as_limit.rlim_max = (rlim_t)limits->memory;
        as = &as_limit;
    }
    if (limits->seconds > 0) {
        /* the wall clock stops a program first; this catches CPU burnt on several cores */
        rlim_t secs = (rlim_t)ceil(limits->seconds) + 1;
        cpu_limit.rlim_cur = secs;
        cpu_limit.rlim_max = secs + 1;
        cpu = &cpu_limit;
    }
    int in[2] = {-1, -1}, out[2] = {-1, -1}, err[2] = {-1, -1}, status[2] = {-1, -1};
    pthread_mutex_lock(&fork_lock);
    s.spool = tmpfile();
    bool ok = s.spool && set_cloexec(fileno(s.spool)) && pipe(in) == 0 && pipe(out) == 0 &&
              pipe(err) == 0 && pipe(status) == 0;
    for (int i = 0; ok && i < 2; i++)
        ok = set_cloexec(in[i]) && set_cloexec(out[i]) && set_cloexec(err[i]) &&
             set_cloexec(status[i]);
    double start = cli_progress_clock();
    long open_max = sysconf(_SC_OPEN_MAX);
    if (open_max < 0)
        open_max = 1024;
    pid_t pid = ok ? fork() : -1;
    if (pid == 0)
        child(path, argv, in[0], out[1], err[1], status[1], as, cpu, open_max);
    int saved = errno;
    close_fd(&in[0]);
    close_fd(&out[1]);
    close_fd(&err[1]);
    close_fd(&status[1]);
    pthread_mutex_unlock(&fork_lock);
    if (pid < 0) {
        if (s.spool)
            fclose(s.spool);
        close_fd(&in[1]);
        close_fd(&out[0]);
        close_fd(&err[0]);
        close_fd(&status[0]);
        res->end = CLI_RUN_SYSTEM_ERROR;
        res->error = saved;
        return false;
    }
    setpgid(pid, pid); /* also here: a kill right away must reach the group (EACCES after exec) */
    s.in_fd = in[1];
    s.out_fd = out[0];
    s.err_fd = err[0];

    /* the status pipe closes at a successful execve; an errno arrives when it failed */
    int exec_errno = 0;
    ssize_t got;
    do
        got = read(status[0], &exec_errno, sizeof exec_errno);
    while (got < 0 && errno == EINTR);
    close_fd(&status[0]);

    cli_run_end end = CLI_RUN_NOT_STARTED;
    if (got == (ssize_t)sizeof exec_errno) {
        res->error = exec_errno;
    } else if (!set_nonblocking(s.in_fd) || !set_nonblocking(s.out_fd) ||
               !set_nonblocking(s.err_fd)) {
        res->error = errno;
        end = CLI_RUN_SYSTEM_ERROR;
    } else {
        /* this thread's writes into the pipe may raise SIGPIPE: held, then taken back */
        sigset_t pipe_only, before, pending;
        sigemptyset(&pipe_only);
        sigaddset(&pipe_only, SIGPIPE);
        sigpending(&pending);
        bool was_pending = sigismember(&pending, SIGPIPE);
        pthread_sigmask(SIG_BLOCK, &pipe_only, &before);
        end = supervise(&s, pid, start, limits->seconds, &res->error);
        sigpending(&pending);
        int sig;
        if (!was_pending && sigismember(&pending, SIGPIPE))
            sigwait(&pipe_only, &sig);
        pthread_sigmask(SIG_SETMASK, &before, NULL);
    }
    if (end != CLI_RUN_EXITED)
        kill(-pid, SIGKILL);
    int wstatus = 0;
    struct rusage ru;
    memset(&ru, 0, sizeof ru);
    pid_t w;
    do
        w = wait4(pid, &wstatus, 0, &ru);
    while (w < 0 && errno == EINTR);
    res->wall = cli_progress_clock() - start;
    close_fd(&s.in_fd);
    close_fd(&s.out_fd);
    close_fd(&s.err_fd);

    res->cpu = (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec * 1e-6 +
               (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec * 1e-6;
    res->peak_kib = ru.ru_maxrss; /* KiB on Linux and the BSDs */
    if (end == CLI_RUN_EXITED && w == pid) {
        if (WIFSIGNALED(wstatus)) {
            end = CLI_RUN_SIGNALED;
            res->signal = WTERMSIG(wstatus);
        } else {
            res->exit_code = WEXITSTATUS(wstatus);
        }
    }
    /* the spool is handed over rewound, at the start of the output */
    if (end != CLI_RUN_SYSTEM_ERROR && (fflush(s.spool) != 0 || fseek(s.spool, 0, SEEK_SET))) {
        res->error = errno ? errno : EIO;
        end = CLI_RUN_SYSTEM_ERROR;
    }
    res->end = end;
    if (s.err && !grow(&s.err, &s.err_cap, s.err_len + 1, s.err_len + 1) && s.err_len > 0)
        s.err_len--;
    if (s.err)
        s.err[s.err_len] = '\0';
    res->out = s.spool;
    res->out_len = s.out_len;
    res->err = s.err;
    res->err_len = s.err_len;
    res->err_dropped = s.err_dropped;
    return end != CLI_RUN_SYSTEM_ERROR;
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
