/*
 * testdata.c -- the one path by which generate, judge --generate and stress make test data
 * (testdata.h): their shared options, the statement's rules they keep to, the making and judging
 * of a case, and its writing through the library's writer.
 *
 * A case depends on the seed, the options and its index alone (case_rng), so any thread makes
 * it; its answer is what `ojdoku solve --format NAME` prints (asked of the engine under the
 * profile's search unless it is a unique case's solution), so no case is written that solve
 * would answer with a diagnostic.  More: docs/generating.md, "Notes moved from the source".
 */
#include "cli/cli.h"
#include "cli/batch/testdata.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define MAX_ATTEMPTS 100000000ULL /* --attempts: fits an unsigned */

cli_testdata cli_testdata_default(void)
{
    return (cli_testdata){.opt = {.side = 9, .grade = OJD_GRADE_ANY}};
}

/* --kinds LIST: comma-separated kind names into a set.  false (reported) on a bad name. */
static bool parse_kinds(const char *command, const char *list, unsigned *kinds)
{
    char name[32];
    *kinds = 0;
    for (const char *p = list;;) {
        size_t len = strcspn(p, ",");
        ojd_outcome k;
        if (len == 0 || len >= sizeof name) {
            cli_fail("%s: --kinds wants kinds separated by commas (unique, multiple, "
                     "unsolvable, conflict), not '%s'", command, list);
            return false;
        }
        memcpy(name, p, len);
        name[len] = '\0';
        if (!ojd_kind_find(name, &k)) {
            cli_fail("%s: unknown kind '%s' (unique, multiple, unsolvable, conflict)", command,
                     name);
            return false;
        }
        *kinds |= OJD_KIND_BIT(k);
        if (!p[len])
            return true;
        p += len + 1;
    }
}

/* The options of the grid and its randomness: --side, --box, --variant, --seed.  The option
 * functions answer 1 (taken), 0 (not theirs) or -1 (reported). */
static int grid_option(const char *command, int c, const char *value, cli_testdata *t)
{
    unsigned long long n;
    switch (c) {
    case CLI_OPT_SIDE:
        if (!cli_parse_number(value, OJD_MAX_SIDE, &n) || n < 4 ||
            !ojd_shape_of_side((int)n, NULL, NULL)) {
            cli_fail("%s: --side wants a side that boxes of 2 to %d rows and columns tile "
                     "(4, 6, 8, 9, 10, 12, 16, 25, ... %d), not '%s'", command, OJD_MAX_BOX,
                     OJD_MAX_SIDE, value);
            return -1;
        }
        t->opt.side = (int)n;
        t->side_given = true;
        return 1;
    case CLI_OPT_BOX: {
        cli_box box;
        if (!cli_parse_box(command, value, &box))
            return -1;
        t->opt.box_rows = box.rows;
        t->opt.box_cols = box.cols;
        return 1;
    }
    case CLI_OPT_VARIANT:
        return cli_parse_variant(command, value, &t->opt.units) ? 1 : -1;
    case CLI_OPT_SEED:
        if (!cli_parse_number(value, ~0ULL, &t->seed)) {
            cli_fail("%s: --seed wants a whole number from 0 to %llu, not '%s'", command, ~0ULL,
                     value);
            return -1;
        }
        t->seeded = true;
        return 1;
    default:
        return 0;
    }
}

/* The options of the puzzle a unique case starts from: --solved, --symmetry, --clues,
 * --minimal, --difficulty, --attempts, --hard-for. */
static int puzzle_option(const char *command, int c, const char *value, cli_testdata *t)
{
    unsigned long long n;
    char why[CLI_MESSAGE_SIZE];
    switch (c) {
    case CLI_OPT_SOLVED:
        t->opt.solved = true;
        return 1;
    case CLI_OPT_SYMMETRY:
        if (!ojd_symmetry_find(value, &t->opt.symmetry)) {
            cli_fail("%s: unknown symmetry '%s' (none, rotate180, rotate90, mirror, flip, "
                     "diagonal, antidiagonal)", command, value);
            return -1;
        }
        t->symmetry_given = true;
        return 1;
    case CLI_OPT_CLUES:
        /* the side may come later (--side, --box, --format): the bound here is the largest
         * grid's, and cli_testdata_settle() holds N to the grid's own cells */
        if (!cli_parse_number(value, OJD_MAX_CELLS, &n) || n == 0) {
            cli_fail("%s: --clues wants a number of givens from 1 to %d, not '%s'", command,
                     OJD_MAX_CELLS, value);
            return -1;
        }
        t->opt.clues = (int)n;
        return 1;
    case CLI_OPT_MINIMAL:
        t->opt.minimal = true;
        return 1;
    case CLI_OPT_DIFFICULTY:
        if (!ojd_grade_find(value, &t->opt.grade)) {
            cli_fail("%s: unknown difficulty '%s' (easy, medium, hard, expert, extreme)",
                     command, value);
            return -1;
        }
        return 1;
    case CLI_OPT_ATTEMPTS:
        if (!cli_parse_number(value, MAX_ATTEMPTS, &n) || n == 0) {
            cli_fail("%s: --attempts wants a number of grids from 1 to %llu, not '%s'", command,
                     MAX_ATTEMPTS, value);
            return -1;
        }
        t->opt.attempts = (unsigned)n;
        return 1;
    case CLI_OPT_HARD_FOR:
        t->hard_for = cli_find_solver(value, why, sizeof why);
        if (!t->hard_for) {
            cli_fail("%s: %s", command, why);
            return -1;
        }
        return 1;
    default:
        return 0;
    }
}

