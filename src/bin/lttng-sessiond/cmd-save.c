/*
 * The save command (lttng_save_session()): writes the configuration of
 * one session, or of every session, to DIR/NAME.lttng, DIR being the
 * client's choice or ~/.lttng/sessions of the client's Unix user (its
 * home directory from the user database, as LTTng does). The files and
 * directories are created with the client's credentials: when a root
 * daemon serves another user, a child process that took the client's
 * identity creates them (a per-user daemon writes as itself).
 */
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <limits.h>
#include <pwd.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cmd.h"
#include "config.h"
#include "config/xml-writer.h"
#include "session-xml.h"
#include "session.h"
#include "util/io.h"
#include "util/log.h"
#include "util/user-path.h"
#include "util/paths.h"

#define SESSION_CONFIG_DIR_MODE 0770
#define SESSION_CONFIG_FILE_MODE 0660
#define SESSION_CONFIG_SUFFIX ".lttng"

struct save_request {
	char session[LTTNG_NAME_MAX]; /* "": every session */
	char dir[PATH_MAX];	      /* "": the client's default */
	uint32_t overwrite;
};

static int decode_request(struct cmd_ctx *ctx, struct save_request *req)
{
	if (wire_get_str(&ctx->req, req->session, sizeof(req->session)) ||
	    wire_get_str(&ctx->req, req->dir, sizeof(req->dir)) ||
	    wire_get_u32(&ctx->req, &req->overwrite) ||
	    wire_cursor_finish(&ctx->req))
		return LTTNG_ERR_INVALID_PROTOCOL;
	return LTTNG_OK;
}

/* ~/.lttng/sessions of the Unix user uid. */
static int default_dir(uid_t uid, char *dir, size_t size)
{
	struct passwd pwd, *found = NULL;
	char buf[4096];

	if (getpwuid_r(uid, &pwd, buf, sizeof(buf), &found) || !found) {
		ERR("Cannot find the home directory of user %u", (unsigned)uid);
		return LTTNG_ERR_SET_URL;
	}
	if ((size_t)snprintf(dir, size, "%s/.lttng/sessions", pwd.pw_dir) >=
	    size)
		return LTTNG_ERR_SET_URL;
	return LTTNG_OK;
}

/*
 * Create dir and write text to file (both absolute paths). Only
 * async-signal-safe calls: it also runs in a forked child. Returns
 * LTTNG_OK or an LTTNG_ERR_* code below 256.
 */
static int write_config_file(const char *dir, const char *file,
			     const char *text, size_t len, bool overwrite)
{
	int flags = O_WRONLY | O_CREAT | O_CLOEXEC;
	int fd, written;

	if (paths_mkdir_p(dir, SESSION_CONFIG_DIR_MODE))
		return LTTNG_ERR_SET_URL;
	flags |= overwrite ? O_TRUNC : O_EXCL;
	fd = open(file, flags, SESSION_CONFIG_FILE_MODE);
	if (fd < 0 && errno == EEXIST)
		return LTTNG_ERR_SAVE_FILE_EXIST;
	if (fd < 0)
		return errno == EACCES ? LTTNG_ERR_EPERM
				       : LTTNG_ERR_SAVE_IO_FAIL;
	(void)fchmod(fd, SESSION_CONFIG_FILE_MODE);
	written = io_write_all(fd, text, len);
	if (close(fd) || written) {
		/* No half-written configuration stays behind. */
		unlink(file);
		return LTTNG_ERR_SAVE_IO_FAIL;
	}
	return LTTNG_OK;
}

/*
 * write_config_file() with the file system credentials of uid/gid in
 * this thread: LTTNG_DEBUG_NOCLONE=1 asks for no child process (so a
 * debugger can follow the daemon).
 */
