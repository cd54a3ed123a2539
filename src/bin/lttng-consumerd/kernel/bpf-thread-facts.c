/*
 * Implementation of bpf-thread-facts.h: one program written out
 * instruction by instruction (bpf-program.h); pointers are followed with
 * bpf_probe_read_kernel (a bad one reads as zeros, never faults).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bpf-program.h"
#include "bpf-thread-facts.h"
#include "btf-offsets.h"
#include "tracefs/event-format.h"
#include "tracefs/instance.h"

#define FACT_ENTRIES 32768 /* exited threads remembered */

/* The map value (what the program writes). */
struct exit_facts {
	int32_t pid, ppid, prio, static_prio;
	int32_t vpid, vtid, vppid;
	uint32_t ids[6]; /* uid, gid, suid, sgid, euid, egid (struct cred) */
	uint32_t ns[8];	 /* kernel_ns order */
	char comm[16];
	uint32_t pad;
};

/* Stack layout (offsets from r10). */
#define V_OFF (-(int)sizeof(struct exit_facts))
#define V_FIELD(f) (V_OFF + (int)offsetof(struct exit_facts, f))
#define KEY_OFF (V_OFF - 8)
#define TMP_OFF (KEY_OFF - 8)
#define CURNS_OFF (TMP_OFF - 8)
#define LEVEL_OFF (CURNS_OFF - 8)
#define LEVEL2_OFF (LEVEL_OFF - 8)
#define STACK_USED (-LEVEL2_OFF)

/* Offsets in the kernel's structures, from its BTF. */
struct offsets {
	long task_prio, task_static_prio, task_parent, task_leader, task_tgid,
		task_thread_pid, task_nsproxy, task_cred;
	long pid_level, pid_numbers, upid_size, upid_nr, upid_ns;
	long cred_uid, cred_user_ns;
	long ns_inum;		     /* in struct ns_common */
	long proxy[8], in_struct[8]; /* per kernel_ns: nsproxy member, ns */
};

struct kernel_bpf_thread_facts {
	int map_fd;
	int prog_fd;
	int perf_fd;
};

/* Reads every offset; 0, or -1 with err naming the first missing one. */
static int read_offsets(const struct kernel_btf *btf, struct offsets *o,
			char *err, size_t err_len)
{
	static const char *const proxy_members[8] = {
		[KERNEL_NS_CGROUP] = "cgroup_ns", [KERNEL_NS_IPC] = "ipc_ns",
		[KERNEL_NS_MNT] = "mnt_ns",	  [KERNEL_NS_NET] = "net_ns",
		[KERNEL_NS_TIME] = "time_ns",	  [KERNEL_NS_UTS] = "uts_ns",
	};
	static const char *const structs[8] = {
		[KERNEL_NS_CGROUP] = "cgroup_namespace",
		[KERNEL_NS_IPC] = "ipc_namespace",
		[KERNEL_NS_MNT] = "mnt_namespace",
		[KERNEL_NS_NET] = "net",
		[KERNEL_NS_PID] = "pid_namespace",
		[KERNEL_NS_TIME] = "time_namespace",
		[KERNEL_NS_USER] = "user_namespace",
		[KERNEL_NS_UTS] = "uts_namespace",
	};
	const struct {
		long *out;
		const char *st, *member;
	} needed[] = {
		{&o->task_prio, "task_struct", "prio"},
		{&o->task_static_prio, "task_struct", "static_prio"},
		{&o->task_parent, "task_struct", "real_parent"},
		{&o->task_leader, "task_struct", "group_leader"},
		{&o->task_tgid, "task_struct", "tgid"},
		{&o->task_thread_pid, "task_struct", "thread_pid"},
		{&o->task_nsproxy, "task_struct", "nsproxy"},
		{&o->task_cred, "task_struct", "cred"},
		{&o->pid_level, "pid", "level"},
		{&o->pid_numbers, "pid", "numbers"},
		{&o->upid_nr, "upid", "nr"},
		{&o->upid_ns, "upid", "ns"},
		{&o->cred_uid, "cred", "uid"},
		{&o->cred_user_ns, "cred", "user_ns"},
		{&o->ns_inum, "ns_common", "inum"},
	};
	size_t i;

	for (i = 0; i < sizeof(needed) / sizeof(needed[0]); i++) {
		*needed[i].out = kernel_btf_member_offset(btf, needed[i].st,
							  needed[i].member);
		if (*needed[i].out < 0) {
			snprintf(err, err_len, "no %s.%s in the kernel's BTF",
				 needed[i].st, needed[i].member);
			return -1;
		}
	}
	o->upid_size = kernel_btf_struct_size(btf, "upid");
	/* uid, gid, suid, sgid, euid, egid: consecutive 32-bit ids */
	if (o->upid_size <= 0 ||
	    kernel_btf_member_offset(btf, "cred", "egid") != o->cred_uid + 20) {
		snprintf(err, err_len, "unexpected upid or cred layout");
		return -1;
	}
	for (i = 0; i < 8; i++) { /* -1: the kernel has no such namespace */
		o->proxy[i] =
			proxy_members[i]
				? kernel_btf_member_offset(btf, "nsproxy",
							   proxy_members[i])
				: -1;
		o->in_struct[i] =
			kernel_btf_member_offset(btf, structs[i], "ns");
	}
	return 0;
}

