/*
 * Implementation of output-dir.h.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/log.h"
#include "util/output-dir.h"

/* Creates one component; gives it away only if this call created it. */
static int create_component(const char *path, uid_t uid, gid_t gid)
{
	if (mkdir(path, 0770)) {
		struct stat st;

		if (errno != EEXIST)
			return -errno;
		if (stat(path, &st) || !S_ISDIR(st.st_mode))
			return -ENOTDIR;
		return 0;
	}
	/* 0770 whatever the umask, as LTTng's trace directories are. */
	if (chmod(path, 0770))
		WARN("Cannot set the mode of %s: %s", path, strerror(errno));
	if (geteuid() == 0 && chown(path, uid, gid))
		WARN("Cannot give %s to uid %u: %s", path, (unsigned int)uid,
		     strerror(errno));
	return 0;
}

int output_dir_create(const char *path, uid_t uid, gid_t gid)
{
	char buf[PATH_MAX];
	size_t len = strlen(path);

	if (len == 0 || len >= sizeof(buf))
		return -ENAMETOOLONG;
	memcpy(buf, path, len + 1);
	for (char *p = buf + 1; *p; p++) {
		int ret;

		if (*p != '/')
			continue;
		*p = '\0';
		ret = create_component(buf, uid, gid);
		*p = '/';
		if (ret)
			return ret;
	}
	return create_component(buf, uid, gid);
}
