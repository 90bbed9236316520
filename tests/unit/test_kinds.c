/*
 * test_kinds.c -- test data for every verdict (ojd_generate_kind) and the edge cases
 * (ojd_generate_edge): each case is checked for its kind independently of how it was made.
 * Solutions are counted with a registered solver other than the generator's ("auto", and the
 * singles core); "not refuted by singles" is checked both with the library's singles core and
 * with a propagation written here from the rules.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ojdoku.h"
#include "../common/unit_names.h"
#include "io/format.h"
#include "gen/gen.h"
#include "solve/solve.h"

typedef struct fixture {
    ojd_engine *count;     /* dlx: counts solutions */
    ojd_generator *gen;
} fixture;

static int setup(void **state)
{
    fixture *f = calloc(1, sizeof *f);
    if (!f)
        return -1;
    f->count = ojd_engine_new(ojd_solver_find("dlx"));
    f->gen = ojd_generator_new();
    *state = f;
    return f->count && f->gen ? 0 : -1;
}

static int teardown(void **state)
{
    fixture *f = *state;
    ojd_engine_free(f->count);
    ojd_generator_free(f->gen);
    free(f);
    return 0;
}

/* Solutions of b counted by dlx up to limit (exact below it). */
static unsigned long count_solutions(fixture *f, const ojd_board *b, unsigned long limit)
{
    static ojd_result res;
    ojd_search search = {.limit = limit};
    ojd_status st = ojd_engine_solve(f->count, b, &search, &res);
    assert_true(st == OJD_OK || st == OJD_MULTIPLE || st == OJD_UNSOLVABLE || st == OJD_CONFLICT);
    return res.solutions;
}

static int givens(const ojd_board *b)
{
    int n = 0;
    for (int i = 0; i < b->side * b->side; i++)
        n += b->cell[i] != 0;
    return n;
}

/* Cells where the puzzle has a given that the solution does not: the "added" givens. */
static int cells_off_solution(const ojd_board *p, const ojd_board *s, int *where)
{
    int n = 0;
    for (int i = 0; i < p->side * p->side; i++)
        if (p->cell[i] && p->cell[i] != s->cell[i]) {
            n++;
            *where = i;
        }
    return n;
}

/* ---- an independent singles propagation -------------------------------------------------- */

/* Does unit u (0..3*side-1: rows, columns, boxes) contain cell i? */
static int cell_of_unit(const ojd_board *b, int u, int k)
{
    int n = b->side;
    if (u < n)
        return u * n + k;
    if (u < 2 * n)
        return k * n + (u - n);
    int box = u - 2 * n, across = n / b->box_cols; /* boxes per band */
    int r0 = (box / across) * b->box_rows, c0 = (box % across) * b->box_cols;
    return (r0 + k / b->box_cols) * n + c0 + k % b->box_cols;
}

/*
 * Naked and hidden singles from the givens of b to their fixpoint.  false when that meets a
 * contradiction: an empty cell without a candidate, a value with no place left in a unit that
 * lacks it, or a value placed twice in a unit.  Written from the rules alone, cell by cell.
 */
static bool singles_survive(const ojd_board *b)
{
    int n = b->side, cells = n * n;
    static uint64_t cand[OJD_MAX_CELLS];
    static uint8_t val[OJD_MAX_CELLS];
    uint64_t all = n >= 64 ? ~0ULL : (1ULL << n) - 1;
    for (int i = 0; i < cells; i++) {
        val[i] = b->cell[i];
        cand[i] = val[i] ? 1ULL << (val[i] - 1) : all;
    }
    bool changed = true;
    while (changed) {
        changed = false;
        /* candidates: no value a peer holds */
        for (int u = 0; u < 3 * n; u++) {
            uint64_t held = 0;
            for (int k = 0; k < n; k++) {
                int v = val[cell_of_unit(b, u, k)];
                if (v) {
                    if (held & (1ULL << (v - 1)))
                        return false;
                    held |= 1ULL << (v - 1);
                }
            }
            for (int k = 0; k < n; k++) {
                int i = cell_of_unit(b, u, k);
                if (!val[i] && (cand[i] & held)) {
                    cand[i] &= ~held;
                    changed = true;
                }
            }
        }
        for (int i = 0; i < cells; i++) {
            if (val[i])
                continue;
            if (cand[i] == 0)
                return false;
            if ((cand[i] & (cand[i] - 1)) == 0) { /* naked single */
                val[i] = (uint8_t)(__builtin_ctzll(cand[i]) + 1);
                changed = true;
            }
        }
        for (int u = 0; u < 3 * n && !changed; u++) {
            for (int v = 1; v <= n; v++) {
                int places = 0, at = -1;
                bool placed = false;
                for (int k = 0; k < n; k++) {
                    int i = cell_of_unit(b, u, k);
                    if (val[i] == v)
                        placed = true;
                    else if (!val[i] && (cand[i] & (1ULL << (v - 1)))) {
                        places++;
                        at = i;
                    }
                }
                if (placed)
                    continue;
                if (places == 0)
                    return false;
                if (places == 1) { /* hidden single */
                    val[at] = (uint8_t)v;
                    cand[at] = 1ULL << (v - 1);
                    changed = true;
                }
            }
        }
    }
    return true;
}

/* The library's singles core on b: false when its settled load meets a contradiction. */
static bool core_survives(const ojd_board *b)
{
    ojd_geo *geo = ojd_geo_new(b->box_rows, b->box_cols);
    ojd_singles *core = geo ? ojd_singles_new(geo) : NULL;
    assert_non_null(core);
    bool ok = ojd_singles_load(core, b->cell, true);
    ojd_singles_free(core);
    free(geo);
    return ok;
}

/* Repeated (unit, value) pairs of b: every unit, every value seen more than once, counted. */
static int repeats(const ojd_board *b, int *unit_type)
{
    int n = b->side, found = 0;
    for (int u = 0; u < 3 * n; u++) {
        int seen[OJD_MAX_SIDE + 1] = {0};
        for (int k = 0; k < n; k++)
            seen[b->cell[cell_of_unit(b, u, k)]]++;
        for (int v = 1; v <= n; v++)
            if (seen[v] > 1) {
                found += seen[v] - 1;
                *unit_type = u / n;
            }
    }
    return found;
}

