/*
 * liblttng-ust: registration of providers compiled against LTTng-UST
 * 2.13's headers (lttng_ust_probe_register() with LTTng's description,
 * lttng-abi.h). Each is checked (structure sizes, provider major/minor
 * version), translated into our description (field types, enumerations,
 * log levels) and registered as any provider built with our headers
 * (lttng_ust_probe_register_abi1()); what differs at run time, the
 * objects its probes are called with, is lttng-abi-client.c's.
 *
 * A refused provider gets LTTng's message under LTTNG_UST_DEBUG, and a
 * cookie all the same where LTTng returns NULL: LTTng's generated
 * constructor then aborts the application ("Error while registering
 * tracepoint probe"), and a provider this tracer cannot read must not
 * kill the program it instruments (LTTng is wrong there; ours differs).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <lttng/tracepoint.h>

#include "lttng-abi.h"
#include "tracer.h"

/* One registered LTTng-built provider: the registration cookie. */
struct ust_lttng_provider {
	const struct lttng213_probe_desc *lttng;
	struct lttng_ust_probe_desc desc;
	struct ust_lttng_event *events;
	struct lttng_ust_event_desc **event_ptrs;
	struct lttng_ust_enum_desc *enums; /* one per enumeration field */
	struct lttng_ust_enum_entry **enum_entries;
	unsigned int nr_enums;
	struct ust_lttng_provider *next;
};

/* The cookie of refused providers: unregistering it does nothing. */
static struct ust_lttng_provider refused_provider;

/* Registered providers, under the tracer lock. */
static struct ust_lttng_provider *providers;

struct ust_lttng_event *
ust_lttng_event_find(const struct lttng_ust_event_desc *desc)
{
	struct ust_lttng_provider *p;

	for (p = providers; p; p = p->next)
		if (p->desc.nr_events &&
		    (const char *)desc >= (const char *)p->events &&
		    (const char *)desc <
			    (const char *)(p->events + p->desc.nr_events))
			return (struct ust_lttng_event *)desc;
	return NULL;
}

static int sized(uint32_t struct_size, size_t base, const char *what,
		 const char *provider)
{
	if (struct_size >= base)
		return 1;
	ust_log("provider %s: %s of %u bytes, smaller than LTTng-UST 2.13's "
		"%zu: refused",
		provider, what, struct_size, base);
	return 0;
}

static int integer_translate(const struct lttng213_type_common *t,
			     struct lttng_ust_integer_type *out,
			     const char *provider)
{
	const struct lttng213_type_integer *i = (const void *)t;

	if (!t || t->type != LTTNG213_TYPE_INTEGER ||
	    !sized(i->struct_size,
		   LTTNG213_BASE_SIZE(struct lttng213_type_integer, base),
		   "integer type", provider))
		return -EINVAL;
	out->size = (unsigned short)i->size;
	out->alignment = i->alignment;
	out->signedness = i->signedness;
	/* "reverse" is relative to the host: the hosts we build for are
	 * little-endian, so a reversed integer is a big-endian one. */
	out->byte_order = i->reverse_byte_order ? LTTNG_UST_BYTE_ORDER_NETWORK
						: LTTNG_UST_BYTE_ORDER_NATIVE;
	out->base = (unsigned char)i->base;
	return 0;
}

static enum lttng_ust_string_encoding
encoding_translate(enum lttng213_string_encoding e)
{
	return e == LTTNG213_ENCODING_NONE ? LTTNG_UST_STRING_ENCODING_NONE
					   : LTTNG_UST_STRING_ENCODING_UTF8;
}

static int enum_translate(struct ust_lttng_provider *p,
			  const struct lttng213_enum_desc *e,
			  struct lttng_ust_enum_desc *out)
{
	struct lttng_ust_enum_entry *entries;
	unsigned int i;

