/*
 * Implementation of session-load.h. Each source is loaded with
 * lttng_load_session() (every session, no overwrite); a failure is
 * logged and does not stop the daemon.
 */
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <lttng/lttng.h>

#include "session-load.h"
#include "util/log.h"

#define SYSTEM_AUTOLOAD_DIR "/etc/lttng/sessions/auto"

struct load_job {
	char load_path[PATH_MAX]; /* "": the auto-load directories */
	char user_autoload_dir[PATH_MAX];
	session_load_done_cb done;
	int ready_fd;
};

static void load_from(const char *path)
{
	struct lttng_load_session_attr *attr = lttng_load_session_attr_create();
	int ret;

	if (!attr) {
		ERR("Cannot load the session configurations of %s: out of "
		    "memory",
		    path);
		return;
	}
	ret = lttng_load_session_attr_set_input_url(attr, path);
	if (!ret)
		ret = lttng_load_session(attr);
	if (ret)
		ERR("Session load failed for %s: %s", path,
		    lttng_strerror(ret));
	else
		DBG("Session configurations of %s loaded", path);
	lttng_load_session_attr_destroy(attr);
}

/*
 * An auto-load directory counts only when it exists and, unless the
 * daemon is root's, is ours.
 */
static void autoload_from(const char *dir)
{
	struct stat st;

	if (stat(dir, &st) || !S_ISDIR(st.st_mode))
		return;
	if (getuid() != 0 && st.st_uid != getuid()) {
		DBG("Not auto-loading %s: owned by another user", dir);
		return;
	}
	load_from(dir);
}

static void *load_thread(void *arg)
{
	struct load_job *job = arg;

	if (job->load_path[0]) {
		load_from(job->load_path);
	} else {
		autoload_from(job->user_autoload_dir);
		autoload_from(SYSTEM_AUTOLOAD_DIR);
	}
	job->done(job->ready_fd);
	free(job);
	return NULL;
}

int session_load_start(const char *load_path, const char *home,
		       session_load_done_cb done, int ready_fd)
{
	struct load_job *job = calloc(1, sizeof(*job));
	pthread_attr_t attr;
	pthread_t thread;
	int ret;

	if (!job)
		return -1;
	if (load_path && !realpath(load_path, job->load_path))
		snprintf(job->load_path, sizeof(job->load_path), "%s",
			 load_path);
	snprintf(job->user_autoload_dir, sizeof(job->user_autoload_dir),
		 "%s/.lttng/sessions/auto", home);
	job->done = done;
	job->ready_fd = ready_fd;
	pthread_attr_init(&attr);
	pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
	ret = pthread_create(&thread, &attr, load_thread, job);
	pthread_attr_destroy(&attr);
	if (ret) {
		ERR("Cannot start the session loading thread: %s",
		    strerror(ret));
		free(job);
		return -1;
	}
	return 0;
}
