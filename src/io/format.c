/*
 * format.c -- the table of judge profiles, and what a profile means.  Each entry says how the
 * judge writes its input and exactly how it wants answers framed; the reader, writer and checker
 * are driven by these fields alone, so adding a judge is adding an entry here (docs/formats.md
 * has the sources for every field).  The rules that read the fields (the output style and
 * alphabet of a case, the outcome of a status, the templates, the search a case gets) are
 * written once, below the table: the writer prints by them, the checker expects by them.
 */
#include "format.h"

#include <stdio.h>
#include <string.h>

#define WORDS(solved, multiple, unsolvable, conflict) {solved, multiple, unsolvable, conflict}
/* The kinds of case a statement's input may hold (ojd_format.kinds): every judge has unique
 * cases; the others only where the statement says what to answer for them. */
#define KIND_UNIQUE OJD_KIND_BIT(OJD_OUTCOME_SOLVED)
#define KIND_MULTIPLE OJD_KIND_BIT(OJD_OUTCOME_MULTIPLE)
#define KIND_UNSOLVABLE OJD_KIND_BIT(OJD_OUTCOME_UNSOLVABLE)
#define KIND_CONFLICT OJD_KIND_BIT(OJD_OUTCOME_CONFLICT)

static const ojd_format hdu1426 = {
    .name = "hdu1426", .summary = "HDU 1426: 9x9, '?' blanks, spaced cells, blank line between",
    .grammar = OJD_GRAMMAR_SPACED, .side = 9, .count_line = 0, .in_separator = OJD_SEP_BLANK,
    .blank = '?', .style = OJD_STYLE_SPACED, .framing = OJD_FRAME_BETWEEN,
    .out_separator = OJD_SEP_BLANK,
    .kinds = KIND_UNIQUE, /* "exactly one solution is guaranteed" */
};

static const ojd_format poj2676 = {
    .name = "poj2676", .summary = "POJ 2676: count, 9x9 rows of digits, '0' blanks, no separators",
    .grammar = OJD_GRAMMAR_PACKED, .side = 9, .count_line = 1, .blank = '0',
    .style = OJD_STYLE_PACKED, .framing = OJD_FRAME_NONE,
    .kinds = KIND_UNIQUE | KIND_MULTIPLE, /* "may print any one of them" */
};

static const ojd_format poj2918 = {
    .name = "poj2918",
    .summary = "POJ 2918 Tudoku: count, 9x9 digit rows, \"Scenario #i:\" + blank line after",
    .grammar = OJD_GRAMMAR_PACKED, .side = 9, .count_line = 1, .in_separator = OJD_SEP_BLANK,
    .blank = '0', .style = OJD_STYLE_PACKED, .framing = OJD_FRAME_AFTER,
    .out_separator = OJD_SEP_BLANK, .header = "Scenario #{case}:",
    .kinds = KIND_UNIQUE,
};

static const ojd_format poj3074 = {
    .name = "poj3074",
    .summary = "POJ 3074 / AcWing 166: 81-character lines with '.' blanks, \"end\"",
    .grammar = OJD_GRAMMAR_LINE, .side = 9, .count_line = 0, .terminator = true, .blank = '.',
    .style = OJD_STYLE_LINE, .framing = OJD_FRAME_NONE,
    .kinds = KIND_UNIQUE, /* "Each puzzle has exactly one solution" */
};

static const ojd_format poj3076 = {
    .name = "poj3076", .summary = "POJ 3076 / UVa 1309 / ZOJ 3122: 16x16 letters A-P, '-' blanks",
    .grammar = OJD_GRAMMAR_PACKED, .side = 16, .count_line = 0, .in_separator = OJD_SEP_BLANK,
    .blank = '-', .letters = true, .style = OJD_STYLE_PACKED, .framing = OJD_FRAME_BETWEEN,
    .out_separator = OJD_SEP_BLANK,
    .kinds = KIND_UNIQUE,
};

