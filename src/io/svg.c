/*
 * svg.c -- a puzzle, or a puzzle and its solution, drawn as one SVG document (the svg profile).
 * The picture: docs/solving.md, "Figures"; a killer's cages: docs/formats.md, section 20.4.
 *
 * Which neighbouring cells a thick line separates is asked of one function, region_border():
 * the boxes, or a jigsaw's regions.  Lines are drawn as runs (neighbouring edges of one kind
 * along a grid line are one <line>: a 64x64 grid of boxes is 2 x 65 lines, not 8000 segments).
 * Plain ASCII, numbers in whole units (no locale, no floating point): the same bytes anywhere.
 */
#include "format.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CELL 40        /* a cell's side, in SVG user units */
#define MARGIN 4       /* room around the grid for the outer line's width */
#define THIN 1         /* the line between cells of one region */
#define THICK 4        /* the line between regions and around the grid */
#define INSET 4        /* a killer cage's dashed outline: this far inside its cells */
#define SUM_FONT 10    /* a cage's sum, in its top-left corner */

#define GIVEN_INK "#000000"
#define FILLED_INK "#1f5fbf"

/* A growing text (NULL data with no_memory once an allocation failed). */
typedef struct svg_text {
    char *data;
    size_t length, capacity;
    bool no_memory;
} svg_text;

static void svg_put(svg_text *t, const char *fmt, ...) OJD_PRINTF(2, 3);
static void svg_put(svg_text *t, const char *fmt, ...)
{
    if (t->no_memory)
        return;
    if (!t->data) { /* room to print into from the first call (vsnprintf wants a buffer) */
        t->data = malloc(4096);
        if (!t->data) {
            t->no_memory = true;
            return;
        }
        t->capacity = 4096;
    }
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        int n = vsnprintf(t->data + t->length, t->capacity - t->length, fmt, ap);
        va_end(ap);
        if (n < 0) {
            t->no_memory = true;
            return;
        }
        if ((size_t)n < t->capacity - t->length) {
            t->length += (size_t)n;
            return;
        }
        size_t want = t->capacity * 2;
        while (want - t->length <= (size_t)n)
            want *= 2;
        char *grown = realloc(t->data, want);
        if (!grown) {
            t->no_memory = true;
            return;
        }
        t->data = grown;
        t->capacity = want;
    }
}

/* Do cells a and b (neighbours, row-major indexes) lie in different regions?  The one place the
 * thick lines come from: the boxes of b's shape, or a jigsaw's regions. */
static bool region_border(const ojd_board *b, int a, int c)
{
    int side = b->side;
    return ojd_board_region_of(b, a / side, a % side) != ojd_board_region_of(b, c / side, c % side);
}

/* ---- killer cages ---------------------------------------------------------------------------- */

static void put_line(svg_text *t, int x1, int y1, int x2, int y2, int width);

/* Whether the cell at row r, column c (either may be off the grid) is in cage k. */
static bool in_cage(const ojd_board *b, int r, int c, int k)
{
    return r >= 0 && c >= 0 && r < b->side && c < b->side && b->cage[r * b->side + c] == k;
}

/* Where the dashed side of a cell ends, along its edge towards the next cell (dr, dc) on the
 * side (sr, sc): short of the corner when the next cell is in another cage; at the corner, to
 * meet the next cell's side, when it is in the cage; past the corner by INSET, to meet the side
 * that turns there, when the cell beyond the corner is in the cage too. */
static int side_end(const ojd_board *b, int r, int c, int k, int dr, int dc, int sr, int sc)
{
    if (!in_cage(b, r + dr, c + dc, k))
        return -INSET;
    return in_cage(b, r + dr + sr, c + dc + sc, k) ? INSET : 0;
}

/* The cages: each cell's sides that face another cage (or the grid's edge) as dashed lines
 * INSET inside the cell, joined at the corners, so each cage is one dashed outline inside its
 * cells, as printed killers draw them. */
static void put_cages(svg_text *t, const ojd_board *b)
{
    int n = b->side;
    svg_put(t, "<g stroke=\"#000000\" stroke-width=\"1\" stroke-dasharray=\"3 2\" "
           "fill=\"none\">\n");
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) {
            int k = b->cage[r * n + c];
            if (!k)
                continue;
            int x0 = MARGIN + c * CELL, y0 = MARGIN + r * CELL, x1 = x0 + CELL, y1 = y0 + CELL;
            if (!in_cage(b, r - 1, c, k)) /* top, left to right */
                put_line(t, x0 - side_end(b, r, c, k, 0, -1, -1, 0), y0 + INSET,
                         x1 + side_end(b, r, c, k, 0, 1, -1, 0), y0 + INSET, 1);
            if (!in_cage(b, r + 1, c, k)) /* bottom */
                put_line(t, x0 - side_end(b, r, c, k, 0, -1, 1, 0), y1 - INSET,
                         x1 + side_end(b, r, c, k, 0, 1, 1, 0), y1 - INSET, 1);
            if (!in_cage(b, r, c - 1, k)) /* left, top to bottom */
                put_line(t, x0 + INSET, y0 - side_end(b, r, c, k, -1, 0, 0, -1), x0 + INSET,
                         y1 + side_end(b, r, c, k, 1, 0, 0, -1), 1);
            if (!in_cage(b, r, c + 1, k)) /* right */
                put_line(t, x1 - INSET, y0 - side_end(b, r, c, k, -1, 0, 0, 1), x1 - INSET,
                         y1 + side_end(b, r, c, k, 1, 0, 0, 1), 1);
        }
    svg_put(t, "</g>\n");
    /* the sums, in each cage's first cell (its top-left one), on white over the dashes */
    svg_put(t, "<g font-family=\"DejaVu Sans, Arial, Helvetica, sans-serif\" font-size=\"%d\">\n",
        SUM_FONT);
    int first[OJD_MAX_CELLS];
    for (int k = 1; k <= b->cage_count; k++) {
        ojd_board_cage_cells(b, k, first);
        int x = MARGIN + first[0] % n * CELL + INSET - 1, y = MARGIN + first[0] / n * CELL + INSET;
        int sum = ojd_board_cage_sum(b, k), digits = sum >= 100 ? 3 : sum >= 10 ? 2 : 1;
        svg_put(t, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>\n", x,
            y - 1, digits * SUM_FONT * 6 / 10 + 2, SUM_FONT + 1);
        svg_put(t, "<text x=\"%d\" y=\"%d\" fill=\"#000000\">%d</text>\n", x + 1,
            y + SUM_FONT * 8 / 10, sum);
    }
    svg_put(t, "</g>\n");
}

