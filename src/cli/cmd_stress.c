/*
 * cmd_stress.c -- `ojdoku stress`: the contestant's "duipai" loop with a shrinker.  Random tests
 * in a judge profile, each run and judged as `ojdoku judge` does (judging.c), until the first
 * that is not accepted; that input is then shrunk (cases dropped, givens blanked, smaller
 * sides) while the program still fails it the same way, and written out with the program's
 * output and the expected answer.  Every choice comes from the seed, so a seed and program give
 * the same shrunk case; each candidate stays a test the statement allows.  The steps and
 * margins: docs/judge.md, "Notes moved from the source".
 */
#include "cli.h"
#include "cli/batch/testdata.h"
#include "cli/judging/explain.h"
#include "cli/judging/judging.h"
#include "cli/judging/report.h"
#include "cli/batch/progress.h"

#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define DEFAULT_TESTS 100
#define DEFAULT_DIR "ojdoku-stress"
#define SIDE_TRIES 20             /* tests of each smaller side tried */
#define MAX_SHRINK_RUNS 3000
#define DEFAULT_BUDGET 300.0      /* seconds for a whole stress run */
#define TLE_MARGIN 1.5            /* a shrunk time limit runs past this times the limit */
#define VALIDATE_NODES 1000000ULL /* the validator's search budget per case, as validate's */
#define SHOW_INPUT_LINES 40       /* a minimal input this short is printed in the report */
#define INDENT "      "

static void stress_usage(FILE *out)
{
    fputs("Usage: ojdoku stress [OPTIONS] -- CMD [ARGS...]\n"
          "Look for an input that the program CMD (executed directly, no shell) gets wrong:\n"
          "random tests in the profile of --format, each run and judged as 'ojdoku judge'\n"
          "does, until the first one that is not accepted (or -n tests pass).  Then shrink\n"
          "it while the program still fails it the same way (the same verdict): drop\n"
          "cases, blank givens, try the smaller sides the profile allows, until no single\n"
          "case or given can go.  The smallest input is written to a directory with the\n"
          "program's output and the expected answer, and the report names them, shows a\n"
          "wrong case side by side and prints the command that reproduces it.  The same\n"
          "seed and program give the same failure and the same shrunk input.\n"
          "\n"
          "Options:\n"
          "  -f, --format=NAME   judge profile NAME ('ojdoku formats'; default: one\n"
          "                      puzzle per line, answers mirrored)\n"
          "  -n N                tests to try (default 100)\n"
          "      --seed=S        a number (default: from the clock, named on stderr)\n"
          "      --cases=K       puzzles per test (default 10)\n"
          "      --kinds=LIST    outcome kinds to mix, from unique, multiple, unsolvable,\n"
          "                      conflict (default: every one the profile answers and\n"
          "                      its statement allows)\n"
          "      --side, --box, --difficulty, --clues, --minimal, --symmetry, --solved,\n"
          "      --solutions, --conflict-unit, --edge, --hard-for, --variant, --attempts\n"
          "                      as for 'ojdoku generate'; without --side or --box, the\n"
          "                      profile's side, else 9, and smaller sides are tried\n"
          "                      while shrinking\n"
          "      --tl=SECONDS    CPU time limit per run (default 2), with a wall-clock\n"
          "                      guard of 5 x SECONDS + 2\n"
          "      --ml=MIB        memory limit: the address space, in MiB (default none)\n"
          "      --ol=MIB        output limit in MiB (default 64)\n"
          "      --strict        the profile's exact framing, byte for byte (else PE)\n"
          "      --dir=DIR       where the shrunk case goes (default ojdoku-stress):\n"
          "                      minimal.in, minimal.ans, minimal.output, minimal.stderr\n"
          "                      (and other.in: another failure met while shrinking)\n"
          "      --budget=SECONDS  the whole run's time: the search, then the shrinking,\n"
          "                      which stops there with the smallest input so far\n"
          "                      (default 300)\n"
          "      --report=FILE   an HTML report too: every test tried and the shrunk\n"
          "                      case in a table with their times, the wrong case as\n"
          "                      figures, the command that runs it again; one\n"
          "                      self-contained file\n"
          "  -q, --quiet         no progress line on a terminal\n"
          "  -h, --help          print this help and exit\n"
          "\n"
          "Exit status: 0 no failure in N tests; 1 a failure found (and shrunk); 2 usage\n"
          "or I/O error.\n"
          "\n"
          "Example:\n"
          "  ojdoku stress --format hdu1426 --seed 1 --cases 50 -- ./sol\n",
          out);
}

/* ---- options --------------------------------------------------------------------------------- */

typedef struct stress_args {
    cli_contestant who;
    unsigned long tests;
    cli_testdata make;        /* --seed, --side, --kinds, ...: the test-data options */
    unsigned long cases;      /* --cases: puzzles per test */
    bool cases_given;
    const char *dir;
    double budget;            /* --budget seconds */
    bool quiet;
    const char *report;       /* --report FILE.html, or NULL */
} stress_args;