/* ---- names and profiles ------------------------------------------------------------------ */

static void test_names(void **state)
{
    (void)state;
    static const char *const names[] = {"unique", "multiple", "unsolvable", "conflict"};
    for (int k = 0; k < OJD_OUTCOME_COUNT_; k++) {
        ojd_outcome o = OJD_OUTCOME_COUNT_;
        assert_string_equal(ojd_kind_name((ojd_outcome)k), names[k]);
        assert_true(ojd_kind_find(names[k], &o));
        assert_int_equal(o, k);
    }
    ojd_outcome o = OJD_OUTCOME_CONFLICT;
    assert_false(ojd_kind_find("solved", &o));
    assert_false(ojd_kind_find(NULL, &o));
    assert_int_equal(o, OJD_OUTCOME_CONFLICT);
    assert_string_equal(ojd_kind_name(OJD_OUTCOME_COUNT_), "?");
    assert_string_equal(ojd_kind_name((ojd_outcome)-1), "?");
    char list[64];
    assert_string_equal(ojd_kind_list(OJD_KIND_BIT(OJD_OUTCOME_SOLVED) |
                                      OJD_KIND_BIT(OJD_OUTCOME_CONFLICT), list, sizeof list),
                        "unique, conflict");
    assert_string_equal(ojd_kind_list(0, list, sizeof list), "");
    assert_string_equal(ojd_kind_list(~0u, list, 12), "unique, mul"); /* truncated, ended */
    static const char *const edges[] = {"empty", "full", "17-clue", "hardest"};
    for (int e = 0; e < OJD_EDGE_COUNT_; e++)
        assert_string_equal(ojd_edge_name((ojd_edge)e), edges[e]);
    assert_string_equal(ojd_edge_name(OJD_EDGE_COUNT_), "?");
    assert_int_equal(ojd_edge_kind(OJD_EDGE_EMPTY), OJD_OUTCOME_MULTIPLE);
    assert_int_equal(ojd_edge_kind(OJD_EDGE_HARDEST), OJD_OUTCOME_SOLVED);
}

/* Every kind a profile's input may hold has an answer in the profile: words, or a grid where
 * any solution is accepted (multiple without a uniqueness check); unique cases are everywhere. */
static void test_profile_kinds(void **state)
{
    (void)state;
    assert_int_equal(ojd_profile_kinds(NULL), OJD_KINDS_ALL);
    for (const ojd_profile *const *f = ojd_profile_list(); *f; f++) {
        unsigned kinds = ojd_profile_kinds(*f);
        /* json says every status; a count task answers every outcome by its count; a validity
         * task answers a board with several or no solutions as valid (it does not search) */
        ojd_task task = ojd_profile_task(*f);
        bool json = (*f)->style == OJD_STYLE_JSON || task == OJD_TASK_COUNT;
        /* a method that does not search (validity, deduction) answers a puzzle with several
         * or no solutions as it answers any other whose givens do not repeat */
        bool valid_word = (((*f)->method == OJD_METHOD_GIVENS ||
                            (*f)->method == OJD_METHOD_COMPLETE) &&
                           (*f)->words[OJD_OUTCOME_SOLVED]) ||
                          (*f)->method == OJD_METHOD_CROSS_HATCHING;
        assert_true(kinds & OJD_KIND_BIT(OJD_OUTCOME_SOLVED));
        assert_int_equal(kinds & ~OJD_KINDS_ALL, 0);
        if (kinds & OJD_KIND_BIT(OJD_OUTCOME_MULTIPLE))
            assert_true(json || valid_word || (*f)->words[OJD_OUTCOME_MULTIPLE] ||
                        !(*f)->unique);
        for (int o = OJD_OUTCOME_UNSOLVABLE; o <= OJD_OUTCOME_CONFLICT; o++)
            if (kinds & OJD_KIND_BIT(o))
                assert_true(json || (*f)->words[o] ||
                            (valid_word && o == OJD_OUTCOME_UNSOLVABLE));
    }
    /* the statements' promises (docs/formats.md) */
    assert_int_equal(ojd_profile_kinds(ojd_profile_find("hdu1426")),
                     OJD_KIND_BIT(OJD_OUTCOME_SOLVED));
    assert_int_equal(ojd_profile_kinds(ojd_profile_find("kattis")), OJD_KINDS_ALL);
    assert_int_equal(ojd_profile_find("kattis")->max_cases, 100);
    assert_int_equal(ojd_profile_find("spoj")->max_cases, 10);
    assert_int_equal(ojd_profile_find("hdu2780")->blanks, 5);
    const ojd_profile *hdu3111 = ojd_profile_find("hdu3111");
    assert_false(ojd_profile_kinds(hdu3111) & OJD_KIND_BIT(OJD_OUTCOME_MULTIPLE));
    assert_int_equal(ojd_profile_find("uva989")->max_side, 9);
}

/* ---- kinds ------------------------------------------------------------------------------- */

static void test_unique_is_generate(void **state)
{
    fixture *f = *state;
    ojd_rng a, b;
    ojd_board p1, p2, s1, s2;
    ojd_generate_options o = {.side = 9};
    ojd_kind_options k = {.kind = OJD_OUTCOME_SOLVED};
    ojd_rng_seed(&a, 5);
    ojd_rng_seed(&b, 5);
    assert_int_equal(ojd_generate_kind(f->gen, &a, &o, &k, &p1, &s1, NULL), OJD_OK);
    assert_int_equal(ojd_generate(f->gen, &b, &o, &p2, &s2, NULL), OJD_OK);
    assert_memory_equal(p1.cell, p2.cell, 81);
    assert_memory_equal(s1.cell, s2.cell, 81);
    assert_int_equal(count_solutions(f, &p1, 2), 1);
}

