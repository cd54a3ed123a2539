/*
 * Implementation of consumer-watch.h. A watcher thread waits with
 * waitid(WNOWAIT), which also works where pidfds do not (valgrind, old
 * kernels). It is detached and counted, so that the daemon can wait for
 * the watchers at shutdown without joining one that waits for a lock
 * the caller holds.
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "consumer-watch.h"
#include "health-server.h"
#include "util/log.h"

struct watch {
	pid_t pid;
	consumer_exit_cb on_exit;
};

static pthread_mutex_t watch_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t watch_done = PTHREAD_COND_INITIALIZER;
static unsigned int watchers;

static void *watch_thread(void *arg)
{
	struct watch *w = arg;
	siginfo_t info;

	/*
	 * WNOWAIT: returns once the process is a zombie, leaving the
	 * reaping to the callback (or to consumer.c, whichever comes first:
	 * then ECHILD ends the wait).
	 */
	health_register(HEALTH_SESSIOND_CONSUMER);
	health_wait_enter(-1);
	while (waitid(P_PID, (id_t)w->pid, &info, WEXITED | WNOWAIT) < 0 &&
	       errno == EINTR)
		;
	health_wait_exit();
	health_server_consumer_exited(w->pid);
	w->on_exit(w->pid);
	free(w);
	health_unregister();
	pthread_mutex_lock(&watch_lock);
	if (--watchers == 0)
		pthread_cond_broadcast(&watch_done);
	pthread_mutex_unlock(&watch_lock);
	return NULL;
}

int consumer_watch_start(pid_t pid, consumer_exit_cb on_exit)
{
	struct watch *w = malloc(sizeof(*w));
	pthread_attr_t attr;
	pthread_t thread;
	int ret;

	if (!w)
		return -ENOMEM;
	w->pid = pid;
	w->on_exit = on_exit;
	pthread_attr_init(&attr);
	pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
	pthread_mutex_lock(&watch_lock);
	ret = -pthread_create(&thread, &attr, watch_thread, w);
	if (!ret)
		watchers++;
	pthread_mutex_unlock(&watch_lock);
	pthread_attr_destroy(&attr);
	if (ret) {
		WARN("Cannot watch the consumer daemon (pid %d): %s", (int)pid,
		     strerror(-ret));
		free(w);
	}
	return ret;
}

void consumer_watch_drain(void)
{
	pthread_mutex_lock(&watch_lock);
	while (watchers)
		pthread_cond_wait(&watch_done, &watch_lock);
	pthread_mutex_unlock(&watch_lock);
}
