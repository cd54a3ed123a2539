/*
 * The instrumented application of the listener tests, driven by its
 * arguments:
 *   app emit N     record value(0..N-1), then other("done"), and exit
 *   app steps      for each line on stdin, record value(k) for the k-th
 *                  line and answer "k\n" on stdout; exit at EOF
 *   app fork       value(1), fork; the child records value(1001) and
 *                  exits; the parent records value(2), waits, exits
 *   app fork-hooks the same, with LTTng-UST's explicit fork hooks around
 *                  fork() (as liblttng-ust-fork calls them)
 *   app clone      the same with clone(2) (no CLONE_VM), for
 *                  liblttng-ust-fork.so preloaded
 *   app dlopen F   after a line on stdin, dlopen(F, RTLD_NOW) and
 *                  dlclose() it, then exit (liblttng-ust-dl preloaded)
 *   app malloc     after a line on stdin, malloc(1234), print the
 *                  pointer, free it (liblttng-ust-libc-wrapper preloaded)
 *   app mutex      after a line on stdin, lock, unlock, trylock and
 *                  unlock a mutex, then print its address
 *                  (liblttng-ust-pthread-wrapper preloaded)
 *   app closeall   after a line on stdin, close() every open fd from 3
 *                  to 1023 and print how many were refused, then
 *                  closefrom(3), then opens three fds and
 *                  close_range(3, ~0U, 0) (exit 3 if that fails or
 *                  leaves one of them open); then as `steps`
 *                  (liblttng-ust-fd preloaded)
 * Registration with the (fake) session daemon happens before main().
 */
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "app-tp.h"

/* liblttng-ust's fork hooks (LTTng-UST 2.13 ABI, no public header). */
void lttng_ust_before_fork(sigset_t *save_sigset);
void lttng_ust_after_fork_parent(sigset_t *restore_sigset);
void lttng_ust_after_fork_child(sigset_t *restore_sigset);

static int emit(unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		lttng_ust_tracepoint(ust_listener_test, value, i);
	lttng_ust_tracepoint(ust_listener_test, other, "done");
	return 0;
}

static int steps(void)
{
	char line[64];
	unsigned int k = 0;

	while (fgets(line, sizeof(line), stdin)) {
		lttng_ust_tracepoint(ust_listener_test, value, k);
		printf("%u\n", k++);
		fflush(stdout);
	}
	return 0;
}

static int fork_and_record(int hooks)
{
	sigset_t saved;
	int status;
	pid_t pid;

	lttng_ust_tracepoint(ust_listener_test, value, 1);
	if (hooks)
		lttng_ust_before_fork(&saved);
	pid = fork();
	if (pid < 0)
		return 1;
	if (pid == 0) {
		if (hooks)
			lttng_ust_after_fork_child(&saved);
		lttng_ust_tracepoint(ust_listener_test, value, 1001);
		_exit(0);
	}
	if (hooks)
		lttng_ust_after_fork_parent(&saved);
	lttng_ust_tracepoint(ust_listener_test, value, 2);
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
	    WEXITSTATUS(status) != 0)
		return 1;
	return 0;
}

/* Ends with _exit(): returning would end this thread only, and the
 * child now has listener threads of its own. */
static int clone_child(void *arg)
{
	(void)arg;
	lttng_ust_tracepoint(ust_listener_test, value, 1001);
	_exit(0);
}

static int clone_and_record(void)
{
	static char stack[256 * 1024] __attribute__((aligned(16)));
	int status;
	pid_t pid;

	lttng_ust_tracepoint(ust_listener_test, value, 1);
	pid = clone(clone_child, stack + sizeof(stack), SIGCHLD, NULL);
	if (pid < 0)
		return 1;
	lttng_ust_tracepoint(ust_listener_test, value, 2);
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
	    WEXITSTATUS(status) != 0)
		return 1;
	return 0;
}

static int dlopen_and_close(const char *path)
{
	char line[16];
	void *handle;

	if (!fgets(line, sizeof(line), stdin))
		return 1;
	handle = dlopen(path, RTLD_NOW);
	if (!handle)
		return 1;
	return dlclose(handle) ? 1 : 0;
}

static int malloc_and_free(void)
{
	char line[16];
	void *volatile p;

	if (!fgets(line, sizeof(line), stdin))
		return 1;
	p = malloc(1234);
	if (!p)
		return 1;
	printf("%p\n", p);
	fflush(stdout);
	free(p);
	return 0;
}

static int lock_and_unlock(void)
{
	static pthread_mutex_t mutex = PTHREAD_MUTEX_INITIALIZER;
	char line[16];

	if (!fgets(line, sizeof(line), stdin))
		return 1;
	if (pthread_mutex_lock(&mutex) || pthread_mutex_unlock(&mutex) ||
	    pthread_mutex_trylock(&mutex) || pthread_mutex_unlock(&mutex))
		return 1;
	printf("%p\n", (void *)&mutex);
	return 0;
}

/* close_range() over every fd from 3 closes the app's, not the tracer's. */
static int close_range_keeps_tracer_fds(void)
{
	int mine[3], i;

	for (i = 0; i < 3; i++)
		mine[i] = open("/dev/null", O_RDONLY);
	if (close_range(3, ~0U, 0) != 0)
		return 0;
	for (i = 0; i < 3; i++)
		if (mine[i] < 0 || fcntl(mine[i], F_GETFD) != -1)
			return 0;
	return 1;
}

static int close_everything(void)
{
	char line[16];
	int fd, refused = 0;

	if (!fgets(line, sizeof(line), stdin))
		return 1;
	for (fd = 3; fd < 1024; fd++)
		if (fcntl(fd, F_GETFD) != -1 && close(fd) && errno == EBADF)
			refused++;
	printf("%d\n", refused);
	fflush(stdout);
	closefrom(3);
	return close_range_keeps_tracer_fds() ? steps() : 3;
}

int main(int argc, char **argv)
{
	if (argc == 3 && !strcmp(argv[1], "emit"))
		return emit((unsigned int)atoi(argv[2]));
	if (argc == 2 && !strcmp(argv[1], "steps"))
		return steps();
	if (argc == 2 && !strcmp(argv[1], "fork"))
		return fork_and_record(0);
	if (argc == 2 && !strcmp(argv[1], "fork-hooks"))
		return fork_and_record(1);
	if (argc == 2 && !strcmp(argv[1], "clone"))
		return clone_and_record();
	if (argc == 3 && !strcmp(argv[1], "dlopen"))
		return dlopen_and_close(argv[2]);
	if (argc == 2 && !strcmp(argv[1], "malloc"))
		return malloc_and_free();
	if (argc == 2 && !strcmp(argv[1], "mutex"))
		return lock_and_unlock();
	if (argc == 2 && !strcmp(argv[1], "closeall"))
		return close_everything();
	fprintf(stderr, "usage: app emit N | steps | fork\n");
	return 2;
}
