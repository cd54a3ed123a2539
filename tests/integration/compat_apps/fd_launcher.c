/*
 * Starts a program with the file descriptors an application may have
 * before liblttng-ust's constructor runs:
 *
 *   fd_launcher close-std PROGRAM ARGS...  fds 0, 1 and 2 closed
 *   fd_launcher fill N PROGRAM ARGS...     every fd below N open (on
 *                                           /dev/null), so the tracer's
 *                                           land at N and above
 *
 * Exits 127 if it cannot set that up or exec the program.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int fill_below(int n)
{
	int fd = open("/dev/null", O_RDWR);

	while (fd >= 0 && fd < n - 1)
		fd = dup(fd);
	return fd == n - 1 ? 0 : -1;
}

int main(int argc, char **argv)
{
	if (argc >= 3 && strcmp(argv[1], "close-std") == 0) {
		close(0);
		close(1);
		close(2);
		execv(argv[2], &argv[2]);
	} else if (argc >= 4 && strcmp(argv[1], "fill") == 0) {
		if (fill_below(atoi(argv[2])) != 0) {
			perror("fd_launcher: fill");
			return 127;
		}
		execv(argv[3], &argv[3]);
	}
	return 127;
}
