/*
 * liblttng-ust: what one session daemon created in this process: its
 * recording sessions, their channels (ring buffer backends mapped from
 * the consumer's stream fds) and the recording event rules of those
 * channels, named by the daemon's ids (ust-protocol.h). The listener
 * thread of that daemon is the only caller; it applies each command
 * through these functions and drops everything when the daemon goes.
 */
#ifndef UST_APP_SESSION_H
#define UST_APP_SESSION_H

#include <stdbool.h>
#include <stdint.h>

#include <urcu/list.h>

#include "channel.h"
#include "event-rule.h"
#include "rb-backend.h"
#include "ust-comm/ust-protocol.h"

/*
 * Asks the daemon for the id of `desc` in the channel (the notify
 * socket's UST_NOTIFY_EVENT_REGISTER). 0 and *id, or a negative errno.
 */
typedef int (*ust_app_event_id_fn)(void *priv, uint64_t session_id,
				   uint64_t channel_key,
				   const struct lttng_ust_event_desc *desc,
				   uint32_t *id);

struct ust_app_objects {
	struct cds_list_head sessions;
	ust_app_event_id_fn event_id;
	void *event_id_priv;
};

struct ust_app_session {
	uint64_t id;
	int active;
	struct ust_app_objects *objects;
	struct cds_list_head channels;
	struct cds_list_head node;
};

struct ust_app_rule {
	uint64_t id;
	struct ust_event_rule *rule;
	/* The rule's filter bytecode (NULL: none), given to its event rule. */
	uint8_t *filter;
	uint32_t filter_len;
	struct cds_list_head node;
};

struct ust_app_channel {
	uint64_t key;
	char name[UST_NAME_MAX];
	struct ust_app_session *session;
	struct ust_rb_channel backend;
	struct ust_channel *chan;
	int enabled;
	uint32_t nr_streams;
	uint32_t nr_received;
	struct rb_stream_fds *fds; /* received so far, until mapped */
	struct cds_list_head rules;
	struct cds_list_head node;
};

void ust_app_objects_init(struct ust_app_objects *objects,
			  ust_app_event_id_fn event_id, void *priv);

/* Destroys every session (the daemon went away, or a fork child). */
void ust_app_objects_clear(struct ust_app_objects *objects);

/*
 * Stops recording into every channel at once, without freeing: the
 * fork child's first step (freeing waits for grace periods).
 */
void ust_app_objects_stop_all(struct ust_app_objects *objects);

/*
 * The commands (ust-protocol.h). Each returns 0 or a negative errno
 * for the reply: -ENOENT unknown id, -EEXIST id in use, -EINVAL bad
 * argument or state, -ENOMEM, -ENOSYS not supported.
 */
int ust_app_session_create(struct ust_app_objects *objects, uint64_t id);
int ust_app_session_destroy(struct ust_app_objects *objects, uint64_t id);
int ust_app_session_set_active(struct ust_app_objects *objects, uint64_t id,
			       int active);
/* Whether the daemon created session id here. */
bool ust_app_session_exists(struct ust_app_objects *objects, uint64_t id);
/*
 * Records the state dump into the session (after its start, and after
 * UST_CMD_SESSION_STATEDUMP).
 */
int ust_app_session_statedump(struct ust_app_objects *objects, uint64_t id);
int ust_app_channel_create(struct ust_app_objects *objects,
			   const struct ust_channel_desc *desc);
/* Takes ownership of the two fds, also on error. */
int ust_app_stream_add(struct ust_app_objects *objects, uint64_t key,
		       uint32_t index, int shm_fd, int wakeup_fd);
int ust_app_channel_set_enabled(struct ust_app_objects *objects, uint64_t key,
				int enabled);
int ust_app_channel_destroy(struct ust_app_objects *objects, uint64_t key);
int ust_app_context_add(struct ust_app_objects *objects, uint64_t key,
			const struct ust_context_desc *desc);
int ust_app_rule_create(struct ust_app_objects *objects,
			const struct ust_rule_desc *desc);
int ust_app_rule_set_enabled(struct ust_app_objects *objects, uint64_t id,
			     int enabled);
int ust_app_rule_destroy(struct ust_app_objects *objects, uint64_t id);

#endif /* UST_APP_SESSION_H */
