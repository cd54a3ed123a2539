/*
 * Implementation of bpf-strings.h: the program is written out
 * instruction by instruction (no compiler, no library), the ring buffer
 * is read through its documented memory layout (consumer position page,
 * producer position page, data mapped twice).
 */
#include <errno.h>
#include <linux/bpf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "bpf-program.h"
#include "bpf-strings.h"
#include "string-captures.h"

#define RING_SIZE (1024 * 1024) /* a power of two, of pages */
#define PENDING_ENTRIES 4096	/* threads inside such a system call */
/* How long after a record its capture may still be on its way. */
#define ARRIVAL_WINDOW_NS 2000000ULL
/* Longest wait for the retry of a string read at the system call's exit. */
#define PENDING_WAIT_NS 100000000ULL

/*
 * What the programs write per capture (280 bytes). kind: FINAL (str
 * holds the string, or len < 0: none) or PENDING (the entry could not
 * read it; the exit program sends a FINAL record with the same ts).
 */
struct capture_record {
	uint64_t ts;
	uint32_t tid;
	int32_t len;
	uint32_t kind;
	uint32_t pad;
	char str[KERNEL_BPF_STRING_MAX];
};

enum { CAPTURE_FINAL = 0, CAPTURE_PENDING = 1 };

/* The pending map's value: the entry's time, pointer and syscall nr. */
struct pending_entry {
	uint64_t ts;
	uint64_t ptr;
	uint64_t nr;
};

/* Stack layout of both programs (offsets from the frame pointer r10). */
#define REC_OFF_TS (-(int)sizeof(struct capture_record))
#define REC_OFF_TID (REC_OFF_TS + 8)
#define REC_OFF_LEN (REC_OFF_TS + 12)
#define REC_OFF_KIND (REC_OFF_TS + 16)
#define REC_OFF_PAD (REC_OFF_TS + 20)
#define REC_OFF_STR (REC_OFF_TS + 24)
#define PEND_OFF (REC_OFF_TS - (int)sizeof(struct pending_entry))
#define KEY_OFF (PEND_OFF - 8)

/* Tracepoint record offsets shared by every sys_enter/sys_exit event. */
#define SYSCALL_NR_OFFSET 8
#define SYSCALL_RET_OFFSET 16

struct kernel_bpf_strings {
	int map_fd;
	int pending_fd;
	int *prog_fds;
	size_t nr_progs;
	int *perf_fds;
	size_t nr_perf;
	size_t page_size;
	bool sleepable;
	volatile unsigned long *consumer_pos;
	volatile unsigned long *producer_pos;
	const uint8_t *data;
	struct kernel_string_captures *captures;
	char result[KERNEL_BPF_STRING_MAX];
};

bool kernel_bpf_string_arg(const char *field_name, const char *ctype)
{
	return (!strcmp(field_name, "filename") ||
		!strcmp(field_name, "pathname")) &&
	       strstr(ctype, "char") && strchr(ctype, '*');
}

/* r0 = bpf_probe_read_user_str(record's str, 256, r_src); len = r0. */
static void emit_read_string(struct kbpf_program *p, uint8_t r_src)
{
	kbpf_emit_stack_address(p, 1, REC_OFF_STR);
	kbpf_emit(p, BPF_ALU64 | BPF_MOV | BPF_K, 2, 0, 0,
		  KERNEL_BPF_STRING_MAX);
	kbpf_emit(p, BPF_ALU64 | BPF_MOV | BPF_X, 3, r_src, 0, 0);
	kbpf_emit_call(p, BPF_FUNC_probe_read_user_str);
	kbpf_emit(p, BPF_STX | BPF_MEM | BPF_W, 10, 0, REC_OFF_LEN, 0);
}

/* bpf_ringbuf_output(ring, the record on the stack, its size, 0). */
static void emit_output(struct kbpf_program *p, int ring_fd, int32_t kind)
{
	kbpf_emit(p, BPF_ST | BPF_MEM | BPF_W, 10, 0, REC_OFF_KIND, kind);
	kbpf_emit(p, BPF_ST | BPF_MEM | BPF_W, 10, 0, REC_OFF_PAD, 0);
	kbpf_emit_load_map(p, 1, ring_fd);
	kbpf_emit_stack_address(p, 2, REC_OFF_TS);
	kbpf_emit(p, BPF_ALU64 | BPF_MOV | BPF_K, 3, 0, 0,
		  (int32_t)sizeof(struct capture_record));
	kbpf_emit(p, BPF_ALU64 | BPF_MOV | BPF_K, 4, 0, 0, 0);
	kbpf_emit_call(p, BPF_FUNC_ringbuf_output);
}

