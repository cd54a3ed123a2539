/*
 * Implementation of elf-probe.h on a read-only mapping of the file.
 */
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "elf-probe.h"

struct elf_file {
	const uint8_t *data;
	size_t size;
	const Elf64_Ehdr *ehdr;
};

static int fail(int code, char *err, size_t len, const char *fmt, const char *a,
		const char *b)
{
	snprintf(err, len, fmt, a, b);
	return code;
}

/* Whether [off, off + len) lies inside the file. */
static bool in_file(const struct elf_file *f, uint64_t off, uint64_t len)
{
	return off <= f->size && len <= f->size - off;
}

/*
 * Whether a table at file offset off can be read in place as an array of
 * structures of that alignment (the mapping is page-aligned). The ELF
 * format aligns every table; a damaged or hostile file may not.
 */
static bool aligned(uint64_t off, size_t alignment)
{
	return off % alignment == 0;
}

static int elf_open(struct elf_file *f, const char *path, char *err, size_t len)
{
	struct stat st;
	void *map;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	memset(f, 0, sizeof(*f));
	if (fd < 0)
		return fail(-errno, err, len, "cannot open %s: %s", path,
			    strerror(errno));
	if (fstat(fd, &st) || st.st_size < (off_t)sizeof(Elf64_Ehdr)) {
		close(fd);
		return fail(-ENOEXEC, err, len, "%s%s: not an ELF file", path,
			    "");
	}
	map = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (map == MAP_FAILED)
		return fail(-errno, err, len, "cannot map %s: %s", path,
			    strerror(errno));
	f->data = map;
	f->size = (size_t)st.st_size;
	f->ehdr = map;
	if (memcmp(f->ehdr->e_ident, ELFMAG, SELFMAG) ||
	    f->ehdr->e_ident[EI_CLASS] != ELFCLASS64 ||
	    f->ehdr->e_ident[EI_DATA] != ELFDATA2LSB ||
	    f->ehdr->e_shentsize != sizeof(Elf64_Shdr) ||
	    f->ehdr->e_phentsize != sizeof(Elf64_Phdr) ||
	    !in_file(f, f->ehdr->e_shoff,
		     (uint64_t)f->ehdr->e_shnum * sizeof(Elf64_Shdr)) ||
	    !in_file(f, f->ehdr->e_phoff,
		     (uint64_t)f->ehdr->e_phnum * sizeof(Elf64_Phdr)) ||
	    !aligned(f->ehdr->e_shoff, _Alignof(Elf64_Shdr)) ||
	    !aligned(f->ehdr->e_phoff, _Alignof(Elf64_Phdr)) ||
	    f->ehdr->e_shstrndx >= f->ehdr->e_shnum) {
		munmap(map, f->size);
		f->data = NULL;
		return fail(-ENOEXEC, err, len,
			    "%s%s: not a 64-bit little-endian ELF file", path,
			    "");
	}
	return 0;
}

static void elf_close(struct elf_file *f)
{
	if (f->data)
		munmap((void *)f->data, f->size);
	f->data = NULL;
}

static const Elf64_Shdr *section(const struct elf_file *f, size_t i)
{
	return (const Elf64_Shdr *)(f->data + f->ehdr->e_shoff) + i;
}

/* A NUL-terminated string at off inside section strtab, or NULL. */
static const char *string_at(const struct elf_file *f, const Elf64_Shdr *strtab,
			     uint64_t off)
{
	const char *s;

	if (!in_file(f, strtab->sh_offset, strtab->sh_size) ||
	    off >= strtab->sh_size)
		return NULL;
	s = (const char *)f->data + strtab->sh_offset + off;
	return memchr(s, '\0', strtab->sh_size - off) ? s : NULL;
}

static const char *section_name(const struct elf_file *f, const Elf64_Shdr *sh)
{
	return string_at(f, section(f, f->ehdr->e_shstrndx), sh->sh_name);
}

static const Elf64_Shdr *find_section(const struct elf_file *f,
				      const char *name)
{
	size_t i;

	for (i = 0; i < f->ehdr->e_shnum; i++) {
		const char *n = section_name(f, section(f, i));

		if (n && !strcmp(n, name))
			return section(f, i);
	}
	return NULL;
}

/* File offset of a virtual address, through the PT_LOAD segments. */
static int vaddr_to_offset(const struct elf_file *f, uint64_t vaddr,
			   uint64_t *offset)
{
	const Elf64_Phdr *ph = (const Elf64_Phdr *)(f->data + f->ehdr->e_phoff);
	size_t i;

	for (i = 0; i < f->ehdr->e_phnum; i++) {
		if (ph[i].p_type != PT_LOAD || vaddr < ph[i].p_vaddr ||
		    vaddr - ph[i].p_vaddr >= ph[i].p_filesz)
			continue;
		*offset = vaddr - ph[i].p_vaddr + ph[i].p_offset;
		return 0;
	}
	return -ENOENT;
}

