/*
 * fuzz_check.c -- libFuzzer target for the special judge ojd_check().
 *
 * Input: a selector byte (top bit: strict; low 7 bits: profile, 0 = detect), then INPUT, OUTPUT
 * and optionally ANSWER separated by 0xFF bytes (a byte no text format uses, so mutations of the
 * text rarely move the split).  Every case is judged under a small node budget.  Invariants:
 * the verdict is one of the four, it equals report->verdict, the message is a terminated,
 * non-empty string, and the failed case is within the cases of INPUT.
 */
#include "fuzz_common.h"

#include <string.h>

enum { NODE_BUDGET = 2000 };

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
    return 0;
}
