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
	const struct tracefs_instance *instance;
	const char *value;  /* "1" or "0" */
	const char *filter; /* tracefs filter text, or NULL */
	int failed;
};

/* Writes filter then enable of events/<system>/<event>. */
static void apply_one(struct apply_ctx *ctx, const char *system,
		      const char *event)
{
	char file[600], err[512];

	if (ctx->filter) {
		snprintf(file, sizeof(file), "events/%s/%s/filter", system,
			 event);
		if (tracefs_instance_write(ctx->instance, file, ctx->filter,
					   err, sizeof(err))) {
			ERR("%s", err);
			ctx->failed = LTTNG_ERR_FILTER_INVAL;
			return;
		}
	}
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

/* The tracefs form of the rule's filter; LTTNG_OK or an error. */
static int translate_filter(const struct lsc_event *spec, char **out)
{
	struct filter_error ferr;
	char why[256] = "";
	int ret;

	*out = NULL;
	if (!spec->filter)
		return LTTNG_OK;
	ret = filter_tracefs_translate(spec->filter, out, why, sizeof(why),
				       &ferr);
	if (ret == -ENOMEM)
		return LTTNG_ERR_NOMEM;
	if (ret) {
		ERR("Kernel filter '%s': %s", spec->filter,
		    why[0] ? why : "invalid expression");
		return LTTNG_ERR_FILTER_INVAL;
	}
	return LTTNG_OK;
}

int kernel_event_apply(const struct tracefs_instance *instance,
		       const struct lsc_event *spec, bool enable)
{
	struct apply_ctx ctx = {.instance = instance,
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
	case LTTNG_EVENT_USERSPACE_PROBE:
		return LTTNG_ERR_KERN_ENABLE_FAIL;
	default:
		break;
	}
	if (enable) {
		ret = translate_filter(spec, &filter);
		if (ret != LTTNG_OK)
			return ret;
		ctx.filter = filter;
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
	if (ctx.failed && !enable)
		return LTTNG_ERR_KERN_DISABLE_FAIL;
	return ctx.failed ? ctx.failed : LTTNG_OK;
}
