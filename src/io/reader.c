/*
 * reader.c -- pulls puzzles one at a time from a stream, detecting the judge grammar.
 *
 * The model: the stream is read line by line through a fixed buffer (constant memory: a line
 * longer than READER_LINE_CAP is reported and skipped), and each line is classified
 * (classify()) before it is read as cells.  Cells are grouped purely by count: the first cell
 * line of a case fixes the grid's side (from the box size prefix, the profile, or its width and
 * alphabet), then exactly `side` rows are read, or the line holds the whole puzzle.
 *
 * The promise to the caller: every case in the input comes out of ojd_reader_next() exactly once,
 * as a puzzle or as OJD_ERR_PARSE, whatever the bytes, and one bad case never shifts the cases
 * after it.  So a malformed row still counts as a row; an overlong line is a malformed case of
 * its own; a line that is a case by itself (a whole puzzle on one line, a literal, a header,
 * "end") ends a grid instead of being its row; a board literal is bounded; a header with no grid
 * after it is a malformed case; and an input with no case at all is an error.
 *
 * docs/formats.md section 18.9 gives the whole model, section 18 the detection rules (a lone
 * integer, letters, dash-only lines), section 20 the killer forms: GIVENS:REGIONS:CAGES:SUMS
 * (split_tail(), line_cages()), CodinGame's rows (read_caged()), json's "cages" (json_cages()).
 */
#include "format.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define READER_LINE_CAP 16384   /* longest line kept; longer lines are reported and skipped */
#define READER_CHUNK 65536

/* What a line is, before it is read as cells. */
typedef enum line_kind {
    LINE_BLANK,
    LINE_END,
    LINE_DASHES,
    LINE_RULE,      /* a box rule of a pretty-printed grid: ------+-------+------ */
    LINE_HEADER,
    LINE_INTEGER,
    LINE_LITERAL,
    LINE_TOO_LONG,  /* longer than READER_LINE_CAP: whatever it starts with, reported as too long */
    LINE_JSON,      /* a JSON object, as `--format json` writes a case: its "puzzle" is read */
    LINE_CELLS
} line_kind;

/* One line cut into cells. */
typedef struct row_scan {
    int width;          /* number of cells */
    bool spaced;        /* cells were whitespace-separated tokens */
    bool letters;       /* some cell was a letter A..Z */
    bool digits;        /* some cell was a digit 1..9 or a number */
    bool blanks_only;   /* every cell was blank */
    char blank;         /* the first blank symbol seen, or 0 */
    int bad;            /* index of the first cell that is not a symbol, or -1 */
    bool linear;        /* one character per cell: cell k is at column start + k + 1 */
    int start;
} row_scan;

/* The 1-based column of cell k of a scanned line. */
#define CELL_COL(r, s, k) ((s)->linear ? (s)->start + (k) + 1 : (r)->cols[(k)])

struct ojd_reader {
    /* source */
    FILE *in;
    const unsigned char *mem;
    size_t mem_size;
    unsigned char *chunk;
    size_t chunk_pos, chunk_len;
    bool source_eof, io_error;
    char *name;
    const ojd_profile *format;

    /* the current line (NUL-terminated, trailing whitespace and CR removed) */
    char line[READER_LINE_CAP + 1];
    size_t len;
    long lineno;
    bool too_long;
    bool pushed_back;        /* next_line() returns the current line again */
    char letter_blank;       /* the profile's blank when it is a letter, read as '.'; else 0 */
    bool at_start;           /* the BOM check has not run yet */

    /* cells of the current line: values (0 blank, 255 not a symbol) and 1-based columns */
    uint8_t *vals;
    int *cols;
    /* a profile with walls: the wall bits (token >> 4) of the current line's first cells, and
     * those of the case's cells as they are taken */
    uint8_t line_walls[OJD_MAX_SIDE];
    uint8_t walls[OJD_MAX_CELLS];
    /* the one-line forms PUZZLE:REGIONS (jigsaw) and GIVENS:REGIONS:CAGES:SUMS (killer): the
     * current line's text after its first colon (cut off r->line) in tail, cut at its colons
     * into parts (1: a region map; 3: map, cages, sums; any other count is reported); each
     * part's text, length and 1-based column (regions_col 0 = no colon) */
    char tail[READER_LINE_CAP + 1];
    int parts;
    const char *regions_text, *cages_text, *sums_text;
    size_t regions_len, cages_len, sums_len;
    long regions_col, cages_col, sums_col;
    long colon_line;          /* the last line read with such a colon, for a grid over rows */

    /* stream state */
    bool started;            /* the first significant line has been seen */
    bool ended;              /* "end" was read, or a fatal error happened */
    bool prefix_mode;        /* every case starts with its box size n */
    bool any_values;         /* the profile's values: a number outside 1..side is a cell */
    bool counted;
    bool count_valid;
    unsigned long long count;
    long count_line, count_col;
    unsigned long cases;     /* cases attempted (well-formed or not) */
    ojd_separator pending_sep;
    int ctx_side;            /* side of the last well-shaped case, 0 = none yet */
    int box_rows, box_cols;  /* the shape every case has (ojd_reader_set_box()), 0 = by side */
    bool ctx_line_mode;
    bool ctx_caged;          /* the last case was in CodinGame's killer form (read_caged()) */

    char pending_label[sizeof ((ojd_layout *)0)->label];
    long label_line, label_col;  /* where the pending label (header) stood */
    bool no_puzzle_reported;

    /* warnings not yet taken by ojd_reader_warning(), oldest first */
    ojd_error warnings[OJD_READER_MAX_WARNINGS];
    int warning_count;
};

/* ---- source -------------------------------------------------------------------------------- */

static bool refill(ojd_reader *r)
{
    if (r->mem || r->source_eof)
        return false;
    r->chunk_len = fread(r->chunk, 1, READER_CHUNK, r->in);
    r->chunk_pos = 0;
    if (r->chunk_len == 0) {
        r->source_eof = true;
        if (ferror(r->in))
            r->io_error = true;
        return false;
    }
    return true;
}

/* Cuts the text after a line's first colon (r->tail, n bytes, from column col) at its colons:
 * the region map, then a killer line's cage map and sums; r->parts counts the parts. */
static void split_tail(ojd_reader *r, size_t n, long col)
{
    const char **text[3] = {&r->regions_text, &r->cages_text, &r->sums_text};
    size_t *len[3] = {&r->regions_len, &r->cages_len, &r->sums_len};
    long *cols[3] = {&r->regions_col, &r->cages_col, &r->sums_col};
    size_t at = 0;
    r->parts = 0;
    r->cages_len = r->sums_len = 0;
    for (;;) {
        const char *colon = memchr(r->tail + at, ':', n - at);
        size_t end = colon ? (size_t)(colon - r->tail) : n;
        if (r->parts < 3) {
            *text[r->parts] = r->tail + at;
            *len[r->parts] = end - at;
            *cols[r->parts] = col + (long)at;
        }
        r->parts++;
        if (!colon)
            return;
        at = end + 1;
    }
}

/* Reads the next line into r->line.  false at end of input. */
static bool next_line(ojd_reader *r)
{
    if (r->pushed_back) {
        r->pushed_back = false;
        return true;
    }
    size_t len = 0;
    bool too_long = false, any = false;
    for (;;) {
        if (r->chunk_pos == r->chunk_len && !refill(r))
            break;
        const unsigned char *start = r->chunk + r->chunk_pos;
        size_t avail = r->chunk_len - r->chunk_pos;
        const unsigned char *nl = memchr(start, '\n', avail);
        size_t take = nl ? (size_t)(nl - start) : avail;
        size_t room = READER_LINE_CAP - len;
        memcpy(r->line + len, start, take < room ? take : room);
        len += take < room ? take : room;
        too_long |= take > room;
        r->chunk_pos += take + (nl != NULL);
        any = true;
        if (nl)
            break;
    }
    if (!any)
        return false;
    r->lineno++;
    /* a UTF-8 byte order mark before the first line is not data */
    if (r->at_start) {
        r->at_start = false;
        if (len >= 3 && memcmp(r->line, "\xEF\xBB\xBF", 3) == 0) {
            memmove(r->line, r->line + 3, len - 3);
            len -= 3;
        }
    }
    while (len > 0 && (r->line[len - 1] == '\r' || r->line[len - 1] == ' ' ||
                       r->line[len - 1] == '\t' || r->line[len - 1] == '\f' ||
                       r->line[len - 1] == '\v'))
        len--;
    r->line[len] = '\0';
    /* a profile whose blank is a letter (DMOJ's 'X') reads it as a blank: the line's copy is
     * the one place every path of the general reader looks at */
    if (r->letter_blank)
        for (char *c = memchr(r->line, r->letter_blank, len); c;
             c = memchr(c + 1, r->letter_blank, len - (size_t)(c + 1 - r->line)))
            *c = '.';
    r->len = len;
    r->too_long = too_long;
    /* PUZZLE:REGIONS, a jigsaw on one line: the region map is kept apart, the cells read as
     * any line's (read_grid() takes the map up); profiles of other grammars see the colon */
    r->regions_col = 0;
    r->parts = 0;
    char *colon = memchr(r->line, ':', len);
    if (r->line[strspn(r->line, " \t")] == '{')
        colon = NULL; /* a JSON line: its colons are the object's */
    if (colon && (!r->format || r->format->grammar == OJD_GRAMMAR_AUTO ||
                  r->format->grammar == OJD_GRAMMAR_LINE)) {
        size_t at = (size_t)(colon - r->line), rest = len - at - 1;
        memcpy(r->tail, colon + 1, rest);
        r->tail[rest] = '\0';
        split_tail(r, rest, (long)at + 2);
        r->colon_line = r->lineno;
        while (at > 0 && (r->line[at - 1] == ' ' || r->line[at - 1] == '\t'))
            at--;
        r->len = at;
        r->line[at] = '\0';
    }
    return true;
}

static void push_back(ojd_reader *r) { r->pushed_back = true; }

static ojd_reader *reader_alloc(const char *name, const ojd_profile *format)
{
    ojd_reader *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    r->name = malloc(strlen(name ? name : "<input>") + 1);
    r->vals = malloc(READER_LINE_CAP);
    r->cols = malloc(READER_LINE_CAP * sizeof *r->cols);
    if (!r->name || !r->vals || !r->cols) {
        ojd_reader_free(r);
        return NULL;
    }
    strcpy(r->name, name ? name : "<input>");
    r->format = format;
    r->at_start = true;
    r->prefix_mode = format && format->size_prefix;
    r->any_values = format && format->any_values;
    if (format && format->blank >= 'A' && format->blank <= 'Z')
        r->letter_blank = format->blank;
    return r;
}

ojd_reader *ojd_reader_new(FILE *in, const char *name, const ojd_profile *format)
{
    if (!in)
        return NULL;
    ojd_reader *r = reader_alloc(name, format);
    if (!r)
        return NULL;
    r->chunk = malloc(READER_CHUNK);
    if (!r->chunk) {
        ojd_reader_free(r);
        return NULL;
    }
    r->in = in;
    return r;
}

ojd_reader *ojd_reader_new_mem(const void *data, size_t size, const char *name,
                               const ojd_profile *format)
{
    ojd_reader *r = reader_alloc(name, format);
    if (!r)
        return NULL;
    /* the buffer itself is the only chunk */
    r->mem = data ? data : (const unsigned char *)"";
    r->mem_size = data ? size : 0;
    r->chunk = (unsigned char *)r->mem;
    r->chunk_len = r->mem_size;
    return r;
}

void ojd_reader_free(ojd_reader *r)
{
    if (!r)
        return;
    if (!r->mem)
        free(r->chunk);
    free(r->name);
    free(r->vals);
    free(r->cols);
    free(r);
}

const char *ojd_reader_name(const ojd_reader *r) { return r->name; }

unsigned long ojd_reader_cases(const ojd_reader *r) { return r->cases; }

bool ojd_reader_warning(ojd_reader *r, ojd_error *warning)
{
    if (!r || r->warning_count == 0)
        return false;
    if (warning)
        *warning = r->warnings[0];
    r->warning_count--;
    memmove(&r->warnings[0], &r->warnings[1], (size_t)r->warning_count * sizeof r->warnings[0]);
    return true;
}

/* Queues a warning.  One call of ojd_reader_next() queues at most two (a count line that
 * disagrees, text after "end"), so the queue never overflows while the caller takes them after
 * each call; a caller that never takes them loses the newest. */
static void warn(ojd_reader *r, long line, long col, const char *message)
{
    if (r->warning_count == OJD_READER_MAX_WARNINGS)
        return;
    ojd_error_set(&r->warnings[r->warning_count++], OJD_OK, line, col, "%s", message);
}

/* ---- symbols ------------------------------------------------------------------------------- */

/* Symbols of one-character cells: SYM_OK | value (0 = blank), SYM_LETTER for A..Z (A = 1).
 * Everything else, NUL included, is 0: not a symbol. */
