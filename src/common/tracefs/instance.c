/*
 * Tracefs instances owned by the kernel domain: mount lookup, instance
 * creation and removal, control file access, and cleanup of instances a
 * dead session daemon left behind. Every error says which path failed.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tracefs/instance.h"

static int fail(int ret, char *err, size_t err_len, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static int fail(int ret, char *err, size_t err_len, const char *fmt, ...)
{
	va_list ap;

	if (err && err_len) {
		va_start(ap, fmt);
		vsnprintf(err, err_len, fmt, ap);
		va_end(ap);
	}
	return ret;
}

static bool mounted_at(const char *path)
{
	char line[1024], dev[256], dir[512], type[64];
	bool found = false;
	FILE *mounts = fopen("/proc/self/mounts", "r");

	if (!mounts)
		return false;
	while (!found && fgets(line, sizeof(line), mounts))
		found = sscanf(line, "%255s %511s %63s", dev, dir, type) == 3 &&
			!strcmp(type, "tracefs") && !strcmp(dir, path);
	fclose(mounts);
	return found;
}

int tracefs_find_root(char *root, size_t len, char *err, size_t err_len)
{
	static const char *const candidates[] = {
		TRACEFS_DEFAULT_MOUNT,
		"/sys/kernel/debug/tracing",
	};

	for (size_t i = 0; i < sizeof(candidates) / sizeof(candidates[0]);
	     i++) {
		if (mounted_at(candidates[i])) {
			snprintf(root, len, "%s", candidates[i]);
			return 0;
		}
	}
	if (mount("nodev", TRACEFS_DEFAULT_MOUNT, "tracefs", 0, NULL))
		return fail(-errno, err, err_len,
			    "tracefs is not mounted and mounting it at %s "
			    "failed: %s",
			    TRACEFS_DEFAULT_MOUNT, strerror(errno));
	snprintf(root, len, "%s", TRACEFS_DEFAULT_MOUNT);
	return 0;
}

int tracefs_instance_create(const char *root, const char *name,
			    struct tracefs_instance *instance, char *err,
			    size_t err_len)
{
	if (!*name || strchr(name, '/'))
		return fail(-EINVAL, err, err_len,
			    "invalid tracefs instance name '%s'", name);
	memset(instance, 0, sizeof(*instance));
	if (asprintf(&instance->path, "%s/instances/%s", root, name) < 0) {
		instance->path = NULL;
		return -ENOMEM;
	}
	instance->name = strdup(name);
	if (!instance->name) {
		tracefs_instance_fini(instance);
		return -ENOMEM;
	}
	if (mkdir(instance->path, 0750)) {
		int ret = fail(-errno, err, err_len,
			       "cannot create tracefs instance %s: %s",
			       instance->path, strerror(errno));

		tracefs_instance_fini(instance);
		return ret;
	}
	return 0;
}

void tracefs_instance_fini(struct tracefs_instance *instance)
{
	free(instance->name);
	free(instance->path);
	instance->name = NULL;
	instance->path = NULL;
}

int tracefs_instance_destroy(struct tracefs_instance *instance, char *err,
			     size_t err_len)
{
	int ret = 0;

	/* Best effort: the removal below discards everything anyway. */
	tracefs_instance_write(instance, "tracing_on", "0", NULL, 0);
	if (rmdir(instance->path))
		ret = fail(-errno, err, err_len,
			   "cannot remove tracefs instance %s: %s",
			   instance->path, strerror(errno));
	tracefs_instance_fini(instance);
	return ret;
}

static int write_control(const struct tracefs_instance *instance,
			 const char *file, const char *value, int flags,
			 char *err, size_t err_len)
{
	char path[4096];
	size_t len = strlen(value);
	ssize_t written;
	int fd, saved;

	snprintf(path, sizeof(path), "%s/%s", instance->path, file);
	fd = open(path, O_WRONLY | O_CLOEXEC | flags);
	if (fd < 0)
		return fail(-errno, err, err_len, "cannot open %s: %s", path,
			    strerror(errno));
	written = write(fd, value, len);
	saved = errno;
	close(fd);
	if (written != (ssize_t)len)
		return fail(written < 0 ? -saved : -EIO, err, err_len,
			    "the kernel refused '%s' in %s: %s", value, path,
			    written < 0 ? strerror(saved) : "short write");
	return 0;
}

