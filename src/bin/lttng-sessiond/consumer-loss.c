/*
 * Implementation of consumer-loss.h. Runs on the consumer's watcher
 * thread; takes the session lock (then, inside, the consumer lock), as
 * a client command does.
 */
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>

#include "consumer-loss.h"
#include "consumer.h"
#include "session.h"
#include "ust-session.h"
#include "util/log.h"

void consumer_loss_describe_exit(int status, char *buf, size_t len)
{
	if (status == -1)
		snprintf(buf, len, "exited");
	else if (WIFSIGNALED(status))
		snprintf(buf, len, "was killed by signal %d (%s)",
			 WTERMSIG(status), strsignal(WTERMSIG(status)));
	else
		snprintf(buf, len, "exited with status %d",
			 WEXITSTATUS(status));
}

void consumer_loss_handle(pid_t pid)
{
	char cause[96];
	int status;

	if (consumer_is_stopping()) {
		consumer_reap_exited(pid, &status);
		return;
	}
	/* Reaped at once, not after whatever holds the session lock. */
	if (!consumer_reap_exited(pid, &status))
		return;
	consumer_loss_describe_exit(status, cause, sizeof(cause));
	ERR("The user space consumer daemon (pid %d) %s", (int)pid, cause);
	pthread_mutex_lock(&session_lock);
	for (struct session *s = session_first(); s; s = s->next) {
		if (!ust_session_drop_consumer_buffers(s, pid))
			continue;
		s->consumer_lost = LTTNG_ERR_NO_USTCONSUMERD;
		s->active = false;
		ERR("Session %s is in error: the events its consumer "
		    "daemon had not written are lost; its trace "
		    "metadata was written out",
		    s->name);
	}
	pthread_mutex_unlock(&session_lock);
}
