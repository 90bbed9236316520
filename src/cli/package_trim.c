/*
 * package_trim.c -- cuts a validator `ojdoku package` writes down to what its main needs, so
 * that it fits the judges' source limits (64 KiB at Codeforces, Polygon, HUSTOJ).  The input is
 * one C translation unit (amalgamation, profile, main); the output is the same unit without
 * comments or blank lines, and without every file-scope item that no kept item names.
 *
 * Model: a small tokenizer cuts the file scope into items (a preprocessor line, a declaration,
 * a function definition, a run of macro invocations); each item declares names and names
 * others.  Kept: `main`, and the closure of the names kept items use (a work list), plus items
 * that are always kept (non-#define directives, `_` macros, renames, invocation runs).  Stubs
 * (cli_package_stubs()) replace functions the profile rules out.
 *
 * Invariant: every misjudgement is safe or loud.  Naming too much only keeps too much; an item
 * whose name is not found is kept; one wrongly left out is a compile error; a stub that runs
 * aborts.  The model in full, and the tests that compile and run every program:
 * docs/package.md, "Inside the trimmer".
 */
#include "cli/package.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

enum { TOK_IDENT, TOK_PUNCT, TOK_OTHER, TOK_DIRECTIVE };

typedef struct token {
    size_t start, end; /* in the comment-free text */
    int kind;
    const char *word; /* an identifier: the name it means (a rename's new name), word_len long */
    size_t word_len;
} token;

typedef struct item {
    size_t first, last; /* tokens first .. last - 1 */
    bool keep, always, invocations, rename;
    bool prefix; /* __attribute__((...)) before a preprocessor line: goes with the next item */
    size_t stub; /* a function whose body is written as a stub: its name's token; else 0 */
    bool assertion; /* _Static_assert: kept where what it names is (keep_assertions()) */
} item;

/* A name: an identifier, its items (those that declare it), whether it is needed. */
typedef struct name {
    char *text;
    size_t *items, n_items, cap_items;
    bool needed;
    bool live; /* prune_directives(): a kept #define of it is in force */
    size_t first_use; /* + 1: the first item that names it and does not declare it; 0: none */
} name;

/* Macro `macro` pastes `affix` before (or, suffix, after) an argument. */
typedef struct paste {
    char *macro, *affix;
    bool suffix;
} paste;

/* #define FROM TO: FROM means TO until #undef FROM (both point into the text). */
typedef struct alias {
    const char *from, *to;
    size_t len, to_len;
} alias;

typedef struct trim {
    char *text; /* the comment-free copy */
    size_t length;
    token *tokens;
    size_t n_tokens, cap_tokens;
    item *items;
    size_t n_items, cap_items;
    name *names;
    size_t n_names, cap_names;
    size_t *slots; /* the names by their hash (see intern()) */
    size_t cap_slots;
    paste *pastes; /* what the macros paste */
    size_t n_pastes, cap_pastes;
    size_t *work;
    size_t n_work, cap_work;
    alias *renames; /* the renames in force */
    size_t n_renames, cap_renames;
    size_t n_declared; /* declarations met so far */
    const char *const *stubs; /* the functions written as stubs (cli_package_stubs()) */
    size_t using;             /* + 1: the item keep() reads, whose names are uses (note_use()) */
    bool failed;       /* no memory */
} trim;

static bool grow(void *array, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap)
        return true;
    size_t cap2 = *cap ? *cap * 2 : 64;
    while (cap2 < need)
        cap2 *= 2;
    void *p = realloc(*(void **)array, cap2 * size);
    if (!p)
        return false;
    *(void **)array = p;
    *cap = cap2;
    return true;
}

/* ---- the comment-free copy and its tokens ------------------------------------------------ */

/* Copies in to t->text without comments.  A comment becomes a space, or its newlines (so a
 * preprocessor line still ends where it ended); strings and character constants are kept. */
static bool strip_comments(trim *t, const char *in, size_t n)
{
    char *out = malloc(n + 1);
    if (!out)
        return false;
    size_t o = 0;
    for (size_t i = 0; i < n;) {
        if (in[i] == '/' && i + 1 < n && in[i + 1] == '*') {
            size_t j = i + 2, lines = 0;
            while (j + 1 < n && !(in[j] == '*' && in[j + 1] == '/'))
                lines += in[j++] == '\n';
            i = j + 2 > n ? n : j + 2;
            if (lines == 0)
                out[o++] = ' ';
            while (lines--)
                out[o++] = '\n';
        } else if (in[i] == '/' && i + 1 < n && in[i + 1] == '/') {
            while (i < n && in[i] != '\n')
                i++;
        } else if (in[i] == '"' || in[i] == '\'') {
            char quote = in[i];
            out[o++] = in[i++];
            while (i < n && in[i] != quote && in[i] != '\n') {
                if (in[i] == '\\' && i + 1 < n)
                    out[o++] = in[i++];
                out[o++] = in[i++];
            }
            if (i < n && in[i] == quote)
                out[o++] = in[i++];
        } else {
            out[o++] = in[i++];
        }
    }
    out[o] = '\0';
    t->text = out;
    t->length = o;
    return true;
}

static bool is_ident_char(char c) { return isalnum((unsigned char)c) || c == '_'; }

/* Whether stubs names `#` followed by the n characters of s: a macro that is 0 for the program. */
static bool is_zero_macro(const trim *t, const char *s, size_t n)
{
    for (const char *const *z = t->stubs; z && *z; z++)
        if (**z == '#' && strlen(*z + 1) == n && memcmp(*z + 1, s, n) == 0)
            return true;
    return false;
}

/* The directive keyword of line s[0..n) (after `#`, "if", "else", ...) into *word, its length
 * returned (0: not a directive); *rest the text after it. */
static size_t directive_of(const char *s, size_t n, const char **word, const char **rest)
{
    size_t i = 0;
    while (i < n && (s[i] == ' ' || s[i] == '\t'))
        i++;
    if (i == n || s[i] != '#')
        return 0;
    for (i++; i < n && (s[i] == ' ' || s[i] == '\t'); i++)
        ;
    size_t w = i;
    while (i < n && is_ident_char(s[i]))
        i++;
    *word = s + w;
    *rest = s + i;
    return i - w;
}

/* Takes out of t->text each `#if NAME` whose NAME is 0 for the program (is_zero_macro()) with
 * the lines up to its #else or #endif, and that #else and #endif: the program as the compiler
 * would read it where NAME is 0 (the sweeps engine of solver_fast.c, which needs AVX2, on any
 * other host).  Nested conditionals inside are followed by depth; another form is left alone. */
