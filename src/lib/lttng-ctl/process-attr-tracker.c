/*
 * Process attribute tracker handles (<lttng/tracker.h>, LTTng 2.13): a
 * handle names one tracker (session, domain, process attribute); each
 * call is one round trip to the session daemon
 * (LSC_CMD_PROCESS_ATTR_TRACKER_CHANGE / _LIST). The inclusion set is
 * fetched into the handle, which owns it.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include <lttng/lttng.h>
#include <lttng/tracker.h>

#include "ctl-internal.h"

#define MAX_VALUE_NAME 256

struct lttng_process_attr_value_entry {
	enum lttng_process_attr_value_type type;
	int64_t integral;
	char *name; /* user or group names */
};

struct lttng_process_attr_values {
	unsigned int count;
	struct lttng_process_attr_value_entry *entries;
};

struct lttng_process_attr_tracker_handle {
	struct lsc_target target;
	enum lttng_process_attr process_attr;
	struct lttng_process_attr_values inclusion_set;
};

static void values_clear(struct lttng_process_attr_values *values)
{
	unsigned int i;

	for (i = 0; i < values->count; i++)
		free(values->entries[i].name);
	free(values->entries);
	values->entries = NULL;
	values->count = 0;
}

/* A session daemon's error code as a handle status. */
static enum lttng_process_attr_tracker_handle_status status_of(int ret)
{
	switch (-ret) {
	case 0:
		return LTTNG_PROCESS_ATTR_TRACKER_HANDLE_STATUS_OK;
	case LTTNG_ERR_PROCESS_ATTR_EXISTS:
		return LTTNG_PROCESS_ATTR_TRACKER_HANDLE_STATUS_EXISTS;
	case LTTNG_ERR_PROCESS_ATTR_MISSING:
		return LTTNG_PROCESS_ATTR_TRACKER_HANDLE_STATUS_MISSING;
	case LTTNG_ERR_PROCESS_ATTR_TRACKER_INVALID_TRACKING_POLICY:
		return LTTNG_PROCESS_ATTR_TRACKER_HANDLE_STATUS_INVALID_TRACKING_POLICY;
	case LTTNG_ERR_USER_NOT_FOUND:
		return LTTNG_PROCESS_ATTR_TRACKER_HANDLE_STATUS_USER_NOT_FOUND;
	case LTTNG_ERR_GROUP_NOT_FOUND:
		return LTTNG_PROCESS_ATTR_TRACKER_HANDLE_STATUS_GROUP_NOT_FOUND;
	case LTTNG_ERR_SESS_NOT_FOUND:
		return LTTNG_PROCESS_ATTR_TRACKER_HANDLE_STATUS_SESSION_DOES_NOT_EXIST;
	case LTTNG_ERR_NO_SESSIOND:
	case LTTNG_ERR_INVALID_PROTOCOL:
		return LTTNG_PROCESS_ATTR_TRACKER_HANDLE_STATUS_COMMUNICATION_ERROR;
	case LTTNG_ERR_INVALID:
		return LTTNG_PROCESS_ATTR_TRACKER_HANDLE_STATUS_INVALID;
	default:
		return LTTNG_PROCESS_ATTR_TRACKER_HANDLE_STATUS_ERROR;
	}
}

/* Sends one change of the handle's tracker. */
static enum lttng_process_attr_tracker_handle_status
send_change(const struct lttng_process_attr_tracker_handle *handle,
	    enum lsc_tracker_operation operation,
	    enum lttng_tracking_policy policy,
	    enum lttng_process_attr_value_type type, int64_t integral,
	    const char *name)
{
	struct wire_buf buf;
	int ret;

	if (!handle)
		return LTTNG_PROCESS_ATTR_TRACKER_HANDLE_STATUS_INVALID;
	wire_buf_init(&buf);
	lsc_put_target(&buf, &handle->target);
	wire_put_u32(&buf, (uint32_t)handle->process_attr);
	wire_put_u32(&buf, (uint32_t)operation);
	wire_put_u32(&buf, (uint32_t)policy);
	wire_put_i32(&buf, (int32_t)type);
	wire_put_i64(&buf, integral);
	wire_put_str(&buf, name);
	ret = ctl_call(LSC_CMD_PROCESS_ATTR_TRACKER_CHANGE, &buf, NULL);
	wire_buf_fini(&buf);
	return status_of(ret);
}

