/* test_format.c -- what a profile means: the search a case gets, which outcomes a profile answers
 * with a grid, a word or nothing, which cases count as answered. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "io/format.h"

/* The limit is the count asked for, or 1, raised to 2 where the answer must be unique; lexmin is
 * the profile's; the budgets are the caller's. */
static void test_search_of_a_profile(void **state)
{
    (void)state;
    static const struct {
        const char *format;   /* NULL: the mirror */
        unsigned long count;
        unsigned long limit;
        bool lexmin;
    } cases[] = {
        {NULL, 0, 1, false},       {NULL, 5, 5, false},       {"poj2676", 0, 1, false},
        {"poj2676", 1, 1, false},  {"poj2676", 7, 7, false},  {"kattis", 0, 2, false},
        {"kattis", 1, 2, false},   {"kattis", 10, 10, false}, {"uva10957", 0, 2, false},
        {"json", 0, 2, false},     {"uva989", 0, 1, true},    {"uva989", 3, 3, true},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const ojd_profile *f = cases[i].format ? ojd_profile_find(cases[i].format) : NULL;
        assert_true(!cases[i].format || f);
        ojd_search search = {.limit = 99, .max_nodes = 1234, .max_seconds = 2.5, .lexmin = true};
        ojd_profile_search(f, cases[i].count, &search);
        print_message("%s count %lu\n", cases[i].format ? cases[i].format : "mirror",
                      cases[i].count);
        assert_int_equal(search.limit, cases[i].limit);
        assert_int_equal(search.lexmin, cases[i].lexmin);
        assert_int_equal(search.max_nodes, 1234);
        assert_true(search.max_seconds == 2.5);
    }
}

/* Every profile's answer to every outcome: a solution is always a grid (a word in the verdict
 * style), several solutions a grid unless the profile has a word for them, no solution and
 * conflicting givens the profile's word or nothing. */
static void test_answer_form_of_each_outcome(void **state)
{
    (void)state;
    for (const ojd_profile *const *p = ojd_profile_list(); *p; p++) {
        const ojd_profile *f = *p;
        bool verdict = f->style == OJD_STYLE_VERDICT;
        for (int o = 0; o < OJD_OUTCOME_COUNT_; o++) {
            ojd_answer_form want;
            if (verdict)
                want = f->words[o] ? OJD_ANSWER_WORD : OJD_ANSWER_NOTHING;
            else if (o == OJD_OUTCOME_SOLVED || (o == OJD_OUTCOME_MULTIPLE && !f->words[o]))
                want = OJD_ANSWER_GRID;
            else
                want = f->words[o] ? OJD_ANSWER_WORD : OJD_ANSWER_NOTHING;
            print_message("%s outcome %d\n", f->name, o);
            const char *word = "unset";
            assert_int_equal(ojd_profile_answer(f, (ojd_outcome)o, &word), want);
            /* the word comes with the word form only */
            assert_ptr_equal(word, want == OJD_ANSWER_WORD ? f->words[o] : NULL);
            assert_int_equal(ojd_profile_answer(f, (ojd_outcome)o, NULL), want);
        }
        const char *word = "unset";
        assert_int_equal(ojd_profile_answer(f, OJD_OUTCOME_COUNT_, &word), OJD_ANSWER_NOTHING);
        assert_null(word);
    }
    /* the mirror has no words */
    assert_int_equal(ojd_profile_answer(NULL, OJD_OUTCOME_SOLVED, NULL), OJD_ANSWER_GRID);
    assert_int_equal(ojd_profile_answer(NULL, OJD_OUTCOME_MULTIPLE, NULL), OJD_ANSWER_GRID);
    assert_int_equal(ojd_profile_answer(NULL, OJD_OUTCOME_UNSOLVABLE, NULL), OJD_ANSWER_NOTHING);
    assert_int_equal(ojd_profile_answer(NULL, OJD_OUTCOME_CONFLICT, NULL), OJD_ANSWER_NOTHING);
    /* spot checks that do not restate the rule */
    const ojd_profile *kattis = ojd_profile_find("kattis");
    const ojd_profile *uva10957 = ojd_profile_find("uva10957");
    const char *word = NULL;
    assert_int_equal(ojd_profile_answer(kattis, OJD_OUTCOME_MULTIPLE, &word), OJD_ANSWER_WORD);
    assert_string_equal(word, "Non-unique");
    assert_int_equal(ojd_profile_answer(uva10957, OJD_OUTCOME_SOLVED, &word), OJD_ANSWER_WORD);
    assert_string_equal(word, "Unique");
    assert_int_equal(ojd_profile_answer(ojd_profile_find("hdu1426"), OJD_OUTCOME_UNSOLVABLE, NULL),
                     OJD_ANSWER_NOTHING);
}

