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

#include "consumer-comm/consumer-protocol.h"
#include "../event-rule.h"
#include "filter/tracefs-filter.h"
#include "kernel-consumer.h"
#include "kernel-domain.h"
#include "kernel-event.h"
#include "tracefs/event-format.h"
#include "util/log.h"

struct apply_ctx {
	struct kernel_instance *ki;
	const struct tracefs_instance *instance;
	const struct lsc_event *spec;	 /* the rule enabled or disabled */
	bool enable;			 /* spec is being enabled */
	struct kernel_session *ks;	 /* its consumer, if running */
	const struct event_rule *others; /* the channel's rules */
	const char *filter;		 /* spec's tracefs filter, or NULL */
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

/* Whether tracepoint rule spec designates events/<system>/<event>. */
static bool tracepoint_designates(const struct lsc_event *spec,
				  const char *system, const char *event)
{
	return strcmp(system, "syscalls") && strcmp(system, "ftrace") &&
	       !fnmatch(spec->name, event, 0);
}

/*
 * Whether rule spec designates the tracefs event events/<system>/<event>
 * (the events kernel_event_apply() walks for it).
 */
static bool rule_designates(const struct lsc_event *spec, const char *system,
			    const char *event)
{
	char pattern[300];

	switch (spec->type) {
	case LTTNG_EVENT_SYSCALL:
		if (strcmp(system, "syscalls"))
			return false;
		snprintf(pattern, sizeof(pattern), "sys_enter_%s", spec->name);
		if (!fnmatch(pattern, event, 0))
			return true;
		snprintf(pattern, sizeof(pattern), "sys_exit_%s", spec->name);
		if (!fnmatch(pattern, event, 0))
			return true;
#if defined(__x86_64__)
		if (!strcmp(spec->name, "open"))
			return !strcmp(event, "sys_enter_openat") ||
			       !strcmp(event, "sys_exit_openat");
#endif
		return false;
	case LTTNG_EVENT_ALL:
		if (!strcmp(spec->name, "*"))
			return strcmp(system, "ftrace") != 0;
		return tracepoint_designates(spec, system, event);
	case LTTNG_EVENT_TRACEPOINT:
		return tracepoint_designates(spec, system, event);
	default:
		return false;
	}
}

/*
 * The enabled rules designating events/<system>/<event> once the rule
 * being applied is enabled or disabled: that rule first when enabling,
 * then the channel's other enabled rules. Returns their count (*out
 * malloc'd), or -1 on ENOMEM.
 */
static int collect_active_rules(struct apply_ctx *ctx, const char *system,
				const char *event,
				const struct lsc_event ***out)
{
	const struct event_rule *rule;
	const struct lsc_event **rules;
	size_t count = 1, n = 0;

	for (rule = ctx->others; rule; rule = rule->next)
		count++;
	rules = calloc(count, sizeof(*rules));
	if (!rules)
		return -1;
	if (ctx->enable)
		rules[n++] = ctx->spec;
	for (rule = ctx->others; rule; rule = rule->next) {
		if (!rule->spec.enabled || &rule->spec == ctx->spec ||
		    !rule_designates(&rule->spec, system, event))
			continue;
		rules[n++] = &rule->spec;
	}
	*out = rules;
	return (int)n;
}

/*
 * Writes text (tracefs syntax, LTTng's field names; "0" clears) to the
 * filter of events/<system>/<event>; false when tracefs refuses it (the
 * event lacks a field the expression names).
 */
static bool write_filter_text(struct apply_ctx *ctx, const char *system,
			      const char *event, const char *text)
{
	char file[600], err[512];
	char *renamed = NULL;
	int ret;

	if (!strcmp(system, "sched")) {
		renamed = sched_filter(text);
		if (!renamed) {
			ctx->failed = LTTNG_ERR_NOMEM;
			return false;
		}
		text = renamed;
	}
	snprintf(file, sizeof(file), "events/%s/%s/filter", system, event);
	ret = tracefs_instance_write(ctx->instance, file, text, err,
				     sizeof(err));
	free(renamed);
	if (ret)
		DBG("%s", err);
	return ret == 0;
}

static void write_enable(struct apply_ctx *ctx, const char *system,
			 const char *event, bool on)
{
	char file[600], err[512];

	snprintf(file, sizeof(file), "events/%s/%s/enable", system, event);
	if (tracefs_instance_write(ctx->instance, file, on ? "1" : "0", err,
				   sizeof(err))) {
		ERR("%s", err);
		ctx->failed = ctx->enable ? LTTNG_ERR_KERN_ENABLE_FAIL
					  : LTTNG_ERR_KERN_DISABLE_FAIL;
	}
}

/* "(t0) || (t1) || ..." of the texts kept[i] selects; NULL on ENOMEM. */
static char *join_filters(char *const *texts, const bool *kept, size_t n)
{
	size_t i, len = 1, count = 0;
	char *out;

	for (i = 0; i < n; i++)
		len += kept[i] ? strlen(texts[i]) + 6 : 0;
	out = malloc(len);
	if (!out)
		return NULL;
	out[0] = '\0';
	for (i = 0; i < n; i++) {
		if (!kept[i])
			continue;
		if (count++)
			strcat(out, " || ");
		strcat(out, "(");
		strcat(out, texts[i]);
		strcat(out, ")");
	}
	return out;
}

/*
 * Sets (expression) or removes (NULL) the consumer's filter of
 * events/<system>/<event>: on the instance, for the consumer's start,
 * and sent to the consumer when it already runs.
 */
static int set_consumer_filter(struct apply_ctx *ctx, const char *system,
			       const char *event, const char *expression)
{
	struct kernel_consumer_filter **link = &ctx->ki->filters, *f;

	while (*link && (strcmp((*link)->system, system) ||
			 strcmp((*link)->event, event)))
		link = &(*link)->next;
	f = *link;
	if (!f && !expression)
		return LTTNG_OK;
	if (f && expression && !strcmp(f->expression, expression))
		return LTTNG_OK;
	if (!expression) {
		*link = f->next;
		free(f->expression);
		free(f);
	} else {
		if (!f) {
			f = calloc(1, sizeof(*f));
			if (!f)
				return LTTNG_ERR_NOMEM;
			snprintf(f->system, sizeof(f->system), "%s", system);
			snprintf(f->event, sizeof(f->event), "%s", event);
			f->next = ctx->ki->filters;
			ctx->ki->filters = f;
		}
		free(f->expression);
		f->expression = strdup(expression);
		if (!f->expression) {
			*link = f->next;
			free(f);
			return LTTNG_ERR_NOMEM;
		}
	}
	if (ctx->ks && ctx->ks->consumer_fd >= 0)
		return kernel_consumer_set_filter(ctx->ks, ctx->ki->channel,
						  system, event, expression);
	return LTTNG_OK;
}

/*
 * Rules whose filters tracefs takes: their ORed tracefs filter. When
 * tracefs refuses the whole, the filters it refuses one by one (fields
 * the event lacks) are left out, as those rules record nothing of it.
 * Returns whether any rule's filter was kept (*own_kept: rule 0's).
 */
static bool write_tracefs_combination(struct apply_ctx *ctx, const char *system,
				      const char *event, char *const *texts,
				      size_t n, bool *own_kept)
{
	bool *kept = calloc(n, sizeof(*kept));
	bool any = false;
	char *joined;
	size_t i;

	if (!kept) {
		ctx->failed = LTTNG_ERR_NOMEM;
		return false;
	}
	for (i = 0; i < n; i++)
		kept[i] = true;
	joined = n == 1 ? strdup(texts[0]) : join_filters(texts, kept, n);
	if (joined && !write_filter_text(ctx, system, event, joined)) {
		for (i = 0; i < n; i++)
			kept[i] =
				write_filter_text(ctx, system, event, texts[i]);
		free(joined);
		joined = join_filters(texts, kept, n);
		if (joined && strcmp(joined, ""))
			write_filter_text(ctx, system, event, joined);
	}
	if (!joined)
		ctx->failed = LTTNG_ERR_NOMEM;
	for (i = 0; i < n; i++)
		any = any || kept[i];
	*own_kept = kept[0];
	free(joined);
	free(kept);
	return any && !ctx->failed;
}

/*
 * The rules' own expressions for the consumer, which evaluates each on
 * its own (a rule naming a field the event lacks matches nothing, the
 * others still apply): "e0<RS>e1<RS>...", RS being
 * CONSUMER_KERNEL_FILTER_RULE_SEPARATOR. NULL on ENOMEM.
 */
static char *join_expressions(const struct lsc_event **rules, size_t n)
{
	size_t i, len = 1;
	char *out, *p;

	for (i = 0; i < n; i++)
		len += strlen(rules[i]->filter) + 1;
	out = malloc(len);
	if (!out)
		return NULL;
	p = out;
	for (i = 0; i < n; i++) {
		if (i)
			*p++ = CONSUMER_KERNEL_FILTER_RULE_SEPARATOR;
		p = stpcpy(p, rules[i]->filter);
	}
	return out;
}

/*
 * The C types of system call arguments that LTTng records as 64-bit
 * integers (event-map.c in the consumer); pointers other than strings
 * are 64-bit unsigned too.
 */
static const char *const syscall_64bit_unsigned[] = {
	"unsigned long", "size_t",	  "u64",
	"__u64",	 "aio_context_t", "unsigned long long"};
static const char *const syscall_64bit_signed[] = {
	"long", "ssize_t", "off_t", "loff_t", "long long", "s64", "__s64"};

static bool type_in(const char *type, const char *const *types, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (!strcmp(type, types[i]))
			return true;
	}
	return false;
}

