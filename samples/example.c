/*
 * example.c -- the smallest complete program on libojdoku: read puzzles, solve them, write the
 * answers.  It does what `ojdoku [--format NAME] [FILE...]` does without the command's options.
 *
 *   cc example.c $(pkg-config --cflags --libs ojdoku) -o example
 *   ./example < puzzles.txt                 answers mirror the input's layout
 *   ./example -f poj2918 scenarios.in       answers in a judge's exact output format
 *
 * Exit status as the ojdoku command's: 0 every puzzle answered, 1 some puzzle malformed or
 * without an answer, 2 usage or I/O error.
 */
#include <ojdoku.h>

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

/* Task all (Jutge.org P89454) lists every solution of a case that has several, in order: the
 * engine walks them (ojd_engine_each_solution()) and calls list_next() for each. */
typedef struct listing {
    ojd_writer *writer;
    const ojd_puzzle *puzzle;
    unsigned long nth, count;
    ojd_status written;
} listing;

static bool list_next(void *context, const ojd_board *solution)
{
    listing *l = context;
    l->written = ojd_writer_listed(l->writer, l->puzzle, solution, ++l->nth, l->count);
    return l->written == OJD_OK; /* false stops the walk */
}

/* Writes the count solutions of puzzle, as the writer frames a listing. */
static ojd_status list_solutions(ojd_engine *engine, ojd_writer *writer, const ojd_puzzle *puzzle,
                                 const ojd_search *search, unsigned long count)
{
    listing l = {writer, puzzle, 0, count, OJD_OK};
    ojd_status walked = ojd_engine_each_solution(engine, &puzzle->board, search, count,
                                                 list_next, &l, NULL);
    if (l.written != OJD_OK)
        return l.written;
    return walked == OJD_OK && l.nth != count ? OJD_LIMIT : walked; /* never a short listing */
}

/* Solves every puzzle of one stream and hands each outcome to the writer.  Returns 0, 1 or 2 as
 * the exit status would be for this stream alone. */
