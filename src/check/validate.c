/*
 * validate.c -- a strict input validator (testlib's validators, Polygon's validator step): does
 * a test input follow its judge's input grammar exactly as the statement gives it
 * (docs/formats.md), and keep the statement's promises?  The reader is lenient on purpose; this
 * is its strict twin.  The grammar is read off the profile's table entry (format.c): no profile
 * is named here.  A line is reported for its first fault and then read as what it stands for, so
 * one bad cell does not shift the rest; one line is in memory at a time.  The grammar and the
 * order of the reports: docs/checker.md, "The input validator".
 */
#include "check.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The longest line read whole: every judge grammar's lines are far shorter (a 9x9 LeetCode
 * literal is 343 characters); a longer one is a violation of its own. */
#define LINE_CAP 4096

typedef struct vline {
    char text[LINE_CAP + 1];
    size_t len;              /* after the CR and the trailing spaces, which are cut off */
    size_t raw;              /* the length as read (more than LINE_CAP for a long line) */
    long no;                 /* line number, from 1 */
    bool eof;                /* no line: the end of the input */
} vline;

/* A whitespace fault of the current line, reported after its grammar fault. */
typedef struct pending {
    long col;
    const char *message;
} pending;

typedef struct validator {
    FILE *in;
    const ojd_profile *f;
    const ojd_validate_options *opt;
    ojd_violation_fn report;
    void *ctx;
    ojd_validate_report out;
    vline line;
    pending later[3];
    int nlater;
    long lines;              /* lines read so far */
    bool io_error;
    /* the case being read */
    int side;
    bool letters;
    signed char value_of[256]; /* symbol -> value, 0 for the blank, -1 for anything else */
    char alphabet[64];       /* "1-9, or '0' for a blank": for messages */
    ojd_board board;
    uint8_t walls[OJD_MAX_CELLS]; /* a profile with walls: each cell's wall bits (number >> 4) */
    char cage_id[OJD_MAX_CELLS]; /* a killer profile's (CodinGame's): each cell's cage letter */
    long cell_line[OJD_MAX_CELLS];
    int cell_col[OJD_MAX_CELLS];
    bool malformed;
    ojd_engine *engine;
    ojd_result result;
} validator;

static void violate(validator *v, ojd_status code, long line, long col, const char *fmt, ...)
    OJD_PRINTF(5, 6);

static void violate(validator *v, ojd_status code, long line, long col, const char *fmt, ...)
{
    ojd_error e;
    va_list ap;
    va_start(ap, fmt);
    ojd_error_vset(&e, code, line, col, fmt, ap);
    va_end(ap);
    v->out.violations++;
    if (v->report)
        v->report(v->ctx, &e);
}

/* ---- lines ------------------------------------------------------------------------------- */

/* Reports the current line's whitespace faults, then reads the next line. */
static void advance(validator *v)
{
    for (int i = 0; i < v->nlater; i++)
        violate(v, OJD_ERR_PARSE, v->line.no, v->later[i].col, "%s", v->later[i].message);
    v->nlater = 0;
    vline *l = &v->line;
    if (l->eof)
        return;
    l->len = l->raw = 0;
    int c;
    while ((c = getc(v->in)) != EOF && c != '\n') {
        if (l->raw < LINE_CAP)
            l->text[l->raw] = (char)c;
        l->raw++;
    }
    if (ferror(v->in))
        v->io_error = true;
    if (c == EOF && l->raw == 0) {
        l->eof = true;
        return;
    }
    l->no = ++v->lines;
    l->len = l->raw < LINE_CAP ? l->raw : LINE_CAP;
    l->text[l->len] = '\0';
    if (l->raw > LINE_CAP)
        return; /* reported as the line's own fault */
    if (l->len > 0 && l->text[l->len - 1] == '\r') {
        v->later[v->nlater++] = (pending){(long)l->len, "carriage return at the end of the line "
                                          "(lines end with LF only)"};
        l->text[--l->len] = '\0';
    }
    size_t end = l->len;
    while (end > 0 && (l->text[end - 1] == ' ' || l->text[end - 1] == '\t'))
        end--;
    if (end < l->len) {
        if (!v->f->trailing_spaces) /* a profile whose official data has them takes them */
            v->later[v->nlater++] = (pending){(long)end + 1, "trailing whitespace"};
        l->len = end;
        l->text[end] = '\0';
    }
    if (c == EOF)
        v->later[v->nlater++] = (pending){(long)l->raw + 1, "no newline at the end of the file"};
}

static bool is_empty(const validator *v) { return !v->line.eof && v->line.len == 0; }

static bool line_is(const validator *v, const char *text)
{
    /* the whole line: a NUL in it ("end\0junk") makes it no keyword, not a shorter one */
    size_t n = strlen(text);
    return !v->line.eof && v->line.len == n && memcmp(v->line.text, text, n) == 0;
}

/* Where the input ends, for "missing X at the end" faults. */
static long end_line(const validator *v) { return v->lines + 1; }

/*
 * Faults of the line as bytes: too long, or a byte that is no printable ASCII (a tab, a stray
 * CR, a NUL, UTF-8).  Reports the first and returns false.
 */
static bool clean_bytes(validator *v)
{
    const vline *l = &v->line;
    if (l->raw > LINE_CAP) {
        violate(v, OJD_ERR_PARSE, l->no, LINE_CAP + 1, "the line is longer than %d characters",
                LINE_CAP);
        return false;
    }
    for (size_t i = 0; i < l->len; i++) {
        unsigned char c = (unsigned char)l->text[i];
        if (c == '\t') {
            violate(v, OJD_ERR_PARSE, l->no, (long)i + 1, "a tab (cells are separated by one "
                    "space, where they are separated at all)");
            return false;
        }
        if (c < 0x20 || c >= 0x7f) {
            violate(v, OJD_ERR_PARSE, l->no, (long)i + 1, "byte 0x%02x is not printable ASCII", c);
            return false;
        }
    }
    return true;
}

