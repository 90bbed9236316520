/*
 * test_hostile.c -- the library facing hostile input (issue #7): huge lines, NUL bytes, absurd
 * count lines, unsupported sizes, long runs of malformed cases, an empty 25x25 grid under a
 * budget for every solver, and a writer on a full disk.  The CLI side of the same cases is
 * tests/hostile/run.sh (`make hostile`).
 *
 * Invariant checked throughout: every case the reader meets ends as exactly one OJD_OK or one
 * OJD_ERR_PARSE, and ojd_reader_cases() counts them all.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ojdoku.h"

/* A 17-clue puzzle with one solution (tests/hostile/puzzles.txt, line 1). */
static const char good_line[] =
    ".................1.....2.3......3.2...1.4......5....6..3......4.7..8...962...7...";

typedef struct tally {
    unsigned long ok, malformed, warnings;
    char last_error[200];
} tally;

/* Reads a whole buffer, counting outcomes; fails the test on any other status. */
static tally read_all(const char *data, size_t size, const ojd_profile *format,
                      unsigned long *cases)
{
    tally t = {0};
    ojd_reader *r = ojd_reader_new_mem(data, size, "<test>", format);
    assert_non_null(r);
    for (;;) {
        ojd_puzzle pz;
        ojd_error err;
        ojd_status st = ojd_reader_next(r, &pz, &err);
        ojd_error w;
        while (ojd_reader_warning(r, &w))
            t.warnings++;
        if (st == OJD_END)
            break;
        if (st == OJD_ERR_PARSE) {
            t.malformed++;
            snprintf(t.last_error, sizeof t.last_error, "%s", err.message);
            continue;
        }
        assert_int_equal(st, OJD_OK);
        assert_true(ojd_board_is_valid(&pz.board));
        t.ok++;
    }
    *cases = ojd_reader_cases(r);
    ojd_reader_free(r);
    return t;
}

/* A buffer of text: good puzzle lines around a middle part. */
static char *around(const char *middle, size_t middle_len, size_t *size)
{
    size_t n = strlen(good_line);
    char *buf = malloc(2 * (n + 1) + middle_len + 1);
    assert_non_null(buf);
    memcpy(buf, good_line, n);
    buf[n] = '\n';
    memcpy(buf + n + 1, middle, middle_len);
    memcpy(buf + n + 1 + middle_len, good_line, n);
    buf[2 * n + 1 + middle_len] = '\n';
    *size = 2 * (n + 1) + middle_len;
    return buf;
}

static void test_ten_megabyte_line(void **state)
{
    (void)state;
    size_t big = 10u << 20;
    char *line = malloc(big + 1);
    assert_non_null(line);
    memset(line, '1', big);
    unsigned long cases;
    /* alone, without a newline */
    tally t = read_all(line, big, NULL, &cases);
    assert_int_equal(t.ok, 0);
    assert_int_equal(t.malformed, 1);
    assert_int_equal(cases, 1);
    assert_non_null(strstr(t.last_error, "longer than"));
    /* between two good puzzles */
    line[big] = '\n';
    size_t size;
    char *buf = around(line, big + 1, &size);
    t = read_all(buf, size, NULL, &cases);
    assert_int_equal(t.ok, 2);
    assert_int_equal(t.malformed, 1);
    assert_int_equal(cases, 3);
    free(buf);
    free(line);
}

static void test_long_line_through_a_stream(void **state)
{
    (void)state;
    FILE *f = tmpfile();
    assert_non_null(f);
    fprintf(f, "%s\n", good_line);
    for (int i = 0; i < (2 << 20); i++)
        fputc('7', f);
    fprintf(f, "\n%s\n", good_line);
    rewind(f);
    ojd_reader *r = ojd_reader_new(f, "<tmp>", NULL);
    assert_non_null(r);
    ojd_puzzle pz;
    ojd_error err;
    assert_int_equal(ojd_reader_next(r, &pz, &err), OJD_OK);
    assert_int_equal(ojd_reader_next(r, &pz, &err), OJD_ERR_PARSE);
    assert_int_equal(err.line, 2);
    assert_int_equal(ojd_reader_next(r, &pz, &err), OJD_OK);
    assert_int_equal(pz.line, 3);
    assert_int_equal(ojd_reader_next(r, &pz, &err), OJD_END);
    assert_int_equal(ojd_reader_cases(r), 3);
    ojd_reader_free(r);
    fclose(f);
}

