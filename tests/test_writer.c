/* test_writer.c -- every profile's framing, words and verdicts; judge input files round-trip. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ojdoku.h"

/* A solved grid of any square side, by the shifted-rows pattern (valid by construction). */
static void solved(ojd_board *b, int side)
{
    assert_int_equal(ojd_board_init_side(b, side), OJD_OK);
    int box = b->box_rows;
    for (int r = 0; r < side; r++)
        for (int c = 0; c < side; c++)
            b->cell[r * side + c] = (uint8_t)((r * box + r / box + c) % side + 1);
    assert_true(ojd_board_is_solved(b));
}

/* A puzzle: the solved grid with every third cell erased. */
static void puzzle_of(ojd_puzzle *p, int side, unsigned long index)
{
    memset(p, 0, sizeof *p);
    solved(&p->board, side);
    for (int i = 0; i < side * side; i += 3)
        p->board.cell[i] = 0;
    p->index = index;
}

typedef struct sink {
    char *text;
    size_t size;
    FILE *f;
} sink;

static void sink_open(sink *s)
{
    s->text = NULL;
    s->f = open_memstream(&s->text, &s->size);
    assert_non_null(s->f);
}

static void sink_close(sink *s) { fclose(s->f); }

/* Rows of the solved grid as the writer should print them (no trailing spaces, '\n' each). */
static void grid_text(char *out, int side, bool spaced, bool letters)
{
    ojd_board b;
    solved(&b, side);
    size_t n = 0;
    for (int r = 0; r < side; r++) {
        for (int c = 0; c < side; c++) {
            int v = b.cell[r * side + c];
            if (spaced && c)
                out[n++] = ' ';
            if (letters)
                out[n++] = (char)('A' + v - 1);
            else if (v > 9)
                n += (size_t)sprintf(out + n, "%d", v);
            else
                out[n++] = (char)('0' + v);
        }
        out[n++] = '\n';
    }
    out[n] = '\0';
}

/* Writes two solved cases with a profile and returns the text. */
static char *two_cases(const char *format, int side)
{
    sink s;
    sink_open(&s);
    ojd_writer *w = ojd_writer_new(s.f, ojd_format_find(format), NULL);
    assert_non_null(w);
    for (unsigned long i = 1; i <= 2; i++) {
        ojd_puzzle p;
        ojd_result res = {.solutions = 1};
        puzzle_of(&p, side, i);
        solved(&res.solution, side);
        assert_int_equal(ojd_writer_answer(w, &p, OJD_OK, &res), OJD_OK);
    }
    assert_int_equal(ojd_writer_finish(w), OJD_OK);
    ojd_writer_free(w);
    sink_close(&s);
    return s.text;
}

static void test_framing_of_grid_profiles(void **state)
{
    (void)state;
    static const struct {
        const char *format;
        int side;
        bool spaced, letters;
        bool scenario;                        /* "Scenario #k:" before each grid */
        const char *between, *after;          /* around each grid */
    } cases[] = {
        {"hdu1426", 9, true, false, false, "\n", ""},
        {"poj2676", 9, false, false, false, "", ""},
        {"poj2918", 9, false, false, true, "", "\n"},
        {"poj3076", 16, false, true, false, "\n", ""},
        {"spoj", 16, false, true, false, "\n", ""},
        {"uva989", 9, true, false, false, "\n", ""},
        {"uva989", 4, true, false, false, "\n", ""},
        {"kattis", 9, true, false, false, "\n", ""},
        {"hdu3111", 9, false, false, false, "---\n", ""},
        {"hdu2780", 9, false, false, false, "\n", ""},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char grid[2000], want[5000] = "", head[40];
        grid_text(grid, cases[i].side, cases[i].spaced, cases[i].letters);
        for (int k = 1; k <= 2; k++) {
            if (k == 2)
                strcat(want, cases[i].between);
            if (cases[i].scenario) {
                snprintf(head, sizeof head, "Scenario #%d:\n", k);
                strcat(want, head);
            }
            strcat(want, grid);
            strcat(want, cases[i].after);
        }
        char *got = two_cases(cases[i].format, cases[i].side);
        print_message("%s\n", cases[i].format);
        assert_string_equal(got, want);
        free(got);
    }
}