static int stress_options(int argc, char **argv, stress_args *a)
{
    static const struct option longs[] = {
        {"format", required_argument, NULL, 'f'},   {"tl", required_argument, NULL, 'T'},
        {"ml", required_argument, NULL, 'M'},       {"ol", required_argument, NULL, 'O'},
        {"strict", no_argument, NULL, 'S'},         {"cases", required_argument, NULL, 'c'},
        CLI_TESTDATA_OPTIONS,                       {"dir", required_argument, NULL, 'D'},
        {"quiet", no_argument, NULL, 'q'},
        {"budget", required_argument, NULL, 'B'},   {"report", required_argument, NULL, 'R'},
        {"help", no_argument, NULL, 'h'},           {NULL, 0, NULL, 0},
    };
    unsigned long long n;
    int c;
    char why[CLI_MESSAGE_SIZE];
    opterr = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, ":f:n:qh", longs, NULL)) != -1) {
        int shared = cli_contestant_option("stress", c, optarg, &a->who); /* --tl, --ml, ... */
        if (shared == 0)
            shared = cli_testdata_option("stress", c, optarg, &a->make);
        if (shared == 0 && c == 'c')
            shared = cli_cases_option("stress", optarg, &a->cases, &a->cases_given);
        if (shared < 0)
            return CLI_EXIT_USAGE;
        if (shared > 0)
            continue;
        switch (c) {
        case 'f':
            a->who.check.format = cli_find_format(optarg, why, sizeof why);
            if (!a->who.check.format) {
                cli_fail("stress: %s", why);
                return CLI_EXIT_USAGE;
            }
            if (ojd_profile_style(a->who.check.format) == OJD_STYLE_JSON) {
                cli_fail("stress: json is no judge's output format: name a judge profile");
                return CLI_EXIT_USAGE;
            }
            break;
        case 'n':
            if (!cli_parse_number(optarg, 100000000ULL, &n) || n == 0) {
                cli_fail("stress: -n wants a number of tests from 1 to 100000000, not '%s'",
                             optarg);
                return CLI_EXIT_USAGE;
            }
            a->tests = (unsigned long)n;
            break;
        case 'D':
            a->dir = optarg;
            break;
        case 'B':
            if (!cli_parse_seconds(optarg, &a->budget) || a->budget <= 0) {
                cli_fail("stress: --budget wants a positive number of seconds, not '%s'",
                         optarg);
                return CLI_EXIT_USAGE;
            }
            break;
        case 'q':
            a->quiet = true;
            break;
        case 'R':
            a->report = optarg;
            break;
        case 'h':
            stress_usage(stdout);
            return CLI_EXIT_OK;
        case ':':
        default:
            return cli_option_error("stress", longs, c, optopt, optind, argv);
        }
    }
    if (optind < argc) {
        cli_fail("stress: unexpected argument '%s' (the program goes after '--')",
                     argv[optind]);
        return CLI_EXIT_USAGE;
    }
    return -1;
}

/* The checks between options; -1 to go on, else the exit status. */
static int stress_validate(stress_args *a)
{
    const ojd_profile *f = a->who.check.format;
    /* every kind the statement allows unless told otherwise: a program meets them all (a
     * variant's too: each kind is made under its units) */
    if (!a->make.kinds && !a->make.opt.solved)
        a->make.mix = true;
    if (!cli_testdata_settle("stress", f, &a->make) ||
        !cli_testdata_fit_cases("stress", &a->make, &a->cases, a->cases_given))
        return CLI_EXIT_USAGE;
    a->who.check.units = a->make.opt.units; /* the checker judges by the variant's units */
    return -1;
}

/* ---- one candidate input --------------------------------------------------------------------- */

typedef struct stress_run {
    stress_args *a;
    cli_case_maker *maker;    /* the test-data path (testdata.h) */
    cli_verdict target;       /* the failure's verdict class, once found */
    cli_contestant shrinking; /* the contestant as shrinking runs it: a TLE with the margin */
    unsigned long runs;       /* runs spent shrinking */
    bool out_of_runs;         /* MAX_SHRINK_RUNS or the budget spent */
    bool out_of_time;         /* the budget spent */
    bool keep_valid;          /* the failing test passed the validator: every step must */
    unsigned long invalid;    /* candidates not tried: the statement does not allow them */
    ojd_board *other;         /* another failure met while shrinking: its input, */
    size_t other_n;
    cli_verdict other_verdict;
    char other_message[CLI_MESSAGE_SIZE];
    double other_wall;        /* and its times, for the report */
    long other_kib;
    cli_matrix_cell *tried;   /* --report: the searching runs, test 1 on */
    size_t ntried;
    bool io_failed;           /* an input could not be made (memory) */
    cli_judgement best;       /* the judgement of the smallest failing input so far */
    bool have_best;
    /* progress line */
    bool progress;
    double start, last_draw;
    size_t shown;
} stress_run;

static void progress_clear(stress_run *run)
{
    if (!run->shown)
        return;
    fprintf(stderr, "\r%*s\r", (int)run->shown, "");
    fflush(stderr);
    run->shown = 0;
}

static void progress_say(stress_run *run, const char *fmt, ...)
    CLI_PRINTF(2, 3);
