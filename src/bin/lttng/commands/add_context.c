/*
 * lttng add-context: add context fields (-t TYPE, repeatable) to a
 * channel or to every channel of a domain. TYPE is a name of the
 * table below, a perf counter (perf:cpu:NAME, perf:thread:NAME) or an
 * application context ($app.PROVIDER:NAME).
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../command.h"
#include "../mi/mi-command.h"
#include "../mi/mi-context.h"
#include "../utils.h"

enum {
	OPT_SESSION = 3,
	OPT_CHANNEL,
	OPT_KERNEL,
	OPT_USERSPACE,
	OPT_JUL,
	OPT_LOG4J,
	OPT_TYPE,
	OPT_LIST,
};

static struct poptOption options[] = {
	CLI_HELP_OPTION,
	{"session", 's', POPT_ARG_STRING, NULL, OPT_SESSION, NULL, NULL},
	{"channel", 'c', POPT_ARG_STRING, NULL, OPT_CHANNEL, NULL, NULL},
	{"kernel", 'k', POPT_ARG_NONE, NULL, OPT_KERNEL, NULL, NULL},
	{"userspace", 'u', POPT_ARG_NONE, NULL, OPT_USERSPACE, NULL, NULL},
	{"jul", 'j', POPT_ARG_NONE, NULL, OPT_JUL, NULL, NULL},
	{"log4j", 'l', POPT_ARG_NONE, NULL, OPT_LOG4J, NULL, NULL},
	{"type", 't', POPT_ARG_STRING, NULL, OPT_TYPE, NULL, NULL},
	{"list", 0, POPT_ARG_NONE, NULL, OPT_LIST, NULL, NULL},
	CLI_LIST_OPTIONS_OPTION,
	POPT_TABLEEND,
};

struct named_context {
	const char *name;
	enum lttng_event_context_type type;
};

static const struct named_context plain_contexts[] = {
	{"pid", LTTNG_EVENT_CONTEXT_PID},
	{"procname", LTTNG_EVENT_CONTEXT_PROCNAME},
	{"prio", LTTNG_EVENT_CONTEXT_PRIO},
	{"nice", LTTNG_EVENT_CONTEXT_NICE},
	{"vpid", LTTNG_EVENT_CONTEXT_VPID},
	{"tid", LTTNG_EVENT_CONTEXT_TID},
	{"pthread_id", LTTNG_EVENT_CONTEXT_PTHREAD_ID},
	{"vtid", LTTNG_EVENT_CONTEXT_VTID},
	{"ppid", LTTNG_EVENT_CONTEXT_PPID},
	{"vppid", LTTNG_EVENT_CONTEXT_VPPID},
	{"hostname", LTTNG_EVENT_CONTEXT_HOSTNAME},
	{"ip", LTTNG_EVENT_CONTEXT_IP},
	{"interruptible", LTTNG_EVENT_CONTEXT_INTERRUPTIBLE},
	{"preemptible", LTTNG_EVENT_CONTEXT_PREEMPTIBLE},
	{"need_reschedule", LTTNG_EVENT_CONTEXT_NEED_RESCHEDULE},
	{"migratable", LTTNG_EVENT_CONTEXT_MIGRATABLE},
	{"callstack-kernel", LTTNG_EVENT_CONTEXT_CALLSTACK_KERNEL},
	{"callstack-user", LTTNG_EVENT_CONTEXT_CALLSTACK_USER},
	{"cgroup_ns", LTTNG_EVENT_CONTEXT_CGROUP_NS},
	{"ipc_ns", LTTNG_EVENT_CONTEXT_IPC_NS},
	{"mnt_ns", LTTNG_EVENT_CONTEXT_MNT_NS},
	{"net_ns", LTTNG_EVENT_CONTEXT_NET_NS},
	{"pid_ns", LTTNG_EVENT_CONTEXT_PID_NS},
	{"time_ns", LTTNG_EVENT_CONTEXT_TIME_NS},
	{"user_ns", LTTNG_EVENT_CONTEXT_USER_NS},
	{"uts_ns", LTTNG_EVENT_CONTEXT_UTS_NS},
	{"uid", LTTNG_EVENT_CONTEXT_UID},
	{"euid", LTTNG_EVENT_CONTEXT_EUID},
	{"suid", LTTNG_EVENT_CONTEXT_SUID},
	{"gid", LTTNG_EVENT_CONTEXT_GID},
	{"egid", LTTNG_EVENT_CONTEXT_EGID},
	{"sgid", LTTNG_EVENT_CONTEXT_SGID},
	{"vuid", LTTNG_EVENT_CONTEXT_VUID},
	{"veuid", LTTNG_EVENT_CONTEXT_VEUID},
	{"vsuid", LTTNG_EVENT_CONTEXT_VSUID},
	{"vgid", LTTNG_EVENT_CONTEXT_VGID},
	{"vegid", LTTNG_EVENT_CONTEXT_VEGID},
	{"vsgid", LTTNG_EVENT_CONTEXT_VSGID},
	{NULL, 0},
};

/* perf_event_attr types and the hardware cache config encoding. */
#define PERF_HW 0
#define PERF_SW 1
#define PERF_CACHE 3
#define CACHE(id, op, miss) ((id) | ((op) << 8) | ((uint64_t)(miss) << 16))

