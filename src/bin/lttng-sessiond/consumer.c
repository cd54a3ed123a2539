/*
 * Implementation of consumer.h.
 */
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "config.h"
#include "consumer-comm/client.h"
#include "consumer.h"
#include "consumer-loss.h"
#include "consumer-watch.h"
#include "health-server.h"
#include "stop-request.h"
#include "util/log.h"
#include "util/paths.h"

/* How long one answer may take (a flush of large buffers). */
#define CONSUMER_REPLY_TIMEOUT_MS 30000
/* How long a consumer may take to write out and exit once released. */
#define CONSUMER_EXIT_TIMEOUT_MS 3000

static pthread_mutex_t consumer_lock = PTHREAD_MUTEX_INITIALIZER;
static int consumer_sock = -1;
static pid_t consumer_pid = -1;
/* Set by consumer_stop(): an exit from then on is no loss. */
static bool consumer_stopping;

static int find_relative(const char *self_dir, const char *relative, char *buf,
			 size_t len)
{
	if (paths_join(buf, len, self_dir, relative) || access(buf, X_OK)) {
		buf[0] = '\0';
		return -ENOENT;
	}
	return 0;
}

int consumer_find_path(const char *option_path, char *buf, size_t len)
{
	char self_dir[PATH_MAX];

	buf[0] = '\0';
	if (option_path) {
		if (access(option_path, X_OK))
			return -ENOENT;
		return paths_absolute(option_path, buf, len);
	}
	if (paths_self_dir(self_dir, sizeof(self_dir)))
		return 0;
	if (find_relative(self_dir, CONSUMERD_RELATIVE_PATH, buf, len) &&
	    find_relative(self_dir, CONSUMERD_BUILD_TREE_PATH, buf, len))
		DBG("No consumer daemon next to the session daemon (%s)",
		    self_dir);
	return 0;
}

int consumer_set_library_dir(void)
{
	const char *dir = sessiond_config.consumerd64_libdir;
	const char *old = getenv("LD_LIBRARY_PATH");
	char *value;
	int ret;

	if (!dir[0])
		return 0;
	if (old && old[0])
		ret = asprintf(&value, "%s:%s", dir, old);
	else
		ret = asprintf(&value, "%s", dir);
	if (ret < 0 || setenv("LD_LIBRARY_PATH", value, 1)) {
		ERR("Cannot set LD_LIBRARY_PATH for the consumer daemons");
		if (ret >= 0)
			free(value);
		return -1;
	}
	DBG("Consumer daemons run with LD_LIBRARY_PATH=%s", value);
	free(value);
	return 0;
}

static void exec_consumer(int fd, int health_fd)
{
	char fd_arg[32], health_arg[32];
	/* --verbose-consumer: the consumer logs at the daemon's level. */
	int level = sessiond_config.verbose_consumer ? log_verbosity : 0;
	const char *verbose = level >= 3   ? "-vvv"
			      : level == 2 ? "-vv"
			      : level == 1 ? "-v"
					   : NULL;

	snprintf(fd_arg, sizeof(fd_arg), "--sessiond-fd=%d", fd);
	snprintf(health_arg, sizeof(health_arg), "--health-fd=%d", health_fd);
	execl(sessiond_config.consumerd64_path,
	      sessiond_config.consumerd64_path, "--ust", fd_arg, health_arg,
	      verbose, (char *)NULL);
	ERR("Cannot run %s: %s", sessiond_config.consumerd64_path,
	    strerror(errno));
	_exit(127);
}

/*
 * Waits for the consumer to exit (its socket closed, it writes out what
 * it holds), at most CONSUMER_EXIT_TIMEOUT_MS; then kills it.
 */
static void reap_consumer_locked(void)
{
	int waited_ms;

	if (consumer_pid <= 0)
		return;
	for (waited_ms = 0; waited_ms < CONSUMER_EXIT_TIMEOUT_MS;
	     waited_ms += 10) {
		if (waitpid(consumer_pid, NULL, WNOHANG) != 0)
			break;
		usleep(10000);
	}
	if (waited_ms >= CONSUMER_EXIT_TIMEOUT_MS) {
		WARN("The consumer daemon (pid %d) did not exit: killing it",
		     (int)consumer_pid);
		kill(consumer_pid, SIGKILL);
		waitpid(consumer_pid, NULL, 0);
	}
	consumer_pid = -1;
}

