/*
 * internal.h -- private helpers shared by several library files: bit tricks, the grid geometry
 * (the box formula, unit and peer tables), the search budget.  Nothing here is API.
 */
#ifndef OJD_INTERNAL_H
#define OJD_INTERNAL_H

#include "ojdoku.h"

#include <stdarg.h>
#include <stdint.h>

/* Bit tricks on candidate sets (bit v-1 set = value v possible; side <= 64 fits a uint64_t). */
static inline int ojd_popcount64(uint64_t x) { return __builtin_popcountll(x); }
static inline int ojd_ctz64(uint64_t x) { return __builtin_ctzll(x); }
static inline uint64_t ojd_all_values(int side)
{
    return side >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << side) - 1);
}

/*
 * Grid geometry.  Boxes are box_rows x box_cols and numbered row by row: there are box_rows boxes
 * across (side / box_cols) and box_cols down.  These functions are the only place the box
 * arithmetic is written; everything else asks them or the tables of an ojd_geo built from them.
 */
static inline int ojd_box_of(int box_rows, int box_cols, int row, int col)
{
    return (row / box_rows) * box_rows + col / box_cols;
}
/* The first row (column) of the box that holds a cell of row `row` (column `col`). */
static inline int ojd_box_row0(int box_rows, int row) { return row - row % box_rows; }
static inline int ojd_box_col0(int box_cols, int col) { return col - col % box_cols; }
/* The row and column of the k-th cell (row-major inside the box, 0..side-1) of box b. */
static inline int ojd_box_cell_row(int box_rows, int box_cols, int b, int k)
{
    return (b / box_rows) * box_rows + k / box_cols;
}
static inline int ojd_box_cell_col(int box_rows, int box_cols, int b, int k)
{
    return (b % box_rows) * box_cols + k % box_cols;
}

/*
 * The tables of one shape, built once (ojd_geo_new) and kept by whoever solves that shape: every
 * solver state, the generator, the grader.  Units: rows are units 0..side-1, columns
 * side..2*side-1, boxes 2*side..3*side-1; unit u lists its cells in row-major order.  The peers of
 * a cell are the other cells of its box (row-major), then the cells of its row and column outside
 * the box, interleaved (row cell k, column cell k, for k = 0..side-1): the order solver_fast_large
 * was tuned with (it decides which contradiction is met first, so its unit weights and counts).
 * One allocation: free() releases it.
 */
typedef struct ojd_geo {
    int box_rows, box_cols, side, cells;
    int nunits;                /* 3 * side */
    int npeers;                /* 2 (side - 1) + (box_rows - 1)(box_cols - 1) */
    uint64_t all;              /* every value: ojd_all_values(side) */
    const int16_t *unit;       /* [nunits * side]: the cells of each unit */
    const int16_t *cell_unit;  /* [cells * 3]: the row, column and box unit of each cell */
    const int16_t *peer;       /* [cells * npeers] */
} ojd_geo;

/* The tables of the shape box_rows x box_cols; NULL for a shape out of range or out of memory. */
ojd_geo *ojd_geo_new(int box_rows, int box_cols);

static inline const int16_t *ojd_geo_unit(const ojd_geo *g, int u)
{
    return g->unit + (size_t)u * (size_t)g->side;
}
/* Unit k (0 row, 1 column, 2 box) of cell i, as a unit number. */
static inline int ojd_geo_unit_of(const ojd_geo *g, int i, int k)
{
    return g->cell_unit[3 * i + k];
}
static inline const int16_t *ojd_geo_peers(const ojd_geo *g, int i)
{
    return g->peer + (size_t)i * (size_t)g->npeers;
}
static inline int ojd_geo_row(const ojd_geo *g, int i) { return g->cell_unit[3 * i]; }
static inline int ojd_geo_col(const ojd_geo *g, int i) { return g->cell_unit[3 * i + 1] - g->side; }
static inline int ojd_geo_box(const ojd_geo *g, int i)
{
    return g->cell_unit[3 * i + 2] - 2 * g->side;
}
/* Do cells i and j share a unit (or are they the same cell)? */
static inline bool ojd_geo_sees(const ojd_geo *g, int i, int j)
{
    const int16_t *a = g->cell_unit + 3 * i, *b = g->cell_unit + 3 * j;
    return a[0] == b[0] || a[1] == b[1] || a[2] == b[2];
}