struct perf_counter {
	const char *name; /* after "perf:cpu:" or "perf:thread:" */
	uint32_t type;
	uint64_t config;
};

#define CACHE_SET(prefix, id)                                                  \
	{prefix "-loads", PERF_CACHE, CACHE(id, 0, 0)},                        \
		{prefix "-load-misses", PERF_CACHE, CACHE(id, 0, 1)},          \
		{prefix "-stores", PERF_CACHE, CACHE(id, 1, 0)},               \
		{prefix "-store-misses", PERF_CACHE, CACHE(id, 1, 1)},         \
		{prefix "-prefetches", PERF_CACHE, CACHE(id, 2, 0)},           \
	{                                                                      \
		prefix "-prefetch-misses", PERF_CACHE, CACHE(id, 2, 1)         \
	}

static const struct perf_counter perf_counters[] = {
	{"cpu-cycles", PERF_HW, 0},
	{"cycles", PERF_HW, 0},
	{"stalled-cycles-frontend", PERF_HW, 7},
	{"idle-cycles-frontend", PERF_HW, 7},
	{"stalled-cycles-backend", PERF_HW, 8},
	{"idle-cycles-backend", PERF_HW, 8},
	{"instructions", PERF_HW, 1},
	{"cache-references", PERF_HW, 2},
	{"cache-misses", PERF_HW, 3},
	{"branch-instructions", PERF_HW, 4},
	{"branches", PERF_HW, 4},
	{"branch-misses", PERF_HW, 5},
	{"bus-cycles", PERF_HW, 6},
	CACHE_SET("L1-dcache", 0),
	CACHE_SET("L1-icache", 1),
	CACHE_SET("LLC", 2),
	CACHE_SET("dTLB", 3),
	{"iTLB-loads", PERF_CACHE, CACHE(4, 0, 0)},
	{"iTLB-load-misses", PERF_CACHE, CACHE(4, 0, 1)},
	{"branch-loads", PERF_CACHE, CACHE(5, 0, 0)},
	{"branch-load-misses", PERF_CACHE, CACHE(5, 0, 1)},
	{"cpu-clock", PERF_SW, 0},
	{"task-clock", PERF_SW, 1},
	{"page-fault", PERF_SW, 2},
	{"faults", PERF_SW, 2},
	{"major-faults", PERF_SW, 6},
	{"minor-faults", PERF_SW, 5},
	{"context-switches", PERF_SW, 3},
	{"cs", PERF_SW, 3},
	{"cpu-migrations", PERF_SW, 4},
	{"migrations", PERF_SW, 4},
	{"alignment-faults", PERF_SW, 7},
	{"emulation-faults", PERF_SW, 8},
	{NULL, 0, 0},
};

static void perf_field_name(const char *symbol, char *buf, size_t len);

/*
 * --list: every context type, one a line, or with --mi xml LTTng's
 * <contexts> (each with its type or perf counter and its symbol, no
 * <success>) and a successful command.
 */
static void list_contexts(void)
{
	static const char *const prefixes[] = {"perf:cpu:", "perf:thread:"};
	const struct named_context *c;
	const struct perf_counter *p;
	struct lttng_event_context ctx;
	char symbol[LTTNG_SYMBOL_NAME_LEN];
	size_t i;

	if (mi_enabled())
		mi_context_list_begin();
	for (c = plain_contexts; c->name; c++) {
		if (!mi_enabled()) {
			printf("%s\n", c->name);
			continue;
		}
		memset(&ctx, 0, sizeof(ctx));
		ctx.ctx = c->type;
		mi_context_listed(&ctx, c->name);
	}
	for (i = 0; i < 2; i++) {
		for (p = perf_counters; p->name; p++) {
			snprintf(symbol, sizeof(symbol), "%s%s", prefixes[i],
				 p->name);
			if (!mi_enabled()) {
				printf("%s\n", symbol);
				continue;
			}
			memset(&ctx, 0, sizeof(ctx));
			ctx.ctx = i ? LTTNG_EVENT_CONTEXT_PERF_THREAD_COUNTER
				    : LTTNG_EVENT_CONTEXT_PERF_CPU_COUNTER;
			ctx.u.perf_counter.type = p->type;
			ctx.u.perf_counter.config = p->config;
			perf_field_name(symbol, ctx.u.perf_counter.name,
					sizeof(ctx.u.perf_counter.name));
			mi_context_listed(&ctx, symbol);
		}
	}
	if (mi_enabled())
		mi_command_end(MI_SUCCESS_TRUE);
}