/*
 * Whether tracefs holds field `name` of a system call event as LTTng
 * records it. tracefs keeps every argument as an 8-byte register value:
 * a user string (const char *) only as its address, an `int` with
 * whatever the upper half holds (glibc sign-extends -100 to 64 bits,
 * which tracefs's unsigned field cannot even be compared with), while
 * LTTng records the string and the 32-bit value. LTTng has no
 * __syscall_nr. A field the event lacks: tracefs refuses it anyway.
 */
static bool syscall_field_same(void *priv, const char *name)
{
	const struct tracefs_event_format *format = priv;
	const struct tracefs_field *f =
		tracefs_event_format_field(format, name);

	if (!f)
		return true;
	if (f->is_common || !strcmp(name, "__syscall_nr"))
		return false;
	if (strchr(f->type, '*'))
		return !strstr(f->type, "char");
	if (f->size != 8)
		return false;
	return f->is_signed ? type_in(f->type, syscall_64bit_signed,
				      sizeof(syscall_64bit_signed) /
					      sizeof(*syscall_64bit_signed))
			    : type_in(f->type, syscall_64bit_unsigned,
				      sizeof(syscall_64bit_unsigned) /
					      sizeof(*syscall_64bit_unsigned));
}

/*
 * The format of events/<system>/<event> when tracefs holds some of its
 * fields otherwise than LTTng records them (system calls): 0 and
 * *fields set, or -1 (every field is as tracefs holds it).
 */
