/*
 * The filter expression language of `lttng enable-event --filter`: limits,
 * the compile error report, and filter_compile(), which turns an expression
 * into the serializable bytecode that travels to the session daemon, the
 * applications and the kernel consumer. Used by the CLI (liblttng-ctl) and
 * by every component that receives filters (see validator.h, linker.h).
 */
#ifndef FILTER_FILTER_H
#define FILTER_FILTER_H

#include <stddef.h>
#include <stdint.h>

/* Longest accepted expression, in bytes (LTTng: strlen < 65536). */
#define FILTER_EXPR_MAX_LEN 65535
/* Largest bytecode buffer (LTTng's FILTER_BYTECODE_MAX_LEN). */
#define FILTER_BYTECODE_MAX_LEN 65536
/* Deepest operand stack a program may need. */
#define FILTER_STACK_MAX 64
/* Deepest expression tree (operator chains such as a || b || c ...). */
#define FILTER_DEPTH_MAX 4096
/* Most parentheses and unary operators nested in one another. */
#define FILTER_NESTING_MAX 256

enum filter_error_kind {
	FILTER_ERR_NONE = 0,
	FILTER_ERR_SYNTAX, /* the text is not an expression */
	FILTER_ERR_ESCAPE, /* unsupported escape sequence in a string */
	FILTER_ERR_TYPE,   /* well formed, but operand types are wrong */
	FILTER_ERR_LIMIT,  /* too long, too deep, bytecode too large */
	FILTER_ERR_NOMEM,
};

/*
 * What went wrong, and where. `message` is our precise diagnostic,
 * "filter:LINE:COLUMN: what" (COLUMN counts bytes from 1); `lttng_message`
 * holds the lines LTTng 2.13's CLI prints on stderr for the same failure,
 * before its own "Error: Event ...: Invalid filter bytecode" line (it may be
 * empty; every line ends with '\n').
 */
struct filter_error {
	enum filter_error_kind kind;
	size_t offset; /* byte offset of the offending token */
	unsigned int line, column;
	char message[256];
	char lttng_message[128];
};

/* A compiled filter: `len` bytes of position-independent bytecode. */
struct filter_bytecode {
	size_t len;
	uint8_t data[];
};

/*
 * Parses, type-checks, folds and compiles `expr`. On success stores a
 * malloc'ed bytecode in *out (free it with free()) and returns 0. On failure
 * returns -EINVAL (syntax or type), -E2BIG (a limit) or -ENOMEM, fills *err
 * when it is not NULL, and leaves *out untouched.
 */
int filter_compile(const char *expr, struct filter_bytecode **out,
		   struct filter_error *err);

/*
 * Refuse the arithmetic operators (* / % + -) as LTTng 2.13's CLI does
 * ("[error] make_op: binary operation '+' not supported"); the bytecode
 * and the interpreter support them, the command line does not.
 */
#define FILTER_COMPILE_NO_ARITHMETIC (1U << 0)
/*
 * Refuse "0X" hexadecimal prefixes as LTTng 2.13's lexer does ("error
 * parse error: cannot scanf hexadecimal constant"); "0x" is fine.
 */
#define FILTER_COMPILE_NO_UPPER_HEX (1U << 1)
/* Exactly what LTTng 2.13's command line accepts. */
#define FILTER_COMPILE_LTTNG_CLI                                               \
	(FILTER_COMPILE_NO_ARITHMETIC | FILTER_COMPILE_NO_UPPER_HEX)

/* filter_compile() with FILTER_COMPILE_* `flags`. */
int filter_compile_flags(const char *expr, unsigned int flags,
			 struct filter_bytecode **out,
			 struct filter_error *err);

#endif /* FILTER_FILTER_H */
