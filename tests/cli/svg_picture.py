#!/usr/bin/env python3
"""svg_picture.py -- checks a Sudoku figure as a renderer drew it (tests/cli/svg.sh).

Usage: svg_picture.py PICTURE.png BOX_ROWS BOX_COLS PUZZLE MODE

PUZZLE is the puzzle on one line, one symbol per cell ('.' blank; or, above 25x25 and for
numbers, the cells space-separated); MODE is `puzzle` (a figure of the puzzle alone) or
`solution` (the puzzle with its solution filled in).  The picture is read as it is (an 8-bit
RGB or RGBA PNG, decoded here with zlib: rsvg-convert writes those), and nothing of the SVG is
trusted: the grid is found in the picture by its outer border, the cells are its side-th parts.
The checks:
  - ink (dark pixels) inside every cell that holds a given, and it is black (no colour);
  - MODE puzzle: no ink at all inside a blank cell;
  - MODE solution: ink inside every blank cell, and it is coloured (blue), not black: a filled
    value never looks like a given;
  - the line between two neighbouring cells is thick where they lie in different boxes and
    thin inside a box (measured across the line, beside the cells' corner, where no symbol is).
Prints one line per failure and exits 1 if any, else prints a summary and exits 0.
"""
import struct
import sys
import zlib


