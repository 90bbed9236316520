/*
 * gen_solve.c -- unit geometry and the generator's quick solver.
 *
 * Model: every cell holds a candidate mask (bit v-1 = value v possible) and a value (0 = open).
 * Placing a value removes it from the peers (three units); a peer left with one candidate is
 * queued (naked single); a peer left with none is a contradiction.  When the queue is empty, each
 * unit is scanned with the once/twice trick: a value with no place in a unit is a contradiction,
 * a value with exactly one place is queued (hidden single).  At the fixpoint the search branches on
 * an open cell with the fewest candidates, copying the frame (cells masks + values) to the next
 * depth.  The generator asks this solver thousands of "is there another solution?" questions, so
 * it is tuned for those: no allocation per call, frames reused.
 */
#include "gen.h"

#include <stdlib.h>
#include <string.h>

ojd_geo *ojd_geo_new(int box_rows, int box_cols)
{
    if (box_rows < 1 || box_cols < 1 || box_rows > OJD_MAX_BOX || box_cols > OJD_MAX_BOX)
        return NULL;
    ojd_geo *g = malloc(sizeof *g);
    if (!g)
        return NULL;
    int side = box_rows * box_cols;
    g->box_rows = box_rows;
    g->box_cols = box_cols;
    g->side = side;
    g->cells = side * side;
    g->all = ojd_all_values(side);
    int fill[3 * OJD_MAX_SIDE] = {0};
    for (int i = 0; i < g->cells; i++) {
        int r = i / side, c = i % side;
        int b = (r / box_rows) * box_rows + c / box_cols;
        int u[3] = {r, side + c, 2 * side + b};
        for (int k = 0; k < 3; k++) {
            g->cell_unit[i][k] = (int16_t)u[k];
            g->unit[u[k]][fill[u[k]]++] = (int16_t)i;
        }
    }
    return g;
}

struct ojd_qs {
    const ojd_geo *g;
    int cells;
    /* frames[d]: cand[cells] then val[cells] (as uint64_t for alignment simplicity) */
    uint64_t *cand;   /* cap * cells */
    uint8_t *val;     /* cap * cells */
    int *left;        /* cap */
    int cap;
    int *queue;       /* cells to place: cell index; value taken from the mask */
    unsigned long found, limit;
    unsigned long long nodes, max_nodes;
    bool stop, incomplete;
    bool dead;        /* the loaded frame 0 has no solution (set by load / forbid) */
    uint8_t *solution;
    ojd_rng *rng;
};

ojd_qs *ojd_qs_new(const ojd_geo *geo)
{
    ojd_qs *qs = calloc(1, sizeof *qs);
    if (!qs)
        return NULL;
    qs->g = geo;
    qs->cells = geo->cells;
    qs->queue = malloc(sizeof *qs->queue * (size_t)geo->cells * 2);
    if (!qs->queue) {
        free(qs);
        return NULL;
    }
    return qs;
}

void ojd_qs_free(ojd_qs *qs)
{
    if (!qs)
        return;
    free(qs->cand);
    free(qs->val);
    free(qs->left);
    free(qs->queue);
    free(qs);
}

/* Makes sure frame d exists.  false when out of memory. */
static bool frame_reserve(ojd_qs *qs, int d)
{
    if (d < qs->cap)
        return true;
    int cap = qs->cap ? qs->cap * 2 : 16;
    while (cap <= d)
        cap *= 2;
    size_t n = (size_t)cap * (size_t)qs->cells;
    uint64_t *cand = realloc(qs->cand, n * sizeof *cand);
    if (!cand)
        return false;
    qs->cand = cand;
    uint8_t *val = realloc(qs->val, n);
    if (!val)
        return false;
    qs->val = val;
    int *left = realloc(qs->left, (size_t)cap * sizeof *left);
    if (!left)
        return false;
    qs->left = left;
    qs->cap = cap;
    return true;
}

/*
 * Places the queued cells queue[0..tail) of frame d (each with a one-bit mask already) and
 * propagates singles to the fixpoint; false on contradiction.
 */
