/*
 * killer_line.h -- the benchmark's own reader of the killer line form and its own rule check,
 * shared by bench_killer.c (C) and killer_gecode.cc (C++).  It uses nothing of the library: the
 * rule check must stay apart from every solver it judges, and the Gecode model must read the
 * same puzzles without linking ojdoku.
 *
 * The line form (issue 42): GIVENS:REGIONS:CAGES:SUMS.  GIVENS is 81 characters, '1'-'9' or
 * '.'; REGIONS is empty (boxes: the only unit set this harness reads); CAGES is one symbol per
 * cell, '.' for a cell in no cage; SUMS is comma-separated, one per cage, in the order the cage
 * symbols first appear row by row.  Cages are numbered 1..count in that same order.
 */
#ifndef KILLER_LINE_H
#define KILLER_LINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define KILLER_CELLS 81
#define KILLER_MAX_CAGES 81

typedef struct killer_puzzle {
    uint8_t given[KILLER_CELLS]; /* 0 = blank, else 1..9 */
    uint8_t cage[KILLER_CELLS];  /* 0 = in no cage, else 1..cage_count */
    int cage_count;
    int sum[KILLER_MAX_CAGES + 1]; /* sum[k] of cage k; [0] unused */
} killer_puzzle;

/* Parses one line (without its newline); false with a reason in why (size bytes) if it is not
 * the line form for a 9x9 grid with boxes. */
bool killer_parse(const char *line, size_t len, killer_puzzle *p, char *why, size_t size);

/* Writes p in the line form into out (at least KILLER_LINE_MAX bytes), cage symbols A-Z then a-z
 * in order of first appearance; false when p has more than 52 cages. */
#define KILLER_LINE_MAX 512
bool killer_format(const killer_puzzle *p, char *out);

/* The number of givens of p. */
int killer_givens(const killer_puzzle *p);

/* The rule check: true when grid (81 values) keeps every given of p, has 1..9 once in every
 * row, column and box, and every cage's values are distinct and add up to its sum; otherwise
 * false with the first broken rule in why. */
bool killer_check(const killer_puzzle *p, const uint8_t *grid, char *why, size_t size);

#ifdef __cplusplus
}
#endif

#endif
