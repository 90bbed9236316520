/*
 * sandbox.h -- the namespaces a judged program runs in (Linux; `ojdoku judge`, issue #45).  The
 * run's keeper is cloned into new user, mount, PID, network and IPC namespaces, PID 1 there, and
 * pivots into a root built for the program: system directories and the program's files
 * read-only, its own /proc, harmless devices, a private writable working directory and /tmp.
 * One id is mapped (CLI_SANDBOX_ID, not root: no capability across execve); the keeper is not
 * dumpable.  No seccomp, no cgroup.  What it keeps out: docs/judge.md, "The sandbox".  Only the
 * launcher and the keepers call it.
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
