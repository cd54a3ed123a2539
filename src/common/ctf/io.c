/*
 * Complete writes for the CTF writers (see io.h).
 */
#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "ctf/io.h"

int ctf_write_all(int fd, const void *buf, size_t len, const char *what,
		  struct ctf_error *err)
{
	const char *p = buf;

	while (len) {
		ssize_t n = write(fd, p, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return ctf_error_set(err, -errno, "cannot write %s: %s",
					     what, strerror(errno));
		p += n;
		len -= (size_t)n;
	}
	return 0;
}
