/*
 * liblttng-ust-fork.so: preloaded into applications that fork(2),
 * daemon(3) or clone(2) without exec (LTTng documentation, "Use
 * LTTng-UST with daemons"). Each wrapper surrounds the C library's call
 * with liblttng-ust's fork hooks, so the child drops its parent's
 * tracing state and registers as a new application. fork() and daemon()
 * also reach liblttng-ust's pthread_atfork handlers; the hooks nest, so
 * the work is done once. clone() without CLONE_VM runs no atfork
 * handler: the child's hook runs first thing in the new process.
 *
 * As LTTng-UST 2.13's, it also wraps setns(2), unshare(2) and the
 * set*id(2) family: after a successful call, liblttng-ust's hook drops
 * the cached namespace or credential context values, so later events
 * carry the new ones.
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
void lttng_ust_after_setns(void);
void lttng_ust_after_unshare(void);
void lttng_ust_after_setuid(void);
void lttng_ust_after_seteuid(void);
void lttng_ust_after_setreuid(void);
void lttng_ust_after_setresuid(void);
void lttng_ust_after_setgid(void);
void lttng_ust_after_setegid(void);
void lttng_ust_after_setregid(void);
void lttng_ust_after_setresgid(void);

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

/*
 * A wrapper of the C library's `name`, taking `params` and passing
 * `args`: on success, liblttng-ust's `hook` runs before returning; errno
 * is the C library's.
 */
#define UST_FORK_WRAP(name, hook, params, args)                                \
	UST_FORK_API int name params                                           \
	{                                                                      \
		static int(*libc_fn) params;                                   \
		int ret, err;                                                  \
                                                                               \
		if (!libc_fn)                                                  \
			libc_fn = (int(*) params)next_symbol(#name);           \
		ret = libc_fn args;                                            \
		err = errno;                                                   \
		if (ret == 0)                                                  \
			hook();                                                \
		errno = err;                                                   \
		return ret;                                                    \
	}

UST_FORK_WRAP(setns, lttng_ust_after_setns, (int fd, int nstype), (fd, nstype))
UST_FORK_WRAP(unshare, lttng_ust_after_unshare, (int flags), (flags))
UST_FORK_WRAP(setuid, lttng_ust_after_setuid, (uid_t uid), (uid))
UST_FORK_WRAP(seteuid, lttng_ust_after_seteuid, (uid_t euid), (euid))
UST_FORK_WRAP(setreuid, lttng_ust_after_setreuid, (uid_t ruid, uid_t euid),
	      (ruid, euid))
UST_FORK_WRAP(setresuid, lttng_ust_after_setresuid,
	      (uid_t ruid, uid_t euid, uid_t suid), (ruid, euid, suid))
UST_FORK_WRAP(setgid, lttng_ust_after_setgid, (gid_t gid), (gid))
UST_FORK_WRAP(setegid, lttng_ust_after_setegid, (gid_t egid), (egid))
UST_FORK_WRAP(setregid, lttng_ust_after_setregid, (gid_t rgid, gid_t egid),
	      (rgid, egid))
UST_FORK_WRAP(setresgid, lttng_ust_after_setresgid,
	      (gid_t rgid, gid_t egid, gid_t sgid), (rgid, egid, sgid))