static const ojd_format spoj = {
    .name = "spoj", .summary = "SPOJ SUDOKU: count, then 16x16 letter grids like POJ 3076",
    .grammar = OJD_GRAMMAR_PACKED, .side = 16, .count_line = 1, .in_separator = OJD_SEP_BLANK,
    .blank = '-', .letters = true, .style = OJD_STYLE_PACKED, .framing = OJD_FRAME_BETWEEN,
    .out_separator = OJD_SEP_BLANK,
    .kinds = KIND_UNIQUE, .max_cases = 10, /* K <= 10 */
};

static const ojd_format uva989 = {
    .name = "uva989",
    .summary = "UVa 989: box size n, n^2 x n^2 spaced grid; smallest solution; NO SOLUTION",
    .grammar = OJD_GRAMMAR_SPACED, .side = 0, .count_line = 0, .size_prefix = true,
    .in_separator = OJD_SEP_BLANK, .blank = '0', .style = OJD_STYLE_SPACED,
    .framing = OJD_FRAME_BETWEEN, .out_separator = OJD_SEP_BLANK, .lexmin = true,
    .words = WORDS(NULL, NULL, "NO SOLUTION", "NO SOLUTION"),
    .kinds = OJD_KINDS_ALL, .min_side = 1, .max_side = 9, /* 1 <= n <= 3 */
};

static const ojd_format uva10957 = {
    .name = "uva10957",
    .summary = "UVa 10957 So Doku Checker: \"Case N: Unique/Ambiguous/Impossible/Illegal.\"",
    .grammar = OJD_GRAMMAR_SPACED, .side = 9, .count_line = 0, .in_separator = OJD_SEP_BLANK,
    .blank = '0', .style = OJD_STYLE_VERDICT, .framing = OJD_FRAME_NONE, .unique = true,
    .words = WORDS("Unique", "Ambiguous", "Impossible", "Illegal"),
    .verdict_line = "Case {case}: {word}.",
    .kinds = OJD_KINDS_ALL,
};

static const ojd_format kattis = {
    .name = "kattis", .summary = "Kattis sudokunique: grid, \"Non-unique\" or \"Find another job\"",
    .grammar = OJD_GRAMMAR_SPACED, .side = 9, .count_line = 0, .in_separator = OJD_SEP_BLANK,
    .blank = '0', .style = OJD_STYLE_SPACED, .framing = OJD_FRAME_BETWEEN,
    .out_separator = OJD_SEP_BLANK, .unique = true,
    .words = WORDS(NULL, "Non-unique", "Find another job", "Find another job"),
    .kinds = OJD_KINDS_ALL, .max_cases = 100, /* "up to 100 boards" */
};

static const ojd_format hdu3111 = {
    .name = "hdu3111",
    .summary = "HDU 3111: count, '?' digit rows, \"---\" between cases, \"impossible\"",
    .grammar = OJD_GRAMMAR_PACKED, .side = 9, .count_line = 1, .in_separator = OJD_SEP_DASHES,
    .blank = '?', .style = OJD_STYLE_PACKED, .framing = OJD_FRAME_BETWEEN,
    .out_separator = OJD_SEP_DASHES, .words = WORDS(NULL, NULL, "impossible", "impossible"),
    .kinds = KIND_UNIQUE | KIND_UNSOLVABLE | KIND_CONFLICT, /* solvable cases are unique */
};

static const ojd_format hdu2780 = {
    .name = "hdu2780",
    .summary = "HDU 2780: count, digit rows, blank line between, \"Could not complete this grid.\"",
    .grammar = OJD_GRAMMAR_PACKED, .side = 9, .count_line = 1, .blank = '0',
    .style = OJD_STYLE_PACKED, .framing = OJD_FRAME_BETWEEN, .out_separator = OJD_SEP_BLANK,
    .words = WORDS(NULL, NULL, "Could not complete this grid.", "Could not complete this grid."),
    .kinds = KIND_UNIQUE | KIND_UNSOLVABLE | KIND_CONFLICT, .blanks = 5, /* "exactly five 0s" */
};

static const ojd_format leetcode = {
    .name = "leetcode",
    .summary = "LeetCode 37: [[\"5\",\"3\",\".\",...],...] board literal, one per line",
    .grammar = OJD_GRAMMAR_LITERAL, .side = 0, .count_line = 0, .blank = '.',
    .style = OJD_STYLE_LITERAL, .framing = OJD_FRAME_NONE,
    .kinds = KIND_UNIQUE, .min_side = 9, .max_side = 9, /* board.length == 9, one solution */
};