/* A decimal number without sign, spaces or leading zeros, the whole line; false if not. */
static bool validate_whole_number(const validator *v, unsigned long *value)
{
    const char *t = v->line.text;
    if (v->line.eof || v->line.len == 0 || v->line.len > 9 || t[0] < '1' || t[0] > '9')
        return false;
    unsigned long n = 0;
    for (size_t i = 0; i < v->line.len; i++) {
        if (t[i] < '0' || t[i] > '9')
            return false;
        n = n * 10 + (unsigned long)(t[i] - '0');
    }
    *value = n;
    return true;
}

/* Whether the line is digits alone that the reader takes for a number (a count line), not for
 * a row: the reader's own rule (ojd_digits_are_number()), so that the two agree on what the first
 * line of a file is ("4002" over 4x4 digit rows is a count of 4002 cases to solve and check). */
static bool reads_as_number(const vline *l)
{
    if (l->eof || l->len == 0)
        return false;
    for (size_t i = 0; i < l->len; i++)
        if (l->text[i] < '0' || l->text[i] > '9')
            return false;
    return ojd_digits_are_number(l->len);
}

/* ---- cells ------------------------------------------------------------------------------- */

/* The alphabet of a side: the values' symbols and the profile's blank. */
static void set_side(validator *v, int side)
{
    v->side = side;
    memset(v->value_of, -1, sizeof v->value_of);
    for (int val = 1; val <= side; val++)
        v->value_of[(unsigned char)ojd_symbol(val, v->letters)] = (signed char)val;
    v->value_of[(unsigned char)v->f->blank] = 0;
    char first = ojd_symbol(1, v->letters), last = ojd_symbol(side, v->letters);
    if (side == 1)
        snprintf(v->alphabet, sizeof v->alphabet, "%c, or '%c' for a blank", first, v->f->blank);
    else
        snprintf(v->alphabet, sizeof v->alphabet, "%c-%c, or '%c' for a blank", first, last,
                 v->f->blank);
    ojd_board_init_side(&v->board, side);
}

/* Cell k of the case from character c at line:col; false (reported) if c is not a cell. */
static bool validate_put_cell(validator *v, int k, char c, long line, int col)
{
    int val = v->value_of[(unsigned char)c];
    if (val < 0) {
        violate(v, OJD_ERR_PARSE, line, col, "'%c' is not a cell: %s", c, v->alphabet);
        return false;
    }
    v->board.cell[k] = (uint8_t)val;
    v->cell_line[k] = line;
    v->cell_col[k] = col;
    return true;
}

/* Row r of a case with walls (HDU 4069): side numbers 0..255 separated by one space, no
 * leading zero; each is the value (its low four bits, 0 a blank) plus the wall bits 16 up, 32
 * right, 64 down, 128 left.  One fault reported at most. */
static bool read_walled_row(validator *v, int r)
{
    const vline *l = &v->line;
    const char *t = l->text;
    int n = v->side;
    size_t i = 0;
    for (int c = 0; c < n; c++) {
        if (c > 0 && (i >= l->len || t[i++] != ' ')) {
            violate(v, OJD_ERR_PARSE, l->no, (long)i + 1, "the row has %d numbers; rows have %d",
                    c, n);
            return false;
        }
        size_t start = i;
        unsigned number = 0;
        while (i < l->len && t[i] >= '0' && t[i] <= '9' && i - start < 3)
            number = number * 10 + (unsigned)(t[i++] - '0');
        if (i == start || (i < l->len && t[i] != ' ') || number > 255 ||
            (t[start] == '0' && i - start > 1) || (number & 15) > (unsigned)n) {
            violate(v, OJD_ERR_PARSE, l->no, (long)start + 1, "a cell is a number 0-255: its "
                    "value 0-%d plus 16, 32, 64, 128 for walls up, right, down, left", n);
            return false;
        }
        v->board.cell[r * n + c] = (uint8_t)(number & 15);
        v->walls[r * n + c] = (uint8_t)(number >> 4);
        v->cell_line[r * n + c] = l->no;
        v->cell_col[r * n + c] = (int)start + 1;
    }
    if (i < l->len) {
        violate(v, OJD_ERR_PARSE, l->no, (long)i + 1, "the row has more than %d numbers", n);
        return false;
    }
    return true;
}

/* The walls of a case (read_walled_row()): each seen from both sides, and closing side
 * connected regions of side cells (the board's own check), which the board then has.  One fault
 * reported at most. */
static bool check_walls(validator *v)
{
    enum { UP = 1, RIGHT = 2, DOWN = 4, LEFT = 8 };
    int n = v->side, cells = n * n;
    const uint8_t *w = v->walls;
    for (int i = 0; i < cells; i++) {
        bool right_ok = i % n == n - 1 || !(w[i] & RIGHT) == !(w[i + 1] & LEFT);
        bool down_ok = i / n == n - 1 || !(w[i] & DOWN) == !(w[i + n] & UP);
        if (!right_ok || !down_ok) {
            violate(v, OJD_ERR_PARSE, v->cell_line[i], v->cell_col[i], "the cell's %s wall is "
                    "not the %s wall of the cell %s", right_ok ? "down" : "right",
                    right_ok ? "up" : "left", right_ok ? "below" : "on its right");
            return false;
        }
    }
    uint8_t region[OJD_MAX_CELLS];
    int stack[OJD_MAX_CELLS], regions = 0;
    memset(region, 0xff, sizeof region); /* every cell: no region yet */
    for (int first = 0; first < cells && regions <= n; first++) {
        if (region[first] != 0xff)
            continue;
        int top = 0;
        region[first] = (uint8_t)regions;
        stack[top++] = first;
        while (top > 0) {
            int i = stack[--top], r = i / n, c = i % n;
            int next[4] = {r > 0 && !(w[i] & UP) ? i - n : -1,
                           c < n - 1 && !(w[i] & RIGHT) ? i + 1 : -1,
                           r < n - 1 && !(w[i] & DOWN) ? i + n : -1,
                           c > 0 && !(w[i] & LEFT) ? i - 1 : -1};
            for (int d = 0; d < 4; d++)
                if (next[d] >= 0 && region[next[d]] == 0xff) {
                    region[next[d]] = (uint8_t)regions;
                    stack[top++] = next[d];
                }
        }
        regions++;
    }
    ojd_error why;
    if (regions != n || ojd_board_set_regions(&v->board, region, &why) != OJD_OK) {
        violate(v, OJD_ERR_PARSE, v->cell_line[0], 1, "the walls do not close %d regions of %d "
                "cells (%s)", n, n, regions != n ? "another number of regions" : why.message);
        return false;
    }
    return true;
}

