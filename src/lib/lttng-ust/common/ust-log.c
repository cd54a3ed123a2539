/*
 * liblttng-ust-common: debug and error output of the UST libraries,
 * enabled by LTTNG_UST_DEBUG. One write(2) per message so lines from
 * several threads do not interleave.
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

void ust_log(const char *fmt, ...)
{
	char line[512];
	va_list ap;
	int len;
	int n;

	if (!ust_log_enabled())
		return;
	len = snprintf(line, sizeof(line),
		       "liblttng_ust[%ld/%ld]: ", (long)getpid(),
		       (long)syscall(SYS_gettid));
	va_start(ap, fmt);
	n = vsnprintf(line + len, sizeof(line) - len - 1, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	len += n;
	if (len > (int)sizeof(line) - 2)
		len = sizeof(line) - 2;
	line[len++] = '\n';
	if (write(STDERR_FILENO, line, len) < 0)
		return;
}
