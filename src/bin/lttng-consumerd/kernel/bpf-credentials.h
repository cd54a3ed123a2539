/*
 * The user and group of threads that exit before the kernel consumer
 * reads /proc for them (a short-lived command: its records are
 * converted up to a read timer later). BPF programs keep {thread id ->
 * real uid, real gid} in an LRU hash as credentials are set: on
 * sched_process_fork (the child inherits the parent's, which runs the
 * program), sched_process_exec (set-user-ID programs) and the exits of
 * the set*uid/set*gid system calls. The process table asks here when a
 * thread's /proc entry is gone. Ids are the root user namespace's.
 * Needs root and bpf(2); without them kernel_bpf_credentials_create()
 * fails and such threads' ids stay unknown.
 */
#ifndef KCONSUMER_BPF_CREDENTIALS_H
#define KCONSUMER_BPF_CREDENTIALS_H

#include <stddef.h>
#include <stdint.h>

struct kernel_bpf_credentials;

/* tracefs_root: where events/ is (tracepoint ids, formats). */
struct kernel_bpf_credentials *
kernel_bpf_credentials_create(const char *tracefs_root, char *err,
			      size_t err_len);
void kernel_bpf_credentials_destroy(struct kernel_bpf_credentials *bc);

/* Thread tid's last known real uid and gid: 0, or -1 when unknown. */
int kernel_bpf_credentials_lookup(void *bc, int32_t tid, uint32_t *uid,
				  uint32_t *gid);

#endif /* KCONSUMER_BPF_CREDENTIALS_H */
