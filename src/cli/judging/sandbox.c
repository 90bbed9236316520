/*
 * sandbox.c -- the namespaces and the root of a judged program; see sandbox.h.
 *
 * The root is built as bubblewrap builds one: a tmpfs on /tmp is pivoted to (the machine's root
 * under OLD), the program's root is a second tmpfs at NEW of bind mounts from OLD, made
 * read-only but for the two writable tmpfs, and a last pivot_root(".", ".") with a lazy unmount
 * drops OLD: nothing of the machine is reachable, not even by a chroot escape.  Linux only;
 * elsewhere cli_sandbox_clone() fails with ENOSYS.
 */
#define _GNU_SOURCE /* clone(), CLONE_NEW*, MS_*: Linux's */

#include "sandbox.h"

#include <errno.h>
#include <stdlib.h>

#if defined(__linux__)
#include <fcntl.h>
#include <limits.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/syscall.h>
#include <unistd.h>

#define STACK_BYTES (1024 * 1024)  /* the keeper's stack until it forks the program */
#define BASE "/tmp"                /* where the staging tmpfs is mounted, then the root */
#define OLD "/old"                 /* the machine's root, after the first pivot */
#define NEW "/new"                 /* the program's root, until the second */
#define SMALL "size=1m"            /* a tmpfs that holds only mount points */

/* What the program sees of the system: read-only, and only where they exist (a symbolic link,
 * such as a merged /usr's /bin, is made again as it is). */
static const char *const system_dirs[] = {"/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64",
                                          "/libx32", "/etc"};
static const char *const devices[] = {"null", "zero", "full", "random", "urandom"};

typedef struct clone_call {
    void (*fn)(void *arg);
    void *arg;
} clone_call;

static int clone_entry(void *p)
{
    const clone_call *call = p;
    call->fn(call->arg);
    _exit(127);
}

pid_t cli_sandbox_clone(void (*fn)(void *arg), void *arg)
{
    char *stack = malloc(STACK_BYTES);
    if (!stack) {
        errno = ENOMEM;
        return -1;
    }
    /* no CLONE_VM: the child has a copy of this memory, call and the stack included */
    clone_call call = {fn, arg};
    pid_t pid = clone(clone_entry, stack + STACK_BYTES,
                      CLONE_NEWUSER | CLONE_NEWNS | CLONE_NEWPID | CLONE_NEWNET | CLONE_NEWIPC |
                          SIGCHLD,
                      &call);
    int saved = errno;
    free(stack);
    errno = saved;
    return pid;
}

static bool write_text(const char *path, const char *text)
{
    int fd = open(path, O_WRONLY | O_CLOEXEC);
    if (fd < 0)
        return false;
    size_t n = strlen(text);
    bool ok = write(fd, text, n) == (ssize_t)n;
    int saved = errno;
    close(fd);
    errno = saved;
    return ok;
}

/* mkdir -p of the directories above path (path itself not made). */
static bool make_parents(const char *path)
{
    char dir[PATH_MAX];
    if (snprintf(dir, sizeof dir, "%s", path) >= (int)sizeof dir) {
        errno = ENAMETOOLONG;
        return false;
    }
    for (char *p = dir + 1; (p = strchr(p, '/')) != NULL; p++) {
        *p = '\0';
        if (mkdir(dir, 0755) != 0 && errno != EEXIST)
            return false;
        *p = '/';
    }
    return true;
}

/* Is path (absolute) inside one of the system directories, shown anyway? */
static bool in_system(const char *path)
{
    for (size_t i = 0; i < sizeof system_dirs / sizeof system_dirs[0]; i++) {
        size_t n = strlen(system_dirs[i]);
        if (strncmp(path, system_dirs[i], n) == 0 && (path[n] == '/' || path[n] == '\0'))
            return true;
    }
    return false;
}

/* A writable tmpfs of bytes at path inside the new root. */
static bool writable(const char *path, const char *mode, size_t bytes)
{
    char inside[PATH_MAX + 8], options[64];
    snprintf(inside, sizeof inside, NEW "%s", path);
    snprintf(options, sizeof options, "mode=%s,size=%zu", mode, bytes);
    if (!make_parents(inside) || (mkdir(inside, 0755) != 0 && errno != EEXIST))
        return false;
    return mount("tmpfs", inside, "tmpfs", MS_NOSUID | MS_NODEV, options) == 0;
}

