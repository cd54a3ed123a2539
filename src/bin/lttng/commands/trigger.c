/*
 * lttng add-trigger, remove-trigger and list-triggers. This toolkit has
 * no triggers yet: add-trigger checks its options as LTTng 2.13 does and
 * then says it is not implemented; since no trigger can exist,
 * list-triggers lists none and remove-trigger finds none, with LTTng's
 * messages. These commands parse their arguments in LTTng's other style
 * (argpar's): errors name the argument's position and the option.
 *
 * Under --mi xml, LTTng's add-trigger and remove-trigger open their
 * document before they parse their arguments: every outcome but --help
 * prints one (before the --list-options list), with <success>.
 * list-triggers prints its (empty) <triggers> once it listed them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../command.h"
#include "../help.h"
#include "../mi/mi-command.h"
#include "../utils.h"

/* One option of an argpar-style command. */
struct trigger_option {
	const char *long_name;
	char short_name; /* 0: none */
	int has_value;
};

enum option_index {
	TRIGGER_OPT_HELP,
	TRIGGER_OPT_LIST_OPTIONS,
	TRIGGER_OPT_CONDITION,
	TRIGGER_OPT_ACTION,
	TRIGGER_OPT_NAME,
	TRIGGER_OPT_OWNER_UID,
	TRIGGER_OPT_COUNT,
};

static const struct trigger_option all_options[TRIGGER_OPT_COUNT] = {
	[TRIGGER_OPT_HELP] = {"help", 'h', 0},
	[TRIGGER_OPT_LIST_OPTIONS] = {"list-options", 0, 0},
	[TRIGGER_OPT_CONDITION] = {"condition", 0, 1},
	[TRIGGER_OPT_ACTION] = {"action", 0, 1},
	[TRIGGER_OPT_NAME] = {"name", 0, 1},
	[TRIGGER_OPT_OWNER_UID] = {"owner-uid", 0, 1},
};

/* The options each command accepts, in LTTng's --list-options order. */
static const enum option_index add_trigger_options[] = {
	TRIGGER_OPT_HELP,   TRIGGER_OPT_LIST_OPTIONS, TRIGGER_OPT_CONDITION,
	TRIGGER_OPT_ACTION, TRIGGER_OPT_NAME,	      TRIGGER_OPT_OWNER_UID,
	TRIGGER_OPT_COUNT};
static const enum option_index remove_trigger_options[] = {
	TRIGGER_OPT_HELP, TRIGGER_OPT_LIST_OPTIONS, TRIGGER_OPT_OWNER_UID,
	TRIGGER_OPT_COUNT};
static const enum option_index list_triggers_options[] = {
	TRIGGER_OPT_HELP, TRIGGER_OPT_LIST_OPTIONS, TRIGGER_OPT_COUNT};

/* What parsing a command line found. */
struct trigger_args {
	int seen[TRIGGER_OPT_COUNT];
	const char *value[TRIGGER_OPT_COUNT];
	const char *positional[2];
	int positional_count;
};

static void list_options(const enum option_index *accepted)
{
	for (; *accepted != TRIGGER_OPT_COUNT; accepted++) {
		printf("--%s\n", all_options[*accepted].long_name);
		if (all_options[*accepted].short_name)
			printf("-%c\n", all_options[*accepted].short_name);
	}
}

/* The accepted option ARG names (--name[=v] or -c), or -1. */
static int find_option(const char *arg, const enum option_index *accepted,
		       size_t *name_len)
{
	for (; *accepted != TRIGGER_OPT_COUNT; accepted++) {
		const struct trigger_option *o = &all_options[*accepted];
		size_t len = strlen(o->long_name);

		if (arg[1] == '-' && !strncmp(arg + 2, o->long_name, len) &&
		    (arg[2 + len] == '\0' || arg[2 + len] == '=')) {
			*name_len = len + 2;
			return *accepted;
		}
		if (arg[1] != '-' && o->short_name && arg[1] == o->short_name &&
		    arg[2] == '\0') {
			*name_len = 2;
			return *accepted;
		}
	}
	return -1;
}

static void unknown_option(int position, const char *arg)
{
	size_t len = strcspn(arg, "=");

	ERR("While parsing argument #%d (`%s`): Unknown option `%.*s`",
	    position, arg, (int)len, arg);
}

/*
 * Parses argv[1..] (argv[0] is the command). stop_at_condition: the
 * options after --condition/--action belong to their own parsers, which
 * this toolkit lacks, so they are not checked. Returns CMD_SUCCESS or
 * CMD_ERROR after printing argpar's message.
 */
static int parse_args(int argc, const char **argv,
		      const enum option_index *accepted, int stop_at_condition,
		      struct trigger_args *out)
{
	int i;

