/*
 * cmd_judge.c -- `ojdoku judge`: a local judge.  Runs a contestant's program on every test (files
 * and directories of NAME.in, or tests generated on the fly), judges each run (judging.c: the
 * runner's limits, then the library's checker) and prints one line per test, the side-by-side
 * view of a wrong case, and a summary; or JSON lines for scripts.
 *
 * Tests are found before anything runs, so every name is known (for the column width) and the
 * order is fixed: the order of the TESTS arguments, and inside a directory the natural order of
 * the names (numbers by value: 2 before 10).  With -j N the runs go to a pool of N threads and
 * come back in that order (jobs.h), and this thread alone prints: the report is the same for
 * every N, but for the measured times and memory.  The progress line (stderr, a terminal only)
 * is erased before every report line, so the two never mix on one screen.
 */
#include "cli.h"
#include "cli/batch/testdata.h"
#include "cli/judging/explain.h"
#include "cli/batch/jobs.h"
#include "cli/judging/judging.h"
#include "cli/judging/matrix.h"
#include "cli/batch/progress.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define MAX_JOBS 256
#define MAX_SHOWN 32             /* --show, at most this many times */
#define MAX_DEPTH 16             /* directories inside directories, at most */
#define STDERR_LINES 5           /* lines of a program's stderr in the text report */
#define INDENT "      "          /* under a report line: the view, stderr */

static void judge_usage(FILE *out)
{
    /* two strings: ISO C asks a compiler for 4095 bytes of one literal, not more; the first is
     * flushed on its own, since a failed write inside the second fputs would lose its errno */
    static const char first[] =
          "Usage: ojdoku judge [OPTIONS] TESTS... -- CMD [ARGS...]\n"
          "       ojdoku judge [OPTIONS] --generate=N -- CMD [ARGS...]\n"
          "Run the program CMD (executed directly, no shell) once per test with the\n"
          "test's input on its standard input, and judge what it prints as 'ojdoku check'\n"
          "does, in the profile of --format.  TESTS are files or directories, searched\n"
          "recursively: a test is NAME.in, with the jury's answer in NAME.ans or NAME.out\n"
          "if there is one (oj's test/, DOMjudge's data/sample and data/secret), or a\n"
          "file named by digits with its answer in NAME.a (Polygon's tests/).  Tests run\n"
          "in name order, numbers by value; a test is named by its path inside the\n"
          "directory given, without .in.\n"
          "\n"
          "One line per test (its CPU time, its peak memory), then a summary:\n"
          "  WA  test 07   0.12 s     3.1 MiB  case 3: column 4 repeats 7\n"
          "A wrong case is shown side by side (the puzzle, the program's grid, a correct\n"
          "solution, the fault marked), and the first lines the program wrote on stderr\n"
          "follow any test that failed.  Verdicts: AC, WA, PE (--strict), RE (killed by a\n"
          "signal, or a non-zero exit), TLE, MLE, OLE, FAIL (the test itself is bad).\n"
          "\n"
          "Options:\n"
          "  -f, --format=NAME   judge profile NAME ('ojdoku formats'; default: mirror\n"
          "                      each input); json: the report as JSON lines, one per\n"
          "                      test and a summary (given with a profile, both apply)\n"
          "      --tl=SECONDS    CPU time limit per test, all its processes (default 2);\n"
          "                      a run is also stopped at 5 x SECONDS + 2 of wall-clock\n"
          "                      time (TLE, 'idle' when it used little CPU)\n"
          "      --ml=MIB        memory limit: the address space, in MiB (default none);\n"
          "                      a run that fails under it and not with more room is MLE\n"
          "      --ol=MIB        output limit in MiB (default 64)\n"
          "      --strict        the profile's exact framing, byte for byte (else PE)\n"
          "  -j, --jobs=N        run N tests at once (0: one per processor; default 1;\n"
          "                      more than the processors is capped, with a warning);\n"
          "                      the report stays the same\n"
          "      --no-sandbox    run the program as the judge's user, with its files and\n"
          "                      network (default: in namespaces of its own, seeing only\n"
          "                      the system, its own files, a private working directory\n"
          "                      and /tmp; see docs/judge.md)\n"
          "      --show=PATH     let the sandboxed program see the file or directory PATH\n"
          "                      too, read-only (a script's helpers, a class path)\n"
          "  -q, --quiet         no progress line on a terminal\n";
    static const char second[] =
          "      --package=DIR   no TESTS, no program: run every submission of the Kattis\n"
          "                      or DOMjudge package DIR (submissions/accepted,\n"
          "                      wrong_answer, time_limit_exceeded, run_time_error) on\n"
          "                      every test of its data/ and print the matrix; exit 1\n"
          "                      when a submission's verdict (its first not AC) is not\n"
          "                      its folder's\n"
          "      --report=FILE   the matrix, the times and each failing run (figures of a\n"
          "                      wrong case, the command to reproduce it) as one\n"
          "                      self-contained HTML file; with TESTS, the report of the\n"
          "                      program, or of several: TESTS -- CMD1 ... -- CMD2 ...\n"
          "                      print the same matrix, each expected to be accepted\n"
          "  -h, --help          print this help and exit\n"
          "\n"
          "Tests made on the fly (instead of TESTS), the same for the same seed:\n"
          "      --generate=N    N tests in the profile's input format\n"
          "      --cases=K       puzzles per test (default 10)\n"
          "      --seed=S        a number (default: from the clock, named on stderr)\n"
          "      --side, --box, --difficulty, --clues, --minimal, --symmetry, --solved,\n"
          "      --kinds, --mix, --solutions, --conflict-unit, --edge, --hard-for,\n"
          "      --variant,\n"
          "      --attempts      as for 'ojdoku generate' (test T is what 'ojdoku generate\n"
          "                      -n K' writes with the test's own seed)\n"
          "      --dir=DIR       keep them: DIR/NAME.in and DIR/NAME.ans, which 'ojdoku\n"
          "                      judge DIR' reads back\n"
          "\n"
          "Exit status: 0 every test AC; 1 some test not, or SIGTERM (SIGINT, SIGHUP)\n"
          "stopped the judging (the report of the tests judged is printed); 2 usage or\n"
          "I/O error.\n"
          "\n"
          "Examples:\n"
          "  ojdoku judge --format poj2676 --tl 1 tests/ -- ./sol\n"
          "  ojdoku judge --format hdu1426 --generate 20 --seed 1 -j 2 -- python3 sol.py\n";
    fputs(first, out);
    if (out == stdout)
        cli_flush_stdout(NULL); /* a write error's errno, kept for the report at exit */
    fputs(second, out);
}