/* Makes the mount at point read-only, keeping the flags the kernel would refuse to clear
 * (nosuid, nodev, noexec, atime). */
static bool read_only(const char *point)
{
    struct statvfs sv;
    if (statvfs(point, &sv) != 0)
        return false;
    if (sv.f_flag & ST_RDONLY)
        return true;
    unsigned long flags = MS_BIND | MS_REMOUNT | MS_RDONLY;
    flags |= (sv.f_flag & ST_NOSUID ? MS_NOSUID : 0) | (sv.f_flag & ST_NODEV ? MS_NODEV : 0) |
             (sv.f_flag & ST_NOEXEC ? MS_NOEXEC : 0) | (sv.f_flag & ST_NOATIME ? MS_NOATIME : 0) |
             (sv.f_flag & ST_NODIRATIME ? MS_NODIRATIME : 0) |
             (sv.f_flag & ST_RELATIME ? MS_RELATIME : 0);
    return mount(NULL, point, NULL, flags, NULL) == 0;
}

static bool show_system_dir(const char *dir)
{
    char host[64], inside[64], target[PATH_MAX];
    snprintf(host, sizeof host, OLD "%s", dir);
    snprintf(inside, sizeof inside, NEW "%s", dir);
    struct stat st;
    if (lstat(host, &st) != 0)
        return true; /* not on this machine */
    if (S_ISLNK(st.st_mode)) {
        ssize_t n = readlink(host, target, sizeof target - 1);
        if (n < 0)
            return false;
        target[n] = '\0';
        return symlink(target, inside) == 0;
    }
    if (!S_ISDIR(st.st_mode))
        return true;
    return mkdir(inside, 0755) == 0 && mount(host, inside, NULL, MS_BIND | MS_REC, NULL) == 0 &&
           read_only(inside);
}

/* A file or directory to show: where the program looks for it, and what it is on the machine
 * (its real path, found before the first pivot: a symbolic link on the way, absolute
 * ones included, resolves against the machine's root only then). */
typedef struct shown {
    char *path;               /* absolute, as named (relative names from the working dir) */
    char *real;               /* NULL: nothing to show */
    bool dir;
} shown;

/* Plans to show what name names (relative to cwd): a regular file, or with dirs a directory,
 * outside the system directories (shown anyway). */
static shown plan(const char *cwd, const char *name, bool dirs)
{
    shown sh = {NULL, NULL, false};
    char path[PATH_MAX];
    int n = name[0] == '/' ? snprintf(path, sizeof path, "%s", name)
                           : snprintf(path, sizeof path, "%s/%s", strcmp(cwd, "/") ? cwd : "",
                                      name);
    struct stat st;
    if (n < 0 || n >= (int)sizeof path || stat(path, &st) != 0 || in_system(path) ||
        !(S_ISREG(st.st_mode) || (dirs && S_ISDIR(st.st_mode))))
        return sh; /* nothing the program could open by that name either */
    sh.path = strdup(path);
    sh.real = sh.path ? realpath(path, NULL) : NULL;
    sh.dir = S_ISDIR(st.st_mode);
    return sh;
}

