/*
 * Implementation of time-format.h.
 */
#include <errno.h>

#include "util/time-format.h"

static int format_local(time_t t, const char *fmt, char *buf, size_t len)
{
	struct tm tm;

	if (!localtime_r(&t, &tm))
		return -EINVAL;
	if (strftime(buf, len, fmt, &tm) == 0)
		return -ENAMETOOLONG;
	return 0;
}

int time_format_datetime(time_t t, char *buf, size_t len)
{
	if (len < TIME_FORMAT_DATETIME_LEN)
		return -ENAMETOOLONG;
	return format_local(t, "%Y%m%d-%H%M%S", buf, len);
}

int time_format_iso8601(time_t t, char *buf, size_t len)
{
	return format_local(t, "%Y%m%dT%H%M%S%z", buf, len);
}
