/*
 * test_validate.c -- the strict input validator ojd_validate_input(): every kind of violation
 * with its exact position, class and words, for several profiles; the statements' own samples
 * (samples/) and generated inputs of every kind each profile allows are valid; one message per
 * violation, in input order.
 *
 * Puzzles: POJ 2676's sample (formats.md section 2), unique, and its solution; grids built from
 * it for the other grammars.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ojdoku.h"

#define SAMPLES "../samples"

/* POJ 2676's sample puzzle (unique) and its solution. */
static const char *const rows[9] = {
    "103000509", "002109400", "000704000", "300502006", "060000050",
    "700803004", "000401000", "009205800", "804000107",
};
static const char *const solution[9] = {
    "143628579", "572139468", "986754231", "391542786", "468917352",
    "725863914", "237481695", "619275843", "854396127",
};

/* ---- helpers ----------------------------------------------------------------------------- */

typedef struct seen {
    long line, col;
    ojd_status code;
    char message[200];
} seen;

typedef struct collector {
    seen v[64];
    int n;
} collector;

static void collect(void *ctx, const ojd_error *e)
{
    collector *c = ctx;
    if (c->n < 64) {
        c->v[c->n].line = e->line;
        c->v[c->n].col = e->col;
        c->v[c->n].code = e->code;
        snprintf(c->v[c->n].message, sizeof c->v[c->n].message, "%s", e->message);
    }
    c->n++;
}

/* Validates text as an input of profile name; the violations in c, the status returned. */
static ojd_status run_bytes(const char *name, const char *text, size_t len, collector *c,
                           ojd_validate_report *rep)
{
    const ojd_profile *f = ojd_profile_find(name);
    assert_non_null(f);
    FILE *in = fmemopen((void *)text, len, "r");
    assert_non_null(in);
    memset(c, 0, sizeof *c);
    ojd_status st = ojd_validate_input(in, f, NULL, collect, c, rep);
    fclose(in);
    return st;
}

static ojd_status run(const char *name, const char *text, collector *c, ojd_validate_report *rep)
{
    return run_bytes(name, text, strlen(text), c, rep);
}

/* One expected violation: where, which class, and words its message holds. */
typedef struct expect {
    long line, col;
    ojd_status code;
    const char *words;
} expect;

/* text must give exactly the violations of want (n of them), in this order. */
static void check(const char *name, const char *text, const expect *want, int n)
{
    collector c;
    ojd_validate_report rep;
    ojd_status st = run(name, text, &c, &rep);
    if (c.n != n) {
        for (int i = 0; i < c.n && i < 64; i++)
            fprintf(stderr, "  got %ld:%ld %s\n", c.v[i].line, c.v[i].col, c.v[i].message);
    }
    assert_int_equal(c.n, n);
    assert_int_equal(rep.violations, (unsigned long)n);
    assert_int_equal(st, n ? OJD_ERR_PARSE : OJD_OK);
    for (int i = 0; i < n; i++) {
        if (c.v[i].line != want[i].line || c.v[i].col != want[i].col ||
            !strstr(c.v[i].message, want[i].words))
            fprintf(stderr, "  violation %d: got %ld:%ld '%s', want %ld:%ld '%s'\n", i,
                    c.v[i].line, c.v[i].col, c.v[i].message, want[i].line, want[i].col,
                    want[i].words);
        assert_int_equal(c.v[i].line, want[i].line);
        assert_int_equal(c.v[i].col, want[i].col);
        assert_int_equal(c.v[i].code, want[i].code);
        assert_non_null(strstr(c.v[i].message, want[i].words));
    }
}

#define CHECK(name, text, ...)                                                                   \
    do {                                                                                         \
        static const expect want_[] = {__VA_ARGS__};                                             \
        check(name, text, want_, (int)(sizeof want_ / sizeof *want_));                          \
    } while (0)
#define VALID(name, text) check(name, text, NULL, 0)
#define PARSE OJD_ERR_PARSE

/* The sample as POJ 2676 writes it: count, 9 packed rows; blank replaced by `blank`. */
static char *packed(int cases, char blank, const char *sep)
{
    static char buf[4096];
    size_t n = (size_t)snprintf(buf, sizeof buf, "%d\n", cases);
    for (int k = 0; k < cases; k++) {
        if (k > 0)
            n += (size_t)snprintf(buf + n, sizeof buf - n, "%s", sep);
        for (int r = 0; r < 9; r++) {
            for (int c = 0; c < 9; c++)
                buf[n++] = rows[r][c] == '0' ? blank : rows[r][c];
            buf[n++] = '\n';
        }
    }
    buf[n] = '\0';
    return buf;
}

/* The sample as Kattis writes it: 9 spaced rows, `0` blanks, cases separated by empty lines. */
static char *spaced(int cases)
{
    static char buf[8192];
    size_t n = 0;
    for (int k = 0; k < cases; k++) {
        if (k > 0)
            buf[n++] = '\n';
        for (int r = 0; r < 9; r++) {
            for (int c = 0; c < 9; c++) {
                buf[n++] = rows[r][c];
                buf[n++] = c < 8 ? ' ' : '\n';
            }
        }
    }
    buf[n] = '\0';
    return buf;
}

