/*
 * The ring buffer's per-thread "why did that fail" message, read through
 * rb_last_error(). Set on configuration and mapping paths and on record
 * refusals; never on the record fast path.
 */
#ifndef RINGBUFFER_ERROR_H
#define RINGBUFFER_ERROR_H

/* Stores the formatted message and returns err (a negative errno). */
int rb_error(int err, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/*
 * Records that a record of len bytes could not fit in a sub-buffer of
 * subbuf_size bytes. Formats nothing (signal handlers may trace): the
 * message is built when rb_last_error() is called. Returns -EFBIG.
 */
int rb_error_record_too_big(unsigned long long len,
			    unsigned long long subbuf_size);

#endif /* RINGBUFFER_ERROR_H */