	if (!e ||
	    !sized(e->struct_size,
		   LTTNG213_BASE_SIZE(struct lttng213_enum_desc, nr_entries),
		   "enumeration", p->lttng->provider_name))
		return -EINVAL;
	entries = calloc(e->nr_entries ? e->nr_entries : 1, sizeof(*entries));
	if (!entries)
		return -ENOMEM;
	p->enum_entries[p->nr_enums - 1] = entries;
	for (i = 0; i < e->nr_entries; i++) {
		const struct lttng213_enum_entry *src = e->entries[i];

		if (!sized(src->struct_size,
			   LTTNG213_BASE_SIZE(struct lttng213_enum_entry,
					      options),
			   "enumeration entry", p->lttng->provider_name))
			return -EINVAL;
		entries[i].start.value = src->start.value;
		entries[i].start.signedness = src->start.signedness;
		entries[i].end.value = src->end.value;
		entries[i].end.signedness = src->end.signedness;
		entries[i].label = src->string;
		entries[i].options =
			src->options & 1U ? LTTNG_UST_ENUM_ENTRY_OPTION_IS_AUTO
					  : 0;
	}
	out->name = e->name;
	out->entries = entries;
	out->nr_entries = e->nr_entries;
	return 0;
}

/*
 * One field: its type into `out`, and where the filter finds its value
 * on the probe's interpreter stack (*stack_off advances past it; a
 * sequence's length field has no slot of its own: it reads the count of
 * the sequence's slot, which follows).
 */
static int field_translate(struct ust_lttng_provider *p,
			   const struct lttng213_event_field *f,
			   struct lttng_ust_event_field *out,
			   struct lttng213_stack_field *stack,
			   size_t *stack_off, const char *prev_name)
{
	const char *provider = p->lttng->provider_name;
	const struct lttng213_type_common *t = f->type;
	int ret = 0;

	if (!sized(f->struct_size,
		   LTTNG213_BASE_SIZE(struct lttng213_event_field, type),
		   "field", provider) ||
	    !f->name || !t)
		return -EINVAL;
	out->name = f->name;
	out->nowrite = f->nowrite;
	stack->offset = *stack_off;
	switch (t->type) {
	case LTTNG213_TYPE_INTEGER:
		out->kind = LTTNG_UST_TYPE_INTEGER;
		ret = integer_translate(t, &out->integer, provider);
		if (f->nofilter) {
			stack->kind = LTTNG213_STACK_SEQ_LEN;
			return ret;
		}
		stack->kind = out->integer.signedness ? LTTNG213_STACK_S64
						      : LTTNG213_STACK_U64;
		break;
	case LTTNG213_TYPE_FLOAT: {
		const struct lttng213_type_float *fl = (const void *)t;

		if (!sized(fl->struct_size,
			   LTTNG213_BASE_SIZE(struct lttng213_type_float,
					      alignment),
			   "float type", provider))
			return -EINVAL;
		out->kind = LTTNG_UST_TYPE_FLOAT;
		out->flt.exp_dig = (unsigned short)fl->exp_dig;
		out->flt.mant_dig = (unsigned short)fl->mant_dig;
		out->flt.alignment = fl->alignment;
		out->flt.byte_order = fl->reverse_byte_order
					      ? LTTNG_UST_BYTE_ORDER_NETWORK
					      : LTTNG_UST_BYTE_ORDER_NATIVE;
		stack->kind = LTTNG213_STACK_DOUBLE;
		break;
	}
	case LTTNG213_TYPE_STRING: {
		const struct lttng213_type_string *s = (const void *)t;

		if (!sized(s->struct_size,
			   LTTNG213_BASE_SIZE(struct lttng213_type_string,
					      encoding),
			   "string type", provider))
			return -EINVAL;
		out->kind = LTTNG_UST_TYPE_STRING;
		out->encoding = LTTNG_UST_STRING_ENCODING_UTF8;
		stack->kind = LTTNG213_STACK_STRING;
		break;
	}
	case LTTNG213_TYPE_ENUM: {
		const struct lttng213_type_enum *e = (const void *)t;

		if (!sized(e->struct_size,
			   LTTNG213_BASE_SIZE(struct lttng213_type_enum,
					      container_type),
			   "enumeration type", provider))
			return -EINVAL;
		out->kind = LTTNG_UST_TYPE_ENUM;
		ret = integer_translate(e->container_type, &out->integer,
					provider);
		if (!ret) {
			out->enum_desc = &p->enums[p->nr_enums++];
			ret = enum_translate(p, e->desc,
					     &p->enums[p->nr_enums - 1]);
		}
		stack->kind = out->integer.signedness ? LTTNG213_STACK_S64
						      : LTTNG213_STACK_U64;
		break;
	}
	case LTTNG213_TYPE_ARRAY: {
		const struct lttng213_type_array *a = (const void *)t;

		if (!sized(a->struct_size,
			   LTTNG213_BASE_SIZE(struct lttng213_type_array,
					      encoding),
			   "array type", provider))
			return -EINVAL;
		out->kind = LTTNG_UST_TYPE_ARRAY;
		out->length = a->length;
		out->encoding = encoding_translate(a->encoding);
		ret = integer_translate(a->elem_type, &out->integer, provider);
		stack->kind = LTTNG213_STACK_ARRAY;
		break;
	}
	case LTTNG213_TYPE_SEQUENCE: {
		const struct lttng213_type_sequence *s = (const void *)t;

		if (!sized(s->struct_size,
			   LTTNG213_BASE_SIZE(struct lttng213_type_sequence,
					      encoding),
			   "sequence type", provider))
			return -EINVAL;
		out->kind = LTTNG_UST_TYPE_SEQUENCE;
		out->length_name = s->length_name ? s->length_name : prev_name;
		out->encoding = encoding_translate(s->encoding);
		ret = integer_translate(s->elem_type, &out->integer, provider);
		stack->kind = LTTNG213_STACK_ARRAY;
		if (!out->length_name)
			ret = -EINVAL;
		break;
	}
	default:
		ust_log("provider %s: field %s has a type (%d) that tracepoint "
			"providers do not define: refused",
			provider, f->name, (int)t->type);
		return -EINVAL;
	}
	*stack_off += stack->kind == LTTNG213_STACK_ARRAY
			      ? sizeof(unsigned long) + sizeof(void *)
			      : 8;
	return ret;
}

