/*
 * A small reader of INI files, the format of the daemons' configuration
 * files (lttng.conf: a [sessiond] section for lttng-sessiond, [relayd]
 * for lttng-relayd). The reader knows nothing of the keys: it hands each
 * KEY=VALUE entry, with its section and line number, to a callback, and
 * stops at the first line it cannot read, saying which and why.
 *
 * Syntax: "[section]" lines; "key = value" or "key: value" entries (the
 * first '=' or ':' separates them, surrounding blanks are dropped);
 * comment lines starting with ';' or '#'; a ';' after a blank starts a
 * comment at the end of an entry. Entries before the first section
 * belong to the section "". A UTF-8 byte order mark is skipped.
 */
#ifndef CONFIG_INI_H
#define CONFIG_INI_H

#include <stdio.h>

/* Longest line accepted, without its newline. */
#define INI_MAX_LINE 4096

struct ini_entry {
	const char *section;
	const char *key;
	const char *value;
	unsigned int line; /* 1-based */
};

/* Why a file could not be read: the line (1-based) and a reason. */
struct ini_error {
	unsigned int line;
	char reason[96];
};

/*
 * Called for each entry, in file order. Returns 0 to go on; any other
 * value stops the reading and is returned by ini_parse().
 */
typedef int (*ini_entry_cb)(const struct ini_entry *entry, void *data);

#define INI_ERR_SYNTAX (-1) /* *error says where and why */
#define INI_ERR_READ (-2)   /* the stream failed (errno is set) */

/*
 * Read every line of f. Returns 0 at the end of the file, INI_ERR_SYNTAX
 * (with *error filled) at the first malformed line, INI_ERR_READ on a
 * read error, or the non-zero value a callback returned.
 */
int ini_parse(FILE *f, ini_entry_cb entry_cb, void *data,
	      struct ini_error *error);

#endif /* CONFIG_INI_H */