/* ---- killer cages (CodinGame's form) ------------------------------------------------------- */

/* A cage id of the statement: "an identifier from a to z and A to Z". */
static bool cage_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

/* Row r of a killer: its side cells, one space, side cage ids.  One fault reported at most. */
static bool read_caged_row(validator *v, int r)
{
    const vline *l = &v->line;
    const char *t = l->text;
    int n = v->side;
    if (l->len != (size_t)(2 * n + 1) || t[n] != ' ') {
        violate(v, OJD_ERR_PARSE, l->no, l->len > (size_t)n && t[n] != ' ' ? n + 1 : 1,
                "the row is %zu characters long; rows are %d cells, one space and %d cage ids "
                "(a to z, A to Z)", l->len, n, n);
        return false;
    }
    for (int c = 0; c < n; c++)
        if (!validate_put_cell(v, r * n + c, t[c], l->no, c + 1))
            return false;
    for (int c = 0; c < n; c++) {
        if (!cage_letter(t[n + 1 + c])) {
            violate(v, OJD_ERR_PARSE, l->no, n + 2 + c, "'%c' is not a cage id: a to z, A to Z",
                    t[n + 1 + c]);
            return false;
        }
        v->cage_id[r * n + c] = t[n + 1 + c];
    }
    return true;
}

/* The line of sums after a killer's rows: "ID=SUM" for every cage of the rows, separated by one
 * space, no leading zero; then the cages on the board.  One fault reported at most. */
static bool read_cage_sums(validator *v)
{
    const vline *l = &v->line;
    const char *t = l->text;
    int cells = v->side * v->side, number[128] = {0}, count = 0;
    int cage[OJD_MAX_CELLS], sum[OJD_MAX_CAGES] = {0};
    char id_of[OJD_MAX_CAGES + 1];
    for (int i = 0; i < cells; i++) {
        unsigned char id = (unsigned char)v->cage_id[i];
        if (!number[id]) {
            number[id] = ++count;
            id_of[count] = (char)id;
        }
        cage[i] = number[id];
    }
    bool given[OJD_MAX_CAGES + 1] = {false};
    size_t i = 0;
    while (i < l->len) {
        size_t n = strspn(t + i + 2 < t + l->len ? t + i + 2 : "", "0123456789");
        unsigned char id = (unsigned char)t[i];
        if (i + 2 >= l->len || !cage_letter(t[i]) || t[i + 1] != '=' || n == 0 || n > 3 ||
            t[i + 2] == '0' || (i + 2 + n < l->len && t[i + 2 + n] != ' ') ||
            (i + 2 + n + 1 == l->len)) {
            violate(v, OJD_ERR_PARSE, l->no, (long)i + 1, "expected ID=SUM (a cage id, '=', its "
                    "sum), separated by one space");
            return false;
        }
        if (!number[id] || given[number[id]]) {
            violate(v, OJD_ERR_PARSE, l->no, (long)i + 1, number[id] ? "a second sum for cage "
                    "'%c'" : "no cage '%c' in the rows", t[i]);
            return false;
        }
        given[number[id]] = true;
        sum[number[id] - 1] = atoi(t + i + 2);
        i += 2 + n + 1;
    }
    for (int k = 1; k <= count; k++)
        if (!given[k]) {
            violate(v, OJD_ERR_PARSE, l->no, (long)l->len + 1, "cage '%c' has no sum", id_of[k]);
            return false;
        }
    ojd_error why;
    if (ojd_board_set_cages(&v->board, cage, sum, count, &why) != OJD_OK) {
        violate(v, OJD_ERR_PARSE, l->no, 1, "the cages are not a killer's: %s", why.message);
        return false;
    }
    return true;
}

/* The value of a number cell of n characters at t: a decimal without sign or leading zero
 * (the one digit 0 aside), at most 1000000000; -1 otherwise. */
static long cell_number(const char *t, size_t n)
{
    if (n == 0 || n > 10 || (t[0] == '0' && n > 1))
        return -1;
    long value = 0;
    for (size_t i = 0; i < n; i++) {
        if (t[i] < '0' || t[i] > '9')
            return -1;
        value = value * 10 + (t[i] - '0');
    }
    return value <= 1000000000L ? value : -1;
}

/* Row r of a spaced grid of numbers (sides above 9, or a profile with values): side numbers
 * separated by one space.  Each is a value 1..side or, with values, any number the statement's
 * bound allows (outside 1..side the cell is OJD_CELL_OUTSIDE, a no); the blank symbol is a
 * blank.  One fault reported at most. */
static bool read_number_row(validator *v, int r)
{
    const vline *l = &v->line;
    const ojd_profile *f = v->f;
    int n = v->side;
    size_t i = 0;
    for (int c = 0; c < n; c++) {
        if (c > 0 && (i >= l->len || l->text[i++] != ' ')) {
            violate(v, OJD_ERR_PARSE, l->no, (long)i + 1, "the row has %d cells; rows have %d "
                    "numbers separated by one space", c, n);
            return false;
        }
        size_t end = i;
        while (end < l->len && l->text[end] != ' ')
            end++;
        long value = cell_number(l->text + i, end - i);
        bool blank = end == i + 1 && f->blank && l->text[i] == f->blank;
        bool in_bound = f->max_value ? value >= f->min_value && value <= f->max_value
                                     : value >= 0;
        if (!blank && (value < 1 || value > n) && !(f->any_values && in_bound)) {
            if (f->any_values && f->max_value)
                violate(v, OJD_ERR_PARSE, l->no, (long)i + 1, "'%.*s' is not a number from %ld "
                        "to %ld (the statement's values)", (int)(end - i), l->text + i,
                        f->min_value, f->max_value);
            else
                violate(v, OJD_ERR_PARSE, l->no, (long)i + 1, "'%.*s' is not a cell: 1-%d%s%c%s",
                        (int)(end - i), l->text + i, n, f->blank ? ", or '" : "",
                        f->blank ? f->blank : ' ', f->blank ? "' for a blank" : "");
            return false;
        }
        v->board.cell[r * n + c] = blank ? 0 : value > n || value < 1 ? OJD_CELL_OUTSIDE
                                                                      : (uint8_t)value;
        v->cell_line[r * n + c] = l->no;
        v->cell_col[r * n + c] = (int)i + 1;
        i = end;
    }
    if (i < l->len) {
        violate(v, OJD_ERR_PARSE, l->no, (long)i + 1, "the row has more than %d cells", n);
        return false;
    }
    return true;
}

