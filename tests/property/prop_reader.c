/*
 * prop_reader.c -- differential property test of ojdoku's reading promise (issue #12).
 *
 * ojdoku promises that every puzzle read gets exactly one outcome (an answer on stdout, or one
 * diagnostic "ojdoku: FILE:LINE:COL: error: MESSAGE" on stderr), in input order, and that stdout,
 * stderr and the exit status are byte-identical for every -j N.  This program checks it on random
 * streams: it generates a mixture of every grammar the reader detects (81-char lines, packed and
 * space-separated 9x9 rows, 16x16 letter grids and 256-char lines, 4x4 grids, LeetCode literals
 * on one line and over several, optional "Grid 01" headers), splices in bad blocks (garbage
 * lines, lines longer than 16384 bytes, broken literals, truncated grids, grids with a bad cell
 * or a short row, dangling headers), joins them with or without blank or dashed separators, with
 * or without a count line and an "end" line, and splits the stream into cases by its OWN rule:
 * it knows the blocks it emitted, so the expected outcome of each is known without reading the
 * stream.  A second mode makes UVa 989 streams ("n" before every grid) with bad blocks spliced
 * in the same way.  Good puzzles come from tests/fixtures (puzzle:count:solution lines), so the
 * status of each good case is known too.
 *
 * For every stream the binary runs with --format json, --format line and without --format
 * (mirror), each with -j 1, -j 2 and -j 7, and the test asserts:
 *   - json: one line per block, "case" 1..N in order, "malformed" exactly for the bad blocks
 *     (their "line" within the block), the expected status and puzzle for the good ones;
 *   - stderr: only well-formed "ojdoku: FILE:LINE:COL: error|warning: ..." lines, one error per
 *     bad block (json), one per bad, unsolvable or conflicting block (line, mirror), each
 *     pointing into its block; one warning per count line that disagrees and per text after
 *     "end";
 *   - line: one answer line per solvable good block, the fixture's solution for unique ones;
 *   - the exit status (json: 0 iff every block is solved; line, mirror: 1 iff some block is bad,
 *     or unsolvable or conflicting without the statement's word for it);
 *   - stdout, stderr and the exit status of -j 2 and -j 7 equal those of -j 1, in every mode.
 * Inputs that hold no puzzle at all (empty, blank lines, "end", "---", a count line, a header)
 * must exit 1 with at least one error.
 *
 * A failing stream is written to WORKDIR/fail-SEED.txt with the command that reproduces it, then
 * shrunk block by block to a minimal failing stream (WORKDIR/fail-SEED-min.txt), which is printed.
 *
 *   prop_reader OJDOKU FIXTURE_DIR WORKDIR
 *   OJD_PROP_SEED=S      first stream seed (default 1; "time" picks one); stream k uses S + k
 *   OJD_PROP_STREAMS=N   number of streams (default 300); OJD_PROP_SEED=S OJD_PROP_STREAMS=1
 *                        reruns exactly the stream of seed S
 *   OJD_PROP_SHRINK=N    failing streams to shrink (default 3)
 *   OJD_PROP_VERBOSE=1   print every stream's blocks
 *   OJD_PROP_BAD=K,K     generate only these bad kinds (garbage, long, badlit, unclosed, trunc,
 *                        badgrid, dangling, uvatrunc, uvabad, noprefix; "none" for none)
 *   OJD_PROP_MODE=M      mixed or uva: only that kind of stream (default both)
 *
 * Plain C11 + POSIX (fork/exec, no shell).  Exit 0 when every property held, 1 otherwise.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#if defined(__GNUC__)
#define PRINTF_LIKE(f, a) __attribute__((format(printf, f, a)))
#else
#define PRINTF_LIKE(f, a)
#endif

enum { LINE_CAP = 16384, MAX_BLOCKS = 40, MAX_SIDE = 16 };

/* ---- small utilities ----------------------------------------------------------------------- */

static void die(const char *what)
{
    perror(what);
    exit(2);
}

typedef struct sbuf {
    char *p;
    size_t len, cap;
} sbuf;

static void sb_reserve(sbuf *b, size_t more)
{
    if (b->len + more + 1 <= b->cap)
        return;
    size_t cap = b->cap ? b->cap : 256;
    while (cap < b->len + more + 1)
        cap *= 2;
    char *p = realloc(b->p, cap);
    if (!p)
        die("realloc");
    b->p = p;
    b->cap = cap;
}

static void sb_put(sbuf *b, const char *s, size_t n)
{
    sb_reserve(b, n);
    memcpy(b->p + b->len, s, n);
    b->len += n;
    b->p[b->len] = '\0';
}

static void sb_puts(sbuf *b, const char *s) { sb_put(b, s, strlen(s)); }
static void sb_putc(sbuf *b, char c) { sb_put(b, &c, 1); }

static void sb_rep(sbuf *b, char c, size_t n)
{
    sb_reserve(b, n);
    memset(b->p + b->len, c, n);
    b->len += n;
    b->p[b->len] = '\0';
}

