/*
 * Where members of the running kernel's structures are, from its BTF
 * (/sys/kernel/btf/vmlinux): what BPF programs that read kernel memory
 * with bpf_probe_read_kernel need (bpf-thread-facts.c), without a
 * compiler or library at run time. Members of anonymous structures and
 * unions are found through them.
 */
#ifndef KCONSUMER_BTF_OFFSETS_H
#define KCONSUMER_BTF_OFFSETS_H

#include <stddef.h>

struct kernel_btf;

/* Reads and indexes a BTF file; NULL with err set. */
struct kernel_btf *kernel_btf_load(const char *path, char *err, size_t err_len);
void kernel_btf_free(struct kernel_btf *btf);

/*
 * The byte offset of member in struct struct_name, -1 when either is
 * unknown (or the member is a bit field).
 */
long kernel_btf_member_offset(const struct kernel_btf *btf,
			      const char *struct_name, const char *member);

/* The size in bytes of struct struct_name, -1 when unknown. */
long kernel_btf_struct_size(const struct kernel_btf *btf,
			    const char *struct_name);

#endif /* KCONSUMER_BTF_OFFSETS_H */
