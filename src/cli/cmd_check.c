/*
 * cmd_check.c -- `ojdoku check`: a special judge over ojd_check_stream(), in the calling
 * conventions of testlib, DOMjudge/Kattis, HUSTOJ, Lemon, CMS and QDUOJ.
 *
 * The conventions are one table (conventions[]): argument order, exit status per verdict and
 * where the verdict goes.  Their files are opened before judging and written stdout first, then
 * the files, then stderr, so a failure to record a verdict turns it into the convention's
 * failure, never exit 2 (testlib's presentation error).  The judge files are streams read in
 * bounded memory: any contestant output is judged, never refused.  docs/checker.md, "Calling
 * conventions", says each convention's contract.
 */
#include "cli.h"
#include "cli/judging/explain.h"

#include <errno.h>
#include <stdarg.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define DEFAULT_MAX_NODES 10000000UL

typedef enum judge_kind {
    JUDGE_TESTLIB, JUDGE_DOMJUDGE, JUDGE_KATTIS, JUDGE_HUSTOJ, JUDGE_LEMON, JUDGE_CMS, JUDGE_QDUOJ,
    JUDGE_KINDS
} judge_kind;

/* What a convention's positional arguments name. */
typedef enum judge_arg {
    ARG_INPUT,
    ARG_OUTPUT,         /* not passed (DOMjudge) or omitted (testlib): standard input */
    ARG_ANSWER,
    ARG_FEEDBACK_DIR,   /* DOMjudge: the verdict line goes to FEEDBACK_DIR/judgemessage.txt */
    ARG_RESULT_FILE,    /* testlib: the message goes there */
    ARG_APPES,          /* testlib: "-appes" after RESULT_FILE, which is then XML */
    ARG_FULL_SCORE,     /* Lemon: the score of an accepted test */
    ARG_SCORE_FILE,     /* Lemon: the score goes there */
    ARG_REPORT_FILE,    /* Lemon: the verdict line goes there */
    ARG_KINDS
} judge_arg;

#define MAX_POSITIONAL 6

typedef struct convention {
    const char *name;
    const char *expected;        /* the positional arguments, as a wrong count names them */
    judge_arg order[MAX_POSITIONAL]; /* what each positional argument names, in order */
    int required, most;          /* how many positional arguments: at least, at most */
    bool flags_follow;           /* DOMjudge: arguments after the last are flags */
    bool score_on_stdout;        /* CMS: the score, 1.0 or 0.0, is the line on stdout */
    int exit_codes[4];           /* exit status by ojd_verdict (OK, WRONG, PRESENTATION, FAIL) */
    int points_exit;             /* --score cases, some cases right but not all: the exit status
                                  * of a partial score; -1 = the convention has no way to give
                                  * a score (HUSTOJ's and QDUOJ's special judges say yes or no) */
    ojd_verdict no_output;       /* an OUTPUT file that cannot be opened: the contestant's fault
                                  * where the program writes that file, else the judge's (FAIL) */
} convention;

/* Each judge's contract, from its sources: docs/checker.md, "Calling conventions".  Lemon and
 * CMS tell the verdict by the score, so every judged verdict exits 0 there; DOMjudge reads no
 * score.txt, so a partial score (its 42) would judge a wrong answer correct: it has none. */
static const convention conventions[JUDGE_KINDS] = {
    [JUDGE_TESTLIB] = {"testlib", "INPUT [OUTPUT [ANSWER [RESULT_FILE [-appes]]]]",
                       {ARG_INPUT, ARG_OUTPUT, ARG_ANSWER, ARG_RESULT_FILE, ARG_APPES}, 1, 5,
                       false, false, {0, 1, 2, 3}, 7, OJD_VERDICT_PRESENTATION},
    [JUDGE_DOMJUDGE] = {"domjudge", "INPUT ANSWER FEEDBACK_DIR",
                        {ARG_INPUT, ARG_ANSWER, ARG_FEEDBACK_DIR}, 3, 3, true, false,
                        {42, 43, 43, 1}, -1, OJD_VERDICT_FAIL},
    [JUDGE_KATTIS] = {"kattis", "INPUT ANSWER FEEDBACK_DIR",
                      {ARG_INPUT, ARG_ANSWER, ARG_FEEDBACK_DIR}, 3, 3, true, false,
                      {42, 43, 43, 1}, 42, OJD_VERDICT_FAIL},
    [JUDGE_HUSTOJ] = {"hustoj", "INPUT ANSWER OUTPUT", {ARG_INPUT, ARG_ANSWER, ARG_OUTPUT}, 3, 3,
                      false, false, {0, 1, 1, 3}, -1, OJD_VERDICT_FAIL},
    [JUDGE_LEMON] = {"lemon", "INPUT OUTPUT ANSWER FULLSCORE SCOREFILE REPORTFILE",
                     {ARG_INPUT, ARG_OUTPUT, ARG_ANSWER, ARG_FULL_SCORE, ARG_SCORE_FILE,
                      ARG_REPORT_FILE}, 6, 6, false, false, {0, 0, 0, 1}, 0, OJD_VERDICT_WRONG},
    [JUDGE_CMS] = {"cms", "INPUT ANSWER OUTPUT", {ARG_INPUT, ARG_ANSWER, ARG_OUTPUT}, 3, 3, false,
                   true, {0, 0, 0, 1}, 0, OJD_VERDICT_WRONG},
    [JUDGE_QDUOJ] = {"qduoj", "INPUT OUTPUT", {ARG_INPUT, ARG_OUTPUT}, 2, 2, false, false,
                     {0, 1, 1, 255}, -1, OJD_VERDICT_FAIL},
};

