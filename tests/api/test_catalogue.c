/*
 * test_catalogue.c -- the catalogue of judge problems through the public API alone (issue #27):
 * ids and aliases, the nearest id for a mistyped one, each problem's task, title, address and
 * rules, and the tasks beyond solving as the engine and the writer carry them out (validity:
 * no search; count: every solution counted, the grid when there is one).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ojdoku.h"

/* Every id and alias is the judge's short name and the problem's number or code, lower case,
 * letters and digits only, and names one problem. */
static void test_ids_and_aliases(void **state)
{
    (void)state;
    const char *seen[256];
    int n = 0;
    for (const ojd_profile *const *f = ojd_profile_list(); *f; f++) {
        for (int k = -1; k < 0 || ojd_profile_alias(*f, k); k++) {
            const char *id = k < 0 ? ojd_profile_name(*f) : ojd_profile_alias(*f, k);
            assert_true(*id);
            for (const char *c = id; *c; c++)
                assert_true(islower((unsigned char)*c) || isdigit((unsigned char)*c));
            for (int j = 0; j < n; j++)
                assert_string_not_equal(seen[j], id);
            assert_true(n < 256);
            seen[n++] = id;
            assert_ptr_equal(ojd_profile_find(id), *f); /* an alias opens its problem */
        }
    }
    assert_true(n >= 44);
    /* the same statement on other judges (the list) */
    static const char *const same[][2] = {
        {"acwing166", "poj3074"}, {"luogu10482", "poj3074"}, {"luogu10481", "poj2676"},
        {"uva1309", "poj3076"},   {"zoj3122", "poj3076"},    {"acwing169", "poj3076"},
        {"boj7517", "poj2918"},   {"uva12988", "hdu5547"},   {"spojbrsudoime", "beecrowd1383"},
        {"luogu1784", "boj2580"}, {"jdoj1520", "boj2580"},   {"leetcode37", "leetcode"},
    };
    for (size_t i = 0; i < sizeof same / sizeof same[0]; i++)
        assert_string_equal(ojd_profile_name(ojd_profile_find(same[i][0])), same[i][1]);
    /* ids as judges write them: any case, spaces and dashes, Luogu's P-numbers */
    assert_ptr_equal(ojd_profile_find("POJ3074"), ojd_profile_find("poj3074"));
    assert_ptr_equal(ojd_profile_find("AcWing 166"), ojd_profile_find("poj3074"));
    assert_ptr_equal(ojd_profile_find("P1784"), ojd_profile_find("boj2580"));
    assert_null(ojd_profile_find("POJ 30 74 1"));
    assert_null(ojd_profile_find(NULL));
    assert_null(ojd_profile_alias(ojd_profile_find("poj3074"), 2));
    assert_null(ojd_profile_alias(ojd_profile_find("poj3074"), -1));
}

static void test_nearest(void **state)
{
    (void)state;
    assert_string_equal(ojd_profile_nearest("poj267"), "poj2676");
    assert_string_equal(ojd_profile_nearest("hdu554"), "hdu5547");
    assert_string_equal(ojd_profile_nearest("acwing16"), "acwing166");
    assert_string_equal(ojd_profile_nearest("leetcod36"), "leetcode36");
    /* two neighbours swapped are one slip, not two: near enough in a short name too */
    assert_string_equal(ojd_profile_nearest("lnie"), "line");
    assert_string_equal(ojd_profile_nearest("hud1426"), "hdu1426");
    assert_null(ojd_profile_nearest("lien2"));
    assert_null(ojd_profile_nearest("qqqqqqqqqq"));
    assert_null(ojd_profile_nearest(""));
    assert_null(ojd_profile_nearest(NULL));
    char long_name[200];
    memset(long_name, 'a', sizeof long_name - 1);
    long_name[sizeof long_name - 1] = '\0';
    assert_null(ojd_profile_nearest(long_name));
}

/* The profile a puzzle's input is written for, as the reader met it without a format: the first
 * judge whose grammar reads it, the blank symbol telling apart judges of one grammar; never
 * line, grid or json, which read anything. */
