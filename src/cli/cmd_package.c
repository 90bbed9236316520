/*
 * cmd_package.c -- `ojdoku package`: what a contest system needs for a judge problem, written
 * from the installed binary alone (docs/package.md).
 *
 *   --validator KIND   one self-contained C file: the amalgamation of the check layer and the
 *                      layers below it (src/amalg/amalgamate.sh) and the main of one judge
 *                      convention (src/amalg/main_KIND.c, a row of kinds[]), both built in.
 *   --layout LAYOUT    a problem package in DIR, a row of layouts[]: metadata, tests and their
 *                      answers, validators, a reference solution and a statement skeleton.
 *
 * Everything comes from the library, never from another command's code.
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
#include <time.h>
#include <unistd.h>

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
#define MAX_TIME_LIMIT 3600UL

static void package_usage(FILE *out)
{
    fputs("Usage: ojdoku package --format=ID --validator=KIND [DIR]\n"
          "       ojdoku package --format=ID --layout=LAYOUT [--tests=N] [--seed=S]\n"
          "                      [--tl=SECONDS] DIR\n"
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
          "With --layout, a problem package in DIR (created; it must not exist or be\n"
          "empty): the statement's sample and N generated tests with their answers\n"
          "(every kind of case the statement allows, and edge cases), each checked by\n"
          "the input validator; the validators and a reference solution as above; a\n"
          "statement skeleton with the sample's first puzzle drawn as sample.svg; the\n"
          "time limit is 5 times the slowest reference run, in whole seconds, at least\n"
          "1 (--tl sets it); the memory limit 256 MB.  LAYOUT is one of:\n"
          "  kattis    problem.yaml, data/sample, data/secret, output_validators/,\n"
          "            input_validators/, submissions/accepted/, problem_statement/\n"
          "  domjudge  the same tree for DOMjudge's import (zip DIR's contents), with\n"
          "            domjudge-problem.ini (timelimit), a build script for the\n"
          "            output validator and problem.html (the statement)\n"
          "  polygon   problem.xml, tests/01 and tests/01.a, ..., files/check.c,\n"
          "            files/validator.c, files/olymp.sty, solutions/solution.c,\n"
          "            statements/english/\n"
          "  hustoj    one FPS XML file, DIR/ID.xml: the statement, the tests, the spj\n"
          "            and the solution\n"
          "\n"
          "Options:\n"
          "  -f, --format=ID      the judge problem (required)\n"
          "      --validator=KIND write one validator (see above)\n"
          "      --layout=LAYOUT  write a package: kattis, domjudge, polygon or hustoj\n"
          "  -n, --tests=N        generated tests of a package (default 5, at most 1000)\n"
          "      --seed=S         the generator's seed (default: from the clock, said on\n"
          "                       stderr)\n"
          "      --tl=SECONDS     the package's time limit, whole seconds (default:\n"
          "                       measured)\n"
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

/* package_profile(), which the mains ask for the problem's profile: the built-in named by
 * OJD_PROFILE, or a profile file's text carried in the file (--format FILE), parsed once. */
static void put_package_profile(FILE *out, const ojd_profile *format)
{
    fputs("\n/* ======== the problem's profile (ojdoku package) ======== */\n", out);
    if (ojd_profile_find(ojd_profile_name(format)) == format) {
        /* the catalogue's row itself (format.c's profile_ID, in the same file): no look-up by
         * name, so the lookup and the table of rows are left out where nothing else needs them */
        fprintf(out, "static const ojd_profile *package_profile(void)\n"
                "{\n    return &profile_%s;\n}\n", ojd_profile_name(format));
        return;
    }
    size_t len = ojd_profile_write(format, NULL, 0);
    char *text = malloc(len + 1);
    if (!text)
        return; /* the file then fails to compile: package_profile() is missing */
    ojd_profile_write(format, text, len + 1);
    fputs("static const char package_profile_text[] =\n    \"", out);
    for (const char *c = text; *c; c++) {
        if (*c == '\n')
            fputs(c[1] ? "\\n\"\n    \"" : "\\n", out);
        else if (*c == '"' || *c == '\\' || *c == '?')
            fprintf(out, "\\%c", *c);
        else
            fputc(*c, out);
    }
    fputs("\";\n"
          "static const ojd_profile *package_profile(void)\n"
          "{\n"
          "    static ojd_profile *parsed; /* the program's one profile, for its whole run */\n"
          "    if (!parsed)\n"
          "        parsed = ojd_profile_parse(package_profile_text, sizeof package_profile_text - "
          "1,\n                                   NULL, NULL);\n"
          "    return parsed;\n"
          "}\n", out);
    free(text);
}

/* For a profile whose grids are all 9x9, solver_fast.c's calls of the engine of every other
 * shape (solver_fast_large.c) and of the general solver of other sides ("mrv") are taken by
 * stubs, so that cli_package_trim() leaves those engines out (about 45 KB): solver_fast.c
 * takes a 3x3-box grid to its 9x9 bitboards and a 9x9 grid of other units to units9.c, never
 * to them.  The stubs have the amalgamation's form of a renamed file-local name (#define NAME
 * solver_fast_NAME ... #undef NAME, see src/amalg/amalgamate.sh) and answer as an engine out
 * of memory would, which no 9x9 grid meets. */
static const char nine_only_begin[] =
    "static void *solver_fast_ojd_fast_large_create(int box_rows, int box_cols)\n"
    "{\n    (void)box_rows, (void)box_cols;\n    return NULL;\n}\n"
    "static void solver_fast_ojd_fast_large_destroy(void *state) { (void)state; }\n"
    "static ojd_status solver_fast_ojd_fast_large_solve(void *state, const ojd_board *in,\n"
    "                                                   const ojd_search *search, ojd_result *out)\n"
    "{\n    (void)state, (void)in, (void)search, (void)out;\n    return OJD_ERR_NOMEM;\n}\n"
    "static void *nine_only_create(int box_rows, int box_cols)\n"
    "{\n    return solver_fast_ojd_fast_large_create(box_rows, box_cols);\n}\n"
    "static ojd_status nine_only_solve(void *state, const ojd_board *in, const ojd_search "
    "*search,\n                                  ojd_result *out)\n"
    "{\n    return solver_fast_ojd_fast_large_solve(state, in, search, out);\n}\n"
    "static const ojd_solver solver_fast_ojd_solver_mrv = {\n"
    "    .create = nine_only_create,\n"
    "    .destroy = solver_fast_ojd_fast_large_destroy,\n"
    "    .solve = nine_only_solve,\n"
    "};\n"
    "#define ojd_fast_large_create solver_fast_ojd_fast_large_create\n"
    "#define ojd_fast_large_destroy solver_fast_ojd_fast_large_destroy\n"
    "#define ojd_fast_large_solve solver_fast_ojd_fast_large_solve\n"
    "#define ojd_solver_mrv solver_fast_ojd_solver_mrv\n";
static const char nine_only_end[] = "#undef ojd_fast_large_create\n"
                                    "#undef ojd_fast_large_destroy\n"
                                    "#undef ojd_fast_large_solve\n"
                                    "#undef ojd_solver_mrv\n";

/* For a profile whose input carries no killer cages (no killer variant, a grammar that cannot
 * hold cages), solver_fast.c's calls of the killer engine (killer.c) are taken by stubs in the
 * same way, so that cli_package_trim() leaves it out: such a program never meets a board with
 * cages. */
static const char no_cages_begin[] =
    "static ojd_killer *solver_fast_ojd_killer_new(void) { return NULL; }\n"
    "static void solver_fast_ojd_killer_free(ojd_killer *k) { (void)k; }\n"
    "static ojd_status solver_fast_ojd_killer_solve(ojd_killer *k, const ojd_board *in,\n"
    "                                               const ojd_search *search, ojd_result *out)\n"
    "{\n    (void)k, (void)in, (void)search, (void)out;\n    return OJD_ERR_NOMEM;\n}\n"
    "#define ojd_killer_new solver_fast_ojd_killer_new\n"
    "#define ojd_killer_free solver_fast_ojd_killer_free\n"
    "#define ojd_killer_solve solver_fast_ojd_killer_solve\n";
static const char no_cages_end[] = "#undef ojd_killer_new\n"
                                   "#undef ojd_killer_free\n"
                                   "#undef ojd_killer_solve\n";

/* Whether a profile's input can hold killer cages: its variant, or the grammars that carry
 * them (the line form, and detection, which reads it and json). */
static bool may_hold_cages(const ojd_profile *format)
{
    ojd_grammar g = ojd_profile_grammar(format);
    return (ojd_profile_units(format) & OJD_UNITS_KILLER) || g == OJD_GRAMMAR_AUTO ||
           g == OJD_GRAMMAR_LINE;
}

/* The amalgamation with only the row of built-in profile id in its catalogue (none for a profile
 * file: id NULL).  A row of the generated table (build/gen/profiles.def, inlined twice by
 * format.c) is a line `OJD_CATALOGUE_ROW(ID, {` and the lines up to one that is `})`.  With
 * nine_only, solver_fast.c's part between the stubs above (amalgamate.sh's banners mark it). */
