/*
 * liblttng-ust-common: the override plugins of lttng-ust(3), loaded once
 * per process by this library's constructor, as LTTng-UST 2.13 does, so
 * that every process linking it (the applications through liblttng-ust,
 * the session and consumer daemons) has them before it traces. The
 * shared object LTTNG_UST_GETCPU_PLUGIN names gets its
 * lttng_ust_getcpu_plugin_init() called, which installs a getcpu()
 * (getcpu-override.h); the one LTTNG_UST_CLOCK_PLUGIN names gets its
 * lttng_ust_clock_plugin_init() called, which sets and enables the trace
 * clock override (trace-clock/clock-override.h). A plugin that cannot be
 * loaded is reported (LTTNG_UST_DEBUG) and ignored.
 */
#include <dlfcn.h>
#include <stdlib.h>

#include "plugins.h"
#include "ust-log.h"

/* Loads the plugin named by env_name and runs its init_name function. */
static void load_plugin(const char *env_name, const char *init_name)
{
	const char *path = getenv(env_name);
	void (*init)(void);
	void *handle;

	if (!path || !*path)
		return;
	handle = dlopen(path, RTLD_NOW);
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

/*
 * Constructors call this, one at a time (the dynamic linker serializes
 * them), and possibly from inside a plugin's dlopen(): one that links
 * liblttng-ust runs that library's constructor then, which calls this
 * again. So not pthread_once(), which would wait for itself: the first
 * call loads, any other returns at once.
 */
void ust_plugins_load(void)
{
	static int started;

	if (__atomic_exchange_n(&started, 1, __ATOMIC_ACQ_REL))
		return;
	load_plugin("LTTNG_UST_CLOCK_PLUGIN", "lttng_ust_clock_plugin_init");
	load_plugin("LTTNG_UST_GETCPU_PLUGIN", "lttng_ust_getcpu_plugin_init");
}