static bool validate_ends_grid(const validator *v);

/* Before row r of a drawn grid: the rule between bands where a band ends, as the writer draws
 * it (dashes as wide as a row, or "------+-------+------"), is taken, reported when it is not
 * the rule; a line that is no rule is left for the row, the rule reported missing.  false when
 * the case ends there or the row's line is bad (reported). */
static bool take_band_rule(validator *v, int r)
{
    int box_rows = v->board.box_rows, box_cols = v->board.box_cols;
    if (r == 0 || r % box_rows != 0)
        return true;
    char rule[LINE_CAP + 1];
    size_t k = 0;
    for (int s = 0; s < v->side / box_cols; s++) {
        if (s > 0)
            k += (size_t)snprintf(rule + k, sizeof rule - k, v->f->rule_dashes ? "---" : "-+-");
        for (int d = 0; d < 2 * box_cols - 1; d++)
            rule[k++] = '-';
    }
    rule[k] = '\0';
    const vline *l = &v->line;
    bool ruled = l->len > 0 && strspn(l->text, "-+=") == l->len;
    if (!ruled || strcmp(l->text, rule) != 0)
        violate(v, OJD_ERR_PARSE, l->no, 1, "expected the rule \"%s\" between bands (rows %d "
                "and %d)", rule, r, r + 1);
    if (!ruled)
        return true;
    advance(v);
    if (validate_ends_grid(v)) {
        violate(v, OJD_ERR_PARSE, l->eof ? l->no - 1 : l->no, 1, "the case ends after %d of "
                "its %d rows", r, v->side);
        return false;
    }
    return clean_bytes(v);
}

/* Row r of a grid drawn as a pretty profile's output draws it (Jutge.org P89454; `generate`
 * writes a pretty profile's input so): one-character cells separated by one space, " | "
 * between boxes, after the band's rule where a band ends. */
static bool read_drawn_row(validator *v, int r)
{
    if (!take_band_rule(v, r))
        return false;
    const vline *l = &v->line;
    const char *t = l->text;
    int n = v->side, box_cols = v->board.box_cols;
    size_t i = 0;
    for (int c = 0; c < n; c++) {
        const char *gap = c == 0 ? "" : c % box_cols == 0 ? " | " : " ";
        size_t g = strlen(gap);
        if (i >= l->len) {
            violate(v, OJD_ERR_PARSE, l->no, (long)i + 1, "the row has %d cells; rows have %d",
                    c, n);
            return false;
        }
        if (strncmp(t + i, gap, g) != 0) {
            violate(v, OJD_ERR_PARSE, l->no, (long)i + 1, "expected \"%s\" before cell %d (a "
                    "row is drawn with \" | \" between boxes)", gap, c + 1);
            return false;
        }
        i += g;
        if (!validate_put_cell(v, r * n + c, t[i], l->no, (int)i + 1))
            return false;
        i++;
    }
    if (i < l->len) {
        violate(v, OJD_ERR_PARSE, l->no, (long)i + 1, "the row has more than %d cells", n);
        return false;
    }
    return true;
}

/* Row r of a spaced grid of one-character cells: side cells separated by one space. */
static bool read_spaced_row(validator *v, int r)
{
    const vline *l = &v->line;
    const char *t = l->text;
    int n = v->side;
    /* count the cells first, so that a wrong width is one fault */
    int cells = 0;
    long past = 0; /* where the cell past the last one starts */
    for (size_t i = 0; i < l->len; i++)
        if (t[i] != ' ' && (i == 0 || t[i - 1] == ' ')) {
            if (++cells == n + 1)
                past = (long)i + 1;
        }
    if (cells == 1 && l->len == (size_t)n && n > 1) { /* a packed row: say so, not "1 cell" */
        violate(v, OJD_ERR_PARSE, l->no, 2, "the row is %d characters with nothing between "
                "them; rows are %d cells separated by one space", n, n);
        return false;
    }
    if (cells != n) {
        violate(v, OJD_ERR_PARSE, l->no, cells > n ? past : (long)l->len + 1,
                "the row has %d cell%s; rows have %d", cells, cells == 1 ? "" : "s", n);
        return false;
    }
    size_t i = 0;
    for (int c = 0; c < n; c++, i++) {
        if (c > 0 && t[i++] != ' ') { /* t[i - 1] is the cell's second character */
            violate(v, OJD_ERR_PARSE, l->no, (long)i, "cells are one character each, "
                    "separated by one space");
            return false;
        }
        if (t[i] == ' ') {
            violate(v, OJD_ERR_PARSE, l->no, (long)i + 1, c == 0 ? "a space before the first "
                    "cell" : "two spaces between cells (cells are separated by one space)");
            return false;
        }
        if (!validate_put_cell(v, r * n + c, t[i], l->no, (int)i + 1))
            return false;
    }
    if (i < l->len) {
        violate(v, OJD_ERR_PARSE, l->no, (long)i + 1, "cells are one character each, separated "
                "by one space");
        return false;
    }
    return true;
}

/* Row r of a framed grid (profile key frame: COCI 2023/24 #1), "|52.|...|.81|": a '|' before
 * each box's cells and after the last.  One fault reported at most. */