static void put_amalgamation(FILE *out, const char *id, bool nine_only, bool no_cages)
{
    static const char row[] = "OJD_CATALOGUE_ROW(";
    bool skipping = false;
    for (const char *line = cli_amalgamation; *line;) {
        const char *end = strchr(line, '\n');
        size_t n = end ? (size_t)(end - line) + 1 : strlen(line);
        if (!skipping && strncmp(line, row, sizeof row - 1) == 0) {
            const char *name = line + sizeof row - 1;
            size_t len = strcspn(name, ",");
            skipping = !id || strlen(id) != len || strncmp(name, id, len) != 0;
        }
        bool fast_begins = strncmp(line, "/* ======== src/solve/solver_fast.c ======== */", 47) == 0;
        if (nine_only && fast_begins)
            fputs(nine_only_begin, out);
        if (no_cages && fast_begins)
            fputs(no_cages_begin, out);
        if (!skipping)
            fwrite(line, 1, n, out);
        else if (strncmp(line, "})", 2) == 0 && (n == 2 || line[2] == '\n'))
            skipping = false;
        bool fast_ends =
            strncmp(line, "/* ======== end of src/solve/solver_fast.c ======== */", 54) == 0;
        if (nine_only && fast_ends)
            fputs(nine_only_end, out);
        if (no_cages && fast_ends)
            fputs(no_cages_end, out);
        line += n;
    }
}

/* Writes the validator of kind k for format to out; false on a write error (errno set).  The
 * program is `#define OJD_PROFILE`, the amalgamation, package_profile() and the main, cut by
 * cli_package_trim() to what the main needs, so that it fits a judge's source limit. */
static bool write_validator(FILE *out, const validator_kind *k, const ojd_profile *format)
{
    const cli_validator_main *m = main_of(k);
    if (!m) { /* the table and src/amalg/ disagree: a build fault, said plainly */
        errno = ENOENT;
        return false;
    }
    const char *id = ojd_profile_name(format);
    bool built_in = ojd_profile_find(id) == format;
    char *whole = NULL;
    size_t length = 0;
    FILE *mem = open_memstream(&whole, &length);
    if (!mem)
        return false;
    fprintf(mem, "#define OJD_PROFILE \"%s\"\n", id);
    /* cli_package_trim() keeps a static function whose name a local variable also has */
    fputs("#if defined(__GNUC__)\n#pragma GCC diagnostic ignored \"-Wunused-function\"\n#endif\n",
          mem);
    fputs(cli_amalgamation_prelude, mem);
    put_amalgamation(mem, built_in ? id : NULL, ojd_profile_side(format) == 9,
                     !may_hold_cages(format));
    put_package_profile(mem, format);
    fputs(m->text, mem);
    bool ok = fclose(mem) == 0;
    size_t size = 0;
    /* what the profile rules out; a validator's main is the one that validates */
    const char *stubs[CLI_PACKAGE_STUBS];
    size_t n_stubs = cli_package_stubs(format, strstr(m->text, "ojd_validate_input(") != NULL,
                                       stubs, CLI_PACKAGE_STUBS);
    /* only a checker opens a memory stream (check.c): the others need no Windows emulation of
     * it (portable.h) */
    if (!strstr(m->text, "ojd_check_stream(") && n_stubs + 1 < CLI_PACKAGE_STUBS) {
        stubs[n_stubs++] = "#OJD_PORTABLE_MEMSTREAM";
        stubs[n_stubs] = NULL;
    }
    char *program = ok ? cli_package_trim(whole, length, stubs, &size) : NULL;
    free(whole);
    if (!program) {
        if (ok)
            errno = ENOMEM;
        return false;
    }
    fprintf(out,
            "/*\n"
            " * %s for judge problem %s, written by ojdoku %s:\n"
            " *     ojdoku package --format %s --validator %s\n"
            " * One self-contained C11 file (C standard library, POSIX or Windows): the checking\n"
            " * and validating code of ojdoku that this program uses (its amalgamation, cut to\n"
            " * what the main needs, without comments: read the sources for those), and the main\n"
            " * of the convention (%s) at the end.  Compile it with\n"
            " *     cc -std=c11 -O2 -o %.*s %s -lm\n"
            " */\n",
            k->what, id, ojd_version(), id, k->kind, m->source,
            (int)(strlen(k->file) - 2), k->file, k->file);
    fwrite(program, 1, size, out);
    free(program);
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
                                 const validator_kind *k, const ojd_profile *format)
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

/* ---- layouts ------------------------------------------------------------------------------ */

typedef enum layout_id { LAYOUT_KATTIS, LAYOUT_DOMJUDGE, LAYOUT_POLYGON, LAYOUT_HUSTOJ } layout_id;

/* Where a layout keeps its tests: the folders of the sample and of the rest, and the suffixes
 * of a test's input and answer.  A numbered layout names its tests 01, 02, ... in the order
 * they are kept, the sample first (Polygon's tests/01 and tests/01.a). */
typedef struct layout {
    const char *name;
    layout_id id;
    const char *sample_dir, *secret_dir;
    const char *in_suffix, *ans_suffix;
    bool numbered;
} layout;

static const layout layouts[] = {
    {"kattis", LAYOUT_KATTIS, "data/sample", "data/secret", ".in", ".ans", false},
    {"domjudge", LAYOUT_DOMJUDGE, "data/sample", "data/secret", ".in", ".ans", false},
    {"polygon", LAYOUT_POLYGON, "tests", "tests", "", ".a", true},
    /* FPS holds its tests in the XML: they are made in DIR/tests, read into it, removed */
    {"hustoj", LAYOUT_HUSTOJ, "tests", "tests", ".in", ".out", true},
    {NULL, LAYOUT_KATTIS, NULL, NULL, NULL, NULL, false},
};

static const layout *find_layout(const char *name)
{
    for (const layout *l = layouts; l->name; l++)
        if (strcmp(l->name, name) == 0)
            return l;
    return NULL;
}

/* A kept test: its name (without suffix) and whether it is the statement's sample. */
typedef struct package_test {
    char name[32];
    bool sample;
} package_test;

/* The package being written.  Invariant: tests[0..ntests) are the tests kept so far, in order,
 * each with both files on disk; slowest is the most CPU time the reference solution's code
 * took to answer one of the generated tests. */
typedef struct package {
    const char *dir;
    const ojd_profile *format;
    const layout *layout;
    package_test *tests;
    size_t ntests, capacity;
    double slowest;
    unsigned long time_limit; /* seconds: --tl, else from slowest (package_time_limit()) */
} package;

#define DEFAULT_MEMORY_MB 256
/* A time limit is TIME_MARGIN times the slowest reference run, in whole seconds, at least 1:
 * Kattis's default time_multiplier, so a correct program several times slower than ojdoku's
 * solver still passes and one that searches blindly does not. */
#define TIME_MARGIN 5.0

static unsigned long package_time_limit(const package *pkg)
{
    double limit = pkg->slowest * TIME_MARGIN;
    unsigned long seconds = (unsigned long)limit;
    if ((double)seconds < limit)
        seconds++;
    return seconds < 1 ? 1 : seconds;
}

static double cpu_seconds(void)
{
    struct timespec t;
    if (clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t) != 0)
        return 0;
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* ---- tests ------------------------------------------------------------------------------- */

/* The kinds of case ID's judge input may hold, in ojd_outcome order. */
static int allowed_kinds(const ojd_profile *format, ojd_outcome out[OJD_OUTCOME_COUNT_])
{
    unsigned kinds_mask = ojd_profile_kinds(format);
    int n = 0;
    for (int k = 0; k < OJD_OUTCOME_COUNT_; k++)
        if (kinds_mask & OJD_KIND_BIT(k))
            out[n++] = (ojd_outcome)k;
    return n;
}

/* The answer of a test: what the reference solution writes for it (reader, engine, writer, as
 * src/amalg/main_solution.c does), so that the package's answers are its solution's output.
 * OJD_OK; the status of a case that could not be answered (a count past the search budget, an
 * outcome the profile has no words for), or of a read or write failure. */
static ojd_status write_answer(const char *input_path, FILE *out, const ojd_profile *format,
                               ojd_engine *engine)
{
    FILE *in = fopen(input_path, "r");
    if (!in)
        return OJD_ERR_IO;
    ojd_reader *reader = ojd_reader_new(in, input_path, format);
    ojd_writer *writer = reader ? ojd_writer_new(out, format, NULL) : NULL;
    ojd_puzzle *puzzle = malloc(sizeof *puzzle); /* large: not on the stack */
    ojd_result *result = malloc(sizeof *result);
    ojd_error error;
    ojd_status status = writer && puzzle && result ? OJD_OK : OJD_ERR_NOMEM;
    while (status == OJD_OK && (status = ojd_reader_next(reader, puzzle, &error)) == OJD_OK) {
        ojd_search search = {.limit = 1, .max_nodes = 10000000ULL};
        ojd_profile_search(ojd_profile_effective(format, &puzzle->layout), 0, &search);
        ojd_status solved = ojd_engine_solve(engine, &puzzle->board, &search, result);
        status = cli_write_answer(writer, engine, format, puzzle, solved, result, &search);
    }
    if (status == OJD_END)
        status = ojd_writer_finish(writer) == OJD_OK ? OJD_OK : OJD_ERR_IO;
    free(result);
    free(puzzle);
    ojd_writer_free(writer);
    ojd_reader_free(reader);
    fclose(in);
    return status;
}

