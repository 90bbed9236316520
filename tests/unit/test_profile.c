/*
 * test_profile.c -- profile files (src/io/profile.c): every built-in is its file, a profile
 * written and read back is the same profile, and each kind of mistake in a file is reported once,
 * on its line, naming the key (and the nearest key or value to a typo).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "io/format.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The profiles/ folder, from tests/ (where the suites run) or from the top of the tree. */
static FILE *open_profile_file(const char *name)
{
    static const char *const dirs[] = {"../profiles", "profiles"};
    char path[512];
    for (int i = 0; i < 2; i++) {
        snprintf(path, sizeof path, "%s/%s", dirs[i], name);
        FILE *f = fopen(path, "rb");
        if (f)
            return f;
    }
    return NULL;
}

static char *read_profile_file(const char *name, size_t *len)
{
    FILE *f = open_profile_file(name);
    assert_non_null(f);
    char *text = malloc(1 << 16);
    assert_non_null(text);
    *len = fread(text, 1, (1 << 16) - 1, f);
    text[*len] = '\0';
    fclose(f);
    return text;
}

typedef struct collected {
    int count;
    int line[16];
    char message[16][400];
} collected;

static void collect(void *context, int line, const char *message)
{
    collected *c = context;
    if (c->count < 16) {
        c->line[c->count] = line;
        snprintf(c->message[c->count], sizeof c->message[0], "%s", message);
    }
    c->count++;
}

static ojd_profile *parse(const char *text, collected *c)
{
    memset(c, 0, sizeof *c);
    return ojd_profile_parse(text, strlen(text), collect, c);
}

/* Every built-in profile is exactly what its file parses into, and index lists them in the
 * catalogue's order. */
static void test_builtins_are_their_files(void **state)
{
    (void)state;
    int n = 0;
    for (const ojd_profile *const *f = ojd_profile_list(); *f; f++, n++) {
        char name[128];
        size_t len;
        snprintf(name, sizeof name, "%s.profile", ojd_profile_name(*f));
        char *text = read_profile_file(name, &len);
        collected c;
        memset(&c, 0, sizeof c);
        ojd_profile *loaded = ojd_profile_parse(text, len, collect, &c);
        if (!loaded)
            fail_msg("%s: %s (line %d)", name, c.message[0], c.line[0]);
        assert_true(ojd_profile_same(loaded, *f));
        assert_null((*f)->arena); /* a built-in is static */
        ojd_profile_free(loaded);
        ojd_profile_free((ojd_profile *)*f); /* a no-op on a built-in */
        free(text);
    }
    size_t len;
    char *index = read_profile_file("index", &len);
    const ojd_profile *const *f = ojd_profile_list();
    for (char *line = strtok(index, "\n"); line; line = strtok(NULL, "\n")) {
        if (line[0] == '#')
            continue;
        assert_non_null(*f);
        assert_string_equal(line, ojd_profile_name(*f));
        f++;
    }
    assert_null(*f);
    assert_true(n > 30);
    free(index);
}

/* Written and read back, every built-in is itself, and writing it again gives the same text. */
static void test_write_reads_back(void **state)
{
    (void)state;
    for (const ojd_profile *const *f = ojd_profile_list(); *f; f++) {
        size_t len = ojd_profile_write(*f, NULL, 0);
        char *text = malloc(len + 1), *again = malloc(len + 1);
        assert_non_null(text);
        assert_non_null(again);
        assert_int_equal(ojd_profile_write(*f, text, len + 1), len);
        collected c;
        ojd_profile *back = parse(text, &c);
        assert_non_null(back);
        assert_true(ojd_profile_same(back, *f));
        assert_int_equal(ojd_profile_write(back, again, len + 1), len);
        assert_string_equal(text, again);
        /* a short buffer is cut and terminated, and the length is still the whole */
        char small[10];
        assert_int_equal(ojd_profile_write(*f, small, sizeof small), len);
        assert_int_equal(strlen(small), sizeof small - 1);
        ojd_profile_free(back);
        free(text);
        free(again);
    }
}

