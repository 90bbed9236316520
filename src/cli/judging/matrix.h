/*
 * matrix.h -- the invocation matrix of `ojdoku judge --package DIR`: every submission of a
 * Kattis or DOMjudge package (submissions/accepted, wrong_answer, time_limit_exceeded,
 * run_time_error, the folders verifyproblem reads) run on every test of data/, each run judged
 * as `ojdoku judge` judges one (cli_judge_run()), printed as a table (tests down, submissions
 * across); a submission whose verdict is not its folder's fails the run, as in verifyproblem.
 * The table and the failing cases are also what the HTML report draws (report.h).
 */
#ifndef CLI_MATRIX_H
#define CLI_MATRIX_H

#include "judging.h"

/* One run: a test and a submission. */
typedef struct cli_matrix_cell {
    cli_verdict verdict;
    double wall, cpu;
    long peak_kib;
    char message[360];
    /* a wrong answer about one case (the checker's failed case): that case's puzzle and the
     * program's grid, kept for the report's figures; NULL otherwise */
    ojd_puzzle *puzzle;
    ojd_board *grid;
} cli_matrix_cell;

/* A submission: where it is, what its folder expects, what it got. */
typedef struct cli_matrix_submission {
    char *name;               /* "wrong_answer/wa.c": its path inside submissions/ */
    char *source;             /* the file in the package */
    char *program;            /* what runs: the file, or what it compiled to */
    char *interpreter;        /* "python3", "sh" for a script; NULL for a program */
    char **argv;              /* a program named on the command line: its argv (borrowed,
                               * NULL-terminated), run as it is; NULL for a package's file */
    const char *compiler;     /* a source: what compiled it ("cc -std=gnu11 -O2"); NULL */
    char problem[360];        /* why it could not run (a compile error...); "" when it ran */
    cli_verdict expected;     /* its folder's verdict */
    cli_verdict got;          /* the first verdict not AC in test order; AC when none */
    bool ok;                  /* got == expected, and it ran */
} cli_matrix_submission;

/* A package judged: tests[t] by submissions[s] is cells[t * nsubmissions + s]. */
typedef struct cli_matrix {
    char *dir;                /* the package; for programs, the TESTS as given */
    const ojd_profile *format;
    double seconds;           /* the time limit of every run */
    size_t ntests, nsubmissions;
    char **test_names;        /* "secret/03": the path inside data/ without .in */
    char **test_inputs;       /* the files */
    char **test_answers;      /* NULL where a test has none */
    cli_matrix_submission *submissions;
    cli_matrix_cell *cells;
} cli_matrix;

/* The folders of submissions/ and the verdict each expects, as Kattis names them. */
bool cli_matrix_expected(const char *folder, cli_verdict *verdict);

/*
 * `ojdoku judge --package DIR [--report FILE]`: finds the tests and submissions of DIR, builds
 * the submissions that are sources, runs each on each test under who's limits (who->check's
 * format, or the package's own: the OJD_PROFILE of its output validator), prints the matrix
 * and the verdict of each submission against its folder, writes the HTML report to report
 * (NULL: none).  Returns the exit status: 0 every submission as its folder says, 1 not, 2 a
 * usage or I/O error.
 */
int cli_matrix_main(const cli_contestant *who, const char *dir, const char *report);

/*
 * `ojdoku judge [--report FILE] TESTS -- PROG1 [ARGS] [-- PROG2 [ARGS] ...]` with more than one
 * program or a report: the same matrix for the programs (each expected to be accepted) on the
 * tests of paths (files NAME.in, folders searched for them; the answer NAME.ans or NAME.out).
 * programs[0..nprograms) is what follows the first "--".  Exit status as cli_matrix_main().
 */
int cli_matrix_programs(const cli_contestant *who, char **paths, int npaths, int nprograms,
                        char **programs, const char *report);

void cli_matrix_free(cli_matrix *m);

#endif