/* Is the test at path valid for format, by the same validator the package ships? */
static bool test_is_valid(const char *path, const ojd_profile *format)
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

/* Keeps name as the next test of pkg; false after saying why (no memory). */
static bool add_test(package *pkg, const char *name, bool sample)
{
    if (pkg->ntests == pkg->capacity) {
        size_t capacity = pkg->capacity ? 2 * pkg->capacity : 16;
        package_test *grown = realloc(pkg->tests, capacity * sizeof *grown);
        if (!grown) {
            cli_fail("package: %s", strerror(ENOMEM));
            return false;
        }
        pkg->tests = grown;
        pkg->capacity = capacity;
    }
    package_test *t = &pkg->tests[pkg->ntests++];
    snprintf(t->name, sizeof t->name, "%s", name);
    t->sample = sample;
    return true;
}

/* The name the next test of pkg gets: base, or its number in a numbered layout. */
static void test_name(const package *pkg, const char *base, char name[32])
{
    if (pkg->layout->numbered)
        snprintf(name, 32, "%02zu", pkg->ntests + 1);
    else
        snprintf(name, 32, "%s", base);
}

/* Writes the next test of pkg (named base, or numbered) holding the n boards into the layout's
 * sample or secret folder, checks it with the input validator, writes its answer, and keeps it
 * (add_test()).  The CPU time of answering a secret test goes into pkg->slowest.  TEST_UNFIT
 * (both files removed, *why set) for a test the validator rejects or the reference solution
 * cannot answer; TEST_FAILED after saying why (a write failure). */
static test_outcome write_test(package *pkg, bool sample, const char *base,
                               const ojd_board *boards, size_t n, ojd_engine *engine,
                               const char **why)
{
    const layout *l = pkg->layout;
    const char *sub = sample ? l->sample_dir : l->secret_dir;
    char name[32], file[64];
    test_name(pkg, base, name);
    package_file in, ans;
    snprintf(file, sizeof file, "%s%s", name, l->in_suffix);
    if (!open_file(&in, pkg->dir, sub, file))
        return TEST_FAILED;
    ojd_status written = ojd_write_puzzles(in.file, pkg->format, boards, n);
    if (!close_file(&in))
        return TEST_FAILED;
    if (written != OJD_OK) {
        cli_fail("package: %s: %s", in.path, ojd_strerror(written));
        return TEST_FAILED;
    }
    if (!test_is_valid(in.path, pkg->format)) {
        *why = "the input validator rejects it";
        remove(in.path);
        return TEST_UNFIT;
    }
    snprintf(file, sizeof file, "%s%s", name, l->ans_suffix);
    if (!open_file(&ans, pkg->dir, sub, file))
        return TEST_FAILED;
    double start = cpu_seconds();
    ojd_status answered = write_answer(in.path, ans.file, pkg->format, engine);
    double spent = cpu_seconds() - start;
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
    if (!sample && spent > pkg->slowest)
        pkg->slowest = spent;
    return add_test(pkg, name, sample) ? TEST_WRITTEN : TEST_FAILED;
}

/* What making the secret tests takes, from the first generated test to the last edge case:
 * the kinds of case the statement allows (taken in turn), the cases of one test and room for
 * their boards, one generator, engine and random sequence for all. */
typedef struct secret_maker {
    package *pkg;
    ojd_outcome allowed[OJD_OUTCOME_COUNT_];
    int nallowed;
    unsigned long per_test;
    ojd_generate_options opt;
    ojd_generator *gen;
    ojd_engine *engine;
    ojd_board *boards; /* per_test of them */
    ojd_rng rng;
    int *status;       /* CLI_EXIT_UNANSWERED when a generated test cannot be made */
} secret_maker;

/* Tests 01 to count, each of per_test cases; false after saying why (a test that does not fit
 * the statement is a failure: *m->status). */
static bool write_generated_tests(secret_maker *m, unsigned long count)
{
    const char *id = ojd_profile_name(m->pkg->format), *why = "";
    unsigned long made = 0;
    for (unsigned long t = 1; t <= count; t++) {
        for (unsigned long c = 0; c < m->per_test; c++, made++) {
            ojd_kind_options kind = {.kind = m->allowed[made % (unsigned long)m->nallowed]};
            ojd_status st =
                ojd_generate_kind(m->gen, &m->rng, &m->opt, &kind, &m->boards[c], NULL, NULL);
            if (st != OJD_OK && st != OJD_LIMIT) {
                cli_fail("package: cannot make a %s case for %s: %s", ojd_kind_name(kind.kind),
                         id, ojd_strerror(st));
                *m->status = CLI_EXIT_UNANSWERED;
                return false;
            }
        }
        char name[32];
        snprintf(name, sizeof name, "%02lu", t);
        switch (write_test(m->pkg, false, name, m->boards, m->per_test, m->engine, &why)) {
        case TEST_WRITTEN:
            break;
        case TEST_UNFIT:
            cli_fail("package: test %s of %s: %s: tests for this profile cannot be made yet",
                     name, id, why);
            *m->status = CLI_EXIT_UNANSWERED;
            return false;
        case TEST_FAILED:
            return false;
        }
    }
    return true;
}

/* One test per edge case (edge-empty, edge-full, ...), under the profile's variant: a killer's
 * edge has cages, an X grid its diagonals (the bundled 17-clue and hardest puzzles are classic,
 * so a variant has none).  One the statement does not allow is skipped, said on stderr; false
 * after a write failure. */
static bool write_edge_tests(secret_maker *m)
{
    unsigned units = ojd_profile_units(m->pkg->format);
    const char *why = "";
    for (int e = 0; e < OJD_EDGE_COUNT_; e++) {
        ojd_edge edge = (ojd_edge)e;
        char name[32];
        snprintf(name, sizeof name, "edge-%s", ojd_edge_name(edge));
        bool kind_allowed = false;
        for (int k = 0; k < m->nallowed; k++)
            kind_allowed |= m->allowed[k] == ojd_edge_kind(edge);
        if (!kind_allowed) {
            cli_fail("package: skipped '%s': the statement has no case of kind %s", name,
                     ojd_kind_name(ojd_edge_kind(edge)));
            continue;
        }
        if (ojd_generate_edge_units(m->gen, &m->rng, m->opt.side, units, edge, &m->boards[0],
                                    NULL) != OJD_OK) {
            cli_fail("package: skipped '%s': none for a side of %d%s", name, m->opt.side,
                     units ? " of the profile's variant" : "");
            continue;
        }
        switch (write_test(m->pkg, false, name, m->boards, 1, m->engine, &why)) {
        case TEST_WRITTEN:
            break;
        case TEST_UNFIT:
            cli_fail("package: skipped '%s': %s", name, why);
            break;
        case TEST_FAILED:
            return false;
        }
    }
    return true;
}

/*
 * The secret tests (data/secret; after the sample in the numbered layouts): count generated
 * tests of up to CASES_PER_TEST cases (fewer where the profile bounds an input's cases), then
 * the edge cases setters add by hand.  Every test is checked by the input validator and
 * answered by the reference solution's code before it is kept, and timed (write_test()).
 * false after saying why.
 */
static bool write_secret(package *pkg, unsigned long count, unsigned long long seed, int *status)
{
    const ojd_profile *format = pkg->format;
    secret_maker m = {.pkg = pkg, .status = status, .opt = ojd_profile_case_options(format)};
    m.nallowed = allowed_kinds(format, m.allowed);
    if (m.nallowed == 0)
        m.allowed[m.nallowed++] = OJD_OUTCOME_SOLVED;
    m.per_test = ojd_profile_max_cases(format);
    if (m.per_test == 0 || m.per_test > CASES_PER_TEST)
        m.per_test = CASES_PER_TEST;
    m.gen = ojd_generator_new();
    m.engine = ojd_engine_new(NULL);
    m.boards = malloc(m.per_test * sizeof *m.boards);
    ojd_rng_seed(&m.rng, seed);
    bool ok = m.gen && m.engine && m.boards;
    if (!ok)
        cli_fail("package: %s", strerror(ENOMEM));
    ok = ok && write_generated_tests(&m, count) && write_edge_tests(&m);
    free(m.boards);
    ojd_engine_free(m.engine);
    ojd_generator_free(m.gen);
    return ok;
}

static char *read_whole(const char *path, size_t *length);

/* The names a statement gives its problem: the profile's id, its title (the id where the profile
 * has none) and the address of the judge's statement ("" where it has none). */
typedef struct statement_names {
    const char *id, *title, *url;
} statement_names;

