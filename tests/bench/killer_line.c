/*
 * killer_line.c -- the killer line form read and written, and the rule check, for make bench
 * (see killer_line.h).  Written apart from the library's reader and checker on purpose: it is
 * the independent judge of every answer the killer benchmark times.
 */
#include "killer_line.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The next field of line[*at..len) up to ':' (or the end); *at moves past the ':'. */
static void next_field(const char *line, size_t len, size_t *at, size_t *start, size_t *end)
{
    *start = *at;
    while (*at < len && line[*at] != ':')
        (*at)++;
    *end = *at;
    if (*at < len)
        (*at)++;
}

static bool parse_cages(const char *cages, killer_puzzle *p, char *why, size_t size)
{
    unsigned char symbol_of[KILLER_MAX_CAGES + 1];
    p->cage_count = 0;
    for (int i = 0; i < KILLER_CELLS; i++) {
        unsigned char c = (unsigned char)cages[i];
        int k = 0;
        if (c == '.') {
            p->cage[i] = 0;
            continue;
        }
        for (int j = 1; j <= p->cage_count && !k; j++)
            if (symbol_of[j] == c)
                k = j;
        if (!k) {
            if (p->cage_count == KILLER_MAX_CAGES) {
                snprintf(why, size, "more than %d cages", KILLER_MAX_CAGES);
                return false;
            }
            k = ++p->cage_count;
            symbol_of[k] = c;
        }
        p->cage[i] = (uint8_t)k;
    }
    return true;
}

static bool parse_sums(const char *s, size_t n, killer_puzzle *p, char *why, size_t size)
{
    int k = 0;
    size_t i = 0;
    while (i < n) {
        int v = 0, digits = 0;
        while (i < n && s[i] >= '0' && s[i] <= '9' && digits < 4)
            v = v * 10 + (s[i++] - '0'), digits++;
        if (!digits || (i < n && s[i] != ',') || k == p->cage_count) {
            snprintf(why, size, "sums: expected %d comma-separated numbers", p->cage_count);
            return false;
        }
        p->sum[++k] = v;
        i++; /* the comma */
    }
    if (k != p->cage_count) {
        snprintf(why, size, "%d sums for %d cages", k, p->cage_count);
        return false;
    }
    return true;
}

bool killer_parse(const char *line, size_t len, killer_puzzle *p, char *why, size_t size)
{
    size_t at = 0, gs, ge, rs, re, cs, ce, ss, se;
    next_field(line, len, &at, &gs, &ge);
    next_field(line, len, &at, &rs, &re);
    next_field(line, len, &at, &cs, &ce);
    next_field(line, len, &at, &ss, &se);
    memset(p, 0, sizeof *p);
    if (ge - gs != KILLER_CELLS || ce - cs != KILLER_CELLS || at != len || se > len) {
        snprintf(why, size, "not GIVENS:REGIONS:CAGES:SUMS with 81 givens and 81 cage symbols");
        return false;
    }
    if (re != rs) {
        snprintf(why, size, "a region map: this harness reads boxes only");
        return false;
    }
    for (int i = 0; i < KILLER_CELLS; i++) {
        char c = line[gs + (size_t)i];
        if (c != '.' && (c < '1' || c > '9')) {
            snprintf(why, size, "given %d is '%c'", i + 1, c);
            return false;
        }
        p->given[i] = (uint8_t)(c == '.' ? 0 : c - '0');
    }
    return parse_cages(line + cs, p, why, size) && parse_sums(line + ss, se - ss, p, why, size);
}

bool killer_format(const killer_puzzle *p, char *out)
{
    static const char symbols[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    if (p->cage_count > 52)
        return false;
    char *o = out;
    for (int i = 0; i < KILLER_CELLS; i++)
        *o++ = p->given[i] ? (char)('0' + p->given[i]) : '.';
    *o++ = ':';
    *o++ = ':';
    /* cages are numbered in order of first appearance, so symbol k-1 is cage k */
    for (int i = 0; i < KILLER_CELLS; i++)
        *o++ = p->cage[i] ? symbols[p->cage[i] - 1] : '.';
    *o++ = ':';
    for (int k = 1; k <= p->cage_count; k++)
        o += sprintf(o, "%s%d", k > 1 ? "," : "", p->sum[k]);
    *o = '\0';
    return true;
}

int killer_givens(const killer_puzzle *p)
{
    int n = 0;
    for (int i = 0; i < KILLER_CELLS; i++)
        n += p->given[i] != 0;
    return n;
}

/* true when the 9 cells of a unit hold 1..9 once each. */
static bool unit_ok(const uint8_t *grid, const int *cells)
{
    unsigned seen = 0;
    for (int j = 0; j < 9; j++)
        seen |= 1u << grid[cells[j]];
    return seen == 0x3FEu;
}

static bool units_ok(const uint8_t *grid, char *why, size_t size)
{
    static const char *const names[] = {"row", "column", "box"};
    for (int kind = 0; kind < 3; kind++)
        for (int u = 0; u < 9; u++) {
            int cells[9];
            for (int j = 0; j < 9; j++)
                cells[j] = kind == 0   ? u * 9 + j
                           : kind == 1 ? j * 9 + u
                                       : (u / 3 * 3 + j / 3) * 9 + u % 3 * 3 + j % 3;
            if (!unit_ok(grid, cells)) {
                snprintf(why, size, "%s %d is not 1..9 once each", names[kind], u + 1);
                return false;
            }
        }
    return true;
}

bool killer_check(const killer_puzzle *p, const uint8_t *grid, char *why, size_t size)
{
    for (int i = 0; i < KILLER_CELLS; i++) {
        if (grid[i] < 1 || grid[i] > 9) {
            snprintf(why, size, "cell %d holds %d", i + 1, grid[i]);
            return false;
        }
        if (p->given[i] && p->given[i] != grid[i]) {
            snprintf(why, size, "cell %d: given %d, answer %d", i + 1, p->given[i], grid[i]);
            return false;
        }
    }
    if (!units_ok(grid, why, size))
        return false;
    for (int k = 1; k <= p->cage_count; k++) {
        unsigned seen = 0;
        int total = 0, cells = 0;
        for (int i = 0; i < KILLER_CELLS; i++) {
            if (p->cage[i] != k)
                continue;
            if (seen & (1u << grid[i])) {
                snprintf(why, size, "cage %d repeats %d", k, grid[i]);
                return false;
            }
            seen |= 1u << grid[i];
            total += grid[i];
            cells++;
        }
        if (!cells || total != p->sum[k]) {
            snprintf(why, size, "cage %d sums to %d, not %d", k, total, p->sum[k]);
            return false;
        }
    }
    return true;
}
