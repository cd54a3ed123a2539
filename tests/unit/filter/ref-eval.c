/*
 * The reference evaluator (ref-eval.h). Two phases, as the language
 * defines them: first every reference must exist and every operation must
 * accept its operands' types as far as they are known before the event
 * (else the filter is false); then evaluation, short-circuiting && and ||,
 * where any failing operation makes the whole filter false.
 */
#include <assert.h>
#include <errno.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>

#include "fixture.h"
#include "ref-eval.h"

enum kind { K_INT, K_DBL, K_STR, K_GLOB, K_DYN, K_BAD };

struct val {
	enum kind kind;
	int64_t i;
	double d;
	const char *s;
	size_t n;
};

static jmp_buf abort_eval;

static void fail(void)
{
	longjmp(abort_eval, 1);
}

/* Descriptor index of a payload path, its element index (-1 if none). */
static int find_field(const struct filter_node *ref, int64_t *index)
{
	const struct filter_field *f = fixture_layout.fields;
	uint32_t n = fixture_layout.nr_fields, first = 0, end = n, s, k;
	int at = -1;

	*index = -1;
	for (s = 0; s < ref->u.ref.nr_segs; s++) {
		const struct filter_seg *seg = &ref->u.ref.segs[s];

		if (seg->is_index) {
			if (at < 0 || s + 1 != ref->u.ref.nr_segs ||
			    (f[at].kind != FILTER_FIELD_ARRAY &&
			     f[at].kind != FILTER_FIELD_TEXT))
				return -1;
			*index = seg->index;
			return at;
		}
		if (at >= 0 && f[at].kind != FILTER_FIELD_STRUCT)
			return -1;
		for (k = first, at = -1; k < end; k += 1 + f[k].nr_nested) {
			if (!strcmp(f[k].name, seg->name)) {
				at = (int)k;
				break;
			}
		}
		if (at < 0)
			return -1;
		first = at + 1;
		end = at + 1 + f[at].nr_nested;
	}
	return at;
}

static enum kind kind_of_field(enum filter_field_kind k)
{
	switch (k) {
	case FILTER_FIELD_INTEGER:
		return K_INT;
	case FILTER_FIELD_FLOAT:
		return K_DBL;
	case FILTER_FIELD_STRING:
	case FILTER_FIELD_TEXT:
		return K_STR;
	case FILTER_FIELD_DYNAMIC:
		return K_DYN;
	default:
		return K_BAD;
	}
}

static enum kind ref_kind(const struct filter_node *ref)
{
	enum filter_field_kind k;
	uint32_t ctx;
	int64_t index;
	int at;

	if (ref->u.ref.scope != FILTER_SCOPE_PAYLOAD) {
		if (ref->u.ref.nr_segs != 1 ||
		    fixture_layout.resolve(NULL, ref->u.ref.scope,
					   ref->u.ref.segs[0].name, &ctx, &k))
			return K_BAD;
		return kind_of_field(k);
	}
	at = find_field(ref, &index);
	if (at < 0)
		return K_BAD;
	if (index >= 0)
		return K_INT;
	return kind_of_field(fixture_layout.fields[at].kind);
}

static bool is_str(enum kind k)
{
	return k == K_STR || k == K_GLOB;
}

/* Phase 1: the static kind of `node`, K_BAD if the filter cannot pass. */
static enum kind static_kind(const struct filter_node *node)
{
	enum kind a, b;
	enum filter_op op;

