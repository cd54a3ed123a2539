/*
 * Implementation of location.h and of <lttng/location.h>'s getters.
 */
#include <stdlib.h>
#include <string.h>

#include "ctl-internal.h"
#include "location.h"

struct lttng_trace_archive_location *ctl_location_local_create(const char *path)
{
	struct lttng_trace_archive_location *l = calloc(1, sizeof(*l));

	if (!l)
		return NULL;
	l->type = LTTNG_TRACE_ARCHIVE_LOCATION_TYPE_LOCAL;
	l->absolute_path = strdup(path);
	if (!l->absolute_path) {
		free(l);
		return NULL;
	}
	return l;
}

void ctl_location_destroy(struct lttng_trace_archive_location *location)
{
	if (!location)
		return;
	free(location->absolute_path);
	free(location);
}

LTTNG_API enum lttng_trace_archive_location_type
lttng_trace_archive_location_get_type(
	const struct lttng_trace_archive_location *location)
{
	return location ? location->type
			: LTTNG_TRACE_ARCHIVE_LOCATION_TYPE_UNKNOWN;
}

LTTNG_API enum lttng_trace_archive_location_status
lttng_trace_archive_location_local_get_absolute_path(
	const struct lttng_trace_archive_location *location,
	const char **absolute_path)
{
	if (!location || !absolute_path ||
	    location->type != LTTNG_TRACE_ARCHIVE_LOCATION_TYPE_LOCAL)
		return LTTNG_TRACE_ARCHIVE_LOCATION_STATUS_INVALID;
	*absolute_path = location->absolute_path;
	return LTTNG_TRACE_ARCHIVE_LOCATION_STATUS_OK;
}

/* No location of this toolkit is a relay daemon's. */
static enum lttng_trace_archive_location_status
not_relay(const struct lttng_trace_archive_location *location, const void *out)
{
	(void)location;
	(void)out;
	return LTTNG_TRACE_ARCHIVE_LOCATION_STATUS_INVALID;
}

LTTNG_API enum lttng_trace_archive_location_status
lttng_trace_archive_location_relay_get_host(
	const struct lttng_trace_archive_location *location,
	const char **relay_host)
{
	return not_relay(location, relay_host);
}

LTTNG_API enum lttng_trace_archive_location_status
lttng_trace_archive_location_relay_get_control_port(
	const struct lttng_trace_archive_location *location,
	uint16_t *control_port)
{
	return not_relay(location, control_port);
}

LTTNG_API enum lttng_trace_archive_location_status
lttng_trace_archive_location_relay_get_data_port(
	const struct lttng_trace_archive_location *location,
	uint16_t *data_port)
{
	return not_relay(location, data_port);
}

LTTNG_API enum lttng_trace_archive_location_status
lttng_trace_archive_location_relay_get_protocol_type(
	const struct lttng_trace_archive_location *location,
	enum lttng_trace_archive_location_relay_protocol_type *protocol)
{
	return not_relay(location, protocol);
}

LTTNG_API enum lttng_trace_archive_location_status
lttng_trace_archive_location_relay_get_relative_path(
	const struct lttng_trace_archive_location *location,
	const char **relative_path)
{
	return not_relay(location, relative_path);
}
