#!/bin/sh
# comments.sh [-v] FILE... -- comment statistics of C files: for each file its comments, their
# median length in words and how many run to 100 words or more; then the same over all files.
# A comment is a /* */ block, or a run of // lines on consecutive lines; a word is a run of
# non-blank characters other than the comment markers.  -v lists each 100+ word comment as
# FILE:LINE: WORDS.  Exit 0; this measures, it does not judge.
verbose=0
if [ "$1" = -v ]; then verbose=1; shift; fi
awk -v verbose="$verbose" '
function words(s,   n, a, i, c) {
    gsub(/\/\*+|\*+\/|^[ \t]*\*|\/\//, " ", s)
    n = split(s, a, /[ \t\n]+/)
    c = 0
    for (i = 1; i <= n; i++) if (a[i] != "" && a[i] != "*") c++
    return c
}
function finish(   w) {
    if (!incomment && text == "") return
    w = words(text)
    if (w > 0) {
        cnt[FILENAME]++; all[++nall] = w; per[FILENAME, cnt[FILENAME]] = w
        if (w >= 100) { big[FILENAME]++; nbig++; if (verbose) printf "%s:%d: %d\n", FILENAME, start, w }
    }
    text = ""; incomment = 0
}
FNR == 1 { if (lastline) finish(); files[++nfiles] = FILENAME; lastslash = 0; instr = 0 }
{
    line = $0; rest = ""
    # strip string and char literals (crudely) so that "/*" inside them is not a comment
    gsub(/"([^"\\]|\\.)*"/, "\"\"", line); gsub(/'\''([^'\''\\]|\\.)*'\''/, "0", line)
    if (incomment) {
        e = index(line, "*/")
        if (e) { text = text "\n" substr(line, 1, e + 1); incomment = 0; finish(); line = substr(line, e + 2) }
        else { text = text "\n" line; next }
    }
    if (slashrun && !(line ~ /^[ \t]*\/\//)) finish()
    slashrun = 0
    while (1) {
        b = index(line, "/*"); s = index(line, "//")
        if (s && (!b || s < b)) {
            if (!(text != "" && slashcont == FNR - 1)) { finish(); start = FNR }
            text = text "\n" substr(line, s); slashrun = 1; slashcont = FNR
            if (line ~ /^[ \t]*\/\//) {} else { finish(); slashrun = 0 }
            break
        }
        if (!b) break
        start = FNR; text = ""
        line = substr(line, b)
        e = index(substr(line, 3), "*/")
        if (e) { text = substr(line, 1, e + 3); incomment = 1; finish(); line = substr(line, e + 4) }
        else { text = line; incomment = 1; break }
    }
    lastline = 1
}
END {
    finish()
    for (f = 1; f <= nfiles; f++) {
        n = files[f]; k = cnt[n] + 0
        for (i = 1; i <= k; i++) tmp[i] = per[n, i]
        printf "%-40s comments %4d  median %5.1f  100+ %3d\n", n, k, median(tmp, k), big[n] + 0
        delete tmp
    }
    printf "%-40s comments %4d  median %5.1f  100+ %3d\n", "TOTAL", nall, median(all, nall), nbig + 0
}
function median(a, n,   i, j, t) {
    if (n == 0) return 0
    for (i = 2; i <= n; i++) { t = a[i]; for (j = i - 1; j >= 1 && a[j] > t; j--) a[j + 1] = a[j]; a[j + 1] = t }
    return (n % 2) ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}
' "$@"
