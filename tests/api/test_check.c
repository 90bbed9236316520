/*
 * test_check.c -- the special judge ojd_check(): every verdict kind with its exact message, every
 * profile round trip (what the library writes is accepted, strictly too; mutations are not),
 * strict framing, the jury cross-checks, checker failures and hostile buffers; and
 * ojd_board_consistent(), the rule `ojdoku validate` prints.
 *
 * The puzzles are LeetCode 37's example (formats.md section 6) and its published solution, the
 * empty 4x4 and 9x9 grids (many solutions), and the inputs of samples/ for the round trips.
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

/* LeetCode 37, example 1: the puzzle and its unique solution, row by row. */
static const char *const puzzle_rows[9] = {
    "530070000", "600195000", "098000060", "800060003", "400803001",
    "700020006", "060000280", "000419005", "000080079",
};
static const char *const solution_rows[9] = {
    "534678912", "672195348", "198342567", "859761423", "426853791",
    "713924856", "961537284", "287419635", "345286179",
};

/* ---- helpers ------------------------------------------------------------------------------- */

static ojd_check_report report = {.size = sizeof report};

/* A temporary file holding size bytes of data, at its start. */
static FILE *temp_with(const char *data, size_t size)
{
    FILE *f = tmpfile();
    assert_non_null(f);
    assert_int_equal(fwrite(data, 1, size, f), size);
    rewind(f);
    return f;
}

/* ojd_check_stream() on temporary files holding the buffers (answer NULL: none). */
static ojd_verdict check_files(const char *input, size_t input_size, const char *output,
                               size_t output_size, const char *answer, size_t answer_size,
                               const ojd_check_options *opt, ojd_check_report *r)
{
    FILE *in = temp_with(input, input_size), *out = temp_with(output, output_size);
    FILE *ans = answer ? temp_with(answer, answer_size) : NULL;
    ojd_verdict v = ojd_check_stream(in, out, ans, opt, r);
    fclose(in);
    fclose(out);
    if (ans)
        fclose(ans);
    return v;
}

/* Both entry points must agree on everything they report. */
static void same_reports(const ojd_check_report *a, const ojd_check_report *b)
{
    if (a->verdict != b->verdict || strcmp(a->message, b->message) != 0 ||
        a->cases != b->cases || a->failed_case != b->failed_case ||
        a->byte_exact != b->byte_exact || a->suggested != b->suggested ||
        memcmp(&a->failed_puzzle, &b->failed_puzzle, sizeof a->failed_puzzle) != 0 ||
        memcmp(&a->failed_grid, &b->failed_grid, sizeof a->failed_grid) != 0 ||
        a->failed_line != b->failed_line || strcmp(a->failed_text, b->failed_text) != 0 ||
        a->cases_right != b->cases_right)
        fail_msg("memory: %d \"%s\" (%lu cases, case %lu); stream: %d \"%s\" (%lu, %lu)",
                 (int)a->verdict, a->message, a->cases, a->failed_case, (int)b->verdict,
                 b->message, b->cases, b->failed_case);
}

/* ojd_check() on the buffers, and ojd_check_stream() on files holding them: the same report. */
static ojd_verdict check_both(const char *input, size_t input_size, const char *output,
                              size_t output_size, const char *answer, size_t answer_size,
                              const ojd_check_options *opt, ojd_check_report *r)
{
    ojd_check_report from_files = {.size = sizeof from_files};
    ojd_verdict v = ojd_check(input, input_size, output, output_size, answer, answer_size, opt, r);
    assert_int_equal(v, r->verdict);
    ojd_verdict w = check_files(input, input_size, output, output_size, answer, answer_size, opt,
                                &from_files);
    assert_int_equal(w, from_files.verdict);
    same_reports(r, &from_files);
    return v;
}

static ojd_verdict run_check(const char *format, const char *input, const char *output,
                             const char *answer, bool strict)
{
    ojd_check_options opt = {.format = format ? ojd_profile_find(format) : NULL,
                             .strict = strict, .max_nodes = 10000000};
    if (format)
        assert_non_null(opt.format);
    return check_both(input, strlen(input), output, strlen(output), answer,
                      answer ? strlen(answer) : 0, &opt, &report);
}

static void expect(const char *format, const char *input, const char *output, const char *answer,
                   bool strict, ojd_verdict verdict, const char *message)
{
    ojd_verdict v = run_check(format, input, output, answer, strict);
    if (v != verdict || strcmp(report.message, message) != 0)
        fail_msg("verdict %d \"%s\", want %d \"%s\"", (int)v, report.message, (int)verdict,
                 message);
}

/* An output the lenient judge accepts that a byte-exact one would not: one notion of
 * byte-exactness, so the ok's note names the very difference --strict reports (`where`). */
static void expect_not_exact(const char *format, const char *input, const char *output,
                             const char *answer, const char *ok, const char *where)
{
    char want[400];
    snprintf(want, sizeof want, "%s (not byte-exact: %s)", ok, where);
    expect(format, input, output, answer, false, OJD_VERDICT_OK, want);
    assert_false(report.byte_exact);
    /* a judge shows the message: no advice for a command line in it */
    assert_null(strstr(report.message, "strict"));
    snprintf(want, sizeof want, "presentation error: %s", where);
    expect(format, input, output, answer, true, OJD_VERDICT_PRESENTATION, want);
    assert_false(report.byte_exact);
}

/* Appends printf text to a growing buffer. */
typedef struct buf {
    char text[1 << 16];
    size_t n;
} buf;

