/*
 * cmd_package.c -- `ojdoku package`: what a contest system needs for a judge problem, written
 * from the installed binary alone.
 *
 *   --validator KIND   one self-contained C file: `#define OJD_PROFILE "ID"`, the amalgamation
 *                      of the check layer and the layers below it (src/amalg/amalgamate.sh), and
 *                      the main of one judge convention (src/amalg/main_KIND.c); both are built
 *                      into the binary (package.h), so a judge host compiles the file with a
 *                      plain C compiler and needs nothing of ojdoku.
 *   --layout LAYOUT    a whole problem package in DIR, made of the same pieces: the layout's
 *                      metadata, tests and their answers, the validators, a reference solution
 *                      and a statement skeleton.  Kattis's (problemtools') layout only, so far.
 *
 * The validators' mains are the rows of kinds[], each named after its convention; the
 * amalgamation and the tests come from the library, never from another command's code.
 */
#include "cli.h"
#include "cli/package.h"

#include <dirent.h>
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* A validator kind: the row of cli_validator_mains[] it names, the file a DIR gets, and what it
 * is, for --help and for the banner of the file. */
typedef struct validator_kind {
    const char *kind;
    const char *file;
    const char *what;
} validator_kind;

static const validator_kind kinds[] = {
    {"kattis-output", "output_validator.c", "Kattis/DOMjudge output validator"},
    {"kattis-input", "input_validator.c", "Kattis/DOMjudge input validator"},
    {"testlib-checker", "check.c", "testlib (Polygon) checker"},
    {"testlib-validator", "validator.c", "testlib (Polygon) validator"},
    {"hustoj-spj", "spj.c", "HUSTOJ special judge"},
    {"solution", "solution.c", "reference solution"},
    {NULL, NULL, NULL},
};

#define DEFAULT_TESTS 5UL
#define MAX_TESTS 1000UL
#define CASES_PER_TEST 4UL

static void package_usage(FILE *out)
{
    fputs("Usage: ojdoku package --format=ID --validator=KIND [DIR]\n"
          "       ojdoku package --format=ID --layout=kattis [--tests=N] [--seed=S] DIR\n"
          "Write what a contest system needs for judge problem ID (see 'ojdoku formats'),\n"
          "from this binary alone.\n"
          "With --validator, one self-contained C11 file: the checking and validating\n"
          "code of ojdoku in one piece (an amalgamation, as SQLite ships) with ID built\n"
          "in and the main of one judge convention, to compile on the judge host with\n"
          "'cc -std=c11 -O2 FILE -lm' and nothing of ojdoku installed.  To standard\n"
          "output, or into DIR under the kind's file name.  KIND is one of:\n"
          "  kattis-output      output validator.c: INPUT ANSWER FEEDBACK_DIR < OUTPUT,\n"
          "                     exit 42 accepted, 43 wrong (judgemessage.txt,\n"
          "                     teammessage.txt)\n"
          "  kattis-input       input_validator.c: test input on stdin, exit 42 valid, 43\n"
          "                     invalid\n"
          "  testlib-checker    check.c: INPUT OUTPUT ANSWER [RESULT [-appes]], exit 0 ok,\n"
          "                     1 wrong answer, 2 presentation error, 3 failure\n"
          "  testlib-validator  validator.c: test input on stdin, exit 0 valid, 3 invalid\n"
          "  hustoj-spj         spj.c: INPUT ANSWER USER_OUTPUT, exit 0 accepted, 1 wrong\n"
          "  solution           solution.c: reads a test on stdin, answers on stdout as\n"
          "                     'ojdoku solve --format ID' does\n"
          "Each verdict is the one 'ojdoku check' (or 'ojdoku validate --input') gives.\n"
          "With --layout=kattis, a problem package in DIR (created; it must not exist or\n"
          "be empty) in the Kattis problem package format: problem.yaml, data/sample\n"
          "(the statement's sample), data/secret (N generated tests and their answers,\n"
          "every kind of case the statement allows), output_validators/,\n"
          "input_validators/, submissions/accepted/ and\n"
          "problem_statement/problem.en.tex.\n"
          "\n"
          "Options:\n"
          "  -f, --format=ID      the judge problem (required)\n"
          "      --validator=KIND write one validator (see above)\n"
          "      --layout=LAYOUT  write a package: kattis (domjudge, polygon and hustoj\n"
          "                       are not written yet)\n"
          "  -n, --tests=N        secret tests of a package (default 5, at most 1000)\n"
          "      --seed=S         the generator's seed (default: from the clock, said on\n"
          "                       stderr)\n"
          "  -h, --help           print this help and exit\n"
          "\n"
          "Exit status: 0 written, 1 the tests of a package could not be made valid for\n"
          "ID, 2 usage or I/O error.\n",
          out);
}

