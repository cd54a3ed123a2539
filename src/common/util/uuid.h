/*
 * Random (version 4, RFC 4122) UUIDs: the trace UUID of a buffer set's
 * metadata in user space and of a kernel trace. Used by the session
 * daemon and the kernel consumer.
 */
#ifndef UTIL_UUID_H
#define UTIL_UUID_H

#include <stdint.h>

#define UUID_LEN 16

/* Fills uuid from the kernel's random source: 0 or -errno. */
int uuid_generate_v4(uint8_t uuid[UUID_LEN]);

#endif /* UTIL_UUID_H */
