/*
 * cmd_learn.c -- `ojdoku learn SAMPLE.in SAMPLE.out`: writes the profile file whose answer to a
 * statement's sample input is its sample output, byte for byte.
 *
 * The model: the input side is what the reader detects (grammar, side, count line, separators,
 * blank, headers); the output side is searched.  Each candidate is a profile text (the same
 * files users write), parsed and run on the sample through the library's reader, engine and
 * writer.  The outcome words a candidate needs are not guessed: they are markers ("\1B3\1":
 * outcome B of case 3) that match whatever text stands in their place in the sample output, and
 * a word is learned when every case of its outcome shows the same text.  Candidates are tried
 * simplest first, and the first that reproduces the sample wins; the profile is then written
 * with its words and run once more, and must give the sample's bytes exactly.  What the sample
 * does not show (a word for an outcome it has no case of, the bounds) is said on comment lines.
 * Nothing of the sample's grids is copied: what is learned is the rule.
 */
#include "cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage[] =
    "Usage: ojdoku learn SAMPLE.in SAMPLE.out\n"
    "Write, on standard output, a profile file whose answer to SAMPLE.in is\n"
    "SAMPLE.out byte for byte: the input's grammar as detected, and the output's\n"
    "style, framing, headers, verdict line and words, and task, searched.  Save it\n"
    "and pass it to --format.  Exit 0 when one was found; 1 with the closest\n"
    "candidate and where its answer differs from SAMPLE.out; 2 on a usage or I/O\n"
    "error.\n"
    "\n"
    "Options:\n"
    "  -h, --help            print this help and exit\n";

enum { MAX_CASES = 64, MAX_TEXT = 8192, NODE_BUDGET = 2000000 };
#define MARK '\001'

/* A case's search, done once for every candidate that asks for it (the candidates of one input
 * reading differ in their output, not in the puzzles they read). */
typedef struct cached_solve {
    bool used;
    unsigned long limit;
    bool lexmin;
    ojd_method method;
    ojd_status status;
    ojd_result result;
} cached_solve;
enum { CACHE_WAYS = 16 }; /* more than the distinct searches of every candidate */

/* What the sample input is, read once. */
typedef struct sample {
    cached_solve (*cache)[CACHE_WAYS]; /* per case; cleared when the input is read anew */
    ojd_engine *engine;
    char *in, *out;
    size_t in_len, out_len;
    int cases;
    ojd_status outcome[MAX_CASES];   /* limit-2 search: OK, MULTIPLE, UNSOLVABLE, CONFLICT */
    unsigned long count[MAX_CASES];  /* solutions, counted up to 1000 */
    bool seen[OJD_OUTCOME_COUNT_];
    bool complete;                   /* every case a full grid */
    bool outside;                    /* a case had a number outside its grid's values */
    char input[1024];                /* the profile's input keys */
} sample;

/* What one candidate gave. */
typedef struct attempt {
    char words[OJD_OUTCOME_COUNT_][128]; /* learned words, "" = none seen */
    bool has_word[OJD_OUTCOME_COUNT_];
    int differing;                       /* lines that differ from the sample output */
} attempt;

/* ---- running a candidate ------------------------------------------------------------------- */

/* The answer of profile f to the sample input, malloc'd; NULL when memory runs out. */
/* The engine's answer for case k under search, from the cache when it was asked before. */
static ojd_status solve_case(sample *s, int k, const ojd_board *board, const ojd_search *search,
                             ojd_result *result)
{
    cached_solve *ways = k >= 0 && k < MAX_CASES ? s->cache[k] : NULL;
    for (int w = 0; ways && w < CACHE_WAYS && ways[w].used; w++)
        if (ways[w].limit == search->limit && ways[w].lexmin == search->lexmin &&
            ways[w].method == search->method) {
            *result = ways[w].result;
            return ways[w].status;
        }
    ojd_status st = ojd_engine_solve(s->engine, board, search, result);
    for (int w = 0; ways && w < CACHE_WAYS; w++)
        if (!ways[w].used) {
            ways[w] = (cached_solve){true, search->limit, search->lexmin, search->method, st,
                                     *result};
            break;
        }
    return st;
}