static const validator_kind *find_kind(const char *name)
{
    for (const validator_kind *k = kinds; k->kind; k++)
        if (strcmp(k->kind, name) == 0)
            return k;
    return NULL;
}

static const cli_validator_main *main_of(const validator_kind *k)
{
    for (const cli_validator_main *m = cli_validator_mains; m->kind; m++)
        if (strcmp(m->kind, k->kind) == 0)
            return m;
    return NULL;
}

/* Writes the validator of kind k for format to out; false on a write error (errno set). */
static bool write_validator(FILE *out, const validator_kind *k, const ojd_format *format)
{
    const cli_validator_main *m = main_of(k);
    if (!m) { /* the table and src/amalg/ disagree: a build fault, said plainly */
        errno = ENOENT;
        return false;
    }
    const char *id = ojd_format_name(format);
    fprintf(out,
            "/*\n"
            " * %s for judge problem %s, written by ojdoku %s:\n"
            " *     ojdoku package --format %s --validator %s\n"
            " * One self-contained C11 file (C standard library and POSIX only): the checking\n"
            " * and validating code of ojdoku, as one amalgamation, and the main of the\n"
            " * convention (%s) at the end.  Compile it with\n"
            " *     cc -std=c11 -O2 -o %.*s %s -lm\n"
            " */\n"
            "#define OJD_PROFILE \"%s\"\n\n",
            k->what, id, ojd_version(), id, k->kind, m->source,
            (int)(strlen(k->file) - 2), k->file, k->file, id);
    fputs(cli_amalgamation, out);
    fprintf(out, "\n/* ======== %s ======== */\n", m->source);
    fputs(m->text, out);
    return !ferror(out);
}

/* ---- files of a package ---------------------------------------------------------------- */

/* Makes directory path and every missing parent; false with errno set. */
static bool make_dirs(const char *path)
{
    char buf[4096];
    size_t n = strlen(path);
    if (n >= sizeof buf) {
        errno = ENAMETOOLONG;
        return false;
    }
    memcpy(buf, path, n + 1);
    for (char *p = buf + 1; ; p++) {
        if (*p == '/' || *p == '\0') {
            char c = *p;
            *p = '\0';
            if (mkdir(buf, 0777) != 0 && errno != EEXIST)
                return false;
            *p = c;
            if (c == '\0')
                break;
        }
    }
    return true;
}

/* A file of the package being written: path DIR/NAME, the stream open on it. */
typedef struct package_file {
    char path[4096];
    FILE *file;
} package_file;

/* Opens dir/sub/name for writing, making dir/sub; false after saying why. */
static bool open_file(package_file *f, const char *dir, const char *sub, const char *name)
{
    size_t folder_length = strlen(dir) + (sub[0] ? 1 + strlen(sub) : 0);
    if (folder_length + 1 + strlen(name) >= sizeof f->path) {
        cli_fail("package: %s: %s", dir, strerror(ENAMETOOLONG));
        return false;
    }
    snprintf(f->path, sizeof f->path, "%s%s%s", dir, sub[0] ? "/" : "", sub);
    if (!make_dirs(f->path)) {
        cli_fail("package: %s: %s", f->path, strerror(errno));
        return false;
    }
    f->path[folder_length] = '/';
    strcpy(f->path + folder_length + 1, name); /* fits: measured above */
    f->file = fopen(f->path, "w");
    if (!f->file) {
        cli_fail("package: %s: %s", f->path, strerror(errno));
        return false;
    }
    return true;
}

