/*
 * check.c -- the special judge: verifies a contestant's OUTPUT against the puzzles of INPUT (and
 * optionally the jury's ANSWER) in a judge profile's output grammar.
 *
 * The three streams are walked together, one case at a time, in memory that does not grow with
 * their sizes; each is a FILE or a buffer (ojd_check_stream() and ojd_check() differ only in how
 * they open them):
 *   INPUT   is read with the ordinary reader (the profile's grammar, or detected);
 *   OUTPUT  is pulled through a fixed buffer as tokens, the way testlib reads them: whitespace of
 *           any amount separates tokens and is otherwise ignored.  Where a profile writes one
 *           character per cell (up to 9x9, or letters), a token may hold several cells (packed
 *           rows, whole-puzzle lines); where it writes numbers (above 9x9 without letters) every
 *           token is one number.  A token is kept TOK_KEEP characters at a time: a longer one is
 *           read on as its cells are taken, or skipped.  The LeetCode literal is read by its
 *           structure: brackets, commas and quoted cells are tokens of their own and must stand
 *           where the literal has them; only the whitespace between them is free.
 *           Headers ("Scenario #2:"), input labels ("Grid 01") and verdict words must appear as
 *           tokens; the "---" separator and blank lines are framing, checked only when strict;
 *   ANSWER  (the jury's output) is read like OUTPUT and cross-checked against the solver.
 * Each case is judged by the rules of the profile that governs it (ojd_format_effective(): the
 * chosen one, or UVa 989's for a size-prefixed input when none was chosen).  The expected outcome
 * comes from the solver with that profile's search (limit 2 where it reports ambiguity, the
 * lexicographic minimum where it asks for it): the rules the writer follows, so the checker
 * accepts exactly what `ojdoku solve` prints.  The output is also compared, byte for byte, with
 * what the writer prints for the contestant's own answers: the writer renders each right case
 * into a memory stream that is compared with the contestant's bytes as they are read, then
 * emptied (the framer).  With options->strict the first difference is a presentation error;
 * otherwise the ok verdict names it ("ok 3 cases (not byte-exact: line 10 column 1: missing
 * blank line; --strict to reject)"): one notion of byte-exactness for both.  Without a profile,
 * a failure at one of the first cases names the profile whose framing OUTPUT has, if any
 * (suggest_format()).
 *
 * Precedence: a jury fault (FAIL) found anywhere in INPUT outranks the contestant's first wrong
 * case; judging stops at the first wrong case (OUTPUT is read no further, later ANSWER cases are
 * not cross-checked), but INPUT is still read to its end to count cases and to catch malformed
 * ones.  An INPUT without a puzzle and a read error on any stream are FAILs.
 */
#include "internal.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHUNK 65536                    /* the read buffer of a FILE */
#define TOK_KEEP 64                    /* characters of a token kept at a time */
#define RING 16                        /* tokens kept for look-ahead (phrases) and messages */
#define FRAME_KEEP ((size_t)1 << 20)   /* contestant bytes kept ahead of the rendering */
#define HINT_CASES 16                  /* no --format: puzzles kept for a "did you mean" hint */

/* ---- messages ------------------------------------------------------------------------------ */

static const char *const verdict_prefix[] = {
    [OJD_VERDICT_OK] = "ok",
    [OJD_VERDICT_WRONG] = "wrong answer",
    [OJD_VERDICT_PRESENTATION] = "presentation error",
    [OJD_VERDICT_FAIL] = "FAIL",
};