/* The smallest profile: an id; the rest takes the defaults (packed? no: auto grammar, mirror). */
static void test_minimal_and_values(void **state)
{
    (void)state;
    collected c;
    ojd_profile *f = parse("id = mine\n", &c);
    assert_non_null(f);
    assert_string_equal(ojd_profile_name(f), "mine");
    assert_int_equal(ojd_profile_style(f), OJD_STYLE_MIRROR);
    assert_string_equal(ojd_profile_summary(f), "");
    ojd_profile_free(f);

    f = parse("# a comment\r\n  id   =   my42  \r\n\r\ntitle = \"  spaced \\\"title\\\" \"\r\n"
              "header = Case #{case}:\nstyle = verdict\nword-unique = Yes\nword-conflict = No\n"
              "kinds = unique, conflict\nsides = 4..16\nmax-cases = 7\nblanks = none\n"
              "aliases = a1, b2 c3\nblank = ?\ncount-line = optional\nword-multiple = \"\"\n"
              "variant = x, windoku\ntrailing-spaces = yes\nword-case = insensitive\n",
              &c);
    if (!f)
        fail_msg("%s", c.message[0]);
    assert_string_equal(f->name, "my42");
    assert_string_equal(f->title, "  spaced \"title\" ");
    assert_string_equal(f->summary, "  spaced \"title\" "); /* the title when none is given */
    assert_string_equal(f->header, "Case #{case}:");        /* '#' inside a value is text */
    assert_int_equal(f->kinds, OJD_KIND_BIT(OJD_OUTCOME_SOLVED) |
                                   OJD_KIND_BIT(OJD_OUTCOME_CONFLICT));
    assert_int_equal(f->min_side, 4);
    assert_int_equal(f->max_side, 16);
    assert_int_equal(f->max_cases, 7);
    assert_int_equal(f->blanks, OJD_NO_BLANKS);
    assert_string_equal(f->aliases[2], "c3");
    assert_null(f->aliases[3]);
    assert_int_equal(f->blank, '?');
    assert_int_equal(f->count_line, -1);
    assert_int_equal(f->units, OJD_UNITS_X | OJD_UNITS_WINDOKU);
    assert_true(f->trailing_spaces);
    assert_true(f->words_any_case);
    assert_string_equal(f->words[OJD_OUTCOME_MULTIPLE], ""); /* "" is set, and empty */
    assert_null(f->words[OJD_OUTCOME_UNSOLVABLE]);           /* not given: unset */
    ojd_profile_free(f);

    static const struct { const char *value; int lo, hi; } givens[] = {
        {"24..", 24, 0}, {"..30", 0, 30}, {"17..40", 17, 40}, {"81", 81, 81}};
    for (size_t i = 0; i < sizeof givens / sizeof givens[0]; i++) {
        char text[64];
        snprintf(text, sizeof text, "id = g\ngivens = %s\n", givens[i].value);
        f = parse(text, &c);
        assert_non_null(f);
        int lo, hi;
        ojd_profile_givens(f, &lo, &hi);
        assert_int_equal(lo, givens[i].lo);
        assert_int_equal(hi, givens[i].hi);
        ojd_profile_free(f);
    }
    /* band-rule: all dashes between bands (Jutge.org P89454), written back only when set */
    f = parse("id = j\nstyle = pretty\nband-rule = dashes\n", &c);
    assert_non_null(f);
    assert_true(f->rule_dashes);
    char text[4096];
    ojd_profile_write(f, text, sizeof text);
    assert_non_null(strstr(text, "band-rule = dashes\n"));
    ojd_profile *again = parse(text, &c);
    assert_non_null(again);
    assert_true(ojd_profile_same(f, again));
    again->rule_dashes = false;
    assert_false(ojd_profile_same(f, again));
    ojd_profile_free(again);
    ojd_profile_free(f);
    f = parse("id = j\nstyle = pretty\nband-rule = plus\n", &c);
    assert_non_null(f);
    assert_false(f->rule_dashes);
    ojd_profile_write(f, text, sizeof text);
    assert_null(strstr(text, "band-rule"));
    ojd_profile_free(f);
    /* frame: packed rows between '|' rules (COCI 2023/24 #1), written back only when set */
    f = parse("id = c\ngrammar = packed\nframe = yes\n", &c);
    assert_non_null(f);
    assert_true(f->frame);
    ojd_profile_write(f, text, sizeof text);
    assert_non_null(strstr(text, "frame = yes\n"));
    again = parse(text, &c);
    assert_non_null(again);
    assert_true(ojd_profile_same(f, again));
    again->frame = false;
    assert_false(ojd_profile_same(f, again));
    ojd_profile_write(again, text, sizeof text);
    assert_null(strstr(text, "frame"));
    ojd_profile_free(again);
    ojd_profile_free(f);
    /* killer combines with the other variants, and is written back by name */
    f = parse("id = k\nvariant = killer, x\n", &c);
    assert_non_null(f);
    assert_int_equal(ojd_profile_units(f), OJD_UNITS_KILLER | OJD_UNITS_X);
    char back[4096];
    ojd_profile_write(f, back, sizeof back);
    assert_non_null(strstr(back, "variant = x killer\n"));
    ojd_profile_free(f);
}