static void cut_zero_conditionals(trim *t)
{
    enum { KEEP, CUT_TRUE, CUT_ELSE };
    int mode[64], depth = 0;
    size_t o = 0;
    bool skipping = false;
    for (size_t i = 0; i < t->length;) {
        const char *line = t->text + i;
        const char *nl = memchr(line, '\n', t->length - i);
        size_t n = nl ? (size_t)(nl - line) + 1 : t->length - i;
        const char *word, *rest;
        size_t w = directive_of(line, n, &word, &rest);
        bool drop = skipping;
        if (w >= 2 && memcmp(word, "if", 2) == 0) {
            size_t r = 0, len = 0;
            while (rest[r] == ' ' || rest[r] == '\t')
                r++;
            while (is_ident_char(rest[r + len]))
                len++;
            const char *after = rest + r + len;
            while (*after == ' ' || *after == '\t' || *after == '\r')
                after++;
            bool zero = !skipping && w == 2 && len && *after == '\n' &&
                        is_zero_macro(t, rest + r, len);
            if (depth < 64)
                mode[depth] = zero ? CUT_TRUE : KEEP;
            depth++;
            drop = drop || zero;
            skipping = skipping || zero;
        } else if (w && depth > 0 && depth <= 64 && mode[depth - 1] != KEEP &&
                   ((w == 4 && memcmp(word, "else", 4) == 0) ||
                    (w == 5 && memcmp(word, "endif", 5) == 0))) {
            drop = true;
            if (word[1] == 'l') {
                mode[depth - 1] = CUT_ELSE;
                skipping = false;
            } else {
                skipping = false;
                depth--;
            }
        } else if (w == 5 && memcmp(word, "endif", 5) == 0 && depth > 0) {
            depth--;
        }
        if (!drop) {
            memmove(t->text + o, line, n);
            o += n;
        }
        i += n;
    }
    t->length = o;
    t->text[o] = '\0';
}

static bool add_token(trim *t, size_t start, size_t end, int kind)
{
    if (!grow(&t->tokens, &t->cap_tokens, t->n_tokens + 1, sizeof *t->tokens))
        return false;
    t->tokens[t->n_tokens++] = (token){start, end, kind, t->text + start, end - start};
    return true;
}

/* The tokens of t->text: identifiers, single punctuation characters ("->" is two), numbers
 * and literals (TOK_OTHER), and each preprocessor line whole, continuations included. */
static bool tokenize(trim *t)
{
    const char *s = t->text;
    bool line_start = true;
    for (size_t i = 0; i < t->length;) {
        char c = s[i];
        if (c == '\n') {
            line_start = true;
            i++;
            continue;
        }
        if (isspace((unsigned char)c)) {
            i++;
            continue;
        }
        size_t start = i;
        int kind = TOK_PUNCT;
        if (c == '#' && line_start) {
            while (i < t->length && !(s[i] == '\n' && s[i - 1] != '\\'))
                i++;
            kind = TOK_DIRECTIVE;
        } else if (isalpha((unsigned char)c) || c == '_') {
            while (i < t->length && is_ident_char(s[i]))
                i++;
            kind = TOK_IDENT;
        } else if (isdigit((unsigned char)c)) {
            while (i < t->length && (is_ident_char(s[i]) || s[i] == '.'))
                i++;
            kind = TOK_OTHER;
        } else if (c == '"' || c == '\'') {
            for (i++; i < t->length && s[i] != c && s[i] != '\n'; i++)
                if (s[i] == '\\')
                    i++;
            i++;
            kind = TOK_OTHER;
        } else {
            i++;
        }
        line_start = false;
        if (!add_token(t, start, i, kind))
            return false;
    }
    return true;
}

static bool tok_is(const trim *t, size_t k, const char *text)
{
    size_t n = strlen(text);
    return k < t->n_tokens && t->tokens[k].end - t->tokens[k].start == n &&
           memcmp(t->text + t->tokens[k].start, text, n) == 0;
}

/* ---- names ---------------------------------------------------------------------------------- */

static uint64_t hash(const char *s, size_t n)
{
    uint64_t h = 1469598103934665603ULL;
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)s[i]) * 1099511628211ULL;
    return h;
}

/* The name spelled s[0..n), made if new; NULL when out of memory.  Names stay where they are
 * (t->names only grows at its end: an index into it stays valid); t->slots, the hash table,
 * holds index + 1, 0 for a free slot. */
static name *intern(trim *t, const char *s, size_t n)
{
    if (t->n_names * 2 >= t->cap_slots) {
        size_t cap = t->cap_slots ? t->cap_slots * 2 : 4096;
        size_t *slots = calloc(cap, sizeof *slots);
        if (!slots)
            return NULL;
        for (size_t i = 0; i < t->n_names; i++) {
            size_t j = hash(t->names[i].text, strlen(t->names[i].text)) & (cap - 1);
            while (slots[j])
                j = (j + 1) & (cap - 1);
            slots[j] = i + 1;
        }
        free(t->slots);
        t->slots = slots;
        t->cap_slots = cap;
    }
    size_t j = hash(s, n) & (t->cap_slots - 1);
    while (t->slots[j]) {
        name *nm = &t->names[t->slots[j] - 1];
        if (strlen(nm->text) == n && memcmp(nm->text, s, n) == 0)
            return nm;
        j = (j + 1) & (t->cap_slots - 1);
    }
    char *copy = strndup(s, n);
    if (!copy || !grow(&t->names, &t->cap_names, t->n_names + 1, sizeof *t->names)) {
        free(copy);
        return NULL;
    }
    t->names[t->n_names] = (name){.text = copy};
    t->slots[j] = ++t->n_names;
    return &t->names[t->n_names - 1];
}

/* Item it declares name s[0..n). */
static void declare(trim *t, size_t it, const char *s, size_t n)
{
    name *nm = intern(t, s, n);
    if (!nm || !grow(&nm->items, &nm->cap_items, nm->n_items + 1, sizeof *nm->items)) {
        t->failed = true;
        return;
    }
    if (nm->n_items == 0 || nm->items[nm->n_items - 1] != it)
        nm->items[nm->n_items++] = it;
    t->n_declared++;
}

static void declare_token(trim *t, size_t it, size_t k)
{
    declare(t, it, t->tokens[k].word, t->tokens[k].word_len);
}

/* Item it names s[0..n): the name's first use is noted unless it declares the name. */
static void note_use(trim *t, size_t it, const char *s, size_t n)
{
    name *nm = intern(t, s, n);
    if (!nm) {
        t->failed = true;
        return;
    }
    if (nm->first_use && nm->first_use <= it + 1)
        return;
    for (size_t i = 0; i < nm->n_items; i++)
        if (nm->items[i] == it)
            return;
    nm->first_use = it + 1;
}

/* Marks s[0..n) needed and queues it, if it was not. */
static void need(trim *t, const char *s, size_t n)
{
    if (t->using)
        note_use(t, t->using - 1, s, n);
    name *nm = intern(t, s, n);
    if (!nm) {
        t->failed = true;
        return;
    }
    if (nm->needed)
        return;
    nm->needed = true;
    if (!grow(&t->work, &t->cap_work, t->n_work + 1, sizeof *t->work)) {
        t->failed = true;
        return;
    }
    t->work[t->n_work++] = (size_t)(nm - t->names);
}

/* ---- items ---------------------------------------------------------------------------------- */

static bool add_item(trim *t, size_t first, size_t last, bool invocations)
{
    if (!grow(&t->items, &t->cap_items, t->n_items + 1, sizeof *t->items))
        return false;
    t->items[t->n_items++] = (item){.first = first, .last = last, .invocations = invocations};
    return true;
}

/* The index of the token after the one that closes the bracket opened at k. */
static size_t skip_group(const trim *t, size_t k, size_t end)
{
    int d = 0;
    for (; k < end; k++) {
        if (tok_is(t, k, "(") || tok_is(t, k, "[") || tok_is(t, k, "{"))
            d++;
        else if ((tok_is(t, k, ")") || tok_is(t, k, "]") || tok_is(t, k, "}")) && --d == 0)
            return k + 1;
    }
    return end;
}

