/*
 * lttng enable-channel: create channels (comma-separated names) with the
 * given attributes, or re-enable disabled ones. Sizes take k/M/G
 * suffixes, periods us/ms/s/m/h; sizes and counts that are not powers
 * of two are rounded up with LTTng's warnings.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "../command.h"
#include "../mi/mi-channel.h"
#include "../mi/mi-command.h"
#include "../utils.h"

enum {
	OPT_SESSION = 3,
	OPT_KERNEL,
	OPT_USERSPACE,
	OPT_DISCARD,
	OPT_OVERWRITE,
	OPT_OUTPUT,
	OPT_SUBBUF_SIZE,
	OPT_NUM_SUBBUF,
	OPT_SWITCH_TIMER,
	OPT_READ_TIMER,
	OPT_MONITOR_TIMER,
	OPT_BLOCKING_TIMEOUT,
	OPT_TRACEFILE_SIZE,
	OPT_TRACEFILE_COUNT,
	OPT_BUFFERS_UID,
	OPT_BUFFERS_PID,
	OPT_BUFFERS_GLOBAL,
};

static struct poptOption options[] = {
	CLI_HELP_OPTION,
	{"session", 's', POPT_ARG_STRING, NULL, OPT_SESSION, NULL, NULL},
	{"kernel", 'k', POPT_ARG_NONE, NULL, OPT_KERNEL, NULL, NULL},
	{"userspace", 'u', POPT_ARG_NONE, NULL, OPT_USERSPACE, NULL, NULL},
	{"discard", 0, POPT_ARG_NONE, NULL, OPT_DISCARD, NULL, NULL},
	{"overwrite", 0, POPT_ARG_NONE, NULL, OPT_OVERWRITE, NULL, NULL},
	{"subbuf-size", 0, POPT_ARG_STRING, NULL, OPT_SUBBUF_SIZE, NULL, NULL},
	{"num-subbuf", 0, POPT_ARG_STRING, NULL, OPT_NUM_SUBBUF, NULL, NULL},
	{"switch-timer", 0, POPT_ARG_STRING, NULL, OPT_SWITCH_TIMER, NULL,
	 NULL},
	{"monitor-timer", 0, POPT_ARG_STRING, NULL, OPT_MONITOR_TIMER, NULL,
	 NULL},
	{"read-timer", 0, POPT_ARG_STRING, NULL, OPT_READ_TIMER, NULL, NULL},
	CLI_LIST_OPTIONS_OPTION,
	{"output", 0, POPT_ARG_STRING, NULL, OPT_OUTPUT, NULL, NULL},
	{"buffers-uid", 0, POPT_ARG_NONE, NULL, OPT_BUFFERS_UID, NULL, NULL},
	{"buffers-pid", 0, POPT_ARG_NONE, NULL, OPT_BUFFERS_PID, NULL, NULL},
	{"buffers-global", 0, POPT_ARG_NONE, NULL, OPT_BUFFERS_GLOBAL, NULL,
	 NULL},
	{"tracefile-size", 'C', POPT_ARG_STRING, NULL, OPT_TRACEFILE_SIZE, NULL,
	 NULL},
	{"tracefile-count", 'W', POPT_ARG_STRING, NULL, OPT_TRACEFILE_COUNT,
	 NULL, NULL},
	{"blocking-timeout", 0, POPT_ARG_STRING, NULL, OPT_BLOCKING_TIMEOUT,
	 NULL, NULL},
	POPT_TABLEEND,
};

struct channel_opts {
	char *session;
	int kernel, userspace;
	int discard, overwrite;
	int buffers_uid, buffers_pid, buffers_global;
	int set_output, set_subbuf, set_num, set_switch, set_read;
	int set_monitor, set_blocking, set_tf_size, set_tf_count;
	enum lttng_event_output output;
	uint64_t subbuf_size, num_subbuf, switch_us, read_us, monitor_us;
	uint64_t tf_size, tf_count;
	int64_t blocking_us;
	int done;
};

static int parse_power_of_two(const char *arg, const char *option,
			      const char *what, int is_size, uint64_t *out)
{
	uint64_t value, rounded;

	if ((is_size ? utils_parse_size(arg, &value)
		     : utils_parse_u64(arg, &value)) ||
	    value == 0) {
		ERR("Wrong value in --%s parameter: %s", option, arg);
		return CMD_ERROR;
	}
	rounded = utils_next_power_of_two(value);
	if (rounded < value) {
		ERR("The %s (%" PRIu64 ") is rounded and overflows!", what,
		    value);
		return CMD_ERROR;
	}
	if (rounded != value)
		WARN("The %s (%" PRIu64 ") is rounded to the next power of 2 "
		     "(%" PRIu64 ")",
		     what, value, rounded);
	*out = rounded;
	return CMD_SUCCESS;
}

static int parse_timer(const char *arg, const char *option, int limit_32,
		       uint64_t *out)
{
	if (utils_parse_time_us(arg, out)) {
		ERR("Wrong value for --%s parameter: %s", option, arg);
		return CMD_ERROR;
	}
	if (limit_32 && *out > UINT32_MAX) {
		ERR("32-bit overflow in --%s parameter: %s", option, arg);
		return CMD_ERROR;
	}
	return CMD_SUCCESS;
}

static int parse_blocking(const char *arg, struct channel_opts *o)
{
	uint64_t value;

	o->set_blocking = 1;
	if (!strcmp(arg, "inf")) {
		o->blocking_us = -1;
		return CMD_SUCCESS;
	}
	if (utils_parse_time_us(arg, &value) || value > INT64_MAX) {
		ERR("Wrong value for --blocking-timeout parameter: %s", arg);
		return CMD_ERROR;
	}
	o->blocking_us = (int64_t)value;
	return CMD_SUCCESS;
}

static int parse_output(const char *arg, struct channel_opts *o)
{
	o->set_output = 1;
	if (!strcmp(arg, "mmap")) {
		o->output = LTTNG_EVENT_MMAP;
	} else if (!strcmp(arg, "splice")) {
		o->output = LTTNG_EVENT_SPLICE;
	} else {
		ERR("Unknown output type %s. Possible values are: mmap, "
		    "splice\n",
		    arg);
		return CMD_ERROR;
	}
	return CMD_SUCCESS;
}

/* Handle one option that takes a value. */
static int parse_value(int opt, const char *arg, struct channel_opts *o)
{
	switch (opt) {
	case OPT_OUTPUT:
		return parse_output(arg, o);
	case OPT_SUBBUF_SIZE:
		o->set_subbuf = 1;
		return parse_power_of_two(arg, "subbuf-size", "subbuf size", 1,
					  &o->subbuf_size);
	case OPT_NUM_SUBBUF:
		o->set_num = 1;
		return parse_power_of_two(arg, "num-subbuf",
					  "number of subbuffers", 0,
					  &o->num_subbuf);
	case OPT_SWITCH_TIMER:
		o->set_switch = 1;
		return parse_timer(arg, "switch-timer", 1, &o->switch_us);
	case OPT_READ_TIMER:
		o->set_read = 1;
		return parse_timer(arg, "read-timer", 1, &o->read_us);
	case OPT_MONITOR_TIMER:
		o->set_monitor = 1;
		return parse_timer(arg, "monitor-timer", 0, &o->monitor_us);
	case OPT_BLOCKING_TIMEOUT:
		return parse_blocking(arg, o);
	case OPT_TRACEFILE_SIZE:
		o->set_tf_size = 1;
		if (utils_parse_size(arg, &o->tf_size)) {
			ERR("Wrong value in --tracefile-size parameter: %s",
			    arg);
			return CMD_ERROR;
		}
		return CMD_SUCCESS;
	case OPT_TRACEFILE_COUNT:
		o->set_tf_count = 1;
		if (utils_parse_u64(arg, &o->tf_count)) {
			ERR("Wrong value in --tracefile-count parameter: %s",
			    arg);
			return CMD_ERROR;
		}
		if (o->tf_count > UINT32_MAX) {
			ERR("32-bit overflow in --tracefile-count parameter: "
			    "%s",
			    arg);
			return CMD_ERROR;
		}
		return CMD_SUCCESS;
	default:
		free(o->session);
		o->session = strdup(arg);
		return o->session ? CMD_SUCCESS : CMD_FATAL;
	}
}

