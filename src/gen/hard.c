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
 * A variant's board (diagonals, windows, a jigsaw's regions) takes only the moves that keep
 * its unit set (variant_move(): drawn line moves checked by move_lines()); a classic board's
 * moves have their own draw (random_move()), which variants leave alone, so a seed's classic
 * cases do not depend on them.  A killer board's cages move with their cells (a move that tears
 * a connected cage apart is not taken), and its one value move is the complement v -> side+1-v
 * with each cage's sum mirrored: any other relabelling would change some cage's sum.
 */
#include "ojdoku.h" /* the public API is all it needs: engines, boards, the rng */

#include <assert.h> /* assert(), which core.h's OJD_ASSERT is */

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

/* Every value v of b made side + 1 - v, and each cage's sum with it (size * (side + 1) - sum):
 * the one relabelling that keeps a killer board's cages (any other changes some cage's sum). */
static void complement_values(ojd_board *b)
{
    int n = b->side, count = ojd_board_cage_count(b);
    for (int i = 0; i < n * n; i++)
        if (b->cell[i])
            b->cell[i] = (uint8_t)(n + 1 - b->cell[i]);
    if (!count)
        return;
    int cage[OJD_MAX_CELLS], sum[OJD_MAX_CAGES], cells[OJD_MAX_SIDE];
    for (int k = 1; k <= count; k++)
        sum[k - 1] = ojd_board_cage_cells(b, k, cells) * (n + 1) - ojd_board_cage_sum(b, k);
    for (int i = 0; i < n * n; i++)
        cage[i] = b->cage[i];
    ojd_status st = ojd_board_set_cages(b, cage, sum, count, NULL);
    assert(st == OJD_OK); /* the mirror image of a reachable sum is reachable */
    (void)st;
}

/* A value move of a variant's board: two values swapped, or on a killer board the complement. */
static void value_move(ojd_rng *rng, ojd_board *p, ojd_board *s)
{
    if (p->units & OJD_UNITS_KILLER) {
        complement_values(p);
        if (s)
            complement_values(s);
        return;
    }
    int i, j;
    pick_pair(rng, p->side, &i, &j);
    swap_values(p, i + 1, j + 1);
    if (s)
        swap_values(s, i + 1, j + 1);
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

/* ---- variants: moves that keep the unit set ------------------------------------------------ */

/* Candidate line moves a variant's move is drawn from before one keeps its units. */
#define VARIANT_DRAWS 64

/* Is every cage of b in one piece (its cells meet across edges)? */
static bool cages_connected(const ojd_board *b)
{
    int n = b->side, count = ojd_board_cage_count(b), stack[OJD_MAX_SIDE], cells[OJD_MAX_SIDE];
    for (int k = 1; k <= count; k++) {
        int size = ojd_board_cage_cells(b, k, cells), top = 0, reached = 1;
        bool seen[OJD_MAX_SIDE] = {false};
        seen[0] = true;
        stack[top++] = cells[0];
        while (top > 0) {
            int x = stack[--top];
            for (int j = 0; j < size; j++) {
                int y = cells[j], dr = y / n - x / n, dc = y % n - x % n;
                if (!seen[j] && dr * dr + dc * dc == 1) {
                    seen[j] = true;
                    reached++;
                    stack[top++] = y;
                }
            }
        }
        if (reached != size)
            return false;
    }
    return true;
}

/* The cages of b moved as move_lines() moves the cells, into out (sums kept); false when a
 * cage in one piece would be torn apart (printed killer cages are connected). */
static bool move_cages(const ojd_board *b, const int *row, const int *col, ojd_board *out)
{
    int n = b->side, count = ojd_board_cage_count(b), cage[OJD_MAX_CELLS], sum[OJD_MAX_CAGES];
    for (int k = 1; k <= count; k++)
        sum[k - 1] = ojd_board_cage_sum(b, k);
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++)
            cage[row[r] * n + col[c]] = b->cage[r * n + c];
    if (ojd_board_set_cages(out, cage, sum, count, NULL) != OJD_OK)
        return false;
    return !cages_connected(b) || cages_connected(out);
}

/* *out = b with cell (r, c) moved to (row[r], col[c]); a jigsaw's region map moves along (the
 * regions come with the puzzle).  false when the move breaks b's unit set: a region no longer
 * connected, a box (diagonal, window) not taken onto a box (diagonal, window).  Rows stay rows
 * and columns columns (the moves are line permutations), so only those are checked. */
