/*
 * profile.c -- profile files: the text form of a judge profile (docs/profiles.md).  A file is
 * `key = value` lines and `#` comment lines; it is parsed into the struct ojd_profile that the
 * reader, writer and checker are driven by, and a struct is written back as such a file.  The
 * built-in catalogue is profiles/ID.profile, turned into C at build time by this same parser
 * (src/tools/profilec.c), so a user's file and a built-in are read by one set of rules.
 * This file depends on the core layer alone (profilec links it without the rest of the library).
 */
#include "format.h"

#include <ctype.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- names of the enumerated values ---------------------------------------------------------- */

static const char *const grammar_names[] = {"auto", "spaced", "packed", "line", "literal", NULL};
static const char *const separator_names[] = {"none", "blank", "dashes", NULL};
static const char *const style_names[] = {"mirror", "spaced",  "packed", "line", "literal",
                                          "pretty", "verdict", "sum",    "json", "svg", NULL};
static const char *const framing_names[] = {"none", "between", "after", "mirror", NULL};
static const char *const rule_names[] = {"plus", "dashes", NULL}; /* band-rule */
static const char *const task_names[] = {"solve", "classify", "validity", "count", "sum",
                                         "deduce", "score", "transform", "all", NULL};
static const char *const method_names[] = {"search", "givens", "cross-hatching", "target",
                                           "anti", "complete", NULL};
static const char *const count_names[] = {"no", "yes", "optional", NULL}; /* 0, 1, -1 */
static const char *const bool_names[] = {"no", "yes", NULL};
static const char *const case_names[] = {"sensitive", "insensitive", NULL}; /* word-case */
/* The variant names, in OJD_UNITS_* bit order (REGIONS, X, WINDOKU, KILLER). */
static const char *const variant_names[] = {"jigsaw", "x", "windoku", "killer", NULL};

/* The kinds of case as a list of names: ojd_kind_name()'s, in outcome order, NULL-ended. */
static void profile_kind_names(const char *names[OJD_OUTCOME_COUNT_ + 1])
{
    for (int k = 0; k < OJD_OUTCOME_COUNT_; k++)
        names[k] = ojd_kind_name((ojd_outcome)k);
    names[OJD_OUTCOME_COUNT_] = NULL;
}

const char *ojd_task_name(ojd_task task)
{
    return task >= 0 && task < OJD_TASK_COUNT_ ? task_names[task] : "?";
}

/* ---- the keys -------------------------------------------------------------------------------- */

typedef enum key_type {
    T_TEXT,     /* a string; empty = unset */
    T_TEMPLATE, /* a string with {case}, {case:02}, {word}, {label}, {count} */
    T_NAME,     /* one of a list of names */
    T_BOOL,
    T_CHAR,     /* one printable character */
    T_SIDE,     /* a side, or "any" */
    T_SIDES,    /* a side or MIN..MAX */
    T_NUMBER,   /* a whole number, or "any" for 0 */
    T_BLANKS,   /* a number of blanks, "any" or "none" */
    T_KINDS,    /* kind names, or "all" */
    T_ALIASES,  /* ids, separated by spaces or commas */
    T_VARIANT,  /* variant names, separated by spaces or commas */
    T_RANGE,    /* MIN..MAX, MIN.. or ..MAX */
} key_type;

typedef enum key_id {
    K_ID, K_ALIASES, K_TITLE, K_URL, K_SUMMARY, K_TASK, K_METHOD,
    K_GRAMMAR, K_SIDE, K_COUNT_LINE, K_SIZE_PREFIX, K_TERMINATOR, K_SEPARATOR, K_SEPARATOR_FIRST,
    K_BLANK, K_WALLS, K_FRAME, K_LETTERS, K_SYMBOLS, K_VALUES, K_VARIANT, K_INPUT_HEADER,
    K_STYLE, K_FRAMING, K_OUTPUT_SEPARATOR, K_BAND_RULE, K_HEADER, K_VERDICT_LINE, K_TALLY,
    K_UNIQUE,
    K_SMALLEST, K_WORD_UNIQUE, K_WORD_MULTIPLE, K_WORD_UNSOLVABLE, K_WORD_CONFLICT, K_WORD_CASE,
    K_KINDS, K_MAX_CASES, K_BLANKS, K_SIDES, K_GIVENS, K_TRAILING_SPACES,
    K_COUNT_
} key_id;

typedef struct key_info {
    const char *name;
    key_type type;
    const char *const *names; /* T_NAME: the allowed values */
    const char *help;         /* what the key says, for docs/profiles.md and messages */
} key_info;

