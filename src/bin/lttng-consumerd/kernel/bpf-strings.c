/*
 * Implementation of bpf-strings.h: the program is written out
 * instruction by instruction (no compiler, no library), the ring buffer
 * is read through its documented memory layout (consumer position page,
 * producer position page, data mapped twice).
 */
#include <errno.h>
#include <linux/bpf.h>
#include <linux/perf_event.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "bpf-strings.h"

#define RING_SIZE (1024 * 1024) /* a power of two, of pages */
#define QUEUE_BUCKETS 1024	/* threads followed at once */
#define QUEUE_DEPTH 8		/* captures kept per thread */
/* Largest distance between a capture and its tracefs record. */
#define MATCH_WINDOW_NS 2000000ULL

/* What the program writes per call (272 bytes). */
struct capture_record {
	uint64_t ts;
	uint32_t tid;
	int32_t len;
	char str[KERNEL_BPF_STRING_MAX];
};

#define REC_OFF_TS (-(int)sizeof(struct capture_record))
#define REC_OFF_TID (REC_OFF_TS + 8)
#define REC_OFF_LEN (REC_OFF_TS + 12)
#define REC_OFF_STR (REC_OFF_TS + 16)

struct capture {
	uint64_t ts;
	char str[KERNEL_BPF_STRING_MAX];
	bool used;
};

struct thread_queue {
	int32_t tid;
	unsigned int next;
	struct capture captures[QUEUE_DEPTH];
};

struct kernel_bpf_strings {
	int map_fd;
	int *prog_fds;
	size_t nr_progs;
	int *perf_fds;
	size_t nr_perf;
	size_t page_size;
	volatile unsigned long *consumer_pos;
	volatile unsigned long *producer_pos;
	const uint8_t *data;
	struct thread_queue queues[QUEUE_BUCKETS];
	char result[KERNEL_BPF_STRING_MAX];
};

bool kernel_bpf_string_arg(const char *field_name, const char *ctype)
{
	return (!strcmp(field_name, "filename") ||
		!strcmp(field_name, "pathname")) &&
	       strstr(ctype, "char") && strchr(ctype, '*');
}

static long sys_bpf(int cmd, union bpf_attr *attr)
{
	return syscall(SYS_bpf, cmd, attr, sizeof(*attr));
}

static struct bpf_insn insn(uint8_t code, uint8_t dst, uint8_t src, int16_t off,
			    int32_t imm)
{
	struct bpf_insn i = {.code = code,
			     .dst_reg = dst,
			     .src_reg = src,
			     .off = off,
			     .imm = imm};

	return i;
}

/* The program for an argument at arg_offset of the tracepoint record. */
static size_t build_program(struct bpf_insn *p, int map_fd,
			    unsigned int arg_offset)
{
	size_t n = 0;

	p[n++] = insn(BPF_ALU64 | BPF_MOV | BPF_X, 6, 1, 0, 0); /* r6 = ctx */
	p[n++] = insn(BPF_JMP | BPF_CALL, 0, 0, 0, BPF_FUNC_ktime_get_ns);
	p[n++] = insn(BPF_STX | BPF_MEM | BPF_DW, 10, 0, REC_OFF_TS, 0);
	p[n++] = insn(BPF_JMP | BPF_CALL, 0, 0, 0,
		      BPF_FUNC_get_current_pid_tgid);
	p[n++] = insn(BPF_STX | BPF_MEM | BPF_W, 10, 0, REC_OFF_TID, 0);
	/* r3 = the user pointer argument */
	p[n++] = insn(BPF_LDX | BPF_MEM | BPF_DW, 3, 6, (int16_t)arg_offset, 0);
	p[n++] = insn(BPF_ALU64 | BPF_MOV | BPF_X, 1, 10, 0, 0);
	p[n++] = insn(BPF_ALU64 | BPF_ADD | BPF_K, 1, 0, 0, REC_OFF_STR);
	p[n++] = insn(BPF_ALU64 | BPF_MOV | BPF_K, 2, 0, 0,
		      KERNEL_BPF_STRING_MAX);
	p[n++] =
		insn(BPF_JMP | BPF_CALL, 0, 0, 0, BPF_FUNC_probe_read_user_str);
	p[n++] = insn(BPF_STX | BPF_MEM | BPF_W, 10, 0, REC_OFF_LEN, 0);
	/* r1 = the ring buffer map (a 16-byte load) */
	p[n++] = insn(BPF_LD | BPF_DW | BPF_IMM, 1, BPF_PSEUDO_MAP_FD, 0,
		      map_fd);
	p[n++] = insn(0, 0, 0, 0, 0);
	p[n++] = insn(BPF_ALU64 | BPF_MOV | BPF_X, 2, 10, 0, 0);
	p[n++] = insn(BPF_ALU64 | BPF_ADD | BPF_K, 2, 0, 0, REC_OFF_TS);
	p[n++] = insn(BPF_ALU64 | BPF_MOV | BPF_K, 3, 0, 0,
		      (int32_t)sizeof(struct capture_record));
	p[n++] = insn(BPF_ALU64 | BPF_MOV | BPF_K, 4, 0, 0, 0);
	p[n++] = insn(BPF_JMP | BPF_CALL, 0, 0, 0, BPF_FUNC_ringbuf_output);
	p[n++] = insn(BPF_ALU64 | BPF_MOV | BPF_K, 0, 0, 0, 0);
	p[n++] = insn(BPF_JMP | BPF_EXIT, 0, 0, 0, 0);
	return n;
}

