/*
 * liblttng-ust-tracepoint: the table of tracepoint names. Each entry
 * (one per "provider:event") holds the sites of that name (one per
 * module that defines it) and the probes attached to that name, and
 * publishes one immutable probe array to all its sites.
 *
 *   entry "hello_world:my_first_tracepoint"
 *     sites  --> [site in ./hello] --> [site in libfoo.so] --> NULL
 *     probes --> { {probe, recorder A}, {probe, recorder B}, {NULL} }
 *                  ^ published in every site's `probes`, state = 1
 *
 * Writers hold registry_mutex. Publication and reclamation follow the
 * rules of <lttng/tracepoint-types.h>: a new array is stored with release
 * semantics before `state` becomes 1; `state` becomes 0 before the array
 * pointer is cleared; a replaced array is freed after an RCU grace
 * period, since readers iterate it inside a read-side section
 * (tracepoint-rcu.h: readers need no registration call, so any thread
 * of the application may hit a tracepoint).
 */
#include <assert.h>
#include <errno.h>
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include "tracepoint-registry.h"
#include "tracepoint-rcu.h"

/* The base of the site structure: newer headers may append fields. */
#define TP_SITE_BASE_SIZE                                                      \
	(offsetof(struct lttng_ust_tracepoint, signature) + sizeof(char *))

#define TP_TABLE_SIZE 1024

struct tp_site {
	struct lttng_ust_tracepoint *tp;
	unsigned int refcount; /* modules that registered this site */
	struct tp_site *next;
};

struct tp_entry {
	char *name;	 /* "provider:event" */
	char *signature; /* of the attached probes; NULL when none */
	struct tp_site *sites;
	struct lttng_ust_tracepoint_probe *probes; /* NULL when none */
	size_t nr_probes;
	unsigned int bucket;
	struct tp_entry *next; /* hash chain */
};

static pthread_mutex_t registry_mutex = PTHREAD_MUTEX_INITIALIZER;
static struct tp_entry *table[TP_TABLE_SIZE];

static unsigned int name_hash(const char *provider, const char *event)
{
	unsigned int h = 2166136261U;
	const char *p;

	for (p = provider; *p; p++)
		h = (h ^ (unsigned char)*p) * 16777619U;
	h = (h ^ ':') * 16777619U;
	for (p = event; *p; p++)
		h = (h ^ (unsigned char)*p) * 16777619U;
	return h % TP_TABLE_SIZE;
}

static int entry_has_name(const struct tp_entry *e, const char *provider,
			  const char *event)
{
	size_t len = strlen(provider);

	return !strncmp(e->name, provider, len) && e->name[len] == ':' &&
	       !strcmp(e->name + len + 1, event);
}

/* The entry named provider:event, created when `create` is set. */
static struct tp_entry *entry_get(const char *provider, const char *event,
				  int create)
{
	unsigned int h = name_hash(provider, event);
	struct tp_entry *e;
	size_t len;

	for (e = table[h]; e; e = e->next)
		if (entry_has_name(e, provider, event))
			return e;
	if (!create)
		return NULL;
	e = calloc(1, sizeof(*e));
	len = strlen(provider) + strlen(event) + 2;
	if (e)
		e->name = malloc(len);
	if (!e || !e->name) {
		free(e);
		ust_log("tracepoint %s:%s: out of memory", provider, event);
		return NULL;
	}
	snprintf(e->name, len, "%s:%s", provider, event);
	e->bucket = h;
	e->next = table[h];
	table[h] = e;
	return e;
}

/* Frees an entry that has neither sites nor probes. */
static void entry_release_if_unused(struct tp_entry *e)
{
	struct tp_entry **link;

	if (e->sites || e->probes)
		return;
	for (link = &table[e->bucket]; *link != e; link = &(*link)->next)
		assert(*link);
	*link = e->next;
	free(e->signature);
	free(e->name);
	free(e);
}