static statement_names statement_names_of(const ojd_profile *format)
{
    statement_names names = {ojd_profile_name(format), ojd_profile_title(format),
                             ojd_profile_url(format)};
    if (!names.title || !names.title[0])
        names.title = names.id;
    if (!names.url)
        names.url = "";
    return names;
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

/* A problem's title where pdflatex sets it: the title when it is ASCII, else the profile's id
 * (a CJK or Hangul title needs fonts and packages pdflatex does not have by default: problemtools'
 * problem2pdf fails on it); the title itself is then in a comment on the next line. */
static void put_latex_title(FILE *out, const char *title, const char *id)
{
    bool ascii = true;
    for (const char *p = title; *p; p++)
        ascii = ascii && (unsigned char)*p < 0x80;
    put_latex(out, ascii ? title : id);
}

static void put_latex_title_note(FILE *out, const char *title)
{
    for (const char *p = title; *p; p++)
        if ((unsigned char)*p >= 0x80) {
            fprintf(out, "%% The judge's title, %s, is not ASCII: pdflatex sets the id instead.\n",
                    title);
            return;
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

static const cli_sample *sample_for(const ojd_profile *format)
{
    for (const cli_sample *s = cli_samples; s->name; s++)
        if (strcmp(s->name, ojd_profile_name(format)) == 0)
            return s;
    return NULL;
}

#define MAX_SAMPLE_CASES 64

/* The puzzles of the sample's input, at most MAX_SAMPLE_CASES, into boards; how many. */
static size_t read_sample(const cli_sample *sample, const ojd_profile *format, ojd_board *boards)
{
    ojd_reader *reader = ojd_reader_new_mem(sample->input, strlen(sample->input), "sample",
                                            format);
    ojd_puzzle *puzzle = malloc(sizeof *puzzle);
    size_t n = 0;
    ojd_error error;
    while (reader && puzzle && n < MAX_SAMPLE_CASES &&
           ojd_reader_next(reader, puzzle, &error) == OJD_OK)
        boards[n++] = puzzle->board;
    free(puzzle);
    ojd_reader_free(reader);
    return n;
}

/* Does the input validator accept the sample as published? */
static bool sample_is_valid(const cli_sample *sample, const ojd_profile *format)
{
    FILE *mem = fmemopen((void *)sample->input, strlen(sample->input), "r");
    if (!mem)
        return false;
    ojd_validate_options opt = {.max_nodes = 10000000ULL};
    bool valid = ojd_validate_input(mem, format, &opt, NULL, NULL, NULL) == OJD_OK;
    fclose(mem);
    return valid;
}

/* The sample as published, input and output, as the first test; false after saying why. */
static bool write_published_sample(package *pkg, const cli_sample *sample)
{
    const layout *l = pkg->layout;
    char name[32], in[64], ans[64];
    test_name(pkg, "1", name);
    snprintf(in, sizeof in, "%s%s", name, l->in_suffix);
    snprintf(ans, sizeof ans, "%s%s", name, l->ans_suffix);
    return write_text(pkg->dir, l->sample_dir, in, sample->input) &&
           write_text(pkg->dir, l->sample_dir, ans, sample->output) && add_test(pkg, name, true);
}

/* The sample's n puzzles written again in the judge's grammar and answered (write_test()), or
 * left out, said on stderr either way; false after a write failure. */
static bool rewrite_sample(package *pkg, const ojd_board *boards, size_t n)
{
    ojd_engine *engine = ojd_engine_new(NULL);
    const char *why = "";
    test_outcome written = n && engine ? write_test(pkg, true, "1", boards, n, engine, &why)
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
 * The statement's sample as the first test (data/sample/1.in and 1.ans; Polygon's 01): the
 * sample as published (built in: `ojdoku formats ID`), when the input validator accepts it.
 * Some published samples break their own statement's grammar (trailing spaces, a missing blank
 * line between cases): those are written again, their puzzles in the judge's exact grammar and
 * answered by the reference solution's code, and said on stderr, since every test of a package
 * must pass its input validator.  Its first puzzle goes to *figure (*has_figure) for the
 * statement.  false after saying why.
 */
static bool write_sample(package *pkg, ojd_board *figure, bool *has_figure)
{
    const cli_sample *sample = sample_for(pkg->format);
    if (!sample)
        return true;
    ojd_board *boards = malloc(MAX_SAMPLE_CASES * sizeof *boards); /* large: not on the stack */
    if (!boards) {
        cli_fail("package: %s", strerror(ENOMEM));
        return false;
    }
    size_t n = read_sample(sample, pkg->format, boards);
    if (n > 0) {
        *figure = boards[0];
        *has_figure = true;
    }
    bool ok = sample_is_valid(sample, pkg->format) ? write_published_sample(pkg, sample)
                                                   : rewrite_sample(pkg, boards, n);
    free(boards);
    return ok;
}

/* Draws board, the sample's first puzzle, with the svg profile into out (one document). */
static bool write_figure(FILE *out, const ojd_board *board)
{
    const ojd_profile *svg = ojd_profile_find("svg");
    return svg && ojd_write_puzzles(out, svg, board, 1) == OJD_OK;
}

static bool write_figure_file(const char *dir, const char *sub, const ojd_board *board)
{
    package_file f;
    if (!open_file(&f, dir, sub, "sample.svg"))
        return false;
    if (!write_figure(f.file, board)) {
        fclose(f.file);
        cli_fail("package: %s: cannot draw the sample", f.path);
        return false;
    }
    return close_file(&f);
}

/* The statement's text shared by every layout: the profile's input and output rules, written
 * into rules (RULES_SIZE bytes), which it returns. */
#define RULES_SIZE 4096
static const char *rules_text(const ojd_profile *format, char rules[RULES_SIZE])
{
    ojd_profile_rules(format, rules, RULES_SIZE);
    return rules;
}

static void put_rules(FILE *out, const ojd_profile *format)
{
    char rules[RULES_SIZE];
    fputs(rules_text(format, rules), out);
}

/* The reference to the sample's figure in a LaTeX skeleton: pdflatex cannot read SVG, so the
 * comment says how to make the PDF it reads, and the figure is shown once that file is there
 * (\IfFileExists: a statement without it still builds). */
static void put_latex_figure(FILE *out, bool has_figure)
{
    if (!has_figure)
        return;
    fputs("\n% The sample's first puzzle, drawn by ojdoku (--format svg) into sample.svg; for\n"
          "% pdflatex make a PDF of it: rsvg-convert -f pdf -o sample.pdf sample.svg\n"
          "\\IfFileExists{sample.pdf}{\\begin{center}\n"
          "\\includegraphics[width=0.4\\textwidth]{sample.pdf}\n"
          "\\end{center}}{}\n", out);
}

/* problem_statement/problem.en.tex of the Kattis and DOMjudge layouts. */
static bool write_kattis_statement(const package *pkg, bool has_figure)
{
    const ojd_profile *format = pkg->format;
    const statement_names names = statement_names_of(format);
    package_file f;
    if (!open_file(&f, pkg->dir, "problem_statement", "problem.en.tex"))
        return false;
    fputs("\\problemname{", f.file);
    put_latex_title(f.file, names.title, names.id);
    fputs("}\n", f.file);
    put_latex_title_note(f.file, names.title);
    /* the task differs from profile to profile (solve, count, classify, ...): the skeleton
     * states only what the profile knows, its input and output rules */
    fprintf(f.file, "\n%% Written by ojdoku package --format %s: the story is yours.\n"
            "The input and the output are those of judge problem %s", names.id, names.id);
    if (names.url[0]) {
        fputs(" (\\texttt{", f.file);
        put_latex(f.file, names.url);
        fputs("})", f.file);
    }
    fputs(".\n", f.file);
    put_latex_figure(f.file, has_figure);
    fputs("\n\\section*{Input and output}\n\n\\begin{verbatim}\n", f.file);
    put_rules(f.file, format); /* verbatim: no escaping */
    fputs("\\end{verbatim}\n", f.file);
    return close_file(&f);
}

/* Writes file PATH's text into out as HTML text; false after saying why. */
static bool put_html_file(FILE *out, const char *path)
{
    size_t length;
    char *text = read_whole(path, &length);
    if (!text)
        return false;
    cli_put_xml(out, text, CLI_XML_APOS);
    free(text);
    return true;
}

/* problem.html of the DOMjudge layout, at the root of the zip, where DOMjudge takes a statement
 * from (problem.pdf, .html or .txt: it shows no .tex): the same skeleton as problem.en.tex, with
 * the sample's figure inline (no file beside it) and the sample test itself. */
static bool write_domjudge_statement(const package *pkg, bool has_figure, const ojd_board *figure)
{
    const ojd_profile *format = pkg->format;
    const statement_names names = statement_names_of(format);
    package_file f;
    if (!open_file(&f, pkg->dir, "", "problem.html"))
        return false;
    fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>",
          f.file);
    cli_put_xml(f.file, names.title, CLI_XML_APOS);
    fputs("</title>\n</head>\n<body>\n<h1>", f.file);
    cli_put_xml(f.file, names.title, CLI_XML_APOS);
    fprintf(f.file, "</h1>\n<!-- Written by ojdoku package --format %s: the story is yours -->\n"
            "<p>The input and the output are those of judge problem %s", names.id, names.id);
    if (names.url[0]) {
        fputs(" (<code>", f.file);
        cli_put_xml(f.file, names.url, CLI_XML_APOS);
        fputs("</code>)", f.file);
    }
    fputs(".</p>\n", f.file);
    char *svg = NULL;
    size_t svg_len = 0;
    FILE *mem = has_figure ? open_memstream(&svg, &svg_len) : NULL;
    if (mem) {
        bool drawn = write_figure(mem, figure);
        if (fclose(mem) == 0 && drawn && strstr(svg, "<svg"))
            fprintf(f.file, "<figure id=\"sample-figure\">%s</figure>\n", strstr(svg, "<svg"));
        free(svg);
    }
    fputs("<h2>Input and output</h2>\n<pre>", f.file);
    char rules[RULES_SIZE];
    cli_put_xml(f.file, rules_text(format, rules), CLI_XML_APOS);
    fputs("</pre>\n", f.file);
    bool ok = true;
    for (size_t t = 0; ok && t < pkg->ntests; t++) {
        if (!pkg->tests[t].sample)
            continue;
        char path[4096];
        fputs("<h2>Sample</h2>\n<h3>Input</h3>\n<pre class=\"sample-input\">", f.file);
        snprintf(path, sizeof path, "%s/%s/%s%s", pkg->dir, pkg->layout->sample_dir,
                 pkg->tests[t].name, pkg->layout->in_suffix);
        ok = put_html_file(f.file, path);
        fputs("</pre>\n<h3>Output</h3>\n<pre class=\"sample-output\">", f.file);
        snprintf(path, sizeof path, "%s/%s/%s%s", pkg->dir, pkg->layout->sample_dir,
                 pkg->tests[t].name, pkg->layout->ans_suffix);
        ok = ok && put_html_file(f.file, path);
        fputs("</pre>\n", f.file);
    }
    fputs("</body>\n</html>\n", f.file);
    if (!ok) {
        fclose(f.file);
        return false;
    }
    return close_file(&f);
}

/* Writes the shell script a DOMjudge executable is built by: it compiles source into `run`. */
static bool write_build_script(const char *dir, const char *sub, const char *source)
{
    char text[256];
    snprintf(text, sizeof text,
             "#!/bin/sh\n# DOMjudge builds the executable with this script: it must leave `run`.\n"
             "exec gcc -std=gnu11 -O2 -o run %s -lm\n", source);
    if (!write_text(dir, sub, "build", text))
        return false;
    char path[4096];
    snprintf(path, sizeof path, "%s/%s/build", dir, sub);
    if (chmod(path, 0755) != 0) {
        cli_fail("package: %s: %s", path, strerror(errno));
        return false;
    }
    return true;
}

/* The judges the profiles come from, by their statement's host: who `source:` credits. */
static const struct {
    const char *host, *judge;
} judges[] = {
    {"acm.ecnu.edu.cn", "ECNU Online Judge"}, {"acm.hdu.edu.cn", "HDU Online Judge"},
    {"atcoder.jp", "AtCoder"}, {"codeforces.com", "Codeforces"}, {"dmoj.ca", "DMOJ"},
    {"leetcode.com", "LeetCode"}, {"onlinejudge.org", "UVa Online Judge"},
    {"open.kattis.com", "Kattis"}, {"palma.strom.sk", "Palma (strom.sk)"}, {"poj.org", "POJ"},
    {"projecteuler.net", "Project Euler"}, {"vijos.org", "Vijos"},
    {"www.acmicpc.net", "Baekjoon Online Judge"}, {"www.beecrowd.com.br", "beecrowd"},
    {"www.codechef.com", "CodeChef"}, {"www.hackerrank.com", "HackerRank"},
    {"www.luogu.com.cn", "Luogu"}, {"www.mimuw.edu.pl", "MIMUW"}, {"www.spoj.com", "SPOJ"},
    {"yzoj.top", "YZOJ"},
};

/* The part of url after "KEY" up to the next '/', '&' or end, into out; false when absent. */
static bool url_part(const char *url, const char *key, char *out, size_t size)
{
    const char *p = strstr(url, key);
    if (!p || size == 0)
        return false;
    p += strlen(key);
    size_t n = strcspn(p, "/&?#");
    if (n == 0)
        return false;
    snprintf(out, size, "%.*s", (int)(n < size ? n : size - 1), p);
    return true;
}

/* Who the statement comes from, for problem.yaml's source: the judge (from url's host), the
 * contest where the address names one, and the problem's number there ("POJ, problem 3074";
 * "Codeforces, contest 1335, problem D"); the profile's id where url is empty. */
static const char *source_credit(const char *url, const char *id, char *out, size_t size)
{
    char host[128] = "", contest[64] = "", number[64] = "";
    const char *start = url ? strstr(url, "://") : NULL;
    if (!start) {
        snprintf(out, size, "%s", id);
        return out;
    }
    url_part(start, "://", host, sizeof host);
    const char *judge = host;
    for (size_t i = 0; i < sizeof judges / sizeof judges[0]; i++)
        if (strcmp(judges[i].host, host) == 0)
            judge = judges[i].judge;
    if (!url_part(url, "/contests/", contest, sizeof contest))
        url_part(url, "/contest/", contest, sizeof contest);
    if (!url_part(url, "id=", number, sizeof number) && !url_part(url, "problem=", number,
                                                                   sizeof number)) {
        /* the last part of the path that is not empty, without an extension */
        size_t n = strlen(start);
        while (n > 3 && start[n - 1] == '/')
            n--;
        size_t b = n;
        while (b > 3 && start[b - 1] != '/')
            b--;
        size_t len = strcspn(start + b, ".");
        snprintf(number, sizeof number, "%.*s", (int)(len < n - b ? len : n - b), start + b);
    }
    int w = snprintf(out, size, "%s", judge);
    if (contest[0] && w >= 0 && (size_t)w < size)
        w += snprintf(out + w, size - (size_t)w, ", contest %s", contest);
    if (number[0] && w >= 0 && (size_t)w < size)
        snprintf(out + w, size - (size_t)w, ", problem %s", number);
    return out;
}

/*
 * The Kattis problem package format (problemtools' verifyproblem reads it): problem.yaml with a
 * custom output validator, data/sample (the statement's own sample, built in), data/secret,
 * output_validators/ and input_validators/ (the emitted C, one folder each), submissions/
 * accepted/ (the reference solution) and problem_statement/ (problem.en.tex, sample.svg).
 * DOMjudge imports the same tree (a zip of DIR's contents), reading from problem.yaml the name,
 * validation and limits.memory, and from domjudge-problem.ini the time limit and short name;
 * its output validator is an executable built by a `build` script.  The tests are written by
 * the caller first, so the limits are measured ones.  false after saying why.
 */
static bool write_kattis(const package *pkg, bool has_figure, const ojd_board *figure)
{
    const ojd_profile *format = pkg->format;
    const char *dir = pkg->dir;
    const statement_names names = statement_names_of(format);
    bool domjudge = pkg->layout->id == LAYOUT_DOMJUDGE;
    package_file f;
    if (!open_file(&f, dir, "", "problem.yaml"))
        return false;
    fprintf(f.file, "# Written by ojdoku %s: ojdoku package --format %s --layout %s\n",
            ojd_version(), names.id, pkg->layout->name);
    if (domjudge) {
        fputs("name: ", f.file);
        put_yaml(f.file, names.title);
        fputc('\n', f.file);
    }
    char credit[256];
    fputs("source: ", f.file);
    put_yaml(f.file, source_credit(names.url, names.id, credit, sizeof credit));
    if (names.url[0]) {
        fputs("\nsource_url: ", f.file);
        put_yaml(f.file, names.url);
    }
    fputs("\nlicense: unknown\n"
          "rights_owner: \"the setter\"\n"
          "validation: custom\n"
          "limits:\n"
          "  # KiB: the reference solution is ojdoku's amalgamation, cut to what it runs\n"
          "  # (about 200 KB), and a main\n"
          "  code: 1024\n", f.file);
    if (domjudge)
        fprintf(f.file, "  memory: %d\n", DEFAULT_MEMORY_MB);
    else /* Kattis sets the time limit from submissions/accepted itself (time_multiplier) */
        fprintf(f.file, "# the slowest reference run took %.6f s of CPU: a time limit of %lu s\n",
                pkg->slowest, pkg->time_limit);
    if (!close_file(&f))
        return false;
    if (domjudge) {
        if (!open_file(&f, dir, "", "domjudge-problem.ini"))
            return false;
        fprintf(f.file, "; Written by ojdoku %s; the slowest reference run took %.6f s of CPU\n"
                "short-name = %s\nexternalid = %s\ntimelimit = %lu\n",
                ojd_version(), pkg->slowest, names.id, names.id, pkg->time_limit);
        if (!close_file(&f))
            return false;
    }
    if (!write_validator_file(dir, "output_validators/ojdoku", "output_validator.c",
                              find_kind("kattis-output"), format) ||
        (domjudge && !write_build_script(dir, "output_validators/ojdoku", "output_validator.c")) ||
        !write_validator_file(dir, "input_validators/ojdoku", "input_validator.c",
                              find_kind("kattis-input"), format) ||
        !write_validator_file(dir, "submissions/accepted", "solution.c", find_kind("solution"),
                              format))
        return false;
    if (has_figure && !write_figure_file(dir, "problem_statement", figure))
        return false;
    if (domjudge && !write_domjudge_statement(pkg, has_figure, figure))
        return false;
    return write_kattis_statement(pkg, has_figure);
}

/* Writes length bytes of text as CDATA; a "]]>" inside is split across two sections, the only
 * sequence CDATA cannot hold. */
static void put_cdata(FILE *out, const char *text, size_t length)
{
    fputs("<![CDATA[", out);
    for (size_t i = 0; i < length; i++) {
        if (i + 2 < length && text[i] == ']' && text[i + 1] == ']' && text[i + 2] == '>') {
            fputs("]]]]><![CDATA[>", out);
            i += 2;
            continue;
        }
        putc(text[i], out);
    }
    fputs("]]>", out);
}

/* files/olymp.sty of a Polygon package, a resource as in Polygon's exports: the commands of
 * olymp.sty (the style Polygon's statements are written in) that problem.tex uses, so that the
 * statement builds outside Polygon too (pdflatex with a document that loads olymp and inputs
 * problem.tex: tests/cli/statements.sh).  Polygon builds with its own. */
static const char olymp_sty[] =
    "% olymp.sty, written by ojdoku package: the part of Polygon's olymp.sty that\n"
    "% statements/english/problem.tex uses.\n"
    "\\NeedsTeXFormat{LaTeX2e}\n"
    "\\ProvidesPackage{olymp}[2026/11/29 ojdoku's part of olymp.sty]\n"
    "\\RequirePackage{graphicx}\n"
    "\\RequirePackage{verbatim}\n"
    "\\newcommand{\\InputFile}{\\subsection*{Input}}\n"
    "\\newcommand{\\OutputFile}{\\subsection*{Output}}\n"
    "\\newcommand{\\Examples}{\\subsection*{Examples}}\n"
    "\\newcommand{\\Example}{\\subsection*{Example}}\n"
    "\\newcommand{\\Note}{\\subsection*{Note}}\n"
    "\\newenvironment{problem}[5]{\\section*{#1}\\noindent Input: #2; output: #3; time limit: "
    "#4; memory limit: #5.\\par}{\\par}\n"
    "\\newenvironment{example}{\\par\\noindent}{\\par}\n"
    "\\newcommand{\\exmpfile}[2]{\\par\\noindent"
    "\\begin{minipage}[t]{0.49\\textwidth}\\textbf{standard input}\\small\\verbatiminput{#1}"
    "\\end{minipage}\\hfill"
    "\\begin{minipage}[t]{0.49\\textwidth}\\textbf{standard output}\\small\\verbatiminput{#2}"
    "\\end{minipage}\\par\\medskip}\n";

/* Copies test name (its file FROM/NAME SUFFIX) to TO/PREFIX NAME SUFFIX in the package; false
 * after saying why. */
static bool copy_test_file(const package *pkg, const char *from, const char *name,
                           const char *suffix, const char *to, const char *prefix)
{
    char path[4096], target[300];
    snprintf(path, sizeof path, "%s/%s/%s%s", pkg->dir, from, name, suffix);
    snprintf(target, sizeof target, "%s%s%s", prefix, name, suffix);
    size_t length;
    char *text = read_whole(path, &length);
    if (!text)
        return false;
    package_file f;
    bool ok = open_file(&f, pkg->dir, to, target);
    if (ok) {
        fwrite(text, 1, length, f.file);
        ok = close_file(&f);
    }
    free(text);
    return ok;
}

static bool write_polygon_statement(const package *pkg, bool has_figure, const ojd_board *figure);

/*
 * Polygon's package layout (the problem.xml of a package Polygon exports, with the element
 * names Polygon uses): judging/testset with the limits (milliseconds, bytes), the count and the
 * paths tests/%02d and tests/%02d.a, each test manual (the sample marked sample="true");
 * files/check.c (testlib's checker convention), files/validator.c (its validator convention),
 * solutions/solution.c tagged main; statements/english/problem.tex (olymp.sty's problem
 * environment) and sample.svg.  false after saying why.
 */
static bool write_polygon(const package *pkg, bool has_figure, const ojd_board *figure)
{
    const ojd_profile *format = pkg->format;
    const char *dir = pkg->dir;
    const statement_names names = statement_names_of(format);
    if (!write_validator_file(dir, "files", "check.c", find_kind("testlib-checker"), format) ||
        !write_validator_file(dir, "files", "validator.c", find_kind("testlib-validator"),
                              format) ||
        !write_validator_file(dir, "solutions", "solution.c", find_kind("solution"), format))
        return false;
    package_file f;
    if (!open_file(&f, dir, "", "problem.xml"))
        return false;
    fprintf(f.file, "<?xml version=\"1.0\" encoding=\"utf-8\" standalone=\"no\"?>\n"
            "<!-- Written by ojdoku %s (package of judge problem %s, layout polygon; an XML comment"
            " holds no double hyphen); the slowest reference run took %.6f s of CPU -->\n<problem revision=\"1\" short-name=\"",
            ojd_version(), names.id, pkg->slowest);
    cli_put_xml(f.file, names.id, CLI_XML_APOS);
    fputs("\">\n    <names>\n        <name language=\"english\" value=\"", f.file);
    cli_put_xml(f.file, names.title, CLI_XML_APOS);
    fputs("\"/>\n    </names>\n    <statements>\n"
          "        <statement charset=\"UTF-8\" language=\"english\" "
          "path=\"statements/english/problem.tex\" type=\"application/x-tex\"/>\n"
          "    </statements>\n"
          "    <judging input-file=\"\" output-file=\"\">\n"
          "        <testset name=\"tests\">\n", f.file);
    fprintf(f.file, "            <time-limit>%lu</time-limit>\n"
            "            <memory-limit>%lu</memory-limit>\n"
            "            <test-count>%zu</test-count>\n"
            "            <input-path-pattern>tests/%%02d</input-path-pattern>\n"
            "            <answer-path-pattern>tests/%%02d.a</answer-path-pattern>\n"
            "            <tests>\n",
            pkg->time_limit * 1000UL, (unsigned long)DEFAULT_MEMORY_MB * 1024UL * 1024UL,
            pkg->ntests);
    for (size_t t = 0; t < pkg->ntests; t++)
        fprintf(f.file, "                <test method=\"manual\"%s/>\n",
                pkg->tests[t].sample ? " sample=\"true\"" : "");
    fputs("            </tests>\n        </testset>\n    </judging>\n"
          "    <files>\n        <resources>\n"
          "            <file path=\"files/olymp.sty\"/>\n"
          "        </resources>\n        <executables>\n"
          "            <executable>\n"
          "                <source path=\"files/validator.c\" type=\"c.gcc\"/>\n"
          "            </executable>\n"
          "        </executables>\n    </files>\n"
          "    <assets>\n"
          "        <checker type=\"testlib\">\n"
          "            <source path=\"files/check.c\" type=\"c.gcc\"/>\n"
          "            <copy path=\"check.c\"/>\n"
          "        </checker>\n"
          "        <validators>\n"
          "            <validator>\n"
          "                <source path=\"files/validator.c\" type=\"c.gcc\"/>\n"
          "            </validator>\n"
          "        </validators>\n"
          "        <solutions>\n"
          "            <solution tag=\"main\">\n"
          "                <source path=\"solutions/solution.c\" type=\"c.gcc\"/>\n"
          "            </solution>\n"
          "        </solutions>\n"
          "    </assets>\n</problem>\n", f.file);
    if (!close_file(&f))
        return false;
    /* Polygon's root copy of the checker, beside problem.xml as its packages have it */
    if (!write_validator_file(dir, "", "check.c", find_kind("testlib-checker"), format))
        return false;
    return write_polygon_statement(pkg, has_figure, figure);
}

/* statements/english/problem.tex of the Polygon layout (olymp.sty's problem environment), the
 * sample's figure and files beside it, and files/olymp.sty; false after saying why. */
static bool write_polygon_statement(const package *pkg, bool has_figure, const ojd_board *figure)
{
    const char *dir = pkg->dir;
    const ojd_profile *format = pkg->format;
    const statement_names names = statement_names_of(format);
    package_file f;
    if (has_figure && !write_figure_file(dir, "statements/english", figure))
        return false;
    if (!open_file(&f, dir, "statements/english", "problem.tex"))
        return false;
    put_latex_title_note(f.file, names.title);
    fputs("\\begin{problem}{", f.file);
    put_latex_title(f.file, names.title, names.id);
    fprintf(f.file, "}{standard input}{standard output}{%lu second%s}{%d megabytes}\n\n"
            "%% Written by ojdoku package --format %s: the story is yours.\n"
            "The input and the output are those of judge problem %s.\n",
            pkg->time_limit, pkg->time_limit == 1 ? "" : "s", DEFAULT_MEMORY_MB, names.id,
            names.id);
    put_latex_figure(f.file, has_figure);
    fputs("\n\\InputFile\n\n\\begin{verbatim}\n", f.file);
    put_rules(f.file, format);
    fputs("\\end{verbatim}\n\n\\OutputFile\n\nAs the rules above say.\n", f.file);
    /* the samples beside the statement, as Polygon's exports have them (example.01 and
     * example.01.a), shown by olymp.sty's example environment */
    bool examples = false;
    for (size_t t = 0; t < pkg->ntests; t++) {
        if (!pkg->tests[t].sample)
            continue;
        const char *name = pkg->tests[t].name;
        if (!examples)
            fputs("\n\\Examples\n\n\\begin{example}\n", f.file);
        examples = true;
        fprintf(f.file, "\\exmpfile{example.%s}{example.%s.a}%%\n", name, name);
        if (!copy_test_file(pkg, "tests", name, "", "statements/english", "example.") ||
            !copy_test_file(pkg, "tests", name, ".a", "statements/english", "example.")) {
            fclose(f.file);
            return false;
        }
    }
    if (examples)
        fputs("\\end{example}\n", f.file);
    fputs("\n\\end{problem}\n", f.file);
    return close_file(&f) && write_text(dir, "files", "olymp.sty", olymp_sty);
}

/* The whole file at path, malloc'd and NUL-terminated (*length bytes before the NUL); NULL
 * after saying why. */
static char *read_whole(const char *path, size_t *length)
{
    char *text = cli_read_file(path, length);
    if (!text)
        cli_fail("package: %s: %s", path, strerror(errno ? errno : EIO));
    return text;
}

/* Writes a test file of the staged HUSTOJ tests as an element's CDATA, and removes it when
 * it has no further use. */
static bool put_test_file(FILE *out, const package *pkg, const char *name, const char *suffix,
                          const char *element, bool then_remove)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s/%s%s", pkg->dir, pkg->layout->secret_dir, name, suffix);
    size_t length;
    char *text = read_whole(path, &length);
    if (!text)
        return false;
    if (then_remove) /* a test: named as HUSTOJ's export names it, its file's name */
        fprintf(out, "    <%s name=\"%s\">", element, name);
    else
        fprintf(out, "    <%s>", element);
    put_cdata(out, text, length);
    fprintf(out, "</%s>\n", element);
    free(text);
    if (then_remove)
        remove(path);
    return true;
}

