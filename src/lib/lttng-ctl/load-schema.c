/*
 * Implementation of load-schema.h. The process keeps one parsed schema,
 * `kept`, named by the identity of the file it was parsed from (path,
 * device, inode, size, modification time): a load finding the file
 * unchanged takes a reference to it; one finding it changed (or moved:
 * another path) parses the file again and the new schema replaces the
 * kept one, which is freed when its last load drops it. A schema whose
 * file cannot be examined is parsed for that load only.
 *
 * Locking: kept_lock guards `kept` and every reference count, and is
 * held while a schema is parsed (libxml2's schema parser sets up shared
 * type tables on first use without a lock of its own). A schema has one
 * validation context, used under its own lock: loads of different
 * threads validate one document at a time, so nothing of libxml2's
 * validator is ever shared between two threads.
 */
#include <dlfcn.h>
#include <limits.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <libxml/xmlschemas.h>

#include <lttng/lttng.h>

#include "load-schema.h"
#include "util/log.h"

#define SESSION_XSD_NAME "session.xsd"

struct load_schema {
	char path[PATH_MAX];
	struct stat file; /* st_dev, st_ino, st_size, st_mtim count */
	bool identified;  /* file is known: the schema may be kept */
	xmlSchemaPtr schema;
	pthread_mutex_t valid_lock;
	xmlSchemaValidCtxtPtr valid; /* under valid_lock */
	unsigned int refs;	     /* under kept_lock */
};

static pthread_mutex_t kept_lock = PTHREAD_MUTEX_INITIALIZER;
static struct load_schema *kept; /* holds a reference */

/*
 * libxml2's schema parsing and validation messages, as LTTng prints
 * them (even with lttng --quiet).
 */
static void print_xml_error(void *ctx, const char *format, ...)
{
	va_list args;

	(void)ctx;
	fputs("XML Error: ", stderr);
	va_start(args, format);
	vfprintf(stderr, format, args);
	va_end(args);
}

/*
 * DIR/../share/xml/lttng/session.xsd, DIR holding this library (or
 * DIR/../../share/... for a multiarch lib/<triplet> directory).
 */
static bool xsd_beside_library(char *path, size_t size)
{
	static const char *const relative[] = {
		"/../share/xml/lttng/" SESSION_XSD_NAME,
		"/../../share/xml/lttng/" SESSION_XSD_NAME,
	};
	char dir[PATH_MAX];
	Dl_info info;
	char *slash;

	if (!dladdr((void *)xsd_beside_library, &info) || !info.dli_fname ||
	    (size_t)snprintf(dir, sizeof(dir), "%s", info.dli_fname) >=
		    sizeof(dir))
		return false;
	slash = strrchr(dir, '/');
	if (!slash)
		return false;
	*slash = '\0';
	for (size_t i = 0; i < sizeof(relative) / sizeof(relative[0]); i++) {
		if ((size_t)snprintf(path, size, "%s%s", dir, relative[i]) <
			    size &&
		    access(path, R_OK) == 0)
			return true;
	}
	return false;
}

/*
 * session.xsd: in $LTTNG_SESSION_CONFIG_XSD_PATH, else installed beside
 * this library (a relocated install), else where it was configured to
 * be installed, else in the source tree (build tree runs).
 */
static void xsd_path(char *path, size_t size)
{
	const char *dir = getenv("LTTNG_SESSION_CONFIG_XSD_PATH");

	if (dir && dir[0]) {
		snprintf(path, size, "%s/%s", dir, SESSION_XSD_NAME);
		return;
	}
	if (xsd_beside_library(path, size))
		return;
	snprintf(path, size, "%s/%s", SESSION_XSD_INSTALL_DIR,
		 SESSION_XSD_NAME);
	if (access(path, R_OK))
		snprintf(path, size, "%s/%s", SESSION_XSD_SOURCE_DIR,
			 SESSION_XSD_NAME);
}