static void progress_say(stress_run *run, const char *fmt, ...)
{
    if (!run->progress)
        return;
    double now = cli_progress_clock();
    if (!cli_progress_due(now - run->start, run->last_draw > 0 ? now - run->last_draw : -1))
        return;
    char text[160];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    char line[200];
    int n = snprintf(line, sizeof line, "ojdoku: stress: %s, %.1f s", text, now - run->start);
    if (n < 0)
        return;
    fprintf(stderr, "\r%s%*s", line, run->shown > (size_t)n ? (int)(run->shown - (size_t)n) : 0,
            "");
    fflush(stderr);
    run->shown = (size_t)n > run->shown ? (size_t)n : run->shown;
    run->last_draw = now;
}

/* Is input[0..len) a test input the profile's statement allows?  (A profile without a grammar
 * of its own, line or grid, allows any.) */
static bool allowed_input(const ojd_profile *f, const char *input, size_t len)
{
    if (!f)
        return true;
    FILE *in = cli_memory_stream(input, len);
    if (!in)
        return false;
    ojd_validate_options opt = {.max_nodes = VALIDATE_NODES};
    ojd_status st = ojd_validate_input(in, f, &opt, NULL, NULL, NULL);
    fclose(in);
    return st == OJD_OK || st == OJD_ERR_INVALID;
}

/* How a candidate went. */
typedef enum tried { TRIED_RAN, TRIED_NOT_ALLOWED, TRIED_NO_MEMORY } tried;

/* Runs who on boards[0..n) and judges it into *j, unless only_allowed and the input is not one
 * the statement allows (nothing run then). */
static tried try_input(stress_run *run, const cli_contestant *who, const ojd_board *boards,
                       size_t n, bool only_allowed, cli_judgement *j)
{
    size_t len;
    memset(j, 0, sizeof *j);
    char *input = cli_input_text(run->a->who.check.format, boards, n, &len);
    if (!input) {
        run->io_failed = true;
        return TRIED_NO_MEMORY;
    }
    if (only_allowed && !allowed_input(run->a->who.check.format, input, len)) {
        free(input);
        return TRIED_NOT_ALLOWED;
    }
    cli_judge_run(who, input, len, NULL, 0, j);
    free(input);
    return TRIED_RAN;
}

/* Has the budget run out? */
static bool budget_spent(const stress_run *run)
{
    return cli_progress_clock() - run->start >= run->a->budget;
}

/* Keeps the first failure of another kind than the target (not a FAIL of the test itself). */
static void keep_other(stress_run *run, const ojd_board *boards, size_t n, const cli_judgement *j)
{
    if (run->other || j->verdict == CLI_AC || j->verdict == CLI_FAIL || j->verdict == run->target)
        return;
    run->other = malloc(n * sizeof *boards);
    if (!run->other)
        return; /* a note lost, not the result */
    memcpy(run->other, boards, n * sizeof *boards);
    run->other_n = n;
    run->other_verdict = j->verdict;
    snprintf(run->other_message, sizeof run->other_message, "%s", j->message);
    run->other_wall = j->wall;
    run->other_kib = j->peak_kib;
}

/* Does boards[0..n) still fail the same way (and is it an input the statement allows, when the
 * failing test was)?  Keeps the judgement when it does.  Counts the run against the budgets:
 * false, without a run, once one is spent. */
static bool still_fails(stress_run *run, const ojd_board *boards, size_t n)
{
    if (run->runs >= MAX_SHRINK_RUNS || budget_spent(run)) {
        run->out_of_runs = true;
        run->out_of_time = run->runs < MAX_SHRINK_RUNS;
        return false;
    }
    cli_judgement j;
    tried t = try_input(run, &run->shrinking, boards, n, run->keep_valid, &j);
    if (t == TRIED_NOT_ALLOWED)
        run->invalid++;
    if (t != TRIED_RAN)
        return false;
    run->runs++;
    keep_other(run, boards, n, &j);
    bool same = j.verdict == run->target;
    if (same) {
        if (run->have_best)
            cli_judgement_free(&run->best);
        run->best = j;
        run->have_best = true;
    } else {
        cli_judgement_free(&j);
    }
    return same;
}

/* ---- shrinking ------------------------------------------------------------------------------- */

static int givens_of(const ojd_board *boards, size_t n)
{
    int total = 0;
    for (size_t i = 0; i < n; i++)
        total += ojd_board_givens(&boards[i]);
    return total;
}

/* Step 1: drops chunks of cases (halves first) while the rest still fails; at least one case
 * stays.  true when any went. */
static bool drop_cases(stress_run *run, ojd_board *boards, size_t *n, ojd_board *scratch)
{
    bool any = false;
    size_t chunk = *n / 2 ? *n / 2 : 1;
    while (*n > 1 && !run->out_of_runs) {
        bool removed = false;
        for (size_t at = 0; at < *n && !run->out_of_runs;) {
            size_t len = chunk < *n - at ? chunk : *n - at;
            if (len >= *n)
                break;
            memcpy(scratch, boards, at * sizeof *boards);
            memcpy(scratch + at, boards + at + len, (*n - at - len) * sizeof *boards);
            progress_say(run, "shrinking: %zu cases, %d givens, %lu runs", *n,
                         givens_of(boards, *n), run->runs);
            if (still_fails(run, scratch, *n - len)) {
                memcpy(boards, scratch, (*n - len) * sizeof *boards);
                *n -= len;
                removed = any = true;
            } else {
                at += len;
            }
        }
        if (!removed) {
            if (chunk == 1)
                break;
            chunk /= 2;
        } else if (chunk > *n / 2) {
            chunk = *n / 2 ? *n / 2 : 1;
        }
    }
    return any;
}