static const ojd_format euler96 = {
    .name = "euler96",
    .summary = "Project Euler 96: \"Grid NN\" + 9 digit rows; answer = sum of top-left numbers",
    .grammar = OJD_GRAMMAR_PACKED, .side = 9, .count_line = 0, .blank = '0',
    .in_header = "Grid {case:02}", .style = OJD_STYLE_SUM, .framing = OJD_FRAME_NONE,
    .kinds = KIND_UNIQUE,
};

static const ojd_format line = {
    .name = "line", .summary = "one puzzle per line (81/256/625 characters); input in any grammar",
    .grammar = OJD_GRAMMAR_AUTO, .side = 0, .count_line = -1, .blank = '.',
    .style = OJD_STYLE_LINE, .framing = OJD_FRAME_NONE,
    .kinds = KIND_UNIQUE | KIND_MULTIPLE, /* answered with a solution; no words for the others */
};

static const ojd_format grid = {
    .name = "grid", .summary = "human-readable grid with box rules; input in any grammar",
    .grammar = OJD_GRAMMAR_AUTO, .side = 0, .count_line = -1, .blank = '.',
    .style = OJD_STYLE_PRETTY, .framing = OJD_FRAME_BETWEEN, .out_separator = OJD_SEP_BLANK,
    .kinds = KIND_UNIQUE | KIND_MULTIPLE,
};

/* For scripts: every case, malformed ones included, as one JSON object per line (writer.c has
 * the schema).  unique: solutions are counted up to 2, so "solved" means exactly one. */
static const ojd_format json = {
    .name = "json",
    .summary = "one JSON object per line per case, for scripts; input in any grammar",
    .grammar = OJD_GRAMMAR_AUTO, .side = 0, .count_line = -1, .blank = '.',
    .style = OJD_STYLE_JSON, .framing = OJD_FRAME_NONE, .unique = true,
    .kinds = OJD_KINDS_ALL, /* a status for every case */
};

static const ojd_format *const table[] = {
    &hdu1426, &poj2676, &poj2918, &poj3074, &poj3076, &spoj, &uva989, &uva10957,
    &kattis, &hdu3111, &hdu2780, &leetcode, &euler96, &line, &grid, &json, NULL,
};

const ojd_format *const *ojd_format_list(void) { return table; }

const char *ojd_format_name(const ojd_format *format) { return format->name; }
const char *ojd_format_summary(const ojd_format *format) { return format->summary; }
int ojd_format_side(const ojd_format *format) { return format->side; }
ojd_style ojd_format_style(const ojd_format *format) { return format->style; }
ojd_grammar ojd_format_grammar(const ojd_format *format) { return format->grammar; }
unsigned long ojd_format_max_cases(const ojd_format *format) { return format->max_cases; }
int ojd_format_blanks(const ojd_format *format) { return format->blanks; }

void ojd_format_sides(const ojd_format *format, int *min_side, int *max_side)
{
    /* a profile of one side states no bounds of its own: that side is the bound */
    *min_side = format->side ? format->side : format->min_side;
    *max_side = format->side ? format->side : format->max_side;
}

const ojd_format *ojd_format_find(const char *name)
{
    if (!name)
        return NULL;
    for (const ojd_format *const *f = table; *f; f++)
        if (strcmp((*f)->name, name) == 0)
            return *f;
    return NULL;
}

const ojd_format *ojd_format_effective(const ojd_format *chosen, const ojd_layout *layout)
{
    if (chosen)
        return chosen;
    /* a box size before every grid is UVa 989's grammar and no other judge's */
    return layout && layout->size_prefix ? &uva989 : NULL;
}

/* ---- what a profile means ------------------------------------------------------------------- */

void ojd_format_search(const ojd_format *format, unsigned long count, ojd_search *search)
{
    unsigned long needed = format && format->unique ? 2 : 1;
    search->limit = count > needed ? count : needed;
    search->lexmin = format && format->lexmin;
}

