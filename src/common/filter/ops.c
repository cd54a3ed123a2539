/*
 * The semantics of the filter operators on typed values, for constant
 * folding and for the interpreter's dynamically typed path (application
 * contexts). The interpreter's typed fast path uses the inline helpers of
 * ops.h, so both paths compute the same results.
 */
#include <assert.h>
#include <string.h>

#include "filter/ops.h"

static size_t effective_len(const char *s, size_t len)
{
	const char *nul = memchr(s, '\0', len);

	return nul ? (size_t)(nul - s) : len;
}

bool filter_str_equal(const char *a, size_t alen, const char *b, size_t blen)
{
	alen = effective_len(a, alen);
	blen = effective_len(b, blen);
	return alen == blen && !memcmp(a, b, alen);
}

int filter_str_compare(const char *a, size_t alen, const char *b, size_t blen)
{
	size_t n;
	int cmp;

	alen = effective_len(a, alen);
	blen = effective_len(b, blen);
	n = alen < blen ? alen : blen;
	cmp = n ? memcmp(a, b, n) : 0;
	if (cmp)
		return cmp;
	return alen < blen ? -1 : alen > blen;
}

bool filter_order_holds(enum filter_op op, int cmp)
{
	switch (op) {
	case FILTER_OP_LT:
		return cmp < 0;
	case FILTER_OP_LE:
		return cmp <= 0;
	case FILTER_OP_GT:
		return cmp > 0;
	case FILTER_OP_GE:
		return cmp >= 0;
	default:
		assert(!"not an ordering operator");
		return false;
	}
}

bool filter_glob_match(const char *pattern, size_t plen, const char *str,
		       size_t len)
{
	size_t p = 0, s = 0, star_p = 0, star_s = 0;
	bool star = false;

	len = effective_len(str, len);
	while (s < len) {
		if (p < plen && pattern[p] == '*') {
			star = true;
			star_p = ++p;
			star_s = s;
			continue;
		}
		if (p < plen) {
			size_t lit =
				pattern[p] == '\\' && p + 1 < plen ? p + 1 : p;

			if (pattern[lit] == str[s]) {
				p = lit + 1;
				s++;
				continue;
			}
		}
		if (!star)
			return false;
		/* Let the last star swallow one more byte and retry. */
		p = star_p;
		s = ++star_s;
	}
	while (p < plen && pattern[p] == '*')
		p++;
	return p == plen;
}

enum filter_glob_kind filter_glob_kind(const char *pattern, size_t plen)
{
	size_t i;

	for (i = 0; i < plen; i++) {
		if (pattern[i] == '\\')
			i++;
		else if (pattern[i] == '*')
			return i + 1 == plen ? FILTER_GLOB_STAR_END
					     : FILTER_GLOB_FULL;
	}
	return FILTER_GLOB_NONE;
}

/*
 * The next byte of a string at *i, or -1 at its end, or -2 at a
 * pattern's unescaped '*'; advances *i past it.
 */
static int next_byte(const char *s, size_t len, bool pat, size_t *i)
{
	if (*i >= len || s[*i] == '\0')
		return -1;
	if (pat && s[*i] == '*')
		return -2;
	if (pat && s[*i] == '\\' && *i + 1 < len)
		++*i;
	return (unsigned char)s[(*i)++];
}

int filter_star_end_compare(const char *a, size_t alen, bool a_pat,
			    const char *b, size_t blen, bool b_pat)
{
	size_t i = 0, j = 0;

	for (;;) {
		int ca = next_byte(a, alen, a_pat, &i);
		int cb = next_byte(b, blen, b_pat, &j);

		if (ca == -2 || cb == -2)
			return 0;
		if (ca != cb)
			return ca < cb ? -1 : 1;
		if (ca == -1)
			return 0;
	}
}

static bool is_number(enum filter_tag t)
{
	return t == FILTER_TAG_INT || t == FILTER_TAG_DBL;
}

static bool is_string(enum filter_tag t)
{
	return t == FILTER_TAG_STR || t == FILTER_TAG_GLOB;
}

static bool is_full_glob(enum filter_tag t, union filter_slot v)
{
	return t == FILTER_TAG_GLOB &&
	       filter_glob_kind(v.s.p, v.s.n) == FILTER_GLOB_FULL;
}

/*
 * A comparison of two strings, as LTTng's: a full pattern globs the other
 * side with == and != only (two of them, or one with another pattern,
 * are refused by the compiler: false here); otherwise a star-at-the-end
 * pattern on either side ends the comparison as equal at its '*'.
 */
static bool string_binary(enum filter_op op, enum filter_tag lt,
			  union filter_slot l, enum filter_tag rt,
			  union filter_slot r, int64_t *out)
{
	bool lfull = is_full_glob(lt, l), rfull = is_full_glob(rt, r);
	bool both = lt == FILTER_TAG_GLOB && rt == FILTER_TAG_GLOB;
	int cmp;

	if (op != FILTER_OP_EQ && op != FILTER_OP_NE &&
	    (lfull || rfull || op < FILTER_OP_LT || op > FILTER_OP_GE))
		return false;
	if ((lfull || rfull) && both)
		return false;
	if (lfull || rfull) {
		bool match =
			lfull ? filter_glob_match(l.s.p, l.s.n, r.s.p, r.s.n)
			      : filter_glob_match(r.s.p, r.s.n, l.s.p, l.s.n);

		*out = match == (op == FILTER_OP_EQ);
		return true;
	}
	cmp = filter_star_end_compare(l.s.p, l.s.n, lt == FILTER_TAG_GLOB,
				      r.s.p, r.s.n, rt == FILTER_TAG_GLOB);
	if (op == FILTER_OP_EQ || op == FILTER_OP_NE)
		*out = (cmp == 0) == (op == FILTER_OP_EQ);
	else
		*out = filter_order_holds(op, cmp);
	return true;
}

