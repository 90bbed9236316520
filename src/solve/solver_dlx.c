/*
 * solver_dlx.c -- Dancing Links: Knuth's Algorithm X on the exact-cover matrix of Sudoku.
 *
 * Model: one matrix row per (cell, value) placement, one column per constraint met exactly once:
 * the cell holds a value, and each unit of the cell (row, column, box, or ojd_geo's other units)
 * holds the value; rows are in (cell row-major, value ascending) order.  The links are built once
 * per shape in create(); solve() covers the givens' rows, searches (the column with the fewest
 * rows first) and uncovers in reverse order.  Invariant between calls: all columns are in the
 * header list and every row is linked in its columns.  The first solution found is in general
 * not the lexicographically smallest.  The column layout and memory sizes: docs/performance.md,
 * "Notes moved from the source".  A killer board's cages are no columns (a cage need not hold
 * every value): its search is a twin of Algorithm X that takes a row only when its value fits the
 * cell's cage (ojd_cages, solve.h), and hides the rows a cage forbids as covering hides rows, so
 * that the smallest column sees the cages; the classic search does not pass through it.
 */
#include "solve.h"

#include <stdlib.h>
#include <string.h>

typedef struct dlx_state {
    int side, cells, ncols, nnodes;
    int width;                  /* node slots per matrix row: 1 + the most units a cell has */
    ojd_geo *geo;               /* the unit set the links were built for */
    int *L, *R, *U, *D, *C;     /* [nnodes] links and column of every node */
    int *S;                     /* [ncols + 1] rows currently in each column */
    int *chosen;                /* [cells] first node of the row picked at each depth */
    int *given;                 /* [cells] first node of each given's row, in cover order */
    uint8_t *given_cov;         /* [ncols + 1] column covered by a given in this call */
    ojd_budget budget;
    ojd_result *out;
    unsigned long limit;
    const ojd_board *in;
    /* a killer board's (allocated by the first one): its cages, the rows they hide (first
     * nodes, a stack of nhidden) and which cells are filled */
    ojd_cages *cages;
    int *hidden;                /* [cells * side] */
    int nhidden;
    uint8_t *filled;            /* [cells] */
} dlx_state;

/* Frees the links (not the state or its geo). */
static void free_links(dlx_state *st)
{
    free(st->L);
    free(st->R);
    free(st->U);
    free(st->D);
    free(st->C);
    free(st->S);
    free(st->chosen);
    free(st->given);
    free(st->given_cov);
    st->L = st->R = st->U = st->D = st->C = st->S = st->chosen = st->given = NULL;
    st->given_cov = NULL;
}

static void dlx_destroy(void *state)
{
    dlx_state *st = state;
    if (!st)
        return;
    free_links(st);
    free(st->geo);
    free(st->cages);
    free(st->hidden);
    free(st->filled);
    free(st);
}

/* First node of the row placing value v (1-based) in cell. */
static int row_node(const dlx_state *st, int cell, int v)
{
    return st->ncols + 1 + st->width * (cell * st->side + v - 1);
}

/* Nodes in the rows of cell: its cell column and one per unit that holds it. */
static int row_size(const dlx_state *st, int cell) { return 1 + st->geo->nunits_of[cell]; }

/* Builds the links of st->geo's unit set (any number of units per cell; with a classic geo
 * exactly the matrix above).  false when out of memory, with every link freed. */