static int parse_options(poptContext pc, struct channel_opts *o)
{
	int *flags[] = {
		[OPT_KERNEL] = &o->kernel,
		[OPT_USERSPACE] = &o->userspace,
		[OPT_DISCARD] = &o->discard,
		[OPT_OVERWRITE] = &o->overwrite,
		[OPT_BUFFERS_UID] = &o->buffers_uid,
		[OPT_BUFFERS_PID] = &o->buffers_pid,
		[OPT_BUFFERS_GLOBAL] = &o->buffers_global,
	};
	int opt, ret;

	while ((opt = poptGetNextOpt(pc)) != -1) {
		char *arg;

		if (opt > 0 && opt <= OPT_BUFFERS_GLOBAL && flags[opt]) {
			*flags[opt] = 1;
			/* Of --discard and --overwrite, the last one wins. */
			if (opt == OPT_DISCARD)
				o->overwrite = 0;
			if (opt == OPT_OVERWRITE)
				o->discard = 0;
			continue;
		}
		if (opt < OPT_SESSION || opt > OPT_BUFFERS_GLOBAL) {
			o->done = 1;
			return cli_common_option(opt, "enable-channel",
						 options);
		}
		arg = poptGetOptArg(pc);
		ret = parse_value(opt, arg, o);
		free(arg);
		if (ret != CMD_SUCCESS)
			return ret;
	}
	return CMD_SUCCESS;
}

