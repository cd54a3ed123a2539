/*
 * Implementation of kernel-metadata.h: the trace description, the index
 * of tracefs event ids, and the translation of format files into CTF
 * event classes and decoding plans.
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>

#include "bpf-strings.h"
#include "ctf/clock-block.h"
#include "event-map.h"
#include "filter/linker.h"
#include "kernel-metadata.h"
#include "statedump-events/statedump-events.h"
#include "tracefs/event-format.h"
#include "tracefs/instance.h"
#include "util/log.h"
#include "util/uuid.h"

#define MAX_EVENT_ID 65536 /* common_type is 16 bits */
#define MAX_STREAMS 256

struct stream_events {
	int exists;
	const struct kernel_filter_spec *filters;
	size_t nr_filters;
	uint32_t next_id;
	struct kernel_event_class **by_type; /* MAX_EVENT_ID slots */
	/* the state dump's classes, created on first use */
	const struct ctf_event_class *statedump[STATEDUMP_NR_EVENTS];
};

struct kernel_metadata {
	char root[4096];
	struct ctf_metadata *ctf;
	char **paths; /* "system/event" by id, MAX_EVENT_ID slots */
	int indexed;
	unsigned int *bpf_ids; /* tracepoints with a BPF-captured string */
	size_t nr_bpf_ids;
	struct stream_events streams[MAX_STREAMS];
};

static void index_system(struct kernel_metadata *km, const char *system)
{
	char rel[4600], *text;
	struct dirent *de;
	char err[256];
	DIR *dir;

	snprintf(rel, sizeof(rel), "%s/events/%s", km->root, system);
	dir = opendir(rel);
	if (!dir)
		return;
	while ((de = readdir(dir))) {
		unsigned long id;
		char *end;

		if (de->d_name[0] == '.' || de->d_type != DT_DIR)
			continue;
		snprintf(rel, sizeof(rel), "events/%s/%s/id", system,
			 de->d_name);
		if (tracefs_read_file(km->root, rel, &text, err, sizeof(err)))
			continue;
		id = strtoul(text, &end, 10);
		free(text);
		if (id >= MAX_EVENT_ID || km->paths[id])
			continue;
		snprintf(rel, sizeof(rel), "%s/%s", system, de->d_name);
		km->paths[id] = strdup(rel);
	}
	closedir(dir);
}

/* Reads every events/<system>/<event>/id (again when events appeared). */
static void index_events(struct kernel_metadata *km)
{
	char path[4200];
	struct dirent *de;
	DIR *dir;

	snprintf(path, sizeof(path), "%s/events", km->root);
	dir = opendir(path);
	if (!dir)
		return;
	while ((de = readdir(dir))) {
		if (de->d_name[0] != '.' && de->d_type == DT_DIR)
			index_system(km, de->d_name);
	}
	closedir(dir);
	km->indexed = 1;
}

struct kernel_metadata *
kernel_metadata_create(const char *tracefs_root,
		       const struct kernel_trace_info *info,
		       struct ctf_error *err)
{
	struct utsname uts;
	struct kernel_metadata *km;
	struct ctf_trace_desc desc = {0};
	int ret;

	uname(&uts);
	const struct ctf_env_entry env[] = {
		{"hostname", info->hostname, 0},
		{"domain", "kernel", 0},
		{"sysname", uts.sysname, 0},
		{"kernel_release", uts.release, 0},
		{"kernel_version", uts.version, 0},
		{"tracer_name", "lttng-modules", 0},
		{"tracer_major", NULL, 2},
		{"tracer_minor", NULL, 13},
		{"tracer_patchlevel", NULL, 0},
		{"trace_buffering_scheme", "global", 0},
		{"trace_name", info->trace_name, 0},
		{"trace_creation_datetime", info->creation_datetime, 0},
	};

	km = calloc(1, sizeof(*km));
	if (!km || !(km->paths = calloc(MAX_EVENT_ID, sizeof(char *)))) {
		free(km);
		ctf_error_set(err, -ENOMEM, "out of memory");
		return NULL;
	}
	snprintf(km->root, sizeof(km->root), "%s", tracefs_root);
	ret = uuid_generate_v4(desc.uuid);
	if (ret) {
		ctf_error_set(err, ret, "cannot generate the trace UUID: %s",
			      strerror(-ret));
		kernel_metadata_destroy(km);
		return NULL;
	}
	desc.byte_order = CTF_BYTE_ORDER_NATIVE;
	desc.env = env;
	desc.nr_env = sizeof(env) / sizeof(env[0]);
	ctf_clock_block_from_trace_clock(info->clock, &desc.clock);
	km->ctf = ctf_metadata_create(&desc, err);
	if (!km->ctf) {
		kernel_metadata_destroy(km);
		return NULL;
	}
	return km;
}