static int write_config_file_in_thread(uid_t uid, gid_t gid, char *dir,
				       const char *file, const char *text,
				       size_t len, bool overwrite)
{
	const struct user_creds who = {.uid = uid, .gid = gid};
	struct user_path_saved saved;
	int ret;

	if (user_path_enter(&who, &saved))
		return LTTNG_ERR_EPERM;
	ret = write_config_file(dir, file, text, len, overwrite);
	user_path_leave(&saved);
	return ret;
}

/* write_config_file() in a child running as uid/gid. */
static int write_config_file_as(uid_t uid, gid_t gid, char *dir,
				const char *file, const char *text, size_t len,
				bool overwrite)
{
	pid_t pid;
	int status;

	if (sessiond_config.debug_noclone)
		return write_config_file_in_thread(uid, gid, dir, file, text,
						   len, overwrite);
	pid = fork();
	if (pid < 0)
		return LTTNG_ERR_SAVE_IO_FAIL;
	if (pid == 0) {
		if (setgroups(0, NULL) || setresgid(gid, gid, gid) ||
		    setresuid(uid, uid, uid))
			_exit(LTTNG_ERR_EPERM);
		umask(0);
		_exit(write_config_file(dir, file, text, len, overwrite));
	}
	while (waitpid(pid, &status, 0) < 0) {
		if (errno != EINTR)
			return LTTNG_ERR_SAVE_IO_FAIL;
	}
	if (!WIFEXITED(status))
		return LTTNG_ERR_SAVE_IO_FAIL;
	return WEXITSTATUS(status);
}

static int save_one(struct cmd_ctx *ctx, const struct session *session,
		    const struct save_request *req, const char *dir_in)
{
	char dir[PATH_MAX], file[PATH_MAX];
	struct xml_writer w;
	const char *text;
	size_t len;
	int ret;

	snprintf(dir, sizeof(dir), "%s", dir_in);
	if ((size_t)snprintf(file, sizeof(file), "%s/%s%s", dir, session->name,
			     SESSION_CONFIG_SUFFIX) >= sizeof(file))
		return LTTNG_ERR_SET_URL;
	xml_writer_init(&w);
	xml_writer_open(&w, "sessions");
	ret = session_xml_write(&w, session);
	xml_writer_close(&w);
	text = xml_writer_text(&w, &len);
	if (ret == LTTNG_OK && !text)
		ret = LTTNG_ERR_NOMEM;
	/* Only a root daemon can take its client's identity. */
	if (ret == LTTNG_OK && (ctx->uid == getuid() || getuid() != 0))
		ret = write_config_file(dir, file, text, len, req->overwrite);
	else if (ret == LTTNG_OK)
		ret = write_config_file_as(ctx->uid, ctx->gid, dir, file, text,
					   len, req->overwrite);
	xml_writer_fini(&w);
	if (ret != LTTNG_OK)
		DBG("Saving session %s to %s failed: error %d", session->name,
		    file, ret);
	else
		DBG("Session %s saved to %s", session->name, file);
	return ret;
}

int cmd_save_session(struct cmd_ctx *ctx)
{
	struct save_request req;
	char dir[PATH_MAX];
	int ret = decode_request(ctx, &req);

	if (ret != LTTNG_OK)
		return ret;
	if (req.dir[0] && req.dir[0] != '/')
		return LTTNG_ERR_INVALID;
	if (req.dir[0])
		snprintf(dir, sizeof(dir), "%s", req.dir);
	else if ((ret = default_dir(ctx->uid, dir, sizeof(dir))) != LTTNG_OK)
		return ret;
	if (req.session[0]) {
		struct session *session;

		ret = cmd_find_session(ctx, req.session, &session);
		if (ret != LTTNG_OK)
			return ret;
		return save_one(ctx, session, &req, dir);
	}
	/* Sessions of other users are skipped. */
	for (struct session *s = session_first(); s; s = s->next) {
		if (!session_access_ok(s, ctx->uid))
			continue;
		ret = save_one(ctx, s, &req, dir);
		if (ret != LTTNG_OK)
			return ret;
	}
	return LTTNG_OK;
}
