/*
 * test_samples.c -- an independent validity check of every expected output in samples/.
 *
 * The golden runner compares ojdoku's output with samples/NAME.out byte for byte; those files were
 * produced by ojdoku, so here they are checked without trusting ojdoku's writer or its default
 * solver: the .out text is parsed by this file's own small parser, every grid is checked with this
 * file's own Sudoku rules, givens must be kept, verdict words must agree with solution counts from
 * a different solver (dlx: exact cover, not the default solver), lexmin answers must equal the
 * first solution of bitmask (exhaustive row-major search, smallest first), and Project Euler sums
 * are recomputed.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The profile's own fields (struct ojd_profile, private to the library): the expected answers
 * are derived from what the profile says, not from the writer that prints by it. */
#include "io/format.h"

#define MAX_LINES 4096
#define SAMPLES "../samples"

typedef struct text {
    char *lines[MAX_LINES];
    int count, next;
} text;

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *buf = malloc(1 << 20);
    assert_non_null(buf);
    size_t n = fread(buf, 1, (1 << 20) - 1, f);
    fclose(f);
    buf[n] = '\0';
    return buf;
}

/* Splits into lines, dropping empty lines and "---" separators (framing is the golden test's). */
/* Independent rule of the validity tasks: does a value repeat in a row, column or box of the
 * board's givens (blanks are 0), or does a cell hold a number outside 1..side (a profile with
 * values: Kick Start's 999 makes the grid no solution)? */
static bool grid_repeats(const ojd_board *b)
{
    int n = b->side;
    for (int i = 0; i < n * n; i++)
        if (b->cell[i] > n)
            return true;
    for (int u = 0; u < n; u++) {
        unsigned long long row = 0, col = 0, box = 0;
        for (int k = 0; k < n; k++) {
            int r0 = (u / b->box_rows) * b->box_rows, c0 = (u % b->box_rows) * b->box_cols;
            int rv = b->cell[u * n + k], cv = b->cell[k * n + u];
            int bv = b->cell[(r0 + k / b->box_cols) * n + c0 + k % b->box_cols];
            if ((rv && (row >> rv & 1)) || (cv && (col >> cv & 1)) || (bv && (box >> bv & 1)))
                return true;
            row |= rv ? 1ULL << rv : 0;
            col |= cv ? 1ULL << cv : 0;
            box |= bv ? 1ULL << bv : 0;
        }
    }
    return false;
}

/* The independent rules of the tasks whose answer a method makes (9x9 with 3x3 boxes). */

/* Cross-hatching as COCI CROSS states it, recomputed from scratch for every value at every
 * step: for value v, the cells a v crosses out are those sharing a row, column or box with a v;
 * a box without v whose one empty uncrossed cell is left gets v.  false: a contradiction (a
 * repeated given, or a box with no cell left for v). */
static bool cross_hatch(int *g)
{
    for (int i = 0; i < 81; i++)
        for (int j = i + 1; j < 81; j++)
            if (g[i] && g[i] == g[j] &&
                (i / 9 == j / 9 || i % 9 == j % 9 || (i / 27 == j / 27 && i % 9 / 3 == j % 9 / 3)))
                return false;
    for (bool again = true; again;) {
        again = false;
        for (int v = 1; v <= 9; v++) {
            bool crossed[81] = {false};
            for (int i = 0; i < 81; i++)
                if (g[i] == v)
                    for (int j = 0; j < 81; j++)
                        if (i / 9 == j / 9 || i % 9 == j % 9 ||
                            (i / 27 == j / 27 && i % 9 / 3 == j % 9 / 3))
                            crossed[j] = true;
            for (int box = 0; box < 9; box++) {
                int left = 0, at = -1;
                bool has = false;
                for (int k = 0; k < 9; k++) {
                    int i = (box / 3 * 3 + k / 3) * 9 + box % 3 * 3 + k % 3;
                    has |= g[i] == v;
                    if (!g[i] && !crossed[i])
                        left++, at = i;
                }
                if (has)
                    continue;
                if (left == 0)
                    return false;
                if (left == 1) {
                    g[at] = v;
                    again = true;
                    break; /* v's crossings changed: recompute them */
                }
            }
        }
    }
    return true;
}

