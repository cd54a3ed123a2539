/*
 * Drives liblttng-ctl's client-side objects (user space and kernel probe
 * locations, lookup methods, log level rules, an event's probe
 * location) through every getter, with NULL and mismatched arguments,
 * and prints one line per observation. test_ctl_objects.py runs it with
 * our library and with LTTng's (same binary, LD_LIBRARY_PATH) and
 * compares the lines. Calls on which LTTng 2.13 aborts (an assertion on
 * a NULL location or output pointer) are left out.
 *
 * Usage: probe-locations BINARY (an existing file to place probes in)
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <lttng/lttng.h>

static const char *str(const char *s)
{
	return s ? s : "(null)";
}

static void user_lookup_methods(void)
{
	struct lttng_userspace_probe_location_lookup_method *elf, *sdt;

	elf = lttng_userspace_probe_location_lookup_method_function_elf_create();
	sdt = lttng_userspace_probe_location_lookup_method_tracepoint_sdt_create();
	printf("lookup types: elf %d sdt %d null %d\n",
	       lttng_userspace_probe_location_lookup_method_get_type(elf),
	       lttng_userspace_probe_location_lookup_method_get_type(sdt),
	       lttng_userspace_probe_location_lookup_method_get_type(NULL));
	lttng_userspace_probe_location_lookup_method_destroy(elf);
	lttng_userspace_probe_location_lookup_method_destroy(sdt);
	lttng_userspace_probe_location_lookup_method_destroy(NULL);
}

/* Creations that fail leave the lookup method to the caller. */
static void user_refused(const char *binary)
{
	struct lttng_userspace_probe_location_lookup_method *elf, *sdt;

	elf = lttng_userspace_probe_location_lookup_method_function_elf_create();
	sdt = lttng_userspace_probe_location_lookup_method_tracepoint_sdt_create();
	printf("function refused: null binary %d null name %d no method %d "
	       "sdt method %d missing binary %d\n",
	       !lttng_userspace_probe_location_function_create(NULL, "f", elf),
	       !lttng_userspace_probe_location_function_create(binary, NULL,
							       elf),
	       !lttng_userspace_probe_location_function_create(binary, "f",
							       NULL),
	       !lttng_userspace_probe_location_function_create(binary, "f",
							       sdt),
	       !lttng_userspace_probe_location_function_create(
		       "/nonexistent/binary", "f", elf));
	printf("tracepoint refused: null binary %d null provider %d "
	       "null probe %d no method %d elf method %d missing binary %d\n",
	       !lttng_userspace_probe_location_tracepoint_create(NULL, "p", "n",
								 sdt),
	       !lttng_userspace_probe_location_tracepoint_create(binary, NULL,
								 "n", sdt),
	       !lttng_userspace_probe_location_tracepoint_create(binary, "p",
								 NULL, sdt),
	       !lttng_userspace_probe_location_tracepoint_create(binary, "p",
								 "n", NULL),
	       !lttng_userspace_probe_location_tracepoint_create(binary, "p",
								 "n", elf),
	       !lttng_userspace_probe_location_tracepoint_create(
		       "/nonexistent/binary", "p", "n", sdt));
	lttng_userspace_probe_location_lookup_method_destroy(elf);
	lttng_userspace_probe_location_lookup_method_destroy(sdt);
}

static void user_function(const struct lttng_userspace_probe_location *f,
			  const void *method)
{
	printf("function: type %d path %s name %s fd open %d instrumentation "
	       "%d owns method %d\n",
	       lttng_userspace_probe_location_get_type(f),
	       str(lttng_userspace_probe_location_function_get_binary_path(f)),
	       str(lttng_userspace_probe_location_function_get_function_name(
		       f)),
	       lttng_userspace_probe_location_function_get_binary_fd(f) >= 0,
	       lttng_userspace_probe_location_function_get_instrumentation_type(
		       f),
	       (const void *)lttng_userspace_probe_location_get_lookup_method(
		       f) == method);
	printf("function set instrumentation: entry %d unknown %d null %d\n",
	       lttng_userspace_probe_location_function_set_instrumentation_type(
		       f,
		       LTTNG_USERSPACE_PROBE_LOCATION_FUNCTION_INSTRUMENTATION_TYPE_ENTRY),
	       lttng_userspace_probe_location_function_set_instrumentation_type(
		       f,
		       LTTNG_USERSPACE_PROBE_LOCATION_FUNCTION_INSTRUMENTATION_TYPE_UNKNOWN),
	       lttng_userspace_probe_location_function_set_instrumentation_type(
		       NULL,
		       LTTNG_USERSPACE_PROBE_LOCATION_FUNCTION_INSTRUMENTATION_TYPE_ENTRY));
	printf("function as tracepoint: path %s probe %s provider %s fd %d\n",
	       str(lttng_userspace_probe_location_tracepoint_get_binary_path(
		       f)),
	       str(lttng_userspace_probe_location_tracepoint_get_probe_name(f)),
	       str(lttng_userspace_probe_location_tracepoint_get_provider_name(
		       f)),
	       lttng_userspace_probe_location_tracepoint_get_binary_fd(f));
}

