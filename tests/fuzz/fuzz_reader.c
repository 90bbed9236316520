/*
 * fuzz_reader.c -- libFuzzer target for the reader: format detection and every judge profile.
 *
 * Input: one selector byte, then the text.  The selector's low 7 bits pick the profile
 * (0 = detect, 1..n = ojd_profile_list()[k-1], n+1 = ojd_puzzle_parse on the text); its top bit
 * also reads the text through a FILE stream (fmemopen) beside the memory buffer,
 * and the two readers must agree on every outcome, board and position.
 * Invariants checked: every puzzle handed out is well-formed, case numbers grow and stay within
 * the reader's case count, every case is accounted for (answered + malformed never exceeds the
 * case count by more than the one "no puzzle at all" diagnostic), each outcome is the next case
 * (the case count grows by exactly one per puzzle or malformed case, no gaps), and each call
 * makes progress (no endless loop).
 *
 * With detection (selector 0) the reader must also resynchronise (issue #12): for the text X,
 * when X has no "end" line and does not open with a lone number (a UVa 989 box size would make
 * every later case need one), X + "\n\n" + P, P a valid 81-character puzzle line, reads P as its
 * last case, well-formed, with every case before it numbered consecutively.  So does X + "\n" +
 * P: a whole puzzle on one line is a case by itself, never the row of a grid before it.
 */
#include "fuzz_common.h"

#include <string.h>

enum { LINE_CAP = 16384 }; /* the reader's longest line: a longer one is never "end" */

/* A valid puzzle line (forum_hardest, unique solution) appended to every input. */
static const char resync_puzzle[] =
    "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6";

