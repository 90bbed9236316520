/*
 * format.c -- the table of judge profiles, and what a profile means.  Each entry says how the
 * judge writes its input and exactly how it wants answers framed; the reader, writer and checker
 * are driven by these fields alone, so adding a judge is adding an entry here (docs/formats.md
 * has the sources for every field).  The rules that read the fields (the output style and
 * alphabet of a case, the outcome of a status, the templates, the search a case gets) are
 * written once, below the table: the writer prints by them, the checker expects by them.
 */
#include "format.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define WORDS(solved, multiple, unsolvable, conflict) {solved, multiple, unsolvable, conflict}
/* The kinds of case a statement's input may hold (ojd_format.kinds): every judge has unique
 * cases; the others only where the statement says what to answer for them. */
#define KIND_UNIQUE OJD_KIND_BIT(OJD_OUTCOME_SOLVED)
#define KIND_MULTIPLE OJD_KIND_BIT(OJD_OUTCOME_MULTIPLE)
#define KIND_UNSOLVABLE OJD_KIND_BIT(OJD_OUTCOME_UNSOLVABLE)
#define KIND_CONFLICT OJD_KIND_BIT(OJD_OUTCOME_CONFLICT)

/* ---- the catalogue: one row per judge problem ---------------------------------------------- *
 * In `ojdoku formats` order: the classic solving problems, the ones that ask for the smallest
 * solution, the small-grid and single-grid ones, the verdicts, the counts, then the profiles that
 * are no judge's (line, grid, json).  .url is where the statement was read (docs/formats.md and
 * samples/PROVENANCE.md say how), .aliases the same statement on other judges. */

static const ojd_format hdu1426 = {
    .name = "hdu1426", .summary = "HDU 1426: 9x9, '?' blanks, spaced cells, blank line between",
    .title = "Sudoku Killer", .url = "https://acm.hdu.edu.cn/showproblem.php?pid=1426",
    .grammar = OJD_GRAMMAR_SPACED, .side = 9, .count_line = 0, .in_separator = OJD_SEP_BLANK,
    .blank = '?', .style = OJD_STYLE_SPACED, .framing = OJD_FRAME_BETWEEN,
    .out_separator = OJD_SEP_BLANK,
    .kinds = KIND_UNIQUE, /* "exactly one solution is guaranteed" */
};

static const ojd_format poj2676 = {
    .name = "poj2676", .summary = "POJ 2676: count, 9x9 rows of digits, '0' blanks, no separators",
    .title = "Sudoku", .url = "http://poj.org/problem?id=2676", .aliases = {"luogu10481"},
    .grammar = OJD_GRAMMAR_PACKED, .side = 9, .count_line = 1, .blank = '0',
    .style = OJD_STYLE_PACKED, .framing = OJD_FRAME_NONE,
    .kinds = KIND_UNIQUE | KIND_MULTIPLE, /* "may print any one of them" */
};

static const ojd_format poj2918 = {
    .name = "poj2918",
    .summary = "POJ 2918 Tudoku: count, 9x9 digit rows, \"Scenario #i:\" + blank line after",
    .title = "Tudoku", .url = "http://poj.org/problem?id=2918", .aliases = {"boj7517"},
    .grammar = OJD_GRAMMAR_PACKED, .side = 9, .count_line = 1, .in_separator = OJD_SEP_BLANK,
    .blank = '0', .style = OJD_STYLE_PACKED, .framing = OJD_FRAME_AFTER,
    .out_separator = OJD_SEP_BLANK, .header = "Scenario #{case}:",
    .kinds = KIND_UNIQUE,
};

static const ojd_format poj3074 = {
    .name = "poj3074",
    .summary = "POJ 3074 / AcWing 166: 81-character lines with '.' blanks, \"end\"",
    .title = "Sudoku", .url = "http://poj.org/problem?id=3074",
    .aliases = {"acwing166", "luogu10482"},
    .grammar = OJD_GRAMMAR_LINE, .side = 9, .count_line = 0, .terminator = true, .blank = '.',
    .style = OJD_STYLE_LINE, .framing = OJD_FRAME_NONE,
    .kinds = KIND_UNIQUE, /* "Each puzzle has exactly one solution" */
};

static const ojd_format poj3076 = {
    .name = "poj3076", .summary = "POJ 3076 / UVa 1309 / ZOJ 3122: 16x16 letters A-P, '-' blanks",
    .title = "Sudoku", .url = "http://poj.org/problem?id=3076",
    .aliases = {"uva1309", "zoj3122", "acwing169"},
    .grammar = OJD_GRAMMAR_PACKED, .side = 16, .count_line = 0, .in_separator = OJD_SEP_BLANK,
    .blank = '-', .letters = true, .style = OJD_STYLE_PACKED, .framing = OJD_FRAME_BETWEEN,
    .out_separator = OJD_SEP_BLANK,
    .kinds = KIND_UNIQUE,
};

static const ojd_format spoj = {
    .name = "spoj", .summary = "SPOJ SUDOKU: count, then 16x16 letter grids like POJ 3076",
    .title = "Sudoku", .url = "https://www.spoj.com/problems/SUDOKU/", .aliases = {"spojsudoku"},
    .grammar = OJD_GRAMMAR_PACKED, .side = 16, .count_line = 1, .in_separator = OJD_SEP_BLANK,
    .blank = '-', .letters = true, .style = OJD_STYLE_PACKED, .framing = OJD_FRAME_BETWEEN,
    .out_separator = OJD_SEP_BLANK,
    .kinds = KIND_UNIQUE, .max_cases = 10, /* K <= 10 */
};