static void user_tracepoint(const struct lttng_userspace_probe_location *t,
			    const void *method)
{
	printf("tracepoint: type %d path %s provider %s probe %s fd open %d "
	       "owns method %d\n",
	       lttng_userspace_probe_location_get_type(t),
	       str(lttng_userspace_probe_location_tracepoint_get_binary_path(
		       t)),
	       str(lttng_userspace_probe_location_tracepoint_get_provider_name(
		       t)),
	       str(lttng_userspace_probe_location_tracepoint_get_probe_name(t)),
	       lttng_userspace_probe_location_tracepoint_get_binary_fd(t) >= 0,
	       (const void *)lttng_userspace_probe_location_get_lookup_method(
		       t) == method);
	printf("tracepoint as function: path %s name %s fd %d "
	       "instrumentation %d\n",
	       str(lttng_userspace_probe_location_function_get_binary_path(t)),
	       str(lttng_userspace_probe_location_function_get_function_name(
		       t)),
	       lttng_userspace_probe_location_function_get_binary_fd(t),
	       lttng_userspace_probe_location_function_get_instrumentation_type(
		       t));
	printf("null location: type %d path %s name %s fd %d "
	       "instrumentation %d provider %s\n",
	       lttng_userspace_probe_location_get_type(NULL),
	       str(lttng_userspace_probe_location_function_get_binary_path(
		       NULL)),
	       str(lttng_userspace_probe_location_function_get_function_name(
		       NULL)),
	       lttng_userspace_probe_location_function_get_binary_fd(NULL),
	       lttng_userspace_probe_location_function_get_instrumentation_type(
		       NULL),
	       str(lttng_userspace_probe_location_tracepoint_get_provider_name(
		       NULL)));
}

/* The event owns the locations handed to it. */
static void event_locations(const char *binary)
{
	struct lttng_userspace_probe_location *f, *t;
	struct lttng_event *event = lttng_event_create();
	struct lttng_event plain = {0};

	f = lttng_userspace_probe_location_function_create(
		binary, "main",
		lttng_userspace_probe_location_lookup_method_function_elf_create());
	t = lttng_userspace_probe_location_tracepoint_create(
		binary, "prov", "probe",
		lttng_userspace_probe_location_lookup_method_tracepoint_sdt_create());
	printf("event: new %d null event %d null location %d\n",
	       lttng_event_get_userspace_probe_location(event) == NULL,
	       lttng_event_set_userspace_probe_location(NULL, f),
	       lttng_event_set_userspace_probe_location(event, NULL));
	/* (printf's arguments are evaluated in no fixed order) */
	printf("event set on a tracepoint event: %d",
	       lttng_event_set_userspace_probe_location(event, f));
	printf(" same %d\n",
	       lttng_event_get_userspace_probe_location(event) == f);
	event->type = LTTNG_EVENT_USERSPACE_PROBE;
	printf("event replaced: %d",
	       lttng_event_set_userspace_probe_location(event, t));
	printf(" same %d null event %d\n",
	       lttng_event_get_userspace_probe_location(event) == t,
	       lttng_event_get_userspace_probe_location(NULL) == NULL);
	printf("event not created: get null %d\n",
	       lttng_event_get_userspace_probe_location(&plain) == NULL);
	lttng_event_destroy(event);
}

