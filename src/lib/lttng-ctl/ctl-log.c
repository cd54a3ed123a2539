/*
 * Implementation of ctl-log.h: the library's own copy of the logging
 * state (util/log.c is linked into the library and into the CLI
 * separately).
 */
#include "ctl-internal.h"
#include "ctl-log.h"
#include "util/log.h"

LTTNG_API void lttng_ctl_set_quiet(int quiet)
{
	log_quiet = quiet != 0;
}
