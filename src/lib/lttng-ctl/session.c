/*
 * Recording sessions through liblttng-ctl: session descriptors and
 * creation, listing, start/stop (with the wait for data), destruction.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "config-url.h"
#include "ctl-internal.h"
#include "sessiond-comm/snapshot-codec.h"
#include "util/log.h"

#define DATA_PENDING_POLL_NS 100000000L
/* Where LTTng's network and live sessions stream when given no URL. */
#define DEFAULT_NETWORK_URL "net://127.0.0.1"

struct lttng_session_descriptor {
	struct lsc_create_session create;
	bool has_name;
	/* a network snapshot output, added once the session exists */
	bool has_snapshot_output;
	struct lsc_snapshot_output snapshot_output;
	/* live sessions: the live timer period (us); 0 for the others */
	uint64_t live_timer_us;
};

static struct lttng_session_descriptor *
descriptor_new(const char *name, bool snapshot, enum lsc_output_kind output,
	       const char *path)
{
	struct lttng_session_descriptor *desc = calloc(1, sizeof(*desc));

	if (!desc)
		return NULL;
	desc->has_name = name != NULL;
	desc->create.snapshot = snapshot;
	desc->create.output = output;
	if (ctl_copy_name(desc->create.name, sizeof(desc->create.name), name) ||
	    ctl_copy_name(desc->create.path, sizeof(desc->create.path), path) ||
	    (output == LSC_OUTPUT_PATH && path[0] != '/') || (name && !*name)) {
		free(desc);
		return NULL;
	}
	return desc;
}

LTTNG_API struct lttng_session_descriptor *
lttng_session_descriptor_create(const char *name)
{
	return descriptor_new(name, false, LSC_OUTPUT_NONE, NULL);
}

LTTNG_API struct lttng_session_descriptor *
lttng_session_descriptor_local_create(const char *name, const char *path)
{
	return descriptor_new(
		name, false, path ? LSC_OUTPUT_PATH : LSC_OUTPUT_DEFAULT, path);
}

LTTNG_API struct lttng_session_descriptor *
lttng_session_descriptor_snapshot_create(const char *name)
{
	return descriptor_new(name, true, LSC_OUTPUT_NONE, NULL);
}

LTTNG_API struct lttng_session_descriptor *
lttng_session_descriptor_snapshot_local_create(const char *name,
					       const char *path)
{
	return descriptor_new(
		name, true, path ? LSC_OUTPUT_PATH : LSC_OUTPUT_DEFAULT, path);
}

static bool network_url(const char *url)
{
	enum config_url_kind kind;
	char path[LTTNG_PATH_MAX];

	return !config_url_parse(url, &kind, path, sizeof(path)) &&
	       kind == CONFIG_URL_NETWORK;
}

/* net://, net4:// or net6://: both ports of a relay daemon. */
static bool net_url(const char *url)
{
	return !strncmp(url, "net", 3);
}

/*
 * LTTng's rules for a relay daemon's URLs: none (the default, on this
 * host), a net:// URL alone, or two other network URLs (with its
 * messages).
 */
static bool network_urls_valid(const char *control_url, const char *data_url)
{
	if (!control_url)
		return !data_url;
	if (!network_url(control_url))
		return false;
	if (!data_url)
		return net_url(control_url);
	if (net_url(control_url)) {
		ERR("Control URL uses the net:// protocol and the data URL is "
		    "different. Not allowed.");
		return false;
	}
	if (net_url(data_url)) {
		ERR("Data URL can not be set with the net[4|6]:// protocol");
		return false;
	}
	return network_url(data_url);
}

LTTNG_API struct lttng_session_descriptor *
lttng_session_descriptor_network_create(const char *name,
					const char *control_url,
					const char *data_url)
{
	struct lttng_session_descriptor *desc;

	if (!network_urls_valid(control_url, data_url))
		return NULL;
	if (!control_url)
		control_url = DEFAULT_NETWORK_URL;
	desc = descriptor_new(name, false, LSC_OUTPUT_NETWORK, control_url);
	if (desc && ctl_copy_name(desc->create.data_url,
				  sizeof(desc->create.data_url), data_url)) {
		free(desc);
		return NULL;
	}
	return desc;
}