/* The profiles whose task is the smallest solution, "a, b or c", from the profile table: the
 * help names them all, whatever the table holds. */
static void smallest_profiles(char *buf, size_t size)
{
    const ojd_profile *const *all = ojd_profile_list();
    size_t n = 0, k = 0;
    for (size_t i = 0; all[i]; i++)
        n += strcmp(ojd_profile_task_name(all[i]), "smallest") == 0;
    buf[0] = '\0';
    for (size_t i = 0, len = 0; all[i] && len < size; i++) {
        if (strcmp(ojd_profile_task_name(all[i]), "smallest") != 0)
            continue;
        k++;
        int w = snprintf(buf + len, size - len, "%s%s", k == 1 ? "" : k == n ? " or " : ", ",
                         ojd_profile_name(all[i]));
        len += w > 0 ? (size_t)w : 0;
    }
}

static void check_usage(FILE *out)
{
    fputs("Usage: ojdoku check [OPTIONS] INPUT [OUTPUT [ANSWER [RESULT_FILE [-appes]]]]\n"
          "       ojdoku check --judge=domjudge INPUT ANSWER FEEDBACK_DIR [FLAGS] < OUTPUT\n"
          "       ojdoku check --judge=kattis INPUT ANSWER FEEDBACK_DIR [FLAGS] < OUTPUT\n"
          "       ojdoku check --judge=hustoj INPUT ANSWER OUTPUT\n"
          "       ojdoku check --judge=lemon INPUT OUTPUT ANSWER FULLSCORE SCOREFILE\n"
          "                    REPORTFILE\n"
          "       ojdoku check --judge=cms INPUT ANSWER OUTPUT\n"
          "       ojdoku check --judge=qduoj INPUT OUTPUT\n"
          "Judge a contestant's OUTPUT for the puzzles of INPUT, case by case: legal\n"
          "symbols, givens kept, no value repeated in a row, column or box, the right\n"
          "number of cases and, where the profile has them, the right verdict words.\n"
          "Any valid solution is accepted, except where the profile asks for the\n",
          out);
    /* "smallest (...)." wrapped at 79 columns, the list being the table's */
    char smallest[256], *word, *save = NULL;
    smallest_profiles(smallest, sizeof smallest);
    int col = fprintf(out, "smallest (");
    for (word = strtok_r(smallest, " ", &save); word; word = strtok_r(NULL, " ", &save)) {
        bool last = save == NULL || *save == '\0';
        int len = (int)strlen(word) + (last ? 2 : 0);
        if (col > 10 && col + 1 + len > 79) {
            fputc('\n', out);
            col = 0;
        } else if (col > 10) {
            col += fprintf(out, " ");
        }
        col += fprintf(out, "%s%s", word, last ? ")." : "");
    }
    fputs("\n"
          "ANSWER, the jury's output, is cross-checked against the solver; an empty\n"
          "ANSWER counts as none.  Without OUTPUT, or with '-', OUTPUT is read from\n"
          "standard input ('./sol < in | ojdoku check in'); '-' may name one other file\n"
          "instead.  Files are judged as they are read, whatever their size.\n"
          "Whitespace is free unless --strict.  One line on stderr says the verdict:\n"
          "'ok 12 cases', 'wrong answer: case 3: column 4 repeats 7', ...; an ok says\n"
          "where OUTPUT first differs from the exact framing, if it does: 'ok 3 cases\n"
          "(not byte-exact: line 10 column 1: missing blank line)', and at a terminal\n"
          "'; --strict to reject' inside the brackets (never in a judge's files).\n"
          "Without --format, an OUTPUT that fails at one of its first cases but that a\n"
          "judge profile would accept is named: '... (did you mean --format poj2918?)'.\n"
          "\n"
          "Options:\n"
          "  -f, --format=NAME   judge profile NAME (default: detect INPUT, mirror it)\n"
          "      --strict        the exact framing of the profile: spaces, blank lines,\n"
          "                      trailing whitespace, final newline (else presentation\n"
          "                      error)\n"
          "      --judge=KIND    calling convention: testlib (default), domjudge, kattis,\n"
          "                      hustoj, lemon, cms, qduoj (the last one given wins)\n"
          "  -s, --solver=NAME   solver for verdicts ('ojdoku solvers'; default auto)\n"
          "      --max-nodes=N   search budget per puzzle (default 10000000, 0 = none)\n"
          "      --explain       for a wrong case, show on standard output its puzzle,\n"
          "                      the grid OUTPUT gave and a correct solution side by\n"
          "                      side, with the fault marked\n"
          "      --box=RxC       INPUT's grids have boxes of R rows and C columns\n"
          "                      (default: square boxes, else wider than tall)\n"
          "      --variant=LIST  jigsaw, x, windoku, killer: the units of INPUT's puzzles\n"
          "                      (a jigsaw brings its regions, a killer its cages);\n"
          "                      answers judged by them ('cage 7 sums to 14, not 15')\n"
          "      --score=cases   a partial score, the fraction of cases right (below);\n"
          "                      a wrong case whose answer is whole (a grid, a word, a\n"
          "                      number) costs itself only, any other fault every case\n"
          "                      from it on, output after the last case all of them\n"
          "  -h, --help          print this help and exit\n"
          "\n",
          out);
    /* two strings: one would pass the 4095 bytes C11 promises a string literal; flushed
     * between them, so that a write that fails is seen by cli_flush_stdout(), which keeps its
     * errno (ENOSPC), and not inside the next fputs(), where it would be lost */
    if (out == stdout)
        cli_flush_stdout(NULL);
    fputs("Exit status and where the verdict goes (files are opened before judging; one\n"
          "that cannot be written is a failure):\n"
          "  testlib   0 ok, 1 wrong answer, 2 presentation error (an OUTPUT that\n"
          "            cannot be read too), 3 checker failure (bad arguments, bad INPUT\n"
          "            or ANSWER, a wrong jury); the message also goes to RESULT_FILE,\n"
          "            in testlib's XML with -appes\n"
          "  domjudge  42 accepted, 43 wrong answer or presentation error, 1 failure;\n"
          "            the message also goes to FEEDBACK_DIR/judgemessage.txt; of the\n"
          "            FLAGS, space_change_sensitive turns on --strict, case_sensitive\n"
          "            holds the verdict words to their case where the profile's\n"
          "            judge takes any case (formats ID: 'judged'), others are ignored\n"
          "  kattis    (problemtools) as domjudge, and a score with --score=cases\n"
          "  hustoj    0 accepted, 1 wrong answer or presentation error, 3 failure\n"
          "  lemon     0 judged: FULLSCORE (accepted) or 0 written to SCOREFILE (an\n"
          "            OUTPUT that cannot be read: 0), the message to REPORTFILE;\n"
          "            1 failure (SCOREFILE left empty)\n"
          "  cms       0 judged: 1.0 (accepted) or 0.0 (also an OUTPUT that cannot be\n"
          "            read) on standard output; 1 failure\n"
          "  qduoj     0 accepted, 1 wrong answer or presentation error, 255 failure\n"
          "With --score=cases, some cases right but not all: testlib exits 7 (quitp's\n"
          "points; RESULT_FILE starts with the fraction), kattis exits 42 with the\n"
          "fraction in FEEDBACK_DIR/score.txt (also written, 0.0 or 1.0, for any other\n"
          "verdict), lemon writes FULLSCORE * right / total rounded down, cms the\n"
          "fraction; domjudge (which reads no score.txt: 42 would accept a partly wrong\n"
          "output), hustoj and qduoj have no score (a failure).  A presentation error\n"
          "scores 0.  The verdict line says '... (3 of 4 cases right)'.\n",
          out);
}

