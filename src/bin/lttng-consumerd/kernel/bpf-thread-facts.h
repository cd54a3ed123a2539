/*
 * The facts of threads that exit before the kernel consumer reads /proc
 * for them (a short-lived command: its records are converted up to a
 * read timer later): a BPF program on sched_process_exit, which runs in
 * the exiting thread before it drops its namespaces, reads its task
 * (thread group, parent, priorities, ids in its pid namespace, the
 * parent's id there, namespace inodes, credentials, name) with
 * bpf_probe_read_kernel at offsets taken from the kernel's BTF
 * (btf-offsets.h), and keeps them in an LRU hash keyed by thread id.
 * The process table asks here when a thread's /proc entry is gone
 * (kernel_process_table_set_exit_facts()). Needs root, bpf(2) and
 * /sys/kernel/btf/vmlinux; without them such threads' facts stay
 * unknown.
 */
#ifndef KCONSUMER_BPF_THREAD_FACTS_H
#define KCONSUMER_BPF_THREAD_FACTS_H

#include <stddef.h>
#include <stdint.h>

#include "process-table.h"

struct kernel_bpf_thread_facts;

/* tracefs_root: where events/ is; btf_path: the kernel's BTF. */
struct kernel_bpf_thread_facts *
kernel_bpf_thread_facts_create(const char *tracefs_root, const char *btf_path,
			       char *err, size_t err_len);
void kernel_bpf_thread_facts_destroy(struct kernel_bpf_thread_facts *tf);

/*
 * Fills info (tid set by the caller) with what thread tid was when it
 * exited: 0, or -1 when unknown. A kernel_exit_facts_lookup.
 */
int kernel_bpf_thread_facts_lookup(void *tf, int32_t tid,
				   struct kernel_thread_info *info);

#endif /* KCONSUMER_BPF_THREAD_FACTS_H */
