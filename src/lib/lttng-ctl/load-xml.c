/*
 * Reading the elements of a validated session configuration document:
 * children by name, text content and the values session.xsd allows
 * (booleans, unsigned and signed integers, enumerations). Shared by the
 * load-*.c files.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ctl-internal.h"
#include "load-xml.h"

bool xml_is_element(xmlNodePtr node, const char *name)
{
	return node->type == XML_ELEMENT_NODE &&
	       !strcmp((const char *)node->name, name);
}

xmlNodePtr xml_child(xmlNodePtr parent, const char *name)
{
	if (!parent)
		return NULL;
	for (xmlNodePtr n = xmlFirstElementChild(parent); n;
	     n = xmlNextElementSibling(n)) {
		if (xml_is_element(n, name))
			return n;
	}
	return NULL;
}

/* The text of node into buf; -LTTNG_ERR_LOAD_INVALID_CONFIG if too long. */
int xml_text(xmlNodePtr node, char *buf, size_t size)
{
	xmlChar *content;
	int ret = 0;

	if (!node)
		return -LTTNG_ERR_LOAD_INVALID_CONFIG; /* a missing element */
	content = xmlNodeGetContent(node);

	if (!content)
		return -LTTNG_ERR_NOMEM;
	if ((size_t)snprintf(buf, size, "%s", (const char *)content) >= size)
		ret = -LTTNG_ERR_LOAD_INVALID_CONFIG;
	xmlFree(content);
	return ret;
}

int xml_bool(xmlNodePtr node, bool *value)
{
	char text[16];
	int ret = xml_text(node, text, sizeof(text));

	if (ret)
		return ret;
	if (!strcmp(text, "true") || !strcmp(text, "1"))
		*value = true;
	else if (!strcmp(text, "false") || !strcmp(text, "0"))
		*value = false;
	else
		return -LTTNG_ERR_LOAD_INVALID_CONFIG;
	return 0;
}

int xml_u64(xmlNodePtr node, uint64_t *value)
{
	char text[32], *end;
	int ret = xml_text(node, text, sizeof(text));

	if (ret)
		return ret;
	errno = 0;
	*value = strtoull(text, &end, 10);
	if (errno || end == text || *end || text[0] == '-')
		return -LTTNG_ERR_LOAD_INVALID_CONFIG;
	return 0;
}

int xml_i64(xmlNodePtr node, int64_t *value)
{
	char text[32], *end;
	int ret = xml_text(node, text, sizeof(text));

	if (ret)
		return ret;
	errno = 0;
	*value = strtoll(text, &end, 10);
	if (errno || end == text || *end)
		return -LTTNG_ERR_LOAD_INVALID_CONFIG;
	return 0;
}

/* Index of text in a NULL-terminated table, or -1. */
int xml_name_index(const char *text, const char *const *names)
{
	for (int i = 0; names[i]; i++) {
		if (!strcmp(text, names[i]))
			return i;
	}
	return -1;
}