static int event_translate(struct ust_lttng_provider *p,
			   const struct lttng213_event_desc *src,
			   struct ust_lttng_event *ev)
{
	const char *provider = p->lttng->provider_name;
	const struct lttng213_tracepoint_class *cls;
	size_t i, stack_off = 0;
	int ret;

	if (!src || !sized(src->struct_size,
			   LTTNG213_BASE_SIZE(struct lttng213_event_desc,
					      model_emf_uri),
			   "event", provider))
		return -EINVAL;
	cls = src->tp_class;
	if (!cls || !sized(cls->struct_size,
			   LTTNG213_BASE_SIZE(struct lttng213_tracepoint_class,
					      probe_desc),
			   "event class", provider))
		return -EINVAL;
	ev->lttng = src;
	ev->fields = calloc(cls->nr_fields ? cls->nr_fields : 1,
			    sizeof(*ev->fields));
	ev->stack =
		calloc(cls->nr_fields ? cls->nr_fields : 1, sizeof(*ev->stack));
	if (!ev->fields || !ev->stack)
		return -ENOMEM;
	for (i = 0; i < cls->nr_fields; i++) {
		ret = field_translate(p, cls->fields[i], &ev->fields[i],
				      &ev->stack[i], &stack_off,
				      i ? ev->fields[i - 1].name : NULL);
		if (ret) {
			ust_log("provider %s: event %s: field %zu cannot be "
				"read: refused",
				provider, src->event_name, i);
			return ret;
		}
	}
	ev->desc.provider_name = provider;
	ev->desc.event_name = src->event_name;
	ev->desc.fields = ev->fields;
	ev->desc.nr_fields = (unsigned int)cls->nr_fields;
	ev->desc.probe_callback = cls->probe_callback;
	ev->desc.signature = cls->signature;
	ev->desc.loglevel = src->loglevel && *src->loglevel
				    ? **src->loglevel
				    : LTTNG_UST_TRACEPOINT_LOGLEVEL_DEBUG_LINE;
	ev->desc.model_emf_uri = src->model_emf_uri && *src->model_emf_uri
					 ? *src->model_emf_uri
					 : NULL;
	return 0;
}

static void provider_free(struct ust_lttng_provider *p)
{
	unsigned int i;

	if (p->events)
		for (i = 0; i < p->lttng->nr_events; i++) {
			free(p->events[i].fields);
			free(p->events[i].stack);
		}
	for (i = 0; i < p->nr_enums; i++)
		free(p->enum_entries[i]);
	free(p->enum_entries);
	free(p->enums);
	free(p->event_ptrs);
	free(p->events);
	free(p);
}

