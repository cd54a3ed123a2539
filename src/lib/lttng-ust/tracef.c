/*
 * liblttng-ust: lttng_ust_tracef() / lttng_ust_vtracef(): formats the
 * message (vasprintf: documented as the slow path) and fires the
 * lttng_ust_tracef:event tracepoint, whose site and provider this file
 * defines.
 */
#include <stdio.h>
#include <stdlib.h>

#define LTTNG_UST_TRACEPOINT_CREATE_PROBES
#define LTTNG_UST_TRACEPOINT_DEFINE
#include <lttng/tp/lttng-ust-tracef.h>

#include <lttng/tracef.h>

#include "common/ust-log.h"

UST_API void lttng_ust__vtracef(const char *fmt, va_list ap)
{
	char *msg;
	int len;

	len = vasprintf(&msg, fmt, ap);
	if (len < 0)
		return;
	lttng_ust_do_tracepoint(lttng_ust_tracef, event, msg, (unsigned int)len,
				__builtin_return_address(0));
	free(msg);
}

UST_API void lttng_ust__tracef(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	lttng_ust__vtracef(fmt, ap);
	va_end(ap);
}
