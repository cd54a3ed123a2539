/*
 * liblttng-ust: the loaded objects as last seen, so that a dlopen() or
 * dlclose() reported by liblttng-ust-dl (lttng_ust_dl_update(), the
 * LTTng-UST 2.13 entry point) records lttng_ust_lib:load for each new
 * object and lttng_ust_lib:unload for each one gone. Skipped entirely
 * with LTTNG_UST_WITHOUT_BADDR_STATEDUMP, as in LTTng-UST.
 */
#ifndef UST_LIB_TRACKING_H
#define UST_LIB_TRACKING_H

#include "common/ust-log.h"

/*
 * Registers the provider and takes the objects loaded at start as
 * known (none is recorded, no ELF file is read). From the tracer's
 * constructor.
 */
void ust_lib_tracking_init(void);

/* Compares the loaded objects with the known ones and records changes. */
UST_API void lttng_ust_dl_update(void *ip);

#endif /* UST_LIB_TRACKING_H */
