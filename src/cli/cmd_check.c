/*
 * cmd_check.c -- `ojdoku check`: a special judge over ojd_check_stream(), in the calling
 * conventions of testlib, DOMjudge/Kattis and HUSTOJ.
 *
 * The judge files are opened as every command opens its inputs (cli_open_input(): "-" is
 * standard input, a directory is refused) and handed to the library as streams, which it reads
 * case by case in bounded memory: a contestant output of any size, or one that never ends, is
 * judged, never refused.  Only one of them can be standard input; testlib's OUTPUT, when
 * omitted, is read from there (`./sol < in | ojdoku check in`).  DOMjudge's
 * FEEDBACK_DIR/judgemessage.txt is opened before judging, so that a verdict is never printed and
 * then contradicted by a failure to record it.  Like every option, the last --judge wins.
 */
#include "cli.h"

#include <errno.h>
#include <stdarg.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DEFAULT_MAX_NODES 10000000UL

typedef enum judge_kind { JUDGE_TESTLIB, JUDGE_DOMJUDGE, JUDGE_HUSTOJ } judge_kind;

/* Exit statuses per convention, indexed by ojd_verdict (OK, WRONG, PRESENTATION, FAIL). */
static const int exit_codes[3][4] = {
    [JUDGE_TESTLIB] = {0, 1, 2, 3},
    [JUDGE_DOMJUDGE] = {42, 43, 43, 1},
    [JUDGE_HUSTOJ] = {0, 1, 1, 3},
};

static void check_usage(FILE *out)
{
    fputs("Usage: ojdoku check [OPTIONS] INPUT [OUTPUT [ANSWER]]\n"
          "       ojdoku check --judge=domjudge INPUT ANSWER FEEDBACK_DIR [FLAGS] < OUTPUT\n"
          "       ojdoku check --judge=hustoj INPUT ANSWER OUTPUT\n"
          "Judge a contestant's OUTPUT for the puzzles of INPUT, case by case: legal\n"
          "symbols, givens kept, no value repeated in a row, column or box, the right\n"
          "number of cases and, where the profile has them, the right verdict words.\n"
          "Any valid solution is accepted, except where the profile asks for the\n"
          "smallest (uva989).  ANSWER, the jury's output, is cross-checked against the\n"
          "solver; an empty ANSWER counts as none.  Without OUTPUT, or with '-', OUTPUT\n"
          "is read from standard input ('./sol < in | ojdoku check in'); '-' may name one\n"
          "other file instead.  Files are judged as they are read, whatever their size.\n"
          "Whitespace is free unless --strict.  One line on stderr says the verdict:\n"
          "'ok 12 cases', 'wrong answer: case 3: column 4 repeats 7', ...; an ok says\n"
          "where OUTPUT first differs from the exact framing, if it does: 'ok 3 cases\n"
          "(not byte-exact: line 10 column 1: missing blank line; --strict to reject)'.\n"
          "Without --format, an OUTPUT that fails at one of its first cases but that a\n"
          "judge profile would accept is named: '... (did you mean --format poj2918?)'.\n"
          "\n"
          "Options:\n"
          "  -f, --format=NAME   judge profile NAME (default: detect INPUT, mirror it)\n"
          "      --strict        the exact framing of the profile: spaces, blank lines,\n"
          "                      trailing whitespace, final newline (else presentation\n"
          "                      error)\n"
          "      --judge=KIND    calling convention: testlib (default), domjudge, hustoj\n"
          "                      (the last one given wins)\n"
          "  -s, --solver=NAME   solver for verdicts ('ojdoku solvers'; default auto)\n"
          "      --max-nodes=N   search budget per puzzle (default 10000000, 0 = none)\n"
          "  -h, --help          print this help and exit\n"
          "\n"
          "Exit status:\n"
          "  testlib   0 ok, 1 wrong answer, 2 presentation error, 3 checker failure\n"
          "            (bad arguments, bad INPUT or ANSWER, a wrong jury)\n"
          "  domjudge  42 accepted, 43 wrong answer or presentation error, 1 failure;\n"
          "            the message also goes to FEEDBACK_DIR/judgemessage.txt (one\n"
          "            that cannot be written is a failure, found before judging); of\n"
          "            the FLAGS, space_change_sensitive turns on --strict, others are\n"
          "            ignored\n"
          "  hustoj    0 accepted, 1 wrong answer or presentation error, 3 failure\n",
          out);
}

/* Is the stream empty?  Reads one byte ahead and puts it back. */
static bool stream_empty(FILE *file)
{
    int c = getc(file);
    if (c == EOF)
        return !ferror(file);
    ungetc(c, file);
    return false;
}

typedef struct check_args {
    judge_kind judge;
    ojd_check_options opt;
} check_args;

/* DOMjudge's FEEDBACK_DIR/judgemessage.txt, open from before judging to the verdict. */
typedef struct feedback_file {
    char *path;
    FILE *file;
} feedback_file;