enum { SYM_OK = 0x80, SYM_LETTER = 0x40, SYM_VALUE = 0x3f };
#define DIGIT(v) (SYM_OK | (v))
static const uint8_t symbol_table[256] = {
    ['0'] = DIGIT(0), ['.'] = SYM_OK, ['?'] = SYM_OK, ['-'] = SYM_OK, ['*'] = SYM_OK,
    ['_'] = SYM_OK, ['x'] = SYM_OK, ['1'] = DIGIT(1), ['2'] = DIGIT(2), ['3'] = DIGIT(3),
    ['4'] = DIGIT(4), ['5'] = DIGIT(5), ['6'] = DIGIT(6), ['7'] = DIGIT(7),
    ['8'] = DIGIT(8), ['9'] = DIGIT(9), ['A'] = SYM_OK | SYM_LETTER | 1,
    ['B'] = SYM_OK | SYM_LETTER | 2, ['C'] = SYM_OK | SYM_LETTER | 3,
    ['D'] = SYM_OK | SYM_LETTER | 4, ['E'] = SYM_OK | SYM_LETTER | 5,
    ['F'] = SYM_OK | SYM_LETTER | 6, ['G'] = SYM_OK | SYM_LETTER | 7,
    ['H'] = SYM_OK | SYM_LETTER | 8, ['I'] = SYM_OK | SYM_LETTER | 9,
    ['J'] = SYM_OK | SYM_LETTER | 10, ['K'] = SYM_OK | SYM_LETTER | 11,
    ['L'] = SYM_OK | SYM_LETTER | 12, ['M'] = SYM_OK | SYM_LETTER | 13,
    ['N'] = SYM_OK | SYM_LETTER | 14, ['O'] = SYM_OK | SYM_LETTER | 15,
    ['P'] = SYM_OK | SYM_LETTER | 16, ['Q'] = SYM_OK | SYM_LETTER | 17,
    ['R'] = SYM_OK | SYM_LETTER | 18, ['S'] = SYM_OK | SYM_LETTER | 19,
    ['T'] = SYM_OK | SYM_LETTER | 20, ['U'] = SYM_OK | SYM_LETTER | 21,
    ['V'] = SYM_OK | SYM_LETTER | 22, ['W'] = SYM_OK | SYM_LETTER | 23,
    ['X'] = SYM_OK | SYM_LETTER | 24, ['Y'] = SYM_OK | SYM_LETTER | 25,
    ['Z'] = SYM_OK | SYM_LETTER | 26,
};

/* Value of a one-character cell: 0 blank, 1..26 a value, 255 not a symbol. */
static uint8_t char_value(int c)
{
    uint8_t e = symbol_table[(unsigned char)c];
    return e ? (uint8_t)(e & SYM_VALUE) : 255;
}

static void scan_cell(row_scan *s, uint8_t *vals, int *cols, uint8_t v, int c, int col)
{
    if (s->width >= READER_LINE_CAP)
        return;
    if (v == 255 && s->bad < 0)
        s->bad = s->width;
    if (v == 0 && !s->blank)
        s->blank = (char)c;
    if (v != 0)
        s->blanks_only = false;
    if (c >= 'A' && c <= 'Z')
        s->letters = true;
    else if (v != 0 && v != 255)
        s->digits = true;
    vals[s->width] = v;
    cols[s->width] = col;
    s->width++;
}

/* Looks up n characters in symbol_table: each one's value (0 for a blank or a non-symbol) into
 * vals; returns the AND of their entries (SYM_OK in it: every one is a symbol), the OR in *any.
 * A table look-up, a store and two bit operations per character: the hot loop of reading a
 * puzzle written on one line. */
static unsigned look_up_symbols(const unsigned char *u, size_t n, uint8_t *vals, unsigned *any)
{
    unsigned all = 0xff, or_of = 0;
    for (size_t k = 0; k < n; k++) {
        uint8_t e = symbol_table[u[k]];
        vals[k] = e & SYM_VALUE;
        or_of |= e;
        all &= e;
    }
    *any = or_of;
    return all;
}

/* A packed row drawn with box rules, "|52.|...|.81|" (COCI 2023/24 #1): each '|' is a rule, not
 * a cell, as a spaced row's "|" token is; every other character is a cell at its own column
 * (where the rules stand is validate --input's business: profile key `frame`). */
static row_scan scan_ruled_row(ojd_reader *r, size_t start)
{
    row_scan s = {.bad = -1, .blanks_only = true, .start = (int)start};
    for (size_t i = start; i < r->len; i++)
        if (r->line[i] != '|')
            scan_cell(&s, r->vals, r->cols, char_value((unsigned char)r->line[i]),
                      (unsigned char)r->line[i], (int)i + 1);
    return s;
}

/* Cuts r->line into cells: tokens when it holds whitespace between symbols, else characters. */
static row_scan scan_row(ojd_reader *r)
{
    row_scan s = {.bad = -1, .blanks_only = true};
    const char *p = r->line;
    size_t start = 0;
    while (start < r->len && (p[start] == ' ' || p[start] == '\t'))
        start++;
    s.spaced = strpbrk(p + start, " \t") != NULL;
    if (!s.spaced) {
        /* Characters as cells (one puzzle per line): look_up_symbols() in one pass; cell k is
         * column start + k + 1 (no cols[] to fill).  Bad characters and the first blank are
         * rare or early, so they are found by second passes. */
        const unsigned char *u = (const unsigned char *)p + start;
        int width = (int)(r->len - start < READER_LINE_CAP ? r->len - start : READER_LINE_CAP);
        unsigned any;
        unsigned all = look_up_symbols(u, (size_t)width, r->vals, &any);
        if (!(all & SYM_OK) && memchr(u, '|', (size_t)width))
            return scan_ruled_row(r, start);
        if (!(all & SYM_OK)) /* some character is not a symbol */
            for (int k = 0; k < width; k++)
                if (!symbol_table[u[k]]) {
                    r->vals[k] = 255;
                    if (s.bad < 0)
                        s.bad = k;
                }
        for (int k = 0; k < width; k++)
            if (symbol_table[u[k]] && !(symbol_table[u[k]] & SYM_VALUE)) {
                s.blank = (char)u[k];
                break;
            }
        s.width = width;
        s.linear = true;
        s.start = (int)start;
        s.letters = (any & SYM_LETTER) != 0;
        s.blanks_only = (any & SYM_VALUE) == 0 && s.bad < 0;
        s.digits = (any & SYM_VALUE) != 0 && !s.letters;
        return s;
    }
    size_t i = start;
    while (i < r->len) {
        while (i < r->len && (p[i] == ' ' || p[i] == '\t'))
            i++;
        if (i >= r->len)
            break;
        size_t j = i;
        while (j < r->len && p[j] != ' ' && p[j] != '\t')
            j++;
        if (j - i == 1 && p[i] == '|') { /* box rules of a pretty-printed grid */
            i = j;
            continue;
        }
        uint8_t v = 255;
        if (s.width < OJD_MAX_SIDE)
            r->line_walls[s.width] = 0; /* a cell without walls unless its number says */
        if (j - i == 1) {
            v = char_value((unsigned char)p[i]);
        } else {
            bool number = true;
            unsigned long n = 0;
            for (size_t k = i; k < j; k++) {
                if (!isdigit((unsigned char)p[k]))
                    number = false;
                else if (n < 1000)
                    n = n * 10 + (unsigned long)(p[k] - '0');
            }
            if (number && r->format && r->format->walls && n <= 255) {
                /* value + wall bits: the value is the low four bits (10..15 are out of range) */
                if (s.width < OJD_MAX_SIDE)
                    r->line_walls[s.width] = (uint8_t)(n >> 4);
                v = (uint8_t)(n & 15);
            } else if (number) {
                v = n > OJD_MAX_SIDE ? 254 : (uint8_t)n; /* 254: a number, out of every range */
            }
        }
        /* a token that is not a cell is reported where it goes wrong: "?6" at the '6' (two
         * cells with no space between them), "ab" at the 'a' */
        size_t fault = v == 255 && j - i > 1 && symbol_table[(unsigned char)p[i]] ? i + 1 : i;
        scan_cell(&s, r->vals, r->cols, v, (unsigned char)p[fault], (int)fault + 1);
        i = j;
    }
    return s;
}

/* ---- line classification ------------------------------------------------------------------- */

static bool all_chars(const char *s, size_t n, const char *set)
{
    for (size_t i = 0; i < n; i++)
        if (!strchr(set, s[i]))
            return false;
    return n > 0;
}

static int square_root(int n)
{
    for (int k = 1; k * k <= n; k++)
        if (k * k == n)
            return k;
    return 0;
}

/* A side with a conventional box shape (ojd_shape_of_side(): 4, 6, 8, 9, 10, 12, ... 64). */
static bool valid_side(int side) { return ojd_shape_of_side(side, NULL, NULL); }

/* Is a line of n dashes cells (a row or a whole puzzle of blanks) rather than a separator such as
 * HDU 3111's "---"?  Decided by length alone.  A whole puzzle on one line (16, 36, 64, 81, ...
 * cells: side^2 for a supported side) is always cells, whatever came before, so an all-blank
 * puzzle is never lost as a separator; a row is cells when its width is the current grid's side
 * or, before any grid, a letter grid's (16, 25).  Separators in the judges' inputs are shorter. */
static bool dash_width(const ojd_reader *r, size_t n)
{
    int root = square_root(n <= OJD_MAX_CELLS ? (int)n : 0);
    if (root > 1 && valid_side(root))
        return true;
    if (r->ctx_side)
        return (int)n == r->ctx_side;
    return n == 25;
}

/* "Grid 01", "Scenario #2:", "Case 3:": a word, a space, a number. */
static bool is_header(const char *s)
{
    const char *p = s;
    if (!isalpha((unsigned char)*p))
        return false;
    while (isalpha((unsigned char)*p))
        p++;
    if (p - s < 2 || *p != ' ')
        return false;
    while (*p == ' ')
        p++;
    if (*p == '#')
        p++;
    if (!isdigit((unsigned char)*p))
        return false;
    while (isdigit((unsigned char)*p))
        p++;
    if (*p == ':')
        p++;
    return *p == '\0';
}

static bool is_integer(const char *s)
{
    const char *p = s;
    while (*p == ' ' || *p == '\t')
        p++;
    if (*p == '-' || *p == '+')
        p++;
    if (!isdigit((unsigned char)*p))
        return false;
    while (isdigit((unsigned char)*p))
        p++;
    return *p == '\0' && (p - s) <= 24;
}

/* Where a board literal starts on a line: its '[' after blanks, or after LeetCode's own way of
 * showing an input, "Input: board = [[...". -1 when the line does not start a literal. */
static long literal_start(const char *s)
{
    const char *p = s + strspn(s, " \t");
    if (strncmp(p, "Input:", 6) == 0)
        p += 6 + strspn(p + 6, " \t");
    if (strncmp(p, "board", 5) == 0) {
        p += 5 + strspn(p + 5, " \t");
        if (*p != '=')
            return -1;
        p += 1 + strspn(p + 1, " \t");
    }
    return *p == '[' ? (long)(p - s) : -1;
}

static line_kind classify(const ojd_reader *r)
{
    const char *s = r->line;
    size_t n = r->len;
    /* only READER_LINE_CAP characters of it are kept: the rest could be anything */
    if (r->too_long)
        return LINE_TOO_LONG;
    /* a line with a colon (PUZZLE:REGIONS, the map possibly empty) is a case's, whatever its
     * cells look like: never skipped as a blank line, a separator or "end", never a count (the
     * text after the colon would vanish unreported) */
    bool mapped = r->regions_col != 0;
    size_t lead = strspn(s, " \t\f\v\r");
    if (lead == n)
        return mapped ? LINE_CELLS : LINE_BLANK;
    if (memchr(s, '\0', n))
        return LINE_CELLS; /* never data: reported as a bad cell, never skipped as a separator */
    s += lead;
    n -= lead;
    if (mapped && (strcmp(s, "end") == 0 || all_chars(s, n, "-+=| ")))
        return LINE_CELLS;
    if (strcmp(s, "end") == 0)
        return LINE_END;
    if (all_chars(s, n, "-"))
        return dash_width(r, n) ? LINE_CELLS : LINE_DASHES;
    if (all_chars(s, n, "-+=| ") && strchr(s, '+'))
        return LINE_RULE;
    if (s[0] == '{')
        return LINE_JSON;
    /* a literal, or text before one (reported as such) */
    if (literal_start(s) >= 0 || strstr(s, "[["))
        return LINE_LITERAL;
    if (is_header(s))
        return LINE_HEADER;
    /* a signed integer is a number; unsigned digits as ojd_digits_are_number() says (not
     * before a colon: "1:MAP" is a case, not a count whose colon would vanish) */
    if (is_integer(s) && !mapped) {
        size_t digits = n - (s[0] == '-' || s[0] == '+');
        if (digits != n || ojd_digits_are_number(digits))
            return LINE_INTEGER;
    }
    return LINE_CELLS;
}

bool ojd_digits_are_number(size_t digits)
{
    /* counts are short; a long run of digits is a packed row (of a 6x6, 8x8 or 9x9 grid: larger
     * ones are letters) or a whole puzzle, unless its length fits no grid (then it is a count,
     * however absurd: the count check reports it) */
    return digits <= 5 || (digits != 6 && digits != 8 && digits != 9 && digits != 16 &&
                           digits != 25 && digits != 81 && digits != 256);
}

/* ---- grid shapes --------------------------------------------------------------------------- */

/* The side every case must have: the one of the --box shape, else the profile's, else 0 (any). */
static int fixed_side(const ojd_reader *r)
{
    if (r->box_rows)
        return r->box_rows * r->box_cols;
    return r->format ? r->format->side : 0;
}

/* Gives a board of a side that was read its shape: the one set by ojd_reader_set_box() when the
 * side is its side, else the side's conventional one.  The side is valid here. */
static void init_shape(const ojd_reader *r, ojd_board *board, int side)
{
    if (r->box_rows && side == r->box_rows * r->box_cols)
        ojd_board_init(board, r->box_rows, r->box_cols);
    else
        ojd_board_init_side(board, side);
}

ojd_status ojd_reader_set_box(ojd_reader *r, int box_rows, int box_cols)
{
    if (!r || box_rows < 0 || box_cols < 0 || (box_rows == 0) != (box_cols == 0) ||
        box_rows > OJD_MAX_BOX || box_cols > OJD_MAX_BOX)
        return OJD_ERR_INVALID;
    if (r->cases > 0)
        return OJD_ERR_USAGE;
    r->box_rows = box_rows;
    r->box_cols = box_cols;
    return OJD_OK;
}