/* The options of which cases are made: --kinds, --mix, --solutions, --conflict-unit, --edge. */
static int case_option(const char *command, int c, const char *value, cli_testdata *t)
{
    unsigned long long n;
    switch (c) {
    case CLI_OPT_KINDS:
        return parse_kinds(command, value, &t->kinds) ? 1 : -1;
    case CLI_OPT_MIX:
        t->mix = true;
        return 1;
    case CLI_OPT_SOLUTIONS:
        if (!cli_parse_number(value, OJD_KIND_MAX_SOLUTIONS, &n) || n < 2) {
            cli_fail("%s: --solutions wants a number of solutions from 2 to %d, not '%s'",
                     command, OJD_KIND_MAX_SOLUTIONS, value);
            return -1;
        }
        t->kind.solutions = (unsigned long)n;
        return 1;
    case CLI_OPT_CONFLICT_UNIT:
        /* the names of ojd_conflict.unit; which of them the variant has, settle_variant()
         * and settle_conflict_unit() say */
        if (strcmp(value, "row") != 0 && strcmp(value, "column") != 0 &&
            strcmp(value, "box") != 0 && strcmp(value, "region") != 0 &&
            strcmp(value, "diagonal") != 0 && strcmp(value, "window") != 0) {
            cli_fail("%s: --conflict-unit wants row, column, box, region (jigsaw), diagonal "
                     "(x) or window (windoku), not '%s'", command, value);
            return -1;
        }
        t->kind.unit = value;
        return 1;
    case CLI_OPT_EDGE:
        t->edge = true;
        if (value) {
            t->edge_only = cli_edge_names(value);
            if (!t->edge_only) {
                cli_fail("%s: --edge wants edge cases from empty, full, 17-clue, hardest "
                         "(comma-separated), not '%s'", command, value);
                return -1;
            }
        }
        return 1;
    default:
        return 0;
    }
}

int cli_testdata_option(const char *command, int c, const char *value, cli_testdata *t)
{
    int taken = grid_option(command, c, value, t);
    if (!taken)
        taken = puzzle_option(command, c, value, t);
    if (!taken)
        taken = case_option(command, c, value, t);
    if (taken > 0)
        t->named = true;
    return taken;
}

int cli_cases_option(const char *command, const char *value, unsigned long *cases, bool *given)
{
    unsigned long long n;
    if (!cli_parse_number(value, 10000ULL, &n) || n == 0) {
        cli_fail("%s: --cases wants a number from 1 to 10000, not '%s'", command, value);
        return -1;
    }
    *cases = (unsigned long)n;
    *given = true;
    return 1;
}

/* ---- the statement's rules ------------------------------------------------------------------- */

/* The outcome a judge's reference answer gives a case of each kind, as a status. */
static const ojd_status kind_status[OJD_OUTCOME_COUNT_] = {
    [OJD_OUTCOME_SOLVED] = OJD_OK, [OJD_OUTCOME_MULTIPLE] = OJD_MULTIPLE,
    [OJD_OUTCOME_UNSOLVABLE] = OJD_UNSOLVABLE, [OJD_OUTCOME_CONFLICT] = OJD_CONFLICT,
};

/* The side and box shape, from --side, --box, the profile or 9; false, reported, when they
 * disagree or the grid cannot be written in the profile. */
static bool settle_side(const char *command, cli_testdata *t)
{
    const ojd_profile *f = t->rules;
    if (t->opt.box_rows) {
        int side = t->opt.box_rows * t->opt.box_cols;
        if (t->side_given && t->opt.side != side) {
            cli_fail("%s: --box %dx%d makes %dx%d grids, not --side %d", command,
                     t->opt.box_rows, t->opt.box_cols, side, side, t->opt.side);
            return false;
        }
        t->opt.side = side;
        t->side_given = true;
        int rows = 0, cols = 0;
        if (t->read_back && (!ojd_shape_of_side(side, &rows, &cols) ||
                             rows != t->opt.box_rows || cols != t->opt.box_cols)) {
            /* no input format says a grid's box shape: a reader takes the side's own */
            cli_fail("%s: --box %dx%d: a program reads a %dx%d grid with its conventional "
                     "%dx%d boxes (no input says the shape), so only those can be judged",
                     command, t->opt.box_rows, t->opt.box_cols, side, side, rows, cols);
            return false;
        }
    }
    /* a profile of one side (POJ 3076's 16x16, HDU 5547's 4x4) is that side's without --side */
    if (!t->side_given && ojd_profile_side(f))
        t->opt.side = ojd_profile_side(f);
    /* one character per cell ends at Y = 25 (letters A=1..), as in solve's line and packed
     * output; larger grids are written as spaced numbers, by the grid and json profiles, and by
     * a verdict problem whose input is spaced numbers (Kick Start's 36x36) */
    ojd_style style = ojd_profile_style(f);
    bool spaced_verdict = style == OJD_STYLE_VERDICT && ojd_profile_grammar(f) == OJD_GRAMMAR_SPACED;
    if (t->opt.side > 25 && style != OJD_STYLE_JSON && style != OJD_STYLE_SPACED &&
        style != OJD_STYLE_PRETTY && style != OJD_STYLE_SVG && !spaced_verdict) {
        cli_fail("%s: a %dx%d grid cannot be written one character per cell (letters end at "
                 "Y = 25); write it with spaced numbers (--format grid or json)", command,
                 t->opt.side, t->opt.side);
        return false;
    }
    int min_side, max_side; /* both 0: any side */
    ojd_profile_sides(f, &min_side, &max_side);
    if (max_side && (t->opt.side < min_side || t->opt.side > max_side)) {
        if (min_side == max_side)
            cli_fail("%s: format '%s' is for %dx%d grids, not %dx%d", command,
                     ojd_profile_name(f), max_side, max_side, t->opt.side, t->opt.side);
        else
            cli_fail("%s: format '%s' is for grids up to %dx%d (its statement's bound), not "
                     "%dx%d", command, ojd_profile_name(f), max_side, max_side, t->opt.side,
                     t->opt.side);
        return false;
    }
    return true;
}

/* The kinds: asked for, or every kind the statement's input may hold (--mix), or unique. */
static bool settle_kinds(const char *command, cli_testdata *t)
{
    const ojd_profile *f = t->rules;
    const char *name = ojd_profile_name(f);
    char list[64];
    unsigned allowed = ojd_profile_test_kinds(f);
    if (t->mix && t->kinds) {
        cli_fail("%s: --mix is every kind the profile takes: it does not combine with --kinds",
                 command);
        return false;
    }
    if (t->mix)
        t->kinds = allowed;
    if (!t->kinds)
        t->kinds = OJD_KIND_BIT(OJD_OUTCOME_SOLVED);
    if (t->kinds & ~allowed) {
        unsigned off = t->kinds & ~allowed;
        int k = 0;
        while (!(off & OJD_KIND_BIT(k)))
            k++;
        if (strcmp(name, "line") != 0)
            cli_fail("%s: format '%s' has no %s cases (its input may hold: %s)", command, name,
                     ojd_kind_name((ojd_outcome)k), ojd_kind_list(allowed, list, sizeof list));
        else
            cli_fail("%s: the default output has no %s cases: its answers are solutions (it "
                     "takes %s); --format json or a profile with a word for them takes them",
                     command, ojd_kind_name((ojd_outcome)k),
                     ojd_kind_list(allowed, list, sizeof list));
        return false;
    }
    if (t->kind.solutions && !(t->kinds & OJD_KIND_BIT(OJD_OUTCOME_MULTIPLE))) {
        cli_fail("%s: --solutions is for multiple cases: add --kinds multiple or --mix",
                 command);
        return false;
    }
    if (t->kind.unit && !(t->kinds & OJD_KIND_BIT(OJD_OUTCOME_CONFLICT))) {
        cli_fail("%s: --conflict-unit is for conflict cases: add --kinds conflict or --mix",
                 command);
        return false;
    }
    return true;
}

