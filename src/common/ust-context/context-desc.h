/*
 * The context fields of user space channels (lttng-add-context(1), user
 * space list) as the trace holds them: for each enum ust_context_type,
 * the field's name in the stream's event.context (LTTng 2.13's names;
 * the TSDL writer adds the '_' prefix) and its exact CTF type, plus the
 * name filters use ($ctx.NAME). Shared by the session daemon (metadata
 * and the lttng -> app protocol mapping) and liblttng-ust (record
 * layout), so both sides agree byte for byte.
 */
#ifndef UST_CONTEXT_DESC_H
#define UST_CONTEXT_DESC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ust-comm/ust-protocol.h"

struct ctf_type;

/* How a context field is laid out in a record (all byte aligned). */
enum ust_ctx_shape {
	UST_CTX_SHAPE_INTEGER, /* `size` bits, native byte order */
	UST_CTX_SHAPE_TEXT,    /* `size` bytes of UTF-8, NUL padded */
	UST_CTX_SHAPE_DYNAMIC, /* application context: s8 tag, then value */
};

/* A context type with a fixed name (all but perf counters and $app). */
struct ust_ctx_type_info {
	enum ust_context_type type;
	const char *name; /* field name and $ctx. name: "vpid" */
	enum ust_ctx_shape shape;
	unsigned int size; /* bits (INTEGER) or bytes (TEXT) */
	bool is_signed;
};

/* The length of the procname context, NUL included (LTTng: 17). */
#define UST_CTX_PROCNAME_LEN 17

/*
 * The tags of an application context value, in the order (and with the
 * numbers) of LTTng's enumeration: labels "_none", "_int8", ...
 */
enum ust_ctx_dynamic_tag {
	UST_CTX_DYN_NONE = 0,
	UST_CTX_DYN_S8,
	UST_CTX_DYN_S16,
	UST_CTX_DYN_S32,
	UST_CTX_DYN_S64,
	UST_CTX_DYN_U8,
	UST_CTX_DYN_U16,
	UST_CTX_DYN_U32,
	UST_CTX_DYN_U64,
	UST_CTX_DYN_FLOAT,
	UST_CTX_DYN_DOUBLE,
	UST_CTX_DYN_STRING,
	UST_CTX_DYN_NR,
};

/* The fixed description of `type`, or NULL (perf, $app, unknown). */
const struct ust_ctx_type_info *ust_ctx_type_info(uint32_t type);

/* The fixed description named `name` ("vpid"), or NULL. */
const struct ust_ctx_type_info *ust_ctx_type_info_by_name(const char *name);

/*
 * Writes the event.context field name of `desc` into buf: "vpid",
 * "perf_thread_page_fault" (desc->name), "_app_PROVIDER_NAME" for
 * application contexts (then the tag is that name + "_tag"). Returns 0,
 * -EINVAL for an unknown type or empty names, -ENAMETOOLONG.
 */
int ust_ctx_field_name(const struct ust_context_desc *desc, char *buf,
		       size_t len);

/*
 * Appends the field(s) of `desc` to `event_context` (a CTF structure):
 * one field, or for an application context the tag enumeration and the
 * variant, exactly as LTTng 2.13 declares them. 0, -EINVAL or -ENOMEM.
 */
int ust_ctx_add_ctf_fields(struct ctf_type *event_context,
			   const struct ust_context_desc *desc);

/*
 * The app protocol form of an lttng add-context request (enum
 * lttng_event_context_type `lttng_type` and its perf / application
 * parameters). Returns 0, or -EINVAL for a type user space lacks.
 */
int ust_ctx_desc_from_lttng(int32_t lttng_type, uint32_t perf_type,
			    uint64_t perf_config, const char *perf_name,
			    const char *app_provider, const char *app_name,
			    struct ust_context_desc *out);

/* The label of an application context tag ("_int8"), NULL if none. */
const char *ust_ctx_dynamic_label(unsigned int tag);

#endif /* UST_CONTEXT_DESC_H */
