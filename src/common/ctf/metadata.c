/*
 * The TSDL document of a trace (see metadata.h): a preamble written once
 * at creation, then one block per stream class and per event class,
 * appended as they are added. The preamble's fixed declarations are the
 * ones LTTng-tools 2.13 writes for user space traces on a 64-bit,
 * byte-addressed host (every alignment 8 bits, `unsigned long` 64 bits).
 */
#include <assert.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ctf/metadata.h"
#include "ctf/text.h"
#include "ctf/tsdl.h"

struct ctf_metadata {
	uint8_t uuid[CTF_UUID_LEN];
	struct ctf_text text;
	/* The clock block is text[clock_start, clock_end), written from
	 * clock (whose strings are copies this metadata owns). */
	struct ctf_clock_desc clock;
	size_t clock_start;
	size_t clock_end;
	struct ctf_stream_class **streams;
	size_t nr_streams;
	struct ctf_event_class **events;
	size_t nr_events;
};

void ctf_uuid_format(const uint8_t uuid[CTF_UUID_LEN], char out[37])
{
	snprintf(out, 37,
		 "%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-"
		 "%02x%02x%02x%02x%02x%02x",
		 uuid[0], uuid[1], uuid[2], uuid[3], uuid[4], uuid[5], uuid[6],
		 uuid[7], uuid[8], uuid[9], uuid[10], uuid[11], uuid[12],
		 uuid[13], uuid[14], uuid[15]);
}

static const char *trace_byte_order(enum ctf_byte_order order)
{
	if (order == CTF_BYTE_ORDER_NATIVE)
		return __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__ ? "be" : "le";
	return order == CTF_BYTE_ORDER_BE ? "be" : "le";
}

static int check_desc(const struct ctf_trace_desc *desc, struct ctf_error *err)
{
	size_t i;

	for (i = 0; i < desc->nr_env; i++)
		if (!ctf_identifier_is_valid(desc->env[i].name))
			return ctf_error_set(err, -EINVAL,
					     "env entry '%s' is not a valid "
					     "TSDL identifier",
					     desc->env[i].name
						     ? desc->env[i].name
						     : "(null)");
	if (!ctf_identifier_is_valid(desc->clock.name))
		return ctf_error_set(err, -EINVAL,
				     "clock name '%s' is not a valid TSDL "
				     "identifier",
				     desc->clock.name ? desc->clock.name
						      : "(null)");
	if (!desc->clock.freq)
		return ctf_error_set(err, -EINVAL,
				     "clock '%s' has a zero frequency",
				     desc->clock.name);
	return 0;
}

static void write_types_and_trace(struct ctf_text *t,
				  const struct ctf_trace_desc *desc)
{
	char uuid[37];

	ctf_uuid_format(desc->uuid, uuid);
	ctf_text_append(
		t,
		"/* CTF 1.8 */\n\n"
		"typealias integer { size = 8; align = 8; signed = false; } "
		":= uint8_t;\n"
		"typealias integer { size = 16; align = 8; signed = false; } "
		":= uint16_t;\n"
		"typealias integer { size = 32; align = 8; signed = false; } "
		":= uint32_t;\n"
		"typealias integer { size = 64; align = 8; signed = false; } "
		":= uint64_t;\n"
		"typealias integer { size = 64; align = 8; signed = false; } "
		":= unsigned long;\n"
		"typealias integer { size = 5; align = 1; signed = false; } "
		":= uint5_t;\n"
		"typealias integer { size = 27; align = 1; signed = false; } "
		":= uint27_t;\n\n");
	ctf_text_appendf(t,
			 "trace {\n"
			 "\tmajor = 1;\n"
			 "\tminor = 8;\n"
			 "\tuuid = \"%s\";\n"
			 "\tbyte_order = %s;\n"
			 "\tpacket.header := struct {\n"
			 "\t\tuint32_t magic;\n"
			 "\t\tuint8_t  uuid[16];\n"
			 "\t\tuint32_t stream_id;\n"
			 "\t\tuint64_t stream_instance_id;\n"
			 "\t};\n"
			 "};\n\n",
			 uuid, trace_byte_order(desc->byte_order));
}

static void write_env(struct ctf_text *t, const struct ctf_trace_desc *desc)
{
	size_t i;

	ctf_text_append(t, "env {\n");
	for (i = 0; i < desc->nr_env; i++) {
		const struct ctf_env_entry *e = &desc->env[i];

		ctf_text_appendf(t, "\t%s = ", e->name);
		if (e->str)
			ctf_text_append_quoted(t, e->str);
		else
			ctf_text_appendf(t, "%" PRId64, e->value);
		ctf_text_append(t, ";\n");
	}
	ctf_text_append(t, "};\n\n");
}

