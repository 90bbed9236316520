/*
 * cmd_generate.c -- `ojdoku generate`: puzzles with one solution, or solved grids, optionally
 * symmetric, with a clue count, minimal, or of a difficulty; test cases of every verdict and
 * edge cases for judges' test data.  Output: one puzzle per line by default, JSON lines with
 * --format json, or a whole judge input file with --format NAME, with the judge's expected
 * output in --answers FILE.
 *
 * What generate says about its puzzles is what `rate` would say: a difficulty target that was
 * missed is reported with the grade ojd_rate() gives the puzzle written, and a difficulty that
 * no puzzle of the size can have (every 4x4 puzzle is easy: singles solve all 13,579,680 4x4
 * puzzles with one solution, checked by enumeration) is refused before any work.  A run without
 * --seed names the seed it drew on stderr, so that its output can be made again.  Each case has
 * its own random stream, drawn from the seed and its index (case_rng), so that `-j N` makes the
 * cases on N threads through the ordered pipeline (pipeline.h) and writes exactly what one
 * thread writes.
 * Each case is written as soon as it comes out of the pipeline, in order, and then forgotten, so
 * the memory does not grow with -n (a case holds two boards of 4096 cells: kept until the end,
 * 50,000 cases took 600 MB).  A judge input file that opens with the count of its cases gets the
 * number written, known before the first: the -n generated cases, and those of the edge cases
 * (at most four) that fit the profile and that it can answer, which are made and judged before
 * the run to know it (made_edges).
 * A judge input file keeps to what its statement promises (ojd_format.kinds, max_cases, blanks,
 * the sizes): a kind of case, a count or a size the statement rules out is refused, and HDU
 * 2780's five blanks are the clue target.  The answers are what `ojdoku solve --format NAME`
 * prints for the input written (the engine is asked, under the profile's search), and each is
 * checked against the kind the case was made as and formatted by the profile's writer, so that
 * no case is written that solve would answer with a diagnostic (the empty grid's count).
 * Sizes: generate makes 4x4 to 25x25, the sizes with a one-character alphabet (digits, letters
 * A..Y); solve reads every n*n grid up to 64x64.
 */
#include "cli.h"
#include "cli/batch/pipeline.h"
#include "cli/batch/progress.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define CASES_PER_THREAD 16 /* cases in flight per thread */
#define MAX_ATTEMPTS 100000000ULL /* --attempts: as many as -n's cases, fits an unsigned */

static void generate_usage(FILE *out)
{
    fputs("Usage: ojdoku generate [OPTIONS]\n"
          "Make Sudoku puzzles with exactly one solution (checked by the solver at limit 2)\n"
          "by removing givens from a random complete grid, or complete grids (--solved),\n"
          "or judge test data with cases of every verdict (--kinds, --mix, --edge).\n"
          "\n"
          "Options:\n"
          "  -n COUNT             how many (default 1; 0 with --edge: the edge cases only)\n"
          "      --side N         4, 6, 8, 9, 10, 12, 16, 25, ... 64 (default 9): square\n"
          "                       boxes, else boxes wider than tall (6x6 has 2x3); above\n"
          "                       25x25 only with --format grid or json (spaced numbers)\n"
          "      --box RxC        boxes of R rows and C columns (the side is R*C)\n"
          "      --seed S         a number: the same seed and options give the same output\n"
          "                       on every machine (default: from the clock, and stderr\n"
          "                       says 'ojdoku: generate: seed S')\n"
          "      --solved         random complete grids instead of puzzles\n"
          "      --symmetry NAME  of the pattern of givens: none, rotate180, rotate90,\n"
          "                       mirror, flip, diagonal, antidiagonal (default rotate180,\n"
          "                       or none with --minimal or --hard-for)\n"
          "      --clues N        aim at N givens\n"
          "      --minimal        no given can be removed without losing uniqueness\n"
          "      --difficulty G   easy, medium, hard, expert or extreme ('ojdoku rate');\n"
          "                       4x4 puzzles are all easy\n"
          "      --attempts N     grids to try per puzzle for a target (default 1000 up\n"
          "                       to 9x9, 20 for larger grids)\n"
          "      --hard-for NAME  of the puzzle's relabellings and row and column\n"
          "                       permutations, keep one on which solver NAME ('ojdoku\n"
          "                       solvers': dfs, bitmask, mrv, dlx, ...) searches most\n",
          out);
    /* the text is two strings (C11's 4095 bytes a literal): flushed between them, so that a
     * write that fails is seen by cli_flush_stdout(), which keeps its errno, and not inside
     * the next fputs(), where it would be lost ("write error" without a reason) */
    if (out == stdout)
        cli_flush_stdout(NULL);
    /* two strings: one would pass the 4095 bytes C11 promises a string literal */
    fputs("      --kinds LIST     cases of these kinds, comma-separated, taking turns in an\n"
          "                       order drawn from the seed: unique (one solution),\n"
          "                       multiple (two or more), unsolvable (no repeated given,\n"
          "                       no solution; at --difficulty hard and above not refuted\n"
          "                       by singles alone), conflict (a given repeated in a unit);\n"
          "                       each made from a unique puzzle of the options above\n"
          "      --mix            every kind the profile's input may hold (all four for\n"
          "                       kattis, uva10957, uva989, json; PROFILES in ojdoku(1))\n"
          "      --solutions K    multiple cases have exactly K solutions (2 to 1000)\n"
          "      --conflict-unit U  conflict cases repeat a value in a row, column or box\n"
          "                       (default: one of them, drawn)\n"
          "      --edge           first the edge cases the profile and size allow: the\n"
          "                       empty grid, a full grid, a 17-clue puzzle and one of the\n"
          "                       hardest known (9x9; bundled public puzzles)\n"
          "  -f, --format NAME    write a judge input file in profile NAME (see\n"
          "                       'ojdoku formats'); default: one puzzle per line, '.'\n"
          "                       blanks up to 9x9, letters A=1.. and '-' blanks above;\n"
          "                       json: one line per puzzle, {\"case\":1,\"kind\":\"unique\",\n"
          "                       \"puzzle\":...,\"solution\":...} (cells as in solve's json)\n"
          "      --answers FILE   write the judge's expected output to FILE: what\n"
          "                       'ojdoku solve --format NAME' prints for the input\n"
          "  -j, --jobs N         make the puzzles on N threads (0 = one per processor);\n"
          "                       the output is the same for every N\n"
          "  -q, --quiet          no progress line (shown on a terminal's stderr when\n"
          "                       stdout is not one)\n"
          "  -h, --help           print this help and exit\n"
          "\n"
          "A judge input file keeps to its statement: kinds, sizes and numbers of cases\n"
          "it rules out are refused, and hdu2780's cases have exactly five blanks.\n"
          "\n"
          "Exit status: 0 done; 1 a target (--clues, --minimal, --difficulty,\n"
          "--solutions) was not met for some puzzle (the closest puzzle found is written,\n"
          "and stderr says so, with the grade 'ojdoku rate' gives it); 2 usage or I/O\n"
          "error.\n"
          "\n"
          "Examples (judge test data):\n"
          "  ojdoku generate --side 16 -n 10 --format poj3076 --answers t.out > t.in\n"
          "  ojdoku generate -n 20 --mix --edge --format kattis --answers t.ans > t.in\n",
          out);
}