/* Step 2: blanks givens one at a time, row by row, case by case, pass after pass, while the
 * input still fails.  true when any went. */
static bool blank_givens(stress_run *run, ojd_board *boards, size_t n)
{
    bool any = false, removed = true;
    while (removed && !run->out_of_runs) {
        removed = false;
        for (size_t k = 0; k < n && !run->out_of_runs; k++) {
            int cells = ojd_board_cells(&boards[k]);
            for (int i = 0; i < cells && !run->out_of_runs; i++) {
                uint8_t given = boards[k].cell[i];
                if (!given)
                    continue;
                boards[k].cell[i] = 0;
                progress_say(run, "shrinking: %zu case%s, %d givens, %lu runs", n,
                             n == 1 ? "" : "s", givens_of(boards, n), run->runs);
                if (still_fails(run, boards, n))
                    removed = any = true;
                else
                    boards[k].cell[i] = given;
            }
        }
    }
    return any;
}

/* Steps 1 and 2 until neither removes anything. */
static void shrink(stress_run *run, ojd_board *boards, size_t *n, ojd_board *scratch)
{
    for (bool changed = true; changed && !run->out_of_runs;) {
        changed = drop_cases(run, boards, n, scratch);
        changed |= blank_givens(run, boards, *n);
    }
}

/* Step 3: a failing test of a smaller side, smallest first (see the top of the file).  true
 * with boards[0..*n) replaced by it and shrunk. */
static bool smaller_side(stress_run *run, ojd_board *boards, size_t *n, ojd_board *scratch,
                         int side)
{
    const ojd_profile *f = run->a->who.check.format;
    if ((f && ojd_profile_side(f)) || run->a->make.side_given)
        return false;
    static const int sides[] = {4, 9, 16, 25};
    size_t room = run->a->cases + OJD_EDGE_COUNT_, made = 0;
    ojd_board *trial = malloc(room * sizeof *trial);
    if (!trial) {
        run->io_failed = true;
        return false;
    }
    bool found = false;
    for (size_t s = 0; s < sizeof sides / sizeof sides[0] && sides[s] < side && !found; s++) {
        cli_testdata smaller = run->a->make;
        smaller.opt.side = sides[s];
        smaller.opt.box_rows = smaller.opt.box_cols = 0;
        if (smaller.opt.clues > sides[s] * sides[s])
            continue; /* --clues for a larger grid */
        if (sides[s] == 4 && smaller.opt.grade > OJD_GRADE_EASY)
            smaller.opt.grade = OJD_GRADE_EASY; /* every 4x4 puzzle is easy */
        /* streams of their own per side, from the seed */
        unsigned long long seed = run->a->make.seed ^ (0x9e3779b97f4a7c15ULL * (uint64_t)sides[s]);
        for (int t = 1; t <= SIDE_TRIES && !found && !run->out_of_runs; t++) {
            unsigned long missed = 0;
            char *input;
            size_t len;
            if (cli_test_make(run->maker, &smaller, cli_test_seed(seed, (unsigned long)t),
                              run->a->cases, false, &input, &len, NULL, NULL, trial, &made,
                              &missed) != OJD_OK)
                break;
            free(input);
            progress_say(run, "shrinking: trying %dx%d, %lu runs", sides[s], sides[s],
                         run->runs);
            found = still_fails(run, trial, made);
        }
    }
    if (found) {
        memcpy(boards, trial, made * sizeof *trial);
        *n = made;
        shrink(run, boards, n, scratch);
    }
    free(trial);
    return found;
}

/* ---- the report ------------------------------------------------------------------------------ */


/* Makes the --dir if it is not there and writes a file in it (removed at once), before any test
 * runs: a failure found and shrunk, maybe for minutes, and then not written would be lost.  true
 * with *made set when the directory was made here (cmd_stress() removes it again if nothing is
 * written in it); false after saying why. */
static bool dir_usable(const char *dir, bool *made)
{
    *made = false;
    if (mkdir(dir, 0777) == 0) {
        *made = true;
    } else if (errno != EEXIST) {
        cli_fail("stress: cannot make --dir %s: %s", dir, strerror(errno));
        return false;
    }
    char probe[4096];
    int fd = -1;
    if (snprintf(probe, sizeof probe, "%s/.ojdoku-stress-XXXXXX", dir) >= (int)sizeof probe)
        errno = ENAMETOOLONG;
    else
        fd = mkstemp(probe);
    if (fd < 0) {
        int e = errno;
        if (*made)
            rmdir(dir);
        cli_fail("stress: cannot write in --dir %s: %s", dir, strerror(e));
        return false;
    }
    close(fd);
    unlink(probe);
    return true;
}