/* A copy of text with the first occurrence of from replaced by to (static buffer). */
static const char *edit(const char *text, const char *from, const char *to)
{
    static char buf[8192];
    const char *at = strstr(text, from);
    assert_non_null(at);
    size_t head = (size_t)(at - text);
    snprintf(buf, sizeof buf, "%.*s%s%s", (int)head, text, to, at + strlen(from));
    return buf;
}

/* ---- the grammar ------------------------------------------------------------------------- */

static void test_valid_inputs(void **state)
{
    (void)state;
    VALID("poj2676", packed(1, '0', ""));
    VALID("poj2676", packed(3, '0', ""));
    VALID("hdu3111", packed(2, '?', "---\n"));
    VALID("poj2918", packed(2, '0', "\n"));
    VALID("kattis", spaced(1));
    VALID("kattis", spaced(3));
    VALID("uva10957", spaced(2));
    VALID("poj3074", "1.3...5.9..21.94.....7.4...3..5.2..6.6.....5.7..8.3..4...4.1.....92.58.."
                     "8.4...1.7\nend\n");
}

static void test_bytes_and_lines(void **state)
{
    (void)state;
    /* CR, trailing blanks, a tab, a byte outside ASCII, no final newline: each at its column */
    CHECK("poj2676", edit(packed(1, '0', ""), "1\n", "1\r\n"),
          {1, 2, PARSE, "carriage return"});
    CHECK("poj2676", edit(packed(1, '0', ""), "002109400\n", "002109400  \n"),
          {3, 10, PARSE, "trailing whitespace"});
    CHECK("poj2676", edit(packed(1, '0', ""), "002109400\n", "0021\t9400\n"),
          {3, 5, PARSE, "a tab"});
    CHECK("poj2676", edit(packed(1, '0', ""), "002109400\n", "00210940\xc3\n"),
          {3, 9, PARSE, "byte 0xc3 is not printable ASCII"});
    CHECK("poj2676", edit(packed(1, '0', ""), "804000107\n", "804000107"),
          {10, 10, PARSE, "no newline at the end of the file"});
    /* the grammar fault of a line comes before its whitespace fault */
    CHECK("kattis", edit(spaced(1), "0 0 2 1 0 9 4 0 0\n", "0 0 2 1 0 9 4 0\r\n"),
          {2, 16, PARSE, "the row has 8 cells; rows have 9"}, {2, 16, PARSE, "carriage return"});
    CHECK("kattis", "", {1, 1, PARSE, "the file is empty"});
    char *longline = malloc(5000);
    assert_non_null(longline);
    memset(longline, '1', 4999);
    longline[4999] = '\0';
    char *text = malloc(6000);
    assert_non_null(text);
    snprintf(text, 6000, "%s\nend\n", longline);
    CHECK("poj3074", text, {1, 4097, PARSE, "longer than 4096 characters"});
    free(text);
    free(longline);
}

static void test_count_line(void **state)
{
    (void)state;
    CHECK("poj2676", packed(1, '0', "") + 2, {1, 1, PARSE, "the count line is missing"});
    CHECK("poj2676", edit(packed(1, '0', ""), "1\n", "01\n"),
          {1, 1, PARSE, "expected the number of cases"});
    CHECK("poj2676", edit(packed(1, '0', ""), "1\n", "+1\n"),
          {1, 1, PARSE, "expected the number of cases"});
    CHECK("poj2676", edit(packed(2, '0', ""), "2\n", "3\n"),
          {1, 1, PARSE, "the count line says 3 cases but the file holds 2"});
    CHECK("poj2676", "1\n", {2, 1, PARSE, "the file holds no case"});
    /* a count with as many digits as a 4x4 row is a count, as the reader takes it (five digits
     * or fewer are a number to it): 1000 cases of DMOJ's 4x4 rows open with "1000", a valid
     * file that solve and check read; "4002" over one case is a count that is wrong, not a row */
    static const char *const mini[4] = {"1234", "4XX1", "2XX3", "3142"};
    enum { MINI_CASES = 1000 };
    ojd_board *boards = malloc(MINI_CASES * sizeof *boards);
    assert_non_null(boards);
    assert_int_equal(ojd_board_init_side(&boards[0], 4), OJD_OK);
    for (int r = 0; r < 4; r++)
        for (int c = 0; c < 4; c++)
            boards[0].cell[r * 4 + c] =
                (uint8_t)(mini[r][c] == 'X' ? 0 : mini[r][c] - '0');
    for (int k = 1; k < MINI_CASES; k++)
        boards[k] = boards[0];
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    assert_non_null(out);
    assert_int_equal(ojd_write_puzzles(out, ojd_profile_find("dmojminiaturesudoku"), boards,
                                       MINI_CASES), OJD_OK);
    fclose(out);
    assert_memory_equal(text, "1000\n1234\n4XX1\n", 15);
    collector c;
    ojd_validate_report rep;
    assert_int_equal(run("dmojminiaturesudoku", text, &c, &rep), OJD_OK);
    assert_int_equal(rep.cases, MINI_CASES);
    free(text);
    free(boards);
    CHECK("dmojminiaturesudoku", "4002\n1234\n4XX1\n2XX3\n3142\n",
          {1, 1, PARSE, "the count line says 4002 cases but the file holds 1"});
    /* SPOJ: K <= 10 */
    static char spoj[8192];
    size_t n = (size_t)snprintf(spoj, sizeof spoj, "11\n");
    for (int k = 0; k < 11; k++) {
        if (k)
            spoj[n++] = '\n';
        for (int r = 0; r < 16; r++)
            n += (size_t)snprintf(spoj + n, sizeof spoj - n, "----------------\n");
    }
    CHECK("spoj", spoj, {1, 1, PARSE, "the count 11 is above the statement's bound of 10"},
          /* the empty 16x16 grid: many solutions, and SPOJ promises one */
          {2, 1, OJD_MULTIPLE, "case 1 has two or more solutions"},
          {19, 1, OJD_MULTIPLE, "case 2"}, {36, 1, OJD_MULTIPLE, "case 3"},
          {53, 1, OJD_MULTIPLE, "case 4"}, {70, 1, OJD_MULTIPLE, "case 5"},
          {87, 1, OJD_MULTIPLE, "case 6"}, {104, 1, OJD_MULTIPLE, "case 7"},
          {121, 1, OJD_MULTIPLE, "case 8"}, {138, 1, OJD_MULTIPLE, "case 9"},
          {155, 1, OJD_MULTIPLE, "case 10"}, {172, 1, OJD_MULTIPLE, "case 11"});
}

