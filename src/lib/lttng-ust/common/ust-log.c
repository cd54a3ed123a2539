/*
 * Implementation of ust-log.h: debug and error output of the UST libraries,
 * enabled by LTTNG_UST_DEBUG. One write(2) per message so lines from
 * several threads do not interleave. LTTNG_UST_ABORT_ON_CRITICAL turns
 * critical errors into abort().
 */
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "ust-log.h"

static pthread_once_t log_once = PTHREAD_ONCE_INIT;
static int log_on;

static void log_read_env(void)
{
	log_on = getenv("LTTNG_UST_DEBUG") != NULL;
}

/* Whether LTTNG_UST_DEBUG is set (read once). */
static int ust_log_enabled(void)
{
	pthread_once(&log_once, log_read_env);
	return log_on;
}

void ust_log_init(void)
{
	(void)ust_log_enabled();
}

static void log_message(const char *prefix, const char *fmt, va_list ap)
{
	char line[512];
	int len;
	int n;

	if (!ust_log_enabled())
		return;
	len = snprintf(line, sizeof(line), "liblttng_ust[%ld/%ld]: %s",
		       (long)getpid(), (long)syscall(SYS_gettid), prefix);
	n = vsnprintf(line + len, sizeof(line) - len - 1, fmt, ap);
	if (n < 0)
		return;
	len += n;
	if (len > (int)sizeof(line) - 2)
		len = sizeof(line) - 2;
	line[len++] = '\n';
	if (write(STDERR_FILENO, line, len) < 0)
		return;
}

void ust_log(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	log_message("", fmt, ap);
	va_end(ap);
}

void ust_log_critical(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	log_message("Critical: ", fmt, ap);
	va_end(ap);
	/* Read at each call: critical errors are rare, and may come early. */
	if (getenv("LTTNG_UST_ABORT_ON_CRITICAL"))
		abort();
}
