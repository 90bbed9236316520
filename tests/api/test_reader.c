/* test_reader.c -- format detection, every grammar, whitespace quirks, diagnostics positions. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ojdoku.h"

/* The POJ 2676 sample puzzle, in several spellings. */
static const char *const rows9[9] = {"103000509", "002109400", "000704000",
                                     "300502006", "060000050", "700803004",
                                     "000401000", "009205800", "804000107"};

/* Row-major digits of rows9, '0' blanks. */
static void expect_poj(const ojd_board *b)
{
    assert_int_equal(b->side, 9);
    for (int r = 0; r < 9; r++)
        for (int c = 0; c < 9; c++)
            assert_int_equal(b->cell[r * 9 + c], rows9[r][c] - '0');
}

/* Builds the puzzle in a layout: packed rows, spaced rows with a blank symbol, or one line. */
static void spell(char *out, size_t size, const char *style, char blank)
{
    size_t n = 0;
    for (int r = 0; r < 9; r++) {
        for (int c = 0; c < 9; c++) {
            char ch = rows9[r][c] == '0' ? blank : rows9[r][c];
            if (strcmp(style, "spaced") == 0 && c > 0)
                out[n++] = ' ';
            out[n++] = ch;
        }
        if (strcmp(style, "line") != 0 || r == 8)
            out[n++] = '\n';
        assert_true(n + 20 < size);
    }
    out[n] = '\0';
}

typedef struct read_all {
    ojd_puzzle puzzles[8];
    ojd_error errors[8];
    int n_ok, n_err;
    ojd_error warning;
    bool warned;
} read_all;

static void read_everything(const char *text, const char *format, read_all *ra)
{
    memset(ra, 0, sizeof *ra);
    ojd_reader *r = ojd_reader_new_mem(text, strlen(text), "t",
                                       format ? ojd_profile_find(format) : NULL);
    assert_non_null(r);
    for (int guard = 0; guard < 32; guard++) {
        ojd_puzzle pz;
        ojd_error err;
        ojd_status st = ojd_reader_next(r, &pz, &err);
        if (ojd_reader_warning(r, &ra->warning))
            ra->warned = true;
        if (st == OJD_END)
            break;
        if (st == OJD_OK && ra->n_ok < 8)
            ra->puzzles[ra->n_ok++] = pz;
        else if (st == OJD_ERR_PARSE && ra->n_err < 8)
            ra->errors[ra->n_err++] = err;
        else
            fail_msg("unexpected status %d", st);
    }
    ojd_reader_free(r);
}

static void test_grammars_are_detected(void **state)
{
    (void)state;
    static const struct {
        const char *style;
        char blank;
        ojd_grammar grammar;
    } cases[] = {
        {"packed", '0', OJD_GRAMMAR_PACKED}, {"packed", '.', OJD_GRAMMAR_PACKED},
        {"packed", '?', OJD_GRAMMAR_PACKED}, {"spaced", '0', OJD_GRAMMAR_SPACED},
        {"spaced", '?', OJD_GRAMMAR_SPACED}, {"spaced", '.', OJD_GRAMMAR_SPACED},
        {"line", '.', OJD_GRAMMAR_LINE},     {"line", '0', OJD_GRAMMAR_LINE},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char text[400];
        spell(text, sizeof text, cases[i].style, cases[i].blank);
        read_all ra;
        read_everything(text, NULL, &ra);
        assert_int_equal(ra.n_err, 0);
        assert_int_equal(ra.n_ok, 1);
        expect_poj(&ra.puzzles[0].board);
        assert_int_equal(ra.puzzles[0].layout.grammar, cases[i].grammar);
        assert_int_equal(ra.puzzles[0].layout.blank, cases[i].blank);
        assert_false(ra.puzzles[0].layout.letters);
    }
}

static void test_count_line_and_separators(void **state)
{
    (void)state;
    char grid[400], text[1200];
    spell(grid, sizeof grid, "packed", '0');
    snprintf(text, sizeof text, "2\n%s\n%s", grid, grid); /* POJ 2918: blank between */
    read_all ra;
    read_everything(text, NULL, &ra);
    assert_int_equal(ra.n_ok, 2);
    assert_false(ra.warned);
    assert_true(ra.puzzles[0].layout.counted);
    assert_int_equal(ra.puzzles[0].layout.separator, OJD_SEP_NONE);
    assert_int_equal(ra.puzzles[1].layout.separator, OJD_SEP_BLANK);
    assert_int_equal(ra.puzzles[1].index, 2);
    assert_int_equal(ra.puzzles[1].line, 12);

    snprintf(text, sizeof text, "3\n%s%s", grid, grid); /* count larger than the data */
    read_everything(text, NULL, &ra);
    assert_int_equal(ra.n_ok, 2);
    assert_true(ra.warned);
    assert_int_equal(ra.warning.line, 1);
    assert_non_null(strstr(ra.warning.message, "says 3 cases but the input holds 2"));

    snprintf(text, sizeof text, "2\n%s---\n%s", grid, grid); /* HDU 3111 dashes */
    read_everything(text, NULL, &ra);
    assert_int_equal(ra.n_ok, 2);
    assert_int_equal(ra.puzzles[1].layout.separator, OJD_SEP_DASHES);
}

static void test_size_prefix_uva989(void **state)
{
    (void)state;
    const char *text = "2\n1 2 3 4\n3 4 1 2\n4 3 2 1\n2 1 4 0\n\n1\n0\n\n3\n"
                       "0 6 0 1 0 4 0 5 0\n0 0 8 3 0 5 6 0 0\n2 0 0 0 0 0 0 0 1\n"
                       "8 0 0 4 0 7 0 0 6\n0 0 6 0 0 0 3 0 0\n7 0 0 9 0 1 0 0 4\n"
                       "5 0 0 0 0 0 0 0 2\n0 0 7 2 0 6 9 0 0\n0 4 0 5 0 8 0 7 0\n";
    read_all ra;
    read_everything(text, NULL, &ra);
    assert_int_equal(ra.n_err, 0);
    assert_int_equal(ra.n_ok, 3);
    assert_int_equal(ra.puzzles[0].board.side, 4);
    assert_true(ra.puzzles[0].layout.size_prefix);
    assert_int_equal(ra.puzzles[0].board.cell[15], 0);
    assert_int_equal(ra.puzzles[1].board.side, 1);
    assert_int_equal(ra.puzzles[2].board.side, 9);
    assert_int_equal(ra.puzzles[2].line, 10); /* the case starts at its size line */
    assert_false(ra.puzzles[0].layout.counted);
}

/* Appends box size n and a solved n^2 x n^2 grid (the shifted pattern), spaced, to text. */
static size_t put_sized_grid(char *text, size_t at, size_t size, int n)
{
    int side = n * n;
    at += (size_t)snprintf(text + at, size - at, "%d\n", n);
    for (int r = 0; r < side; r++)
        for (int c = 0; c < side; c++)
            at += (size_t)snprintf(text + at, size - at, "%d%c",
                                   (n * (r % n) + r / n + c) % side + 1, c + 1 < side ? ' ' : '\n');
    return at;
}

/* A count line, then per case its box size (Kick Start's Sudoku Checker): sides 9 to 36 in one
 * file, detected and counted; without the count line it is still UVa 989's grammar. */
static void test_count_line_then_size_prefix(void **state)
{
    (void)state;
    static char text[16384];
    size_t at = (size_t)snprintf(text, sizeof text, "4\n");
    for (int n = 3; n <= 6; n++)
        at = put_sized_grid(text, at, sizeof text, n);
    read_all ra;
    read_everything(text, NULL, &ra);
    assert_int_equal(ra.n_err, 0);
    assert_int_equal(ra.n_ok, 4);
    assert_false(ra.warned);
    for (int k = 0; k < 4; k++) {
        assert_int_equal(ra.puzzles[k].board.side, (k + 3) * (k + 3));
        assert_true(ra.puzzles[k].layout.counted);
        assert_true(ra.puzzles[k].layout.size_prefix);
    }
    assert_int_equal(ra.puzzles[3].board.cell[35 * 36 + 35], (30 + 5 + 35) % 36 + 1);
    assert_int_equal(ra.puzzles[1].line, 2 + 1 + 9); /* the case starts at its size line */

    /* a count that disagrees is a warning, as for any count line */
    text[0] = '5';
    read_everything(text, NULL, &ra);
    assert_int_equal(ra.n_ok, 4);
    assert_true(ra.warned);
    assert_non_null(strstr(ra.warning.message, "says 5 cases but the input holds 4"));

    /* box size 9 gives 81x81, past OJD_MAX_SIDE: that case is reported, the next one read */
    at = (size_t)snprintf(text, sizeof text, "3\n");
    at = put_sized_grid(text, at, sizeof text, 3);
    size_t second = at;
    at = put_sized_grid(text, at, sizeof text, 3);
    at = put_sized_grid(text, at, sizeof text, 4);
    text[second] = '9';
    read_everything(text, NULL, &ra);
    assert_int_equal(ra.n_err, 1);
    assert_non_null(strstr(ra.errors[0].message, "unsupported box size 9 (1 to 8"));
    assert_int_equal(ra.n_ok, 2);
    assert_int_equal(ra.puzzles[1].board.side, 16);
    assert_int_equal(ra.puzzles[1].index, 3);
}

