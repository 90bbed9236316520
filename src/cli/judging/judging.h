/*
 * judging.h -- what `ojdoku judge` and `ojdoku stress` share: the verdict of one run of a
 * contestant's program on one test (the runner's limits, then the library's checker), and the
 * making of test inputs (batch/testdata.h) and their expected answers.
 */
#ifndef CLI_JUDGING_H
#define CLI_JUDGING_H

#include "cli/cli.h"
#include "run.h"

/* The verdicts, in the order a summary lists them. */
typedef enum cli_verdict {
    CLI_AC = 0,   /* accepted */
    CLI_WA,       /* wrong answer (the checker's) */
    CLI_PE,       /* presentation error: right answers, framing not byte-exact (--strict) */
    CLI_RE,       /* runtime error: killed by a signal, a non-zero exit, or not started */
    CLI_TLE,      /* time limit: CPU time, or the wall-clock guard */
    CLI_MLE,      /* memory limit: peak RSS over it, or an allocation failure (see judging.c) */
    CLI_OLE,      /* output limit */
    CLI_FAIL,     /* the test could not be judged: a bad INPUT or ANSWER, a system error */
    CLI_VERDICT_COUNT_
} cli_verdict;

/* "AC", "WA", ...: static. */
const char *cli_verdict_name(cli_verdict verdict);

/* The program under judgement and its limits. */
typedef struct cli_contestant {
    char *path;               /* the file to execute (cli_run_resolve()), owned */
    char **argv;              /* as given after "--", NULL-terminated; borrowed */
    double seconds;           /* --tl: CPU time limit, > 0 (the wall-clock guard follows) */
    size_t memory;            /* --ml in bytes, 0 = none */
    size_t output;            /* output limit in bytes, > 0 */
    ojd_check_options check;  /* the profile (NULL = mirror the input), --strict, budget */
    bool sandbox;             /* run it in namespaces (run.h); judge's default, not stress's */
    char **shown;             /* --show: more paths the sandbox shows, NULL-ended; NULL none */
} cli_contestant;

/* The judgement of one run. */
typedef struct cli_judgement {
    cli_verdict verdict;
    char message[360];        /* the report's text after the numbers: "case 3: column 4 repeats
                               * 7", "killed by SIGSEGV", "exit code 3", ... */
    double wall, cpu;         /* seconds */
    long peak_kib;            /* peak memory; for an MLE found by the second run, that run's */
    cli_run_result run;       /* the run judged: output, stderr */
    bool checked;             /* the output went to the checker: report is meaningful */
    bool cancelled;           /* the run was stopped by cli_run_stop_all(): no verdict */
    ojd_check_report report;
} cli_judgement;

/*
 * Runs the contestant on input and judges the run: TLE, OLE, MLE, RE in that order (MLE only on
 * evidence of memory, judging.c's memory_was_the_cause()), then the output by ojd_check() in the
 * contestant's profile, against answer when not NULL and not empty (an empty one counts as
 * none, as in `ojdoku check`).  *j is filled (free with cli_judgement_free()).  Thread-safe.
 */
void cli_judge_run(const cli_contestant *who, const char *input, size_t input_len,
                   const char *answer, size_t answer_len, cli_judgement *j);
void cli_judgement_free(cli_judgement *j);

/* Is input (a test read from a file) one the statement of format allows, by the strict input
 * validator of `validate --input` (ojd_validate_input())?  false when it is not, with why
 * filled ("INPUT line 4: text after the line 'end' (and 2 more violations)"), so the test is
 * FAIL before any run.  true also where nothing can be said: no format (mirror), a profile
 * without a grammar of its own, a case whose kind the search budget could not settle. */
bool cli_input_allowed(const ojd_profile *format, const char *input, size_t len, char *why,
                       size_t size);

/* A stream reading data[0..len) (fmemopen(); an empty temporary file when len is 0); NULL with
 * errno set. */
FILE *cli_memory_stream(const char *data, size_t len);

/* The address-space limit of the second run of a suspected MLE: four times the limit, at
 * least the limit + 2 GiB, at most half the machine's memory; 0 when that leaves no more room
 * than the limit itself (no second run then). */
size_t cli_probe_memory(size_t memory);

/* ---- test inputs (made by the test-data path, batch/testdata.h) ---------------------------- */

/* The text of a judge INPUT holding boards[0..n) in profile format (NULL: one per line), as
 * ojd_write_puzzles() writes it.  malloc'd and NUL-terminated, *len its length; NULL when memory
 * runs out. */
