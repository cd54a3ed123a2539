/*
 * The notify thread: serves the notify sockets of every registered app
 * (UST_NOTIFY_EVENT_REGISTER: event ids from the metadata registry). It
 * never takes the session lock nor waits on an app, so an app waiting
 * for an event id while the client thread waits for that app's reply
 * to a command always gets its answer, whatever the other apps do.
 * When a notify socket closes (the app exited or was killed) it marks
 * the app and asks the app listener to reap it.
 */
#ifndef SESSIOND_NOTIFY_THREAD_H
#define SESSIOND_NOTIFY_THREAD_H

struct ust_app;

/* reap_fd: an eventfd written once per app that died. */
int notify_thread_start(int reap_fd);
void notify_thread_stop(void);
/* Starts serving app's notify socket (before it is told anything). */
int notify_thread_add_app(struct ust_app *app);

#endif /* SESSIOND_NOTIFY_THREAD_H */
