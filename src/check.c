/*
 * check.c -- the special judge: verifies a contestant's OUTPUT against the puzzles of INPUT (and
 * optionally the jury's ANSWER) in a judge profile's output grammar.
 *
 * The three buffers are walked together, one case at a time, in constant memory (apart from the
 * strict-mode rendering, which is as large as the expected output):
 *   INPUT   is read with the ordinary reader (the profile's grammar, or detected);
 *   OUTPUT  is read as tokens, the way testlib reads them: whitespace of any amount separates
 *           tokens and is otherwise ignored.  Where a profile writes one character per cell (up to
 *           9x9, or letters), a token may hold several cells (packed rows, whole-puzzle lines);
 *           where it writes numbers (above 9x9 without letters) every token is one number.  The
 *           LeetCode literal's brackets and commas separate tokens too, and quotes delimit one.
 *           Headers ("Scenario #2:"), input labels ("Grid 01") and verdict words must appear as
 *           tokens; the "---" separator and blank lines are framing, checked only when strict;
 *   ANSWER  (the jury's output) is read like OUTPUT and cross-checked against the solver.
 * The expected outcome of each case comes from the solver with the profile's search (limit 2
 * where the profile reports ambiguity, the lexicographic minimum where it asks for it): the same
 * rules the writer follows, so the checker accepts exactly what `ojdoku solve` prints.  With
 * options->strict the output must moreover equal, byte for byte, what the writer prints for the
 * contestant's own answers; the first difference is a presentation error.
 *
 * Precedence: a jury fault (FAIL) found anywhere in INPUT outranks the contestant's first wrong
 * case; judging stops at the first wrong case (later ANSWER cases are not cross-checked), but
 * INPUT is still read to its end to count cases and to catch malformed ones.
 */
#include "internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/* ---- tokens -------------------------------------------------------------------------------- */

typedef struct span {
    const char *p;
    size_t n;
} span;

/* A token stream over a buffer.  `cur` is the buffered next token, or what is left of it after
 * some of its characters were taken as cells. */
typedef struct tokens {
    const char *data;
    size_t size;
    size_t pos;        /* where scanning goes on after `cur` */
    span cur;
    bool have;         /* cur is valid */
    bool literal;      /* LeetCode literal: [ ] , separate tokens, quotes delimit one */
} tokens;

