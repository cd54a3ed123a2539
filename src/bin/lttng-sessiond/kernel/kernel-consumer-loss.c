/*
 * Implementation of kernel-consumer-loss.h. The watcher's callback
 * takes the session lock, as a client command does: a consumer that the
 * session daemon reaped itself meanwhile (destroy, a set-up failure, a
 * consumer abandoned during a command, which reports it) belongs to no
 * session any more, and is left alone.
 */
#include <limits.h>
#include <stdio.h>
#include <sys/wait.h>

#include "../consumer-loss.h"
#include "../rotation.h"
#include "../session.h"
#include "../trace-salvage.h"
#include "../ust-app-sync.h"
#include "kernel-cmd.h"
#include "kernel-consumer-loss.h"
#include "kernel-consumer.h"
#include "kernel-domain.h"
#include "util/log.h"

/* Cuts the session's current kernel trace back to what a reader opens. */
static void salvage_trace(const struct session *s)
{
	char chunk[PATH_MAX], dir[PATH_MAX + 8];

	if (session_keeps_buffers(s) ||
	    rotation_chunk_path(s, chunk, sizeof(chunk)) ||
	    snprintf(dir, sizeof(dir), "%s/kernel", chunk) >= (int)sizeof(dir))
		return;
	trace_salvage_streams(dir, s->uid, s->gid);
	trace_salvage_metadata(dir, s->uid, s->gid);
}

void kernel_consumer_loss_report(struct kernel_session *ks)
{
	struct session *s;

	for (s = session_first(); s && s->kernel != ks; s = s->next)
		;
	if (!s || s->consumer_lost)
		return;
	if (s->active) {
		kernel_cmd_stop(s); /* tracing off; no flush to ask */
		ust_app_sync_stop(s);
		s->active = false;
	}
	salvage_trace(s);
	s->consumer_lost = LTTNG_ERR_NO_KERNCONSUMERD;
	ERR("Session %s is in error: the kernel events its consumer daemon "
	    "had not written are lost; its kernel trace was cut back to its "
	    "last whole packet",
	    s->name);
}

void kernel_consumer_loss_handle(pid_t pid)
{
	struct session *s;
	char cause[96];
	int status;

	pthread_mutex_lock(&session_lock);
	for (s = session_first(); s; s = s->next)
		if (s->kernel && s->kernel->consumer_pid == pid)
			break;
	if (s) {
		if (waitpid(pid, &status, 0) != pid)
			status = -1;
		kernel_consumer_forget(s->kernel);
		consumer_loss_describe_exit(status, cause, sizeof(cause));
		ERR("The kernel consumer daemon (pid %d) of session %s %s",
		    (int)pid, s->name, cause);
		kernel_consumer_loss_report(s->kernel);
	}
	pthread_mutex_unlock(&session_lock);
}
