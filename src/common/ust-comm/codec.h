/*
 * Payload codecs of the application <-> session daemon protocol
 * (ust-protocol.h): one put (encode into an wire_buf) and one get (decode
 * and validate a whole payload) per message. A get reads the payload
 * exactly: truncated data, trailing bytes, strings without room, counts
 * beyond the protocol's limits and unknown enum values are refused with
 * -EBADMSG or -EMSGSIZE. Event descriptions are in event-class.h.
 */
#ifndef UST_COMM_CODEC_H
#define UST_COMM_CODEC_H

#include <stddef.h>
#include <stdint.h>

#include "wire-codec/wire-codec.h"
#include "ust-comm/ust-protocol.h"

/* Payloads that are a single object id (sessions, channels, rules). */
void ust_put_id(struct wire_buf *buf, uint64_t id);
int ust_get_id(const void *payload, size_t len, uint64_t *id);

/* UST_CMD_CHANNEL_CREATE. */
void ust_put_channel_desc(struct wire_buf *buf,
			  const struct ust_channel_desc *desc);
int ust_get_channel_desc(const void *payload, size_t len,
			 struct ust_channel_desc *desc);

/* UST_CMD_STREAM_ADD (the fds travel beside, see message.h). */
void ust_put_stream_add(struct wire_buf *buf, uint64_t channel_key,
			uint32_t stream_index);
int ust_get_stream_add(const void *payload, size_t len, uint64_t *channel_key,
		       uint32_t *stream_index);

/* UST_CMD_CONTEXT_ADD: channel key then the context. */
void ust_put_context_add(struct wire_buf *buf, uint64_t channel_key,
			 const struct ust_context_desc *desc);
int ust_get_context_add(const void *payload, size_t len, uint64_t *channel_key,
			struct ust_context_desc *desc);

/*
 * UST_CMD_RULE_CREATE. The decoded desc owns malloc'd exclusions and
 * bytecode: release them with ust_rule_desc_fini().
 */
void ust_put_rule_desc(struct wire_buf *buf, const struct ust_rule_desc *desc);
int ust_get_rule_desc(const void *payload, size_t len,
		      struct ust_rule_desc *desc);
void ust_rule_desc_fini(struct ust_rule_desc *desc);

/* One line of the UST_CMD_TRACEPOINT_LIST reply. */
struct ust_tracepoint_entry {
	char name[UST_NAME_MAX]; /* "provider:event" */
	int32_t loglevel;
};

/* One line of the UST_CMD_FIELD_LIST reply. */
struct ust_field_entry {
	char event_name[UST_NAME_MAX];
	int32_t loglevel;
	char field_name[UST_NAME_MAX];
	uint32_t type; /* enum ust_field_list_type */
	uint32_t nowrite;
};

/* The decoded arrays are malloc'd (NULL when count is 0): free() them. */
void ust_put_tracepoint_list(struct wire_buf *buf,
			     const struct ust_tracepoint_entry *entries,
			     uint32_t count);
int ust_get_tracepoint_list(const void *payload, size_t len,
			    struct ust_tracepoint_entry **entries,
			    uint32_t *count);
void ust_put_field_list(struct wire_buf *buf,
			const struct ust_field_entry *entries, uint32_t count);
int ust_get_field_list(const void *payload, size_t len,
		       struct ust_field_entry **entries, uint32_t *count);

/* The UST_NOTIFY_EVENT_REGISTER reply. */
void ust_put_event_id(struct wire_buf *buf, uint32_t event_id);
int ust_get_event_id(const void *payload, size_t len, uint32_t *event_id);

#endif /* UST_COMM_CODEC_H */
