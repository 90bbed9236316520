/*
 * cmd_generate.c -- `ojdoku generate`: puzzles with one solution, or solved grids, optionally
 * symmetric, with a clue count, minimal, or of a difficulty.  Output: one puzzle per line by
 * default, JSON lines with --format json, or a whole judge input file with --format NAME, with
 * the judge's expected output in --answers FILE.
 *
 * What generate says about its puzzles is what `rate` would say: a difficulty target that was
 * missed is reported with the grade ojd_rate() gives the puzzle written, and a difficulty that
 * no puzzle of the size can have (every 4x4 puzzle is easy: singles solve all 13,579,680 4x4
 * puzzles with one solution, checked by enumeration) is refused before any work.  A run without
 * --seed names the seed it drew on stderr, so that its output can be made again.
 * Sizes: generate makes 4x4 to 25x25, the sizes with a one-character alphabet (digits, letters
 * A..Y); solve reads every n*n grid up to 64x64.
 */
#include "cli.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static void generate_usage(FILE *out)
{
    fputs("Usage: ojdoku generate [OPTIONS]\n"
          "Make Sudoku puzzles with exactly one solution (checked by the solver at limit 2)\n"
          "by removing givens from a random complete grid, or complete grids (--solved).\n"
          "\n"
          "Options:\n"
          "  -n COUNT             how many (default 1)\n"
          "      --side N         4, 9, 16 or 25 (default 9)\n"
          "      --seed S         a number: the same seed and options give the same output\n"
          "                       on every machine (default: from the clock, and stderr\n"
          "                       says 'ojdoku: generate: seed S')\n"
          "      --solved         random complete grids instead of puzzles\n"
          "      --symmetry NAME  of the pattern of givens: none, rotate180, rotate90,\n"
          "                       mirror, flip, diagonal, antidiagonal (default rotate180,\n"
          "                       or none with --minimal)\n"
          "      --clues N        aim at N givens\n"
          "      --minimal        no given can be removed without losing uniqueness\n"
          "      --difficulty G   easy, medium, hard, expert or extreme ('ojdoku rate');\n"
          "                       4x4 puzzles are all easy\n"
          "      --attempts N     grids to try per puzzle for a target (default 1000 up\n"
          "                       to 9x9, 20 for larger grids)\n"
          "  -f, --format NAME    write a judge input file in profile NAME (see\n"
          "                       'ojdoku formats'); default: one puzzle per line, '.'\n"
          "                       blanks up to 9x9, letters A=1.. and '-' blanks above;\n"
          "                       json: one line per puzzle, {\"case\":1,\"puzzle\":...,\n"
          "                       \"solution\":...} (cells as in solve's json)\n"
          "      --answers FILE   write the matching expected output (solutions) to FILE\n"
          "  -h, --help           print this help and exit\n"
          "\n"
          "Exit status: 0 done; 1 a target (--clues, --minimal, --difficulty) was not met\n"
          "for some puzzle (the closest puzzle found is written, and stderr says so, with\n"
          "the grade 'ojdoku rate' gives it); 2 usage or I/O error.\n"
          "\n"
          "Example (judge test data for POJ 3076):\n"
          "  ojdoku generate --side 16 -n 10 --format poj3076 --answers t.out > t.in\n",
          out);
}

typedef struct gen_args {
    unsigned long count;
    ojd_generate_options opt;
    bool symmetry_given;
    bool seeded;
    unsigned long long seed;
    const ojd_format *format; /* a judge profile, or NULL for lines (and for json) */
    bool json;                /* --format json: JSON lines */
    const char *answers;
} gen_args;