LTTNG_API struct lttng_session_descriptor *
lttng_session_descriptor_snapshot_network_create(const char *name,
						 const char *control_url,
						 const char *data_url)
{
	struct lttng_session_descriptor *desc;
	struct lsc_snapshot_output *out;

	if (!network_urls_valid(control_url, data_url))
		return NULL;
	if (!control_url)
		control_url = DEFAULT_NETWORK_URL;
	desc = descriptor_new(name, true, LSC_OUTPUT_NONE, NULL);
	if (!desc)
		return NULL;
	out = &desc->snapshot_output;
	out->max_size = LSC_SNAPSHOT_MAX_SIZE_UNSET;
	if (ctl_copy_name(out->ctrl_url, sizeof(out->ctrl_url), control_url) ||
	    ctl_copy_name(out->data_url, sizeof(out->data_url), data_url)) {
		free(desc);
		return NULL;
	}
	desc->has_snapshot_output = true;
	return desc;
}

LTTNG_API enum lttng_session_descriptor_status
lttng_session_descriptor_get_session_name(
	const struct lttng_session_descriptor *descriptor, const char **name)
{
	if (!descriptor || !name)
		return LTTNG_SESSION_DESCRIPTOR_STATUS_INVALID;
	/* LTTng sets *name to NULL when unset. */
	*name = descriptor->has_name ? descriptor->create.name : NULL;
	if (!descriptor->has_name)
		return LTTNG_SESSION_DESCRIPTOR_STATUS_UNSET;
	return LTTNG_SESSION_DESCRIPTOR_STATUS_OK;
}

LTTNG_API enum lttng_session_descriptor_status
lttng_session_descriptor_get_local_output_path(
	const struct lttng_session_descriptor *descriptor, const char **path)
{
	if (!descriptor || !path)
		return LTTNG_SESSION_DESCRIPTOR_STATUS_INVALID;
	if (descriptor->create.output != LSC_OUTPUT_PATH)
		return LTTNG_SESSION_DESCRIPTOR_STATUS_UNSET;
	*path = descriptor->create.path;
	return LTTNG_SESSION_DESCRIPTOR_STATUS_OK;
}

/*
 * Live sessions (the live timer period must not be 0). The descriptors
 * are as LTTng's, but creating such a session fails: see
 * lttng_create_session_ext().
 */
LTTNG_API struct lttng_session_descriptor *
lttng_session_descriptor_live_create(const char *name,
				     unsigned long long live_timer_interval_us)
{
	struct lttng_session_descriptor *desc;

	if (!live_timer_interval_us)
		return NULL;
	desc = descriptor_new(name, false, LSC_OUTPUT_NETWORK,
			      DEFAULT_NETWORK_URL);
	if (desc)
		desc->live_timer_us = live_timer_interval_us;
	return desc;
}

LTTNG_API struct lttng_session_descriptor *
lttng_session_descriptor_live_network_create(
	const char *name, const char *control_url, const char *data_url,
	unsigned long long live_timer_interval_us)
{
	struct lttng_session_descriptor *desc;

	if (!live_timer_interval_us)
		return NULL;
	desc = lttng_session_descriptor_network_create(name, control_url,
						       data_url);
	if (desc)
		desc->live_timer_us = live_timer_interval_us;
	return desc;
}

LTTNG_API void
lttng_session_descriptor_destroy(struct lttng_session_descriptor *descriptor)
{
	free(descriptor);
}

/* Record what the daemon chose (name, output) in the descriptor. */
static int descriptor_update(struct lttng_session_descriptor *desc,
			     const struct lsc_message *reply)
{
	struct lsc_session created;
	struct wire_cursor cur;
	const char *path;
	int ret;

	wire_cursor_init(&cur, reply->payload, reply->payload_len);
	ret = lsc_get_session(&cur, &created);
	if (!ret)
		ret = wire_cursor_finish(&cur);
	if (ret)
		return -LTTNG_ERR_INVALID_PROTOCOL;
	strcpy(desc->create.name, created.name);
	desc->has_name = true;
	path = created.snapshot ? created.snapshot_path : created.path;
	if (*path) {
		strcpy(desc->create.path, path);
		desc->create.output = LSC_OUTPUT_PATH;
	}
	return 0;
}

/*
 * Adds the descriptor's network snapshot output to the session just
 * created; the session is destroyed if it cannot be. 0 or -LTTNG_ERR_*.
 */
static int add_snapshot_output(const struct lttng_session_descriptor *desc)
{
	struct wire_buf buf;
	int ret;

	wire_buf_init(&buf);
	wire_put_str(&buf, desc->create.name);
	lsc_put_snapshot_output(&buf, &desc->snapshot_output);
	ret = ctl_call(LSC_CMD_SNAPSHOT_ADD_OUTPUT, &buf, NULL);
	wire_buf_fini(&buf);
	if (ret)
		ctl_call_session(LSC_CMD_DESTROY_SESSION, desc->create.name,
				 NULL);
	return ret;
}