/* "perf:thread:LLC-loads" names the field "perf_thread_LLC_loads". */
static void perf_field_name(const char *symbol, char *buf, size_t len)
{
	char *p;

	snprintf(buf, len, "%s", symbol);
	for (p = buf; *p; p++) {
		if (*p == ':' || *p == '-')
			*p = '_';
	}
}

/* perf_event_attr type of raw PMU counters (PERF_TYPE_RAW). */
#define PERF_RAW 4

/*
 * "raw:rHEX:NAME" after "perf:cpu:" or "perf:thread:": a raw PMU event
 * given by its hexadecimal config, with a name of the user's choosing.
 * Prints LTTng's error and returns -1 when malformed.
 */
static int parse_perf_raw(const char *symbol, const char *spec,
			  struct lttng_event_context *ctx)
{
	const char *mask = spec + strlen("raw:"), *colon = strchr(mask, ':');
	char *end;

	if (!colon || !colon[1]) {
		ERR("Invalid perf counter specifier, expected a specifier of "
		    "the form perf:cpu:raw:rNNN:<name> or "
		    "perf:thread:raw:rNNN:<name>");
		return -1;
	}
	if (strchr(colon + 1, ':')) {
		ERR("Too many ':' in perf raw format");
		return -1;
	}
	if (mask[0] != 'r' || !isxdigit((unsigned char)mask[1])) {
		ERR("Wrong perf raw mask format: expected rNNN");
		return -1;
	}
	errno = 0;
	ctx->u.perf_counter.config = strtoull(mask + 1, &end, 16);
	if (errno || end != colon) {
		ERR("Wrong perf raw mask format: expected rNNN");
		return -1;
	}
	ctx->u.perf_counter.type = PERF_RAW;
	perf_field_name(symbol, ctx->u.perf_counter.name,
			sizeof(ctx->u.perf_counter.name));
	return 0;
}

static int parse_perf(const char *symbol, struct lttng_event_context *ctx)
{
	const struct perf_counter *p;
	const char *name = symbol + strlen("perf:");

	ctx->ctx = LTTNG_EVENT_CONTEXT_PERF_COUNTER; /* legacy "perf:NAME" */
	if (!strncmp(name, "cpu:", 4)) {
		ctx->ctx = LTTNG_EVENT_CONTEXT_PERF_CPU_COUNTER;
		name += 4;
	} else if (!strncmp(name, "thread:", 7)) {
		ctx->ctx = LTTNG_EVENT_CONTEXT_PERF_THREAD_COUNTER;
		name += 7;
	}
	if (ctx->ctx != LTTNG_EVENT_CONTEXT_PERF_COUNTER &&
	    !strncmp(name, "raw:", 4))
		return parse_perf_raw(symbol, name, ctx);
	for (p = perf_counters; p->name; p++) {
		if (strcmp(p->name, name))
			continue;
		ctx->u.perf_counter.type = p->type;
		ctx->u.perf_counter.config = p->config;
		perf_field_name(symbol, ctx->u.perf_counter.name,
				sizeof(ctx->u.perf_counter.name));
		return 0;
	}
	return -1;
}

/* "$app.PROVIDER:NAME": both parts non-empty. */
static int parse_app(const char *symbol, struct lttng_event_context *ctx,
		     char **provider, char **name)
{
	const char *start = symbol + strlen("$app."),
		   *colon = strchr(start, ':');

	if (!colon || colon == start || !colon[1])
		return -1;
	*provider = strndup(start, colon - start);
	*name = strdup(colon + 1);
	if (!*provider || !*name)
		return -1;
	ctx->ctx = LTTNG_EVENT_CONTEXT_APP_CONTEXT;
	ctx->u.app_ctx.provider_name = *provider;
	ctx->u.app_ctx.ctx_name = *name;
	return 0;
}

/* A requested context type (one -t). */
struct context_request {
	char *symbol;
	struct lttng_event_context ctx;
	char *app_provider, *app_name;
};

static int parse_context(const char *symbol, struct context_request *req)
{
	const struct named_context *c;

	memset(req, 0, sizeof(*req));
	req->symbol = strdup(symbol);
	if (!req->symbol)
		return -1;
	if (!strncmp(symbol, "perf:", 5))
		return parse_perf(symbol, &req->ctx);
	if (!strncmp(symbol, "$app.", 5))
		return parse_app(symbol, &req->ctx, &req->app_provider,
				 &req->app_name);
	for (c = plain_contexts; c->name; c++) {
		if (!strcmp(c->name, symbol)) {
			req->ctx.ctx = c->type;
			return 0;
		}
	}
	return -1;
}