	switch (node->type) {
	case FILTER_NODE_INT:
		return K_INT;
	case FILTER_NODE_FLOAT:
		return K_DBL;
	case FILTER_NODE_STRING:
		return node->u.str.glob ? K_GLOB : K_STR;
	case FILTER_NODE_REF:
		return ref_kind(node);
	case FILTER_NODE_UNARY:
		a = static_kind(node->u.unary.arg);
		op = node->u.unary.op;
		if (a == K_BAD || is_str(a) ||
		    (op == FILTER_OP_BNOT && a == K_DBL))
			return K_BAD;
		return op == FILTER_OP_NOT || op == FILTER_OP_BNOT ? K_INT : a;
	default:
		break;
	}
	a = static_kind(node->u.binary.left);
	b = static_kind(node->u.binary.right);
	op = node->u.binary.op;
	if (a == K_BAD || b == K_BAD)
		return K_BAD;
	if (op == FILTER_OP_AND || op == FILTER_OP_OR)
		return is_str(a) || is_str(b) ? K_BAD : K_INT;
	if (a == K_DYN || b == K_DYN)
		return op == FILTER_OP_MUL || op == FILTER_OP_DIV ||
				       op == FILTER_OP_ADD ||
				       op == FILTER_OP_SUB
			       ? K_DYN
			       : K_INT;
	if (is_str(a) || is_str(b)) {
		if (op == FILTER_OP_EQ || op == FILTER_OP_NE)
			return is_str(a) && is_str(b) ? K_INT : K_BAD;
		/*
		 * Ordering: strings (the compiler refuses it with a full
		 * pattern; a star-at-the-end one orders by its prefix).
		 */
		return is_str(a) && is_str(b) && op >= FILTER_OP_LT &&
				       op <= FILTER_OP_GE
			       ? K_INT
			       : K_BAD;
	}
	if (a == K_INT && b == K_INT)
		return K_INT;
	switch (op) {
	case FILTER_OP_MUL:
	case FILTER_OP_DIV:
	case FILTER_OP_ADD:
	case FILTER_OP_SUB:
		return K_DBL;
	case FILTER_OP_MOD:
	case FILTER_OP_SHL:
	case FILTER_OP_SHR:
	case FILTER_OP_BAND:
	case FILTER_OP_BXOR:
	case FILTER_OP_BOR:
		return K_BAD;
	default:
		return K_INT;
	}
}

/* A simple recursive glob: '*' any run, '\' quotes. */
static bool glob(const char *p, size_t pn, const char *s, size_t sn)
{
	if (pn == 0)
		return sn == 0;
	if (*p == '*')
		return glob(p + 1, pn - 1, s, sn) ||
		       (sn > 0 && glob(p, pn, s + 1, sn - 1));
	if (*p == '\\' && pn > 1) {
		p++;
		pn--;
	}
	return sn > 0 && *p == *s && glob(p + 1, pn - 1, s + 1, sn - 1);
}

static size_t c_len(const char *s, size_t n)
{
	size_t i = 0;

	while (i < n && s[i])
		i++;
	return i;
}

static struct val v_int(int64_t i)
{
	return (struct val){.kind = K_INT, .i = i};
}

static struct val load_ref(const struct filter_node *ref)
{
	struct filter_value fv;
	enum filter_field_kind k;
	struct val v = {0};
	uint32_t ctx;
	int64_t index;
	int at;

	if (ref->u.ref.scope != FILTER_SCOPE_PAYLOAD) {
		fixture_layout.resolve(NULL, ref->u.ref.scope,
				       ref->u.ref.segs[0].name, &ctx, &k);
		fixture_fetch(NULL, ctx, &fv);
		if (k == FILTER_FIELD_DYNAMIC)
			k = fv.type == FILTER_VALUE_S64 ? FILTER_FIELD_INTEGER
			    : fv.type == FILTER_VALUE_DOUBLE
				    ? FILTER_FIELD_FLOAT
			    : fv.type == FILTER_VALUE_STRING
				    ? FILTER_FIELD_STRING
				    : FILTER_FIELD_STRUCT;
	} else {
		at = find_field(ref, &index);
		fv = fixture_values[at];
		k = fixture_layout.fields[at].kind;
		if (index >= 0) {
			const struct filter_field *f =
				&fixture_layout.fields[at];
			const uint8_t *p =
				k == FILTER_FIELD_TEXT
					? (const uint8_t *)fv.u.str.ptr
					: fv.u.array.ptr;
			size_t count = k == FILTER_FIELD_TEXT
					       ? fv.u.str.len
					       : fv.u.array.count;

			if ((uint64_t)index >= count)
				fail();
			if (f->elem_size == 1)
				return v_int(f->elem_signed ? (int8_t)p[index]
							    : p[index]);
			if (f->elem_size == 4) {
				int32_t x;

				memcpy(&x, p + 4 * index, 4);
				return v_int(f->elem_signed
						     ? (int64_t)x
						     : (int64_t)(uint32_t)x);
			}
			fail();
		}
	}
	switch (k) {
	case FILTER_FIELD_INTEGER:
		return v_int(fv.u.s64);
	case FILTER_FIELD_FLOAT:
		v.kind = K_DBL;
		v.d = fv.u.dbl;
		return v;
	case FILTER_FIELD_STRING:
	case FILTER_FIELD_TEXT:
		v.kind = K_STR;
		v.s = fv.u.str.ptr;
		v.n = c_len(fv.u.str.ptr, fv.u.str.len);
		return v;
	default:
		fail();
	}
	return v;
}

