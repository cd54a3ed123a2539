/*
 * Validator tests: every compiled program passes; each kind of corruption
 * is refused with its reason; every truncation is refused; and thousands
 * of deterministic pseudo-random mutations never crash the validator, and
 * those it accepts link and evaluate safely (run under ASan+UBSan too).
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "eval-table.h"
#include "filter/ast.h"
#include "filter/bytecode.h"
#include "filter/filter.h"
#include "filter/interpreter.h"
#include "filter/linker.h"
#include "filter/validator.h"
#include "fixture.h"

static struct filter_bytecode *compile(const char *expr)
{
	struct filter_bytecode *bc = NULL;
	struct filter_error err = {0};

	if (filter_compile(expr, &bc, &err))
		fail_msg("'%s' does not compile: %s", expr, err.message);
	return bc;
}

static void test_every_compiled_program_is_valid(void **state)
{
	char msg[200];
	size_t i;

	(void)state;
	for (i = 0; i < EVAL_TABLE_LEN; i++) {
		struct filter_bytecode *bc = compile(eval_table[i].expr);

		if (filter_validate(bc->data, bc->len, msg, sizeof(msg)))
			fail_msg("'%s': %s", eval_table[i].expr, msg);
		free(bc);
	}
}

/* Builds bytecode from raw code and string table bytes. */
static size_t assemble(uint8_t *out, unsigned int max_stack,
		       const uint8_t *code, size_t code_len, const char *strtab,
		       size_t strtab_len)
{
	memcpy(out, FILTER_BC_MAGIC, 4);
	filter_put16(out + 4, FILTER_BC_VERSION);
	filter_put16(out + 6, max_stack);
	filter_put32(out + 8, code_len);
	filter_put32(out + 12, strtab_len);
	memcpy(out + 16, code, code_len);
	memcpy(out + 16 + code_len, strtab, strtab_len);
	return 16 + code_len + strtab_len;
}

#define PUSH1 FILTER_BC_PUSH_INT, 1, 0, 0, 0, 0, 0, 0, 0
#define EQ FILTER_BC_BINARY, FILTER_OP_EQ