/*
 * The sys_enter program: {time, tid, string} into the ring. When the
 * string cannot be read now (its page is not resident: BPF may not
 * fault here), the record says PENDING and {time, pointer, syscall nr}
 * waits in the pending map for the exit program. A sleepable program
 * first touches the string with bpf_copy_from_user (which may fault),
 * so its first page is resident when read.
 */
static void build_enter(struct kbpf_program *p, int ring_fd, int pending_fd,
			unsigned int arg_offset, bool sleepable)
{
	size_t jump;

	kbpf_emit(p, BPF_ALU64 | BPF_MOV | BPF_X, 6, 1, 0, 0); /* r6 = ctx */
	kbpf_emit_call(p, BPF_FUNC_ktime_get_ns);
	kbpf_emit(p, BPF_STX | BPF_MEM | BPF_DW, 10, 0, REC_OFF_TS, 0);
	kbpf_emit(p, BPF_STX | BPF_MEM | BPF_DW, 10, 0, PEND_OFF, 0);
	kbpf_emit_call(p, BPF_FUNC_get_current_pid_tgid);
	kbpf_emit(p, BPF_STX | BPF_MEM | BPF_W, 10, 0, REC_OFF_TID, 0);
	kbpf_emit(p, BPF_STX | BPF_MEM | BPF_W, 10, 0, KEY_OFF, 0);
	/* r7 = the user pointer argument */
	kbpf_emit(p, BPF_LDX | BPF_MEM | BPF_DW, 7, 6, (int16_t)arg_offset, 0);
	if (sleepable) { /* copy one byte, faulting its page in */
		kbpf_emit_stack_address(p, 1, REC_OFF_STR);
		kbpf_emit(p, BPF_ALU64 | BPF_MOV | BPF_K, 2, 0, 0, 1);
		kbpf_emit(p, BPF_ALU64 | BPF_MOV | BPF_X, 3, 7, 0, 0);
		kbpf_emit_call(p, BPF_FUNC_copy_from_user);
	}
	emit_read_string(p, 7);
	jump = kbpf_here(p);
	kbpf_emit(p, BPF_JMP | BPF_JSGT | BPF_K, 0, 0, 0, 0); /* read: output */
	/* Not readable now: retry at the exit. */
	kbpf_emit(p, BPF_STX | BPF_MEM | BPF_DW, 10, 7, PEND_OFF + 8, 0);
	kbpf_emit(p, BPF_LDX | BPF_MEM | BPF_W, 1, 6, SYSCALL_NR_OFFSET, 0);
	kbpf_emit(p, BPF_STX | BPF_MEM | BPF_DW, 10, 1, PEND_OFF + 16, 0);
	kbpf_emit_load_map(p, 1, pending_fd);
	kbpf_emit_stack_address(p, 2, KEY_OFF);
	kbpf_emit_stack_address(p, 3, PEND_OFF);
	kbpf_emit(p, BPF_ALU64 | BPF_MOV | BPF_K, 4, 0, 0, BPF_ANY);
	kbpf_emit_call(p, BPF_FUNC_map_update_elem);
	emit_output(p, ring_fd, CAPTURE_PENDING);
	kbpf_emit_return_zero(p);
	kbpf_patch_jump(p, jump);
	emit_output(p, ring_fd, CAPTURE_FINAL);
	kbpf_emit_return_zero(p);
}

/*
 * The sys_exit program: when this thread's entry left the string
 * pending, read it again (the system call has faulted the page in by
 * now, copying the path) and send it with the entry's time. After a
 * successful exec (exec_like), the address space the pointer belonged
 * to is gone: the string is given up (a FINAL record without string).
 */
