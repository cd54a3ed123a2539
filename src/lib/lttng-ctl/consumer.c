/*
 * LTTng's consumer entry points of liblttng-ctl (lttng_register_consumer,
 * lttng_enable_consumer, lttng_disable_consumer, lttng_set_consumer_url)
 * and lttng_calibrate: deprecated or superseded by session descriptors,
 * kept in the ABI for their users (LTTng's Python bindings among them)
 * with LTTng 2.13's results.
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include <lttng/lttng.h>

#include "config-url.h"
#include "ctl-internal.h"

/* 0 when the handle's session exists, else a negative LTTNG_ERR_*. */
static int session_exists(const struct lttng_handle *handle)
{
	struct lttng_session *sessions = NULL;
	int count = lttng_list_sessions(&sessions), i, ret;

	if (count < 0)
		return count;
	ret = -LTTNG_ERR_SESS_NOT_FOUND;
	for (i = 0; i < count; i++) {
		if (!strcmp(sessions[i].name, handle->session_name))
			ret = 0;
	}
	free(sessions);
	return ret;
}

/*
 * LTTng's session daemon no longer has an external consumer command: it
 * checks the session, then answers "undefined command".
 */
LTTNG_API int lttng_register_consumer(struct lttng_handle *handle,
				      const char *socket_path)
{
	int ret;

	if (!handle || !socket_path)
		return -LTTNG_ERR_INVALID;
	ret = session_exists(handle);
	return ret ? ret : -LTTNG_ERR_UND;
}

/* Removed from LTTng long ago: -ENOSYS whatever the handle. */
LTTNG_API int lttng_enable_consumer(struct lttng_handle *handle)
{
	(void)handle;
	return -ENOSYS;
}

LTTNG_API int lttng_disable_consumer(struct lttng_handle *handle)
{
	(void)handle;
	return -ENOSYS;
}

/* LTTng 2.13 no longer calibrates: "undefined command" without asking. */
LTTNG_API int lttng_calibrate(struct lttng_handle *handle,
			      struct lttng_calibrate *calibrate)
{
	(void)handle;
	(void)calibrate;
	return -LTTNG_ERR_UND;
}

/*
 * Sets the trace output of a session (not while it is active). The URLs
 * are checked as LTTng does (invalid: -LTTNG_ERR_INVALID, after the URI
 * parser's message), then the session daemon replaces the output: see
 * session_set_output() there for what is not implemented yet.
 */
LTTNG_API int lttng_set_consumer_url(struct lttng_handle *handle,
				     const char *control_url,
				     const char *data_url)
{
	enum config_url_kind kind = CONFIG_URL_PATH, data_kind;
	char path[PATH_MAX], data_path[PATH_MAX];
	struct wire_buf buf;
	int ret;

	if (!handle || (!control_url && !data_url))
		return -LTTNG_ERR_INVALID;
	if (control_url) {
		ret = config_url_parse(control_url, &kind, path, sizeof(path));
		if (ret)
			return ret;
	}
	if (data_url) {
		ret = config_url_parse(data_url, &data_kind, data_path,
				       sizeof(data_path));
		if (ret)
			return ret;
	}
	/* A local output is one path; a network one needs its control URL. */
	if ((kind == CONFIG_URL_PATH && data_url) || !control_url)
		return -LTTNG_ERR_INVALID;
	wire_buf_init(&buf);
	wire_put_str(&buf, handle->session_name);
	wire_put_u32(&buf, kind == CONFIG_URL_NETWORK);
	wire_put_str(&buf, kind == CONFIG_URL_NETWORK ? control_url : path);
	wire_put_str(&buf, data_url ? data_url : "");
	ret = ctl_call(LSC_CMD_SET_CONSUMER_URL, &buf, NULL);
	wire_buf_fini(&buf);
	return ret;
}
