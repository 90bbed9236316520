/* cmd_check.c -- placeholder until the check subcommand lands (it answers "not implemented"). */
#include "cli.h"

int ojd_cmd_check(int argc, char **argv)
{
    (void)argc;
    ojd_cli_fail("%s: not implemented yet", argv[0]);
    return OJD_EXIT_USAGE;
}

int ojd_cmd_validate(int argc, char **argv)
{
    (void)argc;
    ojd_cli_fail("%s: not implemented yet", argv[0]);
    return OJD_EXIT_USAGE;
}
