/*
 * Process attribute trackers: a domain of a session records only the
 * processes whose attributes (process ID, virtual process ID, user ID,
 * ...) are in each tracker's inclusion set. LTTng 2.13's process
 * attribute tracker handles, and its older process ID calls (deprecated,
 * kept).
 */
#ifndef LTTNG_TRACKER_H
#define LTTNG_TRACKER_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include <lttng/domain.h>
#include <lttng/handle.h>

#ifdef __cplusplus
extern "C" {
#endif

enum lttng_process_attr {
	LTTNG_PROCESS_ATTR_PROCESS_ID = 0,
	LTTNG_PROCESS_ATTR_VIRTUAL_PROCESS_ID = 1,
	LTTNG_PROCESS_ATTR_USER_ID = 2,
	LTTNG_PROCESS_ATTR_VIRTUAL_USER_ID = 3,
	LTTNG_PROCESS_ATTR_GROUP_ID = 4,
	LTTNG_PROCESS_ATTR_VIRTUAL_GROUP_ID = 5,
};

enum lttng_tracking_policy {
	LTTNG_TRACKING_POLICY_INCLUDE_ALL = 0,
	LTTNG_TRACKING_POLICY_EXCLUDE_ALL = 1,
	LTTNG_TRACKING_POLICY_INCLUDE_SET = 2,
};

enum lttng_process_attr_value_type {
	LTTNG_PROCESS_ATTR_VALUE_TYPE_INVALID = -1,
	LTTNG_PROCESS_ATTR_VALUE_TYPE_PID = 0,
	LTTNG_PROCESS_ATTR_VALUE_TYPE_UID = 1,
	LTTNG_PROCESS_ATTR_VALUE_TYPE_USER_NAME = 2,
	LTTNG_PROCESS_ATTR_VALUE_TYPE_GID = 3,
	LTTNG_PROCESS_ATTR_VALUE_TYPE_GROUP_NAME = 4,
};

enum lttng_process_attr_tracker_handle_status {
	LTTNG_PROCESS_ATTR_TRACKER_HANDLE_STATUS_GROUP_NOT_FOUND = -7,
	LTTNG_PROCESS_ATTR_TRACKER_HANDLE_STATUS_USER_NOT_FOUND = -6,
	LTTNG_PROCESS_ATTR_TRACKER_HANDLE_STATUS_INVALID_TRACKING_POLICY = -5,
	LTTNG_PROCESS_ATTR_TRACKER_HANDLE_STATUS_SESSION_DOES_NOT_EXIST = -4,
	LTTNG_PROCESS_ATTR_TRACKER_HANDLE_STATUS_ERROR = -3,
	LTTNG_PROCESS_ATTR_TRACKER_HANDLE_STATUS_COMMUNICATION_ERROR = -2,
	LTTNG_PROCESS_ATTR_TRACKER_HANDLE_STATUS_INVALID = -1,
	LTTNG_PROCESS_ATTR_TRACKER_HANDLE_STATUS_OK = 0,
	LTTNG_PROCESS_ATTR_TRACKER_HANDLE_STATUS_EXISTS = 1,
	LTTNG_PROCESS_ATTR_TRACKER_HANDLE_STATUS_MISSING = 2,
};

enum lttng_process_attr_values_status {
	LTTNG_PROCESS_ATTR_VALUES_STATUS_INVALID_TYPE = -2,
	LTTNG_PROCESS_ATTR_VALUES_STATUS_INVALID = -1,
	LTTNG_PROCESS_ATTR_VALUES_STATUS_OK = 0,
};

/* One tracker of one domain of one session. */
struct lttng_process_attr_tracker_handle;
/* A tracker's inclusion set, as last fetched. */
struct lttng_process_attr_values;

/*
 * A handle of the tracker of process_attr in a session's domain (free
 * it with lttng_process_attr_tracker_handle_destroy()). Returns LTTNG_OK,
 * or as LTTng: LTTNG_ERR_INVALID for NULL arguments,
 * LTTNG_ERR_UNSUPPORTED_DOMAIN outside the kernel and user space
 * domains, LTTNG_ERR_SESSION_NOT_EXIST, else LTTNG_ERR_UNK (no session
 * daemon, a tracker the domain does not have).
 */
enum lttng_error_code lttng_session_get_tracker_handle(
	const char *session_name, enum lttng_domain_type domain,
	enum lttng_process_attr process_attr,
	struct lttng_process_attr_tracker_handle **out_tracker_handle);

void lttng_process_attr_tracker_handle_destroy(
	struct lttng_process_attr_tracker_handle *tracker_handle);

enum lttng_process_attr_tracker_handle_status
lttng_process_attr_tracker_handle_get_tracking_policy(
	const struct lttng_process_attr_tracker_handle *tracker_handle,
	enum lttng_tracking_policy *policy);

enum lttng_process_attr_tracker_handle_status
lttng_process_attr_tracker_handle_set_tracking_policy(
	const struct lttng_process_attr_tracker_handle *tracker_handle,
	enum lttng_tracking_policy policy);

/* Adding or removing values (the policy becomes INCLUDE_SET). */
enum lttng_process_attr_tracker_handle_status
lttng_process_attr_process_id_tracker_handle_add_pid(
	const struct lttng_process_attr_tracker_handle *tracker_handle,
	pid_t pid);
enum lttng_process_attr_tracker_handle_status
lttng_process_attr_process_id_tracker_handle_remove_pid(
	const struct lttng_process_attr_tracker_handle *tracker_handle,
	pid_t pid);
enum lttng_process_attr_tracker_handle_status
lttng_process_attr_virtual_process_id_tracker_handle_add_pid(
	const struct lttng_process_attr_tracker_handle *tracker_handle,
	pid_t vpid);
enum lttng_process_attr_tracker_handle_status
lttng_process_attr_virtual_process_id_tracker_handle_remove_pid(
	const struct lttng_process_attr_tracker_handle *tracker_handle,
	pid_t vpid);
enum lttng_process_attr_tracker_handle_status
lttng_process_attr_user_id_tracker_handle_add_uid(
	const struct lttng_process_attr_tracker_handle *tracker_handle,
	uid_t uid);
enum lttng_process_attr_tracker_handle_status
lttng_process_attr_user_id_tracker_handle_remove_uid(
	const struct lttng_process_attr_tracker_handle *tracker_handle,
	uid_t uid);
enum lttng_process_attr_tracker_handle_status
lttng_process_attr_user_id_tracker_handle_add_user_name(
	const struct lttng_process_attr_tracker_handle *tracker_handle,
	const char *user_name);
enum lttng_process_attr_tracker_handle_status
lttng_process_attr_user_id_tracker_handle_remove_user_name(
	const struct lttng_process_attr_tracker_handle *tracker_handle,
	const char *user_name);
enum lttng_process_attr_tracker_handle_status
lttng_process_attr_virtual_user_id_tracker_handle_add_uid(
	const struct lttng_process_attr_tracker_handle *tracker_handle,
	uid_t vuid);
enum lttng_process_attr_tracker_handle_status
lttng_process_attr_virtual_user_id_tracker_handle_remove_uid(
	const struct lttng_process_attr_tracker_handle *tracker_handle,
	uid_t vuid);
enum lttng_process_attr_tracker_handle_status
lttng_process_attr_virtual_user_id_tracker_handle_add_user_name(
	const struct lttng_process_attr_tracker_handle *tracker_handle,
	const char *virtual_user_name);
enum lttng_process_attr_tracker_handle_status
lttng_process_attr_virtual_user_id_tracker_handle_remove_user_name(
	const struct lttng_process_attr_tracker_handle *tracker_handle,
	const char *virtual_user_name);
enum lttng_process_attr_tracker_handle_status
lttng_process_attr_group_id_tracker_handle_add_gid(
	const struct lttng_process_attr_tracker_handle *tracker_handle,
	gid_t gid);
enum lttng_process_attr_tracker_handle_status
lttng_process_attr_group_id_tracker_handle_remove_gid(
	const struct lttng_process_attr_tracker_handle *tracker_handle,
	gid_t gid);
enum lttng_process_attr_tracker_handle_status
lttng_process_attr_group_id_tracker_handle_add_group_name(
	const struct lttng_process_attr_tracker_handle *tracker_handle,
	const char *group_name);
enum lttng_process_attr_tracker_handle_status
lttng_process_attr_group_id_tracker_handle_remove_group_name(
	const struct lttng_process_attr_tracker_handle *tracker_handle,
	const char *group_name);
enum lttng_process_attr_tracker_handle_status
lttng_process_attr_virtual_group_id_tracker_handle_add_gid(
	const struct lttng_process_attr_tracker_handle *tracker_handle,
	gid_t vgid);
enum lttng_process_attr_tracker_handle_status
lttng_process_attr_virtual_group_id_tracker_handle_remove_gid(
	const struct lttng_process_attr_tracker_handle *tracker_handle,
	gid_t vgid);
enum lttng_process_attr_tracker_handle_status
lttng_process_attr_virtual_group_id_tracker_handle_add_group_name(
	const struct lttng_process_attr_tracker_handle *tracker_handle,
	const char *virtual_group_name);
enum lttng_process_attr_tracker_handle_status
lttng_process_attr_virtual_group_id_tracker_handle_remove_group_name(
	const struct lttng_process_attr_tracker_handle *tracker_handle,
	const char *virtual_group_name);

/*
 * The tracker's inclusion set (valid until the handle is destroyed or
 * asked again); INVALID_TRACKING_POLICY unless the policy is
 * INCLUDE_SET.
 */
enum lttng_process_attr_tracker_handle_status
lttng_process_attr_tracker_handle_get_inclusion_set(
	struct lttng_process_attr_tracker_handle *tracker_handle,
	const struct lttng_process_attr_values **values);

enum lttng_process_attr_values_status lttng_process_attr_values_get_count(
	const struct lttng_process_attr_values *values, unsigned int *count);
enum lttng_process_attr_value_type lttng_process_attr_values_get_type_at_index(
	const struct lttng_process_attr_values *values, unsigned int index);
enum lttng_process_attr_values_status
lttng_process_attr_values_get_pid_at_index(
	const struct lttng_process_attr_values *values, unsigned int index,
	pid_t *pid);
enum lttng_process_attr_values_status
lttng_process_attr_values_get_uid_at_index(
	const struct lttng_process_attr_values *values, unsigned int index,
	uid_t *uid);
enum lttng_process_attr_values_status
lttng_process_attr_values_get_user_name_at_index(
	const struct lttng_process_attr_values *values, unsigned int index,
	const char **user_name);
enum lttng_process_attr_values_status
lttng_process_attr_values_get_gid_at_index(
	const struct lttng_process_attr_values *values, unsigned int index,
	gid_t *gid);
enum lttng_process_attr_values_status
lttng_process_attr_values_get_group_name_at_index(
	const struct lttng_process_attr_values *values, unsigned int index,
	const char **group_name);

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
