/*
 * The process attribute tracker API of <lttng/tracker.h>: a handle names
 * one tracker (session, domain, process attribute); its calls send the
 * process-attr-tracker commands to the session daemon. The inclusion
 * set is fetched into the handle, which owns it.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include <lttng/lttng.h>

#include "ctl-internal.h"
#include "sessiond-comm/codec.h"
#include "sessiond-comm/message.h"

#define VALUE_NAME_MAX 256

struct lttng_process_attr_value {
	enum lttng_process_attr_value_type type;
	int64_t id;
	char *name; /* user and group names */
};

struct lttng_process_attr_values {
	unsigned int count;
	struct lttng_process_attr_value *values;
};

struct lttng_process_attr_tracker_handle {
	struct lsc_target target;
	enum lttng_process_attr attr;
	struct lttng_process_attr_values *inclusion_set;
};

typedef enum lttng_process_attr_tracker_handle_status handle_status;

static void values_destroy(struct lttng_process_attr_values *values)
{
	if (!values)
		return;
	for (unsigned int i = 0; i < values->count; i++)
		free(values->values[i].name);
	free(values->values);
	free(values);
}

/* The handle status of a daemon's reply code. */
static handle_status status_of(int ret)
{
	switch (ret) {
	case 0:
		return LTTNG_PROCESS_ATTR_TRACKER_HANDLE_STATUS_OK;
	case -LTTNG_ERR_PROCESS_ATTR_EXISTS:
		return LTTNG_PROCESS_ATTR_TRACKER_HANDLE_STATUS_EXISTS;
	case -LTTNG_ERR_PROCESS_ATTR_MISSING:
		return LTTNG_PROCESS_ATTR_TRACKER_HANDLE_STATUS_MISSING;
	case -LTTNG_ERR_SESS_NOT_FOUND:
		return LTTNG_PROCESS_ATTR_TRACKER_HANDLE_STATUS_SESSION_DOES_NOT_EXIST;
	case -LTTNG_ERR_PROCESS_ATTR_TRACKER_INVALID_TRACKING_POLICY:
		return LTTNG_PROCESS_ATTR_TRACKER_HANDLE_STATUS_INVALID_TRACKING_POLICY;
	case -LTTNG_ERR_USER_NOT_FOUND:
		return LTTNG_PROCESS_ATTR_TRACKER_HANDLE_STATUS_USER_NOT_FOUND;
	case -LTTNG_ERR_GROUP_NOT_FOUND:
		return LTTNG_PROCESS_ATTR_TRACKER_HANDLE_STATUS_GROUP_NOT_FOUND;
	case -LTTNG_ERR_NO_SESSIOND:
		return LTTNG_PROCESS_ATTR_TRACKER_HANDLE_STATUS_COMMUNICATION_ERROR;
	case -LTTNG_ERR_INVALID:
		return LTTNG_PROCESS_ATTR_TRACKER_HANDLE_STATUS_INVALID;
	default:
		return LTTNG_PROCESS_ATTR_TRACKER_HANDLE_STATUS_ERROR;
	}
}

static void put_request_head(struct lsc_buf *buf,
			     const struct lttng_process_attr_tracker_handle *h)
{
	lsc_buf_init(buf);
	lsc_put_target(buf, &h->target);
	lsc_put_u32(buf, (uint32_t)h->attr);
}

/* Fetch the policy and the inclusion set. Returns 0 or -LTTNG_ERR_*. */
static int fetch(const struct lttng_process_attr_tracker_handle *h,
		 uint32_t *policy, struct lttng_process_attr_values **out)
{
	struct lttng_process_attr_values *values;
	struct lsc_message reply;
	struct lsc_cursor cur;
	struct lsc_buf buf;
	uint32_t count;
	int ret;

	put_request_head(&buf, h);
	ret = ctl_call(LSC_CMD_PROCESS_ATTR_TRACKER_GET, &buf, &reply);
	lsc_buf_fini(&buf);
	if (ret)
		return ret;
	lsc_cursor_init(&cur, reply.payload, reply.payload_len);
	values = calloc(1, sizeof(*values));
	ret = -LTTNG_ERR_INVALID_PROTOCOL;
	if (!values || lsc_get_u32(&cur, policy) ||
	    lsc_get_count(&cur, LSC_MAX_PAYLOAD / 12, &count))
		goto end;
	values->values = calloc(count ? count : 1, sizeof(*values->values));
	if (!values->values)
		goto end;
	for (values->count = 0; values->count < count; values->count++) {
		struct lttng_process_attr_value *v =
			&values->values[values->count];
		int32_t type;

		if (lsc_get_i32(&cur, &type) || lsc_get_i64(&cur, &v->id) ||
		    lsc_get_str_dup(&cur, VALUE_NAME_MAX, &v->name))
			goto end;
		v->type = (enum lttng_process_attr_value_type)type;
	}
	if (lsc_cursor_finish(&cur))
		goto end;
	*out = values;
	values = NULL;
	ret = 0;
end:
	values_destroy(values);
	lsc_message_fini(&reply);
	return ret;
}

