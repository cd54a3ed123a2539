/*
 * Implementation of consumer.h.
 */
#include <errno.h>
#include <limits.h>
#include <string.h>
#include <unistd.h>

#include "consumer.h"
#include "util/log.h"
#include "util/paths.h"

int consumer_find_path(const char *option_path, char *buf, size_t len)
{
	char self_dir[PATH_MAX];

	buf[0] = '\0';
	if (option_path) {
		if (access(option_path, X_OK))
			return -ENOENT;
		return paths_absolute(option_path, buf, len);
	}
	if (paths_self_dir(self_dir, sizeof(self_dir)))
		return 0;
	if (paths_join(buf, len, self_dir, CONSUMERD_RELATIVE_PATH) ||
	    access(buf, X_OK)) {
		DBG("No consumer daemon next to the session daemon (%s)",
		    self_dir);
		buf[0] = '\0';
	}
	return 0;
}
