/*
 * <lttng/tracelog.h>: lttng_ust_tracelog() and lttng_ust_vtracelog()
 * (lttng_ust_tracelog(3)): printf-like tracing with a log level, into the
 * events lttng_ust_tracelog:TRACE_EMERG ... lttng_ust_tracelog:TRACE_DEBUG
 * (fields line, file, func, msg). The sites and the formatting function
 * live in liblttng-ust.
 */
#ifndef LTTNG_UST_TRACELOG_H
#define LTTNG_UST_TRACELOG_H

#include <stdarg.h>

#include <lttng/tracepoint-types.h>
#include <lttng/ust-api-compat.h>
#include <lttng/ust-tracepoint-loglevel.h>

#ifdef __cplusplus
extern "C" {
#endif

#define LTTNG_UST__TRACELOG_SITE(level)                                        \
	lttng_ust_tracepoint_lttng_ust_tracelog___##level

extern struct lttng_ust_tracepoint
	LTTNG_UST__TRACELOG_SITE(LTTNG_UST_TRACEPOINT_LOGLEVEL_EMERG),
	LTTNG_UST__TRACELOG_SITE(LTTNG_UST_TRACEPOINT_LOGLEVEL_ALERT),
	LTTNG_UST__TRACELOG_SITE(LTTNG_UST_TRACEPOINT_LOGLEVEL_CRIT),
	LTTNG_UST__TRACELOG_SITE(LTTNG_UST_TRACEPOINT_LOGLEVEL_ERR),
	LTTNG_UST__TRACELOG_SITE(LTTNG_UST_TRACEPOINT_LOGLEVEL_WARNING),
	LTTNG_UST__TRACELOG_SITE(LTTNG_UST_TRACEPOINT_LOGLEVEL_NOTICE),
	LTTNG_UST__TRACELOG_SITE(LTTNG_UST_TRACEPOINT_LOGLEVEL_INFO),
	LTTNG_UST__TRACELOG_SITE(LTTNG_UST_TRACEPOINT_LOGLEVEL_DEBUG_SYSTEM),
	LTTNG_UST__TRACELOG_SITE(LTTNG_UST_TRACEPOINT_LOGLEVEL_DEBUG_PROGRAM),
	LTTNG_UST__TRACELOG_SITE(LTTNG_UST_TRACEPOINT_LOGLEVEL_DEBUG_PROCESS),
	LTTNG_UST__TRACELOG_SITE(LTTNG_UST_TRACEPOINT_LOGLEVEL_DEBUG_MODULE),
	LTTNG_UST__TRACELOG_SITE(LTTNG_UST_TRACEPOINT_LOGLEVEL_DEBUG_UNIT),
	LTTNG_UST__TRACELOG_SITE(LTTNG_UST_TRACEPOINT_LOGLEVEL_DEBUG_FUNCTION),
	LTTNG_UST__TRACELOG_SITE(LTTNG_UST_TRACEPOINT_LOGLEVEL_DEBUG_LINE),
	LTTNG_UST__TRACELOG_SITE(LTTNG_UST_TRACEPOINT_LOGLEVEL_DEBUG);

/* Formats (vasprintf) and records at `level`; callers check the state. */
void lttng_ust__tracelog(int level, const char *file, int line,
			 const char *func, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
void lttng_ust__vtracelog(int level, const char *file, int line,
			  const char *func, const char *fmt, va_list ap)
	__attribute__((format(printf, 5, 0)));

#define LTTNG_UST__TRACELOG_STATE(level)                                       \
	__atomic_load_n(&LTTNG_UST__TRACELOG_SITE(level).state,                \
			__ATOMIC_RELAXED)

/*
 * Whether the event of `level` is enabled: with a constant level, this
 * folds to one load of that event's state.
 */
static inline int lttng_ust__tracelog_enabled(int level)
{
	switch (level) {
	case LTTNG_UST_TRACEPOINT_LOGLEVEL_EMERG:
		return LTTNG_UST__TRACELOG_STATE(
			LTTNG_UST_TRACEPOINT_LOGLEVEL_EMERG);
	case LTTNG_UST_TRACEPOINT_LOGLEVEL_ALERT:
		return LTTNG_UST__TRACELOG_STATE(
			LTTNG_UST_TRACEPOINT_LOGLEVEL_ALERT);
	case LTTNG_UST_TRACEPOINT_LOGLEVEL_CRIT:
		return LTTNG_UST__TRACELOG_STATE(
			LTTNG_UST_TRACEPOINT_LOGLEVEL_CRIT);
	case LTTNG_UST_TRACEPOINT_LOGLEVEL_ERR:
		return LTTNG_UST__TRACELOG_STATE(
			LTTNG_UST_TRACEPOINT_LOGLEVEL_ERR);
	case LTTNG_UST_TRACEPOINT_LOGLEVEL_WARNING:
		return LTTNG_UST__TRACELOG_STATE(
			LTTNG_UST_TRACEPOINT_LOGLEVEL_WARNING);
	case LTTNG_UST_TRACEPOINT_LOGLEVEL_NOTICE:
		return LTTNG_UST__TRACELOG_STATE(
			LTTNG_UST_TRACEPOINT_LOGLEVEL_NOTICE);
	case LTTNG_UST_TRACEPOINT_LOGLEVEL_INFO:
		return LTTNG_UST__TRACELOG_STATE(
			LTTNG_UST_TRACEPOINT_LOGLEVEL_INFO);
	case LTTNG_UST_TRACEPOINT_LOGLEVEL_DEBUG_SYSTEM:
		return LTTNG_UST__TRACELOG_STATE(
			LTTNG_UST_TRACEPOINT_LOGLEVEL_DEBUG_SYSTEM);
	case LTTNG_UST_TRACEPOINT_LOGLEVEL_DEBUG_PROGRAM:
		return LTTNG_UST__TRACELOG_STATE(
			LTTNG_UST_TRACEPOINT_LOGLEVEL_DEBUG_PROGRAM);
	case LTTNG_UST_TRACEPOINT_LOGLEVEL_DEBUG_PROCESS:
		return LTTNG_UST__TRACELOG_STATE(
			LTTNG_UST_TRACEPOINT_LOGLEVEL_DEBUG_PROCESS);
	case LTTNG_UST_TRACEPOINT_LOGLEVEL_DEBUG_MODULE:
		return LTTNG_UST__TRACELOG_STATE(
			LTTNG_UST_TRACEPOINT_LOGLEVEL_DEBUG_MODULE);
	case LTTNG_UST_TRACEPOINT_LOGLEVEL_DEBUG_UNIT:
		return LTTNG_UST__TRACELOG_STATE(
			LTTNG_UST_TRACEPOINT_LOGLEVEL_DEBUG_UNIT);
	case LTTNG_UST_TRACEPOINT_LOGLEVEL_DEBUG_FUNCTION:
		return LTTNG_UST__TRACELOG_STATE(
			LTTNG_UST_TRACEPOINT_LOGLEVEL_DEBUG_FUNCTION);
	case LTTNG_UST_TRACEPOINT_LOGLEVEL_DEBUG_LINE:
		return LTTNG_UST__TRACELOG_STATE(
			LTTNG_UST_TRACEPOINT_LOGLEVEL_DEBUG_LINE);
	case LTTNG_UST_TRACEPOINT_LOGLEVEL_DEBUG:
		return LTTNG_UST__TRACELOG_STATE(
			LTTNG_UST_TRACEPOINT_LOGLEVEL_DEBUG);
	default:
		return 0;
	}
}

#ifdef __cplusplus
}
#endif

#define lttng_ust_tracelog(level, fmt, ...)                                    \
	do {                                                                   \
		int lttng_ust__level = (level);                                \
                                                                               \
		if (__builtin_expect(                                          \
			    lttng_ust__tracelog_enabled(lttng_ust__level), 0)) \
			lttng_ust__tracelog(lttng_ust__level, __FILE__,        \
					    __LINE__, __func__, fmt,           \
					    ##__VA_ARGS__);                    \
	} while (0)

#define lttng_ust_vtracelog(level, fmt, ap)                                    \
	do {                                                                   \
		int lttng_ust__level = (level);                                \
                                                                               \
		if (__builtin_expect(                                          \
			    lttng_ust__tracelog_enabled(lttng_ust__level), 0)) \
			lttng_ust__vtracelog(lttng_ust__level, __FILE__,       \
					     __LINE__, __func__, fmt, ap);     \
	} while (0)

#if LTTNG_UST_COMPAT_API(0)
#define tracelog(level, fmt, ...) lttng_ust_tracelog(level, fmt, ##__VA_ARGS__)
#define vtracelog(level, fmt, ap) lttng_ust_vtracelog(level, fmt, ap)
#endif

#endif /* LTTNG_UST_TRACELOG_H */
