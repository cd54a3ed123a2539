/*
 * What the kernel consumer knows about the threads it sees in records:
 * thread group (pid), parent, command name and priority, read from /proc
 * the first time a thread id appears and cached. The kernel's records
 * only carry the thread id (common_pid); LTTng's context fields pid,
 * ppid, procname and prio come from here. For a thread that has already
 * exited when first seen, the name and thread group come from the
 * kernel's own maps (tracefs saved_cmdlines and saved_tgids, filled as
 * events are recorded), and the other facts from what BPF read as it
 * exited (kernel_process_table_set_exit_facts()); without that, ppid
 * is 0 and prio 0, and the ids below are unknown (ids_known false),
 * unless a credentials source knows the thread's user and group
 * (kernel_process_table_set_credentials()).
 *
 * Credentials (uid, euid, ... from /proc/<tid>/status) are the root user
 * namespace's; their v* forms are mapped through the thread's
 * /proc/<tid>/uid_map and gid_map (the ids as seen in its own user
 * namespace, 65534 when unmapped). vpid/vtid are the last NStgid/NSpid
 * entries (the thread's own pid namespace). Namespace inodes come from
 * /proc/<tid>/ns/.
 */
#ifndef KCONSUMER_PROCESS_TABLE_H
#define KCONSUMER_PROCESS_TABLE_H

#include <stdbool.h>
#include <stdint.h>

#define KERNEL_COMM_LEN 16

struct kernel_thread_info {
	int32_t tid;
	int32_t pid;
	int32_t ppid;
	int32_t prio; /* the kernel's prio - 100, as LTTng records it */
	int32_t nice;
	char comm[KERNEL_COMM_LEN + 1];
	bool ids_known; /* read from /proc: the fields below are valid */
	int32_t vpid, vtid;
	bool vppid_known; /* vppid below (else: from the parent's entry) */
	int32_t vppid;
	uint32_t uid, euid, suid, gid, egid, sgid;
	uint32_t vuid, veuid, vsuid, vgid, vegid, vsgid;
	/* Namespace inodes, in kernel_ns order (0: unknown). */
	uint32_t ns[8];
};

/* The namespaces of kernel_thread_info.ns (/proc/<tid>/ns/<name>). */
enum kernel_ns {
	KERNEL_NS_CGROUP,
	KERNEL_NS_IPC,
	KERNEL_NS_MNT,
	KERNEL_NS_NET,
	KERNEL_NS_PID,
	KERNEL_NS_TIME,
	KERNEL_NS_USER,
	KERNEL_NS_UTS,
};

struct kernel_process_table;

/* tracefs_root: where saved_cmdlines/saved_tgids are (NULL: not used). */
struct kernel_process_table *
kernel_process_table_create(const char *tracefs_root);
void kernel_process_table_destroy(struct kernel_process_table *table);

/* The cached (or freshly read) facts about thread tid. */
const struct kernel_thread_info *
kernel_process_table_get(struct kernel_process_table *table, int32_t tid);

/*
 * Where the user and group of a thread already gone may be found (the
 * BPF credential map): 0 with *uid and *gid, or -1.
 */
typedef int (*kernel_credentials_lookup)(void *ctx, int32_t tid, uint32_t *uid,
					 uint32_t *gid);

/*
 * Threads gone before being read then get those ids (all six real,
 * effective and saved ids the same, v* = root namespace's, vpid = pid)
 * and count as known.
 */
void kernel_process_table_set_credentials(struct kernel_process_table *table,
					  kernel_credentials_lookup lookup,
					  void *ctx);

/*
 * Where the facts of a thread already gone may be found (the BPF exit
 * facts, bpf-thread-facts.h): fills info and returns 0, or -1.
 */
typedef int (*kernel_exit_facts_lookup)(void *ctx, int32_t tid,
					struct kernel_thread_info *info);

/*
 * Threads gone before being read then get the facts they had when they
 * exited (all fields), over the credentials source's.
 */
void kernel_process_table_set_exit_facts(struct kernel_process_table *table,
					 kernel_exit_facts_lookup lookup,
					 void *ctx);

/* Forgets tid (after exec or exit: its name or group changed). */
void kernel_process_table_forget(struct kernel_process_table *table,
				 int32_t tid);

#endif /* KCONSUMER_PROCESS_TABLE_H */
