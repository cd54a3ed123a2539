/*
 * What the kernel consumer's BPF users share (bpf-strings.c,
 * bpf-credentials.c): a program written out instruction by instruction
 * (no compiler, no library at run time), loading it as a tracepoint
 * program, maps, and attaching a program to a tracepoint through one
 * perf event. Every call reports the kernel's reason in err.
 */
#ifndef KCONSUMER_BPF_PROGRAM_H
#define KCONSUMER_BPF_PROGRAM_H

#include <linux/bpf.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct kbpf_program {
	struct bpf_insn insns[320];
	size_t len;
};

void kbpf_emit(struct kbpf_program *p, uint8_t code, uint8_t dst, uint8_t src,
	       int16_t off, int32_t imm);
void kbpf_emit_call(struct kbpf_program *p, int32_t helper);
/* dst = the map whose descriptor is fd (a 16-byte instruction). */
void kbpf_emit_load_map(struct kbpf_program *p, uint8_t dst, int fd);
/* dst = a 64-bit constant (a 16-byte instruction). */
void kbpf_emit_load_imm64(struct kbpf_program *p, uint8_t dst, uint64_t v);
/* dst = r10 + off (an address on the stack). */
void kbpf_emit_stack_address(struct kbpf_program *p, uint8_t dst, int32_t off);
void kbpf_emit_return_zero(struct kbpf_program *p);
/* Index of the next instruction, for a forward jump patched later. */
size_t kbpf_here(const struct kbpf_program *p);
/* Makes the jump at index jump land on the next instruction. */
void kbpf_patch_jump(struct kbpf_program *p, size_t jump);

/* Loads p as a tracepoint program; its descriptor, or -1 (err set). */
int kbpf_program_load(const struct kbpf_program *p, bool sleepable, char *err,
		      size_t err_len);

/* Creates a map; its descriptor, or -1 (err set). */
int kbpf_map_create(enum bpf_map_type type, uint32_t key_size,
		    uint32_t value_size, uint32_t max_entries, char *err,
		    size_t err_len);

/* Reads the value of key from a map: 0, or -1 when absent. */
int kbpf_map_lookup(int map_fd, const void *key, void *value);

/*
 * Attaches a program to a tracepoint (its tracefs id): the perf event
 * holding it (close it to detach), or -1 (err set). A tracepoint's
 * programs run on every CPU once one perf event holds them.
 */
int kbpf_tracepoint_attach(int prog_fd, unsigned int tracepoint_id, char *err,
			   size_t err_len);

#endif /* KCONSUMER_BPF_PROGRAM_H */