static enum lttng_process_attr_tracker_handle_status
change_value(const struct lttng_process_attr_tracker_handle *handle,
	     enum lttng_process_attr expected, bool add,
	     enum lttng_process_attr_value_type type, int64_t integral,
	     const char *name)
{
	if (!handle || handle->process_attr != expected ||
	    (name && (!*name || strlen(name) >= MAX_VALUE_NAME)))
		return LTTNG_PROCESS_ATTR_TRACKER_HANDLE_STATUS_INVALID;
	if (type != LTTNG_PROCESS_ATTR_VALUE_TYPE_USER_NAME &&
	    type != LTTNG_PROCESS_ATTR_VALUE_TYPE_GROUP_NAME && integral < 0)
		return LTTNG_PROCESS_ATTR_TRACKER_HANDLE_STATUS_INVALID;
	return send_change(handle, add ? LSC_TRACKER_ADD : LSC_TRACKER_REMOVE,
			   LTTNG_TRACKING_POLICY_INCLUDE_SET, type, integral,
			   name);
}

LTTNG_API enum lttng_error_code lttng_session_get_tracker_handle(
	const char *session_name, enum lttng_domain_type domain,
	enum lttng_process_attr process_attr,
	struct lttng_process_attr_tracker_handle **out_tracker_handle)
{
	struct lttng_process_attr_tracker_handle *handle;
	enum lttng_process_attr_tracker_handle_status status;
	enum lttng_tracking_policy policy;

	if (!session_name || !out_tracker_handle)
		return LTTNG_ERR_INVALID;
	if (domain != LTTNG_DOMAIN_KERNEL && domain != LTTNG_DOMAIN_UST)
		return LTTNG_ERR_UNSUPPORTED_DOMAIN;
	if (process_attr > LTTNG_PROCESS_ATTR_VIRTUAL_GROUP_ID)
		return LTTNG_ERR_UNK;
	handle = calloc(1, sizeof(*handle));
	if (!handle)
		return LTTNG_ERR_NOMEM;
	if (ctl_copy_name(handle->target.session,
			  sizeof(handle->target.session), session_name)) {
		free(handle);
		return LTTNG_ERR_INVALID;
	}
	handle->target.domain = domain;
	handle->target.buffer_type = domain == LTTNG_DOMAIN_KERNEL
					     ? LTTNG_BUFFER_GLOBAL
					     : LTTNG_BUFFER_PER_UID;
	handle->process_attr = process_attr;
	/* Checks that the session and the tracker exist. */
	status = lttng_process_attr_tracker_handle_get_tracking_policy(handle,
								       &policy);
	if (status != LTTNG_PROCESS_ATTR_TRACKER_HANDLE_STATUS_OK) {
		free(handle);
		return status == LTTNG_PROCESS_ATTR_TRACKER_HANDLE_STATUS_SESSION_DOES_NOT_EXIST
			       ? LTTNG_ERR_SESSION_NOT_EXIST
			       : LTTNG_ERR_UNK;
	}
	*out_tracker_handle = handle;
	return LTTNG_OK;
}

LTTNG_API void lttng_process_attr_tracker_handle_destroy(
	struct lttng_process_attr_tracker_handle *tracker_handle)
{
	if (!tracker_handle)
		return;
	values_clear(&tracker_handle->inclusion_set);
	free(tracker_handle);
}

static int decode_value(struct wire_cursor *cur,
			struct lttng_process_attr_value_entry *entry)
{
	int32_t type;

	if (wire_get_i32(cur, &type) || wire_get_i64(cur, &entry->integral) ||
	    wire_get_str_dup(cur, MAX_VALUE_NAME, &entry->name))
		return -1;
	entry->type = (enum lttng_process_attr_value_type)type;
	return 0;
}

/* Fetches the tracker's policy and inclusion set into the handle. */
static enum lttng_process_attr_tracker_handle_status
fetch(struct lttng_process_attr_tracker_handle *handle,
      enum lttng_tracking_policy *policy)
{
	struct lsc_message reply;
	struct wire_cursor cur;
	struct wire_buf buf;
	uint32_t raw_policy, count, i;
	int ret;