typedef struct gen_args {
    unsigned long count;
    ojd_generate_options opt;
    bool symmetry_given;
    bool seeded;
    bool side_given;          /* --side was given (to check it against --box) */
    unsigned long long seed;
    const ojd_format *format; /* a judge profile, or NULL for lines (and for json) */
    const ojd_format *rules;  /* whose statement the cases keep to: format, json or line */
    bool json;                /* --format json: JSON lines */
    const char *answers;
    unsigned kinds;           /* OJD_KIND_BIT of each kind asked for; 0 = unique only */
    bool mix;
    ojd_kind_options kind;    /* --solutions, --conflict-unit */
    bool edge;
    size_t jobs;              /* -j: worker threads asked for (0 = one per processor) */
    bool quiet;               /* -q: no progress line */
    const ojd_solver *hard_for; /* --hard-for: each case made hard for it (ojd_harden) */
} gen_args;

/* --kinds LIST: comma-separated kind names into a set.  false (reported) on a bad name. */
static bool parse_kinds(const char *list, unsigned *kinds)
{
    char name[32];
    *kinds = 0;
    for (const char *p = list;;) {
        size_t len = strcspn(p, ",");
        ojd_outcome k;
        if (len == 0 || len >= sizeof name) {
            cli_fail("generate: --kinds wants kinds separated by commas (unique, multiple, "
                         "unsolvable, conflict), not '%s'", list);
            return false;
        }
        memcpy(name, p, len);
        name[len] = '\0';
        if (!ojd_kind_find(name, &k)) {
            cli_fail("generate: unknown kind '%s' (unique, multiple, unsolvable, conflict)",
                         name);
            return false;
        }
        *kinds |= OJD_KIND_BIT(k);
        if (!p[len])
            return true;
        p += len + 1;
    }
}

/* The options that hold across each other, and the statement of the profile written. */
static int generate_check(gen_args *a)
{
    int cells = a->opt.side * a->opt.side;
    char list[64];
    if (a->opt.clues > cells) {
        cli_fail("generate: --clues %d is more than the %d cells", a->opt.clues, cells);
        return CLI_EXIT_USAGE;
    }
    if (a->opt.solved && (a->opt.clues || a->opt.minimal || a->opt.grade != OJD_GRADE_ANY ||
                          a->symmetry_given)) {
        cli_fail("generate: --solved makes complete grids: it does not combine with "
                     "--clues, --minimal, --difficulty or --symmetry");
        return CLI_EXIT_USAGE;
    }
    if (a->opt.solved && (a->kinds || a->mix || a->edge)) {
        cli_fail("generate: --solved makes complete grids: it does not combine with "
                     "--kinds, --mix or --edge");
        return CLI_EXIT_USAGE;
    }
    if (a->hard_for && a->opt.solved) {
        cli_fail("generate: --solved makes complete grids, which no solver searches: "
                 "--hard-for does not combine with it");
        return CLI_EXIT_USAGE;
    }
    if (a->hard_for && a->opt.side > ojd_solver_max_side(a->hard_for)) {
        cli_fail("generate: --hard-for %s: solver '%s' takes grids up to %dx%d, not %dx%d",
                 ojd_solver_name(a->hard_for), ojd_solver_name(a->hard_for),
                 ojd_solver_max_side(a->hard_for), ojd_solver_max_side(a->hard_for),
                 a->opt.side, a->opt.side);
        return CLI_EXIT_USAGE;
    }
    if (a->opt.side == 4 && a->opt.grade > OJD_GRADE_EASY) {
        cli_fail("generate: every 4x4 puzzle is easy (singles solve it): --difficulty %s "
                     "needs --side 9 or more", ojd_grade_name(a->opt.grade));
        return CLI_EXIT_USAGE;
    }
    if (a->json && a->answers) {
        cli_fail("generate: --format json writes each solution beside its puzzle: "
                     "--answers does not combine with it");
        return CLI_EXIT_USAGE;
    }
    if (a->count == 0 && !a->edge) {
        cli_fail("generate: -n wants a count from 1 to 100000000, not '0' (0 only with "
                     "--edge)");
        return CLI_EXIT_USAGE;
    }
    const ojd_format *f = a->rules;
    const char *name = ojd_format_name(f);
    int min_side, max_side; /* both 0: any side */
    ojd_format_sides(f, &min_side, &max_side);
    if (max_side && (a->opt.side < min_side || a->opt.side > max_side)) {
        if (min_side == max_side)
            cli_fail("generate: format '%s' is for %dx%d grids; add --side %d", name,
                         max_side, max_side, max_side);
        else
            cli_fail("generate: format '%s' is for grids up to %dx%d (its statement's "
                         "bound), not %dx%d", name, max_side, max_side, a->opt.side,
                         a->opt.side);
        return CLI_EXIT_USAGE;
    }
    /* the kinds: asked for, or every kind the statement's input may hold */
    unsigned allowed = ojd_format_kinds(f);
    if (a->mix && a->kinds) {
        cli_fail("generate: --mix is every kind the profile takes: it does not combine "
                     "with --kinds");
        return CLI_EXIT_USAGE;
    }
    if (a->mix)
        a->kinds = allowed;
    if (a->kinds & ~allowed) {
        unsigned off = a->kinds & ~allowed;
        int k = 0;
        while (!(off & OJD_KIND_BIT(k)))
            k++;
        if (a->format || a->json)
            cli_fail("generate: format '%s' has no %s cases (its input may hold: %s)",
                         name, ojd_kind_name((ojd_outcome)k),
                         ojd_kind_list(allowed, list, sizeof list));
        else
            cli_fail("generate: the default output has no %s cases: its answers are "
                         "solutions (it takes %s); --format json or a profile with a word for "
                         "them takes them", ojd_kind_name((ojd_outcome)k),
                         ojd_kind_list(allowed, list, sizeof list));
        return CLI_EXIT_USAGE;
    }
    if (a->kind.solutions && !(a->kinds & OJD_KIND_BIT(OJD_OUTCOME_MULTIPLE))) {
        cli_fail("generate: --solutions is for multiple cases: add --kinds multiple or "
                     "--mix");
        return CLI_EXIT_USAGE;
    }
    if (a->kind.unit && !(a->kinds & OJD_KIND_BIT(OJD_OUTCOME_CONFLICT))) {
        cli_fail("generate: --conflict-unit is for conflict cases: add --kinds conflict or "
                     "--mix");
        return CLI_EXIT_USAGE;
    }
    int blanks = ojd_format_blanks(f);
    if (blanks == OJD_NO_BLANKS) { /* ABC 327 C: complete grids, right or with a repeat */
        if (a->opt.clues) {
            cli_fail("generate: format '%s' has complete grids: --clues does not fit", name);
            return CLI_EXIT_USAGE;
        }
        a->opt.solved = true;
    } else if (blanks) { /* HDU 2780: the statement fixes the blanks, so the givens */
        if (a->opt.solved || (a->opt.clues && a->opt.clues != cells - blanks)) {
            cli_fail("generate: format '%s' has exactly %d blanks in every case: %s does "
                         "not fit", name, blanks, a->opt.solved ? "--solved" : "--clues");
            return CLI_EXIT_USAGE;
        }
        a->opt.clues = cells - blanks;
    }
    return -1;
}