int tracefs_instance_write(const struct tracefs_instance *instance,
			   const char *file, const char *value, char *err,
			   size_t err_len)
{
	return write_control(instance, file, value, O_TRUNC, err, err_len);
}

int tracefs_instance_append(const struct tracefs_instance *instance,
			    const char *file, const char *value, char *err,
			    size_t err_len)
{
	return write_control(instance, file, value, O_APPEND, err, err_len);
}

static int read_path(const char *path, char **text, char *err, size_t err_len)
{
	size_t cap = 4096, len = 0;
	char *buf = malloc(cap);
	ssize_t got;
	int fd;

	if (!buf)
		return -ENOMEM;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		free(buf);
		return fail(-errno, err, err_len, "cannot open %s: %s", path,
			    strerror(errno));
	}
	/* tracefs files report size 0: read until end of file. */
	while ((got = read(fd, buf + len, cap - len - 1)) > 0) {
		len += got;
		if (cap - len - 1 == 0) {
			char *grown = realloc(buf, cap * 2);

			if (!grown) {
				close(fd);
				free(buf);
				return -ENOMEM;
			}
			buf = grown;
			cap *= 2;
		}
	}
	if (got < 0) {
		int ret = fail(-errno, err, err_len, "cannot read %s: %s", path,
			       strerror(errno));

		close(fd);
		free(buf);
		return ret;
	}
	close(fd);
	buf[len] = '\0';
	*text = buf;
	return 0;
}

int tracefs_instance_read(const struct tracefs_instance *instance,
			  const char *file, char **text, char *err,
			  size_t err_len)
{
	char path[4096];

	snprintf(path, sizeof(path), "%s/%s", instance->path, file);
	return read_path(path, text, err, err_len);
}

int tracefs_read_file(const char *root, const char *file, char **text,
		      char *err, size_t err_len)
{
	char path[4096];

	snprintf(path, sizeof(path), "%s/%s", root, file);
	return read_path(path, text, err, err_len);
}

/* The pid in "lttng-<pid>-...", or 0 when the name is not ours. */
static pid_t owner_pid(const char *name)
{
	size_t prefix = strlen(TRACEFS_INSTANCE_PREFIX);
	char *end;
	long pid;

	if (strncmp(name, TRACEFS_INSTANCE_PREFIX, prefix))
		return 0;
	pid = strtol(name + prefix, &end, 10);
	if (end == name + prefix || *end != '-' || pid <= 0)
		return 0;
	return (pid_t)pid;
}

/*
 * Whether pid is a live process: a zombie (state Z in /proc/PID/stat,
 * waiting for a slow init to reap it) has exited.
 */
bool tracefs_process_is_running(pid_t pid)
{
	char path[64], buf[512], *close_paren;
	size_t n;
	FILE *f;

	if (kill(pid, 0) && errno == ESRCH)
		return false;
	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	f = fopen(path, "r");
	if (!f)
		return errno != ENOENT;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = '\0';
	close_paren = strrchr(buf, ')');
	return !(close_paren && close_paren[1] == ' ' && close_paren[2] == 'Z');
}

int tracefs_remove_stale_instances(const char *root)
{
	char path[4096];
	struct dirent *entry;
	int removed = 0;
	DIR *dir;

	snprintf(path, sizeof(path), "%s/instances", root);
	dir = opendir(path);
	if (!dir)
		return -errno;
	while ((entry = readdir(dir))) {
		struct tracefs_instance stale;
		pid_t pid = owner_pid(entry->d_name);

		if (!pid || tracefs_process_is_running(pid))
			continue;
		stale.name = strdup(entry->d_name);
		if (asprintf(&stale.path, "%s/%s", path, entry->d_name) < 0)
			stale.path = NULL;
		if (stale.name && stale.path &&
		    !tracefs_instance_destroy(&stale, NULL, 0))
			removed++;
		else
			tracefs_instance_fini(&stale);
	}
	closedir(dir);
	return removed;
}

int tracefs_count_stale_instances(const char *root)
{
	char path[4096];
	struct dirent *entry;
	int count = 0;
	DIR *dir;

	snprintf(path, sizeof(path), "%s/instances", root);
	dir = opendir(path);
	if (!dir)
		return -errno;
	while ((entry = readdir(dir))) {
		pid_t pid = owner_pid(entry->d_name);

		if (pid && !tracefs_process_is_running(pid))
			count++;
	}
	closedir(dir);
	return count;
}