/* Decides the shape of a new case from its first cell line: returns the side (0 if none fits)
 * and sets *line_mode when the line holds the whole puzzle.  With use_context, a line that fits
 * the shape of the previous case takes it. */
static int detect_side(const ojd_reader *r, const row_scan *s, bool use_context, bool *line_mode)
{
    int w = s->width;
    int root = square_root(w);
    *line_mode = false;
    if (fixed_side(r)) {
        int side = fixed_side(r);
        ojd_grammar grammar = r->format ? r->format->grammar : OJD_GRAMMAR_AUTO;
        if (w == side && grammar != OJD_GRAMMAR_LINE)
            return side;
        if (w == side * side && (grammar == OJD_GRAMMAR_LINE || grammar == OJD_GRAMMAR_AUTO)) {
            *line_mode = true;
            return side;
        }
        return 0;
    }
    if (r->format && r->format->grammar == OJD_GRAMMAR_LINE) {
        *line_mode = valid_side(root) && root > 1;
        return *line_mode ? root : 0;
    }
    /* the shape of the previous case, when this line fits it */
    if (use_context && r->ctx_side && !r->ctx_line_mode && w == r->ctx_side)
        return w;
    if (use_context && r->ctx_side && r->ctx_line_mode && w == r->ctx_side * r->ctx_side) {
        *line_mode = true;
        return r->ctx_side;
    }
    /* One character per cell holds values above 9 only as letters, and a letter grid is larger
     * than 9x9; so 16 digits make a 4x4 puzzle on one line, while 16 letters (or 16 dashes, the
     * 16x16 blank) make a 16x16 row.  Spaced rows hold numbers of any size. */
    bool letter_grid = s->letters || (s->blanks_only && s->blank == '-');
    bool fits_alphabet_row = s->spaced || (w <= 9 ? !letter_grid : letter_grid);
    if (valid_side(w) && w > 1 && fits_alphabet_row)
        return w;
    /* the alphabet only chooses between a row and a whole puzzle when the width could be either
     * (16 cells); a width that is no row's (81) is a whole puzzle, whose wrong symbols are then
     * reported as such */
    bool fits_alphabet_line = s->spaced || s->blanks_only || !valid_side(w) ||
                              (root <= 9 ? !s->letters : s->letters);
    if (valid_side(root) && root > 1 && fits_alphabet_line) {
        *line_mode = true;
        return root;
    }
    return 0;
}

/* ---- reading a case ------------------------------------------------------------------------ */

/* Records the first error of a case (later ones are not reported). */
static void case_error(ojd_error *err, bool *failed, long line, long col, const char *fmt,
                       ...) OJD_PRINTF(5, 6);
static void case_error(ojd_error *err, bool *failed, long line, long col, const char *fmt, ...)
{
    if (*failed)
        return;
    *failed = true;
    va_list ap;
    va_start(ap, fmt);
    ojd_error_vset(err, OJD_ERR_PARSE, line, col, fmt, ap);
    va_end(ap);
}

static const char *describe_char(int c, char *buf, size_t size)
{
    if (c >= 0x21 && c < 0x7f)
        snprintf(buf, size, "'%c'", c);
    else
        snprintf(buf, size, "byte 0x%02X", (unsigned)(c & 0xff));
    return buf;
}

/* Under a profile with `values` (r->any_values): whether the token of n characters at t is an
 * integer the grid has no value for, where scan_row() took it for a blank (0, 00, unless blank =
 * 0) or for no symbol (-5).  Tokens of digits above side are 254 (out of range) already. */
static bool outside_number(const ojd_reader *r, const char *t, size_t n)
{
    size_t k = t[0] == '-' && n > 1;
    bool zero = true;
    for (size_t d = k; d < n; d++) {
        if (!isdigit((unsigned char)t[d]))
            return false;
        zero &= t[d] == '0';
    }
    return k || (zero && r->format->blank != '0');
}

/* A profile with `values`: the cells of the scan (a copy) that are such integers become 254,
 * out of range, which take_cells() makes OJD_CELL_OUTSIDE; s->bad is found again.  A pass of its
 * own, so that scan_row(), the hot path, is the same for every other profile. */
static void outside_cells(const ojd_reader *r, row_scan *s)
{
    s->bad = -1;
    for (int k = 0; k < s->width; k++) {
        if (r->vals[k] == 0 || r->vals[k] == 255) {
            /* the token around the cell's column (a bad one's column may be its second
             * character: "-5" at the '5') */
            size_t at = (size_t)CELL_COL(r, s, k) - 1, end = at;
            while (at > 0 && r->line[at - 1] != ' ' && r->line[at - 1] != '\t')
                at--;
            while (end < r->len && r->line[end] != ' ' && r->line[end] != '\t')
                end++;
            if (s->spaced && outside_number(r, r->line + at, end - at))
                r->vals[k] = 254;
        }
        if (r->vals[k] == 255 && s->bad < 0)
            s->bad = k;
    }
}

/* Copies the cells of the current line into row `row` of the board (or all of it in line mode),
 * checking every symbol against the grid's alphabet. */
static void take_cells(ojd_reader *r, const row_scan *s, ojd_puzzle *pz, int row, bool line_mode,
                       bool letters, ojd_error *err, bool *failed)
{
    int side = pz->board.side;
    int want = line_mode ? side * side : side;
    char what[32];
    row_scan numbers;
    if (r->any_values) {
        numbers = *s;
        outside_cells(r, &numbers);
        s = &numbers;
    }
    if (s->bad >= 0) {
        int col = CELL_COL(r, s, s->bad);
        case_error(err, failed, r->lineno, col, "unexpected %s",
                   describe_char((unsigned char)r->line[col - 1], what, sizeof what));
        return;
    }
    if (s->width != want) {
        long col = s->width > want ? CELL_COL(r, s, want) : (long)r->len + 1;
        if (line_mode)
            case_error(err, failed, r->lineno, col, "the line has %d cells; expected %d", s->width,
                       want);
        else
            case_error(err, failed, r->lineno, col, "the row has %d cells; expected %d", s->width,
                       want);
        return;
    }
    /* The common case, a line of digits for a grid of 9 or more: no digit is out of range and
     * no cell breaks the alphabet, so the values are copied as they are. */
    uint8_t *cells = &pz->board.cell[line_mode ? 0 : row * side];
    if (s->linear && !s->letters && !letters && side >= 9) {
        memcpy(cells, r->vals, (size_t)want);
        return;
    }
    for (int k = 0; k < want; k++) {
        uint8_t v = r->vals[k];
        int col = CELL_COL(r, s, k);
        int c = (unsigned char)r->line[col - 1];
        /* every cell here is a symbol (bad ones were reported above), so a letter is
         * a whole cell */
        bool is_letter = c >= 'A' && c <= 'Z';
        if (letters && !s->spaced && c >= '0' && c <= '9') {
            case_error(err, failed, r->lineno, col, "unexpected %s in a grid of letters",
                       describe_char(c, what, sizeof what));
            return;
        }
        if (is_letter && side > 9 && r->format && r->format->digits_first) /* A = 10 */
            v = (uint8_t)(v + 9);
        else if (side <= 9 && is_letter) {
            case_error(err, failed, r->lineno, col, "unexpected %s in a grid of digits",
                       describe_char(c, what, sizeof what));
            return;
        }
        if (v > side && r->any_values) {
            v = OJD_CELL_OUTSIDE; /* the case's no (engine.c), not a diagnostic */
        } else if (v > side) {
            if (v == 254)
                case_error(err, failed, r->lineno, col,
                           "the number is out of range for a %dx%d grid", side, side);
            else
                case_error(err, failed, r->lineno, col, "value %d is out of range for a %dx%d grid",
                           v, side, side);
            return;
        }
        pz->board.cell[(line_mode ? 0 : row * side) + k] = v;
    }
    if (r->format && r->format->walls && !line_mode && side <= OJD_MAX_SIDE)
        memcpy(&r->walls[row * side], r->line_walls, (size_t)side);
}

/*
 * The regions of a case whose cells carried walls (a profile with walls): the areas the walls
 * close, numbered in the order of their first cell.  A wall must be seen from both sides (the
 * right wall of a cell is the left wall of the cell on its right, the down wall the up wall of
 * the cell below); the regions must be side connected areas of side cells (the board's check).
 * false with the case's error set otherwise.
 */
static bool walled_regions(ojd_reader *r, ojd_puzzle *pz, ojd_error *err, bool *failed)
{
    enum { UP = 1, RIGHT = 2, DOWN = 4, LEFT = 8 };
    int side = pz->board.side, cells = side * side;
    const uint8_t *w = r->walls;
    for (int i = 0; i < cells; i++) {
        int row = i / side, col = i % side;
        long line = pz->row_line[row];
        bool right_ok = col == side - 1 || !(w[i] & RIGHT) == !(w[i + 1] & LEFT);
        bool down_ok = row == side - 1 || !(w[i] & DOWN) == !(w[i + side] & UP);
        if (!right_ok || !down_ok) {
            case_error(err, failed, line, 1,
                       "row %d column %d: its %s wall and the %s cell's %s wall disagree", row + 1,
                       col + 1, right_ok ? "down" : "right", right_ok ? "lower" : "next",
                       right_ok ? "up" : "left");
            return false;
        }
    }
    uint8_t region[OJD_MAX_CELLS];
    int16_t stack[OJD_MAX_CELLS];
    memset(region, 0xff, sizeof region); /* every cell: no region yet */
    int regions = 0;
    for (int first = 0; first < cells; first++) {
        if (region[first] != 0xff)
            continue;
        if (regions == side) {
            case_error(err, failed, pz->line, 1, "the walls make more than %d regions", side);
            return false;
        }
        int top = 0;
        region[first] = (uint8_t)regions;
        stack[top++] = (int16_t)first;
        while (top > 0) {
            int i = stack[--top], row = i / side, col = i % side;
            int next[4] = {row > 0 && !(w[i] & UP) ? i - side : -1,
                           col < side - 1 && !(w[i] & RIGHT) ? i + 1 : -1,
                           row < side - 1 && !(w[i] & DOWN) ? i + side : -1,
                           col > 0 && !(w[i] & LEFT) ? i - 1 : -1};
            for (int d = 0; d < 4; d++)
                if (next[d] >= 0 && region[next[d]] == 0xff) {
                    region[next[d]] = (uint8_t)regions;
                    stack[top++] = (int16_t)next[d];
                }
        }
        regions++;
    }
    ojd_error why;
    if (ojd_board_set_regions(&pz->board, region, &why) != OJD_OK) {
        case_error(err, failed, pz->line, 1, "the walls do not make %d regions of %d cells: %s",
                   side, side, why.message);
        return false;
    }
    return true;
}

/* ---- killer cages ------------------------------------------------------------------------- */

/* The symbols a cage map may use: a printable ASCII character but '.' (a cell in no cage) and
 * ':' (the separator), or a two-byte UTF-8 character (U+0080..U+07FF, where the writer's
 * symbols past ASCII are).  Its length in bytes at s[i] (of n), 0 when it is none; *code its
 * code point. */
#define CAGE_CODES 0x800
static int cage_symbol(const unsigned char *s, size_t n, size_t i, unsigned *code)
{
    unsigned c = s[i];
    if (c > ' ' && c < 0x7f && c != ':') {
        *code = c;
        return 1;
    }
    if (c >= 0xc2 && c <= 0xdf && i + 1 < n && (s[i + 1] & 0xc0) == 0x80) {
        *code = (c & 0x1f) << 6 | (s[i + 1] & 0x3fu);
        return 2;
    }
    return 0;
}

/* A cage's name in a message: its symbol, quoted, or U+XXXX past ASCII. */
static const char *cage_name(unsigned code, char *buf, size_t size)
{
    if (code < 0x80)
        snprintf(buf, size, "'%c'", (char)code);
    else
        snprintf(buf, size, "U+%04X", code);
    return buf;
}

/* Whether sum is one size distinct values of 1..side can make; else the why, into buf. */
static bool cage_sum_fits(int side, int size, long sum, char *buf, size_t n)
{
    int lo, hi;
    ojd_cage_sum_range(side, size, &lo, &hi);
    if (sum >= lo && sum <= hi)
        return true;
    snprintf(buf, n, "%d distinct values of 1 to %d sum to %d to %d, not %ld", size, side, lo, hi,
             sum);
    return false;
}

/* One number of a killer line's sums at s[0..n): its value, or -1 when it is no number (more
 * than five digits is one, out of every range: 99999). */
static long sum_number(const char *s, size_t n)
{
    if (n == 0 || n > 5 || strspn(s, "0123456789") < n)
        return n > 5 && strspn(s, "0123456789") >= n ? 99999 : -1;
    long v = 0;
    for (size_t k = 0; k < n; k++)
        v = v * 10 + (s[k] - '0');
    return v;
}

/*
 * The sums of a killer line (the part after the cage map): count numbers, comma-separated, the
 * k-th the sum of the k-th cage named in the map; each one its cage's size can make.  Into
 * sum[0..count); false with the case's error at the sum's column otherwise.
 */