/* ---- options --------------------------------------------------------------------------------- */

typedef struct judge_args {
    cli_contestant who;
    bool json;                /* --format json: the report as JSON lines */
    bool quiet;
    size_t jobs;
    /* --generate */
    unsigned long generate;   /* tests to make, 0 = read TESTS */
    cli_testdata make;        /* --seed, --side, --kinds, ...: the test-data options */
    unsigned long cases;      /* --cases: puzzles per test */
    bool cases_given;
    const char *dir;          /* --dir: where generated tests are kept, NULL = nowhere */
    char *shown[MAX_SHOWN + 1]; /* --show PATH: NULL-ended */
    int nshown;
    const char *package;      /* --package: the invocation matrix of a package (matrix.h) */
    const char *report;       /* --report: its HTML report */
    /* TESTS */
    char **paths;
    int npaths;
} judge_args;

/* Parses the options before "--"; returns -1 to go on, else the exit status. */
static int judge_options(int argc, char **argv, judge_args *a)
{
    static const struct option longs[] = {
        {"format", required_argument, NULL, 'f'},   {"tl", required_argument, NULL, 'T'},
        {"ml", required_argument, NULL, 'M'},       {"ol", required_argument, NULL, 'O'},
        {"strict", no_argument, NULL, 'S'},         {"jobs", required_argument, NULL, 'j'},
        {"quiet", no_argument, NULL, 'q'},          {"help", no_argument, NULL, 'h'},
        {"generate", required_argument, NULL, 'g'}, {"cases", required_argument, NULL, 'c'},
        {"dir", required_argument, NULL, 'D'},      {"no-sandbox", no_argument, NULL, 'N'},
        {"show", required_argument, NULL, 'W'},     {"package", required_argument, NULL, 0x200},
        {"report", required_argument, NULL, 0x201}, CLI_TESTDATA_OPTIONS,
        {NULL, 0, NULL, 0},
    };
    unsigned long long n;
    int c;
    char why[CLI_MESSAGE_SIZE];
    opterr = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, ":f:j:qh", longs, NULL)) != -1) {
        int shared = cli_contestant_option("judge", c, optarg, &a->who); /* --tl, --ml, ... */
        if (shared == 0)
            shared = cli_testdata_option("judge", c, optarg, &a->make);
        if (shared == 0 && c == 'c')
            shared = cli_cases_option("judge", optarg, &a->cases, &a->cases_given);
        if (shared < 0)
            return CLI_EXIT_USAGE;
        if (shared > 0)
            continue;
        switch (c) {
        case 'f':
            if (strcmp(optarg, "json") == 0) {
                a->json = true;
                break;
            }
            a->who.check.format = cli_find_format(optarg, why, sizeof why);
            if (!a->who.check.format) {
                cli_fail("judge: %s", why);
                return CLI_EXIT_USAGE;
            }
            break;
        case 'j':
            if (!cli_parse_jobs("judge", optarg, MAX_JOBS, &a->jobs))
                return CLI_EXIT_USAGE;
            break;
        case 'q':
            a->quiet = true;
            break;
        case 'g':
            if (!cli_parse_number(optarg, 1000000ULL, &n) || n == 0) {
                cli_fail("judge: --generate wants a number of tests from 1 to 1000000, "
                             "not '%s'", optarg);
                return CLI_EXIT_USAGE;
            }
            a->generate = (unsigned long)n;
            break;
        case 'D':
            a->dir = optarg;
            break;
        case 'N':
            a->who.sandbox = false;
            break;
        case 'W':
            if (a->nshown == MAX_SHOWN) {
                cli_fail("judge: --show at most %d times", MAX_SHOWN);
                return CLI_EXIT_USAGE;
            }
            a->shown[a->nshown++] = optarg;
            a->who.shown = a->shown;
            break;
        case 0x200:
            a->package = optarg;
            break;
        case 0x201:
            a->report = optarg;
            break;
        case 'h':
            judge_usage(stdout);
            return CLI_EXIT_OK;
        case ':':
        default:
            return cli_option_error("judge", longs, c, optopt, optind, argv);
        }
    }
    a->paths = argv + optind;
    a->npaths = argc - optind;
    return -1;
}

