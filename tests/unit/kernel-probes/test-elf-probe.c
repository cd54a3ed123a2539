/*
 * Unit tests of the ELF resolver behind --userspace-probe
 * (src/bin/lttng-sessiond/kernel/elf-probe.c): a function's file offset
 * in this very test binary (checked against the bytes of the function
 * itself), an SDT note written here, and refusals: unknown names, files
 * that are not ELF, truncated ELF headers, misaligned tables.
 */
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "kernel/elf-probe.h"

/* A function with recognizable bytes and an SDT probe, as ksyscalls has. */
__attribute__((noinline, used)) int elf_probe_test_target(int v)
{
	__asm__ volatile("991: nop\n"
			 ".pushsection .note.stapsdt,\"?\",\"note\"\n"
			 ".balign 4\n"
			 ".4byte 993f-992f, 995f-994f, 3\n"
			 "992: .asciz \"stapsdt\"\n"
			 "993: .balign 4\n"
			 "994: .8byte 991b\n"
			 ".8byte _.stapsdt.base\n"
			 ".8byte 0\n"
			 ".asciz \"unit\"\n"
			 ".asciz \"probe\"\n"
			 ".asciz \"\"\n"
			 "995: .balign 4\n"
			 ".popsection\n"
			 ".ifndef _.stapsdt.base\n"
			 ".pushsection .stapsdt.base,\"aG\",\"progbits\","
			 ".stapsdt.base,comdat\n"
			 ".weak _.stapsdt.base\n"
			 ".hidden _.stapsdt.base\n"
			 "_.stapsdt.base: .space 1\n"
			 ".size _.stapsdt.base, 1\n"
			 ".popsection\n"
			 ".endif\n"
			 :
			 : "r"(v)
			 : "memory");
	return v * 3 + 1;
}

static char self_path[4096];

static int setup(void **state)
{
	ssize_t n =
		readlink("/proc/self/exe", self_path, sizeof(self_path) - 1);

	(void)state;
	assert_true(n > 0);
	self_path[n] = '\0';
	return 0;
}

/* The bytes at offset in our file equal the function's code in memory. */
static void test_function_offset(void **state)
{
	uint8_t in_file[16];
	uint64_t offset = 0;
	char err[256];
	int fd;

	(void)state;
	assert_int_equal(elf_function_offset(self_path, "elf_probe_test_target",
					     &offset, err, sizeof(err)),
			 0);
	fd = open(self_path, O_RDONLY);
	assert_true(fd >= 0);
	assert_int_equal(pread(fd, in_file, sizeof(in_file), (off_t)offset),
			 (ssize_t)sizeof(in_file));
	close(fd);
	assert_memory_equal(in_file, (const void *)elf_probe_test_target,
			    sizeof(in_file));
}

static void test_sdt_offset(void **state)
{
	uint64_t fn = 0, sdt = 0;
	bool semaphore = true;
	char err[256];

	(void)state;
	assert_int_equal(elf_function_offset(self_path, "elf_probe_test_target",
					     &fn, err, sizeof(err)),
			 0);
	assert_int_equal(elf_sdt_offset(self_path, "unit", "probe", &sdt,
					&semaphore, err, sizeof(err)),
			 0);
	assert_false(semaphore);
	/* The probe's nop is inside the function. */
	assert_true(sdt >= fn && sdt < fn + 64);
}

static void test_unknown_names(void **state)
{
	uint64_t offset;
	bool semaphore;
	char err[256];

	(void)state;
	assert_int_equal(elf_function_offset(self_path, "no_such_function",
					     &offset, err, sizeof(err)),
			 -ENOENT);
	assert_non_null(strstr(err, "no_such_function"));
	assert_int_equal(elf_sdt_offset(self_path, "unit", "nothing", &offset,
					&semaphore, err, sizeof(err)),
			 -ENOENT);
	assert_int_equal(elf_sdt_offset(self_path, "other", "probe", &offset,
					&semaphore, err, sizeof(err)),
			 -ENOENT);
}

static void write_file(const char *path, const void *data, size_t len)
{
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	assert_int_equal(fwrite(data, 1, len, f), len);
	fclose(f);
}

static void test_bad_files(void **state)
{
	char path[] = "/tmp/elf-probe-test-XXXXXX", err[256], text[128];
	uint8_t header[64];
	uint64_t offset;
	int fd = mkstemp(path);
	FILE *self;

	(void)state;
	assert_true(fd >= 0);
	close(fd);
	/* Not ELF (but long enough to hold an ELF header). */
	memset(text, '#', sizeof(text));
	write_file(path, text, sizeof(text));
	assert_int_equal(
		elf_function_offset(path, "main", &offset, err, sizeof(err)),
		-ENOEXEC);
	/* Our own header, with section headers pointing past the end. */
	self = fopen(self_path, "r");
	assert_non_null(self);
	assert_int_equal(fread(header, 1, sizeof(header), self),
			 sizeof(header));
	fclose(self);
	write_file(path, header, sizeof(header));
	assert_int_equal(
		elf_function_offset(path, "main", &offset, err, sizeof(err)),
		-ENOEXEC);
	unlink(path);
	assert_int_equal(elf_function_offset("/nonexistent/file", "main",
					     &offset, err, sizeof(err)),
			 -ENOENT);
}

/*
 * Our own file with one byte inserted before the section header table,
 * which e_shoff follows: every table is still inside the file, but the
 * section headers are misaligned and cannot be read in place.
 */
static void test_misaligned_tables_are_refused(void **state)
{
	char path[] = "/tmp/elf-probe-test-XXXXXX", err[256];
	uint8_t *image, *shifted;
	uint64_t shoff, offset;
	bool semaphore;
	long size;
	FILE *self;
	int fd = mkstemp(path);

	(void)state;
	assert_true(fd >= 0);
	close(fd);
	self = fopen(self_path, "r");
	assert_non_null(self);
	assert_int_equal(fseek(self, 0, SEEK_END), 0);
	size = ftell(self);
	assert_true(size > 64);
	rewind(self);
	image = malloc((size_t)size);
	shifted = malloc((size_t)size + 1);
	assert_non_null(image);
	assert_non_null(shifted);
	assert_int_equal(fread(image, 1, (size_t)size, self), (size_t)size);
	fclose(self);
	memcpy(&shoff, image + 0x28, sizeof(shoff)); /* e_shoff */
	assert_true(shoff > 0 && shoff < (uint64_t)size);
	memcpy(shifted, image, shoff);
	shifted[shoff] = 0;
	memcpy(shifted + shoff + 1, image + shoff, (size_t)size - shoff);
	shoff++;
	memcpy(shifted + 0x28, &shoff, sizeof(shoff));
	write_file(path, shifted, (size_t)size + 1);
	assert_int_equal(elf_function_offset(path, "elf_probe_test_target",
					     &offset, err, sizeof(err)),
			 -ENOEXEC);
	assert_non_null(strstr(err, "not a 64-bit little-endian ELF file"));
	assert_int_equal(elf_sdt_offset(path, "unit", "probe", &offset,
					&semaphore, err, sizeof(err)),
			 -ENOEXEC);
	unlink(path);
	free(image);
	free(shifted);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_function_offset),
		cmocka_unit_test(test_sdt_offset),
		cmocka_unit_test(test_unknown_names),
		cmocka_unit_test(test_bad_files),
		cmocka_unit_test(test_misaligned_tables_are_refused),
	};

	return cmocka_run_group_tests(tests, setup, NULL);
}
