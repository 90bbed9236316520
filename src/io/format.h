/*
 * format.h -- the face of the io layer (src/io: format.c, reader.c, writer.c), private: the judge
 * profile struct and the rules derived from it that the reader, writer and checker share.  Nothing
 * here is API.  Layer rule: io includes core only.
 */
#ifndef OJD_FORMAT_H
#define OJD_FORMAT_H

#include "core/core.h"

/* How cases are framed in the output. */
typedef enum ojd_framing {
    OJD_FRAME_NONE = 0,       /* nothing between cases */
    OJD_FRAME_BETWEEN,        /* separator between consecutive cases */
    OJD_FRAME_AFTER,          /* separator after every case, the last one included */
    OJD_FRAME_MIRROR          /* whatever separated the cases in the input */
} ojd_framing;

/* The most ids one statement has on other judges. */
#define OJD_MAX_ALIASES 6

/*
 * A judge profile (opaque in ojdoku.h): a profile file parsed (profile.c), built in from
 * profiles/ or loaded by a user; the reader, writer and checker are driven by these fields only.
 * docs/profiles.md names the file's key for each field.
 */
struct ojd_profile {
    const char *name;         /* the problem's id: judge short name + number or code */
    const char *summary;
    /* the catalogue: the statement's title and address, and the ids of the same statement on
     * other judges (NULL-terminated) */
    const char *title;
    const char *url;
    const char *aliases[OJD_MAX_ALIASES + 1];
    ojd_task task;            /* SOLVE unless set; CLASSIFY and SUM follow from the style */
    ojd_method method;        /* what the engine does with each case (SEARCH unless set) */
    /* input */
    ojd_grammar grammar;      /* AUTO = detect */
    int side;                 /* 0 = any */
    int count_line;           /* 1 required, 0 forbidden, -1 optional/detect */
    bool size_prefix;         /* every case is preceded by its box size n */
    bool terminator;          /* "end" line may end the input */
    ojd_separator in_separator;
    bool in_separator_first;  /* the separator stands before the first case too ("each test
                               * case starts with an empty line": HDU 5547) */
    char blank;               /* the judge's blank symbol (for writing inputs), 0 = mirror */
    bool walls;               /* spaced cells carry their region's walls (HDU 4069): a token is
                               * the value (0 blank) + 16 wall up + 32 right + 64 down + 128
                               * left, and the regions are the areas the walls close */
    bool frame;               /* packed rows drawn between '|' rules, "+---+---+---+" lines
                               * above, between and below the bands (COCI 2023/24 #1) */
    bool letters;             /* values as letters A.. (16x16 judges) */
    bool digits_first;        /* key symbols: values 1..9 as digits, 10.. as A.. (HDU 3909) */
    bool any_values;          /* key values: a cell is any integer, one outside 1..side the
                               * case's no verdict (Kick Start's 999); else a diagnostic */
    long min_value, max_value; /* with any_values: the statement's bound on them (0..0: none),
                                * which `validate --input` checks */
    unsigned units;           /* the variant: OJD_UNITS_* bits every case gets (X diagonals,
                               * windoku windows; REGIONS: a jigsaw, its map required) */
    /* output */
    ojd_style style;
    ojd_framing framing;
    ojd_separator out_separator;
    bool rule_dashes;         /* style pretty: the rule between bands is all dashes (Jutge's
                               * "-----"), not ------+------ */
    /* Templates: "{case}" is the case number, "{case:02}" the same zero-padded to two digits,
     * "{word}" the verdict word, "{label}" the case's input header, "{count}" its solutions. */
    const char *in_header;    /* input files: a header line before each case ("Grid {case:02}") */
    const char *header;       /* output: a header line before each case ("Scenario #{case}:";
                               * "{label}" is the case's own header line in the input) */
    const char *tally;        /* COUNT: a line before each case's answer ("{count}"); the grid
                               * follows when there is exactly one solution, else the word of
                               * the outcome (which may say "{count}") */
    bool unique;              /* the answer must be unique: look for two solutions */
    bool lexmin;              /* several solutions: print the lexicographically smallest */
    const char *words[OJD_OUTCOME_COUNT_]; /* verdict words; NULL = no word (grid or diagnostic) */
    const char *verdict_line; /* VERDICT style: the line per case, e.g. "Case {case}: {word}.";
                               * the header and the framing stand around it as around a grid */
    bool words_any_case;      /* the judge compares the verdict words (and verdict lines) in
                               * any letter case: Kattis' default output validator and
                               * DOMjudge's compare without case_sensitive; else byte for byte */
    /* What the statement promises about its input (docs/formats.md): `validate --input` checks
     * it and `generate` keeps to it.  A kind is an outcome class (ojd_outcome): a case of kind
     * OJD_OUTCOME_SOLVED has exactly one solution. */
    unsigned kinds;           /* OJD_KIND_BIT(outcome) for every kind of case the input may hold;
                               * 0 = unique cases only (ojd_profile_kinds() answers callers) */
    unsigned long max_cases;  /* the most cases one input may hold; 0 = no bound stated */
    int blanks;               /* every case has exactly this many blanks; 0 = any (HDU 2780: 5);
                               * OJD_NO_BLANKS: complete grids */
    int min_side, max_side;   /* with side 0: the sides the statement allows (UVa 989: 1 to 9);
                               * 0 = any */
    bool trailing_spaces;     /* the input's lines may end in spaces (NOIP's official files do):
                               * `validate --input` accepts them */
    int min_givens, max_givens; /* the givens every case has (NOIP 2009: at least 24); 0 = no
                                 * bound on that side */
    char *arena;              /* a loaded profile's text, which its strings point into; NULL for
                               * a built-in (static: ojd_profile_free() leaves it) */
};

