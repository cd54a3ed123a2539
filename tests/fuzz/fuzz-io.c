/*
 * Implementation of the input helpers of fuzz.h.
 */
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "fuzz.h"

char *fuzz_strndup(const uint8_t *data, size_t size)
{
	char *text = malloc(size + 1);

	if (!text)
		abort();
	memcpy(text, data, size);
	text[size] = '\0';
	return text;
}

int fuzz_socket_with(const uint8_t *data, size_t size)
{
	int sv[2];
	size_t done = 0;

	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv))
		return -1;
	/* More than the socket holds would block: the rest is cut off. */
	while (done < size) {
		ssize_t n = send(sv[1], data + done, size - done,
				 MSG_DONTWAIT | MSG_NOSIGNAL);

		if (n <= 0)
			break;
		done += (size_t)n;
	}
	close(sv[1]);
	return sv[0];
}

static char scratch_dir[64];

static int remove_entry(const char *path, const struct stat *st, int flag,
			struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	remove(path); /* what cannot go stays: not an error */
	return 0;
}

static void remove_scratch_dir(void)
{
	nftw(scratch_dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

const char *fuzz_scratch_dir(void)
{
	if (!scratch_dir[0]) {
		/* Memory (/dev/shm) when there is one: files are rewritten
		 * for every input. */
		snprintf(scratch_dir, sizeof(scratch_dir),
			 "/dev/shm/lttng-fuzz-XXXXXX");
		if (!mkdtemp(scratch_dir)) {
			snprintf(scratch_dir, sizeof(scratch_dir),
				 "/tmp/lttng-fuzz-XXXXXX");
			if (!mkdtemp(scratch_dir))
				abort();
		}
		atexit(remove_scratch_dir);
	}
	return scratch_dir;
}

const char *fuzz_file_with(const uint8_t *data, size_t size)
{
	static char path[PATH_MAX];
	size_t done = 0;
	int fd;

	if (!path[0])
		snprintf(path, sizeof(path), "%s/input", fuzz_scratch_dir());
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	if (fd < 0)
		abort();
	while (done < size) {
		ssize_t n = write(fd, data + done, size - done);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			abort();
		done += (size_t)n;
	}
	close(fd);
	return path;
}