/* The best NOIP 2009 target score over every solution of g, by plain backtracking over the
 * first empty cell; -1 when there is none. */
static long long best_target(int *g)
{
    int i = 0;
    while (i < 81 && g[i])
        i++;
    if (i == 81) {
        long long score = 0;
        for (int j = 0; j < 81; j++) {
            int dr = abs(j / 9 - 4), dc = abs(j % 9 - 4);
            score += (long long)g[j] * (10 - (dr > dc ? dr : dc));
        }
        return score;
    }
    long long best = -1;
    for (int v = 1; v <= 9; v++) {
        bool fits = true;
        for (int j = 0; j < 81 && fits; j++)
            if (g[j] == v && (j / 9 == i / 9 || j % 9 == i % 9 ||
                              (j / 27 == i / 27 && j % 9 / 3 == i % 9 / 3)))
                fits = false;
        if (!fits)
            continue;
        g[i] = v;
        long long s = best_target(g);
        if (s > best)
            best = s;
        g[i] = 0;
    }
    return best;
}

/* Codeforces 1335D: at most 9 cells of the solved grid changed, every unit repeats a value. */
static bool is_anti(const int *solved, const int *g)
{
    int changed = 0;
    for (int i = 0; i < 81; i++)
        changed += solved[i] != g[i];
    if (changed > 9)
        return false;
    for (int u = 0; u < 27; u++) {
        unsigned seen = 0;
        bool repeats = false;
        for (int k = 0; k < 9; k++) {
            int i = u < 9    ? u * 9 + k
                    : u < 18 ? k * 9 + u - 9
                             : ((u - 18) / 3 * 3 + k / 3) * 9 + (u - 18) % 3 * 3 + k % 3;
            repeats |= (seen >> g[i] & 1) != 0;
            seen |= 1u << g[i];
        }
        if (!repeats)
            return false;
    }
    return true;
}

static void split_lines(char *buf, text *t)
{
    t->count = t->next = 0;
    for (char *line = strtok(buf, "\n"); line; line = strtok(NULL, "\n")) {
        size_t n = strlen(line);
        while (n && (line[n - 1] == ' ' || line[n - 1] == '\r'))
            line[--n] = '\0';
        if (n == 0 || strcmp(line, "---") == 0)
            continue;
        assert_true(t->count < MAX_LINES);
        t->lines[t->count++] = line;
    }
}

/* Independent rules: every row, column and box of an n x n grid (n = b*b) holds 1..n once. */
/* With a region map (HDU 4069's walls), each region instead of each box holds every value. */
static bool regions_ok(const int *g, const ojd_board *puzzle)
{
    int n = puzzle->side;
    unsigned long long seen[OJD_MAX_SIDE] = {0}, all = ((1ULL << n) - 1) << 1;
    for (int i = 0; i < n * n; i++)
        seen[puzzle->region[i]] |= 1ULL << g[i];
    for (int u = 0; u < n; u++)
        if (seen[u] != all)
            return false;
    return true;
}

/* A killer's cages, by this file's rule: every cage's values distinct and adding up to its
 * sum (the board's cage of each cell, 0 for none, and cage_sum). */
static bool cages_ok(const int *g, const ojd_board *puzzle)
{
    int n = puzzle->side;
    for (int k = 1; k <= puzzle->cage_count; k++) {
        unsigned long long seen = 0;
        int sum = 0;
        for (int i = 0; i < n * n; i++) {
            if (puzzle->cage[i] != k)
                continue;
            if (seen & (1ULL << g[i]))
                return false;
            seen |= 1ULL << g[i];
            sum += g[i];
        }
        if (sum != puzzle->cage_sum[k])
            return false;
    }
    return true;
}