static int generate_parse(int argc, char **argv, gen_args *a)
{
    static const struct option longs[] = {
        {"side", required_argument, NULL, 's'},     {"seed", required_argument, NULL, 'S'},
        {"box", required_argument, NULL, 'B'},
        {"solved", no_argument, NULL, 'o'},         {"symmetry", required_argument, NULL, 'y'},
        {"clues", required_argument, NULL, 'c'},    {"minimal", no_argument, NULL, 'm'},
        {"difficulty", required_argument, NULL, 'd'}, {"attempts", required_argument, NULL, 'a'},
        {"format", required_argument, NULL, 'f'},   {"answers", required_argument, NULL, 'A'},
        {"kinds", required_argument, NULL, 'k'},    {"mix", no_argument, NULL, 'x'},
        {"solutions", required_argument, NULL, 'K'},
        {"conflict-unit", required_argument, NULL, 'u'},
        {"edge", no_argument, NULL, 'e'},         {"hard-for", required_argument, NULL, 'H'},
        {"jobs", required_argument, NULL, 'j'},     {"quiet", no_argument, NULL, 'q'},
        {"help", no_argument, NULL, 'h'},           {NULL, 0, NULL, 0},
    };
    unsigned long long n;
    int c;
    char why[CLI_MESSAGE_SIZE];
    opterr = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, ":n:f:j:qh", longs, NULL)) != -1) {
        switch (c) {
        case 'n':
            if (!cli_parse_number(optarg, 100000000ULL, &n)) {
                cli_fail("generate: -n wants a count from 1 to 100000000, not '%s'", optarg);
                return CLI_EXIT_USAGE;
            }
            a->count = (unsigned long)n;
            break;
        case 's':
            if (!cli_parse_number(optarg, OJD_MAX_SIDE, &n) || n < 4 ||
                !ojd_shape_of_side((int)n, NULL, NULL)) {
                cli_fail("generate: --side wants a side that boxes of 2 to %d rows and columns "
                         "tile (4, 6, 8, 9, 10, 12, 16, 25, ... %d), not '%s'", OJD_MAX_BOX,
                         OJD_MAX_SIDE, optarg);
                return CLI_EXIT_USAGE;
            }
            a->opt.side = (int)n;
            a->side_given = true;
            break;
        case 'B': {
            cli_box box;
            if (!cli_parse_box("generate", optarg, &box))
                return CLI_EXIT_USAGE;
            a->opt.box_rows = box.rows;
            a->opt.box_cols = box.cols;
            break;
        }
        case 'S':
            if (!cli_parse_number(optarg, ~0ULL, &a->seed)) {
                cli_fail("generate: --seed wants a whole number from 0 to %llu, not '%s'",
                         ~0ULL, optarg);
                return CLI_EXIT_USAGE;
            }
            a->seeded = true;
            break;
        case 'o':
            a->opt.solved = true;
            break;
        case 'y':
            if (!ojd_symmetry_find(optarg, &a->opt.symmetry)) {
                cli_fail("generate: unknown symmetry '%s' (none, rotate180, rotate90, mirror, "
                             "flip, diagonal, antidiagonal)", optarg);
                return CLI_EXIT_USAGE;
            }
            a->symmetry_given = true;
            break;
        case 'c':
            /* the side may come later (--side, --box, --format): the bound here is the
             * largest grid's, and generate_check() holds N to the grid's own cells */
            if (!cli_parse_number(optarg, OJD_MAX_CELLS, &n) || n == 0) {
                cli_fail("generate: --clues wants a number of givens from 1 to %d, not '%s'",
                         OJD_MAX_CELLS, optarg);
                return CLI_EXIT_USAGE;
            }
            a->opt.clues = (int)n;
            break;
        case 'm':
            a->opt.minimal = true;
            break;
        case 'd':
            if (!ojd_grade_find(optarg, &a->opt.grade)) {
                cli_fail("generate: unknown difficulty '%s' (easy, medium, hard, expert, "
                             "extreme)", optarg);
                return CLI_EXIT_USAGE;
            }
            break;
        case 'a':
            if (!cli_parse_number(optarg, MAX_ATTEMPTS, &n) || n == 0) {
                cli_fail("generate: --attempts wants a number of grids from 1 to %llu, not '%s'",
                         MAX_ATTEMPTS, optarg);
                return CLI_EXIT_USAGE;
            }
            a->opt.attempts = (unsigned)n;
            break;
        case 'f':
            a->format = cli_find_format(optarg, why, sizeof why);
            if (!a->format) {
                cli_fail("generate: %s", why);
                return CLI_EXIT_USAGE;
            }
            a->json = ojd_format_style(a->format) == OJD_STYLE_JSON;
            break;
        case 'A':
            a->answers = optarg;
            break;
        case 'k':
            if (!parse_kinds(optarg, &a->kinds))
                return CLI_EXIT_USAGE;
            break;
        case 'x':
            a->mix = true;
            break;
        case 'K':
            if (!cli_parse_number(optarg, OJD_KIND_MAX_SOLUTIONS, &n) || n < 2) {
                cli_fail("generate: --solutions wants a number of solutions from 2 to %d, "
                             "not '%s'", OJD_KIND_MAX_SOLUTIONS, optarg);
                return CLI_EXIT_USAGE;
            }
            a->kind.solutions = (unsigned long)n;
            break;
        case 'u':
            if (strcmp(optarg, "row") != 0 && strcmp(optarg, "column") != 0 &&
                strcmp(optarg, "box") != 0) {
                cli_fail("generate: --conflict-unit wants row, column or box, not '%s'",
                             optarg);
                return CLI_EXIT_USAGE;
            }
            a->kind.unit = optarg;
            break;
        case 'e':
            a->edge = true;
            break;
        case 'H':
            a->hard_for = cli_find_solver(optarg, why, sizeof why);
            if (!a->hard_for) {
                cli_fail("generate: %s", why);
                return CLI_EXIT_USAGE;
            }
            break;
        case 'j':
            if (!cli_parse_jobs("generate", optarg, CLI_MAX_JOBS, &a->jobs))
                return CLI_EXIT_USAGE;
            break;
        case 'q':
            a->quiet = true;
            break;
        case 'h':
            generate_usage(stdout);
            return CLI_EXIT_OK;
        case ':':
        default:
            return cli_option_error("generate", longs, c, optopt, optind, argv);
        }
    }
    if (optind < argc) {
        cli_fail("generate: unexpected argument '%s'", argv[optind]);
        return CLI_EXIT_USAGE;
    }
    if (a->opt.box_rows) {
        int side = a->opt.box_rows * a->opt.box_cols;
        if (a->side_given && a->opt.side != side) {
            cli_fail("generate: --box %dx%d makes %dx%d grids, not --side %d", a->opt.box_rows,
                     a->opt.box_cols, side, side, a->opt.side);
            return CLI_EXIT_USAGE;
        }
        a->opt.side = side;
    }
    /* a profile of one side (POJ 3076's 16x16, HDU 5547's 4x4) is that side's without --side */
    if (!a->side_given && !a->opt.box_rows && a->format && ojd_format_side(a->format))
        a->opt.side = ojd_format_side(a->format);
    /* one character per cell ends at Y = 25 (letters A=1..), as in solve's line and packed
     * output; larger grids are written as spaced numbers, by the grid and json profiles */
    if (a->opt.side > 25 && !a->json &&
        !(a->format && (ojd_format_style(a->format) == OJD_STYLE_SPACED ||
                        ojd_format_style(a->format) == OJD_STYLE_PRETTY))) {
        cli_fail("generate: a %dx%d grid cannot be written one character per cell (letters end "
                 "at Y = 25); write it with spaced numbers (--format grid or json)",
                 a->opt.side, a->opt.side);
        return CLI_EXIT_USAGE;
    }
    a->rules = a->format ? a->format : ojd_format_find("line");
    int st = generate_check(a);
    if (st >= 0)
        return st;
    /* --hard-for: a symmetric pattern rules out most row and column moves (measured: ten 9x9
     * puzzles cost dfs 2.5 times the nodes with rotate180 kept, 18 times without) */
    if (!a->symmetry_given)
        a->opt.symmetry = a->opt.minimal || a->hard_for ? OJD_SYMMETRY_NONE
                                                        : OJD_SYMMETRY_ROTATE180;
    if (a->json)
        a->format = NULL; /* written here, line by line, not as a judge input file */
    return -1;
}

