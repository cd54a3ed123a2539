/*
 * What the user space tracer tells about an ELF file on disk
 * (lttng_ust_statedump:bin_info, build_id, debug_link): the memory
 * span of its loadable segments, whether it is position independent,
 * its GNU build id note and its .gnu_debuglink section. Reads with
 * bounds checks only; a file that is not a valid ELF of this process's
 * class is refused.
 *
 * Implemented by src/lib/lttng-ust/elf-info.c (which opens the file as
 * one of the tracer's own descriptors), a static library that
 * liblttng-ust (state dump, library tracking) and liblttng-ust-dl (its
 * events) each link privately.
 */
#ifndef ELF_INFO_H
#define ELF_INFO_H

#include <stddef.h>
#include <stdint.h>

#define UST_BUILD_ID_MAX 64

struct ust_elf_info {
	uint64_t memsz; /* highest PT_LOAD end - lowest PT_LOAD start */
	uint8_t is_pic; /* ET_DYN */
	uint8_t has_build_id;
	uint8_t has_debug_link;
	uint8_t build_id[UST_BUILD_ID_MAX];
	size_t build_id_len;
	char debug_link[256]; /* file name of the separate debug info */
	uint32_t crc;	      /* its CRC32, as .gnu_debuglink holds it */
};

/* Fills *info from the file at path. 0 or a negative errno. */
int ust_elf_info_read(const char *path, struct ust_elf_info *info);

#endif /* ELF_INFO_H */
