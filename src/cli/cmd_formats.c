/*
 * cmd_formats.c -- `ojdoku formats [ID]`: the catalogue of judge problems --format can name (the
 * library's table).  Without an ID, one line each: id, task, title, the statement's address,
 * and the problem's other ids.  With an ID (or an alias), that problem: its title, statement address, task, input and
 * output rules (ojd_profile_rules(), from the same fields the reader and writer follow) and its
 * statement's sample as samples/ holds it (cli_samples[], built in).
 */
#include "cli.h"

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage[] =
    "Usage: ojdoku formats [--profile] [ID | FILE.profile]\n"
    "       ojdoku formats --keys\n"
    "List the judge problems --format can name, one per line: id, task (solve,\n"
    "smallest, unique, classify, validity, count, sum, deduce, score, transform),\n"
    "title, the address of its statement, and its ids on other judges.\n"
    "With ID (a problem's id or one of its other ids) or a profile file, show that\n"
    "problem: its statement's address, input and output rules, and the statement's\n"
    "sample.\n"
    "\n"
    "Options:\n"
    "  -p, --profile         print the problem's profile file instead (to copy and\n"
    "                        edit into a profile of one's own)\n"
    "      --keys            list the keys of a profile file, one per line\n"
    "  -h, --help            print this help and exit\n";

/* The built-in sample of the problem a user named: the name's own (an alias may have one),
 * else its profile's; none for a profile loaded from a file (its id may be a built-in's). */
static const cli_sample *sample_of(const char *name, const ojd_profile *f)
{
    if (ojd_profile_find(ojd_profile_name(f)) != f)
        return NULL;
    for (const cli_sample *s = cli_samples; s->name; s++)
        if (strcmp(s->name, name) == 0)
            return s;
    for (const cli_sample *s = cli_samples; s->name; s++)
        if (strcmp(s->name, ojd_profile_name(f)) == 0)
            return s;
    return NULL;
}

/* The text of a sample, indented by four spaces a line; "(empty)" for none. */
static void put_indented(const char *text)
{
    if (!*text) {
        printf("    (empty)\n");
        return;
    }
    while (*text) {
        size_t n = strcspn(text, "\n");
        printf(n ? "    %.*s\n" : "%.*s\n", (int)n, text);
        text += n + (text[n] == '\n');
    }
}

/* Prints text (lines ended by '\n') with every line folded at spaces to fit 79 columns, the
 * folded parts indented by 8 (under the text after "input:  " and "output: "). */
static void put_wrapped(const char *text)
{
    enum { WIDTH = 79, INDENT = 8 };
    while (*text) {
        size_t end = strcspn(text, "\n");
        size_t col = 0;
        const char *p = text, *stop = text + end;
        while (p < stop) {
            size_t room = WIDTH - col;
            size_t n = (size_t)(stop - p);
            if (n > room) { /* the last space that fits, else the first after it */
                size_t cut = room;
                while (cut > 0 && p[cut] != ' ')
                    cut--;
                if (cut == 0)
                    cut = strcspn(p, " ") < n ? strcspn(p, " ") : n;
                n = cut;
            }
            printf("%.*s\n", (int)n, p);
            p += n;
            while (p < stop && *p == ' ')
                p++;
            if (p < stop) {
                printf("%*s", INDENT, "");
                col = INDENT;
            }
        }
        text = stop + (*stop == '\n');
    }
}

/* The profile file of f, as ojd_profile_write() writes it. */
static int show_profile(const ojd_profile *f)
{
    size_t len = ojd_profile_write(f, NULL, 0);
    char *text = malloc(len + 1);
    if (!text) {
        cli_fail("formats: out of memory");
        return CLI_EXIT_USAGE;
    }
    ojd_profile_write(f, text, len + 1);
    fputs(text, stdout);
    free(text);
    return CLI_EXIT_OK;
}

static int show_keys(void)
{
    const char *help;
    for (int k = 0; ojd_profile_key(k, &help); k++)
        printf("%-17s %s\n", ojd_profile_key(k, NULL), help);
    return CLI_EXIT_OK;
}

static int show(const char *name, bool profile)
{
    char why[CLI_MESSAGE_SIZE];
    const ojd_profile *f = cli_find_format(name, why, sizeof why);
    if (!f) {
        cli_fail("formats: %s", why);
        return CLI_EXIT_USAGE;
    }
    if (profile)
        return show_profile(f);
    printf("%s", ojd_profile_name(f));
    if (*ojd_profile_title(f))
        printf(" -- %s", ojd_profile_title(f));
    printf("\n%s\n", ojd_profile_summary(f));
    if (ojd_profile_alias(f, 0)) {
        printf("also:   ");
        for (int k = 0; ojd_profile_alias(f, k); k++)
            printf("%s%s", k ? ", " : "", ojd_profile_alias(f, k));
        printf("\n");
    }
    if (*ojd_profile_url(f))
        printf("source: %s\n", ojd_profile_url(f));
    printf("task:   %s\n", ojd_profile_task_name(f));
    char rules[2048];
    ojd_profile_rules(f, rules, sizeof rules);
    put_wrapped(rules);
    const cli_sample *s = sample_of(name, f);
    if (s) {
        printf("sample input (samples/%s.in):\n", s->name);
        put_indented(s->input);
        printf("sample output (samples/%s.out):\n", s->name);
        put_indented(s->output);
    }
    return CLI_EXIT_OK;
}

int cmd_formats(int argc, char **argv)
{
    static const struct option longs[] = {
        {"profile", no_argument, NULL, 'p'},
        {"keys", no_argument, NULL, 'k'},
        {"help", no_argument, NULL, 'h'},
        {NULL, 0, NULL, 0},
    };
    bool profile = false, keys = false;
    int c;
    opterr = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, ":ph", longs, NULL)) != -1) {
        switch (c) {
        case 'p':
            profile = true;
            break;
        case 'k':
            keys = true;
            break;
        case 'h':
            fputs(usage, stdout);
            return CLI_EXIT_OK;
        default:
            return cli_option_error("formats", longs, c, optopt, optind, argv);
        }
    }
    if (argc - optind > 1 || (keys && (profile || optind < argc)) ||
        (profile && optind == argc)) {
        cli_fail("formats: %s", keys ? "--keys takes no ID" : profile ? "--profile wants an ID"
                                                                      : "one ID at most");
        return CLI_EXIT_USAGE;
    }
    if (keys)
        return show_keys();
    if (optind < argc)
        return show(argv[optind], profile);
    /* a problem's title and the address of its statement; a profile that is no judge's
     * problem (line, grid, json) says what it is instead */
    for (const ojd_profile *const *f = ojd_profile_list(); *f; f++) {
        printf("%-19s %-9s ", ojd_profile_name(*f), ojd_profile_task_name(*f));
        if (*ojd_profile_url(*f))
            printf("%s  %s", ojd_profile_title(*f), ojd_profile_url(*f));
        else
            printf("%s", ojd_profile_summary(*f));
        for (int k = 0; ojd_profile_alias(*f, k); k++)
            printf("%s%s", k ? ", " : " [also: ", ojd_profile_alias(*f, k));
        printf("%s\n", ojd_profile_alias(*f, 0) ? "]" : "");
    }
    return CLI_EXIT_OK;
}
