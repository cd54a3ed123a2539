/*
 * Implementation of help.h. Like LTTng, a manual page is shown by
 * replacing this process with `man -M DIR SECTION PAGE` (man is
 * LTTNG_MAN_BIN_PATH when set), DIR being where this lttng's own pages
 * are (util/man-page.h). Unlike LTTng, which leaves man to say "No
 * manual entry", a page missing from DIR is noticed first and a short
 * usage printed instead; so is a man that cannot be run.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "command.h"
#include "help.h"
#include "util/man-page.h"

static const char command_list_text[] =
	"Usage: lttng [--group=GROUP] [--mi=TYPE] [--no-sessiond | "
	"--sessiond-path=PATH]\n"
	"             [--quiet | -v | -vv | -vvv] COMMAND [COMMAND OPTIONS]\n"
	"\n"
	"Available commands:\n"
	"\n"
	"Recording sessions:\n"
	"  create            Create a recording session\n"
	"  clear             Clear a recording session\n"
	"  destroy           Destroy recording sessions\n"
	"  load              Load recording session configurations\n"
	"  regenerate        Regenerate specific recording session data\n"
	"  save              Save recording session configurations\n"
	"  set-session       Set the current recording session\n"
	"\n"
	"Channels:\n"
	"  add-context       Add context fields to be recorded\n"
	"  disable-channel   Disable channels\n"
	"  enable-channel    Create or enable a channel\n"
	"\n"
	"Recording event rules:\n"
	"  disable-event     Disable recording event rules\n"
	"  enable-event      Create or enable recording event rules\n"
	"\n"
	"Status:\n"
	"  list              List recording sessions and instrumentation "
	"points\n"
	"  status            Show the status of the current recording "
	"session\n"
	"\n"
	"Control:\n"
	"  snapshot          Take a recording session snapshot\n"
	"  start             Start a recording session\n"
	"  stop              Stop a recording session\n"
	"\n"
	"Recording session rotation:\n"
	"  disable-rotation  Unset a recording session rotation schedule\n"
	"  enable-rotation   Set a recording session rotation schedule\n"
	"  rotate            Archive the current trace chunk of a recording "
	"session\n"
	"\n"
	"Resource tracking:\n"
	"  track             Allow specific processes to record events\n"
	"  untrack           Disallow specific processes to record events\n"
	"\n"
	"Triggers:\n"
	"  add-trigger       Add a trigger\n"
	"  remove-trigger    Remove a trigger\n"
	"  list-triggers     List triggers\n"
	"\n"
	"Miscellaneous:\n"
	"  help              Show the help of a command\n"
	"  version           Show LTTng-tools version information\n"
	"  view              Launch a trace reader\n"
	"\n"
	"Run `lttng help COMMAND` or `lttng COMMAND --help` to get help with\n"
	"command COMMAND.\n"
	"\n"
	"See `man lttng` for more help with the lttng command.\n";

void help_print_command_list(void)
{
	fputs(command_list_text, stdout);
}

/*
 * Run man on PAGE(1). Returns only on failure, having printed
 * man_error (LTTng's words, with perror's line when man could not be
 * run) or, when the page is not installed, where it was looked for.
 */
static void show_page(const char *page, const char *man_error)
{
	if (!man_page_exists(1, page)) {
		ERR("Cannot view man page `%s(1)`: it is not installed in %s",
		    page, man_page_dir());
		return;
	}
	man_page_exec(1, page);
	ERR("%s", man_error);
	/* As LTTng: perror's line, printed even under --quiet. */
	perror("exec");
}

int help_show_lttng(void)
{
	show_page("lttng", "Cannot show --help for `lttng`");
	help_print_command_list();
	return CMD_ERROR;
}

/* "-o, --output" or "--list-options", as a usage shows an option. */
static void print_option(const struct poptOption *option)
{
	const char *value = "";

	if ((option->argInfo & POPT_ARG_MASK) != POPT_ARG_NONE)
		value = option->argInfo & POPT_ARGFLAG_OPTIONAL ? "[=VALUE]"
								: "=VALUE";
	if (option->shortName && option->longName)
		printf("  -%c, --%s%s\n", option->shortName, option->longName,
		       value);
	else if (option->longName)
		printf("      --%s%s\n", option->longName, value);
	else
		printf("  -%c%s\n", option->shortName, *value ? " VALUE" : "");
}

int help_show_command(const char *command, const struct poptOption *options)
{
	char page[64], error[96];

	snprintf(page, sizeof(page), "lttng-%s", command);
	snprintf(error, sizeof(error), "Cannot view man page `%s(1)`", page);
	show_page(page, error);
	printf("Usage: lttng [GENERAL OPTIONS] %s [OPTIONS] [ARGUMENTS]\n",
	       command);
	if (options) {
		printf("\nOptions:\n");
		for (; options->longName || options->shortName; options++)
			print_option(options);
	} else {
		printf("\nRun `lttng %s --list-options` to list its options.\n",
		       command);
	}
	return CMD_ERROR;
}