static void test_detect(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        const char *profile;
    } cases[] = {
        /* spaced rows, '?' blanks: HDU 1426 */
        {"7 1 2 ? 6 ? 3 5 8\n? 6 5 2 ? 7 1 ? 4\n? ? 8 5 1 3 6 7 2\n9 2 4 ? 5 6 ? 3 7\n"
         "5 ? 6 ? ? ? 2 4 1\n1 ? 3 7 2 ? 9 ? 5\n? ? 1 9 7 5 4 8 6\n6 ? 7 8 3 ? 5 1 9\n"
         "8 5 9 ? 4 ? ? 2 3\n", "hdu1426"},
        /* a count line and packed rows, '0' blanks: POJ 2676 */
        {"1\n103000509\n002109400\n000704000\n300502006\n060000050\n700803004\n"
         "000401000\n009205800\n804000107\n", "poj2676"},
        /* one line of 81, '.' blanks: POJ 3074 */
        {".2738..1..1...6735.......293.5692.8...........6.1745.364.......9518...7..8..6534.\n",
         "poj3074"},
        /* a board literal: LeetCode */
        {"[[\"5\",\"3\",\".\",\".\",\"7\",\".\",\".\",\".\",\".\"],"
         "[\"6\",\".\",\".\",\"1\",\"9\",\"5\",\".\",\".\",\".\"],"
         "[\".\",\"9\",\"8\",\".\",\".\",\".\",\".\",\"6\",\".\"],"
         "[\"8\",\".\",\".\",\".\",\"6\",\".\",\".\",\".\",\"3\"],"
         "[\"4\",\".\",\".\",\"8\",\".\",\"3\",\".\",\".\",\"1\"],"
         "[\"7\",\".\",\".\",\".\",\"2\",\".\",\".\",\".\",\"6\"],"
         "[\".\",\"6\",\".\",\".\",\".\",\".\",\"2\",\"8\",\".\"],"
         "[\".\",\".\",\".\",\"4\",\"1\",\"9\",\".\",\".\",\"5\"],"
         "[\".\",\".\",\".\",\".\",\"8\",\".\",\".\",\"7\",\"9\"]]\n", "leetcode"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        ojd_puzzle p;
        assert_int_equal(ojd_puzzle_parse(cases[i].text, &p, NULL), OJD_OK);
        const ojd_profile *f = ojd_profile_detect(&p);
        if (!f)
            fail_msg("case %zu: no profile, want %s", i, cases[i].profile);
        assert_string_equal(ojd_profile_name(f), cases[i].profile);
    }
    assert_null(ojd_profile_detect(NULL));
    /* a 6x6 grid is no judge's input */
    ojd_puzzle six;
    assert_int_equal(ojd_puzzle_parse("1 2 3 4 5 6\n4 5 6 1 2 3\n2 3 1 5 6 4\n"
                                      "5 6 4 2 3 1\n3 1 2 6 4 5\n6 4 5 3 1 2\n", &six, NULL),
                     OJD_OK);
    assert_null(ojd_profile_detect(&six));
}

static void test_tasks_titles_rules(void **state)
{
    (void)state;
    struct {
        const char *id, *task;
    } want[] = {
        {"poj3074", "solve"},       {"uva989", "smallest"},     {"boj2239", "smallest"},
        {"ecnu1021", "smallest"},   {"spojnovice42", "smallest"}, {"kattis", "unique"},
        {"uva10957", "classify"},   {"abc327c", "validity"},    {"leetcode36", "validity"},
        {"beecrowd1383", "validity"}, {"spojsudogob", "count"}, {"mimuw7", "count"},
        {"euler96", "sum"},
    };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
        assert_string_equal(ojd_profile_task_name(ojd_profile_find(want[i].id)), want[i].task);
    assert_string_equal(ojd_task_name(OJD_TASK_COUNT_), "?");
    assert_string_equal(ojd_task_name((ojd_task)-1), "?");
    assert_int_equal(ojd_profile_task(NULL), OJD_TASK_SOLVE);
    char rules[2048];
    for (const ojd_profile *const *f = ojd_profile_list(); *f; f++) {
        bool judge = ojd_profile_grammar(*f) != OJD_GRAMMAR_AUTO;
        /* every judge's problem names its title and where its statement was read */
        assert_true(!judge || *ojd_profile_title(*f));
        assert_true(!judge || strncmp(ojd_profile_url(*f), "http", 4) == 0);
        size_t len = ojd_profile_rules(*f, rules, sizeof rules);
        assert_true(len > 0 && len < sizeof rules);
        assert_int_equal(strlen(rules), len);
        assert_true(strncmp(rules, "input:  ", 8) == 0);
        assert_non_null(strstr(rules, "\noutput: "));
        /* and every profile states its bounds and how its judge compares */
        assert_non_null(strstr(rules, "\nbounds: "));
        assert_non_null(strstr(rules, "\njudged: "));
        assert_int_equal(rules[len - 1], '\n');
    }
    /* the rules say what the fields say */
    ojd_profile_rules(ojd_profile_find("hdu2780"), rules, sizeof rules);
    assert_non_null(strstr(rules, "exactly 5 blanks"));
    assert_non_null(strstr(rules, "\"Could not complete this grid.\""));
    ojd_profile_rules(ojd_profile_find("abc327c"), rules, sizeof rules);
    assert_non_null(strstr(rules, "complete grids, no blank"));
    ojd_profile_rules(ojd_profile_find("hdu5547"), rules, sizeof rules);
    assert_non_null(strstr(rules, "4x4"));
    assert_non_null(strstr(rules, "'*' for a blank"));
    assert_non_null(strstr(rules, "\"Case #{case}:\""));
    /* cut short, still terminated, and the whole length told */
    char tiny[10];
    size_t whole = ojd_profile_rules(ojd_profile_find("poj2676"), tiny, sizeof tiny);
    assert_true(whole > sizeof tiny);
    assert_int_equal(strlen(tiny), sizeof tiny - 1);
    assert_int_equal(ojd_profile_rules(NULL, tiny, sizeof tiny), 0);
}

