/*
 * Implementation of bpf-strings.h: the programs are written out
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
#include "tracefs/instance.h"

#define RING_SIZE (1024 * 1024) /* a power of two, of pages */
#define PENDING_ENTRIES 4096	/* threads inside such a system call */
/* The multiplier of kernel_bpf_args_hash(). */
#define ARGS_HASH_MULTIPLIER 0x9e3779b97f4a7c15ULL
/* The markers' event and its text: PREFIX<token> <hash> <pending> <str> */
#define MARKER_SYSTEM "bpf_trace"
#define MARKER_EVENT "bpf_trace_printk"
#define MARKER_PREFIX "lttng-k:"
#define MARKER_FORMAT_SIZE 32 /* bytes of the format on the stack */
/* Longest wait for the retry of a string read at the system call's exit. */
#define PENDING_WAIT_NS 100000000ULL

/*
 * What the exit program writes per retry (280 bytes): ts is the entry's
 * time, str holds the string (len < 0: none). kind is always FINAL.
 */
struct capture_record {
	uint64_t ts;
	uint32_t tid;
	int32_t len;
	uint32_t kind;
	uint32_t pad;
	char str[KERNEL_BPF_STRING_MAX];
};

enum { CAPTURE_FINAL = 0 };

/* The pending map's value: the entry's time, pointer and syscall nr. */
struct pending_entry {
	uint64_t ts;
	uint64_t ptr;
	uint64_t nr;
};

/* Stack layout of the exit program (offsets from the frame pointer r10). */
#define REC_OFF_TS (-(int)sizeof(struct capture_record))
#define REC_OFF_TID (REC_OFF_TS + 8)
#define REC_OFF_LEN (REC_OFF_TS + 12)
#define REC_OFF_KIND (REC_OFF_TS + 16)
#define REC_OFF_PAD (REC_OFF_TS + 20)
#define REC_OFF_STR (REC_OFF_TS + 24)
#define PEND_OFF (REC_OFF_TS - (int)sizeof(struct pending_entry))
#define KEY_OFF (PEND_OFF - 8)

/* Stack layout of the entry program: the string, the marker's format,
 * its three arguments (hash, pending time, address of the string), the
 * pending entry and the map key. */
#define E_STR_OFF (-KERNEL_BPF_STRING_MAX)
#define E_FMT_OFF (E_STR_OFF - MARKER_FORMAT_SIZE)
#define E_DATA_OFF (E_FMT_OFF - 24)
#define E_PEND_OFF (E_DATA_OFF - (int)sizeof(struct pending_entry))
#define E_KEY_OFF (E_PEND_OFF - 8)

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
	struct kernel_string_retries *retries;
	unsigned int marker_event;
	char prefix[20]; /* MARKER_PREFIX and this consumer's token, a space */
	char format[MARKER_FORMAT_SIZE];
	char result[KERNEL_BPF_STRING_MAX];
};

uint64_t kernel_bpf_args_hash(const uint8_t *record, size_t nr_args)
{
	uint32_t nr;
	uint64_t h, arg;
	size_t i;

	memcpy(&nr, record + 8, sizeof(nr));
	h = nr;
	for (i = 0; i < nr_args && i < KERNEL_BPF_MAX_ARGS; i++) {
		memcpy(&arg, record + KERNEL_BPF_ARGS_OFFSET + 8 * i,
		       sizeof(arg));
		h = (h ^ arg) * ARGS_HASH_MULTIPLIER;
	}
	return h;
}

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
 * The sys_enter program: prints the marker {hash of the arguments, 0,
 * string} into the instances (bpf_trace_vprintk). When the string
 * cannot be read now (its page is not resident: BPF may not fault
 * here), the marker says {hash, the entry's time, ""} and {time,
 * pointer, syscall nr} waits in the pending map for the exit program.
 * A sleepable program first touches the string with bpf_copy_from_user
 * (which may fault), so its first page is resident when read.
 */