static bool grid_ok(const int *g, int n, int b)
{
    for (int u = 0; u < n; u++) {
        unsigned long long row = 0, col = 0, box = 0;
        for (int k = 0; k < n; k++) {
            int rv = g[u * n + k], cv = g[k * n + u];
            int bv = g[((u / b) * b + k / b) * n + (u % b) * b + k % b];
            if (rv < 1 || rv > n || cv < 1 || cv > n || bv < 1 || bv > n)
                return false;
            row |= 1ULL << rv;
            col |= 1ULL << cv;
            box |= 1ULL << bv;
        }
        unsigned long long all = ((1ULL << n) - 1) << 1;
        if (row != all || col != all || box != all)
            return false;
    }
    return true;
}

static int symbol_value(const char *tok, size_t len)
{
    if (len == 1 && tok[0] >= 'A' && tok[0] <= 'Z')
        return tok[0] - 'A' + 1;
    int v = 0;
    for (size_t i = 0; i < len; i++) {
        if (tok[i] < '0' || tok[i] > '9')
            return -1;
        v = v * 10 + (tok[i] - '0');
    }
    return v;
}

/* Appends the cells written on one output line (spaced, packed, pretty or literal). */
static void line_cells(const char *line, int *cells, int *count)
{
    if (line[0] == '[') {
        for (const char *p = line; (p = strchr(p, '"')) != NULL;) {
            const char *q = strchr(p + 1, '"');
            assert_non_null(q);
            cells[(*count)++] = symbol_value(p + 1, (size_t)(q - p - 1));
            p = q + 1;
        }
        return;
    }
    bool spaced = strchr(line, ' ') != NULL;
    for (const char *p = line; *p;) {
        if (*p == ' ' || *p == '|') {
            p++;
            continue;
        }
        size_t len = spaced ? strcspn(p, " ") : 1;
        cells[(*count)++] = symbol_value(p, len);
        p += len;
    }
}

static bool is_rule_line(const char *line)
{
    /* "------+-------+------", or Jutge's all-dash band rule as wide as a row */
    return strspn(line, "-+") == strlen(line) && (strchr(line, '+') || strlen(line) > 3);
}

static bool is_header_line(const char *line)
{
    return strncmp(line, "Scenario #", 10) == 0 || strncmp(line, "Grid ", 5) == 0;
}

/* Reads the next grid of side n from the output text into g. */
static void next_grid(text *t, int n, int *g)
{
    int count = 0;
    while (count < n * n) {
        assert_true(t->next < t->count);
        const char *line = t->lines[t->next++];
        if (is_rule_line(line) || is_header_line(line))
            continue;
        if (strncmp(line, "count ", 6) == 0)
            continue;
        line_cells(line, g, &count);
        assert_true(count <= n * n);
    }
}

static const char *word_for(const ojd_profile *f, ojd_outcome o) { return f ? f->words[o] : NULL; }

/* The sample's own rendering of a profile template, written apart from the library's: {case},
 * {word}, {count} and {label} replaced, the rest copied. */
static void expand(char *buf, size_t size, const char *tmpl, int index, const char *word,
                   unsigned long count, const char *label)
{
    size_t k = 0;
    buf[0] = '\0';
    for (const char *p = tmpl; *p && k + 1 < size;) {
        char piece[64] = "";
        size_t skip = 1;
        if (strncmp(p, "{case}", 6) == 0)
            snprintf(piece, sizeof piece, "%d", index), skip = 6;
        else if (strncmp(p, "{word}", 6) == 0)
            snprintf(piece, sizeof piece, "%s", word), skip = 6;
        else if (strncmp(p, "{count}", 7) == 0)
            snprintf(piece, sizeof piece, "%lu", count), skip = 7;
        else if (strncmp(p, "{label}", 7) == 0)
            snprintf(piece, sizeof piece, "%s", label), skip = 7;
        else
            piece[0] = *p, piece[1] = '\0';
        k += (size_t)snprintf(buf + k, size - k, "%s", piece);
        p += skip;
    }
}

/* The next line of the output is the profile's header for this case, when it has one. */
static void expect_header(text *t, const ojd_profile *f, int cases, const ojd_puzzle *pz)
{
    if (!f || !f->header)
        return;
    char want[128];
    expand(want, sizeof want, f->header, cases, "", 0, pz->layout.label);
    assert_true(t->next < t->count);
    assert_string_equal(t->lines[t->next++], want);
}

