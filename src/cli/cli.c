/*
 * cli.c -- what every command of the ojdoku command line shares (cli.h): messages on stderr
 * ("ojdoku: ..."), the one report of an option error, option values, the opening of a file named
 * on the command line ("-" and directories included), and the one loop over the input operands
 * of the commands that read puzzles.  The commands are the cmd_*.c files; main.c picks one and
 * runs it.
 */
#include "cli.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

void cli_raise_status(int *status, int met)
{
    if (met > *status)
        *status = met;
}

void cli_fail(const char *fmt, ...)
{
    va_list ap;
    fputs("ojdoku: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

/* ---- standard output ------------------------------------------------------------------- */

/* The errno of the first failed flush of standard output (0: none yet, or none known), and
 * whether the command has said why it failed (then cli_close_stdout() keeps its status). */
static int stdout_errno;
static bool stdout_reported;

bool cli_flush_stdout(int *err)
{
    errno = 0;
    if (fflush(stdout) != 0 && !stdout_errno)
        stdout_errno = errno; /* now: the next call may overwrite it (isatty(): ENOTTY) */
    bool ok = !ferror(stdout);
    if (err)
        *err = ok ? 0 : stdout_errno;
    return ok;
}

void cli_stdout_reported(void)
{
    stdout_reported = true;
}

int cli_write_error(int err)
{
    if (err)
        cli_fail("write error: %s", strerror(err));
    else
        cli_fail("write error");
    cli_stdout_reported();
    return CLI_EXIT_USAGE;
}

int cli_close_stdout(int status)
{
    int err;
    bool ok = cli_flush_stdout(&err);
    errno = 0;
    if (fclose(stdout) != 0 && ok) {
        ok = false;
        err = errno;
    }
    if (ok || stdout_reported)
        return status;
    return cli_write_error(err);
}

void cli_diagnose(const char *file, const ojd_error *err, const char *kind)
{
    fprintf(stderr, "ojdoku: %s:%ld:%ld: %s: %s\n", file, err->line, err->col, kind, err->message);
}

/* ---- "did you mean" ------------------------------------------------------------------------ */

/* Keeps candidate in *nearest when it is nearer to the n characters typed than the best so far
 * (*best, at first a third of n and one: the rule of ojd_profile_nearest()). */
static void nearer(const char *typed, size_t n, const char *candidate, int *best,
                   const char **nearest)
{
    int d = ojd_name_distance(typed, n, candidate);
    if (d < *best) {
        *best = d;
        *nearest = candidate;
    }
}

/* ---- option errors ---------------------------------------------------------------------- */

/* Appends printf output at buf + *used, never past size (a long message is cut short). */
static void append(char *buf, size_t size, size_t *used, const char *fmt, ...)
    CLI_PRINTF(4, 5);
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

void cli_option_message(char *buf, size_t size, const char *cmd,
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
        /* a typo of one of the command's own ("--fromat"): named, as a mistyped profile is */
        int best = (int)len / 3 + 1;
        const char *nearest = NULL;
        for (const struct option *o = longs; is_long && o && o->name; o++)
            nearer(arg + 2, len, o->name, &best, &nearest);
        if (is_long && nearest)
            append(buf, size, &used, "unknown option '--%.*s' (did you mean '--%s'? see "
                   "'ojdoku %s%s--help')", (int)len, arg + 2, nearest, cmd ? cmd : "",
                   cmd ? " " : "");
        else if (is_long)
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

int cli_option_error(const char *cmd, const struct option *longs, int c, int opt, int ind,
                     char **argv)
{
    char message[CLI_MESSAGE_SIZE];
    cli_option_message(message, sizeof message, cmd, longs, c, opt, ind, argv);
    cli_fail("%s", message);
    return CLI_EXIT_USAGE;
}

int cli_parse_help_only(int argc, char **argv, const char *usage)
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
            return cli_option_error(argv[0], longs, c, optopt, optind, argv);
        fputs(usage, stdout);
        return CLI_EXIT_OK;
    }
    if (optind < argc) {
        cli_fail("%s: unexpected argument '%s'", argv[0], argv[optind]);
        return CLI_EXIT_USAGE;
    }
    return -1;
}

/* ---- inputs ------------------------------------------------------------------------------ */

FILE *cli_open_input(const char *path, const char **name)
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

void cli_close_input(FILE *in)
{
    if (in && in != stdin)
        fclose(in);
}

bool cli_write_case_file(const char *command, const char *dir, unsigned long number,
                         cli_put_fn put, void *context)
{
    char path[PATH_MAX];
    if (snprintf(path, sizeof path, "%s/case-%04lu.svg", dir, number) >= (int)sizeof path) {
        cli_fail("%s: --output-dir %s: name too long", command, dir);
        return false;
    }
    errno = 0;
    FILE *file = fopen(path, "w");
    ojd_status st = file ? put(context, file) : OJD_ERR_IO;
    int err = errno;
    if (file && fclose(file) != 0 && st == OJD_OK) {
        err = errno;
        st = OJD_ERR_IO;
    }
    if (st != OJD_OK)
        cli_fail("%s: cannot write %s: %s", command, path,
                 st == OJD_ERR_IO ? strerror(err ? err : EIO) : ojd_strerror(st));
    return st == OJD_OK;
}

void cli_put_xml(FILE *out, const char *text, unsigned flags)
{
    for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
        switch (*p) {
        case '&': fputs("&amp;", out); break;
        case '<': fputs("&lt;", out); break;
        case '>': fputs("&gt;", out); break;
        case '"': fputs("&quot;", out); break;
        case '\'': fputs(flags & CLI_XML_APOS ? "&apos;" : "'", out); break;
        default: putc(*p < 32 && (flags & CLI_XML_CONTROLS) ? '.' : *p, out); break;
        }
    }
}