char *cli_input_text(const ojd_profile *format, const ojd_board *boards, size_t n, size_t *len);

/* The expected OUTPUT for input in profile format (NULL = mirror): exactly what `ojdoku solve
 * --format NAME` prints for it (words and smallest solutions where the profile has them).
 * malloc'd and NUL-terminated; NULL when memory runs out or a case has no answer the profile
 * can write. */
char *cli_answer_text(const ojd_profile *format, const char *input, size_t input_len,
                      size_t *len);

/* ---- options both commands take ------------------------------------------------------------ */

#define CLI_DEFAULT_SECONDS 2.0          /* --tl */
#define CLI_DEFAULT_OUTPUT_MIB 64        /* the output limit */
#define CLI_DEFAULT_CASES 10             /* puzzles per generated test (--cases) */

/* The time limit is on CPU time, the same at every -j and on a loaded machine; a run is also
 * stopped at a wall-clock guard of CLI_WALL_FACTOR times it plus CLI_WALL_MARGIN seconds (a
 * program that sleeps or waits uses no CPU time), as isolate and DOMjudge do. */
#define CLI_WALL_FACTOR 5.0
#define CLI_WALL_MARGIN 2.0
double cli_wall_guard(double seconds);

/* --tl: seconds above 0 and up to 1e6 ("2", "0.5"); false otherwise. */
bool cli_parse_seconds(const char *text, double *seconds);
/* --ml, --ol: whole MiB from 1 to 1048576 (1 TiB), as bytes; false otherwise. */
bool cli_parse_mib(const char *text, size_t *bytes);
/* The options of the run and its judging that judge and stress share, as getopt_long() returned
 * them: 'T' --tl, 'M' --ml, 'O' --ol, 'S' --strict, into *who.  1 when c was one of them, 0 when
 * not, -1 for a bad value (reported: "ojdoku: COMMAND: --tl wants ..."). */
int cli_contestant_option(const char *command, int c, const char *value, cli_contestant *who);

/* Writes dir/name: data[0..len), or what is left of from (rewound first: a run's spooled
 * output) when data is NULL.  false with errno set. */
bool cli_write_in_dir(const char *dir, const char *name, const char *data, size_t len,
                      FILE *from);
/* The index of the "--" that separates the command's options from the program in argv, or -1. */
int cli_program_start(int argc, char **argv);
/* Sets who->path to the file the program argv[0] names, and who->argv to argv; false, with the
 * message printed ("ojdoku: COMMAND: cannot run 'x': No such file or directory"), when there is
 * none.  With who->sandbox, tries the sandbox once: where it cannot be made, says so on stderr
 * and clears who->sandbox (the runs go as with --no-sandbox). */
bool cli_contestant_find(const char *command, cli_contestant *who, char **argv);

/* Without --format (format NULL), judge and stress hold each output to the mirror of its input,
 * and the tests they make are one puzzle per line: said once, one line on stderr, before any
 * test runs, with the profile the first test (first_input; NULL for made tests) is written for
 * when ojd_profile_detect() knows one: "ojdoku: judge: no --format: each output must mirror its
 * test's input; the tests are written as hdu1426's input (--format hdu1426)".  A note, not an
 * error: nothing else changes. */
void cli_note_default_format(const char *command, const ojd_profile *format,
                             const char *first_input);

/* ---- text ---------------------------------------------------------------------------------- */

/* Writes s[0..n) as a JSON string, quotes included: UTF-8 written through as it is, the quote,
 * the backslash and control characters escaped as JSON requires, and every byte that is no part
 * of well-formed UTF-8 written as U+FFFD, so the text is valid JSON (and UTF-8) whatever the
 * program printed: ojd_json_string() with OJD_JSON_UTF8. */
void cli_json_string(FILE *out, const char *s, size_t n);
/* Writes up to max_lines lines of a program's stderr, each as indent + "| " + line, then a line
 * saying how much more there was; nothing when it is empty. */
void cli_print_stderr(FILE *out, const cli_run_result *run, const char *indent, int max_lines);
/* true when colours are wanted on out: a terminal, and NO_COLOR not set. */
bool cli_colour_wanted(FILE *out);
/* The ANSI colour of a verdict ("" for none). */
const char *cli_verdict_colour(cli_verdict verdict);
#define CLI_COLOUR_OFF "\033[0m"

#endif
