/*
 * Drives liblttng-ctl's rotation, clear and destruction API on one
 * session of a running session daemon and prints what each call gives
 * (tests/integration/test_rotation.py checks the lines):
 *
 *   rotation-api SESSION schedules   add, list, read back, remove
 *   rotation-api SESSION rotate      rotate, follow the handle
 *   rotation-api SESSION clear       clear, follow the handle
 *   rotation-api SESSION destroy     destroy, the last archive
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include <lttng/lttng.h>

static void print_schedules(const char *session)
{
	struct lttng_rotation_schedules *set = NULL;
	unsigned int count = 0;
	int ret = lttng_session_list_rotation_schedules(session, &set);

	if (ret != LTTNG_OK) {
		printf("list: %d\n", ret);
		return;
	}
	lttng_rotation_schedules_get_count(set, &count);
	printf("count: %u\n", count);
	for (unsigned int i = 0; i < count; i++) {
		const struct lttng_rotation_schedule *s =
			lttng_rotation_schedules_get_at_index(set, i);
		uint64_t v = 0;

		if (lttng_rotation_schedule_get_type(s) ==
		    LTTNG_ROTATION_SCHEDULE_TYPE_PERIODIC) {
			lttng_rotation_schedule_periodic_get_period(s, &v);
			printf("periodic: %" PRIu64 "\n", v);
		} else {
			lttng_rotation_schedule_size_threshold_get_threshold(
				s, &v);
			printf("size: %" PRIu64 "\n", v);
		}
	}
	printf("past the end: %s\n",
	       lttng_rotation_schedules_get_at_index(set, count) ? "schedule"
								 : "NULL");
	lttng_rotation_schedules_destroy(set);
}

static int schedules(const char *session)
{
	struct lttng_rotation_schedule *timer =
		lttng_rotation_schedule_periodic_create();
	struct lttng_rotation_schedule *size =
		lttng_rotation_schedule_size_threshold_create();
	uint64_t v;

	printf("unset: %d\n",
	       lttng_rotation_schedule_periodic_get_period(timer, &v));
	printf("zero: %d\n",
	       lttng_rotation_schedule_periodic_set_period(timer, 0));
	printf("wrong type: %d\n",
	       lttng_rotation_schedule_periodic_set_period(size, 5));
	lttng_rotation_schedule_periodic_set_period(timer, 250000);
	lttng_rotation_schedule_size_threshold_set_threshold(size, 65536);
	printf("add size: %d\n",
	       lttng_session_add_rotation_schedule(session, size));
	printf("add timer: %d\n",
	       lttng_session_add_rotation_schedule(session, timer));
	printf("add timer again: %d\n",
	       lttng_session_add_rotation_schedule(session, timer));
	print_schedules(session);
	printf("remove timer: %d\n",
	       lttng_session_remove_rotation_schedule(session, timer));
	printf("remove timer again: %d\n",
	       lttng_session_remove_rotation_schedule(session, timer));
	printf("remove size: %d\n",
	       lttng_session_remove_rotation_schedule(session, size));
	print_schedules(session);
	lttng_rotation_schedule_destroy(timer);
	lttng_rotation_schedule_destroy(size);
	return 0;
}

static void print_location(const struct lttng_trace_archive_location *l)
{
	const char *path = NULL;
	uint16_t port;

	printf("type: %d\n", lttng_trace_archive_location_get_type(l));
	printf("path status: %d\n",
	       lttng_trace_archive_location_local_get_absolute_path(l, &path));
	printf("path: %s\n", path ? path : "(none)");
	printf("relay port status: %d\n",
	       lttng_trace_archive_location_relay_get_control_port(l, &port));
}

static int rotate(const char *session)
{
	struct lttng_rotation_handle *handle = NULL;
	const struct lttng_trace_archive_location *location = NULL;
	enum lttng_rotation_state state;
	int ret = lttng_rotate_session(session, NULL, &handle);

	printf("rotate: %d\n", ret);
	if (ret)
		return 1;
	printf("state status: %d\n",
	       lttng_rotation_handle_get_state(handle, &state));
	printf("state: %d\n", state);
	printf("location status: %d\n",
	       lttng_rotation_handle_get_archive_location(handle, &location));
	print_location(location);
	lttng_rotation_handle_destroy(handle);
	return 0;
}

static int clear(const char *session)
{
	struct lttng_clear_handle *handle = NULL;
	enum lttng_error_code result = LTTNG_ERR_UNK;
	enum lttng_error_code code = lttng_clear_session(session, &handle);

	printf("clear: %d\n", code);
	if (code != LTTNG_OK)
		return 1;
	printf("wait: %d\n",
	       lttng_clear_handle_wait_for_completion(handle, -1));
	printf("result status: %d\n",
	       lttng_clear_handle_get_result(handle, &result));
	printf("result: %d\n", result);
	lttng_clear_handle_destroy(handle);
	return 0;
}

static int destroy(const char *session)
{
	struct lttng_destruction_handle *handle = NULL;
	const struct lttng_trace_archive_location *location = NULL;
	enum lttng_rotation_state state;
	enum lttng_error_code code =
		lttng_destroy_session_ext(session, &handle);

	printf("destroy: %d\n", code);
	if (code != LTTNG_OK)
		return 1;
	printf("wait: %d\n",
	       lttng_destruction_handle_wait_for_completion(handle, 100));
	printf("rotation state status: %d\n",
	       lttng_destruction_handle_get_rotation_state(handle, &state));
	printf("rotation state: %d\n", state);
	printf("location status: %d\n",
	       lttng_destruction_handle_get_archive_location(handle,
							     &location));
	if (location)
		print_location(location);
	lttng_destruction_handle_destroy(handle);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: rotation-api SESSION "
				"schedules|rotate|clear|destroy\n");
		return 2;
	}
	if (!strcmp(argv[2], "schedules"))
		return schedules(argv[1]);
	if (!strcmp(argv[2], "rotate"))
		return rotate(argv[1]);
	if (!strcmp(argv[2], "clear"))
		return clear(argv[1]);
	if (!strcmp(argv[2], "destroy"))
		return destroy(argv[1]);
	return 2;
}
