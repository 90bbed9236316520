/*
 * main_hustoj_spj.c -- the main of a HUSTOJ special judge (spj.c, compiled by HUSTOJ into the
 * problem's data directory as `spj`), appended to the amalgamation by `ojdoku package`
 * (`--validator hustoj-spj`), which puts `#define OJD_PROFILE "ID"` first.
 *
 * The convention (HUSTOJ's wiki, SPJ.md, and its judge_client): `spj input answer user_output`,
 * the test input, the jury's output and the user's; exit 0 accepts, anything else is a wrong
 * answer.  As `ojdoku check --judge=hustoj`: 0 accepted, 1 wrong answer or presentation error,
 * 3 a checker failure (which HUSTOJ too reads as not accepted); the message on stderr.
 */
#include "ojdoku.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#ifndef OJD_PROFILE
#error "OJD_PROFILE names the judge profile: #define OJD_PROFILE \"poj3074\" (ojdoku package)"
#endif

enum { HUSTOJ_ACCEPT = 0, HUSTOJ_WRONG = 1, HUSTOJ_FAIL = 3 };

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "FAIL: usage: spj input answer user_output\n");
        return HUSTOJ_FAIL;
    }
    ojd_check_options opt = {.format = package_profile(), .max_nodes = 10000000UL};
    if (!opt.format) {
        fprintf(stderr, "FAIL: %s: no such profile in this ojdoku\n", OJD_PROFILE);
        return HUSTOJ_FAIL;
    }
    FILE *files[3] = {NULL, NULL, NULL}; /* input, answer, user output */
    for (int i = 0; i < 3; i++) {
        files[i] = fopen(argv[1 + i], "rb");
        if (!files[i]) {
            fprintf(stderr, "FAIL: %s: %s\n", argv[1 + i], strerror(errno));
            for (int j = 0; j < i; j++)
                fclose(files[j]);
            return HUSTOJ_FAIL;
        }
    }
    ojd_check_report report = {.size = sizeof report};
    ojd_verdict verdict = ojd_check_stream(files[0], files[2], files[1], &opt, &report);
    for (int i = 0; i < 3; i++)
        fclose(files[i]);
    fprintf(stderr, "%s\n", report.message);
    return verdict == OJD_VERDICT_OK ? HUSTOJ_ACCEPT
         : verdict == OJD_VERDICT_FAIL ? HUSTOJ_FAIL : HUSTOJ_WRONG;
}
