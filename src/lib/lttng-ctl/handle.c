/*
 * Handles (a session name and a domain) and the listing of the domains
 * a session uses.
 */
#include <stdlib.h>
#include <string.h>

#include "ctl-internal.h"

LTTNG_API struct lttng_handle *lttng_create_handle(const char *session_name,
						   struct lttng_domain *domain)
{
	struct lttng_handle *handle = calloc(1, sizeof(*handle));

	if (!handle)
		return NULL;
	if (ctl_copy_name(handle->session_name, sizeof(handle->session_name),
			  session_name)) {
		free(handle);
		return NULL;
	}
	if (domain)
		handle->domain = *domain;
	return handle;
}

LTTNG_API void lttng_destroy_handle(struct lttng_handle *handle)
{
	free(handle);
}

LTTNG_API int lttng_list_domains(const char *session_name,
				 struct lttng_domain **domains)
{
	struct lsc_message reply;
	struct wire_cursor cur;
	struct lsc_domain domain;
	struct lttng_domain *array = NULL;
	uint32_t count, i;
	int ret;

	if (!domains)
		return -LTTNG_ERR_INVALID;
	ret = ctl_call_session(LSC_CMD_LIST_DOMAINS, session_name, &reply);
	if (ret)
		return ret;
	wire_cursor_init(&cur, reply.payload, reply.payload_len);
	ret = lsc_get_count(&cur, 8, &count);
	if (!ret && count) {
		array = calloc(count, sizeof(*array));
		ret = array ? 0 : -LTTNG_ERR_NOMEM;
	}
	for (i = 0; !ret && i < count; i++) {
		ret = lsc_get_domain(&cur, &domain);
		array[i].type = domain.type;
		array[i].buf_type = domain.buffer_type;
	}
	if (!ret)
		ret = wire_cursor_finish(&cur);
	lsc_message_fini(&reply);
	if (ret) {
		free(array);
		return ret == -LTTNG_ERR_NOMEM ? ret
					       : -LTTNG_ERR_INVALID_PROTOCOL;
	}
	*domains = array;
	return (int)count;
}
