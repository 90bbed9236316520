#!/usr/bin/env python3
"""svg_killer.py -- checks a killer Sudoku figure as a renderer drew it (tests/cli/svg.sh).

Usage: svg_killer.py PICTURE.png KILLER_LINE

KILLER_LINE is the puzzle in the line form GIVENS:REGIONS:CAGES:SUMS (REGIONS empty), read
here by this file's own rules: a cage is a symbol of CAGES ('.' none), its sum the k-th of SUMS
in the order the symbols first appear.  The picture is decoded by svg_picture.read_png; the grid
is found in it by its outer border and cut into side-th parts.  For every side of every cell of
a cage, just inside the cell (a tenth of it in), along the middle of the side:
  - a dashed line (ink and gaps) where the cell beyond is in another cage or off the grid;
  - no ink where the cell beyond is in the same cage (the outline goes round the cage);
and in the top-left corner of each cage's first cell (row by row) ink (its sum), in no other
cell's corner.  Prints one line per failure and exits 1 if any, else a summary and exits 0.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from svg_picture import dark, read_png  # noqa: E402


def main():
    path, line = sys.argv[1], sys.argv[2]
    givens, regions, cages, sums = line.split(':')
    if regions:
        sys.exit('svg_killer.py: boxes only (an empty REGIONS)')
    side = int(round(len(givens) ** 0.5))
    order = []
    for symbol in cages:
        if symbol != '.' and symbol not in order:
            order.append(symbol)
    if len(order) != len(sums.split(',')):
        sys.exit('%s: %d cages, %d sums' % (line, len(order), len(sums.split(','))))
    width, height, pixel = read_png(path)

    # the outer border: the middles of the first and last runs of dark pixels along a row
    # (column) between two cell rows' middles, where no symbol is
    def border(n, at):
        marks = [dark(at(k)) for k in range(n)]
        first_end = marks.index(False, marks.index(True))
        last = n - 1 - marks[::-1].index(True)
        last_start = n - marks[::-1].index(False, n - 1 - last)
        return (marks.index(True) + first_end - 1) / 2, (last_start + last) / 2
    probe_y, probe_x = height // 2 + height // (4 * side), width // 2 + width // (4 * side)
    left, right = border(width, lambda x: pixel(x, probe_y))
    top, bottom = border(height, lambda y: pixel(probe_x, y))
    cell = (right - left) / side
    inset = cell / 10

    def ink(x, y, across):
        """Dark at (x, y) or a pixel beside it across the line (a 1-unit line may fall on two
        rows of pixels), not along it (that would close the gaps)."""
        return any(dark(pixel(int(x) + d * across[0], int(y) + d * across[1]))
                   for d in (-1, 0, 1))

    def cage(r, c):
        return cages[r * side + c] if 0 <= r < side and 0 <= c < side else None

    failures, dashed_sides, clear_sides = [], 0, 0
    for r in range(side):
        for c in range(side):
            k = cage(r, c)
            if k == '.':
                continue
            x0, y0 = left + c * cell, top + r * cell
            for dr, dc, name in ((-1, 0, 'top'), (1, 0, 'bottom'), (0, -1, 'left'),
                                 (0, 1, 'right')):
                # samples along the side's middle half, a tenth of the cell inside
                along = [cell * (0.5 + 0.35 * i / 14) for i in range(15)]
                if dr:
                    y = y0 + (inset if dr < 0 else cell - inset)
                    points = [(x0 + a, y) for a in along]
                else:
                    x = x0 + (inset if dc < 0 else cell - inset)
                    points = [(x, y0 + a) for a in along]
                marks = [ink(x, y, (0, 1) if dr else (1, 0)) for x, y in points]
                boundary = cage(r + dr, c + dc) != k
                if boundary and not (any(marks) and not all(marks)):
                    failures.append('row %d column %d: no dashed line on its %s side (%s)'
                                    % (r + 1, c + 1, name, ''.join('#' if m else '.'
                                                                   for m in marks)))
                elif not boundary and any(marks):
                    failures.append('row %d column %d: a line on its %s side, inside cage %s'
                                    % (r + 1, c + 1, name, k))
                dashed_sides += boundary
                clear_sides += not boundary
    firsts = {cages.index(k) for k in order}
    for i in range(side * side):
        x0, y0 = left + (i % side) * cell, top + (i // side) * cell
        corner = any(dark(pixel(int(x0 + cell * fx / 20), int(y0 + cell * fy / 20)))
                     for fx in range(3, 7) for fy in range(3, 6))
        if corner != (i in firsts):
            failures.append('row %d column %d: %s in its top-left corner' %
                            (i // side + 1, i % side + 1,
                             'no sum' if i in firsts else 'ink (a sum?)'))
    for f in failures:
        print('%s: %s' % (path, f))
    if failures:
        sys.exit(1)
    print('%s: %d dashed sides, %d sides inside cages, %d sums' %
          (path, dashed_sides, clear_sides, len(firsts)))


if __name__ == '__main__':
    main()
