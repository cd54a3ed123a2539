/*
 * Implementation of bpf-credentials.h: two programs of a few
 * instructions (bpf-program.h), the map value being
 * bpf_get_current_uid_gid() (uid in the low 32 bits, gid in the high).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bpf-credentials.h"
#include "bpf-program.h"
#include "tracefs/event-format.h"
#include "tracefs/instance.h"

#define CREDENTIAL_ENTRIES 65536 /* threads remembered */
#define MAX_ATTACHED 16
#define KEY_OFF (-8)
#define VALUE_OFF (-16)

/* Tracepoints after which the running thread's credentials are kept. */
static const char *const current_thread_events[] = {
	"sched/sched_process_exec",    "syscalls/sys_exit_setuid",
	"syscalls/sys_exit_setgid",    "syscalls/sys_exit_setreuid",
	"syscalls/sys_exit_setregid",  "syscalls/sys_exit_setresuid",
	"syscalls/sys_exit_setresgid", "syscalls/sys_exit_setfsuid",
	"syscalls/sys_exit_setfsgid",
};

struct kernel_bpf_credentials {
	int map_fd;
	int current_prog_fd; /* key: the running thread */
	int fork_prog_fd;    /* key: the child of sched_process_fork */
	int perf_fds[MAX_ATTACHED];
	size_t nr_perf;
};

/*
 * map[key] = bpf_get_current_uid_gid(); the key is the running thread
 * (child_offset < 0) or the pid_t at child_offset of the record.
 */
static void build(struct kbpf_program *p, int map_fd, int child_offset)
{
	if (child_offset < 0) {
		kbpf_emit_call(p, BPF_FUNC_get_current_pid_tgid);
		kbpf_emit(p, BPF_STX | BPF_MEM | BPF_W, 10, 0, KEY_OFF, 0);
	} else {
		kbpf_emit(p, BPF_LDX | BPF_MEM | BPF_W, 2, 1,
			  (int16_t)child_offset, 0);
		kbpf_emit(p, BPF_STX | BPF_MEM | BPF_W, 10, 2, KEY_OFF, 0);
	}
	kbpf_emit_call(p, BPF_FUNC_get_current_uid_gid);
	kbpf_emit(p, BPF_STX | BPF_MEM | BPF_DW, 10, 0, VALUE_OFF, 0);
	kbpf_emit_load_map(p, 1, map_fd);
	kbpf_emit_stack_address(p, 2, KEY_OFF);
	kbpf_emit_stack_address(p, 3, VALUE_OFF);
	kbpf_emit(p, BPF_ALU64 | BPF_MOV | BPF_K, 4, 0, 0, BPF_ANY);
	kbpf_emit_call(p, BPF_FUNC_map_update_elem);
	kbpf_emit_return_zero(p);
}

/* The format of events/<rel> ("sched/sched_process_fork"): 0 or -1. */
static int read_format(const char *root, const char *rel,
		       struct tracefs_event_format *format)
{
	char path[512], *text, msg[256];
	int ret;

	snprintf(path, sizeof(path), "events/%s/format", rel);
	if (tracefs_read_file(root, path, &text, msg, sizeof(msg)))
		return -1;
	ret = tracefs_event_format_parse(text, "", format, msg, sizeof(msg));
	free(text);
	return ret ? -1 : 0;
}

static int attach(struct kernel_bpf_credentials *bc, int prog_fd,
		  unsigned int id, char *err, size_t err_len)
{
	int fd;

	if (bc->nr_perf == MAX_ATTACHED)
		return -1;
	fd = kbpf_tracepoint_attach(prog_fd, id, err, err_len);
	if (fd < 0)
		return -1;
	bc->perf_fds[bc->nr_perf++] = fd;
	return 0;
}

/* Attaches the fork program (needs sched_process_fork's child_pid). */
static int attach_fork(struct kernel_bpf_credentials *bc, const char *root,
		       char *err, size_t err_len)
{
	struct tracefs_event_format format;
	const struct tracefs_field *child;
	struct kbpf_program p = {.len = 0};
	int ret = -1;

	if (read_format(root, "sched/sched_process_fork", &format)) {
		snprintf(err, err_len, "no sched_process_fork event");
		return -1;
	}
	child = tracefs_event_format_field(&format, "child_pid");
	if (child && child->size == 4) {
		build(&p, bc->map_fd, (int)child->offset);
		bc->fork_prog_fd = kbpf_program_load(&p, false, err, err_len);
		if (bc->fork_prog_fd >= 0)
			ret = attach(bc, bc->fork_prog_fd, format.id, err,
				     err_len);
	}
	tracefs_event_format_fini(&format);
	return ret;
}

/* Attaches the current-thread program to every event present. */
static int attach_current(struct kernel_bpf_credentials *bc, const char *root,
			  char *err, size_t err_len)
{
	struct tracefs_event_format format;
	struct kbpf_program p = {.len = 0};
	size_t i;

	build(&p, bc->map_fd, -1);
	bc->current_prog_fd = kbpf_program_load(&p, false, err, err_len);
	if (bc->current_prog_fd < 0)
		return -1;
	for (i = 0;
	     i < sizeof(current_thread_events) / sizeof(*current_thread_events);
	     i++) {
		if (read_format(root, current_thread_events[i], &format))
			continue; /* not on this kernel */
		if (attach(bc, bc->current_prog_fd, format.id, err, err_len)) {
			tracefs_event_format_fini(&format);
			return -1;
		}
		tracefs_event_format_fini(&format);
	}
	return 0;
}

struct kernel_bpf_credentials *
kernel_bpf_credentials_create(const char *tracefs_root, char *err,
			      size_t err_len)
{
	struct kernel_bpf_credentials *bc = calloc(1, sizeof(*bc));

	if (!bc) {
		snprintf(err, err_len, "out of memory");
		return NULL;
	}
	bc->current_prog_fd = bc->fork_prog_fd = -1;
	bc->map_fd = kbpf_map_create(BPF_MAP_TYPE_LRU_HASH, sizeof(uint32_t),
				     sizeof(uint64_t), CREDENTIAL_ENTRIES, err,
				     err_len);
	if (bc->map_fd < 0 || attach_fork(bc, tracefs_root, err, err_len) ||
	    attach_current(bc, tracefs_root, err, err_len)) {
		kernel_bpf_credentials_destroy(bc);
		return NULL;
	}
	return bc;
}

void kernel_bpf_credentials_destroy(struct kernel_bpf_credentials *bc)
{
	size_t i;

	if (!bc)
		return;
	for (i = 0; i < bc->nr_perf; i++)
		close(bc->perf_fds[i]);
	if (bc->current_prog_fd >= 0)
		close(bc->current_prog_fd);
	if (bc->fork_prog_fd >= 0)
		close(bc->fork_prog_fd);
	if (bc->map_fd >= 0)
		close(bc->map_fd);
	free(bc);
}

int kernel_bpf_credentials_lookup(void *ctx, int32_t tid, uint32_t *uid,
				  uint32_t *gid)
{
	const struct kernel_bpf_credentials *bc = ctx;
	uint32_t key = (uint32_t)tid;
	uint64_t value;

	if (kbpf_map_lookup(bc->map_fd, &key, &value))
		return -1;
	*uid = (uint32_t)value;
	*gid = (uint32_t)(value >> 32);
	return 0;
}
