/*
 * A full memory barrier in this thread, for the ring buffer and the UST
 * libraries' read-copy-update flavors (tracepoint-rcu.c, urcu-ust.c).
 * ThreadSanitizer does not model
 * fences (GCC refuses them there), so its builds use a sequentially
 * consistent read-modify-write instead, which is a full barrier as well.
 */
#ifndef UTIL_FULL_FENCE_H
#define UTIL_FULL_FENCE_H

static inline void full_fence(void)
{
#ifdef __SANITIZE_THREAD__
	static int fence_word;

	__atomic_fetch_add(&fence_word, 0, __ATOMIC_SEQ_CST);
#else
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
#endif
}

#endif /* UTIL_FULL_FENCE_H */
