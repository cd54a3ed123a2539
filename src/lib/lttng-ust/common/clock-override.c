/*
 * liblttng-ust-common: the trace clock override of <lttng/ust-clock.h>
 * (trace-clock/clock-override.h). A plugin or the application sets the
 * callbacks, then enables them: from then on lttng_ust_trace_clock
 * points at them and they can no longer change. The getters answer the
 * enabled callbacks, or CLOCK_MONOTONIC's own (LTTng's default clock)
 * before, as LTTng-UST 2.13 does.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <lttng/ust-clock.h>

#include "trace-clock/clock-override.h"
#include "ust-log.h"

UST_API struct trace_clock_plugin *lttng_ust_trace_clock;

static struct trace_clock_plugin user_clock;

/* ---- CLOCK_MONOTONIC, what the getters answer without an override ---- */

static uint64_t monotonic_freq(void)
{
	return 1000000000;
}

/* The boot id, as LTTng's monotonic clock's UUID. */
static int monotonic_uuid(char *uuid)
{
	FILE *f = fopen("/proc/sys/kernel/random/boot_id", "r");
	size_t len;

	if (!f)
		return -ENOENT;
	len = fread(uuid, 1, LTTNG_UST_UUID_STR_LEN - 1, f);
	fclose(f);
	if (len != LTTNG_UST_UUID_STR_LEN - 1)
		return -EINVAL;
	uuid[LTTNG_UST_UUID_STR_LEN - 1] = '\0';
	return 0;
}

static const char *monotonic_name(void)
{
	return "monotonic";
}

static const char *monotonic_description(void)
{
	return "Monotonic Clock";
}

static const struct trace_clock_plugin monotonic_clock = {
	.read64 = trace_clock_monotonic_fn,
	.freq = monotonic_freq,
	.uuid = monotonic_uuid,
	.name = monotonic_name,
	.description = monotonic_description,
};

/* The callbacks in use: the enabled override, else CLOCK_MONOTONIC's. */
static const struct trace_clock_plugin *clock_in_use(void)
{
	const struct trace_clock_plugin *clock = ust_clock_override();

	return clock ? clock : &monotonic_clock;
}

/* Callbacks may be set until the override is enabled (-EBUSY after). */
static int can_set(void)
{
	return ust_clock_override() ? -EBUSY : 0;
}

UST_API int lttng_ust_trace_clock_set_read64_cb(lttng_ust_clock_read64_function cb)
{
	int ret = can_set();

	if (!ret)
		user_clock.read64 = cb;
	return ret;
}

UST_API int lttng_ust_trace_clock_set_freq_cb(lttng_ust_clock_freq_function cb)
{
	int ret = can_set();

	if (!ret)
		user_clock.freq = cb;
	return ret;
}

UST_API int lttng_ust_trace_clock_set_uuid_cb(lttng_ust_clock_uuid_function cb)
{
	int ret = can_set();

	if (!ret)
		user_clock.uuid = cb;
	return ret;
}

UST_API int lttng_ust_trace_clock_set_name_cb(lttng_ust_clock_name_function cb)
{
	int ret = can_set();

	if (!ret)
		user_clock.name = cb;
	return ret;
}

UST_API int lttng_ust_trace_clock_set_description_cb(
	lttng_ust_clock_description_function cb)
{
	int ret = can_set();

	if (!ret)
		user_clock.description = cb;
	return ret;
}

UST_API int lttng_ust_trace_clock_get_read64_cb(lttng_ust_clock_read64_function *cb)
{
	*cb = clock_in_use()->read64;
	return 0;
}

UST_API int lttng_ust_trace_clock_get_freq_cb(lttng_ust_clock_freq_function *cb)
{
	*cb = clock_in_use()->freq;
	return 0;
}

UST_API int lttng_ust_trace_clock_get_uuid_cb(lttng_ust_clock_uuid_function *cb)
{
	*cb = clock_in_use()->uuid;
	return 0;
}

UST_API int lttng_ust_trace_clock_get_name_cb(lttng_ust_clock_name_function *cb)
{
	*cb = clock_in_use()->name;
	return 0;
}

UST_API int lttng_ust_trace_clock_get_description_cb(
	lttng_ust_clock_description_function *cb)
{
	*cb = clock_in_use()->description;
	return 0;
}

/*
 * The UUID callback may stay NULL (the trace's clock then has none); the
 * others are required (-EINVAL). The release store publishes the
 * callbacks with the pointer.
 */
UST_API int lttng_ust_enable_trace_clock_override(void)
{
	int ret = can_set();

	if (ret)
		return ret;
	if (!user_clock.read64 || !user_clock.freq || !user_clock.name ||
	    !user_clock.description)
		return -EINVAL;
	__atomic_store_n(&lttng_ust_trace_clock, &user_clock, __ATOMIC_RELEASE);
	return 0;
}
