/*
 * Implementation of uuid.h.
 */
#include <errno.h>
#include <sys/random.h>

#include "util/uuid.h"

int uuid_generate_v4(uint8_t uuid[UUID_LEN])
{
	size_t got = 0;

	while (got < UUID_LEN) {
		ssize_t n = getrandom(uuid + got, UUID_LEN - got, 0);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -errno;
		got += (size_t)n;
	}
	uuid[6] = (uint8_t)((uuid[6] & 0x0f) | 0x40); /* version 4 */
	uuid[8] = (uint8_t)((uuid[8] & 0x3f) | 0x80); /* RFC 4122 variant */
	return 0;
}
