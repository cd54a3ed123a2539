/*
 * Complete writes for the CTF writers (see io.h).
 */
#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "ctf/io.h"
#include "util/io.h"

int ctf_write_all(int fd, const void *buf, size_t len, const char *what,
		  struct ctf_error *err)
{
	int ret = io_write_all(fd, buf, len);

	if (ret)
		return ctf_error_set(err, ret, "cannot write %s: %s", what,
				     strerror(-ret));
	return 0;
}
