/*
 * killer_gecode.cc -- a Gecode model of killer Sudoku, the CP solver make bench times ojdoku
 * against (issue 42), and with KILLER_GECODE_TOOL a small program around it that counts the
 * solutions of line-form puzzles and generates unique killer puzzles for the bench data.
 *
 * The model: 81 variables 1..9; every row, column and box distinct (domain consistency) and
 * summing to 45 (a linear, the redundant constraint CP killer models carry); every cage distinct
 * (domain consistency) and a linear equal to its sum (bounds consistency: domain consistency on
 * a linear costs more than it prunes here, measured on the bench sets); givens fixed.  Search:
 * depth-first, the variable with the smallest domain first, its smallest value first.
 *
 * Built beside the project only (C++ and Debian's libgecode-dev); ojdoku stays C11 without it.
 */
#include "killer_gecode.h"

#include <gecode/int.hh>
#include <gecode/search.hh>

#include <cstdio>
#include <cstdlib>
#include <algorithm>
#include <cstring>
#include <ctime>
#include <vector>

using namespace Gecode;

namespace {

/* Every arrangement of size distinct values 1..9 that adds up to sum: each set of values with
 * that sum (a 9-bit mask), in every order. */
TupleSet permutations(int size, int sum)
{
    TupleSet t(size);
    for (unsigned mask = 0; mask < 512; mask++) {
        std::vector<int> v;
        int s = 0;
        for (int b = 0; b < 9; b++)
            if (mask & (1u << b))
                v.push_back(b + 1), s += b + 1;
        if (static_cast<int>(v.size()) != size || s != sum)
            continue;
        do
            t.add(IntArgs(v));
        while (std::next_permutation(v.begin(), v.end()));
    }
    t.finalize();
    return t;
}

/* Stops the search after some CPU seconds of this thread: Gecode's TimeStop reads the wall
 * clock, which on a shared machine stops a search after a fraction of its time. */
class CpuStop : public Search::Stop {
    double end;
    unsigned calls = 0;
    bool past = false;

    static double cpu_now()
    {
        struct timespec ts;
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
        return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
    }

  public:
    explicit CpuStop(double seconds) : end(cpu_now() + seconds) {}

    bool stop(const Search::Statistics &, const Search::Options &) override
    {
        if (!past && ++calls % 64 == 0) /* a clock read costs a system call */
            past = cpu_now() > end;
        return past;
    }
};

class KillerModel : public Space {
  public:
    IntVarArray x;

    /* strong: each cage also a table of the permutations its sum allows (domain consistency
     * on the whole cage), for the tool's counts of the hardest puzzles; the bench times the
     * plain model. */
    KillerModel(const killer_puzzle *p, bool strong) : x(*this, KILLER_CELLS, 1, 9)
    {
        for (int i = 0; i < KILLER_CELLS; i++)
            if (p->given[i])
                rel(*this, x[i], IRT_EQ, p->given[i]);
        for (int kind = 0; kind < 3; kind++)
            for (int u = 0; u < 9; u++) {
                IntVarArgs unit(9);
                for (int j = 0; j < 9; j++)
                    unit[j] = x[kind == 0   ? u * 9 + j
                                : kind == 1 ? j * 9 + u
                                            : (u / 3 * 3 + j / 3) * 9 + u % 3 * 3 + j % 3];
                distinct(*this, unit, IPL_DOM);
                linear(*this, unit, IRT_EQ, 45, IPL_BND);
            }
        for (int k = 1; k <= p->cage_count; k++) {
            IntVarArgs cage;
            for (int i = 0; i < KILLER_CELLS; i++)
                if (p->cage[i] == k)
                    cage << x[i];
            distinct(*this, cage, IPL_DOM);
            linear(*this, cage, IRT_EQ, p->sum[k], IPL_BND);
            if (strong)
                extensional(*this, cage, permutations(cage.size(), p->sum[k]));
        }
        branch(*this, x, INT_VAR_SIZE_MIN(), INT_VAL_MIN());
    }

    KillerModel(KillerModel &other) : Space(other) { x.update(*this, other.x); }