/* Cuts the tokens into items (see the top of the file). */
static bool cut_items(trim *t)
{
    int depth = 0, par = 0;
    size_t first = 0;
    bool body_of_function = false; /* the open brace at depth 0 followed a `)` */
    for (size_t k = 0; k < t->n_tokens; k++) {
        if (t->tokens[k].kind == TOK_DIRECTIVE) {
            if (depth || par)
                continue; /* inside a declaration: part of it */
            if (first < k && !add_item(t, first, k, true))
                return false;
            if (first < k && tok_is(t, first, "__attribute__") &&
                skip_group(t, first + 1, k) == k)
                t->items[t->n_items - 1].prefix = true;
            if (!add_item(t, k, k + 1, false))
                return false;
            first = k + 1;
            continue;
        }
        if (tok_is(t, k, "(")) {
            par++;
        } else if (tok_is(t, k, ")")) {
            par--;
        } else if (tok_is(t, k, "{")) {
            if (depth == 0 && k >= 2 && tok_is(t, k - 2, "extern") &&
                t->tokens[k - 1].kind == TOK_OTHER)
                continue; /* extern "C" { (for C++, under #ifdef): not a scope */
            if (depth++ == 0 && par == 0) {
                body_of_function = k > first && tok_is(t, k - 1, ")");
                for (size_t j = first; j < k && body_of_function; j++)
                    if (tok_is(t, j, "="))
                        body_of_function = false;
            }
        } else if (tok_is(t, k, "}")) {
            if (depth == 0)
                continue; /* the end of extern "C" { */
            if (--depth == 0 && par == 0 && body_of_function) {
                if (!add_item(t, first, k + 1, false))
                    return false;
                first = k + 1;
                body_of_function = false;
            }
        } else if (tok_is(t, k, ";") && depth == 0 && par == 0) {
            if (!add_item(t, first, k + 1, false))
                return false;
            first = k + 1;
        }
    }
    return first >= t->n_tokens || add_item(t, first, t->n_tokens, true);
}

static const char *const keywords[] = {
    "static", "const", "volatile", "typedef", "extern", "unsigned", "signed", "int", "char",
    "long", "short", "void", "float", "double", "struct", "union", "enum", "inline", "restrict",
    "register", "_Bool", "bool", "_Noreturn", "_Thread_local", "_Alignas", "__restrict",
    "__inline", "__extension__", NULL,
};

static bool is_keyword(const trim *t, size_t k)
{
    for (const char *const *w = keywords; *w; w++)
        if (tok_is(t, k, *w))
            return true;
    return false;
}

/* The constants of the enum whose body opens at token k. */
static void declare_enum_constants(trim *t, size_t it, size_t k, size_t end)
{
    size_t close = skip_group(t, k, end);
    bool expect = true;
    for (size_t j = k + 1; j + 1 < close; j++) {
        if (expect && t->tokens[j].kind == TOK_IDENT)
            declare_token(t, it, j);
        expect = false;
        if (tok_is(t, j, "(") || tok_is(t, j, "{") || tok_is(t, j, "["))
            j = skip_group(t, j, close) - 1;
        else if (tok_is(t, j, ","))
            expect = true;
    }
}

/* Whether identifier token k is the name of a function cli_package_stubs() rules out. */
static bool is_stub(const trim *t, size_t k)
{
    const token *tk = &t->tokens[k];
    for (const char *const *s = t->stubs; s && *s; s++) {
        const char *fn = *s + (**s == '~');
        if (strlen(fn) == tk->word_len && memcmp(fn, tk->word, tk->word_len) == 0)
            return true;
    }
    return false;
}

/* The names a declaration or function definition (tokens first .. end - 1) declares. */
static void declare_declarators(trim *t, size_t it, size_t first, size_t end)
{
    size_t last = SIZE_MAX; /* the declarator's last identifier so far */
    bool done = false;      /* this declarator's name is declared */
    for (size_t k = first; k < end; k++) {
        if (t->tokens[k].kind == TOK_IDENT && !is_keyword(t, k)) {
            if (tok_is(t, k, "__attribute__") || tok_is(t, k, "_Static_assert") ||
                tok_is(t, k, "_Alignas")) {
                k = skip_group(t, k + 1, end) - 1;
                continue;
            }
            if (k > first && (tok_is(t, k - 1, "struct") || tok_is(t, k - 1, "union") ||
                              tok_is(t, k - 1, "enum"))) {
                if (tok_is(t, k + 1, "{") || tok_is(t, k + 1, ";"))
                    declare_token(t, it, k);
                continue; /* a tag: not a declarator */
            }
            last = k;
            continue;
        }
        if (tok_is(t, k, "{")) {
            if (k > first && (tok_is(t, k - 1, "enum") || tok_is(t, k - 2, "enum")))
                declare_enum_constants(t, it, k, end);
            size_t close = skip_group(t, k, end);
            if (!done && last != SIZE_MAX && tok_is(t, k - 1, ")")) {
                declare_token(t, it, last); /* a function's body */
                done = true;
            }
            k = close - 1;
        } else if (tok_is(t, k, "(")) {
            if (tok_is(t, k + 1, "*") && !done) { /* (*NAME): a pointer to a function */
                size_t j = k + 1;
                while (j < end && (tok_is(t, j, "*") || is_keyword(t, j)))
                    j++;
                if (j < end && t->tokens[j].kind == TOK_IDENT) {
                    declare_token(t, it, j);
                    done = true;
                }
            } else if (!done && last != SIZE_MAX) {
                declare_token(t, it, last);
                done = true;
                if (tok_is(t, end - 1, "}") && is_stub(t, last))
                    t->items[it].stub = last; /* a function definition's name */
            }
            k = skip_group(t, k, end) - 1;
        } else if (tok_is(t, k, "[") || tok_is(t, k, "=") || tok_is(t, k, ",") ||
                   tok_is(t, k, ";")) {
            if (!done && last != SIZE_MAX)
                declare_token(t, it, last);
            if (tok_is(t, k, "[")) {
                k = skip_group(t, k, end) - 1;
                done = true;
            } else if (tok_is(t, k, "=")) { /* the initializer, to the next declarator */
                while (k + 1 < end && !tok_is(t, k + 1, ",") && !tok_is(t, k + 1, ";"))
                    k = tok_is(t, k + 1, "(") || tok_is(t, k + 1, "{") || tok_is(t, k + 1, "[")
                            ? skip_group(t, k + 1, end) - 1
                            : k + 1;
                done = true;
            } else {
                done = false;
                last = SIZE_MAX;
            }
        }
    }
}

/* Directive token k: its keyword ("define") into word, the text after it at *rest. */
static size_t directive_word(const trim *t, size_t k, const char **rest)
{
    const char *s = t->text + t->tokens[k].start + 1;
    while (*s == ' ' || *s == '\t')
        s++;
    size_t n = 0;
    while (is_ident_char(s[n]))
        n++;
    *rest = s + n;
    return n;
}

/* The pastes of macro macro[0..len) with parameters params[0..params_len) and body
 * body[0..end): `p ## x` and `x ## p` with p an identifier that is not a parameter. */
