/*
 * fuzz_solve.c -- libFuzzer target for the whole solve pipeline: reader, engine, writer.
 *
 * Input: a profile selector byte (0 = detect, else ojd_profile_list()[k-1]), a solver selector
 * byte (index into ojd_solver_list(), "auto" first), then the text.  Every puzzle read is solved
 * under a small node budget (so an empty 25x25 grid is stopped, not searched for minutes) and
 * its answer written in the profile's format to /dev/null.  Invariants checked: a solution the
 * engine reports keeps every given and is a solved grid; a solution count agrees with the status;
 * the writer never fails on a healthy stream.
 */
#include "fuzz_common.h"

#include <string.h>

enum { NODE_BUDGET = 2000, MAX_PUZZLES = 64 };

static FILE *sink(void)
{
    static FILE *null_stream;   /* one stream for the fuzzing process; the harness owns it */
    if (!null_stream)
        null_stream = fopen("/dev/null", "w");
    return null_stream;
}

static void check_result(const ojd_puzzle *pz, ojd_status st, const ojd_search *search,
                         const ojd_result *res)
{
    /* a task other than finding solutions (a verdict on the givens or on a complete grid, a
     * deduction, a transform) answers without one: OJD_OK says the task was done */
    bool solutions = search->method == OJD_METHOD_SEARCH || search->method == OJD_METHOD_TARGET;
    if (!solutions && (st == OJD_OK || st == OJD_MULTIPLE)) {
        if (st == OJD_MULTIPLE || res->solutions > 1)
            fuzz_fail("method %d: status %d with %lu solutions", (int)search->method, (int)st,
                      res->solutions);
        return;
    }
    switch (st) {
    case OJD_OK:
    case OJD_MULTIPLE:
        if (!ojd_board_solves(&pz->board, &res->solution))
            fuzz_fail("status %d but the solution does not solve case %lu", (int)st, pz->index);
        if (res->solutions < 1 || res->solutions > (search->limit ? search->limit : 1))
            fuzz_fail("status %d with %lu solutions", (int)st, res->solutions);
        if (st == OJD_MULTIPLE && res->solutions < 2)
            fuzz_fail("OJD_MULTIPLE with %lu solutions", res->solutions);
        if (ojd_board_find_conflict(&pz->board, &(ojd_conflict){0}))
            fuzz_fail("solved a puzzle whose givens conflict");
        break;
    case OJD_CONFLICT:
        if (ojd_board_is_valid(&pz->board))
            fuzz_fail("OJD_CONFLICT for a valid board");
        break;
    case OJD_UNSOLVABLE:
        if (res->solutions != 0)
            fuzz_fail("OJD_UNSOLVABLE with %lu solutions", res->solutions);
        break;
    case OJD_LIMIT:
    case OJD_ERR_INVALID:  /* the solver does not take this size */
        break;
    default:
        fuzz_fail("ojd_engine_solve returned %d", (int)st);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2)
        return 0;
    const ojd_profile *format = fuzz_pick_format(data[0]);
    const ojd_solver *solver = ojd_solver_list()[data[1] % fuzz_solver_count()];
    data += 2;
    size -= 2;

    ojd_search search = {0};
    ojd_profile_search(format, 0, &search);
    search.max_nodes = NODE_BUDGET;
    ojd_reader *r = ojd_reader_new_mem(data, size, "<fuzz>", format);
    ojd_engine *engine = ojd_engine_new(solver);
    FILE *out = sink();
    ojd_writer *w = out ? ojd_writer_new(out, format, &(ojd_writer_options){0}) : NULL;
    if (!r || !engine || !w)
        fuzz_fail("allocation failed");
    for (int n = 0; n < MAX_PUZZLES; n++) {
        ojd_puzzle pz;
        ojd_error err;
        ojd_status st = ojd_reader_next(r, &pz, &err);
        if (st == OJD_END)
            break;
        if (st == OJD_ERR_PARSE)
            continue;
        if (st != OJD_OK)
            fuzz_fail("ojd_reader_next returned %d", (int)st);
        fuzz_check_board(&pz.board, format);
        ojd_result res;
        st = ojd_engine_solve(engine, &pz.board, &search, &res);
        check_result(&pz, st, &search, &res);
        ojd_status written = ojd_writer_answer(w, &pz, st, &res);
        /* a figure (svg) is one document a stream: the writer refuses a second one */
        bool second_figure = written == OJD_ERR_USAGE && format &&
                             ojd_profile_style(format) == OJD_STYLE_SVG;
        if (written == OJD_ERR_IO || (written < 0 && written != st && !second_figure))
            fuzz_fail("writer returned %d for status %d", (int)written, (int)st);
    }
    if (ojd_writer_finish(w) != OJD_OK)
        fuzz_fail("writer finish failed");
    ojd_writer_free(w);
    ojd_engine_free(engine);
    ojd_reader_free(r);
    return 0;
}