static bool truth(struct val v)
{
	if (v.kind == K_INT)
		return v.i != 0;
	if (v.kind == K_DBL)
		return v.d != 0;
	fail();
	return false;
}

static double as_dbl(struct val v)
{
	return v.kind == K_INT ? (double)v.i : v.d;
}

static struct val eval(const struct filter_node *node);

static struct val eval_unary(const struct filter_node *node)
{
	struct val v = eval(node->u.unary.arg);

	if (is_str(v.kind))
		fail();
	switch (node->u.unary.op) {
	case FILTER_OP_NOT:
		return v_int(!truth(v));
	case FILTER_OP_BNOT:
		if (v.kind != K_INT)
			fail();
		return v_int(~v.i);
	case FILTER_OP_NEG:
		if (v.kind == K_INT)
			v.i = (int64_t)(0 - (uint64_t)v.i);
		else
			v.d = -v.d;
		return v;
	default:
		return v;
	}
}

/*
 * A pattern's bytes before its first unescaped '*' (unquoted) into buf;
 * *full: whether anything follows that '*' (LTTng's full pattern).
 */
static size_t pattern_prefix(const char *p, size_t n, char *buf, bool *full)
{
	size_t i, len = 0;

	*full = false;
	for (i = 0; i < n; i++) {
		if (p[i] == '*') {
			*full = i + 1 < n;
			break;
		}
		if (p[i] == '\\' && i + 1 < n)
			i++;
		buf[len++] = p[i];
	}
	return len;
}

static bool is_full_pattern(struct val v)
{
	char buf[256];
	bool full;

	assert(v.n <= sizeof(buf));
	pattern_prefix(v.s, v.n, buf, &full);
	return v.kind == K_GLOB && full;
}

/*
 * LTTng's string order: the bytes as unsigned values, a prefix first,
 * where a star-at-the-end pattern stands for its prefix followed by
 * anything: once the common part covers that prefix, the two are equal.
 */
static int string_cmp(struct val a, struct val b)
{
	char abuf[256], bbuf[256];
	const char *x = a.s, *y = b.s;
	size_t xn = a.n, yn = b.n, i = 0;
	bool full;

	assert(a.n <= sizeof(abuf) && b.n <= sizeof(bbuf));
	if (a.kind == K_GLOB) {
		xn = pattern_prefix(a.s, a.n, abuf, &full);
		x = abuf;
	}
	if (b.kind == K_GLOB) {
		yn = pattern_prefix(b.s, b.n, bbuf, &full);
		y = bbuf;
	}
	while (i < xn && i < yn && x[i] == y[i])
		i++;
	if ((a.kind == K_GLOB && i == xn) || (b.kind == K_GLOB && i == yn))
		return 0;
	if (i < xn && i < yn)
		return (unsigned char)x[i] < (unsigned char)y[i] ? -1 : 1;
	return xn == yn ? 0 : (xn < yn ? -1 : 1);
}

static struct val eval_string_order(enum filter_op op, struct val a,
				    struct val b)
{
	int cmp = string_cmp(a, b);

	switch (op) {
	case FILTER_OP_LT:
		return v_int(cmp < 0);
	case FILTER_OP_LE:
		return v_int(cmp <= 0);
	case FILTER_OP_GT:
		return v_int(cmp > 0);
	default:
		return v_int(cmp >= 0);
	}
}

static struct val eval_strings(enum filter_op op, struct val a, struct val b)
{
	bool eq;

	if (!is_str(a.kind) || !is_str(b.kind))
		fail();
	/* A full pattern globs the other side, with == and != only. */
	if (is_full_pattern(a) || is_full_pattern(b)) {
		if (op != FILTER_OP_EQ && op != FILTER_OP_NE)
			fail();
		eq = is_full_pattern(a) ? glob(a.s, a.n, b.s, b.n)
					: glob(b.s, b.n, a.s, a.n);
		return v_int(op == FILTER_OP_EQ ? eq : !eq);
	}
	if (op >= FILTER_OP_LT && op <= FILTER_OP_GE)
		return eval_string_order(op, a, b);
	if (op != FILTER_OP_EQ && op != FILTER_OP_NE)
		fail();
	eq = string_cmp(a, b) == 0;
	return v_int(op == FILTER_OP_EQ ? eq : !eq);
}

