# sol.py -- the contestant of correct.c in Python, for HDU 1426: an interpreted program that the
# sandboxed judge must still run (`ojdoku judge ... -- python3 sol.py`, issue #45): the
# interpreter from the system, the script named on its command line.
import sys


def solve(g):
    best, best_opts = -1, None
    for i in range(81):
        if g[i]:
            continue
        r, c = divmod(i, 9)
        b = r // 3 * 27 + c // 3 * 3
        used = {g[r * 9 + k] for k in range(9)} | {g[k * 9 + c] for k in range(9)} | \
            {g[b + k // 3 * 9 + k % 3] for k in range(9)}
        opts = [v for v in range(1, 10) if v not in used]
        if best_opts is None or len(opts) < len(best_opts):
            best, best_opts = i, opts
    if best < 0:
        return True
    for v in best_opts:
        g[best] = v
        if solve(g):
            return True
    g[best] = 0
    return False


cells = [ch for ch in sys.stdin.read() if not ch.isspace()]
out = []
for start in range(0, len(cells) - 80, 81):
    g = [int(ch) if ch in "123456789" else 0 for ch in cells[start:start + 81]]
    solve(g)
    out.append("\n".join(" ".join(str(v) for v in g[r * 9:r * 9 + 9]) for r in range(9)))
print("\n\n".join(out))
