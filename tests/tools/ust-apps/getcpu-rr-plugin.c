/*
 * A getcpu() override plugin (LTTNG_UST_GETCPU_PLUGIN) that answers CPU
 * 0, 1, 2, ... in turn, one CPU per call: a tracer that calls it exactly
 * once per recorded event puts event k of a single thread in the stream
 * of CPU k modulo the CPU count (test_ust_plugins.py).
 */
#include <unistd.h>

#include <lttng/ust-getcpu.h>

static unsigned long calls;
static int nr_cpus = 1;

static int plugin_getcpu(void)
{
	return (int)(__atomic_fetch_add(&calls, 1, __ATOMIC_RELAXED) %
		     (unsigned long)nr_cpus);
}

void lttng_ust_getcpu_plugin_init(void)
{
	long cpus = sysconf(_SC_NPROCESSORS_CONF);

	nr_cpus = cpus > 1 ? (int)cpus : 1;
	lttng_ust_getcpu_override(plugin_getcpu);
}
