/*
 * Pushing the user space state of the sessions to the registered apps.
 * Apps learn about a session once it was started for the first time:
 * ust_app_sync() sends them whatever they miss, in order (session,
 * channel and its streams, rules, enable/disable, start/stop), and an
 * app the session's trackers exclude is stopped. The command handlers
 * call ust_app_sync_session() after each change. The functions over a
 * session talk to every app at once: silent apps cost one app socket
 * timeout in all. Everything here runs with the session lock held.
 */
#ifndef SESSIOND_UST_APP_SYNC_H
#define SESSIOND_UST_APP_SYNC_H

struct session;
struct ust_app;

/* Brings one app up to date with every started session. */
void ust_app_sync(struct ust_app *app);

/*
 * Brings every app up to date with one session (after a command). 0 or
 * the last error other than an app gone away (-ENOMEM matters).
 */
int ust_app_sync_session(struct session *session);

/* Stops the session in every app that records into it. */
void ust_app_sync_stop(struct session *session);

/*
 * lttng regenerate statedump: every app recording into the session
 * records its state dump there again. An app that fails is skipped, as
 * LTTng does.
 */
void ust_app_sync_statedump(struct session *session);

/* The session is destroyed: stopped, then destroyed in every app. */
void ust_app_sync_forget_session(struct session *session);

#endif /* SESSIOND_UST_APP_SYNC_H */
