/*
 * A trace clock override plugin (LTTNG_UST_CLOCK_PLUGIN) that a test can
 * step: CLOCK_MONOTONIC in nanoseconds plus the whole seconds written in
 * the file $TEST_CLOCK_STEP_FILE (none while the file is missing). Every
 * process of a session reads the file at each clock read, so stepping it
 * plays, for the session daemon, a wall clock corrected by NTP while a
 * session records: the Epoch offset measured at the start is wrong from
 * then on, until `lttng regenerate metadata` measures it again
 * (tests/integration/test_regenerate.py).
 */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <lttng/ust-clock.h>

static int64_t step_seconds(void)
{
	const char *path = getenv("TEST_CLOCK_STEP_FILE");
	char text[32];
	ssize_t len;
	int fd;

	if (!path)
		return 0;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return 0;
	len = read(fd, text, sizeof(text) - 1);
	close(fd);
	if (len <= 0)
		return 0;
	text[len] = '\0';
	return strtoll(text, NULL, 10);
}

static uint64_t plugin_read64(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000U + (uint64_t)ts.tv_nsec +
	       (uint64_t)step_seconds() * 1000000000U;
}

static uint64_t plugin_freq(void)
{
	return 1000000000;
}

static int plugin_uuid(char *uuid)
{
	const char id[LTTNG_UST_UUID_STR_LEN] =
		"5e1f0c1a-57e9-4c10-8c0c-5ad0c1a55e57";

	memcpy(uuid, id, LTTNG_UST_UUID_STR_LEN);
	return 0;
}

static const char *plugin_name(void)
{
	return "test_stepped";
}

static const char *plugin_description(void)
{
	return "Monotonic clock a test can step (test plugin)";
}

void lttng_ust_clock_plugin_init(void)
{
	if (lttng_ust_trace_clock_set_read64_cb(plugin_read64) ||
	    lttng_ust_trace_clock_set_freq_cb(plugin_freq) ||
	    lttng_ust_trace_clock_set_uuid_cb(plugin_uuid) ||
	    lttng_ust_trace_clock_set_name_cb(plugin_name) ||
	    lttng_ust_trace_clock_set_description_cb(plugin_description))
		return;
	lttng_ust_enable_trace_clock_override();
}
