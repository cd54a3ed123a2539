/*
 * liblttng-ust-fd.so: preloaded into applications that close file
 * descriptors they did not open (LTTng documentation, "Use LTTng-UST
 * with applications which close file descriptors that don't belong to
 * them"). close(), fclose(), closefrom() and close_range() go through
 * liblttng-ust's fd tracker, which refuses (EBADF) to close the tracer's
 * own fds.
 */
#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>

#define UST_FD_API __attribute__((visibility("default")))

/* liblttng-ust's fd tracker (LTTng-UST 2.13 entry points). */
int lttng_ust_safe_close_fd(int fd, int (*close_cb)(int fd));
int lttng_ust_safe_fclose_stream(FILE *stream, int (*fclose_cb)(FILE *stream));
int lttng_ust_safe_closefrom_fd(int lowfd, int (*close_cb)(int fd));
int lttng_ust_safe_close_range_fd(unsigned int first, unsigned int last,
				  int flags,
				  int (*close_range_cb)(unsigned int first,
							unsigned int last,
							int flags));

/* The C library's definition of `name`, or abort: nothing to call. */
static void *next_symbol(const char *name)
{
	void *fn = dlsym(RTLD_NEXT, name);

	if (!fn) {
		fprintf(stderr, "liblttng-ust-fd: cannot find %s\n", name);
		abort();
	}
	return fn;
}

static int libc_close(int fd)
{
	static int (*fn)(int);

	if (!fn)
		fn = (int (*)(int))next_symbol("close");
	return fn(fd);
}

static int libc_fclose(FILE *stream)
{
	static int (*fn)(FILE *);

	if (!fn)
		fn = (int (*)(FILE *))next_symbol("fclose");
	return fn(stream);
}

UST_FD_API int close(int fd)
{
	return lttng_ust_safe_close_fd(fd, libc_close);
}

UST_FD_API int fclose(FILE *stream)
{
	return lttng_ust_safe_fclose_stream(stream, libc_fclose);
}

UST_FD_API void closefrom(int lowfd)
{
	lttng_ust_safe_closefrom_fd(lowfd, libc_close);
}

/* The C library's close_range (glibc 2.34), else the system call. */
static int libc_close_range(unsigned int first, unsigned int last, int flags)
{
	static int (*fn)(unsigned int, unsigned int, int);

	if (!fn)
		fn = (int (*)(unsigned int, unsigned int, int))dlsym(
			RTLD_NEXT, "close_range");
	if (fn)
		return fn(first, last, flags);
	return (int)syscall(SYS_close_range, first, last, flags);
}

UST_FD_API int close_range(unsigned int first, unsigned int last, int flags)
{
	return lttng_ust_safe_close_range_fd(first, last, flags,
					     libc_close_range);
}
