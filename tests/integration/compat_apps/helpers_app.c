/*
 * Calls what <lttng/ust-thread.h>, <lttng/ust-cancelstate.h> and
 * <lttng/ust-fork.h> declare, and prints what it observes: the
 * cancellation state through nested pushes and pops, an unbalanced pop,
 * and a fork() made between the fork hooks.
 */
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

#include <lttng/ust-cancelstate.h>
#include <lttng/ust-fork.h>
#include <lttng/ust-thread.h>

static int cancel_state(void)
{
	int old, cur;

	pthread_setcancelstate(PTHREAD_CANCEL_ENABLE, &old);
	pthread_setcancelstate(old, &cur);
	return old == PTHREAD_CANCEL_DISABLE;
}

static void *thread(void *arg)
{
	(void)arg;
	lttng_ust_init_thread();
	return NULL;
}

int main(void)
{
	pthread_t t;
	sigset_t saved;
	pid_t pid;
	int status, a, b, c, d, e;

	pthread_create(&t, NULL, thread, NULL);
	pthread_join(t, NULL);
	a = lttng_ust_cancelstate_disable_push();
	b = lttng_ust_cancelstate_disable_push();
	printf("pushed %d %d disabled=%d\n", a, b, cancel_state());
	c = lttng_ust_cancelstate_disable_pop();
	printf("popped %d disabled=%d\n", c, cancel_state());
	d = lttng_ust_cancelstate_disable_pop();
	printf("popped %d disabled=%d\n", d, cancel_state());
	e = lttng_ust_cancelstate_disable_pop();
	printf("unbalanced %d\n", e);
	fflush(stdout);
	lttng_ust_before_fork(&saved);
	pid = fork();
	if (pid == 0) {
		lttng_ust_after_fork_child(&saved);
		_exit(7);
	}
	lttng_ust_after_fork_parent(&saved);
	waitpid(pid, &status, 0);
	printf("child %d\n", WEXITSTATUS(status));
	return 0;
}