static void test_rows_and_cells(void **state)
{
    (void)state;
    /* packed: width, then the judge's alphabet only */
    CHECK("poj2676", edit(packed(1, '0', ""), "002109400\n", "00210940\n"),
          {3, 9, PARSE, "the row is 8 characters long; rows are 9 cells"});
    CHECK("poj2676", edit(packed(1, '0', ""), "002109400\n", "0021094000\n"),
          {3, 10, PARSE, "the row is 10 characters long"});
    CHECK("poj2676", edit(packed(1, '0', ""), "002109400\n", "002.09400\n"),
          {3, 4, PARSE, "'.' is not a cell: 1-9, or '0' for a blank"});
    CHECK("hdu3111", edit(packed(1, '?', ""), "??21?94??\n", "0?21?94??\n"),
          {3, 1, PARSE, "'0' is not a cell: 1-9, or '?' for a blank"});
    /* spaced: cell count, one space, one character per cell */
    CHECK("kattis", edit(spaced(1), "0 0 2 1 0 9 4 0 0\n", "0 0 2 1 0 9 4 0 0 5\n"),
          {2, 19, PARSE, "the row has 10 cells; rows have 9"});
    CHECK("kattis", edit(spaced(1), "0 0 2 1 0 9 4 0 0\n", "0 0  2 1 0 9 4 0 0\n"),
          {2, 5, PARSE, "two spaces between cells"});
    CHECK("kattis", edit(spaced(1), "0 0 2 1 0 9 4 0 0\n", " 0 0 2 1 0 9 4 0 0\n"),
          {2, 1, PARSE, "a space before the first cell"});
    CHECK("kattis", edit(spaced(1), "0 0 2 1 0 9 4 0 0\n", "0 0 2 1 0 9 4 0 00\n"),
          {2, 18, PARSE, "cells are one character each"});
    CHECK("kattis", edit(spaced(1), "0 0 2 1 0 9 4 0 0\n", "0 0 21 0 9 4 0 0 7\n"),
          {2, 6, PARSE, "cells are one character each"});
    CHECK("kattis", edit(spaced(1), "0 0 2 1 0 9 4 0 0\n", "0 0 2 1 ? 9 4 0 0\n"),
          {2, 9, PARSE, "'?' is not a cell: 1-9, or '0' for a blank"});
    /* a grid that stops short */
    CHECK("kattis", edit(spaced(2), "8 0 4 0 0 0 1 0 7\n\n", "\n"),
          {9, 1, PARSE, "case 1 ends after 8 of its 9 rows"});
    CHECK("poj2676", edit(packed(1, '0', ""), "804000107\n", ""),
          {10, 1, PARSE, "case 1 ends after 8 of its 9 rows"});
    /* letters (POJ 3076): A-P and '-' only */
    static char letters[512];
    size_t n = 0;
    for (int r = 0; r < 16; r++)
        n += (size_t)snprintf(letters + n, sizeof letters - n, "%s\n",
                              r == 3 ? "---a------------" : "----------------");
    CHECK("poj3076", letters, {4, 4, PARSE, "'a' is not a cell: A-P, or '-' for a blank"});
}

