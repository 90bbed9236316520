/*
 * cli.h -- the subcommands of the ojdoku command line, one file each, and what they share.
 * Each command takes its own argv (argv[0] = the command name) and returns the exit status.
 */
#ifndef OJD_CLI_H
#define OJD_CLI_H

#include "ojdoku.h"

#include <getopt.h>
#include <stdio.h>

/* Exit statuses of the solving commands (the checker uses the judges' own codes). */
enum { OJD_EXIT_OK = 0, OJD_EXIT_UNANSWERED = 1, OJD_EXIT_USAGE = 2 };

int ojd_cmd_solve(int argc, char **argv);
int ojd_cmd_solvers(int argc, char **argv);
int ojd_cmd_formats(int argc, char **argv);
int ojd_cmd_generate(int argc, char **argv);
int ojd_cmd_rate(int argc, char **argv);
int ojd_cmd_check(int argc, char **argv);
int ojd_cmd_validate(int argc, char **argv);
int ojd_cmd_judge(int argc, char **argv);
int ojd_cmd_stress(int argc, char **argv);

/* The subcommand list for --help, one line each, from main.c's table. */
void ojd_cli_print_commands(FILE *out);
/* A decimal number from 0 to max, digits only (no sign, no spaces): the value of every numeric
 * option.  false for anything else, *value then unspecified. */
bool ojd_cli_parse_number(const char *text, unsigned long long max, unsigned long long *value);

/* "ojdoku: " + printf message + newline on stderr. */
void ojd_cli_fail(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;
/* "ojdoku: write error: REASON" on stderr for standard output, REASON = strerror(err) (just
 * "write error" when err is 0); returns OJD_EXIT_USAGE.  A command that stops early because stdout
 * failed reports it with this (errno read right after the failed write) and returns
 * OJD_EXIT_USAGE; main.c flushes and closes stdout after every command and reports any failure
 * the command did not. */
int ojd_cli_write_error(int err);
/* "ojdoku: FILE:LINE:COL: KIND: MESSAGE" on stderr (KIND is "error" or "warning"). */
void ojd_cli_diagnose(const char *file, const ojd_error *err, const char *kind);

/*
 * The one report of a getopt_long() error, for every command (optstring starting with ':',
 * opterr = 0).  c is what getopt_long() returned (':' = a value is missing, anything else = an
 * unknown option), opt and ind are optopt and optind right after that call, longs the table
 * it was given, argv the command's.  It names the option itself, also inside a bundle (-qa) and
 * after other arguments: "unknown option '-a' (see 'ojdoku rate --help')", "unknown option
 * '--foo' (see ...)" (a value after '=' left out), "ambiguous option '--s' (--solver,
 * --stats)", "option '-f' needs a value", "option '--steps' takes no value".  command is the
 * name in the hint, NULL for solve, whose hint is 'ojdoku --help'.
 *  ojd_cli_option_message() writes the message (no "ojdoku: " prefix, no newline) into buf;
 *  ojd_cli_option_error() prints it as "ojdoku: MESSAGE" and returns OJD_EXIT_USAGE, so that a
 *  command's getopt loop ends with
 *      case ':':
 *      default:
 *          return ojd_cli_option_error("rate", longs, c, optopt, optind, argv);
 */
void ojd_cli_option_message(char *buf, size_t size, const char *command,
                            const struct option *longs, int c, int opt, int ind, char **argv);
int ojd_cli_option_error(const char *command, const struct option *longs, int c, int opt, int ind,
                         char **argv);

/*
 * The one way a command opens an input named on its command line: "-" is standard input, named
 * "<stdin>" in diagnostics; anything else is opened for reading and named by its path.  NULL
 * with errno set when it cannot be read: a directory is refused with EISDIR (fopen() opens one
 * on Linux, and only the first read would fail).  *name (may be NULL) gets the name to use in
 * diagnostics (FILE:LINE:COL).  The caller reports a failure as "ojdoku: PATH: strerror(errno)"
 * and goes on with the next input; the exit status is then 2 at the end.
 */
FILE *ojd_cli_open_input(const char *path, const char **name);
/* Closes what ojd_cli_open_input() opened (standard input stays open); NULL is ignored. */
void ojd_cli_close_input(FILE *in);

#endif