static void sb_printf(sbuf *b, const char *fmt, ...) PRINTF_LIKE(2, 3);
static void sb_printf(sbuf *b, const char *fmt, ...)
{
    char tmp[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (n < 0)
        die("vsnprintf");
    sb_put(b, tmp, (size_t)n < sizeof tmp ? (size_t)n : sizeof tmp - 1);
}

static void sb_clear(sbuf *b)
{
    b->len = 0;
    if (b->p)
        b->p[0] = '\0';
}

static void sb_free(sbuf *b)
{
    free(b->p);
    b->p = NULL;
    b->len = b->cap = 0;
}

/* splitmix64: one state word, good enough for test data, identical everywhere */
typedef struct rng {
    uint64_t s;
} rng;

static uint64_t rng_next(rng *r)
{
    uint64_t z = (r->s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static int rnd(rng *r, int n) { return (int)(rng_next(r) % (uint64_t)n); }
static bool chance(rng *r, int percent) { return rnd(r, 100) < percent; }

/* ---- fixtures ------------------------------------------------------------------------------ */

typedef struct puzzle {
    int side;
    char cells[MAX_SIDE * MAX_SIDE + 1]; /* '.' blank, else '1'..'9' or 'A'..'P' */
    char solution[MAX_SIDE * MAX_SIDE + 1];
    const char *expect;                  /* json status */
} puzzle;

typedef struct pool {
    puzzle *p;
    int n, cap;
} pool;

static pool pool4, pool9_solved, pool9_other, pool16;

static int cell_value(char c)
{
    if (c >= '1' && c <= '9')
        return c - '0';
    if (c >= 'A' && c <= 'Z')
        return c - 'A' + 1;
    return 0;
}

/* Do the givens repeat a value in a row, column or box? */
static bool givens_conflict(const puzzle *pz)
{
    int side = pz->side, box = side == 4 ? 2 : side == 9 ? 3 : 4;
    for (int unit = 0; unit < 3 * side; unit++) {
        unsigned seen = 0;
        for (int k = 0; k < side; k++) {
            int row, col;
            if (unit < side)
                row = unit, col = k;
            else if (unit < 2 * side)
                row = k, col = unit - side;
            else {
                int b = unit - 2 * side;
                row = b / box * box + k / box;
                col = b % box * box + k % box;
            }
            int v = cell_value(pz->cells[row * side + col]);
            if (v) {
                if (seen & (1u << v))
                    return true;
                seen |= 1u << v;
            }
        }
    }
    return false;
}

static void pool_add(pool *pl, const puzzle *pz)
{
    if (pl->n == pl->cap) {
        pl->cap = pl->cap ? pl->cap * 2 : 64;
        pl->p = realloc(pl->p, (size_t)pl->cap * sizeof *pl->p);
        if (!pl->p)
            die("realloc");
    }
    pl->p[pl->n++] = *pz;
}

/* Reads puzzle:count:solution lines; puzzles of 16, 81 or 256 cells go to their pool. */
static void load_fixture(const char *dir, const char *file)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, file);
    FILE *f = fopen(path, "r");
    if (!f)
        die(path);
    char line[2048];
    while (fgets(line, sizeof line, f)) {
        char *c1 = strchr(line, ':');
        if (!c1)
            continue;
        *c1 = '\0';
        char *c2 = strchr(c1 + 1, ':');
        long count = strtol(c1 + 1, NULL, 10);
        size_t n = strlen(line);
        puzzle pz = {0};
        pz.side = n == 16 ? 4 : n == 81 ? 9 : n == 256 ? 16 : 0;
        if (!pz.side)
            continue;
        for (size_t i = 0; i < n; i++)
            pz.cells[i] = (line[i] == '.' || line[i] == '-' || line[i] == '0') ? '.' : line[i];
        if (c2 && count == 1) {
            size_t m = strcspn(c2 + 1, "\r\n");
            if (m == n)
                memcpy(pz.solution, c2 + 1, m);
        }
        pz.expect = count == 1 ? "solved" : count >= 2 ? "multiple"
                    : givens_conflict(&pz) ? "conflict" : "unsolvable";
        if (pz.side == 4)
            pool_add(&pool4, &pz);
        else if (pz.side == 16)
            pool_add(&pool16, &pz);
        else
            pool_add(count == 1 ? &pool9_solved : &pool9_other, &pz);
    }
    fclose(f);
}

static const puzzle *pick(rng *r, int side)
{
    const pool *pl = side == 4 ? &pool4 : side == 16 ? &pool16
                     : chance(r, 75) ? &pool9_solved : &pool9_other;
    return &pl->p[rnd(r, pl->n)];
}

/* ---- blocks -------------------------------------------------------------------------------- */

typedef enum kind {
    /* good: one well-formed case each */
    K_LINE81, K_PACKED9, K_SPACED9, K_LETTERS16, K_LINE256, K_PACKED4, K_LIT1, K_LITN,
    K_DASHLINE, /* an all-blank puzzle on one line of dashes: 81 or 256 of them */
    /* bad: one malformed case each */
    K_GARBAGE, K_LONG, K_BADLIT, K_UNCLOSED, K_TRUNC, K_BADGRID, K_DANGLING,
    /* UVa 989 */
    K_UVA, K_UVA_TRUNC, K_UVA_BAD, K_UVA_NOPREFIX,
    K_COUNT
} kind;

typedef struct block {
    kind kind;
    bool bad;
    const char *expect;   /* json status of a good block */
    const char *solution; /* the answer line of a uniquely solvable good block */
    char puzzle[MAX_SIDE * MAX_SIDE + 1]; /* the json "puzzle" of a good block */
    char header[24];      /* a header line before the grid, "" for none */
    sbuf body;            /* the block's lines, each ending in '\n' */
    int first_c, first_t; /* characters and tokens of the first body line */
    int last_c, last_t;   /* ... and of the last */
    bool rowlike_first;   /* the first line could be a grid row */
    bool rowlike_last;    /* the last line is a grid row or a garbage line */
    bool need_blank;      /* a truncated grid: a blank line must follow */
    bool unclosed;        /* a literal that may be open: the next line must not continue it */
    bool dangling;        /* a header and a blank line: the next block starts with a header */
    char desc[64];
} block;

static const char GARBAGE[] = "abcdefghijklmnopqrstuvwyz#@%&!$;~^<>/";
static const char MIXIN[] = "0123456789.ABCDEFGHIP";

static char garbage_char(rng *r) { return GARBAGE[rnd(r, (int)sizeof GARBAGE - 1)]; }

/* the symbol of cell i with the given blank */
static char sym(const puzzle *pz, int i, char blank)
{
    char c = pz->cells[i];
    return c == '.' ? blank : c;
}

static void line_widths(const char *s, size_t n, int *chars, int *tokens)
{
    int t = 0;
    bool in = false;
    for (size_t i = 0; i < n; i++) {
        bool ws = s[i] == ' ' || s[i] == '\t';
        if (!ws && !in)
            t++;
        in = !ws;
    }
    *chars = (int)n;
    *tokens = t;
}

/* Records the widths of the first and last body lines. */
static void finish_block(block *b)
{
    const char *p = b->body.p;
    size_t n = strcspn(p, "\n");
    line_widths(p, n, &b->first_c, &b->first_t);
    size_t end = b->body.len;
    if (end && p[end - 1] == '\n')
        end--;
    if (b->dangling || b->need_blank) /* ends with a blank line: the last row is before it */
        while (end && p[end - 1] == '\n')
            end--;
    size_t start = end;
    while (start && p[start - 1] != '\n')
        start--;
    line_widths(p + start, end - start, &b->last_c, &b->last_t);
}

static void set_good(block *b, const puzzle *pz)
{
    b->bad = false;
    b->expect = pz->expect;
    b->solution = pz->solution[0] ? pz->solution : NULL;
    snprintf(b->puzzle, sizeof b->puzzle, "%s", pz->cells);
}

static void random_header(rng *r, char *buf, size_t size)
{
    switch (rnd(r, 3)) {
    case 0:
        snprintf(buf, size, "Grid %02d", 1 + rnd(r, 99));
        break;
    case 1:
        snprintf(buf, size, "Scenario #%d:", 1 + rnd(r, 99));
        break;
    default:
        snprintf(buf, size, "Case %d:", 1 + rnd(r, 99));
        break;
    }
}

/* Row `row` of a grid, packed or spaced, with cell `skip` left out (-1: none) and cell `bad_at`
 * replaced by the text `bad`. */
static void put_row(sbuf *b, const puzzle *pz, int row, char blank, bool spaced, bool numbers,
                    int skip, int bad_at, const char *bad)
{
    int side = pz->side;
    bool first = true;
    for (int k = 0; k < side; k++) {
        if (k == skip)
            continue;
        if (spaced && !first)
            sb_putc(b, ' ');
        first = false;
        if (k == bad_at)
            sb_puts(b, bad);
        else if (numbers)
            sb_printf(b, "%d", cell_value(pz->cells[row * side + k]));
        else
            sb_putc(b, sym(pz, row * side + k, blank));
    }
    sb_putc(b, '\n');
}

/* A bad cell for a grid of this side: punctuation or a lower-case letter anywhere, a letter in
 * a digit grid, a digit or a letter past P in a letter grid, an out-of-range number in a spaced
 * grid. */
static void bad_cell(rng *r, int side, bool spaced, char *buf, size_t size)
{
    int v = rnd(r, 3);
    if (v == 0 || (v == 2 && !spaced))
        snprintf(buf, size, "%c", garbage_char(r));
    else if (v == 1)
        snprintf(buf, size, "%c", side == 16 ? (char)(chance(r, 50) ? '0' + rnd(r, 10) : 'Q' + rnd(r, 10))
                                             : (char)('A' + rnd(r, 26)));
    else
        snprintf(buf, size, "%d", side + 1 + rnd(r, 20));
}

/* A grid of `base` kind (K_PACKED9, K_SPACED9, K_LETTERS16, K_PACKED4): rows [0, rows), and in
 * row bad_row a bad cell (short == false) or one cell fewer (short == true). */
static void put_grid(rng *r, block *b, kind base, const puzzle *pz, int rows, int bad_row,
                     bool short_row, bool numbers)
{
    bool spaced = base == K_SPACED9 || numbers;
    char blank = numbers ? '0' : base == K_LETTERS16 ? '-'
                 : base == K_SPACED9 ? "0?."[rnd(r, 3)] : "0."[rnd(r, 2)];
    for (int row = 0; row < rows; row++) {
        if (row != bad_row) {
            put_row(&b->body, pz, row, blank, spaced, numbers, -1, -1, NULL);
            continue;
        }
        int at = rnd(r, pz->side);
        if (short_row) {
            put_row(&b->body, pz, row, blank, spaced, numbers, at, -1, NULL);
        } else {
            char bad[16];
            bad_cell(r, pz->side, spaced, bad, sizeof bad);
            put_row(&b->body, pz, row, blank, spaced, numbers, -1, at, bad);
        }
    }
}

static int grid_side(kind base) { return base == K_LETTERS16 ? 16 : base == K_PACKED4 ? 4 : 9; }

static const char *kind_name(kind base)
{
    switch (base) {
    case K_PACKED9: return "packed9";
    case K_SPACED9: return "spaced9";
    case K_LETTERS16: return "letters16";
    case K_PACKED4: return "packed4";
    case K_LINE81: return "line81";
    case K_LINE256: return "line256";
    case K_DASHLINE: return "dashline";
    default: return "?";
    }
}

/* A LeetCode literal of pz; style 0: one line, 1: "[[row]," then "[row],", 2: "[[row]" then
 * ",[row]", 3: "[" alone, "[row],", "]" alone.  rows < side leaves it unclosed; wrong_row gets
 * one cell fewer (or more); bad_at (in row bad_row) gets the cell text bad. */
static void put_literal(rng *r, sbuf *b, const puzzle *pz, int style, int rows, int wrong_row,
                        int bad_row, const char *bad)
{
    int side = pz->side;
    const char *comma = chance(r, 30) ? ", " : ",";
    bool longer = chance(r, 50);
    int bad_at = rnd(r, side);
    if (style == 3)
        sb_puts(b, "[\n");
    for (int row = 0; row < rows; row++) {
        if (row == 0)
            sb_puts(b, style == 3 ? "[" : "[[");
        else if (style == 0)
            sb_printf(b, "%s[", comma);
        else if (style == 2)
            sb_puts(b, ",[");
        else
            sb_puts(b, "[");
        int cells = side + (row == wrong_row ? (longer ? 1 : -1) : 0);
        for (int k = 0; k < cells; k++) {
            if (k)
                sb_puts(b, comma);
            if (row == bad_row && k == bad_at)
                sb_puts(b, bad);
            else
                sb_printf(b, "\"%c\"", sym(pz, (row * side + k) % (side * side), '.'));
        }
        sb_putc(b, ']');
        bool last = row == side - 1;
        if (last && style != 3)
            sb_putc(b, ']');
        if (style == 1 || style == 3)
            if (!last)
                sb_putc(b, ',');
        if (style != 0)
            sb_putc(b, '\n');
    }
    if (style == 3 && rows == side)
        sb_puts(b, "]\n");
    if (style == 0)
        sb_putc(b, '\n');
}

static void make_good(rng *r, block *b, kind k)
{
    const puzzle *pz;
    b->kind = k;
    switch (k) {
    case K_LINE81:
    case K_LINE256: {
        pz = pick(r, k == K_LINE81 ? 9 : 16);
        char blank = k == K_LINE256 ? '-' : "0."[rnd(r, 2)];
        for (int i = 0; i < pz->side * pz->side; i++)
            sb_putc(&b->body, sym(pz, i, blank));
        sb_putc(&b->body, '\n');
        break;
    }
    case K_DASHLINE: {
        /* the one block whose puzzle is not from the fixtures: an empty grid has many solutions.
         * (16 dashes are a 16x16 row of blanks by the reader's rule, not a 4x4 puzzle.) */
        static puzzle empty[2];
        int which = rnd(r, 2), side = which == 0 ? 9 : 16;
        pz = &empty[which];
        if (!pz->side) {
            empty[which].side = side;
            memset(empty[which].cells, '.', (size_t)(side * side));
            empty[which].expect = "multiple";
        }
        for (int i = 0; i < side * side; i++)
            sb_putc(&b->body, '-');
        sb_putc(&b->body, '\n');
        break;
    }
    case K_PACKED9:
    case K_SPACED9:
    case K_LETTERS16:
    case K_PACKED4:
        pz = pick(r, grid_side(k));
        put_grid(r, b, k, pz, pz->side, -1, false, false);
        b->rowlike_first = b->rowlike_last = true;
        break;
    case K_LIT1:
    case K_LITN:
    default:
        pz = pick(r, chance(r, 85) ? 9 : 4);
        put_literal(r, &b->body, pz, k == K_LIT1 ? 0 : 1 + rnd(r, 3), pz->side, -1, -1, NULL);
        break;
    }
    set_good(b, pz);
    if (k != K_LIT1 && k != K_LITN && chance(r, 20))
        random_header(r, b->header, sizeof b->header);
    snprintf(b->desc, sizeof b->desc, "good %s", k == K_LIT1 ? "literal-1line"
             : k == K_LITN ? "literal-nlines" : kind_name(k));
}

static void make_garbage(rng *r, block *b)
{
    static const int widths[] = {1, 4, 9, 16, 25, 81};
    b->kind = K_GARBAGE;
    b->bad = true;
    int w = chance(r, 60) ? widths[rnd(r, 6)] : 1 + rnd(r, 40);
    int v = rnd(r, 10);
    sbuf *s = &b->body;
    if (v < 2 && w >= 2) {
        /* space-separated tokens of garbage: w tokens */
        for (int i = 0; i < w; i++) {
            if (i)
                sb_putc(s, ' ');
            sb_putc(s, garbage_char(r));
        }
        snprintf(b->desc, sizeof b->desc, "bad garbage %d-tokens", w);
    } else {
        bool mixed = v >= 7;
        for (int i = 0; i < w; i++)
            sb_putc(s, i == 0 || !mixed || chance(r, 30) ? garbage_char(r)
                                                         : MIXIN[rnd(r, (int)sizeof MIXIN - 1)]);
        if (strcmp(s->p, "end") == 0)
            s->p[0] = 'a';
        snprintf(b->desc, sizeof b->desc, "bad garbage w%d%s", w, mixed ? " mixed" : "");
    }
    sb_putc(s, '\n');
    b->rowlike_first = b->rowlike_last = true;
}

static void make_long(rng *r, block *b)
{
    static const char *const names[] = {"digits", "pad+puzzle", "end+pad+puzzle",
                                        "3+pad+garbage", "header+pad", "header+pad+x",
                                        "literal", "dashes", "puzzle-repeated", "garbage"};
    b->kind = K_LONG;
    b->bad = true;
    sbuf *s = &b->body;
    int v = rnd(r, 10);
    size_t over = LINE_CAP + 1 + (size_t)(chance(r, 30) ? 0 : rnd(r, 4000));
    size_t pad = LINE_CAP + 16 + (size_t)rnd(r, 100);
    const puzzle *pz = pick(r, 9);
    switch (v) {
    case 0:
        for (size_t i = 0; i < over; i++)
            sb_putc(s, (char)('0' + rnd(r, 10)));
        break;
    case 1:
    case 2:
        if (v == 2)
            sb_puts(s, "end");
        sb_rep(s, ' ', pad);
        for (int i = 0; i < 81; i++)
            sb_putc(s, sym(pz, i, '.'));
        break;
    case 3:
        sb_putc(s, '3');
        sb_rep(s, ' ', pad);
        sb_puts(s, "abc");
        break;
    case 4:
    case 5:
        sb_puts(s, "Grid 01");
        sb_rep(s, ' ', pad);
        if (v == 5)
            sb_putc(s, 'x');
        break;
    case 6:
        sb_puts(s, "[[\".\"");
        while (s->len < over)
            sb_puts(s, ",\".\"");
        sb_puts(s, "]]");
        b->unclosed = true;
        break;
    case 7:
        sb_rep(s, '-', over);
        break;
    case 8:
        while (s->len < over)
            for (int i = 0; i < 81; i++)
                sb_putc(s, sym(pz, i, '.'));
        break;
    default:
        while (s->len < over)
            sb_putc(s, garbage_char(r));
        break;
    }
    sb_putc(s, '\n');
    snprintf(b->desc, sizeof b->desc, "bad long %s", names[v]);
}

static void make_badlit(rng *r, block *b)
{
    static const char *const names[] = {"escaped-quote", "escaped-quote-9x9", "text-after",
                                        "text-before", "row-length", "bad-cell", "5x5",
                                        "8-rows"};
    b->kind = K_BADLIT;
    b->bad = true;
    sbuf *s = &b->body;
    const puzzle *pz = pick(r, 9);
    int v = rnd(r, 8);
    int style = chance(r, 50) ? 0 : 1 + rnd(r, 3);
    switch (v) {
    case 0:
        sb_puts(s, "[[\"5\\\"\",\".\"]]\n");
        b->unclosed = true; /* closed for JSON, open for a reader that ignores the escape */
        break;
    case 1:
        put_literal(r, s, pz, style, 9, -1, rnd(r, 9), "\"5\\\"\"");
        b->unclosed = true;
        break;
    case 2:
    case 3: {
        sbuf lit = {0};
        if (chance(r, 40))
            sb_puts(&lit, "[[\".\"]]\n");
        else
            put_literal(r, &lit, pz, 0, 9, -1, -1, NULL);
        lit.p[--lit.len] = '\0';
        if (v == 2)
            sb_printf(s, "%s %s\n", lit.p, chance(r, 50) ? "GARBAGE" : "x");
        else {
            sb_puts(s, chance(r, 50) ? "junk" : "x = ");
            sb_puts(s, lit.p);
            sb_putc(s, '\n');
        }
        sb_free(&lit);
        break;
    }
    case 4:
        put_literal(r, s, pz, style, 9, rnd(r, 9), -1, NULL);
        break;
    case 5: {
        static const char *const cells[] = {"\"a\"", "\"10\"", "\"#\"", "\"\"", "\"55\"", "\"Z\""};
        put_literal(r, s, pz, style, 9, -1, rnd(r, 9), cells[rnd(r, 6)]);
        break;
    }
    case 6:
        for (int row = 0; row < 5; row++)
            sb_printf(s, "%s[\".\",\".\",\"1\",\".\",\".\"]%s", row ? "," : "[",
                      row == 4 ? "]\n" : "");
        break;
    default:
        /* 8 rows of 9 cells, closed: "[[r1],...,[r8]]" */
        put_literal(r, s, pz, 0, 8, -1, -1, NULL);
        s->p[--s->len] = '\0';
        sb_puts(s, "]\n");
        break;
    }
    snprintf(b->desc, sizeof b->desc, "bad literal %s%s", names[v],
             v == 1 || v == 4 || v == 5 ? (style ? " nlines" : " 1line") : "");
}

static void make_unclosed(rng *r, block *b)
{
    static const char *const names[] = {"[[", "[", "partial-row", "rows-then-stop"};
    b->kind = K_UNCLOSED;
    b->bad = true;
    b->unclosed = true;
    sbuf *s = &b->body;
    int v = rnd(r, 4);
    switch (v) {
    case 0:
        sb_puts(s, "[[\n");
        break;
    case 1:
        sb_puts(s, "[\n");
        break;
    case 2:
        sb_puts(s, "[[\"5\",\"3\"\n");
        break;
    default: {
        const puzzle *pz = pick(r, 9);
        put_literal(r, s, pz, 1 + rnd(r, 3), 1 + rnd(r, 8), -1, -1, NULL);
        break;
    }
    }
    snprintf(b->desc, sizeof b->desc, "bad literal unclosed %s", names[v]);
}

static kind random_grid_base(rng *r)
{
    static const kind bases[] = {K_PACKED9, K_SPACED9, K_LETTERS16, K_PACKED4};
    return bases[rnd(r, 4)];
}

static void make_trunc(rng *r, block *b)
{
    kind base = random_grid_base(r);
    const puzzle *pz = pick(r, grid_side(base));
    int rows = 1 + rnd(r, pz->side - 1);
    b->kind = K_TRUNC;
    b->bad = true;
    put_grid(r, b, base, pz, rows, -1, false, false);
    b->rowlike_first = b->rowlike_last = true;
    b->need_blank = true;
    if (chance(r, 15))
        random_header(r, b->header, sizeof b->header);
    snprintf(b->desc, sizeof b->desc, "bad truncated %s after %d rows", kind_name(base), rows);
}

static void make_badgrid(rng *r, block *b)
{
    b->kind = K_BADGRID;
    b->bad = true;
    if (chance(r, 20)) {
        /* a whole-puzzle line with one bad cell */
        bool big = chance(r, 30);
        const puzzle *pz = pick(r, big ? 16 : 9);
        int n = pz->side * pz->side, at = rnd(r, n);
        char bad[16];
        bad_cell(r, pz->side, false, bad, sizeof bad);
        for (int i = 0; i < n; i++)
            sb_putc(&b->body, i == at ? bad[0] : sym(pz, i, big ? '-' : '.'));
        sb_putc(&b->body, '\n');
        snprintf(b->desc, sizeof b->desc, "bad %s with bad cell", big ? "line256" : "line81");
        return;
    }
    kind base = random_grid_base(r);
    const puzzle *pz = pick(r, grid_side(base));
    int row = 1 + rnd(r, pz->side - 1);
    bool short_row = chance(r, 35);
    if (short_row && base == K_LETTERS16) {
        /* a short row of dashes only would be a separator, not a row */
        int given = 0;
        for (int k = 0; k < 16; k++)
            given += pz->cells[row * 16 + k] != '.';
        short_row = given >= 2;
    }
    put_grid(r, b, base, pz, pz->side, row, short_row, false);
    b->rowlike_first = b->rowlike_last = true;
    if (chance(r, 15))
        random_header(r, b->header, sizeof b->header);
    snprintf(b->desc, sizeof b->desc, "bad %s with %s in row %d", kind_name(base),
             short_row ? "a short row" : "a bad cell", row + 1);
}

static void make_dangling(rng *r, block *b)
{
    char h[24];
    b->kind = K_DANGLING;
    b->bad = true;
    b->dangling = true;
    random_header(r, h, sizeof h);
    sb_printf(&b->body, "%s\n\n", h);
    snprintf(b->desc, sizeof b->desc, "bad dangling header");
}

/* UVa 989 blocks: "n" then n*n rows of n*n numbers. */
static void make_uva(rng *r, block *b, kind k)
{
    int n = chance(r, 70) ? 3 : 2;
    const puzzle *pz = pick(r, n * n);
    kind base = n == 3 ? K_SPACED9 : K_PACKED4;
    b->kind = k;
    b->rowlike_last = true;
    switch (k) {
    case K_UVA:
        sb_printf(&b->body, "%d\n", n);
        put_grid(r, b, base, pz, pz->side, -1, false, true);
        set_good(b, pz);
        snprintf(b->desc, sizeof b->desc, "good uva n=%d", n);
        break;
    case K_UVA_TRUNC: {
        int rows = 1 + rnd(r, pz->side - 1);
        sb_printf(&b->body, "%d\n", n);
        put_grid(r, b, base, pz, rows, -1, false, true);
        b->bad = true;
        b->need_blank = true;
        snprintf(b->desc, sizeof b->desc, "bad uva n=%d truncated after %d rows", n, rows);
        break;
    }
    case K_UVA_BAD: {
        int row = 1 + rnd(r, pz->side - 1);
        bool short_row = chance(r, 35);
        sb_printf(&b->body, "%d\n", n);
        put_grid(r, b, base, pz, pz->side, row, short_row, true);
        b->bad = true;
        snprintf(b->desc, sizeof b->desc, "bad uva n=%d with %s in row %d", n,
                 short_row ? "a short row" : "a bad cell", row + 1);
        break;
    }
    default:
        put_grid(r, b, base, pz, pz->side, -1, false, true);
        b->bad = true;
        b->rowlike_first = true;
        snprintf(b->desc, sizeof b->desc, "bad uva grid without its n=%d line", n);
        break;
    }
}

static block *new_block(void)
{
    block *b = calloc(1, sizeof *b);
    if (!b)
        die("calloc");
    return b;
}

static void free_block(block *b)
{
    if (b) {
        sb_free(&b->body);
        free(b);
    }
}

/* OJD_PROP_BAD: the bad kinds to generate (all by default); others become good blocks. */
static const char *const bad_names[] = {"garbage", "long", "badlit", "unclosed", "trunc",
                                        "badgrid", "dangling", "uvatrunc", "uvabad", "noprefix"};
static const kind bad_kinds[] = {K_GARBAGE, K_LONG, K_BADLIT, K_UNCLOSED, K_TRUNC, K_BADGRID,
                                 K_DANGLING, K_UVA_TRUNC, K_UVA_BAD, K_UVA_NOPREFIX};
static bool g_bad_allowed[K_COUNT];
static int g_mode; /* OJD_PROP_MODE: 0 both, 1 mixed only, 2 UVa 989 only */

static void parse_bad_kinds(const char *list)
{
    size_t n = sizeof bad_names / sizeof *bad_names;
    for (size_t i = 0; i < n; i++)
        g_bad_allowed[bad_kinds[i]] = !list || !*list;
    if (!list || !*list)
        return;
    while (*list) {
        size_t len = strcspn(list, ",");
        bool found = len == 4 && strncmp(list, "none", 4) == 0;
        for (size_t i = 0; i < n; i++)
            if (strlen(bad_names[i]) == len && strncmp(list, bad_names[i], len) == 0)
                g_bad_allowed[bad_kinds[i]] = found = true;
        if (!found && len) {
            fprintf(stderr, "property: OJD_PROP_BAD: unknown kind '%.*s'; kinds:", (int)len, list);
            for (size_t i = 0; i < n; i++)
                fprintf(stderr, " %s", bad_names[i]);
            fprintf(stderr, "\n");
            exit(2);
        }
        list += len + (list[len] == ',');
    }
}

static block *random_block(rng *r, bool uva, bool need_header)
{
    block *b = new_block();
    if (need_header && !g_bad_allowed[K_DANGLING])
        need_header = false;
    if (need_header) {
        /* after a dangling header: a grid with a header, or another dangling header */
        if (chance(r, 20))
            make_dangling(r, b);
        else {
            static const kind ks[] = {K_LINE81, K_PACKED9, K_SPACED9, K_LETTERS16, K_PACKED4};
            make_good(r, b, ks[rnd(r, 5)]);
            if (!b->header[0])
                random_header(r, b->header, sizeof b->header);
        }
    } else if (uva) {
        int v = rnd(r, 100);
        if ((v >= 62 && v < 70 && !g_bad_allowed[K_UVA_TRUNC]) ||
            (v >= 70 && v < 80 && !g_bad_allowed[K_UVA_BAD]) ||
            (v >= 80 && v < 85 && !g_bad_allowed[K_UVA_NOPREFIX]) ||
            (v >= 85 && v < 94 && !g_bad_allowed[K_GARBAGE]) ||
            (v >= 94 && !g_bad_allowed[K_LONG]))
            v = 0;
        if (v < 62)
            make_uva(r, b, K_UVA);
        else if (v < 70)
            make_uva(r, b, K_UVA_TRUNC);
        else if (v < 80)
            make_uva(r, b, K_UVA_BAD);
        else if (v < 85)
            make_uva(r, b, K_UVA_NOPREFIX);
        else if (v < 94)
            make_garbage(r, b);
        else
            make_long(r, b);
    } else {
        int v = rnd(r, 100);
        if ((v >= 59 && v < 69 && !g_bad_allowed[K_GARBAGE]) ||
            (v >= 69 && v < 74 && !g_bad_allowed[K_LONG]) ||
            (v >= 74 && v < 79 && !g_bad_allowed[K_BADLIT]) ||
            (v >= 79 && v < 83 && !g_bad_allowed[K_UNCLOSED]) ||
            (v >= 83 && v < 89 && !g_bad_allowed[K_TRUNC]) ||
            (v >= 89 && v < 96 && !g_bad_allowed[K_BADGRID]) ||
            (v >= 96 && !g_bad_allowed[K_DANGLING]))
            v = rnd(r, 59);
        if (v < 14)
            make_good(r, b, K_LINE81);
        else if (v < 25)
            make_good(r, b, K_PACKED9);
        else if (v < 34)
            make_good(r, b, K_SPACED9);
        else if (v < 39)
            make_good(r, b, K_LETTERS16);
        else if (v < 43)
            make_good(r, b, K_LINE256);
        else if (v < 49)
            make_good(r, b, K_PACKED4);
        else if (v < 54)
            make_good(r, b, K_LIT1);
        else if (v < 57)
            make_good(r, b, K_LITN);
        else if (v < 59)
            make_good(r, b, K_DASHLINE);
        else if (v < 69)
            make_garbage(r, b);
        else if (v < 74)
            make_long(r, b);
        else if (v < 79)
            make_badlit(r, b);
        else if (v < 83)
            make_unclosed(r, b);
        else if (v < 89)
            make_trunc(r, b);
        else if (v < 96)
            make_badgrid(r, b);
        else
            make_dangling(r, b);
    }
    finish_block(b);
    return b;
}

/* ---- streams ------------------------------------------------------------------------------- */

enum { SEP_NONE, SEP_BLANK, SEP_BLANKS, SEP_DASH3, SEP_DASH12, SEP_BLANK_DASH };

typedef struct stream {
    uint64_t seed;
    bool uva;
    bool count_line;
    int count_delta;     /* the count line says blocks + delta */
    bool count_blank;    /* a blank line after the count line */
    int leading_blanks;
    bool end_line;
    bool junk_after_end;
    bool crlf;
    bool bom;
    bool no_final_newline;
    int n;
    block *b[MAX_BLOCKS];
    int sep[MAX_BLOCKS]; /* separator after block i */
} stream;

/* The first non-blank character of the block's first line. */
static char first_char(const block *b)
{
    const char *s = b->header[0] ? b->header : b->body.p;
    s += strspn(s, " \t");
    return *s;
}

static bool continues_literal(const block *b)
{
    char c = first_char(b);
    return c == '[' || c == ']' || c == ',' || c == '"' || c == '\'';
}

/* The first line of the stream's first block is a lone number (which would be a count line). */
static bool first_line_is_integer(const block *b)
{
    if (b->header[0] || b->kind == K_LONG)
        return false;
    const char *s = b->body.p;
    size_t n = strcspn(s, "\n"), i = 0;
    while (i < n && (s[i] == ' ' || s[i] == '\t'))
        i++;
    size_t digits = 0;
    while (i + digits < n && s[i + digits] >= '0' && s[i + digits] <= '9')
        digits++;
    if (digits == 0 || i + digits != n)
        return false;
    return !(digits == 9 || digits == 16 || digits == 25 || digits == 81 || digits == 256);
}

static bool row_width(int w) { return w == 1 || w == 4 || w == 9 || w == 16 || w == 25; }

/* Could the first line of cur be read as one more row of prev? */
static bool width_clash(const block *prev, const block *cur)
{
    if (!prev->rowlike_last || !cur->rowlike_first || cur->header[0])
        return false;
    int a[2] = {prev->last_c, prev->last_t}, c[2] = {cur->first_c, cur->first_t};
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 2; j++)
            if (a[i] == c[j] && row_width(a[i]))
                return true;
    return false;
}