def read_png(path):
    with open(path, 'rb') as f:
        data = f.read()
    if data[:8] != b'\x89PNG\r\n\x1a\n':
        sys.exit('%s: not a PNG' % path)
    pos, idat, width = 8, [], 0
    while pos < len(data):
        length, kind = struct.unpack('>I4s', data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b'IHDR':
            width, height, depth, colour, _, _, interlace = struct.unpack('>IIBBBBB', body)
            if depth != 8 or colour not in (2, 6) or interlace:
                sys.exit('%s: want an 8-bit RGB(A) PNG, not interlaced' % path)
            channels = 3 if colour == 2 else 4
        elif kind == b'IDAT':
            idat.append(body)
        elif kind == b'IEND':
            break
    raw = zlib.decompress(b''.join(idat))
    stride = width * channels
    rows, prev = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        if kind == 1:
            for i in range(channels, stride):
                line[i] = (line[i] + line[i - channels]) & 255
        elif kind == 2:
            for i in range(stride):
                line[i] = (line[i] + prev[i]) & 255
        elif kind == 3:
            for i in range(stride):
                left = line[i - channels] if i >= channels else 0
                line[i] = (line[i] + ((left + prev[i]) >> 1)) & 255
        elif kind == 4:
            for i in range(stride):
                a = line[i - channels] if i >= channels else 0
                b = prev[i]
                c = prev[i - channels] if i >= channels else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else b if pb <= pc else c
                line[i] = (line[i] + pred) & 255
        rows.append(line)
        prev = line
    # RGB, composited on white where there is alpha
    def pixel(x, y):
        line = rows[y]
        i = x * channels
        r, g, b = line[i], line[i + 1], line[i + 2]
        if channels == 4:
            a = line[i + 3]
            r, g, b = (r * a + 255 * (255 - a)) // 255, (g * a + 255 * (255 - a)) // 255, \
                (b * a + 255 * (255 - a)) // 255
        return r, g, b
    return width, height, pixel


def dark(rgb):
    return sum(rgb) < 3 * 160


def main():
    path, box_rows, box_cols, puzzle, mode = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), \
        sys.argv[4], sys.argv[5]
    cells = puzzle.split() if ' ' in puzzle else list(puzzle)
    side = box_rows * box_cols
    if len(cells) != side * side:
        sys.exit('%s: %d cells, want %d' % (path, len(cells), side * side))
    given = [c not in '.0' for c in cells]
    width, height, pixel = read_png(path)
    failures = []

    # the grid: its outer lines are the first and last columns (rows) of pixels that are dark
    # nearly all the way down (across); the cells lie between their centres
    def full_lines(n, along, at):
        samples = range(0, along, 4)

        def full(k):
            return sum(dark(at(k, t)) for t in samples) > 0.8 * len(samples)

        def run(ks):
            """The first run of full lines met along ks: its first and last index."""
            start = end = None
            for k in ks:
                if full(k):
                    start = k if start is None else start
                    end = k
                elif start is not None:
                    break
            if start is None:
                sys.exit('%s: no grid lines found' % path)
            return start, end
        a, b = run(range(n))
        c, d = run(range(n - 1, -1, -1))
        return (a + b + 1) / 2, (d + c + 1) / 2
    left, right = full_lines(width, height, lambda x, y: pixel(x, y))
    top, bottom = full_lines(height, width, lambda y, x: pixel(x, y))
    cell = (right - left) / side
    if abs((bottom - top) - (right - left)) > 2:
        failures.append('the grid is not square: %dx%d' % (right - left, bottom - top))

    def inside(r, c):
        """The pixels well inside cell (r, c), away from its lines."""
        m = cell * 0.18
        x0, x1 = int(left + c * cell + m), int(left + (c + 1) * cell - m)
        y0, y1 = int(top + r * cell + m), int(top + (r + 1) * cell - m)
        return [pixel(x, y) for y in range(y0, y1) for x in range(x0, x1)]

    inked = coloured = 0
    for r in range(side):
        for c in range(side):
            ink = [p for p in inside(r, c) if dark(p) or max(p) - min(p) > 80]
            black = [p for p in ink if max(p) - min(p) < 40]
            blue = [p for p in ink if p[2] > p[0] + 60]
            where = 'row %d column %d' % (r + 1, c + 1)
            if given[r * side + c]:
                inked += 1
                if len(black) < 4:
                    failures.append('%s: a given, but no black ink' % where)
                if blue:
                    failures.append('%s: a given drawn in colour' % where)
            elif mode == 'puzzle':
                if ink:
                    failures.append('%s: blank, but %d pixels of ink' % (where, len(ink)))
            else:
                coloured += 1
                if len(blue) < 4:
                    failures.append('%s: filled in, but no blue ink' % where)
                if len(black) > len(blue) // 4:
                    failures.append('%s: filled in, but drawn in black' % where)

    def run_across(x, y, horizontal):
        """How many dark pixels in a row, across a line at (x, y)."""
        n, step = 0, (1, 0) if horizontal else (0, 1)
        for d in range(1, int(cell / 3)):
            if not dark(pixel(x - step[0] * d, y - step[1] * d)):
                break
            n += 1
        for d in range(0, int(cell / 3)):
            if not dark(pixel(x + step[0] * d, y + step[1] * d)):
                break
            n += 1
        return n

    widths = {True: [], False: []}
    for r in range(side):
        for c in range(side):
            # the line right of cell (r, c) and the line below it, measured beside the corner
            for vertical in (True, False):
                if vertical and c + 1 < side:
                    other = (r, c + 1)
                    x, y = int(left + (c + 1) * cell), int(top + r * cell + cell * 0.15)
                elif not vertical and r + 1 < side:
                    other = (r + 1, c)
                    x, y = int(left + c * cell + cell * 0.15), int(top + (r + 1) * cell)
                else:
                    continue
                thick = (r // box_rows, c // box_cols) != (other[0] // box_rows,
                                                          other[1] // box_cols)
                widths[thick].append((run_across(x, y, vertical), r, c, vertical))
    thin_max = max((w for w, *_ in widths[False]), default=0)
    thick_min = min((w for w, *_ in widths[True]), default=99)
    for w, r, c, vertical in widths[False]:
        if w == 0:
            failures.append('no line %s row %d column %d' %
                            ('right of' if vertical else 'below', r + 1, c + 1))
    if widths[True] and widths[False] and thick_min < 2 * thin_max:
        failures.append('box borders (at least %d px) are not thicker than cell borders (up to '
                        '%d px)' % (thick_min, thin_max))
    for f in failures[:20]:
        print('%s: %s' % (path, f))
    if failures:
        sys.exit(1)
    print('%s: %dx%d grid, %d givens inked, %d filled cells in colour, lines %d px inside boxes '
          'and %d+ px between them' % (path, side, side, inked, coloured, thin_max, thick_min))


if __name__ == '__main__':  # svg_killer.py imports read_png and dark
    main()
