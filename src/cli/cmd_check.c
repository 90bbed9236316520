/*
 * cmd_check.c -- `ojdoku check` (a special judge over ojd_check_stream(), in the calling
 * conventions of testlib, DOMjudge/Kattis and HUSTOJ) and `ojdoku validate` (LeetCode 36 /
 * AtCoder ABC 327 C: does any value repeat in a row, column or box of each grid).
 *
 * The judge files are opened and handed to the library as streams, which it reads case by case
 * in bounded memory: a contestant output of any size, or one that never ends, is judged, never
 * refused.  Only one of them can be standard input; testlib's OUTPUT, when omitted, is read
 * from there (`./sol < in | ojdoku check in`).  DOMjudge's FEEDBACK_DIR/judgemessage.txt is
 * opened before judging, so that a verdict is never printed and then contradicted by a failure
 * to record it.  Like every option, the last --judge wins.
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

/* ---- check --------------------------------------------------------------------------------- */

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

static void validate_usage(FILE *out)
{
    fputs("Usage: ojdoku validate [OPTIONS] [FILE...]\n"
          "       ojdoku validate --input --format=NAME [FILE...]\n"
          "Check every grid of FILEs (or standard input, also '-') as LeetCode 36 and\n"
          "AtCoder ABC 327 C do: no value may repeat in a row, column or box, so the\n"
          "givens are consistent and a complete grid is a correct solution.  One line\n"
          "per grid on standard output: 'valid' (a complete grid), 'valid (incomplete:\n"
          "45 blanks)' (consistent, with blanks left), 'invalid: row 2 repeats 8' (rows,\n"
          "columns and boxes count from 1, boxes row by row), or 'malformed' (the\n"
          "reason goes to standard error).\n"
          "With --input, check instead that each FILE is a test input exactly as judge\n"
          "NAME's statement writes it (a validator, as testlib's and Polygon's): the\n"
          "count line, row widths, the judge's blank and alphabet, separators, 'end',\n"
          "a final newline, no CR, tab or trailing space, and the statement's bounds\n"
          "(cases, blanks, sizes, unique or solvable cases where it promises them).\n"
          "Each violation goes to standard error as 'ojdoku: FILE:LINE:COL: error: ...';\n"
          "one line per file on standard output: 'FILE: valid, 12 cases' or 'FILE:\n"
          "invalid, 2 violations in 12 cases'.\n"
          "\n"
          "Options:\n"
          "      --complete      every cell must be filled: a grid with blanks is\n"
          "                      'invalid: incomplete (45 blanks)'\n"
          "      --input         validate test inputs against --format NAME's grammar\n"
          "  -f, --format=NAME   read the judge profile NAME (default: detect)\n"
          "  -h, --help          print this help and exit\n"
          "\n"
          "Exit status: 0 every grid (with --input: every file) valid, 1 some grid\n"
          "invalid or malformed (some file invalid), 2 usage or I/O error (such as a\n"
          "file that cannot be read).\n",
          out);
}

/* Opens a judge file ("-" = stdin); NULL with errno set when it cannot be opened. */
static FILE *open_judge_file(const char *path)
{
    return strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
}

static void close_judge_file(FILE *file)
{
    if (file && file != stdin)
        fclose(file);
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
            a->opt.format = ojd_format_find(optarg);
            if (!a->opt.format)
                return fail_early(a->judge, NULL, "unknown format '%s' (see 'ojdoku formats')",
                                  optarg);
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
            a->opt.solver = ojd_solver_find(optarg);
            if (!a->opt.solver)
                return fail_early(a->judge, NULL, "unknown solver '%s' (see 'ojdoku solvers')",
                                  optarg);
            break;
        case 'N': {
            unsigned long long number;
            if (!ojd_cli_parse_number(optarg, ULONG_MAX, &number))
                return fail_early(a->judge, NULL, "--max-nodes wants a whole number, not '%s'",
                                  optarg);
            a->opt.max_nodes = (unsigned long)number;
            break;
        }
        case 'h':
            check_usage(stdout);
            return 0;
        case ':':
        default: {
            char why[400]; /* the message every command gives, as a judge failure */
            ojd_cli_option_message(why, sizeof why, "check", longs, c, optopt, optind, argv);
            return fail_early(a->judge, NULL, "%s", why);
        }
        }
    }
    *first = optind;
    return -1;
}