/* [r10 + dst] = size bytes at reg + off (bpf_probe_read_kernel). */
static void emit_read(struct kbpf_program *p, int dst, int size, uint8_t reg,
		      long off)
{
	kbpf_emit_stack_address(p, 1, dst);
	kbpf_emit(p, BPF_ALU64 | BPF_MOV | BPF_K, 2, 0, 0, size);
	kbpf_emit(p, BPF_ALU64 | BPF_MOV | BPF_X, 3, reg, 0, 0);
	kbpf_emit(p, BPF_ALU64 | BPF_ADD | BPF_K, 3, 0, 0, (int32_t)off);
	kbpf_emit_call(p, BPF_FUNC_probe_read_kernel);
}

/* out = the pointer at reg + off. */
static void emit_load_pointer(struct kbpf_program *p, uint8_t out, uint8_t reg,
			      long off)
{
	emit_read(p, TMP_OFF, 8, reg, off);
	kbpf_emit(p, BPF_LDX | BPF_MEM | BPF_DW, out, 10, TMP_OFF, 0);
}

/* [r10 + dst] = size bytes of numbers[level] of the struct pid in r8
 * (r9 holding level * sizeof(struct upid)), at member off of upid. */
static void emit_read_upid(struct kbpf_program *p, const struct offsets *o,
			   int dst, int size, long off)
{
	kbpf_emit_stack_address(p, 1, dst);
	kbpf_emit(p, BPF_ALU64 | BPF_MOV | BPF_K, 2, 0, 0, size);
	kbpf_emit(p, BPF_ALU64 | BPF_MOV | BPF_X, 3, 8, 0, 0);
	kbpf_emit(p, BPF_ALU64 | BPF_ADD | BPF_X, 3, 9, 0, 0);
	kbpf_emit(p, BPF_ALU64 | BPF_ADD | BPF_K, 3, 0, 0,
		  (int32_t)(o->pid_numbers + off));
	kbpf_emit_call(p, BPF_FUNC_probe_read_kernel);
}

/*
 * The program, run by the exiting thread (r6: its task, r7: its parent,
 * r8: a struct pid or nsproxy, r9: its pid namespace level's offset in
 * struct pid's numbers[]). LTTng's definitions: ppid = the real parent's
 * thread group; vpid, vtid in the thread's own pid namespace; vppid = the
 * parent's thread group there, 0 when the parent is outside it.
 */