static int spawn_locked(void)
{
	struct health_table *health;
	int pair[2], health_fd;
	pid_t pid;

	if (!sessiond_config.consumerd64_path[0]) {
		ERR("No consumer daemon found: use --consumerd64-path");
		return -ENOENT;
	}
	reap_consumer_locked(); /* one that was lost */
	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pair))
		return -errno;
	health_fd = health_server_consumer_prepare(&health);
	pid = fork();
	if (pid != 0) /* the parent: watches the child's health table */
		health_server_consumer_started(LTTNG_HEALTH_CONSUMERD_UST_64,
					       pid, health, health_fd);
	if (pid < 0) {
		close(pair[0]);
		close(pair[1]);
		return -errno;
	}
	if (pid == 0) {
		int fd = dup(pair[1]); /* without close-on-exec */

		exec_consumer(fd, health_fd < 0 ? -1 : dup(health_fd));
	}
	close(pair[1]);
	consumer_sock = pair[0];
	consumer_pid = pid;
	consumer_client_set_reply_limits(CONSUMER_REPLY_TIMEOUT_MS,
					 stop_request_fd());
	consumer_watch_start(pid, consumer_loss_handle);
	DBG("Consumer daemon %s started (pid %d)",
	    sessiond_config.consumerd64_path, (int)pid);
	return 0;
}

int consumer_ensure_started(void)
{
	int ret = 0;

	pthread_mutex_lock(&consumer_lock);
	if (consumer_sock < 0)
		ret = spawn_locked();
	pthread_mutex_unlock(&consumer_lock);
	return ret;
}

void consumer_stop(void)
{
	pthread_mutex_lock(&consumer_lock);
	__atomic_store_n(&consumer_stopping, true, __ATOMIC_RELAXED);
	if (consumer_sock >= 0) {
		close(consumer_sock);
		consumer_sock = -1;
	}
	reap_consumer_locked();
	pthread_mutex_unlock(&consumer_lock);
	consumer_watch_drain();
}

bool consumer_is_stopping(void)
{
	return __atomic_load_n(&consumer_stopping, __ATOMIC_RELAXED);
}

bool consumer_reap_exited(pid_t pid, int *status)
{
	pthread_mutex_lock(&consumer_lock);
	*status = -1; /* unknown: reaped before it was seen to exit */
	if (pid == consumer_pid) {
		if (waitpid(pid, status, 0) != pid)
			*status = -1;
		consumer_pid = -1;
		if (consumer_sock >= 0)
			close(consumer_sock);
		consumer_sock = -1;
	}
	pthread_mutex_unlock(&consumer_lock);
	return !consumer_is_stopping();
}

pid_t consumer_current_pid(void)
{
	pid_t pid;

	pthread_mutex_lock(&consumer_lock);
	pid = consumer_sock >= 0 ? consumer_pid : -1;
	pthread_mutex_unlock(&consumer_lock);
	return pid;
}

/*
 * A consumer that stopped answering, or whose answer a stop request
 * (SIGTERM) did not wait for, is gone for good: its socket is closed
 * (a late answer is never read as the next call's), which makes it
 * write out what it holds and exit.
 */
static int after_call(int ret)
{
	if (ret == -ECONNRESET || ret == -EPIPE || ret == -EBADMSG ||
	    ret == -ECONNABORTED) {
		ERR("Lost the consumer daemon: %s",
		    ret == -ECONNABORTED ? "no answer" : strerror(-ret));
		close(consumer_sock);
		consumer_sock = -1;
		/* A stopped one (SIGSTOP) resumes, sees its socket closed,
		 * writes out what it holds and exits (consumer-loss.c). */
		if (ret == -ECONNABORTED && consumer_pid > 0)
			kill(consumer_pid, SIGCONT);
	}
	return ret;
}