static int solve_stream(FILE *in, const char *name, const ojd_profile *format, ojd_engine *engine,
                        ojd_writer *writer)
{
    /* The reader does not close `in`; it copies `name` for its diagnostics.  A NULL format asks
     * it to detect the grammar (count line, packed or spaced rows, letters, separators...). */
    ojd_reader *reader = ojd_reader_new(in, name, format);
    if (!reader) {
        fprintf(stderr, "example: out of memory\n");
        return 2;
    }
    int status = 0;
    ojd_puzzle puzzle;
    ojd_error err;
    ojd_status st;
    while ((st = ojd_reader_next(reader, &puzzle, &err)) != OJD_END) {
        if (st == OJD_ERR_PARSE) {
            /* One malformed case: the reader has skipped it, the next call goes on after it.
             * Profiles that answer every case (json) write a line for it; the others give the
             * error back to us to report. */
            ojd_status written = ojd_writer_error(writer, ojd_reader_cases(reader), &err);
            if (written == OJD_ERR_IO) {
                fprintf(stderr, "example: write error: %s\n", strerror(errno));
                status = 2;
                break;
            }
            if (written != OJD_OK)
                fprintf(stderr, "example: %s:%ld:%ld: error: %s\n", name, err.line, err.col,
                        err.message);
            status = 1;
            continue;
        }
        if (st != OJD_OK) {
            /* OJD_ERR_IO or OJD_ERR_NOMEM: the reader cannot go on. */
            fprintf(stderr, "example: %s: %s\n", name, ojd_strerror(st));
            status = 2;
            break;
        }
        /* The search the case's rules need: a second solution looked for when the judge wants
         * unique answers, the lexicographically smallest one for UVa 989.  The rules are the
         * chosen profile's or, without one, those the input's grammar implies (a size-prefixed
         * stream is UVa 989's). */
        const ojd_profile *rules = ojd_profile_effective(format, &puzzle.layout);
        ojd_search search = {0};
        ojd_profile_search(rules, 0, &search);
        ojd_result result;
        ojd_status outcome = ojd_engine_solve(engine, &puzzle.board, &search, &result);
        /* The writer prints a grid or the judge's words for the outcome.  When the profile has
         * no words for it (no solution, in most judges), it writes nothing and returns the
         * outcome, which is ours to report. */
        bool listed = ojd_profile_task(rules) == OJD_TASK_ALL && outcome == OJD_MULTIPLE &&
                      result.solutions < search.limit;
        ojd_status written =
            listed ? list_solutions(engine, writer, &puzzle, &search, result.solutions)
                   : ojd_writer_answer(writer, &puzzle, outcome, &result);
        if (written == OJD_ERR_IO) {
            fprintf(stderr, "example: write error: %s\n", strerror(errno));
            status = 2;
            break;
        }
        if (written != OJD_OK)
            fprintf(stderr, "example: %s:%ld:%ld: error: %s\n", name, puzzle.line, puzzle.col,
                    ojd_strerror(written));
        /* A solution (unique, where the judge asks for that) is an answer, and so is the
         * statement's word for another outcome ("Non-unique", "NO SOLUTION"), as for the
         * command; any other outcome makes the run fail. */
        ojd_outcome kind = outcome == OJD_MULTIPLE     ? OJD_OUTCOME_MULTIPLE
                           : outcome == OJD_UNSOLVABLE ? OJD_OUTCOME_UNSOLVABLE
                           : outcome == OJD_CONFLICT   ? OJD_OUTCOME_CONFLICT
                                                       : OJD_OUTCOME_SOLVED;
        bool word = kind != OJD_OUTCOME_SOLVED &&
                    ojd_profile_answer(rules, kind, NULL) == OJD_ANSWER_WORD;
        if (written != OJD_OK || !(listed || word || ojd_profile_answered(rules, outcome, 0)))
            status = 1;
    }
    /* Warnings, such as a count line that disagrees with the data, do not change the status. */
    ojd_error warning;
    while (ojd_reader_warning(reader, &warning))
        fprintf(stderr, "example: %s:%ld:%ld: warning: %s\n", name, warning.line, warning.col,
                warning.message);
    ojd_reader_free(reader);
    return status;
}

int main(int argc, char **argv)
{
    int first = 1;
    const ojd_profile *format = NULL;     /* NULL: detect the input, mirror it in the output */
    if (argc > 2 && strcmp(argv[1], "-f") == 0) {
        format = ojd_profile_find(argv[2]);  /* a static table entry: never freed */
        if (!format) {
            fprintf(stderr, "example: unknown format '%s'\n", argv[2]);
            return 2;
        }
        first = 3;
    }

    /* NULL solver: "auto", the fastest registered solver for each grid size.  The engine keeps
     * one solver state per grid shape until ojd_engine_free(). */
    ojd_engine *engine = ojd_engine_new(NULL);
    ojd_writer *writer = ojd_writer_new(stdout, format, NULL);
    if (!engine || !writer) {
        fprintf(stderr, "example: out of memory\n");
        ojd_engine_free(engine);    /* both free functions accept NULL */
        ojd_writer_free(writer);
        return 2;
    }

    int status = 0;
    if (first == argc)
        status = solve_stream(stdin, "<stdin>", format, engine, writer);
    for (int i = first; i < argc && status < 2; i++) {
        FILE *in = strcmp(argv[i], "-") == 0 ? stdin : fopen(argv[i], "rb");
        if (!in) {
            fprintf(stderr, "example: %s: %s\n", argv[i], strerror(errno));
            status = 2;
            break;
        }
        int s = solve_stream(in, in == stdin ? "<stdin>" : argv[i], format, engine, writer);
        if (s > status)
            status = s;
        if (in != stdin)
            fclose(in);
    }

    /* The writer owes a trailer in some profiles (Project Euler's sum), and flushes. */
    if (ojd_writer_finish(writer) != OJD_OK) {
        fprintf(stderr, "example: write error\n");
        status = 2;
    }
    ojd_writer_free(writer);
    ojd_engine_free(engine);
    return status;
}
