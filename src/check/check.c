/*
 * check.c -- the special judge: verifies a contestant's OUTPUT against the puzzles of INPUT (and
 * optionally the jury's ANSWER) in a judge profile's output grammar.  The three streams are
 * walked together, one case at a time, in memory that does not grow with their sizes.  Each case
 * is judged by its task's rules against what the solver says (the writer's rules: the checker
 * accepts exactly what `ojdoku solve` prints); a right output is also compared byte for byte with
 * the writer's rendering of it (the framer).  A jury fault anywhere in INPUT outranks the first
 * wrong case.  The model, the precedence and the format hint: docs/checker.md, "Inside the
 * checker".
 */
#include "check.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FRAME_KEEP ((size_t)1 << 20)   /* contestant bytes kept ahead of the rendering */
#define HINT_CASES 16                  /* no --format: puzzles kept for a "did you mean" hint */
/* A hint's judging searches at most this many nodes a case: a hint is a guess about framing and
 * must not cost more than the judgement (docs/checker.md, "The hint") */
#define HINT_NODES 20000UL

/* ---- messages ------------------------------------------------------------------------------ */

static const char *const verdict_prefix[] = {
    [OJD_VERDICT_OK] = "ok",
    [OJD_VERDICT_WRONG] = "wrong answer",
    [OJD_VERDICT_PRESENTATION] = "presentation error",
    [OJD_VERDICT_FAIL] = "FAIL",
};

/* Sets the report: "<verdict>: case N: <message>" (no case part when case_no is 0). */
static ojd_verdict verdict_set(ojd_check_report *rep, ojd_verdict v, unsigned long case_no,
                               const char *fmt, ...) OJD_PRINTF(4, 5);
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

/* A cell value as the output writes it: a letter in letter grids, else a number. */
static void value_text(char *buf, size_t size, int v, bool letters)
{
    if (letters)
        snprintf(buf, size, "%c", ojd_symbol(v, true));
    else
        snprintf(buf, size, "%d", v);
}

/* ---- strict framing: the contestant's bytes against the writer's ------------------------------
 *
 * Both sides arrive in pieces: the contestant's bytes as the tokens are read, the writer's
 * rendering after each right case.  Whichever side is ahead waits in its queue until the other
 * catches up, and the two are compared byte by byte as they meet.  The rendering is never far
 * ahead (one case), but the output can be: its bytes past FRAME_KEEP are only counted.  That many
 * bytes ahead of the rendering cannot be right (a right case is as long as its rendering), and
 * the first difference lies within the kept ones, where the next rendering meets them. */

/* Bytes of one side that wait for the other side: data[pos .. len). */
typedef struct frame_queue {
    unsigned char *data;
    size_t pos, len, cap;
} frame_queue;

typedef struct framer {
    frame_queue want;          /* the rendering not yet compared (grows as needed) */
    frame_queue got;           /* the output not yet compared (FRAME_KEEP bytes at most), */
    unsigned long long got_dropped;  /* then got_dropped bytes not kept */
    int dropped_stop;          /* the first dropped byte that is a newline or not blank, or -1 */
    int dropped_first;         /* the first dropped byte, or -1 */
    bool nomem;
    bool any_case;             /* letters match in either case: the judge folds the words' */
    long line, col;            /* where the next byte to compare is */
    /* the first difference */
    bool differs;
    long d_line, d_col;
    int o, w;                  /* the output's byte and the rendering's: -1 = ended, -2 = unknown */
    bool w_last;               /* w is the last byte of the rendering */
    int blank_rest;            /* the output's line from o on holds blanks only: -1 not known yet */
    int o_next;                /* the output's byte after o: -1 = none (it ended), -2 = not yet
                                * known; a CR is a CRLF line end only when an LF follows it */
} framer;

static bool frame_init(framer *fr)
{
    memset(fr, 0, sizeof *fr);
    fr->line = fr->col = 1;
    fr->dropped_stop = -1;
    fr->dropped_first = -1;
    fr->got.cap = FRAME_KEEP;
    fr->got.data = malloc(fr->got.cap);
    fr->want.cap = 4096;
    fr->want.data = malloc(fr->want.cap);
    return fr->got.data && fr->want.data;
}

static void frame_free(framer *fr)
{
    free(fr->got.data);
    free(fr->want.data);
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
    fr->o_next = n ? rest[0] : fr->got_dropped ? fr->dropped_first : -2;
    frame_probe(fr, rest, n);
    if (fr->blank_rest < 0 && fr->got_dropped && fr->dropped_stop >= 0)
        fr->blank_rest = fr->dropped_stop == '\n';
}

static int check_fold(int c) { return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c; }

/* The index of the first byte where a and b differ (any_case: as lower-case ASCII), n if none. */
static size_t first_mismatch(const unsigned char *a, const unsigned char *b, size_t n,
                             bool any_case)
{
    size_t i = 0;
    while (i < n && (a[i] == b[i] || (any_case && check_fold(a[i]) == check_fold(b[i]))))
        i++;
    return i;
}

/* The walk both sides share: n new bytes at *p of one side (output: the contestant's, else the
 * rendering) meet the queue of the other side.  The bytes that match leave both and the position
 * moves over them; at the first difference it is recorded, and false returned.  Otherwise *p and
 * *n are left at the new bytes the queue did not reach: this side is ahead by them. */
static bool frame_meet(framer *fr, bool output, const unsigned char **p, size_t *n)
{
    frame_queue *other = output ? &fr->want : &fr->got;
    const unsigned char *queued = other->data + other->pos;
    size_t ahead = other->len - other->pos;
    size_t k = ahead < *n ? ahead : *n;
    size_t i = first_mismatch(*p, queued, k, fr->any_case);
    frame_advance(fr, *p, i);
    if (i < k) {
        if (output)
            frame_differ(fr, (*p)[i], queued[i], false, *p + i + 1, *n - i - 1);
        else
            frame_differ(fr, queued[i], (*p)[i], false, queued + i + 1, ahead - i - 1);
        return false;
    }
    other->pos += k;
    if (other->pos == other->len)
        other->pos = other->len = 0;
    *p += k;
    *n -= k;
    return true;
}

/* Moves what waits in q to the start of its buffer. */
static void queue_compact(frame_queue *q)
{
    memmove(q->data, q->data + q->pos, q->len - q->pos);
    q->len -= q->pos;
    q->pos = 0;
}

/* n more bytes of the output: the tap of OUTPUT's stream (fr is the framer). */
static void frame_got(void *framer_context, const unsigned char *p, size_t n)
{
    framer *fr = framer_context;
    if (fr->differs) {
        if (fr->o_next == -2 && n)
            fr->o_next = p[0];
        frame_probe(fr, p, n);
        return;
    }
    if (!frame_meet(fr, true, &p, &n) || n == 0)
        return;
    /* the output is ahead: keep what fits (in order: nothing once some was dropped) */
    frame_queue *q = &fr->got;
    if (fr->got_dropped == 0) {
        if (q->len + n > q->cap && q->pos > 0)
            queue_compact(q);
        size_t room = q->cap - q->len;
        size_t c = n < room ? n : room;
        memcpy(q->data + q->len, p, c);
        q->len += c;
        p += c;
        n -= c;
    }
    if (n && fr->got_dropped == 0)
        fr->dropped_first = p[0];
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
    if (!frame_meet(fr, false, &p, &n) || n == 0)
        return;
    if (fr->got_dropped) {
        /* the kept output all matched and the dropped bytes are unknown (not expected: see
         * above); the difference is here, its bytes are not known */
        frame_differ(fr, -2, p[0], false, NULL, 0);
        return;
    }
    /* the rendering is ahead: keep all of it */
    frame_queue *q = &fr->want;
    if (q->pos > 0)
        queue_compact(q);
    if (q->len + n > q->cap) {
        size_t cap = q->cap;
        while (cap < q->len + n)
            cap *= 2;
        unsigned char *grown = realloc(q->data, cap);
        if (!grown) {
            fr->nomem = true;
            return;
        }
        q->data = grown;
        q->cap = cap;
    }
    memcpy(q->data + q->len, p, n);
    q->len += n;
}

