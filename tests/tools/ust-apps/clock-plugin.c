/*
 * A trace clock override plugin (LTTNG_UST_CLOCK_PLUGIN): CLOCK_MONOTONIC
 * in microseconds, under its own name, description and UUID, so a test
 * can tell from the metadata and the timestamps that every process of
 * the session used it.
 */
#include <string.h>
#include <time.h>

#include <lttng/ust-clock.h>

static uint64_t plugin_read64(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000U + (uint64_t)ts.tv_nsec / 1000U;
}

static uint64_t plugin_freq(void)
{
	return 1000000;
}

static int plugin_uuid(char *uuid)
{
	const char id[LTTNG_UST_UUID_STR_LEN] =
		"0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0";

	memcpy(uuid, id, LTTNG_UST_UUID_STR_LEN);
	return 0;
}

static const char *plugin_name(void)
{
	return "test_microseconds";
}

static const char *plugin_description(void)
{
	return "Monotonic microseconds (test plugin)";
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
