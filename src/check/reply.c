/*
 * reply.c -- the checker's reader of a reply, OUTPUT or ANSWER (check.h), in memory that does
 * not grow with their sizes: a FILE pulled through a fixed buffer, or a caller's buffer, read as
 * tokens the way testlib reads them (whitespace free; a token may hold several one-character
 * cells), the LeetCode literal by its structure.  Separators and blank lines are framing, which
 * only the byte-exact comparison of check.c sees.  More: docs/checker.md, "Reading a reply".
 */
#include "check.h"

#include <errno.h>
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHUNK 65536                    /* the read buffer of a FILE */
#define TOK_KEEP 64                    /* characters of a token kept at a time */
#define RING 16                        /* tokens kept for look-ahead (phrases) and messages */
#define LINE_KEEP 160                  /* bytes of a line kept, to quote it */
#define LINES_KEPT 64                  /* the last lines kept: a case of the largest grid shown
                                        * (25 rows, 4 box rules, a header) and some blank lines */
#define QUOTE_MAX 40                   /* characters of what was found that a message quotes */
#define SHOW_MAX 100                   /* characters of a line of a case (ojd_reply_case_lines) */
#define READ_ON_MAX ((size_t)1 << 20)  /* bytes read on past a wrong case, to quote from it */

/* ---- messages ------------------------------------------------------------------------------ */

const char *ojd_char_text(int c, char *buf, size_t size)
{
    if (c >= 0x21 && c < 0x7f)
        snprintf(buf, size, "'%c'", c);
    else if (c == ' ')
        snprintf(buf, size, "a space");
    else
        snprintf(buf, size, "byte 0x%02X", (unsigned)(c & 0xff));
    return buf;
}

/* Bytes as a message quotes them: printable ASCII as it is, a backslash as \\, a tab as \t, a
 * CR as \r, any other byte as \xHH (so a control byte or a stray UTF-8 byte is seen, and the
 * message stays one line of ASCII).  At most max characters of the text are written, then
 * "..." when some of src is left out or more follows it; all within size bytes (NUL included).
 * Returns the length written. */
static size_t quote_bytes(char *dst, size_t size, const unsigned char *src, size_t n, size_t max,
                          bool more)
{
    if (size == 0)
        return 0;
    size_t k = 0, i = 0;
    for (; i < n; i++) {
        char one[8];
        unsigned char c = src[i];
        if (c == '\\')
            snprintf(one, sizeof one, "\\\\");
        else if (c == '\t')
            snprintf(one, sizeof one, "\\t");
        else if (c == '\r')
            snprintf(one, sizeof one, "\\r");
        else if (c < 0x20 || c >= 0x7f)
            snprintf(one, sizeof one, "\\x%02X", (unsigned)c);
        else
            snprintf(one, sizeof one, "%c", c);
        size_t w = strlen(one);
        if (k + w > max || k + w + 3 >= size)
            break;
        memcpy(dst + k, one, w);
        k += w;
    }
    if ((i < n || more) && k + 3 < size) {
        memcpy(dst + k, "...", 3);
        k += 3;
    }
    dst[k] = '\0';
    return k;
}

/* ---- byte sources: a FILE through a fixed buffer, or a caller's buffer ---------------------- */

/* A line of the stream as far as it is kept: its first LINE_KEEP bytes, for quoting. */
typedef struct kept_line {
    unsigned long no;            /* its number, from 1; 0: the slot is unused */
    unsigned long long start;    /* where its first byte is in the stream */
    size_t full;                 /* its bytes scanned so far (more than len: not all kept) */
    size_t len;                  /* bytes kept in text */
    bool ended;                  /* its newline has been scanned */
    unsigned char text[LINE_KEEP];
} kept_line;

/* Bytes come from data; where each is in the stream is base + its index in data.  The lines are
 * found only when a message needs them (a quote, the lines of a wrong case), by a scan of the
 * bytes not yet scanned: so reading, the hot path, does no work for them, but that a FILE's
 * chunk is scanned once before the next replaces it. */
typedef struct source {
    FILE *file;                  /* NULL: the bytes are all in data */
    const unsigned char *data;   /* the bytes at hand: data[pos .. len) */
    size_t pos, len;
    unsigned char *buf;          /* CHUNK bytes, for a FILE */
    bool eof;                    /* nothing after data[len] */
    bool error;                  /* a read error ended the FILE */
    int error_number;            /* its errno */
    /* strict framing: every byte taken goes to tap as well */
    void (*tap)(void *context, const unsigned char *bytes, size_t n);
    void *tap_context;
    /* the lines: data[0 .. scanned) have been scanned, the line of data[scanned] is `line`, and
     * the last LINES_KEPT lines scanned are kept (slot = number % LINES_KEPT) */
    unsigned long long base;
    size_t scanned;
    unsigned long line;
    kept_line *kept;
} source;

static bool src_mem(source *s, const char *data, size_t size)
{
    memset(s, 0, sizeof *s);
    s->data = (const unsigned char *)(data ? data : "");
    s->len = data ? size : 0;
    s->eof = true;
    s->line = 1;
    s->kept = calloc(LINES_KEPT, sizeof *s->kept);
    return s->kept != NULL;
}

static bool src_file(source *s, FILE *file)
{
    memset(s, 0, sizeof *s);
    s->file = file;
    s->buf = malloc(CHUNK);
    s->data = s->buf;
    s->line = 1;
    s->kept = calloc(LINES_KEPT, sizeof *s->kept);
    return s->buf != NULL && s->kept != NULL;
}