/* Both sides are complete: what is left on one side is the difference. */
static void frame_end(framer *fr)
{
    if (!fr->differs) {
        const frame_queue *got = &fr->got, *want = &fr->want;
        size_t got_n = got->len - got->pos, want_n = want->len - want->pos;
        if (got_n)
            frame_differ(fr, got->data[got->pos], -1, false, got->data + got->pos + 1,
                         got_n - 1);
        else if (fr->got_dropped)
            frame_differ(fr, -2, -1, false, NULL, 0);
        else if (want_n)
            frame_differ(fr, -1, want->data[want->pos], want_n == 1, NULL, 0);
    }
    if (fr->blank_rest < 0)
        fr->blank_rest = 1;
    if (fr->o_next == -2)
        fr->o_next = -1;
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
    else if (o == '\r' && fr->o_next == '\n')
        snprintf(what, size, "carriage return (CRLF line ending)");
    else if (o == '\r')
        snprintf(what, size, "carriage return not followed by a line feed (a bare CR)");
    else if ((o == ' ' || o == '\t') && (w == '\n' || w == -1) && fr->blank_rest == 1)
        snprintf(what, size, "trailing whitespace");
    else if (o == '\n' && at_line_start)
        snprintf(what, size, w == -1 ? "blank line at the end" : "unexpected blank line");
    else if (w == '\n' && at_line_start)
        snprintf(what, size, "missing blank line");
    else if (w == -1)
        snprintf(what, size, "extra output at the end");
    else if (w == '\n')
        snprintf(what, size, "expected the end of the line, found %s",
                 ojd_char_text(o, a, sizeof a));
    else if (o == '\n')
        snprintf(what, size, "expected %s, found the end of the line",
                 ojd_char_text(w, b, sizeof b));
    else
        snprintf(what, size, "expected %s, found %s", ojd_char_text(w, b, sizeof b),
                 ojd_char_text(o, a, sizeof a));
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
        if (c.value > 0)
            snprintf(why, size, "%s %d repeats %s", c.unit, c.index, v);
        else /* a killer cage's sum: "cage 7 sums to 14, not 15" */
            ojd_conflict_text(grid, &c, why, size);
        return false;
    }
    return true;
}

/* ---- the whole check ----------------------------------------------------------------------- */

typedef struct checker {
    const ojd_check_options *opt;
    const ojd_profile *f;      /* the profile chosen, NULL = mirror */
    const ojd_profile *cf;     /* the profile that governs the current case (NULL = mirror) */
    ojd_check_report *rep;
    ojd_engine *engine;
    ojd_reader *reader;
    ojd_reply *out, *ans;
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
    ojd_reply_shape sh;
    ojd_reply_case mine, jury;
    bool number_whole;        /* the contestant's answer was a number, read whole (a score) */
    unsigned long long sum;   /* OJD_STYLE_SUM */
} checker;

/* Judges the current case (ck->pz) by the rules of one task: OJD_VERDICT_OK when it is right,
 * else the verdict, reported. */
