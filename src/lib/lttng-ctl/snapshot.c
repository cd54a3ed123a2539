/*
 * Snapshots through liblttng-ctl (<lttng/snapshot.h>): the snapshot
 * output object and its list, and the four snapshot requests to the
 * session daemon (add, delete and list outputs, record).
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ctl-internal.h"
#include "sessiond-comm/snapshot-codec.h"

struct lttng_snapshot_output {
	struct lsc_snapshot_output desc;
};

struct lttng_snapshot_output_list {
	struct lttng_snapshot_output *outputs;
	uint32_t count;
	uint32_t next; /* index get_next returns */
};

LTTNG_API struct lttng_snapshot_output *lttng_snapshot_output_create(void)
{
	struct lttng_snapshot_output *output = calloc(1, sizeof(*output));

	if (output)
		output->desc.max_size = LSC_SNAPSHOT_MAX_SIZE_UNSET;
	return output;
}

LTTNG_API void
lttng_snapshot_output_destroy(struct lttng_snapshot_output *output)
{
	free(output);
}

LTTNG_API uint32_t
lttng_snapshot_output_get_id(const struct lttng_snapshot_output *output)
{
	return output ? output->desc.id : (uint32_t)-1;
}

LTTNG_API const char *
lttng_snapshot_output_get_name(const struct lttng_snapshot_output *output)
{
	return output ? output->desc.name : NULL;
}

LTTNG_API const char *
lttng_snapshot_output_get_data_url(const struct lttng_snapshot_output *output)
{
	return output ? output->desc.data_url : NULL;
}

LTTNG_API const char *
lttng_snapshot_output_get_ctrl_url(const struct lttng_snapshot_output *output)
{
	return output ? output->desc.ctrl_url : NULL;
}

LTTNG_API uint64_t
lttng_snapshot_output_get_maxsize(const struct lttng_snapshot_output *output)
{
	return output ? output->desc.max_size : (uint64_t)-1;
}

LTTNG_API int lttng_snapshot_output_set_id(uint32_t id,
					   struct lttng_snapshot_output *output)
{
	if (!output || id == 0)
		return -LTTNG_ERR_INVALID;
	output->desc.id = id;
	return 0;
}

LTTNG_API int
lttng_snapshot_output_set_size(uint64_t size,
			       struct lttng_snapshot_output *output)
{
	if (!output)
		return -LTTNG_ERR_INVALID;
	output->desc.max_size = size;
	return 0;
}

LTTNG_API int
lttng_snapshot_output_set_name(const char *name,
			       struct lttng_snapshot_output *output)
{
	if (!output || !name)
		return -LTTNG_ERR_INVALID;
	return ctl_copy_name(output->desc.name, sizeof(output->desc.name),
			     name);
}

LTTNG_API int
lttng_snapshot_output_set_ctrl_url(const char *url,
				   struct lttng_snapshot_output *output)
{
	if (!output || !url)
		return -LTTNG_ERR_INVALID;
	return ctl_copy_name(output->desc.ctrl_url,
			     sizeof(output->desc.ctrl_url), url);
}

LTTNG_API int
lttng_snapshot_output_set_data_url(const char *url,
				   struct lttng_snapshot_output *output)
{
	if (!output || !url)
		return -LTTNG_ERR_INVALID;
	return ctl_copy_name(output->desc.data_url,
			     sizeof(output->desc.data_url), url);
}

static bool starts_with(const char *text, const char *prefix)
{
	return !strncmp(text, prefix, strlen(prefix));
}

LTTNG_API int
lttng_snapshot_output_set_local_path(const char *path,
				     struct lttng_snapshot_output *output)
{
	int n;

	if (!output || !path || path[0] != '/')
		return -LTTNG_ERR_INVALID;
	n = snprintf(output->desc.ctrl_url, sizeof(output->desc.ctrl_url),
		     "file://%s", path);
	if (n < 0 || (size_t)n >= sizeof(output->desc.ctrl_url))
		return -LTTNG_ERR_INVALID;
	output->desc.data_url[0] = '\0';
	return 0;
}

LTTNG_API int
lttng_snapshot_output_set_network_url(const char *url,
				      struct lttng_snapshot_output *output)
{
	if (!output || !url ||
	    !(starts_with(url, "net://") || starts_with(url, "net6://")))
		return -LTTNG_ERR_INVALID;
	if (ctl_copy_name(output->desc.ctrl_url, sizeof(output->desc.ctrl_url),
			  url))
		return -LTTNG_ERR_INVALID;
	return ctl_copy_name(output->desc.data_url,
			     sizeof(output->desc.data_url), url);
}

LTTNG_API int
lttng_snapshot_output_set_network_urls(const char *ctrl_url,
				       const char *data_url,
				       struct lttng_snapshot_output *output)
{
	if (!output || !ctrl_url || !data_url ||
	    !(starts_with(ctrl_url, "tcp://") ||
	      starts_with(ctrl_url, "tcp6://")) ||
	    !(starts_with(data_url, "tcp://") ||
	      starts_with(data_url, "tcp6://")))
		return -LTTNG_ERR_INVALID;
	if (ctl_copy_name(output->desc.ctrl_url, sizeof(output->desc.ctrl_url),
			  ctrl_url))
		return -LTTNG_ERR_INVALID;
	return ctl_copy_name(output->desc.data_url,
			     sizeof(output->desc.data_url), data_url);
}

