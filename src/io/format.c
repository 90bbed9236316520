/*
 * format.c -- the catalogue of built-in profiles, and what a profile means.  A profile says how
 * the judge writes its input and exactly how it wants answers framed; the reader, writer and
 * checker are driven by its fields alone, so adding a judge is adding a file to profiles/.  The
 * rules that read the fields (the output style and alphabet of a case, the outcome of a status,
 * the templates, the search a case gets) are written once, here: the writer prints by them, the
 * checker expects by them.
 */
#include "format.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* ---- the catalogue ------------------------------------------------------------------------ *
 * One row per profiles/ID.profile, in the order of profiles/index (the order of `ojdoku formats`
 * and of detection), made into C at build time by src/tools/profilec.c with the parser of
 * profile.c, so a built-in reads exactly as the same file given to --format does. */
#define OJD_CATALOGUE_ROW(id, ...) static const ojd_profile profile_##id = __VA_ARGS__;
#include "profiles.def"
#undef OJD_CATALOGUE_ROW

static const ojd_profile *const table[] = {
#define OJD_CATALOGUE_ROW(id, ...) &profile_##id,
#include "profiles.def"
#undef OJD_CATALOGUE_ROW
    NULL,
};

const ojd_profile *const *ojd_profile_list(void) { return table; }

const char *ojd_profile_name(const ojd_profile *format) { return format->name; }
const char *ojd_profile_summary(const ojd_profile *format) { return format->summary; }
int ojd_profile_side(const ojd_profile *format) { return format->side; }
ojd_style ojd_profile_style(const ojd_profile *format) { return format->style; }
ojd_grammar ojd_profile_grammar(const ojd_profile *format) { return format->grammar; }
unsigned long ojd_profile_max_cases(const ojd_profile *format) { return format->max_cases; }
int ojd_profile_blanks(const ojd_profile *format) { return format->blanks; }
unsigned ojd_profile_units(const ojd_profile *format) { return format ? format->units : 0; }
bool ojd_profile_walls(const ojd_profile *format) { return format && format->walls; }

bool ojd_profile_frame(const ojd_profile *format) { return format && format->frame; }
const char *ojd_profile_input_header(const ojd_profile *format)
{
    return format ? format->in_header : NULL;
}
void ojd_profile_givens(const ojd_profile *format, int *min_givens, int *max_givens)
{
    *min_givens = format ? format->min_givens : 0;
    *max_givens = format ? format->max_givens : 0;
}

bool ojd_profile_values(const ojd_profile *format, long *min_value, long *max_value)
{
    bool any = format && format->any_values;
    *min_value = any ? format->min_value : 0;
    *max_value = any ? format->max_value : 0;
    return any;
}

void ojd_profile_sides(const ojd_profile *format, int *min_side, int *max_side)
{
    /* a profile of one side states no bounds of its own: that side is the bound */
    *min_side = format->side ? format->side : format->min_side;
    *max_side = format->side ? format->side : format->max_side;
}

const char *ojd_profile_title(const ojd_profile *format)
{
    return format->title ? format->title : "";
}
const char *ojd_profile_url(const ojd_profile *format) { return format->url ? format->url : ""; }
const char *ojd_profile_alias(const ojd_profile *format, int k)
{
    return k >= 0 && k < OJD_MAX_ALIASES ? format->aliases[k] : NULL;
}

ojd_task ojd_profile_task(const ojd_profile *format)
{
    if (!format)
        return OJD_TASK_SOLVE;
    if (format->task != OJD_TASK_SOLVE)
        return format->task;
    /* the two tasks that are styles of their own */
    if (format->style == OJD_STYLE_VERDICT)
        return OJD_TASK_CLASSIFY;
    return format->style == OJD_STYLE_SUM ? OJD_TASK_SUM : OJD_TASK_SOLVE;
}