/* In the order a written profile has them: the catalogue, the input, the output, the promises. */
static const key_info keys[K_COUNT_] = {
    [K_ID] = {"id", T_TEXT, NULL, "the problem's id: judge short name + number, lower case"},
    [K_ALIASES] = {"aliases", T_ALIASES, NULL, "ids of the same statement on other judges"},
    [K_TITLE] = {"title", T_TEXT, NULL, "the statement's title"},
    [K_URL] = {"url", T_TEXT, NULL, "where the statement was read"},
    [K_SUMMARY] = {"summary", T_TEXT, NULL, "one line for `ojdoku formats`"},
    [K_TASK] = {"task", T_NAME, task_names, "what the problem asks of each case"},
    [K_METHOD] = {"method", T_NAME, method_names, "what the engine does with a case"},
    [K_GRAMMAR] = {"grammar", T_NAME, grammar_names, "how the input writes a grid"},
    [K_SIDE] = {"side", T_SIDE, NULL, "the side every grid of the input has, or any"},
    [K_COUNT_LINE] = {"count-line", T_NAME, count_names, "a line with the number of cases"},
    [K_SIZE_PREFIX] = {"size-prefix", T_BOOL, NULL, "each case opens with its box size n"},
    [K_TERMINATOR] = {"terminator", T_BOOL, NULL, "a line \"end\" may end the input"},
    [K_SEPARATOR] = {"separator", T_NAME, separator_names, "what stands between input cases"},
    [K_SEPARATOR_FIRST] = {"separator-first", T_BOOL, NULL,
                           "the separator stands before the first case too"},
    [K_BLANK] = {"blank", T_CHAR, NULL, "the input's symbol for an empty cell"},
    [K_WALLS] = {"walls", T_BOOL, NULL, "cells carry their region's wall bits (a jigsaw)"},
    [K_FRAME] = {"frame", T_BOOL, NULL,
                 "packed rows drawn with '|' between boxes, '+---+' lines around the bands"},
    [K_LETTERS] = {"letters", T_BOOL, NULL, "values written as letters A=1, B=2, ..."},
    [K_SYMBOLS] = {"symbols", T_TEXT, NULL,
                   "the values' characters in order: 123456789ABCDEFG (A=10) is the one read"},
    [K_VALUES] = {"values", T_RANGE, NULL,
                  "any integer in a cell, one outside 1..side the no verdict: MIN..MAX or any"},
    [K_VARIANT] = {"variant", T_VARIANT, NULL,
                   "extra units: x, windoku, jigsaw, killer (or several)"},
    [K_INPUT_HEADER] = {"input-header", T_TEMPLATE, NULL, "a line before each input case"},
    [K_STYLE] = {"style", T_NAME, style_names, "how an answer is written"},
    [K_FRAMING] = {"framing", T_NAME, framing_names, "where the output separator stands"},
    [K_OUTPUT_SEPARATOR] = {"output-separator", T_NAME, separator_names,
                            "what separates answers"},
    [K_BAND_RULE] = {"band-rule", T_NAME, rule_names,
                     "style pretty: the line between bands, ------+------ or all dashes"},
    [K_HEADER] = {"header", T_TEMPLATE, NULL, "a line before each answer"},
    [K_VERDICT_LINE] = {"verdict-line", T_TEMPLATE, NULL, "style verdict: the line per case"},
    [K_TALLY] = {"tally", T_TEMPLATE, NULL, "task count: the line with the number"},
    [K_UNIQUE] = {"unique", T_BOOL, NULL, "the answer must be unique: look for two solutions"},
    [K_SMALLEST] = {"smallest", T_BOOL, NULL, "answer the lexicographically smallest solution"},
    [K_WORD_UNIQUE] = {"word-unique", T_TEMPLATE, NULL, "the word for one solution"},
    [K_WORD_MULTIPLE] = {"word-multiple", T_TEMPLATE, NULL, "the word for several solutions"},
    [K_WORD_UNSOLVABLE] = {"word-unsolvable", T_TEMPLATE, NULL, "the word for no solution"},
    [K_WORD_CONFLICT] = {"word-conflict", T_TEMPLATE, NULL, "the word for a repeated given"},
    [K_WORD_CASE] = {"word-case", T_NAME, case_names,
                     "how the judge compares the words: sensitive, or insensitive (any case)"},
    [K_KINDS] = {"kinds", T_KINDS, NULL, "the kinds of case the input may hold"},
    [K_MAX_CASES] = {"max-cases", T_NUMBER, NULL, "the most cases one input holds"},
    [K_BLANKS] = {"blanks", T_BLANKS, NULL, "the blanks every case has: a number, any, none"},
    [K_SIDES] = {"sides", T_SIDES, NULL, "with side = any: the sides the statement allows"},
    [K_TRAILING_SPACES] = {"trailing-spaces", T_BOOL, NULL,
                           "the input's lines may end in spaces (the official data's do)"},
    [K_GIVENS] = {"givens", T_RANGE, NULL, "the givens every case has: MIN..MAX, MIN.. or ..MAX"},
};

const char *ojd_profile_key(int k, const char **help)
{
    bool known = k >= 0 && k < K_COUNT_;
    if (help)
        *help = known ? keys[k].help : NULL;
    return known ? keys[k].name : NULL;
}

/* ---- names: "did you mean" ------------------------------------------------------------------ */

/* The edits that make a into b, each at most 63 bytes (longer: a large distance): inserting,
 * deleting or changing one character, or swapping two neighbours ("hud1426", "lnie"), one each
 * (Levenshtein's distance with transpositions, the optimal string alignment). */
int ojd_name_distance(const char *a, size_t an, const char *b)
{
    size_t bn = strlen(b);
    if (an > 63 || bn > 63)
        return 1 << 20;
    /* three rows of the table: the one before the last for a swap */
    int rows[3][64];
    for (size_t j = 0; j <= bn; j++)
        rows[0][j] = (int)j;
    for (size_t i = 1; i <= an; i++) {
        int *d = rows[i % 3], *up = rows[(i - 1) % 3], *up2 = rows[(i + 1) % 3];
        d[0] = (int)i;
        for (size_t j = 1; j <= bn; j++) {
            int best = up[j - 1] + (a[i - 1] != b[j - 1]);
            if (up[j] + 1 < best)
                best = up[j] + 1;
            if (d[j - 1] + 1 < best)
                best = d[j - 1] + 1;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
                up2[j - 2] + 1 < best)
                best = up2[j - 2] + 1;
            d[j] = best;
        }
    }
    return rows[an % 3][bn];
}

