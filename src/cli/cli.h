/*
 * cli.h -- the command line's layer over the library (prefix cli_, CLI_ for macros; ojd_ is the
 * library's public API alone): the commands' entry points, one per row of commands.def, each in
 * its own cmd_NAME.c, and what every command shares, in cli.c -- messages and diagnostics on
 * stderr, the one report of an option error, option values, and the one loop over the input
 * operands.  main.c only picks the command and closes standard output after it.
 */
#ifndef CLI_H
#define CLI_H

#include "ojdoku.h"

#include <getopt.h>
#include <stdio.h>

/* Exit statuses of the solving commands (the checker uses the judges' own codes). */
enum { CLI_EXIT_OK = 0, CLI_EXIT_UNANSWERED = 1, CLI_EXIT_USAGE = 2 };
/* A command's exit status is the highest status met: raises *status to met when met is higher. */
void cli_raise_status(int *status, int met);

/* The entry point of every command of commands.def, defined in cmd_NAME.c: the command's own
 * argv (argv[0] = its name) in, its exit status out. */
#define CLI_COMMAND(name, summary) int cmd_##name(int argc, char **argv);
#include "commands.def"
#undef CLI_COMMAND

/* The commands, from commands.def: what `ojdoku NAME` runs and `ojdoku --help` lists. */
typedef struct cli_command {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
} cli_command;

/* The command list of the help texts, one line each (name, summary), from commands.def. */
void cli_print_commands(FILE *out);
/* The row of commands.def called name, or NULL. */
const cli_command *cli_find_command(const char *name);
/* For "did you mean": the command (or help, version) nearest to name, a typo of it ("slove"),
 * by the rule of ojd_profile_nearest(); NULL when none is near.  The unknown long options of
 * cli_option_message() are matched the same way against the command's own. */
const char *cli_nearest_command(const char *name);
/* A profile's statement sample, its input and expected output as samples/NAME.in and .out hold
 * them (NUL-terminated); cli_samples[] is generated from samples/ at build time
 * (src/cli/embed_samples.sh) and ends with a NULL name. */
typedef struct cli_sample {
    const char *name;
    const char *input;
    const char *output;
} cli_sample;
extern const cli_sample cli_samples[];

/* Room for any one-line message of the command line (option errors, unknown names). */
#define CLI_MESSAGE_SIZE 400

/* A decimal number from 0 to max, digits only (no sign, no spaces): the value of every numeric
 * option.  false for anything else, *value then unspecified. */
bool cli_parse_number(const char *text, unsigned long long max, unsigned long long *value);
/* The threads most commands accept for -j / --jobs. */
#define CLI_MAX_JOBS 1024
/* -j / --jobs N: a number from 0 (one per processor) to max into *jobs; false after saying
 * "ojdoku: COMMAND: --jobs wants a number from 0 to MAX, not 'TEXT'" (no "COMMAND: " when
 * command is NULL: solve, the default command). */
bool cli_parse_jobs(const char *command, const char *text, size_t max, size_t *jobs);
/*
 * The search budget per puzzle of the commands that search (solve, rate), one meaning for both:
 * --max-nodes N, a whole number (0 = none) into search->max_nodes, and --timeout SECONDS, a
 * number above 0 and up to 1e9 into search->max_seconds.  false after saying
 * "ojdoku: COMMAND: --max-nodes wants a whole number, not 'TEXT'" or "... --timeout wants a
 * number of seconds above 0 and up to 1e9, not 'TEXT'" (no "COMMAND: " when command is NULL:
 * solve, the default command).
 */
bool cli_parse_max_nodes(const char *command, const char *text, ojd_search *search);
bool cli_parse_timeout(const char *command, const char *text, ojd_search *search);
/* The message of the diagnostic for a puzzle a budget stopped (OJD_LIMIT) after nodes nodes,
 * saying which budget ran out, the node count only when it is the cause: "no answer within
 * --max-nodes N", "no answer within --timeout S seconds (N nodes searched)", else "search limit
 * reached after N nodes". */
void cli_limit_message(char *buf, size_t size, const ojd_search *search,
                       unsigned long long nodes);
/* The seed of a run that makes puzzles: when no --seed was given (!seeded), one from the clock and
 * the process id, said on stderr ("ojdoku: COMMAND: seed S") so that the run can be made again. */
void cli_seed(const char *command, bool seeded, unsigned long long *seed);

/* A printf-like function: its format is parameter f and its arguments start at a, so GCC and
 * Clang check every call (the library's OJD_PRINTF, which the command line cannot include). */
#if defined(__GNUC__)
#define CLI_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define CLI_PRINTF(f, a)
#endif

/* "ojdoku: " + printf message + newline on stderr. */
void cli_fail(const char *fmt, ...)
    CLI_PRINTF(1, 2);
/*
 * Standard output.  errno does not wait to be read (an isatty() between a failed write and
 * ferror() left ENOTTY), so stdout is flushed through cli_flush_stdout(), which keeps the first
 * failure's errno, and a command asks it, not errno, why stdout failed.
 */