/* Checks across options, and of the channel name argument. */
static int check_options(const struct channel_opts *o, const char *names)
{
	if (o->overwrite && o->set_blocking && o->blocking_us != 0) {
		ERR("You cannot specify --overwrite and --blocking-timeout=N, "
		    "where N is different than 0");
		return CMD_ERROR;
	}
	if (utils_check_one_domain(o->kernel + o->userspace,
				   "--kernel/--userspace"))
		return CMD_ERROR;
	if (!names) {
		ERR("Missing channel name.");
		return CMD_ERROR;
	}
	if (strlen(names) >= LTTNG_SYMBOL_NAME_LEN) {
		ERR("Channel name is too long (max. %d characters)",
		    LTTNG_SYMBOL_NAME_LEN - 1);
		return CMD_ERROR;
	}
	if (names[0] == '.' || strchr(names, '/')) {
		ERR("Invalid channel name: \"%s\". Channel names may not start "
		    "with '.', and may not contain '/'.",
		    names);
		return CMD_ERROR;
	}
	/* As LTTng's: a size of 0 is no size, a count of 0 no count. */
	if (o->tf_count && !o->tf_size) {
		ERR("Missing option --tracefile-size. A file count without a "
		    "size won't do anything.");
		return CMD_ERROR;
	}
	if ((o->userspace && o->buffers_global) ||
	    (o->kernel && (o->buffers_uid || o->buffers_pid))) {
		ERR("Buffer type not supported for domain %s",
		    o->kernel ? "-k" : "-u");
		return CMD_ERROR;
	}
	return CMD_SUCCESS;
}

static void fill_domain(const struct channel_opts *o, struct lttng_domain *dom)
{
	memset(dom, 0, sizeof(*dom));
	if (o->kernel) {
		dom->type = LTTNG_DOMAIN_KERNEL;
		dom->buf_type = LTTNG_BUFFER_GLOBAL;
	} else {
		dom->type = LTTNG_DOMAIN_UST;
		dom->buf_type = o->buffers_pid ? LTTNG_BUFFER_PER_PID
					       : LTTNG_BUFFER_PER_UID;
	}
}

/*
 * Apply the options on top of the domain's defaults. The trace file size
 * warning is printed once per command (warn), not once per channel.
 */
static void fill_attributes(const struct channel_opts *o,
			    struct lttng_channel *chan, int warn)
{
	struct lttng_channel_attr *attr = &chan->attr;

