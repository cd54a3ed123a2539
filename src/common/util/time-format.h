/*
 * Dates as LTTng writes them in session names and trace directories:
 * YYYYMMDD-HHMMSS in local time. Used by the session daemon.
 */
#ifndef UTIL_TIME_FORMAT_H
#define UTIL_TIME_FORMAT_H

#include <stddef.h>
#include <time.h>

#define TIME_FORMAT_DATETIME_LEN sizeof("YYYYmmdd-HHMMSS")

/* Format t into buf (at least TIME_FORMAT_DATETIME_LEN); 0 or -errno. */
int time_format_datetime(time_t t, char *buf, size_t len);

#endif /* UTIL_TIME_FORMAT_H */