static bool propagate(ojd_qs *qs, int d, int tail)
{
    const ojd_geo *g = qs->g;
    uint64_t *cand = qs->cand + (size_t)d * (size_t)qs->cells;
    uint8_t *val = qs->val + (size_t)d * (size_t)qs->cells;
    int head = 0;
    for (;;) {
        while (head < tail) {
            int c = qs->queue[head++];
            if (val[c])
                continue;
            uint64_t bit = cand[c];
            if (!bit || (bit & (bit - 1)))
                return false; /* the queued single lost its value to another placement */
            val[c] = (uint8_t)(ojd_ctz64(bit) + 1);
            qs->left[d]--;
            for (int k = 0; k < 3; k++) {
                const int16_t *u = g->unit[g->cell_unit[c][k]];
                for (int j = 0; j < g->side; j++) {
                    int p = u[j];
                    if (p == c || !(cand[p] & bit))
                        continue;
                    if (val[p])
                        return false;
                    uint64_t m = cand[p] &= ~bit;
                    if (!m)
                        return false;
                    if (!(m & (m - 1))) {
                        if (tail >= 2 * qs->cells)
                            return false; /* cannot happen: a mask becomes single once */
                        qs->queue[tail++] = p;
                    }
                }
            }
        }
        /* hidden singles */
        head = tail = 0;
        for (int un = 0; un < 3 * g->side; un++) {
            const int16_t *u = g->unit[un];
            uint64_t once = 0, twice = 0, placed = 0;
            for (int j = 0; j < g->side; j++) {
                int p = u[j];
                if (val[p]) {
                    placed |= cand[p];
                } else {
                    twice |= once & cand[p];
                    once |= cand[p];
                }
            }
            uint64_t need = g->all & ~placed;
            if ((once & need) != need)
                return false;
            uint64_t single = once & ~twice & need;
            while (single) {
                uint64_t bit = single & (0 - single);
                single &= single - 1;
                for (int j = 0; j < g->side; j++) {
                    int p = u[j];
                    if (!val[p] && (cand[p] & bit)) {
                        cand[p] = bit;
                        qs->queue[tail++] = p;
                        break;
                    }
                }
            }
            if (tail >= qs->cells)
                break; /* plenty to do; the queue must not overflow */
        }
        if (tail == 0)
            return true;
    }
}

/* Places value v (1-based) in cell i of frame d and propagates singles; false on contradiction. */
static bool place_and_propagate(ojd_qs *qs, int d, int i, int v)
{
    uint64_t *cand = qs->cand + (size_t)d * (size_t)qs->cells;
    if (!(cand[i] & ((uint64_t)1 << (v - 1))))
        return false;
    cand[i] = (uint64_t)1 << (v - 1);
    qs->queue[0] = i;
    return propagate(qs, d, 1);
}

void ojd_qs_load(ojd_qs *qs, const uint8_t *cells)
{
    qs->dead = false;
    qs->incomplete = false;
    if (!frame_reserve(qs, 0)) {
        qs->incomplete = qs->dead = true;
        return;
    }
    for (int i = 0; i < qs->cells; i++)
        qs->cand[i] = qs->g->all;
    memset(qs->val, 0, (size_t)qs->cells);
    qs->left[0] = qs->cells;
    /* queue every given, then propagate once (a conflict shows as an emptied mask) */
    int tail = 0;
    for (int i = 0; i < qs->cells; i++)
        if (cells[i]) {
            qs->cand[i] = (uint64_t)1 << (cells[i] - 1);
            qs->queue[tail++] = i;
        }
    if (!propagate(qs, 0, tail))
        qs->dead = true; /* contradiction: no solution */
}

/* Removes value from cell in frame d; false when that leaves no solution. */
static bool forbid_at(ojd_qs *qs, int d, int cell, int value)
{
    uint64_t *cand = qs->cand + (size_t)d * (size_t)qs->cells;
    uint8_t *val = qs->val + (size_t)d * (size_t)qs->cells;
    if (val[cell])
        return val[cell] != value;
    uint64_t m = cand[cell] &= ~((uint64_t)1 << (value - 1));
    if (!m)
        return false;
    return (m & (m - 1)) || place_and_propagate(qs, d, cell, ojd_ctz64(m) + 1);
}