static void test_nul_and_invalid_utf8(void **state)
{
    (void)state;
    static const char *const middles[] = {
        "..\0..\n", "\0\0\0\n", "\xC0\x80\xFF\xFE\n", "\xE2\x82\n", ".....\xED\xA0\x80...\n",
    };
    static const size_t lens[] = {6, 4, 5, 3, 12};
    for (size_t i = 0; i < sizeof lens / sizeof lens[0]; i++) {
        size_t size;
        char *buf = around(middles[i], lens[i], &size);
        unsigned long cases;
        tally t = read_all(buf, size, NULL, &cases);
        assert_int_equal(t.ok, 2);
        assert_int_equal(t.malformed, 1);
        assert_int_equal(cases, 3);
        assert_non_null(strstr(t.last_error, "byte 0x"));
        free(buf);
    }
}

static void test_absurd_count_lines(void **state)
{
    (void)state;
    static const char *const counts[] = {"100000000000000000000\n", "-5\n",
                                         "18446744073709551616\n", "3\n"};
    for (size_t i = 0; i < sizeof counts / sizeof counts[0]; i++) {
        char buf[512];
        int n = snprintf(buf, sizeof buf, "%s%s\n%s\n", counts[i], good_line, good_line);
        unsigned long cases;
        tally t = read_all(buf, (size_t)n, NULL, &cases);
        assert_int_equal(t.ok, 2);
        assert_int_equal(t.malformed, 0);
        assert_int_equal(cases, 2);
        assert_int_equal(t.warnings, 1); /* none of these counts says 2 */
    }
}

static void test_unsupported_sizes_are_one_case(void **state)
{
    (void)state;
    static const struct {
        const char *row;
        int rows;
        const char *words;
    } grids[] = {
        {"1 2 3 4 5 6 7 8 9 10 11", 11, "unsupported size 11x11"},
        {"12.4567", 7, "unsupported size 7x7"},
        {"1 2 3 4 5 6 7 8 9 10 11", 7, "7 rows of 11 cells"},
        {"1 2 3 4 5", 1, "fits no supported grid"},
    };
    for (size_t i = 0; i < sizeof grids / sizeof grids[0]; i++) {
        char buf[1024];
        size_t n = 0;
        for (int r = 0; r < grids[i].rows; r++)
            n += (size_t)snprintf(buf + n, sizeof buf - n, "%s\n", grids[i].row);
        n += (size_t)snprintf(buf + n, sizeof buf - n, "%s\n", good_line);
        assert_true(n < sizeof buf);
        unsigned long cases;
        tally t = read_all(buf, n, NULL, &cases);
        assert_int_equal(t.malformed, 1);
        assert_int_equal(t.ok, 1);
        assert_int_equal(cases, 2);
        assert_non_null(strstr(t.last_error, grids[i].words));
    }
}

/* good_line as 9 rows of 9 characters, appended at buf + n; returns the new length. */
static size_t append_rows(char *buf, size_t n, size_t cap)
{
    for (int r = 0; r < 9; r++)
        n += (size_t)snprintf(buf + n, cap - n, "%.9s\n", good_line + 9 * r);
    assert_true(n < cap);
    return n;
}

static void test_misfits_inside_a_stream_of_rows(void **state)
{
    (void)state;
    char buf[2048];
    size_t n;
    unsigned long cases;
    /* an 11x11 grid between 9x9 grids: one case, the grids after it still read */
    n = append_rows(buf, 0, sizeof buf);
    for (int r = 0; r < 11; r++)
        n += (size_t)snprintf(buf + n, sizeof buf - n, "1 2 3 4 5 6 7 8 9 10 11\n");
    n = append_rows(buf, n, sizeof buf);
    n = append_rows(buf, n, sizeof buf);
    tally t = read_all(buf, n, NULL, &cases);
    assert_int_equal(t.ok, 3);
    assert_int_equal(t.malformed, 1);
    assert_int_equal(cases, 4);
    assert_non_null(strstr(t.last_error, "unsupported size 11x11"));
    /* one row of 10 cells in a 9x9 grid: that grid is malformed, the next one is aligned */
    n = append_rows(buf, 0, sizeof buf);
    size_t bad_row = n + 27;          /* inside the 3rd row of the second grid (10 bytes a row) */
    n = append_rows(buf, n, sizeof buf);
    memmove(buf + bad_row + 1, buf + bad_row, n - bad_row);
    buf[bad_row] = '5';
    n++;
    n = append_rows(buf, n, sizeof buf);
    t = read_all(buf, n, NULL, &cases);
    assert_int_equal(t.ok, 2);
    assert_int_equal(t.malformed, 1);
    assert_int_equal(cases, 3);
    assert_non_null(strstr(t.last_error, "the row has 10 cells"));
}