/* Solves text under a profile and returns what the writer wrote; *answered says whether every
 * case counted as answered. */
static char *run(const char *profile, const char *input, bool *answered)
{
    const ojd_profile *f = ojd_profile_find(profile);
    assert_non_null(f);
    ojd_reader *r = ojd_reader_new_mem(input, strlen(input), "<test>", f);
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    ojd_writer *w = ojd_writer_new(out, f, NULL);
    ojd_engine *e = ojd_engine_new(NULL);
    assert_non_null(r);
    assert_non_null(w);
    assert_non_null(e);
    ojd_search search = {0};
    ojd_profile_search(f, 0, &search);
    ojd_puzzle pz;
    ojd_error err;
    ojd_result res;
    *answered = true;
    ojd_status st;
    while ((st = ojd_reader_next(r, &pz, &err)) == OJD_OK) {
        ojd_status s = ojd_engine_solve(e, &pz.board, &search, &res);
        *answered &= ojd_profile_answered(f, s, 0);
        assert_int_equal(ojd_writer_answer(w, &pz, s, &res), OJD_OK);
    }
    assert_int_equal(st, OJD_END);
    assert_int_equal(ojd_writer_finish(w), OJD_OK);
    ojd_writer_free(w);
    ojd_engine_free(e);
    ojd_reader_free(r);
    fclose(out);
    return text;
}

/* A solved grid (checked by the tests that use it: one blank gives back this grid). */
#define SOLVED                                                                                  \
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179"

static void test_validity_does_not_search(void **state)
{
    (void)state;
    bool answered;
    /* an empty board has a world of solutions: valid */
    char *text;
    char board[400] = "[";
    for (int r = 0; r < 9; r++) {
        strcat(board, r ? ",[" : "[");
        for (int c = 0; c < 9; c++)
            strcat(board, c ? ",\".\"" : "\".\"");
        strcat(board, "]");
    }
    strcat(board, "]\n");
    text = run("leetcode36", board, &answered);
    assert_string_equal(text, "true\n");
    assert_true(answered);
    free(text);
    /* two 5s in the first row: false, not answered (the board is bad), whatever else */
    board[3] = '5'; /* the first two cells of the first row */
    board[7] = '5';
    text = run("leetcode36", board, &answered);
    assert_string_equal(text, "false\n");
    assert_false(answered);
    free(text);
    /* the engine itself: no search, no solution */
    ojd_board b;
    ojd_board_init_side(&b, 9);
    b.cell[0] = 1;
    b.cell[10] = 2; /* 1 at r1c1, 2 at r2c2: no repeat */
    ojd_engine *e = ojd_engine_new(NULL);
    ojd_result res = {.solutions = 7, .nodes = 7};
    ojd_search s = {.method = OJD_METHOD_GIVENS};
    assert_int_equal(ojd_engine_solve(e, &b, &s, &res), OJD_OK);
    assert_int_equal(res.solutions, 0);
    assert_int_equal(res.nodes, 0);
    b.cell[1] = 1;
    assert_int_equal(ojd_engine_solve(e, &b, &s, &res), OJD_CONFLICT);
    /* a verdict on a complete grid: a blank is outside the statement, a repeat is "No" */
    ojd_search complete = {.method = OJD_METHOD_COMPLETE};
    ojd_board grid;
    ojd_board_init_side(&grid, 9);
    for (int r = 0; r < 9; r++)
        for (int c = 0; c < 9; c++)
            grid.cell[r * 9 + c] = (uint8_t)((r * 3 + r / 3 + c) % 9 + 1);
    assert_int_equal(ojd_engine_solve(e, &grid, &complete, &res), OJD_OK);
    assert_int_equal(res.solutions, 0);
    grid.cell[40] = 0;
    assert_int_equal(ojd_engine_solve(e, &grid, &complete, &res), OJD_ERR_INVALID);
    grid.cell[41] = grid.cell[42];
    assert_int_equal(ojd_engine_solve(e, &grid, &complete, &res), OJD_CONFLICT);
    /* a cell outside the alphabet (a reader under `values`): "No" for both validity methods,
     * but a blank of a complete grid, or another value above side, is still the caller's */
    grid.cell[41] = (uint8_t)((4 * 3 + 4 / 3 + 5) % 9 + 1);
    grid.cell[40] = (uint8_t)((4 * 3 + 4 / 3 + 4) % 9 + 1);
    assert_int_equal(ojd_engine_solve(e, &grid, &complete, &res), OJD_OK);
    grid.cell[80] = OJD_CELL_OUTSIDE;
    assert_int_equal(ojd_engine_solve(e, &grid, &complete, &res), OJD_CONFLICT);
    assert_int_equal(ojd_engine_solve(e, &grid, &s, &res), OJD_CONFLICT);
    ojd_search search = {.limit = 1};
    assert_int_equal(ojd_engine_solve(e, &grid, &search, &res), OJD_ERR_INVALID);
    grid.cell[0] = 0;
    assert_int_equal(ojd_engine_solve(e, &grid, &complete, &res), OJD_ERR_INVALID);
    assert_int_equal(ojd_engine_solve(e, &grid, &s, &res), OJD_CONFLICT);
    grid.cell[0] = 10;
    assert_int_equal(ojd_engine_solve(e, &grid, &s, &res), OJD_ERR_INVALID);
    ojd_engine_free(e);
}

