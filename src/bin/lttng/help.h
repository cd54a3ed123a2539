/*
 * How lttng gives help: the command list (lttng without a command), the
 * manual pages that `lttng help [COMMAND]`, `lttng --help` and
 * `lttng COMMAND --help` open with man, and the short usage printed in
 * their place when man or the page is missing.
 */
#ifndef LTTNG_CLI_HELP_H
#define LTTNG_CLI_HELP_H

#include <popt.h>

/* LTTng's usage and list of commands, on stdout. */
void help_print_command_list(void);

/*
 * Show lttng(1). Returns only when it could not be shown, after saying
 * why and printing the command list: CMD_ERROR.
 */
int help_show_lttng(void);

/*
 * Show lttng-COMMAND(1). Returns only when it could not be shown, after
 * saying why and printing a short usage listing the options of the
 * popt table options (NULL: pointing to --list-options): CMD_ERROR.
 */
int help_show_command(const char *command, const struct poptOption *options);

#endif /* LTTNG_CLI_HELP_H */