static void src_free(source *s)
{
    free(s->buf);
    free(s->kept);
}

/* Scans data[scanned .. upto) for lines, and stops after the newline of line `stop`. */
static void src_scan(source *s, size_t upto, unsigned long stop)
{
    while (s->scanned < upto && s->line <= stop) {
        const unsigned char *p = s->data + s->scanned;
        size_t n = upto - s->scanned;
        kept_line *l = &s->kept[s->line % LINES_KEPT];
        if (l->no != s->line) { /* a new line: its slot held an older one */
            l->no = s->line;
            l->start = s->base + s->scanned;
            l->full = l->len = 0;
            l->ended = false;
        }
        const unsigned char *nl = memchr(p, '\n', n);
        size_t part = nl ? (size_t)(nl - p) : n;
        if (l->len < LINE_KEEP) {
            size_t c = part < LINE_KEEP - l->len ? part : LINE_KEEP - l->len;
            memcpy(l->text + l->len, p, c);
            l->len += c;
        }
        l->full += part;
        s->scanned += part;
        if (nl) {
            l->ended = true;
            s->line++;
            s->scanned++;
        }
    }
}

/* Reads the next chunk of a FILE, the last one used up (and scanned first: its bytes are gone
 * after); false at the end.  Apart from src_fill(), which inlines into the token loops. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static bool src_refill(source *s)
{
    src_scan(s, s->len, (unsigned long)-1);
    s->base += s->len;
    s->scanned = 0;
    size_t n = fread(s->buf, 1, CHUNK, s->file);
    s->pos = 0;
    s->len = n;
    if (n == 0) {
        s->eof = true;
        s->error = ferror(s->file) != 0;
        s->error_number = errno;
    }
    return n > 0;
}

/* Are bytes at hand?  Reads the next chunk of a FILE when the last one is used up. */
static bool src_fill(source *s)
{
    if (s->pos < s->len)
        return true;
    return !s->eof && src_refill(s);
}

/* Takes the next n bytes at hand (n <= len - pos). */
static void src_take(source *s, size_t n)
{
    if (s->tap && n)
        s->tap(s->tap_context, s->data + s->pos, n);
    s->pos += n;
}

/* Where the next byte is in the stream. */
static unsigned long long src_at(const source *s) { return s->base + s->pos; }

/* The kept line numbered no, or NULL when it is not (not scanned yet, or dropped). */
static const kept_line *src_kept(const source *s, unsigned long no)
{
    const kept_line *l = &s->kept[no % LINES_KEPT];
    return no > 0 && l->no == no ? l : NULL;
}

/* The line (from 1) and column (from 0) of the byte at `at`, one taken already; false when its
 * line is no longer kept. */
static bool src_locate(source *s, unsigned long long at, unsigned long *line, size_t *col)
{
    if (at >= s->base) /* in the bytes at hand: scanned as far as it */
        src_scan(s, at - s->base + 1 < s->len ? (size_t)(at - s->base + 1) : s->len,
                 (unsigned long)-1);
    const kept_line *best = NULL;
    for (int i = 0; i < LINES_KEPT; i++) {
        const kept_line *l = &s->kept[i];
        if (l->no && l->start <= at && (!best || l->start > best->start))
            best = l;
    }
    if (!best || at - best->start > best->full)
        return false;
    *line = best->no;
    *col = (size_t)(at - best->start);
    return true;
}

/* Scans on until line `last` has ended or the stream has, taking bytes as it goes (at most
 * READ_ON_MAX more).  Only for quoting, once the case is judged: tokens already read are not
 * touched, and a read error here is no error of the stream's (judging did not need these
 * bytes). */
static void src_read_on(source *s, unsigned long last)
{
    bool error = s->error;
    int error_number = s->error_number;
    size_t taken = 0;
    for (;;) {
        src_scan(s, s->len, last);
        if (s->line > last || taken >= READ_ON_MAX)
            break;
        taken += s->len - s->pos;
        src_take(s, s->len - s->pos);
        if (!src_fill(s))
            break;
    }
    s->error = error;
    s->error_number = error_number;
}

/* ---- tokens -----------------------------------------------------------------------------------
 *
 * A token is kept TOK_KEEP characters at a time; `more`: it goes on in the source (taking cells
 * reads it on; reading the next token skips the rest and marks it `cut`, no longer known).  The
 * ring keeps the last RING tokens, for phrases taken back and quotes; it never holds more than a
 * phrase's tokens ahead of the cursor, so only tokens already taken are dropped from it. */

typedef struct tok {
    char text[TOK_KEEP];
    int n, off;          /* text[off .. n) is what is left of it */
    bool more;           /* it goes on in the source past text */
    bool cut;            /* some of it was skipped unread */
    bool quoted;         /* literal: a quoted string, text its contents */
    bool open;           /* literal: the string is not closed before the end of the source */
    unsigned long long at;  /* where text[0] is in the stream */
} tok;

struct ojd_reply {
    source src;
    bool literal;        /* LeetCode literal: [ ] , are tokens, quotes delimit one */
    tok ring[RING];      /* tokens first .. end-1 (numbered from 0, slot = number % RING) */
    unsigned long first, cur, end;   /* cur: the next token to hand out */
    bool case_met;                   /* the current case's first token has been read, */
    unsigned long long case_at;      /* and is here in the stream: where the case begins */
};