static bool is_space(int c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

static bool is_literal_sep(int c) { return c == '[' || c == ']' || c == ','; }

static void tok_init(tokens *t, const char *data, size_t size, bool literal)
{
    memset(t, 0, sizeof *t);
    t->data = data ? data : "";
    t->size = data ? size : 0;
    t->literal = literal;
    /* a UTF-8 byte order mark is no token (strict mode still reports it, as a difference) */
    if (t->size >= 3 && memcmp(t->data, "\xEF\xBB\xBF", 3) == 0)
        t->pos = 3;
}

/* The next token without taking it; false at the end of the buffer. */
static bool tok_peek(tokens *t, span *out)
{
    if (!t->have) {
        size_t i = t->pos;
        const char *d = t->data;
        while (i < t->size &&
               (is_space((unsigned char)d[i]) || (t->literal && is_literal_sep(d[i]))))
            i++;
        if (i >= t->size) {
            t->pos = i;
            return false;
        }
        if (t->literal && (d[i] == '"' || d[i] == '\'')) {
            char quote = d[i];
            size_t start = ++i;
            while (i < t->size && d[i] != quote)
                i++;
            t->cur = (span){d + start, i - start};
            t->pos = i < t->size ? i + 1 : i;
        } else {
            size_t start = i;
            while (i < t->size && !is_space((unsigned char)d[i]) &&
                   !(t->literal && (is_literal_sep(d[i]) || d[i] == '"' || d[i] == '\'')))
                i++;
            t->cur = (span){d + start, i - start};
            t->pos = i;
        }
        t->have = true;
    }
    *out = t->cur;
    return true;
}

static void tok_take(tokens *t) { t->have = false; }

/* Takes the first n characters of the buffered token; the rest stays as the next token. */
static void tok_take_chars(tokens *t, size_t n)
{
    t->cur.p += n;
    t->cur.n -= n;
    if (t->cur.n == 0)
        t->have = false;
}

static bool span_is(span s, const char *text, size_t n)
{
    return s.n == n && memcmp(s.p, text, n) == 0;
}

/* Takes the words of phrase (separated by single spaces) if the stream holds them next. */
static bool tok_match_phrase(tokens *t, const char *phrase)
{
    tokens save = *t;
    const char *w = phrase;
    while (*w) {
        size_t n = strcspn(w, " ");
        span s;
        if (n > 0) {
            if (!tok_peek(t, &s) || !span_is(s, w, n)) {
                *t = save;
                return false;
            }
            tok_take(t);
        }
        w += n;
        w += strspn(w, " ");
    }
    return true;
}

/* Up to `count` tokens from *t (a copy), joined by spaces, for "found ..." messages. */
static void tok_describe(tokens t, int count, char *buf, size_t size)
{
    size_t k = 0;
    buf[0] = '\0';
    for (int i = 0; i < count; i++) {
        span s;
        if (!tok_peek(&t, &s))
            break;
        tok_take(&t);
        if (k + 2 >= size)
            break;
        if (i > 0)
            buf[k++] = ' ';
        clip_text(buf + k, size - k, s.p, s.n, 40);
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
    GOT_BAD_GRID,    /* a grid with a bad symbol (detail) */
    GOT_SHORT_GRID,  /* the output ended inside the grid (cells read) */
    GOT_OTHER        /* neither a phrase nor a cell at the start of the case */
} got_kind;

typedef struct got {
    got_kind kind;
    int word;
    int cells;
    char detail[160];
    tokens body;        /* the stream where the body of the case began */
    ojd_board grid;
} got;

/* A box rule token of a pretty-printed grid: only '-', '+', '|', '='. */
static bool is_rule_token(span s)
{
    for (size_t i = 0; i < s.n; i++)
        if (!strchr("-+|=", s.p[i]) || s.p[i] == '\0')
            return false;
    return s.n > 0;
}

/* The value of a one-character cell, 0 when the character is no legal value. */
static int single_value(int c, int side, bool letters)
{
    if (letters)
        return c >= 'A' && c < 'A' + side ? c - 'A' + 1 : 0;
    return c >= '1' && c < '1' + side && c <= '9' ? c - '0' : 0;
}

/* The value of a numeric token, 0 when it is no legal value. */
static int number_value(span s, int side)
{
    if (s.n == 0 || s.n > 3)
        return 0;
    int v = 0;
    for (size_t i = 0; i < s.n; i++) {
        if (s.p[i] < '0' || s.p[i] > '9')
            return 0;
        v = v * 10 + (s.p[i] - '0');
    }
    return v >= 1 && v <= side ? v : 0;
}

static void bad_cell(got *g, int cell, int side, const char *what)
{
    g->kind = cell == 0 ? GOT_OTHER : GOT_BAD_GRID;
    snprintf(g->detail, sizeof g->detail, "row %d column %d: bad symbol %s", cell / side + 1,
             cell % side + 1, what);
}

/* Reads the grid of a case: side*side cells. */
static void read_grid_cells(tokens *t, const shape *sh, int side, got *g)
{
    int cells = side * side;
    g->kind = GOT_GRID;
    ojd_board_init_side(&g->grid, side);
    for (int i = 0; i < cells; i++) {
        span s;
        if (!tok_peek(t, &s)) {
            g->kind = i == 0 ? GOT_MISSING : GOT_SHORT_GRID;
            g->cells = i;
            return;
        }
        if (sh->style == OJD_STYLE_PRETTY && is_rule_token(s)) {
            tok_take(t);
            i--;
            continue;
        }
        char what[64];
        int v;
        if (sh->single && !t->literal) {
            v = s.n ? single_value((unsigned char)s.p[0], side, sh->letters) : 0;
            if (!v) {
                bad_cell(g, i, side, char_text((unsigned char)s.p[0], what, sizeof what));
                return;
            }
            tok_take_chars(t, 1);
        } else {
            if (sh->single)
                v = s.n == 1 ? single_value((unsigned char)s.p[0], side, sh->letters) : 0;
            else
                v = number_value(s, side);
            /* a quoted literal cell is one value however it is spelled: above 9x9 the writer
             * uses letters, LeetCode-style boards and `ojdoku generate` use numbers */
            if (!v && t->literal && side > 9) {
                v = number_value(s, side);
                if (!v && s.n == 1)
                    v = single_value((unsigned char)s.p[0], side, true);
            }
            if (!v) {
                char text[48];
                clip_text(text, sizeof text, s.p, s.n, 20);
                if (s.n == 1)
                    char_text((unsigned char)s.p[0], what, sizeof what);
                else
                    snprintf(what, sizeof what, "\"%s\"", text);
                bad_cell(g, i, side, what);
                return;
            }
            tok_take(t);
        }
        g->grid.cell[i] = (uint8_t)v;
    }
}

/* Reads one case: [--- separators] [header] (a verdict phrase | a grid). */
static void read_case(tokens *t, const shape *sh, int side, got *g)
{
    span s;
    memset(g, 0, sizeof *g);
    while (sh->dashes && tok_peek(t, &s) && span_is(s, "---", 3))
        tok_take(t);
    if (!tok_peek(t, &s)) {
        g->kind = GOT_MISSING;
        return;
    }
    if (sh->header[0]) {
        tokens at = *t;
        if (!tok_match_phrase(t, sh->header)) {
            char found[96];
            tok_describe(at, phrase_tokens(sh->header), found, sizeof found);
            g->kind = GOT_HEADER;
            if (snprintf(g->detail, sizeof g->detail, "expected \"%s\", found \"%s\"",
                         sh->header, found) < 0)
                g->detail[0] = '\0';
            return;
        }
    }
    g->body = *t;
    for (int o = 0; o < OJD_OUTCOME_COUNT_; o++) {
        if (sh->phrase[o] && tok_match_phrase(t, sh->phrase[o])) {
            g->kind = GOT_WORD;
            g->word = o;
            return;
        }
    }
    if (sh->style == OJD_STYLE_VERDICT) {
        g->kind = GOT_OTHER;
        return;
    }
    read_grid_cells(t, sh, side, g);
}

/* "expected X, found Y" for a case whose output is not what the jury expects. */
static void describe_found(const got *g, const shape *sh, int want_tokens, char *buf, size_t size)
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
        tok_describe(g->body, want_tokens, text, sizeof text);
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
    const ojd_format *f;
    ojd_check_report *rep;
    ojd_engine *engine;
    ojd_reader *reader;
    tokens out, ans;
    bool has_answer;
    bool any_word;            /* the profile has a word for some outcome */
    ojd_search search;
    /* strict mode: the writer's rendering of the contestant's answers */
    FILE *render;
    char *render_buf;
    size_t render_len;
    ojd_writer *writer;
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
        describe_found(a, sh, phrase_tokens(want_word), found, sizeof found);
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
        describe_found(a, sh, 1, found, sizeof found);
        return verdict_set(ck->rep, OJD_VERDICT_FAIL, n, "ANSWER has %s where a grid belongs",
                           found);
    }
    if (!grid_solves(&ck->pz.board, &a->grid, sh->letters, why, sizeof why))
        return verdict_set(ck->rep, OJD_VERDICT_FAIL, n, "ANSWER's grid is not a solution: %s",
                           why);
    if (ck->f && ck->f->lexmin && st != OJD_UNSOLVABLE &&
        memcmp(a->grid.cell, ck->res.solution.cell, (size_t)ojd_board_cells(&a->grid)) != 0)
        return verdict_set(ck->rep, OJD_VERDICT_FAIL, n,
                           "ANSWER's grid is not the lexicographically smallest solution");
    return OJD_VERDICT_OK;
}

