/*
 * judging.c -- one test judged (run the contestant, then the checker) and test inputs made; see
 * judging.h.  Shared by `ojdoku judge` and `ojdoku stress`.
 *
 * A run's verdict, in this order: TLE (CPU time or the wall-clock guard), OLE, MLE, RE (MLE
 * instead where memory_was_the_cause()), and only then the output by the library's checker (AC,
 * WA, PE; FAIL for a bad test): what a stopped program printed is not an answer.
 */
#include "judging.h"

#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define STDERR_KEEP 65536   /* bytes of the contestant's stderr kept for the report */
#define MIB (1024.0 * 1024.0)

static const char *const verdict_names[CLI_VERDICT_COUNT_] = {
    [CLI_AC] = "AC", [CLI_WA] = "WA", [CLI_PE] = "PE", [CLI_RE] = "RE",
    [CLI_TLE] = "TLE", [CLI_MLE] = "MLE", [CLI_OLE] = "OLE", [CLI_FAIL] = "FAIL",
};

const char *cli_verdict_name(cli_verdict verdict)
{
    return verdict >= 0 && verdict < CLI_VERDICT_COUNT_ ? verdict_names[verdict] : "?";
}

/* ---- the verdict of one run ----------------------------------------------------------------- */

size_t cli_probe_memory(size_t memory)
{
    const size_t two_gib = (size_t)1 << 31;
    size_t want = memory > SIZE_MAX / 4 ? SIZE_MAX : memory * 4;
    if (want - memory < two_gib)
        want = memory > SIZE_MAX - two_gib ? SIZE_MAX : memory + two_gib;
#if defined(_SC_PHYS_PAGES) && defined(_SC_PAGESIZE)
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    if (pages > 0 && page > 0) {
        double half = (double)pages * (double)page / 2;
        if ((double)want > half)
            want = (size_t)half;
    }
#endif
    return want > memory ? want : 0;
}

/* A size for a message: "256 MiB", "1024.3 MiB". */
static const char *mib_text(char *buf, size_t size, double bytes)
{
    double mib = bytes / MIB;
    if (mib == (double)(long long)mib)
        snprintf(buf, size, "%.0f MiB", mib);
    else
        snprintf(buf, size, "%.1f MiB", mib);
    return buf;
}

static void say(cli_judgement *j, cli_verdict v, const char *fmt, ...)
    CLI_PRINTF(3, 4);
static void say(cli_judgement *j, cli_verdict v, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(j->message, sizeof j->message, fmt, ap);
    va_end(ap);
    j->verdict = v;
}

/* Did the run end as a crash or an error exit (what an allocation failure looks like)? */
static bool failed_run(const cli_run_result *r)
{
    return r->end == CLI_RUN_SIGNALED || r->end == CLI_RUN_NOT_STARTED ||
           (r->end == CLI_RUN_EXITED && r->exit_code != 0);
}

/* How a failed run ended, for a message: "killed by SIGSEGV", "exit code 3", "cannot start:
 * Exec format error". */
static void ending_text(const cli_run_result *r, char *buf, size_t size)
{
    char name[32];
    if (r->end == CLI_RUN_SIGNALED)
        snprintf(buf, size, "killed by %s", cli_run_signal_name(r->signal, name, sizeof name));
    else if (r->end == CLI_RUN_NOT_STARTED)
        snprintf(buf, size, "cannot start: %s", strerror(r->error));
    else
        snprintf(buf, size, "exit code %d", r->exit_code);
}