static void free_class(struct kernel_event_class *ec)
{
	size_t i;

	for (i = 0; i < ec->nr_plans; i++)
		free(ec->plans[i].name);
	free(ec->plans);
	kernel_record_filters_clear(ec);
	free(ec);
}

void kernel_metadata_destroy(struct kernel_metadata *km)
{
	size_t s, i;

	if (!km)
		return;
	for (s = 0; s < MAX_STREAMS; s++) {
		struct stream_events *se = &km->streams[s];

		for (i = 0; se->by_type && i < MAX_EVENT_ID; i++) {
			if (se->by_type[i])
				free_class(se->by_type[i]);
		}
		free(se->by_type);
	}
	for (i = 0; km->paths && i < MAX_EVENT_ID; i++)
		free(km->paths[i]);
	free(km->paths);
	free(km->bpf_ids);
	ctf_metadata_destroy(km->ctf);
	free(km);
}

int kernel_metadata_add_channel(struct kernel_metadata *km, uint32_t stream_id,
				const struct kernel_context_set *contexts,
				const struct kernel_filter_spec *filters,
				size_t nr_filters, struct ctf_error *err)
{
	struct stream_events *se;
	int ret;

	if (stream_id >= MAX_STREAMS)
		return ctf_error_set(err, -EINVAL, "too many kernel channels");
	se = &km->streams[stream_id];
	se->filters = filters;
	se->nr_filters = nr_filters;
	se->by_type = calloc(MAX_EVENT_ID, sizeof(*se->by_type));
	if (!se->by_type)
		return ctf_error_set(err, -ENOMEM, "out of memory");
	ret = ctf_metadata_add_stream_class(km->ctf, stream_id,
					    CTF_EVENT_HEADER_COMPACT,
					    kernel_context_type(contexts), err);
	if (!ret)
		se->exists = 1;
	return ret;
}

static bool has_bpf_string(const struct kernel_metadata *km, unsigned int id)
{
	size_t i;

	for (i = 0; i < km->nr_bpf_ids; i++) {
		if (km->bpf_ids[i] == id)
			return true;
	}
	return false;
}

/* Bytes of one element of a __data_loc array of type (not char). */
static unsigned int elem_size_of(const char *type)
{
	if (strstr(type, "64") || strstr(type, "long"))
		return 8;
	if (strstr(type, "32") || strstr(type, "int"))
		return 4;
	if (strstr(type, "16") || strstr(type, "short"))
		return 2;
	return 1;
}

static struct ctf_type *integer_type(unsigned int bytes, int is_signed,
				     unsigned int base,
				     enum ctf_encoding encoding)
{
	struct ctf_integer_desc desc = {.size = bytes * 8,
					.align = 8,
					.is_signed = is_signed,
					.base = base,
					.encoding = encoding};

	return ctf_type_integer_create(&desc);
}

static int is_power_of_two_size(unsigned int size)
{
	return size == 1 || size == 2 || size == 4 || size == 8;
}

/* Plans one field and adds its CTF type(s) to payload. */
static int plan_field(const struct tracefs_field *f, const char *name,
		      int64_t bias, bool bpf_string, struct ctf_type *payload,
		      struct kernel_field_plan *plan)
{
	char length_name[300];
	struct ctf_type *type;
	/* Addresses (pointers, a probe's ip) are shown in hexadecimal. */
	int is_pointer =
		strchr(f->type, '*') != NULL || !strcmp(f->name, "__probe_ip");
	int ret;

