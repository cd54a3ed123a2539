/*
 * lttng-crash's report of a failed system call, in the form LTTng 2.13's
 * lttng-crash prints it:
 *   PERROR - HH:MM:SS.nnnnnnnnn [pid/tid]: <what>: <strerror(errno)>
 *   (in <function>() at <file>:<line>)
 * file, function and line name the place of LTTng's report, so that
 * scripts matching its messages keep working.
 */
#ifndef CRASH_PERROR_H
#define CRASH_PERROR_H

void crash_perror(const char *file, const char *function, int line,
		  const char *fmt, ...) __attribute__((format(printf, 4, 5)));

#endif /* CRASH_PERROR_H */