static bool read_framed_row(validator *v, int r)
{
    const vline *l = &v->line;
    int n = v->side, bc = v->board.box_cols;
    size_t i = 0;
    for (int c = 0; c <= n; c++) {
        if (c % bc == 0) {
            if (i >= l->len || l->text[i] != '|') {
                violate(v, OJD_ERR_PARSE, l->no, (long)i + 1, "expected '|': a row is drawn as "
                        "%d boxes of %d cells, each after a '|', and a '|' at its end", n / bc,
                        bc);
                return false;
            }
            i++;
        }
        if (c == n)
            break;
        if (i >= l->len) {
            violate(v, OJD_ERR_PARSE, l->no, (long)i + 1, "the row ends after %d of %d cells",
                    c, n);
            return false;
        }
        if (!validate_put_cell(v, r * n + c, l->text[i], l->no, (int)i + 1))
            return false;
        i++;
    }
    if (i < l->len) {
        violate(v, OJD_ERR_PARSE, l->no, (long)i + 1, "text after the row's last '|'");
        return false;
    }
    return true;
}

/* The rule line of a framed grid above, between and below its bands, "+---+---+---+"
 * (box_cols dashes a box).  A row where a rule belongs is reported and left for the rows. */
static bool read_frame_rule(validator *v)
{
    char want[2 * OJD_MAX_SIDE + 2];
    size_t n = 0;
    for (int c = 0; c < v->side; c++) {
        if (c % v->board.box_cols == 0)
            want[n++] = '+';
        want[n++] = '-';
    }
    want[n++] = '+';
    want[n] = '\0';
    if (line_is(v, want)) {
        advance(v);
        return true;
    }
    long col = 1;
    while (!v->line.eof && (size_t)col <= v->line.len && v->line.text[col - 1] == want[col - 1])
        col++;
    violate(v, OJD_ERR_PARSE, v->line.eof ? end_line(v) : v->line.no, col,
            "expected the frame line '%s'", want);
    if (!validate_ends_grid(v) && v->line.text[0] != '|')
        advance(v);
    return false;
}

/* Row r of the case: the current line, spaced or packed.  One fault reported at most. */
static bool read_row(validator *v, int r)
{
    const vline *l = &v->line;
    const char *t = l->text;
    int n = v->side;
    if (v->f->style == OJD_STYLE_PRETTY && v->f->grammar == OJD_GRAMMAR_SPACED)
        return read_drawn_row(v, r);
    if (v->f->walls)
        return read_walled_row(v, r);
    if (v->f->units & OJD_UNITS_KILLER)
        return read_caged_row(v, r);
    if (v->f->frame)
        return read_framed_row(v, r);
    if (v->f->grammar == OJD_GRAMMAR_PACKED) {
        if (l->len != (size_t)n) {
            violate(v, OJD_ERR_PARSE, l->no, (long)(l->len < (size_t)n ? l->len : (size_t)n) + 1,
                    "the row is %zu characters long; rows are %d cells, one character each, "
                    "nothing between them", l->len, n);
            return false;
        }
        for (int c = 0; c < n; c++)
            if (!validate_put_cell(v, r * n + c, t[c], l->no, c + 1))
                return false;
        return true;
    }
    /* spaced: numbers above 9x9 or under values, else one character a cell */
    if (v->f->any_values || (n > 9 && !v->letters))
        return read_number_row(v, r);
    return read_spaced_row(v, r);
}

/* A whole puzzle on the current line (POJ 3074). */
static bool read_line_case(validator *v)
{
    const vline *l = &v->line;
    size_t cells = (size_t)v->side * (size_t)v->side;
    if (l->len != cells) {
        violate(v, OJD_ERR_PARSE, l->no, (long)(l->len < cells ? l->len : cells) + 1,
                "the puzzle line is %zu characters long; a puzzle is %zu cells on one line, one "
                "character each", l->len, cells);
        return false;
    }
    for (size_t i = 0; i < cells; i++)
        if (!validate_put_cell(v, (int)i, l->text[i], l->no, (int)i + 1))
            return false;
    return true;
}

/* A LeetCode board literal from the current line, exactly [["5","3",...],...] with no spaces;
 * a line may end between two rows, before or after their ',' (LeetCode 36's example prints one
 * row a line, each after the first opening with ','), as the reader takes it. */
static bool validate_read_literal(validator *v)
{
    const vline *l = &v->line;
    const char *t = l->text;
    size_t i = 0;
    int n = v->side;
    /* at a line's end between rows: on to the next line */
#define BETWEEN_ROWS()                                                                           \
    do {                                                                                         \
        if (i == l->len) {                                                                       \
            advance(v);                                                                          \
            if (l->eof) {                                                                        \
                violate(v, OJD_ERR_PARSE, end_line(v), 1, "the input ends inside the board");   \
                return false;                                                                    \
            }                                                                                    \
            if (!clean_bytes(v))                                                                 \
                return false;                                                                    \
            t = l->text;                                                                         \
            i = 0;                                                                               \
        }                                                                                        \
    } while (0)
#define EXPECT(ch, what)                                                                         \
    do {                                                                                         \
        if (t[i] != (ch)) {                                                                      \
            violate(v, OJD_ERR_PARSE, l->no, (long)i + 1, "expected %s", what);                 \
            return false;                                                                        \
        }                                                                                        \
        i++;                                                                                     \
    } while (0)
    EXPECT('[', "'[' opening the board");
    for (int r = 0; r < n; r++) {
        if (r > 0) {
            if (t[i] == ']') {
                violate(v, OJD_ERR_PARSE, l->no, (long)i + 1, "the board has %d row%s; "
                        "boards have %d", r, r == 1 ? "" : "s", n);
                return false;
            }
            BETWEEN_ROWS();
            EXPECT(',', "',' between rows");
            BETWEEN_ROWS();
        }
        EXPECT('[', "'[' opening a row");
        for (int c = 0; c < n; c++) {
            if (c > 0) {
                if (t[i] == ']') {
                    violate(v, OJD_ERR_PARSE, l->no, (long)i + 1, "the row has %d cell%s; "
                            "rows have %d", c, c == 1 ? "" : "s", n);
                    return false;
                }
                EXPECT(',', "',' between cells");
            }
            EXPECT('"', "'\"' opening a cell");
            if (!t[i] || !validate_put_cell(v, r * n + c, t[i], l->no, (int)i + 1)) {
                if (!t[i])
                    violate(v, OJD_ERR_PARSE, l->no, (long)i + 1, "the line ends inside the "
                            "board");
                return false;
            }
            i++;
            EXPECT('"', "'\"' closing a cell (cells are one character)");
        }
        if (t[i] == ',') {
            violate(v, OJD_ERR_PARSE, l->no, (long)i + 1, "the row has more than %d cells", n);
            return false;
        }
        EXPECT(']', "']' closing a row");
    }
    if (t[i] == ',') {
        violate(v, OJD_ERR_PARSE, l->no, (long)i + 1, "the board has more than %d rows", n);
        return false;
    }
    EXPECT(']', "']' closing the board");
#undef EXPECT
#undef BETWEEN_ROWS
    if (i < l->len) {
        violate(v, OJD_ERR_PARSE, l->no, (long)i + 1, "text after the board");
        return false;
    }
    return true;
}

