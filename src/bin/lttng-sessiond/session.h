/*
 * Recording sessions and the registry holding them, newest first (the
 * order `lttng list` shows). A session has a name, an output, a mode
 * (normal or snapshot), an activity state and its user space domain.
 * All access happens on the client thread, so the registry has no lock
 * yet; the app registry will add one when it shares sessions.
 */
#ifndef SESSIOND_SESSION_H
#define SESSIOND_SESSION_H

#include <pthread.h>
#include <stdbool.h>
#include <sys/types.h>
#include <time.h>

#include <lttng/lttng.h>

#include "domain.h"
#include "process-attr-tracker.h"
#include "snapshot-output.h"
#include "rotation.h"
#include "sessiond-comm/codec.h"

struct kernel_session;
struct ust_buffer_set;

struct session {
	uint64_t id; /* unique in the daemon: the apps' session id */
	uid_t uid;   /* the creator: owner of the trace files */
	gid_t gid;
	char name[LTTNG_NAME_MAX];
	char output_path[LTTNG_PATH_MAX]; /* "" when the session has none */
	/*
	 * lttng create --shm-path: the directory of the session's buffer
	 * files (<DIR>/<name>-<date>, as the client set it), or "".
	 */
	char shm_path[LTTNG_PATH_MAX];
	bool snapshot;
	bool active;
	bool has_been_started;
	/*
	 * 0, or the error every command but destroy is refused with since
	 * one of its consumer daemons died: LTTNG_ERR_NO_USTCONSUMERD
	 * (consumer-loss.h), LTTNG_ERR_NO_KERNCONSUMERD
	 * (kernel/kernel-consumer-loss.h).
	 */
	int consumer_lost;
	time_t creation_time;
	struct domain ust;
	struct ust_trackers ust_trackers; /* which apps record events */
	struct kernel_session *kernel; /* NULL until used (kernel/) */
	struct ust_buffer_set *ust_buffers; /* ust-buffer-set.h */
	struct session_snapshot snap;	    /* snapshot output, records */
	struct session_rotation rotation;   /* trace chunks (rotation.c) */
	/* A network output (lttng-relayd): the session's only output. */
	bool has_network_output;
	struct snapshot_output network_output;
	struct session *next;
};

/*
 * Guards the sessions and the registered apps: the client thread holds
 * it while it runs a command, the app listener while it registers an
 * app and tells it about the sessions.
 */
extern pthread_mutex_t session_lock;

/*
 * Create and register a session. An empty name becomes
 * "auto-YYYYMMDD-HHMMSS"; LSC_OUTPUT_DEFAULT becomes
 * home/lttng-traces/NAME-YYYYMMDD-HHMMSS (home/lttng-traces/NAME for
 * automatic names). Returns LTTNG_OK, LTTNG_ERR_SESSION_INVALID_CHAR,
 * LTTNG_ERR_EXIST_SESS, LTTNG_ERR_INVALID or LTTNG_ERR_NOMEM.
 */
int session_create(const struct lsc_create_session *req, const char *home,
		   struct session **out);

struct session *session_find(const char *name);

/*
 * Whether a client of this uid may see and use the session: root, or
 * the session's creator. LTTng 2.13 also lets in a client whose primary
 * group is the session's; later LTTng dropped that (users sharing a
 * group would control each other's sessions), and so does this daemon.
 */
bool session_access_ok(const struct session *session, uid_t uid);

/* The newest session; follow ->next for older ones. */
struct session *session_first(void);

/*
 * Unregister and free a session with everything it holds. 0, or -EIO
 * when the consumer could not write all of its user space trace.
 */
int session_destroy(struct session *session);

void session_destroy_all(void);

/*
 * Whether snapshots apply: a snapshot-mode session, or one without
 * output (LTTng's flight recorder); its buffers are never written out
 * but by snapshots.
 */
bool session_keeps_buffers(const struct session *session);

/*
 * Before a session with a network output gets its first channel in a
 * domain: LTTng connects to lttng-relayd then. LTTNG_OK without a
 * network output; LTTNG_ERR_RELAYD_CONNECT_FAIL when nothing accepts
 * the connection; LTTNG_ERR_NOT_SUPPORTED when something does (this
 * toolkit does not stream to lttng-relayd).
 */
int session_connect_network_output(const struct session *session);

/*
 * lttng_set_consumer_url(): the session's trace output becomes the local
 * absolute path ctrl (network false) or the relay daemon at ctrl/data,
 * as LTTng replaces it: LTTNG_ERR_TRACE_ALREADY_STARTED while active,
 * LTTNG_ERR_RELAYD_CONNECT_FAIL once it has a network output (LTTng then
 * reconnects to lttng-relayd), LTTNG_ERR_INVALID for a bad URL. Not
 * implemented: snapshot sessions and sessions that already have a
 * channel (their buffers are laid out for the old output) get
 * LTTNG_ERR_NOT_SUPPORTED.
 */
int session_set_output(struct session *session, bool network, const char *ctrl,
		       const char *data);

/* Whether any domain of the session has a channel. */
bool session_has_channels(const struct session *session);

/* The protocol form of a session, as listed to clients. */
void session_describe(const struct session *session, struct lsc_session *out);

#endif /* SESSIOND_SESSION_H */