	if (o->overwrite)
		attr->overwrite = 1;
	if (o->discard)
		attr->overwrite = 0;
	if (o->set_output)
		attr->output = o->output;
	if (o->set_subbuf)
		attr->subbuf_size = o->subbuf_size;
	if (o->set_num)
		attr->num_subbuf = o->num_subbuf;
	if (o->set_switch)
		attr->switch_timer_interval = (unsigned int)o->switch_us;
	if (o->set_read)
		attr->read_timer_interval = (unsigned int)o->read_us;
	if (o->set_tf_count)
		attr->tracefile_count = o->tf_count;
	if (o->set_tf_size) {
		attr->tracefile_size = o->tf_size;
		if (o->tf_size && o->tf_size < attr->subbuf_size) {
			if (warn)
				WARN("Tracefile size rounded up from (%" PRIu64
				     ") to subbuffer size (%" PRIu64 ")",
				     o->tf_size, attr->subbuf_size);
			attr->tracefile_size = attr->subbuf_size;
		}
	}
	if (o->set_monitor)
		lttng_channel_set_monitor_timer_interval(chan, o->monitor_us);
	if (o->set_blocking)
		lttng_channel_set_blocking_timeout(chan, o->blocking_us);
}

/* Enable one channel; sets *warn or *error on failure. */
static void enable_one(struct lttng_handle *handle, struct lttng_channel *chan,
		       int *warn, int *error)
{
	int ret = lttng_enable_channel(handle, chan);

	if (mi_enabled())
		mi_channel_add_enabled(chan, ret == 0);
	if (ret == 0) {
		MSG("%s channel %s enabled for session %s",
		    utils_domain_str(handle->domain.type), chan->name,
		    handle->session_name);
	} else if (ret == -LTTNG_ERR_UST_CHAN_EXIST ||
		   ret == -LTTNG_ERR_KERN_CHAN_EXIST) {
		WARN("Channel %s: %s (session %s)", chan->name,
		     lttng_strerror(ret), handle->session_name);
		*warn = 1;
	} else {
		ERR("Channel %s: %s (session %s)", chan->name,
		    lttng_strerror(ret), handle->session_name);
		*error = 1;
	}
}

static int enable_channels(const struct channel_opts *o, char *names,
			   const char *session)
{
	struct lttng_handle *handle;
	struct lttng_domain dom;
	int warn = 0, error = 0, first = 1;
	char *name, *save = NULL;

	fill_domain(o, &dom);
	handle = lttng_create_handle(session, &dom);
	if (!handle)
		return CMD_FATAL;
	if (mi_enabled())
		mi_channel_list_begin("enable-channel");
	for (name = strtok_r(names, ",", &save); name;
	     name = strtok_r(NULL, ",", &save)) {
		struct lttng_channel *chan = lttng_channel_create(&dom);

		if (!chan) {
			error = 1;
			break;
		}
		fill_attributes(o, chan, first);
		first = 0;
		snprintf(chan->name, sizeof(chan->name), "%s", name);
		enable_one(handle, chan, &warn, &error);
		lttng_channel_destroy(chan);
	}
	lttng_destroy_handle(handle);
	if (mi_enabled())
		mi_command_end(mi_success_of(error || warn));
	return error ? CMD_ERROR : warn ? CMD_WARNING : CMD_SUCCESS;
}

int cmd_enable_channel(int argc, const char **argv)
{
	poptContext pc = poptGetContext(NULL, argc, argv, options, 0);
	struct channel_opts o = {0};
	char *session = NULL, *names = NULL;
	int ret = parse_options(pc, &o);

	if (ret != CMD_SUCCESS || o.done)
		goto end;
	if (poptPeekArg(pc))
		names = strdup(poptGetArg(pc));
	ret = check_options(&o, names);
	if (ret != CMD_SUCCESS && mi_enabled() && !names) {
		/* LTTng's MI document says so, and it exits with 0. */
		mi_command_print_empty("enable-channel", NULL,
				       MI_SUCCESS_FALSE);
		ret = CMD_SUCCESS;
	}
	if (ret != CMD_SUCCESS || !names)
		goto end;
	if (poptPeekArg(pc)) {
		ERR("Unknown argument: %s", poptPeekArg(pc));
		/* LTTng's MI document says so, and it exits with 0. */
		if (mi_enabled())
			mi_command_print_empty("enable-channel", NULL,
					       MI_SUCCESS_FALSE);
		ret = mi_enabled() ? CMD_SUCCESS : CMD_ERROR;
		goto end;
	}
	session = utils_session_name(o.session);
	ret = session ? enable_channels(&o, names, session) : CMD_ERROR;
	if (!session && mi_enabled())
		mi_command_print_empty("enable-channel", NULL,
				       MI_SUCCESS_FALSE);
end:
	free(names);
	free(session);
	free(o.session);
	poptFreeContext(pc);
	return ret;
}
