/*
 * Implementation of page-converter.h. Every offset read from a record is
 * checked against the record's size: a page is never trusted.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "page-converter.h"

#define COMMON_TYPE_OFFSET 0
#define COMMON_PID_OFFSET 4
#define COMMON_HEADER_LEN 8

static int grow(void **buf, size_t *cap, size_t need)
{
	void *p;

	if (need <= *cap)
		return 0;
	p = realloc(*buf, need);
	if (!p)
		return -ENOMEM;
	*buf = p;
	*cap = need;
	return 0;
}

static uint64_t read_unsigned(const uint8_t *p, unsigned int size)
{
	uint8_t u8;
	uint16_t u16;
	uint32_t u32;
	uint64_t u64;

	switch (size) {
	case 1:
		memcpy(&u8, p, 1);
		return u8;
	case 2:
		memcpy(&u16, p, 2);
		return u16;
	case 4:
		memcpy(&u32, p, 4);
		return u32;
	default:
		memcpy(&u64, p, 8);
		return u64;
	}
}

static int64_t read_signed(const uint8_t *p, unsigned int size)
{
	uint64_t v = read_unsigned(p, size);

	switch (size) {
	case 1:
		return (int8_t)v;
	case 2:
		return (int16_t)v;
	case 4:
		return (int32_t)v;
	default:
		return (int64_t)v;
	}
}

/*
 * The output of one record: context then payload fields, byte packed
 * and little endian like the record itself, as the metadata declares.
 */
struct out_buf {
	uint8_t *p;
};

static void put_bytes(struct out_buf *o, const void *src, size_t len)
{
	memcpy(o->p, src, len);
	o->p += len;
}

/* An integer of size bytes (value already biased). */
static void put_int(struct out_buf *o, uint64_t v, unsigned int size)
{
	put_bytes(o, &v, size); /* little endian: the low bytes first */
}

/* A char array of count bytes: the text up to its NUL, zero padded. */
static void put_text_array(struct out_buf *o, const uint8_t *src, size_t count)
{
	size_t n = strnlen((const char *)src, count);

	memcpy(o->p, src, n);
	memset(o->p + n, 0, count - n);
	o->p += count;
}

/* A NUL-terminated string from at most len bytes. */
static void put_string(struct out_buf *o, const uint8_t *src, size_t len)
{
	size_t n = strnlen((const char *)src, len);

	memcpy(o->p, src, n);
	o->p[n] = '\0';
	o->p += n + 1;
}

/* Where a __data_loc/__rel_loc field's data is: 0, or -1 when outside. */
static int locate(const struct kernel_field_plan *plan,
		  const struct tracefs_record *r, size_t *off, size_t *len)
{
	uint32_t loc = (uint32_t)read_unsigned(r->data + plan->offset, 4);

	*off = loc & 0xffff;
	*len = loc >> 16;
	if (plan->is_rel_loc)
		*off += plan->offset + 4;
	return *off + *len <= r->size ? 0 : -1;
}

/*
 * A bpf_trace_printk record: this consumer's marker is kept as its
 * thread's last one (the record it precedes takes it); another
 * consumer's is dropped; any other is a user's event (false).
 */
static bool take_marker(struct kernel_page_converter *c,
			const struct tracefs_record *r, int32_t tid)
{
	struct kernel_string_marker marker;
	uint32_t loc;
	size_t off, len;
	int ret;

	if (r->size < 12)
		return false;
	memcpy(&loc, r->data + 8, sizeof(loc));
	off = loc & 0xffff;
	len = loc >> 16;
	if (off + len > r->size)
		return false;
	ret = kernel_bpf_strings_parse_marker(
		c->bpf, (const char *)r->data + off, len, &marker);
	if (ret == 1) {
		if (!c->markers)
			c->markers = kernel_string_markers_create();
		if (c->markers)
			kernel_string_markers_put(c->markers, tid, &marker);
	}
	return ret != 0;
}

/*
 * A string that could not be read or associated: the record keeps "",
 * and once written the loss counts as a discarded event of its packet,
 * so that a reader knows the packet's data is incomplete.
 */
