/*
 * <lttng/ust-common.h>: liblttng-ust-common's initialization, as
 * LTTng-UST 2.13 declares it: the library's constructor (it reads
 * LTTNG_UST_DEBUG) and lttng_ust_common_alloc_tls(), which touches the
 * library's thread-local data so that a thread allocates it before it
 * may need it in a signal handler.
 */
#ifndef LTTNG_UST_COMMON_H
#define LTTNG_UST_COMMON_H

#ifdef __cplusplus
extern "C" {
#endif

void lttng_ust_common_ctor(void) __attribute__((constructor));

void lttng_ust_common_alloc_tls(void);

#ifdef __cplusplus
}
#endif

#endif /* LTTNG_UST_COMMON_H */
