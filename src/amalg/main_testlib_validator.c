/*
 * main_testlib_validator.c -- the main of an input validator in testlib's convention (Polygon's
 * validators), appended to the amalgamation by `ojdoku package` (`--validator
 * testlib-validator`), which puts `#define OJD_PROFILE "ID"` first.  No testlib.h is needed.
 *
 * The convention (testlib.h, registerValidation): the test input on standard input; exit 0 for
 * a valid input, 3 (testlib's _fail, what a failed ensure() exits with) for an invalid one, the
 * reason on stderr.  Polygon's --testset and --group arguments change nothing here: every test
 * keeps the same rules.  The verdicts are those of `ojdoku validate --input --format ID`, whose
 * read error or lack of memory is a failure here too.
 */
#include "ojdoku.h"

#include <stdio.h>

#ifndef OJD_PROFILE
#error "OJD_PROFILE names the judge profile: #define OJD_PROFILE \"poj3074\" (ojdoku package)"
#endif

enum { TESTLIB_OK = 0, TESTLIB_FAIL = 3 };

static void report_violation(void *context, const ojd_error *violation)
{
    (void)context;
    fprintf(stderr, "FAIL line %ld column %ld: %s\n", violation->line, violation->col,
            violation->message);
}

int main(void)
{
    const ojd_format *format = ojd_format_find(OJD_PROFILE);
    if (!format) {
        fprintf(stderr, "FAIL %s: no such profile in this ojdoku\n", OJD_PROFILE);
        return TESTLIB_FAIL;
    }
    ojd_validate_options opt = {.max_nodes = 10000000ULL};
    ojd_validate_report report;
    ojd_status status = ojd_validate_input(stdin, format, &opt, report_violation, NULL, &report);
    if (status == OJD_OK)
        return TESTLIB_OK;
    if (status != OJD_ERR_PARSE)
        fprintf(stderr, "FAIL %s\n", ojd_strerror(status));
    return TESTLIB_FAIL;
}