/* Without words, uniqueness, a smallest-solution rule or a jury answer, a valid grid is right
 * whatever else the puzzle allows: the solver is needed only to tell a jury fault. */
static bool plain_profile(const checker *ck, const shape *sh)
{
    const ojd_format *f = ck->f;
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

/* A right case: in strict mode the writer renders it (as status st with ck->res) into the bytes
 * the whole output is compared with at the end. */
static ojd_verdict render_case(checker *ck, ojd_status st)
{
    if (ck->writer && ojd_writer_answer(ck->writer, &ck->pz, st, &ck->res) != OJD_OK)
        return verdict_set(ck->rep, OJD_VERDICT_FAIL, ck->pz.index,
                           "cannot render the expected framing");
    return OJD_VERDICT_OK;
}

/* Judges the current case (a grid or verdict style). */
static ojd_verdict judge_case(checker *ck)
{
    shape *sh = &ck->sh;
    got *g = &ck->mine;
    const ojd_format *f = ck->f;
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
        describe_found(g, sh, phrase_tokens(want_word), found, sizeof found);
        return verdict_set(ck->rep, OJD_VERDICT_WRONG, n, "expected \"%s\", found %s", want_word,
                           found);
    }
    if (g->kind == GOT_WORD || g->kind == GOT_OTHER) {
        if (g->kind == GOT_OTHER && g->detail[0] && !ck->any_word)
            return verdict_set(ck->rep, OJD_VERDICT_WRONG, n, "%s", g->detail);
        describe_found(g, sh, 1, found, sizeof found);
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
    if (ck->writer && ojd_writer_answer(ck->writer, &ck->pz, st, &ck->res) != OJD_OK)
        return verdict_set(ck->rep, OJD_VERDICT_FAIL, ck->pz.index,
                           "cannot render the expected framing");
    return OJD_VERDICT_OK;
}

/* Reads the one number of a sum output; false with *why set when there is none. */
static bool read_sum(tokens *t, unsigned long long *value, char *why, size_t size)
{
    span s;
    if (!tok_peek(t, &s)) {
        snprintf(why, size, "the output is empty");
        return false;
    }
    unsigned long long v = 0;
    bool number = s.n > 0 && s.n <= 19;
    for (size_t i = 0; number && i < s.n; i++) {
        if (s.p[i] < '0' || s.p[i] > '9')
            number = false;
        else
            v = v * 10 + (unsigned long long)(s.p[i] - '0');
    }
    if (!number) {
        char text[64];
        clip_text(text, sizeof text, s.p, s.n, 40);
        snprintf(why, size, "expected a number, found \"%s\"", text);
        return false;
    }
    tok_take(t);
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
        span s;
        if (tok_peek(&ck->ans, &s))
            return verdict_set(ck->rep, OJD_VERDICT_FAIL, 0, "ANSWER has more after the sum");
    }
    if (!read_sum(&ck->out, &found, why, sizeof why))
        return verdict_set(ck->rep, OJD_VERDICT_WRONG, 0, "%s", why);
    if (found != ck->sum)
        return verdict_set(ck->rep, OJD_VERDICT_WRONG, 0, "expected the sum %llu, found %llu",
                           ck->sum, found);
    span s;
    if (tok_peek(&ck->out, &s))
        return verdict_set(ck->rep, OJD_VERDICT_WRONG, 0, "extra output after the sum");
    return OJD_VERDICT_OK;
}

