/*
 * Implementation of session.h: a singly linked registry, newest first.
 */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernel/kernel-cmd.h"
#include "session.h"
#include "ust-session.h"
#include "util/log.h"
#include "util/time-format.h"

static struct session *sessions;

struct session *session_find(const char *name)
{
	struct session *s;

	for (s = sessions; s; s = s->next) {
		if (!strcmp(s->name, name))
			return s;
	}
	return NULL;
}

bool session_access_ok(const struct session *session, uid_t uid)
{
	return uid == 0 || session->uid == uid;
}

struct session *session_first(void)
{
	return sessions;
}

/*
 * A session streaming to lttng-relayd: its control and data URLs, as
 * LTTng parses them. A snapshot session's network URL is its snapshot
 * output instead (cmd-snapshot.c).
 */
static int set_network_output(struct session *s,
			      const struct lsc_create_session *req)
{
	int ret = snapshot_output_parse(req->path,
					req->data_url[0] ? req->data_url : NULL,
					&s->network_output);

	if (ret != LTTNG_OK || s->network_output.local)
		return LTTNG_ERR_INVALID;
	s->has_network_output = true;
	return LTTNG_OK;
}

/* Pick the name and output of a new session from the request. */
static int session_name_and_output(struct session *s,
				   const struct lsc_create_session *req,
				   const char *home)
{
	char date[TIME_FORMAT_DATETIME_LEN];
	bool automatic = req->name[0] == '\0';
	int n;

	if (time_format_datetime(s->creation_time, date, sizeof(date)))
		return LTTNG_ERR_FATAL;
	if (automatic)
		n = snprintf(s->name, sizeof(s->name), "auto-%s", date);
	else
		n = snprintf(s->name, sizeof(s->name), "%s", req->name);
	if (n < 0 || (size_t)n >= sizeof(s->name))
		return LTTNG_ERR_INVALID;
	if (strchr(s->name, '/'))
		return LTTNG_ERR_SESSION_INVALID_CHAR;
	switch (req->output) {
	case LSC_OUTPUT_DEFAULT:
		n = snprintf(s->output_path, sizeof(s->output_path),
			     automatic ? "%s/lttng-traces/%s"
				       : "%s/lttng-traces/%s-%s",
			     home, s->name, date);
		break;
	case LSC_OUTPUT_PATH:
		n = snprintf(s->output_path, sizeof(s->output_path), "%s",
			     req->path);
		break;
	case LSC_OUTPUT_NETWORK:
		return set_network_output(s, req);
	default:
		n = 0;
		break;
	}
	if (n < 0 || (size_t)n >= sizeof(s->output_path))
		return LTTNG_ERR_INVALID;
	return LTTNG_OK;
}

int session_connect_network_output(const struct session *session)
{
	int ret;

	if (!session->has_network_output)
		return LTTNG_OK;
	ret = snapshot_output_connect_relayd(&session->network_output);
	if (ret != LTTNG_OK)
		return ret;
	ERR("Session %s: streaming to lttng-relayd (%s) is not implemented",
	    session->name, session->network_output.ctrl_url);
	return LTTNG_ERR_NOT_SUPPORTED;
}

/* `lttng create --snapshot`'s output "snapshot-1": the session's path. */
static int add_automatic_snapshot_output(struct session *s)
{
	struct lsc_snapshot_output req = {
		.max_size = LSC_SNAPSHOT_MAX_SIZE_UNSET,
	};
	uint32_t id;

	snprintf(req.ctrl_url, sizeof(req.ctrl_url), "%s", s->output_path);
	return session_snapshot_add_output(&s->snap, &req, &id);
}