int ojd_cmd_check(int argc, char **argv)
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
    FILE *in = open_judge_file(input);
    if (!in)
        return fail_early(a.judge, feedback, "INPUT %s: %s", input, strerror(errno));
    FILE *ans = answer ? open_judge_file(answer) : NULL;
    if (answer && !ans) {
        int e = errno;
        close_judge_file(in);
        return fail_early(a.judge, feedback, "ANSWER %s: %s", answer, strerror(e));
    }
    FILE *out = open_judge_file(output);
    if (!out) {
        int e = errno;
        close_judge_file(in);
        close_judge_file(ans);
        return fail_early(a.judge, feedback, "OUTPUT %s: %s", output, strerror(e));
    }
    /* DOMjudge and HUSTOJ always pass an answer file; an empty one means "no jury answer" */
    bool use_answer = ans && !stream_empty(ans);
    ojd_check_report report;
    ojd_verdict v = ojd_check_stream(in, out, use_answer ? ans : NULL, &a.opt, &report);
    close_judge_file(in);
    close_judge_file(out);
    close_judge_file(ans);
    return finish(a.judge, v, report.message, feedback);
}

/* ---- validate ------------------------------------------------------------------------------ */

/* What validate_stream() needs besides the stream. */
typedef struct validate_run {
    const ojd_format *format;
    bool complete; /* --complete: a grid with blanks is invalid */
    bool input;    /* --input: each stream is a test input of format's grammar */
    int status;    /* the highest exit status met */
} validate_run;

static void validate_raise(validate_run *run, int status)
{
    if (status > run->status)
        run->status = status;
}

/* Validates every grid of one stream.  false on an I/O error (already reported). */
static bool validate_stream(validate_run *run, FILE *in, const char *file)
{
    ojd_reader *reader = ojd_reader_new(in, file, run->format);
    if (!reader) {
        ojd_cli_fail("out of memory");
        return false;
    }
    bool ok = true;
    for (;;) {
        ojd_puzzle pz;
        ojd_error err, warning;
        ojd_status st = ojd_reader_next(reader, &pz, &err);
        int read_errno = errno;
        while (ojd_reader_warning(reader, &warning))
            ojd_cli_diagnose(file, &warning, "warning");
        if (st == OJD_END)
            break;
        if (st == OJD_ERR_PARSE) {
            ojd_cli_diagnose(file, &err, "error");
            puts("malformed");
            validate_raise(run, OJD_EXIT_UNANSWERED);
            continue;
        }
        if (st != OJD_OK) {
            ojd_cli_fail("%s: %s", file,
                         st == OJD_ERR_IO && read_errno ? strerror(read_errno) : ojd_strerror(st));
            ok = false;
            break;
        }
        char why[128];
        int cells = pz.board.side * pz.board.side, blanks = 0;
        for (int i = 0; i < cells; i++)
            blanks += pz.board.cell[i] == 0;
        if (!ojd_check_grid(&pz.board, why, sizeof why)) {
            printf("invalid: %s\n", why);
            validate_raise(run, OJD_EXIT_UNANSWERED);
        } else if (blanks == 0) {
            puts("valid");
        } else if (run->complete) {
            printf("invalid: incomplete (%d blank%s)\n", blanks, blanks == 1 ? "" : "s");
            validate_raise(run, OJD_EXIT_UNANSWERED);
        } else {
            printf("valid (incomplete: %d blank%s)\n", blanks, blanks == 1 ? "" : "s");
        }
    }
    ojd_reader_free(reader);
    return ok;
}