static void test_separators(void **state)
{
    (void)state;
    CHECK("kattis", edit(spaced(2), "1 0 7\n\n", "1 0 7\n"),
          {10, 1, PARSE, "the empty line is missing between case 1 and case 2"});
    CHECK("kattis", edit(spaced(2), "1 0 7\n\n", "1 0 7\n\n\n"),
          {11, 1, PARSE, "another empty line between cases"});
    CHECK("kattis", edit(spaced(1), "1 0 3", "\n1 0 3"),
          {1, 1, PARSE, "an empty line before the first case"});
    {
        static char text[8200];
        snprintf(text, sizeof text, "%s\n", spaced(1));
        CHECK("kattis", text, {10, 1, PARSE, "an empty line after the last case"});
    }
    CHECK("poj2676", packed(2, '0', "\n"),
          {11, 1, PARSE, "an empty line (the statement has none)"});
    CHECK("hdu3111", edit(packed(2, '?', "---\n"), "---\n", "\n"),
          {11, 1, PARSE, "an empty line (cases are separated by a line '---' alone)"});
    CHECK("hdu3111", edit(packed(2, '?', "---\n"), "---\n", "---\n---\n"),
          {12, 1, PARSE, "another '---' line between cases"});
}

static void test_terminator_and_headers(void **state)
{
    (void)state;
    const char *line = "1.3...5.9..21.94.....7.4...3..5.2..6.6.....5.7..8.3..4...4.1.....92.58.."
                       "8.4...1.7\n";
    static char text[1024];
    snprintf(text, sizeof text, "%s", line);
    CHECK("poj3074", text, {2, 1, PARSE, "the line 'end' is missing after the last case"});
    snprintf(text, sizeof text, "%send\nmore\n", line);
    CHECK("poj3074", text, {3, 1, PARSE, "text after the line 'end'"});
    snprintf(text, sizeof text, "%s%.80s\nend\n", line, line);
    CHECK("poj3074", text, {2, 81, PARSE, "the puzzle line is 80 characters long"});
    snprintf(text, sizeof text, "%s\nend\n", line);
    CHECK("poj3074", text, {2, 1, PARSE, "an empty line (the statement has none)"});
    /* Project Euler 96: "Grid NN" before each grid */
    size_t n = (size_t)snprintf(text, sizeof text, "Grid 01\n");
    for (int r = 0; r < 9; r++)
        n += (size_t)snprintf(text + n, sizeof text - n, "%s\n", rows[r]);
    n += (size_t)snprintf(text + n, sizeof text - n, "Grid 2\n");
    for (int r = 0; r < 9; r++)
        n += (size_t)snprintf(text + n, sizeof text - n, "%s\n", rows[r]);
    CHECK("euler96", text, {11, 1, PARSE, "expected the header line 'Grid 02'"});
}

/* A keyword line is the whole line: a NUL and junk after "end", "---" or a header make it none
 * (issue #29, item 8). */
static void test_keyword_then_nul(void **state)
{
    (void)state;
    static const char line[] = ".2738..1..1...6735.......293.5692.8...........6.1745.364......."
                               "9518...7..8..6534.\n";
    char text[2048];
    size_t n = (size_t)snprintf(text, sizeof text, "%s", line);
    memcpy(text + n, "end\0junk\n", 9);
    collector c;
    ojd_validate_report rep;
    assert_int_equal(run_bytes("poj3074", text, n + 9, &c, &rep), OJD_ERR_PARSE);
    assert_non_null(strstr(c.v[0].message, "0x00"));
    /* HDU 3111: "---\0zz" between two cases */
    n = (size_t)snprintf(text, sizeof text, "2\n");
    for (int k = 0; k < 2; k++) {
        if (k) {
            memcpy(text + n, "---\0zz\n", 7);
            n += 7;
        }
        for (int r = 0; r < 9; r++)
            n += (size_t)snprintf(text + n, sizeof text - n, "%.9s\n", "?????????");
    }
    assert_int_equal(run_bytes("hdu3111", text, n, &c, &rep), OJD_ERR_PARSE);
    /* Project Euler 96: "Grid 02\0??" */
    n = (size_t)snprintf(text, sizeof text, "Grid 01\n");
    for (int r = 0; r < 9; r++)
        n += (size_t)snprintf(text + n, sizeof text - n, "%s\n", rows[r]);
    memcpy(text + n, "Grid 02\0??\n", 11);
    n += 11;
    for (int r = 0; r < 9; r++)
        n += (size_t)snprintf(text + n, sizeof text - n, "%s\n", rows[r]);
    assert_int_equal(run_bytes("euler96", text, n, &c, &rep), OJD_ERR_PARSE);
}

