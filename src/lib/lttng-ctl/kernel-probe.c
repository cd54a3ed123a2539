/*
 * Kernel probe locations (lttng/kernel-probe.h): a symbol and an offset
 * from it, or an address, owned by the caller until handed to a kprobe
 * event rule.
 */
#include <stdlib.h>
#include <string.h>

#include "ctl-internal.h"

struct lttng_kernel_probe_location {
	enum lttng_kernel_probe_location_type type;
	char *symbol_name; /* SYMBOL_OFFSET only */
	uint64_t value;	   /* the offset, or the address */
};

static struct lttng_kernel_probe_location *
kernel_probe_location_create(enum lttng_kernel_probe_location_type type,
			     const char *symbol_name, uint64_t value)
{
	struct lttng_kernel_probe_location *location =
		calloc(1, sizeof(*location));

	if (!location)
		return NULL;
	location->type = type;
	location->value = value;
	if (symbol_name) {
		location->symbol_name = strdup(symbol_name);
		if (!location->symbol_name) {
			free(location);
			return NULL;
		}
	}
	return location;
}

/* The offset or address of a location of the given type. */
static enum lttng_kernel_probe_location_status kernel_probe_location_get_value(
	const struct lttng_kernel_probe_location *location,
	enum lttng_kernel_probe_location_type type, uint64_t *value,
	const char *function)
{
	if (!location || !value || location->type != type) {
		ctl_invalid_arguments(function);
		return LTTNG_KERNEL_PROBE_LOCATION_STATUS_INVALID;
	}
	*value = location->value;
	return LTTNG_KERNEL_PROBE_LOCATION_STATUS_OK;
}

LTTNG_API enum lttng_kernel_probe_location_type
lttng_kernel_probe_location_get_type(
	const struct lttng_kernel_probe_location *location)
{
	return location ? location->type
			: LTTNG_KERNEL_PROBE_LOCATION_TYPE_UNKNOWN;
}

LTTNG_API void lttng_kernel_probe_location_destroy(
	struct lttng_kernel_probe_location *location)
{
	if (!location)
		return;
	free(location->symbol_name);
	free(location);
}

LTTNG_API struct lttng_kernel_probe_location *
lttng_kernel_probe_location_symbol_create(const char *symbol_name,
					  uint64_t offset)
{
	if (!symbol_name)
		return NULL;
	return kernel_probe_location_create(
		LTTNG_KERNEL_PROBE_LOCATION_TYPE_SYMBOL_OFFSET, symbol_name,
		offset);
}

LTTNG_API const char *lttng_kernel_probe_location_symbol_get_name(
	const struct lttng_kernel_probe_location *location)
{
	if (!location ||
	    location->type != LTTNG_KERNEL_PROBE_LOCATION_TYPE_SYMBOL_OFFSET) {
		ctl_invalid_arguments(__func__);
		return NULL;
	}
	return location->symbol_name;
}

LTTNG_API enum lttng_kernel_probe_location_status
lttng_kernel_probe_location_symbol_get_offset(
	const struct lttng_kernel_probe_location *location, uint64_t *offset)
{
	return kernel_probe_location_get_value(
		location, LTTNG_KERNEL_PROBE_LOCATION_TYPE_SYMBOL_OFFSET,
		offset, __func__);
}

LTTNG_API struct lttng_kernel_probe_location *
lttng_kernel_probe_location_address_create(uint64_t address)
{
	return kernel_probe_location_create(
		LTTNG_KERNEL_PROBE_LOCATION_TYPE_ADDRESS, NULL, address);
}

LTTNG_API enum lttng_kernel_probe_location_status
lttng_kernel_probe_location_address_get_address(
	const struct lttng_kernel_probe_location *location, uint64_t *offset)
{
	return kernel_probe_location_get_value(
		location, LTTNG_KERNEL_PROBE_LOCATION_TYPE_ADDRESS, offset,
		__func__);
}
