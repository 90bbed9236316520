/*
 * main_testlib_validator.c -- the main of an input validator in testlib's convention (Polygon's
 * validators), appended to the amalgamation by `ojdoku package` (`--validator
 * testlib-validator`), which puts `#define OJD_PROFILE "ID"` first.  No testlib.h is needed.
 *
 * The convention (testlib.h, registerValidation): the test input on standard input; exit 0 for
 * a valid input, 3 (testlib's _fail, what a failed ensure() exits with) for an invalid one, the
 * reason on stderr.  The options Polygon passes are taken as testlib takes them: --testset NAME
 * and --group NAME change nothing (every test keeps the same rules); for a valid input,
 * --testOverviewLogFileName F gets the overview (empty: no bounds or features are declared),
 * --testMarkupFileName F testlib's markup of the input (its header, then the bytes read with
 * '\' and '!' escaped by '\'), and --testCase N with --testCaseFileName F nothing, as testlib
 * writes for an input that marks no test cases; "stdout" and "stderr" name those streams.
 * The verdicts are those of `ojdoku validate --input --format ID`, whose read error or lack of
 * memory is a failure here too.
 */
#include "ojdoku.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef _WIN32
#include <fcntl.h>
#include <io.h>
#endif

#ifndef OJD_PROFILE
#error "OJD_PROFILE names the judge profile: #define OJD_PROFILE \"poj3074\" (ojdoku package)"
#endif

enum { TESTLIB_OK = 0, TESTLIB_FAIL = 3 };

/* What the command line asked for beyond validating (NULL: not asked). */
typedef struct requests {
    const char *overview;
    const char *markup;
} requests;

static int usage(void)
{
    fputs("FAIL Validator must be run with the following arguments: [--testset testset] [--group "
          "group] [--testOverviewLogFileName fileName] [--testMarkupFileName fileName] "
          "[--testCase testCase] [--testCaseFileName fileName]\n", stderr);
    return TESTLIB_FAIL;
}

/* testlib's loop: each known option takes the next argument; anything else is passed over. */
static int parse(int argc, char **argv, requests *req)
{
    for (int i = 1; i < argc; i++) {
        const char *o = argv[i];
        int known = strcmp(o, "--testset") == 0 || strcmp(o, "--group") == 0 ||
                    strcmp(o, "--testOverviewLogFileName") == 0 ||
                    strcmp(o, "--testMarkupFileName") == 0 || strcmp(o, "--testCase") == 0 ||
                    strcmp(o, "--testCaseFileName") == 0;
        if (!known)
            continue;
        if (i + 1 >= argc || (strcmp(o, "--testset") == 0 && argv[i + 1][0] == '\0'))
            return usage();
        const char *value = argv[++i];
        if (strcmp(o, "--testOverviewLogFileName") == 0)
            req->overview = value;
        else if (strcmp(o, "--testMarkupFileName") == 0)
            req->markup = value;
        else if (strcmp(o, "--testCase") == 0) {
            char *end;
            long long n = strtoll(value, &end, 10);
            if (*value == '\0' || *end != '\0' || n < 1 || n >= 1073741823LL) {
                fprintf(stderr, "FAIL Argument testCase should be between 1 and 1073741823, "
                        "but %s found\n", value);
                return TESTLIB_FAIL;
            }
        }
    }
    return TESTLIB_OK;
}

/* Opens name for writing as testlib does ("stdout", "stderr": those streams). */
static FILE *open_out(const char *name)
{
    if (strcmp(name, "stdout") == 0)
        return stdout;
    if (strcmp(name, "stderr") == 0)
        return stderr;
    return fopen(name, "wb");
}

static int close_out(FILE *f)
{
    return f == stdout || f == stderr ? fflush(f) : fclose(f);
}

/* Standard input copied into a scratch stream (rewound) and into *bytes, for the markup. */
static FILE *keep_input(unsigned char **bytes, size_t *len)
{
    FILE *scratch = tmpfile();
    size_t size = 0, cap = 4096;
    unsigned char *buf = malloc(cap);
    int c;
    while (scratch && buf && (c = getchar()) != EOF) {
        if (size == cap) {
            unsigned char *grown = realloc(buf, cap *= 2);
            if (!grown)
                break;
            buf = grown;
        }
        buf[size++] = (unsigned char)c;
        putc(c, scratch);
    }
    if (!scratch || !buf || !feof(stdin) || fflush(scratch) != 0 || fseek(scratch, 0, SEEK_SET)) {
        if (scratch)
            fclose(scratch);
        free(buf);
        return NULL;
    }
    *bytes = buf;
    *len = size;
    return scratch;
}

/* The files testlib writes after a valid input; TESTLIB_FAIL when one cannot be written. */
static int write_requests(const requests *req, const unsigned char *bytes, size_t len)
{
    if (req->overview) {
        FILE *f = open_out(req->overview);
        if (!f || close_out(f) != 0) {
            fprintf(stderr, "FAIL can't write test overview log to (%s)\n", req->overview);
            return TESTLIB_FAIL;
        }
    }
    if (req->markup && len > 0) {
        FILE *f = open_out(req->markup);
        if (f) {
            fputs("MU\xF3\x01", f);
            for (size_t i = 0; i < len; i++) {
                if (bytes[i] == '\\' || bytes[i] == '!')
                    putc('\\', f);
                putc(bytes[i], f);
            }
        }
        if (!f || close_out(f) != 0) {
            fprintf(stderr, "FAIL can't write test markup to (%s)\n", req->markup);
            return TESTLIB_FAIL;
        }
    }
    return TESTLIB_OK;
}

static void report_violation(void *context, const ojd_error *violation)
{
    (void)context;
    fprintf(stderr, "FAIL line %ld column %ld: %s\n", violation->line, violation->col,
            violation->message);
}

int main(int argc, char **argv)
{
#ifdef _WIN32 /* the input's bytes as they are, a CR included (testlib reads it so too) */
    _setmode(_fileno(stdin), _O_BINARY);
#endif
    requests req = {NULL, NULL};
    if (parse(argc, argv, &req) != TESTLIB_OK)
        return TESTLIB_FAIL;
    const ojd_profile *format = package_profile();
    if (!format) {
        fprintf(stderr, "FAIL %s: no such profile in this ojdoku\n", OJD_PROFILE);
        return TESTLIB_FAIL;
    }
    unsigned char *bytes = NULL;
    size_t len = 0;
    FILE *in = req.markup ? keep_input(&bytes, &len) : stdin;
    if (!in) {
        fputs("FAIL cannot keep the input for --testMarkupFileName\n", stderr);
        return TESTLIB_FAIL;
    }
    ojd_validate_options opt = {.max_nodes = 10000000ULL};
    ojd_validate_report report;
    ojd_status status = ojd_validate_input(in, format, &opt, report_violation, NULL, &report);
    int exit_status = TESTLIB_FAIL;
    if (status == OJD_OK)
        exit_status = write_requests(&req, bytes, len);
    else if (status != OJD_ERR_PARSE)
        fprintf(stderr, "FAIL %s\n", ojd_strerror(status));
    if (in != stdin)
        fclose(in);
    free(bytes);
    return exit_status;
}