static void build_exit(struct kbpf_program *p, int ring_fd, int pending_fd,
		       bool exec_like)
{
	size_t to_out, to_delete, to_give_up = 0, to_send;

	kbpf_emit(p, BPF_ALU64 | BPF_MOV | BPF_X, 6, 1, 0, 0); /* r6 = ctx */
	kbpf_emit_call(p, BPF_FUNC_get_current_pid_tgid);
	kbpf_emit(p, BPF_STX | BPF_MEM | BPF_W, 10, 0, KEY_OFF, 0);
	kbpf_emit(p, BPF_STX | BPF_MEM | BPF_W, 10, 0, REC_OFF_TID, 0);
	kbpf_emit_load_map(p, 1, pending_fd);
	kbpf_emit_stack_address(p, 2, KEY_OFF);
	kbpf_emit_call(p, BPF_FUNC_map_lookup_elem);
	to_out = kbpf_here(p);
	kbpf_emit(p, BPF_JMP | BPF_JEQ | BPF_K, 0, 0, 0, 0);
	kbpf_emit(p, BPF_LDX | BPF_MEM | BPF_DW, 1, 0, 0, 0); /* entry's ts */
	kbpf_emit(p, BPF_STX | BPF_MEM | BPF_DW, 10, 1, REC_OFF_TS, 0);
	kbpf_emit(p, BPF_LDX | BPF_MEM | BPF_DW, 7, 0, 8, 0);  /* pointer */
	kbpf_emit(p, BPF_LDX | BPF_MEM | BPF_DW, 2, 0, 16, 0); /* entry's nr */
	kbpf_emit(p, BPF_LDX | BPF_MEM | BPF_W, 1, 6, SYSCALL_NR_OFFSET, 0);
	to_delete = kbpf_here(p); /* another system call's leftover */
	kbpf_emit(p, BPF_JMP | BPF_JNE | BPF_X, 1, 2, 0, 0);
	if (exec_like) {
		kbpf_emit(p, BPF_LDX | BPF_MEM | BPF_DW, 1, 6,
			  SYSCALL_RET_OFFSET, 0);
		to_give_up = kbpf_here(p);
		kbpf_emit(p, BPF_JMP | BPF_JEQ | BPF_K, 1, 0, 0, 0);
	}
	emit_read_string(p, 7);
	to_send = kbpf_here(p);
	kbpf_emit(p, BPF_JMP | BPF_JA, 0, 0, 0, 0);
	if (exec_like) {
		kbpf_patch_jump(p, to_give_up);
		kbpf_emit(p, BPF_ALU64 | BPF_MOV | BPF_K, 7, 0, 0, 0);
		emit_read_string(p, 7); /* of NULL: a zeroed str, len < 0 */
	}
	kbpf_patch_jump(p, to_send);
	emit_output(p, ring_fd, CAPTURE_FINAL);
	kbpf_patch_jump(p, to_delete);
	kbpf_emit_load_map(p, 1, pending_fd);
	kbpf_emit_stack_address(p, 2, KEY_OFF);
	kbpf_emit_call(p, BPF_FUNC_map_delete_elem);
	kbpf_patch_jump(p, to_out);
	kbpf_emit_return_zero(p);
}

/*
 * Loads the entry program of one target: sleepable when the kernel
 * takes sleepable programs on system call tracepoints (decided on the
 * first target, kept for the others), else not.
 */
static int load_enter(struct kernel_bpf_strings *bs, unsigned int arg_offset,
		      bool first, char *err, size_t err_len)
{
	struct kbpf_program p = {.len = 0};
	int fd;

	if (first || bs->sleepable) {
		build_enter(&p, bs->map_fd, bs->pending_fd, arg_offset, true);
		fd = kbpf_program_load(&p, true, err, err_len);
		if (fd >= 0 || !first) {
			bs->sleepable = fd >= 0;
			return fd;
		}
		p.len = 0;
	}
	build_enter(&p, bs->map_fd, bs->pending_fd, arg_offset, false);
	return kbpf_program_load(&p, false, err, err_len);
}

static int load_exit(struct kernel_bpf_strings *bs, bool exec_like, char *err,
		     size_t err_len)
{
	struct kbpf_program p = {.len = 0};

	build_exit(&p, bs->map_fd, bs->pending_fd, exec_like);
	return kbpf_program_load(&p, false, err, err_len);
}

static int create_pending_map(char *err, size_t err_len)
{
	return kbpf_map_create(BPF_MAP_TYPE_LRU_HASH, sizeof(uint32_t),
			       sizeof(struct pending_entry), PENDING_ENTRIES,
			       err, err_len);
}

