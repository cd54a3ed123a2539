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
 * Sets the trace output of a session not yet started. The URLs are
 * checked as LTTng does (invalid: -LTTNG_ERR_INVALID, after the URI
 * parser's message). Not implemented yet: a network output needs
 * lttng-relayd (-LTTNG_ERR_RELAYD_CONNECT_FAIL, as LTTng when it cannot
 * reach one), and the session daemon cannot change a local output after
 * creation (-LTTNG_ERR_NOT_SUPPORTED).
 */
LTTNG_API int lttng_set_consumer_url(struct lttng_handle *handle,
				     const char *control_url,
				     const char *data_url)
{
	enum config_url_kind kind = CONFIG_URL_PATH;
	char path[PATH_MAX];
	int ret;

	if (!handle || (!control_url && !data_url))
		return -LTTNG_ERR_INVALID;
	if (control_url) {
		ret = config_url_parse(control_url, &kind, path, sizeof(path));
		if (ret)
			return ret;
	}
	if (data_url) {
		enum config_url_kind data_kind;

		ret = config_url_parse(data_url, &data_kind, path,
				       sizeof(path));
		if (ret)
			return ret;
		if (data_kind == CONFIG_URL_NETWORK)
			kind = CONFIG_URL_NETWORK;
	}
	ret = session_exists(handle);
	if (ret)
		return ret;
	return kind == CONFIG_URL_NETWORK ? -LTTNG_ERR_RELAYD_CONNECT_FAIL
					  : -LTTNG_ERR_NOT_SUPPORTED;
}