static const ojd_format uva989 = {
    .name = "uva989",
    .summary = "UVa 989: box size n, n^2 x n^2 spaced grid; smallest solution; NO SOLUTION",
    .title = "Su Doku", .url = "https://onlinejudge.org/external/9/989.pdf",
    .grammar = OJD_GRAMMAR_SPACED, .side = 0, .count_line = 0, .size_prefix = true,
    .in_separator = OJD_SEP_BLANK, .blank = '0', .style = OJD_STYLE_SPACED,
    .framing = OJD_FRAME_BETWEEN, .out_separator = OJD_SEP_BLANK, .lexmin = true,
    .words = WORDS(NULL, NULL, "NO SOLUTION", "NO SOLUTION"),
    .kinds = OJD_KINDS_ALL, .min_side = 1, .max_side = 9, /* 1 <= n <= 3 */
};

static const ojd_format uva10957 = {
    .name = "uva10957",
    .summary = "UVa 10957 So Doku Checker: \"Case N: Unique/Ambiguous/Impossible/Illegal.\"",
    .title = "So Doku Checker", .url = "https://onlinejudge.org/external/109/10957.pdf",
    .grammar = OJD_GRAMMAR_SPACED, .side = 9, .count_line = 0, .in_separator = OJD_SEP_BLANK,
    .blank = '0', .style = OJD_STYLE_VERDICT, .framing = OJD_FRAME_NONE, .unique = true,
    .words = WORDS("Unique", "Ambiguous", "Impossible", "Illegal"),
    .verdict_line = "Case {case}: {word}.",
    .kinds = OJD_KINDS_ALL,
};

static const ojd_format kattis = {
    .name = "kattis", .summary = "Kattis sudokunique: grid, \"Non-unique\" or \"Find another job\"",
    .title = "Unique Sudoku", .url = "https://open.kattis.com/problems/sudokunique",
    .aliases = {"kattissudokunique"},
    .grammar = OJD_GRAMMAR_SPACED, .side = 9, .count_line = 0, .in_separator = OJD_SEP_BLANK,
    .blank = '0', .style = OJD_STYLE_SPACED, .framing = OJD_FRAME_BETWEEN,
    .out_separator = OJD_SEP_BLANK, .unique = true,
    .words = WORDS(NULL, "Non-unique", "Find another job", "Find another job"),
    .kinds = OJD_KINDS_ALL, .max_cases = 100, /* "up to 100 boards" */
};

static const ojd_format hdu3111 = {
    .name = "hdu3111",
    .summary = "HDU 3111: count, '?' digit rows, \"---\" between cases, \"impossible\"",
    .title = "Sudoku", .url = "https://acm.hdu.edu.cn/showproblem.php?pid=3111",
    .grammar = OJD_GRAMMAR_PACKED, .side = 9, .count_line = 1, .in_separator = OJD_SEP_DASHES,
    .blank = '?', .style = OJD_STYLE_PACKED, .framing = OJD_FRAME_BETWEEN,
    .out_separator = OJD_SEP_DASHES, .words = WORDS(NULL, NULL, "impossible", "impossible"),
    .kinds = KIND_UNIQUE | KIND_UNSOLVABLE | KIND_CONFLICT, /* solvable cases are unique */
};

static const ojd_format hdu2780 = {
    .name = "hdu2780",
    .summary = "HDU 2780: count, digit rows, blank line between, \"Could not complete this grid.\"",
    .title = "Su-Su-Sudoku", .url = "https://acm.hdu.edu.cn/showproblem.php?pid=2780",
    .grammar = OJD_GRAMMAR_PACKED, .side = 9, .count_line = 1, .blank = '0',
    .style = OJD_STYLE_PACKED, .framing = OJD_FRAME_BETWEEN, .out_separator = OJD_SEP_BLANK,
    .words = WORDS(NULL, NULL, "Could not complete this grid.", "Could not complete this grid."),
    .kinds = KIND_UNIQUE | KIND_UNSOLVABLE | KIND_CONFLICT, .blanks = 5, /* "exactly five 0s" */
};

static const ojd_format leetcode = {
    .name = "leetcode",
    .summary = "LeetCode 37: [[\"5\",\"3\",\".\",...],...] board literal, one per line",
    .title = "Sudoku Solver", .url = "https://leetcode.com/problems/sudoku-solver/",
    .aliases = {"leetcode37"},
    .grammar = OJD_GRAMMAR_LITERAL, .side = 0, .count_line = 0, .blank = '.',
    .style = OJD_STYLE_LITERAL, .framing = OJD_FRAME_NONE,
    .kinds = KIND_UNIQUE, .min_side = 9, .max_side = 9, /* board.length == 9, one solution */
};

static const ojd_format euler96 = {
    .name = "euler96",
    .summary = "Project Euler 96: \"Grid NN\" + 9 digit rows; answer = sum of top-left numbers",
    .title = "Su Doku", .url = "https://projecteuler.net/problem=96",
    .grammar = OJD_GRAMMAR_PACKED, .side = 9, .count_line = 0, .blank = '0',
    .in_header = "Grid {case:02}", .style = OJD_STYLE_SUM, .framing = OJD_FRAME_NONE,
    .kinds = KIND_UNIQUE,
};

/* One grid of 9 digit rows, '0' blanks, answered the same way: a row each, as several
 * statements ask (their samples agree byte for byte). */
#define ONE_PACKED_GRID                                                                        \
    .grammar = OJD_GRAMMAR_PACKED, .side = 9, .count_line = 0, .blank = '0',                   \
    .style = OJD_STYLE_PACKED, .framing = OJD_FRAME_NONE, .max_cases = 1

static const ojd_format boj2239 = {
    .name = "boj2239",
    .summary = "BOJ 2239: one grid of 9 digit rows, '0' blanks; smallest solution",
    .title = "스도쿠 (Sudoku)", .url = "https://www.acmicpc.net/problem/2239",
    ONE_PACKED_GRID, .lexmin = true,
    .kinds = KIND_UNIQUE | KIND_MULTIPLE, /* "the one that comes first as an 81-digit number" */
};

