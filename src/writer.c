/*
 * writer.c -- formats answers (and whole judge input files) byte-exact in a profile's framing.
 *
 * A case is written as: [separator before it] [header] [label] body [count line] [separator after
 * it].  Which of those appear is decided by the profile's fields only (framing, out_separator,
 * header, style, words); with no profile every choice mirrors the layout the reader recorded for
 * the puzzle.  Every grid line ends with '\n' and never carries trailing spaces.
 */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

/* The largest side whose values all have a one-character symbol: 'A'..'Y' (the reader's). */
#define OJD_ONE_CHAR_SIDE 25

struct ojd_writer {
    FILE *out;
    const ojd_format *format;   /* NULL = mirror the input */
    ojd_writer_options opts;
    unsigned long written;      /* cases written so far */
    unsigned long long sum;     /* OJD_STYLE_SUM: running total */
    bool summed;                /* OJD_STYLE_SUM: some case contributed */
    bool failed;                /* a write failed: sticky */
};

ojd_writer *ojd_writer_new(FILE *out, const ojd_format *format, const ojd_writer_options *opts)
{
    if (!out)
        return NULL;
    ojd_writer *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    w->out = out;
    w->format = format;
    if (opts)
        w->opts = *opts;
    return w;
}

void ojd_writer_free(ojd_writer *w) { free(w); }

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
static void put_cell(FILE *out, int v, bool spaced, bool letters, char blank)
{
    if (v == 0)
        fputc(blank, out);
    else if (spaced && !letters)
        fprintf(out, "%d", v);
    else
        fputc(ojd_symbol(v, letters), out);
}

/* The text of one row, appended at buf (room for OJD_MAX_SIDE * 3 bytes); returns its length.
 * Rows are built in memory and written with one call: per-character stdio calls cost more than
 * solving an easy puzzle.  Cells take one character each, or numbers when spaced without letters. */
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

static void put_row(FILE *out, const ojd_board *b, int row, bool spaced, bool letters, char blank)
{
    char buf[OJD_MAX_SIDE * 3 + 1];
    size_t n = row_text(buf, b, row, spaced, letters, blank);
    buf[n++] = '\n';
    fwrite(buf, 1, n, out);
}

/* Every cell of b, one character each, row after row, at buf (room for OJD_MAX_CELLS bytes);
 * returns the length.  The symbol table is built once per grid, not once per row: with one
 * puzzle per line this is the writer's whole cost. */
static size_t line_text(char *buf, const ojd_board *b, bool letters, char blank)
{
    char symbol[OJD_MAX_SIDE + 1]; /* one character per value, 0 = blank */
    symbol[0] = blank;
    for (int v = 1; v <= b->side; v++)
        symbol[v] = ojd_symbol(v, letters);
    size_t n = (size_t)b->side * (size_t)b->side;
    for (size_t i = 0; i < n; i++)
        buf[i] = symbol[b->cell[i]];
    return n;
}

/* All rows on one line. */
static void put_line(FILE *out, const ojd_board *b, bool letters, char blank)
{
    char buf[OJD_MAX_CELLS + 1];
    size_t n = line_text(buf, b, letters, blank);
    buf[n++] = '\n';
    fwrite(buf, 1, n, out);
}

static void put_literal(FILE *out, const ojd_board *b, bool letters, char blank)
{
    fputc('[', out);
    for (int r = 0; r < b->side; r++) {
        fputs(r ? ",[" : "[", out);
        for (int c = 0; c < b->side; c++) {
            int v = b->cell[r * b->side + c];
            fputs(c ? ",\"" : "\"", out);
            if (v > 9 && !letters)
                fprintf(out, "%d", v);
            else
                put_cell(out, v, false, letters, blank);
            fputc('"', out);
        }
        fputc(']', out);
    }
    fputs("]\n", out);
}

/* Box rules between bands and stacks: "5 3 4 | 6 7 8" and "------+------".  Numbers above 9
 * (no letters) take two columns, right-aligned. */
