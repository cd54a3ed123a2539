/*
 * Implementation of input-path.h: a component-by-component walk with
 * O_PATH | O_NOFOLLOW descriptors; a link is read and its target walked
 * from the directory that holds it, after its owner is checked.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "input-path.h"

#define MAX_LINKS 40 /* as the kernel's MAXSYMLINKS */

static int walk(int at, const char *path, int *links);

/* Whether a link with this owner may be followed by this process. */
static bool trusted_owner(uid_t owner)
{
	return owner == 0 || owner == geteuid();
}

/*
 * Steps from directory `dir` into `name`: the O_PATH descriptor of what
 * it names, links followed when trusted, or -errno.
 */
static int step(int dir, const char *name, int *links)
{
	char target[PATH_MAX];
	struct stat st;
	ssize_t len;
	int fd = openat(dir, name, O_PATH | O_NOFOLLOW | O_CLOEXEC), ret;

	if (fd < 0)
		return -errno;
	if (fstatat(fd, "", &st, AT_EMPTY_PATH | AT_SYMLINK_NOFOLLOW)) {
		ret = -errno;
		close(fd);
		return ret;
	}
	if (!S_ISLNK(st.st_mode))
		return fd;
	len = readlinkat(fd, "", target, sizeof(target) - 1);
	ret = len < 0 ? -errno : 0;
	close(fd);
	if (ret)
		return ret;
	if (!trusted_owner(st.st_uid))
		return -EACCES;
	if (++*links > MAX_LINKS)
		return -ELOOP;
	target[len] = '\0';
	return walk(dir, target, links);
}

/* The O_PATH descriptor of `path` walked from directory `at`. */
static int walk(int at, const char *path, int *links)
{
	int cur = openat(at, path[0] == '/' ? "/" : ".",
			 O_PATH | O_DIRECTORY | O_CLOEXEC);
	char name[NAME_MAX + 1];

	if (cur < 0)
		return -errno;
	while (*path) {
		size_t len = strcspn(path, "/");
		int next;

		if (len > NAME_MAX) {
			close(cur);
			return -ENAMETOOLONG;
		}
		memcpy(name, path, len);
		name[len] = '\0';
		path += len + strspn(path + len, "/");
		if (len == 0 || !strcmp(name, "."))
			continue;
		next = step(cur, name, links);
		close(cur);
		if (next < 0)
			return next;
		cur = next;
	}
	return cur;
}

int crash_open_input_dir(const char *path)
{
	int links = 0, at = walk(AT_FDCWD, path, &links), fd;

	if (at < 0)
		return at;
	fd = openat(at, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		fd = -errno;
	close(at);
	return fd;
}