/* Two counted 9x9 cases, the second's row 5 opening with the token first (in place of its 4). */
static void two_cases_with(char *text, size_t size, const char *first)
{
    size_t at = (size_t)snprintf(text, size, "2\n");
    at = put_sized_grid(text, at, size, 3);
    put_sized_grid(text, at, size, 3);
    char *row = text;
    for (int line = 1; line < 17; line++) /* count 1, case 1 lines 2-11, size 12, rows 13.. */
        row = strchr(row, '\n') + 1;
    char rest[2048];
    snprintf(rest, sizeof rest, "%s", strchr(row, ' '));
    snprintf(row, size - (size_t)(row - text), "%s%s", first, rest);
}

/* Kick Start's Sudoku Checker (values = 1..999): a number outside 1..N^2 is a cell outside the
 * alphabet, the case's "No"; a token that is no integer is still a malformed case, at its place,
 * and the batch goes on.  Without the key the same number is a diagnostic. */
static void test_values_outside_the_alphabet(void **state)
{
    (void)state;
    static const char without_key[] =
        "id = k\ntask = validity\nmethod = complete\ngrammar = spaced\nside = any\n"
        "count-line = yes\nsize-prefix = yes\nstyle = verdict\nword-conflict = No\n";
    ojd_profile *plain = ojd_profile_parse(without_key, strlen(without_key), NULL, NULL);
    assert_non_null(plain);
    static const char *const outside[] = {"999", "0", "-5", "99999999999999999999", "000", "10"};
    static char text[4096];
    for (size_t k = 0; k < sizeof outside / sizeof *outside; k++) {
        two_cases_with(text, sizeof text, outside[k]);
        read_all ra;
        read_everything(text, "kickstart2013ba", &ra);
        assert_int_equal(ra.n_err, 0);
        assert_int_equal(ra.n_ok, 2);
        assert_int_equal(ra.puzzles[1].board.cell[4 * 9], OJD_CELL_OUTSIDE);
        assert_int_equal(ra.puzzles[1].board.cell[4 * 9 + 1], ra.puzzles[0].board.cell[4 * 9 + 1]);
        /* without the key: a number above 9 or a negative one is a diagnostic at its cell; a
         * 0 is the reader's blank, as always */
        ojd_reader *r = ojd_reader_new_mem(text, strlen(text), "t", plain);
        ojd_puzzle pz;
        ojd_error err;
        assert_int_equal(ojd_reader_next(r, &pz, &err), OJD_OK);
        bool zero = outside[k][0] == '0';
        assert_int_equal(ojd_reader_next(r, &pz, &err), zero ? OJD_OK : OJD_ERR_PARSE);
        if (zero)
            assert_int_equal(pz.board.cell[4 * 9], 0);
        else
            assert_int_equal(err.line, 17);
        ojd_reader_free(r);
    }
    ojd_profile_free(plain);
    /* what the grammar cannot read stays a diagnostic at its place; the next case is read */
    static const struct {
        const char *token;
        long col;
    } malformed[] = {{"9x", 2}, {"+5", 1}, {"5-", 2}, {"1 2", 1}};
    for (size_t k = 0; k < sizeof malformed / sizeof *malformed; k++) {
        two_cases_with(text, sizeof text, malformed[k].token);
        strcat(text, "3\n");
        put_sized_grid(text, strlen(text) - 2, sizeof text, 3);
        read_all ra;
        read_everything(text, "kickstart2013ba", &ra);
        assert_int_equal(ra.n_ok, 2);
        assert_int_equal(ra.n_err, 1);
        assert_int_equal(ra.errors[0].line, 17);
        if (malformed[k].token[1] != ' ')
            assert_int_equal(ra.errors[0].col, malformed[k].col);
        else
            assert_non_null(strstr(ra.errors[0].message, "the row has 10 cells; expected 9"));
    }
}

static void test_letters_16x16_and_lines(void **state)
{
    (void)state;
    char text[1200] = "";
    for (int r = 0; r < 16; r++) {
        char row[18];
        for (int c = 0; c < 16; c++)
            row[c] = (r + c) % 3 == 0 ? (char)('A' + (r * 4 + r / 4 + c) % 16) : '-';
        row[16] = '\n';
        row[17] = '\0';
        strcat(text, row);
    }
    read_all ra;
    read_everything(text, NULL, &ra);
    assert_int_equal(ra.n_err, 0);
    assert_int_equal(ra.n_ok, 1);
    assert_int_equal(ra.puzzles[0].board.side, 16);
    assert_true(ra.puzzles[0].layout.letters);
    assert_int_equal(ra.puzzles[0].layout.blank, '-');
    assert_int_equal(ra.puzzles[0].board.cell[0], 1); /* 'A' */

    /* a 625-character line of blanks is an empty 25x25 puzzle; 16 digits a 4x4 one */
    char line[700];
    memset(line, '.', 625);
    strcpy(line + 625, "\n1234341221434320\n");
    read_everything(line, NULL, &ra);
    assert_int_equal(ra.n_err, 0);
    assert_int_equal(ra.n_ok, 2);
    assert_int_equal(ra.puzzles[0].board.side, 25);
    assert_int_equal(ra.puzzles[1].board.side, 4);
    assert_int_equal(ra.puzzles[1].board.cell[15], 0);
}

static void test_quirks_bom_crlf_tabs_headers(void **state)
{
    (void)state;
    char grid[400], text[1500] = "\xEF\xBB\xBFGrid 01\r\n";
    spell(grid, sizeof grid, "spaced", '0');
    size_t n = strlen(text);
    for (const char *p = grid; *p; p++) {
        if (*p == '\n') {
            memcpy(text + n, " \t\r\n", 4);
            n += 4;
        } else {
            text[n++] = *p == ' ' ? '\t' : *p;
        }
    }
    strcpy(text + n, "\r\n\r\n   \r\nend\r\n");
    read_all ra;
    read_everything(text, NULL, &ra);
    assert_int_equal(ra.n_err, 0);
    assert_int_equal(ra.n_ok, 1);
    expect_poj(&ra.puzzles[0].board);
    assert_string_equal(ra.puzzles[0].layout.label, "Grid 01");
}

