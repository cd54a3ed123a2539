/*
 * Registered applications (instrumented processes): identity from their
 * registration (checked against SO_PEERCRED), their command and notify
 * sockets, and what each one was told about each recording session.
 * The list is guarded by the session lock (session.h); the app listener
 * adds apps, the notify thread reports the dead ones and the listener
 * reaps them (ust_app_reap_dead), so an app is freed by one thread only.
 */
#ifndef SESSIOND_UST_APP_H
#define SESSIOND_UST_APP_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>
#include <time.h>

#include "wire-codec/wire-codec.h"
#include "ust-comm/message.h"

/* What one app knows of one channel of one session. */
struct ust_app_channel {
	uint64_t key; /* the buffer set's channel key */
	bool enabled;
	struct ust_app_channel *next;
};

/* What one app knows of one rule. */
struct ust_app_rule {
	uint64_t rule_id;
	bool enabled;
	struct ust_app_rule *next;
};

/* One recording session as an app knows it. */
struct ust_app_session {
	uint64_t session_id;
	bool started;
	struct ust_app_channel *channels;
	struct ust_app_rule *rules;
	struct ust_app_session *next;
};

struct ust_app {
	pid_t pid;
	pid_t ppid;
	uid_t uid;
	gid_t gid;
	uint32_t bitness;
	char procname[UST_PROCNAME_LEN];
	time_t registration_time;
	int cmd_sock;
	int notify_sock;
	bool cmd_failed;   /* the command socket broke: no more commands */
	bool timed_out;	   /* ... because the app stopped answering */
	int notify_closed; /* set (atomically) by the notify thread */
	/* In ust_app_for_each_at_once: the app's wait left for the command. */
	bool on_budget;
	int wait_left_ms;
	struct ust_app_session *sessions;
	struct ust_app *next;
};

/* Adds a paired app (takes its sockets). Session lock held. */
void ust_app_add(struct ust_app *app);
struct ust_app *ust_app_first(void);
/* Frees the apps whose notify socket closed. Session lock held. */
void ust_app_reap_dead(void);
/* Whether a live app of that uid exists (per-user buffer recovery). */
bool ust_app_uid_has_live_app(uid_t uid);
bool ust_app_is_alive(const struct ust_app *app);
void ust_app_destroy_all(void);

/*
 * Sends a command and waits for the reply (LTTNG_APP_SOCKET_TIMEOUT at
 * most, 5 s by default; within ust_app_for_each_at_once, what is left
 * of one timeout for all the commands to the app). payload may be
 * NULL; fds (nr_fds) travel with it. On success the reply's code is
 * returned (0 or -errno) and, when reply is not NULL, the reply message
 * (release with ust_message_fini). A broken socket marks the app failed
 * and returns -ECONNRESET.
 */
int ust_app_call(struct ust_app *app, uint32_t command,
		 const struct wire_buf *payload, const int *fds,
		 unsigned int nr_fds, struct ust_message *reply);

/*
 * Sends a command without payload to the n apps at once and collects
 * their replies together: the call waits one app socket timeout at
 * most, however many apps stay silent (they are marked failed). For
 * each app, codes[i] is its reply's code (0 or -errno), or -ECONNRESET
 * or -ENOMEM when no reply came (replies[i] is then empty); release
 * every replies[i] with ust_message_fini.
 */
void ust_app_call_all(struct ust_app **apps, unsigned int n, uint32_t command,
		      struct ust_message *replies, int *codes);

/*
 * Runs fn(app, arg) for every registered app, each live app in a thread
 * of its own (in the caller's when it is the only one), and returns once
 * every call returned: the commands to one app stay in order, and apps
 * that stay silent or answer slowly cost one app socket timeout
 * together, not one each: an app gets one timeout for all its replies,
 * and is marked failed past it (later calls skip it). fn may use its app
 * freely; whatever else it touches needs a lock of its own. Returns the
 * last result other than 0 and -ECONNRESET (an app that went away).
 * Session lock held.
 */
int ust_app_for_each_at_once(int (*fn)(struct ust_app *app, void *arg),
			     void *arg);

/* LTTNG_APP_SOCKET_TIMEOUT in ms (0: none), LTTng's 5 s by default. */
int ust_app_socket_timeout_ms(void);

/* The app's state for a session, created when missing (NULL: ENOMEM). */
struct ust_app_session *ust_app_session_get(struct ust_app *app,
					    uint64_t session_id, bool create);
/* Forgets a session (after UST_CMD_SESSION_DESTROY). */
void ust_app_session_forget(struct ust_app *app, uint64_t session_id);

#endif /* SESSIOND_UST_APP_H */