/* A request made of a session name, an output and, for record, wait. */
static int call_with_output(uint32_t command, const char *session_name,
			    const struct lsc_snapshot_output *output,
			    const int *wait, struct lsc_message *reply)
{
	char name[LTTNG_NAME_MAX];
	struct wire_buf buf;
	int ret;

	if (!session_name)
		return -LTTNG_ERR_INVALID;
	ret = ctl_copy_name(name, sizeof(name), session_name);
	if (ret)
		return ret;
	wire_buf_init(&buf);
	wire_put_str(&buf, name);
	lsc_put_snapshot_output(&buf, output);
	if (wait)
		wire_put_u32(&buf, *wait != 0);
	ret = ctl_call(command, &buf, reply);
	wire_buf_fini(&buf);
	return ret;
}

LTTNG_API int lttng_snapshot_add_output(const char *session_name,
					struct lttng_snapshot_output *output)
{
	char name[LTTNG_NAME_MAX];
	struct lsc_message reply;
	struct wire_cursor cur;
	uint32_t id;
	int ret;

	if (!output)
		return -LTTNG_ERR_INVALID;
	ret = call_with_output(LSC_CMD_SNAPSHOT_ADD_OUTPUT, session_name,
			       &output->desc, NULL, &reply);
	if (ret)
		return ret;
	wire_cursor_init(&cur, reply.payload, reply.payload_len);
	if (wire_get_u32(&cur, &id) || wire_get_str(&cur, name, sizeof(name)) ||
	    wire_cursor_finish(&cur)) {
		ret = -LTTNG_ERR_INVALID_PROTOCOL;
	} else {
		output->desc.id = id;
		memcpy(output->desc.name, name, sizeof(name));
	}
	lsc_message_fini(&reply);
	return ret;
}

LTTNG_API int lttng_snapshot_del_output(const char *session_name,
					struct lttng_snapshot_output *output)
{
	if (!output)
		return -LTTNG_ERR_INVALID;
	return call_with_output(LSC_CMD_SNAPSHOT_DEL_OUTPUT, session_name,
				&output->desc, NULL, NULL);
}

static int decode_list(struct wire_cursor *cur,
		       struct lttng_snapshot_output_list *list)
{
	uint32_t count;

	if (wire_get_u32(cur, &count) || count > LSC_MAX_PAYLOAD / 16)
		return -LTTNG_ERR_INVALID_PROTOCOL;
	list->outputs = calloc(count ? count : 1, sizeof(*list->outputs));
	if (!list->outputs)
		return -LTTNG_ERR_NOMEM;
	for (uint32_t i = 0; i < count; i++) {
		if (lsc_get_snapshot_output(cur, &list->outputs[i].desc))
			return -LTTNG_ERR_INVALID_PROTOCOL;
		list->count = i + 1;
	}
	return wire_cursor_finish(cur) ? -LTTNG_ERR_INVALID_PROTOCOL : 0;
}

LTTNG_API int
lttng_snapshot_list_output(const char *session_name,
			   struct lttng_snapshot_output_list **list)
{
	struct lttng_snapshot_output_list *result;
	struct lsc_message reply;
	struct wire_cursor cur;
	int ret;

	if (!list)
		return -LTTNG_ERR_INVALID;
	ret = ctl_call_session(LSC_CMD_SNAPSHOT_LIST_OUTPUT, session_name,
			       &reply);
	if (ret)
		return ret;
	result = calloc(1, sizeof(*result));
	if (!result) {
		lsc_message_fini(&reply);
		return -LTTNG_ERR_NOMEM;
	}
	wire_cursor_init(&cur, reply.payload, reply.payload_len);
	ret = decode_list(&cur, result);
	lsc_message_fini(&reply);
	if (ret) {
		lttng_snapshot_output_list_destroy(result);
		return ret;
	}
	*list = result;
	return (int)result->count;
}

LTTNG_API struct lttng_snapshot_output *
lttng_snapshot_output_list_get_next(struct lttng_snapshot_output_list *list)
{
	if (!list || list->next >= list->count)
		return NULL;
	return &list->outputs[list->next++];
}

LTTNG_API void
lttng_snapshot_output_list_destroy(struct lttng_snapshot_output_list *list)
{
	if (!list)
		return;
	free(list->outputs);
	free(list);
}

LTTNG_API int lttng_snapshot_record(const char *session_name,
				    struct lttng_snapshot_output *output,
				    int wait)
{
	struct lsc_snapshot_output none = {
		.max_size = LSC_SNAPSHOT_MAX_SIZE_UNSET,
	};

	return call_with_output(LSC_CMD_SNAPSHOT_RECORD, session_name,
				output ? &output->desc : &none, &wait, NULL);
}
