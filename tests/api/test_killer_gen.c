/*
 * test_killer_gen.c -- the grader's killer techniques, through the public API: every step agrees
 * with the solution.
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

/* ---- the grader --------------------------------------------------------------------------- */

typedef struct steps_seen {
    const ojd_board *solution;
    int wrong, cage_steps, rule45_steps;
} steps_seen;

/* Every "rXcY=V" a step places is the solution's value, and every "rXcY<>V" it removes is not. */
static void check_step(void *ctx, const char *step)
{
    steps_seen *s = ctx;
    int side = s->solution->side, r, c, v, n;
    for (const char *p = step; *p == 'r'; p += n) {
        char op[3] = {0};
        n = 0;
        if (sscanf(p, "r%dc%d%2[=<>]%d%n", &r, &c, op, &v, &n) != 4 || n == 0)
            break;
        bool placed = strcmp(op, "=") == 0;
        if (placed != (s->solution->cell[(r - 1) * side + (c - 1)] == v))
            s->wrong++;
        while (p[n] == ' ')
            n++;
    }
    s->cage_steps += strstr(step, "(cage combination") != NULL;
    s->rule45_steps += strstr(step, "(45 rule") != NULL;
}

/* A cage of one cell is a given: the grader places it with a cage step, and the easy grade. */
static void test_rate_single_cells(void **state)
{
    (void)state;
    ojd_board *b = malloc(2 * sizeof *b);
    ojd_generator *gen = ojd_generator_new();
    ojd_rng rng;
    assert_true(b && gen);
    ojd_rng_seed(&rng, 4);
    ojd_generate_options o = {.solved = true, .grade = OJD_GRADE_ANY};
    assert_int_equal(ojd_generate(gen, &rng, &o, &b[0], &b[1], NULL), OJD_OK);
    int cage[81], sum[81];
    for (int i = 0; i < 81; i++) {
        cage[i] = i + 1;
        sum[i] = b[1].cell[i];
        b[0].cell[i] = 0;
    }
    assert_int_equal(ojd_board_set_cages(&b[0], cage, sum, 81, NULL), OJD_OK);
    ojd_rating rating = {.size = sizeof rating};
    steps_seen s = {.solution = &b[1]};
    assert_int_equal(ojd_rate(&b[0], &rating, check_step, &s), OJD_OK);
    assert_int_equal(s.wrong, 0);
    assert_int_equal(rating.grade, OJD_GRADE_EASY);
    assert_true(rating.counts[OJD_TECH_CAGE_COMBINATION] > 0);
    assert_string_equal(ojd_technique_name(OJD_TECH_RULE_45), "45 rule");
    assert_int_equal(ojd_technique_grade(OJD_TECH_CAGE_COMBINATION), OJD_GRADE_EASY);
    ojd_generator_free(gen);
    free(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rate_single_cells),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