/* Sets the report: "<verdict>: case N: <message>" (no case part when case_no is 0). */
static ojd_verdict verdict_set(ojd_check_report *rep, ojd_verdict v, unsigned long case_no,
                               const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
static ojd_verdict verdict_set(ojd_check_report *rep, ojd_verdict v, unsigned long case_no,
                               const char *fmt, ...)
{
    char text[sizeof rep->message];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    rep->verdict = v;
    rep->failed_case = case_no;
    /* messages longer than the report are cut; the return value is checked only to say so */
    int n;
    if (v == OJD_VERDICT_OK)
        n = snprintf(rep->message, sizeof rep->message, "ok %s", text);
    else if (case_no)
        n = snprintf(rep->message, sizeof rep->message, "%s: case %lu: %s", verdict_prefix[v],
                     case_no, text);
    else
        n = snprintf(rep->message, sizeof rep->message, "%s: %s", verdict_prefix[v], text);
    if (n < 0)
        snprintf(rep->message, sizeof rep->message, "%s", verdict_prefix[v]);
    return v;
}

/* A byte as a message shows it: 'x', or "byte 0x00" for what is not printable. */
static const char *char_text(int c, char *buf, size_t size)
{
    if (c >= 0x21 && c < 0x7f)
        snprintf(buf, size, "'%c'", c);
    else if (c == ' ')
        snprintf(buf, size, "a space");
    else
        snprintf(buf, size, "byte 0x%02X", (unsigned)(c & 0xff));
    return buf;
}

/* Text for a message: printable ASCII kept, other bytes as '?', at most max characters of src
 * and then "..." when src is longer, all within size bytes (NUL included). */
static void clip_text(char *dst, size_t size, const char *src, size_t n, size_t max)
{
    if (size == 0)
        return;
    size_t limit = size - 1, k = 0;
    size_t keep = n < max ? n : max;
    bool cut = n > max;
    if (keep + (cut ? 3 : 0) > limit) {
        cut = true;
        keep = limit >= 3 ? limit - 3 : 0;
    }
    for (size_t i = 0; i < keep; i++) {
        unsigned char c = (unsigned char)src[i];
        dst[k++] = c >= 0x20 && c < 0x7f ? (char)c : '?';
    }
    for (int dot = 0; cut && dot < 3 && k < limit; dot++)
        dst[k++] = '.';
    dst[k] = '\0';
}

/* A cell value as the output writes it: a letter in letter grids, else a number. */
static void value_text(char *buf, size_t size, int v, bool letters)
{
    if (letters)
        snprintf(buf, size, "%c", ojd_symbol(v, true));
    else
        snprintf(buf, size, "%d", v);
}

/* ---- the validity of one grid (shared with `ojdoku validate`) ------------------------------ */

bool ojd_check_grid(const ojd_board *board, char *message, size_t size)
{
    ojd_conflict c;
    if (!board || !ojd_board_find_conflict(board, &c)) {
        if (message && size)
            message[0] = '\0';
        return true;
    }
    if (message && size)
        snprintf(message, size, "%s %d repeats %d", c.unit, c.index, c.value);
    return false;
}

/* ---- strict framing: the contestant's bytes against the writer's ------------------------------
 *
 * Both sides arrive in pieces: the contestant's bytes as the tokens are read, the writer's
 * rendering after each right case.  Whichever side is ahead waits in its queue until the other
 * catches up, and the two are compared byte by byte as they meet.  The rendering is never far
 * ahead (one case), but the output can be: its bytes past FRAME_KEEP are only counted.  That many
 * bytes ahead of the rendering cannot be right (a right case is as long as its rendering), and
 * the first difference lies within the kept ones, where the next rendering meets them. */

typedef struct framer {
    unsigned char *want;       /* the rendering not yet compared: want[want_pos .. want_len) */
    size_t want_pos, want_len, want_cap;
    unsigned char *got;        /* the output not yet compared: got[got_pos .. got_len), */
    size_t got_pos, got_len;   /* then got_dropped bytes not kept */
    unsigned long long got_dropped;
    int dropped_stop;          /* the first dropped byte that is a newline or not blank, or -1 */
    bool nomem;
    long line, col;            /* where the next byte to compare is */
    /* the first difference */
    bool differs;
    long d_line, d_col;
    int o, w;                  /* the output's byte and the rendering's: -1 = ended, -2 = unknown */
    bool w_last;               /* w is the last byte of the rendering */
    int blank_rest;            /* the output's line from o on holds blanks only: -1 not known yet */
} framer;

static bool frame_init(framer *fr)
{
    memset(fr, 0, sizeof *fr);
    fr->line = fr->col = 1;
    fr->dropped_stop = -1;
    fr->got = malloc(FRAME_KEEP);
    fr->want_cap = 4096;
    fr->want = malloc(fr->want_cap);
    return fr->got && fr->want;
}

static void frame_free(framer *fr)
{
    free(fr->got);
    free(fr->want);
}

static bool is_space(int c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

static bool is_blank(int c) { return c == ' ' || c == '\t' || c == '\r'; }

/* Moves the position over n bytes that matched. */
static void frame_advance(framer *fr, const unsigned char *p, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (p[i] == '\n')
            fr->line++, fr->col = 1;
        else
            fr->col++;
    }
}

/* Output bytes after the difference: they settle whether the rest of its line is blank. */
static void frame_probe(framer *fr, const unsigned char *p, size_t n)
{
    for (size_t i = 0; i < n && fr->blank_rest < 0; i++) {
        if (p[i] == '\n')
            fr->blank_rest = 1;
        else if (!is_blank(p[i]))
            fr->blank_rest = 0;
    }
}

/* Records the first difference at the current position; rest is the output that follows o in
 * the kept queue (the dropped bytes, if any, follow it). */
static void frame_differ(framer *fr, int o, int w, bool w_last, const unsigned char *rest,
                         size_t n)
{
    fr->differs = true;
    fr->d_line = fr->line;
    fr->d_col = fr->col;
    fr->o = o;
    fr->w = w;
    fr->w_last = w_last;
    fr->blank_rest = -1;
    frame_probe(fr, rest, n);
    if (fr->blank_rest < 0 && fr->got_dropped && fr->dropped_stop >= 0)
        fr->blank_rest = fr->dropped_stop == '\n';
}

/* The index of the first byte where a and b differ, n if none. */
static size_t first_mismatch(const unsigned char *a, const unsigned char *b, size_t n)
{
    size_t i = 0;
    while (i < n && a[i] == b[i])
        i++;
    return i;
}

/* n more bytes of the output. */
static void frame_got(framer *fr, const unsigned char *p, size_t n)
{
    if (fr->differs) {
        frame_probe(fr, p, n);
        return;
    }
    size_t ahead = fr->want_len - fr->want_pos;
    size_t k = ahead < n ? ahead : n;
    size_t i = first_mismatch(p, fr->want + fr->want_pos, k);
    frame_advance(fr, p, i);
    if (i < k) {
        frame_differ(fr, p[i], fr->want[fr->want_pos + i], false, p + i + 1, n - i - 1);
        return;
    }
    fr->want_pos += k;
    if (fr->want_pos == fr->want_len)
        fr->want_pos = fr->want_len = 0;
    p += k;
    n -= k;
    if (n == 0)
        return;
    /* the output is ahead: keep what fits (in order: nothing once some was dropped) */
    if (fr->got_dropped == 0) {
        if (fr->got_pos == fr->got_len)
            fr->got_pos = fr->got_len = 0;
        if (fr->got_len + n > FRAME_KEEP && fr->got_pos > 0) {
            memmove(fr->got, fr->got + fr->got_pos, fr->got_len - fr->got_pos);
            fr->got_len -= fr->got_pos;
            fr->got_pos = 0;
        }
        size_t room = FRAME_KEEP - fr->got_len;
        size_t c = n < room ? n : room;
        memcpy(fr->got + fr->got_len, p, c);
        fr->got_len += c;
        p += c;
        n -= c;
    }
    for (size_t j = 0; j < n && fr->dropped_stop < 0; j++)
        if (!is_blank(p[j]))
            fr->dropped_stop = p[j];
    fr->got_dropped += n;
}

/* n more bytes of the rendering. */
static void frame_want(framer *fr, const unsigned char *p, size_t n)
{
    if (fr->differs || fr->nomem)
        return;
    size_t ahead = fr->got_len - fr->got_pos;
    size_t k = ahead < n ? ahead : n;
    const unsigned char *g = fr->got + fr->got_pos;
    size_t i = first_mismatch(g, p, k);
    frame_advance(fr, p, i);
    if (i < k) {
        frame_differ(fr, g[i], p[i], false, g + i + 1, ahead - i - 1);
        return;
    }
    fr->got_pos += k;
    if (fr->got_pos == fr->got_len)
        fr->got_pos = fr->got_len = 0;
    p += k;
    n -= k;
    if (n == 0)
        return;
    if (fr->got_dropped) {
        /* the kept output all matched and the dropped bytes are unknown (not expected: see
         * above); the difference is here, its bytes are not known */
        frame_differ(fr, -2, p[0], false, NULL, 0);
        return;
    }
    if (fr->want_pos > 0) {
        memmove(fr->want, fr->want + fr->want_pos, fr->want_len - fr->want_pos);
        fr->want_len -= fr->want_pos;
        fr->want_pos = 0;
    }
    if (fr->want_len + n > fr->want_cap) {
        size_t cap = fr->want_cap;
        while (cap < fr->want_len + n)
            cap *= 2;
        unsigned char *grown = realloc(fr->want, cap);
        if (!grown) {
            fr->nomem = true;
            return;
        }
        fr->want = grown;
        fr->want_cap = cap;
    }
    memcpy(fr->want + fr->want_len, p, n);
    fr->want_len += n;
}

/* Both sides are complete: what is left on one side is the difference. */
static void frame_end(framer *fr)
{
    if (!fr->differs) {
        size_t got_n = fr->got_len - fr->got_pos, want_n = fr->want_len - fr->want_pos;
        if (got_n)
            frame_differ(fr, fr->got[fr->got_pos], -1, false, fr->got + fr->got_pos + 1,
                         got_n - 1);
        else if (fr->got_dropped)
            frame_differ(fr, -2, -1, false, NULL, 0);
        else if (want_n)
            frame_differ(fr, -1, fr->want[fr->want_pos], want_n == 1, NULL, 0);
    }
    if (fr->blank_rest < 0)
        fr->blank_rest = 1;
}

/* What the first difference is, as a presentation error's message. */
static void frame_message(const framer *fr, char *what, size_t size)
{
    int o = fr->o, w = fr->w;
    char a[32], b[32];
    bool at_line_start = fr->d_col == 1;
    if (o == -1 && w == '\n' && fr->w_last)
        snprintf(what, size, "missing newline at the end of the output");
    else if (o == -1)
        snprintf(what, size, "the output ends early");
    else if (o == -2)
        snprintf(what, size, "the output differs from the expected framing");
    else if (o == '\r')
        snprintf(what, size, "carriage return (CRLF line ending)");
    else if ((o == ' ' || o == '\t') && (w == '\n' || w == -1) && fr->blank_rest == 1)
        snprintf(what, size, "trailing whitespace");
    else if (o == '\n' && at_line_start)
        snprintf(what, size, w == -1 ? "blank line at the end" : "unexpected blank line");
    else if (w == '\n' && at_line_start)
        snprintf(what, size, "missing blank line");
    else if (w == -1)
        snprintf(what, size, "extra output at the end");
    else if (w == '\n')
        snprintf(what, size, "expected the end of the line, found %s", char_text(o, a, sizeof a));
    else if (o == '\n')
        snprintf(what, size, "expected %s, found the end of the line", char_text(w, b, sizeof b));
    else
        snprintf(what, size, "expected %s, found %s", char_text(w, b, sizeof b),
                 char_text(o, a, sizeof a));
}

/* ---- byte sources: a FILE through a fixed buffer, or a caller's buffer ---------------------- */

typedef struct source {
    FILE *file;                  /* NULL: the bytes are all in data */
    const unsigned char *data;   /* the bytes at hand: data[pos .. len) */
    size_t pos, len;
    unsigned char *buf;          /* CHUNK bytes, for a FILE */
    bool eof;                    /* nothing after data[len] */
    bool error;                  /* a read error ended the FILE */
    int error_number;            /* its errno */
    framer *tap;                 /* strict: the bytes taken go to the framer */
} source;

static void src_mem(source *s, const char *data, size_t size)
{
    memset(s, 0, sizeof *s);
    s->data = (const unsigned char *)(data ? data : "");
    s->len = data ? size : 0;
    s->eof = true;
}

static bool src_file(source *s, FILE *file)
{
    memset(s, 0, sizeof *s);
    s->file = file;
    s->buf = malloc(CHUNK);
    s->data = s->buf;
    return s->buf != NULL;
}

/* Are bytes at hand?  Reads the next chunk of a FILE when the last one is used up. */
static bool src_fill(source *s)
{
    if (s->pos < s->len)
        return true;
    if (s->eof)
        return false;
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

/* Takes the next n bytes at hand (n <= len - pos). */
static void src_take(source *s, size_t n)
{
    if (s->tap && n)
        frame_got(s->tap, s->data + s->pos, n);
    s->pos += n;
}

/* ---- tokens -----------------------------------------------------------------------------------
 *
 * A token is kept TOK_KEEP characters at a time.  `more` says its characters go on in the source:
 * taking cells one character at a time reads them on; reading the next token skips them (and
 * marks the token `cut`: what is left of it is no longer known).  The ring keeps the last RING
 * tokens, so that a phrase that does not match can be taken back and a message can quote the
 * tokens of a case; it never holds more than a few tokens ahead of the cursor (the longest
 * phrase), so only tokens already taken are ever dropped from it. */

typedef struct tok {
    char text[TOK_KEEP];
    int n, off;          /* text[off .. n) is what is left of it */
    bool more;           /* it goes on in the source past text */
    bool cut;            /* some of it was skipped unread */
    bool quoted;         /* literal: a quoted string, text its contents */
    bool open;           /* literal: the string is not closed before the end of the source */
} tok;

typedef struct tokens {
    source src;
    bool literal;        /* LeetCode literal: [ ] , are tokens, quotes delimit one */
    tok ring[RING];      /* tokens first .. end-1 (numbered from 0, slot = number % RING) */
    unsigned long first, cur, end;   /* cur: the next token to hand out */
} tokens;

/* A place in a token stream, to go back to or to quote from. */
typedef struct tk_pos {
    unsigned long at;
    int off;
} tk_pos;

static bool is_literal_punct(int c) { return c == '[' || c == ']' || c == ','; }
static bool is_quote(int c) { return c == '"' || c == '\''; }

static bool tk_delim(const tokens *t, int c)
{
    return is_space(c) || (t->literal && (is_literal_punct(c) || is_quote(c)));
}

static tok *tk_slot(tokens *t, unsigned long at) { return &t->ring[at % RING]; }

/* Reads on the characters of token k from the source, up to TOK_KEEP (the ones kept before are
 * replaced). */
static void tk_fill(tokens *t, tok *k)
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
static bool tk_skip(tokens *t, bool delims)
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
static void tk_quoted(tokens *t, tok *k)
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
static bool tk_read(tokens *t)
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
    memset(k, 0, sizeof *k);
    source *s = &t->src;
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

/* Sets up a token stream on a source; a UTF-8 byte order mark is no token (strict mode still
 * sees it, as a difference). */
static void tk_start(tokens *t, bool literal)
{
    t->literal = literal;
    source *s = &t->src;
    if (src_fill(s) && s->len - s->pos >= 3 && memcmp(s->data + s->pos, "\xEF\xBB\xBF", 3) == 0)
        src_take(s, 3);
}

/* The next token without taking it; NULL at the end of the source. */
static tok *tk_peek(tokens *t)
{
    if (t->cur == t->end && !tk_read(t))
        return NULL;
    return tk_slot(t, t->cur);
}

static void tk_take(tokens *t) { t->cur++; }

/* Takes the next character of the current token as a cell; false when that ended the token. */
static bool tk_take_char(tokens *t)
{
    tok *k = tk_slot(t, t->cur);
    if (++k->off < k->n)
        return true;
    if (k->more && t->cur + 1 == t->end) {
        tk_fill(t, k);
        if (k->n > 0)
            return true;
    }
    t->cur++;
    return false;
}

static tk_pos tk_tell(tokens *t)
{
    tk_pos p = {t->cur, t->cur < t->end ? tk_slot(t, t->cur)->off : 0};
    return p;
}

/* Goes back to p (no character taken since, tokens still in the ring). */
static void tk_seek(tokens *t, tk_pos p)
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

static bool tok_punct(const tok *k, char c)
{
    return k && !k->quoted && k->n - k->off == 1 && k->text[k->off] == c;
}

/* What is left of k, for a message: at most max characters, "..." when there is more. */
static void tok_clip(const tok *k, char *buf, size_t size, size_t max)
{
    size_t left = (size_t)(k->n - k->off);
    if (!(k->more || k->cut) || left > max) {
        clip_text(buf, size, k->text + k->off, left, max);
        return;
    }
    clip_text(buf, size, k->text + k->off, left, left);
    size_t len = strlen(buf);
    if (len + 3 < size)
        memcpy(buf + len, "...", 4);
}

/* Takes the words of phrase (separated by single spaces) if the stream holds them next. */
static bool tk_match_phrase(tokens *t, const char *phrase)
{
    tk_pos save = tk_tell(t);
    const char *w = phrase;
    while (*w) {
        size_t n = strcspn(w, " ");
        if (n > 0) {
            tok *k = tk_peek(t);
            if (!k || !tok_is(k, w, n)) {
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

/* Up to `count` tokens from p on, joined by spaces, for "found ..." messages.  The cursor does
 * not move (tokens may be read ahead). */
static void tk_describe(tokens *t, tk_pos p, int count, char *buf, size_t size)
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
        if (k + 2 >= size)
            return;
        if (i > 0)
            buf[k++] = ' ';
        tok *tk = tk_slot(t, at);
        tok shown = *tk;
        if (at == p.at && p.off <= shown.n)
            shown.off = p.off;
        tok_clip(&shown, buf + k, size - k, 40);
        k += strlen(buf + k);
    }
}

/* ---- the expected shape of one case -------------------------------------------------------- */

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

/* What the output of one case looks like, by the writer's rules. */
typedef struct shape {
    ojd_style style;
    bool letters;        /* values as letters A = 1 */
    bool single;         /* one character per value: tokens may hold several cells */
    bool dashes;         /* "---" tokens between cases are framing */
    char header[96];     /* the expanded profile header, or the mirrored input label, or "" */
    const char *phrase[OJD_OUTCOME_COUNT_];  /* the text for each outcome, NULL = none */
    char verdict_buf[OJD_OUTCOME_COUNT_][96];
} shape;

static void shape_for(shape *sh, const ojd_format *f, const ojd_puzzle *p)
{
    memset(sh, 0, sizeof *sh);
    sh->style = ojd_output_style(f, p);
    int side = p->board.side;
    sh->letters = ojd_output_letters(f, &p->board, p->layout.letters, sh->style);
    sh->single = sh->letters || side <= 9;
    sh->dashes = f ? f->out_separator == OJD_SEP_DASHES : true;
    if (f && f->header)
        ojd_template_expand(sh->header, sizeof sh->header, f->header, p->index, NULL);
    else if (!f && p->layout.label[0])
        snprintf(sh->header, sizeof sh->header, "%s", p->layout.label);
    for (int o = 0; o < OJD_OUTCOME_COUNT_; o++) {
        const char *w = f ? f->words[o] : NULL;
        if (w && sh->style == OJD_STYLE_VERDICT) {
            ojd_template_expand(sh->verdict_buf[o], sizeof sh->verdict_buf[o],
                   f->verdict_line ? f->verdict_line : "{word}", p->index, w);
            sh->phrase[o] = sh->verdict_buf[o];
        } else {
            sh->phrase[o] = w;
        }
    }
}

/* ---- reading one case of an output --------------------------------------------------------- */

typedef enum got_kind {
    GOT_MISSING,     /* the output ended before the case */
    GOT_HEADER,      /* the header is wrong or missing (detail says how) */
    GOT_WORD,        /* a verdict phrase: word = its outcome */
    GOT_GRID,        /* a grid of legal symbols */
    GOT_BAD_GRID,    /* a grid with a bad symbol or a broken literal (detail) */
    GOT_SHORT_GRID,  /* the output ended inside the grid (cells read) */
    GOT_OTHER        /* neither a phrase nor a cell at the start of the case */
} got_kind;

typedef struct got {
    got_kind kind;
    int word;
    int cells;
    char detail[160];
    tk_pos body;        /* where the body of the case began */
    ojd_board grid;
} got;

static bool is_rule_char(int c) { return c == '-' || c == '+' || c == '|' || c == '='; }

/* The value of a one-character cell, 0 when the character is no legal value. */
static int single_value(int c, int side, bool letters)
{
    if (letters)
        return c >= 'A' && c < 'A' + side ? c - 'A' + 1 : 0;
    return c >= '1' && c < '1' + side && c <= '9' ? c - '0' : 0;
}

/* The value of a numeric token, 0 when it is no legal value. */
static int number_value(const char *s, int n, int side)
{
    if (n == 0 || n > 3)
        return 0;
    int v = 0;
    for (int i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9')
            return 0;
        v = v * 10 + (s[i] - '0');
    }
    return v >= 1 && v <= side ? v : 0;
}

static void bad_cell(got *g, int cell, int side, const char *what)
{
    g->kind = cell == 0 ? GOT_OTHER : GOT_BAD_GRID;
    snprintf(g->detail, sizeof g->detail, "row %d column %d: bad symbol %s", cell / side + 1,
             cell % side + 1, what);
}

/* A token as a message shows it: 'x' for one character, "text" otherwise. */
static const char *tok_what(const tok *k, char *buf, size_t size)
{
    if (!k) {
        snprintf(buf, size, "the end of the output");
        return buf;
    }
    if (!k->quoted && !k->more && !k->cut && k->n - k->off == 1)
        return char_text((unsigned char)k->text[k->off], buf, size);
    char text[48];
    tok_clip(k, text, sizeof text, 20);
    snprintf(buf, size, "\"%s\"", text);
    return buf;
}

/* Takes the box rule a pretty-printed grid has between bands, a token of '-', '+', '|', '='
 * only; false (what was read of it taken) when the token holds something else too. */
static bool take_rule(tokens *t)
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
static void read_grid_cells(tokens *t, const shape *sh, int side, got *g)
{
    int cells = side * side;
    g->kind = GOT_GRID;
    ojd_board_init_side(&g->grid, side);
    for (int i = 0; i < cells; i++) {
        tok *k = tk_peek(t);
        if (!k) {
            g->kind = i == 0 ? GOT_MISSING : GOT_SHORT_GRID;
            g->cells = i;
            return;
        }
        char what[64];
        int first = (unsigned char)k->text[k->off];
        if (sh->style == OJD_STYLE_PRETTY && is_rule_char(first)) {
            if (!take_rule(t)) {
                bad_cell(g, i, side, char_text(first, what, sizeof what));
                return;
            }
            i--;
            continue;
        }
        int v;
        if (sh->single) {
            v = single_value(first, side, sh->letters);
            if (!v) {
                bad_cell(g, i, side, char_text(first, what, sizeof what));
                return;
            }
            tk_take_char(t);
        } else {
            v = k->more || k->cut ? 0 : number_value(k->text + k->off, k->n - k->off, side);
            if (!v) {
                bad_cell(g, i, side, tok_what(k, what, sizeof what));
                return;
            }
            tk_take(t);
        }
        g->grid.cell[i] = (uint8_t)v;
    }
}

/* The value of a quoted cell of a literal, 0 when it is none.  Above 9x9 a quoted cell is one
 * value however it is spelled: the writer uses letters, LeetCode-style boards and `ojdoku
 * generate` use numbers. */
static int literal_value(const tok *k, const shape *sh, int side)
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
static bool literal_error(got *g, got_kind kind, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
static bool literal_error(got *g, got_kind kind, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(g->detail, sizeof g->detail, fmt, ap);
    va_end(ap);
    g->kind = kind;
    return false;
}

/* The output ended inside a literal after `cells` cells. */
static bool literal_cut(got *g, int cells, int side)
{
    g->cells = cells;
    if (cells < side * side)
        g->kind = GOT_SHORT_GRID;
    else
        literal_error(g, GOT_BAD_GRID, "the output ends before the board is closed");
    return false;
}

/* Reads a LeetCode board literal: [[c,...,c],...,[c,...,c]], side rows of side quoted cells,
 * a comma between cells and between rows.  Whitespace between the tokens is free; nothing else
 * is: a missing or extra bracket or comma, or a row or board of the wrong length, is wrong.
 * false when the literal is broken (g->kind and g->detail say how). */
static bool read_literal_cells(tokens *t, const shape *sh, int side, got *g)
{
    char what[64];
    g->kind = GOT_GRID;
    ojd_board_init_side(&g->grid, side);
    tok *k = tk_peek(t);
    if (!k) {
        g->kind = GOT_MISSING;
        return false;
    }
    if (!tok_punct(k, '['))
        return literal_error(g, GOT_OTHER, "expected '[' to open the board, found %s",
                             tok_what(k, what, sizeof what));
    tk_take(t);
    for (int r = 0; r < side; r++) {
        if (r > 0) {
            if (!(k = tk_peek(t)))
                return literal_cut(g, r * side, side);
            if (tok_punct(k, ']'))
                return literal_error(g, GOT_BAD_GRID, "the board has %d rows, expected %d", r,
                                     side);
            if (!tok_punct(k, ','))
                return literal_error(g, GOT_BAD_GRID, "expected ',' after row %d, found %s", r,
                                     tok_what(k, what, sizeof what));
            tk_take(t);
        }
        if (!(k = tk_peek(t)))
            return literal_cut(g, r * side, side);
        if (!tok_punct(k, '['))
            return literal_error(g, GOT_BAD_GRID, "row %d: expected '[', found %s", r + 1,
                                 tok_what(k, what, sizeof what));
        tk_take(t);
        for (int c = 0; c < side; c++) {
            int i = r * side + c;
            if (c > 0) {
                if (!(k = tk_peek(t)))
                    return literal_cut(g, i, side);
                if (tok_punct(k, ']'))
                    return literal_error(g, GOT_BAD_GRID, "row %d has %d cells, expected %d",
                                         r + 1, c, side);
                if (!tok_punct(k, ','))
                    return literal_error(g, GOT_BAD_GRID,
                                         "row %d: expected ',' after column %d, found %s", r + 1,
                                         c, tok_what(k, what, sizeof what));
                tk_take(t);
            }
            if (!(k = tk_peek(t)) || k->open)
                return literal_cut(g, i, side);
            if (!k->quoted)
                return literal_error(g, i == 0 ? GOT_OTHER : GOT_BAD_GRID,
                                     "row %d column %d: expected a quoted cell, found %s", r + 1,
                                     c + 1, tok_what(k, what, sizeof what));
            int v = literal_value(k, sh, side);
            if (!v) {
                if (k->n == 1 && !k->cut)
                    char_text((unsigned char)k->text[0], what, sizeof what);
                else
                    tok_what(k, what, sizeof what);
                bad_cell(g, i, side, what);
                return false;
            }
            g->grid.cell[i] = (uint8_t)v;
            tk_take(t);
        }
        if (!(k = tk_peek(t)))
            return literal_cut(g, (r + 1) * side, side);
        if (tok_punct(k, ','))
            return literal_error(g, GOT_BAD_GRID, "row %d has more than %d cells", r + 1, side);
        if (!tok_punct(k, ']'))
            return literal_error(g, GOT_BAD_GRID, "row %d: expected ']' after %d cells, found %s",
                                 r + 1, side, tok_what(k, what, sizeof what));
        tk_take(t);
    }
    if (!(k = tk_peek(t)))
        return literal_cut(g, side * side, side);
    if (tok_punct(k, ','))
        return literal_error(g, GOT_BAD_GRID, "the board has more than %d rows", side);
    if (!tok_punct(k, ']'))
        return literal_error(g, GOT_BAD_GRID, "expected ']' after row %d, found %s", side,
                             tok_what(k, what, sizeof what));
    tk_take(t);
    return true;
}

/* Reads one case: [--- separators] [header] (a verdict phrase | a grid). */
static void read_case(tokens *t, const shape *sh, int side, got *g)
{
    tok *k;
    memset(g, 0, offsetof(got, grid));
    while (sh->dashes && (k = tk_peek(t)) != NULL && tok_is(k, "---", 3))
        tk_take(t);
    if (!tk_peek(t)) {
        g->kind = GOT_MISSING;
        return;
    }
    if (sh->header[0]) {
        tk_pos at = tk_tell(t);
        if (!tk_match_phrase(t, sh->header)) {
            char found[96];
            tk_describe(t, at, phrase_tokens(sh->header), found, sizeof found);
            g->kind = GOT_HEADER;
            if (snprintf(g->detail, sizeof g->detail, "expected \"%s\", found \"%s\"",
                         sh->header, found) < 0)
                g->detail[0] = '\0';
            return;
        }
    }
    g->body = tk_tell(t);
    for (int o = 0; o < OJD_OUTCOME_COUNT_; o++) {
        if (sh->phrase[o] && tk_match_phrase(t, sh->phrase[o])) {
            g->kind = GOT_WORD;
            g->word = o;
            return;
        }
    }
    if (sh->style == OJD_STYLE_VERDICT) {
        g->kind = GOT_OTHER;
        return;
    }
    if (t->literal)
        read_literal_cells(t, sh, side, g);
    else
        read_grid_cells(t, sh, side, g);
}

/* "expected X, found Y" for a case whose output is not what the jury expects. */
static void describe_found(tokens *t, const got *g, const shape *sh, int want_tokens, char *buf,
                           size_t size)
{
    switch (g->kind) {
    case GOT_WORD:
        snprintf(buf, size, "\"%s\"", sh->phrase[g->word]);
        return;
    case GOT_GRID:
    case GOT_BAD_GRID:
    case GOT_SHORT_GRID:
        snprintf(buf, size, "a grid");
        return;
    default: {
        char text[96];
        tk_describe(t, g->body, want_tokens, text, sizeof text);
        snprintf(buf, size, "\"%s\"", text);
        return;
    }
    }
}

/* ---- judging a grid ------------------------------------------------------------------------ */

/* Why grid does not solve puzzle (givens kept, no repeats): false and *why set, or true. */
static bool grid_solves(const ojd_board *puzzle, const ojd_board *grid, bool letters, char *why,
                        size_t size)
{
    int side = puzzle->side, cells = side * side;
    for (int i = 0; i < cells; i++) {
        if (puzzle->cell[i] && puzzle->cell[i] != grid->cell[i]) {
            char a[8], b[8];
            value_text(a, sizeof a, puzzle->cell[i], letters);
            value_text(b, sizeof b, grid->cell[i], letters);
            snprintf(why, size, "row %d column %d: given %s changed to %s", i / side + 1,
                     i % side + 1, a, b);
            return false;
        }
    }
    ojd_conflict c;
    if (ojd_board_find_conflict(grid, &c)) {
        char v[8];
        value_text(v, sizeof v, c.value, letters);
        snprintf(why, size, "%s %d repeats %s", c.unit, c.index, v);
        return false;
    }
    return true;
}

/* ---- the whole check ----------------------------------------------------------------------- */

typedef struct checker {
    const ojd_check_options *opt;
    const ojd_format *f;      /* the profile chosen, NULL = mirror */
    const ojd_format *cf;     /* the profile that governs the current case (NULL = mirror) */
    ojd_check_report *rep;
    ojd_engine *engine;
    ojd_reader *reader;
    tokens out, ans;
    bool has_answer;
    bool any_word;            /* cf has a word for some outcome */
    ojd_search search;        /* the current case's */
    /* the writer renders the contestant's answers into `render`, emptied into the framer after
     * every case: the byte-exact comparison (a presentation error when strict, a note on an ok
     * verdict otherwise) */
    FILE *render;
    char *render_buf;
    size_t render_len;
    ojd_writer *writer;
    bool render_broken;       /* lenient: the rendering failed, no note is possible */
    framer frame;
    /* no --format: the first puzzles and the first bytes of OUTPUT, for suggest_format() */
    ojd_puzzle *saved;
    unsigned long saved_n;
    unsigned char *head;
    size_t head_len;
    bool head_whole;          /* head is the whole OUTPUT */
    bool hint;                /* this checker only tries a profile for suggest_format() */
    /* per case (large: kept off the stack) */
    ojd_puzzle pz;
    ojd_result res;
    shape sh;
    got mine, jury;
    unsigned long long sum;   /* OJD_STYLE_SUM */
} checker;

static const char *outcome_text(ojd_outcome o)
{
    switch (o) {
    case OJD_OUTCOME_MULTIPLE: return "has several solutions";
    case OJD_OUTCOME_UNSOLVABLE: return "has no solution";
    case OJD_OUTCOME_CONFLICT: return "has conflicting givens";
    default: return "has a solution";
    }
}

/* What the solver's status st for the current puzzle means: OJD_VERDICT_OK when it decided the
 * case, else FAIL (reported). */
static ojd_verdict solve_verdict(checker *ck, const ojd_status *st)
{
    unsigned long n = ck->pz.index;
    if (*st == OJD_LIMIT)
        return verdict_set(ck->rep, OJD_VERDICT_FAIL, n,
                           "could not decide the case within the budget of %lu nodes",
                           ck->opt->max_nodes);
    if (*st == OJD_ERR_INVALID)
        return verdict_set(ck->rep, OJD_VERDICT_FAIL, n, "the solver cannot handle a %dx%d grid",
                           ck->pz.board.side, ck->pz.board.side);
    if (*st < 0)
        return verdict_set(ck->rep, OJD_VERDICT_FAIL, n, "solver: %s", ojd_strerror(*st));
    return OJD_VERDICT_OK;
}

/* Cross-checks the jury's ANSWER for the current case against the solver's verdict. */
static ojd_verdict check_answer(checker *ck, ojd_status st, const char *want_word, bool mine_valid)
{
    got *a = &ck->jury;
    shape *sh = &ck->sh;
    unsigned long n = ck->pz.index;
    char found[128], why[160];
    if (a->kind == GOT_MISSING)
        return verdict_set(ck->rep, OJD_VERDICT_FAIL, n, "ANSWER ends before the case");
    if (a->kind == GOT_HEADER || a->kind == GOT_BAD_GRID)
        return verdict_set(ck->rep, OJD_VERDICT_FAIL, n, "ANSWER: %s", a->detail);
    if (a->kind == GOT_SHORT_GRID)
        return verdict_set(ck->rep, OJD_VERDICT_FAIL, n, "ANSWER ends after %d cells of the grid",
                           a->cells);
    if (want_word) {
        if (a->kind == GOT_WORD && strcmp(sh->phrase[a->word], want_word) == 0)
            return OJD_VERDICT_OK;
        describe_found(&ck->ans, a, sh, phrase_tokens(want_word), found, sizeof found);
        return verdict_set(ck->rep, OJD_VERDICT_FAIL, n,
                           "ANSWER says %s but the solver says \"%s\"", found, want_word);
    }
    if (a->kind == GOT_WORD) {
        if (mine_valid)
            return verdict_set(ck->rep, OJD_VERDICT_FAIL, n,
                               "ANSWER says \"%s\" but the contestant's solution is valid",
                               sh->phrase[a->word]);
        return verdict_set(ck->rep, OJD_VERDICT_FAIL, n,
                           "ANSWER says \"%s\" but the solver found a solution",
                           sh->phrase[a->word]);
    }
    if (a->kind != GOT_GRID) {
        describe_found(&ck->ans, a, sh, 1, found, sizeof found);
        return verdict_set(ck->rep, OJD_VERDICT_FAIL, n, "ANSWER has %s where a grid belongs",
                           found);
    }
    if (!grid_solves(&ck->pz.board, &a->grid, sh->letters, why, sizeof why))
        return verdict_set(ck->rep, OJD_VERDICT_FAIL, n, "ANSWER's grid is not a solution: %s",
                           why);
    if (ck->cf && ck->cf->lexmin && st != OJD_UNSOLVABLE &&
        memcmp(a->grid.cell, ck->res.solution.cell, (size_t)ojd_board_cells(&a->grid)) != 0)
        return verdict_set(ck->rep, OJD_VERDICT_FAIL, n,
                           "ANSWER's grid is not the lexicographically smallest solution");
    return OJD_VERDICT_OK;
}

/* Without words, uniqueness, a smallest-solution rule or a jury answer, a valid grid is right
 * whatever else the puzzle allows: the solver is needed only to tell a jury fault. */
static bool plain_profile(const checker *ck, const shape *sh)
{
    const ojd_format *f = ck->cf;
    return !ck->any_word && !(f && (f->unique || f->lexmin)) && !ck->has_answer &&
           sh->style != OJD_STYLE_VERDICT;
}

/* The first cell where two grids differ (they do). */
static int first_difference(const ojd_board *a, const ojd_board *b)
{
    int cells = ojd_board_cells(a);
    for (int i = 0; i < cells; i++)
        if (a->cell[i] != b->cell[i])
            return i;
    return 0;
}

/* Hands what the writer rendered so far to the framer and empties the stream. */
static bool flush_render(checker *ck)
{
    if (fflush(ck->render) != 0)
        return false;
    frame_want(&ck->frame, (const unsigned char *)ck->render_buf, ck->render_len);
    return fseek(ck->render, 0, SEEK_SET) == 0;
}

/* A right case: the writer renders it (as status st with ck->res), to be compared with the
 * contestant's bytes.  A rendering that fails is a FAIL when strict; otherwise it only means
 * that the ok verdict cannot say whether the output is byte-exact. */
static ojd_verdict render_case(checker *ck, ojd_status st)
{
    if (ck->writer && !ck->render_broken &&
        (ojd_writer_answer(ck->writer, &ck->pz, st, &ck->res) != OJD_OK || !flush_render(ck))) {
        if (ck->opt->strict)
            return verdict_set(ck->rep, OJD_VERDICT_FAIL, ck->pz.index,
                               "cannot render the expected framing");
        ck->render_broken = true;
    }
    return OJD_VERDICT_OK;
}

/* Judges the current case (a grid or verdict style). */
static ojd_verdict judge_case(checker *ck)
{
    shape *sh = &ck->sh;
    got *g = &ck->mine;
    const ojd_format *f = ck->cf;
    unsigned long n = ck->pz.index;
    int side = ck->pz.board.side;
    char why[160], found[128];
    shape_for(sh, f, &ck->pz);
    read_case(&ck->out, sh, side, g);
    if (ck->has_answer)
        read_case(&ck->ans, sh, side, &ck->jury);

    /* what the contestant's answer is worth on its own */
    bool mine_valid = false;
    ojd_verdict mine_wrong = OJD_VERDICT_OK;
    char mine_why[200] = "";
    switch (g->kind) {
    case GOT_MISSING:
        snprintf(mine_why, sizeof mine_why, "missing (the output ends after %lu case%s)", n - 1,
                 n == 2 ? "" : "s");
        mine_wrong = OJD_VERDICT_WRONG;
        break;
    case GOT_HEADER:
    case GOT_BAD_GRID:
        snprintf(mine_why, sizeof mine_why, "%s", g->detail);
        mine_wrong = OJD_VERDICT_WRONG;
        break;
    case GOT_SHORT_GRID:
        snprintf(mine_why, sizeof mine_why, "the output ends after %d of %d cells", g->cells,
                 side * side);
        mine_wrong = OJD_VERDICT_WRONG;
        break;
    case GOT_OTHER:
        if (g->detail[0])
            snprintf(mine_why, sizeof mine_why, "%s", g->detail);
        else
            snprintf(mine_why, sizeof mine_why, "expected a grid");
        mine_wrong = plain_profile(ck, sh) ? OJD_VERDICT_WRONG : OJD_VERDICT_OK;
        break;
    case GOT_GRID:
        mine_valid = grid_solves(&ck->pz.board, &g->grid, sh->letters, why, sizeof why);
        if (!mine_valid) {
            snprintf(mine_why, sizeof mine_why, "%s", why);
            mine_wrong = OJD_VERDICT_WRONG;
        }
        break;
    default:
        break;
    }
    /* trying a profile for a hint: a case its framing does not fit is rejected unsolved */
    if (ck->hint && mine_wrong)
        return verdict_set(ck->rep, OJD_VERDICT_WRONG, n, "%s", mine_why);

    bool plain = plain_profile(ck, sh);
    ojd_status st = OJD_OK;
    if (!(plain && mine_valid)) {
        memset(&ck->res, 0, sizeof ck->res);
        st = ojd_engine_solve(ck->engine, &ck->pz.board, &ck->search, &ck->res);
        if (st == OJD_LIMIT && plain && mine_wrong)
            /* only a jury fault (no solution) could excuse a wrong grid, and the budget did not
             * find one: the answer breaks a rule whatever the puzzle holds */
            return verdict_set(ck->rep, mine_wrong, n, "%s", mine_why);
        ojd_verdict v = solve_verdict(ck, &st);
        if (v != OJD_VERDICT_OK)
            return v;
        if (mine_valid && (st == OJD_UNSOLVABLE || st == OJD_CONFLICT))
            return verdict_set(ck->rep, OJD_VERDICT_FAIL, n,
                               "the solver says the puzzle %s, yet the contestant's grid solves "
                               "it", outcome_text(ojd_outcome_of(st)));
    }

    /* what the jury expects: the profile's word for the outcome, or a grid */
    ojd_outcome o = ojd_outcome_of(st);
    const char *want_word = sh->phrase[o];
    bool want_grid = sh->style != OJD_STYLE_VERDICT &&
                     (o == OJD_OUTCOME_SOLVED || (o == OJD_OUTCOME_MULTIPLE && !want_word));
    if (want_grid)
        want_word = NULL;
    if (!want_grid && !want_word)
        return verdict_set(ck->rep, OJD_VERDICT_FAIL, n,
                           "the puzzle %s and %s has no way to say so (bad INPUT)",
                           outcome_text(o), f ? f->name : "the mirrored output");
    if (ck->has_answer) {
        ojd_verdict v = check_answer(ck, st, want_word, mine_valid);
        if (v != OJD_VERDICT_OK)
            return v;
    }

    /* the contestant against the jury */
    if (g->kind == GOT_MISSING || g->kind == GOT_HEADER)
        return verdict_set(ck->rep, OJD_VERDICT_WRONG, n, "%s", mine_why);
    if (want_word) {
        if (g->kind == GOT_WORD && strcmp(sh->phrase[g->word], want_word) == 0)
            return render_case(ck, st);
        describe_found(&ck->out, g, sh, phrase_tokens(want_word), found, sizeof found);
        return verdict_set(ck->rep, OJD_VERDICT_WRONG, n, "expected \"%s\", found %s", want_word,
                           found);
    }
    if (g->kind == GOT_WORD || g->kind == GOT_OTHER) {
        if (g->kind == GOT_OTHER && g->detail[0] && !ck->any_word)
            return verdict_set(ck->rep, OJD_VERDICT_WRONG, n, "%s", g->detail);
        describe_found(&ck->out, g, sh, 1, found, sizeof found);
        return verdict_set(ck->rep, OJD_VERDICT_WRONG, n, "expected a grid, found %s", found);
    }
    if (mine_wrong)
        return verdict_set(ck->rep, mine_wrong, n, "%s", mine_why);
    if (f && f->lexmin && memcmp(g->grid.cell, ck->res.solution.cell,
                                 (size_t)ojd_board_cells(&g->grid)) != 0) {
        int i = first_difference(&g->grid, &ck->res.solution);
        char a[8], b[8];
        value_text(a, sizeof a, g->grid.cell[i], sh->letters);
        value_text(b, sizeof b, ck->res.solution.cell[i], sh->letters);
        return verdict_set(ck->rep, OJD_VERDICT_WRONG, n,
                           "not the lexicographically smallest solution: row %d column %d holds "
                           "%s, the smallest has %s", i / side + 1, i % side + 1, a, b);
    }
    ck->res.solution = g->grid;
    ck->res.solutions = 1;
    return render_case(ck, OJD_OK);
}

/* Project Euler 96: every case must have one solution; the output is the sum of their top-left
 * three-digit numbers. */
static ojd_verdict sum_case(checker *ck)
{
    ojd_status st;
    memset(&ck->res, 0, sizeof ck->res);
    ojd_search s = ck->search;
    s.limit = 2;
    st = ojd_engine_solve(ck->engine, &ck->pz.board, &s, &ck->res);
    ojd_verdict v = solve_verdict(ck, &st);
    if (v != OJD_VERDICT_OK)
        return v;
    if (st != OJD_OK)
        return verdict_set(ck->rep, OJD_VERDICT_FAIL, ck->pz.index,
                           "the puzzle %s, so its top-left number is not defined (bad INPUT)",
                           outcome_text(ojd_outcome_of(st)));
    ck->sum += ojd_euler_key(&ck->res.solution);
    return render_case(ck, st);
}

/* Reads the one number of a sum output; false with *why set when there is none. */
static bool read_sum(tokens *t, unsigned long long *value, char *why, size_t size)
{
    tok *k = tk_peek(t);
    if (!k) {
        snprintf(why, size, "the output is empty");
        return false;
    }
    const char *s = k->text + k->off;
    int n = k->n - k->off;
    unsigned long long v = 0;
    bool number = !k->more && !k->cut && n > 0 && n <= 19;
    for (int i = 0; number && i < n; i++) {
        if (s[i] < '0' || s[i] > '9')
            number = false;
        else
            v = v * 10 + (unsigned long long)(s[i] - '0');
    }
    if (!number) {
        char text[64];
        tok_clip(k, text, sizeof text, 40);
        snprintf(why, size, "expected a number, found \"%s\"", text);
        return false;
    }
    tk_take(t);
    *value = v;
    return true;
}

static ojd_verdict judge_sum(checker *ck)
{
    char why[160];
    unsigned long long found;
    if (ck->has_answer) {
        unsigned long long jury;
        if (!read_sum(&ck->ans, &jury, why, sizeof why))
            return verdict_set(ck->rep, OJD_VERDICT_FAIL, 0, "ANSWER: %s", why);
        if (jury != ck->sum)
            return verdict_set(ck->rep, OJD_VERDICT_FAIL, 0,
                               "ANSWER says %llu but the solver's sum is %llu", jury, ck->sum);
        if (tk_peek(&ck->ans))
            return verdict_set(ck->rep, OJD_VERDICT_FAIL, 0, "ANSWER has more after the sum");
    }
    if (!read_sum(&ck->out, &found, why, sizeof why))
        return verdict_set(ck->rep, OJD_VERDICT_WRONG, 0, "%s", why);
    if (found != ck->sum)
        return verdict_set(ck->rep, OJD_VERDICT_WRONG, 0, "expected the sum %llu, found %llu",
                           ck->sum, found);
    if (tk_peek(&ck->out))
        return verdict_set(ck->rep, OJD_VERDICT_WRONG, 0, "extra output after the sum");
    return OJD_VERDICT_OK;
}

/* ---- entry points -------------------------------------------------------------------------- */

static bool judged_style(ojd_style s)
{
    switch (s) {
    case OJD_STYLE_MIRROR:
    case OJD_STYLE_SPACED:
    case OJD_STYLE_PACKED:
    case OJD_STYLE_LINE:
    case OJD_STYLE_LITERAL:
    case OJD_STYLE_PRETTY:
    case OJD_STYLE_VERDICT:
    case OJD_STYLE_SUM:
        return true;
    default:
        return false;
    }
}

static void checker_free(checker *ck)
{
    ojd_writer_free(ck->writer);
    if (ck->render)
        fclose(ck->render);
    free(ck->render_buf);
    frame_free(&ck->frame);
    free(ck->out.src.buf);
    free(ck->ans.src.buf);
    ojd_reader_free(ck->reader);
    ojd_engine_free(ck->engine);
    free(ck->saved);
    free(ck->head);
    free(ck);
}

/* A checker for options (the reader and the sources are the caller's to set); NULL when out of
 * memory.  render: compare the output with the writer's rendering, byte for byte (required when
 * strict; otherwise, without the memory for it, an ok verdict just cannot say). */
static checker *checker_new(const ojd_check_options *opt, ojd_check_report *rep, bool render)
{
    checker *ck = calloc(1, sizeof *ck);
    if (!ck)
        return NULL;
    ck->opt = opt;
    ck->f = opt->format;
    ck->rep = rep;
    ck->engine = ojd_engine_new(opt->solver);
    bool ok = ck->engine != NULL;
    if (ok && (render || opt->strict)) {
        ck->render = open_memstream(&ck->render_buf, &ck->render_len);
        ck->writer = ck->render ? ojd_writer_new(ck->render, ck->f, NULL) : NULL;
        bool framing = ck->writer && frame_init(&ck->frame);
        if (!framing && opt->strict)
            ok = false;
        else if (!framing)
            ck->render_broken = true;
    }
    if (!ok) {
        checker_free(ck);
        return NULL;
    }
    return ck;
}

/* Reads INPUT on to its end (after the verdict is known) to count the cases and to find a jury
 * fault that outranks a wrong answer. */
static ojd_verdict drain_input(checker *ck, ojd_verdict v)
{
    for (;;) {
        ojd_error err;
        ojd_status st = ojd_reader_next(ck->reader, &ck->pz, &err);
        if (st == OJD_END)
            break;
        if (st == OJD_ERR_PARSE)
            return verdict_set(ck->rep, OJD_VERDICT_FAIL, 0,
                               "INPUT line %ld column %ld: %s", err.line, err.col, err.message);
        if (st != OJD_OK)
            return verdict_set(ck->rep, OJD_VERDICT_FAIL, 0, "INPUT: %s", ojd_strerror(st));
    }
    if (ojd_reader_cases(ck->reader) == 0)
        return verdict_set(ck->rep, OJD_VERDICT_FAIL, 0, "INPUT: the input holds no puzzle");
    ojd_error w;
    if (ojd_reader_warning(ck->reader, &w))
        return verdict_set(ck->rep, OJD_VERDICT_FAIL, 0, "INPUT line %ld: %s", w.line, w.message);
    return v;
}

/* Skips the "---" separators left at the end of an output where they are framing. */
static void skip_dashes(const checker *ck, tokens *t)
{
    tok *k;
    while ((!ck->f || ck->f->out_separator == OJD_SEP_DASHES) && (k = tk_peek(t)) != NULL &&
           tok_is(k, "---", 3))
        tk_take(t);
}

/* Sets up the rules for the case in ck->pz: its profile's (mirrored literals are read as
 * literals). */
static void case_begin(checker *ck)
{
    ck->cf = ojd_format_effective(ck->f, &ck->pz.layout);
    ck->any_word = false;
    for (int o = 0; ck->cf && o < OJD_OUTCOME_COUNT_; o++)
        ck->any_word |= ck->cf->words[o] != NULL;
    ojd_format_search(ck->cf, &ck->search);
    ck->search.max_nodes = ck->opt->max_nodes;
    if (!ck->f)
        ck->out.literal = ck->ans.literal = ck->pz.layout.grammar == OJD_GRAMMAR_LITERAL;
}

/* ---- a hint: the profile an output that fails without --format seems to be written in --------
 *
 * Without --format the output must mirror INPUT.  An output written for a judge profile (a
 * "Scenario #1:" header, "Case 1: Unique." lines, verdict words, a board literal, box rules, one
 * number for the file) then fails at one of its first cases, with a message that does not say
 * why.  So, when the judgement fails at case k <= HINT_CASES, the first k puzzles (kept as they
 * were read) are judged again, against the first CHUNK bytes of OUTPUT (kept as they were read),
 * by each judge profile whose input grammar fits those puzzles, in table order, the mirror's own
 * rules excepted; the first that accepts the k cases is suggested ("did you mean --format X?").
 * Failing that, a profile whose grammar INPUT does not fit but which accepts them is described
 * ("the output looks like X's"), not suggested.  A profile with looser rules than the mirror's
 * (any solution where a size-prefixed INPUT is judged by uva989's, the smallest) is never named:
 * it would accept a wrong answer.  A sum profile accepts when the kept bytes are one number, the
 * right sum when every case was kept.  The `count N` lines `ojdoku solve --count` writes after
 * an answer are skipped there, the mirror tried first, and named when met.  The verdict does not
 * change; the memory and stream entry points keep the same bytes, so they give the same hint. */

/* Could a reader of profile f have read puzzle p as it is written? */
static bool input_fits(const ojd_format *f, const ojd_puzzle *p)
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

/* Takes a "count N" line (what --count writes after an answer) if it comes next. */
static void skip_count_line(tokens *t, bool *counts)
{
    tok *k = tk_peek(t);
    if (!k || !tok_is(k, "count", 5))
        return;
    tk_pos at = tk_tell(t);
    tk_take(t);
    k = tk_peek(t);
    int n = k ? k->n - k->off : 0;
    if (n > 0 && !k->more && !k->cut && strspn(k->text + k->off, "0123456789") >= (size_t)n) {
        tk_take(t);
        *counts = true;
        return;
    }
    tk_seek(t, at);
}

/* Does profile f (NULL: the mirror) accept the first k kept cases of the kept OUTPUT?  *counts
 * is set when "count N" lines were skipped. */
static bool hint_accepts(const checker *ck, const ojd_format *f, unsigned long k, bool *counts)
{
    ojd_check_report scratch;
    ojd_check_options o = *ck->opt;
    o.format = f;
    o.strict = false;
    checker *sub = checker_new(&o, &scratch, false);
    if (!sub)
        return false;
    sub->hint = true;
    src_mem(&sub->out.src, (const char *)ck->head, ck->head_len);
    src_mem(&sub->ans.src, NULL, 0);
    tk_start(&sub->out, f && f->style == OJD_STYLE_LITERAL);
    bool ok = true;
    if (f && f->style == OJD_STYLE_SUM) {
        /* every case kept: the sum is known; else the framing alone: one number, nothing else */
        bool all = ck->rep->cases == ck->saved_n;
        for (unsigned long i = 0; all && ok && i < ck->saved_n; i++) {
            sub->pz = ck->saved[i];
            case_begin(sub);
            ok = sum_case(sub) == OJD_VERDICT_OK;
        }
        if (ok && all) {
            ok = judge_sum(sub) == OJD_VERDICT_OK;
        } else if (ok) {
            char why[160];
            unsigned long long number;
            ok = ck->head_whole && read_sum(&sub->out, &number, why, sizeof why) &&
                 !tk_peek(&sub->out);
        }
    } else {
        for (unsigned long i = 0; ok && i < k; i++) {
            sub->pz = ck->saved[i];
            case_begin(sub);
            ok = judge_case(sub) == OJD_VERDICT_OK;
            if (ok)
                skip_count_line(&sub->out, counts);
        }
    }
    checker_free(sub);
    return ok;
}

/* The judgement without --format failed: names a profile that accepts the output's first cases
 * in the message and in rep->suggested (see above). */
static void suggest_format(checker *ck)
{
    ojd_check_report *rep = ck->rep;
    unsigned long k = rep->failed_case;
    if (ck->f || !ck->saved || !ck->head || k == 0 || k > ck->saved_n ||
        (rep->verdict != OJD_VERDICT_WRONG && rep->verdict != OJD_VERDICT_FAIL))
        return;
    /* the mirror first: when it accepts once "count N" lines are skipped, they are the fault;
     * then the profiles INPUT fits; then, to say what the output looks like, the others */
    const ojd_format *own = ojd_format_effective(NULL, &ck->saved[0].layout);
    const ojd_format *found = NULL;
    bool counts = false, fits = false;
    bool mirrored = hint_accepts(ck, NULL, k, &counts) && counts;
    for (int pass = 0; pass < 2 && !found && !mirrored; pass++) {
        for (const ojd_format *const *p = ojd_format_list(); *p && !found; p++) {
            /* a hint is about framing: a profile with looser rules than the mirror's (any
             * solution where a size-prefixed INPUT wants the smallest) would name none */
            if (*p == own || !judged_style((*p)->style) || (own && own->lexmin && !(*p)->lexmin))
                continue;
            fits = true;
            for (unsigned long i = 0; fits && i < k; i++)
                fits = input_fits(*p, &ck->saved[i]);
            counts = false;
            if (fits == (pass == 0) && hint_accepts(ck, *p, k, &counts))
                found = *p;
        }
    }
    if (!found && !mirrored)
        return;
    const char *no_counts = counts ? "the \"count N\" lines of --count are no answer" : "";
    char hint[160];
    if (!found)
        snprintf(hint, sizeof hint, " (%s)", no_counts);
    else if (fits)
        snprintf(hint, sizeof hint, " (did you mean --format %s?%s%s)", found->name,
                 counts ? " " : "", no_counts);
    else
        snprintf(hint, sizeof hint, " (the output looks like %s's, but INPUT is not in its "
                 "grammar%s%s)", found->name, counts ? "; " : "", no_counts);
    /* the hint is kept whole: a message too long for both is cut before it */
    size_t room = sizeof rep->message - 1 - strlen(hint);
    size_t len = strlen(rep->message);
    memcpy(rep->message + (len < room ? len : room), hint, strlen(hint) + 1);
    rep->suggested = fits ? found : NULL;
}

/* Keeps the first bytes of OUTPUT (its first chunk, just read by tk_start()) for a hint. */
static void keep_head(checker *ck)
{
    const source *s = &ck->out.src;
    size_t n = s->len < CHUNK ? s->len : CHUNK;
    ck->head = malloc(n ? n : 1);
    if (!ck->head)
        return;
    memcpy(ck->head, s->data, n);
    ck->head_len = n;
    /* a FILE's first read is short only at its end; a buffer is all at hand */
    ck->head_whole = s->len < CHUNK;
}

/* The judging itself, once the reader and the sources are set up; frees ck. */
static ojd_verdict check_run(checker *ck)
{
    ojd_check_report *rep = ck->rep;
    const ojd_format *f = ck->f;
    bool literal = f && f->style == OJD_STYLE_LITERAL;
    if (ck->writer)
        ck->out.src.tap = &ck->frame;
    tk_start(&ck->out, literal);
    tk_start(&ck->ans, literal);
    if (!f) {
        ck->saved = malloc(HINT_CASES * sizeof *ck->saved);
        keep_head(ck);
    }

    ojd_verdict v = OJD_VERDICT_OK;
    bool sum_style = f && f->style == OJD_STYLE_SUM;
    for (;;) {
        ojd_error err;
        ojd_status st = ojd_reader_next(ck->reader, &ck->pz, &err);
        if (st == OJD_END)
            break;
        if (st == OJD_ERR_PARSE) {
            v = verdict_set(rep, OJD_VERDICT_FAIL, 0, "INPUT line %ld column %ld: %s", err.line,
                            err.col, err.message);
            break;
        }
        if (st != OJD_OK) {
            v = verdict_set(rep, OJD_VERDICT_FAIL, 0, "INPUT: %s", ojd_strerror(st));
            break;
        }
        if (ck->saved && ck->saved_n < HINT_CASES)
            ck->saved[ck->saved_n++] = ck->pz;
        case_begin(ck);
        v = sum_style ? sum_case(ck) : judge_case(ck);
        if (v == OJD_VERDICT_WRONG && rep->failed_case == ck->pz.index) {
            rep->failed_puzzle = ck->pz;
            if (ck->mine.kind == GOT_GRID)
                rep->failed_grid = ck->mine.grid;
        }
        if (v != OJD_VERDICT_OK)
            break;
    }
    if (v != OJD_VERDICT_FAIL)
        v = drain_input(ck, v);
    rep->cases = ojd_reader_cases(ck->reader);

    if (v == OJD_VERDICT_OK && sum_style)
        v = judge_sum(ck);
    if (v == OJD_VERDICT_OK && !sum_style) {
        skip_dashes(ck, &ck->ans);
        skip_dashes(ck, &ck->out);
        if (ck->has_answer && tk_peek(&ck->ans))
            v = verdict_set(rep, OJD_VERDICT_FAIL, 0, "ANSWER has more after case %lu",
                            rep->cases);
        else if (tk_peek(&ck->out))
            v = verdict_set(rep, OJD_VERDICT_WRONG, 0, "extra output after case %lu", rep->cases);
    }
    /* the byte-exact comparison: a presentation error when strict, else a note on the ok */
    char note[256] = "";
    if (v == OJD_VERDICT_OK && ck->writer && !ck->render_broken) {
        /* the whole output has been read: the rendering is complete too */
        bool strict = ck->opt->strict;
        if (ojd_writer_finish(ck->writer) != OJD_OK || !flush_render(ck)) {
            if (strict)
                v = verdict_set(rep, OJD_VERDICT_FAIL, 0, "cannot render the expected framing");
        } else {
            frame_end(&ck->frame);
            if (ck->frame.nomem) {
                if (strict)
                    v = verdict_set(rep, OJD_VERDICT_FAIL, 0, "out of memory");
            } else if (ck->frame.differs) {
                char what[160];
                frame_message(&ck->frame, what, sizeof what);
                if (strict)
                    v = verdict_set(rep, OJD_VERDICT_PRESENTATION, 0, "line %ld column %ld: %s",
                                    ck->frame.d_line, ck->frame.d_col, what);
                else
                    snprintf(note, sizeof note, " (not byte-exact: line %ld column %ld: %s; "
                             "--strict to reject)", ck->frame.d_line, ck->frame.d_col, what);
            } else {
                rep->byte_exact = true;
            }
        }
    }
    /* a stream that could not be read as far as judging needed was not judged */
    if (ck->out.src.error || ck->ans.src.error) {
        const source *s = ck->out.src.error ? &ck->out.src : &ck->ans.src;
        char why[128] = "";
        if (s->error_number == 0 || strerror_r(s->error_number, why, sizeof why) != 0)
            snprintf(why, sizeof why, "%s", ojd_strerror(OJD_ERR_IO));
        v = verdict_set(rep, OJD_VERDICT_FAIL, 0, "%s: read error: %s",
                        s == &ck->out.src ? "OUTPUT" : "ANSWER", why);
    }
    if (v == OJD_VERDICT_OK)
        v = verdict_set(rep, OJD_VERDICT_OK, 0, "%lu case%s%s", rep->cases,
                        rep->cases == 1 ? "" : "s", note);
    else
        rep->byte_exact = false;
    if (v != OJD_VERDICT_WRONG || rep->failed_case == 0) { /* a jury fault found later wins */
        memset(&rep->failed_puzzle, 0, sizeof rep->failed_puzzle);
        memset(&rep->failed_grid, 0, sizeof rep->failed_grid);
    }
    suggest_format(ck);
    checker_free(ck);
    return v;
}

/* The checks every entry point makes first: a verdict when judging cannot start, else -1. */
static int check_begin(const ojd_check_options **opt, ojd_check_report **rep,
                       ojd_check_report *scratch, bool have_streams)
{
    static const ojd_check_options defaults = {0};
    if (!*rep)
        *rep = scratch;
    memset(*rep, 0, sizeof **rep);
    if (!*opt)
        *opt = &defaults;
    const ojd_format *f = (*opt)->format;
    if (!have_streams)
        return (int)verdict_set(*rep, OJD_VERDICT_FAIL, 0, "no INPUT or OUTPUT given");
    if (f && !judged_style(f->style))
        return (int)verdict_set(*rep, OJD_VERDICT_FAIL, 0,
                                "profile %s is not a judge's output format", f->name);
    return -1;
}

ojd_verdict ojd_check(const char *input, size_t input_size, const char *output, size_t output_size,
                      const char *answer, size_t answer_size, const ojd_check_options *options,
                      ojd_check_report *report)
{
    ojd_check_report scratch;
    int early = check_begin(&options, &report, &scratch, input && output);
    if (early >= 0)
        return (ojd_verdict)early;
    checker *ck = checker_new(options, report, true);
    if (ck) {
        ck->reader = ojd_reader_new_mem(input, input_size, "INPUT", options->format);
        src_mem(&ck->out.src, output, output_size);
        src_mem(&ck->ans.src, answer, answer_size);
        ck->has_answer = answer != NULL;
    }
    if (!ck || !ck->reader) {
        if (ck)
            checker_free(ck);
        return verdict_set(report, OJD_VERDICT_FAIL, 0, "out of memory");
    }
    return check_run(ck);
}

ojd_verdict ojd_check_stream(FILE *input, FILE *output, FILE *answer,
                             const ojd_check_options *options, ojd_check_report *report)
{
    ojd_check_report scratch;
    int early = check_begin(&options, &report, &scratch, input && output);
    if (early >= 0)
        return (ojd_verdict)early;
    checker *ck = checker_new(options, report, true);
    bool ok = ck != NULL;
    if (ok) {
        ck->reader = ojd_reader_new(input, "INPUT", options->format);
        ok = ck->reader && src_file(&ck->out.src, output);
        if (ok && answer)
            ok = src_file(&ck->ans.src, answer);
        else if (ok)
            src_mem(&ck->ans.src, NULL, 0);
        ck->has_answer = answer != NULL;
    }
    if (!ok) {
        if (ck)
            checker_free(ck);
        return verdict_set(report, OJD_VERDICT_FAIL, 0, "out of memory");
    }
    return check_run(ck);
}