static char *answer(const ojd_profile *f, sample *s, size_t *len)
{
    char *text = NULL;
    FILE *out = open_memstream(&text, len);
    ojd_reader *reader = out ? ojd_reader_new_mem(s->in, s->in_len, "sample", f) : NULL;
    ojd_writer *writer = reader ? ojd_writer_new(out, f, NULL) : NULL;
    bool ready = writer != NULL;
    int k = 0;
    if (ready) {
        ojd_puzzle puzzle;
        ojd_error err;
        ojd_status st;
        while ((st = ojd_reader_next(reader, &puzzle, &err)) != OJD_END) {
            if (st == OJD_ERR_PARSE) {
                ojd_writer_error(writer, ojd_reader_cases(reader), &err);
                continue;
            }
            if (st != OJD_OK)
                break;
            ojd_search search = {.max_nodes = NODE_BUDGET};
            ojd_profile_search(ojd_profile_effective(f, &puzzle.layout), 0, &search);
            ojd_result result;
            ojd_status outcome = solve_case(s, k++, &puzzle.board, &search, &result);
            cli_write_answer(writer, s->engine, f, &puzzle, outcome, &result, &search);
        }
        ojd_writer_finish(writer);
    }
    ojd_writer_free(writer);
    ojd_reader_free(reader);
    if (out)
        fclose(out);
    if (!ready) {
        free(text);
        return NULL;
    }
    return text;
}

/* The case number a marker names at m (just past its outcome letter), and its end. */
static const char *marker_case(const char *m, int *index)
{
    *index = atoi(m);
    while (*m && *m != MARK)
        m++;
    return *m ? m + 1 : m;
}

/* A captured word with the case's count written as {count}, when it holds that number. */
static void templatize(const char *word, size_t n, unsigned long count, char *out, size_t size)
{
    char number[24];
    snprintf(number, sizeof number, "%lu", count);
    const char *hit = NULL;
    for (const char *p = word; p + strlen(number) <= word + n; p++)
        if (strncmp(p, number, strlen(number)) == 0 && (p == word || p[-1] < '0' || p[-1] > '9') &&
            (p + strlen(number) == word + n || p[strlen(number)] < '0' ||
             p[strlen(number)] > '9')) {
            hit = p;
            break;
        }
    if (hit && count > 1)
        snprintf(out, size, "%.*s{count}%.*s", (int)(hit - word), word,
                 (int)(word + n - hit - strlen(number)), hit + strlen(number));
    else
        snprintf(out, size, "%.*s", (int)n, word);
}

/* Matches a rendered answer (with markers) against the sample output, learning the words.
 * Returns true on an exact match; counts the differing lines either way. */
static bool match(const char *got, sample *s, attempt *a)
{
    const char *want = s->out, *end = s->out + s->out_len;
    bool ok = true;
    while (*got && ok) {
        if (*got != MARK) {
            ok = want < end && *want == *got;
            got++, want++;
            continue;
        }
        int o = got[1] - 'A', index;
        const char *after = marker_case(got + 2, &index);
        size_t lit = strcspn(after, "\001\n");
        lit += after[lit] == '\n';
        const char *stop = want;
        /* the word is the shortest text before the literal that follows it, on one line */
        while (stop < end && *stop != '\n' &&
               !(lit && (size_t)(end - stop) >= lit && memcmp(stop, after, lit) == 0))
            stop++;
        if (o < 0 || o >= OJD_OUTCOME_COUNT_ || stop == want) {
            ok = false;
            break;
        }
        char word[128];
        unsigned long count = index >= 1 && index <= s->cases ? s->count[index - 1] : 0;
        templatize(want, (size_t)(stop - want), count, word, sizeof word);
        if (a->has_word[o] && strcmp(a->words[o], word) != 0)
            ok = false;
        snprintf(a->words[o], sizeof a->words[o], "%s", word);
        a->has_word[o] = true;
        want = stop;
        got = after;
    }
    return ok && !*got && want == end;
}

/* Lines of a that differ from b, as a measure of how close a candidate came. */
static int differing_lines(const char *a, const char *b)
{
    int n = 0;
    while (*a || *b) {
        size_t la = strcspn(a, "\n"), lb = strcspn(b, "\n");
        n += la != lb || memcmp(a, b, la) != 0;
        a += la + (a[la] == '\n');
        b += lb + (b[lb] == '\n');
    }
    return n;
}

