/*
 * matrix.c -- `ojdoku judge --package DIR`: every submission of a package on every test, as
 * Polygon's invocations and Kattis' verifyproblem run them (matrix.h).
 *
 * A submission's verdict is the first one not AC in test order (the samples first), as Kattis
 * grades a submission; it must be its folder's.  Sources are compiled first, once, into a
 * temporary folder removed at the end; a script runs under its interpreter.
 */
#include "matrix.h"
#include "report.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const struct {
    const char *folder;
    cli_verdict verdict;
} folders[] = {
    {"accepted", CLI_AC},
    {"wrong_answer", CLI_WA},
    {"time_limit_exceeded", CLI_TLE},
    {"run_time_error", CLI_RE},
    {"memory_limit_exceeded", CLI_MLE},
    {"output_limit_exceeded", CLI_OLE},
};
#define NFOLDERS (sizeof folders / sizeof folders[0])

bool cli_matrix_expected(const char *folder, cli_verdict *verdict)
{
    for (size_t i = 0; i < NFOLDERS; i++)
        if (strcmp(folders[i].folder, folder) == 0) {
            *verdict = folders[i].verdict;
            return true;
        }
    return false;
}

/* ---- small helpers ------------------------------------------------------------------------- */

static char *joined(const char *a, const char *sep, const char *b)
{
    size_t n = strlen(a) + strlen(sep) + strlen(b) + 1;
    char *p = malloc(n);
    if (p)
        snprintf(p, n, "%s%s%s", a, sep, b);
    return p;
}

static int by_name(const void *x, const void *y)
{
    return cli_natural_compare(*(char *const *)x, *(char *const *)y);
}

/* The entries of dir (not . and ..), sorted; *n their count; NULL with errno set (n 0: none). */
static char **entries(const char *dir, size_t *n)
{
    *n = 0;
    DIR *d = opendir(dir);
    if (!d)
        return NULL;
    char **list = NULL;
    size_t cap = 0;
    struct dirent *e;
    bool ok = true;
    while (ok && (e = readdir(d)) != NULL) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        if (*n == cap) {
            char **more = realloc(list, (cap = cap ? cap * 2 : 16) * sizeof *list);
            ok = more != NULL;
            list = more ? more : list;
        }
        if (ok && (list[*n] = joined(e->d_name, "", "")) != NULL)
            (*n)++;
        else
            ok = false;
    }
    closedir(d);
    if (!ok) {
        while (*n)
            free(list[--*n]);
        free(list);
        errno = ENOMEM;
        return NULL;
    }
    if (*n)
        qsort(list, *n, sizeof *list, by_name);
    return list ? list : calloc(1, sizeof *list);
}

static void entries_free(char **list, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(list[i]);
    free(list);
}