static bool pair_ok(const block *prev, const block *cur)
{
    if (prev->unclosed && continues_literal(cur))
        return false;
    if (prev->dangling && !cur->header[0] && !cur->dangling)
        return false;
    return true;
}

static int stream_count_value(const stream *s)
{
    int v = s->n + s->count_delta;
    return v < 0 ? 0 : v;
}

/* The rule's preconditions: every block boundary unambiguous. */
static bool stream_ok(const stream *s)
{
    if (s->n == 0)
        return false;
    for (int i = 1; i < s->n; i++)
        if (!pair_ok(s->b[i - 1], s->b[i]))
            return false;
    const block *f = s->b[0];
    if (s->uva)
        return f->kind == K_UVA || f->kind == K_UVA_TRUNC || f->kind == K_UVA_BAD;
    if (first_line_is_integer(f))
        return false;
    if (s->count_line) {
        int n = stream_count_value(s);
        /* "n" followed by a line of n*n cells is a UVa 989 box size, not a count */
        if (n >= 1 && n <= 5 && !f->header[0] && f->kind != K_LONG &&
            (f->first_c == n * n || f->first_t == n * n))
            return false;
    }
    return true;
}

static void free_stream(stream *s)
{
    for (int i = 0; i < s->n; i++)
        free_block(s->b[i]);
    s->n = 0;
}