/* ---- the candidates ------------------------------------------------------------------------ */

typedef struct learning {
    sample *s;
    char best[MAX_TEXT];   /* the closest candidate so far */
    int best_diff;
    char found[MAX_TEXT];  /* the profile that reproduces the sample, words filled in */
    bool done;
} learning;

/* The profile text with its markers' words: each "word-X = \1X\1" line gets the learned word,
 * or goes when the sample showed none. */
static void fill_words(const char *text, const attempt *a, char *out, size_t size)
{
    size_t len = 0;
    out[0] = '\0';
    while (*text && len < size) {
        size_t n = strcspn(text, "\n");
        int o;
        for (o = 0; o < OJD_OUTCOME_COUNT_; o++) {
            char key[32];
            int k = snprintf(key, sizeof key, "word-%s = \001", ojd_kind_name((ojd_outcome)o));
            if (strncmp(text, key, (size_t)k) == 0)
                break;
        }
        if (o == OJD_OUTCOME_COUNT_)
            len += (size_t)snprintf(out + len, size - len, "%.*s\n", (int)n, text);
        else if (a->has_word[o])
            len += (size_t)snprintf(out + len, size - len, "word-%s = %s\n", ojd_kind_name((ojd_outcome)o),
                                    a->words[o]);
        text += n + (text[n] == '\n');
    }
}

static void ignore(void *context, int line, const char *message)
{
    (void)context, (void)line, (void)message;
}

/* Tries one candidate profile (input keys + output keys); true when it reproduced the sample. */
static bool try_candidate(learning *se, const char *output_keys)
{
    char text[MAX_TEXT];
    snprintf(text, sizeof text, "id = learned\n%s%s", se->s->input, output_keys);
    ojd_profile *f = ojd_profile_parse(text, strlen(text), ignore, NULL);
    if (!f)
        return false;
    size_t len;
    char *got = answer(f, se->s, &len);
    ojd_profile_free(f);
    if (!got)
        return false;
    attempt a = {0};
    bool ok = match(got, se->s, &a);
    char filled[MAX_TEXT];
    fill_words(text, &a, filled, sizeof filled);
    if (!ok) {
        int d = differing_lines(got, se->s->out);
        if (d < se->best_diff) {
            se->best_diff = d;
            snprintf(se->best, sizeof se->best, "%s", filled);
        }
        free(got);
        return false;
    }
    free(got);
    /* the words in place of the markers: the real profile must give the sample's bytes */
    f = ojd_profile_parse(filled, strlen(filled), ignore, NULL);
    got = f ? answer(f, se->s, &len) : NULL;
    ojd_profile_free(f);
    ok = got && len == se->s->out_len && memcmp(got, se->s->out, len) == 0;
    free(got);
    if (ok) {
        snprintf(se->found, sizeof se->found, "%s", filled);
        se->done = true;
    }
    return ok;
}

/* Templates for a line of the output that stands before or around each answer: the line as it
 * is, with the case number as {case} or {case:02}, and as the input header ({label}). */
static int line_templates(const char *line, const char *label, char out[][160], int max)
{
    int n = 0;
    if (label[0] && strcmp(line, label) == 0 && n < max)
        snprintf(out[n++], 160, "{label}");
    const char *p = line;
    for (; *p; p++) {
        bool boundary = p == line || p[-1] < '0' || p[-1] > '9';
        if (boundary && strncmp(p, "01", 2) == 0 && (p[2] < '0' || p[2] > '9') && n < max)
            snprintf(out[n++], 160, "%.*s{case:02}%s", (int)(p - line), line, p + 2);
        if (boundary && p[0] == '1' && (p[1] < '0' || p[1] > '9') && n < max)
            snprintf(out[n++], 160, "%.*s{case}%s", (int)(p - line), line, p + 1);
    }
    if (n < max)
        snprintf(out[n++], 160, "%s", line);
    return n;
}

/* The quoted form of a template for a profile line: quotes where spaces stand at its ends. */
static const char *quoted(const char *t, char *buf, size_t size)
{
    size_t n = strlen(t);
    if (n && t[0] != ' ' && t[n - 1] != ' ' && t[0] != '"')
        return t;
    snprintf(buf, size, "\"%s\"", t);
    return buf;
}