	wire_buf_init(&buf);
	lsc_put_target(&buf, &handle->target);
	wire_put_u32(&buf, (uint32_t)handle->process_attr);
	ret = ctl_call(LSC_CMD_PROCESS_ATTR_TRACKER_LIST, &buf, &reply);
	wire_buf_fini(&buf);
	if (ret)
		return status_of(ret);
	values_clear(&handle->inclusion_set);
	wire_cursor_init(&cur, reply.payload, reply.payload_len);
	ret = wire_get_u32(&cur, &raw_policy) ||
	      lsc_get_count(&cur, LSC_MAX_PAYLOAD / 16, &count);
	if (!ret && count) {
		handle->inclusion_set.entries =
			calloc(count, sizeof(*handle->inclusion_set.entries));
		ret = !handle->inclusion_set.entries;
	}
	for (i = 0; !ret && i < count; i++) {
		ret = decode_value(&cur, &handle->inclusion_set.entries[i]);
		handle->inclusion_set.count = i + 1;
	}
	if (!ret)
		ret = wire_cursor_finish(&cur);
	lsc_message_fini(&reply);
	if (ret) {
		values_clear(&handle->inclusion_set);
		return LTTNG_PROCESS_ATTR_TRACKER_HANDLE_STATUS_COMMUNICATION_ERROR;
	}
	*policy = (enum lttng_tracking_policy)raw_policy;
	return LTTNG_PROCESS_ATTR_TRACKER_HANDLE_STATUS_OK;
}

LTTNG_API enum lttng_process_attr_tracker_handle_status
lttng_process_attr_tracker_handle_get_tracking_policy(
	const struct lttng_process_attr_tracker_handle *tracker_handle,
	enum lttng_tracking_policy *policy)
{
	struct lttng_process_attr_tracker_handle copy;
	enum lttng_process_attr_tracker_handle_status status;

	if (!tracker_handle || !policy)
		return LTTNG_PROCESS_ATTR_TRACKER_HANDLE_STATUS_INVALID;
	/* The handle is const here: fetch into a scratch copy. */
	copy = *tracker_handle;
	memset(&copy.inclusion_set, 0, sizeof(copy.inclusion_set));
	status = fetch(&copy, policy);
	values_clear(&copy.inclusion_set);
	return status;
}

LTTNG_API enum lttng_process_attr_tracker_handle_status
lttng_process_attr_tracker_handle_set_tracking_policy(
	const struct lttng_process_attr_tracker_handle *tracker_handle,
	enum lttng_tracking_policy policy)
{
	if (policy > LTTNG_TRACKING_POLICY_INCLUDE_SET)
		return LTTNG_PROCESS_ATTR_TRACKER_HANDLE_STATUS_INVALID;
	return send_change(tracker_handle, LSC_TRACKER_SET_POLICY, policy,
			   LTTNG_PROCESS_ATTR_VALUE_TYPE_INVALID, 0, NULL);
}

LTTNG_API enum lttng_process_attr_tracker_handle_status
lttng_process_attr_tracker_handle_get_inclusion_set(
	struct lttng_process_attr_tracker_handle *tracker_handle,
	const struct lttng_process_attr_values **values)
{
	enum lttng_process_attr_tracker_handle_status status;
	enum lttng_tracking_policy policy;

	if (!tracker_handle || !values)
		return LTTNG_PROCESS_ATTR_TRACKER_HANDLE_STATUS_INVALID;
	status = fetch(tracker_handle, &policy);
	if (status != LTTNG_PROCESS_ATTR_TRACKER_HANDLE_STATUS_OK)
		return status;
	if (policy != LTTNG_TRACKING_POLICY_INCLUDE_SET)
		return LTTNG_PROCESS_ATTR_TRACKER_HANDLE_STATUS_INVALID_TRACKING_POLICY;
	*values = &tracker_handle->inclusion_set;
	return status;
}

LTTNG_API enum lttng_process_attr_tracker_handle_status
lttng_process_attr_process_id_tracker_handle_add_pid(
	const struct lttng_process_attr_tracker_handle *h, pid_t pid)
{
	return change_value(h, LTTNG_PROCESS_ATTR_PROCESS_ID, true,
			    LTTNG_PROCESS_ATTR_VALUE_TYPE_PID, pid, NULL);
}

LTTNG_API enum lttng_process_attr_tracker_handle_status
lttng_process_attr_process_id_tracker_handle_remove_pid(
	const struct lttng_process_attr_tracker_handle *h, pid_t pid)
{
	return change_value(h, LTTNG_PROCESS_ATTR_PROCESS_ID, false,
			    LTTNG_PROCESS_ATTR_VALUE_TYPE_PID, pid, NULL);
}

