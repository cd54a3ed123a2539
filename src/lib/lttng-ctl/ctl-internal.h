/*
 * What the liblttng-ctl sources share: the export marker for the public
 * API (everything else stays hidden) and ctl_call(), the one round trip
 * to the session daemon every API function goes through.
 */
#ifndef LTTNG_CTL_INTERNAL_H
#define LTTNG_CTL_INTERNAL_H

#include <lttng/lttng.h>

#include "sessiond-comm/codec.h"
#include "sessiond-comm/message.h"

#define LTTNG_API __attribute__((visibility("default")))

/*
 * Connect to socket name in the runtime directory of the daemon serving
 * this process: the root daemon's first for a member of the tracing
 * group, then the caller's own. fd or negative errno.
 */
int ctl_connect_rundir_socket(const char *name);

/*
 * Send one request to the session daemon and wait for its reply. Returns
 * 0 when the daemon answered LTTNG_OK (reply then holds the payload,
 * release it with lsc_message_fini()), else a negative LTTNG_ERR_* code:
 * the daemon's, -LTTNG_ERR_NO_SESSIOND when none listens, or
 * -LTTNG_ERR_INVALID_PROTOCOL for a malformed exchange. reply may be NULL
 * when no payload is expected.
 */
int ctl_call(uint32_t command, const struct wire_buf *payload,
	     struct lsc_message *reply);

/*
 * Copy src into dst (size bytes) or fail with -LTTNG_ERR_INVALID when
 * it does not fit; NULL copies as "".
 */
int ctl_copy_name(char *dst, size_t size, const char *src);

/* Fill a command target from a handle and an optional channel name. */
int ctl_target_from_handle(const struct lttng_handle *handle,
			   const char *channel, struct lsc_target *target);

/* Send a request made of a target and nothing else. */
int ctl_call_target(uint32_t command, const struct lsc_target *target,
		    struct lsc_message *reply);

/* Send a request made of a session name and nothing else. */
int ctl_call_session(uint32_t command, const char *session_name,
		     struct lsc_message *reply);

/*
 * Print LTTng's message for a public function called with arguments it
 * refuses: "Error: Invalid argument(s) passed to 'function'".
 */
void ctl_invalid_arguments(const char *function);

/*
 * Write a user space probe location as the location text the session
 * daemon takes (lttng/event.h: "elf:PATH:FUNCTION" or
 * "sdt:PATH:PROVIDER:NAME") into text (size bytes). Returns 0, or
 * -LTTNG_ERR_INVALID when it does not fit.
 */
int ctl_userspace_probe_location_text(
	const struct lttng_userspace_probe_location *location, char *text,
	size_t size);

#endif /* LTTNG_CTL_INTERNAL_H */