/* Removes the staged files of test name; true (what is left is not read again). */
static bool remove_test(const package *pkg, const char *name)
{
    char path[4096];
    const char *suffix[2] = {pkg->layout->in_suffix, pkg->layout->ans_suffix};
    for (int i = 0; i < 2; i++) {
        snprintf(path, sizeof path, "%s/%s/%s%s", pkg->dir, pkg->layout->secret_dir, name,
                 suffix[i]);
        remove(path);
    }
    return true;
}

/* Writes validator k (its text made in memory) as the CDATA of element, language C. */
static bool put_validator_cdata(FILE *out, const char *element, const validator_kind *k,
                                const ojd_profile *format)
{
    char *text = NULL;
    size_t length = 0;
    FILE *mem = open_memstream(&text, &length);
    bool ok = mem && write_validator(mem, k, format);
    if (mem && fclose(mem) != 0)
        ok = false;
    if (ok) {
        fprintf(out, "    <%s language=\"C\">", element);
        put_cdata(out, text, length);
        fprintf(out, "</%s>\n", element);
    } else {
        cli_fail("package: %s: %s", k->kind, strerror(ENOMEM));
    }
    free(text);
    return ok;
}

static const char base64_digits[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

static void put_base64(FILE *out, const unsigned char *bytes, size_t length)
{
    for (size_t i = 0; i < length; i += 3) {
        unsigned long group = (unsigned long)bytes[i] << 16;
        if (i + 1 < length)
            group |= (unsigned long)bytes[i + 1] << 8;
        if (i + 2 < length)
            group |= bytes[i + 2];
        putc(base64_digits[(group >> 18) & 63], out);
        putc(base64_digits[(group >> 12) & 63], out);
        putc(i + 1 < length ? base64_digits[(group >> 6) & 63] : '=', out);
        putc(i + 2 < length ? base64_digits[group & 63] : '=', out);
    }
}

/* DIR/README.txt: what the judge host needs after the import, which saves the special judge's
 * source but compiles nothing, and how its exit status reads in HUSTOJ's verdicts. */
static bool write_hustoj_readme(const package *pkg)
{
    const char *id = ojd_profile_name(pkg->format);
    package_file f;
    if (!open_file(&f, pkg->dir, "", "README.txt"))
        return false;
    fprintf(f.file,
            "Judge problem %s for HUSTOJ, written by ojdoku %s (ojdoku package --format %s\n"
            "--layout hustoj).\n"
            "\n"
            "1. Import %s.xml (Administration, Import Problem).  The import keeps the sample\n"
            "   as sample.in/sample.out and each test as NAME.in/NAME.out in the problem's\n"
            "   data folder, $OJ_DATA/PID (/home/judge/data/PID on a default install), and the\n"
            "   special judge's source as spj.c there.  It compiles nothing.\n"
            "\n"
            "2. On the judge host, compile the special judge beside the tests, once:\n"
            "\n"
            "       cd /home/judge/data/PID && gcc -std=c11 -O2 -o spj spj.c -lm\n"
            "\n"
            "   (PID: the problem's number after the import.)  Without the program spj no\n"
            "   submission can be accepted.  The problem's special judge setting must be on\n"
            "   (the import sets it from the <spj> element).\n"
            "\n"
            "3. How the judge reads it: judge_client runs `spj INPUT ANSWER USER_OUTPUT` on each\n"
            "   test and reads its exit status:\n"
            "       0   accepted\n"
            "       1   wrong answer (the reason on stderr)\n"
            "       3   the special judge failed: a test, its answer or the install is at fault,\n"
            "           not the submission.  HUSTOJ has no verdict for it and shows a runtime\n"
            "           error (a wrong answer on older judge clients): when a correct submission\n"
            "           gets one, run spj by hand on that test and read its message.\n"
            "\n"
            "The reference solution is the <solution> element: submit it once to see every\n"
            "test accepted.\n",
            id, ojd_version(), id, id);
    return close_file(&f);
}

/* The sample's figure as FPS's <img> (its SVG in base64, which the import saves and the
 * description shows); false, with nothing written, when it cannot be drawn. */
static bool put_hustoj_figure(FILE *out, const ojd_board *figure)
{
    char *svg = NULL;
    size_t length = 0;
    FILE *mem = open_memstream(&svg, &length);
    bool drawn = mem && write_figure(mem, figure);
    if (mem && fclose(mem) != 0)
        drawn = false;
    if (drawn) {
        fputs("    <img>\n      <src>sample.svg</src>\n      <base64>", out);
        put_base64(out, (const unsigned char *)svg, length);
        fputs("</base64>\n    </img>\n", out);
    }
    free(svg);
    return drawn;
}

/* FPS's description, input and output: the skeleton and the profile's rules, as HTML (HUSTOJ
 * shows these fields as HTML: the rules are one <pre>, escaped); false after saying why. */
static bool put_hustoj_statement(FILE *out, const ojd_profile *format, bool has_figure)
{
    const char *id = ojd_profile_name(format);
    fprintf(out, "    <description><![CDATA[<p>Written by ojdoku package --format %s: the story is"
            " yours. The input and the output are those of judge problem %s.</p>", id, id);
    if (has_figure)
        fputs("<p><img src=\"sample.svg\" alt=\"the sample's first puzzle\"></p>", out);
    fputs("]]></description>\n", out);
    char *html = NULL, rules[RULES_SIZE];
    size_t length = 0;
    FILE *mem = open_memstream(&html, &length);
    if (mem) {
        fputs("<pre>", mem);
        cli_put_xml(mem, rules_text(format, rules), CLI_XML_APOS);
        fputs("</pre>", mem);
    }
    if (!mem || fclose(mem) != 0) {
        free(html);
        cli_fail("package: %s", strerror(ENOMEM));
        return false;
    }
    fputs("    <input>", out);
    put_cdata(out, html, length);
    fputs("</input>\n    <output><![CDATA[<p>As the rules above say.</p>]]></output>\n", out);
    free(html);
    return true;
}

/* The staged tests as FPS elements, each file removed once read, and their folder; false after
 * saying why.  The import keeps the sample as sample.in, which the judge runs as a test already:
 * it is no test_input too. */
static bool put_hustoj_tests(FILE *out, const package *pkg)
{
    bool ok = true;
    for (size_t t = 0; ok && t < pkg->ntests; t++) {
        const char *name = pkg->tests[t].name;
        if (pkg->tests[t].sample)
            ok = put_test_file(out, pkg, name, ".in", "sample_input", false) &&
                 put_test_file(out, pkg, name, ".out", "sample_output", false) &&
                 remove_test(pkg, name);
        else
            ok = put_test_file(out, pkg, name, ".in", "test_input", true) &&
                 put_test_file(out, pkg, name, ".out", "test_output", true);
    }
    if (ok) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", pkg->dir, pkg->layout->secret_dir);
        rmdir(path); /* the staged tests are all in the XML now */
    }
    return ok;
}