/* Which cases count as answered (the command's exit 0): the rule for each status, in a profile
 * that takes any solution, one that needs a unique answer, and with --count. */
static void test_answered(void **state)
{
    (void)state;
    const ojd_profile *any = ojd_profile_find("poj2676"), *unique = ojd_profile_find("kattis");
    const ojd_profile *words = ojd_profile_find("hdu3111"); /* has a word for no solution */
    static const struct {
        ojd_status status;
        bool any, unique, counted;  /* answered in `any` (and the mirror), `unique`, counting */
    } cases[] = {
        {OJD_OK, true, true, true},
        {OJD_MULTIPLE, true, false, true},
        {OJD_UNSOLVABLE, false, false, true},
        {OJD_CONFLICT, false, false, true},
        {OJD_LIMIT, false, false, false},
        {OJD_ERR_NOMEM, false, false, false},
        {OJD_ERR_INVALID, false, false, false},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        ojd_status st = cases[i].status;
        print_message("status %d\n", st);
        assert_int_equal(ojd_profile_answered(any, st, 0), cases[i].any);
        assert_int_equal(ojd_profile_answered(NULL, st, 0), cases[i].any);
        assert_int_equal(ojd_profile_answered(words, st, 0), cases[i].any);
        assert_int_equal(ojd_profile_answered(unique, st, 0), cases[i].unique);
        assert_int_equal(ojd_profile_answered(any, st, 3), cases[i].counted);
        assert_int_equal(ojd_profile_answered(unique, st, 2), cases[i].counted);
    }
}

/* What a caller may ask an opaque profile: its own fields, and its name finds it again.  Known
 * values pin the accessors to the right fields. */
static void test_accessors(void **state)
{
    (void)state;
    size_t n = 0;
    for (const ojd_profile *const *f = ojd_profile_list(); *f; f++, n++) {
        print_message("%s\n", (*f)->name);
        assert_ptr_equal(ojd_profile_find(ojd_profile_name(*f)), *f);
        assert_string_equal(ojd_profile_name(*f), (*f)->name);
        assert_string_equal(ojd_profile_summary(*f), (*f)->summary);
        assert_int_equal(ojd_profile_side(*f), (*f)->side);
        assert_int_equal(ojd_profile_style(*f), (*f)->style);
        assert_true(ojd_profile_style(*f) != OJD_STYLE_MIRROR);
        assert_int_equal(ojd_profile_grammar(*f), (*f)->grammar);
        assert_int_equal(ojd_profile_max_cases(*f), (*f)->max_cases);
        assert_int_equal(ojd_profile_blanks(*f), (*f)->blanks);
        int min_side = -1, max_side = -1;
        ojd_profile_sides(*f, &min_side, &max_side);
        assert_int_equal(min_side, (*f)->side ? (*f)->side : (*f)->min_side);
        assert_int_equal(max_side, (*f)->side ? (*f)->side : (*f)->max_side);
    }
    assert_true(n >= 16);
    assert_int_equal(ojd_profile_side(ojd_profile_find("poj3076")), 16);
    assert_int_equal(ojd_profile_side(ojd_profile_find("uva989")), 0);
    assert_int_equal(ojd_profile_style(ojd_profile_find("json")), OJD_STYLE_JSON);
    assert_int_equal(ojd_profile_style(ojd_profile_find("uva10957")), OJD_STYLE_VERDICT);
    assert_int_equal(ojd_profile_grammar(ojd_profile_find("line")), OJD_GRAMMAR_AUTO);
    assert_int_equal(ojd_profile_grammar(ojd_profile_find("poj3074")), OJD_GRAMMAR_LINE);
    assert_int_equal(ojd_profile_blanks(ojd_profile_find("hdu2780")), 5);
    assert_int_equal(ojd_profile_blanks(ojd_profile_find("poj2676")), 0);
    assert_int_equal(ojd_profile_max_cases(ojd_profile_find("spoj")), 10);
    assert_int_equal(ojd_profile_max_cases(ojd_profile_find("json")), 0);
    int min_side, max_side;
    ojd_profile_sides(ojd_profile_find("uva989"), &min_side, &max_side);
    assert_int_equal(min_side, 1);
    assert_int_equal(max_side, 9);
    ojd_profile_sides(ojd_profile_find("poj3076"), &min_side, &max_side);
    assert_int_equal(min_side, 16);
    assert_int_equal(max_side, 16);
    ojd_profile_sides(ojd_profile_find("grid"), &min_side, &max_side);
    assert_int_equal(min_side, 0);
    assert_int_equal(max_side, 0);
    assert_null(ojd_profile_find("no-such-profile"));
    assert_null(ojd_profile_find(NULL));
}

