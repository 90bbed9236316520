/*
 * main.c -- ojdoku's entry point: picks the subcommand and hands it the rest of argv.
 * Without a subcommand name the arguments go to `solve`, so `ojdoku < in > out` just works.
 * `ojdoku --help` is the overview (every command, the solve options); each command has its own
 * --help.  `ojdoku help [COMMAND]` and `ojdoku version` are the same as `ojdoku [COMMAND] --help`
 * and `ojdoku --version`.  Every help text fits 80 columns (tests/install/check.sh checks it).
 *
 * What every command shares lives here too (cli.h): the report of an option error, the opening
 * of an input named on the command line ("-" and directories included), diagnostics.
 *
 * Standard streams, for every command (gnulib's stdopen and close_stdout):
 *  - at start-up a closed fd 0, 1 or 2 (`>&-`) is occupied by /dev/null, opened so that using it
 *    fails (fd 0 write-only, fd 1 and 2 read-only).  Otherwise the first file a command opens
 *    (generate's --answers FILE) would get that number, and what the command meant for stdout or
 *    stderr would land in the file; now writing to a closed stdout is a write error like any other.
 *  - every command ends through close_stdout(): standard output is flushed and closed, and a
 *    failure the command did not report itself is "ojdoku: write error: REASON", exit 2.  So the
 *    listings, --help and --version cannot fail silently either.
 */
#include "cli.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

typedef struct command {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
} command;

static int cmd_solvers(int argc, char **argv);
static int cmd_formats(int argc, char **argv);

static const command commands[] = {
    {"solve", ojd_cmd_solve, "solve every puzzle of FILEs (default command)"},
    {"generate", ojd_cmd_generate, "make puzzles with a unique solution, or solved grids"},
    {"rate", ojd_cmd_rate, "grade puzzles by the techniques a human needs"},
    {"check", ojd_cmd_check, "judge a contestant's answers (special judge)"},
    {"validate", ojd_cmd_validate, "say whether grids repeat a value in a unit"},
    {"judge", ojd_cmd_judge, "run a program on tests and judge every run"},
    {"stress", ojd_cmd_stress, "find an input a program fails, and shrink it"},
    {"solvers", cmd_solvers, "list the solvers"},
    {"formats", cmd_formats, "list the judge profiles"},
    {NULL, NULL, NULL},
};

