/*
 * The system call strings BPF captured (bpf-strings.c), kept per thread
 * until the syscall_entry records they belong to are converted. A
 * capture is {thread, time, string}; a record takes the unused capture
 * of its thread closest to its own time (within 2 ms). A capture may be
 * pending: the entry program could not read the string and the exit
 * program will send it with the same time, which then completes it.
 * Each thread keeps its last 8 captures; threads share 1024 buckets (a
 * bucket follows one thread at a time).
 */
#ifndef KCONSUMER_STRING_CAPTURES_H
#define KCONSUMER_STRING_CAPTURES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Longest string kept, with its NUL (longer ones are cut). */
#define KERNEL_CAPTURE_STRING_MAX 256

struct kernel_string_captures;

struct kernel_string_captures *kernel_string_captures_create(void);
void kernel_string_captures_destroy(struct kernel_string_captures *sc);

/*
 * Keeps a capture of thread tid at time ts: str holds len bytes (the
 * string and its NUL, as bpf_probe_read_user_str() counts them; len <= 0:
 * no string). A capture with the time of a kept one replaces it (the
 * retry of a pending capture).
 */
void kernel_string_captures_keep(struct kernel_string_captures *sc, int32_t tid,
				 uint64_t ts, const char *str, int32_t len,
				 bool pending);

/*
 * Takes the capture of thread tid for a record at time ts: 1 with the
 * string in out (KERNEL_CAPTURE_STRING_MAX bytes), 0 when there is
 * none, -EAGAIN when the closest one is still pending (it stays, its
 * time in *pending_ts).
 */
int kernel_string_captures_take(struct kernel_string_captures *sc, int32_t tid,
				uint64_t ts, char *out, uint64_t *pending_ts);

/* Drops thread tid's pending capture of time ts (its retry never came). */
void kernel_string_captures_give_up(struct kernel_string_captures *sc,
				    int32_t tid, uint64_t ts);

#endif /* KCONSUMER_STRING_CAPTURES_H */