/* The number of enumeration fields of the provider's events. */
static unsigned int enum_field_count(const struct lttng213_probe_desc *d)
{
	unsigned int i, n = 0;
	size_t j;

	for (i = 0; i < d->nr_events; i++) {
		const struct lttng213_tracepoint_class *cls =
			d->event_desc[i] ? d->event_desc[i]->tp_class : NULL;

		for (j = 0; cls && j < cls->nr_fields; j++)
			n += cls->fields[j] && cls->fields[j]->type &&
			     cls->fields[j]->type->type == LTTNG213_TYPE_ENUM;
	}
	return n;
}

static struct ust_lttng_provider *
provider_translate(const struct lttng213_probe_desc *d)
{
	struct ust_lttng_provider *p = calloc(1, sizeof(*p));
	unsigned int i, nr_enums = enum_field_count(d);

	if (!p)
		return NULL;
	p->lttng = d;
	p->events = calloc(d->nr_events ? d->nr_events : 1, sizeof(*p->events));
	p->event_ptrs = calloc(d->nr_events + 1, sizeof(*p->event_ptrs));
	p->enums = calloc(nr_enums ? nr_enums : 1, sizeof(*p->enums));
	p->enum_entries =
		calloc(nr_enums ? nr_enums : 1, sizeof(*p->enum_entries));
	if (!p->events || !p->event_ptrs || !p->enums || !p->enum_entries) {
		provider_free(p);
		return NULL;
	}
	for (i = 0; i < d->nr_events; i++) {
		if (event_translate(p, d->event_desc[i], &p->events[i])) {
			provider_free(p);
			return NULL;
		}
		p->event_ptrs[i] = &p->events[i].desc;
	}
	p->desc.provider_name = d->provider_name;
	p->desc.event_descs = p->event_ptrs;
	p->desc.nr_events = d->nr_events;
	p->desc.major = LTTNG_UST_PROBE_ABI_MAJOR;
	p->desc.minor = LTTNG_UST_PROBE_ABI_MINOR;
	return p;
}

/* Whether this tracer reads providers of d's version (LTTng's rule). */
static int version_accepted(const struct lttng213_probe_desc *d)
{
	if (d->major >= LTTNG213_PROVIDER_MAJOR_OLDEST &&
	    d->major <= LTTNG213_PROVIDER_MAJOR)
		return 1;
	ust_log("Error: Provider \"%s\" rejected, version %u.%u is "
		"incompatible with LTTng UST provider version %d.%d. Please "
		"upgrade LTTng UST.",
		d->provider_name, d->major, d->minor, LTTNG213_PROVIDER_MAJOR,
		LTTNG213_PROVIDER_MINOR);
	return 0;
}

UST_API struct ust_lttng_provider *
lttng_ust_probe_register(const struct lttng213_probe_desc *d)
{
	struct ust_lttng_provider *p;
	int ret;

	if (!d || !sized(d->struct_size,
			 LTTNG213_BASE_SIZE(struct lttng213_probe_desc, minor),
			 "provider description", d ? "(unnamed)" : "(null)"))
		return &refused_provider;
	if (!version_accepted(d))
		return &refused_provider;
	ust_init();
	p = provider_translate(d);
	if (!p) {
		ust_log("provider \"%s\" (LTTng-UST 2.13 ABI) refused: its "
			"description cannot be read (see above) or memory is "
			"short",
			d->provider_name);
		return &refused_provider;
	}
	/* Visible to recorder creation before registration creates any. */
	ust_lock();
	p->next = providers;
	providers = p;
	ust_unlock();
	ret = lttng_ust_probe_register_abi1(&p->desc);
	if (ret) {
		struct ust_lttng_provider **link;

		ust_lock();
		for (link = &providers; *link != p; link = &(*link)->next)
			;
		*link = p->next;
		ust_unlock();
		provider_free(p);
		return &refused_provider;
	}
	ust_log("provider \"%s\" registered through the LTTng-UST 2.13 "
		"provider ABI (version %u.%u)",
		d->provider_name, d->major, d->minor);
	return p;
}

UST_API void lttng_ust_probe_unregister(struct ust_lttng_provider *p)
{
	struct ust_lttng_provider **link;

	if (!p || p == &refused_provider)
		return;
	lttng_ust_probe_unregister_abi1(&p->desc);
	ust_lock();
	for (link = &providers; *link && *link != p; link = &(*link)->next)
		;
	if (*link)
		*link = p->next;
	ust_unlock();
	provider_free(p);
}
