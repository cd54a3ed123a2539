/*
 * Fuzzing harness of the session daemon -> consumer daemon protocol as
 * lttng-consumerd reads it (src/common/consumer-comm): the input is
 * what arrives on the consumer's socket, a stream of requests, each
 * received with consumer_recv_request() and decoded as the consumer's
 * dispatch does for its command (consumer-protocol.h). Property: a
 * channel, metadata, snapshot, rotation or trace chunk description that
 * decodes re-encodes to the bytes it came from. Kept to the codec's
 * entry points so that it follows the protocol as it changes.
 */
#include <string.h>
#include <unistd.h>

#include "consumer-comm/chunk-codec.h"
#include "consumer-comm/codec.h"
#include "consumer-comm/snapshot-codec.h"
#include "fuzz.h"

/* A whole payload decoded by a chunk-codec.h decoder re-encodes to it. */
#define CHECK_WHOLE(get, put, type)                                            \
	do {                                                                   \
		type value;                                                    \
		int r = get(cur->pos, cur->left, &value);                      \
		if (!r) {                                                      \
			put(&buf, &value);                                     \
			FUZZ_CHECK(!buf.error && buf.len == cur->left);        \
			FUZZ_CHECK(!memcmp(buf.data, cur->pos, buf.len));      \
		}                                                              \
		wire_buf_fini(&buf);                                           \
		return r;                                                      \
	} while (0)

/* The bytes from `from` up to `to` must re-encode identically. */
static void check_reencoded(const struct wire_cursor *from,
			    const struct wire_cursor *to,
			    const struct wire_buf *buf)
{
	size_t used = from->left - to->left;

	FUZZ_CHECK(!buf->error && buf->len == used);
	FUZZ_CHECK(!memcmp(buf->data, from->pos, used));
}

static int decode(uint32_t command, struct wire_cursor *cur)
{
	const struct wire_cursor start = *cur;
	union {
		struct consumer_channel_desc channel;
		struct consumer_metadata_desc metadata;
		struct consumer_snapshot_desc snapshot;
	} v;
	struct wire_buf buf;
	uint64_t key;
	char *text;
	int ret;

	wire_buf_init(&buf);
	switch ((enum consumer_command)command) {
	case CONSUMER_CMD_CHANNEL_CREATE:
		ret = consumer_get_channel_desc(cur, &v.channel);
		if (!ret)
			consumer_put_channel_desc(&buf, &v.channel);
		break;
	case CONSUMER_CMD_METADATA_CREATE:
		ret = consumer_get_metadata_desc(cur, &v.metadata);
		if (!ret)
			consumer_put_metadata_desc(&buf, &v.metadata);
		break;
	case CONSUMER_CMD_CHANNEL_SNAPSHOT:
	case CONSUMER_CMD_METADATA_SNAPSHOT:
		memset(&v.snapshot, 0, sizeof(v.snapshot));
		ret = consumer_get_snapshot_desc(cur, &v.snapshot);
		if (!ret)
			consumer_put_snapshot_desc(&buf, &v.snapshot);
		break;
	case CONSUMER_CMD_METADATA_PUSH:
	case CONSUMER_CMD_METADATA_REGENERATE:
		ret = wire_get_u64(cur, &key);
		if (!ret)
			ret = wire_get_str_dup(cur, CONSUMER_MAX_PAYLOAD, &text);
		if (!ret)
			free(text);
		wire_buf_fini(&buf);
		return ret;
	case CONSUMER_CMD_CHANNEL_ROTATE:
	case CONSUMER_CMD_METADATA_ROTATE:
		CHECK_WHOLE(consumer_get_rotate_desc, consumer_put_rotate_desc,
			    struct consumer_rotate_desc);
	case CONSUMER_CMD_CHUNK_CREATE:
		CHECK_WHOLE(consumer_get_chunk_desc, consumer_put_chunk_desc,
			    struct consumer_chunk_desc);
	case CONSUMER_CMD_CHUNK_CLOSE:
		CHECK_WHOLE(consumer_get_chunk_close, consumer_put_chunk_close,
			    struct consumer_chunk_close);
	case CONSUMER_CMD_CHUNK_EXISTS:
		CHECK_WHOLE(consumer_get_chunk_ref, consumer_put_chunk_ref,
			    struct consumer_chunk_ref);
	default: /* the other commands name a key */
		wire_buf_fini(&buf);
		return wire_get_u64(cur, &key);
	}
	if (!ret)
		check_reencoded(&start, cur, &buf);
	wire_buf_fini(&buf);
	return ret;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	int fd = fuzz_socket_with(data, size);
	struct consumer_message msg;

	if (fd < 0)
		return 0;
	while (!consumer_recv_request(fd, &msg)) {
		struct wire_cursor cur;

		FUZZ_CHECK(msg.command > 0 && msg.command < CONSUMER_CMD_NR);
		FUZZ_CHECK(msg.payload_len <= CONSUMER_MAX_PAYLOAD);
		wire_cursor_init(&cur, msg.payload, msg.payload_len);
		if (!decode(msg.command, &cur))
			(void)wire_cursor_finish(&cur);
		consumer_message_fini(&msg);
	}
	close(fd);
	return 0;
}