static void test_size_prefix(void **state)
{
    (void)state;
    /* UVa 989: n, then n*n rows; n from 1 to 3 */
    VALID("uva989", "2\n1 2 0 4\n3 4 1 2\n0 1 4 3\n4 3 2 0\n\n1\n0\n");
    CHECK("uva989", "2\n1 2 0 4\n3 4 1 2\n0 1 4 3\n4 3 2 5\n",
          {5, 7, PARSE, "'5' is not a cell: 1-4, or '0' for a blank"});
    CHECK("uva989", "02\n1 2 0 4\n3 4 1 2\n0 1 4 3\n4 3 2 0\n\n1\n0\n",
          {1, 1, PARSE, "expected the box size n"});
    static char big[2048];
    size_t n = (size_t)snprintf(big, sizeof big, "4\n");
    for (int r = 0; r < 16; r++)
        n += (size_t)snprintf(big + n, sizeof big - n,
                              "0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n");
    CHECK("uva989", big, {1, 1, PARSE, "box size 4 gives 16x16 grids; the statement allows box "
                                       "sizes 1 to 3 (1x1 to 9x9)"});
    /* the range named is the statement's, not the library's 1 to 8 */
    CHECK("uva989", "0\n", {1, 1, PARSE, "expected the box size n (a number from 1 to 3) alone on "
                                         "the line before the grid"});
}

/* Kick Start's Sudoku Checker: a count line, box sizes 3 to 6, rows of numbers 1 to 999 (any
 * of them outside 1..N^2 is a "No" case, which its kinds allow), one space between them. */
static void test_count_size_prefix_and_values(void **state)
{
    (void)state;
    static char text[8192];
    static const char *const cells[] = {"999", "1000", "0", "-5", "07", "9x"};
    for (size_t k = 0; k < sizeof cells / sizeof *cells; k++) {
        size_t n = (size_t)snprintf(text, sizeof text, "1\n3\n");
        for (int r = 0; r < 9; r++)
            for (int c = 0; c < 9; c++)
                n += (size_t)snprintf(text + n, sizeof text - n, "%s%c",
                                      r == 4 && c == 4 ? cells[k] : (char[]){(char)('1' +
                                      (r * 3 + r / 3 + c) % 9), '\0'}, c < 8 ? ' ' : '\n');
        if (k == 0) {
            VALID("kickstart2013ba", text);
            continue;
        }
        char want[64];
        snprintf(want, sizeof want, "'%s' is not a number from 1 to 999", cells[k]);
        ojd_validate_report rep;
        collector c;
        assert_int_equal(run("kickstart2013ba", text, &c, &rep), OJD_ERR_PARSE);
        assert_int_equal(rep.violations, 1);
        assert_int_equal(c.v[0].line, 7);
        assert_int_equal(c.v[0].col, 9);
        assert_non_null(strstr(c.v[0].message, want));
    }
    /* N = 2 is outside 3..6, N = 0 is no box size */
    CHECK("kickstart2013ba", "2\n2\n1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 1\n0\n",
          {2, 1, PARSE, "box size 2 gives 4x4 grids; the statement allows box sizes 3 to 6"},
          {7, 1, PARSE, "expected the box size n (a number from 3 to 6)"});
}

/* COCI 2023/24 #1 (frame = yes): "+---+---+---+" above, between and below the bands, each row
 * "|52.|...|.81|"; one fault at a time, at its line and column. */
#define COCI_RULE "+---+---+---+\n"
#define COCI_BAND23 COCI_RULE "|24.|...|1.3|\n|1..|43.|86.|\n|.63|..7|.24|\n" COCI_RULE \
    "|...|1.9|35.|\n|..8|.74|6..|\n|31.|86.|7.9|\n"

static void test_framed_rows(void **state)
{
    (void)state;
    static const char *const id = "coci2324c1sudoku";
    VALID(id, COCI_RULE "|52.|...|.81|\n|.39|58.|...|\n|.8.|.9.|...|\n" COCI_BAND23 COCI_RULE);
    /* a repeated given is a case the statement has (GRESKA) */
    VALID(id, COCI_RULE "|52.|...|.81|\n|.39|58.|...|\n|58.|.9.|...|\n" COCI_BAND23 COCI_RULE);
    CHECK(id, "+---+---+--+\n|52.|...|.81|\n|.39|58.|...|\n|.8.|.9.|...|\n" COCI_BAND23
          COCI_RULE, {1, 12, PARSE, "expected the frame line '+---+---+---+'"});
    CHECK(id, "|52.|...|.81|\n|.39|58.|...|\n|.8.|.9.|...|\n" COCI_BAND23 COCI_RULE,
          {1, 1, PARSE, "expected the frame line '+---+---+---+'"});
    CHECK(id, COCI_RULE "|52.|...|.81|\n|.39|58.|...|\n|.8.|.9.|...|\n" COCI_BAND23,
          {13, 1, PARSE, "expected the frame line '+---+---+---+'"});
    CHECK(id, COCI_RULE "|52.|...|.81|\n|.39|58.|...\n|.8.|.9.|...|\n" COCI_BAND23 COCI_RULE,
          {3, 13, PARSE, "expected '|': a row is drawn as 3 boxes of 3 cells"});
    CHECK(id, COCI_RULE "|52.|...|.81|\n|.39|58..|..|\n|.8.|.9.|...|\n" COCI_BAND23 COCI_RULE,
          {3, 9, PARSE, "expected '|'"});
    CHECK(id, COCI_RULE "|52.|...|.81||\n|.39|58.|...|\n|.8.|.9.|...|\n" COCI_BAND23 COCI_RULE,
          {2, 14, PARSE, "text after the row's last '|'"});
    CHECK(id, COCI_RULE "|52.|...|.81|\n|.39|58.|...|\n|.8.|.9.|0..|\n" COCI_BAND23 COCI_RULE,
          {4, 10, PARSE, "'0' is not a cell: 1-9, or '.' for a blank"});
    CHECK(id, COCI_RULE "|52.|...|.81|\n|.39|58.|...|\n|.8.|.9.|...|\n" COCI_BAND23 COCI_RULE
          COCI_RULE "|52.|...|.81|\n|.39|58.|...|\n|.8.|.9.|...|\n" COCI_BAND23 COCI_RULE,
          {14, 1, PARSE, "case 2 is past the statement's bound of 1 case"});
}

