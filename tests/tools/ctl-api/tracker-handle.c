/*
 * Prints what lttng_session_get_tracker_handle() returns (an
 * lttng_error_code, as LTTng's header declares it) for a session's
 * kernel process ID tracker, its user space virtual process ID tracker,
 * a NULL session name and an agent domain, one result per line.
 *
 * Usage: tracker-handle SESSION
 */
#include <stdio.h>
#include <lttng/lttng.h>

static void show(const char *what, const char *session,
		 enum lttng_domain_type domain, enum lttng_process_attr attr)
{
	struct lttng_process_attr_tracker_handle *handle = NULL;
	enum lttng_error_code code;

	code = lttng_session_get_tracker_handle(session, domain, attr, &handle);
	printf("%s: %d handle %d\n", what, (int)code, handle != NULL);
	lttng_process_attr_tracker_handle_destroy(handle);
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: %s SESSION\n", argv[0]);
		return 2;
	}
	show("kernel pid", argv[1], LTTNG_DOMAIN_KERNEL,
	     LTTNG_PROCESS_ATTR_PROCESS_ID);
	show("ust vpid", argv[1], LTTNG_DOMAIN_UST,
	     LTTNG_PROCESS_ATTR_VIRTUAL_PROCESS_ID);
	show("null session", NULL, LTTNG_DOMAIN_UST,
	     LTTNG_PROCESS_ATTR_VIRTUAL_PROCESS_ID);
	show("jul vpid", argv[1], LTTNG_DOMAIN_JUL,
	     LTTNG_PROCESS_ATTR_VIRTUAL_PROCESS_ID);
	return 0;
}
