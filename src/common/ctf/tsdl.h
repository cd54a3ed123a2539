/*
 * TSDL text of field types, written the way LTTng-tools 2.13 writes an
 * application's fields: one field per line, the name prefixed with '_'
 * (which babeltrace2 strips; variant options excepted, see tsdl.c),
 * integers spelled out in full
 * (`integer { size = 32; align = 8; signed = 1; encoding = none;
 * base = 10; } _my_field;`). Used by metadata.c for event payloads and
 * stream event contexts.
 */
#ifndef CTF_TSDL_H
#define CTF_TSDL_H

#include "ctf/text.h"
#include "ctf/type.h"

/* Appends the fields of a validated structure, one per line, at depth. */
void ctf_tsdl_fields(struct ctf_text *text, const struct ctf_type *scope,
		     unsigned int depth);

/* Appends one field declaration (type, `_name`, `;`, newline) at depth. */
void ctf_tsdl_field(struct ctf_text *text, const char *name,
		    const struct ctf_type *type, unsigned int depth);

#endif /* CTF_TSDL_H */