/* The default output: one line, digits for sides up to 9, letters A=1.. above. */
static void put_line(FILE *out, const ojd_board *b)
{
    int cells = b->side * b->side;
    bool letters = b->side > 9;
    for (int i = 0; i < cells; i++) {
        int v = b->cell[i];
        putc(v ? ojd_symbol(v, letters) : letters ? '-' : '.', out);
    }
    putc('\n', out);
}

/* The cells of a board as solve's json writes them: '.' blanks, digits up to 9x9, letters A=1..
 * above, and above 25x25 (past Y) the numbers, space-separated. */
static void put_cells(FILE *out, const ojd_board *b)
{
    int cells = b->side * b->side;
    bool letters = b->side > 9;
    for (int i = 0; i < cells; i++) {
        if (b->side <= 25) {
            putc(ojd_symbol(b->cell[i], letters), out);
            continue;
        }
        if (i > 0)
            putc(' ', out);
        if (b->cell[i])
            fprintf(out, "%d", b->cell[i]);
        else
            putc('.', out);
    }
}

/* One case: the puzzle, the kind it was made as (the edge case it is, if one), and what the
 * judge answers for it (solve --format NAME under the profile's search). */
typedef struct gen_case {
    ojd_board puzzle;
    ojd_outcome kind;
    int edge;                 /* an ojd_edge, or -1 for a generated case */
    ojd_status status;        /* the judge's outcome ... */
    ojd_board answer;         /* ... and its grid when it prints one (status OK or MULTIPLE) */
    long long score;          /* ... and a score task's best score */
    unsigned long solutions;  /* ... and the solutions the engine counted (a count task's) */
    ojd_status writable;      /* what the profile's writer says of that answer: OJD_OK, or why
                               * it cannot write it (a count past its cap: OJD_LIMIT) */
} gen_case;

/* --format json: {"case":N,"kind":K[,"edge":E],"puzzle":"...","solution":"..."|null} on one
 * line (only digits, letters, dots and names: nothing to escape); solution solves the puzzle
 * when it has a solution. */
static void put_json(FILE *out, unsigned long index, const gen_case *c, const ojd_board *solution)
{
    fprintf(out, "{\"case\":%lu,\"kind\":\"%s\",", index, ojd_kind_name(c->kind));
    if (c->edge >= 0)
        fprintf(out, "\"edge\":\"%s\",", ojd_edge_name((ojd_edge)c->edge));
    fputs("\"puzzle\":\"", out);
    put_cells(out, &c->puzzle);
    if (c->kind == OJD_OUTCOME_SOLVED || c->kind == OJD_OUTCOME_MULTIPLE) {
        fputs("\",\"solution\":\"", out);
        put_cells(out, solution);
        fputs("\"}\n", out);
    } else {
        fputs("\",\"solution\":null}\n", out);
    }
}

/* Says that puzzle `index` missed its target, and what was written instead: its givens and, when
 * a difficulty was asked for, the grade `ojdoku rate` gives it (computed here by the same
 * ojd_rate(), so the two always agree). */