/* ---- option values ------------------------------------------------------------------------ */

char *cli_read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    for (size_t got; buf; n += got) {
        if (n + 1 == cap) {
            char *more = realloc(buf, cap *= 2);
            if (!more)
                free(buf);
            buf = more;
            if (!buf) {
                errno = ENOMEM;
                break;
            }
        }
        if ((got = fread(buf + n, 1, cap - 1 - n, f)) == 0)
            break;
    }
    int failed = ferror(f) ? (errno ? errno : EIO) : 0;
    fclose(f);
    if (buf && failed) {
        free(buf);
        errno = failed;
        return NULL;
    }
    if (buf) {
        buf[n] = '\0';
        *len = n;
    }
    return buf;
}

/* Natural order: runs of digits compare by value (2 before 10), the rest byte by byte; names
 * equal that way (01 and 1) are ordered by their bytes. */
int cli_natural_compare(const char *a, const char *b)
{
    const char *p = a, *q = b;
    while (*p && *q) {
        if (isdigit((unsigned char)*p) && isdigit((unsigned char)*q)) {
            while (*p == '0' && isdigit((unsigned char)p[1]))
                p++;
            while (*q == '0' && isdigit((unsigned char)q[1]))
                q++;
            size_t np = strspn(p, "0123456789"), nq = strspn(q, "0123456789");
            if (np != nq)
                return np < nq ? -1 : 1;
            int d = strncmp(p, q, np);
            if (d)
                return d;
            p += np;
            q += nq;
            continue;
        }
        if (*p != *q)
            return (unsigned char)*p < (unsigned char)*q ? -1 : 1;
        p++;
        q++;
    }
    if (*p || *q)
        return *p ? 1 : -1;
    return strcmp(a, b);
}


/* A --format value that names a file rather than an id: it has a '/' or ends in ".profile". */
static bool names_a_file(const char *name)
{
    size_t n = strlen(name);
    return strchr(name, '/') || (n > 8 && strcmp(name + n - 8, ".profile") == 0);
}

typedef struct profile_errors {
    const char *path;
    int count;
} profile_errors;

/* Each mistake of a profile file, as the compiler says them: FILE:LINE: error: MESSAGE. */
static void report_profile_error(void *context, int line, const char *message)
{
    profile_errors *e = context;
    e->count++;
    if (line)
        fprintf(stderr, "ojdoku: %s:%d: error: %s\n", e->path, line, message);
    else
        fprintf(stderr, "ojdoku: %s: error: %s\n", e->path, message);
}

