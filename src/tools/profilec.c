/*
 * profilec.c -- the built-in catalogue's compiler, run by the build: reads profiles/index and
 * every profiles/ID.profile with the library's own parser (src/io/profile.c) and writes, to
 * standard output, profiles.def: one OJD_CATALOGUE_ROW(ID, {...}) row per profile in index order, the
 * designated initializer of its struct ojd_profile, which src/io/format.c includes as its table.
 * So a built-in is exactly what the same file given to --format loads.  Refuses (exit 1, each
 * reason on stderr as FILE:LINE: error: MESSAGE) a profile that does not parse, a file whose
 * name is not its id, an id or alias given twice, and a file that index does not list.
 */
#include "io/format.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_PROFILES 512

typedef struct report_ctx {
    const char *path;
    int errors;
} report_ctx;

static void report(void *context, int line, const char *message)
{
    report_ctx *r = context;
    r->errors++;
    if (line)
        fprintf(stderr, "%s:%d: error: %s\n", r->path, line, message);
    else
        fprintf(stderr, "%s: error: %s\n", r->path, message);
}

static char *slurp(const char *path, size_t *length)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 4096, len = 0;
    char *buf = malloc(cap);
    for (size_t n; buf && (n = fread(buf + len, 1, cap - len, f)) > 0;) {
        len += n;
        if (len == cap) {
            char *bigger = realloc(buf, cap *= 2);
            if (!bigger)
                free(buf);
            buf = bigger;
        }
    }
    fclose(f);
    *length = len;
    return buf;
}

/* A C string literal of s: quotes, backslashes and '?' (trigraphs) escaped, control bytes as
 * octal. */
static void put_string(const char *field, const char *s)
{
    if (!s)
        return;
    printf("    .%s = \"", field);
    for (const unsigned char *c = (const unsigned char *)s; *c; c++) {
        if (*c == '"' || *c == '\\' || *c == '?')
            printf("\\%c", *c);
        else if (*c < 0x20 || *c == 0x7f)
            printf("\\%03o", *c);
        else
            putchar(*c);
    }
    printf("\",\n");
}

static void put_row(const ojd_profile *f)
{
    printf("OJD_CATALOGUE_ROW(%s, {\n", f->name);
    put_string("name", f->name);
    put_string("summary", f->summary);
    put_string("title", f->title);
    put_string("url", f->url);
    for (int k = 0; k < OJD_MAX_ALIASES && f->aliases[k]; k++) {
        char field[24];
        snprintf(field, sizeof field, "aliases[%d]", k);
        put_string(field, f->aliases[k]);
    }
    printf("    .task = (ojd_task)%d, .method = (ojd_method)%d,\n", (int)f->task, (int)f->method);
    printf("    .grammar = (ojd_grammar)%d, .side = %d, .count_line = %d, .size_prefix = %d,\n",
           (int)f->grammar, f->side, f->count_line, (int)f->size_prefix);
    printf("    .terminator = %d, .in_separator = (ojd_separator)%d, .in_separator_first = %d,\n",
           (int)f->terminator, (int)f->in_separator, (int)f->in_separator_first);
    printf("    .blank = %d, .walls = %d, .letters = %d, .units = %uu,\n", f->blank,
           (int)f->walls, (int)f->letters, f->units);
    if (f->digits_first) /* only where set: every emitted validator carries the table */
        printf("    .digits_first = 1,\n");
    put_string("in_header", f->in_header);
    printf("    .style = (ojd_style)%d, .framing = (ojd_framing)%d, "
           ".out_separator = (ojd_separator)%d,\n",
           (int)f->style, (int)f->framing, (int)f->out_separator);
    if (f->rule_dashes) /* only where set: every emitted program carries the rows */
        printf("    .rule_dashes = 1,\n");
    if (f->frame)
        printf("    .frame = 1,\n");
    put_string("header", f->header);
    put_string("tally", f->tally);
    put_string("verdict_line", f->verdict_line);
    printf("    .unique = %d, .lexmin = %d, .words_any_case = %d,\n", (int)f->unique,
           (int)f->lexmin, (int)f->words_any_case);
    for (int o = 0; o < OJD_OUTCOME_COUNT_; o++) {
        char field[16];
        snprintf(field, sizeof field, "words[%d]", o);
        put_string(field, f->words[o]);
    }
    printf("    .kinds = %uu, .max_cases = %luUL, .blanks = %d, .min_side = %d, .max_side = %d,\n",
           f->kinds, f->max_cases, f->blanks, f->min_side, f->max_side);
    printf("    .min_givens = %d, .max_givens = %d, .trailing_spaces = %d,\n", f->min_givens,
           f->max_givens, (int)f->trailing_spaces);
    if (f->any_values) /* else zero: a program of another profile carries no line of it */
        printf("    .any_values = 1, .min_value = %ldL, .max_value = %ldL,\n", f->min_value,
               f->max_value);
    printf("})\n");
}