/* ---- the parser ------------------------------------------------------------------------------ */

typedef struct parser {
    ojd_profile_report report;
    void *context;
    int errors;
    int line;                  /* the line being read, from 1 */
    int key_line[K_COUNT_];    /* the line each key was given on; 0 = not given */
    ojd_profile *f;
    char *arena;               /* the file's copy, values cut out of it in place */
} parser;

static void mistake(parser *p, int line, const char *fmt, ...) OJD_PRINTF(3, 4);
static void mistake(parser *p, int line, const char *fmt, ...)
{
    char message[320];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(message, sizeof message, fmt, ap);
    va_end(ap);
    p->errors++;
    if (p->report)
        p->report(p->context, line, message);
}

/* The names of a list joined for a message: "a, b or c". */
static const char *name_list(const char *const *names, char *buf, size_t size)
{
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; names[i] && len < size; i++) {
        const char *sep = i == 0 ? "" : names[i + 1] ? ", " : " or ";
        int n = snprintf(buf + len, size - len, "%s%s", sep, names[i]);
        if (n < 0)
            break;
        len += (size_t)n;
    }
    return buf;
}

static const char *nearest_name(const char *typed, const char *const *names)
{
    /* a third of the length, rounded up: "uniq" is near "unique" */
    int best = ((int)strlen(typed) + 2) / 3 + 1;
    const char *nearest = NULL;
    for (int i = 0; names[i]; i++) {
        int d = ojd_name_distance(typed, strlen(typed), names[i]);
        if (d < best)
            best = d, nearest = names[i];
    }
    return nearest;
}

static int find_name(const char *value, const char *const *names)
{
    for (int i = 0; names[i]; i++)
        if (strcmp(value, names[i]) == 0)
            return i;
    return -1;
}

/* Says that value is not one of names, with the nearest one: the message of every key whose
 * value is a name or a list of names. */
static void bad_name(parser *p, key_id k, const char *value, const char *const *names)
{
    char list[200], hint[80] = "";
    const char *near = nearest_name(value, names);
    if (near)
        snprintf(hint, sizeof hint, " (did you mean '%s'?)", near);
    mistake(p, p->line, "%s: '%s' is not %s%s%s", keys[k].name, value, names[2] ? "one of " : "",
            name_list(names, list, sizeof list), hint);
}

/* A whole number from 0 to max, all digits; false for anything else. */
static bool whole_number(const char *s, unsigned long max, unsigned long *out)
{
    unsigned long n = 0;
    if (!*s)
        return false;
    for (; *s; s++) {
        if (!isdigit((unsigned char)*s) || n > (max - (unsigned long)(*s - '0')) / 10)
            return false;
        n = n * 10 + (unsigned long)(*s - '0');
    }
    *out = n;
    return true;
}

static bool side_value(const char *s, int *side)
{
    unsigned long n;
    int r, c;
    if (!whole_number(s, OJD_MAX_SIDE, &n) || !ojd_shape_of_side((int)n, &r, &c))
        return false;
    *side = (int)n;
    return true;
}

/* Every {...} of a template is one the writer knows. */
static bool template_ok(parser *p, key_id k, const char *t)
{
    static const char *const known[] = {"{case}", "{case:02}", "{word}", "{label}", "{count}",
                                        NULL};
    for (const char *open = strchr(t, '{'); open; open = strchr(open + 1, '{')) {
        int i;
        for (i = 0; known[i] && strncmp(open, known[i], strlen(known[i])) != 0; i++)
            ;
        if (!known[i]) {
            const char *close = strchr(open, '}');
            int len = close ? (int)(close - open + 1) : (int)strlen(open);
            mistake(p, p->line,
                 "%s: unknown placeholder '%.*s' (known: {case}, {case:02}, {word}, {label}, "
                 "{count})",
                 keys[k].name, len > 40 ? 40 : len, open);
            return false;
        }
    }
    return true;
}

static void set_aliases(parser *p, char *value)
{
    int n = 0;
    for (char *tok = strtok(value, " \t,"); tok; tok = strtok(NULL, " \t,")) {
        if (n == OJD_MAX_ALIASES) {
            mistake(p, p->line, "aliases: at most %d ids", OJD_MAX_ALIASES);
            return;
        }
        p->f->aliases[n++] = tok;
    }
}

static void set_kinds(parser *p, char *value)
{
    unsigned kinds = 0;
    if (strcmp(value, "all") == 0) {
        p->f->kinds = OJD_KINDS_ALL;
        return;
    }
    /* the kinds, then "all" (which only stands alone), for the message */
    const char *names[OJD_OUTCOME_COUNT_ + 2];
    profile_kind_names(names);
    for (char *tok = strtok(value, " \t,"); tok; tok = strtok(NULL, " \t,")) {
        int k = find_name(tok, names);
        if (k < 0) {
            names[OJD_OUTCOME_COUNT_] = "all";
            names[OJD_OUTCOME_COUNT_ + 1] = NULL;
            bad_name(p, K_KINDS, tok, names);
            return;
        }
        kinds |= OJD_KIND_BIT(k);
    }
    p->f->kinds = kinds;
}

static void set_variant(parser *p, char *value)
{
    unsigned units = 0;
    for (char *tok = strtok(value, " \t,"); tok; tok = strtok(NULL, " \t,")) {
        int v = find_name(tok, variant_names);
        if (v < 0) {
            bad_name(p, K_VARIANT, tok, variant_names);
            return;
        }
        units |= 1u << v;
    }
    p->f->units = units;
}

