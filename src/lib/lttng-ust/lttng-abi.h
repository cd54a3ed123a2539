/*
 * liblttng-ust: the provider ABI of LTTng-UST 2.13, as providers
 * compiled against LTTng's <lttng/ust-events.h> lay it out (the names
 * are prefixed lttng213_ here, beside ours; the ring-buffer context is
 * the public <lttng/ust-ringbuffer-context.h>, the probe context, whose
 * base is LTTng's, <lttng/ust-context-provider.h>'s). Every structure begins
 * with its size: a provider built with newer headers may pass larger
 * structures, whose extra fields we ignore; smaller ones are refused.
 * lttng-abi-provider.c translates the descriptions into ours and registers
 * them; lttng-abi-client.c gives the generated probes the event, channel and
 * ring-buffer objects they call.
 */
#ifndef UST_LTTNG_ABI_H
#define UST_LTTNG_ABI_H

#include <stddef.h>
#include <stdint.h>

#include <lttng/ust-context-provider.h>
#include <lttng/ust-events.h>
#include <lttng/ust-ringbuffer-context.h>

/* The provider versions LTTng-UST 2.13 accepts. */
#define LTTNG213_PROVIDER_MAJOR 3
#define LTTNG213_PROVIDER_MAJOR_OLDEST 3
#define LTTNG213_PROVIDER_MINOR 0

/* The base size of a structure: up to and including its last field. */
#define LTTNG213_BASE_SIZE(type, last)                                         \
	(offsetof(type, last) + sizeof(((type *)0)->last))

enum lttng213_type {
	LTTNG213_TYPE_INTEGER,
	LTTNG213_TYPE_STRING,
	LTTNG213_TYPE_FLOAT,
	LTTNG213_TYPE_DYNAMIC,
	LTTNG213_TYPE_ENUM,
	LTTNG213_TYPE_ARRAY,
	LTTNG213_TYPE_SEQUENCE,
	LTTNG213_TYPE_STRUCT,
};

enum lttng213_string_encoding {
	LTTNG213_ENCODING_NONE,
	LTTNG213_ENCODING_UTF8,
	LTTNG213_ENCODING_ASCII,
};

struct lttng213_enum_value {
	unsigned long long value;
	unsigned int signedness : 1;
};

struct lttng213_enum_entry {
	uint32_t struct_size;
	struct lttng213_enum_value start, end;
	const char *string;
	unsigned int options;
};

struct lttng213_type_common {
	enum lttng213_type type;
};

struct lttng213_type_integer {
	struct lttng213_type_common parent;
	uint32_t struct_size;
	unsigned int size;
	unsigned short alignment;
	unsigned int signedness : 1;
	unsigned int reverse_byte_order : 1;
	unsigned int base;
};

struct lttng213_type_float {
	struct lttng213_type_common parent;
	uint32_t struct_size;
	unsigned int exp_dig;
	unsigned int mant_dig;
	unsigned short alignment;
	unsigned int reverse_byte_order : 1;
};

struct lttng213_type_string {
	struct lttng213_type_common parent;
	uint32_t struct_size;
	enum lttng213_string_encoding encoding;
};

struct lttng213_enum_desc;

struct lttng213_type_enum {
	struct lttng213_type_common parent;
	uint32_t struct_size;
	const struct lttng213_enum_desc *desc;
	const struct lttng213_type_common *container_type;
};

struct lttng213_type_array {
	struct lttng213_type_common parent;
	uint32_t struct_size;
	const struct lttng213_type_common *elem_type;
	unsigned int length;
	unsigned int alignment;
	enum lttng213_string_encoding encoding;
};

struct lttng213_type_sequence {
	struct lttng213_type_common parent;
	uint32_t struct_size;
	const char *length_name; /* NULL: the previous field */
	const struct lttng213_type_common *elem_type;
	unsigned int alignment;
	enum lttng213_string_encoding encoding;
};

struct lttng213_probe_desc;

struct lttng213_enum_desc {
	uint32_t struct_size;
	const char *name;
	const struct lttng213_enum_entry *const *entries;
	unsigned int nr_entries;
	const struct lttng213_probe_desc *probe_desc;
};

struct lttng213_event_field {
	uint32_t struct_size;
	const char *name;
	const struct lttng213_type_common *type;
	unsigned int nowrite : 1, nofilter : 1;
};

struct lttng213_tracepoint_class {
	uint32_t struct_size;
	const struct lttng213_event_field *const *fields;
	size_t nr_fields;
	void (*probe_callback)(void);
	const char *signature;
	const struct lttng213_probe_desc *probe_desc;
};