static bool is_space(unsigned char c)
{
    return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

/* Does the text hold an "end" line, or open (first non-blank line) with a lone number?  Either
 * makes the reader's answer for what follows legitimately different: "end" stops reading, and
 * "n" before a row of n*n cells switches to UVa 989, where a grid needs its box size. */
static bool resync_excluded(const uint8_t *data, size_t size)
{
    bool first_line = true, seen_text = false;
    size_t pos = 0;
    while (pos < size) {
        const uint8_t *nl = memchr(data + pos, '\n', size - pos);
        size_t len = nl ? (size_t)(nl - (data + pos)) : size - pos;
        const uint8_t *p = data + pos, *e = p + len;
        pos += len + 1;
        if (first_line && len >= 3 && memcmp(p, "\xEF\xBB\xBF", 3) == 0)
            p += 3;
        first_line = false;
        if (memchr(p, '\0', (size_t)(e - p))) {
            seen_text = true; /* a line of cells (a bad one), never "end" or a number */
            continue;
        }
        while (p < e && is_space(*p))
            p++;
        while (e > p && is_space(e[-1]))
            e--;
        if (p == e)
            continue;
        if (len <= LINE_CAP && e - p == 3 && memcmp(p, "end", 3) == 0)
            return true;
        if (!seen_text) {
            seen_text = true;
            const uint8_t *q = p + (*p == '+' || *p == '-');
            bool digits = q < e;
            for (; q < e; q++)
                digits &= *q >= '0' && *q <= '9';
            if (digits && len <= LINE_CAP)
                return true;
        }
    }
    return false;
}

/* X + sep + P: P must come out last, well-formed, after consecutively numbered cases. */
static void check_resync(const uint8_t *data, size_t size, const char *sep)
{
    size_t plen = sizeof resync_puzzle - 1, slen = strlen(sep), total = size + slen + plen + 1;
    char *text = malloc(total);
    if (!text)
        return;
    memcpy(text, data, size);
    memcpy(text + size, sep, slen);
    memcpy(text + size + slen, resync_puzzle, plen);
    text[total - 1] = '\n';
    ojd_reader *r = ojd_reader_new_mem(text, total, "<fuzz>", NULL);
    if (!r)
        fuzz_fail("reader allocation failed");
    ojd_puzzle last;
    ojd_status last_status = OJD_END;
    unsigned long outcomes = 0;
    size_t calls = 0;
    for (;;) {
        ojd_puzzle pz;
        ojd_error err;
        ojd_status st = ojd_reader_next(r, &pz, &err);
        while (ojd_reader_warning(r, NULL))
            continue;
        if (++calls > total + 64)
            fuzz_fail("resync: reader makes no progress");
        if (st == OJD_END)
            break;
        if (st != OJD_OK && st != OJD_ERR_PARSE)
            fuzz_fail("resync: ojd_reader_next returned %d", (int)st);
        outcomes++;
        if (ojd_reader_cases(r) != outcomes)
            fuzz_fail("resync: outcome %lu but the reader counts %lu cases", outcomes,
                      ojd_reader_cases(r));
        if (st == OJD_OK && pz.index != outcomes)
            fuzz_fail("resync: outcome %lu is numbered case %lu", outcomes, pz.index);
        last_status = st;
        if (st == OJD_OK)
            last = pz;
    }
    if (last_status != OJD_OK)
        fuzz_fail("resync: the puzzle line appended after %s is not read as a good case "
                  "(%lu outcomes, the last %s)", slen > 1 ? "a blank line" : "a newline",
                  outcomes, last_status == OJD_END ? "none" : "malformed");
    fuzz_check_board(&last.board, NULL);
    if (last.board.side != 9)
        fuzz_fail("resync: the last case has side %d, not the appended 9x9 puzzle",
                  last.board.side);
    for (int i = 0; i < 81; i++) {
        int want = resync_puzzle[i] == '.' ? 0 : resync_puzzle[i] - '0';
        if (last.board.cell[i] != want)
            fuzz_fail("resync: the last case is not the appended puzzle (cell %d)", i);
    }
    ojd_reader_free(r);
    free(text);
}

static void parse_one(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    if (!text)
        return;
    memcpy(text, data, size);
    text[size] = '\0';
    ojd_puzzle pz;
    ojd_error err;
    ojd_status st = ojd_puzzle_parse(text, &pz, &err);
    if (st == OJD_OK)
        fuzz_check_board(&pz.board, NULL);
    else if (st != OJD_ERR_PARSE)
        fuzz_fail("ojd_puzzle_parse returned %d", (int)st);
    free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0)
        return 0;
    unsigned selector = data[0];
    data++;
    size--;
    size_t nformats = fuzz_format_count();
    size_t pick = (selector & 0x7f) % (nformats + 2);
    if (pick == nformats + 1) {
        parse_one(data, size);
        return 0;
    }
    const ojd_profile *format = pick == 0 ? NULL : ojd_profile_list()[pick - 1];

    FILE *stream = NULL;
    ojd_reader *twin = NULL;   /* the same text through a FILE stream, when asked */
    ojd_reader *r = ojd_reader_new_mem(data, size, "<fuzz>", format);
    if ((selector & 0x80) && size > 0 && (stream = fmemopen((void *)data, size, "r")) != NULL)
        twin = ojd_reader_new(stream, "<fuzz>", format);
    if (!r || (stream && !twin))
        fuzz_fail("reader allocation failed");

    unsigned long ok = 0, malformed = 0, last_index = 0, counted = 0;
    size_t calls = 0;
    for (;;) {
        ojd_puzzle pz;
        ojd_error err;
        ojd_status st = ojd_reader_next(r, &pz, &err);
        ojd_error warning;
        while (ojd_reader_warning(r, &warning))
            if (warning.message[0] == '\0')
                fuzz_fail("empty warning message");
        if (twin) {
            ojd_puzzle pz2;
            ojd_error err2;
            ojd_status st2 = ojd_reader_next(twin, &pz2, &err2);
            while (ojd_reader_warning(twin, &warning))
                continue;
            if (st2 != st)
                fuzz_fail("memory reader says %d, stream reader %d", (int)st, (int)st2);
            if (st == OJD_OK && (pz.line != pz2.line || pz.col != pz2.col ||
                                 pz.board.side != pz2.board.side ||
                                 memcmp(pz.board.cell, pz2.board.cell,
                                        (size_t)pz.board.side * (size_t)pz.board.side) != 0))
                fuzz_fail("memory and stream readers disagree on case %lu", pz.index);
            if (st == OJD_ERR_PARSE && (err.line != err2.line || err.col != err2.col ||
                                        strcmp(err.message, err2.message) != 0))
                fuzz_fail("memory and stream readers disagree: '%s' / '%s'", err.message,
                          err2.message);
        }
        if (++calls > size + 64)
            fuzz_fail("reader makes no progress: %zu calls on %zu bytes", calls, size);
        if (st == OJD_END)
            break;
        /* each outcome is the next case, except the one "no puzzle at all" diagnostic */
        if (st == OJD_OK || st == OJD_ERR_PARSE) {
            unsigned long now = ojd_reader_cases(r);
            bool no_puzzle = st == OJD_ERR_PARSE && now == 0 && counted == 0 && ok + malformed == 0;
            if (!no_puzzle && now != counted + 1)
                fuzz_fail("outcome %lu leaves the case count at %lu after %lu", ok + malformed + 1,
                          now, counted);
            counted = now;
        }
        if (st == OJD_ERR_PARSE) {
            if (err.message[0] == '\0' || memchr(err.message, '\0', sizeof err.message) == NULL)
                fuzz_fail("parse error without a message");
            if (err.line < 0 || err.col < 0)
                fuzz_fail("negative position %ld:%ld", err.line, err.col);
            malformed++;
            continue;
        }
        if (st != OJD_OK)
            fuzz_fail("ojd_reader_next returned %d", (int)st);
        fuzz_check_board(&pz.board, format);
        if (pz.index <= last_index || pz.index > ojd_reader_cases(r))
            fuzz_fail("case number %lu after %lu, of %lu", pz.index, last_index,
                      ojd_reader_cases(r));
        last_index = pz.index;
        ok++;
    }
    unsigned long cases = ojd_reader_cases(r);
    if (ok > cases || ok + malformed > cases + 1)
        fuzz_fail("%lu answered + %lu malformed but %lu cases", ok, malformed, cases);
    if (twin && ojd_reader_cases(twin) != cases)
        fuzz_fail("stream reader counts %lu cases, memory reader %lu", ojd_reader_cases(twin),
                  cases);
    ojd_reader_free(twin);
    ojd_reader_free(r);
    if (stream)
        fclose(stream);
    if (format == NULL && !resync_excluded(data, size)) {
        check_resync(data, size, "\n\n");
        check_resync(data, size, "\n");
    }
    return 0;
}
