/*
 * fuzz_reader.c -- libFuzzer target for the reader: format detection and every judge profile.
 *
 * Input: one selector byte, then the text.  The selector's low 7 bits pick the profile
 * (0 = detect, 1..n = ojd_format_list()[k-1], n+1 = ojd_puzzle_parse on the text); its top bit
 * also reads the text through a FILE stream (fmemopen) beside the memory buffer,
 * and the two readers must agree on every outcome, board and position.
 * Invariants checked: every puzzle handed out is well-formed, case numbers grow and stay within
 * the reader's case count, every case is accounted for (answered + malformed never exceeds the
 * case count by more than the one "no puzzle at all" diagnostic), and each call makes progress
 * (no endless loop).
 */
#include "fuzz_common.h"

#include <string.h>

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
        fuzz_check_board(&pz.board);
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
    const ojd_format *format = pick == 0 ? NULL : ojd_format_list()[pick - 1];

    FILE *stream = NULL;
    ojd_reader *twin = NULL;   /* the same text through a FILE stream, when asked */
    ojd_reader *r = ojd_reader_new_mem(data, size, "<fuzz>", format);
    if ((selector & 0x80) && size > 0 && (stream = fmemopen((void *)data, size, "r")) != NULL)
        twin = ojd_reader_new(stream, "<fuzz>", format);
    if (!r || (stream && !twin))
        fuzz_fail("reader allocation failed");

    unsigned long ok = 0, malformed = 0, last_index = 0;
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
        fuzz_check_board(&pz.board);
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
    return 0;
}
