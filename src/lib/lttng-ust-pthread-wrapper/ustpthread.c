/*
 * liblttng-ust-pthread-wrapper.so: preloaded, it wraps
 * pthread_mutex_lock(), pthread_mutex_trylock() and
 * pthread_mutex_unlock() and records each call (lttng_ust_pthread:*).
 * A per-thread flag lets the mutex calls made while recording (by the
 * tracer itself) through unrecorded.
 */
#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>

#define LTTNG_UST_TRACEPOINT_CREATE_PROBES
#define LTTNG_UST_TRACEPOINT_DEFINE
#include "ust-pthread-provider.h"

#define UST_PTHREAD_API __attribute__((visibility("default")))

typedef int (*mutex_fn)(pthread_mutex_t *);

static __thread int in_trace __attribute__((tls_model("initial-exec")));

/* The C library's definition of `name`, resolved once into *slot. */
static mutex_fn libc_function(mutex_fn *slot, const char *name)
{
	mutex_fn fn = __atomic_load_n(slot, __ATOMIC_ACQUIRE);

	if (fn)
		return fn;
	fn = (mutex_fn)dlsym(RTLD_NEXT, name);
	if (!fn)
		fprintf(stderr,
			"liblttng-ust-pthread-wrapper: cannot find %s\n", name);
	__atomic_store_n(slot, fn, __ATOMIC_RELEASE);
	return fn;
}

UST_PTHREAD_API int pthread_mutex_lock(pthread_mutex_t *mutex)
{
	static mutex_fn libc_lock;
	mutex_fn lock = libc_function(&libc_lock, "pthread_mutex_lock");
	int status;

	if (!lock)
		return EINVAL;
	if (in_trace)
		return lock(mutex);
	in_trace = 1;
	lttng_ust_tracepoint(lttng_ust_pthread, pthread_mutex_lock_req, mutex,
			     __builtin_return_address(0));
	status = lock(mutex);
	lttng_ust_tracepoint(lttng_ust_pthread, pthread_mutex_lock_acq, mutex,
			     status, __builtin_return_address(0));
	in_trace = 0;
	return status;
}

UST_PTHREAD_API int pthread_mutex_trylock(pthread_mutex_t *mutex)
{
	static mutex_fn libc_trylock;
	mutex_fn trylock =
		libc_function(&libc_trylock, "pthread_mutex_trylock");
	int status;

	if (!trylock)
		return EINVAL;
	if (in_trace)
		return trylock(mutex);
	in_trace = 1;
	status = trylock(mutex);
	lttng_ust_tracepoint(lttng_ust_pthread, pthread_mutex_trylock, mutex,
			     status, __builtin_return_address(0));
	in_trace = 0;
	return status;
}

UST_PTHREAD_API int pthread_mutex_unlock(pthread_mutex_t *mutex)
{
	static mutex_fn libc_unlock;
	mutex_fn unlock = libc_function(&libc_unlock, "pthread_mutex_unlock");
	int status;

	if (!unlock)
		return EINVAL;
	if (in_trace)
		return unlock(mutex);
	in_trace = 1;
	status = unlock(mutex);
	lttng_ust_tracepoint(lttng_ust_pthread, pthread_mutex_unlock, mutex,
			     status, __builtin_return_address(0));
	in_trace = 0;
	return status;
}
