/*
 * <lttng/tp/lttng-ust-tracef.h>, installed as LTTng-UST installs it:
 * liblttng-ust's provider behind lttng_ust_tracef() (<lttng/tracef.h>):
 * event lttng_ust_tracef:event, log level DEBUG, whose `msg` field is
 * the formatted text as a sequence of characters (so the trace shows
 * _msg_length then msg, as with LTTng). Built by liblttng-ust (tracef.c).
 */
#undef LTTNG_UST_TRACEPOINT_PROVIDER
#define LTTNG_UST_TRACEPOINT_PROVIDER lttng_ust_tracef

#undef LTTNG_UST_TRACEPOINT_INCLUDE
#define LTTNG_UST_TRACEPOINT_INCLUDE <lttng/tp/lttng-ust-tracef.h>

#if !defined(UST_TRACEF_PROVIDER_H) ||                                         \
	defined(LTTNG_UST_TRACEPOINT_HEADER_MULTI_READ)
#define UST_TRACEF_PROVIDER_H

#include <lttng/tracepoint.h>

LTTNG_UST_TRACEPOINT_EVENT(lttng_ust_tracef, event,
	LTTNG_UST_TP_ARGS(const char *, msg, unsigned int, len, void *, ip),
	LTTNG_UST_TP_FIELDS(
		lttng_ust_field_sequence_text(char, msg, msg, unsigned int, len)
		lttng_ust_field_unused(ip)
	)
)

LTTNG_UST_TRACEPOINT_LOGLEVEL(lttng_ust_tracef, event,
			      LTTNG_UST_TRACEPOINT_LOGLEVEL_DEBUG)

#endif /* UST_TRACEF_PROVIDER_H */

#include <lttng/tracepoint-event.h>
