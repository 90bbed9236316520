/*
 * writer.c -- formats answers (and whole judge input files) byte-exact in a profile's framing.
 *
 * A case is written as: [separator before it] [header] [label] body [count line] [separator after
 * it].  Which of those appear is decided by the profile's fields only (framing, out_separator,
 * header, style, words); with no profile every choice mirrors the layout the reader recorded for
 * the puzzle.  Every grid line ends with '\n' and never carries trailing spaces.
 */
#include "format.h"

#include <stdlib.h>
#include <string.h>
#if defined(__SSE2__) && !defined(OJD_SCALAR_IO)
#include <emmintrin.h>
#endif

/* The largest side whose values all have a one-character symbol: 'A'..'Y' (the reader's). */
#define OJD_ONE_CHAR_SIDE 25

struct ojd_writer {
    FILE *out;
    const ojd_profile *format;   /* NULL = mirror the input */
    ojd_writer_options opts;
    /* what ojd_writer_put() changes at every case, apart from what ojd_writer_format() reads on
     * the solving threads (on one cache line, a case written on one processor would cost a miss
     * to each case formatted on another) */
    char apart[64];
    unsigned long written;      /* cases written so far */
    unsigned long long sum;     /* OJD_STYLE_SUM: running total */
    bool summed;                /* OJD_STYLE_SUM: some case contributed */
    bool failed;                /* a write failed: sticky */
    ojd_answer *scratch;        /* ojd_writer_answer()'s text, reused case after case */
};

/*
 * A case's answer as text, made by ojd_writer_format() (on any thread) and written by
 * ojd_writer_put() in case order.  The text holds everything but the separator before the case:
 * whether one goes there depends on whether an earlier case wrote anything, which only the
 * writer knows when the cases come in order.
 */
struct ojd_answer {
    char *data;                 /* length bytes, grown with realloc() and kept for the next case */
    size_t length, capacity;
    ojd_status status;          /* what ojd_writer_answer() returns; OJD_OK: the text is written */
    ojd_separator before;       /* written before the text when an earlier case wrote anything */
    bool summed;                /* OJD_STYLE_SUM: the case adds sum_key to the total, no text */
    unsigned sum_key;
    bool no_memory;             /* an append failed: the text is incomplete */
};

ojd_answer *ojd_answer_new(void) { return calloc(1, sizeof(ojd_answer)); }

void ojd_answer_free(ojd_answer *a)
{
    if (!a)
        return;
    free(a->data);
    free(a);
}

const char *ojd_answer_text(const ojd_answer *a, size_t *length)
{
    *length = a->length;
    return a->data;
}

ojd_writer *ojd_writer_new(FILE *out, const ojd_profile *format, const ojd_writer_options *opts)
{
    if (!out)
        return NULL;
    ojd_writer *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    w->scratch = ojd_answer_new();
    if (!w->scratch) {
        free(w);
        return NULL;
    }
    w->out = out;
    w->format = format;
    if (opts)
        w->opts = *opts;
    return w;
}

void ojd_writer_free(ojd_writer *w)
{
    if (!w)
        return;
    ojd_answer_free(w->scratch);
    free(w);
}

/* ---- text ---------------------------------------------------------------------------------- */

/* Room for `more` bytes after the text (false, and no_memory, when it cannot be had). */
static bool reserve(ojd_answer *t, size_t more)
{
    if (t->no_memory)
        return false;
    if (t->capacity - t->length >= more)
        return true;
    size_t want = t->capacity ? t->capacity : 256;
    while (want - t->length < more)
        want *= 2;
    char *grown = realloc(t->data, want);
    if (!grown) {
        t->no_memory = true;
        return false;
    }
    t->data = grown;
    t->capacity = want;
    return true;
}

static void put_bytes(ojd_answer *t, const char *s, size_t n)
{
    /* nothing to copy is no copy: t->data may still be NULL (an empty template expansion) */
    if (n > 0 && reserve(t, n)) {
        memcpy(t->data + t->length, s, n);
        t->length += n;
    }
}

static void put_char(ojd_answer *t, char c)
{
    if (reserve(t, 1))
        t->data[t->length++] = c;
}

static void put_string(ojd_answer *t, const char *s) { put_bytes(t, s, strlen(s)); }

/* A number in decimal (what "%llu" writes, without printf's cost: json writes four a case). */
static void put_number(ojd_answer *t, unsigned long long n)
{
    char digits[24];
    size_t k = sizeof digits;
    do {
        digits[--k] = (char)('0' + n % 10);
        n /= 10;
    } while (n);
    put_bytes(t, digits + k, sizeof digits - k);
}

/* ---- cells and grids ----------------------------------------------------------------------- */

/* The blank symbol to write: the profile's, else the input's, adapted to the alphabet. */
static char blank_symbol(char wanted, bool letters)
{
    if (!wanted || wanted == ' ')
        wanted = letters ? '-' : '.';
    if (letters && wanted == '0')
        wanted = '-';
    return wanted;
}

/* Writes one cell as text: a value or the blank symbol; spaced cells above 9 are numbers unless
 * the grid uses letters. */
static void put_cell(ojd_answer *t, int v, bool spaced, bool letters, char blank)
{
    if (v == 0)
        put_char(t, blank);
    else if (spaced && !letters)
        put_number(t, (unsigned long long)v);
    else
        put_char(t, ojd_symbol(v, letters));
}

/* The text of one row, appended at buf (room for side * 3 bytes); returns its length.
 * Cells take one character each, or numbers when spaced without letters. */
static size_t row_text(char *buf, const ojd_board *b, int row, bool spaced, bool letters,
                       char blank)
{
    size_t n = 0;
    const uint8_t *cell = &b->cell[row * b->side];
    if (!spaced || (letters || b->side <= 9)) {
        char symbol[OJD_MAX_SIDE + 1]; /* one character per value, 0 = blank */
        symbol[0] = blank;
        for (int v = 1; v <= b->side; v++)
            symbol[v] = ojd_symbol(v, letters);
        for (int c = 0; c < b->side; c++) {
            if (spaced && c > 0)
                buf[n++] = ' ';
            buf[n++] = symbol[cell[c]];
        }
        return n;
    }
    for (int c = 0; c < b->side; c++) {
        int v = cell[c];
        if (c > 0)
            buf[n++] = ' ';
        if (v == 0) {
            buf[n++] = blank;
        } else {
            if (v > 9)
                buf[n++] = (char)('0' + v / 10);
            buf[n++] = (char)('0' + v % 10);
        }
    }
    return n;
}

