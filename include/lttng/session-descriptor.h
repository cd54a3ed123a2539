/*
 * Session descriptors: what lttng_create_session_ext() creates (name,
 * mode, output). The session daemon fills in what the descriptor leaves
 * open (an automatic name, the default output directory).
 */
#ifndef LTTNG_SESSION_DESCRIPTOR_H
#define LTTNG_SESSION_DESCRIPTOR_H

#include <lttng/lttng-error.h>

#ifdef __cplusplus
extern "C" {
#endif

struct lttng_session_descriptor;

enum lttng_session_descriptor_status {
	LTTNG_SESSION_DESCRIPTOR_STATUS_INVALID = -1,
	LTTNG_SESSION_DESCRIPTOR_STATUS_OK = 0,
	LTTNG_SESSION_DESCRIPTOR_STATUS_UNSET = 1,
};

/*
 * name NULL asks the daemon for an "auto-YYYYMMDD-HHMMSS" name. The
 * plain form has no output; _local_ writes to path (NULL: the default
 * $LTTNG_HOME/lttng-traces/NAME-YYYYMMDD-HHMMSS). Return NULL on error.
 */
struct lttng_session_descriptor *
lttng_session_descriptor_create(const char *name);
struct lttng_session_descriptor *
lttng_session_descriptor_local_create(const char *name, const char *path);
struct lttng_session_descriptor *
lttng_session_descriptor_snapshot_create(const char *name);
struct lttng_session_descriptor *
lttng_session_descriptor_snapshot_local_create(const char *name,
					       const char *path);

/*
 * A session streaming to a relay daemon: a net:// or net6://
 * control_url (data_url NULL), or tcp:// control and data URLs.
 */
struct lttng_session_descriptor *
lttng_session_descriptor_network_create(const char *name,
					const char *control_url,
					const char *data_url);

/*
 * A snapshot session whose snapshot output is a relay daemon: a net://
 * or net6:// control_url (data_url NULL), or tcp:// control and data
 * URLs. The output is added once the session is created.
 */
struct lttng_session_descriptor *
lttng_session_descriptor_snapshot_network_create(const char *name,
						 const char *control_url,
						 const char *data_url);

/*
 * A live session (period in us, not 0) streaming to a relay daemon at
 * control_url (NULL: net://127.0.0.1). This toolkit has no relay daemon
 * yet: lttng_create_session_ext() fails with LTTNG_ERR_RELAYD_CONNECT_FAIL.
 */
struct lttng_session_descriptor *
lttng_session_descriptor_live_create(const char *name,
				     unsigned long long live_timer_interval_us);
struct lttng_session_descriptor *lttng_session_descriptor_live_network_create(
	const char *name, const char *control_url, const char *data_url,
	unsigned long long live_timer_interval_us);

enum lttng_session_descriptor_status lttng_session_descriptor_get_session_name(
	const struct lttng_session_descriptor *descriptor, const char **name);

/*
 * Toolkit extension: the output directory of a local descriptor (after
 * lttng_create_session_ext(), the one the daemon chose).
 */
enum lttng_session_descriptor_status
lttng_session_descriptor_get_local_output_path(
	const struct lttng_session_descriptor *descriptor, const char **path);

void lttng_session_descriptor_destroy(
	struct lttng_session_descriptor *descriptor);

/*
 * Create the session the descriptor describes and update the
 * descriptor with the final name and output. Returns LTTNG_OK or an
 * error code (positive, as LTTng does for this call).
 */
enum lttng_error_code
lttng_create_session_ext(struct lttng_session_descriptor *descriptor);

#ifdef __cplusplus
}
#endif

#endif /* LTTNG_SESSION_DESCRIPTOR_H */
