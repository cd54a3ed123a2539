/*
 * The filter bytecode: the flat, position-independent byte array that the
 * CLI compiles and that travels over sockets to the session daemon, the
 * applications and the kernel consumer. Written by the compiler, checked
 * by the validator, translated by the linker.
 *
 * A stack machine. Filters are small trees of comparisons, so a stack code
 * is the most compact encoding (no register operands), its validation is a
 * single pass counting depths, and the linker rewrites it into a typed,
 * register-free form that the interpreter runs without decoding bytes.
 *
 *   offset  size
 *   0       4     magic "LTFB"
 *   4       2     version (1)
 *   6       2     max_stack: deepest operand stack the code reaches
 *   8       4     code_len
 *   12      4     strtab_len
 *   16      code_len    instructions
 *   ...     strtab_len  string table: NUL-terminated names and literals
 *
 * All integers are little-endian. An instruction is an opcode byte and its
 * operands (see enum filter_opcode). Jump targets are byte offsets in the
 * code, always forward. The code ends with its only RETURN.
 */
#ifndef FILTER_BYTECODE_H
#define FILTER_BYTECODE_H

#include <stdint.h>
#include <string.h>

#define FILTER_BC_MAGIC "LTFB"
#define FILTER_BC_VERSION 1
#define FILTER_BC_HEADER_LEN 16

enum filter_opcode {
	/* Pops the root value; true when non-zero. No operands. */
	FILTER_BC_RETURN = 1,
	/* Pushes a constant. Operand: 8 bytes (int64, IEEE double bits). */
	FILTER_BC_PUSH_INT,
	FILTER_BC_PUSH_DBL,
	/*
	 * Pushes a string literal (or a glob pattern, see struct
	 * filter_node). Operands: u32 strtab offset, u32 length; the byte at
	 * offset + length is the terminating NUL.
	 */
	FILTER_BC_PUSH_STR,
	FILTER_BC_PUSH_GLOB,
	/*
	 * Pushes a field or context value. Operands: u8 scope (enum
	 * filter_scope), u8 nr_segs (1..FILTER_PATH_MAX), then per segment
	 * u8 kind (enum filter_seg_kind) and u32 value. Segment 0 is a name.
	 */
	FILTER_BC_LOAD_REF,
	/* Operand: u8 enum filter_op (NOT..PLUS), applied to the top. */
	FILTER_BC_UNARY,
	/* Operand: u8 enum filter_op (MUL..NE); pops 2, pushes 1. */
	FILTER_BC_BINARY,
	/*
	 * Operand: u32 target. AND_JUMP: if the top is false, replace it by
	 * 0 and jump; otherwise pop it. OR_JUMP: if the top is true, replace
	 * it by 1 and jump; otherwise pop it.
	 */
	FILTER_BC_AND_JUMP,
	FILTER_BC_OR_JUMP,
	/* Replaces the top by 0 or 1. */
	FILTER_BC_TO_BOOL,
};

enum filter_seg_kind {
	FILTER_SEG_NAME = 0, /* value: strtab offset of a NUL-terminated name */
	FILTER_SEG_INDEX = 1, /* value: the array index */
};

#define FILTER_BC_SEG_LEN 5

static inline uint16_t filter_get16(const uint8_t *p)
{
	return (uint16_t)(p[0] | p[1] << 8);
}

static inline uint32_t filter_get32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
}

static inline uint64_t filter_get64(const uint8_t *p)
{
	return (uint64_t)filter_get32(p) | (uint64_t)filter_get32(p + 4) << 32;
}

static inline void filter_put16(uint8_t *p, uint16_t v)
{
	p[0] = v;
	p[1] = v >> 8;
}

static inline void filter_put32(uint8_t *p, uint32_t v)
{
	filter_put16(p, v);
	filter_put16(p + 2, v >> 16);
}

static inline void filter_put64(uint8_t *p, uint64_t v)
{
	filter_put32(p, v);
	filter_put32(p + 4, v >> 32);
}

static inline double filter_get_double(const uint8_t *p)
{
	uint64_t bits = filter_get64(p);
	double d;

	memcpy(&d, &bits, sizeof(d));
	return d;
}

#endif /* FILTER_BYTECODE_H */
