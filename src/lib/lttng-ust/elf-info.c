/*
 * Implementation of elf-info/elf-info.h: pread()s the ELF header, the
 * program headers (memory span, PT_NOTE segments holding the build id) and,
 * for the debug link, the section headers and their name table. Every
 * offset and size read from the file is checked against the file size
 * before use. Files of the other ELF class or byte order are refused.
 */
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <link.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "elf-info/elf-info.h"
#include "common/fd-tracker.h"

#define MAX_HEADERS 4096
#define MAX_NOTES_BYTES (1 << 20)

#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define NATIVE_ELF_DATA ELFDATA2LSB
#else
#define NATIVE_ELF_DATA ELFDATA2MSB
#endif

struct elf_file {
	int fd;
	uint64_t size;
	ElfW(Ehdr) ehdr;
};

/* Read exactly len bytes at off, within the file. */
static int read_at(const struct elf_file *f, uint64_t off, void *buf,
		   size_t len)
{
	char *p = buf;

	if (off > f->size || len > f->size - off)
		return -EINVAL;
	while (len) {
		ssize_t n = pread(f->fd, p, len, (off_t)off);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return n < 0 ? -errno : -EIO;
		p += n;
		off += (uint64_t)n;
		len -= (size_t)n;
	}
	return 0;
}

static int header_check(const ElfW(Ehdr) * e)
{
	if (memcmp(e->e_ident, ELFMAG, SELFMAG) ||
	    e->e_ident[EI_CLASS] !=
		    (sizeof(void *) == 8 ? ELFCLASS64 : ELFCLASS32) ||
	    e->e_ident[EI_DATA] != NATIVE_ELF_DATA)
		return -EINVAL;
	if (e->e_phnum > MAX_HEADERS || e->e_shnum > MAX_HEADERS)
		return -EINVAL;
	if (e->e_phnum && e->e_phentsize != sizeof(ElfW(Phdr)))
		return -EINVAL;
	if (e->e_shnum && e->e_shentsize != sizeof(ElfW(Shdr)))
		return -EINVAL;
	return 0;
}

static int read_phdr(const struct elf_file *f, unsigned int i, ElfW(Phdr) * ph)
{
	return read_at(f, f->ehdr.e_phoff + (uint64_t)i * sizeof(*ph), ph,
		       sizeof(*ph));
}

static int read_shdr(const struct elf_file *f, unsigned int i, ElfW(Shdr) * sh)
{
	return read_at(f, f->ehdr.e_shoff + (uint64_t)i * sizeof(*sh), sh,
		       sizeof(*sh));
}

/* The span of the PT_LOAD segments; -EINVAL when there are none. */
static int read_memsz(const struct elf_file *f, uint64_t *memsz)
{
	uint64_t low = UINT64_MAX, high = 0;
	ElfW(Phdr) ph;
	unsigned int i;
	int ret;

	for (i = 0; i < f->ehdr.e_phnum; i++) {
		ret = read_phdr(f, i, &ph);
		if (ret)
			return ret;
		if (ph.p_type != PT_LOAD)
			continue;
		if (ph.p_vaddr < low)
			low = ph.p_vaddr;
		if (ph.p_vaddr + ph.p_memsz > high)
			high = ph.p_vaddr + ph.p_memsz;
	}
	if (high < low)
		return -EINVAL;
	*memsz = high - low;
	return 0;
}

static size_t align4(size_t n)
{
	return (n + 3) & ~(size_t)3;
}

/* Look for the NT_GNU_BUILD_ID note in notes[0..len). */
static void find_build_id(const uint8_t *notes, size_t len,
			  struct ust_elf_info *info)
{
	size_t pos = 0;

	while (len - pos >= sizeof(ElfW(Nhdr))) {
		ElfW(Nhdr) nh;
		size_t name_len, desc_len;

		memcpy(&nh, notes + pos, sizeof(nh));
		pos += sizeof(nh);
		name_len = align4(nh.n_namesz);
		desc_len = align4(nh.n_descsz);
		if (name_len > len - pos || desc_len > len - pos - name_len)
			return;
		if (nh.n_type == NT_GNU_BUILD_ID && nh.n_namesz == 4 &&
		    !memcmp(notes + pos, "GNU", 4) && nh.n_descsz > 0 &&
		    nh.n_descsz <= UST_BUILD_ID_MAX) {
			memcpy(info->build_id, notes + pos + name_len,
			       nh.n_descsz);
			info->build_id_len = nh.n_descsz;
			info->has_build_id = 1;
			return;
		}
		pos += name_len + desc_len;
	}
}

