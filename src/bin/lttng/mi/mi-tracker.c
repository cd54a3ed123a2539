/*
 * MI elements of process attribute trackers: each attribute's element
 * names and the values of an inclusion set.
 */
#include "mi-tracker.h"

static const char *value_element(enum lttng_process_attr attr)
{
	switch (attr) {
	case LTTNG_PROCESS_ATTR_PROCESS_ID:
		return "pid";
	case LTTNG_PROCESS_ATTR_VIRTUAL_PROCESS_ID:
		return "vpid";
	case LTTNG_PROCESS_ATTR_USER_ID:
		return "uid";
	case LTTNG_PROCESS_ATTR_VIRTUAL_USER_ID:
		return "vuid";
	case LTTNG_PROCESS_ATTR_GROUP_ID:
		return "gid";
	default:
		return "vgid";
	}
}

static const char *tracker_element(enum lttng_process_attr attr)
{
	switch (attr) {
	case LTTNG_PROCESS_ATTR_PROCESS_ID:
		return "pid_process_attr_tracker";
	case LTTNG_PROCESS_ATTR_VIRTUAL_PROCESS_ID:
		return "vpid_process_attr_tracker";
	case LTTNG_PROCESS_ATTR_USER_ID:
		return "uid_process_attr_tracker";
	case LTTNG_PROCESS_ATTR_VIRTUAL_USER_ID:
		return "vuid_process_attr_tracker";
	case LTTNG_PROCESS_ATTR_GROUP_ID:
		return "gid_process_attr_tracker";
	default:
		return "vgid_process_attr_tracker";
	}
}

void mi_tracker_open(struct mi_writer *mi, enum lttng_process_attr attr)
{
	mi_writer_open(mi, tracker_element(attr));
	mi_writer_open(mi, "process_attr_values");
}

void mi_tracker_close(struct mi_writer *mi)
{
	mi_writer_close(mi);
	mi_writer_close(mi);
}

void mi_tracker_value(struct mi_writer *mi, enum lttng_process_attr attr,
		      long long id, const char *name, enum mi_success success)
{
	mi_writer_open(mi, value_element(attr));
	mi_writer_open(mi, "type");
	if (name)
		mi_writer_string(mi, "name", name);
	else
		mi_writer_int(mi, "id", id);
	mi_writer_close(mi);
	if (success != MI_SUCCESS_OMIT)
		mi_writer_bool(mi, "success", success == MI_SUCCESS_TRUE);
	mi_writer_close(mi);
}
