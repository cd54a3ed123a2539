/*
 * Implementation of bpf-program.h, through the bpf(2) and
 * perf_event_open(2) system calls.
 */
#include <assert.h>
#include <errno.h>
#include <linux/perf_event.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "bpf-program.h"
#include "util/cpus.h"

static long sys_bpf(int cmd, union bpf_attr *attr)
{
	return syscall(SYS_bpf, cmd, attr, sizeof(*attr));
}

void kbpf_emit(struct kbpf_program *p, uint8_t code, uint8_t dst, uint8_t src,
	       int16_t off, int32_t imm)
{
	struct bpf_insn i = {.code = code,
			     .dst_reg = dst,
			     .src_reg = src,
			     .off = off,
			     .imm = imm};

	assert(p->len < sizeof(p->insns) / sizeof(p->insns[0]));
	p->insns[p->len++] = i;
}

void kbpf_emit_call(struct kbpf_program *p, int32_t helper)
{
	kbpf_emit(p, BPF_JMP | BPF_CALL, 0, 0, 0, helper);
}

void kbpf_emit_load_map(struct kbpf_program *p, uint8_t dst, int fd)
{
	kbpf_emit(p, BPF_LD | BPF_DW | BPF_IMM, dst, BPF_PSEUDO_MAP_FD, 0, fd);
	kbpf_emit(p, 0, 0, 0, 0, 0);
}

void kbpf_emit_load_imm64(struct kbpf_program *p, uint8_t dst, uint64_t v)
{
	kbpf_emit(p, BPF_LD | BPF_DW | BPF_IMM, dst, 0, 0,
		  (int32_t)(uint32_t)v);
	kbpf_emit(p, 0, 0, 0, 0, (int32_t)(uint32_t)(v >> 32));
}

void kbpf_emit_stack_address(struct kbpf_program *p, uint8_t dst, int32_t off)
{
	kbpf_emit(p, BPF_ALU64 | BPF_MOV | BPF_X, dst, 10, 0, 0);
	kbpf_emit(p, BPF_ALU64 | BPF_ADD | BPF_K, dst, 0, 0, off);
}

void kbpf_emit_return_zero(struct kbpf_program *p)
{
	kbpf_emit(p, BPF_ALU64 | BPF_MOV | BPF_K, 0, 0, 0, 0);
	kbpf_emit(p, BPF_JMP | BPF_EXIT, 0, 0, 0, 0);
}

size_t kbpf_here(const struct kbpf_program *p)
{
	return p->len;
}

void kbpf_patch_jump(struct kbpf_program *p, size_t jump)
{
	p->insns[jump].off = (int16_t)(p->len - jump - 1);
}

int kbpf_program_load(const struct kbpf_program *p, bool sleepable, char *err,
		      size_t err_len)
{
	char log[4096] = "";
	union bpf_attr attr;
	int fd;

	memset(&attr, 0, sizeof(attr));
	attr.prog_type = BPF_PROG_TYPE_TRACEPOINT;
	attr.prog_flags = sleepable ? BPF_F_SLEEPABLE : 0;
	attr.insns = (uint64_t)(uintptr_t)p->insns;
	attr.insn_cnt = (uint32_t)p->len;
	attr.license = (uint64_t)(uintptr_t) "GPL";
	fd = (int)sys_bpf(BPF_PROG_LOAD, &attr);
	if (fd >= 0)
		return fd;
	/* Again with the verifier's log (whose overflow is an error too). */
	attr.log_buf = (uint64_t)(uintptr_t)log;
	attr.log_size = sizeof(log);
	attr.log_level = 1;
	fd = (int)sys_bpf(BPF_PROG_LOAD, &attr);
	if (fd < 0)
		snprintf(err, err_len, "BPF program refused: %s %s",
			 strerror(errno), log);
	return fd;
}

int kbpf_map_create(enum bpf_map_type type, uint32_t key_size,
		    uint32_t value_size, uint32_t max_entries, char *err,
		    size_t err_len)
{
	union bpf_attr attr;
	int fd;

	memset(&attr, 0, sizeof(attr));
	attr.map_type = type;
	attr.key_size = key_size;
	attr.value_size = value_size;
	attr.max_entries = max_entries;
	fd = (int)sys_bpf(BPF_MAP_CREATE, &attr);
	if (fd < 0)
		snprintf(err, err_len, "cannot create a BPF map (type %d): %s",
			 (int)type, strerror(errno));
	return fd;
}

int kbpf_map_lookup(int map_fd, const void *key, void *value)
{
	union bpf_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.map_fd = (uint32_t)map_fd;
	attr.key = (uint64_t)(uintptr_t)key;
	attr.value = (uint64_t)(uintptr_t)value;
	return sys_bpf(BPF_MAP_LOOKUP_ELEM, &attr) ? -1 : 0;
}

int kbpf_tracepoint_attach(int prog_fd, unsigned int tracepoint_id, char *err,
			   size_t err_len)
{
	long nr_cpus = possible_cpus(), cpu;
	struct perf_event_attr attr;
	int fd = -1;

	memset(&attr, 0, sizeof(attr));
	attr.type = PERF_TYPE_TRACEPOINT;
	attr.size = sizeof(attr);
	attr.config = tracepoint_id;
	attr.sample_period = 1;
	attr.wakeup_events = 1;
	/* One event, on the first CPU that accepts it. */
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
	return fd;
}
