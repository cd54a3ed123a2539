/*
 * The diagnostics of the UST libraries. Messages go to stderr only when
 * LTTNG_UST_DEBUG is set (lttng-ust(3)): an instrumented application
 * never prints anything of its own otherwise. Each library links its own
 * private copy (the static library ust-log), so none exports it.
 *
 * UST_API marks what a library's objects leave visible; what each
 * shipped library exports is decided by its version script (*.sym
 * beside its sources): LTTng-UST 2.13's names and our headers' own ABI.
 */
#ifndef UST_LOG_H
#define UST_LOG_H

#define UST_API __attribute__((visibility("default")))

/* Reads LTTNG_UST_DEBUG now rather than at the first message. */
void ust_log_init(void);

/* Prints "liblttng_ust[pid/tid]: <message>" when LTTNG_UST_DEBUG is set. */
void ust_log(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/*
 * A critical error: the application keeps running but is not traced as
 * asked (a channel's buffers cannot be mapped, the listener cannot
 * start). Printed as ust_log() does, with "Critical: " before the
 * message; then, when LTTNG_UST_ABORT_ON_CRITICAL is set (lttng-ust(3)),
 * abort() so that a core dump shows the place.
 */
void ust_log_critical(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));

#endif /* UST_LOG_H */