static const char *const framings[] = {
    "framing = none\n",
    "framing = between\noutput-separator = blank\n",
    "framing = after\noutput-separator = blank\n",
    "framing = between\noutput-separator = dashes\n",
    "framing = after\noutput-separator = dashes\n",
};

/* The marker lines of the outcomes the sample has, as bits of `words` say. */
static void put_markers(char *buf, size_t size, unsigned words)
{
    size_t len = strlen(buf);
    for (int o = 0; o < OJD_OUTCOME_COUNT_; o++)
        if (words & (1u << o))
            len += (size_t)snprintf(buf + len, size - len, "word-%s = \001%c{case}\001\n",
                                    ojd_kind_name((ojd_outcome)o), 'A' + o);
}

/* The first line of the sample output and the first input label, for header templates. */
static void first_lines(const sample *s, char *line, size_t size)
{
    size_t n = strcspn(s->out, "\n");
    snprintf(line, size, "%.*s", (int)(n < size ? n : size - 1), s->out);
}

/* Grid answers: style x framing x header x search x words. */
static void try_grids(learning *se, const char *task, const char *label)
{
    /* Jutge's pretty grids rule their bands with dashes alone */
    static const char *const styles[] = {"packed", "spaced", "line", "literal", "pretty",
                                         "pretty\nband-rule = dashes", "json", "svg"};
    char first[160], headers[8][160];
    first_lines(se->s, first, sizeof first);
    int nh = 1 + line_templates(first, label, headers + 1, 7);
    headers[0][0] = '\0';
    /* the words: each outcome the sample has besides a solution may have one, or not */
    unsigned optional = 0;
    for (int o = 1; o < OJD_OUTCOME_COUNT_; o++)
        optional |= se->s->seen[o] ? 1u << o : 0;
    if (!strcmp(task, "count"))
        optional |= 1u << OJD_OUTCOME_MULTIPLE | 1u << OJD_OUTCOME_UNSOLVABLE;
    bool several = se->s->seen[OJD_OUTCOME_MULTIPLE];
    for (int h = 0; h < nh && !se->done; h++)
        for (size_t st = 0; st < sizeof styles / sizeof *styles && !se->done; st++)
            for (size_t fr = 0; fr < sizeof framings / sizeof *framings && !se->done; fr++)
                for (int search_kind = 0; search_kind < (several ? 3 : 1) && !se->done;
                     search_kind++)
                    for (unsigned w = 0; w <= optional && !se->done; w++) {
                        if (w & ~optional)
                            continue;
                        char keys[MAX_TEXT], q[200];
                        snprintf(keys, sizeof keys, "task = %s\nstyle = %s\n%s%s%s%s%s%s", task,
                                 styles[st], framings[fr], headers[h][0] ? "header = " : "",
                                 headers[h][0] ? quoted(headers[h], q, sizeof q) : "",
                                 headers[h][0] ? "\n" : "",
                                 search_kind == 1 ? "smallest = yes\n" : "",
                                 search_kind == 2 ? "unique = yes\n" : "");
                        if (!strcmp(task, "count"))
                            strcat(keys, "tally = {count}\n");
                        put_markers(keys, sizeof keys, w);
                        try_candidate(se, keys);
                    }
}

/* Verdict answers: a line per case with a word for its outcome, around a prefix and suffix
 * taken from the first such line of the sample output. */
