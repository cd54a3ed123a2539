/*
 * Implementation of stream-extract.h.
 */
#include <errno.h>
#include <stdbool.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/sendfile.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ringbuffer/ringbuffer.h"
#include "stream-extract.h"
#include "util/io.h"
#include "util/log.h"

int stream_file_is_ring_buffer(int fd)
{
	struct rb_shm_header h;
	ssize_t n = pread(fd, &h, sizeof(h), 0);

	return n == (ssize_t)sizeof(h) && h.magic == RB_SHM_MAGIC;
}

/* A private, writable copy of the file in a memfd (recovery writes). */
static int copy_to_memfd(int in, const char *path)
{
	struct stat st;
	off_t offset = 0;
	int out, error;

	if (fstat(in, &st)) {
		error = errno;
		ERR("Cannot open %s: %s", path, strerror(error));
		return -error;
	}
	out = memfd_create("lttng-crash-stream", MFD_CLOEXEC);
	if (out < 0 || ftruncate(out, st.st_size)) {
		error = errno;
		ERR("Cannot copy %s: %s", path, strerror(error));
		if (out >= 0)
			close(out);
		return -error;
	}
	while (offset < st.st_size) {
		ssize_t n = sendfile(out, in, &offset,
				     (size_t)(st.st_size - offset));

		if (n <= 0) {
			error = n < 0 ? errno : EIO;
			ERR("Cannot copy %s: %s", path, strerror(error));
			close(out);
			return -error;
		}
	}
	return out;
}

/*
 * The time that closes the open packet: the producers are dead, so the
 * latest record's timestamp (the stream's last_ts), in their clock.
 */
static uint64_t closing_time;

static uint64_t closing_clock(void)
{
	return closing_time;
}

/*
 * The files come from a crash and may be damaged: in discard mode the
 * packet at the read position must be the one its sub-buffer holds
 * before it is read (rb_stream_get takes that for granted).
 */
static bool next_packet_is_consistent(const struct rb_stream *s)
{
	uint64_t gidx = s->shm->consumed >> s->subbuf_order;

	if (s->mode != RB_MODE_DISCARD)
		return true;
	return s->phys[gidx & s->count_mask].seq == gidx;
}

/*
 * Whether a producer started the packet at the read position: the slot
 * of one never reserved holds nothing of its pass, whatever its
 * (damaged) commit count claims, and is not to be read.
 */
static bool next_packet_was_started(const struct rb_stream *s)
{
	return __atomic_load_n(&s->shm->consumed, __ATOMIC_RELAXED) <
	       __atomic_load_n(&s->shm->offset, __ATOMIC_RELAXED);
}

static int write_packets(struct rb_stream *s, int out, const char *out_path,
			 struct stream_extract_result *result)
{
	uint64_t most = s->count_mask + 2; /* every slot, and the spare */
	struct rb_packet pkt;
	int ret;

	while (result->packets < most && next_packet_is_consistent(s) &&
	       next_packet_was_started(s) && rb_stream_get(s, &pkt) == 0) {
		ret = io_write_all(out, pkt.data, pkt.packet_size);
		rb_stream_put(s);
		if (ret) {
			ERR("Cannot write %s: %s", out_path, strerror(-ret));
			return ret;
		}
		result->packets++;
	}
	return 0;
}

/*
 * Discard mode: the packets the consumer daemon already read stay in
 * their sub-buffers until a producer starts the packet N later. Moves
 * the (private) read position back to the oldest packet still intact,
 * so that the recovered stream holds every packet the ring still has.
 */
static void rewind_to_oldest_intact(struct rb_stream *s)
{
	uint64_t offset = __atomic_load_n(&s->shm->offset, __ATOMIC_ACQUIRE);
	uint64_t consumed = s->shm->consumed >> s->subbuf_order;
	uint64_t started = (offset + s->subbuf_mask) >> s->subbuf_order;
	uint64_t nr_slots = s->count_mask + 1;
	uint64_t gidx = consumed;

	if (s->mode != RB_MODE_DISCARD || consumed > started)
		return;
	while (gidx > 0 && started - (gidx - 1) <= nr_slots &&
	       s->phys[(gidx - 1) & s->count_mask].seq == gidx - 1)
		gidx--;
	s->shm->consumed = gidx << s->subbuf_order;
}

static int recover_into(struct rb_channel *chan, const char *out_path,
			struct stream_extract_result *result)
{
	struct rb_stream *s = &chan->streams[0];
	struct rb_recover_report report;
	int out, ret;

	memcpy(result->uuid, s->shm->uuid, sizeof(result->uuid));
	closing_time = __atomic_load_n(&s->shm->last_ts, __ATOMIC_RELAXED);
	rb_stream_recover_report(s, closing_clock, &report);
	result->repaired = report.packets;
	result->bytes_dropped = report.bytes_dropped;
	result->events_discarded = report.events_discarded;
	out = open(out_path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0660);
	if (out < 0) {
		ret = -errno;
		ERR("Cannot create %s: %s", out_path, strerror(errno));
		return ret;
	}
	ret = write_packets(s, out, out_path, result);
	if (close(out) && !ret) {
		ret = -errno;
		ERR("Cannot write %s: %s", out_path, strerror(errno));
	}
	return ret;
}

int stream_extract(int in_fd, const char *in_path, const char *out_path,
		   struct stream_extract_result *result)
{
	struct rb_stream_fds fds = {.wakeup_fd = -1};
	struct rb_channel *chan;
	int ret;

	memset(result, 0, sizeof(*result));
	fds.shm_fd = copy_to_memfd(in_fd, in_path);
	if (fds.shm_fd < 0)
		return fds.shm_fd;
	ret = rb_channel_map(&fds, 1, &chan);
	if (ret) {
		ERR("%s is not a usable ring buffer: %s", in_path,
		    rb_last_error());
		return ret;
	}
	rewind_to_oldest_intact(&chan->streams[0]);
	ret = rb_stream_check_recoverable(&chan->streams[0]);
	if (ret)
		ERR("%s cannot be recovered: %s", in_path, rb_last_error());
	else
		ret = recover_into(chan, out_path, result);
	rb_channel_destroy(chan);
	return ret;
}
