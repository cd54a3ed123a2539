/*
 * The linked form of a filter: an array of fixed-size, typed instructions
 * over an operand stack of union filter_slot, produced by the linker and
 * run by the interpreter. Private to those two files.
 */
#ifndef FILTER_PROGRAM_H
#define FILTER_PROGRAM_H

#include <stdbool.h>
#include <stdint.h>

#include "filter/filter.h"
#include "filter/ops.h"

/* Static type of a slot whose run-time tag must be read. */
#define FILTER_TAG_DYN 0xff

enum filter_insn_op {
	OP_PUSH_INT, /* imm.i */
	OP_PUSH_DBL, /* imm.d */
	OP_PUSH_STR, /* imm.s, arg: length */
	OP_LOAD_INT, /* arg: field index */
	OP_LOAD_DBL,
	OP_LOAD_STR,
	/* arg: field, imm.i: index, a: element size, b: signed, c: TEXT */
	OP_LOAD_ELEM,
	OP_LOAD_CTX, /* arg: context index, a: enum filter_field_kind */
	OP_I2D_TOP,  /* converts the top int to double */
	OP_I2D_NEXT, /* converts the int under the top to double */
	OP_BOOL_DBL, /* top double to 0/1 int */
	OP_BOOL_DYN, /* top dynamic value to 0/1 int; strings fail */
	OP_TO_BOOL,  /* top int to 0/1 */
	OP_NOT,
	OP_NEG_INT,
	OP_NEG_DBL,
	OP_BNOT,
	/* Integer binary operators, in enum filter_op order from MUL. */
	OP_MUL_INT,
	OP_DIV_INT,
	OP_MOD_INT,
	OP_ADD_INT,
	OP_SUB_INT,
	OP_SHL_INT,
	OP_SHR_INT,
	OP_BAND_INT,
	OP_BXOR_INT,
	OP_BOR_INT,
	OP_LT_INT,
	OP_LE_INT,
	OP_GT_INT,
	OP_GE_INT,
	OP_EQ_INT,
	OP_NE_INT,
	OP_MUL_DBL,
	OP_DIV_DBL,
	OP_ADD_DBL,
	OP_SUB_DBL,
	OP_LT_DBL,
	OP_LE_DBL,
	OP_GT_DBL,
	OP_GE_DBL,
	OP_EQ_DBL,
	OP_NE_DBL,
	/*
	 * Fused "LOAD_INT field; PUSH_INT imm; compare": arg: field, imm.i:
	 * the constant. In enum filter_op order from LT.
	 */
	OP_LT_FIELD_IMM,
	OP_LE_FIELD_IMM,
	OP_GT_FIELD_IMM,
	OP_GE_FIELD_IMM,
	OP_EQ_FIELD_IMM,
	OP_NE_FIELD_IMM,
	/* b: star-at-the-end patterns, bit 0 below the top, bit 1 the top */
	OP_STR_EQ,
	OP_STR_NE,
	OP_STR_ORDER, /* a: enum filter_op (LT, LE, GT or GE); b: as above */
	OP_GLOB_EQ,   /* a: 1 when the pattern is the top slot */
	OP_GLOB_NE,
	OP_DYN_UNARY,  /* a: enum filter_op, b: static tag */
	OP_DYN_BINARY, /* a: enum filter_op, b, c: static tags or DYN */
	OP_AND_JUMP,   /* arg: target instruction */
	OP_OR_JUMP,
	OP_RETURN,
};

struct filter_insn {
	uint8_t op, a, b, c;
	uint32_t arg;
	union {
		int64_t i;
		double d;
		const char *s;
	} imm;
};

struct filter_program {
	bool always_false;
	uint32_t nr_insns;
	struct filter_insn *insns; /* points into the same allocation */
	char *strings;		   /* copy of the bytecode's string table */
};

#endif /* FILTER_PROGRAM_H */