typedef struct check_args {
    judge_kind judge;
    ojd_check_options opt;
    bool explain;             /* --explain: the side-by-side view of a wrong case */
    char error[CLI_MESSAGE_SIZE]; /* the first error of the command line, "" for none */
} check_args;

/* A file the judge names for the verdict, open from before judging to the verdict. */
typedef enum sink_kind {
    SINK_LINE,          /* the verdict line and a newline (judgemessage.txt, Lemon's report) */
    SINK_TESTLIB_TEXT,  /* testlib's result file: the message, no newline, as testlib writes it */
    SINK_TESTLIB_XML,   /* the same with -appes: <result outcome = "...">message</result> */
    SINK_SCORE,         /* Lemon's score file: FULLSCORE or 0; nothing for a failure */
    SINK_FRACTION       /* Kattis's FEEDBACK_DIR/score.txt (--score cases): the fraction of
                         * cases right; nothing for a failure */
} sink_kind;

typedef struct sink {
    sink_kind kind;
    char *path;
    FILE *file;
} sink;

/* --score cases: the cases right of all, for the conventions' scores (score.on false: the
 * verdict alone, as without the option). */
typedef struct case_score {
    bool on;
    unsigned long right, total;
} case_score;

/* The files a call writes (at most two: Lemon's report, then its score, or DOMjudge's
 * judgemessage.txt, then score.txt; the score is written last so that it is never on disk
 * beside a failure to write the report, or to write standard output before it), and the score
 * they hold. */
typedef struct sinks {
    sink at[2];
    int count;
    unsigned long full_score;
    case_score score;
} sinks;