static void try_verdicts(learning *se, const char *label)
{
    static const char *const tasks[] = {
        "task = classify\nunique = yes\n", "task = validity\nmethod = givens\n",
        "task = validity\nmethod = complete\n"};
    char first[160], heads[8][160], lines[8][200];
    first_lines(se->s, first, sizeof first);
    int nh = 1 + line_templates(first, label, heads + 1, 7);
    heads[0][0] = '\0';
    unsigned words = 0;
    for (int o = 0; o < OJD_OUTCOME_COUNT_; o++)
        words |= se->s->seen[o] ? 1u << o : 0;
    for (int h = 0; h < nh && !se->done; h++) {
        /* the verdict line is the first line, or the one after the header */
        const char *l = se->s->out;
        if (h > 0)
            l += strcspn(l, "\n") + (l[strcspn(l, "\n")] == '\n');
        char line[160];
        snprintf(line, sizeof line, "%.*s", (int)strcspn(l, "\n"), l);
        /* {word} after each space (longest prefix first), with a final '.' kept or not */
        int nl = 0;
        for (int cut = (int)strlen(line); cut >= 0 && nl < 6; cut--) {
            if (cut > 0 && line[cut - 1] != ' ')
                continue;
            char prefix[160], t[2][160];
            snprintf(prefix, sizeof prefix, "%.*s", cut, line);
            int nt = prefix[0] ? line_templates(prefix, "", t, 2) : 1;
            if (!prefix[0])
                t[0][0] = '\0';
            bool dot = line[0] && line[strlen(line) - 1] == '.';
            snprintf(lines[nl++], 200, "%s{word}%s", t[0], dot ? "." : "");
            if (nt > 1 && nl < 8)
                snprintf(lines[nl++], 200, "%s{word}%s", t[1], dot ? "." : "");
        }
        for (int v = 0; v < nl && !se->done; v++)
            for (size_t fr = 0; fr < sizeof framings / sizeof *framings && !se->done; fr++)
                for (size_t t = 0; t < sizeof tasks / sizeof *tasks && !se->done; t++) {
                    char keys[MAX_TEXT], q[240], q2[240];
                    snprintf(keys, sizeof keys, "%sstyle = verdict\n%sverdict-line = %s\n%s%s%s",
                             tasks[t], framings[fr], quoted(lines[v], q, sizeof q),
                             heads[h][0] ? "header = " : "",
                             heads[h][0] ? quoted(heads[h], q2, sizeof q2) : "",
                             heads[h][0] ? "\n" : "");
                    put_markers(keys, sizeof keys, words);
                    try_candidate(se, keys);
                }
    }
}

/* The tasks whose answer is no plain solution: one number, a deduction, a score, a transform. */
static void try_special(learning *se)
{
    static const char *const specials[] = {
        "task = sum\nstyle = sum\n",
        "task = deduce\nmethod = cross-hatching\nstyle = packed\nword-conflict = \001D{case}\001\n",
        "task = score\nmethod = target\nstyle = spaced\nword-unsolvable = \001C{case}\001\n"
        "word-conflict = \001D{case}\001\n",
        "task = transform\nmethod = anti\nstyle = packed\n",
    };
    for (size_t k = 0; k < sizeof specials / sizeof *specials && !se->done; k++)
        try_candidate(se, specials[k]);
}

/* ---- the input side ------------------------------------------------------------------------ */

static const char *grammar_name(ojd_grammar g)
{
    switch (g) {
    case OJD_GRAMMAR_SPACED: return "spaced";
    case OJD_GRAMMAR_PACKED: return "packed";
    case OJD_GRAMMAR_LINE: return "line";
    case OJD_GRAMMAR_LITERAL: return "literal";
    default: return "auto";
    }
}

/* Reads the sample input as detection does: its keys, each case's outcome and count.  false
 * when it holds no case the reader can read. */