/* One mistake: NULL, one report on that line, whose message has every one of the words. */
static void expect_mistake(const char *text, int line, const char *word1, const char *word2)
{
    collected c;
    ojd_profile *f = parse(text, &c);
    if (f || c.count != 1)
        fail_msg("for %s: %d reports (want 1), first: %s", text, c.count, c.message[0]);
    if (c.line[0] != line)
        fail_msg("for %s: line %d, want %d (%s)", text, c.line[0], line, c.message[0]);
    if (!strstr(c.message[0], word1) || (word2 && !strstr(c.message[0], word2)))
        fail_msg("for %s: '%s' lacks '%s' or '%s'", text, c.message[0], word1,
                 word2 ? word2 : "");
}

static void test_each_mistake(void **state)
{
    (void)state;
    expect_mistake("", 0, "no id", NULL);
    expect_mistake("title = x\n", 0, "no id", NULL);
    expect_mistake("id = POJ\n", 1, "lower-case", NULL);
    expect_mistake("id = a\nsdie = 9\n", 2, "unknown key 'sdie'", "did you mean 'side'");
    expect_mistake("id = a\nzzzzzzzz = 1\n", 2, "unknown key 'zzzzzzzz'", "docs/profiles.md");
    expect_mistake("id = a\nframing = betwen\n", 2, "one of none, between, after or mirror",
                   "did you mean 'between'");
    expect_mistake("id = a\nstyle = packd\n", 2, "style", "did you mean 'packed'");
    expect_mistake("id = a\nstyle = pretty\nband-rule = dash\n", 3, "not plus or dashes",
                   "did you mean 'dashes'");
    expect_mistake("id = a\nstyle = spaced\nband-rule = dashes\n", 3, "band-rule",
                   "only style pretty");
    expect_mistake("id = a\nletters = true\n", 2, "letters: 'true' is not no or yes", NULL);
    expect_mistake("id = a\nid = b\n", 2, "given twice", "line 1");
    expect_mistake("id = a\njust words\n", 2, "expected 'key = value'", NULL);
    expect_mistake("id = a\ntitle = \"open\n", 2, "no closing quote", NULL);
    expect_mistake("id = a\ntitle = \"a\" b\n", 2, "after the closing quote", NULL);
    expect_mistake("id = a\nside = 7\n", 2, "side: '7' is not a side", NULL);
    expect_mistake("id = a\nside = 65\n", 2, "side", NULL);
    expect_mistake("id = a\nsides = 9..4\n", 2, "sides", "smallest first");
    expect_mistake("id = a\nblank = 5\n", 2, "blank", "no value");
    expect_mistake("id = a\nblank = ab\n", 2, "blank", NULL);
    /* a list's value is refused in the words of a single name's, the kinds named as
     * ojd_kind_name() spells them */
    expect_mistake("id = a\nkinds = unique sevral\n", 2, "kinds: 'sevral' is not one of unique, "
                   "multiple, unsolvable, conflict or all", NULL);
    expect_mistake("id = a\nkinds = unique uniq\n", 2, "'uniq' is not one of",
                   "(did you mean 'unique'?)");
    expect_mistake("id = a\nword-case = insenstive\n", 2, "word-case: 'insenstive' is not "
                   "sensitive or insensitive", "(did you mean 'insensitive'?)");
    expect_mistake("id = a\nmax-cases = 0\n", 2, "max-cases", NULL);
    expect_mistake("id = a\nmax-cases = -3\n", 2, "max-cases", NULL);
    expect_mistake("id = a\nblanks = 0\n", 2, "blanks", "none");
    expect_mistake("id = a\nheader = Case {cse}:\n", 2, "unknown placeholder '{cse}'", NULL);
    expect_mistake("id = a\ntask = count\nside =\n", 3, "side: no value", NULL);
    expect_mistake("id = a\naliases = a b c d e f g\n", 2, "at most 6", NULL);
    expect_mistake("id = a\nvariant = x diagnal\n", 2, "'diagnal' is not one of jigsaw, x, "
                   "windoku or killer", NULL);
    expect_mistake("id = a\nvariant = windokku\n", 2, "(did you mean 'windoku'?)", NULL);
    expect_mistake("id = a\nside = 16\nvariant = windoku\n", 3, "windows are 9x9's", NULL);
    expect_mistake("id = a\ngivens = 30..24\n", 2, "givens", "smallest first");
    expect_mistake("id = a\ngivens = ..\n", 2, "givens", NULL);
    expect_mistake("id = a\ngivens = x\n", 2, "givens", NULL);
    expect_mistake("id = a\nblanks = 5\ngivens = 24..\n", 3, "blanks fixes them", NULL);
    /* values: MIN 0 or 1 (the grid's values are in the range), MAX from 1, or any */
    expect_mistake("id = a\nvalues = 2..999\n", 2, "values: want MIN..MAX", "or any");
    expect_mistake("id = a\nvalues = 1..\n", 2, "values: want MIN..MAX", NULL);
    expect_mistake("id = a\nvalues = 1..0\n", 2, "values: want MIN..MAX", NULL);
    expect_mistake("id = a\nvalues = -5..999\n", 2, "values: want MIN..MAX", NULL);
    expect_mistake("id = a\nvalues = anything\n", 2, "values: want MIN..MAX", NULL);
}

