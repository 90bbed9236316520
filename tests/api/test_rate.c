/*
 * test_rate.c -- the human-style grader: names, error statuses, step texts that replay to the
 * solution, and the grades and scores on graded datasets (fixtures/rate_*, see
 * fixtures/generate.PROVENANCE.md): Demczyk's levels in order of mean score, the forum's hardest
 * all extreme, the named hard puzzles, and Spearman rank correlation with Sudoku Explainer.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ojdoku.h"

/* ---- fixtures ------------------------------------------------------------------------------ */

/* One line: [LABEL TAB [COUNT TAB]] 81 chars. */
typedef struct entry {
    char label[32];
    double er;
    int count;   /* solution count from the source's meta, or -1 */
    ojd_board board;
} entry;

static void load_board(ojd_board *b, const char *text)
{
    assert_int_equal(strlen(text), 81);
    assert_int_equal(ojd_board_init_side(b, 9), OJD_OK);
    for (int i = 0; i < 81; i++)
        b->cell[i] = (uint8_t)(text[i] >= '1' && text[i] <= '9' ? text[i] - '0' : 0);
}

/* Reads up to max entries; fields is the number of TAB-separated fields before the grid. */
static int load(const char *path, int fields, entry *out, int max)
{
    FILE *in = fopen(path, "r");
    assert_non_null(in);
    char line[256];
    int n = 0;
    while (n < max && fgets(line, sizeof line, in)) {
        line[strcspn(line, "\r\n")] = '\0';
        char *p = line;
        entry *e = &out[n];
        e->label[0] = '\0';
        e->er = 0;
        e->count = -1;
        for (int f = 0; f < fields; f++) {
            char *tab = strchr(p, '\t');
            assert_non_null(tab);
            *tab = '\0';
            if (f == 0) {
                size_t len = strlen(p) < sizeof e->label ? strlen(p) : sizeof e->label - 1;
                memcpy(e->label, p, len);
                e->label[len] = '\0';
                e->er = atof(p);
            } else {
                e->count = atoi(p);
            }
            p = tab + 1;
        }
        load_board(&e->board, p);
        n++;
    }
    fclose(in);
    return n;
}

/* ---- names --------------------------------------------------------------------------------- */

static void test_names(void **state)
{
    (void)state;
    for (int g = 0; g < OJD_GRADE_COUNT_; g++) {
        ojd_grade found;
        assert_true(ojd_grade_find(ojd_grade_name((ojd_grade)g), &found));
        assert_int_equal(found, g);
    }
    ojd_grade dummy;
    assert_false(ojd_grade_find("impossible", &dummy));
    for (int t = 0; t < OJD_TECH_COUNT_; t++) {
        assert_true(strlen(ojd_technique_name((ojd_technique)t)) > 2);
        for (int u = 0; u < t; u++)
            assert_string_not_equal(ojd_technique_name((ojd_technique)t),
                                    ojd_technique_name((ojd_technique)u));
    }
    assert_int_equal(ojd_technique_grade(OJD_TECH_HIDDEN_SINGLE), OJD_GRADE_EASY);
    assert_int_equal(ojd_technique_grade(OJD_TECH_X_WING), OJD_GRADE_HARD);
    assert_int_equal(ojd_technique_grade(OJD_TECH_SWORDFISH), OJD_GRADE_EXPERT);
    assert_int_equal(ojd_technique_grade(OJD_TECH_GUESS), OJD_GRADE_EXTREME);
}

/* ---- statuses ------------------------------------------------------------------------------ */