/* Writes an argument as a shell reads it back: bare when it is plain, else in single quotes. */
static void put_quoted(FILE *out, const char *arg)
{
    if (*arg && strspn(arg, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
                            "_-./=:,+@%") == strlen(arg)) {
        fputs(arg, out);
        return;
    }
    putc('\'', out);
    for (const char *p = arg; *p; p++)
        if (*p == '\'')
            fputs("'\\''", out);
        else
            putc(*p, out);
    putc('\'', out);
}

static void put_program(FILE *out, char **argv)
{
    for (char **p = argv; *p; p++) {
        putc(' ', out);
        put_quoted(out, *p);
    }
}

/* The run's options (those cli_contestant_option() reads) as a command line gives them, each
 * after a space: --strict when set, --tl always, --ml when set, --ol when not the default. */
static void put_contestant_options(const cli_contestant *who)
{
    if (who->check.strict)
        printf(" --strict");
    printf(" --tl %g", who->seconds);
    if (who->memory)
        printf(" --ml %zu", who->memory >> 20);
    if (who->output != (size_t)CLI_DEFAULT_OUTPUT_MIB << 20)
        printf(" --ol %zu", who->output >> 20);
}

/* The shrunk case on disk and in the report.  false on an I/O error (reported). */
static bool report_shrunk(stress_run *run, const ojd_board *boards, size_t n, size_t cases0,
                          int givens0, int side0)
{
    stress_args *a = run->a;
    const ojd_profile *f = a->who.check.format;
    cli_judgement *j = &run->best;
    size_t in_len, ans_len = 0;
    char *input = cli_input_text(f, boards, n, &in_len);
    char *answer = input ? cli_answer_text(f, input, in_len, &ans_len) : NULL;
    if (!input) {
        cli_fail("stress: out of memory");
        return false;
    }
    if (mkdir(a->dir, 0777) != 0 && errno != EEXIST) {
        cli_fail("stress: cannot make %s: %s", a->dir, strerror(errno));
        free(input);
        free(answer);
        return false;
    }
    char stderr_name[] = "minimal.stderr";
    char stderr_path[4096];
    snprintf(stderr_path, sizeof stderr_path, "%s/%s", a->dir, stderr_name);
    bool ok = cli_write_in_dir(a->dir, "minimal.in", input, in_len, NULL) &&
              cli_write_in_dir(a->dir, "minimal.output", NULL, 0, j->run.out) &&
              (!answer || cli_write_in_dir(a->dir, "minimal.ans", answer, ans_len, NULL));
    if (ok && j->run.err_len)
        ok = cli_write_in_dir(a->dir, stderr_name, j->run.err, j->run.err_len, NULL);
    else if (ok)
        unlink(stderr_path); /* not a stale one from an earlier run */
    if (!ok) {
        cli_fail("stress: cannot write in %s: %s", a->dir, strerror(errno));
        free(input);
        free(answer);
        return false;
    }
    int side = boards[0].side, givens = givens_of(boards, n);
    printf("shrunk in %lu run%s: %zu case%s -> %zu, %d givens -> %d", run->runs,
           run->runs == 1 ? "" : "s", cases0, cases0 == 1 ? "" : "s", n, givens0, givens);
    if (side != side0)
        printf(", %dx%d -> %dx%d", side0, side0, side, side);
    printf("%s\n", run->out_of_time   ? " (the --budget ran out: smaller, maybe not minimal)"
                  : run->out_of_runs ? " (the run budget ran out: smaller, maybe not minimal)"
                                     : " (no single case or given can go)");
    if (run->keep_valid && run->invalid)
        printf("%lu smaller input%s not tried: the statement does not allow %s\n", run->invalid,
               run->invalid == 1 ? "" : "s", run->invalid == 1 ? "it" : "them");
    if (run->target == CLI_TLE)
        printf("kept only inputs that run past %g s, %g times the limit (%g s)\n",
               run->shrinking.seconds, TLE_MARGIN, a->who.seconds);
    const char *on = cli_colour_wanted(stdout) ? cli_verdict_colour(j->verdict) : "";
    printf("%s%-3s%s %.2f s %.1f MiB  %s\n", on, cli_verdict_name(j->verdict),
           *on ? CLI_COLOUR_OFF : "", j->cpu, (double)j->peak_kib / 1024.0, j->message);
    if (j->verdict == CLI_WA && j->checked)
        cli_explain(stdout, &j->report, f, false, *on != '\0', INDENT);
    cli_print_stderr(stdout, &j->run, INDENT, 5);
    int lines = 0;
    for (size_t i = 0; i < in_len; i++)
        lines += input[i] == '\n';
    printf("minimal input:   %s/minimal.in", a->dir);
    if (lines <= SHOW_INPUT_LINES) {
        printf("\n");
        const char *p = input;
        while (p < input + in_len) {
            const char *nl = memchr(p, '\n', (size_t)(input + in_len - p));
            size_t len = nl ? (size_t)(nl - p) : (size_t)(input + in_len - p);
            printf("%s%.*s\n", INDENT, (int)len, p);
            p += len + (nl != NULL);
        }
    } else {
        printf(" (%d lines)\n", lines);
    }
    printf("program output:  %s/minimal.output (%zu bytes)\n", a->dir, j->run.out_len);
    if (answer)
        printf("expected answer: %s/minimal.ans\n", a->dir);
    if (j->run.err_len)
        printf("program stderr:  %s/minimal.stderr\n", a->dir);
    if (run->other) {
        size_t other_len;
        char *other = cli_input_text(f, run->other, run->other_n, &other_len);
        if (other && cli_write_in_dir(a->dir, "other.in", other, other_len, NULL))
            printf("also seen:       %s on %s/other.in while shrinking: %s\n",
                   cli_verdict_name(run->other_verdict), a->dir, run->other_message);
        free(other);
    } else {
        char other_path[4096];
        snprintf(other_path, sizeof other_path, "%s/other.in", a->dir);
        unlink(other_path); /* not a stale one from an earlier run */
    }
    printf("reproduce:       ojdoku judge");
    if (f)
        printf(" --format %s", ojd_profile_name(f));
    put_contestant_options(&a->who);
    putchar(' ');
    put_quoted(stdout, a->dir);
    printf(" --");
    put_program(stdout, a->who.argv);
    printf("\n");
    free(input);
    free(answer);
    return true;
}

