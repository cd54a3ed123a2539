/*
 * An application that does with its file descriptors what daemons and
 * servers do, once liblttng-ust's constructor has returned (started by
 * fd_launcher.c, test_ust_fds.py):
 *
 *   fds_app daemonize DIR COUNT
 *     started with fds 0, 1 and 2 closed: writes to DIR/log which of
 *     them are open, then daemonizes the classic way (/dev/null on 0,
 *     DIR/log on 1 and 2), prints LINES lines to stdout, emits COUNT
 *     compat_fds:tick (seq 0..COUNT-1), creates DIR/emitted, waits for
 *     DIR/go, prints LINES more lines and emits COUNT more ticks.
 *
 *   fds_app closefrom|close_range|close_each LOW COUNT
 *     started with every fd below LOW open (so that the tracer's are at
 *     LOW and above), closes every fd from 3 (closefrom(3),
 *     close_range(3, ~0U, 0), or close() of each fd below the fd
 *     limit), then checks that the fds at LOW and above are still all
 *     there (exit 5 otherwise, the lost ones on stderr) and those below
 *     gone (exit 4), and emits COUNT ticks.
 *
 * Exit 2 on a usage or setup error, 3 if DIR/go never comes.
 */
#define _GNU_SOURCE
#define LTTNG_UST_TRACEPOINT_DEFINE
#define LTTNG_UST_TRACEPOINT_CREATE_PROBES
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "fds_tp.h"

#define LINES 2000
#define MAX_LISTED 256

static void emit(int from, int count)
{
	int i;

	for (i = from; i < from + count; i++)
		lttng_ust_tracepoint(compat_fds, tick, i);
}

static void print_lines(int from)
{
	int i;

	for (i = from; i < from + LINES; i++)
		printf("app line %d: the application's own output\n", i);
	fflush(stdout);
}

static int exists(const char *dir, const char *name)
{
	char path[4096];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	return access(path, F_OK) == 0;
}

static int touch(const char *dir, const char *name)
{
	char path[4096];
	int fd;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	fd = open(path, O_WRONLY | O_CREAT, 0644);
	return fd < 0 ? -1 : close(fd);
}

static int daemonize(const char *dir, int count)
{
	int std_open[3], i, null_fd, log_fd;
	char path[4096];

	for (i = 0; i < 3; i++)
		std_open[i] = fcntl(i, F_GETFD) >= 0;
	snprintf(path, sizeof(path), "%s/log", dir);
	null_fd = open("/dev/null", O_RDWR);
	log_fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND, 0644);
	if (null_fd < 0 || log_fd < 0 || dup2(null_fd, 0) < 0 ||
	    dup2(log_fd, 1) < 0 || dup2(log_fd, 2) < 0)
		return 2;
	if (null_fd > 2)
		close(null_fd);
	if (log_fd > 2)
		close(log_fd);
	printf("standard fds open at main: %d %d %d\n", std_open[0],
	       std_open[1], std_open[2]);
	print_lines(0);
	emit(0, count);
	if (touch(dir, "emitted"))
		return 2;
	for (i = 0; !exists(dir, "go"); i++) {
		if (i == 12000)
			return 3;
		usleep(10000);
	}
	print_lines(LINES);
	emit(count, count);
	return 0;
}

/* The open fds at low and above, in *n (at most MAX_LISTED). */
static int list_fds_from(int low, int *fds, int *n)
{
	DIR *d = opendir("/proc/self/fd");
	struct dirent *e;
	int fd;

	if (!d)
		return -1;
	*n = 0;
	while ((e = readdir(d))) {
		fd = atoi(e->d_name);
		if (e->d_name[0] == '.' || fd == dirfd(d) || fd < low)
			continue;
		if (*n < MAX_LISTED)
			fds[(*n)++] = fd;
	}
	closedir(d);
	return 0;
}

static int close_all(const char *how)
{
	struct rlimit rl;
	int fd;

	if (strcmp(how, "closefrom") == 0) {
		closefrom(3);
		return 0;
	}
	if (strcmp(how, "close_range") == 0)
		return close_range(3, ~0U, 0) == 0 ? 0 : -1;
	if (strcmp(how, "close_each") != 0 || getrlimit(RLIMIT_NOFILE, &rl))
		return -1;
	for (fd = 3; fd < (int)rl.rlim_cur; fd++)
		close(fd);
	return 0;
}

static int close_everything(const char *how, int low, int count)
{
	int before[MAX_LISTED], after[MAX_LISTED], nb, na, i, j, lost = 0;

	if (fcntl(low - 1, F_GETFD) < 0 || list_fds_from(low, before, &nb))
		return 2;
	if (close_all(how))
		return 2;
	if (list_fds_from(low, after, &na))
		return 2;
	for (i = 0; i < nb; i++) {
		for (j = 0; j < na && after[j] != before[i]; j++)
			;
		if (j == na) {
			fprintf(stderr, "fd %d of the tracer closed\n",
				before[i]);
			lost = 1;
		}
	}
	if (lost)
		return 5;
	for (i = 3; i < low; i++)
		if (fcntl(i, F_GETFD) >= 0)
			return 4;
	emit(0, count);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 4 && strcmp(argv[1], "daemonize") == 0)
		return daemonize(argv[2], atoi(argv[3]));
	if (argc == 4)
		return close_everything(argv[1], atoi(argv[2]), atoi(argv[3]));
	return 2;
}
