/*
 * main_testlib_checker.c -- the main of a checker in testlib's convention (Polygon, Codeforces,
 * and every judge that runs testlib checkers), appended to the amalgamation by `ojdoku package`
 * (`--validator testlib-checker`), which puts `#define OJD_PROFILE "ID"` first.  It needs no
 * testlib.h: the file holds all it uses.
 *
 * The convention (testlib.h, registerTestlibCmd): `checker [--testset NAME] [--group NAME]
 * input output answer [result_file [-appes]]`, the two options anywhere (Polygon puts them
 * first; they change nothing here: every test keeps the same rules); exit 0 ok, 1 wrong answer,
 * 2 presentation error, 3 checker failure; the message on stderr and, when a result file is
 * named, there too (in testlib's XML with -appes).  The verdicts are those of `ojdoku check
 * --judge=testlib --format ID INPUT OUTPUT ANSWER`: an output file that cannot be opened is
 * the contestant's, a presentation error (testlib's "Output file not found", looked for after
 * input and before answer), and an input or answer file the jury's, a failure.
 */
#include "ojdoku.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#ifndef OJD_PROFILE
#error "OJD_PROFILE names the judge profile: #define OJD_PROFILE \"poj3074\" (ojdoku package)"
#endif

/* The exit statuses are ojd_verdict's values: testlib's _ok, _wa, _pe and _fail. */
static const char *const outcomes[4] = {"accepted", "wrong-answer", "presentation-error", "fail"};

/* The verdict on stderr and in the result file (NULL: none); returns the exit status. */
static int finish(ojd_verdict verdict, const char *message, const char *result, int appes)
{
    fprintf(stderr, "%s\n", message);
    if (!result)
        return (int)verdict;
    FILE *file = fopen(result, "w");
    if (!file) {
        fprintf(stderr, "FAIL: cannot write %s: %s\n", result, strerror(errno));
        return OJD_VERDICT_FAIL;
    }
    if (appes) { /* testlib's xmlSafeWrite: the XML specials as entities, controls as '.' */
        fprintf(file, "<?xml version=\"1.0\" encoding=\"windows-1251\"?><result outcome = \"%s\">",
                outcomes[verdict]);
        for (const unsigned char *p = (const unsigned char *)message; *p; p++) {
            switch (*p) {
            case '&': fputs("&amp;", file); break;
            case '<': fputs("&lt;", file); break;
            case '>': fputs("&gt;", file); break;
            case '"': fputs("&quot;", file); break;
            default: putc(*p < 32 ? '.' : *p, file); break;
            }
        }
        fputs("</result>\n", file);
    } else {
        fputs(message, file);
    }
    if (fclose(file) != 0) {
        fprintf(stderr, "FAIL: cannot write %s: %s\n", result, strerror(errno));
        return OJD_VERDICT_FAIL;
    }
    return (int)verdict;
}

/* A checker failure before judging: "FAIL: what: why". */
static int fail(const char *what, const char *why, const char *result, int appes)
{
    char line[512];
    snprintf(line, sizeof line, "FAIL: %s: %s", what, why);
    return finish(OJD_VERDICT_FAIL, line, result, appes);
}

/* argv without --testset NAME and --group NAME, as testlib takes them out (a testset must be
 * named, a group may be empty); returns the count left, or -1 when an option lacks its name. */
static int positional(int argc, char **argv, char **out)
{
    int n = 0;
    for (int i = 0; i < argc; i++) {
        if (i > 0 && (strcmp(argv[i], "--testset") == 0 || strcmp(argv[i], "--group") == 0)) {
            if (i + 1 >= argc || (argv[i][2] == 't' && argv[i + 1][0] == '\0'))
                return -1;
            i++;
        } else {
            out[n++] = argv[i];
        }
    }
    return n;
}

int main(int argc, char **argv)
{
    static const char usage[] =
        "checker [--testset NAME] [--group NAME] input output answer [result_file [-appes]]";
    char *args[64];
    if (argc > 64 || (argc = positional(argc, argv, args)) < 0)
        return fail("usage", usage, NULL, 0);
    argv = args;
    const char *result = argc > 4 ? argv[4] : NULL;
    int appes = argc > 5 && (strcmp(argv[5], "-appes") == 0 || strcmp(argv[5], "-APPES") == 0);
    if (argc < 4 || argc > 6 || (argc == 6 && !appes))
        return fail("usage", usage, NULL, 0);
    ojd_check_options opt = {.format = package_profile(), .max_nodes = 10000000UL};
    if (!opt.format)
        return fail(OJD_PROFILE, "no such profile in this ojdoku", result, appes);
    FILE *files[3] = {NULL, NULL, NULL};
    for (int i = 0; i < 3; i++) {
        files[i] = fopen(argv[1 + i], "rb");
        if (!files[i]) {
            int e = errno;
            for (int j = 0; j < i; j++)
                fclose(files[j]);
            if (i == 1) {
                char line[512];
                snprintf(line, sizeof line, "presentation error: cannot read OUTPUT %s: %s",
                         argv[2], strerror(e));
                return finish(OJD_VERDICT_PRESENTATION, line, result, appes);
            }
            return fail(argv[1 + i], strerror(e), result, appes);
        }
    }
    ojd_check_report report = {.size = sizeof report};
    ojd_verdict verdict = ojd_check_stream(files[0], files[1], files[2], &opt, &report);
    for (int i = 0; i < 3; i++)
        fclose(files[i]);
    return finish(verdict, report.message, result, appes);
}