static void test_leetcode_literal(void **state)
{
    (void)state;
    char text[800] = "board = [";
    for (int r = 0; r < 9; r++) {
        strcat(text, r ? ",\n [" : "[");
        for (int c = 0; c < 9; c++) {
            char cell[6];
            snprintf(cell, sizeof cell, "%s\"%c\"", c ? "," : "",
                     rows9[r][c] == '0' ? '.' : rows9[r][c]);
            strcat(text, cell);
        }
        strcat(text, "]");
    }
    strcat(text, "]\n");
    read_all ra;
    read_everything(text, NULL, &ra);
    assert_int_equal(ra.n_err, 0);
    assert_int_equal(ra.n_ok, 1);
    expect_poj(&ra.puzzles[0].board);
    assert_int_equal(ra.puzzles[0].layout.grammar, OJD_GRAMMAR_LITERAL);

    /* A 16x16 literal keeps its alphabet: "13" cells are numbers, "M" cells letters (A = 1). */
    for (int letters = 0; letters < 2; letters++) {
        char big[2400];
        size_t n = 0;
        big[n++] = '[';
        for (int r = 0; r < 16; r++) {
            n += (size_t)snprintf(big + n, sizeof big - n, "%s[", r ? "," : "");
            for (int c = 0; c < 16; c++) {
                int v = (r * 4 + r / 4 + c) % 16 + 1; /* a valid 16x16 grid */
                if (letters)
                    n += (size_t)snprintf(big + n, sizeof big - n, "%s\"%c\"", c ? "," : "",
                                          'A' + v - 1);
                else
                    n += (size_t)snprintf(big + n, sizeof big - n, "%s\"%d\"", c ? "," : "", v);
            }
            big[n++] = ']';
        }
        n += (size_t)snprintf(big + n, sizeof big - n, "]\n");
        read_everything(big, NULL, &ra);
        assert_int_equal(ra.n_ok, 1);
        assert_int_equal(ra.puzzles[0].board.side, 16);
        assert_int_equal(ra.puzzles[0].board.cell[1], 2);
        assert_true(ojd_board_is_solved(&ra.puzzles[0].board));
        assert_int_equal(ra.puzzles[0].layout.letters, letters);
    }

    read_everything("[[\"1\",\"2\"],[\"3\"]]\n", NULL, &ra);
    assert_int_equal(ra.n_ok, 0);
    assert_int_equal(ra.n_err, 1);
    read_everything("[[\"1\",\"2\",\n", NULL, &ra);
    assert_int_equal(ra.n_err, 1);
    assert_non_null(strstr(ra.errors[0].message, "not closed"));
}

/* Malformed cases: the error's position, and the good cases around it still read. */
static void test_diagnostics_and_recovery(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        const char *format;
        int ok, line, col;
        const char *message;
    } cases[] = {
        {"103000509\n002109400\n0007Z4000\n300502006\n060000050\n700803004\n000401000\n009205800\n"
         "804000107\n",
         NULL, 0, 3, 5, "unexpected 'Z'"},
        {"1 0 3 0 0 0 5 0 9\n0 0 2 1 0 9 4 0\n0 0 0 7 0 4 0 0 0\n3 0 0 5 0 2 0 0 6\n"
         "0 6 0 0 0 0 0 5 0\n7 0 0 8 0 3 0 0 4\n0 0 0 4 0 1 0 0 0\n0 0 9 2 0 5 8 0 0\n"
         "8 0 4 0 0 0 1 0 7\n",
         NULL, 0, 2, 16, "has 8 cells; expected 9"},
        {"103000509\n002109400\n000704000\n", NULL, 0, 4, 1, "ends after 3 of 9 rows"},
        {"..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..\n"
         "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.\n"
         "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..\n",
         NULL, 2, 2, 81, "has 80 cells; expected 81"},
        {"1 2 3 4 5\n", NULL, 0, 1, 1, "fits no supported grid"},
        {"2\n1 2 3\n", "uva989", 0, 2, 6, "has 3 cells; expected 4"},
        {"\x01\x02\n", NULL, 0, 1, 1, "byte 0x01"},
        {"", NULL, 0, 1, 1, "no puzzle"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        read_all ra;
        read_everything(cases[i].text, cases[i].format, &ra);
        print_message("case %zu: %s at %ld:%ld\n", i, ra.errors[0].message, ra.errors[0].line,
                      ra.errors[0].col);
        assert_int_equal(ra.n_ok, cases[i].ok);
        assert_int_equal(ra.n_err, 1);
        assert_int_equal(ra.errors[0].code, OJD_ERR_PARSE);
        assert_int_equal(ra.errors[0].line, cases[i].line);
        assert_int_equal(ra.errors[0].col, cases[i].col);
        assert_non_null(strstr(ra.errors[0].message, cases[i].message));
    }
}

static void test_end_terminator(void **state)
{
    (void)state;
    char text[300];
    snprintf(text, sizeof text, "%s\nend\n%s\n",
             "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
             "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..");
    read_all ra;
    read_everything(text, "poj3074", &ra);
    assert_int_equal(ra.n_ok, 1);
    assert_true(ra.warned);
    assert_int_equal(ra.warning.line, 3);
}

static void test_puzzle_parse_and_long_line(void **state)
{
    (void)state;
    ojd_puzzle pz;
    ojd_error err;
    assert_int_equal(ojd_puzzle_parse("1.3.\n..1.\n.1..\n...1\n", &pz, &err), OJD_OK);
    assert_int_equal(pz.board.side, 4);
    assert_int_equal(ojd_puzzle_parse("", &pz, &err), OJD_ERR_PARSE);

    static char big[40000];
    memset(big, '1', sizeof big - 2);
    big[sizeof big - 2] = '\n';
    read_all ra;
    read_everything(big, NULL, &ra);
    assert_int_equal(ra.n_err, 1);
    assert_non_null(strstr(ra.errors[0].message, "longer than"));
}

/* ---- one outcome per case (issue: inputs that made a case vanish) -------------------------- */

#define P1 "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
#define P2 "6.9.....8...3.1...4............6..7...8...2...5..7.4...........5...3.4....1......"
/* a 9x9 region map (nine vertical strips), and one whose last two cells swap strips 8 and 9
 * across the grid: strip 8 then holds a cell apart from the others */
#define R9 "abcdefghiabcdefghiabcdefghiabcdefghiabcdefghiabcdefghiabcdefghiabcdefghiabcdefghi"
#define R9BAD "abcdefghiabcdefghiabcdefghiabcdefghiabcdefghiabcdefghiabcdefghiabcdefghiabcdefgih"
/* all-blank puzzles on one line of dashes: 9x9 and 16x16 */
#define D9 "---------"
#define D81 D9 D9 D9 D9 D9 D9 D9 D9 D9
#define D16 "----------------"
#define D256 D16 D16 D16 D16 D16 D16 D16 D16 D16 D16 D16 D16 D16 D16 D16 D16
#define LONG_PAD 16400

/* The outcomes of reading text, in order: "O" for a puzzle, "E<line>" for a malformed case, "W"
 * for each warning taken after the call, separated by spaces. */
static void outcomes(const char *text, size_t size, char *out, size_t out_size)
{
    ojd_reader *r = ojd_reader_new_mem(text, size, "t", NULL);
    assert_non_null(r);
    size_t n = 0;
    out[0] = '\0';
    for (int guard = 0; guard < 64; guard++) {
        ojd_puzzle pz;
        ojd_error err;
        ojd_status st = ojd_reader_next(r, &pz, &err);
        ojd_error w;
        while (ojd_reader_warning(r, &w))
            n += (size_t)snprintf(out + n, out_size - n, "%sW", n ? " " : "");
        if (st == OJD_END)
            break;
        assert_true(st == OJD_OK || st == OJD_ERR_PARSE);
        if (st == OJD_OK)
            n += (size_t)snprintf(out + n, out_size - n, "%sO", n ? " " : "");
        else
            n += (size_t)snprintf(out + n, out_size - n, "%sE%ld", n ? " " : "", err.line);
        assert_true(n < out_size);
    }
    ojd_reader_free(r);
}

/* text with "#" replaced by LONG_PAD copies of pad (a line longer than the reader keeps) */
static char *padded(const char *text, char pad, size_t *size)
{
    size_t len = strlen(text);
    char *buf = malloc(len + LONG_PAD + 1);
    assert_non_null(buf);
    size_t n = 0;
    for (const char *p = text; *p; p++) {
        if (*p == '#') {
            memset(buf + n, pad, LONG_PAD);
            n += LONG_PAD;
        } else {
            buf[n++] = *p;
        }
    }
    buf[n] = '\0';
    *size = n;
    return buf;
}