void ojd_cli_fail(const char *fmt, ...)
{
    va_list ap;
    fputs("ojdoku: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

int ojd_cli_write_error(int err)
{
    if (err)
        ojd_cli_fail("write error: %s", strerror(err));
    else
        ojd_cli_fail("write error");
    return OJD_EXIT_USAGE;
}

void ojd_cli_diagnose(const char *file, const ojd_error *err, const char *kind)
{
    fprintf(stderr, "ojdoku: %s:%ld:%ld: %s: %s\n", file, err->line, err->col, kind, err->message);
}

/* ---- option errors ---------------------------------------------------------------------- */

/* Appends printf output at buf + *used, never past size (a long message is cut short). */
static void append(char *buf, size_t size, size_t *used, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
static void append(char *buf, size_t size, size_t *used, const char *fmt, ...)
{
    if (*used >= size)
        return;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf + *used, size - *used, fmt, ap);
    va_end(ap);
    if (n > 0)
        *used = (size_t)n < size - *used ? *used + (size_t)n : size;
}

void ojd_cli_option_message(char *buf, size_t size, const char *cmd,
                            const struct option *longs, int c, int opt, int ind, char **argv)
{
    if (!buf || size == 0)
        return;
    buf[0] = '\0';
    size_t used = 0;
    /* getopt_long() has moved optind past the element at fault when it was a long option or the
     * last letter of a bundle; a letter inside a bundle (-ab at 'a') leaves optind on the bundle,
     * so argv[ind - 1] is then another argument: short options are named by optopt alone. */
    const char *arg = ind > 0 && argv ? argv[ind - 1] : "";
    bool is_long = arg[0] == '-' && arg[1] == '-' && arg[2] != '\0';
    size_t len = is_long ? strcspn(arg + 2, "=") : 0; /* the name typed, without a value */
    const struct option *match = NULL;
    int matches = 0;
    for (const struct option *o = longs; is_long && o && o->name; o++) {
        if (strncmp(o->name, arg + 2, len) != 0)
            continue;
        if (strlen(o->name) == len) { /* an exact name wins over the prefixes it extends */
            match = o;
            matches = 1;
            break;
        }
        if (matches++ == 0)
            match = o;
    }
    char hint[80];
    snprintf(hint, sizeof hint, " (see 'ojdoku %s%s--help')", cmd ? cmd : "", cmd ? " " : "");
    char letter[8]; /* a short option as typed: -a, or -\ooo for a byte that does not print */
    unsigned char u = (unsigned char)opt;
    if (u > ' ' && u < 127)
        snprintf(letter, sizeof letter, "-%c", u);
    else
        snprintf(letter, sizeof letter, "-\\%03o", u);

    if (c == ':') { /* only the last argument can lack its value: arg is the one at fault */
        if (is_long && matches == 1)
            append(buf, size, &used, "option '--%s' needs a value", match->name);
        else if (is_long)
            append(buf, size, &used, "option '--%.*s' needs a value", (int)len, arg + 2);
        else
            append(buf, size, &used, "option '%s' needs a value", letter);
    } else if (opt == 0 && is_long && matches > 1) {
        append(buf, size, &used, "ambiguous option '--%.*s' (", (int)len, arg + 2);
        const char *sep = "";
        for (const struct option *o = longs; o->name; o++)
            if (strncmp(o->name, arg + 2, len) == 0) {
                append(buf, size, &used, "%s--%s", sep, o->name);
                sep = ", ";
            }
        append(buf, size, &used, ")%s", hint);
    } else if (opt == 0) { /* an unknown long option */
        if (is_long)
            append(buf, size, &used, "unknown option '--%.*s'%s", (int)len, arg + 2, hint);
        else
            append(buf, size, &used, "unknown option '%s'%s", arg, hint);
    } else if (is_long && arg[2 + len] == '=' && matches == 1 && match->has_arg == no_argument &&
               !match->flag && match->val == opt) {
        append(buf, size, &used, "option '--%s' takes no value", match->name);
    } else {
        append(buf, size, &used, "unknown option '%s'%s", letter, hint);
    }
}

int ojd_cli_option_error(const char *cmd, const struct option *longs, int c, int opt, int ind,
                         char **argv)
{
    char message[400];
    ojd_cli_option_message(message, sizeof message, cmd, longs, c, opt, ind, argv);
    ojd_cli_fail("%s", message);
    return OJD_EXIT_USAGE;
}

/* ---- inputs ------------------------------------------------------------------------------ */

FILE *ojd_cli_open_input(const char *path, const char **name)
{
    if (strcmp(path, "-") == 0) {
        if (name)
            *name = "<stdin>";
        return stdin;
    }
    if (name)
        *name = path;
    FILE *in = fopen(path, "rb");
    if (!in)
        return NULL;
    struct stat st;
    if (fstat(fileno(in), &st) == 0 && S_ISDIR(st.st_mode)) {
        fclose(in);
        errno = EISDIR;
        return NULL;
    }
    return in;
}

void ojd_cli_close_input(FILE *in)
{
    if (in && in != stdin)
        fclose(in);
}

/* ---- the commands ------------------------------------------------------------------------ */

bool ojd_cli_parse_number(const char *text, unsigned long long max, unsigned long long *value)
{
    char *end;
    if (!text || *text < '0' || *text > '9') /* strtoull would accept a sign or spaces */
        return false;
    errno = 0;
    *value = strtoull(text, &end, 10);
    return errno == 0 && *end == '\0' && *value <= max;
}

void ojd_cli_print_commands(FILE *out)
{
    for (const command *c = commands; c->name; c++)
        fprintf(out, "  %-10s %s\n", c->name, c->summary);
}

/* The overview: what `ojdoku --help` prints.  The solve options are repeated here because solve
 * is the default command; 'ojdoku solve --help' has the details. */
static void overview(FILE *out)
{
    fputs("Usage: ojdoku [solve] [OPTIONS] [FILE...]\n"
          "       ojdoku COMMAND [OPTIONS] [ARGS...]\n"
          "       ojdoku help [COMMAND]      the same as 'ojdoku [COMMAND] --help'\n"
          "       ojdoku version             the same as 'ojdoku --version'\n"
          "Solve every Sudoku puzzle of FILEs (or standard input, also '-') and write the\n"
          "answers on standard output in an online judge's exact format.  The input format\n"
          "is detected; without --format the output mirrors the input.\n"
          "\n"
          "Commands ('ojdoku COMMAND --help' for each):\n",
          out);
    ojd_cli_print_commands(out);
    fputs("\n"
          "Options of solve, the default command:\n"
          "  -f, --format=NAME     judge profile NAME ('ojdoku formats'), or json\n"
          "  -s, --solver=NAME     solver NAME ('ojdoku solvers'; default auto)\n"
          "  -c, --count[=N]       count solutions up to N (default 2), print the count\n"
          "      --max-nodes=N     give up a puzzle after N search nodes\n"
          "      --timeout=SECONDS give up a puzzle after SECONDS\n"
          "  -j, --jobs=N          solve with N threads (0: one per core), output in order\n"
          "  -q, --quiet           no progress line on a terminal\n"
          "      --stats           print totals and per-puzzle costs on stderr at the end\n"
          "  -h, --help            print this help and exit\n"
          "  -V, --version         print the version and exit\n"
          "\n"
          "Exit status of solve: 0 every puzzle answered; 1 some puzzle malformed,\n"
          "unsolvable, ambiguous where the profile needs a unique answer, or stopped by a\n"
          "limit; 2 usage or I/O error.  'ojdoku check' exits with the judge's codes.\n"
          "\n"
          "Examples:\n"
          "  ojdoku < poj3074.in                     mirror the input's format\n"
          "  ojdoku --format poj2918 scenarios.in    'Scenario #i:' headers\n"
          "  ojdoku --format uva10957 boards.in      'Case N: Unique.' verdicts\n"
          "  ojdoku generate -n 10 --format poj2676 --answers t.out > t.in\n"
          "  ojdoku check --format poj2676 t.in contestant.out t.out\n"
          "\n"
          "The manual: man ojdoku.\n",
          out);
}

/* `solvers` and `formats` take no argument but --help.  Returns -1 to go on, else the exit
 * status. */
static int listing_args(int argc, char **argv, const char *what)
{
    static const struct option longs[] = {
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    int c;
    opterr = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, ":h", longs, NULL)) != -1) {
        if (c != 'h')
            return ojd_cli_option_error(argv[0], longs, c, optopt, optind, argv);
        printf("Usage: ojdoku %s\n"
               "List the %s, one per line: name and summary.\n"
               "\n"
               "Options:\n"
               "  -h, --help            print this help and exit\n",
               argv[0], what);
        return OJD_EXIT_OK;
    }
    if (optind < argc) {
        ojd_cli_fail("%s: unexpected argument '%s'", argv[0], argv[optind]);
        return OJD_EXIT_USAGE;
    }
    return -1;
}

