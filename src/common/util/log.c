/*
 * Implementation of log.h: one formatted line per call, written with a
 * single stdio call so lines from concurrent threads do not interleave;
 * LTTNG_ABORT_ON_ERROR=1 turns every error into an abort().
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "util/log.h"

int log_verbosity;
bool log_quiet;
struct log_user_flags log_user_flags;

static int user_flag(const int *flag)
{
	return flag ? *flag : 0;
}

static bool quiet_now(void)
{
	return log_quiet || user_flag(log_user_flags.quiet);
}

static bool stdout_silenced_now(void)
{
	return log_stdout_silenced || user_flag(log_user_flags.stdout_silenced);
}
bool log_stdout_silenced;

static const char *log_prefix(enum log_kind kind, int level)
{
	static const char *const debug_prefixes[] = {
		"DEBUG1: ", "DEBUG2: ", "DEBUG3: "};

	switch (kind) {
	case LOG_KIND_ERR:
		return "Error: ";
	case LOG_KIND_WARN:
		return "Warning: ";
	case LOG_KIND_DBG:
		return debug_prefixes[level <= 1 ? 0 : level >= 3 ? 2 : 1];
	case LOG_KIND_MSG:
		break;
	}
	return "";
}

/*
 * LTTNG_ABORT_ON_ERROR=1: abort() after printing any error (also when
 * quiet), as LTTng does, so that a core dump shows where it happened.
 */
static void abort_on_error(void)
{
	const char *value = getenv("LTTNG_ABORT_ON_ERROR");

	if (value && !strcmp(value, "1"))
		abort();
}

void log_print(enum log_kind kind, int level, const char *fmt, ...)
{
	char line[8192], *text = line;
	FILE *out = kind == LOG_KIND_MSG ? stdout : stderr;
	va_list args;
	int len;

	if (quiet_now() || (kind == LOG_KIND_MSG && stdout_silenced_now())) {
		if (kind == LOG_KIND_ERR)
			abort_on_error();
		return;
	}
	if (kind == LOG_KIND_DBG && level > log_verbosity &&
	    level > user_flag(log_user_flags.verbosity))
		return;
	va_start(args, fmt);
	len = vsnprintf(line, sizeof(line), fmt, args);
	va_end(args);
	/* Messages may quote a filter of up to 64 KiB: never cut them. */
	if (len >= (int)sizeof(line) && (text = malloc((size_t)len + 1))) {
		va_start(args, fmt);
		vsnprintf(text, (size_t)len + 1, fmt, args);
		va_end(args);
	} else if (len >= (int)sizeof(line)) {
		text = line;
	}
	if (kind != LOG_KIND_MSG)
		fflush(stdout);
	fprintf(out, "%s%s\n", log_prefix(kind, level), text);
	if (kind != LOG_KIND_MSG)
		fflush(out);
	if (text != line)
		free(text);
	if (kind == LOG_KIND_ERR)
		abort_on_error();
}

void log_print_raw(const char *fmt, ...)
{
	va_list args;

	if (quiet_now() || stdout_silenced_now())
		return;
	va_start(args, fmt);
	vfprintf(stdout, fmt, args);
	va_end(args);
	fflush(stdout);
}

void log_perror(const char *file, const char *function, int line,
		const char *fmt, ...)
{
	int error = errno;
	struct timespec now;
	char what[1024];
	va_list ap;
	struct tm tm;

	if (quiet_now())
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