static bool line_sums(ojd_reader *r, const int *size, const unsigned *code, int count, int side,
                      int *sum, ojd_error *err, bool *failed)
{
    const char *s = r->sums_text;
    size_t n = r->sums_len, at = 0;
    char why[128], name[16];
    for (int k = 0;; k++) {
        const char *comma = memchr(s + at, ',', n - at);
        size_t end = comma ? (size_t)(comma - s) : n;
        long col = r->sums_col + (long)at;
        if (k == count) {
            case_error(err, failed, r->lineno, col,
                       "more sums than the %d cages the map names (one number per cage, in the "
                       "order the cage map names them)", count);
            return false;
        }
        long v = sum_number(s + at, end - at);
        if (v < 0) {
            char what[32];
            const char *bad = s + at + strspn(s + at, "0123456789");
            if (end == at || bad >= s + end)
                case_error(err, failed, r->lineno, col, "expected the sum of cage %s, a number",
                           cage_name(code[k + 1], name, sizeof name));
            else
                case_error(err, failed, r->lineno, r->sums_col + (long)(bad - s),
                           "unexpected %s in the sums (numbers, comma-separated)",
                           describe_char((unsigned char)*bad, what, sizeof what));
            return false;
        }
        if (!cage_sum_fits(side, size[k + 1], v, why, sizeof why)) {
            case_error(err, failed, r->lineno, col, "cage %s has %d cells: %s",
                       cage_name(code[k + 1], name, sizeof name), size[k + 1], why);
            return false;
        }
        sum[k] = (int)v;
        if (!comma) {
            if (k + 1 < count) {
                case_error(err, failed, r->lineno, r->sums_col + (long)n,
                           "%d sums for %d cages (one number per cage, in the order the cage "
                           "map names them)", k + 1, count);
                return false;
            }
            return true;
        }
        at = end + 1;
    }
}

/*
 * The cages of a killer line (GIVENS:REGIONS:CAGES:SUMS): a cage map of one symbol per cell
 * (cage_symbol(); '.' a cell in no cage), each symbol one cage of at most side cells (connected
 * or not), numbered in the order the symbols first appear, and its sums.  Anything else is the
 * case's diagnostic, at its column.
 */
static void line_cages(ojd_reader *r, ojd_puzzle *pz, ojd_error *err, bool *failed)
{
    int side = pz->board.side, cells = side * side, count = 0, i = 0;
    const unsigned char *s = (const unsigned char *)r->cages_text;
    size_t n = r->cages_len, at = 0, over = n; /* over: where the symbols past cells start */
    uint8_t number[CAGE_CODES]; /* a code's cage, 0 = none yet */
    int cage[OJD_MAX_CELLS], size[OJD_MAX_CAGES + 1] = {0}, sum[OJD_MAX_CAGES];
    unsigned code[OJD_MAX_CAGES + 1];
    char name[16], what[32];
    memset(number, 0, sizeof number);
    for (; at < n; i++) {
        unsigned c;
        int len = cage_symbol(s, n, at, &c);
        long col = r->cages_col + (long)at;
        if (!len) {
            case_error(err, failed, r->lineno, col, "unexpected %s in the cage map",
                       describe_char(s[at], what, sizeof what));
            return;
        }
        if (i == cells)
            over = at;
        at += (size_t)len;
        if (i >= cells)
            continue; /* counted for the message below */
        if (c != '.' && !number[c]) {
            if (count == OJD_MAX_CAGES) {
                case_error(err, failed, r->lineno, col, "the cage map names more than %d cages",
                           OJD_MAX_CAGES);
                return;
            }
            number[c] = (uint8_t)++count;
            code[count] = c;
        }
        cage[i] = c == '.' ? 0 : number[c];
        if (cage[i] && ++size[cage[i]] > side) {
            case_error(err, failed, r->lineno, col,
                       "cage %s has more than %d cells (a cage's values are distinct, 1 to %d)",
                       cage_name(c, name, sizeof name), side, side);
            return;
        }
    }
    if (i != cells) {
        case_error(err, failed, r->lineno, r->cages_col + (long)over,
                   "the cage map has %d symbols; expected %d", i, cells);
        return;
    }
    if (count == 0) {
        case_error(err, failed, r->lineno, r->cages_col,
                   "the cage map names no cage ('.' is a cell in no cage)");
        return;
    }
    if (!line_sums(r, size, code, count, side, sum, err, failed))
        return;
    ojd_error why;
    if (ojd_board_set_cages(&pz->board, cage, sum, count, &why) != OJD_OK)
        case_error(err, failed, r->lineno, r->cages_col, "the cages are not a killer's: %s",
                   why.message);
}

/*
 * The region map of a jigsaw written on one line after its cells (PUZZLE:REGIONS): one symbol
 * per cell, any side symbols (each names a region; regions are numbered in the order their
 * symbols first appear), each used side times, every region connected.  Anything else is the
 * case's diagnostic, at the map's column.
 */
static void line_regions(ojd_reader *r, ojd_puzzle *pz, bool line_mode, ojd_error *err,
                         bool *failed)
{
    int side = pz->board.side, cells = side * side;
    if (!line_mode) {
        case_error(err, failed, r->colon_line, 1,
                   "a region map follows a whole puzzle on one line (PUZZLE:REGIONS), not a row");
        return;
    }
    if (r->parts == 2 || r->parts > 3) {
        /* a killer line has four parts; two or more than four is a map cut or run on */
        long col = r->parts == 2 ? r->cages_col + (long)r->cages_len : r->sums_col +
                                                                      (long)r->sums_len;
        case_error(err, failed, r->lineno, col,
                   r->parts == 2 ? "the cage map wants its sums after a colon "
                                   "(GIVENS:REGIONS:CAGES:SUMS)"
                                 : "a killer line has four parts (GIVENS:REGIONS:CAGES:SUMS); "
                                   "this one has more");
        return;
    }
    if (r->parts == 3 && r->regions_len == 0) { /* GIVENS::CAGES:SUMS: boxes, and cages */
        line_cages(r, pz, err, failed);
        return;
    }
    if (r->regions_len != (size_t)cells) {
        case_error(err, failed, r->lineno, r->regions_col,
                   "the region map has %zu symbols; expected %d", r->regions_len, cells);
        return;
    }
    int number[256];
    for (int c = 0; c < 256; c++)
        number[c] = -1;
    uint8_t region[OJD_MAX_CELLS];
    int named = 0;
    for (int i = 0; i < cells; i++) {
        unsigned char c = (unsigned char)r->regions_text[i];
        if (c <= ' ' || c >= 0x7f) {
            char what[32];
            case_error(err, failed, r->lineno, r->regions_col + i, "unexpected %s in the region map",
                       describe_char(c, what, sizeof what));
            return;
        }
        if (number[c] < 0) {
            if (named == side) {
                case_error(err, failed, r->lineno, r->regions_col + i,
                           "the region map names more than %d regions", side);
                return;
            }
            number[c] = named++;
        }
        region[i] = (uint8_t)number[c];
    }
    ojd_error why;
    if (ojd_board_set_regions(&pz->board, region, &why) != OJD_OK)
        case_error(err, failed, r->lineno, r->regions_col,
                   "the region map is not %d connected regions of %d cells: %s", side, side,
                   why.message);
    else if (r->parts == 3)
        line_cages(r, pz, err, failed);
}

static const char *const grammar_words[] = {
    [OJD_GRAMMAR_AUTO] = "any grid",
    [OJD_GRAMMAR_SPACED] = "rows of space-separated cells",
    [OJD_GRAMMAR_PACKED] = "rows of one character per cell",
    [OJD_GRAMMAR_LINE] = "one puzzle per line",
    [OJD_GRAMMAR_LITERAL] = "a board literal",
};

/* Starts a case: its layout, context and number.  rows: whether to clear every row's line (a
 * path that knows each row's line sets them itself, and a 512-byte clear is the largest cost of
 * reading an easy one-line puzzle). */
static void begin_case_rows(ojd_reader *r, ojd_puzzle *pz, bool rows)
{
    memset(&pz->layout, 0, sizeof pz->layout);
    if (rows)
        memset(pz->row_line, 0, sizeof pz->row_line);
    pz->layout.separator = r->cases == 0 ? OJD_SEP_NONE : r->pending_sep;
    pz->layout.counted = r->counted;
    pz->layout.size_prefix = r->prefix_mode;
    memcpy(pz->layout.label, r->pending_label, sizeof pz->layout.label);
    r->pending_label[0] = '\0';
    r->pending_sep = OJD_SEP_NONE;
    r->cases++;
    pz->index = r->cases;
}

static void begin_case(ojd_reader *r, ojd_puzzle *pz) { begin_case_rows(r, pz, true); }

/* Takes the lines after the current one that have `width` cells, up to `width` lines in all:
 * the rows of a grid of an unsupported size, read as one case.  Returns the rows taken, the
 * current line included; the first line that does not fit is pushed back. */
static int take_block(ojd_reader *r, int width)
{
    int rows = 1;
    while (rows < width && next_line(r)) {
        line_kind kind = classify(r);
        if (r->too_long || (kind != LINE_CELLS && kind != LINE_INTEGER) ||
            scan_row(r).width != width) {
            push_back(r);
            break;
        }
        rows++;
    }
    return rows;
}

/* The diagnostic for a block of rows x width cells that no supported grid has. */
static void size_error(ojd_reader *r, ojd_error *err, long line, int rows, int width)
{
    /* a grid of one digit per cell above 9x9 (10x10): its first row, a run of digits of no
     * row's length, was taken for the count line, and width - 1 rows follow it; one character
     * per cell cannot hold 10, which is what to say (not "the count line says 2914177763") */
    if (r->counted && r->cases == 1 && r->count_line == line - 1 && rows == width - 1 &&
        width > 9) {
        r->counted = false; /* no count line: no warning about it */
        ojd_error_set(err, OJD_ERR_PARSE, r->count_line, 1,
                      "a %dx%d grid of digits (its first row taken for a count line): a digit "
                      "cell holds 1 to 9 only; write %dx%d with letters (A = 1 ...) or spaced "
                      "numbers", width, width, width, width);
        return;
    }
    /* every side that boxes of 2 to OJD_MAX_BOX rows and columns tile is supported (the list
     * is ojd_shape_of_side()'s): 4x4, 6x6, 8x8, 9x9, 10x10, 12x12, ... 64x64 (above 25x25 the
     * cells are spaced numbers: one character per cell ends at Y = 25) */
    if (rows == 1)
        ojd_error_set(err, OJD_ERR_PARSE, line, 1,
                      "a line of %d cells fits no supported grid (a row has side cells and a "
                      "whole puzzle side*side, for a side that boxes of 2 to %d rows and columns "
                      "tile: 4, 6, 8, 9, 10, 12, ... %d)", width, OJD_MAX_BOX, OJD_MAX_SIDE);
    else if (rows == width)
        ojd_error_set(err, OJD_ERR_PARSE, line, 1,
                      "unsupported size %dx%d (supported grids are those that boxes of 2 to %d "
                      "rows and columns tile: 4x4, 6x6, 8x8, 9x9, 10x10, 12x12, ... %dx%d)",
                      rows, width, OJD_MAX_BOX, OJD_MAX_SIDE, OJD_MAX_SIDE);
    else
        ojd_error_set(err, OJD_ERR_PARSE, line, 1,
                      "unsupported size: %d rows of %d cells (supported grids are those that "
                      "boxes of 2 to %d rows and columns tile: 4x4, 6x6, 8x8, 9x9, ... %dx%d)",
                      rows, width, OJD_MAX_BOX, OJD_MAX_SIDE, OJD_MAX_SIDE);
}

/* Whether the current line is drawn as a band rule of a framed grid of `side`: Jutge's
 * "---------------------", or "=====", longer than a row of side cells, so that HDU 3111's "---"
 * between cases and a row of side dashes (blanks) keep their meaning, and not side * side long
 * (a whole blank puzzle), nor holding a NUL (docs/formats.md 18.9). */
static bool rule_line(const ojd_reader *r, int side)
{
    const char *s = r->line + strspn(r->line, " \t");
    size_t n = strlen(s);
    /* "--" or "==": a spaced row of blanks ("- - -") is cells, not a rule */
    return !r->too_long && !r->regions_col && n > (size_t)side && n != (size_t)(side * side) &&
           n == r->len - (size_t)(s - r->line) && strspn(s, "-= ") == n &&
           (strstr(s, "--") || strstr(s, "=="));
}

/* Whether the current line, of this kind, is a rule between the bands of a grid of `side` with
 * bands of box_rows rows, `row` rows of it read: a "+" rule (LINE_RULE) wherever it is, a line
 * of dashes only at a band's end. */
static bool band_rule(const ojd_reader *r, line_kind kind, int side, int box_rows, int row)
{
    return kind == LINE_RULE || (row % box_rows == 0 && rule_line(r, side));
}

/* Skips the rows of a grid after its first line, up to side - 1 of them (box rules are no rows):
 * the first line that cannot be a row is pushed back. */
static void skip_rows(ojd_reader *r, int side)
{
    int box_rows = 0, box_cols = 0;
    ojd_shape_of_side(side, &box_rows, &box_cols);
    for (int row = 1; row < side && next_line(r); row++) {
        line_kind kind = classify(r);
        if (band_rule(r, kind, side, box_rows, row)) {
            row--;
            continue;
        }
        if (kind != LINE_CELLS && kind != LINE_INTEGER && kind != LINE_TOO_LONG) {
            push_back(r);
            break;
        }
    }
}

/* The wrong --format or --box: no side it fixes fits the first line (scanned into *s).  Says
 * what the input looks like, and consumes the case in that shape, so a grid is one diagnostic
 * and not one per row. */
static void wrong_shape_case(ojd_reader *r, const row_scan *s, ojd_error *err, bool *failed)
{
    const ojd_profile *chosen = r->format;
    int want = fixed_side(r), box_rows = r->box_rows, box_cols = r->box_cols;
    bool lines = chosen && chosen->grammar == OJD_GRAMMAR_LINE;
    char who[40];
    if (box_rows)
        snprintf(who, sizeof who, "--box %dx%d", box_rows, box_cols);
    else
        snprintf(who, sizeof who, "%s", chosen->name);
    /* the shape the line has under neither */
    bool line_mode;
    r->format = NULL;
    r->box_rows = r->box_cols = 0;
    int side = detect_side(r, s, false, &line_mode);
    r->format = chosen;
    r->box_rows = box_rows;
    r->box_cols = box_cols;
    char looks[64] = "";
    if (side)
        snprintf(looks, sizeof looks, "; the input looks like %dx%d %s", side, side,
                 line_mode ? "puzzles on one line" : "grids");
    case_error(err, failed, r->lineno, 1, "%s expects %s of %d cells, not %d%s", who,
               lines ? "lines" : "rows", lines ? want * want : want, s->width, looks);
    if (side && !line_mode)
        skip_rows(r, side);
}