int session_set_output(struct session *session, bool network, const char *ctrl,
		       const char *data)
{
	struct snapshot_output parsed;

	if (session->active)
		return LTTNG_ERR_TRACE_ALREADY_STARTED;
	if (session->has_network_output)
		return LTTNG_ERR_RELAYD_CONNECT_FAIL;
	if (session->snapshot || session_has_channels(session))
		return LTTNG_ERR_NOT_SUPPORTED;
	if (!network) {
		if (ctrl[0] != '/' ||
		    strlen(ctrl) >= sizeof(session->output_path))
			return LTTNG_ERR_INVALID;
		strcpy(session->output_path, ctrl);
		return LTTNG_OK;
	}
	if (snapshot_output_parse(ctrl, data, &parsed) != LTTNG_OK ||
	    parsed.local)
		return LTTNG_ERR_INVALID;
	session->network_output = parsed;
	session->has_network_output = true;
	session->output_path[0] = '\0';
	return LTTNG_OK;
}

bool session_keeps_buffers(const struct session *session)
{
	return session->snapshot ||
	       (!session->output_path[0] && !session->has_network_output);
}

pthread_mutex_t session_lock = PTHREAD_MUTEX_INITIALIZER;
static uint64_t next_session_id;

int session_create(const struct lsc_create_session *req, const char *home,
		   struct session **out)
{
	struct session *s = calloc(1, sizeof(*s));
	int ret;

	if (!s)
		return LTTNG_ERR_NOMEM;
	s->creation_time = time(NULL);
	s->id = ++next_session_id;
	s->snapshot = req->snapshot;
	domain_init(&s->ust, LTTNG_DOMAIN_UST);
	ust_trackers_init(&s->ust_trackers);
	ret = session_name_and_output(s, req, home);
	if (ret == LTTNG_OK && session_find(s->name))
		ret = LTTNG_ERR_EXIST_SESS;
	if (ret != LTTNG_OK) {
		free(s);
		return ret;
	}
	if (s->snapshot && req->output != LSC_OUTPUT_NONE)
		ret = add_automatic_snapshot_output(s);
	if (ret != LTTNG_OK) {
		free(s);
		return ret;
	}
	s->next = sessions;
	sessions = s;
	DBG("Created session %s (output \"%s\"%s)", s->name, s->output_path,
	    s->snapshot ? ", snapshot" : "");
	*out = s;
	return LTTNG_OK;
}

int session_destroy(struct session *session)
{
	struct session **link = &sessions;
	int ret;

	while (*link && *link != session)
		link = &(*link)->next;
	assert(*link == session);
	*link = session->next;
	kernel_cmd_destroy(session);
	DBG("Destroyed session %s", session->name);
	ret = ust_session_destroy(session);
	domain_fini(&session->ust);
	ust_trackers_fini(&session->ust_trackers);
	session_snapshot_fini(&session->snap);
	free(session);
	return ret;
}

void session_destroy_all(void)
{
	while (sessions)
		session_destroy(sessions);
}

bool session_has_channels(const struct session *session)
{
	return session->ust.channel_count > 0 ||
	       kernel_cmd_channel_count(session) > 0;
}

/* "tcp4://HOST:PORT/PATH [data: PORT]", LTTng's listing of the output. */
static void describe_network_output(const struct snapshot_output *output,
				    char *buf, size_t len)
{
	char data[sizeof(" [data: 65535]")];
	size_t url_len = strlen(output->ctrl_url);

	snprintf(data, sizeof(data), " [data: %u]",
		 (unsigned int)output->data_port);
	if (url_len + strlen(data) >= len)
		url_len = len - 1 - strlen(data);
	memcpy(buf, output->ctrl_url, url_len);
	strcpy(buf + url_len, data);
}

void session_describe(const struct session *session, struct lsc_session *out)
{
	memset(out, 0, sizeof(*out));
	strcpy(out->name, session->name);
	if (session->snapshot)
		strcpy(out->snapshot_path, session->output_path);
	else if (session->has_network_output)
		describe_network_output(&session->network_output, out->path,
					sizeof(out->path));
	else
		strcpy(out->path, session->output_path);
	out->enabled = session->active;
	out->snapshot = session->snapshot;
	out->creation_time = (uint64_t)session->creation_time;
}