static void test_statuses(void **state)
{
    (void)state;
    entry e[16];
    int n = load("fixtures/rate_lloyd_logic_solvable.tsv", 2, e, 16);
    assert_int_equal(n, 16);
    ojd_rating r = {.size = sizeof r};
    for (int i = 0; i < n; i++) {
        ojd_status st = ojd_rate(&e[i].board, &r, NULL, NULL);
        /* the source's own count (1 or "2 or more") decides the status */
        assert_int_equal(st, e[i].count == 1 ? OJD_OK : OJD_MULTIPLE);
    }
    ojd_board b;
    assert_int_equal(ojd_board_init_side(&b, 9), OJD_OK);
    assert_int_equal(ojd_rate(&b, &r, NULL, NULL), OJD_MULTIPLE);
    b.cell[0] = b.cell[1] = 1;
    assert_int_equal(ojd_rate(&b, &r, NULL, NULL), OJD_CONFLICT);
    /* a valid grid with no solution: row 1 holds 1..8, and column 9 already has a 9 */
    assert_int_equal(ojd_board_init_side(&b, 9), OJD_OK);
    for (int c = 0; c < 8; c++)
        b.cell[c] = (uint8_t)(c + 1);
    b.cell[9 * 4 + 8] = 9;
    assert_true(ojd_board_is_valid(&b));
    assert_int_equal(ojd_rate(&b, &r, NULL, NULL), OJD_UNSOLVABLE);
    b.side = 10;
    assert_int_equal(ojd_rate(&b, &r, NULL, NULL), OJD_ERR_INVALID);
}

/* A rating whose size is not the library's (a program built against another ojdoku.h) is
 * refused and left as it was; the right size is kept through a rating. */
static void test_rating_size(void **state)
{
    (void)state;
    ojd_puzzle p;
    ojd_error err;
    assert_int_equal(ojd_puzzle_parse("4.....8.5.3..........7......2.....6.....8.4......1......."
                                      "6.3.7.5..2.....1.4......", &p, &err), OJD_OK);
    static const size_t sizes[] = {0, sizeof(ojd_rating) - sizeof(unsigned long),
                                   sizeof(ojd_rating) + sizeof(unsigned long)};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        ojd_rating r = {.size = sizeof r};
        memset(&r, 0x5a, sizeof r);
        r.size = sizes[i];
        ojd_rating before = r;
        assert_int_equal(ojd_rate(&p.board, &r, NULL, NULL), OJD_ERR_VERSION);
        assert_memory_equal(&r, &before, sizeof r);
    }
    ojd_rating r = {.size = sizeof r};
    assert_int_equal(ojd_rate(&p.board, &r, NULL, NULL), OJD_OK);
    assert_int_equal(r.size, sizeof r);
    assert_true(r.steps > 0);
    assert_int_equal(ojd_rate(&p.board, &r, NULL, NULL), OJD_OK); /* the same struct again */
}

/* ---- steps --------------------------------------------------------------------------------- */

typedef struct replay {
    ojd_board board;     /* placements applied so far */
    ojd_board solution;  /* the true solution: no elimination may remove its value */
    int steps, placements;
    bool bad;            /* a step broke the format or contradicted the solution */
    const char *want;    /* NULL, or a text whose steps are counted in saw */
    int saw;
} replay;

/* Parses "rXcY=V" and "rXcY<>V" tokens up to " (", which must open "(why)". */
static void on_step(void *ctx, const char *text)
{
    replay *rp = ctx;
    rp->steps++;
    if (rp->want && strstr(text, rp->want))
        rp->saw++;
    const char *why = strstr(text, " (");
    if (!why || text[strlen(text) - 1] != ')') {
        rp->bad = true;
        return;
    }
    const char *p = text;
    while (p < why) {
        int r, c, v, used = 0;
        char op[3] = {0};
        if (sscanf(p, "r%dc%d%2[=<>]%d%n", &r, &c, op, &v, &used) != 4 || r < 1 || r > 9 ||
            c < 1 || c > 9 || v < 1 || v > 9) {
            rp->bad = true;
            return;
        }
        int i = (r - 1) * 9 + (c - 1);
        if (strcmp(op, "=") == 0) {
            if (rp->board.cell[i] || rp->solution.cell[i] != v)
                rp->bad = true;
            rp->board.cell[i] = (uint8_t)v;
            rp->placements++;
        } else if (strcmp(op, "<>") == 0) {
            if (rp->solution.cell[i] == v)
                rp->bad = true;
        } else {
            rp->bad = true;
        }
        p += used;
        while (*p == ' ' && p < why)
            p++;
    }
}