/* The side of a case no box-size prefix sized, from its first cell line (scanned into *s): its
 * own shape, or the stream's; 0 when it has neither, the case then reported and consumed.
 * *misfit_row: a first row whose width is not the stream's row width. */
static int first_row_side(ojd_reader *r, const row_scan *s, bool *line_mode, bool *misfit_row,
                          ojd_error *err, bool *failed)
{
    int side = detect_side(r, s, true, line_mode);
    /* Keep the stream's shape so the following cases stay aligned: when no shape fits a line of
     * symbols (a short or long first row), and when a line of a one-puzzle-per-line stream holds
     * a byte no grid uses (else garbage 4, 9, 16 or 25 wide would start a grid and swallow the
     * next lines' puzzles).  In a stream of grids such a line is a case of its own
     * (read_grid()). */
    if (((side == 0 && s->bad < 0) || (s->bad >= 0 && r->ctx_line_mode)) && r->ctx_side) {
        side = r->ctx_side;
        *line_mode = r->ctx_line_mode;
        *misfit_row = !*line_mode && s->bad < 0 && s->width != side;
    }
    if (side)
        return side;
    if (s->bad >= 0) {
        char what[32];
        int col = CELL_COL(r, s, s->bad);
        case_error(err, failed, r->lineno, col, "unexpected %s",
                   describe_char((unsigned char)r->line[col - 1], what, sizeof what));
    } else if (fixed_side(r)) {
        wrong_shape_case(r, s, err, failed);
    } else {
        /* A grid of an unsupported size is one malformed case, not one per row: the following
         * lines of the same width (up to a square's worth) go with it. */
        long first_line = r->lineno;
        size_error(r, err, first_line, take_block(r, s->width), s->width);
    }
    return 0;
}

/* The case's grammar, from its first line; one the profile does not read is reported. */
static void set_grammar(const ojd_reader *r, ojd_puzzle *pz, const row_scan *s, int side,
                        bool line_mode, ojd_error *err, bool *failed)
{
    pz->layout.grammar = line_mode ? OJD_GRAMMAR_LINE : s->spaced ? OJD_GRAMMAR_SPACED
                                                                  : OJD_GRAMMAR_PACKED;
    if (side == 1 && r->format && r->format->grammar != OJD_GRAMMAR_AUTO)
        pz->layout.grammar = r->format->grammar; /* one cell: spaced and packed look the same */
    if (r->format && r->format->grammar != OJD_GRAMMAR_AUTO &&
        r->format->grammar != pz->layout.grammar)
        case_error(err, failed, r->lineno, 1, "%s expects %s", r->format->name,
                   grammar_words[r->format->grammar]);
}

/* Whether the line after the current one is a row of `width` cells; it stays unread. */
static bool row_follows(ojd_reader *r, int width)
{
    bool more = next_line(r);
    line_kind kind = more ? classify(r) : LINE_BLANK;
    bool row = (kind == LINE_CELLS || kind == LINE_INTEGER) && scan_row(r).width == width;
    if (more)
        push_back(r);
    return row;
}

/* Whether a line of this kind, where a row of a grid of `side` is due, ends the grid instead:
 * a case of its own (a whole puzzle on one line, a board literal, a header, "end") or a line
 * between cases.  A line of cells is scanned into *s. */
static bool ends_grid(ojd_reader *r, line_kind kind, int side, row_scan *s)
{
    if (kind == LINE_CELLS || kind == LINE_INTEGER) {
        *s = scan_row(r);
        bool whole_line;
        if (s->bad < 0 && s->width != side && detect_side(r, s, false, &whole_line) &&
            whole_line)
            return true;
    }
    return kind == LINE_BLANK || kind == LINE_END || kind == LINE_HEADER ||
           kind == LINE_LITERAL || (kind == LINE_DASHES && (int)r->len != side);
}

/* Reads rows 1 to side - 1 of a grid over several lines (*s: the last line's scan; *blank: the
 * first blank symbol, once one is seen).  A line that ends the grid is never taken as a row, so
 * the cases after a short grid stay whole; any other line is a row, right or wrong, so one bad
 * row never shifts the next case. */
static void read_rows(ojd_reader *r, ojd_puzzle *pz, row_scan *s, bool letters, char *blank,
                      ojd_error *err, bool *failed)
{
    int side = pz->board.side;
    for (int row = 1; row < side; row++) {
        if (!next_line(r)) {
            case_error(err, failed, r->lineno + 1, 1, "the grid ends after %d of %d rows", row,
                       side);
            break;
        }
        line_kind kind = classify(r);
        /* box rules between the bands of a framed grid are not rows (a row of digits is
         * turned away by its first character, with no call) */
        char c0 = r->line[0];
        if (kind == LINE_RULE ||
            ((c0 == '-' || c0 == '=' || c0 == ' ' || c0 == '\t') && rule_line(r, side))) {
            if (!band_rule(r, kind, side, pz->board.box_rows, row))
                case_error(err, failed, r->lineno, 1,
                           "a band rule after row %d: the bands of a %dx%d grid have %d rows",
                           row, side, side, pz->board.box_rows);
            row--;
            continue;
        }
        if (ends_grid(r, kind, side, s)) {
            case_error(err, failed, r->lineno, 1, "the grid ends after %d of %d rows", row, side);
            if (kind == LINE_BLANK)
                r->pending_sep = OJD_SEP_BLANK;
            else
                push_back(r);
            break;
        }
        if (kind == LINE_TOO_LONG) {
            case_error(err, failed, r->lineno, READER_LINE_CAP + 1,
                       "the line is longer than %d characters", READER_LINE_CAP);
            continue;
        }
        if (kind == LINE_DASHES)
            *s = scan_row(r); /* a row of blanks: the dashes are as many as the grid's side */
        if (!*blank)
            *blank = s->blank;
        pz->row_line[row] = r->lineno;
        take_cells(r, s, pz, row, false, letters, err, failed);
    }
}

/*
 * Reads a case whose first cell line is the current line.  side > 0 when a box-size prefix fixed
 * it.  Always consumes the whole case (side rows, or the one line), so the next case starts right.
 */
static ojd_status read_grid(ojd_reader *r, int side, ojd_puzzle *pz, ojd_error *err)
{
    bool failed = false;
    bool prefixed = side > 0;
    row_scan s = scan_row(r);
    bool line_mode = false;
    bool misfit_row = false;
    pz->line = r->lineno;
    pz->col = 1;
    if (r->too_long) {
        case_error(err, &failed, r->lineno, READER_LINE_CAP + 1,
                   "the line is longer than %d characters", READER_LINE_CAP);
        return OJD_ERR_PARSE;
    }
    if (side == 0) {
        side = first_row_side(r, &s, &line_mode, &misfit_row, err, &failed);
        if (side == 0)
            return OJD_ERR_PARSE;
    }
    init_shape(r, &pz->board, side); /* side is a supported side here */
    /* the alphabet is the grid's, fixed by its side and first row: later rows are checked
     * against it, not allowed to change it */
    bool letters = side > 9 && (s.letters || !s.spaced) && !(r->format && r->format->digits_first);
    set_grammar(r, pz, &s, side, line_mode, err, &failed);
    char blank = s.blank;
    for (int row = 0; row < (line_mode ? side : 1); row++)
        pz->row_line[row] = r->lineno;
    take_cells(r, &s, pz, 0, line_mode, letters, err, &failed);
    /* A first line with a byte no grid uses (reported just now) is the first row of a grid only
     * when the next line is a row of the same width (a typo in row 1); otherwise it is garbage,
     * a case of its own, and the lines after it are left to the next cases. */
    if (s.bad >= 0 && !line_mode && !prefixed && !row_follows(r, s.width))
        return OJD_ERR_PARSE;
    /* A misfit first row is one wrong row of a grid of the stream's shape (read on, so that the
     * cases after it stay aligned), unless the next line has the same width: then it is the
     * first row of a grid of another size, and that whole block is the case. */
    if (misfit_row) {
        int rows = take_block(r, s.width);
        if (rows > 1) {
            size_error(r, err, pz->line, rows, s.width);
            return OJD_ERR_PARSE;
        }
    }
    if (!line_mode)
        read_rows(r, pz, &s, letters, &blank, err, &failed);
    if (!failed && r->format && r->format->walls && !line_mode)
        walled_regions(r, pz, err, &failed);
    if (!failed && (r->regions_col || r->colon_line >= pz->line))
        line_regions(r, pz, line_mode, err, &failed);
    if (failed)
        return OJD_ERR_PARSE;
    pz->layout.letters = letters;
    pz->layout.blank = blank ? blank
                             : (letters ? '-' : pz->layout.grammar == OJD_GRAMMAR_LINE ? '.' : '0');
    r->ctx_side = side;
    r->ctx_line_mode = line_mode;
    r->ctx_caged = false;
    return OJD_OK;
}

/*
 * A LeetCode board literal, [["5","3","."],[...],...], possibly over several lines, read as the
 * JSON it is.  Bounded, so a broken literal never swallows the input after it: a line continues
 * it only when it starts with a bracket (not "[["), a comma or a quote, and it has at most
 * OJD_MAX_SIDE rows of OJD_MAX_SIDE cells over LITERAL_MAX_LINES lines (docs/formats.md 18.9).
 */
#define LITERAL_MAX_LINES (OJD_MAX_CELLS + 2 * OJD_MAX_SIDE + 2) /* one cell or bracket a line */

static bool continues_literal(const ojd_reader *r)
{
    const char *p = r->line + strspn(r->line, " \t");
    if (r->too_long)
        return p[0] == '[' || p[0] == ']' || p[0] == ',' || p[0] == '"' || p[0] == '\'';
    return (p[0] == '[' && p[1] != '[') || p[0] == ']' || p[0] == ',' || p[0] == '"' ||
           p[0] == '\'';
}

/* The value of a quoted cell's text: a symbol, or a number of one or two digits; 255 if neither. */
static uint8_t literal_cell(const char *text, size_t n, bool *number)
{
    if (n == 1)
        return char_value((unsigned char)text[0]);
    if (n == 2 && isdigit((unsigned char)text[0]) && isdigit((unsigned char)text[1])) {
        *number = true;
        return (uint8_t)((text[0] - '0') * 10 + (text[1] - '0'));
    }
    return 255;
}

/* After an error a literal is only skipped, and where it ends is found by the balance of its
 * brackets outside quoted strings, from p on with `depth` open: the new depth, or 0 with *closed
 * set when the outermost bracket closes on this line. */
static int bracket_balance(const char *p, int depth, bool *closed)
{
    for (; *p; p++) {
        if (*p == '"' || *p == '\'') {
            const char *q = strchr(p + 1, *p);
            if (!q)
                break; /* an unterminated string ends at the end of its line */
            p = q;
        } else if (*p == '[') {
            depth++;
        } else if (*p == ']' && --depth <= 0) {
            *closed = true;
            return 0;
        }
    }
    return depth;
}

/* A board literal as far as it was read: its brackets, and its cells row by row. */
typedef struct literal_scan {
    int depth, rows, side, in_row, total;
    bool numbers;    /* some cell was written as a two-digit number ("13") */
    bool want_item;  /* after '[' or ',': an element (or, after '[', the close) */
    bool after_open;
    bool closed;     /* the outermost ']' was read */
    uint8_t *cells;  /* OJD_MAX_CELLS of them */
} literal_scan;

/* A '[' at column col: a board row opens (or the board); false on an error. */
static bool literal_open(const ojd_reader *r, ojd_puzzle *pz, literal_scan *lit, long col,
                         ojd_error *err, bool *failed)
{
    if (!lit->want_item || lit->depth == 2) {
        case_error(err, failed, r->lineno, col, "unexpected '[' in a board literal");
        return false;
    }
    lit->depth++;
    lit->in_row = 0;
    if (lit->depth == 2 && lit->rows < OJD_MAX_SIDE)
        pz->row_line[lit->rows] = r->lineno;
    lit->want_item = true;
    lit->after_open = true;
    return true;
}

/* A ']' at column col: a board row closes (its width checked against the first's), or the
 * board; false on an error that stops the line's reading. */
static bool literal_close(const ojd_reader *r, literal_scan *lit, long col, ojd_error *err,
                          bool *failed)
{
    if (lit->want_item && !lit->after_open) {
        case_error(err, failed, r->lineno, col, "unexpected ']' after a comma");
        return false;
    }
    if (lit->depth == 2) {
        lit->rows++;
        if (lit->rows == 1)
            lit->side = lit->in_row;
        else if (lit->in_row != lit->side)
            case_error(err, failed, r->lineno, col,
                       "board row %d has %d cells; the first row has %d", lit->rows, lit->in_row,
                       lit->side);
        if (lit->rows > OJD_MAX_SIDE)
            case_error(err, failed, r->lineno, col, "the board literal has more than %d rows",
                       OJD_MAX_SIDE);
    }
    lit->closed = --lit->depth == 0;
    lit->want_item = false;
    lit->after_open = false;
    return true;
}

/* A quoted cell whose opening quote is at p, column col: its value taken into the row.  Returns
 * its closing quote, or NULL on an error. */
