/*
 * The filter interpreter: a loop over the typed instructions of a linked
 * program with an operand stack on the C stack. The linker proved the
 * stack bounds and the types, so typed instructions neither check depth
 * nor dispatch on types; only the DYN instructions (application contexts)
 * read run-time tags, through ops.c. Any failing operation (division by
 * zero, shift out of range, array index out of bounds, missing context)
 * makes the whole filter false.
 */
#include <assert.h>
#include <string.h>

#include "filter/interpreter.h"
#include "filter/program.h"

/* Element `index` of an array field, sign- or zero-extended. */
static bool load_elem(const struct filter_insn *in,
		      const struct filter_value *v, int64_t *out)
{
	const uint8_t *base;
	uint64_t index = (uint64_t)in->imm.i;
	size_t count;

	if (in->c) {
		base = (const uint8_t *)v->u.str.ptr;
		count = v->u.str.len;
	} else {
		base = v->u.array.ptr;
		count = v->u.array.count;
	}
	if (index >= count)
		return false;
	base += index * in->a;
	switch (in->a) {
	case 1:
		*out = in->b ? (int64_t)(int8_t)base[0] : (int64_t)base[0];
		return true;
	case 2: {
		uint16_t x;

		memcpy(&x, base, 2);
		*out = in->b ? (int64_t)(int16_t)x : (int64_t)x;
		return true;
	}
	case 4: {
		uint32_t x;

		memcpy(&x, base, 4);
		*out = in->b ? (int64_t)(int32_t)x : (int64_t)x;
		return true;
	}
	case 8:
		memcpy(out, base, 8);
		return true;
	default:
		return false;
	}
}

/* Pushes context `in->arg` as the kind the linker saw. */
static bool load_ctx(const struct filter_insn *in, filter_ctx_fetch_fn fetch,
		     void *priv, union filter_slot *slot, uint8_t *tag)
{
	struct filter_value v;

	if (!fetch || !fetch(priv, in->arg, &v))
		return false;
	switch (in->a) {
	case FILTER_FIELD_INTEGER:
		slot->i = v.u.s64;
		*tag = FILTER_TAG_INT;
		return true;
	case FILTER_FIELD_FLOAT:
		slot->d = v.u.dbl;
		*tag = FILTER_TAG_DBL;
		return true;
	case FILTER_FIELD_STRING:
	case FILTER_FIELD_TEXT:
		slot->s.p = v.u.str.ptr;
		slot->s.n = v.u.str.len;
		*tag = FILTER_TAG_STR;
		return true;
	default:
		break;
	}
	switch (v.type) {
	case FILTER_VALUE_S64:
		slot->i = v.u.s64;
		*tag = FILTER_TAG_INT;
		return true;
	case FILTER_VALUE_DOUBLE:
		slot->d = v.u.dbl;
		*tag = FILTER_TAG_DBL;
		return true;
	case FILTER_VALUE_STRING:
		slot->s.p = v.u.str.ptr;
		slot->s.n = v.u.str.len;
		*tag = FILTER_TAG_STR;
		return true;
	default:
		return false;
	}
}

static enum filter_tag tag_of(uint8_t static_tag, uint8_t runtime_tag)
{
	return static_tag == FILTER_TAG_DYN ? runtime_tag : static_tag;
}

/*
 * Operations on the top two slots: `top[-1] OP top[0]` replaces both.
 * Results are computed into a local first, so that no assignment reads
 * the union member it overwrites through another member.
 */
#define INT_BINARY(expr)                                                       \
	do {                                                                   \
		int64_t a_ = top[-1].i, b_ = top[0].i, r_;                     \
		r_ = (expr);                                                   \
		(--top)->i = r_;                                               \
	} while (0)
#define INT_CHECKED(fn)                                                        \
	do {                                                                   \
		int64_t r_;                                                    \
		if (!fn(top[-1].i, top[0].i, &r_))                             \
			return false;                                          \
		(--top)->i = r_;                                               \
	} while (0)
#define DBL_ARITH(op)                                                          \
	do {                                                                   \
		double r_ = top[-1].d op top[0].d;                             \
		(--top)->d = r_;                                               \
	} while (0)