static void note_pastes(trim *t, const char *macro, size_t len, const char *body,
                        const char *end, const char *params, size_t params_len)
{
    for (const char *p = body; p + 1 < end; p++) {
        if (p[0] != '#' || p[1] != '#')
            continue;
        const char *a = p, *b = p + 2;
        while (a > body && (a[-1] == ' ' || a[-1] == '\t'))
            a--;
        const char *a0 = a;
        while (a0 > body && is_ident_char(a0[-1]))
            a0--;
        while (b < end && (*b == ' ' || *b == '\t'))
            b++;
        const char *b1 = b;
        while (b1 < end && is_ident_char(*b1))
            b1++;
        for (int side = 0; side < 2; side++) {
            const char *w = side ? b : a0;
            size_t n = (size_t)(side ? b1 - b : a - a0);
            if (n == 0)
                continue;
            bool is_param = false;
            for (const char *q = params; q && q + n <= params + params_len; q++)
                if (memcmp(q, w, n) == 0 && (q == params || !is_ident_char(q[-1])) &&
                    !is_ident_char(q[n]))
                    is_param = true;
            if (is_param)
                continue;
            if (!grow(&t->pastes, &t->cap_pastes, t->n_pastes + 1, sizeof *t->pastes)) {
                t->failed = true;
                return;
            }
            paste *ps = &t->pastes[t->n_pastes];
            ps->macro = strndup(macro, len);
            ps->affix = strndup(w, n);
            ps->suffix = side == 1;
            t->n_pastes++;
            if (!ps->macro || !ps->affix)
                t->failed = true;
        }
    }
}

/* What directive item it declares: a #define's macro (with its pastes noted). */
static void declare_directive(trim *t, size_t it)
{
    item *m = &t->items[it];
    size_t k = m->first;
    const char *rest;
    size_t n = directive_word(t, k, &rest);
    const char *end = t->text + t->tokens[k].end;
    if (n != 6 || memcmp(rest - 6, "define", 6) != 0) {
        m->always = true;
        return;
    }
    while (*rest == ' ' || *rest == '\t')
        rest++;
    size_t len = 0;
    while (is_ident_char(rest[len]))
        len++;
    const char *after = rest + len, *params = NULL;
    size_t params_len = 0;
    if (*after == '(') {
        params = after + 1;
        while (after < end && *after != ')')
            after++;
        params_len = (size_t)(after - params);
    }
    note_pastes(t, rest, len, after, end, params, params_len);
    if (rest[0] == '_' || len == 0) {
        m->always = true;
        return;
    }
    /* #define NAME OTHER: a rename (see the top of the file), always kept */
    const char *o = after;
    while (*o == ' ' || *o == '\t')
        o++;
    const char *o1 = o;
    while (o1 < end && is_ident_char(*o1))
        o1++;
    while (o1 < end && (*o1 == ' ' || *o1 == '\t'))
        o1++;
    size_t olen = 0;
    while (is_ident_char(o[olen]))
        olen++;
    if (!params && o1 == end && olen > len + 1 && o[olen - len - 1] == '_' &&
        memcmp(o + olen - len, rest, len) == 0) {
        m->always = m->rename = true;
        if (!grow(&t->renames, &t->cap_renames, t->n_renames + 1, sizeof *t->renames)) {
            t->failed = true;
            return;
        }
        t->renames[t->n_renames++] = (alias){.from = rest, .len = len, .to = o, .to_len = olen};
        return;
    }
    declare(t, it, rest, len);
}

/* #undef NAME: NAME's rename, if any, ends. */
static void undo_rename(trim *t, const char *rest)
{
    while (*rest == ' ' || *rest == '\t')
        rest++;
    size_t len = 0;
    while (is_ident_char(rest[len]))
        len++;
    for (size_t r = t->n_renames; r-- > 0;)
        if (t->renames[r].len == len && memcmp(t->renames[r].from, rest, len) == 0) {
            t->renames[r] = t->renames[--t->n_renames];
            return;
        }
}

/* What every item declares, in order, each identifier read with the renames in force. */
static void declare_all(trim *t)
{
    for (size_t it = 0; it < t->n_items && !t->failed; it++) {
        item *m = &t->items[it];
        if (t->tokens[m->first].kind == TOK_DIRECTIVE && !m->invocations) {
            const char *rest;
            size_t n = directive_word(t, m->first, &rest);
            if (n == 5 && memcmp(rest - 5, "undef", 5) == 0) {
                undo_rename(t, rest);
                m->always = true;
            } else {
                declare_directive(t, it);
            }
            continue;
        }
        for (size_t k = m->first; k < m->last; k++) {
            token *tk = &t->tokens[k];
            if (tk->kind != TOK_IDENT)
                continue;
            for (size_t r = t->n_renames; r-- > 0;)
                if (t->renames[r].len == tk->word_len &&
                    memcmp(t->renames[r].from, tk->word, tk->word_len) == 0) {
                    tk->word = t->renames[r].to;
                    tk->word_len = t->renames[r].to_len;
                    break;
                }
        }
        if (!m->invocations) {
            size_t before = t->n_declared;
            declare_declarators(t, it, m->first, m->last);
            m->always = t->n_declared == before; /* nothing to need it by: kept */
            m->assertion = tok_is(t, m->first, "_Static_assert");
            m->always = m->always && !m->assertion;
        }
        else if (!m->prefix)
            m->always = true;
    }
}

/* ---- the closure ---------------------------------------------------------------------------- */

/* Token k is a macro invocation: each identifier among its arguments is needed as the macro
 * pastes it. */
static void need_pastes(trim *t, size_t k, size_t end)
{
    const token *tk = &t->tokens[k];
    size_t close = SIZE_MAX;
    for (size_t p = 0; p < t->n_pastes; p++) {
        const paste *ps = &t->pastes[p];
        if (strlen(ps->macro) != tk->word_len || memcmp(ps->macro, tk->word, tk->word_len) != 0)
            continue;
        if (close == SIZE_MAX)
            close = skip_group(t, k + 1, end);
        size_t an = strlen(ps->affix);
        for (size_t j = k + 2; j + 1 < close; j++) {
            const token *arg = &t->tokens[j];
            char buf[256];
            if (arg->kind != TOK_IDENT || an + arg->word_len >= sizeof buf)
                continue;
            memcpy(buf + (ps->suffix ? arg->word_len : 0), ps->affix, an);
            memcpy(buf + (ps->suffix ? 0 : an), arg->word, arg->word_len);
            need(t, buf, an + arg->word_len);
        }
    }
}

/* Each identifier of a preprocessor line's text s[0..n) is needed. */
static void need_in_text(trim *t, const char *s, size_t n)
{
    for (size_t i = 0; i < n;) {
        if (s[i] == '"' || s[i] == '\'') {
            char q = s[i];
            for (i++; i < n && s[i] != q; i++)
                if (s[i] == '\\')
                    i++;
            i++;
            continue;
        }
        if (!(isalpha((unsigned char)s[i]) || s[i] == '_') || (i > 0 && is_ident_char(s[i - 1]))) {
            i++;
            continue;
        }
        size_t j = i;
        while (j < n && is_ident_char(s[j]))
            j++;
        need(t, s + i, j - i);
        i = j;
    }
}

static size_t item_end(const trim *t, const item *m) { return t->tokens[m->last - 1].end; }