static bool move_lines(const ojd_board *b, const int *row, const int *col, ojd_board *out)
{
    int n = b->side;
    *out = *b;
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++)
            out->cell[row[r] * n + col[c]] = b->cell[r * n + c];
    if (b->units & OJD_UNITS_REGIONS) {
        uint8_t region[OJD_MAX_CELLS];
        for (int r = 0; r < n; r++)
            for (int c = 0; c < n; c++)
                region[row[r] * n + col[c]] = b->region[r * n + c];
        if (ojd_board_set_regions(out, region, NULL) != OJD_OK)
            return false; /* a region torn apart */
    } else {
        int image[OJD_MAX_SIDE]; /* box -> the box its cells go to, -1 before its first cell */
        for (int k = 0; k < n; k++)
            image[k] = -1;
        for (int r = 0; r < n; r++)
            for (int c = 0; c < n; c++) {
                int from = ojd_board_box_of(b, r, c), to = ojd_board_box_of(b, row[r], col[c]);
                if (image[from] < 0)
                    image[from] = to;
                else if (image[from] != to)
                    return false;
            }
    }
    if ((b->units & OJD_UNITS_KILLER) && !move_cages(b, row, col, out))
        return false;
    /* the extra units (at most 2 diagonals and 4 windows: bits of a byte per cell): each one's
     * cells must all go into one of them, which then is its image (every unit has n cells) */
    int first = 3 * n, count = ojd_board_unit_count(b) - first;
    if (count == 0)
        return true;
    uint8_t holds[OJD_MAX_CELLS] = {0};
    int cells[OJD_MAX_SIDE];
    for (int u = 0; u < count; u++) {
        ojd_board_unit_cells(b, first + u, cells);
        for (int k = 0; k < n; k++)
            holds[cells[k]] |= (uint8_t)(1u << u);
    }
    for (int u = 0; u < count; u++) {
        ojd_board_unit_cells(b, first + u, cells);
        unsigned common = 0xffu;
        for (int k = 0; k < n; k++)
            common &= holds[row[cells[k] / n] * n + col[cells[k] % n]];
        if (!common)
            return false;
    }
    return true;
}

/* perm composed with its mirror image (i -> n-1-i on both sides: the map of a flip), when the
 * two commute, so that the result commutes with the flip: a permutation of rows that does, made
 * of both the rows and the columns, takes each diagonal onto a diagonal.  false when they do
 * not commute (perm unchanged); perm itself when it is its own mirror image. */
static bool mirror_closed(int n, int *perm)
{
    int conj[OJD_MAX_SIDE], both[OJD_MAX_SIDE];
    bool same = true;
    for (int i = 0; i < n; i++) {
        conj[i] = n - 1 - perm[n - 1 - i];
        same = same && conj[i] == perm[i];
    }
    if (same)
        return true;
    for (int i = 0; i < n; i++) {
        if (perm[conj[i]] != conj[perm[i]])
            return false;
        both[i] = perm[conj[i]];
    }
    for (int i = 0; i < n; i++)
        perm[i] = both[i];
    return true;
}

/*
 * One random move of a variant's board, applied to the puzzle and (when not NULL) its solution
 * alike: a relabelling of values (keeps any unit set) or a permutation of lines (two rows of
 * a band, two bands, their column counterparts, a flip or a mirror; optionally made mirror-closed
 * and applied to rows and columns), drawn until one keeps the unit set (move_lines()): each
 * variant gets the moves its units allow (docs/generating.md, "--hard-for").  No transposition
 * or quarter turn: a value repeated in a row would move to a column.  No line move within
 * VARIANT_DRAWS draws: the values are relabelled.
 */
static void variant_move(ojd_rng *rng, ojd_board *p, ojd_board *s)
{
    int n = p->side, i, j;
    int line[OJD_MAX_SIDE], same[OJD_MAX_SIDE];
    for (int k = 0; k < n; k++)
        same[k] = k;
    for (int draw = 0; draw < VARIANT_DRAWS; draw++) {
        int family = (int)ojd_rng_below(rng, 6);
        if (family == 0)
            break; /* values */
        bool cols = family == 3 || family == 4 || (family == 5 && ojd_rng_below(rng, 2));
        int size = cols ? p->box_cols : p->box_rows, groups = n / size;
        for (int k = 0; k < n; k++)
            line[k] = k;
        if (family == 1 || family == 3) { /* two lines of one band (stack) */
            int g = (int)ojd_rng_below(rng, (uint64_t)groups);
            pick_pair(rng, size, &i, &j);
            line[g * size + i] = g * size + j;
            line[g * size + j] = g * size + i;
        } else if (family == 2 || family == 4) { /* two bands (stacks) */
            if (groups < 2)
                continue;
            pick_pair(rng, groups, &i, &j);
            for (int k = 0; k < size; k++) {
                line[i * size + k] = j * size + k;
                line[j * size + k] = i * size + k;
            }
        } else { /* the lines reversed: a flip (mirror) */
            for (int k = 0; k < n; k++)
                line[k] = n - 1 - k;
        }
        unsigned shape = (unsigned)ojd_rng_below(rng, 4); /* bit 0 mirror-closed, 1 both axes */
        if ((shape & 1) && !mirror_closed(n, line))
            continue;
        const int *row = (shape & 2) || !cols ? line : same;
        const int *col = (shape & 2) || cols ? line : same;
        ojd_board moved;
        if (!move_lines(p, row, col, &moved))
            continue;
        *p = moved;
        if (s) {
            bool kept = move_lines(s, row, col, &moved); /* the same units: kept alike */
            assert(kept);
            (void)kept;
            *s = moved;
        }
        return;
    }
    value_move(rng, p, s);
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
        (solution && !ojd_board_same_units(solution, puzzle)))
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
        for (int m = 0; m < moves; m++) {
            if (cand.units)
                variant_move(rng, &cand, solution ? &cand_solution : NULL);
            else /* the classic draw as it always was: a seed's cases stay what they were */
                random_move(rng, &cand, solution ? &cand_solution : NULL);
        }
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
