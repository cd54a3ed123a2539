/*
 * The bytecode validator: a single forward pass over the code, tracking
 * the operand stack depth. Jumps only go forward, so the depth expected at
 * each jump target is known before the pass reaches it; `expect[]` records
 * it (NO_JUMP when no jump lands there) and the pass compares it with the
 * fall-through depth. Because every path runs forward to the RETURN, any
 * validated program terminates within code_len instructions.
 *
 * Jumps must nest like the && and || that produce them: a jump may not
 * land beyond the target of a jump still pending, and until a jump's
 * target, the fall-through path may not pop below the slot the jump keeps
 * (its "floor"). So both paths reach a target with the same slots below
 * the kept value, which lets the linker type the stack in one pass.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "filter/ast.h"
#include "filter/bytecode.h"
#include "filter/filter.h"
#include "filter/validator.h"

#define NO_JUMP 0xff

struct validator {
	const uint8_t *code, *strtab;
	uint32_t code_len, strtab_len;
	unsigned int depth, max_stack;
	uint8_t *expect; /* per code byte: depth at jump target, or NO_JUMP */
	struct pending {
		uint32_t target;
		unsigned int floor;
	} * pending; /* jumps not reached yet, innermost last */
	unsigned int nr_pending, floor;
	char *msg;
	size_t msg_len;
};