static void test_every_case_has_one_outcome(void **state)
{
    (void)state;
    static const struct {
        const char *text;  /* '#' stands for LONG_PAD copies of pad */
        char pad;
        const char *want;
    } cases[] = {
        /* a line longer than the cap is too long, whatever its first 16 KiB look like */
        {P1 "\n#" P2 "\n", ' ', "O E2"},
        {P1 "\n#" P2 "\n", '\t', "O E2"},
        {P1 "\nend#" P2 "\n" P2 "\n", ' ', "O E2 O"},
        {"3#garbage\n" P1 "\n", ' ', "E1 O"},
        {"Grid 01#anything\n" P1 "\n", ' ', "E1 O"},
        {P1 "\n#\n" P2 "\n", '1', "O E2 O"},
        /* a broken literal is one case and swallows nothing after it */
        {"[[\n" P1 "\n" P2 "\n", 0, "E1 O O"},
        {"[[\"5\\\"\",\".\"]]\n" P1 "\n", 0, "E1 O"},
        {"[[\".\"]] GARBAGE [[\".\"]]\n" P1 "\n", 0, "E1 O"},
        {"junk[[\".\"]]\n" P1 "\n", 0, "E1 O"},
        {"[[\"4\"\"8\"],[\"1\",\"2\"]]\n" P1 "\n", 0, "E1 O"},
        {"[[\"1\",\"2\"],,[\"2\",\"1\"]]\n" P1 "\n", 0, "E1 O"},
        {"[[\"1\",\"2\",\"3\",\"4\"],\n[\"3\",\"4\",\"1\",\"2\"],\n" P1 "\n", 0, "E2 O"},
        {"[[\".\"]]\n[[\".\"]]\n", 0, "O O"},
        /* a line that is a whole puzzle is never taken as a row of the grid before it */
        {"abcd\n" P1 "\n" P1 "\n" P1 "\n" P1 "\n", 0, "E1 O O O O"},
        {"0x10\n" P1 "\n" P1 "\n", 0, "E2 O O"},
        {"abcdefghi\n" P1 "\n", 0, "E1 O"},
        {"1.34\n[[\".\"]]\n", 0, "E2 O"},
        /* an input with no puzzle is an error; a header with no grid after it is a case */
        {"Grid 01\n", 0, "E1"},
        {"end\n", 0, "E1"},
        {"---\n", 0, "E1"},
        {"3\n", 0, "W E1"},
        {"\n\n", 0, "E1"},
        {P1 "\nGrid 02\n", 0, "O E2"},
        {"Grid 01\nGrid 02\n" P1 "\n", 0, "E1 O"},
        {"Grid 01\nend\n", 0, "E1"},
        /* a line of 81 or 256 dashes is an all-blank puzzle, never a separator like "---" */
        {D81 "\n", 0, "O"},
        {D81 "\n" P1 "\n", 0, "O O"},
        {"---\n" D81 "\n---\n" D256 "\n---\n", 0, "O O"},
        {P1 "\n" D256 "\n", 0, "O O"},
        {"---\n-\n------------\n", 0, "E1"},
        /* every warning is kept, not only the last */
        {"5\n" P1 "\nend\n" P2 "\n", 0, "O W W"},
        /* a jigsaw line is one case, read or refused by its region map alone, and takes no
         * line after it along (issue #28) */
        {P1 ":" R9 "\n" P2 "\n", 0, "O O"},
        {P1 ":" R9 "x\n" P2 ":" R9 "\n", 0, "E1 O"},
        {P1 ":" R9BAD "\n" P1 "\n", 0, "E1 O"},
        {P1 ":\n" P1 ":#\n" P2 "\n", 'a', "E1 E2 O"},
        {"4...\n....:aabb\n....\n....\n" P1 "\n", 0, "E2 O"}, /* at the colon's line */
        /* a map after a colon makes its line a case's, whatever is before the colon: not a
         * blank line, "end" or a separator that would drop the map unreported */
        {":" R9 "\n" P1 "\n", 0, "E1 O"},
        {":\n1\n4\n-\n-\n4\n-\n\n" P1 "\n", 0, "E1 E2 E3 E6 O"}, /* fuzz_reader's */
        {"  1  :\n1\n4\n-\n-\n4\n-\n\n" P1 "\n", 0, "E1 E2 E3 E6 O"}, /* and not a count */
        {"9:" R9 "\n" P1 "\n", 0, "E1 O"},
        {"   :" R9 "\n" P1 "\n", 0, "E1 O"},
        {"end:" R9 "\n" P1 "\n", 0, "E1 O"},
        {"\tend\t\t:h\t,\n\n" P1 "\n", 0, "E1 O"}, /* fuzz_reader's resync input */
        {"---:" R9 "\n" P1 "\n", 0, "E1 O"},
        {"+--+:" R9 "\n" P1 "\n", 0, "E1 O"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        size_t size;
        char *text = padded(cases[i].text, cases[i].pad, &size);
        char got[256];
        outcomes(text, size, got, sizeof got);
        print_message("case %zu: %s\n", i, got);
        assert_string_equal(got, cases[i].want);
        free(text);
    }
}


/* ---- framed grids: "|" between boxes, a rule between bands (issue #40) ---------------------- */

/* Jutge.org P89454 "Sudoku (1)", its sample input 1 (jutge.org/problems/P89454_en): a rule of
 * 21 dashes, as wide as a row, between the bands. */
#define JUTGE_BAND1 "0 8 0 | 0 5 9 | 0 0 0\n7 0 3 | 0 0 0 | 0 0 0\n6 4 9 | 7 0 0 | 0 0 0\n"
#define JUTGE_BAND2 "0 6 4 | 0 0 3 | 0 0 5\n0 0 7 | 0 0 0 | 6 0 0\n8 0 0 | 6 0 0 | 0 4 0\n"
#define JUTGE_BAND3 "0 0 0 | 0 0 7 | 3 2 8\n0 0 0 | 0 0 0 | 1 0 7\n0 0 0 | 8 9 0 | 0 0 0\n"
#define JUTGE_RULE "---------------------\n"
#define JUTGE_IN JUTGE_BAND1 JUTGE_RULE JUTGE_BAND2 JUTGE_RULE JUTGE_BAND3

static void expect_jutge(const ojd_puzzle *pz)
{
    static const char *const rows[9] = {"080059000", "703000000", "649700000",
                                        "064003005", "007000600", "800600040",
                                        "000007328", "000000107", "000890000"};
    assert_int_equal(pz->board.side, 9);
    for (int r = 0; r < 9; r++)
        for (int c = 0; c < 9; c++)
            assert_int_equal(pz->board.cell[r * 9 + c], rows[r][c] - '0');
    assert_int_equal(pz->layout.grammar, OJD_GRAMMAR_SPACED);
}

static void test_framed_grids(void **state)
{
    (void)state;
    read_all ra;
    /* Jutge's 21-dash rules are the frame, not HDU 3111's separator */
    read_everything(JUTGE_IN, NULL, &ra);
    assert_int_equal(ra.n_err, 0);
    assert_int_equal(ra.n_ok, 1);
    expect_jutge(&ra.puzzles[0]);
    assert_int_equal(ra.puzzles[0].row_line[3], 5); /* the rule is no row: row 4 is line 5 */
    /* two of them, the second after a blank line; and with `--format grid`'s own rules, "=" rules,
     * rules of another width and "+" borders */
    read_everything(JUTGE_IN "\n" JUTGE_IN, NULL, &ra);
    assert_int_equal(ra.n_err, 0);
    assert_int_equal(ra.n_ok, 2);
    expect_jutge(&ra.puzzles[1]);
    static const char *const rules[] = {
        "------+-------+------\n", "=====================\n", "--------------------------\n",
        "--- --- ---\n", "+-------+-------+-------+\n",
    };
    for (size_t i = 0; i < sizeof rules / sizeof rules[0]; i++) {
        char text[600];
        snprintf(text, sizeof text, "%s%s%s%s%s", JUTGE_BAND1, rules[i], JUTGE_BAND2, rules[i],
                 JUTGE_BAND3);
        read_everything(text, NULL, &ra);
        print_message("rule %s", rules[i]);
        assert_int_equal(ra.n_err, 0);
        assert_int_equal(ra.n_ok, 1);
        expect_jutge(&ra.puzzles[0]);
    }
    /* a framed 4x4 (bands of 2 rows), borders and "|" at the row ends included */
    read_everything("+-----+-----+\n| 1 . | . . |\n| . . | 1 . |\n+-----+-----+\n"
                    "| . 1 | . . |\n| . . | . 1 |\n+-----+-----+\n"
                    "1 . | . .\n. . | 1 .\n---------\n. 1 | . .\n. . | . 1\n",
                    NULL, &ra);
    assert_int_equal(ra.n_err, 0);
    assert_int_equal(ra.n_ok, 2);
    for (int k = 0; k < 2; k++) {
        assert_int_equal(ra.puzzles[k].board.side, 4);
        assert_int_equal(ra.puzzles[k].board.cell[0], 1);
        assert_int_equal(ra.puzzles[k].board.cell[6], 1);
        assert_int_equal(ra.puzzles[k].board.cell[9], 1);
        assert_int_equal(ra.puzzles[k].board.cell[15], 1);
    }
    /* a rule inside a band is the case's error, at the rule; the rows after it stay the case's,
     * so the next case is read whole */
    read_everything("1 . | . .\n---------\n. . | 1 .\n. 1 | . .\n. . | . 1\n"
                    "1 . | . .\n. . | 1 .\n---------\n. 1 | . .\n. . | . 1\n",
                    NULL, &ra);
    assert_int_equal(ra.n_err, 1);
    assert_int_equal(ra.n_ok, 1);
    assert_int_equal(ra.errors[0].line, 2);
    assert_string_equal(ra.errors[0].message,
                        "a band rule after row 1: the bands of a 4x4 grid have 2 rows");
    assert_int_equal(ra.puzzles[0].line, 6);
}

/* COCI 2023/24 #1's framed packed grid: "|52.|...|.81|" rows, "+---+---+---+" above, between and
 * below the bands; each '|' is a rule, every other character a cell at its own column. */
#define COCI_RULE "+---+---+---+\n"
#define COCI_IN COCI_RULE "|52.|...|.81|\n|.39|58.|...|\n|.8.|.9.|...|\n" COCI_RULE \
    "|24.|...|1.3|\n|1..|43.|86.|\n|.63|..7|.24|\n" COCI_RULE \
    "|...|1.9|35.|\n|..8|.74|6..|\n|31.|86.|7.9|\n" COCI_RULE

static void test_framed_packed_rows(void **state)
{
    (void)state;
    static const char *const rows[9] = {"520000081", "039580000", "080090000",
                                        "240000103", "100430860", "063007024",
                                        "000109350", "008074600", "310860709"};
    read_all ra;
    static const char *const formats[] = {NULL, "coci2324c1sudoku"};
    for (size_t f = 0; f < 2; f++) {
        read_everything(COCI_IN COCI_IN, formats[f], &ra);
        assert_int_equal(ra.n_err, 0);
        assert_int_equal(ra.n_ok, 2);
        for (int k = 0; k < 2; k++) {
            assert_int_equal(ra.puzzles[k].board.side, 9);
            assert_int_equal(ra.puzzles[k].layout.grammar, OJD_GRAMMAR_PACKED);
            assert_int_equal(ra.puzzles[k].layout.blank, '.');
            for (int r = 0; r < 9; r++)
                for (int c = 0; c < 9; c++)
                    assert_int_equal(ra.puzzles[k].board.cell[r * 9 + c], rows[r][c] - '0');
        }
        assert_int_equal(ra.puzzles[0].row_line[3], 6); /* the rules are no rows */
        assert_int_equal(ra.puzzles[1].line, 15); /* its first row, after two rules */
    }
    /* a bad character is reported at its own column, the rules counted */
    read_everything(COCI_RULE "|52.|...|.81|\n|.39|58.|...|\n|.8.|.9.|...|\n" COCI_RULE
                    "|24.|...|1.3|\n|1..|43.|86.|\n|.63|..7|.24|\n" COCI_RULE
                    "|...|1.9|35.|\n|..8|.74|6..|\n|31.|86#|7.9|\n" COCI_RULE,
                    NULL, &ra);
    assert_int_equal(ra.n_ok, 0);
    assert_int_equal(ra.n_err, 1);
    assert_int_equal(ra.errors[0].line, 12);
    assert_int_equal(ra.errors[0].col, 8);
}

/* What a rule is not: HDU 3111's "---" between cases and before a short grid, a row of blanks
 * written as dashes, a whole blank puzzle on one line. */
static void test_dash_lines_that_are_no_rules(void **state)
{
    (void)state;
    char grid[400], text[1300];
    spell(grid, sizeof grid, "packed", '0');
    read_all ra;
    snprintf(text, sizeof text, "3\n%s---\n%s---\n%s", grid, grid, grid); /* HDU 3111 */
    read_everything(text, NULL, &ra);
    assert_int_equal(ra.n_ok, 3);
    assert_int_equal(ra.n_err, 0);
    assert_int_equal(ra.puzzles[2].layout.separator, OJD_SEP_DASHES);
    /* a short grid before "---" at a band's end: the grid ends there, the next is whole */
    snprintf(text, sizeof text, "%.30s---\n%s", grid, grid);
    read_everything(text, NULL, &ra);
    assert_int_equal(ra.n_err, 1);
    assert_int_equal(ra.n_ok, 1);
    assert_string_equal(ra.errors[0].message, "the grid ends after 3 of 9 rows");
    expect_poj(&ra.puzzles[0].board);
    /* rows of blanks as dashes, packed and spaced, at a band's end */
    read_everything("1---\n--1-\n----\n---1\n", NULL, &ra);
    assert_int_equal(ra.n_err, 0);
    assert_int_equal(ra.n_ok, 1);
    assert_int_equal(ra.puzzles[0].board.cell[8], 0);
    read_everything("1 - - -\n- - 1 -\n- - - -\n- - - 1\n", NULL, &ra);
    assert_int_equal(ra.n_err, 0);
    assert_int_equal(ra.n_ok, 1);
    /* side * side dashes (a whole blank puzzle of the grid's side) are never skipped as a rule:
     * the grid reports them */
    read_everything("1 . . .\n. . 1 .\n----------------\n. . . 1\n", NULL, &ra);
    assert_int_equal(ra.n_err, 1);
    assert_int_equal(ra.n_ok, 0);
    assert_int_equal(ra.errors[0].line, 3);
}

/* ---- the fast path of one-puzzle-per-line streams ------------------------------------------ */

/* Everything the reader says of a stream, case by case (puzzles in full, errors, warnings), as
 * text, for comparing two readings. */
static void transcript(const char *text, size_t size, const ojd_profile *format, char *out,
                       size_t out_size)
{
    ojd_reader *r = ojd_reader_new_mem(text, size, "t", format);
    assert_non_null(r);
    size_t n = 0;
    out[0] = '\0';
    for (int guard = 0; guard < 1000; guard++) {
        ojd_puzzle pz;
        ojd_error err;
        memset(&pz, 0x5a, sizeof pz);
        ojd_status st = ojd_reader_next(r, &pz, &err);
        char line[OJD_MAX_CELLS + 512];
        int k = snprintf(line, sizeof line, "%d", (int)st);
        if (st == OJD_OK) {
            k += snprintf(line + k, sizeof line - (size_t)k,
                          " #%lu @%ld:%ld %dx%d g%d s%d b%d l%d c%d p%d [%s] rows", pz.index,
                          pz.line, pz.col, pz.board.box_rows, pz.board.box_cols,
                          (int)pz.layout.grammar, (int)pz.layout.separator, pz.layout.blank,
                          (int)pz.layout.letters, (int)pz.layout.counted,
                          (int)pz.layout.size_prefix, pz.layout.label);
            for (int row = 0; row < pz.board.side; row++)
                k += snprintf(line + k, sizeof line - (size_t)k, " %ld", pz.row_line[row]);
            line[k++] = ' ';
            for (int i = 0; i < pz.board.side * pz.board.side; i++)
                line[k++] = (char)('a' + pz.board.cell[i]);
            line[k] = '\0';
        } else if (st == OJD_ERR_PARSE) {
            snprintf(line + k, sizeof line - (size_t)k, " #%lu %ld:%ld %s", ojd_reader_cases(r),
                     err.line, err.col, err.message);
        }
        ojd_error warning;
        while (ojd_reader_warning(r, &warning)) {
            size_t len = strlen(line);
            snprintf(line + len, sizeof line - len, " W%ld:%ld %s", warning.line, warning.col,
                     warning.message);
        }
        size_t len = strlen(line);
        assert_true(n + len + 2 < out_size);
        memcpy(out + n, line, len);
        n += len;
        out[n++] = '\n';
        out[n] = '\0';
        if (st == OJD_END || st == OJD_ERR_IO)
            break;
    }
    ojd_reader_free(r);
}

/* The lines of a stream, each ended by `ending` ("\n", "\r\n", " \n": a trailing space, which
 * the fast path leaves to the general path, so that reading is the reference). */
static size_t join_lines(char *out, size_t size, const char *const *lines, int count,
                         const char *ending)
{
    size_t n = 0;
    for (int i = 0; i < count; i++) {
        int k = snprintf(out + n, size - n, "%s%s", lines[i], lines[i][0] ? ending : "\n");
        assert_true(k > 0 && (size_t)k < size - n);
        n += (size_t)k;
    }
    return n;
}

/* A stream of puzzles on one line each reads the same through the fast path (lines ending in
 * "\n" or "\r\n", after a first whole-line case) as through the general one (the same lines with
 * a trailing space): the same puzzles, layouts, lines, errors and warnings, case by case -- for
 * every byte value put at a few places of a line, for 4x4 to 9x9, letters, blank lines, headers
 * and profiles. */
static void test_fast_line_path_reads_as_the_general_path(void **state)
{
    (void)state;
    static const char base81[] =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    static const char base16[] = "1.3.3.1.2.4.4.2.";
    static const char *const profiles[] = {NULL, "line", "json", "poj3074", "grid"};
    static const int places[] = {0, 1, 15, 16, 40, 79, 80};
    char line[2][100], stream[4][4096], got[3][1 << 16];
    for (size_t f = 0; f < sizeof profiles / sizeof *profiles; f++) {
        const ojd_profile *format = profiles[f] ? ojd_profile_find(profiles[f]) : NULL;
        if (profiles[f])
            assert_non_null(format);
        for (int size = 0; size < 2; size++) {
            const char *base = size ? base16 : base81;
            size_t cells = strlen(base);
            for (size_t p = 0; p < sizeof places / sizeof *places; p++) {
                if ((size_t)places[p] >= cells)
                    continue;
                for (int byte = 1; byte < 256; byte++) {
                    if (byte == '\n' || byte == '\r')
                        continue;
                    snprintf(line[0], sizeof line[0], "%s", base);
                    snprintf(line[1], sizeof line[1], "%s", base);
                    line[1][places[p]] = (char)byte;
                    const char *const lines[] = {base, line[1], base, "", line[1], base,
                                                 "Grid 07", base, line[1], line[0]};
                    int count = byte % 3 ? 10 : 3; /* some streams without the blank line */
                    size_t n0 = join_lines(stream[0], sizeof stream[0], lines, count, " \n");
                    size_t n1 = join_lines(stream[1], sizeof stream[1], lines, count, "\n");
                    size_t n2 = join_lines(stream[2], sizeof stream[2], lines, count, "\r\n");
                    transcript(stream[0], n0, format, got[0], sizeof got[0]);
                    transcript(stream[1], n1, format, got[1], sizeof got[1]);
                    transcript(stream[2], n2, format, got[2], sizeof got[2]);
                    if (strcmp(got[0], got[1]) != 0 || strcmp(got[0], got[2]) != 0)
                        fail_msg("profile %s, %zu cells, byte 0x%02x at %d:\n%s\n--- LF:\n%s\n"
                                 "--- CRLF:\n%s", profiles[f] ? profiles[f] : "mirror", cells,
                                 byte, places[p], got[0], got[1], got[2]);
                }
            }
        }
    }
}

/*
 * HDU 4069's walls: puzzles with random region maps written as the judge's input (the writer)
 * read back with the same cells and regions; a wall seen from one side only, and walls that
 * close the wrong regions, are one diagnostic for their case and the batch goes on.
 */
static void test_walls(void **state)
{
    (void)state;
    const ojd_profile *hdu = ojd_profile_find("hdu4069");
    assert_non_null(hdu);
    ojd_board boards[3];
    ojd_rng rng;
    ojd_rng_seed(&rng, 4069);
    for (int k = 0; k < 3; k++) {
        uint8_t map[81];
        assert_int_equal(ojd_board_init_side(&boards[k], 9), OJD_OK);
        assert_int_equal(ojd_regions_random(9, &rng, map), OJD_OK);
        assert_int_equal(ojd_board_set_regions(&boards[k], map, NULL), OJD_OK);
        for (int i = 0; i < 81; i += 7)
            boards[k].cell[i] = (uint8_t)(1 + (i + k) % 9);
    }
    char *text = NULL;
    size_t size = 0;
    FILE *f = open_memstream(&text, &size);
    assert_non_null(f);
    assert_int_equal(ojd_write_puzzles(f, hdu, boards, 3), OJD_OK);
    fclose(f);
    ojd_reader *r = ojd_reader_new_mem(text, size, "t", hdu);
    assert_non_null(r);
    ojd_puzzle pz;
    ojd_error err;
    for (int k = 0; k < 3; k++) {
        assert_int_equal(ojd_reader_next(r, &pz, &err), OJD_OK);
        assert_true(ojd_board_same_units(&pz.board, &boards[k]));
        assert_memory_equal(pz.board.cell, boards[k].cell, 81);
    }
    assert_int_equal(ojd_reader_next(r, &pz, &err), OJD_END);
    ojd_reader_free(r);
    free(text);

    /* the classic boxes as walls; then a wall seen from one side; then walls that close the
     * whole grid into one region; then a good case again */
    static const char *const boxes[9] = {
        "144 16 48 144 16 48 144 16 48",   "128 0 32 128 0 32 128 0 32",
        "192 64 96 192 64 96 192 64 96",   "144 16 48 144 16 48 144 16 48",
        "128 0 32 128 0 32 128 0 32",      "192 64 96 192 64 96 192 64 96",
        "144 16 48 144 16 48 144 16 48",   "128 0 32 128 0 32 128 0 32",
        "192 64 96 192 64 96 192 64 96"};
    char input[4096] = "4\n";
    for (int c = 0; c < 4; c++) {
        for (int row = 0; row < 9; row++) {
            char line[64];
            snprintf(line, sizeof line, "%s", boxes[row]);
            if (c == 1 && row == 4)
                memcpy(line, "160", 3); /* 128 + 32: a right wall its neighbour (0) lacks */
            if (c == 2)
                for (char *p = line; *p; p++) /* no wall inside the grid */
                    if (*p != ' ')
                        *p = '0';
            if (c == 2 && row == 0) /* only the outer walls: one region of 81 cells */
                snprintf(line, sizeof line, "0 0 0 0 0 0 0 0 0");
            strcat(input, line);
            strcat(input, "\n");
        }
        strcat(input, "\n");
    }
    r = ojd_reader_new_mem(input, strlen(input), "t", hdu);
    assert_non_null(r);
    assert_int_equal(ojd_reader_next(r, &pz, &err), OJD_OK);
    assert_int_equal(ojd_board_units(&pz.board), OJD_UNITS_REGIONS);
    for (int i = 0; i < 81; i++) /* the walls of the boxes make the boxes */
        assert_int_equal(ojd_board_region_of(&pz.board, i / 9, i % 9),
                         ojd_board_box_of(&pz.board, i / 9, i % 9));
    assert_int_equal(ojd_reader_next(r, &pz, &err), OJD_ERR_PARSE);
    assert_int_equal(err.line, 16); /* line 1 the count, 2-10 case 1, 11 empty, 12-20 */
    assert_non_null(strstr(err.message, "row 5 column 1: its right wall and the next cell's left "
                                        "wall disagree"));
    assert_int_equal(ojd_reader_next(r, &pz, &err), OJD_ERR_PARSE);
    assert_non_null(strstr(err.message, "region 1 has 81 cells, not 9"));
    assert_int_equal(ojd_reader_next(r, &pz, &err), OJD_OK);
    assert_int_equal(pz.index, 4);
    assert_int_equal(ojd_reader_next(r, &pz, &err), OJD_END);
    ojd_reader_free(r);
}

/*
 * The one-line jigsaw form PUZZLE:REGIONS: read with its region map (any symbols, numbered in
 * the order they first appear), written back with the map in canonical symbols by the line and
 * json profiles, and drawn by the grid profile; maps that are no partition into connected
 * regions of side cells are one diagnostic each, and the batch goes on.
 */
static void test_jigsaw_lines(void **state)
{
    (void)state;
    /* 4x4 as strips: rows 1-2 split in halves left/right would be boxes; here regions are the
     * four rows, then the same map in other symbols, then bad maps */
    const char *text = "1...............:0000111122223333\n"
                       "1...............:xxxxyyyyzzzzwwww\n"
                       "1...............:0000111122223334\n"   /* 5 names */
                       "1...............:0000111122223332\n"   /* region 3 has 5 cells */
                       "1...............:0110100122223333\n"   /* region 1 (0) in pieces */
                       "1...............:00001111\n"           /* short */
                       "1...............:000 1111222 3333\n"   /* a space */
                       "1...............:0000111122223333\n";
    ojd_reader *r = ojd_reader_new_mem(text, strlen(text), "t", NULL);
    assert_non_null(r);
    ojd_puzzle pz, first;
    ojd_error err;
    assert_int_equal(ojd_reader_next(r, &first, &err), OJD_OK);
    assert_int_equal(ojd_board_units(&first.board), OJD_UNITS_REGIONS);
    for (int i = 0; i < 16; i++)
        assert_int_equal(ojd_board_region_of(&first.board, i / 4, i % 4), i / 4);
    assert_int_equal(ojd_reader_next(r, &pz, &err), OJD_OK);
    assert_true(ojd_board_same_units(&pz.board, &first.board));
    static const struct {
        long col;
        const char *message;
    } bad[] = {
        {33, "the region map names more than 4 regions"},
        {18, "region 3 has 5 cells, not 4"},
        {18, "region 1 is not connected"},
        {18, "the region map has 8 symbols; expected 16"},
        {21, "unexpected byte 0x20 in the region map"},
    };
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        assert_int_equal(ojd_reader_next(r, &pz, &err), OJD_ERR_PARSE);
        assert_int_equal(err.line, (long)k + 3);
        assert_int_equal(err.col, bad[k].col);
        if (!strstr(err.message, bad[k].message))
            fail_msg("line %zu: \"%s\" lacks \"%s\"", k + 3, err.message, bad[k].message);
    }
    assert_int_equal(ojd_reader_next(r, &pz, &err), OJD_OK);
    assert_int_equal(pz.index, 8);
    assert_int_equal(ojd_reader_next(r, &pz, &err), OJD_END);
    ojd_reader_free(r);

    /* written back: the solution line keeps the map, in the writer's symbols; json names it */
    ojd_engine *engine = ojd_engine_new(NULL);
    assert_non_null(engine);
    ojd_result res;
    ojd_search count = {.limit = 2};
    assert_int_equal(ojd_engine_solve(engine, &first.board, &count, &res), OJD_MULTIPLE);
    for (int k = 0; k < 3; k++) {
        static const char *const profiles[3] = {"line", "json", "grid"};
        char *out = NULL;
        size_t size = 0;
        FILE *f = open_memstream(&out, &size);
        assert_non_null(f);
        ojd_writer *w = ojd_writer_new(f, ojd_profile_find(profiles[k]), NULL);
        assert_non_null(w);
        ojd_writer_answer(w, &first, OJD_MULTIPLE, &res);
        assert_int_equal(ojd_writer_finish(w), OJD_OK);
        ojd_writer_free(w);
        fclose(f);
        if (k == 0) {
            assert_int_equal(size, 16 + 1 + 16 + 1);
            assert_string_equal(out + 16, ":aaaabbbbccccdddd\n");
            /* read back: the same cells and regions */
            ojd_reader *back = ojd_reader_new_mem(out, size, "back", NULL);
            assert_int_equal(ojd_reader_next(back, &pz, &err), OJD_OK);
            assert_true(ojd_board_solves(&first.board, &pz.board));
            ojd_reader_free(back);
        } else if (k == 1) {
            assert_non_null(strstr(out, ",\"regions\":\"aaaabbbbccccdddd\","));
        } else {
            /* four rows of cells with no '|' (each row is a region), rules of '-' between */
            assert_null(strchr(out, '|'));
            assert_non_null(strstr(out, "\n-------\n"));
        }
        free(out);
    }
    ojd_engine_free(engine);
}

