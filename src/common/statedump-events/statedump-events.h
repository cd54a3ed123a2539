/*
 * The kernel state dump's event classes: LTTng-modules 2.13's
 * lttng_statedump_* events, their names and payload fields in order
 * (names, integer sizes, signedness, bases, text arrays and strings).
 * The kernel consumer describes them in the metadata and lays out their
 * payloads from this table; the session daemon lists them (`lttng list
 * -k`) and matches recording event rules against their names.
 */
#ifndef STATEDUMP_EVENTS_H
#define STATEDUMP_EVENTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum statedump_event {
	STATEDUMP_START,
	STATEDUMP_END,
	STATEDUMP_PROCESS_STATE,
	STATEDUMP_PROCESS_CGROUP_NS,
	STATEDUMP_PROCESS_IPC_NS,
	STATEDUMP_PROCESS_MNT_NS,
	STATEDUMP_PROCESS_NET_NS,
	STATEDUMP_PROCESS_PID_NS,
	STATEDUMP_PROCESS_USER_NS,
	STATEDUMP_PROCESS_UTS_NS,
	STATEDUMP_PROCESS_TIME_NS,
	STATEDUMP_FILE_DESCRIPTOR,
	STATEDUMP_VM_MAP,
	STATEDUMP_NETWORK_INTERFACE,
	STATEDUMP_BLOCK_DEVICE,
	STATEDUMP_INTERRUPT,
	STATEDUMP_CPU_TOPOLOGY,
	STATEDUMP_NR_EVENTS,
};

enum statedump_field_kind {
	STATEDUMP_FIELD_INT,	    /* size bytes, native byte order */
	STATEDUMP_FIELD_INT_BE,	    /* size bytes, network byte order */
	STATEDUMP_FIELD_TEXT_ARRAY, /* char[size] (TASK_COMM_LEN) */
	STATEDUMP_FIELD_STRING,	    /* NUL-terminated */
};

struct statedump_field {
	const char *name;
	enum statedump_field_kind kind;
	unsigned int size; /* bytes */
	bool is_signed;
	unsigned int base; /* 8, 10 or 16 */
};

struct statedump_event_desc {
	const char *name;
	const struct statedump_field *fields;
	size_t nr_fields;
};

/* The description of event (< STATEDUMP_NR_EVENTS). */
const struct statedump_event_desc *statedump_event_desc(enum statedump_event e);

/* The event called name, or -1. */
int statedump_event_find(const char *name);

/* A set of state dump events, one bit per enum statedump_event. */
typedef uint32_t statedump_event_set;

static inline bool statedump_set_has(statedump_event_set set,
				     enum statedump_event e)
{
	return (set >> e) & 1u;
}

#endif /* STATEDUMP_EVENTS_H */
