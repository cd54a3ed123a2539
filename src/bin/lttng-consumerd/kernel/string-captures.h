/*
 * The system call strings BPF captured (bpf-strings.c), held until the
 * syscall_entry records they belong to are converted. Two stores:
 *
 * - markers, one table per CPU stream: the entry program prints, just
 *   before the tracefs record of the same tracepoint call, a marker
 *   into the instance's buffer (same CPU, same thread); the stream keeps
 *   each thread's last marker and the record that follows takes it.
 *   Nothing is matched by time or by closeness: a record whose marker is
 *   not the one just before it (lost, or replaced) gets none.
 * - retries, keyed by thread and the entry's exact time: the strings
 *   the exit program read again when the entry could not (the marker
 *   says "pending" and names that time).
 */
#ifndef KCONSUMER_STRING_CAPTURES_H
#define KCONSUMER_STRING_CAPTURES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Longest string kept, with its NUL (longer ones are cut). */
#define KERNEL_CAPTURE_STRING_MAX 256

/* What a marker says about one system call entry. */
struct kernel_string_marker {
	uint64_t args_hash;  /* kernel_bpf_args_hash() of the entry */
	uint64_t pending_ts; /* 0: str is the string; else the retry's key */
	char str[KERNEL_CAPTURE_STRING_MAX];
};

struct kernel_string_markers;

struct kernel_string_markers *kernel_string_markers_create(void);
void kernel_string_markers_destroy(struct kernel_string_markers *m);

/* Keeps thread tid's marker, replacing its previous one. */
void kernel_string_markers_put(struct kernel_string_markers *m, int32_t tid,
			       const struct kernel_string_marker *marker);

/* Takes (removes) thread tid's marker into *out; false when none. */
bool kernel_string_markers_take(struct kernel_string_markers *m, int32_t tid,
				struct kernel_string_marker *out);

/* Forgets every marker (the stream lost records: none can be trusted). */
void kernel_string_markers_clear(struct kernel_string_markers *m);

struct kernel_string_retries;

struct kernel_string_retries *kernel_string_retries_create(void);
void kernel_string_retries_destroy(struct kernel_string_retries *r);

/*
 * Keeps the retry of thread tid's entry at time ts: str holds len bytes
 * (the string and its NUL, as bpf_probe_read_user_str() counts them;
 * len <= 0: the string could not be read).
 */
void kernel_string_retries_keep(struct kernel_string_retries *r, int32_t tid,
				uint64_t ts, const char *str, int32_t len);

/*
 * Takes the retry of thread tid's entry at time ts: 1 with the string in
 * out (KERNEL_CAPTURE_STRING_MAX bytes), -1 when it came without string,
 * 0 when it has not come (yet).
 */
int kernel_string_retries_take(struct kernel_string_retries *r, int32_t tid,
			       uint64_t ts, char *out);

#endif /* KCONSUMER_STRING_CAPTURES_H */