static void test_literal(void **state)
{
    (void)state;
    static char lit[1024];
    size_t n = (size_t)snprintf(lit, sizeof lit, "[");
    for (int r = 0; r < 9; r++) {
        n += (size_t)snprintf(lit + n, sizeof lit - n, "%s[", r ? "," : "");
        for (int c = 0; c < 9; c++)
            n += (size_t)snprintf(lit + n, sizeof lit - n, "%s\"%c\"", c ? "," : "",
                                  rows[r][c] == '0' ? '.' : rows[r][c]);
        n += (size_t)snprintf(lit + n, sizeof lit - n, "]");
    }
    snprintf(lit + n, sizeof lit - n, "]\n");
    VALID("leetcode", lit);
    CHECK("leetcode", edit(lit, "[[\"1\",", "[[\"1\", "),
          {1, 7, PARSE, "expected '\"' opening a cell"});
    CHECK("leetcode", edit(lit, "[\"1\",\".\"", "[\"1\",\"0\""),
          {1, 8, PARSE, "'0' is not a cell: 1-9, or '.' for a blank"});
    CHECK("leetcode", edit(lit, "]]\n", "]] \n"), {1, 344, PARSE, "trailing whitespace"});
    CHECK("leetcode", edit(lit, "]]\n", "],[]]\n"), {1, 343, PARSE, "the board has more than 9"});
    CHECK("leetcode", edit(lit, "]]\n", "]]x\n"), {1, 344, PARSE, "text after the board"});
    CHECK("leetcode", edit(lit, "\"1\",\".\",\"3\"", "\"1\",\"3\""),
          {1, 34, PARSE, "the row has 8 cells; rows have 9"});
    /* a board over 9 lines, as LeetCode 36's example prints it (",[" opening each row after
     * the first) or with the comma at the line's end: one case, as the reader reads it */
    static char spread[1024], trailing[1024];
    size_t k = 0, m = 0;
    for (size_t i = 0; lit[i]; i++) {
        bool between = i > 0 && lit[i] == ',' && lit[i - 1] == ']' && lit[i + 1] == '[';
        if (between)
            spread[k++] = '\n';
        spread[k++] = lit[i];
        trailing[m++] = lit[i];
        if (between)
            trailing[m++] = '\n';
    }
    VALID("leetcode", spread);
    VALID("leetcode36", spread);
    VALID("leetcode", trailing);
    static char cut[1024]; /* its first five lines: the input ends between rows */
    const char *at = trailing;
    for (int line = 0; line < 5; line++)
        at = strchr(at, '\n') + 1;
    snprintf(cut, sizeof cut, "%.*s", (int)(at - trailing), trailing);
    CHECK("leetcode", cut, {6, 1, PARSE, "the input ends inside the board"});
}

/* ---- the statements' promises ------------------------------------------------------------ */

