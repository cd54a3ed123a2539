/*
 * The channels of one tracing domain of a session, with the domain's
 * buffering scheme (set by its first channel) and whether a channel
 * other than channel0 exists (then commands must name their channel);
 * and the table of what each tracing domain does for the client
 * commands (struct domain_ops), so that a command handler picks the
 * domain's operations by its type instead of branching on it.
 */
#ifndef SESSIOND_DOMAIN_H
#define SESSIOND_DOMAIN_H

#include <stdbool.h>
#include <stdint.h>

#include <lttng/tracker.h>

#include "channel.h"
#include "sessiond-comm/codec.h"
#include "sessiond-comm/message.h"
#include "wire-codec/wire-codec.h"

struct domain {
	enum lttng_domain_type type;
	enum lttng_buffer_type buffer_type; /* valid once channel_count > 0 */
	bool has_non_default_channel;
	unsigned int channel_count;
	struct channel *channels; /* creation order */
};

void domain_init(struct domain *domain, enum lttng_domain_type type);
void domain_fini(struct domain *domain);

/* The channel named name ("" means channel0), or NULL. */
struct channel *domain_find_channel(const struct domain *domain,
				    const char *name);

/*
 * Check that a new channel of that buffering scheme may join the domain:
 * LTTNG_OK, LTTNG_ERR_BUFFER_NOT_SUPPORTED for global buffers in user
 * space, LTTNG_ERR_BUFFER_TYPE_MISMATCH when other channels use another.
 */
int domain_check_buffer_type(const struct domain *domain,
			     enum lttng_buffer_type buffer_type);

/* Append chan (the domain takes ownership). */
void domain_add_channel(struct domain *domain, struct channel *chan,
			enum lttng_buffer_type buffer_type);

struct session;

/*
 * What one tracing domain does for the client commands (cmd-*.c). Each
 * operation returns LTTNG_OK or the LTTNG_ERR_* code LTTng gives for
 * that domain. The user space domain's are in ust-cmd.c, the kernel
 * domain's in kernel/kernel-cmd.c.
 */
struct domain_ops {
	enum lttng_domain_type type;
	/* "Channel not found", in the domain's words. */
	int channel_not_found;

	/* The session's domain, for listing (created on demand). */
	int (*get)(struct session *session, struct domain **out);

	/* Channels. buffer_type: the client's (user space only). */
	int (*enable_channel)(struct session *session,
			      const struct lsc_channel *req,
			      int32_t buffer_type);
	/* name: "" when the client named none. */
	int (*disable_channel)(struct session *session, const char *name);
	/*
	 * Creates the default channel called name, before the event or
	 * context command that needs it (buffer_type: the client's).
	 */
	int (*add_default_channel)(struct session *session, const char *name,
				   int32_t buffer_type);
	/* A channel's losses for `lttng list` (0 before the first start). */
	void (*channel_stats)(struct session *session,
			      const struct channel *chan,
			      uint64_t *discarded_events,
			      uint64_t *lost_packets);

	/* Recording event rules and contexts. */
	int (*enable_event)(struct session *session,
			    const struct lsc_target *target,
			    struct lsc_event *spec);
	int (*disable_event)(struct session *session,
			     const struct lsc_target *target,
			     const struct lsc_event *spec);
	int (*add_context)(struct session *session,
			   const struct lsc_target *target,
			   const struct lsc_context *spec);
	/* Appends the domain's available tracepoints (count + events). */
	int (*list_tracepoints)(struct wire_buf *reply);

	/* Process attribute trackers (LSC_CMD_PROCESS_ATTR_TRACKER_*). */
	int (*tracker_change)(struct session *session,
			      enum lttng_process_attr attr,
			      enum lsc_tracker_operation operation,
			      enum lttng_tracking_policy policy, int32_t type,
			      int64_t id, const char *name);
	int (*tracker_list)(struct session *session,
			    enum lttng_process_attr attr,
			    struct wire_buf *reply);
	/*
	 * The older process ID tracker commands (pid -1: every process;
	 * the list is i32 all, u32 count, count x i32 pid). NULL when the
	 * domain has no such tracker: tracking is LTTNG_ERR_NOT_SUPPORTED
	 * and every process records.
	 */
	int (*track_pid)(struct session *session, int pid, bool track);
	int (*list_tracker_pids)(struct session *session,
				 struct wire_buf *reply);
};

/*
 * The operations of the domain of that type: LTTNG_OK, or
 * LTTNG_ERR_AGENT_TRACING_DISABLED for the agent domains (JUL, log4j,
 * Python: no agent support) and LTTNG_ERR_UNKNOWN_DOMAIN for any other.
 */
int domain_ops_find(int32_t type, const struct domain_ops **ops);

/*
 * The channel a domain-scoped event or context command targets in
 * domain (ops's domain of session): the one the target names, else
 * channel0, created (ops->add_default_channel) when create is set and
 * it does not exist. "" is refused (LTTNG_ERR_NEED_CHANNEL_NAME) once
 * the domain has another channel than channel0, as LTTng does.
 */
int domain_target_channel(const struct domain_ops *ops, struct session *session,
			  struct domain *domain,
			  const struct lsc_target *target, bool create,
			  struct channel **out);

#endif /* SESSIOND_DOMAIN_H */
