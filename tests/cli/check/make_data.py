#!/usr/bin/env python3
"""make_data.py -- builds tests/cli/check/data and tests/cli/check/cases (a maintainer tool; the tests
only read what it wrote).

Usage (from the repository root):  python3 tests/cli/check/make_data.py build/ojdoku [--expect]

Inputs come from samples/ and from LeetCode 37's example (formats.md section 6); every correct
output is written by `ojdoku solve`, and every wrong one is that output with one named mutation.
With --expect it also runs each case and writes its NAME.err / NAME.status / NAME.out /
NAME.feedback: goldens produced by the program, to be read against the rules before committing.
"""
import os
import subprocess
import sys
import tempfile

BIN = os.path.abspath(sys.argv[1])
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
DATA = os.path.join(HERE, 'data')
CASES = os.path.join(HERE, 'cases')

LC_PUZZLE = ["530070000", "600195000", "098000060", "800060003", "400803001",
             "700020006", "060000280", "000419005", "000080079"]
LC_SOLUTION = ["534678912", "672195348", "198342567", "859761423", "426853791",
               "713924856", "961537284", "287419635", "345286179"]


def sample(name):
    with open(os.path.join(ROOT, 'samples', name)) as f:
        return f.read()


def write(name, text):
    with open(os.path.join(DATA, name), 'w', newline='') as f:
        f.write(text)


def solve(fmt, text, *extra):
    args = [BIN] + (['--format', fmt] if fmt else []) + list(extra)
    return subprocess.run(args, input=text.encode(), stdout=subprocess.PIPE).stdout.decode()


def case(name, args, stdin=None):
    with open(os.path.join(CASES, name + '.args'), 'w') as f:
        f.write(args + '\n')
    if stdin:
        with open(os.path.join(CASES, name + '.stdin'), 'w') as f:
            f.write(stdin + '\n')


def swap_cells(text, line_no, a, b):
    """Swaps characters a and b (0-based) of line line_no (0-based)."""
    lines = text.split('\n')
    s = list(lines[line_no])
    s[a], s[b] = s[b], s[a]
    lines[line_no] = ''.join(s)
    return '\n'.join(lines)


def set_cell(text, line_no, col, ch):
    lines = text.split('\n')
    lines[line_no] = lines[line_no][:col] + ch + lines[line_no][col + 1:]
    return '\n'.join(lines)