static const ojd_format ecnu1021 = {
    .name = "ecnu1021",
    .summary = "ECNU 1021: one grid of 9 rows, '.' blanks; smallest solution, row by row",
    .title = "数独问题 (Sudoku)", .url = "https://acm.ecnu.edu.cn/contest/297/problem/1021/",
    .grammar = OJD_GRAMMAR_PACKED, .side = 9, .count_line = 0, .blank = '.',
    .style = OJD_STYLE_PACKED, .framing = OJD_FRAME_NONE, .max_cases = 1, .lexmin = true,
    .kinds = KIND_UNIQUE | KIND_MULTIPLE, /* "the solution is not guaranteed to be unique" */
};

static const ojd_format spojnovice42 = {
    .name = "spojnovice42",
    .summary = "SPOJ NOVICE42: count, \"Grid NN\" + 9 digit rows; header echoed, smallest solution",
    .title = "Problem 2", .url = "https://www.spoj.com/problems/NOVICE42/",
    .grammar = OJD_GRAMMAR_PACKED, .side = 9, .count_line = 1, .blank = '0',
    .in_header = "Grid {case:02}", .style = OJD_STYLE_PACKED, .framing = OJD_FRAME_BETWEEN,
    .out_separator = OJD_SEP_BLANK, .header = "{label}", .lexmin = true,
    .kinds = KIND_UNIQUE | KIND_MULTIPLE, /* "print lexicographically minimum solution" */
};

static const ojd_format hdu5547 = {
    .name = "hdu5547", .summary = "HDU 5547 / UVa 12988: count, 4x4 with '*' blanks; \"Case #x:\"",
    .title = "Sudoku", .url = "https://acm.hdu.edu.cn/showproblem.php?pid=5547",
    .aliases = {"uva12988"},
    .grammar = OJD_GRAMMAR_PACKED, .side = 4, .count_line = 1, .in_separator = OJD_SEP_BLANK,
    .in_separator_first = true, /* "Each test case starts with an empty line" */
    .blank = '*', .style = OJD_STYLE_PACKED, .framing = OJD_FRAME_NONE,
    .header = "Case #{case}:",
    .kinds = KIND_UNIQUE, .max_cases = 100, /* "the solution is unique", T <= 100 */
};

static const ojd_format dmojminiaturesudoku = {
    .name = "dmojminiaturesudoku", .summary = "DMOJ miniaturesudoku: count, 4x4 with 'X' blanks",
    .title = "Miniature Sudoku", .url = "https://dmoj.ca/problem/miniaturesudoku",
    .grammar = OJD_GRAMMAR_PACKED, .side = 4, .count_line = 1, .blank = 'X',
    .style = OJD_STYLE_PACKED, .framing = OJD_FRAME_NONE,
    .kinds = KIND_UNIQUE | KIND_MULTIPLE, /* "Any valid solution will be accepted" */
};

static const ojd_format hackerrankeuler096 = {
    .name = "hackerrankeuler096",
    .summary = "HackerRank Project Euler+ 96: one grid of 9 digit rows, '0' blanks",
    .title = "Project Euler #96: Su Doku",
    .url = "https://www.hackerrank.com/contests/projecteuler/challenges/euler096",
    ONE_PACKED_GRID, .kinds = KIND_UNIQUE,
};

static const ojd_format codechefax06 = {
    .name = "codechefax06", .summary = "CodeChef AX06: one grid of 9 digit rows, '0' blanks",
    .title = "Sudoku", .url = "https://www.codechef.com/problems/AX06",
    ONE_PACKED_GRID, .kinds = KIND_UNIQUE, /* "exactly one solution" */
};

static const ojd_format vijos1586 = {
    .name = "vijos1586", .summary = "Vijos 1586 (domain sycsycsyc): one grid of 9 digit rows",
    .title = "Vs Rum", .url = "https://vijos.org/d/sycsycsyc/p/1586",
    ONE_PACKED_GRID, .kinds = KIND_UNIQUE,
};

static const ojd_format boj2580 = {
    .name = "boj2580", .summary = "BOJ 2580 / Luogu P1784 / JDOJ 1520: one grid, 9 spaced rows",
    .title = "스도쿠 (Sudoku)", .url = "https://www.acmicpc.net/problem/2580",
    .aliases = {"luogu1784", "jdoj1520"},
    .grammar = OJD_GRAMMAR_SPACED, .side = 9, .count_line = 0, .blank = '0',
    .style = OJD_STYLE_SPACED, .framing = OJD_FRAME_NONE, .max_cases = 1,
    .kinds = KIND_UNIQUE | KIND_MULTIPLE, /* BOJ: "print any one of them" */
};

static const ojd_format abc327c = {
    .name = "abc327c", .summary = "AtCoder ABC327 C: a complete 9x9 grid; Yes if it is a solution",
    .title = "Number Place", .url = "https://atcoder.jp/contests/abc327/tasks/abc327_c",
    .grammar = OJD_GRAMMAR_SPACED, .side = 9, .count_line = 0, .blank = '0',
    .style = OJD_STYLE_VERDICT, .framing = OJD_FRAME_NONE, .task = OJD_TASK_VALIDITY,
    .method = OJD_METHOD_COMPLETE,
    .words = WORDS("Yes", NULL, NULL, "No"), .verdict_line = "{word}",
    .kinds = KIND_UNIQUE | KIND_CONFLICT, .max_cases = 1, .blanks = OJD_NO_BLANKS,
};

static const ojd_format beecrowd1383 = {
    .name = "beecrowd1383",
    .summary = "beecrowd 1383: count, complete 9x9 grids; \"Instancia k\", SIM or NAO, blank line",
    .title = "Sudoku", .url = "https://www.beecrowd.com.br/repository/UOJ_1383_en.html",
    .aliases = {"spojbrsudoime"},
    .grammar = OJD_GRAMMAR_SPACED, .side = 9, .count_line = 1, .blank = '0',
    .style = OJD_STYLE_VERDICT, .framing = OJD_FRAME_AFTER, .out_separator = OJD_SEP_BLANK,
    .header = "Instancia {case}", .task = OJD_TASK_VALIDITY, .method = OJD_METHOD_COMPLETE,
    .words = WORDS("SIM", NULL, NULL, "NAO"), .verdict_line = "{word}",
    .kinds = KIND_UNIQUE | KIND_CONFLICT, .blanks = OJD_NO_BLANKS,
};