	memset(plan, 0, sizeof(*plan));
	plan->name = strdup(name);
	if (!plan->name)
		return -ENOMEM;
	plan->offset = f->offset;
	plan->size = f->size;
	plan->is_signed = f->is_signed && !is_pointer;
	plan->is_rel_loc = f->is_rel_loc;
	plan->bias = bias;
	if (bpf_string) {
		plan->kind = KERNEL_FIELD_BPF_STRING;
		type = ctf_type_string_create(CTF_ENCODING_UTF8);
	} else if (f->is_string &&
		   (f->is_data_loc || f->is_rel_loc || f->is_flexible)) {
		plan->kind = f->is_flexible ? KERNEL_FIELD_STRING_FLEX
					    : KERNEL_FIELD_STRING_LOC;
		type = ctf_type_string_create(CTF_ENCODING_UTF8);
	} else if (f->is_string) {
		plan->kind = KERNEL_FIELD_TEXT_ARRAY;
		plan->count = f->size;
		plan->elem_size = 1;
		type = ctf_type_array_create(
			integer_type(1, 1, 10, CTF_ENCODING_UTF8), f->size);
	} else if (f->is_data_loc || f->is_rel_loc || f->is_flexible) {
		plan->kind = KERNEL_FIELD_SEQ_LOC;
		plan->elem_size = elem_size_of(f->type);
		snprintf(length_name, sizeof(length_name), "%s_length", name);
		type = integer_type(4, 0, 10, CTF_ENCODING_NONE);
		if (!type || ctf_type_add_field(payload, length_name, type))
			return -ENOMEM;
		type = ctf_type_sequence_create(integer_type(plan->elem_size,
							     f->is_signed, 10,
							     CTF_ENCODING_NONE),
						length_name);
		if (f->is_flexible)
			plan->kind = KERNEL_FIELD_SEQ_LOC, plan->count = 1;
	} else if (f->array_len || !is_power_of_two_size(f->size)) {
		unsigned int count = f->array_len ? f->array_len : f->size;

		plan->kind = KERNEL_FIELD_INT_ARRAY;
		plan->elem_size = f->size / count;
		if (!is_power_of_two_size(plan->elem_size) ||
		    plan->elem_size * count != f->size)
			plan->elem_size = 1, count = f->size;
		plan->count = count;
		type = ctf_type_array_create(integer_type(plan->elem_size,
							  f->is_signed, 10,
							  CTF_ENCODING_NONE),
					     count);
	} else {
		plan->kind = KERNEL_FIELD_INT;
		type = integer_type(f->size, plan->is_signed,
				    is_pointer ? 16 : 10, CTF_ENCODING_NONE);
	}
	if (!type)
		return -ENOMEM;
	ret = ctf_type_add_field(payload, name, type);
	return ret ? -ENOMEM : 0;
}

/*
 * A system call argument as LTTng types it: the low bytes of the 8-byte
 * register value tracefs stores, with the C type's size and signedness.
 */
static const struct tracefs_field *syscall_arg(const struct tracefs_field *f,
					       struct tracefs_field *narrowed)
{
	unsigned int size;
	bool is_signed;

	if (f->size != 8 || f->array_len || f->is_data_loc || f->is_rel_loc ||
	    !kernel_syscall_arg_type(f->type, &size, &is_signed))
		return f;
	*narrowed = *f;
	narrowed->size = size;
	narrowed->is_signed = is_signed;
	return narrowed;
}

/*
 * Links the stream's filter for this event, if any: one program per
 * rule. A rule's expression that does not compile or link (the event
 * lacks a field it names) matches nothing on this event; the other
 * rules still apply.
 */
static void attach_filter(const struct stream_events *se,
			  struct kernel_event_class *ec)
{
	char err[512];
	size_t i;

	for (i = 0; i < se->nr_filters; i++) {
		const struct kernel_filter_spec *spec = &se->filters[i];

		if (strcmp(spec->system, ec->system) ||
		    strcmp(spec->event, ec->name))
			continue;
		if (kernel_record_filters_set(ec, spec->expression, err,
					      sizeof(err)))
			WARN("kernel consumer: %s", err);
		return;
	}
}

int kernel_metadata_set_filters(struct kernel_metadata *km, uint32_t stream_id,
				const struct kernel_filter_spec *filters,
				size_t nr_filters)
{
	struct stream_events *se;
	unsigned int type;

	if (stream_id >= MAX_STREAMS || !km->streams[stream_id].exists)
		return -EINVAL;
	se = &km->streams[stream_id];
	se->filters = filters;
	se->nr_filters = nr_filters;
	for (type = 0; type < MAX_EVENT_ID; type++) {
		struct kernel_event_class *ec = se->by_type[type];

		if (!ec)
			continue;
		kernel_record_filters_clear(ec);
		attach_filter(se, ec);
	}
	return 0;
}

