/*
 * Implementation of user-path.h.
 *
 * setfsuid(2), setfsgid(2) and setgroups(2) change the credentials of
 * the calling thread only; glibc's setgroups() broadcasts to every thread
 * of the process, so the groups go through syscall(2). Leaving restores
 * the file system uid first, which gives the thread back the capabilities
 * (CAP_DAC_OVERRIDE, CAP_CHOWN, ...) that the switch to a non-zero fsuid
 * dropped, then the gid and the groups.
 */
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <limits.h>
#include <pwd.h>
#include <stdio.h>
#include <string.h>
#include <sys/fsuid.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "util/log.h"
#include "util/paths.h"
#include "util/user-path.h"

/* The user's groups (primary first); at least the primary one. */
static int user_groups(const struct user_creds *who, gid_t *groups, int max)
{
	struct passwd pw, *found = NULL;
	char buf[4096];
	int n = max;

	groups[0] = who->gid;
	if (getpwuid_r(who->uid, &pw, buf, sizeof(buf), &found) || !found)
		return 1;
	if (getgrouplist(pw.pw_name, who->gid, groups, &n) < 0)
		return max; /* truncated: the first `max` of them */
	return n;
}

static int set_thread_groups(int n, const gid_t *groups)
{
	return syscall(SYS_setgroups, (size_t)n, groups) ? -errno : 0;
}

int user_path_enter(const struct user_creds *who, struct user_path_saved *s)
{
	gid_t groups[64];
	int n, ret;

	s->switched = 0;
	if (!who || geteuid() != 0 ||
	    (who->uid == geteuid() && who->gid == getegid()))
		return 0;
	s->ngroups = getgroups(64, s->groups);
	if (s->ngroups < 0)
		return -errno;
	n = user_groups(who, groups, 64);
	ret = set_thread_groups(n, groups);
	if (ret)
		return ret;
	s->fsgid = (gid_t)setfsgid(who->gid);
	s->fsuid = (uid_t)setfsuid(who->uid);
	if ((uid_t)setfsuid((uid_t)-1) != who->uid ||
	    (gid_t)setfsgid((gid_t)-1) != who->gid) {
		ERR("Cannot act as uid %u gid %u", (unsigned int)who->uid,
		    (unsigned int)who->gid);
		s->switched = 1;
		user_path_leave(s);
		return -EPERM;
	}
	s->switched = 1;
	return 0;
}

void user_path_leave(const struct user_path_saved *s)
{
	if (!s->switched)
		return;
	setfsuid(s->fsuid);
	setfsgid(s->fsgid);
	if (set_thread_groups(s->ngroups, s->groups))
		ERR("Cannot restore the supplementary groups: %s",
		    strerror(errno));
}

int user_path_open(const struct user_creds *who, const char *path, int flags,
		   mode_t mode)
{
	struct user_path_saved s;
	int fd, ret = user_path_enter(who, &s);

	if (ret)
		return ret;
	fd = open(path, flags, mode);
	ret = fd < 0 ? -errno : fd;
	user_path_leave(&s);
	return ret;
}

int user_path_unlink(const struct user_creds *who, const char *path)
{
	struct user_path_saved s;
	int ret = user_path_enter(who, &s);

	if (ret)
		return ret;
	ret = unlink(path) ? -errno : 0;
	user_path_leave(&s);
	return ret;
}

int user_path_rename(const struct user_creds *who, const char *from,
		     const char *to)
{
	struct user_path_saved s;
	int ret = user_path_enter(who, &s);

	if (ret)
		return ret;
	ret = rename(from, to) ? -errno : 0;
	user_path_leave(&s);
	return ret;
}

/* 0770 whatever the umask, as LTTng's trace directories are. */
#define USER_PATH_DIR_MODE 0770

int user_path_mkdir(const struct user_creds *who, const char *path)
{
	struct user_path_saved s;
	int ret = user_path_enter(who, &s);

	if (ret)
		return ret;
	ret = paths_mkdir(path, USER_PATH_DIR_MODE);
	user_path_leave(&s);
	return ret;
}

int user_path_mkdir_p(const struct user_creds *who, const char *path)
{
	struct user_path_saved s;
	int ret = user_path_enter(who, &s);

	if (ret)
		return ret;
	ret = paths_mkdir_p(path, USER_PATH_DIR_MODE);
	user_path_leave(&s);
	return ret;
}