static void describe_miss(unsigned long index, const gen_args *a, const ojd_generate_info *info,
                          const gen_case *c)
{
    char what[200];
    size_t n = 0;
    what[0] = '\0';
    if (c->kind != OJD_OUTCOME_SOLVED)
        n += (size_t)snprintf(what + n, sizeof what - n, " %s", ojd_kind_name(c->kind));
    if (a->opt.clues)
        n += (size_t)snprintf(what + n, sizeof what - n, " --clues %d", a->opt.clues);
    if (a->opt.minimal)
        n += (size_t)snprintf(what + n, sizeof what - n, " --minimal");
    if (a->opt.grade != OJD_GRADE_ANY)
        n += (size_t)snprintf(what + n, sizeof what - n, " --difficulty %s",
                              ojd_grade_name(a->opt.grade));
    if (c->kind == OJD_OUTCOME_MULTIPLE && a->kind.solutions)
        snprintf(what + n, sizeof what - n, " --solutions %lu", a->kind.solutions);
    char grade[40] = "";
    ojd_rating rating = {.size = sizeof rating};
    if (a->opt.grade != OJD_GRADE_ANY && c->kind == OJD_OUTCOME_SOLVED &&
        ojd_rate(&c->puzzle, &rating, NULL, NULL) == OJD_OK)
        snprintf(grade, sizeof grade, ", rated %s", ojd_grade_name(rating.grade));
    cli_fail("generate: puzzle %lu: target%s not met after %u attempt%s; wrote the closest "
                 "(%d givens%s)", index, what, info->attempts, info->attempts == 1 ? "" : "s",
                 info->clues, grade);
}

/*
 * The kinds asked for take turns in rounds: each round is every kind once, in an order drawn
 * from the schedule's rng (a stream of its own, case_rng index 0) when the round starts, so that
 * each kind comes up as often as the others (within one); a single kind draws nothing.
 */
typedef struct kind_turns {
    ojd_outcome kinds[OJD_OUTCOME_COUNT_];
    int n, next;
} kind_turns;

static ojd_outcome next_kind(kind_turns *t, ojd_rng *rng)
{
    if (t->next == t->n) {
        for (int k = t->n - 1; k > 0; k--) {
            int j = (int)ojd_rng_below(rng, (uint64_t)k + 1);
            ojd_outcome s = t->kinds[k];
            t->kinds[k] = t->kinds[j], t->kinds[j] = s;
        }
        t->next = 0;
    }
    return t->kinds[t->next++];
}

/*
 * Case `index`'s own random stream (index 0: the order of the kinds): the seed and the index
 * mixed by splitmix64's finalizer, then seeded.  A case depends on nothing but the seed, the
 * options and its index, so it comes out the same whatever the number of threads, and
 * neighbouring seeds or indices give unrelated streams (seeding with seed + index would give
 * shifted copies of one splitmix64 sequence).
 */
