/*
 * The session daemon's configuration (config.h): main.c fills it at
 * startup; it lives here so that every module of the daemon's library,
 * and the unit tests linking that library, find it without main.c.
 */
#include "config.h"

struct sessiond_config sessiond_config;