static void set_sides(parser *p, char *value)
{
    char *dots = strstr(value, "..");
    int lo, hi;
    if (dots)
        *dots = '\0';
    if (!side_value(value, &lo) || !side_value(dots ? dots + 2 : value, &hi) || lo > hi) {
        mistake(p, p->line, "sides: want a side or MIN..MAX (sides such as 4, 6, 9, 16, up to %d), "
                         "smallest first",
             OJD_MAX_SIDE);
        return;
    }
    p->f->min_side = lo;
    p->f->max_side = hi;
}

/* Key symbols: the one alphabet besides letters (A = 1) that the reader and the writer know,
 * digits then letters (A = 10, HDU 3909), written out as far as the statement's largest value
 * (123456789ABCDEFG), so that the file says the characters rather than naming a scheme. */
static void set_symbols(parser *p, const char *value)
{
    static const char digits_first[] = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    size_t n = strlen(value);
    if (n < 10 || strncmp(value, digits_first, n) != 0)
        mistake(p, p->line, "symbols: '%s' is not 1 to 9 then A, B, ... (at least 123456789A); "
                            "for A = 1 write letters = yes", value);
    else
        p->f->digits_first = true;
}

/* values = MIN..MAX or any: the numbers a cell may hold, the statement's bound (Kick Start's
 * "positive and less than 1000": 1..999); MIN at most 1, MAX at least 1, so that the grid's own
 * values are in it. */
static void set_values(parser *p, char *value)
{
    unsigned long lo = 0, hi = 0;
    char *dots = strstr(value, "..");
    p->f->any_values = true;
    if (strcmp(value, "any") == 0)
        return;
    if (dots)
        *dots = '\0';
    if (!dots || !whole_number(value, 1000000000UL, &lo) ||
        !whole_number(dots + 2, 1000000000UL, &hi) || lo > 1 || hi < 1) {
        p->f->any_values = false;
        mistake(p, p->line, "values: want MIN..MAX (MIN 0 or 1, MAX up to 1000000000) or any");
        return;
    }
    p->f->min_value = (long)lo;
    p->f->max_value = (long)hi;
}

/* givens = MIN..MAX, MIN.. or ..MAX (or one number: exactly that many). */
static void set_givens(parser *p, char *value)
{
    char *dots = strstr(value, "..");
    unsigned long lo = 0, hi = 0;
    bool ok = true;
    if (dots) {
        *dots = '\0';
        ok = (!*value || whole_number(value, OJD_MAX_CELLS, &lo)) &&
             (!dots[2] || whole_number(dots + 2, OJD_MAX_CELLS, &hi)) && (*value || dots[2]);
    } else {
        ok = whole_number(value, OJD_MAX_CELLS, &lo);
        hi = lo;
    }
    if (!ok || (hi && lo > hi)) {
        mistake(p, p->line, "givens: want MIN..MAX, MIN.. or ..MAX (numbers of givens up to %d, "
                            "smallest first)", OJD_MAX_CELLS);
        return;
    }
    p->f->min_givens = (int)lo;
    p->f->max_givens = (int)hi;
}

