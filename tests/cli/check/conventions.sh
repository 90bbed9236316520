# conventions.sh -- sourced by the checker's shell tests: one function that calls `ojdoku check`
# in a calling convention and names the verdict the judge would take from it, read off that
# convention's own contract (docs/checker.md's table), not from ojdoku's message.
#   judged CONVENTION PROFILE INPUT OUTPUT ANSWER [FLAGS]  ->  AC, WA, PE, FAIL or "?STATUS"
# (FLAGS: domjudge's and kattis's validator flags after FEEDBACK_DIR, case_sensitive ...)
# Needs $bin (the ojdoku binary) and $tmp (a scratch directory).
judged() {
    conv=$1 prof=$2 in=$3 out=$4 ans=$5 flags=$6
    rm -rf "$tmp/fb" "$tmp/score" "$tmp/report"
    mkdir "$tmp/fb"
    case $conv in
    testlib)
        "$bin" check -f "$prof" "$in" "$out" "$ans" > /dev/null 2>&1
        case $? in 0) echo AC ;; 1) echo WA ;; 2) echo PE ;; 3) echo FAIL ;; *) echo "?$?" ;; esac ;;
    domjudge|kattis)
        # shellcheck disable=SC2086  # the flags are words
        "$bin" check --judge "$conv" -f "$prof" "$in" "$ans" "$tmp/fb" $flags < "$out" \
            > /dev/null 2>&1
        case $? in 42) echo AC ;; 43) echo WA ;; 1) echo FAIL ;; *) echo "?$?" ;; esac ;;
    hustoj)
        "$bin" check --judge hustoj -f "$prof" "$in" "$ans" "$out" > /dev/null 2>&1
        case $? in 0) echo AC ;; 1) echo WA ;; 3) echo FAIL ;; *) echo "?$?" ;; esac ;;
    lemon)
        "$bin" check --judge lemon -f "$prof" "$in" "$out" "$ans" 10 "$tmp/score" "$tmp/report" \
            > /dev/null 2>&1
        st=$?
        if [ "$st" != 0 ]; then echo FAIL
        elif [ "$(cat "$tmp/score")" = 10 ]; then echo AC
        elif [ "$(cat "$tmp/score")" = 0 ]; then echo WA
        else echo "?score"; fi ;;
    cms)
        score=$("$bin" check --judge cms -f "$prof" "$in" "$ans" "$out" 2> /dev/null | head -n 1)
        st=$?
        case $score in 1.0) echo AC ;; 0.0) echo WA ;; *) echo FAIL ;; esac ;;
    qduoj)
        "$bin" check --judge qduoj -f "$prof" "$in" "$out" > /dev/null 2>&1
        case $? in 0) echo AC ;; 1) echo WA ;; 255) echo FAIL ;; *) echo "?$?" ;; esac ;;
    esac
}
