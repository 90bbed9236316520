/*
 * fuzz_check.c -- libFuzzer target for the special judge ojd_check().
 *
 * Input: a selector byte (top bit: strict; low 7 bits: profile, 0 = detect), then INPUT, OUTPUT
 * and optionally ANSWER separated by 0xFF bytes (a byte no text format uses, so mutations of the
 * text rarely move the split).  Every case is judged under a small node budget.  Invariants:
 * the verdict is one of the four, it equals report->verdict, the message is a terminated,
 * non-empty string, and the failed case is within the cases of INPUT; and ojd_check_stream()
 * on the same bytes (memory streams) gives the same report as ojd_check().
 */
#include "fuzz_common.h"

#include <string.h>

enum { NODE_BUDGET = 2000 };

/* A read-only stream over n bytes at data (fmemopen() wants a writable pointer; "r" never
 * writes).  NULL when the C library cannot open one (some refuse n = 0). */
static FILE *part_stream(const char *data, size_t n)
{
    static char none[1];
    return fmemopen(n ? (void *)(uintptr_t)data : none, n, "r");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    unsigned selector = data[0];
    data++;
    size--;

    const char *part[3] = {NULL, NULL, NULL};
    size_t len[3] = {0, 0, 0};
    int parts = 0;
    const uint8_t *start = data, *end = data + size;
    while (parts < 3) {
        const uint8_t *cut = parts < 2 ? memchr(start, 0xFF, (size_t)(end - start)) : NULL;
        part[parts] = (const char *)start;
        len[parts] = (size_t)((cut ? cut : end) - start);
        parts++;
        if (!cut)
            break;
        start = cut + 1;
    }
    if (parts < 2)   /* no OUTPUT: judge an empty one */
        part[1] = "";

    ojd_check_options opt = {
        .format = fuzz_pick_format(selector & 0x7f),
        .strict = (selector & 0x80) != 0,
        .solver = NULL,
        .max_nodes = NODE_BUDGET,
    };
    ojd_check_report report;
    memset(&report, 0xA5, sizeof report);   /* garbage, so that unset fields show */
    report.size = sizeof report;            /* but the size, which the caller sets */
    ojd_verdict v = ojd_check(part[0], len[0], part[1], len[1], parts == 3 ? part[2] : NULL,
                              len[2], &opt, &report);
    if (v < OJD_VERDICT_OK || v > OJD_VERDICT_FAIL)
        fuzz_fail("verdict %d out of range", (int)v);
    if (report.verdict != v)
        fuzz_fail("returned verdict %d but report says %d", (int)v, (int)report.verdict);
    if (memchr(report.message, '\0', sizeof report.message) == NULL || report.message[0] == 0)
        fuzz_fail("report message not a non-empty string");
    if (v != OJD_VERDICT_FAIL && report.failed_case > report.cases + 1)
        fuzz_fail("failed case %lu of %lu", report.failed_case, report.cases);

    /* one judge, two ways in */
    FILE *in = part_stream(part[0], len[0]), *out = part_stream(part[1], len[1]);
    FILE *ans = parts == 3 ? part_stream(part[2], len[2]) : NULL;
    if (in && out && (parts < 3 || ans)) {
        ojd_check_report streamed;
        memset(&streamed, 0x5A, sizeof streamed);
        streamed.size = sizeof streamed;
        ojd_verdict w = ojd_check_stream(in, out, ans, &opt, &streamed);
        if (w != v || streamed.verdict != v || strcmp(streamed.message, report.message) != 0 ||
            streamed.cases != report.cases || streamed.failed_case != report.failed_case)
            fuzz_fail("memory: %d \"%s\"; stream: %d \"%s\"", (int)v, report.message, (int)w,
                      streamed.message);
    }
    if (in)
        fclose(in);
    if (out)
        fclose(out);
    if (ans)
        fclose(ans);
    return 0;
}