static bool read_input(sample *s, char *label, size_t label_size, const ojd_profile *f,
                       char force_blank, char *unexpected)
{
    memset(s->outcome, 0, sizeof s->outcome);
    memset(s->seen, 0, sizeof s->seen);
    memset(s->cache, 0, sizeof *s->cache * MAX_CASES);
    s->cases = 0;
    s->outside = false;
    ojd_reader *reader = ojd_reader_new_mem(s->in, s->in_len, "sample", f);
    ojd_engine *engine = ojd_engine_new(NULL);
    ojd_puzzle p, first = {0};
    ojd_error err;
    ojd_status st;
    int side = 0;
    bool same_side = true, labels = true, padded = true, prefixed = true;
    char blank = force_blank;
    s->complete = true;
    while (reader && engine && (st = ojd_reader_next(reader, &p, &err)) != OJD_END) {
        /* a symbol detection does not take for a blank ('X') is the blank to try */
        const char *quote = st == OJD_ERR_PARSE ? strstr(err.message, "unexpected '") : NULL;
        if (quote && unexpected && !*unexpected)
            *unexpected = quote[12];
        if (st == OJD_ERR_PARSE) {
            s->outside |= strstr(err.message, "out of range for a") != NULL;
            continue;
        }
        if (st != OJD_OK || s->cases == MAX_CASES)
            break;
        if (s->cases == 0)
            first = p;
        same_side &= !side || side == p.board.side;
        side = p.board.side;
        char two[8];
        snprintf(two, sizeof two, "%02lu", p.index);
        labels &= p.layout.label[0] != '\0';
        prefixed &= p.layout.size_prefix;
        padded &= strstr(p.layout.label, two) != NULL;
        for (int i = 0; i < p.board.side * p.board.side; i++)
            s->complete &= p.board.cell[i] != 0;
        /* the blank symbol of the first case that has a blank (a full grid shows none) */
        if (!blank && !s->complete)
            blank = p.layout.blank;
        ojd_search search = {.limit = 2, .max_nodes = NODE_BUDGET};
        ojd_result r;
        ojd_status o = ojd_engine_solve(engine, &p.board, &search, &r);
        s->outcome[s->cases] = o;
        ojd_search counting = {.limit = 1000, .max_nodes = NODE_BUDGET};
        s->count[s->cases] = ojd_engine_solve(engine, &p.board, &counting, &r) >= 0 ? r.solutions : 0;
        s->seen[o == OJD_MULTIPLE     ? OJD_OUTCOME_MULTIPLE
                : o == OJD_UNSOLVABLE ? OJD_OUTCOME_UNSOLVABLE
                : o == OJD_CONFLICT   ? OJD_OUTCOME_CONFLICT
                                      : OJD_OUTCOME_SOLVED] = true;
        s->cases++;
    }
    ojd_engine_free(engine);
    ojd_reader_free(reader);
    if (!s->cases)
        return false;
    const ojd_layout *l = &first.layout;
    size_t n = 0, size = sizeof s->input;
    n += (size_t)snprintf(s->input + n, size - n, "grammar = %s\n", grammar_name(l->grammar));
    /* a number before the first grid only is a count line, not a box size (SPOJ SUDOGOB's
     * "3" before a 9x9 grid) */
    bool counted = l->counted || (l->size_prefix && !prefixed);
    if (same_side && !prefixed)
        n += (size_t)snprintf(s->input + n, size - n, "side = %d\n", side);
    else
        n += (size_t)snprintf(s->input + n, size - n, "side = any\n");
    n += (size_t)snprintf(s->input + n, size - n, "count-line = %s\n", counted ? "yes" : "no");
    if (prefixed)
        n += (size_t)snprintf(s->input + n, size - n, "size-prefix = yes\n");
    if (strstr(s->in, "\nend") || !strncmp(s->in, "end", 3))
        n += (size_t)snprintf(s->input + n, size - n, "terminator = yes\n");
    if (l->separator)
        n += (size_t)snprintf(s->input + n, size - n, "separator = %s\nseparator-first = yes\n",
                              l->separator == OJD_SEP_DASHES ? "dashes" : "blank");
    else if (s->cases > 1)
        n += (size_t)snprintf(s->input + n, size - n, "separator = %s\n",
                              strstr(s->in, "\n---") ? "dashes"
                              : strstr(s->in, "\n\n") ? "blank" : "none");
    if (!blank)
        blank = l->blank;
    if (blank && blank != ' ')
        n += (size_t)snprintf(s->input + n, size - n, "blank = %c\n", blank);
    bool framed = l->grammar == OJD_GRAMMAR_PACKED && (s->in[0] == '|' || strstr(s->in, "\n|"));
    n += (size_t)snprintf(s->input + n, size - n, "%s%s", l->letters ? "letters = yes\n" : "",
                          framed ? "frame = yes\n" : ""); /* COCI's '|' rules: generate's frame */
    snprintf(label, label_size, "%s", labels ? l->label : "");
    if (labels) {
        char t[4][160];
        line_templates(l->label, "", t, 4);
        /* the first template numbers the case: zero-padded where every label is */
        const char *pick = t[0];
        for (int k = 0; k < 4 && padded; k++)
            if (strstr(t[k], "{case:02}")) {
                pick = t[k];
                break;
            }
        n += (size_t)snprintf(s->input + n, size - n, "input-header = %s\n", pick);
    }
    (void)n;
    return true;
}

/* Reads the sample again through the profile of keys (with blank as its blank when set), so
 * that its cases are the ones that profile reads. */
