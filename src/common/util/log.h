/*
 * Logging shared by every binary: errors and warnings with LTTng's
 * "Error: "/"Warning: " prefixes on stderr, plain messages on stdout and
 * verbosity-gated debug lines. The CLI and the daemons set the levels.
 * LTTNG_ABORT_ON_ERROR=1 makes every error abort() once printed.
 */
#ifndef UTIL_LOG_H
#define UTIL_LOG_H

#include <stdbool.h>

enum log_kind {
	LOG_KIND_MSG,  /* stdout, no prefix */
	LOG_KIND_ERR,  /* stderr, "Error: " */
	LOG_KIND_WARN, /* stderr, "Warning: " */
	LOG_KIND_DBG,  /* stderr, "DEBUGn: ", only at verbosity >= n */
};

/* 0 (default) to 3: -v, -vv, -vvv. */
extern int log_verbosity;
/* When set, nothing at all is printed (lttng -q). */
extern bool log_quiet;
/*
 * Set by the lttng CLI under --mi xml: messages for stdout (MSG,
 * log_print_raw) are dropped, as stdout then carries the MI document;
 * errors and warnings still go to stderr.
 */
extern bool log_stdout_silenced;

/*
 * The same three settings held by a library's users (liblttng-ctl's
 * exported lttng_opt_quiet, lttng_opt_verbose and lttng_opt_mi, which
 * programs set directly as with LTTng): non-zero values add to the
 * above. NULL (default): none.
 */
struct log_user_flags {
	const int *quiet, *verbosity, *stdout_silenced;
};
extern struct log_user_flags log_user_flags;

/*
 * Print one line (a newline is added). For LOG_KIND_DBG, level is the
 * verbosity needed (1 to 3); it is ignored otherwise.
 */
void log_print(enum log_kind kind, int level, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* Print without the trailing newline (progress dots, prompts). */
void log_print_raw(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/*
 * LTTng's PERROR line for a failed system call, as its tools print it
 * (lttng-crash, lttng load):
 *   PERROR - HH:MM:SS.nnnnnnnnn [pid/tid]: <what>: <strerror(errno)>
 *   (in <function>() at <file>:<line>)
 * file, function and line name the place of LTTng's own report, so that
 * scripts matching its messages keep working. errno is preserved.
 */
void log_perror(const char *file, const char *function, int line,
		const char *fmt, ...) __attribute__((format(printf, 4, 5)));

#define MSG(...) log_print(LOG_KIND_MSG, 0, __VA_ARGS__)
#define ERR(...) log_print(LOG_KIND_ERR, 0, __VA_ARGS__)
#define WARN(...) log_print(LOG_KIND_WARN, 0, __VA_ARGS__)
#define DBG(...) log_print(LOG_KIND_DBG, 1, __VA_ARGS__)
#define DBG2(...) log_print(LOG_KIND_DBG, 2, __VA_ARGS__)
#define DBG3(...) log_print(LOG_KIND_DBG, 3, __VA_ARGS__)

#endif /* UTIL_LOG_H */