/* Sets key k from its (unquoted, trimmed) value. */
static void apply(parser *p, key_id k, char *value)
{
    ojd_profile *f = p->f;
    const key_info *key = &keys[k];
    unsigned long n;
    int i = 0;
    if (key->type == T_NAME && (i = find_name(value, key->names)) < 0) {
        bad_name(p, k, value, key->names);
        return;
    }
    if (key->type == T_BOOL && (i = find_name(value, bool_names)) < 0) {
        bad_name(p, k, value, bool_names);
        return;
    }
    if (key->type == T_TEMPLATE && !template_ok(p, k, value))
        return;
    switch (k) {
    case K_ID:
        for (const char *c = value; *c; c++)
            if (!islower((unsigned char)*c) && !isdigit((unsigned char)*c)) {
                mistake(p, p->line, "id: '%s' has '%c': an id is lower-case letters and digits",
                     value, *c);
                return;
            }
        f->name = value;
        break;
    case K_ALIASES: set_aliases(p, value); break;
    case K_TITLE: f->title = value; break;
    case K_URL: f->url = value; break;
    case K_SUMMARY: f->summary = value; break;
    case K_TASK: f->task = (ojd_task)i; break;
    case K_METHOD: f->method = (ojd_method)i; break;
    case K_GRAMMAR: f->grammar = (ojd_grammar)i; break;
    case K_SIDE:
        if (strcmp(value, "any") == 0)
            f->side = 0;
        else if (!side_value(value, &f->side))
            mistake(p, p->line, "side: '%s' is not a side (4, 6, 9, 16, ... up to %d) or any", value,
                 OJD_MAX_SIDE);
        break;
    case K_COUNT_LINE: f->count_line = i == 2 ? -1 : i; break;
    case K_SIZE_PREFIX: f->size_prefix = i; break;
    case K_TERMINATOR: f->terminator = i; break;
    case K_SEPARATOR: f->in_separator = (ojd_separator)i; break;
    case K_SEPARATOR_FIRST: f->in_separator_first = i; break;
    case K_BLANK:
        if (strlen(value) != 1 || !isgraph((unsigned char)value[0]) ||
            (value[0] >= '1' && value[0] <= '9'))
            mistake(p, p->line, "blank: want one character that is no value ('0', '.', '?', '-', "
                             "...), not '%s'", value);
        else
            f->blank = value[0];
        break;
    case K_WALLS: f->walls = i; break;
    case K_FRAME: f->frame = i; break;
    case K_LETTERS: f->letters = i; break;
    case K_SYMBOLS: set_symbols(p, value); break;
    case K_VALUES: set_values(p, value); break;
    case K_VARIANT: set_variant(p, value); break;
    case K_INPUT_HEADER: f->in_header = value; break;
    case K_STYLE: f->style = (ojd_style)i; break;
    case K_FRAMING: f->framing = (ojd_framing)i; break;
    case K_OUTPUT_SEPARATOR: f->out_separator = (ojd_separator)i; break;
    case K_BAND_RULE: f->rule_dashes = i; break;
    case K_HEADER: f->header = value; break;
    case K_VERDICT_LINE: f->verdict_line = value; break;
    case K_TALLY: f->tally = value; break;
    case K_UNIQUE: f->unique = i; break;
    case K_SMALLEST: f->lexmin = i; break;
    case K_WORD_UNIQUE: case K_WORD_MULTIPLE: case K_WORD_UNSOLVABLE: case K_WORD_CONFLICT:
        f->words[k - K_WORD_UNIQUE] = value;
        break;
    case K_WORD_CASE: f->words_any_case = i == 1; break;
    case K_KINDS: set_kinds(p, value); break;
    case K_MAX_CASES:
        if (strcmp(value, "any") == 0)
            f->max_cases = 0;
        else if (!whole_number(value, 1000000000UL, &n) || n == 0)
            mistake(p, p->line, "max-cases: want a number from 1 to 1000000000, or any; not '%s'",
                 value);
        else
            f->max_cases = n;
        break;
    case K_BLANKS:
        if (strcmp(value, "any") == 0)
            f->blanks = 0;
        else if (strcmp(value, "none") == 0)
            f->blanks = OJD_NO_BLANKS;
        else if (!whole_number(value, OJD_MAX_CELLS, &n) || n == 0)
            mistake(p, p->line, "blanks: want a number of blanks from 1, any, or none (complete "
                             "grids); not '%s'", value);
        else
            f->blanks = (int)n;
        break;
    case K_SIDES: set_sides(p, value); break;
    case K_GIVENS: set_givens(p, value); break;
    case K_TRAILING_SPACES: f->trailing_spaces = i; break;
    case K_COUNT_: break;
    }
}

/* Cuts a quoted value out in place ("..." with \" and \\): its end, or NULL after a failure. */
static char *unquote(parser *p, char *s)
{
    char *out = s;
    for (char *in = s + 1; *in; in++) {
        if (*in == '"') {
            for (char *rest = in + 1; *rest; rest++)
                if (!isspace((unsigned char)*rest)) {
                    mistake(p, p->line, "text after the closing quote");
                    return NULL;
                }
            *out = '\0';
            return out;
        }
        if (*in == '\\' && (in[1] == '"' || in[1] == '\\'))
            in++;
        *out++ = *in;
    }
    mistake(p, p->line, "a quoted value has no closing quote");
    return NULL;
}

static key_id find_key(const char *name)
{
    for (int k = 0; k < K_COUNT_; k++)
        if (strcmp(name, keys[k].name) == 0)
            return (key_id)k;
    return K_COUNT_;
}

static void unknown_key(parser *p, const char *name)
{
    const char *names[K_COUNT_ + 1];
    for (int k = 0; k < K_COUNT_; k++)
        names[k] = keys[k].name;
    names[K_COUNT_] = NULL;
    const char *near = nearest_name(name, names);
    if (near)
        mistake(p, p->line, "unknown key '%s' (did you mean '%s'?)", name, near);
    else
        mistake(p, p->line, "unknown key '%s' (docs/profiles.md lists the keys; "
                         "`ojdoku formats --keys` too)", name);
}

/* One line, NUL-terminated in place (no newline). */
static void parse_line(parser *p, char *line)
{
    while (isspace((unsigned char)*line))
        line++;
    if (!*line || *line == '#')
        return;
    char *eq = strchr(line, '=');
    if (!eq) {
        mistake(p, p->line, "expected 'key = value', found no '='");
        return;
    }
    char *end = eq;
    while (end > line && isspace((unsigned char)end[-1]))
        end--;
    *end = '\0';
    char *value = eq + 1;
    while (isspace((unsigned char)*value))
        value++;
    char *stop = value + strlen(value);
    while (stop > value && isspace((unsigned char)stop[-1]))
        stop--;
    *stop = '\0';
    key_id k = find_key(line);
    if (k == K_COUNT_) {
        unknown_key(p, line);
        return;
    }
    if (p->key_line[k]) {
        mistake(p, p->line, "%s: given twice (first on line %d)", keys[k].name, p->key_line[k]);
        return;
    }
    p->key_line[k] = p->line;
    bool quoted = *value == '"';
    if (quoted && !unquote(p, value))
        return;
    /* an empty unquoted value leaves a text unset; "" sets it to the empty text */
    if (!*value && !quoted) {
        if (keys[k].type != T_TEXT && keys[k].type != T_TEMPLATE && keys[k].type != T_ALIASES)
            mistake(p, p->line, "%s: no value", keys[k].name);
        return;
    }
    apply(p, k, value);
}

/* values: any integer is read, and one outside 1..side is a validity task's no (word-conflict),
 * so the grammar must write numbers (spaced, without wall bits) and the task must have a no. */
