/*
 * liblttng-ust-dl: its provider (lttng-ust-dl(3)): lttng_ust_dl:dlopen,
 * dlmopen, build_id, debug_link and dlclose, with LTTng-UST 2.13's
 * fields. The first argument is the caller's address (not recorded).
 * Built by ustdl.c.
 */
#undef LTTNG_UST_TRACEPOINT_PROVIDER
#define LTTNG_UST_TRACEPOINT_PROVIDER lttng_ust_dl

#undef LTTNG_UST_TRACEPOINT_INCLUDE
#define LTTNG_UST_TRACEPOINT_INCLUDE "./ust-dl-provider.h"

#if !defined(UST_DL_PROVIDER_H) ||                                             \
	defined(LTTNG_UST_TRACEPOINT_HEADER_MULTI_READ)
#define UST_DL_PROVIDER_H

#include <dlfcn.h>
#include <stddef.h>
#include <stdint.h>

#include <lttng/tracepoint.h>

LTTNG_UST_TRACEPOINT_EVENT(lttng_ust_dl, dlopen,
	LTTNG_UST_TP_ARGS(void *, ip, void *, baddr, const char *, path,
			  int, flags, uint64_t, memsz, uint8_t, has_build_id,
			  uint8_t, has_debug_link),
	LTTNG_UST_TP_FIELDS(
		lttng_ust_field_unused(ip)
		lttng_ust_field_integer_hex(void *, baddr, baddr)
		lttng_ust_field_integer(uint64_t, memsz, memsz)
		lttng_ust_field_integer_hex(int, flags, flags)
		lttng_ust_field_string(path, path)
		lttng_ust_field_integer(uint8_t, has_build_id, has_build_id)
		lttng_ust_field_integer(uint8_t, has_debug_link,
					has_debug_link)
	)
)

LTTNG_UST_TRACEPOINT_EVENT(lttng_ust_dl, dlmopen,
	LTTNG_UST_TP_ARGS(void *, ip, void *, baddr, Lmid_t, nsid,
			  const char *, path, int, flags, uint64_t, memsz,
			  uint8_t, has_build_id, uint8_t, has_debug_link),
	LTTNG_UST_TP_FIELDS(
		lttng_ust_field_unused(ip)
		lttng_ust_field_integer_hex(void *, baddr, baddr)
		lttng_ust_field_integer(uint64_t, memsz, memsz)
		lttng_ust_field_integer(Lmid_t, nsid, nsid)
		lttng_ust_field_integer_hex(int, flags, flags)
		lttng_ust_field_string(path, path)
		lttng_ust_field_integer(uint8_t, has_build_id, has_build_id)
		lttng_ust_field_integer(uint8_t, has_debug_link,
					has_debug_link)
	)
)

LTTNG_UST_TRACEPOINT_EVENT(lttng_ust_dl, build_id,
	LTTNG_UST_TP_ARGS(void *, ip, void *, baddr,
			  const uint8_t *, build_id, size_t, build_id_len),
	LTTNG_UST_TP_FIELDS(
		lttng_ust_field_unused(ip)
		lttng_ust_field_integer_hex(void *, baddr, baddr)
		lttng_ust_field_sequence_hex(uint8_t, build_id, build_id,
					     size_t, build_id_len)
	)
)

LTTNG_UST_TRACEPOINT_EVENT(lttng_ust_dl, debug_link,
	LTTNG_UST_TP_ARGS(void *, ip, void *, baddr, const char *, filename,
			  uint32_t, crc),
	LTTNG_UST_TP_FIELDS(
		lttng_ust_field_unused(ip)
		lttng_ust_field_integer_hex(void *, baddr, baddr)
		lttng_ust_field_integer(uint32_t, crc, crc)
		lttng_ust_field_string(filename, filename)
	)
)

LTTNG_UST_TRACEPOINT_EVENT(lttng_ust_dl, dlclose,
	LTTNG_UST_TP_ARGS(void *, ip, void *, baddr),
	LTTNG_UST_TP_FIELDS(
		lttng_ust_field_unused(ip)
		lttng_ust_field_integer_hex(void *, baddr, baddr)
	)
)

#endif /* UST_DL_PROVIDER_H */

#include <lttng/tracepoint-event.h>
