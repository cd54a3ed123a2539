/*
 * Where a user space probe goes in an ELF file, for uprobe_events, which
 * takes a file offset: the offset of a function symbol (from .symtab, or
 * .dynsym when the file is stripped), or of a SystemTap SDT probe (from
 * the .note.stapsdt notes). Only 64-bit little-endian ELF files (the
 * machines this domain runs on). Every read is bounds-checked: the file
 * is untrusted input.
 */
#ifndef SESSIOND_ELF_PROBE_H
#define SESSIOND_ELF_PROBE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * Sets *offset to the file offset of function `symbol` in path. Returns
 * 0, or -ENOENT (no such function), -ENOEXEC (not a usable ELF file),
 * -errno (cannot read), with err set.
 */
int elf_function_offset(const char *path, const char *symbol, uint64_t *offset,
			char *err, size_t err_len);

/*
 * Sets *offset to the file offset of SDT probe provider:name in path and
 * *has_semaphore when the probe is guarded by a semaphore. Same returns.
 */
int elf_sdt_offset(const char *path, const char *provider, const char *name,
		   uint64_t *offset, bool *has_semaphore, char *err,
		   size_t err_len);

#endif /* SESSIOND_ELF_PROBE_H */