/* values = MIN..MAX or any: what it sets, and its line when a profile is written. */
static void test_values_key(void **state)
{
    (void)state;
    static const char head[] = "id = a\ntask = validity\ngrammar = spaced\nstyle = verdict\n"
                               "word-conflict = No\n";
    static const struct {
        const char *value;
        long lo, hi;
    } cases[] = {{"1..999", 1, 999}, {"0..1000000000", 0, 1000000000}, {"any", 0, 0}};
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        char text[256], written[2048], line[64];
        snprintf(text, sizeof text, "%svalues = %s\n", head, cases[k].value);
        collected c;
        ojd_profile *f = parse(text, &c);
        assert_non_null(f);
        assert_true(f->any_values);
        assert_int_equal(f->min_value, cases[k].lo);
        assert_int_equal(f->max_value, cases[k].hi);
        ojd_profile_write(f, written, sizeof written);
        snprintf(line, sizeof line, "\nvalues = %s\n", cases[k].value);
        assert_non_null(strstr(written, line));
        ojd_profile_free(f);
    }
    collected c;
    ojd_profile *f = parse(head, &c);
    assert_non_null(f);
    assert_false(f->any_values); /* unset: a number outside 1..side is a diagnostic */
    ojd_profile_free(f);
}

/* Key symbols: 1..9 then A = 10 (HDU 3909).  A 16x16 grid of both read under it holds each
 * character's place in the alphabet, and the writer spells the grid back as it was read. */
