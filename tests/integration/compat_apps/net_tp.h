/* compat_net: every network byte order field macro of lttng-ust(3). */
#undef LTTNG_UST_TRACEPOINT_PROVIDER
#define LTTNG_UST_TRACEPOINT_PROVIDER compat_net

#undef LTTNG_UST_TRACEPOINT_INCLUDE
#define LTTNG_UST_TRACEPOINT_INCLUDE "./net_tp.h"

#if !defined(NET_TP_H) || defined(LTTNG_UST_TRACEPOINT_HEADER_MULTI_READ)
#define NET_TP_H

#include <stdint.h>
#include <lttng/tracepoint.h>

LTTNG_UST_TRACEPOINT_EVENT(compat_net, values,
	LTTNG_UST_TP_ARGS(uint32_t, n32, uint16_t, n16, uint64_t, n64,
			  const uint64_t *, a64, const uint16_t *, a16,
			  const uint32_t *, s32, unsigned int, slen),
	LTTNG_UST_TP_FIELDS(
		lttng_ust_field_integer_network(uint32_t, n32, n32)
		lttng_ust_field_integer_network_hex(uint16_t, n16, n16)
		ctf_integer_network(int64_t, n64, n64)
		lttng_ust_field_array_network(uint64_t, a64, a64, 3)
		lttng_ust_field_array_network_hex(uint16_t, a16, a16, 2)
		lttng_ust_field_sequence_network(uint32_t, s32, s32,
						 unsigned int, slen)
		lttng_ust_field_integer(uint32_t, host, n32)
	)
)

#endif /* NET_TP_H */

#include <lttng/tracepoint-event.h>
