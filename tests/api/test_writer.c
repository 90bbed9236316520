/* test_writer.c -- every profile's framing, words and verdicts; judge input files round-trip. */
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

/* Killer cages on puzzle (units kept, the cells not looked at), made from solution: each row
 * cut into dominoes (a last single cell on odd sides), each cage's sum its solution's values' sum;
 * so solution still solves puzzle.  The solution gets the same cages. */
static void give_cages(ojd_board *puzzle, ojd_board *solution)
{
    int n = puzzle->side, cage[OJD_MAX_CELLS], sum[OJD_MAX_CAGES] = {0}, count = 0;
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) {
            if (c % 2 == 0)
                count++;
            cage[r * n + c] = count;
            sum[count - 1] += solution->cell[r * n + c];
        }
    assert_true(count <= OJD_MAX_CAGES);
    assert_int_equal(ojd_board_set_cages(puzzle, cage, sum, count, NULL), OJD_OK);
    ojd_board_copy_units(solution, puzzle);
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
    ojd_writer *w = ojd_writer_new(s.f, ojd_profile_find(format), NULL);
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

/* ojd_writer_listed(): a task-all profile's solutions one by one (header once, a separator
 * after each, the tally after the last); ojd_writer_answer() writes one solution whole, none
 * as the word, and refuses several (listed) and more than the task lists (OJD_LIMIT). */