static const ojd_format leetcode36 = {
    .name = "leetcode36",
    .summary = "LeetCode 36: board literal; true if no given repeats in a unit, else false",
    .title = "Valid Sudoku", .url = "https://leetcode.com/problems/valid-sudoku/",
    .grammar = OJD_GRAMMAR_LITERAL, .side = 0, .count_line = 0, .blank = '.',
    .style = OJD_STYLE_VERDICT, .framing = OJD_FRAME_NONE, .task = OJD_TASK_VALIDITY,
    .method = OJD_METHOD_GIVENS,
    .words = WORDS("true", NULL, NULL, "false"), .verdict_line = "{word}",
    /* "only the filled cells need to be validated": solvable or not, a board without a repeat
     * is valid */
    .kinds = OJD_KINDS_ALL, .min_side = 9, .max_side = 9,
};

static const ojd_format spojsudogob = {
    .name = "spojsudogob",
    .summary = "SPOJ SUDOGOB: count, spaced 9x9 grids; number of solutions, grid when one",
    .title = "Sudoku goblin", .url = "https://www.spoj.com/problems/SUDOGOB/",
    .grammar = OJD_GRAMMAR_SPACED, .side = 9, .count_line = 1, .in_separator = OJD_SEP_BLANK,
    .blank = '0', .style = OJD_STYLE_SPACED, .framing = OJD_FRAME_NONE,
    .task = OJD_TASK_COUNT, .tally = "{count}",
    .kinds = OJD_KINDS_ALL, /* "erased or added some numbers" */
};

static const ojd_format mimuw7 = {
    .name = "mimuw7",
    .summary = "MIMUW lab task 7: 9 digit rows; the grid if unique, else \"Liczba rozwiazan: N\"",
    .title = "Zadanie 7 (sudoku)",
    .url = "https://www.mimuw.edu.pl/~janusz/dydaktyka/2005-2006/zsi_lab_pascala_i_c/zadania/zad7/",
    .grammar = OJD_GRAMMAR_PACKED, .side = 9, .count_line = 0, .blank = '0',
    .style = OJD_STYLE_PACKED, .framing = OJD_FRAME_NONE, .task = OJD_TASK_COUNT,
    .words = WORDS(NULL, "Liczba rozwiazan: {count}", "Liczba rozwiazan: {count}",
                   "Liczba rozwiazan: {count}"),
    .kinds = OJD_KINDS_ALL, .max_cases = 1,
};

static const ojd_format kattissudokuverify = {
    .name = "kattissudokuverify",
    .summary = "Kattis sudokuverify: a complete 9x9 grid; VALID or INVALID!",
    .title = "Sudoku Verify", .url = "https://open.kattis.com/problems/sudokuverify",
    .grammar = OJD_GRAMMAR_SPACED, .side = 9, .count_line = 0, .blank = '0',
    .style = OJD_STYLE_VERDICT, .framing = OJD_FRAME_NONE, .task = OJD_TASK_VALIDITY,
    .method = OJD_METHOD_COMPLETE, .words = WORDS("VALID", NULL, NULL, "INVALID!"),
    .verdict_line = "{word}",
    .kinds = KIND_UNIQUE | KIND_CONFLICT, .max_cases = 1, .blanks = OJD_NO_BLANKS,
};

static const ojd_format palmasvk2017b = {
    .name = "palmasvk2017b",
    .summary = "Palma SVK2017-B: one 4x4 spaced grid, '0' blanks; a solution or \"Neda sa\"",
    .title = "Sudoku", .url = "https://palma.strom.sk/SVK2017/SVK-B/",
    .grammar = OJD_GRAMMAR_SPACED, .side = 4, .count_line = 0, .blank = '0',
    .style = OJD_STYLE_SPACED, .framing = OJD_FRAME_NONE, .max_cases = 1,
    .words = WORDS(NULL, NULL, "Neda sa", "Neda sa"),
    .kinds = OJD_KINDS_ALL, /* any solution; "Neda sa" when there is none */
};

static const ojd_format yzoj1086 = {
    .name = "yzoj1086", .summary = "yzoj 1086: one grid of 9 rows, '?' blanks, unique",
    .title = "九阶数独 (Sudoku)",
    .url = "https://yzoj.top/d/ys2026/homework/66504eb6c626f80001dfbd4e/1551",
    .grammar = OJD_GRAMMAR_PACKED, .side = 9, .count_line = 0, .blank = '?',
    .style = OJD_STYLE_PACKED, .framing = OJD_FRAME_NONE, .max_cases = 1,
    .kinds = KIND_UNIQUE,
};

static const ojd_format cocicross = {
    .name = "cocicross",
    .summary = "COCI 2008/09 CROSS: 9 rows, '.' blanks; what cross-hatching fills, or ERROR",
    .title = "CROSS", .url = "https://dmoj.ca/problem/coci08c3p3",
    .aliases = {"dmojcoci08c3p3", "kattiscross"},
    .grammar = OJD_GRAMMAR_PACKED, .side = 9, .count_line = 0, .blank = '.',
    .style = OJD_STYLE_PACKED, .framing = OJD_FRAME_NONE, .max_cases = 1,
    .task = OJD_TASK_DEDUCE, .method = OJD_METHOD_CROSS_HATCHING,
    .words = WORDS(NULL, NULL, NULL, "ERROR"),
    .kinds = OJD_KINDS_ALL, /* "the initial placement of the numbers may be invalid" */
};

