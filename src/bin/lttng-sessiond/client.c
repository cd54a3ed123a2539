/*
 * Implementation of client.h. Each connection gets a receive/send
 * timeout so that a silent peer cannot hold the daemon; a malformed
 * message is answered with LTTNG_ERR_INVALID_PROTOCOL and the connection
 * closed. The dispatch table maps protocol commands to cmd.h handlers.
 */
#include <errno.h>
#include <grp.h>
#include <poll.h>
#include <pwd.h>
#include <stdbool.h>
#include <sys/socket.h>
#include <unistd.h>

#include <lttng/lttng-error.h>

#include "client.h"
#include "cmd.h"
#include "config.h"
#include "session.h"
#include "ust-app-sync.h"
#include "sessiond-comm/message.h"
#include "health/health.h"
#include "util/log.h"
#include "util/unix-socket.h"

#define CLIENT_TIMEOUT_MS 5000
#define MAX_GROUPS 256

static const cmd_handler handlers[LSC_CMD_NR] = {
	[LSC_CMD_CREATE_SESSION] = cmd_create_session,
	[LSC_CMD_DESTROY_SESSION] = cmd_destroy_session,
	[LSC_CMD_LIST_SESSIONS] = cmd_list_sessions,
	[LSC_CMD_START_TRACE] = cmd_start_trace,
	[LSC_CMD_STOP_TRACE] = cmd_stop_trace,
	[LSC_CMD_DATA_PENDING] = cmd_data_pending,
	[LSC_CMD_LIST_DOMAINS] = cmd_list_domains,
	[LSC_CMD_ENABLE_CHANNEL] = cmd_enable_channel,
	[LSC_CMD_DISABLE_CHANNEL] = cmd_disable_channel,
	[LSC_CMD_LIST_CHANNELS] = cmd_list_channels,
	[LSC_CMD_ENABLE_EVENT] = cmd_enable_event,
	[LSC_CMD_DISABLE_EVENT] = cmd_disable_event,
	[LSC_CMD_LIST_EVENTS] = cmd_list_events,
	[LSC_CMD_ADD_CONTEXT] = cmd_add_context,
	[LSC_CMD_LIST_TRACEPOINTS] = cmd_list_tracepoints,
	[LSC_CMD_LIST_TRACEPOINT_FIELDS] = cmd_list_tracepoint_fields,
	[LSC_CMD_LIST_SYSCALLS] = cmd_list_syscalls,
	[LSC_CMD_TRACK_PID] = cmd_track_pid,
	[LSC_CMD_UNTRACK_PID] = cmd_untrack_pid,
	[LSC_CMD_LIST_TRACKER_PIDS] = cmd_list_tracker_pids,
	[LSC_CMD_PROCESS_ATTR_TRACKER_CHANGE] = cmd_process_attr_tracker_change,
	[LSC_CMD_PROCESS_ATTR_TRACKER_LIST] = cmd_process_attr_tracker_list,
	[LSC_CMD_SNAPSHOT_ADD_OUTPUT] = cmd_snapshot_add_output,
	[LSC_CMD_SNAPSHOT_DEL_OUTPUT] = cmd_snapshot_del_output,
	[LSC_CMD_SNAPSHOT_LIST_OUTPUT] = cmd_snapshot_list_output,
	[LSC_CMD_SNAPSHOT_RECORD] = cmd_snapshot_record,
	[LSC_CMD_ROTATE_SESSION] = cmd_rotate_session,
	[LSC_CMD_ROTATION_GET_INFO] = cmd_rotation_get_info,
	[LSC_CMD_ROTATION_SET_SCHEDULE] = cmd_rotation_set_schedule,
	[LSC_CMD_LIST_ROTATION_SCHEDULES] = cmd_list_rotation_schedules,
	[LSC_CMD_CLEAR_SESSION] = cmd_clear_session,
	[LSC_CMD_SAVE_SESSION] = cmd_save_session,
	[LSC_CMD_REGENERATE_METADATA] = cmd_regenerate_metadata,
	[LSC_CMD_REGENERATE_STATEDUMP] = cmd_regenerate_statedump,
	[LSC_CMD_SET_SESSION_SHM_PATH] = cmd_set_session_shm_path,
	[LSC_CMD_SET_CONSUMER_URL] = cmd_set_consumer_url,
};

cmd_handler cmd_lookup(uint32_t command)
{
	return command < LSC_CMD_NR ? handlers[command] : NULL;
}

