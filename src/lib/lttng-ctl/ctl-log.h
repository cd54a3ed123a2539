/*
 * How the lttng CLI passes its --quiet option to liblttng-ctl, whose
 * error messages (bad URLs, invalid session configuration files) LTTng
 * also silences with it. Not part of the public API: only the CLI,
 * built with the library, calls it.
 */
#ifndef LTTNG_CTL_LOG_H
#define LTTNG_CTL_LOG_H

/* quiet != 0: the library prints no error or warning messages. */
void lttng_ctl_set_quiet(int quiet);

#endif /* LTTNG_CTL_LOG_H */
