/*
 * Fuzzing harness of the filter bytecode validator, linker and
 * interpreter (src/common/filter: validator.c, linker.c,
 * interpreter.c): the input is filter bytecode as an application or
 * the kernel consumer receives it from a peer. What validates is linked
 * to the event of the filter tests and run on it. Properties: the
 * linker accepts exactly what the validator accepts, and evaluating
 * twice gives the same answer.
 */
#include <errno.h>

#include "filter/interpreter.h"
#include "filter/validator.h"
#include "fixture.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct filter_program *prog = NULL;
	char msg[256];
	int valid, linked;
	bool first;

	valid = filter_validate(data, size, msg, sizeof(msg));
	FUZZ_CHECK(valid == 0 || valid == -EINVAL || valid == -ENOMEM);
	linked = filter_link(data, size, &fixture_layout, &prog, msg,
			     sizeof(msg));
	FUZZ_CHECK((valid == 0) == (linked == 0));
	if (linked)
		return 0;
	first = filter_eval(prog, fixture_values, fixture_fetch, NULL);
	FUZZ_CHECK(first ==
		   filter_eval(prog, fixture_values, fixture_fetch, NULL));
	FUZZ_CHECK(!filter_program_always_false(prog) || !first);
	filter_program_free(prog);
	return 0;
}