static void test_steps(void **state)
{
    (void)state;
    entry *e = malloc(60 * sizeof *e);
    assert_non_null(e);
    int n = load("fixtures/rate_quasi_uniform.tsv", 1, e, 60);
    ojd_engine *engine = ojd_engine_new(NULL);
    assert_non_null(engine);
    replay *rp = malloc(sizeof *rp);
    ojd_result *res = malloc(sizeof *res);
    assert_non_null(rp);
    assert_non_null(res);
    ojd_search search = {.limit = 2};
    for (int i = 0; i < n; i += 3) {
        assert_int_equal(ojd_engine_solve(engine, &e[i].board, &search, res), OJD_OK);
        memset(rp, 0, sizeof *rp);
        rp->board = e[i].board;
        rp->solution = res->solution;
        ojd_rating r = {.size = sizeof r};
        assert_int_equal(ojd_rate(&e[i].board, &r, on_step, rp), OJD_OK);
        assert_false(rp->bad);
        assert_int_equal((unsigned long)rp->steps, r.steps);
        assert_int_equal(rp->placements, 81 - ojd_board_givens(&e[i].board));
        assert_true(ojd_board_solves(&e[i].board, &rp->board));
        unsigned long total = 0;
        for (int t = 0; t < OJD_TECH_COUNT_; t++)
            total += r.counts[t];
        assert_int_equal(total, r.steps);
        assert_true(r.counts[r.hardest] > 0);
        assert_true(r.grade >= ojd_technique_grade(r.hardest));
        /* Sudoku Explainer's scale (1.2 .. ~12) plus at most 2.5 for being stuck early and 1
         * per doubling of the chain sweeps */
        assert_true(r.score >= 1.2 && r.score < 20.0);
    }
    free(res);
    free(rp);
    ojd_engine_free(engine);
    free(e);
}

/* ---- variants ------------------------------------------------------------------------------ */

/*
 * Rates board (its own unit set) with every step replayed against its unique solution (the
 * engine's, by the same units): no step places a value other than the solution's or removes the
 * solution's value, the steps place every empty cell, and rp->saw counts the steps whose text
 * holds want (may be NULL).
 */
static void rate_replayed(const ojd_board *board, const char *want, replay *rp, ojd_rating *r)
{
    ojd_engine *engine = ojd_engine_new(NULL);
    ojd_result *res = malloc(sizeof *res);
    assert_non_null(engine);
    assert_non_null(res);
    ojd_search search = {.limit = 2};
    assert_int_equal(ojd_engine_solve(engine, board, &search, res), OJD_OK);
    memset(rp, 0, sizeof *rp);
    rp->board = *board;
    rp->solution = res->solution;
    rp->want = want;
    *r = (ojd_rating){.size = sizeof *r};
    assert_int_equal(ojd_rate(board, r, on_step, rp), OJD_OK);
    assert_false(rp->bad);
    assert_int_equal((unsigned long)rp->steps, r->steps);
    assert_int_equal(rp->placements, 81 - ojd_board_givens(board));
    assert_true(ojd_board_solves(board, &rp->board));
    free(res);
    ojd_engine_free(engine);
}

/*
 * Puzzles whose one step beyond singles (or whose singles) go through an extra unit: the grader
 * finds the step there, names the unit, and grades the puzzle by it.  The puzzles are from
 * `ojdoku generate --variant x|windoku` (seeds 21 and 22); the grader that read rows, columns
 * and boxes only graded all four extreme (8.67 to 9.39), breaking the grid on the way.
 */