static const char *literal_string(const ojd_reader *r, literal_scan *lit, const char *p, long col,
                                  ojd_error *err, bool *failed)
{
    char what[48];
    const char *q = strchr(p + 1, *p);
    if (!q) {
        case_error(err, failed, r->lineno, col, "unterminated string");
        return NULL;
    }
    if (lit->depth != 2 || !lit->want_item) {
        case_error(err, failed, r->lineno, col,
                   lit->depth != 2 ? "a cell outside a board row"
                                 : "cells must be separated by commas");
        return NULL;
    }
    uint8_t v = literal_cell(p + 1, (size_t)(q - p - 1), &lit->numbers);
    if (v == 255) {
        if (q - p == 1)
            case_error(err, failed, r->lineno, col, "an empty cell in a board literal");
        else
            case_error(err, failed, r->lineno, col + 1,
                       "a cell must be one symbol or a number; it starts with %s",
                       describe_char((unsigned char)p[1], what, sizeof what));
        return NULL;
    }
    if (lit->in_row >= OJD_MAX_SIDE) {
        case_error(err, failed, r->lineno, col, "a board row has more than %d cells",
                   OJD_MAX_SIDE);
        return NULL;
    }
    if (lit->total < OJD_MAX_CELLS)
        lit->cells[lit->total++] = v;
    lit->in_row++;
    lit->want_item = false;
    lit->after_open = false;
    return q;
}

/* Reads the literal on the current line from p on, up to the line's end or the first error.
 * Returns where it stopped: after an error, at the character that stopped the scan (not yet
 * counted in lit) or just behind the one that was read before the error was found. */
static const char *scan_literal_line(const ojd_reader *r, ojd_puzzle *pz, literal_scan *lit,
                                     const char *p, ojd_error *err, bool *failed)
{
    char what[48];
    for (; !*failed && *p; p++) {
        int c = (unsigned char)*p;
        long col = (long)(p - r->line) + 1;
        if (c == ' ' || c == '\t')
            continue;
        if (lit->closed) {
            case_error(err, failed, r->lineno, col, "unexpected %s after the board literal",
                       describe_char(c, what, sizeof what));
        } else if (c == '[') {
            if (!literal_open(r, pz, lit, col, err, failed))
                break;
        } else if (c == ']') {
            if (!literal_close(r, lit, col, err, failed))
                break;
        } else if (c == ',') {
            if (lit->want_item) {
                case_error(err, failed, r->lineno, col, "unexpected ',' in a board literal");
                break;
            }
            lit->want_item = true;
            lit->after_open = false;
        } else if (c == '"' || c == '\'') {
            const char *q = literal_string(r, lit, p, col, err, failed);
            if (!q)
                break;
            p = q;
        } else {
            case_error(err, failed, r->lineno, col, "unexpected %s in a board literal",
                       describe_char(c, what, sizeof what));
        }
    }
    return p;
}

/* Moves on to the literal's next line (*lines: the lines it has so far).  false when the literal
 * cannot go on, reported; a line that does not continue it is pushed back. */
static bool next_literal_line(ojd_reader *r, int *lines, ojd_error *err, bool *failed)
{
    long last_line = r->lineno, last_col = (long)r->len + 1;
    if (!next_line(r)) {
        case_error(err, failed, last_line, last_col, "the board literal is not closed");
        return false;
    }
    if (!continues_literal(r) || *lines >= LITERAL_MAX_LINES) {
        push_back(r);
        if (*lines >= LITERAL_MAX_LINES)
            case_error(err, failed, last_line, last_col,
                       "the board literal is longer than %d lines", LITERAL_MAX_LINES);
        else
            case_error(err, failed, last_line, last_col, "the board literal is not closed");
        return false;
    }
    (*lines)++;
    if (r->too_long)
        case_error(err, failed, r->lineno, READER_LINE_CAP + 1,
                   "the line is longer than %d characters", READER_LINE_CAP);
    return true;
}

/* The board of a literal read whole: its rows a supported square, its values in range. */
static ojd_status literal_board(const ojd_reader *r, ojd_puzzle *pz, const literal_scan *lit,
                                ojd_error *err, bool *failed)
{
    int side = lit->side;
    if (!*failed && (lit->rows != side || side < 1 ||
                     !(fixed_side(r) ? side == fixed_side(r) : valid_side(side))))
        case_error(err, failed, pz->line, pz->col,
                   "a board of %d rows of %d cells is not a supported grid", lit->rows, side);
    if (*failed)
        return OJD_ERR_PARSE;
    init_shape(r, &pz->board, side);
    for (int i = 0; i < lit->total; i++) {
        if (lit->cells[i] > side) {
            case_error(err, failed, pz->line, pz->col,
                       "the board literal holds a value out of range for a %dx%d grid", side, side);
            return OJD_ERR_PARSE;
        }
        pz->board.cell[i] = lit->cells[i];
    }
    pz->layout.grammar = OJD_GRAMMAR_LITERAL;
    pz->layout.blank = '.';
    /* mirror the alphabet: "13" cells are numbers; otherwise a large board is written in letters */
    pz->layout.letters = side > 9 && !lit->numbers;
    return OJD_OK;
}

static ojd_status read_literal(ojd_reader *r, ojd_puzzle *pz, ojd_error *err)
{
    bool failed = false;
    uint8_t cells[OJD_MAX_CELLS];
    literal_scan lit = {.want_item = true, .cells = cells};
    int lines = 1;
    char what[48];
    long start = literal_start(r->line);
    pz->line = r->lineno;
    pz->col = (long)(strchr(r->line, '[') - r->line) + 1;
    if (start < 0) {
        size_t lead = strspn(r->line, " \t");
        case_error(err, &failed, r->lineno, (long)lead + 1,
                   "unexpected %s before the board literal",
                   describe_char((unsigned char)r->line[lead], what, sizeof what));
    } else if (r->too_long) {
        case_error(err, &failed, r->lineno, READER_LINE_CAP + 1,
                   "the line is longer than %d characters", READER_LINE_CAP);
    }
    for (;;) {
        bool failed_before = failed;
        const char *p = r->line + (lines == 1 && start > 0 ? start : 0);
        p = scan_literal_line(r, pz, &lit, p, err, &failed);
        /* After an error, the rest of the line (all of it when the error came before it) is
         * followed by its brackets only. */
        if (failed && !lit.closed)
            lit.depth = bracket_balance(failed_before ? r->line : p, lit.depth, &lit.closed);
        if (lit.closed)
            break; /* (text after it on this line was checked above) */
        /* the literal goes on (or, after an error, its continuation lines are skipped) */
        if (!next_literal_line(r, &lines, err, &failed))
            break;
    }
    return literal_board(r, pz, &lit, err, &failed);
}

/* ---- killer rows: CodinGame's form ---------------------------------------------------------- */

/*
 * CodinGame's "Killer Sudoku Solver" writes a killer puzzle as side rows of "GRID CAGES" (the
 * row's cells, a space, the row's cage symbols) and a line of "ID=SUM" pairs, space-separated.
 * A line of exactly two tokens of the same length w, a side, the first all cell symbols, is the
 * first row of one: no other grammar has such a line (spaced cells would make a 2x2 grid).
 * The width of its grid into *w, and the byte where its cage row starts into *cages.
 */
static bool caged_row(const ojd_reader *r, int *w, size_t *cages)
{
    /* in a stream of caged grids (or a killer profile's), any two tokens whose first is a row's
     * width are one, its mistakes reported as the case's */
    bool loose = r->ctx_caged || (r->format && (r->format->units & OJD_UNITS_KILLER));
    const char *p = r->line + strspn(r->line, " \t");
    size_t a = strcspn(p, " \t");
    if (a == 0 || !p[a])
        return false;
    size_t gap = strspn(p + a, " \t"), b = strcspn(p + a + gap, " \t");
    if (b == 0 || p[a + gap + b])
        return false;
    const unsigned char *c = (const unsigned char *)p + a + gap;
    size_t symbols = 0;
    for (size_t at = 0; at < b; symbols++) {
        unsigned code;
        int len = cage_symbol(c, b, at, &code);
        at += len ? (size_t)len : 1;
    }
    for (size_t k = 0; k < a && !loose; k++)
        if (!symbol_table[(unsigned char)p[k]])
            return false;
    int side = fixed_side(r);
    if ((symbols != a && !loose) || a > OJD_MAX_SIDE || !valid_side((int)a) || a < 4 ||
        (side && (int)a != side))
        return false;
    *w = (int)a;
    *cages = (size_t)(p - r->line) + a + gap;
    return true;
}

/* The cage symbols of row `row` (the current line's from byte at) into code[]: false with the
 * case's error at the first that is no symbol. */
static bool caged_symbols(ojd_reader *r, size_t at, int side, unsigned *code, ojd_error *err,
                          bool *failed)
{
    const unsigned char *s = (const unsigned char *)r->line;
    for (int c = 0; c < side; c++) {
        if (at >= r->len) {
            case_error(err, failed, r->lineno, (long)at + 1, "the cage row has %d symbols; "
                       "expected %d", c, side);
            return false;
        }
        int len = cage_symbol(s, r->len, at, &code[c]);
        if (!len) {
            char what[32];
            case_error(err, failed, r->lineno, (long)at + 1, "unexpected %s in the cage row",
                       describe_char(s[at], what, sizeof what));
            return false;
        }
        at += (size_t)len;
    }
    if (at < r->len) {
        case_error(err, failed, r->lineno, (long)at + 1, "the cage row has more than %d symbols",
                   side);
        return false;
    }
    return true;
}

/* The line of sums "a=12 b=17 ...": every cage of code[] (numbered into cage[] as they first
 * appear, count of them with size[] cells) given its sum once, into sum[]. */
static bool caged_sums(ojd_reader *r, int side, const unsigned *codes, const int *size, int count,
                       int *sum, ojd_error *err, bool *failed)
{
    char name[16], why[128];
    for (int k = 0; k < count; k++)
        sum[k] = -1;
    const unsigned char *s = (const unsigned char *)r->line;
    size_t at = strspn(r->line, " \t");
    while (at < r->len) {
        unsigned code;
        long col = (long)at + 1;
        int len = cage_symbol(s, r->len, at, &code);
        int k = 0;
        while (len && k < count && codes[k] != code)
            k++;
        if (!len || s[at + (size_t)len] != '=') {
            case_error(err, failed, r->lineno, col, "expected ID=SUM (a cage's symbol, '=', its "
                       "sum) in the line of sums");
            return false;
        }
        if (k == count || sum[k] >= 0) {
            case_error(err, failed, r->lineno, col, k == count ? "no cage %s in the cage map"
                                                                : "a second sum for cage %s",
                       cage_name(code, name, sizeof name));
            return false;
        }
        at += (size_t)len + 1;
        size_t n = strcspn(r->line + at, " \t");
        long v = sum_number(r->line + at, n);
        if (v < 0 || !cage_sum_fits(side, size[k + 1], v, why, sizeof why)) {
            case_error(err, failed, r->lineno, (long)at + 1, v < 0 ? "expected the sum of cage "
                       "%s, a number" : "cage %s has %d cells: %s",
                       cage_name(code, name, sizeof name), size[k + 1], why);
            return false;
        }
        sum[k] = (int)v;
        at += n + strspn(r->line + at + n, " \t");
    }
    for (int k = 0; k < count; k++)
        if (sum[k] < 0) {
            case_error(err, failed, r->lineno, (long)r->len + 1, "cage %s has no sum",
                       cage_name(codes[k], name, sizeof name));
            return false;
        }
    return true;
}

/* The cages of a caged grid's symbols (code[cells]): numbered as they first appear, each of at
 * most side cells.  false with the error at the row of the cell past the side. */
static int caged_numbers(ojd_puzzle *pz, const unsigned *code, int *cage, int *size,
                         unsigned *codes, ojd_error *err, bool *failed)
{
    int side = pz->board.side, count = 0;
    char name[16];
    for (int i = 0; i < side * side; i++) {
        int k = 0;
        while (k < count && codes[k] != code[i])
            k++;
        if (k == count) {
            if (count == OJD_MAX_CAGES) {
                case_error(err, failed, pz->row_line[i / side], 1,
                           "the cage rows name more than %d cages", OJD_MAX_CAGES);
                return -1;
            }
            codes[count++] = code[i];
            size[count] = 0;
        }
        cage[i] = k + 1;
        if (++size[k + 1] > side) {
            case_error(err, failed, pz->row_line[i / side], 1,
                       "cage %s has more than %d cells (a cage's values are distinct, 1 to %d)",
                       cage_name(code[i], name, sizeof name), side, side);
            return -1;
        }
    }
    return count;
}

/* A killer puzzle in CodinGame's form, its first row the current line (caged_row() said so,
 * with the width and where the cage row starts).  Always consumes the whole case. */
static ojd_status read_caged(ojd_reader *r, int side, size_t cages_at, ojd_puzzle *pz,
                             ojd_error *err)
{
    bool failed = false;
    unsigned code[OJD_MAX_CELLS], codes[OJD_MAX_CAGES];
    int cage[OJD_MAX_CELLS], size[OJD_MAX_CAGES + 1], sum[OJD_MAX_CAGES];
    pz->line = r->lineno;
    pz->col = 1;
    init_shape(r, &pz->board, side);
    pz->layout.grammar = OJD_GRAMMAR_PACKED;
    r->ctx_caged = true;
    for (int row = 0; row < side; row++) {
        int w;
        bool more = row == 0 || next_line(r);
        if (row > 0 && (!more || classify(r) != LINE_CELLS || !caged_row(r, &w, &cages_at) ||
                        w != side)) {
            case_error(err, &failed, more ? r->lineno : r->lineno + 1, 1, "the grid ends after "
                       "%d of %d rows (each row: its cells, a space, its cage symbols)", row,
                       side);
            if (more)
                push_back(r); /* a line of the cases after this one */
            return OJD_ERR_PARSE;
        }
        pz->row_line[row] = r->lineno;
        caged_symbols(r, cages_at, side, &code[row * side], err, &failed);
        /* the row's cells, read as any packed row's: the line cut before its cage row */
        size_t end = strcspn(r->line + strspn(r->line, " \t"), " \t") +
                     strspn(r->line, " \t");
        r->line[end] = '\0';
        r->len = end;
        row_scan s = scan_row(r);
        take_cells(r, &s, pz, row, false, false, err, &failed);
    }
    int count = failed ? -1 : caged_numbers(pz, code, cage, size, codes, err, &failed);
    /* the line of sums has '=' in it, and no other line does: another (a blank line, a puzzle on
     * one line, a header) is left to the cases after this one */
    long last = r->lineno;
    if (!next_line(r) || r->regions_col || r->too_long || !memchr(r->line, '=', r->len)) {
        if (r->lineno > last)
            push_back(r);
        case_error(err, &failed, last + 1, 1, "expected the line of sums (a=12 b=17 ...)");
        return OJD_ERR_PARSE;
    }
    if (count < 0 || !caged_sums(r, side, codes, size, count, sum, err, &failed))
        return OJD_ERR_PARSE;
    ojd_error why;
    if (ojd_board_set_cages(&pz->board, cage, sum, count, &why) != OJD_OK) {
        case_error(err, &failed, pz->line, 1, "the cages are not a killer's: %s", why.message);
        return OJD_ERR_PARSE;
    }
    pz->layout.letters = false;
    pz->layout.blank = '.';
    r->ctx_side = side;
    r->ctx_line_mode = false;
    return OJD_OK;
}

