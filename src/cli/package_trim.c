/*
 * package_trim.c -- cuts a validator `ojdoku package` writes down to what its main needs, so
 * that it fits the judges' source limits (Codeforces and Polygon, HUSTOJ: 64 KiB; the whole
 * amalgamation is ten times that).  The text is one C translation unit (the amalgamation, the
 * problem's profile and a main); what comes out is the same unit with every comment taken out,
 * blank lines dropped, and every file-scope item no kept item names left out.
 *
 * Items.  A small C tokenizer (comments, strings and character constants, preprocessor lines)
 * cuts the file scope into items: a preprocessor line; a declaration, ending with `;`; a
 * function definition, ending with the `}` of its body; and a run of macro invocations at file
 * scope that no `;` ends (`OJD_SOLVER(fast)` lines, each a declaration once expanded), ending
 * at the next preprocessor line.  Each item declares names (a declarator's identifier, a
 * struct / union / enum tag, an enum's constants, a #define's macro) and names others (every
 * other identifier in it, except a member: after `.` or `->`, or declared in a struct body).
 *
 * What is kept: the items that declare a name that is needed, where `main` is needed and so is
 * every name a kept item names (a closure, computed with a work list).  Always kept, with what
 * they name: preprocessor lines other than #define (so every #if's names, an include guard's
 * among them), a #define of a name that starts with `_` (feature macros the system headers
 * read: _POSIX_C_SOURCE), an item that declares nothing, and a run of macro invocations (its
 * macro's names: its arguments are only pasted into declarations).  A #define NAME OTHER, one
 * identifier for another that ends with `_NAME`, is the amalgamation's rename of a file-local
 * name (amalgamate.sh: reader.c's `say` is reader_say): NAME means OTHER until its #undef,
 * and both lines are kept.  A macro that pastes (`p_##x`, `x##_s`) makes each identifier x
 * among the arguments of its invocations name p_x and x_s too.  In a function, a name that
 * reads as a parameter or a local variable's declaration (a type before it) is the function's
 * own, not a use of a file-scope name spelled the same.
 *
 * Whatever this misjudges is on the safe side or loud: naming too much keeps too much (a
 * larger file), an item whose name it cannot find is kept (it declares nothing), and an item
 * wrongly left out is a compile error.  The programs of two profiles differ only in their
 * catalogue row and in the stubs of 9x9 profiles (cmd_package.c), so tests/cli/package.sh
 * (9x9 profiles) and tests/cli/package_size.sh (16x16, a profile file) compile every variant.
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
} item;

/* A name: an identifier, its items (those that declare it), whether it is needed. */
typedef struct name {
    char *text;
    size_t *items, n_items, cap_items;
    bool needed;
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
    char *copy = malloc(n + 1);
    if (!copy || !grow(&t->names, &t->cap_names, t->n_names + 1, sizeof *t->names)) {
        free(copy);
        return NULL;
    }
    memcpy(copy, s, n);
    copy[n] = '\0';
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

/* Marks s[0..n) needed and queues it, if it was not. */
static void need(trim *t, const char *s, size_t n)
{
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

static char *copy_of(const char *s, size_t n)
{
    char *c = malloc(n + 1);
    if (c) {
        memcpy(c, s, n);
        c[n] = '\0';
    }
    return c;
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
            ps->macro = copy_of(macro, len);
            ps->affix = copy_of(w, n);
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
        return;
    }
    /* a function's parameters and locals are not names of file scope (a local `boards` does
     * not need a static boards() of another file) */
    size_t *locals = NULL, n_locals = 0, cap_locals = 0;
    if (tok_is(t, m->last - 1, "}") && !m->invocations)
        for (size_t k = m->first; k < m->last; k++)
            if (t->tokens[k].kind == TOK_IDENT && !is_keyword(t, k) &&
                declares_local(t, m->first, k) && !(k + 1 < m->last && tok_is(t, k + 1, "(")) &&
                grow(&locals, &cap_locals, n_locals + 1, sizeof *locals))
                locals[n_locals++] = k;
    uint64_t in_struct = 0; /* bit d: the brace at depth d opens a struct or union body */
    int depth = 0;
    for (size_t k = m->first; k < m->last; k++) {
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
    for (size_t it = 0; it < t->n_items; it++) { /* an attribute goes with what it is of */
        size_t next = it + 1;
        while (next < t->n_items && t->tokens[t->items[next].first].kind == TOK_DIRECTIVE)
            next++;
        if (t->items[it].prefix && next < t->n_items && t->items[next].keep)
            t->items[it].keep = true;
    }
}

/* ---- the result ----------------------------------------------------------------------------- */

/* The kept items, each as it was less its comments, a newline between two where the text had
 * one, without trailing blanks or blank lines. */
static char *write_kept(const trim *t, size_t *length)
{
    char *out = malloc(t->length + 1);
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
        for (size_t i = start; i < end; i++) {
            char c = t->text[i];
            if (c == '\n') {
                while (o > 0 && (out[o - 1] == ' ' || out[o - 1] == '\t'))
                    o--;
                if (o > 0 && out[o - 1] == '\n')
                    continue;
            }
            out[o++] = c;
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

char *cli_package_trim(const char *source, size_t length, size_t *out_length)
{
    trim t = {0};
    char *out = NULL;
    if (strip_comments(&t, source, length) && tokenize(&t) && cut_items(&t)) {
        declare_all(&t);
        if (!t.failed)
            close_over(&t);
        if (!t.failed)
            out = write_kept(&t, out_length);
    }
    free_trim(&t);
    return out;
}