/* --input: reports each violation of the judge's grammar as a diagnostic. */
static void report_violation(void *ctx, const ojd_error *violation)
{
    ojd_cli_diagnose((const char *)ctx, violation, "error");
}

/* Validates one stream as a test input of run->format (ojd_validate_input()): one summary line
 * on stdout.  false on an I/O error (reported). */
static bool validate_input(validate_run *run, FILE *in, const char *file)
{
    ojd_validate_options opt = {.max_nodes = DEFAULT_MAX_NODES};
    ojd_validate_report rep;
    ojd_status st = ojd_validate_input(in, run->format, &opt, report_violation, (void *)file,
                                       &rep);
    if (st == OJD_ERR_IO || st == OJD_ERR_NOMEM) {
        ojd_cli_fail("%s: %s", file, st == OJD_ERR_IO && errno ? strerror(errno)
                                                                : ojd_strerror(st));
        return false;
    }
    if (st == OJD_OK) {
        printf("%s: valid, %lu case%s\n", file, rep.cases, rep.cases == 1 ? "" : "s");
    } else {
        printf("%s: invalid, %lu violation%s in %lu case%s\n", file, rep.violations,
               rep.violations == 1 ? "" : "s", rep.cases, rep.cases == 1 ? "" : "s");
        validate_raise(run, OJD_EXIT_UNANSWERED);
    }
    return true;
}

int ojd_cmd_validate(int argc, char **argv)
{
    static const struct option longs[] = {
        {"complete", no_argument, NULL, 'C'},
        {"input", no_argument, NULL, 'I'},
        {"format", required_argument, NULL, 'f'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    validate_run run = {.status = OJD_EXIT_OK};
    int c;
    opterr = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, ":f:h", longs, NULL)) != -1) {
        switch (c) {
        case 'C':
            run.complete = true;
            break;
        case 'I':
            run.input = true;
            break;
        case 'f':
            run.format = ojd_format_find(optarg);
            if (!run.format) {
                ojd_cli_fail("unknown format '%s' (see 'ojdoku formats')", optarg);
                return OJD_EXIT_USAGE;
            }
            break;
        case 'h':
            validate_usage(stdout);
            return OJD_EXIT_OK;
        case ':':
        default:
            return ojd_cli_option_error("validate", longs, c, optopt, optind, argv);
        }
    }
    if (run.input && run.complete) {
        ojd_cli_fail("validate: --input checks test inputs, --complete answers: they do not "
                     "combine");
        return OJD_EXIT_USAGE;
    }
    if (run.input && !run.format) {
        ojd_cli_fail("validate: --input needs --format NAME, the judge whose grammar to check "
                     "(see 'ojdoku formats')");
        return OJD_EXIT_USAGE;
    }
    if (run.input && run.format->grammar == OJD_GRAMMAR_AUTO) {
        ojd_cli_fail("validate: --input needs a judge's grammar: format '%s' reads any (see "
                     "'ojdoku formats')", run.format->name);
        return OJD_EXIT_USAGE;
    }
    bool (*each)(validate_run *, FILE *, const char *) =
        run.input ? validate_input : validate_stream;
    bool io_ok = true;
    if (optind >= argc)
        io_ok = each(&run, stdin, "<stdin>");
    for (int i = optind; io_ok && i < argc; i++) {
        const char *name;
        FILE *in = ojd_cli_open_input(argv[i], &name);
        if (!in) { /* as solve: say so, go on with the next file, exit 2 at the end */
            ojd_cli_fail("%s: %s", argv[i], strerror(errno));
            validate_raise(&run, OJD_EXIT_USAGE);
            continue;
        }
        io_ok = each(&run, in, name);
        ojd_cli_close_input(in);
    }
    int status = run.status;
    if (fflush(stdout) != 0 || ferror(stdout)) {
        ojd_cli_fail("write error: %s", strerror(errno ? errno : EIO));
        io_ok = false;
    }
    return io_ok ? status : OJD_EXIT_USAGE;
}
