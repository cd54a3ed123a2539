/*
 * session.xsd, the schema every session configuration file is validated
 * against before lttng_load_session() applies it: where it is found,
 * and its parsed form, which a process keeps while the file does not
 * change (parsing it costs far more than validating a file), shared by
 * every load of every thread. Used by load.c.
 */
#ifndef LTTNG_CTL_LOAD_SCHEMA_H
#define LTTNG_CTL_LOAD_SCHEMA_H

#include <libxml/tree.h>

struct load_schema;

/*
 * A reference to the parsed session.xsd (parsed now if the file is not
 * the one kept, which then replaces it). 0, or
 * -LTTNG_ERR_LOAD_INVALID_CONFIG after saying why (the schema cannot be
 * read or parsed).
 */
int load_schema_get(struct load_schema **schema);

/* Validates doc, printing libxml2's messages: 0, or -1 when invalid. */
int load_schema_validate(struct load_schema *schema, xmlDocPtr doc);

/* Drops a reference from load_schema_get(). */
void load_schema_put(struct load_schema *schema);

#endif /* LTTNG_CTL_LOAD_SCHEMA_H */
