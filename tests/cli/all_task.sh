#!/bin/sh
# all_task.sh OJDOKU -- task all (issue #40: every solution in lexicographic order, Jutge.org
# P89454) through the command line.  Every answer is checked here by awk, apart from the writer:
#  - the statement's second sample: its output begins with the bytes the stored statement shows
#    (all_task/jutgep89454_2.head);
#  - generated puzzles of several solutions and of none (generate --format jutgep89454): each
#    printed grid is a solution of the puzzle (rows, columns, boxes, givens kept), each greater
#    than the one before, and their number is the one `--format line --count` gives (another
#    task's count); a puzzle of none prints "-1" alone;
#  - `check` accepts each answer and `check` calls the two first solutions swapped wrong (exit 1);
#  - a profile of one's own with a tally: the line after the last solution says their number,
#    the lines before it are the built-in's answer, check --strict accepts it and calls a wrong
#    number wrong;
#  - stress finds a program that prints only the first solution wrong, and its shrunk input's
#    expected answer (every solution) passes check --strict;
#  - a grid of more than 10,000 solutions is one diagnostic, nothing written;
#  - generate --mix's answers pass `check --strict`, and validate --input takes its inputs and
#    the samples' (rows with " | " between boxes, the dash rule between bands) and says what is
#    wrong with a plus rule, a missing rule or bar, a short or long row.
# Closes with "all_task: N passed, N failed".
. "$(dirname "$0")/lib.sh"
cli_start "all_task" "all_task.sh OJDOKU" "$@"
cd "$top" || exit 2

# The grids of a task-all output ($1) as lines of 81 digits, in order (rules and bars dropped).
grids() {
    awk '/^-+$/ { next } NF == 0 { next }
         { gsub(/[^0-9]/, ""); g = g $0; if (length(g) == 81) { print g; g = "" } }' "$1"
}
# Whether each line of $2 solves the puzzle of $1 (81 digits, 0 blank) and is greater than the
# line before it: "ok N" with N lines, or what is wrong.
solutions_ok() {
    awk -v p="$1" '{
        g = $0 ""
        if (length(g) != 81) { print "line " NR ": not 81 digits"; bad = 1; exit }
        for (i = 0; i < 81; i++) {
            v = substr(g, i + 1, 1); q = substr(p, i + 1, 1)
            if (v !~ /[1-9]/) { print "line " NR ": cell " i " empty"; bad = 1; exit }
            if (q != "0" && q != v) { print "line " NR ": given " i " changed"; bad = 1; exit }
            r = int(i / 9); c = i % 9; b = int(r / 3) * 3 + int(c / 3)
            if ((r, "r", v) in seen || (c, "c", v) in seen || (b, "b", v) in seen) {
                print "line " NR ": " v " repeats"; bad = 1; exit
            }
            seen[r, "r", v] = seen[c, "c", v] = seen[b, "b", v] = 1
        }
        delete seen
        if (NR > 1 && !((g "") > (prev "")))  # as strings: 81 digits are no number { print "line " NR ": not after line " NR - 1; bad = 1; exit }
        prev = g
    } END { if (!bad) print "ok " NR }' "$2"
}

out=$("$bin" --format jutgep89454 samples/jutgep89454_2.in) || bad "sample 2 is answered"
head=tests/cli/all_task/jutgep89454_2.head
printf '%s\n' "$out" | head -c "$(wc -c < "$head")" > "$tmp/head"
check "sample 2's output begins with the statement's bytes" cmp -s "$tmp/head" "$head"

for kind in multiple unsolvable; do
    for seed in 1 2 3 4 5; do
        name="$kind puzzle (seed $seed)"
        "$bin" generate --format jutgep89454 --kinds "$kind" --seed "$seed" > "$tmp/in" ||
            { bad "generate makes a $name"; continue; }
        "$bin" --format jutgep89454 "$tmp/in" > "$tmp/out"
        check "$name: solve exits 0" [ $? -eq 0 ]
        puzzle=$(tr -cd '0-9' < "$tmp/in")
        count=$("$bin" --format line --count=10000 "$tmp/in" | cut -d: -f2)
        grids "$tmp/out" > "$tmp/grids"
        if [ "$kind" = unsolvable ]; then
            check "$name: --count says none" [ "$count" = 0 ]
            check "$name: the answer is -1 alone" [ "$(cat "$tmp/out")" = "-1" ]
        else
            check "$name: has several solutions ($count)" [ "$count" -gt 1 ]
            check "$name: every grid a solution, in order, $count of them" \
                [ "$(solutions_ok "$puzzle" "$tmp/grids")" = "ok $count" ]
            # the first two swapped: the rest of the text as it is
            awk 'BEGIN { RS = ""; ORS = "\n\n" } { a[NR] = $0 }
                 END { print a[2]; print a[1]; for (i = 3; i <= NR; i++) print a[i] }' \
                "$tmp/out" > "$tmp/swapped"
            "$bin" check --format jutgep89454 "$tmp/in" "$tmp/swapped" > "$tmp/msg" 2>&1
            check "$name: check calls two solutions swapped wrong" [ $? -eq 1 ]
        fi
        check "$name: check accepts the answer" \
            "$bin" check --strict --format jutgep89454 "$tmp/in" "$tmp/out"
    done
