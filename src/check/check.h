/*
 * check.h -- the face of the check layer (src/check), private: the checker's reader of a reply
 * (reply.c), what a program printed for an INPUT -- the contestant's OUTPUT or the jury's
 * ANSWER: a stream of tokens read in memory that does not grow with the stream, and one case
 * of it read as a profile writes it (a header, a verdict phrase, a grid).  check.c judges what
 * is read; validate.c checks inputs.  Nothing here is API.  Layer rule: check includes io,
 * solve and core.  ("Output" elsewhere is what the writer makes; here it is only the name of
 * the contestant's file.)
 */
#ifndef OJD_CHECK_H
#define OJD_CHECK_H

#include "io/format.h"

/* An OUTPUT (or ANSWER) being read: a FILE through a fixed buffer, or a caller's buffer. */
typedef struct ojd_reply ojd_reply;

/* A stream over size bytes at data (not copied: they must outlive it; NULL is an empty stream),
 * or over a FILE (read on demand, never closed).  NULL when out of memory. */
ojd_reply *ojd_reply_new_mem(const char *data, size_t size);
ojd_reply *ojd_reply_new_file(FILE *file);
void ojd_reply_free(ojd_reply *out);   /* NULL is allowed */

/* Every byte the stream takes, in order, is handed to tap(context, bytes, n) as well: strict
 * framing compares them with the writer's rendering.  Set before ojd_reply_start(). */
void ojd_reply_tap(ojd_reply *out, void (*tap)(void *context, const unsigned char *bytes, size_t n),
                 void *context);
/* Starts reading: a UTF-8 byte order mark is no token (a tap still sees it).  literal: the
 * LeetCode literal's brackets, commas and quoted cells are tokens of their own. */
void ojd_reply_start(ojd_reply *out, bool literal);
/* Reads the next cases as literals or not (mirrored cases follow their input's grammar). */
void ojd_reply_set_literal(ojd_reply *out, bool literal);
/* The first bytes of the stream (its first read of up to 64 KiB, a byte order mark included),
 * at hand right after ojd_reply_start(); *whole says they are all of it. */
size_t ojd_reply_head(const ojd_reply *out, const unsigned char **bytes, bool *whole);
/* No token is left. */
bool ojd_reply_at_end(ojd_reply *out);
/* A read error ended the stream: true, with its errno (0 when unknown) in *error_number. */
bool ojd_reply_failed(const ojd_reply *out, int *error_number);

/* Takes the "---" tokens that come next (HDU 3111's separators, framing only). */
void ojd_reply_skip_dashes(ojd_reply *out);
/* Whether the next token is text, whole (one token: no white space in text); nothing taken. */
bool ojd_reply_next_is(ojd_reply *out, const char *text);
/* Takes a "count N" line (what `ojdoku solve --count` writes after an answer) if it comes next;
 * true when it did. */
bool ojd_reply_skip_count_line(ojd_reply *out);

/* A place in the stream, to quote from. */
typedef struct ojd_reply_pos {
    unsigned long at;
    int off;
} ojd_reply_pos;

/* What the output of one case looks like, by the writer's rules (format.c). */
typedef struct ojd_reply_shape {
    ojd_style style;
    bool letters;        /* values as letters A = 1 */
    bool single;         /* one character per value: tokens may hold several cells */
    bool dashes;         /* "---" tokens between cases are framing */
    char blank;          /* a deduction's grids hold blanks, written as this; 0 = none */
    char left_blank[8];  /* elsewhere, the symbols of a cell left blank ("?0."): a message says
                          * "cell left blank (?)" of them, not "bad symbol '?'" */
    int blanks_real;     /* how many of them, first, are blanks of the input or the profile;
                          * the rest (0 and '.') are "no value: a cell left blank?" */
    char header[96];     /* the expanded profile header, or the mirrored input label, or "" */
    const char *phrase[OJD_OUTCOME_COUNT_];  /* the text for each outcome, NULL = none */
    bool any_case;       /* the phrases match in any letter case (the profile's word-case; a
                          * judge's case_sensitive flag turns it off) */
    char verdict_buf[OJD_OUTCOME_COUNT_][96];
} ojd_reply_shape;

/* The shape of case p under format f (the profile that governs it, NULL to mirror). */
void ojd_reply_shape_for(ojd_reply_shape *shape, const ojd_profile *f, const ojd_puzzle *p);

typedef enum ojd_reply_kind {
    OJD_REPLY_MISSING,     /* the output ended before the case */
    OJD_REPLY_HEADER,      /* the header is wrong or missing (detail says how) */
    OJD_REPLY_WORD,        /* a verdict phrase: word = its outcome */
    OJD_REPLY_GRID,        /* a grid of legal symbols */
    OJD_REPLY_BAD_GRID,    /* a grid with a bad symbol or a broken literal (detail) */
    OJD_REPLY_SHORT_GRID,  /* the output ended inside the grid (cells read) */
    OJD_REPLY_OTHER        /* neither a phrase nor a cell at the start of the case */
} ojd_reply_kind;

/* One case as read. */
typedef struct ojd_reply_case {
    ojd_reply_kind kind;
    int word;
    int cells;
    char detail[160];
    ojd_reply_pos body;    /* where the body of the case began */
    bool body_met;         /* and where that is in the stream, if anywhere (not at its end) */
    unsigned long long body_at;
    ojd_board grid;
} ojd_reply_case;

/* Reads one case of a side x side puzzle: [--- separators] [header] (a verdict phrase | a grid),
 * as shape says. */
void ojd_reply_read_case(ojd_reply *out, const ojd_reply_shape *shape, int side, ojd_reply_case *c);
/*
 * What was found where `expected` (a phrase; NULL: a grid) was, for "expected X, found Y"
 * messages: the phrase read, or the line from where the case's body begins, quoted as
 * docs/checker.md says (at most 40 characters, bytes escaped), or "the end of the output".
 * Quoting reads the stream on to the end of the line quoted, so it comes once the case is
 * judged: nothing but quotes and ojd_reply_case_lines() may read the stream after it.
 */
void ojd_reply_describe(ojd_reply *out, const ojd_reply_case *c, const ojd_reply_shape *shape,
                      const char *expected, char *buf, size_t size);
/* Reads the one number of a sum output (Project Euler 96); false with *why set when there is
 * none. */
bool ojd_reply_read_sum(ojd_reply *out, unsigned long long *value, char *why, size_t size);

/* A case begins: the next read of it (ojd_reply_read_case(), ojd_reply_read_sum()) notes the line
 * its first token is on, for ojd_reply_case_lines(). */
void ojd_reply_begin_case(ojd_reply *out);
/* The lines of the current case as the stream holds them, count of them from the line it
 * begins on (fewer where the stream ends; read on at most 1 MiB for them), each cut at 100
 * characters (then "...") and escaped as quotes are (a CRLF's CR left out), ended by '\n', into
 * buf (cut at a whole line to fit).  Returns the line the case begins on; 0 (buf "") when the
 * stream ended before it or that line is no longer kept (64 are).  Once the case is judged only,
 * as quotes. */
unsigned long ojd_reply_case_lines(ojd_reply *out, int count, char *buf, size_t size);

/* A byte as a message shows it: 'x', or "byte 0x00" for what is not printable; returns buf. */
const char *ojd_char_text(int c, char *buf, size_t size);

#endif /* OJD_CHECK_H */
