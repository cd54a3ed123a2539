/*
 * Complete writes: the one loop of the tree that writes a whole buffer
 * to a descriptor, retrying on EINTR and short writes. Used by the CTF
 * writers (ctf/io.h adds the message), the consumer's shm metadata,
 * lttng-crash and the saved session files. Only async-signal-safe calls.
 */
#ifndef UTIL_IO_H
#define UTIL_IO_H

#include <stddef.h>

/* Writes all of buf to fd: 0, or -errno (-EIO if write(2) wrote 0). */
int io_write_all(int fd, const void *buf, size_t len);

#endif /* UTIL_IO_H */