/* Whether uid belongs to the tracing group (primary or supplementary). */
static bool in_tracing_group(uid_t uid, gid_t gid)
{
	struct group *grp = getgrnam(sessiond_config.tracing_group);
	struct passwd *pw = getpwuid(uid);
	gid_t groups[MAX_GROUPS];
	int count = MAX_GROUPS, i;

	if (!grp)
		return false;
	if (gid == grp->gr_gid)
		return true;
	if (!pw || getgrouplist(pw->pw_name, gid, groups, &count) < 0)
		return false;
	for (i = 0; i < count; i++) {
		if (groups[i] == grp->gr_gid)
			return true;
	}
	return false;
}

/*
 * A per-user daemon serves its own user (and root); the root daemon
 * serves root and the members of the tracing group.
 */
static bool peer_allowed(const struct ucred *cred)
{
	if (cred->uid == 0 || cred->uid == getuid())
		return true;
	return sessiond_config.is_root &&
	       in_tracing_group(cred->uid, cred->gid);
}

/* Commands after which the apps must learn the sessions' new state. */
static bool command_changes_rules(uint32_t command)
{
	switch (command) {
	case LSC_CMD_ENABLE_CHANNEL:
	case LSC_CMD_DISABLE_CHANNEL:
	case LSC_CMD_ENABLE_EVENT:
	case LSC_CMD_DISABLE_EVENT:
	case LSC_CMD_ADD_CONTEXT:
		return true;
	default:
		return false;
	}
}

static void sync_started_sessions(void)
{
	for (struct session *s = session_first(); s; s = s->next)
		if (s->has_been_started)
			ust_app_sync_session(s);
}

/* Run one decoded request and send its reply; 0 or a negative errno. */
static int answer(int fd, const struct lsc_message *msg,
		  const struct ucred *cred)
{
	cmd_handler handler = cmd_lookup(msg->command);
	struct wire_buf reply;
	struct cmd_ctx ctx;
	int code, ret;

	wire_buf_init(&reply);
	wire_cursor_init(&ctx.req, msg->payload, msg->payload_len);
	ctx.reply = &reply;
	ctx.uid = cred->uid;
	ctx.gid = cred->gid;
	pthread_mutex_lock(&session_lock);
	code = handler ? handler(&ctx) : LTTNG_ERR_UND;
	if (code == LTTNG_OK && command_changes_rules(msg->command))
		sync_started_sessions();
	pthread_mutex_unlock(&session_lock);
	/* A reply the protocol cannot carry is an error, never a cut. */
	if (reply.error || reply.len > LSC_MAX_REPLY)
		code = LTTNG_ERR_NOMEM;
	DBG2("Command %s: %s", lsc_command_name(msg->command),
	     code == LTTNG_OK ? "ok" : "failed");
	ret = lsc_send_reply(fd, code, code == LTTNG_OK ? &reply : NULL);
	wire_buf_fini(&reply);
	if (!ret && code == LTTNG_ERR_INVALID_PROTOCOL)
		ret = -EBADMSG;
	return ret;
}

static void serve_connection(int fd)
{
	struct lsc_message msg;
	struct ucred cred;
	int ret;

	if (usock_peer_cred(fd, &cred) ||
	    usock_set_timeout(fd, CLIENT_TIMEOUT_MS))
		return;
	if (!peer_allowed(&cred)) {
		WARN("Refusing client pid %d uid %d", (int)cred.pid,
		     (int)cred.uid);
		(void)lsc_send_reply(fd, LTTNG_ERR_EPERM, NULL);
		return;
	}
	for (;;) {
		health_heartbeat();
		ret = lsc_recv_request(fd, &msg);
		if (ret == -EBADMSG || ret == -EMSGSIZE) {
			DBG("Malformed request from pid %d: refused",
			    (int)cred.pid);
			(void)lsc_send_reply(fd, LTTNG_ERR_INVALID_PROTOCOL,
					     NULL);
			return;
		}
		if (ret)
			return;
		ret = answer(fd, &msg, &cred);
		lsc_message_fini(&msg);
		if (ret)
			return;
	}
}

int client_serve(int listen_fd, int stop_fd)
{
	struct pollfd fds[2] = {
		{.fd = listen_fd, .events = POLLIN},
		{.fd = stop_fd, .events = POLLIN},
	};

	health_register(HEALTH_SESSIOND_CMD);
	for (;;) {
		int fd;

		if (health_poll(fds, 2, -1) < 0) {
			if (errno == EINTR)
				continue;
			return -errno;
		}
		if (fds[1].revents)
			return 0;
		if (!(fds[0].revents & POLLIN))
			continue;
		fd = accept4(listen_fd, NULL, NULL, SOCK_CLOEXEC);
		if (fd < 0)
			continue;
		serve_connection(fd);
		close(fd);
	}
}