static void test_ten_thousand_malformed_between_good(void **state)
{
    (void)state;
    enum { BAD = 10000 };
    size_t cap = (size_t)BAD * 90 + 400, n = 0;
    char *buf = malloc(cap);
    assert_non_null(buf);
    n += (size_t)snprintf(buf + n, cap - n, "%s\n", good_line);
    for (int i = 0; i < BAD; i++) {
        /* 80 cells, 82 cells, a stray symbol: each a whole malformed case of its own line */
        if (i % 3 == 0)
            n += (size_t)snprintf(buf + n, cap - n, "%.80s\n", good_line);
        else if (i % 3 == 1)
            n += (size_t)snprintf(buf + n, cap - n, "%s5\n", good_line);
        else
            n += (size_t)snprintf(buf + n, cap - n, "%.40sk%s\n", good_line, good_line + 41);
    }
    n += (size_t)snprintf(buf + n, cap - n, "%s\n", good_line);
    assert_true(n < cap);
    unsigned long cases;
    tally t = read_all(buf, n, NULL, &cases);
    assert_int_equal(t.ok, 2);
    assert_int_equal(t.malformed, BAD);
    assert_int_equal(cases, BAD + 2);
    free(buf);
}

static void test_empty_25x25_every_solver_under_budget(void **state)
{
    (void)state;
    ojd_board empty;
    assert_int_equal(ojd_board_init_side(&empty, 25), OJD_OK);
    ojd_search search = {.limit = 1, .max_nodes = 20000};
    for (const ojd_solver *const *s = ojd_solver_list(); *s; s++) {
        ojd_engine *engine = ojd_engine_new(*s);
        assert_non_null(engine);
        ojd_result res;
        ojd_status st = ojd_engine_solve(engine, &empty, &search, &res);
        if (ojd_solver_max_side(*s) < 25) {
            assert_int_equal(st, OJD_ERR_INVALID);
        } else if (st == OJD_OK) {
            assert_true(ojd_board_solves(&empty, &res.solution));
        } else {
            assert_int_equal(st, OJD_LIMIT);
            assert_true(res.nodes <= search.max_nodes + 25 * 25);
        }
        ojd_engine_free(engine);
    }
}

static void test_writer_on_a_full_disk(void **state)
{
    (void)state;
    FILE *full = fopen("/dev/full", "w");
    assert_non_null(full);
    ojd_puzzle pz;
    ojd_error err;
    assert_int_equal(ojd_puzzle_parse(good_line, &pz, &err), OJD_OK);
    ojd_engine *engine = ojd_engine_new(NULL);
    ojd_writer *w = ojd_writer_new(full, ojd_profile_find("line"), NULL);
    assert_non_null(engine);
    assert_non_null(w);
    ojd_result res;
    ojd_status st = ojd_engine_solve(engine, &pz.board, NULL, &res);
    assert_int_equal(st, OJD_OK);
    /* stdio buffers the first answers; by the finish at the latest the error must show, and
     * stay: every call after it fails too */
    ojd_status written = OJD_OK;
    for (int i = 0; i < 200 && written == OJD_OK; i++)
        written = ojd_writer_answer(w, &pz, st, &res);
    if (written == OJD_OK)
        written = ojd_writer_finish(w);
    assert_int_equal(written, OJD_ERR_IO);
    assert_int_equal(ojd_writer_answer(w, &pz, st, &res), OJD_ERR_IO);
    assert_int_equal(ojd_writer_finish(w), OJD_ERR_IO);
    ojd_writer_free(w);
    ojd_engine_free(engine);
    fclose(full);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ten_megabyte_line),
        cmocka_unit_test(test_long_line_through_a_stream),
        cmocka_unit_test(test_nul_and_invalid_utf8),
        cmocka_unit_test(test_absurd_count_lines),
        cmocka_unit_test(test_unsupported_sizes_are_one_case),
        cmocka_unit_test(test_misfits_inside_a_stream_of_rows),
        cmocka_unit_test(test_ten_thousand_malformed_between_good),
        cmocka_unit_test(test_empty_25x25_every_solver_under_budget),
        cmocka_unit_test(test_writer_on_a_full_disk),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
