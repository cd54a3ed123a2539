/*
 * Implementation of context-desc.h: the table of fixed context types
 * (names and types measured in LTTng 2.13's metadata) and the CTF types
 * of every context field.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <lttng/event.h>

#include "ctf/type.h"
#include "ust-context/context-desc.h"

static const struct ust_ctx_type_info fixed_types[] = {
	{UST_CONTEXT_VTID, "vtid", UST_CTX_SHAPE_INTEGER, 32, true},
	{UST_CONTEXT_VPID, "vpid", UST_CTX_SHAPE_INTEGER, 32, true},
	{UST_CONTEXT_PTHREAD_ID, "pthread_id", UST_CTX_SHAPE_INTEGER, 64,
	 false},
	{UST_CONTEXT_PROCNAME, "procname", UST_CTX_SHAPE_TEXT,
	 UST_CTX_PROCNAME_LEN, true},
	{UST_CONTEXT_IP, "ip", UST_CTX_SHAPE_INTEGER, 64, false},
	{UST_CONTEXT_CPU_ID, "cpu_id", UST_CTX_SHAPE_INTEGER, 32, true},
	{UST_CONTEXT_CGROUP_NS, "cgroup_ns", UST_CTX_SHAPE_INTEGER, 64, false},
	{UST_CONTEXT_IPC_NS, "ipc_ns", UST_CTX_SHAPE_INTEGER, 64, false},
	{UST_CONTEXT_MNT_NS, "mnt_ns", UST_CTX_SHAPE_INTEGER, 64, false},
	{UST_CONTEXT_NET_NS, "net_ns", UST_CTX_SHAPE_INTEGER, 64, false},
	{UST_CONTEXT_PID_NS, "pid_ns", UST_CTX_SHAPE_INTEGER, 64, false},
	{UST_CONTEXT_TIME_NS, "time_ns", UST_CTX_SHAPE_INTEGER, 64, false},
	{UST_CONTEXT_USER_NS, "user_ns", UST_CTX_SHAPE_INTEGER, 64, false},
	{UST_CONTEXT_UTS_NS, "uts_ns", UST_CTX_SHAPE_INTEGER, 64, false},
	{UST_CONTEXT_VUID, "vuid", UST_CTX_SHAPE_INTEGER, 32, false},
	{UST_CONTEXT_VEUID, "veuid", UST_CTX_SHAPE_INTEGER, 32, false},
	{UST_CONTEXT_VSUID, "vsuid", UST_CTX_SHAPE_INTEGER, 32, false},
	{UST_CONTEXT_VGID, "vgid", UST_CTX_SHAPE_INTEGER, 32, false},
	{UST_CONTEXT_VEGID, "vegid", UST_CTX_SHAPE_INTEGER, 32, false},
	{UST_CONTEXT_VSGID, "vsgid", UST_CTX_SHAPE_INTEGER, 32, false},
};

#define NR_FIXED (sizeof(fixed_types) / sizeof(fixed_types[0]))

static const char *const dynamic_labels[UST_CTX_DYN_NR] = {
	"_none",   "_int8",   "_int16",	 "_int32", "_int64",  "_uint8",
	"_uint16", "_uint32", "_uint64", "_float", "_double", "_string",
};

const struct ust_ctx_type_info *ust_ctx_type_info(uint32_t type)
{
	size_t i;

	for (i = 0; i < NR_FIXED; i++)
		if (fixed_types[i].type == type)
			return &fixed_types[i];
	return NULL;
}

const struct ust_ctx_type_info *ust_ctx_type_info_by_name(const char *name)
{
	size_t i;

	for (i = 0; i < NR_FIXED; i++)
		if (!strcmp(fixed_types[i].name, name))
			return &fixed_types[i];
	return NULL;
}

const char *ust_ctx_dynamic_label(unsigned int tag)
{
	return tag < UST_CTX_DYN_NR ? dynamic_labels[tag] : NULL;
}

static int copy_name(char *buf, size_t len, const char *name)
{
	int n = snprintf(buf, len, "%s", name);

	if (n <= 0)
		return -EINVAL;
	return (size_t)n < len ? 0 : -ENAMETOOLONG;
}

/* "$app.PROVIDER:NAME" becomes "_app_PROVIDER_NAME" ('.' ':' '-' to _). */
static int app_field_name(const struct ust_context_desc *desc, char *buf,
			  size_t len)
{
	int n;
	char *p;

	if (!desc->provider[0] || !desc->name[0])
		return -EINVAL;
	n = snprintf(buf, len, "_app_%s_%s", desc->provider, desc->name);
	if (n < 0 || (size_t)n >= len)
		return -ENAMETOOLONG;
	for (p = buf; *p; p++)
		if (*p == '.' || *p == ':' || *p == '-' || *p == '$')
			*p = '_';
	return 0;
}