/* The profiles loaded from files: the commands keep pointers to them until they exit, so they
 * are freed at exit, not before (a command names a handful at most). */
enum { MAX_LOADED_PROFILES = 16 };
static ojd_profile *loaded_profiles[MAX_LOADED_PROFILES];

static void free_loaded_profiles(void)
{
    for (int i = 0; i < MAX_LOADED_PROFILES; i++)
        ojd_profile_free(loaded_profiles[i]);
}

/* Keeps a loaded profile until exit; false (and the profile freed) when too many are. */
static bool keep_profile(ojd_profile *format)
{
    static bool registered;
    if (!registered)
        registered = atexit(free_loaded_profiles) == 0;
    for (int i = 0; i < MAX_LOADED_PROFILES; i++)
        if (!loaded_profiles[i]) {
            loaded_profiles[i] = format;
            return true;
        }
    ojd_profile_free(format);
    return false;
}

/* The profile in the file at path: NULL with why set when it cannot be read or has mistakes
 * (each printed).  The profile lives until the command exits (keep_profile()). */
static const ojd_profile *load_profile(const char *path, char *why, size_t size)
{
    size_t len;
    errno = 0;
    char *text = cli_read_file(path, &len);
    if (!text) {
        snprintf(why, size, "cannot read profile %s: %s", path, strerror(errno ? errno : EIO));
        return NULL;
    }
    profile_errors errors = {path, 0};
    ojd_profile *format = ojd_profile_parse(text, len, report_profile_error, &errors);
    free(text);
    if (!format)
        snprintf(why, size, "profile %s: %d mistake%s (above); nothing was read", path,
                 errors.count, errors.count == 1 ? "" : "s");
    else if (!keep_profile(format)) {
        snprintf(why, size, "profile %s: more than %d profile files in one command", path,
                 MAX_LOADED_PROFILES);
        format = NULL;
    }
    return format;
}

/* The file DIR/NAME.profile in the user's profile directories, in order: each directory of
 * $OJDOKU_PROFILES (':'-separated), then $XDG_CONFIG_HOME/ojdoku/profiles (~/.config when it is
 * unset).  Writes its path into path and returns true when one exists. */
static bool find_user_profile(const char *name, char *path, size_t size)
{
    for (const char *c = name; *c; c++)
        if (!isalnum((unsigned char)*c) && *c != '-' && *c != '_')
            return false; /* an id, never a path that climbs out of the directory */
    const char *dirs = getenv("OJDOKU_PROFILES");
    while (dirs && *dirs) {
        size_t n = strcspn(dirs, ":");
        if (n && snprintf(path, size, "%.*s/%s.profile", (int)n, dirs, name) < (int)size &&
            access(path, R_OK) == 0)
            return true;
        dirs += n + (dirs[n] == ':');
    }
    const char *xdg = getenv("XDG_CONFIG_HOME"), *home = getenv("HOME");
    int n = xdg && *xdg ? snprintf(path, size, "%s/ojdoku/profiles/%s.profile", xdg, name)
            : home && *home ? snprintf(path, size, "%s/.config/ojdoku/profiles/%s.profile", home, name)
                            : -1;
    return n > 0 && n < (int)size && access(path, R_OK) == 0;
}

const ojd_profile *cli_find_format(const char *name, char *why, size_t size)
{
    char path[PATH_MAX];
    if (names_a_file(name))
        return load_profile(name, why, size);
    const ojd_profile *format = ojd_profile_find(name);
    if (!format && find_user_profile(name, path, sizeof path))
        return load_profile(path, why, size);
    const char *nearest = format ? NULL : ojd_profile_nearest(name);
    if (nearest)
        snprintf(why, size, "unknown format '%s' (did you mean '%s'? see 'ojdoku formats')", name,
                 nearest);
    else if (!format)
        snprintf(why, size, "unknown format '%s' (see 'ojdoku formats', or give a profile file's "
                            "path)", name);
    return format;
}

