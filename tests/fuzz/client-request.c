/*
 * Fuzzing harness of the client protocol as lttng-sessiond reads it
 * (src/common/sessiond-comm): the input is what a client writes on the
 * session daemon's client socket, a stream of requests. Each request is
 * received with lsc_recv_request() (header checks, payload bounds), then
 * its payload is decoded in the order the command's handler decodes it
 * (message.h), with the event's filter bytecode validated and the
 * snapshot and network output URLs parsed (snapshot-output.c) as the
 * daemon does. Properties: every object that decodes re-encodes to exactly the
 * bytes it came from, and a payload decodes the same way twice.
 */
#include <dlfcn.h>
#include <netdb.h>
#include <string.h>
#include <unistd.h>

#include <lttng/lttng-error.h>

#include "filter/validator.h"
#include "fuzz.h"
#include "sessiond-comm/codec.h"
#include "sessiond-comm/message.h"
#include "sessiond-comm/snapshot-codec.h"
#include "snapshot-output.h"

enum step {
	END = 0,
	STR,  /* a present string of LTTNG_NAME_MAX or path size */
	PATH, /* a present string of LTTNG_PATH_MAX */
	U32,
	I32,
	U64,
	I64,
	STR_DUP, /* a string which may be absent */
	TARGET,
	CREATE,
	CHANNEL,
	EVENT,
	CONTEXT,
	SNAPSHOT,
};

#define MAX_STEPS 8

/* Each command's payload, as its handler in lttng-sessiond reads it. */
static const enum step payloads[LSC_CMD_NR][MAX_STEPS] = {
	[LSC_CMD_CREATE_SESSION] = {CREATE},
	[LSC_CMD_DESTROY_SESSION] = {STR},
	[LSC_CMD_LIST_SESSIONS] = {END},
	[LSC_CMD_START_TRACE] = {STR},
	[LSC_CMD_STOP_TRACE] = {STR},
	[LSC_CMD_DATA_PENDING] = {STR},
	[LSC_CMD_LIST_DOMAINS] = {STR},
	[LSC_CMD_ENABLE_CHANNEL] = {TARGET, CHANNEL},
	[LSC_CMD_DISABLE_CHANNEL] = {TARGET},
	[LSC_CMD_LIST_CHANNELS] = {TARGET},
	[LSC_CMD_ENABLE_EVENT] = {TARGET, EVENT},
	[LSC_CMD_DISABLE_EVENT] = {TARGET, EVENT},
	[LSC_CMD_LIST_EVENTS] = {TARGET},
	[LSC_CMD_ADD_CONTEXT] = {TARGET, CONTEXT},
	[LSC_CMD_LIST_TRACEPOINTS] = {TARGET},
	[LSC_CMD_LIST_TRACEPOINT_FIELDS] = {TARGET},
	[LSC_CMD_LIST_SYSCALLS] = {TARGET},
	[LSC_CMD_TRACK_PID] = {TARGET, I32},
	[LSC_CMD_UNTRACK_PID] = {TARGET, I32},
	[LSC_CMD_LIST_TRACKER_PIDS] = {TARGET},
	[LSC_CMD_PROCESS_ATTR_TRACKER_CHANGE] = {TARGET, U32, U32, U32, I32,
						 I64, STR_DUP},
	[LSC_CMD_PROCESS_ATTR_TRACKER_LIST] = {TARGET, U32},
	[LSC_CMD_SNAPSHOT_ADD_OUTPUT] = {STR, SNAPSHOT},
	[LSC_CMD_SNAPSHOT_DEL_OUTPUT] = {STR, SNAPSHOT},
	[LSC_CMD_SNAPSHOT_LIST_OUTPUT] = {STR},
	[LSC_CMD_SNAPSHOT_RECORD] = {STR, SNAPSHOT, U32},
	[LSC_CMD_ROTATE_SESSION] = {STR},
	[LSC_CMD_ROTATION_GET_INFO] = {STR, U64},
	[LSC_CMD_ROTATION_SET_SCHEDULE] = {STR, I32, U32, U64},
	[LSC_CMD_LIST_ROTATION_SCHEDULES] = {STR},
	[LSC_CMD_CLEAR_SESSION] = {STR},
	[LSC_CMD_SAVE_SESSION] = {STR, PATH, U32},
	[LSC_CMD_REGENERATE_METADATA] = {STR},
	[LSC_CMD_REGENERATE_STATEDUMP] = {STR},
	[LSC_CMD_SET_SESSION_SHM_PATH] = {STR, PATH},
	[LSC_CMD_SET_CONSUMER_URL] = {STR, U32, PATH, PATH},
};

/* The bytes from `from` up to the cursor must re-encode identically. */
static void check_reencoded(const struct wire_cursor *from,
			    const struct wire_cursor *to,
			    const struct wire_buf *buf)
{
	size_t used = from->left - to->left;

	FUZZ_CHECK(!buf->error);
	FUZZ_CHECK(buf->len == used);
	FUZZ_CHECK(!memcmp(buf->data, from->pos, used));
}

static int decode_event(struct wire_cursor *cur)
{
	struct wire_cursor start = *cur;
	struct lsc_event event;
	struct wire_buf buf;
	char msg[128];
	int ret = lsc_get_event(cur, &event);

	if (ret)
		return ret;
	wire_buf_init(&buf);
	lsc_put_event(&buf, &event);
	check_reencoded(&start, cur, &buf);
	wire_buf_fini(&buf);
	if (event.filter)
		(void)filter_validate(event.bytecode, event.bytecode_len, msg,
				      sizeof(msg));
	lsc_event_fini(&event);
	return 0;
}