/* Does profile f's input say a jigsaw's regions (units OJD_UNITS_REGIONS) or a killer's cages
 * (OJD_UNITS_KILLER)?  Written and read back: a small board of them goes through the profile's
 * writer and reader, and must come back with the same units (the one-line form PUZZLE:REGIONS,
 * HDU 4069's walls, the killer line's cages and sums).  json's line carries regions
 * ("regions"). */
static bool says_units(const ojd_profile *f, unsigned units)
{
    if (ojd_profile_style(f) == OJD_STYLE_JSON && units == OJD_UNITS_REGIONS)
        return true;
    if (ojd_profile_style(f) == OJD_STYLE_SVG)
        return false;
    ojd_board b;
    uint8_t region[OJD_MAX_CELLS];
    int cage[OJD_MAX_CELLS], sum[OJD_MAX_CELLS];
    ojd_rng rng;
    ojd_rng_seed(&rng, 1);
    int side = ojd_profile_side(f) ? ojd_profile_side(f) : 9, cells = side * side;
    if (ojd_board_init_side(&b, side) != OJD_OK)
        return false;
    if ((units & OJD_UNITS_REGIONS) && (ojd_regions_random(side, &rng, region) != OJD_OK ||
                                        ojd_board_set_regions(&b, region, NULL) != OJD_OK))
        return false;
    for (int i = 0; i < cells; i++) { /* cages of two cells (the last of one), holding 1 and 2 */
        cage[i] = i / 2 + 1;
        sum[i / 2] = i + 1 < cells || i % 2 ? 3 : 1;
    }
    if ((units & OJD_UNITS_KILLER) && ojd_board_set_cages(&b, cage, sum, (cells + 1) / 2, NULL) !=
                                          OJD_OK)
        return false;
    b.cell[0] = 1;
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    if (!out)
        return false;
    ojd_status st = ojd_write_puzzle(out, f, &b, 1, 1);
    if (fclose(out) != 0 || st != OJD_OK) {
        free(text);
        return false;
    }
    ojd_reader *reader = ojd_reader_new_mem(text, len, "regions", f);
    ojd_puzzle pz;
    ojd_error err;
    bool says = reader && ojd_reader_next(reader, &pz, &err) == OJD_OK &&
                ojd_board_same_units(&pz.board, &b);
    ojd_reader_free(reader);
    free(text);
    return says;
}

/* --conflict-unit: a unit the grid has (a jigsaw's regions in place of boxes, the X
 * diagonals, the windoku windows). */
static bool settle_conflict_unit(const char *command, const cli_testdata *t)
{
    const char *unit = t->kind.unit;
    unsigned units = t->opt.units;
    if (!unit)
        return true;
    const char *why = NULL;
    if (strcmp(unit, "box") == 0 && (units & OJD_UNITS_REGIONS))
        why = "a jigsaw has regions in place of boxes: --conflict-unit region";
    else if (strcmp(unit, "region") == 0 && !(units & OJD_UNITS_REGIONS))
        why = "regions are a jigsaw's (--variant jigsaw): --conflict-unit box";
    else if (strcmp(unit, "diagonal") == 0 && !(units & OJD_UNITS_X))
        why = "diagonals are units with --variant x";
    else if (strcmp(unit, "window") == 0 && !(units & OJD_UNITS_WINDOKU))
        why = "windows are units with --variant windoku";
    if (why)
        cli_fail("%s: --conflict-unit %s: %s", command, unit, why);
    return !why;
}

/* A variant's cases (--variant): every kind, --edge (its empty and full grids; the bundled
 * puzzles are classic ones, skipped by cli_testdata_edges()) and --hard-for (ojd_harden()'s
 * moves keep the unit set), within the sizes the generator makes, in the profiles whose input
 * can say them. */
static bool settle_variant(const char *command, cli_testdata *t)
{
    unsigned units = t->opt.units;
    if (!units)
        return true;
    const char *name = ojd_profile_name(t->rules);
    if ((units & OJD_UNITS_WINDOKU) && t->opt.side != 9) {
        cli_fail("%s: --variant windoku is for 9x9 grids, not %dx%d", command, t->opt.side,
                 t->opt.side);
        return false;
    }
    if ((units & OJD_UNITS_REGIONS) && (units & OJD_UNITS_WINDOKU)) {
        cli_fail("%s: --variant windoku lays its windows over 3x3 boxes: it does not combine with "
                 "jigsaw", command);
        return false;
    }
    /* measured: a 16x16 jigsaw takes some 30 s of CPU to make through the solvers' general
     * path (the fast engines' is 9x9 only) */
    if ((units & OJD_UNITS_REGIONS) && t->opt.side > 9) {
        cli_fail("%s: --variant jigsaw is made up to 9x9 (a %dx%d jigsaw takes the generator "
                 "too long)", command, t->opt.side, t->opt.side);
        return false;
    }
    if ((units & OJD_UNITS_REGIONS) && t->opt.box_rows) {
        cli_fail("%s: --variant jigsaw has regions in place of boxes: --box does not combine",
                 command);
        return false;
    }
    if ((units & OJD_UNITS_REGIONS) && !says_units(t->rules, OJD_UNITS_REGIONS)) {
        cli_fail("%s: format '%s' cannot say a jigsaw's regions (line's PUZZLE:REGIONS, json "
                 "and hdu4069 can)", command, name);
        return false;
    }
    /* killer: cages in place of givens (none unless --clues allows some); measured: a 12x12
     * killer takes some 1 s to make, a 16x16 one 4 s */
    if ((units & OJD_UNITS_KILLER) && t->opt.minimal) {
        cli_fail("%s: --variant killer has cages in place of givens: --minimal does not combine",
                 command);
        return false;
    }
    if ((units & OJD_UNITS_KILLER) && t->opt.side > 16) {
        cli_fail("%s: --variant killer is made up to 16x16 (a %dx%d killer takes the generator "
                 "too long)", command, t->opt.side, t->opt.side);
        return false;
    }
    if ((units & OJD_UNITS_KILLER) && !says_units(t->rules, OJD_UNITS_KILLER)) {
        cli_fail("%s: format '%s' cannot say a killer's cages (line's GIVENS:REGIONS:CAGES:SUMS "
                 "can)", command, name);
        return false;
    }
    /* X and windoku are in no input: a program is told them by its problem, and judge and
     * stress tell the checker (ojd_check_options.units) */
    return true;
}

