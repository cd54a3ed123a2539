/*
 * MI elements of process attribute trackers: each attribute's element
 * names and the values of an inclusion set.
 */
#include "mi-tracker.h"
#include "util/lttng-names.h"

static enum mi_tracker_failure pending_failure;
/* Depth of <process_attr_trackers> once open. */
static int trackers_depth;

void mi_tracker_open(struct mi_writer *mi, enum lttng_process_attr attr)
{
	mi_writer_open(mi, lttng_names_process_attr_tracker(attr));
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
	mi_writer_open(mi, lttng_names_process_attr(attr));
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

void mi_tracker_value_all(struct mi_writer *mi, enum lttng_process_attr attr,
			  bool success)
{
	mi_writer_open(mi, lttng_names_process_attr(attr));
	mi_writer_open(mi, "type");
	mi_writer_bool(mi, "all", true);
	mi_writer_close(mi);
	mi_writer_bool(mi, "success", success);
	mi_writer_close(mi);
}

void mi_tracker_doc_begin(const char *command)
{
	struct mi_writer *mi = mi_command_begin(command);

	mi_writer_open(mi, "process_attr_trackers");
	trackers_depth = mi->depth;
	pending_failure = MI_TRACKER_FAILURE_NONE;
}

void mi_tracker_set_failure(enum mi_tracker_failure failure)
{
	if (pending_failure == MI_TRACKER_FAILURE_NONE)
		pending_failure = failure;
}

void mi_tracker_doc_end(int ret)
{
	struct mi_writer *mi = mi_command_writer();

	switch (pending_failure) {
	case MI_TRACKER_FAILURE_IN_TRACKERS:
		mi_writer_close_to(mi, trackers_depth);
		mi_writer_bool(mi, "success", false);
		mi_command_end(MI_SUCCESS_OMIT);
		break;
	case MI_TRACKER_FAILURE_IN_OUTPUT:
		mi_writer_close_to(mi, trackers_depth - 1);
		mi_writer_bool(mi, "success", false);
		mi_command_end(MI_SUCCESS_OMIT);
		break;
	default:
		mi_command_end(mi_success_of(ret));
	}
}
