/*
 * liblttng-ust-libc-wrapper.so: preloaded, it wraps malloc(), free(),
 * calloc(), realloc(), memalign() and posix_memalign() and records each
 * call (lttng_ust_libc:*). Two hazards are handled:
 *   - finding the C library's functions with dlsym() may itself
 *     allocate: while that runs, allocations come from a small static
 *     arena (never freed, never recorded);
 *   - the tracer may allocate while recording: a per-thread nesting
 *     count makes such inner calls go straight to the C library.
 */
#include <dlfcn.h>
#include <errno.h>
#include <stdalign.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define LTTNG_UST_TRACEPOINT_CREATE_PROBES
#define LTTNG_UST_TRACEPOINT_DEFINE
#include "ust-libc-provider.h"

#include <lttng/ust-libc-wrapper.h>

#define UST_LIBC_API __attribute__((visibility("default")))
#define ARENA_SIZE 8192

struct libc_functions {
	void *(*malloc)(size_t);
	void (*free)(void *);
	void *(*calloc)(size_t, size_t);
	void *(*realloc)(void *, size_t);
	void *(*memalign)(size_t, size_t);
	int (*posix_memalign)(void **, size_t, size_t);
};

static struct libc_functions libc;
static int resolving;

/* The bootstrap arena, used while dlsym() runs. */
static alignas(max_align_t) char arena[ARENA_SIZE];
static size_t arena_used;

static __thread int nesting __attribute__((tls_model("initial-exec")));

/* Threads may race here at start-up: claim the bytes atomically. */
static void *arena_alloc(size_t size, size_t align)
{
	size_t used = __atomic_load_n(&arena_used, __ATOMIC_RELAXED);
	size_t start;

	if (align == 0 || (align & (align - 1)))
		return NULL;
	do {
		start = (used + align - 1) & ~(align - 1);
		if (start > ARENA_SIZE || size > ARENA_SIZE - start)
			return NULL;
	} while (!__atomic_compare_exchange_n(&arena_used, &used, start + size,
					      0, __ATOMIC_RELAXED,
					      __ATOMIC_RELAXED));
	return arena + start;
}

static int in_arena(const void *ptr)
{
	return (const char *)ptr >= arena &&
	       (const char *)ptr < arena + ARENA_SIZE;
}

static void resolve(void)
{
	if (libc.malloc || resolving)
		return;
	resolving = 1;
	libc.calloc = (void *(*)(size_t, size_t))dlsym(RTLD_NEXT, "calloc");
	libc.malloc = (void *(*)(size_t))dlsym(RTLD_NEXT, "malloc");
	libc.free = (void (*)(void *))dlsym(RTLD_NEXT, "free");
	libc.realloc = (void *(*)(void *, size_t))dlsym(RTLD_NEXT, "realloc");
	libc.memalign = (void *(*)(size_t, size_t))dlsym(RTLD_NEXT, "memalign");
	libc.posix_memalign = (int (*)(void **, size_t, size_t))dlsym(
		RTLD_NEXT, "posix_memalign");
	resolving = 0;
}

/*
 * Resolve while the process is still single-threaded: liblttng-ust's
 * constructor calls this (<lttng/ust-libc-wrapper.h>) before it starts
 * its threads; it is also this library's constructor.
 */
UST_LIBC_API void lttng_ust_libc_wrapper_malloc_ctor(void)
{
	resolve();
}

/* Whether this call should be recorded (not an inner tracer call). */
static int enter(void)
{
	return nesting++ == 0;
}

static void leave(void)
{
	nesting--;
}

UST_LIBC_API void *malloc(size_t size)
{
	void *ptr;

	resolve();
	if (!libc.malloc)
		return arena_alloc(size, alignof(max_align_t));
	ptr = libc.malloc(size);
	if (enter())
		lttng_ust_tracepoint(lttng_ust_libc, malloc, size, ptr,
				     __builtin_return_address(0));
	leave();
	return ptr;
}

UST_LIBC_API void free(void *ptr)
{
	if (in_arena(ptr))
		return;
	resolve();
	if (!libc.free) /* asked while dlsym() runs: keep the block */
		return;
	if (enter())
		lttng_ust_tracepoint(lttng_ust_libc, free, ptr,
				     __builtin_return_address(0));
	leave();
	libc.free(ptr);
}

UST_LIBC_API void *calloc(size_t nmemb, size_t size)
{
	void *ptr;

	resolve();
	if (!libc.calloc) {
		if (size && nmemb > SIZE_MAX / size)
			return NULL;
		/* the arena is zeroed and never reused */
		return arena_alloc(nmemb * size, alignof(max_align_t));
	}
	ptr = libc.calloc(nmemb, size);
	if (enter())
		lttng_ust_tracepoint(lttng_ust_libc, calloc, nmemb, size, ptr,
				     __builtin_return_address(0));
	leave();
	return ptr;
}

UST_LIBC_API void *realloc(void *in_ptr, size_t size)
{
	void *ptr;

	resolve();
	if (in_arena(in_ptr)) {
		/* out of the arena: its old size is unknown, copy what fits */
		size_t left = (size_t)(arena + ARENA_SIZE - (char *)in_ptr);

		ptr = libc.malloc ? libc.malloc(size) : NULL;
		if (ptr)
			memcpy(ptr, in_ptr, size < left ? size : left);
	} else if (libc.realloc) {
		ptr = libc.realloc(in_ptr, size);
	} else { /* while dlsym() runs: only fresh blocks can be made */
		ptr = in_ptr ? NULL : arena_alloc(size, alignof(max_align_t));
	}
	if (enter())
		lttng_ust_tracepoint(lttng_ust_libc, realloc, in_ptr, size, ptr,
				     __builtin_return_address(0));
	leave();
	return ptr;
}

UST_LIBC_API void *memalign(size_t alignment, size_t size)
{
	void *ptr;

	resolve();
	if (!libc.memalign)
		return arena_alloc(size, alignment);
	ptr = libc.memalign(alignment, size);
	if (enter())
		lttng_ust_tracepoint(lttng_ust_libc, memalign, alignment, size,
				     ptr, __builtin_return_address(0));
	leave();
	return ptr;
}

UST_LIBC_API int posix_memalign(void **out_ptr, size_t alignment, size_t size)
{
	int result;

	resolve();
	if (!libc.posix_memalign) {
		void *ptr = arena_alloc(size, alignment);

		if (!ptr)
			return ENOMEM;
		*out_ptr = ptr;
		return 0;
	}
	result = libc.posix_memalign(out_ptr, alignment, size);
	/* *out_ptr is only written on success */
	if (enter())
		lttng_ust_tracepoint(lttng_ust_libc, posix_memalign,
				     result ? NULL : *out_ptr, alignment, size,
				     result, __builtin_return_address(0));
	leave();
	return result;
}