/* The checks between options; -1 to go on, else the exit status. */
static int judge_validate(judge_args *a)
{
    const ojd_profile *f = a->who.check.format;
    if (a->generate && a->npaths > 0) {
        cli_fail("judge: --generate makes the tests: no TESTS with it ('%s')", a->paths[0]);
        return CLI_EXIT_USAGE;
    }
    if (!a->generate && a->npaths == 0) {
        cli_fail("judge: no tests: name TESTS before '--', or --generate N");
        return CLI_EXIT_USAGE;
    }
    if (!a->generate && (a->make.named || a->cases_given || a->dir)) {
        cli_fail("judge: --cases, --dir and the options of test data (--seed, --side, --kinds, "
                 "...) are for the tests of --generate, which is missing");
        return CLI_EXIT_USAGE;
    }
    if (!a->generate)
        return -1;
    if (!cli_testdata_settle("judge", f, &a->make) ||
        !cli_testdata_fit_cases("judge", &a->make, &a->cases, a->cases_given))
        return CLI_EXIT_USAGE;
    a->who.check.units = a->make.opt.units; /* the checker judges by the variant's units */
    /* a --dir that cannot hold the tests is an error before the first run, not after */
    if (a->dir && ((mkdir(a->dir, 0777) != 0 && errno != EEXIST) || access(a->dir, W_OK) != 0)) {
        cli_fail("judge: --dir: cannot write in %s: %s", a->dir, strerror(errno));
        return CLI_EXIT_USAGE;
    }
    return -1;
}

/* ---- tests ----------------------------------------------------------------------------------- */

typedef struct test {
    char *name;
    char *input;              /* the input file, NULL for a generated test */
    char *answer;             /* the jury's answer file, NULL for none */
} test;

typedef struct test_list {
    test *items;
    size_t n, cap;
} test_list;

static void tests_free(test_list *l)
{
    for (size_t i = 0; i < l->n; i++) {
        free(l->items[i].name);
        free(l->items[i].input);
        free(l->items[i].answer);
    }
    free(l->items);
    l->items = NULL;
    l->n = l->cap = 0;
}

/* a + "/" + b (no "/" when a is empty or ends with one). */
static char *path_join(const char *a, const char *b)
{
    size_t na = strlen(a), nb = strlen(b);
    bool slash = na > 0 && a[na - 1] != '/';
    char *p = malloc(na + slash + nb + 1);
    if (p) {
        memcpy(p, a, na);
        if (slash)
            p[na] = '/';
        memcpy(p + na + slash, b, nb + 1);
    }
    return p;
}