static int load_program(int map_fd, unsigned int arg_offset, char *err,
			size_t err_len)
{
	struct bpf_insn prog[32];
	char log[4096] = "";
	union bpf_attr attr;
	int fd;

	memset(&attr, 0, sizeof(attr));
	attr.prog_type = BPF_PROG_TYPE_TRACEPOINT;
	attr.insns = (uint64_t)(uintptr_t)prog;
	attr.insn_cnt = (uint32_t)build_program(prog, map_fd, arg_offset);
	attr.license = (uint64_t)(uintptr_t) "GPL";
	attr.log_buf = (uint64_t)(uintptr_t)log;
	attr.log_size = sizeof(log);
	attr.log_level = 1;
	fd = (int)sys_bpf(BPF_PROG_LOAD, &attr);
	if (fd < 0)
		snprintf(err, err_len, "BPF program refused: %s %s",
			 strerror(errno), log);
	return fd;
}

static int create_map(char *err, size_t err_len)
{
	union bpf_attr attr;
	int fd;

	memset(&attr, 0, sizeof(attr));
	attr.map_type = BPF_MAP_TYPE_RINGBUF;
	attr.max_entries = RING_SIZE;
	fd = (int)sys_bpf(BPF_MAP_CREATE, &attr);
	if (fd < 0)
		snprintf(err, err_len, "cannot create a BPF ring buffer: %s",
			 strerror(errno));
	return fd;
}

static int map_ring(struct kernel_bpf_strings *bs, char *err, size_t err_len)
{
	void *cons, *prod;

	cons = mmap(NULL, bs->page_size, PROT_READ | PROT_WRITE, MAP_SHARED,
		    bs->map_fd, 0);
	prod = mmap(NULL, bs->page_size + 2 * RING_SIZE, PROT_READ, MAP_SHARED,
		    bs->map_fd, (off_t)bs->page_size);
	if (cons == MAP_FAILED || prod == MAP_FAILED) {
		snprintf(err, err_len, "cannot map the BPF ring buffer: %s",
			 strerror(errno));
		if (cons != MAP_FAILED)
			munmap(cons, bs->page_size);
		if (prod != MAP_FAILED)
			munmap(prod, bs->page_size + 2 * RING_SIZE);
		return -1;
	}
	bs->consumer_pos = cons;
	bs->producer_pos = prod;
	bs->data = (const uint8_t *)prod + bs->page_size;
	return 0;
}

/*
 * Attaches a program to a tracepoint. A tracepoint's programs run on
 * every CPU once one perf event holds them, so one event is opened, on
 * the first CPU that accepts it.
 */
