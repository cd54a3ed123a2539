/*
 * The app listener thread: accepts instrumented processes on the apps
 * socket, reads each socket's registration without waiting, checks it
 * against the peer's credentials, pairs the command and notify sockets
 * of a process and pings it; once it answered, (session lock held) it
 * registers the app, hands its notify socket to the notify thread,
 * tells it about the started sessions and sends UST_CMD_REGISTER_DONE.
 * It also reaps the apps that died.
 */
#ifndef SESSIOND_APP_LISTENER_H
#define SESSIOND_APP_LISTENER_H

/* Listens on the apps socket path of sessiond_config. 0 or -errno. */
int app_listener_start(void);
/* Stops accepting apps (the registered ones are still served). */
void app_listener_stop(void);
/* After the sessions are destroyed: stops the notify thread, frees apps. */
void app_listener_release_apps(void);

#endif /* SESSIOND_APP_LISTENER_H */
