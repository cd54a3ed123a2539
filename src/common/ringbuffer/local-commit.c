/*
 * Implementation of local-commit.h: turning CPU-local commits on (rseq
 * registered, membarrier registration) and the fence remote committers
 * take after their locked add, where this thread may run it.
 */
#include <linux/membarrier.h>
#include <pthread.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "ringbuffer/local-commit.h"

bool rb_local_commit_enabled;

static int membarrier(int cmd)
{
	return (int)syscall(__NR_membarrier, cmd, 0, 0);
}

/*
 * Whether this process may run the global expedited membarrier: the
 * kernel has it and nothing denies this process the query (a seccomp
 * filter may: other processes can still commit CPU-locally then).
 */
static int global_expedited_supported(void)
{
	static int supported = -1;
	int cmds;

	if (__atomic_load_n(&supported, __ATOMIC_RELAXED) < 0) {
		cmds = membarrier(MEMBARRIER_CMD_QUERY);
		__atomic_store_n(
			&supported,
			cmds > 0 && (cmds & MEMBARRIER_CMD_GLOBAL_EXPEDITED),
			__ATOMIC_RELAXED);
	}
	return __atomic_load_n(&supported, __ATOMIC_RELAXED);
}

#ifdef RB_HAVE_LOCAL_COMMIT
/*
 * A fork child registers its memory with membarrier again (harmless if
 * the registration was inherited); if it cannot, it commits atomically.
 */
static void register_fork_child(void)
{
	if (membarrier(MEMBARRIER_CMD_REGISTER_GLOBAL_EXPEDITED) != 0)
		__atomic_store_n(&rb_local_commit_enabled, false,
				 __ATOMIC_RELAXED);
}

static void install_fork_handler(void)
{
	pthread_atfork(NULL, NULL, register_fork_child);
}
#endif

bool rb_local_commit_enable(void)
{
#ifdef RB_HAVE_LOCAL_COMMIT
	static pthread_once_t fork_handler_once = PTHREAD_ONCE_INIT;

	if (__atomic_load_n(&rb_local_commit_enabled, __ATOMIC_RELAXED))
		return true;
	if (__rseq_size == 0 || !global_expedited_supported())
		return false;
	if (membarrier(MEMBARRIER_CMD_REGISTER_GLOBAL_EXPEDITED) != 0)
		return false;
	pthread_once(&fork_handler_once, install_fork_handler);
	__atomic_store_n(&rb_local_commit_enabled, true, __ATOMIC_RELAXED);
	return true;
#else
	return false;
#endif
}

/*
 * A thread refused the fence once is refused for good (a seccomp filter
 * is never removed): it does not ask again. Initial-exec: read from
 * commits in signal handlers, it must never be allocated lazily.
 */
static __thread bool fence_refused __attribute__((tls_model("initial-exec")));

bool rb_local_commit_fence(void)
{
	if (fence_refused || !global_expedited_supported())
		return false;
	if (membarrier(MEMBARRIER_CMD_GLOBAL_EXPEDITED) == 0)
		return true;
	fence_refused = true;
	return false;
}