bool cli_testdata_settle(const char *command, const ojd_profile *format, cli_testdata *t)
{
    if (t->read_back && format && ojd_profile_style(format) == OJD_STYLE_SVG) {
        cli_fail("%s: svg draws figures: no program reads them (name a judge's profile)",
                 command);
        return false;
    }
    t->rules = format ? format : ojd_profile_find("line");
    t->opt.units |= ojd_profile_units(t->rules); /* the problem's variant: every case is one */
    t->writes = t->rules;
    t->edge_turns = command && strcmp(command, "stress") == 0 && !t->edge;
    t->json = ojd_profile_style(t->rules) == OJD_STYLE_JSON;
    t->figure = ojd_profile_style(t->rules) == OJD_STYLE_SVG;
    if (!settle_side(command, t))
        return false;
    int cells = t->opt.side * t->opt.side;
    const char *name = ojd_profile_name(t->rules);
    if (t->opt.clues > cells) {
        cli_fail("%s: --clues %d is more than the %d cells", command, t->opt.clues, cells);
        return false;
    }
    if (t->opt.solved && (t->opt.clues || t->opt.minimal || t->opt.grade != OJD_GRADE_ANY ||
                          t->symmetry_given)) {
        cli_fail("%s: --solved makes complete grids: it does not combine with --clues, "
                 "--minimal, --difficulty or --symmetry", command);
        return false;
    }
    if (t->opt.solved && (t->kinds || t->mix || t->edge)) {
        cli_fail("%s: --solved makes complete grids: it does not combine with --kinds, --mix "
                 "or --edge", command);
        return false;
    }
    if (t->hard_for && t->opt.solved) {
        cli_fail("%s: --solved makes complete grids, which no solver searches: --hard-for "
                 "does not combine with it", command);
        return false;
    }
    if (t->hard_for && t->opt.side > ojd_solver_max_side(t->hard_for)) {
        cli_fail("%s: --hard-for %s: solver '%s' takes grids up to %dx%d, not %dx%d", command,
                 ojd_solver_name(t->hard_for), ojd_solver_name(t->hard_for),
                 ojd_solver_max_side(t->hard_for), ojd_solver_max_side(t->hard_for),
                 t->opt.side, t->opt.side);
        return false;
    }
    if (t->opt.side == 4 && t->opt.grade > OJD_GRADE_EASY) {
        cli_fail("%s: every 4x4 puzzle is easy (singles solve it): --difficulty %s needs "
                 "--side 9 or more", command, ojd_grade_name(t->opt.grade));
        return false;
    }
    if (!settle_kinds(command, t) || !settle_variant(command, t) ||
        !settle_conflict_unit(command, t))
        return false;
    /* what the statement promises of every case's blanks: complete grids (ABC 327 C,
     * Codeforces 1335D), or so many blanks (HDU 2780) */
    int blanks = ojd_profile_blanks(t->rules);
    if (blanks == OJD_NO_BLANKS) {
        if (t->opt.clues) {
            cli_fail("%s: format '%s' has complete grids: --clues does not fit", command, name);
            return false;
        }
        t->opt.solved = true;
    } else if (blanks) {
        if (t->opt.solved || (t->opt.clues && t->opt.clues != cells - blanks)) {
            cli_fail("%s: format '%s' has exactly %d blanks in every case: %s does not fit",
                     command, name, blanks, t->opt.solved ? "--solved" : "--clues");
            return false;
        }
        t->opt.clues = cells - blanks;
    }
    /* the givens the statement bounds (NOIP 2009: at least 24): puzzles made with that many */
    int least, most;
    ojd_profile_givens(t->rules, &least, &most);
    if (t->opt.clues && ((least && t->opt.clues < least) || (most && t->opt.clues > most))) {
        cli_fail("%s: format '%s' has %d to %d givens in every case: --clues %d does not fit",
                 command, name, least, most ? most : cells, t->opt.clues);
        return false;
    }
    /* room above the bound: a multiple or unsolvable case is made by taking givens away */
    if (least && !t->opt.clues && !t->opt.solved)
        t->opt.clues = least + 6 > cells ? cells : least + 6;
    /* --hard-for: a symmetric pattern rules out most row and column moves (measured: ten 9x9
     * puzzles cost dfs 2.5 times the nodes with rotate180 kept, 18 times without) */
    if (!t->symmetry_given)
        t->opt.symmetry = t->opt.minimal || t->hard_for ? OJD_SYMMETRY_NONE
                                                        : OJD_SYMMETRY_ROTATE180;
    return true;
}

bool cli_testdata_fit_cases(const char *command, const cli_testdata *t, unsigned long *cases,
                            bool given)
{
    /* as many cases as one input of the statement holds (ABC 327 C: one grid) */
    unsigned long most = ojd_profile_max_cases(t->rules);
    if (!most || *cases <= most)
        return true;
    if (given) {
        cli_fail("%s: format '%s' holds at most %lu case%s (its statement's bound), not %lu",
                 command, ojd_profile_name(t->rules), most, most == 1 ? "" : "s", *cases);
        return false;
    }
    *cases = most;
    return true;
}

