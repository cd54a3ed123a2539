/*
 * Formatting of the CTF writer's error messages (see error.h).
 */
#include <assert.h>
#include <stdarg.h>
#include <stdio.h>

#include "ctf/error.h"

int ctf_error_set(struct ctf_error *err, int code, const char *fmt, ...)
{
	va_list ap;

	assert(code < 0);
	if (!err)
		return code;
	va_start(ap, fmt);
	vsnprintf(err->message, sizeof(err->message), fmt, ap);
	va_end(ap);
	return code;
}
