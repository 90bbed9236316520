/*
 * report.c -- the HTML report of an invocation matrix (report.h).  Plain HTML and inline SVG,
 * styled by one <style> element: a browser shows all of it with scripts and the network off.
 */
#include "report.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The svg profile's geometry (src/io/svg.c): cells of 40 units inside a margin of 4.  A figure
 * of another width gets no marks (the differing cells are listed in words all the same). */
#define SVG_CELL 40
#define SVG_MARGIN 4

static void put_html(FILE *out, const char *s) { cli_put_xml(out, s, 0); }

/* s as one shell word: 'quoted' unless it is made of safe characters only. */
static void put_shell(FILE *out, const char *s)
{
    if (s[0] && strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
                          "_-./=+:,") == strlen(s)) {
        put_html(out, s);
        return;
    }
    putc('\'', out);
    for (; *s; s++) {
        if (*s == '\'')
            fputs("'\\''", out);
        else {
            char c[2] = {*s, '\0'};
            put_html(out, c);
        }
    }
    putc('\'', out);
}

static const char *verdict_class(cli_verdict v)
{
    static const char *const names[] = {"ac", "wa", "pe", "re", "tle", "mle", "ole", "fail"};
    return (size_t)v < sizeof names / sizeof names[0] ? names[v] : "fail";
}

static void put_head(FILE *out, const cli_matrix *m, const char *command)
{
    fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>", out);
    fprintf(out, "ojdoku %s: ", command);
    put_html(out, m->dir);
    fputs("</title>\n<style>\n"
          "body { font-family: sans-serif; margin: 1.5em; color: #111; }\n"
          "table { border-collapse: collapse; }\n"
          "th, td { border: 1px solid #999; padding: 0.2em 0.5em; text-align: left; "
          "white-space: nowrap; }\n"
          "td.ac { background: #d8f5d0; } td.wa, td.pe { background: #f9d0d0; }\n"
          "td.tle { background: #fbe5b8; } td.re, td.mle, td.ole { background: #e6d3f5; }\n"
          "td.fail { background: #bbb; } td.misfiled { font-weight: bold; color: #b00; }\n"
          "figure { display: inline-block; margin: 0 1em 0 0; vertical-align: top; }\n"
          "figcaption { text-align: center; }\n"
          "pre { background: #f2f2f2; padding: 0.4em; white-space: pre-wrap; }\n"
          "</style>\n</head>\n<body>\n", out);
}

static void put_matrix(FILE *out, const cli_matrix *m)
{
    fputs("<h2>Invocations</h2>\n<table id=\"matrix\">\n<tr><th>test</th>", out);
    for (size_t s = 0; s < m->nsubmissions; s++) {
        fputs("<th>", out);
        put_html(out, m->submissions[s].name);
        fputs("</th>", out);
    }
    fputs("</tr>\n", out);
    for (size_t t = 0; t < m->ntests; t++) {
        fputs("<tr><th>", out);
        put_html(out, m->test_names[t]);
        fputs("</th>", out);
        for (size_t s = 0; s < m->nsubmissions; s++) {
            const cli_matrix_cell *c = &m->cells[t * m->nsubmissions + s];
            fprintf(out, "<td class=\"%s\" title=\"", verdict_class(c->verdict));
            put_html(out, c->message);
            fprintf(out, "\">%s %.2f s %.1f MiB</td>", cli_verdict_name(c->verdict), c->wall,
                    (double)c->peak_kib / 1024);
        }
        fputs("</tr>\n", out);
    }
    fputs("<tr><th>verdict</th>", out);
    for (size_t s = 0; s < m->nsubmissions; s++) {
        const cli_matrix_submission *sub = &m->submissions[s];
        if (sub->argv)
            fprintf(out, "<td class=\"%s\">%s</td>", sub->ok ? "filed" : "misfiled",
                    cli_verdict_name(sub->got));
        else
            fprintf(out, "<td class=\"%s\">%s, filed %s: %s</td>", sub->ok ? "filed" : "misfiled",
                    cli_verdict_name(sub->got), cli_verdict_name(sub->expected),
                    sub->ok ? "as filed" : "MISFILED");
    }
    fputs("</tr>\n</table>\n", out);
}

