/*
 * User space strings of system call arguments (openat's filename, ...),
 * which the kernel's syscall events only record as addresses. A small
 * BPF program attached to each such sys_enter_* tracepoint copies the
 * string (bpf_probe_read_user_str) with the thread id and the time into
 * a BPF ring buffer; the consumer drains it before converting pages and
 * gives each syscall_entry record the string its thread passed at that
 * moment. BPF cannot fault there, so a string whose page is not
 * resident is read again by a program on the matching sys_exit_*
 * tracepoint, once the system call itself has faulted the page in (the
 * consumer waits for that retry). Where the kernel takes sleepable
 * programs on system call tracepoints, the entry program faults the
 * page in itself (bpf_copy_from_user) first. Needs root and bpf(2);
 * without them the arguments stay addresses (kernel_bpf_strings_create
 * fails, nothing else changes).
 */
#ifndef KCONSUMER_BPF_STRINGS_H
#define KCONSUMER_BPF_STRINGS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "string-captures.h"

/* Longest string copied (longer ones are cut). */
#define KERNEL_BPF_STRING_MAX KERNEL_CAPTURE_STRING_MAX

/*
 * One system call to watch: its sys_enter and sys_exit tracepoint ids,
 * the argument's offset in the sys_enter record, and whether a success
 * replaces the address space (execve, execveat: no retry then).
 */
struct kernel_bpf_target {
	unsigned int tracepoint_id;
	unsigned int exit_tracepoint_id;
	unsigned int arg_offset;
	bool exec_like;
};

struct kernel_bpf_strings;

/*
 * Loads and attaches one program per target, on every CPU. NULL with a
 * message in err when BPF is unavailable.
 */
struct kernel_bpf_strings *
kernel_bpf_strings_create(const struct kernel_bpf_target *targets,
			  size_t nr_targets, char *err, size_t err_len);
void kernel_bpf_strings_destroy(struct kernel_bpf_strings *bs);

/* Moves what the programs produced into the per-thread queues. */
void kernel_bpf_strings_drain(struct kernel_bpf_strings *bs);

/*
 * The string thread tid passed to the system call entered at timestamp
 * ts (monotonic ns), or NULL when none was captured near that time.
 * When the entry could not read it, waits up to 100 ms for the exit's
 * retry. Valid until the next call.
 */
const char *kernel_bpf_strings_take(struct kernel_bpf_strings *bs, int32_t tid,
				    uint64_t ts);

/*
 * Whether a sys_enter_* argument is one whose string is captured: a
 * `const char *` named filename or pathname.
 */
bool kernel_bpf_string_arg(const char *field_name, const char *ctype);

#endif /* KCONSUMER_BPF_STRINGS_H */
