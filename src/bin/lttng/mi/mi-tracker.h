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

#endif /* LTTNG_CLI_MI_TRACKER_H */
