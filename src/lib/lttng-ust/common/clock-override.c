/*
 * liblttng-ust-common: the trace clock override of <lttng/ust-clock.h>
 * and the loader of LTTNG_UST_CLOCK_PLUGIN, shared by liblttng-ust (the
 * records' timestamps), lttng-sessiond (the metadata's clock) and
 * lttng-consumerd (the timestamps of the packets it closes), which all
 * load the plugin the same environment variable names.
 */
#include <dlfcn.h>
#include <errno.h>
#include <stdlib.h>

#include <lttng/ust-clock.h>

#include "trace-clock/clock-plugin-loader.h"
#include "ust-log.h"

static struct trace_clock_plugin user_clock;
static int override_enabled;

static int can_set(void)
{
	return __atomic_load_n(&override_enabled, __ATOMIC_ACQUIRE) ? -EBUSY
								    : 0;
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
	*cb = user_clock.read64;
	return 0;
}

UST_API int lttng_ust_trace_clock_get_freq_cb(lttng_ust_clock_freq_function *cb)
{
	*cb = user_clock.freq;
	return 0;
}

UST_API int lttng_ust_trace_clock_get_uuid_cb(lttng_ust_clock_uuid_function *cb)
{
	*cb = user_clock.uuid;
	return 0;
}

UST_API int lttng_ust_trace_clock_get_name_cb(lttng_ust_clock_name_function *cb)
{
	*cb = user_clock.name;
	return 0;
}

UST_API int lttng_ust_trace_clock_get_description_cb(
	lttng_ust_clock_description_function *cb)
{
	*cb = user_clock.description;
	return 0;
}

UST_API int lttng_ust_enable_trace_clock_override(void)
{
	int ret = can_set();

	if (ret)
		return ret;
	if (!user_clock.read64 || !user_clock.freq || !user_clock.name ||
	    !user_clock.description)
		return -EINVAL;
	__atomic_store_n(&override_enabled, 1, __ATOMIC_RELEASE);
	return 0;
}

const struct trace_clock_plugin *ust_clock_plugin_load(void)
{
	const char *path = getenv("LTTNG_UST_CLOCK_PLUGIN");
	void (*init)(void);
	void *handle;

	if (!__atomic_load_n(&override_enabled, __ATOMIC_ACQUIRE) && path &&
	    *path) {
		handle = dlopen(path, RTLD_NOW | RTLD_GLOBAL);
		if (!handle) {
			ust_log("LTTNG_UST_CLOCK_PLUGIN: cannot load %s: %s",
				path, dlerror());
			return NULL;
		}
		*(void **)&init = dlsym(handle, "lttng_ust_clock_plugin_init");
		if (!init) {
			ust_log("LTTNG_UST_CLOCK_PLUGIN: %s has no "
				"lttng_ust_clock_plugin_init()",
				path);
			dlclose(handle);
			return NULL;
		}
		init();
	}
	if (!__atomic_load_n(&override_enabled, __ATOMIC_ACQUIRE))
		return NULL;
	return &user_clock;
}