static const ojd_format luogu1074 = {
    .name = "luogu1074",
    .summary = "Luogu P1074 (NOIP 2009 target Sudoku): 9 spaced rows; the best score, or -1",
    .title = "靶形数独 (target Sudoku)", .url = "https://www.luogu.com.cn/problem/P1074",
    .aliases = {"noip2009targetsudoku"},
    .grammar = OJD_GRAMMAR_SPACED, .side = 9, .count_line = 0, .blank = '0',
    .style = OJD_STYLE_SPACED, .framing = OJD_FRAME_NONE, .max_cases = 1,
    .task = OJD_TASK_SCORE, .method = OJD_METHOD_TARGET,
    .words = WORDS(NULL, NULL, "-1", "-1"),
    .kinds = OJD_KINDS_ALL,
};

static const ojd_format cf1335d = {
    .name = "cf1335d",
    .summary = "Codeforces 1335D Anti-Sudoku: count, solved 9x9 digit rows; 9 cells changed",
    .title = "Anti-Sudoku", .url = "https://codeforces.com/contest/1335/problem/D",
    .grammar = OJD_GRAMMAR_PACKED, .side = 9, .count_line = 1, .blank = '0',
    .style = OJD_STYLE_PACKED, .framing = OJD_FRAME_NONE, .max_cases = 10000,
    .task = OJD_TASK_TRANSFORM, .method = OJD_METHOD_ANTI, .blanks = OJD_NO_BLANKS,
    .kinds = KIND_UNIQUE, /* "a correct solution of the sudoku puzzle" */
};

static const ojd_format hdu4069 = {
    .name = "hdu4069",
    .summary = "HDU 4069 Squiggly Sudoku: count, 9x9 value+wall-bit rows; \"Case N:\" + rows",
    .title = "Squiggly Sudoku", .url = "https://acm.hdu.edu.cn/showproblem.php?pid=4069",
    .grammar = OJD_GRAMMAR_SPACED, .side = 9, .count_line = 1, .in_separator = OJD_SEP_BLANK,
    .walls = true, /* "16: wall to the up, 32: right, 64: down, 128: left" */
    .blank = '0', .style = OJD_STYLE_PACKED, .framing = OJD_FRAME_NONE,
    .header = "Case {case}:", .unique = true,
    .words = WORDS(NULL, "Multiple Solutions", "No solution", "No solution"),
    .kinds = OJD_KINDS_ALL, .max_cases = 2500, /* T <= 2500 */
};

static const ojd_format line = {
    .name = "line", .summary = "one puzzle per line (81/256/625 characters); input in any grammar",
    .grammar = OJD_GRAMMAR_AUTO, .side = 0, .count_line = -1, .blank = '.',
    .style = OJD_STYLE_LINE, .framing = OJD_FRAME_NONE,
    .kinds = KIND_UNIQUE | KIND_MULTIPLE, /* answered with a solution; no words for the others */
};

static const ojd_format grid = {
    .name = "grid", .summary = "human-readable grid with box rules; input in any grammar",
    .grammar = OJD_GRAMMAR_AUTO, .side = 0, .count_line = -1, .blank = '.',
    .style = OJD_STYLE_PRETTY, .framing = OJD_FRAME_BETWEEN, .out_separator = OJD_SEP_BLANK,
    .kinds = KIND_UNIQUE | KIND_MULTIPLE,
};

/* For scripts: every case, malformed ones included, as one JSON object per line (writer.c has
 * the schema).  unique: solutions are counted up to 2, so "solved" means exactly one. */
static const ojd_format json = {
    .name = "json",
    .summary = "one JSON object per line per case, for scripts; input in any grammar",
    .grammar = OJD_GRAMMAR_AUTO, .side = 0, .count_line = -1, .blank = '.',
    .style = OJD_STYLE_JSON, .framing = OJD_FRAME_NONE, .unique = true,
    .kinds = OJD_KINDS_ALL, /* a status for every case */
};

/* For statements and puzzle books: a case as one SVG document (svg.c draws it), the puzzle and
 * its solution; one document per stream, so one case per file (`--output-dir`). */
static const ojd_format svg = {
    .name = "svg", .summary = "a figure: one SVG document per case; input in any grammar",
    .grammar = OJD_GRAMMAR_AUTO, .side = 0, .count_line = -1, .blank = '.',
    .style = OJD_STYLE_SVG, .framing = OJD_FRAME_NONE,
    .kinds = KIND_UNIQUE | KIND_MULTIPLE,
};

static const ojd_format *const table[] = {
    &hdu1426, &poj2676, &poj2918, &poj3074, &poj3076, &spoj, &uva989, &uva10957, &kattis,
    &hdu3111, &hdu2780, &leetcode, &euler96, &boj2239, &ecnu1021, &spojnovice42, &hdu5547,
    &dmojminiaturesudoku, &hackerrankeuler096, &codechefax06, &vijos1586, &boj2580, &abc327c,
    &beecrowd1383, &leetcode36, &kattissudokuverify, &spojsudogob, &mimuw7, &palmasvk2017b,
    &yzoj1086, &cocicross, &luogu1074, &cf1335d, &hdu4069, &line, &grid, &json, &svg, NULL,
};

const ojd_format *const *ojd_format_list(void) { return table; }

const char *ojd_format_name(const ojd_format *format) { return format->name; }
const char *ojd_format_summary(const ojd_format *format) { return format->summary; }
int ojd_format_side(const ojd_format *format) { return format->side; }
ojd_style ojd_format_style(const ojd_format *format) { return format->style; }
ojd_grammar ojd_format_grammar(const ojd_format *format) { return format->grammar; }
unsigned long ojd_format_max_cases(const ojd_format *format) { return format->max_cases; }
int ojd_format_blanks(const ojd_format *format) { return format->blanks; }

void ojd_format_sides(const ojd_format *format, int *min_side, int *max_side)
{
    /* a profile of one side states no bounds of its own: that side is the bound */
    *min_side = format->side ? format->side : format->min_side;
    *max_side = format->side ? format->side : format->max_side;
}

