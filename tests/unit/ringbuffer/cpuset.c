/*
 * Implementation of cpuset.h: the cgroup v1 cpuset files, written as
 * root.
 */
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cpuset.h"

#define CPUSET_ROOT "/sys/fs/cgroup/cpuset"

static int write_file(const char *dir, const char *name, const char *text)
{
	char path[PATH_MAX + 64];
	ssize_t n;
	int fd, err = 0;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	n = write(fd, text, strlen(text));
	if (n < 0)
		err = -errno;
	close(fd);
	return err;
}

static int read_file(const char *dir, const char *name, char *buf,
		     size_t size)
{
	char path[PATH_MAX + 64];
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	n = read(fd, buf, size - 1);
	close(fd);
	if (n < 0)
		return -errno;
	buf[n] = '\0';
	return 0;
}

/* The calling process's cpuset path, from /proc/self/cgroup. */
static bool own_cpuset(char *path, size_t size)
{
	char line[PATH_MAX + 64];
	FILE *f = fopen("/proc/self/cgroup", "re");
	bool found = false;
	char *p;

	if (!f)
		return false;
	while (!found && fgets(line, sizeof(line), f)) {
		p = strstr(line, ":cpuset:");
		if (!p)
			continue;
		p += strlen(":cpuset:");
		p[strcspn(p, "\n")] = '\0';
		snprintf(path, size, "%s%s", CPUSET_ROOT,
			 strcmp(p, "/") ? p : "");
		found = true;
	}
	fclose(f);
	return found;
}

const char *test_cpuset_create(struct test_cpuset *c, const char *cpus)
{
	static unsigned int serial;
	char mems[256];

	if (geteuid() != 0)
		return "not root: cannot create a cpuset";
	if (access(CPUSET_ROOT "/cpuset.cpus", W_OK) != 0 ||
	    !own_cpuset(c->parent, sizeof(c->parent)))
		return "no cgroup v1 cpuset hierarchy at " CPUSET_ROOT;
	if (read_file(c->parent, "cpuset.mems", mems, sizeof(mems)) != 0)
		return "cannot read the parent cpuset's cpuset.mems";
	snprintf(c->dir, sizeof(c->dir), "%s/rb-test-%d-%u", c->parent,
		 (int)getpid(), __atomic_add_fetch(&serial, 1,
						    __ATOMIC_RELAXED));
	if (mkdir(c->dir, 0755) != 0)
		return "cannot create a cpuset directory";
	if (write_file(c->dir, "cpuset.mems", mems) != 0 ||
	    test_cpuset_set_cpus(c, cpus) != 0) {
		rmdir(c->dir);
		return "cannot configure a cpuset";
	}
	return NULL;
}

int test_cpuset_set_cpus(struct test_cpuset *c, const char *cpus)
{
	return write_file(c->dir, "cpuset.cpus", cpus);
}

int test_cpuset_enter(struct test_cpuset *c, pid_t tid)
{
	char text[32];

	snprintf(text, sizeof(text), "%d\n", (int)tid);
	return write_file(c->dir, "tasks", text);
}

int test_cpuset_enter_all_but(struct test_cpuset *c, const pid_t *except,
			      unsigned int n)
{
	DIR *dir = opendir("/proc/self/task");
	struct dirent *e;
	unsigned int i;
	pid_t tid;
	int err = 0;

	if (!dir)
		return -errno;
	while (!err && (e = readdir(dir))) {
		if (e->d_name[0] == '.')
			continue;
		tid = (pid_t)atoi(e->d_name);
		for (i = 0; i < n && except[i] != tid; i++)
			;
		if (i == n)
			err = test_cpuset_enter(c, tid);
	}
	closedir(dir);
	return err;
}

void test_cpuset_destroy(struct test_cpuset *c)
{
	char tasks[4096], text[32], *line, *save = NULL;

	if (read_file(c->dir, "tasks", tasks, sizeof(tasks)) == 0)
		for (line = strtok_r(tasks, "\n", &save); line;
		     line = strtok_r(NULL, "\n", &save)) {
			snprintf(text, sizeof(text), "%s\n", line);
			(void)write_file(c->parent, "tasks", text);
		}
	(void)rmdir(c->dir);
}