struct lttng213_event_desc {
	uint32_t struct_size;
	const char *event_name;
	const struct lttng213_probe_desc *probe_desc;
	const struct lttng213_tracepoint_class *tp_class;
	const int **loglevel;
	const char **model_emf_uri;
};

struct lttng213_probe_desc {
	uint32_t struct_size;
	const char *provider_name;
	const struct lttng213_event_desc *const *event_desc;
	unsigned int nr_events;
	uint32_t major;
	uint32_t minor;
};

enum lttng213_event_type {
	LTTNG213_EVENT_TYPE_RECORDER,
	LTTNG213_EVENT_TYPE_NOTIFIER,
};

#define LTTNG213_FILTER_ACCEPT 0
#define LTTNG213_FILTER_REJECT 1

struct lttng213_event_common {
	uint32_t struct_size;
	void *priv;
	enum lttng213_event_type type;
	void *child; /* struct lttng213_event_recorder */
	int enabled;
	int eval_filter;
	int (*run_filter)(const struct lttng213_event_common *event,
			  const char *stack_data,
			  struct lttng_ust_probe_ctx *probe_ctx,
			  void *filter_ctx);
};

struct lttng213_channel_buffer;

struct lttng213_event_recorder {
	uint32_t struct_size;
	struct lttng213_event_common *parent;
	void *priv;
	struct lttng213_channel_buffer *chan;
};

struct lttng213_channel_buffer_ops {
	uint32_t struct_size;
	void *priv;
	int (*event_reserve)(struct lttng_ust_ring_buffer_ctx *ctx);
	void (*event_commit)(struct lttng_ust_ring_buffer_ctx *ctx);
	void (*event_write)(struct lttng_ust_ring_buffer_ctx *ctx,
			    const void *src, size_t len, size_t alignment);
	void (*event_strcpy)(struct lttng_ust_ring_buffer_ctx *ctx,
			     const char *src, size_t len);
	void (*event_pstrcpy_pad)(struct lttng_ust_ring_buffer_ctx *ctx,
				  const char *src, size_t len);
};

struct lttng213_session {
	uint32_t struct_size;
	void *priv;
	int active;
};

struct lttng213_channel_common {
	uint32_t struct_size;
	void *priv;
	int type; /* 0: buffer */
	void *child;
	int enabled;
	struct lttng213_session *session;
};

struct lttng213_channel_buffer {
	uint32_t struct_size;
	struct lttng213_channel_common *parent;
	void *priv;
	struct lttng213_channel_buffer_ops *ops;
};

/*
 * How the filter reads one of our field descriptions from a generated
 * probe's interpreter stack (built by lttng-abi-provider.c, used by
 * lttng-abi-client.c).
 */
enum lttng213_stack_kind {
	LTTNG213_STACK_S64,	/* 8 bytes, sign-extended */
	LTTNG213_STACK_U64,	/* 8 bytes, zero-extended */
	LTTNG213_STACK_DOUBLE,	/* 8 bytes */
	LTTNG213_STACK_STRING,	/* a pointer */
	LTTNG213_STACK_ARRAY,	/* unsigned long count, then a pointer */
	LTTNG213_STACK_SEQ_LEN, /* the count of the sequence slot at offset */
};

struct lttng213_stack_field {
	enum lttng213_stack_kind kind;
	size_t offset;
};

/*
 * An event of an LTTng-built provider: our description (what the rest
 * of the tracer sees) and the stack plan of its filter.
 */
struct ust_lttng_event {
	struct lttng_ust_event_desc desc;
	struct lttng_ust_event_field *fields;
	struct lttng213_stack_field *stack; /* one per field */
	const struct lttng213_event_desc *lttng;
};

/*
 * The LTTng-built event behind one of our descriptions, or NULL when
 * `desc` comes from a provider built with our headers. Tracer lock.
 */
struct ust_lttng_event *
ust_lttng_event_find(const struct lttng_ust_event_desc *desc);

struct ust_recorder;

/*
 * The objects an LTTng-built probe of `rec` is called with: allocated
 * for recorders of LTTng-built events when created (0 or -ENOMEM),
 * freed with the recorder.
 */
int ust_lttng_client_create(struct ust_recorder *rec,
			    const struct ust_lttng_event *event);
void ust_lttng_client_destroy(struct ust_recorder *rec);

/* The data the probe is attached with. */
void *ust_lttng_client_probe_data(struct ust_recorder *rec);

/* Mirrors the recorder's enabled state and filter into the objects. */
void ust_lttng_client_sync(struct ust_recorder *rec);

#endif /* UST_LTTNG_ABI_H */
