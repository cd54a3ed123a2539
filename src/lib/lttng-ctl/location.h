/*
 * The trace archive locations liblttng-ctl hands out (rotation and
 * destruction handles own them): local directories only, since this
 * toolkit has no relay daemon output for rotations.
 */
#ifndef LTTNG_CTL_LOCATION_H
#define LTTNG_CTL_LOCATION_H

#include <lttng/location.h>

struct lttng_trace_archive_location {
	enum lttng_trace_archive_location_type type;
	char *absolute_path;
};

/* A local location of a copy of path; NULL when out of memory. */
struct lttng_trace_archive_location *
ctl_location_local_create(const char *path);
void ctl_location_destroy(struct lttng_trace_archive_location *location);

#endif /* LTTNG_CTL_LOCATION_H */
