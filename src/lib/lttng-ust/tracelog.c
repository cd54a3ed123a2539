/*
 * liblttng-ust: lttng_ust_tracelog() / lttng_ust_vtracelog(): formats
 * the message and fires the tracepoint of its log level
 * (lttng_ust_tracelog:LTTNG_UST_TRACEPOINT_LOGLEVEL_<LEVEL>, the
 * names LTTng-UST 2.13 gives them), whose sites and provider this file
 * defines. An out-of-range level records nothing.
 */
#include <stdio.h>
#include <stdlib.h>

#define LTTNG_UST_TRACEPOINT_CREATE_PROBES
#define LTTNG_UST_TRACEPOINT_DEFINE
#include <lttng/tp/lttng-ust-tracelog.h>

#include <lttng/tracelog.h>

#include "common/ust-log.h"

#define TRACELOG_FIRE(level_name)                                              \
	lttng_ust_do_tracepoint(lttng_ust_tracelog, level_name, file, line,    \
				func, msg, len, ip)

/* Calls the probes of the event of `level` (0 to 14). */
static void tracelog_fire(int level, const char *file, int line,
			  const char *func, const char *msg, unsigned int len,
			  void *ip)
{
	switch (level) {
	case LTTNG_UST_TRACEPOINT_LOGLEVEL_EMERG:
		TRACELOG_FIRE(LTTNG_UST_TRACEPOINT_LOGLEVEL_EMERG);
		break;
	case LTTNG_UST_TRACEPOINT_LOGLEVEL_ALERT:
		TRACELOG_FIRE(LTTNG_UST_TRACEPOINT_LOGLEVEL_ALERT);
		break;
	case LTTNG_UST_TRACEPOINT_LOGLEVEL_CRIT:
		TRACELOG_FIRE(LTTNG_UST_TRACEPOINT_LOGLEVEL_CRIT);
		break;
	case LTTNG_UST_TRACEPOINT_LOGLEVEL_ERR:
		TRACELOG_FIRE(LTTNG_UST_TRACEPOINT_LOGLEVEL_ERR);
		break;
	case LTTNG_UST_TRACEPOINT_LOGLEVEL_WARNING:
		TRACELOG_FIRE(LTTNG_UST_TRACEPOINT_LOGLEVEL_WARNING);
		break;
	case LTTNG_UST_TRACEPOINT_LOGLEVEL_NOTICE:
		TRACELOG_FIRE(LTTNG_UST_TRACEPOINT_LOGLEVEL_NOTICE);
		break;
	case LTTNG_UST_TRACEPOINT_LOGLEVEL_INFO:
		TRACELOG_FIRE(LTTNG_UST_TRACEPOINT_LOGLEVEL_INFO);
		break;
	case LTTNG_UST_TRACEPOINT_LOGLEVEL_DEBUG_SYSTEM:
		TRACELOG_FIRE(LTTNG_UST_TRACEPOINT_LOGLEVEL_DEBUG_SYSTEM);
		break;
	case LTTNG_UST_TRACEPOINT_LOGLEVEL_DEBUG_PROGRAM:
		TRACELOG_FIRE(LTTNG_UST_TRACEPOINT_LOGLEVEL_DEBUG_PROGRAM);
		break;
	case LTTNG_UST_TRACEPOINT_LOGLEVEL_DEBUG_PROCESS:
		TRACELOG_FIRE(LTTNG_UST_TRACEPOINT_LOGLEVEL_DEBUG_PROCESS);
		break;
	case LTTNG_UST_TRACEPOINT_LOGLEVEL_DEBUG_MODULE:
		TRACELOG_FIRE(LTTNG_UST_TRACEPOINT_LOGLEVEL_DEBUG_MODULE);
		break;
	case LTTNG_UST_TRACEPOINT_LOGLEVEL_DEBUG_UNIT:
		TRACELOG_FIRE(LTTNG_UST_TRACEPOINT_LOGLEVEL_DEBUG_UNIT);
		break;
	case LTTNG_UST_TRACEPOINT_LOGLEVEL_DEBUG_FUNCTION:
		TRACELOG_FIRE(LTTNG_UST_TRACEPOINT_LOGLEVEL_DEBUG_FUNCTION);
		break;
	case LTTNG_UST_TRACEPOINT_LOGLEVEL_DEBUG_LINE:
		TRACELOG_FIRE(LTTNG_UST_TRACEPOINT_LOGLEVEL_DEBUG_LINE);
		break;
	case LTTNG_UST_TRACEPOINT_LOGLEVEL_DEBUG:
		TRACELOG_FIRE(LTTNG_UST_TRACEPOINT_LOGLEVEL_DEBUG);
		break;
	default:
		ust_log("tracelog: invalid log level %d", level);
		break;
	}
}