static int site_accepts(const struct tp_entry *e,
			const struct lttng_ust_tracepoint *tp)
{
	return e->probes && !strcmp(tp->signature, e->signature);
}

/* Gives one site the entry's current probes (or disables it). */
static void site_publish(const struct tp_entry *e,
			 struct lttng_ust_tracepoint *tp)
{
	if (site_accepts(e, tp)) {
		__atomic_store_n(&tp->probes, e->probes, __ATOMIC_RELEASE);
		__atomic_store_n(&tp->state, 1, __ATOMIC_RELEASE);
		return;
	}
	__atomic_store_n(&tp->state, 0, __ATOMIC_RELEASE);
	__atomic_store_n(&tp->probes, NULL, __ATOMIC_RELEASE);
	if (e->probes)
		ust_log("tracepoint %s: site signature \"%s\" differs from "
			"the probe's \"%s\": left disabled",
			e->name, tp->signature, e->signature);
}

/*
 * Replaces the entry's probe array with `probes` (n entries, may be
 * NULL when n is 0), publishes it, and frees the old one after a grace
 * period.
 */
static void entry_set_probes(struct tp_entry *e,
			     struct lttng_ust_tracepoint_probe *probes,
			     size_t n)
{
	struct lttng_ust_tracepoint_probe *old = e->probes;
	struct tp_site *s;

	e->probes = probes;
	e->nr_probes = n;
	for (s = e->sites; s; s = s->next)
		site_publish(e, s->tp);
	if (old) {
		lttng_ust_tp_rcu_synchronize();
		free(old);
	}
}

/* A copy of the entry's probes with room for `extra` more + terminator. */
static struct lttng_ust_tracepoint_probe *probes_copy(const struct tp_entry *e,
						      size_t extra)
{
	struct lttng_ust_tracepoint_probe *p;

	p = calloc(e->nr_probes + extra + 1, sizeof(*p));
	if (p && e->nr_probes)
		memcpy(p, e->probes, e->nr_probes * sizeof(*p));
	return p;
}

static ssize_t probe_index(const struct tp_entry *e, void (*func)(void),
			   void *data)
{
	size_t i;

	for (i = 0; i < e->nr_probes; i++)
		if (e->probes[i].func == func && e->probes[i].data == data)
			return (ssize_t)i;
	return -1;
}

static int site_add(struct lttng_ust_tracepoint *tp)
{
	struct tp_entry *e;
	struct tp_site *s;

	e = entry_get(tp->provider_name, tp->event_name, 1);
	if (!e)
		return -ENOMEM;
	for (s = e->sites; s; s = s->next) {
		if (s->tp == tp) {
			s->refcount++;
			return 0;
		}
	}
	s = calloc(1, sizeof(*s));
	if (!s) {
		entry_release_if_unused(e);
		ust_log("tracepoint %s: out of memory", e->name);
		return -ENOMEM;
	}
	s->tp = tp;
	s->refcount = 1;
	s->next = e->sites;
	e->sites = s;
	site_publish(e, tp);
	return 0;
}

static void site_remove(struct lttng_ust_tracepoint *tp)
{
	struct tp_entry *e;
	struct tp_site **link;
	struct tp_site *s;

	e = entry_get(tp->provider_name, tp->event_name, 0);
	if (!e)
		return;
	for (link = &e->sites; *link && (*link)->tp != tp;
	     link = &(*link)->next)
		;
	s = *link;
	if (!s || --s->refcount)
		return;
	*link = s->next;
	free(s);
	__atomic_store_n(&tp->state, 0, __ATOMIC_RELEASE);
	__atomic_store_n(&tp->probes, NULL, __ATOMIC_RELEASE);
	entry_release_if_unused(e);
}