static void write_clock(struct ctf_text *t, const struct ctf_clock_desc *c)
{
	char uuid[37];

	ctf_text_appendf(t, "clock {\n\tname = \"%s\";\n", c->name);
	if (c->has_uuid) {
		ctf_uuid_format(c->uuid, uuid);
		ctf_text_appendf(t, "\tuuid = \"%s\";\n", uuid);
	}
	if (c->description) {
		ctf_text_append(t, "\tdescription = ");
		ctf_text_append_quoted(t, c->description);
		ctf_text_append(t, ";\n");
	}
	ctf_text_appendf(t, "\tfreq = %" PRIu64 "; /* Frequency, in Hz */\n",
			 c->freq);
	if (c->precision)
		ctf_text_appendf(t, "\tprecision = %" PRIu64 ";\n",
				 c->precision);
	ctf_text_append(t, "\t/* clock value offset from Epoch is: "
			   "offset * (1/freq) */\n");
	if (c->offset_s)
		ctf_text_appendf(t, "\toffset_s = %" PRId64 ";\n", c->offset_s);
	ctf_text_appendf(t, "\toffset = %" PRId64 ";\n", c->offset);
	if (c->absolute)
		ctf_text_append(t, "\tabsolute = true;\n");
	ctf_text_append(t, "};\n\n");
}

/* Clock-mapped integers, packet context and both event headers. */
static void write_stream_declarations(struct ctf_text *t, const char *clock)
{
	static const unsigned int ts_sizes[] = {27, 32, 64};
	size_t i;

	for (i = 0; i < 3; i++)
		ctf_text_appendf(t,
				 "typealias integer {\n"
				 "\tsize = %u; align = %u; signed = false;\n"
				 "\tmap = clock.%s.value;\n"
				 "} := uint%u_clock_monotonic_t;\n\n",
				 ts_sizes[i], i ? 8U : 1U, clock, ts_sizes[i]);
	ctf_text_append(t, "struct packet_context {\n"
			   "\tuint64_clock_monotonic_t timestamp_begin;\n"
			   "\tuint64_clock_monotonic_t timestamp_end;\n"
			   "\tuint64_t content_size;\n"
			   "\tuint64_t packet_size;\n"
			   "\tuint64_t packet_seq_num;\n"
			   "\tunsigned long events_discarded;\n"
			   "\tuint32_t cpu_id;\n"
			   "};\n\n");
	ctf_text_append(
		t,
		"struct event_header_compact {\n"
		"\tenum : uint5_t { compact = 0 ... 30, extended = 31 } id;\n"
		"\tvariant <id> {\n"
		"\t\tstruct {\n"
		"\t\t\tuint27_clock_monotonic_t timestamp;\n"
		"\t\t} compact;\n"
		"\t\tstruct {\n"
		"\t\t\tuint32_t id;\n"
		"\t\t\tuint64_clock_monotonic_t timestamp;\n"
		"\t\t} extended;\n"
		"\t} v;\n"
		"} align(8);\n\n"
		"struct event_header_large {\n"
		"\tenum : uint16_t { compact = 0 ... 65534, extended = 65535 } "
		"id;\n"
		"\tvariant <id> {\n"
		"\t\tstruct {\n"
		"\t\t\tuint32_clock_monotonic_t timestamp;\n"
		"\t\t} compact;\n"
		"\t\tstruct {\n"
		"\t\t\tuint32_t id;\n"
		"\t\t\tuint64_clock_monotonic_t timestamp;\n"
		"\t\t} extended;\n"
		"\t} v;\n"
		"} align(8);\n\n");
}

struct ctf_metadata *ctf_metadata_create(const struct ctf_trace_desc *desc,
					 struct ctf_error *err)
{
	struct ctf_metadata *md;

