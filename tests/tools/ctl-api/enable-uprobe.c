/*
 * Enables a kernel user space probe event through liblttng-ctl's probe
 * location objects, as LTTng's `lttng enable-event --userspace-probe`
 * does: lttng_event_create(), a location attached with
 * lttng_event_set_userspace_probe_location(), lttng_enable_event().
 *
 * Usage: enable-uprobe SESSION EVENT elf BINARY FUNCTION
 *        enable-uprobe SESSION EVENT sdt BINARY PROVIDER PROBE
 * Prints lttng_enable_event()'s result; exits 0 when it is 0.
 */
#include <stdio.h>
#include <string.h>
#include <lttng/lttng.h>

static struct lttng_userspace_probe_location *location_of(int argc, char **argv)
{
	if (argc == 6 && !strcmp(argv[3], "elf"))
		return lttng_userspace_probe_location_function_create(
			argv[4], argv[5],
			lttng_userspace_probe_location_lookup_method_function_elf_create());
	if (argc == 7 && !strcmp(argv[3], "sdt"))
		return lttng_userspace_probe_location_tracepoint_create(
			argv[4], argv[5], argv[6],
			lttng_userspace_probe_location_lookup_method_tracepoint_sdt_create());
	return NULL;
}

int main(int argc, char **argv)
{
	struct lttng_domain domain = {.type = LTTNG_DOMAIN_KERNEL};
	struct lttng_userspace_probe_location *location;
	struct lttng_handle *handle;
	struct lttng_event *event;
	int ret;

	if (argc < 6) {
		fprintf(stderr,
			"usage: %s SESSION EVENT elf BINARY FUNCTION | "
			"sdt BINARY PROVIDER PROBE\n",
			argv[0]);
		return 2;
	}
	location = location_of(argc, argv);
	if (!location) {
		fprintf(stderr, "cannot make the location\n");
		return 2;
	}
	event = lttng_event_create();
	handle = lttng_create_handle(argv[1], &domain);
	if (!event || !handle)
		return 2;
	event->type = LTTNG_EVENT_USERSPACE_PROBE;
	snprintf(event->name, sizeof(event->name), "%s", argv[2]);
	ret = lttng_event_set_userspace_probe_location(event, location);
	if (ret) {
		printf("set location: %d\n", ret);
		return 1;
	}
	ret = lttng_enable_event(handle, event, NULL);
	printf("%d\n", ret);
	lttng_event_destroy(event);
	lttng_destroy_handle(handle);
	return ret ? 1 : 0;
}
