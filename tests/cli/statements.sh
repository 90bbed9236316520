#!/bin/sh
# statements.sh OJDOKU -- the statements of `ojdoku package --layout` build (issue #44), for a
# classic profile, a 16x16 one and the profiles whose titles are CJK or Hangul (luogu1074,
# boj2239, ecnu1021, yzoj1086, boj2580):
#  1. as written: the LaTeX of Kattis (problem_statement/problem.en.tex) and Polygon
#     (statements/english/problem.tex) is ASCII outside its comments, the title set being the
#     id where the judge's is not ASCII (and the judge's kept in a comment); Polygon's
#     \exmpfile is inside olymp.sty's example environment, its files beside the .tex (the
#     sample test's bytes), files/olymp.sty there and a resource of problem.xml; DOMjudge's
#     statement is problem.html at the root, its sample the sample test's bytes;
#  2. built with pdflatex (Debian's texlive-latex-base; skipped, saying so, without it): the
#     Kattis statement in a document that defines \problemname as problemtools' template does,
#     the Polygon one in a document that loads the package's olymp.sty, each a PDF, no error;
#  3. DOMjudge's problem.html as Chromium shows it (skipped, saying so, without Chromium): the
#     title, the sample input and output, the sample's figure.
# Closes with "statements: N passed, N failed".
. "$(dirname "$0")/lib.sh"
cli_start "statements" "statements.sh OJDOKU" "$@"
here=$top/tests/cli
# no byte past 127 outside a LaTeX comment (a line whose first non-blank is %)
ascii_tex() { ! grep -v '^[[:space:]]*%' "$1" | LC_ALL=C grep -q '[^ -~	]'; }
profiles="poj3074 poj3076 luogu1074 boj2239 ecnu1021 yzoj1086 boj2580"
pdflatex=$(command -v pdflatex)
[ -n "$pdflatex" ] || echo "statements: skipped: the TeX builds: no pdflatex (Debian's texlive-latex-base)"
chrome=$(command -v chromium || command -v chromium-browser || command -v google-chrome)
[ -n "$chrome" ] || echo "statements: skipped: problem.html in a browser: no chromium"
build() { # DIR FILE: pdflatex FILE.tex in DIR, TEXINPUTS also ./files/ of the package above
    (cd "$1" && TEXINPUTS=".:../../files//:" timeout 120 "$pdflatex" -interaction=nonstopmode \
        -halt-on-error "$2.tex" > "$2.out" 2>&1) && [ -s "$1/$2.pdf" ] ||
        { tail -20 "$1/$2.out"; return 1; }
}

for p in $profiles; do
    k=$tmp/$p-kattis d=$tmp/$p-domjudge g=$tmp/$p-polygon
    "$bin" package --format "$p" --layout kattis --tests 1 --seed 1 "$k" 2> /dev/null &&
        "$bin" package --format "$p" --layout domjudge --tests 1 --seed 1 "$d" 2> /dev/null &&
        "$bin" package --format "$p" --layout polygon --tests 1 --seed 1 "$g" 2> /dev/null
    check "$p: the three packages written" [ $? = 0 ]
    title=$("$bin" formats --profile "$p" | sed -n 's/^title = //p')

    # ---- 1. as written
    kt=$k/problem_statement/problem.en.tex pt=$g/statements/english/problem.tex
    check "$p: Kattis statement ASCII outside comments" ascii_tex "$kt"
    check "$p: Polygon statement ASCII outside comments" ascii_tex "$pt"
    if LC_ALL=C grep -q '[^ -~]' "$g/problem.xml" && ! grep -q '^\\problemname{[ -~]*}$' "$kt"; then
        check "$p: a non-ASCII title set as the id" false
    fi
    if grep -q "^\\\\problemname{$p}$" "$kt"; then
        check "$p: the judge's title kept in a comment" grep -q "^% The judge's title, .*, is not ASCII" "$kt"
    fi
    check "$p: Polygon's \\exmpfile inside the example environment" \
        sh -c "sed -n '/begin{example}/,/end{example}/p' '$pt' | grep -q '^.exmpfile{example.01}{example.01.a}'"
    check "$p: Polygon's example files beside the statement, the sample's bytes" \
        sh -c "cmp -s '$g/tests/01' '$g/statements/english/example.01' &&
               cmp -s '$g/tests/01.a' '$g/statements/english/example.01.a'"
    check "$p: files/olymp.sty, a resource of problem.xml" \
        sh -c "[ -s '$g/files/olymp.sty' ] && grep -q '<file path=\"files/olymp.sty\"/>' '$g/problem.xml'"
    check "$p: DOMjudge's problem.html, no .tex needed" [ -s "$d/problem.html" ]
    python3 "$here/statement_read.py" "$d/problem.html" > "$tmp/$p.html.txt"
    sample=$(cd "$d/data/sample" && ls *.in | head -1)
    python3 "$here/statement_read.py" --pre sample-input "$d/problem.html" > "$tmp/$p.in"
    python3 "$here/statement_read.py" --pre sample-output "$d/problem.html" > "$tmp/$p.ans"
    check "$p: problem.html's sample is the sample test" \
        sh -c "cmp -s '$tmp/$p.in' '$d/data/sample/$sample' &&
               cmp -s '$tmp/$p.ans' '$d/data/sample/${sample%.in}.ans'"

    # ---- 2. pdflatex
    if [ -n "$pdflatex" ]; then
        printf '%s\n' '\documentclass{article}' '\usepackage{graphicx}' \
            '\newcommand{\problemname}[1]{\section*{#1}}' '\begin{document}' \
            '\input{problem.en.tex}' '\end{document}' > "$k/problem_statement/doc.tex"
        check "$p: the Kattis statement builds with pdflatex" build "$k/problem_statement" doc
        printf '%s\n' '\documentclass{article}' '\usepackage{olymp}' '\begin{document}' \
            '\input{problem.tex}' '\end{document}' > "$g/statements/english/doc.tex"
        check "$p: the Polygon statement builds with pdflatex and its olymp.sty" \
            build "$g/statements/english" doc
    fi

    # ---- 3. Chromium
    if [ -n "$chrome" ]; then
        timeout 120 "$chrome" --headless --no-sandbox --disable-gpu --no-first-run \
            --user-data-dir="$tmp/chrome" --dump-dom "file://$d/problem.html" \
            > "$tmp/$p.dom.html" 2> "$tmp/chrome.err"
        python3 "$here/statement_read.py" "$tmp/$p.dom.html" > "$tmp/$p.dom.txt"
        check "$p: Chromium shows problem.html's title, sample and figure as written" \
            cmp -s "$tmp/$p.dom.txt" "$tmp/$p.html.txt"
        check "$p: ... its title is the judge's ($title)" \
            grep -qxF "title $title" "$tmp/$p.dom.txt"
    fi
done

cli_done
