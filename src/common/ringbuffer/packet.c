/*
 * Packets: the default hooks, which write LTTng's packet header and
 * context at the offsets pinned in ctf/packet-layout.h (installed on every
 * channel by channel.c), and the begin/end operations that run whichever
 * hooks a channel has (used by producer.c and crash recovery).
 */
#include <assert.h>

#include "ringbuffer/invariant.h"
#include "ringbuffer/packet.h"
#include "ringbuffer/producer.h"

static void default_begin(void *packet, const struct rb_packet_info *info)
{
	unsigned char *p = packet;

	ctf_packet_put_u32(p, CTF_PACKET_OFF_MAGIC, CTF_PACKET_MAGIC);
	memcpy(p + CTF_PACKET_OFF_UUID, info->uuid, CTF_UUID_LEN);
	ctf_packet_put_u32(p, CTF_PACKET_OFF_STREAM_ID, info->stream_id);
	ctf_packet_put_u64(p, CTF_PACKET_OFF_STREAM_INSTANCE_ID,
			   info->stream_instance_id);
	ctf_packet_put_u64(p, CTF_PACKET_OFF_TIMESTAMP_BEGIN, info->timestamp);
	ctf_packet_put_u32(p, CTF_PACKET_OFF_CPU_ID, info->cpu_id);
}

static void default_end(void *packet, const struct rb_packet_info *info)
{
	ctf_packet_put_u64(packet, CTF_PACKET_OFF_TIMESTAMP_END,
			   info->timestamp);
	ctf_packet_put_u64(packet, CTF_PACKET_OFF_CONTENT_SIZE,
			   info->content_size * 8);
	ctf_packet_put_u64(packet, CTF_PACKET_OFF_PACKET_SIZE,
			   info->packet_size * 8);
	ctf_packet_put_u64(packet, CTF_PACKET_OFF_PACKET_SEQ_NUM,
			   info->packet_seq_num);
	ctf_packet_put_u64(packet, CTF_PACKET_OFF_EVENTS_DISCARDED,
			   info->events_discarded);
}

const struct rb_packet_hooks rb_packet_default_hooks = {
	.begin = default_begin,
	.end = default_end,
};

uint64_t rb_packet_size_of(const struct rb_stream *s, uint64_t content)
{
	uint64_t padded = (content + s->page_size - 1) & ~(s->page_size - 1);

	return padded < s->subbuf_size ? padded : s->subbuf_size;
}

static void packet_identity(const struct rb_stream *s,
			    struct rb_packet_info *info)
{
	const struct rb_shm_header *h = s->shm;

	info->uuid = h->uuid;
	info->stream_id = h->stream_id;
	info->stream_instance_id = h->stream_instance_id;
	info->cpu_id = h->cpu_id;
}

static struct rb_shm_phys *phys_of(struct rb_stream *s, const char *packet)
{
	return &s->phys[(uint64_t)(packet - s->data) >> s->subbuf_order];
}

void rb_packet_begin(struct rb_stream *s, uint64_t begin, uint64_t ts)
{
	char *packet = rb_write_base(s, rb_slot_index(s, begin));
	struct rb_packet_info info = {0};

	assert((begin & s->subbuf_mask) == 0);
	packet_identity(s, &info);
	info.timestamp = ts;
	s->chan->hooks->begin(packet, &info);
	phys_of(s, packet)->ts_begin = ts;
}

/* Runs the end hook on `packet`, which holds packet gidx. */
static void end_hook(struct rb_stream *s, char *packet, uint64_t gidx,
		     uint64_t content, uint64_t ts, uint64_t events_discarded)
{
	struct rb_packet_info info;

	/* At least one byte of padding: its reserver closed the packet. */
	RB_CHECK(content >= CTF_PACKET_HEADER_LEN && content < s->subbuf_size,
		 RB_INVARIANT_PADDING, s, gidx, content, s->subbuf_size - 1);
	packet_identity(s, &info);
	info.timestamp = ts;
	info.content_size = content;
	info.packet_size = rb_packet_size_of(s, content);
	info.packet_seq_num = gidx;
	info.events_discarded = events_discarded;
	s->chan->hooks->end(packet, &info);
}

void rb_packet_end(struct rb_stream *s, uint64_t gidx, uint64_t content,
		   uint64_t ts, uint64_t events_discarded)
{
	char *packet = rb_write_base(s, gidx & s->count_mask);
	struct rb_shm_phys *phys = phys_of(s, packet);

	end_hook(s, packet, gidx, content, ts, events_discarded);
	phys->seq = gidx;
	phys->content = (uint32_t)content;
	phys->ts_end = ts;
	phys->discarded = events_discarded;
	__atomic_store_n(&s->shm->last_end_ts, ts, __ATOMIC_RELAXED);
}

void rb_packet_set_discarded(struct rb_stream *s, struct rb_shm_phys *phys,
			     uint64_t events_discarded)
{
	char *packet =
		s->data + ((uint64_t)(phys - s->phys) << s->subbuf_order);

	end_hook(s, packet, phys->seq, phys->content, phys->ts_end,
		 events_discarded);
	phys->discarded = events_discarded;
}