static bool build_links(dlx_state *st)
{
    const ojd_geo *g = st->geo;
    int side = g->side, cells = g->cells;
    st->side = side;
    st->cells = cells;
    st->width = 1 + g->per_cell;
    st->ncols = cells + g->nunits * side;
    st->nnodes = st->ncols + 1 + st->width * cells * side;
    size_t n = (size_t)st->nnodes;
    st->L = malloc(n * sizeof(int));
    st->R = malloc(n * sizeof(int));
    st->U = malloc(n * sizeof(int));
    st->D = malloc(n * sizeof(int));
    st->C = malloc(n * sizeof(int));
    st->S = calloc((size_t)st->ncols + 1, sizeof(int));
    st->chosen = malloc((size_t)cells * sizeof(int));
    st->given = malloc((size_t)cells * sizeof(int));
    st->given_cov = calloc((size_t)st->ncols + 1, 1);
    if (!st->L || !st->R || !st->U || !st->D || !st->C || !st->S || !st->chosen || !st->given ||
        !st->given_cov) {
        free_links(st);
        return false;
    }
    /* Root and headers: a circular list 0, 1, ..., ncols; each header an empty vertical list. */
    for (int c = 0; c <= st->ncols; c++) {
        st->L[c] = c == 0 ? st->ncols : c - 1;
        st->R[c] = c == st->ncols ? 0 : c + 1;
        st->U[c] = st->D[c] = st->C[c] = c;
    }
    for (int cell = 0; cell < cells; cell++) {
        int size = row_size(st, cell);
        for (int v = 1; v <= side; v++) {
            int first = row_node(st, cell, v);
            /* the cell's column, then (unit u holds value v) at 1 + cells + u side + v - 1 */
            int cols[8] = {1 + cell};
            for (int j = 1; j < size; j++)
                cols[j] = 1 + cells + ojd_geo_unit_of(g, cell, j - 1) * side + v - 1;
            for (int j = 0; j < size; j++) {
                int x = first + j, c = cols[j];
                st->C[x] = c;
                st->L[x] = first + (j + size - 1) % size;
                st->R[x] = first + (j + 1) % size;
                st->U[x] = st->U[c]; /* append at the bottom of column c */
                st->D[x] = c;
                st->D[st->U[c]] = x;
                st->U[c] = x;
                st->S[c]++;
            }
        }
    }
    return true;
}

static void *dlx_create(int box_rows, int box_cols)
{
    dlx_state *st = calloc(1, sizeof *st);
    if (!st)
        return NULL;
    st->geo = ojd_geo_new(box_rows, box_cols);
    if (!st->geo || !build_links(st)) {
        dlx_destroy(st);
        return NULL;
    }
    return st;
}

static void cover(dlx_state *st, int c)
{
    int *L = st->L, *R = st->R, *U = st->U, *D = st->D;
    L[R[c]] = L[c];
    R[L[c]] = R[c];
    for (int i = D[c]; i != c; i = D[i])
        for (int j = R[i]; j != i; j = R[j]) {
            U[D[j]] = U[j];
            D[U[j]] = D[j];
            st->S[st->C[j]]--;
        }
}

static void uncover(dlx_state *st, int c)
{
    int *L = st->L, *R = st->R, *U = st->U, *D = st->D;
    for (int i = U[c]; i != c; i = U[i])
        for (int j = L[i]; j != i; j = L[j]) {
            st->S[st->C[j]]++;
            U[D[j]] = j;
            D[U[j]] = j;
        }
    L[R[c]] = c;
    R[L[c]] = c;
}

static void dlx_record_solution(dlx_state *st, int depth)
{
    if (st->out->solutions++ > 0)
        return;
    st->out->solution = *st->in;
    for (int k = 0; k < depth; k++) {
        int row = (st->chosen[k] - st->ncols - 1) / st->width;
        st->out->solution.cell[row / st->side] = (uint8_t)(row % st->side + 1);
    }
}

/* Algorithm X at the given depth.  true when the search must stop; always restores the links. */
static bool search_depth(dlx_state *st, int depth)
{
    int *R = st->R, *D = st->D;
    if (R[0] == 0) {
        dlx_record_solution(st, depth);
        return st->out->solutions >= st->limit;
    }
    if (ojd_budget_exhausted(&st->budget, ++st->out->nodes))
        return true;
    int best = R[0];
    for (int c = R[0]; c != 0 && st->S[best] > 1; c = R[c])
        if (st->S[c] < st->S[best])
            best = c;
    if (st->S[best] == 0)
        return false;
    cover(st, best);
    bool stop = false;
    for (int r = D[best]; r != best && !stop; r = D[r]) {
        if (r != D[best])
            st->out->guesses++;
        st->chosen[depth] = r;
        for (int j = R[r]; j != r; j = R[j])
            cover(st, st->C[j]);
        stop = search_depth(st, depth + 1);
        for (int j = st->L[r]; j != r; j = st->L[j])
            uncover(st, st->C[j]);
    }
    uncover(st, best);
    return stop;
}