static int cmd_solvers(int argc, char **argv)
{
    int st = listing_args(argc, argv, "solvers for --solver");
    return st >= 0 ? st : ojd_cmd_solvers(argc, argv);
}

static int cmd_formats(int argc, char **argv)
{
    int st = listing_args(argc, argv, "judge profiles for --format");
    return st >= 0 ? st : ojd_cmd_formats(argc, argv);
}

static bool is_help(const char *arg)
{
    return strcmp(arg, "--help") == 0 || strcmp(arg, "-h") == 0;
}

/* `ojdoku help [COMMAND]`: the overview, or `ojdoku COMMAND --help`. */
static int help_command(int argc, char **argv)
{
    if (argc > 2) {
        ojd_cli_fail("help: unexpected argument '%s' (see 'ojdoku --help')", argv[2]);
        return OJD_EXIT_USAGE;
    }
    if (argc < 2 || is_help(argv[1]) || strcmp(argv[1], "help") == 0) {
        overview(stdout);
        return OJD_EXIT_OK;
    }
    if (strcmp(argv[1], "version") == 0) {
        puts("Usage: ojdoku version\n"
             "Print the version (the same as 'ojdoku --version') and exit.");
        return OJD_EXIT_OK;
    }
    for (const command *c = commands; c->name; c++)
        if (strcmp(argv[1], c->name) == 0) {
            char *args[] = {argv[1], (char *)"--help", NULL};
            return c->run(2, args);
        }
    ojd_cli_fail("help: unknown command '%s' (see 'ojdoku --help')", argv[1]);
    return OJD_EXIT_USAGE;
}

