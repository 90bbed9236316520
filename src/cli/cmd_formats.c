/*
 * cmd_formats.c -- `ojdoku formats [ID]`: the catalogue of judge problems --format can name (the
 * library's table).  Without an ID, one line each: id, task, title, the statement's address,
 * and the problem's other ids.  With an ID (or an alias), that problem: its title, statement address, task, input and
 * output rules (ojd_format_rules(), from the same fields the reader and writer follow) and its
 * statement's sample as samples/ holds it (cli_samples[], built in).
 */
#include "cli.h"

#include <stdio.h>
#include <string.h>

static const char usage[] =
    "Usage: ojdoku formats [ID]\n"
    "List the judge problems --format can name, one per line: id, task (solve,\n"
    "smallest, unique, classify, validity, count, sum, deduce, score, transform),\n"
    "title, the address of its statement, and its ids on other judges.\n"
    "With ID (a problem's id or one of its other ids), show that problem: its\n"
    "statement's address, input and output rules, and the statement's sample.\n"
    "\n"
    "Options:\n"
    "  -h, --help            print this help and exit\n";

/* The built-in sample of the problem a user named: the name's own (an alias may have one),
 * else its profile's. */
static const cli_sample *sample_of(const char *name, const ojd_format *f)
{
    for (const cli_sample *s = cli_samples; s->name; s++)
        if (strcmp(s->name, name) == 0)
            return s;
    for (const cli_sample *s = cli_samples; s->name; s++)
        if (strcmp(s->name, ojd_format_name(f)) == 0)
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

static int show(const char *name)
{
    char why[CLI_MESSAGE_SIZE];
    const ojd_format *f = cli_find_format(name, why, sizeof why);
    if (!f) {
        cli_fail("formats: %s", why);
        return CLI_EXIT_USAGE;
    }
    printf("%s", ojd_format_name(f));
    if (*ojd_format_title(f))
        printf(" -- %s", ojd_format_title(f));
    printf("\n%s\n", ojd_format_summary(f));
    if (ojd_format_alias(f, 0)) {
        printf("also:   ");
        for (int k = 0; ojd_format_alias(f, k); k++)
            printf("%s%s", k ? ", " : "", ojd_format_alias(f, k));
        printf("\n");
    }
    if (*ojd_format_url(f))
        printf("source: %s\n", ojd_format_url(f));
    printf("task:   %s\n", ojd_format_task_name(f));
    char rules[2048];
    ojd_format_rules(f, rules, sizeof rules);
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
    if (argc == 2 && argv[1][0] != '-')
        return show(argv[1]);
    int status = cli_parse_help_only(argc, argv, usage);
    if (status >= 0)
        return status;
    /* a problem's title and the address of its statement; a profile that is no judge's
     * problem (line, grid, json) says what it is instead */
    for (const ojd_format *const *f = ojd_format_list(); *f; f++) {
        printf("%-19s %-9s ", ojd_format_name(*f), ojd_format_task_name(*f));
        if (*ojd_format_url(*f))
            printf("%s  %s", ojd_format_title(*f), ojd_format_url(*f));
        else
            printf("%s", ojd_format_summary(*f));
        for (int k = 0; ojd_format_alias(*f, k); k++)
            printf("%s%s", k ? ", " : " [also: ", ojd_format_alias(*f, k));
        printf("%s\n", ojd_format_alias(*f, 0) ? "]" : "");
    }
    return CLI_EXIT_OK;
}