/* true when no write to stdout has failed so far; else false, *err (may be NULL) the errno of
 * the first failed flush, 0 when none is known (a failed write inside printf()). */
bool cli_flush_stdout(int *err);
/* "ojdoku: write error: strerror(err)" on stderr (no reason when err is 0), for a command that
 * stops because stdout failed; calls cli_stdout_reported() and returns CLI_EXIT_USAGE. */
int cli_write_error(int err);
/* The command has said why stdout failed in its own words and chosen its exit status. */
void cli_stdout_reported(void);
/* The end of every command (main.c): flushes and closes stdout and returns status, unless it
 * failed unreported: then reports it (cli_write_error()) and returns CLI_EXIT_USAGE. */
int cli_close_stdout(int status);
/* "ojdoku: FILE:LINE:COL: KIND: MESSAGE" on stderr (KIND is "error" or "warning"). */
void cli_diagnose(const char *file, const ojd_error *err, const char *kind);

/* Writes text (NUL-terminated) to out as XML or HTML text or a double-quoted attribute value,
 * the one escaper of the command's markup (package's XML and HTML, judge's report, check's
 * testlib XML): & < > " as entities, and what flags add (CLI_XML_*). */
enum {
    CLI_XML_APOS = 1,     /* ' as &apos; too (package: as its XML always had it) */
    CLI_XML_CONTROLS = 2, /* each byte below 32 as '.', as testlib's xmlSafeWrite() writes it */
};
void cli_put_xml(FILE *out, const char *text, unsigned flags);

/*
 * The one report of a getopt_long() error for every command (optstring starting with ':',
 * opterr = 0): c as getopt_long() returned it (':' = a value is missing, else unknown), opt and
 * ind its optopt and optind, longs its table.  It names the option, also in a bundle, with a
 * "did you mean" for a near long one, or lists an ambiguous one's matches.  command is the name
 * in the hint (NULL for solve: 'ojdoku --help').  cli_option_message() fills buf (no prefix,
 * no newline); cli_option_error() prints "ojdoku: MESSAGE" and returns CLI_EXIT_USAGE.
 */
void cli_option_message(char *buf, size_t size, const char *command,
                        const struct option *longs, int c, int opt, int ind, char **argv);
int cli_option_error(const char *command, const struct option *longs, int c, int opt, int ind,
                     char **argv);

/* The values of --format NAME and --solver NAME: the judge profile or solver called name, or NULL
 * with the message for it in why ("unknown format 'NAME' (see 'ojdoku formats')", "unknown
 * solver 'NAME' (see 'ojdoku solvers')"), which the command reports its own way: a usage error,
 * or a judge failure for check.  CLI_MESSAGE_SIZE bytes hold any such message. */
const ojd_profile *cli_find_format(const char *name, char *why, size_t size);
/* The whole file at path, NUL-terminated (malloc'd; *len its size without the NUL), or NULL
 * with errno set. */
char *cli_read_file(const char *path, size_t *len);
/* Names in natural order, as qsort compares: runs of digits by value (2 before 10), the rest
 * byte by byte; names equal that way (01 and 1) by their bytes. */
int cli_natural_compare(const char *a, const char *b);
const ojd_solver *cli_find_solver(const char *name, char *why, size_t size);

/* The options of a command that takes no argument but -h, --help (which prints usage on stdout).
 * Returns -1 to go on, else the exit status: 0 after --help, CLI_EXIT_USAGE after an unknown
 * option or an argument ("ojdoku: NAME: unexpected argument 'X'"). */
int cli_parse_help_only(int argc, char **argv, const char *usage);

/*
 * The one way a command opens a file named on its command line (cli_each_input() for the
 * commands that read puzzles, check for its judge files): "-" is standard input, named
 * "<stdin>" in diagnostics; anything else is opened for reading and named by its path.  NULL
 * with errno set when it cannot be read: a directory is refused with EISDIR (fopen() opens one
 * on Linux, and only the first read would fail).  *name (may be NULL) gets the name to use in
 * diagnostics (FILE:LINE:COL).
 */
FILE *cli_open_input(const char *path, const char **name);
/* Closes what cli_open_input() opened (standard input stays open); NULL is ignored. */
void cli_close_input(FILE *in);

/* What writes one case's document into an open file: OJD_OK, OJD_ERR_IO (errno says why), or
 * another status (ojd_strerror() says why). */
typedef ojd_status (*cli_put_fn)(void *context, FILE *file);
/*
 * --output-dir: case `number`'s document in a file of its own, DIR/case-NNNN.svg (the names
 * solve and generate give), written by put; false, said on stderr ("COMMAND: cannot write PATH:
 * why"), when the name is too long, the file cannot be made, put fails or closing it does.
 */
bool cli_write_case_file(const char *command, const char *dir, unsigned long number,
                         cli_put_fn put, void *context);

/* ---- the input loop ------------------------------------------------------------------------ */

/* --box RxC: the box shape every grid has (rows 0 = each side's conventional shape). */
typedef struct cli_box {
    int rows, cols;
} cli_box;
/* Parses --box's "RxC" (each 1..8) for command (in messages); false after saying why on stderr.
 */