const char *ojd_format_title(const ojd_format *format)
{
    return format->title ? format->title : "";
}
const char *ojd_format_url(const ojd_format *format) { return format->url ? format->url : ""; }
const char *ojd_format_alias(const ojd_format *format, int k)
{
    return k >= 0 && k < OJD_MAX_ALIASES ? format->aliases[k] : NULL;
}

static const char *const task_names[OJD_TASK_COUNT_] = {
    [OJD_TASK_SOLVE] = "solve",       [OJD_TASK_CLASSIFY] = "classify",
    [OJD_TASK_VALIDITY] = "validity", [OJD_TASK_COUNT] = "count",
    [OJD_TASK_SUM] = "sum",           [OJD_TASK_DEDUCE] = "deduce",
    [OJD_TASK_SCORE] = "score",       [OJD_TASK_TRANSFORM] = "transform",
};

const char *ojd_task_name(ojd_task task)
{
    return task >= 0 && task < OJD_TASK_COUNT_ ? task_names[task] : "?";
}

ojd_task ojd_format_task(const ojd_format *format)
{
    if (!format)
        return OJD_TASK_SOLVE;
    if (format->task != OJD_TASK_SOLVE)
        return format->task;
    /* the two tasks that are styles of their own */
    if (format->style == OJD_STYLE_VERDICT)
        return OJD_TASK_CLASSIFY;
    return format->style == OJD_STYLE_SUM ? OJD_TASK_SUM : OJD_TASK_SOLVE;
}

const char *ojd_format_task_name(const ojd_format *format)
{
    ojd_task task = ojd_format_task(format);
    if (task == OJD_TASK_SOLVE && format && format->lexmin)
        return "smallest";
    if (task == OJD_TASK_SOLVE && format && format->unique)
        return "unique";
    return ojd_task_name(task);
}

const ojd_format *ojd_format_find(const char *name)
{
    if (!name)
        return NULL;
    for (const ojd_format *const *f = table; *f; f++)
    {
        if (strcmp((*f)->name, name) == 0)
            return *f;
        for (const char *const *a = (*f)->aliases; *a; a++)
            if (strcmp(*a, name) == 0)
                return *f;
    }
    return NULL;
}

/* The edits that make a into b, each at most 63 bytes (longer: a large distance): inserting,
 * deleting or changing one character, or swapping two neighbours ("hud1426", "lnie"), one each
 * (Levenshtein's distance with transpositions, the optimal string alignment). */
int ojd_name_distance(const char *a, size_t an, const char *b)
{
    size_t bn = strlen(b);
    if (an > 63 || bn > 63)
        return 1 << 20;
    /* three rows of the table: the one before the last for a swap */
    int rows[3][64];
    for (size_t j = 0; j <= bn; j++)
        rows[0][j] = (int)j;
    for (size_t i = 1; i <= an; i++) {
        int *d = rows[i % 3], *up = rows[(i - 1) % 3], *up2 = rows[(i + 1) % 3];
        d[0] = (int)i;
        for (size_t j = 1; j <= bn; j++) {
            int best = up[j - 1] + (a[i - 1] != b[j - 1]);
            if (up[j] + 1 < best)
                best = up[j] + 1;
            if (d[j - 1] + 1 < best)
                best = d[j - 1] + 1;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
                up2[j - 2] + 1 < best)
                best = up2[j - 2] + 1;
            d[j] = best;
        }
    }
    return rows[an % 3][bn];
}

const char *ojd_format_nearest(const char *name)
{
    if (!name || !*name)
        return NULL;
    int best = (int)strlen(name) / 3 + 1; /* "at most a third": nearer than this */
    const char *nearest = NULL;
    for (const ojd_format *const *f = table; *f; f++) {
        int d = ojd_name_distance(name, strlen(name), (*f)->name);
        if (d < best)
            best = d, nearest = (*f)->name;
        for (const char *const *a = (*f)->aliases; *a; a++)
            if ((d = ojd_name_distance(name, strlen(name), *a)) < best)
                best = d, nearest = *a;
    }
    return nearest;
}

const ojd_format *ojd_format_effective(const ojd_format *chosen, const ojd_layout *layout)
{
    if (chosen)
        return chosen;
    /* a box size before every grid is UVa 989's grammar and no other judge's */
    return layout && layout->size_prefix ? &uva989 : NULL;
}

bool ojd_format_reads(const ojd_format *f, const ojd_puzzle *p)
{
    const ojd_layout *l = &p->layout;
    if (f->grammar != OJD_GRAMMAR_AUTO && f->grammar != l->grammar)
        return false;
    if (f->side && f->side != p->board.side)
        return false;
    if ((f->count_line == 1 && !l->counted) || (f->count_line == 0 && l->counted))
        return false;
    if (f->size_prefix != l->size_prefix || (f->letters && !l->letters))
        return false;
    if (f->in_header)
        return l->label[0] != '\0';
    return !l->label[0] || f->grammar == OJD_GRAMMAR_AUTO;
}

const ojd_format *ojd_format_detect(const ojd_puzzle *puzzle)
{
    if (!puzzle || puzzle->board.side == 0)
        return NULL;
    bool blanks = false;
    for (int i = 0; i < ojd_board_cells(&puzzle->board) && !blanks; i++)
        blanks = puzzle->board.cell[i] == 0;
    for (const ojd_format *const *f = table; *f; f++) {
        /* line, grid and json read any grammar: no judge's input looks like theirs */
        if ((*f)->grammar == OJD_GRAMMAR_AUTO || !ojd_format_reads(*f, puzzle))
            continue;
        /* the blank symbol tells apart judges of one grammar (HDU 1426's '?', POJ 3074's '.') */
        if (blanks && (*f)->blank && (*f)->blank != puzzle->layout.blank)
            continue;
        return *f;
    }
    return NULL;
}