typedef ojd_verdict case_judge_fn(checker *ck);

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
    if (*st == OJD_ERR_INVALID && ck->search.method == OJD_METHOD_COMPLETE)
        return verdict_set(ck->rep, OJD_VERDICT_FAIL, n,
                           "the grid has a blank, and the statement's grids are complete (bad "
                           "INPUT)");
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
    ojd_reply_case *a = &ck->jury;
    ojd_reply_shape *sh = &ck->sh;
    unsigned long n = ck->pz.index;
    char found[128], why[160];
    if (a->kind == OJD_REPLY_MISSING)
        return verdict_set(ck->rep, OJD_VERDICT_FAIL, n, "ANSWER ends before the case");
    if (a->kind == OJD_REPLY_HEADER || a->kind == OJD_REPLY_BAD_GRID)
        return verdict_set(ck->rep, OJD_VERDICT_FAIL, n, "ANSWER: %s", a->detail);
    if (a->kind == OJD_REPLY_SHORT_GRID)
        return verdict_set(ck->rep, OJD_VERDICT_FAIL, n, "ANSWER ends after %d cells of the grid",
                           a->cells);
    if (want_word) {
        if (a->kind == OJD_REPLY_WORD && strcmp(sh->phrase[a->word], want_word) == 0)
            return OJD_VERDICT_OK;
        ojd_reply_describe(ck->ans, a, sh, want_word, found, sizeof found);
        return verdict_set(ck->rep, OJD_VERDICT_FAIL, n,
                           "ANSWER says %s but the solver says \"%s\"", found, want_word);
    }
    if (a->kind == OJD_REPLY_WORD) {
        if (mine_valid)
            return verdict_set(ck->rep, OJD_VERDICT_FAIL, n,
                               "ANSWER says \"%s\" but the contestant's solution is valid",
                               sh->phrase[a->word]);
        return verdict_set(ck->rep, OJD_VERDICT_FAIL, n,
                           "ANSWER says \"%s\" but the solver found a solution",
                           sh->phrase[a->word]);
    }
    if (a->kind != OJD_REPLY_GRID) {
        ojd_reply_describe(ck->ans, a, sh, NULL, found, sizeof found);
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
static bool plain_profile(const checker *ck, const ojd_reply_shape *sh)
{
    const ojd_profile *f = ck->cf;
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

/* A wrong grid of rows (packed or spaced) whose case opens with a line of one short number, a
 * full row after it: that line is one the answer does not have (a count line echoed, a case
 * number), and every cell read after it is shifted, so what the rules say of them misleads.
 * Writes the message that says so into why; false when the case does not look so.  Once the
 * case is judged only (it quotes). */
static bool extra_number_line(checker *ck, const ojd_reply_shape *sh, char *why, size_t size)
{
    int side = ck->pz.board.side;
    if (sh->style != OJD_STYLE_PACKED && sh->style != OJD_STYLE_SPACED)
        return false;
    char lines[512];
    unsigned long first = ojd_reply_case_lines(ck->out, 2, lines, sizeof lines);
    char *end = first ? strchr(lines, '\n') : NULL;
    if (!end || !end[1])
        return false;
    size_t digits = strspn(lines, "0123456789");
    bool packed = sh->style == OJD_STYLE_PACKED;
    if (digits == 0 || lines + digits != end || (packed && digits >= (size_t)side))
        return false;
    /* the next line is a row: side cells packed, or side tokens */
    const char *row = end + 1;
    size_t len = strcspn(row, "\n"), tokens = 0;
    for (size_t i = 0; i < len; i++)
        tokens += row[i] != ' ' && (i == 0 || row[i - 1] == ' ');
    if (packed ? len != (size_t)side : tokens != (size_t)side)
        return false;
    *end = '\0';
    snprintf(why, size, "line %lu holds \"%.20s\", a line the answer does not have (the grid's "
             "rows start on the next line)", first, lines);
    return true;
}

/* The shape of the current case under f: the reply's words in any case where f's judge
 * compares them so, unless the caller's judge says case_sensitive. */
static void shape_case(checker *ck, ojd_reply_shape *sh, const ojd_profile *f)
{
    ojd_reply_shape_for(sh, f, &ck->pz);
    if (ck->opt->case_sensitive)
        sh->any_case = false;
}

/* Reads the current case's replies (the contestant's; the jury's when there is an ANSWER) as
 * grids of its puzzle's shape. */
static void read_replies(checker *ck)
{
    ojd_reply_case *g = &ck->mine;
    shape_case(ck, &ck->sh, ck->cf);
    ojd_reply_read_case(ck->out, &ck->sh, ck->pz.board.side, g);
    if (ck->has_answer)
        ojd_reply_read_case(ck->ans, &ck->sh, ck->pz.board.side, &ck->jury);
    /* an answer's grid has its puzzle's boxes, which --box may have made other than the side's
     * conventional shape the output reader starts from */
    g->grid.box_rows = ck->jury.grid.box_rows = ck->pz.board.box_rows;
    g->grid.box_cols = ck->jury.grid.box_cols = ck->pz.board.box_cols;
    /* and its puzzle's units: the regions of a jigsaw (HDU 4069), the extra units */
    ojd_board_copy_units(&g->grid, &ck->pz.board);
    ojd_board_copy_units(&ck->jury.grid, &ck->pz.board);
}

/* What the contestant's answer is worth on its own, before the solver is asked. */
typedef struct own_worth {
    bool valid;               /* a grid that solves the puzzle */
    ojd_verdict wrong;        /* the verdict it earns whatever the outcome, or OJD_VERDICT_OK */
    char why[200];            /* the message of that verdict */
} own_worth;

/* Sets *w for the contestant's reply to the current case, just read. */
static void assess_own(checker *ck, own_worth *w)
{
    const ojd_reply_case *g = &ck->mine;
    unsigned long n = ck->pz.index;
    int side = ck->pz.board.side;
    char why[160];
    w->valid = false;
    w->wrong = OJD_VERDICT_OK;
    w->why[0] = '\0';
    switch (g->kind) {
    case OJD_REPLY_MISSING:
        snprintf(w->why, sizeof w->why, "missing (the output ends after %lu case%s)", n - 1,
                 n == 2 ? "" : "s");
        w->wrong = OJD_VERDICT_WRONG;
        break;
    case OJD_REPLY_HEADER:
    case OJD_REPLY_BAD_GRID:
        snprintf(w->why, sizeof w->why, "%s", g->detail);
        w->wrong = OJD_VERDICT_WRONG;
        break;
    case OJD_REPLY_SHORT_GRID:
        snprintf(w->why, sizeof w->why, "the output ends after %d of %d cells", g->cells,
                 side * side);
        w->wrong = OJD_VERDICT_WRONG;
        break;
    case OJD_REPLY_OTHER:
        if (g->detail[0])
            snprintf(w->why, sizeof w->why, "%s", g->detail);
        else
            snprintf(w->why, sizeof w->why, "expected a grid");
        w->wrong = plain_profile(ck, &ck->sh) ? OJD_VERDICT_WRONG : OJD_VERDICT_OK;
        break;
    case OJD_REPLY_GRID:
        w->valid = grid_solves(&ck->pz.board, &g->grid, ck->sh.letters, why, sizeof why);
        if (!w->valid) {
            snprintf(w->why, sizeof w->why, "%s", why);
            w->wrong = OJD_VERDICT_WRONG;
        }
        break;
    default:
        break;
    }
}

/* Solves the current puzzle into ck->res and *st, unless a valid grid in a plain profile needs
 * no solver (*st stays OJD_OK): OJD_VERDICT_OK to judge on, else the verdict, reported. */
static ojd_verdict solve_unless_plain(checker *ck, const own_worth *w, ojd_status *st)
{
    unsigned long n = ck->pz.index;
    bool plain = plain_profile(ck, &ck->sh);
    if (plain && w->valid)
        return OJD_VERDICT_OK;
    memset(&ck->res, 0, sizeof ck->res);
    *st = ojd_engine_solve(ck->engine, &ck->pz.board, &ck->search, &ck->res);
    if ((*st == OJD_LIMIT || (*st == OJD_ERR_USAGE && ck->pz.board.units & OJD_UNITS_KILLER))
        && plain && w->wrong)
        /* only a jury fault (no solution) could excuse a wrong grid, and the budget (or a
         * solver that takes no killer cages) did not find one: the answer breaks a rule
         * whatever the puzzle holds */
        return verdict_set(ck->rep, w->wrong, n, "%s", w->why);
    ojd_verdict v = solve_verdict(ck, st);
    if (v != OJD_VERDICT_OK)
        return v;
    if (w->valid && (*st == OJD_UNSOLVABLE || *st == OJD_CONFLICT))
        return verdict_set(ck->rep, OJD_VERDICT_FAIL, n,
                           "the solver says the puzzle %s, yet the contestant's grid solves "
                           "it", outcome_text(ojd_outcome_of(*st)));
    return OJD_VERDICT_OK;
}

/* The contestant's answer against what the jury expects (want_word, or a grid when NULL): a
 * right one is rendered for the byte-exact comparison. */
static ojd_verdict judge_own(checker *ck, ojd_status st, const char *want_word,
                             const own_worth *w)
{
    ojd_reply_shape *sh = &ck->sh;
    ojd_reply_case *g = &ck->mine;
    unsigned long n = ck->pz.index;
    int side = ck->pz.board.side;
    char why[160], found[128];
    if (g->kind == OJD_REPLY_MISSING || g->kind == OJD_REPLY_HEADER)
        return verdict_set(ck->rep, OJD_VERDICT_WRONG, n, "%s", w->why);
    if (want_word) {
        if (g->kind == OJD_REPLY_WORD && strcmp(sh->phrase[g->word], want_word) == 0)
            return render_case(ck, st);
        ojd_reply_describe(ck->out, g, sh, want_word, found, sizeof found);
        return verdict_set(ck->rep, OJD_VERDICT_WRONG, n, "expected \"%s\", found %s", want_word,
                           found);
    }
    if (g->kind == OJD_REPLY_WORD || g->kind == OJD_REPLY_OTHER) {
        if (g->kind == OJD_REPLY_OTHER && g->detail[0] && !ck->any_word)
            return verdict_set(ck->rep, OJD_VERDICT_WRONG, n, "%s", g->detail);
        ojd_reply_describe(ck->out, g, sh, NULL, found, sizeof found);
        return verdict_set(ck->rep, OJD_VERDICT_WRONG, n, "expected a grid, found %s", found);
    }
    if (w->wrong && extra_number_line(ck, sh, why, sizeof why))
        return verdict_set(ck->rep, w->wrong, n, "%s", why);
    if (w->wrong)
        return verdict_set(ck->rep, w->wrong, n, "%s", w->why);
    if (ck->cf && ck->cf->lexmin && memcmp(g->grid.cell, ck->res.solution.cell,
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

/* Judges a case of the solve, classify and validity tasks: a solution grid, or the outcome's
 * word (a grid or verdict style). */
static ojd_verdict solution_case(checker *ck)
{
    const ojd_profile *f = ck->cf;
    unsigned long n = ck->pz.index;
    own_worth w;
    read_replies(ck);
    assess_own(ck, &w);
    /* trying a profile for a hint: a case its framing does not fit is rejected unsolved */
    if (ck->hint && w.wrong)
        return verdict_set(ck->rep, OJD_VERDICT_WRONG, n, "%s", w.why);
    ojd_status st = OJD_OK;
    ojd_verdict v = solve_unless_plain(ck, &w, &st);
    if (v != OJD_VERDICT_OK)
        return v;
    /* what the jury expects: what the writer prints for the outcome, a grid or the profile's
     * word for it */
    ojd_outcome o = ojd_outcome_of(st);
    ojd_answer_form form = ojd_profile_answer(f, o, NULL);
    const char *want_word = form == OJD_ANSWER_WORD ? ck->sh.phrase[o] : NULL;
    if (form == OJD_ANSWER_NOTHING)
        return verdict_set(ck->rep, OJD_VERDICT_FAIL, n,
                           "the puzzle %s and %s has no way to say so (bad INPUT)",
                           outcome_text(o), f ? f->name : "the mirrored output");
    if (ck->has_answer && (v = check_answer(ck, st, want_word, w.valid)) != OJD_VERDICT_OK)
        return v;
    return judge_own(ck, st, want_word, &w);
}

/* Reads one case of a reply (the contestant's, or the jury's ANSWER: who prefixes the message)
 * whose answer is one word or one grid, into *g: OJD_VERDICT_OK when it holds the word asked for
 * (word), or a grid (word NULL; grid_name says which in the message); else bad, reported. */
static ojd_verdict read_word_or_grid(checker *ck, ojd_reply *in, ojd_reply_case *g,
                                     const char *word, ojd_verdict bad, const char *who,
                                     const char *grid_name)
{
    ojd_reply_shape *sh = &ck->sh;
    char found[128];
    ojd_reply_read_case(in, sh, ck->pz.board.side, g);
    g->grid.box_rows = ck->pz.board.box_rows;
    g->grid.box_cols = ck->pz.board.box_cols;
    ojd_board_copy_units(&g->grid, &ck->pz.board);
    if (word) {
        if (g->kind == OJD_REPLY_WORD && strcmp(sh->phrase[g->word], word) == 0)
            return OJD_VERDICT_OK;
        ojd_reply_describe(in, g, sh, word, found, sizeof found);
        return verdict_set(ck->rep, bad, ck->pz.index, "%sexpected \"%s\", found %s", who,
                           word, found);
    }
    if (g->kind == OJD_REPLY_GRID)
        return OJD_VERDICT_OK;
    /* a grid it is, but a broken one: what breaks it, as for a case of the solve task */
    if (g->kind == OJD_REPLY_BAD_GRID)
        return verdict_set(ck->rep, bad, ck->pz.index, "%s%s", who, g->detail);
    if (g->kind == OJD_REPLY_SHORT_GRID)
        return verdict_set(ck->rep, bad, ck->pz.index, "%s ends after %d of %d cells",
                           *who ? "ANSWER" : "the output", g->cells,
                           ck->pz.board.side * ck->pz.board.side);
    ojd_reply_describe(in, g, sh, NULL, found, sizeof found);
    return verdict_set(ck->rep, bad, ck->pz.index, "%sexpected %s, found %s", who, grid_name,
                       found);
}

/* A count task (SPOJ SUDOGOB, MIMUW lab 7): the number of solutions on the tally line, then the
 * one solution's grid, or the outcome's word (which may say the count).  One answer is right, so
 * the contestant's count and grid are held to the solver's, and a jury ANSWER to the same. */
static ojd_verdict count_reply(checker *ck, ojd_reply *in, bool jury, unsigned long count,
                               ojd_outcome o)
{
    const ojd_profile *f = ck->cf;
    ojd_reply_shape *sh = &ck->sh;
    ojd_reply_case *g = jury ? &ck->jury : &ck->mine;
    unsigned long n = ck->pz.index;
    ojd_verdict bad = jury ? OJD_VERDICT_FAIL : OJD_VERDICT_WRONG;
    const char *who = jury ? "ANSWER: " : "";
    char why[160];
    if (f->tally) {
        unsigned long long said;
        if (!ojd_reply_read_sum(in, &said, why, sizeof why))
            return verdict_set(ck->rep, bad, n, "%sexpected the number of solutions, %lu: %s",
                               who, count, why);
        if (said != count)
            return verdict_set(ck->rep, bad, n, "%s%llu solution%s claimed, the puzzle has %lu",
                               who, said, said == 1 ? "" : "s", count);
    }
    const char *word = count == 1 ? NULL : sh->phrase[o];
    if (count != 1 && !word)
        return OJD_VERDICT_OK; /* the count was the whole answer */
    ojd_verdict v = read_word_or_grid(ck, in, g, word, bad, who, "the one solution's grid");
    if (v != OJD_VERDICT_OK || word)
        return v;
    if (memcmp(g->grid.cell, ck->res.solution.cell, (size_t)ojd_board_cells(&g->grid)) != 0) {
        if (!grid_solves(&ck->pz.board, &g->grid, sh->letters, why, sizeof why))
            return verdict_set(ck->rep, bad, n, "%s%s", who, why);
        return verdict_set(ck->rep, OJD_VERDICT_FAIL, n,
                           "%sa second solution, yet the solver counts one", who);
    }
    return OJD_VERDICT_OK;
}

/* Counts the case's solutions for the count and all tasks: *st the solver's status, *count
 * their number (0 for a conflict); more than limit is the input's fault, "beyond" saying why. */
static ojd_verdict count_solutions(checker *ck, unsigned long limit, const char *beyond,
                                   ojd_status *st, unsigned long *count)
{
    memset(&ck->res, 0, sizeof ck->res);
    *st = ojd_engine_solve(ck->engine, &ck->pz.board, &ck->search, &ck->res);
    ojd_verdict v = solve_verdict(ck, st);
    if (v != OJD_VERDICT_OK)
        return v;
    *count = *st == OJD_CONFLICT ? 0 : ck->res.solutions;
    if (*count > limit)
        return verdict_set(ck->rep, OJD_VERDICT_FAIL, ck->pz.index, "the puzzle has more than "
                           "%lu solutions, %s (bad INPUT)", limit, beyond);
    return OJD_VERDICT_OK;
}

/* Judges a case of the count task (count_reply() reads each reply). */
static ojd_verdict count_case(checker *ck)
{
    const ojd_profile *f = ck->cf;
    ojd_reply_shape *sh = &ck->sh;
    unsigned long n = ck->pz.index, count = 0;
    ojd_status st;
    ojd_verdict v = count_solutions(ck, OJD_COUNT_LIMIT, "too many to count", &st, &count);
    if (v != OJD_VERDICT_OK)
        return v;
    ojd_outcome o = ojd_outcome_of(st);
    shape_case(ck, sh, f);
    if (f->words[o]) { /* the word may say the count */
        ojd_template_expand(sh->verdict_buf[o], sizeof sh->verdict_buf[o], f->words[o],
                            &(ojd_template_vars){.index = n, .count = count});
        sh->phrase[o] = sh->verdict_buf[o];
    }
    if (ck->has_answer && (v = count_reply(ck, ck->ans, true, count, o)) != OJD_VERDICT_OK)
        return v;
    if ((v = count_reply(ck, ck->out, false, count, o)) != OJD_VERDICT_OK)
        return v;
    return render_case(ck, st);
}

/* ---- task all: every solution, in order -------------------------------------------------- */

/* A case of task all being judged: the solver's walk hands each solution in order to
 * all_next(), which holds the next solution of each reply to it. */
typedef struct all_walk {
    checker *ck;
    unsigned long nth, count;
    ojd_verdict v;
} all_walk;

/* One reply's solution nth of count against want: the same grid, else what is wrong with it. */
static ojd_verdict all_reply(checker *ck, ojd_reply *in, bool jury, const ojd_board *want,
                             unsigned long nth, unsigned long count)
{
    ojd_reply_case *g = jury ? &ck->jury : &ck->mine;
    ojd_verdict bad = jury ? OJD_VERDICT_FAIL : OJD_VERDICT_WRONG;
    const char *who = jury ? "ANSWER: " : "";
    unsigned long n = ck->pz.index;
    int side = ck->pz.board.side;
    char name[64], why[160];
    snprintf(name, sizeof name, "solution %lu of %lu", nth, count);
    ojd_verdict v = read_word_or_grid(ck, in, g, NULL, bad, who, name);
    if (v != OJD_VERDICT_OK)
        return v;
    if (memcmp(g->grid.cell, want->cell, (size_t)ojd_board_cells(want)) == 0)
        return OJD_VERDICT_OK;
    if (!grid_solves(&ck->pz.board, &g->grid, ck->sh.letters, why, sizeof why))
        return verdict_set(ck->rep, bad, n, "%s%s: %s", who, name, why);
    /* a solution, not the one due: every solution before it was matched already */
    int i = first_difference(&g->grid, want);
    char a[8], b[8];
    value_text(a, sizeof a, g->grid.cell[i], ck->sh.letters);
    value_text(b, sizeof b, want->cell[i], ck->sh.letters);
    if (g->grid.cell[i] < want->cell[i])
        return verdict_set(ck->rep, bad, n, "%s%s repeats an earlier solution (row %d column "
                           "%d holds %s, the next in lexicographic order has %s)", who, name,
                           i / side + 1, i % side + 1, a, b);
    return verdict_set(ck->rep, bad, n, "%s%s is not the next in lexicographic order: row %d "
                       "column %d holds %s, the next solution has %s (one missing, or out of "
                       "order)", who, name, i / side + 1, i % side + 1, a, b);
}

/* The walk's visit: solution nth judged in each reply, and rendered; false stops the walk. */
static bool all_next(void *context, const ojd_board *solution)
{
    all_walk *w = context;
    checker *ck = w->ck;
    w->nth++;
    if (ck->has_answer &&
        (w->v = all_reply(ck, ck->ans, true, solution, w->nth, w->count)) != OJD_VERDICT_OK)
        return false;
    if ((w->v = all_reply(ck, ck->out, false, solution, w->nth, w->count)) != OJD_VERDICT_OK)
        return false;
    if (ck->writer && !ck->render_broken &&
        (ojd_writer_listed(ck->writer, &ck->pz, solution, w->nth, w->count) != OJD_OK ||
         !flush_render(ck))) {
        if (ck->opt->strict) {
            w->v = verdict_set(ck->rep, OJD_VERDICT_FAIL, ck->pz.index,
                               "cannot render the expected framing");
            return false;
        }
        ck->render_broken = true;
    }
    return true;
}

/* The closing line after the last solution (the tally, "{count}" expanded), in one reply. */
static ojd_verdict all_closing(checker *ck, ojd_reply *in, bool jury, unsigned long count)
{
    ojd_reply_shape *sh = &ck->sh;
    char line[96];
    ojd_template_expand(line, sizeof line, ck->cf->tally,
                        &(ojd_template_vars){.index = ck->pz.index, .count = count});
    /* the line is read as the one phrase of a case with no header */
    const char *kept[OJD_OUTCOME_COUNT_];
    char header[sizeof sh->header];
    memcpy(kept, sh->phrase, sizeof kept);
    memcpy(header, sh->header, sizeof header);
    memset(sh->phrase, 0, sizeof sh->phrase);
    sh->header[0] = '\0';
    sh->phrase[OJD_OUTCOME_SOLVED] = line;
    ojd_reply_case *g = jury ? &ck->jury : &ck->mine;
    ojd_verdict v = read_word_or_grid(ck, in, g, line, jury ? OJD_VERDICT_FAIL : OJD_VERDICT_WRONG,
                                      jury ? "ANSWER: " : "", "");
    memcpy(sh->phrase, kept, sizeof kept);
    memcpy(sh->header, header, sizeof header);
    return v;
}

/* Judges a case of task all (Jutge P89454): every solution once, in lexicographic order, each
 * framed as the writer frames it, then the tally; or the word for none.  The solver counts them
 * first (more than the task lists: bad INPUT), then its walk holds each reply to each in turn. */
static ojd_verdict all_case(checker *ck)
{
    const ojd_profile *f = ck->cf;
    unsigned long n = ck->pz.index, count = 0;
    ojd_status st;
    ojd_verdict v = count_solutions(ck, OJD_ALL_LIMIT, "more than the task lists", &st, &count);
    if (v != OJD_VERDICT_OK)
        return v;
    shape_case(ck, &ck->sh, f);
    if (count == 0) {
        ojd_outcome o = ojd_outcome_of(st);
        const char *word = ck->sh.phrase[o];
        if (!word)
            return verdict_set(ck->rep, OJD_VERDICT_FAIL, n, "the puzzle %s and %s has no way "
                               "to say so (bad INPUT)", outcome_text(o), f->name);
        if (ck->has_answer && (v = read_word_or_grid(ck, ck->ans, &ck->jury, word,
                                                     OJD_VERDICT_FAIL, "ANSWER: ", "")))
            return v;
        if ((v = read_word_or_grid(ck, ck->out, &ck->mine, word, OJD_VERDICT_WRONG, "", "")))
            return v;
        return render_case(ck, st);
    }
    all_walk w = {ck, 0, count, OJD_VERDICT_OK};
    ojd_status walked = ojd_engine_each_solution(ck->engine, &ck->pz.board, &ck->search, count,
                                                 all_next, &w, NULL);
    if (w.v != OJD_VERDICT_OK)
        return w.v;
    if (walked != OJD_OK || w.nth != count)
        return verdict_set(ck->rep, OJD_VERDICT_FAIL, n, "could not list the %lu solutions "
                           "within the budget of %lu nodes a step", count, ck->opt->max_nodes);
    if (f->tally && ck->has_answer && (v = all_closing(ck, ck->ans, true, count)))
        return v;
    if (f->tally && (v = all_closing(ck, ck->out, false, count)))
        return v;
    return OJD_VERDICT_OK;
}

/* Codeforces 1335D's rule for an answer: at most side cells changed from the solved grid p, and
 * every row, column and box of g repeats a value.  false with *why set otherwise. */
static bool anti_ok(const ojd_board *p, const ojd_board *g, char *why, size_t size)
{
    int n = p->side, changed = 0;
    for (int i = 0; i < n * n; i++)
        changed += p->cell[i] != g->cell[i];
    if (changed > n) {
        snprintf(why, size, "%d cells changed, at most %d may be", changed, n);
        return false;
    }
    static const char *const unit_names[3] = {"row", "column", "box"};
    for (int type = 0; type < 3; type++)
        for (int u = 0; u < n; u++) {
            uint64_t seen = 0;
            bool repeats = false;
            for (int k = 0; k < n; k++) {
                int br = p->box_rows, bc = p->box_cols;
                int r = type == 0 ? u : type == 1 ? k : ojd_box_cell_row(br, bc, u, k);
                int c = type == 0 ? k : type == 1 ? u : ojd_box_cell_col(br, bc, u, k);
                uint64_t bit = (uint64_t)1 << g->cell[r * n + c];
                repeats |= (seen & bit) != 0;
                seen |= bit;
            }
            if (!repeats) {
                snprintf(why, size, "%s %d repeats no value", unit_names[type], u + 1);
                return false;
            }
        }
    return true;
}

/* One reply (the contestant's, or the jury's ANSWER) to a case whose answer a method makes
 * (deduce, score, transform): the outcome's word; or the best score; or the deduced grid, blanks
 * and all; or, for a transform, any grid its rule accepts. */
static ojd_verdict method_reply(checker *ck, ojd_reply *in, bool jury, const char *word)
{
    const ojd_profile *f = ck->cf;
    ojd_reply_shape *sh = &ck->sh;
    ojd_reply_case *g = jury ? &ck->jury : &ck->mine;
    unsigned long n = ck->pz.index;
    int side = ck->pz.board.side;
    ojd_verdict bad = jury ? OJD_VERDICT_FAIL : OJD_VERDICT_WRONG;
    const char *who = jury ? "ANSWER: " : "";
    char why[160];
    ojd_task task = ojd_profile_task(f);
    if (!word && task == OJD_TASK_SCORE) {
        unsigned long long said;
        const char *none = sh->phrase[OJD_OUTCOME_UNSOLVABLE]; /* luogu1074's -1 */
        if (none && !strchr(none, ' ') && ojd_reply_next_is(in, none))
            return verdict_set(ck->rep, bad, n, "%s%s says the puzzle has no solution, but it "
                               "has one: the best score is %lld", who, none, ck->res.score);
        if (!ojd_reply_read_sum(in, &said, why, sizeof why))
            return verdict_set(ck->rep, bad, n, "%sexpected the best score, %lld: %s", who,
                               ck->res.score, why);
        ck->number_whole = !jury;
        if ((long long)said != ck->res.score)
            return verdict_set(ck->rep, bad, n, "%sa score of %llu, the best is %lld", who, said,
                               ck->res.score);
        return OJD_VERDICT_OK;
    }
    ojd_verdict v = read_word_or_grid(ck, in, g, word, bad, who, "a grid");
    if (v != OJD_VERDICT_OK || word)
        return v;
    if (task == OJD_TASK_TRANSFORM) {
        if (!anti_ok(&ck->pz.board, &g->grid, why, sizeof why))
            return verdict_set(ck->rep, bad, n, "%s%s", who, why);
        return OJD_VERDICT_OK;
    }
    /* a deduction has one right grid */
    int i = memcmp(g->grid.cell, ck->res.solution.cell, (size_t)(side * side)) ?
                first_difference(&g->grid, &ck->res.solution) : -1;
    if (i < 0)
        return OJD_VERDICT_OK;
    char a[8] = ".", b[8] = ".";
    if (g->grid.cell[i])
        value_text(a, sizeof a, g->grid.cell[i], sh->letters);
    if (ck->res.solution.cell[i])
        value_text(b, sizeof b, ck->res.solution.cell[i], sh->letters);
    return verdict_set(ck->rep, bad, n, "%srow %d column %d holds %s, the deduction gives %s",
                       who, i / side + 1, i % side + 1, a, b);
}

/* Judges a case of the deduce, score and transform tasks (method_reply() reads each reply). */
static ojd_verdict method_case(checker *ck)
{
    const ojd_profile *f = ck->cf;
    ojd_reply_shape *sh = &ck->sh;
    unsigned long n = ck->pz.index;
    memset(&ck->res, 0, sizeof ck->res);
    ojd_status st = ojd_engine_solve(ck->engine, &ck->pz.board, &ck->search, &ck->res);
    if (st == OJD_ERR_INVALID && ojd_profile_task(f) == OJD_TASK_TRANSFORM)
        return verdict_set(ck->rep, OJD_VERDICT_FAIL, n,
                           "the grid is not solved, so it has no anti-sudoku (bad INPUT)");
    ojd_verdict v = solve_verdict(ck, &st);
    if (v != OJD_VERDICT_OK)
        return v;
    shape_case(ck, sh, f);
    const char *word = st == OJD_OK ? NULL : sh->phrase[ojd_outcome_of(st)];
    if (st != OJD_OK && !word)
        return verdict_set(ck->rep, OJD_VERDICT_FAIL, n,
                           "the puzzle %s and %s has no way to say so (bad INPUT)",
                           outcome_text(ojd_outcome_of(st)), f->name);
    if (ck->has_answer && (v = method_reply(ck, ck->ans, true, word)) != OJD_VERDICT_OK)
        return v;
    if ((v = method_reply(ck, ck->out, false, word)) != OJD_VERDICT_OK)
        return v;
    if (ojd_profile_task(f) == OJD_TASK_TRANSFORM && !word) /* the contestant's is as right */
        ck->res.solution = ck->mine.grid;
    return render_case(ck, st);
}

/* Who judges one case of profile f (the sum's cases aside): its task's. */
static case_judge_fn *task_judge(const ojd_profile *f)
{
    switch (ojd_profile_task(f)) {
    case OJD_TASK_COUNT: return count_case;
    case OJD_TASK_ALL: return all_case;
    case OJD_TASK_DEDUCE:
    case OJD_TASK_SCORE:
    case OJD_TASK_TRANSFORM: return method_case;
    default: return solution_case;
    }
}

/* Project Euler 96: every case must have one solution; the output is the sum of their top-left
 * three-digit numbers.  Adds the current case's number to ck->sum (no OUTPUT is read). */
static ojd_verdict sum_add_case(checker *ck)
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

/* Judges the one number of a sum output (and ANSWER's) against ck->sum, once every case is
 * added. */
static ojd_verdict sum_judge_total(checker *ck)
{
    char why[160];
    unsigned long long found;
    if (ck->has_answer) {
        unsigned long long jury;
        if (!ojd_reply_read_sum(ck->ans, &jury, why, sizeof why))
            return verdict_set(ck->rep, OJD_VERDICT_FAIL, 0, "ANSWER: %s", why);
        if (jury != ck->sum)
            return verdict_set(ck->rep, OJD_VERDICT_FAIL, 0,
                               "ANSWER says %llu but the solver's sum is %llu", jury, ck->sum);
        if (!ojd_reply_at_end(ck->ans))
            return verdict_set(ck->rep, OJD_VERDICT_FAIL, 0, "ANSWER has more after the sum");
    }
    if (!ojd_reply_read_sum(ck->out, &found, why, sizeof why))
        return verdict_set(ck->rep, OJD_VERDICT_WRONG, 0, "%s", why);
    if (found != ck->sum)
        return verdict_set(ck->rep, OJD_VERDICT_WRONG, 0, "expected the sum %llu, found %llu",
                           ck->sum, found);
    if (!ojd_reply_at_end(ck->out))
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
    ojd_reply_free(ck->out);
    ojd_reply_free(ck->ans);
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
        ck->frame.any_case = ck->f && ck->f->words_any_case && !opt->case_sensitive;
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

/* The puzzle just read made of the variant asked for (ojd_check_options.units): its extra units
 * added; false when it cannot be (a jigsaw without its map, windoku on another size). */
static bool of_variant(checker *ck)
{
    unsigned units = ck->opt->units;
    if (!units)
        return true;
    if ((units & OJD_UNITS_REGIONS) && !(ojd_board_units(&ck->pz.board) & OJD_UNITS_REGIONS))
        return false;
    if ((units & OJD_UNITS_KILLER) && !(ojd_board_units(&ck->pz.board) & OJD_UNITS_KILLER))
        return false;
    return !(units & OJD_UNITS_EXTRAS) ||
           ojd_board_set_extras(&ck->pz.board, units & OJD_UNITS_EXTRAS) == OJD_OK;
}

/* What the puzzle just read lacks to be of the variant asked for (of_variant() said no). */
static const char *variant_lack(const checker *ck)
{
    unsigned units = ck->opt->units, has = ojd_board_units(&ck->pz.board);
    if ((units & OJD_UNITS_REGIONS) && !(has & OJD_UNITS_REGIONS))
        return "no region map";
    if ((units & OJD_UNITS_KILLER) && !(has & OJD_UNITS_KILLER))
        return "no killer cages";
    return "no windoku windows in its size";
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
    /* solve warns and goes on ("... is ignored"); a jury's INPUT must be what the statement
     * says, so here the same fault is a failure, and the message says why it is not ignored */
    if (ojd_reader_warning(ck->reader, &w))
        return verdict_set(ck->rep, OJD_VERDICT_FAIL, 0, "INPUT line %ld: solve warns (%s) and goes "
                           "on, but a jury's INPUT must hold nothing to warn about (bad INPUT)",
                           w.line, w.message);
    return v;
}

/* Skips the "---" separators left at the end of an output where they are framing. */
static void skip_dashes(const checker *ck, ojd_reply *t)
{
    if (!ck->f || ck->f->out_separator == OJD_SEP_DASHES)
        ojd_reply_skip_dashes(t);
}

/* Sets up the rules for the case in ck->pz: its profile's (mirrored literals are read as
 * literals). */
static void case_begin(checker *ck)
{
    ck->cf = ojd_profile_effective(ck->f, &ck->pz.layout);
    ck->any_word = false;
    for (int o = 0; ck->cf && o < OJD_OUTCOME_COUNT_; o++)
        ck->any_word |= ck->cf->words[o] != NULL;
    ojd_profile_search(ck->cf, 0, &ck->search);
    ck->search.max_nodes = ck->opt->max_nodes;
    if (!ck->f) {
        bool literal = ck->pz.layout.grammar == OJD_GRAMMAR_LITERAL;
        ojd_reply_set_literal(ck->out, literal);
        ojd_reply_set_literal(ck->ans, literal);
    }
}

/* ---- a hint: the profile an output that fails without --format seems to be written in --------
 *
 * The first cases, kept, are judged again by each judge profile in turn, and the first that
 * accepts them is named in the message; the verdict never changes, and a profile looser than
 * the mirror's rules is never named (it would accept a wrong answer).  The order the profiles
 * are tried in: docs/checker.md, "The hint". */

/* Could a reader of profile f have read puzzle p as it is written? */
static bool input_fits(const ojd_profile *f, const ojd_puzzle *p)
{
    return ojd_profile_reads(f, p);
}

/* Does profile f (NULL: the mirror) accept the first k kept cases of the kept OUTPUT?  *counts
 * is set when "count N" lines were skipped. */
static bool hint_accepts(const checker *ck, const ojd_profile *f, unsigned long k, bool *counts)
{
    ojd_check_report scratch;
    ojd_check_options o = *ck->opt;
    o.format = f;
    o.strict = false;
    if (o.max_nodes == 0 || o.max_nodes > HINT_NODES)
        o.max_nodes = HINT_NODES;
    checker *sub = checker_new(&o, &scratch, false);
    if (!sub)
        return false;
    sub->hint = true;
    sub->out = ojd_reply_new_mem((const char *)ck->head, ck->head_len);
    sub->ans = ojd_reply_new_mem(NULL, 0);
    if (!sub->out || !sub->ans) {
        checker_free(sub);
        return false;
    }
    ojd_reply_start(sub->out, f && f->style == OJD_STYLE_LITERAL);
    bool ok = true;
    if (f && f->style == OJD_STYLE_SUM) {
        /* every case kept: the sum is known; else the framing alone: one number, nothing else */
        bool all = ck->rep->cases == ck->saved_n;
        for (unsigned long i = 0; all && ok && i < ck->saved_n; i++) {
            sub->pz = ck->saved[i];
            case_begin(sub);
            ok = sum_add_case(sub) == OJD_VERDICT_OK;
        }
        if (ok && all) {
            ok = sum_judge_total(sub) == OJD_VERDICT_OK;
        } else if (ok) {
            char why[160];
            unsigned long long number;
            ok = ck->head_whole && ojd_reply_read_sum(sub->out, &number, why, sizeof why) &&
                 ojd_reply_at_end(sub->out);
        }
    } else {
        for (unsigned long i = 0; ok && i < k; i++) {
            sub->pz = ck->saved[i];
            case_begin(sub);
            ok = task_judge(f)(sub) == OJD_VERDICT_OK;
            if (ok && ojd_reply_skip_count_line(sub->out))
                *counts = true;
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
    const ojd_profile *own = ojd_profile_effective(NULL, &ck->saved[0].layout);
    const ojd_profile *found = NULL;
    bool counts = false, fits = false;
    bool mirror_accepts = hint_accepts(ck, NULL, k, &counts);
    bool mirrored = mirror_accepts && counts;
    /* the mirror's own rules accept the output as it is: the framing is not the fault (an
     * ANSWER that disagrees with the solver, say), and no profile is worth naming */
    if (mirror_accepts && !counts)
        return;
    for (int pass = 0; pass < 2 && !found && !mirrored; pass++) {
        for (const ojd_profile *const *p = ojd_profile_list(); *p && !found; p++) {
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

/* Keeps the first bytes of OUTPUT (its first read, just made by ojd_reply_start()) for a hint. */
static void keep_head(checker *ck)
{
    const unsigned char *bytes;
    bool whole;
    size_t n = ojd_reply_head(ck->out, &bytes, &whole);
    ck->head = malloc(n ? n : 1);
    if (!ck->head)
        return;
    memcpy(ck->head, bytes, n);
    ck->head_len = n;
    ck->head_whole = whole;
}

/* How many lines the answer to the current case has when it is a grid, as the writer writes it
 * for the profile that governs the case (a header, a tally, the rows, box rules; one line for a
 * one-line puzzle, a verdict line or a score), without a separator after it: the lines of
 * OUTPUT a view of the wrong case shows.  At most 32 (a 25x25 grid with its rules and header);
 * a row per line when the writer cannot say. */
static int answer_lines(const checker *ck)
{
    int lines = 0;
    ojd_answer *a = ck->writer ? ojd_answer_new() : NULL;
    /* any full grid has as many lines as the solution: the puzzle itself will do */
    ojd_result res = {.solution = ck->pz.board, .solutions = 1};
    size_t len;
    const char *text;
    if (a && ojd_writer_format(ck->writer, &ck->pz, OJD_OK, &res, a) == OJD_OK &&
        (text = ojd_answer_text(a, &len)) != NULL) {
        for (size_t i = 0; i < len; i++)
            lines += text[i] == '\n';
        if (ck->cf && ck->cf->framing == OJD_FRAME_AFTER && ck->cf->out_separator != OJD_SEP_NONE)
            lines--;
    }
    ojd_answer_free(a);
    if (lines <= 0)
        lines = ck->pz.board.side;
    return lines < 32 ? lines : 32;
}

/* Where the walk over the cases stands (check_run()). */
typedef struct run_state {
    bool sum_style;           /* one answer for the whole file (OJD_STYLE_SUM) */
    bool scoring;             /* score_cases: judging goes on past a wrong case read whole */
    bool wrong_seen;          /* scoring met a wrong case: first_wrong holds its report */
    bool stopped;             /* judging stopped at a case, before INPUT's end */
    ojd_check_report first_wrong;
} run_state;

/* Sets the box shape and starts the replies (and, without a profile, what a hint keeps):
 * OJD_VERDICT_OK, or the FAIL when the boxes cannot be read. */
static ojd_verdict run_begin(checker *ck)
{
    const ojd_profile *f = ck->f;
    bool literal = f && f->style == OJD_STYLE_LITERAL;
    if ((ck->opt->box_rows || ck->opt->box_cols) &&
        ojd_reader_set_box(ck->reader, ck->opt->box_rows, ck->opt->box_cols) != OJD_OK)
        return verdict_set(ck->rep, OJD_VERDICT_FAIL, 0, "boxes of %dx%d cannot be read",
                           ck->opt->box_rows, ck->opt->box_cols);
    if (ck->writer)
        ojd_reply_tap(ck->out, frame_got, &ck->frame);
    ojd_reply_start(ck->out, literal);
    ojd_reply_start(ck->ans, literal);
    if (!f) {
        ck->saved = malloc(HINT_CASES * sizeof *ck->saved);
        keep_head(ck);
    }
    return OJD_VERDICT_OK;
}

/* Reads INPUT's next puzzle into ck->pz: true; false at INPUT's end (*v left as it is) or at a
 * fault of INPUT (*v the FAIL, reported). */
static bool next_case(checker *ck, ojd_verdict *v)
{
    ojd_check_report *rep = ck->rep;
    ojd_error err;
    ojd_status st = ojd_reader_next(ck->reader, &ck->pz, &err);
    if (st == OJD_END)
        return false;
    if (st == OJD_ERR_PARSE)
        *v = verdict_set(rep, OJD_VERDICT_FAIL, 0, "INPUT line %ld column %ld: %s", err.line,
                         err.col, err.message);
    else if (st != OJD_OK)
        *v = verdict_set(rep, OJD_VERDICT_FAIL, 0, "INPUT: %s", ojd_strerror(st));
    else if (!of_variant(ck))
        *v = verdict_set(rep, OJD_VERDICT_FAIL, 0, "INPUT: case %lu cannot be of the variant "
                         "(%s)", ck->pz.index, variant_lack(ck));
    else
        return true;
    return false;
}

/* Keeps the first wrong case in the report: its puzzle, the contestant's grid, its lines. */
static void keep_failed_case(checker *ck)
{
    ojd_check_report *rep = ck->rep;
    rep->failed_puzzle = ck->pz;
    if (ck->mine.kind == OJD_REPLY_GRID)
        rep->failed_grid = ck->mine.grid;
    rep->failed_line = ojd_reply_case_lines(ck->out, answer_lines(ck), rep->failed_text,
                                            sizeof rep->failed_text);
}

/* Judges the puzzle just read into *v: true when judging goes on to the next case. */
static bool judge_one(checker *ck, run_state *rs, ojd_verdict *v)
{
    ojd_check_report *rep = ck->rep;
    if (ck->saved && ck->saved_n < HINT_CASES)
        ck->saved[ck->saved_n++] = ck->pz;
    case_begin(ck);
    ojd_reply_begin_case(ck->out);
    ck->mine.kind = OJD_REPLY_MISSING; /* until this case's answer is read */
    ck->number_whole = false;
    *v = rs->sum_style ? sum_add_case(ck) : task_judge(ck->f)(ck);
    bool case_wrong = *v == OJD_VERDICT_WRONG && rep->failed_case == ck->pz.index;
    if (case_wrong && !rs->wrong_seen)
        keep_failed_case(ck);
    if (*v == OJD_VERDICT_OK)
        rep->cases_right++;
    /* scoring goes on past a wrong case only when its answer was read whole (a grid, a
     * verdict phrase, a score): the next case's answer then starts where it ends.  Any
     * other fault leaves the reading out of step, and the cases from it on are not right. */
    bool whole = ck->mine.kind == OJD_REPLY_GRID || ck->mine.kind == OJD_REPLY_WORD ||
                 ck->number_whole;
    if (rs->scoring && case_wrong && whole) {
        if (!rs->wrong_seen)
            rs->first_wrong = *rep;
        rs->wrong_seen = true;
        ck->render_broken = true; /* the framing is moot: the verdict is a wrong answer */
        return true;
    }
    if (*v != OJD_VERDICT_OK) {
        rs->stopped = true;
        return false;
    }
    return true;
}

/* Judges the cases of INPUT in order, then reads INPUT to its end: the verdict so far. */
static ojd_verdict judge_cases(checker *ck, run_state *rs)
{
    ojd_check_report *rep = ck->rep;
    ojd_verdict v = OJD_VERDICT_OK;
    while (next_case(ck, &v) && judge_one(ck, rs, &v))
        ;
    if (rs->wrong_seen && v != OJD_VERDICT_FAIL) {
        /* the first wrong case is the verdict, whatever came after it */
        unsigned long right = rep->cases_right;
        *rep = rs->first_wrong;
        rep->cases_right = right;
        v = OJD_VERDICT_WRONG;
    }
    if (v != OJD_VERDICT_FAIL)
        v = drain_input(ck, v);
    rep->cases = ojd_reader_cases(ck->reader);
    return v;
}

/* After the last case: the sum's one number, or what OUTPUT and ANSWER hold after the last
 * answer. */
static ojd_verdict judge_end(checker *ck, const run_state *rs, ojd_verdict v)
{
    ojd_check_report *rep = ck->rep;
    if (v == OJD_VERDICT_OK && rs->sum_style && (v = sum_judge_total(ck)) != OJD_VERDICT_OK)
        rep->cases_right = 0; /* one answer for the whole file: the cases are right together */
    if ((v == OJD_VERDICT_OK || (rs->wrong_seen && !rs->stopped && v == OJD_VERDICT_WRONG)) &&
        !rs->sum_style) {
        skip_dashes(ck, ck->ans);
        skip_dashes(ck, ck->out);
        if (ck->has_answer && !ojd_reply_at_end(ck->ans)) {
            v = verdict_set(rep, OJD_VERDICT_FAIL, 0, "ANSWER has more after case %lu",
                            rep->cases);
        } else if (!ojd_reply_at_end(ck->out)) {
            /* an output that goes on after the last case is wrong as a whole: it scores none
             * (the first wrong case, if any, stays the message) */
            rep->cases_right = 0;
            if (!rs->wrong_seen)
                v = verdict_set(rep, OJD_VERDICT_WRONG, 0, "extra output after case %lu",
                                rep->cases);
        }
    }
    return v;
}

/* The byte-exact comparison of an ok output: a presentation error when strict, else a note
 * for the ok verdict (into note, left as it is when there is none). */
static ojd_verdict judge_framing(checker *ck, ojd_verdict v, char *note, size_t size)
{
    ojd_check_report *rep = ck->rep;
    bool strict = ck->opt->strict;
    if (v != OJD_VERDICT_OK || !ck->writer || ck->render_broken)
        return v;
    /* the whole output has been read: the rendering is complete too */
    if (ojd_writer_finish(ck->writer) != OJD_OK || !flush_render(ck))
        return strict ? verdict_set(rep, OJD_VERDICT_FAIL, 0,
                                    "cannot render the expected framing") : v;
    frame_end(&ck->frame);
    if (ck->frame.nomem)
        return strict ? verdict_set(rep, OJD_VERDICT_FAIL, 0, "out of memory") : v;
    if (!ck->frame.differs) {
        rep->byte_exact = true;
        return v;
    }
    char what[160];
    frame_message(&ck->frame, what, sizeof what);
    if (strict)
        return verdict_set(rep, OJD_VERDICT_PRESENTATION, 0, "line %ld column %ld: %s",
                           ck->frame.d_line, ck->frame.d_col, what);
    snprintf(note, size, " (not byte-exact: line %ld column %ld: %s)", ck->frame.d_line,
             ck->frame.d_col, what);
    return v;
}

/* A stream that could not be read as far as judging needed was not judged: the FAIL, or v. */
static ojd_verdict read_failure(checker *ck, ojd_verdict v)
{
    int error_number;
    bool output_failed = ojd_reply_failed(ck->out, &error_number);
    if (!output_failed && !ojd_reply_failed(ck->ans, &error_number))
        return v;
    char why[128] = "";
    if (error_number == 0 || strerror_r(error_number, why, sizeof why) != 0)
        snprintf(why, sizeof why, "%s", ojd_strerror(OJD_ERR_IO));
    return verdict_set(ck->rep, OJD_VERDICT_FAIL, 0, "%s: read error: %s",
                       output_failed ? "OUTPUT" : "ANSWER", why);
}

/* Writes the ok verdict's message (with note) and clears what only a wrong case keeps. */
static ojd_verdict report_finish(checker *ck, ojd_verdict v, const char *note)
{
    ojd_check_report *rep = ck->rep;
    if (v == OJD_VERDICT_OK)
        v = verdict_set(rep, OJD_VERDICT_OK, 0, "%lu case%s%s", rep->cases,
                        rep->cases == 1 ? "" : "s", note);
    else
        rep->byte_exact = false;
    if (v != OJD_VERDICT_WRONG || rep->failed_case == 0) { /* a jury fault found later wins */
        memset(&rep->failed_puzzle, 0, sizeof rep->failed_puzzle);
        memset(&rep->failed_grid, 0, sizeof rep->failed_grid);
        rep->failed_line = 0;
        rep->failed_text[0] = '\0';
    }
    return v;
}

/* The judging itself, once the reader and the sources are set up; frees ck. */
static ojd_verdict check_run(checker *ck)
{
    ojd_verdict v = run_begin(ck);
    if (v != OJD_VERDICT_OK) {
        checker_free(ck);
        return v;
    }
    run_state rs = {.sum_style = ck->f && ck->f->style == OJD_STYLE_SUM};
    rs.scoring = ck->opt->score_cases && !rs.sum_style;
    v = judge_cases(ck, &rs);
    v = judge_end(ck, &rs, v);
    char note[256] = "";
    v = judge_framing(ck, v, note, sizeof note);
    v = read_failure(ck, v);
    v = report_finish(ck, v, note);
    suggest_format(ck);
    checker_free(ck);
    return v;
}

/* The checks every entry point makes first: a verdict when judging cannot start, else -1. */
static int check_begin(const ojd_check_options **opt, ojd_check_report **rep,
                       ojd_check_report *scratch, bool have_streams)
{
    static const ojd_check_options defaults = {0};
    if (*rep && (*rep)->size != sizeof **rep)
        return (int)OJD_VERDICT_FAIL; /* another header's report: not ours to fill */
    if (!*rep)
        *rep = scratch;
    **rep = (ojd_check_report){.size = sizeof **rep};
    if (!*opt)
        *opt = &defaults;
    const ojd_profile *f = (*opt)->format;
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
        ck->out = ojd_reply_new_mem(output, output_size);
        ck->ans = ojd_reply_new_mem(answer, answer_size);
        ck->has_answer = answer != NULL && answer_size > 0;
    }
    if (!ck || !ck->reader || !ck->out || !ck->ans) {
        if (ck)
            checker_free(ck);
        return verdict_set(report, OJD_VERDICT_FAIL, 0, "out of memory");
    }
    return check_run(ck);
}

/* Whether a stream holds nothing (its first byte, if any, is put back): an empty ANSWER is no
 * jury answer, since most judges always pass an answer file.  A read error is not emptiness:
 * the stream is then read as the answer, and the error is the FAIL it gives. */
static bool stream_empty(FILE *file)
{
    int c = getc(file);
    if (c == EOF)
        return !ferror(file);
    ungetc(c, file);
    return false;
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
        ck->out = ojd_reply_new_file(output);
        ck->has_answer = answer != NULL && !stream_empty(answer);
        ck->ans = ck->has_answer ? ojd_reply_new_file(answer) : ojd_reply_new_mem(NULL, 0);
        ok = ck->reader && ck->out && ck->ans;
    }
    if (!ok) {
        if (ck)
            checker_free(ck);
        return verdict_set(report, OJD_VERDICT_FAIL, 0, "out of memory");
    }
    return check_run(ck);
}