/* ---- strict framing ------------------------------------------------------------------------ */

/* Is the rest of the line at s (up to a newline or the end) spaces and tabs only? */
static bool blank_rest(const char *s, size_t n)
{
    for (size_t i = 0; i < n && s[i] != '\n'; i++)
        if (s[i] != ' ' && s[i] != '\t' && s[i] != '\r')
            return false;
    return true;
}

/* Compares the output with the writer's rendering; a presentation error at the first byte that
 * differs, located by line and column of the output. */
static ojd_verdict compare_framing(checker *ck, const char *out, size_t out_size)
{
    const char *want = ck->render_buf;
    size_t want_size = ck->render_len;
    size_t i = 0;
    while (i < out_size && i < want_size && out[i] == want[i])
        i++;
    if (i == out_size && i == want_size)
        return OJD_VERDICT_OK;
    long line = 1, col = 1;
    for (size_t k = 0; k < i; k++) {
        if (out[k] == '\n')
            line++, col = 1;
        else
            col++;
    }
    int o = i < out_size ? (unsigned char)out[i] : -1;
    int w = i < want_size ? (unsigned char)want[i] : -1;
    char what[160], a[32], b[32];
    bool at_line_start = col == 1;
    if (o == -1 && w == '\n' && i + 1 == want_size)
        snprintf(what, sizeof what, "missing newline at the end of the output");
    else if (o == -1)
        snprintf(what, sizeof what, "the output ends early");
    else if (o == '\r')
        snprintf(what, sizeof what, "carriage return (CRLF line ending)");
    else if ((o == ' ' || o == '\t') && (w == '\n' || w == -1) &&
             blank_rest(out + i, out_size - i))
        snprintf(what, sizeof what, "trailing whitespace");
    else if (o == '\n' && at_line_start)
        snprintf(what, sizeof what, w == -1 ? "blank line at the end" : "unexpected blank line");
    else if (w == '\n' && at_line_start)
        snprintf(what, sizeof what, "missing blank line");
    else if (w == -1)
        snprintf(what, sizeof what, "extra output at the end");
    else if (w == '\n')
        snprintf(what, sizeof what, "expected the end of the line, found %s",
                 char_text(o, a, sizeof a));
    else if (o == '\n')
        snprintf(what, sizeof what, "expected %s, found the end of the line",
                 char_text(w, b, sizeof b));
    else
        snprintf(what, sizeof what, "expected %s, found %s", char_text(w, b, sizeof b),
                 char_text(o, a, sizeof a));
    return verdict_set(ck->rep, OJD_VERDICT_PRESENTATION, 0, "line %ld column %ld: %s", line, col,
                       what);
}

/* ---- entry point --------------------------------------------------------------------------- */

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
    ojd_reader_free(ck->reader);
    ojd_engine_free(ck->engine);
    free(ck);
}

