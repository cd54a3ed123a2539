/*
 * Channel life cycle: the consumer creates one memfd + eventfd per stream
 * and initializes the shared state; a traced process maps the same fds
 * (validating what it maps); both destroy their own handle. The shared
 * layout is in shm-layout.h, the protocol in producer.c.
 */
#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/full-fence.h"
#include "ringbuffer/local-commit.h"

#include "ringbuffer/channel.h"
#include "ringbuffer/error.h"

/* Where each part of a stream's mapping goes (see shm-layout.h). */
struct stream_layout {
	uint64_t slots_offset;
	uint64_t phys_offset;
	uint64_t data_offset;
	uint64_t map_size;
	uint32_t nr_phys;
};

static uint64_t page_align(uint64_t v)
{
	uint64_t page = (uint64_t)sysconf(_SC_PAGESIZE);

	return (v + page - 1) & ~(page - 1);
}

static unsigned int log2_exact(uint64_t v)
{
	assert(v && !(v & (v - 1)));
	return (unsigned int)__builtin_ctzll(v);
}

static struct stream_layout layout_of(uint64_t subbuf_size, uint64_t count,
				      enum rb_mode mode)
{
	struct stream_layout l;

	l.nr_phys = (uint32_t)count + (mode == RB_MODE_OVERWRITE);
	l.slots_offset = sizeof(struct rb_shm_header);
	l.phys_offset = l.slots_offset + count * sizeof(struct rb_shm_slot);
	l.data_offset = page_align(l.phys_offset +
				   l.nr_phys * sizeof(struct rb_shm_phys));
	l.map_size = l.data_offset + l.nr_phys * subbuf_size;
	return l;
}

/*
 * A process committing CPU-locally says so in the stream before its
 * first commit; the fence orders that before its commits' loads of
 * commit_remote (see producer.c, COMMIT).
 */
static void announce_local_commits(struct rb_shm_header *h)
{
	if (!rb_local_commit_enabled ||
	    __atomic_load_n(&h->local_commits, __ATOMIC_RELAXED))
		return;
	__atomic_store_n(&h->local_commits, 1, __ATOMIC_RELAXED);
	full_fence();
}

/* Fills the process-local fields of s from its mapped shared header. */
static void stream_attach(struct rb_stream *s, struct rb_channel *chan,
			  void *map, size_t map_size)
{
	struct rb_shm_header *h = map;

	s->shm = h;
	s->slots = (struct rb_shm_slot *)((char *)map + h->slots_offset);
	s->phys = (struct rb_shm_phys *)((char *)map + h->phys_offset);
	s->data = (char *)map + h->data_offset;
	s->chan = chan;
	s->subbuf_size = h->subbuf_size;
	s->subbuf_mask = h->subbuf_size - 1;
	s->subbuf_order = log2_exact(h->subbuf_size);
	s->count_order = log2_exact(h->subbuf_count);
	s->pass_order = s->subbuf_order + s->count_order;
	s->count_mask = h->subbuf_count - 1;
	s->mode = (enum rb_mode)h->mode;
	s->header_kind = (enum ctf_event_header_kind)h->header_kind;
	s->clock_source = h->clock_source;
	s->cpu = h->cpu_id;
	s->map_size = map_size;
	s->page_size = (uint64_t)sysconf(_SC_PAGESIZE);
	s->holding = false;
	s->flip_off0 = UINT64_MAX;
	announce_local_commits(h);
}