static bool is_dir(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* ---- what the package holds ---------------------------------------------------------------- */

/* The profile the package was written for: its output validator's `#define OJD_PROFILE`. */
static const ojd_profile *package_format(const char *dir)
{
    char *validators = joined(dir, "/", "output_validators");
    size_t n = 0;
    char **names = validators ? entries(validators, &n) : NULL;
    const ojd_profile *format = NULL;
    for (size_t i = 0; !format && names && i < n; i++) {
        char *sub = joined(validators, "/", names[i]);
        char *file = sub ? joined(sub, "/", "output_validator.c") : NULL;
        size_t len;
        char *text = file ? cli_read_file(file, &len) : NULL;
        const char *at = text ? strstr(text, "#define OJD_PROFILE \"") : NULL;
        if (at) {
            char id[64];
            at += strlen("#define OJD_PROFILE \"");
            size_t k = strcspn(at, "\"\n");
            snprintf(id, sizeof id, "%.*s", (int)(k < sizeof id ? k : sizeof id - 1), at);
            format = ojd_profile_find(id);
        }
        free(text);
        free(file);
        free(sub);
    }
    entries_free(names, n);
    free(validators);
    return format;
}

static bool add_test(cli_matrix *m, const char *dir, const char *rel, const char *file)
{
    size_t len = strlen(file) - 3; /* without ".in" */
    char *stem = malloc(strlen(dir) + 1 + len + 1);
    char *name = malloc(strlen(rel) + 1 + len + 1);
    char **names = realloc(m->test_names, (m->ntests + 1) * sizeof *names);
    if (names)
        m->test_names = names;
    char **inputs = realloc(m->test_inputs, (m->ntests + 1) * sizeof *inputs);
    if (inputs)
        m->test_inputs = inputs;
    char **answers = realloc(m->test_answers, (m->ntests + 1) * sizeof *answers);
    if (answers)
        m->test_answers = answers;
    if (!stem || !name || !names || !inputs || !answers) {
        free(stem);
        free(name);
        return false;
    }
    sprintf(stem, "%s%s%.*s", dir, dir[0] ? "/" : "", (int)len, file);
    sprintf(name, "%s%s%.*s", rel, rel[0] ? "/" : "", (int)len, file);
    char *answer = joined(stem, "", ".ans");
    if (answer && access(answer, R_OK) != 0) { /* oj's NAME.out where there is no .ans */
        memcpy(answer + strlen(answer) - 4, ".out", 4);
        if (access(answer, R_OK) != 0) {
            free(answer);
            answer = NULL;
        }
    }
    m->test_inputs[m->ntests] = joined(stem, "", ".in");
    m->test_answers[m->ntests] = answer;
    m->test_names[m->ntests++] = name;
    free(stem);
    return m->test_inputs[m->ntests - 1] != NULL;
}

/* The tests under dir (data/ and its folders, in name order: sample before secret). */
static bool find_tests(cli_matrix *m, const char *dir, const char *rel, int depth)
{
    size_t n;
    char **names = entries(dir, &n);
    if (!names) {
        cli_fail("judge: %s: %s", dir, strerror(errno));
        return false;
    }
    bool ok = true;
    for (size_t i = 0; ok && i < n; i++) {
        char *path = joined(dir, "/", names[i]);
        size_t len = strlen(names[i]);
        if (!path) {
            ok = false;
        } else if (is_dir(path) && depth < 8) {
            char *sub = rel[0] ? joined(rel, "/", names[i]) : joined(names[i], "", "");
            ok = sub && find_tests(m, path, sub, depth + 1);
            free(sub);
        } else if (len > 3 && strcmp(names[i] + len - 3, ".in") == 0) {
            ok = add_test(m, dir, rel, names[i]);
            if (!ok)
                cli_fail("judge: out of memory");
        }
        free(path);
    }
    entries_free(names, n);
    return ok;
}

/* The submissions of submissions/FOLDER for every folder Kattis names, in name order. */
static bool find_submissions(cli_matrix *m)
{
    char *top = joined(m->dir, "/", "submissions");
    bool ok = top != NULL;
    for (size_t f = 0; ok && f < NFOLDERS; f++) {
        char *dir = joined(top, "/", folders[f].folder);
        size_t n = 0;
        char **names = dir && is_dir(dir) ? entries(dir, &n) : NULL;
        for (size_t i = 0; ok && names && i < n; i++) {
            cli_matrix_submission *more =
                realloc(m->submissions, (m->nsubmissions + 1) * sizeof *more);
            ok = more != NULL;
            if (!ok)
                break;
            m->submissions = more;
            cli_matrix_submission *s = &more[m->nsubmissions++];
            memset(s, 0, sizeof *s);
            s->expected = folders[f].verdict;
            s->name = joined(folders[f].folder, "/", names[i]);
            s->source = joined(dir, "/", names[i]);
            ok = s->name && s->source;
        }
        entries_free(names, n);
        free(dir);
    }
    free(top);
    if (!ok)
        cli_fail("judge: out of memory");
    return ok;
}

/* ---- building ------------------------------------------------------------------------------ */

/* Runs argv (argv[0] looked up in PATH) to build a submission; "" in why when it worked. */
static void run_build(char *const argv[], char *why, size_t size)
{
    char *path = cli_run_resolve(argv[0]);
    if (!path) {
        snprintf(why, size, "cannot build: no %s: %s", argv[0], strerror(errno));
        return;
    }
    cli_run_limits limits = {.seconds = 600, .output = 1 << 20, .errors = 4096};
    cli_run_result r;
    memset(&r, 0, sizeof r);
    bool ran = cli_run_program(path, argv, "", 0, &limits, &r);
    if (!ran || r.end != CLI_RUN_EXITED || r.exit_code != 0) {
        const char *first = r.err ? r.err : "";
        size_t k = strcspn(first, "\n");
        snprintf(why, size, "compile error: %s%.*s", k ? "" : "exit status of the compiler",
                 (int)(k > 200 ? 200 : k), first);
    } else {
        why[0] = '\0';
    }
    cli_run_result_free(&r);
    free(path);
}

/* Sets how submission s runs: built into tmp (its index names the program) when a source. */
static void prepare_submission(cli_matrix_submission *s, size_t index, const char *tmp)
{
    const char *dot = strrchr(s->source, '.');
    const char *slash = strrchr(s->source, '/');
    const char *ext = dot && (!slash || dot > slash) ? dot + 1 : "";
    char program[PATH_MAX + 24]; /* tmp (under PATH_MAX), '/', the index */
    snprintf(program, sizeof program, "%s/%zu", tmp, index);
    bool c = strcmp(ext, "c") == 0;
    if (c || strcmp(ext, "cpp") == 0 || strcmp(ext, "cc") == 0 || strcmp(ext, "cxx") == 0) {
        s->compiler = c ? "cc -std=gnu11 -O2" : "c++ -std=gnu++17 -O2";
        char *argv[] = {c ? "cc" : "c++", c ? "-std=gnu11" : "-std=gnu++17", "-O2", "-o",
                        program, s->source, "-lm", NULL};
        run_build(argv, s->problem, sizeof s->problem);
        s->program = joined(program, "", "");
    } else if (strcmp(ext, "py") == 0 || strcmp(ext, "sh") == 0) {
        s->interpreter = joined(ext[0] == 'p' ? "python3" : "sh", "", "");
        s->program = joined(s->source, "", "");
    } else if (access(s->source, X_OK) == 0) {
        s->program = joined(s->source, "", "");
    } else {
        snprintf(s->problem, sizeof s->problem, "no language for '%s' (.c, .cpp, .py, .sh or "
                 "an executable)", s->source);
    }
    if (!s->program && !s->problem[0])
        snprintf(s->problem, sizeof s->problem, "out of memory");
}

/* ---- running ------------------------------------------------------------------------------- */

/* Keeps what the report draws of a wrong case. */
static void keep_view(cli_matrix_cell *c, const cli_judgement *j)
{
    if (!j->checked || j->report.verdict != OJD_VERDICT_WRONG || j->report.failed_case == 0 ||
        j->report.failed_grid.side == 0)
        return;
    c->puzzle = malloc(sizeof *c->puzzle);
    c->grid = malloc(sizeof *c->grid);
    if (!c->puzzle || !c->grid) {
        free(c->puzzle);
        free(c->grid);
        c->puzzle = NULL;
        c->grid = NULL;
        return;
    }
    *c->puzzle = j->report.failed_puzzle;
    *c->grid = j->report.failed_grid;
}

/* Runs every submission on test t; false when the test cannot be read. */
static bool run_test(cli_matrix *m, const cli_contestant *who, size_t t)
{
    size_t in_len = 0, ans_len = 0;
    char *input = cli_read_file(m->test_inputs[t], &in_len);
    char *answer = m->test_answers[t] ? cli_read_file(m->test_answers[t], &ans_len) : NULL;
    if (!input || (m->test_answers[t] && !answer)) {
        cli_fail("judge: %s: %s", input ? m->test_answers[t] : m->test_inputs[t],
                 strerror(errno));
        free(input);
        free(answer);
        return false;
    }
    for (size_t s = 0; s < m->nsubmissions; s++) {
        cli_matrix_submission *sub = &m->submissions[s];
        cli_matrix_cell *c = &m->cells[t * m->nsubmissions + s];
        if (sub->problem[0]) {
            c->verdict = CLI_FAIL;
            snprintf(c->message, sizeof c->message, "%s", sub->problem);
            continue;
        }
        cli_contestant run = *who;
        char *argv[3] = {sub->interpreter ? sub->interpreter : sub->program,
                         sub->interpreter ? sub->program : NULL, NULL};
        run.path = sub->interpreter ? cli_run_resolve(sub->interpreter) : sub->program;
        run.argv = sub->argv ? sub->argv : argv;
        cli_judgement j;
        if (!run.path) {
            c->verdict = CLI_FAIL;
            snprintf(c->message, sizeof c->message, "cannot run %s: %s", sub->interpreter,
                     strerror(errno));
            continue;
        }
        cli_judge_run(&run, input, in_len, answer, ans_len, &j);
        c->verdict = j.verdict;
        c->wall = j.wall;
        c->cpu = j.cpu;
        c->peak_kib = j.peak_kib;
        snprintf(c->message, sizeof c->message, "%s", j.message);
        keep_view(c, &j);
        cli_judgement_free(&j);
        if (sub->interpreter)
            free(run.path);
    }
    free(input);
    free(answer);
    return true;
}

/* ---- the table ----------------------------------------------------------------------------- */

static void cell_text(const cli_matrix_cell *c, char *buf, size_t size)
{
    if (c->verdict == CLI_FAIL && c->wall == 0)
        snprintf(buf, size, "%s", cli_verdict_name(c->verdict));
    else
        snprintf(buf, size, "%-4s%5.2fs %5.1fM", cli_verdict_name(c->verdict), c->wall,
                 (double)c->peak_kib / 1024);
}

static void print_matrix(const cli_matrix *m, FILE *out)
{
    int name_width = 4;
    for (size_t t = 0; t < m->ntests; t++) {
        int w = (int)strlen(m->test_names[t]);
        name_width = w > name_width ? w : name_width;
    }
    int *width = calloc(m->nsubmissions ? m->nsubmissions : 1, sizeof *width);
    if (!width)
        return;
    for (size_t s = 0; s < m->nsubmissions; s++) {
        int w = (int)strlen(m->submissions[s].name);
        width[s] = w > 17 ? w : 17;
    }
    width[m->nsubmissions - 1] = 0; /* the last column: no padding at the end of a line */
    fprintf(out, "%-*s", name_width, "test");
    for (size_t s = 0; s < m->nsubmissions; s++)
        fprintf(out, "  %-*s", width[s], m->submissions[s].name);
    fputc('\n', out);
    for (size_t t = 0; t < m->ntests; t++) {
        fprintf(out, "%-*s", name_width, m->test_names[t]);
        for (size_t s = 0; s < m->nsubmissions; s++) {
            char text[64];
            cell_text(&m->cells[t * m->nsubmissions + s], text, sizeof text);
            fprintf(out, "  %-*s", width[s], text);
        }
        fputc('\n', out);
    }
    fprintf(out, "%-*s", name_width, "got");
    for (size_t s = 0; s < m->nsubmissions; s++) {
        const cli_matrix_submission *sub = &m->submissions[s];
        char text[64];
        snprintf(text, sizeof text, "%s %s", cli_verdict_name(sub->got),
                 sub->argv ? "" : sub->ok ? "as filed" : "MISFILED");
        fprintf(out, "  %-*s", width[s], text);
    }
    fputc('\n', out);
    free(width);
}

/* Sets the verdict of each submission and, when out is not NULL, writes a line for each that
 * contradicts its folder.  Returns the number of submissions not as filed. */
static size_t settle(cli_matrix *m, FILE *out)
{
    size_t bad = 0;
    for (size_t s = 0; s < m->nsubmissions; s++) {
        cli_matrix_submission *sub = &m->submissions[s];
        sub->got = CLI_AC;
        size_t at = 0;
        for (size_t t = 0; t < m->ntests && sub->got == CLI_AC; t++)
            if (m->cells[t * m->nsubmissions + s].verdict != CLI_AC) {
                sub->got = m->cells[t * m->nsubmissions + s].verdict;
                at = t;
            }
        sub->ok = !sub->problem[0] && sub->got == sub->expected;
        if (sub->ok)
            continue;
        bad++;
        if (!out)
            continue;
        if (sub->problem[0])
            fprintf(out, "%s: %s\n", sub->name, sub->problem);
        else if (sub->argv) /* a program of the command line: it should be accepted */
            fprintf(out, "%s: %s on test %s (%s)\n", sub->name, cli_verdict_name(sub->got),
                    m->test_names[at], m->cells[at * m->nsubmissions + s].message);
        else if (sub->got == CLI_AC)
            fprintf(out, "%s: accepted on every test, but filed as %s\n", sub->name,
                    cli_verdict_name(sub->expected));
        else
            fprintf(out, "%s: %s on test %s (%s), but filed as %s\n", sub->name,
                    cli_verdict_name(sub->got), m->test_names[at],
                    m->cells[at * m->nsubmissions + s].message, cli_verdict_name(sub->expected));
    }
    return bad;
}

/* Removes the programs built into tmp, then tmp. */
static void remove_built(const cli_matrix *m, const char *tmp)
{
    for (size_t s = 0; s < m->nsubmissions; s++)
        if (m->submissions[s].compiler && m->submissions[s].program)
            remove(m->submissions[s].program);
    rmdir(tmp);
}

void cli_matrix_free(cli_matrix *m)
{
    for (size_t t = 0; t < m->ntests; t++) {
        free(m->test_names[t]);
        free(m->test_inputs[t]);
        free(m->test_answers[t]);
    }
    free(m->test_names);
    free(m->test_inputs);
    free(m->test_answers);
    for (size_t s = 0; s < m->nsubmissions; s++) {
        cli_matrix_submission *sub = &m->submissions[s];
        free(sub->name);
        free(sub->source);
        free(sub->program);
        free(sub->interpreter);
    }
    for (size_t i = 0; m->cells && i < m->ntests * m->nsubmissions; i++) {
        free(m->cells[i].puzzle);
        free(m->cells[i].grid);
    }
    free(m->submissions);
    free(m->cells);
    free(m->dir);
    memset(m, 0, sizeof *m);
}

/* Finds what DIR holds; false after saying why (a usage or I/O error). */
static bool load(cli_matrix *m, const cli_contestant *who, const char *dir)
{
    m->dir = joined(dir, "", "");
    m->format = who->check.format ? who->check.format : package_format(dir);
    m->seconds = who->seconds;
    if (!m->dir)
        return false;
    if (!m->format) {
        cli_fail("judge: --package %s: no profile: name it with --format (the package's "
                 "output_validators/*/output_validator.c says none)", dir);
        return false;
    }
    char *data = joined(dir, "/", "data");
    bool ok = data && find_tests(m, data, "", 0) && find_submissions(m);
    free(data);
    if (ok && m->ntests == 0)
        cli_fail("judge: --package %s: no tests (data/**/NAME.in)", dir);
    else if (ok && m->nsubmissions == 0)
        cli_fail("judge: --package %s: no submissions (submissions/accepted/, wrong_answer/, "
                 "time_limit_exceeded/, run_time_error/)", dir);
    return ok && m->ntests && m->nsubmissions;
}

static int run_all(cli_matrix *m, const cli_contestant *who, const char *report);

int cli_matrix_main(const cli_contestant *who, const char *dir, const char *report)
{
    cli_matrix m;
    memset(&m, 0, sizeof m);
    /* the programs are built in a folder of their own under $TMPDIR, as POSIX tools do */
    const char *tmpdir = getenv("TMPDIR");
    char tmp[PATH_MAX];
    int n = snprintf(tmp, sizeof tmp, "%s/ojdoku-matrix-XXXXXX",
                     tmpdir && *tmpdir ? tmpdir : "/tmp");
    bool named = n > 0 && (size_t)n < sizeof tmp;
    if (!named)
        errno = ENAMETOOLONG;
    if (!load(&m, who, dir) || !named || !mkdtemp(tmp)) {
        if (m.format && m.ntests && m.nsubmissions)
            cli_fail("judge: cannot make a temporary folder: %s", strerror(errno));
        cli_matrix_free(&m);
        return CLI_EXIT_USAGE;
    }
    m.cells = calloc(m.ntests * m.nsubmissions, sizeof *m.cells);
    bool ok = m.cells != NULL;
    if (!ok)
        cli_fail("judge: out of memory");
    fprintf(stderr, "ojdoku: judge: package %s (%s): %zu submissions on %zu tests, %g s each\n",
            dir, ojd_profile_name(m.format), m.nsubmissions, m.ntests, m.seconds);
    for (size_t s = 0; ok && s < m.nsubmissions; s++)
        prepare_submission(&m.submissions[s], s, tmp);
    int status = ok ? run_all(&m, who, report) : CLI_EXIT_USAGE;
    remove_built(&m, tmp);
    cli_matrix_free(&m);
    return status;
}

/* The package's or the programs' matrix: runs, prints, reports; the exit status. */
static int run_all(cli_matrix *m, const cli_contestant *who, const char *report)
{
    cli_contestant limits = *who;
    limits.check.format = m->format;
    bool ok = true;
    for (size_t t = 0; ok && t < m->ntests; t++)
        ok = run_test(m, &limits, t);
    if (!ok)
        return CLI_EXIT_USAGE;
    size_t bad = settle(m, NULL);
    print_matrix(m, stdout);
    settle(m, stdout);
    if (m->submissions[0].argv)
        printf("%zu programs: %zu accepted on every test, %zu not\n", m->nsubmissions,
               m->nsubmissions - bad, bad);
    else
        printf("%zu submissions: %zu as filed, %zu not\n", m->nsubmissions,
               m->nsubmissions - bad, bad);
    int status = bad ? CLI_EXIT_UNANSWERED : CLI_EXIT_OK;
    if (report && !cli_report_html(m, report))
        status = CLI_EXIT_USAGE;
    return status;
}

/* The programs after "--", each up to the next "--", as submissions expected to be accepted. */
static bool add_programs(cli_matrix *m, int n, char **programs)
{
    for (int i = 0; i < n; i++) {
        int end = i;
        while (end < n && strcmp(programs[end], "--") != 0)
            end++;
        if (end == i) {
            cli_fail("judge: an empty program between two '--'");
            return false;
        }
        cli_matrix_submission *more = realloc(m->submissions,
                                              (m->nsubmissions + 1) * sizeof *more);
        if (!more)
            return false;
        m->submissions = more;
        cli_matrix_submission *s = &more[m->nsubmissions++];
        memset(s, 0, sizeof *s);
        s->expected = CLI_AC;
        s->argv = programs + i;
        if (end < n)
            programs[end] = NULL; /* its argv ends where the next program begins */
        size_t len = 0;
        for (int k = i; k < end; k++)
            len += strlen(programs[k]) + 1;
        s->name = calloc(1, len + 1);
        s->source = joined(programs[i], "", "");
        s->program = cli_run_resolve(programs[i]);
        if (!s->name || !s->source)
            return false;
        for (int k = i; k < end; k++)
            strcat(strcat(s->name, programs[k]), k + 1 < end ? " " : "");
        if (!s->program)
            snprintf(s->problem, sizeof s->problem, "cannot run '%s': %s", programs[i],
                     strerror(errno));
        i = end;
    }
    return true;
}

int cli_matrix_programs(const cli_contestant *who, char **paths, int npaths, int nprograms,
                        char **programs, const char *report)
{
    cli_matrix m;
    memset(&m, 0, sizeof m);
    m.format = who->check.format;
    m.seconds = who->seconds;
    size_t len = 1;
    for (int i = 0; i < npaths; i++)
        len += strlen(paths[i]) + 1;
    m.dir = calloc(1, len);
    bool ok = m.dir != NULL;
    for (int i = 0; ok && i < npaths; i++) {
        strcat(strcat(m.dir, paths[i]), i + 1 < npaths ? " " : "");
        size_t n = strlen(paths[i]);
        if (is_dir(paths[i]))
            ok = find_tests(&m, paths[i], npaths > 1 ? paths[i] : "", 0);
        else if (n > 3 && strcmp(paths[i] + n - 3, ".in") == 0 && access(paths[i], R_OK) == 0)
            ok = add_test(&m, "", "", paths[i]) || (cli_fail("judge: out of memory"), false);
        else {
            cli_fail("judge: %s: not a test (NAME.in) or a folder of them", paths[i]);
            ok = false;
        }
    }
    ok = ok && add_programs(&m, nprograms, programs);
    if (ok && m.ntests == 0)
        cli_fail("judge: no tests (NAME.in) in %s", m.dir);
    ok = ok && m.ntests && (m.cells = calloc(m.ntests * m.nsubmissions, sizeof *m.cells));
    int status = ok ? run_all(&m, who, report) : CLI_EXIT_USAGE;
    cli_matrix_free(&m);
    return status;
}
