/* test_progress.c -- the progress line's decisions and drawing (src/cli/batch/progress.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The module is part of the CLI, not the library: compile it into this test. */
#include "cli/batch/progress.c"

static void test_due_after_a_second_then_periodically(void **state)
{
    (void)state;
    assert_false(cli_progress_due(0.0, -1));
    assert_false(cli_progress_due(CLI_PROGRESS_DELAY - 0.01, -1));
    assert_true(cli_progress_due(CLI_PROGRESS_DELAY, -1));
    assert_false(cli_progress_due(5.0, CLI_PROGRESS_PERIOD / 2)); /* drawn a moment ago */
    assert_true(cli_progress_due(5.0, CLI_PROGRESS_PERIOD));
}

static void test_format(void **state)
{
    (void)state;
    char buf[96];
    size_t n = cli_progress_format(buf, sizeof buf, 12345, 2.5);
    assert_string_equal(buf, "ojdoku: 12345 puzzles, 4938/s, 2.5 s");
    assert_int_equal(n, strlen(buf));
    cli_progress_format(buf, sizeof buf, 1, 1.0);
    assert_string_equal(buf, "ojdoku: 1 puzzle, 1/s, 1.0 s");
}

static void test_stride_adapts(void **state)
{
    (void)state;
    assert_int_equal(cli_progress_next_stride(1, 0.0001), 2); /* fast cases: fewer reads */
    assert_int_equal(cli_progress_next_stride(64, 10.0), 32); /* slow ones: more */
    assert_int_equal(cli_progress_next_stride(1, 10.0), 1);   /* never below 1 */
    assert_int_equal(cli_progress_next_stride(16, CLI_PROGRESS_PERIOD / 4), 16); /* on target */
    unsigned long s = 1;
    for (int i = 0; i < 100; i++)
        s = cli_progress_next_stride(s, 0.0);
    assert_true(s >= 1024 && s <= 65536);                               /* bounded */
}

/* Disabled (stderr not a terminal, or --quiet): nothing is ever written, however long. */
static void test_disabled_writes_nothing(void **state)
{
    (void)state;
    char *text = NULL;
    size_t size = 0;
    FILE *f = open_memstream(&text, &size);
    cli_progress p;
    cli_progress_start(&p, f, false, cli_progress_clock() - 100.0);
    for (int i = 0; i < 100000; i++)
        cli_progress_step(&p);
    cli_progress_clear(&p);
    fclose(f);
    assert_int_equal(size, 0);
    assert_int_equal(p.done, 100000);
    free(text);
}

/* Enabled and past the delay: a '\r' line with the count, then erased with spaces and '\r'. */
static void test_draw_and_clear(void **state)
{
    (void)state;
    char *text = NULL;
    size_t size = 0;
    FILE *f = open_memstream(&text, &size);
    cli_progress p;
    cli_progress_start(&p, f, true, cli_progress_clock());
    cli_progress_step(&p); /* within the first second: nothing */
    fflush(f);
    assert_int_equal(size, 0);
    p.start -= 2.0; /* as if the batch had started two seconds ago */
    p.until_check = 1;
    cli_progress_step(&p);
    fflush(f);
    assert_true(size > 0);
    assert_int_equal(text[0], '\r');
    assert_non_null(strstr(text, "ojdoku: 2 puzzles, "));
    size_t drawn = size, shown = p.shown;
    assert_int_equal(shown, drawn - 1); /* the line without its '\r' */
    cli_progress_clear(&p);
    fflush(f);
    /* the clear covers the whole line with spaces and returns to its start */
    assert_int_equal(size - drawn, shown + 2);
    assert_int_equal(text[drawn], '\r');
    assert_int_equal(text[size - 1], '\r');
    for (size_t i = drawn + 1; i < size - 1; i++)
        assert_int_equal(text[i], ' ');
    size_t cleared = size;
    cli_progress_clear(&p); /* nothing shown: no output */
    fflush(f);
    assert_int_equal(size, cleared);
    fclose(f);
    free(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_due_after_a_second_then_periodically),
        cmocka_unit_test(test_format),
        cmocka_unit_test(test_stride_adapts),
        cmocka_unit_test(test_disabled_writes_nothing),
        cmocka_unit_test(test_draw_and_clear),
    };
    return cmocka_run_group_tests_name("progress", tests, NULL, NULL);
}