static int attach(struct kernel_bpf_strings *bs, int prog_fd,
		  unsigned int tracepoint_id, long nr_cpus, char *err,
		  size_t err_len)
{
	struct perf_event_attr attr;
	long cpu;
	int fd = -1;

	memset(&attr, 0, sizeof(attr));
	attr.type = PERF_TYPE_TRACEPOINT;
	attr.size = sizeof(attr);
	attr.config = tracepoint_id;
	attr.sample_period = 1;
	attr.wakeup_events = 1;
	for (cpu = 0; cpu < nr_cpus && fd < 0; cpu++)
		fd = (int)syscall(SYS_perf_event_open, &attr, -1, (int)cpu, -1,
				  PERF_FLAG_FD_CLOEXEC);
	if (fd < 0 || ioctl(fd, PERF_EVENT_IOC_SET_BPF, prog_fd) ||
	    ioctl(fd, PERF_EVENT_IOC_ENABLE, 0)) {
		snprintf(err, err_len, "cannot attach BPF to tracepoint %u: %s",
			 tracepoint_id, strerror(errno));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	bs->perf_fds[bs->nr_perf++] = fd;
	return 0;
}

struct kernel_bpf_strings *
kernel_bpf_strings_create(const struct kernel_bpf_target *targets,
			  size_t nr_targets, char *err, size_t err_len)
{
	long nr_cpus = sysconf(_SC_NPROCESSORS_CONF);
	struct kernel_bpf_strings *bs = calloc(1, sizeof(*bs));
	size_t i;

	if (!bs || nr_cpus <= 0) {
		free(bs);
		snprintf(err, err_len, "out of memory");
		return NULL;
	}
	bs->map_fd = -1;
	bs->page_size = (size_t)sysconf(_SC_PAGESIZE);
	bs->prog_fds = calloc(nr_targets ? nr_targets : 1, sizeof(int));
	bs->perf_fds = calloc(nr_targets ? nr_targets : 1, sizeof(int));
	if (!bs->prog_fds || !bs->perf_fds)
		goto fail;
	bs->map_fd = create_map(err, err_len);
	if (bs->map_fd < 0 || map_ring(bs, err, err_len))
		goto fail;
	for (i = 0; i < nr_targets; i++) {
		int fd = load_program(bs->map_fd, targets[i].arg_offset, err,
				      err_len);

		if (fd < 0)
			goto fail;
		bs->prog_fds[bs->nr_progs++] = fd;
		if (attach(bs, fd, targets[i].tracepoint_id, nr_cpus, err,
			   err_len))
			goto fail;
	}
	return bs;
fail:
	kernel_bpf_strings_destroy(bs);
	return NULL;
}

void kernel_bpf_strings_destroy(struct kernel_bpf_strings *bs)
{
	size_t i;

	if (!bs)
		return;
	for (i = 0; i < bs->nr_perf; i++)
		close(bs->perf_fds[i]);
	for (i = 0; i < bs->nr_progs; i++)
		close(bs->prog_fds[i]);
	if (bs->consumer_pos)
		munmap((void *)bs->consumer_pos, bs->page_size);
	if (bs->producer_pos)
		munmap((void *)bs->producer_pos, bs->page_size + 2 * RING_SIZE);
	if (bs->map_fd >= 0)
		close(bs->map_fd);
	free(bs->perf_fds);
	free(bs->prog_fds);
	free(bs);
}

static struct thread_queue *queue_of(struct kernel_bpf_strings *bs, int32_t tid)
{
	return &bs->queues[((uint32_t)tid * 2654435761U) % QUEUE_BUCKETS];
}

static void keep(struct kernel_bpf_strings *bs,
		 const struct capture_record *rec)
{
	struct thread_queue *q = queue_of(bs, (int32_t)rec->tid);
	struct capture *c;
	size_t len;

	if (q->tid != (int32_t)rec->tid) { /* the bucket changes thread */
		memset(q, 0, sizeof(*q));
		q->tid = (int32_t)rec->tid;
	}
	c = &q->captures[q->next++ % QUEUE_DEPTH];
	c->ts = rec->ts;
	c->used = false;
	len = rec->len > 0 ? (size_t)rec->len : 0;
	if (len > KERNEL_BPF_STRING_MAX)
		len = KERNEL_BPF_STRING_MAX;
	memcpy(c->str, rec->str, len);
	c->str[len ? len - 1 : 0] = '\0';
}

void kernel_bpf_strings_drain(struct kernel_bpf_strings *bs)
{
	unsigned long cons = *bs->consumer_pos;
	unsigned long prod =
		__atomic_load_n(bs->producer_pos, __ATOMIC_ACQUIRE);

	while (cons < prod) {
		const uint32_t *hdr =
			(const uint32_t *)(bs->data + (cons & (RING_SIZE - 1)));
		uint32_t len = __atomic_load_n(hdr, __ATOMIC_ACQUIRE);

		if (len & BPF_RINGBUF_BUSY_BIT)
			break;
		if (!(len & BPF_RINGBUF_DISCARD_BIT) &&
		    (len & ~(BPF_RINGBUF_BUSY_BIT | BPF_RINGBUF_DISCARD_BIT)) ==
			    sizeof(struct capture_record))
			keep(bs, (const struct capture_record *)(hdr + 2));
		len &= ~(BPF_RINGBUF_BUSY_BIT | BPF_RINGBUF_DISCARD_BIT);
		cons += (len + BPF_RINGBUF_HDR_SZ + 7) & ~7UL;
	}
	__atomic_store_n(bs->consumer_pos, cons, __ATOMIC_RELEASE);
}

const char *kernel_bpf_strings_take(struct kernel_bpf_strings *bs, int32_t tid,
				    uint64_t ts)
{
	struct thread_queue *q = queue_of(bs, tid);
	struct capture *best = NULL;
	uint64_t best_gap = MATCH_WINDOW_NS + 1, gap;
	unsigned int i;

	if (q->tid != tid)
		return NULL;
	for (i = 0; i < QUEUE_DEPTH; i++) {
		struct capture *c = &q->captures[i];

		if (c->used || !c->ts)
			continue;
		gap = c->ts > ts ? c->ts - ts : ts - c->ts;
		if (gap < best_gap) {
			best_gap = gap;
			best = c;
		}
	}
	if (!best)
		return NULL;
	best->used = true;
	memcpy(bs->result, best->str, sizeof(bs->result));
	return bs->result;
}
