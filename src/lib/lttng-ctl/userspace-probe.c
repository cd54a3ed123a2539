/*
 * User space probe locations (lttng/userspace-probe.h): a binary (kept
 * open from creation, as LTTng does, so that the probe refers to the
 * file the caller named even if the path changes later), a function or
 * an SDT probe in it, and the lookup method the location owns. Events
 * carry them to the session daemon as the location text of
 * lttng/event.h ("elf:PATH:FUNCTION", "sdt:PATH:PROVIDER:NAME").
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ctl-internal.h"
#include "util/log.h"

struct lttng_userspace_probe_location_lookup_method {
	enum lttng_userspace_probe_location_lookup_method_type type;
};

struct lttng_userspace_probe_location {
	enum lttng_userspace_probe_location_type type;
	struct lttng_userspace_probe_location_lookup_method *lookup_method;
	char *binary_path;
	int binary_fd;
	char *function_name; /* FUNCTION */
	enum lttng_userspace_probe_location_function_instrumentation_type
		instrumentation_type; /* FUNCTION */
	char *provider_name;	      /* TRACEPOINT */
	char *probe_name;	      /* TRACEPOINT */
};

static struct lttng_userspace_probe_location_lookup_method *
lookup_method_create(
	enum lttng_userspace_probe_location_lookup_method_type type)
{
	struct lttng_userspace_probe_location_lookup_method *method =
		malloc(sizeof(*method));

	if (method)
		method->type = type;
	return method;
}

LTTNG_API enum lttng_userspace_probe_location_lookup_method_type
lttng_userspace_probe_location_lookup_method_get_type(
	const struct lttng_userspace_probe_location_lookup_method
		*lookup_method)
{
	return lookup_method
		       ? lookup_method->type
		       : LTTNG_USERSPACE_PROBE_LOCATION_LOOKUP_METHOD_TYPE_UNKNOWN;
}

LTTNG_API void lttng_userspace_probe_location_lookup_method_destroy(
	struct lttng_userspace_probe_location_lookup_method *lookup_method)
{
	free(lookup_method);
}

LTTNG_API struct lttng_userspace_probe_location_lookup_method *
lttng_userspace_probe_location_lookup_method_function_elf_create(void)
{
	return lookup_method_create(
		LTTNG_USERSPACE_PROBE_LOCATION_LOOKUP_METHOD_TYPE_FUNCTION_ELF);
}

LTTNG_API struct lttng_userspace_probe_location_lookup_method *
lttng_userspace_probe_location_lookup_method_tracepoint_sdt_create(void)
{
	return lookup_method_create(
		LTTNG_USERSPACE_PROBE_LOCATION_LOOKUP_METHOD_TYPE_TRACEPOINT_SDT);
}

LTTNG_API void lttng_userspace_probe_location_destroy(
	struct lttng_userspace_probe_location *location)
{
	if (!location)
		return;
	if (location->binary_fd >= 0)
		close(location->binary_fd);
	free(location->lookup_method);
	free(location->binary_path);
	free(location->function_name);
	free(location->provider_name);
	free(location->probe_name);
	free(location);
}

/*
 * A location of `type` on binary_path with the two names of its type
 * (the second is NULL for a function), or NULL: the binary cannot be
 * opened, or out of memory. On success it owns lookup_method.
 */
static struct lttng_userspace_probe_location *location_create(
	enum lttng_userspace_probe_location_type type, const char *binary_path,
	const char *name, const char *name2,
	struct lttng_userspace_probe_location_lookup_method *lookup_method)
{
	struct lttng_userspace_probe_location *location =
		calloc(1, sizeof(*location));

	if (!location)
		return NULL;
	location->type = type;
	location->binary_fd = open(binary_path, O_RDONLY | O_CLOEXEC);
	if (location->binary_fd < 0) {
		ERR("Cannot open the binary %s: %s", binary_path,
		    strerror(errno));
		free(location);
		return NULL;
	}
	location->binary_path = strdup(binary_path);
	if (type == LTTNG_USERSPACE_PROBE_LOCATION_TYPE_FUNCTION) {
		location->function_name = strdup(name);
		if (!location->binary_path || !location->function_name)
			goto nomem;
	} else {
		location->provider_name = strdup(name);
		location->probe_name = strdup(name2);
		if (!location->binary_path || !location->provider_name ||
		    !location->probe_name)
			goto nomem;
	}
	location->lookup_method = lookup_method;
	return location;
nomem:
	lttng_userspace_probe_location_destroy(location);
	return NULL;
}

LTTNG_API enum lttng_userspace_probe_location_type
lttng_userspace_probe_location_get_type(
	const struct lttng_userspace_probe_location *location)
{
	return location ? location->type
			: LTTNG_USERSPACE_PROBE_LOCATION_TYPE_UNKNOWN;
}

LTTNG_API const struct lttng_userspace_probe_location_lookup_method *
lttng_userspace_probe_location_get_lookup_method(
	const struct lttng_userspace_probe_location *location)
{
	return location ? location->lookup_method : NULL;
}

LTTNG_API struct lttng_userspace_probe_location *
lttng_userspace_probe_location_function_create(
	const char *binary_path, const char *function_name,
	struct lttng_userspace_probe_location_lookup_method *lookup_method)
{
	enum lttng_userspace_probe_location_lookup_method_type method =
		lttng_userspace_probe_location_lookup_method_get_type(
			lookup_method);

