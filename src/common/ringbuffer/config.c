/*
 * Validation of a channel's ring buffer configuration (sizes, counts, mode
 * and blocking timeout), with a message naming the refused value. Called
 * by rb_channel_create and by the session daemon before it asks for one.
 */
#include <errno.h>
#include <unistd.h>

#include "ringbuffer/channel.h"
#include "ringbuffer/error.h"

static bool is_power_of_two(uint64_t v)
{
	return v && !(v & (v - 1));
}

static int check_subbuf_size(uint64_t size)
{
	long page = sysconf(_SC_PAGESIZE);

	if (!is_power_of_two(size))
		return rb_error(-EINVAL,
				"sub-buffer size %llu is not a power of two",
				(unsigned long long)size);
	if (size < (uint64_t)page)
		return rb_error(-EINVAL,
				"sub-buffer size %llu is smaller than the page "
				"size (%ld)",
				(unsigned long long)size, page);
	if (size > RB_SUBBUF_SIZE_MAX)
		return rb_error(-EINVAL,
				"sub-buffer size %llu is larger than the "
				"maximum (%llu)",
				(unsigned long long)size,
				(unsigned long long)RB_SUBBUF_SIZE_MAX);
	return 0;
}

static int check_subbuf_count(uint64_t count)
{
	if (count == 0)
		return rb_error(-EINVAL, "sub-buffer count 0: a ring buffer "
					 "needs at least one sub-buffer");
	if (!is_power_of_two(count))
		return rb_error(-EINVAL,
				"sub-buffer count %llu is not a power of two",
				(unsigned long long)count);
	if (count > RB_SUBBUF_COUNT_MAX)
		return rb_error(-EINVAL,
				"sub-buffer count %llu is larger than the "
				"maximum (%llu)",
				(unsigned long long)count,
				(unsigned long long)RB_SUBBUF_COUNT_MAX);
	return 0;
}

static int check_mode(const struct rb_config *conf)
{
	if (conf->mode != RB_MODE_DISCARD && conf->mode != RB_MODE_OVERWRITE)
		return rb_error(-EINVAL, "unknown event record loss mode %d",
				(int)conf->mode);
	if (conf->blocking_timeout_us < -1)
		return rb_error(-EINVAL,
				"blocking timeout %lld us is invalid (-1 "
				"waits forever, 0 never blocks)",
				(long long)conf->blocking_timeout_us);
	if (conf->blocking_timeout_us != 0 && conf->mode == RB_MODE_OVERWRITE)
		return rb_error(-EINVAL,
				"blocking timeout %lld us needs discard mode "
				"(overwrite mode never blocks)",
				(long long)conf->blocking_timeout_us);
	if (conf->wakeup != RB_WAKEUP_WRITER && conf->wakeup != RB_WAKEUP_NONE)
		return rb_error(-EINVAL, "unknown wake-up mode %d",
				(int)conf->wakeup);
	if (conf->header_kind != CTF_EVENT_HEADER_COMPACT &&
	    conf->header_kind != CTF_EVENT_HEADER_LARGE)
		return rb_error(-EINVAL, "unknown event header kind %d",
				(int)conf->header_kind);
	if (conf->clock_source > TRACE_CLOCK_SOURCE_MAX)
		return rb_error(-EINVAL, "unknown trace clock source %u",
				conf->clock_source);
	return 0;
}

int rb_config_check(const struct rb_config *conf)
{
	int ret;

	ret = check_subbuf_size(conf->subbuf_size);
	if (ret)
		return ret;
	ret = check_subbuf_count(conf->subbuf_count);
	if (ret)
		return ret;
	if (conf->nr_streams == 0 || conf->nr_streams > RB_STREAMS_MAX)
		return rb_error(-EINVAL,
				"stream count %u is out of range (1 to %u)",
				conf->nr_streams, RB_STREAMS_MAX);
	return check_mode(conf);
}