static void put_row(ojd_answer *t, const ojd_board *b, int row, bool spaced, bool letters,
                    char blank)
{
    /* a cell takes 3 characters at most ("64 "), and the newline: room for this row alone, so
     * that a 9x9 answer's text stays a few cache lines */
    if (!reserve(t, (size_t)b->side * 3 + 1))
        return;
    size_t n = row_text(t->data + t->length, b, row, spaced, letters, blank);
    t->data[t->length + n] = '\n';
    t->length += n + 1;
}

/* Every cell of b, one character each, row after row, at buf (room for side * side bytes);
 * returns the length.  The symbol table is built once per grid, not once per row: with one
 * puzzle per line this is the writer's whole cost. */
static size_t line_text(char *buf, const ojd_board *b, bool letters, char blank)
{
#if defined(__SSE2__) && !defined(OJD_SCALAR_IO)
    /* digits ('0' + value, the blank for 0), 16 cells at a time: a 9x9 line is the writer's
     * whole work on an easy batch */
    if (!letters && b->side <= 9) {
        size_t n = (size_t)b->side * (size_t)b->side, k = 0;
        const __m128i zero = _mm_setzero_si128(), blanks = _mm_set1_epi8(blank);
        for (; k + 16 <= n; k += 16) {
            __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(b->cell + k));
            __m128i empty = _mm_cmpeq_epi8(v, zero);
            __m128i digits = _mm_add_epi8(v, _mm_set1_epi8('0'));
            _mm_storeu_si128((__m128i *)(void *)(buf + k),
                             _mm_or_si128(_mm_and_si128(empty, blanks),
                                          _mm_andnot_si128(empty, digits)));
        }
        for (; k < n; k++)
            buf[k] = b->cell[k] ? (char)('0' + b->cell[k]) : blank;
        return n;
    }
#endif
    char symbol[OJD_MAX_SIDE + 1]; /* one character per value, 0 = blank */
    symbol[0] = blank;
    for (int v = 1; v <= b->side; v++)
        symbol[v] = ojd_symbol(v, letters);
    size_t n = (size_t)b->side * (size_t)b->side;
    for (size_t i = 0; i < n; i++)
        buf[i] = symbol[b->cell[i]];
    return n;
}

/* The symbol of the k-th region named on a line (PUZZLE:REGIONS): letters, then digits, for up
 * to 64 regions. */
static const char region_symbols[] =
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+/";

/* A jigsaw's region map as the one-line form writes it: one symbol per cell, the regions named
 * in the order their first cells come (so one partition has one spelling). */
static void put_regions(ojd_answer *t, const ojd_board *b)
{
    int name[OJD_MAX_SIDE], named = 0, cells = b->side * b->side;
    for (int g = 0; g < b->side; g++)
        name[g] = -1;
    if (!reserve(t, (size_t)cells))
        return;
    for (int i = 0; i < cells; i++) {
        int g = b->region[i] < b->side ? b->region[i] : 0;
        if (name[g] < 0)
            name[g] = named++;
        t->data[t->length++] = region_symbols[name[g]];
    }
}

/* The symbol of the k-th cage (from 0) of a killer line's cage map: letters, digits, then
 * punctuation that no separator (':', ',', '.') or quoting (quotes, backslash) uses: 87 in
 * ASCII; past them two-byte UTF-8 letters from U+0100 on, so OJD_MAX_CAGES fit.  Into buf (2
 * bytes at most); returns the length. */