static void random_stream(uint64_t seed, stream *s)
{
    rng r = {seed};
    memset(s, 0, sizeof *s);
    s->seed = seed;
    rng_next(&r);
    s->uva = g_mode == 2 || (g_mode == 0 && chance(&r, 20));
    int want = 1 + rnd(&r, chance(&r, 20) ? 8 : MAX_BLOCKS);
    for (int i = 0; i < want; i++) {
        block *b = NULL;
        for (int tries = 0; tries < 100; tries++) {
            bool need_header = i > 0 && s->b[i - 1]->dangling;
            b = random_block(&r, s->uva, need_header);
            bool fits = i == 0 ? (s->uva ? b->kind == K_UVA : !first_line_is_integer(b))
                               : pair_ok(s->b[i - 1], b);
            if (fits)
                break;
            free_block(b);
            b = NULL;
        }
        if (!b)
            break;
        s->b[s->n] = b;
        int v = rnd(&r, 100);
        s->sep[s->n] = s->uva ? (v < 40 ? SEP_NONE : v < 85 ? SEP_BLANK : SEP_BLANKS)
                       : v < 35 ? SEP_NONE : v < 70 ? SEP_BLANK : v < 80 ? SEP_BLANKS
                       : v < 90 ? SEP_DASH3 : v < 95 ? SEP_DASH12 : SEP_BLANK_DASH;
        if (b->dangling && s->sep[s->n] >= SEP_DASH3)
            s->sep[s->n] = SEP_BLANK;
        s->n++;
    }
    if (!s->uva && chance(&r, 25)) {
        s->count_line = true;
        s->count_delta = chance(&r, 80) ? 0 : (int[]){-1, 1, 3, -100}[rnd(&r, 4)];
        s->count_blank = chance(&r, 30);
        if (!stream_ok(s))
            s->count_line = false;
    }
    s->leading_blanks = chance(&r, 10) ? 1 + rnd(&r, 2) : 0;
    s->end_line = chance(&r, 15);
    s->junk_after_end = s->end_line && chance(&r, 30);
    s->crlf = chance(&r, 8);
    s->bom = chance(&r, 5);
    s->no_final_newline = !s->end_line && chance(&r, 5);
}

