/*
 * The library's logging settings: its own copy of the logging state
 * (util/log.c is linked into the library and into the CLI separately)
 * follows LTTng's exported settings lttng_opt_quiet, lttng_opt_verbose
 * and lttng_opt_mi (util/lttng-ctl-options.h), which programs linked
 * with LTTng's library (the lttng CLI, the Python bindings) set
 * directly; and LTTng's message for a call with invalid arguments.
 */
#include "ctl-internal.h"
#include "util/log.h"
#include "util/lttng-ctl-options.h"

LTTNG_API int lttng_opt_quiet;
LTTNG_API int lttng_opt_verbose;
LTTNG_API int lttng_opt_mi;

__attribute__((constructor)) static void ctl_log_init(void)
{
	log_user_flags.quiet = &lttng_opt_quiet;
	log_user_flags.verbosity = &lttng_opt_verbose;
	log_user_flags.stdout_silenced = &lttng_opt_mi;
}

void ctl_invalid_arguments(const char *function)
{
	ERR("Invalid argument(s) passed to '%s'", function);
}
