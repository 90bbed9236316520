/*
 * sandbox.h -- the namespaces a judged program runs in (Linux; `ojdoku judge`, issue #45).  The
 * run's keeper is cloned into new user, mount, PID, network and IPC namespaces, so it is PID 1
 * there: the program, its children and whatever they start cannot see, signal or trace a
 * process outside, and all of them die with the keeper.  The keeper then builds a root for the
 * program and pivots into it: the system directories (/usr, /bin, /lib..., /etc) read-only, a
 * /proc of the new PID namespace, /dev's harmless devices, the program's file and the files
 * its command line names (read-only, at the paths given), and two private, empty, writable
 * tmpfs: the working directory (at the judge's path, so relative names resolve) and /tmp.
 * Nothing else of the machine is there: not the tests, not the setter's folders, not the
 * network (the new network namespace has only a loopback, down).  Everything the program
 * writes goes with the namespace when the run ends.
 *
 * The user namespace maps one id: the judge's user and group are CLI_SANDBOX_ID inside, not
 * root, so the program keeps no capability across execve (not even in its own namespaces),
 * and the keeper is not dumpable, so it cannot be traced.  No seccomp filter, no cgroup.
 *
 * Command-line code, like run.c: only the launcher and the keepers call it.
 */
#ifndef CLI_SANDBOX_H
#define CLI_SANDBOX_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#define CLI_SANDBOX_ID 1000   /* the program's uid and gid inside */

/* What the root of one run shows. */
typedef struct cli_sandbox_spec {
    uid_t uid;                /* the launcher's, outside */
    gid_t gid;
    const char *path;         /* the program's file, as the judge resolved it */
    char *const *argv;        /* each word that names a regular file shows that file */
    char *const *shown;       /* files and directories shown (judge --show), NULL-ended */
    size_t tmp_bytes;         /* the size of /tmp and of the working directory, each */
} cli_sandbox_spec;

/*
 * Runs fn(arg) in a child cloned into new user, mount, PID, network and IPC namespaces (PID 1
 * there), as fork() would otherwise; the child ends with fn's _exit.  The child's pid, or -1
 * with errno set (EPERM, EINVAL, ENOSPC: the kernel or a container forbids them).
 */
pid_t cli_sandbox_clone(void (*fn)(void *arg), void *arg);

/*
 * In a child of cli_sandbox_clone(), before it forks the program: maps the ids, builds the
 * root of spec and pivots into it (the working directory is then the private one).  true, or
 * false with errno set and *stage naming the step that failed ("mount /proc").
 */
bool cli_sandbox_enter(const cli_sandbox_spec *spec, const char **stage);

/* In the program's child, before execve: no new privileges (set-user-ID files stay inert). */
void cli_sandbox_drop(void);

#endif
