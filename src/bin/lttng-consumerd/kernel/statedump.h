/*
 * The kernel state dump without kernel modules: what LTTng-modules'
 * statedump records when a session starts (or on `lttng regenerate
 * statedump`), read from /proc and /sys instead of kernel structures.
 * statedump_run() walks the system in LTTng's order (start, every
 * thread's state, namespaces and its process's file descriptors,
 * interrupts, network interfaces, block devices, CPU topology, end) and
 * hands each event wanted by the sink, its payload laid out, to the
 * sink, which timestamps and records it (kconsumer.c).
 */
#ifndef KCONSUMER_STATEDUMP_H
#define KCONSUMER_STATEDUMP_H

#include "statedump-events/statedump-events.h"
#include "statedump-payload.h"

struct statedump_sink {
	statedump_event_set events; /* the events to produce */
	/* Records one event; 0, or a negative errno that ends the dump. */
	int (*emit)(void *arg, enum statedump_event event,
		    const struct statedump_payload *payload);
	void *arg;
};

/* The whole state dump. 0 or the first error of the sink. */
int statedump_run(const struct statedump_sink *sink);

/* Its parts (statedump-processes.c, statedump-devices.c). */
int statedump_processes(const struct statedump_sink *sink);
int statedump_interrupts(const struct statedump_sink *sink);
int statedump_network_interfaces(const struct statedump_sink *sink);
int statedump_block_devices(const struct statedump_sink *sink);
int statedump_cpu_topology(const struct statedump_sink *sink);

/* Sends an event of no field when the sink wants it. */
int statedump_emit_empty(const struct statedump_sink *sink,
			 enum statedump_event event);

#endif /* KCONSUMER_STATEDUMP_H */