static void test_variant_extra_units(void **state)
{
    (void)state;
    static const struct {
        const char *puzzle;
        unsigned units;
        const char *want;    /* a step the extra unit makes */
        ojd_grade grade;
        ojd_technique hardest;
    } cases[] = {
        /* singles only, six of them hidden in a diagonal (a line: 1.5) */
        {".9......1.6.4.....3......9...48.......93.78.......29...8......5.....5.7.7......4.",
         OJD_UNITS_X, "(hidden single in diagonal ", OJD_GRADE_EASY, OJD_TECH_HIDDEN_SINGLE},
        /* singles and one pointing, from box 5 to the anti-diagonal */
        {".3....5...........9...167.....8...3..62...89..8...5.....638...1...........1....4.",
         OJD_UNITS_X, "(pointing: 9 in box 5 is locked in diagonal 2)", OJD_GRADE_MEDIUM,
         OJD_TECH_POINTING},
        /* singles only, three of them hidden in a window (compact, as a box: 1.2) */
        {"....8..52.....7....6..5......29..6...4.....3...9..65......2..4....5.....57..4....",
         OJD_UNITS_WINDOKU, "(hidden single in window ", OJD_GRADE_EASY,
         OJD_TECH_HIDDEN_SINGLE},
        /* singles and one pointing, from box 3 to window 2 (two compact units) */
        {"....8...4......2..32......1....561.....8.3.....879....8......63..1......6...3....",
         OJD_UNITS_WINDOKU, "(pointing: 8 in box 3 is locked in window 2)", OJD_GRADE_MEDIUM,
         OJD_TECH_POINTING},
    };
    replay *rp = malloc(sizeof *rp);
    assert_non_null(rp);
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        ojd_puzzle p;
        ojd_error err;
        assert_int_equal(ojd_puzzle_parse(cases[k].puzzle, &p, &err), OJD_OK);
        assert_int_equal(ojd_board_set_extras(&p.board, cases[k].units), OJD_OK);
        ojd_rating r;
        rate_replayed(&p.board, cases[k].want, rp, &r);
        assert_true(rp->saw > 0);
        assert_int_equal(r.grade, cases[k].grade);
        assert_int_equal(r.hardest, cases[k].hardest);
        assert_true(r.score < 4.0);
        /* the extra unit is needed: by rows, columns and boxes alone the puzzle is not unique */
        ojd_board classic = p.board;
        assert_int_equal(ojd_board_set_extras(&classic, 0), OJD_OK);
        assert_int_equal(ojd_rate(&classic, &r, NULL, NULL), OJD_MULTIPLE);
    }
    free(rp);
}

/*
 * Generated puzzles of every variant: every step of their ratings agrees with the unique
 * solution (replayed by rate_replayed()), whatever technique or unit made it.  A few of each
 * (some 0.6 s in all, half of it generating jigsaws), fewest givens and 24 givens in turn for
 * grades from easy to extreme.
 */
static void test_variant_sound(void **state)
{
    (void)state;
    static const struct {
        unsigned units;
        int count;
    } variants[] = {
        {OJD_UNITS_X, 20},
        {OJD_UNITS_WINDOKU, 20},
        {OJD_UNITS_X | OJD_UNITS_WINDOKU, 8},
        {OJD_UNITS_REGIONS, 2}, /* random region maps: some 0.1 s a jigsaw to generate */
        {OJD_UNITS_REGIONS | OJD_UNITS_X, 2},
    };
    ojd_generator *gen = ojd_generator_new();
    replay *rp = malloc(sizeof *rp);
    ojd_board *b = malloc(2 * sizeof *b);
    assert_non_null(gen);
    assert_non_null(rp);
    assert_non_null(b);
    for (size_t k = 0; k < sizeof variants / sizeof variants[0]; k++) {
        ojd_rng rng;
        ojd_rng_seed(&rng, 28 + k);
        ojd_generate_options o = {.side = 9, .grade = OJD_GRADE_ANY, .units = variants[k].units};
        int graded[OJD_GRADE_COUNT_] = {0};
        for (int n = 0; n < variants[k].count; n++) {
            o.clues = n % 2 ? 24 : 0; /* fewest givens (mostly extreme), or 24 (a mix) */
            assert_int_equal(ojd_generate(gen, &rng, &o, &b[0], &b[1], NULL), OJD_OK);
            assert_int_equal(ojd_board_units(&b[0]), variants[k].units);
            ojd_rating r;
            rate_replayed(&b[0], NULL, rp, &r);
            graded[r.grade]++;
        }
        print_message("units %u: easy %d, medium %d, hard %d, expert %d, extreme %d\n",
                      variants[k].units, graded[0], graded[1], graded[2], graded[3], graded[4]);
    }
    free(b);
    free(rp);
    ojd_generator_free(gen);
}

