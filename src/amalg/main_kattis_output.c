/*
 * main_kattis_output.c -- the main of a Kattis / DOMjudge output validator, appended to the
 * amalgamation by `ojdoku package` (`ojdoku package --validator kattis-output`), which puts
 * `#define OJD_PROFILE "ID"` first: the judge profile the team's output is checked against.
 *
 * The convention (the Kattis problem package format, "Output validators"; problemtools and
 * DOMjudge run it so): `validator input answer feedback_dir [options] < team_output`; exit 42
 * accepts, 43 rejects, anything else is a judge error.  The verdict line goes to
 * feedback_dir/judgemessage.txt for the judges; feedback_dir/teammessage.txt gets only the
 * verdict and the case it is about, so the team learns no answer from it.  A message goes to
 * stderr only when no feedback file can hold it: DOMjudge appends the validator's stderr to
 * judgemessage.txt, where it would read twice.  Of the options,
 * space_change_sensitive asks for the profile's exact framing (as `ojdoku check --strict`),
 * case_sensitive the verdict words in their case where the profile's judge takes any case
 * (its word-case key); float tolerances mean nothing for a grid and are ignored.  The verdicts are
 * those of `ojdoku check --judge=domjudge --format ID`, with the same search budget.
 */
#include "ojdoku.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef OJD_PROFILE
#error "OJD_PROFILE names the judge profile: #define OJD_PROFILE \"poj3074\" (ojdoku package)"
#endif

enum { KATTIS_ACCEPT = 42, KATTIS_WRONG = 43, KATTIS_FAIL = 1 };

/* Writes text and a newline to dir/name; false when it cannot. */
static int write_feedback(const char *dir, const char *name, const char *text)
{
    char path[4096];
    if (snprintf(path, sizeof path, "%s/%s", dir, name) >= (int)sizeof path)
        return 0;
    FILE *file = fopen(path, "w");
    if (!file)
        return 0;
    fprintf(file, "%s\n", text);
    return fclose(file) == 0;
}

/* A judge error: the reason in judgemessage.txt, or on stderr when it cannot be written there. */
static int fail(const char *dir, const char *what, const char *why)
{
    char line[512];
    snprintf(line, sizeof line, "FAIL: %s: %s", what, why);
    if (!dir || !write_feedback(dir, "judgemessage.txt", line))
        fprintf(stderr, "%s\n", line);
    return KATTIS_FAIL;
}

int main(int argc, char **argv)
{
    if (argc < 4) {
        fprintf(stderr, "usage: %s input answer feedback_dir [options] < team_output\n",
                argc > 0 ? argv[0] : "validator");
        return KATTIS_FAIL;
    }
    const char *dir = argv[3];
    ojd_check_options opt = {.format = package_profile(), .max_nodes = 10000000UL};
    if (!opt.format)
        return fail(dir, OJD_PROFILE, "no such profile in this ojdoku");
    for (int i = 4; i < argc; i++) {
        if (strcmp(argv[i], "space_change_sensitive") == 0)
            opt.strict = true;
        else if (strcmp(argv[i], "case_sensitive") == 0)
            opt.case_sensitive = true;
    }
    FILE *input = fopen(argv[1], "rb");
    if (!input)
        return fail(dir, argv[1], strerror(errno));
    FILE *answer = fopen(argv[2], "rb");
    if (!answer) {
        int e = errno;
        fclose(input);
        return fail(dir, argv[2], strerror(e));
    }
    ojd_check_report report = {.size = sizeof report};
    ojd_verdict verdict = ojd_check_stream(input, stdin, answer, &opt, &report);
    fclose(input);
    fclose(answer);
    if (!write_feedback(dir, "judgemessage.txt", report.message)) {
        int e = errno;
        fprintf(stderr, "%s\n", report.message);
        return fail(NULL, "cannot write judgemessage.txt", strerror(e));
    }
    if (verdict == OJD_VERDICT_FAIL)
        return KATTIS_FAIL;
    char team[128];
    if (verdict == OJD_VERDICT_OK)
        snprintf(team, sizeof team, "accepted");
    else if (report.failed_case > 0)
        snprintf(team, sizeof team, "%s on case %lu", verdict == OJD_VERDICT_WRONG ?
                 "wrong answer" : "presentation error", report.failed_case);
    else
        snprintf(team, sizeof team, "%s", verdict == OJD_VERDICT_WRONG ? "wrong answer"
                                                                     : "presentation error");
    if (!write_feedback(dir, "teammessage.txt", team))
        return fail(NULL, "cannot write teammessage.txt", strerror(errno));
    return verdict == OJD_VERDICT_OK ? KATTIS_ACCEPT : KATTIS_WRONG;
}