static bool is_space(int c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

static bool is_literal_punct(int c) { return c == '[' || c == ']' || c == ','; }
static bool is_quote(int c) { return c == '"' || c == '\''; }

static bool tk_delim(const ojd_reply *t, int c)
{
    return is_space(c) || (t->literal && (is_literal_punct(c) || is_quote(c)));
}

static tok *tk_slot(ojd_reply *t, unsigned long at) { return &t->ring[at % RING]; }

/* Reads on the characters of token k from the source, up to TOK_KEEP (the ones kept before are
 * replaced). */
static void tk_fill(ojd_reply *t, tok *k)
{
    source *s = &t->src;
    k->n = k->off = 0;
    k->more = false;
    while (src_fill(s)) {
        const unsigned char *d = s->data + s->pos;
        size_t avail = s->len - s->pos, i = 0;
        while (i < avail && k->n < TOK_KEEP && !tk_delim(t, d[i]))
            k->text[k->n++] = (char)d[i++];
        src_take(s, i);
        if (i < avail) {
            k->more = !tk_delim(t, d[i]);
            return;
        }
        if (k->n == TOK_KEEP) {
            k->more = src_fill(s) && !tk_delim(t, s->data[s->pos]);
            return;
        }
    }
}

/* Skips bytes while they are (or are not) delimiters; true when bytes remain. */
static bool tk_skip(ojd_reply *t, bool delims)
{
    source *s = &t->src;
    while (src_fill(s)) {
        const unsigned char *d = s->data + s->pos;
        size_t avail = s->len - s->pos, i = 0;
        if (delims)
            while (i < avail && is_space(d[i]))
                i++;
        else
            while (i < avail && !tk_delim(t, d[i]))
                i++;
        src_take(s, i);
        if (i < avail)
            return true;
    }
    return false;
}

/* A quoted string of the literal, its opening quote at hand. */
static void tk_quoted(ojd_reply *t, tok *k)
{
    source *s = &t->src;
    int quote = s->data[s->pos];
    src_take(s, 1);
    k->quoted = true;
    while (src_fill(s)) {
        const unsigned char *d = s->data + s->pos;
        size_t avail = s->len - s->pos, i = 0;
        while (i < avail && d[i] != quote) {
            if (k->n < TOK_KEEP)
                k->text[k->n++] = (char)d[i];
            else
                k->cut = true;
            i++;
        }
        src_take(s, i);
        if (i < avail) {
            src_take(s, 1);
            return;
        }
    }
    k->open = true;
}

/* Reads the next token of the source into the ring; false at the end of the source. */
static bool tk_read(ojd_reply *t)
{
    if (t->end > t->first) {
        tok *last = tk_slot(t, t->end - 1);
        if (last->more) {
            tk_skip(t, false);
            last->more = false;
            last->cut = true;
        }
    }
    if (!tk_skip(t, true))
        return false;
    if (t->end - t->first == RING) {
        if (t->first == t->cur)
            return false;   /* RING tokens ahead: never with the profiles' phrases */
        t->first++;
    }
    tok *k = tk_slot(t, t->end);
    source *s = &t->src;
    /* every field but the text, which n bounds (a memset of the whole costs more than the
     * token's reading) */
    k->n = k->off = 0;
    k->more = k->cut = k->quoted = k->open = false;
    k->at = src_at(s);
    int c = s->data[s->pos];
    if (t->literal && is_literal_punct(c)) {
        k->text[0] = (char)c;
        k->n = 1;
        src_take(s, 1);
    } else if (t->literal && is_quote(c)) {
        tk_quoted(t, k);
    } else {
        tk_fill(t, k);
    }
    t->end++;
    return true;
}

void ojd_reply_start(ojd_reply *t, bool literal)
{
    t->literal = literal;
    source *s = &t->src;
    if (src_fill(s) && s->len - s->pos >= 3 && memcmp(s->data + s->pos, "\xEF\xBB\xBF", 3) == 0)
        src_take(s, 3);
}

/* The next token without taking it; NULL at the end of the source. */
static tok *tk_peek(ojd_reply *t)
{
    if (t->cur == t->end && !tk_read(t))
        return NULL;
    return tk_slot(t, t->cur);
}

static void tk_take(ojd_reply *t) { t->cur++; }

/* Takes the next character of the current token as a cell; false when that ended the token. */
static bool tk_take_char(ojd_reply *t)
{
    tok *k = tk_slot(t, t->cur);
    if (++k->off < k->n)
        return true;
    if (k->more && t->cur + 1 == t->end) {
        k->at = src_at(&t->src); /* the token goes on here */
        tk_fill(t, k);
        if (k->n > 0)
            return true;
    }
    t->cur++;
    return false;
}

static ojd_reply_pos tk_tell(ojd_reply *t)
{
    ojd_reply_pos p = {t->cur, t->cur < t->end ? tk_slot(t, t->cur)->off : 0};
    return p;
}

/* Goes back to p (no character taken since, tokens still in the ring). */
static void tk_seek(ojd_reply *t, ojd_reply_pos p)
{
    t->cur = p.at;
    if (p.at < t->end)
        tk_slot(t, p.at)->off = p.off;
}

/* Is what is left of k exactly the n characters of text? */
static bool tok_is(const tok *k, const char *text, size_t n)
{
    return !k->more && !k->cut && (size_t)(k->n - k->off) == n &&
           memcmp(k->text + k->off, text, n) == 0;
}

/* An ASCII letter in lower case (the judges fold ASCII only, whatever the locale). */
static int ascii_lower(int c) { return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c; }

/* tok_is() in any letter case. */
static bool tok_is_any_case(const tok *k, const char *text, size_t n)
{
    if (k->more || k->cut || (size_t)(k->n - k->off) != n)
        return false;
    for (size_t i = 0; i < n; i++)
        if (ascii_lower((unsigned char)k->text[k->off + i]) != ascii_lower((unsigned char)text[i]))
            return false;
    return true;
}

static bool tok_punct(const tok *k, char c)
{
    return k && !k->quoted && k->n - k->off == 1 && k->text[k->off] == c;
}

/* What is left of k, for a message: at most max characters, "..." when there is more. */
static void tok_clip(const tok *k, char *buf, size_t size, size_t max)
{
    quote_bytes(buf, size, (const unsigned char *)k->text + k->off, (size_t)(k->n - k->off), max,
                k->more || k->cut);
}

/* Takes the words of phrase (separated by single spaces) if the stream holds them next, as
 * written or (any_case) in any letter case. */
static bool tk_match_phrase(ojd_reply *t, const char *phrase, bool any_case)
{
    ojd_reply_pos save = tk_tell(t);
    const char *w = phrase;
    while (*w) {
        size_t n = strcspn(w, " ");
        if (n > 0) {
            tok *k = tk_peek(t);
            if (!k || !(any_case ? tok_is_any_case(k, w, n) : tok_is(k, w, n))) {
                tk_seek(t, save);
                return false;
            }
            tk_take(t);
        }
        w += n;
        w += strspn(w, " ");
    }
    return true;
}

/* Up to `count` tokens from p on, joined by spaces, QUOTE_MAX characters at most: what
 * quote_found() falls back on.  The cursor does not move (tokens may be read ahead). */
static void tk_describe(ojd_reply *t, ojd_reply_pos p, int count, char *buf, size_t size)
{
    size_t k = 0;
    buf[0] = '\0';
    unsigned long at = p.at < t->first ? t->first : p.at;
    for (int i = 0; i < count; i++, at++) {
        while (at >= t->end)
            if (!tk_read(t))
                return;
        if (at < t->first)   /* dropped from the ring while reading ahead */
            return;
        if (k + 2 >= size || k >= QUOTE_MAX)
            return;
        if (i > 0)
            buf[k++] = ' ';
        tok *tk = tk_slot(t, at);
        tok shown = *tk;
        if (at == p.at && p.off <= shown.n)
            shown.off = p.off;
        tok_clip(&shown, buf + k, size - k, QUOTE_MAX - k);
        k += strlen(buf + k);
    }
}

/* Where the next token starts in the stream; false at the end of the stream. */
static bool tk_where(ojd_reply *t, unsigned long long *at)
{
    tok *k = tk_peek(t);
    if (k)
        *at = k->at + (unsigned long long)k->off;
    return k != NULL;
}

/* What the stream holds at `at` (where p is), as a message quotes what it found: the rest of
 * its line in double quotes (QUOTE_MAX characters at most, then "...", the blanks at its end
 * left out, bytes escaped as quote_bytes() does), or "the end of the output" when there is
 * nothing (found false).  A line no longer kept, or a column past its kept bytes, is quoted from
 * its tokens instead, `count` of them.  Reads the stream on to the end of that line: only once
 * the case is judged (see check.h). */
static void quote_found(ojd_reply *t, bool found, unsigned long long at, ojd_reply_pos p,
                        int count, char *buf, size_t size)
{
    char text[QUOTE_MAX + 8];
    if (!found) {
        snprintf(buf, size, "the end of the output");
        return;
    }
    source *s = &t->src;
    unsigned long line;
    size_t col;
    const kept_line *l = NULL;
    if (src_locate(s, at, &line, &col)) {
        src_read_on(s, line);
        l = src_kept(s, line);
    }
    if (l && col < l->len) {
        const unsigned char *from = l->text + col;
        size_t n = l->len - col;
        bool more = l->full > l->len;
        while (!more && n > 0 && (from[n - 1] == ' ' || from[n - 1] == '\t' ||
                                  from[n - 1] == '\r'))
            n--;
        quote_bytes(text, sizeof text, from, n, QUOTE_MAX, more);
    } else {
        tk_describe(t, p, count, text, sizeof text);
    }
    snprintf(buf, size, "\"%s\"", text);
}

/* ---- the stream ---------------------------------------------------------------------------- */

ojd_reply *ojd_reply_new_mem(const char *data, size_t size)
{
    ojd_reply *t = calloc(1, sizeof *t);
    if (t && !src_mem(&t->src, data, size)) {
        src_free(&t->src);
        free(t);
        return NULL;
    }
    return t;
}

ojd_reply *ojd_reply_new_file(FILE *file)
{
    ojd_reply *t = calloc(1, sizeof *t);
    if (t && !src_file(&t->src, file)) {
        src_free(&t->src);
        free(t);
        return NULL;
    }
    return t;
}

void ojd_reply_free(ojd_reply *t)
{
    if (!t)
        return;
    src_free(&t->src);
    free(t);
}

void ojd_reply_tap(ojd_reply *t, void (*tap)(void *context, const unsigned char *bytes, size_t n),
                 void *context)
{
    t->src.tap = tap;
    t->src.tap_context = context;
}

void ojd_reply_set_literal(ojd_reply *t, bool literal) { t->literal = literal; }

size_t ojd_reply_head(const ojd_reply *t, const unsigned char **bytes, bool *whole)
{
    const source *s = &t->src;
    *bytes = s->data;
    /* a FILE's first read is short only at its end; a buffer is all at hand */
    *whole = s->len < CHUNK;
    return s->len < CHUNK ? s->len : CHUNK;
}

bool ojd_reply_at_end(ojd_reply *t) { return tk_peek(t) == NULL; }

bool ojd_reply_failed(const ojd_reply *t, int *error_number)
{
    *error_number = t->src.error ? t->src.error_number : 0;
    return t->src.error;
}

void ojd_reply_skip_dashes(ojd_reply *t)
{
    tok *k;
    while ((k = tk_peek(t)) != NULL && tok_is(k, "---", 3))
        tk_take(t);
}

/* ---- the expected shape of one case -------------------------------------------------------- */

/* The words of a phrase: the tokens it stands as. */
static int phrase_tokens(const char *phrase)
{
    int count = 0;
    for (const char *p = phrase; *p;) {
        p += strspn(p, " ");
        if (*p)
            count++;
        p += strcspn(p, " ");
    }
    return count;
}

void ojd_reply_shape_for(ojd_reply_shape *sh, const ojd_profile *f, const ojd_puzzle *p)
{
    memset(sh, 0, sizeof *sh);
    sh->style = ojd_output_style(f, p);
    int side = p->board.side;
    sh->letters = ojd_output_letters(f, &p->board, p->layout.letters, sh->style);
    sh->single = sh->letters || side <= 9 || (f && f->digits_first);
    sh->dashes = f ? f->out_separator == OJD_SEP_DASHES : true;
    sh->blank = f && f->task == OJD_TASK_DEDUCE ? f->blank : 0;
    /* a cell left blank: written as the input writes one, as the profile does, or as 0 or '.',
     * the blanks every grammar reads (a program that prints its grid unsolved, or its own
     * empty value, where a value belongs) */
    const char blanks[] = {p->layout.blank, f ? f->blank : 0, '0', '.'};
    size_t nb = 0;
    for (size_t i = 0; i < sizeof blanks; i++) {
        if (blanks[i] && blanks[i] != sh->blank && !memchr(sh->left_blank, blanks[i], nb))
            sh->left_blank[nb++] = blanks[i];
        if (i == 1)
            sh->blanks_real = (int)nb;
    }
    if (f && f->header)
        ojd_template_expand(sh->header, sizeof sh->header, f->header,
                            &(ojd_template_vars){.index = p->index, .label = p->layout.label});
    else if (!f && p->layout.label[0])
        snprintf(sh->header, sizeof sh->header, "%s", p->layout.label);
    for (int o = 0; o < OJD_OUTCOME_COUNT_; o++) {
        const char *w = f ? f->words[o] : NULL;
        if (w && sh->style == OJD_STYLE_VERDICT) {
            ojd_template_expand(sh->verdict_buf[o], sizeof sh->verdict_buf[o],
                                f->verdict_line ? f->verdict_line : "{word}",
                                &(ojd_template_vars){.index = p->index, .word = w});
            sh->phrase[o] = sh->verdict_buf[o];
        } else {
            sh->phrase[o] = w;
        }
    }
    sh->any_case = f && f->words_any_case;
}

/* ---- reading one case of an output --------------------------------------------------------- */

static bool is_rule_char(int c) { return c == '-' || c == '+' || c == '|' || c == '='; }

/* The value of a one-character cell, 0 when the character is no legal value. */
static int single_value(int c, int side, bool letters)
{
    if (letters)
        return c >= 'A' && c < 'A' + side ? c - 'A' + 1 : 0;
    if (c >= 'A' && c < 'A' + side - 9) /* key symbols: 10 = A, ... */
        return c - 'A' + 10;
    return c >= '1' && c < '1' + side && c <= '9' ? c - '0' : 0;
}

/* The value of a numeric token, 0 when it is no legal value (a leading zero included: a judge
 * reading an integer rejects "07"). */
static int number_value(const char *s, int n, int side)
{
    if (n == 0 || n > 3 || s[0] == '0')
        return 0;
    int v = 0;
    for (int i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9')
            return 0;
        v = v * 10 + (s[i] - '0');
    }
    return v >= 1 && v <= side ? v : 0;
}

/* Is c what a blank is written as (shape->left_blank)? */
static bool left_blank(const ojd_reply_shape *sh, int c)
{
    return c > 0 && c <= 0xff && memchr(sh->left_blank, c, strlen(sh->left_blank)) != NULL;
}

/* The cell-th cell (from 0) is no value: symbol is what it holds when that is one character
 * (else -1), what the message's text for it.  At the first cell the case may be no grid at all
 * (a word, say): OTHER, where a word is expected the message quotes it instead. */
static void bad_cell(ojd_reply_case *g, const ojd_reply_shape *sh, int cell, int side,
                     int symbol, const char *what)
{
    g->kind = cell == 0 ? OJD_REPLY_OTHER : OJD_REPLY_BAD_GRID;
    const char *at = left_blank(sh, symbol) ? strchr(sh->left_blank, symbol) : NULL;
    if (at && at - sh->left_blank < sh->blanks_real)
        snprintf(g->detail, sizeof g->detail, "row %d column %d: cell left blank (%c)",
                 cell / side + 1, cell % side + 1, symbol);
    else if (at) /* 0 or '.' where neither INPUT nor the profile writes a blank so */
        snprintf(g->detail, sizeof g->detail, "row %d column %d: bad symbol '%c' (no value: a "
                 "cell left blank?)", cell / side + 1, cell % side + 1, symbol);
    else
        snprintf(g->detail, sizeof g->detail, "row %d column %d: bad symbol %s",
                 cell / side + 1, cell % side + 1, what);
}

/* A token as a message shows it: 'x' for one character, "text" otherwise. */
static const char *tok_what(const tok *k, char *buf, size_t size)
{
    if (!k) {
        snprintf(buf, size, "the end of the output");
        return buf;
    }
    if (!k->quoted && !k->more && !k->cut && k->n - k->off == 1)
        return ojd_char_text((unsigned char)k->text[k->off], buf, size);
    char text[QUOTE_MAX + 8];
    tok_clip(k, text, sizeof text, QUOTE_MAX);
    snprintf(buf, size, "\"%s\"", text);
    return buf;
}

/* Takes the box rule a pretty-printed grid has between bands, a token of '-', '+', '|', '='
 * only; false (what was read of it taken) when the token holds something else too. */
static bool take_rule(ojd_reply *t)
{
    for (;;) {
        tok *k = tk_slot(t, t->cur);
        if (!is_rule_char((unsigned char)k->text[k->off]))
            return false;
        if (!tk_take_char(t))
            return true;
    }
}

/* Reads the grid of a case: side*side cells, as tokens of one or several cells. */
static void read_grid_cells(ojd_reply *t, const ojd_reply_shape *sh, int side, ojd_reply_case *g)
{
    int cells = side * side;
    unsigned long long last = 0; /* where the last cell read stands in the stream */
    g->kind = OJD_REPLY_GRID;
    ojd_board_init_side(&g->grid, side);
    for (int i = 0; i < cells; i++) {
        tok *k = tk_peek(t);
        if (!k) {
            g->kind = i == 0 ? OJD_REPLY_MISSING : OJD_REPLY_SHORT_GRID;
            g->cells = i;
            return;
        }
        char what[64];
        int first = (unsigned char)k->text[k->off];
        if (sh->style == OJD_STYLE_PRETTY && is_rule_char(first)) {
            if (!take_rule(t)) {
                bad_cell(g, sh, i, side, -1, ojd_char_text(first, what, sizeof what));
                return;
            }
            i--;
            continue;
        }
        int v;
        if (sh->single) {
            bool blank = sh->blank && first == sh->blank;
            v = blank ? 0 : single_value(first, side, sh->letters);
            if (!v && !blank) {
                bad_cell(g, sh, i, side, first, ojd_char_text(first, what, sizeof what));
                return;
            }
            last = k->at + (unsigned long long)k->off;
            tk_take_char(t);
        } else {
            v = k->more || k->cut ? 0 : number_value(k->text + k->off, k->n - k->off, side);
            if (!v) {
                bool one = !k->more && !k->cut && k->n - k->off == 1;
                bad_cell(g, sh, i, side, one ? (unsigned char)k->text[k->off] : -1,
                         tok_what(k, what, sizeof what));
                return;
            }
            tk_take(t);
        }
        g->grid.cell[i] = (uint8_t)v;
    }
    /* a jigsaw's line (PUZZLE:REGIONS, as solve writes its answer) and a killer's
     * (GIVENS:REGIONS:CAGES:SUMS): the map, cages and sums that follow the cells in the same
     * token are the puzzle's, which judges the cells; they are passed over */
    tok *k = sh->single ? tk_peek(t) : NULL;
    unsigned long long at = k ? k->at + (unsigned long long)k->off : 0;
    if (!k || at != last + 1 || k->text[k->off] != ':')
        return;
    tk_take_char(t);
    /* symbols that follow without a break: up to one a cell (alphanumeric) for the map, two
     * bytes a cell (any but ':', UTF-8 past ASCII) for the cages, and the sums' digits and
     * commas, each part after a ':' */
    for (int part = 0; part < 3; part++) {
        for (int i = 0; i < (part == 1 ? 2 * cells : part == 2 ? 6 * cells : cells) &&
                        (k = tk_peek(t)) != NULL; i++) {
            unsigned long long next = k->at + (unsigned long long)k->off;
            unsigned char c = (unsigned char)k->text[k->off];
            bool symbol = part == 0 ? isalnum(c) != 0 : part == 1 ? c != ':'
                                                                  : isdigit(c) || c == ',';
            if (next != at + 1 || !symbol)
                break;
            at = next;
            tk_take_char(t);
        }
        k = part < 2 ? tk_peek(t) : NULL;
        if (!k || k->at + (unsigned long long)k->off != at + 1 || k->text[k->off] != ':')
            return;
        at++;
        tk_take_char(t);
    }
}

/* The value of a quoted cell of a literal, 0 when it is none.  Above 9x9 a quoted cell is one
 * value however it is spelled: the writer uses letters, LeetCode-style boards and `ojdoku
 * generate` use numbers. */
static int literal_value(const tok *k, const ojd_reply_shape *sh, int side)
{
    if (k->cut)
        return 0;
    int v;
    if (sh->single)
        v = k->n == 1 ? single_value((unsigned char)k->text[0], side, sh->letters) : 0;
    else
        v = number_value(k->text, k->n, side);
    if (!v && side > 9) {
        v = number_value(k->text, k->n, side);
        if (!v && k->n == 1)
            v = single_value((unsigned char)k->text[0], side, true);
    }
    return v;
}

/* A broken literal: detail set from printf arguments. */
static bool literal_error(ojd_reply_case *g, ojd_reply_kind kind, const char *fmt, ...)
    OJD_PRINTF(3, 4);
static bool literal_error(ojd_reply_case *g, ojd_reply_kind kind, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(g->detail, sizeof g->detail, fmt, ap);
    va_end(ap);
    g->kind = kind;
    return false;
}

/* The output ended inside a literal after `cells` cells. */
static bool literal_cut(ojd_reply_case *g, int cells, int side)
{
    g->cells = cells;
    if (cells < side * side)
        g->kind = OJD_REPLY_SHORT_GRID;
    else
        literal_error(g, OJD_REPLY_BAD_GRID, "the output ends before the board is closed");
    return false;
}

/* Reads a LeetCode board literal: [[c,...,c],...,[c,...,c]], side rows of side quoted cells,
 * a comma between cells and between rows.  Whitespace between the tokens is free; nothing else
 * is: a missing or extra bracket or comma, or a row or board of the wrong length, is wrong.
 * false when the literal is broken (g->kind and g->detail say how). */
static bool read_literal_cells(ojd_reply *t, const ojd_reply_shape *sh, int side, ojd_reply_case *g)
{
    char what[64];
    g->kind = OJD_REPLY_GRID;
    ojd_board_init_side(&g->grid, side);
    tok *k = tk_peek(t);
    if (!k) {
        g->kind = OJD_REPLY_MISSING;
        return false;
    }
    if (!tok_punct(k, '['))
        return literal_error(g, OJD_REPLY_OTHER, "expected '[' to open the board, found %s",
                             tok_what(k, what, sizeof what));
    tk_take(t);
    for (int r = 0; r < side; r++) {
        if (r > 0) {
            if (!(k = tk_peek(t)))
                return literal_cut(g, r * side, side);
            if (tok_punct(k, ']'))
                return literal_error(g, OJD_REPLY_BAD_GRID, "the board has %d rows, expected %d", r,
                                     side);
            if (!tok_punct(k, ','))
                return literal_error(g, OJD_REPLY_BAD_GRID,
                                     "expected ',' after row %d, found %s", r,
                                     tok_what(k, what, sizeof what));
            tk_take(t);
        }
        if (!(k = tk_peek(t)))
            return literal_cut(g, r * side, side);
        if (!tok_punct(k, '['))
            return literal_error(g, OJD_REPLY_BAD_GRID, "row %d: expected '[', found %s", r + 1,
                                 tok_what(k, what, sizeof what));
        tk_take(t);
        for (int c = 0; c < side; c++) {
            int i = r * side + c;
            if (c > 0) {
                if (!(k = tk_peek(t)))
                    return literal_cut(g, i, side);
                if (tok_punct(k, ']'))
                    return literal_error(g, OJD_REPLY_BAD_GRID, "row %d has %d cells, expected %d",
                                         r + 1, c, side);
                if (!tok_punct(k, ','))
                    return literal_error(g, OJD_REPLY_BAD_GRID,
                                         "row %d: expected ',' after column %d, found %s", r + 1,
                                         c, tok_what(k, what, sizeof what));
                tk_take(t);
            }
            if (!(k = tk_peek(t)) || k->open)
                return literal_cut(g, i, side);
            if (!k->quoted)
                return literal_error(g, i == 0 ? OJD_REPLY_OTHER : OJD_REPLY_BAD_GRID,
                                     "row %d column %d: expected a quoted cell, found %s", r + 1,
                                     c + 1, tok_what(k, what, sizeof what));
            int v = literal_value(k, sh, side);
            if (!v) {
                bool one = k->n == 1 && !k->cut;
                if (one)
                    ojd_char_text((unsigned char)k->text[0], what, sizeof what);
                else
                    tok_what(k, what, sizeof what);
                bad_cell(g, sh, i, side, one ? (unsigned char)k->text[0] : -1, what);
                return false;
            }
            g->grid.cell[i] = (uint8_t)v;
            tk_take(t);
        }
        if (!(k = tk_peek(t)))
            return literal_cut(g, (r + 1) * side, side);
        if (tok_punct(k, ','))
            return literal_error(g, OJD_REPLY_BAD_GRID, "row %d has more than %d cells", r + 1,
                                 side);
        if (!tok_punct(k, ']'))
            return literal_error(g, OJD_REPLY_BAD_GRID,
                                 "row %d: expected ']' after %d cells, found %s", r + 1, side,
                                 tok_what(k, what, sizeof what));
        tk_take(t);
    }
    if (!(k = tk_peek(t)))
        return literal_cut(g, side * side, side);
    if (tok_punct(k, ','))
        return literal_error(g, OJD_REPLY_BAD_GRID, "the board has more than %d rows", side);
    if (!tok_punct(k, ']'))
        return literal_error(g, OJD_REPLY_BAD_GRID, "expected ']' after row %d, found %s", side,
                             tok_what(k, what, sizeof what));
    tk_take(t);
    return true;
}

void ojd_reply_read_case(ojd_reply *t, const ojd_reply_shape *sh, int side, ojd_reply_case *g)
{
    tok *k;
    memset(g, 0, offsetof(ojd_reply_case, grid));
    while (sh->dashes && (k = tk_peek(t)) != NULL && tok_is(k, "---", 3))
        tk_take(t);
    if (!(k = tk_peek(t))) {
        g->kind = OJD_REPLY_MISSING;
        return;
    }
    if (!t->case_met) {
        t->case_met = true;
        t->case_at = k->at + (unsigned long long)k->off;
    }
    if (sh->header[0]) {
        ojd_reply_pos at = tk_tell(t);
        unsigned long long where = 0;
        bool there = tk_where(t, &where);
        if (!tk_match_phrase(t, sh->header, false)) {
            char found[QUOTE_MAX + 16];
            quote_found(t, there, where, at, phrase_tokens(sh->header), found, sizeof found);
            g->kind = OJD_REPLY_HEADER;
            if (snprintf(g->detail, sizeof g->detail, "expected \"%s\", found %s",
                         sh->header, found) < 0)
                g->detail[0] = '\0';
            return;
        }
    }
    g->body = tk_tell(t);
    g->body_met = tk_where(t, &g->body_at);
    for (int o = 0; o < OJD_OUTCOME_COUNT_; o++) {
        if (sh->phrase[o] && tk_match_phrase(t, sh->phrase[o], sh->any_case)) {
            g->kind = OJD_REPLY_WORD;
            g->word = o;
            return;
        }
    }
    if (sh->style == OJD_STYLE_VERDICT) {
        g->kind = OJD_REPLY_OTHER;
        return;
    }
    if (t->literal)
        read_literal_cells(t, sh, side, g);
    else
        read_grid_cells(t, sh, side, g);
}

void ojd_reply_describe(ojd_reply *t, const ojd_reply_case *g, const ojd_reply_shape *sh,
                      const char *expected, char *buf, size_t size)
{
    if (g->kind == OJD_REPLY_WORD && !sh->any_case)
        snprintf(buf, size, "\"%s\"", sh->phrase[g->word]);
    else if (g->kind == OJD_REPLY_WORD) /* as written, which may be another case */
        quote_found(t, g->body_met, g->body_at, g->body, phrase_tokens(sh->phrase[g->word]), buf,
                    size);
    else
        quote_found(t, g->kind != OJD_REPLY_MISSING && g->body_met, g->body_at, g->body,
                    expected ? phrase_tokens(expected) : 1, buf, size);
}

void ojd_reply_begin_case(ojd_reply *t) { t->case_met = false; }

unsigned long ojd_reply_case_lines(ojd_reply *t, int count, char *buf, size_t size)
{
    if (size == 0)
        return 0;
    buf[0] = '\0';
    source *s = &t->src;
    unsigned long first;
    size_t col;
    if (!t->case_met || count <= 0 || !src_locate(s, t->case_at, &first, &col))
        return 0;
    src_read_on(s, first + (unsigned long)count - 1);
    if (!src_kept(s, first))
        return 0;
    size_t k = 0;
    for (unsigned long no = first; no < first + (unsigned long)count; no++) {
        const kept_line *l = src_kept(s, no);
        if (!l)
            break;
        size_t n = l->len;
        if (l->ended && n == l->full && n > 0 && l->text[n - 1] == '\r')
            n--; /* the CR of a CRLF line end is no part of the line */
        char text[SHOW_MAX + 8];
        size_t w = quote_bytes(text, sizeof text, l->text, n, SHOW_MAX, l->full > l->len);
        if (k + w + 2 > size)
            break;
        memcpy(buf + k, text, w);
        k += w;
        buf[k++] = '\n';
        buf[k] = '\0';
    }
    return first;
}

/* ---- what is not a case: Project Euler's sum, --count's lines ------------------------------ */

bool ojd_reply_read_sum(ojd_reply *t, unsigned long long *value, char *why, size_t size)
{
    tok *k = tk_peek(t);
    if (!k) {
        if (t->end == 0)
            snprintf(why, size, "the output is empty");
        else
            snprintf(why, size, "expected a number, found the end of the output");
        return false;
    }
    if (!t->case_met) {
        t->case_met = true;
        t->case_at = k->at + (unsigned long long)k->off;
    }
    const char *s = k->text + k->off;
    int n = k->n - k->off;
    unsigned long long v = 0;
    bool whole = !k->more && !k->cut && n > 0;
    bool number = whole && n <= 19;
    for (int i = 0; number && i < n; i++) {
        if (s[i] < '0' || s[i] > '9')
            number = false;
        else
            v = v * 10 + (unsigned long long)(s[i] - '0');
    }
    /* the judge's integer as testlib reads one: no '+', no sign on 0, no leading zero */
    const char *fault = NULL;
    int digits = 0, zeros = 0;
    for (int i = 1; whole && i < n && s[i] >= '0' && s[i] <= '9'; i++) {
        digits++;
        zeros += s[i] == '0';
    }
    if (n > 1 && digits == n - 1 && (s[0] == '+' || s[0] == '-'))
        fault = s[0] == '+' ? " (a number has no '+')" : zeros == digits ? " (0 has no sign)" : "";
    else if (number && n > 1 && s[0] == '0')
        fault = " (a number has no leading zero)";
    if (!number || fault) {
        char found[QUOTE_MAX + 16];
        quote_found(t, true, k->at + (unsigned long long)k->off, tk_tell(t), 1, found,
                    sizeof found);
        snprintf(why, size, "expected a number, found %s%s", found, fault ? fault : "");
        return false;
    }
    tk_take(t);
    *value = v;
    return true;
}

bool ojd_reply_next_is(ojd_reply *t, const char *text)
{
    tok *k = tk_peek(t);
    return k && tok_is(k, text, strlen(text));
}

bool ojd_reply_skip_count_line(ojd_reply *t)
{
    tok *k = tk_peek(t);
    if (!k || !tok_is(k, "count", 5))
        return false;
    ojd_reply_pos at = tk_tell(t);
    tk_take(t);
    k = tk_peek(t);
    int n = k ? k->n - k->off : 0;
    if (n > 0 && !k->more && !k->cut && strspn(k->text + k->off, "0123456789") >= (size_t)n) {
        tk_take(t);
        return true;
    }
    tk_seek(t, at);
    return false;
}
