/*
 * Tokenizer of filter expressions: numbers (decimal, octal, hexadecimal,
 * floating point), string literals with escapes and glob stars, payload
 * identifiers, $ctx./$app. names and operators. Used by the parser only.
 */
#ifndef FILTER_LEXER_H
#define FILTER_LEXER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "filter/filter.h"

enum filter_token_type {
	FILTER_TOK_END,
	FILTER_TOK_INT,
	FILTER_TOK_FLOAT,
	FILTER_TOK_STRING,
	FILTER_TOK_IDENT, /* a payload field name */
	FILTER_TOK_CTX,	  /* $ctx.NAME; text is NAME */
	FILTER_TOK_APP,	  /* $app.NAME; text is NAME */
	FILTER_TOK_LPAREN,
	FILTER_TOK_RPAREN,
	FILTER_TOK_LBRACKET,
	FILTER_TOK_RBRACKET,
	FILTER_TOK_DOT,
	FILTER_TOK_NOT,
	FILTER_TOK_TILDE,
	FILTER_TOK_MINUS,
	FILTER_TOK_PLUS,
	FILTER_TOK_STAR,
	FILTER_TOK_SLASH,
	FILTER_TOK_PERCENT,
	FILTER_TOK_SHL,
	FILTER_TOK_SHR,
	FILTER_TOK_AMP,
	FILTER_TOK_CARET,
	FILTER_TOK_PIPE,
	FILTER_TOK_LT,
	FILTER_TOK_LE,
	FILTER_TOK_GT,
	FILTER_TOK_GE,
	FILTER_TOK_EQ,
	FILTER_TOK_NE,
	FILTER_TOK_AND,
	FILTER_TOK_OR,
};

struct filter_token {
	enum filter_token_type type;
	size_t offset, len; /* where the token is in the expression */
	int64_t i;	    /* FILTER_TOK_INT (values above INT64_MAX wrap) */
	double f;	    /* FILTER_TOK_FLOAT */
	/*
	 * FILTER_TOK_STRING: a malloc'ed literal, in the representation of
	 * struct filter_node's str (plain bytes, or a pattern when `glob`).
	 * FILTER_TOK_IDENT/CTX/APP: a malloc'ed name. Owned by the caller.
	 */
	char *text;
	size_t text_len;
	bool glob;
};

struct filter_lexer {
	const char *expr;
	size_t pos;
};

/*
 * Reads the next token after lx->pos into *tok. Returns 0, or a negative
 * errno with *err filled for a malformed token (unknown character, bad
 * number, unterminated string, unsupported escape).
 */
int filter_lex(struct filter_lexer *lx, struct filter_token *tok,
	       struct filter_error *err);

/*
 * The offset of the first integer literal of `expr` written with an
 * upper-case "0X" prefix, or -1 when there is none (or the expression
 * does not tokenize). LTTng 2.13's lexer refuses that spelling.
 */
long filter_lex_find_upper_hex(const char *expr);

#endif /* FILTER_LEXER_H */