/* The width of the edge between cells a and c; a < 0 or c < 0 is outside the grid. */
static int edge_width(const ojd_board *b, int a, int c)
{
    return a < 0 || c < 0 || region_border(b, a, c) ? THICK : THIN;
}

/* One run of edges of the same width along a grid line, as a <line>. */
static void put_line(svg_text *t, int x1, int y1, int x2, int y2, int width)
{
    svg_put(t, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke-width=\"%d\"/>\n", x1, y1, x2, y2,
        width);
}

/* The lines: for each horizontal grid line k (above row k; 0 and side are the outer ones), the
 * edges between row k-1 and row k, column by column, in runs of one width; the same for the
 * vertical lines.  The thin lines come first, so that a thick one is drawn over where they
 * meet. */
static void put_lines(svg_text *t, const ojd_board *b)
{
    int side = b->side;
    for (int pass = 0; pass < 2; pass++) {
        int want = pass == 0 ? THIN : THICK;
        for (int vertical = 0; vertical < 2; vertical++) {
            for (int k = 0; k <= side; k++) {
                int start = 0;
                for (int i = 1; i <= side; i++) {
                    /* the edge i-1 along line k: between the cells on both sides of it */
                    int before = k > 0 ? (vertical ? (i - 1) * side + k - 1
                                                   : (k - 1) * side + i - 1) : -1;
                    int after = k < side ? (vertical ? (i - 1) * side + k : k * side + i - 1) : -1;
                    int w = edge_width(b, before, after);
                    int next = -1; /* the width of the next edge along the line, -1 at the end */
                    if (i < side) {
                        int nb = k > 0 ? (vertical ? i * side + k - 1 : (k - 1) * side + i) : -1;
                        int na = k < side ? (vertical ? i * side + k : k * side + i) : -1;
                        next = edge_width(b, nb, na);
                    }
                    if (next == w)
                        continue;
                    if (w == want) {
                        int line = MARGIN + k * CELL, from = MARGIN + start * CELL,
                            to = MARGIN + i * CELL;
                        if (vertical)
                            put_line(t, line, from, line, to, w);
                        else
                            put_line(t, from, line, to, line, w);
                    }
                    start = i;
                }
            }
        }
    }
}

/* The symbol of value v: a letter, a digit or a number. */
static void symbol_text(char *buf, size_t size, int v, bool letters)
{
    if (letters || v <= 9)
        snprintf(buf, size, "%c", ojd_symbol(v, letters));
    else
        snprintf(buf, size, "%d", v);
}

char *ojd_svg_draw(const ojd_board *givens, const ojd_board *filled, bool letters,
                   size_t *length)
{
    svg_text t = {0};
    int side = givens->side;
    int size = 2 * MARGIN + side * CELL;
    /* two-character numbers need a smaller type than one character */
    bool wide = !letters && side > 9;
    bool killer = givens->units & OJD_UNITS_KILLER;
    /* a killer's values leave the top-left corner to its cage's sum: smaller, and lower */
    int font = wide ? CELL / 2 : killer ? CELL * 11 / 20 : CELL * 7 / 10;
    int drop = killer ? CELL / 10 : 0;
    svg_put(&t, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    svg_put(&t, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
            "viewBox=\"0 0 %d %d\">\n", size, size, size, size);
    svg_put(&t, "<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>\n", size, size);
    svg_put(&t, "<g stroke=\"#000000\" stroke-linecap=\"square\">\n");
    put_lines(&t, givens);
    svg_put(&t, "</g>\n");
    if (killer)
        put_cages(&t, givens);
    svg_put(&t, "<g font-family=\"DejaVu Sans, Arial, Helvetica, sans-serif\" font-size=\"%d\" "
            "text-anchor=\"middle\">\n", font);
    for (int i = 0; i < side * side; i++) {
        int given = givens->cell[i], v = given ? given : filled ? filled->cell[i] : 0;
        if (!v)
            continue;
        char sym[8];
        symbol_text(sym, sizeof sym, v, letters);
        /* the baseline a third of the type below the centre puts the digits' middle there */
        int x = MARGIN + (i % side) * CELL + CELL / 2;
        int y = MARGIN + (i / side) * CELL + CELL / 2 + font * 7 / 20 + drop;
        if (given)
            svg_put(&t, "<text x=\"%d\" y=\"%d\" fill=\"" GIVEN_INK "\" font-weight=\"bold\">%s"
                    "</text>\n", x, y, sym);
        else
            svg_put(&t, "<text x=\"%d\" y=\"%d\" fill=\"" FILLED_INK "\">%s</text>\n", x, y, sym);
    }
    svg_put(&t, "</g>\n</svg>\n");
    if (t.no_memory) {
        free(t.data);
        return NULL;
    }
    *length = t.length;
    return t.data;
}
