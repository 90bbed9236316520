/*
 * main_kattis_input.c -- the main of a Kattis / DOMjudge input validator, appended to the
 * amalgamation by `ojdoku package` (`--validator kattis-input`), which puts
 * `#define OJD_PROFILE "ID"` first: the judge whose input grammar and promises a test must keep.
 *
 * The convention (the Kattis problem package format, "Input validators"): the test input on
 * standard input, flags as arguments (none are needed: the profile says everything); exit 42
 * for a valid input, 43 for an invalid one.  Each violation goes to stderr as LINE:COL: MESSAGE.
 * The verdicts are those of `ojdoku validate --input --format ID`: 0 there is 42 here, 1 is 43,
 * and a read error or no memory (2 there) is exit 1, no verdict.
 */
#include "ojdoku.h"

#include <stdio.h>

#ifndef OJD_PROFILE
#error "OJD_PROFILE names the judge profile: #define OJD_PROFILE \"poj3074\" (ojdoku package)"
#endif

enum { KATTIS_VALID = 42, KATTIS_INVALID = 43, KATTIS_FAIL = 1 };

static void report_violation(void *context, const ojd_error *violation)
{
    (void)context;
    fprintf(stderr, "%ld:%ld: %s\n", violation->line, violation->col, violation->message);
}

int main(void)
{
    const ojd_profile *format = package_profile();
    if (!format) {
        fprintf(stderr, "FAIL: %s: no such profile in this ojdoku\n", OJD_PROFILE);
        return KATTIS_FAIL;
    }
    ojd_validate_options opt = {.max_nodes = 10000000ULL};
    ojd_validate_report report;
    ojd_status status = ojd_validate_input(stdin, format, &opt, report_violation, NULL, &report);
    if (status == OJD_OK) {
        fprintf(stderr, "valid, %lu case%s\n", report.cases, report.cases == 1 ? "" : "s");
        return KATTIS_VALID;
    }
    if (status == OJD_ERR_PARSE) {
        fprintf(stderr, "invalid, %lu violation%s in %lu case%s\n", report.violations,
                report.violations == 1 ? "" : "s", report.cases, report.cases == 1 ? "" : "s");
        return KATTIS_INVALID;
    }
    fprintf(stderr, "FAIL: %s\n", ojd_strerror(status));
    return KATTIS_FAIL;
}