/* Runs the command argv names (solve when it names none); returns its exit status. */
static int run_command(int argc, char **argv)
{
    if (argc > 1 && is_help(argv[1])) {
        overview(stdout);
        return OJD_EXIT_OK;
    }
    if (argc > 1 && strcmp(argv[1], "help") == 0)
        return help_command(argc - 1, argv + 1);
    if (argc > 1 && strcmp(argv[1], "version") == 0) {
        if (argc > 2) {
            ojd_cli_fail("version: unexpected argument '%s' (see 'ojdoku --help')", argv[2]);
            return OJD_EXIT_USAGE;
        }
        char *args[] = {argv[0], (char *)"--version", NULL};
        return ojd_cmd_solve(2, args);
    }
    if (argc > 1)
        for (const command *c = commands; c->name; c++)
            if (strcmp(argv[1], c->name) == 0)
                return c->run(argc - 1, argv + 1);
    return ojd_cmd_solve(argc, argv);
}

/* Occupies every closed standard descriptor with /dev/null, opened the way that makes its use
 * fail.  false when /dev/null cannot be opened. */
static bool occupy_standard_fds(void)
{
    for (int fd = STDIN_FILENO; fd <= STDERR_FILENO; fd++) {
        if (fcntl(fd, F_GETFD) != -1 || errno != EBADF)
            continue;
        /* the lower descriptors are open by now, so open() returns fd itself */
        int got = open("/dev/null", fd == STDIN_FILENO ? O_WRONLY : O_RDONLY);
        if (got != fd) {
            if (got >= 0)
                close(got);
            return false;
        }
    }
    return true;
}

/*
 * The end of every command: flushes and closes standard output.  A command that met a failed
 * write and reported it returns OJD_EXIT_USAGE (solve, validate, generate and rate say so
 * themselves, with the errno of the failed write; solve, generate and rate stop writing at the
 * first failure); any other failure is reported here, with the reason when the flush or the
 * close gives one.  The status is then 2, whatever the command's convention (check's
 * verdicts go to stderr: only its --help uses stdout).
 */
static int close_stdout(int status)
{
    bool seen = ferror(stdout) != 0; /* a write failed before: the buffer was dropped then */
    errno = 0;
    int err = 0;
    bool failed = fflush(stdout) != 0;
    if (failed)
        err = errno;
    if (fclose(stdout) != 0 && !failed) {
        failed = true;
        err = errno;
    }
    if (!failed && !seen)
        return status;
    if (seen && status == OJD_EXIT_USAGE)
        return status; /* the command said so already (and stopped writing) */
    return ojd_cli_write_error(err);
}

int main(int argc, char **argv)
{
    if (!occupy_standard_fds()) {
        ojd_cli_fail("cannot open /dev/null: %s", strerror(errno));
        return OJD_EXIT_USAGE;
    }
    return close_stdout(run_command(argc, argv));
}
