/*
 * explain.c -- the side-by-side view of a wrong case; see explain.h.
 *
 * Every cell is drawn as two characters, a mark and the symbol (" 7", "*7"), and the boxes are
 * separated by " |", so the three grids line up whatever is marked:
 *
 *     puzzle                   program's output         a solution
 *      5 3 . | . 7 . | . . .    5 3 4 | 6 7 8 | 9 1 2    5 3 4 | 6 7 8 | 9 1 2
 *      ...                      ...                      ...
 *     -------+-------+-------  -------+-------+-------  -------+-------+-------
 *      6 . . | 1 9 5 | . . .    6 7*4 | 1 9 5 | 3 4 8 <  6 7 2 | 1 9 5 | 3 4 8
 *                                                       (under the columns: '^')
 * What is marked comes from the program's grid itself, by the checker's rules in the checker's
 * order (a changed given first, then the first repeat: rows, columns, boxes), so the marks name
 * the very fault the message states.
 */
#include "explain.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define MAX_SHOWN 25          /* larger grids: the message only */
#define SIDE_BY_SIDE 100      /* columns the three grids may take together */
#define GAP "  "
#define RED "\033[1;31m"
#define YELLOW "\033[33m"
#define PLAIN "\033[0m"

/* One line of the view, built whole so that its trailing blanks can be dropped. */
typedef struct line {
    char text[2048];           /* wide enough for three 25x25 grids with colours */
    size_t len;
} line;

