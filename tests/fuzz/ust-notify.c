/*
 * Fuzzing harness of the notify protocol as lttng-sessiond's notify
 * thread reads it (src/common/ust-comm, event-class.c): the input is
 * what an application writes on its notify socket. Each
 * UST_NOTIFY_EVENT_REGISTER payload is decoded into an event class,
 * turned into CTF types (ust-metadata-type.c) and added to a trace's
 * metadata, as the metadata registry does. Properties: a decoded class
 * equals itself, and an event class the metadata refuses leaves the
 * metadata text as it was.
 */
#include <string.h>
#include <unistd.h>

#include "ctf/metadata.h"
#include "fuzz.h"
#include "ust-comm/codec.h"
#include "ust-comm/event-class.h"
#include "ust-comm/message.h"
#include "ust-metadata-type.h"

static struct ctf_metadata *new_metadata(void)
{
	static const struct ctf_env_entry env[] = {{"domain", "ust", 0}};
	struct ctf_trace_desc desc = {
		.byte_order = CTF_BYTE_ORDER_NATIVE,
		.env = env,
		.nr_env = 1,
		.clock = {.name = "monotonic", .freq = 1000000000},
	};
	struct ctf_error err;
	struct ctf_metadata *md = ctf_metadata_create(&desc, &err);

	FUZZ_CHECK(md);
	FUZZ_CHECK(!ctf_metadata_add_stream_class(
		md, 0, CTF_EVENT_HEADER_COMPACT, NULL, &err));
	return md;
}

static void register_event(struct ctf_metadata *md, uint32_t id,
			   const struct ust_message *msg)
{
	uint64_t session_id, channel_key;
	struct ust_event_class *cls;
	struct ctf_event_desc desc;
	struct ctf_type *payload;
	struct ctf_error err;
	size_t before, after;

	if (ust_get_event_register(msg->payload, msg->payload_len, &session_id,
				   &channel_key, &cls))
		return;
	FUZZ_CHECK(ust_event_class_equal(cls, cls));
	desc = (struct ctf_event_desc){
		.id = id,
		.name = cls->name,
		.has_loglevel = true,
		.loglevel = cls->loglevel,
		.model_emf_uri = cls->model_emf_uri,
	};
	payload = ust_metadata_payload(cls);
	ctf_metadata_text(md, &before);
	if (payload && ctf_metadata_add_event_class(md, &desc, payload, &err)) {
		ctf_metadata_text(md, &after);
		FUZZ_CHECK(before == after);
	}
	ust_event_class_free(cls);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	int fd = fuzz_socket_with(data, size);
	struct ctf_metadata *md;
	struct ust_message msg;
	uint32_t id = 0;

	if (fd < 0)
		return 0;
	md = new_metadata();
	while (!ust_recv_request(fd, &msg, 0)) {
		FUZZ_CHECK(msg.nr_fds == 0);
		if (msg.command == UST_NOTIFY_EVENT_REGISTER)
			register_event(md, id++, &msg);
		ust_message_fini(&msg);
	}
	ctf_metadata_destroy(md);
	close(fd);
	return 0;
}