static int generate_parse(int argc, char **argv, gen_args *a)
{
    static const struct option longs[] = {
        {"side", required_argument, NULL, 's'},     {"seed", required_argument, NULL, 'S'},
        {"solved", no_argument, NULL, 'o'},         {"symmetry", required_argument, NULL, 'y'},
        {"clues", required_argument, NULL, 'c'},    {"minimal", no_argument, NULL, 'm'},
        {"difficulty", required_argument, NULL, 'd'}, {"attempts", required_argument, NULL, 'a'},
        {"format", required_argument, NULL, 'f'},   {"answers", required_argument, NULL, 'A'},
        {"help", no_argument, NULL, 'h'},           {NULL, 0, NULL, 0},
    };
    unsigned long long n;
    int c;
    char why[CLI_MESSAGE_SIZE];
    opterr = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, ":n:f:h", longs, NULL)) != -1) {
        switch (c) {
        case 'n':
            if (!cli_parse_number(optarg, 100000000ULL, &n) || n == 0) {
                cli_fail("generate: -n wants a count from 1 to 100000000, not '%s'", optarg);
                return CLI_EXIT_USAGE;
            }
            a->count = (unsigned long)n;
            break;
        case 's':
            if (!cli_parse_number(optarg, 25, &n) || (n != 4 && n != 9 && n != 16 && n != 25)) {
                cli_fail("generate: --side wants 4, 9, 16 or 25, not '%s' (generate writes "
                         "one character per cell, A..Y at most; solve reads grids up to "
                         "64x64)", optarg);
                return CLI_EXIT_USAGE;
            }
            a->opt.side = (int)n;
            break;
        case 'S':
            if (!cli_parse_number(optarg, ~0ULL, &a->seed)) {
                cli_fail("generate: --seed wants a whole number, not '%s'", optarg);
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
            if (!cli_parse_number(optarg, 625, &n) || n == 0) {
                cli_fail("generate: --clues wants a number of givens, not '%s'", optarg);
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
            if (!cli_parse_number(optarg, 100000000ULL, &n) || n == 0) {
                cli_fail("generate: --attempts wants a positive number, not '%s'", optarg);
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
    int cells = a->opt.side * a->opt.side;
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
    int format_side = a->format ? ojd_format_side(a->format) : 0; /* 0: any */
    if (format_side && format_side != a->opt.side) {
        cli_fail("generate: format '%s' is for %dx%d grids; add --side %d",
                 ojd_format_name(a->format), format_side, format_side, format_side);
        return CLI_EXIT_USAGE;
    }
    if (!a->symmetry_given)
        a->opt.symmetry = a->opt.minimal ? OJD_SYMMETRY_NONE : OJD_SYMMETRY_ROTATE180;
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
 * above. */
static void put_cells(FILE *out, const ojd_board *b)
{
    int cells = b->side * b->side;
    bool letters = b->side > 9;
    for (int i = 0; i < cells; i++)
        putc(ojd_symbol(b->cell[i], letters), out);
}

/* --format json: {"case":N,"puzzle":"...","solution":"..."} on one line (only digits, letters and
 * dots: nothing to escape). */
static void put_json(FILE *out, unsigned long index, const ojd_board *puzzle,
                     const ojd_board *solution)
{
    fprintf(out, "{\"case\":%lu,\"puzzle\":\"", index);
    put_cells(out, puzzle);
    fputs("\",\"solution\":\"", out);
    put_cells(out, solution);
    fputs("\"}\n", out);
}

/* A seed for runs without --seed: the clock and the process id, mixed by the rng's seeding. */
static unsigned long long clock_seed(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (unsigned long long)ts.tv_sec * 1000000007ULL ^ (unsigned long long)ts.tv_nsec ^
           ((unsigned long long)getpid() << 32);
}

/* Says that puzzle `index` missed its target, and what was written instead: its givens and, when
 * a difficulty was asked for, the grade `ojdoku rate` gives it (computed here by the same
 * ojd_rate(), so the two always agree). */
static void describe_miss(unsigned long index, const gen_args *a, const ojd_generate_info *info,
                          const ojd_board *puzzle)
{
    char what[160];
    size_t n = 0;
    what[0] = '\0';
    if (a->opt.clues)
        n += (size_t)snprintf(what + n, sizeof what - n, " --clues %d", a->opt.clues);
    if (a->opt.minimal)
        n += (size_t)snprintf(what + n, sizeof what - n, " --minimal");
    if (a->opt.grade != OJD_GRADE_ANY)
        snprintf(what + n, sizeof what - n, " --difficulty %s", ojd_grade_name(a->opt.grade));
    char grade[40] = "";
    ojd_rating rating = {.size = sizeof rating};
    if (a->opt.grade != OJD_GRADE_ANY && ojd_rate(puzzle, &rating, NULL, NULL) == OJD_OK)
        snprintf(grade, sizeof grade, ", rated %s", ojd_grade_name(rating.grade));
    cli_fail("generate: puzzle %lu: target%s not met after %u attempt%s; wrote the closest "
             "(%d givens%s)", index, what, info->attempts, info->attempts == 1 ? "" : "s",
             info->clues, grade);
}

int cmd_generate(int argc, char **argv)
{
    gen_args a = {.count = 1, .opt = {.side = 9, .grade = OJD_GRADE_ANY}};
    int st = generate_parse(argc, argv, &a);
    if (st >= 0)
        return st;
    FILE *answers = NULL;
    ojd_writer *answer_writer = NULL; /* the solutions in the profile; without one, a line each */
    if (a.answers) {
        answers = fopen(a.answers, "w");
        if (!answers) {
            cli_fail("generate: cannot write '%s': %s", a.answers, strerror(errno));
            return CLI_EXIT_USAGE;
        }
        answer_writer = ojd_writer_new(answers, a.format, NULL);
        if (!answer_writer) {
            cli_fail("generate: out of memory");
            fclose(answers);
            return CLI_EXIT_USAGE;
        }
    }
    /* A judge input file may open with the count, so the boards are kept until the end. */
    ojd_board *puzzles = NULL, *solutions = NULL;
    if (a.format) {
        puzzles = malloc(a.count * sizeof *puzzles);
        solutions = malloc(a.count * sizeof *solutions);
        if (!puzzles || !solutions) {
            cli_fail("generate: out of memory for %lu puzzles", a.count);
            free(puzzles);
            free(solutions);
            if (answers) {
                ojd_writer_free(answer_writer);
                fclose(answers);
            }
            return CLI_EXIT_USAGE;
        }
    }
    ojd_generator *gen = ojd_generator_new();
    ojd_board puzzle, solution;
    ojd_rng rng;
    if (!a.seeded) { /* say it, so that the batch can be made again */
        a.seed = clock_seed();
        cli_fail("generate: seed %llu", a.seed);
    }
    ojd_rng_seed(&rng, a.seed);
    int exit_status = CLI_EXIT_OK;
    unsigned long missed = 0;
    bool failed = !gen;
    /* a failed write stops the run: errno is kept right after it, for the message */
    bool out_failed = false, answers_failed = false;
    int out_errno = 0, answers_errno = 0;
    for (unsigned long i = 0; i < a.count && !failed; i++) {
        ojd_generate_info info;
        ojd_status s = ojd_generate(gen, &rng, &a.opt, &puzzle, &solution, &info);
        if (s == OJD_LIMIT) {
            if (missed++ < 10)
                describe_miss(i + 1, &a, &info, &puzzle);
            exit_status = CLI_EXIT_UNANSWERED;
        } else if (s != OJD_OK) {
            cli_fail("generate: %s", ojd_strerror(s));
            failed = true;
            break;
        }
        if (a.format) {
            puzzles[i] = puzzle;
            solutions[i] = solution;
            continue;
        }
        if (a.json)
            put_json(stdout, i + 1, &puzzle, &solution);
        else
            put_line(stdout, &puzzle);
        if (ferror(stdout)) {
            out_errno = errno;
            out_failed = failed = true;
            break;
        }
        if (answers && ojd_writer_solution(answer_writer, i + 1, &puzzle, &solution) != OJD_OK) {
            answers_errno = errno;
            answers_failed = failed = true;
        }
    }
    if (missed > 10)
        cli_fail("generate: ... %lu puzzles in all missed their target", missed);
    if (!failed && a.format) {
        if (ojd_write_puzzles(stdout, a.format, puzzles, a.count) != OJD_OK) {
            out_errno = errno;
            out_failed = failed = true;
        }
        for (unsigned long i = 0; answers && i < a.count && !failed; i++) {
            if (ojd_writer_solution(answer_writer, i + 1, &puzzles[i], &solutions[i]) != OJD_OK) {
                answers_errno = errno;
                answers_failed = failed = true;
            }
        }
    }
    if (answers && !failed && ojd_writer_finish(answer_writer) != OJD_OK) {
        answers_errno = errno;
        answers_failed = failed = true;
    }
    if (out_failed)
        cli_write_error(out_errno);
    /* the rest of stdout is flushed, and a failure reported, by main() after every command */
    if (answers) {
        ojd_writer_free(answer_writer);
        if (!answers_failed && (fflush(answers) != 0 || ferror(answers))) {
            answers_errno = errno;
            answers_failed = true;
        }
        if (fclose(answers) != 0 && !answers_failed) {
            answers_errno = errno;
            answers_failed = true;
        }
    }
    if (answers_failed) {
        if (answers_errno)
            cli_fail("generate: write error on '%s': %s", a.answers, strerror(answers_errno));
        else
            cli_fail("generate: write error on '%s'", a.answers);
        failed = true;
    }
    ojd_generator_free(gen);
    free(puzzles);
    free(solutions);
    return failed ? CLI_EXIT_USAGE : exit_status;
}
