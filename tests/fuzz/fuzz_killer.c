/*
 * fuzz_killer.c -- libFuzzer target for killer cages through the API: any cage map, any sums,
 * any givens, on 4x4, 6x6 and 9x9 grids, every solver.
 *
 * Input: a shape byte (4x4, 6x6 or 9x9; 4x4 with X or not), a solver byte (index into
 * ojd_solver_list()), then one byte per cell: its cage (the low bits: a cage number, 0 = none),
 * whether it is a given (bit 7) and a sum change (bit 6: its cage's sum is off by one).  Sums are
 * made from a solved grid of the shape, so most inputs are puzzles with solutions, and the
 * changes make the others.  Invariants: ojd_board_set_cages() takes a map or refuses it, never
 * more; every solver that takes cages gives the same count at limit 3 as a plain backtracking
 * counter written here (4x4) or as "fast" (6x6 and 9x9, under a node budget), each reported
 * solution keeps every rule; a solver that does not take cages answers OJD_ERR_USAGE.
 */
#include "fuzz_common.h"

#include <string.h>

enum { NODE_BUDGET = 2000, LIMIT = 3 };

static const char *const solved[] = {
    "1234341221434321", "123456456123231564564231312645645312",
    "527389416819426735436751829375692184194538267268174593643217958951843672782965341"};
/* a 4x4 grid that keeps both diagonals too: the X variant's */
static const char solved_x4[] = "1234341243212143";

/* Whether v in cell i keeps the rules with the filled cells of b (units by the board's own
 * lists, cages by their definition: distinct, a sum not passed, exact when full). */
static bool allowed(const ojd_board *b, int i, int v)
{
    int units = ojd_board_unit_count(b), cells[64];
    for (int u = 0; u < units; u++) {
        ojd_board_unit_cells(b, u, cells);
        bool in = false, seen = false;
        for (int k = 0; k < b->side; k++) {
            in |= cells[k] == i;
            seen |= cells[k] != i && b->cell[cells[k]] == v;
        }
        if (in && seen)
            return false;
    }
    int k = b->cage[i], sum = v, empty = 0;
    if (!(b->units & OJD_UNITS_KILLER) || !k)
        return true;
    for (int j = 0; j < b->side * b->side; j++) {
        if (j == i || b->cage[j] != k)
            continue;
        if (b->cell[j] == v)
            return false;
        sum += b->cell[j];
        empty += b->cell[j] == 0;
    }
    return empty ? sum < b->cage_sum[k] : sum == b->cage_sum[k];
}

static long count_plain(ojd_board *b, int from, long limit)
{
    int cells = b->side * b->side;
    while (from < cells && b->cell[from])
        from++;
    if (from == cells)
        return 1;
    long found = 0;
    for (int v = 1; v <= b->side && found < limit; v++)
        if (allowed(b, from, v)) {
            b->cell[from] = (uint8_t)v;
            found += count_plain(b, from + 1, limit - found);
            b->cell[from] = 0;
        }
    return found;
}

static bool givens_keep_rules(ojd_board *b)
{
    for (int i = 0; i < b->side * b->side; i++) {
        int v = b->cell[i];
        if (!v)
            continue;
        b->cell[i] = 0;
        bool ok = allowed(b, i, v);
        b->cell[i] = (uint8_t)v;
        if (!ok)
            return false;
    }
    return true;
}

/* The board the bytes describe, or false when set_cages refuses it (it must say why). */
static bool make_board(const uint8_t *data, size_t size, ojd_board *b)
{
    int shape = data[0] % 3, side = shape == 0 ? 4 : shape == 1 ? 6 : 9, cells = side * side;
    bool x = (data[0] & 4) && side == 4;
    const char *grid = x ? solved_x4 : solved[shape];
    if (ojd_board_init_side(b, side) != OJD_OK)
        fuzz_fail("init %d", side);
    if (x && ojd_board_set_extras(b, OJD_UNITS_X) != OJD_OK)
        fuzz_fail("X on %d", side);
    int cage[81], sum[81] = {0}, most = cells / 2 + 1, count = 0;
    for (int i = 0; i < cells; i++) {
        uint8_t byte = 2 + (size_t)i < size ? data[2 + i] : 0;
        cage[i] = (byte & 0x3f) % (most + 1);
        if (cage[i] > count)
            count = cage[i];
        b->cell[i] = byte & 0x80 ? (uint8_t)(grid[i] - '0') : 0;
    }
    for (int i = 0; i < cells; i++)
        if (cage[i]) {
            uint8_t byte = 2 + (size_t)i < size ? data[2 + i] : 0;
            sum[cage[i] - 1] += grid[i] - '0' + (byte & 0x40 ? 1 : 0);
        }
    ojd_error err = {0};
    ojd_status st = ojd_board_set_cages(b, cage, sum, count, &err);
    if (st != OJD_OK && (st != OJD_ERR_INVALID || err.message[0] == '\0'))
        fuzz_fail("set_cages: status %d without a reason", (int)st);
    return st == OJD_OK;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2)
        return 0;
    ojd_board b;
    if (!make_board(data, size, &b))
        return 0;
    const ojd_solver *solver = ojd_solver_list()[data[1] % fuzz_solver_count()];
    ojd_engine *e = ojd_engine_new(solver);
    ojd_engine *ref = ojd_engine_new(ojd_solver_find("fast"));
    ojd_result *r = malloc(sizeof *r), *rr = malloc(sizeof *rr);
    if (!e || !ref || !r || !rr)
        fuzz_fail("out of memory");
    ojd_search s = {.limit = LIMIT, .max_nodes = b.side > 4 ? NODE_BUDGET : 0};
    ojd_status st = ojd_engine_solve(e, &b, &s, r);
    if (st == OJD_ERR_USAGE)
        goto done; /* a solver that does not take cages: refused, not answered */
    if (st < 0 && st != OJD_ERR_USAGE)
        fuzz_fail("%s: status %d", ojd_solver_name(solver), (int)st);
    if ((st == OJD_OK || st == OJD_MULTIPLE) && !ojd_board_solves(&b, &r->solution))
        fuzz_fail("%s: a solution that breaks a rule", ojd_solver_name(solver));
    if (st == OJD_LIMIT)
        goto done;
    long expected;
    if (b.side == 4) { /* a plain count ends fast only here: 6x6 with no solution is not small */
        ojd_board copy = b;
        expected = givens_keep_rules(&copy) ? count_plain(&copy, 0, LIMIT) : 0;
    } else {
        ojd_status rs = ojd_engine_solve(ref, &b, &s, rr);
        if (rs == OJD_LIMIT)
            goto done;
        expected = (long)rr->solutions;
    }
    if ((long)r->solutions != expected)
        fuzz_fail("%s: %lu solutions, the reference %ld", ojd_solver_name(solver), r->solutions,
                  expected);
done:
    free(r);
    free(rr);
    ojd_engine_free(e);
    ojd_engine_free(ref);
    return 0;
}
