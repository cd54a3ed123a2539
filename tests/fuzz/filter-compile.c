/*
 * Fuzzing harness of the filter compiler (src/common/filter: lexer,
 * parser, type checker, folding, compiler, tracefs translation): the
 * input is the text of an `lttng enable-event --filter` expression, as
 * the CLI (and the session XML loader) compile it. Properties: what
 * compiles validates (the session daemon and the applications would
 * accept it), links to the event of the filter tests and runs; what
 * does not compile says why.
 */
#include <errno.h>
#include <string.h>

#include "filter/filter.h"
#include "filter/interpreter.h"
#include "filter/tracefs-filter.h"
#include "filter/validator.h"
#include "fixture.h"
#include "fuzz.h"

static void compile(const char *expr, unsigned int flags)
{
	struct filter_bytecode *bc = NULL;
	struct filter_program *prog = NULL;
	struct filter_error err = {0};
	char msg[256];
	int ret = filter_compile_flags(expr, flags, &bc, &err);

	if (ret) {
		FUZZ_CHECK(ret == -EINVAL || ret == -E2BIG || ret == -ENOMEM);
		FUZZ_CHECK(err.kind != FILTER_ERR_NONE && err.message[0]);
		FUZZ_CHECK(memchr(err.message, '\0', sizeof(err.message)));
		return;
	}
	FUZZ_CHECK(bc->len <= FILTER_BYTECODE_MAX_LEN);
	if (filter_validate(bc->data, bc->len, msg, sizeof(msg))) {
		fprintf(stderr, "compiled bytecode refused: %s\n", msg);
		FUZZ_CHECK(!"the compiler's output validates");
	}
	FUZZ_CHECK(!filter_link(bc->data, bc->len, &fixture_layout, &prog, msg,
				sizeof(msg)));
	(void)filter_eval(prog, fixture_values, fixture_fetch, NULL);
	filter_program_free(prog);
	free(bc);
}

static void translate(const char *expr)
{
	struct filter_error err = {0};
	char *out = NULL, *implied = NULL;
	char why[256];
	int ret = filter_tracefs_translate_event(expr, NULL, &out, &implied,
						 why, sizeof(why), &err);

	if (!ret)
		FUZZ_CHECK(out && strlen(out) > 0);
	free(out);
	free(implied);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *expr;

	if (size > FILTER_EXPR_MAX_LEN + 1)
		return 0;
	expr = fuzz_strndup(data, size);
	compile(expr, 0);
	compile(expr, FILTER_COMPILE_LTTNG_CLI);
	translate(expr);
	free(expr);
	return 0;
}