/* The options that made the tests, for the command that makes them again. */
static void put_stress_command(const stress_args *a)
{
    const ojd_profile *f = a->who.check.format;
    printf("again:           ojdoku stress");
    if (f)
        printf(" --format %s", ojd_profile_name(f));
    printf(" --seed %llu -n %lu --cases %lu", a->make.seed, a->tests, a->cases);
    cli_testdata_put_options(stdout, &a->make);
    put_contestant_options(&a->who);
    if (strcmp(a->dir, DEFAULT_DIR) != 0) {
        printf(" --dir ");
        put_quoted(stdout, a->dir);
    }
    printf(" --");
    put_program(stdout, a->who.argv);
    printf("\n");
}

/* ---- the HTML report (--report) ----------------------------------------------------------- */

/* fmt's text, in memory of its own (NULL when out of it). */
static char *text_of(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int len = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char *text = len >= 0 ? malloc((size_t)len + 1) : NULL;
    if (text) {
        va_start(ap, fmt);
        vsnprintf(text, (size_t)len + 1, fmt, ap);
        va_end(ap);
    }
    return text;
}

/* Keeps what the report shows of a searching run: its verdict, times and message. */
static void note_tried(stress_run *run, const cli_judgement *j)
{
    if (!run->a->report)
        return;
    cli_matrix_cell *more = realloc(run->tried, (run->ntried + 1) * sizeof *more);
    if (!more)
        return; /* a row of the report lost, not the run */
    run->tried = more;
    cli_matrix_cell *c = &run->tried[run->ntried++];
    memset(c, 0, sizeof *c);
    c->verdict = j->verdict;
    c->wall = j->wall;
    c->cpu = j->cpu;
    c->peak_kib = j->peak_kib;
    snprintf(c->message, sizeof c->message, "%s", j->message);
}

/* The report: a matrix of the program alone, a row per test that passed (the one that failed
 * is not kept: the summary names it) and, after a failure, the shrunk case (DIR/minimal.in) and
 * another failure met while shrinking (DIR/other.in); its failing runs are those two, with
 * their commands.  false after saying why. */
static bool write_report(stress_run *run, bool shrunk, const char *summary)
{
    stress_args *a = run->a;
    if (run->ntried && run->tried[run->ntried - 1].verdict != CLI_AC)
        run->ntried--;
    size_t rows = run->ntried + (shrunk ? 1 + (run->other != NULL) : 0);
    char **names = calloc(rows + 1, sizeof *names), **inputs = calloc(rows + 1, sizeof *inputs);
    cli_matrix_cell *cells = calloc(rows + 1, sizeof *cells);
    char program[4096] = "";
    for (char **p = a->who.argv; *p && strlen(program) + strlen(*p) + 2 < sizeof program; p++)
        snprintf(program + strlen(program), sizeof program - strlen(program), "%s%s",
                 *program ? " " : "", *p);
    cli_matrix_submission sub = {.name = program, .source = a->who.argv[0],
                                 .argv = a->who.argv, .expected = CLI_AC, .got = CLI_AC};
    bool ok = names && inputs && cells;
    for (size_t t = 0; ok && t < rows; t++) {
        const char *file = t == run->ntried ? "minimal.in" : "other.in";
        if (t < run->ntried) {
            cells[t] = run->tried[t];
            names[t] = text_of("test %zu", t + 1);
            inputs[t] = text_of("test%zu.in", t + 1); /* passed: no command shows it */
        } else {
            names[t] = text_of("%.*s", (int)strcspn(file, "."), file);
            inputs[t] = text_of("%s/%s", a->dir, file);
        }
        ok = names[t] && inputs[t];
        if (cells[t].verdict != CLI_AC && sub.got == CLI_AC)
            sub.got = cells[t].verdict;
    }
    if (ok && shrunk) {
        const cli_judgement *j = &run->best;
        cli_matrix_cell *c = &cells[run->ntried];
        *c = (cli_matrix_cell){.verdict = j->verdict, .wall = j->wall, .cpu = j->cpu,
                               .peak_kib = j->peak_kib};
        snprintf(c->message, sizeof c->message, "%s", j->message);
        if (j->checked && j->report.verdict == OJD_VERDICT_WRONG && j->report.failed_case &&
            j->report.failed_grid.side) { /* the report's figures of the wrong case */
            c->puzzle = (ojd_puzzle *)&j->report.failed_puzzle;
            c->grid = (ojd_board *)&j->report.failed_grid;
        }
        if (run->other) {
            c++;
            *c = (cli_matrix_cell){.verdict = run->other_verdict, .wall = run->other_wall,
                                   .cpu = run->other_wall, .peak_kib = run->other_kib};
            snprintf(c->message, sizeof c->message, "%.*s", (int)sizeof c->message - 1,
                     run->other_message);
        }
    }
    for (size_t t = run->ntried; ok && t < rows; t++)
        if (cells[t].verdict != CLI_AC && sub.got == CLI_AC)
            sub.got = cells[t].verdict;
    sub.ok = sub.got == CLI_AC;
    bool written = false;
    if (ok) {
        char heading[4200];
        snprintf(heading, sizeof heading, "ojdoku stress -- %s", program);
        cli_matrix m = {.dir = (char *)a->dir, .format = a->who.check.format,
                        .seconds = a->who.seconds, .ntests = rows, .nsubmissions = 1,
                        .test_names = names, .test_inputs = inputs, .submissions = &sub,
                        .cells = cells};
        cli_report_text text = {"stress", heading, summary};
        written = cli_report_html_text(&m, &text, a->report);
    } else {
        cli_fail("stress: out of memory");
    }
    for (size_t t = 0; names && inputs && t < rows; t++) {
        free(names[t]);
        free(inputs[t]);
    }
    free(names);
    free(inputs);
    free(cells);
    return written;
}