/* One multiple case of side `side` with `want` solutions (0: two or more), checked. */
static void check_multiple(fixture *f, int side, unsigned long want, uint64_t seed)
{
    ojd_rng rng;
    ojd_rng_seed(&rng, seed);
    ojd_generate_options o = {.side = side};
    ojd_kind_options k = {.kind = OJD_OUTCOME_MULTIPLE, .solutions = want};
    ojd_board p, s;
    ojd_generate_info info;
    assert_int_equal(ojd_generate_kind(f->gen, &rng, &o, &k, &p, &s, &info), OJD_OK);
    assert_true(ojd_board_is_valid(&p));
    assert_true(ojd_board_solves(&p, &s));
    assert_int_equal(info.clues, givens(&p));
    unsigned long n = count_solutions(f, &p, want ? want + 1 : 2);
    if (want)
        assert_int_equal(n, want);
    else
        assert_int_equal(n, 2);
}

static void test_multiple_exact(void **state)
{
    static const unsigned long wants[] = {0, 2, 3, 10, 50};
    for (size_t w = 0; w < sizeof wants / sizeof *wants; w++)
        for (uint64_t seed = 1; seed <= 3; seed++)
            check_multiple(*state, 9, wants[w], seed * 31 + w);
}

static void test_multiple_other_sides(void **state)
{
    check_multiple(*state, 4, 0, 1);
    check_multiple(*state, 4, 2, 2);
    check_multiple(*state, 16, 0, 3);
    check_multiple(*state, 16, 2, 4);
}

/* One unsolvable case at a grade, checked; true if singles refute it. */
static void check_unsolvable(fixture *f, ojd_grade grade, uint64_t seed)
{
    ojd_rng rng;
    ojd_rng_seed(&rng, seed);
    ojd_generate_options o = {.side = 9, .grade = grade};
    ojd_kind_options k = {.kind = OJD_OUTCOME_UNSOLVABLE};
    ojd_board p, s;
    ojd_status st = ojd_generate_kind(f->gen, &rng, &o, &k, &p, &s, NULL);
    assert_true(st == OJD_OK || (grade == OJD_GRADE_EXTREME && st == OJD_LIMIT));
    assert_true(ojd_board_is_valid(&p));              /* no value repeats */
    assert_false(ojd_board_find_conflict(&p, NULL));
    assert_int_equal(count_solutions(f, &p, 1), 0);   /* and no solution */
    int at = -1;
    assert_int_equal(cells_off_solution(&p, &s, &at), 1); /* one given added to a unique puzzle */
    assert_true(ojd_board_is_solved(&s));
    ojd_board base = p;
    base.cell[at] = 0;
    assert_int_equal(count_solutions(f, &base, 2), 1);
    if (grade >= OJD_GRADE_HARD) { /* singles alone do not see it */
        assert_true(singles_survive(&p));
        assert_true(core_survives(&p));
    }
}

static void test_unsolvable(void **state)
{
    for (uint64_t seed = 1; seed <= 4; seed++) {
        check_unsolvable(*state, OJD_GRADE_ANY, seed);
        check_unsolvable(*state, OJD_GRADE_EASY, seed);
        check_unsolvable(*state, OJD_GRADE_HARD, seed);
        check_unsolvable(*state, OJD_GRADE_EXPERT, seed);
    }
    check_unsolvable(*state, OJD_GRADE_EXTREME, 7);
}

/* The independent propagation is not vacuous: it refutes a wrong given singles do see, agrees
 * with the core on it, and keeps a puzzle that singles solve. */
static void test_singles_checker(void **state)
{
    (void)state;
    ojd_puzzle pz;
    ojd_error err;
    /* the sample of POJ 2676 (easy: singles solve it) */
    const char *easy = "103000509002109400000704000300502006060000050700803004000401000009205800"
                       "804000107";
    assert_int_equal(ojd_puzzle_parse(easy, &pz, &err), OJD_OK);
    assert_true(singles_survive(&pz.board));
    assert_true(core_survives(&pz.board));
    /* its solution starts 143628579: a 7 in r1c2 repeats nothing (row 1 holds 1 3 5 9, column 2
     * holds 6, box 1 holds 1 3 2) and singles, which solve the puzzle, must meet the 4 there */
    pz.board.cell[1] = 7;
    assert_true(ojd_board_is_valid(&pz.board));
    assert_false(singles_survive(&pz.board));
    assert_false(core_survives(&pz.board));
}

static void test_conflict(void **state)
{
    fixture *f = *state;
    static const char *const units[] = {"row", "column", "box"};
    for (int t = 0; t < 3; t++)
        for (uint64_t seed = 1; seed <= 5; seed++) {
            ojd_rng rng;
            ojd_rng_seed(&rng, seed * 7 + (uint64_t)t);
            ojd_generate_options o = {.side = seed == 5 ? 16 : 9};
            ojd_kind_options k = {.kind = OJD_OUTCOME_CONFLICT, .unit = units[t]};
            ojd_board p, s;
            assert_int_equal(ojd_generate_kind(f->gen, &rng, &o, &k, &p, &s, NULL), OJD_OK);
            ojd_conflict c;
            assert_true(ojd_board_find_conflict(&p, &c));
            assert_string_equal(c.unit, units[t]);
            int type = -1;
            assert_int_equal(repeats(&p, &type), 1); /* one value, once, in one unit */
            assert_int_equal(type, t);
            int at = -1;
            assert_int_equal(cells_off_solution(&p, &s, &at), 1);
            assert_true(at == c.cell_a || at == c.cell_b);
            assert_int_equal(count_solutions(f, &p, 1), 0);
        }
    /* no unit asked: all three come up */
    bool seen[3] = {false, false, false};
    ojd_rng rng;
    ojd_rng_seed(&rng, 99);
    for (int i = 0; i < 30; i++) {
        ojd_kind_options k = {.kind = OJD_OUTCOME_CONFLICT};
        ojd_board p;
        ojd_conflict c;
        assert_int_equal(ojd_generate_kind(f->gen, &rng, NULL, &k, &p, NULL, NULL), OJD_OK);
        assert_true(ojd_board_find_conflict(&p, &c));
        for (int t = 0; t < 3; t++)
            seen[t] |= strcmp(c.unit, units[t]) == 0;
    }
    assert_true(seen[0] && seen[1] && seen[2]);
}

