/*
 * A getcpu() override plugin (LTTNG_UST_GETCPU_PLUGIN): every thread is
 * said to run on the last configured CPU, so every record lands in that
 * CPU's stream whatever CPU really runs it.
 */
#include <unistd.h>

#include <lttng/ust-getcpu.h>

static int last_cpu;

static int plugin_getcpu(void)
{
	return last_cpu;
}

void lttng_ust_getcpu_plugin_init(void)
{
	long cpus = sysconf(_SC_NPROCESSORS_CONF);

	last_cpu = cpus > 1 ? (int)cpus - 1 : 0;
	lttng_ust_getcpu_override(plugin_getcpu);
}