static const char *lost_string(struct kernel_page_converter *c)
{
	c->record_lost_strings++;
	return "";
}

/*
 * The string BPF captured for the system call of record r: the one its
 * thread's marker just before it in this CPU's buffer carries, when
 * the marker's hash of the arguments is the record's. Else (the marker
 * was lost, or is another system call's) lost_string().
 */
static const char *captured_string(struct kernel_page_converter *c,
				   const struct tracefs_record *r)
{
	struct kernel_string_marker *marker = &c->marker_scratch;
	int32_t tid = (int32_t)read_signed(r->data + COMMON_PID_OFFSET, 4);
	size_t nr_args = r->size > KERNEL_BPF_ARGS_OFFSET
				 ? (r->size - KERNEL_BPF_ARGS_OFFSET) / 8
				 : 0;
	const char *str;

	if (!c->bpf)
		return "";
	if (!c->markers ||
	    !kernel_string_markers_take(c->markers, tid, marker) ||
	    marker->args_hash != kernel_bpf_args_hash(r->data, nr_args))
		return lost_string(c);
	if (!marker->pending_ts)
		return marker->str;
	str = kernel_bpf_strings_retry(c->bpf, tid, marker->pending_ts);
	return str ? str : lost_string(c);
}

/* The inode of thread tid's pid namespace (0 once it has exited). */
static uint32_t pid_ns_inode(int32_t tid)
{
	char path[64];
	struct stat st;

	snprintf(path, sizeof(path), "/proc/%d/ns/pid", tid);
	return stat(path, &st) ? 0 : (uint32_t)st.st_ino;
}

/* sched_process_fork's fields derived from a thread id. */
static void put_thread_field(struct kernel_page_converter *c, struct out_buf *o,
			     enum kernel_field_kind kind, int32_t tid)
{
	int32_t tgid = tid;
	uint32_t ns;

	switch (kind) {
	case KERNEL_FIELD_TGID:
		if (c->threads)
			tgid = kernel_process_table_get(c->threads, tid)->pid;
		put_int(o, (uint64_t)(int64_t)tgid, 4);
		break;
	case KERNEL_FIELD_PID_NS_INUM:
		/* A child gone already: its parent's namespace (the one
		 * before it in the record). */
		ns = pid_ns_inode(tid);
		if (ns)
			c->last_ns_inum = ns;
		put_int(o, c->last_ns_inum, 4);
		break;
	default: /* vtids: the root namespace's id only */
		put_int(o, 1, 1);
		put_int(o, (uint64_t)(int64_t)tid, 4);
		break;
	}
}

/* Lays out one payload field; -EBADMSG when the record lies. */
static int put_field(struct kernel_page_converter *c, struct out_buf *o,
		     const struct kernel_field_plan *p,
		     const struct tracefs_record *r)
{
	const char *str;
	size_t off, len;

	switch (p->kind) {
	case KERNEL_FIELD_BPF_STRING:
		str = captured_string(c, r);
		put_string(o, (const uint8_t *)str, strlen(str) + 1);
		return 0;
	case KERNEL_FIELD_TGID:
	case KERNEL_FIELD_PID_NS_INUM:
	case KERNEL_FIELD_VTIDS:
		put_thread_field(c, o, p->kind,
				 (int32_t)read_signed(r->data + p->offset, 4));
		return 0;
	case KERNEL_FIELD_INT:
		if (p->bias)
			put_int(o,
				(uint64_t)(read_signed(r->data + p->offset,
						       p->size) +
					   p->bias),
				p->size);
		else
			put_bytes(o, r->data + p->offset, p->size);
		return 0;
	case KERNEL_FIELD_TEXT_ARRAY:
		put_text_array(o, r->data + p->offset, p->size);
		return 0;
	case KERNEL_FIELD_STRING_LOC:
		if (locate(p, r, &off, &len))
			return -EBADMSG;
		put_string(o, r->data + off, len);
		return 0;
	case KERNEL_FIELD_STRING_FLEX:
		off = p->offset < r->size ? p->offset : r->size;
		put_string(o, r->data + off, r->size - off);
		return 0;
	case KERNEL_FIELD_INT_ARRAY:
		put_bytes(o, r->data + p->offset,
			  (size_t)p->count * p->elem_size);
		return 0;
	case KERNEL_FIELD_SEQ_LOC:
		if (p->count) { /* flexible: up to the record's end */
			off = p->offset < r->size ? p->offset : r->size;
			len = r->size - off;
		} else if (locate(p, r, &off, &len)) {
			return -EBADMSG;
		}
		len -= len % p->elem_size;
		put_int(o, len / p->elem_size, 4);
		put_bytes(o, r->data + off, len);
		return 0;
	}
	return -EBADMSG;
}