int ust_ctx_field_name(const struct ust_context_desc *desc, char *buf,
		       size_t len)
{
	const struct ust_ctx_type_info *info = ust_ctx_type_info(desc->type);

	if (info)
		return copy_name(buf, len, info->name);
	if (desc->type == UST_CONTEXT_PERF_THREAD_COUNTER) {
		if (!memchr(desc->name, '\0', sizeof(desc->name)))
			return -EINVAL;
		return copy_name(buf, len, desc->name);
	}
	if (desc->type == UST_CONTEXT_APP_CONTEXT) {
		if (!memchr(desc->name, '\0', sizeof(desc->name)) ||
		    !memchr(desc->provider, '\0', sizeof(desc->provider)))
			return -EINVAL;
		return app_field_name(desc, buf, len);
	}
	return -EINVAL;
}

static struct ctf_type *integer_type(unsigned int bits, bool is_signed,
				     enum ctf_encoding encoding)
{
	struct ctf_integer_desc d = {
		.size = bits,
		.align = 8,
		.is_signed = is_signed,
		.base = 10,
		.byte_order = CTF_BYTE_ORDER_NATIVE,
		.encoding = encoding,
	};

	return ctf_type_integer_create(&d);
}

static struct ctf_type *fixed_ctf_type(const struct ust_ctx_type_info *info)
{
	if (info->shape == UST_CTX_SHAPE_TEXT)
		return ctf_type_array_create(
			integer_type(8, true, CTF_ENCODING_UTF8), info->size);
	return integer_type(info->size, info->is_signed, CTF_ENCODING_NONE);
}

static struct ctf_type *dynamic_tag_type(void)
{
	struct ctf_integer_desc d = {
		.size = 8,
		.align = 8,
		.is_signed = true,
		.base = 10,
		.byte_order = CTF_BYTE_ORDER_NATIVE,
		.encoding = CTF_ENCODING_NONE,
	};
	struct ctf_type *tag = ctf_type_enum_create(&d);
	unsigned int i;

	for (i = 0; tag && i < UST_CTX_DYN_NR; i++) {
		if (ctf_type_enum_add_signed(tag, dynamic_labels[i], i, i)) {
			ctf_type_destroy(tag);
			return NULL;
		}
	}
	return tag;
}

/* The CTF type of the value of tag `tag` (an empty structure for none). */
static struct ctf_type *dynamic_option_type(unsigned int tag)
{
	switch (tag) {
	case UST_CTX_DYN_NONE:
		return ctf_type_struct_create();
	case UST_CTX_DYN_S8:
	case UST_CTX_DYN_S16:
	case UST_CTX_DYN_S32:
	case UST_CTX_DYN_S64:
		return integer_type(8u << (tag - UST_CTX_DYN_S8), true,
				    CTF_ENCODING_NONE);
	case UST_CTX_DYN_U8:
	case UST_CTX_DYN_U16:
	case UST_CTX_DYN_U32:
	case UST_CTX_DYN_U64:
		return integer_type(8u << (tag - UST_CTX_DYN_U8), false,
				    CTF_ENCODING_NONE);
	case UST_CTX_DYN_FLOAT:
		return ctf_type_float_create(8, 24, 8, CTF_BYTE_ORDER_NATIVE);
	case UST_CTX_DYN_DOUBLE:
		return ctf_type_float_create(11, 53, 8, CTF_BYTE_ORDER_NATIVE);
	default:
		return ctf_type_string_create(CTF_ENCODING_UTF8);
	}
}

static int add_dynamic_fields(struct ctf_type *event_context, const char *name)
{
	char tag_name[2 * UST_NAME_MAX + 16];
	struct ctf_type *variant;
	unsigned int i;
	int ret;

	if ((size_t)snprintf(tag_name, sizeof(tag_name), "%s_tag", name) >=
	    sizeof(tag_name))
		return -EINVAL;
	ret = ctf_type_add_field(event_context, tag_name, dynamic_tag_type());
	if (ret)
		return ret;
	variant = ctf_type_variant_create(tag_name);
	if (!variant)
		return -ENOMEM;
	for (i = 0; i < UST_CTX_DYN_NR; i++) {
		ret = ctf_type_add_field(variant, dynamic_labels[i],
					 dynamic_option_type(i));
		if (ret) {
			ctf_type_destroy(variant);
			return ret;
		}
	}
	return ctf_type_add_field(event_context, name, variant);
}