static bool reread(sample *s, char *label, size_t label_size, const char *keys, char blank)
{
    char text[2048];
    /* values is a validity task's key: the reading takes it, the task and words are learned
     * after (these only let the reading's profile parse) */
    snprintf(text, sizeof text, "id = x\n%s%s", keys,
             strstr(keys, "values = ") ? "task = validity\nstyle = verdict\nword-conflict = n\n"
                                       : "");
    if (blank) {
        char *at = strstr(text, "blank = ");
        if (at)
            at[8] = blank;
        else
            snprintf(text + strlen(text), sizeof text - strlen(text), "blank = %c\n", blank);
    }
    ojd_profile *f = ojd_profile_parse(text, strlen(text), ignore, NULL);
    bool ok = f && read_input(s, label, label_size, f, blank, NULL);
    ojd_profile_free(f);
    return ok;
}

/* Every kind of output, simplest first, until one reproduces the sample. */
static void learn_output(learning *se, const char *label)
{
    try_grids(se, "solve", label);
    /* a number is a task's answer (a sum, a score) before it is a verdict word */
    if (!se->done)
        try_special(se);
    if (!se->done)
        try_verdicts(se, label);
    if (!se->done)
        try_grids(se, "count", label);
    /* every solution: only a sample with a case of several tells it from solve */
    if (!se->done && se->s->seen[OJD_OUTCOME_MULTIPLE])
        try_grids(se, "all", label);
}

/* Reads the sample and learns its output: through the input as detection reads it, then the
 * readings detection misses (values with walls, a count line taken for a box size, a variant's
 * extra units).  false when no reading finds a case. */
static bool learn_sample(sample *s, learning *se, char *label, size_t size)
{
    char unexpected = 0;
    bool read = read_input(s, label, size, NULL, 0, &unexpected);
    if (read && unexpected)
        read = reread(s, label, size, s->input, unexpected);
    /* numbers detection cannot read may be values with their region's walls (HDU 4069) */
    static const char *const walls[] = {
        "grammar = spaced\nside = any\ncount-line = yes\nwalls = yes\nseparator = blank\n",
        "grammar = spaced\nside = any\ncount-line = no\nwalls = yes\nseparator = blank\n"};
    for (int w = 0; w < 2 && !read; w++)
        if (reread(s, label, size, walls[w], '0')) {
            read = true;
            strcat(s->input, "walls = yes\n");
        }
    if (!read)
        return false;
    /* a number no grid has a value for may be the statement's no (Kick Start's 999) */
    if (s->outside) {
        char plus[sizeof s->input + 20];
        snprintf(plus, sizeof plus, "%svalues = any\n", s->input);
        if (reread(s, label, size, plus, unexpected))
            strcat(s->input, "values = any\n");
        else
            read_input(s, label, size, NULL, 0, NULL); /* back to the reading of detection */
    }
    char base[sizeof s->input], keys[sizeof s->input + 40];
    snprintf(base, sizeof base, "%s", s->input);
    learn_output(se, label);
    /* a number before the first grid may be a count line rather than a box size */
    static const char prefixed[] = "count-line = no\nsize-prefix = yes\n";
    const char *at = strstr(base, prefixed);
    if (!se->done && at) {
        snprintf(keys, sizeof keys, "%.*scount-line = yes\n%s", (int)(at - base), base,
                 at + strlen(prefixed));
        if (reread(s, label, size, keys, unexpected))
            learn_output(se, label);
    }
    /* answers that are no classic solution may be a variant's */
    static const char *const variants[] = {"variant = x\n", "variant = windoku\n"};
    for (int v = 0; v < 2 && !se->done; v++) {
        snprintf(keys, sizeof keys, "%s%s", base, variants[v]);
        if (reread(s, label, size, keys, unexpected)) {
            strcat(s->input, variants[v]);
            learn_output(se, label);
        }
    }
    return true;
}

/* ---- the report ---------------------------------------------------------------------------- */