/* Opens FEEDBACK_DIR/judgemessage.txt for writing; false with errno set when it cannot be. */
static bool feedback_open(feedback_file *fb, const char *dir)
{
    size_t n = strlen(dir) + sizeof "/judgemessage.txt";
    fb->file = NULL;
    fb->path = malloc(n);
    if (!fb->path) {
        errno = ENOMEM;
        return false;
    }
    snprintf(fb->path, n, "%s/judgemessage.txt", dir);
    fb->file = fopen(fb->path, "w");
    return fb->file != NULL;
}

/* Records the verdict line in judgemessage.txt (fb NULL or closed: none), then prints it on
 * stderr; returns the exit status.  A message that cannot be recorded is a failure, printed
 * instead of the verdict it would contradict. */
static int finish(judge_kind judge, ojd_verdict v, const char *message, feedback_file *fb)
{
    bool written = true;
    int e = 0;
    if (fb && fb->file) {
        errno = 0;
        written = fprintf(fb->file, "%s\n", message) >= 0 && fflush(fb->file) == 0;
        e = errno;
        if (fclose(fb->file) != 0 && written) {
            written = false;
            e = errno;
        }
        fb->file = NULL;
    }
    int status = exit_codes[judge][v];
    if (written) {
        fprintf(stderr, "%s\n", message);
    } else {
        fprintf(stderr, "FAIL: cannot write %s: %s (the verdict was: %s)\n", fb->path,
                strerror(e ? e : EIO), message);
        status = exit_codes[judge][OJD_VERDICT_FAIL];
    }
    if (fb) {
        free(fb->path);
        fb->path = NULL;
    }
    return status;
}

