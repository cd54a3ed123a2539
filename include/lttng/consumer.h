/*
 * The consumer entry points LTTng keeps for compatibility (see
 * src/lib/lttng-ctl/consumer.c for their results), and lttng_calibrate,
 * which LTTng 2.13 no longer implements.
 */
#ifndef LTTNG_CONSUMER_H
#define LTTNG_CONSUMER_H

#include <lttng/handle.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Always -LTTNG_ERR_UND once the session is found (or the lookup's error). */
int lttng_register_consumer(struct lttng_handle *handle,
			    const char *socket_path);

/* Always -ENOSYS. */
int lttng_enable_consumer(struct lttng_handle *handle);
int lttng_disable_consumer(struct lttng_handle *handle);

/*
 * Set the trace output of a session that is not active: control_url alone
 * (a path, file:// or net:// URL) or tcp:// control and data URLs.
 * Returns 0 or a negative LTTNG_ERR_*: -LTTNG_ERR_TRACE_ALREADY_STARTED
 * while the session is active, -LTTNG_ERR_RELAYD_CONNECT_FAIL once it has
 * a network output (as LTTng). Not implemented yet: snapshot sessions and
 * sessions with a channel (-LTTNG_ERR_NOT_SUPPORTED).
 */
int lttng_set_consumer_url(struct lttng_handle *handle, const char *control_url,
			   const char *data_url);

enum lttng_calibrate_type {
	LTTNG_CALIBRATE_FUNCTION = 0,
};

#define LTTNG_CALIBRATE_PADDING1 16
struct lttng_calibrate {
	enum lttng_calibrate_type type;
	char padding[LTTNG_CALIBRATE_PADDING1];
};

/* Always -LTTNG_ERR_UND, as LTTng 2.13. */
int lttng_calibrate(struct lttng_handle *handle,
		    struct lttng_calibrate *calibrate);

#ifdef __cplusplus
}
#endif

#endif /* LTTNG_CONSUMER_H */