done
# more solutions than the task lists: a diagnostic and nothing written, never a short listing
{ for b in 1 2 3; do
      [ "$b" -gt 1 ] && echo "---------------------"
      for r in 1 2 3; do
          if [ "$b$r" = 33 ]; then echo "1 2 3 | 4 5 6 | 7 8 9"; else echo "0 0 0 | 0 0 0 | 0 0 0"; fi
      done
  done; } > "$tmp/many.in"
"$bin" --format jutgep89454 "$tmp/many.in" > "$tmp/out" 2> "$tmp/err"
check "a grid of more than 10000 solutions: exit 1" [ $? -eq 1 ]
check "a grid of more than 10000 solutions: nothing written" [ ! -s "$tmp/out" ]
check "a grid of more than 10000 solutions: said" \
    grep -q "more than 10000 solutions: task all lists at most 10000" "$tmp/err"

# validate --input: the grid drawn as the statement draws it, nothing else
for s in jutgep89454 jutgep89454_2; do
    check "validate --input takes samples/$s.in" \
        "$bin" validate --input --format jutgep89454 "samples/$s.in"
done
invalid() { # WHAT SED-SCRIPT MESSAGE: the sample's input edited so is one violation, said so
    sed "$2" samples/jutgep89454.in > "$tmp/bad.in"
    "$bin" validate --input --format jutgep89454 "$tmp/bad.in" > /dev/null 2> "$tmp/err"
    check "validate --input: $1 is invalid" [ $? -eq 1 ]
    check "validate --input: $1 is said ($3)" grep -q "$3" "$tmp/err"
}
invalid "a plus rule between bands" '4s/.*/------+-------+------/' 'expected the rule "-----'
invalid "a missing band rule" '4d' 'expected the rule'
invalid "a box bar missing" '2s/7 0 3 | 0/7 0 3 0/' 'expected " | " before cell 4'
invalid "a short row" '2s/| 0 0 0$/| 0 0/' 'the row has 8 cells'
invalid "a long row" '2s/$/ 5/' 'more than 9 cells'
for seed in 1 2 3 4 5 6; do
    "$bin" generate --format jutgep89454 --mix --seed "$seed" --answers "$tmp/ans" > "$tmp/in"
    check "generate --mix (seed $seed) exits 0" [ $? -eq 0 ]
    check "generate --mix (seed $seed): validate --input takes it" \
        "$bin" validate --input --format jutgep89454 "$tmp/in"
    check "generate --mix (seed $seed): its answers pass check --strict" \
        "$bin" check --strict --format jutgep89454 "$tmp/in" "$tmp/ans"
done
# a closing line (tally) after the last solution, with the count: a profile of one's own
{ grep -v '^id = \|^title\|^url\|^summary' profiles/jutgep89454.profile
  echo 'id = alltally'
  echo 'tally = there are a total of {count} solution(s).'; } > "$tmp/tally.profile"
for s in jutgep89454 jutgep89454_2; do
    "$bin" --format "$tmp/tally.profile" "samples/$s.in" > "$tmp/out"
    n=$(grids "$tmp/out" | wc -l | tr -d ' ')
    check "tally: $s's answer is its solutions, then the line" \
        [ "$(tail -n 1 "$tmp/out")" = "there are a total of $n solution(s)." ]
    sed '$d' "$tmp/out" | cmp -s - "samples/$s.out"
    check "tally: $s's lines before it are the built-in's answer" [ $? -eq 0 ]
    check "tally: check --strict accepts $s's answer" \
        "$bin" check --strict --format "$tmp/tally.profile" "samples/$s.in" "$tmp/out"
    sed '$s/ [0-9]* / 99 /' "$tmp/out" > "$tmp/wrong"
    "$bin" check --format "$tmp/tally.profile" "samples/$s.in" "$tmp/wrong" > "$tmp/msg" 2>&1
    check "tally: check calls a wrong count in it wrong" [ $? -eq 1 ]
done

# stress: a program that prints the first solution alone is found wrong, and the expected answer
# of the shrunk input (cli_answer_text(): every solution) passes check --strict
printf '#!/bin/sh\nexec "%s" --format jutgep89454 | head -n 12\n' "$bin" > "$tmp/first.sh"
chmod +x "$tmp/first.sh"
"$bin" stress --format jutgep89454 --seed 3 -n 20 --dir "$tmp/stress" -- "$tmp/first.sh" \
    > "$tmp/stress.out" 2>&1
check "stress finds a program that prints one solution wrong" [ $? -eq 1 ]
check "stress says the solution it misses" grep -q "expected solution 2 of" "$tmp/stress.out"
check "stress's expected answer lists every solution (check --strict)" \
    "$bin" check --strict --format jutgep89454 "$tmp/stress/minimal.in" "$tmp/stress/minimal.ans"
cli_done