/* The edit distance of two short names (insert, delete, change a character; case is free),
 * capped at 32. */
static int name_distance(const char *a, const char *b)
{
    size_t n = strlen(b);
    if (strlen(a) > 31 || n > 31)
        return 32;
    int row[32];
    for (size_t j = 0; j <= n; j++)
        row[j] = (int)j;
    for (size_t i = 1; a[i - 1]; i++) {
        int diagonal = row[0];
        row[0] = (int)i;
        for (size_t j = 1; j <= n; j++) {
            int here = row[j];
            int best = diagonal + (tolower((unsigned char)a[i - 1]) !=
                                   tolower((unsigned char)b[j - 1]));
            if (row[j] + 1 < best)
                best = row[j] + 1;
            if (row[j - 1] + 1 < best)
                best = row[j - 1] + 1;
            row[j] = best;
            diagonal = here;
        }
    }
    return row[n];
}

const ojd_solver *cli_find_solver(const char *name, char *why, size_t size)
{
    const ojd_solver *solver = ojd_solver_find(name);
    if (solver)
        return solver;
    /* the nearest name, within a third of its length, as --format suggests one */
    const char *nearest = NULL;
    int best = (int)strlen(name) / 3 + 1;
    for (const ojd_solver *const *s = ojd_solver_list(); *s; s++) {
        int d = name_distance(name, ojd_solver_name(*s));
        if (d < best) {
            best = d;
            nearest = ojd_solver_name(*s);
        }
    }
    if (nearest)
        snprintf(why, size, "unknown solver '%s' (did you mean '%s'? see 'ojdoku solvers')", name,
                 nearest);
    else
        snprintf(why, size, "unknown solver '%s' (see 'ojdoku solvers')", name);
    return NULL;
}

bool cli_parse_jobs(const char *command, const char *text, size_t max, size_t *jobs)
{
    unsigned long long n;
    if (!cli_parse_number(text, max, &n)) {
        cli_fail("%s%s--jobs wants a number from 0 to %zu, not '%s'", command ? command : "",
                 command ? ": " : "", max, text);
        return false;
    }
    *jobs = (size_t)n;
    return true;
}

bool cli_parse_max_nodes(const char *command, const char *text, ojd_search *search)
{
    unsigned long long n;
    if (!cli_parse_number(text, ULLONG_MAX, &n)) {
        cli_fail("%s%s--max-nodes wants a whole number, not '%s'", command ? command : "",
                 command ? ": " : "", text);
        return false;
    }
    search->max_nodes = n;
    return true;
}

bool cli_parse_timeout(const char *command, const char *text, ojd_search *search)
{
    char *end;
    errno = 0;
    double s = strtod(text, &end);
    /* !(s > 0) also refuses a NaN; the cap keeps now + s a deadline a double can hold */
    if (errno || *end || !(s > 0) || s > 1e9) {
        cli_fail("%s%s--timeout wants a number of seconds above 0 and up to 1e9, not '%s'",
                 command ? command : "", command ? ": " : "", text);
        return false;
    }
    search->max_seconds = s;
    return true;
}

void cli_limit_message(char *buf, size_t size, const ojd_search *search,
                       unsigned long long nodes)
{
    if (search->max_nodes && nodes > search->max_nodes)
        snprintf(buf, size, "no answer within --max-nodes %llu", search->max_nodes);
    else if (search->max_seconds > 0)
        snprintf(buf, size, "no answer within --timeout %g seconds (%llu nodes searched)",
                 search->max_seconds, nodes);
    else
        snprintf(buf, size, "search limit reached after %llu nodes", nodes);
}

void cli_seed(const char *command, bool seeded, unsigned long long *seed)
{
    if (seeded)
        return;
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    *seed = (unsigned long long)ts.tv_sec * 1000000007ULL ^ (unsigned long long)ts.tv_nsec ^
            ((unsigned long long)getpid() << 32);
    cli_fail("%s: seed %llu", command, *seed);
}

