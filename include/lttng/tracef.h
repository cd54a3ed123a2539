/*
 * <lttng/tracef.h>: lttng_ust_tracef() and lttng_ust_vtracef()
 * (lttng_ust_tracef(3)): printf-like tracing into the event
 * lttng_ust_tracef:event, whose only field is the formatted `msg`. The
 * site and the formatting function live in liblttng-ust; the macro
 * formats nothing unless the event is enabled.
 */
#ifndef LTTNG_UST_TRACEF_H
#define LTTNG_UST_TRACEF_H

#include <stdarg.h>

#include <lttng/tracepoint-types.h>
#include <lttng/ust-api-compat.h>

#ifdef __cplusplus
extern "C" {
#endif

extern struct lttng_ust_tracepoint
	lttng_ust_tracepoint_lttng_ust_tracef___event;

/* Formats (vasprintf) and records; the macros below check the state. */
void lttng_ust__tracef(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));
void lttng_ust__vtracef(const char *fmt, va_list ap)
	__attribute__((format(printf, 1, 0)));

#ifdef __cplusplus
}
#endif

#define LTTNG_UST__TRACEF_ENABLED()                                            \
	__builtin_expect(                                                      \
		!!__atomic_load_n(                                             \
			&lttng_ust_tracepoint_lttng_ust_tracef___event.state,  \
			__ATOMIC_RELAXED),                                     \
		0)

#define lttng_ust_tracef(fmt, ...)                                             \
	do {                                                                   \
		if (LTTNG_UST__TRACEF_ENABLED())                               \
			lttng_ust__tracef(fmt, ##__VA_ARGS__);                 \
	} while (0)

#define lttng_ust_vtracef(fmt, ap)                                             \
	do {                                                                   \
		if (LTTNG_UST__TRACEF_ENABLED())                               \
			lttng_ust__vtracef(fmt, ap);                           \
	} while (0)

#if LTTNG_UST_COMPAT_API(0)
#define tracef(fmt, ...) lttng_ust_tracef(fmt, ##__VA_ARGS__)
#define vtracef(fmt, ap) lttng_ust_vtracef(fmt, ap)
#endif

#endif /* LTTNG_UST_TRACEF_H */
