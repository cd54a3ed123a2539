/*
 * Implementation of kernel-event.h.
 */
#include <dirent.h>
#include <errno.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "filter/tracefs-filter.h"
#include "kernel-domain.h"
#include "kernel-event.h"
#include "util/log.h"

struct apply_ctx {
	struct kernel_instance *ki;
	const struct tracefs_instance *instance;
	const char *value;	     /* "1" or "0" */
	const char *filter;	     /* tracefs filter text, or NULL */
	const char *consumer_filter; /* expression for the consumer */
	unsigned int matched;
	unsigned int filter_refused;
	int failed;
};

/* LTTng's scheduler field names and tracefs's (doc/kernel-event-mapping.md). */
static const char *const sched_field_renames[][2] = {
	{"tid", "pid"},
	{"prev_tid", "prev_pid"},
	{"next_tid", "next_pid"},
	{"old_tid", "old_pid"},
	{"parent_tid", "parent_pid"},
	{"child_tid", "child_pid"},
};

static bool is_ident_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '_';
}

/* tracefs's name of an identifier of a sched event filter. */
static const char *sched_tracefs_name(const char *word, size_t len)
{
	size_t i;

	for (i = 0;
	     i < sizeof(sched_field_renames) / sizeof(*sched_field_renames);
	     i++) {
		if (strlen(sched_field_renames[i][0]) == len &&
		    !strncmp(word, sched_field_renames[i][0], len))
			return sched_field_renames[i][1];
	}
	return NULL;
}

/*
 * The filter for a sched event: LTTng's field names (prev_tid, ...)
 * renamed to tracefs's, outside string literals. NULL on ENOMEM.
 */
static char *sched_filter(const char *filter)
{
	size_t len = strlen(filter), out_len = 0, i = 0;
	char *out = malloc(2 * len + 1);
	bool in_string = false;

	if (!out)
		return NULL;
	while (i < len) {
		size_t word = i;
		const char *renamed;

		if (filter[i] == '"' && (i == 0 || filter[i - 1] != '\\'))
			in_string = !in_string;
		if (in_string || !is_ident_char(filter[i]) ||
		    (i > 0 && is_ident_char(filter[i - 1]))) {
			out[out_len++] = filter[i++];
			continue;
		}
		while (i < len && is_ident_char(filter[i]))
			i++;
		renamed = sched_tracefs_name(filter + word, i - word);
		if (renamed) {
			memcpy(out + out_len, renamed, strlen(renamed));
			out_len += strlen(renamed);
		} else {
			memcpy(out + out_len, filter + word, i - word);
			out_len += i - word;
		}
	}
	out[out_len] = '\0';
	return out;
}

/*
 * Writes the filter of events/<system>/<event>; false when tracefs
 * refuses it (the event lacks a field the expression names: like
 * LTTng, such an event is then not recorded by this rule).
 */
static bool write_filter(struct apply_ctx *ctx, const char *system,
			 const char *event)
{
	char file[600], err[512];
	char *renamed = NULL;
	const char *filter = ctx->filter;
	int ret;

	if (!strcmp(system, "sched")) {
		renamed = sched_filter(ctx->filter);
		if (!renamed) {
			ctx->failed = LTTNG_ERR_NOMEM;
			return false;
		}
		filter = renamed;
	}
	snprintf(file, sizeof(file), "events/%s/%s/filter", system, event);
	ret = tracefs_instance_write(ctx->instance, file, filter, err,
				     sizeof(err));
	free(renamed);
	if (ret) {
		DBG("%s", err);
		ctx->filter_refused++;
		return false;
	}
	return true;
}

/* Records the consumer's filter of events/<system>/<event>. */
static int add_consumer_filter(struct apply_ctx *ctx, const char *system,
			       const char *event)
{
	struct kernel_consumer_filter *f = calloc(1, sizeof(*f));

	if (!f || !(f->expression = strdup(ctx->consumer_filter))) {
		free(f);
		ctx->failed = LTTNG_ERR_NOMEM;
		return LTTNG_ERR_NOMEM;
	}
	snprintf(f->system, sizeof(f->system), "%s", system);
	snprintf(f->event, sizeof(f->event), "%s", event);
	f->next = ctx->ki->filters;
	ctx->ki->filters = f;
	return LTTNG_OK;
}

/* Writes filter then enable of events/<system>/<event>. */
static void apply_one(struct apply_ctx *ctx, const char *system,
		      const char *event)
{
	char file[600], err[512];

	ctx->matched++;
	if (ctx->filter && !write_filter(ctx, system, event))
		return;
	if (ctx->consumer_filter &&
	    add_consumer_filter(ctx, system, event) != LTTNG_OK)
		return;
	snprintf(file, sizeof(file), "events/%s/%s/enable", system, event);
	if (tracefs_instance_write(ctx->instance, file, ctx->value, err,
				   sizeof(err))) {
		ERR("%s", err);
		ctx->failed = LTTNG_ERR_KERN_ENABLE_FAIL;
	}
}

/* Applies to the events of one system whose name matches pattern. */
static void apply_system(struct apply_ctx *ctx, const char *system,
			 const char *pattern)
{
	char path[4200];
	struct dirent *de;
	DIR *dir;

	snprintf(path, sizeof(path), "%s/events/%s", ctx->instance->path,
		 system);
	dir = opendir(path);
	if (!dir)
		return;
	while ((de = readdir(dir))) {
		if (de->d_name[0] == '.' || de->d_type != DT_DIR)
			continue;
		if (!fnmatch(pattern, de->d_name, 0))
			apply_one(ctx, system, de->d_name);
	}
	closedir(dir);
}