static void build(struct kbpf_program *p, int map_fd, const struct offsets *o)
{
	size_t to_exit, to_no_vppid[2], to_no_proxy, i;
	int off;

	for (off = -STACK_USED; off < 0; off += 8)
		kbpf_emit(p, BPF_ST | BPF_MEM | BPF_DW, 10, 0, (int16_t)off, 0);
	kbpf_emit_call(p, BPF_FUNC_get_current_pid_tgid);
	kbpf_emit(p, BPF_STX | BPF_MEM | BPF_W, 10, 0, KEY_OFF, 0);
	kbpf_emit(p, BPF_ALU64 | BPF_RSH | BPF_K, 0, 0, 0, 32);
	kbpf_emit(p, BPF_STX | BPF_MEM | BPF_W, 10, 0, V_FIELD(pid), 0);
	kbpf_emit_call(p, BPF_FUNC_get_current_task);
	kbpf_emit(p, BPF_ALU64 | BPF_MOV | BPF_X, 6, 0, 0, 0);
	to_exit = kbpf_here(p);
	kbpf_emit(p, BPF_JMP | BPF_JEQ | BPF_K, 6, 0, 0, 0);
	kbpf_emit_stack_address(p, 1, V_FIELD(comm));
	kbpf_emit(p, BPF_ALU64 | BPF_MOV | BPF_K, 2, 0, 0, 16);
	kbpf_emit_call(p, BPF_FUNC_get_current_comm);
	emit_read(p, V_FIELD(prio), 4, 6, o->task_prio);
	emit_read(p, V_FIELD(static_prio), 4, 6, o->task_static_prio);
	emit_load_pointer(p, 7, 6, o->task_parent);
	emit_read(p, V_FIELD(ppid), 4, 7, o->task_tgid);
	/* vtid, and the pid namespace: numbers[level] of thread_pid */
	emit_load_pointer(p, 8, 6, o->task_thread_pid);
	emit_read(p, LEVEL_OFF, 4, 8, o->pid_level);
	kbpf_emit(p, BPF_LDX | BPF_MEM | BPF_W, 9, 10, LEVEL_OFF, 0);
	kbpf_emit(p, BPF_ALU64 | BPF_MUL | BPF_K, 9, 0, 0,
		  (int32_t)o->upid_size);
	emit_read_upid(p, o, V_FIELD(vtid), 4, o->upid_nr);
	emit_read_upid(p, o, CURNS_OFF, 8, o->upid_ns);
	kbpf_emit(p, BPF_LDX | BPF_MEM | BPF_DW, 8, 10, CURNS_OFF, 0);
	emit_read(p, V_FIELD(ns[KERNEL_NS_PID]), 4, 8,
		  o->in_struct[KERNEL_NS_PID] + o->ns_inum);
	/* vpid: the group leader's, same namespace */
	emit_load_pointer(p, 8, 6, o->task_leader);
	emit_load_pointer(p, 8, 8, o->task_thread_pid);
	emit_read_upid(p, o, V_FIELD(vpid), 4, o->upid_nr);
	/* vppid: the parent's leader, when its pid has our namespace */
	emit_load_pointer(p, 8, 7, o->task_leader);
	emit_load_pointer(p, 8, 8, o->task_thread_pid);
	emit_read(p, LEVEL2_OFF, 4, 8, o->pid_level);
	kbpf_emit(p, BPF_LDX | BPF_MEM | BPF_W, 1, 10, LEVEL2_OFF, 0);
	kbpf_emit(p, BPF_LDX | BPF_MEM | BPF_W, 2, 10, LEVEL_OFF, 0);
	to_no_vppid[0] = kbpf_here(p);
	kbpf_emit(p, BPF_JMP | BPF_JLT | BPF_X, 1, 2, 0, 0);
	emit_read_upid(p, o, TMP_OFF, 8, o->upid_ns);
	kbpf_emit(p, BPF_LDX | BPF_MEM | BPF_DW, 1, 10, TMP_OFF, 0);
	kbpf_emit(p, BPF_LDX | BPF_MEM | BPF_DW, 2, 10, CURNS_OFF, 0);
	to_no_vppid[1] = kbpf_here(p);
	kbpf_emit(p, BPF_JMP | BPF_JNE | BPF_X, 1, 2, 0, 0);
	emit_read_upid(p, o, V_FIELD(vppid), 4, o->upid_nr);
	kbpf_patch_jump(p, to_no_vppid[0]);
	kbpf_patch_jump(p, to_no_vppid[1]);
	/* credentials and the user namespace */
	emit_load_pointer(p, 7, 6, o->task_cred);
	emit_read(p, V_FIELD(ids), 24, 7, o->cred_uid);
	emit_load_pointer(p, 7, 7, o->cred_user_ns);
	emit_read(p, V_FIELD(ns[KERNEL_NS_USER]), 4, 7,
		  o->in_struct[KERNEL_NS_USER] + o->ns_inum);
	/* the other namespaces, through nsproxy */
	emit_load_pointer(p, 8, 6, o->task_nsproxy);
	to_no_proxy = kbpf_here(p);
	kbpf_emit(p, BPF_JMP | BPF_JEQ | BPF_K, 8, 0, 0, 0);
	for (i = 0; i < 8; i++) {
		if (o->proxy[i] < 0 || o->in_struct[i] < 0)
			continue;
		emit_load_pointer(p, 7, 8, o->proxy[i]);
		emit_read(p, V_FIELD(ns[i]), 4, 7,
			  o->in_struct[i] + o->ns_inum);
	}
	kbpf_patch_jump(p, to_no_proxy);
	kbpf_emit_load_map(p, 1, map_fd);
	kbpf_emit_stack_address(p, 2, KEY_OFF);
	kbpf_emit_stack_address(p, 3, V_OFF);
	kbpf_emit(p, BPF_ALU64 | BPF_MOV | BPF_K, 4, 0, 0, BPF_ANY);
	kbpf_emit_call(p, BPF_FUNC_map_update_elem);
	kbpf_patch_jump(p, to_exit);
	kbpf_emit_return_zero(p);
}

