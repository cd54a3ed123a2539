/*
 * Fuzzing harness of the application <-> session daemon command
 * protocol (src/common/ust-comm), on both of its untrusted sides. The
 * first input byte picks the side, the rest is what arrives on the
 * socket:
 *   even: an application's listener reading the daemon's requests
 *         (ust_recv_request(), then the payload codec of the command;
 *         a rule's filter bytecode is linked and run on an event, as
 *         liblttng-ust does before it uses it);
 *   odd:  the session daemon reading an application: its registration
 *         message, then replies decoded as the tracepoint and field
 *         lists and the event id they may answer.
 */
#include <string.h>
#include <unistd.h>

#include "filter/interpreter.h"
#include "fixture.h"
#include "fuzz.h"
#include "ust-comm/codec.h"
#include "ust-comm/message.h"

static void link_and_run(const uint8_t *bytecode, size_t len)
{
	struct filter_program *prog = NULL;
	char msg[256];

	if (filter_link(bytecode, len, &fixture_layout, &prog, msg,
			sizeof(msg)))
		return;
	(void)filter_eval(prog, fixture_values, fixture_fetch, NULL);
	filter_program_free(prog);
}

static void decode_request(const struct ust_message *msg)
{
	struct ust_channel_desc channel;
	struct ust_context_desc context;
	struct ust_rule_desc rule;
	uint64_t id;
	uint32_t index;

	switch (msg->command) {
	case UST_CMD_SESSION_CREATE:
	case UST_CMD_SESSION_DESTROY:
	case UST_CMD_SESSION_START:
	case UST_CMD_SESSION_STOP:
	case UST_CMD_SESSION_STATEDUMP:
	case UST_CMD_CHANNEL_ENABLE:
	case UST_CMD_CHANNEL_DISABLE:
	case UST_CMD_CHANNEL_DESTROY:
	case UST_CMD_RULE_ENABLE:
	case UST_CMD_RULE_DISABLE:
	case UST_CMD_RULE_DESTROY:
		(void)ust_get_id(msg->payload, msg->payload_len, &id);
		break;
	case UST_CMD_CHANNEL_CREATE:
		if (!ust_get_channel_desc(msg->payload, msg->payload_len,
					  &channel))
			FUZZ_CHECK(channel.name[0] && channel.nr_streams);
		break;
	case UST_CMD_STREAM_ADD:
		(void)ust_get_stream_add(msg->payload, msg->payload_len, &id,
					 &index);
		break;
	case UST_CMD_CONTEXT_ADD:
		(void)ust_get_context_add(msg->payload, msg->payload_len, &id,
					  &context);
		break;
	case UST_CMD_RULE_CREATE:
		if (ust_get_rule_desc(msg->payload, msg->payload_len, &rule))
			break;
		FUZZ_CHECK(rule.nr_exclusions <= UST_MAX_EXCLUSIONS);
		FUZZ_CHECK(!rule.bytecode_len == !rule.bytecode);
		if (rule.bytecode)
			link_and_run(rule.bytecode, rule.bytecode_len);
		ust_rule_desc_fini(&rule);
		break;
	default:
		break;
	}
}

static void app_side(int fd)
{
	struct ust_message msg;

	while (!ust_recv_request(fd, &msg, 1)) {
		FUZZ_CHECK(msg.payload_len <= UST_MAX_PAYLOAD);
		FUZZ_CHECK(msg.nr_fds == ust_command_nr_fds(msg.command));
		decode_request(&msg);
		ust_message_fini(&msg);
	}
}

static void daemon_side(int fd)
{
	struct ust_tracepoint_entry *tracepoints;
	struct ust_field_entry *fields;
	struct ust_register reg;
	struct ust_message msg;
	uint32_t count, id;

	if (ust_recv_register(fd, &reg))
		return;
	while (!ust_recv_reply(fd, &msg)) {
		FUZZ_CHECK(msg.code <= 0 && msg.nr_fds == 0);
		if (!ust_get_tracepoint_list(msg.payload, msg.payload_len,
					     &tracepoints, &count)) {
			for (uint32_t i = 0; i < count; i++)
				FUZZ_CHECK(memchr(tracepoints[i].name, '\0',
						  UST_NAME_MAX));
			free(tracepoints);
		}
		if (!ust_get_field_list(msg.payload, msg.payload_len, &fields,
					&count))
			free(fields);
		(void)ust_get_event_id(msg.payload, msg.payload_len, &id);
		ust_message_fini(&msg);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	int fd;

	if (size < 1)
		return 0;
	fd = fuzz_socket_with(data + 1, size - 1);
	if (fd < 0)
		return 0;
	if (data[0] & 1)
		daemon_side(fd);
	else
		app_side(fd);
	close(fd);
	return 0;
}