/* Whether the site is one this registry can read (logs why not). */
static int site_readable(const struct lttng_ust_tracepoint *tp)
{
	if (tp->struct_size >= TP_SITE_BASE_SIZE)
		return 1;
	ust_log("tracepoint site of %u bytes, smaller than the %zu of "
		"LTTng-UST 2.13's layout: ignored",
		tp->struct_size, TP_SITE_BASE_SIZE);
	return 0;
}

static void sites_remove_locked(struct lttng_ust_tracepoint *const *tps,
				int count)
{
	int i;

	for (i = 0; i < count; i++)
		if (tps[i] && site_readable(tps[i]))
			site_remove(tps[i]);
}

int ust_tp_sites_add(struct lttng_ust_tracepoint *const *tps, int count)
{
	int ret = 0;
	int i;

	pthread_mutex_lock(&registry_mutex);
	for (i = 0; i < count && !ret; i++)
		if (tps[i] && site_readable(tps[i]))
			ret = site_add(tps[i]);
	if (ret)
		sites_remove_locked(tps, i - 1);
	pthread_mutex_unlock(&registry_mutex);
	ust_log("registered %d tracepoint sites: %s", count,
		ret ? "failed" : "ok");
	return ret;
}

void ust_tp_sites_remove(struct lttng_ust_tracepoint *const *tps, int count)
{
	pthread_mutex_lock(&registry_mutex);
	sites_remove_locked(tps, count);
	pthread_mutex_unlock(&registry_mutex);
}

static int probe_add(const char *provider, const char *event,
		     const char *signature, void (*func)(void), void *data)
{
	struct lttng_ust_tracepoint_probe *probes;
	struct tp_entry *e;

	e = entry_get(provider, event, 1);
	if (!e)
		return -ENOMEM;
	if (e->signature && strcmp(e->signature, signature)) {
		ust_log("probe for %s: signature \"%s\" differs from \"%s\"",
			e->name, signature, e->signature);
		return -EINVAL;
	}
	if (probe_index(e, func, data) >= 0)
		return -EEXIST;
	if (!e->signature)
		e->signature = strdup(signature);
	probes = probes_copy(e, 1);
	if (!probes || !e->signature) {
		free(probes);
		if (!e->probes) {
			free(e->signature);
			e->signature = NULL;
		}
		entry_release_if_unused(e);
		return -ENOMEM;
	}
	probes[e->nr_probes].func = func;
	probes[e->nr_probes].data = data;
	entry_set_probes(e, probes, e->nr_probes + 1);
	return 0;
}

int ust_tp_probe_attach(const char *provider, const char *event,
			const char *signature, void (*func)(void), void *data)
{
	int ret;

	assert(provider && event && signature && func);
	pthread_mutex_lock(&registry_mutex);
	ret = probe_add(provider, event, signature, func, data);
	pthread_mutex_unlock(&registry_mutex);
	return ret;
}

static int probe_remove(const char *provider, const char *event,
			void (*func)(void), void *data)
{
	struct lttng_ust_tracepoint_probe *probes = NULL;
	struct tp_entry *e;
	ssize_t at;
	size_t n;

	e = entry_get(provider, event, 0);
	at = e ? probe_index(e, func, data) : -1;
	if (at < 0)
		return -ENOENT;
	n = e->nr_probes - 1;
	if (n) {
		probes = probes_copy(e, 0);
		if (!probes) {
			ust_log("probe for %s: out of memory", e->name);
			return -ENOMEM;
		}
		memmove(&probes[at], &probes[at + 1],
			(e->nr_probes - at) * sizeof(*probes));
	}
	entry_set_probes(e, probes, n);
	if (!n) {
		free(e->signature);
		e->signature = NULL;
		entry_release_if_unused(e);
	}
	return 0;
}

int ust_tp_probe_detach(const char *provider, const char *event,
			void (*func)(void), void *data)
{
	int ret;

	assert(provider && event && func);
	pthread_mutex_lock(&registry_mutex);
	ret = probe_remove(provider, event, func, data);
	pthread_mutex_unlock(&registry_mutex);
	return ret;
}
