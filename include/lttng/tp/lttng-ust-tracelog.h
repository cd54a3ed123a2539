/*
 * <lttng/tp/lttng-ust-tracelog.h>, installed as LTTng-UST installs it:
 * liblttng-ust's provider behind lttng_ust_tracelog()
 * (<lttng/tracelog.h>): one event per log level, named after the level
 * (lttng_ust_tracelog:TRACE_INFO, ...) and carrying it, all of one class
 * with fields line, file, func and msg. Built by liblttng-ust (tracelog.c).
 */
#undef LTTNG_UST_TRACEPOINT_PROVIDER
#define LTTNG_UST_TRACEPOINT_PROVIDER lttng_ust_tracelog

#undef LTTNG_UST_TRACEPOINT_INCLUDE
#define LTTNG_UST_TRACEPOINT_INCLUDE <lttng/tp/lttng-ust-tracelog.h>

#if !defined(UST_TRACELOG_PROVIDER_H) ||                                       \
	defined(LTTNG_UST_TRACEPOINT_HEADER_MULTI_READ)
#define UST_TRACELOG_PROVIDER_H

#include <lttng/tracepoint.h>

LTTNG_UST_TRACEPOINT_EVENT_CLASS(
	lttng_ust_tracelog, tlclass,
	LTTNG_UST_TP_ARGS(const char *, file, int, line, const char *, func,
			  const char *, msg, unsigned int, len, void *, ip),
	LTTNG_UST_TP_FIELDS(
		lttng_ust_field_integer(int, line,
					line) lttng_ust_field_string(file, file)
			lttng_ust_field_string(func, func)
				lttng_ust_field_sequence_text(char, msg, msg,
							      unsigned int, len)
					lttng_ust_field_unused(ip)))

#define UST_TRACELOG_EVENT(level)                                              \
	LTTNG_UST_TRACEPOINT_EVENT_INSTANCE(                                   \
		lttng_ust_tracelog, tlclass, lttng_ust_tracelog, level,        \
		LTTNG_UST_TP_ARGS(const char *, file, int, line, const char *, \
				  func, const char *, msg, unsigned int, len,  \
				  void *, ip))                                 \
	LTTNG_UST_TRACEPOINT_LOGLEVEL(lttng_ust_tracelog, level, level)

UST_TRACELOG_EVENT(LTTNG_UST_TRACEPOINT_LOGLEVEL_EMERG)
UST_TRACELOG_EVENT(LTTNG_UST_TRACEPOINT_LOGLEVEL_ALERT)
UST_TRACELOG_EVENT(LTTNG_UST_TRACEPOINT_LOGLEVEL_CRIT)
UST_TRACELOG_EVENT(LTTNG_UST_TRACEPOINT_LOGLEVEL_ERR)
UST_TRACELOG_EVENT(LTTNG_UST_TRACEPOINT_LOGLEVEL_WARNING)
UST_TRACELOG_EVENT(LTTNG_UST_TRACEPOINT_LOGLEVEL_NOTICE)
UST_TRACELOG_EVENT(LTTNG_UST_TRACEPOINT_LOGLEVEL_INFO)
UST_TRACELOG_EVENT(LTTNG_UST_TRACEPOINT_LOGLEVEL_DEBUG_SYSTEM)
UST_TRACELOG_EVENT(LTTNG_UST_TRACEPOINT_LOGLEVEL_DEBUG_PROGRAM)
UST_TRACELOG_EVENT(LTTNG_UST_TRACEPOINT_LOGLEVEL_DEBUG_PROCESS)
UST_TRACELOG_EVENT(LTTNG_UST_TRACEPOINT_LOGLEVEL_DEBUG_MODULE)
UST_TRACELOG_EVENT(LTTNG_UST_TRACEPOINT_LOGLEVEL_DEBUG_UNIT)
UST_TRACELOG_EVENT(LTTNG_UST_TRACEPOINT_LOGLEVEL_DEBUG_FUNCTION)
UST_TRACELOG_EVENT(LTTNG_UST_TRACEPOINT_LOGLEVEL_DEBUG_LINE)
UST_TRACELOG_EVENT(LTTNG_UST_TRACEPOINT_LOGLEVEL_DEBUG)

#endif /* UST_TRACELOG_PROVIDER_H */

#include <lttng/tracepoint-event.h>
