/*
 * The settings liblttng-ctl exports under LTTng's names, which programs
 * linked with the library set directly (the lttng CLI for --quiet, the
 * Python bindings): quiet silences every message of the library,
 * verbose (1 to 3) prints its debug lines, mi keeps its plain messages
 * off stdout (util/log.h's log_user_flags). Defined by liblttng-ctl
 * (src/lib/lttng-ctl/ctl-log.c); not part of the public headers, as
 * with LTTng.
 */
#ifndef UTIL_LTTNG_CTL_OPTIONS_H
#define UTIL_LTTNG_CTL_OPTIONS_H

extern int lttng_opt_quiet;
extern int lttng_opt_verbose;
extern int lttng_opt_mi;

#endif /* UTIL_LTTNG_CTL_OPTIONS_H */