/*
 * A solver (opaque in ojdoku.h): one const instance per solver_NAME.c file, listed in the
 * registry.  solve() must count solutions exactly up to search->limit, put the first one found in
 * out->solution, count nodes and guesses, return OJD_LIMIT when the budget runs out
 * (ojd_budget_exhausted() below), and touch no global state.  It may assume board->side <=
 * max_side.  Unless checks_givens is set it may also assume the givens are valid (in range, no
 * value repeated in a unit): the engine checks them first.
 */
struct ojd_solver {
    const char *name;
    const char *summary;
    int max_side;
    void *(*create)(int box_rows, int box_cols); /* per-shape state; NULL result = out of memory */
    void (*destroy)(void *state);
    ojd_status (*solve)(void *state, const ojd_board *in, const ojd_search *search,
                        ojd_result *out);
    /* true: solve() validates the givens itself and returns OJD_ERR_INVALID for a value above
     * side and OJD_CONFLICT for a repeat, exactly as the engine's check would, so the engine
     * skips that check (a pass over the board that costs ~10% of a 2 us solve). */
    bool checks_givens;
};

/*
 * The search budget.  Solvers call ojd_budget_exhausted() once per node with their running node
 * count; it compares against the node budget every time and reads the clock only every
 * OJD_CLOCK_STRIDE nodes, so the check costs a compare on the hot path.
 */
#define OJD_CLOCK_STRIDE 4096ULL

typedef struct ojd_budget {
    unsigned long long max_nodes;   /* 0 = unlimited */
    double deadline;                /* monotonic seconds, 0 = none */
    unsigned long long next_clock;  /* node count at which to read the clock next */
    bool exhausted;                 /* sticky once the budget ran out */
} ojd_budget;

double ojd_now_seconds(void);
void ojd_budget_start(ojd_budget *budget, const ojd_search *search);
bool ojd_budget_clock_expired(ojd_budget *budget, unsigned long long nodes);

static inline bool ojd_budget_exhausted(ojd_budget *budget, unsigned long long nodes)
{
    if (budget->exhausted)
        return true;
    if (budget->max_nodes && nodes > budget->max_nodes)
        return budget->exhausted = true;
    if (budget->deadline > 0 && nodes >= budget->next_clock)
        return ojd_budget_clock_expired(budget, nodes);
    return false;
}

/*
 * The outcome of a finished search, the one rule every solver returns by: running out of budget
 * before `limit` solutions were found is OJD_LIMIT (undecided); otherwise the count decides.
 */
static inline ojd_status ojd_search_status(const ojd_budget *budget, unsigned long solutions,
                                           unsigned long limit)
{
    if (budget->exhausted && solutions < limit)
        return OJD_LIMIT;
    if (solutions == 0)
        return OJD_UNSOLVABLE;
    return solutions > 1 ? OJD_MULTIPLE : OJD_OK;
}

static inline unsigned long ojd_search_limit(const ojd_search *search)
{
    return search && search->limit ? search->limit : 1;
}

/* Where every solve starts: the result's counters at zero whatever the caller left in *out, and
 * the budget started.  Returns the number of solutions to stop at. */
static inline unsigned long ojd_search_begin(ojd_result *out, const ojd_search *search,
                                             ojd_budget *budget)
{
    out->solutions = 0;
    out->nodes = out->guesses = 0;
    ojd_budget_start(budget, search);
    return ojd_search_limit(search);
}

/* Formats an ojd_error (code, position, printf-style message); the va_list form serves wrappers. */
void ojd_error_vset(ojd_error *err, ojd_status code, long line, long col, const char *fmt,
                    va_list ap)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 0)))
#endif
    ;
