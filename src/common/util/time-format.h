/*
 * Dates as LTTng writes them, in local time: YYYYMMDD-HHMMSS in session
 * names and trace directories, YYYYMMDDTHHMMSS+hhmm (ISO 8601, basic) in
 * trace chunk names and the metadata's creation date. Used by the
 * session daemon, the consumer, trace chunks and the CLI.
 */
#ifndef UTIL_TIME_FORMAT_H
#define UTIL_TIME_FORMAT_H

#include <stddef.h>
#include <time.h>

#define TIME_FORMAT_DATETIME_LEN sizeof("YYYYmmdd-HHMMSS")

/* Format t into buf (at least TIME_FORMAT_DATETIME_LEN); 0 or -errno. */
int time_format_datetime(time_t t, char *buf, size_t len);

#define TIME_FORMAT_ISO8601_LEN sizeof("YYYYmmddTHHMMSS+hhmm")

/* "20231114T221320+0000" into buf (at least TIME_FORMAT_ISO8601_LEN). */
int time_format_iso8601(time_t t, char *buf, size_t len);

#endif /* UTIL_TIME_FORMAT_H */
