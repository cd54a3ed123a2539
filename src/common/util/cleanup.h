/*
 * Cleanup attributes (systemd's style): a local that frees or closes
 * what it holds when it goes out of scope, so an error path is a plain
 * return instead of a ladder of goto labels. Take ownership out of such
 * a local with steal_ptr()/steal_fd() before returning it. Used
 * wherever a function holds more than one resource at once.
 *
 *	_cleanup_free_ char *text = NULL;
 *	_cleanup_close_ int fd = -1;
 */
#ifndef UTIL_CLEANUP_H
#define UTIL_CLEANUP_H

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static inline void cleanup_free(void *p)
{
	free(*(void **)p);
}

static inline void cleanup_close(const int *fd)
{
	if (*fd >= 0)
		close(*fd);
}

static inline void cleanup_fclose(FILE **f)
{
	if (*f)
		fclose(*f);
}

#define _cleanup_free_ __attribute__((cleanup(cleanup_free)))
#define _cleanup_close_ __attribute__((cleanup(cleanup_close)))
#define _cleanup_fclose_ __attribute__((cleanup(cleanup_fclose)))

/* The pointer in *pp, leaving NULL behind (nothing freed at scope end). */
#define steal_ptr(pp)                                                          \
	({                                                                     \
		__typeof__(*(pp)) stolen_ = *(pp);                             \
		*(pp) = NULL;                                                  \
		stolen_;                                                       \
	})

/* The descriptor in *fdp, leaving -1 behind (nothing closed). */
static inline int steal_fd(int *fdp)
{
	int fd = *fdp;

	*fdp = -1;
	return fd;
}

#endif /* UTIL_CLEANUP_H */
