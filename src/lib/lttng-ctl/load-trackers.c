/*
 * The process attribute trackers of a domain in a session
 * configuration: <process_attr_trackers> (a tracker with values
 * includes exactly them, one without excludes every process) and the
 * <trackers><pid_tracker> of files saved before LTTng 2.12.
 */
#include <stdio.h>
#include <string.h>

#include "ctl-internal.h"
#include "load-internal.h"
#include "load-xml.h"
#include "util/lttng-names.h"

/* The API's status of a tracker operation as an LTTNG_ERR_* code. */
static int tracker_status_error(int status)
{
	switch (status) {
	case LTTNG_PROCESS_ATTR_TRACKER_HANDLE_STATUS_OK:
		return 0;
	case LTTNG_PROCESS_ATTR_TRACKER_HANDLE_STATUS_EXISTS:
		return -LTTNG_ERR_PROCESS_ATTR_EXISTS;
	case LTTNG_PROCESS_ATTR_TRACKER_HANDLE_STATUS_SESSION_DOES_NOT_EXIST:
		return -LTTNG_ERR_SESS_NOT_FOUND;
	case LTTNG_PROCESS_ATTR_TRACKER_HANDLE_STATUS_USER_NOT_FOUND:
		return -LTTNG_ERR_USER_NOT_FOUND;
	case LTTNG_PROCESS_ATTR_TRACKER_HANDLE_STATUS_GROUP_NOT_FOUND:
		return -LTTNG_ERR_GROUP_NOT_FOUND;
	default:
		return -LTTNG_ERR_INVALID;
	}
}

/* The loader's error for lttng_session_get_tracker_handle()'s code. */
static int tracker_handle_error(enum lttng_error_code code)
{
	switch (code) {
	case LTTNG_OK:
		return 0;
	case LTTNG_ERR_SESSION_NOT_EXIST:
		return -LTTNG_ERR_SESS_NOT_FOUND;
	default:
		return -LTTNG_ERR_INVALID;
	}
}

/* Add one <id> or <name> value to a tracker of attribute attr. */
static int add_tracker_value(struct lttng_process_attr_tracker_handle *h,
			     enum lttng_process_attr attr, xmlNodePtr value)
{
	xmlNodePtr id_node = xml_child(value, "id"),
		   name_node = xml_child(value, "name");
	char name[256];
	int64_t id = 0;
	int ret;

	ret = id_node ? xml_i64(id_node, &id)
		      : xml_text(name_node, name, sizeof(name));
	if (ret)
		return ret;
	switch (attr) {
	case LTTNG_PROCESS_ATTR_PROCESS_ID:
		return tracker_status_error(
			lttng_process_attr_process_id_tracker_handle_add_pid(
				h, (pid_t)id));
	case LTTNG_PROCESS_ATTR_VIRTUAL_PROCESS_ID:
		return tracker_status_error(
			lttng_process_attr_virtual_process_id_tracker_handle_add_pid(
				h, (pid_t)id));
	case LTTNG_PROCESS_ATTR_USER_ID:
		return tracker_status_error(
			id_node ? lttng_process_attr_user_id_tracker_handle_add_uid(
					  h, (uid_t)id)
				: lttng_process_attr_user_id_tracker_handle_add_user_name(
					  h, name));
	case LTTNG_PROCESS_ATTR_VIRTUAL_USER_ID:
		return tracker_status_error(
			id_node ? lttng_process_attr_virtual_user_id_tracker_handle_add_uid(
					  h, (uid_t)id)
				: lttng_process_attr_virtual_user_id_tracker_handle_add_user_name(
					  h, name));
	case LTTNG_PROCESS_ATTR_GROUP_ID:
		return tracker_status_error(
			id_node ? lttng_process_attr_group_id_tracker_handle_add_gid(
					  h, (gid_t)id)
				: lttng_process_attr_group_id_tracker_handle_add_group_name(
					  h, name));
	default:
		return tracker_status_error(
			id_node ? lttng_process_attr_virtual_group_id_tracker_handle_add_gid(
					  h, (gid_t)id)
				: lttng_process_attr_virtual_group_id_tracker_handle_add_group_name(
					  h, name));
	}
}

