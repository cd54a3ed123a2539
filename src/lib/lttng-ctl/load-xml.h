/*
 * Helpers of the loader to read a session configuration document (see
 * load-xml.c). Errors are negative LTTNG_ERR_* codes:
 * -LTTNG_ERR_LOAD_INVALID_CONFIG for a value out of its type.
 */
#ifndef LTTNG_CTL_LOAD_XML_H
#define LTTNG_CTL_LOAD_XML_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <libxml/tree.h>

bool xml_is_element(xmlNodePtr node, const char *name);
/* The first child element of parent named name (parent may be NULL). */
xmlNodePtr xml_child(xmlNodePtr parent, const char *name);
/*
 * The text of node into buf; -LTTNG_ERR_LOAD_INVALID_CONFIG if too long
 * or node is NULL (a missing element).
 */
int xml_text(xmlNodePtr node, char *buf, size_t size);
/* "true"/"1" or "false"/"0". */
int xml_bool(xmlNodePtr node, bool *value);
int xml_u64(xmlNodePtr node, uint64_t *value);
int xml_i64(xmlNodePtr node, int64_t *value);
/* Index of text in a NULL-terminated table, or -1. */
int xml_name_index(const char *text, const char *const *names);

#endif /* LTTNG_CTL_LOAD_XML_H */
