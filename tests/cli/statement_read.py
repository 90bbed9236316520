#!/usr/bin/env python3
"""statement_read.py [--pre CLASS] FILE -- reads DOMjudge's problem.html as `ojdoku package`
writes it, or as Chromium's --dump-dom gives it back (tests/cli/statements.sh).

Without --pre: prints "title TEXT" (of the h1), "figures N" (<svg> elements), "pres N" and
"sample-input LINES" / "sample-output LINES" (the lines of those <pre> elements).
With --pre CLASS: prints the text of the <pre class=CLASS> exactly, to compare with the file.
"""
import sys
from html.parser import HTMLParser


class Statement(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.title = ""
        self.in_h1 = False
        self.figures = 0
        self.pres = {}
        self.pre = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "h1":
            self.in_h1 = True
        if tag == "svg":
            self.figures += 1
        if tag == "pre":
            self.pre = a.get("class") or "pre%d" % len(self.pres)
            self.pres[self.pre] = ""

    def handle_endtag(self, tag):
        if tag == "h1":
            self.in_h1 = False
        if tag == "pre":
            self.pre = None

    def handle_data(self, data):
        if self.in_h1:
            self.title += data
        if self.pre is not None:
            self.pres[self.pre] += data


def main():
    args = sys.argv[1:]
    want = None
    if args[0] == "--pre":
        want = args[1]
        args = args[2:]
    s = Statement()
    with open(args[0], encoding="utf-8") as f:
        s.feed(f.read())
    if want is not None:
        sys.stdout.write(s.pres.get(want, ""))
        return
    print("title", s.title)
    print("figures", s.figures)
    print("pres", len(s.pres))
    for key in ("sample-input", "sample-output"):
        print(key, s.pres.get(key, "").count("\n"))


if __name__ == "__main__":
    main()
