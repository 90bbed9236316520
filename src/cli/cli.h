/*
 * cli.h -- the subcommands of the ojdoku command line, one file each, and what they share.
 * Each command takes its own argv (argv[0] = the command name) and returns the exit status.
 */
#ifndef OJD_CLI_H
#define OJD_CLI_H

#include "ojdoku.h"

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

#endif