    Space *copy() override { return new KillerModel(*this); }
};

} // namespace

extern "C" const char *killer_gecode_model(void)
{
    return "distinct(IPL_DOM) + linear(IPL_BND) per unit (=45) and per cage, "
           "branch INT_VAR_SIZE_MIN/INT_VAL_MIN, DFS";
}

static int solve(const killer_puzzle *p, bool strong, int limit, double max_seconds,
                 uint8_t *first, unsigned long *nodes)
{
    KillerModel *root = new KillerModel(p, strong);
    Search::Options o;
    CpuStop *stop = nullptr;
    if (max_seconds > 0) {
        stop = new CpuStop(max_seconds);
        o.stop = stop;
    }
    int found = 0;
    {
        DFS<KillerModel> search(root, o);
        delete root; /* DFS cloned it */
        while (found < limit) {
            KillerModel *s = search.next();
            if (!s)
                break;
            if (found == 0 && first)
                for (int i = 0; i < KILLER_CELLS; i++)
                    first[i] = static_cast<uint8_t>(s->x[i].val());
            found++;
            delete s;
        }
        if (found < limit && search.stopped())
            found = -1;
        if (nodes)
            *nodes = search.statistics().node;
    }
    delete stop;
    return found;
}

extern "C" int killer_gecode_solve(const killer_puzzle *p, int limit, double max_seconds,
                                   uint8_t *first, unsigned long *nodes)
{
    return solve(p, false, limit, max_seconds, first, nodes);
}

#ifdef KILLER_GECODE_TOOL
/*
 * The tool:
 *   killer_gecode count FILE     each line's solutions counted to 2 (no time limit): prints
 *                                "COUNT SOLUTION" per line (SOLUTION: the first, 81 digits,
 *                                checked by killer_check(), or "-"); exit 1 if a line is not
 *                                the line form or an answer breaks a rule
 *   killer_gecode count-strong FILE   the same with the strong model (a table per cage)
 *   killer_gecode generate N SEED   N unique killer puzzles without givens, each printed as
 *                                "LINE SOLUTION": a random grid, a random cage layout (cages of
 *                                2 to 4 cells mostly, as printed puzzles have), kept when Gecode
 *                                counts one solution, else a new layout
 */