static void put_pretty(FILE *out, const ojd_board *b, bool letters, char blank)
{
    int width = letters || b->side <= 9 ? 1 : 2;
    int segment = b->box_cols * width + (b->box_cols - 1);
    for (int r = 0; r < b->side; r++) {
        if (r > 0 && r % b->box_rows == 0) {
            for (int s = 0; s < b->box_rows; s++) {
                if (s > 0)
                    fputs("-+-", out);
                for (int k = 0; k < segment; k++)
                    fputc('-', out);
            }
            fputc('\n', out);
        }
        for (int c = 0; c < b->side; c++) {
            if (c > 0)
                fputs(c % b->box_cols == 0 ? " | " : " ", out);
            int v = b->cell[r * b->side + c];
            if (width == 2 && v)
                fprintf(out, "%2d", v);
            else if (width == 2)
                fprintf(out, " %c", blank);
            else
                put_cell(out, v, false, letters, blank);
        }
        fputc('\n', out);
    }
}

static void put_grid(FILE *out, const ojd_board *b, ojd_style style, bool letters, char blank)
{
    switch (style) {
    case OJD_STYLE_LINE:
        put_line(out, b, letters, blank);
        return;
    case OJD_STYLE_LITERAL:
        put_literal(out, b, letters, blank);
        return;
    case OJD_STYLE_PRETTY:
        put_pretty(out, b, letters, blank);
        return;
    default:
        for (int r = 0; r < b->side; r++)
            put_row(out, b, r, style == OJD_STYLE_SPACED, letters, blank);
        return;
    }
}

/* A template's line: templates are one short line (a header, a verdict). */
static void put_template(FILE *out, const char *t, unsigned long index, const char *word)
{
    char line[512];
    ojd_template_expand(line, sizeof line, t, index, word);
    fputs(line, out);
    fputc('\n', out);
}

static void put_separator(FILE *out, ojd_separator sep)
{
    if (sep == OJD_SEP_BLANK)
        fputc('\n', out);
    else if (sep == OJD_SEP_DASHES)
        fputs("---\n", out);
}

/* ---- answers ------------------------------------------------------------------------------- */

static ojd_status flushed(ojd_writer *w)
{
    if (ferror(w->out))
        w->failed = true;
    return w->failed ? OJD_ERR_IO : OJD_OK;
}

/* PUZZLE:COUNT[:SOLUTION], the fixture form of --count with one puzzle per line. */
static void put_count_line(ojd_writer *w, const ojd_puzzle *p, const ojd_result *res,
                           unsigned long count, bool letters)
{
    char blank = blank_symbol(w->format && w->format->blank ? w->format->blank : p->layout.blank,
                              letters);
    char buf[OJD_MAX_CELLS + 1];
    size_t n = line_text(buf, &p->board, letters, blank);
    fwrite(buf, 1, n, w->out);
    fprintf(w->out, ":%lu", count);
    if (count > 0) {
        fputc(':', w->out);
        put_line(w->out, &res->solution, letters, blank);
    } else {
        fputc('\n', w->out);
    }
}

/* ---- JSON lines ---------------------------------------------------------------------------- */

/*
 * OJD_STYLE_JSON: one object per case on one line, for scripts.  Grids are one-line strings as
 * the `line` profile writes them: '.' for a blank, digits 1-9 up to 9x9, letters A.. (A = 1)
 * above.  The output is plain ASCII: every string the writer emits is escaped (quote, backslash,
 * control and non-ASCII bytes as \u00XX), so each line is valid JSON whatever a message holds.
 */
