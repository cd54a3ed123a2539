/*
 * User space probe locations: where a uprobe is placed in a binary,
 * either a function found through the ELF symbol table or the call
 * sites of an SDT (DTrace-style) probe, and the lookup methods that say
 * which. Values are LTTng's.
 */
#ifndef LTTNG_USERSPACE_PROBE_H
#define LTTNG_USERSPACE_PROBE_H

#ifdef __cplusplus
extern "C" {
#endif

struct lttng_userspace_probe_location_lookup_method;

enum lttng_userspace_probe_location_lookup_method_type {
	LTTNG_USERSPACE_PROBE_LOCATION_LOOKUP_METHOD_TYPE_UNKNOWN = -1,
	LTTNG_USERSPACE_PROBE_LOCATION_LOOKUP_METHOD_TYPE_FUNCTION_DEFAULT = 0,
	LTTNG_USERSPACE_PROBE_LOCATION_LOOKUP_METHOD_TYPE_FUNCTION_ELF = 1,
	LTTNG_USERSPACE_PROBE_LOCATION_LOOKUP_METHOD_TYPE_TRACEPOINT_SDT = 2,
};

/* The method's type; ..._LOOKUP_METHOD_TYPE_UNKNOWN for NULL. */
enum lttng_userspace_probe_location_lookup_method_type
lttng_userspace_probe_location_lookup_method_get_type(
	const struct lttng_userspace_probe_location_lookup_method
		*lookup_method);

/* Frees a method no location owns; NULL is ignored. */
void lttng_userspace_probe_location_lookup_method_destroy(
	struct lttng_userspace_probe_location_lookup_method *lookup_method);

/* Look a function up in the binary's ELF symbols; NULL when out of memory. */
struct lttng_userspace_probe_location_lookup_method *
lttng_userspace_probe_location_lookup_method_function_elf_create(void);

/* Look an SDT probe up in the binary's notes; NULL when out of memory. */
struct lttng_userspace_probe_location_lookup_method *
lttng_userspace_probe_location_lookup_method_tracepoint_sdt_create(void);

struct lttng_userspace_probe_location;

enum lttng_userspace_probe_location_status {
	LTTNG_USERSPACE_PROBE_LOCATION_STATUS_OK = 0,
	LTTNG_USERSPACE_PROBE_LOCATION_STATUS_INVALID = -1,
};

enum lttng_userspace_probe_location_type {
	LTTNG_USERSPACE_PROBE_LOCATION_TYPE_UNKNOWN = -1,
	LTTNG_USERSPACE_PROBE_LOCATION_TYPE_FUNCTION = 0,
	LTTNG_USERSPACE_PROBE_LOCATION_TYPE_TRACEPOINT = 1,
};

/* The location's type; ..._LOCATION_TYPE_UNKNOWN for NULL. */
enum lttng_userspace_probe_location_type
lttng_userspace_probe_location_get_type(
	const struct lttng_userspace_probe_location *location);

/* Frees the location, its lookup method and its binary's fd; NULL ignored. */
void lttng_userspace_probe_location_destroy(
	struct lttng_userspace_probe_location *location);

enum lttng_userspace_probe_location_function_instrumentation_type {
	LTTNG_USERSPACE_PROBE_LOCATION_FUNCTION_INSTRUMENTATION_TYPE_UNKNOWN =
		-1,
	/* The function's entry only. */
	LTTNG_USERSPACE_PROBE_LOCATION_FUNCTION_INSTRUMENTATION_TYPE_ENTRY = 0,
};

/*
 * The function `function_name` of the binary `binary_path`, which is
 * opened read-only here (its descriptor: ..._get_binary_fd()). Returns
 * NULL when an argument is NULL, when lookup_method is not an ELF (or
 * default) function lookup, or when the binary cannot be opened; then
 * the caller still owns lookup_method, else the location does. The
 * instrumentation type starts as ..._INSTRUMENTATION_TYPE_ENTRY.
 */
struct lttng_userspace_probe_location *
lttng_userspace_probe_location_function_create(
	const char *binary_path, const char *function_name,
	struct lttng_userspace_probe_location_lookup_method *lookup_method);

/* The getters below return NULL (or -1) for NULL or another type. */
const char *lttng_userspace_probe_location_function_get_binary_path(
	const struct lttng_userspace_probe_location *location);
const char *lttng_userspace_probe_location_function_get_function_name(
	const struct lttng_userspace_probe_location *location);
int lttng_userspace_probe_location_function_get_binary_fd(
	const struct lttng_userspace_probe_location *location);
enum lttng_userspace_probe_location_function_instrumentation_type
lttng_userspace_probe_location_function_get_instrumentation_type(
	const struct lttng_userspace_probe_location *location);

/* ..._STATUS_INVALID for NULL, another type or an unknown kind. */
enum lttng_userspace_probe_location_status
lttng_userspace_probe_location_function_set_instrumentation_type(
	const struct lttng_userspace_probe_location *location,
	enum lttng_userspace_probe_location_function_instrumentation_type
		instrumentation_type);

/* The lookup method the location owns; NULL for NULL. */
const struct lttng_userspace_probe_location_lookup_method *
lttng_userspace_probe_location_get_lookup_method(
	const struct lttng_userspace_probe_location *location);

/*
 * The call sites of the SDT probe `provider_name:probe_name` in the
 * binary `binary_path` (opened read-only here). Ownership and errors as
 * for ..._function_create(); lookup_method must be an SDT lookup.
 *
 * The provider comes second: LTTng 2.13's header names the second and
 * third parameters the other way round, but its library and its `lttng`
 * command treat the second as the provider, and programs that work with
 * LTTng pass them in this order.
 */
struct lttng_userspace_probe_location *
lttng_userspace_probe_location_tracepoint_create(
	const char *binary_path, const char *provider_name,
	const char *probe_name,
	struct lttng_userspace_probe_location_lookup_method *lookup_method);

const char *lttng_userspace_probe_location_tracepoint_get_binary_path(
	const struct lttng_userspace_probe_location *location);
const char *lttng_userspace_probe_location_tracepoint_get_probe_name(
	const struct lttng_userspace_probe_location *location);
const char *lttng_userspace_probe_location_tracepoint_get_provider_name(
	const struct lttng_userspace_probe_location *location);
int lttng_userspace_probe_location_tracepoint_get_binary_fd(
	const struct lttng_userspace_probe_location *location);

#ifdef __cplusplus
}
#endif

#endif /* LTTNG_USERSPACE_PROBE_H */
