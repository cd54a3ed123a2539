/*
 * liblttng-ust: tracer initialization and the control-plane lock.
 *
 * Constructor order: ust_init() runs from this library's constructor of
 * highest priority, so it precedes the registration of the providers
 * this library carries (tracef, tracelog) and, since an application's
 * constructors run after those of its libraries, of every provider.
 * lttng_ust_probe_register_abi1() calls it too, for providers loaded in
 * unusual orders.
 *
 * The constructor then starts the session daemon listeners
 * (listener.h) and waits up to LTTNG_UST_REGISTER_TIMEOUT ms (default
 * 3000, 0: do not wait, -1: forever) for their registration to be done.
 */
#include <pthread.h>

#include <lttng/ust-common.h>

#include "common/getcpu-override.h"
#include "ringbuffer/cpu.h"
#include "ringbuffer/invariant.h"
#include "ringbuffer/local-commit.h"

#include "lib-tracking.h"
#include "listener.h"
#include "statedump.h"
#include "tracer.h"

/* Set by the constructor; applications test it (lttng-ust(3)). */
UST_API int lttng_ust_loaded __attribute__((weak));

static pthread_mutex_t tracer_mutex = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t tracer_once = PTHREAD_ONCE_INIT;

/* A broken ring buffer invariant: only under LTTNG_UST_DEBUG. */
static void report_invariant(const char *message)
{
	ust_log("%s", message);
}

static void tracer_init_once(void)
{
	rb_invariant_report = report_invariant;
	/*
	 * liblttng-ust-common loads the plugins (LTTNG_UST_GETCPU_PLUGIN,
	 * LTTNG_UST_CLOCK_PLUGIN) from its constructor, which may not have
	 * run yet. The ring buffer reads its getcpu override on every
	 * record (as the records read its clock override: rb-backend.c).
	 */
	lttng_ust_common_ctor();
	rb_getcpu_override_keep_in(&lttng_ust_get_cpu_sym);
	/*
	 * CPU-local commits (before any channel is mapped). Not with a
	 * getcpu plugin: its streams are not the CPUs threads run on, so
	 * every commit would take the remote path and its fence.
	 */
	if (!rb_getcpu_override())
		rb_local_commit_enable();
	lttng_ust_loaded = 1;
	ust_log("tracer initialized (LTTng-UST 2.13 API)");
}

void ust_init(void)
{
	pthread_once(&tracer_once, tracer_init_once);
}

void ust_lock(void)
{
	pthread_mutex_lock(&tracer_mutex);
}

void ust_unlock(void)
{
	pthread_mutex_unlock(&tracer_mutex);
}

/*
 * <lttng/ust-libc-wrapper.h>: liblttng-ust-libc-wrapper, when preloaded,
 * overrides this hook with its own constructor, which finds the C
 * library's allocator. Calling it first makes that happen before the
 * listener threads start allocating. Without the wrapper there is
 * nothing to prepare.
 */
UST_API void lttng_ust_libc_wrapper_malloc_ctor(void) __attribute__((weak));
void lttng_ust_libc_wrapper_malloc_ctor(void)
{
}

static void tracer_ctor(void) __attribute__((constructor(101)));
static void tracer_ctor(void)
{
	lttng_ust_libc_wrapper_malloc_ctor();
	ust_init();
	ust_statedump_init();
	ust_lib_tracking_init();
	ust_listener_start();
}

/*
 * LTTng-UST 2.13 exports its debug output's initialization; modules built
 * with its headers may call it before any constructor of ours ran.
 */
UST_API void init_usterr(void)
{
	ust_log_init();
}
