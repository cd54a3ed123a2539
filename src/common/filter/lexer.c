/*
 * Tokenizer of filter expressions. Numbers follow C (with LTTng's optional
 * u/l suffixes on integers); strings are double- or single-quoted with C
 * escapes plus "\*"; context names may hold ':' and, after a ':', '-'
 * (as in $ctx.perf:thread:cpu-cycles). Every error names the offending text.
 */
#include <assert.h>
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "filter/error.h"
#include "filter/lexer.h"

static bool is_ident_start(char c)
{
	return isalpha((unsigned char)c) || c == '_';
}

static bool is_ident_char(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

/* A syntax error quoting `len` bytes of the expression at `offset`. */
static int syntax_error(const struct filter_lexer *lx, struct filter_error *err,
			size_t offset, size_t len, const char *what)
{
	char quoted[48];

	filter_error_quote(quoted, sizeof(quoted), lx->expr + offset, len);
	return filter_error_set(err, FILTER_ERR_SYNTAX, lx->expr, offset,
				FILTER_LTTNG_PARSE_ERROR, "%s '%s'", what,
				quoted);
}

static int nomem(const struct filter_lexer *lx, struct filter_error *err)
{
	return filter_error_set(err, FILTER_ERR_NOMEM, lx->expr, lx->pos, NULL,
				"out of memory");
}

static size_t ident_end(const char *s, size_t pos)
{
	while (is_ident_char(s[pos]))
		pos++;
	return pos;
}

/* Digits of `base` from `pos` into *value; -ERANGE past UINT64_MAX. */
static int scan_digits(const char *s, size_t *pos, unsigned int base,
		       uint64_t *value)
{
	uint64_t v = 0;
	int ret = 0;

	for (;; (*pos)++) {
		int c = tolower((unsigned char)s[*pos]);
		unsigned int d;

		if (isdigit(c))
			d = c - '0';
		else if (c >= 'a' && c <= 'f')
			d = c - 'a' + 10;
		else
			break;
		if (d >= base)
			break;
		if (v > (UINT64_MAX - d) / base)
			ret = -ERANGE;
		v = v * base + d;
	}
	*value = v;
	return ret;
}

static size_t skip_decimal(const char *s, size_t pos)
{
	while (isdigit((unsigned char)s[pos]))
		pos++;
	return pos;
}

/*
 * A floating point literal spanning [start, ...): digits, optional
 * fraction, optional exponent with at least one digit.
 */
static int lex_float(struct filter_lexer *lx, struct filter_token *tok,
		     struct filter_error *err)
{
	const char *s = lx->expr;
	size_t start = lx->pos, pos = skip_decimal(s, lx->pos);
	char *copy;

	if (s[pos] == '.')
		pos = skip_decimal(s, pos + 1);
	if (s[pos] == 'e' || s[pos] == 'E') {
		size_t exp = pos + 1;

		if (s[exp] == '+' || s[exp] == '-')
			exp++;
		if (!isdigit((unsigned char)s[exp]))
			return syntax_error(lx, err, start,
					    ident_end(s, exp) - start,
					    "malformed exponent in");
		pos = skip_decimal(s, exp);
	}
	if (is_ident_char(s[pos]) || s[pos] == '.')
		return syntax_error(lx, err, start,
				    ident_end(s, pos + 1) - start,
				    "invalid floating point literal");
	copy = strndup(s + start, pos - start);
	if (!copy)
		return nomem(lx, err);
	tok->type = FILTER_TOK_FLOAT;
	tok->f = strtod(copy, NULL);
	free(copy);
	lx->pos = pos;
	return 0;
}

/* An integer literal: 0x hexadecimal, 0 octal, or decimal; u/l suffixes. */
static int lex_number(struct filter_lexer *lx, struct filter_token *tok,
		      struct filter_error *err)
{
	const char *s = lx->expr;
	size_t start = lx->pos, pos = skip_decimal(s, start), suffix;
	unsigned int base = 10;
	uint64_t value;

	if (s[pos] == '.' || s[pos] == 'e' || s[pos] == 'E' || s[start] == '.')
		return lex_float(lx, tok, err);
	pos = start;
	if (s[pos] == '0' && (s[pos + 1] == 'x' || s[pos + 1] == 'X')) {
		base = 16;
		pos += 2;
		if (!isxdigit((unsigned char)s[pos]))
			return syntax_error(lx, err, start,
					    ident_end(s, pos) - start,
					    "malformed hexadecimal literal");
	} else if (s[pos] == '0') {
		base = 8;
	}
	if (scan_digits(s, &pos, base, &value))
		return syntax_error(lx, err, start, pos - start,
				    "integer literal out of the 64-bit range:");
	suffix = pos;
	while (pos - suffix < 3 && s[pos] && strchr("uUlL", s[pos]))
		pos++;
	if (is_ident_char(s[pos])) {
		const char *what = base == 8 && isdigit((unsigned char)s[pos])
					   ? "invalid digit in octal literal"
					   : "invalid integer literal";

		return syntax_error(lx, err, start, ident_end(s, pos) - start,
				    what);
	}
	tok->type = FILTER_TOK_INT;
	tok->i = (int64_t)value;
	lx->pos = pos;
	return 0;
}

/* The byte an escape sequence "\c" stands for, or -1 if unsupported. */
static int escape_value(char c)
{
	switch (c) {
	case '\\':
	case '"':
	case '\'':
	case '?':
		return c;
	case 'n':
		return '\n';
	case 't':
		return '\t';
	case 'r':
		return '\r';
	case 'a':
		return '\a';
	case 'b':
		return '\b';
	case 'f':
		return '\f';
	case 'v':
		return '\v';
	default:
		return -1;
	}
}

/*
 * A quoted literal. Builds both representations at once: `plain` (the
 * bytes) and `pattern` (escaping '*' and '\' with '\'); keeps the pattern
 * only if an unescaped '*' occurred.
 */
static int lex_string(struct filter_lexer *lx, struct filter_token *tok,
		      struct filter_error *err)
{
	const char *s = lx->expr;
	char quote = s[lx->pos];
	size_t start = lx->pos, pos = start + 1, n = 0, p = 0, end = pos;
	char *plain, *pattern;
	bool glob = false;
	int ret = 0;

	while (s[end] && s[end] != quote)
		end += s[end] == '\\' && s[end + 1] ? 2 : 1;
	plain = malloc(end - start + 1);
	pattern = malloc(2 * (end - start) + 1);

	if (!plain || !pattern) {
		ret = nomem(lx, err);
		goto out;
	}
	for (; s[pos] != quote; pos++) {
		int c = (unsigned char)s[pos];

		/* A '\\' closing the input escapes no character: the
		 * literal is unterminated, as LTTng's lexer finds it. */
		if (c == '\0' || (c == '\\' && s[pos + 1] == '\0')) {
			ret = syntax_error(
				lx, err, start, 1,
				"unterminated string literal starting at");
			goto out;
		}
		if (c == '*') {
			glob = true;
			pattern[p++] = '*';
			continue;
		}
		if (c == '\\') {
			c = s[pos + 1] == '*' ? '*' : escape_value(s[pos + 1]);
			if (c < 0) {
				char quoted[16];

				filter_error_quote(quoted, sizeof(quoted),
						   s + pos, 2);
				ret = filter_error_set(
					err, FILTER_ERR_ESCAPE, s, pos,
					"Unsupported escape character "
					"detected.\n",
					"unsupported escape sequence '%s' in "
					"string literal",
					quoted);
				goto out;
			}
			pos++;
		}
		plain[n++] = c;
		if (c == '*' || c == '\\')
			pattern[p++] = '\\';
		pattern[p++] = c;
	}
	tok->type = FILTER_TOK_STRING;
	tok->glob = glob;
	if (glob) {
		pattern[p] = '\0';
		tok->text = pattern;
		tok->text_len = p;
		pattern = NULL;
	} else {
		plain[n] = '\0';
		tok->text = plain;
		tok->text_len = n;
		plain = NULL;
	}
	lx->pos = pos + 1;
out:
	free(plain);
	free(pattern);
	return ret;
}

/* Length of a context or app name at `pos` ("perf:thread:cpu-cycles"). */
static size_t context_name_len(const char *s, size_t pos)
{
	size_t start = pos;
	bool colon = false;

	if (!is_ident_start(s[pos]))
		return 0;
	for (;; pos++) {
		if (is_ident_char(s[pos]))
			continue;
		if (s[pos] == ':' && is_ident_char(s[pos + 1])) {
			colon = true;
			continue;
		}
		if (s[pos] == '-' && colon &&
		    isalnum((unsigned char)s[pos + 1]))
			continue;
		break;
	}
	return pos - start;
}

static int lex_dollar(struct filter_lexer *lx, struct filter_token *tok,
		      struct filter_error *err)
{
	const char *s = lx->expr;
	size_t start = lx->pos, scope_end = ident_end(s, start + 1), len;
	bool ctx = scope_end - start == 4 && !strncmp(s + start, "$ctx", 4);
	bool app = scope_end - start == 4 && !strncmp(s + start, "$app", 4);

	if (!ctx && !app) {
		char quoted[48], lttng[128];

		filter_error_quote(quoted, sizeof(quoted), s + start,
				   scope_end - start);
		snprintf(lttng, sizeof(lttng),
			 FILTER_LTTNG_IR_ERROR("Unexpected identifier '%s'"),
			 quoted);
		return filter_error_set(
			err, FILTER_ERR_SYNTAX, s, start, lttng,
			"unknown reference '%s' (expected $ctx. or $app.)",
			quoted);
	}
	if (s[scope_end] != '.')
		return syntax_error(lx, err, start, 4,
				    "expected '.' and a name after");
	len = context_name_len(s, scope_end + 1);
	if (!len)
		return syntax_error(lx, err, start, scope_end + 1 - start,
				    "expected a name after");
	tok->type = ctx ? FILTER_TOK_CTX : FILTER_TOK_APP;
	tok->text = strndup(s + scope_end + 1, len);
	if (!tok->text)
		return nomem(lx, err);
	tok->text_len = len;
	lx->pos = scope_end + 1 + len;
	return 0;
}

static int lex_ident(struct filter_lexer *lx, struct filter_token *tok,
		     struct filter_error *err)
{
	size_t end = ident_end(lx->expr, lx->pos);

	tok->type = FILTER_TOK_IDENT;
	tok->text_len = end - lx->pos;
	tok->text = strndup(lx->expr + lx->pos, tok->text_len);
	if (!tok->text)
		return nomem(lx, err);
	lx->pos = end;
	return 0;
}

/* Operators, longest match first. */
static const struct {
	const char *text;
	enum filter_token_type type;
} operators[] = {
	{"<<", FILTER_TOK_SHL},	    {">>", FILTER_TOK_SHR},
	{"<=", FILTER_TOK_LE},	    {">=", FILTER_TOK_GE},
	{"==", FILTER_TOK_EQ},	    {"!=", FILTER_TOK_NE},
	{"&&", FILTER_TOK_AND},	    {"||", FILTER_TOK_OR},
	{"(", FILTER_TOK_LPAREN},   {")", FILTER_TOK_RPAREN},
	{"[", FILTER_TOK_LBRACKET}, {"]", FILTER_TOK_RBRACKET},
	{".", FILTER_TOK_DOT},	    {"!", FILTER_TOK_NOT},
	{"~", FILTER_TOK_TILDE},    {"-", FILTER_TOK_MINUS},
	{"+", FILTER_TOK_PLUS},	    {"*", FILTER_TOK_STAR},
	{"/", FILTER_TOK_SLASH},    {"%", FILTER_TOK_PERCENT},
	{"&", FILTER_TOK_AMP},	    {"^", FILTER_TOK_CARET},
	{"|", FILTER_TOK_PIPE},	    {"<", FILTER_TOK_LT},
	{">", FILTER_TOK_GT},
};

static int lex_operator(struct filter_lexer *lx, struct filter_token *tok,
			struct filter_error *err)
{
	const char *s = lx->expr + lx->pos;
	size_t i, len;

	for (i = 0; i < sizeof(operators) / sizeof(operators[0]); i++) {
		len = strlen(operators[i].text);
		if (!strncmp(s, operators[i].text, len)) {
			tok->type = operators[i].type;
			lx->pos += len;
			return 0;
		}
	}
	if (*s == '=')
		return filter_error_set(
			err, FILTER_ERR_SYNTAX, lx->expr, lx->pos,
			FILTER_LTTNG_PARSE_ERROR,
			"unexpected character '=' (did you mean '=='?)");
	return syntax_error(lx, err, lx->pos, 1, "unexpected character");
}

int filter_lex(struct filter_lexer *lx, struct filter_token *tok,
	       struct filter_error *err)
{
	const char *s = lx->expr;
	int ret;

	memset(tok, 0, sizeof(*tok));
	while (isspace((unsigned char)s[lx->pos]))
		lx->pos++;
	tok->offset = lx->pos;
	if (s[lx->pos] == '\0') {
		tok->type = FILTER_TOK_END;
		return 0;
	}
	if (isdigit((unsigned char)s[lx->pos]) ||
	    (s[lx->pos] == '.' && isdigit((unsigned char)s[lx->pos + 1])))
		ret = lex_number(lx, tok, err);
	else if (s[lx->pos] == '"' || s[lx->pos] == '\'')
		ret = lex_string(lx, tok, err);
	else if (s[lx->pos] == '$')
		ret = lex_dollar(lx, tok, err);
	else if (is_ident_start(s[lx->pos]))
		ret = lex_ident(lx, tok, err);
	else
		ret = lex_operator(lx, tok, err);
	tok->len = lx->pos - tok->offset;
	assert(ret || tok->len > 0);
	return ret;
}

long filter_lex_find_upper_hex(const char *expr)
{
	struct filter_lexer lx = {.expr = expr, .pos = 0};
	struct filter_token tok;
	struct filter_error err;
	long found = -1;

	while (found < 0 && !filter_lex(&lx, &tok, &err) &&
	       tok.type != FILTER_TOK_END) {
		if (tok.type == FILTER_TOK_INT && !strncmp(expr + tok.offset,
							   "0X", 2))
			found = (long)tok.offset;
		free(tok.text);
	}
	return found;
}
