/*
 * cages.c -- the cage tracker of solve.h (ojd_cages): a killer board's cages, laid out for the
 * seed solvers' placement check, and its load from a board's givens.  The check itself and the
 * place / unplace steps are inline in solve.h, where the searches call them.
 */
#include "solve.h"

#include <string.h>

void ojd_cages_init(ojd_cages *c, const ojd_board *board)
{
    int side = board->side, cells = side * side, count = ojd_board_cage_count(board);
    c->side = side;
    c->count = count;
    c->all = ojd_all_values(side);
    c->lo[0] = c->hi[0] = 0;
    for (int n = 1; n <= side; n++)
        ojd_cage_sum_range(side, n, &c->lo[n], &c->hi[n]);
    if (count > 0)
        memcpy(c->cage, board->cage, (size_t)cells);
    else
        memset(c->cage, 0, (size_t)cells); /* the bit is off: the board's cage[] means nothing */
    c->sum[0] = 0;
    for (int k = 1; k <= count; k++)
        c->sum[k] = board->cage_sum[k];
    /* the cells by cage: counting sort, row-major within each cage (cage 0 first) */
    int size[OJD_MAX_CAGES + 1] = {0};
    for (int i = 0; i < cells; i++)
        size[c->cage[i]]++;
    c->start[0] = 0;
    for (int k = 0; k <= count; k++)
        c->start[k + 1] = c->start[k] + size[k];
    int next[OJD_MAX_CAGES + 1];
    memcpy(next, c->start, sizeof next);
    for (int i = 0; i < cells; i++)
        c->cells[next[c->cage[i]]++] = (int16_t)i;
    ojd_cages_clear(c);
}

void ojd_cages_clear(ojd_cages *c)
{
    for (int k = 0; k <= c->count; k++) {
        c->used[k] = 0;
        c->left[k] = c->sum[k];
        c->open[k] = c->start[k + 1] - c->start[k];
    }
}

bool ojd_cages_load(ojd_cages *c, const ojd_board *board)
{
    ojd_cages_init(c, board);
    int cells = c->side * c->side;
    bool ok = true;
    for (int i = 0; i < cells; i++) {
        int v = board->cell[i], k = c->cage[i];
        if (!v)
            continue;
        if (k && (c->used[k] >> (v - 1) & 1))
            ok = false; /* a repeat */
        ojd_cages_place(c, i, v);
    }
    /* every cage's rest must be a sum its empty cells can make (0 for a full cage) */
    for (int k = 1; k <= c->count; k++)
        if (c->left[k] < c->lo[c->open[k]] || c->left[k] > c->hi[c->open[k]])
            ok = false;
    return ok;
}