/* The index of v among the first *n distinct values of seen (added when new; at most max). */
static int position_of(int *seen, int *n, int max, int v)
{
    for (int i = 0; i < *n; i++)
        if (seen[i] == v)
            return i;
    assert_true(*n < max);
    seen[*n] = v;
    return (*n)++;
}

/* The svg profile: one document whose <text> elements put one symbol in every cell, the givens
 * of pz bold in black and the others not, all of them a solution.  The cells are found by the
 * elements' positions alone: rows by their y, columns by their x, in increasing order. */
static void check_svg_sample(const char *out, const ojd_puzzle *pz)
{
    int n = pz->board.side, xs[OJD_MAX_SIDE], ys[OJD_MAX_SIDE], nx = 0, ny = 0, k = 0;
    int x[OJD_MAX_CELLS], y[OJD_MAX_CELLS], v[OJD_MAX_CELLS];
    bool bold[OJD_MAX_CELLS], black[OJD_MAX_CELLS];
    const char *end = strstr(out, "</svg>");
    assert_true(strncmp(out, "<?xml ", 6) == 0 && end != NULL);
    assert_null(strstr(end + 1, "<svg")); /* one document */
    for (const char *p = strstr(out, "<text "); p; p = strstr(p + 1, "<text ")) {
        char fill[16];
        assert_true(k < n * n);
        assert_int_equal(sscanf(p, "<text x=\"%d\" y=\"%d\" fill=\"%15[^\"]\"", &x[k], &y[k],
                                fill), 3);
        const char *close = strchr(p, '>');
        assert_non_null(close);
        const char *weight = strstr(p, "font-weight=\"bold\"");
        bold[k] = weight && weight < close;
        black[k] = strcmp(fill, "#000000") == 0;
        char sym = close[1];
        v[k] = sym >= 'A' && sym <= 'Y' ? sym - 'A' + 1 : atoi(close + 1);
        position_of(xs, &nx, n, x[k]);
        position_of(ys, &ny, n, y[k]);
        k++;
    }
    assert_int_equal(k, n * n);
    int g[OJD_MAX_CELLS];
    for (int i = 0; i < n * n; i++)
        g[i] = 0;
    for (int i = 0; i < k; i++) {
        int row = 0, col = 0; /* ranks of the element's y and x among all */
        for (int j = 0; j < ny; j++)
            row += ys[j] < y[i];
        for (int j = 0; j < nx; j++)
            col += xs[j] < x[i];
        int cell = row * n + col;
        assert_int_equal(g[cell], 0); /* once */
        g[cell] = v[i];
        bool given = pz->board.cell[cell] != 0;
        assert_true(bold[i] == given && black[i] == given);
        if (given)
            assert_int_equal(v[i], pz->board.cell[cell]);
    }
    assert_true(grid_ok(g, n, pz->board.box_rows));
}

/* A case of task all: the reference solver's count of solutions, then that many grids, each a
 * solution (rows, columns, boxes, givens kept) and each greater than the one before, row by row:
 * so they are every solution, in order; then the tally, or the word when there is none. */
static void check_all_case(text *t, const ojd_profile *format, int cases, const ojd_puzzle *pz,
                           ojd_engine *reference)
{
    ojd_search all = {.limit = 10001};
    ojd_result counted;
    ojd_status cs = ojd_engine_solve(reference, &pz->board, &all, &counted);
    unsigned long count = cs == OJD_CONFLICT ? 0 : counted.solutions;
    assert_true(count <= 10000);
    char want[128];
    if (count == 0) {
        const char *w = word_for(format, cs == OJD_CONFLICT ? OJD_OUTCOME_CONFLICT
                                                            : OJD_OUTCOME_UNSOLVABLE);
        assert_non_null(w);
        expand(want, sizeof want, w, cases, "", 0, "");
        assert_true(t->next < t->count);
        assert_string_equal(t->lines[t->next++], want);
        return;
    }
    int n = pz->board.side, prev[OJD_MAX_CELLS], g[OJD_MAX_CELLS];
    for (unsigned long k = 0; k < count; k++) {
        if (k == 0)
            expect_header(t, format, cases, pz);
        next_grid(t, n, g);
        assert_true(grid_ok(g, n, pz->board.box_rows));
        for (int i = 0; i < n * n; i++)
            if (pz->board.cell[i])
                assert_int_equal(g[i], pz->board.cell[i]);
        if (k > 0) {
            int i = 0;
            while (i < n * n && g[i] == prev[i])
                i++;
            assert_true(i < n * n && g[i] > prev[i]);
        }
        memcpy(prev, g, sizeof g);
    }
    if (format->tally) {
        expand(want, sizeof want, format->tally, cases, "", count, "");
        assert_true(t->next < t->count);
        assert_string_equal(t->lines[t->next++], want);
    }
}