static void test_symbols_key(void **state)
{
    (void)state;
    static const char alphabet[] = "123456789ABCDEFG";
    static const char rows[] =
        "9BG86F253ED4A1C7\n7ADC1GB4928F365E\nF245EA73B61C98DG\n3E6189CD7AG5F24B\n"
        "E873461G59F2BDAC\n492D3C5FA8EB7G61\n15CF98AB6D7G43E2\nB6AG2ED7C34189F5\n"
        "8F3BG1E24CAD6579\nC756F38A219EG4BD\nD49A7B6CGF531E28\n2G1E5D498B67CF3A\n"
        "GCE4D5F617B82A93\n6DF9C731EG2A5B84\n51B7A298D436ECGF\nA382B4GEF5C9D716\n";
    collected c;
    ojd_profile *f = parse("id = a\ngrammar = packed\nside = any\nsize-prefix = yes\n"
                           "style = packed\nsymbols = 123456789ABCDEFG\n", &c);
    assert_non_null(f);
    assert_true(f->digits_first);
    char input[512], written[2048];
    snprintf(input, sizeof input, "4\n%s", rows);
    ojd_reader *r = ojd_reader_new_mem(input, strlen(input), "t", f);
    assert_non_null(r);
    ojd_puzzle pz;
    ojd_error err;
    assert_int_equal(ojd_reader_next(r, &pz, &err), OJD_OK);
    assert_int_equal(pz.board.side, 16);
    for (int i = 0; i < 256; i++) {
        char ch = rows[i / 16 * 17 + i % 16];
        assert_int_equal(pz.board.cell[i], strchr(alphabet, ch) - alphabet + 1);
    }
    char *out = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&out, &len);
    assert_non_null(mem);
    ojd_writer *w = ojd_writer_new(mem, f, NULL);
    assert_non_null(w);
    assert_int_equal(ojd_writer_solution(w, 1, &pz.board, &pz.board), OJD_OK);
    ojd_writer_free(w);
    fclose(mem);
    assert_string_equal(out, rows);
    free(out);
    ojd_reader_free(r);
    ojd_profile_write(f, written, sizeof written);
    assert_non_null(strstr(written, "\nsymbols = 123456789ABCDEFG\n"));
    ojd_profile *back = parse(written, &c);
    assert_non_null(back);
    assert_true(ojd_profile_same(back, f));
    ojd_profile_free(back);
    ojd_profile_free(f);
}

/* A profile at odds with itself is refused, on the line of the key that is wrong. */
static void test_each_contradiction(void **state)
{
    (void)state;
    expect_mistake("id = a\nstyle = verdict\n", 2, "no word-unique", NULL);
    expect_mistake("id = a\ntask = validity\n", 2, "style must be verdict", NULL);
    expect_mistake("id = a\nverdict-line = {word}\n", 2, "only style verdict", NULL);
    expect_mistake("id = a\ntally = {count}\n", 2, "only tasks count and all", NULL);
    expect_mistake("id = a\ntask = all\nstyle = verdict\nword-unsolvable = -1\n", 2,
                   "task all: every solution is a grid", NULL);
    expect_mistake("id = a\ntask = all\nsmallest = yes\n", 2, "task all", "smallest");
    expect_mistake("id = a\ntask = all\nword-multiple = many\n", 2, "task all", "word-multiple");
    expect_mistake("id = a\ntask = all\nmethod = givens\n", 2, "task all", "method");
    expect_mistake("id = a\nframing = between\n", 2, "no output-separator", NULL);
    expect_mistake("id = a\noutput-separator = blank\n", 2, "framing none writes none", NULL);
    expect_mistake("id = a\nseparator-first = yes\n", 2, "no separator", NULL);
    expect_mistake("id = a\ngrammar = line\nsize-prefix = yes\n", 3, "cannot read a box size",
                   NULL);
    expect_mistake("id = a\ngrammar = spaced\nside = 9\nsize-prefix = yes\n", 4, "side = any",
                   NULL);
    expect_mistake("id = a\ngrammar = packed\nwalls = yes\n", 3, "grammar must be spaced", NULL);
    expect_mistake("id = a\ngrammar = spaced\nframe = yes\n", 3, "frame: only grammar packed",
                   NULL);
    expect_mistake("id = a\nframe = yes\n", 2, "frame: only grammar packed", NULL);
    expect_mistake("id = a\ngrammar = packed\nvariant = killer\nframe = yes\n", 4,
                   "frame: a killer's packed rows", NULL);
    expect_mistake("id = a\ngrammar = packed\nframe = maybe\n", 3, "frame", NULL);
    expect_mistake("id = a\ngrammar = packed\nsymbols = 123456789\n", 3, "symbols: '123456789' is "
                   "not 1 to 9 then A", "letters = yes");
    expect_mistake("id = a\ngrammar = packed\nsymbols = ABCDEFGHIJ\n", 3, "symbols", "A = 1");
    expect_mistake("id = a\ngrammar = packed\nsymbols = 123456789AC\n", 3, "symbols", NULL);
    expect_mistake("id = a\ngrammar = packed\nletters = yes\nsymbols = 123456789ABCDEFG\n", 4,
                   "symbols: letters = yes makes A = 1", NULL);
    expect_mistake("id = a\ngrammar = spaced\nsymbols = 123456789ABCDEFG\n", 3,
                   "symbols: only grammar packed or line", NULL);
    expect_mistake("id = a\nside = 9\nsides = 4..9\n", 3, "side is 9 already", NULL);
    expect_mistake("id = a\ngrammar = packed\nheader = {label}\n", 3, "input-header", NULL);
    expect_mistake("id = a\ninput-header = Grid {case}\n", 2, "grammar auto", NULL);
    expect_mistake("id = a\ntask = sum\n", 2, "style must be sum", NULL);
    expect_mistake("id = a\nword-case = insensitive\n", 2, "word-case: no word-unique", NULL);
    /* values: a validity task's no, read from spaced numbers, holding the grid's values */
    expect_mistake("id = a\ngrammar = spaced\nvalues = 1..999\n", 3, "no verdict of task validity",
                   "task is solve");
    static const char validity[] = "id = a\ntask = validity\nstyle = verdict\nword-conflict = No\n";
    char text[256];
    snprintf(text, sizeof text, "%sgrammar = packed\nvalues = any\n", validity);
    expect_mistake(text, 6, "values: only grammar spaced", NULL);
    snprintf(text, sizeof text, "%sgrammar = spaced\nletters = yes\nvalues = any\n", validity);
    expect_mistake(text, 7, "values: only grammar spaced", NULL);
    snprintf(text, sizeof text, "%sgrammar = spaced\nsides = 9..16\nvalues = 1..9\n", validity);
    expect_mistake(text, 7, "values: 1..9 leaves out the values of a 16x16 grid", NULL);
}

