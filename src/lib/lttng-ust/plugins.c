/*
 * liblttng-ust: the override plugins of lttng-ust(3). The constructor
 * loads the shared object LTTNG_UST_GETCPU_PLUGIN names and calls its
 * lttng_ust_getcpu_plugin_init(), which installs a getcpu() function
 * through lttng_ust_getcpu_override() (<lttng/ust-getcpu.h>); and the
 * LTTNG_UST_CLOCK_PLUGIN (trace-clock/clock-plugin-loader.h), whose
 * clock records read when the session daemon declared it for the
 * channel. A plugin
 * that cannot be loaded is reported (LTTNG_UST_DEBUG) and ignored.
 */
#include <dlfcn.h>
#include <errno.h>
#include <stdlib.h>

#include <lttng/ust-getcpu.h>

#include "trace-clock/clock-plugin-loader.h"
#include "common/ust-log.h"
#include "plugins.h"
#include "ringbuffer/cpu.h"

UST_API int lttng_ust_getcpu_override(lttng_ust_getcpu_func getcpu)
{
	if (!getcpu)
		return -EINVAL;
	rb_set_getcpu_override(getcpu);
	return 0;
}

/* Loads the plugin named by env_name and runs its init_name function. */
static void load_plugin(const char *env_name, const char *init_name)
{
	const char *path = getenv(env_name);
	void (*init)(void);
	void *handle;

	if (!path || !*path)
		return;
	handle = dlopen(path, RTLD_NOW | RTLD_GLOBAL);
	if (!handle) {
		ust_log("%s: cannot load %s: %s", env_name, path, dlerror());
		return;
	}
	*(void **)&init = dlsym(handle, init_name);
	if (!init) {
		ust_log("%s: %s has no %s()", env_name, path, init_name);
		dlclose(handle);
		return;
	}
	init();
	ust_log("%s: %s loaded", env_name, path);
}

void ust_plugins_load(void)
{
	load_plugin("LTTNG_UST_GETCPU_PLUGIN", "lttng_ust_getcpu_plugin_init");
	trace_clock_plugin_set(ust_clock_plugin_load());
}