static int load_fields(struct apply_ctx *ctx, const char *system,
		       const char *event, struct tracefs_event_format *format,
		       struct filter_tracefs_fields *fields)
{
	char file[600], err[512];
	char *text = NULL;
	int ret;

	if (strcmp(system, "syscalls"))
		return -1;
	snprintf(file, sizeof(file), "events/%s/%s/format", system, event);
	if (tracefs_instance_read(ctx->instance, file, &text, err,
				  sizeof(err))) {
		DBG("%s", err);
		return -1;
	}
	ret = tracefs_event_format_parse(text, system, format, err,
					 sizeof(err));
	free(text);
	if (ret) {
		DBG("%s", err);
		return -1;
	}
	fields->same = syscall_field_same;
	fields->priv = format;
	return 0;
}

/*
 * Filters of n (> 0) rules that all have one: ORed in tracefs when it
 * can express every one, else ORed (LTTng's syntax) for the consumer.
 * In that case tracefs still gets what every accepted record satisfies
 * when each rule has such a part (its own filter, or the &&-operands of
 * its expression tracefs can express), ORed: the consumer then sees
 * fewer records and decides exactly. Returns whether the event is to be
 * enabled.
 */
static bool write_filtered_rules(struct apply_ctx *ctx, const char *system,
				 const char *event,
				 const struct lsc_event **rules, size_t n)
{
	char **texts = calloc(n, sizeof(*texts));
	bool *kept = calloc(n, sizeof(*kept));
	bool tracefs_all = true, own_kept = true, on = false;
	bool implied_all = true;
	struct tracefs_event_format format = {0};
	struct filter_tracefs_fields fields;
	bool described;
	char why[256];
	size_t i;
	int ret;

	if (!texts || !kept) {
		free(texts);
		free(kept);
		ctx->failed = LTTNG_ERR_NOMEM;
		return false;
	}
	described = !load_fields(ctx, system, event, &format, &fields);
	for (i = 0; i < n; i++) {
		struct filter_error ferr;
		char *implied = NULL;

		ret = filter_tracefs_translate_event(
			rules[i]->filter, described ? &fields : NULL, &texts[i],
			&implied, why, sizeof(why), &ferr);
		if (ret) {
			tracefs_all = false;
			texts[i] = implied;
		}
		kept[i] = true;
		implied_all = implied_all && texts[i];
	}
	if (described)
		tracefs_event_format_fini(&format);
	if (tracefs_all) {
		on = write_tracefs_combination(ctx, system, event, texts, n,
					       &own_kept);
		ret = set_consumer_filter(ctx, system, event, NULL);
	} else {
		char *joined = join_expressions(rules, n);
		char *implied = !implied_all ? NULL
				: n == 1     ? strdup(texts[0])
					     : join_filters(texts, kept, n);

		if (!implied || !write_filter_text(ctx, system, event, implied))
			write_filter_text(ctx, system, event, "0");
		else
			DBG("Kernel event %s/%s: tracefs filter '%s' before "
			    "the consumer's",
			    system, event, implied);
		free(implied);
		ret = joined ? set_consumer_filter(ctx, system, event, joined)
			     : LTTNG_ERR_NOMEM;
		on = ret == LTTNG_OK;
		free(joined);
	}
	free(kept);
	if (ret != LTTNG_OK && !ctx->failed)
		ctx->failed = ret;
	if (ctx->enable && ctx->spec->filter && !own_kept)
		ctx->filter_refused++;
	for (i = 0; i < n; i++)
		free(texts[i]);
	free(texts);
	return on;
}