bool cli_parse_number(const char *text, unsigned long long max, unsigned long long *value)
{
    char *end;
    if (!text || *text < '0' || *text > '9') /* strtoull would accept a sign or spaces */
        return false;
    errno = 0;
    *value = strtoull(text, &end, 10);
    return errno == 0 && *end == '\0' && *value <= max;
}

bool cli_parse_variant(const char *command, const char *text, unsigned *units)
{
    char why[CLI_MESSAGE_SIZE];
    if (!cli_read_variant(text, units, why, sizeof why)) {
        cli_fail("%s: %s", command, why);
        return false;
    }
    return true;
}

bool cli_read_variant(const char *text, unsigned *units, char *why, size_t size)
{
    static const struct {
        const char *name;
        unsigned bit;
    } names[] = {{"jigsaw", OJD_UNITS_REGIONS}, {"x", OJD_UNITS_X}, {"windoku", OJD_UNITS_WINDOKU},
                 {"killer", OJD_UNITS_KILLER}};
    *units = 0;
    for (const char *p = text;;) {
        size_t n = strcspn(p, ",");
        size_t k = 0;
        while (k < sizeof names / sizeof names[0] &&
               (strlen(names[k].name) != n || strncmp(p, names[k].name, n) != 0))
            k++;
        if (k == sizeof names / sizeof names[0]) {
            snprintf(why, size, "--variant wants jigsaw, x, windoku or killer (or several, "
                     "comma-separated), not '%s'", text);
            return false;
        }
        *units |= names[k].bit;
        if (!p[n])
            return true;
        p += n + 1;
    }
}

/* A puzzle read under --variant: the extra units added, and a jigsaw's regions required (they
 * come with each puzzle).  false with the case's error when the puzzle cannot be one. */
static bool apply_variant(unsigned variant, ojd_puzzle *pz, ojd_error *err)
{
    err->code = OJD_ERR_PARSE;
    err->line = pz->line;
    err->col = pz->col;
    if ((variant & OJD_UNITS_REGIONS) && !(ojd_board_units(&pz->board) & OJD_UNITS_REGIONS)) {
        snprintf(err->message, sizeof err->message,
                 "--variant jigsaw: the puzzle has no region map (PUZZLE:REGIONS on one line, "
                 "or a profile with walls)");
        return false;
    }
    if ((variant & OJD_UNITS_KILLER) && !(ojd_board_units(&pz->board) & OJD_UNITS_KILLER)) {
        snprintf(err->message, sizeof err->message,
                 "--variant killer: the puzzle has no cages (GIVENS:REGIONS:CAGES:SUMS on one "
                 "line, \"cages\" in json, or a killer profile's input)");
        return false;
    }
    if (ojd_board_set_extras(&pz->board, variant & OJD_UNITS_EXTRAS) != OJD_OK) {
        snprintf(err->message, sizeof err->message,
                 "--variant windoku: a %dx%d grid has no windoku windows (9x9 only)",
                 pz->board.side, pz->board.side);
        return false;
    }
    return true;
}

bool cli_parse_box(const char *command, const char *text, cli_box *box)
{
    char why[CLI_MESSAGE_SIZE];
    if (cli_read_box(text, box, why, sizeof why))
        return true;
    cli_fail("%s: %s", command, why);
    return false;
}

bool cli_read_box(const char *text, cli_box *box, char *why, size_t size)
{
    char *end;
    errno = 0;
    long rows = strtol(text, &end, 10), cols = 0;
    bool ok = errno == 0 && end != text && *end == 'x' && rows >= 1 && rows <= OJD_MAX_BOX;
    if (ok) {
        const char *c = end + 1;
        cols = strtol(c, &end, 10);
        ok = errno == 0 && end != c && *end == '\0' && cols >= 1 && cols <= OJD_MAX_BOX &&
             isdigit((unsigned char)text[0]) && isdigit((unsigned char)c[0]);
    }
    if (!ok) {
        snprintf(why, size, "--box wants ROWSxCOLS, each from 1 to %d (2x3 for 6x6 grids), "
                 "not '%s'", OJD_MAX_BOX, text);
        return false;
    }
    box->rows = (int)rows;
    box->cols = (int)cols;
    return true;
}