/* ---- the run ------------------------------------------------------------------------------ */

/* Options, their checks, the program and the --dir: -1 to go on, else the exit status. */
static int stress_start(int argc, char **argv, stress_args *a, bool *made_dir)
{
    int dashes = cli_program_start(argc, argv);
    int st = stress_options(dashes < 0 ? argc : dashes, argv, a);
    if (st >= 0)
        return st;
    if (dashes < 0 || dashes + 1 >= argc) {
        cli_fail("stress: no program to test: put its command after '--' "
                 "(see 'ojdoku stress --help')");
        return CLI_EXIT_USAGE;
    }
    st = stress_validate(a);
    if (st >= 0)
        return st;
    if (!cli_contestant_find("stress", &a->who, argv + dashes + 1))
        return CLI_EXIT_USAGE;
    if (!dir_usable(a->dir, made_dir))
        return CLI_EXIT_USAGE;
    cli_note_default_format("stress", a->who.check.format, NULL);
    cli_seed("stress", a->make.seeded, &a->make.seed);
    return -1;
}

/* Runs tests 1, 2, ... until one is not accepted: then -1, with that test in boards[0..*n),
 * its judgement in *j and its number in *t.  Else the exit status: 0 after saying that every
 * test (before the --budget ran out) passed, 2 when a test could not be made (said). */
static int search(stress_run *run, ojd_board *boards, size_t *n, cli_judgement *j,
                  unsigned long *t, unsigned long *missed)
{
    stress_args *a = run->a;
    for (*t = 1; *t <= a->tests; ++*t) {
        if (budget_spent(run)) {
            run->out_of_time = true;
            break;
        }
        progress_say(run, "test %lu of %lu", *t, a->tests);
        /* test t is what `ojdoku generate --seed SEED_t -n CASES` writes */
        char *input;
        size_t len;
        ojd_status gs = cli_test_make(run->maker, &a->make, cli_test_seed(a->make.seed, *t),
                                      a->cases, false, &input, &len, NULL, NULL, boards, n,
                                      missed);
        if (gs != OJD_OK) {
            progress_clear(run);
            cli_fail("stress: cannot make test %lu: %s", *t, ojd_strerror(gs));
            return CLI_EXIT_USAGE;
        }
        free(input);
        if (try_input(run, &a->who, boards, *n, false, j) != TRIED_RAN) {
            progress_clear(run);
            cli_fail("stress: out of memory");
            return CLI_EXIT_USAGE;
        }
        note_tried(run, j);
        if (j->verdict != CLI_AC)
            return -1;
        cli_judgement_free(j);
    }
    progress_clear(run);
    unsigned long passed = run->out_of_time ? *t - 1 : a->tests;
    char said[300];
    int len = snprintf(said, sizeof said, "%lu test%s of %lu case%s passed (seed %llu): no "
                       "failure found", passed, passed == 1 ? "" : "s", a->cases,
                       a->cases == 1 ? "" : "s", a->make.seed);
    if (run->out_of_time)
        snprintf(said + len, sizeof said - (size_t)len,
                 " before the --budget of %g s ran out (%lu of %lu tests)", a->budget, passed,
                 a->tests);
    printf("%s\n", said);
    if (a->report && !write_report(run, false, said))
        return CLI_EXIT_USAGE;
    return CLI_EXIT_OK;
}

