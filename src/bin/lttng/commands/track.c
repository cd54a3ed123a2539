/*
 * lttng track / lttng untrack: add values to, or remove them from, the
 * process ID inclusion set of a session's domain (--pid=PID[,PID]...),
 * or track every process / none (--all --pid). Messages are LTTng
 * 2.13's. The other process attributes (--vpid, --uid, ...) are
 * refused: no tracker of ours implements them yet.
 */
#include <stdlib.h>
#include <string.h>

#include "../command.h"
#include "../utils.h"

enum {
	OPT_SESSION = 3,
	OPT_KERNEL,
	OPT_USERSPACE,
	OPT_ALL,
	OPT_PID,
	OPT_OTHER_ATTRIBUTE,
};

static struct poptOption options[] = {
	CLI_HELP_OPTION,
	{"session", 's', POPT_ARG_STRING, NULL, OPT_SESSION, NULL, NULL},
	{"kernel", 'k', POPT_ARG_NONE, NULL, OPT_KERNEL, NULL, NULL},
	{"userspace", 'u', POPT_ARG_NONE, NULL, OPT_USERSPACE, NULL, NULL},
	{"pid", 'p', POPT_ARG_STRING | POPT_ARGFLAG_OPTIONAL, NULL, OPT_PID,
	 NULL, NULL},
	{"vpid", 0, POPT_ARG_STRING | POPT_ARGFLAG_OPTIONAL, NULL,
	 OPT_OTHER_ATTRIBUTE, NULL, NULL},
	{"uid", 0, POPT_ARG_STRING | POPT_ARGFLAG_OPTIONAL, NULL,
	 OPT_OTHER_ATTRIBUTE, NULL, NULL},
	{"vuid", 0, POPT_ARG_STRING | POPT_ARGFLAG_OPTIONAL, NULL,
	 OPT_OTHER_ATTRIBUTE, NULL, NULL},
	{"gid", 0, POPT_ARG_STRING | POPT_ARGFLAG_OPTIONAL, NULL,
	 OPT_OTHER_ATTRIBUTE, NULL, NULL},
	{"vgid", 0, POPT_ARG_STRING | POPT_ARGFLAG_OPTIONAL, NULL,
	 OPT_OTHER_ATTRIBUTE, NULL, NULL},
	{"all", 'a', POPT_ARG_NONE, NULL, OPT_ALL, NULL, NULL},
	CLI_LIST_OPTIONS_OPTION,
	POPT_TABLEEND,
};

struct track_opts {
	const char *command; /* "track" or "untrack" */
	char *session;
	char *pids;
	int kernel, userspace, all, pid, other;
};

static int parse(poptContext pc, struct track_opts *o)
{
	int opt;

	while ((opt = poptGetNextOpt(pc)) != -1) {
		switch (opt) {
		case OPT_SESSION:
			free(o->session);
			o->session = poptGetOptArg(pc);
			break;
		case OPT_KERNEL:
			o->kernel = 1;
			break;
		case OPT_USERSPACE:
			o->userspace = 1;
			break;
		case OPT_ALL:
			o->all = 1;
			break;
		case OPT_PID:
			o->pid = 1;
			free(o->pids);
			o->pids = poptGetOptArg(pc);
			break;
		case OPT_OTHER_ATTRIBUTE:
			o->other = 1;
			free(poptGetOptArg(pc));
			break;
		default:
			return cli_common_option(opt, o->command, options);
		}
	}
	return CMD_SUCCESS;
}

static const char *verb(int track)
{
	return track ? "tracking" : "untracking";
}

/* One pid (-1: --all); prints LTTng's message. CMD_* result. */
static int change_one(struct lttng_handle *handle, int track, int pid)
{
	int ret = track ? lttng_track_pid(handle, pid)
			: lttng_untrack_pid(handle, pid);

	if (ret == -LTTNG_ERR_PROCESS_ATTR_EXISTS) {
		WARN("%d is already in the process ID inclusion set", pid);
		return CMD_SUCCESS;
	}
	if (ret == -LTTNG_ERR_PROCESS_ATTR_MISSING) {
		WARN("%d is not in the process ID the inclusion set", pid);
		return CMD_SUCCESS;
	}
	if (ret < 0) {
		ERR("Error %s process ID %d: %s", verb(track), pid,
		    lttng_strerror(ret));
		return CMD_ERROR;
	}
	if (pid == -1)
		MSG("Process ID tracking policy set to `%s all`",
		    track ? "include" : "exclude");
	else
		MSG("%s %d %s the process ID tracker inclusion set",
		    track ? "Added" : "Removed", pid, track ? "to" : "from");
	return CMD_SUCCESS;
}

static int parse_pid(const char *text, int *pid)
{
	char *end;
	long v = strtol(text, &end, 10);

	if (!*text || *end || v < 0 || v > 0x7fffffff)
		return -1;
	*pid = (int)v;
	return 0;
}

static int change_all(struct lttng_handle *handle, struct track_opts *o,
		      int track)
{
	char *save = NULL, *item;
	int ret = CMD_SUCCESS, pid;

	if (o->all)
		return change_one(handle, track, -1);
	for (item = strtok_r(o->pids, ",", &save); item && ret == CMD_SUCCESS;
	     item = strtok_r(NULL, ",", &save)) {
		if (parse_pid(item, &pid)) {
			ERR("Invalid process ID: %s", item);
			return CMD_ERROR;
		}
		ret = change_one(handle, track, pid);
	}
	return ret;
}

/* Checks the option combination; CMD_SUCCESS when it can be sent. */
static int check(const struct track_opts *o)
{
	if (o->kernel + o->userspace != 1) {
		ERR("Please specify a domain (--kernel/--userspace).");
		return CMD_ERROR;
	}
	if (o->other) {
		ERR("Only the process ID tracker (--pid) is supported");
		return CMD_UNSUPPORTED;
	}
	if (!o->pid) {
		ERR("Missing process attribute (--pid)");
		return CMD_ERROR;
	}
	if (o->all == !!o->pids) {
		ERR("Give either --all or --pid=PID[,PID]...");
		return CMD_ERROR;
	}
	return CMD_SUCCESS;
}

static int run(int argc, const char **argv, const char *command, int track)
{
	poptContext pc = poptGetContext(NULL, argc, argv, options, 0);
	struct track_opts o = {.command = command};
	struct lttng_domain dom = {0};
	struct lttng_handle *handle = NULL;
	char *session = NULL;
	int ret = parse(pc, &o);

	if (ret != CMD_SUCCESS)
		goto end;
	if (poptPeekArg(pc)) {
		ERR("Unknown argument: %s", poptPeekArg(pc));
		ret = CMD_ERROR;
		goto end;
	}
	ret = check(&o);
	if (ret != CMD_SUCCESS)
		goto end;
	session = utils_session_name(o.session);
	if (!session) {
		ret = CMD_ERROR;
		goto end;
	}
	dom.type = o.kernel ? LTTNG_DOMAIN_KERNEL : LTTNG_DOMAIN_UST;
	dom.buf_type = o.kernel ? LTTNG_BUFFER_GLOBAL : LTTNG_BUFFER_PER_UID;
	handle = lttng_create_handle(session, &dom);
	ret = handle ? change_all(handle, &o, track) : CMD_FATAL;
end:
	lttng_destroy_handle(handle);
	free(session);
	free(o.session);
	free(o.pids);
	poptFreeContext(pc);
	return ret;
}

int cmd_track(int argc, const char **argv)
{
	return run(argc, argv, "track", 1);
}

int cmd_untrack(int argc, const char **argv)
{
	return run(argc, argv, "untrack", 0);
}
