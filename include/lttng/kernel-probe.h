/*
 * Kernel probe locations: where a kprobe is placed, given as a symbol
 * plus an offset or as an address. Values are LTTng's.
 */
#ifndef LTTNG_KERNEL_PROBE_H
#define LTTNG_KERNEL_PROBE_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

struct lttng_kernel_probe_location;

enum lttng_kernel_probe_location_status {
	LTTNG_KERNEL_PROBE_LOCATION_STATUS_OK = 0,
	LTTNG_KERNEL_PROBE_LOCATION_STATUS_INVALID = -1,
};

enum lttng_kernel_probe_location_type {
	LTTNG_KERNEL_PROBE_LOCATION_TYPE_UNKNOWN = -1,
	LTTNG_KERNEL_PROBE_LOCATION_TYPE_SYMBOL_OFFSET = 0,
	LTTNG_KERNEL_PROBE_LOCATION_TYPE_ADDRESS = 1,
};

/* The location's type; LTTNG_KERNEL_PROBE_LOCATION_TYPE_UNKNOWN for NULL. */
enum lttng_kernel_probe_location_type lttng_kernel_probe_location_get_type(
	const struct lttng_kernel_probe_location *location);

/* Frees the location; NULL is ignored. */
void lttng_kernel_probe_location_destroy(
	struct lttng_kernel_probe_location *location);

/*
 * `offset` bytes past the kernel symbol `symbol_name` (copied), or NULL
 * for a NULL name or when out of memory. The caller owns the result.
 */
struct lttng_kernel_probe_location *
lttng_kernel_probe_location_symbol_create(const char *symbol_name,
					  uint64_t offset);

/* The symbol of a symbol location; NULL for NULL or an address location. */
const char *lttng_kernel_probe_location_symbol_get_name(
	const struct lttng_kernel_probe_location *location);

/*
 * Sets *offset for a symbol location; ..._STATUS_INVALID (and *offset
 * untouched) for NULL arguments or an address location.
 */
enum lttng_kernel_probe_location_status
lttng_kernel_probe_location_symbol_get_offset(
	const struct lttng_kernel_probe_location *location, uint64_t *offset);

/* The kernel address `address`, or NULL when out of memory. */
struct lttng_kernel_probe_location *
lttng_kernel_probe_location_address_create(uint64_t address);

/*
 * Sets *offset to the address of an address location; ..._STATUS_INVALID
 * (and *offset untouched) for NULL arguments or a symbol location.
 */
enum lttng_kernel_probe_location_status
lttng_kernel_probe_location_address_get_address(
	const struct lttng_kernel_probe_location *location, uint64_t *offset);

#ifdef __cplusplus
}
#endif

#endif /* LTTNG_KERNEL_PROBE_H */