/* ---- datasets ------------------------------------------------------------------------------ */

static double mean_score(const char *path, ojd_grade *hardest_grade)
{
    entry *e = malloc(200 * sizeof *e);
    assert_non_null(e);
    int n = load(path, 0, e, 200);
    assert_int_equal(n, 200);
    double sum = 0;
    *hardest_grade = OJD_GRADE_EASY;
    for (int i = 0; i < n; i++) {
        ojd_rating r = {.size = sizeof r};
        assert_int_equal(ojd_rate(&e[i].board, &r, NULL, NULL), OJD_OK);
        sum += r.score;
        if (r.grade > *hardest_grade)
            *hardest_grade = r.grade;
    }
    free(e);
    return sum / n;
}

static void test_demczyk_levels(void **state)
{
    (void)state;
    static const char *const levels[] = {"kids", "easy", "medium", "expert"};
    double prev = 0;
    for (int k = 0; k < 4; k++) {
        char path[64];
        snprintf(path, sizeof path, "fixtures/rate_demczyk_%s.txt", levels[k]);
        ojd_grade top;
        double m = mean_score(path, &top);
        print_message("demczyk %-6s mean score %.4f, hardest grade %s\n", levels[k], m,
                      ojd_grade_name(top));
        assert_true(m > prev);
        prev = m;
        if (k == 0)
            assert_int_equal(top, OJD_GRADE_EASY); /* kids' puzzles need singles only */
    }
}

static void test_forum_hardest(void **state)
{
    (void)state;
    entry *e = malloc(20 * sizeof *e);
    assert_non_null(e);
    int n = load("fixtures/rate_forum_hardest.txt", 0, e, 20);
    assert_int_equal(n, 20);
    for (int i = 0; i < n; i++) {
        ojd_rating r = {.size = sizeof r};
        assert_int_equal(ojd_rate(&e[i].board, &r, NULL, NULL), OJD_OK);
        assert_int_equal(r.grade, OJD_GRADE_EXTREME);
        assert_true(r.score >= 8.5);
    }
    free(e);
}

static void test_named(void **state)
{
    (void)state;
    /* Published Sudoku Explainer ratings of these are all 10 or more. */
    static const char *const famous[] = {"aiescargot", "goldennugget", "platinumblond",
                                         "reddwarf", "coly013", "tarx0134", NULL};
    entry e[16];
    int n = load("fixtures/rate_lloyd_logic_solvable.tsv", 2, e, 16);
    int seen = 0;
    for (int i = 0; i < n; i++)
        for (const char *const *f = famous; *f; f++)
            if (strcmp(e[i].label, *f) == 0) {
                ojd_rating r = {.size = sizeof r};
                assert_int_equal(ojd_rate(&e[i].board, &r, NULL, NULL), OJD_OK);
                assert_int_equal(r.grade, OJD_GRADE_EXTREME);
                seen++;
            }
    assert_int_equal(seen, 6);
}

/* Ranks with ties averaged. */
static void ranks(const double *x, double *rank, int n)
{
    for (int i = 0; i < n; i++) {
        int less = 0, equal = 0;
        for (int j = 0; j < n; j++) {
            less += x[j] < x[i];
            equal += x[j] == x[i];
        }
        rank[i] = less + (equal - 1) / 2.0;
    }
}

