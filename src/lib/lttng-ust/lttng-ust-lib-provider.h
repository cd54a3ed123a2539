/*
 * liblttng-ust: the loaded object tracking provider: lttng_ust_lib:load
 * (with build_id and debug_link) and unload, with LTTng-UST 2.13's
 * fields, recorded when liblttng-ust-dl reports a dlopen() or dlclose()
 * that changed the set of loaded objects. The first argument is the
 * caller's address (not recorded). Built by lib-tracking.c.
 */
#undef LTTNG_UST_TRACEPOINT_PROVIDER
#define LTTNG_UST_TRACEPOINT_PROVIDER lttng_ust_lib

#undef LTTNG_UST_TRACEPOINT_INCLUDE
#define LTTNG_UST_TRACEPOINT_INCLUDE "./lttng-ust-lib-provider.h"

#if !defined(UST_LIB_PROVIDER_H) ||                                            \
	defined(LTTNG_UST_TRACEPOINT_HEADER_MULTI_READ)
#define UST_LIB_PROVIDER_H

#include <stddef.h>
#include <stdint.h>

#include <lttng/tracepoint.h>

LTTNG_UST_TRACEPOINT_EVENT(lttng_ust_lib, load,
	LTTNG_UST_TP_ARGS(void *, ip, void *, baddr, const char *, path,
			  uint64_t, memsz, uint8_t, has_build_id,
			  uint8_t, has_debug_link),
	LTTNG_UST_TP_FIELDS(
		lttng_ust_field_unused(ip)
		lttng_ust_field_integer_hex(void *, baddr, baddr)
		lttng_ust_field_integer(uint64_t, memsz, memsz)
		lttng_ust_field_string(path, path)
		lttng_ust_field_integer(uint8_t, has_build_id, has_build_id)
		lttng_ust_field_integer(uint8_t, has_debug_link,
					has_debug_link)
	)
)

LTTNG_UST_TRACEPOINT_EVENT(lttng_ust_lib, build_id,
	LTTNG_UST_TP_ARGS(void *, ip, void *, baddr,
			  const uint8_t *, build_id, size_t, build_id_len),
	LTTNG_UST_TP_FIELDS(
		lttng_ust_field_unused(ip)
		lttng_ust_field_integer_hex(void *, baddr, baddr)
		lttng_ust_field_sequence_hex(uint8_t, build_id, build_id,
					     size_t, build_id_len)
	)
)

LTTNG_UST_TRACEPOINT_EVENT(lttng_ust_lib, debug_link,
	LTTNG_UST_TP_ARGS(void *, ip, void *, baddr, const char *, filename,
			  uint32_t, crc),
	LTTNG_UST_TP_FIELDS(
		lttng_ust_field_unused(ip)
		lttng_ust_field_integer_hex(void *, baddr, baddr)
		lttng_ust_field_integer(uint32_t, crc, crc)
		lttng_ust_field_string(filename, filename)
	)
)

LTTNG_UST_TRACEPOINT_EVENT(lttng_ust_lib, unload,
	LTTNG_UST_TP_ARGS(void *, ip, void *, baddr),
	LTTNG_UST_TP_FIELDS(
		lttng_ust_field_unused(ip)
		lttng_ust_field_integer_hex(void *, baddr, baddr)
	)
)

#endif /* UST_LIB_PROVIDER_H */

#include <lttng/tracepoint-event.h>