namespace {

uint64_t rng_state;

unsigned rnd(unsigned n)
{
    rng_state ^= rng_state << 13, rng_state ^= rng_state >> 7, rng_state ^= rng_state << 17;
    return static_cast<unsigned>(rng_state % n);
}

bool fill(uint8_t *g, int at)
{
    if (at == KILLER_CELLS)
        return true;
    int r = at / 9, c = at % 9, order[9];
    for (int v = 0; v < 9; v++)
        order[v] = v + 1;
    for (int v = 8; v > 0; v--) {
        int j = static_cast<int>(rnd(static_cast<unsigned>(v) + 1)), t = order[v];
        order[v] = order[j], order[j] = t;
    }
    for (int v : order) {
        bool ok = true;
        for (int j = 0; j < 9 && ok; j++)
            ok = g[r * 9 + j] != v && g[j * 9 + c] != v &&
                 g[(r / 3 * 3 + j / 3) * 9 + c / 3 * 3 + j % 3] != v;
        if (!ok)
            continue;
        g[at] = static_cast<uint8_t>(v);
        if (fill(g, at + 1))
            return true;
        g[at] = 0;
    }
    return false;
}

/* A random cage layout over grid g: cages grown from random free cells through free neighbours
 * whose values the cage does not hold yet; sizes 1-5 drawn as 3%, 42%, 35%, 15%, 5%. */
void layout(const uint8_t *g, killer_puzzle *p)
{
    static const int size_pick[] = {1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
                                    2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2,
                                    2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,
                                    3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,
                                    4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 5, 5, 5, 5, 5};
    uint8_t raw[KILLER_CELLS] = {0};
    int sums[KILLER_MAX_CAGES + 1] = {0}, count = 0;
    int order[KILLER_CELLS];
    for (int i = 0; i < KILLER_CELLS; i++)
        order[i] = i;
    for (int i = KILLER_CELLS - 1; i > 0; i--) {
        int j = static_cast<int>(rnd(static_cast<unsigned>(i) + 1)), t = order[i];
        order[i] = order[j], order[j] = t;
    }
    for (int seed : order) {
        if (raw[seed])
            continue;
        int want = size_pick[rnd(sizeof size_pick / sizeof size_pick[0])];
        std::vector<int> cells{seed};
        unsigned held = 1u << g[seed];
        raw[seed] = static_cast<uint8_t>(++count);
        while (static_cast<int>(cells.size()) < want) {
            std::vector<int> options;
            for (int c : cells) {
                int r = c / 9, col = c % 9;
                const int next[4] = {r > 0 ? c - 9 : -1, r < 8 ? c + 9 : -1,
                                     col > 0 ? c - 1 : -1, col < 8 ? c + 1 : -1};
                for (int o : next)
                    if (o >= 0 && !raw[o] && !(held & (1u << g[o])))
                        options.push_back(o);
            }
            if (options.empty())
                break;
            int o = options[rnd(static_cast<unsigned>(options.size()))];
            raw[o] = static_cast<uint8_t>(count);
            held |= 1u << g[o];
            cells.push_back(o);
        }
        for (int c : cells)
            sums[count] += g[c];
    }
    /* renumber in order of first appearance, as the line form numbers cages */
    int renum[KILLER_MAX_CAGES + 1] = {0}, next = 0;
    memset(p, 0, sizeof *p);
    for (int i = 0; i < KILLER_CELLS; i++) {
        if (!renum[raw[i]]) {
            renum[raw[i]] = ++next;
            p->sum[next] = sums[raw[i]];
        }
        p->cage[i] = static_cast<uint8_t>(renum[raw[i]]);
    }
    p->cage_count = next;
}

int generate(int n, unsigned long seed)
{
    rng_state = seed * 0x9E3779B97F4A7C15ull + 1;
    for (int made = 0; made < n;) {
        uint8_t g[KILLER_CELLS] = {0};
        fill(g, 0);
        for (int tries = 0; tries < 50; tries++) {
            killer_puzzle p;
            layout(g, &p);
            char line[KILLER_LINE_MAX];
            if (!killer_format(&p, line) || killer_gecode_solve(&p, 2, 10, nullptr, nullptr) != 1)
                continue;
            printf("%s ", line);
            for (int i = 0; i < KILLER_CELLS; i++)
                putchar('0' + g[i]);
            putchar('\n');
            made++;
            break;
        }
    }
    return 0;
}

int count(const char *path, bool strong)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        perror(path);
        return 2;
    }
    char buf[4096], why[128];
    int bad = 0, line_no = 0;
    while (fgets(buf, sizeof buf, f)) {
        size_t len = strcspn(buf, "\r\n");
        killer_puzzle p;
        line_no++;
        if (!killer_parse(buf, len, &p, why, sizeof why)) {
            fprintf(stderr, "%s:%d: %s\n", path, line_no, why);
            bad = 1;
            continue;
        }
        uint8_t first[KILLER_CELLS];
        int n = solve(&p, strong, 2, 0, first, nullptr);
        printf("%d ", n);
        if (n >= 1 && !killer_check(&p, first, why, sizeof why)) {
            fprintf(stderr, "%s:%d: Gecode's answer breaks a rule: %s\n", path, line_no, why);
            bad = 1;
        }
        if (n >= 1)
            for (int i = 0; i < KILLER_CELLS; i++)
                putchar('0' + first[i]);
        else
            putchar('-');
        putchar('\n');
        fflush(stdout);
    }
    fclose(f);
    return bad;
}

} // namespace

int main(int argc, char **argv)
{
    if (argc == 3 && !strcmp(argv[1], "count"))
        return count(argv[2], false);
    if (argc == 3 && !strcmp(argv[1], "count-strong"))
        return count(argv[2], true);
    if (argc == 4 && !strcmp(argv[1], "generate"))
        return generate(atoi(argv[2]), strtoul(argv[3], nullptr, 10));
    fprintf(stderr, "usage: killer_gecode count|count-strong FILE | generate N SEED\n");
    return 2;
}
#endif