/* Spearman's rho between a fixture's labels and ojd_rate's scores. */
static double spearman_of(const char *path, int *count)
{
    enum { MAX = 400 };
    entry *e = malloc(MAX * sizeof *e);
    double *label = malloc(4 * MAX * sizeof *label);
    assert_non_null(e);
    assert_non_null(label);
    double *score = label + MAX, *ra = label + 2 * MAX, *rb = label + 3 * MAX;
    int n = load(path, 1, e, MAX);
    assert_true(n > 200);
    for (int i = 0; i < n; i++) {
        ojd_rating r = {.size = sizeof r};
        assert_int_equal(ojd_rate(&e[i].board, &r, NULL, NULL), OJD_OK);
        label[i] = e[i].er;
        score[i] = r.score;
    }
    ranks(label, ra, n);
    ranks(score, rb, n);
    double ma = 0, mb = 0, cov = 0, va = 0, vb = 0;
    for (int i = 0; i < n; i++)
        ma += ra[i] / n, mb += rb[i] / n;
    for (int i = 0; i < n; i++) {
        cov += (ra[i] - ma) * (rb[i] - mb);
        va += (ra[i] - ma) * (ra[i] - ma);
        vb += (rb[i] - mb) * (rb[i] - mb);
    }
    free(label);
    free(e);
    *count = n;
    return cov / sqrt(va * vb);
}

static void test_spearman(void **state)
{
    (void)state;
    int n;
    double rho = spearman_of("fixtures/rate_quasi_uniform.tsv", &n);
    print_message("Spearman rank correlation with Sudoku Explainer ER over %d puzzles: %.4f\n",
                  n, rho);
    assert_true(rho > 0.9);
}

/*
 * The 3M set's difficulty (the average depth of a search tree) on puzzles kept out of the
 * calibration (held-out lines of tests/bench/data/rate/radcliffe_3m_curated_5000.tsv): the
 * score adds the depth of the grader's own search probe, so it holds there too (0.67 when the
 * score was the hardest step alone, 0.79 with the fitted model but the probe's weight set to 0).
 */
static void test_spearman_search_depth(void **state)
{
    (void)state;
    int n;
    double rho = spearman_of("fixtures/rate_radcliffe_3m.tsv", &n);
    print_message("Spearman rank correlation with the 3M set's difficulty over %d puzzles: %.4f\n",
                  n, rho);
    assert_true(rho > 0.85);
}

/*
 * The search probe's seeds are fixed: a puzzle scores the same every time, whatever was graded
 * before it.  The forum's hardest need guesses, so the probe's random orders are all used.
 */
static void test_score_repeats(void **state)
{
    (void)state;
    entry *e = malloc(20 * sizeof *e);
    assert_non_null(e);
    int n = load("fixtures/rate_forum_hardest.txt", 0, e, 20);
    assert_int_equal(n, 20);
    double first[20];
    for (int i = 0; i < n; i++) {
        ojd_rating r = {.size = sizeof r};
        assert_int_equal(ojd_rate(&e[i].board, &r, NULL, NULL), OJD_OK);
        first[i] = r.score;
    }
    for (int i = n - 1; i >= 0; i--) {
        ojd_rating r = {.size = sizeof r};
        assert_int_equal(ojd_rate(&e[i].board, &r, NULL, NULL), OJD_OK);
        assert_true(r.score == first[i]);
    }
    free(e);
}

/* ---- budgets (ojd_rate_within) --------------------------------------------------------------- */

/* The steps of one grading, kept to compare a cut-short grading's with a whole one's. */
typedef struct step_log {
    int count;
    char text[256][4096]; /* the grader's longest text fits (its buffer is 4096 bytes) */
    bool overflow;
} step_log;