	if (!binary_path || !function_name) {
		ctl_invalid_arguments(__func__);
		return NULL;
	}
	if (method !=
		    LTTNG_USERSPACE_PROBE_LOCATION_LOOKUP_METHOD_TYPE_FUNCTION_ELF &&
	    method !=
		    LTTNG_USERSPACE_PROBE_LOCATION_LOOKUP_METHOD_TYPE_FUNCTION_DEFAULT)
		return NULL;
	return location_create(LTTNG_USERSPACE_PROBE_LOCATION_TYPE_FUNCTION,
			       binary_path, function_name, NULL, lookup_method);
}

LTTNG_API struct lttng_userspace_probe_location *
lttng_userspace_probe_location_tracepoint_create(
	const char *binary_path, const char *provider_name,
	const char *probe_name,
	struct lttng_userspace_probe_location_lookup_method *lookup_method)
{
	if (!binary_path || !provider_name || !probe_name) {
		ctl_invalid_arguments(__func__);
		return NULL;
	}
	if (lttng_userspace_probe_location_lookup_method_get_type(
		    lookup_method) !=
	    LTTNG_USERSPACE_PROBE_LOCATION_LOOKUP_METHOD_TYPE_TRACEPOINT_SDT)
		return NULL;
	return location_create(LTTNG_USERSPACE_PROBE_LOCATION_TYPE_TRACEPOINT,
			       binary_path, provider_name, probe_name,
			       lookup_method);
}

/* location when it is of `type`, else NULL (with LTTng's message). */
static const struct lttng_userspace_probe_location *
location_of_type(const struct lttng_userspace_probe_location *location,
		 enum lttng_userspace_probe_location_type type,
		 const char *function)
{
	if (!location || location->type != type) {
		ctl_invalid_arguments(function);
		return NULL;
	}
	return location;
}

#define FUNCTION_LOCATION(location)                                            \
	location_of_type(location,                                             \
			 LTTNG_USERSPACE_PROBE_LOCATION_TYPE_FUNCTION,         \
			 __func__)
#define TRACEPOINT_LOCATION(location)                                          \
	location_of_type(location,                                             \
			 LTTNG_USERSPACE_PROBE_LOCATION_TYPE_TRACEPOINT,       \
			 __func__)

LTTNG_API const char *lttng_userspace_probe_location_function_get_binary_path(
	const struct lttng_userspace_probe_location *location)
{
	location = FUNCTION_LOCATION(location);
	return location ? location->binary_path : NULL;
}

LTTNG_API const char *lttng_userspace_probe_location_function_get_function_name(
	const struct lttng_userspace_probe_location *location)
{
	location = FUNCTION_LOCATION(location);
	return location ? location->function_name : NULL;
}

LTTNG_API int lttng_userspace_probe_location_function_get_binary_fd(
	const struct lttng_userspace_probe_location *location)
{
	location = FUNCTION_LOCATION(location);
	return location ? location->binary_fd : -1;
}

LTTNG_API enum lttng_userspace_probe_location_function_instrumentation_type
lttng_userspace_probe_location_function_get_instrumentation_type(
	const struct lttng_userspace_probe_location *location)
{
	location = FUNCTION_LOCATION(location);
	return location
		       ? location->instrumentation_type
		       : LTTNG_USERSPACE_PROBE_LOCATION_FUNCTION_INSTRUMENTATION_TYPE_UNKNOWN;
}

/*
 * Entry is the only kind of instrumentation LTTng 2.13 has, so the
 * location (const in LTTng's signature) never needs to change.
 */
LTTNG_API enum lttng_userspace_probe_location_status
lttng_userspace_probe_location_function_set_instrumentation_type(
	const struct lttng_userspace_probe_location *location,
	enum lttng_userspace_probe_location_function_instrumentation_type
		instrumentation_type)
{
	if (!location ||
	    location->type != LTTNG_USERSPACE_PROBE_LOCATION_TYPE_FUNCTION ||
	    instrumentation_type !=
		    LTTNG_USERSPACE_PROBE_LOCATION_FUNCTION_INSTRUMENTATION_TYPE_ENTRY) {
		ctl_invalid_arguments(__func__);
		return LTTNG_USERSPACE_PROBE_LOCATION_STATUS_INVALID;
	}
	return LTTNG_USERSPACE_PROBE_LOCATION_STATUS_OK;
}

LTTNG_API const char *lttng_userspace_probe_location_tracepoint_get_binary_path(
	const struct lttng_userspace_probe_location *location)
{
	location = TRACEPOINT_LOCATION(location);
	return location ? location->binary_path : NULL;
}

LTTNG_API const char *lttng_userspace_probe_location_tracepoint_get_probe_name(
	const struct lttng_userspace_probe_location *location)
{
	location = TRACEPOINT_LOCATION(location);
	return location ? location->probe_name : NULL;
}

LTTNG_API const char *
lttng_userspace_probe_location_tracepoint_get_provider_name(
	const struct lttng_userspace_probe_location *location)
{
	location = TRACEPOINT_LOCATION(location);
	return location ? location->provider_name : NULL;
}

LTTNG_API int lttng_userspace_probe_location_tracepoint_get_binary_fd(
	const struct lttng_userspace_probe_location *location)
{
	location = TRACEPOINT_LOCATION(location);
	return location ? location->binary_fd : -1;
}

int ctl_userspace_probe_location_text(
	const struct lttng_userspace_probe_location *location, char *text,
	size_t size)
{
	int len;

	if (location->type == LTTNG_USERSPACE_PROBE_LOCATION_TYPE_FUNCTION)
		len = snprintf(text, size, "elf:%s:%s", location->binary_path,
			       location->function_name);
	else
		len = snprintf(text, size, "sdt:%s:%s:%s",
			       location->binary_path, location->provider_name,
			       location->probe_name);
	return len < 0 || (size_t)len >= size ? -LTTNG_ERR_INVALID : 0;
}
