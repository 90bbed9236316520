/*
 * cmd_generate.c -- `ojdoku generate` (puzzles with one solution, or solved grids, optionally
 * symmetric, with a clue count, minimal, or of a difficulty) and `ojdoku rate` (grade puzzles by
 * the techniques a human needs).  Output of generate: one puzzle per line by default, or a whole
 * judge input file with --format, with the judge's expected output in --answers FILE.
 */
#include "cli.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* ---- generate ---------------------------------------------------------------------------- */

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
          "                       on every machine (default: from the clock)\n"
          "      --solved         random complete grids instead of puzzles\n"
          "      --symmetry NAME  of the pattern of givens: none, rotate180, rotate90,\n"
          "                       mirror, flip, diagonal, antidiagonal (default rotate180,\n"
          "                       or none with --minimal)\n"
          "      --clues N        aim at N givens\n"
          "      --minimal        no given can be removed without losing uniqueness\n"
          "      --difficulty G   easy, medium, hard, expert or extreme ('ojdoku rate')\n"
          "      --attempts N     grids to try per puzzle for a target (default 1000 up\n"
          "                       to 9x9, 20 for larger grids)\n"
          "  -f, --format NAME    write a judge input file in profile NAME (see\n"
          "                       'ojdoku formats'); default: one puzzle per line, '.'\n"
          "                       blanks up to 9x9, letters A=1.. and '-' blanks above\n"
          "      --answers FILE   write the matching expected output (solutions) to FILE\n"
          "  -h, --help           print this help and exit\n"
          "\n"
          "Exit status: 0 done; 1 a target (--clues, --minimal, --difficulty) was not met\n"
          "for some puzzle (the closest puzzle found is written, and stderr says so);\n"
          "2 usage or I/O error.\n"
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
    const ojd_format *format;
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
    opterr = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, ":n:f:h", longs, NULL)) != -1) {
        switch (c) {
        case 'n':
            if (!ojd_cli_parse_number(optarg, 100000000ULL, &n) || n == 0) {
                ojd_cli_fail("generate: -n wants a count from 1 to 100000000, not '%s'", optarg);
                return OJD_EXIT_USAGE;
            }
            a->count = (unsigned long)n;
            break;
        case 's':
            if (!ojd_cli_parse_number(optarg, 25, &n) || (n != 4 && n != 9 && n != 16 && n != 25)) {
                ojd_cli_fail("generate: --side wants 4, 9, 16 or 25, not '%s'", optarg);
                return OJD_EXIT_USAGE;
            }
            a->opt.side = (int)n;
            break;
        case 'S':
            if (!ojd_cli_parse_number(optarg, ~0ULL, &a->seed)) {
                ojd_cli_fail("generate: --seed wants a whole number, not '%s'", optarg);
                return OJD_EXIT_USAGE;
            }
            a->seeded = true;
            break;
        case 'o':
            a->opt.solved = true;
            break;
        case 'y':
            if (!ojd_symmetry_find(optarg, &a->opt.symmetry)) {
                ojd_cli_fail("generate: unknown symmetry '%s' (none, rotate180, rotate90, mirror, "
                             "flip, diagonal, antidiagonal)", optarg);
                return OJD_EXIT_USAGE;
            }
            a->symmetry_given = true;
            break;
        case 'c':
            if (!ojd_cli_parse_number(optarg, 625, &n) || n == 0) {
                ojd_cli_fail("generate: --clues wants a number of givens, not '%s'", optarg);
                return OJD_EXIT_USAGE;
            }
            a->opt.clues = (int)n;
            break;
        case 'm':
            a->opt.minimal = true;
            break;
        case 'd':
            if (!ojd_grade_find(optarg, &a->opt.grade)) {
                ojd_cli_fail("generate: unknown difficulty '%s' (easy, medium, hard, expert, "
                             "extreme)", optarg);
                return OJD_EXIT_USAGE;
            }
            break;
        case 'a':
            if (!ojd_cli_parse_number(optarg, 100000000ULL, &n) || n == 0) {
                ojd_cli_fail("generate: --attempts wants a positive number, not '%s'", optarg);
                return OJD_EXIT_USAGE;
            }
            a->opt.attempts = (unsigned)n;
            break;
        case 'f':
            a->format = ojd_format_find(optarg);
            if (!a->format) {
                ojd_cli_fail("generate: unknown format '%s' (see 'ojdoku formats')", optarg);
                return OJD_EXIT_USAGE;
            }
            break;
        case 'A':
            a->answers = optarg;
            break;
        case 'h':
            generate_usage(stdout);
            return OJD_EXIT_OK;
        case ':':
            ojd_cli_fail("generate: option '%s' needs a value", argv[optind - 1]);
            return OJD_EXIT_USAGE;
        default:
            ojd_cli_fail("generate: unknown option '%s' (see 'ojdoku generate --help')",
                         argv[optind - 1]);
            return OJD_EXIT_USAGE;
        }
    }
    if (optind < argc) {
        ojd_cli_fail("generate: unexpected argument '%s'", argv[optind]);
        return OJD_EXIT_USAGE;
    }
    int cells = a->opt.side * a->opt.side;
    if (a->opt.clues > cells) {
        ojd_cli_fail("generate: --clues %d is more than the %d cells", a->opt.clues, cells);
        return OJD_EXIT_USAGE;
    }
    if (a->opt.solved && (a->opt.clues || a->opt.minimal || a->opt.grade != OJD_GRADE_ANY ||
                          a->symmetry_given)) {
        ojd_cli_fail("generate: --solved makes complete grids: it does not combine with "
                     "--clues, --minimal, --difficulty or --symmetry");
        return OJD_EXIT_USAGE;
    }
    if (a->format && a->format->side && a->format->side != a->opt.side) {
        ojd_cli_fail("generate: format '%s' is for %dx%d grids; add --side %d",
                     a->format->name, a->format->side, a->format->side, a->format->side);
        return OJD_EXIT_USAGE;
    }
    if (!a->symmetry_given)
        a->opt.symmetry = a->opt.minimal ? OJD_SYMMETRY_NONE : OJD_SYMMETRY_ROTATE180;
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

