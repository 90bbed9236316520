/*
 * intruder.c -- a contestant program that goes after the judge and the setter's files, one way
 * per mode (argv[1]); tests/judge/hostile.sh runs each under `ojdoku judge` (issue #45).  It
 * finds the tests as a program on an unsandboxed judge can: the command line of its ancestors
 * (/proc/PPID/cmdline, the judge's, "ojdoku judge ... DIR -- ...") names the directory.
 *
 *   peek       prints the jury's answer of the test whose input it was given (NAME.ans beside
 *              the NAME.in equal to its stdin), solving nothing: Accepted where it finds it,
 *              Wrong Answer (nothing printed) where it cannot
 *   vandal     overwrites every NAME.ans and deletes every NAME.in it finds, writes files into
 *              its working directory, /tmp and its own directory, then answers honestly
 *   stop, term sends SIGSTOP (SIGTERM) to every ancestor that is ojdoku, then answers
 *   trace      attaches to its parent with ptrace and, when that works, holds it 6 s; answers
 *   kill       kills its parent (SIGKILL), then answers
 *   net PORT   connects to 127.0.0.1:PORT: exit 3 when it could, else answers
 */
#define _DEFAULT_SOURCE /* ptrace, DT_DIR */
#include "contestant.h"

#include <arpa/inet.h>
#include <dirent.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define JUNK "ojdoku_intruder_junk"

static char *input;
static size_t input_len;

static void read_input(void)
{
    size_t cap = 1 << 16;
    input = malloc(cap);
    size_t n;
    while (input && (n = fread(input + input_len, 1, cap - input_len, stdin)) > 0) {
        input_len += n;
        if (input_len == cap)
            input = realloc(input, cap *= 2);
    }
    if (!input)
        exit(4);
}

/* Solves the input read, as correct.c does. */
static void answer(void)
{
    FILE *in = fmemopen(input, input_len ? input_len : 1, "r");
    if (!in)
        exit(4);
    stdin = in;
    int g[81], index = 0;
    while (input_len && read_case(g)) {
        solve(g, 1);
        print_case(g, ++index);
    }
    fflush(stdout);
}

static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 1 << 16, n = 0, got;
    char *buf = malloc(cap);
    while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0)
        if ((n += got) == cap)
            buf = realloc(buf, cap *= 2);
    fclose(f);
    *len = n;
    return buf;
}

static pid_t parent_of(pid_t pid)
{
    char path[64], line[512];
    snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
    FILE *f = fopen(path, "r");
    if (!f)
        return 0;
    char *p = fgets(line, sizeof line, f) ? strrchr(line, ')') : NULL;
    fclose(f);
    int ppid = 0;
    if (!p || sscanf(p + 1, " %*c %d", &ppid) != 1)
        return 0;
    return (pid_t)ppid;
}

/* The command line of pid, its words separated by NULs; *len its length. */
static char *cmdline(pid_t pid, size_t *len)
{
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/cmdline", (int)pid);
    return slurp(path, len);
}

typedef void (*visit_fn)(const char *in_path);

/* Calls fn with every NAME.in under path (a file or a directory, 3 levels down). */
static void walk(const char *path, int depth, visit_fn fn)
{
    struct stat st;
    if (stat(path, &st) != 0)
        return;
    size_t n = strlen(path);
    if (S_ISREG(st.st_mode) && n > 3 && strcmp(path + n - 3, ".in") == 0) {
        fn(path);
        return;
    }
    DIR *d = S_ISDIR(st.st_mode) && depth > 0 ? opendir(path) : NULL;
    struct dirent *e;
    while (d && (e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        char sub[4096];
        snprintf(sub, sizeof sub, "%s/%s", path, e->d_name);
        walk(sub, depth - 1, fn);
    }
    if (d)
        closedir(d);
}

/* Every word of the command lines of the ancestors, walked for tests. */
static void find_tests(visit_fn fn)
{
    for (pid_t pid = getppid(); pid > 1; pid = parent_of(pid)) {
        size_t len;
        char *words = cmdline(pid, &len);
        for (size_t at = 0; words && at < len; at += strlen(words + at) + 1)
            walk(words + at, 3, fn);
        free(words);
    }
}

static int found;

static void print_answer_of(const char *in_path)
{
    size_t len;
    char *text = slurp(in_path, &len);
    if (!found && text && len == input_len && memcmp(text, input, len) == 0) {
        char ans[4096];
        snprintf(ans, sizeof ans, "%.*s.ans", (int)(strlen(in_path) - 3), in_path);
        size_t ans_len;
        char *a = slurp(ans, &ans_len);
        if (a) {
            fwrite(a, 1, ans_len, stdout);
            found = 1;
        }
        free(a);
    }
    free(text);
}

static void destroy(const char *in_path)
{
    char ans[4096];
    snprintf(ans, sizeof ans, "%.*s.ans", (int)(strlen(in_path) - 3), in_path);
    FILE *f = fopen(ans, "w");
    if (f) {
        fputs("0\n", f);
        fclose(f);
    }
    unlink(in_path);
}

static void litter(const char *dir)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/" JUNK, dir);
    FILE *f = fopen(path, "w");
    if (f) {
        fputs("was here\n", f);
        fclose(f);
    }
}

/* Sends sig to every ancestor whose command is ojdoku (the chain read first). */
static void signal_ojdoku(int sig)
{
    pid_t chain[16];
    int n = 0;
    for (pid_t pid = getppid(); pid > 1 && n < 16; pid = parent_of(pid))
        chain[n++] = pid;
    for (int i = 0; i < n; i++) {
        size_t len;
        char *words = cmdline(chain[i], &len);
        const char *base = words ? strrchr(words, '/') : NULL;
        base = base ? base + 1 : words;
        if (base && strcmp(base, "ojdoku") == 0)
            kill(chain[i], sig);
        free(words);
    }
}

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "";
    read_input();
    if (strcmp(mode, "peek") == 0) {
        find_tests(print_answer_of);
        return 0;
    }
    if (strcmp(mode, "vandal") == 0) {
        find_tests(destroy);
        char dir[4096];
        snprintf(dir, sizeof dir, "%s", argv[0]);
        char *slash = strrchr(dir, '/');
        if (slash)
            *slash = '\0';
        litter(".");
        litter("/tmp");
        litter(slash ? dir : ".");
    } else if (strcmp(mode, "stop") == 0 || strcmp(mode, "term") == 0) {
        signal_ojdoku(strcmp(mode, "stop") == 0 ? SIGSTOP : SIGTERM);
    } else if (strcmp(mode, "trace") == 0) {
        if (ptrace(PTRACE_ATTACH, getppid(), NULL, NULL) == 0) {
            fprintf(stderr, "attached to %d\n", (int)getppid());
            struct timespec six = {6, 0};
            nanosleep(&six, NULL);
        }
    } else if (strcmp(mode, "kill") == 0) {
        kill(getppid(), SIGKILL);
        struct timespec a_moment = {0, 100 * 1000 * 1000};
        nanosleep(&a_moment, NULL);
    } else if (strcmp(mode, "net") == 0 && argc > 2) {
        int s = socket(AF_INET, SOCK_STREAM, 0);
        struct sockaddr_in to = {.sin_family = AF_INET, .sin_port = htons((uint16_t)atoi(argv[2]))};
        to.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        if (s >= 0 && connect(s, (struct sockaddr *)&to, sizeof to) == 0) {
            fprintf(stderr, "connected to 127.0.0.1:%s\n", argv[2]);
            return 3;
        }
    } else {
        return 2;
    }
    answer();
    return 0;
}
