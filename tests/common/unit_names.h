/*
 * unit_names.h -- the unit types a variant's board has, as ojd_board_find_conflict() names them,
 * written here from the variants' definitions in ojdoku.h (not asked of the library) for the
 * suites that check each variant's conflicts: test_generate and test_kinds.
 */
#ifndef OJD_TEST_UNIT_NAMES_H
#define OJD_TEST_UNIT_NAMES_H

#include "ojdoku.h"

/* Fills names with the unit types of a board of these OJD_UNITS_* bits: rows, columns, boxes
 * or regions, then the extras; returns how many (at most 5). */
static inline int variant_unit_names(unsigned units, const char **names)
{
    int n = 0;
    names[n++] = "row";
    names[n++] = "column";
    names[n++] = units & OJD_UNITS_REGIONS ? "region" : "box";
    if (units & OJD_UNITS_X)
        names[n++] = "diagonal";
    if (units & OJD_UNITS_WINDOKU)
        names[n++] = "window";
    return n;
}

#endif
