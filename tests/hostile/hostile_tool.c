/*
 * hostile_tool.c -- helper of tests/hostile/run.sh: makes big hostile inputs on the fly, checks
 * answers independently of the library, and measures a command's peak memory.
 *
 *   hostile_tool stream PUZZLES N            N good puzzles, one 81-character line each
 *   hostile_tool mixed PUZZLES BAD EVERY GOODS
 *                                            BAD malformed lines, a good puzzle before every
 *                                            EVERY-th one and one at the end; the good ones also
 *                                            go to the file GOODS, in order
 *   hostile_tool check GOODS                 stdin holds one answer line per line of GOODS, in
 *                                            order; each must be a solved grid keeping the givens
 *   hostile_tool random SEED N               N pseudo-random bytes (any value, NUL included)
 *   hostile_tool rss OUT CMD [ARG...]        runs CMD (stdin/stdout/stderr inherited), writes its
 *                                            peak resident set in KiB to OUT, exits as CMD did
 *                                            (128 + signal number when a signal ended it)
 *
 * Good puzzles are derived from the 81-character lines of PUZZLES (each with one solution) by
 * relabelling the digits and transposing: both keep exactly one solution.  The check uses no
 * library code: it is the oracle the solver's answers are held against.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

enum { CELLS = 81, MAX_BASE = 64 };

typedef struct base_set {
    char puzzle[MAX_BASE][CELLS + 1];
    int n;
} base_set;

static void die(const char *what)
{
    fprintf(stderr, "hostile_tool: %s\n", what);
    exit(2);
}

static void load_base(const char *path, base_set *set)
{
    FILE *f = fopen(path, "r");
    if (!f)
        die("cannot open the puzzle file");
    char line[256];
    set->n = 0;
    while (set->n < MAX_BASE && fgets(line, sizeof line, f)) {
        line[strcspn(line, "\r\n")] = '\0';
        if (strlen(line) != CELLS)
            continue;
        memcpy(set->puzzle[set->n++], line, CELLS + 1);
    }
    fclose(f);
    if (set->n == 0)
        die("no 81-character puzzle in the puzzle file");
}

/* splitmix64: a fixed, portable stream, so that every run makes the same inputs */
static uint64_t next_random(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* The k-th good puzzle: base k % n, digits relabelled by a permutation drawn from k, transposed
 * when k's draw says so. */
static void good_puzzle(const base_set *set, uint64_t k, char out[CELLS + 1])
{
    uint64_t state = k * 2654435761u + 12345;
    char map[10] = "0123456789";
    for (int i = 9; i > 1; i--) {   /* Fisher-Yates over the digits 1..9 */
        int j = 1 + (int)(next_random(&state) % (uint64_t)i);
        char t = map[i];
        map[i] = map[j];
        map[j] = t;
    }
    bool transpose = next_random(&state) & 1;
    const char *src = set->puzzle[k % (uint64_t)set->n];
    for (int r = 0; r < 9; r++)
        for (int c = 0; c < 9; c++) {
            char ch = src[transpose ? c * 9 + r : r * 9 + c];
            out[r * 9 + c] = ch >= '1' && ch <= '9' ? map[ch - '0'] : '.';
        }
    out[CELLS] = '\0';
}

static int cmd_stream(const base_set *set, unsigned long n)
{
    char p[CELLS + 1];
    for (unsigned long k = 0; k < n; k++) {
        good_puzzle(set, k, p);
        fputs(p, stdout);
        fputc('\n', stdout);
    }
    return fflush(stdout) == 0 ? 0 : 2;
}

/* One malformed line derived from a good puzzle; kinds cycle through the ways a line goes bad.
 * None has a width a grid could have (4, 9, 16, 25, 81, ...), so none swallows the next line. */
static void write_malformed(const char *good, unsigned long i)
{
    char line[CELLS + 32];
    memcpy(line, good, CELLS + 1);
    size_t len = CELLS;
    switch (i % 6) {
    case 0: len = CELLS - 1; break;                       /* one cell short */
    case 1: line[CELLS] = '5'; len = CELLS + 1; break;    /* one cell too many */
    case 2: line[i % CELLS] = 'k'; break;                 /* a symbol no grid uses */
    case 3: line[i % CELLS] = '\0'; break;                /* a NUL byte */
    case 4: line[10] = (char)0xC3; line[11] = (char)0x28; break;  /* invalid UTF-8 */
    case 5:                                               /* 100 cells: a 10x10 puzzle? no */
        memset(line + CELLS, '.', 19);
        len = 100;
        break;
    }
    fwrite(line, 1, len, stdout);
    fputc('\n', stdout);
}

static int cmd_mixed(const base_set *set, unsigned long bad, unsigned long every,
                     const char *goods_path)
{
    FILE *goods = fopen(goods_path, "w");
    if (!goods)
        die("cannot write the goods file");
    char p[CELLS + 1];
    unsigned long k = 0;
    for (unsigned long i = 0; i <= bad; i++) {
        if (i % every == 0 || i == bad) {
            good_puzzle(set, k++, p);
            fprintf(stdout, "%s\n", p);
            fprintf(goods, "%s\n", p);
        }
        if (i < bad) {
            good_puzzle(set, 1000000 + i, p);
            write_malformed(p, i);
        }
    }
    if (fclose(goods) != 0 || fflush(stdout) != 0)
        die("write error");
    return 0;
}

/* The value of a symbol in a grid of the given side (digits up to 9x9, letters A=1 above), 0 for
 * a blank, -1 for anything else. */
static int symbol_value(char ch, int side)
{
    if (ch == '.' || ch == '0' || ch == '-')
        return 0;
    if (side <= 9)
        return ch >= '1' && ch <= '0' + side ? ch - '0' : -1;
    return ch >= 'A' && ch < 'A' + side ? ch - 'A' + 1 : -1;
}

/* true if answer is a complete grid of puzzle's size (one puzzle per line: 16, 81, 256 or 625
 * symbols), every row, column and box holding each value once, keeping puzzle's givens. */
static bool solves(const char *puzzle, const char *answer)
{
    int cells = (int)strlen(puzzle), side = 0, box = 0;
    for (int b = 2; b <= 5; b++)
        if (b * b * b * b == cells) {
            box = b;
            side = b * b;
        }
    if (side == 0 || (int)strlen(answer) != cells)
        return false;
    for (int i = 0; i < cells; i++) {
        int given = symbol_value(puzzle[i], side), value = symbol_value(answer[i], side);
        if (value < 1 || given < 0 || (given > 0 && given != value))
            return false;
    }
    uint32_t full = ((1u << side) - 1) << 1;
    for (int u = 0; u < side; u++) {
        uint32_t row = 0, col = 0, box_seen = 0;
        for (int k = 0; k < side; k++) {
            row |= 1u << symbol_value(answer[u * side + k], side);
            col |= 1u << symbol_value(answer[k * side + u], side);
            int r = (u / box) * box + k / box, c = (u % box) * box + k % box;
            box_seen |= 1u << symbol_value(answer[r * side + c], side);
        }
        if (row != full || col != full || box_seen != full)
            return false;
    }
    return true;
}

static int cmd_check(const char *goods_path)
{
    FILE *goods = fopen(goods_path, "r");
    if (!goods)
        die("cannot open the goods file");
    char puzzle[1024], answer[1024];
    unsigned long n = 0;
    while (fgets(puzzle, sizeof puzzle, goods)) {
        puzzle[strcspn(puzzle, "\r\n")] = '\0';
        n++;
        if (!fgets(answer, sizeof answer, stdin)) {
            fprintf(stderr, "hostile_tool: puzzle %lu got no answer\n", n);
            return 1;
        }
        answer[strcspn(answer, "\r\n")] = '\0';
        if (!solves(puzzle, answer)) {
            fprintf(stderr, "hostile_tool: answer %lu does not solve %s: %s\n", n, puzzle,
                    answer);
            return 1;
        }
    }
    fclose(goods);
    if (fgets(answer, sizeof answer, stdin)) {
        fprintf(stderr, "hostile_tool: more answers than puzzles (%lu)\n", n);
        return 1;
    }
    printf("%lu answers verified\n", n);
    return 0;
}

static int cmd_random(uint64_t seed, unsigned long n)
{
    uint64_t state = seed;
    for (unsigned long i = 0; i < n; i++)
        putchar((int)(next_random(&state) & 0xFF));
    return fflush(stdout) == 0 ? 0 : 2;
}

static int cmd_rss(const char *out_path, char **argv)
{
    pid_t pid = fork();
    if (pid < 0)
        die("fork failed");
    if (pid == 0) {
        execv(argv[0], argv);
        perror(argv[0]);
        _exit(127);
    }
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR)
            die("waitpid failed");
    struct rusage usage;
    if (getrusage(RUSAGE_CHILDREN, &usage) != 0)
        die("getrusage failed");
    FILE *out = fopen(out_path, "w");
    if (!out)
        die("cannot write the rss file");
    fprintf(out, "%ld\n", usage.ru_maxrss);   /* Linux: KiB */
    fclose(out);
    if (WIFSIGNALED(status))
        return 128 + WTERMSIG(status);
    return WEXITSTATUS(status);
}

static unsigned long number(const char *s)
{
    char *end;
    errno = 0;
    unsigned long v = strtoul(s, &end, 10);
    if (errno || *end || !*s)
        die("bad number");
    return v;
}

int main(int argc, char **argv)
{
    base_set set;
    if (argc == 4 && strcmp(argv[1], "stream") == 0) {
        load_base(argv[2], &set);
        return cmd_stream(&set, number(argv[3]));
    }
    if (argc == 6 && strcmp(argv[1], "mixed") == 0) {
        load_base(argv[2], &set);
        unsigned long every = number(argv[4]);
        return cmd_mixed(&set, number(argv[3]), every ? every : 1, argv[5]);
    }
    if (argc == 3 && strcmp(argv[1], "check") == 0)
        return cmd_check(argv[2]);
    if (argc == 4 && strcmp(argv[1], "random") == 0)
        return cmd_random(number(argv[2]), number(argv[3]));
    if (argc >= 4 && strcmp(argv[1], "rss") == 0)
        return cmd_rss(argv[2], argv + 3);
    fputs("usage: hostile_tool stream|mixed|check|random|rss ... (see the source)\n", stderr);
    return 2;
}