/* Tracepoints: every system but syscalls (and ftrace's own). */
static void apply_tracepoints(struct apply_ctx *ctx, const char *pattern)
{
	char path[4200];
	struct dirent *de;
	DIR *dir;

	snprintf(path, sizeof(path), "%s/events", ctx->instance->path);
	dir = opendir(path);
	if (!dir) {
		ctx->failed = LTTNG_ERR_KERN_ENABLE_FAIL;
		return;
	}
	while ((de = readdir(dir))) {
		if (de->d_name[0] == '.' || de->d_type != DT_DIR ||
		    !strcmp(de->d_name, "syscalls") ||
		    !strcmp(de->d_name, "ftrace"))
			continue;
		apply_system(ctx, de->d_name, pattern);
	}
	closedir(dir);
}

/*
 * System calls: sys_enter_NAME and sys_exit_NAME. On x86-64, LTTng's
 * `open` also records openat, which glibc's open() calls.
 */
static void apply_syscalls(struct apply_ctx *ctx, const char *name)
{
	char pattern[300];

	snprintf(pattern, sizeof(pattern), "sys_enter_%s", name);
	apply_system(ctx, "syscalls", pattern);
	snprintf(pattern, sizeof(pattern), "sys_exit_%s", name);
	apply_system(ctx, "syscalls", pattern);
#if defined(__x86_64__)
	if (!strcmp(name, "open"))
		apply_syscalls(ctx, "openat");
#endif
}

/*
 * Sets up the rule's filter: its tracefs form in ctx->filter (*owned),
 * or, when tracefs cannot express it, ctx->consumer_filter. LTTNG_OK or
 * an error.
 */
static int prepare_filter(struct apply_ctx *ctx, const struct lsc_event *spec,
			  bool consumer_started, char **owned)
{
	struct filter_error ferr;
	char why[256] = "";
	int ret;

	*owned = NULL;
	if (!spec->filter)
		return LTTNG_OK;
	ret = filter_tracefs_translate(spec->filter, owned, why, sizeof(why),
				       &ferr);
	if (ret == -ENOMEM)
		return LTTNG_ERR_NOMEM;
	if (ret == -ENOTSUP && !consumer_started) {
		DBG("Kernel filter '%s' evaluated by the consumer: %s",
		    spec->filter, why);
		ctx->consumer_filter = spec->filter;
		return LTTNG_OK;
	}
	if (ret == -ENOTSUP) {
		ERR("Kernel filter '%s': %s; the consumer evaluates such "
		    "filters only for rules created before the first start",
		    spec->filter, why);
		return LTTNG_ERR_FILTER_INVAL;
	}
	if (ret) {
		ERR("Kernel filter '%s': %s", spec->filter,
		    why[0] ? why : "invalid expression");
		return LTTNG_ERR_FILTER_INVAL;
	}
	ctx->filter = *owned;
	return LTTNG_OK;
}

int kernel_event_apply(struct kernel_instance *instance,
		       const struct lsc_event *spec, bool enable,
		       bool consumer_started)
{
	struct apply_ctx ctx = {.ki = instance,
				.instance = &instance->tracefs,
				.value = enable ? "1" : "0"};
	char *filter = NULL;
	int ret;

	switch (spec->type) {
	case LTTNG_EVENT_PROBE:
	case LTTNG_EVENT_FUNCTION:
	case LTTNG_EVENT_FUNCTION_ENTRY:
		ERR("Kernel event %s: this kernel has no kprobe_events "
		    "(CONFIG_KPROBE_EVENTS)",
		    spec->name);
		return LTTNG_ERR_KERN_ENABLE_FAIL;
	case LTTNG_EVENT_USERSPACE_PROBE: /* kernel_event_apply_one */
		return LTTNG_ERR_KERN_ENABLE_FAIL;
	default:
		break;
	}
	if (enable) {
		ret = prepare_filter(&ctx, spec, consumer_started, &filter);
		if (ret != LTTNG_OK)
			return ret;
	}
	if (spec->type == LTTNG_EVENT_SYSCALL) {
		apply_syscalls(&ctx, spec->name);
	} else if (spec->type == LTTNG_EVENT_ALL && !strcmp(spec->name, "*")) {
		apply_tracepoints(&ctx, "*");
		apply_syscalls(&ctx, "*");
	} else {
		apply_tracepoints(&ctx, spec->name);
	}
	free(filter);
	if (!ctx.failed && ctx.filter && ctx.matched &&
	    ctx.filter_refused == ctx.matched) {
		ERR("Kernel filter '%s': no matching event has the fields it "
		    "names",
		    spec->filter);
		ctx.failed = LTTNG_ERR_FILTER_INVAL;
	}
	if (ctx.failed && !enable)
		return LTTNG_ERR_KERN_DISABLE_FAIL;
	return ctx.failed ? ctx.failed : LTTNG_OK;
}

int kernel_event_apply_one(struct kernel_instance *instance, const char *system,
			   const struct lsc_event *spec, bool enable,
			   bool consumer_started)
{
	struct apply_ctx ctx = {.ki = instance,
				.instance = &instance->tracefs,
				.value = enable ? "1" : "0"};
	char *filter = NULL;
	int ret;

	if (enable) {
		ret = prepare_filter(&ctx, spec, consumer_started, &filter);
		if (ret != LTTNG_OK)
			return ret;
	}
	apply_one(&ctx, system, spec->name);
	free(filter);
	if (!ctx.failed && ctx.filter_refused)
		ctx.failed = LTTNG_ERR_FILTER_INVAL;
	if (ctx.failed && !enable)
		return LTTNG_ERR_KERN_DISABLE_FAIL;
	return ctx.failed ? ctx.failed : LTTNG_OK;
}
