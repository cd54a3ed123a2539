/*
 * Implementation of statedump_run() (statedump.h): LTTng-modules'
 * order of the state dump. Its virtual memory maps (lttng_statedump_vm_map)
 * are described but never recorded, as in LTTng-modules 2.13, whose
 * enumeration of them is disabled.
 */
#include "statedump.h"

int statedump_emit_empty(const struct statedump_sink *sink,
			 enum statedump_event event)
{
	struct statedump_payload payload;

	if (!statedump_set_has(sink->events, event))
		return 0;
	statedump_payload_reset(&payload);
	return sink->emit(sink->arg, event, &payload);
}

int statedump_run(const struct statedump_sink *sink)
{
	int ret;

	ret = statedump_emit_empty(sink, STATEDUMP_START);
	if (!ret)
		ret = statedump_processes(sink);
	if (!ret)
		ret = statedump_interrupts(sink);
	if (!ret)
		ret = statedump_network_interfaces(sink);
	if (!ret)
		ret = statedump_block_devices(sink);
	if (!ret)
		ret = statedump_cpu_topology(sink);
	if (!ret)
		ret = statedump_emit_empty(sink, STATEDUMP_END);
	return ret;
}