/* Where each block lies in the rendered text (1-based line numbers). */
typedef struct layout {
    long start[MAX_BLOCKS + 1]; /* first line of block i; start[n] = one past the last line */
    long end[MAX_BLOCKS];       /* last line of block i */
    int warnings;               /* count-line and after-"end" warnings expected */
} layout;

static long count_lines(const char *s, size_t n)
{
    long k = 0;
    for (size_t i = 0; i < n; i++)
        k += s[i] == '\n';
    return k;
}

static void render(const stream *s, sbuf *out, layout *lay)
{
    sbuf t = {0};
    memset(lay, 0, sizeof *lay);
    if (s->count_line) {
        sb_printf(&t, "%d\n", stream_count_value(s));
        if (s->count_blank)
            sb_putc(&t, '\n');
        if (stream_count_value(s) != s->n)
            lay->warnings++;
    }
    for (int i = 0; i < s->leading_blanks; i++)
        sb_putc(&t, '\n');
    for (int i = 0; i < s->n; i++) {
        const block *b = s->b[i];
        if (i > 0) {
            const block *p = s->b[i - 1];
            int sep = s->sep[i - 1];
            if (p->need_blank || (sep == SEP_NONE && width_clash(p, b)))
                sb_putc(&t, '\n');
            switch (sep) {
            case SEP_BLANK:
                sb_putc(&t, '\n');
                break;
            case SEP_BLANKS:
                sb_puts(&t, "\n\n");
                break;
            case SEP_DASH3:
                sb_puts(&t, "---\n");
                break;
            case SEP_DASH12:
                sb_puts(&t, "------------\n");
                break;
            case SEP_BLANK_DASH:
                sb_puts(&t, "\n---\n\n");
                break;
            default:
                break;
            }
        }
        lay->start[i] = count_lines(t.p, t.len) + 1;
        if (b->header[0])
            sb_printf(&t, "%s\n", b->header);
        sb_put(&t, b->body.p, b->body.len);
        lay->end[i] = count_lines(t.p, t.len);
    }
    lay->start[s->n] = count_lines(t.p, t.len) + 1;
    if (s->end_line) {
        if (s->n && s->b[s->n - 1]->need_blank)
            sb_putc(&t, '\n');
        sb_puts(&t, "end\n");
        if (s->junk_after_end) {
            sb_puts(&t, "abc\n");
            for (int i = 0; i < 81; i++)
                sb_putc(&t, '.');
            sb_puts(&t, "\n[[\n");
            lay->warnings++;
        }
    } else if (s->n && s->sep[s->n - 1] == SEP_BLANKS) {
        sb_puts(&t, "\n\n");
    }
    if (s->no_final_newline && t.len && t.p[t.len - 1] == '\n' &&
        !(t.len >= 2 && t.p[t.len - 2] == '\n'))
        t.p[--t.len] = '\0';
    sb_clear(out);
    if (s->bom)
        sb_puts(out, "\xEF\xBB\xBF");
    for (size_t i = 0; i < t.len; i++) {
        if (t.p[i] == '\n' && s->crlf)
            sb_putc(out, '\r');
        sb_putc(out, t.p[i]);
    }
    sb_free(&t);
}