const char *ojd_profile_task_name(const ojd_profile *format)
{
    ojd_task task = ojd_profile_task(format);
    if (task == OJD_TASK_SOLVE && format && format->lexmin)
        return "smallest";
    if (task == OJD_TASK_SOLVE && format && format->unique)
        return "unique";
    return ojd_task_name(task);
}

/* An id as judges and users write it, in the catalogue's spelling: lower case, without the
 * spaces, '-', '_' and '.' of "POJ 2676", "poj-2676"; Luogu's "P1074" is luogu1074.  false when
 * the name is too long to be an id. */
static bool id_spelling(const char *name, char *id, size_t size)
{
    size_t n = 0;
    for (const char *c = name; *c; c++) {
        if (*c == ' ' || *c == '-' || *c == '_' || *c == '.')
            continue;
        if (n + 1 >= size)
            return false;
        id[n++] = (char)tolower((unsigned char)*c);
    }
    id[n] = '\0';
    if (id[0] == 'p' && n > 1 && strspn(id + 1, "0123456789") == n - 1 && n + 5 < size) {
        memmove(id + 5, id + 1, n); /* the digits and the NUL */
        memcpy(id, "luogu", 5);
    }
    return n > 0;
}

static const ojd_profile *find_exact(const char *name)
{
    for (const ojd_profile *const *f = table; *f; f++) {
        if (strcmp((*f)->name, name) == 0)
            return *f;
        for (const char *const *a = (*f)->aliases; *a; a++)
            if (strcmp(*a, name) == 0)
                return *f;
    }
    return NULL;
}

const ojd_profile *ojd_profile_find(const char *name)
{
    char id[64];
    if (!name)
        return NULL;
    const ojd_profile *f = find_exact(name);
    return f ? f : id_spelling(name, id, sizeof id) ? find_exact(id) : NULL;
}

const char *ojd_profile_nearest(const char *name)
{
    if (!name || !*name)
        return NULL;
    int best = (int)strlen(name) / 3 + 1; /* "at most a third": nearer than this */
    const char *nearest = NULL;
    for (const ojd_profile *const *f = table; *f; f++) {
        int d = ojd_name_distance(name, strlen(name), (*f)->name);
        if (d < best)
            best = d, nearest = (*f)->name;
        for (const char *const *a = (*f)->aliases; *a; a++)
            if ((d = ojd_name_distance(name, strlen(name), *a)) < best)
                best = d, nearest = *a;
    }
    return nearest;
}

const ojd_profile *ojd_profile_effective(const ojd_profile *chosen, const ojd_layout *layout)
{
    if (chosen)
        return chosen;
    /* a box size before every grid is one judge's grammar (UVa 989's; after a count line, Kick
     * Start's): the first profile that reads it, count line and all, answers such input in
     * mirror mode */
    if (!layout || !layout->size_prefix)
        return NULL;
    for (const ojd_profile *const *f = table; *f; f++)
        if ((*f)->size_prefix && ((*f)->count_line < 0 || (*f)->count_line == layout->counted))
            return *f;
    return NULL;
}

bool ojd_profile_reads(const ojd_profile *f, const ojd_puzzle *p)
{
    const ojd_layout *l = &p->layout;
    if (f->grammar != OJD_GRAMMAR_AUTO && f->grammar != l->grammar)
        return false;
    if (f->side && f->side != p->board.side)
        return false;
    if ((f->count_line == 1 && !l->counted) || (f->count_line == 0 && l->counted))
        return false;
    if (f->size_prefix != l->size_prefix || (f->letters && !l->letters))
        return false;
    if (f->in_header)
        return l->label[0] != '\0';
    return !l->label[0] || f->grammar == OJD_GRAMMAR_AUTO;
}