/* HDU 2780's five blanks: the added given of unsolvable and conflict counts in the target.
 * A wrong given no unit holds fits about one puzzle of six blanks in 14: 200 cases of each kind,
 * where 50 puzzles per case left about one unsolvable case in 40 with none (OJD_ERR_INVALID,
 * `generate --format hdu2780 --kinds unsolvable` said "invalid argument"). */
static void test_clue_target(void **state)
{
    fixture *f = *state;
    for (int kind = OJD_OUTCOME_UNSOLVABLE; kind <= OJD_OUTCOME_CONFLICT; kind++) {
        ojd_rng rng;
        ojd_rng_seed(&rng, 2780);
        for (int i = 0; i < 200; i++) {
            ojd_generate_options o = {.side = 9, .clues = 76};
            ojd_kind_options k = {.kind = (ojd_outcome)kind};
            ojd_board p;
            ojd_generate_info info;
            assert_int_equal(ojd_generate_kind(f->gen, &rng, &o, &k, &p, NULL, &info), OJD_OK);
            assert_int_equal(givens(&p), 76);
            assert_int_equal(info.clues, 76);
            assert_int_equal(count_solutions(f, &p, 1), 0);
        }
    }
}

static void test_determinism(void **state)
{
    fixture *f = *state;
    for (int kind = 0; kind < OJD_OUTCOME_COUNT_; kind++) {
        ojd_board p[3];
        for (int run = 0; run < 3; run++) {
            ojd_rng rng;
            ojd_rng_seed(&rng, run < 2 ? 11 : 12);
            ojd_kind_options k = {.kind = (ojd_outcome)kind, .solutions = kind == 1 ? 4 : 0};
            ojd_status st = ojd_generate_kind(f->gen, &rng, NULL, &k, &p[run], NULL, NULL);
            assert_int_equal(st, OJD_OK);
        }
        assert_memory_equal(p[0].cell, p[1].cell, 81);
        assert_memory_not_equal(p[0].cell, p[2].cell, 81);
    }
}

