/*
 * The meaning of every filter operator on typed values: int64 arithmetic
 * with two's complement wrap, bitwise operations on the uint64 bits, shift
 * counts limited to [0, 63], division by zero as an error, doubles when a
 * float is involved, string equality and '*' globbing. Shared by constant
 * folding (compiler) and the interpreter, so both agree by construction.
 */
#ifndef FILTER_OPS_H
#define FILTER_OPS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "filter/ast.h"

/* The run-time type of a value. */
enum filter_tag {
	FILTER_TAG_INT,
	FILTER_TAG_DBL,
	FILTER_TAG_STR,	 /* bytes up to `n` or the first NUL */
	FILTER_TAG_GLOB, /* a literal pattern (see struct filter_node) */
};

/* One operand stack slot. */
union filter_slot {
	int64_t i;
	double d;
	struct {
		const char *p;
		size_t n;
	} s;
};

static inline int64_t filter_wrap_add(int64_t a, int64_t b)
{
	return (int64_t)((uint64_t)a + (uint64_t)b);
}

static inline int64_t filter_wrap_sub(int64_t a, int64_t b)
{
	return (int64_t)((uint64_t)a - (uint64_t)b);
}

static inline int64_t filter_wrap_mul(int64_t a, int64_t b)
{
	return (int64_t)((uint64_t)a * (uint64_t)b);
}

/* a / b; false when b is 0. INT64_MIN / -1 wraps to INT64_MIN. */
static inline bool filter_int_div(int64_t a, int64_t b, int64_t *r)
{
	if (b == 0)
		return false;
	*r = b == -1 ? filter_wrap_sub(0, a) : a / b;
	return true;
}

/* a % b with C's sign rules; false when b is 0. */
static inline bool filter_int_mod(int64_t a, int64_t b, int64_t *r)
{
	if (b == 0)
		return false;
	*r = b == -1 ? 0 : a % b;
	return true;
}

/* Shifts of the uint64 bits; false when the count is outside [0, 63]. */
static inline bool filter_int_shl(int64_t a, int64_t b, int64_t *r)
{
	if ((uint64_t)b > 63)
		return false;
	*r = (int64_t)((uint64_t)a << b);
	return true;
}

static inline bool filter_int_shr(int64_t a, int64_t b, int64_t *r)
{
	if ((uint64_t)b > 63)
		return false;
	*r = (int64_t)((uint64_t)a >> b);
	return true;
}

/* Equality of two strings, each ending at its length or first NUL. */
bool filter_str_equal(const char *a, size_t alen, const char *b, size_t blen);

/*
 * Orders two strings (each ending at its length or first NUL) by their
 * bytes as unsigned values, a prefix first: <0, 0 or >0, as strcmp().
 */
int filter_str_compare(const char *a, size_t alen, const char *b, size_t blen);

/* Whether `cmp` (a filter_str_compare() result) satisfies the ordering
 * operator `op` (LT, LE, GT or GE). */
bool filter_order_holds(enum filter_op op, int cmp);

/*
 * Whether `str` (ending at `len` or its first NUL) matches `pattern`, in
 * which '*' matches any run of bytes and '\' quotes the next byte. Linear
 * in practice: backtracks only to the last '*'.
 */
bool filter_glob_match(const char *pattern, size_t plen, const char *str,
		       size_t len);

/*
 * LTTng's three kinds of string literal: plain (no unescaped '*'), a
 * pattern whose first unescaped '*' is its last byte ("abc*"), or any
 * other pattern ("a*c", "*c", "a**"). `pattern` is in the form above
 * ('\' quotes the next byte); a plain literal's text is not a pattern.
 */
enum filter_glob_kind {
	FILTER_GLOB_NONE,
	FILTER_GLOB_STAR_END,
	FILTER_GLOB_FULL,
};
enum filter_glob_kind filter_glob_kind(const char *pattern, size_t plen);

/*
 * LTTng's comparison of two strings when either may be a star-at-the-end
 * pattern (a_pat, b_pat: that side is in pattern form): byte by byte,
 * unsigned, a prefix first, except that reaching a pattern's '*' (also
 * once the other string has ended) makes the two equal. Without
 * patterns, filter_str_compare(). <0, 0 or >0.
 */
int filter_star_end_compare(const char *a, size_t alen, bool a_pat,
			    const char *b, size_t blen, bool b_pat);

/*
 * Applies a binary operator other than && and || to two typed values.
 * Returns false when the expression must evaluate to false: type mismatch
 * (a string with a number, a string with anything but == and !=, a float
 * with a bitwise operator or %), division by zero, shift count out of range.
 */
bool filter_binary(enum filter_op op, enum filter_tag lt, union filter_slot l,
		   enum filter_tag rt, union filter_slot r, enum filter_tag *ot,
		   union filter_slot *out);

/* Same for a unary operator; unary + only checks its operand is a number. */
bool filter_unary(enum filter_op op, enum filter_tag t, union filter_slot v,
		  enum filter_tag *ot, union filter_slot *out);

/* The truth of a number in && || ! and at the root; false for strings. */
bool filter_truth(enum filter_tag t, union filter_slot v, bool *truth);

#endif /* FILTER_OPS_H */