/* Takes the lock when a consumer runs; false (unlocked) otherwise. */
static bool lock_connected(void)
{
	pthread_mutex_lock(&consumer_lock);
	if (consumer_sock >= 0)
		return true;
	pthread_mutex_unlock(&consumer_lock);
	return false;
}

static int unlock_with(int ret)
{
	ret = after_call(ret);
	pthread_mutex_unlock(&consumer_lock);
	return ret;
}

int consumer_channel_create(const struct consumer_channel_desc *desc, int *fds)
{
	if (!lock_connected())
		return -ENOTCONN;
	return unlock_with(
		consumer_client_channel_create(consumer_sock, desc, fds));
}

int consumer_channel_flush(uint64_t key)
{
	if (!lock_connected())
		return -ENOTCONN;
	return unlock_with(consumer_client_channel_flush(consumer_sock, key));
}

int consumer_channel_recover(uint64_t key)
{
	if (!lock_connected())
		return -ENOTCONN;
	return unlock_with(consumer_client_channel_recover(consumer_sock, key));
}

int consumer_channel_destroy(uint64_t key)
{
	if (!lock_connected())
		return -ENOTCONN;
	return unlock_with(consumer_client_channel_destroy(consumer_sock, key));
}

int consumer_data_pending(uint64_t key, bool *pending)
{
	if (!lock_connected())
		return -ENOTCONN;
	return unlock_with(
		consumer_client_data_pending(consumer_sock, key, pending));
}

int consumer_metadata_create(const struct consumer_metadata_desc *desc)
{
	if (!lock_connected())
		return -ENOTCONN;
	return unlock_with(
		consumer_client_metadata_create(consumer_sock, desc));
}

int consumer_metadata_push(uint64_t key, const char *text, size_t len)
{
	if (!lock_connected())
		return -ENOTCONN;
	return unlock_with(
		consumer_client_metadata_push(consumer_sock, key, text, len));
}

int consumer_metadata_regenerate(uint64_t key, const char *text, size_t len)
{
	if (!lock_connected())
		return -ENOTCONN;
	return unlock_with(consumer_client_metadata_regenerate(consumer_sock,
							       key, text, len));
}

int consumer_metadata_destroy(uint64_t key)
{
	if (!lock_connected())
		return -ENOTCONN;
	return unlock_with(
		consumer_client_metadata_destroy(consumer_sock, key));
}

int consumer_channel_stats(uint64_t key, uint64_t *discarded_events,
			   uint64_t *lost_packets)
{
	if (!lock_connected())
		return -ENOTCONN;
	return unlock_with(consumer_client_channel_stats(
		consumer_sock, key, discarded_events, lost_packets));
}

int consumer_snapshot(uint32_t command,
		      const struct consumer_snapshot_desc *desc)
{
	if (!lock_connected())
		return -ENOTCONN;
	return unlock_with(
		consumer_client_snapshot(consumer_sock, command, desc));
}

int consumer_rotate(uint32_t command, const struct consumer_rotate_desc *desc)
{
	if (!lock_connected())
		return -ENOTCONN;
	return unlock_with(
		consumer_client_rotate(consumer_sock, command, desc));
}

int consumer_chunk_create(const struct consumer_chunk_desc *desc, bool may_hold)
{
	int ret;

	if (!lock_connected())
		return 0;
	ret = unlock_with(consumer_client_chunk_create(consumer_sock, desc));
	return ret == -EEXIST && may_hold ? 0 : ret;
}

int consumer_chunk_close(const struct consumer_chunk_close *desc)
{
	const struct consumer_chunk_ref ref = {desc->session_id,
					       desc->chunk_id};
	bool exists = false;
	int ret;

	if (!lock_connected())
		return 0;
	ret = after_call(
		consumer_client_chunk_exists(consumer_sock, &ref, &exists));
	if (!ret && exists)
		ret = after_call(
			consumer_client_chunk_close(consumer_sock, desc));
	pthread_mutex_unlock(&consumer_lock);
	return ret;
}