	for (i = 1; i < argc; i++) {
		const char *arg = argv[i];
		size_t name_len;
		int index;

		if (arg[0] != '-' || arg[1] == '\0') {
			if (out->positional_count < 2)
				out->positional[out->positional_count] = arg;
			out->positional_count++;
			continue;
		}
		index = find_option(arg, accepted, &name_len);
		if (index < 0) {
			unknown_option(i + 1, arg);
			return CMD_ERROR;
		}
		out->seen[index] = 1;
		if (!all_options[index].has_value) {
			if (arg[name_len] == '=') {
				ERR("While parsing argument #%d (`%s`): "
				    "Unexpected argument for option `--%s`",
				    i + 1, arg, all_options[index].long_name);
				return CMD_ERROR;
			}
		} else if (arg[name_len] == '=') {
			out->value[index] = arg + name_len + 1;
		} else if (i + 1 < argc) {
			out->value[index] = argv[++i];
		} else {
			ERR("While parsing argument #%d (`%s`): Missing "
			    "required argument for option `--%s`",
			    i + 1, arg, all_options[index].long_name);
			return CMD_ERROR;
		}
		if (stop_at_condition && (index == TRIGGER_OPT_CONDITION ||
					  index == TRIGGER_OPT_ACTION))
			return CMD_SUCCESS;
	}
	return CMD_SUCCESS;
}

/*
 * How add-trigger and remove-trigger end: their MI document when asked
 * for, then the list of options when asked for.
 */
static int finish(const struct trigger_args *args,
		  const enum option_index *accepted, const char *mi_name,
		  int ret)
{
	if (mi_enabled())
		mi_command_print_empty(mi_name, NULL, mi_success_of(ret));
	if (ret == CMD_SUCCESS && args->seen[TRIGGER_OPT_LIST_OPTIONS])
		list_options(accepted);
	return ret;
}

static int add_trigger(const struct trigger_args *args)
{
	if (!args->seen[TRIGGER_OPT_CONDITION]) {
		ERR("Missing --condition.");
		return CMD_ERROR;
	}
	ERR("The `add-trigger` command is not implemented by this toolkit");
	return CMD_UNSUPPORTED;
}

int cmd_add_trigger(int argc, const char **argv)
{
	struct trigger_args args = {0};
	int ret = parse_args(argc, argv, add_trigger_options, 1, &args);

	if (ret == CMD_SUCCESS && args.seen[TRIGGER_OPT_HELP])
		return help_show_command("add-trigger", NULL);
	if (ret == CMD_SUCCESS && !args.seen[TRIGGER_OPT_LIST_OPTIONS])
		ret = add_trigger(&args);
	return finish(&args, add_trigger_options, "add-trigger", ret);
}

/* LTTng goes on without an owner when its --owner-uid is not a number. */
static void check_owner_uid(const struct trigger_args *args)
{
	const char *text = args->value[TRIGGER_OPT_OWNER_UID];
	char *end;

	if (!args->seen[TRIGGER_OPT_OWNER_UID])
		return;
	strtol(text, &end, 10);
	if (end == text || *end)
		ERR("Failed to parse `%s` as an integer.", text);
}

static int remove_trigger(const struct trigger_args *args)
{
	if (args->positional_count > 1) {
		ERR("Unexpected argument '%s'", args->positional[1]);
		return CMD_ERROR;
	}
	if (!args->positional_count) {
		ERR("Missing `name` argument.");
		return CMD_ERROR;
	}
	check_owner_uid(args);
	if (!lttng_session_daemon_alive()) {
		ERR("Failed to get the list of triggers.");
		return CMD_ERROR;
	}
	/* add-trigger is not implemented: no trigger exists. */
	ERR("Couldn't find trigger with name `%s`.", args->positional[0]);
	return CMD_ERROR;
}

int cmd_remove_trigger(int argc, const char **argv)
{
	struct trigger_args args = {0};
	int ret = parse_args(argc, argv, remove_trigger_options, 0, &args);

	if (ret == CMD_SUCCESS && args.seen[TRIGGER_OPT_HELP])
		return help_show_command("remove-trigger", NULL);
	if (ret == CMD_SUCCESS && !args.seen[TRIGGER_OPT_LIST_OPTIONS])
		ret = remove_trigger(&args);
	return finish(&args, remove_trigger_options, "remove-trigger", ret);
}

int cmd_list_triggers(int argc, const char **argv)
{
	struct trigger_args args = {0};
	int ret = parse_args(argc, argv, list_triggers_options, 0, &args);
	int i;

	if (ret != CMD_SUCCESS)
		return ret;
	/*
	 * LTTng's list-triggers and remove-trigger name the page after the
	 * option as typed (lttng---help): a defect, not copied.
	 */
	if (args.seen[TRIGGER_OPT_HELP])
		return help_show_command("list-triggers", NULL);
	if (args.seen[TRIGGER_OPT_LIST_OPTIONS]) {
		list_options(list_triggers_options);
		return CMD_SUCCESS;
	}
	for (i = 1; i < argc; i++) {
		if (argv[i][0] != '-' || argv[i][1] == '\0')
			ERR("Unexpected argument: %s", argv[i]);
	}
	if (!lttng_session_daemon_alive()) {
		ERR("Error listing triggers: %s.",
		    lttng_strerror(-LTTNG_ERR_NO_SESSIOND));
		return CMD_ERROR;
	}
	/*
	 * No trigger can exist: the list is empty, as LTTng prints it (its
	 * MI names the command "list-trigger").
	 */
	if (mi_enabled())
		mi_command_print_empty("list-trigger", "triggers",
				       MI_SUCCESS_OMIT);
	return CMD_SUCCESS;
}
