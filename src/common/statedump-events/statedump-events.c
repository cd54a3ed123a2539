/*
 * Implementation of statedump-events.h: LTTng-modules 2.13's
 * lttng_statedump_* event classes (instrumentation/events/
 * lttng-statedump.h), field by field. pid_t and int are signed 32-bit,
 * unsigned int, uid_t, gid_t, dev_t and fmode_t unsigned 32-bit,
 * unsigned long and pointers unsigned 64-bit (x86-64), pointers and
 * ctf_integer_hex fields in base 16, ctf_integer_oct in base 8, and
 * ctf_integer_network_hex big-endian in base 16.
 */
#include <string.h>

#include "statedump-events.h"

#define TASK_COMM_LEN 16

#define FIELD_COUNT(fields) (sizeof(fields) / sizeof((fields)[0]))

static const struct statedump_field process_state_fields[] = {
	{"tid", STATEDUMP_FIELD_INT, 4, true, 10},
	{"pid", STATEDUMP_FIELD_INT, 4, true, 10},
	{"ppid", STATEDUMP_FIELD_INT, 4, true, 10},
	{"name", STATEDUMP_FIELD_TEXT_ARRAY, TASK_COMM_LEN, true, 10},
	{"type", STATEDUMP_FIELD_INT, 4, true, 10},
	{"mode", STATEDUMP_FIELD_INT, 4, true, 10},
	{"submode", STATEDUMP_FIELD_INT, 4, true, 10},
	{"status", STATEDUMP_FIELD_INT, 4, true, 10},
	{"cpu", STATEDUMP_FIELD_INT, 4, false, 10},
	{"file_table_address", STATEDUMP_FIELD_INT, 8, false, 16},
};

/* cgroup, ipc, mnt, net, uts and time namespaces. */
static const struct statedump_field process_ns_fields[] = {
	{"tid", STATEDUMP_FIELD_INT, 4, true, 10},
	{"ns_inum", STATEDUMP_FIELD_INT, 4, false, 10},
};

static const struct statedump_field process_pid_ns_fields[] = {
	{"tid", STATEDUMP_FIELD_INT, 4, true, 10},
	{"vtid", STATEDUMP_FIELD_INT, 4, true, 10},
	{"vpid", STATEDUMP_FIELD_INT, 4, true, 10},
	{"vppid", STATEDUMP_FIELD_INT, 4, true, 10},
	{"ns_level", STATEDUMP_FIELD_INT, 4, true, 10},
	{"ns_inum", STATEDUMP_FIELD_INT, 4, false, 10},
};

static const struct statedump_field process_user_ns_fields[] = {
	{"tid", STATEDUMP_FIELD_INT, 4, true, 10},
	{"vuid", STATEDUMP_FIELD_INT, 4, false, 10},
	{"vgid", STATEDUMP_FIELD_INT, 4, false, 10},
	{"ns_level", STATEDUMP_FIELD_INT, 4, true, 10},
	{"ns_inum", STATEDUMP_FIELD_INT, 4, false, 10},
};

static const struct statedump_field file_descriptor_fields[] = {
	{"file_table_address", STATEDUMP_FIELD_INT, 8, false, 16},
	{"fd", STATEDUMP_FIELD_INT, 4, true, 10},
	{"flags", STATEDUMP_FIELD_INT, 4, false, 8},
	{"fmode", STATEDUMP_FIELD_INT, 4, false, 16},
	{"filename", STATEDUMP_FIELD_STRING, 0, false, 10},
};

static const struct statedump_field vm_map_fields[] = {
	{"pid", STATEDUMP_FIELD_INT, 4, true, 10},
	{"start", STATEDUMP_FIELD_INT, 8, false, 16},
	{"end", STATEDUMP_FIELD_INT, 8, false, 16},
	{"flags", STATEDUMP_FIELD_INT, 8, false, 16},
	{"inode", STATEDUMP_FIELD_INT, 8, false, 10},
	{"pgoff", STATEDUMP_FIELD_INT, 8, false, 10},
};

static const struct statedump_field network_interface_fields[] = {
	{"name", STATEDUMP_FIELD_STRING, 0, false, 10},
	{"address_ipv4", STATEDUMP_FIELD_INT_BE, 4, false, 16},
};

static const struct statedump_field block_device_fields[] = {
	{"dev", STATEDUMP_FIELD_INT, 4, false, 10},
	{"diskname", STATEDUMP_FIELD_STRING, 0, false, 10},
};

