/*
 * cmd_formats.c -- `ojdoku formats`: the judge profiles --format can name (the library's table),
 * one line each: name and summary.
 */
#include "cli.h"

#include <stdio.h>

int cmd_formats(int argc, char **argv)
{
    int status = cli_parse_help_only(argc, argv,
                                     "Usage: ojdoku formats\n"
                                     "List the judge profiles for --format, one per line: name "
                                     "and summary.\n"
                                     "\n"
                                     "Options:\n"
                                     "  -h, --help            print this help and exit\n");
    if (status >= 0)
        return status;
    for (const ojd_format *const *f = ojd_format_list(); *f; f++)
        printf("%-9s %s\n", ojd_format_name(*f), ojd_format_summary(*f));
    return CLI_EXIT_OK;
}