static void add(line *l, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
static void add(line *l, const char *fmt, ...)
{
    if (l->len >= sizeof l->text - 1)
        return;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(l->text + l->len, sizeof l->text - l->len, fmt, ap);
    va_end(ap);
    if (n > 0)
        l->len = l->len + (size_t)n < sizeof l->text ? l->len + (size_t)n : sizeof l->text - 1;
}

/* Writes the line without its trailing blanks, and empties it. */
static void emit(FILE *out, line *l)
{
    while (l->len > 0 && l->text[l->len - 1] == ' ')
        l->len--;
    fprintf(out, "%.*s\n", (int)l->len, l->text);
    l->len = 0;
}

typedef struct marks {
    bool hot[OJD_MAX_CELLS];   /* cells marked '*' */
    bool hot_everywhere;       /* the marks apply to all three grids (a changed given) */
    bool row[OJD_MAX_SIDE];    /* the unit's rows: '<' after them in the program's grid */
    bool col[OJD_MAX_SIDE];    /* the unit's columns: '^' under them */
    bool any_col;
} marks;

typedef struct grid_view {
    const char *title;
    const ojd_board *board;    /* NULL: the note instead */
    const char *note;
    bool is_program;           /* the unit marks and colours belong to this one */
    bool is_puzzle;            /* blanks drawn as '.' */
} grid_view;

/* Finds what to mark in the program's grid got (see the top of the file). */
static void find_marks(const ojd_board *puzzle, const ojd_board *got, const ojd_board *solution,
                       marks *m)
{
    memset(m, 0, sizeof *m);
    int side = puzzle->side, cells = side * side;
    for (int i = 0; i < cells; i++)
        if (puzzle->cell[i] && puzzle->cell[i] != got->cell[i]) {
            m->hot[i] = m->hot_everywhere = true;
            return;
        }
    ojd_conflict c;
    if (ojd_board_find_conflict(got, &c)) {
        m->hot[c.cell_a] = m->hot[c.cell_b] = true;
        int k = c.index - 1;
        if (strcmp(c.unit, "row") == 0) {
            m->row[k] = true;
        } else if (strcmp(c.unit, "column") == 0) {
            m->col[k] = m->any_col = true;
        } else { /* a box: its rows and its columns */
            int br = got->box_rows, bc = got->box_cols;
            int top = k / br * br, left = k % br * bc; /* box_rows boxes across */
            for (int r = top; r < top + br; r++)
                m->row[r] = true;
            for (int col = left; col < left + bc; col++)
                m->col[col] = m->any_col = true;
        }
        return;
    }
    if (solution && solution->side == side)
        for (int i = 0; i < cells; i++)
            if (got->cell[i] != solution->cell[i]) {
                m->hot[i] = true;
                return;
            }
}

/* The width of a drawn grid row. */
static int grid_width(const ojd_board *b)
{
    return b->side * 2 + (b->side / b->box_cols - 1) * 2;
}

/* Adds row r of a grid view (or its rule line when rule is set), padded to width. */
static void put_row(line *l, const grid_view *v, const ojd_board *shape, const marks *m, int r,
                    bool letters, bool colour, bool rule, int width)
{
    int side = shape->side, bc = shape->box_cols;
    int drawn = 0;
    if (!v->board) {
        add(l, "%-*s", width, r == 0 && !rule ? v->note : "");
        return;
    }
    for (int c = 0; c < side; c++) {
        if (c > 0 && c % bc == 0) {
            add(l, "%s", rule ? "-+" : " |");
            drawn += 2;
        }
        if (rule) {
            add(l, "--");
            drawn += 2;
            continue;
        }
        int i = r * side + c, value = v->board->cell[i];
        bool hot = m->hot[i] && (v->is_program || m->hot_everywhere || !v->is_puzzle);
        bool in_unit = v->is_program && (m->row[r] || m->col[c]);
        char symbol = value ? ojd_symbol(value, letters) : '.';
        const char *on = colour && hot ? RED : colour && in_unit ? YELLOW : NULL;
        add(l, "%s%c%c%s", on ? on : "", hot ? '*' : ' ', symbol, on ? PLAIN : "");
        drawn += 2;
    }
    if (v->is_program && !rule && m->row[r]) {
        add(l, " <");
        drawn += 2;
    }
    add(l, "%*s", width > drawn ? width - drawn : 0, "");
}

/* Adds the line under a grid view with '^' under the unit's columns, padded to width. */
static void put_column_marks(line *l, const grid_view *v, const ojd_board *shape,
                             const marks *m, int width)
{
    int side = shape->side, bc = shape->box_cols, drawn = 0;
    for (int c = 0; v->is_program && v->board && c < side; c++) {
        int at = 2 * c + 2 * (c / bc) + 1; /* the symbol's column */
        if (!m->col[c])
            continue;
        add(l, "%*s^", at - drawn, "");
        drawn = at + 1;
    }
    add(l, "%*s", width > drawn ? width - drawn : 0, "");
}

/* Writes the views in a row, side by side: titles, rows with the rules between bands, marks. */
static void put_band(FILE *out, const grid_view *views, int n, const ojd_board *shape,
                     const marks *m, bool letters, bool colour, const char *indent, int width)
{
    int side = shape->side, br = shape->box_rows;
    line l = {.len = 0};
    add(&l, "%s", indent);
    for (int k = 0; k < n; k++)
        add(&l, "%s%-*s", k ? GAP : "", width, views[k].title);
    emit(out, &l);
    for (int r = 0; r < side; r++) {
        for (int pass = 0; pass < 2; pass++) {
            bool rule = pass == 0;
            if (rule && (r == 0 || r % br != 0))
                continue;
            add(&l, "%s", indent);
            for (int k = 0; k < n; k++) {
                add(&l, "%s", k ? GAP : "");
                put_row(&l, &views[k], shape, m, r, letters, colour, rule, width);
            }
            emit(out, &l);
        }
    }
    bool marked = false;
    for (int k = 0; k < n; k++)
        marked |= views[k].is_program && views[k].board && m->any_col;
    if (!marked)
        return;
    add(&l, "%s", indent);
    for (int k = 0; k < n; k++) {
        add(&l, "%s", k ? GAP : "");
        put_column_marks(&l, &views[k], shape, m, width);
    }
    emit(out, &l);
}

void cli_explain(FILE *out, const ojd_check_report *report, const ojd_format *format,
                 bool heading, bool colour, const char *indent)
{
    if (!report || report->verdict != OJD_VERDICT_WRONG || report->failed_case == 0 ||
        report->failed_puzzle.board.side == 0)
        return;
    const ojd_puzzle *pz = &report->failed_puzzle;
    const ojd_board *puzzle = &pz->board;
    const ojd_board *got = report->failed_grid.side == puzzle->side ? &report->failed_grid : NULL;
    if (heading) {
        const char *text = report->message;
        if (strncmp(text, "wrong answer: ", 14) == 0)
            text += 14;
        fprintf(out, "%s%s\n", indent, text);
    }
    if (puzzle->side > MAX_SHOWN) {
        fprintf(out, "%s(a %dx%d grid: too large to show)\n", indent, puzzle->side, puzzle->side);
        return;
    }

    /* what the jury expects, by the rules of the profile that governs the case: its word for
     * the outcome where it has one ("Non-unique"), else a solution (the smallest for uva989) */
    const ojd_format *rules = ojd_format_effective(format, &pz->layout);
    ojd_board *solution = malloc(sizeof *solution);
    ojd_engine *engine = ojd_engine_new(NULL);
    ojd_result *res = malloc(sizeof *res);
    bool solved = false;
    char word[120] = "";
    if (solution && engine && res) {
        ojd_search search = {.max_nodes = 10000000};
        ojd_format_search(rules, 0, &search);
        ojd_status st = ojd_engine_solve(engine, puzzle, &search, res);
        ojd_outcome outcome = st == OJD_OK ? OJD_OUTCOME_SOLVED
                              : st == OJD_MULTIPLE ? OJD_OUTCOME_MULTIPLE
                              : st == OJD_UNSOLVABLE ? OJD_OUTCOME_UNSOLVABLE
                              : st == OJD_CONFLICT ? OJD_OUTCOME_CONFLICT : OJD_OUTCOME_COUNT_;
        const char *said = NULL;
        if (ojd_format_answer(rules, outcome, &said) == OJD_ANSWER_WORD)
            snprintf(word, sizeof word, "\"%s\"", said);
        solved = !word[0] && (st == OJD_OK || st == OJD_MULTIPLE) && res->solutions >= 1;
        if (solved)
            *solution = res->solution;
    }
    ojd_engine_free(engine);
    free(res);

    marks *m = calloc(1, sizeof *m);
    if (!m) {
        free(solution);
        return;
    }
    if (got)
        find_marks(puzzle, got, solved ? solution : NULL, m);
    /* the judge's alphabet as its input has it: a profile of letters (POJ 3076, SPOJ) reads
     * 16x16 packed rows, which the reader always takes as letters */
    bool letters = pz->layout.letters;
    grid_view views[3] = {
        {.title = "puzzle", .board = puzzle, .is_puzzle = true},
        {.title = "program's output", .board = got, .note = "(no grid for this case)",
         .is_program = true},
        {.title = word[0] ? "expected" : "a solution", .board = solved ? solution : NULL,
         .note = word[0] ? word : "(no solution)"},
    };
    int width = grid_width(puzzle) + 2; /* room for the '<' marks */
    for (int k = 0; k < 3; k++) {
        int title = (int)strlen(views[k].title);
        int note = views[k].note ? (int)strlen(views[k].note) : 0;
        width = title > width ? title : width;
        width = !views[k].board && note > width ? note : width;
    }
    int indent_width = (int)strlen(indent);
    if (indent_width + 3 * width + 2 * (int)strlen(GAP) <= SIDE_BY_SIDE) {
        put_band(out, views, 3, puzzle, m, letters, colour, indent, width);
    } else {
        for (int k = 0; k < 3; k++)
            put_band(out, &views[k], 1, puzzle, m, letters, colour, indent, width);
    }
    free(m);
    free(solution);
}