/* Each submission's slowest run as a bar, the time limit as a line. */
static void put_chart(FILE *out, const cli_matrix *m)
{
    const int bar = 18, left = 260, span = 400;
    double scale = m->seconds > 0 ? m->seconds * 1.25 : 1;
    int height = (int)m->nsubmissions * (bar + 6) + 30;
    fprintf(out, "<h2>Times</h2>\n<svg id=\"times\" xmlns=\"http://www.w3.org/2000/svg\" "
            "width=\"%d\" height=\"%d\" font-size=\"12\">\n", left + span + 80, height);
    for (size_t s = 0; s < m->nsubmissions; s++) {
        double slowest = 0;
        for (size_t t = 0; t < m->ntests; t++) {
            double w = m->cells[t * m->nsubmissions + s].wall;
            slowest = w > slowest ? w : slowest;
        }
        int y = 10 + (int)s * (bar + 6);
        int w = (int)(span * (slowest < scale ? slowest : scale) / scale) + 1;
        fprintf(out, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">", left - 6, y + 13);
        put_html(out, m->submissions[s].name);
        fprintf(out, "</text><rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
                "fill=\"#4a78c2\"/><text x=\"%d\" y=\"%d\">%.2f s</text>\n", left, y, w, bar,
                left + w + 4, y + 13, slowest);
    }
    int limit = left + (int)(span * m->seconds / scale);
    fprintf(out, "<line x1=\"%d\" y1=\"4\" x2=\"%d\" y2=\"%d\" stroke=\"#c00\" "
            "stroke-dasharray=\"4 3\"/><text x=\"%d\" y=\"%d\" fill=\"#c00\">time limit "
            "%g s</text>\n</svg>\n", limit, limit, height - 16, limit - 40, height - 4,
            m->seconds);
}

/* The svg profile's figure of puzzle, with filled's values (NULL: the puzzle alone), marked
 * cells outlined in red. */
static void put_figure(FILE *out, const ojd_puzzle *puzzle, const ojd_board *filled,
                       const bool *marked, const char *caption)
{
    const ojd_profile *svg = ojd_profile_find("svg");
    char *text = NULL;
    size_t len = 0;
    FILE *mem = svg ? open_memstream(&text, &len) : NULL;
    ojd_writer *w = mem ? ojd_writer_new(mem, svg, NULL) : NULL;
    ojd_answer *answer = w && filled ? ojd_answer_new() : NULL;
    bool ok = false;
    if (w && filled && answer) {
        static ojd_result r; /* large: not on the stack */
        memset(&r, 0, sizeof r);
        r.solution = *filled;
        r.solutions = 1;
        ok = ojd_writer_format(w, puzzle, OJD_OK, &r, answer) == OJD_OK &&
             ojd_writer_put(w, answer) == OJD_OK;
    } else if (w) {
        ok = ojd_write_puzzles(mem, svg, &puzzle->board, 1) == OJD_OK;
    }
    ojd_answer_free(answer);
    ojd_writer_free(w);
    if (mem && fclose(mem) != 0)
        ok = false;
    const char *doc = ok && text ? strstr(text, "<svg") : NULL;
    const char *end = doc ? strstr(doc, "</svg>") : NULL;
    fputs("<figure>", out);
    if (end) {
        fwrite(doc, 1, (size_t)(end - doc), out);
        int side = puzzle->board.side;
        char width[32];
        snprintf(width, sizeof width, "width=\"%d\"", 2 * SVG_MARGIN + side * SVG_CELL);
        const char *tag_end = strchr(doc, '>');
        bool geometry = tag_end && strstr(doc, width) && strstr(doc, width) < tag_end;
        for (int i = 0; marked && geometry && i < side * side; i++)
            if (marked[i])
                fprintf(out, "<rect class=\"differs\" x=\"%d\" y=\"%d\" width=\"%d\" "
                        "height=\"%d\" fill=\"#ff0000\" fill-opacity=\"0.25\" stroke=\"#d00000\" "
                        "stroke-width=\"3\"/>\n", SVG_MARGIN + i % side * SVG_CELL,
                        SVG_MARGIN + i / side * SVG_CELL, SVG_CELL, SVG_CELL);
        fputs("</svg>", out);
    } else {
        fputs("<p>(no figure)</p>", out);
    }
    fputs("<figcaption>", out);
    put_html(out, caption);
    fputs("</figcaption></figure>\n", out);
    free(text);
}

/* The three figures of a wrong case: the puzzle, a correct solution, the program's grid. */
static void put_figures(FILE *out, const cli_matrix_cell *c)
{
    static ojd_result solved; /* large: not on the stack */
    static bool marked[OJD_MAX_CELLS];
    ojd_engine *engine = ojd_engine_new(NULL);
    ojd_search search = {.limit = 1};
    bool have = engine && ojd_engine_solve(engine, &c->puzzle->board, &search, &solved) == OJD_OK;
    ojd_engine_free(engine);
    int cells = c->puzzle->board.side * c->puzzle->board.side;
    int differ = 0;
    for (int i = 0; i < cells; i++) {
        marked[i] = have ? c->grid->cell[i] != solved.solution.cell[i]
                         : c->puzzle->board.cell[i] && c->grid->cell[i] != c->puzzle->board.cell[i];
        differ += marked[i];
    }
    fputs("<div class=\"figures\">\n", out);
    put_figure(out, c->puzzle, NULL, NULL, "the puzzle");
    if (have)
        put_figure(out, c->puzzle, &solved.solution, NULL, "a correct solution");
    char caption[96];
    snprintf(caption, sizeof caption, "the program's grid: %d cell%s differ%s", differ,
             differ == 1 ? "" : "s", differ == 1 ? "s" : "");
    put_figure(out, c->puzzle, c->grid, marked, caption);
    fputs("</div>\n", out);
}

