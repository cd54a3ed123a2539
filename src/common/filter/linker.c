/*
 * The filter linker: walks validated bytecode once, resolving each
 * reference against the event layout and tracking the static type of each
 * stack slot, and emits typed instructions (program.h): conversions where
 * an int meets a double, truth tests before jumps, and the dynamic (tag
 * reading) variants only where an application context is involved. An
 * unknown reference or an impossible type combination ends linking with an
 * always-false program.
 */
#include <assert.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "filter/bytecode.h"
#include "filter/filter.h"
#include "filter/linker.h"
#include "filter/ops.h"
#include "filter/program.h"
#include "filter/validator.h"

struct linker {
	const struct filter_event_layout *layout;
	const uint8_t *code, *strtab;
	uint32_t code_len;
	uint32_t *insn_at; /* bytecode offset -> first linked instruction */
	bool *is_target;   /* bytecode offset -> a jump lands there */
	/*
	 * The last three bytecode instructions: their offsets and the index
	 * of the first instruction each emitted ([2] is the current one).
	 */
	uint32_t recent_pc[3], recent_insn[3];
	struct filter_insn *insns;
	uint32_t nr_insns, cap;
	uint8_t types[FILTER_STACK_MAX];
	/* With types[]: a GLOB slot's pattern kind (enum filter_glob_kind). */
	uint8_t glob_kind[FILTER_STACK_MAX];
	int sp; /* index of the top slot in types[], -1 when empty */
	bool always_false;
	char *msg;
	size_t msg_len;
};

static int nomem(struct linker *l)
{
	snprintf(l->msg, l->msg_len, "out of memory linking the filter");
	return -ENOMEM;
}

