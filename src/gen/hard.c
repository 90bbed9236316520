/*
 * hard.c -- puzzles that cost a given solver the most search (ojd_harden()).
 *
 * The grade of a puzzle is the techniques a human needs; what a program's search costs depends
 * on the order it visits cells and values in.  A row-by-row backtracking search fills the first
 * row first and tries 1..side in order, so the same puzzle with its sparse rows on top and the
 * first rows' solution values relabelled high costs it orders of magnitude more nodes: the
 * classic "hard for brute force" puzzles are built that way.  Rather than model each solver, we
 * measure it: a hill climb over the puzzle's isomorphs (value relabelling, row swaps within a
 * band, band swaps, and the same for columns and stacks), each candidate solved by the caller's
 * engine to its first solution within a node budget, keeping a candidate when it costs more.
 * No transposition: it would turn a repeated value in a row into one in a column, and the
 * caller may have asked for the row.  Every move maps rows, columns, boxes and values onto
 * themselves, so solutions, givens and techniques all follow; only a symmetry of the pattern
 * can break, and a candidate that breaks the one asked for is not measured.
 */
#include "ojdoku.h" /* the public API is all it needs: engines, boards, the rng */

/* Rows r1 and r2 (columns c1 and c2; values v1 and v2) of b swapped, in place. */
static void swap_rows(ojd_board *b, int r1, int r2)
{
    int n = b->side;
    for (int c = 0; c < n; c++) {
        uint8_t t = b->cell[r1 * n + c];
        b->cell[r1 * n + c] = b->cell[r2 * n + c];
        b->cell[r2 * n + c] = t;
    }
}

static void swap_cols(ojd_board *b, int c1, int c2)
{
    int n = b->side;
    for (int r = 0; r < n; r++) {
        uint8_t t = b->cell[r * n + c1];
        b->cell[r * n + c1] = b->cell[r * n + c2];
        b->cell[r * n + c2] = t;
    }
}

static void swap_values(ojd_board *b, int v1, int v2)
{
    for (int i = 0; i < b->side * b->side; i++) {
        if (b->cell[i] == v1)
            b->cell[i] = (uint8_t)v2;
        else if (b->cell[i] == v2)
            b->cell[i] = (uint8_t)v1;
    }
}

/* Two distinct numbers below k (k >= 2), the first below the second. */
static void pick_pair(ojd_rng *rng, int k, int *i, int *j)
{
    int a = (int)ojd_rng_below(rng, (uint64_t)k);
    int b = (int)ojd_rng_below(rng, (uint64_t)(k - 1));
    if (b >= a)
        b++;
    *i = a < b ? a : b;
    *j = a < b ? b : a;
}

/* One random move, applied to the puzzle and (when not NULL) its solution alike. */
static void random_move(ojd_rng *rng, ojd_board *p, ojd_board *s)
{
    int R = p->box_rows, C = p->box_cols, n = p->side, i, j;
    int bands = n / R, stacks = n / C;
    switch (ojd_rng_below(rng, 5)) {
    case 0: /* values: the move that matters most to a search that tries 1..side in order */
        pick_pair(rng, n, &i, &j);
        swap_values(p, i + 1, j + 1);
        if (s)
            swap_values(s, i + 1, j + 1);
        break;
    case 1: { /* two rows of one band */
        int band = (int)ojd_rng_below(rng, (uint64_t)bands);
        pick_pair(rng, R, &i, &j);
        swap_rows(p, band * R + i, band * R + j);
        if (s)
            swap_rows(s, band * R + i, band * R + j);
        break;
    }
    case 2: /* two bands */
        if (bands < 2)
            break;
        pick_pair(rng, bands, &i, &j);
        for (int k = 0; k < R; k++) {
            swap_rows(p, i * R + k, j * R + k);
            if (s)
                swap_rows(s, i * R + k, j * R + k);
        }
        break;
    case 3: { /* two columns of one stack */
        int stack = (int)ojd_rng_below(rng, (uint64_t)stacks);
        pick_pair(rng, C, &i, &j);
        swap_cols(p, stack * C + i, stack * C + j);
        if (s)
            swap_cols(s, stack * C + i, stack * C + j);
        break;
    }
    default: /* two stacks */
        if (stacks < 2)
            break;
        pick_pair(rng, stacks, &i, &j);
        for (int k = 0; k < C; k++) {
            swap_cols(p, i * C + k, j * C + k);
            if (s)
                swap_cols(s, i * C + k, j * C + k);
        }
        break;
    }
}

/* *nodes = what engine visits to a first solution of b, or the whole budget when it ran out
 * (every such candidate is as hard as the budget can tell).  The engine's status: an error
 * (< 0) or an outcome, OJD_CONFLICT meaning no search was made. */
static ojd_status measure(ojd_engine *engine, const ojd_board *b, unsigned long long budget,
                          unsigned long long *nodes)
{
    ojd_search search = {.limit = 1, .max_nodes = budget};
    ojd_result res;
    ojd_status st = ojd_engine_solve(engine, b, &search, &res);
    if (st < 0)
        return st;
    *nodes = st == OJD_LIMIT ? budget : res.nodes;
    return st;
}

ojd_status ojd_harden(ojd_engine *engine, ojd_rng *rng, const ojd_harden_options *options,
                      ojd_board *puzzle, ojd_board *solution, unsigned long long *nodes)
{
    if (!engine || !rng || !puzzle || puzzle->box_rows < 1 || puzzle->box_cols < 1 ||
        puzzle->side != puzzle->box_rows * puzzle->box_cols ||
        (solution && (solution->box_rows != puzzle->box_rows ||
                      solution->box_cols != puzzle->box_cols || solution->side != puzzle->side)))
        return OJD_ERR_INVALID;
    ojd_harden_options o = options ? *options : (ojd_harden_options){0};
    unsigned tries = o.tries ? o.tries : OJD_HARDEN_TRIES;
    unsigned long long budget = o.max_nodes ? o.max_nodes : OJD_HARDEN_NODES;
    unsigned long long best = 0, got = 0;
    ojd_status st = measure(engine, puzzle, budget, &best);
    if (st < 0)
        return st;
    if (st == OJD_CONFLICT) { /* the engine refuses it before any search: nothing to climb */
        if (nodes)
            *nodes = 0;
        return OJD_OK;
    }
    ojd_board cand, cand_solution;
    for (unsigned t = 0; t < tries && best < budget; t++) {
        cand = *puzzle;
        if (solution)
            cand_solution = *solution;
        int moves = 1 + (int)ojd_rng_below(rng, 3);
        for (int m = 0; m < moves; m++)
            random_move(rng, &cand, solution ? &cand_solution : NULL);
        if (o.symmetry != OJD_SYMMETRY_NONE && !ojd_board_has_symmetry(&cand, o.symmetry))
            continue;
        st = measure(engine, &cand, budget, &got);
        if (st < 0)
            return st;
        if (got > best) {
            best = got;
            *puzzle = cand;
            if (solution)
                *solution = cand_solution;
        }
    }
    if (nodes)
        *nodes = best;
    return OJD_OK;
}
