/*
 * The client socket of the session daemon: accept lttng/liblttng-ctl
 * connections, check who the peer is, and answer its requests one at a
 * time until it hangs up. main.c runs client_serve() on its thread.
 */
#ifndef SESSIOND_CLIENT_H
#define SESSIOND_CLIENT_H

/*
 * Serve clients on listen_fd until stop_fd (a signalfd) is readable.
 * Returns 0 on a requested stop, or a negative errno when polling fails.
 */
int client_serve(int listen_fd, int stop_fd);

#endif /* SESSIOND_CLIENT_H */
