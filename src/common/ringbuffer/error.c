/*
 * The per-thread last error message of the ring buffer (see error.h).
 * Used by config.c, channel.c, producer.c and consumer.c.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>

#include "ringbuffer/channel.h"
#include "ringbuffer/error.h"

#define RB_ERROR_LEN 256

static __thread char rb_error_msg[RB_ERROR_LEN];
/* A pending "record too big" message, formatted lazily. */
static __thread unsigned long long rb_error_big_len;
static __thread unsigned long long rb_error_big_subbuf;

int rb_error(int err, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(rb_error_msg, sizeof(rb_error_msg), fmt, ap);
	va_end(ap);
	rb_error_big_len = 0;
	return err;
}

int rb_error_record_too_big(unsigned long long len,
			    unsigned long long subbuf_size)
{
	rb_error_big_len = len;
	rb_error_big_subbuf = subbuf_size;
	return -EFBIG;
}

const char *rb_last_error(void)
{
	if (rb_error_big_len) {
		snprintf(rb_error_msg, sizeof(rb_error_msg),
			 "record of %llu bytes does not fit in a sub-buffer "
			 "of %llu bytes (packet header: %d bytes)",
			 rb_error_big_len, rb_error_big_subbuf,
			 CTF_PACKET_HEADER_LEN);
		rb_error_big_len = 0;
	}
	return rb_error_msg;
}