bool ojd_format_answered(const ojd_format *format, ojd_status status, unsigned long count)
{
    switch (status) {
    case OJD_OK:
        return true;
    case OJD_MULTIPLE:
        return count > 0 || !(format && format->unique);
    case OJD_UNSOLVABLE:
    case OJD_CONFLICT:
        return count > 0;
    default: /* OJD_LIMIT: undecided; OJD_END: no case; errors */
        return false;
    }
}

ojd_outcome ojd_outcome_of(ojd_status status)
{
    switch (status) {
    case OJD_MULTIPLE: return OJD_OUTCOME_MULTIPLE;
    case OJD_UNSOLVABLE: return OJD_OUTCOME_UNSOLVABLE;
    case OJD_CONFLICT: return OJD_OUTCOME_CONFLICT;
    default: return OJD_OUTCOME_SOLVED;
    }
}

ojd_answer_form ojd_format_answer(const ojd_format *f, ojd_outcome outcome, const char **word)
{
    if (word)
        *word = NULL;
    if ((unsigned)outcome >= OJD_OUTCOME_COUNT_)
        return OJD_ANSWER_NOTHING;
    const char *w = f ? f->words[outcome] : NULL;
    ojd_answer_form form;
    if (f && f->style == OJD_STYLE_VERDICT)
        form = w ? OJD_ANSWER_WORD : OJD_ANSWER_NOTHING;
    /* a solution is a grid whatever words the profile has; several solutions are one of them
     * (the first found, or the smallest) unless the profile has a word for ambiguity */
    else if (outcome == OJD_OUTCOME_SOLVED)
        form = OJD_ANSWER_GRID;
    else if (w)
        form = OJD_ANSWER_WORD;
    else
        form = outcome == OJD_OUTCOME_MULTIPLE ? OJD_ANSWER_GRID : OJD_ANSWER_NOTHING;
    if (word && form == OJD_ANSWER_WORD)
        *word = w;
    return form;
}

ojd_style ojd_output_style(const ojd_format *f, const ojd_puzzle *p)
{
    if (f && f->style != OJD_STYLE_MIRROR)
        return f->style;
    switch (p->layout.grammar) {
    case OJD_GRAMMAR_SPACED: return OJD_STYLE_SPACED;
    case OJD_GRAMMAR_LINE: return OJD_STYLE_LINE;
    case OJD_GRAMMAR_LITERAL: return OJD_STYLE_LITERAL;
    default: return OJD_STYLE_PACKED;
    }
}

bool ojd_output_letters(const ojd_format *f, const ojd_board *b, bool input_letters, ojd_style s)
{
    bool letters = input_letters || (f && f->letters);
    if (b->side > 9 && (s == OJD_STYLE_PACKED || s == OJD_STYLE_LINE))
        letters = true;
    return letters;
}

void ojd_template_expand(char *buf, size_t size, const char *t, unsigned long index,
                         const char *word)
{
    size_t k = 0;
    buf[0] = '\0';
    while (*t && k + 1 < size) {
        int n = 0;
        if (strncmp(t, "{case}", 6) == 0) {
            n = snprintf(buf + k, size - k, "%lu", index);
            t += 6;
        } else if (strncmp(t, "{case:02}", 9) == 0) {
            n = snprintf(buf + k, size - k, "%02lu", index);
            t += 9;
        } else if (strncmp(t, "{word}", 6) == 0) {
            n = snprintf(buf + k, size - k, "%s", word ? word : "");
            t += 6;
        } else {
            buf[k++] = *t++;
            buf[k] = '\0';
        }
        if (n > 0)
            k += (size_t)n < size - k ? (size_t)n : size - k - 1;
    }
}

unsigned ojd_euler_key(const ojd_board *solution)
{
    const uint8_t *c = solution->cell;
    return (unsigned)(c[0] * 100 + c[1] * 10 + c[2]);
}

unsigned ojd_format_kinds(const ojd_format *format)
{
    if (!format)
        return OJD_KINDS_ALL;
    return format->kinds ? format->kinds : OJD_KIND_BIT(OJD_OUTCOME_SOLVED);
}
