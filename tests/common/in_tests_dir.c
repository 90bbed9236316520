/*
 * in_tests_dir.c -- linked into every cmocka suite.  Before main(), the suite moves into tests/,
 * where its fixture paths ("fixtures/NAME.txt") start, so it runs the same from any directory;
 * and OJD_TEST_FILTER, when set, is cmocka's pattern of the tests to run (`make unit F=...`).
 * OJD_TESTS_DIR, the absolute path of tests/, comes from the Makefile.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

void ojd_test_in_tests_dir(void) __attribute__((constructor));

void ojd_test_in_tests_dir(void)
{
    const char *filter = getenv("OJD_TEST_FILTER");

    if (chdir(OJD_TESTS_DIR) != 0) {
        perror("suite: cannot enter " OJD_TESTS_DIR ", where the fixtures are (rebuild it)");
        exit(2);
    }
    if (filter != NULL && *filter != '\0')
        cmocka_set_test_filter(filter);
}