static void put_json_string(FILE *out, const char *s)
{
    fputc('"', out);
    while (*s) {
        /* a run of bytes that need no escape goes out in one call (a grid is one such run) */
        size_t run = 0;
        while (s[run] >= 0x20 && s[run] < 0x7f && s[run] != '"' && s[run] != '\\')
            run++;
        if (run > 0) {
            fwrite(s, 1, run, out);
            s += run;
            continue;
        }
        unsigned char c = (unsigned char)*s++;
        if (c == '"' || c == '\\')
            fprintf(out, "\\%c", c);
        else
            fprintf(out, "\\u%04x", c);
    }
    fputc('"', out);
}

/* A grid as a JSON string.  Letters past 'Z' (grids above 26x26) include '\\' and non-ASCII
 * bytes, so the symbols go through the escaper too. */
static void put_json_grid(FILE *out, const ojd_board *b)
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
        n = line_text(buf, b, b->side > 9, '.');
    }
    buf[n] = '\0';
    put_json_string(out, buf);
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
static ojd_status put_json_answer(ojd_writer *w, const ojd_puzzle *p, ojd_status status,
                                  const ojd_result *res)
{
    FILE *out = w->out;
    unsigned long solutions = reported_count(w, status, res);
    fprintf(out, "{\"case\":%lu,\"status\":\"%s\",\"puzzle\":", p->index,
            json_status(status));
    put_json_grid(out, &p->board);
    fprintf(out, ",\"solutions\":%lu,\"solution\":", solutions);
    if (solutions > 0)
        put_json_grid(out, &res->solution);
    else
        fputs("null", out);
    fprintf(out, ",\"nodes\":%llu,\"guesses\":%llu", res->nodes, res->guesses);
    ojd_conflict c;
    if (status == OJD_CONFLICT && ojd_board_find_conflict(&p->board, &c)) {
        char msg[96];
        snprintf(msg, sizeof msg, "the givens repeat %d in %s %d", c.value, c.unit, c.index);
        fputs(",\"error\":", out);
        put_json_string(out, msg);
    } else if (status < 0) {
        fputs(",\"error\":", out);
        put_json_string(out, ojd_strerror(status));
    }
    fputs("}\n", out);
    w->written++;
    return flushed(w);
}

ojd_status ojd_writer_error(ojd_writer *w, unsigned long index, const ojd_error *err)
{
    if (!w || !err)
        return OJD_ERR_INVALID;
    if (w->failed)
        return OJD_ERR_IO;
    if (!w->format || w->format->style != OJD_STYLE_JSON || index == 0)
        return err->code;
    fprintf(w->out, "{\"case\":%lu,\"status\":\"malformed\",\"line\":%ld,\"col\":%ld,"
            "\"error\":", index, err->line, err->col);
    put_json_string(w->out, err->message);
    fputs("}\n", w->out);
    w->written++;
    return flushed(w);
}