static const struct statedump_field interrupt_fields[] = {
	{"irq", STATEDUMP_FIELD_INT, 4, false, 10},
	{"name", STATEDUMP_FIELD_STRING, 0, false, 10},
	{"action", STATEDUMP_FIELD_STRING, 0, false, 10},
	{"tid", STATEDUMP_FIELD_INT, 4, true, 10},
};

static const struct statedump_field cpu_topology_fields[] = {
	{"architecture", STATEDUMP_FIELD_STRING, 0, false, 10},
	{"cpu_id", STATEDUMP_FIELD_INT, 2, false, 10},
	{"vendor", STATEDUMP_FIELD_STRING, 0, false, 10},
	{"family", STATEDUMP_FIELD_INT, 1, false, 10},
	{"model", STATEDUMP_FIELD_INT, 1, false, 10},
	{"model_name", STATEDUMP_FIELD_STRING, 0, false, 10},
	{"physical_id", STATEDUMP_FIELD_INT, 2, false, 10},
	{"core_id", STATEDUMP_FIELD_INT, 2, false, 10},
	{"cores", STATEDUMP_FIELD_INT, 2, false, 10},
};

static const struct statedump_event_desc events[STATEDUMP_NR_EVENTS] = {
	[STATEDUMP_START] = {"lttng_statedump_start", NULL, 0},
	[STATEDUMP_END] = {"lttng_statedump_end", NULL, 0},
	[STATEDUMP_PROCESS_STATE] = {"lttng_statedump_process_state",
				     process_state_fields,
				     FIELD_COUNT(process_state_fields)},
	[STATEDUMP_PROCESS_CGROUP_NS] = {"lttng_statedump_process_cgroup_ns",
					 process_ns_fields,
					 FIELD_COUNT(process_ns_fields)},
	[STATEDUMP_PROCESS_IPC_NS] = {"lttng_statedump_process_ipc_ns",
				      process_ns_fields,
				      FIELD_COUNT(process_ns_fields)},
	[STATEDUMP_PROCESS_MNT_NS] = {"lttng_statedump_process_mnt_ns",
				      process_ns_fields,
				      FIELD_COUNT(process_ns_fields)},
	[STATEDUMP_PROCESS_NET_NS] = {"lttng_statedump_process_net_ns",
				      process_ns_fields,
				      FIELD_COUNT(process_ns_fields)},
	[STATEDUMP_PROCESS_PID_NS] = {"lttng_statedump_process_pid_ns",
				      process_pid_ns_fields,
				      FIELD_COUNT(process_pid_ns_fields)},
	[STATEDUMP_PROCESS_USER_NS] = {"lttng_statedump_process_user_ns",
				       process_user_ns_fields,
				       FIELD_COUNT(process_user_ns_fields)},
	[STATEDUMP_PROCESS_UTS_NS] = {"lttng_statedump_process_uts_ns",
				      process_ns_fields,
				      FIELD_COUNT(process_ns_fields)},
	[STATEDUMP_PROCESS_TIME_NS] = {"lttng_statedump_process_time_ns",
				       process_ns_fields,
				       FIELD_COUNT(process_ns_fields)},
	[STATEDUMP_FILE_DESCRIPTOR] = {"lttng_statedump_file_descriptor",
				       file_descriptor_fields,
				       FIELD_COUNT(file_descriptor_fields)},
	[STATEDUMP_VM_MAP] = {"lttng_statedump_vm_map", vm_map_fields,
			      FIELD_COUNT(vm_map_fields)},
	[STATEDUMP_NETWORK_INTERFACE] = {"lttng_statedump_network_interface",
					 network_interface_fields,
					 FIELD_COUNT(network_interface_fields)},
	[STATEDUMP_BLOCK_DEVICE] = {"lttng_statedump_block_device",
				    block_device_fields,
				    FIELD_COUNT(block_device_fields)},
	[STATEDUMP_INTERRUPT] = {"lttng_statedump_interrupt", interrupt_fields,
				 FIELD_COUNT(interrupt_fields)},
	[STATEDUMP_CPU_TOPOLOGY] = {"lttng_statedump_cpu_topology",
				    cpu_topology_fields,
				    FIELD_COUNT(cpu_topology_fields)},
};

const struct statedump_event_desc *statedump_event_desc(enum statedump_event e)
{
	return e < STATEDUMP_NR_EVENTS ? &events[e] : NULL;
}

int statedump_event_find(const char *name)
{
	int i;

	for (i = 0; i < STATEDUMP_NR_EVENTS; i++) {
		if (!strcmp(events[i].name, name))
			return i;
	}
	return -1;
}