/* Adds a file to be written, path copied from dir + name; false (errno ENOMEM) when no memory. */
static bool sink_add(sinks *s, sink_kind kind, const char *dir, const char *name)
{
    size_t n = (dir ? strlen(dir) + 1 : 0) + strlen(name) + 1;
    sink *k = &s->at[s->count];
    k->kind = kind;
    k->file = NULL;
    k->path = malloc(n);
    if (!k->path) {
        errno = ENOMEM;
        return false;
    }
    snprintf(k->path, n, "%s%s%s", dir ? dir : "", dir ? "/" : "", name);
    s->count++;
    return true;
}

/* Opens every file for writing, each one even after one that cannot be: opening truncates, so
 * Lemon's SCOREFILE is empty from here on whatever else fails (a score left there from an
 * earlier call would be read as this one's).  NULL, or the path of the first that cannot be
 * opened, with *err why. */
static const char *sinks_open(sinks *s, int *err)
{
    const char *first = NULL;
    for (int i = 0; i < s->count; i++) {
        s->at[i].file = fopen(s->at[i].path, "w");
        if (!s->at[i].file && !first) {
            first = s->at[i].path;
            *err = errno;
        }
    }
    return first;
}

static void sinks_free(sinks *s)
{
    for (int i = 0; i < s->count; i++) {
        if (s->at[i].file)
            fclose(s->at[i].file);
        free(s->at[i].path);
    }
    s->count = 0;
}

/* testlib's outcome names (testlib.h, outcomes[]), by ojd_verdict. */
static const char *const testlib_outcomes[4] = {
    "accepted", "wrong-answer", "presentation-error", "fail",
};

/* The cases right under verdict v: all for an ok, the report's count for a wrong answer (the
 * cases judged right before and after the first wrong one), none for a presentation error,
 * which is the whole file's framing. */
static unsigned long right_under(const case_score *sc, ojd_verdict v)
{
    return v == OJD_VERDICT_OK ? sc->total : v == OJD_VERDICT_WRONG ? sc->right : 0;
}

/* right/total as a decimal with a point, at most ten places and no trailing zeros ("1.0",
 * "0.5", "0.3333333333"), as CMS, Kattis and testlib's quitp() write a score. */
static void fraction_text(char *buf, size_t size, unsigned long right, unsigned long total)
{
    snprintf(buf, size, "%.10f", total ? (double)right / (double)total : 0.0);
    char *end = buf + strlen(buf);
    while (end - buf > 3 && end[-1] == '0' && end[-2] != '.')
        *--end = '\0';
}

/* FULLSCORE * right / total, rounded down (Lemon reads a whole number), without overflow. */
static unsigned long long scaled_score(unsigned long full, unsigned long right,
                                       unsigned long total)
{
    if (total == 0)
        return 0;
    unsigned long long q = full / total, r = full % total;
    return q * right + r * right / total;
}

/* Does verdict v earn a partial score: --score cases, a wrong answer with some cases right? */
static bool is_partial(const case_score *sc, ojd_verdict v)
{
    return sc->on && v == OJD_VERDICT_WRONG && sc->right > 0;
}

/* Writes the verdict into one file in its kind's form; false on a write error. */
static bool sink_write(const sink *k, ojd_verdict v, const char *message, const sinks *s)
{
    const case_score *sc = &s->score;
    char fraction[32];
    fraction_text(fraction, sizeof fraction, sc->on ? right_under(sc, v) : 0, sc->total);
    switch (k->kind) {
    case SINK_LINE:
        fprintf(k->file, "%s\n", message);
        break;
    case SINK_TESTLIB_TEXT: /* quitp(): the points, then the message */
        if (is_partial(sc, v))
            fprintf(k->file, "%s ", fraction);
        fputs(message, k->file);
        break;
    case SINK_TESTLIB_XML:
        fputs("<?xml version=\"1.0\" encoding=\"windows-1251\"?>", k->file);
        if (is_partial(sc, v))
            fprintf(k->file, "<result outcome = \"points\" points = \"%.10f\">",
                    (double)sc->right / (double)sc->total);
        else
            fprintf(k->file, "<result outcome = \"%s\">", testlib_outcomes[v]);
        cli_put_xml(k->file, message, CLI_XML_CONTROLS); /* as testlib's xmlSafeWrite() */
        fputs("</result>\n", k->file);
        break;
    case SINK_SCORE:
        if (v == OJD_VERDICT_FAIL) /* no score: Lemon then sees the failure exit status */
            break;
        if (sc->on)
            fprintf(k->file, "%llu\n", scaled_score(s->full_score, right_under(sc, v), sc->total));
        else
            fprintf(k->file, "%lu\n", v == OJD_VERDICT_OK ? s->full_score : 0UL);
        break;
    case SINK_FRACTION:
        if (v != OJD_VERDICT_FAIL)
            fprintf(k->file, "%s\n", fraction);
        break;
    }
    return !ferror(k->file) && fflush(k->file) == 0;
}

/* What --explain shows on standard output: the report's wrong case, in the profile it was
 * judged in. */
typedef struct explain_view {
    const ojd_check_report *report;
    const ojd_profile *format;
} explain_view;

/* The verdict line on stderr.  At a terminal, an ok that is not byte-exact says how to reject
 * it: advice for the person who typed the command, never for the files a judge shows, nor for
 * a judge that reads stderr (testlib's, without RESULT_FILE; DOMjudge appends it to
 * judgemessage.txt). */
