/*
 * File output shared by the metadata stream, stream and index writers:
 * complete writes that retry on EINTR and report the file they failed on.
 */
#ifndef CTF_IO_H
#define CTF_IO_H

#include <stddef.h>

#include "ctf/error.h"

/* Writes all of buf to fd; on failure -errno and a message naming what. */
int ctf_write_all(int fd, const void *buf, size_t len, const char *what,
		  struct ctf_error *err);

#endif /* CTF_IO_H */
