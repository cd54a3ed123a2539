/*
 * Process ID tracking (LTTng 2.13 keeps these calls, now deprecated in
 * favour of process attribute tracker handles): a domain of a session
 * records only the processes in its inclusion set, or every process.
 */
#ifndef LTTNG_TRACKER_H
#define LTTNG_TRACKER_H

#include <stddef.h>
#include <stdint.h>

#include <lttng/handle.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Adds pid to the handle's domain inclusion set; pid -1 tracks every
 * process. Returns 0, -LTTNG_ERR_PID_TRACKED when it already is, or
 * another negative LTTng error code.
 */
int lttng_track_pid(struct lttng_handle *handle, int pid);

/*
 * Removes pid from the inclusion set; pid -1 tracks no process. Returns
 * 0, -LTTNG_ERR_PID_NOT_TRACKED when it is not in the set, or another
 * negative LTTng error code.
 */
int lttng_untrack_pid(struct lttng_handle *handle, int pid);

/*
 * The domain's process ID tracker: *enabled is 0 when every process is
 * tracked, else 1 with the inclusion set in *pids (malloc'd, *nr_pids
 * entries, possibly none). Returns 0 or a negative LTTng error code.
 */
int lttng_list_tracker_pids(struct lttng_handle *handle, int *enabled,
			    int32_t **pids, size_t *nr_pids);

#ifdef __cplusplus
}
#endif

#endif /* LTTNG_TRACKER_H */