void cli_testdata_put_options(FILE *out, const cli_testdata *t)
{
    if (t->opt.box_rows)
        fprintf(out, " --box %dx%d", t->opt.box_rows, t->opt.box_cols);
    else
        fprintf(out, " --side %d", t->opt.side);
    int blanks = ojd_profile_blanks(t->rules); /* what the profile implies is not repeated */
    if (t->opt.solved && blanks != OJD_NO_BLANKS)
        fputs(" --solved", out);
    if (t->opt.clues && blanks == 0)
        fprintf(out, " --clues %d", t->opt.clues);
    if (t->opt.minimal)
        fputs(" --minimal", out);
    if (t->symmetry_given)
        fprintf(out, " --symmetry %s", ojd_symmetry_name(t->opt.symmetry));
    if (t->opt.grade != OJD_GRADE_ANY)
        fprintf(out, " --difficulty %s", ojd_grade_name(t->opt.grade));
    if (t->opt.attempts)
        fprintf(out, " --attempts %u", t->opt.attempts);
    const char *sep = " --kinds ";
    for (int k = 0; !t->opt.solved && k < OJD_OUTCOME_COUNT_; k++)
        if (t->kinds & OJD_KIND_BIT(k)) {
            fprintf(out, "%s%s", sep, ojd_kind_name((ojd_outcome)k));
            sep = ",";
        }
    if (t->kind.solutions)
        fprintf(out, " --solutions %lu", t->kind.solutions);
    if (t->kind.unit)
        fprintf(out, " --conflict-unit %s", t->kind.unit);
    if (t->edge)
        fputs(" --edge", out);
    for (int e = 0, k = 0; t->edge_only && e < OJD_EDGE_COUNT_; e++)
        if (t->edge_only & (1u << e))
            fprintf(out, "%s%s", k++ ? "," : "=", ojd_edge_name((ojd_edge)e));
    if (t->hard_for)
        fprintf(out, " --hard-for %s", ojd_solver_name(t->hard_for));
    static const char *const variants[] = {"jigsaw", "x", "windoku", "killer"}; /* bit order */
    sep = " --variant ";
    for (int v = 0; v < 4; v++)
        if (t->opt.units & (1u << v)) {
            fprintf(out, "%s%s", sep, variants[v]);
            sep = ",";
        }
}

/* ---- streams --------------------------------------------------------------------------------- */

/* splitmix64's finalizer of the seed and an index: neighbouring seeds or indices give unrelated
 * streams (seeding with seed + index would give shifted copies of one splitmix64 sequence). */