/* Test t failed with *j (taken over): shrinks it, writes the shrunk case and says it (and, with
 * --report, the report).  Returns the exit status. */
static int shrink_failure(stress_run *run, ojd_board *boards, size_t n, ojd_board *scratch,
                          cli_judgement *j, unsigned long t)
{
    stress_args *a = run->a;
    int err;
    if (j->verdict == CLI_FAIL) { /* the checker could not judge a generated test: not the
                                   * program's fault, nothing to shrink */
        char said[600];
        snprintf(said, sizeof said, "test %lu of %lu (seed %llu): FAIL  %s", t, a->tests,
                 a->make.seed, j->message);
        printf("%s\n", said);
        cli_judgement_free(j);
        if (a->report)
            write_report(run, false, said);
        return CLI_EXIT_USAGE;
    }
    printf("test %lu of %lu (seed %llu, %zu case%s, %dx%d): %s  %s\n", t, a->tests,
           a->make.seed, n, n == 1 ? "" : "s", a->make.opt.side, a->make.opt.side,
           cli_verdict_name(j->verdict), j->message);
    if (!cli_flush_stdout(&err)) { /* no one will read the report: shrinking would be for no one */
        cli_judgement_free(j);
        return cli_write_error(err);
    }
    run->target = j->verdict;
    run->best = *j;
    run->have_best = true;
    run->shrinking = a->who;
    if (run->target == CLI_TLE)
        run->shrinking.seconds = a->who.seconds * TLE_MARGIN;
    size_t len;
    char *input = cli_input_text(a->who.check.format, boards, n, &len);
    run->keep_valid = input && allowed_input(a->who.check.format, input, len);
    free(input);
    size_t n0 = n;
    int givens0 = givens_of(boards, n);
    shrink(run, boards, &n, scratch);
    smaller_side(run, boards, &n, scratch, a->make.opt.side);
    progress_clear(run);
    if (run->io_failed) {
        cli_fail("stress: out of memory");
        return CLI_EXIT_USAGE;
    }
    if (!report_shrunk(run, boards, n, n0, givens0, a->make.opt.side))
        return CLI_EXIT_USAGE;
    put_stress_command(a);
    char said[600];
    snprintf(said, sizeof said, "Test %lu of %lu (seed %llu, %zu case%s) got %s; shrunk in %lu "
             "run%s to %zu case%s with %d givens, written to %s/minimal.in.", t, a->tests,
             a->make.seed, n0, n0 == 1 ? "" : "s", cli_verdict_name(run->target), run->runs,
             run->runs == 1 ? "" : "s", n, n == 1 ? "" : "s", givens_of(boards, n), a->dir);
    if (a->report && !write_report(run, true, said))
        return CLI_EXIT_USAGE;
    return CLI_EXIT_UNANSWERED;
}

int cmd_stress(int argc, char **argv)
{
    stress_args a = {
        .who = {.seconds = CLI_DEFAULT_SECONDS, .output = (size_t)CLI_DEFAULT_OUTPUT_MIB << 20,
                .check = {.max_nodes = 10000000}},
        .tests = DEFAULT_TESTS,
        .make = {.opt = {.side = 9, .grade = OJD_GRADE_ANY}, .read_back = true},
        .cases = CLI_DEFAULT_CASES,
        .dir = DEFAULT_DIR,
        .budget = DEFAULT_BUDGET,
    };
    bool made_dir = false;
    int status = stress_start(argc, argv, &a, &made_dir), err;
    if (status >= 0) {
        free(a.who.path);
        return status;
    }
    stress_run run = {.a = &a, .maker = cli_case_maker_new(&a.make)};
    run.progress = !a.quiet && isatty(fileno(stderr));
    run.start = cli_progress_clock();
    /* a test's cases: --cases, and the edge cases that fit before them */
    size_t room = a.cases + OJD_EDGE_COUNT_, n = 0;
    ojd_board *boards = malloc(room * sizeof *boards);
    ojd_board *scratch = malloc(room * sizeof *scratch);
    unsigned long missed = 0, t;
    cli_judgement j;
    if (!run.maker || !boards || !scratch) {
        cli_fail("stress: out of memory");
        status = CLI_EXIT_USAGE;
    } else if ((status = search(&run, boards, &n, &j, &t, &missed)) < 0) {
        status = shrink_failure(&run, boards, n, scratch, &j, t);
        if (status == CLI_EXIT_UNANSWERED)
            made_dir = false; /* it holds the shrunk case */
    }
    if (made_dir)
        rmdir(a.dir); /* nothing written in it (rmdir takes only an empty one): as if never made */
    if (missed)
        cli_fail("stress: %lu generated puzzle%s missed --difficulty %s (the closest found "
                 "were used)", missed, missed == 1 ? "" : "s", ojd_grade_name(a.make.opt.grade));
    if (run.have_best)
        cli_judgement_free(&run.best);
    free(run.other);
    free(run.tried);
    if (status != CLI_EXIT_USAGE && !cli_flush_stdout(&err))
        status = cli_write_error(err);
    free(boards);
    free(scratch);
    cli_case_maker_free(run.maker);
    free(a.who.path);
    return status;
}