/* Whether identifier token k declares a parameter or a local variable of the function item
 * first..: a name right after a type (an identifier or a type keyword, or a `*` after one at the
 * start of a declaration) and before `;`, `=`, `,`, `[` or `)`.  Two identifiers in a row are
 * a declaration in C, but for a keyword of a statement (return x). */
static bool declares_local(const trim *t, size_t first, size_t k)
{
    static const char *const statement[] = {"return", "case", "goto", "sizeof", "else", "do",
                                            "struct", "union", "enum", "_Alignof", NULL};
    /* TYPE (*NAME)(...): a pointer to a function (bool (*visit)(void *, ...) must not keep
     * another file's static visit()); a call through one, (*NAME)(...), has no type before */
    if (k >= first + 3 && tok_is(t, k - 1, "*") && tok_is(t, k - 2, "(") &&
        tok_is(t, k + 1, ")") && tok_is(t, k + 2, "(") && t->tokens[k - 3].kind == TOK_IDENT) {
        for (const char *const *w = statement; *w; w++)
            if (tok_is(t, k - 3, *w))
                return false;
        return true;
    }
    if (!(tok_is(t, k + 1, ";") || tok_is(t, k + 1, "=") || tok_is(t, k + 1, ",") ||
          tok_is(t, k + 1, "[") || tok_is(t, k + 1, ")")) || k < first + 2)
        return false;
    size_t p = k - 1;
    while (p > first && tok_is(t, p, "*"))
        p--;
    if (p < k - 1 && !(tok_is(t, p - 1, "(") || tok_is(t, p - 1, ",") || tok_is(t, p - 1, ";") ||
                       tok_is(t, p - 1, "{") || tok_is(t, p - 1, "}") || is_keyword(t, p - 1)))
        return false; /* x * y: a product */
    if (t->tokens[p].kind != TOK_IDENT)
        return false;
    for (const char *const *w = statement; *w; w++)
        if (tok_is(t, p, *w))
            return false;
    return true;
}

static bool is_local(const trim *t, const size_t *locals, size_t n, const token *tk)
{
    for (size_t i = 0; i < n; i++) {
        const token *l = &t->tokens[locals[i]];
        if (l->word_len == tk->word_len && memcmp(l->word, tk->word, tk->word_len) == 0)
            return true;
    }
    return false;
}

/* Keeps item it and needs what it names (see the top of the file). */
static void keep(trim *t, size_t it)
{
    item *m = &t->items[it];
    if (m->keep)
        return;
    m->keep = true;
    if (m->rename)
        return;
    t->using = it + 1;
    if (t->tokens[m->first].kind == TOK_DIRECTIVE && !m->invocations) {
        const char *rest;
        size_t n = directive_word(t, m->first, &rest);
        const char *w = rest - n;
        bool names = (n == 2 && memcmp(w, "if", 2) == 0) || (n == 4 && memcmp(w, "elif", 4) == 0) ||
                     (n == 5 && memcmp(w, "ifdef", 5) == 0) ||
                     (n == 6 && memcmp(w, "ifndef", 6) == 0) ||
                     (n == 6 && memcmp(w, "define", 6) == 0);
        if (names)
            need_in_text(t, rest, (size_t)(t->text + item_end(t, m) - rest));
        t->using = 0;
        return;
    }
    /* a function's parameters and locals, and a prototype's parameters, are not names of file
     * scope (a local `boards` does not need a static boards() of another file) */
    size_t *locals = NULL, n_locals = 0, cap_locals = 0;
    if (!m->invocations)
        for (size_t k = m->first; k < m->last; k++)
            if (t->tokens[k].kind == TOK_IDENT && !is_keyword(t, k) &&
                declares_local(t, m->first, k) && !(k + 1 < m->last && tok_is(t, k + 1, "(")) &&
                grow(&locals, &cap_locals, n_locals + 1, sizeof *locals))
                locals[n_locals++] = k;
    uint64_t in_struct = 0; /* bit d: the brace at depth d opens a struct or union body */
    int depth = 0;
    size_t last = m->stub ? skip_group(t, m->stub + 1, m->last) : m->last; /* a stub: its head */
    for (size_t k = m->first; k < last; k++) {
        const token *tk = &t->tokens[k];
        if (tok_is(t, k, "{")) {
            bool body = k > m->first && (tok_is(t, k - 1, "struct") || tok_is(t, k - 1, "union") ||
                                         (k > m->first + 1 && (tok_is(t, k - 2, "struct") ||
                                                               tok_is(t, k - 2, "union"))));
            depth++;
            if (depth < 64)
                in_struct = body ? in_struct | (1ULL << depth) : in_struct & ~(1ULL << depth);
        } else if (tok_is(t, k, "}")) {
            depth--;
        }
        if (depth > 0 && depth < 64 && (in_struct >> depth & 1) && tk->kind == TOK_IDENT &&
            (tok_is(t, k + 1, ";") || tok_is(t, k + 1, ",") || tok_is(t, k + 1, "[") ||
             tok_is(t, k + 1, ":") || tok_is(t, k + 1, ")")))
            continue; /* a member's name (or a parameter's of a member function pointer) */
        if (tk->kind == TOK_DIRECTIVE) {
            need_in_text(t, t->text + tk->start, tk->end - tk->start);
            continue;
        }
        if (tk->kind != TOK_IDENT)
            continue;
        if (m->invocations && !tok_is(t, k + 1, "("))
            continue; /* an argument, pasted into a declaration: not a use */
        if (k > m->first && (tok_is(t, k - 1, ".") || (tok_is(t, k - 1, ">") && k - 1 > m->first &&
                                                      tok_is(t, k - 2, "-"))))
            continue; /* a member */
        if (is_local(t, locals, n_locals, tk))
            continue;
        need(t, tk->word, tk->word_len);
        if (!m->invocations && tok_is(t, k + 1, "("))
            need_pastes(t, k, m->last);
    }
    free(locals);
    t->using = 0;
}

/* Whether item it is one function's prototype: a declaration with no typedef, initializer,
 * body or second declarator, whose name (returned, with its token at *k) is followed by its
 * parameters, not a pointer to a function. */
static bool is_prototype(const trim *t, size_t it, size_t *k)
{
    const item *m = &t->items[it];
    if (m->invocations || m->stub || t->tokens[m->first].kind == TOK_DIRECTIVE ||
        !tok_is(t, m->last - 1, ";"))
        return false;
    size_t open = SIZE_MAX;
    for (size_t j = m->first; j < m->last; j++) {
        if (tok_is(t, j, "typedef") || tok_is(t, j, "=") || tok_is(t, j, "{") ||
            tok_is(t, j, ",") || tok_is(t, j, "["))
            return false;
        if (tok_is(t, j, "(")) {
            if (tok_is(t, j, "(") && open == SIZE_MAX) {
                if (j == m->first || t->tokens[j - 1].kind != TOK_IDENT || is_keyword(t, j - 1) ||
                    tok_is(t, j - 1, "__attribute__"))
                    return false;
                open = j;
            }
            j = skip_group(t, j, m->last) - 1;
        }
    }
    if (open == SIZE_MAX)
        return false;
    *k = open - 1;
    return true;
}

/* Leaves out each kept prototype of a function whose kept definition comes before every item
 * that names it: there the definition declares it, and the prototype says nothing more a
 * compiler needs (a prototype's attributes, such as format(printf), only ask for warnings). */