static void shared_init(struct rb_shm_header *h, const struct rb_config *conf,
			const struct stream_layout *l, unsigned int cpu)
{
	struct rb_shm_slot *slots;
	uint32_t i;

	h->magic = RB_SHM_MAGIC;
	h->version = RB_SHM_VERSION;
	h->map_size = l->map_size;
	h->slots_offset = l->slots_offset;
	h->phys_offset = l->phys_offset;
	h->data_offset = l->data_offset;
	h->subbuf_size = (uint32_t)conf->subbuf_size;
	h->subbuf_count = (uint32_t)conf->subbuf_count;
	h->nr_phys = l->nr_phys;
	h->mode = conf->mode;
	h->blocking_timeout_us = conf->blocking_timeout_us;
	h->wakeup = conf->wakeup;
	h->header_kind = conf->header_kind;
	h->clock_source = conf->clock_source;
	h->stream_id = conf->stream_id;
	h->cpu_id = cpu;
	h->stream_instance_id = cpu;
	memcpy(h->uuid, conf->uuid, sizeof(h->uuid));
#ifdef RB_HAVE_LOCAL_COMMIT
	h->atomic_reserve =
		conf->local_reserve ? RB_RESERVE_LOCAL : RB_RESERVE_ATOMIC;
#else
	h->atomic_reserve = RB_RESERVE_ATOMIC;
#endif
	/* The consumer's spare is the extra physical sub-buffer. */
	h->reader_phys = conf->subbuf_count;
	slots = (struct rb_shm_slot *)((char *)h + l->slots_offset);
	for (i = 0; i < conf->subbuf_count; i++)
		slots[i].wsb = i | RB_NOREF;
}

static int stream_memfd_create(struct rb_stream *s, const char *name)
{
	s->shm_fd = memfd_create(name, MFD_CLOEXEC);
	if (s->shm_fd < 0)
		return rb_error(-errno, "memfd_create(%s): %s", name,
				strerror(errno));
	return 0;
}

/*
 * A --shm-path stream: the file shm_dir/shm_name_cpu, which must not
 * exist yet (two channels never share one). Its path is kept so that
 * rb_channel_destroy() removes it.
 */