/* ---- what a profile means ------------------------------------------------------------------- */

void ojd_format_search(const ojd_format *format, unsigned long count, ojd_search *search)
{
    ojd_task task = ojd_format_task(format);
    unsigned long needed = format && format->unique ? 2 : 1;
    if (task == OJD_TASK_COUNT)
        needed = OJD_COUNT_LIMIT + 1; /* one past the cap: a count at the cap is no count */
    search->limit = count > needed ? count : needed;
    search->lexmin = format && format->lexmin;
    search->method = format ? format->method : OJD_METHOD_SEARCH;
}

bool ojd_format_answered(const ojd_format *format, ojd_status status, unsigned long count)
{
    /* a count task answers every decided outcome by its count, as --count does */
    if (ojd_format_task(format) == OJD_TASK_COUNT && count == 0)
        count = 1;
    switch (status) {
    case OJD_OK:
        return true;
    case OJD_MULTIPLE:
        return count > 0 || !(format && format->unique);
    case OJD_UNSOLVABLE:
    case OJD_CONFLICT:
        return count > 0;
    default: /* OJD_LIMIT: undecided; OJD_END: no case; errors */
        return false;
    }
}

ojd_outcome ojd_outcome_of(ojd_status status)
{
    switch (status) {
    case OJD_MULTIPLE: return OJD_OUTCOME_MULTIPLE;
    case OJD_UNSOLVABLE: return OJD_OUTCOME_UNSOLVABLE;
    case OJD_CONFLICT: return OJD_OUTCOME_CONFLICT;
    default: return OJD_OUTCOME_SOLVED;
    }
}

ojd_answer_form ojd_format_answer(const ojd_format *f, ojd_outcome outcome, const char **word)
{
    if (word)
        *word = NULL;
    if ((unsigned)outcome >= OJD_OUTCOME_COUNT_)
        return OJD_ANSWER_NOTHING;
    const char *w = f ? f->words[outcome] : NULL;
    ojd_answer_form form;
    if (f && f->style == OJD_STYLE_VERDICT)
        form = w ? OJD_ANSWER_WORD : OJD_ANSWER_NOTHING;
    /* a solution is a grid whatever words the profile has; several solutions are one of them
     * (the first found, or the smallest) unless the profile has a word for ambiguity */
    else if (outcome == OJD_OUTCOME_SOLVED)
        form = OJD_ANSWER_GRID;
    else if (w)
        form = OJD_ANSWER_WORD;
    else
        form = outcome == OJD_OUTCOME_MULTIPLE ? OJD_ANSWER_GRID : OJD_ANSWER_NOTHING;
    if (word && form == OJD_ANSWER_WORD)
        *word = w;
    return form;
}

ojd_style ojd_output_style(const ojd_format *f, const ojd_puzzle *p)
{
    if (f && f->style != OJD_STYLE_MIRROR)
        return f->style;
    switch (p->layout.grammar) {
    case OJD_GRAMMAR_SPACED: return OJD_STYLE_SPACED;
    case OJD_GRAMMAR_LINE: return OJD_STYLE_LINE;
    case OJD_GRAMMAR_LITERAL: return OJD_STYLE_LITERAL;
    default: return OJD_STYLE_PACKED;
    }
}

bool ojd_output_letters(const ojd_format *f, const ojd_board *b, bool input_letters, ojd_style s)
{
    bool letters = input_letters || (f && f->letters);
    if (b->side > 9 && (s == OJD_STYLE_PACKED || s == OJD_STYLE_LINE))
        letters = true;
    return letters;
}

void ojd_template_expand(char *buf, size_t size, const char *t, const ojd_template_vars *v)
{
    size_t k = 0;
    buf[0] = '\0';
    while (*t && k + 1 < size) {
        int n = 0;
        if (strncmp(t, "{case}", 6) == 0) {
            n = snprintf(buf + k, size - k, "%lu", v->index);
            t += 6;
        } else if (strncmp(t, "{case:02}", 9) == 0) {
            n = snprintf(buf + k, size - k, "%02lu", v->index);
            t += 9;
        } else if (strncmp(t, "{word}", 6) == 0) {
            n = snprintf(buf + k, size - k, "%s", v->word ? v->word : "");
            t += 6;
        } else if (strncmp(t, "{label}", 7) == 0) {
            n = snprintf(buf + k, size - k, "%s", v->label ? v->label : "");
            t += 7;
        } else if (strncmp(t, "{count}", 7) == 0) {
            n = snprintf(buf + k, size - k, "%lu", v->count);
            t += 7;
        } else {
            buf[k++] = *t++;
            buf[k] = '\0';
        }
        if (n > 0)
            k += (size_t)n < size - k ? (size_t)n : size - k - 1;
    }
}

unsigned ojd_euler_key(const ojd_board *solution)
{
    const uint8_t *c = solution->cell;
    return (unsigned)(c[0] * 100 + c[1] * 10 + c[2]);
}

unsigned ojd_format_kinds(const ojd_format *format)
{
    if (!format)
        return OJD_KINDS_ALL;
    return format->kinds ? format->kinds : OJD_KIND_BIT(OJD_OUTCOME_SOLVED);
}

/* ---- a profile's rules in words (`ojdoku formats ID`) ----------------------------------------
 * Derived from the fields alone, as the reader and writer are: what is said here is what they
 * do, so the text cannot drift from the table. */

typedef struct text {
    char *buf;
    size_t size, len;
} text;