/* Writes the case in profile `name` (a judge input file of one puzzle) into a malloc'd text. */
static char *written(const char *name, const ojd_board *b, size_t *size)
{
    char *out = NULL;
    FILE *f = open_memstream(&out, size);
    assert_non_null(f);
    assert_int_equal(ojd_write_puzzle(f, ojd_profile_find(name), b, 1, 1), OJD_OK);
    fclose(f);
    return out;
}

/* A text read back: its one case, OJD_OK. */
static void read_back(const char *text, size_t size, ojd_puzzle *pz)
{
    ojd_error err;
    ojd_reader *r = ojd_reader_new_mem(text, size, "back", NULL);
    assert_non_null(r);
    ojd_status st = ojd_reader_next(r, pz, &err);
    if (st != OJD_OK)
        fail_msg("%s: %ld:%ld: %s", text, err.line, err.col, err.message);
    assert_int_equal(ojd_reader_next(r, pz + 1, &err), OJD_END);
    ojd_reader_free(r);
}

/* Killer lines, GIVENS:REGIONS:CAGES:SUMS: cages named by any symbols, numbered as they first
 * appear; with boxes (an empty map) or a jigsaw's regions; every mistake at its column. */
static void test_killer_lines(void **state)
{
    (void)state;
    /* a 4x4 whose solution 1234/3412/2143/4321 makes these sums */
    const char *text =
        "................::AABBCDDBCEFFGEHH:3,9,5,5,4,7,4,3\n"
        "................::xxyyzwwyzvuuqvss:3,9,5,5,4,7,4,3\n"
        "................:0000111122223333:AABBCDDBCEFFGEHH:3,9,5,5,4,7,4,3\n"
        "1...............::AA..............:3\n"
        "................::AABBCDDBCEFFGEHH:3,9,5,5,4,7,4\n"
        "................::AABBCDDBCEFFGEHH:3,9,5,5,4,7,4,3,1\n"
        "................::AABBCDDBCEFFGEHH:3,9,5,5,4,7,4,8\n"
        "................::AAAAABBBCCCCDDDD:10,10,10,10\n"
        "................::AABBCDDBCEFFGEH:3,9,5,5,4,7,4,3\n"
        "................::AABBCDDBCEFFGEHHH:3,9,5,5,4,7,4,3\n"
        "................::AABB CDDBCEFFGEH:3,9,5,5,4,7,4,3\n"
        "................::AABBCDDBCEFFGEHH\n"
        "................::AABBCDDBCEFFGEHH:3,9,5,5,4,7,4,3:\n"
        "................::AABBCDDBCEFFGEHH:3,9,x,5,4,7,4,3\n"
        "................::AABBCDDBCEFFGEHH:3,9,,5,4,7,4,3\n"
        "................::................:\n"
        "................::AABBCDDBCEFFGEHH:3,9,5,5,4,7,4,3\n";
    ojd_reader *r = ojd_reader_new_mem(text, strlen(text), "t", NULL);
    assert_non_null(r);
    ojd_puzzle pz, first;
    ojd_error err;
    assert_int_equal(ojd_reader_next(r, &first, &err), OJD_OK);
    assert_int_equal(ojd_board_units(&first.board), OJD_UNITS_KILLER);
    assert_int_equal(ojd_board_cage_count(&first.board), 8);
    static const int sums[8] = {3, 9, 5, 5, 4, 7, 4, 3};
    int cells[4];
    for (int k = 1; k <= 8; k++)
        assert_int_equal(ojd_board_cage_sum(&first.board, k), sums[k - 1]);
    assert_int_equal(ojd_board_cage_cells(&first.board, 2, cells), 3); /* B: 2, 3, 7 */
    assert_int_equal(cells[0], 2);
    assert_int_equal(cells[2], 7);
    assert_int_equal(ojd_board_cage_cells(&first.board, 5, cells), 2); /* E: 9, 13 */
    assert_int_equal(cells[1], 13);
    assert_int_equal(ojd_reader_next(r, &pz, &err), OJD_OK);
    assert_true(ojd_board_same_units(&pz.board, &first.board));
    assert_int_equal(ojd_reader_next(r, &pz, &err), OJD_OK);
    assert_int_equal(ojd_board_units(&pz.board), OJD_UNITS_KILLER | OJD_UNITS_REGIONS);
    assert_int_equal(ojd_board_region_of(&pz.board, 1, 3), 1);
    ojd_puzzle jigsaw = pz;
    assert_int_equal(ojd_reader_next(r, &pz, &err), OJD_OK);
    assert_int_equal(ojd_board_cage_count(&pz.board), 1);
    assert_int_equal(pz.board.cage[2], 0);
    static const struct {
        long col;
        const char *message;
    } bad[] = {
        {49, "7 sums for 8 cages"},
        {52, "more sums than the 8 cages"},
        {50, "cage 'H' has 2 cells: 2 distinct values of 1 to 4 sum to 3 to 7, not 8"},
        {23, "cage 'A' has more than 4 cells"},
        {34, "the cage map has 15 symbols; expected 16"},
        {35, "the cage map has 17 symbols; expected 16"},
        {23, "unexpected byte 0x20 in the cage map"},
        {35, "the cage map wants its sums after a colon"},
        {51, "a killer line has four parts"},
        {40, "unexpected 'x' in the sums"},
        {40, "expected the sum of cage 'C', a number"},
        {19, "the cage map names no cage"},
    };
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        assert_int_equal(ojd_reader_next(r, &pz, &err), OJD_ERR_PARSE);
        assert_int_equal(err.line, (long)k + 5);
        if (err.col != bad[k].col || !strstr(err.message, bad[k].message))
            fail_msg("line %zu: %ld: \"%s\", expected %ld: \"%s\"", k + 5, err.col, err.message,
                     bad[k].col, bad[k].message);
    }
    assert_int_equal(ojd_reader_next(r, &pz, &err), OJD_OK); /* the batch goes on */
    assert_int_equal(pz.index, 17);
    assert_int_equal(ojd_reader_next(r, &pz, &err), OJD_END);
    ojd_reader_free(r);

    /* written in the line, json and grid forms and read back (line, json): the same board */
    const ojd_puzzle *const cases[2] = {&first, &jigsaw};
    for (int c = 0; c < 2; c++) {
        for (int k = 0; k < 2; k++) {
            size_t size;
            ojd_puzzle back[2];
            char *out = written(k ? "json" : "line", &cases[c]->board, &size);
            if (k == 0 && c == 0)
                assert_string_equal(out, "................::AABBCDDBCEFFGEHH:3,9,5,5,4,7,4,3\n");
            if (k == 0 && c == 1)
                assert_string_equal(out, "................:aaaabbbbccccdddd:AABBCDDBCEFFGEHH:"
                                         "3,9,5,5,4,7,4,3\n");
            read_back(out, size, back);
            assert_true(ojd_board_same_units(&back[0].board, &cases[c]->board));
            assert_memory_equal(back[0].board.cell, cases[c]->board.cell, 16);
            free(out);
        }
    }
}