static bool field_in_record(const struct kernel_field_plan *p,
			    const struct tracefs_record *r)
{
	if (p->kind == KERNEL_FIELD_STRING_FLEX ||
	    (p->kind == KERNEL_FIELD_SEQ_LOC && p->count))
		return true;
	return p->offset + p->size <= r->size;
}

/*
 * Lays out the payload of record r; -EBADMSG when it is out of bounds.
 * captured[i] (when not NULL) points to the string laid out for a BPF
 * string field i, for the filters.
 */
static int put_payload(struct kernel_page_converter *c, struct out_buf *o,
		       const struct kernel_event_class *ec,
		       const struct tracefs_record *r, const char **captured)
{
	size_t i;
	int ret;

	for (i = 0; i < ec->nr_plans; i++) {
		const uint8_t *start = o->p;

		if (!field_in_record(&ec->plans[i], r))
			return -EBADMSG;
		ret = put_field(c, o, &ec->plans[i], r);
		if (ret)
			return ret;
		if (captured && i < KERNEL_RECORD_FILTER_MAX_FIELDS)
			captured[i] =
				ec->plans[i].kind == KERNEL_FIELD_BPF_STRING
					? (const char *)start
					: NULL;
	}
	return 0;
}

/* Lays out the context fields of a record of thread tid. */
/* ftrace's common_flags bits (kernel/trace/trace.h). */
#define TRACE_FLAG_IRQS_OFF 0x01
#define TRACE_FLAG_NEED_RESCHED 0x04
#define TRACE_FLAG_HARDIRQ 0x08
#define TRACE_FLAG_SOFTIRQ 0x10
#define TRACE_FLAG_NMI 0x40
#define TRACE_FLAG_BH_OFF 0x80
#define TRACE_IN_INTERRUPT                                                     \
	(TRACE_FLAG_HARDIRQ | TRACE_FLAG_SOFTIRQ | TRACE_FLAG_NMI |            \
	 TRACE_FLAG_BH_OFF)
/* common_preempt_count: preemption-disabling depth in the low nibble. */
#define TRACE_PREEMPT_DEPTH_MASK 0x0f
#define COMMON_FLAGS_OFFSET 2
#define COMMON_PREEMPT_COUNT_OFFSET 3

/*
 * vppid: the parent's id in the thread's pid namespace (the parent's
 * vpid when both share it; 0 when the parent is outside, as for a
 * namespace's init).
 */
static int32_t vppid_of(struct kernel_page_converter *c,
			const struct kernel_thread_info *t)
{
	const struct kernel_thread_info *parent;

	if (t->vppid_known)
		return t->vppid;
	if (t->vpid == t->pid)
		return t->ppid;
	parent = kernel_process_table_get(c->threads, t->ppid);
	return parent->ns[KERNEL_NS_PID] == t->ns[KERNEL_NS_PID] ? parent->vpid
								 : 0;
}