static bool is_file(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

static bool ends_with(const char *s, const char *tail)
{
    size_t n = strlen(s), k = strlen(tail);
    return n >= k && strcmp(s + n - k, tail) == 0;
}

/* Polygon names its tests by number alone: "01", "12". */
static bool all_digits(const char *s)
{
    return *s && strspn(s, "0123456789") == strlen(s);
}

/* The answer file of an input (see the usage), or NULL; *nomem set when memory ran out. */
static char *answer_of(const char *input, bool *nomem)
{
    const char *base = strrchr(input, '/');
    base = base ? base + 1 : input;
    static const char *const tails[] = {".ans", ".out"};
    if (ends_with(input, ".in")) {
        size_t stem = strlen(input) - 3;
        for (size_t k = 0; k < 2; k++) {
            char *p = malloc(stem + 5);
            if (!p) {
                *nomem = true;
                return NULL;
            }
            memcpy(p, input, stem);
            strcpy(p + stem, tails[k]);
            if (is_file(p))
                return p;
            free(p);
        }
        return NULL;
    }
    if (all_digits(base)) {
        char *p = malloc(strlen(input) + 3);
        if (!p) {
            *nomem = true;
            return NULL;
        }
        sprintf(p, "%s.a", input);
        if (is_file(p))
            return p;
        free(p);
    }
    return NULL;
}

/* Adds a test: input is its file, name its name (with ".in" cut off).  false when memory ran
 * out. */
static bool add_test(test_list *l, const char *input, const char *name)
{
    if (l->n == l->cap) {
        size_t cap = l->cap ? l->cap * 2 : 16;
        test *items = realloc(l->items, cap * sizeof *items);
        if (!items)
            return false;
        l->items = items;
        l->cap = cap;
    }
    size_t n = strlen(name);
    if (ends_with(name, ".in"))
        n -= 3;
    bool nomem = false;
    test t = {.name = strndup(name, n), .input = strdup(input),
              .answer = answer_of(input, &nomem)};
    if (!t.name || !t.input || nomem) {
        free(t.name);
        free(t.input);
        free(t.answer);
        return false;
    }
    l->items[l->n++] = t;
    return true;
}

static int test_order(const void *x, const void *y)
{
    return cli_natural_compare(((const test *)x)->name, ((const test *)y)->name);
}

/* The directories from the argument down to the one being walked, by device and inode: a
 * directory met again on its own path is a link back up (a loop), which is not followed. */
typedef struct visit {
    dev_t dev;
    ino_t ino;
    const struct visit *up;
} visit;

static const visit *visited(const visit *v, const struct stat *st)
{
    for (; v; v = v->up)
        if (v->dev == st->st_dev && v->ino == st->st_ino)
            return v;
    return NULL;
}

/* Adds the tests under directory dir (its path rel inside the argument, "" at the top; prefix
 * goes before every name; path: the directories above it, dir's own included).  false on an
 * error, reported. */
static bool walk(test_list *l, const char *dir, const char *rel, const char *prefix, int depth,
                 const visit *path_up)
{
    DIR *d = opendir(dir);
    if (!d) {
        cli_fail("judge: %s: %s", dir, strerror(errno));
        return false;
    }
    bool ok = true;
    struct dirent *e;
    while (ok && (errno = 0, e = readdir(d)) != NULL) {
        const char *leaf = e->d_name;
        if (leaf[0] == '.') /* ".", "..", and hidden files */
            continue;
        char *path = path_join(dir, leaf), *sub = path_join(rel, leaf);
        char *name = sub ? path_join(prefix, sub) : NULL;
        struct stat st;
        if (!path || !sub || !name) {
            cli_fail("judge: out of memory");
            ok = false;
        } else if (stat(path, &st) != 0) {
            ; /* a dangling link, or gone since: not a test */
        } else if (S_ISDIR(st.st_mode)) {
            visit here = {st.st_dev, st.st_ino, path_up};
            if (visited(path_up, &st)) {
                /* a link back to a directory above: the tests there are judged once */
                cli_fail("judge: %s: a link back to a directory above it (a loop): not followed",
                         path);
            } else if (depth >= MAX_DEPTH) {
                cli_fail("judge: %s: directories nested deeper than %d", path, MAX_DEPTH);
                ok = false;
            } else {
                ok = walk(l, path, sub, prefix, depth + 1, &here);
            }
        } else if (S_ISREG(st.st_mode) && (ends_with(leaf, ".in") || all_digits(leaf))) {
            if (!add_test(l, path, name)) {
                cli_fail("judge: out of memory");
                ok = false;
            }
        }
        free(path);
        free(sub);
        free(name);
    }
    if (ok && errno) {
        cli_fail("judge: %s: %s", dir, strerror(errno));
        ok = false;
    }
    closedir(d);
    return ok;
}

/* Finds the tests of the TESTS arguments, each argument's sorted.  false on an error. */
static bool find_tests(test_list *l, char **paths, int npaths)
{
    for (int i = 0; i < npaths; i++) {
        struct stat st;
        if (stat(paths[i], &st) != 0) {
            cli_fail("judge: %s: %s", paths[i], strerror(errno));
            return false;
        }
        size_t first = l->n;
        if (S_ISDIR(st.st_mode)) {
            /* names are paths inside the directory; with several arguments, the argument too */
            visit top = {st.st_dev, st.st_ino, NULL};
            if (!walk(l, paths[i], "", npaths > 1 ? paths[i] : "", 0, &top))
                return false;
            if (l->n == first) {
                cli_fail("judge: %s: no tests in it (NAME.in, or Polygon's 01, 02, ...)",
                             paths[i]);
                return false;
            }
        } else if (!add_test(l, paths[i], paths[i])) {
            cli_fail("judge: out of memory");
            return false;
        }
        qsort(l->items + first, l->n - first, sizeof *l->items, test_order);
    }
    return true;
}

/* Names "01".."N" for generated tests, at least two digits. */
static bool generated_tests(test_list *l, unsigned long n)
{
    int width = 2;
    for (unsigned long k = n; k >= 100; k /= 10)
        width++;
    l->items = calloc(n, sizeof *l->items);
    if (!l->items)
        return false;
    l->cap = n;
    for (unsigned long i = 0; i < n; i++) {
        char digits[24], name[48];
        int len = snprintf(digits, sizeof digits, "%lu", i + 1);
        int zeros = width > len ? width - len : 0;
        memset(name, '0', (size_t)zeros);
        memcpy(name + zeros, digits, (size_t)len + 1);
        l->items[i].name = strdup(name);
        if (!l->items[i].name)
            return false;
        l->n++;
    }
    return true;
}

/* The whole file at path, malloc'd (NUL-terminated), *len its size; NULL with errno set. */
static char *read_file(const char *path, size_t *len)
{
    FILE *f = cli_open_input(path, NULL);
    if (!f)
        return NULL;
    size_t cap = 65536, n = 0;
    char *buf = malloc(cap);
    while (buf) {
        if (n == cap - 1) {
            char *more = cap > SIZE_MAX / 2 ? NULL : realloc(buf, cap * 2);
            if (!more) {
                free(buf);
                buf = NULL;
                errno = ENOMEM;
                break;
            }
            buf = more;
            cap *= 2;
        }
        size_t got = fread(buf + n, 1, cap - 1 - n, f);
        n += got;
        if (got == 0) {
            if (ferror(f)) {
                int e = errno ? errno : EIO;
                free(buf);
                buf = NULL;
                errno = e;
            }
            break;
        }
    }
    cli_close_input(f);
    if (buf) {
        buf[n] = '\0';
        *len = n;
    }
    return buf;
}

/* ---- running --------------------------------------------------------------------------------- */

/* One test between its preparation and its line in the report. */
typedef struct task {
    size_t index;
    char *input, *answer;
    size_t input_len, answer_len;
    char problem[sizeof ((cli_judgement *)0)->message]; /* the test could not be prepared:
                                                          * FAIL with this message */
    bool io_error;            /* ... because a file could not be read (exit 2) */
    cli_judgement j;
} task;

/* A generated test, made before the first run: its input, or why it could not be made. */
typedef struct made_test {
    char *input;
    size_t input_len;
    char *problem;            /* malloc'd, NULL when the test was made */
    bool io_error;
} made_test;

typedef struct judge_run {
    judge_args *a;
    test_list tests;
    made_test *made;          /* --generate: every test, made before the first run */
    int name_width;
    bool colour;
    /* generated tests */
    cli_case_maker *maker;
    unsigned long missed;
    /* counts */
    unsigned long verdicts[CLI_VERDICT_COUNT_];
    size_t first_failed;      /* 1 + the index of the first test not AC, 0 while none */
    double max_cpu;
    size_t max_cpu_at;
    long max_kib;
    size_t max_kib_at;
    bool io_error;
    /* the progress line */
    bool progress;
    double start, last_draw;
    size_t shown;
    size_t done;
} judge_run;

static void run_task(void *worker, void *p)
{
    const judge_run *run = worker;
    task *t = p;
    if (t->problem[0])
        return;
    cli_judge_run(&run->a->who, t->input, t->input_len, t->answer, t->answer_len, &t->j);
}

/* --dir: a generated test is kept as NAME.in and NAME.ans (the answer `ojdoku solve --format
 * NAME` gives, as `generate --answers` writes it), the layout find_tests() reads back; a failure
 * is the test's problem. */
static void keep_test(judge_run *run, const char *name, task *t, char *answer, size_t answer_len)
{
    const char *dir = run->a->dir;
    char file[PATH_MAX];
    snprintf(file, sizeof file, "%s.in", name);
    bool ok = cli_write_in_dir(dir, file, t->input, t->input_len, NULL);
    snprintf(file, sizeof file, "%s.ans", name);
    ok = ok && (!answer || cli_write_in_dir(dir, file, answer, answer_len, NULL));
    if (!ok) {
        snprintf(t->problem, sizeof t->problem, "cannot keep the test in %s: %s", dir,
                 strerror(errno));
        t->io_error = true;
    }
    free(answer);
}

/* Makes generated test i into t: its input, and with --dir its files (the input and the answer
 * `ojdoku solve` gives). */
static void make_test(judge_run *run, size_t i, task *t)
{
    memset(t, 0, sizeof *t);
    t->index = i;
    const test *te = &run->tests.items[i];
    /* test i is what `ojdoku generate --seed SEED_i -n CASES` writes, SEED_i its own seed */
    judge_args *a = run->a;
    char *answer = NULL;
    size_t answer_len = 0;
    ojd_status st = cli_test_make(run->maker, &a->make, cli_test_seed(a->make.seed, i + 1),
                                  a->cases, a->dir != NULL, &t->input, &t->input_len,
                                  a->dir ? &answer : NULL, &answer_len, NULL, NULL,
                                  &run->missed);
    if (st != OJD_OK)
        snprintf(t->problem, sizeof t->problem, "cannot make the test: %s%s", ojd_strerror(st),
                 st == OJD_ERR_INVALID ? " (a bug: please report it with the seed)" : "");
    else if (a->dir)
        keep_test(run, te->name, t, answer, answer_len);
}

/* --generate: every test is made (and kept, with --dir) before the first run, so that the
 * generator, --hard-for's search above all, never shares the machine with a timed program.
 * false when memory runs out. */
static bool make_all(judge_run *run)
{
    size_t n = run->tests.n;
    run->made = calloc(n ? n : 1, sizeof *run->made);
    task *t = malloc(sizeof *t);
    bool ok = run->made && t;
    for (size_t i = 0; ok && i < n && !cli_run_stopping(); i++) {
        make_test(run, i, t);
        made_test *m = &run->made[i];
        *m = (made_test){.input = t->input, .input_len = t->input_len, .io_error = t->io_error};
        if (t->problem[0] && !(m->problem = strdup(t->problem)))
            ok = false;
    }
    free(t);
    return ok;
}

static void made_free(judge_run *run)
{
    for (size_t i = 0; run->made && i < run->tests.n; i++) {
        free(run->made[i].input);
        free(run->made[i].problem);
    }
    free(run->made);
    run->made = NULL;
}

/* Reads the input of test i into t, or takes the one made for it. */
static void prepare(judge_run *run, size_t i, task *t)
{
    memset(t, 0, sizeof *t);
    t->index = i;
    const test *te = &run->tests.items[i];
    if (run->made) {
        made_test *m = &run->made[i];
        t->input = m->input;
        t->input_len = m->input_len;
        t->io_error = m->io_error;
        if (m->problem)
            snprintf(t->problem, sizeof t->problem, "%s", m->problem);
        free(m->problem);
        *m = (made_test){0};
        return;
    }
    if (te->input) {
        t->input = read_file(te->input, &t->input_len);
        if (!t->input) {
            snprintf(t->problem, sizeof t->problem, "cannot read %s: %s", te->input,
                     strerror(errno));
            t->io_error = true;
            return;
        }
        /* an input the statement does not allow is FAIL whatever the program would do */
        if (!cli_input_allowed(run->a->who.check.format, t->input, t->input_len, t->problem,
                               sizeof t->problem))
            return;
        if (te->answer) {
            t->answer = read_file(te->answer, &t->answer_len);
            if (!t->answer) {
                snprintf(t->problem, sizeof t->problem, "cannot read %s: %s", te->answer,
                         strerror(errno));
                t->io_error = true;
            }
        }
    }
}

static void task_free(task *t)
{
    free(t->input);
    free(t->answer);
    cli_judgement_free(&t->j);
}

/* ---- the report ------------------------------------------------------------------------------ */

static void progress_clear(judge_run *run)
{
    if (!run->shown)
        return;
    fprintf(stderr, "\r%*s\r", (int)run->shown, "");
    fflush(stderr);
    run->shown = 0;
}

/* Redraws the progress line when it is due ("ojdoku: judge: 4/12 tests, 1 failed, 3.2 s"). */
static void progress_draw(judge_run *run)
{
    if (!run->progress)
        return;
    double now = cli_progress_clock();
    if (!cli_progress_due(now - run->start, run->last_draw > 0 ? now - run->last_draw : -1))
        return;
    unsigned long failed = (unsigned long)run->done - run->verdicts[CLI_AC];
    char line[120];
    int n = snprintf(line, sizeof line, "ojdoku: judge: %zu/%zu tests, %lu failed, %.1f s",
                     run->done, run->tests.n, failed, now - run->start);
    if (n < 0)
        return;
    fprintf(stderr, "\r%s%*s", line, run->shown > (size_t)n ? (int)(run->shown - (size_t)n) : 0,
            "");
    fflush(stderr);
    run->shown = (size_t)n > run->shown ? (size_t)n : run->shown;
    run->last_draw = now;
}

/* The judgement of a task that could not be prepared. */
static void prepared_badly(task *t)
{
    memset(&t->j, 0, sizeof t->j);
    t->j.verdict = CLI_FAIL;
    snprintf(t->j.message, sizeof t->j.message, "%s", t->problem);
}

/* A test's name as the text report shows it: a file name may hold any byte but '/' and NUL,
 * and a newline or an escape byte in it would split or colour the report, so control bytes are
 * shown as '?', as a program's stderr is (the same length: the columns stay aligned).  The JSON
 * report escapes names instead. */
static const char *shown_name(const char *name, char *buf, size_t size)
{
    size_t k = 0;
    for (; name[k] && k + 1 < size; k++)
        buf[k] = (unsigned char)name[k] < 0x20 || name[k] == 0x7f ? '?' : name[k];
    buf[k] = '\0';
    return buf;
}

static void report_text(judge_run *run, const task *t)
{
    const cli_judgement *j = &t->j;
    char shown[PATH_MAX];
    const char *name = shown_name(run->tests.items[t->index].name, shown, sizeof shown);
    const char *on = run->colour ? cli_verdict_colour(j->verdict) : "";
    printf("%s%-3s%s test %-*s %6.2f s %8.1f MiB  %s\n", on, cli_verdict_name(j->verdict),
           run->colour ? CLI_COLOUR_OFF : "", run->name_width, name, j->cpu,
           (double)j->peak_kib / 1024.0, j->message);
    if (j->verdict == CLI_WA && j->checked)
        cli_explain(stdout, &j->report, run->a->who.check.format, false, run->colour, INDENT);
    if (j->verdict != CLI_AC)
        cli_print_stderr(stdout, &j->run, INDENT, STDERR_LINES);
}

static void report_json(judge_run *run, const task *t)
{
    const cli_judgement *j = &t->j;
    const char *name = run->tests.items[t->index].name;
    printf("{\"test\":");
    cli_json_string(stdout, name, strlen(name));
    printf(",\"verdict\":\"%s\",\"wall_seconds\":%.3f,\"cpu_seconds\":%.3f,\"memory_kib\":%ld,"
           "\"message\":", cli_verdict_name(j->verdict), j->wall, j->cpu, j->peak_kib);
    cli_json_string(stdout, j->message, strlen(j->message));
    if (j->checked && j->report.failed_case)
        printf(",\"case\":%lu", j->report.failed_case);
    else
        printf(",\"case\":null");
    if (j->run.end == CLI_RUN_EXITED && !t->problem[0])
        printf(",\"exit_code\":%d,\"signal\":null", j->run.exit_code);
    else if (j->run.end == CLI_RUN_SIGNALED) {
        char buf[32];
        printf(",\"exit_code\":null,\"signal\":\"%s\"",
               cli_run_signal_name(j->run.signal, buf, sizeof buf));
    } else {
        printf(",\"exit_code\":null,\"signal\":null");
    }
    printf(",\"stderr\":");
    cli_json_string(stdout, j->run.err ? j->run.err : "", j->run.err_len);
    printf("}\n");
}

/* Prints a finished task and counts it; one the judge's end stopped is neither. */
static void report(judge_run *run, task *t)
{
    if (t->j.cancelled)
        return;
    if (t->problem[0])
        prepared_badly(t);
    if (t->io_error)
        run->io_error = true;
    const cli_judgement *j = &t->j;
    run->verdicts[j->verdict]++;
    if (j->verdict != CLI_AC && !run->first_failed)
        run->first_failed = t->index + 1;
    if (run->done == 0 || j->cpu > run->max_cpu) {
        run->max_cpu = j->cpu;
        run->max_cpu_at = t->index;
    }
    if (run->done == 0 || j->peak_kib > run->max_kib) {
        run->max_kib = j->peak_kib;
        run->max_kib_at = t->index;
    }
    run->done++;
    progress_clear(run);
    if (run->a->json)
        report_json(run, t);
    else
        report_text(run, t);
    cli_flush_stdout(NULL); /* a test at a time; a failure is kept for the end */
    progress_draw(run);
}

/* SIGTERM, SIGINT or SIGHUP: the judging stops, and the report of what was judged is printed
 * (see judge_all()); a second such signal ends the judge at once (the default disposition). */
static volatile sig_atomic_t caught_signal;

static void on_signal(int sig)
{
    caught_signal = sig;
    cli_run_stop_all();
    signal(sig, SIG_DFL);
}

static void catch_signals(void)
{
    static const int signals[] = {SIGTERM, SIGINT, SIGHUP};
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sa.sa_flags = SA_RESTART;
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < sizeof signals / sizeof signals[0]; i++)
        sigaction(signals[i], &sa, NULL);
}

