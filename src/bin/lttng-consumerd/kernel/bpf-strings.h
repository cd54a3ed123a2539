/*
 * User space strings of system call arguments (openat's filename, ...),
 * which the kernel's syscall events only record as addresses. A small
 * BPF program attached to each such sys_enter_* tracepoint reads the
 * string (bpf_probe_read_user_str) and prints it, with a hash of the
 * system call's arguments, as a marker into the instances' buffers
 * (the bpf_trace/bpf_trace_printk event, filtered on this consumer's
 * prefix). The consumer makes the tracefs probes of the syscall events
 * run after the BPF one, so each syscall_entry record directly follows
 * its own marker in the same CPU's buffer, and takes it from there:
 * the association is by position, exact, never by time. BPF cannot
 * fault there, so a string whose page is not resident is read again by
 * a program on the matching sys_exit_* tracepoint, once the system
 * call itself has faulted the page in; it comes through a BPF ring
 * buffer keyed by thread and the entry's exact time (the marker says
 * "pending"). Needs root and bpf(2); without them the arguments stay
 * addresses (kernel_bpf_strings_create fails, nothing else changes).
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
	unsigned int nr_args; /* 8-byte arguments after __syscall_nr */
	bool exec_like;
};

/* Where a sys_enter record's arguments start (8 bytes each). */
#define KERNEL_BPF_ARGS_OFFSET 16
#define KERNEL_BPF_MAX_ARGS 6

/*
 * The hash the entry program prints with the string: of the syscall
 * number (the record's __syscall_nr, 4 bytes at offset 8) and its
 * nr_args arguments. A record takes a marker only when the hashes agree
 * (a marker whose own record a tracefs filter rejected differs in the
 * arguments the filter tested).
 */
uint64_t kernel_bpf_args_hash(const uint8_t *record, size_t nr_args);

struct kernel_bpf_strings;

/*
 * Loads and attaches the programs of each target, on every CPU. NULL
 * with a message in err when BPF is unavailable.
 */
struct kernel_bpf_strings *
kernel_bpf_strings_create(const char *tracefs_root,
			  const struct kernel_bpf_target *targets,
			  size_t nr_targets, char *err, size_t err_len);
void kernel_bpf_strings_destroy(struct kernel_bpf_strings *bs);

/*
 * Makes an instance record this consumer's markers (its bpf_trace_printk
 * event, filtered on the prefix) and its enabled sys_enter_* events'
 * probes run after the BPF programs (each is disabled and enabled
 * again, which registers the instance's probe last). Call with tracing
 * off, after kernel_bpf_strings_create(). 0, or -1 with err set.
 */
int kernel_bpf_strings_setup_instance(struct kernel_bpf_strings *bs,
				      const char *instance, char *err,
				      size_t err_len);

/* The tracefs id of the markers' event (bpf_trace_printk). */
unsigned int
kernel_bpf_strings_marker_event(const struct kernel_bpf_strings *bs);

/*
 * Parses the text of a bpf_trace_printk record: 1 with *out filled
 * when it is one of this consumer's markers, -1 when it is another
 * consumer's (to be dropped too), 0 when it is no marker.
 */
int kernel_bpf_strings_parse_marker(const struct kernel_bpf_strings *bs,
				    const char *text, size_t len,
				    struct kernel_string_marker *out);

/* Moves the exit programs' retries out of the BPF ring. */
void kernel_bpf_strings_drain(struct kernel_bpf_strings *bs);

/*
 * The string the exit program read again for thread tid's entry at
 * time ts (a pending marker's), waiting for it up to 100 ms (a system
 * call blocked longer, e.g. opening a FIFO, loses its string). NULL
 * when it did not come or could not be read. Valid until the next call.
 */
const char *kernel_bpf_strings_retry(struct kernel_bpf_strings *bs, int32_t tid,
				     uint64_t ts);

/*
 * Whether a sys_enter_* argument is one whose string is captured: a
 * `const char *` named filename or pathname.
 */
bool kernel_bpf_string_arg(const char *field_name, const char *ctype);

#endif /* KCONSUMER_BPF_STRINGS_H */