/* Closes a file opened by open_file(); false after saying why when a write failed. */
static bool close_file(package_file *f)
{
    bool failed = ferror(f->file) != 0;
    int err = errno;
    if (fclose(f->file) != 0 && !failed) {
        failed = true;
        err = errno;
    }
    f->file = NULL;
    if (failed)
        cli_fail("package: %s: %s", f->path, strerror(err ? err : EIO));
    return !failed;
}

/* Writes text into dir/sub/name; false after saying why. */
static bool write_text(const char *dir, const char *sub, const char *name, const char *text)
{
    package_file f;
    if (!open_file(&f, dir, sub, name))
        return false;
    fputs(text, f.file);
    return close_file(&f);
}

static bool write_validator_file(const char *dir, const char *sub, const char *name,
                                 const validator_kind *k, const ojd_format *format)
{
    package_file f;
    if (!open_file(&f, dir, sub, name))
        return false;
    if (!write_validator(f.file, k, format)) {
        fclose(f.file);
        cli_fail("package: %s: %s", f.path, strerror(errno));
        return false;
    }
    return close_file(&f);
}

/* ---- tests ------------------------------------------------------------------------------- */

/* The kinds of case ID's judge input may hold, in ojd_outcome order. */
static int allowed_kinds(const ojd_format *format, ojd_outcome out[OJD_OUTCOME_COUNT_])
{
    unsigned kinds_mask = ojd_format_kinds(format);
    int n = 0;
    for (int k = 0; k < OJD_OUTCOME_COUNT_; k++)
        if (kinds_mask & OJD_KIND_BIT(k))
            out[n++] = (ojd_outcome)k;
    return n;
}

/* The generator's options for a case of ID: its side (the profile's, else 9 where that is
 * allowed, else its smallest), its blanks (complete grids, or exactly the profile's count). */
static ojd_generate_options case_options(const ojd_format *format)
{
    ojd_generate_options opt = {.grade = OJD_GRADE_ANY};
    int lo, hi;
    ojd_format_sides(format, &lo, &hi);
    int side = ojd_format_side(format);
    if (side <= 0)
        side = (lo == 0 || (lo <= 9 && 9 <= hi)) ? 9 : lo;
    opt.side = side;
    int blanks = ojd_format_blanks(format);
    if (blanks == OJD_NO_BLANKS)
        opt.solved = true;
    else if (blanks > 0)
        opt.clues = side * side - blanks;
    return opt;
}

/* The answer of a test: what the reference solution writes for it (reader, engine, writer, as
 * src/amalg/main_solution.c does), so that the package's answers are its solution's output.
 * OJD_OK; the status of a case that could not be answered (a count past the search budget, an
 * outcome the profile has no words for), or of a read or write failure. */
static ojd_status write_answer(const char *input_path, FILE *out, const ojd_format *format,
                               ojd_engine *engine)
{
    FILE *in = fopen(input_path, "r");
    if (!in)
        return OJD_ERR_IO;
    ojd_reader *reader = ojd_reader_new(in, input_path, format);
    ojd_writer *writer = reader ? ojd_writer_new(out, format, NULL) : NULL;
    static ojd_puzzle puzzle;
    static ojd_result result;
    ojd_error error;
    ojd_status status = writer ? OJD_OK : OJD_ERR_NOMEM;
    while (status == OJD_OK && (status = ojd_reader_next(reader, &puzzle, &error)) == OJD_OK) {
        ojd_search search = {.limit = 1, .max_nodes = 10000000ULL};
        ojd_format_search(ojd_format_effective(format, &puzzle.layout), 0, &search);
        ojd_status solved = ojd_engine_solve(engine, &puzzle.board, &search, &result);
        status = ojd_writer_answer(writer, &puzzle, solved, &result);
    }
    if (status == OJD_END)
        status = writer && ojd_writer_finish(writer) == OJD_OK ? OJD_OK : OJD_ERR_IO;
    ojd_writer_free(writer);
    ojd_reader_free(reader);
    fclose(in);
    return status;
}

/* Is the test at path valid for format, by the same validator the package ships? */
static bool test_is_valid(const char *path, const ojd_format *format)
{
    FILE *in = fopen(path, "r");
    if (!in)
        return false;
    ojd_validate_options opt = {.max_nodes = 10000000ULL};
    ojd_status st = ojd_validate_input(in, format, &opt, NULL, NULL, NULL);
    fclose(in);
    return st == OJD_OK;
}

