/*
 * Implementation of ctl-log.h: the library's own copy of the logging
 * state (util/log.c is linked into the library and into the CLI
 * separately), and LTTng's exported settings lttng_opt_quiet,
 * lttng_opt_verbose and lttng_opt_mi, which programs linked with LTTng's
 * library (its Python bindings among them) set directly: quiet silences
 * every message of the library, verbose (1 to 3) prints its debug lines,
 * mi keeps its plain messages off stdout.
 */
#include "ctl-internal.h"
#include "ctl-log.h"
#include "util/log.h"

LTTNG_API void lttng_ctl_set_quiet(int quiet)
{
	log_quiet = quiet != 0;
}

LTTNG_API int lttng_opt_quiet;
LTTNG_API int lttng_opt_verbose;
LTTNG_API int lttng_opt_mi;

__attribute__((constructor)) static void ctl_log_init(void)
{
	log_user_flags.quiet = &lttng_opt_quiet;
	log_user_flags.verbosity = &lttng_opt_verbose;
	log_user_flags.stdout_silenced = &lttng_opt_mi;
}