/* The command that runs submission s on test t again (a source compiled to /tmp/NAME first:
 * the judge's own build is gone with the run). */
static void put_command(FILE *out, const cli_matrix *m, size_t s, size_t t)
{
    const cli_matrix_submission *sub = &m->submissions[s];
    char program[300];
    if (sub->compiler) {
        const char *base = strrchr(sub->source, '/');
        base = base ? base + 1 : sub->source;
        snprintf(program, sizeof program, "/tmp/%.*s", (int)strcspn(base, "."), base);
    }
    fputs("<pre class=\"command\"><code>", out);
    if (sub->compiler) {
        fprintf(out, "%s -o ", sub->compiler);
        put_shell(out, program);
        putc(' ', out);
        put_shell(out, sub->source);
        fputs(" -lm &amp;&amp; \\\n", out);
    }
    fputs("ojdoku judge ", out);
    if (m->format)
        fprintf(out, "--format %s ", ojd_profile_name(m->format));
    fprintf(out, "--tl %g ", m->seconds);
    put_shell(out, m->test_inputs[t]);
    fputs(" --", out);
    for (char **a = sub->argv; a && *a; a++) {
        putc(' ', out);
        put_shell(out, *a);
    }
    if (sub->argv) {
        fputs("</code></pre>\n", out);
        return;
    }
    putc(' ', out);
    if (sub->interpreter) {
        put_html(out, sub->interpreter);
        putc(' ', out);
    }
    put_shell(out, sub->compiler ? program : sub->program ? sub->program : sub->source);
    fputs("</code></pre>\n", out);
}

static void put_failures(FILE *out, const cli_matrix *m)
{
    fputs("<h2>Failing runs</h2>\n", out);
    size_t shown = 0;
    for (size_t s = 0; s < m->nsubmissions; s++)
        for (size_t t = 0; t < m->ntests; t++) {
            const cli_matrix_cell *c = &m->cells[t * m->nsubmissions + s];
            if (c->verdict == CLI_AC)
                continue;
            shown++;
            fprintf(out, "<section class=\"failure %s\">\n<h3>", verdict_class(c->verdict));
            put_html(out, m->submissions[s].name);
            fputs(" on ", out);
            put_html(out, m->test_names[t]);
            fprintf(out, ": %s</h3>\n<p>", cli_verdict_name(c->verdict));
            put_html(out, c->message);
            fputs("</p>\n", out);
            if (c->puzzle && c->grid)
                put_figures(out, c);
            put_command(out, m, s, t);
            fputs("</section>\n", out);
        }
    if (!shown)
        fputs("<p>None: every run was accepted.</p>\n", out);
}

bool cli_report_html_text(const cli_matrix *m, const cli_report_text *text, const char *path)
{
    FILE *out = fopen(path, "w");
    if (!out) {
        cli_fail("%s: --report %s: %s", text->command, path, strerror(errno));
        return false;
    }
    put_head(out, m, text->command);
    fputs("<h1>", out);
    put_html(out, text->heading);
    fputs("</h1>\n<p id=\"summary\">", out);
    put_html(out, text->summary);
    fputs("</p>\n", out);
    put_matrix(out, m);
    put_chart(out, m);
    put_failures(out, m);
    fputs("</body>\n</html>\n", out);
    if (ferror(out) | (fclose(out) != 0)) {
        cli_fail("%s: --report %s: cannot write it", text->command, path);
        return false;
    }
    return true;
}

bool cli_report_html(const cli_matrix *m, const char *path)
{
    size_t bad = 0;
    for (size_t s = 0; s < m->nsubmissions; s++)
        bad += !m->submissions[s].ok;
    bool programs = m->submissions && m->submissions[0].argv;
    char heading[4200], summary[400];
    snprintf(heading, sizeof heading, "ojdoku judge %s%s", programs ? "" : "--package ", m->dir);
    snprintf(summary, sizeof summary,
             "Profile %s; %zu submission%s on %zu test%s, time limit %g s: %zu %s, %zu not.",
             m->format ? ojd_profile_name(m->format) : "none (each output mirrors its input)",
             m->nsubmissions, m->nsubmissions == 1 ? "" : "s", m->ntests,
             m->ntests == 1 ? "" : "s", m->seconds, m->nsubmissions - bad,
             programs ? "accepted on every test" : "as filed", bad);
    cli_report_text text = {"judge", heading, summary};
    return cli_report_html_text(m, &text, path);
}