static int create_map(char *err, size_t err_len)
{
	return kbpf_map_create(BPF_MAP_TYPE_RINGBUF, 0, 0, RING_SIZE, err,
			       err_len);
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

/* Attaches a program to a tracepoint, keeping the perf event. */
static int attach(struct kernel_bpf_strings *bs, int prog_fd,
		  unsigned int tracepoint_id, char *err, size_t err_len)
{
	int fd = kbpf_tracepoint_attach(prog_fd, tracepoint_id, err, err_len);

	if (fd < 0)
		return -1;
	bs->perf_fds[bs->nr_perf++] = fd;
	return 0;
}

/* Loads the entry and exit programs of one target and attaches them. */
static int add_target(struct kernel_bpf_strings *bs,
		      const struct kernel_bpf_target *t, bool first, char *err,
		      size_t err_len)
{
	int fd = load_enter(bs, t->arg_offset, first, err, err_len);

	if (fd < 0)
		return -1;
	bs->prog_fds[bs->nr_progs++] = fd;
	if (attach(bs, fd, t->tracepoint_id, err, err_len))
		return -1;
	fd = load_exit(bs, t->exec_like, err, err_len);
	if (fd < 0)
		return -1;
	bs->prog_fds[bs->nr_progs++] = fd;
	return attach(bs, fd, t->exit_tracepoint_id, err, err_len);
}

struct kernel_bpf_strings *
kernel_bpf_strings_create(const struct kernel_bpf_target *targets,
			  size_t nr_targets, char *err, size_t err_len)
{
	struct kernel_bpf_strings *bs = calloc(1, sizeof(*bs));
	size_t i, slots = 2 * nr_targets + 1;

	if (!bs) {
		free(bs);
		snprintf(err, err_len, "out of memory");
		return NULL;
	}
	bs->map_fd = -1;
	bs->pending_fd = -1;
	bs->page_size = (size_t)sysconf(_SC_PAGESIZE);
	bs->prog_fds = calloc(slots, sizeof(int));
	bs->perf_fds = calloc(slots, sizeof(int));
	bs->captures = kernel_string_captures_create();
	if (!bs->prog_fds || !bs->perf_fds || !bs->captures)
		goto fail;
	bs->map_fd = create_map(err, err_len);
	if (bs->map_fd < 0 || map_ring(bs, err, err_len))
		goto fail;
	bs->pending_fd = create_pending_map(err, err_len);
	if (bs->pending_fd < 0)
		goto fail;
	for (i = 0; i < nr_targets; i++) {
		if (add_target(bs, &targets[i], i == 0, err, err_len))
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
	if (bs->pending_fd >= 0)
		close(bs->pending_fd);
	free(bs->perf_fds);
	free(bs->prog_fds);
	kernel_string_captures_destroy(bs->captures);
	free(bs);
}

static void keep(struct kernel_bpf_strings *bs,
		 const struct capture_record *rec)
{
	kernel_string_captures_keep(bs->captures, (int32_t)rec->tid, rec->ts,
				    rec->str, rec->len,
				    rec->kind == CAPTURE_PENDING);
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

static uint64_t monotonic_now_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (uint64_t)t.tv_sec * 1000000000ULL + (uint64_t)t.tv_nsec;
}

/*
 * Waits (draining the ring every 50 us) while no capture of thread tid
 * is near ts and the record is younger than ARRIVAL_WINDOW_NS: the
 * tracefs record and the program's capture are written by the same
 * tracepoint call, one just after the other, and the consumer may read
 * the record in between. Returns kernel_string_captures_take()'s
 * result.
 */
static int take_arrived(struct kernel_bpf_strings *bs, int32_t tid, uint64_t ts,
			uint64_t *pending_ts)
{
	const struct timespec pause = {0, 50000};
	int ret;

	while (!(ret = kernel_string_captures_take(bs->captures, tid, ts,
						   bs->result, pending_ts)) &&
	       monotonic_now_ns() < ts + ARRIVAL_WINDOW_NS) {
		nanosleep(&pause, NULL);
		kernel_bpf_strings_drain(bs);
	}
	return ret;
}

/*
 * The string thread tid passed to the system call entered at ts. A
 * pending capture is waited for (draining the ring every 100 us) until
 * the exit program resolves it, or PENDING_WAIT_NS passed (a system
 * call blocked for that long: its string is given up).
 */
const char *kernel_bpf_strings_take(struct kernel_bpf_strings *bs, int32_t tid,
				    uint64_t ts)
{
	const struct timespec pause = {0, 100000};
	uint64_t deadline = 0, pending_ts = 0;
	int ret;

	while ((ret = take_arrived(bs, tid, ts, &pending_ts)) == -EAGAIN) {
		if (!deadline)
			deadline = monotonic_now_ns() + PENDING_WAIT_NS;
		else if (monotonic_now_ns() >= deadline)
			break;
		nanosleep(&pause, NULL);
		kernel_bpf_strings_drain(bs);
	}
	if (ret == -EAGAIN)
		kernel_string_captures_give_up(bs->captures, tid, pending_ts);
	return ret == 1 ? bs->result : NULL;
}