/* The limits a run can break, in their order; true when one decided *j. */
static bool broke_a_limit(const cli_contestant *who, cli_judgement *j)
{
    const cli_run_result *r = &j->run;
    char a[40], b[40];
    if (r->end == CLI_RUN_CPU_LIMIT) {
        say(j, CLI_TLE, "time limit %g s: stopped at %.2f s of CPU time", who->seconds, r->cpu);
        return true;
    }
    if (r->end == CLI_RUN_TIME_LIMIT) {
        /* under half the limit in CPU time while the wall clock ran out: sleeping or waiting */
        if (r->cpu < who->seconds / 2)
            say(j, CLI_TLE, "time limit %g s: idle: stopped by the wall-clock guard after %.2f s "
                "with %.2f s of CPU time", who->seconds, r->wall, r->cpu);
        else
            say(j, CLI_TLE, "time limit %g s: stopped by the wall-clock guard after %.2f s "
                "with %.2f s of CPU time (a loaded machine?)", who->seconds, r->wall, r->cpu);
        return true;
    }
    /* SIGXCPU is the CPU limit's only when the limit was reached: a program may raise it */
    if (r->end == CLI_RUN_SIGNALED && r->signal == SIGXCPU && r->cpu >= who->seconds) {
        say(j, CLI_TLE, "time limit %g s: killed by SIGXCPU after %.2f s of CPU time",
            who->seconds, r->cpu);
        return true;
    }
    if (r->cpu > who->seconds) {
        say(j, CLI_TLE, "time limit %g s: %.2f s of CPU time", who->seconds, r->cpu);
        return true;
    }
    if (r->end == CLI_RUN_OUTPUT_LIMIT) {
        say(j, CLI_OLE, "output limit %s: stopped there",
            mib_text(a, sizeof a, (double)who->output));
        return true;
    }
    if (who->memory && (double)r->peak_kib * 1024.0 > (double)who->memory) {
        say(j, CLI_MLE, "memory limit %s: peak %s", mib_text(a, sizeof a, (double)who->memory),
            mib_text(b, sizeof b, (double)r->peak_kib * 1024.0));
        return true;
    }
    return false;
}

/* Does the program's stderr say an allocation failed?  What the usual runtimes print: C++'s
 * std::bad_alloc, strerror(ENOMEM), glibc's and Go's "out of memory", Python's MemoryError,
 * Java's OutOfMemoryError, Rust's "memory allocation of N bytes failed". */
static bool allocation_failure_said(const cli_run_result *r)
{
    static const char *const signs[] = {
        "bad_alloc", "Cannot allocate memory", "out of memory", "Out of memory",
        "MemoryError", "OutOfMemoryError", "memory exhausted", "memory allocation of",
    };
    if (!r->err)
        return false;
    for (size_t i = 0; i < sizeof signs / sizeof signs[0]; i++)
        if (strstr(r->err, signs[i]))
            return true;
    return false;
}

static bool same_ending(const cli_run_result *a, const cli_run_result *b)
{
    return a->end == b->end && a->signal == b->signal && a->exit_code == b->exit_code &&
           a->error == b->error;
}

static bool clean_ending(const cli_run_result *r)
{
    return r->end == CLI_RUN_EXITED && r->exit_code == 0;
}

/* A failed run under --ml: was memory the cause?  Only on evidence (issue #29, item 3), or any
 * unpredictable program would be MLE: its stderr says an allocation failed; or rerun with the
 * room of cli_probe_memory() it used more than the limit; or with that room it exited 0 and a
 * third run under the limit failed exactly as the first.  true when that shows an MLE, which
 * then decides *j; otherwise *note says what the rerun did, for the RE message (or ""). */
