/*
 * Implementation of event-filter.h and of lttng_ust_event_filter_accepts()
 * (<lttng/ust-events.h>), the probes' entry point.
 *
 * The layout a program is linked against is the event description: one
 * struct filter_field per struct lttng_ust_event_field, in order (so the
 * probe's value array lines up with it), integers and enumerations as
 * INTEGER, floats as FLOAT, strings as STRING, arrays and sequences of
 * text encoding as TEXT and the others as ARRAY.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "channel.h"
#include "common/ust-log.h"
#include "context/context-set.h"
#include "event-filter.h"
#include "event-rule.h"
#include "filter/interpreter.h"
#include "filter/linker.h"
#include "lttng-abi.h"
#include "recorder.h"
#include "tracepoint/tracepoint-lttng-abi.h"

/* The probes' values are the interpreter's values. */
_Static_assert(sizeof(struct lttng_ust_filter_value) ==
		       sizeof(struct filter_value),
	       "filter value layouts differ");
_Static_assert(offsetof(struct lttng_ust_filter_value, u.str.len) ==
		       offsetof(struct filter_value, u.str.len),
	       "filter value layouts differ");
_Static_assert(offsetof(struct lttng_ust_filter_value, type) ==
		       offsetof(struct filter_value, type),
	       "filter value layouts differ");

struct filter_set {
	const struct ust_ctx_set *contexts;
	size_t nr;
	struct ust_event_rule **rules; /* what the set was built from */
	struct filter_program **progs;
};

static enum filter_field_kind field_kind(const struct lttng_ust_event_field *f)
{
	switch (f->kind) {
	case LTTNG_UST_TYPE_FLOAT:
		return FILTER_FIELD_FLOAT;
	case LTTNG_UST_TYPE_STRING:
		return FILTER_FIELD_STRING;
	case LTTNG_UST_TYPE_ARRAY:
	case LTTNG_UST_TYPE_SEQUENCE:
		return f->encoding == LTTNG_UST_STRING_ENCODING_UTF8
			       ? FILTER_FIELD_TEXT
			       : FILTER_FIELD_ARRAY;
	default:
		return FILTER_FIELD_INTEGER;
	}
}

/* Whether field i is the length field of the sequence after it. */
static bool is_sequence_length(const struct lttng_ust_event_desc *desc,
			       unsigned int i)
{
	const struct lttng_ust_event_field *next = &desc->fields[i + 1];

	return i + 1 < desc->nr_fields &&
	       next->kind == LTTNG_UST_TYPE_SEQUENCE && next->length_name &&
	       !strcmp(next->length_name, desc->fields[i].name);
}

/* The filter layout of desc (malloc'd, nr_fields entries; at least 1). */
static struct filter_field *layout_of(const struct lttng_ust_event_desc *desc)
{
	struct filter_field *fields;
	unsigned int i;

	fields = calloc(desc->nr_fields ? desc->nr_fields : 1, sizeof(*fields));
	if (!fields)
		return NULL;
	for (i = 0; i < desc->nr_fields; i++) {
		const struct lttng_ust_event_field *f = &desc->fields[i];

		/* As in LTTng, a sequence's length is not a field of its own
		 * for filters: no name matches "". */
		fields[i].name = is_sequence_length(desc, i) ? "" : f->name;
		fields[i].kind = field_kind(f);
		fields[i].elem_size = (uint8_t)(f->integer.size / 8);
		fields[i].elem_signed = f->integer.signedness;
	}
	return fields;
}

static void set_free(struct filter_set *set)
{
	size_t i;

	if (!set)
		return;
	for (i = 0; i < set->nr; i++)
		filter_program_free(set->progs[i]);
	free(set->progs);
	free(set->rules);
	free(set);
}

static int link_one(const struct ust_event_rule *rule,
		    const struct lttng_ust_event_desc *desc,
		    const struct filter_event_layout *layout,
		    struct filter_program **prog)
{
	char msg[160];
	int ret;

	ret = filter_link(rule->filter, rule->filter_len, layout, prog, msg,
			  sizeof(msg));
	if (ret) {
		ust_log("event %s:%s: cannot link filter: %s",
			desc->provider_name, desc->event_name, msg);
		return ret;
	}
	if (filter_program_always_false(*prog))
		ust_log("event %s:%s: filter never passes: %s",
			desc->provider_name, desc->event_name, msg);
	return 0;
}

static struct filter_set *set_build(const struct ust_recorder *rec,
				    struct ust_event_rule *const *rules,
				    size_t nr)
{
	const struct lttng_ust_event_desc *desc = rec->pub.desc;
	struct ust_ctx_filter_env env = {rec->pub.contexts, NULL};
	struct filter_event_layout layout = {
		.nr_fields = desc->nr_fields,
		.resolve = ust_ctx_filter_resolve,
		.resolve_priv = &env,
	};
	struct filter_field *fields = layout_of(desc);
	struct filter_set *set = calloc(1, sizeof(*set));
	size_t i;

	if (set) {
		set->contexts = rec->pub.contexts;
		set->rules = calloc(nr, sizeof(*set->rules));
		set->progs = calloc(nr, sizeof(*set->progs));
	}
	if (!fields || !set || !set->rules || !set->progs)
		goto fail;
	layout.fields = fields;
	for (i = 0; i < nr; i++) {
		if (link_one(rules[i], desc, &layout, &set->progs[i]))
			goto fail;
		set->rules[i] = rules[i];
		set->nr++;
	}
	free(fields);
	return set;
fail:
	free(fields);
	set_free(set);
	return NULL;
}

static bool same_rules(const struct filter_set *set,
		       struct ust_event_rule *const *rules, size_t nr)
{
	if (!set)
		return nr == 0;
	return set->nr == nr && !memcmp(set->rules, rules, nr * sizeof(*rules));
}

/* Publishes `set` (may be NULL) and frees the previous one. */
static void set_publish(struct ust_recorder *rec, struct filter_set *set)
{
	struct filter_set *old = rec->pub.filter;

	__atomic_store_n(&rec->pub.filter, set, __ATOMIC_RELEASE);
	if (rec->lttng)
		ust_lttng_client_sync(rec);
	if (old) {
		ust_tp_grace_period();
		set_free(old);
	}
}

int ust_event_filter_update(struct ust_recorder *rec,
			    struct ust_event_rule *const *rules, size_t nr)
{
	struct filter_set *set = NULL;

	if (same_rules(rec->pub.filter, rules, nr))
		return 0;
	if (nr) {
		set = set_build(rec, rules, nr);
		if (!set)
			return -ENOMEM;
	}
	set_publish(rec, set);
	return 0;
}

void ust_event_filter_clear(struct ust_recorder *rec)
{
	set_publish(rec, NULL);
}

UST_API int
lttng_ust_event_filter_accepts(struct lttng_ust_event_recorder *event,
			       const struct lttng_ust_filter_value *values,
			       const struct lttng_ust_record_ctx *ctx)
{
	const struct filter_set *set =
		__atomic_load_n(&event->filter, __ATOMIC_ACQUIRE);
	const struct filter_value *fields = (const struct filter_value *)values;
	struct ust_ctx_filter_env env;
	size_t i;

	if (!set)
		return 1;
	env.set = set->contexts;
	env.ctx = ctx;
	for (i = 0; i < set->nr; i++)
		if (filter_eval(set->progs[i], fields, ust_ctx_filter_fetch,
				&env))
			return 1;
	return 0;
}