static void prune_prototypes(trim *t)
{
    for (size_t it = 0; it < t->n_items && !t->failed; it++) {
        size_t k;
        if (!t->items[it].keep || !is_prototype(t, it, &k))
            continue;
        name *nm = intern(t, t->tokens[k].word, t->tokens[k].word_len);
        if (!nm) {
            t->failed = true;
            return;
        }
        size_t def = SIZE_MAX;
        for (size_t i = 0; i < nm->n_items; i++) {
            const item *d = &t->items[nm->items[i]];
            if (d->keep && tok_is(t, d->last - 1, "}") && !d->invocations && nm->items[i] < def)
                def = nm->items[i];
        }
        if (def != SIZE_MAX && (nm->first_use == 0 || def + 1 < nm->first_use))
            t->items[it].keep = false;
    }
}

/* Keeps each _Static_assert whose names are all needed (or declared by no item: a standard
 * macro, UINT8_MAX): one about code the program keeps.  One about code left out says nothing
 * of the program. */
static void keep_assertions(trim *t)
{
    for (size_t it = 0; it < t->n_items && !t->failed; it++) {
        item *m = &t->items[it];
        if (!m->assertion)
            continue;
        bool all = true;
        for (size_t k = m->first; k < m->last && all; k++) {
            const token *tk = &t->tokens[k];
            if (tk->kind != TOK_IDENT || k == m->first)
                continue;
            name *nm = intern(t, tk->word, tk->word_len);
            if (!nm) {
                t->failed = true;
                return;
            }
            all = nm->needed || nm->n_items == 0;
        }
        if (all)
            keep(t, it); /* names nothing new: each name is needed already */
    }
}

/* Keeps what main needs, and what is always kept. */
static void close_over(trim *t)
{
    need(t, "main", 4);
    for (size_t it = 0; it < t->n_items; it++)
        if (t->items[it].always)
            keep(t, it);
    while (t->n_work && !t->failed) {
        size_t at = t->work[--t->n_work];
        for (size_t i = 0; i < t->names[at].n_items; i++) /* keep() may move t->names */
            keep(t, t->names[at].items[i]);
    }
    keep_assertions(t);
    prune_prototypes(t);
    for (size_t it = 0; it < t->n_items; it++) { /* an attribute goes with what it is of */
        size_t next = it + 1;
        while (next < t->n_items && t->tokens[t->items[next].first].kind == TOK_DIRECTIVE)
            next++;
        if (t->items[it].prefix && next < t->n_items && t->items[next].keep)
            t->items[it].keep = true;
    }
}

/* The word after a directive's keyword (a macro's name, a header's <name>), at *word. */
static size_t directive_operand(const trim *t, const item *m, const char **word)
{
    const char *rest;
    directive_word(t, m->first, &rest);
    while (*rest == ' ' || *rest == '\t')
        rest++;
    size_t n = 0;
    while (rest[n] && !isspace((unsigned char)rest[n]) && rest[n] != '(')
        n++;
    *word = rest;
    return n;
}

/* Leaves out the directives the kept code does not need: a rename (#define NAME FILE_NAME)
 * whose new name no kept item uses, an #undef of a macro no kept #define defines at that
 * point (a no-op), and an #include of a header already included outside every conditional
 * (a second include of a standard header does nothing). */
static void prune_directives(trim *t)
{
    int depth = 0; /* of the conditionals (#if ... #endif), all kept */
    for (size_t it = 0; it < t->n_items && !t->failed; it++) {
        item *m = &t->items[it];
        if (!m->keep || t->tokens[m->first].kind != TOK_DIRECTIVE || m->invocations)
            continue;
        const char *rest, *w;
        size_t n = directive_word(t, m->first, &rest), len = directive_operand(t, m, &w);
        const char *kw = rest - n;
        name *nm = len ? intern(t, w, len) : NULL;
        if (len && !nm) {
            t->failed = true;
            return;
        }
        if (n >= 2 && memcmp(kw, "if", 2) == 0) {
            depth++;
        } else if (n == 5 && memcmp(kw, "endif", 5) == 0) {
            depth--;
        } else if (n == 6 && memcmp(kw, "define", 6) == 0 && nm) {
            if (m->rename) { /* kept when its new name is needed */
                const char *o = w + len;
                while (*o == ' ' || *o == '\t')
                    o++;
                size_t olen = 0;
                while (is_ident_char(o[olen]))
                    olen++;
                name *target = intern(t, o, olen);
                if (!target) {
                    t->failed = true;
                    return;
                }
                m->keep = target->needed;
            }
            nm->live = m->keep;
        } else if (n == 5 && memcmp(kw, "undef", 5) == 0 && nm) {
            m->keep = nm->live;
            nm->live = false;
        } else if (n == 7 && memcmp(kw, "include", 7) == 0 && nm && w[0] == '<' && depth == 0) {
            m->keep = !nm->live;
            nm->live = true;
        }
    }
}

/* ---- the result ----------------------------------------------------------------------------- */

/* Whether the end of out[0..o) is outside a string or character constant, as far as the line it
 * ends has told (the amalgamation continues no string over a backslash-newline). */
static bool outside_string(const char *out, size_t o)
{
    size_t start = o;
    while (start > 0 && out[start - 1] != '\n')
        start--;
    char quote = 0;
    for (size_t i = start; i < o; i++) {
        if (quote && out[i] == '\\')
            i++;
        else if (quote && out[i] == quote)
            quote = 0;
        else if (!quote && (out[i] == '"' || out[i] == '\''))
            quote = out[i];
    }
    return !quote;
}

/* The text s[0..n) onto out at *o, each line's indentation of spaces written as a tab per four
 * (and the rest as spaces), without trailing blanks or blank lines, a run of blanks before a
 * line's closing backslash written as one.  A line after a backslash
 * (a continued string or directive) keeps its spaces.  The map from columns to columns is
 * strictly increasing, so what lines up still lines up (-Wmisleading-indentation). */
static void put_text(char *out, size_t *o, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (c == '\n') {
            while (*o > 0 && (out[*o - 1] == ' ' || out[*o - 1] == '\t'))
                (*o)--;
            if (*o == 0 || out[*o - 1] != '\n')
                out[(*o)++] = c;
            if (i > 0 && s[i - 1] == '\\')
                continue;
            size_t spaces = 0;
            while (i + 1 + spaces < n && s[i + 1 + spaces] == ' ')
                spaces++;
            for (size_t k = 0; k < spaces / 4; k++)
                out[(*o)++] = '\t';
            for (size_t k = 0; k < spaces % 4; k++)
                out[(*o)++] = ' ';
            i += spaces;
            continue;
        }
        if (c == '\\' && i + 1 < n && s[i + 1] == '\n' && outside_string(out, *o)) {
            /* a macro's line: the blanks that line its backslashes up become one */
            size_t blanks = 0;
            while (blanks < *o && (out[*o - 1 - blanks] == ' ' || out[*o - 1 - blanks] == '\t'))
                blanks++;
            if (blanks > 1)
                *o -= blanks - 1;
        }
        out[(*o)++] = c;
    }
}

/* The name token of each parameter of the function whose name is token k, onto out at *o as
 * `(void)NAME;` (a stub's body uses them all: -Wunused-parameter).  A parameter's name is the
 * last identifier of its declaration, or the one in (*NAME) of a pointer to a function. */
