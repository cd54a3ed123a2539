/*
 * MI elements of process attribute trackers (list's inclusion sets,
 * track and untrack results): <vpid_process_attr_tracker>,
 * <process_attr_values>, <vpid><type><id>1</id></type></vpid>, ...
 */
#ifndef LTTNG_CLI_MI_TRACKER_H
#define LTTNG_CLI_MI_TRACKER_H

#include <lttng/lttng.h>

#include "mi-command.h"
#include "mi-writer.h"

/* Open <ATTR_process_attr_tracker><process_attr_values>. */
void mi_tracker_open(struct mi_writer *mi, enum lttng_process_attr attr);
/* Close what mi_tracker_open opened. */
void mi_tracker_close(struct mi_writer *mi);

/*
 * One value: an id, or a user/group name when name is not NULL; with
 * <success> unless success is MI_SUCCESS_OMIT.
 */
void mi_tracker_value(struct mi_writer *mi, enum lttng_process_attr attr,
		      long long id, const char *name, enum mi_success success);

/* A policy change (--all): <type><all>true</all></type>. */
void mi_tracker_value_all(struct mi_writer *mi, enum lttng_process_attr attr,
			  bool success);

/*
 * track and untrack: begin the document and its
 * <process_attr_trackers>; each attribute then opens its tracker with
 * mi_tracker_open on mi_command_writer().
 */
void mi_tracker_doc_begin(const char *command);

/*
 * How a failed command ends its document, as LTTng's does: a user or
 * group that does not exist puts <success>false</success> in
 * <process_attr_trackers>; a value that is not an integer puts it in
 * <output>. Either way the document then has no <success> of its own.
 */
enum mi_tracker_failure {
	MI_TRACKER_FAILURE_NONE,
	MI_TRACKER_FAILURE_IN_TRACKERS,
	MI_TRACKER_FAILURE_IN_OUTPUT,
};
void mi_tracker_set_failure(enum mi_tracker_failure failure);

/* End the document (ret: the command's result). */
void mi_tracker_doc_end(int ret);

#endif /* LTTNG_CLI_MI_TRACKER_H */