static const char *caught_name(void)
{
    return caught_signal == SIGTERM ? "SIGTERM" : caught_signal == SIGINT ? "SIGINT" : "SIGHUP";
}

static void summary(judge_run *run)
{
    size_t n = run->done; /* all the tests, unless a signal stopped the judging */
    if (run->a->json) {
        printf("{\"tests\":%zu,\"verdicts\":{", n);
        const char *sep = "";
        for (int v = 0; v < CLI_VERDICT_COUNT_; v++)
            if (run->verdicts[v]) {
                printf("%s\"%s\":%lu", sep, cli_verdict_name((cli_verdict)v), run->verdicts[v]);
                sep = ",";
            }
        printf("},\"all_accepted\":%s", run->verdicts[CLI_AC] == run->tests.n ? "true" : "false");
        if (caught_signal)
            printf(",\"stopped_by\":\"%s\",\"tests_planned\":%zu", caught_name(), run->tests.n);
        printf("}\n");
        return;
    }
    if (caught_signal)
        printf("judging stopped by %s: %zu of %zu tests judged\n", caught_name(), n,
               run->tests.n);
    if (n == 0)
        return;
    printf("%zu test%s:", n, n == 1 ? "" : "s");
    const char *sep = " ";
    for (int v = 0; v < CLI_VERDICT_COUNT_; v++)
        if (run->verdicts[v]) {
            printf("%s%lu %s", sep, run->verdicts[v], cli_verdict_name((cli_verdict)v));
            sep = ", ";
        }
    char slowest[PATH_MAX], largest[PATH_MAX];
    printf("; slowest %.2f s (test %s), most memory %.1f MiB (test %s)\n", run->max_cpu,
           shown_name(run->tests.items[run->max_cpu_at].name, slowest, sizeof slowest),
           (double)run->max_kib / 1024.0,
           shown_name(run->tests.items[run->max_kib_at].name, largest, sizeof largest));
    /* generated tests: where they are, or how to have them, so a failure can be judged again */
    const judge_args *a = run->a;
    if (a->generate && a->dir)
        printf("tests kept in %s: NAME.in and NAME.ans ('ojdoku judge ... %s -- ...' judges "
               "them again)\n", a->dir, a->dir);
    else if (a->generate && run->verdicts[CLI_AC] != n)
        printf("the tests are not kept: --seed %llu with --dir DIR writes them again\n",
               a->make.seed);
    /* a generated test is what generate writes with the test's own seed: the first failure
     * alone, for the setter who keeps it */
    if (a->generate && run->first_failed) {
        size_t i = run->first_failed - 1;
        printf("test %s alone:   ojdoku generate --format %s --seed %llu -n %lu",
               run->tests.items[i].name, ojd_profile_name(a->make.writes),
               cli_test_seed(a->make.seed, (unsigned long)i + 1), a->cases);
        cli_testdata_put_options(stdout, &a->make);
        printf("\n");
    }
}