static void test_listed_solutions(void **state)
{
    (void)state;
    static const char text[] = "id = listing\ntask = all\nstyle = packed\nheader = Case {case}\n"
                               "framing = after\noutput-separator = dashes\n"
                               "tally = {count} in all\nword-unsolvable = none\n";
    ojd_profile *f = ojd_profile_parse(text, sizeof text - 1, NULL, NULL);
    assert_non_null(f);
    sink s;
    sink_open(&s);
    ojd_writer *w = ojd_writer_new(s.f, f, NULL);
    assert_non_null(w);
    ojd_puzzle p;
    puzzle_of(&p, 4, 1);
    ojd_board a, b;
    solved(&a, 4);
    b = a; /* another grid: the listing takes what it is given */
    assert_int_equal(ojd_writer_listed(w, &p, &a, 0, 2), OJD_ERR_INVALID);
    assert_int_equal(ojd_writer_listed(w, &p, &a, 3, 2), OJD_ERR_INVALID);
    assert_int_equal(ojd_writer_listed(w, &p, &a, 1, 2), OJD_OK);
    assert_int_equal(ojd_writer_listed(w, &p, &b, 2, 2), OJD_OK);
    ojd_result res = {.solution = a, .solutions = 2};
    assert_int_equal(ojd_writer_answer(w, &p, OJD_MULTIPLE, &res), OJD_ERR_USAGE);
    res.solutions = 10001;
    assert_int_equal(ojd_writer_answer(w, &p, OJD_MULTIPLE, &res), OJD_LIMIT);
    assert_int_equal(ojd_writer_listed(w, &p, &a, 1, 10001), OJD_LIMIT);
    p.index = 2;
    res.solutions = 1;
    assert_int_equal(ojd_writer_answer(w, &p, OJD_OK, &res), OJD_OK);
    p.index = 3;
    res.solutions = 0;
    assert_int_equal(ojd_writer_answer(w, &p, OJD_UNSOLVABLE, &res), OJD_OK);
    assert_int_equal(ojd_writer_finish(w), OJD_OK);
    ojd_writer_free(w);
    sink_close(&s);
    char grid[64], want[512];
    grid_text(grid, 4, false, false);
    snprintf(want, sizeof want, "Case 1\n%s---\n%s---\n2 in all\nCase 2\n%s---\n1 in all\n"
             "Case 3\nnone\n", grid, grid, grid);
    assert_string_equal(s.text, want);
    free(s.text);
    /* a profile of another task lists nothing */
    sink_open(&s);
    w = ojd_writer_new(s.f, ojd_profile_find("poj2676"), NULL);
    assert_int_equal(ojd_writer_listed(w, &p, &a, 1, 2), OJD_ERR_USAGE);
    ojd_writer_free(w);
    sink_close(&s);
    free(s.text);
    ojd_profile_free(f);
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
        ojd_writer *w = ojd_writer_new(s.f, ojd_profile_find(cases[i].format), NULL);
        ojd_puzzle p;
        ojd_result res = {.solutions = cases[i].status == OJD_MULTIPLE ? 2
                                                                       : cases[i].status == OJD_OK};
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

/* Several solutions where the profile has no word for them (any solution is right; the search
 * looks past the first only for --count or --all): the solution found, as a grid, then the count
 * when counting. */
static void test_several_solutions_without_a_word(void **state)
{
    (void)state;
    static const struct {
        const char *format;
        bool spaced;
    } cases[] = {{"poj2676", false}, {"hdu3111", false}, {"uva989", true}, {NULL, true}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        for (unsigned long cap = 0; cap <= 3; cap += 3) {
            sink s;
            sink_open(&s);
            ojd_writer_options opt = {.count_cap = cap};
            ojd_writer *w = ojd_writer_new(s.f, ojd_profile_find(cases[i].format), &opt);
            ojd_puzzle p;
            puzzle_of(&p, 9, 1);
            p.layout.grammar = OJD_GRAMMAR_SPACED; /* what the mirror (NULL) writes */
            ojd_result res = {.solutions = 2};
            solved(&res.solution, 9);
            assert_int_equal(ojd_writer_answer(w, &p, OJD_MULTIPLE, &res), OJD_OK);
            ojd_writer_free(w);
            sink_close(&s);
            char want[400];
            grid_text(want, 9, cases[i].spaced, false);
            if (cap)
                strcat(want, "count 2\n");
            print_message("%s count_cap %lu\n", cases[i].format ? cases[i].format : "mirror",
                          cap);
            assert_string_equal(s.text, want);
            free(s.text);
        }
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
    ojd_writer *w = ojd_writer_new(s.f, ojd_profile_find("line"), &opt);
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

/* --count=N reports one number in every profile that prints a count: the solutions found,
 * never more than N, even where the profile searched past N (json and the verdict profiles look
 * for a second solution to tell solved from multiple, so with N = 1 they find 2). */
static unsigned long printed_count(const char *format, const char *text)
{
    const char *p;
    if (strcmp(format, "json") == 0)
        p = strstr(text, "\"solutions\":"), p = p ? p + strlen("\"solutions\":") : NULL;
    else if (strcmp(format, "line") == 0)
        p = strchr(text, ':'), p = p ? p + 1 : NULL;
    else
        p = strstr(text, "count "), p = p ? p + strlen("count ") : NULL;
    assert_non_null(p);
    return strtoul(p, NULL, 10);
}

static void test_count_is_one_rule_in_every_profile(void **state)
{
    (void)state;
    static const char *const formats[] = {"json", "line", "grid", "leetcode", "poj2676"};
    for (size_t f = 0; f < sizeof formats / sizeof *formats; f++)
        for (unsigned long cap = 1; cap <= 3; cap++)
            for (unsigned long found = 1; found <= 4; found++) {
                sink s;
                sink_open(&s);
                ojd_writer_options opt = {.count_cap = cap};
                ojd_writer *w = ojd_writer_new(s.f, ojd_profile_find(formats[f]), &opt);
                ojd_puzzle p;
                ojd_result res = {.solutions = found};
                puzzle_of(&p, 4, 1);
                solved(&res.solution, 4);
                assert_int_equal(ojd_writer_answer(w, &p, found > 1 ? OJD_MULTIPLE : OJD_OK, &res),
                                 OJD_OK);
                ojd_writer_free(w);
                sink_close(&s);
                unsigned long want = found < cap ? found : cap;
                print_message("%s --count=%lu, %lu found: %s", formats[f], cap, found, s.text);
                assert_int_equal(printed_count(formats[f], s.text), want);
                free(s.text);
            }
}

/* Everything the writer prints about a case comes from the case: a result that holds another
 * case's grid (a conflict has no solution, so the engine leaves the solution board alone) must
 * not change the alphabet.  With -j, result records are reused across cases of any size. */
static void test_answer_takes_nothing_from_a_stale_result(void **state)
{
    (void)state;
    const char *profiles[] = {"line", NULL};
    for (int k = 0; k < 2; k++) {
        sink s;
        sink_open(&s);
        ojd_writer_options opt = {.count_cap = 2};
        ojd_writer *w = ojd_writer_new(s.f, profiles[k] ? ojd_profile_find(profiles[k]) : NULL,
                                       &opt);
        ojd_puzzle p;
        puzzle_of(&p, 9, 1);
        p.layout.grammar = OJD_GRAMMAR_LINE;
        p.board.cell[0] = p.board.cell[1] = 1; /* givens that repeat 1 in row 1 */
        ojd_result stale = {.solutions = 0};
        solved(&stale.solution, 16);           /* left over from a 16x16 case */
        assert_int_equal(ojd_writer_answer(w, &p, OJD_CONFLICT, &stale), OJD_OK);
        ojd_writer_free(w);
        sink_close(&s);
        assert_non_null(s.text);
        assert_int_equal(strncmp(s.text, "11", 2), 0);
        for (const char *q = s.text; *q; q++)
            assert_false(isalpha((unsigned char)*q));
        free(s.text);
    }
}

/* The text a writer for `format` (NULL: none) prints for n known solutions, finished. */
static char *solutions_text(const ojd_profile *format, const ojd_writer_options *opt,
                            const ojd_board *puzzles, const ojd_board *solutions, size_t n)
{
    sink s;
    sink_open(&s);
    ojd_writer *w = ojd_writer_new(s.f, format, opt);
    assert_non_null(w);
    for (size_t i = 0; i < n; i++)
        assert_int_equal(ojd_writer_solution(w, i + 1, &puzzles[i], &solutions[i]), OJD_OK);
    assert_int_equal(ojd_writer_finish(w), OJD_OK);
    ojd_writer_free(w);
    sink_close(&s);
    return s.text;
}

/* Generated puzzles written as a judge's input file, their solutions written with
 * ojd_writer_solution() in the same profile: the checker, strict, takes them as a right and
 * byte-exact answer, in every profile it judges and in the mirror (where the input is one
 * puzzle per line, so the answers must be too). */
static void test_solutions_pass_the_checker(void **state)
{
    (void)state;
    ojd_generator *gen = ojd_generator_new();
    assert_non_null(gen);
    const ojd_profile *const *list = ojd_profile_list();
    for (size_t k = 0; k == 0 || list[k - 1]; k++) {
        const ojd_profile *f = k == 0 ? NULL : list[k - 1]; /* the mirror first */
        if (f && (ojd_profile_style(f) == OJD_STYLE_JSON || ojd_profile_style(f) == OJD_STYLE_SVG))
            continue; /* no judge's format (a script's, a figure): the checker refuses it */
        ojd_task task = f ? ojd_profile_task(f) : OJD_TASK_SOLVE;
        if (task == OJD_TASK_DEDUCE || task == OJD_TASK_SCORE || task == OJD_TASK_TRANSFORM) {
            /* their answer is not a solution, and the writer says so */
            sink none;
            sink_open(&none);
            ojd_writer *w = ojd_writer_new(none.f, f, NULL);
            ojd_board p, s;
            ojd_rng r;
            ojd_rng_seed(&r, 1);
            ojd_generate_options o = {.side = 9};
            assert_int_equal(ojd_generate(gen, &r, &o, &p, &s, NULL), OJD_OK);
            assert_int_equal(ojd_writer_solution(w, 1, &p, &s), OJD_ERR_USAGE);
            ojd_writer_free(w);
            sink_close(&none);
            assert_int_equal(none.size, 0);
            free(none.text);
            continue;
        }
        ojd_generate_options gopt = {.side = f && ojd_profile_side(f) ? ojd_profile_side(f) : 9,
                                     .grade = OJD_GRADE_ANY, .units = ojd_profile_units(f)};
        ojd_rng rng;
        ojd_rng_seed(&rng, 40 + k);
        ojd_board puzzles[3], solutions[3];
        for (int i = 0; i < 3; i++) {
            assert_int_equal(ojd_generate(gen, &rng, &gopt, &puzzles[i], &solutions[i], NULL),
                             OJD_OK);
            /* a killer profile's puzzles: the generated puzzle with cages its solution makes */
            if (gopt.units & OJD_UNITS_KILLER)
                give_cages(&puzzles[i], &solutions[i]);
        }
        /* a verdict on complete grids (ABC 327 C) reads grids without a blank: the solutions */
        const ojd_board *inputs = f && ojd_profile_blanks(f) == OJD_NO_BLANKS ? solutions : puzzles;
        sink in;
        sink_open(&in);
        assert_int_equal(ojd_write_puzzles(in.f, f, inputs, 3), OJD_OK);
        sink_close(&in);
        char *out = solutions_text(f, NULL, inputs, solutions, 3);
        ojd_check_options copt = {.format = f, .strict = true};
        ojd_check_report rep = {.size = sizeof rep};
        ojd_verdict v = ojd_check(in.text, in.size, out, strlen(out), NULL, 0, &copt, &rep);
        print_message("%s: %s\n", f ? ojd_profile_name(f) : "mirror", rep.message);
        assert_int_equal(v, OJD_VERDICT_OK);
        assert_true(rep.byte_exact);
        assert_int_equal(rep.cases, 3);
        free(in.text);
        free(out);
    }
    ojd_generator_free(gen);
}

/* What a solution is written as where the profile prints the puzzle too, and in the mirror. */
static void test_solution_beside_its_puzzle(void **state)
{
    (void)state;
    ojd_puzzle p;
    ojd_board solution;
    puzzle_of(&p, 16, 1);
    solved(&solution, 16);
    char cells[300], puzzle[300];
    for (int i = 0; i < 256; i++) {
        cells[i] = (char)('A' + solution.cell[i] - 1);
        puzzle[i] = p.board.cell[i] ? cells[i] : '.'; /* the line profile's blank */
    }
    cells[256] = puzzle[256] = '\0';
    char want[800];

    /* no profile: one line, as the line profile writes it (letters above 9x9) */
    char *none = solutions_text(NULL, NULL, &p.board, &solution, 1);
    char *line = solutions_text(ojd_profile_find("line"), NULL, &p.board, &solution, 1);
    snprintf(want, sizeof want, "%s\n", cells);
    assert_string_equal(none, want);
    assert_string_equal(line, want);
    free(none);
    free(line);

    /* count mode: PUZZLE:1:SOLUTION */
    ojd_writer_options opt = {.count_cap = 2};
    char *counted = solutions_text(ojd_profile_find("line"), &opt, &p.board, &solution, 1);
    snprintf(want, sizeof want, "%s:1:%s\n", puzzle, cells);
    assert_string_equal(counted, want);
    free(counted);

    /* json: a solved case with its puzzle */
    char *json = solutions_text(ojd_profile_find("json"), NULL, &p.board, &solution, 1);
    snprintf(want, sizeof want,
             "{\"case\":1,\"status\":\"solved\",\"puzzle\":\"%s\",\"solutions\":1,"
             "\"solution\":\"%s\",\"nodes\":0,\"guesses\":0}\n", puzzle, cells);
    assert_string_equal(json, want);
    free(json);
}

/* A solution that does not solve its puzzle is refused and nothing is written. */
static void test_solution_must_solve_its_puzzle(void **state)
{
    (void)state;
    ojd_puzzle p;
    puzzle_of(&p, 9, 1);
    ojd_board right, swapped, changed, small;
    solved(&right, 9);
    swapped = right; /* two cells of row 1 exchanged: the columns repeat */
    swapped.cell[0] = right.cell[1];
    swapped.cell[1] = right.cell[0];
    changed = right; /* a valid grid that does not keep the givens (cell 1 is a given) */
    for (int i = 0; i < 81; i++)
        changed.cell[i] = (uint8_t)(right.cell[i] % 9 + 1);
    assert_true(ojd_board_is_solved(&changed));
    solved(&small, 4);
    sink s;
    sink_open(&s);
    ojd_writer *w = ojd_writer_new(s.f, ojd_profile_find("poj2676"), NULL);
    assert_int_equal(ojd_writer_solution(w, 1, &p.board, &swapped), OJD_ERR_INVALID);
    assert_int_equal(ojd_writer_solution(w, 1, &p.board, &changed), OJD_ERR_INVALID);
    assert_int_equal(ojd_writer_solution(w, 1, &p.board, &small), OJD_ERR_INVALID);
    assert_int_equal(ojd_writer_solution(w, 1, NULL, &right), OJD_ERR_INVALID);
    assert_int_equal(ojd_writer_solution(w, 1, &p.board, NULL), OJD_ERR_INVALID);
    assert_int_equal(ojd_writer_solution(NULL, 1, &p.board, &right), OJD_ERR_INVALID);
    ojd_writer_free(w);
    sink_close(&s);
    assert_int_equal(s.size, 0);
    free(s.text);
}

/* A judge input file written for a profile reads back, with that profile, as the same puzzles. */
static void test_input_files_round_trip(void **state)
{
    (void)state;
    for (const ojd_profile *const *f = ojd_profile_list(); *f; f++) {
        int side = ojd_profile_side(*f) ? ojd_profile_side(*f) : 9;
        ojd_board boards[3];
        for (int i = 0; i < 3; i++) {
            ojd_puzzle p;
            puzzle_of(&p, side, 1);
            p.board.cell[i + 1] = 0;
            if (ojd_profile_units(*f) & OJD_UNITS_KILLER) {
                ojd_board solution;
                solved(&solution, side);
                give_cages(&p.board, &solution);
            }
            boards[i] = p.board;
        }
        sink s;
        sink_open(&s);
        if (ojd_profile_style(*f) == OJD_STYLE_SVG) {
            /* a figure is one document, and no input: three puzzles have no file, and nothing
             * is written */
            assert_int_equal(ojd_write_puzzles(s.f, *f, boards, 3), OJD_ERR_USAGE);
            sink_close(&s);
            assert_int_equal(s.size, 0);
            free(s.text);
            continue;
        }
        assert_int_equal(ojd_write_puzzles(s.f, *f, boards, 3), OJD_OK);
        sink_close(&s);
        print_message("%s\n", ojd_profile_name(*f));
        ojd_reader *r = ojd_reader_new_mem(s.text, s.size, "t", *f);
        for (int i = 0; i < 3; i++) {
            ojd_puzzle p;
            ojd_error err;
            ojd_status st = ojd_reader_next(r, &p, &err);
            if (st != OJD_OK)
                fail_msg("%s case %d: %s\n%s", ojd_profile_name(*f), i + 1, err.message, s.text);
            assert_int_equal(p.board.side, side);
            assert_memory_equal(p.board.cell, boards[i].cell, (size_t)(side * side));
            if (ojd_profile_units(*f) & OJD_UNITS_KILLER) /* the cages too */
                assert_true(ojd_board_same_units(&p.board, &boards[i]));
        }
        ojd_puzzle p;
        assert_int_equal(ojd_reader_next(r, &p, NULL), OJD_END);
        assert_false(ojd_reader_warning(r, NULL));
        ojd_reader_free(r);
        free(s.text);
    }
}

/* A killer's answers: the line form keeps its cages after the solution (read back, the same
 * board), the count form after the puzzle, json lists them, the drawn grid shows them under the
 * grid, CodinGame's profile writes the rows alone; an input form that cannot carry cages (spaced
 * rows of BOJ 2580) refuses the board rather than lose them. */
/* A cell outside the alphabet (OJD_CELL_OUTSIDE) is written as the statement's largest number by
 * a profile with values (Kick Start's 999), and read back as the same cell; any other profile
 * has no way to write it: OJD_ERR_INVALID. */
static void test_outside_cell_in_an_input_file(void **state)
{
    (void)state;
    ojd_board b;
    ojd_board_init_side(&b, 9);
    for (int i = 0; i < 81; i++)
        b.cell[i] = (uint8_t)((i / 9 * 3 + i / 27 + i % 9) % 9 + 1);
    b.cell[40] = OJD_CELL_OUTSIDE;
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    assert_non_null(out);
    assert_int_equal(ojd_write_puzzles(out, ojd_profile_find("kickstart2013ba"), &b, 1), OJD_OK);
    fclose(out);
    assert_non_null(strstr(text, "\n3\n"));
    assert_non_null(strstr(text, " 999 "));
    ojd_reader *r = ojd_reader_new_mem(text, size, "t", ojd_profile_find("kickstart2013ba"));
    ojd_puzzle pz;
    ojd_error err;
    assert_int_equal(ojd_reader_next(r, &pz, &err), OJD_OK);
    assert_memory_equal(pz.board.cell, b.cell, 81);
    ojd_reader_free(r);
    free(text);
    static const char *const others[] = {"kattissudokuverify", "uva989", "line", "json"};
    for (size_t k = 0; k < sizeof others / sizeof *others; k++) {
        out = open_memstream(&text, &size);
        assert_non_null(out);
        assert_int_equal(ojd_write_puzzles(out, ojd_profile_find(others[k]), &b, 1),
                         OJD_ERR_INVALID);
        fclose(out);
        free(text);
    }
}

static void test_killer_answers(void **state)
{
    (void)state;
    ojd_puzzle p;
    ojd_board solution;
    puzzle_of(&p, 4, 1);
    solved(&solution, 4);
    give_cages(&p.board, &solution); /* 1234/3412/2341/4123: dominoes of sums 3 7 7 3 ... */
    char *line = solutions_text(ojd_profile_find("line"), NULL, &p.board, &solution, 1);
    assert_string_equal(line, "1234341223414123::AABBCCDDEEFFGGHH:3,7,7,3,5,5,5,5\n");
    ojd_puzzle back[1];
    ojd_reader *r = ojd_reader_new_mem(line, strlen(line), "t", NULL);
    assert_int_equal(ojd_reader_next(r, back, NULL), OJD_OK);
    assert_true(ojd_board_same_units(&back[0].board, &p.board));
    assert_memory_equal(back[0].board.cell, solution.cell, 16);
    ojd_reader_free(r);
    /* the checker takes that line as the right answer, byte for byte, to the puzzle's line */
    sink in;
    sink_open(&in);
    assert_int_equal(ojd_write_puzzles(in.f, ojd_profile_find("line"), &p.board, 1), OJD_OK);
    sink_close(&in);
    ojd_check_options copt = {.format = ojd_profile_find("line"), .strict = true};
    ojd_check_report rep = {.size = sizeof rep};
    assert_int_equal(ojd_check(in.text, in.size, line, strlen(line), NULL, 0, &copt, &rep),
                     OJD_VERDICT_OK);
    assert_true(rep.byte_exact);
    free(in.text);
    free(line);

    ojd_writer_options opt = {.count_cap = 2};
    char *counted = solutions_text(ojd_profile_find("line"), &opt, &p.board, &solution, 1);
    assert_string_equal(counted, ".23.34.22.41.12.::AABBCCDDEEFFGGHH:3,7,7,3,5,5,5,5:1:"
                                 "1234341223414123\n");
    free(counted);

    char *json = solutions_text(ojd_profile_find("json"), NULL, &p.board, &solution, 1);
    assert_non_null(strstr(json, ",\"cages\":[{\"sum\":3,\"cells\":[0,1]},{\"sum\":7,"
                                 "\"cells\":[2,3]},"));
    assert_non_null(strstr(json, "{\"sum\":5,\"cells\":[14,15]}],\"solutions\":1,"));
    free(json);

    char *grid = solutions_text(ojd_profile_find("grid"), NULL, &p.board, &solution, 1);
    assert_string_equal(grid, "1 2 | 3 4\n3 4 | 1 2\n----+----\n2 3 | 4 1\n4 1 | 2 3\n"
                              "cages:\nA A B B\nC C D D\nE E F F\nG G H H\n"
                              "sums: A=3 B=7 C=7 D=3 E=5 F=5 G=5 H=5\n");
    free(grid);

    /* CodinGame's rows: the puzzle's input with its cage ids (a-z first), the answer the rows */
    ojd_board p9, s9;
    solved(&s9, 9);
    p9 = s9;
    for (int i = 0; i < 81; i += 2)
        p9.cell[i] = 0;
    give_cages(&p9, &s9);
    sink_open(&in);
    const ojd_profile *cg = ojd_profile_find("codingamekillersudokusolver");
    assert_non_null(cg);
    assert_int_equal(ojd_write_puzzles(in.f, cg, &p9, 1), OJD_OK);
    sink_close(&in);
    assert_int_equal(strncmp(in.text, ".2.4.6.8. aabbccdde\n", 20), 0);
    assert_non_null(strstr(in.text, "\na=3 b=7 c=11 d=15 e=9 f=9 "));
    free(in.text);
    char *rows = solutions_text(cg, NULL, &p9, &s9, 1);
    assert_int_equal(strlen(rows), 90);
    assert_int_equal(strncmp(rows, "123456789\n456789123\n", 20), 0);
    free(rows);

    /* the figure: one dashed group, and each cage's sum on a white patch (tests/cli/svg.sh
     * looks at the picture) */
    sink fig;
    sink_open(&fig);
    assert_int_equal(ojd_write_puzzles(fig.f, ojd_profile_find("svg"), &p.board, 1), OJD_OK);
    sink_close(&fig);
    const char *dashes = strstr(fig.text, "stroke-dasharray");
    assert_non_null(dashes);
    assert_null(strstr(dashes + 1, "stroke-dasharray"));
    int patches = 0;
    for (const char *at = strstr(fig.text, "fill=\"#ffffff\"/>\n<text"); at;
         at = strstr(at + 1, "fill=\"#ffffff\"/>\n<text"))
        patches++;
    assert_int_equal(patches, 8);
    assert_non_null(strstr(fig.text, ">7</text>"));
    free(fig.text);

    sink none;
    sink_open(&none);
    assert_int_equal(ojd_write_puzzles(none.f, ojd_profile_find("boj2580"), &p9, 1),
                     OJD_ERR_USAGE);
    sink_close(&none);
    free(none.text);
}

/* Puzzles written one at a time (ojd_write_puzzle(), as generate writes them without holding
 * them) make the bytes of the whole file (ojd_write_puzzles()), for every profile's count line,
 * separators, size prefix, headers and terminator, and for 1, 2 and 3 puzzles (the count line
 * and the terminator go with the first and the last). */
static void test_input_file_one_puzzle_at_a_time(void **state)
{
    (void)state;
    for (const ojd_profile *const *f = ojd_profile_list(); *f; f++) {
        int side = ojd_profile_side(*f) ? ojd_profile_side(*f) : 9;
        ojd_board boards[3];
        for (int i = 0; i < 3; i++) {
            ojd_puzzle p;
            puzzle_of(&p, side, 1);
            p.board.cell[i + 1] = 0;
            if (ojd_profile_units(*f) & OJD_UNITS_KILLER) {
                ojd_board solution;
                solved(&solution, side);
                give_cages(&p.board, &solution);
            }
            boards[i] = p.board;
        }
        /* a figure: one puzzle per document, so per file */
        size_t most = ojd_profile_style(*f) == OJD_STYLE_SVG ? 1 : 3;
        if (most == 1) {
            sink none;
            sink_open(&none);
            assert_int_equal(ojd_write_puzzle(none.f, *f, &boards[0], 1, 2), OJD_ERR_USAGE);
            sink_close(&none);
            assert_int_equal(none.size, 0);
            free(none.text);
        }
        for (size_t n = 1; n <= most; n++) {
            sink whole, one;
            sink_open(&whole);
            assert_int_equal(ojd_write_puzzles(whole.f, *f, boards, n), OJD_OK);
            sink_close(&whole);
            sink_open(&one);
            for (size_t i = 0; i < n; i++)
                assert_int_equal(ojd_write_puzzle(one.f, *f, &boards[i], i + 1, n), OJD_OK);
            sink_close(&one);
            if (one.size != whole.size || memcmp(one.text, whole.text, whole.size) != 0)
                fail_msg("%s, %zu puzzles: one at a time\n%s\nthe whole file\n%s",
                         ojd_profile_name(*f), n, one.text, whole.text);
            free(whole.text);
            free(one.text);
        }
    }
    ojd_board b;
    solved(&b, 9);
    sink s;
    sink_open(&s);
    assert_int_equal(ojd_write_puzzle(s.f, NULL, &b, 0, 1), OJD_ERR_INVALID);
    assert_int_equal(ojd_write_puzzle(s.f, NULL, &b, 2, 1), OJD_ERR_INVALID);
    assert_int_equal(ojd_write_puzzle(s.f, NULL, NULL, 1, 1), OJD_ERR_INVALID);
    assert_int_equal(ojd_write_puzzle(NULL, NULL, &b, 1, 1), OJD_ERR_INVALID);
    sink_close(&s);
    assert_int_equal(s.size, 0);
    free(s.text);
}

static void test_write_errors_are_reported(void **state)
{
    (void)state;
    FILE *full = fopen("/dev/full", "w");
    if (!full)
        skip(); /* not every system has /dev/full */
    ojd_writer *w = ojd_writer_new(full, ojd_profile_find("line"), NULL);
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

/* ---- JSON lines ---------------------------------------------------------------------------- */

/* One parsed JSON line: a flat object of strings, integers and nulls (all the writer emits). */
typedef struct json_field {
    char key[32];
    enum { JSON_STRING, JSON_NUMBER, JSON_NULL } type;
    char text[OJD_MAX_CELLS + 1]; /* a string, decoded */
    unsigned long long number;
} json_field;

typedef struct json_object {
    int count;
    json_field field[16];
} json_object;

/* Decodes a JSON string starting at the opening quote; returns the position after the closing
 * quote, or NULL if the text is not a valid JSON string (raw control bytes included). */
static const char *json_string(const char *p, char *out, size_t size)
{
    size_t n = 0;
    if (*p++ != '"')
        return NULL;
    while (*p != '"') {
        unsigned char c = (unsigned char)*p++;
        if (c < 0x20 || c >= 0x7f) /* the writer promises plain ASCII */
            return NULL;
        if (c == '\\') {
            char e = *p++;
            if (e == 'u') {
                unsigned v = 0;
                for (int i = 0; i < 4; i++, p++) {
                    if (!isxdigit((unsigned char)*p))
                        return NULL;
                    v = v * 16 + (unsigned)(isdigit((unsigned char)*p) ? *p - '0'
                                                                         : (*p | 0x20) - 'a' + 10);
                }
                if (v > 0xff)
                    return NULL;
                c = (unsigned char)v;
            } else if (e == '"' || e == '\\' || e == '/') {
                c = (unsigned char)e;
            } else {
                return NULL; /* the writer uses no other escapes */
            }
        }
        if (n + 1 >= size)
            return NULL;
        out[n++] = (char)c;
    }
    out[n] = '\0';
    return p + 1;
}

/* Parses one line "{...}\n"; false if it is not a flat JSON object of the expected kinds. */
static bool json_parse_line(const char *line, json_object *o, const char **end)
{
    const char *p = line;
    o->count = 0;
    if (*p++ != '{')
        return false;
    for (;;) {
        if (o->count == 16)
            return false;
        json_field *f = &o->field[o->count++];
        p = json_string(p, f->key, sizeof f->key);
        if (!p || *p++ != ':')
            return false;
        if (*p == '"') {
            f->type = JSON_STRING;
            p = json_string(p, f->text, sizeof f->text);
            if (!p)
                return false;
        } else if (strncmp(p, "null", 4) == 0) {
            f->type = JSON_NULL;
            p += 4;
        } else if (isdigit((unsigned char)*p)) {
            f->type = JSON_NUMBER;
            char *after;
            f->number = strtoull(p, &after, 10);
            p = after;
        } else {
            return false;
        }
        if (*p == ',') {
            p++;
            continue;
        }
        if (*p++ != '}' || *p++ != '\n')
            return false;
        *end = p;
        return true;
    }
}

static const json_field *json_get(const json_object *o, const char *key)
{
    for (int i = 0; i < o->count; i++)
        if (strcmp(o->field[i].key, key) == 0)
            return &o->field[i];
    return NULL;
}

/* A one-line grid string back into a board of the given side ('.' blank, digits or A.. letters) */
static void json_grid(const char *text, int side, ojd_board *b)
{
    assert_int_equal(ojd_board_init_side(b, side), OJD_OK);
    assert_int_equal(strlen(text), (size_t)(side * side));
    for (int i = 0; i < side * side; i++) {
        char c = text[i];
        int v = c == '.' ? 0 : side > 9 ? c - 'A' + 1 : c - '0';
        assert_true(v >= 0 && v <= side);
        b->cell[i] = (uint8_t)v;
    }
}

/*
 * Every fixture puzzle of several sizes and outcomes goes through the engine and the json
 * writer; each emitted line must parse as JSON, name its case, give back the puzzle exactly, and
 * carry a solution that solves it exactly when solutions > 0, with a status matching the count.
 */
static void test_json_lines_parse_back(void **state)
{
    (void)state;
    static const char *const files[] = {
        "fixtures/solve_small.txt", "fixtures/solve_17clue.txt", "fixtures/solve_serg_multi.txt",
        "fixtures/solve_sudopedia_conflict.txt", "fixtures/solve_sudopedia_counts.txt",
        "fixtures/solve_kr_vu_16.txt", "fixtures/solve_lloyd_25.txt", NULL,
    };
    const ojd_profile *json = ojd_profile_find("json");
    assert_non_null(json);
    ojd_search search;
    ojd_profile_search(json, 0, &search);
    assert_int_equal(search.limit, 2); /* uniqueness is visible in "solutions" */
    ojd_engine *engine = ojd_engine_new(ojd_solver_find("dlx"));
    int seen[5] = {0}; /* solved, multiple, unsolvable, conflict, other */
    for (const char *const *file = files; *file; file++) {
        FILE *in = fopen(*file, "r");
        assert_non_null(in);
        sink s;
        sink_open(&s);
        ojd_writer *w = ojd_writer_new(s.f, json, NULL);
        char line[4096];
        ojd_puzzle puzzles[64];
        ojd_status statuses[64];
        unsigned long n = 0;
        while (n < 64 && fgets(line, sizeof line, in)) {
            line[strcspn(line, ":\n")] = '\0';
            if (strlen(line) < 16)
                continue; /* 1x1 grids: no one-line form tells them from a count */
            ojd_puzzle *p = &puzzles[n];
            assert_int_equal(ojd_puzzle_parse(line, p, NULL), OJD_OK);
            p->index = ++n;
            ojd_result res;
            statuses[n - 1] = ojd_engine_solve(engine, &p->board, &search, &res);
            assert_int_equal(ojd_writer_answer(w, p, statuses[n - 1], &res), OJD_OK);
        }
        assert_int_equal(ojd_writer_finish(w), OJD_OK);
        ojd_writer_free(w);
        sink_close(&s);
        fclose(in);
        const char *at = s.text;
        for (unsigned long i = 0; i < n; i++) {
            json_object o;
            if (!json_parse_line(at, &o, &at))
                fail_msg("%s: line %lu is not a JSON object: %.200s", *file, i + 1, at);
            const ojd_puzzle *p = &puzzles[i];
            const json_field *f = json_get(&o, "case");
            assert_non_null(f);
            assert_int_equal(f->number, i + 1);
            const json_field *puzzle = json_get(&o, "puzzle");
            const json_field *solutions = json_get(&o, "solutions");
            const json_field *solution = json_get(&o, "solution");
            const json_field *status = json_get(&o, "status");
            assert_non_null(puzzle);
            assert_non_null(solutions);
            assert_non_null(solution);
            assert_non_null(status);
            assert_non_null(json_get(&o, "nodes"));
            assert_non_null(json_get(&o, "guesses"));
            ojd_board given, answer;
            json_grid(puzzle->text, p->board.side, &given);
            assert_memory_equal(given.cell, p->board.cell, (size_t)ojd_board_cells(&given));
            if (solutions->number > 0) {
                assert_int_equal(solution->type, JSON_STRING);
                json_grid(solution->text, p->board.side, &answer);
                assert_true(ojd_board_solves(&p->board, &answer));
            } else {
                assert_int_equal(solution->type, JSON_NULL);
            }
            const char *want = statuses[i] == OJD_CONFLICT     ? "conflict"
                               : solutions->number == 0        ? "unsolvable"
                               : solutions->number == 1        ? "solved"
                                                               : "multiple";
            assert_string_equal(status->text, want);
            seen[statuses[i] == OJD_OK ? 0 : statuses[i] == OJD_MULTIPLE ? 1
                 : statuses[i] == OJD_UNSOLVABLE ? 2 : statuses[i] == OJD_CONFLICT ? 3 : 4]++;
            if (statuses[i] == OJD_CONFLICT)
                assert_non_null(json_get(&o, "error"));
        }
        assert_string_equal(at, ""); /* nothing after the last line */
        free(s.text);
    }
    /* the fixtures exercised every outcome */
    assert_true(seen[0] > 0 && seen[1] > 0 && seen[2] > 0 && seen[3] > 0);
    assert_int_equal(seen[4], 0);
    ojd_engine_free(engine);
}

/* Malformed cases become JSON lines too, with any message bytes escaped; other profiles leave
 * them to the caller.  A search stopped by a limit is a "limit" line. */
static void test_json_errors_and_limits(void **state)
{
    (void)state;
    ojd_error err = {.code = OJD_ERR_PARSE, .line = 7, .col = 12};
    snprintf(err.message, sizeof err.message, "quote \" backslash \\ tab \t byte \xC3 end");
    sink s;
    sink_open(&s);
    ojd_writer *w = ojd_writer_new(s.f, ojd_profile_find("json"), NULL);
    assert_int_equal(ojd_writer_error(w, 3, &err), OJD_OK);
    ojd_puzzle p;
    puzzle_of(&p, 9, 4);
    ojd_result res = {.solutions = 0, .nodes = 1001, .guesses = 17};
    assert_int_equal(ojd_writer_answer(w, &p, OJD_LIMIT, &res), OJD_OK);
    /* an engine error still gets its line: every case has one */
    assert_int_equal(ojd_writer_answer(w, &p, OJD_ERR_NOMEM, &res), OJD_OK);
    ojd_writer_free(w);
    sink_close(&s);
    json_object o;
    const char *at = s.text;
    assert_true(json_parse_line(at, &o, &at));
    assert_string_equal(json_get(&o, "status")->text, "malformed");
    assert_int_equal(json_get(&o, "case")->number, 3);
    assert_int_equal(json_get(&o, "line")->number, 7);
    assert_int_equal(json_get(&o, "col")->number, 12);
    assert_string_equal(json_get(&o, "error")->text, err.message); /* decodes to the same bytes */
    assert_true(json_parse_line(at, &o, &at));
    assert_string_equal(json_get(&o, "status")->text, "limit");
    assert_int_equal(json_get(&o, "nodes")->number, 1001);
    assert_int_equal(json_get(&o, "guesses")->number, 17);
    assert_int_equal(json_get(&o, "solution")->type, JSON_NULL);
    assert_true(json_parse_line(at, &o, &at));
    assert_string_equal(json_get(&o, "status")->text, "error");
    assert_int_equal(json_get(&o, "solutions")->number, 0);
    assert_int_equal(json_get(&o, "solution")->type, JSON_NULL);
    assert_string_equal(json_get(&o, "error")->text, ojd_strerror(OJD_ERR_NOMEM));
    assert_string_equal(at, "");
    free(s.text);

    /* a grid profile writes nothing for a malformed case: the caller diagnoses it */
    sink_open(&s);
    w = ojd_writer_new(s.f, ojd_profile_find("line"), NULL);
    assert_int_equal(ojd_writer_error(w, 3, &err), OJD_ERR_PARSE);
    ojd_writer_free(w);
    sink_close(&s);
    assert_int_equal(s.size, 0);
    free(s.text);
}


/* What ojd_json_string() hands its function, gathered: the pieces in order, and their count. */
typedef struct json_text {
    char text[4096];
    size_t length;
    int pieces;
} json_text;

static void gather(void *ctx, const char *bytes, size_t n)
{
    json_text *t = ctx;
    assert_true(n > 0 && t->length + n < sizeof t->text);
    memcpy(t->text + t->length, bytes, n);
    t->length += n;
    t->text[t->length] = '\0';
    t->pieces++;
}

static const char *json_of(json_text *t, const char *s, size_t n, ojd_json_mode mode)
{
    t->length = 0;
    t->pieces = 0;
    ojd_json_string(s, n, mode, gather, t);
    return t->text;
}

/*
 * ojd_json_string(): in ASCII mode every byte (NUL included) comes back from this file's own
 * decoder, and the text is plain ASCII; in UTF-8 mode well-formed UTF-8 stays as it is, each
 * byte that is not part of it (a stray continuation, an overlong form, a surrogate, a cut
 * sequence, past U+10FFFF) is U+FFFD, and a newline is \n.  A run needing no escape is one piece.
 */
static void test_json_string_modes(void **state)
{
    (void)state;
    json_text t;
    char all[256], back[256];
    for (int i = 0; i < 255; i++)
        all[i] = (char)(i + 1);
    json_of(&t, all, 255, OJD_JSON_ASCII);
    const char *end = json_string(t.text, back, sizeof back);
    assert_non_null(end); /* plain ASCII, valid JSON */
    assert_string_equal(end, "");
    assert_int_equal(strlen(back), 255);
    assert_memory_equal(back, all, 255);
    assert_string_equal(json_of(&t, "a\0b", 3, OJD_JSON_ASCII), "\"a\\u0000b\"");
    assert_string_equal(json_of(&t, "", 0, OJD_JSON_UTF8), "\"\"");
    assert_string_equal(json_of(&t, NULL, 0, OJD_JSON_ASCII), "\"\"");
    json_of(&t, "plain text, no escape", 21, OJD_JSON_ASCII);
    assert_int_equal(t.pieces, 3); /* the quotes and the run */

    static const struct {
        const char *in, *want;
    } utf8[] = {
        {"q\" b\\ n\n t\t d\x7f", "\"q\\\" b\\\\ n\\n t\\u0009 d\\u007f\""},
        {"\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80", "\"\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80\""},
        {"\x80", "\"\\ufffd\""},                 /* a continuation byte alone */
        {"\xc0\xaf", "\"\\ufffd\\ufffd\""},         /* overlong */
        {"\xed\xa0\x80", "\"\\ufffd\\ufffd\\ufffd\""}, /* a surrogate */
        {"\xf4\x90\x80\x80", "\"\\ufffd\\ufffd\\ufffd\\ufffd\""}, /* past U+10FFFF */
        {"\xe2\x82", "\"\\ufffd\\ufffd\""},         /* cut short */
        {"\xff", "\"\\ufffd\""},
    };
    for (size_t i = 0; i < sizeof utf8 / sizeof utf8[0]; i++)
        assert_string_equal(json_of(&t, utf8[i].in, strlen(utf8[i].in), OJD_JSON_UTF8),
                            utf8[i].want);
    /* the same bytes in ASCII mode: each byte from 0x80 as \u00XX, a newline too */
    assert_string_equal(json_of(&t, "\xc3\xa9\n", 3, OJD_JSON_ASCII), "\"\\u00c3\\u00a9\\u000a\"");
}


/*
 * Formatting ahead (ojd_writer_format() on every case first, out of order, each into its own
 * ojd_answer, as solving threads do) and then writing in order (ojd_writer_put()) gives exactly
 * the bytes and statuses of ojd_writer_answer() case after case, in every profile, mirror
 * included, with and without --count; and formatting writes nothing.
 */
static void test_format_ahead_then_put_in_order(void **state)
{
    (void)state;
    /* every outcome, separators and headers in the layouts, 9x9 and 4x4 */
    static const char *const text[] = {
        "Grid 01\n003020600\n900305001\n001806400\n008102900\n700000008\n006708200\n"
        "002609500\n800203009\n005010300\n",
        "1.3.3.1.2.4.4.2.\n",
        "\n4.3.3.1.2.4.4.2.\n",
        "1 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n",
        "---\n12..34..........\n",
    };
    static const ojd_status statuses[] = {OJD_OK, OJD_MULTIPLE, OJD_UNSOLVABLE, OJD_CONFLICT,
                                          OJD_LIMIT, OJD_ERR_NOMEM, OJD_OK};
    enum { CASES = 5 * 7 };
    ojd_puzzle *pz = calloc(CASES, sizeof *pz);
    ojd_result *res = calloc(CASES, sizeof *res);
    ojd_status *st = calloc(CASES, sizeof *st);
    assert_true(pz && res && st);
    for (int i = 0; i < CASES; i++) {
        assert_int_equal(ojd_puzzle_parse(text[i % 5], &pz[i], NULL), OJD_OK);
        pz[i].index = (unsigned long)i + 1;
        st[i] = statuses[i % 7];
        res[i].solution = pz[i].board;
        for (int c = 0; c < pz[i].board.side * pz[i].board.side; c++)
            res[i].solution.cell[c] = (uint8_t)(1 + c % pz[i].board.side);
        res[i].solutions = st[i] == OJD_MULTIPLE ? 2 : st[i] == OJD_OK ? 1 : 0;
        res[i].nodes = (unsigned long long)i * 7;
        res[i].guesses = (unsigned long long)i;
    }
    const ojd_profile *const *list = ojd_profile_list();
    size_t formats = 0;
    while (list[formats])
        formats++;
    for (size_t f = 0; f <= formats; f++) {
        const ojd_profile *format = f < formats ? list[f] : NULL; /* then mirror */
        for (unsigned long cap = 0; cap <= 2; cap += 2) {
            ojd_writer_options opt = {.count_cap = cap};
            sink direct, ahead;
            sink_open(&direct);
            sink_open(&ahead);
            ojd_writer *w1 = ojd_writer_new(direct.f, format, &opt);
            ojd_writer *w2 = ojd_writer_new(ahead.f, format, &opt);
            ojd_answer *answer[CASES];
            ojd_status formatted[CASES];
            for (int i = CASES - 1; i >= 0; i--) { /* out of order, as threads finish */
                answer[i] = ojd_answer_new();
                assert_non_null(answer[i]);
                formatted[i] = ojd_writer_format(w2, &pz[i], st[i], &res[i], answer[i]);
            }
            fflush(ahead.f);
            assert_int_equal(ahead.size, 0); /* formatting writes nothing */
            bool figure = format && ojd_profile_style(format) == OJD_STYLE_SVG;
            for (int i = 0; i < CASES; i++) {
                ojd_status want = ojd_writer_answer(w1, &pz[i], st[i], &res[i]);
                /* the one document of a figure is the writer's to count, at the put */
                assert_int_equal(formatted[i], want == OJD_ERR_IO ||
                                 (figure && want == OJD_ERR_USAGE) ? formatted[i] : want);
                assert_int_equal(ojd_writer_put(w2, answer[i]), want);
                ojd_answer_free(answer[i]);
            }
            assert_int_equal(ojd_writer_finish(w1), ojd_writer_finish(w2));
            sink_close(&direct);
            sink_close(&ahead);
            if (direct.size != ahead.size || memcmp(direct.text, ahead.text, direct.size) != 0)
                fail_msg("profile %s, count %lu:\n%s\n--- ahead:\n%s",
                         format ? ojd_profile_name(format) : "mirror", cap, direct.text,
                         ahead.text);
            assert_true(direct.size > 0);
            free(direct.text);
            free(ahead.text);
            ojd_writer_free(w1);
            ojd_writer_free(w2);
        }
    }
    free(pz);
    free(res);
    free(st);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_framing_of_grid_profiles),
        cmocka_unit_test(test_listed_solutions),
        cmocka_unit_test(test_line_and_literal),
        cmocka_unit_test(test_words_and_verdicts),
        cmocka_unit_test(test_several_solutions_without_a_word),
        cmocka_unit_test(test_euler_sum_and_count_mode),
        cmocka_unit_test(test_count_is_one_rule_in_every_profile),
        cmocka_unit_test(test_answer_takes_nothing_from_a_stale_result),
        cmocka_unit_test(test_solutions_pass_the_checker),
        cmocka_unit_test(test_solution_beside_its_puzzle),
        cmocka_unit_test(test_solution_must_solve_its_puzzle),
        cmocka_unit_test(test_input_files_round_trip),
        cmocka_unit_test(test_outside_cell_in_an_input_file),
        cmocka_unit_test(test_killer_answers),
        cmocka_unit_test(test_input_file_one_puzzle_at_a_time),
        cmocka_unit_test(test_write_errors_are_reported),
        cmocka_unit_test(test_json_lines_parse_back),
        cmocka_unit_test(test_json_errors_and_limits),
        cmocka_unit_test(test_json_string_modes),
        cmocka_unit_test(test_format_ahead_then_put_in_order),
    };
    return cmocka_run_group_tests_name("writer", tests, NULL, NULL);
}