LTTNG_API enum lttng_process_attr_tracker_handle_status
lttng_process_attr_virtual_process_id_tracker_handle_add_pid(
	const struct lttng_process_attr_tracker_handle *h, pid_t pid)
{
	return change_value(h, LTTNG_PROCESS_ATTR_VIRTUAL_PROCESS_ID, true,
			    LTTNG_PROCESS_ATTR_VALUE_TYPE_PID, pid, NULL);
}

LTTNG_API enum lttng_process_attr_tracker_handle_status
lttng_process_attr_virtual_process_id_tracker_handle_remove_pid(
	const struct lttng_process_attr_tracker_handle *h, pid_t pid)
{
	return change_value(h, LTTNG_PROCESS_ATTR_VIRTUAL_PROCESS_ID, false,
			    LTTNG_PROCESS_ATTR_VALUE_TYPE_PID, pid, NULL);
}

LTTNG_API enum lttng_process_attr_tracker_handle_status
lttng_process_attr_user_id_tracker_handle_add_uid(
	const struct lttng_process_attr_tracker_handle *h, uid_t uid)
{
	return change_value(h, LTTNG_PROCESS_ATTR_USER_ID, true,
			    LTTNG_PROCESS_ATTR_VALUE_TYPE_UID, uid, NULL);
}

LTTNG_API enum lttng_process_attr_tracker_handle_status
lttng_process_attr_user_id_tracker_handle_remove_uid(
	const struct lttng_process_attr_tracker_handle *h, uid_t uid)
{
	return change_value(h, LTTNG_PROCESS_ATTR_USER_ID, false,
			    LTTNG_PROCESS_ATTR_VALUE_TYPE_UID, uid, NULL);
}

LTTNG_API enum lttng_process_attr_tracker_handle_status
lttng_process_attr_user_id_tracker_handle_add_user_name(
	const struct lttng_process_attr_tracker_handle *h, const char *name)
{
	return change_value(h, LTTNG_PROCESS_ATTR_USER_ID, true,
			    LTTNG_PROCESS_ATTR_VALUE_TYPE_USER_NAME, 0,
			    name ? name : "");
}

LTTNG_API enum lttng_process_attr_tracker_handle_status
lttng_process_attr_user_id_tracker_handle_remove_user_name(
	const struct lttng_process_attr_tracker_handle *h, const char *name)
{
	return change_value(h, LTTNG_PROCESS_ATTR_USER_ID, false,
			    LTTNG_PROCESS_ATTR_VALUE_TYPE_USER_NAME, 0,
			    name ? name : "");
}

LTTNG_API enum lttng_process_attr_tracker_handle_status
lttng_process_attr_virtual_user_id_tracker_handle_add_uid(
	const struct lttng_process_attr_tracker_handle *h, uid_t uid)
{
	return change_value(h, LTTNG_PROCESS_ATTR_VIRTUAL_USER_ID, true,
			    LTTNG_PROCESS_ATTR_VALUE_TYPE_UID, uid, NULL);
}

LTTNG_API enum lttng_process_attr_tracker_handle_status
lttng_process_attr_virtual_user_id_tracker_handle_remove_uid(
	const struct lttng_process_attr_tracker_handle *h, uid_t uid)
{
	return change_value(h, LTTNG_PROCESS_ATTR_VIRTUAL_USER_ID, false,
			    LTTNG_PROCESS_ATTR_VALUE_TYPE_UID, uid, NULL);
}

LTTNG_API enum lttng_process_attr_tracker_handle_status
lttng_process_attr_virtual_user_id_tracker_handle_add_user_name(
	const struct lttng_process_attr_tracker_handle *h, const char *name)
{
	return change_value(h, LTTNG_PROCESS_ATTR_VIRTUAL_USER_ID, true,
			    LTTNG_PROCESS_ATTR_VALUE_TYPE_USER_NAME, 0,
			    name ? name : "");
}

LTTNG_API enum lttng_process_attr_tracker_handle_status
lttng_process_attr_virtual_user_id_tracker_handle_remove_user_name(
	const struct lttng_process_attr_tracker_handle *h, const char *name)
{
	return change_value(h, LTTNG_PROCESS_ATTR_VIRTUAL_USER_ID, false,
			    LTTNG_PROCESS_ATTR_VALUE_TYPE_USER_NAME, 0,
			    name ? name : "");
}