/* ---- the statement's promises ------------------------------------------------------------ */

/* A profile with values: a case with a number outside 1..side (OJD_CELL_OUTSIDE) is no
 * solution, a conflict case; reported where the statement's kinds have none.  false when the
 * case has no such number. */
static bool outside_promise(validator *v, unsigned long index, unsigned kinds,
                            const char *allowed)
{
    int cells = v->side * v->side;
    const uint8_t *outside = memchr(v->board.cell, OJD_CELL_OUTSIDE, (size_t)cells);
    if (!outside)
        return false;
    int at = (int)(outside - v->board.cell);
    if (!(kinds & OJD_KIND_BIT(OJD_OUTCOME_CONFLICT)))
        violate(v, OJD_CONFLICT, v->cell_line[at], v->cell_col[at], "case %lu holds a number "
                "outside 1-%d, so it is no solution: %s input holds only %s cases", index,
                v->side, v->f->name, allowed);
    return true;
}

/* The statement's number of blanks, or bounds on the givens, of case index (at line).  Its own
 * function so that a program of a profile without them leaves it out (package_trim.c). */
static void check_blank_count(validator *v, unsigned long index, long line)
{
    const ojd_profile *f = v->f;
    int cells = v->side * v->side, blanks = 0;
    for (int i = 0; i < cells; i++)
        blanks += v->board.cell[i] == 0;
    int wanted = f->blanks == OJD_NO_BLANKS ? 0 : f->blanks;
    if (f->blanks && blanks != wanted)
        violate(v, OJD_ERR_PARSE, line, 1, "case %lu has %d blank%s; the statement's cases have "
                "exactly %d", index, blanks, blanks == 1 ? "" : "s", wanted);
    int givens = cells - blanks;
    if ((f->min_givens && givens < f->min_givens) || (f->max_givens && givens > f->max_givens))
        violate(v, OJD_ERR_PARSE, line, 1, "case %lu has %d given%s; the statement's cases have "
                "%s %d", index, givens, givens == 1 ? "" : "s",
                f->min_givens && givens < f->min_givens ? "at least" : "at most",
                f->min_givens && givens < f->min_givens ? f->min_givens : f->max_givens);
}

/* The promises a well-formed case must keep: its blanks, and its kind. */
static ojd_status check_promises(validator *v, unsigned long index, long line)
{
    const ojd_profile *f = v->f;
    /* the problem's variant: its diagonals or windows are units of every case (a side without
     * windows is the reader's to refuse) */
    ojd_board_set_extras(&v->board, f->units & OJD_UNITS_EXTRAS);
    if (f->blanks || f->min_givens || f->max_givens)
        check_blank_count(v, index, line);
    unsigned kinds = ojd_profile_kinds(f);
    char allowed[64];
    ojd_kind_list(kinds, allowed, sizeof allowed);
    if (f->any_values && outside_promise(v, index, kinds, allowed))
        return OJD_OK;
    ojd_conflict c;
    if (ojd_board_find_conflict(&v->board, &c)) {
        char why[128];
        ojd_conflict_text(&v->board, &c, why, sizeof why);
        if (kinds & OJD_KIND_BIT(OJD_OUTCOME_CONFLICT))
            return OJD_OK;
        if (c.value > 0)
            violate(v, OJD_CONFLICT, v->cell_line[c.cell_b], v->cell_col[c.cell_b],
                    "case %lu repeats %d in %s %d (also at %ld:%d): %s input holds only %s cases",
                    index, c.value, c.unit, c.index, v->cell_line[c.cell_a],
                    v->cell_col[c.cell_a], f->name, allowed);
        else /* a killer cage's sum, at its first cell */
            violate(v, OJD_CONFLICT, v->cell_line[c.cell_a], v->cell_col[c.cell_a],
                    "case %lu: %s: %s input holds only %s cases", index, why, f->name, allowed);
        return OJD_OK;
    }
    unsigned counted = OJD_KIND_BIT(OJD_OUTCOME_MULTIPLE) | OJD_KIND_BIT(OJD_OUTCOME_UNSOLVABLE);
    if ((kinds & counted) == counted)
        return OJD_OK; /* every count is allowed: no need to solve */
    if (!v->engine && !(v->engine = ojd_engine_new(NULL)))
        return OJD_ERR_NOMEM;
    ojd_search search = {.limit = 2, .max_nodes = v->opt ? v->opt->max_nodes : 0};
    ojd_status st = ojd_engine_solve(v->engine, &v->board, &search, &v->result);
    if (st == OJD_ERR_USAGE && (v->board.units & OJD_UNITS_KILLER)) {
        violate(v, OJD_ERR_USAGE, line, 1, "case %lu: the solver takes no killer cages, so its "
                "solutions were not counted (%s input holds only %s cases)", index, f->name,
                allowed);
        return OJD_OK;
    }
    if (st < 0)
        return st;
    if (st == OJD_LIMIT)
        violate(v, OJD_LIMIT, line, 1, "case %lu: the search budget ran out before its "
                "solutions were counted (%s input holds only %s cases)", index, f->name,
                allowed);
    else if (st == OJD_MULTIPLE && !(kinds & OJD_KIND_BIT(OJD_OUTCOME_MULTIPLE)))
        violate(v, OJD_MULTIPLE, line, 1, "case %lu has two or more solutions: %s input holds "
                "only %s cases", index, f->name, allowed);
    else if (st == OJD_UNSOLVABLE && !(kinds & OJD_KIND_BIT(OJD_OUTCOME_UNSOLVABLE)))
        violate(v, OJD_UNSOLVABLE, line, 1, "case %lu has no solution: %s input holds only %s "
                "cases", index, f->name, allowed);
    return OJD_OK;
}

