/*
 * Fuzzing harness of the session configuration loader (`lttng load`,
 * lttng-sessiond --load: liblttng-ctl's load*.c): the input is a
 * session configuration file (the session.xsd format). It is parsed,
 * validated against session.xsd and applied through the control API,
 * whose requests reach a stand-in session daemon run by this harness on
 * a private LTTNG_RUNDIR. The stand-in decodes each request with the
 * daemon's codecs and answers as a daemon without sessions does when
 * all goes well (no session to stop or destroy before loading; then a
 * created session, a snapshot output id, empty listings), so that every
 * element of the file is read. Property: every request the loader
 * sends decodes, and a filter it compiled from the file validates.
 */
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <libxml/parser.h>
#include <lttng/lttng.h>

#include "filter/validator.h"
#include "fuzz.h"
#include "sessiond-comm/codec.h"
#include "sessiond-comm/message.h"
#include "sessiond-comm/snapshot-codec.h"
#include "util/paths.h"
#include "util/unix-socket.h"

/* The reply to a request of the loader, as lttng-sessiond gives it. */
static int answer(const struct lsc_message *req, struct wire_buf *reply)
{
	struct wire_cursor cur;
	union {
		struct lsc_create_session create;
		struct lsc_snapshot_output output;
	} v;
	struct lsc_session created = {.creation_time = 1};
	struct lsc_target target;
	struct lsc_event event;
	char name[LTTNG_NAME_MAX], msg[128];

	wire_cursor_init(&cur, req->payload, req->payload_len);
	switch (req->command) {
	case LSC_CMD_CREATE_SESSION:
		FUZZ_CHECK(!lsc_get_create_session(&cur, &v.create));
		snprintf(created.name, sizeof(created.name), "%s",
			 v.create.name[0] ? v.create.name : "auto-fuzz");
		created.snapshot = v.create.snapshot;
		if (v.create.output == LSC_OUTPUT_PATH)
			snprintf(v.create.snapshot ? created.snapshot_path
						   : created.path,
				 sizeof(created.path), "%s", v.create.path);
		lsc_put_session(reply, &created);
		break;
	case LSC_CMD_SNAPSHOT_ADD_OUTPUT:
		FUZZ_CHECK(!wire_get_str(&cur, name, sizeof(name)));
		FUZZ_CHECK(!lsc_get_snapshot_output(&cur, &v.output));
		wire_put_u32(reply, 1);
		wire_put_str(reply,
			    v.output.name[0] ? v.output.name : "snapshot-1");
		break;
	case LSC_CMD_ENABLE_EVENT:
		FUZZ_CHECK(!lsc_get_target(&cur, &target));
		FUZZ_CHECK(!lsc_get_event(&cur, &event));
		if (event.filter)
			FUZZ_CHECK(!filter_validate(event.bytecode,
						    event.bytecode_len, msg,
						    sizeof(msg)));
		lsc_event_fini(&event);
		break;
	case LSC_CMD_STOP_TRACE:
	case LSC_CMD_DESTROY_SESSION:
		return LTTNG_ERR_SESS_NOT_FOUND;
	case LSC_CMD_DATA_PENDING:
	case LSC_CMD_LIST_SESSIONS:
	case LSC_CMD_LIST_CHANNELS:
	case LSC_CMD_LIST_EVENTS:
	case LSC_CMD_SNAPSHOT_LIST_OUTPUT:
		wire_put_u32(reply, 0);
		return LTTNG_OK;
	default:
		return LTTNG_OK;
	}
	FUZZ_CHECK(!wire_cursor_finish(&cur));
	return LTTNG_OK;
}

static void *stand_in_daemon(void *arg)
{
	int listen_fd = *(int *)arg;

	for (;;) {
		int fd = accept(listen_fd, NULL, NULL);
		struct lsc_message req;
		struct wire_buf reply;

		if (fd < 0)
			continue;
		if (!lsc_recv_request(fd, &req)) {
			wire_buf_init(&reply);
			int code = answer(&req, &reply);

			(void)lsc_send_reply(fd, code,
					     code == LTTNG_OK ? &reply : NULL);
			wire_buf_fini(&reply);
			lsc_message_fini(&req);
		}
		close(fd);
	}
	return NULL;
}

/* Libxml2's parse errors: not worth printing for every input. */
static void quiet(void *ctx, const char *fmt, ...)
{
	(void)ctx;
	(void)fmt;
}

static void start_stand_in(void)
{
	static int listen_fd;
	char rundir[PATH_MAX], sock[PATH_MAX];
	pthread_t thread;

	snprintf(rundir, sizeof(rundir), "%s/run", fuzz_scratch_dir());
	FUZZ_CHECK(!mkdir(rundir, 0700));
	setenv("LTTNG_RUNDIR", rundir, 1);
	setenv("LTTNG_HOME", fuzz_scratch_dir(), 1);
	setenv("LTTNG_SESSION_CONFIG_XSD_PATH", SESSION_XSD_DIR, 1);
	FUZZ_CHECK(!paths_rundir(getuid(), rundir, sizeof(rundir)));
	FUZZ_CHECK(!paths_join(sock, sizeof(sock), rundir, PATHS_CLIENT_SOCK));
	FUZZ_CHECK(!mkdir(rundir, 0700) || errno == EEXIST);
	listen_fd = usock_listen(sock, 0600);
	FUZZ_CHECK(listen_fd >= 0);
	FUZZ_CHECK(!pthread_create(&thread, NULL, stand_in_daemon, &listen_fd));
	xmlSetGenericErrorFunc(NULL, quiet);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static bool started;
	struct lttng_load_session_attr *attr;

	if (!started) {
		start_stand_in();
		started = true;
	}
	attr = lttng_load_session_attr_create();
	FUZZ_CHECK(attr);
	FUZZ_CHECK(!lttng_load_session_attr_set_input_url(
		attr, fuzz_file_with(data, size)));
	FUZZ_CHECK(!lttng_load_session_attr_set_overwrite(attr, 1));
	(void)lttng_load_session(attr);
	lttng_load_session_attr_destroy(attr);
	return 0;
}