static int invalid(struct validator *v, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static int invalid(struct validator *v, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (v->msg && v->msg_len) {
		n = snprintf(v->msg, v->msg_len, "invalid filter bytecode: ");
		if (n > 0 && (size_t)n < v->msg_len) {
			va_start(ap, fmt);
			vsnprintf(v->msg + n, v->msg_len - n, fmt, ap);
			va_end(ap);
		}
	}
	return -EINVAL;
}

/*
 * A name at `offset`: in bounds; since the table ends with a NUL (checked
 * with the header), it is NUL-terminated. O(1), so hostile code full of
 * references into one long string stays linear to validate.
 */
static bool name_ok(const struct validator *v, uint32_t offset)
{
	return offset < v->strtab_len;
}

/*
 * A literal of `len` bytes at `offset`, followed by its NUL. A NUL inside
 * is harmless: strings end at their length or first NUL everywhere.
 */
static bool literal_ok(const struct validator *v, uint32_t offset, uint32_t len)
{
	return (uint64_t)offset + len < v->strtab_len &&
	       v->strtab[offset + len] == '\0';
}

/* Applies a stack effect (pop `pops` then push `pushes`) at `pc`. */
static int stack_effect(struct validator *v, uint32_t pc, unsigned int pops,
			unsigned int pushes)
{
	if (v->depth < pops)
		return invalid(v, "stack underflow at offset %u", pc);
	if (v->depth - pops < v->floor)
		return invalid(
			v, "offset %u pops a value kept by a pending jump", pc);
	v->depth += pushes - pops;
	if (v->depth > v->max_stack)
		return invalid(
			v, "stack depth %u at offset %u exceeds max_stack %u",
			v->depth, pc, v->max_stack);
	return 0;
}

/* The operand bytes of LOAD_REF at `pc`; stores its length in *size. */
static int check_ref(struct validator *v, uint32_t pc, uint32_t *size)
{
	const uint8_t *op = v->code + pc;
	uint32_t i, nr_segs;

	if (pc + 3 > v->code_len)
		return invalid(v, "truncated LOAD_REF at offset %u", pc);
	if (op[1] > FILTER_SCOPE_APP)
		return invalid(v, "unknown reference scope %u at offset %u",
			       op[1], pc);
	nr_segs = op[2];
	if (nr_segs < 1 || nr_segs > FILTER_PATH_MAX)
		return invalid(v, "reference with %u segments at offset %u",
			       nr_segs, pc);
	*size = 3 + nr_segs * FILTER_BC_SEG_LEN;
	if (pc + *size > v->code_len)
		return invalid(v, "truncated LOAD_REF at offset %u", pc);
	for (i = 0; i < nr_segs; i++) {
		const uint8_t *seg = op + 3 + i * FILTER_BC_SEG_LEN;

		if (seg[0] == FILTER_SEG_INDEX && i > 0)
			continue;
		if (seg[0] != FILTER_SEG_NAME)
			return invalid(v, "bad segment %u kind %u at offset %u",
				       i, seg[0], pc);
		if (!name_ok(v, filter_get32(seg + 1)))
			return invalid(v,
				       "segment %u name offset %u outside the "
				       "string table at offset %u",
				       i, filter_get32(seg + 1), pc);
	}
	return 0;
}

static int check_jump(struct validator *v, uint32_t pc, uint32_t size)
{
	uint32_t target = filter_get32(v->code + pc + 1);

	if (target < pc + size || target >= v->code_len)
		return invalid(v,
			       "jump at offset %u to %u is not forward inside "
			       "the code (%u bytes)",
			       pc, target, v->code_len);
	if (v->expect[target] != NO_JUMP && v->expect[target] != v->depth)
		return invalid(v,
			       "jumps to offset %u disagree on the stack depth",
			       target);
	v->expect[target] = v->depth;
	if (v->nr_pending && target > v->pending[v->nr_pending - 1].target)
		return invalid(v,
			       "jump at offset %u crosses the target of an "
			       "enclosing jump",
			       pc);
	if (v->depth - 1 > v->floor)
		v->floor = v->depth - 1;
	if (!v->nr_pending || target < v->pending[v->nr_pending - 1].target)
		v->nr_pending++;
	v->pending[v->nr_pending - 1].target = target;
	v->pending[v->nr_pending - 1].floor = v->floor;
	return 0;
}

/* Leaves the jumps whose target is `pc`: their floors no longer hold. */
static void reach(struct validator *v, uint32_t pc)
{
	while (v->nr_pending && v->pending[v->nr_pending - 1].target == pc)
		v->nr_pending--;
	v->floor = v->nr_pending ? v->pending[v->nr_pending - 1].floor : 0;
}

/* Checks the instruction at `pc` and stores its length in *size. */
static int check_insn(struct validator *v, uint32_t pc, uint32_t *size)
{
	const uint8_t *op = v->code + pc;
	uint32_t left = v->code_len - pc;
	int ret;

	switch (op[0]) {
	case FILTER_BC_RETURN:
		*size = 1;
		if (left != 1)
			return invalid(v,
				       "RETURN at offset %u is not the last "
				       "instruction",
				       pc);
		if (v->depth != 1)
			return invalid(v,
				       "RETURN at offset %u with %u values on "
				       "the stack",
				       pc, v->depth);
		return 0;
	case FILTER_BC_PUSH_INT:
	case FILTER_BC_PUSH_DBL:
		*size = 9;
		break;
	case FILTER_BC_PUSH_STR:
	case FILTER_BC_PUSH_GLOB:
		*size = 9;
		if (left >= 9 &&
		    !literal_ok(v, filter_get32(op + 1), filter_get32(op + 5)))
			return invalid(v,
				       "string at offset %u is outside the "
				       "string table or not NUL-terminated",
				       pc);
		break;
	case FILTER_BC_LOAD_REF:
		ret = check_ref(v, pc, size);
		if (ret)
			return ret;
		break;
	case FILTER_BC_UNARY:
	case FILTER_BC_BINARY:
		*size = 2;
		break;
	case FILTER_BC_AND_JUMP:
	case FILTER_BC_OR_JUMP:
		*size = 5;
		break;
	case FILTER_BC_TO_BOOL:
		*size = 1;
		break;
	default:
		return invalid(v, "unknown opcode %u at offset %u", op[0], pc);
	}
	if (*size > left)
		return invalid(v, "truncated instruction %u at offset %u",
			       op[0], pc);
	switch (op[0]) {
	case FILTER_BC_UNARY:
		if (op[1] > FILTER_OP_PLUS)
			return invalid(v,
				       "unknown unary operator %u at offset %u",
				       op[1], pc);
		return stack_effect(v, pc, 1, 1);
	case FILTER_BC_BINARY:
		if (op[1] < FILTER_OP_MUL || op[1] > FILTER_OP_NE)
			return invalid(
				v, "unknown binary operator %u at offset %u",
				op[1], pc);
		return stack_effect(v, pc, 2, 1);
	case FILTER_BC_AND_JUMP:
	case FILTER_BC_OR_JUMP:
		if (v->depth < 1)
			return invalid(v, "stack underflow at offset %u", pc);
		ret = check_jump(v, pc, *size);
		return ret ? ret : stack_effect(v, pc, 1, 0);
	case FILTER_BC_TO_BOOL:
		return stack_effect(v, pc, 1, 1);
	default:
		return stack_effect(v, pc, 0, 1);
	}
}

static int check_header(struct validator *v, const uint8_t *buf, size_t len)
{
	if (len < FILTER_BC_HEADER_LEN)
		return invalid(v, "%zu bytes is shorter than the header", len);
	if (len > FILTER_BYTECODE_MAX_LEN)
		return invalid(v, "%zu bytes is over the %d byte limit", len,
			       FILTER_BYTECODE_MAX_LEN);
	if (memcmp(buf, FILTER_BC_MAGIC, 4))
		return invalid(v, "bad magic");
	if (filter_get16(buf + 4) != FILTER_BC_VERSION)
		return invalid(v, "unsupported version %u",
			       filter_get16(buf + 4));
	v->max_stack = filter_get16(buf + 6);
	v->code_len = filter_get32(buf + 8);
	v->strtab_len = filter_get32(buf + 12);
	if (v->max_stack < 1 || v->max_stack > FILTER_STACK_MAX)
		return invalid(v, "max_stack %u is outside [1, %d]",
			       v->max_stack, FILTER_STACK_MAX);
	if ((uint64_t)FILTER_BC_HEADER_LEN + v->code_len + v->strtab_len != len)
		return invalid(v,
			       "code (%u) and string table (%u) do not add up "
			       "to %zu bytes",
			       v->code_len, v->strtab_len, len);
	if (v->code_len == 0)
		return invalid(v, "empty code");
	v->code = buf + FILTER_BC_HEADER_LEN;
	v->strtab = v->code + v->code_len;
	if (v->strtab_len && v->strtab[v->strtab_len - 1] != '\0')
		return invalid(v, "the string table does not end with a NUL");
	return 0;
}

int filter_validate(const uint8_t *buf, size_t len, char *msg, size_t msg_len)
{
	struct validator v = {.msg = msg, .msg_len = msg_len};
	uint32_t pc, size = 0, i;
	int ret;

	ret = check_header(&v, buf, len);
	if (ret)
		return ret;
	v.expect = malloc(v.code_len);
	v.pending = malloc((v.code_len / 5 + 1) * sizeof(*v.pending));
	if (!v.expect || !v.pending) {
		free(v.expect);
		free(v.pending);
		return -ENOMEM;
	}
	memset(v.expect, NO_JUMP, v.code_len);
	for (pc = 0; pc < v.code_len; pc += size) {
		reach(&v, pc);
		if (v.expect[pc] != NO_JUMP && v.expect[pc] != v.depth) {
			ret = invalid(&v,
				      "stack depth %u at jump target %u, %u by "
				      "the jump",
				      v.depth, pc, v.expect[pc]);
			break;
		}
		ret = check_insn(&v, pc, &size);
		if (ret)
			break;
		for (i = 1; i < size; i++) {
			if (v.expect[pc + i] != NO_JUMP) {
				ret = invalid(&v,
					      "jump into the middle of the "
					      "instruction at offset %u",
					      pc);
				break;
			}
		}
		if (ret)
			break;
		if (v.code[pc] == FILTER_BC_RETURN)
			break;
	}
	if (!ret && pc >= v.code_len)
		ret = invalid(&v, "code does not end with RETURN");
	free(v.expect);
	free(v.pending);
	return ret;
}