const ojd_profile *ojd_profile_detect(const ojd_puzzle *puzzle)
{
    if (!puzzle || puzzle->board.side == 0)
        return NULL;
    bool blanks = false;
    for (int i = 0; i < ojd_board_cells(&puzzle->board) && !blanks; i++)
        blanks = puzzle->board.cell[i] == 0;
    for (const ojd_profile *const *f = table; *f; f++) {
        /* line, grid and json read any grammar: no judge's input looks like theirs */
        if ((*f)->grammar == OJD_GRAMMAR_AUTO || !ojd_profile_reads(*f, puzzle))
            continue;
        /* the blank symbol tells apart judges of one grammar (HDU 1426's '?', POJ 3074's '.') */
        if (blanks && (*f)->blank && (*f)->blank != puzzle->layout.blank)
            continue;
        return *f;
    }
    return NULL;
}

/* ---- what a profile means ------------------------------------------------------------------- */

void ojd_profile_search(const ojd_profile *format, unsigned long count, ojd_search *search)
{
    ojd_task task = ojd_profile_task(format);
    unsigned long needed = format && format->unique ? 2 : 1;
    if (task == OJD_TASK_COUNT)
        needed = OJD_COUNT_LIMIT + 1; /* one past the cap: a count at the cap is no count */
    if (task == OJD_TASK_ALL)
        needed = OJD_ALL_LIMIT + 1; /* the same: more than the cap is a diagnostic */
    search->limit = count > needed ? count : needed;
    /* task all: the first solution is the first listed */
    search->lexmin = (format && format->lexmin) || task == OJD_TASK_ALL;
    search->method = format ? format->method : OJD_METHOD_SEARCH;
}