/*
 * HUSTOJ's import format, FPS (freeproblemset, version 1.2): one XML file, DIR/ID.xml, with the
 * problem as one <item>: title, time_limit (s), memory_limit (mb), the sample's figure as an
 * <img> (its src and the SVG in base64, which the import saves and the description's <img>
 * shows), description, input and output (the profile's rules), sample_input and sample_output,
 * a test_input/test_output pair per test (the tests are made in DIR/tests, read in here and
 * removed), source, the reference solution and the special judge (language C, the emitted
 * source).  false after saying why.
 */
static bool write_hustoj(const package *pkg, bool has_figure, const ojd_board *figure)
{
    const ojd_profile *format = pkg->format;
    const statement_names names = statement_names_of(format);
    char file[64];
    snprintf(file, sizeof file, "%s.xml", names.id);
    package_file f;
    if (!open_file(&f, pkg->dir, "", file))
        return false;
    fprintf(f.file, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            "<!-- Written by ojdoku %s (package of judge problem %s, layout hustoj); the slowest"
            " reference run took %.6f s of CPU -->\n<fps version=\"1.2\">\n  <item>\n"
            "    <title>", ojd_version(), names.id, pkg->slowest);
    cli_put_xml(f.file, names.title, CLI_XML_APOS);
    fprintf(f.file, "</title>\n    <time_limit unit=\"s\">%lu</time_limit>\n"
            "    <memory_limit unit=\"mb\">%d</memory_limit>\n",
            pkg->time_limit, DEFAULT_MEMORY_MB);
    has_figure = has_figure && put_hustoj_figure(f.file, figure);
    bool ok = put_hustoj_statement(f.file, format, has_figure) && put_hustoj_tests(f.file, pkg);
    if (ok && names.url[0]) {
        fputs("    <source>", f.file);
        cli_put_xml(f.file, names.url, CLI_XML_APOS);
        fputs("</source>\n", f.file);
    }
    ok = ok && put_validator_cdata(f.file, "solution", find_kind("solution"), format) &&
         put_validator_cdata(f.file, "spj", find_kind("hustoj-spj"), format);
    if (!ok) {
        fclose(f.file);
        return false;
    }
    fputs("  </item>\n</fps>\n", f.file);
    return close_file(&f) && write_hustoj_readme(pkg);
}