#define DBL_COMPARE(op)                                                        \
	do {                                                                   \
		int64_t r_ = top[-1].d op top[0].d;                            \
		(--top)->i = r_;                                               \
	} while (0)

/*
 * OP_STR_*'s comparison of the two top slots when either is a
 * star-at-the-end pattern (in->b: bit 0 below the top, bit 1 the top).
 */
static int star_end_compare(const struct filter_insn *in,
			    const union filter_slot *top)
{
	return filter_star_end_compare(top[-1].s.p, top[-1].s.n, in->b & 1,
				       top->s.p, top->s.n, in->b & 2);
}

bool filter_eval(const struct filter_program *prog,
		 const struct filter_value *fields, filter_ctx_fetch_fn fetch,
		 void *priv)
{
	/* Slot 0 stays unused so that `top` never points before st[]. */
	union filter_slot st[FILTER_STACK_MAX + 1];
	uint8_t tags[FILTER_STACK_MAX + 1];
	const struct filter_insn *pc = prog->insns, *in;
	union filter_slot *top = st;
	enum filter_tag t;
	bool truth;
	double d;

	if (prog->always_false)
		return false;
	for (;;) {
		in = pc++;
		switch ((enum filter_insn_op)in->op) {
		case OP_PUSH_INT:
			(++top)->i = in->imm.i;
			break;
		case OP_PUSH_DBL:
			(++top)->d = in->imm.d;
			break;
		case OP_PUSH_STR:
			++top;
			top->s.p = in->imm.s;
			top->s.n = in->arg;
			break;
		case OP_LOAD_INT:
			(++top)->i = fields[in->arg].u.s64;
			break;
		case OP_LOAD_DBL:
			(++top)->d = fields[in->arg].u.dbl;
			break;
		case OP_LOAD_STR:
			++top;
			top->s.p = fields[in->arg].u.str.ptr;
			top->s.n = fields[in->arg].u.str.len;
			break;
		case OP_LOAD_ELEM:
			if (!load_elem(in, &fields[in->arg], &(++top)->i))
				return false;
			break;
		case OP_LOAD_CTX:
			++top;
			if (!load_ctx(in, fetch, priv, top, &tags[top - st]))
				return false;
			break;
		case OP_I2D_TOP:
			d = (double)top->i;
			top->d = d;
			break;
		case OP_I2D_NEXT:
			d = (double)top[-1].i;
			top[-1].d = d;
			break;
		case OP_BOOL_DBL:
			truth = top->d != 0;
			top->i = truth;
			break;
		case OP_BOOL_DYN:
			if (!filter_truth(tags[top - st], *top, &truth))
				return false;
			top->i = truth;
			break;
		case OP_TO_BOOL:
			top->i = top->i != 0;
			break;
		case OP_NOT:
			top->i = !top->i;
			break;
		case OP_NEG_INT:
			top->i = filter_wrap_sub(0, top->i);
			break;
		case OP_NEG_DBL:
			top->d = -top->d;
			break;
		case OP_BNOT:
			top->i = (int64_t) ~(uint64_t)top->i;
			break;
		case OP_MUL_INT:
			INT_BINARY(filter_wrap_mul(a_, b_));
			break;
		case OP_DIV_INT:
			INT_CHECKED(filter_int_div);
			break;
		case OP_MOD_INT:
			INT_CHECKED(filter_int_mod);
			break;
		case OP_ADD_INT:
			INT_BINARY(filter_wrap_add(a_, b_));
			break;
		case OP_SUB_INT:
			INT_BINARY(filter_wrap_sub(a_, b_));
			break;
		case OP_SHL_INT:
			INT_CHECKED(filter_int_shl);
			break;
		case OP_SHR_INT:
			INT_CHECKED(filter_int_shr);
			break;
		case OP_BAND_INT:
			INT_BINARY((int64_t)((uint64_t)a_ & (uint64_t)b_));
			break;
		case OP_BXOR_INT:
			INT_BINARY((int64_t)((uint64_t)a_ ^ (uint64_t)b_));
			break;
		case OP_BOR_INT:
			INT_BINARY((int64_t)((uint64_t)a_ | (uint64_t)b_));
			break;
		case OP_LT_INT:
			INT_BINARY(a_ < b_);
			break;
		case OP_LE_INT:
			INT_BINARY(a_ <= b_);
			break;
		case OP_GT_INT:
			INT_BINARY(a_ > b_);
			break;
		case OP_GE_INT:
			INT_BINARY(a_ >= b_);
			break;
		case OP_EQ_INT:
			INT_BINARY(a_ == b_);
			break;
		case OP_NE_INT:
			INT_BINARY(a_ != b_);
			break;
		case OP_MUL_DBL:
			DBL_ARITH(*);
			break;
		case OP_DIV_DBL:
			if (top->d == 0)
				return false;
			DBL_ARITH(/);
			break;
		case OP_ADD_DBL:
			DBL_ARITH(+);
			break;
		case OP_SUB_DBL:
			DBL_ARITH(-);
			break;
		case OP_LT_DBL:
			DBL_COMPARE(<);
			break;
		case OP_LE_DBL:
			DBL_COMPARE(<=);
			break;
		case OP_GT_DBL:
			DBL_COMPARE(>);
			break;
		case OP_GE_DBL:
			DBL_COMPARE(>=);
			break;
		case OP_EQ_DBL:
			DBL_COMPARE(==);
			break;
		case OP_NE_DBL:
			DBL_COMPARE(!=);
			break;
		case OP_LT_FIELD_IMM:
			(++top)->i = fields[in->arg].u.s64 < in->imm.i;
			break;
		case OP_LE_FIELD_IMM:
			(++top)->i = fields[in->arg].u.s64 <= in->imm.i;
			break;
		case OP_GT_FIELD_IMM:
			(++top)->i = fields[in->arg].u.s64 > in->imm.i;
			break;
		case OP_GE_FIELD_IMM:
			(++top)->i = fields[in->arg].u.s64 >= in->imm.i;
			break;
		case OP_EQ_FIELD_IMM:
			(++top)->i = fields[in->arg].u.s64 == in->imm.i;
			break;
		case OP_NE_FIELD_IMM:
			(++top)->i = fields[in->arg].u.s64 != in->imm.i;
			break;
		case OP_STR_EQ:
		case OP_STR_NE:
			if (in->b)
				truth = !star_end_compare(in, top);
			else
				truth = filter_str_equal(top[-1].s.p,
							 top[-1].s.n, top->s.p,
							 top->s.n);
			(--top)->i = truth == (in->op == OP_STR_EQ);
			break;
		case OP_STR_ORDER:
			truth = filter_order_holds(
				in->a, in->b ? star_end_compare(in, top)
					     : filter_str_compare(
						       top[-1].s.p, top[-1].s.n,
						       top->s.p, top->s.n));
			(--top)->i = truth;
			break;
		case OP_GLOB_EQ:
		case OP_GLOB_NE: {
			const union filter_slot *pat =
				in->a ? &top[0] : &top[-1];
			const union filter_slot *str =
				in->a ? &top[-1] : &top[0];

			truth = filter_glob_match(pat->s.p, pat->s.n, str->s.p,
						  str->s.n);
			(--top)->i = truth == (in->op == OP_GLOB_EQ);
			break;
		}
		case OP_DYN_UNARY: {
			union filter_slot r;

			if (!filter_unary(in->a, tag_of(in->b, tags[top - st]),
					  *top, &t, &r))
				return false;
			*top = r;
			tags[top - st] = t;
			break;
		}
		case OP_DYN_BINARY: {
			union filter_slot r;

			if (!filter_binary(
				    in->a, tag_of(in->b, tags[top - 1 - st]),
				    top[-1], tag_of(in->c, tags[top - st]),
				    top[0], &t, &r))
				return false;
			*--top = r;
			tags[top - st] = t;
			break;
		}
		case OP_AND_JUMP:
			if (!top->i)
				pc = prog->insns + in->arg;
			else
				top--;
			break;
		case OP_OR_JUMP:
			if (top->i) {
				top->i = 1;
				pc = prog->insns + in->arg;
			} else {
				top--;
			}
			break;
		case OP_RETURN:
			assert(top == st + 1);
			return top->i != 0;
		}
	}
}