/* ---- running ojdoku ------------------------------------------------------------------------ */

static const char *g_bin, *g_work;
static char g_out_path[4096], g_err_path[4096];

typedef struct run {
    sbuf out, err;
    int status; /* exit status, or 128 + signal */
} run;

static void read_file(const char *path, sbuf *b)
{
    sb_clear(b);
    FILE *f = fopen(path, "rb");
    if (!f)
        die(path);
    char buf[65536];
    size_t got;
    while ((got = fread(buf, 1, sizeof buf, f)) > 0)
        sb_put(b, buf, got);
    fclose(f);
    if (!b->p)
        sb_puts(b, "");
}

static void write_file(const char *path, const sbuf *b)
{
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(b->p, 1, b->len, f) != b->len || fclose(f) != 0)
        die(path);
}

static void run_ojdoku(const char *format, int jobs, const char *input, run *res)
{
    char jarg[16];
    snprintf(jarg, sizeof jarg, "%d", jobs);
    const char *argv[8];
    int a = 0;
    argv[a++] = g_bin;
    if (format) {
        argv[a++] = "--format";
        argv[a++] = format;
    }
    argv[a++] = "-j";
    argv[a++] = jarg;
    argv[a++] = input;
    argv[a] = NULL;
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid < 0)
        die("fork");
    if (pid == 0) {
        /* the threads from the first case with -j 2, and part way with -j 7: the small streams
         * here take less than the time after which solve starts its threads by itself */
        if (jobs > 1 && setenv("OJDOKU_THREADS_AFTER", jobs == 2 ? "0" : "0.0002", 1) != 0)
            _exit(126);
        int in = open("/dev/null", O_RDONLY);
        int out = open(g_out_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        int err = open(g_err_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (in < 0 || out < 0 || err < 0 || dup2(in, 0) < 0 || dup2(out, 1) < 0 ||
            dup2(err, 2) < 0)
            _exit(126);
        execv(g_bin, (char *const *)argv);
        _exit(127);
    }
    int st;
    while (waitpid(pid, &st, 0) < 0)
        if (errno != EINTR)
            die("waitpid");
    res->status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + (WIFSIGNALED(st) ? WTERMSIG(st) : 0);
    read_file(g_out_path, &res->out);
    read_file(g_err_path, &res->err);
}

/* ---- checking ------------------------------------------------------------------------------ */

typedef struct verdict {
    char why[1024];
    const char *format; /* the run that broke it: --format (NULL: mirror) and -j */
    int jobs;
} verdict;

static void print_command(const verdict *v, const char *path)
{
    printf("%s%s%s -j %d %s", g_bin, v->format ? " --format " : "", v->format ? v->format : "",
           v->jobs, path);
}

static bool fail(verdict *v, const char *fmt, ...) PRINTF_LIKE(2, 3);
static bool fail(verdict *v, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(v->why, sizeof v->why, fmt, ap);
    va_end(ap);
    return false;
}

/* The next line of s from *pos (without its newline) into line; false at the end. */
static bool next_line(const sbuf *s, size_t *pos, const char **line, size_t *len)
{
    if (*pos >= s->len)
        return false;
    const char *p = s->p + *pos;
    const char *nl = memchr(p, '\n', s->len - *pos);
    *line = p;
    *len = nl ? (size_t)(nl - p) : s->len - *pos;
    *pos += *len + (nl != NULL);
    return true;
}

static bool json_long(const char *line, size_t len, const char *key, long *v)
{
    char pat[32];
    snprintf(pat, sizeof pat, "\"%s\":", key);
    char *copy = strndup(line, len);
    if (!copy)
        die("strndup");
    char *p = strstr(copy, pat);
    bool ok = p && sscanf(p + strlen(pat), "%ld", v) == 1;
    free(copy);
    return ok;
}

static bool json_str(const char *line, size_t len, const char *key, char *buf, size_t size)
{
    char pat[32];
    snprintf(pat, sizeof pat, "\"%s\":\"", key);
    char *copy = strndup(line, len);
    if (!copy)
        die("strndup");
    char *p = strstr(copy, pat);
    bool ok = false;
    if (p) {
        p += strlen(pat);
        size_t n = strcspn(p, "\"");
        if (p[n] == '"' && n < size) {
            memcpy(buf, p, n);
            buf[n] = '\0';
            ok = true;
        }
    }
    free(copy);
    return ok;
}

/* Checks every stderr line ("ojdoku: FILE:LINE:COL: error|warning: MESSAGE"); collects the LINE
 * of each error in order. */
static bool parse_stderr(const sbuf *err, const char *file, long *err_lines, int max_errors,
                         int *errors, int *warnings, verdict *v)
{
    size_t pos = 0, flen = strlen(file);
    const char *line;
    size_t len;
    *errors = *warnings = 0;
    while (next_line(err, &pos, &line, &len)) {
        char *copy = strndup(line, len);
        if (!copy)
            die("strndup");
        long ln = 0, col = 0;
        int used = 0;
        bool ok = strncmp(copy, "ojdoku: ", 8) == 0 && strncmp(copy + 8, file, flen) == 0 &&
                  copy[8 + flen] == ':' &&
                  sscanf(copy + 9 + flen, "%ld:%ld: %n", &ln, &col, &used) == 2 && used > 0;
        const char *rest = ok ? copy + 9 + flen + used : "";
        bool is_error = ok && strncmp(rest, "error: ", 7) == 0 && rest[7];
        bool is_warning = ok && strncmp(rest, "warning: ", 9) == 0 && rest[9];
        if (!is_error && !is_warning) {
            fail(v, "stderr line is not a diagnostic: \"%.200s\"", copy);
            free(copy);
            return false;
        }
        if (is_error) {
            if (*errors < max_errors)
                err_lines[*errors] = ln;
            ++*errors;
        } else {
            ++*warnings;
        }
        free(copy);
    }
    return true;
}

static bool is_solvable(const block *b)
{
    return !b->bad && (b->expect[0] == 's' || b->expect[0] == 'm');
}

/* Does the block get an error diagnostic in the line or mirror output?  Bad blocks always; a
 * puzzle without a solution too, unless the mirrored profile has words for it (UVa 989 prints
 * "NO SOLUTION" on stdout). */
static bool text_error(const stream *s, const block *b, bool line_profile)
{
    return b->bad || (!is_solvable(b) && (line_profile || !s->uva));
}

/* The diagnostic of block i must point into it (or into the separator up to the next block,
 * where "the grid ends" and "not closed" are found). */
static bool in_block(const layout *lay, int i, long line)
{
    return line >= lay->start[i] && line <= lay->start[i + 1];
}

static bool check_json(const stream *s, const layout *lay, const char *file, const run *res,
                       verdict *v)
{
    size_t pos = 0;
    const char *line;
    size_t len;
    int k = 0;
    bool all_solved = true;
    while (next_line(&res->out, &pos, &line, &len)) {
        if (k >= s->n)
            return fail(v, "json: more outcomes than the %d blocks (line %d: %.120s)", s->n,
                        k + 1, line);
        const block *b = s->b[k];
        long c = 0;
        char status[32], text[300];
        if (!json_long(line, len, "case", &c) || !json_str(line, len, "status", status, sizeof status))
            return fail(v, "json: line %d is not a case: %.120s", k + 1, line);
        if (c != k + 1)
            return fail(v, "json: outcome %d says \"case\":%ld", k + 1, c);
        if (b->bad) {
            long ln = 0;
            if (strcmp(status, "malformed") != 0)
                return fail(v, "json: case %d (%s, lines %ld-%ld) is \"%s\", expected malformed",
                            k + 1, b->desc, lay->start[k], lay->end[k], status);
            if (!json_long(line, len, "line", &ln) || !in_block(lay, k, ln))
                return fail(v, "json: case %d (%s, lines %ld-%ld) is reported at line %ld", k + 1,
                            b->desc, lay->start[k], lay->end[k], ln);
        } else {
            if (strcmp(status, b->expect) != 0)
                return fail(v, "json: case %d (%s, lines %ld-%ld) is \"%s\", expected \"%s\"",
                            k + 1, b->desc, lay->start[k], lay->end[k], status, b->expect);
            if (!json_str(line, len, "puzzle", text, sizeof text) ||
                strcmp(text, b->puzzle) != 0)
                return fail(v, "json: case %d (%s, lines %ld-%ld) read another puzzle", k + 1,
                            b->desc, lay->start[k], lay->end[k]);
        }
        if (b->bad || strcmp(b->expect, "solved") != 0)
            all_solved = false;
        k++;
    }
    if (k != s->n)
        return fail(v, "json: %d outcomes for %d blocks (first missing: case %d, %s, lines %ld-%ld)",
                    k, s->n, k + 1, s->b[k]->desc, lay->start[k], lay->end[k]);
    long lines[MAX_BLOCKS];
    int errors, warnings, bad = 0;
    if (!parse_stderr(&res->err, file, lines, MAX_BLOCKS, &errors, &warnings, v))
        return false;
    for (int i = 0; i < s->n; i++)
        bad += s->b[i]->bad;
    if (errors != bad)
        return fail(v, "json: %d error diagnostics for %d malformed blocks", errors, bad);
    if (warnings != lay->warnings)
        return fail(v, "json: %d warnings, expected %d", warnings, lay->warnings);
    for (int i = 0, e = 0; i < s->n; i++)
        if (s->b[i]->bad && !in_block(lay, i, lines[e++]))
            return fail(v, "json: the diagnostic of case %d (%s, lines %ld-%ld) is at line %ld",
                        i + 1, s->b[i]->desc, lay->start[i], lay->end[i], lines[e - 1]);
    int want = all_solved ? 0 : 1;
    if (res->status != want)
        return fail(v, "json: exit status %d, expected %d", res->status, want);
    return true;
}

/* line and mirror: an error per bad, unsolvable or conflicting block; line: one answer line
 * per solvable block, the fixture's solution when unique. */
static bool check_text(const stream *s, const layout *lay, const char *file, const run *res,
                       bool line_profile, verdict *v)
{
    const char *mode = line_profile ? "line" : "mirror";
    long lines[MAX_BLOCKS];
    int errors, warnings, want_errors = 0;
    if (!parse_stderr(&res->err, file, lines, MAX_BLOCKS, &errors, &warnings, v))
        return false;
    for (int i = 0; i < s->n; i++)
        want_errors += text_error(s, s->b[i], line_profile);
    if (errors != want_errors)
        return fail(v, "%s: %d error diagnostics for %d bad (or unsolvable) blocks", mode, errors,
                    want_errors);
    if (warnings != lay->warnings)
        return fail(v, "%s: %d warnings, expected %d", mode, warnings, lay->warnings);
    for (int i = 0, e = 0; i < s->n; i++)
        if (text_error(s, s->b[i], line_profile) && !in_block(lay, i, lines[e++]))
            return fail(v, "%s: the diagnostic of case %d (%s, lines %ld-%ld) is at line %ld",
                        mode, i + 1, s->b[i]->desc, lay->start[i], lay->end[i], lines[e - 1]);
    if (line_profile) {
        size_t pos = 0;
        const char *line;
        size_t len;
        for (int i = 0; i < s->n; i++) {
            if (!is_solvable(s->b[i]))
                continue;
            if (!next_line(&res->out, &pos, &line, &len))
                return fail(v, "line: no answer for case %d (%s, lines %ld-%ld)", i + 1,
                            s->b[i]->desc, lay->start[i], lay->end[i]);
            const char *want = s->b[i]->solution;
            if (s->b[i]->expect[0] == 's' && want &&
                (len != strlen(want) || memcmp(line, want, len) != 0))
                return fail(v, "line: the answer for case %d (%s, lines %ld-%ld) is not its "
                            "solution", i + 1, s->b[i]->desc, lay->start[i], lay->end[i]);
        }
        if (next_line(&res->out, &pos, &line, &len))
            return fail(v, "line: more answers than solvable blocks: %.100s", line);
    }
    /* exit 1 iff some block got an error: one answered by the statement's word (UVa 989's NO
     * SOLUTION) is answered (issue 41 item 13) */
    int want = 0;
    for (int i = 0; i < s->n; i++)
        want |= text_error(s, s->b[i], line_profile);
    if (res->status != want)
        return fail(v, "%s: exit status %d, expected %d", mode, res->status, want);
    return true;
}

static bool same_run(const run *a, const run *b, const char *mode, int jobs, verdict *v)
{
    if (a->status != b->status)
        return fail(v, "%s: exit status %d with -j 1 but %d with -j %d", mode, a->status,
                    b->status, jobs);
    if (a->out.len != b->out.len || memcmp(a->out.p, b->out.p, a->out.len) != 0)
        return fail(v, "%s: stdout differs between -j 1 and -j %d", mode, jobs);
    if (a->err.len != b->err.len || memcmp(a->err.p, b->err.p, a->err.len) != 0)
        return fail(v, "%s: stderr differs between -j 1 and -j %d", mode, jobs);
    return true;
}

static run g_run[3];

/* Runs the three modes with -j 1, 2 and 7 on the file; stops at the first broken property. */
static bool check_file(const char *path, const stream *s, const layout *lay, verdict *v)
{
    static const char *const formats[] = {"json", "line", NULL};
    static const int jobs[] = {1, 2, 7};
    for (int m = 0; m < 3; m++) {
        const char *mode = formats[m] ? formats[m] : "mirror";
        for (int j = 0; j < 3; j++) {
            run_ojdoku(formats[m], jobs[j], path, &g_run[j]);
            v->format = formats[m];
            v->jobs = jobs[j];
            if (j == 0) {
                bool ok = s ? (m == 0 ? check_json(s, lay, path, &g_run[0], v)
                                      : check_text(s, lay, path, &g_run[0], m == 1, v))
                            : true;
                if (!ok)
                    return false;
                if (!s) {
                    /* an input without any puzzle: exit 1, an error, no answer */
                    long lines[4];
                    int errors, warnings;
                    if (!parse_stderr(&g_run[0].err, path, lines, 4, &errors, &warnings, v))
                        return false;
                    if (g_run[0].status != 1 || errors < 1)
                        return fail(v, "%s: an input without a puzzle exits %d with %d errors",
                                    mode, g_run[0].status, errors);
                    size_t pos = 0;
                    const char *line;
                    size_t len;
                    while (next_line(&g_run[0].out, &pos, &line, &len)) {
                        char status[32];
                        if (m != 0 || !json_str(line, len, "status", status, sizeof status) ||
                            strcmp(status, "malformed") != 0)
                            return fail(v, "%s: an input without a puzzle prints %.100s", mode,
                                        line);
                    }
                }
            } else if (!same_run(&g_run[0], &g_run[j], mode, jobs[j], v)) {
                return false;
            }
        }
    }
    return true;
}

static bool check_stream(const stream *s, const char *path, verdict *v)
{
    sbuf text = {0};
    layout lay;
    render(s, &text, &lay);
    write_file(path, &text);
    sb_free(&text);
    return check_file(path, s, &lay, v);
}

/* ---- reporting and shrinking --------------------------------------------------------------- */

/* Prints text with long lines abbreviated and control bytes escaped. */
static void show_text(const sbuf *t)
{
    size_t pos = 0;
    const char *line;
    size_t len;
    int shown = 0;
    while (next_line(t, &pos, &line, &len)) {
        if (++shown > 60) {
            printf("      ...\n");
            break;
        }
        printf("      |");
        for (size_t i = 0; i < len; i++) {
            if (len > 120 && i == 40) {
                printf("...(%zu bytes in all)...", len);
                i = len - 20;
            }
            unsigned char c = (unsigned char)line[i];
            if (c == '\r')
                printf("\\r");
            else if (c < 0x20 || c >= 0x7f)
                printf("\\x%02X", c);
            else
                putchar(c);
        }
        printf("|\n");
    }
}

static bool copy_without(const stream *s, int drop, stream *c)
{
    *c = *s;
    c->n = 0;
    for (int i = 0; i < s->n; i++) {
        if (i == drop)
            continue;
        c->b[c->n] = s->b[i];
        c->sep[c->n] = s->sep[i];
        c->n++;
    }
    return stream_ok(c);
}

/* Removes blocks and stream features while the stream still fails; the blocks stay owned by s. */
static void shrink(stream *s, const char *path, verdict *v)
{
    int budget = 300;
    bool changed = true;
    while (changed && budget > 0) {
        changed = false;
        for (int i = s->n - 1; i >= 0 && budget > 0; i--) {
            stream c;
            verdict cv;
            if (!copy_without(s, i, &c))
                continue;
            budget--;
            if (!check_stream(&c, path, &cv)) {
                block *gone = s->b[i];
                *s = c;
                *v = cv;
                free_block(gone);
                changed = true;
            }
        }
        for (int f = 0; f < 8 && budget > 0; f++) {
            stream c = *s;
            verdict cv;
            switch (f) {
            case 0: if (!c.count_line) continue; c.count_line = false; break;
            case 1: if (!c.end_line) continue; c.end_line = c.junk_after_end = false; break;
            case 2: if (!c.crlf) continue; c.crlf = false; break;
            case 3: if (!c.bom) continue; c.bom = false; break;
            case 4: if (!c.leading_blanks) continue; c.leading_blanks = 0; break;
            case 5: if (!c.no_final_newline) continue; c.no_final_newline = false; break;
            case 6: if (!c.count_blank) continue; c.count_blank = false; break;
            default: {
                bool any = false;
                for (int i = 0; i < c.n; i++) {
                    any |= c.sep[i] != SEP_BLANK;
                    c.sep[i] = SEP_BLANK;
                }
                if (!any)
                    continue;
                break;
            }
            }
            if (!stream_ok(&c))
                continue;
            budget--;
            if (!check_stream(&c, path, &cv)) {
                *s = c;
                *v = cv;
                changed = true;
            }
        }
    }
    /* leave the minimal input in the file */
    verdict last;
    check_stream(s, path, &last);
}

static void describe(const stream *s)
{
    printf("    %s stream of %d block%s%s%s%s%s%s:", s->uva ? "UVa 989" : "mixed", s->n,
           s->n == 1 ? "" : "s", s->count_line ? ", count line" : "", s->end_line ? ", end" : "",
           s->junk_after_end ? " + junk" : "", s->crlf ? ", CRLF" : "", s->bom ? ", BOM" : "");
    for (int i = 0; i < s->n; i++)
        printf("%s [%d] %s%s", i % 3 == 0 ? "\n     " : "", i + 1, s->b[i]->desc,
               s->b[i]->header[0] ? " +header" : "");
    printf("\n");
}

/* ---- main ---------------------------------------------------------------------------------- */

static unsigned long env_ulong(const char *name, unsigned long dflt)
{
    const char *s = getenv(name);
    if (!s || !*s)
        return dflt;
    return strtoul(s, NULL, 10);
}

static const char *const no_puzzle_inputs[] = {
    "", "\n", "\n \n\t\n", "end\n", "---\n", "5\n", "Grid 01\n", "\xEF\xBB\xBF", "3\n\nend\n",
    "---\n\n------------\n", "---\n-\n--------\n---\n", "Scenario #2:\n", "12\nend\n", "\r\n\r\n", "Grid 01\n\nend\n",
};

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: %s OJDOKU FIXTURE_DIR WORKDIR\n", argv[0]);
        return 2;
    }
    g_bin = argv[1];
    g_work = argv[3];
    if (mkdir(g_work, 0755) != 0 && errno != EEXIST)
        die(g_work);
    snprintf(g_out_path, sizeof g_out_path, "%s/stdout", g_work);
    snprintf(g_err_path, sizeof g_err_path, "%s/stderr", g_work);
    static const char *const files[] = {
        "solve_forum_hardest.txt", "solve_top1465.txt", "solve_serg_multi.txt",
        "solve_sudopedia.txt", "solve_sudopedia_conflict.txt", "solve_kr_vu_16.txt",
        "solve_small.txt"};
    for (size_t i = 0; i < sizeof files / sizeof *files; i++)
        load_fixture(argv[2], files[i]);
    if (!pool4.n || !pool9_solved.n || !pool9_other.n || !pool16.n) {
        fprintf(stderr, "property: fixtures missing in %s\n", argv[2]);
        return 2;
    }

    const char *seed_env = getenv("OJD_PROP_SEED");
    uint64_t seed0 = seed_env && strcmp(seed_env, "time") == 0 ? (uint64_t)time(NULL)
                     : env_ulong("OJD_PROP_SEED", 1);
    unsigned long streams = env_ulong("OJD_PROP_STREAMS", 300);
    unsigned long shrink_max = env_ulong("OJD_PROP_SHRINK", 3);
    bool verbose = env_ulong("OJD_PROP_VERBOSE", 0) != 0;
    parse_bad_kinds(getenv("OJD_PROP_BAD"));
    const char *mode = getenv("OJD_PROP_MODE");
    g_mode = !mode || !*mode ? 0 : strcmp(mode, "mixed") == 0 ? 1 : strcmp(mode, "uva") == 0 ? 2 : -1;
    if (g_mode < 0) {
        fprintf(stderr, "property: OJD_PROP_MODE is mixed or uva\n");
        return 2;
    }
    int failures = 0, shrunk = 0;
    unsigned long blocks = 0;
    char path[4200];
    verdict v;

    /* inputs without any puzzle */
    for (size_t i = 0; i < sizeof no_puzzle_inputs / sizeof *no_puzzle_inputs; i++) {
        sbuf t = {0};
        sb_puts(&t, no_puzzle_inputs[i]);
        snprintf(path, sizeof path, "%s/nopuzzle-%zu.txt", g_work, i);
        write_file(path, &t);
        if (!check_file(path, NULL, NULL, &v)) {
            failures++;
            printf("property: FAIL on an input without a puzzle: %s\n", v.why);
            printf("    reproduce: ");
            print_command(&v, path);
            printf("\n");
            show_text(&t);
        }
        sb_free(&t);
    }

    for (unsigned long k = 0; k < streams; k++) {
        stream s;
        uint64_t seed = seed0 + k;
        random_stream(seed, &s);
        blocks += (unsigned long)s.n;
        snprintf(path, sizeof path, "%s/stream.txt", g_work);
        if (verbose) {
            printf("stream seed=%llu\n", (unsigned long long)seed);
            describe(&s);
        }
        if (check_stream(&s, path, &v)) {
            free_stream(&s);
            continue;
        }
        failures++;
        char keep[4300];
        snprintf(keep, sizeof keep, "%s/fail-%llu.txt", g_work, (unsigned long long)seed);
        if (rename(path, keep) != 0)
            die(keep);
        printf("property: FAIL seed=%llu: %s\n", (unsigned long long)seed, v.why);
        if (failures > 10) {
            /* enough detail above; one line each from here on */
            printf("    reproduce: ");
            print_command(&v, keep);
            printf("\n");
            free_stream(&s);
            continue;
        }
        describe(&s);
        printf("    reproduce: ");
        print_command(&v, keep);
        printf("\n");
        printf("    rerun: OJD_PROP_SEED=%llu OJD_PROP_STREAMS=1 make property\n",
               (unsigned long long)seed);
        if ((unsigned long)shrunk < shrink_max) {
            shrunk++;
            char min[4300];
            snprintf(min, sizeof min, "%s/fail-%llu-min.txt", g_work, (unsigned long long)seed);
            shrink(&s, min, &v);
            printf("    minimal: %s\n    reproduce: ", v.why);
            print_command(&v, min);
            printf("\n");
            describe(&s);
            sbuf t = {0};
            read_file(min, &t);
            show_text(&t);
            sb_free(&t);
        }
        free_stream(&s);
        fflush(stdout);
    }
    printf("property: %lu streams (%lu blocks) from seed %llu, %d failure%s\n", streams, blocks,
           (unsigned long long)seed0, failures, failures == 1 ? "" : "s");
    for (int j = 0; j < 3; j++) {
        sb_free(&g_run[j].out);
        sb_free(&g_run[j].err);
    }
    return failures ? 1 : 0;
}