/* ---- killer cages ---------------------------------------------------------------------------- */

/* The (cell, value) placement of the matrix row that holds node x. */
static void row_of(const dlx_state *st, int x, int *cell, int *v)
{
    int row = (x - st->ncols - 1) / st->width;
    *cell = row / st->side;
    *v = row % st->side + 1;
}

/* Is node x in its column's list?  An unlinked node's neighbours never point back at it. */
static bool linked(const dlx_state *st, int x) { return st->D[st->U[x]] == x; }

/*
 * Takes the row placing v in cell out of the matrix when it is still in (a covered column
 * leaves each row it removed with at most one node linked, so a row is in exactly when its
 * first two nodes are), and remembers it on the hidden stack for show_rows().
 */
static void hide_row(dlx_state *st, int cell, int v)
{
    int first = row_node(st, cell, v), size = row_size(st, cell);
    if (!linked(st, first) || !linked(st, first + 1))
        return;
    for (int j = first; j < first + size; j++) {
        st->U[st->D[j]] = st->U[j];
        st->D[st->U[j]] = st->D[j];
        st->S[st->C[j]]--;
    }
    st->hidden[st->nhidden++] = first;
}

/* Puts the rows hidden since the stack held mark back, in reverse order. */
static void show_rows(dlx_state *st, int mark)
{
    while (st->nhidden > mark) {
        int first = st->hidden[--st->nhidden];
        int size = row_size(st, (first - st->ncols - 1) / st->width / st->side);
        for (int j = first + size - 1; j >= first; j--) {
            st->S[st->C[j]]++;
            st->U[st->D[j]] = j;
            st->D[st->U[j]] = j;
        }
    }
}

/* Hides the rows of cell's cage's empty cells whose values the cage no longer allows, so that
 * the column counts see the cage (a column left without rows fails at once). */
static void hide_cage_rows(dlx_state *st, int cell, const uint8_t *filled)
{
    int n;
    const int16_t *mates = ojd_cages_mates(st->cages, cell, &n);
    for (int k = 0; k < n; k++) {
        int j = mates[k];
        if (filled[j])
            continue;
        uint64_t out = st->geo->all & ~ojd_cages_allowed(st->cages, j);
        for (; out; out &= out - 1)
            hide_row(st, j, ojd_ctz64(out) + 1);
    }
}

/*
 * search_depth() on a killer board.  A row whose value breaks its cell's cage is never taken
 * (the cage check, ojd_cages_fits()), and after each placement the rows the cage now forbids
 * are hidden as covered rows are.  Every exact cover it completes is a grid whose cages all
 * passed the check at each placement, so a killer solution, and each is met once: counts stay
 * exact.  Always restores the links and the hidden stack.
 */
static bool dlx_search_cages(dlx_state *st, int depth)
{
    int *R = st->R, *D = st->D;
    if (R[0] == 0) {
        dlx_record_solution(st, depth);
        return st->out->solutions >= st->limit;
    }
    if (ojd_budget_exhausted(&st->budget, ++st->out->nodes))
        return true;
    int best = R[0];
    for (int c = R[0]; c != 0 && st->S[best] > 1; c = R[c])
        if (st->S[c] < st->S[best])
            best = c;
    if (st->S[best] == 0)
        return false;
    cover(st, best);
    bool stop = false, tried = false;
    for (int r = D[best]; r != best && !stop; r = D[r]) {
        int cell, v;
        row_of(st, r, &cell, &v);
        if (!ojd_cages_fits(st->cages, cell, v))
            continue;
        if (tried)
            st->out->guesses++;
        tried = true;
        st->chosen[depth] = r;
        for (int j = R[r]; j != r; j = R[j])
            cover(st, st->C[j]);
        ojd_cages_place(st->cages, cell, v);
        st->filled[cell] = 1;
        int mark = st->nhidden;
        hide_cage_rows(st, cell, st->filled);
        stop = dlx_search_cages(st, depth + 1);
        show_rows(st, mark);
        st->filled[cell] = 0;
        ojd_cages_unplace(st->cages, cell, v);
        for (int j = st->L[r]; j != r; j = st->L[j])
            uncover(st, st->C[j]);
    }
    uncover(st, best);
    return stop;
}

