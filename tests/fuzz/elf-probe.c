/*
 * Fuzzing harness of the ELF reader behind --userspace-probe
 * (src/bin/lttng-sessiond/kernel/elf-probe.c): the root session daemon
 * finds where a probe goes in a file that any member of the tracing
 * group names. The input is that file; the function fuzz_target and
 * the SDT probe fuzz:probe are looked up in it, as lttng enable-event
 * --userspace-probe=elf:FILE:fuzz_target and =sdt:FILE:fuzz:probe ask.
 * Properties: each lookup finds the probe or fails with one of its
 * errors (-ENOENT, -ENOEXEC) and says why. The reader maps the file, as
 * the daemon does: a read past the end of the input but inside its last
 * page reads zeros unseen by ASan, one past that page faults.
 */
#include <errno.h>
#include <stdbool.h>
#include <string.h>

#include "fuzz.h"
#include "kernel/elf-probe.h"

static void check_result(int ret, const char *err)
{
	FUZZ_CHECK(ret == 0 || ret == -ENOENT || ret == -ENOEXEC);
	FUZZ_CHECK(memchr(err, '\0', 256));
	if (ret)
		FUZZ_CHECK(err[0]);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *path = fuzz_file_with(data, size);
	bool has_semaphore;
	uint64_t offset;
	char err[256];

	err[0] = '\0';
	check_result(elf_function_offset(path, "fuzz_target", &offset, err,
					 sizeof(err)),
		     err);
	err[0] = '\0';
	check_result(elf_sdt_offset(path, "fuzz", "probe", &offset,
				    &has_semaphore, err, sizeof(err)),
		     err);
	return 0;
}