int ust_ctx_add_ctf_fields(struct ctf_type *event_context,
			   const struct ust_context_desc *desc)
{
	const struct ust_ctx_type_info *info = ust_ctx_type_info(desc->type);
	char name[2 * UST_NAME_MAX + 8];
	int ret = ust_ctx_field_name(desc, name, sizeof(name));

	if (ret)
		return ret == -ENAMETOOLONG ? -EINVAL : ret;
	if (info)
		return ctf_type_add_field(event_context, name,
					  fixed_ctf_type(info));
	if (desc->type == UST_CONTEXT_PERF_THREAD_COUNTER)
		return ctf_type_add_field(
			event_context, name,
			integer_type(64, false, CTF_ENCODING_NONE));
	return add_dynamic_fields(event_context, name);
}

/* enum lttng_event_context_type -> enum ust_context_type, fixed ones. */
static const struct {
	int32_t lttng;
	uint32_t ust;
} lttng_to_ust[] = {
	{LTTNG_EVENT_CONTEXT_VTID, UST_CONTEXT_VTID},
	{LTTNG_EVENT_CONTEXT_VPID, UST_CONTEXT_VPID},
	{LTTNG_EVENT_CONTEXT_PTHREAD_ID, UST_CONTEXT_PTHREAD_ID},
	{LTTNG_EVENT_CONTEXT_PROCNAME, UST_CONTEXT_PROCNAME},
	{LTTNG_EVENT_CONTEXT_IP, UST_CONTEXT_IP},
	{LTTNG_EVENT_CONTEXT_CGROUP_NS, UST_CONTEXT_CGROUP_NS},
	{LTTNG_EVENT_CONTEXT_IPC_NS, UST_CONTEXT_IPC_NS},
	{LTTNG_EVENT_CONTEXT_MNT_NS, UST_CONTEXT_MNT_NS},
	{LTTNG_EVENT_CONTEXT_NET_NS, UST_CONTEXT_NET_NS},
	{LTTNG_EVENT_CONTEXT_PID_NS, UST_CONTEXT_PID_NS},
	{LTTNG_EVENT_CONTEXT_TIME_NS, UST_CONTEXT_TIME_NS},
	{LTTNG_EVENT_CONTEXT_USER_NS, UST_CONTEXT_USER_NS},
	{LTTNG_EVENT_CONTEXT_UTS_NS, UST_CONTEXT_UTS_NS},
	{LTTNG_EVENT_CONTEXT_VUID, UST_CONTEXT_VUID},
	{LTTNG_EVENT_CONTEXT_VEUID, UST_CONTEXT_VEUID},
	{LTTNG_EVENT_CONTEXT_VSUID, UST_CONTEXT_VSUID},
	{LTTNG_EVENT_CONTEXT_VGID, UST_CONTEXT_VGID},
	{LTTNG_EVENT_CONTEXT_VEGID, UST_CONTEXT_VEGID},
	{LTTNG_EVENT_CONTEXT_VSGID, UST_CONTEXT_VSGID},
};

static int copy_field(char *dst, size_t size, const char *src)
{
	if (!src || !*src || strlen(src) >= size)
		return -EINVAL;
	strcpy(dst, src);
	return 0;
}

int ust_ctx_desc_from_lttng(int32_t lttng_type, uint32_t perf_type,
			    uint64_t perf_config, const char *perf_name,
			    const char *app_provider, const char *app_name,
			    struct ust_context_desc *out)
{
	size_t i;

	memset(out, 0, sizeof(*out));
	for (i = 0; i < sizeof(lttng_to_ust) / sizeof(lttng_to_ust[0]); i++) {
		if (lttng_to_ust[i].lttng == lttng_type) {
			out->type = lttng_to_ust[i].ust;
			return 0;
		}
	}
	if (lttng_type == LTTNG_EVENT_CONTEXT_PERF_THREAD_COUNTER) {
		out->type = UST_CONTEXT_PERF_THREAD_COUNTER;
		out->perf_type = perf_type;
		out->perf_config = perf_config;
		return copy_field(out->name, sizeof(out->name), perf_name);
	}
	if (lttng_type == LTTNG_EVENT_CONTEXT_APP_CONTEXT) {
		out->type = UST_CONTEXT_APP_CONTEXT;
		if (copy_field(out->provider, sizeof(out->provider),
			       app_provider))
			return -EINVAL;
		return copy_field(out->name, sizeof(out->name), app_name);
	}
	return -EINVAL;
}
