/*
 * liblttng-ust-fork.so: preloaded into applications that fork(2),
 * daemon(3) or clone(2) without exec (LTTng documentation, "Use
 * LTTng-UST with daemons"). Each wrapper surrounds the C library's call
 * with liblttng-ust's fork hooks, so the child drops its parent's
 * tracing state and registers as a new application. fork() and daemon()
 * also reach liblttng-ust's pthread_atfork handlers; the hooks nest, so
 * the work is done once. clone() without CLONE_VM runs no atfork
 * handler: the child's hook runs first thing in the new process.
 */
#include <dlfcn.h>
#include <errno.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#define UST_FORK_API __attribute__((visibility("default")))

/* liblttng-ust's LTTng-UST 2.13 fork hooks. */
void lttng_ust_before_fork(sigset_t *save_sigset);
void lttng_ust_after_fork_parent(sigset_t *restore_sigset);
void lttng_ust_after_fork_child(sigset_t *restore_sigset);

/* The C library's definition of `name`, or abort: nothing to call. */
static void *next_symbol(const char *name)
{
	void *fn = dlsym(RTLD_NEXT, name);

	if (!fn) {
		fprintf(stderr, "liblttng-ust-fork: cannot find %s: %s\n", name,
			dlerror());
		abort();
	}
	return fn;
}

UST_FORK_API pid_t fork(void)
{
	static pid_t (*libc_fork)(void);
	sigset_t saved;
	pid_t pid;
	int err;

	if (!libc_fork)
		libc_fork = (pid_t(*)(void))next_symbol("fork");
	lttng_ust_before_fork(&saved);
	pid = libc_fork();
	err = errno;
	if (pid == 0)
		lttng_ust_after_fork_child(&saved);
	else
		lttng_ust_after_fork_parent(&saved);
	errno = err;
	return pid;
}

/* daemon() returns only in the child (the parent exits), or fails. */
UST_FORK_API int daemon(int nochdir, int noclose)
{
	static int (*libc_daemon)(int, int);
	sigset_t saved;
	int ret, err;

	if (!libc_daemon)
		libc_daemon = (int (*)(int, int))next_symbol("daemon");
	lttng_ust_before_fork(&saved);
	ret = libc_daemon(nochdir, noclose);
	err = errno;
	if (ret == 0)
		lttng_ust_after_fork_child(&saved);
	else
		lttng_ust_after_fork_parent(&saved);
	errno = err;
	return ret;
}

/* What the clone child runs: the hook, then the caller's function. */
struct clone_start {
	int (*fn)(void *);
	void *arg;
	sigset_t saved;
};

static int clone_child_start(void *priv)
{
	struct clone_start *start = priv;

	lttng_ust_after_fork_child(&start->saved);
	return start->fn(start->arg);
}

UST_FORK_API int clone(int (*fn)(void *), void *child_stack, int flags,
		       void *arg, ...)
{
	static int (*libc_clone)(int (*)(void *), void *, int, void *, ...);
	struct clone_start start;
	pid_t *ptid, *ctid;
	void *tls;
	va_list ap;
	int ret, err;

	if (!libc_clone)
		libc_clone = (int (*)(int (*)(void *), void *, int, void *,
				      ...))next_symbol("clone");
	va_start(ap, arg);
	ptid = va_arg(ap, pid_t *);
	tls = va_arg(ap, void *);
	ctid = va_arg(ap, pid_t *);
	va_end(ap);
	if (flags & CLONE_VM) /* a thread, sharing the tracer: no hook */
		return libc_clone(fn, child_stack, flags, arg, ptid, tls, ctid);
	start.fn = fn;
	start.arg = arg;
	lttng_ust_before_fork(&start.saved);
	ret = libc_clone(clone_child_start, child_stack, flags, &start, ptid,
			 tls, ctid);
	err = errno;
	lttng_ust_after_fork_parent(&start.saved);
	errno = err;
	return ret;
}