static void values_contradictions(parser *p, const ojd_profile *f, const int *at)
{
    if (!f->any_values)
        return;
    int largest = f->side ? f->side : f->max_side;
    if (f->task != OJD_TASK_VALIDITY)
        mistake(p, at[K_VALUES], "values: a number outside 1..side is the no verdict of task "
                                 "validity; task is %s", task_names[f->task]);
    else if (f->grammar != OJD_GRAMMAR_SPACED || f->walls || f->letters)
        mistake(p, at[K_VALUES], "values: only grammar spaced (no walls, no letters) writes a cell "
                                 "as a number of any width");
    else if (f->max_value && largest > f->max_value)
        mistake(p, at[K_VALUES], "values: %ld..%ld leaves out the values of a %dx%d grid",
                f->min_value, f->max_value, largest, largest);
}

/* The contradictions a profile may have, each named with the line of the key it is about. */
static void check_rules(parser *p)
{
    ojd_profile *f = p->f;
    const int *at = p->key_line;
    if (!f->name || !*f->name)
        mistake(p, 0, "no id (add a line 'id = judge + number', e.g. 'id = poj2676')");
    bool verdict = f->style == OJD_STYLE_VERDICT;
    bool any_word = false;
    for (int o = 0; o < OJD_OUTCOME_COUNT_; o++)
        any_word |= f->words[o] != NULL;
    if (f->words_any_case && !any_word)
        mistake(p, at[K_WORD_CASE], "word-case: no word-unique, word-multiple, word-unsolvable "
                                    "or word-conflict to compare");
    if (verdict && !any_word)
        mistake(p, at[K_STYLE], "style verdict: no word-unique, word-multiple, word-unsolvable or "
                             "word-conflict to write");
    if ((f->task == OJD_TASK_CLASSIFY || f->task == OJD_TASK_VALIDITY) && !verdict)
        mistake(p, at[K_TASK], "task %s: answers are words, so style must be verdict",
             task_names[f->task]);
    if (f->verdict_line && !verdict)
        mistake(p, at[K_VERDICT_LINE], "verdict-line: only style verdict writes it");
    if (f->tally && f->task != OJD_TASK_COUNT && f->task != OJD_TASK_ALL)
        mistake(p, at[K_TALLY], "tally: only tasks count and all write it");
    /* task all writes every solution as a grid, and only a search lists them */
    if (f->task == OJD_TASK_ALL &&
        ((1u << f->style) & (1u << OJD_STYLE_VERDICT | 1u << OJD_STYLE_SUM |
                             1u << OJD_STYLE_JSON | 1u << OJD_STYLE_SVG) ||
         f->method || f->unique || f->lexmin || f->words[OJD_OUTCOME_SOLVED] ||
         f->words[OJD_OUTCOME_MULTIPLE]))
        mistake(p, at[K_TASK], "task all: every solution is a grid (no verdict, sum, json or "
                               "svg style, no word-unique, word-multiple, unique, smallest or "
                               "method)");
    if ((f->framing == OJD_FRAME_BETWEEN || f->framing == OJD_FRAME_AFTER) && !f->out_separator)
        mistake(p, at[K_FRAMING], "framing %s: no output-separator (blank or dashes) to write",
             framing_names[f->framing]);
    if (f->out_separator && (f->framing == OJD_FRAME_NONE || f->framing == OJD_FRAME_MIRROR))
        mistake(p, at[K_OUTPUT_SEPARATOR], "output-separator: framing %s writes none (between or "
                                        "after)", framing_names[f->framing]);
    if (f->rule_dashes && f->style != OJD_STYLE_PRETTY)
        mistake(p, at[K_BAND_RULE], "band-rule: only style pretty draws rules between bands");
    if (f->in_separator_first && !f->in_separator)
        mistake(p, at[K_SEPARATOR_FIRST], "separator-first: no separator is set");
    if (f->size_prefix && f->grammar != OJD_GRAMMAR_SPACED && f->grammar != OJD_GRAMMAR_PACKED)
        mistake(p, at[K_SIZE_PREFIX], "size-prefix: the %s grammar cannot read a box size line "
                                   "(spaced or packed can)", grammar_names[f->grammar]);
    if (f->size_prefix && f->side)
        mistake(p, at[K_SIZE_PREFIX], "size-prefix: side is %d; a box size line is for side = any",
             f->side);
    if ((f->units & OJD_UNITS_WINDOKU) && f->side && f->side != 9)
        mistake(p, at[K_VARIANT], "variant windoku: its windows are 9x9's; side is %d", f->side);
    if (f->digits_first && f->letters)
        mistake(p, at[K_SYMBOLS], "symbols: letters = yes makes A = 1; symbols 123456789A... "
                                  "make A = 10; give one of the two");
    else if (f->digits_first && f->grammar != OJD_GRAMMAR_PACKED &&
             f->grammar != OJD_GRAMMAR_LINE)
        mistake(p, at[K_SYMBOLS], "symbols: only grammar packed or line writes a cell as one "
                                  "character");
    if (f->walls && f->grammar != OJD_GRAMMAR_SPACED)
        mistake(p, at[K_WALLS], "walls: wall bits are numbers, so grammar must be spaced");
    if (f->frame && f->grammar != OJD_GRAMMAR_PACKED)
        mistake(p, at[K_FRAME], "frame: only grammar packed draws its rows between '|' rules");
    else if (f->frame && (f->units & OJD_UNITS_KILLER))
        mistake(p, at[K_FRAME], "frame: a killer's packed rows carry cage ids; a frame has no "
                                "room for them");
    values_contradictions(p, f, at);
    if (f->blanks && (f->min_givens || f->max_givens))
        mistake(p, at[K_GIVENS], "givens: blanks fixes them already; give one of the two");
    if (f->side && (f->min_side || f->max_side))
        mistake(p, at[K_SIDES], "sides: side is %d already; sides is for side = any", f->side);
    if (f->header && strstr(f->header, "{label}") && !f->in_header)
        mistake(p, at[K_HEADER], "header: {label} echoes the input-header, which is not set");
    int auto_line = at[K_GRAMMAR] ? at[K_GRAMMAR]
                    : at[K_INPUT_HEADER] ? at[K_INPUT_HEADER]
                    : at[K_SIZE_PREFIX]  ? at[K_SIZE_PREFIX]
                                         : at[K_WALLS];
    if (f->grammar == OJD_GRAMMAR_AUTO && (f->in_header || f->size_prefix || f->walls))
        mistake(p, auto_line, "grammar auto reads any grammar; input-header, size-prefix and "
                               "walls need a grammar of their own");
    if (f->style == OJD_STYLE_SUM && f->task != OJD_TASK_SOLVE && f->task != OJD_TASK_SUM)
        mistake(p, at[K_STYLE], "style sum: only task sum (or solve) writes one number");
    if (f->task == OJD_TASK_SUM && f->style != OJD_STYLE_SUM)
        mistake(p, at[K_TASK], "task sum: style must be sum");
}