static bool memory_was_the_cause(const cli_contestant *who, const char *input, size_t input_len,
                                 cli_judgement *j, char *note, size_t note_size)
{
    char a[40], b[40], how[80], again_how[80];
    note[0] = '\0';
    const cli_run_result *r = &j->run;
    ending_text(r, how, sizeof how);
    if (allocation_failure_said(r)) {
        say(j, CLI_MLE, "memory limit %s: %s, and its stderr says an allocation failed",
            mib_text(a, sizeof a, (double)who->memory), how);
        return true;
    }
    size_t room = cli_probe_memory(who->memory);
    if (!room)
        return false;
    cli_run_limits limits = {.seconds = who->seconds, .wall = cli_wall_guard(who->seconds),
                             .memory = room, .output = who->output, .errors = STDERR_KEEP,
                             .sandbox = who->sandbox, .shown = who->shown};
    cli_run_result again;
    if (!cli_run_program(who->path, who->argv, input, input_len, &limits, &again))
        return false;
    if (again.end == CLI_RUN_CANCELLED) { /* the judge is ending: no verdict */
        j->cancelled = true;
        return false;
    }
    double used = (double)again.peak_kib * 1024.0;
    bool mle = used > (double)who->memory;
    if (!mle && clean_ending(&again)) {
        limits.memory = who->memory;
        cli_run_result third;
        if (cli_run_program(who->path, who->argv, input, input_len, &limits, &third)) {
            mle = same_ending(&third, r);
            j->cancelled = third.end == CLI_RUN_CANCELLED;
            cli_run_result_free(&third);
        }
    }
    if (mle) {
        say(j, CLI_MLE, "memory limit %s: %s under it; %s with more room, reaching %s",
            mib_text(a, sizeof a, (double)who->memory), how,
            clean_ending(&again) ? "ends normally" : "runs on", mib_text(b, sizeof b, used));
        j->peak_kib = again.peak_kib;
    } else {
        if (again.end == CLI_RUN_TIME_LIMIT || again.end == CLI_RUN_CPU_LIMIT)
            snprintf(again_how, sizeof again_how, "time limit");
        else if (again.end == CLI_RUN_OUTPUT_LIMIT)
            snprintf(again_how, sizeof again_how, "output limit");
        else
            ending_text(&again, again_how, sizeof again_how);
        snprintf(note, note_size, " (not memory: with more room, %s%s)", again_how,
                 same_ending(&again, r) ? ", the same" : "");
    }
    cli_run_result_free(&again);
    return mle;
}

/* The checker's message without its verdict prefix ("wrong answer: ", "ok ", ...). */
static const char *without_prefix(const char *message)
{
    static const char *const prefixes[] = {"ok ", "wrong answer: ", "presentation error: ",
                                           "FAIL: "};
    for (size_t i = 0; i < sizeof prefixes / sizeof prefixes[0]; i++) {
        size_t n = strlen(prefixes[i]);
        if (strncmp(message, prefixes[i], n) == 0)
            return message + n;
    }
    return message;
}

void cli_judge_run(const cli_contestant *who, const char *input, size_t input_len,
                   const char *answer, size_t answer_len, cli_judgement *j)
{
    memset(j, 0, sizeof *j);
    cli_run_limits limits = {.seconds = who->seconds, .wall = cli_wall_guard(who->seconds),
                             .memory = who->memory, .output = who->output,
                             .errors = STDERR_KEEP, .sandbox = who->sandbox,
                             .shown = who->shown};
    if (!cli_run_program(who->path, who->argv, input, input_len, &limits, &j->run)) {
        if (j->run.error == ECHILD) /* see cli_run_program(): the keeper vanished */
            say(j, CLI_FAIL, "cannot judge the run: the process that kept it was killed "
                "(by the program?)");
        else
            say(j, CLI_FAIL, "cannot run the program: %s", strerror(j->run.error));
        return;
    }
    if (j->run.end == CLI_RUN_CANCELLED) {
        j->cancelled = true;
        say(j, CLI_FAIL, "stopped: the judge was asked to end");
        return;
    }
    j->wall = j->run.wall;
    j->cpu = j->run.cpu;
    j->peak_kib = j->run.peak_kib;
    if (broke_a_limit(who, j))
        return;
    if (failed_run(&j->run)) {
        char note[160] = "";
        if (who->memory && memory_was_the_cause(who, input, input_len, j, note, sizeof note))
            return;
        if (j->cancelled) {
            say(j, CLI_FAIL, "stopped: the judge was asked to end");
            return;
        }
        char how[80];
        ending_text(&j->run, how, sizeof how);
        say(j, CLI_RE, "%s%s", how, note);
        return;
    }
    /* the output is judged from its spool file: the checker reads it in bounded memory */
    FILE *in = cli_memory_stream(input, input_len);
    FILE *ans = answer && answer_len ? cli_memory_stream(answer, answer_len) : NULL;
    if (!in || (answer && answer_len && !ans)) {
        if (in)
            fclose(in);
        say(j, CLI_FAIL, "cannot judge: %s", strerror(errno));
        return;
    }
    j->report.size = sizeof j->report; /* a versioned result: the checker fills the rest */
    ojd_verdict v = ojd_check_stream(in, j->run.out, ans, &who->check, &j->report);
    fclose(in);
    if (ans)
        fclose(ans);
    rewind(j->run.out); /* for whoever shows or keeps the output */
    j->checked = true;
    static const cli_verdict of[] = {
        [OJD_VERDICT_OK] = CLI_AC, [OJD_VERDICT_WRONG] = CLI_WA,
        [OJD_VERDICT_PRESENTATION] = CLI_PE, [OJD_VERDICT_FAIL] = CLI_FAIL,
    };
    /* the setter reads the verdict: an ok that is not byte-exact says how to reject it (the
     * checker's message, which judges show, does not) */
    const char *message = without_prefix(j->report.message);
    size_t n = strlen(message);
    if (v == OJD_VERDICT_OK && !j->report.byte_exact && n > 0 && message[n - 1] == ')')
        say(j, of[v], "%.*s; --strict to reject)", (int)(n - 1), message);
    else
        say(j, of[v], "%s", message);
}

