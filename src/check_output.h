/*
 * check_output.h -- the checker's reader of OUTPUT and ANSWER (check_output.c): a stream of tokens
 * read in memory that does not grow with the stream, and one case of it read as a profile
 * writes it (a header, a verdict phrase, a grid).  Private to check.c, which judges what is read.
 */
#ifndef OJD_CHECK_OUTPUT_H
#define OJD_CHECK_OUTPUT_H

#include "internal.h"

/* An OUTPUT (or ANSWER) being read: a FILE through a fixed buffer, or a caller's buffer. */
typedef struct ojd_out ojd_out;

/* A stream over size bytes at data (not copied: they must outlive it; NULL is an empty stream),
 * or over a FILE (read on demand, never closed).  NULL when out of memory. */
ojd_out *ojd_out_new_mem(const char *data, size_t size);
ojd_out *ojd_out_new_file(FILE *file);
void ojd_out_free(ojd_out *out);   /* NULL is allowed */

/* Every byte the stream takes, in order, is handed to tap(context, bytes, n) as well: strict
 * framing compares them with the writer's rendering.  Set before ojd_out_start(). */
void ojd_out_tap(ojd_out *out, void (*tap)(void *context, const unsigned char *bytes, size_t n),
                 void *context);
/* Starts reading: a UTF-8 byte order mark is no token (a tap still sees it).  literal: the
 * LeetCode literal's brackets, commas and quoted cells are tokens of their own. */
void ojd_out_start(ojd_out *out, bool literal);
/* Reads the next cases as literals or not (mirrored cases follow their input's grammar). */
void ojd_out_set_literal(ojd_out *out, bool literal);
/* The first bytes of the stream (its first read of up to 64 KiB, a byte order mark included),
 * at hand right after ojd_out_start(); *whole says they are all of it. */
size_t ojd_out_head(const ojd_out *out, const unsigned char **bytes, bool *whole);
/* No token is left. */
bool ojd_out_at_end(ojd_out *out);
/* A read error ended the stream: true, with its errno (0 when unknown) in *error_number. */
bool ojd_out_failed(const ojd_out *out, int *error_number);

/* Takes the "---" tokens that come next (HDU 3111's separators, framing only). */
void ojd_out_skip_dashes(ojd_out *out);
/* Takes a "count N" line (what `ojdoku solve --count` writes after an answer) if it comes next;
 * true when it did. */
bool ojd_out_skip_count_line(ojd_out *out);

/* A place in the stream, to quote from. */
typedef struct ojd_out_pos {
    unsigned long at;
    int off;
} ojd_out_pos;

/* What the output of one case looks like, by the writer's rules (format.c). */
typedef struct ojd_out_shape {
    ojd_style style;
    bool letters;        /* values as letters A = 1 */
    bool single;         /* one character per value: tokens may hold several cells */
    bool dashes;         /* "---" tokens between cases are framing */
    char header[96];     /* the expanded profile header, or the mirrored input label, or "" */
    const char *phrase[OJD_OUTCOME_COUNT_];  /* the text for each outcome, NULL = none */
    char verdict_buf[OJD_OUTCOME_COUNT_][96];
} ojd_out_shape;

/* The shape of case p under format f (the profile that governs it, NULL to mirror). */
void ojd_out_shape_for(ojd_out_shape *shape, const ojd_format *f, const ojd_puzzle *p);

typedef enum ojd_out_kind {
    OJD_OUT_MISSING,     /* the output ended before the case */
    OJD_OUT_HEADER,      /* the header is wrong or missing (detail says how) */
    OJD_OUT_WORD,        /* a verdict phrase: word = its outcome */
    OJD_OUT_GRID,        /* a grid of legal symbols */
    OJD_OUT_BAD_GRID,    /* a grid with a bad symbol or a broken literal (detail) */
    OJD_OUT_SHORT_GRID,  /* the output ended inside the grid (cells read) */
    OJD_OUT_OTHER        /* neither a phrase nor a cell at the start of the case */
} ojd_out_kind;

/* One case as read. */
typedef struct ojd_out_case {
    ojd_out_kind kind;
    int word;
    int cells;
    char detail[160];
    ojd_out_pos body;    /* where the body of the case began */
    ojd_board grid;
} ojd_out_case;

/* Reads one case of a side x side puzzle: [--- separators] [header] (a verdict phrase | a grid),
 * as shape says. */
void ojd_out_read_case(ojd_out *out, const ojd_out_shape *shape, int side, ojd_out_case *c);
/* What was found where `expected` (a phrase; NULL: a grid) was, for "expected X, found Y"
 * messages: the phrase read, "a grid", or the tokens there, quoted. */
void ojd_out_describe(ojd_out *out, const ojd_out_case *c, const ojd_out_shape *shape,
                      const char *expected, char *buf, size_t size);
/* Reads the one number of a sum output (Project Euler 96); false with *why set when there is
 * none. */
bool ojd_out_read_sum(ojd_out *out, unsigned long long *value, char *why, size_t size);

/* A byte as a message shows it: 'x', or "byte 0x00" for what is not printable; returns buf. */
const char *ojd_char_text(int c, char *buf, size_t size);

#endif /* OJD_CHECK_OUTPUT_H */
