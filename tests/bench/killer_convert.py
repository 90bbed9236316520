#!/usr/bin/env python3
"""killer_convert.py -- how tests/bench/data/killer/ and tests/fixtures/killer_small.* were made.

Reads the public killer sets (see tests/bench/data/killer/PROVENANCE.md for where each comes
from) out of git snapshots of their repositories and writes each set in the killer line form,
GIVENS:REGIONS:CAGES:SUMS, one puzzle a line, with a second file of solutions line for line:

  killer_convert.py convert KRAZYDAD_GIT SIGH_GIT OUTDIR
      writes OUTDIR/NAME.raw: "LINE<TAB>SOLUTION-or-<TAB>NAME" per puzzle, the source's solution
      where it gives one ('-' where not)
  killer_convert.py finish RAW COUNTS OUT.txt OUT.solutions.txt
      COUNTS is `killer_gecode count` of RAW's lines ("COUNT SOLUTION" a line): keeps the lines
      Gecode finds exactly one solution for, checks that solution with the rule check below (written
      apart from both ojdoku and Gecode) and against the source's solution where there is one,
      and writes the line form and the solutions; any disagreement stops it

KRAZYDAD_GIT and SIGH_GIT are git directories of bnatalha/webscrapping and
sigh/Interactive-Sudoku-Solver (read with `git show COMMIT:PATH`; the commits are pinned below).
"""
import csv
import io
import re
import subprocess
import sys

KRAZYDAD_COMMIT = "f07058e"  # bnatalha/webscrapping, killer_sudoku/dataset_killer_sudoku.csv
SIGH_OLD = "9fe19db6d45755bb0236830a15b9a4bd7e6e281b"  # data/killers.js (HARD_KILLERS solutions)
SIGH_NEW = "e373f9811c087246b097eb444d838ab492c55f35"  # data/collections.js
SYMBOLS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"


def git_show(gitdir, commit, path):
    return subprocess.run(["git", "--git-dir", gitdir, "show", f"{commit}:{path}"],
                          check=True, capture_output=True, text=True).stdout


def line_form(givens, cage_of, sums):
    """givens: 81 chars; cage_of: 81 keys (None = no cage); sums: key -> sum."""
    order, cages = {}, []
    for key in cage_of:
        if key is not None and key not in order:
            order[key] = len(order)
            cages.append(sums[key])
    if len(order) > len(SYMBOLS):
        raise ValueError("more than 52 cages")
    cells = "".join("." if k is None else SYMBOLS[order[k]] for k in cage_of)
    return f"{givens}::{cells}:{','.join(str(s) for s in cages)}"


def short_killer(text):
    """The 'snarfable' short form (forum.enjoysudoku.com t6119), as sigh's parser reads it:
    a cell is a cage head (its sum: 0-9, A-Z = 10.., a-j = 36..) or an arrow to a cell of its
    cage.  A head of sum 0 with no other cell is a cell in no cage."""
    assert len(text) == 81
    step = {"v": 9, "^": -9, "<": -1, ">": 1, "`": -10, "'": -8, ",": 8, ".": 10}
    head = []
    for i in range(81):
        j, n = i, 0
        while text[j] in step:
            j += step[text[j]]
            n += 1
            assert n <= 9, "loop"
        head.append(j)
    sums = {}
    for j in set(head):
        c = text[j]
        sums[j] = int(c) if c.isdigit() else (ord(c) - 55 if c.isupper() else ord(c) - 61)
    size = {j: head.count(j) for j in sums}
    cage_of = [None if sums[j] == 0 and size[j] == 1 else j for j in head]
    assert all(sums[j] > 0 for j in head if cage_of[head.index(j)] is not None)
    return line_form("." * 81, cage_of, sums)


def long_killer(text):
    """SudoCue's long form (sudocue.net t519): 3x3::k: then 81 numbers, sum * 256 + cage id."""
    parts = text.split(":")
    assert parts[0] == "3x3" and parts[1] == "" and parts[2] == "k" and len(parts) == 85
    cage_of, sums = [], {}
    for v in map(int, parts[3:84]):
        s, k = divmod(v, 256)
        cage_of.append(k if s else None)
        if s:
            sums[k] = s
    return line_form("." * 81, cage_of, sums)