static unsigned int exit_event_id(const char *tracefs_root)
{
	char *text, msg[256];
	unsigned int id;

	if (tracefs_read_file(tracefs_root,
			      "events/sched/sched_process_exit/id", &text, msg,
			      sizeof(msg)))
		return 0;
	id = (unsigned int)strtoul(text, NULL, 10);
	free(text);
	return id;
}

struct kernel_bpf_thread_facts *
kernel_bpf_thread_facts_create(const char *tracefs_root, const char *btf_path,
			       char *err, size_t err_len)
{
	struct kernel_bpf_thread_facts *tf = calloc(1, sizeof(*tf));
	struct kbpf_program *p = calloc(1, sizeof(*p));
	struct kernel_btf *btf = NULL;
	struct offsets o;
	unsigned int id = exit_event_id(tracefs_root);

	if (!tf || !p) {
		snprintf(err, err_len, "out of memory");
		goto fail;
	}
	tf->map_fd = tf->prog_fd = tf->perf_fd = -1;
	if (!id) {
		snprintf(err, err_len, "no sched_process_exit event");
		goto fail;
	}
	btf = kernel_btf_load(btf_path, err, err_len);
	if (!btf || read_offsets(btf, &o, err, err_len))
		goto fail;
	tf->map_fd = kbpf_map_create(BPF_MAP_TYPE_LRU_HASH, sizeof(uint32_t),
				     sizeof(struct exit_facts), FACT_ENTRIES,
				     err, err_len);
	if (tf->map_fd < 0)
		goto fail;
	build(p, tf->map_fd, &o);
	tf->prog_fd = kbpf_program_load(p, false, err, err_len);
	if (tf->prog_fd < 0)
		goto fail;
	tf->perf_fd = kbpf_tracepoint_attach(tf->prog_fd, id, err, err_len);
	if (tf->perf_fd < 0)
		goto fail;
	kernel_btf_free(btf);
	free(p);
	return tf;
fail:
	kernel_btf_free(btf);
	free(p);
	kernel_bpf_thread_facts_destroy(tf);
	return NULL;
}

void kernel_bpf_thread_facts_destroy(struct kernel_bpf_thread_facts *tf)
{
	if (!tf)
		return;
	if (tf->perf_fd >= 0)
		close(tf->perf_fd);
	if (tf->prog_fd >= 0)
		close(tf->prog_fd);
	if (tf->map_fd >= 0)
		close(tf->map_fd);
	free(tf);
}

int kernel_bpf_thread_facts_lookup(void *ctx, int32_t tid,
				   struct kernel_thread_info *info)
{
	const struct kernel_bpf_thread_facts *tf = ctx;
	uint32_t key = (uint32_t)tid;
	struct exit_facts v;
	size_t i;

	if (kbpf_map_lookup(tf->map_fd, &key, &v) || !v.pid)
		return -1;
	info->pid = v.pid;
	info->ppid = v.ppid;
	info->prio = v.prio - 100;	  /* MAX_RT_PRIO, as LTTng records it */
	info->nice = v.static_prio - 120; /* DEFAULT_PRIO */
	info->vpid = v.vpid;
	info->vtid = v.vtid;
	info->vppid = v.vppid;
	info->vppid_known = true;
	info->uid = info->vuid = v.ids[0];
	info->gid = info->vgid = v.ids[1];
	info->suid = info->vsuid = v.ids[2];
	info->sgid = info->vsgid = v.ids[3];
	info->euid = info->veuid = v.ids[4];
	info->egid = info->vegid = v.ids[5];
	for (i = 0; i < 8; i++)
		info->ns[i] = v.ns[i];
	if (v.comm[0]) {
		memcpy(info->comm, v.comm, sizeof(v.comm));
		info->comm[KERNEL_COMM_LEN] = '\0';
	}
	info->ids_known = true;
	return 0;
}
