/*
 * Unit tests of the kernel consumer's BTF reader
 * (src/bin/lttng-consumerd/kernel/btf-offsets.c): a BTF file built here
 * type by type (members of an anonymous union, a bit field, kinds with
 * trailing data to skip, a truncated file), and the running kernel's
 * own BTF where it is readable.
 */
#include <linux/btf.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "btf-offsets.h"

struct blob {
	uint8_t types[1024];
	size_t types_len;
	char strings[256];
	size_t strings_len;
};

static uint32_t add_string(struct blob *b, const char *s)
{
	uint32_t off = (uint32_t)b->strings_len;

	strcpy(b->strings + off, s);
	b->strings_len += strlen(s) + 1;
	return off;
}

static void add_bytes(struct blob *b, const void *p, size_t len)
{
	memcpy(b->types + b->types_len, p, len);
	b->types_len += len;
}

static void add_type(struct blob *b, const char *name, unsigned int kind,
		     unsigned int vlen, int kflag, uint32_t size_or_type)
{
	struct btf_type t = {.name_off = name ? add_string(b, name) : 0,
			     .info = (kind << 24) | vlen |
				     ((uint32_t)kflag << 31),
			     .size = size_or_type};

	add_bytes(b, &t, sizeof(t));
}

static void add_member(struct blob *b, const char *name, uint32_t type,
		       uint32_t offset)
{
	struct btf_member m = {.name_off = name ? add_string(b, name) : 0,
			       .type = type,
			       .offset = offset};

	add_bytes(b, &m, sizeof(m));
}

/* Writes the blob as a BTF file (truncated to keep bytes if non-zero). */
static void write_file(const struct blob *b, const char *path, size_t keep)
{
	struct btf_header h = {.magic = BTF_MAGIC,
			       .version = BTF_VERSION,
			       .hdr_len = sizeof(h),
			       .type_off = 0,
			       .type_len = (uint32_t)b->types_len,
			       .str_off = (uint32_t)b->types_len,
			       .str_len = (uint32_t)b->strings_len};
	uint8_t file[2048];
	size_t len = 0;
	FILE *f = fopen(path, "wb");

	assert_non_null(f);
	memcpy(file, &h, sizeof(h));
	len += sizeof(h);
	memcpy(file + len, b->types, b->types_len);
	len += b->types_len;
	memcpy(file + len, b->strings, b->strings_len);
	len += b->strings_len;
	assert_int_equal(fwrite(file, 1, keep ? keep : len, f),
			 keep ? keep : len);
	fclose(f);
}

/*
 * 1 int; 2 an anonymous union {int x; int y;}; 3 struct outer {int
 * first; union {...}; int last;}; 4 a pointer to 3; 5 an array of 1;
 * 6 struct bits {int flag:1; int whole;} (kflag: bit field sizes).
 */
static void build(struct blob *b)
{
	uint32_t encoding = 32; /* BTF_INT_BITS */
	struct btf_array array = {.type = 1, .index_type = 1, .nelems = 4};

	memset(b, 0, sizeof(*b));
	b->strings_len = 1; /* offset 0: the empty name */
	add_type(b, "int", BTF_KIND_INT, 0, 0, 4);
	add_bytes(b, &encoding, sizeof(encoding));
	add_type(b, NULL, BTF_KIND_UNION, 2, 0, 4);
	add_member(b, "x", 1, 0);
	add_member(b, "y", 1, 0);
	add_type(b, "outer", BTF_KIND_STRUCT, 3, 0, 12);
	add_member(b, "first", 1, 0);
	add_member(b, NULL, 2, 32);
	add_member(b, "last", 1, 64);
	add_type(b, NULL, BTF_KIND_PTR, 0, 0, 3);
	add_type(b, "arr", BTF_KIND_ARRAY, 0, 0, 0);
	add_bytes(b, &array, sizeof(array));
	add_type(b, "bits", BTF_KIND_STRUCT, 2, 1, 8);
	add_member(b, "flag", 1, (1u << 24) | 0);
	add_member(b, "whole", 1, (0u << 24) | 32);
}

static void test_members_and_sizes(void **state)
{
	char path[] = "/tmp/kconsumer-btf-XXXXXX", err[256];
	struct kernel_btf *btf;
	struct blob b;
	int fd = mkstemp(path);

	(void)state;
	assert_true(fd >= 0);
	close(fd);
	build(&b);
	write_file(&b, path, 0);
	btf = kernel_btf_load(path, err, sizeof(err));
	assert_non_null(btf);
	assert_int_equal(kernel_btf_member_offset(btf, "outer", "first"), 0);
	assert_int_equal(kernel_btf_member_offset(btf, "outer", "x"), 4);
	assert_int_equal(kernel_btf_member_offset(btf, "outer", "y"), 4);
	assert_int_equal(kernel_btf_member_offset(btf, "outer", "last"), 8);
	assert_int_equal(kernel_btf_member_offset(btf, "outer", "none"), -1);
	assert_int_equal(kernel_btf_member_offset(btf, "bits", "whole"), 4);
	assert_int_equal(kernel_btf_member_offset(btf, "bits", "flag"), -1);
	assert_int_equal(kernel_btf_member_offset(btf, "nothing", "x"), -1);
	assert_int_equal(kernel_btf_struct_size(btf, "outer"), 12);
	assert_int_equal(kernel_btf_struct_size(btf, "int"), -1);
	kernel_btf_free(btf);
	/* Truncated in the type section: refused, not read beyond. */
	write_file(&b, path, sizeof(struct btf_header) + 40);
	assert_null(kernel_btf_load(path, err, sizeof(err)));
	unlink(path);
}

/* The running kernel's: task_struct's members lie inside it. */
static void test_running_kernel(void **state)
{
	char err[256];
	struct kernel_btf *btf;
	long size, tgid, pid;

	(void)state;
	if (access("/sys/kernel/btf/vmlinux", R_OK))
		skip();
	btf = kernel_btf_load("/sys/kernel/btf/vmlinux", err, sizeof(err));
	assert_non_null(btf);
	size = kernel_btf_struct_size(btf, "task_struct");
	pid = kernel_btf_member_offset(btf, "task_struct", "pid");
	tgid = kernel_btf_member_offset(btf, "task_struct", "tgid");
	assert_true(size > 1000);
	assert_true(pid > 0 && pid < size);
	assert_int_equal(tgid, pid + 4); /* pid_t pid; pid_t tgid; */
	assert_int_equal(kernel_btf_struct_size(btf, "upid"), 16);
	kernel_btf_free(btf);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_members_and_sizes),
		cmocka_unit_test(test_running_kernel),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