	if (check_desc(desc, err))
		return NULL;
	md = calloc(1, sizeof(*md));
	if (!md) {
		ctf_error_set(err, -ENOMEM, "out of memory for the metadata");
		return NULL;
	}
	memcpy(md->uuid, desc->uuid, CTF_UUID_LEN);
	ctf_text_init(&md->text);
	write_types_and_trace(&md->text, desc);
	write_env(&md->text, desc);
	md->clock = desc->clock;
	md->clock.name = strdup(desc->clock.name);
	md->clock.description = desc->clock.description
					? strdup(desc->clock.description)
					: NULL;
	md->clock_start = md->text.len;
	write_clock(&md->text, &desc->clock);
	md->clock_end = md->text.len;
	write_stream_declarations(&md->text, desc->clock.name);
	if (ctf_text_failed(&md->text) || !md->clock.name ||
	    (desc->clock.description && !md->clock.description)) {
		ctf_error_set(err, -ENOMEM, "out of memory for the metadata");
		ctf_metadata_destroy(md);
		return NULL;
	}
	return md;
}

void ctf_metadata_destroy(struct ctf_metadata *md)
{
	size_t i;

	if (!md)
		return;
	for (i = 0; i < md->nr_streams; i++) {
		ctf_type_destroy(md->streams[i]->event_context);
		free(md->streams[i]);
	}
	for (i = 0; i < md->nr_events; i++) {
		ctf_type_destroy(md->events[i]->payload);
		free(md->events[i]->name);
		free(md->events[i]);
	}
	free(md->streams);
	free(md->events);
	free((char *)md->clock.name);
	free((char *)md->clock.description);
	ctf_text_fini(&md->text);
	free(md);
}

/* Grows an array of pointers by one slot; false on ENOMEM. */
static bool grow(void *array_ptr, size_t nr)
{
	void ***array = array_ptr;
	void **grown = realloc(*array, (nr + 1) * sizeof(void *));

	if (!grown)
		return false;
	*array = grown;
	return true;
}

/* Commits appended text, or undoes it when an allocation failed. */
static int finish_block(struct ctf_metadata *md, size_t start,
			struct ctf_error *err)
{
	if (!ctf_text_failed(&md->text))
		return 0;
	ctf_text_truncate(&md->text, start);
	return ctf_error_set(err, -ENOMEM, "out of memory for the metadata");
}

static void write_stream_block(struct ctf_text *t,
			       const struct ctf_stream_class *sc)
{
	ctf_text_appendf(t,
			 "stream {\n"
			 "\tid = %" PRIu32 ";\n"
			 "\tevent.header := struct event_header_%s;\n"
			 "\tpacket.context := struct packet_context;\n",
			 sc->id,
			 sc->header == CTF_EVENT_HEADER_COMPACT ? "compact"
								: "large");
	if (sc->event_context) {
		ctf_text_append(t, "\tevent.context := struct {\n");
		ctf_tsdl_fields(t, sc->event_context, 2);
		ctf_text_append(t, "\t};\n");
	}
	ctf_text_append(t, "};\n\n");
}

int ctf_metadata_add_stream_class(struct ctf_metadata *md, uint32_t id,
				  enum ctf_event_header_kind header,
				  struct ctf_type *event_context,
				  struct ctf_error *err)
{
	struct ctf_stream_class *sc;
	size_t start = md->text.len;
	int ret;

	if (ctf_metadata_stream_class(md, id)) {
		ret = ctf_error_set(err, -EEXIST,
				    "stream class %" PRIu32 " already exists",
				    id);
		goto fail;
	}
	if (event_context) {
		ret = ctf_type_validate(event_context, err);
		if (ret)
			goto fail;
	}
	sc = calloc(1, sizeof(*sc));
	if (!sc || !grow(&md->streams, md->nr_streams)) {
		free(sc);
		ret = ctf_error_set(err, -ENOMEM,
				    "out of memory for stream class %" PRIu32,
				    id);
		goto fail;
	}
	sc->id = id;
	sc->header = header;
	sc->event_context = event_context;
	write_stream_block(&md->text, sc);
	ret = finish_block(md, start, err);
	if (ret) {
		free(sc);
		goto fail;
	}
	md->streams[md->nr_streams++] = sc;
	return 0;
fail:
	ctf_type_destroy(event_context);
	return ret;
}

static void write_event_block(struct ctf_text *t,
			      const struct ctf_event_desc *desc,
			      const struct ctf_type *payload)
{
	ctf_text_append(t, "event {\n\tname = ");
	ctf_text_append_quoted(t, desc->name);
	ctf_text_appendf(t,
			 ";\n\tid = %" PRIu32 ";\n\tstream_id = %" PRIu32 ";\n",
			 desc->id, desc->stream_id);
	if (desc->has_loglevel)
		ctf_text_appendf(t, "\tloglevel = %d;\n", desc->loglevel);
	if (desc->model_emf_uri) {
		ctf_text_append(t, "\tmodel.emf.uri = ");
		ctf_text_append_quoted(t, desc->model_emf_uri);
		ctf_text_append(t, ";\n");
	}
	ctf_text_append(t, "\tfields := struct {\n");
	ctf_tsdl_fields(t, payload, 2);
	ctf_text_append(t, "\t};\n};\n\n");
}