/* "vpid_process_attr_tracker" -> LTTNG_PROCESS_ATTR_VIRTUAL_PROCESS_ID. */
static int tracker_attr(xmlNodePtr node, enum lttng_process_attr *attr)
{
	int index = xml_name_index((const char *)node->name,
				   lttng_names_process_attr_trackers);

	if (index < 0)
		return -LTTNG_ERR_LOAD_INVALID_CONFIG;
	*attr = (enum lttng_process_attr)index;
	return 0;
}

/*
 * A tracker with values includes exactly them; one without values
 * excludes every process.
 */
static int load_tracker(const char *session, enum lttng_domain_type domain,
			xmlNodePtr node)
{
	xmlNodePtr values = xml_child(node, "process_attr_values");
	struct lttng_process_attr_tracker_handle *h = NULL;
	enum lttng_process_attr attr;
	int ret = tracker_attr(node, &attr);

	if (ret)
		return ret;
	ret = tracker_handle_error(
		lttng_session_get_tracker_handle(session, domain, attr, &h));
	if (ret)
		return ret;
	if (!xmlFirstElementChild(values)) {
		ret = tracker_status_error(
			lttng_process_attr_tracker_handle_set_tracking_policy(
				h, LTTNG_TRACKING_POLICY_EXCLUDE_ALL));
		goto end;
	}
	ret = tracker_status_error(
		lttng_process_attr_tracker_handle_set_tracking_policy(
			h, LTTNG_TRACKING_POLICY_INCLUDE_SET));
	for (xmlNodePtr v = xmlFirstElementChild(values); v && !ret;
	     v = xmlNextElementSibling(v))
		ret = add_tracker_value(h, attr, v);
end:
	lttng_process_attr_tracker_handle_destroy(h);
	return ret;
}

/*
 * The <trackers><pid_tracker> of files saved before LTTng 2.12: the
 * process IDs (virtual ones in user space) to include, none when empty.
 */
static int load_legacy_pid_tracker(const char *session,
				   enum lttng_domain_type domain,
				   xmlNodePtr pid_tracker)
{
	enum lttng_process_attr attr =
		domain == LTTNG_DOMAIN_KERNEL
			? LTTNG_PROCESS_ATTR_PROCESS_ID
			: LTTNG_PROCESS_ATTR_VIRTUAL_PROCESS_ID;
	xmlNodePtr targets = xml_child(pid_tracker, "targets");
	struct lttng_process_attr_tracker_handle *h = NULL;
	int ret;

	ret = tracker_handle_error(
		lttng_session_get_tracker_handle(session, domain, attr, &h));
	if (ret)
		return ret;
	ret = tracker_status_error(
		lttng_process_attr_tracker_handle_set_tracking_policy(
			h, xmlFirstElementChild(targets)
				   ? LTTNG_TRACKING_POLICY_INCLUDE_SET
				   : LTTNG_TRACKING_POLICY_EXCLUDE_ALL));
	for (xmlNodePtr t = xmlFirstElementChild(targets); t && !ret;
	     t = xmlNextElementSibling(t)) {
		int64_t pid;

		ret = xml_i64(xml_child(t, "pid"), &pid);
		if (ret)
			break;
		ret = tracker_status_error(
			domain == LTTNG_DOMAIN_KERNEL
				? lttng_process_attr_process_id_tracker_handle_add_pid(
					  h, (pid_t)pid)
				: lttng_process_attr_virtual_process_id_tracker_handle_add_pid(
					  h, (pid_t)pid));
	}
	lttng_process_attr_tracker_handle_destroy(h);
	return ret;
}

int load_trackers(const char *session, enum lttng_domain_type domain,
		  xmlNodePtr domain_node)
{
	xmlNodePtr trackers = xml_child(domain_node, "process_attr_trackers");
	xmlNodePtr legacy_trackers = xml_child(domain_node, "trackers");
	int ret = 0;

	for (xmlNodePtr n = xmlFirstElementChild(trackers); n && !ret;
	     n = xmlNextElementSibling(n))
		ret = load_tracker(session, domain, n);
	for (xmlNodePtr n = xmlFirstElementChild(legacy_trackers); n && !ret;
	     n = xmlNextElementSibling(n))
		ret = load_legacy_pid_tracker(session, domain, n);
	return ret;
}