/* Fields LTTng's sched_process_fork has beyond tracefs's. */
#define FORK_EXTRA_FIELDS 8

static bool is_sched_process_fork(const struct tracefs_event_format *format)
{
	return !strcmp(format->system, "sched") &&
	       !strcmp(format->name, "sched_process_fork");
}

/* A field computed from the thread id field at source_offset. */
static int plan_derived(enum kernel_field_kind kind, const char *name,
			unsigned int source_offset, struct ctf_type *payload,
			struct kernel_field_plan *plan)
{
	struct ctf_type *type;
	char length_name[64];

	memset(plan, 0, sizeof(*plan));
	plan->kind = kind;
	plan->offset = source_offset;
	plan->size = 4;
	plan->elem_size = 4;
	plan->is_signed = kind != KERNEL_FIELD_PID_NS_INUM;
	plan->name = strdup(name);
	if (!plan->name)
		return -ENOMEM;
	if (kind == KERNEL_FIELD_VTIDS) {
		snprintf(length_name, sizeof(length_name), "%s_length", name);
		type = integer_type(1, 0, 10, CTF_ENCODING_NONE);
		if (!type || ctf_type_add_field(payload, length_name, type))
			return -ENOMEM;
		type = ctf_type_sequence_create(
			integer_type(4, 1, 10, CTF_ENCODING_NONE), length_name);
	} else {
		type = integer_type(4, plan->is_signed, 10, CTF_ENCODING_NONE);
	}
	if (!type || ctf_type_add_field(payload, name, type))
		return -ENOMEM;
	return 0;
}

/*
 * sched_process_fork in LTTng's field order: parent_comm, parent_tid,
 * parent_pid, parent_ns_inum, child_comm, child_tid, vtids, child_pid,
 * child_ns_inum; tracefs's parent_pid/child_pid are the thread ids.
 */
static int plan_sched_process_fork(const struct tracefs_event_format *format,
				   struct ctf_type *payload,
				   struct kernel_event_class *ec)
{
	static const char *const sides[] = {"parent", "child"};
	char name[64];
	int s, ret;

	for (s = 0; s < 2; s++) {
		const struct tracefs_field *comm, *tid;

		snprintf(name, sizeof(name), "%s_comm", sides[s]);
		comm = tracefs_event_format_field(format, name);
		snprintf(name, sizeof(name), "%s_pid", sides[s]);
		tid = tracefs_event_format_field(format, name);
		if (!comm || !tid || tid->size != 4)
			return -EINVAL;
		ret = plan_field(comm, comm->name, 0, false, payload,
				 &ec->plans[ec->nr_plans]);
		ec->nr_plans += ec->plans[ec->nr_plans].name != NULL;
		snprintf(name, sizeof(name), "%s_tid", sides[s]);
		if (!ret)
			ret = plan_field(tid, name, 0, false, payload,
					 &ec->plans[ec->nr_plans]);
		ec->nr_plans += ec->plans[ec->nr_plans].name != NULL;
		if (!ret && s == 1)
			ret = plan_derived(KERNEL_FIELD_VTIDS, "vtids",
					   tid->offset, payload,
					   &ec->plans[ec->nr_plans]);
		ec->nr_plans += s == 1 && ec->plans[ec->nr_plans].name;
		snprintf(name, sizeof(name), "%s_pid", sides[s]);
		if (!ret)
			ret = plan_derived(KERNEL_FIELD_TGID, name, tid->offset,
					   payload, &ec->plans[ec->nr_plans]);
		ec->nr_plans += ec->plans[ec->nr_plans].name != NULL;
		snprintf(name, sizeof(name), "%s_ns_inum", sides[s]);
		if (!ret)
			ret = plan_derived(KERNEL_FIELD_PID_NS_INUM, name,
					   tid->offset, payload,
					   &ec->plans[ec->nr_plans]);
		ec->nr_plans += ec->plans[ec->nr_plans].name != NULL;
		if (ret)
			return ret;
	}
	return 0;
}