/* Runs every test through the pool, printing them in order. */
static bool judge_all(judge_run *run, size_t threads)
{
    size_t window = threads * 2;
    task *tasks = calloc(window, sizeof *tasks);
    void *worker = run;
    void **workers = malloc(threads * sizeof *workers);
    cli_pool *pool = NULL;
    if (tasks && workers) {
        for (size_t i = 0; i < threads; i++)
            workers[i] = worker;
        pool = cli_pool_new(threads, workers, run_task, window);
    }
    free(workers);
    if (!pool) {
        cli_fail("judge: cannot start %zu thread%s", threads, threads == 1 ? "" : "s");
        free(tasks);
        return false;
    }
    size_t next = 0, n = run->tests.n;
    /* after a SIGTERM (on_signal()), no test starts; those running are stopped and dropped */
    while (cli_pool_in_flight(pool) > 0 || (next < n && !cli_run_stopping())) {
        while (next < n && !cli_run_stopping() && cli_pool_in_flight(pool) < window) {
            task *t = &tasks[next % window];
            prepare(run, next, t);
            cli_pool_submit(pool, t);
            next++;
        }
        task *t = run->progress ? cli_pool_take_done(pool) : cli_pool_take_oldest(pool);
        if (!t) { /* a terminal is watching: keep the clock on the progress line going */
            struct timespec pause = {0, 50 * 1000 * 1000};
            nanosleep(&pause, NULL);
            progress_draw(run);
            continue;
        }
        report(run, t);
        task_free(t);
    }
    cli_pool_free(pool);
    free(tasks);
    return true;
}

