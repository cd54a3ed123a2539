/*
 * liblttng-ust: the state dump provider (lttng-ust(3), "LTTng-UST state
 * dump"): lttng_ust_statedump:start, procname, bin_info, build_id,
 * debug_link and end, with LTTng-UST 2.13's fields. The first argument
 * is the session being dumped to (not recorded; the backend records a
 * state dump only in that session, see statedump.h). Built by
 * statedump.c.
 */
#undef LTTNG_UST_TRACEPOINT_PROVIDER
#define LTTNG_UST_TRACEPOINT_PROVIDER lttng_ust_statedump

#undef LTTNG_UST_TRACEPOINT_INCLUDE
#define LTTNG_UST_TRACEPOINT_INCLUDE "./lttng-ust-statedump-provider.h"

#if !defined(UST_STATEDUMP_PROVIDER_H) ||                                      \
	defined(LTTNG_UST_TRACEPOINT_HEADER_MULTI_READ)
#define UST_STATEDUMP_PROVIDER_H

#include <stddef.h>
#include <stdint.h>

#include <lttng/tracepoint.h>

#define UST_STATEDUMP_PROCNAME_LEN 16

LTTNG_UST_TRACEPOINT_EVENT(lttng_ust_statedump, start,
	LTTNG_UST_TP_ARGS(const void *, session),
	LTTNG_UST_TP_FIELDS(lttng_ust_field_unused(session))
)

LTTNG_UST_TRACEPOINT_EVENT(lttng_ust_statedump, bin_info,
	LTTNG_UST_TP_ARGS(const void *, session, void *, baddr,
			  const char *, path, uint64_t, memsz,
			  uint8_t, is_pic, uint8_t, has_build_id,
			  uint8_t, has_debug_link),
	LTTNG_UST_TP_FIELDS(
		lttng_ust_field_unused(session)
		lttng_ust_field_integer_hex(void *, baddr, baddr)
		lttng_ust_field_integer(uint64_t, memsz, memsz)
		lttng_ust_field_string(path, path)
		lttng_ust_field_integer(uint8_t, is_pic, is_pic)
		lttng_ust_field_integer(uint8_t, has_build_id, has_build_id)
		lttng_ust_field_integer(uint8_t, has_debug_link,
					has_debug_link)
	)
)

LTTNG_UST_TRACEPOINT_EVENT(lttng_ust_statedump, build_id,
	LTTNG_UST_TP_ARGS(const void *, session, void *, baddr,
			  const uint8_t *, build_id, size_t, build_id_len),
	LTTNG_UST_TP_FIELDS(
		lttng_ust_field_unused(session)
		lttng_ust_field_integer_hex(void *, baddr, baddr)
		lttng_ust_field_sequence_hex(uint8_t, build_id, build_id,
					     size_t, build_id_len)
	)
)

LTTNG_UST_TRACEPOINT_EVENT(lttng_ust_statedump, debug_link,
	LTTNG_UST_TP_ARGS(const void *, session, void *, baddr,
			  const char *, filename, uint32_t, crc),
	LTTNG_UST_TP_FIELDS(
		lttng_ust_field_unused(session)
		lttng_ust_field_integer_hex(void *, baddr, baddr)
		lttng_ust_field_integer(uint32_t, crc, crc)
		lttng_ust_field_string(filename, filename)
	)
)

LTTNG_UST_TRACEPOINT_EVENT(lttng_ust_statedump, procname,
	LTTNG_UST_TP_ARGS(const void *, session, const char *, name),
	LTTNG_UST_TP_FIELDS(
		lttng_ust_field_unused(session)
		lttng_ust_field_array_text(char, procname, name,
					   UST_STATEDUMP_PROCNAME_LEN)
	)
)

LTTNG_UST_TRACEPOINT_EVENT(lttng_ust_statedump, end,
	LTTNG_UST_TP_ARGS(const void *, session),
	LTTNG_UST_TP_FIELDS(lttng_ust_field_unused(session))
)

#endif /* UST_STATEDUMP_PROVIDER_H */

#include <lttng/tracepoint-event.h>
