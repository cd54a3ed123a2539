/*
 * liblttng-ust: lttng_ust_strerror() (<lttng/ust-error.h>). The texts
 * are LTTng-UST's. Unlike LTTng-UST 2.13, which reads outside its table
 * for codes between -1 and -1023 (returning another code's text or
 * NULL), every code that is not one of the enumeration's reads
 * "Unknown error".
 */
#include <lttng/ust-error.h>

#include "common/ust-log.h"

static const char *const texts[] = {
	[LTTNG_UST_ERR - LTTNG_UST_ERR] = "Unknown error",
	[LTTNG_UST_ERR_NOENT - LTTNG_UST_ERR] = "No entry",
	[LTTNG_UST_ERR_EXIST - LTTNG_UST_ERR] = "Object already exists",
	[LTTNG_UST_ERR_INVAL - LTTNG_UST_ERR] = "Invalid argument",
	[LTTNG_UST_ERR_PERM - LTTNG_UST_ERR] = "Permission denied",
	[LTTNG_UST_ERR_NOSYS - LTTNG_UST_ERR] = "Not implemented",
	[LTTNG_UST_ERR_EXITING - LTTNG_UST_ERR] = "Process is exiting",
	[LTTNG_UST_ERR_INVAL_MAGIC - LTTNG_UST_ERR] = "Invalid magic number",
	[LTTNG_UST_ERR_INVAL_SOCKET_TYPE - LTTNG_UST_ERR] =
		"Invalid socket type",
	[LTTNG_UST_ERR_UNSUP_MAJOR - LTTNG_UST_ERR] =
		"Unsupported major version",
	[LTTNG_UST_ERR_PEERCRED - LTTNG_UST_ERR] =
		"Cannot get unix socket peer credentials",
	[LTTNG_UST_ERR_PEERCRED_PID - LTTNG_UST_ERR] =
		"Peer credentials PID is invalid. Socket appears to belong to "
		"a distinct, non-nested pid namespace.",
};

UST_API const char *lttng_ust_strerror(int code)
{
	if (code == LTTNG_UST_OK)
		return "Success";
	if (code > -LTTNG_UST_ERR || code <= -LTTNG_UST_ERR_NR)
		return texts[0];
	return texts[-code - LTTNG_UST_ERR];
}