static void free_requests(struct context_request *reqs, int count)
{
	int i;

	for (i = 0; i < count; i++) {
		free(reqs[i].symbol);
		free(reqs[i].app_provider);
		free(reqs[i].app_name);
	}
	free(reqs);
}

struct context_opts {
	char *session, *channel;
	int domains[LTTNG_DOMAIN_LOG4J + 1];
	struct context_request *reqs;
	int count;
	int done;
};

static int add_request(struct context_opts *o, const char *symbol)
{
	struct context_request *grown =
		realloc(o->reqs, (o->count + 1) * sizeof(*o->reqs));

	if (!grown)
		return CMD_FATAL;
	o->reqs = grown;
	if (parse_context(symbol, &o->reqs[o->count])) {
		o->count++;
		ERR("Unknown context type %s", symbol);
		return CMD_FATAL;
	}
	o->count++;
	return CMD_SUCCESS;
}

static int parse_options(poptContext pc, struct context_opts *o)
{
	int opt, ret;

	while ((opt = poptGetNextOpt(pc)) != -1) {
		char *arg;

		if (opt >= OPT_KERNEL && opt <= OPT_LOG4J) {
			/* The OPT_ values follow enum lttng_domain_type. */
			o->domains[opt - OPT_KERNEL + LTTNG_DOMAIN_KERNEL] = 1;
			continue;
		}
		if (opt == OPT_LIST) {
			list_contexts();
			o->done = 1;
			return CMD_SUCCESS;
		}
		if (opt < OPT_SESSION || opt > OPT_TYPE) {
			o->done = 1;
			return cli_common_option(opt, "add-context", options);
		}
		arg = poptGetOptArg(pc);
		if (opt == OPT_TYPE) {
			ret = add_request(o, arg);
			free(arg);
			if (ret != CMD_SUCCESS)
				return ret;
		} else {
			char **slot =
				opt == OPT_SESSION ? &o->session : &o->channel;

			free(*slot);
			*slot = arg;
		}
	}
	return CMD_SUCCESS;
}

static int add_contexts(const struct context_opts *o,
			enum lttng_domain_type type, const char *session)
{
	struct lttng_domain dom = {.type = type};
	struct lttng_handle *handle = lttng_create_handle(session, &dom);
	int i, warn = 0;

	if (!handle)
		return CMD_FATAL;
	if (mi_enabled())
		mi_context_list_begin();
	for (i = 0; i < o->count; i++) {
		struct context_request *req = &o->reqs[i];
		int ret =
			lttng_add_context(handle, &req->ctx, NULL, o->channel);

		if (mi_enabled())
			mi_context_add(&req->ctx, req->symbol, ret >= 0);
		if (ret < 0) {
			ERR("%s: %s", req->symbol, lttng_strerror(ret));
			warn = 1;
		} else if (o->channel) {
			MSG("%s context %s added to channel %s",
			    utils_domain_str(type), req->symbol, o->channel);
		} else {
			MSG("%s context %s added to all channels",
			    utils_domain_str(type), req->symbol);
		}
	}
	lttng_destroy_handle(handle);
	if (mi_enabled())
		mi_command_end(mi_success_of(warn));
	return warn ? CMD_WARNING : CMD_SUCCESS;
}

int cmd_add_context(int argc, const char **argv)
{
	poptContext pc = poptGetContext(NULL, argc, argv, options, 0);
	struct context_opts o = {0};
	enum lttng_domain_type type = LTTNG_DOMAIN_NONE;
	int ret = parse_options(pc, &o), t, count = 0;
	char *session = NULL;

	if (ret != CMD_SUCCESS || o.done)
		goto end;
	for (t = LTTNG_DOMAIN_KERNEL; t <= LTTNG_DOMAIN_LOG4J; t++) {
		if (o.domains[t])
			type = t;
		count += o.domains[t];
	}
	/* LTTng checks the domains before the types. */
	if (utils_check_one_domain(count, "--kernel/--userspace/--jul/"
					  "--log4j/--python")) {
		ret = CMD_ERROR;
		goto end;
	}
	if (o.count == 0) {
		ERR("Missing mandatory -t TYPE");
		ret = CMD_ERROR;
		goto end;
	}
	if (poptPeekArg(pc)) {
		ERR("Unknown argument: %s", poptPeekArg(pc));
		ret = CMD_ERROR;
		goto end;
	}
	session = utils_session_name(o.session);
	ret = session ? add_contexts(&o, type, session) : CMD_ERROR;
end:
	free(session);
	free(o.session);
	free(o.channel);
	free_requests(o.reqs, o.count);
	poptFreeContext(pc);
	return ret;
}
