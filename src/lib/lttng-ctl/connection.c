/*
 * liblttng-ctl's link to the session daemon: which client socket to use
 * (the root daemon's for root and members of the tracing group when it
 * runs, else the user's own), one connection per call, and the calls
 * about the daemon itself (alive, tracing group).
 */
#include <errno.h>
#include <grp.h>
#include <limits.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ctl-internal.h"
#include "util/paths.h"
#include "util/unix-socket.h"

/* Replies to control commands are immediate; listing is the slowest. */
#define CTL_REPLY_TIMEOUT_MS 30000

static char tracing_group[LTTNG_NAME_MAX] = "tracing";

static bool in_tracing_group(void)
{
	struct group *grp = getgrnam(tracing_group);
	gid_t groups[NGROUPS_MAX];
	int i, count;

	if (!grp)
		return false;
	if (getegid() == grp->gr_gid)
		return true;
	count = getgroups(NGROUPS_MAX, groups);
	for (i = 0; i < count; i++) {
		if (groups[i] == grp->gr_gid)
			return true;
	}
	return false;
}

static int socket_path(uid_t uid, const char *name, char *buf, size_t len)
{
	char rundir[PATH_MAX];
	int ret = paths_rundir(uid, rundir, sizeof(rundir));

	if (ret)
		return ret;
	return paths_join(buf, len, rundir, name);
}

int ctl_connect_rundir_socket(const char *name)
{
	char path[PATH_MAX];
	uid_t uid = getuid();
	int fd, ret;

	if (uid != 0 && in_tracing_group() &&
	    socket_path(0, name, path, sizeof(path)) == 0) {
		fd = usock_connect(path);
		if (fd >= 0)
			return fd;
	}
	ret = socket_path(uid, name, path, sizeof(path));
	return ret ? ret : usock_connect(path);
}

/* Connect to the daemon serving this process; fd or negative errno. */
static int connect_sessiond(void)
{
	return ctl_connect_rundir_socket(PATHS_CLIENT_SOCK);
}

int ctl_call(uint32_t command, const struct wire_buf *payload,
	     struct lsc_message *reply)
{
	struct lsc_message msg;
	int fd, ret;

	if (payload && payload->error)
		return payload->error == -ENOMEM ? -LTTNG_ERR_NOMEM
						 : -LTTNG_ERR_INVALID;
	fd = connect_sessiond();
	if (fd < 0)
		return -LTTNG_ERR_NO_SESSIOND;
	ret = usock_set_timeout(fd, CTL_REPLY_TIMEOUT_MS);
	if (!ret)
		ret = lsc_send_request(fd, command, payload);
	if (!ret)
		ret = lsc_recv_reply(fd, &msg);
	close(fd);
	/*
	 * A connection cut before the whole reply blames the daemon's
	 * absence only when no daemon accepts a connection any more.
	 */
	if (ret == -ECONNRESET && !lttng_session_daemon_alive())
		return -LTTNG_ERR_NO_SESSIOND;
	if (ret == -ENOMEM)
		return -LTTNG_ERR_NOMEM;
	if (ret)
		return -LTTNG_ERR_INVALID_PROTOCOL;
	if (msg.code != LTTNG_OK || !reply)
		lsc_message_fini(&msg);
	else
		*reply = msg;
	return msg.code == LTTNG_OK ? 0 : -msg.code;
}

int ctl_copy_name(char *dst, size_t size, const char *src)
{
	size_t len = src ? strlen(src) : 0;

	if (len >= size)
		return -LTTNG_ERR_INVALID;
	memcpy(dst, src ? src : "", len + 1);
	return 0;
}

int ctl_target_from_handle(const struct lttng_handle *handle,
			   const char *channel, struct lsc_target *target)
{
	memset(target, 0, sizeof(*target));
	if (!handle)
		return -LTTNG_ERR_INVALID;
	if (strnlen(handle->session_name, sizeof(handle->session_name)) ==
	    sizeof(handle->session_name))
		return -LTTNG_ERR_INVALID;
	strcpy(target->session, handle->session_name);
	target->domain = handle->domain.type;
	target->buffer_type = handle->domain.buf_type;
	return ctl_copy_name(target->channel, sizeof(target->channel), channel);
}

int ctl_call_target(uint32_t command, const struct lsc_target *target,
		    struct lsc_message *reply)
{
	struct wire_buf buf;
	int ret;

	wire_buf_init(&buf);
	lsc_put_target(&buf, target);
	ret = ctl_call(command, &buf, reply);
	wire_buf_fini(&buf);
	return ret;
}

int ctl_call_session(uint32_t command, const char *session_name,
		     struct lsc_message *reply)
{
	char name[LTTNG_NAME_MAX];
	struct wire_buf buf;
	int ret;

	if (!session_name)
		return -LTTNG_ERR_INVALID;
	ret = ctl_copy_name(name, sizeof(name), session_name);
	if (ret)
		return ret;
	wire_buf_init(&buf);
	wire_put_str(&buf, name);
	ret = ctl_call(command, &buf, reply);
	wire_buf_fini(&buf);
	return ret;
}

LTTNG_API int lttng_session_daemon_alive(void)
{
	int fd = connect_sessiond();

	if (fd < 0)
		return 0;
	close(fd);
	return 1;
}

LTTNG_API int lttng_set_tracing_group(const char *name)
{
	if (!name || !*name)
		return -LTTNG_ERR_INVALID;
	return ctl_copy_name(tracing_group, sizeof(tracing_group), name);
}