typedef enum test_outcome { TEST_WRITTEN, TEST_UNFIT, TEST_FAILED } test_outcome;

/* Writes data/SUB/NAME.in holding the n boards, checks it with the input validator, and
 * writes NAME.ans.  TEST_UNFIT (both files removed, *why set) for a test the validator rejects
 * or the reference solution cannot answer; TEST_FAILED after saying why (a write failure). */
static test_outcome write_test(const char *dir, const char *sub, const char *name,
                               const ojd_board *boards,
                               size_t n, const ojd_format *format, ojd_engine *engine,
                               const char **why)
{
    char file[64];
    package_file in, ans;
    snprintf(file, sizeof file, "%s.in", name);
    if (!open_file(&in, dir, sub, file))
        return TEST_FAILED;
    ojd_status written = ojd_write_puzzles(in.file, format, boards, n);
    if (!close_file(&in))
        return TEST_FAILED;
    if (written != OJD_OK) {
        cli_fail("package: %s: %s", in.path, ojd_strerror(written));
        return TEST_FAILED;
    }
    snprintf(file, sizeof file, "%s.ans", name);
    if (!test_is_valid(in.path, format)) {
        *why = "the input validator rejects it";
        remove(in.path);
        return TEST_UNFIT;
    }
    if (!open_file(&ans, dir, sub, file))
        return TEST_FAILED;
    ojd_status answered = write_answer(in.path, ans.file, format, engine);
    if (!close_file(&ans))
        return TEST_FAILED;
    if (answered == OJD_ERR_IO || answered == OJD_ERR_NOMEM) {
        cli_fail("package: %s: %s", ans.path, ojd_strerror(answered));
        return TEST_FAILED;
    }
    if (answered != OJD_OK) {
        *why = "the reference solution cannot answer it";
        remove(in.path);
        remove(ans.path);
        return TEST_UNFIT;
    }
    return TEST_WRITTEN;
}

/*
 * data/secret: count tests NN of up to CASES_PER_TEST cases each (the profile's most cases per
 * input, where it has one), the kinds of case the statement allows taken in turn (a unique
 * puzzle, then one with several solutions, ...); then the edge cases setters add by hand, one
 * test each (edge-empty, edge-full, edge-17-clue, edge-hardest), those the statement allows:
 * every test is checked by the input validator and answered by the reference solution's code
 * before it is kept.  An edge case that does not fit is left out, said on stderr as generate
 * says it; a generated test that does not fit is a failure (exit 1: a profile whose tests this
 * cannot make yet).  false after saying why.
 */
