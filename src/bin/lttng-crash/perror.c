/*
 * Implementation of perror.h.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "perror.h"
#include "util/log.h"

void crash_perror(const char *file, const char *function, int line,
		  const char *fmt, ...)
{
	int error = errno;
	struct timespec now;
	char what[1024];
	va_list ap;
	struct tm tm;

	if (log_quiet)
		return;
	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	clock_gettime(CLOCK_REALTIME, &now);
	localtime_r(&now.tv_sec, &tm);
	fprintf(stderr,
		"PERROR - %02d:%02d:%02d.%09ld [%ld/%ld]: %s: %s (in %s() at "
		"%s:%d)\n",
		tm.tm_hour, tm.tm_min, tm.tm_sec, now.tv_nsec, (long)getpid(),
		(long)gettid(), what, strerror(error), function, file, line);
	errno = error;
}
