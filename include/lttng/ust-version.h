/*
 * <lttng/ust-version.h>: the LTTng-UST version this implementation
 * follows, for applications that test it at compile time.
 */
#ifndef LTTNG_UST_VERSION_H
#define LTTNG_UST_VERSION_H

#define LTTNG_UST_MAJOR_VERSION 2
#define LTTNG_UST_MINOR_VERSION 13
#define LTTNG_UST_PATCHLEVEL_VERSION 0
#define LTTNG_UST_VERSION "2.13.0"

/* The SONAME majors of liblttng-ust(-tracepoint) and liblttng-ust-ctl. */
#define LTTNG_UST_LIB_SONAME_MAJOR 1
#define LTTNG_UST_CTL_LIB_SONAME_MAJOR 5

#define LTTNG_UST_VERSION_ENCODE(major, minor, patch)                         \
	(((major) << 16) + ((minor) << 8) + (patch))
#define LTTNG_UST_VERSION_CODE                                                 \
	LTTNG_UST_VERSION_ENCODE(LTTNG_UST_MAJOR_VERSION,                      \
				 LTTNG_UST_MINOR_VERSION,                      \
				 LTTNG_UST_PATCHLEVEL_VERSION)

#endif /* LTTNG_UST_VERSION_H */