bool cli_box_fits_format(const char *command, cli_box box, const ojd_profile *format)
{
    int side = format ? ojd_profile_side(format) : 0; /* 0: any */
    if (!box.rows || !side || side == box.rows * box.cols)
        return true;
    cli_fail("%s: --box %dx%d makes %dx%d grids; format '%s' is for %dx%d grids", command,
             box.rows, box.cols, box.rows * box.cols, box.rows * box.cols,
             ojd_profile_name(format), side, side);
    return false;
}

/* ---- answers -------------------------------------------------------------------------------- */

/* A task-all case being listed: each solution the walk visits is written as the next. */
typedef struct cli_listing {
    ojd_writer *writer;
    const ojd_puzzle *puzzle;
    unsigned long nth, count;
    ojd_status written;
} cli_listing;

static bool cli_list_next(void *context, const ojd_board *solution)
{
    cli_listing *l = context;
    l->written = ojd_writer_listed(l->writer, l->puzzle, solution, ++l->nth, l->count);
    return l->written == OJD_OK;
}

ojd_status cli_write_answer(ojd_writer *writer, ojd_engine *engine, const ojd_profile *format,
                            const ojd_puzzle *puzzle, ojd_status status, const ojd_result *result,
                            const ojd_search *search)
{
    const ojd_profile *f = ojd_profile_effective(format, &puzzle->layout);
    /* several solutions, counted exactly (below the search's limit), are listed one by one;
     * everything else is one answer (a count past the limit: OJD_LIMIT, nothing written) */
    if (ojd_profile_task(f) != OJD_TASK_ALL || status != OJD_MULTIPLE ||
        result->solutions >= search->limit)
        return ojd_writer_answer(writer, puzzle, status, result);
    cli_listing l = {writer, puzzle, 0, result->solutions, OJD_OK};
    ojd_status walked = ojd_engine_each_solution(engine, &puzzle->board, search, l.count,
                                                 cli_list_next, &l, NULL);
    if (l.written != OJD_OK)
        return l.written;
    /* a budget that ran out between solutions leaves the listing short: never silently */
    if (walked == OJD_OK && l.nth != l.count)
        return OJD_LIMIT;
    return walked;
}

/* ---- the input loop ------------------------------------------------------------------------ */

void cli_inputs_init(cli_inputs *inputs, int count, char *const *paths, const ojd_profile *format,
                     cli_box box)
{
    static char standard_input[] = "-";
    static char *const no_operand[] = {standard_input};
    if (count <= 0) {
        paths = no_operand;
        count = 1;
    }
    *inputs = (cli_inputs){.count = count, .paths = paths, .format = format, .box = box};
}

/* Ends the operand being read. */
static void close_operand(cli_inputs *inputs)
{
    ojd_reader_free(inputs->reader);
    inputs->reader = NULL;
    cli_close_input(inputs->in);
    inputs->in = NULL;
}

/* Fills a FAILED record with "PATH: REASON". */
static void set_failure(cli_case *c, const char *file, const char *reason)
{
    c->kind = CLI_CASE_FAILED;
    snprintf(c->message, sizeof c->message, "%s: %s", file, reason);
}

/* Opens the next operand into inputs->in and its reader; false after filling *c with the step
 * that says why not (FAILED). */
static bool open_operand(cli_inputs *inputs, cli_case *c)
{
    const char *path = inputs->paths[inputs->next++];
    c->file = path;
    inputs->in = cli_open_input(path, &inputs->file);
    if (!inputs->in) { /* said in turn; the batch goes on with the next operand */
        set_failure(c, path, strerror(errno));
        return false;
    }
    c->file = inputs->file;
    inputs->reader = ojd_reader_new(inputs->in, inputs->file, inputs->format);
    if (inputs->reader &&
        ojd_reader_set_box(inputs->reader, inputs->box.rows, inputs->box.cols) != OJD_OK) {
        ojd_reader_free(inputs->reader); /* cli_parse_box() let no other shape through */
        inputs->reader = NULL;
    }
    if (!inputs->reader) {
        c->kind = CLI_CASE_FAILED;
        snprintf(c->message, sizeof c->message, "out of memory");
        close_operand(inputs);
        inputs->over = true;
        return false;
    }
    return true;
}

