/*
 * Where a trace chunk archive is (LTTng 2.13 API): a local directory, or
 * a directory of a relay daemon. Locations belong to the handle that
 * gave them.
 */
#ifndef LTTNG_LOCATION_H
#define LTTNG_LOCATION_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum lttng_trace_archive_location_type {
	LTTNG_TRACE_ARCHIVE_LOCATION_TYPE_UNKNOWN = 0,
	LTTNG_TRACE_ARCHIVE_LOCATION_TYPE_LOCAL = 1,
	LTTNG_TRACE_ARCHIVE_LOCATION_TYPE_RELAY = 2,
};

enum lttng_trace_archive_location_status {
	LTTNG_TRACE_ARCHIVE_LOCATION_STATUS_OK = 0,
	LTTNG_TRACE_ARCHIVE_LOCATION_STATUS_INVALID = -1,
	LTTNG_TRACE_ARCHIVE_LOCATION_STATUS_ERROR = -2,
};

enum lttng_trace_archive_location_relay_protocol_type {
	LTTNG_TRACE_ARCHIVE_LOCATION_RELAY_PROTOCOL_TYPE_TCP = 0,
};

struct lttng_trace_archive_location;

enum lttng_trace_archive_location_type lttng_trace_archive_location_get_type(
	const struct lttng_trace_archive_location *location);

/* The absolute path of a local archive (owned by the location). */
enum lttng_trace_archive_location_status
lttng_trace_archive_location_local_get_absolute_path(
	const struct lttng_trace_archive_location *location,
	const char **absolute_path);

enum lttng_trace_archive_location_status
lttng_trace_archive_location_relay_get_host(
	const struct lttng_trace_archive_location *location,
	const char **relay_host);

enum lttng_trace_archive_location_status
lttng_trace_archive_location_relay_get_control_port(
	const struct lttng_trace_archive_location *location,
	uint16_t *control_port);

enum lttng_trace_archive_location_status
lttng_trace_archive_location_relay_get_data_port(
	const struct lttng_trace_archive_location *location,
	uint16_t *data_port);

enum lttng_trace_archive_location_status
lttng_trace_archive_location_relay_get_protocol_type(
	const struct lttng_trace_archive_location *location,
	enum lttng_trace_archive_location_relay_protocol_type *protocol);

/* The path relative to the relay daemon's output (owned by location). */
enum lttng_trace_archive_location_status
lttng_trace_archive_location_relay_get_relative_path(
	const struct lttng_trace_archive_location *location,
	const char **relative_path);

#ifdef __cplusplus
}
#endif

#endif /* LTTNG_LOCATION_H */