LTTNG_API enum lttng_process_attr_tracker_handle_status
lttng_process_attr_group_id_tracker_handle_add_gid(
	const struct lttng_process_attr_tracker_handle *h, gid_t gid)
{
	return change_value(h, LTTNG_PROCESS_ATTR_GROUP_ID, true,
			    LTTNG_PROCESS_ATTR_VALUE_TYPE_GID, gid, NULL);
}

LTTNG_API enum lttng_process_attr_tracker_handle_status
lttng_process_attr_group_id_tracker_handle_remove_gid(
	const struct lttng_process_attr_tracker_handle *h, gid_t gid)
{
	return change_value(h, LTTNG_PROCESS_ATTR_GROUP_ID, false,
			    LTTNG_PROCESS_ATTR_VALUE_TYPE_GID, gid, NULL);
}

LTTNG_API enum lttng_process_attr_tracker_handle_status
lttng_process_attr_group_id_tracker_handle_add_group_name(
	const struct lttng_process_attr_tracker_handle *h, const char *name)
{
	return change_value(h, LTTNG_PROCESS_ATTR_GROUP_ID, true,
			    LTTNG_PROCESS_ATTR_VALUE_TYPE_GROUP_NAME, 0,
			    name ? name : "");
}

LTTNG_API enum lttng_process_attr_tracker_handle_status
lttng_process_attr_group_id_tracker_handle_remove_group_name(
	const struct lttng_process_attr_tracker_handle *h, const char *name)
{
	return change_value(h, LTTNG_PROCESS_ATTR_GROUP_ID, false,
			    LTTNG_PROCESS_ATTR_VALUE_TYPE_GROUP_NAME, 0,
			    name ? name : "");
}

LTTNG_API enum lttng_process_attr_tracker_handle_status
lttng_process_attr_virtual_group_id_tracker_handle_add_gid(
	const struct lttng_process_attr_tracker_handle *h, gid_t gid)
{
	return change_value(h, LTTNG_PROCESS_ATTR_VIRTUAL_GROUP_ID, true,
			    LTTNG_PROCESS_ATTR_VALUE_TYPE_GID, gid, NULL);
}

LTTNG_API enum lttng_process_attr_tracker_handle_status
lttng_process_attr_virtual_group_id_tracker_handle_remove_gid(
	const struct lttng_process_attr_tracker_handle *h, gid_t gid)
{
	return change_value(h, LTTNG_PROCESS_ATTR_VIRTUAL_GROUP_ID, false,
			    LTTNG_PROCESS_ATTR_VALUE_TYPE_GID, gid, NULL);
}

LTTNG_API enum lttng_process_attr_tracker_handle_status
lttng_process_attr_virtual_group_id_tracker_handle_add_group_name(
	const struct lttng_process_attr_tracker_handle *h, const char *name)
{
	return change_value(h, LTTNG_PROCESS_ATTR_VIRTUAL_GROUP_ID, true,
			    LTTNG_PROCESS_ATTR_VALUE_TYPE_GROUP_NAME, 0,
			    name ? name : "");
}

LTTNG_API enum lttng_process_attr_tracker_handle_status
lttng_process_attr_virtual_group_id_tracker_handle_remove_group_name(
	const struct lttng_process_attr_tracker_handle *h, const char *name)
{
	return change_value(h, LTTNG_PROCESS_ATTR_VIRTUAL_GROUP_ID, false,
			    LTTNG_PROCESS_ATTR_VALUE_TYPE_GROUP_NAME, 0,
			    name ? name : "");
}

LTTNG_API enum lttng_process_attr_values_status
lttng_process_attr_values_get_count(
	const struct lttng_process_attr_values *values, unsigned int *count)
{
	if (!values || !count)
		return LTTNG_PROCESS_ATTR_VALUES_STATUS_INVALID;
	*count = values->count;
	return LTTNG_PROCESS_ATTR_VALUES_STATUS_OK;
}

LTTNG_API enum lttng_process_attr_value_type
lttng_process_attr_values_get_type_at_index(
	const struct lttng_process_attr_values *values, unsigned int index)
{
	if (!values || index >= values->count)
		return LTTNG_PROCESS_ATTR_VALUE_TYPE_INVALID;
	return values->entries[index].type;
}