/* ---- cases ------------------------------------------------------------------------------- */

/* Is the current line one that ends a grid (so it cannot be its row)? */
static bool validate_ends_grid(const validator *v)
{
    return v->line.eof || is_empty(v) || (v->f->in_separator == OJD_SEP_DASHES &&
                                          line_is(v, "---")) ||
           (v->f->terminator && line_is(v, "end"));
}

/* Whether the current line is the next case's box size where no separator stands between
 * cases (Kick Start's): a number alone on its line. */
static bool next_box_size(const validator *v)
{
    unsigned long n;
    return v->f->in_separator == OJD_SEP_NONE && validate_whole_number(v, &n);
}

/* Skips to the next line that ends a grid: after a size line that is no size, the grid's
 * extent is unknown; the next box size ends it too (next_box_size()). */
static void skip_case(validator *v)
{
    while (!validate_ends_grid(v) && !(v->f->size_prefix && next_box_size(v)))
        advance(v);
}

/* The line of a case's box size n (UVa 989), its side n * n into *side; false when the case was
 * skipped.  Its own function so that a program of a profile of one side (which has no such
 * line, profile.c) leaves it out (package_trim.c). */
static bool read_box_size(validator *v, int *side)
{
    const ojd_profile *f = v->f;
    unsigned long n = 0;
    if (!clean_bytes(v)) {
        advance(v);
        skip_case(v);
        return false;
    }
    /* the box sizes the statement allows, from its sides (UVa 989: 1 to 3) */
    int lo = 1, hi = OJD_MAX_BOX;
    while (f->min_side && lo * lo < f->min_side)
        lo++;
    while (f->max_side && hi * hi > f->max_side)
        hi--;
    if (!validate_whole_number(v, &n) || n > OJD_MAX_BOX || n == 0) {
        violate(v, OJD_ERR_PARSE, v->line.no, 1, "expected the box size n (a number from %d "
                "to %d) alone on the line before the grid", lo, hi);
        advance(v);
        skip_case(v);
        return false;
    }
    *side = (int)(n * n);
    if ((f->min_side && *side < f->min_side) || (f->max_side && *side > f->max_side))
        violate(v, OJD_ERR_PARSE, v->line.no, 1, "box size %lu gives %dx%d grids; the "
                "statement allows box sizes %d to %d (%dx%d to %dx%d)", n, *side, *side, lo, hi,
                f->min_side, f->min_side, f->max_side, f->max_side);
    advance(v);
    return true;
}

/* One case, from its first line (the current one, which is not empty). */
static ojd_status validate_read_case(validator *v)
{
    const ojd_profile *f = v->f;
    unsigned long index = ++v->out.cases;
    long first = v->line.no;
    if (f->max_cases && index == f->max_cases + 1 && f->count_line != 1)
        violate(v, OJD_ERR_PARSE, first, 1, "case %lu is past the statement's bound of %lu "
                "case%s", index, f->max_cases, f->max_cases == 1 ? "" : "s");
    v->malformed = false;
    int side = f->side ? f->side : f->min_side == f->max_side ? f->max_side : 0;
    if (f->size_prefix && !read_box_size(v, &side))
        return OJD_OK;
    if (f->in_header) {
        char header[64];
        ojd_template_expand(header, sizeof header, f->in_header,
                            &(ojd_template_vars){.index = index});
        if (line_is(v, header)) {
            advance(v);
        } else if (!validate_ends_grid(v)) {
            if (clean_bytes(v))
                violate(v, OJD_ERR_PARSE, v->line.no, 1, "expected the header line '%s'",
                        header);
            /* a line as long as a row is taken as the first row of a case without a header */
            if (v->line.len != (size_t)side)
                advance(v);
        }
    }
    set_side(v, side);
    if (f->grammar == OJD_GRAMMAR_LINE || f->grammar == OJD_GRAMMAR_LITERAL) {
        if (validate_ends_grid(v)) {
            violate(v, OJD_ERR_PARSE, v->line.eof ? end_line(v) : v->line.no, 1,
                    "expected case %lu", index);
            return OJD_OK;
        }
        bool ok = clean_bytes(v) && (f->grammar == OJD_GRAMMAR_LINE ? read_line_case(v)
                                                                   : validate_read_literal(v));
        advance(v);
        return ok ? check_promises(v, index, first) : OJD_OK;
    }
    bool ok = true;
    for (int r = 0; r < side; r++) {
        /* where the grammar has no empty line at all, one inside a grid is just one too many */
        while (is_empty(v) && f->in_separator == OJD_SEP_NONE) {
            violate(v, OJD_ERR_PARSE, v->line.no, 1, "an empty line (the statement has none)");
            advance(v);
        }
        if (f->frame && r % v->board.box_rows == 0 && !(clean_bytes(v) && read_frame_rule(v)))
            ok = false;
        if (validate_ends_grid(v)) {
            violate(v, OJD_ERR_PARSE, v->line.eof ? end_line(v) : v->line.no, 1,
                    "case %lu ends after %d of its %d rows", index, r, side);
            return OJD_OK;
        }
        if (!clean_bytes(v) || !read_row(v, r))
            ok = false;
        advance(v);
    }
    if (f->frame && !(clean_bytes(v) && read_frame_rule(v)))
        ok = false;
    if (ok && f->walls)
        ok = check_walls(v);
    if (f->units & OJD_UNITS_KILLER) { /* the line of sums, read even after a bad row */
        if (validate_ends_grid(v)) {
            violate(v, OJD_ERR_PARSE, v->line.eof ? end_line(v) : v->line.no, 1,
                    "case %lu ends before its line of cage sums", index);
            return OJD_OK;
        }
        ok = clean_bytes(v) && ok && read_cage_sums(v);
        advance(v);
    }
    return ok ? check_promises(v, index, first) : OJD_OK;
}

/* The separator before a case after the first; false at the end of the cases (end of input, or
 * the terminator), with any faults reported.  Repeated separators are reported once it is known
 * whether more cases follow, so that the faults stay in line order. */
