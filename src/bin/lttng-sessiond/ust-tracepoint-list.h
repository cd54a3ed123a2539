/*
 * `lttng list --userspace`: asks every registered app at once for its
 * tracepoints (UST_CMD_TRACEPOINT_LIST; silent apps cost one app socket
 * timeout in all) and answers the client with them, app by app, each
 * entry carrying the app's pid. Session lock held.
 */
#ifndef SESSIOND_UST_TRACEPOINT_LIST_H
#define SESSIOND_UST_TRACEPOINT_LIST_H

#include "wire-codec/wire-codec.h"

/* Appends u32 count then count lsc_events. LTTNG_OK or an error code. */
int ust_list_tracepoints(struct wire_buf *reply);

/*
 * `lttng list --userspace --fields` (UST_CMD_FIELD_LIST): appends u32
 * count then count x {lsc_event, str field, i32 type, i32 nowrite}.
 */
int ust_list_tracepoint_fields(struct wire_buf *reply);

#endif /* SESSIOND_UST_TRACEPOINT_LIST_H */
