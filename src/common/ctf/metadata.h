/*
 * A trace's CTF metadata: the trace description (UUID, byte order,
 * environment, clock) and the stream and event classes, kept as TSDL
 * text in the shape LTTng-tools 2.13 writes for user space traces, so
 * babeltrace2 shows our traces exactly as LTTng's. The session daemon's
 * metadata registry owns one per trace; stream writers look classes up
 * in it.
 *
 * The text only grows: classes added after the first read are appended
 * (a live trace gains events), and ctf_metadata_text_since() hands out
 * what was appended after a given offset. The one exception is
 * ctf_metadata_set_clock_offset() (lttng regenerate metadata), which
 * rewrites the clock block in place: whoever copied the text must then
 * take all of it again.
 */
#ifndef CTF_METADATA_H
#define CTF_METADATA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ctf/error.h"
#include "ctf/packet-layout.h"
#include "ctf/type.h"

/* One env entry: a string value, or an integer when str is NULL. */
struct ctf_env_entry {
	const char *name;
	const char *str;
	int64_t value;
};

struct ctf_clock_desc {
	const char *name; /* a TSDL identifier, e.g. "monotonic" */
	bool has_uuid;
	uint8_t uuid[CTF_UUID_LEN];
	const char *description; /* NULL: none */
	uint64_t freq;		 /* Hz */
	int64_t offset_s;	 /* written when non-zero */
	int64_t offset;		 /* cycles from offset_s to the clock's 0 */
	uint64_t precision;	 /* written when non-zero */
	bool absolute;		 /* written when true */
};

struct ctf_trace_desc {
	uint8_t uuid[CTF_UUID_LEN];
	enum ctf_byte_order byte_order;	 /* NATIVE: the host's */
	const struct ctf_env_entry *env; /* printed in this order */
	size_t nr_env;
	struct ctf_clock_desc clock;
};

struct ctf_stream_class {
	uint32_t id;
	enum ctf_event_header_kind header;
	struct ctf_type *event_context; /* a structure, or NULL */
};

/* What an event class is called and where it goes; see add_event. */
struct ctf_event_desc {
	uint32_t id;
	uint32_t stream_id;
	const char *name; /* "provider:event" */
	bool has_loglevel;
	int loglevel;
	const char *model_emf_uri; /* NULL: none */
};

struct ctf_event_class {
	uint32_t id;
	uint32_t stream_id;
	char *name;
	struct ctf_type *payload; /* a structure, possibly empty */
	const struct ctf_stream_class *stream;
};

struct ctf_metadata;

/*
 * Creates the metadata of a trace and writes its preamble (typealiases,
 * trace, env, clock, packet context and event header declarations).
 * Returns NULL with a message in err on an invalid description (env or
 * clock names that are not identifiers, a zero frequency) or ENOMEM.
 */
struct ctf_metadata *ctf_metadata_create(const struct ctf_trace_desc *desc,
					 struct ctf_error *err);
void ctf_metadata_destroy(struct ctf_metadata *md);

/*
 * Adds a stream class (one per channel) and appends its `stream` block.
 * event_context (a structure or NULL) is validated and owned by the
 * metadata from now on, even on failure. -EEXIST for a reused id,
 * -EINVAL for an invalid context, -ENOMEM.
 */
int ctf_metadata_add_stream_class(struct ctf_metadata *md, uint32_t id,
				  enum ctf_event_header_kind header,
				  struct ctf_type *event_context,
				  struct ctf_error *err);

/*
 * Adds an event class and appends its `event` block. payload (a
 * structure, or NULL for no field) is owned by the metadata from now on,
 * even on failure. -ENOENT when the stream class does not exist, -EEXIST
 * when the id is taken in that stream, -EINVAL for an invalid payload.
 */
int ctf_metadata_add_event_class(struct ctf_metadata *md,
				 const struct ctf_event_desc *desc,
				 struct ctf_type *payload,
				 struct ctf_error *err);

const struct ctf_stream_class *
ctf_metadata_stream_class(const struct ctf_metadata *md, uint32_t id);
const struct ctf_event_class *
ctf_metadata_event_class(const struct ctf_metadata *md, uint32_t stream_id,
			 uint32_t id);

/* The whole TSDL text; *len gets its length. */
const char *ctf_metadata_text(const struct ctf_metadata *md, size_t *len);
/* The text appended after the first `offset` bytes (offset <= length). */
const char *ctf_metadata_text_since(const struct ctf_metadata *md,
				    size_t offset, size_t *len);

const uint8_t *ctf_metadata_uuid(const struct ctf_metadata *md);

/*
 * Replaces the clock's Epoch offset (offset_s seconds plus offset
 * cycles) with a new measurement, rewriting the clock block of the text;
 * everything else, the classes included, is unchanged. 0, or -ENOMEM
 * (the metadata is then unchanged).
 */
int ctf_metadata_set_clock_offset(struct ctf_metadata *md, int64_t offset_s,
				  int64_t offset, struct ctf_error *err);

/* Formats a UUID as 36 characters plus NUL (8-4-4-4-12, lower case). */
void ctf_uuid_format(const uint8_t uuid[CTF_UUID_LEN], char out[37]);

#endif /* CTF_METADATA_H */