bool cli_inputs_next(cli_inputs *inputs, cli_case *c)
{
    if (inputs->over)
        return false;
    if (!inputs->reader && inputs->next == inputs->count) {
        inputs->over = true;
        return false;
    }
    c->warnings = 0;
    c->index = 0;
    c->message[0] = '\0';
    if (!inputs->reader && !open_operand(inputs, c))
        return true;
    c->file = inputs->file;
    ojd_status st = ojd_reader_next(inputs->reader, &c->puzzle, &c->error);
    int read_errno = errno;
    while (c->warnings < OJD_READER_MAX_WARNINGS &&
           ojd_reader_warning(inputs->reader, &c->warning[c->warnings]))
        c->warnings++;
    if (st == OJD_OK && inputs->variant && !apply_variant(inputs->variant, &c->puzzle, &c->error))
        st = OJD_ERR_PARSE; /* a case that cannot be of the variant: its diagnostic */
    switch (st) {
    case OJD_OK:
        c->kind = CLI_CASE_PUZZLE;
        break;
    case OJD_ERR_PARSE: /* the reader has skipped past it: read on */
        c->kind = CLI_CASE_MALFORMED;
        c->index = ojd_reader_cases(inputs->reader);
        break;
    case OJD_END:
        c->kind = CLI_CASE_END;
        close_operand(inputs);
        break;
    default: /* a read error or no memory: final for this reader, and for the batch */
        set_failure(c, inputs->file,
                    st == OJD_ERR_IO && read_errno ? strerror(read_errno) : ojd_strerror(st));
        close_operand(inputs);
        inputs->over = true;
        break;
    }
    return true;
}

void cli_inputs_close(cli_inputs *inputs)
{
    close_operand(inputs);
    inputs->over = true;
}

void cli_each_input(int count, char *const *paths, const ojd_profile *format, cli_box box,
                    unsigned variant, cli_take_fn take, void *context)
{
    cli_inputs inputs;
    cli_case c;
    cli_inputs_init(&inputs, count, paths, format, box);
    inputs.variant = variant;
    while (cli_inputs_next(&inputs, &c) && take(context, &c))
        continue;
    cli_inputs_close(&inputs);
}

void cli_print_warnings(const cli_case *record)
{
    for (int i = 0; i < record->warnings; i++)
        cli_diagnose(record->file, &record->warning[i], "warning");
}

int cli_report(const cli_case *record)
{
    cli_print_warnings(record);
    switch (record->kind) {
    case CLI_CASE_MALFORMED:
        cli_diagnose(record->file, &record->error, "error");
        return CLI_EXIT_UNANSWERED;
    case CLI_CASE_FAILED:
        cli_fail("%s", record->message);
        return CLI_EXIT_USAGE;
    default:
        return CLI_EXIT_OK;
    }
}

/* ---- the command table ---------------------------------------------------------------------- */

static const cli_command commands[] = {
#define CLI_COMMAND(name, summary) {#name, cmd_##name, summary},
#include "commands.def"
#undef CLI_COMMAND
    {NULL, NULL, NULL},
};

void cli_print_commands(FILE *out)
{
    for (const cli_command *c = commands; c->name; c++)
        fprintf(out, "  %-10s %s\n", c->name, c->summary);
}

/* The command called name, or NULL. */
const cli_command *cli_find_command(const char *name)
{
    for (const cli_command *c = commands; c->name; c++)
        if (strcmp(name, c->name) == 0)
            return c;
    return NULL;
}

const char *cli_nearest_command(const char *name)
{
    static const char *const words[] = {"help", "version"};
    size_t n = strlen(name);
    int best = (int)n / 3 + 1;
    const char *nearest = NULL;
    for (const cli_command *c = commands; c->name; c++)
        nearer(name, n, c->name, &best, &nearest);
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        nearer(name, n, words[i], &best, &nearest);
    return nearest;
}