static void test_line_and_literal(void **state)
{
    (void)state;
    char grid[2000], want[4000];
    grid_text(grid, 9, false, false);
    char line[100];
    size_t n = 0;
    for (const char *p = grid; *p; p++)
        if (*p != '\n')
            line[n++] = *p;
    line[n] = '\0';
    snprintf(want, sizeof want, "%s\n%s\n", line, line);
    char *got = two_cases("poj3074", 9);
    assert_string_equal(got, want);
    free(got);
    got = two_cases("line", 9);
    assert_string_equal(got, want);
    free(got);

    got = two_cases("leetcode", 9);
    assert_int_equal(strncmp(got, "[[\"", 3), 0);
    char *second = strchr(got, '\n');
    assert_non_null(second);
    assert_int_equal(second - got, 9 * (9 * 4 - 1 + 2) + 8 + 2); /* rows, commas, brackets */
    free(got);

    got = two_cases("grid", 9);
    assert_non_null(strstr(got, "------+-------+------\n"));
    assert_non_null(strstr(got, " | "));
    free(got);
}

/* The words each profile has for outcomes other than a solution. */
static void test_words_and_verdicts(void **state)
{
    (void)state;
    static const struct {
        const char *format;
        ojd_status status;
        const char *want; /* NULL: nothing is written, the status comes back */
    } cases[] = {
        {"uva989", OJD_UNSOLVABLE, "NO SOLUTION\n"},
        {"uva989", OJD_CONFLICT, "NO SOLUTION\n"},
        {"kattis", OJD_UNSOLVABLE, "Find another job\n"},
        {"kattis", OJD_CONFLICT, "Find another job\n"},
        {"kattis", OJD_MULTIPLE, "Non-unique\n"},
        {"hdu3111", OJD_UNSOLVABLE, "impossible\n"},
        {"hdu2780", OJD_CONFLICT, "Could not complete this grid.\n"},
        {"uva10957", OJD_OK, "Case 7: Unique.\n"},
        {"uva10957", OJD_MULTIPLE, "Case 7: Ambiguous.\n"},
        {"uva10957", OJD_UNSOLVABLE, "Case 7: Impossible.\n"},
        {"uva10957", OJD_CONFLICT, "Case 7: Illegal.\n"},
        {"hdu1426", OJD_UNSOLVABLE, NULL},
        {"poj2676", OJD_CONFLICT, NULL},
        {"poj3074", OJD_LIMIT, NULL},
        {"uva10957", OJD_LIMIT, NULL},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        sink s;
        sink_open(&s);
        ojd_writer *w = ojd_writer_new(s.f, ojd_format_find(cases[i].format), NULL);
        ojd_puzzle p;
        ojd_result res = {.solutions = cases[i].status == OJD_MULTIPLE ? 2 : cases[i].status == OJD_OK};
        puzzle_of(&p, 9, 7);
        solved(&res.solution, 9);
        ojd_status st = ojd_writer_answer(w, &p, cases[i].status, &res);
        ojd_writer_finish(w);
        ojd_writer_free(w);
        sink_close(&s);
        print_message("%s %d\n", cases[i].format, cases[i].status);
        if (cases[i].want) {
            assert_int_equal(st, OJD_OK);
            assert_string_equal(s.text, cases[i].want);
        } else {
            assert_int_equal(st, cases[i].status);
            assert_string_equal(s.text, "");
        }
        free(s.text);
    }
}