static void check_sample(const char *name)
{
    char path[512], args[128] = "";
    snprintf(path, sizeof path, SAMPLES "/%s.args", name);
    FILE *af = fopen(path, "r");
    if (af) {
        if (!fgets(args, sizeof args, af))
            args[0] = '\0';
        fclose(af);
    }
    const ojd_profile *format = NULL;
    char *fname = strstr(args, "--format ");
    if (fname) {
        fname += 9;
        fname[strcspn(fname, " \n")] = '\0';
        format = ojd_profile_find(fname);
        assert_non_null(format);
    }
    snprintf(path, sizeof path, SAMPLES "/%s.out", name);
    char *out = slurp(path);
    assert_non_null(out);
    text t;
    split_lines(out, &t);

    snprintf(path, sizeof path, SAMPLES "/%s.in", name);
    FILE *in = fopen(path, "rb");
    assert_non_null(in);
    ojd_reader *reader = ojd_reader_new(in, path, format);
    ojd_engine *reference = ojd_engine_new(ojd_solver_find("dlx"));
    ojd_engine *smallest = ojd_engine_new(ojd_solver_find("bitmask"));
    assert_non_null(reader);
    assert_non_null(reference);
    assert_non_null(smallest);
    unsigned long long euler_sum = 0;
    ojd_puzzle pz;
    ojd_error err;
    ojd_status st;
    int cases = 0;
    while ((st = ojd_reader_next(reader, &pz, &err)) == OJD_OK) {
        cases++;
        ojd_search search = {.limit = 2};
        ojd_result ref;
        ojd_status rs = ojd_engine_solve(reference, &pz.board, &search, &ref);
        unsigned long sols = rs == OJD_CONFLICT ? 0 : ref.solutions;
        int n = pz.board.side;
        ojd_outcome outcome = rs == OJD_CONFLICT ? OJD_OUTCOME_CONFLICT
                              : sols == 0       ? OJD_OUTCOME_UNSOLVABLE
                              : sols > 1        ? OJD_OUTCOME_MULTIPLE
                                                : OJD_OUTCOME_SOLVED;
        if (format && format->style == OJD_STYLE_SVG) {
            assert_int_equal(cases, 1); /* one document, one case */
            char svg_path[512];
            snprintf(svg_path, sizeof svg_path, SAMPLES "/%s.out", name);
            char *whole = slurp(svg_path); /* out is cut into lines */
            assert_non_null(whole);
            check_svg_sample(whole, &pz);
            free(whole);
            t.next = t.count;
            continue;
        }
        if (format && format->style == OJD_STYLE_JSON) {
            /* {"case":N,"status":WORD,"puzzle":...,"solutions":K,"solution":GRID|null,...} */
            static const char *const words[] = {"solved", "multiple", "unsolvable", "conflict"};
            assert_true(t.next < t.count);
            const char *line = t.lines[t.next++];
            char want[96];
            snprintf(want, sizeof want, "{\"case\":%d,\"status\":\"%s\",", cases,
                     words[outcome]);
            assert_true(strncmp(line, want, strlen(want)) == 0);
            snprintf(want, sizeof want, "\"solutions\":%lu,\"solution\":", sols);
            const char *sol = strstr(line, want);
            assert_non_null(sol);
            sol += strlen(want);
            if (sols == 0) {
                assert_true(strncmp(sol, "null,", 5) == 0);
                continue;
            }
            ojd_board grid = pz.board;
            assert_int_equal(sol[0], '"');
            for (int i = 0; i < n * n; i++) {
                char ch = sol[1 + i];
                grid.cell[i] = (uint8_t)(ch >= 'A' ? ch - 'A' + 1 : ch - '0');
            }
            assert_int_equal(sol[1 + n * n], '"');
            assert_true(ojd_board_solves(&pz.board, &grid));
            continue;
        }
        if (format && format->style == OJD_STYLE_VERDICT) {
            /* a validity task asks only whether a given repeats: an independent scan */
            if (format->task == OJD_TASK_VALIDITY)
                outcome = grid_repeats(&pz.board) ? OJD_OUTCOME_CONFLICT : OJD_OUTCOME_SOLVED;
            char want[128];
            expect_header(&t, format, cases, &pz);
            assert_non_null(strstr(format->verdict_line, "{word}"));
            expand(want, sizeof want, format->verdict_line, cases, word_for(format, outcome), 0,
                   "");
            assert_true(t.next < t.count);
            assert_string_equal(t.lines[t.next++], want);
            continue;
        }
        if (format && (format->task == OJD_TASK_DEDUCE || format->task == OJD_TASK_SCORE ||
                       format->task == OJD_TASK_TRANSFORM)) {
            assert_int_equal(n, 9);
            int g[81], written[81];
            for (int i = 0; i < 81; i++)
                g[i] = pz.board.cell[i];
            assert_true(t.next < t.count);
            if (format->task == OJD_TASK_SCORE) {
                long long best = best_target(g);
                char want[32];
                snprintf(want, sizeof want, "%lld", best);
                assert_string_equal(t.lines[t.next++], want);
                continue;
            }
            if (format->task == OJD_TASK_DEDUCE && !cross_hatch(g)) {
                assert_string_equal(t.lines[t.next++], format->words[OJD_OUTCOME_CONFLICT]);
                continue;
            }
            for (int r = 0; r < 9; r++) {
                assert_true(t.next < t.count);
                const char *line = t.lines[t.next++];
                assert_int_equal(strlen(line), 9);
                for (int c = 0; c < 9; c++)
                    written[r * 9 + c] = line[c] == format->blank ? 0 : line[c] - '0';
            }
            if (format->task == OJD_TASK_TRANSFORM)
                assert_true(is_anti(g, written));
            else
                assert_memory_equal(written, g, sizeof g);
            continue;
        }
        if (format && format->task == OJD_TASK_COUNT) {
            /* every solution counted by the reference solver, up to the count task's cap */
            ojd_search all = {.limit = 1000001};
            ojd_result counted;
            ojd_status cs = ojd_engine_solve(reference, &pz.board, &all, &counted);
            unsigned long count = cs == OJD_CONFLICT ? 0 : counted.solutions;
            assert_true(count <= 1000000);
            char want[128];
            expect_header(&t, format, cases, &pz);
            if (format->tally) {
                expand(want, sizeof want, format->tally, cases, "", count, "");
                assert_true(t.next < t.count);
                assert_string_equal(t.lines[t.next++], want);
            }
            if (count != 1) {
                const char *w = word_for(format, count == 0 && cs == OJD_CONFLICT
                                                     ? OJD_OUTCOME_CONFLICT
                                                 : count == 0 ? OJD_OUTCOME_UNSOLVABLE
                                                              : OJD_OUTCOME_MULTIPLE);
                if (w) {
                    expand(want, sizeof want, w, cases, "", count, "");
                    assert_true(t.next < t.count);
                    assert_string_equal(t.lines[t.next++], want);
                }
                continue;
            }
            int g[OJD_MAX_CELLS];
            next_grid(&t, n, g);
            assert_true(grid_ok(g, n, pz.board.box_rows));
            for (int i = 0; i < n * n; i++)
                assert_int_equal(g[i], counted.solution.cell[i]);
            continue;
        }
        if (format && format->task == OJD_TASK_ALL) {
            check_all_case(&t, format, cases, &pz, reference);
            continue;
        }
        expect_header(&t, format, cases, &pz);
        if (format && format->style == OJD_STYLE_SUM) {
            assert_int_equal(outcome, OJD_OUTCOME_SOLVED);
            euler_sum += (unsigned long long)(ref.solution.cell[0] * 100 +
                                              ref.solution.cell[1] * 10 + ref.solution.cell[2]);
            continue;
        }
        const char *word = word_for(format, outcome);
        if (outcome == OJD_OUTCOME_MULTIPLE && !(format && format->unique))
            word = NULL; /* any solution (or the smallest) is the answer */
        if (word || outcome == OJD_OUTCOME_UNSOLVABLE || outcome == OJD_OUTCOME_CONFLICT) {
            assert_non_null(word); /* a sample never holds a case without an answer */
            assert_true(t.next < t.count);
            assert_string_equal(t.lines[t.next++], word);
            continue;
        }
        int g[OJD_MAX_CELLS];
        next_grid(&t, n, g);
        int b = pz.board.box_rows;
        if (pz.board.units & OJD_UNITS_REGIONS) {
            /* rows, columns (t2: the grid transposed) and regions, each by this file's rule */
            int t2[OJD_MAX_CELLS];
            for (int r = 0; r < n; r++)
                for (int c = 0; c < n; c++)
                    t2[c * n + r] = g[r * n + c];
            assert_true(regions_ok(g, &pz.board));
            for (int r = 0; r < n; r++) {
                unsigned long long row = 0, col = 0;
                for (int c = 0; c < n; c++)
                    row |= 1ULL << g[r * n + c], col |= 1ULL << t2[r * n + c];
                assert_true(row == ((1ULL << n) - 1) << 1 && col == ((1ULL << n) - 1) << 1);
            }
        } else {
            assert_true(grid_ok(g, n, b));
        }
        if (pz.board.units & OJD_UNITS_KILLER)
            assert_true(cages_ok(g, &pz.board));
        ojd_result first;
        if (format && format->lexmin) /* bitmask's first solution is the smallest */
            assert_true(ojd_engine_solve(smallest, &pz.board, &search, &first) >= 0);
        for (int i = 0; i < n * n; i++) {
            if (pz.board.cell[i])
                assert_int_equal(g[i], pz.board.cell[i]);
            if (format && format->lexmin)
                assert_int_equal(g[i], first.solution.cell[i]);
        }
    }
    assert_int_equal(st, OJD_END);
    assert_true(cases > 0);
    if (format && format->style == OJD_STYLE_SUM) {
        char want[32];
        snprintf(want, sizeof want, "%llu", euler_sum);
        assert_true(t.next < t.count);
        assert_string_equal(t.lines[t.next++], want);
    }
    /* nothing left over but "count N" lines */
    while (t.next < t.count && strncmp(t.lines[t.next], "count ", 6) == 0)
        t.next++;
    assert_int_equal(t.next, t.count);
    ojd_engine_free(reference);
    ojd_engine_free(smallest);
    ojd_reader_free(reader);
    fclose(in);
    free(out);
}

static void test_every_sample_is_valid(void **state)
{
    (void)state;
    DIR *dir = opendir(SAMPLES);
    assert_non_null(dir);
    int checked = 0;
    struct dirent *e;
    while ((e = readdir(dir)) != NULL) {
        size_t n = strlen(e->d_name);
        if (n < 4 || strcmp(e->d_name + n - 3, ".in") != 0)
            continue;
        char name[256];
        snprintf(name, sizeof name, "%.*s", (int)(n - 3), e->d_name);
        print_message("checking samples/%s.out\n", name);
        check_sample(name);
        checked++;
    }
    closedir(dir);
    assert_true(checked >= 15); /* at least one per profile */
}

/* Every profile has a sample pair that uses it. */
static void test_every_profile_has_a_sample(void **state)
{
    (void)state;
    for (const ojd_profile *const *f = ojd_profile_list(); *f; f++) {
        char path[256];
        snprintf(path, sizeof path, SAMPLES "/%s.args", (*f)->name);
        FILE *af = fopen(path, "r");
        assert_non_null(af);
        fclose(af);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_sample_is_valid),
        cmocka_unit_test(test_every_profile_has_a_sample),
    };
    return cmocka_run_group_tests_name("samples", tests, NULL, NULL);
}