static void print_found(const learning *se, const char *in_path, const char *out_path)
{
    printf("# Learned by: ojdoku learn %s %s\n"
           "# Its answer to that input is that output, byte for byte.  Give it the problem's id\n"
           "# (and title, url, aliases), and check the lines below against the statement.\n",
           in_path, out_path);
    if (se->s->cases == 1)
        printf("# The sample has one case: it does not show what stands between cases\n"
               "# (framing, output-separator) or whether cases are counted.\n");
    for (int o = 1; o < OJD_OUTCOME_COUNT_; o++)
        if (!se->s->seen[o])
            printf("# The sample has no %s case: if the statement has a word for one, add\n"
                   "#   word-%s = THE WORD\n",
                   ojd_kind_name((ojd_outcome)o), ojd_kind_name((ojd_outcome)o));
    if (!se->s->seen[OJD_OUTCOME_MULTIPLE] && strstr(se->found, "task = solve\n"))
        printf("# The sample has no case of several solutions: it does not show whether the\n"
               "# statement wants one of them (task = solve, smallest = yes), none of them\n"
               "# (unique = yes) or every one in order (task = all, Jutge.org P89454).\n");
    printf("# The statement's bounds are not in the sample: add max-cases, blanks, sides and\n"
           "# the kinds of case the input may hold (docs/profiles.md).\n");
    char kinds[80] = "kinds =";
    for (int o = 0; o < OJD_OUTCOME_COUNT_; o++)
        if (se->s->seen[o])
            strcat(strcat(kinds, " "), ojd_kind_name((ojd_outcome)o));
    /* the text without its placeholder id, then the kinds the sample shows */
    const char *body = strchr(se->found, '\n');
    printf("id = learned\n%s%s\n", body ? body + 1 : "", kinds);
}

/* Where the closest candidate's answer differs from the sample output: side by side. */
static void print_closest(const learning *se)
{
    fprintf(stderr, "ojdoku: learn: no profile reproduces the sample output; the closest "
                    "candidate (%d line%s differ):\n",
            se->best_diff, se->best_diff == 1 ? "" : "s");
    fputs(se->best, stderr);
    ojd_profile *f = ojd_profile_parse(se->best, strlen(se->best), ignore, NULL);
    size_t len = 0;
    char *got = f ? answer(f, se->s, &len) : NULL;
    ojd_profile_free(f);
    fprintf(stderr, "%-38s | %s\n", "its answer", "the sample output");
    const char *a = got ? got : "", *b = se->s->out;
    for (int shown = 0; (*a || *b) && shown < 12;) {
        size_t la = strcspn(a, "\n"), lb = strcspn(b, "\n");
        bool same = la == lb && memcmp(a, b, la) == 0;
        if (!same) {
            fprintf(stderr, "%-38.*s %c %.*s\n", (int)(la > 38 ? 38 : la), a, '|', (int)lb, b);
            shown++;
        }
        a += la + (a[la] == '\n');
        b += lb + (b[lb] == '\n');
    }
    free(got);
}

int cmd_learn(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
            fputs(usage, stdout);
            return CLI_EXIT_OK;
        }
        if (argv[i][0] == '-' && argv[i][1]) {
            cli_fail("learn: unknown option '%s' (see 'ojdoku learn --help')", argv[i]);
            return CLI_EXIT_USAGE;
        }
    }
    if (argc != 3) {
        cli_fail("learn: want SAMPLE.in and SAMPLE.out (see 'ojdoku learn --help')");
        return CLI_EXIT_USAGE;
    }
    static sample s;
    static learning se;
    memset(&s, 0, sizeof s);
    memset(&se, 0, sizeof se);
    s.in = cli_read_file(argv[1], &s.in_len);
    s.out = cli_read_file(argv[2], &s.out_len);
    if (!s.in || !s.out) {
        cli_fail("learn: cannot read %s", s.in ? argv[2] : argv[1]);
        free(s.in);
        free(s.out);
        return CLI_EXIT_USAGE;
    }
    char label[40];
    int result = CLI_EXIT_OK;
    se.s = &s;
    se.best_diff = 1 << 30;
    s.engine = ojd_engine_new(NULL);
    s.cache = calloc(MAX_CASES, sizeof *s.cache);
    bool read = s.engine && s.cache && learn_sample(&s, &se, label, sizeof label);
    if (!read) {
        cli_fail("learn: %s: no puzzle the reader can read", argv[1]);
        result = CLI_EXIT_UNANSWERED;
    } else if (se.done) {
        print_found(&se, argv[1], argv[2]);
    } else {
        print_closest(&se);
        result = CLI_EXIT_UNANSWERED;
    }
    ojd_engine_free(s.engine);
    free(s.cache);
    free(s.in);
    free(s.out);
    return result;
}