/* Reads INPUT to its end (after the verdict is known) to count the cases and to find a jury
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
    ojd_error w;
    if (ojd_reader_warning(ck->reader, &w))
        return verdict_set(ck->rep, OJD_VERDICT_FAIL, 0, "INPUT line %ld: %s", w.line, w.message);
    return v;
}

ojd_verdict ojd_check(const char *input, size_t input_size, const char *output, size_t output_size,
                      const char *answer, size_t answer_size, const ojd_check_options *options,
                      ojd_check_report *report)
{
    ojd_check_report scratch;
    ojd_check_report *rep = report ? report : &scratch;
    memset(rep, 0, sizeof *rep);
    ojd_check_options defaults = {0};
    const ojd_check_options *opt = options ? options : &defaults;
    const ojd_format *f = opt->format;
    if (!input || !output)
        return verdict_set(rep, OJD_VERDICT_FAIL, 0, "no INPUT or OUTPUT given");
    if (f && !judged_style(f->style))
        return verdict_set(rep, OJD_VERDICT_FAIL, 0, "profile %s is not a judge's output format",
                           f->name);

    checker *ck = calloc(1, sizeof *ck);
    if (!ck)
        return verdict_set(rep, OJD_VERDICT_FAIL, 0, "out of memory");
    ck->opt = opt;
    ck->f = f;
    ck->rep = rep;
    ck->has_answer = answer != NULL;
    bool literal = f && f->style == OJD_STYLE_LITERAL;
    for (int o = 0; f && o < OJD_OUTCOME_COUNT_; o++)
        ck->any_word |= f->words[o] != NULL;
    ojd_format_search(f, &ck->search);
    ck->search.max_nodes = opt->max_nodes;
    ck->engine = ojd_engine_new(opt->solver);
    ck->reader = ojd_reader_new_mem(input, input_size, "INPUT", f);
    if (opt->strict) {
        ck->render = open_memstream(&ck->render_buf, &ck->render_len);
        ck->writer = ck->render ? ojd_writer_new(ck->render, f, NULL) : NULL;
    }
    if (!ck->engine || !ck->reader || (opt->strict && !ck->writer)) {
        checker_free(ck);
        return verdict_set(rep, OJD_VERDICT_FAIL, 0, "out of memory");
    }
    tok_init(&ck->out, output, output_size, literal);
    tok_init(&ck->ans, answer, answer_size, literal);

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
        /* mirrored literals are read with the literal's separators */
        if (!f)
            ck->out.literal = ck->ans.literal = ck->pz.layout.grammar == OJD_GRAMMAR_LITERAL;
        v = sum_style ? sum_case(ck) : judge_case(ck);
        if (v != OJD_VERDICT_OK)
            break;
    }
    if (v == OJD_VERDICT_WRONG)
        v = drain_input(ck, v);
    else if (v == OJD_VERDICT_OK)
        v = drain_input(ck, v);
    rep->cases = ojd_reader_cases(ck->reader);

    if (v == OJD_VERDICT_OK && sum_style)
        v = judge_sum(ck);
    if (v == OJD_VERDICT_OK && !sum_style) {
        span s;
        while (!f || f->out_separator == OJD_SEP_DASHES) {
            if (!tok_peek(&ck->ans, &s) || !span_is(s, "---", 3))
                break;
            tok_take(&ck->ans);
        }
        while (!f || f->out_separator == OJD_SEP_DASHES) {
            if (!tok_peek(&ck->out, &s) || !span_is(s, "---", 3))
                break;
            tok_take(&ck->out);
        }
        if (ck->has_answer && tok_peek(&ck->ans, &s))
            v = verdict_set(rep, OJD_VERDICT_FAIL, 0, "ANSWER has more after case %lu",
                            rep->cases);
        else if (tok_peek(&ck->out, &s))
            v = verdict_set(rep, OJD_VERDICT_WRONG, 0, "extra output after case %lu", rep->cases);
    }
    if (v == OJD_VERDICT_OK && ck->writer) {
        if (ojd_writer_finish(ck->writer) != OJD_OK || fflush(ck->render) != 0)
            v = verdict_set(rep, OJD_VERDICT_FAIL, 0, "cannot render the expected framing");
        else
            v = compare_framing(ck, output, output_size);
    }
    if (v == OJD_VERDICT_OK)
        v = verdict_set(rep, OJD_VERDICT_OK, 0, "%lu case%s", rep->cases,
                        rep->cases == 1 ? "" : "s");
    checker_free(ck);
    return v;
}