/* The violations of a test input that make it invalid (a search budget that ran out does not). */
typedef struct violations {
    unsigned long count;
    ojd_error first;
} violations;

static void note_violation(void *ctx, const ojd_error *e)
{
    violations *v = ctx;
    if (e->code == OJD_LIMIT)
        return;
    if (v->count++ == 0)
        v->first = *e;
}

bool cli_input_allowed(const ojd_profile *format, const char *input, size_t len, char *why,
                       size_t size)
{
    if (!format)
        return true;
    FILE *in = cli_memory_stream(input, len);
    if (!in)
        return true; /* the checker reads it again after the run, and says what it finds */
    violations v = {0};
    ojd_validate_options opt = {.max_nodes = 10000000};
    ojd_status st = ojd_validate_input(in, format, &opt, note_violation, &v, NULL);
    fclose(in);
    if (st != OJD_ERR_PARSE || v.count == 0)
        return true; /* valid, or a profile without a grammar of its own (OJD_ERR_INVALID) */
    char more[64] = "";
    if (v.count > 1)
        snprintf(more, sizeof more, " (and %lu more violation%s)", v.count - 1,
                 v.count == 2 ? "" : "s");
    snprintf(why, size, "invalid test: INPUT line %ld: %s%s", v.first.line, v.first.message, more);
    return false;
}

FILE *cli_memory_stream(const char *data, size_t len)
{
    if (len == 0) /* fmemopen() may refuse an empty buffer: an empty file instead */
        return tmpfile();
    return fmemopen((void *)data, len, "r");
}

void cli_judgement_free(cli_judgement *j)
{
    if (j)
        cli_run_result_free(&j->run);
}

/* ---- test inputs ---------------------------------------------------------------------------- */

char *cli_input_text(const ojd_profile *format, const ojd_board *boards, size_t n, size_t *len)
{
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    if (!out)
        return NULL;
    ojd_status st = ojd_write_puzzles(out, format, boards, n);
    if (fclose(out) != 0 || st != OJD_OK) {
        free(text);
        return NULL;
    }
    *len = size;
    return text;
}