static struct val eval_ints(enum filter_op op, int64_t a, int64_t b)
{
	uint64_t ua = (uint64_t)a, ub = (uint64_t)b;

	switch (op) {
	case FILTER_OP_MUL:
		return v_int((int64_t)(ua * ub));
	case FILTER_OP_DIV:
		if (b == 0)
			fail();
		return v_int(b == -1 ? (int64_t)(0 - ua) : a / b);
	case FILTER_OP_MOD:
		if (b == 0)
			fail();
		return v_int(b == -1 ? 0 : a % b);
	case FILTER_OP_ADD:
		return v_int((int64_t)(ua + ub));
	case FILTER_OP_SUB:
		return v_int((int64_t)(ua - ub));
	case FILTER_OP_SHL:
	case FILTER_OP_SHR:
		if (b < 0 || b > 63)
			fail();
		return v_int(
			(int64_t)(op == FILTER_OP_SHL ? ua << b : ua >> b));
	case FILTER_OP_BAND:
		return v_int((int64_t)(ua & ub));
	case FILTER_OP_BXOR:
		return v_int((int64_t)(ua ^ ub));
	case FILTER_OP_BOR:
		return v_int((int64_t)(ua | ub));
	case FILTER_OP_LT:
		return v_int(a < b);
	case FILTER_OP_LE:
		return v_int(a <= b);
	case FILTER_OP_GT:
		return v_int(a > b);
	case FILTER_OP_GE:
		return v_int(a >= b);
	case FILTER_OP_EQ:
		return v_int(a == b);
	default:
		return v_int(a != b);
	}
}

static struct val eval_doubles(enum filter_op op, double a, double b)
{
	struct val v = {.kind = K_DBL};

	switch (op) {
	case FILTER_OP_MUL:
		v.d = a * b;
		return v;
	case FILTER_OP_DIV:
		if (b == 0)
			fail();
		v.d = a / b;
		return v;
	case FILTER_OP_ADD:
		v.d = a + b;
		return v;
	case FILTER_OP_SUB:
		v.d = a - b;
		return v;
	case FILTER_OP_LT:
		return v_int(a < b);
	case FILTER_OP_LE:
		return v_int(a <= b);
	case FILTER_OP_GT:
		return v_int(a > b);
	case FILTER_OP_GE:
		return v_int(a >= b);
	case FILTER_OP_EQ:
		return v_int(a == b);
	case FILTER_OP_NE:
		return v_int(a != b);
	default:
		fail();
		return v;
	}
}

static struct val eval_binary(const struct filter_node *node)
{
	enum filter_op op = node->u.binary.op;
	struct val a = eval(node->u.binary.left), b;

	if (op == FILTER_OP_AND || op == FILTER_OP_OR) {
		bool t = truth(a);

		if (op == FILTER_OP_AND ? !t : t)
			return v_int(t);
		return v_int(truth(eval(node->u.binary.right)));
	}
	b = eval(node->u.binary.right);
	if (is_str(a.kind) || is_str(b.kind))
		return eval_strings(op, a, b);
	if (a.kind == K_INT && b.kind == K_INT)
		return eval_ints(op, a.i, b.i);
	return eval_doubles(op, as_dbl(a), as_dbl(b));
}

static struct val eval(const struct filter_node *node)
{
	struct val v = {0};

	switch (node->type) {
	case FILTER_NODE_INT:
		return v_int(node->u.i);
	case FILTER_NODE_FLOAT:
		v.kind = K_DBL;
		v.d = node->u.f;
		return v;
	case FILTER_NODE_STRING:
		v.kind = node->u.str.glob ? K_GLOB : K_STR;
		v.s = node->u.str.text;
		v.n = node->u.str.len;
		return v;
	case FILTER_NODE_REF:
		return load_ref(node);
	case FILTER_NODE_UNARY:
		return eval_unary(node);
	default:
		return eval_binary(node);
	}
}

bool ref_eval(const struct filter_node *root)
{
	enum kind k = static_kind(root);

	if (k == K_BAD || is_str(k))
		return false;
	if (setjmp(abort_eval))
		return false;
	return truth(eval(root));
}
