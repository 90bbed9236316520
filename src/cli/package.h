/*
 * package.h -- what `ojdoku package` writes validators from, built into the binary from
 * src/amalg/ (src/amalg/embed.sh, run by the Makefile): the amalgamation of the check layer and
 * the layers below it (src/amalg/amalgamate.sh) and the mains that make a program of it, one
 * per judge convention.  A validator is `#define OJD_PROFILE "ID"`, the amalgamation, and one
 * main: one C file that a judge host compiles with nothing of ojdoku installed.
 */
#ifndef CLI_PACKAGE_H
#define CLI_PACKAGE_H

#include "ojdoku.h"

#include <stdbool.h>
#include <stddef.h>

/* What goes before the amalgamation: POSIX calls Windows lacks, made of the C library there
 * (src/amalg/portable.h), NUL-terminated. */
extern const char *const cli_amalgamation_prelude;
/* The amalgamation, NUL-terminated. */
extern const char *const cli_amalgamation;

/* A main: kind is its name on the command line ("kattis-output"), source where it comes from
 * in the tree ("src/amalg/main_kattis_output.c"), text its C source, NUL-terminated. */
typedef struct cli_validator_main {
    const char *kind;
    const char *source;
    const char *text;
} cli_validator_main;
/* Every main, ending with a NULL kind. */
extern const cli_validator_main cli_validator_mains[];

/* Source (length bytes, one C translation unit with a main) less every comment, blank line
 * and file-scope item that main does not need (src/cli/package_trim.c says how it decides);
 * malloc'd, NUL-terminated, its length in *out_length; NULL when out of memory. */
char *cli_package_trim(const char *source, size_t length, const char *const *stubs,
                       size_t *out_length);

/* The functions a program of profile format never runs (validating: a validator's main, whose
 * boards come from validate.c; else a main that checks or solves with the profile), into
 * names[0..] (at most cap - 1, NULL after them) as the amalgamation names them: given as
 * stubs to cli_package_trim(), which writes each with a body that aborts (or, for `~NAME`, a
 * void function that returns at once for the profile, an empty body), so that what only they
 * call is left out; `#NAME` is a macro that is 0 for the program.  Returns how many. */
enum { CLI_PACKAGE_STUBS = 64 };
size_t cli_package_stubs(const ojd_profile *format, bool validating, const char **names,
                         size_t cap);

#endif /* CLI_PACKAGE_H */