static bool write_secret(const char *dir, const ojd_format *format, unsigned long count,
                         unsigned long long seed, int *status)
{
    ojd_outcome allowed[OJD_OUTCOME_COUNT_];
    int nallowed = allowed_kinds(format, allowed);
    if (nallowed == 0)
        allowed[nallowed++] = OJD_OUTCOME_SOLVED;
    unsigned long per_test = ojd_format_max_cases(format);
    if (per_test == 0 || per_test > CASES_PER_TEST)
        per_test = CASES_PER_TEST;
    ojd_generate_options opt = case_options(format);
    ojd_generator *gen = ojd_generator_new();
    ojd_engine *engine = ojd_engine_new(NULL);
    ojd_board *boards = malloc(per_test * sizeof *boards);
    bool ok = gen && engine && boards;
    if (!ok)
        cli_fail("package: %s", strerror(ENOMEM));
    ojd_rng rng;
    ojd_rng_seed(&rng, seed);
    unsigned long made = 0;
    const char *why = "";
    for (unsigned long t = 1; ok && t <= count; t++) {
        for (unsigned long c = 0; ok && c < per_test; c++, made++) {
            ojd_kind_options kind = {.kind = allowed[made % (unsigned long)nallowed]};
            ojd_status st = ojd_generate_kind(gen, &rng, &opt, &kind, &boards[c], NULL, NULL);
            if (st != OJD_OK && st != OJD_LIMIT) {
                cli_fail("package: cannot make a %s case for %s: %s",
                         ojd_kind_name(kind.kind), ojd_format_name(format), ojd_strerror(st));
                *status = CLI_EXIT_UNANSWERED;
                ok = false;
            }
        }
        char name[32];
        snprintf(name, sizeof name, "%02lu", t);
        switch (ok ? write_test(dir, "data/secret", name, boards, per_test, format,
                              engine, &why)
                   : TEST_FAILED) {
        case TEST_WRITTEN:
            break;
        case TEST_UNFIT:
            cli_fail("package: test %s of %s: %s: tests for this profile cannot be made yet",
                     name, ojd_format_name(format), why);
            *status = CLI_EXIT_UNANSWERED;
            ok = false;
            break;
        case TEST_FAILED:
            ok = false;
            break;
        }
    }
    for (int e = 0; ok && e < OJD_EDGE_COUNT_; e++) {
        ojd_edge edge = (ojd_edge)e;
        char name[32];
        snprintf(name, sizeof name, "edge-%s", ojd_edge_name(edge));
        bool kind_allowed = false;
        for (int k = 0; k < nallowed; k++)
            kind_allowed |= allowed[k] == ojd_edge_kind(edge);
        if (!kind_allowed) {
            cli_fail("package: skipped '%s': the statement has no case of kind %s",
                     name, ojd_kind_name(ojd_edge_kind(edge)));
            continue;
        }
        if (ojd_generate_edge(gen, &rng, opt.side, edge, &boards[0], NULL) != OJD_OK) {
            cli_fail("package: skipped '%s': none for a side of %d", name, opt.side);
            continue;
        }
        switch (write_test(dir, "data/secret", name, boards, 1, format, engine, &why)) {
        case TEST_WRITTEN:
            break;
        case TEST_UNFIT:
            cli_fail("package: skipped '%s': %s", name, why);
            break;
        case TEST_FAILED:
            ok = false;
            break;
        }
    }
    free(boards);
    ojd_engine_free(engine);
    ojd_generator_free(gen);
    return ok;
}

/* ---- the Kattis layout ----------------------------------------------------------------- */

/* Writes text into a LaTeX file with the characters LaTeX treats as commands escaped. */
static void put_latex(FILE *out, const char *text)
{
    for (const char *p = text; *p; p++) {
        switch (*p) {
        case '\\': fputs("\\textbackslash{}", out); break;
        case '{': case '}': case '$': case '&': case '#': case '_': case '%':
            fprintf(out, "\\%c", *p);
            break;
        case '^': fputs("\\^{}", out); break;
        case '~': fputs("\\~{}", out); break;
        default: putc(*p, out); break;
        }
    }
}

/* Writes text as a double-quoted YAML scalar. */
static void put_yaml(FILE *out, const char *text)
{
    putc('"', out);
    for (const char *p = text; *p; p++) {
        if (*p == '"' || *p == '\\')
            putc('\\', out);
        putc(*p, out);
    }
    putc('"', out);
}

static const cli_sample *sample_for(const ojd_format *format)
{
    for (const cli_sample *s = cli_samples; s->name; s++)
        if (strcmp(s->name, ojd_format_name(format)) == 0)
            return s;
    return NULL;
}

#define MAX_SAMPLE_CASES 64

/*
 * data/sample/1.in and 1.ans: the statement's sample as published (built in: `ojdoku formats
 * ID`), when the input validator accepts it.  Some published samples break their own
 * statement's grammar (trailing spaces, a missing blank line between cases): those are written
 * again, their puzzles in the judge's exact grammar and answered by the reference solution's
 * code, and said on stderr, since every test of a package must pass its input validator.
 * false after saying why.
 */
