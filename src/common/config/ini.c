/*
 * Implementation of ini.h: one fixed buffer per line, so neither a huge
 * line nor a file without newlines makes the reader allocate.
 */
#include <ctype.h>
#include <stdbool.h>
#include <string.h>

#include "config/ini.h"

struct ini_reader {
	FILE *f;
	unsigned int line;
	char section[INI_MAX_LINE + 1];
	char text[INI_MAX_LINE + 2];
	struct ini_error *error;
};

static int syntax_error(struct ini_reader *r, const char *reason)
{
	r->error->line = r->line;
	snprintf(r->error->reason, sizeof(r->error->reason), "%s", reason);
	return INI_ERR_SYNTAX;
}

/*
 * Read the next line into r->text without its newline. Returns 1 when a
 * line was read, 0 at the end of the file, or an INI_ERR_* code.
 */
static int read_line(struct ini_reader *r)
{
	size_t len = 0;
	bool nul = false;
	int c;

	while ((c = getc(r->f)) != EOF && c != '\n') {
		if (len == INI_MAX_LINE) {
			r->line++;
			return syntax_error(r, "line longer than 4096 bytes");
		}
		nul |= c == '\0';
		r->text[len++] = (char)c;
	}
	if (ferror(r->f))
		return INI_ERR_READ;
	if (c == EOF && len == 0)
		return 0;
	r->line++;
	if (nul)
		return syntax_error(r, "NUL byte in the line");
	if (len > 0 && r->text[len - 1] == '\r')
		len--;
	r->text[len] = '\0';
	return 1;
}

static char *trim(char *s)
{
	char *end;

	while (isspace((unsigned char)*s))
		s++;
	end = s + strlen(s);
	while (end > s && isspace((unsigned char)end[-1]))
		end--;
	*end = '\0';
	return s;
}

/* Cut an end-of-line comment: a ';' that follows a blank. */
static void cut_comment(char *s)
{
	for (char *p = s; *p; p++) {
		if (*p == ';' && p > s && isspace((unsigned char)p[-1])) {
			*p = '\0';
			return;
		}
	}
}

/* "[name]" (already trimmed): the new current section. */
static int read_section(struct ini_reader *r, char *s)
{
	char *close = strchr(s, ']');
	char *rest, *name;

	if (!close)
		return syntax_error(r, "section header without ']'");
	*close = '\0';
	rest = close + 1;
	cut_comment(rest);
	if (*trim(rest) && *rest != ';' && *rest != '#')
		return syntax_error(r, "text after the section header");
	name = trim(s + 1);
	if (!*name)
		return syntax_error(r, "empty section name");
	strcpy(r->section, name);
	return 0;
}

static int read_entry(struct ini_reader *r, char *s, ini_entry_cb entry_cb,
		      void *data)
{
	size_t key_len = strcspn(s, "=:");
	struct ini_entry entry;

	if (!s[key_len])
		return syntax_error(r, "expected KEY=VALUE, [SECTION] "
				       "or a comment");
	s[key_len] = '\0';
	cut_comment(s + key_len + 1);
	entry.key = trim(s);
	if (!*entry.key)
		return syntax_error(r, "entry without a key");
	entry.value = trim(s + key_len + 1);
	entry.section = r->section;
	entry.line = r->line;
	return entry_cb(&entry, data);
}

int ini_parse(FILE *f, ini_entry_cb entry_cb, void *data,
	      struct ini_error *error)
{
	static const char bom[] = "\xef\xbb\xbf";
	struct ini_reader r = {.f = f, .error = error};
	int ret;

	while ((ret = read_line(&r)) == 1) {
		char *s = r.text;

		if (r.line == 1 && !strncmp(s, bom, 3))
			s += 3;
		s = trim(s);
		if (!*s || *s == ';' || *s == '#')
			continue;
		ret = *s == '[' ? read_section(&r, s)
				: read_entry(&r, s, entry_cb, data);
		if (ret)
			return ret;
	}
	return ret;
}
