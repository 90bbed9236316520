#!/usr/bin/env python3
"""report_read.py dom|png FILE -- reads what a browser made of judge's HTML report
(tests/cli/matrix.sh).

dom FILE: FILE is Chromium's --dump-dom of the report (the document as the browser parsed it);
prints one "key value" line each: rows (of table#matrix, the heading included), cells.CLASS (its
cells by class), misfiled (verdict cells marked so), sections (failing runs), figures (<svg>
inside them), marks (rect.differs), commands (pre.command), scripts, external (src= or href=
attributes), summary (the text of p#summary).

png FILE: FILE is Chromium's --screenshot; prints "width W", "height H" and, for each colour
the report paints (the verdict backgrounds, the mark's outline), "colour.NAME N": the pixels of
exactly that colour.  A small PNG reader (8-bit RGB or RGBA, not interlaced: what Chromium
writes), as no imaging module is assumed.
"""
import struct
import sys
import zlib
from html.parser import HTMLParser


class Dom(HTMLParser):
    def __init__(self):
        super().__init__()
        self.count = {"rows": 0, "misfiled": 0, "sections": 0, "figures": 0, "marks": 0,
                      "commands": 0, "scripts": 0, "external": 0}
        self.in_matrix = False
        self.in_section = 0
        self.summary = None
        self.in_summary = False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        classes = (a.get("class") or "").split()
        if "src" in a or "href" in a:
            self.count["external"] += 1
        if tag == "script":
            self.count["scripts"] += 1
        if tag == "table" and a.get("id") == "matrix":
            self.in_matrix = True
        if self.in_matrix and tag == "tr":
            self.count["rows"] += 1
        if self.in_matrix and tag == "td":
            for c in classes or ["none"]:
                key = "cells." + c
                self.count[key] = self.count.get(key, 0) + 1
            if "misfiled" in classes:
                self.count["misfiled"] += 1
        if tag == "section" and "failure" in classes:
            self.count["sections"] += 1
            self.in_section += 1
        if self.in_section and tag == "svg":
            self.count["figures"] += 1
        if tag == "rect" and "differs" in classes:
            self.count["marks"] += 1
        if tag == "pre" and "command" in classes:
            self.count["commands"] += 1
        if tag == "p" and a.get("id") == "summary":
            self.in_summary = True
            self.summary = ""

    def handle_endtag(self, tag):
        if tag == "table":
            self.in_matrix = False
        if tag == "section" and self.in_section:
            self.in_section -= 1
        if tag == "p":
            self.in_summary = False

    def handle_data(self, data):
        if self.in_summary:
            self.summary += data


def png_pixels(path):
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    pos, idat = 8, b""
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    if depth != 8 or colour not in (2, 6) or interlace:
        raise ValueError("PNG of depth %d, colour type %d, interlace %d" % (depth, colour,
                                                                           interlace))
    bpp = 3 if colour == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * bpp
    prev = bytearray(stride)
    rows = []
    for y in range(height):
        filt = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            left = line[i - bpp] if i >= bpp else 0
            up = prev[i]
            corner = prev[i - bpp] if i >= bpp else 0
            if filt == 1:
                line[i] = (line[i] + left) & 255
            elif filt == 2:
                line[i] = (line[i] + up) & 255
            elif filt == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif filt == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                pred = left if pa <= pb and pa <= pc else up if pb <= pc else corner
                line[i] = (line[i] + pred) & 255
        rows.append(line)
        prev = line
    return width, height, bpp, rows


COLOURS = {"ac": (0xd8, 0xf5, 0xd0), "wa": (0xf9, 0xd0, 0xd0), "tle": (0xfb, 0xe5, 0xb8),
           "re": (0xe6, 0xd3, 0xf5), "mark": (0xd0, 0x00, 0x00)}


def main():
    mode, path = sys.argv[1:3]
    if mode == "dom":
        dom = Dom()
        with open(path, encoding="utf-8") as f:
            dom.feed(f.read())
        for key in sorted(dom.count):
            print(key, dom.count[key])
        print("summary", " ".join((dom.summary or "").split()))
        return
    width, height, bpp, rows = png_pixels(path)
    print("width", width)
    print("height", height)
    counts = {name: 0 for name in COLOURS}
    wanted = {rgb: name for name, rgb in COLOURS.items()}
    for line in rows:
        for i in range(0, len(line), bpp):
            name = wanted.get((line[i], line[i + 1], line[i + 2]))
            if name:
                counts[name] += 1
    for name in sorted(counts):
        print("colour." + name, counts[name])


if __name__ == "__main__":
    main()