ojd_profile *ojd_profile_parse(const char *text, size_t length, ojd_profile_report report,
                               void *context)
{
    parser p = {.report = report, .context = context};
    ojd_profile *f = calloc(1, sizeof *f);
    char *arena = malloc(length + 1);
    if (!f || !arena) {
        free(f);
        free(arena);
        if (report)
            report(context, 0, "out of memory");
        return NULL;
    }
    if (length)
        memcpy(arena, text, length);
    arena[length] = '\0';
    f->arena = arena;
    p.f = f;
    char *line = arena;
    for (p.line = 1; line; p.line++) {
        char *nl = memchr(line, '\n', (size_t)(arena + length - line));
        if (nl)
            *nl = '\0';
        size_t len = strlen(line);
        if (line + len != (nl ? nl : arena + length)) {
            mistake(&p, p.line, "a NUL byte: a profile is text");
            break;
        }
        if (len && line[len - 1] == '\r')
            line[len - 1] = '\0';
        parse_line(&p, line);
        line = nl ? nl + 1 : NULL;
    }
    if (!p.errors)
        check_rules(&p);
    if (!f->summary)
        f->summary = f->title ? f->title : "";
    if (p.errors) {
        ojd_profile_free(f);
        return NULL;
    }
    return f;
}

void ojd_profile_free(ojd_profile *format)
{
    /* a built-in has no arena: it is static, and freeing it is a no-op */
    if (!format || !format->arena)
        return;
    free(format->arena);
    free(format);
}

/* ---- the writer ------------------------------------------------------------------------------ */

typedef struct out {
    char *buf;
    size_t size, len;
} out;

static void put(out *o, const char *fmt, ...) OJD_PRINTF(2, 3);
static void put(out *o, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    size_t room = o->len < o->size ? o->size - o->len : 0;
    int n = vsnprintf(room ? o->buf + o->len : NULL, room, fmt, ap);
    va_end(ap);
    if (n > 0)
        o->len += (size_t)n;
}

/* A text value, quoted where the bare text would not read back the same. */
static void put_text(out *o, key_id k, const char *value)
{
    if (!value)
        return;
    size_t n = strlen(value);
    bool quote = n == 0 || isspace((unsigned char)value[0]) ||
                 isspace((unsigned char)value[n - 1]) || value[0] == '"';
    if (!quote) {
        put(o, "%s = %s\n", keys[k].name, value);
        return;
    }
    put(o, "%s = \"", keys[k].name);
    for (const char *c = value; *c; c++)
        put(o, "%s%c", *c == '"' || *c == '\\' ? "\\" : "", *c);
    put(o, "\"\n");
}

static const char *name_of(const char *const *names, int i) { return names[i]; }

static void put_promises(out *o, const ojd_profile *f)
{
    unsigned kinds = f->kinds;
    const char *names[OJD_OUTCOME_COUNT_ + 1];
    profile_kind_names(names);
    if (kinds == OJD_KINDS_ALL) {
        put(o, "kinds = all\n");
    } else if (kinds) {
        put(o, "kinds =");
        for (int k = 0; k < OJD_OUTCOME_COUNT_; k++)
            if (kinds & OJD_KIND_BIT(k))
                put(o, " %s", names[k]);
        put(o, "\n");
    }
    if (f->max_cases)
        put(o, "max-cases = %lu\n", f->max_cases);
    if (f->blanks == OJD_NO_BLANKS)
        put(o, "blanks = none\n");
    else if (f->blanks)
        put(o, "blanks = %d\n", f->blanks);
    if (f->min_side && f->min_side == f->max_side)
        put(o, "sides = %d\n", f->min_side);
    else if (f->min_side || f->max_side)
        put(o, "sides = %d..%d\n", f->min_side, f->max_side);
    if (f->min_givens && f->min_givens == f->max_givens)
        put(o, "givens = %d\n", f->min_givens);
    else if (f->min_givens && f->max_givens)
        put(o, "givens = %d..%d\n", f->min_givens, f->max_givens);
    else if (f->min_givens)
        put(o, "givens = %d..\n", f->min_givens);
    else if (f->max_givens)
        put(o, "givens = ..%d\n", f->max_givens);
    if (f->trailing_spaces)
        put(o, "trailing-spaces = yes\n");
}

