/* test_enumerate.c -- ojd_engine_each_solution(): every solution, once each, smallest first. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ojdoku.h"

#define CAP 200

typedef struct seen {
    const ojd_board *puzzle;
    ojd_board previous;
    unsigned long n;
} seen;

/* Each solution: a full valid grid that keeps the givens, after the previous one in row-major
 * order (so no solution comes twice). */
static bool check_one(void *context, const ojd_board *solution)
{
    seen *s = context;
    int cells = solution->side * solution->side;
    assert_true(ojd_board_is_solved(solution));
    for (int i = 0; i < cells; i++)
        if (s->puzzle->cell[i])
            assert_int_equal(solution->cell[i], s->puzzle->cell[i]);
    if (s->n > 0)
        assert_true(memcmp(s->previous.cell, solution->cell, (size_t)cells) < 0);
    s->previous = *solution;
    s->n++;
    return true;
}

/* Over the fixtures with known counts (capped at 1000 there), the walk visits exactly
 * min(count, CAP) solutions, and agrees with an independent count by Dancing Links. */
static void test_lists_every_solution_once_in_order(void **state)
{
    (void)state;
    const char *files[] = {"fixtures/solve_sudopedia_counts.txt", "fixtures/solve_serg_multi.txt"};
    ojd_engine *walker = ojd_engine_new(NULL);
    ojd_engine *counter = ojd_engine_new(ojd_solver_find("dlx"));
    assert_non_null(walker);
    assert_non_null(counter);
    int tried = 0;
    for (size_t f = 0; f < sizeof files / sizeof files[0]; f++) {
        FILE *in = fopen(files[f], "r");
        assert_non_null(in);
        char line[2048];
        while (fgets(line, sizeof line, in)) {
            char *colon = strchr(line, ':');
            if (!colon)
                continue;
            *colon = '\0';
            ojd_puzzle pz;
            ojd_error err;
            if (ojd_puzzle_parse(line, &pz, &err) != OJD_OK)
                continue;
            ojd_search search = {.limit = CAP};
            ojd_result counted;
            ojd_status cst = ojd_engine_solve(counter, &pz.board, &search, &counted);
            seen s = {.puzzle = &pz.board};
            unsigned long found;
            ojd_status st = ojd_engine_each_solution(walker, &pz.board, NULL, CAP, check_one, &s,
                                                     &found);
            if (cst == OJD_CONFLICT || cst == OJD_UNSOLVABLE) {
                assert_int_equal(st, cst);
                assert_int_equal(found, 0);
            } else {
                assert_int_equal(st, OJD_OK);
                assert_int_equal(found, counted.solutions);
                assert_int_equal(s.n, found);
            }
            tried++;
        }
        fclose(in);
    }
    assert_true(tried >= 40);
    ojd_engine_free(walker);
    ojd_engine_free(counter);
}

static bool stop_at_second(void *context, const ojd_board *solution)
{
    (void)solution;
    return ++*(int *)context < 2;
}

/* The visitor can stop the walk (OJD_ERR_IO); max stops it (OJD_OK); max 0 is refused. */
static void test_stops(void **state)
{
    (void)state;
    ojd_engine *e = ojd_engine_new(NULL);
    ojd_board empty;
    assert_int_equal(ojd_board_init_side(&empty, 9), OJD_OK);
    int calls = 0;
    unsigned long found;
    assert_int_equal(ojd_engine_each_solution(e, &empty, NULL, 10, stop_at_second, &calls, &found),
                     OJD_ERR_IO);
    assert_int_equal(calls, 2);
    assert_int_equal(found, 2);
    seen s = {.puzzle = &empty};
    assert_int_equal(ojd_engine_each_solution(e, &empty, NULL, 7, check_one, &s, &found), OJD_OK);
    assert_int_equal(found, 7);
    assert_int_equal(ojd_engine_each_solution(e, &empty, NULL, 0, check_one, &s, &found),
                     OJD_ERR_INVALID);
    ojd_engine_free(e);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lists_every_solution_once_in_order),
        cmocka_unit_test(test_stops),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
