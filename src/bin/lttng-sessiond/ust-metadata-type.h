/*
 * From an application's event description (ust-comm/event-class.h) to
 * the CTF types of its payload (ctf/type.h), as LTTng-tools writes them:
 * strings and text arrays UTF-8, enumerations with their mappings (auto
 * entries numbered like CTF does), sequences after their length field,
 * `nowrite` fields left out. Used by the metadata registry.
 */
#ifndef SESSIOND_UST_METADATA_TYPE_H
#define SESSIOND_UST_METADATA_TYPE_H

#include "ctf/type.h"
#include "ust-comm/event-class.h"

/* The payload structure of cls; NULL when out of memory or invalid. */
struct ctf_type *ust_metadata_payload(const struct ust_event_class *cls);

#endif /* SESSIOND_UST_METADATA_TYPE_H */