/* Looks symbol up in one symbol table section (SHT_SYMTAB/SHT_DYNSYM). */
static int lookup_in(const struct elf_file *f, const Elf64_Shdr *symtab,
		     const char *symbol, uint64_t *vaddr)
{
	const Elf64_Sym *syms;
	const Elf64_Shdr *strtab;
	size_t i, count;

	if (symtab->sh_link >= f->ehdr->e_shnum ||
	    symtab->sh_entsize != sizeof(Elf64_Sym) ||
	    !in_file(f, symtab->sh_offset, symtab->sh_size) ||
	    !aligned(symtab->sh_offset, _Alignof(Elf64_Sym)))
		return -ENOENT;
	strtab = section(f, symtab->sh_link);
	syms = (const Elf64_Sym *)(f->data + symtab->sh_offset);
	count = symtab->sh_size / sizeof(Elf64_Sym);
	for (i = 0; i < count; i++) {
		const char *name = string_at(f, strtab, syms[i].st_name);

		if (ELF64_ST_TYPE(syms[i].st_info) != STT_FUNC ||
		    syms[i].st_shndx == SHN_UNDEF || !name ||
		    strcmp(name, symbol))
			continue;
		*vaddr = syms[i].st_value;
		return 0;
	}
	return -ENOENT;
}

int elf_function_offset(const char *path, const char *symbol, uint64_t *offset,
			char *err, size_t err_len)
{
	struct elf_file f;
	uint64_t vaddr = 0;
	int ret = elf_open(&f, path, err, err_len);
	size_t i;

	if (ret)
		return ret;
	ret = -ENOENT;
	for (i = 0; ret && i < f.ehdr->e_shnum; i++) {
		if (section(&f, i)->sh_type == SHT_SYMTAB)
			ret = lookup_in(&f, section(&f, i), symbol, &vaddr);
	}
	for (i = 0; ret && i < f.ehdr->e_shnum; i++) {
		if (section(&f, i)->sh_type == SHT_DYNSYM)
			ret = lookup_in(&f, section(&f, i), symbol, &vaddr);
	}
	if (!ret)
		ret = vaddr_to_offset(&f, vaddr, offset);
	elf_close(&f);
	if (ret)
		return fail(ret, err, err_len, "%s: no function %s", path,
			    symbol);
	return 0;
}

/* One SDT note's descriptor: three addresses then three strings. */
struct sdt_note {
	uint64_t pc, base, semaphore;
	const char *provider, *name;
};

static bool parse_sdt_desc(const uint8_t *desc, size_t len,
			   struct sdt_note *note)
{
	const char *end = (const char *)desc + len;

	if (len < 24 + 3)
		return false;
	memcpy(&note->pc, desc, 8);
	memcpy(&note->base, desc + 8, 8);
	memcpy(&note->semaphore, desc + 16, 8);
	note->provider = (const char *)desc + 24;
	note->name = memchr(note->provider, '\0', end - note->provider);
	if (!note->name || ++note->name >= end)
		return false;
	return memchr(note->name, '\0', end - note->name) != NULL;
}

int elf_sdt_offset(const char *path, const char *provider, const char *name,
		   uint64_t *offset, bool *has_semaphore, char *err,
		   size_t err_len)
{
	const Elf64_Shdr *notes, *base_section;
	struct elf_file f;
	uint64_t pos, end;
	int ret = elf_open(&f, path, err, err_len);

	if (ret)
		return ret;
	notes = find_section(&f, ".note.stapsdt");
	base_section = find_section(&f, ".stapsdt.base");
	ret = -ENOENT;
	if (!notes || !in_file(&f, notes->sh_offset, notes->sh_size) ||
	    !aligned(notes->sh_offset, _Alignof(Elf64_Nhdr)))
		goto out;
	pos = notes->sh_offset;
	end = notes->sh_offset + notes->sh_size;
	while (ret && end - pos >= sizeof(Elf64_Nhdr)) {
		const Elf64_Nhdr *nh = (const Elf64_Nhdr *)(f.data + pos);
		uint64_t name_len = (nh->n_namesz + 3) & ~3ULL;
		uint64_t desc_len = (nh->n_descsz + 3) & ~3ULL;
		const uint8_t *desc = f.data + pos + sizeof(*nh) + name_len;
		struct sdt_note note;

		if (name_len + desc_len > end - pos - sizeof(*nh))
			break;
		pos += sizeof(*nh) + name_len + desc_len;
		if (nh->n_type != 3 || nh->n_namesz != 8 ||
		    memcmp(desc - name_len, "stapsdt", 8) ||
		    !parse_sdt_desc(desc, nh->n_descsz, &note) ||
		    strcmp(note.provider, provider) || strcmp(note.name, name))
			continue;
		/* Prelinked files: move pc by how far the base moved. */
		if (base_section)
			note.pc += base_section->sh_addr - note.base;
		*has_semaphore = note.semaphore != 0;
		ret = vaddr_to_offset(&f, note.pc, offset);
	}
out:
	elf_close(&f);
	if (ret)
		return fail(ret, err, err_len, "%s: no SDT probe %s", path,
			    name);
	return 0;
}