/* The value of an integer context; *size its bytes. */
static uint64_t integer_context(struct kernel_page_converter *c,
				enum kernel_context_kind kind,
				const struct kernel_thread_info *t,
				const struct tracefs_record *r, size_t *size)
{
	uint8_t flags = r->data[COMMON_FLAGS_OFFSET];
	uint8_t preempt = r->data[COMMON_PREEMPT_COUNT_OFFSET];
	const uint32_t *creds[] = {&t->uid,   &t->euid, &t->suid,  &t->gid,
				   &t->egid,  &t->sgid, &t->vuid,  &t->veuid,
				   &t->vsuid, &t->vgid, &t->vegid, &t->vsgid};

	*size = 4;
	switch (kind) {
	case KERNEL_CONTEXT_PID:
		return (uint64_t)(int64_t)t->pid;
	case KERNEL_CONTEXT_VPID:
		return (uint64_t)(int64_t)(t->ids_known ? t->vpid : t->pid);
	case KERNEL_CONTEXT_TID:
		return (uint64_t)(int64_t)t->tid;
	case KERNEL_CONTEXT_VTID:
		return (uint64_t)(int64_t)(t->ids_known ? t->vtid : t->tid);
	case KERNEL_CONTEXT_PPID:
		return (uint64_t)(int64_t)t->ppid;
	case KERNEL_CONTEXT_VPPID:
		return (uint64_t)(int64_t)(t->ids_known ? vppid_of(c, t)
							: t->ppid);
	case KERNEL_CONTEXT_PRIO:
		return (uint64_t)(int64_t)t->prio;
	case KERNEL_CONTEXT_NICE:
		return (uint64_t)(int64_t)t->nice;
	case KERNEL_CONTEXT_CPU_ID:
		return c->cpu;
	case KERNEL_CONTEXT_INTERRUPTIBLE:
		*size = 1;
		return !(flags & TRACE_FLAG_IRQS_OFF);
	case KERNEL_CONTEXT_PREEMPTIBLE:
		*size = 1;
		return !(preempt & TRACE_PREEMPT_DEPTH_MASK) &&
		       !(flags & TRACE_IN_INTERRUPT);
	case KERNEL_CONTEXT_NEED_RESCHEDULE:
		*size = 1;
		return !!(flags & TRACE_FLAG_NEED_RESCHED);
	case KERNEL_CONTEXT_PROCNAME:
	case KERNEL_CONTEXT_HOSTNAME:
		return 0; /* arrays, laid out by put_context() */
	default:
		break;
	}
	if (kind >= KERNEL_CONTEXT_CGROUP_NS && kind <= KERNEL_CONTEXT_UTS_NS)
		return t->ns[kind - KERNEL_CONTEXT_CGROUP_NS];
	return *creds[kind - KERNEL_CONTEXT_UID];
}

static void put_context(struct kernel_page_converter *c, struct out_buf *o,
			int32_t tid, const struct tracefs_record *r)
{
	const struct kernel_context_set *set = c->contexts;
	/* A copy: looking the parent up may reuse the table's slots. */
	struct kernel_thread_info t =
		*kernel_process_table_get(c->threads, tid);
	size_t i, size;
	uint64_t v;

	for (i = 0; i < set->count; i++) {
		switch (set->kinds[i]) {
		case KERNEL_CONTEXT_PROCNAME:
			put_text_array(o, (const uint8_t *)t.comm,
				       KERNEL_COMM_LEN);
			break;
		case KERNEL_CONTEXT_HOSTNAME:
			put_text_array(o, (const uint8_t *)set->hostname,
				       KERNEL_HOSTNAME_LEN);
			break;
		default:
			v = integer_context(c, set->kinds[i], &t, r, &size);
			put_int(o, v, size);
			break;
		}
	}
}

/*
 * Bytes the output of a record of size bytes may take: strings and
 * arrays never exceed the record, plus terminating NULs, sequence
 * lengths and the context.
 */
static size_t output_bound(const struct kernel_event_class *ec, size_t size)
{
	return 2 * size + (8 + KERNEL_BPF_STRING_MAX) * ec->nr_plans +
	       KERNEL_CONTEXT_MAX * 64 + 64;
}

/* Whether the process attribute trackers let thread tid record. */
static bool tracked(struct kernel_page_converter *c, int32_t tid)
{
	if (!c->trackers || !c->threads ||
	    !kernel_process_trackers_active(c->trackers))
		return true;
	return kernel_process_trackers_allow(
		c->trackers, kernel_process_table_get(c->threads, tid));
}