LTTNG_API enum lttng_error_code lttng_session_get_tracker_handle(
	const char *session_name, enum lttng_domain_type domain,
	enum lttng_process_attr process_attr,
	struct lttng_process_attr_tracker_handle **out_tracker_handle)
{
	struct lttng_process_attr_tracker_handle *h;
	struct lttng_process_attr_values *values = NULL;
	uint32_t policy;
	int ret;

	if (!session_name || !out_tracker_handle ||
	    process_attr > LTTNG_PROCESS_ATTR_VIRTUAL_GROUP_ID)
		return LTTNG_ERR_INVALID;
	h = calloc(1, sizeof(*h));
	if (!h)
		return LTTNG_ERR_NOMEM;
	h->attr = process_attr;
	h->target.domain = domain;
	ret = ctl_copy_name(h->target.session, sizeof(h->target.session),
			    session_name);
	/* The tracker must exist: ask the daemon once. */
	if (!ret)
		ret = fetch(h, &policy, &values);
	values_destroy(values);
	if (ret) {
		free(h);
		return (enum lttng_error_code) - ret;
	}
	*out_tracker_handle = h;
	return LTTNG_OK;
}

LTTNG_API void lttng_process_attr_tracker_handle_destroy(
	struct lttng_process_attr_tracker_handle *tracker_handle)
{
	if (!tracker_handle)
		return;
	values_destroy(tracker_handle->inclusion_set);
	free(tracker_handle);
}

LTTNG_API handle_status lttng_process_attr_tracker_handle_get_tracking_policy(
	const struct lttng_process_attr_tracker_handle *tracker_handle,
	enum lttng_tracking_policy *policy)
{
	struct lttng_process_attr_values *values = NULL;
	uint32_t value;
	int ret;

	if (!tracker_handle || !policy)
		return LTTNG_PROCESS_ATTR_TRACKER_HANDLE_STATUS_INVALID;
	ret = fetch(tracker_handle, &value, &values);
	values_destroy(values);
	if (ret)
		return status_of(ret);
	*policy = (enum lttng_tracking_policy)value;
	return LTTNG_PROCESS_ATTR_TRACKER_HANDLE_STATUS_OK;
}

LTTNG_API handle_status lttng_process_attr_tracker_handle_set_tracking_policy(
	const struct lttng_process_attr_tracker_handle *tracker_handle,
	enum lttng_tracking_policy policy)
{
	struct lsc_buf buf;
	int ret;

	if (!tracker_handle)
		return LTTNG_PROCESS_ATTR_TRACKER_HANDLE_STATUS_INVALID;
	put_request_head(&buf, tracker_handle);
	lsc_put_u32(&buf, (uint32_t)policy);
	ret = ctl_call(LSC_CMD_PROCESS_ATTR_TRACKER_SET_POLICY, &buf, NULL);
	lsc_buf_fini(&buf);
	return status_of(ret);
}

/* Add or remove one value of a tracker of the expected attribute. */
static handle_status
change_value(const struct lttng_process_attr_tracker_handle *h,
	     enum lttng_process_attr expected_attr, bool add,
	     enum lttng_process_attr_value_type type, int64_t id,
	     const char *name)
{
	struct lsc_buf buf;
	int ret;

	if (!h || h->attr != expected_attr ||
	    (name && (!*name || strlen(name) >= VALUE_NAME_MAX)))
		return LTTNG_PROCESS_ATTR_TRACKER_HANDLE_STATUS_INVALID;
	put_request_head(&buf, h);
	lsc_put_i32(&buf, type);
	lsc_put_i64(&buf, id);
	lsc_put_str(&buf, name ? name : "");
	ret = ctl_call(add ? LSC_CMD_PROCESS_ATTR_TRACKER_ADD
			   : LSC_CMD_PROCESS_ATTR_TRACKER_REMOVE,
		       &buf, NULL);
	lsc_buf_fini(&buf);
	return status_of(ret);
}