static const struct {
	const char *what;
	uint8_t code[48];
	size_t code_len;
	const char *strtab;
	size_t strtab_len;
	unsigned int max_stack;
	const char *reason;
} corrupt[] = {
	{"valid", {PUSH1, FILTER_BC_RETURN}, 10, "", 0, 1, NULL},
	{"unknown opcode",
	 {PUSH1, 0xee, FILTER_BC_RETURN},
	 11,
	 "",
	 0,
	 1,
	 "unknown opcode 238 at offset 9"},
	{"underflow",
	 {PUSH1, EQ, FILTER_BC_RETURN},
	 12,
	 "",
	 0,
	 1,
	 "stack underflow at offset 9"},
	{"stack over max_stack",
	 {PUSH1, PUSH1, EQ, FILTER_BC_RETURN},
	 21,
	 "",
	 0,
	 1,
	 "stack depth 2 at offset 9 exceeds max_stack 1"},
	{"no return", {PUSH1}, 9, "", 0, 1, "code does not end with RETURN"},
	{"return not last",
	 {PUSH1, FILTER_BC_RETURN, FILTER_BC_RETURN},
	 11,
	 "",
	 0,
	 1,
	 "RETURN at offset 9 is not the last instruction"},
	{"two values at return",
	 {PUSH1, PUSH1, FILTER_BC_RETURN},
	 19,
	 "",
	 0,
	 2,
	 "RETURN at offset 18 with 2 values on the stack"},
	{"truncated operand",
	 {FILTER_BC_PUSH_INT, 1, 0},
	 3,
	 "",
	 0,
	 1,
	 "truncated instruction 2 at offset 0"},
	{"backward jump",
	 {PUSH1, FILTER_BC_AND_JUMP, 0, 0, 0, 0, PUSH1, FILTER_BC_TO_BOOL,
	  FILTER_BC_RETURN},
	 25,
	 "",
	 0,
	 1,
	 "jump at offset 9 to 0 is not forward inside the code (25 bytes)"},
	{"jump past the end",
	 {PUSH1, FILTER_BC_AND_JUMP, 25, 0, 0, 0, PUSH1, FILTER_BC_TO_BOOL,
	  FILTER_BC_RETURN},
	 25,
	 "",
	 0,
	 1,
	 "jump at offset 9 to 25 is not forward inside the code (25 bytes)"},
	{"jump into an instruction",
	 {PUSH1, FILTER_BC_AND_JUMP, 16, 0, 0, 0, PUSH1, FILTER_BC_TO_BOOL,
	  FILTER_BC_RETURN},
	 25,
	 "",
	 0,
	 1,
	 "jump into the middle of the instruction at offset 14"},
	{"depth differs at target",
	 {PUSH1, FILTER_BC_OR_JUMP, 32, 0, 0, 0, PUSH1, PUSH1, EQ,
	  FILTER_BC_RETURN},
	 35,
	 "",
	 0,
	 2,
	 "stack depth 2 at jump target 32, 1 by the jump"},
	{"pop below a pending jump",
	 {PUSH1, PUSH1, FILTER_BC_OR_JUMP, 43, 0, 0, 0, PUSH1, EQ, PUSH1, EQ,
	  FILTER_BC_RETURN},
	 46,
	 "",
	 0,
	 2,
	 "offset 32 pops a value kept by a pending jump"},
	{"crossing jumps",
	 {PUSH1, FILTER_BC_OR_JUMP, 33, 0, 0, 0, PUSH1, FILTER_BC_OR_JUMP, 34,
	  0, 0, 0, PUSH1, FILTER_BC_RETURN},
	 38,
	 "",
	 0,
	 2,
	 "jump at offset 23 crosses the target of an enclosing jump"},
	{"string outside the table",
	 {FILTER_BC_PUSH_STR, 0, 0, 0, 0, 5, 0, 0, 0, FILTER_BC_RETURN},
	 10,
	 "abc",
	 4,
	 1,
	 "string at offset 0 is outside the string table or not "
	 "NUL-terminated"},
	{"string not NUL-terminated",
	 {FILTER_BC_PUSH_STR, 0, 0, 0, 0, 2, 0, 0, 0, FILTER_BC_RETURN},
	 10,
	 "abc",
	 4,
	 1,
	 "string at offset 0 is outside the string table or not "
	 "NUL-terminated"},
	{"name outside the table",
	 {FILTER_BC_LOAD_REF, 0, 1, 0, 9, 0, 0, 0, FILTER_BC_RETURN},
	 9,
	 "a",
	 2,
	 1,
	 "segment 0 name offset 9 outside the string table at offset 0"},
	{"index as root segment",
	 {FILTER_BC_LOAD_REF, 0, 1, 1, 0, 0, 0, 0, FILTER_BC_RETURN},
	 9,
	 "a",
	 2,
	 1,
	 "bad segment 0 kind 1 at offset 0"},
	{"unknown scope",
	 {FILTER_BC_LOAD_REF, 7, 1, 0, 0, 0, 0, 0, FILTER_BC_RETURN},
	 9,
	 "a",
	 2,
	 1,
	 "unknown reference scope 7 at offset 0"},
	{"unknown binary operator",
	 {PUSH1, PUSH1, FILTER_BC_BINARY, FILTER_OP_AND, FILTER_BC_RETURN},
	 21,
	 "",
	 0,
	 2,
	 "unknown binary operator 20 at offset 18"},
	{"string table without a final NUL",
	 {PUSH1, FILTER_BC_RETURN},
	 10,
	 "ab",
	 2,
	 1,
	 "the string table does not end with a NUL"},
	{"max_stack too big",
	 {PUSH1, FILTER_BC_RETURN},
	 10,
	 "",
	 0,
	 65,
	 "max_stack 65 is outside [1, 64]"},
};

static void test_each_corruption_is_refused_with_its_reason(void **state)
{
	uint8_t buf[128];
	char msg[200];
	size_t i, len;

	(void)state;
	for (i = 0; i < sizeof(corrupt) / sizeof(corrupt[0]); i++) {
		int ret;

		len = assemble(buf, corrupt[i].max_stack, corrupt[i].code,
			       corrupt[i].code_len, corrupt[i].strtab,
			       corrupt[i].strtab_len);
		msg[0] = '\0';
		ret = filter_validate(buf, len, msg, sizeof(msg));
		if (!corrupt[i].reason) {
			assert_int_equal(ret, 0);
			continue;
		}
		if (ret != -EINVAL ||
		    strcmp(msg + strlen("invalid filter bytecode: "),
			   corrupt[i].reason))
			fail_msg("%s: got %d \"%s\"", corrupt[i].what, ret,
				 msg);
	}
}

static void test_header_corruptions_are_refused(void **state)
{
	struct filter_bytecode *bc = compile("a == 1");
	uint8_t *copy = malloc(FILTER_BYTECODE_MAX_LEN + 1);
	char msg[200];

	(void)state;
	assert_non_null(copy);
	memcpy(copy, bc->data, bc->len);
	copy[0] = 'X';
	assert_int_equal(filter_validate(copy, bc->len, msg, sizeof(msg)),
			 -EINVAL);
	assert_string_equal(msg, "invalid filter bytecode: bad magic");
	memcpy(copy, bc->data, bc->len);
	filter_put16(copy + 4, 2);
	assert_int_equal(filter_validate(copy, bc->len, msg, sizeof(msg)),
			 -EINVAL);
	assert_string_equal(msg,
			    "invalid filter bytecode: unsupported version 2");
	memcpy(copy, bc->data, bc->len);
	filter_put32(copy + 8, 0xffffffff);
	assert_int_equal(filter_validate(copy, bc->len, msg, sizeof(msg)),
			 -EINVAL);
	memset(copy, 0, FILTER_BYTECODE_MAX_LEN + 1);
	assert_int_equal(filter_validate(copy, FILTER_BYTECODE_MAX_LEN + 1, msg,
					 sizeof(msg)),
			 -EINVAL);
	assert_string_equal(msg, "invalid filter bytecode: 65537 bytes is over "
				 "the 65536 byte limit");
	assert_int_equal(filter_validate(copy, 3, msg, sizeof(msg)), -EINVAL);
	assert_string_equal(
		msg,
		"invalid filter bytecode: 3 bytes is shorter than the header");
	free(copy);
	free(bc);
}