/* json's "cages": every mistake named at its column, the batch going on. */
static void test_killer_json(void **state)
{
    (void)state;
    const char *text =
        "{\"puzzle\":\"................\",\"cages\":[{\"sum\":3,\"cells\":[0,1]},"
        "{\"cells\":[2,3,7],\"sum\":9}]}\n"
        "{\"puzzle\":\"................\",\"cages\":[{\"sum\":3,\"cells\":[0,1]},"
        "{\"sum\":9,\"cells\":[2,1]}]}\n"
        "{\"puzzle\":\"................\",\"cages\":[{\"sum\":3,\"cells\":[0,16]}]}\n"
        "{\"puzzle\":\"................\",\"cages\":[{\"sum\":30,\"cells\":[0,1]}]}\n"
        "{\"puzzle\":\"................\",\"cages\":[{\"sum\":3,\"cells\":[0,0]}]}\n"
        "{\"puzzle\":\"................\",\"cages\":[{\"sum\":3,\"cells\":[0 1]}]}\n"
        "{\"puzzle\":\"................\",\"cages\":[]}\n"
        "{\"puzzle\":\"................\",\"cages\":7}\n"
        "{\"puzzle\":\"................\",\"cages\":[{\"sum\":3,\"cells\":[0,1]}]}\n";
    ojd_reader *r = ojd_reader_new_mem(text, strlen(text), "t", NULL);
    assert_non_null(r);
    ojd_puzzle pz;
    ojd_error err;
    assert_int_equal(ojd_reader_next(r, &pz, &err), OJD_OK);
    assert_int_equal(ojd_board_cage_count(&pz.board), 2);
    assert_int_equal(ojd_board_cage_sum(&pz.board, 2), 9);
    static const struct {
        long col;
        const char *message;
    } bad[] = {
        {83, "cell 1 (row 1 column 2) of cage 2 is in cage 1 too: cages do not overlap"},
        {59, "cell 16 of cage 1 is outside the grid (cells are row-major indices, 0 to 15"},
        {39, "cage 1 has 2 cells: 2 distinct values of 1 to 4 sum to 3 to 7, not 30"},
        {59, "cell 0 (row 1 column 1) of cage 1 is in it twice"},
        {59, "expected ',' or ']' in \"cages\""},
        {38, "\"cages\" holds no cage"},
        {1, "\"cages\" is not an array"},
    };
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        assert_int_equal(ojd_reader_next(r, &pz, &err), OJD_ERR_PARSE);
        assert_int_equal(err.line, (long)k + 2);
        if (err.col != bad[k].col || !strstr(err.message, bad[k].message))
            fail_msg("line %zu: %ld: \"%s\", expected %ld: \"%s\"", k + 2, err.col,
                     err.message, bad[k].col, bad[k].message);
    }
    assert_int_equal(ojd_reader_next(r, &pz, &err), OJD_OK);
    assert_int_equal(ojd_reader_next(r, &pz, &err), OJD_END);
    ojd_reader_free(r);
}