static bool write_sample(const char *dir, const ojd_format *format)
{
    const cli_sample *sample = sample_for(format);
    if (!sample)
        return true;
    ojd_reader *reader = ojd_reader_new_mem(sample->input, strlen(sample->input), "sample",
                                            format);
    bool valid = false;
    FILE *mem = fmemopen((void *)sample->input, strlen(sample->input), "r");
    if (mem) {
        ojd_validate_options opt = {.max_nodes = 10000000ULL};
        valid = ojd_validate_input(mem, format, &opt, NULL, NULL, NULL) == OJD_OK;
        fclose(mem);
    }
    if (valid) {
        ojd_reader_free(reader);
        return write_text(dir, "data/sample", "1.in", sample->input) &&
               write_text(dir, "data/sample", "1.ans", sample->output);
    }
    static ojd_board boards[MAX_SAMPLE_CASES];
    static ojd_puzzle puzzle;
    size_t n = 0;
    ojd_error error;
    while (reader && n < MAX_SAMPLE_CASES && ojd_reader_next(reader, &puzzle, &error) == OJD_OK)
        boards[n++] = puzzle.board;
    ojd_reader_free(reader);
    ojd_engine *engine = ojd_engine_new(NULL);
    const char *why = "";
    test_outcome written = n && engine ? write_test(dir, "data/sample", "1", boards, n, format,
                                                    engine, &why)
                                       : TEST_UNFIT;
    ojd_engine_free(engine);
    if (written == TEST_WRITTEN)
        cli_fail("package: the published sample breaks the statement's input grammar: written "
                 "again in it, and answered");
    else if (written == TEST_UNFIT)
        cli_fail("package: skipped the sample: it breaks the statement's input grammar%s%s",
                 why[0] ? ", and written again, " : "", why);
    return written != TEST_FAILED;
}

/*
 * The Kattis problem package format (problemtools' verifyproblem reads it): problem.yaml with a
 * custom output validator, data/sample (the statement's own sample, built in), data/secret,
 * output_validators/ and input_validators/ (the emitted C, one folder each), submissions/
 * accepted/ (the reference solution) and problem_statement/problem.en.tex.  Returns the exit
 * status.
 */
static int write_kattis(const char *dir, const ojd_format *format, unsigned long tests,
                        unsigned long long seed)
{
    const char *id = ojd_format_name(format);
    const char *title = ojd_format_title(format);
    const char *url = ojd_format_url(format);
    package_file f;
    if (!open_file(&f, dir, "", "problem.yaml"))
        return CLI_EXIT_USAGE;
    fprintf(f.file, "# Written by ojdoku %s: ojdoku package --format %s --layout kattis\n"
            "source: ", ojd_version(), id);
    put_yaml(f.file, title && title[0] ? title : id);
    if (url && url[0]) {
        fputs("\nsource_url: ", f.file);
        put_yaml(f.file, url);
    }
    fputs("\nlicense: unknown\n"
          "rights_owner: \"the setter\"\n"
          "validation: custom\n"
          "limits:\n"
          "  # KiB: the reference solution is ojdoku's amalgamation (about 500 KiB) and a main\n"
          "  code: 1024\n", f.file);
    if (!close_file(&f))
        return CLI_EXIT_USAGE;
    if (!write_sample(dir, format))
        return CLI_EXIT_USAGE;
    if (!write_validator_file(dir, "output_validators/ojdoku", "output_validator.c",
                              find_kind("kattis-output"), format) ||
        !write_validator_file(dir, "input_validators/ojdoku", "input_validator.c",
                              find_kind("kattis-input"), format) ||
        !write_validator_file(dir, "submissions/accepted", "solution.c", find_kind("solution"),
                              format))
        return CLI_EXIT_USAGE;

    if (!open_file(&f, dir, "problem_statement", "problem.en.tex"))
        return CLI_EXIT_USAGE;
    fputs("\\problemname{", f.file);
    put_latex(f.file, title && title[0] ? title : id);
    /* the task differs from profile to profile (solve, count, classify, ...): the skeleton
     * states only what the profile knows, its input and output rules */
    fprintf(f.file, "}\n\n%% Written by ojdoku package --format %s: the story is yours.\n"
            "The input and the output are those of judge problem %s", id, id);
    if (url && url[0]) {
        fputs(" (\\texttt{", f.file);
        put_latex(f.file, url);
        fputs("})", f.file);
    }
    fputs(".\n\n\\section*{Input and output}\n\n\\begin{verbatim}\n", f.file);
    char rules[4096];
    ojd_format_rules(format, rules, sizeof rules);
    fputs(rules, f.file); /* verbatim: no escaping */
    fputs("\\end{verbatim}\n", f.file);
    if (!close_file(&f))
        return CLI_EXIT_USAGE;

    int status = CLI_EXIT_OK;
    if (!write_secret(dir, format, tests, seed, &status))
        return status == CLI_EXIT_OK ? CLI_EXIT_USAGE : status;
    return CLI_EXIT_OK;
}