/* Every mistake of a file is reported, not only the first. */
static void test_all_mistakes_reported(void **state)
{
    (void)state;
    collected c;
    ojd_profile *f = parse("id = a\nsid = 9\nframing = x\nstyle = y\nkinds = z\n", &c);
    assert_null(f);
    assert_int_equal(c.count, 4);
    assert_int_equal(c.line[0], 2);
    assert_int_equal(c.line[3], 5);
    /* a NUL byte in the text is a mistake, never the end of it */
    const char text[] = "id = a\n\0title = x\n";
    memset(&c, 0, sizeof c);
    f = ojd_profile_parse(text, sizeof text - 1, collect, &c);
    assert_null(f);
    assert_int_equal(c.count, 1);
    assert_non_null(strstr(c.message[0], "NUL"));
    /* no report function: still NULL, nothing else */
    assert_null(ojd_profile_parse("nonsense", 8, NULL, NULL));
}

/* Ids as judges write them find the built-in. */
static void test_find_spellings(void **state)
{
    (void)state;
    const ojd_profile *poj = ojd_profile_find("poj2676");
    assert_non_null(poj);
    assert_ptr_equal(ojd_profile_find("POJ2676"), poj);
    assert_ptr_equal(ojd_profile_find("POJ 2676"), poj);
    assert_ptr_equal(ojd_profile_find("poj-2676"), poj);
    assert_ptr_equal(ojd_profile_find("P1074"), ojd_profile_find("luogu1074"));
    assert_ptr_equal(ojd_profile_find("Luogu-10481"), ojd_profile_find("luogu10481"));
    assert_null(ojd_profile_find("P"));
    assert_null(ojd_profile_find(" - "));
    assert_null(ojd_profile_find("poj26766"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_builtins_are_their_files),
        cmocka_unit_test(test_write_reads_back),
        cmocka_unit_test(test_minimal_and_values),
        cmocka_unit_test(test_each_mistake),
        cmocka_unit_test(test_each_contradiction),
        cmocka_unit_test(test_values_key),
        cmocka_unit_test(test_symbols_key),
        cmocka_unit_test(test_all_mistakes_reported),
        cmocka_unit_test(test_find_spellings),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
