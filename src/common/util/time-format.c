/*
 * Implementation of time-format.h.
 */
#include <errno.h>

#include "util/time-format.h"

int time_format_datetime(time_t t, char *buf, size_t len)
{
	struct tm tm;

	if (len < TIME_FORMAT_DATETIME_LEN)
		return -ENAMETOOLONG;
	if (!localtime_r(&t, &tm))
		return -EINVAL;
	if (strftime(buf, len, "%Y%m%d-%H%M%S", &tm) == 0)
		return -EINVAL;
	return 0;
}