static void print_verdict_line(ojd_verdict v, const char *message)
{
    size_t n = strlen(message);
    if (v == OJD_VERDICT_OK && n > 0 && message[n - 1] == ')' &&
        strstr(message, " (not byte-exact: ") && isatty(STDERR_FILENO))
        fprintf(stderr, "%.*s; --strict to reject)\n", (int)(n - 1), message);
    else
        fprintf(stderr, "%s\n", message);
}

/* The verdict becomes a failure to record it: "FAIL: cannot write WHERE: REASON (the verdict
 * was: ...)" in line, the first failure only (a failure to write that is not wrapped again). */
static const char *cannot_write(char *line, size_t size, bool *wrapped, const char *where,
                                int err, const char *message)
{
    if (*wrapped)
        return message;
    *wrapped = true;
    if (snprintf(line, size, "FAIL: cannot write %s: %s (the verdict was: %s)", where,
                 strerror(err ? err : EIO), message) < 0)
        snprintf(line, size, "FAIL: cannot write %s", where);
    return line;
}

/*
 * Records the verdict where the convention's judge reads it, then prints the verdict line on
 * stderr; returns the exit status.  Standard output first (CMS's score, then view's --explain;
 * NULL: none), then the files of s (NULL: none): what fails to be written turns the verdict into
 * FAIL for everything after it, and the stderr line says what failed and what the verdict was.
 * Invariant: never a verdict a file or the exit status contradicts, never exit 2 for a failure.
 */
static int finish(judge_kind judge, ojd_verdict v, const char *message, sinks *s,
                  const explain_view *view)
{
    const convention *c = &conventions[judge];
    char line[2 * sizeof ((ojd_check_report *)NULL)->message];
    bool wrapped = false;
    bool score = c->score_on_stdout && v != OJD_VERDICT_FAIL;
    const case_score *sc = s ? &s->score : NULL;
    if (score && sc && sc->on) {
        char fraction[32];
        fraction_text(fraction, sizeof fraction, right_under(sc, v), sc->total);
        printf("%s\n", fraction);
    } else if (score) {
        printf("%s\n", v == OJD_VERDICT_OK ? "1.0" : "0.0");
    }
    if (view) /* after CMS's score, which is the first line CMS reads */
        cli_explain(stdout, view->report, view->format, true,
                    isatty(STDOUT_FILENO) && !getenv("NO_COLOR"), "");
    int err;
    if ((score || view) && !cli_flush_stdout(&err)) {
        cli_stdout_reported(); /* said here, in the convention's terms */
        message = cannot_write(line, sizeof line, &wrapped, "standard output", err, message);
        v = OJD_VERDICT_FAIL;
    }
    for (int i = 0; s && i < s->count; i++) {
        sink *k = &s->at[i];
        if (!k->file)
            continue;
        errno = 0;
        bool written = sink_write(k, v, message, s);
        err = errno;
        if (fclose(k->file) != 0 && written) {
            written = false;
            err = errno;
        }
        k->file = NULL;
        if (!written) {
            if (k->kind == SINK_SCORE && truncate(k->path, 0) != 0) {
                /* a device or a pipe: what could not be written is not in it */
            }
            message = cannot_write(line, sizeof line, &wrapped, k->path, err, message);
            v = OJD_VERDICT_FAIL;
        }
    }
    print_verdict_line(v, message);
    bool partial = sc && is_partial(sc, v);
    if (s)
        sinks_free(s);
    return partial ? c->points_exit : c->exit_codes[v];
}

/* A checker failure before judging (bad arguments, unreadable files). */
static int fail_early(judge_kind judge, sinks *s, const char *fmt, ...)
    CLI_PRINTF(3, 4);
static int fail_early(judge_kind judge, sinks *s, const char *fmt, ...)
{
    char text[400], line[420];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    if (snprintf(line, sizeof line, "FAIL: %s", text) < 0)
        line[0] = '\0';
    return finish(judge, OJD_VERDICT_FAIL, line, s, NULL);
}

