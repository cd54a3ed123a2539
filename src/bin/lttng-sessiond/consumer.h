/*
 * Consumer daemons as the session daemon knows them so far: where the
 * lttng-consumerd executable is. Spawning and driving consumers comes
 * with the consumer daemon itself; main.c calls this at startup.
 */
#ifndef SESSIOND_CONSUMER_H
#define SESSIOND_CONSUMER_H

#include <stddef.h>

#define CONSUMERD_RELATIVE_PATH "../lib/lttng/libexec/lttng-consumerd"

/*
 * Resolve the 64-bit consumer: option_path when given (it must then be
 * executable), else lttng-consumerd relative to our own executable
 * (<bindir>/../lib/lttng/libexec/). Writes "" into buf when there is
 * none (the daemon runs without a consumer). Returns 0, or -ENOENT when
 * option_path was given but is not an executable file.
 */
int consumer_find_path(const char *option_path, char *buf, size_t len);

#endif /* SESSIOND_CONSUMER_H */