static bool int_binary(enum filter_op op, int64_t a, int64_t b, int64_t *r)
{
	switch (op) {
	case FILTER_OP_MUL:
		*r = filter_wrap_mul(a, b);
		return true;
	case FILTER_OP_DIV:
		return filter_int_div(a, b, r);
	case FILTER_OP_MOD:
		return filter_int_mod(a, b, r);
	case FILTER_OP_ADD:
		*r = filter_wrap_add(a, b);
		return true;
	case FILTER_OP_SUB:
		*r = filter_wrap_sub(a, b);
		return true;
	case FILTER_OP_SHL:
		return filter_int_shl(a, b, r);
	case FILTER_OP_SHR:
		return filter_int_shr(a, b, r);
	case FILTER_OP_BAND:
		*r = (int64_t)((uint64_t)a & (uint64_t)b);
		return true;
	case FILTER_OP_BXOR:
		*r = (int64_t)((uint64_t)a ^ (uint64_t)b);
		return true;
	case FILTER_OP_BOR:
		*r = (int64_t)((uint64_t)a | (uint64_t)b);
		return true;
	case FILTER_OP_LT:
		*r = a < b;
		return true;
	case FILTER_OP_LE:
		*r = a <= b;
		return true;
	case FILTER_OP_GT:
		*r = a > b;
		return true;
	case FILTER_OP_GE:
		*r = a >= b;
		return true;
	case FILTER_OP_EQ:
		*r = a == b;
		return true;
	case FILTER_OP_NE:
		*r = a != b;
		return true;
	default:
		assert(!"not a binary value operator");
		return false;
	}
}

/* Doubles: arithmetic gives a double (*is_dbl), comparisons an int. */
static bool dbl_binary(enum filter_op op, double a, double b,
		       union filter_slot *r, bool *is_dbl)
{
	*is_dbl = op == FILTER_OP_MUL || op == FILTER_OP_DIV ||
		  op == FILTER_OP_ADD || op == FILTER_OP_SUB;
	switch (op) {
	case FILTER_OP_MUL:
		r->d = a * b;
		return true;
	case FILTER_OP_DIV:
		if (b == 0)
			return false;
		r->d = a / b;
		return true;
	case FILTER_OP_ADD:
		r->d = a + b;
		return true;
	case FILTER_OP_SUB:
		r->d = a - b;
		return true;
	case FILTER_OP_LT:
		r->i = a < b;
		return true;
	case FILTER_OP_LE:
		r->i = a <= b;
		return true;
	case FILTER_OP_GT:
		r->i = a > b;
		return true;
	case FILTER_OP_GE:
		r->i = a >= b;
		return true;
	case FILTER_OP_EQ:
		r->i = a == b;
		return true;
	case FILTER_OP_NE:
		r->i = a != b;
		return true;
	default:
		return false; /* %, shifts and bitwise: no floats */
	}
}

bool filter_binary(enum filter_op op, enum filter_tag lt, union filter_slot l,
		   enum filter_tag rt, union filter_slot r, enum filter_tag *ot,
		   union filter_slot *out)
{
	bool is_dbl;

	assert(op >= FILTER_OP_MUL && op <= FILTER_OP_NE);
	*ot = FILTER_TAG_INT;
	if (is_string(lt) || is_string(rt)) {
		if (!is_string(lt) || !is_string(rt))
			return false;
		return string_binary(op, lt, l, rt, r, &out->i);
	}
	assert(is_number(lt) && is_number(rt));
	if (lt == FILTER_TAG_INT && rt == FILTER_TAG_INT)
		return int_binary(op, l.i, r.i, &out->i);
	if (!dbl_binary(op, lt == FILTER_TAG_INT ? (double)l.i : l.d,
			rt == FILTER_TAG_INT ? (double)r.i : r.d, out, &is_dbl))
		return false;
	if (is_dbl)
		*ot = FILTER_TAG_DBL;
	return true;
}

bool filter_truth(enum filter_tag t, union filter_slot v, bool *truth)
{
	if (t == FILTER_TAG_INT)
		*truth = v.i != 0;
	else if (t == FILTER_TAG_DBL)
		*truth = v.d != 0;
	else
		return false;
	return true;
}

bool filter_unary(enum filter_op op, enum filter_tag t, union filter_slot v,
		  enum filter_tag *ot, union filter_slot *out)
{
	bool truth;

	if (!is_number(t))
		return false;
	*ot = t;
	switch (op) {
	case FILTER_OP_NOT:
		filter_truth(t, v, &truth);
		*ot = FILTER_TAG_INT;
		out->i = !truth;
		return true;
	case FILTER_OP_BNOT:
		if (t != FILTER_TAG_INT)
			return false;
		out->i = (int64_t) ~(uint64_t)v.i;
		return true;
	case FILTER_OP_NEG:
		if (t == FILTER_TAG_INT)
			out->i = filter_wrap_sub(0, v.i);
		else
			out->d = -v.d;
		return true;
	case FILTER_OP_PLUS:
		*out = v;
		return true;
	default:
		assert(!"not a unary operator");
		return false;
	}
}