/* Shows what sh planned at the same path inside; true when shown or nothing to show. */
static bool show(const shown *sh)
{
    if (!sh->real)
        return true;
    char host[PATH_MAX + 8], inside[PATH_MAX + 8];
    snprintf(host, sizeof host, OLD "%s", sh->real);
    snprintf(inside, sizeof inside, NEW "%s", sh->path);
    if (!make_parents(inside))
        return false;
    /* a shown directory is read-only at once: nothing below is made in the machine's */
    if (sh->dir)
        return (mkdir(inside, 0755) == 0 || errno == EEXIST) &&
               mount(host, inside, NULL, MS_BIND | MS_REC, NULL) == 0 && read_only(inside);
    /* O_EXCL: a file named twice (the program, then argv[0]), or inside a directory shown, is
     * already the machine's file there, which must not be opened for writing (an execve of it
     * would fail with ETXTBSY meanwhile); read-only, it cannot be made there (EROFS) */
    int fd = open(inside, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (fd < 0)
        return errno == EEXIST || errno == EROFS;
    close(fd);
    return mount(host, inside, NULL, MS_BIND, NULL) == 0;
}

/* Everything to show, in order: the directories of --show first (a file shown inside one is
 * then there already), the program, the files of its command line.  NULL when memory runs
 * out; *count set. */
static shown *plan_all(const cli_sandbox_spec *spec, const char *cwd, size_t *count)
{
    size_t n = 1;
    for (size_t i = 0; spec->shown && spec->shown[i]; i++)
        n++;
    for (size_t i = 0; spec->argv && spec->argv[i]; i++)
        n++;
    shown *all = calloc(n, sizeof *all);
    size_t k = 0;
    for (size_t i = 0; all && spec->shown && spec->shown[i]; i++)
        all[k++] = plan(cwd, spec->shown[i], true);
    if (all)
        all[k++] = plan(cwd, spec->path, false);
    for (size_t i = 0; all && spec->argv && spec->argv[i]; i++)
        all[k++] = plan(cwd, spec->argv[i], false);
    *count = k;
    return all;
}

/* /dev: a tmpfs with the harmless devices bound from the machine's, and the usual links. */
static bool make_dev(void)
{
    if (mkdir(NEW "/dev", 0755) != 0 ||
        mount("tmpfs", NEW "/dev", "tmpfs", MS_NOSUID | MS_NOEXEC, "mode=0755," SMALL) != 0)
        return false;
    for (size_t i = 0; i < sizeof devices / sizeof devices[0]; i++) {
        char host[64], inside[64];
        snprintf(host, sizeof host, OLD "/dev/%s", devices[i]);
        snprintf(inside, sizeof inside, NEW "/dev/%s", devices[i]);
        int fd = open(inside, O_WRONLY | O_CREAT | O_CLOEXEC, 0666);
        if (fd < 0)
            return false;
        close(fd);
        if (mount(host, inside, NULL, MS_BIND, NULL) != 0)
            return false;
    }
    static const char *const links[][2] = {{"/proc/self/fd", "fd"}, {"/proc/self/fd/0", "stdin"},
                                           {"/proc/self/fd/1", "stdout"},
                                           {"/proc/self/fd/2", "stderr"}};
    for (size_t i = 0; i < sizeof links / sizeof links[0]; i++) {
        char inside[64];
        snprintf(inside, sizeof inside, NEW "/dev/%s", links[i][1]);
        if (symlink(links[i][0], inside) != 0)
            return false;
    }
    return true;
}

/* A mount point of /proc/self/mountinfo, its octal escapes (\040) undone, in place. */
static void unescape(char *s)
{
    char *out = s;
    for (; *s; s++) {
        if (s[0] == '\\' && s[1] >= '0' && s[1] <= '3' && s[2] >= '0' && s[2] <= '7' &&
            s[3] >= '0' && s[3] <= '7') {
            *out++ = (char)((s[1] - '0') * 64 + (s[2] - '0') * 8 + (s[3] - '0'));
            s += 3;
        } else {
            *out++ = *s;
        }
    }
    *out = '\0';
}

/* The ids of the mounts at NEW/tmp and at the working directory, when only the writable tmpfs
 * are there (a directory shown later at the same place is a mount of its own, locked). */
static bool writable_ids(const char *cwd, long ids[2])
{
    FILE *f = fopen(OLD "/proc/self/mountinfo", "re");
    if (!f)
        return false;
    char line[4 * PATH_MAX], work[PATH_MAX + 8], point[PATH_MAX];
    snprintf(work, sizeof work, NEW "%s", cwd);
    ids[0] = ids[1] = -1;
    long id;
    int k = 0;
    while (k < 2 && fgets(line, sizeof line, f))
        if (sscanf(line, "%ld %*s %*s %*s %4095s", &id, point) == 2 &&
            (unescape(point), strcmp(point, NEW "/tmp") == 0 || strcmp(point, work) == 0))
            ids[k++] = id;
    fclose(f);
    return true;
}

/* Every mount under NEW read-only but the two writable tmpfs (ids): the submounts of the
 * machine's directories shown, /proc, /dev and the root itself. */
static bool lock_all(const long ids[2])
{
    FILE *f = fopen(OLD "/proc/self/mountinfo", "re");
    if (!f)
        return false;
    char line[4 * PATH_MAX];
    bool ok = true;
    while (ok && fgets(line, sizeof line, f)) {
        char point[PATH_MAX];
        long id;
        /* "ID PARENT MAJ:MIN ROOT MOUNTPOINT OPTIONS ..." */
        if (sscanf(line, "%ld %*s %*s %*s %4095s", &id, point) != 2)
            continue;
        unescape(point);
        if (strncmp(point, NEW, strlen(NEW)) != 0 ||
            (point[strlen(NEW)] != '/' && point[strlen(NEW)] != '\0') || id == ids[0] ||
            id == ids[1])
            continue;
        /* EINVAL: a mount another covers (a file shown inside a directory shown after it),
         * which nothing can reach */
        ok = read_only(point) || errno == EINVAL;
    }
    int saved = errno;
    fclose(f);
    errno = saved;
    return ok;
}

/* The ids: the judge's user and group are CLI_SANDBOX_ID inside (one line each: what an
 * unprivileged process may write for itself). */
static bool map_ids(const cli_sandbox_spec *spec)
{
    char map[64];
    if (!write_text("/proc/self/setgroups", "deny") && errno != ENOENT)
        return false;
    snprintf(map, sizeof map, "%d %lu 1\n", CLI_SANDBOX_ID, (unsigned long)spec->uid);
    if (!write_text("/proc/self/uid_map", map))
        return false;
    snprintf(map, sizeof map, "%d %lu 1\n", CLI_SANDBOX_ID, (unsigned long)spec->gid);
    return write_text("/proc/self/gid_map", map);
}

#define STEP(name, cond)                                                                     \
    do {                                                                                     \
        *stage = name;                                                                       \
        if (!(cond))                                                                         \
            return false;                                                                    \
    } while (0)

bool cli_sandbox_enter(const cli_sandbox_spec *spec, const char **stage)
{
    char cwd[PATH_MAX];
    STEP("getcwd", getcwd(cwd, sizeof cwd) != NULL);
    bool own_dir = strcmp(cwd, "/") != 0 && !in_system(cwd);
    size_t nshown;
    shown *shown_paths;
    STEP("find the program and its files", (shown_paths = plan_all(spec, cwd, &nshown)) != NULL);
    STEP("map the user and group ids", map_ids(spec));
    STEP("make the mounts private", mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) == 0);
    STEP("mount the staging tmpfs",
         mount("tmpfs", BASE, "tmpfs", MS_NOSUID | MS_NODEV, "mode=0755," SMALL) == 0);
    STEP("pivot to the staging tmpfs",
         chdir(BASE) == 0 && mkdir("old", 0755) == 0 && mkdir("new", 0755) == 0 &&
             syscall(SYS_pivot_root, ".", "old") == 0 && chdir("/") == 0);
    STEP("mount the root", mount("tmpfs", NEW, "tmpfs", MS_NOSUID | MS_NODEV,
                                 "mode=0755," SMALL) == 0);
    /* the writable places first: a file shown later may lie inside them */
    STEP("mount /tmp", writable("/tmp", "1777", spec->tmp_bytes));
    STEP("mount the working directory", !own_dir || writable(cwd, "0755", spec->tmp_bytes));
    long ids[2];
    STEP("read the mounts", writable_ids(cwd, ids));
    for (size_t i = 0; i < sizeof system_dirs / sizeof system_dirs[0]; i++)
        STEP("show the system directories", show_system_dir(system_dirs[i]));
    STEP("mount /proc", mkdir(NEW "/proc", 0555) == 0 &&
                            mount("proc", NEW "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC,
                                  NULL) == 0);
    STEP("make /dev", make_dev());
    for (size_t i = 0; i < nshown; i++)
        STEP("show the program and its files", show(&shown_paths[i]));
    STEP("make the system read-only", lock_all(ids));
    STEP("pivot to the root", chdir(NEW) == 0 && syscall(SYS_pivot_root, ".", ".") == 0 &&
                                  umount2(".", MNT_DETACH) == 0 && chdir(cwd) == 0);
    /* not dumpable: the program, same user, cannot trace or read the keeper's memory */
    STEP("make the keeper undumpable", prctl(PR_SET_DUMPABLE, 0, 0, 0, 0) == 0);
    return true;
}

void cli_sandbox_drop(void)
{
    prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
}

#else /* not Linux: no namespaces */

pid_t cli_sandbox_clone(void (*fn)(void *arg), void *arg)
{
    (void)fn;
    (void)arg;
    errno = ENOSYS;
    return -1;
}

bool cli_sandbox_enter(const cli_sandbox_spec *spec, const char **stage)
{
    (void)spec;
    *stage = "namespaces";
    errno = ENOSYS;
    return false;
}

void cli_sandbox_drop(void)
{
}

#endif