/* 81 cells as 9 rows of 9 characters, each ended by a newline, into dst (>= 91 bytes). */
static void rows_of(char *dst, const char *cells)
{
    for (int r = 0; r < 9; r++) {
        memcpy(dst + 10 * r, cells + 9 * r, 9);
        dst[10 * r + 9] = '\n';
    }
    dst[90] = '\0';
}

static void test_count_task(void **state)
{
    (void)state;
    bool answered;
    char grid[200];
    /* the solved grid with one cell blanked: one solution, the grid */
    char in[400], want[400];
    snprintf(grid, sizeof grid, "%s", SOLVED);
    grid[0] = '0';
    rows_of(in, grid);
    char *text = run("mimuw7", in, &answered);
    rows_of(want, SOLVED);
    assert_string_equal(text, want);
    assert_true(answered);
    free(text);
    /* the last three rows blank: several solutions */
    snprintf(grid, sizeof grid, "%s", SOLVED);
    memset(grid + 63, '0', 18);
    rows_of(in, grid);
    /* the count, told by another solver */
    ojd_puzzle pz;
    ojd_error err;
    assert_int_equal(ojd_puzzle_parse(in, &pz, &err), OJD_OK);
    ojd_engine *e = ojd_engine_new(ojd_solver_find("dlx"));
    ojd_result res;
    ojd_search all = {.limit = 1000000};
    assert_true(ojd_engine_solve(e, &pz.board, &all, &res) == OJD_MULTIPLE);
    unsigned long count = res.solutions;
    ojd_engine_free(e);
    assert_true(count > 1);
    text = run("mimuw7", in, &answered);
    snprintf(want, sizeof want, "Liczba rozwiazan: %lu\n", count);
    assert_string_equal(text, want);
    assert_true(answered); /* a count answers every decided case */
    free(text);
    /* SUDOGOB: the count line, then the grid only for one solution; a conflict counts 0 */
    char gob[600] = "2\n";
    for (int r = 0; r < 9; r++) {
        for (int c = 0; c < 9; c++) {
            char cell[3] = {grid[9 * r + c], c < 8 ? ' ' : '\n', '\0'};
            strcat(gob, cell);
        }
    }
    strcat(gob, "\n");
    for (int r = 0; r < 9; r++)
        strcat(gob, r == 0 ? "1 1 0 0 0 0 0 0 0\n" : "0 0 0 0 0 0 0 0 0\n");
    text = run("spojsudogob", gob, &answered);
    snprintf(want, sizeof want, "%lu\n0\n", count);
    assert_string_equal(text, want);
    free(text);
}

/* A count at the cap is no count (the empty grid is a diagnostic, not a number): the search
 * goes one past it; a validity task does not search. */
static void test_count_cap(void **state)
{
    (void)state;
    const ojd_profile *f = ojd_profile_find("mimuw7");
    ojd_search s = {0};
    ojd_profile_search(f, 0, &s);
    assert_true(s.limit > 1000000); /* one past the cap: exactly the cap is still a count */
    assert_int_equal(s.method, OJD_METHOD_SEARCH);
    ojd_profile_search(ojd_profile_find("abc327c"), 0, &s);
    assert_int_equal(s.method, OJD_METHOD_COMPLETE);
    ojd_profile_search(ojd_profile_find("leetcode36"), 0, &s);
    assert_int_equal(s.method, OJD_METHOD_GIVENS);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ids_and_aliases),
        cmocka_unit_test(test_nearest),
        cmocka_unit_test(test_detect),
        cmocka_unit_test(test_tasks_titles_rules),
        cmocka_unit_test(test_validity_does_not_search),
        cmocka_unit_test(test_count_task),
        cmocka_unit_test(test_count_cap),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
