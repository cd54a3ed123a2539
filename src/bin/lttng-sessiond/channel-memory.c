/*
 * Implementation of channel-memory.h.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "channel-memory.h"
#include "util/cpus.h"
#include "util/log.h"

/* A /proc/meminfo field in bytes; 0 when absent or unreadable. */
static uint64_t meminfo_bytes(const char *field)
{
	size_t len = strlen(field);
	unsigned long long kib = 0;
	char line[256];
	FILE *f = fopen("/proc/meminfo", "re");

	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f)) {
		if (!strncmp(line, field, len) && line[len] == ':') {
			if (sscanf(line + len + 1, "%llu", &kib) != 1)
				kib = 0;
			break;
		}
	}
	fclose(f);
	return (uint64_t)kib * 1024;
}

int channel_check_memory(const struct lttng_channel_attr *attr)
{
	uint64_t cpus = possible_cpus(), per_cpu, total, available;

	if (!attr->subbuf_size || !attr->num_subbuf)
		return LTTNG_OK;
	if (__builtin_mul_overflow(attr->subbuf_size, attr->num_subbuf,
				   &per_cpu) ||
	    __builtin_mul_overflow(per_cpu, cpus, &total)) {
		DBG("Channel %" PRIu64 " x %" PRIu64 " bytes on %" PRIu64
		    " CPUs: the size overflows",
		    attr->num_subbuf, attr->subbuf_size, cpus);
		return LTTNG_ERR_OVERFLOW;
	}
	available = meminfo_bytes("MemAvailable");
	if (!available)
		available = meminfo_bytes("MemTotal");
	if (available && total > available) {
		ERR("Channel buffers of %" PRIu64 " bytes (%" PRIu64
		    " x %" PRIu64 " bytes on %" PRIu64
		    " CPUs) exceed the available memory (%" PRIu64 " bytes)",
		    total, attr->num_subbuf, attr->subbuf_size, cpus,
		    available);
		return LTTNG_ERR_NOMEM;
	}
	return LTTNG_OK;
}
