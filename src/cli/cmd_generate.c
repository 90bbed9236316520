/* cmd_generate.c -- placeholder until the generate subcommand lands (it answers "not implemented"). */
#include "cli.h"

int ojd_cmd_generate(int argc, char **argv)
{
    (void)argc;
    ojd_cli_fail("%s: not implemented yet", argv[0]);
    return OJD_EXIT_USAGE;
}

int ojd_cmd_rate(int argc, char **argv)
{
    (void)argc;
    ojd_cli_fail("%s: not implemented yet", argv[0]);
    return OJD_EXIT_USAGE;
}