static int stream_file_create(struct rb_stream *s, const struct rb_config *conf,
			      unsigned int cpu)
{
	int len = snprintf(NULL, 0, "%s/%s_%u", conf->shm_dir,
			   conf->shm_name ? conf->shm_name : "stream", cpu);

	s->shm_file = malloc((size_t)len + 1);
	if (!s->shm_file)
		return rb_error(-ENOMEM, "out of memory");
	snprintf(s->shm_file, (size_t)len + 1, "%s/%s_%u", conf->shm_dir,
		 conf->shm_name ? conf->shm_name : "stream", cpu);
	s->shm_fd =
		open(s->shm_file, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	if (s->shm_fd < 0) {
		int ret = rb_error(-errno, "cannot create %s: %s", s->shm_file,
				   strerror(errno));

		free(s->shm_file);
		s->shm_file = NULL;
		return ret;
	}
	return 0;
}

static int stream_create(struct rb_stream *s, struct rb_channel *chan,
			 const struct rb_config *conf, unsigned int cpu)
{
	struct stream_layout l =
		layout_of(conf->subbuf_size, conf->subbuf_count, conf->mode);
	char name[32];
	void *map;
	int ret;

	snprintf(name, sizeof(name), "lttng-rb-stream-%u", cpu);
	ret = conf->shm_dir ? stream_file_create(s, conf, cpu)
			    : stream_memfd_create(s, name);
	if (ret)
		return ret;
	if (ftruncate(s->shm_fd, (off_t)l.map_size) < 0)
		return rb_error(-errno, "cannot size %s to %llu bytes: %s",
				name, (unsigned long long)l.map_size,
				strerror(errno));
	map = mmap(NULL, l.map_size, PROT_READ | PROT_WRITE, MAP_SHARED,
		   s->shm_fd, 0);
	if (map == MAP_FAILED)
		return rb_error(-errno, "cannot map %s (%llu bytes): %s", name,
				(unsigned long long)l.map_size,
				strerror(errno));
	shared_init(map, conf, &l, cpu);
	stream_attach(s, chan, map, l.map_size);
	s->wakeup_fd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
	if (s->wakeup_fd < 0)
		return rb_error(-errno, "eventfd for stream %u: %s", cpu,
				strerror(errno));
	return 0;
}

static struct rb_channel *channel_alloc(unsigned int nr_streams)
{
	struct rb_channel *chan = calloc(1, sizeof(*chan));
	unsigned int i;

	if (!chan)
		return NULL;
	chan->streams = calloc(nr_streams, sizeof(*chan->streams));
	if (!chan->streams) {
		free(chan);
		return NULL;
	}
	chan->nr_streams = nr_streams;
	chan->hooks = &rb_packet_default_hooks;
	chan->may_block = true;
	for (i = 0; i < nr_streams; i++) {
		chan->streams[i].shm_fd = -1;
		chan->streams[i].wakeup_fd = -1;
	}
	return chan;
}

int rb_channel_create(const struct rb_config *conf, struct rb_channel **out)
{
	struct rb_channel *chan;
	unsigned int i;
	int ret;

	ret = rb_config_check(conf);
	if (ret)
		return ret;
	chan = channel_alloc(conf->nr_streams);
	if (!chan)
		return rb_error(-ENOMEM, "out of memory for %u streams",
				conf->nr_streams);
	for (i = 0; i < conf->nr_streams; i++) {
		ret = stream_create(&chan->streams[i], chan, conf, i);
		if (ret) {
			rb_channel_destroy(chan);
			return ret;
		}
	}
	*out = chan;
	return 0;
}

/* Checks that a mapped header describes exactly a mapping of size bytes. */
static int header_check(const struct rb_shm_header *h, uint64_t size,
			unsigned int i)
{
	struct stream_layout l;

	if (h->magic != RB_SHM_MAGIC || h->version != RB_SHM_VERSION)
		return rb_error(-EPROTO,
				"stream %u: not a ring buffer (magic 0x%08x, "
				"version %u)",
				i, h->magic, h->version);
	if (!h->subbuf_size || (h->subbuf_size & (h->subbuf_size - 1)) ||
	    !h->subbuf_count || (h->subbuf_count & (h->subbuf_count - 1)) ||
	    h->subbuf_count > RB_SUBBUF_COUNT_MAX ||
	    h->mode > RB_MODE_OVERWRITE ||
	    h->header_kind > CTF_EVENT_HEADER_LARGE ||
	    h->clock_source > TRACE_CLOCK_SOURCE_MAX)
		return rb_error(-EPROTO,
				"stream %u: bad geometry (%u sub-buffers of "
				"%u bytes, mode %u)",
				i, h->subbuf_count, h->subbuf_size, h->mode);
	l = layout_of(h->subbuf_size, h->subbuf_count, (enum rb_mode)h->mode);
	if (l.map_size != size || h->map_size != size ||
	    h->slots_offset != l.slots_offset ||
	    h->phys_offset != l.phys_offset ||
	    h->data_offset != l.data_offset || h->nr_phys != l.nr_phys)
		return rb_error(-EPROTO,
				"stream %u: layout does not match its memfd "
				"of %llu bytes",
				i, (unsigned long long)size);
	return 0;
}

static int stream_map(struct rb_stream *s, struct rb_channel *chan,
		      unsigned int i)
{
	struct stat st;
	void *map;
	int ret;

	if (fstat(s->shm_fd, &st) < 0)
		return rb_error(-errno, "stream %u: fstat(fd %d): %s", i,
				s->shm_fd, strerror(errno));
	if ((uint64_t)st.st_size < sizeof(struct rb_shm_header))
		return rb_error(-EPROTO,
				"stream %u: memfd of %lld bytes is "
				"too small",
				i, (long long)st.st_size);
	map = mmap(NULL, (size_t)st.st_size, PROT_READ | PROT_WRITE, MAP_SHARED,
		   s->shm_fd, 0);
	if (map == MAP_FAILED)
		return rb_error(-errno, "stream %u: mmap(fd %d): %s", i,
				s->shm_fd, strerror(errno));
	ret = header_check(map, (uint64_t)st.st_size, i);
	if (ret) {
		munmap(map, (size_t)st.st_size);
		return ret;
	}
	stream_attach(s, chan, map, (size_t)st.st_size);
	return 0;
}

/* All streams of a channel must share the geometry of stream 0. */
static int streams_agree(const struct rb_channel *chan)
{
	const struct rb_shm_header *first = chan->streams[0].shm;
	unsigned int i;

	for (i = 1; i < chan->nr_streams; i++) {
		const struct rb_shm_header *h = chan->streams[i].shm;

		if (h->subbuf_size != first->subbuf_size ||
		    h->subbuf_count != first->subbuf_count ||
		    h->mode != first->mode ||
		    h->header_kind != first->header_kind ||
		    h->clock_source != first->clock_source)
			return rb_error(-EPROTO,
					"stream %u differs from stream 0 in "
					"geometry or mode",
					i);
	}
	return 0;
}

int rb_channel_map(const struct rb_stream_fds *fds, unsigned int nr_streams,
		   struct rb_channel **out)
{
	struct rb_channel *chan;
	unsigned int i;
	int ret = 0;

	if (nr_streams == 0 || nr_streams > RB_STREAMS_MAX)
		ret = rb_error(-EINVAL, "stream count %u is out of range",
			       nr_streams);
	chan = ret ? NULL : channel_alloc(nr_streams);
	if (!chan) {
		for (i = 0; i < nr_streams; i++) {
			close(fds[i].shm_fd);
			if (fds[i].wakeup_fd >= 0)
				close(fds[i].wakeup_fd);
		}
		return ret ? ret : rb_error(-ENOMEM, "out of memory");
	}
	for (i = 0; i < nr_streams; i++) {
		chan->streams[i].shm_fd = fds[i].shm_fd;
		chan->streams[i].wakeup_fd = fds[i].wakeup_fd;
	}
	for (i = 0; i < nr_streams && !ret; i++)
		ret = stream_map(&chan->streams[i], chan, i);
	if (!ret)
		ret = streams_agree(chan);
	if (ret) {
		rb_channel_destroy(chan);
		return ret;
	}
	*out = chan;
	return 0;
}

struct rb_stream_fds rb_channel_stream_fds(const struct rb_channel *chan,
					   unsigned int i)
{
	struct rb_stream_fds fds;

	assert(i < chan->nr_streams);
	fds.shm_fd = chan->streams[i].shm_fd;
	fds.wakeup_fd = chan->streams[i].wakeup_fd;
	return fds;
}

void rb_channel_set_may_block(struct rb_channel *chan, bool may_block)
{
	chan->may_block = may_block;
}

#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23 /* Linux 5.14 */
#endif

void rb_channel_prefault(struct rb_channel *chan)
{
	cpu_set_t allowed;
	unsigned int i;

	if (sched_getaffinity(0, sizeof(allowed), &allowed))
		return;
	for (i = 0; i < chan->nr_streams; i++) {
		struct rb_stream *s = &chan->streams[i];

		if (i < CPU_SETSIZE && CPU_ISSET(i, &allowed))
			(void)madvise(s->shm, s->map_size, MADV_POPULATE_WRITE);
	}
}

void rb_channel_set_hooks(struct rb_channel *chan,
			  const struct rb_packet_hooks *hooks)
{
	assert(hooks && hooks->begin && hooks->end);
	chan->hooks = hooks;
}

void rb_channel_destroy(struct rb_channel *chan)
{
	unsigned int i;

	if (!chan)
		return;
	for (i = 0; i < chan->nr_streams; i++) {
		struct rb_stream *s = &chan->streams[i];

		if (s->shm)
			munmap(s->shm, s->map_size);
		if (s->shm_fd >= 0)
			close(s->shm_fd);
		if (s->wakeup_fd >= 0)
			close(s->wakeup_fd);
		if (s->shm_file)
			(void)unlink(s->shm_file);
		free(s->shm_file);
	}
	free(chan->streams);
	free(chan);
}