static void kernel_locations(void)
{
	struct lttng_kernel_probe_location *sym, *addr, *zero;
	uint64_t value = 77;

	sym = lttng_kernel_probe_location_symbol_create("do_sys_open", 16);
	addr = lttng_kernel_probe_location_address_create(0xffff1234);
	zero = lttng_kernel_probe_location_address_create(0);
	printf("kernel: null symbol %d zero address %d\n",
	       !lttng_kernel_probe_location_symbol_create(NULL, 1),
	       lttng_kernel_probe_location_get_type(zero));
	lttng_kernel_probe_location_destroy(zero);
	printf("kernel types: symbol %d address %d null %d\n",
	       lttng_kernel_probe_location_get_type(sym),
	       lttng_kernel_probe_location_get_type(addr),
	       lttng_kernel_probe_location_get_type(NULL));
	printf("kernel names: %s %s %s\n",
	       str(lttng_kernel_probe_location_symbol_get_name(sym)),
	       str(lttng_kernel_probe_location_symbol_get_name(addr)),
	       str(lttng_kernel_probe_location_symbol_get_name(NULL)));
	printf("kernel offset: %d",
	       lttng_kernel_probe_location_symbol_get_offset(sym, &value));
	printf(" %" PRIu64, value);
	value = 77;
	printf(" of address %d",
	       lttng_kernel_probe_location_symbol_get_offset(addr, &value));
	printf(" %" PRIu64 " null %d\n", value,
	       lttng_kernel_probe_location_symbol_get_offset(NULL, &value));
	printf("kernel address: %d",
	       lttng_kernel_probe_location_address_get_address(addr, &value));
	printf(" %#" PRIx64, value);
	value = 77;
	printf(" of symbol %d",
	       lttng_kernel_probe_location_address_get_address(sym, &value));
	printf(" %" PRIu64 " null %d\n", value,
	       lttng_kernel_probe_location_address_get_address(NULL, &value));
	lttng_kernel_probe_location_destroy(sym);
	lttng_kernel_probe_location_destroy(addr);
	lttng_kernel_probe_location_destroy(NULL);
}

static void log_level_rules(void)
{
	struct lttng_log_level_rule *exactly, *least;
	int level = 99;

	exactly = lttng_log_level_rule_exactly_create(4);
	least = lttng_log_level_rule_at_least_as_severe_as_create(-7);
	printf("log level types: exactly %d at least %d null %d\n",
	       lttng_log_level_rule_get_type(exactly),
	       lttng_log_level_rule_get_type(least),
	       lttng_log_level_rule_get_type(NULL));
	printf("exactly: %d",
	       lttng_log_level_rule_exactly_get_level(exactly, &level));
	printf(" %d", level);
	level = 99;
	printf(" of at least %d",
	       lttng_log_level_rule_exactly_get_level(least, &level));
	printf(" %d null %d\n", level,
	       lttng_log_level_rule_exactly_get_level(NULL, &level));
	printf("at least: %d",
	       lttng_log_level_rule_at_least_as_severe_as_get_level(least,
								    &level));
	printf(" %d", level);
	level = 99;
	printf(" of exactly %d",
	       lttng_log_level_rule_at_least_as_severe_as_get_level(exactly,
								    &level));
	printf(" %d null %d\n", level,
	       lttng_log_level_rule_at_least_as_severe_as_get_level(NULL,
								    &level));
	lttng_log_level_rule_destroy(exactly);
	lttng_log_level_rule_destroy(least);
	lttng_log_level_rule_destroy(NULL);
}

int main(int argc, char **argv)
{
	struct lttng_userspace_probe_location *f, *t;
	struct lttng_userspace_probe_location_lookup_method *elf, *sdt;

	if (argc != 2) {
		fprintf(stderr, "usage: %s BINARY\n", argv[0]);
		return 2;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	user_lookup_methods();
	user_refused(argv[1]);
	elf = lttng_userspace_probe_location_lookup_method_function_elf_create();
	f = lttng_userspace_probe_location_function_create(argv[1], "main",
							   elf);
	user_function(f, elf);
	sdt = lttng_userspace_probe_location_lookup_method_tracepoint_sdt_create();
	t = lttng_userspace_probe_location_tracepoint_create(argv[1], "prov",
							     "probe", sdt);
	user_tracepoint(t, sdt);
	lttng_userspace_probe_location_destroy(f);
	lttng_userspace_probe_location_destroy(t);
	lttng_userspace_probe_location_destroy(NULL);
	event_locations(argv[1]);
	kernel_locations();
	log_level_rules();
	return 0;
}