static void test_promises(void **state)
{
    (void)state;
    /* HDU 1426 promises one solution: a repeat, a second solution, none, each reported */
    static char text[1024];
    size_t n = 0;
    for (int r = 0; r < 9; r++)
        for (int c = 0; c < 9; c++)
            n += (size_t)snprintf(text + n, sizeof text - n, "%c%c",
                                  rows[r][c] == '0' ? '?' : rows[r][c], c < 8 ? ' ' : '\n');
    VALID("hdu1426", text);
    CHECK("hdu1426", edit(text, "1 ? 3", "1 1 3"),
          {1, 3, OJD_CONFLICT, "case 1 repeats 1 in row 1 (also at 1:1): hdu1426 input holds "
                               "only unique cases"});
    CHECK("hdu1426", edit(text, "1 ? 3 ? ? ? 5", "? ? ? ? ? ? ?"),
          {1, 1, OJD_MULTIPLE, "case 1 has two or more solutions"});
    /* a 7 in r1c2 repeats nothing (row 1 holds 1 3 5 9, column 2 holds 6, box 1 holds 1 3 2)
     * but the one solution has a 4 there */
    CHECK("hdu1426", edit(text, "1 ? 3", "1 7 3"),
          {1, 1, OJD_UNSOLVABLE, "case 1 has no solution: hdu1426 input holds only unique"});
    /* POJ 2676 allows several solutions; Kattis every kind */
    VALID("poj2676", edit(packed(1, '0', ""), "103000509", "000000509"));
    VALID("kattis", edit(spaced(1), "1 0 3", "1 1 3"));
    /* HDU 2780: exactly five blanks (the solution with five cells cleared is valid) */
    static char five[256];
    n = (size_t)snprintf(five, sizeof five, "1\n");
    for (int r = 0; r < 9; r++)
        n += (size_t)snprintf(five + n, sizeof five - n, "%s\n", solution[r]);
    for (int k = 0; k < 5; k++)
        five[2 + k * 10 + k] = '0'; /* rows 1-5, a different column each */
    VALID("hdu2780", five);
    char six[256];
    snprintf(six, sizeof six, "%s", five);
    six[2 + 5 * 10 + 5] = '0';
    CHECK("hdu2780", six, {2, 1, PARSE, "case 1 has 6 blanks; the statement's cases have "
                                        "exactly 5"});
    /* Kattis: up to 100 boards */
    size_t size = 101 * 200;
    char *many = malloc(size);
    assert_non_null(many);
    size_t k = 0;
    for (int c = 0; c < 101; c++)
        k += (size_t)snprintf(many + k, size - k, "%s%s", c ? "\n" : "", spaced(1));
    CHECK("kattis", many, {1001, 1, PARSE, "case 101 is past the statement's bound of 100"});
    free(many);
}

static void test_report_and_arguments(void **state)
{
    (void)state;
    collector c;
    ojd_validate_report rep;
    assert_int_equal(run("kattis", spaced(3), &c, &rep), OJD_OK);
    assert_int_equal(rep.cases, 3);
    assert_int_equal(rep.violations, 0);
    /* no callback: the numbers only */
    const char *bad = packed(2, '0', "\n");
    FILE *in = fmemopen((void *)bad, strlen(bad), "r");
    assert_non_null(in);
    assert_int_equal(ojd_validate_input(in, ojd_profile_find("poj2676"), NULL, NULL, NULL, &rep),
                     OJD_ERR_PARSE);
    assert_int_equal(rep.cases, 2);
    assert_int_equal(rep.violations, 1);
    /* profiles without a judge grammar of their own, and NULLs */
    for (const char *name = "line"; name; name = strcmp(name, "line") == 0 ? "grid"
                                                 : strcmp(name, "grid") == 0 ? "json" : NULL) {
        rewind(in);
        assert_int_equal(ojd_validate_input(in, ojd_profile_find(name), NULL, NULL, NULL, &rep),
                         OJD_ERR_INVALID);
    }
    assert_int_equal(ojd_validate_input(in, NULL, NULL, NULL, NULL, NULL), OJD_ERR_INVALID);
    assert_int_equal(ojd_validate_input(NULL, ojd_profile_find("kattis"), NULL, NULL, NULL, NULL),
                     OJD_ERR_INVALID);
    fclose(in);
}

/* ---- what ojdoku writes, and the judges' own samples ------------------------------------- */

/* Generated inputs of every kind a profile's statement allows, written by ojd_write_puzzles(),
 * are valid inputs of the profile: the generator, the writer and the validator agree. */
static void test_generated_inputs_are_valid(void **state)
{
    (void)state;
    ojd_generator *gen = ojd_generator_new();
    assert_non_null(gen);
    ojd_rng rng;
    ojd_rng_seed(&rng, 16);
    for (const ojd_profile *const *f = ojd_profile_list(); *f; f++) {
        if (ojd_profile_grammar(*f) == OJD_GRAMMAR_AUTO)
            continue;
        int side = ojd_profile_side(*f) ? ojd_profile_side(*f) : 9;
        int blanks = ojd_profile_blanks(*f);
        ojd_board boards[8];
        size_t n = 0;
        for (int kind = 0; kind < OJD_OUTCOME_COUNT_; kind++) {
            if (!(ojd_profile_kinds(*f) & OJD_KIND_BIT(kind)))
                continue;
            int least, most;
            ojd_profile_givens(*f, &least, &most);
            /* the statement's givens with room for the kinds made by taking givens away, as
             * generate makes them; and the problem's variant */
            ojd_generate_options o = {.side = side,
                                      .clues = blanks > 0 ? side * side - blanks
                                               : least    ? least + 6
                                                          : 0,
                                      .solved = blanks == OJD_NO_BLANKS,
                                      .units = ojd_profile_units(*f)};
            ojd_kind_options k = {.kind = (ojd_outcome)kind};
            for (int twice = 0; twice < (side > 9 ? 1 : 2); twice++) {
                ojd_board solved;
                assert_int_equal(ojd_generate_kind(gen, &rng, &o, &k, &boards[n], &solved, NULL),
                                 OJD_OK);
                /* a killer problem's case comes with its cages, as generate makes it */
                assert_true(!(ojd_profile_units(*f) & OJD_UNITS_KILLER) ||
                            ojd_board_cage_count(&boards[n]) > 0);
                n++;
            }
        }
        /* one file per max_cases boards (a single-grid statement gets a file per board) */
        size_t per_file = ojd_profile_max_cases(*f) ? ojd_profile_max_cases(*f) : n;
        for (size_t from = 0; from < n; from += per_file) {
            size_t m = n - from < per_file ? n - from : per_file;
            char *text = NULL;
            size_t size = 0;
            FILE *out = open_memstream(&text, &size);
            assert_non_null(out);
            assert_int_equal(ojd_write_puzzles(out, *f, boards + from, m), OJD_OK);
            fclose(out);
            collector c;
            ojd_validate_report rep;
            ojd_status st = run(ojd_profile_name(*f), text, &c, &rep);
            if (st != OJD_OK)
                fprintf(stderr, "%s: %s (%ld:%ld)\n", ojd_profile_name(*f), c.v[0].message,
                        c.v[0].line, c.v[0].col);
            assert_int_equal(st, OJD_OK);
            assert_int_equal(rep.cases, m);
            free(text);
        }
    }
    ojd_generator_free(gen);
}

