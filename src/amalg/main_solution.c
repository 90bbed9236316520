/*
 * main_solution.c -- the main of a reference solution, appended to the amalgamation by
 * `ojdoku package` (`--validator solution`; submissions/accepted/ of a package), which puts
 * `#define OJD_PROFILE "ID"` first: a contestant's program for judge problem ID that reads the
 * test on standard input and answers on standard output exactly as `ojdoku solve --format ID`
 * does (the same reader, engine and writer, one case at a time), and exits 0 as an accepted
 * submission must, whatever it met (a malformed case or an unanswerable one is answered as the
 * profile answers it, or skipped).
 */
#include "ojdoku.h"

#include <stdio.h>
#ifdef _WIN32
#include <fcntl.h>
#include <io.h>
#endif

#ifndef OJD_PROFILE
#error "OJD_PROFILE names the judge profile: #define OJD_PROFILE \"poj3074\" (ojdoku package)"
#endif

/* A task-all case being listed: each solution the walk visits is written as the next. */
typedef struct solution_listing {
    ojd_writer *writer;
    const ojd_puzzle *puzzle;
    unsigned long nth, count;
} solution_listing;

static bool solution_next(void *context, const ojd_board *solution)
{
    solution_listing *l = context;
    return ojd_writer_listed(l->writer, l->puzzle, solution, ++l->nth, l->count) == OJD_OK;
}

int main(void)
{
#ifdef _WIN32 /* the answers' bytes as on every other system: no CR before each newline */
    _setmode(_fileno(stdout), _O_BINARY);
#endif
    const ojd_profile *format = package_profile();
    ojd_reader *reader = format ? ojd_reader_new(stdin, "<stdin>", format) : NULL;
    ojd_writer *writer = reader ? ojd_writer_new(stdout, format, NULL) : NULL;
    ojd_engine *engine = writer ? ojd_engine_new(NULL) : NULL;
    if (!engine) {
        fputs("cannot start: unknown profile or no memory\n", stderr);
        return 0;
    }
    static ojd_puzzle puzzle; /* large (a board of up to 64 x 64 cells): not on the stack */
    static ojd_result result;
    ojd_error error;
    ojd_status status;
    while ((status = ojd_reader_next(reader, &puzzle, &error)) != OJD_END) {
        if (status == OJD_ERR_PARSE) {
            ojd_writer_error(writer, ojd_reader_cases(reader), &error);
            continue;
        }
        if (status != OJD_OK)
            break; /* a read error or no memory: the cases so far stay answered */
        ojd_search search = {.limit = 1};
        ojd_profile_search(ojd_profile_effective(format, &puzzle.layout), 0, &search);
        ojd_status solved = ojd_engine_solve(engine, &puzzle.board, &search, &result);
        if (solved == OJD_MULTIPLE && result.solutions < search.limit &&
            ojd_profile_task(ojd_profile_effective(format, &puzzle.layout)) == OJD_TASK_ALL) {
            /* every solution, listed in order (task all: Jutge.org P89454) */
            solution_listing l = {writer, &puzzle, 0, result.solutions};
            ojd_engine_each_solution(engine, &puzzle.board, &search, l.count, solution_next, &l,
                                     NULL);
        } else {
            ojd_writer_answer(writer, &puzzle, solved, &result);
        }
    }
    ojd_writer_finish(writer);
    ojd_engine_free(engine);
    ojd_writer_free(writer);
    ojd_reader_free(reader);
    return 0;
}
