/*
 * Implementation of utils.h.
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "command.h"
#include "conf.h"
#include "help.h"
#include "utils.h"

const char *utils_domain_str(enum lttng_domain_type type)
{
	switch (type) {
	case LTTNG_DOMAIN_KERNEL:
		return "kernel";
	case LTTNG_DOMAIN_UST:
		return "ust";
	case LTTNG_DOMAIN_JUL:
		return "jul";
	case LTTNG_DOMAIN_LOG4J:
		return "log4j";
	case LTTNG_DOMAIN_PYTHON:
		return "python";
	default:
		return "none";
	}
}

int utils_check_one_domain(int count, const char *which_msg)
{
	if (count == 0) {
		ERR("Please specify a domain (%s).", which_msg);
		return -1;
	}
	if (count > 1) {
		ERR("Only one domain must be specified.");
		return -1;
	}
	return 0;
}

const char *utils_channel_name(const char *name)
{
	return name ? name : "channel0";
}

const char *utils_raw_channel_name(const char *name)
{
	return name ? name : "<default>";
}

int utils_parse_u64(const char *str, uint64_t *value)
{
	char *end;

	if (!str || !*str || *str == '-' || isspace((unsigned char)*str))
		return -1;
	errno = 0;
	*value = strtoull(str, &end, 0);
	return errno || *end ? -1 : 0;
}

/* Parse a number followed by a suffix; mult maps the suffix. */
static int parse_with_suffix(const char *str, uint64_t *value,
			     int (*mult)(const char *suffix, uint64_t *m))
{
	uint64_t number, factor;
	char *end;

	if (!str || !isdigit((unsigned char)*str))
		return -1;
	errno = 0;
	number = strtoull(str, &end, 0);
	if (errno || mult(end, &factor))
		return -1;
	if (factor && number > UINT64_MAX / factor)
		return -1;
	*value = number * factor;
	return 0;
}

static int size_multiplier(const char *suffix, uint64_t *m)
{
	if (!*suffix)
		*m = 1;
	else if (!strcmp(suffix, "k") || !strcmp(suffix, "K"))
		*m = 1024;
	else if (!strcmp(suffix, "M"))
		*m = 1024 * 1024;
	else if (!strcmp(suffix, "G"))
		*m = 1024ULL * 1024 * 1024;
	else
		return -1;
	return 0;
}

static int time_multiplier(const char *suffix, uint64_t *m)
{
	if (!*suffix || !strcmp(suffix, "us"))
		*m = 1;
	else if (!strcmp(suffix, "ms"))
		*m = 1000;
	else if (!strcmp(suffix, "s"))
		*m = 1000000;
	else if (!strcmp(suffix, "m"))
		*m = 60ULL * 1000000;
	else if (!strcmp(suffix, "h"))
		*m = 3600ULL * 1000000;
	else
		return -1;
	return 0;
}

int utils_parse_size(const char *str, uint64_t *value)
{
	return parse_with_suffix(str, value, size_multiplier);
}

int utils_parse_time_us(const char *str, uint64_t *value)
{
	return parse_with_suffix(str, value, time_multiplier);
}

uint64_t utils_next_power_of_two(uint64_t v)
{
	uint64_t p = 1;

	while (p < v && p < (1ULL << 63))
		p <<= 1;
	return p;
}

void utils_list_options(const struct poptOption *options)
{
	for (; options->longName || options->shortName; options++) {
		if (options->longName)
			printf("--%s\n", options->longName);
		if (options->shortName)
			printf("-%c\n", options->shortName);
	}
}

char *utils_session_name(const char *opt_session)
{
	char path[PATH_MAX];
	char *name;

	if (opt_session)
		return strdup(opt_session);
	name = conf_get_session();
	if (name)
		return name;
	if (conf_path(path, sizeof(path)))
		strcpy(path, ".lttngrc");
	ERR("Can't find valid lttng config %s", path);
	MSG("Did you create a session? (lttng create <my_session>)");
	return NULL;
}

int cli_common_option(int opt, const char *command,
		      const struct poptOption *options)
{
	switch (opt) {
	case OPT_HELP:
		return help_show_command(command, options);
	case OPT_LIST_OPTIONS:
		utils_list_options(options);
		return CMD_SUCCESS;
	default:
		return CMD_UNDEFINED;
	}
}

const char *utils_usec_unit(void)
{
	const char *lang = getenv("LANG");

	return lang && strstr(lang, "utf8") ? "\xc2\xb5s" : "us";
}

bool utils_tracker_value(const struct lttng_process_attr_values *values,
			 unsigned int i, long long *id, const char **name)
{
	pid_t pid;
	uid_t uid;
	gid_t gid;

	*id = -1;
	*name = NULL;
	switch (lttng_process_attr_values_get_type_at_index(values, i)) {
	case LTTNG_PROCESS_ATTR_VALUE_TYPE_PID:
		lttng_process_attr_values_get_pid_at_index(values, i, &pid);
		*id = pid;
		break;
	case LTTNG_PROCESS_ATTR_VALUE_TYPE_UID:
		lttng_process_attr_values_get_uid_at_index(values, i, &uid);
		*id = uid;
		break;
	case LTTNG_PROCESS_ATTR_VALUE_TYPE_GID:
		lttng_process_attr_values_get_gid_at_index(values, i, &gid);
		*id = gid;
		break;
	case LTTNG_PROCESS_ATTR_VALUE_TYPE_USER_NAME:
		lttng_process_attr_values_get_user_name_at_index(values, i,
								 name);
		break;
	case LTTNG_PROCESS_ATTR_VALUE_TYPE_GROUP_NAME:
		lttng_process_attr_values_get_group_name_at_index(values, i,
								  name);
		break;
	default:
		return false;
	}
	return true;
}