/* Formats an ojd_error (code, position, printf-style message). */
void ojd_error_set(ojd_error *err, ojd_status code, long line, long col, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;

/* Can value v go in cell i of b without repeating in its row, column or box?  A linear scan. */
bool ojd_board_fits(const ojd_board *b, int i, int v);

/* ---- judge profiles (format.c) ------------------------------------------------------------ */

/* How cases are framed in the output. */
typedef enum ojd_framing {
    OJD_FRAME_NONE = 0,       /* nothing between cases */
    OJD_FRAME_BETWEEN,        /* separator between consecutive cases */
    OJD_FRAME_AFTER,          /* separator after every case, the last one included */
    OJD_FRAME_MIRROR          /* whatever separated the cases in the input */
} ojd_framing;

/*
 * A judge profile (opaque in ojdoku.h): one entry per judge in format.c's table; the reader,
 * writer and checker are driven by these fields only.
 */
struct ojd_format {
    const char *name;
    const char *summary;
    /* input */
    ojd_grammar grammar;      /* AUTO = detect */
    int side;                 /* 0 = any */
    int count_line;           /* 1 required, 0 forbidden, -1 optional/detect */
    bool size_prefix;         /* every case is preceded by its box size n */
    bool terminator;          /* "end" line may end the input */
    ojd_separator in_separator;
    char blank;               /* the judge's blank symbol (for writing inputs), 0 = mirror */
    bool letters;             /* values as letters A.. (16x16 judges) */
    /* output */
    ojd_style style;
    ojd_framing framing;
    ojd_separator out_separator;
    /* Templates: "{case}" is the case number, "{case:02}" the same zero-padded to two digits,
     * "{word}" the verdict word. */
    const char *in_header;    /* input files: a header line before each case ("Grid {case:02}") */
    const char *header;       /* output: a header line before each case ("Scenario #{case}:") */
    bool unique;              /* the answer must be unique: look for two solutions */
    bool lexmin;              /* several solutions: print the lexicographically smallest */
    const char *words[OJD_OUTCOME_COUNT_]; /* verdict words; NULL = no word (grid or diagnostic) */
    const char *verdict_line; /* VERDICT style: the line per case, e.g. "Case {case}: {word}." */
    /* What the statement promises about its input (docs/formats.md): `validate --input` checks
     * it and `generate` keeps to it.  A kind is an outcome class (ojd_outcome): a case of kind
     * OJD_OUTCOME_SOLVED has exactly one solution. */
    unsigned kinds;           /* OJD_KIND_BIT(outcome) for every kind of case the input may hold;
                               * 0 = unique cases only (ojd_format_kinds() answers callers) */
    unsigned long max_cases;  /* the most cases one input may hold; 0 = no bound stated */
    int blanks;               /* every case has exactly this many blanks; 0 = any (HDU 2780: 5) */
    int min_side, max_side;   /* with side 0: the sides the statement allows (UVa 989: 1 to 9);
                               * 0 = any */
};

/*
 * What a profile means (format.c): the rules the writer prints by and the checker expects by.
 * format is the profile that governs the case (ojd_format_effective()), NULL to mirror.
 */
/* The output style for a puzzle: the profile's, or (mirror) the one its input used. */
ojd_style ojd_output_style(const ojd_format *format, const ojd_puzzle *puzzle);
/* The writer's alphabet: letters where the input or profile has them, and wherever one character
 * per cell must hold values above 9 (packed rows, lines). */
bool ojd_output_letters(const ojd_format *format, const ojd_board *board, bool input_letters,
                        ojd_style style);
/* The outcome class of an engine status (OJD_OK and anything else: SOLVED). */
ojd_outcome ojd_outcome_of(ojd_status status);
/* Expands a profile template ({case}, {case:02}, {word}; other text copied) into buf, always
 * terminated, cut at size - 1 bytes; no newline. */
void ojd_template_expand(char *buf, size_t size, const char *template, unsigned long index,
                         const char *word);
/* Project Euler 96's number of a solved grid: its first three cells as a 3-digit number. */
unsigned ojd_euler_key(const ojd_board *solution);

/* The engine's givens check: OJD_ERR_INVALID for a value above side, else OJD_CONFLICT for a
 * value repeated in a row, column or box, else OJD_OK.  For solvers with checks_givens. */
ojd_status ojd_givens_check(const ojd_board *board);

/* The registered solvers: ojd_solver_NAME for each row of solvers.def. */
#define OJD_SOLVER(name) extern const ojd_solver ojd_solver_##name;
#include "solvers.def"
#undef OJD_SOLVER

#endif /* OJD_INTERNAL_H */