static int read_build_id(const struct elf_file *f, struct ust_elf_info *info)
{
	ElfW(Phdr) ph;
	unsigned int i;
	uint8_t *notes;
	int ret;

	for (i = 0; i < f->ehdr.e_phnum && !info->has_build_id; i++) {
		ret = read_phdr(f, i, &ph);
		if (ret)
			return ret;
		if (ph.p_type != PT_NOTE || ph.p_filesz == 0 ||
		    ph.p_filesz > MAX_NOTES_BYTES)
			continue;
		notes = malloc(ph.p_filesz);
		if (!notes)
			return -ENOMEM;
		ret = read_at(f, ph.p_offset, notes, ph.p_filesz);
		if (!ret)
			find_build_id(notes, ph.p_filesz, info);
		free(notes);
		if (ret)
			return ret;
	}
	return 0;
}

/* Whether section sh is named `name` in the section name table. */
static int section_named(const struct elf_file *f, const ElfW(Shdr) * names,
			 const ElfW(Shdr) * sh, const char *name)
{
	size_t len = strlen(name) + 1;
	char buf[32];

	if (len > sizeof(buf) || sh->sh_name > names->sh_size ||
	    len > names->sh_size - sh->sh_name)
		return 0;
	if (read_at(f, names->sh_offset + sh->sh_name, buf, len))
		return 0;
	return !memcmp(buf, name, len);
}

/* .gnu_debuglink: file name, NUL, padding to 4, then the CRC32. */
static int read_debug_link_section(const struct elf_file *f,
				   const ElfW(Shdr) * sh,
				   struct ust_elf_info *info)
{
	char buf[sizeof(info->debug_link) + 8];
	size_t len = sh->sh_size < sizeof(buf) ? sh->sh_size : sizeof(buf);
	size_t name_len, crc_at;
	int ret = read_at(f, sh->sh_offset, buf, len);

	if (ret)
		return ret;
	name_len = strnlen(buf, len);
	crc_at = align4(name_len + 1);
	if (name_len == len || name_len >= sizeof(info->debug_link) ||
	    crc_at + 4 > len)
		return 0; /* malformed: no debug link */
	memcpy(info->debug_link, buf, name_len + 1);
	memcpy(&info->crc, buf + crc_at, 4);
	info->has_debug_link = 1;
	return 0;
}

static int read_debug_link(const struct elf_file *f, struct ust_elf_info *info)
{
	ElfW(Shdr) names, sh;
	unsigned int i;
	int ret;

	if (!f->ehdr.e_shnum || f->ehdr.e_shstrndx >= f->ehdr.e_shnum)
		return 0;
	ret = read_shdr(f, f->ehdr.e_shstrndx, &names);
	if (ret)
		return ret;
	for (i = 0; i < f->ehdr.e_shnum; i++) {
		ret = read_shdr(f, i, &sh);
		if (ret)
			return ret;
		if (sh.sh_type == SHT_PROGBITS &&
		    section_named(f, &names, &sh, ".gnu_debuglink"))
			return read_debug_link_section(f, &sh, info);
	}
	return 0;
}

int ust_elf_info_read(const char *path, struct ust_elf_info *info)
{
	struct elf_file f;
	struct stat st;
	int ret;

	memset(info, 0, sizeof(*info));
	lttng_ust_lock_fd_tracker(); /* the fd is the tracer's until closed */
	f.fd = open(path, O_RDONLY | O_CLOEXEC);
	ret = f.fd < 0 ? -errno : lttng_ust_add_fd_to_tracker(f.fd);
	if (ret < 0) {
		if (f.fd >= 0)
			close(f.fd);
		lttng_ust_unlock_fd_tracker();
		return ret;
	}
	f.fd = ret;
	ret = fstat(f.fd, &st) ? -errno : 0;
	f.size = (uint64_t)st.st_size;
	if (!ret)
		ret = read_at(&f, 0, &f.ehdr, sizeof(f.ehdr));
	if (!ret)
		ret = header_check(&f.ehdr);
	if (!ret)
		ret = read_memsz(&f, &info->memsz);
	if (!ret)
		ret = read_build_id(&f, info);
	if (!ret)
		ret = read_debug_link(&f, info);
	info->is_pic = f.ehdr.e_type == ET_DYN;
	lttng_ust_delete_fd_from_tracker(f.fd);
	close(f.fd);
	lttng_ust_unlock_fd_tracker();
	return ret;
}
