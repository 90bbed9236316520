/*
 * fuzz_profile.c -- libFuzzer target for the profile-file parser, ojd_profile_parse().
 *
 * Input: the bytes of a profile file.  Invariants: a profile comes back exactly when no mistake
 * was reported; every report has a line within the text (0 for the file as a whole) and a
 * terminated, non-empty message; a parsed profile writes (ojd_profile_write()) a text that parses
 * again, with no report, into a profile that writes the same text; and every reader-side
 * question asked of it answers without a crash.
 */
#include "fuzz_common.h"

#include <string.h>

typedef struct reports {
    int count;
    long lines;
} reports;

static void on_report(void *context, int line, const char *message)
{
    reports *r = context;
    r->count++;
    if (line < 0 || line > r->lines + 1)
        fuzz_fail("report on line %d of a %ld-line text", line, r->lines);
    if (!message || !message[0] || strlen(message) > 400)
        fuzz_fail("an empty or unterminated message");
}

static char *written(const ojd_profile *f, size_t *len)
{
    *len = ojd_profile_write(f, NULL, 0);
    char *text = malloc(*len + 1);
    if (!text)
        abort();
    if (ojd_profile_write(f, text, *len + 1) != *len || strlen(text) != *len)
        fuzz_fail("ojd_profile_write() gave two lengths");
    return text;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    reports r = {0, 1};
    for (size_t i = 0; i < size; i++)
        r.lines += data[i] == '\n';
    ojd_profile *f = ojd_profile_parse((const char *)data, size, on_report, &r);
    if ((f != NULL) != (r.count == 0))
        fuzz_fail("%d reports, and the profile %s", r.count, f ? "was made" : "was not");
    if (!f)
        return 0;
    size_t len, len2;
    char *text = written(f, &len);
    reports again = {0, 1000000};
    ojd_profile *g = ojd_profile_parse(text, len, on_report, &again);
    if (!g)
        fuzz_fail("a written profile does not parse back:\n%s", text);
    char *text2 = written(g, &len2);
    if (len != len2 || memcmp(text, text2, len) != 0)
        fuzz_fail("a profile parsed back writes another text:\n%s\n---\n%s", text, text2);
    char rules[4096];
    ojd_profile_rules(g, rules, sizeof rules);
    (void)ojd_profile_task_name(g);
    (void)ojd_profile_kinds(g);
    free(text);
    free(text2);
    ojd_profile_free(f);
    ojd_profile_free(g);
    return 0;
}