/* The statements' own samples (the .in files of samples/, byte for byte) are valid, but for the two
 * faults the statements' sample files really have. */
/* Every bundled sample against its profile's input rules (samples/NAME.args names the
 * profile; the mirror samples have none): valid, but for the statements whose own samples break
 * their rules, each with the number of violations and why. */
static void test_samples(void **state)
{
    (void)state;
    static const struct {
        const char *name;
        int violations;
    } faulty[] = {
        /* SPOJ's official sample has trailing spaces on five input lines (formats.md 5b) */
        {"spoj", 5},
        /* the unofficial UVa 989 file ends with an empty line */
        {"uva989_multi", 1},
        /* HDU 5547's page shows no empty line before each case, which the statement says
         * starts every case (UVa 12988's PDF has them: that sample is valid) */
        {"hdu5547", 3},
        /* (Luogu's samples end lines 1-8 with a space, as NOIP's official files do: their
         * profiles say trailing-spaces = yes, and the samples are valid) */
        /* (LeetCode's examples print a board over nine lines, which the reader and the
         * validator both read as one board) */
    };
    DIR *dir = opendir(SAMPLES);
    assert_non_null(dir);
    int checked = 0;
    struct dirent *e;
    while ((e = readdir(dir)) != NULL) {
        size_t len = strlen(e->d_name);
        if (len < 6 || strcmp(e->d_name + len - 5, ".args") != 0)
            continue;
        char name[256], path[512], args[128] = "";
        snprintf(name, sizeof name, "%.*s", (int)(len - 5), e->d_name);
        snprintf(path, sizeof path, "%s/%s", SAMPLES, e->d_name);
        FILE *af = fopen(path, "r");
        assert_non_null(af);
        if (!fgets(args, sizeof args, af))
            args[0] = '\0';
        fclose(af);
        if (strncmp(args, "--format ", 9) != 0)
            continue;
        args[9 + strcspn(args + 9, " \n")] = '\0';
        const ojd_profile *f = ojd_profile_find(args + 9);
        assert_non_null(f);
        if (ojd_profile_grammar(f) == OJD_GRAMMAR_AUTO)
            continue; /* line, grid, json: no statement to hold an input to */
        int want = 0;
        for (size_t i = 0; i < sizeof faulty / sizeof *faulty; i++)
            if (strcmp(faulty[i].name, name) == 0)
                want = faulty[i].violations;
        snprintf(path, sizeof path, "%s/%s.in", SAMPLES, name);
        FILE *in = fopen(path, "r");
        assert_non_null(in);
        ojd_validate_report rep;
        ojd_status st = ojd_validate_input(in, f, NULL, NULL, NULL, &rep);
        fclose(in);
        if ((int)rep.violations != want)
            fprintf(stderr, "%s: %lu violations, want %d\n", name, rep.violations, want);
        assert_int_equal(rep.violations, want);
        assert_int_equal(st, want ? OJD_ERR_PARSE : OJD_OK);
        assert_true(rep.cases > 0);
        checked++;
    }
    closedir(dir);
    assert_true(checked >= 45);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_valid_inputs),
        cmocka_unit_test(test_bytes_and_lines),
        cmocka_unit_test(test_count_line),
        cmocka_unit_test(test_rows_and_cells),
        cmocka_unit_test(test_separators),
        cmocka_unit_test(test_terminator_and_headers),
        cmocka_unit_test(test_keyword_then_nul),
        cmocka_unit_test(test_size_prefix),
        cmocka_unit_test(test_count_size_prefix_and_values),
        cmocka_unit_test(test_framed_rows),
        cmocka_unit_test(test_literal),
        cmocka_unit_test(test_promises),
        cmocka_unit_test(test_report_and_arguments),
        cmocka_unit_test(test_generated_inputs_are_valid),
        cmocka_unit_test(test_samples),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