/* Cages past the 87 ASCII symbols take two-byte UTF-8 ones; the most cages there can be, 255,
 * are written and read back. */
static void test_killer_many_cages(void **state)
{
    (void)state;
    ojd_board b;
    ojd_board_init_side(&b, 16);
    int cage[256], sum[255];
    for (int i = 0; i < 256; i++)
        cage[i] = i < 255 ? i + 1 : 0; /* one cage a cell, the last cell in none */
    for (int k = 0; k < 255; k++)
        sum[k] = 1 + k % 16;
    assert_int_equal(ojd_board_set_cages(&b, cage, sum, 255, NULL), OJD_OK);
    size_t size;
    ojd_puzzle back[2];
    char *out = written("line", &b, &size);
    assert_non_null(strstr(out, "~\xc4\x80\xc4\x81")); /* the last ASCII symbol, U+0100, U+0101 */
    read_back(out, size, back);
    assert_true(ojd_board_same_units(&back[0].board, &b));
    free(out);
    /* a 256th symbol is one too many: a map of 87 ASCII symbols and 169 of two bytes, the last
     * at byte 87 + 2 * 168 of the map, which starts at column 259 */
    static const char ascii[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
                                "0123456789!#$%&()*+-/;<=>?@[]^_{|}~";
    char line[1024];
    size_t n = 0;
    memset(line, '.', 256);
    n = 256;
    line[n++] = ':';
    line[n++] = ':';
    memcpy(line + n, ascii, 87);
    n += 87;
    for (unsigned code = 0x100; code < 0x100 + 169; code++) {
        line[n++] = (char)(0xc0 | code >> 6);
        line[n++] = (char)(0x80 | (code & 0x3f));
    }
    memcpy(line + n, ":1\n", 3);
    n += 3;
    ojd_error err;
    ojd_puzzle pz;
    ojd_reader *r = ojd_reader_new_mem(line, n, "t", NULL);
    assert_non_null(r);
    assert_int_equal(ojd_reader_next(r, &pz, &err), OJD_ERR_PARSE);
    assert_int_equal(err.col, 259 + 87 + 2 * 168);
    assert_string_equal(err.message, "the cage map names more than 255 cages");
    ojd_reader_free(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_grammars_are_detected),
        cmocka_unit_test(test_count_line_and_separators),
        cmocka_unit_test(test_size_prefix_uva989),
        cmocka_unit_test(test_count_line_then_size_prefix),
        cmocka_unit_test(test_values_outside_the_alphabet),
        cmocka_unit_test(test_letters_16x16_and_lines),
        cmocka_unit_test(test_quirks_bom_crlf_tabs_headers),
        cmocka_unit_test(test_leetcode_literal),
        cmocka_unit_test(test_diagnostics_and_recovery),
        cmocka_unit_test(test_end_terminator),
        cmocka_unit_test(test_puzzle_parse_and_long_line),
        cmocka_unit_test(test_every_case_has_one_outcome),
        cmocka_unit_test(test_framed_grids),
        cmocka_unit_test(test_framed_packed_rows),
        cmocka_unit_test(test_dash_lines_that_are_no_rules),
        cmocka_unit_test(test_fast_line_path_reads_as_the_general_path),
        cmocka_unit_test(test_walls),
        cmocka_unit_test(test_jigsaw_lines),
        cmocka_unit_test(test_killer_lines),
        cmocka_unit_test(test_killer_many_cages),
        cmocka_unit_test(test_killer_json),
    };
    return cmocka_run_group_tests_name("reader", tests, NULL, NULL);
}