/* Builds the class of a parsed format in a stream. */
static struct kernel_event_class *
build_class(struct kernel_metadata *km, struct stream_events *se,
	    uint32_t stream_id, const struct tracefs_event_format *format,
	    struct ctf_error *err)
{
	struct kernel_event_class *ec = calloc(1, sizeof(*ec));
	struct ctf_type *payload = ctf_type_struct_create();
	struct ctf_event_desc desc = {0};
	char lttng_name[256];
	size_t i;
	int ret = -ENOMEM;

	if (!ec || !payload ||
	    !(ec->plans = calloc(format->nr_fields + FORK_EXTRA_FIELDS,
				 sizeof(*ec->plans))))
		goto fail;
	snprintf(ec->system, sizeof(ec->system), "%s", format->system);
	snprintf(ec->name, sizeof(ec->name), "%s", format->name);
	ec->is_exec = !strcmp(format->system, "sched") &&
		      !strcmp(format->name, "sched_process_exec");
	if (is_sched_process_fork(format)) {
		ret = plan_sched_process_fork(format, payload, ec);
		if (ret)
			goto fail;
	}
	for (i = 0; !is_sched_process_fork(format) && i < format->nr_fields;
	     i++) {
		const struct tracefs_field *f = &format->fields[i];
		struct tracefs_field narrowed;
		const char *name = kernel_field_name(format->system,
						     format->name, f->name);
		struct kernel_field_plan *plan = &ec->plans[ec->nr_plans];

		if (f->is_common || !name)
			continue;
		if (!strcmp(format->system, "syscalls"))
			f = syscall_arg(f, &narrowed);
		ret = plan_field(
			f, name, kernel_field_bias(format->system, f->name),
			has_bpf_string(km, format->id) &&
				kernel_bpf_string_arg(f->name, f->type),
			payload, plan);
		if (plan->name)
			ec->nr_plans++; /* freed with the class from now on */
		if (ret)
			goto fail;
	}
	kernel_event_name(format->system, format->name, lttng_name,
			  sizeof(lttng_name));
	desc.id = se->next_id;
	desc.stream_id = stream_id;
	desc.name = lttng_name;
	ret = ctf_metadata_add_event_class(km->ctf, &desc, payload, err);
	payload = NULL; /* owned by the metadata now */
	if (ret)
		goto fail_quiet;
	ec->ctf = ctf_metadata_event_class(km->ctf, stream_id, se->next_id);
	se->next_id++;
	attach_filter(se, ec);
	return ec;
fail:
	ctf_error_set(err, ret, "event %s:%s: cannot describe its fields",
		      format->system, format->name);
fail_quiet:
	ctf_type_destroy(payload);
	if (ec && ec->plans)
		free_class(ec);
	else
		free(ec);
	return NULL;
}

static struct stream_events *
stream_of(struct kernel_metadata *km, uint32_t stream_id, struct ctf_error *err)
{
	if (stream_id >= MAX_STREAMS || !km->streams[stream_id].exists) {
		ctf_error_set(err, -ENOENT, "no kernel channel %u", stream_id);
		return NULL;
	}
	return &km->streams[stream_id];
}

const struct kernel_event_class *
kernel_metadata_add_format(struct kernel_metadata *km, uint32_t stream_id,
			   const char *system, const char *format_text,
			   struct ctf_error *err)
{
	struct stream_events *se = stream_of(km, stream_id, err);
	struct tracefs_event_format format;
	struct kernel_event_class *ec;
	char msg[256];

	if (!se)
		return NULL;
	if (tracefs_event_format_parse(format_text, system, &format, msg,
				       sizeof(msg))) {
		ctf_error_set(err, -EINVAL, "%s", msg);
		return NULL;
	}
	if (format.id >= MAX_EVENT_ID) {
		ctf_error_set(err, -EINVAL, "event id %u out of range",
			      format.id);
		tracefs_event_format_fini(&format);
		return NULL;
	}
	ec = se->by_type[format.id];
	if (!ec) {
		ec = build_class(km, se, stream_id, &format, err);
		se->by_type[format.id] = ec;
	}
	tracefs_event_format_fini(&format);
	return ec;
}