static bool read_separator(validator *v)
{
    ojd_separator sep = v->f->in_separator;
    const char *noun = sep == OJD_SEP_DASHES ? "'---' line" : "empty line";
    long sep_line = 0, extra[8];
    int nextra = 0;
    for (;;) {
        if ((sep == OJD_SEP_BLANK && is_empty(v)) || (sep == OJD_SEP_DASHES && line_is(v, "---"))) {
            if (!sep_line)
                sep_line = v->line.no;
            else if (nextra < 8)
                extra[nextra++] = v->line.no;
            else
                violate(v, OJD_ERR_PARSE, v->line.no, 1, "another %s", noun);
        } else if (is_empty(v)) {
            violate(v, OJD_ERR_PARSE, v->line.no, 1, "an empty line (%s)",
                    sep == OJD_SEP_DASHES ? "cases are separated by a line '---' alone"
                                          : "the statement has none");
            if (sep == OJD_SEP_DASHES && !sep_line)
                sep_line = v->line.no; /* a separator, if the wrong one: one fault, not two */
        } else {
            break;
        }
        advance(v);
    }
    bool more = !v->line.eof && !(v->f->terminator && line_is(v, "end"));
    if (!more && sep_line)
        violate(v, OJD_ERR_PARSE, sep_line, 1, "a%s %s after the last case (separators go "
                "between cases)", sep == OJD_SEP_DASHES ? "" : "n", noun);
    for (int i = 0; i < nextra; i++)
        violate(v, OJD_ERR_PARSE, extra[i], 1, "another %s %s", noun,
                more ? "between cases (one separates them)" : "after the last case");
    if (more && sep != OJD_SEP_NONE && !sep_line)
        violate(v, OJD_ERR_PARSE, v->line.no, 1, "%s is missing between case %lu and case %lu",
                sep == OJD_SEP_DASHES ? "the line '---'" : "the empty line", v->out.cases,
                v->out.cases + 1);
    return more;
}

static ojd_status validate(validator *v)
{
    const ojd_profile *f = v->f;
    advance(v);
    if (v->line.eof) {
        violate(v, OJD_ERR_PARSE, 1, 1, "the file is empty");
        return OJD_OK;
    }
    /* the count line */
    unsigned long count = 0;
    long count_line = 0;
    if (f->count_line == 1) {
        if (!clean_bytes(v)) {
            advance(v);
        } else if (f->grammar == OJD_GRAMMAR_PACKED && v->line.len == (size_t)f->side &&
                   !reads_as_number(&v->line)) {
            violate(v, OJD_ERR_PARSE, v->line.no, 1, "the count line is missing (the first line "
                    "is a row)");
        } else if (validate_whole_number(v, &count)) {
            count_line = v->line.no;
            if (f->max_cases && count > f->max_cases)
                violate(v, OJD_ERR_PARSE, v->line.no, 1, "the count %lu is above the "
                        "statement's bound of %lu case%s", count, f->max_cases,
                        f->max_cases == 1 ? "" : "s");
            advance(v);
        } else {
            violate(v, OJD_ERR_PARSE, v->line.no, 1, "expected the number of cases (a positive "
                    "number, no sign, no leading zero) alone on the first line");
            advance(v);
        }
    }
    /* a statement whose every case starts with an empty line has one before the first */
    if (f->in_separator_first) {
        if (is_empty(v))
            advance(v);
        else if (!v->line.eof)
            violate(v, OJD_ERR_PARSE, v->line.no, 1, "expected an empty line (each case starts "
                    "with one)");
    }
    while (is_empty(v)) {
        violate(v, OJD_ERR_PARSE, v->line.no, 1, "an empty line before the first case");
        advance(v);
    }
    for (;;) {
        if (v->out.cases > 0 && !read_separator(v))
            break;
        if (v->line.eof || (f->terminator && line_is(v, "end")))
            break;
        ojd_status st = validate_read_case(v);
        if (st != OJD_OK)
            return st;
    }
    if (f->terminator) {
        if (line_is(v, "end")) {
            advance(v);
            if (!v->line.eof)
                violate(v, OJD_ERR_PARSE, v->line.no, 1, "text after the line 'end'");
        } else {
            violate(v, OJD_ERR_PARSE, end_line(v), 1, "the line 'end' is missing after the "
                    "last case");
        }
    }
    if (v->out.cases == 0)
        violate(v, OJD_ERR_PARSE, count_line ? count_line + 1 : 1, 1, "the file holds no case");
    else if (count_line && count != v->out.cases)
        violate(v, OJD_ERR_PARSE, count_line, 1, "the count line says %lu case%s but the file "
                "holds %lu", count, count == 1 ? "" : "s", v->out.cases);
    /* the rest (after 'end') is not read further; its whitespace faults are not the file's */
    if (!v->line.eof)
        v->nlater = 0;
    else
        advance(v);
    return OJD_OK;
}

ojd_status ojd_validate_input(FILE *in, const ojd_profile *format,
                              const ojd_validate_options *options, ojd_violation_fn violation,
                              void *ctx, ojd_validate_report *report)
{
    if (report)
        memset(report, 0, sizeof *report);
    /* a grammar of the judge's own, with a blank symbol (or numbers of any value: values) and a
     * size it fixes or prefixes */
    if (!in || !format || format->grammar == OJD_GRAMMAR_AUTO ||
        !(format->blank || format->any_values) ||
        !(format->side || format->size_prefix ||
          (format->max_side && format->min_side == format->max_side)))
        return OJD_ERR_INVALID;
    validator *v = calloc(1, sizeof *v);
    if (!v)
        return OJD_ERR_NOMEM;
    v->in = in;
    v->f = format;
    v->opt = options;
    v->report = violation;
    v->ctx = ctx;
    v->letters = format->letters;
    ojd_status st = validate(v);
    if (st == OJD_OK && v->io_error)
        st = OJD_ERR_IO;
    if (st == OJD_OK && v->out.violations)
        st = OJD_ERR_PARSE;
    if (report)
        *report = v->out;
    ojd_engine_free(v->engine);
    free(v);
    return st;
}