/* The entry at index when it has type type, else NULL. */
static const struct lttng_process_attr_value_entry *
entry_at(const struct lttng_process_attr_values *values, unsigned int index,
	 enum lttng_process_attr_value_type type)
{
	if (!values || index >= values->count ||
	    values->entries[index].type != type)
		return NULL;
	return &values->entries[index];
}

static enum lttng_process_attr_values_status
integral_at(const struct lttng_process_attr_values *values, unsigned int index,
	    enum lttng_process_attr_value_type type, int64_t *out)
{
	const struct lttng_process_attr_value_entry *e =
		entry_at(values, index, type);

	if (!values || index >= values->count)
		return LTTNG_PROCESS_ATTR_VALUES_STATUS_INVALID;
	if (!e)
		return LTTNG_PROCESS_ATTR_VALUES_STATUS_INVALID_TYPE;
	*out = e->integral;
	return LTTNG_PROCESS_ATTR_VALUES_STATUS_OK;
}

static enum lttng_process_attr_values_status
name_at(const struct lttng_process_attr_values *values, unsigned int index,
	enum lttng_process_attr_value_type type, const char **out)
{
	const struct lttng_process_attr_value_entry *e =
		entry_at(values, index, type);

	if (!values || index >= values->count || !out)
		return LTTNG_PROCESS_ATTR_VALUES_STATUS_INVALID;
	if (!e)
		return LTTNG_PROCESS_ATTR_VALUES_STATUS_INVALID_TYPE;
	*out = e->name ? e->name : "";
	return LTTNG_PROCESS_ATTR_VALUES_STATUS_OK;
}

LTTNG_API enum lttng_process_attr_values_status
lttng_process_attr_values_get_pid_at_index(
	const struct lttng_process_attr_values *values, unsigned int index,
	pid_t *pid)
{
	int64_t v = 0;
	enum lttng_process_attr_values_status status =
		pid ? integral_at(values, index,
				  LTTNG_PROCESS_ATTR_VALUE_TYPE_PID, &v)
		    : LTTNG_PROCESS_ATTR_VALUES_STATUS_INVALID;

	if (status == LTTNG_PROCESS_ATTR_VALUES_STATUS_OK)
		*pid = (pid_t)v;
	return status;
}

LTTNG_API enum lttng_process_attr_values_status
lttng_process_attr_values_get_uid_at_index(
	const struct lttng_process_attr_values *values, unsigned int index,
	uid_t *uid)
{
	int64_t v = 0;
	enum lttng_process_attr_values_status status =
		uid ? integral_at(values, index,
				  LTTNG_PROCESS_ATTR_VALUE_TYPE_UID, &v)
		    : LTTNG_PROCESS_ATTR_VALUES_STATUS_INVALID;

	if (status == LTTNG_PROCESS_ATTR_VALUES_STATUS_OK)
		*uid = (uid_t)v;
	return status;
}

LTTNG_API enum lttng_process_attr_values_status
lttng_process_attr_values_get_gid_at_index(
	const struct lttng_process_attr_values *values, unsigned int index,
	gid_t *gid)
{
	int64_t v = 0;
	enum lttng_process_attr_values_status status =
		gid ? integral_at(values, index,
				  LTTNG_PROCESS_ATTR_VALUE_TYPE_GID, &v)
		    : LTTNG_PROCESS_ATTR_VALUES_STATUS_INVALID;

	if (status == LTTNG_PROCESS_ATTR_VALUES_STATUS_OK)
		*gid = (gid_t)v;
	return status;
}

LTTNG_API enum lttng_process_attr_values_status
lttng_process_attr_values_get_user_name_at_index(
	const struct lttng_process_attr_values *values, unsigned int index,
	const char **user_name)
{
	return name_at(values, index, LTTNG_PROCESS_ATTR_VALUE_TYPE_USER_NAME,
		       user_name);
}

LTTNG_API enum lttng_process_attr_values_status
lttng_process_attr_values_get_group_name_at_index(
	const struct lttng_process_attr_values *values, unsigned int index,
	const char **group_name)
{
	return name_at(values, index, LTTNG_PROCESS_ATTR_VALUE_TYPE_GROUP_NAME,
		       group_name);
}