/* Is dir absent or an empty directory?  A package is never written over other files. */
static bool fresh_dir(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return errno == ENOENT;
    bool empty = true;
    for (struct dirent *e; empty && (e = readdir(d)) != NULL;)
        empty = strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0;
    closedir(d);
    return empty;
}

int cmd_package(int argc, char **argv)
{
    static const struct option longs[] = {
        {"format", required_argument, NULL, 'f'},
        {"validator", required_argument, NULL, 'V'},
        {"layout", required_argument, NULL, 'L'},
        {"tests", required_argument, NULL, 'n'},
        {"seed", required_argument, NULL, 'S'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    const ojd_format *format = NULL;
    const validator_kind *kind = NULL;
    const char *layout = NULL;
    unsigned long tests = DEFAULT_TESTS;
    unsigned long long seed = 0, number;
    bool seeded = false;
    char why[CLI_MESSAGE_SIZE];
    int c;
    opterr = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, ":f:n:h", longs, NULL)) != -1) {
        switch (c) {
        case 'f':
            format = cli_find_format(optarg, why, sizeof why);
            if (!format) {
                cli_fail("%s", why);
                return CLI_EXIT_USAGE;
            }
            break;
        case 'V':
            kind = find_kind(optarg);
            if (!kind) {
                cli_fail("package: --validator wants kattis-output, kattis-input, "
                         "testlib-checker, testlib-validator, hustoj-spj or solution, not '%s'",
                         optarg);
                return CLI_EXIT_USAGE;
            }
            break;
        case 'L':
            layout = optarg;
            break;
        case 'n':
            if (!cli_parse_number(optarg, MAX_TESTS, &number) || number == 0) {
                cli_fail("package: --tests wants a number from 1 to %lu, not '%s'", MAX_TESTS,
                         optarg);
                return CLI_EXIT_USAGE;
            }
            tests = (unsigned long)number;
            break;
        case 'S':
            if (!cli_parse_number(optarg, ULLONG_MAX, &seed)) {
                cli_fail("package: --seed wants a whole number, not '%s'", optarg);
                return CLI_EXIT_USAGE;
            }
            seeded = true;
            break;
        case 'h':
            package_usage(stdout);
            return CLI_EXIT_OK;
        case ':':
        default:
            return cli_option_error("package", longs, c, optopt, optind, argv);
        }
    }
    int operands = argc - optind;
    if (!format) {
        cli_fail("package: --format ID names the judge problem (see 'ojdoku formats')");
        return CLI_EXIT_USAGE;
    }
    if (!kind == !layout) {
        cli_fail("package: give --validator KIND (one file) or --layout LAYOUT DIR (a "
                 "package), one of them");
        return CLI_EXIT_USAGE;
    }
    if (operands > 1 || (layout && operands != 1)) {
        cli_fail("package: expected %s", layout ? "one DIR" : "at most one DIR");
        return CLI_EXIT_USAGE;
    }
    const char *dir = operands ? argv[optind] : NULL;
    if (kind) {
        if (!dir) {
            if (!write_validator(stdout, kind, format))
                return cli_write_error(errno);
            return CLI_EXIT_OK;
        }
        return write_validator_file(dir, "", kind->file, kind, format) ? CLI_EXIT_OK
                                                                        : CLI_EXIT_USAGE;
    }
    if (strcmp(layout, "kattis") != 0) {
        bool known = strcmp(layout, "domjudge") == 0 || strcmp(layout, "polygon") == 0 ||
                     strcmp(layout, "hustoj") == 0;
        cli_fail("package: --layout %s%s", layout, known ? ": not written yet (kattis is)"
                                                         : ": wants kattis");
        return CLI_EXIT_USAGE;
    }
    if (ojd_format_grammar(format) == OJD_GRAMMAR_AUTO) {
        cli_fail("package: a package needs a judge's grammar: format '%s' reads any",
                 ojd_format_name(format));
        return CLI_EXIT_USAGE;
    }
    if (!fresh_dir(dir)) {
        cli_fail("package: %s: exists and is not an empty directory", dir);
        return CLI_EXIT_USAGE;
    }
    cli_seed("package", seeded, &seed);
    return write_kattis(dir, format, tests, seed);
}