def main():
    for folder in (DATA, CASES):
        os.makedirs(folder, exist_ok=True)
        for old in os.listdir(folder):
            os.remove(os.path.join(folder, old))

    # ---- packed grids: POJ 2676 -------------------------------------------------------------
    p1 = sample('poj2676.in').split('\n')[1:10]
    poj = '2\n' + '\n'.join(p1) + '\n' + '\n'.join(LC_PUZZLE) + '\n'
    write('poj2676.in', poj)
    ok = solve('poj2676', poj)
    write('poj2676.ok.out', ok)
    # row 2 column 4 of case 1: a letter
    write('poj2676.wa_bad_symbol.out', set_cell(ok, 1, 3, 'x'))
    # the same cell left blank, as the input writes a blank (issue #30 item 4)
    write('poj2676.wa_left_blank.out', set_cell(ok, 1, 3, '0'))
    # case 2 row 1 column 1 is the given 5
    write('poj2676.wa_given_changed.out', set_cell(ok, 9, 0, '4'))
    # case 2 row 1 column 3 (not a given, 4) becomes 3: row 1 repeats 3
    write('poj2676.wa_row_repeat.out', set_cell(ok, 9, 2, '3'))
    # case 2 row 1 columns 3 and 4 (not givens) swapped: rows intact, column 3 repeats
    write('poj2676.wa_column_repeat.out', swap_cells(ok, 9, 2, 3))
    write('poj2676.wa_missing_case.out', '\n'.join(ok.split('\n')[:9]) + '\n')
    write('poj2676.wa_extra_case.out', ok + '\n'.join(ok.split('\n')[:9]) + '\n')
    spaced = '\n' + '\n'.join(' '.join(row) for row in ok.split('\n')[:9]) + '\n\n\n' + \
        '\n'.join(' '.join(row) for row in ok.split('\n')[9:18]) + '\n'
    write('poj2676.ok_lenient_spaced.out', spaced)
    write('poj2676.pe_trailing_space.out', ok.replace('\n', ' \n', 1))
    write('poj2676.pe_no_final_newline.out', ok[:-1])
    write('poj2676.pe_crlf.out', ok.replace('\n', '\r\n'))
    # a puzzle with several solutions: any valid grid is right
    empty = '1\n' + '\n'.join(['000000000'] * 9) + '\n'
    write('poj2676_empty.in', empty)
    write('poj2676_empty.ok_jury.out', solve('poj2676', empty))
    write('poj2676_empty.ok_other_solution.out', '\n'.join(LC_SOLUTION) + '\n')
    # columns 3 and 4 swapped in every row: rows and columns intact, box 1 repeats
    write('poj2676_empty.wa_box_repeat.out',
          '\n'.join(r[:2] + r[3] + r[2] + r[4:] for r in LC_SOLUTION) + '\n')
    # jury faults: conflicting givens (no word for it), a malformed case
    write('poj2676_conflict.in', '1\n550070000\n' + '\n'.join(LC_PUZZLE[1:]) + '\n')
    write('poj2676_malformed.in', '1\n' + '\n'.join(LC_PUZZLE[:4]) + '\n12345\n' +
          '\n'.join(LC_PUZZLE[5:]) + '\n')

    for n, args in [
        ('grid_ok', '-f poj2676 data/poj2676.in data/poj2676.ok.out'),
        ('grid_ok_strict', '--strict -f poj2676 data/poj2676.in data/poj2676.ok.out'),
        ('grid_ok_detected_format', 'data/poj2676.in data/poj2676.ok.out'),
        ('grid_ok_stdin', '-f poj2676 data/poj2676.in -'),
        ('grid_wa_bad_symbol', '-f poj2676 data/poj2676.in data/poj2676.wa_bad_symbol.out'),
        ('grid_wa_left_blank', '-f poj2676 data/poj2676.in data/poj2676.wa_left_blank.out'),
        ('grid_wa_left_blank_explain',
         '--explain -f poj2676 data/poj2676.in data/poj2676.wa_left_blank.out'),
        ('grid_wa_given_changed',
         '-f poj2676 data/poj2676.in data/poj2676.wa_given_changed.out'),
        ('grid_wa_row_repeat', '-f poj2676 data/poj2676.in data/poj2676.wa_row_repeat.out'),
        ('grid_wa_column_repeat',
         '-f poj2676 data/poj2676.in data/poj2676.wa_column_repeat.out'),
        ('grid_wa_box_repeat',
         '-f poj2676 data/poj2676_empty.in data/poj2676_empty.wa_box_repeat.out'),
        ('grid_wa_missing_case',
         '-f poj2676 data/poj2676.in data/poj2676.wa_missing_case.out'),
        ('grid_wa_extra_case', '-f poj2676 data/poj2676.in data/poj2676.wa_extra_case.out'),
        ('grid_ok_lenient_spaced',
         '-f poj2676 data/poj2676.in data/poj2676.ok_lenient_spaced.out'),
        ('grid_pe_strict_spaced',
         '--strict -f poj2676 data/poj2676.in data/poj2676.ok_lenient_spaced.out'),
        ('grid_ok_lenient_trailing_space',
         '-f poj2676 data/poj2676.in data/poj2676.pe_trailing_space.out'),
        ('grid_pe_strict_trailing_space',
         '--strict -f poj2676 data/poj2676.in data/poj2676.pe_trailing_space.out'),
        ('grid_pe_strict_no_final_newline',
         '--strict -f poj2676 data/poj2676.in data/poj2676.pe_no_final_newline.out'),
        ('grid_pe_strict_crlf', '--strict -f poj2676 data/poj2676.in data/poj2676.pe_crlf.out'),
        ('grid_ok_several_solutions_any_valid',
         '-f poj2676 data/poj2676_empty.in data/poj2676_empty.ok_other_solution.out '
         'data/poj2676_empty.ok_jury.out'),
        ('grid_ok_answer', '-f poj2676 data/poj2676.in data/poj2676.ok.out '
         'data/poj2676.ok.out'),
        ('grid_fail_answer_not_a_solution', '-f poj2676 data/poj2676.in data/poj2676.ok.out '
         'data/poj2676.wa_row_repeat.out'),
        ('grid_fail_answer_short', '-f poj2676 data/poj2676.in data/poj2676.ok.out '
         'data/poj2676.wa_missing_case.out'),
        ('grid_fail_input_conflict_no_word',
         '-f poj2676 data/poj2676_conflict.in data/poj2676.ok.out'),
        ('grid_fail_input_malformed', '-f poj2676 data/poj2676_malformed.in data/poj2676.ok.out'),
    ]:
        case(n, args, 'data/poj2676.ok.out' if n == 'grid_ok_stdin' else None)

    # ---- verdict words ----------------------------------------------------------------------
    write('uva10957.in', sample('uva10957.in'))
    ok = solve('uva10957', sample('uva10957.in'))
    write('uva10957.ok.out', ok)
    write('uva10957.wa_wrong_word.out', ok.replace('Ambiguous', 'Unique'))
    write('uva10957.wa_missing_line.out', '\n'.join(ok.split('\n')[:3]) + '\n')
    write('uva10957.pe_blank_line.out', ok.replace('\n', '\n\n', 1))
    write('uva10957.fail_answer_wrong.out', ok.replace('Impossible', 'Unique'))
    write('kattis.in', sample('kattis.in'))
    ok = solve('kattis', sample('kattis.in'))
    write('kattis.ok.out', ok)
    write('kattis.wa_word_for_grid.out', 'Non-unique\n' + ok[ok.index('\n\n'):])
    jury_grid = ok[:ok.index('\n\n') + 1]
    # case 3 has several solutions: a grid is not the answer, "Non-unique" is
    write('kattis.wa_grid_for_nonunique.out', ok.replace('Non-unique\n', jury_grid))
    # and its puzzle as given, 0 for the blanks: quoted as the grid is (issue #30 item 4)
    write('kattis.wa_puzzle_for_nonunique.out',
          ok.replace('Non-unique\n', sample('kattis.in').split('\n\n')[2]))
    write('kattis.fail_answer_says_no_solution.out', 'Find another job\n' + ok[ok.index('\n\n'):])
    write('hdu3111.in', sample('hdu3111.in'))
    ok = solve('hdu3111', sample('hdu3111.in'))
    write('hdu3111.ok.out', ok)
    write('hdu3111.ok_lenient_no_dashes.out', ok.replace('---\n', ''))
    first = ok.split('---\n')[0]
    write('hdu3111.wa_grid_for_impossible.out', ok.replace('impossible\n', first))
    write('hdu2780.in', sample('hdu2780.in'))
    ok = solve('hdu2780', sample('hdu2780.in'))
    write('hdu2780.ok.out', ok)
    write('hdu2780.wa_cut_word.out', ok.replace(' this grid.', ''))
    lex = '2\n0 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n\n2\n1 1 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n\n1\n0\n'
    write('uva989_lexmin.in', lex)
    ok = solve('uva989', lex)
    write('uva989_lexmin.ok.out', ok)
    # rows 3 and 4 of the smallest solution swapped: valid, not the smallest
    lines = ok.split('\n')
    lines[2], lines[3] = lines[3], lines[2]
    write('uva989_lexmin.wa_not_smallest.out', '\n'.join(lines))
    write('uva989_lexmin.wa_grid_for_no_solution.out',
          ok.replace('NO SOLUTION', '1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 1'))
    for n, args in [
        ('words_uva10957_ok', '--strict -f uva10957 data/uva10957.in data/uva10957.ok.out'),
        ('words_uva10957_wa_wrong_word',
         '-f uva10957 data/uva10957.in data/uva10957.wa_wrong_word.out'),
        ('words_uva10957_wa_missing_line',
         '-f uva10957 data/uva10957.in data/uva10957.wa_missing_line.out'),
        ('words_uva10957_ok_lenient_blank_line',
         '-f uva10957 data/uva10957.in data/uva10957.pe_blank_line.out'),
        ('words_uva10957_pe_strict_blank_line',
         '--strict -f uva10957 data/uva10957.in data/uva10957.pe_blank_line.out'),
        ('words_uva10957_fail_answer_disagrees',
         '-f uva10957 data/uva10957.in data/uva10957.ok.out data/uva10957.fail_answer_wrong.out'),
        ('words_kattis_ok', '--strict -f kattis data/kattis.in data/kattis.ok.out'),
        ('words_kattis_wa_word_for_grid',
         '-f kattis data/kattis.in data/kattis.wa_word_for_grid.out'),
        ('words_kattis_wa_grid_for_nonunique',
         '-f kattis data/kattis.in data/kattis.wa_grid_for_nonunique.out'),
        ('words_kattis_wa_puzzle_for_nonunique',
         '-f kattis data/kattis.in data/kattis.wa_puzzle_for_nonunique.out'),
        ('words_kattis_wa_puzzle_for_nonunique_explain',
         '--explain -f kattis data/kattis.in data/kattis.wa_puzzle_for_nonunique.out'),
        ('words_kattis_fail_answer_no_solution_but_valid',
         '-f kattis data/kattis.in data/kattis.ok.out '
         'data/kattis.fail_answer_says_no_solution.out'),
        ('words_hdu3111_ok', '--strict -f hdu3111 data/hdu3111.in data/hdu3111.ok.out'),
        ('words_hdu3111_ok_lenient_no_dashes',
         '-f hdu3111 data/hdu3111.in data/hdu3111.ok_lenient_no_dashes.out'),
        ('words_hdu3111_pe_strict_no_dashes',
         '--strict -f hdu3111 data/hdu3111.in data/hdu3111.ok_lenient_no_dashes.out'),
        ('words_hdu3111_wa_grid_for_impossible',
         '-f hdu3111 data/hdu3111.in data/hdu3111.wa_grid_for_impossible.out'),
        ('words_hdu2780_ok', '--strict -f hdu2780 data/hdu2780.in data/hdu2780.ok.out'),
        ('words_hdu2780_wa_cut_word', '-f hdu2780 data/hdu2780.in data/hdu2780.wa_cut_word.out'),
        ('words_uva989_ok', '--strict -f uva989 data/uva989_lexmin.in data/uva989_lexmin.ok.out'),
        ('words_uva989_wa_not_smallest',
         '-f uva989 data/uva989_lexmin.in data/uva989_lexmin.wa_not_smallest.out'),
        ('words_uva989_wa_grid_for_no_solution',
         '-f uva989 data/uva989_lexmin.in data/uva989_lexmin.wa_grid_for_no_solution.out'),
        # a size-prefixed INPUT is UVa 989's alone: judged by its rules without --format too
        ('words_uva989_detected_ok', '--strict data/uva989_lexmin.in data/uva989_lexmin.ok.out'),
        ('words_uva989_detected_wa_not_smallest',
         'data/uva989_lexmin.in data/uva989_lexmin.wa_not_smallest.out'),
        ('words_uva989_detected_wa_grid_for_no_solution',
         'data/uva989_lexmin.in data/uva989_lexmin.wa_grid_for_no_solution.out'),
    ]:
        case(n, args)

    # ---- one line per puzzle, LeetCode literal, 16x16 letters, headers, sums, mirror ----------
    write('poj3074.in', sample('poj3074.in'))
    ok = solve('poj3074', sample('poj3074.in'))
    write('poj3074.ok.out', ok)
    first_given = sample('poj3074.in').index('2')  # the first given of case 1 is a 2
    write('poj3074.wa_given_changed.out', ok[:first_given] + '1' + ok[first_given + 1:])
    write('poj3074.wa_short_line.out', ok[:80] + ok[81:])
    write('leetcode.in', sample('leetcode.in'))
    ok = solve('leetcode', sample('leetcode.in'))
    write('leetcode.ok.out', ok)
    write('leetcode.ok_lenient_spaces.out', ok.replace(',', ' , ').replace('] , [', ']\n , ['))
    write('leetcode.wa_bad_symbol.out', ok.replace('"4"', '"x"', 1))
    write('leetcode.wa_left_blank.out', ok.replace('"4"', '"."', 1))
    # the literal's structure: only whitespace is free, brackets, commas and quotes are not
    last_row = ok[ok.rindex(',['):-2]
    for name, text in [
        ('cells_not_separated', ok.replace('"4","6"', '"4""6"', 1)),
        ('double_comma', ok.replace('],[', '],,[', 1)),
        ('short_row', ok.replace(',"2"]', ']', 1)),
        ('long_row', ok.replace('"2"]', '"2","3"]', 1)),
        ('short_board', ok.replace(last_row, '', 1)),
        ('long_board', ok[:-2] + last_row + ']\n'),
        ('no_commas', ok.replace(',', ' ')),
        ('unquoted', ok.replace('"', '')),
        ('not_closed', ok[:-2] + '\n'),
    ]:
        write('leetcode.wa_%s.out' % name, text)
    write('poj3076.in', sample('poj3076.in'))
    ok = solve('poj3076', sample('poj3076.in'))
    write('poj3076.ok.out', ok)
    puzzle = sample('poj3076.in').split('\n')[0]
    free = [i for i, ch in enumerate(puzzle) if ch == '-']
    write('poj3076.wa_column_repeat.out', swap_cells(ok, 0, free[0], free[1]))
    write('poj3076.wa_digit.out', set_cell(ok, 0, free[0], '7'))
    write('poj2918.in', sample('poj2918.in'))
    ok = solve('poj2918', sample('poj2918.in'))
    write('poj2918.ok.out', ok)
    write('poj2918.wa_wrong_header.out', ok.replace('Scenario #2:', 'Scenario #3:'))
    write('euler96.in', sample('euler96.in'))
    ok = solve('euler96', sample('euler96.in'))
    write('euler96.ok.out', ok)
    write('euler96.wa_wrong_sum.out', str(int(ok) + 1) + '\n')
    write('mirror_line.in', sample('line.in'))
    write('mirror_line.ok.out', solve(None, sample('line.in')))
    # ---- issue #13: an ok that is not byte-exact says so; OUTPUT in another profile's framing
    # without --format is named -------------------------------------------------------------------
    write('hdu1426.in', sample('hdu1426_multi.in'))
    ok = solve('hdu1426', sample('hdu1426_multi.in'))
    write('hdu1426.ok.out', ok)
    # what HDU calls a presentation error: no blank line between cases, packed rows
    write('hdu1426.pe_no_blank_line.out', ok.replace('\n\n', '\n'))
    write('hdu1426.pe_packed.out', ok.replace(' ', ''))
    write('poj2676.grid.out', solve('grid', poj))
    write('poj2676.count.out', solve('poj2676', poj, '--count=2'))
    write('poj2676.poj2918_count.out', solve('poj2918', poj, '--count=2'))
    rows = solve('poj2676', poj).split()
    write('poj2676.literal.out', ''.join(
        '[' + ','.join('[' + ','.join('"%s"' % c for c in r) + ']' for r in rows[i:i + 9]) +
        ']\n' for i in range(0, len(rows), 9)))
    for n, args in [
        ('note_hdu1426_ok_byte_exact', 'data/hdu1426.in data/hdu1426.ok.out'),
        ('note_hdu1426_ok_no_blank_line',
         '-f hdu1426 data/hdu1426.in data/hdu1426.pe_no_blank_line.out'),
        ('note_hdu1426_pe_strict_no_blank_line',
         '--strict -f hdu1426 data/hdu1426.in data/hdu1426.pe_no_blank_line.out'),
        ('note_hdu1426_ok_packed', '-f hdu1426 data/hdu1426.in data/hdu1426.pe_packed.out'),
        ('note_mirror_ok_packed', 'data/hdu1426.in data/hdu1426.pe_packed.out'),
        ('hint_poj2918', 'data/poj2918.in data/poj2918.ok.out'),
        ('hint_uva10957', 'data/uva10957.in data/uva10957.ok.out'),
        ('hint_kattis', 'data/kattis.in data/kattis.ok.out'),
        ('hint_hdu3111', 'data/hdu3111.in data/hdu3111.ok.out'),
        ('hint_hdu2780', 'data/hdu2780.in data/hdu2780.ok.out'),
        ('hint_euler96', 'data/euler96.in data/euler96.ok.out'),
        ('hint_grid', 'data/poj2676.in data/poj2676.grid.out'),
        ('hint_count_lines', 'data/poj2676.in data/poj2676.count.out'),
        ('hint_poj2918_and_count_lines', 'data/poj2676.in data/poj2676.poj2918_count.out'),
        ('hint_literal_input_not_in_grammar', 'data/poj2676.in data/poj2676.literal.out'),
        ('hint_none_for_a_wrong_grid', 'data/poj2676.in data/poj2676.wa_row_repeat.out'),
        ('hint_none_with_format', '-f poj2676 data/poj2918.in data/poj2918.ok.out'),
    ]:
        case(n, args)

    for n, args in [
        ('line_poj3074_ok', '--strict -f poj3074 data/poj3074.in data/poj3074.ok.out'),
        ('line_poj3074_wa_given_changed',
         '-f poj3074 data/poj3074.in data/poj3074.wa_given_changed.out'),
        ('line_poj3074_wa_short_line_shifts_cells',
         '-f poj3074 data/poj3074.in data/poj3074.wa_short_line.out'),
        ('leetcode_ok', '--strict -f leetcode data/leetcode.in data/leetcode.ok.out'),
        ('leetcode_ok_lenient_spaces',
         '-f leetcode data/leetcode.in data/leetcode.ok_lenient_spaces.out'),
        ('leetcode_pe_strict_spaces',
         '--strict -f leetcode data/leetcode.in data/leetcode.ok_lenient_spaces.out'),
        ('leetcode_wa_bad_symbol', '-f leetcode data/leetcode.in data/leetcode.wa_bad_symbol.out'),
        ('leetcode_wa_left_blank', '-f leetcode data/leetcode.in data/leetcode.wa_left_blank.out'),
    ] + [
        ('leetcode_wa_' + name, '-f leetcode data/leetcode.in data/leetcode.wa_%s.out' % name)
        for name in ('cells_not_separated', 'double_comma', 'short_row', 'long_row',
                     'short_board', 'long_board', 'no_commas', 'unquoted', 'not_closed')
    ] + [
        ('leetcode_wa_mirror_double_comma', 'data/leetcode.in data/leetcode.wa_double_comma.out'),
        ('letters_poj3076_ok', '--strict -f poj3076 data/poj3076.in data/poj3076.ok.out'),
        ('letters_poj3076_wa_column_repeat',
         '-f poj3076 data/poj3076.in data/poj3076.wa_column_repeat.out'),
        ('letters_poj3076_wa_digit', '-f poj3076 data/poj3076.in data/poj3076.wa_digit.out'),
        ('header_poj2918_ok', '--strict -f poj2918 data/poj2918.in data/poj2918.ok.out'),
        ('header_poj2918_wa_wrong_header',
         '-f poj2918 data/poj2918.in data/poj2918.wa_wrong_header.out'),
        ('sum_euler96_ok', '--strict -f euler96 data/euler96.in data/euler96.ok.out'),
        ('sum_euler96_wa_wrong_sum', '-f euler96 data/euler96.in data/euler96.wa_wrong_sum.out'),
        ('mirror_ok', '--strict data/mirror_line.in data/mirror_line.ok.out'),
        ('mirror_fail_input_not_in_profile',
         '-f poj2676 data/mirror_line.in data/mirror_line.ok.out'),
    ]:
        case(n, args)

    # ---- jury inputs without a puzzle ---------------------------------------------------------
    for name, text in [('empty', ''), ('header', 'Grid 01\n'), ('end', 'end\n'),
                       ('count', '3\n'), ('dashes', '---\n')]:
        write('no_puzzle_%s.in' % name, text)
        case('input_fail_no_puzzle_' + name, 'data/no_puzzle_%s.in data/poj2676.ok.out' % name)

    # ---- calling conventions, bad arguments ---------------------------------------------------
    write('empty.ans', '')
    for n, args, stdin in [
        ('domjudge_accepted', '--judge=domjudge -f poj2676 data/poj2676.in data/poj2676.ok.out '
         '@FEEDBACK@', 'data/poj2676.ok.out'),
        ('domjudge_accepted_empty_answer', '--judge domjudge -f poj2676 data/poj2676.in '
         'data/empty.ans @FEEDBACK@ case_sensitive', 'data/poj2676.ok.out'),
        ('domjudge_wrong', '--judge=domjudge -f poj2676 data/poj2676.in data/poj2676.ok.out '
         '@FEEDBACK@', 'data/poj2676.wa_row_repeat.out'),
        ('domjudge_pe_space_change_sensitive', '--judge=domjudge -f poj2676 data/poj2676.in '
         'data/poj2676.ok.out @FEEDBACK@ case_sensitive space_change_sensitive',
         'data/poj2676.pe_trailing_space.out'),
        ('domjudge_fail_bad_input', '--judge=domjudge -f poj2676 data/poj2676_malformed.in '
         'data/poj2676.ok.out @FEEDBACK@', 'data/poj2676.ok.out'),
        ('domjudge_fail_bad_args', '--judge=domjudge -f poj2676 data/poj2676.in',
         'data/poj2676.ok.out'),
        ('hustoj_accepted', '--judge=hustoj -f poj2676 data/poj2676.in data/poj2676.ok.out '
         'data/poj2676.ok.out', None),
        ('hustoj_wrong', '--judge=hustoj -f poj2676 data/poj2676.in data/poj2676.ok.out '
         'data/poj2676.wa_column_repeat.out', None),
        ('hustoj_pe_strict_is_wrong', '--judge=hustoj --strict -f poj2676 data/poj2676.in '
         'data/poj2676.ok.out data/poj2676.pe_crlf.out', None),
        ('hustoj_fail_bad_args', '--judge=hustoj data/poj2676.in data/poj2676.ok.out', None),
        ('args_fail_none', '', None),
        # testlib takes up to five: INPUT OUTPUT ANSWER RESULT_FILE -appes
        ('args_fail_too_many', 'data/poj2676.in data/poj2676.ok.out data/poj2676.ok.out '
         '@FEEDBACK@/result appes extra', None),
        ('args_fail_unknown_format', '-f nosuch data/poj2676.in data/poj2676.ok.out', None),
        ('args_fail_unknown_option', '--nosuch data/poj2676.in data/poj2676.ok.out', None),
        ('args_fail_unknown_judge', '--judge=icpc data/poj2676.in data/poj2676.ok.out', None),
        ('args_fail_bad_max_nodes', '--max-nodes=-1 data/poj2676.in data/poj2676.ok.out', None),
        ('args_fail_missing_input', 'data/nosuch.in data/poj2676.ok.out', None),
        # an OUTPUT that cannot be opened is testlib's PE ("Output file not found"), looked
        # for before ANSWER; LemonLime and CMS score it 0; HUSTOJ and QDUOJ write it themselves
        ('args_pe_missing_output', 'data/poj2676.in data/nosuch.out', None),
        ('args_pe_missing_output_before_answer', 'data/poj2676.in data/nosuch.out data/nosuch.ans',
         None),
        ('testlib_result_pe_missing_output', 'data/poj2676.in data/nosuch.out data/poj2676.ok.out '
         '@FEEDBACK@/result -appes', None),
        ('lemon_wrong_missing_output', '--judge=lemon -f poj2676 data/poj2676.in data/nosuch.out '
         'data/poj2676.ok.out 10 @FEEDBACK@/score @FEEDBACK@/report', None),
        ('cms_wrong_missing_output', '--judge=cms -f poj2676 data/poj2676.in data/poj2676.ok.out '
         'data/nosuch.out', None),
        ('hustoj_fail_missing_output', '--judge=hustoj -f poj2676 data/poj2676.in '
         'data/poj2676.ok.out data/nosuch.out', None),
        ('qduoj_fail_missing_output', '--judge=qduoj -f poj2676 data/poj2676.in data/nosuch.out',
         None),
        ('args_fail_missing_answer', 'data/poj2676.in data/poj2676.ok.out data/nosuch.ans', None),
        # a directory is refused by name, as every command refuses one (cli_open_input)
        ('args_fail_dir_input', 'data data/poj2676.ok.out', None),
        ('args_pe_dir_output', 'data/poj2676.in data', None),
        ('args_fail_dir_answer', 'data/poj2676.in data/poj2676.ok.out data', None),
        ('args_fail_profile_not_a_judge', '-f json data/poj2676.in data/poj2676.ok.out', None),
        ('args_help', '--help', None),
        ('args_fail_stdin_twice', '-f poj2676 - -', 'data/poj2676.ok.out'),
        ('domjudge_fail_stdin_twice', '--judge=domjudge -f poj2676 - data/poj2676.ok.out '
         '@FEEDBACK@', 'data/poj2676.ok.out'),
        # issue #13: a FEEDBACK_DIR that cannot be written is a failure found before judging,
        # never an ok printed and then contradicted; the last --judge wins
        ('domjudge_fail_feedback_dir_missing', '--judge=domjudge -f poj2676 data/poj2676.in '
         'data/poj2676.ok.out data/nosuch_dir', 'data/poj2676.ok.out'),
        # DOMjudge reads no score.txt: its 42 would accept a partly wrong output
        ('domjudge_fail_score', '--judge=domjudge --score cases -f poj2676 data/poj2676.in '
         'data/poj2676.ok.out @FEEDBACK@', 'data/poj2676.wa_row_repeat.out'),
        ('kattis_wrong', '--judge=kattis -f poj2676 data/poj2676.in data/poj2676.ok.out '
         '@FEEDBACK@', 'data/poj2676.wa_row_repeat.out'),
        ('domjudge_fail_missing_answer', '--judge=domjudge -f poj2676 data/poj2676.in '
         'data/nosuch.ans @FEEDBACK@', 'data/poj2676.ok.out'),
        ('args_last_judge_wins_testlib', '--judge=domjudge --judge=testlib -f poj2676 '
         'data/poj2676.in data/poj2676.ok.out', None),
        ('args_last_judge_wins_domjudge', '--judge=testlib --judge domjudge -f poj2676 '
         'data/poj2676.in data/poj2676.ok.out @FEEDBACK@', 'data/poj2676.ok.out'),
        ('args_last_judge_wins_failure_status', '--judge=domjudge --judge=testlib --nosuch '
         'data/poj2676.in data/poj2676.ok.out data/poj2676.ok.out', None),
        ('hint_domjudge_kattis', '--judge=domjudge data/kattis.in data/empty.ans @FEEDBACK@',
         'data/kattis.ok.out'),
        # testlib without OUTPUT: standard input (`./sol < in | ojdoku check in`)
        ('grid_ok_output_omitted_stdin', '-f poj2676 data/poj2676.in', 'data/poj2676.ok.out'),
        ('grid_wa_output_omitted_stdin', '-f poj2676 data/poj2676.in',
         'data/poj2676.wa_row_repeat.out'),
        ('args_fail_output_omitted_input_stdin', '-f poj2676 -', 'data/poj2676.ok.out'),
    ]:
        case(n, args, stdin)

    # ---- issue #16: testlib's result file, Lemon, CMS, QDUOJ ----------------------------------
    # wrong grids whose messages hold XML's specials: row 2 column 4 set to '<', '&' or '"'
    with open(os.path.join(DATA, 'poj2676.ok.out')) as f:
        poj_ok = f.read()
    for name, symbol in (('lt', '<'), ('amp', '&'), ('quot', '"')):
        write('poj2676.wa_xml_%s.out' % name, set_cell(poj_ok, 1, 3, symbol))
    judged = 'data/poj2676.in data/poj2676.ok.out '   # INPUT ANSWER, for judges in that order
    for n, args in [
        ('testlib_result_ok', '-f poj2676 data/poj2676.in data/poj2676.ok.out '
         'data/poj2676.ok.out @FEEDBACK@/result'),
        ('testlib_result_wrong', '-f poj2676 data/poj2676.in data/poj2676.wa_row_repeat.out '
         'data/poj2676.ok.out @FEEDBACK@/result'),
        ('testlib_result_xml_ok', '-f poj2676 data/poj2676.in data/poj2676.ok.out '
         'data/poj2676.ok.out @FEEDBACK@/result -appes'),
        ('testlib_result_xml_wrong', '-f poj2676 data/poj2676.in data/poj2676.wa_row_repeat.out '
         'data/poj2676.ok.out @FEEDBACK@/result -appes'),
        ('testlib_result_xml_pe_strict', '--strict -f poj2676 data/poj2676.in '
         'data/poj2676.pe_trailing_space.out data/poj2676.ok.out @FEEDBACK@/result -APPES'),
        ('testlib_result_xml_fail_bad_input', '-f poj2676 data/poj2676_malformed.in '
         'data/poj2676.ok.out data/poj2676.ok.out @FEEDBACK@/result -appes'),
    ] + [
        ('testlib_result_xml_escaped_' + name, '-f poj2676 data/poj2676.in '
         'data/poj2676.wa_xml_%s.out data/poj2676.ok.out @FEEDBACK@/result -appes' % name)
        for name in ('lt', 'amp', 'quot')
    ] + [
        ('testlib_result_fail_not_appes', '-f poj2676 data/poj2676.in data/poj2676.ok.out '
         'data/poj2676.ok.out @FEEDBACK@/result appes'),
        ('testlib_result_fail_unwritable', '-f poj2676 data/poj2676.in data/poj2676.ok.out '
         'data/poj2676.ok.out data/nosuch_dir/result'),
        ('lemon_accepted', '--judge=lemon -f poj2676 data/poj2676.in data/poj2676.ok.out '
         'data/poj2676.ok.out 10 @FEEDBACK@/score @FEEDBACK@/report'),
        ('lemon_accepted_empty_answer', '--judge=lemon -f poj2676 data/poj2676.in '
         'data/poj2676.ok.out data/empty.ans 100 @FEEDBACK@/score @FEEDBACK@/report'),
        ('lemon_wrong', '--judge=lemon -f poj2676 data/poj2676.in '
         'data/poj2676.wa_column_repeat.out data/poj2676.ok.out 10 @FEEDBACK@/score '
         '@FEEDBACK@/report'),
        ('lemon_pe_strict_scores_0', '--judge=lemon --strict -f poj2676 data/poj2676.in '
         'data/poj2676.pe_crlf.out data/poj2676.ok.out 10 @FEEDBACK@/score @FEEDBACK@/report'),
        ('lemon_fail_bad_input', '--judge=lemon -f poj2676 data/poj2676_malformed.in '
         'data/poj2676.ok.out data/poj2676.ok.out 10 @FEEDBACK@/score @FEEDBACK@/report'),
        ('lemon_fail_bad_full_score', '--judge=lemon -f poj2676 data/poj2676.in '
         'data/poj2676.ok.out data/poj2676.ok.out ten @FEEDBACK@/score @FEEDBACK@/report'),
        ('lemon_fail_bad_args', '--judge=lemon -f poj2676 data/poj2676.in data/poj2676.ok.out '
         'data/poj2676.ok.out'),
        ('lemon_fail_report_unwritable', '--judge=lemon -f poj2676 data/poj2676.in '
         'data/poj2676.ok.out data/poj2676.ok.out 10 @FEEDBACK@/score data/nosuch_dir/report'),
        # issue #29 item 13: an argument that starts with '-' is no unknown option where check
        # has none such: a negative FULLSCORE, an argument after -appes, -appes out of place
        ('lemon_fail_negative_full_score', '--judge=lemon -f poj2676 data/poj2676.in '
         'data/poj2676.ok.out data/poj2676.ok.out -5 @FEEDBACK@/score @FEEDBACK@/report'),
        ('testlib_result_fail_after_appes', '-f poj2676 data/poj2676.in data/poj2676.ok.out '
         'data/poj2676.ok.out @FEEDBACK@/result -appes extra'),
        ('testlib_result_fail_appes_first', '-f poj2676 data/poj2676.in data/poj2676.ok.out '
         'data/poj2676.ok.out -appes'),
        ('cms_accepted', '--judge=cms -f poj2676 ' + judged + 'data/poj2676.ok.out'),
        ('cms_accepted_empty_answer', '--judge=cms -f poj2676 data/poj2676.in data/empty.ans '
         'data/poj2676.ok.out'),
        ('cms_wrong', '--judge=cms -f poj2676 ' + judged + 'data/poj2676.wa_row_repeat.out'),
        ('cms_pe_strict_scores_0', '--judge=cms --strict -f poj2676 ' + judged +
         'data/poj2676.pe_trailing_space.out'),
        ('cms_fail_bad_input', '--judge=cms -f poj2676 data/poj2676_malformed.in '
         'data/poj2676.ok.out data/poj2676.ok.out'),
        ('cms_fail_wrong_jury', '--judge=cms -f poj2676 data/poj2676.in '
         'data/poj2676.wa_row_repeat.out data/poj2676.ok.out'),
        ('cms_fail_bad_args', '--judge=cms -f poj2676 data/poj2676.in data/poj2676.ok.out'),
        ('cms_explain_after_score', '--judge=cms --explain -f poj2676 ' + judged +
         'data/poj2676.wa_row_repeat.out'),
        ('qduoj_accepted', '--judge=qduoj -f poj2676 data/poj2676.in data/poj2676.ok.out'),
        ('qduoj_accepted_words_no_answer',
         '--judge=qduoj -f kattis data/kattis.in data/kattis.ok.out'),
        ('qduoj_wrong', '--judge=qduoj -f poj2676 data/poj2676.in '
         'data/poj2676.wa_column_repeat.out'),
        ('qduoj_pe_strict_is_wrong', '--judge=qduoj --strict -f poj2676 data/poj2676.in '
         'data/poj2676.pe_crlf.out'),
        ('qduoj_fail_bad_input', '--judge=qduoj -f poj2676 data/poj2676_malformed.in '
         'data/poj2676.ok.out'),
        ('qduoj_fail_bad_args', '--judge=qduoj -f poj2676 ' + judged + 'data/poj2676.ok.out'),
        ('args_last_judge_wins_qduoj_failure_status', '--judge=lemon --judge=qduoj --nosuch '
         'data/poj2676.in data/poj2676.ok.out'),
    ]:
        case(n, args)

    # ---- validate -----------------------------------------------------------------------------
    lc36_2 = ['83..7....'] + [r.replace('0', '.') for r in LC_PUZZLE[1:]]
    abc_yes = [' '.join(str((r * 3 + r // 3 + c) % 9 + 1) for c in range(9)) for r in range(9)]
    abc_no = [' '.join(str((r + c) % 9 + 1) for c in range(9)) for r in range(9)]
    write('validate.txt', '\n'.join(r.replace('0', '.') for r in LC_PUZZLE) + '\n\n' +
          '\n'.join(lc36_2) + '\n\n' + '\n'.join(abc_yes) + '\n\n' + '\n'.join(abc_no) + '\n\n' +
          '\n'.join(LC_SOLUTION[:5]) + '\n12345678\n' + '\n'.join(LC_SOLUTION[6:]) + '\n\n' +
          '\n'.join(LC_SOLUTION) + '\n')
    write('validate_valid.txt', '\n'.join(LC_SOLUTION) + '\n')
    for n, args in [
        ('validate_mixed', 'validate data/validate.txt'),
        ('validate_all_valid', 'validate data/validate_valid.txt - data/validate_valid.txt'),
        ('validate_missing_file', 'validate data/nosuch.txt'),
        ('validate_unknown_option', 'validate --nosuch'),
        ('validate_help', 'validate --help'),
    ]:
        case(n, args, 'data/validate_valid.txt' if n == 'validate_all_valid' else None)

    if '--expect' in sys.argv:
        expect_all()


def expect_all():
    """Runs every case as run.sh does and writes its goldens."""
    for name in sorted(os.listdir(CASES)):
        if not name.endswith('.args'):
            continue
        stem = os.path.join(CASES, name[:-5])
        with tempfile.TemporaryDirectory() as feedback:
            with open(stem + '.args') as f:
                args = f.read().split()
            args = [a.replace('@FEEDBACK@', feedback) for a in args]
            if not args or args[0] != 'validate':
                args = ['check'] + args
            stdin = subprocess.DEVNULL
            if os.path.exists(stem + '.stdin'):
                with open(stem + '.stdin') as f:
                    stdin = open(os.path.join(HERE, f.read().strip()), 'rb')
            r = subprocess.run([BIN] + args, cwd=HERE, stdin=stdin, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE)
            for ext, data in (('.out', r.stdout), ('.err', r.stderr)):
                if data:
                    with open(stem + ext, 'wb') as f:
                        f.write(data)
                elif os.path.exists(stem + ext):
                    os.remove(stem + ext)
            with open(stem + '.status', 'w') as f:
                f.write('%d\n' % r.returncode)
            # every file the checker wrote in FEEDBACK_DIR: judgemessage.txt is NAME.feedback,
            # any other FILE (a testlib result file, Lemon's score and report) NAME.FILE
            for written in sorted(os.listdir(feedback)):
                golden = stem + ('.feedback' if written == 'judgemessage.txt' else '.' + written)
                with open(os.path.join(feedback, written), 'rb') as src, \
                        open(golden, 'wb') as dst:
                    dst.write(src.read())


if __name__ == '__main__':
    main()