static void add(buf *b, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
static void add(buf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(b->text + b->n, sizeof b->text - b->n, fmt, ap);
    va_end(ap);
    assert_true(n >= 0 && (size_t)n < sizeof b->text - b->n);
    b->n += (size_t)n;
}

/* The solution rows with edits: each edit is "row col char" (1-based). */
static void packed_solution(buf *b, const char *edits)
{
    char rows[9][10];
    for (int r = 0; r < 9; r++)
        memcpy(rows[r], solution_rows[r], 10);
    for (const char *e = edits; e && *e;) {
        int r, c, used;
        char ch;
        assert_int_equal(sscanf(e, "%d %d %c%n", &r, &c, &ch, &used), 3);
        rows[r - 1][c - 1] = ch;
        e += used;
        e += strspn(e, " ;");
    }
    for (int r = 0; r < 9; r++)
        add(b, "%s\n", rows[r]);
}

static void poj2676_input(buf *b)
{
    add(b, "1\n");
    for (int r = 0; r < 9; r++)
        add(b, "%s\n", puzzle_rows[r]);
}

/* Rows of a packed grid written as spaced rows (c -> "c c c"). */
static void spaced_rows(buf *b, const char *const rows[9])
{
    for (int r = 0; r < 9; r++)
        for (int c = 0; c < 9; c++)
            add(b, "%c%c", rows[r][c], c == 8 ? '\n' : ' ');
}

static const char *const empty_rows[9] = {
    "000000000", "000000000", "000000000", "000000000", "000000000",
    "000000000", "000000000", "000000000", "000000000",
};

/* ---- wrong answers in a grid profile ------------------------------------------------------- */

static void test_poj2676_verdicts(void **state)
{
    (void)state;
    buf in = {0};
    poj2676_input(&in);
    struct {
        const char *edits;
        const char *message;
    } cases[] = {
        {"", "ok 1 case"},
        {"2 4 x", "wrong answer: case 1: row 2 column 4: bad symbol 'x'"},
        /* the input's blank where a value belongs: left blank, not a foreign symbol */
        {"2 4 0", "wrong answer: case 1: row 2 column 4: cell left blank (0)"},
        /* '.' is no blank of poj2676: no value, perhaps left blank */
        {"2 4 .", "wrong answer: case 1: row 2 column 4: bad symbol '.' (no value: a cell left "
                  "blank?)"},
        {"2 4 ?", "wrong answer: case 1: row 2 column 4: bad symbol '?'"},
        {"1 1 4", "wrong answer: case 1: row 1 column 1: given 5 changed to 4"},
        {"1 3 3", "wrong answer: case 1: row 1 repeats 3"},
        /* a swap inside row 1 keeps the row a permutation and breaks two columns */
        {"1 3 6; 1 4 4", "wrong answer: case 1: column 3 repeats 6"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        buf out = {0};
        packed_solution(&out, cases[i].edits);
        expect("poj2676", in.text, out.text, NULL, false,
               i == 0 ? OJD_VERDICT_OK : OJD_VERDICT_WRONG, cases[i].message);
        assert_int_equal(report.cases, 1);
        assert_int_equal(report.failed_case, i == 0 ? 0 : 1);
    }
}

static void test_box_repeats(void **state)
{
    (void)state;
    /* columns 3 and 4 swapped in every row: rows and columns stay permutations, boxes break */
    const char *rows[9];
    char swapped[9][10];
    for (int r = 0; r < 9; r++) {
        memcpy(swapped[r], solution_rows[r], 10);
        swapped[r][2] = solution_rows[r][3];
        swapped[r][3] = solution_rows[r][2];
        rows[r] = swapped[r];
    }
    buf in = {0}, out = {0};
    add(&in, "1\n");
    for (int r = 0; r < 9; r++)
        add(&in, "%s\n", empty_rows[r]);
    for (int r = 0; r < 9; r++)
        add(&out, "%s\n", rows[r]);
    expect("poj2676", in.text, out.text, NULL, false, OJD_VERDICT_WRONG,
           "wrong answer: case 1: box 1 repeats 6");
}

static void test_any_solution_accepted(void **state)
{
    (void)state;
    /* the empty grid has many solutions; POJ 2676 accepts any, LeetCode's among them */
    buf in = {0}, out = {0};
    add(&in, "1\n");
    for (int r = 0; r < 9; r++)
        add(&in, "%s\n", empty_rows[r]);
    packed_solution(&out, "");
    expect("poj2676", in.text, out.text, NULL, true, OJD_VERDICT_OK, "ok 1 case");
}

static void test_missing_and_extra_cases(void **state)
{
    (void)state;
    buf in = {0}, one = {0}, three = {0};
    add(&in, "2\n");
    for (int k = 0; k < 2; k++)
        for (int r = 0; r < 9; r++)
            add(&in, "%s\n", puzzle_rows[r]);
    packed_solution(&one, "");
    expect("poj2676", in.text, one.text, NULL, false, OJD_VERDICT_WRONG,
           "wrong answer: case 2: missing (the output ends after 1 case)");
    assert_int_equal(report.failed_case, 2);
    assert_int_equal(report.cases, 2);
    for (int k = 0; k < 3; k++)
        packed_solution(&three, "");
    expect("poj2676", in.text, three.text, NULL, false, OJD_VERDICT_WRONG,
           "wrong answer: extra output after case 2");
    expect("poj2676", in.text, "", NULL, false, OJD_VERDICT_WRONG,
           "wrong answer: case 1: missing (the output ends after 0 cases)");
    /* a grid cut short */
    buf cut = {0};
    packed_solution(&cut, "");
    cut.text[9 * 10 + 4 * 10] = '\0';  /* case 2 has 4 rows */
    memcpy(cut.text + 90, "534678912\n672195348\n198342567\n859761423\n", 40);
    expect("poj2676", in.text, cut.text, NULL, false, OJD_VERDICT_WRONG,
           "wrong answer: case 2: the output ends after 36 of 81 cells");
}

/* A wrong case comes with its puzzle and the contestant's grid (the side-by-side view of
 * `check --explain`); other verdicts, and a grid the output did not hold whole, come with none. */
static void test_failed_case_puzzle_and_grid(void **state)
{
    (void)state;
    buf in = {0}, out = {0};
    add(&in, "2\n");
    for (int r = 0; r < 9; r++)
        add(&in, "%s\n", empty_rows[r]);
    for (int r = 0; r < 9; r++)
        add(&in, "%s\n", puzzle_rows[r]);
    packed_solution(&out, "");
    packed_solution(&out, "1 3 3");
    expect("poj2676", in.text, out.text, NULL, false, OJD_VERDICT_WRONG,
           "wrong answer: case 2: row 1 repeats 3");
    assert_int_equal(report.failed_puzzle.index, 2);
    assert_int_equal(report.failed_puzzle.board.side, 9);
    for (int i = 0; i < 81; i++)
        assert_int_equal(report.failed_puzzle.board.cell[i], puzzle_rows[i / 9][i % 9] - '0');
    assert_int_equal(report.failed_grid.side, 9);
    for (int i = 0; i < 81; i++)
        assert_int_equal(report.failed_grid.cell[i],
                         (i == 2 ? '3' : solution_rows[i / 9][i % 9]) - '0');
    /* the case is missing: its puzzle, no grid */
    buf one = {0};
    packed_solution(&one, "");
    expect("poj2676", in.text, one.text, NULL, false, OJD_VERDICT_WRONG,
           "wrong answer: case 2: missing (the output ends after 1 case)");
    assert_int_equal(report.failed_puzzle.index, 2);
    assert_int_equal(report.failed_grid.side, 0);
    /* right answers: nothing */
    buf right = {0};
    packed_solution(&right, "");
    packed_solution(&right, "");
    expect("poj2676", in.text, right.text, NULL, false, OJD_VERDICT_OK, "ok 2 cases");
    assert_int_equal(report.failed_puzzle.board.side, 0);
    assert_int_equal(report.failed_grid.side, 0);
    /* a jury fault later in INPUT outranks the wrong case: nothing either */
    buf bad = {0};
    add(&bad, "%s", in.text);
    add(&bad, "12345\n");
    expect("poj2676", bad.text, out.text, NULL, false, OJD_VERDICT_FAIL,
           "FAIL: INPUT line 20 column 6: the row has 5 cells; expected 9");
    assert_int_equal(report.failed_puzzle.board.side, 0);
    assert_int_equal(report.failed_grid.side, 0);
}

static void test_lenient_and_strict_framing(void **state)
{
    (void)state;
    buf in = {0}, spaced = {0}, good = {0};
    poj2676_input(&in);
    add(&spaced, "\n\n  ");
    spaced_rows(&spaced, solution_rows);
    add(&spaced, "\n\n");
    /* tokens of any size: spaced cells are fine when not strict, a presentation error when */
    expect_not_exact("poj2676", in.text, spaced.text, NULL, "ok 1 case",
                     "line 1 column 1: unexpected blank line");
    packed_solution(&good, "");
    expect("poj2676", in.text, good.text, NULL, true, OJD_VERDICT_OK, "ok 1 case");
    assert_true(report.byte_exact);
    expect("poj2676", in.text, good.text, NULL, false, OJD_VERDICT_OK, "ok 1 case");
    assert_true(report.byte_exact);

    buf trailing = {0};
    packed_solution(&trailing, "");
    memcpy(trailing.text + 9, " \n", 3);            /* a space after row 1 */
    memcpy(trailing.text + 11, good.text + 10, good.n - 10 + 1);
    expect_not_exact("poj2676", in.text, trailing.text, NULL, "ok 1 case",
                     "line 1 column 10: trailing whitespace");

    buf no_newline = good;
    no_newline.text[--no_newline.n] = '\0';
    expect("poj2676", in.text, no_newline.text, NULL, true, OJD_VERDICT_PRESENTATION,
           "presentation error: line 9 column 10: missing newline at the end of the output");

    buf crlf = {0};
    for (int r = 0; r < 9; r++)
        add(&crlf, "%s\r\n", solution_rows[r]);
    expect_not_exact("poj2676", in.text, crlf.text, NULL, "ok 1 case",
                     "line 1 column 10: carriage return (CRLF line ending)");
    /* a CR that no LF follows is no CRLF line end (issue #29 item 13): lines ended by a CR
     * alone, a CR before a space, a CR after the last newline */
    static const char bare_cr[] = "carriage return not followed by a line feed (a bare CR)";
    char where[128];
    buf cr_only = {0};
    for (int r = 0; r < 9; r++)
        add(&cr_only, "%s\r", solution_rows[r]);
    snprintf(where, sizeof where, "line 1 column 10: %s", bare_cr);
    expect_not_exact("poj2676", in.text, cr_only.text, NULL, "ok 1 case", where);
    buf cr_space = {0};
    for (int r = 0; r < 9; r++)
        add(&cr_space, "%s%s\n", solution_rows[r], r == 3 ? "\r " : "");
    snprintf(where, sizeof where, "line 4 column 10: %s", bare_cr);
    expect_not_exact("poj2676", in.text, cr_space.text, NULL, "ok 1 case", where);
    buf cr_last = {0};
    add(&cr_last, "%s\r", good.text);
    snprintf(where, sizeof where, "line 10 column 1: %s", bare_cr);
    expect_not_exact("poj2676", in.text, cr_last.text, NULL, "ok 1 case", where);

    /* one 81-character token holds the whole grid */
    buf line = {0};
    for (int r = 0; r < 9; r++)
        add(&line, "%s", solution_rows[r]);
    add(&line, "\n");
    expect_not_exact("poj2676", in.text, line.text, NULL, "ok 1 case",
                     "line 1 column 10: expected the end of the line, found '6'");
    /* a byte order mark is skipped when lenient */
    buf bom = {0};
    add(&bom, "\xEF\xBB\xBF%s", good.text);
    expect_not_exact("poj2676", in.text, bom.text, NULL, "ok 1 case",
                     "line 1 column 1: expected '5', found byte 0xEF");
}

/* ---- verdict words ------------------------------------------------------------------------- */

/* Kattis's sample (formats.md section 9): unique, conflicting givens, several solutions. */
static const char kattis_in[] =
    "3 0 7 4 0 0 0 0 8\n0 0 4 0 0 7 3 5 0\n0 1 0 0 2 0 0 0 9\n0 6 9 2 7 0 8 3 0\n"
    "0 0 0 0 0 0 0 0 0\n0 3 2 0 1 4 7 9 0\n2 0 0 0 8 0 0 4 0\n0 7 6 1 0 0 9 0 0\n"
    "4 0 0 0 0 9 2 0 6\n\n"
    "0 4 8 3 9 0 7 1 6\n7 7 1 6 0 8 3 4 9\n9 3 6 7 4 1 0 8 0\n6 8 0 0 3 9 1 7 4\n"
    "3 0 9 1 7 4 6 0 8\n7 1 4 8 6 0 9 0 3\n8 6 3 4 1 7 0 9 0\n1 9 0 0 8 6 4 3 7\n"
    "4 0 7 9 0 3 8 6 1\n\n"
    "0 4 8 3 9 0 7 1 6\n0 7 1 6 0 8 3 4 9\n9 3 6 7 4 1 0 8 0\n6 8 0 0 3 9 1 7 4\n"
    "3 0 9 1 7 4 6 0 8\n7 1 4 8 6 0 9 0 3\n8 6 3 4 1 7 0 9 0\n1 9 0 0 8 6 4 3 7\n"
    "4 0 7 9 0 3 8 6 1\n";
static const char kattis_grid[] =
    "3 5 7 4 9 1 6 2 8\n9 2 4 8 6 7 3 5 1\n6 1 8 5 2 3 4 7 9\n1 6 9 2 7 5 8 3 4\n"
    "7 4 5 9 3 8 1 6 2\n8 3 2 6 1 4 7 9 5\n2 9 1 3 8 6 5 4 7\n5 7 6 1 4 2 9 8 3\n"
    "4 8 3 7 5 9 2 1 6\n";

static void test_kattis_words(void **state)
{
    (void)state;
    buf out = {0};
    add(&out, "%s\nFind another job\n\nNon-unique\n", kattis_grid);
    expect("kattis", kattis_in, out.text, NULL, true, OJD_VERDICT_OK, "ok 3 cases");

    buf wrong = {0};
    add(&wrong, "%s\nNon-unique\n\nNon-unique\n", kattis_grid);
    expect("kattis", kattis_in, wrong.text, NULL, false, OJD_VERDICT_WRONG,
           "wrong answer: case 2: expected \"Find another job\", found \"Non-unique\"");

    /* a valid grid for the ambiguous board is not enough: the profile wants the word */
    buf grid = {0};
    add(&grid, "%s\nFind another job\n\n", kattis_grid);
    add(&grid, "2 4 8 3 9 5 7 1 6\n5 7 1 6 2 8 3 4 9\n9 3 6 7 4 1 5 8 2\n6 8 2 5 3 9 1 7 4\n"
               "3 5 9 1 7 4 6 2 8\n7 1 4 8 6 2 9 5 3\n8 6 3 4 1 7 2 9 5\n1 9 5 2 8 6 4 3 7\n"
               "4 2 7 9 5 3 8 6 1\n");
    expect("kattis", kattis_in, grid.text, NULL, false, OJD_VERDICT_WRONG,
           "wrong answer: case 3: expected \"Non-unique\", found \"2 4 8 3 9 5 7 1 6\"");

    buf word = {0};
    add(&word, "Non-unique\n\nFind another job\n\nNon-unique\n");
    expect("kattis", kattis_in, word.text, NULL, false, OJD_VERDICT_WRONG,
           "wrong answer: case 1: expected a grid, found \"Non-unique\"");

    /* words are token sequences: spacing is free when not strict */
    buf loose = {0};
    add(&loose, "%s Find   another\njob Non-unique", kattis_grid);
    expect_not_exact("kattis", kattis_in, loose.text, NULL, "ok 3 cases",
                     "line 10 column 1: missing blank line");
}

/* Kattis' default validator takes words in any case (kattis: word-case = insensitive), HDU's
 * checker as written; DOMjudge's case_sensitive flag (options.case_sensitive) holds any profile
 * to the case, ANSWER's words included. */
static void test_word_case(void **state)
{
    (void)state;
    buf out = {0};
    add(&out, "%s\nfind ANOTHER job\n\nnON-UNIQUE\n", kattis_grid);
    /* in any case: right, and byte-exact as such a judge compares (strict too) */
    expect("kattis", kattis_in, out.text, NULL, true, OJD_VERDICT_OK, "ok 3 cases");
    assert_true(report.byte_exact);
    expect("kattis", kattis_in, out.text, NULL, false, OJD_VERDICT_OK, "ok 3 cases");
    /* another word in another case is still another word, quoted as written */
    buf wrong = {0};
    add(&wrong, "%s\nnon-unique\n\nNon-unique\n", kattis_grid);
    expect("kattis", kattis_in, wrong.text, NULL, false, OJD_VERDICT_WRONG,
           "wrong answer: case 2: expected \"Find another job\", found \"non-unique\"");
    ojd_check_options opt = {.format = ojd_profile_find("kattis"), .max_nodes = 10000000,
                             .case_sensitive = true};
    check_both(kattis_in, strlen(kattis_in), out.text, strlen(out.text), NULL, 0, &opt, &report);
    assert_int_equal(report.verdict, OJD_VERDICT_WRONG);
    assert_string_equal(report.message, "wrong answer: case 2: expected \"Find another job\", "
                                        "found \"find ANOTHER job\"");
    /* a jury ANSWER in another case: the same rule */
    check_both(kattis_in, strlen(kattis_in), out.text, strlen(out.text), out.text,
               strlen(out.text), &opt, &report);
    assert_int_equal(report.verdict, OJD_VERDICT_FAIL);
    opt.case_sensitive = false;
    check_both(kattis_in, strlen(kattis_in), out.text, strlen(out.text), out.text,
               strlen(out.text), &opt, &report);
    assert_int_equal(report.verdict, OJD_VERDICT_OK);

    /* HDU 3111 compares as written */
    buf in = {0}, hdu = {0};
    for (int r = 0; r < 9; r++)  /* two 5s in row 1: no solution */
        add(&in, "%s\n", r == 0 ? "550070000" : puzzle_rows[r]);
    add(&hdu, "Impossible\n");
    expect("hdu3111", in.text, hdu.text, NULL, false, OJD_VERDICT_WRONG,
           "wrong answer: case 1: expected \"impossible\", found \"Impossible\"");
}

static const char uva10957_out[] =
    "Case 1: Unique.\nCase 2: Ambiguous.\nCase 3: Illegal.\nCase 4: Impossible.\n";

static void uva10957_input(buf *b)
{
    /* formats.md section 8: unique, ambiguous, illegal (two 2s in row 7), impossible */
    static const char base[] =
        "0 0 3 9 0 0 7 6 0\n0 4 0 0 0 6 0 0 9\n6 0 7 0 1 0 0 0 4\n2 0 0 6 7 0 0 9 0\n"
        "0 0 4 3 0 5 6 0 0\n0 1 0 0 4 9 0 0 7\n7 0 0 0 9 0 2 0 1\n3 0 0 2 0 0 0 4 0\n"
        "0 2 9 0 0 8 5 0 0\n";
    static const char ambiguous[] =
        "0 0 3 9 0 0 7 6 0\n0 4 0 0 0 6 0 0 9\n6 0 0 0 1 0 0 0 4\n0 0 0 6 7 0 0 9 0\n"
        "0 0 4 0 0 5 6 0 0\n0 1 0 0 4 9 0 0 0\n7 0 0 0 9 0 2 0 1\n3 0 0 2 0 0 0 4 0\n"
        "0 2 0 0 0 8 5 0 0\n";
    char illegal[sizeof base], impossible[sizeof base];
    memcpy(illegal, base, sizeof base);
    memcpy(impossible, base, sizeof base);
    illegal[6 * 18 + 2] = '2';     /* row 7: "7 2 0 0 9 0 2 0 1" */
    impossible[6 * 18 + 2] = '5';  /* row 7: "7 5 ..." legal but unsolvable */
    add(b, "%s\n%s\n%s\n%s", base, ambiguous, illegal, impossible);
}

static void test_uva10957_words(void **state)
{
    (void)state;
    buf in = {0};
    uva10957_input(&in);
    expect("uva10957", in.text, uva10957_out, NULL, true, OJD_VERDICT_OK, "ok 4 cases");
    expect("uva10957", in.text,
           "Case 1: Unique.\nCase 2: Unique.\nCase 3: Illegal.\nCase 4: Impossible.\n", NULL,
           false, OJD_VERDICT_WRONG,
           "wrong answer: case 2: expected \"Case 2: Ambiguous.\", found \"Case 2: Unique.\"");
    expect("uva10957", in.text,
           "Case 1: Unique.\nCase 2: Ambiguous.\nCase 3: Impossible.\nCase 4: Impossible.\n",
           NULL, false, OJD_VERDICT_WRONG,
           "wrong answer: case 3: expected \"Case 3: Illegal.\", found \"Case 3: Impossible.\"");
    expect("uva10957", in.text, "Case 1: Unique.\nCase 2: Ambiguous.\n", NULL, false,
           OJD_VERDICT_WRONG, "wrong answer: case 3: missing (the output ends after 2 cases)");
    expect("uva10957", in.text,
           "Case 1: Unique.\n\nCase 2: Ambiguous.\nCase 3: Illegal.\nCase 4: Impossible.\n", NULL,
           true, OJD_VERDICT_PRESENTATION,
           "presentation error: line 2 column 1: unexpected blank line");
    /* the jury's ANSWER is cross-checked against the solver */
    expect("uva10957", in.text, uva10957_out, uva10957_out, false, OJD_VERDICT_OK, "ok 4 cases");
    expect("uva10957", in.text, uva10957_out,
           "Case 1: Unique.\nCase 2: Unique.\nCase 3: Illegal.\nCase 4: Impossible.\n", false,
           OJD_VERDICT_FAIL,
           "FAIL: case 2: ANSWER says \"Case 2: Unique.\" but the solver says "
           "\"Case 2: Ambiguous.\"");
    expect("uva10957", in.text, uva10957_out, "Case 1: Unique.\n", false, OJD_VERDICT_FAIL,
           "FAIL: case 2: ANSWER ends before the case");
}

static void test_hdu_words_and_dashes(void **state)
{
    (void)state;
    buf in = {0}, out = {0};
    add(&in, "2\n");
    for (int r = 0; r < 9; r++)
        add(&in, "%s\n", puzzle_rows[r]);
    add(&in, "---\n");
    for (int r = 0; r < 9; r++)  /* two 5s in row 1: no solution */
        add(&in, "%s\n", r == 0 ? "550070000" : puzzle_rows[r]);
    packed_solution(&out, "");
    add(&out, "---\nimpossible\n");
    expect("hdu3111", in.text, out.text, NULL, true, OJD_VERDICT_OK, "ok 2 cases");
    /* "---" is framing: optional when not strict */
    buf bare = {0};
    packed_solution(&bare, "");
    add(&bare, "impossible\n");
    expect_not_exact("hdu3111", in.text, bare.text, NULL, "ok 2 cases",
                     "line 10 column 1: expected '-', found 'i'");
    buf grid = {0};
    packed_solution(&grid, "");
    add(&grid, "---\n");
    packed_solution(&grid, "");
    expect("hdu3111", in.text, grid.text, NULL, false, OJD_VERDICT_WRONG,
           "wrong answer: case 2: expected \"impossible\", found \"534678912\"");
    /* HDU 2780 words have several tokens */
    buf in2 = {0}, out2 = {0};
    add(&in2, "%s", in.text);
    char *dash = strstr(in2.text, "---\n");
    memmove(dash, dash + 4, strlen(dash + 4) + 1);
    packed_solution(&out2, "");
    add(&out2, "\nCould not complete this grid.\n");
    expect("hdu2780", in2.text, out2.text, NULL, true, OJD_VERDICT_OK, "ok 2 cases");
    buf short_word = {0};
    packed_solution(&short_word, "");
    add(&short_word, "\nCould not complete\n");
    expect("hdu2780", in2.text, short_word.text, NULL, false, OJD_VERDICT_WRONG,
           "wrong answer: case 2: expected \"Could not complete this grid.\", "
           "found \"Could not complete\"");
}

static void test_uva989_lexmin(void **state)
{
    (void)state;
    const char *in = "2\n0 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n\n1\n0\n";
    expect("uva989", in, "1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 1\n\n1\n", NULL, true, OJD_VERDICT_OK,
           "ok 2 cases");
    expect("uva989", in, "1 2 3 4\n3 4 1 2\n4 3 2 1\n2 1 4 3\n\n1\n", NULL, false,
           OJD_VERDICT_WRONG,
           "wrong answer: case 1: not the lexicographically smallest solution: row 3 column 1 "
           "holds 4, the smallest has 2");
    expect("uva989", in, "1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 1\n\nNO SOLUTION\n", NULL, false,
           OJD_VERDICT_WRONG, "wrong answer: case 2: expected a grid, found \"NO SOLUTION\"");
    expect("uva989", in, "1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 1\n\n1\n",
           "1 2 3 4\n3 4 1 2\n4 3 2 1\n2 1 4 3\n\n1\n", false, OJD_VERDICT_FAIL,
           "FAIL: case 1: ANSWER's grid is not the lexicographically smallest solution");
    const char *bad = "2\n1 1 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n";
    expect("uva989", bad, "NO SOLUTION\n", NULL, true, OJD_VERDICT_OK, "ok 1 case");
    expect("uva989", bad, "NO\n", NULL, false, OJD_VERDICT_WRONG,
           "wrong answer: case 1: expected \"NO SOLUTION\", found \"NO\"");
}

/* A size-prefixed input is UVa 989's grammar alone: without a format its cases are judged by
 * that profile's rules (the smallest solution, "NO SOLUTION"), as `ojdoku solve` answers them. */
static void test_size_prefixed_input_is_uva989(void **state)
{
    (void)state;
    const char *in = "2\n0 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n\n1\n0\n";
    const char *smallest = "1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 1\n\n1\n";
    expect(NULL, in, smallest, NULL, true, OJD_VERDICT_OK, "ok 2 cases");
    expect(NULL, in, "1 2 3 4\n3 4 1 2\n4 3 2 1\n2 1 4 3\n\n1\n", NULL, false,
           OJD_VERDICT_WRONG,
           "wrong answer: case 1: not the lexicographically smallest solution: row 3 column 1 "
           "holds 4, the smallest has 2");
    expect(NULL, in, "1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 1\n\nNO SOLUTION\n", NULL, false,
           OJD_VERDICT_WRONG, "wrong answer: case 2: expected a grid, found \"NO SOLUTION\"");
    expect(NULL, in, smallest, "1 2 3 4\n3 4 1 2\n4 3 2 1\n2 1 4 3\n\n1\n", false,
           OJD_VERDICT_FAIL,
           "FAIL: case 1: ANSWER's grid is not the lexicographically smallest solution");
    const char *bad = "2\n1 1 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n";
    expect(NULL, bad, "NO SOLUTION\n", NULL, true, OJD_VERDICT_OK, "ok 1 case");
    expect(NULL, bad, "NO\n", NULL, false, OJD_VERDICT_WRONG,
           "wrong answer: case 1: expected \"NO SOLUTION\", found \"NO\"");
    /* an input without size prefixes still mirrors: any valid grid of the empty 4x4 is right */
    expect(NULL, "0 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n", "1 2 3 4\n3 4 1 2\n4 3 2 1\n2 1 4 3\n",
           NULL, true, OJD_VERDICT_OK, "ok 1 case");
}

/* ---- other families ------------------------------------------------------------------------ */

static void test_headers(void **state)
{
    (void)state;
    buf in = {0}, out = {0}, bad = {0};
    poj2676_input(&in);
    add(&out, "Scenario #1:\n");
    packed_solution(&out, "");
    add(&out, "\n");
    expect("poj2918", in.text, out.text, NULL, true, OJD_VERDICT_OK, "ok 1 case");
    add(&bad, "Scenario #2:\n");
    packed_solution(&bad, "");
    expect("poj2918", in.text, bad.text, NULL, false, OJD_VERDICT_WRONG,
           "wrong answer: case 1: expected \"Scenario #1:\", found \"Scenario #2:\"");
    buf none = {0};
    packed_solution(&none, "");
    expect("poj2918", in.text, none.text, NULL, false, OJD_VERDICT_WRONG,
           "wrong answer: case 1: expected \"Scenario #1:\", found \"534678912\"");
}

/* ---- issue #13: what an ok and a failure without --format say ------------------------------- */

/* HDU 1426's input: the puzzle twice, spaced, '?' blanks, a blank line between. */
static void hdu1426_input(buf *b)
{
    for (int k = 0; k < 2; k++) {
        if (k)
            add(b, "\n");
        for (int r = 0; r < 9; r++)
            for (int c = 0; c < 9; c++)
                add(b, "%c%c", puzzle_rows[r][c] == '0' ? '?' : puzzle_rows[r][c],
                    c == 8 ? '\n' : ' ');
    }
}

static void test_ok_says_when_not_byte_exact(void **state)
{
    (void)state;
    buf in = {0}, exact = {0}, packed = {0}, joined = {0};
    hdu1426_input(&in);
    spaced_rows(&exact, solution_rows);
    add(&exact, "\n");
    spaced_rows(&exact, solution_rows);
    /* the judge's exact bytes: a bare ok, lenient or strict */
    expect("hdu1426", in.text, exact.text, NULL, false, OJD_VERDICT_OK, "ok 2 cases");
    assert_true(report.byte_exact);
    expect("hdu1426", in.text, exact.text, NULL, true, OJD_VERDICT_OK, "ok 2 cases");
    assert_true(report.byte_exact);
    /* what HDU calls a presentation error is still ok by default (testlib's rule), but the
     * verdict says where a byte-exact judge would stop, in --strict's words */
    spaced_rows(&joined, solution_rows);
    spaced_rows(&joined, solution_rows);
    expect_not_exact("hdu1426", in.text, joined.text, NULL, "ok 2 cases",
                     "line 10 column 1: missing blank line");
    packed_solution(&packed, "");
    add(&packed, "\n");
    packed_solution(&packed, "");
    expect_not_exact("hdu1426", in.text, packed.text, NULL, "ok 2 cases",
                     "line 1 column 2: expected a space, found '3'");
    /* without --format the mirror of INPUT is the exact framing */
    expect(NULL, in.text, exact.text, NULL, false, OJD_VERDICT_OK, "ok 2 cases");
    assert_true(report.byte_exact);
    expect_not_exact(NULL, in.text, packed.text, NULL, "ok 2 cases",
                     "line 1 column 2: expected a space, found '3'");
    /* a wrong answer is wrong whatever its framing: no note, not exact */
    buf wrong = {0};
    packed_solution(&wrong, "1 3 3");
    expect("hdu1426", in.text, wrong.text, NULL, false, OJD_VERDICT_WRONG,
           "wrong answer: case 1: row 1 repeats 3");
    assert_false(report.byte_exact);
}

/* The poj2676-style input of n copies of the LeetCode puzzle. */
static void poj2676_input_n(buf *b, int n)
{
    add(b, "%d\n", n);
    for (int k = 0; k < n; k++)
        for (int r = 0; r < 9; r++)
            add(b, "%s\n", puzzle_rows[r]);
}

static void test_failure_names_the_profile(void **state)
{
    (void)state;
    buf in = {0}, out = {0};
    poj2676_input_n(&in, 2);
    for (int k = 1; k <= 2; k++) {
        add(&out, "Scenario #%d:\n", k);
        packed_solution(&out, "");
        add(&out, "\n");
    }
    /* POJ 2918's framing without --format: the verdict is the same, the message names it */
    expect(NULL, in.text, out.text, NULL, false, OJD_VERDICT_WRONG,
           "wrong answer: case 1: row 1 column 1: bad symbol 'S' (did you mean --format poj2918?)");
    assert_ptr_equal(report.suggested, ojd_profile_find("poj2918"));
    expect("poj2918", in.text, out.text, NULL, true, OJD_VERDICT_OK, "ok 2 cases");
    /* with a --format chosen, no guess */
    expect("poj2676", in.text, out.text, NULL, false, OJD_VERDICT_WRONG,
           "wrong answer: case 1: row 1 column 1: bad symbol 'S'");
    assert_null(report.suggested);

    /* UVa 10957's verdict lines (the input is spaced, no count line) */
    buf uva = {0};
    uva10957_input(&uva);
    expect(NULL, uva.text, uva10957_out, NULL, false, OJD_VERDICT_WRONG,
           "wrong answer: case 1: row 1 column 1: bad symbol 'C' "
           "(did you mean --format uva10957?)");
    assert_ptr_equal(report.suggested, ojd_profile_find("uva10957"));

    /* Kattis: a grid, then words: the mirror fails (a FAIL) at case 2, where the word is */
    buf kattis = {0};
    add(&kattis, "%s\nFind another job\n\nNon-unique\n", kattis_grid);
    expect(NULL, kattis_in, kattis.text, NULL, false, OJD_VERDICT_FAIL,
           "FAIL: case 2: the puzzle has conflicting givens and the mirrored output has no way "
           "to say so (bad INPUT) (did you mean --format kattis?)");
    assert_ptr_equal(report.suggested, ojd_profile_find("kattis"));

    /* a wrong grid is no framing: nothing is named */
    buf wrong = {0};
    packed_solution(&wrong, "");
    packed_solution(&wrong, "1 3 3");
    expect(NULL, in.text, wrong.text, NULL, false, OJD_VERDICT_WRONG,
           "wrong answer: case 2: row 1 repeats 3");
    assert_null(report.suggested);

    /* the "count N" lines of `ojdoku solve --count` */
    buf counted = {0};
    packed_solution(&counted, "");
    add(&counted, "count 1\n");
    packed_solution(&counted, "");
    add(&counted, "count 1\n");
    expect(NULL, in.text, counted.text, NULL, false, OJD_VERDICT_WRONG,
           "wrong answer: case 2: row 1 column 1: bad symbol 'c' "
           "(the \"count N\" lines of --count are no answer)");
    assert_null(report.suggested);

    /* a board literal for an INPUT leetcode cannot read: said, not suggested */
    buf literal = {0};
    for (int k = 0; k < 2; k++) {
        add(&literal, "[");
        for (int r = 0; r < 9; r++) {
            add(&literal, "%s[", r ? "," : "");
            for (int c = 0; c < 9; c++)
                add(&literal, "%s\"%c\"", c ? "," : "", solution_rows[r][c]);
            add(&literal, "]");
        }
        add(&literal, "]\n");
    }
    expect(NULL, in.text, literal.text, NULL, false, OJD_VERDICT_WRONG,
           "wrong answer: case 1: row 1 column 1: bad symbol '[' (the output looks like "
           "leetcode's, but INPUT is not in its grammar)");
    assert_null(report.suggested);
}

static void test_failure_hint_limits(void **state)
{
    (void)state;
    /* only the first 16 cases are kept: a failure at case 17 names nothing */
    buf in = {0}, out = {0};
    poj2676_input_n(&in, 17);
    for (int k = 1; k <= 16; k++)
        packed_solution(&out, "");
    add(&out, "Scenario #17:\n");
    packed_solution(&out, "");
    expect(NULL, in.text, out.text, NULL, false, OJD_VERDICT_WRONG,
           "wrong answer: case 17: row 1 column 1: bad symbol 'S'");
    assert_null(report.suggested);

    /* only the first 64 KiB of OUTPUT are kept: a large output is named by its head, the same
     * way from memory and from a stream (check_both compares them) */
    buf two = {0};
    poj2676_input_n(&two, 2);
    size_t pad = 100000;
    char *big = malloc(4096 + pad);
    assert_non_null(big);
    size_t n = 0;
    for (int k = 1; k <= 2; k++) {
        buf c = {0};
        add(&c, "Scenario #%d:\n", k);
        packed_solution(&c, "");
        add(&c, "\n");
        memcpy(big + n, c.text, c.n);
        n += c.n;
    }
    memset(big + n, ' ', pad);
    memcpy(big + n + pad, "x\n", 3);
    ojd_check_options opt = {.max_nodes = 10000000};
    check_both(two.text, two.n, big, strlen(big), NULL, 0, &opt, &report);
    assert_string_equal(report.message,
                        "wrong answer: case 1: row 1 column 1: bad symbol 'S' "
                        "(did you mean --format poj2918?)");
    free(big);

    /* a size-prefixed INPUT is judged by uva989's rules: a profile with looser ones (any
     * solution, not the smallest) is no hint */
    const char *lex = "2\n0 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n";
    expect(NULL, lex, "1 2 3 4\n3 4 1 2\n4 3 2 1\n2 1 4 3\n", NULL, false, OJD_VERDICT_WRONG,
           "wrong answer: case 1: not the lexicographically smallest solution: row 3 column 1 "
           "holds 4, the smallest has 2");
    assert_null(report.suggested);
}

static void test_leetcode_literal(void **state)
{
    (void)state;
    buf in = {0}, out = {0}, loose = {0};
    add(&in, "[");
    add(&out, "[");
    add(&loose, " [ \n");
    for (int r = 0; r < 9; r++) {
        add(&in, "%s[", r ? "," : "");
        add(&out, "%s[", r ? "," : "");
        add(&loose, "%s [ ", r ? " ,\n" : "");
        for (int c = 0; c < 9; c++) {
            char p = puzzle_rows[r][c];
            add(&in, "%s\"%c\"", c ? "," : "", p == '0' ? '.' : p);
            add(&out, "%s\"%c\"", c ? "," : "", solution_rows[r][c]);
            add(&loose, "%s \"%c\"", c ? " , " : "", solution_rows[r][c]);
        }
        add(&in, "]");
        add(&out, "]");
        add(&loose, " ]");
    }
    add(&in, "]\n");
    add(&out, "]\n");
    add(&loose, "\n]");
    expect("leetcode", in.text, out.text, NULL, true, OJD_VERDICT_OK, "ok 1 case");
    expect_not_exact("leetcode", in.text, loose.text, NULL, "ok 1 case",
                     "line 1 column 1: expected '[', found a space");
    /* the mirrored output of a literal input is read with the literal's rules too */
    expect(NULL, in.text, out.text, NULL, true, OJD_VERDICT_OK, "ok 1 case");
    buf bad = out;
    char *cell = strstr(bad.text, "\"4\"");
    cell[1] = '.';
    expect("leetcode", in.text, bad.text, NULL, false, OJD_VERDICT_WRONG,
           "wrong answer: case 1: row 1 column 3: cell left blank (.)");
    cell[1] = 'x';
    expect("leetcode", in.text, bad.text, NULL, false, OJD_VERDICT_WRONG,
           "wrong answer: case 1: row 1 column 3: bad symbol 'x'");
    buf two = out;
    cell = strstr(two.text, "\"4\"");
    memcpy(cell, "\"44\"", 4);  /* overwrites the comma: one cell "44" */
    expect("leetcode", in.text, two.text, NULL, false, OJD_VERDICT_WRONG,
           "wrong answer: case 1: row 1 column 3: bad symbol \"44\"");
}

/* A copy of text with the first `from` replaced by `to` (which must be there). */
static void replaced(buf *b, const char *text, const char *from, const char *to)
{
    const char *at = strstr(text, from);
    assert_non_null(at);
    b->n = 0;
    add(b, "%.*s%s%s", (int)(at - text), text, to, at + strlen(from));
}

/* LeetCode 37's puzzle and solution as board literals. */
static void leetcode_literals(buf *in, buf *out)
{
    add(in, "[");
    add(out, "[");
    for (int r = 0; r < 9; r++) {
        add(in, "%s[", r ? "," : "");
        add(out, "%s[", r ? "," : "");
        for (int c = 0; c < 9; c++) {
            char p = puzzle_rows[r][c];
            add(in, "%s\"%c\"", c ? "," : "", p == '0' ? '.' : p);
            add(out, "%s\"%c\"", c ? "," : "", solution_rows[r][c]);
        }
        add(in, "]");
        add(out, "]");
    }
    add(in, "]\n");
    add(out, "]\n");
}

static void test_leetcode_structure(void **state)
{
    (void)state;
    buf in = {0}, out = {0};
    leetcode_literals(&in, &out);
    /* the literal is a structure: its brackets, commas and quotes are not whitespace */
    const struct {
        const char *from, *to, *message;
    } cases[] = {
        {"\"4\",\"6\"", "\"4\"\"6\"", "row 1: expected ',' after column 3, found \"6\""},
        {"],[", "],,[", "row 2: expected '[', found ','"},
        {"],[", "]],[", "the board has 1 rows, expected 9"},
        {",\"2\"]", "]", "row 1 has 8 cells, expected 9"},
        {"\"2\"]", "\"2\",\"3\"]", "row 1 has more than 9 cells"},
        {",[\"3\",\"4\",\"5\",\"2\",\"8\",\"6\",\"1\",\"7\",\"9\"]", "",
         "the board has 8 rows, expected 9"},
        {"\"9\"]]", "\"9\"],[\"1\"]]", "the board has more than 9 rows"},
        {"[[", "[", "row 1: expected '[', found \"5\""},
        {"[[", "", "expected '[' to open the board, found \"5\""},
        {"\"5\"", "5", "row 1 column 1: expected a quoted cell, found '5'"},
        {"\"3\",\"4\"", "\"3\" \"4\"", "row 1: expected ',' after column 2, found \"4\""},
        {"\"8\"],[\"1\"", "\"8\"][\"1\"", "expected ',' after row 2, found '['"},
        {"\"1\",\"9\",\"8\",", "\"1\",\"9\",\"8\"],", "row 3 has 3 cells, expected 9"},
        {"\"1\",\"9\",\"8\",", "\"1\",\"9\",\"8\" x,", "row 3: expected ',' after column 3, "
                                                       "found 'x'"},
        {"\"9\"]]\n", "\"9\"]\n", "the output ends before the board is closed"},
        {"\"9\"]]\n", "\"9\"]]]\n", "extra output after case 1"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        buf bad = {0};
        char message[200];
        replaced(&bad, out.text, cases[i].from, cases[i].to);
        snprintf(message, sizeof message, "wrong answer: %s%s",
                 strncmp(cases[i].message, "extra", 5) ? "case 1: " : "", cases[i].message);
        expect("leetcode", in.text, bad.text, NULL, false, OJD_VERDICT_WRONG, message);
        /* the mirrored output of a literal input is read by the same rules */
        expect(NULL, in.text, bad.text, NULL, false, OJD_VERDICT_WRONG, message);
    }
    /* only whitespace is free: around every token; and the quotes of the reader's grammar */
    buf spaced = {0}, quotes = {0};
    for (const char *p = out.text; *p; p++)
        add(&spaced, strchr("[],", *p) ? "\n %c\t" : "%c", *p);
    expect_not_exact("leetcode", in.text, spaced.text, NULL, "ok 1 case",
                     "line 1 column 1: unexpected blank line");
    for (const char *p = out.text; *p; p++)
        add(&quotes, "%c", *p == '"' ? '\'' : *p);
    expect_not_exact("leetcode", in.text, quotes.text, NULL, "ok 1 case",
                     "line 1 column 3: expected '\"', found '''");
    buf mixed = {0};
    replaced(&mixed, out.text, "\"5\"", "\"5'");
    expect("leetcode", in.text, mixed.text, NULL, false, OJD_VERDICT_WRONG,
           "wrong answer: case 1: row 1 column 1: bad symbol \"5',\"");
    /* the jury's ANSWER is held to the same structure */
    buf broken = {0};
    replaced(&broken, out.text, "],[", "],,[");
    expect("leetcode", in.text, out.text, broken.text, false, OJD_VERDICT_FAIL,
           "FAIL: case 1: ANSWER: row 2: expected '[', found ','");
    /* two cases: one literal each, the whitespace between them free */
    buf in2 = {0}, out2 = {0}, joined = {0};
    add(&in2, "%s%s", in.text, in.text);
    add(&out2, "%.*s  %s", (int)out.n - 1, out.text, out.text);
    expect_not_exact("leetcode", in2.text, out2.text, NULL, "ok 2 cases",
                     "line 1 column 344: expected the end of the line, found a space");
    replaced(&joined, out2.text, "]]  [[", "]],[[");
    expect("leetcode", in2.text, joined.text, NULL, false, OJD_VERDICT_WRONG,
           "wrong answer: case 2: expected '[' to open the board, found ','");
}

static void test_letters_16x16(void **state)
{
    (void)state;
    /* a solved 16x16 grid by the shifted-rows pattern, with every other cell erased */
    char rows[16][17], puzzle[16][17];
    for (int r = 0; r < 16; r++) {
        for (int c = 0; c < 16; c++) {
            int v = (r * 4 + r / 4 + c) % 16;
            rows[r][c] = (char)('A' + v);
            puzzle[r][c] = (r + c) % 2 ? '-' : rows[r][c];
        }
        rows[r][16] = puzzle[r][16] = '\0';
    }
    buf in = {0}, out = {0};
    for (int r = 0; r < 16; r++) {
        add(&in, "%s\n", puzzle[r]);
        add(&out, "%s\n", rows[r]);
    }
    expect("poj3076", in.text, out.text, NULL, true, OJD_VERDICT_OK, "ok 1 case");
    /* swap two cells of row 1 that are not givens: columns 2 and 4 break */
    buf swapped = out;
    swapped.text[1] = rows[0][3];
    swapped.text[3] = rows[0][1];
    expect("poj3076", in.text, swapped.text, NULL, false, OJD_VERDICT_WRONG,
           "wrong answer: case 1: column 2 repeats D");
    buf digit = out;
    digit.text[1] = '2';
    expect("poj3076", in.text, digit.text, NULL, false, OJD_VERDICT_WRONG,
           "wrong answer: case 1: row 1 column 2: bad symbol '2'");
    buf given = out;
    given.text[0] = 'B';
    expect("poj3076", in.text, given.text, NULL, false, OJD_VERDICT_WRONG,
           "wrong answer: case 1: row 1 column 1: given A changed to B");
}

static void test_literal_16x16_numbers_or_letters(void **state)
{
    (void)state;
    /* a 16x16 board literal written in numbers: the writer mirrors the input's alphabet, so
     * strict wants numbers; letters are one quoted value per cell too, right when not strict */
    buf in = {0}, numbers = {0}, letters = {0};
    add(&in, "[");
    add(&numbers, "[");
    add(&letters, "[");
    for (int r = 0; r < 16; r++) {
        add(&in, "%s[", r ? "," : "");
        add(&numbers, "%s[", r ? "," : "");
        add(&letters, "%s[", r ? "," : "");
        for (int c = 0; c < 16; c++) {
            int v = (r * 4 + r / 4 + c) % 16 + 1;
            if ((r + c) % 2)
                add(&in, "%s\".\"", c ? "," : "");
            else
                add(&in, "%s\"%d\"", c ? "," : "", v);
            add(&numbers, "%s\"%d\"", c ? "," : "", v);
            add(&letters, "%s\"%c\"", c ? "," : "", 'A' + v - 1);
        }
        add(&in, "]");
        add(&numbers, "]");
        add(&letters, "]");
    }
    add(&in, "]\n");
    add(&numbers, "]\n");
    add(&letters, "]\n");
    expect("leetcode", in.text, numbers.text, NULL, true, OJD_VERDICT_OK, "ok 1 case");
    expect_not_exact("leetcode", in.text, letters.text, numbers.text, "ok 1 case",
                     "line 1 column 4: expected '1', found 'A'");
    buf bad = numbers;
    memcpy(strstr(bad.text, "\"2\""), "\"0\"", 3);
    expect("leetcode", in.text, bad.text, NULL, false, OJD_VERDICT_WRONG,
           "wrong answer: case 1: row 1 column 2: bad symbol '0' (no value: a cell left blank?)");
}

static void test_euler96_sum(void **state)
{
    (void)state;
    buf in = {0};
    add(&in, "Grid 01\n");
    for (int r = 0; r < 9; r++)
        add(&in, "%s\n", puzzle_rows[r]);
    add(&in, "Grid 02\n");
    for (int r = 0; r < 9; r++)
        add(&in, "%s\n", puzzle_rows[r]);
    /* 534 twice */
    expect("euler96", in.text, "1068\n", NULL, true, OJD_VERDICT_OK, "ok 2 cases");
    expect("euler96", in.text, "1067\n", NULL, false, OJD_VERDICT_WRONG,
           "wrong answer: expected the sum 1068, found 1067");
    expect("euler96", in.text, "1068 1\n", NULL, false, OJD_VERDICT_WRONG,
           "wrong answer: extra output after the sum");
    expect("euler96", in.text, "", NULL, false, OJD_VERDICT_WRONG,
           "wrong answer: the output is empty");
    expect("euler96", in.text, "1068\n", "1069\n", false, OJD_VERDICT_FAIL,
           "FAIL: ANSWER says 1069 but the solver's sum is 1068");
}

static void test_pretty_grid(void **state)
{
    (void)state;
    buf in = {0};
    for (int r = 0; r < 9; r++)
        add(&in, "%s", puzzle_rows[r]);
    add(&in, "\n");
    buf out = {0};
    for (int r = 0; r < 9; r++) {
        if (r == 3 || r == 6)
            add(&out, "------+-------+------\n");
        const char *s = solution_rows[r];
        add(&out, "%c %c %c | %c %c %c | %c %c %c\n", s[0], s[1], s[2], s[3], s[4], s[5], s[6],
            s[7], s[8]);
    }
    expect("grid", in.text, out.text, NULL, true, OJD_VERDICT_OK, "ok 1 case");
    buf bad = out;
    bad.text[0] = '4';
    expect("grid", in.text, bad.text, NULL, false, OJD_VERDICT_WRONG,
           "wrong answer: case 1: row 1 column 1: given 5 changed to 4");
}

/* ---- jury faults --------------------------------------------------------------------------- */

static void test_checker_failures(void **state)
{
    (void)state;
    buf in = {0}, out = {0};
    poj2676_input(&in);
    packed_solution(&out, "");
    expect("poj2676", "", out.text, NULL, false, OJD_VERDICT_FAIL,
           "FAIL: INPUT line 1 column 1: the input holds no puzzle");
    expect("poj2676", "1\n12345\n", out.text, NULL, false, OJD_VERDICT_FAIL,
           "FAIL: INPUT line 2 column 1: poj2676 expects rows of 9 cells, not 5");
    /* POJ 2676 has no word for "no solution": the jury's input is at fault */
    buf unsolvable = {0};
    add(&unsolvable, "1\n550070000\n");
    for (int r = 1; r < 9; r++)
        add(&unsolvable, "%s\n", puzzle_rows[r]);
    expect("poj2676", unsolvable.text, out.text, NULL, false, OJD_VERDICT_FAIL,
           "FAIL: case 1: the puzzle has conflicting givens and poj2676 has no way to say so "
           "(bad INPUT)");
    /* a count line that disagrees with the grids */
    buf miscounted = {0};
    add(&miscounted, "2\n");
    for (int r = 0; r < 9; r++)
        add(&miscounted, "%s\n", puzzle_rows[r]);
    expect("poj2676", miscounted.text, out.text, NULL, false, OJD_VERDICT_FAIL,
           "FAIL: INPUT line 1: solve warns (the count line says 2 cases but the input holds 1) "
           "and goes on, but a jury's INPUT must hold nothing to warn about (bad INPUT)");
    /* a jury fault later in INPUT outranks the contestant's wrong first case */
    buf later = {0}, wrong = {0};
    add(&later, "2\n");
    for (int r = 0; r < 9; r++)
        add(&later, "%s\n", puzzle_rows[r]);
    add(&later, "12345\n");
    packed_solution(&wrong, "1 1 4");
    assert_int_equal(run_check("poj2676", later.text, wrong.text, NULL, false), OJD_VERDICT_FAIL);
    /* the jury's ANSWER */
    expect("poj2676", in.text, out.text, out.text, false, OJD_VERDICT_OK, "ok 1 case");
    buf broken = {0};
    packed_solution(&broken, "1 3 3");
    expect("poj2676", in.text, out.text, broken.text, false, OJD_VERDICT_FAIL,
           "FAIL: case 1: ANSWER's grid is not a solution: row 1 repeats 3");
    expect("kattis", kattis_in, kattis_grid, "Find another job\n", false, OJD_VERDICT_FAIL,
           "FAIL: case 1: ANSWER says \"Find another job\" but the contestant's solution is "
           "valid");
    /* an empty ANSWER is no jury answer (most judges always pass an answer file), in both
     * entry points; one that holds only a newline is an answer, and ends before the case */
    expect("poj2676", in.text, out.text, "", false, OJD_VERDICT_OK, "ok 1 case");
    expect("poj2676", in.text, out.text, "\n", false, OJD_VERDICT_FAIL,
           "FAIL: case 1: ANSWER ends before the case");
    buf extra = {0};
    add(&extra, "%s1\n", out.text);
    expect("poj2676", in.text, out.text, extra.text, false, OJD_VERDICT_FAIL,
           "FAIL: ANSWER has more after case 1");
    /* a profile that is no judge's output */
    if (ojd_profile_find("json"))
        expect("json", in.text, out.text, NULL, false, OJD_VERDICT_FAIL,
               "FAIL: profile json is not a judge's output format");
    ojd_check_report r = {.size = sizeof r};
    assert_int_equal(ojd_check(NULL, 0, "", 0, NULL, 0, NULL, &r), OJD_VERDICT_FAIL);
    assert_int_equal(r.verdict, OJD_VERDICT_FAIL);
}

/* An INPUT without a puzzle is the jury's fault, whatever the output and the profile (the
 * message is the reader's when it has one: "the input holds no puzzle", "the header "Grid 01"
 * has no grid after it", "the input ends after the box size 3"). */
static void test_input_without_puzzles(void **state)
{
    (void)state;
    const char *inputs[] = {"", "\n\n", "Grid 01\n", "end\n", "3\n", "---\n", "0\n"};
    const char *formats[] = {NULL, "poj2676", "poj3074", "euler96", "hdu3111", "uva989",
                             "leetcode"};
    const char *outputs[] = {"", "0\n", "534678912\n"};
    for (size_t i = 0; i < sizeof inputs / sizeof inputs[0]; i++)
        for (size_t k = 0; k < sizeof formats / sizeof formats[0]; k++)
            for (size_t o = 0; o < sizeof outputs / sizeof outputs[0]; o++)
                for (int strict = 0; strict < 2; strict++) {
                    ojd_verdict v = run_check(formats[k], inputs[i], outputs[o], NULL, strict);
                    if (v != OJD_VERDICT_FAIL || strncmp(report.message, "FAIL: INPUT", 11))
                        fail_msg("INPUT \"%s\", format %s: %s", inputs[i],
                                 formats[k] ? formats[k] : "(detect)", report.message);
                }
    expect(NULL, "", "", NULL, false, OJD_VERDICT_FAIL,
           "FAIL: INPUT line 1 column 1: the input holds no puzzle");
}

static void test_budget(void **state)
{
    (void)state;
    /* kattis must know whether the empty grid has a second solution: one node cannot tell */
    buf in = {0};
    spaced_rows(&in, empty_rows);
    ojd_check_options opt = {.format = ojd_profile_find("kattis"), .max_nodes = 1};
    ojd_check_report r = {.size = sizeof r};
    const char *out = "Non-unique\n";
    assert_int_equal(ojd_check(in.text, in.n, out, strlen(out), NULL, 0, &opt, &r),
                     OJD_VERDICT_FAIL);
    assert_string_equal(r.message,
                        "FAIL: case 1: could not decide the case within the budget of 1 nodes");
    opt.max_nodes = 0;
    assert_int_equal(ojd_check(in.text, in.n, out, strlen(out), NULL, 0, &opt, &r),
                     OJD_VERDICT_OK);
    /* a plain profile needs no search for a valid grid, and a wrong grid is wrong anyway */
    buf pin = {0}, pout = {0};
    add(&pin, "1\n");
    for (int r2 = 0; r2 < 9; r2++)
        add(&pin, "%s\n", empty_rows[r2]);
    packed_solution(&pout, "");
    opt.format = ojd_profile_find("poj2676");
    opt.max_nodes = 1;
    assert_int_equal(ojd_check(pin.text, pin.n, pout.text, pout.n, NULL, 0, &opt, &r),
                     OJD_VERDICT_OK);
    pout.text[0] = '9';
    assert_int_equal(ojd_check(pin.text, pin.n, pout.text, pout.n, NULL, 0, &opt, &r),
                     OJD_VERDICT_WRONG);
    assert_string_equal(r.message, "wrong answer: case 1: row 1 repeats 9");
}

/* ---- hostile buffers ----------------------------------------------------------------------- */

static void test_hostile_outputs(void **state)
{
    (void)state;
    buf in = {0};
    poj2676_input(&in);
    const ojd_profile *const *formats = ojd_profile_list();
    size_t huge = 1 << 22;
    char *big = malloc(huge);
    assert_non_null(big);
    memset(big, '7', huge);
    char nul[40] = "534678912\n6";  /* NUL bytes after a valid row */
    const struct {
        const char *data;
        size_t size;
    } outputs[] = {
        {"", 0},        {"   \n\n\t", 6},  {nul, sizeof nul}, {big, huge},
        {"[[[[", 4},    {"\"", 1},         {"---", 3},        {"Case", 4},
    };
    for (const ojd_profile *const *f = formats; *f; f++) {
        for (size_t i = 0; i < sizeof outputs / sizeof outputs[0]; i++) {
            for (int strict = 0; strict < 2; strict++) {
                ojd_check_options opt = {.format = *f, .strict = strict, .max_nodes = 100000};
                ojd_check_report r;
                memset(&r, 0xA5, sizeof r); /* whatever the caller left in it, but the size */
                r.size = sizeof r;
                ojd_verdict v = ojd_check(in.text, in.n, outputs[i].data, outputs[i].size,
                                          NULL, 0, &opt, &r);
                assert_int_equal(v, r.verdict);
                assert_non_null(memchr(r.message, '\0', sizeof r.message));
                assert_true(r.message[0] != '\0');
                /* none of these outputs is a right answer to anything */
                assert_int_not_equal(v, OJD_VERDICT_OK);
            }
        }
    }
    ojd_check_options opt = {.format = ojd_profile_find("poj2676")};
    ojd_check_report r = {.size = sizeof r};
    assert_int_equal(ojd_check(in.text, in.n, nul, sizeof nul, NULL, 0, &opt, &r),
                     OJD_VERDICT_WRONG);
    assert_string_equal(r.message, "wrong answer: case 1: row 2 column 2: bad symbol byte 0x00");
    assert_int_equal(ojd_check(in.text, in.n, big, huge, NULL, 0, &opt, &r), OJD_VERDICT_WRONG);
    assert_string_equal(r.message, "wrong answer: case 1: row 1 column 1: given 5 changed to 7");
    /* a five-word phrase expected, five long tokens found: the message is cut, not overrun
     * (found by fuzz_check) */
    buf h_in = {0}, h_out = {0}, h_ans = {0};
    add(&h_in, "2\n");
    for (int k = 0; k < 2; k++)
        for (int row = 0; row < 9; row++)
            add(&h_in, "%s\n", k && row == 0 ? "550070000" : puzzle_rows[row]);
    packed_solution(&h_out, "");
    add(&h_out, "\nCould not complete this grid.\n");
    packed_solution(&h_ans, "");
    for (int k = 0; k < 5; k++)
        add(&h_ans, "%s\n", "0123456789012345678901234567890123456789xx");
    expect("hdu2780", h_in.text, h_out.text, h_ans.text, false, OJD_VERDICT_FAIL,
           "FAIL: case 2: ANSWER says \"0123456789012345678901234567890123456789...\" but "
           "the solver says \"Could not complete this grid.\"");
    /* INPUT with NUL bytes and an ANSWER that is one huge token */
    assert_int_equal(ojd_check("1\n\0\0\0", 6, "x", 1, big, huge, &opt, &r), OJD_VERDICT_FAIL);
    free(big);
}

/* ---- streams and bounded memory ------------------------------------------------------------ */

/* Strict mode compares while reading: an output far ahead of the expected rendering (more than
 * the checker keeps, 1 MiB) still gets the exact place of its first difference. */
static void test_strict_long_gaps(void **state)
{
    (void)state;
    buf in = {0}, good = {0};
    poj2676_input(&in);
    packed_solution(&good, "");
    size_t gap = (size_t)3 << 20;
    char *out = malloc(good.n + gap + 16);
    assert_non_null(out);
    ojd_check_options lenient = {.format = ojd_profile_find("poj2676")};
    ojd_check_options strict = lenient;
    strict.strict = true;
    ojd_check_report r = {.size = sizeof r};
    const struct {
        size_t at;          /* where the gap goes in the good output */
        char fill;
        const char *after;  /* what follows the gap */
        ojd_verdict lenient, strict;
        const char *message;
    } cases[] = {
        /* spaces inside row 1: right, but not the framing */
        {4, ' ', "", OJD_VERDICT_OK, OJD_VERDICT_PRESENTATION,
         "presentation error: line 1 column 5: expected '7', found a space"},
        /* spaces before the newline of row 1: their line is blank to its end past the kept
         * bytes */
        {9, ' ', "", OJD_VERDICT_OK, OJD_VERDICT_PRESENTATION,
         "presentation error: line 1 column 10: trailing whitespace"},
        /* spaces, then a cell, before that newline: not trailing */
        {9, ' ', "1", OJD_VERDICT_WRONG, OJD_VERDICT_WRONG,
         "wrong answer: case 1: row 2 column 1: given 6 changed to 1"},
        /* spaces after the last row, to the end of the output */
        {90, ' ', "", OJD_VERDICT_OK, OJD_VERDICT_PRESENTATION,
         "presentation error: line 10 column 1: trailing whitespace"},
        /* blank lines at the end */
        {90, '\n', "", OJD_VERDICT_OK, OJD_VERDICT_PRESENTATION,
         "presentation error: line 10 column 1: blank line at the end"},
        /* spaces, then more output */
        {90, ' ', "1", OJD_VERDICT_WRONG, OJD_VERDICT_WRONG,
         "wrong answer: extra output after case 1"},
        /* the whole output after blank lines */
        {0, '\n', "", OJD_VERDICT_OK, OJD_VERDICT_PRESENTATION,
         "presentation error: line 1 column 1: unexpected blank line"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        size_t n = cases[i].at, tail = strlen(cases[i].after);
        memcpy(out, good.text, n);
        memset(out + n, cases[i].fill, gap);
        n += gap;
        memcpy(out + n, cases[i].after, tail);
        n += tail;
        memcpy(out + n, good.text + cases[i].at, good.n - cases[i].at);
        n += good.n - cases[i].at;
        assert_int_equal(check_both(in.text, in.n, out, n, NULL, 0, &lenient, &r),
                         cases[i].lenient);
        assert_int_equal(check_both(in.text, in.n, out, n, NULL, 0, &strict, &r),
                         cases[i].strict);
        if (strcmp(r.message, cases[i].message) != 0)
            fail_msg("gap %zu: \"%s\", want \"%s\"", i, r.message, cases[i].message);
    }
    free(out);
}

/* A long token: cells are taken from it as far as the grid goes, and no further; where one
 * number belongs it is a bad symbol, quoted in part. */
static void test_long_tokens(void **state)
{
    (void)state;
    buf in = {0};
    add(&in, "1\n");
    for (int r = 0; r < 9; r++)
        add(&in, "%s\n", empty_rows[r]);
    size_t extra = 10000;
    char *out = malloc(81 + extra + 2);
    assert_non_null(out);
    for (int r = 0; r < 9; r++)
        memcpy(out + 9 * r, solution_rows[r], 9);
    memset(out + 81, '7', extra);
    ojd_check_options opt = {.format = ojd_profile_find("poj2676")};
    ojd_check_report r = {.size = sizeof r};
    assert_int_equal(check_both(in.text, in.n, out, 81, NULL, 0, &opt, &r), OJD_VERDICT_OK);
    assert_int_equal(check_both(in.text, in.n, out, 81 + extra, NULL, 0, &opt, &r),
                     OJD_VERDICT_WRONG);
    assert_string_equal(r.message, "wrong answer: extra output after case 1");
    /* 25x25 spaced grids are written in numbers: one token per cell.  The puzzle is a solved
     * grid with its first row blank, so that the checker's own solve is instant (an empty 25x25
     * grid cost minutes under the sanitizer, for nothing this test asserts) */
    buf big = {0};
    for (int row = 0; row < 25; row++)
        for (int c = 0; c < 25; c++)
            add(&big, "%d%c", row == 0 ? 0 : ((row % 5) * 5 + row / 5 + c) % 25 + 1,
                c == 24 ? '\n' : ' ');
    memset(out, '1', 200);
    out[200] = '\n';
    opt.format = NULL;
    assert_int_equal(check_both(big.text, big.n, out, 201, NULL, 0, &opt, &r),
                     OJD_VERDICT_WRONG);
    assert_string_equal(r.message, "wrong answer: case 1: row 1 column 1: bad symbol "
                                   "\"1111111111111111111111111111111111111111...\"");
    free(out);
}

/* The stream entry point: a read error is the judge's failure, not the contestant's. */
static void test_stream_errors(void **state)
{
    (void)state;
    buf in = {0}, good = {0};
    poj2676_input(&in);
    packed_solution(&good, "");
    ojd_check_options opt = {.format = ojd_profile_find("poj2676")};
    ojd_check_report r = {.size = sizeof r};
    FILE *input = temp_with(in.text, in.n);
    FILE *unreadable = fopen("/dev/null", "w");   /* reading a write-only stream fails */
    assert_non_null(unreadable);
    assert_int_equal(ojd_check_stream(input, unreadable, NULL, &opt, &r), OJD_VERDICT_FAIL);
    assert_int_equal(strncmp(r.message, "FAIL: OUTPUT: read error: ", 26), 0);
    rewind(input);
    FILE *output = temp_with(good.text, good.n);
    assert_int_equal(ojd_check_stream(input, output, unreadable, &opt, &r), OJD_VERDICT_FAIL);
    assert_int_equal(strncmp(r.message, "FAIL: ANSWER: read error: ", 26), 0);
    rewind(input);
    rewind(output);
    assert_int_equal(ojd_check_stream(input, output, NULL, NULL, &r), OJD_VERDICT_OK);
    assert_string_equal(r.message, "ok 1 case");
    assert_int_equal(ojd_check_stream(NULL, output, NULL, &opt, &r), OJD_VERDICT_FAIL);
    assert_string_equal(r.message, "FAIL: no INPUT or OUTPUT given");
    fclose(unreadable);
    fclose(output);
    fclose(input);
}

/* A report whose size is not the library's (a program built against another ojdoku.h) is a FAIL
 * for both entry points, and is left as it was; with the right size the same call judges. */
static void test_report_size(void **state)
{
    (void)state;
    buf in = {0}, good = {0};
    poj2676_input(&in);
    packed_solution(&good, "");
    ojd_check_options opt = {.format = ojd_profile_find("poj2676")};
    static const size_t sizes[] = {0, sizeof(ojd_check_report) - sizeof(void *),
                                   sizeof(ojd_check_report) + sizeof(void *)};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        ojd_check_report r;
        memset(&r, 0x5a, sizeof r);
        r.size = sizes[i];
        ojd_check_report before = r;
        assert_int_equal(ojd_check(in.text, in.n, good.text, good.n, NULL, 0, &opt, &r),
                         OJD_VERDICT_FAIL);
        assert_memory_equal(&r, &before, sizeof r);
        FILE *input = temp_with(in.text, in.n), *output = temp_with(good.text, good.n);
        assert_int_equal(ojd_check_stream(input, output, NULL, &opt, &r), OJD_VERDICT_FAIL);
        assert_memory_equal(&r, &before, sizeof r);
        fclose(output);
        fclose(input);
    }
    ojd_check_report r = {.size = sizeof r};
    assert_int_equal(check_both(in.text, in.n, good.text, good.n, NULL, 0, &opt, &r),
                     OJD_VERDICT_OK);
    assert_int_equal(r.size, sizeof r);
    assert_string_equal(r.message, "ok 1 case");
}

/* ---- round trip over every sample ---------------------------------------------------------- */

static char *slurp(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *data = NULL;
    size_t cap = 0, n = 0;
    for (;;) {
        if (n == cap) {
            cap = cap ? cap * 2 : 4096;
            data = realloc(data, cap);
            assert_non_null(data);
        }
        size_t got = fread(data + n, 1, cap - n, f);
        if (got == 0)
            break;
        n += got;
    }
    fclose(f);
    *size = n;
    return data;
}

/* A task-all case being listed by solve_all(). */
typedef struct listing {
    ojd_writer *writer;
    const ojd_puzzle *puzzle;
    unsigned long nth, count;
} listing;

static bool list_next(void *context, const ojd_board *solution)
{
    listing *l = context;
    return ojd_writer_listed(l->writer, l->puzzle, solution, ++l->nth, l->count) == OJD_OK;
}

/* Solves every puzzle of input with the library and writes the answers as `ojdoku solve` does. */
static char *solve_all(const char *input, size_t size, const ojd_profile *f, size_t *out_size)
{
    char *text = NULL;
    FILE *out = open_memstream(&text, out_size);
    assert_non_null(out);
    ojd_reader *reader = ojd_reader_new_mem(input, size, "sample", f);
    ojd_writer *writer = ojd_writer_new(out, f, NULL);
    ojd_engine *engine = ojd_engine_new(NULL);
    assert_non_null(reader);
    assert_non_null(writer);
    assert_non_null(engine);
    ojd_search search = {0};
    ojd_profile_search(f, 0, &search);
    ojd_puzzle *pz = malloc(sizeof *pz);
    ojd_result *res = malloc(sizeof *res);
    assert_non_null(pz);
    assert_non_null(res);
    ojd_status st;
    while ((st = ojd_reader_next(reader, pz, NULL)) != OJD_END) {
        assert_int_equal(st, OJD_OK);
        ojd_status solved = ojd_engine_solve(engine, &pz->board, &search, res);
        if (ojd_profile_task(f) == OJD_TASK_ALL && solved == OJD_MULTIPLE) {
            /* every solution, listed one by one (the public API's way, as solve does) */
            listing l = {writer, pz, 0, res->solutions};
            assert_int_equal(ojd_engine_each_solution(engine, &pz->board, &search, l.count,
                                                      list_next, &l, NULL), OJD_OK);
            assert_int_equal(l.nth, l.count);
        } else {
            ojd_writer_answer(writer, pz, solved, res);
        }
    }
    assert_int_equal(ojd_writer_finish(writer), OJD_OK);
    fclose(out);
    free(pz);
    free(res);
    ojd_engine_free(engine);
    ojd_writer_free(writer);
    ojd_reader_free(reader);
    return text;
}

/* The profile a sample's .args names ("--format NAME"), or NULL (mirror). */
static const ojd_profile *sample_format(const char *stem)
{
    char path[512], name[64] = "";
    snprintf(path, sizeof path, SAMPLES "/%s.args", stem);
    FILE *f = fopen(path, "r");
    if (!f)
        return NULL;
    if (fscanf(f, "--format %63s", name) != 1)
        name[0] = '\0';
    fclose(f);
    return name[0] ? ojd_profile_find(name) : NULL;
}

static ojd_verdict check_buffers(const char *in, size_t in_size, const char *out, size_t out_size,
                                 const ojd_profile *f, bool strict, ojd_check_report *r)
{
    ojd_check_options opt = {.format = f, .strict = strict};
    return check_both(in, in_size, out, out_size, NULL, 0, &opt, r);
}

/* Task all (Jutge P89454's second sample: two solutions): the two in order are right; either
 * alone, the two swapped, one twice, a third, a broken grid, or "-1" are wrong, each said. */
static void expect_all_verdict(const char *in, size_t in_size, const char *out,
                               ojd_verdict want, const char *words)
{
    ojd_check_report r = {.size = sizeof r};
    ojd_verdict v = check_buffers(in, in_size, out, strlen(out), ojd_profile_find("jutgep89454"),
                                  false, &r);
    if (v != want || !strstr(r.message, words))
        fail_msg("verdict %d (want %d): '%s' lacks '%s'", (int)v, (int)want, r.message, words);
}

static void test_all_solutions_in_order(void **state)
{
    (void)state;
    size_t in_size, out_size;
    char *in = slurp(SAMPLES "/jutgep89454_2.in", &in_size);
    char *bytes = slurp(SAMPLES "/jutgep89454_2.out", &out_size);
    assert_non_null(in);
    assert_non_null(bytes);
    char out[4096]; /* slurp()'s bytes are not a string */
    assert_true(out_size < sizeof out);
    memcpy(out, bytes, out_size);
    out[out_size] = '\0';
    free(bytes);
    /* the two solutions, each ended by its empty line */
    char *second = strstr(out, "\n\n");
    assert_non_null(second);
    second += 2;
    char a[1024], b[1024], text[4096];
    snprintf(a, sizeof a, "%.*s", (int)(second - out), out);
    snprintf(b, sizeof b, "%s", second);
    assert_true(strlen(a) == strlen(b) && strlen(a) + strlen(b) == out_size);
    snprintf(text, sizeof text, "%s%s", a, b);
    expect_all_verdict(in, in_size, text, OJD_VERDICT_OK, "1 case");
    snprintf(text, sizeof text, "%s%s", b, a);
    expect_all_verdict(in, in_size, text, OJD_VERDICT_WRONG,
                       "solution 1 of 2 is not the next in lexicographic order");
    expect_all_verdict(in, in_size, a, OJD_VERDICT_WRONG, "expected solution 2 of 2");
    expect_all_verdict(in, in_size, b, OJD_VERDICT_WRONG, "solution 1 of 2 is not the next");
    snprintf(text, sizeof text, "%s%s", a, a);
    expect_all_verdict(in, in_size, text, OJD_VERDICT_WRONG,
                       "solution 2 of 2 repeats an earlier solution");
    snprintf(text, sizeof text, "%s%s%s", a, b, b);
    expect_all_verdict(in, in_size, text, OJD_VERDICT_WRONG, "extra output");
    snprintf(text, sizeof text, "%s%s", a, b);
    char *last = strstr(text + strlen(a), "6 4 3");
    assert_non_null(last);
    memcpy(last, "6 3 4", 5);
    expect_all_verdict(in, in_size, text, OJD_VERDICT_WRONG, "solution 2 of 2: row 9 column 9");
    expect_all_verdict(in, in_size, "-1\n", OJD_VERDICT_WRONG, "expected solution 1 of 2");
    /* a puzzle of none: "-1" is right, a grid is not (both solutions have 9 at row 2 column
     * 4; a 7 there repeats nothing and leaves none) */
    char *at = strstr(in, "4 5 6 | 0 0 0");
    assert_non_null(at);
    at[8] = '7';
    expect_all_verdict(in, in_size, "-1\n", OJD_VERDICT_OK, "1 case");
    expect_all_verdict(in, in_size, a, OJD_VERDICT_WRONG, "expected \"-1\"");
    free(in);
}

static void test_round_trip_samples(void **state)
{
    (void)state;
    DIR *dir = opendir(SAMPLES);
    assert_non_null(dir);
    int checked = 0;
    struct dirent *e;
    while ((e = readdir(dir)) != NULL) {
        size_t len = strlen(e->d_name);
        if (len < 4 || strcmp(e->d_name + len - 3, ".in") != 0)
            continue;
        char stem[256], path[600];
        snprintf(stem, sizeof stem, "%.*s", (int)(len - 3), e->d_name);
        snprintf(path, sizeof path, SAMPLES "/%s", e->d_name);
        size_t in_size, out_size, exp_size;
        char *in = slurp(path, &in_size);
        assert_non_null(in);
        const ojd_profile *f = sample_format(stem);
        /* a script format or a figure, not a judge's: no checker */
        ojd_style style = f ? ojd_profile_style(f) : OJD_STYLE_MIRROR;
        if (f && (style == OJD_STYLE_JSON || style == OJD_STYLE_SVG)) {
            free(in);
            continue;
        }
        char *out = solve_all(in, in_size, f, &out_size);
        ojd_check_report r = {.size = sizeof r};
        for (int strict = 0; strict < 2; strict++) {
            if (check_buffers(in, in_size, out, out_size, f, strict, &r) != OJD_VERDICT_OK)
                fail_msg("%s (strict %d): %s", stem, strict, r.message);
        }
        /* the expected output shipped with the sample is accepted too */
        snprintf(path, sizeof path, SAMPLES "/%s.out", stem);
        char *expected = slurp(path, &exp_size);
        assert_non_null(expected);
        if (check_buffers(in, in_size, expected, exp_size, f, true, &r) != OJD_VERDICT_OK)
            fail_msg("%s.out: %s", stem, r.message);

        /* mutations: a trailing space (PE only when strict), extra output, the last half cut */
        char *spaced = malloc(out_size + 2);
        assert_non_null(spaced);
        memcpy(spaced, out, out_size);
        size_t at = out_size && out[out_size - 1] == '\n' ? out_size - 1 : out_size;
        memmove(spaced + at + 1, spaced + at, out_size - at);
        spaced[at] = ' ';
        assert_int_equal(check_buffers(in, in_size, spaced, out_size + 1, f, false, &r),
                         OJD_VERDICT_OK);
        if (check_buffers(in, in_size, spaced, out_size + 1, f, true, &r) !=
            OJD_VERDICT_PRESENTATION || !strstr(r.message, "trailing whitespace"))
            fail_msg("%s with a trailing space: %s", stem, r.message);
        memcpy(spaced + out_size, " 1", 2);
        memcpy(spaced, out, out_size);
        if (check_buffers(in, in_size, spaced, out_size + 2, f, false, &r) != OJD_VERDICT_WRONG)
            fail_msg("%s with extra output: %s", stem, r.message);
        if (check_buffers(in, in_size, out, out_size / 2, f, false, &r) != OJD_VERDICT_WRONG)
            fail_msg("%s cut in half: %s", stem, r.message);
        free(spaced);
        free(expected);
        free(out);
        free(in);
        checked++;
    }
    closedir(dir);
    assert_true(checked >= 20);
}

/* ---- feedback a contestant understands (issue #30 item 4) --------------------------------- */

/* A sample's input or expected output, as samples/ holds it (NUL-terminated). */
static char *sample(const char *name)
{
    char path[256];
    size_t size;
    snprintf(path, sizeof path, SAMPLES "/%s", name);
    char *text = slurp(path, &size);
    assert_non_null(text);
    text = realloc(text, size + 1);
    assert_non_null(text);
    text[size] = '\0';
    return text;
}

/* A copy of text with the n-th byte (from 0) made c. */
static void with_byte(buf *b, const char *text, size_t n, char c)
{
    b->n = 0;
    add(b, "%s", text);
    assert_true(n < b->n);
    b->text[n] = c;
}

/* Where a value belongs, the symbol the input writes a blank with (hdu1426's '?') or the
 * profile's is a cell left blank, said so; 0 or '.' where neither writes blanks so is a bad
 * symbol that may be a blank (the message must not call 0 a blank where it is none); any other
 * symbol is a bad symbol. */
static void test_left_blank(void **state)
{
    (void)state;
    char *in = sample("hdu1426.in"), *out = sample("hdu1426.out");
    buf bad = {0};
    /* row 1 column 4 is byte 6 of "7 1 2 4 6 9 3 5 8" */
    const struct {
        char symbol;
        const char *message;
    } cases[] = {
        {'?', "wrong answer: case 1: row 1 column 4: cell left blank (?)"},
        {'0', "wrong answer: case 1: row 1 column 4: bad symbol '0' (no value: a cell left "
              "blank?)"},
        {'.', "wrong answer: case 1: row 1 column 4: bad symbol '.' (no value: a cell left "
              "blank?)"},
        {'x', "wrong answer: case 1: row 1 column 4: bad symbol 'x'"},
        {'*', "wrong answer: case 1: row 1 column 4: bad symbol '*'"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        with_byte(&bad, out, 6, cases[i].symbol);
        expect("hdu1426", in, bad.text, NULL, false, OJD_VERDICT_WRONG, cases[i].message);
        expect(NULL, in, bad.text, NULL, false, OJD_VERDICT_WRONG, cases[i].message);
    }
    /* the first cell too, where a word might have stood */
    with_byte(&bad, out, 0, '0');
    expect("hdu1426", in, bad.text, NULL, false, OJD_VERDICT_WRONG,
           "wrong answer: case 1: row 1 column 1: bad symbol '0' (no value: a cell left blank?)");
    free(in);
    free(out);
    /* a count task's one grid is a grid like any other: what breaks it is said, where the
     * message was "expected the one solution's grid, found a grid" */
    in = sample("spojsudogob.in");
    out = sample("spojsudogob.out");
    size_t cell = (size_t)(strchr(out, '\n') - out) + 1 + 2; /* row 1 column 2 of case 1 */
    with_byte(&bad, out, cell, '0');
    expect("spojsudogob", in, bad.text, NULL, false, OJD_VERDICT_WRONG,
           "wrong answer: case 1: row 1 column 2: cell left blank (0)");
    with_byte(&bad, out, cell, 'x');
    expect("spojsudogob", in, bad.text, NULL, false, OJD_VERDICT_WRONG,
           "wrong answer: case 1: row 1 column 2: bad symbol 'x'");
    free(in);
    free(out);
}

/* "found" in one wording for every kind of reply: what the line holds where the case begins,
 * quoted, cut at 40 characters, control and non-ASCII bytes escaped.  A grid and a grid left
 * unsolved (0 for blanks) where a word belongs read alike; they used to be "found a grid" and
 * "found "0"". */
static void test_found_is_quoted(void **state)
{
    (void)state;
    buf out = {0};
    const char *third = strstr(strstr(kattis_in, "\n\n") + 2, "\n\n") + 2;
    add(&out, "%s\nFind another job\n\n%s", kattis_grid, third);
    expect("kattis", kattis_in, out.text, NULL, false, OJD_VERDICT_WRONG,
           "wrong answer: case 3: expected \"Non-unique\", found \"0 4 8 3 9 0 7 1 6\"");
    out.n = 0;
    add(&out, "%s\nFind another job\n\n%s", kattis_grid, kattis_grid);
    expect("kattis", kattis_in, out.text, NULL, false, OJD_VERDICT_WRONG,
           "wrong answer: case 3: expected \"Non-unique\", found \"3 5 7 4 9 1 6 2 8\"");
    /* the rest of the line from where the case begins, not a fixed number of tokens */
    out.n = 0;
    add(&out, "%s\nFind another job\n\nNon unique, sorry\n", kattis_grid);
    expect("kattis", kattis_in, out.text, NULL, false, OJD_VERDICT_WRONG,
           "wrong answer: case 3: expected \"Non-unique\", found \"Non unique, sorry\"");
    /* control bytes escaped, a CR at the end left out, long lines cut */
    out.n = 0;
    add(&out, "%s\nFind another job\n\nNon\001unique\t!\\\r\n", kattis_grid);
    expect("kattis", kattis_in, out.text, NULL, false, OJD_VERDICT_WRONG,
           "wrong answer: case 3: expected \"Non-unique\", found \"Non\\x01unique\\t!\\\\\"");
    out.n = 0;
    add(&out, "%s\nFind another job\n\nNon-unique? %s\n", kattis_grid,
        "0123456789012345678901234567890123456789");
    expect("kattis", kattis_in, out.text, NULL, false, OJD_VERDICT_WRONG,
           "wrong answer: case 3: expected \"Non-unique\", found "
           "\"Non-unique? 0123456789012345678901234567...\"");
    /* a header, and a number, are quoted the same way */
    buf in = {0};
    add(&in, "Grid 01\n");
    for (int r = 0; r < 9; r++)
        add(&in, "%s\n", puzzle_rows[r]);
    expect("euler96", in.text, "sum: 483\n", NULL, false, OJD_VERDICT_WRONG,
           "wrong answer: expected a number, found \"sum: 483\"");
    in.n = 0;
    poj2676_input(&in);
    buf scenario = {0};
    add(&scenario, "Scenario 1\n");
    packed_solution(&scenario, "");
    expect("poj2918", in.text, scenario.text, NULL, false, OJD_VERDICT_WRONG,
           "wrong answer: case 1: expected \"Scenario #1:\", found \"Scenario 1\"");
}

/* A wrong case comes with OUTPUT's own lines for it: from the line it begins on, as many as the
 * profile's grid has, whatever they hold, for a view of an output that is not a grid. */
static void test_failed_lines(void **state)
{
    (void)state;
    char *in = sample("hdu1426_multi.in"), *out = sample("hdu1426_multi.out");
    /* case 2 begins on line 11 (9 rows and a blank line before it) */
    char *case2 = out;
    for (int k = 0; k < 10; k++)
        case2 = strchr(case2, '\n') + 1;
    buf bad = {0};
    with_byte(&bad, out, (size_t)(case2 - out) + 2, '0');
    ojd_check_options opt = {.format = ojd_profile_find("hdu1426")};
    ojd_check_report r = {.size = sizeof r};
    assert_int_equal(check_both(in, strlen(in), bad.text, bad.n, NULL, 0, &opt, &r),
                     OJD_VERDICT_WRONG);
    assert_int_equal(r.failed_case, 2);
    assert_int_equal(r.failed_grid.side, 0);
    assert_int_equal(r.failed_line, 11);
    buf want = {0};
    const char *row = bad.text + (case2 - out);
    for (int k = 0; k < 9; k++) {
        size_t n = strcspn(row, "\n");
        add(&want, "%.*s\n", (int)n, row);
        row += n + 1;
    }
    assert_string_equal(r.failed_text, want.text);
    /* a grid read whole comes with its lines too */
    buf repeat = {0};
    with_byte(&repeat, out, (size_t)(case2 - out) + 2, case2[0]);
    assert_int_equal(check_both(in, strlen(in), repeat.text, repeat.n, NULL, 0, &opt, &r),
                     OJD_VERDICT_WRONG);
    assert_int_equal(r.failed_line, 11);
    assert_int_equal(r.failed_grid.side, 9);
    /* the output ends before the case: no lines */
    buf cut = {0};
    add(&cut, "%.*s", (int)(case2 - out), out);
    assert_int_equal(check_both(in, strlen(in), cut.text, cut.n, NULL, 0, &opt, &r),
                     OJD_VERDICT_WRONG);
    assert_int_equal(r.failed_line, 0);
    assert_string_equal(r.failed_text, "");
    /* fewer where the output ends; CRLF line ends, control bytes and long lines as quotes are */
    buf crlf = {0};
    add(&crlf, "%.*s", (int)(case2 - out), out);
    add(&crlf, "1 2 x\r\n\001%0150d\r\n", 7);
    assert_int_equal(check_both(in, strlen(in), crlf.text, crlf.n, NULL, 0, &opt, &r),
                     OJD_VERDICT_WRONG);
    assert_int_equal(r.failed_line, 11);
    buf long_line = {0};
    add(&long_line, "1 2 x\n\\x01%0*d...\n", 100 - 4, 0);
    assert_string_equal(r.failed_text, long_line.text);
    /* a one-line puzzle: one line; a right answer: none */
    char *line_in = sample("poj3074.in"), *line_out = sample("poj3074.out");
    buf one = {0};
    with_byte(&one, line_out, 0, '.');
    opt.format = ojd_profile_find("poj3074");
    assert_int_equal(check_both(line_in, strlen(line_in), one.text, one.n, NULL, 0, &opt, &r),
                     OJD_VERDICT_WRONG);
    assert_int_equal(r.failed_line, 1);
    size_t first = strcspn(one.text, "\n");
    assert_int_equal(strlen(r.failed_text), first + 1);
    assert_memory_equal(r.failed_text, one.text, first + 1);
    assert_int_equal(check_both(line_in, strlen(line_in), line_out, strlen(line_out), NULL, 0,
                                &opt, &r),
                     OJD_VERDICT_OK);
    assert_int_equal(r.failed_line, 0);
    assert_string_equal(r.failed_text, "");
    free(line_in);
    free(line_out);
    free(in);
    free(out);
}

/* The same far into a stream, where the wrong case spans two of the reader's 64 KiB chunks and
 * its first lines were read with the chunk before: the two entry points give the same lines. */
static void test_failed_lines_across_chunks(void **state)
{
    (void)state;
    enum { CASES = 800, WRONG = 729 }; /* case 729's 90 bytes straddle byte 65536 */
    size_t in_size = 16 + (size_t)CASES * 90, out_size = (size_t)CASES * 90;
    char *in = malloc(in_size), *out = malloc(out_size + 1);
    assert_non_null(in);
    assert_non_null(out);
    size_t n = (size_t)snprintf(in, in_size, "%d\n", CASES), m = 0;
    for (int k = 0; k < CASES; k++)
        for (int r = 0; r < 9; r++) {
            n += (size_t)snprintf(in + n, in_size - n, "%s\n", puzzle_rows[r]);
            m += (size_t)snprintf(out + m, out_size + 1 - m, "%s\n", solution_rows[r]);
        }
    size_t row2 = (size_t)(WRONG - 1) * 90 + 10;
    assert_true(row2 < 65536 && row2 + 80 > 65536);
    out[row2 + 3] = '0'; /* row 2 column 4 */
    ojd_check_options opt = {.format = ojd_profile_find("poj2676")};
    ojd_check_report r = {.size = sizeof r};
    assert_int_equal(check_both(in, n, out, m, NULL, 0, &opt, &r), OJD_VERDICT_WRONG);
    assert_string_equal(r.message, "wrong answer: case 729: row 2 column 4: cell left blank (0)");
    assert_int_equal(r.failed_line, (WRONG - 1) * 9 + 1);
    assert_int_equal(strlen(r.failed_text), 90);
    assert_memory_equal(r.failed_text, out + (size_t)(WRONG - 1) * 90, 90);
    free(in);
    free(out);
}

/* ---- validate's rule ----------------------------------------------------------------------- */

static void test_check_grid(void **state)
{
    (void)state;
    ojd_puzzle pz;
    char why[64];
    buf text = {0};
    for (int r = 0; r < 9; r++)
        add(&text, "%s\n", puzzle_rows[r]);
    assert_int_equal(ojd_puzzle_parse(text.text, &pz, NULL), OJD_OK);
    assert_true(ojd_board_consistent(&pz.board, why, sizeof why));
    assert_string_equal(why, "");
    /* LeetCode 36 example 2: the top-left 5 made an 8 repeats 8 in column 1 and box 1 */
    pz.board.cell[0] = 8;
    assert_false(ojd_board_consistent(&pz.board, why, sizeof why));
    assert_string_equal(why, "column 1 repeats 8");
    pz.board.cell[0] = 3;
    assert_false(ojd_board_consistent(&pz.board, why, sizeof why));
    assert_string_equal(why, "row 1 repeats 3");
    /* AtCoder ABC 327 C sample 2: rows shifted by one break only the boxes */
    ojd_board b;
    assert_int_equal(ojd_board_init_side(&b, 9), OJD_OK);
    for (int r = 0; r < 9; r++)
        for (int c = 0; c < 9; c++)
            b.cell[r * 9 + c] = (uint8_t)((r + c) % 9 + 1);
    assert_false(ojd_board_consistent(&b, NULL, 0));
    assert_false(ojd_board_consistent(&b, why, sizeof why));
    assert_string_equal(why, "box 1 repeats 2");
}

/* options.score_cases: judging goes on past a wrong case whose answer is whole, and
 * cases_right counts the right ones; a malformed answer ends the count; output after the last
 * case makes it 0; without the option the count stops at the first wrong case.  The verdict
 * and message are the first wrong case's either way. */
static void test_score_cases(void **state)
{
    (void)state;
    static const char in[] = "....1.3..4.2....\n...3.2....1.2...\n.1...2....1...4.\n";
    static const struct {
        const char *output;
        unsigned long right, right_unscored;
        ojd_verdict verdict;
        unsigned long failed_case;
    } cases[] = {
        {"4321123434122143\n1423324143122134\n3124423124131342\n", 3, 3, OJD_VERDICT_OK, 0},
        /* case 1 swaps two cells: wrong, whole */
        {"3421123434122143\n1423324143122134\n3124423124131342\n", 2, 0, OJD_VERDICT_WRONG, 1},
        {"4321123434122143\n4123324143122134\n1324423124131342\n", 1, 1, OJD_VERDICT_WRONG, 2},
        /* case 2 malformed: case 3, right, is not counted */
        {"4321123434122143\n14x3324143122134\n3124423124131342\n", 1, 1, OJD_VERDICT_WRONG, 2},
        {"3421123434122143\n14\n3124423124131342\n", 0, 0, OJD_VERDICT_WRONG, 1},
        /* output after the last case */
        {"4321123434122143\n1423324143122134\n3124423124131342\n1\n", 0, 0, OJD_VERDICT_WRONG,
         0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        for (int scored = 0; scored < 2; scored++) {
            ojd_check_options opt = {.format = ojd_profile_find("line"), .max_nodes = 100000,
                                     .score_cases = scored};
            ojd_verdict v = check_both(in, strlen(in), cases[i].output,
                                       strlen(cases[i].output), NULL, 0, &opt, &report);
            unsigned long want = scored ? cases[i].right : cases[i].right_unscored;
            if (v != cases[i].verdict || report.cases_right != want ||
                report.failed_case != cases[i].failed_case || report.cases != 3)
                fail_msg("output %zu, scored %d: verdict %d \"%s\", %lu right of %lu, case %lu; "
                         "want %d, %lu right, case %lu", i, scored, (int)v, report.message,
                         report.cases_right, report.cases, report.failed_case,
                         (int)cases[i].verdict, want, cases[i].failed_case);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_poj2676_verdicts),
        cmocka_unit_test(test_box_repeats),
        cmocka_unit_test(test_any_solution_accepted),
        cmocka_unit_test(test_missing_and_extra_cases),
        cmocka_unit_test(test_failed_case_puzzle_and_grid),
        cmocka_unit_test(test_lenient_and_strict_framing),
        cmocka_unit_test(test_kattis_words),
        cmocka_unit_test(test_word_case),
        cmocka_unit_test(test_uva10957_words),
        cmocka_unit_test(test_hdu_words_and_dashes),
        cmocka_unit_test(test_uva989_lexmin),
        cmocka_unit_test(test_size_prefixed_input_is_uva989),
        cmocka_unit_test(test_headers),
        cmocka_unit_test(test_ok_says_when_not_byte_exact),
        cmocka_unit_test(test_failure_names_the_profile),
        cmocka_unit_test(test_failure_hint_limits),
        cmocka_unit_test(test_leetcode_literal),
        cmocka_unit_test(test_leetcode_structure),
        cmocka_unit_test(test_letters_16x16),
        cmocka_unit_test(test_literal_16x16_numbers_or_letters),
        cmocka_unit_test(test_euler96_sum),
        cmocka_unit_test(test_pretty_grid),
        cmocka_unit_test(test_checker_failures),
        cmocka_unit_test(test_input_without_puzzles),
        cmocka_unit_test(test_budget),
        cmocka_unit_test(test_hostile_outputs),
        cmocka_unit_test(test_strict_long_gaps),
        cmocka_unit_test(test_long_tokens),
        cmocka_unit_test(test_stream_errors),
        cmocka_unit_test(test_report_size),
        cmocka_unit_test(test_round_trip_samples),
        cmocka_unit_test(test_all_solutions_in_order),
        cmocka_unit_test(test_left_blank),
        cmocka_unit_test(test_found_is_quoted),
        cmocka_unit_test(test_failed_lines),
        cmocka_unit_test(test_failed_lines_across_chunks),
        cmocka_unit_test(test_check_grid),
        cmocka_unit_test(test_score_cases),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
