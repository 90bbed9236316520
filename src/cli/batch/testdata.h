/*
 * testdata.h -- the one path by which `generate`, `judge --generate` and `stress` make test data.
 *
 * The same options (CLI_TESTDATA_OPTIONS, held to the statement by cli_testdata_settle()), the
 * same making (cli_case_make(): case `index` of stream `seed` depends on nothing else, so a test
 * of judge or stress is what `generate --seed SEED` writes, cli_test_seed()), answers as `solve
 * --format NAME` gives them, and one writer (cli_case_write()): one json schema and alphabet.
 */
#ifndef OJD_CLI_TESTDATA_H
#define OJD_CLI_TESTDATA_H

#include "ojdoku.h"

#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>

/* getopt_long() values of the shared options: above every byte, so no command's own letters
 * (generate's -n, judge's -j, ...) can clash with them. */
enum {
    CLI_OPT_SIDE = 0x100, CLI_OPT_BOX, CLI_OPT_SEED, CLI_OPT_SOLVED, CLI_OPT_SYMMETRY,
    CLI_OPT_CLUES, CLI_OPT_MINIMAL, CLI_OPT_DIFFICULTY, CLI_OPT_ATTEMPTS, CLI_OPT_KINDS,
    CLI_OPT_MIX, CLI_OPT_SOLUTIONS, CLI_OPT_CONFLICT_UNIT, CLI_OPT_EDGE, CLI_OPT_HARD_FOR,
    CLI_OPT_VARIANT,
};

/* The long options of test data, for a command's getopt_long() table. */
#define CLI_TESTDATA_OPTIONS                                                                     \
    {"side", required_argument, NULL, CLI_OPT_SIDE},                                             \
    {"box", required_argument, NULL, CLI_OPT_BOX},                                               \
    {"seed", required_argument, NULL, CLI_OPT_SEED},                                             \
    {"solved", no_argument, NULL, CLI_OPT_SOLVED},                                               \
    {"symmetry", required_argument, NULL, CLI_OPT_SYMMETRY},                                     \
    {"clues", required_argument, NULL, CLI_OPT_CLUES},                                           \
    {"minimal", no_argument, NULL, CLI_OPT_MINIMAL},                                             \
    {"difficulty", required_argument, NULL, CLI_OPT_DIFFICULTY},                                 \
    {"attempts", required_argument, NULL, CLI_OPT_ATTEMPTS},                                     \
    {"kinds", required_argument, NULL, CLI_OPT_KINDS},                                           \
    {"mix", no_argument, NULL, CLI_OPT_MIX},                                                     \
    {"solutions", required_argument, NULL, CLI_OPT_SOLUTIONS},                                   \
    {"conflict-unit", required_argument, NULL, CLI_OPT_CONFLICT_UNIT},                           \
    {"edge", optional_argument, NULL, CLI_OPT_EDGE},                                             \
    {"hard-for", required_argument, NULL, CLI_OPT_HARD_FOR},                                     \
    {"variant", required_argument, NULL, CLI_OPT_VARIANT}

/* What test data is made of.  Zero it (or cli_testdata_default()), give it options, settle it. */
typedef struct cli_testdata {
    ojd_generate_options opt; /* side or box, clues, minimal, grade, symmetry, solved, attempts,
                               * units (--variant) */
    ojd_kind_options kind;    /* --solutions, --conflict-unit */
    unsigned kinds;           /* OJD_KIND_BIT of each kind; after settling never 0 */
    bool mix;                 /* --mix: every kind the statement allows */
    bool edge;                /* --edge: the edge cases first */
    unsigned edge_only;       /* --edge=NAME,...: a bit (1 << ojd_edge) for each named; 0 = all */
    bool edge_turns;          /* without --edge, each test starts with one edge case the
                               * statement allows, drawn by its seed, in place of a generated
                               * one (a one-case test: one test in 4): set by
                               * cli_testdata_settle() for stress, whose tests would else never
                               * try the empty or nearly empty grid */
    const ojd_solver *hard_for; /* --hard-for: each case made hard for it, or NULL */
    unsigned long long seed;
    bool seeded;              /* --seed given (else cli_seed() draws one) */
    bool side_given;          /* --side (or --box) given, else the profile's side, or 9 */
    bool symmetry_given;
    bool named;               /* some option of these was given */
    bool read_back;           /* set by judge and stress: a program and the checker read the
                               * tests, knowing only each side's conventional box shape */
    /* set by cli_testdata_settle() */
    const ojd_profile *rules;  /* whose statement the cases keep to: the profile, or `line` */
    const ojd_profile *writes; /* the profile the input is written in: the same, never NULL */
    bool json;                /* the json profile: a case is its answer line, puzzle included */
    bool figure;              /* the svg profile: a case is a figure, one document per file */
} cli_testdata;

cli_testdata cli_testdata_default(void);
/* One of CLI_TESTDATA_OPTIONS, as getopt_long() returned it: 1 when c was one (read into *t),
 * 0 when not, -1 for a bad value (reported: "ojdoku: COMMAND: --side wants ..."). */
int cli_testdata_option(const char *command, int c, const char *value, cli_testdata *t);
/* Once the profile is known (NULL: the one-puzzle-per-line default): the side from the profile
 * or --box, the kinds (--mix: every kind the statement allows and the profile can answer; none
 * given: unique), the clues or complete grids the statement fixes, the default symmetry; false,
 * reported, when the options contradict each other or the statement (a size, a kind it rules
 * out, --solutions without multiple cases, ...). */
bool cli_testdata_settle(const char *command, const ojd_profile *format, cli_testdata *t);
/* --cases K of judge and stress: puzzles per test, 1 to 10000.  1 (and *cases, *given set), or -1
 * for a bad value (reported). */