const struct kernel_event_class *
kernel_metadata_event(struct kernel_metadata *km, uint32_t stream_id,
		      unsigned int type, struct ctf_error *err)
{
	struct stream_events *se = stream_of(km, stream_id, err);
	const struct kernel_event_class *ec;
	char rel[600], msg[256], system[256], *text, *slash;

	if (!se)
		return NULL;
	if (type >= MAX_EVENT_ID) {
		ctf_error_set(err, -EINVAL, "event id %u out of range", type);
		return NULL;
	}
	if (se->by_type[type])
		return se->by_type[type];
	if (!km->paths[type])
		index_events(km); /* new dynamic events (uprobes) */
	if (!km->paths[type]) {
		ctf_error_set(err, -ENOENT, "no tracefs event has id %u", type);
		return NULL;
	}
	snprintf(system, sizeof(system), "%s", km->paths[type]);
	slash = strchr(system, '/');
	if (slash)
		*slash = '\0';
	snprintf(rel, sizeof(rel), "events/%s/format", km->paths[type]);
	if (tracefs_read_file(km->root, rel, &text, msg, sizeof(msg))) {
		ctf_error_set(err, -EIO, "%s", msg);
		return NULL;
	}
	ec = kernel_metadata_add_format(km, stream_id, system, text, err);
	free(text);
	return ec;
}

/* The CTF type of one state dump field (statedump-events.c). */
static struct ctf_type *statedump_field_type(const struct statedump_field *f)
{
	struct ctf_integer_desc be = {.size = f->size * 8,
				      .align = 8,
				      .is_signed = f->is_signed,
				      .base = f->base,
				      .byte_order = CTF_BYTE_ORDER_BE};

	switch (f->kind) {
	case STATEDUMP_FIELD_INT:
		return integer_type(f->size, f->is_signed, f->base,
				    CTF_ENCODING_NONE);
	case STATEDUMP_FIELD_INT_BE:
		return ctf_type_integer_create(&be);
	case STATEDUMP_FIELD_TEXT_ARRAY:
		return ctf_type_array_create(
			integer_type(1, 1, 10, CTF_ENCODING_UTF8), f->size);
	default:
		return ctf_type_string_create(CTF_ENCODING_UTF8);
	}
}

static struct ctf_type *
statedump_payload_type(const struct statedump_event_desc *desc)
{
	struct ctf_type *payload = ctf_type_struct_create();
	struct ctf_type *type;
	size_t i;

	for (i = 0; payload && i < desc->nr_fields; i++) {
		type = statedump_field_type(&desc->fields[i]);
		if (!type ||
		    ctf_type_add_field(payload, desc->fields[i].name, type)) {
			ctf_type_destroy(type);
			ctf_type_destroy(payload);
			return NULL;
		}
	}
	return payload;
}

const struct ctf_event_class *
kernel_metadata_statedump_class(struct kernel_metadata *km, uint32_t stream_id,
				enum statedump_event event,
				struct ctf_error *err)
{
	struct stream_events *se = stream_of(km, stream_id, err);
	const struct statedump_event_desc *desc = statedump_event_desc(event);
	struct ctf_event_desc ev = {0};
	struct ctf_type *payload;

	if (!se || !desc)
		return NULL;
	if (se->statedump[event])
		return se->statedump[event];
	payload = statedump_payload_type(desc);
	if (!payload) {
		ctf_error_set(err, -ENOMEM, "out of memory");
		return NULL;
	}
	ev.id = se->next_id;
	ev.stream_id = stream_id;
	ev.name = desc->name;
	if (ctf_metadata_add_event_class(km->ctf, &ev, payload, err))
		return NULL;
	se->statedump[event] =
		ctf_metadata_event_class(km->ctf, stream_id, se->next_id);
	se->next_id++;
	return se->statedump[event];
}

const struct ctf_metadata *kernel_metadata_ctf(const struct kernel_metadata *km)
{
	return km->ctf;
}

int kernel_metadata_set_bpf_targets(struct kernel_metadata *km,
				    const unsigned int *ids, size_t nr_ids)
{
	unsigned int *copy = malloc((nr_ids ? nr_ids : 1) * sizeof(*ids));

	if (!copy)
		return -ENOMEM;
	memcpy(copy, ids, nr_ids * sizeof(*ids));
	free(km->bpf_ids);
	km->bpf_ids = copy;
	km->nr_bpf_ids = nr_ids;
	return 0;
}

int kernel_metadata_set_clock_offset(struct kernel_metadata *km,
				     int64_t offset_s, int64_t offset,
				     struct ctf_error *err)
{
	return ctf_metadata_set_clock_offset(km->ctf, offset_s, offset, err);
}