/*
 * Writes the package of pkg's layout: the tests first (the sample, then the secret ones), so the
 * time limit is measured before the metadata that states it; then the layout's own files.
 * Returns the exit status.
 */
static int write_package(package *pkg, unsigned long tests, unsigned long long seed,
                         unsigned long time_limit)
{
    ojd_board *figure = malloc(sizeof *figure); /* large: not on the stack */
    bool has_figure = false;
    int status = CLI_EXIT_OK;
    bool ok = figure != NULL;
    if (!ok)
        cli_fail("package: %s", strerror(ENOMEM));
    ok = ok && write_sample(pkg, figure, &has_figure) && write_secret(pkg, tests, seed, &status);
    if (ok) {
        pkg->time_limit = time_limit ? time_limit : package_time_limit(pkg);
        if (!time_limit)
            cli_fail("package: time limit %lu s: the slowest reference run took %.6f s of "
                     "CPU, times %.0f, in whole seconds (--tl sets it)",
                     pkg->time_limit, pkg->slowest, TIME_MARGIN);
        switch (pkg->layout->id) {
        case LAYOUT_KATTIS:
        case LAYOUT_DOMJUDGE: ok = write_kattis(pkg, has_figure, figure); break;
        case LAYOUT_POLYGON: ok = write_polygon(pkg, has_figure, figure); break;
        case LAYOUT_HUSTOJ: ok = write_hustoj(pkg, has_figure, figure); break;
        }
    }
    free(figure);
    free(pkg->tests);
    pkg->tests = NULL;
    if (!ok)
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

/* What the options ask for: one validator (kind) or a package in a layout (chosen). */
typedef struct package_args {
    const ojd_profile *format;
    const validator_kind *kind;
    const layout *chosen;
    unsigned long tests, time_limit; /* time_limit 0: measured */
    unsigned long long seed;
    bool seeded;
} package_args;

/* What the steps of cmd_package() return to say "go on": every exit status is 0 or more. */
#define GO_ON (-1)

static const struct option package_longs[] = {
    {"format", required_argument, NULL, 'f'},
    {"validator", required_argument, NULL, 'V'},
    {"layout", required_argument, NULL, 'L'},
    {"tests", required_argument, NULL, 'n'},
    {"seed", required_argument, NULL, 'S'},
    {"tl", required_argument, NULL, 'T'},
    {"help", no_argument, NULL, 'h'},
    {NULL, 0, NULL, 0},
};

/* The value of option name (optarg), a number from 1 to max, into *value: GO_ON, else
 * CLI_EXIT_USAGE after saying "package: NAME wants WHAT from 1 to MAX, not 'TEXT'". */
static int take_count(const char *name, const char *what, unsigned long max, unsigned long *value)
{
    unsigned long long number;
    if (!cli_parse_number(optarg, max, &number) || number == 0) {
        cli_fail("package: %s wants %s from 1 to %lu, not '%s'", name, what, max, optarg);
        return CLI_EXIT_USAGE;
    }
    *value = (unsigned long)number;
    return GO_ON;
}

/* Takes option c, what getopt_long() returned, with its value optarg, into a: GO_ON, else the
 * exit status (--help printed, or a wrong option or value said). */
static int take_option(package_args *a, int c, char **argv)
{
    char why[CLI_MESSAGE_SIZE];
    switch (c) {
    case 'f':
        a->format = cli_find_format(optarg, why, sizeof why);
        if (!a->format) {
            cli_fail("%s", why);
            return CLI_EXIT_USAGE;
        }
        return GO_ON;
    case 'V':
        a->kind = find_kind(optarg);
        if (!a->kind) {
            cli_fail("package: --validator wants kattis-output, kattis-input, testlib-checker, "
                     "testlib-validator, hustoj-spj or solution, not '%s'", optarg);
            return CLI_EXIT_USAGE;
        }
        return GO_ON;
    case 'L':
        a->chosen = find_layout(optarg);
        if (!a->chosen) {
            cli_fail("package: --layout wants kattis, domjudge, polygon or hustoj, not '%s'",
                     optarg);
            return CLI_EXIT_USAGE;
        }
        return GO_ON;
    case 'T':
        return take_count("--tl", "whole seconds", MAX_TIME_LIMIT, &a->time_limit);
    case 'n':
        return take_count("--tests", "a number", MAX_TESTS, &a->tests);
    case 'S':
        if (!cli_parse_number(optarg, ULLONG_MAX, &a->seed)) {
            cli_fail("package: --seed wants a whole number, not '%s'", optarg);
            return CLI_EXIT_USAGE;
        }
        a->seeded = true;
        return GO_ON;
    case 'h':
        package_usage(stdout);
        return CLI_EXIT_OK;
    default: /* ':' and unknown options */
        return cli_option_error("package", package_longs, c, optopt, optind, argv);
    }
}

/* Whether the options and the operands (at most one DIR, which --layout requires) make one
 * command, with *dir the DIR or NULL: GO_ON, else CLI_EXIT_USAGE after saying why. */
static int check_arguments(const package_args *a, int operands, char **operand, const char **dir)
{
    if (!a->format) {
        cli_fail("package: --format ID names the judge problem (see 'ojdoku formats')");
        return CLI_EXIT_USAGE;
    }
    if (!a->kind == !a->chosen) {
        cli_fail("package: give --validator KIND (one file) or --layout LAYOUT DIR (a "
                 "package), one of them");
        return CLI_EXIT_USAGE;
    }
    if (operands > 1 || (a->chosen && operands != 1)) {
        cli_fail("package: expected %s", a->chosen ? "one DIR" : "at most one DIR");
        return CLI_EXIT_USAGE;
    }
    *dir = operands ? operand[0] : NULL;
    if (a->chosen && ojd_profile_grammar(a->format) == OJD_GRAMMAR_AUTO) {
        cli_fail("package: a package needs a judge's grammar: format '%s' reads any",
                 ojd_profile_name(a->format));
        return CLI_EXIT_USAGE;
    }
    if (a->chosen && !fresh_dir(*dir)) {
        cli_fail("package: %s: exists and is not an empty directory", *dir);
        return CLI_EXIT_USAGE;
    }
    return GO_ON;
}

/* --validator KIND [DIR]: the file to standard output, or into DIR under the kind's name. */
static int package_validator(const package_args *a, const char *dir)
{
    if (dir)
        return write_validator_file(dir, "", a->kind->file, a->kind, a->format)
                   ? CLI_EXIT_OK
                   : CLI_EXIT_USAGE;
    return write_validator(stdout, a->kind, a->format) ? CLI_EXIT_OK : cli_write_error(errno);
}

int cmd_package(int argc, char **argv)
{
    package_args a = {.tests = DEFAULT_TESTS};
    int c, status = GO_ON;
    opterr = 0;
    optind = 1;
    while (status == GO_ON && (c = getopt_long(argc, argv, ":f:n:h", package_longs, NULL)) != -1)
        status = take_option(&a, c, argv);
    const char *dir = NULL;
    if (status == GO_ON)
        status = check_arguments(&a, argc - optind, argv + optind, &dir);
    if (status != GO_ON)
        return status;
    if (a.kind)
        return package_validator(&a, dir);
    cli_seed("package", a.seeded, &a.seed);
    package pkg = {.dir = dir, .format = a.format, .layout = a.chosen};
    return write_package(&pkg, a.tests, a.seed, a.time_limit);
}