LTTNG_API handle_status lttng_process_attr_process_id_tracker_handle_add_pid(
	const struct lttng_process_attr_tracker_handle *tracker, pid_t pid)
{
	return change_value(tracker, LTTNG_PROCESS_ATTR_PROCESS_ID, true,
			    LTTNG_PROCESS_ATTR_VALUE_TYPE_PID, pid, NULL);
}

LTTNG_API handle_status lttng_process_attr_process_id_tracker_handle_remove_pid(
	const struct lttng_process_attr_tracker_handle *tracker, pid_t pid)
{
	return change_value(tracker, LTTNG_PROCESS_ATTR_PROCESS_ID, false,
			    LTTNG_PROCESS_ATTR_VALUE_TYPE_PID, pid, NULL);
}

LTTNG_API handle_status
lttng_process_attr_virtual_process_id_tracker_handle_add_pid(
	const struct lttng_process_attr_tracker_handle *tracker, pid_t vpid)
{
	return change_value(tracker, LTTNG_PROCESS_ATTR_VIRTUAL_PROCESS_ID,
			    true, LTTNG_PROCESS_ATTR_VALUE_TYPE_PID, vpid,
			    NULL);
}

LTTNG_API handle_status
lttng_process_attr_virtual_process_id_tracker_handle_remove_pid(
	const struct lttng_process_attr_tracker_handle *tracker, pid_t vpid)
{
	return change_value(tracker, LTTNG_PROCESS_ATTR_VIRTUAL_PROCESS_ID,
			    false, LTTNG_PROCESS_ATTR_VALUE_TYPE_PID, vpid,
			    NULL);
}

LTTNG_API handle_status lttng_process_attr_user_id_tracker_handle_add_uid(
	const struct lttng_process_attr_tracker_handle *tracker, uid_t uid)
{
	return change_value(tracker, LTTNG_PROCESS_ATTR_USER_ID, true,
			    LTTNG_PROCESS_ATTR_VALUE_TYPE_UID, uid, NULL);
}

LTTNG_API handle_status lttng_process_attr_user_id_tracker_handle_remove_uid(
	const struct lttng_process_attr_tracker_handle *tracker, uid_t uid)
{
	return change_value(tracker, LTTNG_PROCESS_ATTR_USER_ID, false,
			    LTTNG_PROCESS_ATTR_VALUE_TYPE_UID, uid, NULL);
}

LTTNG_API handle_status lttng_process_attr_user_id_tracker_handle_add_user_name(
	const struct lttng_process_attr_tracker_handle *tracker,
	const char *user_name)
{
	return change_value(tracker, LTTNG_PROCESS_ATTR_USER_ID, true,
			    LTTNG_PROCESS_ATTR_VALUE_TYPE_USER_NAME, 0,
			    user_name ? user_name : "");
}

LTTNG_API handle_status
lttng_process_attr_user_id_tracker_handle_remove_user_name(
	const struct lttng_process_attr_tracker_handle *tracker,
	const char *user_name)
{
	return change_value(tracker, LTTNG_PROCESS_ATTR_USER_ID, false,
			    LTTNG_PROCESS_ATTR_VALUE_TYPE_USER_NAME, 0,
			    user_name ? user_name : "");
}

LTTNG_API handle_status
lttng_process_attr_virtual_user_id_tracker_handle_add_uid(
	const struct lttng_process_attr_tracker_handle *tracker, uid_t vuid)
{
	return change_value(tracker, LTTNG_PROCESS_ATTR_VIRTUAL_USER_ID, true,
			    LTTNG_PROCESS_ATTR_VALUE_TYPE_UID, vuid, NULL);
}

LTTNG_API handle_status
lttng_process_attr_virtual_user_id_tracker_handle_remove_uid(
	const struct lttng_process_attr_tracker_handle *tracker, uid_t vuid)
{
	return change_value(tracker, LTTNG_PROCESS_ATTR_VIRTUAL_USER_ID, false,
			    LTTNG_PROCESS_ATTR_VALUE_TYPE_UID, vuid, NULL);
}