LTTNG_API enum lttng_error_code
lttng_create_session_ext(struct lttng_session_descriptor *descriptor)
{
	struct lsc_message reply;
	struct wire_buf buf;
	int ret;

	if (!descriptor)
		return LTTNG_ERR_INVALID;
	/*
	 * A live session streams to lttng-relayd, which this toolkit does
	 * not provide yet: LTTng's error for a relay daemon it cannot reach.
	 */
	if (descriptor->live_timer_us)
		return LTTNG_ERR_RELAYD_CONNECT_FAIL;
	wire_buf_init(&buf);
	lsc_put_create_session(&buf, &descriptor->create);
	ret = ctl_call(LSC_CMD_CREATE_SESSION, &buf, &reply);
	wire_buf_fini(&buf);
	if (ret)
		return -ret;
	ret = descriptor_update(descriptor, &reply);
	lsc_message_fini(&reply);
	if (!ret && descriptor->has_snapshot_output)
		ret = add_snapshot_output(descriptor);
	return ret ? -ret : LTTNG_OK;
}

/*
 * Turn an output URL into a local path: "file://" followed by an absolute
 * path, or an absolute path. Network outputs need the relay daemon,
 * which this toolkit does not provide yet.
 */
static const char *url_to_path(const char *url)
{
	static const char prefix[] = "file://";

	if (!strncmp(url, prefix, sizeof(prefix) - 1))
		url += sizeof(prefix) - 1;
	return url[0] == '/' ? url : NULL;
}

static int create_from_url(const char *name, const char *url, bool snapshot)
{
	struct lttng_session_descriptor *desc;
	const char *path = NULL;
	enum lttng_error_code code;

	if (!name)
		return -LTTNG_ERR_INVALID;
	if (url && !snapshot && strstr(url, "://") &&
	    strncmp(url, "file://", 7))
		desc = lttng_session_descriptor_network_create(name, url, NULL);
	else if (url && !(path = url_to_path(url)))
		return -LTTNG_ERR_INVALID;
	else
		desc = descriptor_new(name, snapshot,
				      path ? LSC_OUTPUT_PATH : LSC_OUTPUT_NONE,
				      path);
	if (!desc)
		return -LTTNG_ERR_INVALID;
	code = lttng_create_session_ext(desc);
	lttng_session_descriptor_destroy(desc);
	return code == LTTNG_OK ? 0 : -(int)code;
}

LTTNG_API int lttng_create_session(const char *name, const char *url)
{
	return create_from_url(name, url, false);
}

LTTNG_API int lttng_create_session_snapshot(const char *name,
					    const char *snapshot_url)
{
	return create_from_url(name, snapshot_url, true);
}

/*
 * LTTng's live session: name required, a non-zero period, a network URL
 * (NULL: net://127.0.0.1). Fails with -LTTNG_ERR_RELAYD_CONNECT_FAIL
 * once the arguments are valid (no relay daemon, see above).
 */
LTTNG_API int lttng_create_session_live(const char *name, const char *url,
					unsigned int timer_interval)
{
	struct lttng_session_descriptor *desc;
	enum lttng_error_code code;

	if (!name)
		return -LTTNG_ERR_INVALID;
	desc = url ? lttng_session_descriptor_live_network_create(
			     name, url, NULL, timer_interval)
		   : lttng_session_descriptor_live_create(name, timer_interval);
	if (!desc)
		return -LTTNG_ERR_INVALID;
	code = lttng_create_session_ext(desc);
	lttng_session_descriptor_destroy(desc);
	return code == LTTNG_OK ? 0 : -(int)code;
}

LTTNG_API int lttng_data_pending(const char *session_name)
{
	struct lsc_message reply;
	struct wire_cursor cur;
	uint32_t pending;
	int ret = ctl_call_session(LSC_CMD_DATA_PENDING, session_name, &reply);

	if (ret)
		return ret;
	wire_cursor_init(&cur, reply.payload, reply.payload_len);
	ret = wire_get_u32(&cur, &pending);
	if (!ret)
		ret = wire_cursor_finish(&cur);
	lsc_message_fini(&reply);
	if (ret)
		return -LTTNG_ERR_INVALID_PROTOCOL;
	return pending ? 1 : 0;
}

/* Poll lttng_data_pending() until the session's data is all written. */
static int wait_data(const char *session_name)
{
	const struct timespec pause = {0, DATA_PENDING_POLL_NS};
	int ret;

	while ((ret = lttng_data_pending(session_name)) == 1)
		nanosleep(&pause, NULL);
	return ret;
}

LTTNG_API int lttng_destroy_session(const char *name)
{
	int ret = lttng_stop_tracing(name);

	if (ret && ret != -LTTNG_ERR_TRACE_ALREADY_STOPPED)
		return ret;
	return ctl_call_session(LSC_CMD_DESTROY_SESSION, name, NULL);
}