ojd_status ojd_writer_answer(ojd_writer *w, const ojd_puzzle *p, ojd_status status,
                             const ojd_result *res)
{
    if (!w || !p || !res)
        return OJD_ERR_INVALID;
    if (w->failed)
        return OJD_ERR_IO;
    /* json: a line for every case, engine errors included (status "error") */
    if (w->format && w->format->style == OJD_STYLE_JSON && status != OJD_END)
        return put_json_answer(w, p, status, res);
    if (status < 0 || status == OJD_LIMIT || status == OJD_END)
        return status;
    const ojd_format *f = ojd_format_effective(w->format, &p->layout);
    ojd_outcome outcome = ojd_outcome_of(status);
    ojd_style style = ojd_output_style(f, p);
    bool counting = w->opts.count_cap > 0;
    unsigned long count = reported_count(w, status, res);
    const char *word;
    ojd_answer_form form = ojd_format_answer(f, outcome, &word);
    bool grid = form == OJD_ANSWER_GRID;

    if (style == OJD_STYLE_SUM) {
        if (!grid)
            return status;
        w->sum += ojd_euler_key(&res->solution);
        w->summed = true;
        return OJD_OK;
    }
    if (style == OJD_STYLE_VERDICT) {
        if (!word)
            return status;
        put_template(w->out, f->verdict_line, p->index, word);
        w->written++;
        return flushed(w);
    }
    /* --count says every outcome by its count, even one the profile has no way to say */
    if (form == OJD_ANSWER_NOTHING && !counting)
        return status;

    /* the alphabet is the case's own (its board's side): res->solution is defined only when
     * a solution was found, and may hold another case's grid otherwise */
    bool letters = ojd_output_letters(f, &p->board, p->layout.letters, style);
    /* letters end at 'Y' = 25 (the reader's alphabet): a larger grid has none to be written in,
     * only numbers, which the one-character styles (line, packed) cannot hold */
    if (p->board.side > OJD_ONE_CHAR_SIDE && letters)
        return OJD_ERR_USAGE;
    if (w->written > 0) {
        if (!f)
            put_separator(w->out, p->layout.separator);
        else if (f->framing == OJD_FRAME_BETWEEN)
            put_separator(w->out, f->out_separator);
    }
    if (counting && style == OJD_STYLE_LINE) {
        put_count_line(w, p, res, count, letters);
    } else {
        if (f && f->header)
            put_template(w->out, f->header, p->index, NULL);
        if (!f && p->layout.label[0])
            fprintf(w->out, "%s\n", p->layout.label);
        if (grid)
            put_grid(w->out, &res->solution, style, letters, '.');
        else if (word)
            fprintf(w->out, "%s\n", word);
        if (counting)
            fprintf(w->out, "count %lu\n", count);
    }
    if (f && f->framing == OJD_FRAME_AFTER)
        put_separator(w->out, f->out_separator);
    w->written++;
    return flushed(w);
}

ojd_status ojd_writer_solution(ojd_writer *w, unsigned long index, const ojd_board *puzzle,
                               const ojd_board *solution)
{
    if (!w || !puzzle || !solution || !ojd_board_solves(puzzle, solution))
        return OJD_ERR_INVALID;
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
    if (w->format && w->format->style == OJD_STYLE_SUM && w->summed)
        fprintf(w->out, "%llu\n", w->sum);
    if (fflush(w->out) != 0)
        w->failed = true;
    return flushed(w);
}

/* ---- judge input files --------------------------------------------------------------------- */

static ojd_style input_style(ojd_grammar g)
{
    switch (g) {
    case OJD_GRAMMAR_SPACED: return OJD_STYLE_SPACED;
    case OJD_GRAMMAR_PACKED: return OJD_STYLE_PACKED;
    case OJD_GRAMMAR_LITERAL: return OJD_STYLE_LITERAL;
    default: return OJD_STYLE_LINE;
    }
}

ojd_status ojd_write_puzzles(FILE *out, const ojd_format *format, const ojd_board *boards, size_t n)
{
    if (!out || (!boards && n))
        return OJD_ERR_INVALID;
    if (!format)
        format = ojd_format_find("line");
    ojd_style style = format->style == OJD_STYLE_PRETTY ? OJD_STYLE_PRETTY
                                                          : input_style(format->grammar);
    if (format->count_line == 1)
        fprintf(out, "%zu\n", n);
    for (size_t i = 0; i < n; i++) {
        const ojd_board *b = &boards[i];
        bool letters = ojd_output_letters(format, b, false, style);
        if (i > 0)
            put_separator(out, format->in_separator == OJD_SEP_NONE && style == OJD_STYLE_PRETTY
                                   ? OJD_SEP_BLANK : format->in_separator);
        if (format->size_prefix)
            fprintf(out, "%d\n", b->box_rows);
        if (format->in_header)
            put_template(out, format->in_header, (unsigned long)(i + 1), NULL);
        put_grid(out, b, style, letters, blank_symbol(format->blank, letters));
    }
    if (format->terminator)
        fputs("end\n", out);
    if (fflush(out) != 0 || ferror(out))
        return OJD_ERR_IO;
    return OJD_OK;
}
