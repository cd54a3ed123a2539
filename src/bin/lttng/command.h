/*
 * What the lttng CLI's commands share: their return codes (mapped to the
 * exit status by lttng.c), the global options, and the prototypes of the
 * command functions, one per file in commands/.
 */
#ifndef LTTNG_CLI_COMMAND_H
#define LTTNG_CLI_COMMAND_H

#include <popt.h>
#include <stdbool.h>

#include <lttng/lttng.h>

#include "util/log.h"

/*
 * liblttng-ctl's extras for the CLI (not part of LTTng's API): whether
 * destroying a session (a handle of lttng_destroy_session_ext()) closed
 * its trace files, and whether clearing one (lttng_clear_session())
 * deleted trace files; LTTng's CLI then prints its waiting lines.
 */
struct lttng_destruction_handle;
int lttng_ctl_destruction_handle_closed_chunk(
	const struct lttng_destruction_handle *handle);
struct lttng_clear_handle;
int lttng_ctl_clear_handle_closed_chunk(
	const struct lttng_clear_handle *handle);

/*
 * Command results. A negative value is a negated LTTNG_ERR_* code; the
 * CLI then exits with that code, as LTTng's does.
 */
enum cmd_result {
	CMD_SUCCESS = 0,
	CMD_ERROR = 1,
	CMD_UNDEFINED = 2, /* Bad option or argument for the command. */
	CMD_FATAL = 3,
	CMD_WARNING = 4,
	CMD_UNSUPPORTED = 5,
};

/* Option values every command's popt table uses for these two. */
#define OPT_HELP 1
#define OPT_LIST_OPTIONS 2
/*
 * The two entries every command's popt table has, placed where LTTng's
 * tables have them (--list-options prints the table in order).
 */
#define CLI_HELP_OPTION                                                        \
	{                                                                      \
		"help", 'h', POPT_ARG_NONE, NULL, OPT_HELP, NULL, NULL         \
	}
#define CLI_LIST_OPTIONS_OPTION                                                \
	{                                                                      \
		"list-options", 0, POPT_ARG_NONE, NULL, OPT_LIST_OPTIONS,      \
			NULL, NULL                                             \
	}

/*
 * The result of an option value no command handles itself: --help shows
 * lttng-<command>(1), --list-options lists the table, anything else (a
 * popt error) is CMD_UNDEFINED.
 */
int cli_common_option(int opt, const char *command,
		      const struct poptOption *options);

/* A command's function: argv[0] is the command's name. */
typedef int (*cli_command_func)(int argc, const char **argv);

/* The function of the command named name in lttng's table, else NULL. */
cli_command_func cli_find_command(const char *name);

struct cli_options {
	bool no_sessiond;
	const char *sessiond_path;
	const char *relayd_path;
	const char *argv0;
};

extern struct cli_options cli_options;

int cmd_add_context(int argc, const char **argv);
int cmd_create(int argc, const char **argv);
int cmd_destroy(int argc, const char **argv);
int cmd_disable_channel(int argc, const char **argv);
int cmd_disable_event(int argc, const char **argv);
int cmd_enable_channel(int argc, const char **argv);
int cmd_enable_event(int argc, const char **argv);
int cmd_help(int argc, const char **argv);
int cmd_list(int argc, const char **argv);
int cmd_set_session(int argc, const char **argv);
int cmd_start(int argc, const char **argv);
int cmd_status(int argc, const char **argv);
int cmd_stop(int argc, const char **argv);
int cmd_track(int argc, const char **argv);
int cmd_untrack(int argc, const char **argv);
int cmd_version(int argc, const char **argv);
int cmd_view(int argc, const char **argv);

int cmd_add_trigger(int argc, const char **argv);
int cmd_clear(int argc, const char **argv);
int cmd_disable_rotation(int argc, const char **argv);
int cmd_enable_rotation(int argc, const char **argv);
int cmd_list_triggers(int argc, const char **argv);
int cmd_load(int argc, const char **argv);
int cmd_metadata(int argc, const char **argv);
int cmd_regenerate(int argc, const char **argv);
int cmd_remove_trigger(int argc, const char **argv);
int cmd_rotate(int argc, const char **argv);
int cmd_save(int argc, const char **argv);
int cmd_snapshot(int argc, const char **argv);
#endif /* LTTNG_CLI_COMMAND_H */