static void case_rng(ojd_rng *rng, unsigned long long seed, unsigned long index)
{
    uint64_t z = (uint64_t)seed ^ ((uint64_t)index * 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    ojd_rng_seed(rng, z ^ (z >> 31));
}

/* How a case's answer compares with its kind, and whether the profile can write it
 * (judge_case). */
typedef enum { JUDGED_OK, JUDGED_NOMEM, JUDGED_WRONG, JUDGED_UNWRITABLE } judged;

/* Case c as the answer writer takes it, as case `index`: the puzzle, and the judge's result. */
static void answer_of(const gen_case *c, unsigned long index, ojd_puzzle *pz, ojd_result *res)
{
    memset(pz, 0, sizeof *pz);
    memset(res, 0, sizeof *res);
    pz->board = c->puzzle;
    pz->index = index;
    res->solution = c->answer;
    res->solutions = c->solutions;
    res->score = c->score;
}

/*
 * Whether the profile's writer can write the answer of case c, as `ojdoku --format NAME` would
 * for the input written: `probe` is a writer of the profile that only formats, into `text`
 * (ojd_writer_format() only reads the writer, so every worker shares it); NULL for the default
 * lines, whose answer is the solution's line.  A judged outcome is not enough: SPOJ SUDOGOB's
 * empty grid is decided (several solutions) but its count is past the cap, and solve answers it
 * with a diagnostic.  JUDGED_UNWRITABLE then, with the writer's reason in c->writable.
 */
static judged writable(const ojd_writer *probe, ojd_answer *text, gen_case *c)
{
    c->writable = OJD_OK;
    if (!probe)
        return JUDGED_OK;
    ojd_puzzle pz;
    ojd_result res;
    answer_of(c, 1, &pz, &res);
    ojd_status st = ojd_writer_format(probe, &pz, c->status, &res, text);
    if (st == OJD_ERR_NOMEM)
        return JUDGED_NOMEM;
    c->writable = st;
    return st == OJD_OK ? JUDGED_OK : JUDGED_UNWRITABLE;
}

/*
 * The judge's outcome for case c in profile f (NULL: the default lines, answered as `line`
 * answers): a unique case's answer is its solution; the others are asked of the engine under the
 * profile's search, as solve does.  JUDGED_WRONG when the outcome is not the one the kind
 * promises: the generator broke its word, and nothing is written; JUDGED_UNWRITABLE when the
 * profile cannot write the answer (writable(), with probe and text).  Runs on a worker thread,
 * so it reports nothing itself.
 */
static judged judge_case(ojd_engine *engine, const ojd_format *f, const ojd_writer *probe,
                         ojd_answer *text, gen_case *c, const ojd_board *solution)
{
    static const ojd_status expect[OJD_OUTCOME_COUNT_] = {OJD_OK, OJD_MULTIPLE, OJD_UNSOLVABLE,
                                                          OJD_CONFLICT};
    ojd_status want = expect[c->kind];
    if (c->kind == OJD_OUTCOME_MULTIPLE && ojd_format_answered(f, OJD_MULTIPLE, 0))
        want = OJD_OK; /* any solution is the answer */
    /* a solving task's unique case is answered by its solution; a task whose answer is not a
     * solution (validity, count, deduce, score, transform) asks the engine for every case, as
     * solve does, and its outcome is the answer whatever the kind of the puzzle */
    ojd_task task = ojd_format_task(f);
    bool method = task == OJD_TASK_VALIDITY || task == OJD_TASK_COUNT ||
                  task == OJD_TASK_DEDUCE || task == OJD_TASK_SCORE || task == OJD_TASK_TRANSFORM;
    if (c->kind == OJD_OUTCOME_SOLVED && !method) {
        c->status = OJD_OK;
        c->answer = *solution;
        c->solutions = 1;
        c->score = 0;
        return writable(probe, text, c);
    }
    ojd_search search = {0};
    ojd_format_search(f, 0, &search);
    ojd_result *res = malloc(sizeof *res);
    if (!res)
        return JUDGED_NOMEM;
    c->status = ojd_engine_solve(engine, &c->puzzle, &search, res);
    if (c->status == OJD_OK || c->status == OJD_MULTIPLE)
        c->answer = res->solution;
    c->score = res->score;
    c->solutions = res->solutions;
    free(res);
    /* a method's outcome is the answer, whatever the kind of the puzzle */
    bool right = method ? c->status >= 0 && c->status != OJD_LIMIT : c->status == want;
    return right ? writable(probe, text, c) : JUDGED_WRONG;
}

/* Why an edge case does not fit the cases written: its kind is not one the profile's input may
 * hold, or it lacks the blanks the statement fixes.  NULL when it fits. */
static const char *edge_misfit(const gen_args *a, const gen_case *c)
{
    const ojd_format *f = a->rules;
    if (!(ojd_format_kinds(f) & OJD_KIND_BIT(c->kind)))
        return "kind";
    int blanks = 0;
    for (int i = 0; i < c->puzzle.side * c->puzzle.side; i++)
        blanks += c->puzzle.cell[i] == 0;
    int wanted = ojd_format_blanks(f);
    return wanted && blanks != (wanted == OJD_NO_BLANKS ? 0 : wanted) ? "blanks" : NULL;
}

/* Says why an edge case was skipped (edge_misfit's reason, or made_edges()'s "answer"). */
static void report_misfit(const gen_args *a, const gen_case *c, const char *why)
{
    char list[64];
    const ojd_format *f = a->rules;
    if (strcmp(why, "answer") == 0) {
        /* a count the engine stopped at the profile's search limit: more than it counts */
        ojd_search search = {0};
        ojd_format_search(f, 0, &search);
        if (ojd_format_task(f) == OJD_TASK_COUNT && c->writable == OJD_LIMIT &&
            c->solutions >= search.limit)
            cli_fail("generate: --edge: skipped '%s': format '%s' counts up to %lu solutions, "
                     "and it has more", ojd_edge_name((ojd_edge)c->edge), ojd_format_name(f),
                     search.limit - 1);
        else
            cli_fail("generate: --edge: skipped '%s': format '%s' cannot answer it (%s)",
                     ojd_edge_name((ojd_edge)c->edge), ojd_format_name(f),
                     ojd_strerror(c->writable));
    } else if (strcmp(why, "kind") == 0)
        cli_fail("generate: --edge: skipped '%s': format '%s' has no %s cases (its input "
                     "may hold: %s)", ojd_edge_name((ojd_edge)c->edge), ojd_format_name(f),
                     ojd_kind_name(c->kind), ojd_kind_list(ojd_format_kinds(f), list, sizeof list));
    else if (ojd_format_blanks(f) == OJD_NO_BLANKS)
        cli_fail("generate: --edge: skipped '%s': format '%s' has complete grids",
                 ojd_edge_name((ojd_edge)c->edge), ojd_format_name(f));
    else
        cli_fail("generate: --edge: skipped '%s': format '%s' has exactly %d blanks in "
                     "every case", ojd_edge_name((ojd_edge)c->edge), ojd_format_name(f),
                     ojd_format_blanks(f));
}

/* What the owner asks a worker for: the pipeline record's input. */
typedef struct gen_request {
    unsigned long index;      /* 1-based among every case asked for, edge cases first */
    int edge;                 /* an ojd_edge, or -1 */
    ojd_outcome kind;
} gen_request;

/* One case on its way through the pipeline (the record's output): what the owner asked for,
 * what a worker made of it, and what the owner then writes, in order. */
typedef struct gen_record {
    unsigned long index;      /* 1-based among every case asked for, edge cases first */
    gen_case c;
    ojd_board solution;
    ojd_generate_info info;
    ojd_status made;          /* what ojd_generate_edge() or ojd_generate_kind() returned */
    const char *misfit;       /* an edge case that is not written: why (edge_misfit, or
                               * made_edges()'s "answer") */
    judged judgement;
} gen_record;

/* An edge case, made before the run (made_edges) so that the cases written are known before the
 * first is: what ojd_generate_edge() made of it and what the judge answers (judge_case), and why
 * it is not written if it is not. */
typedef struct edge_case {
    gen_case c;
    ojd_board solution;
    ojd_status made;
    const char *misfit;       /* edge_misfit(), or "answer": the profile cannot write its answer */
    judged judgement;
} edge_case;

/* A worker thread's own generator and engine. */
typedef struct gen_worker {
    ojd_generator *gen;
    ojd_engine *engine;
    ojd_engine *hard;         /* --hard-for's solver, or NULL */
    ojd_answer *text;         /* the answers judge_case() formats to see that they can be */
    const struct gen_run *run;
} gen_worker;

/* What the cases share; emit_case() is the only writer (one thread at a time, in case order). */
typedef struct gen_run {
    const gen_args *a;
    /* what fill_case() asks for, in case order (whichever thread holds the read turn) */
    unsigned long next, total;
    const int *edges;         /* the edge cases, asked for first */
    int nedges;
    const edge_case *edge_cases; /* each of edges[] as made_edges() made it */
    kind_turns turns;         /* the kinds take turns in an order drawn from `schedule` */
    ojd_rng schedule;
    FILE *answers;
    ojd_writer *answer_writer; /* a judge input file's answers (--answers with a profile) */
    ojd_writer *probe;        /* a writer of the profile that only formats (judge_case), never
                               * writes: a judge input file's, with --answers or without */
    unsigned long to_write;   /* the cases a judge input file holds (its count line) */
    unsigned long missed, written;
    int exit_status;
    bool failed;              /* stop: an error was reported (or a write failed) */
    bool out_failed, answers_failed;
    int out_errno, answers_errno;
    cli_progress progress;
} gen_run;

/* Asks for the next case: its index, and its edge or kind. */
static bool fill_case(void *context, void *input)
{
    gen_run *run = context;
    gen_request *q = input;
    if (run->next == run->total)
        return false;
    unsigned long i = run->next++;
    q->index = i + 1;
    if (i < (unsigned long)run->nedges) {
        q->edge = run->edges[i];
        q->kind = ojd_edge_kind((ojd_edge)q->edge);
    } else {
        q->edge = -1;
        q->kind = next_kind(&run->turns, &run->schedule);
    }
    return true;
}

/* Makes one case (on the thread that asked for it), and works out its answer when one is needed
 * (a judge input's, or lines with --answers). */
static void make_case(void *worker, void *input, void *output)
{
    gen_worker *w = worker;
    const gen_request *q = input;
    gen_record *r = output;
    const gen_args *a = w->run->a;
    gen_case *c = &r->c;
    r->index = q->index;
    c->edge = q->edge;
    c->kind = q->kind;
    r->misfit = NULL;
    r->judgement = JUDGED_OK;
    if (c->edge >= 0) { /* made and judged already, before the run: the edge cases come first */
        const edge_case *e = &w->run->edge_cases[r->index - 1];
        r->made = e->made;
        r->misfit = e->misfit;
        r->judgement = e->judgement;
        *c = e->c;
        r->solution = e->solution;
        return;
    }
    ojd_rng rng;
    case_rng(&rng, a->seed, r->index);
    ojd_kind_options ko = a->kind;
    ko.kind = c->kind;
    r->made = ojd_generate_kind(w->gen, &rng, &a->opt, &ko, &c->puzzle, &r->solution, &r->info);
    if (w->hard && (r->made == OJD_OK || r->made == OJD_LIMIT)) {
        /* after the kind, from the case's own stream: the same output for every -j */
        ojd_harden_options ho = {.symmetry = a->opt.symmetry};
        ojd_status hs = ojd_harden(w->hard, &rng, &ho, &c->puzzle, &r->solution, NULL);
        if (hs != OJD_OK)
            r->made = hs;
    }
    if ((r->made == OJD_OK || r->made == OJD_LIMIT) && (a->format || a->answers))
        r->judgement = judge_case(w->engine, a->format, w->run->probe, w->text, c,
                                  &r->solution);
}

/* Writes case run->written of a judge input file and its answer: the count line goes before the
 * first case and the terminator after the last (ojd_write_puzzle), as the whole file would have
 * them.  Reports what fails. */
static void write_judge_case(gen_run *run, const gen_case *c)
{
    const gen_args *a = run->a;
    errno = 0; /* as for the answer below */
    ojd_status st = ojd_write_puzzle(stdout, a->format, &c->puzzle, run->written, run->to_write);
    if (st == OJD_ERR_NOMEM) {
        cli_fail("generate: out of memory");
        run->failed = true;
        return;
    }
    if (st == OJD_ERR_INVALID) { /* more cases than made_edges() counted */
        cli_fail("generate: case %lu of a file of %lu (a bug: please report it with the seed)",
                 run->written, run->to_write);
        run->failed = true;
        return;
    }
    if (st != OJD_OK) {
        run->out_errno = errno;
        run->out_failed = run->failed = true;
        return;
    }
    if (!run->answer_writer)
        return;
    ojd_puzzle pz;
    ojd_result res;
    answer_of(c, run->written, &pz, &res);
    /* only a failed write sets errno: any other status is no I/O error, and errno holds what an
     * earlier call left (isatty()'s ENOTTY: "write error: Inappropriate ioctl for device") */
    errno = 0;
    st = ojd_writer_answer(run->answer_writer, &pz, c->status, &res);
    if (st == OJD_ERR_IO) {
        run->answers_errno = errno;
        run->answers_failed = run->failed = true;
    } else if (st != OJD_OK) { /* judge_case() formatted it: the two disagree */
        cli_fail("generate: puzzle %lu: format '%s' cannot write its answer (%s; a bug: please "
                 "report it with the seed)", run->written, ojd_format_name(a->format),
                 ojd_strerror(st));
        run->failed = true;
    }
}

/* Writes one case, in order: its messages, then the case. */
static void write_case(gen_run *run, gen_record *r)
{
    const gen_args *a = run->a;
    gen_case *c = &r->c;
    if (run->failed)
        return;
    cli_progress_step(&run->progress);
    if (r->misfit) {
        cli_progress_clear(&run->progress);
        report_misfit(a, c, r->misfit);
        return;
    }
    if (r->made == OJD_LIMIT) {
        if (run->missed++ < 10) {
            cli_progress_clear(&run->progress);
            describe_miss(run->written + 1, a, &r->info, c);
        }
        run->exit_status = CLI_EXIT_UNANSWERED;
    }
    if (r->made != OJD_OK && r->made != OJD_LIMIT) {
        cli_progress_clear(&run->progress);
        cli_fail("generate: %s", ojd_strerror(r->made));
        run->failed = true;
        return;
    }
    run->written++;
    if (r->judgement != JUDGED_OK) {
        cli_progress_clear(&run->progress);
        if (r->judgement == JUDGED_NOMEM)
            cli_fail("generate: out of memory");
        else if (r->judgement == JUDGED_UNWRITABLE)
            cli_fail("generate: puzzle %lu: made as %s but format '%s' cannot answer it (%s; a "
                     "bug: please report it with the seed)", run->written,
                     ojd_kind_name(c->kind), ojd_format_name(a->format),
                     ojd_strerror(c->writable));
        else
            cli_fail("generate: puzzle %lu: made as %s but the solver says %s (a bug: please "
                         "report it with the seed)", run->written, ojd_kind_name(c->kind),
                         ojd_strerror(c->status));
        run->failed = true;
        return;
    }
    if (a->format) {
        write_judge_case(run, c);
        return;
    }
    if (a->json)
        put_json(stdout, run->written, c, &r->solution);
    else
        put_line(stdout, &c->puzzle);
    if (ferror(stdout)) {
        run->out_errno = errno;
        run->out_failed = run->failed = true;
        return;
    }
    if (run->answers) {
        put_line(run->answers, &c->answer);
        if (ferror(run->answers)) {
            run->answers_errno = errno;
            run->answers_failed = run->failed = true;
        }
    }
}

/* Emits one case; false (ask for no more) once an error was reported. */
static bool emit_case(void *context, void *record)
{
    gen_run *run = context;
    write_case(run, record);
    return !run->failed;
}

/*
 * Makes and judges the edge cases, before the run, on the first worker: a judge input file may
 * open with the count of its cases, written before the first, and the edge cases the profile
 * cannot hold (edge_misfit) or cannot answer (judge_case's JUDGED_UNWRITABLE: the empty grid's
 * count in SPOJ SUDOGOB) are not written, so which they are must be known first.  Each is made
 * from its own stream (case_rng of its index) as any case is, and handed to the pipeline as made
 * and judged (make_case).  Returns how many are written (fit the profile, or failed: that
 * failure then stops the run).
 */
static int made_edges(const gen_args *a, const gen_worker *w, const int *edges, int nedges,
                      edge_case *made)
{
    int fit = 0;
    for (int i = 0; i < nedges; i++) {
        edge_case *e = &made[i];
        gen_case *c = &e->c;
        memset(c, 0, sizeof *c);
        c->edge = edges[i];
        c->kind = ojd_edge_kind((ojd_edge)edges[i]);
        ojd_rng rng;
        case_rng(&rng, a->seed, (unsigned long)i + 1);
        e->made = ojd_generate_edge(w->gen, &rng, a->opt.side, (ojd_edge)edges[i], &c->puzzle,
                                    &e->solution);
        e->misfit = NULL;
        e->judgement = JUDGED_OK;
        if (e->made == OJD_OK)
            e->misfit = edge_misfit(a, c);
        if (e->made == OJD_OK && !e->misfit && (a->format || a->answers)) {
            e->judgement = judge_case(w->engine, a->format, w->run->probe, w->text, c,
                                      &e->solution);
            if (e->judgement == JUDGED_UNWRITABLE)
                e->misfit = "answer";
        }
        fit += !e->misfit;
    }
    return fit;
}

int cmd_generate(int argc, char **argv)
{
    gen_args a = {.count = 1, .opt = {.side = 9, .grade = OJD_GRADE_ANY}, .jobs = 1};
    int st = generate_parse(argc, argv, &a);
    if (st >= 0)
        return st;
    /* the edge cases first, then the generated ones */
    int edges[OJD_EDGE_COUNT_], nedges = 0;
    for (int e = 0; a.edge && e < OJD_EDGE_COUNT_; e++) {
        if (!ojd_edge_puzzles((ojd_edge)e) || a.opt.side == 9)
            edges[nedges++] = e;
        else
            cli_fail("generate: --edge: skipped '%s': the bundled ones are 9x9",
                         ojd_edge_name((ojd_edge)e));
    }
    unsigned long total = a.count + (unsigned long)nedges;
    unsigned long max_cases = ojd_format_max_cases(a.rules);
    if (max_cases && total > max_cases) {
        cli_fail("generate: format '%s' holds at most %lu cases (its statement's bound), "
                     "not %lu", ojd_format_name(a.rules), max_cases, total);
        return CLI_EXIT_USAGE;
    }
    gen_run run = {.a = &a, .exit_status = CLI_EXIT_OK};
    if (a.answers) {
        run.answers = fopen(a.answers, "w");
        if (!run.answers) {
            cli_fail("generate: cannot write '%s': %s", a.answers, strerror(errno));
            return CLI_EXIT_USAGE;
        }
    }
    cli_seed("generate", a.seeded, &a.seed);
    size_t threads = cli_pipeline_threads(a.jobs);
    gen_worker *workers = calloc(threads, sizeof *workers);
    void **contexts = calloc(threads, sizeof *contexts);
    edge_case *edge_cases = calloc(nedges ? (size_t)nedges : 1, sizeof *edge_cases);
    bool ready = workers && contexts && edge_cases;
    for (size_t i = 0; ready && i < threads; i++) {
        workers[i].gen = ojd_generator_new();
        workers[i].engine = ojd_engine_new(NULL);
        workers[i].hard = a.hard_for ? ojd_engine_new(a.hard_for) : NULL;
        workers[i].text = ojd_answer_new();
        workers[i].run = &run;
        contexts[i] = &workers[i];
        ready = workers[i].gen && workers[i].engine && workers[i].text &&
                (!a.hard_for || workers[i].hard);
    }
    if (ready && a.format && run.answers) {
        run.answer_writer = ojd_writer_new(run.answers, a.format, NULL);
        ready = run.answer_writer != NULL;
    }
    if (ready && a.format) { /* on stdout, which it never writes to: it only formats */
        run.probe = ojd_writer_new(stdout, a.format, NULL);
        ready = run.probe != NULL;
    }
    /* the cases written: every generated one, and the edge cases that fit */
    if (ready)
        run.to_write = a.count + (unsigned long)made_edges(&a, &workers[0], edges, nedges,
                                                           edge_cases);
    /* hand-offs in batches: an easy 9x9 puzzle takes about as long as one */
    cli_pipeline *pipeline =
        ready ? cli_pipeline_new(threads, contexts, sizeof(gen_request), sizeof(gen_record),
                                 threads * CASES_PER_THREAD, CASES_PER_THREAD, fill_case,
                                 make_case, emit_case, &run)
              : NULL;
    if (!pipeline) {
        cli_fail("generate: out of memory"); /* threads that cannot start leave it to this one */
        run.failed = true;
    }
    /* a progress line only where a person watches stderr and it will not mix with the puzzles */
    bool show_progress = !a.quiet && isatty(fileno(stderr)) && !isatty(fileno(stdout));
    cli_progress_start(&run.progress, stderr, show_progress, cli_progress_clock());
    /* the kinds take turns in an order drawn from stream 0, in case order (the read turn) */
    case_rng(&run.schedule, a.seed, 0);
    for (int k = 0; k < OJD_OUTCOME_COUNT_; k++)
        if ((a.kinds ? a.kinds : OJD_KIND_BIT(OJD_OUTCOME_SOLVED)) & OJD_KIND_BIT(k))
            run.turns.kinds[run.turns.n++] = (ojd_outcome)k;
    run.turns.next = run.turns.n;
    run.total = total;
    run.edges = edges;
    run.nedges = nedges;
    run.edge_cases = edge_cases;
    if (pipeline) {
        cli_pipeline_run(pipeline);
        cli_pipeline_free(pipeline);
    }
    cli_progress_clear(&run.progress);
    if (run.missed > 10)
        cli_fail("generate: ... %lu puzzles in all missed their target", run.missed);
    /* a judge's input holds at least one case: a file of none (every --edge case skipped,
     * -n 0) is one its own validator rejects, so none is written */
    if (!run.failed && a.format && run.written == 0) {
        cli_fail("generate: no case to write (every --edge case was skipped and -n is 0): "
                 "format '%s' wants at least one", ojd_format_name(a.format));
        cli_raise_status(&run.exit_status, CLI_EXIT_UNANSWERED);
    } else if (!run.failed && run.answer_writer) {
        errno = 0; /* only a failed write sets it (write_judge_case) */
        if (ojd_writer_finish(run.answer_writer) != OJD_OK) {
            run.answers_errno = errno;
            run.answers_failed = run.failed = true;
        }
    }
    if (run.out_failed)
        cli_write_error(run.out_errno);
    /* the rest of stdout is flushed, and a failure reported, by main() after every command */
    if (run.answers) {
        errno = 0; /* ferror() without a failed fflush() sets none */
        if (!run.answers_failed && (fflush(run.answers) != 0 || ferror(run.answers))) {
            run.answers_errno = errno;
            run.answers_failed = true;
        }
        if (fclose(run.answers) != 0 && !run.answers_failed) {
            run.answers_errno = errno;
            run.answers_failed = true;
        }
    }
    if (run.answers_failed) {
        if (run.answers_errno)
            cli_fail("generate: write error on '%s': %s", a.answers,
                     strerror(run.answers_errno));
        else
            cli_fail("generate: write error on '%s'", a.answers);
        run.failed = true;
    }
    for (size_t i = 0; workers && i < threads; i++) {
        ojd_engine_free(workers[i].engine);
        ojd_engine_free(workers[i].hard);
        ojd_generator_free(workers[i].gen);
        ojd_answer_free(workers[i].text);
    }
    ojd_writer_free(run.answer_writer);
    ojd_writer_free(run.probe);
    free(workers);
    free(contexts);
    free(edge_cases);
    return run.failed ? CLI_EXIT_USAGE : run.exit_status;
}
