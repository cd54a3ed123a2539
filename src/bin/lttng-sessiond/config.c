/*
 * The session daemon's configuration (config.h): main.c fills it at
 * startup; it lives here so that every module of the daemon's library,
 * and the unit tests linking that library, find it without main.c.
 */
#include "config.h"

/* LTTng's default app socket timeout (5 s) until the options say. */
struct sessiond_config sessiond_config = {
	.app_socket_timeout_ms = 5000,
};