static void build_enter(struct kbpf_program *p,
			const struct kernel_bpf_strings *bs,
			const struct kernel_bpf_target *t, bool sleepable)
{
	size_t jump, to_print, i;
	uint32_t word;

	kbpf_emit(p, BPF_ALU64 | BPF_MOV | BPF_X, 6, 1, 0, 0); /* r6 = ctx */
	kbpf_emit_call(p, BPF_FUNC_ktime_get_ns);
	kbpf_emit(p, BPF_STX | BPF_MEM | BPF_DW, 10, 0, E_PEND_OFF, 0);
	kbpf_emit_call(p, BPF_FUNC_get_current_pid_tgid);
	kbpf_emit(p, BPF_STX | BPF_MEM | BPF_W, 10, 0, E_KEY_OFF, 0);
	/* r7 = kernel_bpf_args_hash() of the record */
	kbpf_emit(p, BPF_LDX | BPF_MEM | BPF_W, 7, 6, 8, 0);
	kbpf_emit(p, BPF_STX | BPF_MEM | BPF_DW, 10, 7, E_PEND_OFF + 16, 0);
	kbpf_emit_load_imm64(p, 8, ARGS_HASH_MULTIPLIER);
	for (i = 0; i < t->nr_args && i < KERNEL_BPF_MAX_ARGS; i++) {
		kbpf_emit(p, BPF_LDX | BPF_MEM | BPF_DW, 1, 6,
			  (int16_t)(KERNEL_BPF_ARGS_OFFSET + 8 * i), 0);
		kbpf_emit(p, BPF_ALU64 | BPF_XOR | BPF_X, 7, 1, 0, 0);
		kbpf_emit(p, BPF_ALU64 | BPF_MUL | BPF_X, 7, 8, 0, 0);
	}
	kbpf_emit(p, BPF_STX | BPF_MEM | BPF_DW, 10, 7, E_DATA_OFF, 0);
	/* r7 = the user pointer argument */
	kbpf_emit(p, BPF_LDX | BPF_MEM | BPF_DW, 7, 6, (int16_t)t->arg_offset,
		  0);
	kbpf_emit(p, BPF_STX | BPF_MEM | BPF_DW, 10, 7, E_PEND_OFF + 8, 0);
	if (sleepable) { /* copy one byte, faulting its page in */
		kbpf_emit_stack_address(p, 1, E_STR_OFF);
		kbpf_emit(p, BPF_ALU64 | BPF_MOV | BPF_K, 2, 0, 0, 1);
		kbpf_emit(p, BPF_ALU64 | BPF_MOV | BPF_X, 3, 7, 0, 0);
		kbpf_emit_call(p, BPF_FUNC_copy_from_user);
	}
	kbpf_emit_stack_address(p, 1, E_STR_OFF);
	kbpf_emit(p, BPF_ALU64 | BPF_MOV | BPF_K, 2, 0, 0,
		  KERNEL_BPF_STRING_MAX);
	kbpf_emit(p, BPF_ALU64 | BPF_MOV | BPF_X, 3, 7, 0, 0);
	kbpf_emit_call(p, BPF_FUNC_probe_read_user_str);
	jump = kbpf_here(p);
	kbpf_emit(p, BPF_JMP | BPF_JSGT | BPF_K, 0, 0, 0, 0); /* read */
	/* Not readable now: an empty string, retried at the exit. */
	kbpf_emit(p, BPF_ST | BPF_MEM | BPF_B, 10, 0, E_STR_OFF, 0);
	kbpf_emit(p, BPF_LDX | BPF_MEM | BPF_DW, 1, 10, E_PEND_OFF, 0);
	kbpf_emit(p, BPF_STX | BPF_MEM | BPF_DW, 10, 1, E_DATA_OFF + 8, 0);
	kbpf_emit_load_map(p, 1, bs->pending_fd);
	kbpf_emit_stack_address(p, 2, E_KEY_OFF);
	kbpf_emit_stack_address(p, 3, E_PEND_OFF);
	kbpf_emit(p, BPF_ALU64 | BPF_MOV | BPF_K, 4, 0, 0, BPF_ANY);
	kbpf_emit_call(p, BPF_FUNC_map_update_elem);
	to_print = kbpf_here(p);
	kbpf_emit(p, BPF_JMP | BPF_JA, 0, 0, 0, 0);
	kbpf_patch_jump(p, jump);
	kbpf_emit(p, BPF_ST | BPF_MEM | BPF_DW, 10, 0, E_DATA_OFF + 8, 0);
	kbpf_patch_jump(p, to_print);
	kbpf_emit_stack_address(p, 1, E_STR_OFF);
	kbpf_emit(p, BPF_STX | BPF_MEM | BPF_DW, 10, 1, E_DATA_OFF + 16, 0);
	for (i = 0; i < MARKER_FORMAT_SIZE; i += 4) {
		memcpy(&word, bs->format + i, 4);
		kbpf_emit(p, BPF_ST | BPF_MEM | BPF_W, 10, 0,
			  (int16_t)(E_FMT_OFF + (int)i), (int32_t)word);
	}
	kbpf_emit_stack_address(p, 1, E_FMT_OFF);
	kbpf_emit(p, BPF_ALU64 | BPF_MOV | BPF_K, 2, 0, 0, MARKER_FORMAT_SIZE);
	kbpf_emit_stack_address(p, 3, E_DATA_OFF);
	kbpf_emit(p, BPF_ALU64 | BPF_MOV | BPF_K, 4, 0, 0, 24);
	kbpf_emit_call(p, BPF_FUNC_trace_vprintk);
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
static int load_enter(struct kernel_bpf_strings *bs,
		      const struct kernel_bpf_target *t, bool first, char *err,
		      size_t err_len)
{
	struct kbpf_program p = {.len = 0};
	int fd;

	if (first || bs->sleepable) {
		build_enter(&p, bs, t, true);
		fd = kbpf_program_load(&p, true, err, err_len);
		if (fd >= 0 || !first) {
			bs->sleepable = fd >= 0;
			return fd;
		}
		p.len = 0;
	}
	build_enter(&p, bs, t, false);
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
	int fd = load_enter(bs, t, first, err, err_len);

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

/* The tracefs id of the markers' event, 0 when unknown. */
static unsigned int marker_event_id(const char *tracefs_root)
{
	char *text, msg[256];
	unsigned int id;

	if (tracefs_read_file(tracefs_root,
			      "events/" MARKER_SYSTEM "/" MARKER_EVENT "/id",
			      &text, msg, sizeof(msg)))
		return 0;
	id = (unsigned int)strtoul(text, NULL, 10);
	free(text);
	return id;
}

struct kernel_bpf_strings *
kernel_bpf_strings_create(const char *tracefs_root,
			  const struct kernel_bpf_target *targets,
			  size_t nr_targets, char *err, size_t err_len)
{
	struct kernel_bpf_strings *bs = calloc(1, sizeof(*bs));
	size_t i, slots = 2 * nr_targets + 1;

	if (!bs) {
		snprintf(err, err_len, "out of memory");
		return NULL;
	}
	bs->map_fd = -1;
	bs->pending_fd = -1;
	bs->page_size = (size_t)sysconf(_SC_PAGESIZE);
	/* This consumer's token: its pid, unique among running consumers. */
	snprintf(bs->prefix, sizeof(bs->prefix), MARKER_PREFIX "%08x ",
		 (unsigned int)getpid());
	if (strlen(bs->prefix) + sizeof("%llx %llx %s") > sizeof(bs->format)) {
		snprintf(err, err_len, "marker prefix too long");
		goto fail;
	}
	strcpy(bs->format, bs->prefix);
	strcat(bs->format, "%llx %llx %s");
	bs->marker_event = marker_event_id(tracefs_root);
	if (!bs->marker_event) {
		snprintf(err, err_len, "no tracefs event %s/%s", MARKER_SYSTEM,
			 MARKER_EVENT);
		goto fail;
	}
	bs->prog_fds = calloc(slots, sizeof(int));
	bs->perf_fds = calloc(slots, sizeof(int));
	bs->retries = kernel_string_retries_create();
	if (!bs->prog_fds || !bs->perf_fds || !bs->retries) {
		snprintf(err, err_len, "out of memory");
		goto fail;
	}
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

unsigned int
kernel_bpf_strings_marker_event(const struct kernel_bpf_strings *bs)
{
	return bs->marker_event;
}

/* Writes value into file of instance. */
static int write_instance(const char *instance, const char *file,
			  const char *value, char *err, size_t err_len)
{
	struct tracefs_instance inst = {.name = "", .path = (char *)instance};

	return tracefs_instance_write(&inst, file, value, err, err_len);
}

/* Writes value into the enable file of each syscall entry event of set. */
static int toggle_syscall_entries(const char *instance, const char *set,
				  const char *value, char *err, size_t err_len)
{
	const char *line = set, *end;
	char rel[600];

	for (; *line; line = *end ? end + 1 : end) {
		end = strchr(line, '\n');
		if (!end)
			end = line + strlen(line);
		if (strncmp(line, "syscalls:sys_enter_", 19) ||
		    (size_t)(end - line) > 300)
			continue;
		snprintf(rel, sizeof(rel), "events/syscalls/%.*s/enable",
			 (int)(end - line - 9), line + 9);
		if (write_instance(instance, rel, value, err, err_len))
			return -1;
	}
	return 0;
}

int kernel_bpf_strings_setup_instance(struct kernel_bpf_strings *bs,
				      const char *instance, char *err,
				      size_t err_len)
{
	struct tracefs_instance inst = {.name = "", .path = (char *)instance};
	char filter[128], *set;
	int ret;

	/* The markers: this consumer's only (its prefix, a glob). */
	snprintf(filter, sizeof(filter), "bpf_string ~ \"%s*\"", bs->prefix);
	if (write_instance(instance,
			   "events/" MARKER_SYSTEM "/" MARKER_EVENT "/filter",
			   filter, err, err_len) ||
	    write_instance(instance,
			   "events/" MARKER_SYSTEM "/" MARKER_EVENT "/enable",
			   "1", err, err_len))
		return -1;
	/*
	 * The instance's sys_enter probe is registered when its first
	 * syscall entry event is enabled, and a tracepoint calls its probes
	 * in registration order: disabling every one and enabling them
	 * again registers it after the perf probe that runs the BPF
	 * programs (held by this consumer until it exits), so each marker
	 * precedes its record. Later enables keep that order.
	 */
	if (tracefs_instance_read(&inst, "set_event", &set, err, err_len))
		return -1;
	ret = toggle_syscall_entries(instance, set, "0", err, err_len);
	if (!ret)
		ret = toggle_syscall_entries(instance, set, "1", err, err_len);
	free(set);
	return ret ? -1 : 0;
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
	kernel_string_retries_destroy(bs->retries);
	free(bs);
}

static void keep(struct kernel_bpf_strings *bs,
		 const struct capture_record *rec)
{
	kernel_string_retries_keep(bs->retries, (int32_t)rec->tid, rec->ts,
				   rec->str, rec->len);
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
 * The retry of thread tid's entry at ts, waited for (draining the ring
 * every 100 us) until PENDING_WAIT_NS after the entry: a system call
 * blocked longer than that loses its string.
 */
const char *kernel_bpf_strings_retry(struct kernel_bpf_strings *bs, int32_t tid,
				     uint64_t ts)
{
	const struct timespec pause = {0, 100000};
	int ret;

	for (;;) {
		kernel_bpf_strings_drain(bs);
		ret = kernel_string_retries_take(bs->retries, tid, ts,
						 bs->result);
		if (ret || monotonic_now_ns() >= ts + PENDING_WAIT_NS)
			break;
		nanosleep(&pause, NULL);
	}
	return ret == 1 ? bs->result : NULL;
}

int kernel_bpf_strings_parse_marker(const struct kernel_bpf_strings *bs,
				    const char *text, size_t len,
				    struct kernel_string_marker *out)
{
	size_t prefix_len = strlen(bs->prefix), n;
	const char *p, *end = text + len;
	char *next;

	if (len < sizeof(MARKER_PREFIX) - 1 ||
	    memcmp(text, MARKER_PREFIX, sizeof(MARKER_PREFIX) - 1))
		return 0;
	if (len < prefix_len || memcmp(text, bs->prefix, prefix_len))
		return -1;
	p = text + prefix_len;
	/* "<hash> <pending> <string>", the text NUL-terminated within len */
	if (!memchr(p, '\0', (size_t)(end - p)))
		return -1;
	out->args_hash = strtoull(p, &next, 16);
	if (next == p || *next != ' ')
		return -1;
	p = next + 1;
	out->pending_ts = strtoull(p, &next, 16);
	if (next == p || *next != ' ')
		return -1;
	p = next + 1;
	n = strnlen(p, (size_t)(end - p));
	if (n >= KERNEL_CAPTURE_STRING_MAX)
		n = KERNEL_CAPTURE_STRING_MAX - 1;
	memcpy(out->str, p, n);
	out->str[n] = '\0';
	return 1;
}