/* The kinds a profile's tests may hold: those its statement allows and its answer can say. */
static void test_answerable_kinds(void **state)
{
    (void)state;
    for (const ojd_profile *const *f = ojd_profile_list(); *f; f++) {
        unsigned kinds = ojd_profile_test_kinds(*f);
        assert_true(ojd_profile_answerable(*f, OJD_OUTCOME_SOLVED));
        assert_int_equal(kinds & ~ojd_profile_kinds(*f), 0); /* never beyond the statement */
        if (ojd_profile_kinds(*f) & OJD_KIND_BIT(OJD_OUTCOME_SOLVED))
            assert_true(kinds & OJD_KIND_BIT(OJD_OUTCOME_SOLVED));
    }
    const ojd_profile *kattis = ojd_profile_find("kattis"), *euler = ojd_profile_find("euler96");
    assert_true(ojd_profile_answerable(kattis, OJD_OUTCOME_MULTIPLE));   /* "Non-unique" */
    assert_true(ojd_profile_answerable(kattis, OJD_OUTCOME_UNSOLVABLE)); /* "Find another job" */
    assert_false(ojd_profile_answerable(euler, OJD_OUTCOME_MULTIPLE));  /* a sum needs one */
    assert_false(ojd_profile_answerable(euler, OJD_OUTCOME_UNSOLVABLE));
    assert_true(ojd_profile_answerable(ojd_profile_find("json"), OJD_OUTCOME_CONFLICT));
    /* POJ 2676 has no word for no solution: a case without one is not a test of it */
    assert_false(ojd_profile_answerable(ojd_profile_find("poj2676"), OJD_OUTCOME_UNSOLVABLE));
    assert_true(ojd_profile_answerable(NULL, OJD_OUTCOME_SOLVED));
}

/* The generator's options for a profile's test cases follow its statement's bounds. */
static void test_case_options(void **state)
{
    (void)state;
    ojd_generate_options o = ojd_profile_case_options(ojd_profile_find("luogu1074"));
    assert_int_equal(o.side, 9);
    assert_int_equal(o.clues, 24 + 6); /* above NOIP 2009's fewest givens */
    o = ojd_profile_case_options(ojd_profile_find("abc327c"));
    assert_true(o.solved); /* complete grids */
    o = ojd_profile_case_options(ojd_profile_find("hdu2780"));
    assert_int_equal(o.clues, 81 - 5); /* exactly five blanks */
    o = ojd_profile_case_options(ojd_profile_find("uva989"));
    assert_int_equal(o.side, 9); /* sides 1 to 9: 9 where allowed */
    o = ojd_profile_case_options(ojd_profile_find("poj3076"));
    assert_int_equal(o.side, 16);
    assert_false(o.solved);
    o = ojd_profile_case_options(ojd_profile_find("spojhs12disu"));
    assert_int_equal(o.units, OJD_UNITS_X);
}

/* The input's wall bits and header line, as the profile files say them. */
static void test_walls_and_input_header(void **state)
{
    (void)state;
    assert_true(ojd_profile_walls(ojd_profile_find("hdu4069")));
    assert_false(ojd_profile_walls(ojd_profile_find("poj2676")));
    assert_false(ojd_profile_walls(NULL));
    assert_string_equal(ojd_profile_input_header(ojd_profile_find("euler96")), "Grid {case:02}");
    assert_string_equal(ojd_profile_input_header(ojd_profile_find("spojnovice42")),
                        "Grid {case:02}");
    assert_null(ojd_profile_input_header(ojd_profile_find("poj2676")));
    assert_null(ojd_profile_input_header(NULL));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_search_of_a_profile),
        cmocka_unit_test(test_answer_form_of_each_outcome),
        cmocka_unit_test(test_answered),
        cmocka_unit_test(test_accessors),
        cmocka_unit_test(test_answerable_kinds),
        cmocka_unit_test(test_case_options),
        cmocka_unit_test(test_walls_and_input_header),
    };
    return cmocka_run_group_tests_name("format", tests, NULL, NULL);
}