static void test_bad_options(void **state)
{
    fixture *f = *state;
    ojd_rng rng;
    ojd_rng_seed(&rng, 1);
    ojd_board p;
    ojd_kind_options bad[] = {
        {.kind = OJD_OUTCOME_COUNT_},
        {.kind = (ojd_outcome)-1},
        {.kind = OJD_OUTCOME_MULTIPLE, .solutions = 1},
        {.kind = OJD_OUTCOME_MULTIPLE, .solutions = OJD_KIND_MAX_SOLUTIONS + 1},
        {.kind = OJD_OUTCOME_CONFLICT, .unit = "diagonal"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        assert_int_equal(ojd_generate_kind(f->gen, &rng, NULL, &bad[i], &p, NULL, NULL),
                         OJD_ERR_INVALID);
    ojd_generate_options solved = {.solved = true};
    ojd_kind_options multiple = {.kind = OJD_OUTCOME_MULTIPLE};
    assert_int_equal(ojd_generate_kind(f->gen, &rng, &solved, &multiple, &p, NULL, NULL),
                     OJD_ERR_INVALID);
    ojd_generate_options side7 = {.side = 7};
    assert_int_equal(ojd_generate_kind(f->gen, &rng, &side7, &multiple, &p, NULL, NULL),
                     OJD_ERR_INVALID);
    assert_int_equal(ojd_generate_kind(NULL, &rng, NULL, &multiple, &p, NULL, NULL),
                     OJD_ERR_INVALID);
    /* a full grid leaves no blank cell for an added given */
    ojd_generate_options full = {.clues = 81};
    ojd_kind_options conflict = {.kind = OJD_OUTCOME_CONFLICT};
    assert_int_equal(ojd_generate_kind(f->gen, &rng, &full, &conflict, &p, NULL, NULL),
                     OJD_ERR_INVALID);
}

/* ---- edge cases -------------------------------------------------------------------------- */

/* tests/fixtures/edge.txt (EDGE:NAME:PUZZLE) lists exactly the bundled puzzles, in order. */
static void test_bundled_match_fixture(void **state)
{
    (void)state;
    FILE *in = fopen("fixtures/edge.txt", "r");
    assert_non_null(in);
    char line[256];
    size_t next[OJD_EDGE_COUNT_] = {0};
    while (fgets(line, sizeof line, in)) {
        line[strcspn(line, "\n")] = '\0';
        char *name = strchr(line, ':'), *puzzle = strrchr(line, ':');
        assert_non_null(name);
        *name = '\0';
        puzzle++;
        int e = 0;
        while (e < OJD_EDGE_COUNT_ && strcmp(ojd_edge_name((ojd_edge)e), line) != 0)
            e++;
        assert_true(e < OJD_EDGE_COUNT_);
        const char *const *list = ojd_edge_puzzles((ojd_edge)e);
        assert_non_null(list);
        assert_non_null(list[next[e]]);
        assert_string_equal(list[next[e]], puzzle);
        next[e]++;
    }
    fclose(in);
    for (int e = 0; e < OJD_EDGE_COUNT_; e++) {
        const char *const *list = ojd_edge_puzzles((ojd_edge)e);
        if (list)
            assert_null(list[next[e]]); /* nothing bundled that the fixture does not list */
        else
            assert_int_equal(next[e], 0);
    }
    assert_null(ojd_edge_puzzles(OJD_EDGE_COUNT_));
}

static void test_bundled_puzzles(void **state)
{
    fixture *f = *state;
    for (int e = OJD_EDGE_17_CLUE; e <= OJD_EDGE_HARDEST; e++)
        for (const char *const *l = ojd_edge_puzzles((ojd_edge)e); *l; l++) {
            ojd_puzzle pz;
            ojd_error err;
            assert_int_equal(strlen(*l), 81);
            assert_int_equal(ojd_puzzle_parse(*l, &pz, &err), OJD_OK);
            assert_int_equal(count_solutions(f, &pz.board, 2), 1);
            if (e == OJD_EDGE_17_CLUE)
                assert_int_equal(givens(&pz.board), 17);
            ojd_rating rating = {.size = sizeof rating};
            assert_int_equal(ojd_rate(&pz.board, &rating, NULL, NULL), OJD_OK);
            if (e == OJD_EDGE_HARDEST)
                assert_int_equal(rating.grade, OJD_GRADE_EXTREME);
        }
}

static void test_edges(void **state)
{
    fixture *f = *state;
    ojd_rng rng;
    ojd_rng_seed(&rng, 3);
    ojd_board p, s;
    for (int side = 4; side <= 16; side += side == 4 ? 5 : 7) {
        assert_int_equal(ojd_generate_edge(f->gen, &rng, side, OJD_EDGE_EMPTY, &p, &s), OJD_OK);
        assert_int_equal(p.side, side);
        assert_int_equal(givens(&p), 0);
        assert_true(ojd_board_is_solved(&s));
        assert_int_equal(count_solutions(f, &p, 2), 2);
        assert_int_equal(ojd_generate_edge(f->gen, &rng, side, OJD_EDGE_FULL, &p, &s), OJD_OK);
        assert_true(ojd_board_is_solved(&p));
        assert_memory_equal(p.cell, s.cell, (size_t)(side * side));
    }
    /* the empty grid's solution is the smallest: its first row is 1, 2, ..., 9 */
    assert_int_equal(ojd_generate_edge(f->gen, &rng, 0, OJD_EDGE_EMPTY, &p, &s), OJD_OK);
    for (int c = 0; c < 9; c++)
        assert_int_equal(s.cell[c], c + 1);
    /* the bundled ones come from their lists, all of them over enough draws */
    for (int e = OJD_EDGE_17_CLUE; e <= OJD_EDGE_HARDEST; e++) {
        const char *const *list = ojd_edge_puzzles((ojd_edge)e);
        size_t n = 0;
        while (list[n])
            n++;
        bool hit[16] = {false};
        for (int draw = 0; draw < 200; draw++) {
            assert_int_equal(ojd_generate_edge(f->gen, &rng, 9, (ojd_edge)e, &p, &s), OJD_OK);
            assert_true(ojd_board_solves(&p, &s));
            char text[82];
            for (int i = 0; i < 81; i++)
                text[i] = p.cell[i] ? (char)('0' + p.cell[i]) : '.';
            text[81] = '\0';
            size_t j = 0;
            while (j < n && strcmp(list[j], text) != 0)
                j++;
            assert_true(j < n);
            hit[j] = true;
        }
        for (size_t j = 0; j < n; j++)
            assert_true(hit[j]);
        assert_int_equal(ojd_generate_edge(f->gen, &rng, 16, (ojd_edge)e, &p, &s),
                         OJD_ERR_INVALID);
    }
    assert_int_equal(ojd_generate_edge(f->gen, &rng, 7, OJD_EDGE_EMPTY, &p, &s), OJD_ERR_INVALID);
    assert_int_equal(ojd_generate_edge(f->gen, &rng, 9, OJD_EDGE_COUNT_, &p, &s),
                     OJD_ERR_INVALID);
}

/* ---- variants (issue #28): every kind under the variant's own units ---------------------- */

/* The variants tested: a jigsaw, X, windoku and the two combinations the generator makes, the
 * X jigsaw last: its puzzles take the generator some 0.2 s each (a region map that has a
 * complete grid under X is rare), so it gets fewer cases. */
static const unsigned variants[] = {OJD_UNITS_REGIONS, OJD_UNITS_X, OJD_UNITS_WINDOKU,
                                    OJD_UNITS_X | OJD_UNITS_WINDOKU,
                                    OJD_UNITS_X | OJD_UNITS_REGIONS};
#define VARIANTS (sizeof variants / sizeof *variants)

/* The cells of unit u of b, written here from the variants' definitions (not the library's
 * tables): rows, columns, boxes or the region map's regions, the two diagonals with X, the
 * four windows (rows and columns 1-3 and 5-7) with windoku.  Its type's name in *name. */
static int variant_unit(const ojd_board *b, int u, int *cells, const char **name)
{
    int n = b->side, k = 0;
    if (u < 2 * n || (u < 3 * n && !(b->units & OJD_UNITS_REGIONS))) {
        for (int j = 0; j < n; j++)
            cells[j] = cell_of_unit(b, u, j);
        *name = u < n ? "row" : u < 2 * n ? "column" : "box";
        return n;
    }
    if (u < 3 * n) {
        for (int i = 0; i < n * n; i++)
            if (b->region[i] == u - 2 * n)
                cells[k++] = i;
        *name = "region";
        return k;
    }
    u -= 3 * n;
    if (b->units & OJD_UNITS_X) {
        if (u < 2) {
            for (int j = 0; j < n; j++)
                cells[j] = j * n + (u == 0 ? j : n - 1 - j);
            *name = "diagonal";
            return n;
        }
        u -= 2;
    }
    if ((b->units & OJD_UNITS_WINDOKU) && u < 4) {
        for (int j = 0; j < 9; j++)
            cells[j] = (1 + 4 * (u / 2) + j / 3) * 9 + 1 + 4 * (u % 2) + j % 3;
        *name = "window";
        return 9;
    }
    return 0; /* past the last unit */
}

/* Repeats of b under its variant's units, as repeats() counts them; the type of the last
 * repeated unit in *type. */
static int variant_repeats(const ojd_board *b, const char **type)
{
    int found = 0, cells[OJD_MAX_CELLS], n;
    const char *name;
    for (int u = 0; (n = variant_unit(b, u, cells, &name)) > 0; u++) {
        int seen[OJD_MAX_SIDE + 1] = {0};
        for (int k = 0; k < n; k++)
            seen[b->cell[cells[k]]]++;
        for (int v = 1; v <= b->side; v++)
            if (seen[v] > 1) {
                found += seen[v] - 1;
                *type = name;
            }
    }
    return found;
}

/* A case of each kind for each variant, its kind checked under the variant's units by dlx and
 * by the definitions above: unique (one solution), multiple (exactly 3), unsolvable (no repeat,
 * no solution), conflict in every unit type the variant has (exactly one repeat, in it).  On
 * the code before, where kinds.c had only box arithmetic, "diagonal", "window" and "region"
 * were unknown units and a row conflict or a wrong given could repeat on a diagonal. */
static void test_variant_kinds(void **state)
{
    fixture *f = *state;
    for (size_t v = 0; v < VARIANTS; v++) {
        unsigned units = variants[v];
        bool few = units == (OJD_UNITS_X | OJD_UNITS_REGIONS);
        ojd_generate_options o = {.side = 9, .units = units, .grade = OJD_GRADE_ANY};
        ojd_rng rng;
        ojd_rng_seed(&rng, 28 + v);
        ojd_board p, s;
        ojd_kind_options unique = {.kind = OJD_OUTCOME_SOLVED};
        assert_int_equal(ojd_generate_kind(f->gen, &rng, &o, &unique, &p, &s, NULL), OJD_OK);
        assert_int_equal(p.units, units);
        assert_int_equal(count_solutions(f, &p, 2), 1);
        assert_true(ojd_board_solves(&p, &s));

        ojd_kind_options multiple = {.kind = OJD_OUTCOME_MULTIPLE, .solutions = few ? 0 : 3};
        assert_int_equal(ojd_generate_kind(f->gen, &rng, &o, &multiple, &p, &s, NULL), OJD_OK);
        assert_int_equal(p.units, units);
        if (few)
            assert_int_equal(count_solutions(f, &p, 2), 2);
        else
            assert_int_equal(count_solutions(f, &p, 4), 3);
        assert_true(ojd_board_solves(&p, &s));

        for (int i = 0; i < (few ? 1 : 3); i++) {
            ojd_kind_options unsolvable = {.kind = OJD_OUTCOME_UNSOLVABLE};
            assert_int_equal(ojd_generate_kind(f->gen, &rng, &o, &unsolvable, &p, &s, NULL),
                             OJD_OK);
            const char *type = NULL;
            assert_int_equal(p.units, units);
            assert_int_equal(variant_repeats(&p, &type), 0);
            assert_true(ojd_board_is_valid(&p));
            assert_int_equal(count_solutions(f, &p, 1), 0);
        }

        const char *names[5];
        int types = variant_unit_names(units, names);
        for (int t = few ? 3 : 0; t < types; t++) { /* the X jigsaw: its diagonals */
            ojd_kind_options conflict = {.kind = OJD_OUTCOME_CONFLICT, .unit = names[t]};
            assert_int_equal(ojd_generate_kind(f->gen, &rng, &o, &conflict, &p, &s, NULL),
                             OJD_OK);
            const char *type = NULL;
            assert_int_equal(variant_repeats(&p, &type), 1); /* one value, once, in one unit */
            assert_string_equal(type, names[t]);
            ojd_conflict c;
            assert_true(ojd_board_find_conflict(&p, &c));
            assert_string_equal(c.unit, names[t]);
            int at = -1;
            assert_int_equal(cells_off_solution(&p, &s, &at), 1);
            assert_int_equal(count_solutions(f, &p, 1), 0);
        }
        /* a unit the variant lacks is refused */
        ojd_kind_options lacks = {.kind = OJD_OUTCOME_CONFLICT,
                                  .unit = units & OJD_UNITS_REGIONS ? "box" : "region"};
        assert_int_equal(ojd_generate_kind(f->gen, &rng, &o, &lacks, &p, &s, NULL),
                         OJD_ERR_INVALID);
    }
}

/* No unit asked: every type of the variant comes up (X and windoku: five); and a complete grid
 * of a variant (--solved, the verdict profiles' wrong answers) repeats in the unit asked. */
static void test_variant_conflict_drawn(void **state)
{
    fixture *f = *state;
    ojd_generate_options o = {.side = 9, .units = OJD_UNITS_X | OJD_UNITS_WINDOKU,
                              .grade = OJD_GRADE_ANY};
    const char *names[5];
    int types = variant_unit_names(o.units, names);
    bool seen[5] = {false};
    ojd_rng rng;
    ojd_rng_seed(&rng, 5);
    for (int i = 0; i < 25; i++) {
        ojd_kind_options k = {.kind = OJD_OUTCOME_CONFLICT};
        ojd_board p;
        const char *type = NULL;
        assert_int_equal(ojd_generate_kind(f->gen, &rng, &o, &k, &p, NULL, NULL), OJD_OK);
        assert_int_equal(variant_repeats(&p, &type), 1);
        for (int t = 0; t < types; t++)
            seen[t] |= strcmp(type, names[t]) == 0;
    }
    for (int t = 0; t < types; t++)
        assert_true(seen[t]);
    o.solved = true;
    for (int t = 3; t < types; t++) {
        ojd_kind_options k = {.kind = OJD_OUTCOME_CONFLICT, .unit = names[t]};
        ojd_board p, s;
        assert_int_equal(ojd_generate_kind(f->gen, &rng, &o, &k, &p, &s, NULL), OJD_OK);
        assert_int_equal(givens(&p), 81);
        assert_true(ojd_board_is_solved(&s));
        /* the unit asked repeats: some unit of its type holds a value twice */
        int cells[OJD_MAX_CELLS], n;
        const char *name;
        bool repeated = false;
        for (int u = 0; (n = variant_unit(&p, u, cells, &name)) > 0; u++) {
            int seen_v[10] = {0};
            for (int j = 0; j < n; j++)
                repeated |= strcmp(name, names[t]) == 0 && seen_v[p.cell[cells[j]]]++ > 0;
        }
        assert_true(repeated);
    }
}

/* The edges of a variant: the empty grid (several solutions under its units) and a complete
 * grid of it; the bundled puzzles are classic, refused with a variant. */
static void test_variant_edges(void **state)
{
    fixture *f = *state;
    ojd_rng rng;
    ojd_rng_seed(&rng, 4);
    for (size_t v = 0; v < VARIANTS - 1; v++) { /* the X jigsaw's grids: see variants[] */
        unsigned units = variants[v];
        ojd_board p, s;
        assert_int_equal(ojd_generate_edge_units(f->gen, &rng, 9, units, OJD_EDGE_EMPTY, &p, &s),
                         OJD_OK);
        assert_int_equal(p.units, units);
        /* empty, with a solution by the definitions: so several (its values relabelled) */
        assert_int_equal(givens(&p), 0);
        assert_true(ojd_board_solves(&p, &s));
        const char *type = NULL;
        assert_int_equal(variant_repeats(&s, &type), 0);
        assert_int_equal(ojd_generate_edge_units(f->gen, &rng, 9, units, OJD_EDGE_FULL, &p, &s),
                         OJD_OK);
        assert_int_equal(p.units, units);
        assert_int_equal(givens(&p), 81);
        assert_int_equal(variant_repeats(&p, &type), 0);
        assert_int_equal(count_solutions(f, &p, 2), 1);
        for (int e = OJD_EDGE_17_CLUE; e <= OJD_EDGE_HARDEST; e++)
            assert_int_equal(ojd_generate_edge_units(f->gen, &rng, 9, units, (ojd_edge)e, &p, &s),
                             OJD_ERR_INVALID);
    }
    /* X on other sides; windoku is 9x9 only */
    ojd_board p, s;
    for (int side = 4; side <= 16; side += side == 4 ? 12 : 1) {
        assert_int_equal(ojd_generate_edge_units(f->gen, &rng, side, OJD_UNITS_X, OJD_EDGE_EMPTY,
                                                 &p, &s), OJD_OK);
        assert_int_equal(givens(&p), 0);
        const char *type = NULL;
        assert_int_equal(variant_repeats(&s, &type), 0);
    }
    assert_int_equal(ojd_generate_edge_units(f->gen, &rng, 16, OJD_UNITS_WINDOKU, OJD_EDGE_EMPTY,
                                             &p, &s), OJD_ERR_INVALID);
    assert_int_equal(ojd_generate_edge_units(f->gen, &rng, 9, 16u, OJD_EDGE_EMPTY, &p, &s),
                     OJD_ERR_INVALID);
}

/* ---- killer (issue #42): the steps on a board whose cages constrain beyond its units ------ */

/* Cage k of b (1..) checked from the rules, written here: how many values repeat in it, and
 * whether its sum can still be made (full: exactly; partly filled: the other cells' distinct
 * values reach between the smallest and the largest they can add up to). */
static int cage_repeats(const ojd_board *b, int k, bool *sum_ok)
{
    int n = b->side, size = 0, filled = 0, sum = 0, repeats = 0, seen[OJD_MAX_SIDE + 1] = {0};
    for (int i = 0; i < n * n; i++) {
        if (b->cage[i] != k)
            continue;
        size++;
        if (b->cell[i]) {
            filled++;
            sum += b->cell[i];
            repeats += seen[b->cell[i]]++ > 0;
        }
    }
    int rest = size - filled, lo = rest * (rest + 1) / 2, hi = rest * (2 * n - rest + 1) / 2;
    *sum_ok = sum + lo <= b->cage_sum[k] && b->cage_sum[k] <= sum + hi;
    return repeats;
}

/* The repeats of b in its cages; *sums_ok false when some cage's sum is out of reach. */
static int cages_broken(const ojd_board *b, bool *sums_ok)
{
    int repeats = 0;
    *sums_ok = true;
    for (int k = 1; k <= b->cage_count; k++) {
        bool ok;
        repeats += cage_repeats(b, k, &ok);
        *sums_ok = *sums_ok && ok;
    }
    return repeats;
}

/* b given cages that s fills: in each row, dominoes of two cells and a last cell alone. */
static void domino_cages(ojd_board *b, const ojd_board *s)
{
    int cage[81], sum[45], count = 0;
    for (int i = 0; i < 81; i++) {
        if (i % 9 % 2 == 0)
            sum[count++] = 0;
        cage[i] = count;
        sum[count - 1] += s->cell[i];
    }
    assert_int_equal(ojd_board_set_cages(b, cage, sum, count, NULL), OJD_OK);
}

/* b without its cages: the classic puzzle under them. */
static ojd_board uncaged(const ojd_board *b)
{
    ojd_board u = *b;
    ojd_board_set_cages(&u, NULL, NULL, 0, NULL);
    return u;
}

/* A killer board that no solver takes yet: conflict (each unit type and "cage": a given that
 * repeats in a cage or leaves its sum out of reach, no unit repeating) and unsolvable
 * cases made by ojd_kind_step, checked by the rules above (units by variant_repeats(), cages by
 * cage_repeats()).  A cage is a constraint the units do not know of: a wrong given that no unit
 * holds may still break a domino's sum, which the step must see.  Unsolvable is proved without
 * a killer solver: the classic puzzle under the cages is unique already (dlx), so the wrong
 * given leaves it, and the killer puzzle, with no solution.  Then the same with no givens at
 * all, as killer puzzles come: a conflict places two cells (a value of the solution and its
 * copy). */
static void test_killer_steps(void **state)
{
    fixture *f = *state;
    ojd_rng rng;
    ojd_rng_seed(&rng, 42);
    const char *names[] = {"row", "column", "box", "cage"};
    for (int round = 0; round < 20; round++) {
        ojd_board p, s;
        ojd_generate_options o = {.side = 9};
        assert_int_equal(ojd_generate(f->gen, &rng, &o, &p, &s, NULL), OJD_OK);
        bool empty = round % 2; /* no givens: the killer puzzle's usual form */
        if (empty)
            memset(p.cell, 0, sizeof p.cell);
        domino_cages(&p, &s);
        ojd_board_copy_units(&s, &p);
        for (int t = 0; t < 4; t++) {
            ojd_board c = p;
            ojd_kind_options k = {.kind = OJD_OUTCOME_CONFLICT, .unit = names[t]};
            bool met = false, sums_ok;
            assert_int_equal(ojd_kind_step(f->gen, &rng, &k, &c, &s, &met), OJD_OK);
            assert_true(met);
            const char *type = NULL;
            int unit_repeats = variant_repeats(&c, &type);
            int in_cages = cages_broken(&c, &sums_ok);
            if (t < 3) { /* one value, once, in a unit of the type; every cage whole */
                assert_int_equal(unit_repeats, 1);
                assert_string_equal(type, names[t]);
                assert_int_equal(in_cages, 0);
                assert_true(sums_ok);
                assert_int_equal(givens(&c), givens(&p) + (empty ? 2 : 1));
            } else { /* one given added, no unit repeats: a cage repeats it or loses its sum */
                assert_int_equal(unit_repeats, 0);
                assert_true(in_cages == 1 || !sums_ok);
                assert_int_equal(givens(&c), givens(&p) + 1);
            }
            ojd_conflict why;
            assert_true(ojd_board_find_conflict(&c, &why));
            assert_string_equal(why.unit, names[t]);
        }
        if (empty)
            continue;
        for (int i = 0; i < 5; i++) {
            ojd_board c = p;
            ojd_kind_options k = {.kind = OJD_OUTCOME_UNSOLVABLE};
            bool met = false, sums_ok;
            assert_int_equal(ojd_kind_step(f->gen, &rng, &k, &c, &s, &met), OJD_OK);
            assert_true(met);
            const char *type = NULL;
            assert_int_equal(variant_repeats(&c, &type), 0);
            assert_int_equal(cages_broken(&c, &sums_ok), 0);
            assert_true(sums_ok);
            int at = -1;
            assert_int_equal(cells_off_solution(&c, &s, &at), 1);
            assert_int_equal(givens(&c), givens(&p) + 1);
            ojd_board plain = uncaged(&p), wrong = uncaged(&c);
            assert_int_equal(count_solutions(f, &plain, 2), 1);
            assert_int_equal(count_solutions(f, &wrong, 1), 0);
        }
    }
    /* the kind of a unit the board lacks */
    ojd_board p, s;
    ojd_generate_options o = {.side = 9};
    assert_int_equal(ojd_generate(f->gen, &rng, &o, &p, &s, NULL), OJD_OK);
    ojd_kind_options k = {.kind = OJD_OUTCOME_CONFLICT, .unit = "cage"};
    bool met;
    assert_int_equal(ojd_kind_step(f->gen, &rng, &k, &p, &s, &met), OJD_ERR_INVALID);
}

/* The edges of a killer board: the empty grid with the rows as cages (each of side cells and
 * the sum of every value: they pin nothing down), and a complete grid with cages its values
 * fill; both under the variant's units. */
static void test_killer_edges(void **state)
{
    fixture *f = *state;
    ojd_rng rng;
    ojd_rng_seed(&rng, 42);
    static const unsigned with[] = {0, OJD_UNITS_X, OJD_UNITS_REGIONS, OJD_UNITS_WINDOKU};
    for (size_t v = 0; v < sizeof with / sizeof *with; v++) {
        unsigned units = with[v] | OJD_UNITS_KILLER;
        ojd_board p, s;
        bool sums_ok;
        const char *type = NULL;
        assert_int_equal(ojd_generate_edge_units(f->gen, &rng, 9, units, OJD_EDGE_EMPTY, &p, &s),
                         OJD_OK);
        assert_int_equal(p.units, units);
        assert_int_equal(givens(&p), 0);
        assert_int_equal(p.cage_count, 9);
        for (int i = 0; i < 81; i++)
            assert_int_equal(p.cage[i], i / 9 + 1);
        for (int k = 1; k <= 9; k++)
            assert_int_equal(p.cage_sum[k], 45);
        assert_int_equal(s.units, units);
        assert_int_equal(givens(&s), 81);
        assert_int_equal(variant_repeats(&s, &type), 0);
        assert_int_equal(cages_broken(&s, &sums_ok), 0);
        assert_true(sums_ok);
        ojd_board plain = uncaged(&p);
        assert_int_equal(count_solutions(f, &plain, 2), 2);

        assert_int_equal(ojd_generate_edge_units(f->gen, &rng, 9, units, OJD_EDGE_FULL, &p, &s),
                         OJD_OK);
        assert_int_equal(p.units, units);
        assert_int_equal(givens(&p), 81);
        assert_true(p.cage_count > 0);
        assert_int_equal(variant_repeats(&p, &type), 0);
        assert_int_equal(cages_broken(&p, &sums_ok), 0);
        assert_true(sums_ok);
        for (int e = OJD_EDGE_17_CLUE; e <= OJD_EDGE_HARDEST; e++)
            assert_int_equal(ojd_generate_edge_units(f->gen, &rng, 9, units, (ojd_edge)e, &p, &s),
                             OJD_ERR_INVALID);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_names),
        cmocka_unit_test(test_profile_kinds),
        cmocka_unit_test(test_unique_is_generate),
        cmocka_unit_test(test_multiple_exact),
        cmocka_unit_test(test_multiple_other_sides),
        cmocka_unit_test(test_singles_checker),
        cmocka_unit_test(test_unsolvable),
        cmocka_unit_test(test_conflict),
        cmocka_unit_test(test_clue_target),
        cmocka_unit_test(test_determinism),
        cmocka_unit_test(test_bad_options),
        cmocka_unit_test(test_bundled_match_fixture),
        cmocka_unit_test(test_bundled_puzzles),
        cmocka_unit_test(test_edges),
        cmocka_unit_test(test_variant_kinds),
        cmocka_unit_test(test_variant_conflict_drawn),
        cmocka_unit_test(test_variant_edges),
        cmocka_unit_test(test_killer_steps),
        cmocka_unit_test(test_killer_edges),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