static void put_unused(const trim *t, size_t k, char *out, size_t *o)
{
    size_t close = skip_group(t, k + 1, t->n_tokens) - 1, param = 0;
    for (size_t j = k + 2; j <= close; j++) {
        if (tok_is(t, j, "(")) {
            size_t end = skip_group(t, j, close);
            if (tok_is(t, j + 1, "*") && t->tokens[j + 2].kind == TOK_IDENT)
                param = j + 2;
            j = end - 1;
        } else if (tok_is(t, j, "[")) {
            j = skip_group(t, j, close) - 1;
        } else if (t->tokens[j].kind == TOK_IDENT && !is_keyword(t, j)) {
            param = j;
        } else if ((tok_is(t, j, ",") || j == close) && param) {
            size_t len = t->tokens[param].end - t->tokens[param].start;
            memcpy(out + *o, "\t(void)", 7);
            *o += 7;
            memcpy(out + *o, t->text + t->tokens[param].start, len);
            *o += len;
            memcpy(out + *o, ";\n", 2);
            *o += 2;
            param = 0;
        }
    }
}

/* Whether the stub of the function named by token k returns at once (`~NAME`), not aborts. */
static bool returns_at_once(const trim *t, size_t k)
{
    const token *tk = &t->tokens[k];
    for (const char *const *s = t->stubs; s && *s; s++)
        if (**s == '~' && strlen(*s + 1) == tk->word_len &&
            memcmp(*s + 1, tk->word, tk->word_len) == 0)
            return true;
    return false;
}

/* More than a stub's body can take: a `\t(void)NAME;\n` per parameter (at most one per two
 * characters of the parameter list) and `{\n\tabort();\n}`. */
static size_t stub_size(const trim *t, const item *m)
{
    size_t close = skip_group(t, m->stub + 1, m->last) - 1;
    return 10 * (t->tokens[close].end - t->tokens[m->stub].start) + 16;
}

/* The kept items, each as it was less its comments, a newline between two where the text had
 * one (put_text()); a stub's body as put_unused() says. */
static char *write_kept(const trim *t, size_t *length)
{
    size_t cap = t->length + 2;
    for (size_t it = 0; it < t->n_items; it++)
        if (t->items[it].keep && t->items[it].stub)
            cap += stub_size(t, &t->items[it]);
    char *out = malloc(cap);
    if (!out)
        return NULL;
    size_t o = 0, prev_end = 0;
    bool any = false;
    for (size_t it = 0; it < t->n_items; it++) {
        const item *m = &t->items[it];
        if (!m->keep)
            continue;
        size_t start = t->tokens[m->first].start, end = item_end(t, m);
        if (any)
            out[o++] = memchr(t->text + prev_end, '\n', start - prev_end) ? '\n' : ' ';
        if (m->stub) {
            size_t body = skip_group(t, m->stub + 1, m->last);
            while (body < m->last && !tok_is(t, body, "{"))
                body++;
            put_text(out, &o, t->text + start, t->tokens[body].start - start);
            memcpy(out + o, "{\n", 2);
            o += 2;
            put_unused(t, m->stub, out, &o);
            if (returns_at_once(t, m->stub)) {
                out[o++] = '}';
            } else {
                memcpy(out + o, "\tabort();\n}", 11);
                o += 11;
            }
        } else {
            put_text(out, &o, t->text + start, end - start);
        }
        prev_end = end;
        any = true;
    }
    out[o++] = '\n';
    out[o] = '\0';
    *length = o;
    return out;
}

static void free_trim(trim *t)
{
    for (size_t i = 0; i < t->n_names; i++) {
        free(t->names[i].text);
        free(t->names[i].items);
    }
    for (size_t p = 0; p < t->n_pastes; p++) {
        free(t->pastes[p].macro);
        free(t->pastes[p].affix);
    }
    free(t->names);
    free(t->slots);
    free(t->pastes);
    free(t->renames);
    free(t->work);
    free(t->items);
    free(t->tokens);
    free(t->text);
}

/* ---- what a profile rules out ------------------------------------------------------------- */

static void rule_out(const char **names, size_t *n, size_t cap, bool cannot_run, const char *fn)
{
    if (cannot_run && *n + 1 < cap)
        names[(*n)++] = fn;
}