void ojd_qs_forbid(ojd_qs *qs, int cell, int value)
{
    if (!qs->dead && !forbid_at(qs, 0, cell, value))
        qs->dead = true;
}

static void search(ojd_qs *qs, int d)
{
    size_t n = (size_t)qs->cells;
    uint64_t *cand = qs->cand + (size_t)d * n;
    uint8_t *val = qs->val + (size_t)d * n;
    if (qs->left[d] == 0) {
        if (qs->found++ == 0 && qs->solution)
            memcpy(qs->solution, val, n);
        if (qs->found >= qs->limit)
            qs->stop = true;
        return;
    }
    if (qs->max_nodes && ++qs->nodes > qs->max_nodes) {
        qs->stop = qs->incomplete = true;
        return;
    }
    int best = -1, best_count = 65;
    for (int i = 0; i < qs->cells; i++) {
        if (val[i])
            continue;
        int k = ojd_popcount64(cand[i]);
        if (k < best_count) {
            best = i, best_count = k;
            if (k <= 2)
                break;
        }
    }
    if (!frame_reserve(qs, d + 1)) {
        qs->stop = qs->incomplete = true;
        return;
    }
    /* frame_reserve may move the frames */
    cand = qs->cand + (size_t)d * n;
    val = qs->val + (size_t)d * n;
    int values[OJD_MAX_SIDE], count = 0;
    for (uint64_t m = cand[best]; m; m &= m - 1)
        values[count++] = ojd_ctz64(m) + 1;
    if (qs->rng)
        for (int k = count - 1; k > 0; k--) {
            int j = (int)ojd_rng_below(qs->rng, (uint64_t)k + 1);
            int t = values[k];
            values[k] = values[j], values[j] = t;
        }
    for (int k = 0; k < count && !qs->stop; k++) {
        memcpy(qs->cand + (size_t)(d + 1) * n, qs->cand + (size_t)d * n, n * sizeof *cand);
        memcpy(qs->val + (size_t)(d + 1) * n, qs->val + (size_t)d * n, n);
        qs->left[d + 1] = qs->left[d];
        if (place_and_propagate(qs, d + 1, best, values[k]))
            search(qs, d + 1);
    }
}

/* Sets up a search; false when frame 0 has no solution or frame 1 cannot be allocated. */
static bool begin(ojd_qs *qs, unsigned long limit, unsigned long long max_nodes, ojd_rng *rng,
                  uint8_t *solution)
{
    qs->found = 0;
    qs->limit = limit ? limit : 1;
    qs->nodes = 0;
    qs->max_nodes = max_nodes;
    qs->rng = rng;
    qs->solution = solution;
    qs->stop = false;
    qs->incomplete = qs->dead && qs->incomplete; /* an allocation failure in load stays */
    return !qs->dead;
}

unsigned long ojd_qs_run(ojd_qs *qs, unsigned long limit, unsigned long long max_nodes,
                         ojd_rng *rng, uint8_t *solution, bool *complete)
{
    if (begin(qs, limit, max_nodes, rng, solution))
        search(qs, 0);
    if (complete)
        *complete = !qs->incomplete;
    return qs->found;
}

unsigned long ojd_qs_run_forbid(ojd_qs *qs, int cell, int value, unsigned long long max_nodes,
                                bool *complete)
{
    size_t n = (size_t)qs->cells;
    if (begin(qs, 1, max_nodes, NULL, NULL)) {
        if (!frame_reserve(qs, 1)) {
            qs->incomplete = true;
        } else {
            memcpy(qs->cand + n, qs->cand, n * sizeof *qs->cand);
            memcpy(qs->val + n, qs->val, n);
            qs->left[1] = qs->left[0];
            if (forbid_at(qs, 1, cell, value))
                search(qs, 1);
        }
    }
    *complete = !qs->incomplete;
    return qs->found;
}

bool ojd_qs_solved_by_singles(const ojd_qs *qs)
{
    return !qs->dead && qs->left && qs->left[0] == 0;
}