/* A seed for runs without --seed: the clock and the process id, mixed by the rng's seeding. */
static unsigned long long clock_seed(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (unsigned long long)ts.tv_sec * 1000000007ULL ^ (unsigned long long)ts.tv_nsec ^
           ((unsigned long long)getpid() << 32);
}

static void describe_miss(unsigned long index, const gen_args *a, const ojd_generate_info *info)
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
    ojd_cli_fail("generate: puzzle %lu: target%s not met after %u attempts; wrote the closest "
                 "(%d givens%s%s)",
                 index, what, info->attempts, info->clues,
                 a->opt.grade != OJD_GRADE_ANY ? ", " : "",
                 a->opt.grade != OJD_GRADE_ANY ? ojd_grade_name(info->rating.grade) : "");
}

int ojd_cmd_generate(int argc, char **argv)
{
    gen_args a = {.count = 1, .opt = {.side = 9, .grade = OJD_GRADE_ANY}};
    int st = generate_parse(argc, argv, &a);
    if (st >= 0)
        return st;
    FILE *answers = NULL;
    if (a.answers) {
        answers = fopen(a.answers, "w");
        if (!answers) {
            ojd_cli_fail("generate: cannot write '%s': %s", a.answers, strerror(errno));
            return OJD_EXIT_USAGE;
        }
    }
    /* A judge input file may open with the count, so the boards are kept until the end. */
    ojd_board *puzzles = NULL, *solutions = NULL;
    if (a.format) {
        puzzles = malloc(a.count * sizeof *puzzles);
        solutions = malloc(a.count * sizeof *solutions);
        if (!puzzles || !solutions) {
            ojd_cli_fail("generate: out of memory for %lu puzzles", a.count);
            free(puzzles);
            free(solutions);
            if (answers)
                fclose(answers);
            return OJD_EXIT_USAGE;
        }
    }
    ojd_generator *gen = ojd_generator_new();
    ojd_board puzzle, solution;
    ojd_rng rng;
    ojd_rng_seed(&rng, a.seeded ? a.seed : clock_seed());
    int exit_status = OJD_EXIT_OK;
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
                describe_miss(i + 1, &a, &info);
            exit_status = OJD_EXIT_UNANSWERED;
        } else if (s != OJD_OK) {
            ojd_cli_fail("generate: %s", ojd_strerror(s));
            failed = true;
            break;
        }
        if (a.format) {
            puzzles[i] = puzzle;
            solutions[i] = solution;
            continue;
        }
        put_line(stdout, &puzzle);
        if (ferror(stdout)) {
            out_errno = errno;
            out_failed = failed = true;
            break;
        }
        if (answers) {
            put_line(answers, &solution);
            if (ferror(answers)) {
                answers_errno = errno;
                answers_failed = failed = true;
            }
        }
    }
    if (missed > 10)
        ojd_cli_fail("generate: ... %lu puzzles in all missed their target", missed);
    if (!failed && a.format) {
        if (ojd_write_puzzles(stdout, a.format, puzzles, a.count) != OJD_OK) {
            out_errno = errno;
            out_failed = failed = true;
        }
        if (answers && !failed) {
            ojd_writer *w = ojd_writer_new(answers, a.format, NULL);
            if (!w) {
                ojd_cli_fail("generate: out of memory");
                failed = true;
            }
            for (unsigned long i = 0; i < a.count && !failed; i++) {
                ojd_puzzle pz;
                ojd_result res;
                memset(&pz, 0, sizeof pz);
                memset(&res, 0, sizeof res);
                pz.board = puzzles[i];
                pz.index = i + 1;
                res.solution = solutions[i];
                res.solutions = 1;
                if (ojd_writer_answer(w, &pz, OJD_OK, &res) != OJD_OK) {
                    answers_errno = errno;
                    answers_failed = failed = true;
                }
            }
            if (w && !failed && ojd_writer_finish(w) != OJD_OK) {
                answers_errno = errno;
                answers_failed = failed = true;
            }
            ojd_writer_free(w);
        }
    }
    if (out_failed)
        ojd_cli_write_error(out_errno);
    /* the rest of stdout is flushed, and a failure reported, by main() after every command */
    if (answers) {
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
            ojd_cli_fail("generate: write error on '%s': %s", a.answers, strerror(answers_errno));
        else
            ojd_cli_fail("generate: write error on '%s'", a.answers);
        failed = true;
    }
    ojd_generator_free(gen);
    free(puzzles);
    free(solutions);
    return failed ? OJD_EXIT_USAGE : exit_status;
}