/* Whether schema was parsed from the file path, as it is now (st). */
static bool parsed_from(const struct load_schema *schema, const char *path,
			const struct stat *st)
{
	return schema->identified && !strcmp(schema->path, path) &&
	       schema->file.st_dev == st->st_dev &&
	       schema->file.st_ino == st->st_ino &&
	       schema->file.st_size == st->st_size &&
	       schema->file.st_mtim.tv_sec == st->st_mtim.tv_sec &&
	       schema->file.st_mtim.tv_nsec == st->st_mtim.tv_nsec;
}

static void schema_free(struct load_schema *schema)
{
	if (schema->valid)
		xmlSchemaFreeValidCtxt(schema->valid);
	if (schema->schema)
		xmlSchemaFree(schema->schema);
	pthread_mutex_destroy(&schema->valid_lock);
	free(schema);
}

/* Parses path (identified by st unless NULL); NULL after saying why. */
static struct load_schema *schema_parse(const char *path, const struct stat *st)
{
	struct load_schema *schema = calloc(1, sizeof(*schema));
	xmlSchemaParserCtxtPtr parser;

	if (!schema) {
		ERR("XSD parser context creation failed");
		return NULL;
	}
	pthread_mutex_init(&schema->valid_lock, NULL);
	snprintf(schema->path, sizeof(schema->path), "%s", path);
	if (st) {
		schema->file = *st;
		schema->identified = true;
	}
	parser = xmlSchemaNewParserCtxt(path);
	if (!parser) {
		ERR("XSD parser context creation failed");
		schema_free(schema);
		return NULL;
	}
	xmlSchemaSetParserErrors(parser, print_xml_error, print_xml_error,
				 NULL);
	schema->schema = xmlSchemaParse(parser);
	xmlSchemaFreeParserCtxt(parser);
	if (!schema->schema) {
		ERR("XSD parsing failed");
		schema_free(schema);
		return NULL;
	}
	schema->valid = xmlSchemaNewValidCtxt(schema->schema);
	if (!schema->valid) {
		ERR("XSD validator creation failed");
		schema_free(schema);
		return NULL;
	}
	xmlSchemaSetValidErrors(schema->valid, print_xml_error, print_xml_error,
				NULL);
	return schema;
}

/* Drops a reference; kept_lock held. */
static void put_locked(struct load_schema *schema)
{
	if (--schema->refs == 0)
		schema_free(schema);
}

int load_schema_get(struct load_schema **out)
{
	char path[PATH_MAX];
	struct load_schema *schema;
	struct stat st;
	bool identified;

	xsd_path(path, sizeof(path));
	identified = stat(path, &st) == 0;
	pthread_mutex_lock(&kept_lock);
	if (kept && identified && parsed_from(kept, path, &st)) {
		schema = kept;
		schema->refs++;
		goto end;
	}
	schema = schema_parse(path, identified ? &st : NULL);
	if (!schema)
		goto end;
	schema->refs = 1;
	if (identified) {
		if (kept)
			put_locked(kept);
		kept = schema;
		schema->refs++;
	}
end:
	pthread_mutex_unlock(&kept_lock);
	*out = schema;
	return schema ? 0 : -LTTNG_ERR_LOAD_INVALID_CONFIG;
}

int load_schema_validate(struct load_schema *schema, xmlDocPtr doc)
{
	int ret;

	pthread_mutex_lock(&schema->valid_lock);
	ret = xmlSchemaValidateDoc(schema->valid, doc) ? -1 : 0;
	pthread_mutex_unlock(&schema->valid_lock);
	return ret;
}

void load_schema_put(struct load_schema *schema)
{
	pthread_mutex_lock(&kept_lock);
	put_locked(schema);
	pthread_mutex_unlock(&kept_lock);
}

/*
 * When the library is unloaded (or the process exits), the kept schema
 * is freed unless a load still uses it, so that leak checkers find
 * nothing left behind.
 */
__attribute__((destructor)) static void load_schema_release_kept(void)
{
	pthread_mutex_lock(&kept_lock);
	if (kept && kept->refs == 1) {
		put_locked(kept);
		kept = NULL;
	}
	pthread_mutex_unlock(&kept_lock);
}
