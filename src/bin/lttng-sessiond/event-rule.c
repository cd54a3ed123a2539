/*
 * Implementation of event-rule.h. Lists keep creation order, which is
 * the order `lttng list` shows.
 */
#include <stdlib.h>
#include <string.h>

#include <lttng/lttng.h>

#include "event-rule.h"

static bool same_filter(const char *a, const char *b)
{
	if (!a || !b)
		return a == b;
	return !strcmp(a, b);
}

static bool same_exclusions(const struct lsc_event *a,
			    const struct lsc_event *b)
{
	uint32_t i;

	if (a->exclusion_count != b->exclusion_count)
		return false;
	for (i = 0; i < a->exclusion_count; i++) {
		if (strcmp(a->exclusions[i], b->exclusions[i]))
			return false;
	}
	return true;
}

struct event_rule *event_rule_find(struct event_rule *list,
				   const struct lsc_event *spec)
{
	for (; list; list = list->next) {
		const struct lsc_event *r = &list->spec;

		if (!strcmp(r->name, spec->name) &&
		    r->loglevel_type == spec->loglevel_type &&
		    r->loglevel == spec->loglevel &&
		    same_filter(r->filter, spec->filter) &&
		    same_exclusions(r, spec))
			return list;
	}
	return NULL;
}

/* Deep copy of spec into rule->spec. */
static int copy_spec(struct event_rule *rule, const struct lsc_event *spec)
{
	size_t excl_size = spec->exclusion_count * sizeof(*spec->exclusions);

	rule->spec = *spec;
	rule->spec.filter = NULL;
	rule->spec.bytecode = NULL;
	rule->spec.exclusions = NULL;
	if (spec->filter) {
		rule->spec.filter = strdup(spec->filter);
		rule->spec.bytecode = malloc(spec->bytecode_len);
		if (!rule->spec.filter || !rule->spec.bytecode)
			goto nomem;
		memcpy(rule->spec.bytecode, spec->bytecode, spec->bytecode_len);
	}
	if (excl_size) {
		rule->spec.exclusions = malloc(excl_size);
		if (!rule->spec.exclusions)
			goto nomem;
		memcpy(rule->spec.exclusions, spec->exclusions, excl_size);
	}
	return LTTNG_OK;
nomem:
	lsc_event_fini(&rule->spec);
	return LTTNG_ERR_NOMEM;
}

static uint64_t next_rule_id;

int event_rule_add(struct event_rule **list, const struct lsc_event *spec)
{
	struct event_rule *rule = calloc(1, sizeof(*rule));

	if (!rule || copy_spec(rule, spec) != LTTNG_OK) {
		free(rule);
		return LTTNG_ERR_NOMEM;
	}
	rule->spec.enabled = 1;
	rule->id = ++next_rule_id;
	while (*list)
		list = &(*list)->next;
	*list = rule;
	return LTTNG_OK;
}

unsigned int event_rule_disable(struct event_rule *list, const char *name)
{
	unsigned int matched = 0;

	for (; list; list = list->next) {
		if (*name && strcmp(list->spec.name, name))
			continue;
		list->spec.enabled = 0;
		matched++;
	}
	return matched;
}

void event_rule_destroy_all(struct event_rule *list)
{
	while (list) {
		struct event_rule *next = list->next;

		lsc_event_fini(&list->spec);
		free(list);
		list = next;
	}
}

bool event_rule_name_is_pattern(const char *name)
{
	return strchr(name, '*') != NULL;
}
