/*
 * explain.c -- the side-by-side view of a wrong case; see explain.h.
 *
 * Every cell is two characters, a mark and the symbol (" 7", "*7"), and boxes are separated by
 * " |", so the three grids line up whatever is marked (docs/judge.md shows the view).  The
 * marks come from the program's grid by the checker's rules in the checker's order (a changed
 * given, then the first repeat: rows, columns, boxes), so they name the fault the message states.
 */
#include "explain.h"

#include "cli/cli.h"

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
    CLI_PRINTF(2, 3);
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
    const ojd_board *board;    /* NULL: the lines of text instead */
    const char *text;          /* lines, each ended by '\n' (the last may not be) */
    bool is_program;           /* the unit marks and colours belong to this one */
    bool is_puzzle;            /* blanks drawn as '.' */
} grid_view;

/* The length of line k (from 0) of text, and where it starts in *at; -1 when there is none. */
static int text_line(const char *text, int k, const char **at)
{
    for (const char *p = text; p && *p; k--) {
        size_t n = strcspn(p, "\n");
        if (k == 0) {
            *at = p;
            return (int)n;
        }
        p += n + (p[n] == '\n');
    }
    return -1;
}

/* The lines of text, and the width of its widest one. */
static int text_lines(const char *text, int *widest)
{
    int n = 0, len;
    const char *at;
    *widest = 0;
    while ((len = text_line(text, n, &at)) >= 0) {
        *widest = len > *widest ? len : *widest;
        n++;
    }
    return n;
}

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

/* Adds line k (from 0) of a view as drawn, padded to width: a grid's rows with the rules between
 * its bands (side + bands - 1 lines, then nothing), or a line of text. */
static void put_line(line *l, const grid_view *v, const ojd_board *shape, const marks *m, int k,
                     bool letters, bool colour, int width)
{
    if (!v->board) {
        const char *at = "";
        int n = text_line(v->text, k, &at);
        add(l, "%.*s%*s", n > 0 ? n : 0, at, width > n ? width - (n > 0 ? n : 0) : 0, "");
        return;
    }
    int br = shape->box_rows;
    int r = k - k / (br + 1);            /* the grid row, or the one after a rule */
    bool rule = k % (br + 1) == br;      /* every br rows, a rule */
    if (k >= shape->side + shape->side / br - 1) {
        add(l, "%*s", width, "");
        return;
    }
    put_row(l, v, shape, m, r, letters, colour, rule, width);
}

/* Writes the views in a row, side by side: titles, rows with the rules between bands (or the
 * lines of text), marks. */
static void put_band(FILE *out, const grid_view *views, int n, const ojd_board *shape,
                     const marks *m, bool letters, bool colour, const char *indent, int width)
{
    int side = shape->side, br = shape->box_rows;
    line l = {.len = 0};
    add(&l, "%s", indent);
    for (int k = 0; k < n; k++)
        add(&l, "%s%-*s", k ? GAP : "", width, views[k].title);
    emit(out, &l);
    int height = 0;
    for (int k = 0; k < n; k++) {
        int widest, h = views[k].board ? side + side / br - 1 : text_lines(views[k].text, &widest);
        height = h > height ? h : height;
    }
    for (int d = 0; d < height; d++) {
        add(&l, "%s", indent);
        for (int k = 0; k < n; k++) {
            add(&l, "%s", k ? GAP : "");
            put_line(&l, &views[k], shape, m, d, letters, colour, width);
        }
        emit(out, &l);
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

void cli_explain(FILE *out, const ojd_check_report *report, const ojd_profile *format,
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
    const ojd_profile *rules = ojd_profile_effective(format, &pz->layout);
    ojd_board *solution = malloc(sizeof *solution);
    ojd_engine *engine = ojd_engine_new(NULL);
    ojd_result *res = malloc(sizeof *res);
    bool solved = false;
    char word[120] = "";
    if (solution && engine && res) {
        ojd_search search = {.max_nodes = 10000000};
        ojd_profile_search(rules, 0, &search);
        ojd_status st = ojd_engine_solve(engine, puzzle, &search, res);
        ojd_outcome outcome = st == OJD_OK ? OJD_OUTCOME_SOLVED
                              : st == OJD_MULTIPLE ? OJD_OUTCOME_MULTIPLE
                              : st == OJD_UNSOLVABLE ? OJD_OUTCOME_UNSOLVABLE
                              : st == OJD_CONFLICT ? OJD_OUTCOME_CONFLICT : OJD_OUTCOME_COUNT_;
        const char *said = NULL;
        if (ojd_profile_answer(rules, outcome, &said) == OJD_ANSWER_WORD)
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
    /* no grid was read: the program's own lines for the case, and which lines they are */
    char title[80] = "program's output";
    const char *written = "(no grid for this case)";
    if (!got && report->failed_line && report->failed_text[0]) {
        int widest, n = text_lines(report->failed_text, &widest);
        if (n == 1)
            snprintf(title, sizeof title, "program's output, line %lu", report->failed_line);
        else
            snprintf(title, sizeof title, "program's output, lines %lu-%lu", report->failed_line,
                     report->failed_line + (unsigned long)n - 1);
        written = report->failed_text;
    }
    grid_view views[3] = {
        {.title = "puzzle", .board = puzzle, .is_puzzle = true},
        {.title = title, .board = got, .text = written, .is_program = true},
        {.title = word[0] ? "expected" : "a solution", .board = solved ? solution : NULL,
         .text = word[0] ? word : "(no solution)"},
    };
    int width = grid_width(puzzle) + 2; /* room for the '<' marks */
    for (int k = 0; k < 3; k++) {
        int title_width = (int)strlen(views[k].title), widest = 0;
        if (!views[k].board)
            text_lines(views[k].text, &widest);
        width = title_width > width ? title_width : width;
        width = widest > width ? widest : width;
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
