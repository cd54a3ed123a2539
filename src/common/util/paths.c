/*
 * Implementation of paths.h. Every function writes into a caller buffer
 * and reports truncation instead of cutting a path short.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/paths.h"

static int copy_path(char *buf, size_t len, const char *src)
{
	int n = snprintf(buf, len, "%s", src);

	return n < 0 || (size_t)n >= len ? -ENAMETOOLONG : 0;
}

int paths_home(char *buf, size_t len)
{
	const char *home = getenv("LTTNG_HOME");

	if (!home || !*home)
		home = getenv("HOME");
	if (!home || !*home)
		return -ENOENT;
	return copy_path(buf, len, home);
}

int paths_rundir(uid_t uid, char *buf, size_t len)
{
	char home[PATH_MAX];
	const char *rundir;
	int ret;

	if (uid == 0) {
		rundir = getenv("LTTNG_RUNDIR");
		if (!rundir || !*rundir)
			rundir = PATHS_ROOT_RUNDIR;
		return copy_path(buf, len, rundir);
	}
	ret = paths_home(home, sizeof(home));
	if (ret)
		return ret;
	return paths_join(buf, len, home, ".lttng");
}

int paths_join(char *buf, size_t len, const char *dir, const char *name)
{
	int n = snprintf(buf, len, "%s/%s", dir, name);

	return n < 0 || (size_t)n >= len ? -ENAMETOOLONG : 0;
}

int paths_mkdir(const char *path, mode_t mode)
{
	struct stat st;

	if (mkdir(path, mode)) {
		if (errno != EEXIST)
			return -errno;
		if (stat(path, &st) || !S_ISDIR(st.st_mode))
			return -ENOTDIR;
		return 0;
	}
	/* Created by this call: its mode whatever the umask. */
	return chmod(path, mode) ? -errno : 0;
}

int paths_mkdir_p(const char *path, mode_t mode)
{
	char tmp[PATH_MAX];
	int ret = copy_path(tmp, sizeof(tmp), path);

	if (ret)
		return ret;
	if (!tmp[0])
		return -ENOENT;
	for (char *p = tmp + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		ret = paths_mkdir(tmp, mode);
		*p = '/';
		if (ret)
			return ret;
	}
	return paths_mkdir(tmp, mode);
}

/* Append one component to the normalized path in buf (length *used). */
static int push_component(char *buf, size_t len, size_t *used, const char *comp,
			  size_t comp_len)
{
	if (comp_len == 0 || (comp_len == 1 && comp[0] == '.'))
		return 0;
	if (comp_len == 2 && comp[0] == '.' && comp[1] == '.') {
		while (*used > 0 && buf[*used - 1] != '/')
			(*used)--;
		if (*used > 0)
			(*used)--;
		buf[*used] = '\0';
		return 0;
	}
	if (*used + 1 + comp_len + 1 > len)
		return -ENAMETOOLONG;
	buf[(*used)++] = '/';
	memcpy(buf + *used, comp, comp_len);
	*used += comp_len;
	buf[*used] = '\0';
	return 0;
}

static int push_all(char *buf, size_t len, size_t *used, const char *path)
{
	while (*path) {
		const char *end = strchrnul(path, '/');
		int ret = push_component(buf, len, used, path, end - path);

		if (ret)
			return ret;
		path = *end ? end + 1 : end;
	}
	return 0;
}

int paths_absolute(const char *path, char *buf, size_t len)
{
	char cwd[PATH_MAX];
	size_t used = 0;
	int ret;

	if (len < 2)
		return -ENAMETOOLONG;
	buf[0] = '\0';
	if (path[0] != '/') {
		if (!getcwd(cwd, sizeof(cwd)))
			return -errno;
		ret = push_all(buf, len, &used, cwd);
		if (ret)
			return ret;
	}
	ret = push_all(buf, len, &used, path);
	if (ret)
		return ret;
	if (used == 0)
		strcpy(buf, "/");
	return 0;
}

int paths_self_dir(char *buf, size_t len)
{
	ssize_t n = readlink("/proc/self/exe", buf, len);
	char *slash;

	if (n < 0)
		return -errno;
	if ((size_t)n >= len)
		return -ENAMETOOLONG;
	buf[n] = '\0';
	slash = strrchr(buf, '/');
	if (!slash)
		return -EINVAL;
	*(slash == buf ? slash + 1 : slash) = '\0';
	return 0;
}