LTTNG_API handle_status
lttng_process_attr_virtual_user_id_tracker_handle_add_user_name(
	const struct lttng_process_attr_tracker_handle *tracker,
	const char *virtual_user_name)
{
	return change_value(tracker, LTTNG_PROCESS_ATTR_VIRTUAL_USER_ID, true,
			    LTTNG_PROCESS_ATTR_VALUE_TYPE_USER_NAME, 0,
			    virtual_user_name ? virtual_user_name : "");
}

LTTNG_API handle_status
lttng_process_attr_virtual_user_id_tracker_handle_remove_user_name(
	const struct lttng_process_attr_tracker_handle *tracker,
	const char *virtual_user_name)
{
	return change_value(tracker, LTTNG_PROCESS_ATTR_VIRTUAL_USER_ID, false,
			    LTTNG_PROCESS_ATTR_VALUE_TYPE_USER_NAME, 0,
			    virtual_user_name ? virtual_user_name : "");
}

LTTNG_API handle_status lttng_process_attr_group_id_tracker_handle_add_gid(
	const struct lttng_process_attr_tracker_handle *tracker, gid_t gid)
{
	return change_value(tracker, LTTNG_PROCESS_ATTR_GROUP_ID, true,
			    LTTNG_PROCESS_ATTR_VALUE_TYPE_GID, gid, NULL);
}

LTTNG_API handle_status lttng_process_attr_group_id_tracker_handle_remove_gid(
	const struct lttng_process_attr_tracker_handle *tracker, gid_t gid)
{
	return change_value(tracker, LTTNG_PROCESS_ATTR_GROUP_ID, false,
			    LTTNG_PROCESS_ATTR_VALUE_TYPE_GID, gid, NULL);
}

LTTNG_API handle_status
lttng_process_attr_group_id_tracker_handle_add_group_name(
	const struct lttng_process_attr_tracker_handle *tracker,
	const char *group_name)
{
	return change_value(tracker, LTTNG_PROCESS_ATTR_GROUP_ID, true,
			    LTTNG_PROCESS_ATTR_VALUE_TYPE_GROUP_NAME, 0,
			    group_name ? group_name : "");
}

LTTNG_API handle_status
lttng_process_attr_group_id_tracker_handle_remove_group_name(
	const struct lttng_process_attr_tracker_handle *tracker,
	const char *group_name)
{
	return change_value(tracker, LTTNG_PROCESS_ATTR_GROUP_ID, false,
			    LTTNG_PROCESS_ATTR_VALUE_TYPE_GROUP_NAME, 0,
			    group_name ? group_name : "");
}

LTTNG_API handle_status
lttng_process_attr_virtual_group_id_tracker_handle_add_gid(
	const struct lttng_process_attr_tracker_handle *tracker, gid_t vgid)
{
	return change_value(tracker, LTTNG_PROCESS_ATTR_VIRTUAL_GROUP_ID, true,
			    LTTNG_PROCESS_ATTR_VALUE_TYPE_GID, vgid, NULL);
}

LTTNG_API handle_status
lttng_process_attr_virtual_group_id_tracker_handle_remove_gid(
	const struct lttng_process_attr_tracker_handle *tracker, gid_t vgid)
{
	return change_value(tracker, LTTNG_PROCESS_ATTR_VIRTUAL_GROUP_ID, false,
			    LTTNG_PROCESS_ATTR_VALUE_TYPE_GID, vgid, NULL);
}

LTTNG_API handle_status
lttng_process_attr_virtual_group_id_tracker_handle_add_group_name(
	const struct lttng_process_attr_tracker_handle *tracker,
	const char *virtual_group_name)
{
	return change_value(tracker, LTTNG_PROCESS_ATTR_VIRTUAL_GROUP_ID, true,
			    LTTNG_PROCESS_ATTR_VALUE_TYPE_GROUP_NAME, 0,
			    virtual_group_name ? virtual_group_name : "");
}

LTTNG_API handle_status
lttng_process_attr_virtual_group_id_tracker_handle_remove_group_name(
	const struct lttng_process_attr_tracker_handle *tracker,
	const char *virtual_group_name)
{
	return change_value(tracker, LTTNG_PROCESS_ATTR_VIRTUAL_GROUP_ID, false,
			    LTTNG_PROCESS_ATTR_VALUE_TYPE_GROUP_NAME, 0,
			    virtual_group_name ? virtual_group_name : "");
}