/* A checker failure before judging (bad arguments, unreadable files). */
static int fail_early(judge_kind judge, feedback_file *fb, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
static int fail_early(judge_kind judge, feedback_file *fb, const char *fmt, ...)
{
    char text[400], line[420];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    if (snprintf(line, sizeof line, "FAIL: %s", text) < 0)
        line[0] = '\0';
    return finish(judge, OJD_VERDICT_FAIL, line, fb);
}

/* The convention a --judge value names; false for none. */
static bool judge_named(const char *kind, judge_kind *judge)
{
    static const char *const names[] = {
        [JUDGE_TESTLIB] = "testlib", [JUDGE_DOMJUDGE] = "domjudge", [JUDGE_HUSTOJ] = "hustoj",
    };
    for (int k = 0; k < (int)(sizeof names / sizeof names[0]); k++) {
        if (strcmp(kind, names[k]) == 0) {
            *judge = (judge_kind)k;
            return true;
        }
    }
    return false;
}

/* If arg is --judge (or an abbreviation getopt accepts, such as --jud), its value: after '=',
 * or next (NULL when there is none). */
static bool is_judge_option(char **argv, int i, int argc, const char **value)
{
    const char *arg = argv[i];
    if (strncmp(arg, "--", 2) != 0)
        return false;
    size_t n = strcspn(arg + 2, "=");
    if (n == 0 || strncmp(arg + 2, "judge", n) != 0 || n > 5)
        return false;
    *value = arg[2 + n] == '=' ? arg + 3 + n : i + 1 < argc ? argv[i + 1] : NULL;
    return true;
}

/* Parses the options; returns -1 to go on, or an exit status. */
static int check_options(int argc, char **argv, check_args *a, int *first)
{
    static const struct option longs[] = {
        {"format", required_argument, NULL, 'f'},  {"strict", no_argument, NULL, 'S'},
        {"judge", required_argument, NULL, 'J'},   {"solver", required_argument, NULL, 's'},
        {"max-nodes", required_argument, NULL, 'N'}, {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    int c;
    char why[CLI_MESSAGE_SIZE];
    opterr = 0;
    /* the judge convention decides the failure status of every other option error, so it is
     * looked for first; the last one given wins, as with every option */
    for (int i = 1; i < argc && strcmp(argv[i], "--") != 0; i++) {
        const char *kind;
        if (is_judge_option(argv, i, argc, &kind) && kind)
            judge_named(kind, &a->judge);
    }
    while ((c = getopt_long(argc, argv, ":f:s:h", longs, NULL)) != -1) {
        switch (c) {
        case 'f':
            a->opt.format = cli_find_format(optarg, why, sizeof why);
            if (!a->opt.format)
                return fail_early(a->judge, NULL, "%s", why);
            break;
        case 'S':
            a->opt.strict = true;
            break;
        case 'J':
            if (!judge_named(optarg, &a->judge))
                return fail_early(JUDGE_TESTLIB, NULL,
                                  "--judge wants testlib, domjudge or hustoj, not '%s'", optarg);
            break;
        case 's':
            a->opt.solver = cli_find_solver(optarg, why, sizeof why);
            if (!a->opt.solver)
                return fail_early(a->judge, NULL, "%s", why);
            break;
        case 'N': {
            unsigned long long number;
            if (!cli_parse_number(optarg, ULONG_MAX, &number))
                return fail_early(a->judge, NULL, "--max-nodes wants a whole number, not '%s'",
                                  optarg);
            a->opt.max_nodes = (unsigned long)number;
            break;
        }
        case 'h':
            check_usage(stdout);
            return 0;
        case ':':
        default: /* the message every command gives, as a judge failure */
            cli_option_message(why, sizeof why, "check", longs, c, optopt, optind, argv);
            return fail_early(a->judge, NULL, "%s", why);
        }
    }
    *first = optind;
    return -1;
}

int cmd_check(int argc, char **argv)
{
    check_args a = {.judge = JUDGE_TESTLIB, .opt = {.max_nodes = DEFAULT_MAX_NODES}};
    int first = 0;
    int status = check_options(argc, argv, &a, &first);
    if (status >= 0)
        return status;
    char **pos = argv + first;
    int npos = argc - first;
    const char *input = NULL, *output = NULL, *answer = NULL, *feedback_dir = NULL;
    switch (a.judge) {
    case JUDGE_TESTLIB:
        if (npos < 1 || npos > 3)
            return fail_early(a.judge, NULL, "expected INPUT [OUTPUT [ANSWER]], got %d "
                              "argument%s (see 'ojdoku check --help')", npos,
                              npos == 1 ? "" : "s");
        input = pos[0];
        output = npos >= 2 ? pos[1] : "-";   /* testlib: no OUTPUT, standard input */
        answer = npos == 3 ? pos[2] : NULL;
        break;
    case JUDGE_DOMJUDGE:
        if (npos < 3)
            return fail_early(a.judge, NULL, "expected INPUT ANSWER FEEDBACK_DIR, got %d "
                              "argument%s (see 'ojdoku check --help')", npos,
                              npos == 1 ? "" : "s");
        input = pos[0];
        answer = pos[1];
        feedback_dir = pos[2];
        output = "-";
        for (int i = 3; i < npos; i++)
            if (strcmp(pos[i], "space_change_sensitive") == 0)
                a.opt.strict = true;
        break;
    case JUDGE_HUSTOJ:
        if (npos != 3)
            return fail_early(a.judge, NULL, "expected INPUT ANSWER OUTPUT, got %d argument%s"
                              " (see 'ojdoku check --help')", npos, npos == 1 ? "" : "s");
        input = pos[0];
        answer = pos[1];
        output = pos[2];
        break;
    }

    /* DOMjudge: the verdict must be recorded, so a FEEDBACK_DIR it cannot be written to is a
     * failure before anything is judged */
    feedback_file fb_store = {NULL, NULL}, *feedback = NULL;
    if (feedback_dir) {
        if (!feedback_open(&fb_store, feedback_dir)) {
            int e = errno;
            fprintf(stderr, "FAIL: cannot write %s/judgemessage.txt: %s\n", feedback_dir,
                    strerror(e));
            free(fb_store.path);
            return exit_codes[a.judge][OJD_VERDICT_FAIL];
        }
        feedback = &fb_store;
    }

    /* standard input can be read once: as one of the files only */
    int from_stdin = (strcmp(input, "-") == 0) + (strcmp(output, "-") == 0) +
                     (answer && strcmp(answer, "-") == 0);
    if (from_stdin > 1)
        return fail_early(a.judge, feedback, "only one of INPUT, OUTPUT and ANSWER can be "
                          "standard input ('-')%s", a.judge == JUDGE_DOMJUDGE
                          ? " (DOMjudge passes OUTPUT there)"
                          : npos == 1 ? " (OUTPUT, not given, is read from there)" : "");
    FILE *in = cli_open_input(input, NULL);
    if (!in)
        return fail_early(a.judge, feedback, "INPUT %s: %s", input, strerror(errno));
    FILE *ans = answer ? cli_open_input(answer, NULL) : NULL;
    if (answer && !ans) {
        int e = errno;
        cli_close_input(in);
        return fail_early(a.judge, feedback, "ANSWER %s: %s", answer, strerror(e));
    }
    FILE *out = cli_open_input(output, NULL);
    if (!out) {
        int e = errno;
        cli_close_input(in);
        cli_close_input(ans);
        return fail_early(a.judge, feedback, "OUTPUT %s: %s", output, strerror(e));
    }
    /* DOMjudge and HUSTOJ always pass an answer file; an empty one means "no jury answer" */
    bool use_answer = ans && !stream_empty(ans);
    ojd_check_report report = {.size = sizeof report};
    ojd_verdict v = ojd_check_stream(in, out, use_answer ? ans : NULL, &a.opt, &report);
    cli_close_input(in);
    cli_close_input(out);
    cli_close_input(ans);
    return finish(a.judge, v, report.message, feedback);
}
