/*
 * Implementation of listener-env.h. A malformed timeout (not an integer,
 * or below -1) falls back to the default, with a debug message.
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>

#include "common/ust-log.h"
#include "listener-env.h"

int ust_env_register_timeout_ms(void)
{
	const char *value = getenv("LTTNG_UST_REGISTER_TIMEOUT");
	char *end;
	long ms;

	if (!value || !*value)
		return UST_REGISTER_TIMEOUT_DEFAULT_MS;
	errno = 0;
	ms = strtol(value, &end, 10);
	if (errno || *end || ms < -1 || ms > INT_MAX) {
		ust_log("LTTNG_UST_REGISTER_TIMEOUT=\"%s\" is invalid, "
			"using %d ms",
			value, UST_REGISTER_TIMEOUT_DEFAULT_MS);
		return UST_REGISTER_TIMEOUT_DEFAULT_MS;
	}
	return (int)ms;
}

int ust_env_allow_blocking(void)
{
	return getenv("LTTNG_UST_ALLOW_BLOCKING") != NULL;
}