static bool listed(char names[][64], int n, const char *name)
{
    for (int i = 0; i < n; i++)
        if (strcmp(names[i], name) == 0)
            return true;
    return false;
}

/* The ids of index, in order; -1 after a failure. */
static int read_index(const char *dir, char names[][64])
{
    char path[4096];
    snprintf(path, sizeof path, "%s/index", dir);
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "profilec: cannot read %s\n", path);
        return -1;
    }
    int n = 0, line = 0;
    char buf[256];
    while (fgets(buf, sizeof buf, f)) {
        line++;
        buf[strcspn(buf, " \t\r\n#")] = '\0';
        if (!buf[0])
            continue;
        if (n == MAX_PROFILES || strlen(buf) >= 64 || listed(names, n, buf)) {
            fprintf(stderr, "%s:%d: error: '%s' is listed twice, too long, or one too many\n",
                    path, line, buf);
            fclose(f);
            return -1;
        }
        memcpy(names[n++], buf, strlen(buf) + 1);
    }
    fclose(f);
    return n;
}

/* Every DIR/ *.profile is listed in index. */
static int unlisted(const char *dir, char names[][64], int n)
{
    DIR *d = opendir(dir);
    int bad = 0;
    for (struct dirent *e; d && (e = readdir(d));) {
        size_t len = strlen(e->d_name);
        if (len <= 8 || strcmp(e->d_name + len - 8, ".profile") != 0)
            continue;
        char id[300];
        snprintf(id, sizeof id, "%.*s", (int)(len - 8), e->d_name);
        if (!listed(names, n, id)) {
            fprintf(stderr, "%s/%s: error: not listed in %s/index\n", dir, e->d_name, dir);
            bad++;
        }
    }
    if (d)
        closedir(d);
    return bad;
}

/* No id or alias names two profiles. */
static int clashes(const ojd_profile *const *all, int n)
{
    int bad = 0;
    for (int i = 0; i < n; i++)
        for (int j = 0; j <= i; j++)
            for (int a = -1; a < OJD_MAX_ALIASES; a++) {
                const char *x = a < 0 ? all[i]->name : all[i]->aliases[a];
                if (!x)
                    break;
                bool clash = j < i && strcmp(x, all[j]->name) == 0;
                for (int b = 0; b < OJD_MAX_ALIASES && all[j]->aliases[b]; b++)
                    clash |= (j < i || b != a) && strcmp(x, all[j]->aliases[b]) == 0;
                if (clash) {
                    fprintf(stderr, "profilec: '%s' names both %s and %s\n", x, all[j]->name,
                            all[i]->name);
                    bad++;
                }
            }
    return bad;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: profilec PROFILES_DIR > profiles.def\n");
        return 2;
    }
    static char names[MAX_PROFILES][64];
    static ojd_profile *all[MAX_PROFILES];
    int n = read_index(argv[1], names), bad = n < 0;
    for (int i = 0; i < n; i++) {
        char path[8192];
        if (snprintf(path, sizeof path, "%s/%s.profile", argv[1], names[i]) >= (int)sizeof path)
            return 2;
        report_ctx r = {path, 0};
        size_t length;
        char *text = slurp(path, &length);
        if (!text) {
            fprintf(stderr, "%s: error: cannot read (listed in index)\n", path);
            bad++;
            continue;
        }
        all[i] = ojd_profile_parse(text, length, report, &r);
        free(text);
        if (all[i] && strcmp(all[i]->name, names[i]) != 0) {
            fprintf(stderr, "%s: error: the id is '%s'; a file is named after its id\n", path,
                    all[i]->name);
            bad++;
        }
        bad += !all[i];
    }
    if (!bad)
        bad = unlisted(argv[1], names, n) + clashes((const ojd_profile *const *)all, n);
    if (!bad) {
        printf("/* Generated by src/tools/profilec.c from profiles/: do not edit. */\n");
        for (int i = 0; i < n; i++)
            put_row(all[i]);
    }
    for (int i = 0; i < n; i++)
        ojd_profile_free(all[i]);
    return bad ? 1 : 0;
}
