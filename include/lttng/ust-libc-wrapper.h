/*
 * <lttng/ust-libc-wrapper.h>: the constructor of
 * liblttng-ust-libc-wrapper, which finds the C library's allocation
 * functions. liblttng-ust calls it before starting its threads (a weak
 * hook that does nothing unless the wrapper is preloaded), so the
 * wrapper is ready before anything else allocates.
 */
#ifndef LTTNG_UST_LIBC_WRAPPER_H
#define LTTNG_UST_LIBC_WRAPPER_H

#ifdef __cplusplus
extern "C" {
#endif

void lttng_ust_libc_wrapper_malloc_ctor(void) __attribute__((constructor));

#ifdef __cplusplus
}
#endif

#endif /* LTTNG_UST_LIBC_WRAPPER_H */