size_t cli_package_stubs(const ojd_profile *f, bool validating, const char **names, size_t cap)
{
    size_t n = 0;
    /* the 9x9 words engine alone, as where AVX2 is not (a host of another CPU, another
     * compiler): the sweeps engine finds the same nodes, guesses and order (solver_fast.c,
     * tests/unit/test_fast.c), only faster, and is about 8 KB of source */
    rule_out(names, &n, cap, true, "#OJD_FAST_SWEEPS");
    ojd_search search = {0};
    ojd_profile_search(f, 0, &search);
    /* engine.c runs methods.c's method of the profile's search (ojd_profile_search()) only; every
     * other search is OJD_METHOD_SEARCH */
    rule_out(names, &n, cap, search.method != OJD_METHOD_TARGET, "ojd_target_best");
    rule_out(names, &n, cap, search.method != OJD_METHOD_CROSS_HATCHING, "ojd_cross_hatch");
    rule_out(names, &n, cap, search.method != OJD_METHOD_ANTI, "ojd_anti_sudoku");
    /* the smallest solution: only a search of the profile's that asks for it (a validator's
     * search, which counts to two, never does) */
    rule_out(names, &n, cap, validating || !search.lexmin, "lexmin");
    /* the singles core's options other than the defaults are the generator's, which no program
     * has (ojd_singles_search() is given none): no shuffled values, no other tie rule, no
     * forbidden value */
    rule_out(names, &n, cap, true, "ojd_rng_below");
    rule_out(names, &n, cap, true, "pick_first");
    rule_out(names, &n, cap, true, "forbid");
    /* a validator only searches (check_promises()): no task of methods.c (engine.c) */
    rule_out(names, &n, cap, validating, "run_method");
    ojd_grammar g = ojd_profile_grammar(f);
    unsigned units = ojd_profile_units(f);
    bool walls = ojd_profile_walls(f), killer = (units & OJD_UNITS_KILLER) != 0;
    /* a framed grid (the frame key): the writer's input files in a frame, the validator's rows
     * and rules of one (the reader's scan_ruled_row() stays: any profile reads such rows) */
    bool frame = ojd_profile_frame(f);
    rule_out(names, &n, cap, !frame, "put_framed_grid");
    rule_out(names, &n, cap, !frame, "put_frame_rule");
    /* a number outside 1..side is a cell (OJD_CELL_OUTSIDE) only under the profile's values:
     * the reader's pass that finds them, the engine's verdict on them, the writer's grid of them */
    long least, most;
    bool values = ojd_profile_values(f, &least, &most);
    rule_out(names, &n, cap, !values, "outside_cells");
    rule_out(names, &n, cap, !values, "outside_verdict");
    rule_out(names, &n, cap, !values, "put_outside_grid");
    if (validating) {
        /* validate.c reads the profile's grammar alone (read_case(), read_row()), and its board
         * has only the units the profile gives it: its extras, its walls' regions, its cages */
        rule_out(names, &n, cap, g != OJD_GRAMMAR_LITERAL, "validate_read_literal");
        rule_out(names, &n, cap, g != OJD_GRAMMAR_LINE, "read_line_case");
        rule_out(names, &n, cap, !walls, "read_walled_row");
        rule_out(names, &n, cap, !frame, "read_framed_row");
        rule_out(names, &n, cap, !frame, "read_frame_rule");
        /* spaced rows of one-character cells, and of numbers: above 9x9, or under values */
        int smallest, largest;
        ojd_profile_sides(f, &smallest, &largest);
        rule_out(names, &n, cap, g != OJD_GRAMMAR_SPACED, "read_spaced_row");
        rule_out(names, &n, cap, g != OJD_GRAMMAR_SPACED || (!values && largest && largest <= 9),
                 "read_number_row");
        rule_out(names, &n, cap, !values, "outside_promise");
        rule_out(names, &n, cap, !walls, "check_walls");
        rule_out(names, &n, cap, !killer, "read_caged_row");
        rule_out(names, &n, cap, !killer, "read_cage_sums");
        rule_out(names, &n, cap, !killer, "find_cage_conflict");
        rule_out(names, &n, cap, !killer, "cages_valid");
        rule_out(names, &n, cap, !killer, "ojd_board_cage_cells");
        rule_out(names, &n, cap, !killer, "ojd_board_cage_sum");
        /* so solver_fast.c never hands a board to the killer engine (the line form's cages are
         * the reader's, not validate.c's): none is made, and freeing none returns at once */
        rule_out(names, &n, cap, !killer, "ojd_killer_new");
        rule_out(names, &n, cap, !killer, "ojd_killer_solve");
        rule_out(names, &n, cap, !killer, "~ojd_killer_free");
        /* the line before each case, expanded from the profile's template */
        rule_out(names, &n, cap, !ojd_profile_input_header(f), "ojd_template_expand");
        /* rows drawn as the output draws them: a pretty profile's (validate.c's read_row()) */
        bool drawn = ojd_profile_style(f) == OJD_STYLE_PRETTY && g == OJD_GRAMMAR_SPACED;
        rule_out(names, &n, cap, !drawn, "read_drawn_row");
        /* what only a board with units other than rows, columns and boxes meets: solver_fast.c's
         * path for them, the engine's copy and check of them, the check of regions, "mrv"'s
         * geometry of them (its own of the shape is made at create) */
        bool plain = units == 0 && !walls;
        rule_out(names, &n, cap, plain, "general_solve");
        rule_out(names, &n, cap, plain, "ojd_board_copy_units");
        rule_out(names, &n, cap, plain, "check_partition");
        rule_out(names, &n, cap, plain, "ojd_board_units_usable");
        rule_out(names, &n, cap, plain, "ojd_geo_follow");
        /* a side other than 9 fixed (set_side()): no board has 3x3 boxes, so solver_fast.c
         * makes and runs no 9x9 engine (create_with(), fast_solve()) */
        int side = ojd_profile_side(f);
        rule_out(names, &n, cap, side != 0 && side != 9, "f9_init");
        rule_out(names, &n, cap, side != 0 && side != 9, "f9_solve");
        /* every count of solutions allowed (ojd_profile_kinds()): check_promises() solves no
         * case, so no engine is made, and freeing none returns at once */
        unsigned counted =
            OJD_KIND_BIT(OJD_OUTCOME_MULTIPLE) | OJD_KIND_BIT(OJD_OUTCOME_UNSOLVABLE);
        bool all_counts = (ojd_profile_kinds(f) & counted) == counted;
        rule_out(names, &n, cap, all_counts, "ojd_engine_new");
        rule_out(names, &n, cap, all_counts, "ojd_engine_solve");
        rule_out(names, &n, cap, all_counts, "~ojd_engine_free");
        /* a profile of one side has no line of the box size (profile.c refuses size-prefix
         * with a side), and one without blanks or givens bounds counts neither */
        rule_out(names, &n, cap, side != 0, "read_box_size");
        int min_givens, max_givens;
        ojd_profile_givens(f, &min_givens, &max_givens);
        rule_out(names, &n, cap, !ojd_profile_blanks(f) && !min_givens && !max_givens,
                 "check_blank_count");
        /* a plain case is solved only once check_promises() has found no repeat, so the 9x9
         * engine never meets givens that break a rule (solver_fast.c, which then calls the
         * givens check), and the engine's solver (auto) checks givens itself (engine.c) */
        rule_out(names, &n, cap, side == 9 && plain, "ojd_givens_check");
        /* no board with cages: the singles core (of "mrv") never keeps any */
        rule_out(names, &n, cap, !killer, "ojd_singles_use_cages");
        rule_out(names, &n, cap, !killer, "place_caged");
        rule_out(names, &n, cap, !killer, "undo_caged");
        rule_out(names, &n, cap, !killer, "ojd_cages_clear");
    } else {
        /* the main's checker has the profile (ck->f), so no hint of another profile is made
         * (suggest_format(), void, returns at once: its stub does), and the profile's task and
         * style pick the judge of a case (task_judge(), check_run()) and how the replies are
         * read (ojd_reply_start()) */
        ojd_task task = ojd_profile_task(f);
        ojd_style style = ojd_profile_style(f);
        rule_out(names, &n, cap, true, "~suggest_format");
        rule_out(names, &n, cap, task != OJD_TASK_COUNT, "count_case");
        /* every solution listed: task all's judge, and the walk that lists them (the solution's
         * main walks only for task all) */
        rule_out(names, &n, cap, task != OJD_TASK_ALL, "all_case");
        rule_out(names, &n, cap, task != OJD_TASK_ALL, "ojd_engine_each_solution");
        rule_out(names, &n, cap, task != OJD_TASK_ALL, "ojd_writer_listed");
        rule_out(names, &n, cap,
                 task != OJD_TASK_DEDUCE && task != OJD_TASK_SCORE && task != OJD_TASK_TRANSFORM,
                 "method_case");
        rule_out(names, &n, cap, style != OJD_STYLE_SUM, "sum_add_case");
        rule_out(names, &n, cap, style != OJD_STYLE_SUM, "sum_judge_total");
        rule_out(names, &n, cap, style != OJD_STYLE_LITERAL, "read_literal_cells");
        /* the writer's style is the profile's unless it mirrors the input (ojd_output_style()) */
        bool fixed = style != OJD_STYLE_MIRROR;
        rule_out(names, &n, cap, style != OJD_STYLE_JSON, "put_json_answer");
        rule_out(names, &n, cap, fixed && style != OJD_STYLE_SVG, "put_svg");
        rule_out(names, &n, cap, fixed && style != OJD_STYLE_LINE, "writer_put_line");
        rule_out(names, &n, cap, fixed && style != OJD_STYLE_LITERAL, "put_literal");
        rule_out(names, &n, cap, fixed && style != OJD_STYLE_PRETTY, "put_pretty");
    }
    names[n] = NULL;
    return n;
}

char *cli_package_trim(const char *source, size_t length, const char *const *stubs,
                       size_t *out_length)
{
    trim t = {.stubs = stubs};
    char *out = NULL;
    bool stripped = strip_comments(&t, source, length);
    if (stripped)
        cut_zero_conditionals(&t);
    if (stripped && tokenize(&t) && cut_items(&t)) {
        declare_all(&t);
        if (!t.failed)
            close_over(&t);
        if (!t.failed)
            prune_directives(&t);
        if (!t.failed)
            out = write_kept(&t, out_length);
    }
    free_trim(&t);
    return out;
}