/* The convention a --judge value names; false for none. */
static bool judge_named(const char *kind, judge_kind *judge)
{
    for (int k = 0; k < JUDGE_KINDS; k++) {
        if (strcmp(kind, conventions[k].name) == 0) {
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

static bool is_appes(const char *arg)
{
    return strcmp(arg, "-appes") == 0 || strcmp(arg, "-APPES") == 0;
}

/* An argument that starts with '-' but is no option of check: testlib's -appes (an argument,
 * not a bundle of short options) and a signed number (Lemon's FULLSCORE -5: check has no digit
 * option).  getopt would call them unknown options, so they are operands: see check_options(). */
static bool is_dash_operand(const char *arg)
{
    return is_appes(arg) || (arg[0] == '-' && arg[1] >= '0' && arg[1] <= '9');
}

/* Has argv[i] (i < n) been shown to getopt without its '-'?  Then p is argv[i] + 1. */
static bool was_hidden(char *const *hidden, int n, const char *p)
{
    for (int i = 0; i < n; i++)
        if (hidden[i] == p)
            return true;
    return false;
}

/* Keeps the first error of the command line (why is a buffer of CLI_MESSAGE_SIZE bytes). */
static void keep_error(char *why, const char *fmt, ...)
    CLI_PRINTF(2, 3);
static void keep_error(char *why, const char *fmt, ...)
{
    if (why[0])
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, CLI_MESSAGE_SIZE, fmt, ap);
    va_end(ap);
}

static const struct option check_longs[] = {
    {"format", required_argument, NULL, 'f'},  {"strict", no_argument, NULL, 'S'},
    {"judge", required_argument, NULL, 'J'},   {"solver", required_argument, NULL, 's'},
    {"max-nodes", required_argument, NULL, 'N'}, {"help", no_argument, NULL, 'h'},
    {"explain", no_argument, NULL, 'E'},       {"box", required_argument, NULL, 'B'},
    {"score", required_argument, NULL, 'C'},   {"variant", required_argument, NULL, 'U'},
    {NULL, 0, NULL, 0},
};

/* The judge convention decides the failure status of every other option error, so it is
 * looked for before the rest; the last one given wins, as with every option. */
static void find_judge(int argc, char **argv, check_args *a)
{
    for (int i = 1; i < argc && strcmp(argv[i], "--") != 0; i++) {
        const char *kind;
        if (is_judge_option(argv, i, argc, &kind) && kind)
            judge_named(kind, &a->judge);
    }
}

/* getopt is shown the dash operands without their '-' (argv[i] + 1, an operand or an option's
 * value to it), and they get it back where they land (unhide_dash_operands).  Returns how many
 * were hidden, each in hidden[] (room for argc). */
static int hide_dash_operands(int argc, char **argv, char **hidden)
{
    int nhidden = 0;
    for (int i = 1; i < argc && strcmp(argv[i], "--") != 0; i++)
        if (is_dash_operand(argv[i]))
            argv[i] = hidden[nhidden++] = argv[i] + 1;
    return nhidden;
}

/* Gives the hidden operands their '-' back: in optarg, or among the operands, which getopt
 * moves to the end of argv. */
static void unhide_dash_operands(int argc, char **argv, char *const *hidden, int nhidden)
{
    for (int i = 1; i < argc; i++) /* wherever getopt has put them */
        if (was_hidden(hidden, nhidden, argv[i]))
            argv[i]--;
}

/* An option of what is judged and how (all but --judge and --help): true when c is one.  A bad
 * value is kept in a->error and the parsing goes on. */
static bool judging_option(int c, const char *value, check_args *a)
{
    char why[CLI_MESSAGE_SIZE];
    switch (c) {
    case 'f':
        a->opt.format = cli_find_format(value, why, sizeof why);
        if (!a->opt.format)
            keep_error(a->error, "%s", why);
        return true;
    case 'S':
        a->opt.strict = true;
        return true;
    case 'E':
        a->explain = true;
        return true;
    case 'C':
        if (strcmp(value, "cases") == 0)
            a->opt.score_cases = true;
        else
            keep_error(a->error, "--score wants 'cases' (the fraction of cases right), "
                       "not '%s'", value);
        return true;
    case 'U':
        if (!cli_read_variant(value, &a->opt.units, why, sizeof why))
            keep_error(a->error, "%s", why);
        return true;
    case 'B': {
        cli_box box;
        if (cli_read_box(value, &box, why, sizeof why)) {
            a->opt.box_rows = box.rows;
            a->opt.box_cols = box.cols;
        } else {
            keep_error(a->error, "%s", why);
        }
        return true;
    }
    case 's':
        a->opt.solver = cli_find_solver(value, why, sizeof why);
        if (!a->opt.solver)
            keep_error(a->error, "%s", why);
        return true;
    case 'N': {
        unsigned long long number;
        if (cli_parse_number(value, ULONG_MAX, &number))
            a->opt.max_nodes = (unsigned long)number;
        else
            keep_error(a->error, "--max-nodes wants a whole number, not '%s'", value);
        return true;
    }
    default:
        return false;
    }
}

/* --judge NAME (a bad one ends the parsing) and --help (answered at once): -1 to go on, or an
 * exit status. */
static int answering_option(int c, const char *value, check_args *a)
{
    if (c == 'J') {
        if (judge_named(value, &a->judge))
            return -1;
        if (a->error[0]) /* an error before it is the answer, as it was the first */
            return fail_early(a->judge, NULL, "%s", a->error);
        return fail_early(JUDGE_TESTLIB, NULL, "--judge wants testlib, domjudge, kattis, "
                          "hustoj, lemon, cms or qduoj, not '%s'", value);
    }
    if (a->error[0])
        return -1; /* an error before --help: that is the answer */
    check_usage(stdout);
    int err;
    if (!cli_flush_stdout(&err)) { /* a failure in the convention's terms, as always */
        cli_stdout_reported();
        return fail_early(a->judge, NULL, "cannot write standard output: %s",
                          strerror(err ? err : EIO));
    }
    return 0;
}

/*
 * Parses the options; returns -1 to go on, or an exit status (--help, a --judge that names no
 * convention, no memory).  An error in another option is kept in a->error and the parsing goes
 * on, so that the positional arguments are known and the failure is recorded in the files the
 * convention names (Lemon's SCOREFILE emptied, the FAIL line in REPORTFILE) like any other.
 */
static int check_options(int argc, char **argv, check_args *a, int *first)
{
    int c;
    opterr = 0;
    find_judge(argc, argv, a);
    char **hidden = malloc((size_t)argc * sizeof *hidden);
    if (!hidden)
        return fail_early(a->judge, NULL, "%s", strerror(ENOMEM));
    int nhidden = hide_dash_operands(argc, argv, hidden);
    int status = -1;
    while (status < 0 && (c = getopt_long(argc, argv, ":f:s:h", check_longs, NULL)) != -1) {
        if (optarg && was_hidden(hidden, nhidden, optarg))
            optarg--;
        if (judging_option(c, optarg, a))
            continue;
        if (c == 'J' || c == 'h') {
            status = answering_option(c, optarg, a);
            continue;
        }
        /* the message every command gives, as a judge failure */
        char why[CLI_MESSAGE_SIZE];
        cli_option_message(why, sizeof why, "check", check_longs, c, optopt, optind, argv);
        keep_error(a->error, "%s", why);
    }
    unhide_dash_operands(argc, argv, hidden, nhidden);
    free(hidden);
    *first = optind;
    return status;
}

/* Sorts the positional arguments by what they name for the convention (arg[ARG_...], NULL
 * when not given), collects the files it writes the verdict to, and opens them; -1 to go on, or
 * the exit status of a failure.  Once the arguments name the files, a failure (an error in an
 * option, kept in a->error, included) is recorded in them. */
static int check_positional(check_args *a, int npos, char **pos, const char *arg[ARG_KINDS],
                            sinks *out)
{
    const convention *c = &conventions[a->judge];
    bool appes_slot = false; /* the convention takes -appes (testlib) */
    for (int i = 0; i < c->most; i++)
        appes_slot |= c->order[i] == ARG_APPES;
    if (npos < c->required || (npos > c->most && !c->flags_follow)) {
        if (a->error[0])
            return fail_early(a->judge, NULL, "%s", a->error);
        if (npos > c->most && appes_slot && is_appes(pos[c->most - 1]))
            return fail_early(a->judge, NULL, "unexpected argument '%s' after %s (%s is the "
                              "last argument)", pos[c->most], pos[c->most - 1], pos[c->most - 1]);
        return fail_early(a->judge, NULL, "expected %s, got %d argument%s (see 'ojdoku check "
                          "--help')", c->expected, npos, npos == 1 ? "" : "s");
    }
    /* -appes where a file goes: the files are not known (it would name RESULT_FILE) */
    static const char *const nth[] = {"first", "second", "third", "fourth", "fifth", "sixth"};
    for (int i = 0; i < c->most && i < npos; i++)
        if (appes_slot && c->order[i] != ARG_APPES && is_appes(pos[i]))
            return fail_early(a->judge, NULL, "%s comes after RESULT_FILE, as the fifth "
                              "argument (here it is the %s)", pos[i], nth[i]);
    for (int i = 0; i < npos && i < c->most; i++)
        arg[c->order[i]] = pos[i];
    for (int i = c->most; i < npos; i++) { /* DOMjudge's flags */
        if (strcmp(pos[i], "space_change_sensitive") == 0)
            a->opt.strict = true;
        else if (strcmp(pos[i], "case_sensitive") == 0) /* where the profile's words are not */
            a->opt.case_sensitive = true;
    }
    if (!arg[ARG_OUTPUT])
        arg[ARG_OUTPUT] = "-"; /* DOMjudge passes it there; testlib reads it there when omitted */

    bool added = true;
    if (arg[ARG_FEEDBACK_DIR])
        added = sink_add(out, SINK_LINE, arg[ARG_FEEDBACK_DIR], "judgemessage.txt");
    if (added && arg[ARG_FEEDBACK_DIR] && a->opt.score_cases && c->points_exit >= 0)
        /* last: see sinks */
        added = sink_add(out, SINK_FRACTION, arg[ARG_FEEDBACK_DIR], "score.txt");
    if (added && arg[ARG_RESULT_FILE])
        added = sink_add(out, arg[ARG_APPES] && is_appes(arg[ARG_APPES]) ? SINK_TESTLIB_XML
                                                                          : SINK_TESTLIB_TEXT,
                         NULL, arg[ARG_RESULT_FILE]);
    if (added && arg[ARG_REPORT_FILE])
        added = sink_add(out, SINK_LINE, NULL, arg[ARG_REPORT_FILE]);
    if (added && arg[ARG_SCORE_FILE]) /* last: see sinks */
        added = sink_add(out, SINK_SCORE, NULL, arg[ARG_SCORE_FILE]);
    if (!added) {
        sinks_free(out);
        return fail_early(a->judge, NULL, "%s", strerror(ENOMEM));
    }
    /* the verdict must be recorded where the judge reads it, so a file that cannot be written
     * is a failure before anything is judged; all are opened (and so emptied) even then */
    int err = 0;
    const char *unwritable = sinks_open(out, &err);

    /* the arguments' own faults come first: they are why the call cannot work */
    if (a->error[0])
        return fail_early(a->judge, out, "%s", a->error);
    if (arg[ARG_APPES] && !is_appes(arg[ARG_APPES]))
        return fail_early(a->judge, out, "expected -appes after RESULT_FILE, not '%s'",
                          arg[ARG_APPES]);
    if (arg[ARG_FULL_SCORE]) {
        unsigned long long full;
        if (!cli_parse_number(arg[ARG_FULL_SCORE], ULONG_MAX, &full))
            return fail_early(a->judge, out, "FULLSCORE wants a whole number from 0 up (the "
                              "score of an accepted test), not '%s'", arg[ARG_FULL_SCORE]);
        out->full_score = (unsigned long)full;
    }
    if (a->opt.score_cases && a->judge == JUDGE_DOMJUDGE)
        return fail_early(a->judge, out, "--score: DOMjudge reads no score.txt, so its 42 would "
                          "accept a partly wrong output (--judge=kattis for problemtools' "
                          "scoring problems)");
    if (a->opt.score_cases && c->points_exit < 0)
        return fail_early(a->judge, out, "--score: a %s special judge says yes or no, it has no "
                          "way to give a score", c->name);
    if (unwritable)
        return fail_early(a->judge, out, "cannot write %s: %s", unwritable, strerror(err));
    return -1;
}

int cmd_check(int argc, char **argv)
{
    check_args a = {.judge = JUDGE_TESTLIB, .opt = {.max_nodes = DEFAULT_MAX_NODES}};
    int first = 0;
    int status = check_options(argc, argv, &a, &first);
    if (status >= 0)
        return status;
    const char *arg[ARG_KINDS] = {NULL};
    sinks verdict_files = {.count = 0};
    status = check_positional(&a, argc - first, argv + first, arg, &verdict_files);
    if (status >= 0)
        return status;
    const char *input = arg[ARG_INPUT], *output = arg[ARG_OUTPUT], *answer = arg[ARG_ANSWER];

    /* standard input can be read once: as one of the files only */
    int from_stdin = (strcmp(input, "-") == 0) + (strcmp(output, "-") == 0) +
                     (answer && strcmp(answer, "-") == 0);
    if (from_stdin > 1)
        return fail_early(a.judge, &verdict_files, "only one of INPUT, OUTPUT and ANSWER can be "
                          "standard input ('-')%s",
                          a.judge == JUDGE_DOMJUDGE || a.judge == JUDGE_KATTIS
                          ? " (DOMjudge passes OUTPUT there)"
                          : argc - first == 1 ? " (OUTPUT, not given, is read from there)" : "");
    FILE *in = cli_open_input(input, NULL);
    if (!in)
        return fail_early(a.judge, &verdict_files, "INPUT %s: %s", input, strerror(errno));
    /* OUTPUT before ANSWER, as testlib (inf, ouf, ans), LemonLime and CMS look for them */
    FILE *out = cli_open_input(output, NULL);
    if (!out) {
        int e = errno;
        cli_close_input(in);
        ojd_verdict blame = conventions[a.judge].no_output;
        if (blame == OJD_VERDICT_FAIL)
            return fail_early(a.judge, &verdict_files, "OUTPUT %s: %s", output, strerror(e));
        char line[CLI_MESSAGE_SIZE];
        snprintf(line, sizeof line, "%s: cannot read OUTPUT %s: %s",
                 blame == OJD_VERDICT_WRONG ? "wrong answer" : "presentation error", output,
                 strerror(e));
        return finish(a.judge, blame, line, &verdict_files, NULL);
    }
    FILE *ans = answer ? cli_open_input(answer, NULL) : NULL;
    if (answer && !ans) {
        int e = errno;
        cli_close_input(in);
        cli_close_input(out);
        return fail_early(a.judge, &verdict_files, "ANSWER %s: %s", answer, strerror(e));
    }
    /* most judges always pass an answer file: an empty one is no jury answer (the library's
     * rule) */
    ojd_check_report report = {.size = sizeof report};
    ojd_verdict v = ojd_check_stream(in, out, ans, &a.opt, &report);
    cli_close_input(in);
    cli_close_input(out);
    cli_close_input(ans);
    explain_view view = {.report = &report, .format = a.opt.format};
    const char *message = report.message;
    char scored[sizeof report.message + 64];
    if (a.opt.score_cases && v != OJD_VERDICT_FAIL) {
        verdict_files.score = (case_score){true, report.cases_right, report.cases};
        if (v != OJD_VERDICT_OK) { /* an ok is all of them */
            snprintf(scored, sizeof scored, "%s (%lu of %lu case%s right)", report.message,
                     right_under(&verdict_files.score, v), report.cases,
                     report.cases == 1 ? "" : "s");
            message = scored;
        }
    }
    return finish(a.judge, v, message, &verdict_files, a.explain ? &view : NULL);
}