/* Marks the program always false and says why; linking stops. */
static void never(struct linker *l, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void never(struct linker *l, const char *fmt, ...)
{
	va_list ap;

	l->always_false = true;
	if (l->msg && l->msg_len) {
		va_start(ap, fmt);
		vsnprintf(l->msg, l->msg_len, fmt, ap);
		va_end(ap);
	}
}

static struct filter_insn *emit(struct linker *l, enum filter_insn_op op)
{
	struct filter_insn *insn;

	if (l->nr_insns == l->cap) {
		uint32_t cap = l->cap ? l->cap * 2 : 32;
		struct filter_insn *grown =
			realloc(l->insns, cap * sizeof(*grown));

		if (!grown)
			return NULL;
		l->insns = grown;
		l->cap = cap;
	}
	insn = &l->insns[l->nr_insns++];
	memset(insn, 0, sizeof(*insn));
	insn->op = op;
	return insn;
}

static void push_type(struct linker *l, uint8_t type)
{
	assert(l->sp + 1 < FILTER_STACK_MAX);
	l->types[++l->sp] = type;
	l->glob_kind[l->sp] = FILTER_GLOB_NONE;
}

static const char *op_name(uint8_t op)
{
	return filter_op_text((enum filter_op)op);
}

/* The descriptor named `name` among [first, end) at one nesting level. */
static int find_member(const struct filter_event_layout *layout, uint32_t first,
		       uint32_t end, const char *name)
{
	uint32_t i;

	for (i = first; i < end && i < layout->nr_fields;
	     i += 1 + layout->fields[i].nr_nested) {
		if (!strcmp(layout->fields[i].name, name))
			return (int)i;
	}
	return -1;
}

static const char *seg_name(const struct linker *l, const uint8_t *seg)
{
	return (const char *)l->strtab + filter_get32(seg + 1);
}

/* Emits the load of a payload field path; `ref` is the LOAD_REF. */
static int link_payload(struct linker *l, const uint8_t *ref)
{
	const struct filter_event_layout *layout = l->layout;
	const uint8_t *seg = ref + 3;
	uint32_t i, nr_segs = ref[2], end = layout->nr_fields;
	const struct filter_field *f = NULL;
	struct filter_insn *insn;
	int at = -1;

	for (i = 0; i < nr_segs; i++, seg += FILTER_BC_SEG_LEN) {
		if (seg[0] == FILTER_SEG_INDEX)
			break;
		if (i > 0 && f->kind != FILTER_FIELD_STRUCT)
			break;
		at = find_member(layout, at + 1, end, seg_name(l, seg));
		if (at < 0) {
			never(l, "the event has no field '%s'",
			      seg_name(l, seg));
			return 0;
		}
		f = &layout->fields[at];
		end = at + 1 + f->nr_nested;
	}
	assert(f); /* the validator makes segment 0 a name */
	if (i + (i < nr_segs && seg[0] == FILTER_SEG_INDEX) != nr_segs) {
		never(l, "the event has no field matching the path at '%s'",
		      seg_name(l, ref + 3));
		return 0;
	}
	if (i < nr_segs) {
		if (f->kind != FILTER_FIELD_ARRAY &&
		    f->kind != FILTER_FIELD_TEXT) {
			never(l, "field '%s' is not an array", f->name);
			return 0;
		}
		insn = emit(l, OP_LOAD_ELEM);
		if (!insn)
			return nomem(l);
		insn->arg = at;
		insn->imm.i = filter_get32(seg + 1);
		insn->a = f->elem_size;
		insn->b = f->elem_signed;
		insn->c = f->kind == FILTER_FIELD_TEXT;
		push_type(l, FILTER_TAG_INT);
		return 0;
	}
	switch (f->kind) {
	case FILTER_FIELD_INTEGER:
		insn = emit(l, OP_LOAD_INT);
		push_type(l, FILTER_TAG_INT);
		break;
	case FILTER_FIELD_FLOAT:
		insn = emit(l, OP_LOAD_DBL);
		push_type(l, FILTER_TAG_DBL);
		break;
	case FILTER_FIELD_STRING:
	case FILTER_FIELD_TEXT:
		insn = emit(l, OP_LOAD_STR);
		push_type(l, FILTER_TAG_STR);
		break;
	default:
		never(l, "field '%s' has no single value (array or structure)",
		      f->name);
		return 0;
	}
	if (!insn)
		return nomem(l);
	insn->arg = at;
	return 0;
}

static int link_context(struct linker *l, const uint8_t *ref)
{
	const char *name = seg_name(l, ref + 3);
	enum filter_field_kind kind;
	struct filter_insn *insn;
	uint32_t index;
	uint8_t type;

	if (ref[2] != 1 || !l->layout->resolve ||
	    l->layout->resolve(l->layout->resolve_priv, ref[1], name, &index,
			       &kind)) {
		never(l, "unknown context '%s%s'",
		      ref[1] == FILTER_SCOPE_APP ? "$app." : "$ctx.", name);
		return 0;
	}
	switch (kind) {
	case FILTER_FIELD_INTEGER:
		type = FILTER_TAG_INT;
		break;
	case FILTER_FIELD_FLOAT:
		type = FILTER_TAG_DBL;
		break;
	case FILTER_FIELD_STRING:
	case FILTER_FIELD_TEXT:
		type = FILTER_TAG_STR;
		break;
	case FILTER_FIELD_DYNAMIC:
		type = FILTER_TAG_DYN;
		break;
	default:
		never(l, "context '%s' has no single value", name);
		return 0;
	}
	insn = emit(l, OP_LOAD_CTX);
	if (!insn)
		return nomem(l);
	insn->arg = index;
	insn->a = kind;
	push_type(l, type);
	return 0;
}

/* Makes the top slot a 0/1 int, or marks the program never true. */
static int link_truth(struct linker *l, bool force_bool)
{
	uint8_t type = l->types[l->sp];
	enum filter_insn_op op;

	if (type == FILTER_TAG_INT) {
		if (!force_bool)
			return 0;
		op = OP_TO_BOOL;
	} else if (type == FILTER_TAG_DBL) {
		op = OP_BOOL_DBL;
	} else if (type == FILTER_TAG_DYN) {
		op = OP_BOOL_DYN;
	} else {
		never(l, "a string is used as a truth value");
		return 0;
	}
	l->types[l->sp] = FILTER_TAG_INT;
	return emit(l, op) ? 0 : nomem(l);
}

static int link_unary(struct linker *l, uint8_t op)
{
	uint8_t type = l->types[l->sp];
	struct filter_insn *insn;

	if (type == FILTER_TAG_STR || type == FILTER_TAG_GLOB) {
		never(l, "unary '%s' applied to a string", op_name(op));
		return 0;
	}
	if (type == FILTER_TAG_DYN) {
		insn = emit(l, OP_DYN_UNARY);
		if (!insn)
			return nomem(l);
		insn->a = op;
		insn->b = type;
		if (op == FILTER_OP_NOT || op == FILTER_OP_BNOT)
			l->types[l->sp] = FILTER_TAG_INT;
		return 0;
	}
	switch (op) {
	case FILTER_OP_NOT:
		if (type == FILTER_TAG_DBL && link_truth(l, false))
			return -ENOMEM;
		return emit(l, OP_NOT) ? 0 : nomem(l);
	case FILTER_OP_BNOT:
		if (type == FILTER_TAG_DBL) {
			never(l, "'~' applied to a floating point value");
			return 0;
		}
		return emit(l, OP_BNOT) ? 0 : nomem(l);
	case FILTER_OP_NEG:
		return emit(l, type == FILTER_TAG_INT ? OP_NEG_INT : OP_NEG_DBL)
			       ? 0
			       : nomem(l);
	default:
		return 0; /* unary + on a number */
	}
}

static bool is_string_type(uint8_t type)
{
	return type == FILTER_TAG_STR || type == FILTER_TAG_GLOB;
}

/*
 * Strings as LTTng compares them: a full pattern (FILTER_GLOB_FULL) globs
 * the other side, with == and != only; otherwise a star-at-the-end pattern
 * on either side (insn b: bit 0 left, bit 1 right) ends the comparison as
 * equal at its '*' (filter_star_end_compare()).
 */
static int link_string_binary(struct linker *l, uint8_t op, uint8_t lt,
			      uint8_t rt)
{
	bool lfull = l->glob_kind[l->sp - 1] == FILTER_GLOB_FULL;
	bool rfull = l->glob_kind[l->sp] == FILTER_GLOB_FULL;
	uint8_t patterns = lt == FILTER_TAG_GLOB;
	struct filter_insn *insn;

	if (rt == FILTER_TAG_GLOB)
		patterns |= 2;

	if (!is_string_type(lt) || !is_string_type(rt)) {
		never(l, "'%s' compares a string with a number", op_name(op));
		return 0;
	}
	if (op != FILTER_OP_EQ && op != FILTER_OP_NE &&
	    (op < FILTER_OP_LT || op > FILTER_OP_GE)) {
		never(l, "'%s' applied to strings", op_name(op));
		return 0;
	}
	if ((lfull || rfull) && (op != FILTER_OP_EQ && op != FILTER_OP_NE)) {
		never(l, "'%s' applied to a glob pattern", op_name(op));
		return 0;
	}
	if ((lfull || rfull) && patterns == 3) {
		never(l, "two glob patterns compared");
		return 0;
	}
	if (lfull || rfull)
		insn = emit(l, op == FILTER_OP_EQ ? OP_GLOB_EQ : OP_GLOB_NE);
	else if (op == FILTER_OP_EQ || op == FILTER_OP_NE)
		insn = emit(l, op == FILTER_OP_EQ ? OP_STR_EQ : OP_STR_NE);
	else
		insn = emit(l, OP_STR_ORDER);
	if (!insn)
		return nomem(l);
	if (lfull || rfull) {
		insn->a = rfull;
	} else {
		insn->a = op;
		insn->b = patterns;
	}
	l->types[--l->sp] = FILTER_TAG_INT;
	return 0;
}

/* The double variant of `op`, or -1 for operators without one. */
static int dbl_op(uint8_t op)
{
	switch (op) {
	case FILTER_OP_MUL:
		return OP_MUL_DBL;
	case FILTER_OP_DIV:
		return OP_DIV_DBL;
	case FILTER_OP_ADD:
		return OP_ADD_DBL;
	case FILTER_OP_SUB:
		return OP_SUB_DBL;
	case FILTER_OP_LT:
	case FILTER_OP_LE:
	case FILTER_OP_GT:
	case FILTER_OP_GE:
	case FILTER_OP_EQ:
	case FILTER_OP_NE:
		return OP_LT_DBL + (op - FILTER_OP_LT);
	default:
		return -1;
	}
}

static bool is_arithmetic(uint8_t op)
{
	return op == FILTER_OP_MUL || op == FILTER_OP_DIV ||
	       op == FILTER_OP_ADD || op == FILTER_OP_SUB;
}

/*
 * Fuses "LOAD_INT; PUSH_INT; compare" into one instruction when each of
 * the three bytecode instructions emitted exactly one and no jump lands on
 * the last two (jumps are forward, so all of them are known by now).
 */
static bool fuse_field_compare(struct linker *l, uint8_t op)
{
	uint32_t n = l->nr_insns;

	if (op < FILTER_OP_LT || op > FILTER_OP_NE || n < 2 ||
	    l->recent_insn[0] != n - 2 || l->recent_insn[1] != n - 1 ||
	    l->insns[n - 2].op != OP_LOAD_INT ||
	    l->insns[n - 1].op != OP_PUSH_INT ||
	    l->is_target[l->recent_pc[1]] || l->is_target[l->recent_pc[2]])
		return false;
	l->insns[n - 2].op = OP_LT_FIELD_IMM + (op - FILTER_OP_LT);
	l->insns[n - 2].imm.i = l->insns[n - 1].imm.i;
	l->nr_insns--;
	return true;
}

static int link_binary(struct linker *l, uint8_t op)
{
	uint8_t lt = l->types[l->sp - 1], rt = l->types[l->sp];
	struct filter_insn *insn;
	int dop;

	if (lt == FILTER_TAG_DYN || rt == FILTER_TAG_DYN) {
		insn = emit(l, OP_DYN_BINARY);
		if (!insn)
			return nomem(l);
		insn->a = op;
		insn->b = lt;
		insn->c = rt;
		l->types[--l->sp] =
			is_arithmetic(op) ? FILTER_TAG_DYN : FILTER_TAG_INT;
		return 0;
	}
	if (is_string_type(lt) || is_string_type(rt))
		return link_string_binary(l, op, lt, rt);
	if (lt == FILTER_TAG_INT && rt == FILTER_TAG_INT) {
		l->types[--l->sp] = FILTER_TAG_INT;
		if (fuse_field_compare(l, op))
			return 0;
		return emit(l, OP_MUL_INT + (op - FILTER_OP_MUL)) ? 0
								  : nomem(l);
	}
	dop = dbl_op(op);
	if (dop < 0) {
		never(l, "'%s' applied to a floating point value", op_name(op));
		return 0;
	}
	if (lt == FILTER_TAG_INT && !emit(l, OP_I2D_NEXT))
		return nomem(l);
	if (rt == FILTER_TAG_INT && !emit(l, OP_I2D_TOP))
		return nomem(l);
	l->types[--l->sp] = is_arithmetic(op) ? FILTER_TAG_DBL : FILTER_TAG_INT;
	return emit(l, dop) ? 0 : nomem(l);
}

static int link_push(struct linker *l, const uint8_t *op)
{
	struct filter_insn *insn;
	uint64_t bits = filter_get64(op + 1);

	switch (op[0]) {
	case FILTER_BC_PUSH_INT:
		insn = emit(l, OP_PUSH_INT);
		if (insn)
			insn->imm.i = (int64_t)bits;
		push_type(l, FILTER_TAG_INT);
		break;
	case FILTER_BC_PUSH_DBL:
		insn = emit(l, OP_PUSH_DBL);
		if (insn)
			memcpy(&insn->imm.d, &bits, sizeof(bits));
		push_type(l, FILTER_TAG_DBL);
		break;
	default:
		/* The string pointer is set once the program is allocated. */
		insn = emit(l, OP_PUSH_STR);
		if (insn) {
			insn->imm.i = filter_get32(op + 1);
			insn->arg = filter_get32(op + 5);
		}
		push_type(l, op[0] == FILTER_BC_PUSH_GLOB ? FILTER_TAG_GLOB
							  : FILTER_TAG_STR);
		if (op[0] == FILTER_BC_PUSH_GLOB)
			l->glob_kind[l->sp] = filter_glob_kind(
				(const char *)l->strtab + filter_get32(op + 1),
				filter_get32(op + 5));
		break;
	}
	return insn ? 0 : nomem(l);
}

static int link_jump(struct linker *l, const uint8_t *op)
{
	struct filter_insn *insn;
	int ret = link_truth(l, false);

	if (ret || l->always_false)
		return ret;
	insn = emit(l, op[0] == FILTER_BC_AND_JUMP ? OP_AND_JUMP : OP_OR_JUMP);
	if (!insn)
		return nomem(l);
	insn->arg = filter_get32(op + 1); /* a bytecode offset, for now */
	l->is_target[insn->arg] = true;
	l->sp--;
	return 0;
}

/* Links the instruction at `pc`; stores its bytecode length in *size. */
static int link_insn(struct linker *l, uint32_t pc, uint32_t *size)
{
	const uint8_t *op = l->code + pc;

	switch (op[0]) {
	case FILTER_BC_PUSH_INT:
	case FILTER_BC_PUSH_DBL:
	case FILTER_BC_PUSH_STR:
	case FILTER_BC_PUSH_GLOB:
		*size = 9;
		return link_push(l, op);
	case FILTER_BC_LOAD_REF:
		*size = 3 + op[2] * FILTER_BC_SEG_LEN;
		if (op[1] == FILTER_SCOPE_PAYLOAD)
			return link_payload(l, op);
		return link_context(l, op);
	case FILTER_BC_UNARY:
		*size = 2;
		return link_unary(l, op[1]);
	case FILTER_BC_BINARY:
		*size = 2;
		return link_binary(l, op[1]);
	case FILTER_BC_AND_JUMP:
	case FILTER_BC_OR_JUMP:
		*size = 5;
		return link_jump(l, op);
	case FILTER_BC_TO_BOOL:
		*size = 1;
		return link_truth(l, true);
	default:
		assert(op[0] == FILTER_BC_RETURN);
		*size = 1;
		if (link_truth(l, false))
			return -ENOMEM;
		return emit(l, OP_RETURN) ? 0 : nomem(l);
	}
}

/* One allocation: the program, its instructions and its strings. */
static int finish(struct linker *l, uint32_t strtab_len,
		  struct filter_program **out)
{
	uint32_t n = l->always_false ? 0 : l->nr_insns, i;
	size_t insns_size = n * sizeof(struct filter_insn);
	struct filter_program *prog;

	prog = malloc(sizeof(*prog) + insns_size + strtab_len);
	if (!prog)
		return nomem(l);
	prog->always_false = l->always_false;
	prog->nr_insns = n;
	prog->insns = (struct filter_insn *)(prog + 1);
	prog->strings = (char *)prog->insns + insns_size;
	if (n)
		memcpy(prog->insns, l->insns, insns_size);
	if (strtab_len)
		memcpy(prog->strings, l->strtab, strtab_len);
	for (i = 0; i < n; i++) {
		struct filter_insn *insn = &prog->insns[i];

		if (insn->op == OP_PUSH_STR)
			insn->imm.s = prog->strings + insn->imm.i;
		else if (insn->op == OP_AND_JUMP || insn->op == OP_OR_JUMP)
			insn->arg = l->insn_at[insn->arg];
	}
	*out = prog;
	return 0;
}

int filter_link(const uint8_t *bc, size_t len,
		const struct filter_event_layout *layout,
		struct filter_program **out, char *msg, size_t msg_len)
{
	struct linker l = {
		.layout = layout, .sp = -1, .msg = msg, .msg_len = msg_len};
	uint32_t pc, size = 0;
	int ret;

	if (msg && msg_len)
		msg[0] = '\0';
	ret = filter_validate(bc, len, msg, msg_len);
	if (ret)
		return ret;
	l.code = bc + FILTER_BC_HEADER_LEN;
	l.code_len = filter_get32(bc + 8);
	l.strtab = l.code + l.code_len;
	l.insn_at = malloc(l.code_len * sizeof(*l.insn_at));
	l.is_target = calloc(l.code_len, sizeof(*l.is_target));
	if (!l.insn_at || !l.is_target) {
		ret = nomem(&l);
		goto out;
	}
	for (pc = 0; pc < l.code_len && !l.always_false; pc += size) {
		l.insn_at[pc] = l.nr_insns;
		/* The jump path brings an int; so must the fall-through. */
		if (l.is_target[pc] && l.types[l.sp] != FILTER_TAG_INT) {
			never(&l, "a jump at offset %u meets a non-boolean",
			      pc);
			break;
		}
		memmove(l.recent_pc, l.recent_pc + 1, 2 * sizeof(uint32_t));
		memmove(l.recent_insn, l.recent_insn + 1, 2 * sizeof(uint32_t));
		l.recent_pc[2] = pc;
		l.recent_insn[2] = l.nr_insns;
		ret = link_insn(&l, pc, &size);
		if (ret)
			break;
	}
	if (!ret)
		ret = finish(&l, filter_get32(bc + 12), out);
out:
	free(l.insn_at);
	free(l.is_target);
	free(l.insns);
	return ret;
}

void filter_program_free(struct filter_program *prog)
{
	free(prog);
}

bool filter_program_always_false(const struct filter_program *prog)
{
	return prog->always_false;
}