static uint64_t mix(unsigned long long seed, unsigned long index)
{
    uint64_t z = (uint64_t)seed ^ ((uint64_t)index * 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* Case `index`'s own random stream (index 0: the order of the kinds). */
static void case_rng(ojd_rng *rng, unsigned long long seed, unsigned long index)
{
    ojd_rng_seed(rng, mix(seed, index));
}

unsigned long long cli_test_seed(unsigned long long seed, unsigned long test)
{
    /* a stream apart from the cases' own (their indices are the same small numbers) */
    return mix(seed ^ 0x7465737473ULL, test); /* "tests" */
}

void cli_kind_turns_start(cli_kind_turns *turns, const cli_testdata *t, unsigned long long seed)
{
    turns->n = 0;
    for (int k = 0; k < OJD_OUTCOME_COUNT_; k++)
        if (t->kinds & OJD_KIND_BIT(k))
            turns->kinds[turns->n++] = (ojd_outcome)k;
    if (turns->n == 0)
        turns->kinds[turns->n++] = OJD_OUTCOME_SOLVED;
    turns->next = turns->n;
    case_rng(&turns->rng, seed, 0);
}

ojd_outcome cli_kind_turns_next(cli_kind_turns *t)
{
    if (t->next == t->n) {
        for (int k = t->n - 1; k > 0; k--) {
            int j = (int)ojd_rng_below(&t->rng, (uint64_t)k + 1);
            ojd_outcome s = t->kinds[k];
            t->kinds[k] = t->kinds[j], t->kinds[j] = s;
        }
        t->next = 0;
    }
    return t->kinds[t->next++];
}

/* ---- one case -------------------------------------------------------------------------------- */

struct cli_case_maker {
    ojd_generator *gen;
    ojd_engine *engine;
    ojd_engine *hard;         /* --hard-for's solver, or NULL */
    ojd_writer *probe;        /* a writer of the profile that only formats (into text), never
                               * writes: ojd_writer_format() */
    const ojd_profile *probe_format; /* its profile */
    ojd_answer *text;
};

cli_case_maker *cli_case_maker_new(const cli_testdata *t)
{
    cli_case_maker *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    m->gen = ojd_generator_new();
    m->engine = ojd_engine_new(NULL);
    m->hard = t->hard_for ? ojd_engine_new(t->hard_for) : NULL;
    m->probe = ojd_writer_new(stdout, t->writes, NULL); /* formats only: stdout is not written */
    m->probe_format = t->writes;
    m->text = ojd_answer_new();
    if (!m->gen || !m->engine || (t->hard_for && !m->hard) || !m->probe || !m->text) {
        cli_case_maker_free(m);
        return NULL;
    }
    return m;
}

void cli_case_maker_free(cli_case_maker *m)
{
    if (!m)
        return;
    ojd_generator_free(m->gen);
    ojd_engine_free(m->engine);
    ojd_engine_free(m->hard);
    ojd_writer_free(m->probe);
    ojd_answer_free(m->text);
    free(m);
}

/* Case c as the answer writer takes it, as case `index`: the puzzle, and the judge's result. */
static void answer_of(const cli_test_case *c, unsigned long index, ojd_puzzle *pz, ojd_result *res)
{
    memset(pz, 0, sizeof *pz);
    memset(res, 0, sizeof *res);
    pz->board = c->puzzle;
    pz->index = index;
    res->solution = c->answer;
    res->solutions = c->solutions;
    res->score = c->score;
    res->nodes = c->nodes;
    res->guesses = c->guesses;
}

/* Whether case c's answer under profile f is a listing of several solutions (task all). */
static bool listed_case(const ojd_profile *f, const cli_test_case *c)
{
    return ojd_profile_task(f) == OJD_TASK_ALL && c->status == OJD_MULTIPLE;
}

/*
 * Can the profile's writer write case c's answer, as `ojdoku solve --format NAME` would for the
 * input written?  A judged outcome is not enough: SPOJ SUDOGOB's empty grid is decided (several
 * solutions) but its count is past the cap, and solve answers it with a diagnostic.
 */
static void check_writable(cli_case_maker *m, cli_test_case *c)
{
    ojd_puzzle pz;
    ojd_result res;
    answer_of(c, 1, &pz, &res);
    ojd_status st = ojd_writer_format(m->probe, &pz, c->status, &res, m->text);
    /* task all's several solutions are no one answer: cli_case_write() lists them */
    if (st == OJD_ERR_USAGE && listed_case(m->probe_format, c))
        st = OJD_OK;
    c->writable = st;
    c->verdict = st == OJD_ERR_NOMEM ? CLI_CASE_NOMEM
                 : st == OJD_OK      ? CLI_CASE_OK
                                     : CLI_CASE_UNWRITABLE;
}

/* The judge's outcome for case c under profile t->writes; CLI_CASE_WRONG when it is not what the
 * kind promises (the generator broke its word: nothing is written). */
#define EDGE_MAX_NODES 10000000ULL
#define EDGE_TURN 4 /* stress: one one-case test in this many (by its seed) is an edge case */

static void judge(cli_case_maker *m, const cli_testdata *t, cli_test_case *c)
{
    const ojd_profile *f = t->writes;
    ojd_status want = kind_status[c->kind];
    /* any solution is the answer; task all's is every solution, listed */
    if (c->kind == OJD_OUTCOME_MULTIPLE && ojd_profile_answered(f, OJD_MULTIPLE, 0) &&
        ojd_profile_task(f) != OJD_TASK_ALL)
        want = OJD_OK;
    /* a solving task's unique case is answered by its solution; a task whose answer is not a
     * solution (validity, count, deduce, score, transform) asks the engine for every case, as
     * solve does, and its outcome is the answer whatever the kind of the puzzle; json's line
     * shows the search's counters, so it asks too */
    ojd_task task = ojd_profile_task(f);
    bool method = task == OJD_TASK_VALIDITY || task == OJD_TASK_COUNT ||
                  task == OJD_TASK_DEDUCE || task == OJD_TASK_SCORE || task == OJD_TASK_TRANSFORM;
    c->judged = true;
    if (c->kind == OJD_OUTCOME_SOLVED && !method && !t->json) {
        c->status = OJD_OK;
        c->answer = c->solution;
        c->solutions = 1;
        c->score = 0;
        c->nodes = c->guesses = 0;
        check_writable(m, c);
        return;
    }
    ojd_search search = {0};
    ojd_profile_search(f, 0, &search);
    /* an edge case's answer may cost what no judge's reference pays (the best score of the
     * empty grid): within check's default budget, else the case is left out (misfit "answer") */
    if (c->edge >= 0 && method)
        search.max_nodes = EDGE_MAX_NODES;
    ojd_result *res = malloc(sizeof *res);
    if (!res) {
        c->verdict = CLI_CASE_NOMEM;
        return;
    }
    c->status = ojd_engine_solve(m->engine, &c->puzzle, &search, res);
    if (c->status == OJD_OK || c->status == OJD_MULTIPLE)
        c->answer = res->solution;
    c->score = res->score;
    c->solutions = res->solutions;
    c->nodes = res->nodes;
    c->guesses = res->guesses;
    free(res);
    bool right = method ? c->status >= 0 && c->status != OJD_LIMIT : c->status == want;
    if (right) {
        check_writable(m, c);
    } else if (c->edge >= 0 && c->status == OJD_LIMIT) {
        c->verdict = CLI_CASE_UNWRITABLE;
        c->writable = OJD_LIMIT;
    } else {
        c->verdict = CLI_CASE_WRONG;
    }
}

/* Why an edge case does not fit the cases written: its kind is not one the profile's input may
 * hold, or it lacks the blanks the statement fixes.  NULL when it fits. */
static const char *edge_misfit(const cli_testdata *t, const cli_test_case *c)
{
    const ojd_profile *f = t->rules;
    if (!(ojd_profile_kinds(f) & OJD_KIND_BIT(c->kind)))
        return "kind";
    int blanks = 0;
    for (int i = 0; i < c->puzzle.side * c->puzzle.side; i++)
        blanks += c->puzzle.cell[i] == 0;
    int wanted = ojd_profile_blanks(f), cells = c->puzzle.side * c->puzzle.side, least, most;
    ojd_profile_givens(f, &least, &most);
    if ((least && cells - blanks < least) || (most && cells - blanks > most))
        return "givens";
    return wanted && blanks != (wanted == OJD_NO_BLANKS ? 0 : wanted) ? "blanks" : NULL;
}

/* A conflict case of complete grids, under a profile with values (Kick Start's 999): half of
 * them, drawn from the case's own stream, are the solved grid with one cell a number outside
 * 1..side, in place of the repeat, so that the input holds both ways of being no solution. */
static void outside_case(const cli_testdata *t, ojd_rng *rng, cli_test_case *c)
{
    long lo, hi;
    if (c->kind != OJD_OUTCOME_CONFLICT || !t->opt.solved || c->made != OJD_OK ||
        !ojd_profile_values(t->rules, &lo, &hi) || !ojd_rng_below(rng, 2))
        return;
    int cells = c->solution.side * c->solution.side;
    c->puzzle = c->solution;
    c->puzzle.cell[ojd_rng_below(rng, (uint64_t)cells)] = OJD_CELL_OUTSIDE;
}

void cli_case_make(cli_case_maker *m, const cli_testdata *t, unsigned long long seed,
                   unsigned long index, int edge, ojd_outcome kind, bool answer, cli_test_case *c)
{
    c->index = index;
    c->edge = edge;
    c->kind = edge >= 0 ? ojd_edge_kind((ojd_edge)edge) : kind;
    c->misfit = NULL;
    c->judged = false;
    c->verdict = CLI_CASE_OK;
    c->writable = OJD_OK;
    memset(&c->info, 0, sizeof c->info);
    ojd_rng rng;
    case_rng(&rng, seed, index);
    if (edge >= 0) {
        c->made = ojd_generate_edge_units(m->gen, &rng, t->opt.side, t->opt.units,
                                          (ojd_edge)edge, &c->puzzle, &c->solution);
        if (c->made == OJD_OK)
            c->misfit = edge_misfit(t, c);
    } else {
        ojd_kind_options ko = t->kind;
        ko.kind = c->kind;
        c->made = ojd_generate_kind(m->gen, &rng, &t->opt, &ko, &c->puzzle, &c->solution,
                                    &c->info);
        outside_case(t, &rng, c);
        if (m->hard && (c->made == OJD_OK || c->made == OJD_LIMIT)) {
            /* after the kind, from the case's own stream: the same output for every -j */
            ojd_harden_options ho = {.symmetry = t->opt.symmetry};
            ojd_status hs = ojd_harden(m->hard, &rng, &ho, &c->puzzle, &c->solution, NULL);
            if (hs != OJD_OK)
                c->made = hs;
        }
    }
    if ((c->made == OJD_OK || c->made == OJD_LIMIT) && !c->misfit && answer) {
        judge(m, t, c);
        if (edge >= 0 && c->verdict == CLI_CASE_UNWRITABLE)
            c->misfit = "answer"; /* an edge case the profile cannot answer is left out */
    }
}

unsigned cli_edge_names(const char *list)
{
    unsigned bits = 0;
    for (const char *p = list; *p;) {
        size_t n = strcspn(p, ",");
        int e = 0;
        while (e < OJD_EDGE_COUNT_ && (strlen(ojd_edge_name((ojd_edge)e)) != n ||
                                       strncmp(p, ojd_edge_name((ojd_edge)e), n) != 0))
            e++;
        if (e == OJD_EDGE_COUNT_)
            return 0;
        bits |= 1u << e;
        p += n + (p[n] == ',');
    }
    return bits;
}

int cli_testdata_edges(const char *command, const cli_testdata *t, int *edges, bool report)
{
    int n = 0;
    for (int e = 0; t->edge && e < OJD_EDGE_COUNT_; e++) {
        if (t->edge_only && !(t->edge_only & (1u << e)))
            continue;
        if (!ojd_edge_puzzles((ojd_edge)e) || (t->opt.side == 9 && !t->opt.units))
            edges[n++] = e;
        else if (report && t->opt.units)
            /* a classic puzzle's one solution breaks the variant's extra units or regions */
            cli_fail("%s: --edge: skipped '%s': the bundled ones are classic Sudoku, not "
                     "puzzles of --variant's units", command, ojd_edge_name((ojd_edge)e));
        else if (report)
            cli_fail("%s: --edge: skipped '%s': the bundled ones are 9x9", command,
                     ojd_edge_name((ojd_edge)e));
    }
    return n;
}

void cli_case_report_misfit(const char *command, const cli_testdata *t, const cli_test_case *c)
{
    char list[64];
    const ojd_profile *f = t->rules;
    const char *edge = ojd_edge_name((ojd_edge)c->edge);
    if (strcmp(c->misfit, "answer") == 0) {
        /* a count the engine stopped at the profile's search limit: more than it counts */
        ojd_search search = {0};
        ojd_profile_search(f, 0, &search);
        if (ojd_profile_task(f) == OJD_TASK_COUNT && c->writable == OJD_LIMIT &&
            c->solutions >= search.limit)
            cli_fail("%s: --edge: skipped '%s': format '%s' counts up to %lu solutions, and it "
                     "has more", command, edge, ojd_profile_name(f), search.limit - 1);
        else
            cli_fail("%s: --edge: skipped '%s': format '%s' cannot answer it (%s)", command,
                     edge, ojd_profile_name(f), ojd_strerror(c->writable));
    } else if (strcmp(c->misfit, "kind") == 0)
        cli_fail("%s: --edge: skipped '%s': format '%s' has no %s cases (its input may hold: "
                 "%s)", command, edge, ojd_profile_name(f), ojd_kind_name(c->kind),
                 ojd_kind_list(ojd_profile_kinds(f), list, sizeof list));
    else if (strcmp(c->misfit, "givens") == 0)
        cli_fail("%s: --edge: skipped '%s': format '%s' bounds the givens of a case (%s)",
                 command, edge, ojd_profile_name(f), "see 'ojdoku formats'");
    else if (ojd_profile_blanks(f) == OJD_NO_BLANKS)
        cli_fail("%s: --edge: skipped '%s': format '%s' has complete grids", command, edge,
                 ojd_profile_name(f));
    else
        cli_fail("%s: --edge: skipped '%s': format '%s' has exactly %d blanks in every case",
                 command, edge, ojd_profile_name(f), ojd_profile_blanks(f));
}

void cli_case_report_miss(const char *command, const cli_testdata *t, unsigned long written,
                          const cli_test_case *c)
{
    char what[200];
    size_t n = 0;
    what[0] = '\0';
    if (c->kind != OJD_OUTCOME_SOLVED)
        n += (size_t)snprintf(what + n, sizeof what - n, " %s", ojd_kind_name(c->kind));
    if (t->opt.clues)
        n += (size_t)snprintf(what + n, sizeof what - n, " --clues %d", t->opt.clues);
    if (t->opt.minimal)
        n += (size_t)snprintf(what + n, sizeof what - n, " --minimal");
    if (t->opt.grade != OJD_GRADE_ANY)
        n += (size_t)snprintf(what + n, sizeof what - n, " --difficulty %s",
                              ojd_grade_name(t->opt.grade));
    if (c->kind == OJD_OUTCOME_MULTIPLE && t->kind.solutions)
        snprintf(what + n, sizeof what - n, " --solutions %lu", t->kind.solutions);
    /* the grade `ojdoku rate` gives the puzzle written, by the same ojd_rate() */
    char grade[40] = "";
    ojd_rating rating = {.size = sizeof rating};
    if (t->opt.grade != OJD_GRADE_ANY && c->kind == OJD_OUTCOME_SOLVED &&
        ojd_rate(&c->puzzle, &rating, NULL, NULL) == OJD_OK)
        snprintf(grade, sizeof grade, ", rated %s", ojd_grade_name(rating.grade));
    cli_fail("%s: puzzle %lu: target%s not met after %u attempt%s; wrote the closest (%d "
             "givens%s)", command, written, what, c->info.attempts,
             c->info.attempts == 1 ? "" : "s", c->info.clues, grade);
}

void cli_case_report_wrong(const char *command, const cli_testdata *t, unsigned long written,
                           const cli_test_case *c)
{
    if (c->verdict == CLI_CASE_NOMEM)
        cli_fail("%s: out of memory", command);
    else if (c->verdict == CLI_CASE_UNWRITABLE)
        cli_fail("%s: puzzle %lu: made as %s but format '%s' cannot answer it (%s; a bug: please "
                 "report it with the seed)", command, written, ojd_kind_name(c->kind),
                 ojd_profile_name(t->writes), ojd_strerror(c->writable));
    else
        cli_fail("%s: puzzle %lu: made as %s but the solver says %s (a bug: please report it "
                 "with the seed)", command, written, ojd_kind_name(c->kind),
                 ojd_strerror(c->status));
}

ojd_status cli_case_write(const cli_testdata *t, FILE *in, ojd_writer *answers,
                          const cli_test_case *c, unsigned long written, unsigned long total,
                          int *which)
{
    *which = 0;
    if (in) {
        errno = 0; /* only a failed write sets it */
        ojd_status st = ojd_write_puzzle(in, t->writes, &c->puzzle, written, total);
        if (st != OJD_OK)
            return st;
    }
    if (!answers)
        return OJD_OK;
    *which = 1;
    if (!c->judged)
        return OJD_ERR_INVALID;
    ojd_puzzle pz;
    ojd_result res;
    answer_of(c, written, &pz, &res);
    /* only a failed write sets errno: any other status is no I/O error, and errno holds what an
     * earlier call left (isatty()'s ENOTTY: "write error: Inappropriate ioctl for device") */
    errno = 0;
    ojd_status st;
    if (listed_case(t->writes, c)) {
        /* every solution, walked by an engine of the listing's own (rare: one case in four
         * of a --mix) */
        ojd_engine *engine = ojd_engine_new(NULL);
        ojd_search search = {0};
        ojd_profile_search(t->writes, 0, &search);
        st = engine ? cli_write_answer(answers, engine, t->writes, &pz, c->status, &res, &search)
                    : OJD_ERR_NOMEM;
        ojd_engine_free(engine);
    } else {
        st = ojd_writer_answer(answers, &pz, c->status, &res);
    }
    /* check_writable() formatted it: another status is the two disagreeing (a bug) */
    return st == OJD_OK || st == OJD_ERR_IO || st == OJD_ERR_NOMEM ? st : OJD_ERR_INVALID;
}

/* ---- a whole test ---------------------------------------------------------------------------- */

ojd_status cli_test_make(cli_case_maker *m, const cli_testdata *t, unsigned long long seed,
                         unsigned long cases, bool want_answer, char **input, size_t *input_len,
                         char **answer, size_t *answer_len, ojd_board *boards, size_t *n,
                         unsigned long *missed)
{
    char *in_text = NULL, *ans_text = NULL;
    size_t in_size = 0, ans_size = 0;
    FILE *in = open_memstream(&in_text, &in_size);
    FILE *ans = want_answer ? open_memstream(&ans_text, &ans_size) : NULL;
    ojd_writer *answers = ans ? ojd_writer_new(ans, t->writes, NULL) : NULL;
    cli_test_case *edge_cases = calloc(OJD_EDGE_COUNT_, sizeof *edge_cases);
    cli_test_case *c = malloc(sizeof *c);
    ojd_status result = OJD_OK;
    if (!in || (want_answer && (!ans || !answers)) || !edge_cases || !c)
        result = OJD_ERR_NOMEM;
    /* the edge cases first, made before the rest so that the count line is known */
    int edges[OJD_EDGE_COUNT_];
    int nedges = cli_testdata_edges(NULL, t, edges, false), fit = 0;
    /* stress: a test of several cases gives one to an edge case, a one-case test is one every
     * EDGE_TURN tests (by its seed), so that generated cases stay the most */
    bool turn = t->edge_turns && (cases > 1 || (cases == 1 && seed % EDGE_TURN == 0));
    if (turn) { /* one edge case the size allows, drawn by the seed, for a generated one */
        cli_testdata every = *t;
        every.edge = true;
        every.edge_only = 0;
        int pool[OJD_EDGE_COUNT_];
        int npool = cli_testdata_edges(NULL, &every, pool, false);
        nedges = npool > 0;
        if (npool > 0)
            edges[0] = pool[(seed / EDGE_TURN) % (unsigned long long)npool];
    }
    for (int i = 0; result == OJD_OK && i < nedges; i++) {
        cli_case_make(m, t, seed, (unsigned long)i + 1, edges[i], OJD_OUTCOME_SOLVED, true,
                      &edge_cases[i]);
        if (edge_cases[i].made != OJD_OK)
            result = edge_cases[i].made;
        fit += !edge_cases[i].misfit;
    }
    if (turn && fit > 0)
        cases--; /* the edge case takes a generated one's place: the test keeps its size */
    unsigned long total = cases + (unsigned long)fit, written = 0;
    cli_kind_turns turns;
    cli_kind_turns_start(&turns, t, seed);
    int which;
    size_t made = 0;
    for (unsigned long i = 0; result == OJD_OK && i < (unsigned long)nedges + cases; i++) {
        const cli_test_case *w = c;
        if (i < (unsigned long)nedges) {
            w = &edge_cases[i];
            if (w->misfit)
                continue;
        } else {
            cli_case_make(m, t, seed, i + 1, -1, cli_kind_turns_next(&turns), true, c);
            if (c->made == OJD_LIMIT)
                ++*missed;
            else if (c->made != OJD_OK) {
                result = c->made;
                break;
            }
        }
        if (w->verdict != CLI_CASE_OK) {
            result = w->verdict == CLI_CASE_NOMEM ? OJD_ERR_NOMEM : OJD_ERR_INVALID;
            break;
        }
        result = cli_case_write(t, in, answers, w, ++written, total, &which);
        if (boards && result == OJD_OK)
            boards[made++] = w->puzzle;
    }
    if (result == OJD_OK && answers)
        result = ojd_writer_finish(answers);
    ojd_writer_free(answers);
    if (in && fclose(in) != 0 && result == OJD_OK)
        result = OJD_ERR_NOMEM;
    if (ans && fclose(ans) != 0 && result == OJD_OK)
        result = OJD_ERR_NOMEM;
    free(edge_cases);
    free(c);
    if (result != OJD_OK) {
        free(in_text);
        free(ans_text);
        return result;
    }
    *input = in_text;
    *input_len = in_size;
    if (answer) {
        *answer = ans_text;
        *answer_len = ans_size;
    } else {
        free(ans_text);
    }
    if (n)
        *n = made;
    return OJD_OK;
}