LTTNG_API int lttng_destroy_session_no_wait(const char *name)
{
	return ctl_call_session(LSC_CMD_DESTROY_SESSION, name, NULL);
}

LTTNG_API int lttng_start_tracing(const char *session_name)
{
	return ctl_call_session(LSC_CMD_START_TRACE, session_name, NULL);
}

LTTNG_API int lttng_stop_tracing_no_wait(const char *session_name)
{
	return ctl_call_session(LSC_CMD_STOP_TRACE, session_name, NULL);
}

LTTNG_API int lttng_stop_tracing(const char *session_name)
{
	int ret = lttng_stop_tracing_no_wait(session_name);

	return ret ? ret : wait_data(session_name);
}

LTTNG_API int lttng_regenerate_metadata(const char *session_name)
{
	return ctl_call_session(LSC_CMD_REGENERATE_METADATA, session_name,
				NULL);
}

LTTNG_API int lttng_metadata_regenerate(const char *session_name)
{
	return lttng_regenerate_metadata(session_name);
}

LTTNG_API int lttng_regenerate_statedump(const char *session_name)
{
	return ctl_call_session(LSC_CMD_REGENERATE_STATEDUMP, session_name,
				NULL);
}

LTTNG_API int lttng_set_session_shm_path(const char *session_name,
					 const char *shm_path)
{
	char name[LTTNG_NAME_MAX];
	struct wire_buf buf;
	int ret;

	if (!session_name)
		return -LTTNG_ERR_INVALID;
	if (shm_path && strlen(shm_path) >= LTTNG_PATH_MAX)
		return -LTTNG_ERR_INVALID;
	ret = ctl_copy_name(name, sizeof(name), session_name);
	if (ret)
		return ret;
	wire_buf_init(&buf);
	wire_put_str(&buf, name);
	wire_put_str(&buf, shm_path ? shm_path : "");
	ret = ctl_call(LSC_CMD_SET_SESSION_SHM_PATH, &buf, NULL);
	wire_buf_fini(&buf);
	return ret;
}

/*
 * What LTTng keeps behind lttng_session.extended.ptr: stored after the
 * array, in the same allocation (the caller frees the array only).
 */
struct session_extended {
	uint64_t creation_time;
};

static int decode_sessions(struct wire_cursor *cur,
			   struct lttng_session **sessions)
{
	struct lttng_session *array = NULL;
	struct session_extended *ext = NULL;
	struct lsc_session entry;
	uint32_t count, i;
	int ret = lsc_get_count(cur, LSC_MAX_PAYLOAD / 16, &count);

	if (!ret && count) {
		array = calloc(count, sizeof(*array) + sizeof(*ext));
		if (!array)
			return -LTTNG_ERR_NOMEM;
		ext = (struct session_extended *)(array + count);
	}
	for (i = 0; !ret && i < count; i++) {
		ret = lsc_get_session(cur, &entry);
		strcpy(array[i].name, entry.name);
		strcpy(array[i].path, entry.path);
		array[i].enabled = entry.enabled;
		array[i].snapshot_mode = entry.snapshot;
		ext[i].creation_time = entry.creation_time;
		array[i].extended.ptr = &ext[i];
	}
	if (!ret)
		ret = wire_cursor_finish(cur);
	if (ret) {
		free(array);
		return -LTTNG_ERR_INVALID_PROTOCOL;
	}
	*sessions = array;
	return (int)count;
}

/*
 * As LTTng's, but a NULL argument is LTTNG_ERR_INVALID (LTTng crashes),
 * as is a session that lttng_list_sessions() did not fill.
 */
LTTNG_API enum lttng_error_code
lttng_session_get_creation_time(const struct lttng_session *session,
				uint64_t *creation_time)
{
	const struct session_extended *ext;

	if (!session || !creation_time || !session->extended.ptr)
		return LTTNG_ERR_INVALID;
	ext = session->extended.ptr;
	*creation_time = ext->creation_time;
	return LTTNG_OK;
}

LTTNG_API int lttng_list_sessions(struct lttng_session **sessions)
{
	struct lsc_message reply;
	struct wire_cursor cur;
	int ret;

	if (!sessions)
		return -LTTNG_ERR_INVALID;
	ret = ctl_call(LSC_CMD_LIST_SESSIONS, NULL, &reply);
	if (ret)
		return ret;
	wire_cursor_init(&cur, reply.payload, reply.payload_len);
	ret = decode_sessions(&cur, sessions);
	lsc_message_fini(&reply);
	return ret;
}
