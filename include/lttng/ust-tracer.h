/*
 * <lttng/ust-tracer.h>: how the tracer lays out records and which
 * libraries it is: lttng_ust_rb_alignof(type) is the alignment of a
 * field of `type` in the ring buffer (1, packed, where unaligned access
 * is cheap: LTTNG_UST_RING_BUFFER_NATURAL_ALIGN undefined), and the
 * SONAMEs of liblttng-ust, liblttng-ust-tracepoint and liblttng-ust-ctl.
 */
#ifndef LTTNG_UST_TRACER_H
#define LTTNG_UST_TRACER_H

#include <lttng/ust-arch.h>
#include <lttng/ust-compiler.h>
#include <lttng/ust-utils.h>
#include <lttng/ust-version.h>

#ifndef LTTNG_UST_ARCH_HAS_EFFICIENT_UNALIGNED_ACCESS
#define LTTNG_UST_RING_BUFFER_NATURAL_ALIGN
#endif

#ifdef LTTNG_UST_RING_BUFFER_NATURAL_ALIGN
#define lttng_ust_rb_alignof(type) __alignof__(type)
#else
#define lttng_ust_rb_alignof(type) 1
#endif

#define LTTNG_UST_LIB_SONAME                                                   \
	"liblttng-ust.so." lttng_ust_stringify(LTTNG_UST_LIB_SONAME_MAJOR)
#define LTTNG_UST_TRACEPOINT_LIB_SONAME                                        \
	"liblttng-ust-tracepoint.so." lttng_ust_stringify(                     \
		LTTNG_UST_LIB_SONAME_MAJOR)
#define LTTNG_UST_CTL_LIB_SONAME                                               \
	"liblttng-ust-ctl.so." lttng_ust_stringify(                            \
		LTTNG_UST_CTL_LIB_SONAME_MAJOR)

#endif /* LTTNG_UST_TRACER_H */