int ctf_metadata_add_event_class(struct ctf_metadata *md,
				 const struct ctf_event_desc *desc,
				 struct ctf_type *payload,
				 struct ctf_error *err)
{
	const struct ctf_stream_class *sc =
		ctf_metadata_stream_class(md, desc->stream_id);
	struct ctf_event_class *ec = NULL;
	size_t start = md->text.len;
	int ret;

	if (!sc) {
		ret = ctf_error_set(err, -ENOENT,
				    "event '%s': no stream class %" PRIu32,
				    desc->name, desc->stream_id);
		goto fail;
	}
	if (ctf_metadata_event_class(md, desc->stream_id, desc->id)) {
		ret = ctf_error_set(err, -EEXIST,
				    "event '%s': id %" PRIu32
				    " is already used in stream class %" PRIu32,
				    desc->name, desc->id, desc->stream_id);
		goto fail;
	}
	if (!payload)
		payload = ctf_type_struct_create();
	ret = payload ? ctf_type_validate(payload, err)
		      : ctf_error_set(err, -ENOMEM, "out of memory");
	if (ret) {
		/* Name the event as well as the field. */
		if (err && ret == -EINVAL) {
			struct ctf_error inner = *err;

			ctf_error_set(err, ret, "event '%s': %s", desc->name,
				      inner.message);
		}
		goto fail;
	}
	ec = calloc(1, sizeof(*ec));
	if (!ec || !(ec->name = strdup(desc->name)) ||
	    !grow(&md->events, md->nr_events)) {
		ret = ctf_error_set(err, -ENOMEM,
				    "out of memory for event '%s'", desc->name);
		goto fail;
	}
	ec->id = desc->id;
	ec->stream_id = desc->stream_id;
	ec->stream = sc;
	ec->payload = payload;
	write_event_block(&md->text, desc, payload);
	ret = finish_block(md, start, err);
	if (ret)
		goto fail;
	md->events[md->nr_events++] = ec;
	return 0;
fail:
	if (ec)
		free(ec->name);
	free(ec);
	ctf_type_destroy(payload);
	return ret;
}

const struct ctf_stream_class *
ctf_metadata_stream_class(const struct ctf_metadata *md, uint32_t id)
{
	size_t i;

	for (i = 0; i < md->nr_streams; i++)
		if (md->streams[i]->id == id)
			return md->streams[i];
	return NULL;
}

const struct ctf_event_class *
ctf_metadata_event_class(const struct ctf_metadata *md, uint32_t stream_id,
			 uint32_t id)
{
	size_t i;

	for (i = 0; i < md->nr_events; i++)
		if (md->events[i]->stream_id == stream_id &&
		    md->events[i]->id == id)
			return md->events[i];
	return NULL;
}

const char *ctf_metadata_text(const struct ctf_metadata *md, size_t *len)
{
	return ctf_metadata_text_since(md, 0, len);
}

const char *ctf_metadata_text_since(const struct ctf_metadata *md,
				    size_t offset, size_t *len)
{
	assert(offset <= md->text.len);
	*len = md->text.len - offset;
	return md->text.buf + offset;
}

const uint8_t *ctf_metadata_uuid(const struct ctf_metadata *md)
{
	return md->uuid;
}

int ctf_metadata_set_clock_offset(struct ctf_metadata *md, int64_t offset_s,
				  int64_t offset, struct ctf_error *err)
{
	struct ctf_clock_desc clock = md->clock;
	struct ctf_text text;
	size_t clock_end;

	clock.offset_s = offset_s;
	clock.offset = offset;
	ctf_text_init(&text);
	ctf_text_appendf(&text, "%.*s", (int)md->clock_start, md->text.buf);
	write_clock(&text, &clock);
	clock_end = text.len;
	ctf_text_append(&text, md->text.buf + md->clock_end);
	if (ctf_text_failed(&text)) {
		ctf_text_fini(&text);
		return ctf_error_set(err, -ENOMEM,
				     "out of memory for the metadata");
	}
	ctf_text_fini(&md->text);
	md->text = text;
	md->clock = clock;
	md->clock_end = clock_end;
	return 0;
}