/* Sets up the generator, the kinds and the boards of --generate.  false on an error, reported. */
static bool generator_start(judge_run *run)
{
    judge_args *a = run->a;
    cli_seed("judge", a->make.seeded, &a->make.seed);
    /* edge cases a test leaves out (the profile rules them out) are said once, here */
    int edges[OJD_EDGE_COUNT_];
    cli_testdata_edges("judge", &a->make, edges, true);
    run->maker = cli_case_maker_new(&a->make);
    if (!run->maker || !generated_tests(&run->tests, a->generate) || !make_all(run)) {
        cli_fail("judge: out of memory");
        return false;
    }
    return true;
}

int cmd_judge(int argc, char **argv)
{
    int dashes = cli_program_start(argc, argv);
    judge_args a = {
        .who = {.seconds = CLI_DEFAULT_SECONDS, .output = (size_t)CLI_DEFAULT_OUTPUT_MIB << 20,
                .check = {.max_nodes = 10000000}, .sandbox = true},
        .jobs = 1,
        .make = {.opt = {.side = 9, .grade = OJD_GRADE_ANY}, .read_back = true},
        .cases = CLI_DEFAULT_CASES,
    };
    int st = judge_options(dashes < 0 ? argc : dashes, argv, &a);
    if (st >= 0)
        return st;
    if (a.package) {
        if (dashes >= 0 || a.npaths || a.generate || a.json) {
            cli_fail("judge: --package DIR runs the package's own submissions on its own tests: "
                     "no TESTS, --generate, --format json or program with it");
            return CLI_EXIT_USAGE;
        }
        return cli_matrix_main(&a.who, a.package, a.report);
    }
    /* several programs, or a report: the invocation matrix of the programs on TESTS */
    if (dashes >= 0 && (a.report || cli_program_start(argc - dashes, argv + dashes) >= 0)) {
        if (a.generate || a.json || a.npaths == 0) {
            cli_fail("judge: --report and several programs want TESTS (keep --generate's with "
                     "--dir, then judge DIR), and no --format json");
            return CLI_EXIT_USAGE;
        }
        return cli_matrix_programs(&a.who, a.paths, a.npaths, argc - dashes - 1,
                                   argv + dashes + 1, a.report);
    }
    if (dashes < 0 || dashes + 1 >= argc) {
        cli_fail("judge: no program to judge: put its command after '--' "
                     "(see 'ojdoku judge --help')");
        return CLI_EXIT_USAGE;
    }
    st = judge_validate(&a);
    if (st >= 0)
        return st;
    if (!cli_contestant_find("judge", &a.who, argv + dashes + 1))
        return CLI_EXIT_USAGE;

    judge_run run = {.a = &a};
    catch_signals();
    bool ok = a.generate ? generator_start(&run) : find_tests(&run.tests, a.paths, a.npaths);
    if (ok)
        cli_note_default_format("judge", a.who.check.format,
                                run.tests.n ? run.tests.items[0].input : NULL);
    if (ok) {
        for (size_t i = 0; i < run.tests.n; i++) {
            int w = (int)strlen(run.tests.items[i].name);
            run.name_width = w > run.name_width ? w : run.name_width;
        }
        run.colour = !a.json && cli_colour_wanted(stdout);
        run.progress = !a.quiet && isatty(fileno(stderr));
        run.start = cli_progress_clock();
        size_t cpus = cli_pool_online_cpus(), threads = a.jobs ? a.jobs : cpus;
        if (threads > cpus) {
            /* more runs than processors share them: each is slower, and its wall-clock guard
             * nearer; the CPU time limit alone would stay fair, the guard would not */
            cli_fail("judge: -j %zu is more than the %zu processor%s here: %zu runs at once",
                     threads, cpus, cpus == 1 ? "" : "s", cpus);
            threads = cpus;
        }
        ok = judge_all(&run, threads);
        progress_clear(&run);
        if (ok)
            summary(&run);
        if (run.missed)
            cli_fail("judge: %lu generated puzzle%s missed --difficulty %s (the closest "
                         "found were used)", run.missed, run.missed == 1 ? "" : "s",
                         ojd_grade_name(a.make.opt.grade));
    }
    int status = !ok || run.io_error ? CLI_EXIT_USAGE
                 : run.verdicts[CLI_AC] == run.tests.n ? CLI_EXIT_OK : CLI_EXIT_UNANSWERED;
    int err;
    if (!cli_flush_stdout(&err))
        status = cli_write_error(err);
    made_free(&run);
    tests_free(&run.tests);
    cli_case_maker_free(run.maker);
    free(a.who.path);
    return status;
}
