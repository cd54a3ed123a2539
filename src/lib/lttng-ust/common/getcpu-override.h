/*
 * liblttng-ust-common: the getcpu() override of <lttng/ust-getcpu.h>
 * (lttng_ust_getcpu_override(), which a LTTNG_UST_GETCPU_PLUGIN calls
 * from its init function, or the application at any time). It is kept
 * in lttng_ust_get_cpu_sym, LTTng-UST 2.13's own ABI symbol of this
 * library, under its name: liblttng-ust's ring buffer reads it on
 * every record (ringbuffer/cpu.h), so a change takes effect at once.
 */
#ifndef UST_GETCPU_OVERRIDE_H
#define UST_GETCPU_OVERRIDE_H

#include "ust-log.h"

/* The application's getcpu(), or NULL: the kernel's CPU numbers. */
UST_API extern int (*lttng_ust_get_cpu_sym)(void);

#endif /* UST_GETCPU_OVERRIDE_H */