static void log_step(void *ctx, const char *text)
{
    step_log *log = ctx;
    if (log->count == 256 || strlen(text) >= sizeof log->text[0]) {
        log->overflow = true;
        return;
    }
    strcpy(log->text[log->count++], text);
}

/* Without a budget, ojd_rate_within() is ojd_rate(), whatever else the search asks (its limit,
 * lexmin and method are not the grader's), and says how many nodes the grading took. */
static void test_within_unbounded(void **state)
{
    (void)state;
    entry e[4];
    int n = load("fixtures/rate_forum_hardest.txt", 0, e, 4);
    assert_int_equal(n, 4);
    const ojd_search searches[] = {{0}, {.limit = 7, .lexmin = true, .method = OJD_METHOD_GIVENS}};
    for (int i = 0; i < n; i++) {
        ojd_rating want = {.size = sizeof want};
        assert_int_equal(ojd_rate(&e[i].board, &want, NULL, NULL), OJD_OK);
        unsigned long long first = 0;
        for (int k = -1; k < 2; k++) {
            ojd_rating r = {.size = sizeof r};
            unsigned long long nodes = 0;
            assert_int_equal(ojd_rate_within(&e[i].board, k < 0 ? NULL : &searches[k], &r, NULL,
                                             NULL, &nodes), OJD_OK);
            assert_memory_equal(&r, &want, sizeof r);
            assert_true(nodes > 0);
            if (k < 0)
                first = nodes;
            assert_true(nodes == first); /* the count is the work, the same every time */
        }
    }
}

/*
 * --max-nodes: a grading that needs N nodes is given up (OJD_LIMIT, no rating, more than the
 * budget spent) under any budget below N and is whole at N.  The puzzle needs every part of the
 * grader (the uniqueness check, the search probe, passes of the techniques, a forcing chain
 * found by a sweep of assumptions), so the budgets below N stop each of them; the deductions
 * passed to step before the budget ran out are the first ones of the whole grading.
 */
static void test_within_nodes(void **state)
{
    (void)state;
    ojd_puzzle p;
    ojd_error err;
    assert_int_equal(ojd_puzzle_parse("..1.3..45..7.2.........5.3.....1......28.75.....56.9.2.9......"
                                      ".6..9..3....3.7.6..", &p, &err), OJD_OK);
    step_log *whole = malloc(sizeof *whole), *cut = malloc(sizeof *cut);
    assert_non_null(whole);
    assert_non_null(cut);
    memset(whole, 0, sizeof *whole);
    ojd_rating want = {.size = sizeof want}, none = {.size = sizeof none};
    unsigned long long need = 0;
    assert_int_equal(ojd_rate_within(&p.board, NULL, &want, log_step, whole, &need), OJD_OK);
    assert_false(whole->overflow);
    assert_true(want.counts[OJD_TECH_CONTRADICTION] > 0);
    assert_true(need > 1000);
    for (unsigned long long max = 1; max <= need; max += max < need - 1 && max + 7 < need ? 7 : 1) {
        ojd_search search = {.max_nodes = max};
        ojd_rating r = {.size = sizeof r};
        unsigned long long nodes = 0;
        memset(cut, 0, sizeof *cut);
        ojd_status st = ojd_rate_within(&p.board, &search, &r, log_step, cut, &nodes);
        if (max == need) {
            assert_int_equal(st, OJD_OK);
            assert_memory_equal(&r, &want, sizeof r);
            assert_true(nodes == need);
            assert_int_equal(cut->count, whole->count);
            continue;
        }
        assert_int_equal(st, OJD_LIMIT);
        assert_memory_equal(&r, &none, sizeof r);
        assert_true(nodes > max);
        assert_true(cut->count < whole->count);
        for (int k = 0; k < cut->count; k++)
            assert_string_equal(cut->text[k], whole->text[k]);
    }
    free(whole);
    free(cut);
}