static int convert_record(struct kernel_page_converter *c,
			  const struct tracefs_record *r, struct ctf_error *err)
{
	const char *captured[KERNEL_RECORD_FILTER_MAX_FIELDS];
	const struct kernel_event_class *ec;
	struct ctf_error lookup_err;
	struct out_buf o;
	unsigned int type;
	int32_t tid;
	uint64_t ts;
	int ret;

	c->record_lost_strings = 0;
	if (r->size < COMMON_HEADER_LEN) {
		c->unknown++;
		return 0;
	}
	type = (unsigned int)read_unsigned(r->data + COMMON_TYPE_OFFSET, 2);
	if (c->bpf && type == kernel_bpf_strings_marker_event(c->bpf) &&
	    take_marker(c, r,
			(int32_t)read_signed(r->data + COMMON_PID_OFFSET, 4)))
		return 0;
	ec = kernel_metadata_event(c->metadata, c->stream_id, type,
				   &lookup_err);
	if (!ec) {
		c->unknown++;
		return 0;
	}
	if (grow((void **)&c->out, &c->out_cap, output_bound(ec, r->size)))
		return ctf_error_set(err, -ENOMEM, "out of memory");
	o.p = c->out;
	tid = (int32_t)read_signed(r->data + COMMON_PID_OFFSET, 4);
	if (!tracked(c, tid)) {
		c->untracked++;
		return 0;
	}
	if (c->contexts && c->contexts->count)
		put_context(c, &o, tid, r);
	if (put_payload(c, &o, ec, r, ec->filters.active ? captured : NULL)) {
		c->unknown++;
		return 0;
	}
	if (ec->filters.active &&
	    !kernel_record_filter_keep(ec, r, captured, c->threads, c->cpu)) {
		c->filtered++;
		return 0;
	}
	if (c->queued_head < c->queued_count) { /* the dump's, first */
		ret = kernel_page_converter_write_queued(c, r->timestamp + 1,
							 err);
		if (ret)
			return ret;
	}
	ts = r->timestamp < c->last_timestamp ? c->last_timestamp
					      : r->timestamp;
	ret = ctf_stream_writer_append_raw(c->writer, ec->ctf, ts, c->out,
					   (size_t)(o.p - c->out), err);
	if (ret)
		return ret;
	if (c->threads && ec->is_exec)
		kernel_process_table_forget(c->threads, tid);
	c->last_timestamp = ts;
	c->events++;
	if (c->record_lost_strings) {
		ctf_stream_writer_add_discarded(c->writer,
						c->record_lost_strings);
		c->lost_strings += c->record_lost_strings;
	}
	return 0;
}

/* Writes one event that no record carries (see queue_event). */
static int write_event(struct kernel_page_converter *c,
		       const struct kernel_queued_event *q,
		       struct ctf_error *err)
{
	uint8_t header[COMMON_HEADER_LEN] = {0};
	struct tracefs_record r = {
		.timestamp = q->ts, .data = header, .size = sizeof(header)};
	size_t context_bound = (c->contexts ? c->contexts->count : 0) *
			       (KERNEL_HOSTNAME_LEN + 8);
	uint64_t ts = q->ts < c->last_timestamp ? c->last_timestamp : q->ts;
	struct out_buf o;
	int ret;

	memcpy(header + COMMON_PID_OFFSET, &q->tid, sizeof(q->tid));
	/* Not c->out: a record laid out there may be waiting for this. */
	if (grow((void **)&c->queued_out, &c->queued_out_cap,
		 context_bound + q->len))
		return ctf_error_set(err, -ENOMEM, "out of memory");
	o.p = c->queued_out;
	if (c->contexts && c->contexts->count)
		put_context(c, &o, q->tid, &r);
	memcpy(o.p, q->payload, q->len);
	o.p += q->len;
	ret = ctf_stream_writer_append_raw(c->writer, q->ev, ts, c->queued_out,
					   (size_t)(o.p - c->queued_out), err);
	if (ret)
		return ret;
	c->last_timestamp = ts;
	c->events++;
	return 0;
}

int kernel_page_converter_queue_event(struct kernel_page_converter *c,
				      const struct ctf_event_class *ev,
				      uint64_t ts, int32_t tid,
				      const void *payload, size_t len,
				      struct ctf_error *err)
{
	struct kernel_queued_event *q;