/* Formats the message and fires the event; `ip` is the caller's site. */
static void tracelog_format(int level, const char *file, int line,
			    const char *func, const char *fmt, va_list ap,
			    void *ip)
{
	char *msg;
	int len;

	len = vasprintf(&msg, fmt, ap);
	if (len < 0)
		return;
	tracelog_fire(level, file, line, func, msg, (unsigned int)len, ip);
	free(msg);
}

UST_API void lttng_ust__vtracelog(int level, const char *file, int line,
				  const char *func, const char *fmt, va_list ap)
{
	tracelog_format(level, file, line, func, fmt, ap,
			__builtin_return_address(0));
}

UST_API void lttng_ust__tracelog(int level, const char *file, int line,
				 const char *func, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	tracelog_format(level, file, line, func, fmt, ap,
			__builtin_return_address(0));
	va_end(ap);
}

/*
 * The entry points of LTTng-UST 2.13's <lttng/tracelog.h>, one pair per
 * level (its macro pastes the level's name), for programs built with
 * LTTng's headers.
 */
#define TRACELOG_LEVEL_ENTRY_POINTS(level)                                     \
	UST_API void lttng_ust__tracelog_##level(const char *file, int line,   \
						 const char *func,             \
						 const char *fmt, ...)         \
	{                                                                      \
		va_list ap;                                                    \
                                                                               \
		va_start(ap, fmt);                                             \
		tracelog_format(level, file, line, func, fmt, ap,              \
				__builtin_return_address(0));                  \
		va_end(ap);                                                    \
	}                                                                      \
	UST_API void lttng_ust__vtracelog_##level(const char *file, int line,  \
						  const char *func,            \
						  const char *fmt, va_list ap) \
	{                                                                      \
		tracelog_format(level, file, line, func, fmt, ap,              \
				__builtin_return_address(0));                  \
	}

TRACELOG_LEVEL_ENTRY_POINTS(LTTNG_UST_TRACEPOINT_LOGLEVEL_EMERG)
TRACELOG_LEVEL_ENTRY_POINTS(LTTNG_UST_TRACEPOINT_LOGLEVEL_ALERT)
TRACELOG_LEVEL_ENTRY_POINTS(LTTNG_UST_TRACEPOINT_LOGLEVEL_CRIT)
TRACELOG_LEVEL_ENTRY_POINTS(LTTNG_UST_TRACEPOINT_LOGLEVEL_ERR)
TRACELOG_LEVEL_ENTRY_POINTS(LTTNG_UST_TRACEPOINT_LOGLEVEL_WARNING)
TRACELOG_LEVEL_ENTRY_POINTS(LTTNG_UST_TRACEPOINT_LOGLEVEL_NOTICE)
TRACELOG_LEVEL_ENTRY_POINTS(LTTNG_UST_TRACEPOINT_LOGLEVEL_INFO)
TRACELOG_LEVEL_ENTRY_POINTS(LTTNG_UST_TRACEPOINT_LOGLEVEL_DEBUG_SYSTEM)
TRACELOG_LEVEL_ENTRY_POINTS(LTTNG_UST_TRACEPOINT_LOGLEVEL_DEBUG_PROGRAM)
TRACELOG_LEVEL_ENTRY_POINTS(LTTNG_UST_TRACEPOINT_LOGLEVEL_DEBUG_PROCESS)
TRACELOG_LEVEL_ENTRY_POINTS(LTTNG_UST_TRACEPOINT_LOGLEVEL_DEBUG_MODULE)
TRACELOG_LEVEL_ENTRY_POINTS(LTTNG_UST_TRACEPOINT_LOGLEVEL_DEBUG_UNIT)
TRACELOG_LEVEL_ENTRY_POINTS(LTTNG_UST_TRACEPOINT_LOGLEVEL_DEBUG_FUNCTION)
TRACELOG_LEVEL_ENTRY_POINTS(LTTNG_UST_TRACEPOINT_LOGLEVEL_DEBUG_LINE)
TRACELOG_LEVEL_ENTRY_POINTS(LTTNG_UST_TRACEPOINT_LOGLEVEL_DEBUG)