/*
 * --timeout: the deadline covers the whole grading.  A 49x49 puzzle (some 15 s to grade in full,
 * nearly all of it in the forcing chains' sweeps) is given up within a fraction of a second of a
 * 0.1 s budget; any budget is spent by the time a 9x9 grading's first node looks at the clock; a
 * budget of a lifetime changes nothing.
 */
static void test_within_timeout(void **state)
{
    (void)state;
    FILE *in = fopen("fixtures/rate_budget_49x49.txt", "r");
    assert_non_null(in);
    ojd_reader *reader = ojd_reader_new(in, "rate_budget_49x49.txt", NULL);
    assert_non_null(reader);
    ojd_puzzle *big = malloc(sizeof *big);
    assert_non_null(big);
    ojd_error err;
    assert_int_equal(ojd_reader_next(reader, big, &err), OJD_OK);
    assert_int_equal(big->board.side, 49);
    ojd_reader_free(reader);
    fclose(in);
    ojd_search search = {.max_seconds = 0.1};
    ojd_rating r = {.size = sizeof r}, none = {.size = sizeof none};
    unsigned long long nodes = 0;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    assert_int_equal(ojd_rate_within(&big->board, &search, &r, NULL, NULL, &nodes), OJD_LIMIT);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double took = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
    print_message("49x49 under --timeout 0.1: given up after %.3f s, %llu nodes\n", took, nodes);
    assert_true(took < 3.0); /* room for a loaded machine: the whole grading takes 15 s */
    assert_true(nodes > 0);
    assert_memory_equal(&r, &none, sizeof r);
    free(big);

    entry e[1];
    assert_int_equal(load("fixtures/rate_forum_hardest.txt", 0, e, 1), 1);
    ojd_rating want = {.size = sizeof want};
    assert_int_equal(ojd_rate(&e[0].board, &want, NULL, NULL), OJD_OK);
    search.max_seconds = 1e-9;
    assert_int_equal(ojd_rate_within(&e[0].board, &search, &r, NULL, NULL, NULL), OJD_LIMIT);
    assert_memory_equal(&r, &none, sizeof r);
    search.max_seconds = 1e9;
    assert_int_equal(ojd_rate_within(&e[0].board, &search, &r, NULL, NULL, NULL), OJD_OK);
    assert_memory_equal(&r, &want, sizeof r);
}

/* What is decided before any search spends no node; NULL for nodes is allowed. */
static void test_within_errors(void **state)
{
    (void)state;
    ojd_search search = {.max_nodes = 10};
    ojd_rating r = {.size = sizeof r};
    ojd_board b;
    unsigned long long nodes = 99;
    assert_int_equal(ojd_board_init_side(&b, 9), OJD_OK);
    b.cell[0] = b.cell[1] = 1;
    assert_int_equal(ojd_rate_within(&b, &search, &r, NULL, NULL, &nodes), OJD_CONFLICT);
    assert_true(nodes == 0);
    nodes = 99;
    assert_int_equal(ojd_rate_within(NULL, &search, &r, NULL, NULL, &nodes), OJD_ERR_INVALID);
    assert_true(nodes == 0);
    r.size = 1;
    assert_int_equal(ojd_rate_within(&b, &search, &r, NULL, NULL, NULL), OJD_ERR_VERSION);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_names),
        cmocka_unit_test(test_statuses),
        cmocka_unit_test(test_rating_size),
        cmocka_unit_test(test_steps),
        cmocka_unit_test(test_variant_extra_units),
        cmocka_unit_test(test_variant_sound),
        cmocka_unit_test(test_demczyk_levels),
        cmocka_unit_test(test_forum_hardest),
        cmocka_unit_test(test_named),
        cmocka_unit_test(test_spearman),
        cmocka_unit_test(test_spearman_search_depth),
        cmocka_unit_test(test_score_repeats),
        cmocka_unit_test(test_within_unbounded),
        cmocka_unit_test(test_within_nodes),
        cmocka_unit_test(test_within_timeout),
        cmocka_unit_test(test_within_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