/* ---- rate -------------------------------------------------------------------------------- */

static void rate_usage(FILE *out)
{
    fputs("Usage: ojdoku rate [OPTIONS] [FILE...]\n"
          "Grade every puzzle of FILEs (or standard input, also '-') the way a human\n"
          "solves it: a logical solver applies the cheapest technique that makes progress\n"
          "(singles, locked candidates, naked and hidden pairs, triples and quads, X-wing,\n"
          "swordfish, jellyfish, XY-wing, XYZ-wing), then forcing chains by contradiction,\n"
          "then guesses.  For each puzzle it prints: its number, grade, score and the\n"
          "techniques used with their counts.  The score follows Sudoku Explainer's scale\n"
          "(1.2 hidden single .. 11+ needs guessing).\n"
          "\n"
          "Grades: easy (singles only), medium (+ locked candidates, pairs), hard\n"
          "(+ triples, X-wing, or 4+ medium steps), expert (+ swordfish, jellyfish, quads,\n"
          "XY/XYZ-wings, or 3+ hard steps), extreme (forcing chains or guessing).\n"
          "\n"
          "Options:\n"
          "      --steps          print the deductions, one per line, before each summary\n"
          "  -f, --format NAME    read the judge profile NAME (default: detect)\n"
          "  -h, --help           print this help and exit\n"
          "\n"
          "Exit status: 0 every puzzle graded; 1 some puzzle malformed or without exactly\n"
          "one solution; 2 usage or I/O error.\n",
          out);
}

static void print_step(void *ctx, const char *text)
{
    fprintf((FILE *)ctx, "  %s\n", text);
}

/* Grades every puzzle of a stream.  Returns false on a read error (reported) or when standard
 * output failed (*write_errno then holds the errno of the failed write, or 0). */
