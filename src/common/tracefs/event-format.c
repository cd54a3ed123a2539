/*
 * Parser of tracefs "format" files: the name, the ID (the value of the
 * common_type field in each record) and, for each field, its declared type,
 * byte offset, size and signedness. The text is the kernel's, so the parser
 * is strict about structure and refuses what it cannot read, naming the
 * line, rather than guessing a layout.
 */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tracefs/event-format.h"

static int parse_error(char *err, size_t err_len, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int parse_error(char *err, size_t err_len, const char *fmt, ...)
{
	va_list ap;

	if (err && err_len) {
		va_start(ap, fmt);
		vsnprintf(err, err_len, fmt, ap);
		va_end(ap);
	}
	return -EINVAL;
}

static char *dup_trimmed(const char *begin, const char *end)
{
	while (begin < end && isspace((unsigned char)*begin))
		begin++;
	while (end > begin && isspace((unsigned char)end[-1]))
		end--;
	return strndup(begin, end - begin);
}

/* Reads "KEY:UNSIGNED;" starting at *pos; advances *pos past the ';'. */
static int parse_attribute(const char **pos, const char *key,
			   unsigned long *value)
{
	const char *p = strstr(*pos, key);
	char *end;

	if (!p)
		return -1;
	p += strlen(key);
	errno = 0;
	*value = strtoul(p, &end, 10);
	if (errno || end == p || *end != ';')
		return -1;
	*pos = end + 1;
	return 0;
}

static bool is_char_type(const char *type)
{
	return !strcmp(type, "char") || !strcmp(type, "const char") ||
	       !strcmp(type, "signed char");
}

/* Splits "TYPE NAME[N]" (or "__data_loc TYPE[] NAME") into the field. */
static int parse_declaration(struct tracefs_field *field, const char *decl,
			     size_t len)
{
	const char *end = decl + len, *name_end, *name_begin;
	char *type;
	size_t type_len;

	while (end > decl && isspace((unsigned char)end[-1]))
		end--;
	name_end = end;
	if (name_end > decl && name_end[-1] == ']') {
		const char *open = name_end - 1;
		char *num_end;

		while (open > decl && *open != '[')
			open--;
		if (*open != '[')
			return -1;
		field->array_len = strtoul(open + 1, &num_end, 10);
		field->is_flexible = open + 1 == name_end - 1;
		if (num_end != name_end - 1)
			field->array_len = 0; /* symbolic length: opaque bytes */
		name_end = open;
	}
	name_begin = name_end;
	while (name_begin > decl &&
	       (isalnum((unsigned char)name_begin[-1]) || name_begin[-1] == '_'))
		name_begin--;
	if (name_begin == name_end)
		return -1;
	field->name = strndup(name_begin, name_end - name_begin);
	type = dup_trimmed(decl, name_begin);
	if (!field->name || !type)
		goto fail;
	if (!strncmp(type, "__data_loc ", 11) ||
	    !strncmp(type, "__rel_loc ", 10)) {
		size_t prefix = type[2] == 'd' ? 11 : 10;

		field->is_data_loc = type[2] == 'd';
		field->is_rel_loc = !field->is_data_loc;
		memmove(type, type + prefix, strlen(type + prefix) + 1);
		type_len = strlen(type);
		if (type_len >= 2 && !strcmp(type + type_len - 2, "[]"))
			type[type_len - 2] = '\0';
		while (type[0] && isspace((unsigned char)type[strlen(type) - 1]))
			type[strlen(type) - 1] = '\0';
	}
	if (!type[0])
		goto fail;
	field->type = type;
	field->is_common = !strncmp(field->name, "common_", 7);
	field->is_string = is_char_type(type) &&
			   (field->array_len || field->is_flexible ||
			    field->is_data_loc || field->is_rel_loc);
	return 0;
fail:
	free(type);
	free(field->name);
	field->name = NULL;
	return -1;
}

static int append_field(struct tracefs_event_format *format,
			const char *line, size_t line_len, unsigned int line_no,
			char *err, size_t err_len)
{
	struct tracefs_field field = { 0 }, *grown;
	char *copy = strndup(line, line_len);
	const char *decl, *semi, *pos;
	unsigned long offset, size, is_signed = 0;

	if (!copy)
		return -ENOMEM;
	decl = strstr(copy, "field:") + 6;
	semi = strchr(decl, ';');
	pos = semi ? semi + 1 : NULL;
	if (!semi || parse_attribute(&pos, "offset:", &offset) ||
	    parse_attribute(&pos, "size:", &size)) {
		free(copy);
		return parse_error(err, err_len,
				   "line %u: malformed field line", line_no);
	}
	/* "signed:" is absent from very old kernels' header_page. */
	parse_attribute(&pos, "signed:", &is_signed);
	if (parse_declaration(&field, decl, semi - decl)) {
		free(copy);
		return parse_error(err, err_len,
				   "line %u: cannot read field declaration",
				   line_no);
	}
	free(copy);
	field.offset = offset;
	field.size = size;
	field.is_signed = is_signed != 0;
	if (offset > UINT16_MAX || size > UINT16_MAX) {
		int ret = parse_error(err, err_len,
				      "line %u: field %s: offset %lu or size %lu out of range",
				      line_no, field.name, offset, size);
		free(field.name);
		free(field.type);
		return ret;
	}
	grown = realloc(format->fields,
			(format->nr_fields + 1) * sizeof(*grown));
	if (!grown) {
		free(field.name);
		free(field.type);
		return -ENOMEM;
	}
	format->fields = grown;
	format->fields[format->nr_fields++] = field;
	return 0;
}

static int parse_lines(const char *text, struct tracefs_event_format *format,
		       bool fields_only, char *err, size_t err_len)
{
	const char *line = text;
	unsigned int line_no = 0;
	int ret;

	while (*line) {
		const char *nl = strchr(line, '\n');
		size_t len = nl ? (size_t)(nl - line) : strlen(line);
		const char *p = line;

		line_no++;
		while (p < line + len && isspace((unsigned char)*p))
			p++;
		if (!strncmp(p, "print fmt:", 10))
			break;
		if (!strncmp(p, "field:", 6)) {
			ret = append_field(format, line, len, line_no, err,
					   err_len);
			if (ret)
				return ret;
		} else if (!fields_only && !strncmp(p, "name:", 5)) {
			free(format->name);
			format->name = dup_trimmed(p + 5, line + len);
			if (!format->name)
				return -ENOMEM;
		} else if (!fields_only && !strncmp(p, "ID:", 3)) {
			char *end;

			format->id = strtoul(p + 3, &end, 10);
			if (end == p + 3)
				return parse_error(err, err_len,
						   "line %u: malformed ID",
						   line_no);
		}
		line += len + (nl != NULL);
	}
	return 0;
}

int tracefs_fields_parse(const char *text, struct tracefs_event_format *format,
			 char *err, size_t err_len)
{
	return parse_lines(text, format, true, err, err_len);
}

int tracefs_event_format_parse(const char *text, const char *system,
			       struct tracefs_event_format *format, char *err,
			       size_t err_len)
{
	int ret;

	memset(format, 0, sizeof(*format));
	format->id = ~0U;
	ret = parse_lines(text, format, false, err, err_len);
	if (!ret && (!format->name || format->id == ~0U))
		ret = parse_error(err, err_len, "no %s line in format",
				  format->name ? "ID" : "name");
	if (!ret && !format->nr_fields)
		ret = parse_error(err, err_len, "event %s has no fields",
				  format->name);
	if (!ret) {
		format->system = strdup(system ? system : "");
		if (!format->system)
			ret = -ENOMEM;
	}
	if (ret)
		tracefs_event_format_fini(format);
	return ret;
}

void tracefs_event_format_fini(struct tracefs_event_format *format)
{
	for (size_t i = 0; i < format->nr_fields; i++) {
		free(format->fields[i].name);
		free(format->fields[i].type);
	}
	free(format->fields);
	free(format->name);
	free(format->system);
	memset(format, 0, sizeof(*format));
}

const struct tracefs_field *
tracefs_event_format_field(const struct tracefs_event_format *format,
			   const char *name)
{
	for (size_t i = 0; i < format->nr_fields; i++)
		if (!strcmp(format->fields[i].name, name))
			return &format->fields[i];
	return NULL;
}