static void test_euler_sum_and_count_mode(void **state)
{
    (void)state;
    char *got = two_cases("euler96", 9);
    ojd_board b;
    solved(&b, 9);
    char want[32];
    snprintf(want, sizeof want, "%d\n", 2 * (b.cell[0] * 100 + b.cell[1] * 10 + b.cell[2]));
    assert_string_equal(got, want);
    free(got);

    sink s;
    sink_open(&s);
    ojd_writer_options opt = {.count_cap = 5};
    ojd_writer *w = ojd_writer_new(s.f, ojd_format_find("line"), &opt);
    ojd_puzzle p;
    ojd_result res = {.solutions = 3};
    puzzle_of(&p, 4, 1);
    solved(&res.solution, 4);
    assert_int_equal(ojd_writer_answer(w, &p, OJD_MULTIPLE, &res), OJD_OK);
    res.solutions = 0;
    assert_int_equal(ojd_writer_answer(w, &p, OJD_UNSOLVABLE, &res), OJD_OK);
    ojd_writer_free(w);
    sink_close(&s);
    /* PUZZLE:3:SOLUTION, then PUZZLE:0 without a solution; every third cell is a '.' blank */
    char rows[64], line[40], puzzle[40], expect[200];
    grid_text(rows, 4, false, false);
    size_t n = 0;
    for (const char *q = rows; *q; q++)
        if (*q != '\n')
            line[n++] = *q;
    line[n] = '\0';
    for (int i = 0; i < 16; i++)
        puzzle[i] = i % 3 == 0 ? '.' : line[i];
    puzzle[16] = '\0';
    snprintf(expect, sizeof expect, "%s:3:%s\n%s:0\n", puzzle, line, puzzle);
    assert_string_equal(s.text, expect);
    free(s.text);
}

/* A judge input file written for a profile reads back, with that profile, as the same puzzles. */
static void test_input_files_round_trip(void **state)
{
    (void)state;
    for (const ojd_format *const *f = ojd_format_list(); *f; f++) {
        int side = (*f)->side ? (*f)->side : 9;
        ojd_board boards[3];
        for (int i = 0; i < 3; i++) {
            ojd_puzzle p;
            puzzle_of(&p, side, 1);
            p.board.cell[i + 1] = 0;
            boards[i] = p.board;
        }
        sink s;
        sink_open(&s);
        assert_int_equal(ojd_write_puzzles(s.f, *f, boards, 3), OJD_OK);
        sink_close(&s);
        print_message("%s\n", (*f)->name);
        ojd_reader *r = ojd_reader_new_mem(s.text, s.size, "t", *f);
        for (int i = 0; i < 3; i++) {
            ojd_puzzle p;
            ojd_error err;
            ojd_status st = ojd_reader_next(r, &p, &err);
            if (st != OJD_OK)
                fail_msg("%s case %d: %s\n%s", (*f)->name, i + 1, err.message, s.text);
            assert_int_equal(p.board.side, side);
            assert_memory_equal(p.board.cell, boards[i].cell, (size_t)(side * side));
        }
        ojd_puzzle p;
        assert_int_equal(ojd_reader_next(r, &p, NULL), OJD_END);
        assert_false(ojd_reader_warning(r, NULL));
        ojd_reader_free(r);
        free(s.text);
    }
}

static void test_write_errors_are_reported(void **state)
{
    (void)state;
    FILE *full = fopen("/dev/full", "w");
    if (!full)
        skip(); /* not every system has /dev/full */
    ojd_writer *w = ojd_writer_new(full, ojd_format_find("line"), NULL);
    ojd_puzzle p;
    ojd_result res = {.solutions = 1};
    puzzle_of(&p, 9, 1);
    solved(&res.solution, 9);
    ojd_status st = OJD_OK;
    for (int i = 0; i < 2000 && st == OJD_OK; i++) /* enough to overflow stdio's buffer */
        st = ojd_writer_answer(w, &p, OJD_OK, &res);
    if (st == OJD_OK)
        st = ojd_writer_finish(w);
    assert_int_equal(st, OJD_ERR_IO);
    assert_int_equal(ojd_writer_answer(w, &p, OJD_OK, &res), OJD_ERR_IO); /* sticky */
    ojd_writer_free(w);
    fclose(full);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_framing_of_grid_profiles),
        cmocka_unit_test(test_line_and_literal),
        cmocka_unit_test(test_words_and_verdicts),
        cmocka_unit_test(test_euler_sum_and_count_mode),
        cmocka_unit_test(test_input_files_round_trip),
        cmocka_unit_test(test_write_errors_are_reported),
    };
    return cmocka_run_group_tests_name("writer", tests, NULL, NULL);
}