/* ---- the stream ---------------------------------------------------------------------------- */

/* The string value of "key" in the JSON object on the line: its 0-based offset in the line and
 * its length; false when the key is missing, its value is no string, or the string holds an
 * escape (no puzzle, region map or symbol needs one). */
static bool json_string(const char *line, const char *key, size_t *at, size_t *len)
{
    char quoted[32];
    snprintf(quoted, sizeof quoted, "\"%s\"", key);
    const char *k = strstr(line, quoted);
    if (!k)
        return false;
    const char *p = k + strlen(quoted);
    p += strspn(p, " \t");
    if (*p != ':')
        return false;
    p++;
    p += strspn(p, " \t");
    if (*p != '"')
        return false;
    p++;
    size_t n = strcspn(p, "\"\\");
    if (p[n] != '"')
        return false;
    *at = (size_t)(p - line);
    *len = n;
    return true;
}

/* The 1-based column of the '[' that opens the array value of "key" in the JSON line, 0 when
 * the key is missing; -1 when its value is no array. */
static long json_array(const char *line, const char *key)
{
    char quoted[32];
    snprintf(quoted, sizeof quoted, "\"%s\"", key);
    const char *k = strstr(line, quoted);
    if (!k)
        return 0;
    const char *p = k + strlen(quoted);
    p += strspn(p, " \t");
    if (*p != ':')
        return -1;
    p++;
    p += strspn(p, " \t");
    return *p == '[' ? (long)(p - line) + 1 : -1;
}

/* A reading of a JSON "cages" array: the text, where it is, and the first error. */
typedef struct json_scan {
    const char *s;
    size_t at;
    long col, line;        /* the text's first column and its line */
    ojd_error *err;
    bool failed;
} json_scan;

static void json_space(json_scan *j) { j->at += strspn(j->s + j->at, " \t"); }

/* Takes c (after blanks); else the error "expected WHAT". */
static bool json_take(json_scan *j, char c, const char *what)
{
    json_space(j);
    if (j->s[j->at] == c) {
        j->at++;
        return true;
    }
    case_error(j->err, &j->failed, j->line, j->col + (long)j->at, "expected %s in \"cages\"",
               what);
    return false;
}

/* A non-negative number (after blanks), at most 9 digits; -1 with the error otherwise. */
static long json_number(json_scan *j, const char *what)
{
    json_space(j);
    size_t n = strspn(j->s + j->at, "0123456789");
    if (n == 0 || n > 9) {
        case_error(j->err, &j->failed, j->line, j->col + (long)j->at,
                   "expected %s (a number) in \"cages\"", what);
        return -1;
    }
    long v = strtol(j->s + j->at, NULL, 10);
    j->at += n;
    return v;
}

/* One cage object {"sum": N, "cells": [i, ...]} (keys in either order) as cage k into cage[]
 * (owner of every cell, 0 none) and *sum; false with the error. */
static bool json_cage(json_scan *j, int k, int side, int *cage, long *sum)
{
    int cells = side * side, size = 0;
    bool have_sum = false, have_cells = false;
    long open = j->col + (long)j->at;
    if (!json_take(j, '{', "'{' (a cage: {\"sum\": N, \"cells\": [...]})"))
        return false;
    for (int member = 0; member < 2; member++) {
        if (member && !json_take(j, ',', "','"))
            return false;
        json_space(j);
        bool is_sum = strncmp(j->s + j->at, "\"sum\"", 5) == 0;
        bool is_cells = strncmp(j->s + j->at, "\"cells\"", 7) == 0;
        if ((!is_sum && !is_cells) || (is_sum && have_sum) || (is_cells && have_cells)) {
            case_error(j->err, &j->failed, j->line, j->col + (long)j->at,
                       "expected \"%s\" in cage %d of \"cages\"",
                       have_sum ? "cells" : have_cells ? "sum" : "sum\" or \"cells", k);
            return false;
        }
        j->at += is_sum ? 5 : 7;
        if (!json_take(j, ':', "':'"))
            return false;
        if (is_sum) {
            have_sum = true;
            if ((*sum = json_number(j, "the cage's sum")) < 0)
                return false;
            continue;
        }
        have_cells = true;
        if (!json_take(j, '[', "'[' (the cage's cells)"))
            return false;
        json_space(j);
        for (bool first = true; j->s[j->at] != ']'; first = false) {
            if (!first && !json_take(j, ',', "',' or ']'"))
                return false;
            long col = j->col + (long)j->at + (long)strspn(j->s + j->at, " \t");
            long c = json_number(j, "a cell");
            if (c < 0)
                return false;
            if (c >= cells) {
                case_error(j->err, &j->failed, j->line, col,
                           "cell %ld of cage %d is outside the grid (cells are row-major "
                           "indices, 0 to %d in a %dx%d grid)", c, k, cells - 1, side, side);
                return false;
            }
            if (cage[c]) {
                char other[48];
                snprintf(other, sizeof other, "in cage %d too: cages do not overlap", cage[c]);
                case_error(j->err, &j->failed, j->line, col,
                           "cell %ld (row %ld column %ld) of cage %d is %s", c, c / side + 1,
                           c % side + 1, k, cage[c] == k ? "in it twice" : other);
                return false;
            }
            cage[c] = k;
            if (++size > side) {
                case_error(j->err, &j->failed, j->line, col,
                           "cage %d has more than %d cells (a cage's values are distinct, 1 to %d)",
                           k, side, side);
                return false;
            }
            json_space(j);
        }
        j->at++;
    }
    char why[128];
    if (size == 0 || !cage_sum_fits(side, size, *sum, why, sizeof why)) {
        case_error(j->err, &j->failed, j->line, open, size ? "cage %d has %d cells: %s"
                                                           : "cage %d has no cells", k, size,
                   why);
        return false;
    }
    return json_take(j, '}', "'}'");
}

/* The "cages" of a JSON case (read_json() kept the array in r->cages_text): every cage one
 * object, the cells row-major indices; cages that leave the grid, overlap, or have a sum their
 * size cannot make are named.  false with the error otherwise. */
static bool json_cages(ojd_reader *r, ojd_puzzle *pz, long line, ojd_error *err)
{
    int side = pz->board.side, count = 0;
    int cage[OJD_MAX_CELLS] = {0}, sum[OJD_MAX_CAGES];
    json_scan j = {.s = r->cages_text, .col = r->cages_col, .line = line, .err = err};
    j.at = 1; /* past '[' */
    json_space(&j);
    for (bool first = true; j.s[j.at] != ']'; first = false) {
        if (!first && !json_take(&j, ',', "',' or ']'"))
            return false;
        if (count == OJD_MAX_CAGES) {
            case_error(err, &j.failed, line, j.col + (long)j.at, "more than %d cages",
                       OJD_MAX_CAGES);
            return false;
        }
        long s = 0;
        if (!json_cage(&j, count + 1, side, cage, &s))
            return false;
        sum[count++] = (int)s;
        json_space(&j);
    }
    if (count == 0) {
        case_error(err, &j.failed, line, j.col, "\"cages\" holds no cage");
        return false;
    }
    ojd_error why;
    if (ojd_board_set_cages(&pz->board, cage, sum, count, &why) != OJD_OK) {
        case_error(err, &j.failed, line, j.col, "the cages are not a killer's: %s", why.message);
        return false;
    }
    return true;
}

/* A case as `--format json` writes it (generate's and solve's records): the "puzzle" string is
 * read as a puzzle on one line, with "regions" as its jigsaw map (PUZZLE:REGIONS); a record
 * without a puzzle (a malformed case's) is reported. */
static ojd_status read_json(ojd_reader *r, ojd_puzzle *pz, ojd_error *err)
{
    size_t at, len, map_at = 0, map_len = 0;
    long line = r->lineno;
    pz->line = line;
    pz->col = 1;
    if (!json_string(r->line, "puzzle", &at, &len) || len == 0) {
        ojd_error_set(err, OJD_ERR_PARSE, line, (long)strspn(r->line, " \t") + 1,
                      strstr(r->line, "\"malformed\"")
                          ? "a JSON record of a malformed case: no \"puzzle\" to read"
                          : "a JSON line without a \"puzzle\" string");
        return OJD_ERR_PARSE;
    }
    bool map = json_string(r->line, "regions", &map_at, &map_len);
    r->parts = 0;
    if (map) {
        memcpy(r->tail, r->line + map_at, map_len);
        r->regions_text = r->tail;
        r->regions_len = map_len;
        r->regions_col = (long)map_at + 1;
        r->parts = 1;
        r->colon_line = line;
    }
    /* the cages' array, kept after the map until the grid's side is known */
    long cages_col = json_array(r->line, "cages");
    if (cages_col > 0) {
        r->cages_text = r->tail + map_len;
        r->cages_len = r->len - (size_t)cages_col + 1;
        memcpy(r->tail + map_len, r->line + cages_col - 1, r->cages_len);
        r->tail[map_len + r->cages_len] = '\0'; /* json_cages() reads up to it */
        r->cages_col = cages_col;
    }
    /* the puzzle becomes the line, read as any one-line puzzle; columns are the string's */
    memmove(r->line, r->line + at, len);
    r->line[len] = '\0';
    r->len = len;
    ojd_status st = read_grid(r, 0, pz, err);
    if (st != OJD_OK && err->line == line && err->col >= 1 && err->col <= (long)len + 1 &&
        (!map || err->col < r->regions_col))
        err->col += (long)at;
    pz->col = (long)at + 1;
    if (st == OJD_OK && cages_col < 0) {
        ojd_error_set(err, OJD_ERR_PARSE, line, 1, "\"cages\" is not an array of cages");
        return OJD_ERR_PARSE;
    }
    if (st == OJD_OK && cages_col > 0 && !json_cages(r, pz, line, err))
        return OJD_ERR_PARSE;
    return st;
}

static unsigned long long parse_count(const char *s, bool *valid)
{
    while (*s == ' ' || *s == '\t')
        s++;
    *valid = *s != '-';
    if (*s == '+' || *s == '-')
        s++;
    unsigned long long n = 0;
    for (; isdigit((unsigned char)*s); s++) {
        if (n > (~0ULL - 9) / 10)
            *valid = false;
        else
            n = n * 10 + (unsigned long long)(*s - '0');
    }
    return n;
}

/* At the end of input: a count line that disagrees with the data becomes a warning. */
static void finish_stream(ojd_reader *r)
{
    if (r->ended)
        return;
    r->ended = true;
    if (!r->counted)
        return;
    char msg[160];
    if (!r->count_valid) {
        snprintf(msg, sizeof msg,
                 "the count line is not a valid number of cases; the input holds %lu", r->cases);
        warn(r, r->count_line, r->count_col, msg);
    } else if (r->count != r->cases) {
        snprintf(msg, sizeof msg, "the count line says %llu case%s but the input holds %lu",
                 r->count, r->count == 1 ? "" : "s", r->cases);
        warn(r, r->count_line, r->count_col, msg);
    }
}

/* Next significant line (skipping blank ones) without consuming it; false at end of input. */
static bool peek_significant(ojd_reader *r, line_kind *kind)
{
    while (next_line(r)) {
        *kind = classify(r);
        if (*kind != LINE_BLANK) {
            push_back(r);
            return true;
        }
    }
    return false;
}

/* A box size line "n" was read (at line, col); the grid follows.  Reads the whole case. */
static ojd_status read_prefixed(ojd_reader *r, unsigned long long n, bool valid, long line,
                                long col, ojd_puzzle *pz, ojd_error *err)
{
    begin_case(r, pz);
    line_kind next;
    if (!peek_significant(r, &next)) {
        ojd_error_set(err, OJD_ERR_PARSE, line + 1, 1, "the input ends after the box size %llu", n);
        return OJD_ERR_PARSE;
    }
    next_line(r);
    if (!valid || n < 1 || n > OJD_MAX_BOX) {
        read_grid(r, 0, pz, err); /* consume the grid to stay aligned, then report the size */
        /* !valid: negative, or too large for n to hold its value: the digits are not n */
        if (valid)
            ojd_error_set(err, OJD_ERR_PARSE, line, col,
                          "unsupported box size %llu (1 to %d is supported)", n, OJD_MAX_BOX);
        else
            ojd_error_set(err, OJD_ERR_PARSE, line, col,
                          "unsupported box size: not a number from 1 to %d", OJD_MAX_BOX);
        return OJD_ERR_PARSE;
    }
    ojd_status st = read_grid(r, (int)(n * n), pz, err);
    if (st == OJD_OK) {
        pz->line = line;
        pz->col = col;
    }
    return st;
}