int cli_cases_option(const char *command, const char *value, unsigned long *cases, bool *given);
/* --cases/-n against the profile's bound on an input's cases: true when `cases` fits (or was not
 * given, and is then cut to the bound), false reported otherwise. */
bool cli_testdata_fit_cases(const char *command, const cli_testdata *t, unsigned long *cases,
                            bool given);
/* Writes the options that make the same cases again, each as " --name value" (the side or box,
 * the kinds, and every target given), for a command line that reproduces a run. */
void cli_testdata_put_options(FILE *out, const cli_testdata *t);

/* The seed of test `test` (1, 2, ...) of a run seeded `seed`: `ojdoku generate --seed` with it
 * writes that test again. */
unsigned long long cli_test_seed(unsigned long long seed, unsigned long test);

/* ---- one case -------------------------------------------------------------------------------- */

/* What a case holds between its making and its writing. */
typedef struct cli_test_case {
    unsigned long index;      /* 1-based among the cases of its stream, edge cases first */
    int edge;                 /* an ojd_edge, or -1 for a generated case */
    ojd_outcome kind;         /* what it was made as */
    ojd_board puzzle, solution;
    ojd_generate_info info;
    ojd_status made;          /* the generator's: OJD_OK, OJD_LIMIT (a target missed), or an
                               * error */
    const char *misfit;       /* an edge case that is not written: "kind", "blanks" (the
                               * statement rules it out) or "answer" (the profile cannot write
                               * its answer); NULL when written */
    /* the judge's answer (when asked for), as solve --format NAME gives it */
    bool judged;
    ojd_status status;        /* the outcome; its grid in answer (status OK or MULTIPLE) */
    ojd_board answer;
    long long score;
    unsigned long solutions;
    unsigned long nodes, guesses;
    ojd_status writable;      /* the profile's writer on that answer: OJD_OK, or why not */
    enum { CLI_CASE_OK, CLI_CASE_NOMEM, CLI_CASE_WRONG, CLI_CASE_UNWRITABLE } verdict;
} cli_test_case;

/* A worker's tools: its own generator and engines (one per thread). */
typedef struct cli_case_maker cli_case_maker;
cli_case_maker *cli_case_maker_new(const cli_testdata *t);
void cli_case_maker_free(cli_case_maker *m);

/* The order the kinds take turns in: rounds of every kind once, each round's order drawn from
 * stream 0 of the seed, so each kind comes up as often as the others (within one). */
typedef struct cli_kind_turns {
    ojd_outcome kinds[OJD_OUTCOME_COUNT_];
    int n, next;
    ojd_rng rng;
} cli_kind_turns;
void cli_kind_turns_start(cli_kind_turns *turns, const cli_testdata *t, unsigned long long seed);
ojd_outcome cli_kind_turns_next(cli_kind_turns *turns);

/* Makes case `index` of stream `seed` (its own random stream: the case depends on nothing else),
 * as `kind`, or as edge case `edge` (>= 0), then, with `answer`, works out the judge's answer and
 * checks it against the kind (c->verdict).  Reports nothing: the caller does (cli_case_report). */
void cli_case_make(cli_case_maker *m, const cli_testdata *t, unsigned long long seed,
                   unsigned long index, int edge, ojd_outcome kind, bool answer, cli_test_case *c);
/* The edge cases --edge asks for at side t->opt.side, into edges[] (at most OJD_EDGE_COUNT_);
 * the ones skipped for the side are reported when `report`. */
int cli_testdata_edges(const char *command, const cli_testdata *t, int *edges, bool report);
/* The bits (1 << ojd_edge) of a comma-separated list of edge names ("empty,full"); 0 when some
 * name is none. */
unsigned cli_edge_names(const char *list);

/* Says what a case that is not written, or missed its target, means, on stderr:
 * "ojdoku: COMMAND: ...".  `written` is the case's number among those written. */
void cli_case_report_misfit(const char *command, const cli_testdata *t, const cli_test_case *c);
void cli_case_report_miss(const char *command, const cli_testdata *t, unsigned long written,
                          const cli_test_case *c);
/* A case whose answer is not what its kind promises, or cannot be written (a bug). */
void cli_case_report_wrong(const char *command, const cli_testdata *t, unsigned long written,
                           const cli_test_case *c);

/* Writes case `written` of `total` to `in` in t->writes (the count line before the first, the
 * terminator after the last), and its answer through `answers` (NULL: none).  A json case is its
 * answer line, on `in`.  OJD_OK, OJD_ERR_NOMEM, OJD_ERR_IO (errno set by the failed write: *which
 * says whether it was `in` (0) or the answers (1)), OJD_ERR_INVALID (a case the counts did not
 * foresee: a bug). */
ojd_status cli_case_write(const cli_testdata *t, FILE *in, ojd_writer *answers,
                          const cli_test_case *c, unsigned long written, unsigned long total,
                          int *which);

/* ---- a whole test --------------------------------------------------------------------------- */

/* A test of `cases` cases (edge cases first when t->edge) from stream `seed`: its input text and,
 * with `want_answer`, the judge's answer text (malloc'd, NUL-terminated), and the puzzles written
 * (boards[0..*n), when boards is not NULL; room for cases + OJD_EDGE_COUNT_).  *missed counts
 * the cases that missed a target.  OJD_OK, or what stopped it: OJD_ERR_NOMEM, a generator's
 * error, OJD_ERR_INVALID when a case came out other than its kind (a bug; *why says which). */
ojd_status cli_test_make(cli_case_maker *m, const cli_testdata *t, unsigned long long seed,
                         unsigned long cases, bool want_answer, char **input, size_t *input_len,
                         char **answer, size_t *answer_len, ojd_board *boards, size_t *n,
                         unsigned long *missed);

#endif