char *cli_answer_text(const ojd_profile *format, const char *input, size_t input_len, size_t *len)
{
    char *text = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&text, &size);
    ojd_reader *reader = ojd_reader_new_mem(input, input_len, "INPUT", format);
    ojd_writer *writer = out ? ojd_writer_new(out, format, NULL) : NULL;
    ojd_engine *engine = ojd_engine_new(NULL);
    bool ok = out && reader && writer && engine;
    ojd_puzzle pz;
    ojd_error err;
    ojd_status st;
    while (ok && (st = ojd_reader_next(reader, &pz, &err)) != OJD_END) {
        if (st != OJD_OK) {
            ok = false;
            break;
        }
        ojd_search search = {0};
        ojd_profile_search(ojd_profile_effective(format, &pz.layout), 0, &search);
        ojd_result res;
        ojd_status outcome = ojd_engine_solve(engine, &pz.board, &search, &res);
        ok = outcome >= 0 && outcome != OJD_LIMIT &&
             cli_write_answer(writer, engine, format, &pz, outcome, &res, &search) == OJD_OK;
    }
    if (ok)
        ok = ojd_writer_finish(writer) == OJD_OK;
    ojd_engine_free(engine);
    ojd_writer_free(writer);
    ojd_reader_free(reader);
    if (out && fclose(out) != 0)
        ok = false;
    if (!ok) {
        free(text);
        return NULL;
    }
    *len = size;
    return text;
}

/* ---- options both commands take ------------------------------------------------------------ */

double cli_wall_guard(double seconds)
{
    return CLI_WALL_FACTOR * seconds + CLI_WALL_MARGIN;
}

bool cli_parse_seconds(const char *text, double *seconds)
{
    char *end;
    errno = 0;
    double s = strtod(text, &end);
    if (errno || end == text || *end || !(s > 0) || s > 1e6)
        return false;
    *seconds = s;
    return true;
}

bool cli_parse_mib(const char *text, size_t *bytes)
{
    unsigned long long mib;
    if (!cli_parse_number(text, 1048576ULL, &mib) || mib == 0 ||
        mib > SIZE_MAX / ((size_t)1 << 20))
        return false;
    *bytes = (size_t)mib << 20;
    return true;
}

int cli_contestant_option(const char *command, int c, const char *value, cli_contestant *who)
{
    switch (c) {
    case 'T':
        if (!cli_parse_seconds(value, &who->seconds)) {
            cli_fail("%s: --tl wants seconds above 0 and up to 1e6, not '%s'", command, value);
            return -1;
        }
        return 1;
    case 'M':
    case 'O':
        if (!cli_parse_mib(value, c == 'M' ? &who->memory : &who->output)) {
            cli_fail("%s: --%s wants MiB from 1 to 1048576, not '%s'", command,
                     c == 'M' ? "ml" : "ol", value);
            return -1;
        }
        return 1;
    case 'S':
        who->check.strict = true;
        return 1;
    default:
        return 0;
    }
}

int cli_program_start(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--") == 0)
            return i;
    return -1;
}

bool cli_contestant_find(const char *command, cli_contestant *who, char **argv)
{
    who->argv = argv;
    who->path = cli_run_resolve(argv[0]);
    if (!who->path) {
        int e = errno;
        /* a name without '/' is looked for in PATH, as a shell does: the program beside the
         * setter, "sol" for "./sol", is the likely meaning */
        char here[4096];
        bool beside = e == ENOENT && !strchr(argv[0], '/') &&
                      snprintf(here, sizeof here, "./%s", argv[0]) < (int)sizeof here &&
                      access(here, X_OK) == 0;
        cli_fail("%s: cannot run '%s': %s%s%s%s", command, argv[0], strerror(e),
                 beside ? " (did you mean " : "", beside ? here : "", beside ? "?)" : "");
        return false;
    }
    /* now, before tests are read and workers start: the launcher is a copy of this process */
    if (!cli_run_start()) {
        cli_fail("%s: cannot start the launcher of programs: %s", command, strerror(errno));
        free(who->path);
        who->path = NULL;
        return false;
    }
    char why[160];
    if (who->sandbox && !cli_run_sandbox_probe(why, sizeof why)) {
        cli_fail("%s: no sandbox here (%s): programs run with the judge's files, processes and "
                 "network, as with --no-sandbox", command, why);
        who->sandbox = false;
    }
    return true;
}