	if (c->queued_head && c->queued_head == c->queued_count)
		c->queued_head = c->queued_count = 0; /* all written */
	if ((c->queued_count + 1) * sizeof(*q) > c->queued_cap &&
	    grow((void **)&c->queued, &c->queued_cap,
		 c->queued_cap ? 2 * c->queued_cap : 256 * sizeof(*q)))
		return ctf_error_set(err, -ENOMEM, "out of memory");
	q = &c->queued[c->queued_count];
	q->payload = malloc(len ? len : 1);
	if (!q->payload)
		return ctf_error_set(err, -ENOMEM, "out of memory");
	if (len)
		memcpy(q->payload, payload, len);
	q->ts = ts;
	q->ev = ev;
	q->tid = tid;
	q->len = len;
	c->queued_count++;
	return 0;
}

int kernel_page_converter_write_queued(struct kernel_page_converter *c,
				       uint64_t before, struct ctf_error *err)
{
	struct kernel_queued_event *q;
	int ret;

	while (c->queued_head < c->queued_count &&
	       c->queued[c->queued_head].ts < before) {
		q = &c->queued[c->queued_head];
		ret = write_event(c, q, err);
		if (ret)
			return ret;
		free(q->payload);
		q->payload = NULL;
		c->queued_head++;
	}
	return 0;
}

/* Packets that count lost events filled, estimated; at least one. */
static uint64_t packets_of_lost_events(const struct kernel_page_converter *c,
				       uint64_t count)
{
	uint64_t mean, bytes;
	size_t packet_size = ctf_stream_writer_packet_size(c->writer);

	if (!count || !c->records || !packet_size)
		return 1;
	mean = c->record_bytes / c->records;
	bytes = count * (mean ? mean : 1);
	return (bytes + packet_size - 1) / packet_size;
}

int kernel_page_converter_lose(struct kernel_page_converter *c, uint64_t count,
			       struct ctf_error *err)
{
	uint64_t packets;

	c->discarded += count;
	if (!c->overwrite) {
		if (count)
			ctf_stream_writer_add_discarded(c->writer, count);
		else
			c->unknown_losses++;
		return 0;
	}
	packets = packets_of_lost_events(c, count);
	c->lost_packets += packets;
	return ctf_stream_writer_lose_packets(c->writer, packets,
					      c->last_timestamp, err);
}

int kernel_page_convert(struct kernel_page_converter *c, const void *page,
			size_t len, struct ctf_error *err)
{
	struct tracefs_page_reader reader;
	struct tracefs_record record;
	int ret;

	ret = tracefs_page_reader_init(&reader, c->layout, page, len);
	if (ret)
		return ctf_error_set(err, ret, "malformed kernel page (cpu %u)",
				     c->cpu);
	if (reader.events_missed) {
		/* a marker before the loss may not precede its record */
		if (c->markers)
			kernel_string_markers_clear(c->markers);
		ret = kernel_page_converter_lose(
			c, reader.missed_count_known ? reader.missed_count : 0,
			err);
		if (ret)
			return ret;
	}
	c->record_bytes += reader.data_len;
	while ((ret = tracefs_page_reader_next(&reader, &record)) == 1) {
		c->records++;
		ret = convert_record(c, &record, err);
		if (ret)
			return ret;
	}
	if (ret < 0)
		return ctf_error_set(err, ret,
				     "malformed record in a kernel page "
				     "(cpu %u)",
				     c->cpu);
	return 0;
}

void kernel_page_converter_fini(struct kernel_page_converter *c)
{
	size_t i;

	for (i = c->queued_head; i < c->queued_count; i++)
		free(c->queued[i].payload);
	free(c->queued);
	c->queued = NULL;
	c->queued_head = c->queued_count = c->queued_cap = 0;
	free(c->out);
	c->out = NULL;
	c->out_cap = 0;
	kernel_string_markers_destroy(c->markers);
	c->markers = NULL;
	free(c->queued_out);
	c->queued_out = NULL;
	c->queued_out_cap = 0;
}