LTTNG_API handle_status lttng_process_attr_tracker_handle_get_inclusion_set(
	struct lttng_process_attr_tracker_handle *tracker_handle,
	const struct lttng_process_attr_values **values)
{
	struct lttng_process_attr_values *fetched = NULL;
	uint32_t policy;
	int ret;

	if (!tracker_handle || !values)
		return LTTNG_PROCESS_ATTR_TRACKER_HANDLE_STATUS_INVALID;
	ret = fetch(tracker_handle, &policy, &fetched);
	if (ret)
		return status_of(ret);
	if (policy != LTTNG_TRACKING_POLICY_INCLUDE_SET) {
		values_destroy(fetched);
		return LTTNG_PROCESS_ATTR_TRACKER_HANDLE_STATUS_INVALID_TRACKING_POLICY;
	}
	values_destroy(tracker_handle->inclusion_set);
	tracker_handle->inclusion_set = fetched;
	*values = fetched;
	return LTTNG_PROCESS_ATTR_TRACKER_HANDLE_STATUS_OK;
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
	return values->values[index].type;
}

/* The value at index when it has that type. */
static const struct lttng_process_attr_value *
value_at(const struct lttng_process_attr_values *values, unsigned int index,
	 enum lttng_process_attr_value_type type,
	 enum lttng_process_attr_values_status *status)
{
	if (!values || index >= values->count) {
		*status = LTTNG_PROCESS_ATTR_VALUES_STATUS_INVALID;
		return NULL;
	}
	if (values->values[index].type != type) {
		*status = LTTNG_PROCESS_ATTR_VALUES_STATUS_INVALID_TYPE;
		return NULL;
	}
	*status = LTTNG_PROCESS_ATTR_VALUES_STATUS_OK;
	return &values->values[index];
}

LTTNG_API enum lttng_process_attr_values_status
lttng_process_attr_values_get_pid_at_index(
	const struct lttng_process_attr_values *values, unsigned int index,
	pid_t *pid)
{
	enum lttng_process_attr_values_status status;
	const struct lttng_process_attr_value *v = value_at(
		values, index, LTTNG_PROCESS_ATTR_VALUE_TYPE_PID, &status);

	if (v && pid)
		*pid = (pid_t)v->id;
	return pid ? status : LTTNG_PROCESS_ATTR_VALUES_STATUS_INVALID;
}

LTTNG_API enum lttng_process_attr_values_status
lttng_process_attr_values_get_uid_at_index(
	const struct lttng_process_attr_values *values, unsigned int index,
	uid_t *uid)
{
	enum lttng_process_attr_values_status status;
	const struct lttng_process_attr_value *v = value_at(
		values, index, LTTNG_PROCESS_ATTR_VALUE_TYPE_UID, &status);

	if (v && uid)
		*uid = (uid_t)v->id;
	return uid ? status : LTTNG_PROCESS_ATTR_VALUES_STATUS_INVALID;
}

LTTNG_API enum lttng_process_attr_values_status
lttng_process_attr_values_get_gid_at_index(
	const struct lttng_process_attr_values *values, unsigned int index,
	gid_t *gid)
{
	enum lttng_process_attr_values_status status;
	const struct lttng_process_attr_value *v = value_at(
		values, index, LTTNG_PROCESS_ATTR_VALUE_TYPE_GID, &status);

	if (v && gid)
		*gid = (gid_t)v->id;
	return gid ? status : LTTNG_PROCESS_ATTR_VALUES_STATUS_INVALID;
}

LTTNG_API enum lttng_process_attr_values_status
lttng_process_attr_values_get_user_name_at_index(
	const struct lttng_process_attr_values *values, unsigned int index,
	const char **user_name)
{
	enum lttng_process_attr_values_status status;
	const struct lttng_process_attr_value *v =
		value_at(values, index, LTTNG_PROCESS_ATTR_VALUE_TYPE_USER_NAME,
			 &status);

	if (v && user_name)
		*user_name = v->name;
	return user_name ? status : LTTNG_PROCESS_ATTR_VALUES_STATUS_INVALID;
}

LTTNG_API enum lttng_process_attr_values_status
lttng_process_attr_values_get_group_name_at_index(
	const struct lttng_process_attr_values *values, unsigned int index,
	const char **group_name)
{
	enum lttng_process_attr_values_status status;
	const struct lttng_process_attr_value *v =
		value_at(values, index,
			 LTTNG_PROCESS_ATTR_VALUE_TYPE_GROUP_NAME, &status);

	if (v && group_name)
		*group_name = v->name;
	return group_name ? status : LTTNG_PROCESS_ATTR_VALUES_STATUS_INVALID;
}