static int cage_symbol_past_ascii(int k, char *buf);
static const char cage_symbols[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
                                   "0123456789!#$%&()*+-/;<=>?@[]^_{|}~";
static int writer_cage_symbol(int k, char *buf)
{
    int ascii = (int)sizeof cage_symbols - 1;
    if (k < ascii) {
        buf[0] = cage_symbols[k];
        return 1;
    }
    return cage_symbol_past_ascii(k, buf);
}

/* CodinGame's cage ids, a-z then A-Z, then the line form's symbols past the letters. */
static int caged_symbol(int k, char *buf)
{
    if (k < 52) {
        buf[0] = cage_symbols[(k + 26) % 52];
        return 1;
    }
    return writer_cage_symbol(k, buf);
}

static int cage_symbol_past_ascii(int k, char *buf)
{
    int ascii = (int)sizeof cage_symbols - 1;
    unsigned code = 0x100u + (unsigned)(k - ascii);
    buf[0] = (char)(0xc0 | code >> 6);
    buf[1] = (char)(0x80 | (code & 0x3f));
    return 2;
}

/* A killer board's cage map (one symbol per cell, '.' for a cell in no cage; the cages are
 * numbered by first cell, so the symbols come in order too), then ':' and its sums,
 * comma-separated: CAGES:SUMS of the line form. */
static void writer_put_cages(ojd_answer *t, const ojd_board *b)
{
    int cells = b->side * b->side, count = ojd_board_cage_count(b);
    if (!reserve(t, (size_t)cells * 2))
        return;
    for (int i = 0; i < cells; i++) {
        if (b->cage[i] == 0)
            t->data[t->length++] = '.';
        else
            t->length += (size_t)writer_cage_symbol(b->cage[i] - 1, t->data + t->length);
    }
    put_char(t, ':');
    for (int k = 1; k <= count; k++) {
        if (k > 1)
            put_char(t, ',');
        put_number(t, (unsigned long long)ojd_board_cage_sum(b, k));
    }
}

/* After a one-line grid: ":REGIONS" of a jigsaw, and ":REGIONS:CAGES:SUMS" of a killer (the
 * map empty for boxes). */
static void put_line_units(ojd_answer *t, const ojd_board *b)
{
    if (b->units & (OJD_UNITS_REGIONS | OJD_UNITS_KILLER))
        put_char(t, ':');
    if (b->units & OJD_UNITS_REGIONS)
        put_regions(t, b);
    if (b->units & OJD_UNITS_KILLER) {
        put_char(t, ':');
        writer_put_cages(t, b);
    }
}

/* All rows on one line, without the newline. */
static void put_cells(ojd_answer *t, const ojd_board *b, bool letters, char blank)
{
    /* room for this grid alone, not the largest: an answer's text is kept per case in flight */
    if (reserve(t, (size_t)b->side * (size_t)b->side))
        t->length += line_text(t->data + t->length, b, letters, blank);
}

/* All rows on one line; a jigsaw's region map after a colon (PUZZLE:REGIONS), a killer's
 * cages and sums after it (GIVENS:REGIONS:CAGES:SUMS). */
static void writer_put_line(ojd_answer *t, const ojd_board *b, bool letters, char blank)
{
    put_cells(t, b, letters, blank);
    put_line_units(t, b);
    put_char(t, '\n');
}

static void put_literal(ojd_answer *t, const ojd_board *b, bool letters, char blank)
{
    put_char(t, '[');
    for (int r = 0; r < b->side; r++) {
        put_string(t, r ? ",[" : "[");
        for (int c = 0; c < b->side; c++) {
            int v = b->cell[r * b->side + c];
            put_string(t, c ? ",\"" : "\"");
            if (v > 9 && !letters)
                put_number(t, (unsigned long long)v);
            else
                put_cell(t, v, false, letters, blank);
            put_char(t, '"');
        }
        put_char(t, ']');
    }
    put_string(t, "]\n");
}

/* One cell of a drawn grid: one column (put_cell()), or two right-aligned for numbers (width 2,
 * a grid whose values pass 9 without letters). */
static void put_pretty_cell(ojd_answer *t, int v, int width, bool letters, char blank)
{
    if (width == 2 && v) {
        if (v < 10)
            put_char(t, ' ');
        put_number(t, (unsigned long long)v);
    } else if (width == 2) {
        put_char(t, ' ');
        put_char(t, blank);
    } else {
        put_cell(t, v, false, letters, blank);
    }
}

/*
 * A jigsaw's grid: its region borders drawn between the cells, "|" between two cells of a row in
 * different regions, and between rows a line with "-" under every cell whose region differs
 * from the one below, and in the gaps "-", "|" or "+" as the borders meet there, spaces
 * elsewhere, cut at its last mark.  Cells take one column (two for numbers above 9, right-aligned), gaps one.
 */
static void put_pretty_regions(ojd_answer *t, const ojd_board *b, bool letters, char blank)
{
    int n = b->side, width = letters || n <= 9 ? 1 : 2;
    char rule[2 * OJD_MAX_SIDE * 3 + 2];
    for (int r = 0; r < n; r++) {
        if (r > 0) {
            int len = 0, last = 0;
            for (int c = 0; c < n; c++) {
                bool cut = b->region[(r - 1) * n + c] != b->region[r * n + c];
                bool next = c + 1 < n && b->region[(r - 1) * n + c + 1] != b->region[r * n + c + 1];
                for (int k = 0; k < width; k++)
                    rule[len++] = cut ? '-' : ' ';
                if (cut)
                    last = len;
                if (c + 1 < n) {
                    /* a gap: a horizontal border beside it, a vertical one above or below */
                    const uint8_t *g = b->region;
                    bool across = cut || next, up = g[(r - 1) * n + c] != g[(r - 1) * n + c + 1],
                         down = g[r * n + c] != g[r * n + c + 1];
                    rule[len++] = across && (up || down) ? '+' : across ? '-'
                                                               : up || down ? '|' : ' ';
                    if (across || up || down)
                        last = len;
                }
            }
            put_bytes(t, rule, (size_t)last);
            put_char(t, '\n');
        }
        for (int c = 0; c < n; c++) {
            if (c > 0)
                put_char(t, b->region[r * n + c - 1] != b->region[r * n + c] ? '|' : ' ');
            put_pretty_cell(t, b->cell[r * n + c], width, letters, blank);
        }
        put_char(t, '\n');
    }
}

static void put_pretty_units(ojd_answer *t, const ojd_board *b, bool letters, char blank,
                             bool dashes);

/* A killer's cages under its drawn grid, for people to read: "cages:", the cage map a row a
 * line (the line form's symbols, space-separated, '.' in no cage), then "sums: A=12 B=17 ...". */
static void put_pretty_cages(ojd_answer *t, const ojd_board *b)
{
    int n = b->side, count = ojd_board_cage_count(b);
    char sym[2];
    put_string(t, "cages:\n");
    for (int r = 0; r < n; r++) {
        for (int c = 0; c < n; c++) {
            int k = b->cage[r * n + c];
            if (c > 0)
                put_char(t, ' ');
            if (k)
                put_bytes(t, sym, (size_t)writer_cage_symbol(k - 1, sym));
            else
                put_char(t, '.');
        }
        put_char(t, '\n');
    }
    put_string(t, "sums:");
    for (int k = 1; k <= count; k++) {
        put_char(t, ' ');
        put_bytes(t, sym, (size_t)writer_cage_symbol(k - 1, sym));
        put_char(t, '=');
        put_number(t, (unsigned long long)ojd_board_cage_sum(b, k));
    }
    put_char(t, '\n');
}

/* Box rules between bands and stacks: "5 3 4 | 6 7 8" and "------+------" ("-------------" with
 * dashes: the profile's band-rule).  Numbers above 9 (no letters) take two columns,
 * right-aligned.  A jigsaw draws its regions instead; a killer's cages follow the grid. */
static void put_pretty(ojd_answer *t, const ojd_board *b, bool letters, char blank, bool dashes)
{
    put_pretty_units(t, b, letters, blank, dashes);
    if (b->units & OJD_UNITS_KILLER)
        put_pretty_cages(t, b);
}

static void put_pretty_units(ojd_answer *t, const ojd_board *b, bool letters, char blank,
                             bool dashes)
{
    if (b->units & OJD_UNITS_REGIONS) {
        put_pretty_regions(t, b, letters, blank);
        return;
    }
    int width = letters || b->side <= 9 ? 1 : 2;
    int segment = b->box_cols * width + (b->box_cols - 1);
    for (int r = 0; r < b->side; r++) {
        if (r > 0 && r % b->box_rows == 0) {
            for (int s = 0; s < b->box_rows; s++) {
                if (s > 0)
                    put_string(t, dashes ? "---" : "-+-");
                for (int k = 0; k < segment; k++)
                    put_char(t, '-');
            }
            put_char(t, '\n');
        }
        for (int c = 0; c < b->side; c++) {
            if (c > 0)
                put_string(t, c % b->box_cols == 0 ? " | " : " ");
            put_pretty_cell(t, b->cell[r * b->side + c], width, letters, blank);
        }
        put_char(t, '\n');
    }
}

/* OJD_STYLE_SVG: the puzzle's givens, and the values filled (NULL: none), as one document. */
static void put_svg(ojd_answer *t, const ojd_board *givens, const ojd_board *filled, bool letters)
{
    size_t n;
    char *text = ojd_svg_draw(givens, filled, letters, &n);
    if (!text) {
        t->no_memory = true;
        return;
    }
    put_bytes(t, text, n);
    free(text);
}

/* dashes: the profile's band-rule is all dashes (style pretty) */
static void put_grid(ojd_answer *t, const ojd_board *b, ojd_style style, bool letters, char blank,
                     bool dashes)
{
    switch (style) {
    case OJD_STYLE_LINE:
        writer_put_line(t, b, letters, blank);
        return;
    case OJD_STYLE_LITERAL:
        put_literal(t, b, letters, blank);
        return;
    case OJD_STYLE_PRETTY:
        put_pretty(t, b, letters, blank, dashes);
        return;
    default:
        for (int r = 0; r < b->side; r++)
            put_row(t, b, r, style == OJD_STYLE_SPACED, letters, blank);
        return;
    }
}

/* A template's line: templates are one short line (a header, a verdict). */
static void put_template(ojd_answer *t, const char *template, const ojd_template_vars *vars)
{
    char line[512];
    ojd_template_expand(line, sizeof line, template, vars);
    put_string(t, line);
    put_char(t, '\n');
}

static void put_separator(ojd_answer *t, ojd_separator sep)
{
    if (sep == OJD_SEP_BLANK)
        put_char(t, '\n');
    else if (sep == OJD_SEP_DASHES)
        put_string(t, "---\n");
}

/* ---- answers ------------------------------------------------------------------------------- */

/* Every write checks what its call returned (a short fwrite(), an EOF from fputs()), so a failed
 * write is seen where it happens: ferror() is asked once, at the end, for the rest.  (Asking it
 * after every answer took a lock per answer once threads exist.) */
static ojd_status write_status(const ojd_writer *w)
{
    return w->failed ? OJD_ERR_IO : OJD_OK;
}

/* PUZZLE:COUNT[:SOLUTION], the fixture form of --count with one puzzle per line. */
static void put_count_line(const ojd_writer *w, ojd_answer *t, const ojd_puzzle *p,
                           const ojd_result *res, unsigned long count, bool letters)
{
    char blank = blank_symbol(w->format && w->format->blank ? w->format->blank : p->layout.blank,
                              letters);
    put_cells(t, &p->board, letters, blank);
    put_line_units(t, &p->board); /* PUZZLE:REGIONS[:CAGES:SUMS]:COUNT:SOLUTION */
    put_char(t, ':');
    put_number(t, count);
    if (count > 0) {
        put_char(t, ':');
        put_cells(t, &res->solution, letters, blank);
        put_char(t, '\n');
    } else {
        put_char(t, '\n');
    }
}

/* ---- JSON lines ---------------------------------------------------------------------------- */

/*
 * OJD_STYLE_JSON: one object per case on one line, for scripts.  Grids are one-line strings as
 * the `line` profile writes them: '.' for a blank, digits 1-9 up to 9x9, letters A.. (A = 1)
 * above.  The output is plain ASCII: every string the writer emits is escaped (quote, backslash,
 * control and non-ASCII bytes as \u00XX: OJD_JSON_ASCII), so each line is valid JSON whatever a
 * message holds.
 */
static void put_json_piece(void *t, const char *bytes, size_t n) { put_bytes(t, bytes, n); }

static void put_json_bytes(ojd_answer *t, const char *s, size_t n)
{
    ojd_json_string(s, n, OJD_JSON_ASCII, put_json_piece, t);
}

static void put_json_string(ojd_answer *t, const char *s) { put_json_bytes(t, s, strlen(s)); }

/* A grid as a JSON string. */
static void put_json_grid(ojd_answer *t, const ojd_board *b)
{
    /* one character per cell ends at 'Y' = 25: a larger grid is its numbers, space-separated,
     * row after row ('.' for a blank) */
    char buf[OJD_MAX_CELLS * 3 + 1];
    size_t n = 0;
    if (b->side > OJD_ONE_CHAR_SIDE) {
        for (int row = 0; row < b->side; row++) {
            if (row > 0)
                buf[n++] = ' ';
            n += row_text(buf + n, b, row, true, false, '.');
        }
    } else {
        /* digits, letters up to 'Y' and '.': nothing to escape, so no byte-by-byte look */
        n = line_text(buf, b, b->side > 9, '.');
        if (reserve(t, n + 2)) {
            t->data[t->length] = '"';
            memcpy(t->data + t->length + 1, buf, n);
            t->data[t->length + n + 1] = '"';
            t->length += n + 2;
        }
        return;
    }
    put_json_bytes(t, buf, n);
}

/* A killer's cages: ,"cages":[{"sum":12,"cells":[0,1]},...], the cells row-major indices, the
 * cages in the board's order (by first cell). */
static void put_json_cages(ojd_answer *t, const ojd_board *b)
{
    int count = ojd_board_cage_count(b), cells[OJD_MAX_SIDE];
    if (count == 0)
        return;
    put_string(t, ",\"cages\":[");
    for (int k = 1; k <= count; k++) {
        put_string(t, k > 1 ? ",{\"sum\":" : "{\"sum\":");
        put_number(t, (unsigned long long)ojd_board_cage_sum(b, k));
        put_string(t, ",\"cells\":[");
        int n = ojd_board_cage_cells(b, k, cells);
        for (int c = 0; c < n; c++) {
            if (c > 0)
                put_char(t, ',');
            put_number(t, (unsigned long long)cells[c]);
        }
        put_string(t, "]}");
    }
    put_char(t, ']');
}

static const char *json_status(ojd_status status)
{
    switch (status) {
    case OJD_OK: return "solved";
    case OJD_MULTIPLE: return "multiple";
    case OJD_UNSOLVABLE: return "unsolvable";
    case OJD_CONFLICT: return "conflict";
    case OJD_LIMIT: return "limit";
    default: return "error"; /* the engine failed (out of memory, a bad board) */
    }
}

/* The number of solutions a case reports, the same in every profile: none for a conflict or an
 * engine error, else the solutions found -- with --count=N never more than N (N then means "N or
 * more"), even where the profile searched further to tell solved from multiple (json, the
 * verdict profiles search for a second solution whatever N is). */
static unsigned long reported_count(const ojd_writer *w, ojd_status status, const ojd_result *res)
{
    if (status == OJD_CONFLICT || status < 0)
        return 0;
    unsigned long cap = w->opts.count_cap;
    return cap > 0 && res->solutions > cap ? cap : res->solutions;
}

/* {"case":N,"status":...,"puzzle":...,"solutions":N,"solution":...|null,"nodes":N,
 *  "guesses":N[,"error":...]} */
static void put_json_answer(const ojd_writer *w, ojd_answer *t, const ojd_puzzle *p,
                            ojd_status status, const ojd_result *res)
{
    unsigned long solutions = reported_count(w, status, res);
    put_string(t, "{\"case\":");
    put_number(t, p->index);
    put_string(t, ",\"status\":\"");
    put_string(t, json_status(status));
    put_string(t, "\",\"puzzle\":");
    put_json_grid(t, &p->board);
    if (p->board.units & OJD_UNITS_REGIONS) { /* the line form's map: "regions":"aaab..." */
        put_string(t, ",\"regions\":\"");
        put_regions(t, &p->board);
        put_char(t, '"');
    }
    put_json_cages(t, &p->board);
    put_string(t, ",\"solutions\":");
    put_number(t, solutions);
    put_string(t, ",\"solution\":");
    if (solutions > 0)
        put_json_grid(t, &res->solution);
    else
        put_string(t, "null");
    put_string(t, ",\"nodes\":");
    put_number(t, res->nodes);
    put_string(t, ",\"guesses\":");
    put_number(t, res->guesses);
    ojd_conflict c;
    if (status == OJD_CONFLICT && ojd_board_find_conflict(&p->board, &c)) {
        char msg[160], why[128];
        ojd_conflict_text(&p->board, &c, why, sizeof why);
        if (c.value > 0) /* a repeat, in the words every profile's json has */
            snprintf(msg, sizeof msg, "the givens repeat %d in %s %d", c.value, c.unit, c.index);
        else /* a cage's sum the givens break */
            snprintf(msg, sizeof msg, "in the givens, %s", why);
        put_string(t, ",\"error\":");
        put_json_string(t, msg);
    } else if (status < 0) {
        put_string(t, ",\"error\":");
        put_json_string(t, ojd_strerror(status));
    }
    put_string(t, "}\n");
}

/* Writes a text made here (or by ojd_writer_format()) to the stream in one call. */
static ojd_status write_text(ojd_writer *w, const ojd_answer *t)
{
    if (t->length > 0 && fwrite(t->data, 1, t->length, w->out) != t->length)
        w->failed = true;
    return write_status(w);
}

ojd_status ojd_writer_error(ojd_writer *w, unsigned long index, const ojd_error *err)
{
    if (!w || !err)
        return OJD_ERR_INVALID;
    if (w->failed)
        return OJD_ERR_IO;
    if (!w->format || w->format->style != OJD_STYLE_JSON || index == 0)
        return err->code;
    ojd_answer *t = w->scratch;
    t->length = 0;
    t->no_memory = false;
    put_string(t, "{\"case\":");
    put_number(t, index);
    put_string(t, ",\"status\":\"malformed\",\"line\":");
    put_number(t, (unsigned long long)err->line);
    put_string(t, ",\"col\":");
    put_number(t, (unsigned long long)err->col);
    put_string(t, ",\"error\":");
    put_json_string(t, err->message);
    put_string(t, "}\n");
    if (t->no_memory)
        return OJD_ERR_NOMEM;
    w->written++;
    return write_text(w, t);
}

/* What a case's answer is made of, decided before any of its text (plan_answer()). */
typedef struct answer_plan {
    const ojd_profile *f;  /* the profile in effect; NULL: the output mirrors the input */
    ojd_style style;
    const char *word;     /* the outcome's word, or NULL */
    unsigned long count;  /* the count written (--count, a COUNT task) */
    bool grid;            /* the answer is the solution's grid */
    bool tally;           /* a COUNT task: its count, then the grid or the word */
    bool counting;        /* --count */
    bool letters;         /* the grid is written in letters */
    unsigned long nth;    /* an ALL task: the grid's place among the case's solutions, from 1 */
    bool closing;         /* an ALL task: the grid is the last, the tally follows it */
} answer_plan;

/* An ALL task's grid: solution nth of count (nth 0: the whole answer, which one grid is only
 * when count is 1; several are listed by ojd_writer_listed()).  false with t->status set when
 * the case cannot be written so: more solutions than the task lists is no answer. */
static bool plan_listing(ojd_answer *t, unsigned long count, unsigned long nth, answer_plan *a)
{
    if (count > OJD_ALL_LIMIT || (nth == 0 && count != 1)) {
        t->status = count > OJD_ALL_LIMIT ? OJD_LIMIT : OJD_ERR_USAGE;
        return false;
    }
    a->nth = nth ? nth : 1;
    a->count = count;
    a->closing = a->nth == count;
    return true;
}

/* Decides what a case's answer is made of, into *a.  false when it has no text: t->status (or
 * t->summed, for an Euler sum) then says what writing it means. */
static bool plan_answer(const ojd_writer *w, ojd_answer *t, const ojd_puzzle *p,
                        ojd_status status, const ojd_result *res, unsigned long nth,
                        answer_plan *a)
{
    const ojd_profile *f = ojd_profile_effective(w->format, &p->layout);
    a->f = f;
    a->nth = 0;
    a->closing = false;
    a->style = ojd_output_style(f, p);
    a->counting = w->opts.count_cap > 0;
    a->count = reported_count(w, status, res);
    ojd_answer_form form = ojd_profile_answer(f, ojd_outcome_of(status), &a->word);
    a->grid = form == OJD_ANSWER_GRID;
    if (a->style == OJD_STYLE_SUM) {
        if (!a->grid) {
            t->status = status;
            return false;
        }
        t->summed = true;
        t->sum_key = ojd_euler_key(&res->solution);
        return false;
    }
    /* a COUNT task answers every decided outcome: its count, then the grid of the one solution
     * or the outcome's word; a count at the cap is no count (OJD_COUNT_LIMIT says why) */
    a->tally = f && f->task == OJD_TASK_COUNT;
    if (a->tally) {
        a->count = status == OJD_CONFLICT ? 0 : res->solutions;
        if (a->count > OJD_COUNT_LIMIT) {
            t->status = OJD_LIMIT;
            return false;
        }
        a->grid = a->count == 1;
        if (a->grid)
            a->word = NULL;
    }
    if (f && f->task == OJD_TASK_ALL && a->grid && !plan_listing(t, res->solutions, nth, a))
        return false;
    if ((a->style == OJD_STYLE_VERDICT && !a->word) ||
        /* --count says every outcome by its count, even one the profile has no way to say */
        (form == OJD_ANSWER_NOTHING && !a->counting && !a->tally)) {
        t->status = status;
        return false;
    }
    /* the alphabet is the case's own (its board's side): res->solution is defined only when
     * a solution was found, and may hold another case's grid otherwise */
    a->letters = ojd_output_letters(f, &p->board, p->layout.letters, a->style);
    /* letters end at 'Y' = 25 (the reader's alphabet): a larger grid has none to be written in,
     * only numbers, which the one-character styles (line, packed) cannot hold */
    if (a->grid && p->board.side > OJD_ONE_CHAR_SIDE && a->letters) {
        t->status = OJD_ERR_USAGE;
        return false;
    }
    return true;
}

/* The lines of a case's answer as planned (all but a --count line of the line style, which is
 * put_count_line()'s): header, count, then the verdict, score, figure, grid or word. */
static void put_answer_lines(ojd_answer *t, const ojd_puzzle *p, const ojd_result *res,
                             const answer_plan *a, const ojd_template_vars *vars)
{
    const ojd_profile *f = a->f;
    if (f && f->header && a->nth <= 1) /* a listing's header opens its first solution only */
        put_template(t, f->header, vars);
    if (!f && p->layout.label[0]) {
        put_string(t, p->layout.label);
        put_char(t, '\n');
    }
    if (a->tally && f->tally)
        put_template(t, f->tally, vars);
    if (a->style == OJD_STYLE_VERDICT) {
        put_template(t, f->verdict_line ? f->verdict_line : "{word}", vars);
    } else if (a->grid && f && f->task == OJD_TASK_SCORE) {
        /* the best score, not its grid: a sum of values times positive weights, so >= 0 */
        put_number(t, (unsigned long long)res->score);
        put_char(t, '\n');
    } else if (a->grid && a->style == OJD_STYLE_SVG) {
        put_svg(t, &p->board, &res->solution, a->letters);
    } else if (a->grid) {
        /* a deduction leaves blanks: written as the profile's */
        put_grid(t, &res->solution, a->style, a->letters, f && f->blank ? f->blank : '.',
                 f && f->rule_dashes);
    }
    else if (a->word)
        put_template(t, a->word, vars);
    /* (not after a figure: the document ends with it) */
    if (a->counting && !a->tally && a->style != OJD_STYLE_VERDICT && a->style != OJD_STYLE_SVG) {
        put_string(t, "count ");
        put_number(t, a->count);
        put_char(t, '\n');
    }
}

/* Makes the text of a case's answer (everything ojd_writer_answer() writes for it but the
 * separator before it) and says what writing it means: t->status. */
static void format_answer(const ojd_writer *w, ojd_answer *t, const ojd_puzzle *p,
                          ojd_status status, const ojd_result *res, unsigned long nth)
{
    t->length = 0;
    t->no_memory = false;
    t->summed = false;
    t->before = OJD_SEP_NONE;
    t->status = OJD_OK;
    /* json: a line for every case, engine errors included (status "error") */
    if (w->format && w->format->style == OJD_STYLE_JSON && status != OJD_END) {
        put_json_answer(w, t, p, status, res);
        return;
    }
    if (status < 0 || status == OJD_LIMIT || status == OJD_END) {
        t->status = status;
        return;
    }
    answer_plan a;
    if (!plan_answer(w, t, p, status, res, nth, &a))
        return;
    const ojd_profile *f = a.f;
    /* {label} is the case's input header; a case made rather than read (generate --answers,
     * ojd_writer_solution()) has the one ojd_write_puzzles() gives it in the profile's input */
    char label[sizeof p->layout.label];
    snprintf(label, sizeof label, "%s", p->layout.label);
    if (!label[0] && f && f->in_header)
        ojd_template_expand(label, sizeof label, f->in_header,
                            &(ojd_template_vars){.index = p->index});
    ojd_template_vars vars = {.index = p->index, .word = a.word, .label = label, .count = a.count};
    if (!f)
        t->before = p->layout.separator;
    else if (f->framing == OJD_FRAME_BETWEEN)
        t->before = f->out_separator;
    if (a.counting && a.style == OJD_STYLE_LINE)
        put_count_line(w, t, p, res, a.count, a.letters);
    else
        put_answer_lines(t, p, res, &a, &vars);
    /* an ALL task's separator follows each solution, not the word for none (Jutge's "-1") */
    if (f && f->framing == OJD_FRAME_AFTER && (f->task != OJD_TASK_ALL || a.grid))
        put_separator(t, f->out_separator);
    if (a.closing && f->tally) /* an ALL task's closing line, after the last solution */
        put_template(t, f->tally, &vars);
}

ojd_status ojd_writer_format(const ojd_writer *w, const ojd_puzzle *p, ojd_status status,
                             const ojd_result *res, ojd_answer *answer)
{
    if (!w || !p || !res || !answer)
        return OJD_ERR_INVALID;
    format_answer(w, answer, p, status, res, 0);
    if (answer->no_memory)
        answer->status = OJD_ERR_NOMEM;
    return answer->status;
}

ojd_status ojd_writer_put(ojd_writer *w, const ojd_answer *t)
{
    if (!w || !t)
        return OJD_ERR_INVALID;
    if (w->failed)
        return OJD_ERR_IO;
    if (t->status != OJD_OK)
        return t->status;
    if (t->summed) {
        w->sum += t->sum_key;
        w->summed = true;
        return OJD_OK;
    }
    /* an SVG file is one document: a second case has no place in the stream */
    if (w->written > 0 && w->format && w->format->style == OJD_STYLE_SVG)
        return OJD_ERR_USAGE;
    if (w->written > 0 && t->before != OJD_SEP_NONE &&
        fputs(t->before == OJD_SEP_BLANK ? "\n" : "---\n", w->out) == EOF) {
        w->failed = true;
        return OJD_ERR_IO;
    }
    w->written++;
    return write_text(w, t);
}

ojd_status ojd_writer_answer(ojd_writer *w, const ojd_puzzle *p, ojd_status status,
                             const ojd_result *res)
{
    if (!w || !p || !res)
        return OJD_ERR_INVALID;
    if (w->failed)
        return OJD_ERR_IO;
    ojd_status st = ojd_writer_format(w, p, status, res, w->scratch);
    return st == OJD_OK ? ojd_writer_put(w, w->scratch) : st;
}
ojd_status ojd_writer_listed(ojd_writer *w, const ojd_puzzle *p, const ojd_board *solution,
                             unsigned long nth, unsigned long count)
{
    if (!w || !p || !solution || nth == 0 || nth > count)
        return OJD_ERR_INVALID;
    if (w->failed)
        return OJD_ERR_IO;
    if (ojd_profile_task(ojd_profile_effective(w->format, &p->layout)) != OJD_TASK_ALL)
        return OJD_ERR_USAGE;
    ojd_result res = {.solution = *solution, .solutions = count};
    format_answer(w, w->scratch, p, count == 1 ? OJD_OK : OJD_MULTIPLE, &res, nth);
    if (w->scratch->no_memory)
        return OJD_ERR_NOMEM;
    return w->scratch->status == OJD_OK ? ojd_writer_put(w, w->scratch) : w->scratch->status;
}

ojd_status ojd_writer_solution(ojd_writer *w, unsigned long index, const ojd_board *puzzle,
                               const ojd_board *solution)
{
    if (!w || !puzzle || !solution || !ojd_board_solves(puzzle, solution))
        return OJD_ERR_INVALID;
    /* a deduction, a score or a transform is the answer of its task, not a solution */
    if (w->format && w->format->method != OJD_METHOD_SEARCH &&
        w->format->method != OJD_METHOD_GIVENS && w->format->method != OJD_METHOD_COMPLETE)
        return OJD_ERR_USAGE;
    /* the case as the reader and the engine would have handed it over; its layout is a line's,
     * so that the mirror writes what the `line` profile writes */
    ojd_puzzle pz = {.board = *puzzle, .layout.grammar = OJD_GRAMMAR_LINE, .index = index};
    ojd_result res = {.solution = *solution, .solutions = 1};
    return ojd_writer_answer(w, &pz, OJD_OK, &res);
}

ojd_status ojd_writer_finish(ojd_writer *w)
{
    if (!w)
        return OJD_ERR_INVALID;
    if (w->format && w->format->style == OJD_STYLE_SUM && w->summed &&
        fprintf(w->out, "%llu\n", w->sum) < 0)
        w->failed = true;
    if (fflush(w->out) != 0 || ferror(w->out))
        w->failed = true;
    return write_status(w);
}

/* ---- judge input files --------------------------------------------------------------------- */

/* A killer in CodinGame's form: each row's cells (packed), a space and the row's cage ids
 * (caged_symbol()), then "a=12 b=17 ..." in cage order.  The form has no cell in no cage: the
 * caller refuses a board with one (cage_less()). */
static void put_caged_rows(ojd_answer *t, const ojd_board *b, char blank)
{
    int n = b->side, count = ojd_board_cage_count(b);
    char sym[2];
    for (int r = 0; r < n; r++) {
        if (reserve(t, (size_t)n))
            t->length += row_text(t->data + t->length, b, r, false, n > 9, blank);
        put_char(t, ' ');
        for (int c = 0; c < n; c++)
            put_bytes(t, sym, (size_t)caged_symbol(b->cage[r * n + c] - 1, sym));
        put_char(t, '\n');
    }
    for (int k = 1; k <= count; k++) {
        if (k > 1)
            put_char(t, ' ');
        put_bytes(t, sym, (size_t)caged_symbol(k - 1, sym));
        put_char(t, '=');
        put_number(t, (unsigned long long)ojd_board_cage_sum(b, k));
    }
    put_char(t, '\n');
}

/* A "+---+---+---+" line of a framed grid: box_cols dashes a box. */
static void put_frame_rule(ojd_answer *t, const ojd_board *b)
{
    for (int c = 0; c < b->side; c++) {
        if (c % b->box_cols == 0)
            put_char(t, '+');
        put_char(t, '-');
    }
    put_bytes(t, "+\n", 2);
}

/* A packed grid drawn in a frame (profile key frame: COCI 2023/24 #1), "|52.|...|.81|" rows
 * with a rule line above, between and below the bands. */
static void put_framed_grid(ojd_answer *t, const ojd_board *b, bool letters, char blank)
{
    int n = b->side;
    for (int r = 0; r < n; r++) {
        if (r % b->box_rows == 0)
            put_frame_rule(t, b);
        for (int c = 0; c < n; c++) {
            if (c % b->box_cols == 0)
                put_char(t, '|');
            int v = b->cell[r * n + c];
            put_char(t, v ? ojd_symbol(v, letters) : blank);
        }
        put_bytes(t, "|\n", 2);
    }
    put_frame_rule(t, b);
}

/* Whether some cell of a killer is in no cage. */
static bool cage_less(const ojd_board *b)
{
    return memchr(b->cage, 0, (size_t)b->side * (size_t)b->side) != NULL;
}

/* A grid as a profile with walls writes its input (HDU 4069): each cell's value plus a wall bit
 * for every side where the neighbour is in another region (or there is none): 16 up, 32 right,
 * 64 down, 128 left.  The regions are the board's (its boxes when it has no region map). */
static void put_walled_grid(ojd_answer *t, const ojd_board *b)
{
    int n = b->side;
    for (int r = 0; r < n; r++) {
        for (int c = 0; c < n; c++) {
            int g = ojd_board_region_of(b, r, c);
            unsigned v = b->cell[r * n + c];
            v += r == 0 || ojd_board_region_of(b, r - 1, c) != g ? 16u : 0u;
            v += c == n - 1 || ojd_board_region_of(b, r, c + 1) != g ? 32u : 0u;
            v += r == n - 1 || ojd_board_region_of(b, r + 1, c) != g ? 64u : 0u;
            v += c == 0 || ojd_board_region_of(b, r, c - 1) != g ? 128u : 0u;
            if (c > 0)
                put_char(t, ' ');
            put_number(t, v);
        }
        put_char(t, '\n');
    }
}

/* A spaced grid of numbers whose OJD_CELL_OUTSIDE cells are written as `outside` (a profile with
 * values: the statement's largest number), every other cell as its value or the blank. */
static void put_outside_grid(ojd_answer *t, const ojd_board *b, long outside, char blank)
{
    int n = b->side;
    for (int i = 0; i < n * n; i++) {
        if (i % n)
            put_char(t, ' ');
        if (b->cell[i] == 0)
            put_char(t, blank);
        else
            put_number(t, b->cell[i] == OJD_CELL_OUTSIDE ? (unsigned long long)outside
                                                         : b->cell[i]);
        if (i % n == n - 1)
            put_char(t, '\n');
    }
}

static ojd_style input_style(ojd_grammar g)
{
    switch (g) {
    case OJD_GRAMMAR_SPACED: return OJD_STYLE_SPACED;
    case OJD_GRAMMAR_PACKED: return OJD_STYLE_PACKED;
    case OJD_GRAMMAR_LITERAL: return OJD_STYLE_LITERAL;
    default: return OJD_STYLE_LINE;
    }
}

/*
 * Puzzle `index` (from 1) of a judge input file of n puzzles in `format`, onto out: the count line
 * before the first, the separator, size prefix, header and grid, and the terminator after the
 * n-th, with t as the room for the text.  The one place the bytes of an input file are made:
 * ojd_write_puzzles() is this for 1..n, so a caller that writes its puzzles one at a time
 * (ojd_write_puzzle()) writes the same file.  OJD_OK, OJD_ERR_NOMEM (nothing of the puzzle past
 * the count line written), or OJD_ERR_IO when a write failed (fwrite's short count, fputs's EOF).
 */
static ojd_status write_input_case(FILE *out, const ojd_profile *format, const ojd_board *b,
                                   size_t index, size_t n, ojd_answer *t)
{
    ojd_style style = format->style == OJD_STYLE_PRETTY || format->style == OJD_STYLE_SVG
                          ? format->style : input_style(format->grammar);
    bool letters = ojd_output_letters(format, b, false, style);
    bool failed = false;
    if (style == OJD_STYLE_SVG) { /* a figure of the puzzle alone, one document per stream */
        if (n != 1)
            return OJD_ERR_USAGE;
        t->length = 0;
        put_svg(t, b, NULL, letters);
        if (t->no_memory)
            return OJD_ERR_NOMEM;
        return fwrite(t->data, 1, t->length, out) != t->length ? OJD_ERR_IO : OJD_OK;
    }
    if (index == 1 && format->count_line == 1)
        failed = fprintf(out, "%zu\n", n) < 0;
    t->length = 0;
    if (index > 1 || format->in_separator_first)
        put_separator(t, format->in_separator == OJD_SEP_NONE && style == OJD_STYLE_PRETTY
                             ? OJD_SEP_BLANK : format->in_separator);
    if (format->size_prefix) {
        put_number(t, (unsigned long long)b->box_rows);
        put_char(t, '\n');
    }
    if (format->in_header)
        put_template(t, format->in_header, &(ojd_template_vars){.index = index});
    /* a killer's cages go where the style has room for them: the line form, CodinGame's rows
     * (packed), the drawn grid; no other input form can carry them */
    bool killer = b->units & OJD_UNITS_KILLER;
    if ((format->units & OJD_UNITS_KILLER) && !killer)
        return OJD_ERR_USAGE; /* a killer problem's input without cages is none of its inputs */
    if (killer && (format->walls || (style != OJD_STYLE_LINE && style != OJD_STYLE_PACKED &&
                                     style != OJD_STYLE_PRETTY) ||
                   (style == OJD_STYLE_PACKED && cage_less(b))))
        return OJD_ERR_USAGE;
    /* a number outside 1..side: only a profile with values has a way to write one */
    bool outside = memchr(b->cell, OJD_CELL_OUTSIDE, (size_t)b->side * (size_t)b->side) != NULL;
    if (outside && !format->any_values)
        return OJD_ERR_INVALID;
    if (outside)
        put_outside_grid(t, b, format->max_value ? format->max_value : b->side + 1,
                         blank_symbol(format->blank, letters));
    else if (format->walls)
        put_walled_grid(t, b);
    else if (killer && style == OJD_STYLE_PACKED)
        put_caged_rows(t, b, blank_symbol(format->blank, letters));
    else if (format->frame && style == OJD_STYLE_PACKED)
        put_framed_grid(t, b, letters, blank_symbol(format->blank, letters));
    else
        put_grid(t, b, style, letters, blank_symbol(format->blank, letters), format->rule_dashes);
    if (t->no_memory)
        return OJD_ERR_NOMEM;
    failed |= fwrite(t->data, 1, t->length, out) != t->length;
    if (index == n && format->terminator)
        failed |= fputs("end\n", out) == EOF;
    return failed ? OJD_ERR_IO : OJD_OK;
}

ojd_status ojd_write_puzzle(FILE *out, const ojd_profile *format, const ojd_board *board,
                            size_t index, size_t n)
{
    if (!out || !board || index == 0 || index > n)
        return OJD_ERR_INVALID;
    ojd_answer *t = ojd_answer_new();
    if (!t)
        return OJD_ERR_NOMEM;
    ojd_status st = write_input_case(out, format ? format : ojd_profile_find("line"), board,
                                     index, n, t);
    ojd_answer_free(t);
    return st;
}

ojd_status ojd_write_puzzles(FILE *out, const ojd_profile *format, const ojd_board *boards,
                             size_t n)
{
    if (!out || (!boards && n))
        return OJD_ERR_INVALID;
    if (!format)
        format = ojd_profile_find("line");
    ojd_answer *t = ojd_answer_new();
    if (!t)
        return OJD_ERR_NOMEM;
    /* a file of no puzzle is its count line and terminator alone (no puzzle writes them) */
    if (n == 0 && format->count_line == 1)
        fputs("0\n", out);
    if (n == 0 && format->terminator)
        fputs("end\n", out);
    ojd_status st = OJD_OK;
    for (size_t i = 0; i < n && st == OJD_OK; i++)
        st = write_input_case(out, format, &boards[i], i + 1, n, t);
    ojd_answer_free(t);
    if (st == OJD_ERR_NOMEM || st == OJD_ERR_USAGE || st == OJD_ERR_INVALID)
        return st;
    if (fflush(out) != 0 || ferror(out))
        return OJD_ERR_IO;
    return OJD_OK;
}