/* The search of a killer board whose givens are covered: its cages loaded, the rows they
 * forbid from the start hidden, searched, shown again.  false when out of memory. */
static bool solve_cages(dlx_state *st, const ojd_board *in)
{
    if (!st->cages) {
        st->cages = malloc(sizeof *st->cages);
        st->hidden = malloc((size_t)st->cells * (size_t)st->side * sizeof *st->hidden);
        st->filled = malloc((size_t)st->cells);
        if (!st->cages || !st->hidden || !st->filled) {
            free(st->cages), free(st->hidden), free(st->filled);
            st->cages = NULL, st->hidden = NULL, st->filled = NULL;
            return false;
        }
    }
    if (!ojd_cages_load(st->cages, in))
        return true; /* the givens break a cage: no solution */
    memcpy(st->filled, in->cell, (size_t)st->cells);
    st->nhidden = 0;
    for (int k = 1; k <= st->cages->count; k++) {
        int first = st->cages->cells[st->cages->start[k]];
        hide_cage_rows(st, first, st->filled);
    }
    dlx_search_cages(st, 0);
    show_rows(st, 0);
    return true;
}

static ojd_status dlx_solve(void *state, const ojd_board *in, const ojd_search *search,
                            ojd_result *out)
{
    dlx_state *st = state;
    /* Another unit set than the links were built for (the general path: the engine keeps
     * classic puzzles apart, so only a new jigsaw or set of extras rebuilds): build it. */
    if (!st->geo || !ojd_geo_fits_board(st->geo, in)) {
        free_links(st);
        if (!ojd_geo_follow(&st->geo, in) || !build_links(st)) {
            free(st->geo); /* no geo: the next call builds again */
            st->geo = NULL;
            return OJD_ERR_NOMEM;
        }
    }
    st->in = in;
    /* The counters start from zero whatever the caller left in *out. */
    st->out = out;
    st->limit = ojd_search_begin(out, search, &st->budget);

    /* Cover the givens' rows.  Two givens sharing a constraint (a conflict the engine normally
     * rejects first) would cover a column twice and corrupt the links, so that is checked. */
    int ngiven = 0;
    bool ok = true, nomem = false;
    for (int cell = 0; cell < st->cells && ok; cell++) {
        if (!in->cell[cell])
            continue;
        int first = row_node(st, cell, in->cell[cell]), size = row_size(st, cell);
        for (int j = 0; j < size; j++)
            if (st->given_cov[st->C[first + j]])
                ok = false;
        if (!ok)
            break;
        for (int j = 0; j < size; j++) {
            st->given_cov[st->C[first + j]] = 1;
            cover(st, st->C[first + j]);
        }
        st->given[ngiven++] = first;
    }
    if (ok && (in->units & OJD_UNITS_KILLER)) {
        nomem = !solve_cages(st, in);
    } else if (ok) {
        search_depth(st, 0);
    }
    /* Uncover in the exact reverse order of covering. */
    while (ngiven > 0) {
        int first = st->given[--ngiven];
        int size = row_size(st, (first - st->ncols - 1) / st->width / st->side);
        for (int j = size - 1; j >= 0; j--) {
            uncover(st, st->C[first + j]);
            st->given_cov[st->C[first + j]] = 0;
        }
    }
    if (nomem)
        return OJD_ERR_NOMEM;
    return ojd_search_status(&st->budget, out->solutions, st->limit);
}

const ojd_solver ojd_solver_dlx = {
    .name = "dlx",
    .summary = "Dancing Links (Algorithm X) on the exact-cover matrix, smallest column first",
    .max_side = OJD_MAX_SIDE,
    .create = dlx_create,
    .destroy = dlx_destroy,
    .solve = dlx_solve,
    .takes_cages = true,
};
