/*
 * fuzz_common.h -- helpers shared by the libFuzzer targets of tests/fuzz/.
 *
 * Every target is a plain LLVMFuzzerTestOneInput(); built with clang -fsanitize=fuzzer it is
 * driven by libFuzzer, built with replay.c it is driven by a loop over corpus files (gcc).
 * A broken invariant calls fuzz_fail(), which aborts so both drivers report the input.
 */
#ifndef OJD_FUZZ_COMMON_H
#define OJD_FUZZ_COMMON_H

#include "ojdoku.h"

#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define fuzz_fail(...)                                                                        \
    do {                                                                                      \
        fprintf(stderr, "fuzz invariant broken at %s:%d: ", __FILE__, __LINE__);             \
        fprintf(stderr, __VA_ARGS__);                                                         \
        fputc('\n', stderr);                                                                  \
        abort();                                                                              \
    } while (0)

/* Number of entries of the NULL-terminated profile table. */
static inline size_t fuzz_format_count(void)
{
    size_t n = 0;
    const ojd_profile *const *list = ojd_profile_list();
    while (list[n])
        n++;
    return n;
}

/* Number of entries of the NULL-terminated solver table ("auto" first). */
static inline size_t fuzz_solver_count(void)
{
    size_t n = 0;
    const ojd_solver *const *list = ojd_solver_list();
    while (list[n])
        n++;
    return n;
}

/* The profile chosen by a selector byte: 0 = detect (NULL), else one entry of the table. */
static inline const ojd_profile *fuzz_pick_format(unsigned selector)
{
    size_t n = fuzz_format_count();
    size_t pick = selector % (n + 1);
    return pick == 0 ? NULL : ojd_profile_list()[pick - 1];
}

/* A board the reader handed out must be well-formed whatever the input was: each cell 0..side,
 * or OJD_CELL_OUTSIDE where the profile (NULL: detection) lets a cell hold any number. */
static inline void fuzz_check_board(const ojd_board *b, const ojd_profile *format)
{
    long min_value, max_value;
    bool outside_allowed = ojd_profile_values(format, &min_value, &max_value);
    if (b->side < 1 || b->side > OJD_MAX_SIDE || b->box_rows < 1 || b->box_cols < 1 ||
        b->box_rows > OJD_MAX_BOX || b->box_cols > OJD_MAX_BOX ||
        b->box_rows * b->box_cols != b->side)
        fuzz_fail("bad shape %dx%d side %d", b->box_rows, b->box_cols, b->side);
    for (int i = 0; i < b->side * b->side; i++)
        if (b->cell[i] > b->side && !(outside_allowed && b->cell[i] == OJD_CELL_OUTSIDE))
            fuzz_fail("cell %d holds %d > side %d", i, b->cell[i], b->side);
}

#endif