/*
 * The daemon resolves the host names of network URLs; a fuzzer must not
 * query DNS: this getaddrinfo(), which the executable's calls reach
 * before libc's, takes numeric addresses only.
 */
int getaddrinfo(const char *node, const char *service,
		const struct addrinfo *hints, struct addrinfo **res)
{
	static int (*libc_getaddrinfo)(const char *, const char *,
				       const struct addrinfo *,
				       struct addrinfo **);
	struct addrinfo numeric = {.ai_flags = AI_NUMERICHOST};

	if (!libc_getaddrinfo)
		*(void **)&libc_getaddrinfo = dlsym(RTLD_NEXT, "getaddrinfo");
	FUZZ_CHECK(libc_getaddrinfo);
	if (hints) {
		numeric = *hints;
		numeric.ai_flags |= AI_NUMERICHOST;
	}
	return libc_getaddrinfo(node, service, &numeric, res);
}

/* An output URL (and data URL, "" for none) as the daemon parses it. */
static void parse_url(const char *ctrl_url, const char *data_url)
{
	struct snapshot_output out;

	if (snapshot_output_parse(ctrl_url, data_url[0] ? data_url : NULL,
				  &out) == LTTNG_OK)
		FUZZ_CHECK(out.local ? out.path[0] == '/' : out.host[0] != 0);
}

/* Decodes one step; 0 or the decoder's error. */
static int decode_step(enum step step, struct wire_cursor *cur)
{
	struct wire_cursor start = *cur;
	union {
		char name[LTTNG_NAME_MAX];
		char path[LTTNG_PATH_MAX];
		struct lsc_target target;
		struct lsc_create_session create;
		struct lsc_channel channel;
		struct lsc_context context;
		struct lsc_snapshot_output snapshot;
		uint64_t u64;
		char *dup;
	} v;
	struct wire_buf buf;
	int ret;

	wire_buf_init(&buf);
	switch (step) {
	case END:
		return 0;
	case STR:
		return wire_get_str(cur, v.name, sizeof(v.name));
	case PATH:
		return wire_get_str(cur, v.path, sizeof(v.path));
	case U32:
	case I32:
		return wire_get_u32(cur, (uint32_t *)&v.u64);
	case U64:
	case I64:
		return wire_get_u64(cur, &v.u64);
	case STR_DUP:
		ret = wire_get_str_dup(cur, 4096, &v.dup);
		free(v.dup);
		return ret;
	case EVENT:
		return decode_event(cur);
	case TARGET:
		ret = lsc_get_target(cur, &v.target);
		if (!ret)
			lsc_put_target(&buf, &v.target);
		break;
	case CREATE:
		ret = lsc_get_create_session(cur, &v.create);
		if (!ret && v.create.output == LSC_OUTPUT_NETWORK)
			parse_url(v.create.path, v.create.data_url);
		if (!ret)
			lsc_put_create_session(&buf, &v.create);
		break;
	case CHANNEL:
		ret = lsc_get_channel(cur, &v.channel);
		if (!ret)
			lsc_put_channel(&buf, &v.channel);
		break;
	case CONTEXT:
		ret = lsc_get_context(cur, &v.context);
		if (!ret)
			lsc_put_context(&buf, &v.context);
		break;
	case SNAPSHOT:
		ret = lsc_get_snapshot_output(cur, &v.snapshot);
		if (!ret && v.snapshot.ctrl_url[0])
			parse_url(v.snapshot.ctrl_url, v.snapshot.data_url);
		if (!ret)
			lsc_put_snapshot_output(&buf, &v.snapshot);
		break;
	default:
		abort();
	}
	if (!ret)
		check_reencoded(&start, cur, &buf);
	wire_buf_fini(&buf);
	return ret;
}

/* LTTNG_OK or LTTNG_ERR_INVALID_PROTOCOL, as the daemon would answer. */
static int decode_payload(const struct lsc_message *msg)
{
	const enum step *steps = payloads[msg->command];
	struct wire_cursor cur;

	wire_cursor_init(&cur, msg->payload, msg->payload_len);
	for (int i = 0; i < MAX_STEPS && steps[i] != END; i++)
		if (decode_step(steps[i], &cur))
			return LTTNG_ERR_INVALID_PROTOCOL;
	return wire_cursor_finish(&cur) ? LTTNG_ERR_INVALID_PROTOCOL : LTTNG_OK;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	int fd = fuzz_socket_with(data, size);
	struct lsc_message msg;

	if (fd < 0)
		return 0;
	/* As serve_connection(): requests until one is refused or EOF. */
	while (!lsc_recv_request(fd, &msg)) {
		int first, second;

		FUZZ_CHECK(msg.command > 0 && msg.command < LSC_CMD_NR);
		FUZZ_CHECK(msg.payload_len <= LSC_MAX_PAYLOAD);
		FUZZ_CHECK(!msg.payload_len == !msg.payload);
		first = decode_payload(&msg);
		second = decode_payload(&msg);
		FUZZ_CHECK(first == second);
		lsc_message_fini(&msg);
	}
	close(fd);
	return 0;
}