/* After a first lone integer: the next significant line is a lone box size 2..OJD_MAX_BOX, so
 * the first counts the cases of a size-prefixed stream (Kick Start's Sudoku Checker).  A 1x1
 * grid's row is a lone number too, but only 1 is a value of it.  The line is left unread. */
static bool box_size_follows(ojd_reader *r)
{
    line_kind kind;
    if (!peek_significant(r, &kind) || kind != LINE_INTEGER)
        return false;
    next_line(r);
    const char *p = r->line + strspn(r->line, " \t");
    push_back(r);
    /* one digit: a packed row of a side-2 grid ("02") is no box size */
    return p[0] >= '2' && p[0] <= '0' + OJD_MAX_BOX && p[1] == '\0';
}

/*
 * The first significant line is a lone integer: a count of cases, or the box size n of a UVa 989
 * stream (when the next line holds n*n space-separated cells).  Returns true for a box size.  A
 * count followed by a box size sets both counted and prefix_mode.
 */
static bool first_integer_is_prefix(ojd_reader *r, unsigned long long n, bool valid, long line,
                                    long col)
{
    const ojd_profile *f = r->format;
    bool counts = f && f->count_line == 1, prefixed = f && f->size_prefix;
    line_kind kind;
    if (!counts && (!f || f->grammar == OJD_GRAMMAR_AUTO || (prefixed && f->count_line)) &&
        box_size_follows(r))
        r->prefix_mode = true; /* a count (below), then the box sizes */
    else if (prefixed && !counts)
        return true; /* no count line: this is the first box size */
    else if (!counts && valid && n >= 1 && n <= OJD_MAX_BOX && peek_significant(r, &kind) &&
             (kind == LINE_CELLS || kind == LINE_INTEGER)) {
        next_line(r);
        row_scan s = scan_row(r);
        push_back(r);
        if ((int)n * (int)n == s.width && (s.spaced || n == 1)) {
            r->prefix_mode = true;
            return true;
        }
    }
    r->counted = true;
    r->count = n;
    r->count_valid = valid;
    r->count_line = line;
    r->count_col = col;
    return false;
}

/* A header ("Grid 01") with no grid after it: a malformed case of its own, at the header. */
static ojd_status dangling_header(ojd_reader *r, ojd_puzzle *pz, ojd_error *err)
{
    long line = r->label_line, col = r->label_col;
    begin_case(r, pz); /* takes the label */
    pz->line = line;
    pz->col = col;
    ojd_error_set(err, OJD_ERR_PARSE, line, col, "the header \"%s\" has no grid after it",
                  pz->layout.label);
    return OJD_ERR_PARSE;
}

/* The end of the stream (end of input, or "end"): a dangling header first, then the count check;
 * an input that held no case at all is an error, reported once. */
static ojd_status stream_end(ojd_reader *r, ojd_puzzle *pz, ojd_error *err)
{
    if (r->pending_label[0])
        return dangling_header(r, pz, err);
    finish_stream(r);
    if (r->cases == 0 && !r->no_puzzle_reported) {
        r->no_puzzle_reported = true;
        ojd_error_set(err, OJD_ERR_PARSE, r->count_line ? r->count_line : 1,
                      r->count_line ? r->count_col : 1, "the input holds no puzzle");
        return OJD_ERR_PARSE;
    }
    return OJD_END;
}

/* Decodes n one-character cells of a grid of digits (1-9, and the blank symbols): the values
 * (0 = blank) into cell; false when some byte is no such symbol (a letter, a space, anything
 * else; cell then holds garbage).  The table's answer for every byte, 16 bytes at a time where
 * SSE2 is (x86-64 always has it); OJD_SCALAR_IO builds the plain loop, which test_reader checks
 * against the same cases. */
#if defined(__SSE2__) && !defined(OJD_SCALAR_IO)
#include <emmintrin.h>
static bool digit_cells(const unsigned char *u, size_t n, uint8_t *cell)
{
    const __m128i zero = _mm_set1_epi8('0'), nine = _mm_set1_epi8(9);
    size_t k = 0;
    for (; k + 16 <= n; k += 16) {
        __m128i c = _mm_loadu_si128((const __m128i *)(const void *)(u + k));
        __m128i d = _mm_sub_epi8(c, zero);
        __m128i digit = _mm_cmpeq_epi8(_mm_max_epu8(d, nine), nine); /* '0'..'9' */
        __m128i blank = _mm_or_si128(
            _mm_or_si128(_mm_cmpeq_epi8(c, _mm_set1_epi8('.')),
                         _mm_cmpeq_epi8(c, _mm_set1_epi8('?'))),
            _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(c, _mm_set1_epi8('-')),
                                      _mm_cmpeq_epi8(c, _mm_set1_epi8('*'))),
                         _mm_or_si128(_mm_cmpeq_epi8(c, _mm_set1_epi8('_')),
                                      _mm_cmpeq_epi8(c, _mm_set1_epi8('x')))));
        if (_mm_movemask_epi8(_mm_or_si128(digit, blank)) != 0xffff)
            return false;
        _mm_storeu_si128((__m128i *)(void *)(cell + k), _mm_and_si128(d, digit));
    }
    for (; k < n; k++) {
        uint8_t e = symbol_table[u[k]];
        if (!e || (e & SYM_LETTER))
            return false;
        cell[k] = e & SYM_VALUE;
    }
    return true;
}
#else
static bool digit_cells(const unsigned char *u, size_t n, uint8_t *cell)
{
    unsigned any;
    unsigned all = look_up_symbols(u, n, cell, &any);
    return (all & SYM_OK) && !(any & SYM_LETTER);
}
#endif

/*
 * The fast path of a stream of one puzzle per line (why and what it is: docs/performance.md,
 * "src/io/reader.c").  After a whole puzzle of digits on one line, a next line of exactly side *
 * side symbols of that grid, ending in "\n" or "\r\n" inside the chunk, is one the general path
 * would take from its bytes alone: it is built here in one pass, exactly as read_grid() builds
 * it (the same board, layout, lines and context).  Any other line is left to the general path,
 * which alone gives diagnostics and warnings.  false: nothing was consumed.
 */
static bool fast_line_case(ojd_reader *r, ojd_puzzle *pz)
{
    int side = r->ctx_side;
    if (!r->ctx_line_mode || side < 2 || side > 9 || r->pushed_back || r->prefix_mode ||
        r->pending_label[0] || !r->started)
        return false;
    /* a profile of another grammar reports every line (read_grid()) */
    if (r->format && r->format->grammar != OJD_GRAMMAR_AUTO &&
        r->format->grammar != OJD_GRAMMAR_LINE)
        return false;
    size_t n = (size_t)side * (size_t)side;
    const unsigned char *u = r->chunk + r->chunk_pos;
    size_t avail = r->chunk_len - r->chunk_pos;
    size_t end = n < avail && u[n] == '\r' ? n + 1 : n; /* the "\n" after the cells */
    if (end >= avail || u[end] != '\n')
        return false;
    init_shape(r, &pz->board, side);
    uint8_t *cell = pz->board.cell;
    if (!digit_cells(u, n, cell))
        return false;
    for (size_t k = 0; side < 9 && k < n; k++)
        if (cell[k] > side)
            return false;
    char blank = '.'; /* the first blank symbol, as scan_row() finds it; '.' when none */
    for (size_t k = 0; k < n; k++)
        if (cell[k] == 0) {
            blank = (char)u[k];
            break;
        }
    begin_case_rows(r, pz, false); /* every row's line is set below */
    r->chunk_pos += end + 1;
    r->lineno++;
    pz->line = r->lineno;
    pz->col = 1;
    pz->layout.grammar = OJD_GRAMMAR_LINE;
    pz->layout.letters = false;
    pz->layout.blank = blank;
    for (int row = 0; row < side; row++)
        pz->row_line[row] = r->lineno;
    return true; /* the context (side, one line per puzzle) is the stream's already */
}

/* A case read under a profile of a variant: its extra units added, and a jigsaw's region map
 * required (the walls or PUZZLE:REGIONS give it). */
static ojd_status apply_variant(const ojd_profile *f, ojd_puzzle *pz, ojd_error *err)
{
    int side = pz->board.side;
    if ((f->units & OJD_UNITS_REGIONS) && !(ojd_board_units(&pz->board) & OJD_UNITS_REGIONS)) {
        ojd_error_set(err, OJD_ERR_PARSE, pz->line, pz->col,
                      "the profile's puzzles are jigsaws, and this case has no region map");
        return OJD_ERR_PARSE;
    }
    if ((f->units & OJD_UNITS_KILLER) && !(ojd_board_units(&pz->board) & OJD_UNITS_KILLER)) {
        ojd_error_set(err, OJD_ERR_PARSE, pz->line, pz->col,
                      "the profile's puzzles are killers, and this case has no cages");
        return OJD_ERR_PARSE;
    }
    if (ojd_board_set_extras(&pz->board, f->units & OJD_UNITS_EXTRAS) != OJD_OK) {
        ojd_error_set(err, OJD_ERR_PARSE, pz->line, pz->col,
                      "a %dx%d grid has no windoku windows (the profile's variant)", side, side);
        return OJD_ERR_PARSE;
    }
    return OJD_OK;
}

static ojd_status read_case(ojd_reader *r, ojd_puzzle *pz, ojd_error *err);

ojd_status ojd_reader_next(ojd_reader *r, ojd_puzzle *pz, ojd_error *err)
{
    ojd_error scratch;
    if (!err)
        err = &scratch;
    ojd_status st = read_case(r, pz, err);
    if (st == OJD_OK && r->format && r->format->units)
        st = apply_variant(r->format, pz, err);
    return st;
}

/* ojd_reader_next() but for the profile's variant. */
static ojd_status read_case(ojd_reader *r, ojd_puzzle *pz, ojd_error *err)
{
    if (!r || !pz)
        return OJD_ERR_INVALID;
    if (r->ended)
        return r->io_error ? OJD_ERR_IO : OJD_END;
    if (fast_line_case(r, pz))
        return OJD_OK;
    for (;;) {
        if (!next_line(r)) {
            if (r->io_error) {
                ojd_error_set(err, OJD_ERR_IO, r->lineno, 0, "read error");
                r->ended = true;
                return OJD_ERR_IO;
            }
            r->started = true;
            return stream_end(r, pz, err);
        }
        line_kind kind = classify(r);
        bool first = !r->started;
        if (kind != LINE_BLANK)
            r->started = true;
        switch (kind) {
        case LINE_BLANK:
            if (r->pending_sep == OJD_SEP_NONE)
                r->pending_sep = OJD_SEP_BLANK;
            continue;
        case LINE_DASHES:
            r->pending_sep = OJD_SEP_DASHES;
            continue;
        case LINE_RULE:
            continue;
        case LINE_END: {
            if (r->pending_label[0]) {
                push_back(r); /* "end" is read again after the header's case */
                return dangling_header(r, pz, err);
            }
            line_kind after;
            if (peek_significant(r, &after)) {
                next_line(r);
                warn(r, r->lineno, 1, "input after the \"end\" line is ignored");
            }
            return stream_end(r, pz, err);
        }
        case LINE_HEADER:
            if (r->pending_label[0]) {
                push_back(r); /* this header is read again, for the next case */
                return dangling_header(r, pz, err);
            }
            r->label_line = r->lineno;
            r->label_col = (long)strspn(r->line, " \t") + 1;
            snprintf(r->pending_label, sizeof r->pending_label, "%s", r->line + r->label_col - 1);
            continue;
        case LINE_TOO_LONG:
            begin_case(r, pz);
            pz->line = r->lineno;
            pz->col = 1;
            ojd_error_set(err, OJD_ERR_PARSE, r->lineno, READER_LINE_CAP + 1,
                          "the line is longer than %d characters", READER_LINE_CAP);
            return OJD_ERR_PARSE;
        case LINE_LITERAL:
            begin_case(r, pz);
            return read_literal(r, pz, err);
        case LINE_JSON:
            begin_case(r, pz);
            return read_json(r, pz, err);
        case LINE_INTEGER:
            if (first || r->prefix_mode) {
                long line = r->lineno, col = (long)strspn(r->line, " \t") + 1;
                bool valid;
                unsigned long long n = parse_count(r->line, &valid);
                if (first && !first_integer_is_prefix(r, n, valid, line, col))
                    continue; /* a count line */
                return read_prefixed(r, n, valid, line, col, pz, err);
            }
            break; /* a lone number inside a stream of grids: read as cells (and reported) */
        case LINE_CELLS:
            break;
        }
        int caged_side;
        size_t cages_at;
        if (kind == LINE_CELLS && !r->prefix_mode && !r->regions_col &&
            (!r->format || r->format->grammar == OJD_GRAMMAR_AUTO ||
             r->format->grammar == OJD_GRAMMAR_PACKED) && caged_row(r, &caged_side, &cages_at)) {
            begin_case(r, pz);
            return read_caged(r, caged_side, cages_at, pz, err);
        }
        begin_case(r, pz);
        if (r->prefix_mode) {
            long line = r->lineno;
            read_grid(r, 0, pz, err);
            ojd_error_set(err, OJD_ERR_PARSE, line, 1, "expected the box size n before the grid");
            return OJD_ERR_PARSE;
        }
        return read_grid(r, 0, pz, err);
    }
}

ojd_status ojd_puzzle_parse(const char *text, ojd_puzzle *pz, ojd_error *err)
{
    ojd_reader *r = ojd_reader_new_mem(text, text ? strlen(text) : 0, "<string>", NULL);
    if (!r)
        return OJD_ERR_NOMEM;
    ojd_status st = ojd_reader_next(r, pz, err);
    ojd_reader_free(r);
    return st == OJD_END ? OJD_ERR_PARSE : st;
}