bool ojd_profile_answered(const ojd_profile *format, ojd_status status, unsigned long count)
{
    /* a count task answers every decided outcome by its count, as --count does */
    if (ojd_profile_task(format) == OJD_TASK_COUNT && count == 0)
        count = 1;
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

ojd_answer_form ojd_profile_answer(const ojd_profile *f, ojd_outcome outcome, const char **word)
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

ojd_style ojd_output_style(const ojd_profile *f, const ojd_puzzle *p)
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

bool ojd_output_letters(const ojd_profile *f, const ojd_board *b, bool input_letters, ojd_style s)
{
    bool letters = input_letters || (f && f->letters);
    /* one character a cell above 9x9: letters, unless key symbols has 1..9 then A = 10 */
    if (b->side > 9 && (s == OJD_STYLE_PACKED || s == OJD_STYLE_LINE) && !(f && f->digits_first))
        letters = true;
    return letters;
}

void ojd_template_expand(char *buf, size_t size, const char *t, const ojd_template_vars *v)
{
    size_t k = 0;
    buf[0] = '\0';
    while (*t && k + 1 < size) {
        int n = 0;
        if (strncmp(t, "{case}", 6) == 0) {
            n = snprintf(buf + k, size - k, "%lu", v->index);
            t += 6;
        } else if (strncmp(t, "{case:02}", 9) == 0) {
            n = snprintf(buf + k, size - k, "%02lu", v->index);
            t += 9;
        } else if (strncmp(t, "{word}", 6) == 0) {
            n = snprintf(buf + k, size - k, "%s", v->word ? v->word : "");
            t += 6;
        } else if (strncmp(t, "{label}", 7) == 0) {
            n = snprintf(buf + k, size - k, "%s", v->label ? v->label : "");
            t += 7;
        } else if (strncmp(t, "{count}", 7) == 0) {
            n = snprintf(buf + k, size - k, "%lu", v->count);
            t += 7;
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

unsigned ojd_profile_kinds(const ojd_profile *format)
{
    if (!format)
        return OJD_KINDS_ALL;
    return format->kinds ? format->kinds : OJD_KIND_BIT(OJD_OUTCOME_SOLVED);
}

bool ojd_profile_answerable(const ojd_profile *f, ojd_outcome kind)
{
    if (kind == OJD_OUTCOME_SOLVED)
        return true;
    if (!f)
        f = ojd_profile_find("line");
    if (ojd_profile_style(f) == OJD_STYLE_JSON) /* a status for every case */
        return true;
    if (ojd_profile_style(f) == OJD_STYLE_SUM) /* the sum needs every case's one solution */
        return false;
    /* the profile's word for the outcome; or, for several solutions, any one of them where that
     * counts as the answer (not where the profile needs a unique one and has no word to say it
     * is not) */
    switch (ojd_profile_answer(f, kind, NULL)) {
    case OJD_ANSWER_WORD:
        return true;
    case OJD_ANSWER_GRID: /* only solutions, one or several, are grids */
        return kind == OJD_OUTCOME_MULTIPLE && ojd_profile_answered(f, OJD_MULTIPLE, 0);
    default:
        return false;
    }
}

unsigned ojd_profile_test_kinds(const ojd_profile *f)
{
    unsigned kinds = 0;
    for (int k = 0; k < OJD_OUTCOME_COUNT_; k++)
        if ((ojd_profile_kinds(f) & OJD_KIND_BIT(k)) && ojd_profile_answerable(f, (ojd_outcome)k))
            kinds |= OJD_KIND_BIT(k);
    return kinds;
}

ojd_generate_options ojd_profile_case_options(const ojd_profile *f)
{
    ojd_generate_options opt = {.grade = OJD_GRADE_ANY};
    int lo, hi;
    ojd_profile_sides(f, &lo, &hi);
    int side = ojd_profile_side(f);
    if (side <= 0)
        side = (lo == 0 || (lo <= 9 && 9 <= hi)) ? 9 : lo;
    opt.side = side;
    opt.units = ojd_profile_units(f); /* the problem's variant */
    int blanks = ojd_profile_blanks(f);
    if (blanks == OJD_NO_BLANKS)
        opt.solved = true;
    else if (blanks > 0)
        opt.clues = side * side - blanks;
    int least, most;
    ojd_profile_givens(f, &least, &most);
    /* above the statement's fewest givens (NOIP 2009: 24), with room for the kinds of case
     * made by taking givens away */
    if (least && !opt.clues && !opt.solved)
        opt.clues = least + 6 > side * side ? side * side : least + 6;
    return opt;
}

/* ---- a profile's rules in words (`ojdoku formats ID`) ----------------------------------------
 * Derived from the fields alone, as the reader and writer are: what is said here is what they
 * do, so the text cannot drift from the table. */

typedef struct text {
    char *buf;
    size_t size, len;
} text;

static void say(text *t, const char *fmt, ...) OJD_PRINTF(2, 3);
static void say(text *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    size_t room = t->len < t->size ? t->size - t->len : 0;
    int n = vsnprintf(room ? t->buf + t->len : NULL, room, fmt, ap);
    va_end(ap);
    if (n > 0)
        t->len += (size_t)n;
}

static const char *side_words(const ojd_profile *f, char *buf, size_t size)
{
    int lo, hi;
    ojd_profile_sides(f, &lo, &hi);
    if (lo && lo == hi)
        snprintf(buf, size, "%dx%d", lo, lo);
    else if (lo)
        snprintf(buf, size, "%dx%d to %dx%d", lo, lo, hi, hi);
    else
        snprintf(buf, size, "any size");
    return buf;
}

static const char *separator_words(ojd_separator sep)
{
    return sep == OJD_SEP_DASHES ? "a line \"---\"" : "an empty line";
}

static const char *cell_words(ojd_grammar g)
{
    switch (g) {
    case OJD_GRAMMAR_SPACED: return "rows of space-separated values";
    case OJD_GRAMMAR_PACKED: return "rows of one character per cell";
    case OJD_GRAMMAR_LINE: return "the whole grid on one line, one character per cell";
    case OJD_GRAMMAR_LITERAL: return "a board literal [[\"5\",\"3\",\".\",...],...]";
    default: return "any grammar ojdoku reads (detected)";
    }
}

static const char *style_words(ojd_style s)
{
    switch (s) {
    case OJD_STYLE_SPACED: return "rows of space-separated values";
    case OJD_STYLE_PACKED: return "rows of one character per cell";
    case OJD_STYLE_LINE: return "the whole grid on one line";
    case OJD_STYLE_LITERAL: return "a board literal on one line";
    case OJD_STYLE_PRETTY: return "a grid drawn with box rules";
    case OJD_STYLE_JSON: return "one JSON object per line";
    case OJD_STYLE_SVG: return "an SVG figure, one document per case";
    default: return "";
    }
}

/* What a case's answer is, by the profile's task (the grid's form follows). */
static void say_answer(text *t, const ojd_profile *f, ojd_task task)
{
    switch (task) {
    case OJD_TASK_COUNT:
        say(t, "the solution when there is exactly one");
        break;
    case OJD_TASK_ALL:
        say(t, "every solution (up to %lu; more is a diagnostic), in lexicographic order, "
               "row by row,", OJD_ALL_LIMIT);
        break;
    case OJD_TASK_SCORE:
        say(t, "one integer, the highest score of any solution (each cell's value times its "
               "ring's weight, 6 at the edge to 10 at the centre)");
        break;
    case OJD_TASK_DEDUCE:
        say(t, "the grid with every value cross-hatching places filled in, until it places "
               "none, the other cells left '%c',", f->blank ? f->blank : '.');
        break;
    case OJD_TASK_TRANSFORM:
        say(t, "the grid changed by the statement's rule (every 2 written as 1, so each row, "
               "column and box repeats a value; any grid that keeps the rule is right),");
        break;
    default:
        say(t, f->lexmin   ? "the lexicographically smallest solution (row-major)"
               : f->unique ? "the solution when it is unique"
                           : "a solution (any)");
    }
}

/* "; for WHAT: "WORD"", with a word's {count} said as the number it stands for. */
static void say_word(text *t, const char *what, const char *word)
{
    const char *count = strstr(word, "{count}");
    if (count)
        say(t, "; for %s: \"%.*sN%s\" (N: the number of solutions)", what,
            (int)(count - word), word, count + 7);
    else
        say(t, "; for %s: \"%s\"", what, word);
}

/* The statement's bounds on an input, which `validate --input` enforces and `generate` keeps:
 * the cases, the sides, the givens (or blanks). */
static void say_bounds(text *t, const ojd_profile *f)
{
    char sides[40];
    say(t, "bounds: ");
    if (f->max_cases == 1)
        say(t, "one case");
    else if (f->max_cases)
        say(t, "at most %lu cases", f->max_cases);
    else
        say(t, "any number of cases");
    say(t, "; %s", side_words(f, sides, sizeof sides));
    if (f->blanks == OJD_NO_BLANKS)
        say(t, "; complete grids, no blank");
    else if (f->blanks > 0)
        say(t, "; exactly %d blanks", f->blanks);
    else if (f->min_givens && f->max_givens)
        say(t, "; %d to %d givens", f->min_givens, f->max_givens);
    else if (f->min_givens)
        say(t, "; at least %d givens", f->min_givens);
    else if (f->max_givens)
        say(t, "; at most %d givens", f->max_givens);
    else
        say(t, "; any number of givens");
    /* a grammar of its own is what validate --input holds an input to */
    say(t, f->grammar == OJD_GRAMMAR_AUTO ? " (no statement's: validate --input takes a judge's "
                                            "profile).\n"
                                          : " (validate --input enforces them).\n");
}

/* How the judge compares an answer with the rules above: tokens, the words' case, numbers as
 * integers, and which answers are right (the checker, `ojdoku check`, judges so). */
static void say_judged(text *t, const ojd_profile *f, ojd_task task)
{
    say(t, "judged: token by token, any spaces and line ends between tokens (a strict judge, "
           "`check --strict`: the exact bytes of the sample's framing)");
    if (f->style == OJD_STYLE_LITERAL)
        say(t, "; the literal's brackets, commas and quotes as written");
    bool any_word = false;
    for (int o = 0; o < OJD_OUTCOME_COUNT_; o++)
        any_word |= f->words[o] && strpbrk(f->words[o], "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                                          "abcdefghijklmnopqrstuvwxyz");
    if (any_word && f->words_any_case)
        say(t, "; the words in any letter case, as the judge compares them (not under "
               "DOMjudge's case_sensitive flag)");
    else if (any_word)
        say(t, "; the words as written, case-sensitive");
    if (task == OJD_TASK_SCORE || task == OJD_TASK_COUNT || task == OJD_TASK_SUM)
        say(t, "; a number as the judge's integer (no sign, no leading zero)");
    switch (task) {
    case OJD_TASK_SOLVE:
        say(t, f->lexmin ? "; only the smallest solution is right"
               : f->unique && f->words[OJD_OUTCOME_MULTIPLE]
                   ? "; the solution, or the word where there is none or several"
               : f->unique ? "; the solution, where there is exactly one"
                           : "; any solution is right");
        break;
    case OJD_TASK_TRANSFORM: say(t, "; any grid that keeps the rule is right"); break;
    case OJD_TASK_ALL: say(t, "; every solution once, in that order, is right"); break;
    default: say(t, "; exactly the answer above is right"); break;
    }
    say(t, ".\n");
}

/* The input: the count line, the cases' sides, what each case is made of, their separators, and
 * what the cases may be (solved grids, complete grids, puzzles of some kinds). */
static void say_input(text *t, const ojd_profile *f)
{
    char sides[40];
    say(t, "input:  ");
    if (f->count_line == 1)
        say(t, "a line with the number of cases, then ");
    else if (f->count_line < 0)
        say(t, "(an optional count line) ");
    say(t, f->max_cases == 1 ? "one case" : "cases");
    say(t, ", %s; each case: ", side_words(f, sides, sizeof sides));
    if (f->size_prefix)
        say(t, "a line with its box size n, then ");
    if (f->in_header)
        say(t, "a header line \"%s\", then ", f->in_header);
    say(t, "%s", cell_words(f->grammar));
    /* validate --input holds a pretty profile's rows to the output's drawing (generate writes
     * them so) */
    if (f->style == OJD_STYLE_PRETTY && f->grammar == OJD_GRAMMAR_SPACED)
        say(t, ", drawn as the output draws a grid (\" | \" between boxes, %s between bands)",
            f->rule_dashes ? "a line of dashes" : "\"------+-------+------\"");
    if (f->letters)
        say(t, ", values as letters A=1, B=2, ...");
    if (f->blank && f->blanks != OJD_NO_BLANKS)
        say(t, ", '%c' for a blank", f->blank);
    if (f->walls)
        say(t, ", each plus the walls of its region (16 up, 32 right, 64 down, 128 left); "
               "the walls close the regions (a jigsaw)");
    if (f->frame)
        say(t, ", each row between '|' rules at its ends and between boxes, a line "
               "\"+---+---+---+\" above, between and below the bands");
    if ((f->units & OJD_UNITS_KILLER) && f->grammar == OJD_GRAMMAR_PACKED)
        say(t, ", each row then a space and its cells' cage ids, and after the rows a line of "
               "ID=SUM for every cage (a killer)");
    else if (f->units & OJD_UNITS_KILLER)
        say(t, " with its cages: GIVENS:REGIONS:CAGES:SUMS (a killer)");
    if (f->trailing_spaces)
        say(t, "; a line may end in spaces");
    if (f->in_separator)
        say(t, "; cases separated by %s", separator_words(f->in_separator));
    if (f->terminator)
        say(t, "; a line \"end\" may end the input");
    char kinds[64];
    if (ojd_profile_task(f) == OJD_TASK_TRANSFORM)
        say(t, ".\n        The cases are solved grids.\n");
    else if (f->blanks == OJD_NO_BLANKS)
        say(t, ".\n        The cases are complete grids: %s.\n",
            ojd_profile_kinds(f) == OJD_KIND_BIT(OJD_OUTCOME_SOLVED) ? "solutions"
                                                                    : "solutions or not");
    else
        say(t, ".\n        The cases may be: %s.\n",
            ojd_kind_list(ojd_profile_kinds(f), kinds, sizeof kinds));
}

/* A verdict profile's line, and each of its words with the outcome it stands for. */
static void say_verdicts(text *t, const ojd_profile *f, ojd_task task)
{
    say(t, "a line \"%s\" where {word} is", f->verdict_line ? f->verdict_line : "{word}");
    const char *what[OJD_OUTCOME_COUNT_] = {
        [OJD_OUTCOME_SOLVED] = f->method == OJD_METHOD_COMPLETE ? "the grid is a solution"
                               : task == OJD_TASK_VALIDITY     ? "no given repeats"
                                                               : "one solution",
        [OJD_OUTCOME_MULTIPLE] = "several solutions",
        [OJD_OUTCOME_UNSOLVABLE] = "no solution",
        [OJD_OUTCOME_CONFLICT] = f->method == OJD_METHOD_COMPLETE
                                     ? "a value repeats in a row, column or box"
                                     : "a given repeats in a row, column or box"};
    bool first = true;
    for (int o = 0; o < OJD_OUTCOME_COUNT_; o++)
        if (f->words[o]) {
            say(t, "%s \"%s\" (%s)", first ? "" : ",", f->words[o], what[o]);
            first = false;
        }
}

/* A profile's answer in a grid (or a score) and its form, with the words of the outcomes that
 * have no grid. */
static void say_solutions(text *t, const ojd_profile *f, ojd_task task)
{
    say_answer(t, f, task);
    if (task != OJD_TASK_SCORE)
        say(t, " as %s", style_words(f->style));
    if (task != OJD_TASK_SCORE && f->style == OJD_STYLE_PRETTY && f->rule_dashes)
        say(t, " (\" | \" between boxes, a line of dashes between bands)");
    if (f->letters)
        say(t, ", letters A=1, B=2, ...");
    const char *what[OJD_OUTCOME_COUNT_] = {
        [OJD_OUTCOME_MULTIPLE] = "several solutions", [OJD_OUTCOME_UNSOLVABLE] = "none",
        [OJD_OUTCOME_CONFLICT] = task == OJD_TASK_DEDUCE
                                     ? "a repeated given, or a value with no cell left in "
                                       "a box"
                                     : "a repeated given"};
    for (int o = OJD_OUTCOME_MULTIPLE; o < OJD_OUTCOME_COUNT_; o++)
        if (f->words[o])
            say_word(t, what[o], f->words[o]);
}

/* The output, per case (or one sum for the whole input), and how it is judged. */
static void say_output(text *t, const ojd_profile *f)
{
    ojd_task task = ojd_profile_task(f);
    say(t, "output: ");
    if (task == OJD_TASK_SUM) {
        say(t, "one number for the whole input, the sum of the 3-digit numbers in the top-left "
               "corners of the solutions.\n");
        say_judged(t, f, task);
        return;
    }
    say(t, "per case, ");
    if (f->header)
        say(t, "a header line \"%s\", then ", f->header);
    if (task == OJD_TASK_COUNT && f->tally)
        say(t, "a line \"%s\" with the number of solutions, then ", f->tally);
    if (f->style == OJD_STYLE_VERDICT)
        say_verdicts(t, f, task);
    else
        say_solutions(t, f, task);
    const char *each = task == OJD_TASK_ALL ? "solution" : "case";
    if (f->framing == OJD_FRAME_BETWEEN)
        say(t, "; %s between %ss", separator_words(f->out_separator), each);
    else if (f->framing == OJD_FRAME_AFTER)
        say(t, "; %s after every %s", separator_words(f->out_separator), each);
    if (task == OJD_TASK_ALL && f->tally)
        say(t, "; then a line \"%s\" after the last solution", f->tally);
    say(t, ".\n");
    say_judged(t, f, task);
}

size_t ojd_profile_rules(const ojd_profile *f, char *buf, size_t size)
{
    text t = {buf, size, 0};
    if (size)
        buf[0] = '\0';
    if (!f)
        return 0;
    say_input(&t, f);
    say_bounds(&t, f);
    say_output(&t, f);
    return t.len;
}