/*
 * Recomputes events/<system>/<event> from every enabled rule designating
 * it (LTTng records an event when any of them accepts it): no rule, off;
 * a rule without filter, on without filter; else the rules' filters
 * ORed. Filter first, then enable.
 */
static void apply_one(struct apply_ctx *ctx, const char *system,
		      const char *event)
{
	const struct lsc_event **rules;
	bool on = true;
	int n, i, ret;

	ctx->matched++;
	n = collect_active_rules(ctx, system, event, &rules);
	if (n < 0) {
		ctx->failed = LTTNG_ERR_NOMEM;
		return;
	}
	for (i = 0; i < n && rules[i]->filter; i++)
		;
	if (n == 0 || i < n) {
		/* Off, or a rule records everything: no filter at all. */
		on = n > 0;
		if (!on)
			write_enable(ctx, system, event, false);
		write_filter_text(ctx, system, event, "0");
		ret = set_consumer_filter(ctx, system, event, NULL);
		if (ret != LTTNG_OK && !ctx->failed)
			ctx->failed = ret;
	} else {
		on = write_filtered_rules(ctx, system, event, rules, (size_t)n);
	}
	free(rules);
	if (!ctx->failed && n > 0)
		write_enable(ctx, system, event, on);
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
			  char **owned)
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
	if (ret == -ENOTSUP) {
		DBG("Kernel filter '%s' evaluated by the consumer: %s",
		    spec->filter, why);
		return LTTNG_OK;
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
		       const struct event_rule *rules,
		       const struct lsc_event *spec, bool enable,
		       struct kernel_session *ks)
{
	struct apply_ctx ctx = {.ki = instance,
				.instance = &instance->tracefs,
				.spec = spec,
				.enable = enable,
				.ks = ks,
				.others = rules};
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
		ret = prepare_filter(&ctx, spec, &filter);
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
			   struct kernel_session *ks)
{
	struct apply_ctx ctx = {.ki = instance,
				.instance = &instance->tracefs,
				.spec = spec,
				.enable = enable,
				.ks = ks};
	char *filter = NULL;
	int ret;

	if (enable) {
		ret = prepare_filter(&ctx, spec, &filter);
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