static bool rate_stream(FILE *in, const char *name, const ojd_format *format, bool steps,
                        int *exit_status, bool *write_failed, int *write_errno)
{
    ojd_reader *r = ojd_reader_new(in, name, format);
    if (!r) {
        ojd_cli_fail("rate: out of memory");
        return false;
    }
    ojd_puzzle pz;
    ojd_error err;
    ojd_status st;
    bool ok = true;
    while ((st = ojd_reader_next(r, &pz, &err)) != OJD_END) {
        if (st == OJD_ERR_PARSE) {
            ojd_cli_diagnose(name, &err, "error");
            *exit_status = OJD_EXIT_UNANSWERED;
            continue;
        }
        if (st != OJD_OK) {
            ojd_cli_fail("rate: %s: %s", name, ojd_strerror(st));
            ok = false;
            break;
        }
        ojd_rating rating;
        st = ojd_rate(&pz.board, &rating, steps ? print_step : NULL, stdout);
        if (st != OJD_OK) {
            ojd_error e = {.code = st, .line = pz.line, .col = pz.col};
            snprintf(e.message, sizeof e.message, "cannot rate: %s",
                     st == OJD_MULTIPLE ? "several solutions" : ojd_strerror(st));
            ojd_cli_diagnose(name, &e, "error");
            *exit_status = OJD_EXIT_UNANSWERED;
            continue;
        }
        printf("%lu %s %.2f", pz.index, ojd_grade_name(rating.grade), rating.score);
        const char *sep = " ";
        for (int t = 0; t < OJD_TECH_COUNT_; t++)
            if (rating.counts[t]) {
                printf("%s%s x%lu", sep, ojd_technique_name((ojd_technique)t), rating.counts[t]);
                sep = ", ";
            }
        putchar('\n');
        if (ferror(stdout)) {
            *write_errno = errno;
            *write_failed = true;
            ok = false;
            break;
        }
    }
    ojd_error w;
    while (ojd_reader_warning(r, &w))
        ojd_cli_diagnose(name, &w, "warning");
    ojd_reader_free(r);
    return ok;
}

int ojd_cmd_rate(int argc, char **argv)
{
    static const struct option longs[] = {
        {"steps", no_argument, NULL, 's'},
        {"format", required_argument, NULL, 'f'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    bool steps = false;
    const ojd_format *format = NULL;
    int c;
    opterr = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, ":f:h", longs, NULL)) != -1) {
        switch (c) {
        case 's':
            steps = true;
            break;
        case 'f':
            format = ojd_format_find(optarg);
            if (!format) {
                ojd_cli_fail("rate: unknown format '%s' (see 'ojdoku formats')", optarg);
                return OJD_EXIT_USAGE;
            }
            break;
        case 'h':
            rate_usage(stdout);
            return OJD_EXIT_OK;
        case ':':
            ojd_cli_fail("rate: option '%s' needs a value", argv[optind - 1]);
            return OJD_EXIT_USAGE;
        default:
            ojd_cli_fail("rate: unknown option '%s' (see 'ojdoku rate --help')",
                         argv[optind - 1]);
            return OJD_EXIT_USAGE;
        }
    }
    int exit_status = OJD_EXIT_OK;
    bool io_ok = true, write_failed = false;
    int write_errno = 0;
    if (optind >= argc)
        io_ok = rate_stream(stdin, "<stdin>", format, steps, &exit_status, &write_failed,
                            &write_errno);
    for (int i = optind; i < argc && io_ok; i++) {
        if (strcmp(argv[i], "-") == 0) {
            io_ok = rate_stream(stdin, "<stdin>", format, steps, &exit_status, &write_failed,
                                &write_errno);
            continue;
        }
        FILE *in = fopen(argv[i], "rb");
        if (!in) {
            ojd_cli_fail("rate: cannot open '%s': %s", argv[i], strerror(errno));
            return OJD_EXIT_USAGE;
        }
        io_ok = rate_stream(in, argv[i], format, steps, &exit_status, &write_failed,
                            &write_errno);
        fclose(in);
    }
    if (write_failed)
        ojd_cli_write_error(write_errno);
    /* the rest of stdout is flushed, and a failure reported, by main() after every command */
    return io_ok ? exit_status : OJD_EXIT_USAGE;
}