def krazydad(gitdir):
    """100 books x 8 puzzles: book b (1..100, easier to harder) from volume (b-1) % 10 + 1."""
    rows = csv.DictReader(io.StringIO(git_show(gitdir, KRAZYDAD_COMMIT,
                                               "killer_sudoku/dataset_killer_sudoku.csv")))
    out = []
    for r in rows:
        book, vol = int(r["book"]), int(r["vol"])
        if vol != (book - 1) % 10 + 1:
            continue
        cells = r["puzz_color"][1:]  # the leading 'K' is not a cell
        hints = [int(x) for x in r["puzz_hint"].split(",")]
        keys = sorted(set(cells))  # hints come in the letters' order, A-Z then a-z
        assert len(keys) == len(hints)
        out.append((line_form("." * 81, list(cells), dict(zip(keys, hints))), r["solved"],
                    r["ptitle"]))
    return out


def js_strings(block):
    return re.findall(r"'([^']*)'", block)


def sigh_sets(gitdir):
    old = git_show(gitdir, SIGH_OLD, "data/killers.js")
    known = {}
    hard = old[old.index("const HARD_KILLERS"):old.index("const EXTREME_KILLERS")]
    s = js_strings(hard)
    for text, solution in zip(s[0::2], s[1::2]):
        known[text] = solution
    tarek = old[old.index("const TAREK_QUICK"):old.index("const TAREK_ALL")]
    tarek_set = [(short_killer(t), known.get(t, "-"), f"tarek #{n}")
                 for n, t in enumerate(js_strings(tarek), 1)]
    new = git_show(gitdir, SIGH_NEW, "data/collections.js")
    forum = []
    ext = new[new.index("const EXAMPLE_EXTREME_KILLERS"):]
    ext = ext[:ext.index("\n];")]
    for obj in ext.split("\n  {")[1:]:
        name = re.search(r"name: '([^']*)'", obj).group(1)
        text = re.search(r"input: '([^']*)'", obj).group(1)
        sol = re.search(r"solution: '([^']*)'", obj)
        if text.startswith("3x3::k:"):
            forum.append((long_killer(text), sol.group(1) if sol else "-", name))
    mm = new[new.index("export const MATHEMAGIC_KILLERS"):new.index("export const HS_KILLERS")]
    mm_strings = [t for t in js_strings(mm) if len(t) == 81]
    forum += [(short_killer(t), "-", f"Mathemagic #{n}") for n, t in enumerate(mm_strings, 1)]
    hs = new[new.index("export const HS_KILLERS"):new.index("export const HARD_PENCILMARKS")]
    s = [t for t in js_strings(hs) if t.startswith("3x3:") or re.fullmatch(r"\d{81}", t)]
    for n, (text, solution) in enumerate(zip(s[0::2], s[1::2]), 1):
        if text.startswith("3x3::k:"):  # "3x3:d:k:" has the diagonals too: not this harness's
            forum.append((long_killer(text), solution, f"human-solvable zero #{n}"))
    return tarek_set, forum