/* ---- files ---------------------------------------------------------------------------------- */

bool cli_write_in_dir(const char *dir, const char *name, const char *data, size_t len,
                      FILE *from)
{
    char path[4096];
    if (snprintf(path, sizeof path, "%s/%s", dir, name) >= (int)sizeof path) {
        errno = ENAMETOOLONG;
        return false;
    }
    FILE *f = fopen(path, "wb");
    if (!f)
        return false;
    bool ok = true;
    if (data) {
        ok = fwrite(data, 1, len, f) == len;
    } else if (from) { /* the program's output, from its spool */
        char buf[65536];
        size_t got;
        rewind(from);
        while (ok && (got = fread(buf, 1, sizeof buf, from)) > 0)
            ok = fwrite(buf, 1, got, f) == got;
        ok = ok && !ferror(from);
    }
    int e = errno;
    if (fclose(f) != 0 && ok) {
        ok = false;
        e = errno;
    }
    errno = e;
    return ok;
}

void cli_note_default_format(const char *command, const ojd_profile *format,
                             const char *first_input)
{
    if (format)
        return;
    if (!first_input) {
        cli_fail("%s: no --format: the tests and the answers are one puzzle per line (the line "
                 "profile); a judge's is --format NAME (see 'ojdoku formats')", command);
        return;
    }
    /* the profile the first test is written for, as the library tells it from its first case */
    const ojd_profile *like = NULL;
    FILE *in = fopen(first_input, "rb");
    ojd_reader *reader = in ? ojd_reader_new(in, first_input, NULL) : NULL;
    ojd_puzzle *puzzle = malloc(sizeof *puzzle);
    ojd_error err;
    if (reader && puzzle && ojd_reader_next(reader, puzzle, &err) == OJD_OK)
        like = ojd_profile_detect(puzzle);
    free(puzzle);
    ojd_reader_free(reader);
    if (in)
        fclose(in);
    if (like)
        cli_fail("%s: no --format: each output must mirror its test's input; the tests are "
                 "written as %s's input (--format %s)", command, ojd_profile_name(like),
                 ojd_profile_name(like));
    else
        cli_fail("%s: no --format: each output must mirror its test's input; a judge's is "
                 "--format NAME (see 'ojdoku formats')", command);
}

/* ---- text ---------------------------------------------------------------------------------- */

static void put_file(void *out, const char *bytes, size_t n) { fwrite(bytes, 1, n, out); }

void cli_json_string(FILE *out, const char *s, size_t n)
{
    ojd_json_string(s, n, OJD_JSON_UTF8, put_file, out);
}

void cli_print_stderr(FILE *out, const cli_run_result *run, const char *indent, int max_lines)
{
    const char *p = run->err, *end = run->err + run->err_len;
    if (!p || p == end)
        return;
    int lines = 0;
    while (p < end && lines < max_lines) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
        fprintf(out, "%s| ", indent);
        for (size_t i = 0; i < n && i < 200; i++) /* one line is a line: no control bytes */
            putc((unsigned char)p[i] >= 0x20 && p[i] != 0x7f ? p[i] : '?', out);
        fprintf(out, "%s\n", n > 200 ? "..." : "");
        lines++;
        p = nl ? nl + 1 : end;
    }
    unsigned long long more = (unsigned long long)(end - p) + run->err_dropped;
    if (more)
        fprintf(out, "%s| ... %llu more byte%s on stderr\n", indent, more, more == 1 ? "" : "s");
}

bool cli_colour_wanted(FILE *out)
{
    const char *no = getenv("NO_COLOR");
    return isatty(fileno(out)) && !(no && *no);
}

const char *cli_verdict_colour(cli_verdict verdict)
{
    switch (verdict) {
    case CLI_AC: return "\033[32m";
    case CLI_WA: return "\033[31m";
    case CLI_FAIL: return "\033[1;31m";
    case CLI_PE: return "\033[33m";
    default: return "\033[35m";
    }
}