static void say(text *t, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
static void say(text *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    size_t room = t->len < t->size ? t->size - t->len : 0;
    int n = vsnprintf(room ? t->buf + t->len : NULL, room, fmt, ap);
    va_end(ap);
    if (n > 0)
        t->len += (size_t)n;
}

static const char *side_words(const ojd_format *f, char *buf, size_t size)
{
    int lo, hi;
    ojd_format_sides(f, &lo, &hi);
    if (lo && lo == hi)
        snprintf(buf, size, "%dx%d", lo, lo);
    else if (lo)
        snprintf(buf, size, "%dx%d to %dx%d", lo, lo, hi, hi);
    else
        snprintf(buf, size, "any size");
    return buf;
}

static const char *separator_words(ojd_separator sep)
{
    return sep == OJD_SEP_DASHES ? "a line \"---\"" : "an empty line";
}

static const char *cell_words(ojd_grammar g)
{
    switch (g) {
    case OJD_GRAMMAR_SPACED: return "rows of space-separated values";
    case OJD_GRAMMAR_PACKED: return "rows of one character per cell";
    case OJD_GRAMMAR_LINE: return "the whole grid on one line, one character per cell";
    case OJD_GRAMMAR_LITERAL: return "a board literal [[\"5\",\"3\",\".\",...],...]";
    default: return "any grammar ojdoku reads (detected)";
    }
}

static const char *style_words(ojd_style s)
{
    switch (s) {
    case OJD_STYLE_SPACED: return "rows of space-separated values";
    case OJD_STYLE_PACKED: return "rows of one character per cell";
    case OJD_STYLE_LINE: return "the whole grid on one line";
    case OJD_STYLE_LITERAL: return "a board literal on one line";
    case OJD_STYLE_PRETTY: return "a grid drawn with box rules";
    case OJD_STYLE_JSON: return "one JSON object per line";
    case OJD_STYLE_SVG: return "an SVG figure, one document per case";
    default: return "";
    }
}

size_t ojd_format_rules(const ojd_format *f, char *buf, size_t size)
{
    text t = {buf, size, 0};
    if (size)
        buf[0] = '\0';
    if (!f)
        return 0;
    char sides[40];
    /* input */
    say(&t, "input:  ");
    if (f->count_line == 1)
        say(&t, "a line with the number of cases, then ");
    else if (f->count_line < 0)
        say(&t, "(an optional count line) ");
    say(&t, f->max_cases == 1 ? "one case" : "cases");
    if (f->max_cases > 1)
        say(&t, " (at most %lu)", f->max_cases);
    say(&t, ", %s; each case: ", side_words(f, sides, sizeof sides));
    if (f->size_prefix)
        say(&t, "a line with its box size n, then ");
    if (f->in_header)
        say(&t, "a header line \"%s\", then ", f->in_header);
    say(&t, "%s", cell_words(f->grammar));
    if (f->letters)
        say(&t, ", values as letters A=1, B=2, ...");
    if (f->blank && f->blanks != OJD_NO_BLANKS)
        say(&t, ", '%c' for a blank", f->blank);
    if (f->walls)
        say(&t, ", each plus the walls of its region (16 up, 32 right, 64 down, 128 left); "
                "the walls close the regions (a jigsaw)");
    if (f->blanks == OJD_NO_BLANKS)
        say(&t, ", complete (no blank)");
    else if (f->blanks > 0)
        say(&t, ", exactly %d blanks", f->blanks);
    if (f->in_separator)
        say(&t, "; cases separated by %s", separator_words(f->in_separator));
    if (f->terminator)
        say(&t, "; a line \"end\" may end the input");
    char kinds[64];
    say(&t, ".\n        The cases may be: %s.\n",
        ojd_kind_list(ojd_format_kinds(f), kinds, sizeof kinds));
    /* output */
    ojd_task task = ojd_format_task(f);
    say(&t, "output: ");
    if (task == OJD_TASK_SUM) {
        say(&t, "one number for the whole input, the sum of the 3-digit numbers in the top-left "
                "corners of the solutions.\n");
        return t.len;
    }
    say(&t, "per case, ");
    if (f->header)
        say(&t, "a header line \"%s\", then ", f->header);
    if (task == OJD_TASK_COUNT && f->tally)
        say(&t, "a line \"%s\" with the number of solutions, then ", f->tally);
    if (f->style == OJD_STYLE_VERDICT) {
        say(&t, "a line \"%s\" where {word} is", f->verdict_line ? f->verdict_line : "{word}");
        const char *what[OJD_OUTCOME_COUNT_] = {
            [OJD_OUTCOME_SOLVED] = task == OJD_TASK_VALIDITY ? "no given repeats" : "one solution",
            [OJD_OUTCOME_MULTIPLE] = "several solutions",
            [OJD_OUTCOME_UNSOLVABLE] = "no solution",
            [OJD_OUTCOME_CONFLICT] = "a given repeats in a row, column or box"};
        bool first = true;
        for (int o = 0; o < OJD_OUTCOME_COUNT_; o++)
            if (f->words[o]) {
                say(&t, "%s \"%s\" (%s)", first ? "" : ",", f->words[o], what[o]);
                first = false;
            }
    } else {
        say(&t, task == OJD_TASK_COUNT ? "the solution when there is exactly one"
                : f->lexmin          ? "the lexicographically smallest solution (row-major)"
                : f->unique          ? "the solution when it is unique"
                                     : "a solution (any)");
        say(&t, " as %s", style_words(f->style));
        if (f->letters)
            say(&t, ", letters A=1, B=2, ...");
        const char *what[OJD_OUTCOME_COUNT_] = {
            [OJD_OUTCOME_MULTIPLE] = "several solutions", [OJD_OUTCOME_UNSOLVABLE] = "none",
            [OJD_OUTCOME_CONFLICT] = "a repeated given"};
        for (int o = OJD_OUTCOME_MULTIPLE; o < OJD_OUTCOME_COUNT_; o++)
            if (f->words[o])
                say(&t, "; for %s: \"%s\"", what[o], f->words[o]);
    }
    if (f->framing == OJD_FRAME_BETWEEN)
        say(&t, "; %s between cases", separator_words(f->out_separator));
    else if (f->framing == OJD_FRAME_AFTER)
        say(&t, "; %s after every case", separator_words(f->out_separator));
    say(&t, ".\n");
    return t.len;
}