# CodinGame "Killer Sudoku Solver" (https://www.codingame.com/training/medium/killer-sudoku-solver),
# its four test cases: the grid with '.' blanks, the cage map, the sums, the expected output.
CODINGAME = [
    ("Easy", ["56..1..2. aabbccdde", "..72..68. afghhiide", "..2.87.15 jfggklmme",
              "......3.9 jjgnklopp", ".7....2.. qqgnooorr", "9.634.8.. stuuvwwxx",
              "2.9..8... stuuvvwyz", "..41.2... sAuuByyyz", ".8.4...3. CADDBEEFF"],
     "a=12 b=17 c=4 d=14 e=15 f=13 g=19 h=7 i=10 j=16 k=10 l=13 m=10 n=15 o=15 p=13 q=11 r=11 "
     "s=18 t=3 u=28 v=15 w=20 x=8 y=22 z=12 A=11 B=13 C=6 D=9 E=10 F=5",
     "568913427197254683342687915851726349473891256926345871219538764734162598685479132"),
    ("Medium", [".1..65..7 abcccdeee", "6.7....15 fbbgddhie", ".54..1..3 fjggdkhil",
                "......... fjmgkknil", "16..3.5.. ooppqqnrr", "..8..2... sotuvqnnw",
                "3......7. xxtuyyzzA", "...3..... BCDDEFzAA", ".2.1..349 BBDGGGzzz"],
     "a=9 b=16 c=17 d=21 e=18 f=12 g=18 h=15 i=12 j=12 k=15 l=5 m=9 n=19 o=10 p=6 q=12 r=17 "
     "s=5 t=13 u=15 v=1 w=4 x=7 y=11 z=33 A=12 B=17 C=9 D=10 E=7 F=4 G=14",
     "913865427687243915254791683479586132162437598538912764345629871891374256726158349"),
    ("Hard", ["........1 abbcdddef", "....5.... agccchfff", "...3..... ijjjhhkkl",
              ".......9. ijmmnnokp", "..6...... qrrsttuvv", "....9.7.. qwxsyuuzA",
              ".....3... qwxxyBBCA", "......... qDxEEBBCC", "..8..5... DDFFFBGHH"],
     "a=14 b=9 c=17 d=22 e=3 f=20 g=3 h=9 i=6 j=21 k=19 l=7 m=9 n=11 o=4 p=6 q=16 r=15 s=11 "
     "t=11 u=10 v=9 w=9 x=20 y=16 z=5 A=5 B=22 C=19 D=17 E=11 F=15 G=3 H=11",
     "672489531831752649549316827157238496396547218284691753415873962763924185928165374"),
    ("Expert", ["......... abbcccddd", "......... aabefghii", "......... jkkefghil",
                "......... jmnnnooil", "......... mmmppqqrl", "......... sttpuuqrr",
                "......... svwwwxxxy", "......... zvvABBCCy", "......... zDDAAEEFF"],
     "a=7 b=23 c=13 d=13 e=5 f=10 g=17 h=11 i=28 j=12 k=8 l=16 m=20 n=9 o=11 p=22 q=14 r=8 "
     "s=15 t=13 u=4 v=17 w=11 x=16 y=8 z=4 A=19 B=10 C=7 D=13 E=15 F=6",
     "496175238218369547753248691531627489827594316649813752962451873374982165185736924"),
]


def codingame():
    out = []
    for name, rows, sums, solution in CODINGAME:
        givens = "".join(r.split()[0] for r in rows)
        cells = list("".join(r.split()[1] for r in rows))
        table = {k: int(v) for k, v in (x.split("=") for x in sums.split())}
        out.append((line_form(givens, cells, table), solution, f"CodinGame {name}"))
    return out


def rule_check(line, grid):
    """The rule check, apart from ojdoku and Gecode: givens kept, 1..9 once per unit, every
    cage distinct with its sum."""
    givens, regions, cages, sums = line.split(":")
    assert regions == "" and len(grid) == 81 and set(grid) <= set("123456789")
    g = [int(c) for c in grid]
    assert all(c == "." or c == grid[i] for i, c in enumerate(givens)), "a given changed"
    for u in range(9):
        for cells in ([u * 9 + j for j in range(9)], [j * 9 + u for j in range(9)],
                      [(u // 3 * 3 + j // 3) * 9 + u % 3 * 3 + j % 3 for j in range(9)]):
            assert sorted(g[c] for c in cells) == list(range(1, 10)), "a unit repeats"
    order = []
    for c in cages:
        if c != "." and c not in order:
            order.append(c)
    totals = [int(s) for s in sums.split(",")]
    assert len(order) == len(totals)
    for sym, total in zip(order, totals):
        vals = [g[i] for i, c in enumerate(cages) if c == sym]
        assert len(set(vals)) == len(vals), "a cage repeats"
        assert sum(vals) == total, "a cage's sum"


def main():
    if sys.argv[1] == "convert":
        krazy_git, sigh_git, outdir = sys.argv[2:5]
        tarek, forum = sigh_sets(sigh_git)
        sets = {"krazydad_intermediate_800": krazydad(krazy_git), "tarek_hard": tarek,
                "forum_extreme": forum, "codingame_4": codingame()}
        for name, rows in sets.items():
            with open(f"{outdir}/{name}.raw", "w") as f:
                for line, solution, title in rows:
                    f.write(f"{line}\t{solution}\t{title}\n")
            print(name, len(rows))
    elif sys.argv[1] == "finish":
        raw, counts, out, out_sol = sys.argv[2:6]
        kept = 0
        with open(raw) as r, open(counts) as c, open(out, "w") as o, open(out_sol, "w") as s:
            for row, cnt in zip(r, c):
                line, given_solution, title = row.rstrip("\n").split("\t")
                n, found = cnt.split()
                if n != "1":
                    print(f"dropped ({n} solutions): {title}", file=sys.stderr)
                    continue
                rule_check(line, found)
                assert given_solution in ("-", found), f"{title}: the source's solution differs"
                o.write(line + "\n")
                s.write(found + "\n")
                kept += 1
        print(out, kept)
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