size_t ojd_profile_write(const ojd_profile *f, char *buf, size_t size)
{
    out o = {buf, size, 0};
    if (size)
        buf[0] = '\0';
    if (!f)
        return 0;
    put_text(&o, K_ID, f->name);
    if (f->aliases[0]) {
        put(&o, "aliases =");
        for (int k = 0; k < OJD_MAX_ALIASES && f->aliases[k]; k++)
            put(&o, " %s", f->aliases[k]);
        put(&o, "\n");
    }
    put_text(&o, K_TITLE, f->title);
    put_text(&o, K_URL, f->url);
    put_text(&o, K_SUMMARY, f->summary);
    put(&o, "task = %s\n", name_of(task_names, f->task));
    if (f->method)
        put(&o, "method = %s\n", name_of(method_names, f->method));
    put(&o, "\n# input\ngrammar = %s\n", name_of(grammar_names, f->grammar));
    if (f->side)
        put(&o, "side = %d\n", f->side);
    else
        put(&o, "side = any\n");
    put(&o, "count-line = %s\n", f->count_line < 0 ? "optional" : f->count_line ? "yes" : "no");
    if (f->size_prefix)
        put(&o, "size-prefix = yes\n");
    if (f->terminator)
        put(&o, "terminator = yes\n");
    if (f->in_separator)
        put(&o, "separator = %s\n", name_of(separator_names, f->in_separator));
    if (f->in_separator_first)
        put(&o, "separator-first = yes\n");
    if (f->blank)
        put(&o, "blank = %c\n", f->blank);
    if (f->walls)
        put(&o, "walls = yes\n");
    if (f->frame)
        put(&o, "frame = yes\n");
    if (f->letters)
        put(&o, "letters = yes\n");
    if (f->digits_first)
        put(&o, "symbols = 123456789ABCDEFG\n");
    if (f->any_values && f->max_value)
        put(&o, "values = %ld..%ld\n", f->min_value, f->max_value);
    else if (f->any_values)
        put(&o, "values = any\n");
    if (f->units) {
        put(&o, "variant =");
        for (int v = 0; variant_names[v]; v++)
            if (f->units & (1u << v))
                put(&o, " %s", variant_names[v]);
        put(&o, "\n");
    }
    put_text(&o, K_INPUT_HEADER, f->in_header);
    put(&o, "\n# output\nstyle = %s\n", name_of(style_names, f->style));
    put(&o, "framing = %s\n", name_of(framing_names, f->framing));
    if (f->out_separator)
        put(&o, "output-separator = %s\n", name_of(separator_names, f->out_separator));
    if (f->rule_dashes)
        put(&o, "band-rule = dashes\n");
    put_text(&o, K_HEADER, f->header);
    put_text(&o, K_VERDICT_LINE, f->verdict_line);
    put_text(&o, K_TALLY, f->tally);
    if (f->unique)
        put(&o, "unique = yes\n");
    if (f->lexmin)
        put(&o, "smallest = yes\n");
    for (int w = 0; w < OJD_OUTCOME_COUNT_; w++)
        put_text(&o, (key_id)(K_WORD_UNIQUE + w), f->words[w]);
    if (f->words_any_case)
        put(&o, "word-case = insensitive\n");
    put(&o, "\n# what the statement promises of its input\n");
    put_promises(&o, f);
    return o.len;
}

/* ---- comparing two profiles (tests, profilec) ------------------------------------------------ */

static bool same_text(const char *a, const char *b)
{
    return a == b || (a && b && strcmp(a, b) == 0);
}

bool ojd_profile_same(const ojd_profile *a, const ojd_profile *b)
{
    bool same = same_text(a->name, b->name) && same_text(a->summary, b->summary) &&
                same_text(a->title, b->title) && same_text(a->url, b->url) &&
                a->task == b->task && a->method == b->method && a->grammar == b->grammar &&
                a->side == b->side && a->count_line == b->count_line &&
                a->size_prefix == b->size_prefix && a->terminator == b->terminator &&
                a->in_separator == b->in_separator &&
                a->in_separator_first == b->in_separator_first && a->blank == b->blank &&
                a->walls == b->walls && a->frame == b->frame && a->letters == b->letters &&
                a->digits_first == b->digits_first && a->units == b->units &&
                a->any_values == b->any_values && a->min_value == b->min_value &&
                a->max_value == b->max_value &&
                a->style == b->style &&
                a->framing == b->framing && a->out_separator == b->out_separator &&
                a->rule_dashes == b->rule_dashes &&
                same_text(a->in_header, b->in_header) && same_text(a->header, b->header) &&
                same_text(a->tally, b->tally) && a->unique == b->unique &&
                a->lexmin == b->lexmin && same_text(a->verdict_line, b->verdict_line) &&
                a->words_any_case == b->words_any_case &&
                a->kinds == b->kinds && a->max_cases == b->max_cases &&
                a->blanks == b->blanks && a->min_side == b->min_side &&
                a->max_side == b->max_side && a->min_givens == b->min_givens &&
                a->max_givens == b->max_givens && a->trailing_spaces == b->trailing_spaces;
    for (int k = 0; same && k <= OJD_MAX_ALIASES; k++)
        same = same_text(a->aliases[k], b->aliases[k]);
    for (int o = 0; same && o < OJD_OUTCOME_COUNT_; o++)
        same = same_text(a->words[o], b->words[o]);
    return same;
}