/* profile.c: whether two profiles have the same fields (the arena aside). */
bool ojd_profile_same(const ojd_profile *a, const ojd_profile *b);

/*
 * What a profile means (format.c): the rules the writer prints by and the checker expects by.
 * format is the profile that governs the case (ojd_profile_effective()), NULL to mirror.
 */
/* The output style for a puzzle: the profile's, or (mirror) the one its input used. */
ojd_style ojd_output_style(const ojd_profile *format, const ojd_puzzle *puzzle);
/* The writer's alphabet: letters where the input or profile has them, and wherever one character
 * per cell must hold values above 9 (packed rows, lines). */
/* svg.c: the puzzle givens drawn as one SVG document, with the values filled (may be NULL: the
 * puzzle alone) where givens has blanks; symbols as letters or as digits and numbers.  A malloc'd
 * text of *length bytes (not NUL-terminated), or NULL when out of memory. */
char *ojd_svg_draw(const ojd_board *givens, const ojd_board *filled, bool letters,
                   size_t *length);
bool ojd_output_letters(const ojd_profile *format, const ojd_board *board, bool input_letters,
                        ojd_style style);
/* Could a reader of profile f have read puzzle p as it is written (its grammar, side, count
 * line, size prefix, letters, header)?  The checker's hint and ojd_profile_detect() ask. */
bool ojd_profile_reads(const ojd_profile *f, const ojd_puzzle *p);
/* The outcome class of an engine status (OJD_OK and anything else: SOLVED). */
ojd_outcome ojd_outcome_of(ojd_status status);
/* Expands a profile template ({case}, {case:02}, {word}; other text copied) into buf, always
 * terminated, cut at size - 1 bytes; no newline. */
typedef struct ojd_template_vars {
    unsigned long index;      /* {case}, {case:02} */
    const char *word;         /* {word}; NULL = "" */
    const char *label;        /* {label}: the case's header line in the input; NULL = "" */
    unsigned long count;      /* {count} */
} ojd_template_vars;
void ojd_template_expand(char *buf, size_t size, const char *template,
                         const ojd_template_vars *vars);
/* Solutions a COUNT task counts before it calls a case undecided (OJD_LIMIT): a judge's count
 * problem has puzzles with few solutions, and an empty grid's 6.7e21 cannot be counted. */
#define OJD_COUNT_LIMIT 1000000UL
/* Solutions an ALL task lists before it calls a case undecided (OJD_LIMIT): each is written, so
 * the bound is the output's (10,000 9x9 grids drawn pretty are 2.3 MB) and the listing's time
 * (each solution costs up to side^3 solver calls: docs/solving.md). */
#define OJD_ALL_LIMIT 10000UL
/* Project Euler 96's number of a solved grid: its first three cells as a 3-digit number. */
unsigned ojd_euler_key(const ojd_board *solution);
/* Whether a line of `digits` digits and nothing else is a number (a count line, a box size) to
 * the reader rather than a packed row or a whole puzzle: counts are short, so five digits or
 * fewer are a number whatever the grid (over 4x4 rows "4002" is 4002 cases), and a longer run is
 * a row or a puzzle when its length is one's (6, 8, 9, 16, 25, 81, 256), else a number.  The
 * reader decides by it, and the validator (src/check/validate.c) decides as the reader does. */
bool ojd_digits_are_number(size_t digits);
#endif /* OJD_FORMAT_H */