bool cli_parse_box(const char *command, const char *text, cli_box *box);
/* --variant=LIST: a comma-separated list of jigsaw, x, windoku into OJD_UNITS_* bits (jigsaw:
 * OJD_UNITS_REGIONS).  false, with a message for command, for anything else. */
bool cli_parse_variant(const char *command, const char *text, unsigned *units);
/* The same, saying nothing: false with the reason in why (for the checker's conventions). */
bool cli_read_variant(const char *text, unsigned *units, char *why, size_t size);
/* The same without printing: false with the message (no "ojdoku: COMMAND: ") in why. */
bool cli_read_box(const char *text, cli_box *box, char *why, size_t size);
/* The check every command makes after its options: a --box and a --format of another side do
 * not combine; false after saying why. */
bool cli_box_fits_format(const char *command, cli_box box, const ojd_profile *format);

/* What one step of cli_each_input() met. */
typedef enum cli_case_kind {
    CLI_CASE_PUZZLE,          /* a puzzle was read: .puzzle */
    CLI_CASE_MALFORMED,       /* a case that cannot be read: .error, .index */
    CLI_CASE_END,             /* an input has ended: the record carries only its last warnings */
    CLI_CASE_FAILED           /* an input cannot be opened or read: .message */
} cli_case_kind;

/* One record of the input loop.  Large (a puzzle of up to 64x64 cells): a command keeps one, or
 * a window of them, never one per case of a batch. */
typedef struct cli_case {
    cli_case_kind kind;
    const char *file;         /* the name for diagnostics: the operand, or "<stdin>"; it outlives
                               * the loop (it points into argv or at a literal) */
    int warnings;             /* reader warnings that came before this record: print them first */
    ojd_error warning[OJD_READER_MAX_WARNINGS];
    ojd_error error;          /* MALFORMED: where and why */
    unsigned long index;      /* MALFORMED: its case number in the stream, 0 when the input holds
                               * no case at all ("the input holds no puzzle") */
    char message[320];        /* FAILED: "PATH: REASON" (or "out of memory"), for cli_fail() */
    ojd_puzzle puzzle;        /* PUZZLE */
} cli_case;

/*
 * The steps of reading the input operands of solve, rate and validate: paths[0..count-1], or
 * stdin when count is 0, each read by a reader for format (NULL: detect) and box.  In input
 * order: PUZZLE or MALFORMED per case (the reader resynchronises), END after each input's last,
 * FAILED for an input that cannot be opened (the steps go on) or a read that fails part way
 * (they stop: what follows cannot be trusted); cli_report() reports each.  Only the fields of a
 * step's kind are set, so records are reused.  One thread at a time reads the steps.
 */
typedef struct cli_inputs {
    int count, next;          /* operands, and the next to open */
    char *const *paths;
    const ojd_profile *format;
    cli_box box;
    unsigned variant;         /* --variant: OJD_UNITS_* bits every puzzle gets (extras) or must
                               * have (regions: a jigsaw brings its own); 0 after init */
    FILE *in;                 /* the operand being read (NULL between operands) */
    const char *file;         /* its name for diagnostics */
    ojd_reader *reader;
    bool over;                /* no step is left */
} cli_inputs;

void cli_inputs_init(cli_inputs *inputs, int count, char *const *paths, const ojd_profile *format,
                     cli_box box);
/* Reads the next step into *record; false when no step is left (record untouched). */
bool cli_inputs_next(cli_inputs *inputs, cli_case *record);
/* Closes what the steps left open (an input not read to its end). */
void cli_inputs_close(cli_inputs *inputs);

/* Takes one record, in input order; false stops the loop (standard output failed). */
typedef bool (*cli_take_fn)(void *context, cli_case *record);
/* Hands every step of the inputs (cli_inputs above, with variant as its --variant) to take(),
 * in one record, until take() says stop. */
void cli_each_input(int count, char *const *paths, const ojd_profile *format, cli_box box,
                    unsigned variant, cli_take_fn take, void *context);

/* Prints a record's reader warnings on stderr ("ojdoku: FILE:LINE:COL: warning: MESSAGE"). */
void cli_print_warnings(const cli_case *record);
/* Prints what a record says on stderr, at once: its warnings, then for MALFORMED the diagnostic
 * and for FAILED "ojdoku: MESSAGE".  Returns the exit status it implies: CLI_EXIT_UNANSWERED for
 * MALFORMED, CLI_EXIT_USAGE for FAILED, else CLI_EXIT_OK. */
int cli_report(const cli_case *record);

/* Writes the answer of a case that the engine answered with status and result under search (the
 * profile's: ojd_profile_search()): ojd_writer_answer(), but a case of task all with several
 * solutions is listed, each solution in lexicographic order (engine walks them; format is the
 * writer's profile).  OJD_OK, or what writing or the walk returned (OJD_LIMIT: a budget ran out
 * before the last solution). */
ojd_status cli_write_answer(ojd_writer *writer, ojd_engine *engine, const ojd_profile *format,
                            const ojd_puzzle *puzzle, ojd_status status, const ojd_result *result,
                            const ojd_search *search);

#endif