/* Cuts the code at every offset, fixing up the header each time. */
static void test_every_truncation_is_refused(void **state)
{
	struct filter_bytecode *bc = compile(
		"name == \"h*\" && (i < 3 || $ctx.vpid == 1) && d > 1.5");
	uint32_t code_len = filter_get32(bc->data + 8);
	uint32_t strtab_len = filter_get32(bc->data + 12);
	uint8_t *buf = malloc(bc->len);
	size_t cut;

	(void)state;
	assert_non_null(buf);
	for (cut = 0; cut < bc->len; cut++)
		assert_int_equal(filter_validate(bc->data, cut, NULL, 0),
				 -EINVAL);
	for (cut = 0; cut < code_len; cut++) {
		memcpy(buf, bc->data, 16 + cut);
		memcpy(buf + 16 + cut, bc->data + 16 + code_len, strtab_len);
		filter_put32(buf + 8, cut);
		assert_int_equal(
			filter_validate(buf, 16 + cut + strtab_len, NULL, 0),
			-EINVAL);
	}
	free(buf);
	free(bc);
}

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;

static uint32_t rng(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return (uint32_t)(rng_state >> 16);
}

/* One random edit of `buf`; returns the new length. */
static size_t mutate(uint8_t *buf, size_t len, size_t cap)
{
	size_t at = len ? rng() % len : 0;

	switch (rng() % 6) {
	case 0: /* flip one bit */
		if (len)
			buf[at] ^= 1u << (rng() % 8);
		return len;
	case 1: /* replace a byte */
		if (len)
			buf[at] = rng();
		return len;
	case 2: /* small operand tweak, keeping offsets plausible */
		if (len)
			buf[at] += (rng() % 5) - 2;
		return len;
	case 3: /* delete a byte */
		if (!len)
			return len;
		memmove(buf + at, buf + at + 1, len - at - 1);
		return len - 1;
	case 4: /* insert a byte */
		if (len == cap)
			return len;
		memmove(buf + at + 1, buf + at, len - at);
		buf[at] = rng();
		return len + 1;
	default: /* keep the header consistent with a changed code length */
		if (len >= 16)
			filter_put32(buf + 8,
				     filter_get32(buf + 8) + (rng() % 3) - 1);
		return len;
	}
}

static void test_fuzzed_bytecode_never_crashes(void **state)
{
	static const char *const seeds[] = {
		"i == 42 && j < 3 || name == \"he*o\"",
		"$app.myprov:ival + 1 == 18 || $ctx.vpid != 2",
		"arr[2] == 30 && st.x << 2 > 3.5 && !(d / 2 < -1)",
		"(i || j) && (zero || d) && comm != \"b\\*\"",
		"~i & 0xff ^ 3 | 4 >= 1 % 7",
	};
	unsigned int accepted = 0, refused = 0, round;
	uint8_t buf[512];

	(void)state;
	for (round = 0; round < 4000; round++) {
		struct filter_bytecode *bc = compile(seeds[round % 5]);
		struct filter_program *prog;
		unsigned int edits = 1 + rng() % 4;
		size_t len = bc->len;
		int ret;

		assert_true(len <= sizeof(buf));
		memcpy(buf, bc->data, len);
		free(bc);
		while (edits--)
			len = mutate(buf, len, sizeof(buf));
		ret = filter_validate(buf, len, NULL, 0);
		assert_true(ret == 0 || ret == -EINVAL);
		if (ret) {
			refused++;
			continue;
		}
		accepted++;
		/* What passes must link and evaluate without harm. */
		assert_int_equal(
			filter_link(buf, len, &fixture_layout, &prog, NULL, 0),
			0);
		filter_eval(prog, fixture_values, fixture_fetch, NULL);
		filter_program_free(prog);
	}
	print_message("fuzz: %u mutations accepted, %u refused\n", accepted,
		      refused);
	assert_true(refused > 2000);
	assert_true(accepted > 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_compiled_program_is_valid),
		cmocka_unit_test(
			test_each_corruption_is_refused_with_its_reason),
		cmocka_unit_test(test_header_corruptions_are_refused),
		cmocka_unit_test(test_every_truncation_is_refused),
		cmocka_unit_test(test_fuzzed_bytecode_never_crashes),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
