/*
 * What the parts of lttng_load_session() share: load.c finds and
 * validates the configuration files, load-session.c recreates each
 * <session> of a file through the public API, with load-rules.c for the
 * rules and context fields of its channels, load-trackers.c for the
 * process attribute trackers of its domains, load-snapshot.c for the
 * outputs of snapshot sessions and load-rotation.c for the rotation
 * schedules.
 */
#ifndef LTTNG_CTL_LOAD_INTERNAL_H
#define LTTNG_CTL_LOAD_INTERNAL_H

#include <limits.h>
#include <stdbool.h>

#include <libxml/tree.h>

#include <lttng/lttng.h>

/* The overrides of a load request; "" when not set. */
struct load_overrides {
	char session_name[LTTNG_NAME_MAX];
	char path[PATH_MAX];	 /* --override-url to a local path */
	char ctrl_url[PATH_MAX]; /* network overrides */
	char data_url[PATH_MAX];
};

/*
 * Recreate the session described by a <session> element. With
 * session_name set, other sessions are skipped (-LTTNG_ERR_NO_SESSION).
 * With overwrite, an existing session of that name is destroyed first.
 * Returns 0 or a negative LTTNG_ERR_* code; a session that failed half
 * way is destroyed.
 */
int load_session_node(xmlNodePtr session_node, const char *session_name,
		      bool overwrite, const struct load_overrides *overrides);

/* Create the rules of a channel's <events> (may be NULL). 0 or error. */
int load_events(struct lttng_handle *handle, const char *channel,
		xmlNodePtr events);

/* Add the context field of a <context> to a channel. 0 or error. */
int load_context(struct lttng_handle *handle, const char *channel,
		 xmlNodePtr node);

/*
 * LTTng saves relay daemon URLs as tcp4://; the control API takes the
 * same address as tcp:// (IPv4 is tcp's default). Rewrites url in place.
 */
void load_tcp4_as_tcp(char *url);

/* Add the outputs of a <snapshot_outputs> to the session. 0 or error. */
int load_snapshot_outputs(const char *session, xmlNodePtr snapshot_outputs,
			  const struct load_overrides *overrides);

/* Add the schedules of a <rotation_schedules> to the session. */
int load_rotation_schedules(const char *session, xmlNodePtr schedules);

/* Apply the trackers of a <domain> to the session. 0 or error. */
int load_trackers(const char *session, enum lttng_domain_type domain,
		  xmlNodePtr domain_node);

#endif /* LTTNG_CTL_LOAD_INTERNAL_H */
